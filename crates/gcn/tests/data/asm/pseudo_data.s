# CLRX's data and alignment pseudo-ops and hex float literals (doc/ClrxAsmPseudoOps.md,
# doc/ClrxAsmSyntax.md). Expected bytes computed by hand from the documentation:
# .balignw/.balignl repeat a 2/4-byte pattern (zeros before the first whole one), a
# LIMIT skips an alignment that needs more bytes, code pads with s_nop only without a
# value; .fill keeps the value's low 4 bytes, .fillq all 8; .stringN widens each
# character and the NUL to N/8 bytes.
.arch GCN1.2
.byte 1
.balignw 4, 0x1234
.byte 2
.balignl 8, 0xaabbccdd
.byte 3
.balignl 16, 0xaabbccdd
.balignw 8, 0x5566, 2
.byte 4
.balign 8, 0x77, 2
.byte 5
.balign 4, , 3
.balignw 8
.fill 2, 8, 0x1122334455667788
.fillq 1, 8, 0x1122334455667788
.fillq 2, 3, -1
.fill 3,, 0x41
.fill 1000000000000, 0
.fill 0, 4, 9
.string16 "ab"
.string32 "c", ""
.string64 "\n"
.p2align 2
.float 0x1.8p1, -0x1p-2
.double 0x1a2.4b5p5
.half 0x1.8p1
.double 0x1p-1074, 0x1.00000000000008p0, 0x1.00000000000018p0
.float 0x1.8
.p2align 2
v_mov_b32 v1, 0x1.8p1
v_mov_b32 v1, 0x1p1
#### EXPECTED
arch GCN1.2
0000: 01 00 34 12 02 00 00 00 03 00 00 00 dd cc bb aa
0010: 04 05 00 00 00 00 80 bf 88 77 66 55 00 00 00 00
0020: 88 77 66 55 00 00 00 00 88 77 66 55 44 33 22 11
0030: ff ff ff ff ff ff 41 41 41 61 00 62 00 00 00 63
0040: 00 00 00 00 00 00 00 00 00 00 00 0a 00 00 00 00
0050: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 40 40
0060: 00 00 80 be 00 00 00 00 b5 24 ca 40 00 42 01 00
0070: 00 00 00 00 00 00 00 00 00 00 00 00 f0 3f 02 00
0080: 00 00 00 00 f0 3f 00 00 c0 3f 00 00 ff 02 02 7e
0090: 00 00 40 40 f4 02 02 7e
