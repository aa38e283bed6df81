# Register variables in straight code (see asm/regalloc.rs): each variable takes the
# lowest register free of the registers the code names directly (v0, s[0:1] here) and
# of the variables live at the same time; a register is reused once its variable is
# dead (`c` takes `a`'s register: `a` is last read where `c` is written), but a result
# of several registers keeps apart from what its instruction reads (`q` from `p`).
# test: disasm
.gpu Tonga
.regvar a:v, b:v, c:v, p:s:2, q:s:4, keep:v
    s_mov_b64 p, s[0:1]
    v_mov_b32 keep, 0
    v_mov_b32 a, 1.0
    v_mov_b32 b, 2.0
    v_add_f32 c, a, b
    s_load_dwordx4 q, p, 0
    s_waitcnt lgkmcnt(0)
    v_mul_f32 a, c, q[3]
    v_add_f32 v0, a, keep
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: 00 01 82 be 80 02 02 7e f2 02 04 7e f4 02 06 7e
0010: 02 07 04 02 01 01 0a c0 00 00 00 00 7f 00 8c bf
0020: 02 00 05 d1 02 0f 00 00 02 03 00 02 00 00 81 bf
s_mov_b64       s[2:3], s[0:1]
v_mov_b32       v1, 0
v_mov_b32       v2, 1.0
v_mov_b32       v3, 2.0
v_add_f32       v2, v2, v3
s_load_dwordx4  s[4:7], s[2:3], 0x0
s_waitcnt       lgkmcnt(0)
v_mul_f32       v2, v2, s7
v_add_f32       v0, v2, v1
s_endpgm
