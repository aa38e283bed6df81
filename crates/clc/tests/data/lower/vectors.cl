// Swizzles as rvalues and lvalues, vector literals, scalar widening, comparisons,
// the ternary operator with a vector condition.
__kernel void k(__global float4 *p, __global int4 *q)
{
    float4 v = p[0];
    float2 lo = v.lo;
    float s = v.w;
    v.xz = lo * 2.0f;
    v.s3 = s;
    float4 w = (float4)(lo, 1.0f, s);
    int4 m = v < w;
    q[0] = m;
    p[1] = m ? v : w;
    p[2] = (float4)(3.0f) + v;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "p", ptr1 "q") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("float4*", "int4*") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 v4f32 align 16
    v11 = alloca.ptr0 v2f32 align 8
    v14 = alloca.ptr0 f32 align 4
    v26 = alloca.ptr0 v4f32 align 16
    v37 = alloca.ptr0 v4i32 align 16
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = load.ptr1 v2 align 8
    v6 = const.i32 0
    v7 = const.i64 0
    v8 = const.i64 0
    v9 = ptradd.ptr1 v5, v8
    v10 = load.v4f32 v9 align 16
    store v4, v10 align 16
    v12 = load.v4f32 v4 align 16
    v13 = shuffle.v2f32 v12, v12, [0, 1]
    store v11, v13 align 8
    v15 = load.v4f32 v4 align 16
    v16 = extract.f32 v15, 3
    store v14, v16 align 4
    v17 = load.v2f32 v11 align 8
    v18 = const.f32 2.0
    v19 = splat.v2f32 v18
    v20 = fmul.v2f32 v17, v19
    v21 = load.v4f32 v4 align 16
    v22 = shuffle.v4f32 v21, v20, [4, 1, 5, 3]
    store v4, v22 align 16
    v23 = load.f32 v14 align 4
    v24 = load.v4f32 v4 align 16
    v25 = insert.v4f32 v24, v23, 3
    store v4, v25 align 16
    v27 = load.v2f32 v11 align 8
    v28 = const.f32 1.0
    v29 = load.f32 v14 align 4
    v30 = const.v4f32 undef
    v31 = extract.f32 v27, 0
    v32 = insert.v4f32 v30, v31, 0
    v33 = extract.f32 v27, 1
    v34 = insert.v4f32 v32, v33, 1
    v35 = insert.v4f32 v34, v28, 2
    v36 = insert.v4f32 v35, v29, 3
    store v26, v36 align 16
    v38 = load.v4f32 v4 align 16
    v39 = load.v4f32 v26 align 16
    v40 = fcmp.v4i1 olt v38, v39
    v41 = sext.v4i32 v40
    store v37, v41 align 16
    v42 = load.ptr1 v3 align 8
    v43 = const.i32 0
    v44 = const.i64 0
    v45 = const.i64 0
    v46 = ptradd.ptr1 v42, v45
    v47 = load.v4i32 v37 align 16
    store v46, v47 align 16
    v48 = load.ptr1 v2 align 8
    v49 = const.i32 1
    v50 = const.i64 1
    v51 = const.i64 16
    v52 = ptradd.ptr1 v48, v51
    v53 = load.v4i32 v37 align 16
    v54 = load.v4f32 v4 align 16
    v55 = load.v4f32 v26 align 16
    v56 = const.v4i32 zero
    v57 = icmp.v4i1 slt v53, v56
    v58 = select.v4f32 v57, v54, v55
    store v52, v58 align 16
    v59 = load.ptr1 v2 align 8
    v60 = const.i32 2
    v61 = const.i64 2
    v62 = const.i64 32
    v63 = ptradd.ptr1 v59, v62
    v64 = const.f32 3.0
    v65 = splat.v4f32 v64
    v66 = load.v4f32 v4 align 16
    v67 = fadd.v4f32 v65, v66
    store v63, v67 align 16
    return
}
*/
