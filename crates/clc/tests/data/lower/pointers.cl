// Pointer arithmetic in bytes, pointer difference, comparison with NULL, work dimensions.
__kernel void k(__global int *p, __global int *q, __global long *out)
{
    __global int *r = p + 3;
    r--;
    out[0] = q - p;
    out[1] = r != NULL;
    out[2] = get_work_dim() + get_global_size(1) + get_num_groups(0);
    *(r + 1) = *p;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
declare @_Z12get_work_dimv() -> i32
declare @_Z15get_global_sizej(i32) -> i64
declare @_Z14get_num_groupsj(i32) -> i64
function @k(ptr1 "p", ptr1 "q", ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none") !kernel_arg_addr_space("global", "global", "global") !kernel_arg_type("int*", "int*", "long*") !kernel_arg_type_qual("", "", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr1):
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr1 align 8
    v6 = alloca.ptr0 ptr1 align 8
    store v3, v0 align 8
    store v4, v1 align 8
    store v5, v2 align 8
    v7 = load.ptr1 v3 align 8
    v8 = const.i32 3
    v9 = const.i64 3
    v10 = const.i64 12
    v11 = ptradd.ptr1 v7, v10
    store v6, v11 align 8
    v12 = load.ptr1 v6 align 8
    v13 = const.i32 1
    v14 = const.i64 1
    v15 = const.i64 -4
    v16 = ptradd.ptr1 v12, v15
    store v6, v16 align 8
    v17 = load.ptr1 v5 align 8
    v18 = const.i32 0
    v19 = const.i64 0
    v20 = const.i64 0
    v21 = ptradd.ptr1 v17, v20
    v22 = load.ptr1 v4 align 8
    v23 = load.ptr1 v3 align 8
    v24 = ptrtoint.i64 v22
    v25 = ptrtoint.i64 v23
    v26 = isub.i64 v24, v25
    v27 = const.i64 4
    v28 = sdiv.i64 v26, v27
    store v21, v28 align 8
    v29 = load.ptr1 v5 align 8
    v30 = const.i32 1
    v31 = const.i64 1
    v32 = const.i64 8
    v33 = ptradd.ptr1 v29, v32
    v34 = load.ptr1 v6 align 8
    v35 = const.i32 0
    v36 = const.ptr0 zero
    v37 = const.ptr1 zero
    v38 = icmp.i1 ne v34, v37
    v39 = zext.i32 v38
    v40 = sext.i64 v39
    store v33, v40 align 8
    v41 = load.ptr1 v5 align 8
    v42 = const.i32 2
    v43 = const.i64 2
    v44 = const.i64 16
    v45 = ptradd.ptr1 v41, v44
    v46 = call.i32 @_Z12get_work_dimv()
    v47 = const.i32 1
    v48 = const.i32 1
    v49 = call.i64 @_Z15get_global_sizej(v48)
    v50 = zext.i64 v46
    v51 = iadd.i64 v50, v49
    v52 = const.i32 0
    v53 = const.i32 0
    v54 = call.i64 @_Z14get_num_groupsj(v53)
    v55 = iadd.i64 v51, v54
    store v45, v55 align 8
    v56 = load.ptr1 v6 align 8
    v57 = const.i32 1
    v58 = const.i64 1
    v59 = const.i64 4
    v60 = ptradd.ptr1 v56, v59
    v61 = load.ptr1 v3 align 8
    v62 = load.i32 v61 align 4
    store v60, v62 align 4
    return
}
*/
