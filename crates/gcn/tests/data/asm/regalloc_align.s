# SGPR variables are placed where every operand naming them is aligned as the
# instruction requires: pairs on 2, four and more registers on 4 (`one` is still live,
# so `pair` skips s1). A subscript moves the rule: `w[1:2]` used as a pair puts `w`
# on an odd register. VGPR ranges need no alignment.
# test: disasm
.gpu Tonga
.regvar one:s, pair:s:2, quad:s:4, oct:s:8, w:s:3, vv:v:3
    s_mov_b32 one, 0
    s_mov_b64 pair, 0
    s_load_dwordx4 quad, pair, 0
    s_load_dwordx8 oct, pair, 0x10
    s_waitcnt lgkmcnt(0)
    s_add_u32 one, one, quad[3]
    s_add_u32 one, one, oct[7]
    s_mov_b64 w[1:2], 0
    s_add_u32 one, one, w[2]
    s_add_u32 w[0], one, w[1]
    v_mov_b32 vv[0], 1.0
    v_mov_b32 vv[2], one
    v_add_f64 vv[1:2], vv[0:1], vv[1:2]
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: 80 00 80 be 80 01 82 be 01 01 0a c0 00 00 00 00
0010: 01 02 0e c0 10 00 00 00 7f 00 8c bf 00 07 00 80
0020: 00 0f 00 80 80 01 82 be 00 03 00 80 00 02 01 80
0030: f2 02 00 7e 00 02 04 7e 01 00 80 d2 00 03 02 00
0040: 00 00 81 bf
s_mov_b32       s0, 0
s_mov_b64       s[2:3], 0
s_load_dwordx4  s[4:7], s[2:3], 0x0
s_load_dwordx8  s[8:15], s[2:3], 0x10
s_waitcnt       lgkmcnt(0)
s_add_u32       s0, s0, s7
s_add_u32       s0, s0, s15
s_mov_b64       s[2:3], 0
s_add_u32       s0, s0, s3
s_add_u32       s1, s0, s2
v_mov_b32       v0, 1.0
v_mov_b32       v2, s0
v_add_f64       v[1:2], v[0:1], v[1:2]
s_endpgm
