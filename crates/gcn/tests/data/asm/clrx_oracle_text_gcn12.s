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
# `buffer_store_format_xy v[5:7], v0, ...` (no offen/idxen: CLRX names the unused
# address v0) is clrxdisasm's text for e01440ef cc800500 (clrx_oracle/tonga.tsv).
# test: disasm
.gpu tonga
v_fract_f16     v208, lit(-16)
tbuffer_load_format_d16_xyz v[162:164], v212, s[36:39], s52 offset:138 glc format:[2_10_10_10]
tbuffer_load_format_xyzw v[99:103], v[254:255], ttmp[4:7], s32 offen idxen offset:1014 glc tfe format:[10_10_10_2,sint]
v_mad_i32_i24   v2, abs(vcc_lo), abs(v224), v80 mul:4 clamp
v_cmpx_tru_i16  vcc, v0, v255
v_cmpx_lg_u16   vcc, 0xe85763a3, v254
v_min_f16       v236, v2, v11 quad_perm:[2,0,1,0] bound_ctrl bank_mask:15 row_mask:15
s_getreg_regrd_b32 s12, hwreg(@14, 17, 4)
v_cmp_ge_i16    vcc, v1, -v14 dst_sel:word1 dst_unused:preserve src0_sel:byte1 src1_sel:byte1
s_set_gpr_idx_on s87, 0x39
buffer_store_format_xy v[5:7], v0, s[0:3], -12 offset:239 glc tfe
#### EXPECTED
arch GCN1.2
0000: ff 90 a0 7f f0 ff ff ff 8a 40 4d e8 d4 a2 09 34
0010: f6 f3 c1 ea fe 63 9d 20 02 83 c2 d1 6a c0 43 15
0020: 00 ff 6f 7d ff fc 7b 7d a3 63 57 e8 fa 16 d8 5d
0030: 02 12 08 ff 4e 1c 8c b9 f9 1c 4c 7d 01 15 01 11
0040: 57 39 11 bf ef 40 14 e0 00 05 80 cc
v_fract_f16     v208, lit(-16)
tbuffer_load_format_d16_xyz v[162:164], v212, s[36:39], s52 offset:138 glc format:[2_10_10_10]
tbuffer_load_format_xyzw v[99:103], v[254:255], ttmp[4:7], s32 offen idxen offset:1014 glc tfe format:[10_10_10_2,sint]
v_mad_i32_i24   v2, abs(vcc_lo), abs(v224), v80 mul:4 clamp
v_cmpx_tru_i16  vcc, v0, v255
v_cmpx_lg_u16   vcc, 0xe85763a3, v254
v_min_f16       v236, v2, v11 quad_perm:[2,0,1,0] bound_ctrl bank_mask:15 row_mask:15
s_getreg_regrd_b32 s12, hwreg(@14, 17, 4)
v_cmp_ge_i16    vcc, v1, -v14 dst_sel:word1 dst_unused:preserve src0_sel:byte1 src1_sel:byte1
s_set_gpr_idx_on s87, 0x39
buffer_store_format_xy v[5:7], v0, s[0:3], -12 offset:239 glc tfe
