# .include and .incbin (searched in the including file's directory and -I paths).
.include "inc/defs.inc"
.byte included_value
twice 7
.incbin "inc/blob.bin"
.incbin "inc/blob.bin", 1, 2
#### EXPECTED
arch GCN1.0
0000: 42 07 07 42 49 4e 21 49 4e
sym included_value = 66
