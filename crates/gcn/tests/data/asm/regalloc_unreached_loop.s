# A loop that only its own branch reaches (after s_endpgm) starts code too: `a` and
# `b`, read there and never written, are both live at its start and keep apart.
# test: disasm
.gpu Tonga
.regvar a:v, b:v
    s_endpgm
loop:
    v_add_f32 v5, a, b
    s_branch loop
#### EXPECTED
arch GCN1.2
0000: 00 00 81 bf 00 03 0a 02 fe ff 82 bf
sym loop = 4
s_endpgm
.L4_0:
v_add_f32       v5, v0, v1
s_branch        .L4_0
