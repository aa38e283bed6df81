// Usual arithmetic conversions, promotions, unsigned ops, shifts, comparisons, casts.
int f(char c, uint u, int i, float x, long l)
{
    int a = c + c;          // both promoted to int
    uint b = u / 3;         // udiv
    int d = i % 5;          // srem
    long e = i + l;         // sext then iadd
    float g = i * x;        // sitofp
    uint s = u >> 2;        // ushr
    int t = i >> 2;         // sshr
    int cmp = u < i;        // unsigned comparison (i converted to uint)
    return (int)(a + b + d + e + g + s + t + cmp);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @f(i8 "c", i32 "u", i32 "i", f32 "x", i64 "l") -> i32 {
block0(v0: i8, v1: i32, v2: i32, v3: f32, v4: i64):
    v5 = alloca.ptr0 i8 align 1
    v6 = alloca.ptr0 i32 align 4
    v7 = alloca.ptr0 i32 align 4
    v8 = alloca.ptr0 f32 align 4
    v9 = alloca.ptr0 i64 align 8
    v10 = alloca.ptr0 i32 align 4
    v16 = alloca.ptr0 i32 align 4
    v21 = alloca.ptr0 i32 align 4
    v25 = alloca.ptr0 i64 align 8
    v30 = alloca.ptr0 f32 align 4
    v35 = alloca.ptr0 i32 align 4
    v40 = alloca.ptr0 i32 align 4
    v44 = alloca.ptr0 i32 align 4
    store v5, v0 align 1
    store v6, v1 align 4
    store v7, v2 align 4
    store v8, v3 align 4
    store v9, v4 align 8
    v11 = load.i8 v5 align 1
    v12 = load.i8 v5 align 1
    v13 = sext.i32 v11
    v14 = sext.i32 v12
    v15 = iadd.i32 v13, v14
    store v10, v15 align 4
    v17 = load.i32 v6 align 4
    v18 = const.i32 3
    v19 = const.i32 3
    v20 = udiv.i32 v17, v19
    store v16, v20 align 4
    v22 = load.i32 v7 align 4
    v23 = const.i32 5
    v24 = srem.i32 v22, v23
    store v21, v24 align 4
    v26 = load.i32 v7 align 4
    v27 = load.i64 v9 align 8
    v28 = sext.i64 v26
    v29 = iadd.i64 v28, v27
    store v25, v29 align 8
    v31 = load.i32 v7 align 4
    v32 = load.f32 v8 align 4
    v33 = sitofp.f32 v31
    v34 = fmul.f32 v33, v32
    store v30, v34 align 4
    v36 = load.i32 v6 align 4
    v37 = const.i32 2
    v38 = const.i32 2
    v39 = ushr.i32 v36, v38
    store v35, v39 align 4
    v41 = load.i32 v7 align 4
    v42 = const.i32 2
    v43 = sshr.i32 v41, v42
    store v40, v43 align 4
    v45 = load.i32 v6 align 4
    v46 = load.i32 v7 align 4
    v47 = icmp.i1 ult v45, v46
    v48 = zext.i32 v47
    store v44, v48 align 4
    v49 = load.i32 v10 align 4
    v50 = load.i32 v16 align 4
    v51 = iadd.i32 v49, v50
    v52 = load.i32 v21 align 4
    v53 = iadd.i32 v51, v52
    v54 = load.i64 v25 align 8
    v55 = zext.i64 v53
    v56 = iadd.i64 v55, v54
    v57 = load.f32 v30 align 4
    v58 = sitofp.f32 v56
    v59 = fadd.f32 v58, v57
    v60 = load.i32 v35 align 4
    v61 = uitofp.f32 v60
    v62 = fadd.f32 v59, v61
    v63 = load.i32 v40 align 4
    v64 = sitofp.f32 v63
    v65 = fadd.f32 v62, v64
    v66 = load.i32 v44 align 4
    v67 = sitofp.f32 v66
    v68 = fadd.f32 v65, v67
    v69 = fptosi.i32 v68
    return v69
}
*/
