# Liveness across a loop's back edge: `x` is read at the loop's start and never written
# inside it, so it stays live through the whole body and `z`, written after the body's
# last read of `x`, must not take its register. In the same code without the branch
# (after s_endpgm, its own variables) `z2` reuses `x2`'s register.
# test: disasm
.gpu Tonga
.regvar x:v, y:v, z:v, n:s
.regvar x2:v, y2:v, z2:v
    v_mov_b32 x, 1.0
    v_mov_b32 y, 0
    s_mov_b32 n, 4
loop:
    v_add_f32 y, x, y
    v_mov_b32 z, 2.0
    v_mul_f32 y, y, z
    s_sub_u32 n, n, 1
    s_cmp_lg_u32 n, 0
    s_cbranch_scc1 loop
    v_mov_b32 v7, y
    s_endpgm
    v_mov_b32 x2, 1.0
    v_mov_b32 y2, 0
    v_add_f32 y2, x2, y2
    v_mov_b32 z2, 2.0
    v_mul_f32 y2, y2, z2
    v_mov_b32 v7, y2
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: f2 02 00 7e 80 02 02 7e 84 00 80 be 00 03 02 02
0010: f4 02 04 7e 01 05 02 0a 00 81 80 80 00 80 07 bf
0020: fa ff 85 bf 01 03 0e 7e 00 00 81 bf f2 02 00 7e
0030: 80 02 02 7e 00 03 02 02 f4 02 00 7e 01 01 02 0a
0040: 01 03 0e 7e 00 00 81 bf
sym loop = 12
v_mov_b32       v0, 1.0
v_mov_b32       v1, 0
s_mov_b32       s0, 4
.L12_0:
v_add_f32       v1, v0, v1
v_mov_b32       v2, 2.0
v_mul_f32       v1, v1, v2
s_sub_u32       s0, s0, 1
s_cmp_lg_u32    s0, 0
s_cbranch_scc1  .L12_0
v_mov_b32       v7, v1
s_endpgm
v_mov_b32       v0, 1.0
v_mov_b32       v1, 0
v_add_f32       v1, v0, v1
v_mov_b32       v0, 2.0
v_mul_f32       v1, v1, v0
v_mov_b32       v7, v1
s_endpgm
