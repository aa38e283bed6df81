# SOPK/SOPP/SMRD details whose words match CLRX's own test expectations (GCN 1.0):
# waitcnt masking and overrides, HWREG_/MSG_/GS_OP_ names, SMRD offset truncation.
# test: disasm
.gpu Pitcairn
s_waitcnt  vmcnt(33) & expcnt(10) & lgkmcnt(27)
s_waitcnt  vmcnt(14) & expcnt(2)&vmcnt(12)
s_getreg_b32    s43, hwreg(HWREG_TRAPSTS, 0, 1)
s_sendmsg  sendmsg(MSG_GS, GS_OP_EMIT_CUT, 3)
s_sendmsg  sendmsg(gs, cut, 122)
s0=3191; s_load_dword    s50, s[58:59], @s0
s_load_dword    s50, s[58:59], @s1; s1=3191
s_cbranch_i_fork s[44:45], xxxx-8
xxxx:
s_setreg_imm32_b32 hwreg(trapsts, 3, 10), xx; xx=0x24da4f
#### EXPECTED
warning: clrx_scalar.s:5:12: vmcnt value out of range (0-15)
warning: clrx_scalar.s:5:24: expcnt value out of range (0-7)
warning: clrx_scalar.s:5:37: lgkmcnt value out of range (0-15)
warning: clrx_scalar.s:6:34: vmcnt was already defined
warning: clrx_scalar.s:9:19: stream id (3rd argument) out of range
warning: clrx_scalar.s:10:41: value 0xc77 truncated to 0x77
warning: clrx_scalar.s:11:33: value 0xc77 truncated to 0x77
arch GCN1.0
0000: 21 0b 8c bf 2c 0f 8c bf 03 00 2b b9 32 03 90 bf
0010: 12 02 90 bf 77 3b 19 c0 77 3b 19 c0 fe ff ac b8
0020: c3 48 80 ba 4f da 24 00
sym s0 = 3191
sym s1 = 3191
sym xx = 2415183
sym xxxx = 32
s_waitcnt       vmcnt(1) & expcnt(2) & lgkmcnt(11)
s_waitcnt       vmcnt(12) & expcnt(2)
s_getreg_b32    s43, hwreg(trapsts, 0, 1)
s_sendmsg       sendmsg(gs, emit-cut, 3)
s_sendmsg       sendmsg(gs, cut, 2)
s_load_dword    s50, s[58:59], 0x77
.L24_0:
s_load_dword    s50, s[58:59], 0x77
s_cbranch_i_fork s[44:45], .L24_0
s_setreg_imm32_b32 hwreg(trapsts, 3, 10), 0x24da4f
