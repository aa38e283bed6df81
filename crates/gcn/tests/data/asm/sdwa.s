# SDWA and DPP forms (GCN 1.2+): selects, dst_unused, lane controls, modifiers.
# test: disasm
.gpu Fiji
v_mov_b32 v1, v2 dst_sel:byte1 dst_unused:pad src0_sel:word1
v_add_f32 v1, -v2, |v3| dst_sel:dword src0_sel:b0 src1_sel:w1 clamp
v_add_u32 v1, vcc, sext(v2), v3 src0_sel:byte0
v_cmp_eq_f32 vcc, v2, v3 src0_sel:word1
v_mov_b32_sdwa v5, v6
v_and_b32 v1, v2, v3 dst_unused:preserve dst_sel:word0
v_mov_b32 v1, v2 quad_perm:[3,2,1,0]
v_add_f32 v1, -v2, |v3| row_shl:1 row_mask:0x3 bank_mask:0xc bound_ctrl
v_mov_b32_dpp v1, v2
v_max_i32 v1, v2, v3 row_bcast:31
v_mov_b32 v1, v2 wave_ror:1
#### EXPECTED
arch GCN1.2
0000: f9 02 02 7e 02 01 05 00 f9 06 02 02 02 26 10 25
0010: f9 06 02 32 02 06 08 06 f9 06 84 7c 02 00 05 06
0020: f9 02 0a 7e 06 06 06 00 f9 06 02 26 02 14 06 06
0030: fa 02 02 7e 02 1b 00 ff fa 06 02 02 02 01 99 3c
0040: fa 02 02 7e 02 e4 00 ff fa 06 02 1a 02 43 01 ff
0050: fa 02 02 7e 02 3c 01 ff
v_mov_b32       v1, v2 dst_sel:byte1 src0_sel:word1
v_add_f32       v1, -v2, abs(v3) clamp src0_sel:byte0 src1_sel:word1
v_add_u32       v1, vcc, sext(v2), v3 src0_sel:byte0
v_cmp_eq_f32    vcc, v2, v3 src0_sel:word1
v_mov_b32       v5, v6 sdwa
v_and_b32       v1, v2, v3 dst_sel:word0 dst_unused:preserve
v_mov_b32       v1, v2 quad_perm:[3,2,1,0] bank_mask:15 row_mask:15
v_add_f32       v1, -v2, abs(v3) row_shl:1 bound_ctrl bank_mask:12 row_mask:3
v_mov_b32       v1, v2 quad_perm:[0,1,2,3] bank_mask:15 row_mask:15
v_max_i32       v1, v2, v3 row_bcast31 bank_mask:15 row_mask:15
v_mov_b32       v1, v2 wave_ror bank_mask:15 row_mask:15
