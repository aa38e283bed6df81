// Kernel attributes and argument metadata; an inline helper gets "alwaysinline".
inline int twice(int x) { return 2 * x; }

__kernel __attribute__((reqd_work_group_size(16, 1, 1))) __attribute__((vec_type_hint(float4)))
void k(__global const float *restrict a, __local int *tmp, __constant uint *c, int4 v, uint n)
{
    tmp[0] = twice(v.x) + c[n] + (int)a[0];
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @twice(i32 "x") -> i32 "alwaysinline" {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    store v1, v0 align 4
    v2 = const.i32 2
    v3 = load.i32 v1 align 4
    v4 = imul.i32 v2, v3
    return v4
}
function @k(ptr1 noalias "a", ptr3 "tmp", ptr2 "c", v4i32 "v", i32 "n") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none", "none", "none") !kernel_arg_addr_space("global", "local", "constant", "private", "private") !kernel_arg_type("float*", "int*", "uint*", "int4", "uint") !kernel_arg_type_qual("const restrict", "", "const", "", "") !reqd_work_group_size(16, 1, 1) !vec_type_hint("float4") {
block0(v0: ptr1, v1: ptr3, v2: ptr2, v3: v4i32, v4: i32):
    v5 = alloca.ptr0 ptr1 align 8
    v6 = alloca.ptr0 ptr3 align 8
    v7 = alloca.ptr0 ptr2 align 8
    v8 = alloca.ptr0 v4i32 align 16
    v9 = alloca.ptr0 i32 align 4
    store v5, v0 align 8
    store v6, v1 align 8
    store v7, v2 align 8
    store v8, v3 align 16
    store v9, v4 align 4
    v10 = load.ptr3 v6 align 8
    v11 = const.i32 0
    v12 = const.i64 0
    v13 = const.i64 0
    v14 = ptradd.ptr3 v10, v13
    v15 = load.v4i32 v8 align 16
    v16 = extract.i32 v15, 0
    v17 = call.i32 @twice(v16)
    v18 = load.ptr2 v7 align 8
    v19 = load.i32 v9 align 4
    v20 = zext.i64 v19
    v21 = const.i64 4
    v22 = imul.i64 v20, v21
    v23 = ptradd.ptr2 v18, v22
    v24 = load.i32 v23 align 4
    v25 = iadd.i32 v17, v24
    v26 = load.ptr1 v5 align 8
    v27 = const.i32 0
    v28 = const.i64 0
    v29 = const.i64 0
    v30 = ptradd.ptr1 v26, v29
    v31 = load.f32 v30 align 4
    v32 = fptosi.i32 v31
    v33 = iadd.i32 v25, v32
    store v14, v33 align 4
    return
}
*/
