# `.rvlin`/`.rvlin_once` ask for consecutive registers; Kauai places every variable as
# one consecutive range, so `q`'s registers follow each other even where the code
# names them one at a time (q[0] and q[2] two apart, from v1 as v0 is named directly).
# Only registers the code names take part: `r[1]` takes v1 once `q[0]` is dead, and
# `r[0]`, never named, may lie on v0.
# test: disasm
.gpu Tonga
.regvar q:v:3, r:v:2
.rvlin q
.rvlin_once r[0:1]
    v_mov_b32 q[0], 1.0
    v_mov_b32 q[2], 2.0
    v_mov_b32 r[1], q[0]
    v_add_f32 v0, q[2], r[1]
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: f2 02 02 7e f4 02 06 7e 01 03 02 7e 03 03 00 02
0010: 00 00 81 bf
v_mov_b32       v1, 1.0
v_mov_b32       v3, 2.0
v_mov_b32       v1, v1
v_add_f32       v0, v3, v1
s_endpgm
