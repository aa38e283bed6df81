# Register symbols (CLRX): assignment with %, indexing, use as operands.
# test: disasm
.gpu Tonga
regpool = %v[16:31]
reg1 = %s[0:1]
pair = %regpool[2:3]
s_and_b64 reg1, s[2:3], s[4:5]
s_cmp_lt_i32 reg1[0], s2
zx = 10
v_xor_b32 regpool[zx+1], regpool[zx+5], regpool[zx+7]
v_add_f64 pair, pair, regpool[0:1]
v_mov_b32 regpool[16], 0
#### EXPECTED
arch GCN1.2
0000: 02 04 80 86 00 02 04 bf 1f 43 36 2a 12 00 80 d2
0010: 12 21 02 00 80 02 40 7e
sym zx = 10
s_and_b64       s[0:1], s[2:3], s[4:5]
s_cmp_lt_i32    s0, s2
v_xor_b32       v27, v31, v33
v_add_f64       v[18:19], v[18:19], v[16:17]
v_mov_b32       v32, 0
