# MTBUF formats and MIMG forms whose words match CLRX's own test expectations (GCN 1.0).
# test: disasm
.gpu Pitcairn
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[8,sint]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[sint]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[BUF_DATA_FORMAT_8,BUF_NUM_FORMAT_SINT]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[16]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format  : [  10_11_11 , sscaled  ]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[BUF_NUM_FORMAT_SNORM_OGL]
tbuffer_store_format_xyzw v[61:64], v18, s[80:83], s35 idxen offset:2004 glc slc
image_load  v[157:160], v[121:124], s[84:87] dmask:11 unorm glc slc r128 tfe lwe da
image_load  v157, v[121:124], s[84:91]
dmask=5;image_load  v[157:158], v[121:124], s[84:87] dmask:dmask unorm glc slc r128 lwe da
buffer_wbinvl1_sc idxen offset:603 lds
#### EXPECTED
arch GCN1.0
0000: d4 67 88 ea 12 3d d4 23 d4 67 08 e8 12 3d d4 23
0010: d4 67 88 ea 12 3d d4 23 d4 67 88 ea 12 3d d4 23
0020: d4 67 10 e8 12 3d d4 23 d4 67 b0 e9 12 3d d4 23
0030: d4 67 08 eb 12 3d d4 23 d4 67 0f e8 12 3d 54 23
0040: 00 fb 03 f2 79 9d 15 00 00 01 00 f0 79 9d 15 00
0050: 00 f5 02 f2 79 9d 15 00 5b 22 c1 e1 00 00 00 00
sym dmask = 5
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[sint]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[sint]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[sint]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[16]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[10_11_11,sscaled]
tbuffer_load_format_x v[61:62], v18, s[80:83], s35 idxen offset:2004 glc slc tfe format:[snorm_ogl]
tbuffer_store_format_xyzw v[61:64], v18, s[80:83], s35 idxen offset:2004 glc slc
image_load      v[157:160], v[121:124], s[84:87] dmask:11 unorm glc slc r128 tfe lwe da
image_load      v157, v[121:124], s[84:91]
image_load      v[157:158], v[121:124], s[84:87] dmask:5 unorm glc slc r128 lwe da
buffer_wbinvl1_sc v0, s[0:3], s0 idxen offset:603 lds
