__kernel void vadd(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
declare @_Z13get_global_idj(i32) -> i64
function @vadd(ptr1 "a", ptr1 "b", ptr1 "c") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none") !kernel_arg_addr_space("global", "global", "global") !kernel_arg_type("float*", "float*", "float*") !kernel_arg_type_qual("const", "const", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr1):
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr1 align 8
    v6 = alloca.ptr0 i64 align 8
    store v3, v0 align 8
    store v4, v1 align 8
    store v5, v2 align 8
    v7 = const.i32 0
    v8 = const.i32 0
    v9 = call.i64 @_Z13get_global_idj(v8)
    store v6, v9 align 8
    v10 = load.ptr1 v5 align 8
    v11 = load.i64 v6 align 8
    v12 = const.i64 4
    v13 = imul.i64 v11, v12
    v14 = ptradd.ptr1 v10, v13
    v15 = load.ptr1 v3 align 8
    v16 = load.i64 v6 align 8
    v17 = const.i64 4
    v18 = imul.i64 v16, v17
    v19 = ptradd.ptr1 v15, v18
    v20 = load.f32 v19 align 4
    v21 = load.ptr1 v4 align 8
    v22 = load.i64 v6 align 8
    v23 = const.i64 4
    v24 = imul.i64 v22, v23
    v25 = ptradd.ptr1 v21, v24
    v26 = load.f32 v25 align 4
    v27 = fadd.f32 v20, v26
    store v14, v27 align 4
    return
}
*/
