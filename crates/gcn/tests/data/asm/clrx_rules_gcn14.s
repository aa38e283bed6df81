# Operand rules clrxasm applies (its message in CLRX_LOSSY.md), GCN 1.4.
.gpu GFX900
scratch_store_dword v21, v218, s5 glc
scratch_store_dword off, v218, off
scratch_store_dword off, v218, exec_hi
scratch_store_dword off, v218, s5 glc
flat_atomic_inc v14, v[254:255], v254 lds glc
v_swap_b32 v254, v95 dst_sel:byte3 dst_unused:sext
v_mac_f16 v255, v1, v15 dst_sel:word1
v_rcp_f32 v254, v14 src1_sel:word0
v_sub_u32 v3, v254, lds dst_sel:word1 src0_sel:word0
v_interp_p2_f32 v6, s1, attr43.w clamp
v_interp_p2_f32 v6, m0, attr43.w clamp
v_interp_p1_f32 v254, v255, attr4.w mul:2
v_interp_p1_f32 v254, v255, attr4.w vop3
image_gather4h v[0:3], v[14:17], s[24:31], s[28:31] dmask:4 unorm glc
v_cmp_neq_f16 s[90:91], sext(60), sext(abs(v12)) src0_sel:byte3 src1_sel:byte1
v_div_fixup_f64 v[84:85], -ttmp[15:16], v[0:1], v[2:3]
s_sendmsg sendmsg(@14, emit-cut, 1)
v_fma_f32 v12, abs(v48), -flat_scratch_lo, -abs(s43)
#### EXPECTED
error: clrx_rules_gcn14.s:3:1: scratch takes a VGPR address or an SGPR base, not both (write 'off' for one)
error: clrx_rules_gcn14.s:4:1: scratch needs a VGPR address or an SGPR base
error: clrx_rules_gcn14.s:5:32: exec_hi cannot be a base here: its code means 'off'
error: clrx_rules_gcn14.s:7:39: lds is only allowed on GLOBAL and SCRATCH instructions
error: clrx_rules_gcn14.s:8:1: v_swap_b32 has no SDWA or DPP form
error: clrx_rules_gcn14.s:9:1: v_mac_f16 has no SDWA form on GCN 1.4 and later
error: clrx_rules_gcn14.s:10:21: v_rcp_f32 has no second source
error: clrx_rules_gcn14.s:11:1: lds (LDS direct) is only a vector ALU source, and not with SDWA
error: clrx_rules_gcn14.s:12:1: v_interp_p2_f32 reads M0: its source is a VGPR or M0
error: clrx_rules_gcn14.s:18:28: TTMP register number out of range
error: clrx_rules_gcn14.s:20:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
