// Without doubles, a float printf argument stays a float (OpenCL C 6.12.13.3). A
// prototype of printf in the source is the builtin.
int printf(constant char *restrict fmt, ...);
kernel void k(float f, float2 v)
{
    printf("%f %a %v2hlg\n", f, f * 2.0f, v);
}

/* EXPECTED
!kauai.printf.0 = ("%f %a %v2hlg\n", 3, "f32", "f32", "v2f32")
!opencl.ocl.version = (1, 2)
declare @__kauai_printf.0(f32, f32, v2f32) -> i32
function @k(f32 "f", v2f32 "v") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none") !kernel_arg_addr_space("private", "private") !kernel_arg_type("float", "float2") !kernel_arg_type_qual("", "") {
block0(v0: f32, v1: v2f32):
    v2 = alloca.ptr0 f32 align 4
    v3 = alloca.ptr0 v2f32 align 8
    store v2, v0 align 4
    store v3, v1 align 8
    v4 = load.f32 v2 align 4
    v5 = load.f32 v2 align 4
    v6 = const.f32 2.0
    v7 = fmul.f32 v5, v6
    v8 = load.v2f32 v3 align 8
    v9 = call.i32 @__kauai_printf.0(v4, v7, v8)
    return
}
*/
