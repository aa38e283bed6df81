# CLRX register variables (.regvar NAME:TYPE[:COUNT]): declarations are checked (type,
# count, one per scope), every use's subscript is checked against the count, and then
# the use is refused: Kauai has no register allocator yet, and bytes of its own choosing
# could differ from CLRX's. Code that names no register variable still assembles.
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
error: regvar.s:7:9: register variable 'a' is already defined
error: regvar.s:8:11: expected a register type: 's' (scalar) or 'v' (vector)
error: regvar.s:9:13: register count 0 out of range (1 to 256)
error: regvar.s:10:13: register count 257 out of range (1 to 256)
error: regvar.s:11:10: expected ':'
error: regvar.s:12:11: not supported yet: register allocation of .regvar ('a' is a vector register variable with no register assigned)
error: regvar.s:13:15: register variable 'a' has 2 vector register(s): [2:2] is out of range
error: regvar.s:14:15: register variable 'a' has 2 vector register(s): [1:0] is out of range
error: regvar.s:15:11: not supported yet: register allocation of .regvar ('b' is a scalar register variable with no register assigned)
error: regvar.s:16:11: not supported yet: register allocation of .regvar ('b' is a scalar register variable with no register assigned)
error: regvar.s:17:15: not supported yet: register allocation of .regvar ('c' is a vector register variable with no register assigned)
error: regvar.s:18:15: not supported yet: register allocation of .regvar ('wide' is a vector register variable with no register assigned)
error: regvar.s:21:11: not supported yet: register allocation of .regvar ('a' is a scalar register variable with no register assigned)
error: regvar.s:26:1: not supported yet: .usereg (register allocation of .regvar)
error: regvar.s:27:1: not supported yet: .rvlin (register allocation of .regvar)
error: regvar.s:28:1: not supported yet: .rvlin_once (register allocation of .regvar)
