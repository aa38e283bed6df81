# Expressions, symbols, data pseudo-ops, conditionals and loops.
.arch GCN1.2
a = 1 + 2 * 3          # 7
b = (1 << 4) | 3       # 19
c = -a >>> 1           # -4 (signed shift)
d = 10 // 3 + 10 %% 3  # 3 + 1
e = 5 < 6              # -1: CLRX comparisons give all ones
f = 0x10 ! 0           # or-not: 0x10 | ~0 = -1
.set g, a ? 100 : 200
.equ h, later + 4      # forward reference
.eqv i, .              # re-evaluated at each use
.int a, b, c, d, e, f, g, h
.byte 1, 2, 'x', 0xff
.short 0x1234, -1
.quad 0x123456789abcdef0
.ascii "ab"
.asciz "c\n"
.align 4
.float 1.5, -2
.double 0.25
.half 1.0
.fill 3, 2, 0x0102
.skip 2, 0xaa
.p2align 3
.if a == 7
.int 0x11111111
.elseif a == 8
.int 0x22222222
.else
.int 0x33333333
.endif
.ifdef nothere
.int 0xdead
.endif
.ifarch GCN1.2
.byte 0x77
.endif
.ifnarch GCN1.0
.byte 0x78
.endif
.rept 3
.byte 0x5
.endr
.irp r, 1, 2, 3
.byte \r * 2
.endr
.irpc ch, 789
.byte \ch
.endr
.for k = 0, k < 3, k + 1
.byte k + 0x40
.endr
n = 0
.while n < 2
.byte 0x60 + n
n = n + 1
.endr
.macro pair x, y=9
.byte \x, \y, \@
.endm
pair 1
pair 2, 3
.macro vmac first, rest:vararg
.byte \first
.byte \rest
.endm
vmac 1, 2, 3
later:
.int i, i
.print "done"
#### EXPECTED
arch GCN1.2
0000: 07 00 00 00 13 00 00 00 fc ff ff ff 04 00 00 00
0010: ff ff ff ff ff ff ff ff 64 00 00 00 79 00 00 00
0020: 01 02 78 ff 34 12 ff ff f0 de bc 9a 78 56 34 12
0030: 61 62 63 0a 00 00 00 00 00 00 c0 3f 00 00 00 c0
0040: 00 00 00 00 00 00 d0 3f 00 3c 02 01 02 01 02 01
0050: aa aa 00 00 00 00 00 00 11 11 11 11 77 78 05 05
0060: 05 02 04 06 07 08 09 40 41 42 60 61 01 09 00 02
0070: 03 01 01 02 03 75 00 00 00 79 00 00 00
sym a = 7
sym b = 19
sym c = -4
sym d = 4
sym e = -1
sym f = -1
sym g = 100
sym h = 121
sym i = 125
sym k = 3
sym later = 117
sym n = 2
print done
