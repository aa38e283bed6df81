# A kernel needs its 256 bytes of descriptor room in .text (the source leaves them
# with `.skip 256`).
.rocm
.gpu GFX900
.kernel k
    .config
        .dims x
.text
k:
    s_endpgm
#### EXPECTED
error: rocm_no_room.s:5:9: Kernel 'k': no room for its 256-byte descriptor at .text offset 0x0 (code is 0x4 bytes)
