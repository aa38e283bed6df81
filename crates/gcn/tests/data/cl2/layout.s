# Switching places: each kernel and the global layout resume in the section they were
# last in; .get_driver_version; raw blobs in the 16.3 layout.
.amdcl2
.gpu Tonga
.driver_version 200406
.get_driver_version dv
.if dv >= 200406
    .globaldata
    .byte 1
.endif
.kernel a
    .metadata
        .byte 0xaa
    .setup
        .fill 16, 1, 0
        .quad 256           # kernel_code_entry_byte_offset
.kernel b
    .config
        .dims x
    .text
        s_nop 0
.kernel a
        .fill 232, 1, 0x22  # still in a's setup
    .text
        s_endpgm
.main
    .byte 2                 # back in global data
.kernel b
        s_endpgm            # back in b's code
#### EXPECTED
device Tonga driver 200406 64bit false arch_minor None arch_stepping None
acl None options ""
globaldata
    0000: 01 02
samplers None offsets []
kernel a
  code
    0000: 00 00 81 bf
  metadata
    0000: aa
  setup
    0000: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
    0010: 00 01 00 00 00 00 00 00 22 22 22 22 22 22 22 22
    0020: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0030: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0040: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0050: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0060: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0070: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0080: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    0090: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00a0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00b0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00c0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00d0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00e0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
    00f0: 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22 22
kernel b
  code
    0000: 00 00 80 bf 00 00 81 bf
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 5, vgprs_num: 1, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
binary 2980 bytes
