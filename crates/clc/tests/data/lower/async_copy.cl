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
declare @_Z12get_local_idj(i32) -> i64
declare @_Z14get_local_sizej(i32) -> i64
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
    v10 = const.i32 0
    v11 = call.i64 @_Z12get_local_idj(v10)
    v12 = const.i32 0
    v13 = call.i64 @_Z14get_local_sizej(v12)
    v14 = const.i32 1
    v15 = call.i64 @_Z12get_local_idj(v14)
    v16 = const.i32 1
    v17 = call.i64 @_Z14get_local_sizej(v16)
    v18 = imul.i64 v15, v13
    v19 = iadd.i64 v11, v18
    v20 = imul.i64 v13, v17
    v21 = const.i32 2
    v22 = call.i64 @_Z12get_local_idj(v21)
    v23 = const.i32 2
    v24 = call.i64 @_Z14get_local_sizej(v23)
    v25 = imul.i64 v22, v20
    v26 = iadd.i64 v19, v25
    v27 = imul.i64 v20, v24
    jump block1(v26)
block1(v28: i64):
    v29 = icmp.i1 ult v28, v9
    brif v29, block2, block3
block2:
    v30 = const.i64 16
    v31 = imul.i64 v28, v30
    v32 = ptradd.ptr1 v6, v31
    v33 = const.i64 16
    v34 = imul.i64 v28, v33
    v35 = ptradd.ptr3 v5, v34
    v36 = load.v4f32 v32 align 16
    store v35, v36 align 16
    v37 = iadd.i64 v28, v27
    jump block1(v37)
block3:
    v38 = const.i32 0
    store v4, v38 align 4
    v39 = const.i32 1
    v40 = const.i32 3
    call @_Z7barrierj(v40)
    v41 = load.ptr1 v3 align 8
    v42 = const.i32 0
    v43 = const.i32 0
    v44 = call.i64 @_Z12get_local_idj(v43)
    v45 = const.i64 16
    v46 = imul.i64 v44, v45
    v47 = ptradd.ptr1 v41, v46
    v48 = global_addr.ptr3 @k.tile
    v49 = const.i32 7
    v50 = const.i32 0
    v51 = const.i32 0
    v52 = call.i64 @_Z12get_local_idj(v51)
    v53 = const.i64 7
    v54 = isub.i64 v53, v52
    v55 = const.i64 16
    v56 = imul.i64 v54, v55
    v57 = ptradd.ptr3 v48, v56
    v58 = load.v4f32 v57 align 16
    store v47, v58 align 16
    return
}
*/
