# GCN 1.4 forms whose words match CLRX's own test expectations: src_* aliases, ttmp15,
# GCN 1.4 hwreg/sendmsg names, flags with :0/:1, SMEM soe offsets, sext() implying SDWA.
# test: disasm
.gpu GFX900
s_add_u32 s21, src_execz, s61
s_add_u32 ttmp15, s4, s61
s_getreg_b32    s43, hwreg(sq_shader_tma_hi, 0, 1)
s_getreg_b32    s43, hwreg(HWREG_FLUSH_IB, 0, 1)
s_sendmsg  sendmsg(MSG_GET_DOORBELL)
s_sendmsg  sendmsg(halt_waves)
s_waitcnt       vmcnt(54) & expcnt(3) & lgkmcnt(13)
s_load_dword    s50, s[58:59], s91 glc:0 nv:0
s_load_dword    s50, s[58:59], 0x5b nv glc
s_load_dword    s50, s[58:59], s25 offset:0x13da5b
s_load_dword    s50, s[58:59], s25 offset:0x33da5b
s_atomic_cmpswap_x2 s[52:55], s[60:61], 0x5b
s_call_b64 s[44:45], xxxx+8
xxxx:
s_endpgm_ordered_ps_done
v_add_f32   v154, v61, vcc_hi dst_sel:byte0 src0_sel:byte0 src1_sel:byte0
v_add_f32   v154, s61, v107 dst_sel:byte0 src0_sel:byte0 src1_sel:byte0
v_cndmask_b32   v154, sext(-abs(v65)), v107, vcc mul:2
v_add_f32   v154, sext(-abs(v65)), vcc_hi
#### EXPECTED
warning: clrx_gfx9.s:15:36: value 0x33da5b truncated to 0x13da5b
arch GCN1.4
0000: fc 3d 15 80 04 3d 7b 80 13 00 ab b8 0e 00 ab b8
0010: 0a 00 90 bf 06 00 90 bf 36 cd 8c bf 9d 0c 00 c0
0020: 5b 00 00 00 9d 8c 03 c0 5b 00 00 00 9d 4c 02 c0
0030: 5b da 13 32 9d 4c 02 c0 5b da 13 32 1e 0d 86 c2
0040: 5b 00 00 00 02 00 ac ba 00 00 9e bf f9 d6 34 03
0050: 3d 00 00 80 f9 d6 34 03 3d 00 80 00 f9 d6 34 01
0060: 41 46 3e 06 f9 d6 34 03 41 06 3e 86
sym xxxx = 72
.L80_0 = 80
s_add_u32       s21, execz, s61
s_add_u32       ttmp15, s4, s61
s_getreg_b32    s43, hwreg(sq_shader_tma_hi, 0, 1)
s_getreg_b32    s43, hwreg(flush_ib, 0, 1)
s_sendmsg       sendmsg(get_doorbell)
s_sendmsg       sendmsg(halt_waves)
s_waitcnt       vmcnt(54) & expcnt(3) & lgkmcnt(13)
s_load_dword    s50, s[58:59], s91
s_load_dword    s50, s[58:59], 0x5b glc nv
s_load_dword    s50, s[58:59], s25 offset:0x13da5b
s_load_dword    s50, s[58:59], s25 offset:0x13da5b
s_atomic_cmpswap_x2 s[52:55], s[60:61], 0x5b
s_call_b64      s[44:45], .L80_0
s_endpgm_ordered_ps_done
v_add_f32       v154, v61, vcc_hi dst_sel:byte0 src0_sel:byte0 src1_sel:byte0
v_add_f32       v154, s61, v107 dst_sel:byte0 src0_sel:byte0 src1_sel:byte0
v_cndmask_b32   v154, sext(-abs(v65)), v107, vcc mul:2
v_add_f32       v154, sext(-abs(v65)), vcc_hi
