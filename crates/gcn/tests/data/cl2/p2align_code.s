# Alignment inside a kernel's code pads with s_nop (bf800000), as in rawcode's .text and
# as CLRX pads code; an explicit fill value is kept.
.amdcl2
.gpu Bonaire
.driver_version 191205
.kernel k
    .config
        .dims x
    .text
        s_mov_b32 s0, 1
        .p2align 4
        s_endpgm
        .balign 8
        s_endpgm
        .align 16, 0
        s_endpgm
#### EXPECTED
device Bonaire driver 191205 64bit false arch_minor None arch_stepping None
acl None options ""
samplers None offsets []
kernel k
  code
    0000: 81 03 80 be 00 00 80 bf 00 00 80 bf 00 00 80 bf
    0010: 00 00 81 bf 00 00 80 bf 00 00 81 bf 00 00 00 00
    0020: 00 00 81 bf
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 5, vgprs_num: 1, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
binary 2056 bytes
