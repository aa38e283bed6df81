# CLRX's sample kernel with configuration (docs/spec/amdcl2.md#source-layout), plus code using the
# arguments and a relocation against global data.
.amdcl2
.64bit
.gpu Bonaire
.driver_version 191205
.compile_options "-I ./ -cl-std=CL2.0"
.acl_version "AMD-COMP-LIB-v0.8 (0.0.SC_BUILD_NUMBER)"
.globaldata
gdata:
    .int 1, 2, 3, 4
.kernel DCT
    .config
        .dims xy
        .useargs
        .usesetup
        .setupargs
        .arg output, float*
        .arg input, float*
        .arg dct8x8, float*
        .arg dct8x8_trans, float*
        .arg inter, float*, local
        .arg width, uint
        .arg blockWidth, uint
        .arg inverse, uint
    .text
        s_load_dword    s0, s[4:5], 0x1
        s_mov_b32       s13, (gdata+8)>>32
        s_mov_b32       s12, (gdata+8)&0xffffffff
        s_mov_b32       s14, later%0x100000000
        v_mov_b32       v3, later/0x100000000
        s_endpgm
.globaldata
later:
    .int 5
#### EXPECTED
device Bonaire driver 191205 64bit true arch_minor None arch_stepping None
acl Some("AMD-COMP-LIB-v0.8 (0.0.SC_BUILD_NUMBER)") options "-I ./ -cl-std=CL2.0"
globaldata
    0000: 01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00
    0010: 05 00 00 00
samplers None offsets []
kernel DCT
  code
    0000: 01 05 00 c0 ff 03 8d be 55 55 55 55 ff 03 8c be
    0010: 55 55 55 55 ff 03 8e be 55 55 55 55 ff 02 06 7e
    0020: 55 55 55 55 00 00 81 bf
  reloc 0x8 Hi32 GlobalData+8
  reloc 0x10 Lo32 GlobalData+8
  reloc 0x18 Lo32 GlobalData+16
  reloc 0x20 Hi32 GlobalData+16
  config KernelConfig { dims: Mask(3), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 15, vgprs_num: 4, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: true, use_setup: true, use_enqueue: false, use_generic: false, args: [], hsa: None }
  arg KernelArg { name: "_.global_offset_0", type_name: "size_t", kind: Value(ValueType { elem: Long, len: 1 }), used: 3 }
  arg KernelArg { name: "_.global_offset_1", type_name: "size_t", kind: Value(ValueType { elem: Long, len: 1 }), used: 3 }
  arg KernelArg { name: "_.global_offset_2", type_name: "size_t", kind: Value(ValueType { elem: Long, len: 1 }), used: 3 }
  arg KernelArg { name: "_.printf_buffer", type_name: "size_t", kind: Pointer { pointee: Value(ValueType { elem: Void, len: 1 }), space: Global, is_const: false, is_restrict: false, is_volatile: false }, used: 1 }
  arg KernelArg { name: "_.vqueue_pointer", type_name: "size_t", kind: Value(ValueType { elem: Long, len: 1 }), used: 3 }
  arg KernelArg { name: "_.aqlwrap_pointer", type_name: "size_t", kind: Value(ValueType { elem: Long, len: 1 }), used: 3 }
  arg KernelArg { name: "output", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Global, is_const: false, is_restrict: false, is_volatile: false }, used: 3 }
  arg KernelArg { name: "input", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Global, is_const: false, is_restrict: false, is_volatile: false }, used: 3 }
  arg KernelArg { name: "dct8x8", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Global, is_const: false, is_restrict: false, is_volatile: false }, used: 3 }
  arg KernelArg { name: "dct8x8_trans", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Global, is_const: false, is_restrict: false, is_volatile: false }, used: 3 }
  arg KernelArg { name: "inter", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Local, is_const: false, is_restrict: false, is_volatile: false }, used: 3 }
  arg KernelArg { name: "width", type_name: "uint", kind: Value(ValueType { elem: UInt, len: 1 }), used: 3 }
  arg KernelArg { name: "blockWidth", type_name: "uint", kind: Value(ValueType { elem: UInt, len: 1 }), used: 3 }
  arg KernelArg { name: "inverse", type_name: "uint", kind: Value(ValueType { elem: UInt, len: 1 }), used: 3 }
binary 4504 bytes
