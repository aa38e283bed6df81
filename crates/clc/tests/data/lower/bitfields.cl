// Bit-fields: System V placement in units of their type; reads shift the unit left then
// right (arithmetically for signed fields), writes mask and merge; __constant initial
// bytes pack the fields.
typedef struct { unsigned a : 3; int b : 4; unsigned c : 30; } B;
__constant B cb = { 6, -2, 8 };

__kernel void k(__global B *p, __global int *out)
{
    p->b = out[0];
    out[1] = p->b + cb.a;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %B = struct { [8 x i8] } align 4
global @cb: %B addrspace(2) align 4 constant = bytes(7600000008000000)
function @k(ptr1 "p", ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "global") !kernel_arg_type("B*", "int*") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: ptr1):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 ptr1 align 8
    store v2, v0 align 8
    store v3, v1 align 8
    v4 = load.ptr1 v2 align 8
    v5 = load.ptr1 v3 align 8
    v6 = const.i32 0
    v7 = const.i64 0
    v8 = const.i64 0
    v9 = ptradd.ptr1 v5, v8
    v10 = load.i32 v9 align 4
    v11 = load.i32 v4 align 4
    v12 = const.i32 -121
    v13 = band.i32 v11, v12
    v14 = const.i32 3
    v15 = ishl.i32 v10, v14
    v16 = const.i32 120
    v17 = band.i32 v15, v16
    v18 = bor.i32 v13, v17
    store v4, v18 align 4
    v19 = load.ptr1 v3 align 8
    v20 = const.i32 1
    v21 = const.i64 1
    v22 = const.i64 4
    v23 = ptradd.ptr1 v19, v22
    v24 = load.ptr1 v2 align 8
    v25 = load.i32 v24 align 4
    v26 = const.i32 25
    v27 = ishl.i32 v25, v26
    v28 = const.i32 28
    v29 = sshr.i32 v27, v28
    v30 = global_addr.ptr2 @cb
    v31 = load.i32 v30 align 4
    v32 = const.i32 29
    v33 = ishl.i32 v31, v32
    v34 = const.i32 29
    v35 = ushr.i32 v33, v34
    v36 = iadd.i32 v29, v35
    store v23, v36 align 4
    return
}
*/
