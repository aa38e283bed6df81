// `%s` of a `__constant char *` known only at run time: the pointer is passed (a ptr2
// argument of the callee) and the table names it by argument index (`1`, after the
// int of `%d`), next to a literal `%s` kept in the table ("w").
__constant char *__constant names[] = {"ab", "cd"};

__kernel void k(int i)
{
    printf("%d [%s] %s\n", i, "w", i ? names[1] : "xy");
}

/* EXPECTED
!kauai.printf.0 = ("%d [%s] %s\n", 2, "i32", "ptr2", "w", 1)
!opencl.ocl.version = (1, 2)
global @.str: [3 x i8] addrspace(2) align 1 constant = bytes(616200)
global @.str.1: [3 x i8] addrspace(2) align 1 constant = bytes(636400)
global @names: [2 x ptr2] addrspace(2) align 8 constant = bytes(00000000000000000000000000000000) relocs(0: @.str, 8: @.str.1)
global @.str.2: [3 x i8] addrspace(2) align 1 constant = bytes(787900)
declare @__kauai_printf.0(i32, ptr2) -> i32
function @k(i32 "i") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none") !kernel_arg_addr_space("private") !kernel_arg_type("int") !kernel_arg_type_qual("") {
block0(v0: i32):
    v1 = alloca.ptr0 i32 align 4
    store v1, v0 align 4
    v2 = load.i32 v1 align 4
    v3 = load.i32 v1 align 4
    v4 = const.i32 zero
    v5 = icmp.i1 ne v3, v4
    brif v5, block1, block2
block1:
    v6 = global_addr.ptr2 @names
    v7 = const.i32 1
    v8 = const.i64 1
    v9 = const.i64 8
    v10 = ptradd.ptr2 v6, v9
    v12 = load.ptr2 v10 align 8
    jump block3(v12)
block2:
    v11 = global_addr.ptr2 @.str.2
    jump block3(v11)
block3(v13: ptr2):
    v14 = call.i32 @__kauai_printf.0(v2, v13)
    return
}
*/
