# A subscript past the special register's pair.
.gpu Bonaire
s_mov_b32 s1, vcc[2]
#### EXPECTED
error: special_subscripts_range.s:3:15: register range out of 'vcc' (0-1)
