// Local arrays with initializers (zero-filled, then the given elements), sizes from the
// initializer, strings.
int f(int i)
{
    int a[6] = {1, 2, [4] = 9};
    int b[] = {3, 4, 5};
    char s[] = "hi";
    int m[2][2] = {1, 2, 3};
    return a[i] + b[i] + s[i] + m[1][i] + sizeof(b);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @f(i32 "i") -> i32 {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    v2 = alloca.ptr0 [6 x i32] align 4
    v28 = alloca.ptr0 [3 x i32] align 4
    v36 = alloca.ptr0 [3 x i8] align 1
    v50 = alloca.ptr0 [2 x [2 x i32]] align 4
    store v1, v0 align 4
    v3 = const.i64 0
    v4 = ptradd.ptr0 v2, v3
    v5 = const.i32 zero
    store v4, v5 align 4
    v6 = const.i64 4
    v7 = ptradd.ptr0 v2, v6
    v8 = const.i32 zero
    store v7, v8 align 4
    v9 = const.i64 8
    v10 = ptradd.ptr0 v2, v9
    v11 = const.i32 zero
    store v10, v11 align 4
    v12 = const.i64 12
    v13 = ptradd.ptr0 v2, v12
    v14 = const.i32 zero
    store v13, v14 align 4
    v15 = const.i64 16
    v16 = ptradd.ptr0 v2, v15
    v17 = const.i32 zero
    store v16, v17 align 4
    v18 = const.i64 20
    v19 = ptradd.ptr0 v2, v18
    v20 = const.i32 zero
    store v19, v20 align 4
    v21 = const.i32 1
    store v2, v21 align 4
    v22 = const.i64 4
    v23 = ptradd.ptr0 v2, v22
    v24 = const.i32 2
    store v23, v24 align 4
    v25 = const.i64 16
    v26 = ptradd.ptr0 v2, v25
    v27 = const.i32 9
    store v26, v27 align 4
    v29 = const.i32 3
    store v28, v29 align 4
    v30 = const.i64 4
    v31 = ptradd.ptr0 v28, v30
    v32 = const.i32 4
    store v31, v32 align 4
    v33 = const.i64 8
    v34 = ptradd.ptr0 v28, v33
    v35 = const.i32 5
    store v34, v35 align 4
    v37 = const.i64 0
    v38 = ptradd.ptr0 v36, v37
    v39 = const.i8 zero
    store v38, v39 align 1
    v40 = const.i64 1
    v41 = ptradd.ptr0 v36, v40
    v42 = const.i8 zero
    store v41, v42 align 1
    v43 = const.i64 2
    v44 = ptradd.ptr0 v36, v43
    v45 = const.i8 zero
    store v44, v45 align 1
    v46 = const.i8 104
    store v36, v46 align 1
    v47 = const.i64 1
    v48 = ptradd.ptr0 v36, v47
    v49 = const.i8 105
    store v48, v49 align 1
    v51 = const.i64 0
    v52 = ptradd.ptr0 v50, v51
    v53 = const.i32 zero
    store v52, v53 align 4
    v54 = const.i64 4
    v55 = ptradd.ptr0 v50, v54
    v56 = const.i32 zero
    store v55, v56 align 4
    v57 = const.i64 8
    v58 = ptradd.ptr0 v50, v57
    v59 = const.i32 zero
    store v58, v59 align 4
    v60 = const.i64 12
    v61 = ptradd.ptr0 v50, v60
    v62 = const.i32 zero
    store v61, v62 align 4
    v63 = const.i32 1
    store v50, v63 align 4
    v64 = const.i64 4
    v65 = ptradd.ptr0 v50, v64
    v66 = const.i32 2
    store v65, v66 align 4
    v67 = const.i64 8
    v68 = ptradd.ptr0 v50, v67
    v69 = const.i32 3
    store v68, v69 align 4
    v70 = load.i32 v1 align 4
    v71 = sext.i64 v70
    v72 = const.i64 4
    v73 = imul.i64 v71, v72
    v74 = ptradd.ptr0 v2, v73
    v75 = load.i32 v74 align 4
    v76 = load.i32 v1 align 4
    v77 = sext.i64 v76
    v78 = const.i64 4
    v79 = imul.i64 v77, v78
    v80 = ptradd.ptr0 v28, v79
    v81 = load.i32 v80 align 4
    v82 = iadd.i32 v75, v81
    v83 = load.i32 v1 align 4
    v84 = sext.i64 v83
    v85 = ptradd.ptr0 v36, v84
    v86 = load.i8 v85 align 1
    v87 = sext.i32 v86
    v88 = iadd.i32 v82, v87
    v89 = const.i32 1
    v90 = const.i64 1
    v91 = const.i64 8
    v92 = ptradd.ptr0 v50, v91
    v93 = load.i32 v1 align 4
    v94 = sext.i64 v93
    v95 = const.i64 4
    v96 = imul.i64 v94, v95
    v97 = ptradd.ptr0 v92, v96
    v98 = load.i32 v97 align 4
    v99 = iadd.i32 v88, v98
    v100 = const.i64 12
    v101 = sext.i64 v99
    v102 = iadd.i64 v101, v100
    v103 = trunc.i32 v102
    return v103
}
*/
