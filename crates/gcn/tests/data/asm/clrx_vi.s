# GCN 1.2 SMEM, SDWA and DPP forms whose words match CLRX's own test expectations:
# truncation warnings, numeric/abbreviated selects, sext/neg/abs bitmasks, DPP aliases.
# test: disasm
.gpu Tonga
xx=0x14dca7; s_load_dword  s50, s[58:59], xx
s_load_dword  s50, s[58:59], yy;yy=0x14dca7
s_dcache_inv   glc
s_atc_probe  0x32, s[58:59], 0xfff5b
s_atc_probe  0xb2, s[58:59], 0xfff5b
v_cndmask_b32   v154, v0, v107, vcc dst_sel:byte_0 src0_sel:BYTE_0 src1_sel:b0
v_cndmask_b32   v154, v65, v107, vcc dst_sel:@5 src0_sel:@4 src1_sel:@6
v_cndmask_b32   v154, v65, v107, vcc dst_un:preserve
v_cndmask_b32   v154, v65, v107, vcc dst_unused : SEXT
v_cndmask_b32   v154, sext(-abs(v65)), v107, vcc dst_sel:word1
v_cndmask_b32   v154, v65, v107, vcc dst_sel:word1 sext:2 neg:2 abs:2
v_cndmask_b32   v154, v65, v107, vcc dst_sel:word1 sext:[0,1] neg:[0,1]
v_cndmask_b32   v154, abs(v65), v107, vcc clamp dst_sel:word1
v_cndmask_b32_dpp  v154, v190, v107, vcc
v_cndmask_b32  v154, v190, v107, vcc quad_perm :  [ 2  , 1 , 0  , 3  ] bank_mask  : 14 row_mask  :  11
v_cndmask_b32  v154, v190, v107, vcc wave_shl
v_cndmask_b32  v154, v190, v107, vcc row_hmirror
v_cndmask_b32  v154, v190, v107, vcc row_bcast15
v_cndmask_b32  v154, -v190, -abs(v107), vcc row_shl:3
#### EXPECTED
warning: clrx_vi.s:5:43: value 0x14dca7 truncated to 0x4dca7
warning: clrx_vi.s:9:14: value 0xb2 truncated to 0x32
warning: clrx_vi.s:6:30: value 0x14dca7 truncated to 0x4dca7
arch GCN1.2
0000: 9d 0c 02 c0 a7 dc 04 00 9d 0c 02 c0 a7 dc 04 00
0010: 00 00 81 c0 00 00 00 00 9d 0c 9a c0 5b ff 0f 00
0020: 9d 0c 9a c0 5b ff 0f 00 f9 d6 34 01 00 00 00 00
0030: f9 d6 34 01 41 05 04 06 f9 d6 34 01 41 16 06 06
0040: f9 d6 34 01 41 0e 06 06 f9 d6 34 01 41 05 3e 06
0050: f9 d6 34 01 41 05 06 3e f9 d6 34 01 41 05 06 1e
0060: f9 d6 34 01 41 25 26 06 fa d6 34 01 be e4 00 ff
0070: fa d6 34 01 be c6 00 be fa d6 34 01 be 30 01 ff
0080: fa d6 34 01 be 41 01 ff fa d6 34 01 be 42 01 ff
0090: fa d6 34 01 be 03 d1 ff
sym xx = 1367207
sym yy = 1367207
s_load_dword    s50, s[58:59], 0x4dca7
s_load_dword    s50, s[58:59], 0x4dca7
s_dcache_inv    glc
s_atc_probe     0x32, s[58:59], 0xfff5b
s_atc_probe     0x32, s[58:59], 0xfff5b
v_cndmask_b32   v154, v0, v107, vcc dst_sel:byte0 src0_sel:byte0 src1_sel:byte0
v_cndmask_b32   v154, v65, v107, vcc dst_sel:word1 src0_sel:word0
v_cndmask_b32   v154, v65, v107, vcc dst_unused:preserve
v_cndmask_b32   v154, v65, v107, vcc dst_unused:sext
v_cndmask_b32   v154, sext(-abs(v65)), v107, vcc dst_sel:word1
v_cndmask_b32   v154, v65, sext(-abs(v107)), vcc dst_sel:word1
v_cndmask_b32   v154, v65, sext(-v107), vcc dst_sel:word1
v_cndmask_b32   v154, abs(v65), v107, vcc clamp dst_sel:word1
v_cndmask_b32   v154, v190, v107, vcc quad_perm:[0,1,2,3] bank_mask:15 row_mask:15
v_cndmask_b32   v154, v190, v107, vcc quad_perm:[2,1,0,3] bank_mask:14 row_mask:11
v_cndmask_b32   v154, v190, v107, vcc wave_shl bank_mask:15 row_mask:15
v_cndmask_b32   v154, v190, v107, vcc row_half_mirror bank_mask:15 row_mask:15
v_cndmask_b32   v154, v190, v107, vcc row_bcast15 bank_mask:15 row_mask:15
v_cndmask_b32   v154, -v190, -abs(v107), vcc row_shl:3 bank_mask:15 row_mask:15
