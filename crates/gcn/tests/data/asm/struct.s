# .struct/.offset go to the absolute section (doc/ClrxAsmPseudoOps.md; ClrxAsmSyntax.md,
# "Sections": it only has places, and its counter may move backwards); its labels are
# plain numbers. A section pseudo-op leaves it. Expected values by hand.
.arch GCN1.2
.byte 0xaa
.struct 0
fa: .skip 4
fb: .skip 8, 0x55
fc: .balign 16
fd:
size = .
.org 2
fe:
.offset 100
ff: .p2align 3
fg: .balign 64, , 4
fh:
.text
.byte fb, fc, fd, fe, ff, fg, fh, size
after:
#### EXPECTED
arch GCN1.2
0000: aa 04 0c 10 02 64 68 68 10
sym after = 9
sym fa = 0
sym fb = 4
sym fc = 12
sym fd = 16
sym fe = 2
sym ff = 100
sym fg = 104
sym fh = 104
sym size = 16
