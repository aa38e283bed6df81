# Raw kernel parts: header, metadata, an explicit .data and every CAL-note pseudo-op.
.amd
.gpu Tonga
.64bit
.driver_info "@(#) OpenCL 1.2 AMD-APP (1800.11).  Driver version: 1800.11 (VM)"
.compile_options "-O0"
.globaldata
    .byte 1, 2, 3
.kernel k
    .header
        .int 0, 0, 0, 0, 8, 1, 0, 0
    .metadata
        .ascii ";ARGSTART:__OpenCL_k_kernel\n;ARGEND:__OpenCL_k_kernel\n"
    .data
        .byte 9, 9
    .inputs
        .int 1
    .outputs
    .uav
        .entry 12, 4, 0, 5
    .condout 3
    .floatconsts
        .segment 0, 4
    .intconsts
    .boolconsts
    .earlyexit 1
    .globalbuffers
    .constantbuffers
        .cbmask 0, 15
    .inputsamplers
        .sampler 0, 0x1
    .scratchbuffers
        .int 0
    .persistentbuffers
    .proginfo
        .entry 0x80001000, 0
    .subconstantbuffers
    .uavmailboxsize 0
    .uavopmask
        .byte 1
    .calnote 0x55
        .byte 0xaa
    .text
        s_endpgm
.get_driver_version dv
.int dv
#### EXPECTED
device Tonga 64bit true driver Info("@(#) OpenCL 1.2 AMD-APP (1800.11).  Driver version: 1800.11 (VM)") options "-O0"
globaldata
    0000: 01 02 03
kernel k
  code
    0000: 00 00 81 bf 2b bf 02 00
  data
    0000: 09 09
  header
    0000: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0010: 08 00 00 00 01 00 00 00 00 00 00 00 00 00 00 00
  metadata
    0000: 3b 41 52 47 53 54 41 52 54 3a 5f 5f 4f 70 65 6e
    0010: 43 4c 5f 6b 5f 6b 65 72 6e 65 6c 0a 3b 41 52 47
    0020: 45 4e 44 3a 5f 5f 4f 70 65 6e 43 4c 5f 6b 5f 6b
    0030: 65 72 6e 65 6c 0a
  calnote 2
    0000: 01 00 00 00
  calnote 3
  calnote 16
    0000: 0c 00 00 00 04 00 00 00 00 00 00 00 05 00 00 00
  calnote 4
    0000: 03 00 00 00
  calnote 5
    0000: 00 00 00 00 04 00 00 00
  calnote 6
  calnote 7
  calnote 8
    0000: 01 00 00 00
  calnote 9
  calnote 10
    0000: 00 00 00 00 0f 00 00 00
  calnote 11
    0000: 00 00 00 00 01 00 00 00
  calnote 13
    0000: 00 00 00 00
  calnote 12
  calnote 1
    0000: 00 10 00 80 00 00 00 00
  calnote 14
  calnote 15
    0000: 00 00 00 00
  calnote 17
    0000: 01
  calnote 85
    0000: aa
binary 1872 bytes
