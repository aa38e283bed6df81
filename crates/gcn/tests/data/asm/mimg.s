# MIMG: vdata width follows dmask (CLRX default dmask 1), tfe adds a VGPR, r128 takes a
# 4-SGPR resource, the address width is free.
# test: disasm
.gpu Bonaire
image_load v1, v[2:5], s[8:15] unorm
image_load v[1:3], v[2:3], s[8:15] dmask:0xb glc
image_sample v[1:2], v[2:3], s[8:11], s[12:15] dmask:0x1 tfe r128 da
image_atomic_add v1, v[2:5], s[8:15] dmask:0x1 unorm glc slc lwe
#### EXPECTED
arch GCN1.1
0000: 00 11 00 f0 02 01 02 00 00 2b 00 f0 02 01 02 00
0010: 00 c1 81 f0 02 01 62 00 00 31 46 f2 02 01 02 00
image_load      v1, v[2:5], s[8:15] unorm
image_load      v[1:3], v[2:5], s[8:15] dmask:11 glc
image_sample    v[1:2], v[2:5], s[8:11], s[12:15] r128 tfe da
image_atomic_add v1, v[2:5], s[8:15] unorm glc slc lwe
