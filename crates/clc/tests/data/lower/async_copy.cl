// async_work_group_copy: the work-items of the group share the copy (item lid copies
// elements lid, lid + local size, ...) and wait_group_events is a barrier.
__kernel void k(__global const float4 *in, __global float4 *out)
{
    __local float4 tile[8];
    event_t e = async_work_group_copy(tile, in, 8, 0);
    wait_group_events(1, &e);
    out[get_local_id(0)] = tile[7 - get_local_id(0)];
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @k.tile: [8 x v4f32] addrspace(3) align 16
declare @__kauai_async_copy(i64, i64, i64, i64, i64) -> void
declare @_Z12get_local_idj(i32) -> i64
declare @_Z14get_local_sizej(i32) -> i64
declare @__kauai_async_wait(i64, i64, i64) -> void
declare @_Z7barrierj(i32) -> void
function @k(ptr1 "in", ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("float4*", "float4*") !kernel_arg_type_qual("const", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 i32 align 4
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = global_addr.ptr3 @k.tile
    v6 = load.ptr1 v2 align 8
    v7 = const.i32 8
    v8 = const.i32 0
    v9 = const.i64 8
    v10 = const.i32 1
    v11 = ptrtoint.i64 v5
    v12 = ptrtoint.i64 v6
    v13 = const.i64 1
    v14 = zext.i64 v10
    call @__kauai_async_copy(v11, v12, v9, v13, v14)
    v15 = const.i32 0
    v16 = call.i64 @_Z12get_local_idj(v15)
    v17 = const.i32 0
    v18 = call.i64 @_Z14get_local_sizej(v17)
    v19 = const.i32 1
    v20 = call.i64 @_Z12get_local_idj(v19)
    v21 = const.i32 1
    v22 = call.i64 @_Z14get_local_sizej(v21)
    v23 = imul.i64 v20, v18
    v24 = iadd.i64 v16, v23
    v25 = imul.i64 v18, v22
    v26 = const.i32 2
    v27 = call.i64 @_Z12get_local_idj(v26)
    v28 = const.i32 2
    v29 = call.i64 @_Z14get_local_sizej(v28)
    v30 = imul.i64 v27, v25
    v31 = iadd.i64 v24, v30
    v32 = imul.i64 v25, v29
    jump block1(v31)
block1(v33: i64):
    v34 = icmp.i1 ult v33, v9
    brif v34, block2, block3
block2:
    v35 = const.i64 16
    v36 = imul.i64 v33, v35
    v37 = ptradd.ptr1 v6, v36
    v38 = const.i64 16
    v39 = imul.i64 v33, v38
    v40 = ptradd.ptr3 v5, v39
    v41 = load.v4f32 v37 align 16
    store v40, v41 align 16
    v42 = iadd.i64 v33, v32
    jump block1(v42)
block3:
    store v4, v10 align 4
    v43 = const.i32 1
    v44 = zext.i64 v43
    v45 = ptrtoint.i64 v4
    v46 = const.i64 4
    call @__kauai_async_wait(v44, v45, v46)
    v47 = const.i32 3
    call @_Z7barrierj(v47)
    v48 = load.ptr1 v3 align 8
    v49 = const.i32 0
    v50 = const.i32 0
    v51 = call.i64 @_Z12get_local_idj(v50)
    v52 = const.i64 16
    v53 = imul.i64 v51, v52
    v54 = ptradd.ptr1 v48, v53
    v55 = global_addr.ptr3 @k.tile
    v56 = const.i32 7
    v57 = const.i32 0
    v58 = const.i32 0
    v59 = call.i64 @_Z12get_local_idj(v58)
    v60 = const.i64 7
    v61 = isub.i64 v60, v59
    v62 = const.i64 16
    v63 = imul.i64 v61, v62
    v64 = ptradd.ptr3 v55, v63
    v65 = load.v4f32 v64 align 16
    store v54, v65 align 16
    return
}
*/
