// OPTIONS: int64_atomics
// 64-bit atom_* functions on a device with cl_khr_int64_base_atomics.
__kernel void k(__global long *g, __global ulong *u)
{
    long old = atom_add(g, 5L);
    atom_max(u, (ulong)old);
    atom_cmpxchg(g + 1, 0L, 1L);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "g", ptr1 "u") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("long*", "ulong*") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    v4 = alloca.ptr0 i64 align 8
    store v2, v0 align 8
    store v3, v1 align 8
    v5 = load.ptr1 v2 align 8
    v6 = const.i64 5
    v7 = atomic_rmw.i64 add v5, v6 seq_cst
    store v4, v7 align 8
    v8 = load.ptr1 v3 align 8
    v9 = load.i64 v4 align 8
    v10 = atomic_rmw.i64 umax v8, v9 seq_cst
    v11 = load.ptr1 v2 align 8
    v12 = const.i32 1
    v13 = const.i64 1
    v14 = const.i64 8
    v15 = ptradd.ptr1 v11, v14
    v16 = const.i64 0
    v17 = const.i64 1
    v18 = cmpxchg.i64 v15, v16, v17 seq_cst
    return
}
*/
