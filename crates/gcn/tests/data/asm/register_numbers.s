# Register numbers out of any range are errors, not wrapped or overflowed: a range
# ending at the largest i64, a single register numbered 65535, and more digits than
# fit in 32 bits (each was an internal error or a silent other register).
.gpu Bonaire
s_load_dword s1, s[9223372036854775807:9223372036854775807], 0
s_load_dword s1, s[65536:65537], 0
s_mov_b32 s65535, 0
v_mov_b32 v65535, 0
s_mov_b32 s99999999999, 0
s_mov_b32 ttmp65535, 0
pool = %s[57:67]
s_add_u32 s21, s1, pool[9223372036854775807]
#### EXPECTED
error: register_numbers.s:5:18: bad register range
error: register_numbers.s:6:18: bad register range
error: register_numbers.s:7:11: SGPR number out of range (0-103)
error: register_numbers.s:8:11: VGPR number out of range (0-255)
error: register_numbers.s:9:11: expected a register
error: register_numbers.s:10:11: TTMP register number out of range
error: register_numbers.s:12:20: register index out of range
