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
declare @__kauai_async_copy(i64, i64, i64, i64) -> void
declare @_Z12get_local_idj(i32) -> i64
declare @_Z14get_local_sizej(i32) -> i64
declare @__kauai_async_wait() -> void
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
    v10 = ptrtoint.i64 v5
    v11 = ptrtoint.i64 v6
    v12 = const.i64 1
    call @__kauai_async_copy(v10, v11, v9, v12)
    v13 = const.i32 0
    v14 = call.i64 @_Z12get_local_idj(v13)
    v15 = const.i32 0
    v16 = call.i64 @_Z14get_local_sizej(v15)
    v17 = const.i32 1
    v18 = call.i64 @_Z12get_local_idj(v17)
    v19 = const.i32 1
    v20 = call.i64 @_Z14get_local_sizej(v19)
    v21 = imul.i64 v18, v16
    v22 = iadd.i64 v14, v21
    v23 = imul.i64 v16, v20
    v24 = const.i32 2
    v25 = call.i64 @_Z12get_local_idj(v24)
    v26 = const.i32 2
    v27 = call.i64 @_Z14get_local_sizej(v26)
    v28 = imul.i64 v25, v23
    v29 = iadd.i64 v22, v28
    v30 = imul.i64 v23, v27
    jump block1(v29)
block1(v31: i64):
    v32 = icmp.i1 ult v31, v9
    brif v32, block2, block3
block2:
    v33 = const.i64 16
    v34 = imul.i64 v31, v33
    v35 = ptradd.ptr1 v6, v34
    v36 = const.i64 16
    v37 = imul.i64 v31, v36
    v38 = ptradd.ptr3 v5, v37
    v39 = load.v4f32 v35 align 16
    store v38, v39 align 16
    v40 = iadd.i64 v31, v30
    jump block1(v40)
block3:
    v41 = const.i32 0
    store v4, v41 align 4
    v42 = const.i32 1
    call @__kauai_async_wait()
    v43 = const.i32 3
    call @_Z7barrierj(v43)
    v44 = load.ptr1 v3 align 8
    v45 = const.i32 0
    v46 = const.i32 0
    v47 = call.i64 @_Z12get_local_idj(v46)
    v48 = const.i64 16
    v49 = imul.i64 v47, v48
    v50 = ptradd.ptr1 v44, v49
    v51 = global_addr.ptr3 @k.tile
    v52 = const.i32 7
    v53 = const.i32 0
    v54 = const.i32 0
    v55 = call.i64 @_Z12get_local_idj(v54)
    v56 = const.i64 7
    v57 = isub.i64 v56, v55
    v58 = const.i64 16
    v59 = imul.i64 v57, v58
    v60 = ptradd.ptr3 v51, v59
    v61 = load.v4f32 v60 align 16
    store v50, v61 align 16
    return
}
*/
