# `.usereg` takes registers or register variables, each with its access (r, w or rw);
# `.rvlin` takes register variables, subscripts checked. A variable as GLOBAL's scalar
# base (held outside the operand slots) is not placed yet; a variable takes one
# subscript.
.gpu GFX900
.regvar big:s:96, g:s:2, vz:v
    .usereg big:x
    .usereg nope:r
    .usereg big
    .usereg s[0:1]:r, big[0:1]:w,
    .rvlin nope
    .rvlin big[96]
    .rvlin big, g[1], vz
    .rvlin_once big[2:3]
    global_load_dword v1, vz, g
    global_load_dword v1, v[2:3], off
    s_mov_b32 big[0][1], 0
    s_endpgm
#### EXPECTED
error: regalloc_syntax.s:7:17: expected the access: r, w or rw
error: regalloc_syntax.s:8:13: expected a register or register variable
error: regalloc_syntax.s:9:16: expected ':' and the access: r, w or rw
error: regalloc_syntax.s:10:34: expected a register or register variable
error: regalloc_syntax.s:11:12: expected a register variable
error: regalloc_syntax.s:12:12: register variable 'big' has 96 scalar register(s): [96:96] is out of range
error: regalloc_syntax.s:15:31: not supported yet: a register variable in this place of the instruction (register allocation handles operand registers only)
error: regalloc_syntax.s:17:21: a register variable takes one subscript
