// Program-scope pointers held in __constant data: each address is a relocation of the
// initializer (`relocs(offset: @target + addend)`), over zero bytes. String literals
// become `.str` globals (one per content); `"abc" + 1`, `&"abc"[2]`, an element of a
// table (`tbl[1]`, `&tbl[1][1]`), a cast, a struct member, and a pointer to a pointer
// (`&a`) are address constants, as clang-14 accepts them; 0 stays the null pointer.
// Pointers are 8 bytes on the host, so the relocations are 8 bytes apart.
__constant char *__constant names[] = {"alpha", "beta", "alpha"};
__constant char *__constant a = "abc" + 1;
__constant char *__constant b = &"abc"[2];
__constant char tbl[2][4] = {"ab", "cd"};
__constant char *__constant c = tbl[1];
__constant char *__constant d = &tbl[1][1];
__constant int *__constant e = (__constant int *)tbl;
struct S { int x; __constant char *p; };
__constant struct S s = {7, "q"};
__constant char *__constant f = 0;
__constant char *__constant *__constant pp = &a;

__kernel void k(__global char *out, int i)
{
    out[0] = names[i][0] + *a + *b + *c + *d + (char)*e + s.p[0] + (f == 0) + **pp;
}

/* EXPECTED
!opencl.ocl.version = (1, 2)
type %S = struct { i32, ptr2 }
global @.str: [6 x i8] addrspace(2) align 1 constant = bytes(616c70686100)
global @.str.1: [5 x i8] addrspace(2) align 1 constant = bytes(6265746100)
global @names: [3 x ptr2] addrspace(2) align 8 constant = bytes(000000000000000000000000000000000000000000000000) relocs(0: @.str, 8: @.str.1, 16: @.str)
global @.str.2: [4 x i8] addrspace(2) align 1 constant = bytes(61626300)
global @a: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @.str.2 + 1)
global @b: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @.str.2 + 2)
global @tbl: [2 x [4 x i8]] addrspace(2) align 1 constant = bytes(6162000063640000)
global @c: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @tbl + 4)
global @d: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @tbl + 5)
global @e: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @tbl)
global @.str.3: [2 x i8] addrspace(2) align 1 constant = bytes(7100)
global @s: %S addrspace(2) align 8 constant = bytes(07000000000000000000000000000000) relocs(8: @.str.3)
global @f: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000)
global @pp: ptr2 addrspace(2) align 8 constant = bytes(0000000000000000) relocs(0: @a)
function @k(ptr1 "out", i32 "i") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("global", "private") !kernel_arg_type("char*", "int") !kernel_arg_type_qual("", "") {
block0(v0: ptr1, v1: i32):
    v2 = alloca.ptr0 ptr1 align 8
    v3 = alloca.ptr0 i32 align 4
    store v2, v0 align 8
    store v3, v1 align 4
    v4 = load.ptr1 v2 align 8
    v5 = const.i32 0
    v6 = const.i64 0
    v7 = ptradd.ptr1 v4, v6
    v8 = global_addr.ptr2 @names
    v9 = load.i32 v3 align 4
    v10 = sext.i64 v9
    v11 = const.i64 8
    v12 = imul.i64 v10, v11
    v13 = ptradd.ptr2 v8, v12
    v14 = load.ptr2 v13 align 8
    v15 = const.i32 0
    v16 = const.i64 0
    v17 = ptradd.ptr2 v14, v16
    v18 = load.i8 v17 align 1
    v19 = global_addr.ptr2 @a
    v20 = load.ptr2 v19 align 8
    v21 = load.i8 v20 align 1
    v22 = sext.i32 v18
    v23 = sext.i32 v21
    v24 = iadd.i32 v22, v23
    v25 = global_addr.ptr2 @b
    v26 = load.ptr2 v25 align 8
    v27 = load.i8 v26 align 1
    v28 = sext.i32 v27
    v29 = iadd.i32 v24, v28
    v30 = global_addr.ptr2 @c
    v31 = load.ptr2 v30 align 8
    v32 = load.i8 v31 align 1
    v33 = sext.i32 v32
    v34 = iadd.i32 v29, v33
    v35 = global_addr.ptr2 @d
    v36 = load.ptr2 v35 align 8
    v37 = load.i8 v36 align 1
    v38 = sext.i32 v37
    v39 = iadd.i32 v34, v38
    v40 = global_addr.ptr2 @e
    v41 = load.ptr2 v40 align 8
    v42 = load.i32 v41 align 4
    v43 = trunc.i8 v42
    v44 = sext.i32 v43
    v45 = iadd.i32 v39, v44
    v46 = global_addr.ptr2 @s
    v47 = const.i64 8
    v48 = ptradd.ptr2 v46, v47
    v49 = load.ptr2 v48 align 8
    v50 = const.i32 0
    v51 = const.i64 0
    v52 = ptradd.ptr2 v49, v51
    v53 = load.i8 v52 align 1
    v54 = sext.i32 v53
    v55 = iadd.i32 v45, v54
    v56 = global_addr.ptr2 @f
    v57 = load.ptr2 v56 align 8
    v58 = const.i32 0
    v59 = const.ptr2 zero
    v60 = icmp.i1 eq v57, v59
    v61 = zext.i32 v60
    v62 = iadd.i32 v55, v61
    v63 = global_addr.ptr2 @pp
    v64 = load.ptr2 v63 align 8
    v65 = load.ptr2 v64 align 8
    v66 = load.i8 v65 align 1
    v67 = sext.i32 v66
    v68 = iadd.i32 v62, v67
    v69 = trunc.i8 v68
    store v7, v69 align 1
    return
}
*/
