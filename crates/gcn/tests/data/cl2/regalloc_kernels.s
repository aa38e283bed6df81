# Register variables are allocated per kernel (each kernel's code on its own: `x` takes
# v2 in `a`, where v0 and v1 are named directly, and v1 in `b`), and the registers they
# take count in the kernel's default SGPR/VGPR numbers: `a` uses up to s19 (`r`, kept
# apart from the `p` its load reads and from s[8:9], named directly, on a multiple of
# 4 as a load of 8 dwords needs: s[12:19]) and v3 (`y`), `b`
# up to s0 and v1.
.amdcl2
.gpu Bonaire
.driver_version 191205
.regvar x:v, y:v, p:s:2, q:s, r:s:8
.kernel a
    .config
        .dims x
    .text
        s_mov_b64 p, s[8:9]
        s_load_dwordx8 r, p, 0
        s_waitcnt lgkmcnt(0)
        v_mov_b32 v1, r[7]
        v_mov_b32 x, v0
        v_mov_b32 y, 1.0
        v_add_f32 v1, x, y
        s_endpgm
.kernel b
    .config
        .dims x
    .text
        v_mov_b32 x, 1.0
        s_mov_b32 q, s8
        v_mov_b32 v0, x
        s_endpgm
#### EXPECTED
device Bonaire driver 191205 64bit false arch_minor None arch_stepping None
acl None options ""
samplers None offsets []
kernel a
  code
    0000: 08 04 80 be 00 01 c6 c0 7f 00 8c bf 13 02 02 7e
    0010: 00 03 04 7e f2 02 06 7e 02 07 02 06 00 00 81 bf
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 20, vgprs_num: 4, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
kernel b
  code
    0000: f2 02 02 7e 08 03 80 be 01 03 00 7e 00 00 81 bf
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 5, vgprs_num: 2, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
binary 2900 bytes
