# HSA layout: the kernels share one .text, and each kernel's code (what follows its
# label) is allocated on its own: `x` takes v1 in `ka` (v0 named there) and v0 in `kb`,
# whose code names no VGPR; a branch stays within its kernel.
.amdcl2
.gpu Tonga
.driver_version 191205
.hsalayout
.regvar x:v, y:v
.kernel ka
    .config
        .dims x
.kernel kb
    .config
        .dims x
.text
ka:
    .skip 256
    v_mov_b32 x, v0
    v_mov_b32 y, 1.0
1:  v_add_f32 y, x, y
    s_cbranch_scc0 1b
    s_endpgm
kb:
    .skip 256
    v_mov_b32 x, 2.0
    v_mov_b32 y, x
    s_endpgm
#### EXPECTED
device Tonga driver 191205 64bit false arch_minor None arch_stepping None
acl None options ""
samplers None offsets []
kernel ka
  code
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 5, vgprs_num: 3, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
kernel kb
  code
  config KernelConfig { dims: Mask(1), reqd_work_group_size: [0, 0, 0], work_group_size_hint: [0, 0, 0], vec_type_hint: "", sgprs_num: 5, vgprs_num: 1, pgmrsrc1: 0, pgmrsrc2: 0, priority: 0, float_mode: 192, ieee_mode: false, dx10_clamp: false, debug_mode: false, priv_mode: false, tg_size: false, exceptions: 0, local_size: 0, gds_size: 0, scratch_buffer: 0, use_args: false, use_setup: false, use_enqueue: false, use_generic: false, args: [], hsa: None }
binary 2668 bytes
