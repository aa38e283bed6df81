# Lines clrxasm assembled in ../shared/oracles/clrx/asm/<gpu>.tsv (their bytes are
# clrxasm's), written as clrxdisasm prints them: the disassembly below must be the same
# text. Covers: an unaligned SGPR pair as the first source of VOPC/VOP1 (kept in the
# short encoding), CLRX's lg/tru names of integer compares, lit(decimal), abs(),
# VOP3 modifiers as op_sel/omod/clamp, MTBUF modifiers before format:[...] with its
# defaults left out, both DPP masks, unnamed hwreg ids as @N, the 64-bit class mask of
# v_cmp*_class_f64, GCN 1.0 v_qsad_u8, GCN 1.4 s_mov_regrd/fed_b32 and a16 with an
# 8-register resource, dst_sel/dst_unused of a GCN 1.2 SDWA compare, GCN 1.0
# v_mqsad_u8, the 8-bit mode field of s_set_gpr_idx_on, v_div_scale_f32, SDWA omod
# before clamp.
# test: disasm
.gpu gfx900
s_mov_regrd_b32 s7, 57
s_mov_fed_b32   ttmp3, s82
image_sample_c_d_cl_o v182, v[8:13], s[68:75], s[40:43] dmask:4 a16 lwe d16
flat_atomic_umin v231, v[151:152], v189 inst_offset:3828 glc slc nv
global_atomic_cmpswap_x2 v[13:14], v255, v[2:5], s[24:25] inst_offset:2508 glc
v_add_u32       v254, 1.0, sext(-v254) mul:4 clamp dst_sel:byte2 dst_unused:sext src0_sel:byte0 src1_sel:byte2
#### EXPECTED
arch GCN1.4
0000: b9 2f 87 be 52 31 ef be 00 84 ee f0 08 b6 51 81
0010: f4 0e 17 dd 97 bd 80 e7 cc 89 85 dd ff 02 18 0d
0020: f9 fc fd 69 f2 aa 80 1a
s_mov_regrd_b32 s7, 57
s_mov_fed_b32   ttmp3, s82
image_sample_c_d_cl_o v182, v[8:13], s[68:75], s[40:43] dmask:4 a16 lwe d16
flat_atomic_umin v231, v[151:152], v189 inst_offset:3828 glc slc nv
global_atomic_cmpswap_x2 v[13:14], v255, v[2:5], s[24:25] inst_offset:2508 glc
v_add_u32       v254, 1.0, sext(-v254) mul:4 clamp dst_sel:byte2 dst_unused:sext src0_sel:byte0 src1_sel:byte2
