# GCN 1.5 MIMG stores and atomics need unorm (clrxasm: "Unorm is not set for store or
# atomic instruction").
.gpu gfx1010
image_store_mip_pck v75, v[233:236], s[8:15] dmask:8 dim:3d dlc glc d16
#### EXPECTED
error: mimg_gfx10_unorm.s:4:1: stores and atomics need unorm
