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
    v8 = call.i64 @_Z13get_global_idj(v7)
    store v6, v8 align 8
    v9 = load.ptr1 v5 align 8
    v10 = load.i64 v6 align 8
    v11 = const.i64 4
    v12 = imul.i64 v10, v11
    v13 = ptradd.ptr1 v9, v12
    v14 = load.ptr1 v3 align 8
    v15 = load.i64 v6 align 8
    v16 = const.i64 4
    v17 = imul.i64 v15, v16
    v18 = ptradd.ptr1 v14, v17
    v19 = load.f32 v18 align 4
    v20 = load.ptr1 v4 align 8
    v21 = load.i64 v6 align 8
    v22 = const.i64 4
    v23 = imul.i64 v21, v22
    v24 = ptradd.ptr1 v20, v23
    v25 = load.f32 v24 align 4
    v26 = fadd.f32 v19, v25
    store v13, v26 align 4
    return
}
*/
