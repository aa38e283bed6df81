# Many errors in one run, each with its place.
.gpu Bonaire
s_mov_b32 s0, s[1:2]
v_add_f32 v1, v2
s_mov_b32 s200, 1
v_add_f32 v1, v2, v3 glc
s_load_dword s1, s[1:2], 0x1
unknown_instr v1
s_branch nowhere
x = y + 1
.int x
.byte 300
.if
.endif
.foo
ds_read_b32 v1, v2 offset:70000
v_mov_b32 v1, 0x123456789
label: s_nop 0
label: s_nop 1
.macro m a:req
.byte \a
.endm
m
.error "custom error"
.warning "custom warning"
global_load_dword v1, v[2:3], off
rp = %v[10:11]
v_mov_b32 rp[300], 0
bad = %q5
exp mrt0, v1, v2, v3, v4 compr
exp mrt9, v1, v2, v3, v4
v_interp_p1_f32 v1, v2, attr64.x
.include "inc/missing.inc"
v_add_f32 v1, s2, s4
v_add_f32 v154, 3123, s3
v_cndmask_b32 v1, s2, v3, s[4:5]
.ends
.using nosuch
.byte 0x123456789012345678901
.octa x
#### EXPECTED
error: errors.s:3:15: unaligned scalar register range
error: errors.s:4:1: v_add_f32 takes 3 operand(s), got 2
error: errors.s:5:11: SGPR number out of range (0-103)
error: errors.s:6:22: modifier 'glc' is not allowed for v_add_f32
error: errors.s:7:18: unaligned scalar register range
error: errors.s:8:1: unknown instruction 'unknown_instr'
warning: errors.s:12:7: value 300 truncated to 8 bits
error: errors.s:13:4: expected an expression
error: errors.s:15:1: unknown pseudo-op '.foo'
warning: errors.s:16:27: value 0x11170 truncated to 0x1170
warning: errors.s:16:1: instruction is not aligned to 4 bytes
warning: errors.s:17:15: value 0x123456789 truncated to 0x23456789
warning: errors.s:17:1: instruction is not aligned to 4 bytes
warning: errors.s:18:8: instruction is not aligned to 4 bytes
error: errors.s:19:1: symbol 'label' is already defined
warning: errors.s:19:8: instruction is not aligned to 4 bytes
error: errors.s:23:1: missing required argument 'a' of macro 'm'
error: errors.s:24:1: custom error
warning: errors.s:25:1: custom warning
error: errors.s:26:1: instruction 'global_load_dword' is not available on GCN1.1
error: errors.s:28:11: register index out of range
error: errors.s:29:8: expected a register after '%'
error: errors.s:30:15: VSRC1 must be equal to VSRC0 in compr mode
error: errors.s:31:5: expected an export target (mrt0-7, mrtz, null, pos0-3, param0-31)
error: errors.s:32:25: attribute number out of range (0-63)
error: errors.s:33:10: cannot find file 'inc/missing.inc'
error: errors.s:34:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: errors.s:35:17: a literal is not allowed in this operand
error: errors.s:36:1: more than one SGPR read in this instruction (GCN 1.0-1.4)
error: errors.s:37:1: no scope to close (.ends without .scope)
error: errors.s:38:1: scope 'nosuch' not found
error: errors.s:39:7: integer literal out of range (128-bit literals only in .octa)
error: errors.s:40:7: expected a 128-bit literal
error: errors.s:9:10: undefined symbol 'nowhere'
error: errors.s:10:5: undefined symbol 'y'
