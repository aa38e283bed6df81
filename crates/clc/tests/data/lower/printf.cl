// OPTIONS: fp64
// printf: per-format callees with promoted arguments (char/short/bool to int, float to
// double with fp64), vectors unpromoted, %s literals in the table; the same format and
// types share an entry; an int of the wrong size is converted (warning); extra
// arguments are evaluated and ignored (warning).
kernel void k(global int *out, char c, short s, float f, float4 v, uchar16 u, long l)
{
    size_t gid = get_global_id(0);
    int r = printf("hello\n");
    out[0] = r;
    printf("%d %hhd %hu %c %f %e\n", s, c, s, c, f, 1.5);
    printf("%s=%v4hlf [%-8s]\n", "v", v, "pad");
    printf("%#v16hhx %ld %p\n", u, l, out);
    printf("gid %d\n", gid);
    printf("%d\n", 1, out[1]++);
    printf("%d" "%%\n", true);
    printf("hello\n");
}

/* EXPECTED
!kauai.printf.0 = ("hello\n", 0)
!kauai.printf.1 = ("%d %hhd %hu %c %f %e\n", 6, "i32", "i32", "i32", "i32", "f64", "f64")
!kauai.printf.2 = ("%s=%v4hlf [%-8s]\n", 1, "v4f32", "v", "pad")
!kauai.printf.3 = ("%#v16hhx %ld %p\n", 3, "v16i8", "i64", "ptr1")
!kauai.printf.4 = ("gid %d\n", 1, "i32")
!kauai.printf.5 = ("%d\n", 1, "i32")
!kauai.printf.6 = ("%d%%\n", 1, "i32")
!opencl.ocl.version = (1, 2)
declare @_Z13get_global_idj(i32) -> i64
declare @__kauai_printf.0() -> i32
declare @__kauai_printf.1(i32, i32, i32, i32, f64, f64) -> i32
declare @__kauai_printf.2(v4f32) -> i32
declare @__kauai_printf.3(v16i8, i64, ptr1) -> i32
declare @__kauai_printf.4(i32) -> i32
declare @__kauai_printf.5(i32) -> i32
declare @__kauai_printf.6(i32) -> i32
function @k(ptr1 "out", i8 "c", i16 "s", f32 "f", v4f32 "v", v16i8 "u", i64 "l") -> void "mux-kernel"="entry-point" !kernel_arg_access_qual("none", "none", "none", "none", "none", "none", "none") !kernel_arg_addr_space("global", "private", "private", "private", "private", "private", "private") !kernel_arg_type("int*", "char", "short", "float", "float4", "uchar16", "long") !kernel_arg_type_qual("", "", "", "", "", "", "") {
block0(v0: ptr1, v1: i8, v2: i16, v3: f32, v4: v4f32, v5: v16i8, v6: i64):
    v7 = alloca.ptr0 ptr1 align 8
    v8 = alloca.ptr0 i8 align 1
    v9 = alloca.ptr0 i16 align 2
    v10 = alloca.ptr0 f32 align 4
    v11 = alloca.ptr0 v4f32 align 16
    v12 = alloca.ptr0 v16i8 align 16
    v13 = alloca.ptr0 i64 align 8
    v14 = alloca.ptr0 i64 align 8
    v18 = alloca.ptr0 i32 align 4
    store v7, v0 align 8
    store v8, v1 align 1
    store v9, v2 align 2
    store v10, v3 align 4
    store v11, v4 align 16
    store v12, v5 align 16
    store v13, v6 align 8
    v15 = const.i32 0
    v16 = const.i32 0
    v17 = call.i64 @_Z13get_global_idj(v16)
    store v14, v17 align 8
    v19 = call.i32 @__kauai_printf.0()
    store v18, v19 align 4
    v20 = load.ptr1 v7 align 8
    v21 = const.i32 0
    v22 = const.i64 0
    v23 = const.i64 0
    v24 = ptradd.ptr1 v20, v23
    v25 = load.i32 v18 align 4
    store v24, v25 align 4
    v26 = load.i16 v9 align 2
    v27 = sext.i32 v26
    v28 = load.i8 v8 align 1
    v29 = sext.i32 v28
    v30 = load.i16 v9 align 2
    v31 = sext.i32 v30
    v32 = load.i8 v8 align 1
    v33 = sext.i32 v32
    v34 = load.f32 v10 align 4
    v35 = fpext.f64 v34
    v36 = const.f64 1.5
    v37 = call.i32 @__kauai_printf.1(v27, v29, v31, v33, v35, v36)
    v38 = load.v4f32 v11 align 16
    v39 = call.i32 @__kauai_printf.2(v38)
    v40 = load.v16i8 v12 align 16
    v41 = load.i64 v13 align 8
    v42 = load.ptr1 v7 align 8
    v43 = call.i32 @__kauai_printf.3(v40, v41, v42)
    v44 = load.i64 v14 align 8
    v45 = trunc.i32 v44
    v46 = call.i32 @__kauai_printf.4(v45)
    v47 = const.i32 1
    v48 = load.ptr1 v7 align 8
    v49 = const.i32 1
    v50 = const.i64 1
    v51 = const.i64 4
    v52 = ptradd.ptr1 v48, v51
    v53 = load.i32 v52 align 4
    v54 = const.i32 1
    v55 = iadd.i32 v53, v54
    store v52, v55 align 4
    v56 = call.i32 @__kauai_printf.5(v47)
    v57 = const.i32 1
    v58 = call.i32 @__kauai_printf.6(v57)
    v59 = call.i32 @__kauai_printf.0()
    return
}
--- warnings
warning: `%d` expects an `int`, the argument is `ulong`: it is converted
   ┌─ printf.cl:14:24
   │
14 │     printf("gid %d\n", gid);
   │                 --     ^^^ converted to `int`
   │                 │       
   │                 for this conversion

warning: this printf argument is not used by the format
   ┌─ printf.cl:15:23
   │
15 │     printf("%d\n", 1, out[1]++);
   │                       ^^^^^^^^ evaluated, then ignored

*/
