# A branch diamond: `a` (then) and `b` (else) live on different paths and share a
# register; `c` is live into both arms until its last read there; `r`, written in both
# arms and read after the join, interferes with nothing (each arm's other values are
# dead where `r` is written) and takes the lowest register.
# test: disasm
.gpu Tonga
.regvar c:v, a:v, b:v, r:v
    v_mov_b32 c, 1.0
    s_cmp_eq_u32 s0, 0
    s_cbranch_scc1 else
    v_mov_b32 a, 2.0
    v_add_f32 r, a, c
    s_branch join
else:
    v_mov_b32 b, 3.0
    v_mul_f32 r, b, c
join:
    v_mov_b32 v9, r
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: f2 02 00 7e 00 80 06 bf 03 00 85 bf f4 02 02 7e
0010: 01 01 00 02 03 00 82 bf ff 02 02 7e 00 00 40 40
0020: 01 01 00 0a 00 03 12 7e 00 00 81 bf
sym else = 24
sym join = 36
v_mov_b32       v0, 1.0
s_cmp_eq_u32    s0, 0
s_cbranch_scc1  .L24_0
v_mov_b32       v1, 2.0
v_add_f32       v0, v1, v0
s_branch        .L36_0
.L24_0:
v_mov_b32       v1, 0x40400000
v_mul_f32       v0, v1, v0
.L36_0:
v_mov_b32       v9, v0
s_endpgm
