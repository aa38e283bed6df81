// Two kernel-scope __local variables of one name in different blocks get distinct
// module globals; a kernel-scope __constant is a global prefixed by the kernel name.
__kernel void k(__global int *out, int c)
{
    __constant int scale = 3;
    if (c) {
        __local int t[2];
        t[0] = c;
        out[0] = t[0] * scale;
    } else {
        __local int t[4];
        t[3] = c;
        out[1] = t[3];
    }
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @k.scale: i32 addrspace(2) align 4 constant = bytes(03000000)
global @k.t: [2 x i32] addrspace(3) align 4
global @k.t.1: [4 x i32] addrspace(3) align 4
function @k(ptr1 "out", i32 "c") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "private") !kernel_arg_type("int*", "int") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: i32):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 i32 align 4
    store v2, v0 align 8
    store v3, v1 align 4
    v4 = load.i32 v3 align 4
    v5 = const.i32 zero
    v6 = icmp.i1 ne v4, v5
    brif v6, block1, block3
block1:
    v7 = global_addr.ptr3 @k.t
    v8 = const.i32 0
    v9 = const.i64 0
    v10 = const.i64 0
    v11 = ptradd.ptr3 v7, v10
    v12 = load.i32 v3 align 4
    store v11, v12 align 4
    v13 = load.ptr1 v2 align 8
    v14 = const.i32 0
    v15 = const.i64 0
    v16 = const.i64 0
    v17 = ptradd.ptr1 v13, v16
    v18 = global_addr.ptr3 @k.t
    v19 = const.i32 0
    v20 = const.i64 0
    v21 = const.i64 0
    v22 = ptradd.ptr3 v18, v21
    v23 = load.i32 v22 align 4
    v24 = global_addr.ptr2 @k.scale
    v25 = load.i32 v24 align 4
    v26 = imul.i32 v23, v25
    store v17, v26 align 4
    jump block2
block3:
    v27 = global_addr.ptr3 @k.t.1
    v28 = const.i32 3
    v29 = const.i64 3
    v30 = const.i64 12
    v31 = ptradd.ptr3 v27, v30
    v32 = load.i32 v3 align 4
    store v31, v32 align 4
    v33 = load.ptr1 v2 align 8
    v34 = const.i32 1
    v35 = const.i64 1
    v36 = const.i64 4
    v37 = ptradd.ptr1 v33, v36
    v38 = global_addr.ptr3 @k.t.1
    v39 = const.i32 3
    v40 = const.i64 3
    v41 = const.i64 12
    v42 = ptradd.ptr3 v38, v41
    v43 = load.i32 v42 align 4
    store v37, v43 align 4
    jump block2
block2:
    return
}
*/
