# Operand rules clrxasm applies (its message in CLRX_LOSSY.md), GCN 1.0.
.gpu Pitcairn
s_load_dwordx4 s[42:45], s[66:67], s17
s_cbranch_i_fork s[27:28], 0
buffer_store_dword v37, v199, s[56:59], 0 offen idxen
buffer_load_dword v204, v164, s[88:91], s1 addr64
tbuffer_load_format_x v5, v255, s[52:55], 0 format:[reserved,sint]
v_readlane_b32 s17, v228, v1
s_flbit_i32_i64 s76, lds
v_writelane_b32 v255, -4.0, lds
s_getreg_b32 s1, hwreg(sh_mem_bases, 6, 28)
s_sendmsg sendmsg(MSG_SAVEWAVE)
v_cndmask_b32 v203, v58, s26, v[2:3] div:2
v_subbrev_u32 v15, s[0:1], v1, v2, 4.0
v_madak_f32 v255, 0x3f000000, v9, 3.5
v_madak_f32 v255, 0x3f000000, v9, 0x3f000000
v_mad_u32_u24 v15, ttmp9, s61, v112
#### EXPECTED
error: clrx_rules_gcn10.s:3:16: unaligned scalar register range
error: clrx_rules_gcn10.s:4:18: unaligned scalar register range
error: clrx_rules_gcn10.s:5:25: expected 2 VGPRs for the address (idxen with offen, or addr64)
error: clrx_rules_gcn10.s:6:25: expected 2 VGPRs for the address (idxen with offen, or addr64)
error: clrx_rules_gcn10.s:7:45: data format 15 is reserved
error: clrx_rules_gcn10.s:8:1: the lane select is a scalar register, M0 or a constant
error: clrx_rules_gcn10.s:9:1: lds (LDS direct) is only a vector ALU source, not of this instruction
error: clrx_rules_gcn10.s:10:1: lds (LDS direct) is only a vector ALU source, not of this instruction
error: clrx_rules_gcn10.s:11:23: hwreg 'sh_mem_bases' does not exist on GCN1.0
error: clrx_rules_gcn10.s:12:18: message 'savewave' does not exist on GCN1.0
error: clrx_rules_gcn10.s:13:1: the lane mask of v_cndmask_b32 is a scalar register pair
error: clrx_rules_gcn10.s:14:1: the lane mask of v_subbrev_u32 is a scalar register pair
warning: clrx_rules_gcn10.s:15:1: more than one SGPR or literal read in this instruction
error: clrx_rules_gcn10.s:15:1: only one literal is allowed per instruction
warning: clrx_rules_gcn10.s:16:1: more than one SGPR or literal read in this instruction
warning: clrx_rules_gcn10.s:17:1: more than one SGPR or literal read in this instruction
