# Register variables that no instruction names leave the code as it is: declaring
# them needs no allocation. A symbol of another name is not mistaken for one.
.regvar tmp:v:4, sc:s:2
x = 5
s_mov_b32 s0, x
v_mov_b32 v1, v2
s_endpgm
#### EXPECTED
arch GCN1.0
0000: 85 03 80 be 02 03 02 7e 00 00 81 bf
sym x = 5
