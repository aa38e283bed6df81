# GCN 1.5 MIMG needs dim: (clrxasm: "MIMG instruction for GFX10 requires DIM modifier").
.gpu gfx1010
image_load v[85:88], v[49:52], s[40:47] dmask:0xf unorm
#### EXPECTED
error: mimg_gfx10_dim.s:3:1: GCN 1.5 MIMG instructions need dim:
