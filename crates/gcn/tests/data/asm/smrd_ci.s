# GCN 1.1 SMRD: dword offsets, SGPR offsets, literal offsets (above 255 or with lit()).
# test: disasm
.gpu Hawaii
s_load_dword s1, s[2:3], 0xff
s_load_dword s1, s[2:3], 0x12345
s_load_dword s1, s[2:3], lit(0x10)
s_buffer_load_dwordx2 s[4:5], s[8:11], s7
#### EXPECTED
arch GCN1.1
0000: ff 83 00 c0 ff 82 00 c0 45 23 01 00 ff 82 00 c0
0010: 10 00 00 00 07 08 42 c2
s_load_dword    s1, s[2:3], 0xff
s_load_dword    s1, s[2:3], 0x12345
s_load_dword    s1, s[2:3], lit(16)
s_buffer_load_dwordx2 s[4:5], s[8:11], s7
