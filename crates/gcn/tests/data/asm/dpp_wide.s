# DPP moves 32-bit lanes: clrxasm refuses it on instructions with a 64-bit operand
# ("DPP encoding is illegal for this instruction", ../shared/oracles/clrx/asm rows).
.gpu Fiji
v_fract_f64     v[84:85], v[13:14] row_bcast31 bank_mask:2 row_mask:4
v_frexp_exp_i32_f64 v255, v[2:3] quad_perm:[2,1,2,3]
v_cvt_f64_f32   v[101:102], v5 wave_rol:1
v_cmp_eq_i64    vcc, -abs(v[14:15]), v[254:255] quad_perm:[2,3,3,1]
v_add_f64       v[0:1], v[2:3], v[4:5] dpp
# 32-bit operands (VCC aside) keep DPP.
v_cmp_eq_f32    vcc, v1, v2 quad_perm:[2,3,3,1]
v_cndmask_b32   v1, v2, v3, vcc row_shr:1
#### EXPECTED
error: dpp_wide.s:4:1: DPP is illegal for v_fract_f64: it takes only 32-bit operands
error: dpp_wide.s:5:1: DPP is illegal for v_frexp_exp_i32_f64: it takes only 32-bit operands
error: dpp_wide.s:6:1: DPP is illegal for v_cvt_f64_f32: it takes only 32-bit operands
error: dpp_wide.s:7:1: DPP is illegal for v_cmp_eq_i64: it takes only 32-bit operands
error: dpp_wide.s:8:40: modifier 'dpp' is not allowed for v_add_f64
