# Variables in memory instructions: buffer resources, offsets and addresses (MUBUF
# keeps them after the row's own operands), image resources and samplers (aligned on
# 4), DS, FLAT, GLOBAL (the address; a variable as GLOBAL's scalar base is refused,
# see regalloc_syntax.s) and EXP sources. `base`, only read, is live from the start and
# placed last (never written); `soff` takes its register once it is dead.
# test: disasm
.gpu GFX900
.regvar rsrc:s:4, soff:s, addr:v, addr2:v:2, data:v:4, samp:s:4, img:s:8, base:s:2, d1:v
    s_load_dwordx4 rsrc, base, 0
    s_load_dwordx8 img, base, 0x10
    s_load_dwordx4 samp, base, 0x30
    s_mov_b32 soff, 0
    s_waitcnt lgkmcnt(0)
    buffer_load_dwordx4 data, addr, rsrc, soff offen offset:16
    buffer_store_dword d1, addr, rsrc, soff offen
    image_sample data, addr2, img, samp dmask:0xf
    ds_read_b32 d1, addr
    ds_write_b32 addr, d1
    flat_load_dword d1, addr2
    global_load_dword d1, addr2, off
    global_atomic_add d1, addr2, d1, off glc
    s_waitcnt vmcnt(0) lgkmcnt(0)
    exp mrt0, data[0], data[1], data[2], data[3] done
    s_endpgm
#### EXPECTED
arch GCN1.4
0000: 08 00 0a c0 00 00 00 00 08 01 0e c0 10 00 00 00
0010: 08 03 0a c0 30 00 00 00 80 00 90 be 7f c0 8c bf
0020: 10 10 5c e0 05 00 00 10 00 10 70 e0 05 04 00 10
0030: 00 0f 80 f0 06 00 61 00 00 00 6c d8 05 00 00 04
0040: 00 00 1a d8 05 04 00 00 00 00 50 dc 06 00 00 04
0050: 00 80 50 dc 06 00 7f 04 00 80 09 dd 06 04 7f 04
0060: 70 00 8c bf 0f 08 00 c4 00 01 02 03 00 00 81 bf
s_load_dwordx4  s[0:3], s[16:17], 0x0
s_load_dwordx8  s[4:11], s[16:17], 0x10
s_load_dwordx4  s[12:15], s[16:17], 0x30
s_mov_b32       s16, 0
s_waitcnt       lgkmcnt(0)
buffer_load_dwordx4 v[0:3], v5, s[0:3], s16 offen offset:16
buffer_store_dword v4, v5, s[0:3], s16 offen
image_sample    v[0:3], v[6:9], s[4:11], s[12:15] dmask:15
ds_read_b32     v4, v5
ds_write_b32    v5, v4
flat_load_dword v4, v[6:7]
global_load_dword v4, v[6:7], off
global_atomic_add v4, v[6:7], v4, off glc
s_waitcnt       vmcnt(0) & lgkmcnt(0)
exp             mrt0, v0, v1, v2, v3 done
s_endpgm
