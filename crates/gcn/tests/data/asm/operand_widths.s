# Destination widths as clrxdisasm prints them (../shared/oracles/clrx/disasm rows such as
# `flat_atomic_cmpswap v255, v[13:14], v[10:11] glc` and
# `v_mqsad_u32_u8  v[93:96], v[3:4], s13, s[83:86]`): a compare-swap returns the old
# value (32 or 64 bits; tfe adds one), v_mqsad_u32_u8 has 128-bit vdst and src2. The
# SP3-style full-width cmpswap destination is still accepted.
# test: disasm
.gpu Fiji
flat_atomic_cmpswap v255, v[13:14], v[10:11] glc
flat_atomic_cmpswap v[1:2], v[13:14], v[10:11] glc tfe
flat_atomic_cmpswap_x2 v[1:2], v[1:2], v[227:230] glc
flat_atomic_cmpswap_x2 v[4:7], v[5:6], v[11:14] glc slc
v_mqsad_u32_u8  v[93:96], v[3:4], s13, v[83:86]
v_mqsad_u32_u8  v[6:9], s[37:38], v166, v[180:183] mul:2 clamp
#### EXPECTED
arch GCN1.2
0000: 00 00 05 dd 0d 0a 00 ff 00 00 05 dd 0d 0a 80 01
0010: 00 00 85 dd 01 e3 00 01 00 00 87 dd 05 0b 00 04
0020: 5d 00 e7 d1 03 1b 4c 05 06 80 e7 d1 25 4c d3 0e
flat_atomic_cmpswap v255, v[13:14], v[10:11] glc
flat_atomic_cmpswap v[1:2], v[13:14], v[10:11] glc tfe
flat_atomic_cmpswap_x2 v[1:2], v[1:2], v[227:230] glc
flat_atomic_cmpswap_x2 v[4:5], v[5:6], v[11:14] glc slc
v_mqsad_u32_u8  v[93:96], v[3:4], s13, v[83:86]
v_mqsad_u32_u8  v[6:9], s[37:38], v166, v[180:183] mul:2 clamp
