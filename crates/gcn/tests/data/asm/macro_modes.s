# .macrocase (the default: macro names ignore case), .nomacrocase, .altmacro and
# .noaltmacro (doc/ClrxAsmPseudoOps.md); expected bytes by hand from its examples.
.macro Twice x
.byte \x, \x
.endm
TWICE 1
twice 2
.nomacrocase
.macro Once x
.byte \x
.endm
Once 3
.macrocase
# \%EXPR evaluates in the standard syntax too.
twice \%1+2
.altmacro
.macro test1 a b
.int a, b
.endm
test1 12,34
.macro stringize a,b,c
.string "a, b, c"
.endm
stringize %12|33, %43*5, %12-65
.macro str x
.ascii "x"
.endm
str <this is test !<!>>
str 'it!'s'
str <a, b>
.macro loc
local here, there
here: .byte there - here
there:
.endm
loc
loc
# .irp substitutes as macros do.
.irp r, 7, 8
.byte r
.endr
.noaltmacro
twice 5
#### EXPECTED
arch GCN1.0
0000: 01 01 02 02 03 03 03 0c 00 00 00 22 00 00 00 34
0010: 35 2c 20 32 31 35 2c 20 2d 35 33 00 74 68 69 73
0020: 20 69 73 20 74 65 73 74 20 3c 3e 69 74 27 73 61
0030: 2c 20 62 01 01 07 08 05 05
sym .LL0 = 51
sym .LL1 = 52
sym .LL2 = 52
sym .LL3 = 53
