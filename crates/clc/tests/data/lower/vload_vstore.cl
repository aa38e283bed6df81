// vloadN/vstoreN address p + offset * N elements, element-aligned.
__kernel void k(__global const float *in, __global float *out)
{
    size_t i = get_global_id(0);
    float4 a = vload4(i, in);
    float3 b = vload3(i, in);
    vstore4(a * 2.0f, i, out);
    vstore3(b, 1, out);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
declare @_Z13get_global_idj(i32) -> i64
function @k(ptr1 "in", ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("float*", "float*") !kernel_arg_type_qual("const", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 i64 align 8
    v8 = alloca.ptr0 v4f32 align 16
    v15 = alloca.ptr0 v3f32 align 16
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = const.i32 0
    v6 = const.i32 0
    v7 = call.i64 @_Z13get_global_idj(v6)
    store v4, v7 align 8
    v9 = load.i64 v4 align 8
    v10 = load.ptr1 v2 align 8
    v11 = const.i64 16
    v12 = imul.i64 v9, v11
    v13 = ptradd.ptr1 v10, v12
    v14 = load.v4f32 v13 align 4
    store v8, v14 align 16
    v16 = load.i64 v4 align 8
    v17 = load.ptr1 v2 align 8
    v18 = const.i64 12
    v19 = imul.i64 v16, v18
    v20 = ptradd.ptr1 v17, v19
    v21 = load.v3f32 v20 align 4
    store v15, v21 align 16
    v22 = load.v4f32 v8 align 16
    v23 = const.f32 2.0
    v24 = splat.v4f32 v23
    v25 = fmul.v4f32 v22, v24
    v26 = load.i64 v4 align 8
    v27 = load.ptr1 v3 align 8
    v28 = const.i64 16
    v29 = imul.i64 v26, v28
    v30 = ptradd.ptr1 v27, v29
    store v30, v25 align 4
    v31 = load.v3f32 v15 align 16
    v32 = const.i32 1
    v33 = load.ptr1 v3 align 8
    v34 = const.i64 1
    v35 = const.i64 12
    v36 = imul.i64 v34, v35
    v37 = ptradd.ptr1 v33, v36
    store v37, v31 align 4
    return
}
*/
