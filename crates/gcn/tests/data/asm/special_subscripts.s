# Subscripts of special registers (CLRX syntax): a part of the pair, or the pair.
# Expected words by hand: v_add_i32 (VOP2 opcode 37 on GCN 1.1) v5, vcc, v4, v255 is
# 0x4a000000 | 5 << 17 | 255 << 9 | 260 = 0x4a0bff04; s_mov_b32 (SOP1 opcode 3) s1, exec_hi (code 127) is 0xbe81037f.
.gpu Bonaire
v_add_i32 v5, vcc[0:1], v4, v255
s_mov_b32 s1, exec[1]
#### EXPECTED
arch GCN1.1
0000: 04 ff 0b 4a 7f 03 81 be
