// Kernel-scope __local arrays become module globals; barrier calls the SPIR-mangled
// builtin with CLK_LOCAL_MEM_FENCE.
__kernel void reduce(__global const int *in, __global int *out, __local int *scratch)
{
    __local int tile[64];
    size_t lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    scratch[lid] = tile[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[get_group_id(0)] = scratch[0] + tile[1];
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @reduce.tile: [64 x i32] addrspace(3) align 4
declare @_Z12get_local_idj(i32) -> i64
declare @_Z13get_global_idj(i32) -> i64
declare @_Z7barrierj(i32) -> void
declare @_Z12get_group_idj(i32) -> i64
function @reduce(ptr1 "in", ptr1 "out", ptr3 "scratch") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none") !kernel_arg_addr_space("global", "global", "local") !kernel_arg_type("int*", "int*", "int*") !kernel_arg_type_qual("const", "", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr3):
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr3 align 8
    v6 = alloca.ptr0 i64 align 8
    store v3, v0 align 8
    store v4, v1 align 8
    store v5, v2 align 8
    v7 = const.i32 0
    v8 = const.i32 0
    v9 = call.i64 @_Z12get_local_idj(v8)
    store v6, v9 align 8
    v10 = global_addr.ptr3 @reduce.tile
    v11 = load.i64 v6 align 8
    v12 = const.i64 4
    v13 = imul.i64 v11, v12
    v14 = ptradd.ptr3 v10, v13
    v15 = load.ptr1 v3 align 8
    v16 = const.i32 0
    v17 = const.i32 0
    v18 = call.i64 @_Z13get_global_idj(v17)
    v19 = const.i64 4
    v20 = imul.i64 v18, v19
    v21 = ptradd.ptr1 v15, v20
    v22 = load.i32 v21 align 4
    store v14, v22 align 4
    v23 = load.ptr3 v5 align 8
    v24 = load.i64 v6 align 8
    v25 = const.i64 4
    v26 = imul.i64 v24, v25
    v27 = ptradd.ptr3 v23, v26
    v28 = global_addr.ptr3 @reduce.tile
    v29 = load.i64 v6 align 8
    v30 = const.i64 4
    v31 = imul.i64 v29, v30
    v32 = ptradd.ptr3 v28, v31
    v33 = load.i32 v32 align 4
    store v27, v33 align 4
    v34 = const.i32 1
    v35 = const.i32 1
    call @_Z7barrierj(v35)
    v36 = load.i64 v6 align 8
    v37 = const.i32 0
    v38 = const.i64 0
    v39 = icmp.i1 eq v36, v38
    v40 = zext.i32 v39
    brif v39, block1, block2
block1:
    v41 = load.ptr1 v4 align 8
    v42 = const.i32 0
    v43 = const.i32 0
    v44 = call.i64 @_Z12get_group_idj(v43)
    v45 = const.i64 4
    v46 = imul.i64 v44, v45
    v47 = ptradd.ptr1 v41, v46
    v48 = load.ptr3 v5 align 8
    v49 = const.i32 0
    v50 = const.i64 0
    v51 = const.i64 0
    v52 = ptradd.ptr3 v48, v51
    v53 = load.i32 v52 align 4
    v54 = global_addr.ptr3 @reduce.tile
    v55 = const.i32 1
    v56 = const.i64 1
    v57 = const.i64 4
    v58 = ptradd.ptr3 v54, v57
    v59 = load.i32 v58 align 4
    v60 = iadd.i32 v53, v59
    store v47, v60 align 4
    jump block2
block2:
    return
}
*/
