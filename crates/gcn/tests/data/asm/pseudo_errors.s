# Bad operands of the table pseudo-ops, each reported at its place; .fail N is an
# error below 500 and a warning from 500 on (CLRX's manual, as GNU as).
.balignw 3, 1
.p2align 40
.balignl 4, 1, -1
.fillq -1, 1
.fill 1, 9
.string16 1
.string32 "a",
.fail 5
.fail 500
.fail
.get_arch 5
.enum a, a
.enum >x, b
.undef nosuch
.double 0x1p
.float 0x.p1
.fillq 0x1000000, 8
.size
.enum >1 c
.altmacro
.macro m1 a
.byte a
.endm
m1 %1+
m1 %zz
m1 \%(2
m1 <a!>
.enum .
.noaltmacro
.struct 8
.int 1
s_nop 0
.skip -1
.text
.policy
.abort
.byte 1
#### EXPECTED
error: pseudo_errors.s:3:10: alignment 3 is not a power of two
error: pseudo_errors.s:4:10: alignment exponent 40 out of range (0-31)
error: pseudo_errors.s:5:16: .balignl: the limit must not be negative
error: pseudo_errors.s:6:8: repeat count -1 is negative
error: pseudo_errors.s:7:10: value size 9 out of range (0-8)
error: pseudo_errors.s:8:11: expected a string
error: pseudo_errors.s:9:15: expected a string
error: pseudo_errors.s:10:1: .fail 5 encountered
warning: pseudo_errors.s:11:1: .fail 500 encountered
error: pseudo_errors.s:12:6: expected an expression
error: pseudo_errors.s:13:11: expected a symbol name
error: pseudo_errors.s:14:10: symbol 'a' is already defined
error: pseudo_errors.s:15:8: symbol 'x' is not defined here
warning: pseudo_errors.s:16:8: symbol 'nosuch' is not defined
error: pseudo_errors.s:17:9: bad hexadecimal float literal: expected digits after 'p'
error: pseudo_errors.s:18:8: bad hexadecimal float literal: no digits
error: pseudo_errors.s:19:1: output too large: 134217728 more bytes would pass the 67108864 bytes all sections may hold (MAX_OUTPUT_BYTES)
error: pseudo_errors.s:21:10: expected ','
error: pseudo_errors.s:26:7: expected an expression
error: pseudo_errors.s:27:5: symbol 'zz' is not defined here
error: pseudo_errors.s:28:8: expected ')'
error: pseudo_errors.s:29:4: missing '>' at the end of a quoted argument
error: pseudo_errors.s:30:7: expected a symbol name (not the output counter '.')
error: pseudo_errors.s:33:1: Writing data into non-writeable section is illegal (the absolute section of .struct/.offset)
error: pseudo_errors.s:34:1: an instruction in the absolute section (.struct/.offset): choose a section first
error: pseudo_errors.s:35:7: size -1 is negative
error: pseudo_errors.s:37:8: expected an expression
error: pseudo_errors.s:38:1: assembly aborted by .abort
