# Some writes keep (or use) the old value, so their destination is read too: `acc` of
# v_mac_f32 and `k` of s_addk_i32 stay live from their first writes, and `a`, `b`,
# `t` cannot take their registers. A plain write ends a life: `c`'s first value is
# dead (overwritten unread), so `d` may share its register.
# test: disasm
.gpu Tonga
.regvar acc:v, a:v, b:v, k:s, t:s, c:v, d:v
    v_mov_b32 acc, 0
    v_mov_b32 a, 1.0
    v_mov_b32 b, 2.0
    v_mac_f32 acc, a, b
    s_mov_b32 k, 5
    s_mov_b32 t, 7
    s_mov_b32 s9, t
    s_addk_i32 k, 0x10
    s_mov_b32 s10, k
    v_mov_b32 c, 3.0
    v_mov_b32 d, 4.0
    v_mov_b32 c, d
    v_add_f32 v0, acc, c
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: 80 02 02 7e f2 02 04 7e f4 02 06 7e 02 07 02 2c
0010: 85 00 80 be 87 00 81 be 01 00 89 be 10 00 00 b7
0020: 00 00 8a be ff 02 04 7e 00 00 40 40 f6 02 04 7e
0030: 02 03 04 7e 01 05 00 02 00 00 81 bf
v_mov_b32       v1, 0
v_mov_b32       v2, 1.0
v_mov_b32       v3, 2.0
v_mac_f32       v1, v2, v3
s_mov_b32       s0, 5
s_mov_b32       s1, 7
s_mov_b32       s9, s1
s_addk_i32      s0, 0x10
s_mov_b32       s10, s0
v_mov_b32       v2, 0x40400000
v_mov_b32       v2, 4.0
v_mov_b32       v2, v2
v_add_f32       v0, v1, v2
s_endpgm
