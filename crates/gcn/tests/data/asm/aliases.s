# CLRX-only names: s_mov_regrd_b32/s_mov_fed_b32 (CLRX test words 0xbed63314,
# 0xbed63514 on GCN 1.0); aliases v_add_u32 on GCN 1.0 (= v_add_i32), v_cmp_lg_i32 (= ne), v_cmp_tru_u64 (= t).
# test: disasm
.gpu Pitcairn
v_add_u32 v1, vcc, v2, v3
v_sub_u32 v1, s[4:5], v2, v3
v_cmp_lg_i32 vcc, v1, v2
v_cmpx_tru_u64 s[4:5], v[1:2], v[3:4]
s_mov_regrd_b32 s86, s20
s_mov_fed_b32 s86, s20
#### EXPECTED
arch GCN1.0
0000: 02 07 02 4a 01 04 4c d2 02 07 02 00 01 05 0a 7d
0010: 04 00 ee d1 01 07 02 00 14 33 d6 be 14 35 d6 be
v_add_i32       v1, vcc, v2, v3
v_sub_i32       v1, s[4:5], v2, v3
v_cmp_lg_i32    vcc, v1, v2
v_cmpx_tru_u64  s[4:5], v[1:2], v[3:4]
s_mov_regrd_b32 s86, s20
s_mov_fed_b32   s86, s20
