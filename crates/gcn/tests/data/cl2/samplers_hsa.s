# Samplers (global definitions, per-kernel ids, relocation slots), rw data, bss with
# alignment, and a kernel configured through .hsaconfig.
.amdcl2
.gpu GFX900
.driver_version 223600
.globaldata
    .fill 16, 1, 0xaa
.sampler 0x10, 0x22
.samplerreloc 0, 1
.samplerreloc 8, 0
.rwdata
rw: .int 7
.bssdata align=64
    .skip 32
.kernel h
    .hsaconfig
        .dims xyz
        .use_kernarg_segment_ptr
        .use_dispatch_ptr
        .use_ptr64
        .private_elem_size 4
        .kernarg_segment_align 16
        .wavefront_size 64
        .reserved_vgprs 10, 12
        .codeversion 1, 1
        .localsize 1024
        .arg n, uint
        .sampler 1
    .control_directive
        .fill 128, 1, 0x11
    .text
        s_mov_b32 s0, rw
        v_mov_b32 v5, 0
        s_endpgm
#### EXPECTED
device GFX900 driver 223600 64bit false arch_minor None arch_stepping None
acl None options ""
globaldata
    0000: aa aa aa aa aa aa aa aa aa aa aa aa aa aa aa aa
rwdata
    0000: 07 00 00 00
bss size 32 align 64
samplers Values([16, 34]) offsets [8, 0]
kernel h
  code
    0000: ff 00 80 be 55 55 55 55 80 02 0a 7e 00 00 81 bf
  reloc 0x4 Lo32 RwData+0
  samplers [1]
  config KernelConfig { dims: Mask(7), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 0, vgprs_num: 0, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 1024, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
  arg KernelArg { name: "n", type_name: "uint", kind: Value(ValueType { elem: UInt, len: 1 }), used: 3 }
  hsa HsaConfig { code_version_major: 1, code_version_minor: 1, machine_kind: 1, machine_major: 0, machine_minor: 0, machine_stepping: 0, kernel_code_entry_offset: 256, kernel_code_prefetch_offset: 0, kernel_code_prefetch_size: 0, max_scratch_backing_memory: 0, pgmrsrc1: 786497, pgmrsrc2: 5000, kernel_code_properties: 655370, workitem_private_segment_size: 0, workgroup_group_segment_size: 1024, gds_segment_size: 0, kernarg_segment_size: 4, workgroup_fbarrier_count: 0, wavefront_sgpr_count: 9, workitem_vgpr_count: 6, reserved_vgpr_first: 10, reserved_vgpr_count: 3, reserved_sgpr_first: 7, reserved_sgpr_count: 0, debug_wavefront_private_segment_offset_sgpr: 0, debug_private_segment_buffer_sgpr: 0, kernarg_segment_align_log2: 4, group_segment_align_log2: 4, private_segment_align_log2: 4, wavefront_size_log2: 6, call_convention: 0, reserved: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], runtime_loader_kernel_symbol: 0, control_directive: [] }
  control_directive
    0000: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0010: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0020: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0030: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0040: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0050: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0060: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
    0070: 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11 11
binary 3272 bytes
