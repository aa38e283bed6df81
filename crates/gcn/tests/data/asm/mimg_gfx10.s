# GCN 1.5 MIMG (lines and bytes from clrxasm 0.1.9, asm/gfx1010.tsv): dim: field,
# dlc, r128 (4-SGPR resource), d16 packs two channels per VGPR, and non-sequential
# address lists whose addresses after the first fill extra dwords, four a dword.
# test: disasm
.gpu gfx1010
image_sample_b  v[136:137], v[56:59], s[76:83], s[24:27] dmask:11 dim:2d_msaa dlc glc d16
image_atomic_umax v29, [v83,v63], s[88:95] dmask:4 dim:2d unorm dlc d16
image_sample_c_cd_cl_o v19, [v125,v231,v162,v253,v100,v21,v162,v251,v105,v99,v228], s[92:99], s[92:95] dmask:8 dim:2d_msaa_array glc d16
image_sample_cl v50, v[82:85], s[12:15], s[84:87] dmask:6 dim:3d unorm r128 d16
#### EXPECTED
arch GCN1.5
0000: b0 2b 94 f0 38 88 d3 80 8a 14 5c f0 53 1d 16 80
0010: 3f 00 00 00 3e 28 bc f1 7d 13 f7 82 e7 a2 fd 64
0020: 15 a2 fb 69 63 e4 00 00 10 96 84 f0 52 32 a3 82
image_sample_b  v[136:137], v[56:59], s[76:83], s[24:27] dmask:11 dim:2d_msaa dlc glc d16
image_atomic_umax v29, [v83,v63], s[88:95] dmask:4 dim:2d unorm dlc d16
image_sample_c_cd_cl_o v19, [v125,v231,v162,v253,v100,v21,v162,v251,v105,v99,v228], s[92:99], s[92:95] dmask:8 dim:2d_msaa_array glc d16
image_sample_cl v50, v[82:85], s[12:15], s[84:87] dmask:6 dim:3d unorm r128 d16
