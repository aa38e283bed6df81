# VINTRP and EXP; export targets are names only in exp (elsewhere they are symbols).
# test: disasm
.gpu Tahiti
mrt0 = 5
v_interp_p1_f32 v1, v2, attr3.y
v_interp_mov_f32 v1, p0, attr0.w
exp mrt0, v1, off, v3, off done
exp null, off, off, off, off
exp param31, v1, v2, v3, v4 vm
s_mov_b32 s0, mrt0
#### EXPECTED
arch GCN1.0
0000: 02 0d 04 c8 02 03 06 c8 05 08 00 f8 01 00 03 00
0010: 90 00 00 f8 00 00 00 00 ff 13 00 f8 01 02 03 04
0020: 85 03 80 be
sym mrt0 = 5
v_interp_p1_f32 v1, v2, attr3.y
v_interp_mov_f32 v1, p0, attr0.w
exp             mrt0, v1, off, v3, off done
exp             null, off, off, off, off
exp             param31, v1, v2, v3, v4 vm
s_mov_b32       s0, 5
