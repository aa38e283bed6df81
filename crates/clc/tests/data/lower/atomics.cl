// 32-bit atomics on global and local memory: read-modify-write and compare-exchange.
__kernel void k(__global int *g, __global uint *ug, __local int *l, __global float *f)
{
    int old = atomic_add(g, 5);
    atomic_inc(&g[1]);
    atomic_max(ug, 3u);
    atomic_min(l, old);
    atom_xor(g + 2, 1);
    atomic_cmpxchg(g + 3, 0, 1);
    f[1] = atomic_xchg(f, 2.0f);
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
function @k(ptr1 "g", ptr1 "ug", ptr3 "l", ptr1 "f") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none", "none") !kernel_arg_addr_space("global", "global", "local", "global") !kernel_arg_type("int*", "uint*", "int*", "float*") !kernel_arg_type_qual("", "", "", "") {
block0(v0: ptr1, v1: ptr1, v2: ptr3, v3: ptr1):
    v4 = alloca.ptr0 ptr1 align 8
    v5 = alloca.ptr0 ptr1 align 8
    v6 = alloca.ptr0 ptr3 align 8
    v7 = alloca.ptr0 ptr1 align 8
    v8 = alloca.ptr0 i32 align 4
    store v4, v0 align 8
    store v5, v1 align 8
    store v6, v2 align 8
    store v7, v3 align 8
    v9 = load.ptr1 v4 align 8
    v10 = const.i32 5
    v11 = atomic_rmw.i32 add v9, v10 seq_cst
    store v8, v11 align 4
    v12 = load.ptr1 v4 align 8
    v13 = const.i32 1
    v14 = const.i64 1
    v15 = const.i64 4
    v16 = ptradd.ptr1 v12, v15
    v17 = const.i32 1
    v18 = atomic_rmw.i32 add v16, v17 seq_cst
    v19 = load.ptr1 v5 align 8
    v20 = const.i32 3
    v21 = atomic_rmw.i32 umax v19, v20 seq_cst
    v22 = load.ptr3 v6 align 8
    v23 = load.i32 v8 align 4
    v24 = atomic_rmw.i32 smin v22, v23 seq_cst
    v25 = load.ptr1 v4 align 8
    v26 = const.i32 2
    v27 = const.i64 2
    v28 = const.i64 8
    v29 = ptradd.ptr1 v25, v28
    v30 = const.i32 1
    v31 = atomic_rmw.i32 xor v29, v30 seq_cst
    v32 = load.ptr1 v4 align 8
    v33 = const.i32 3
    v34 = const.i64 3
    v35 = const.i64 12
    v36 = ptradd.ptr1 v32, v35
    v37 = const.i32 0
    v38 = const.i32 1
    v39 = cmpxchg.i32 v36, v37, v38 seq_cst
    v40 = load.ptr1 v7 align 8
    v41 = const.i32 1
    v42 = const.i64 1
    v43 = const.i64 4
    v44 = ptradd.ptr1 v40, v43
    v45 = load.ptr1 v7 align 8
    v46 = const.f32 2.0
    v47 = atomic_rmw.f32 xchg v45, v46 seq_cst
    store v44, v47 align 4
    return
}
*/
