# Register variables declared in an included file before any code are allocated as if
# declared here (this file itself never names the pseudo-op).
# test: disasm
.gpu Tonga
.include "inc/regalloc_vars.inc"
    v_mov_b32 x, v0
    v_mov_b32 y, 1.0
    v_add_f32 v0, x, y
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: 00 03 02 7e f2 02 04 7e 01 05 00 02 00 00 81 bf
v_mov_b32       v1, v0
v_mov_b32       v2, 1.0
v_add_f32       v0, v1, v2
s_endpgm
