# GCN 1.4 memory forms.
# test: disasm
.gpu GFX900
global_load_dword v1, v[2:3], off offset:-16
global_load_dword v1, v2, s[4:5] offset:16
global_store_dwordx2 v[2:3], v[4:5], off
scratch_load_dword v1, v2, off offset:4
scratch_store_dword off, v3, s5
flat_load_dword v1, v[2:3] offset:12 glc
global_atomic_add v1, v[2:3], v4, off glc
global_atomic_add v[2:3], v4, off
s_load_dword s1, s[2:3], 0x40 glc
s_waitcnt vmcnt(40) & expcnt(1) & lgkmcnt(3)
v_add_u32 v1, v2, v3
v_add_co_u32 v1, vcc, v2, v3
v_add_co_u32 v1, s[2:3], v2, v3
ds_read_b128 v[4:7], v1 offset:32
v_pk_add_f16 v1, v2, v3
v_pk_add_u16 v1, v2, v3 neg_lo:[1,0] op_sel:[0,1]
v_pk_fma_f16 v1, v2, v3, v4 op_sel_hi:[0,1,1] clamp
v_mad_mix_f32 v1, v2, v3, v4
v_add_f32 v1, s2, v3 src0_sel:word1 mul:2
v_cmp_eq_f32 s[4:5], neg(0.5), v3 src0_sel:dword
s_endpgm
#### EXPECTED
arch GCN1.4
0000: f0 9f 50 dc 02 00 7f 01 10 80 50 dc 02 00 04 01
0010: 00 80 74 dc 02 04 7f 00 04 40 50 dc 02 00 7f 01
0020: 00 40 70 dc 00 03 05 00 0c 00 51 dc 02 00 00 01
0030: 00 80 09 dd 02 04 7f 01 00 80 08 dd 02 04 7f 00
0040: 41 00 03 c0 40 00 00 00 18 83 8c bf 02 07 02 68
0050: 02 07 02 32 01 02 19 d1 02 07 02 00 20 00 fe d9
0060: 01 00 00 04 01 40 8f d3 02 07 02 18 01 50 8a d3
0070: 02 07 02 38 01 c0 8e d3 02 07 12 14 01 40 a0 d3
0080: 02 07 12 1c f9 06 02 02 02 46 85 06 f9 06 84 7c
0090: f0 84 96 06 00 00 81 bf
global_load_dword v1, v[2:3], off inst_offset:-16
global_load_dword v1, v2, s[4:5] inst_offset:16
global_store_dwordx2 v[2:3], v[4:5], off
scratch_load_dword v1, v2, off inst_offset:4
scratch_store_dword off, v3, s5
flat_load_dword v1, v[2:3] inst_offset:12 glc
global_atomic_add v1, v[2:3], v4, off glc
global_atomic_add v0, v[2:3], v4, off
s_load_dword    s1, s[2:3], 0x40 glc
s_waitcnt       vmcnt(40) & expcnt(1) & lgkmcnt(3)
v_add_u32       v1, v2, v3
v_add_co_u32    v1, vcc, v2, v3
v_add_co_u32    v1, s[2:3], v2, v3
ds_read_b128    v[4:7], v1 offset:32
v_pk_add_f16    v1, v2, v3
v_pk_add_u16    v1, v2, v3 op_sel:[0,1] neg_lo:[1,0]
v_pk_fma_f16    v1, v2, v3, v4 op_sel_hi:[0,1,1] clamp
v_mad_mix_f32   v1, v2, v3, v4
v_add_f32       v1, s2, v3 mul:2 src0_sel:word1
v_cmp_eq_f32    s[4:5], neg(0.5), v3 sdwa
s_endpgm
