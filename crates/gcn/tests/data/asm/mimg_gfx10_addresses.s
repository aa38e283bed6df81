# image_sample_cd_cl with dim:2d_array reads 4 derivatives, 3 coordinates and a LOD
# clamp: 8 addresses (clrxasm: "MIMG VADDR requires least 8 registers").
.gpu gfx1010
image_sample_cd_cl v[20:21], [v254,v105,v248,v239,v7], s[92:99], s[0:3] dmask:11 dim:2d_array glc d16
#### EXPECTED
error: mimg_gfx10_addresses.s:4:30: image_sample_cd_cl with this dim: needs at least 8 address registers
