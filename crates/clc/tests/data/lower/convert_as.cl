// convert_T with saturation and rounding; as_T reinterprets bits.
__kernel void k(__global float4 *f, __global int4 *i, __global uchar4 *c, __global uint *u)
{
    i[0] = convert_int4_sat_rte(f[0]);
    c[0] = convert_uchar4_sat(i[1]);
    f[1] = convert_float4(i[2]);
    u[0] = as_uint(f[2].x);
    i[3] = as_int4(f[3]);
    c[1] = convert_uchar4(i[3]);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "f", ptr1 "i", ptr1 "c", ptr1 "u") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none", "none") !kernel_arg_addr_space("global", "global", "global", "global") !kernel_arg_type("float4*", "int4*", "uchar4*", "uint*") !kernel_arg_type_qual("", "", "", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr1, v3: ptr1):
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr1 align 8
    v6 = alloca.ptr0 ptr1 align 8
    v7 = alloca.ptr0 ptr1 align 8
    store v4, v0 align 8
    store v5, v1 align 8
    store v6, v2 align 8
    store v7, v3 align 8
    v8 = load.ptr1 v5 align 8
    v9 = const.i32 0
    v10 = const.i64 0
    v11 = const.i64 0
    v12 = ptradd.ptr1 v8, v11
    v13 = load.ptr1 v4 align 8
    v14 = const.i32 0
    v15 = const.i64 0
    v16 = const.i64 0
    v17 = ptradd.ptr1 v13, v16
    v18 = load.v4f32 v17 align 16
    v19 = fptosi.v4i32 v18 rte sat
    store v12, v19 align 16
    v20 = load.ptr1 v6 align 8
    v21 = const.i32 0
    v22 = const.i64 0
    v23 = const.i64 0
    v24 = ptradd.ptr1 v20, v23
    v25 = load.ptr1 v5 align 8
    v26 = const.i32 1
    v27 = const.i64 1
    v28 = const.i64 16
    v29 = ptradd.ptr1 v25, v28
    v30 = load.v4i32 v29 align 16
    v31 = const.v4i32 [0, 0, 0, 0]
    v32 = smax.v4i32 v30, v31
    v33 = const.v4i32 [255, 255, 255, 255]
    v34 = smin.v4i32 v32, v33
    v35 = trunc.v4i8 v34
    store v24, v35 align 4
    v36 = load.ptr1 v4 align 8
    v37 = const.i32 1
    v38 = const.i64 1
    v39 = const.i64 16
    v40 = ptradd.ptr1 v36, v39
    v41 = load.ptr1 v5 align 8
    v42 = const.i32 2
    v43 = const.i64 2
    v44 = const.i64 32
    v45 = ptradd.ptr1 v41, v44
    v46 = load.v4i32 v45 align 16
    v47 = sitofp.v4f32 v46
    store v40, v47 align 16
    v48 = load.ptr1 v7 align 8
    v49 = const.i32 0
    v50 = const.i64 0
    v51 = const.i64 0
    v52 = ptradd.ptr1 v48, v51
    v53 = load.ptr1 v4 align 8
    v54 = const.i32 2
    v55 = const.i64 2
    v56 = const.i64 32
    v57 = ptradd.ptr1 v53, v56
    v58 = load.v4f32 v57 align 16
    v59 = extract.f32 v58, 0
    v60 = bitcast.i32 v59
    store v52, v60 align 4
    v61 = load.ptr1 v5 align 8
    v62 = const.i32 3
    v63 = const.i64 3
    v64 = const.i64 48
    v65 = ptradd.ptr1 v61, v64
    v66 = load.ptr1 v4 align 8
    v67 = const.i32 3
    v68 = const.i64 3
    v69 = const.i64 48
    v70 = ptradd.ptr1 v66, v69
    v71 = load.v4f32 v70 align 16
    v72 = bitcast.v4i32 v71
    store v65, v72 align 16
    v73 = load.ptr1 v6 align 8
    v74 = const.i32 1
    v75 = const.i64 1
    v76 = const.i64 4
    v77 = ptradd.ptr1 v73, v76
    v78 = load.ptr1 v5 align 8
    v79 = const.i32 3
    v80 = const.i64 3
    v81 = const.i64 48
    v82 = ptradd.ptr1 v78, v81
    v83 = load.v4i32 v82 align 16
    v84 = trunc.v4i8 v83
    store v77, v84 align 4
    return
}
*/
