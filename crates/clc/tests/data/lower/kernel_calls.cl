// A kernel may call another kernel (it is an ordinary call of the same function); a
// kernel without arguments has empty argument metadata; struct results travel through a
// hidden `sret` pointer.
typedef struct { int a; float b; } Pair;

Pair make_pair(int a) { Pair p = {a, 0.5f}; return p; }

__kernel void empty(void) { }

__kernel void inner(__global int *p) { p[0] = make_pair(3).a; }

__kernel void outer(__global int *p)
{
    inner(p);
    empty();
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %Pair = struct { i32, f32 }
function @make_pair(ptr0 "sret", i32 "a") -> void {
block0(v0: ptr0, v1: i32):
    v2 = alloca.ptr0 i32 align 4
    v3 = alloca.ptr0 %Pair align 4
    store v2, v1 align 4
    v4 = load.i32 v2 align 4
    store v3, v4 align 4
    v5 = const.i64 4
    v6 = ptradd.ptr0 v3, v5
    v7 = const.f32 0.5
    store v6, v7 align 4
    v8 = const.i64 0
    v9 = ptradd.ptr0 v0, v8
    v10 = ptradd.ptr0 v3, v8
    v11 = load.i32 v10 align 4
    store v9, v11 align 4
    v12 = const.i64 4
    v13 = ptradd.ptr0 v0, v12
    v14 = ptradd.ptr0 v3, v12
    v15 = load.i32 v14 align 4
    store v13, v15 align 4
    return
}
function @empty() -> void "mux-kernel"="entry-point" !kernel_arg_access_qual() !kernel_arg_addr_space() !kernel_arg_type() !kernel_arg_type_qual() {
block0:
    return
}
function @inner(ptr1 "p") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none") !kernel_arg_addr_space("global") !kernel_arg_type("int*") !kernel_arg_type_qual("") {
block0(v0: ptr1):
    v1 = alloca.ptr0 ptr1 align 8
    v8 = alloca.ptr0 %Pair align 4
    store v1, v0 align 8
    v2 = load.ptr1 v1 align 8
    v3 = const.i32 0
    v4 = const.i64 0
    v5 = const.i64 0
    v6 = ptradd.ptr1 v2, v5
    v7 = const.i32 3
    call @make_pair(v8, v7)
    v9 = load.i32 v8 align 4
    store v6, v9 align 4
    return
}
function @outer(ptr1 "p") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none") !kernel_arg_addr_space("global") !kernel_arg_type("int*") !kernel_arg_type_qual("") {
block0(v0: ptr1):
    v1 = alloca.ptr0 ptr1 align 8
    store v1, v0 align 8
    v2 = load.ptr1 v1 align 8
    call @inner(v2)
    call @empty()
    return
}
*/
