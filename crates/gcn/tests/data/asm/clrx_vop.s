# VOP forms whose words match CLRX's own test expectations (GCN 1.0): symbols as
# literals, VOP3 promotion, omod override, VOP3b carry-out, lds, v_mov_fed_b32, half literals.
# test: disasm
.gpu Pitcairn
vx=7737;    v_add_f32  v154, -vx, v107
v_add_f32  v154, s2, s2
v_add_f32  v154, v21, v107 mul:4 div:2
v_sub_f32  v55, s27, -v90
v_madmk_f32 v154, v21, 6.9551627e+13, v107
v_madak_f32 v154, v21, v107, cxx; cxx=77111
v_add_i32  v55, s[10:11], s27, -v90
v_nop vop3
v_mov_b32  v15, lds
v_mov_b32  v55, v27 clamp
v_mov_b32  v55, -abs(s27)
v_readfirstlane_b32 s30, s79
v_cvt_i32_f64  v55, abs(s[26:27])
v_mov_fed_b32  v158, v79
v_mov_fed_b32  v55, v27 vop3
v_cvt_f32_f16  v158, -23.56
v_mov_b32  v15, vxx; vxx=9
#### EXPECTED
arch GCN1.0
0000: ff d6 34 07 c7 e1 ff ff 9a 00 06 d2 02 04 00 00
0010: 9a 00 06 d2 15 d7 02 18 37 00 08 d2 1b b4 02 40
0020: 15 d7 34 41 00 07 7d 56 15 d7 34 43 37 2d 01 00
0030: 37 0a 4a d2 1b b4 02 40 00 00 00 d3 00 00 00 00
0040: fe 02 1e 7e 37 08 02 d3 1b 01 00 00 37 01 02 d3
0050: 1b 00 00 20 4f 04 3c 7e 37 01 06 d3 1a 00 00 00
0060: 4f 13 3c 7f 37 00 12 d3 1b 01 00 00 ff 16 3c 7f
0070: e4 cd 00 00 ff 02 1e 7e 09 00 00 00
sym cxx = 77111
sym vx = 7737
sym vxx = 9
v_add_f32       v154, 0xffffe1c7, v107
v_add_f32       v154, s2, s2
v_add_f32       v154, v21, v107 div:2
v_sub_f32       v55, s27, -v90
v_madmk_f32     v154, v21, 0x567d0700, v107
v_madak_f32     v154, v21, v107, 0x12d37
v_add_i32       v55, s[10:11], s27, -v90
v_nop           vop3
v_mov_b32       v15, lds
v_mov_b32       v55, v27 clamp
v_mov_b32       v55, -abs(s27)
v_readfirstlane_b32 s30, s79
v_cvt_i32_f64   v55, abs(s[26:27])
v_mov_fed_b32   v158, v79
v_mov_fed_b32   v55, v27 vop3
v_cvt_f32_f16   v158, 0xcde4
v_mov_b32       v15, lit(9)
