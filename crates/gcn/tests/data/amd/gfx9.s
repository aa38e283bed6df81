# The OpenCL 1.2 format knows no GCN 1.4 device.
.amd
.gpu GFX900
.kernel k
    .config
    .text
        s_endpgm
#### EXPECTED
error: gfx9.s:3:1: Unsupported GPU device type by OpenCL 1.2 binary format: GFX900
