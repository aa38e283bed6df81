# CLRX register variables (.regvar NAME:TYPE[:COUNT]): declarations are checked (type,
# count, one per scope) and every use's subscript against the count. (The allocation
# itself, which runs only on code without errors, is tested by regalloc_*.s.)
.regvar a:v:2, b:s:4, c:v
.regvar wide:vgpr:256, one:sgpr
.regvar a:s
.regvar d:x:2
.regvar e:v:0
.regvar f:v:257
.regvar g
v_mov_b32 a[0], 1
v_mov_b32 v0, a[2]
v_mov_b32 v0, a[1:0]
s_mov_b64 b[1:2], 0
s_mov_b64 b[2:3], s[0:1]
v_mov_b32 v1, c
v_mov_b32 v1, wide[255]
.scope inner
.regvar a:s:1
s_mov_b32 a, 0
.ends
# `@name` is an expression, not the register variable.
c = 3
s_mov_b32 s0, @c
.usereg a:r
.rvlin a
.rvlin_once b
s_endpgm
#### EXPECTED
error: regvar.s:6:9: register variable 'a' is already defined
error: regvar.s:7:11: expected a register type: 's' (scalar) or 'v' (vector)
error: regvar.s:8:13: register count 0 out of range (1 to 256)
error: regvar.s:9:13: register count 257 out of range (1 to 256)
error: regvar.s:10:10: expected ':'
error: regvar.s:12:15: register variable 'a' has 2 vector register(s): [2:2] is out of range
error: regvar.s:13:15: register variable 'a' has 2 vector register(s): [1:0] is out of range
