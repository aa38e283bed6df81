// async_work_group_copy: every work-item copies the whole range at once (a loop), so
// the returned event is complete and wait_group_events has nothing to do.
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
    v11 = const.i64 0
    jump block1(v11)
block1(v10: i64):
    v12 = icmp.i1 ult v10, v9
    brif v12, block2, block3
block2:
    v13 = const.i64 16
    v14 = imul.i64 v10, v13
    v15 = ptradd.ptr1 v6, v14
    v16 = const.i64 16
    v17 = imul.i64 v10, v16
    v18 = ptradd.ptr3 v5, v17
    v19 = load.v4f32 v15 align 16
    store v18, v19 align 16
    v20 = const.i64 1
    v21 = iadd.i64 v10, v20
    jump block1(v21)
block3:
    v22 = const.i32 0
    store v4, v22 align 4
    v23 = const.i32 1
    v24 = load.ptr1 v3 align 8
    v25 = const.i32 0
    v26 = const.i32 0
    v27 = call.i64 @_Z12get_local_idj(v26)
    v28 = const.i64 16
    v29 = imul.i64 v27, v28
    v30 = ptradd.ptr1 v24, v29
    v31 = global_addr.ptr3 @k.tile
    v32 = const.i32 7
    v33 = const.i32 0
    v34 = const.i32 0
    v35 = call.i64 @_Z12get_local_idj(v34)
    v36 = const.i64 7
    v37 = isub.i64 v36, v35
    v38 = const.i64 16
    v39 = imul.i64 v37, v38
    v40 = ptradd.ptr3 v31, v39
    v41 = load.v4f32 v40 align 16
    store v30, v41 align 16
    return
}
*/
