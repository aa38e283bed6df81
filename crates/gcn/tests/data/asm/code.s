# Instructions with labels (local and forward), symbols in operands and literals.
# test: disasm
.gpu Fiji
count = 3
start:
    s_mov_b32 s0, count
    s_mov_b32 s1, end - start      # forward reference becomes a literal
1:  s_sub_u32 s0, s0, 1
    s_cmp_eq_u32 s0, 0
    s_cbranch_scc0 1b
    s_branch 2f
    v_nop
2:  v_mov_b32 v0, lit(1)
    v_add_f32 v1, 1.0, v2
    v_add_f32 v1, 0.3, v2
    v_add_f16 v1, 0.3h, v2
    v_fma_f64 v[0:1], v[2:3], -v[4:5], |v[6:7]| clamp div:2
    v_mul_f32 v1, v2, v3 vop3
    v_cmp_gt_i32 s[4:5], v1, 7
    s_load_dwordx2 s[2:3], s[0:1], 0x8 glc
    s_waitcnt lgkmcnt(0)
    buffer_store_dword v1, v[2:3], s[4:7], s1 idxen offen offset:0x10
    ds_swizzle_b32 v1, v2 offset:0xffff
    flat_atomic_cmpswap v1, v[2:3], v[4:5] glc slc
    s_setreg_imm32_b32 hwreg(mode, 0, 8), 0x12
    s_nop 7
end:
    s_endpgm
#### EXPECTED
arch GCN1.2
0000: 83 00 80 be ff 00 81 be 84 00 00 00 00 81 80 80
0010: 00 80 06 bf fd ff 84 bf 01 00 82 bf 00 00 00 7e
0020: ff 02 00 7e 01 00 00 00 f2 04 02 02 ff 04 02 02
0030: 9a 99 99 3e ff 04 02 3e cd 34 00 00 00 84 cc d1
0040: 02 09 1a 5c 01 00 05 d1 02 07 02 00 04 00 c4 d0
0050: 01 0f 01 00 80 00 07 c0 08 00 00 00 7f 00 8c bf
0060: 10 30 70 e0 02 01 01 01 ff ff 7a d8 02 00 00 01
0070: 00 00 07 dd 02 04 00 01 01 38 00 ba 12 00 00 00
0080: 07 00 80 bf 00 00 81 bf
sym count = 3
sym end = 132
sym start = 0
s_mov_b32       s0, 3
s_mov_b32       s1, 0x84
.L12_0:
s_sub_u32       s0, s0, 1
s_cmp_eq_u32    s0, 0
s_cbranch_scc0  .L12_0
s_branch        .L32_0
v_nop
.L32_0:
v_mov_b32       v0, lit(1)
v_add_f32       v1, 1.0, v2
v_add_f32       v1, 0x3e99999a, v2
v_add_f16       v1, 0x34cd, v2
v_fma_f64       v[0:1], v[2:3], -v[4:5], abs(v[6:7]) div:2 clamp
v_mul_f32       v1, v2, v3 vop3
v_cmp_gt_i32    s[4:5], v1, 7
s_load_dwordx2  s[2:3], s[0:1], 0x8 glc
s_waitcnt       lgkmcnt(0)
buffer_store_dword v1, v[2:3], s[4:7], s1 offen idxen offset:16
ds_swizzle_b32  v1, v2 offset:65535
flat_atomic_cmpswap v1, v[2:3], v[4:5] glc slc
s_setreg_imm32_b32 hwreg(mode, 0, 8), 0x12
s_nop           0x7
s_endpgm
