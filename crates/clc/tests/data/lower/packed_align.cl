// Members of a packed struct are accessed with the alignment their place has: `i` at
// offset 1 and `s` at offset 5 are byte-aligned (align 1), whether written by
// assignment or by an initializer; `t`, a normal struct's short at offset 2, keeps 2.
struct __attribute__((packed)) P { char c; int i; short s; };
struct Q { char c; short t; };

__kernel void k(__global int *out)
{
    struct P p = {'x', 0x01020304, -2};
    p.i += 1;
    struct Q q;
    q.t = 3;
    out[0] = p.i + p.s + q.t;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %P = packed struct { i8, i32, i16 }
type %Q = struct { i8, i16 }
function @k(ptr1 "out") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none") !kernel_arg_addr_space("global") !kernel_arg_type("int*") !kernel_arg_type_qual("") {
block0(v0: ptr1):
    v1 = alloca.ptr0 ptr1 align 8
    v2 = alloca.ptr0 %P align 1
    v18 = alloca.ptr0 %Q align 2
    store v1, v0 align 8
    v3 = const.i32 120
    v4 = const.i8 120
    store v2, v4 align 1
    v5 = const.i64 1
    v6 = ptradd.ptr0 v2, v5
    v7 = const.i32 16909060
    store v6, v7 align 1
    v8 = const.i64 5
    v9 = ptradd.ptr0 v2, v8
    v10 = const.i32 2
    v11 = ineg.i32 v10
    v12 = trunc.i16 v11
    store v9, v12 align 1
    v13 = const.i64 1
    v14 = ptradd.ptr0 v2, v13
    v15 = load.i32 v14 align 1
    v16 = const.i32 1
    v17 = iadd.i32 v15, v16
    store v14, v17 align 1
    v19 = const.i64 2
    v20 = ptradd.ptr0 v18, v19
    v21 = const.i32 3
    v22 = const.i16 3
    store v20, v22 align 2
    v23 = load.ptr1 v1 align 8
    v24 = const.i32 0
    v25 = const.i64 0
    v26 = const.i64 0
    v27 = ptradd.ptr1 v23, v26
    v28 = const.i64 1
    v29 = ptradd.ptr0 v2, v28
    v30 = load.i32 v29 align 1
    v31 = const.i64 5
    v32 = ptradd.ptr0 v2, v31
    v33 = load.i16 v32 align 1
    v34 = sext.i32 v33
    v35 = iadd.i32 v30, v34
    v36 = const.i64 2
    v37 = ptradd.ptr0 v18, v36
    v38 = load.i16 v37 align 2
    v39 = sext.i32 v38
    v40 = iadd.i32 v35, v39
    store v27, v40 align 4
    return
}
*/
