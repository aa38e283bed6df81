# `.usereg REG:ACCESS` tells the allocator about reads (`r`) and writes (`w`) it cannot
# see, such as instructions written as data: `x` stays live until its `.usereg x:r`,
# so `y` cannot take its register; `.usereg t:w` makes `t` written there (not live
# before), and a register named directly in `.usereg` (`v[1:2]`) is never allocated.
# test: disasm
.gpu Tonga
.regvar x:v, y:v, t:v
    v_mov_b32 x, 1.0
    v_mov_b32 y, 2.0
    v_mov_b32 v5, y
    .usereg x:r
    .int 0x7e0a0300
    .usereg t:w, v[1:2]:rw
    v_mov_b32 v6, t
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: f2 02 00 7e f4 02 06 7e 03 03 0a 7e 00 03 0a 7e
0010: 00 03 0c 7e 00 00 81 bf
v_mov_b32       v0, 1.0
v_mov_b32       v3, 2.0
v_mov_b32       v5, v3
v_mov_b32       v5, v0
v_mov_b32       v6, v0
s_endpgm
