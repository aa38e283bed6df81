# DS and MUBUF forms whose words match CLRX's own test expectations (GCN 1.0): tfe
# widens the data range, an address VGPR without offen/idxen, offset truncation. (The
# table's lds+tfe forms, which clrxasm 0.1.9 refuses, are in clrx_mem_lds_tfe.s.)
# test: disasm
.gpu Pitcairn
ds_gws_init  v71 offset:52583 gds
ds_mskor_rtn_b32 v155, v71, v169, v26 offset:52583
ds_wrxchg2_rtn_b32 v[155:156], v71, v169, v26 offset0:103 offset1:205
ds_consume  v155 offset:52583
ds_ordered_count v155, v71 offset:52583
ds_write2st64_b64 v71, v[169:170], v[39:40] offset0:103 offset1:205
ds_max_src2_f64 v71 offset:52583
buffer_load_format_x  v61, v18, s[80:83], s35
buffer_load_format_x  v61, v18, s[80:83], s35 OfFset  :  603
buffer_load_format_x  v61, v18, s[80:83], s35 offset:4603
#### EXPECTED
warning: clrx_mem.s:15:54: value 0x11fb truncated to 0x1fb
arch GCN1.0
0000: 67 cd 66 d8 47 00 00 00 67 cd b0 d8 47 a9 1a 9b
0010: 67 cd b8 d8 47 a9 1a 9b 67 cd f4 d8 00 00 00 9b
0020: 67 cd fc d8 47 00 00 9b 67 cd 3c d9 47 a9 27 00
0030: 67 cd 4c db 47 00 00 00 00 00 00 e0 12 3d 14 23
0040: 5b 02 00 e0 12 3d 14 23 fb 01 00 e0 12 3d 14 23
ds_gws_init     v71 offset:52583 gds
ds_mskor_rtn_b32 v155, v71, v169, v26 offset:52583
ds_wrxchg2_rtn_b32 v[155:156], v71, v169, v26 offset0:103 offset1:205
ds_consume      v155 offset:52583
ds_ordered_count v155, v71 offset:52583
ds_write2st64_b64 v71, v[169:170], v[39:40] offset0:103 offset1:205
ds_max_src2_f64 v71 offset:52583
buffer_load_format_x v61, v18, s[80:83], s35
buffer_load_format_x v61, v18, s[80:83], s35 offset:603
buffer_load_format_x v61, v18, s[80:83], s35 offset:507
