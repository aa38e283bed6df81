# c[i] = a[i] + b[i] for i < n: the OpenCL C kernel
#
#   __kernel __attribute__((reqd_work_group_size(64, 1, 1)))
#   void vector_add(__global const float *a, __global const float *b,
#                   __global float *c, uint n)
#
# written by hand for GCN 1.1 (Bonaire) in CLRX syntax, as an AMD OpenCL 2.0 binary.
# The device, the bitness and the driver layout come from the command line:
#   kauai asm -b amdcl2 -6 -t 200406 -g bonaire examples/vector_add_gcn.s -o vector_add.bin
.amdcl2
.kernel vector_add
    .config
        .dims x                 # one dimension: work-group id x in s6, local id x in v0
        .cws 64, 1, 1           # reqd_work_group_size(64, 1, 1)
        .useargs                # kernel argument pointer in s[4:5]
        .setupargs              # hidden arguments first: global offsets, printf, queues
        .arg a, "float*", float*, global, const
        .arg b, "float*", float*, global, const
        .arg c, "float*", float*, global
        .arg n, "uint", uint
    .text
        # Arguments (64-bit): 6 hidden pointer-sized ones, then a at byte 48, b at 56,
        # c at 64, n at 72. SMRD offsets count dwords on GCN 1.1.
        s_load_dword    s8, s[4:5], 0x0         # global_offset_0 (low dword)
        s_load_dwordx4  s[12:15], s[4:5], 0xc   # a, b
        s_load_dwordx2  s[16:17], s[4:5], 0x10  # c
        s_load_dword    s18, s[4:5], 0x12       # n
        s_waitcnt       lgkmcnt(0)
        # i = group_id * 64 + local_id + global_offset
        s_lshl_b32      s0, s6, 6
        v_add_i32       v0, vcc, s0, v0
        v_add_i32       v0, vcc, s8, v0
        v_cmp_gt_u32    vcc, s18, v0            # only work-items with i < n
        s_and_saveexec_b64 s[0:1], vcc
        s_cbranch_execz end
        v_lshlrev_b32   v1, 2, v0               # byte offset of element i
        # a + 4i and b + 4i as 64-bit flat addresses
        v_mov_b32       v3, s13
        v_add_i32       v4, vcc, s12, v1
        v_addc_u32      v5, vcc, 0, v3, vcc
        flat_load_dword v6, v[4:5]
        v_mov_b32       v3, s15
        v_add_i32       v7, vcc, s14, v1
        v_addc_u32      v8, vcc, 0, v3, vcc
        flat_load_dword v9, v[7:8]
        s_waitcnt       vmcnt(0) & lgkmcnt(0)
        v_add_f32       v6, v6, v9
        # c + 4i
        v_mov_b32       v3, s17
        v_add_i32       v7, vcc, s16, v1
        v_addc_u32      v8, vcc, 0, v3, vcc
        flat_store_dword v[7:8], v6
end:
        s_endpgm
