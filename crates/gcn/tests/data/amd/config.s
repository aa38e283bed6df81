# Every .config pseudo-op and the .arg forms of the OpenCL 1.2 format.
.amd
.gpu Hawaii
.driver_version 164205
.kernel k
    .config
        .dims xyz
        .cws 8, 4
        .sgprsnum 30
        .vgprsnum 12
        .hwlocal 1000
        .hwregion 0
        .floatmode 0xf0
        .scratchbuffer 64
        .uavid 11
        .uavprivate 32
        .printfid 9
        .privateid 8
        .cbid 10
        .earlyexit 1
        .condout 2
        .pgmrsrc2 0x40
        .ieeemode
        .tgsize
        .useprintf
        .useconstdata
        .exceptions 0x3
        .userdata ptr_uav_table, 0, 2, 2
        .userdata IMM_CONST_BUFFER, 1, 4, 4
        .sampler 1, 0x22
        .arg s, "struct x", structure, 20, unused
        .arg v, uint3
        .arg i1, image1d, write_only, 1
        .arg i2, "image2d_array_t", image2d_array, , 5, unused
        .arg smp, sampler
        .arg c, counter32, 3
        .arg g, "float*", float*, global, const restrict volatile, 20
        .arg q, "struct y*", structure*, 24, global, , , unused
        .arg o, "int*", int*, constant, const, 256, 21
        .arg l, "char*", char*, local, volatile
    .text
        s_mov_b32 s40, 0
        v_mov_b32 v13, 0
        s_endpgm
#### EXPECTED
device Hawaii 64bit false driver Version(164205) options ""
kernel k
  code
    0000: 80 03 a8 be 80 02 1a 7e 00 00 81 bf
  config AmdKernelConfig { dims: Some(7), reqd_work_group_size: [8, 4, 1], sgprs_num: 30, vgprs_num: 12, pgmrsrc2: 64, float_mode: 240, ieee_mode: true, tg_size: true, exceptions: 3, hw_local: 1000, hw_region: Some(0), uav_private: Some(32), uav_id: Some(11), const_buffer_id: Some(10), printf_id: Some(9), private_id: Some(8), scratch_buffer: 64, cond_out: 2, early_exit: 1, use_const_data: true, use_printf: true, samplers: [1, 34], user_datas: [UserData { data_class: 23, api_slot: 0, reg_start: 2, reg_size: 2 }, UserData { data_class: 2, api_slot: 1, reg_start: 4, reg_size: 4 }], args: [] }
  arg AmdArg { name: "s", type_name: "struct x", kind: Structure { size: 20 }, res_id: None, used: false }
  arg AmdArg { name: "v", type_name: "uint3", kind: Value(ValueType { elem: UInt, len: 3 }), res_id: None, used: true }
  arg AmdArg { name: "i1", type_name: "image1d_t", kind: Image { image: Image1d, access: WriteOnly }, res_id: Some(1), used: true }
  arg AmdArg { name: "i2", type_name: "image2d_array_t", kind: Image { image: Image2dArray, access: ReadOnly }, res_id: Some(5), used: false }
  arg AmdArg { name: "smp", type_name: "sampler_t", kind: Sampler, res_id: None, used: true }
  arg AmdArg { name: "c", type_name: "counter32_t", kind: Counter32, res_id: Some(3), used: true }
  arg AmdArg { name: "g", type_name: "float*", kind: Pointer { pointee: Value(ValueType { elem: Float, len: 1 }), space: Global, is_const: true, is_restrict: true, is_volatile: true, const_size: 0 }, res_id: Some(20), used: true }
  arg AmdArg { name: "q", type_name: "struct y*", kind: Pointer { pointee: Structure { size: 24 }, space: Global, is_const: false, is_restrict: false, is_volatile: false, const_size: 0 }, res_id: None, used: false }
  arg AmdArg { name: "o", type_name: "int*", kind: Pointer { pointee: Value(ValueType { elem: Int, len: 1 }), space: Constant, is_const: true, is_restrict: false, is_volatile: false, const_size: 256 }, res_id: Some(21), used: true }
  arg AmdArg { name: "l", type_name: "char*", kind: Pointer { pointee: Value(ValueType { elem: Char, len: 1 }), space: Local, is_const: false, is_restrict: false, is_volatile: true, const_size: 0 }, res_id: None, used: true }
binary 7736 bytes
