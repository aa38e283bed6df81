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
.gpu pitcairn
v_fract_f64     v[15:16], s[33:34]
v_cmpx_lg_f64   vcc, s[89:90], v[12:13]
v_cmp_tru_u64   vcc, s[1:2], v[8:9]
v_qsad_u8       v[13:14], ttmp[4:5], abs(v203), abs(v[1:2])
v_cmpx_class_f64 vcc, 28, v[1:2]
v_mqsad_u8      v[222:223], 29, -9, v[35:36] div:2
v_div_scale_f32 v65, s[0:1], v234, v2, v87 div:2
#### EXPECTED
arch GCN1.0
0000: 21 7c 1e 7e 59 18 6a 7c 01 10 ce 7d 0d 06 e4 d2
0010: 74 96 07 04 9c 02 70 7d de 00 e6 d2 9d 92 8d 1c
0020: 41 00 da d2 ea 05 5e 1d
v_fract_f64     v[15:16], s[33:34]
v_cmpx_lg_f64   vcc, s[89:90], v[12:13]
v_cmp_tru_u64   vcc, s[1:2], v[8:9]
v_qsad_u8       v[13:14], ttmp[4:5], abs(v203), abs(v[1:2])
v_cmpx_class_f64 vcc, 28, v[1:2]
v_mqsad_u8      v[222:223], 29, -9, v[35:36] div:2
v_div_scale_f32 v65, s[0:1], v234, v2, v87 div:2
