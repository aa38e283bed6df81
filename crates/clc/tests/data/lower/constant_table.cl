// Program-scope __constant tables: initial bytes laid out little-endian.
__constant float table[4] = {1.0f, 2.0f, 0.5f};
__constant int2 pairs[] = {(int2)(1, 2), (int2)(3, -1)};

__kernel void k(__global float *out, int i)
{
    out[0] = table[i] + (float)pairs[1].y;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
global @table: [4 x f32] addrspace(2) align 4 constant = bytes(0000803f000000400000003f00000000)
global @pairs: [2 x v2i32] addrspace(2) align 8 constant = bytes(010000000200000003000000ffffffff)
function @k(ptr1 "out", i32 "i") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "private") !kernel_arg_type("float*", "int") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: i32):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 i32 align 4
    store v2, v0 align 8
    store v3, v1 align 4
    v4 = load.ptr1 v2 align 8
    v5 = const.i32 0
    v6 = const.i64 0
    v7 = const.i64 0
    v8 = ptradd.ptr1 v4, v7
    v9 = global_addr.ptr2 @table
    v10 = load.i32 v3 align 4
    v11 = sext.i64 v10
    v12 = const.i64 4
    v13 = imul.i64 v11, v12
    v14 = ptradd.ptr2 v9, v13
    v15 = load.f32 v14 align 4
    v16 = global_addr.ptr2 @pairs
    v17 = const.i32 1
    v18 = const.i64 1
    v19 = const.i64 8
    v20 = ptradd.ptr2 v16, v19
    v21 = load.v2i32 v20 align 8
    v22 = extract.i32 v21, 1
    v23 = sitofp.f32 v22
    v24 = fadd.f32 v15, v23
    store v8, v24 align 4
    return
}
*/
