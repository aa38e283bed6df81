# clrxasm's scalar-read rule for GCN 1.0-1.4 VALU instructions (clrxasm oracle rows of
# ../shared/oracles/clrx/asm): one SGPR (VCC and the implicit VCC of VOP2 carries,
# v_cndmask and v_div_fmas included), no literal beside an SGPR or M0. TTMP, M0 and
# the like beside an SGPR are accepted with the hardware warning, as clrxasm accepts them.
.gpu Bonaire
v_add_f32 v1, s2, s4 vop3
v_fma_f32       v10, -0.5, -abs(s43), -abs(s29) clamp
v_cndmask_b32   v0, s0, v34, vcc
v_addc_u32      v73, vcc, s53, v30, vcc
v_writelane_b32 v255, s101, s22
v_readlane_b32  s43, 0xbc00, s23
v_writelane_b32 v254, s76, lit(0)
v_div_fmas_f64  v[167:168], s[86:87], v[4:5], s[2:3]
v_div_fmas_f32  v12, -abs(v118), -abs(v196), -abs(s62)
# accepted: one SGPR read twice, literal with implicit VCC, TTMP/M0 beside an SGPR, madak
v_add_f32 v1, s2, s2 vop3
v_cndmask_b32   v7, 0x79b3cd1d, v11, vcc
v_cndmask_b32   v0, ttmp0, v71, vcc vop3
v_max3_f32      v189, s83, -v9, abs(m0) clamp
v_madak_f32     v49, s88, v204, 0xd00fce0b
v_div_fmas_f32  v7, v121, 0.5, ttmp6 div:2
#### EXPECTED
error: scalar_reads.s:6:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: scalar_reads.s:7:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: scalar_reads.s:8:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: scalar_reads.s:9:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: scalar_reads.s:10:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: scalar_reads.s:11:22: a literal is not allowed in this operand
error: scalar_reads.s:12:28: a literal is not allowed in this operand
error: scalar_reads.s:13:1: no SGPR can be read by v_div_fmas_*, which reads VCC (GCN 1.0-1.4)
error: scalar_reads.s:14:1: no SGPR can be read by v_div_fmas_*, which reads VCC (GCN 1.0-1.4)
warning: scalar_reads.s:17:1: more than one SGPR or literal read in this instruction
warning: scalar_reads.s:18:1: more than one SGPR or literal read in this instruction
warning: scalar_reads.s:19:1: more than one SGPR or literal read in this instruction
warning: scalar_reads.s:20:1: more than one SGPR or literal read in this instruction
