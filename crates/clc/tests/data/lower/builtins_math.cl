// Math builtins become IR operations, lane-wise on vectors; scalars widen to vectors.
__kernel void k(__global float4 *v, __global float *s)
{
    float x = s[0];
    s[1] = sqrt(x) + exp(x) + pow(x, 2.0f) + mad(x, x, 1.0f) + fabs(-x);
    s[2] = fmin(x, 1.0f) + clamp(x, 0.0f, 1.0f) + floor(x) + rsqrt(x) + native_sin(x);
    v[0] = fmax(v[1], 0.5f) + mix(v[1], v[2], 0.25f) + cos(v[3]);
    s[3] = dot(v[0], v[1]);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "v", ptr1 "s") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("float4*", "float*") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 f32 align 4
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = load.ptr1 v3 align 8
    v6 = const.i32 0
    v7 = const.i64 0
    v8 = const.i64 0
    v9 = ptradd.ptr1 v5, v8
    v10 = load.f32 v9 align 4
    store v4, v10 align 4
    v11 = load.ptr1 v3 align 8
    v12 = const.i32 1
    v13 = const.i64 1
    v14 = const.i64 4
    v15 = ptradd.ptr1 v11, v14
    v16 = load.f32 v4 align 4
    v17 = sqrt.f32 v16
    v18 = load.f32 v4 align 4
    v19 = math.f32 exp v18
    v20 = fadd.f32 v17, v19
    v21 = load.f32 v4 align 4
    v22 = const.f32 2.0
    v23 = math.f32 pow v21, v22
    v24 = fadd.f32 v20, v23
    v25 = load.f32 v4 align 4
    v26 = load.f32 v4 align 4
    v27 = const.f32 1.0
    v28 = math.f32 mad v25, v26, v27
    v29 = fadd.f32 v24, v28
    v30 = load.f32 v4 align 4
    v31 = fneg.f32 v30
    v32 = fabs.f32 v31
    v33 = fadd.f32 v29, v32
    store v15, v33 align 4
    v34 = load.ptr1 v3 align 8
    v35 = const.i32 2
    v36 = const.i64 2
    v37 = const.i64 8
    v38 = ptradd.ptr1 v34, v37
    v39 = load.f32 v4 align 4
    v40 = const.f32 1.0
    v41 = fmin.f32 v39, v40
    v42 = load.f32 v4 align 4
    v43 = const.f32 0.0
    v44 = const.f32 1.0
    v45 = fmax.f32 v42, v43
    v46 = fmin.f32 v45, v44
    v47 = fadd.f32 v41, v46
    v48 = load.f32 v4 align 4
    v49 = floor.f32 v48
    v50 = fadd.f32 v47, v49
    v51 = load.f32 v4 align 4
    v52 = math.f32 rsqrt v51
    v53 = fadd.f32 v50, v52
    v54 = load.f32 v4 align 4
    v55 = math.f32 sin v54
    v56 = fadd.f32 v53, v55
    store v38, v56 align 4
    v57 = load.ptr1 v2 align 8
    v58 = const.i32 0
    v59 = const.i64 0
    v60 = const.i64 0
    v61 = ptradd.ptr1 v57, v60
    v62 = load.ptr1 v2 align 8
    v63 = const.i32 1
    v64 = const.i64 1
    v65 = const.i64 16
    v66 = ptradd.ptr1 v62, v65
    v67 = load.v4f32 v66 align 16
    v68 = const.f32 0.5
    v69 = splat.v4f32 v68
    v70 = fmax.v4f32 v67, v69
    v71 = load.ptr1 v2 align 8
    v72 = const.i32 1
    v73 = const.i64 1
    v74 = const.i64 16
    v75 = ptradd.ptr1 v71, v74
    v76 = load.v4f32 v75 align 16
    v77 = load.ptr1 v2 align 8
    v78 = const.i32 2
    v79 = const.i64 2
    v80 = const.i64 32
    v81 = ptradd.ptr1 v77, v80
    v82 = load.v4f32 v81 align 16
    v83 = const.f32 0.25
    v84 = splat.v4f32 v83
    v85 = fsub.v4f32 v82, v76
    v86 = fmul.v4f32 v85, v84
    v87 = fadd.v4f32 v76, v86
    v88 = fadd.v4f32 v70, v87
    v89 = load.ptr1 v2 align 8
    v90 = const.i32 3
    v91 = const.i64 3
    v92 = const.i64 48
    v93 = ptradd.ptr1 v89, v92
    v94 = load.v4f32 v93 align 16
    v95 = math.v4f32 cos v94
    v96 = fadd.v4f32 v88, v95
    store v61, v96 align 16
    v97 = load.ptr1 v3 align 8
    v98 = const.i32 3
    v99 = const.i64 3
    v100 = const.i64 12
    v101 = ptradd.ptr1 v97, v100
    v102 = load.ptr1 v2 align 8
    v103 = const.i32 0
    v104 = const.i64 0
    v105 = const.i64 0
    v106 = ptradd.ptr1 v102, v105
    v107 = load.v4f32 v106 align 16
    v108 = load.ptr1 v2 align 8
    v109 = const.i32 1
    v110 = const.i64 1
    v111 = const.i64 16
    v112 = ptradd.ptr1 v108, v111
    v113 = load.v4f32 v112 align 16
    v114 = fmul.v4f32 v107, v113
    v115 = extract.f32 v114, 0
    v116 = extract.f32 v114, 1
    v117 = fadd.f32 v115, v116
    v118 = extract.f32 v114, 2
    v119 = fadd.f32 v117, v118
    v120 = extract.f32 v114, 3
    v121 = fadd.f32 v119, v120
    store v101, v121 align 4
    return
}
*/
