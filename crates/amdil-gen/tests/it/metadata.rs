//! The metadata the generator writes, read back with the IL toolkit's reader: the
//! argument layout must be exactly the one derived by hand from the rules of docs/spec/amd-runtime-abi.md#kernel-arguments-in-cb1, and a
//! multi-kernel program must link and run for every kernel.

use crate::common;
use common::*;

use kauai_amdil::metadata::{read_metadata, MdEntry, Memory};
use kauai_diag::Diagnostics;

/// (name, `value`/`pointer`, type, elements, cb1 offset, memory type) of each argument.
fn arg_layout(il: &str, kernel: &str) -> Vec<(String, &'static str, String, u32, u32, String)> {
    let p = parse_valid(il);
    let mut diags = Diagnostics::new();
    let md = read_metadata(&p, &mut diags);
    assert!(!diags.has_errors(), "{diags:?}");
    let k = md.kernel(kernel).expect("kernel block");
    k.entries
        .iter()
        .filter_map(|e| match e {
            MdEntry::Value(v) => {
                assert_eq!(v.cb, 1, "arguments live in cb1");
                Some((
                    v.name.clone(),
                    "value",
                    v.ty.clone(),
                    v.num,
                    v.offset,
                    String::new(),
                ))
            }
            MdEntry::Pointer(p) => {
                assert_eq!((p.cb, p.num), (1, 1));
                Some((
                    p.name.clone(),
                    "pointer",
                    p.ty.clone(),
                    p.num,
                    p.offset,
                    p.mem.clone(),
                ))
            }
            _ => None,
        })
        .collect()
}

const MANY: &str = "
typedef struct { int a; float b; char c[9]; } S;
__kernel void many(float a, __global int *p, double4 d, char8 c, S s, __local float *l,
                   __constant uint *k, short3 t, ulong u, float16 f, uchar2 b)
{
    p[0] = (int)a + (int)d.x + c.s7 + s.c[8] + (int)l[0] + k[0] + t.z + (int)u
         + (int)f.sf + b.y;
}
";

#[test]
fn argument_layout_follows_the_seed_on_evergreen() {
    let il = compile(MANY, "cypress", "").expect("compiles");
    let got = arg_layout(&il, "many");
    // Every argument starts a 16-byte slot at offset 0; a double4 (32 bytes) takes 2
    // slots, a char8 2 (4 packed components per slot), the 20-byte struct 2, a float16
    // 4, everything else 1. `__local` pointers are hardware local (`hl`) on Evergreen,
    // `__constant` ones emulated constant memory (`c`).
    let s = |v: &str| v.to_string();
    let want = vec![
        (s("a"), "value", s("float"), 1, 0, s("")),
        (s("p"), "pointer", s("i32"), 1, 16, s("uav")),
        (s("d"), "value", s("double"), 4, 32, s("")),
        (s("c"), "value", s("i8"), 8, 64, s("")),
        (s("s"), "value", s("struct"), 20, 96, s("")),
        (s("l"), "pointer", s("float"), 1, 128, s("hl")),
        (s("k"), "pointer", s("u32"), 1, 144, s("c")),
        (s("t"), "value", s("i16"), 3, 160, s("")),
        (s("u"), "value", s("u64"), 1, 176, s("")),
        (s("f"), "value", s("float"), 16, 192, s("")),
        (s("b"), "value", s("u8"), 2, 256, s("")),
    ];
    assert_eq!(got, want);
}

#[test]
fn local_pointers_are_emulated_on_7xx() {
    let src = "__kernel void k(__local int *a, __global int *g) { g[0] = a[0]; }";
    let il = compile(src, "rv770", "").expect("compiles");
    let got = arg_layout(&il, "k");
    assert_eq!(got[0].5, "l", "emulated local memory on HD4XXX");
    assert_eq!((got[1].4, got[1].5.as_str()), (16, "uav"));
}

/// Several kernels, a helper kept as a function, a __constant table, printf, local
/// memory declared in the kernel and passed as an argument.
const PROGRAM: &str = "
__constant int primes[6] = {2, 3, 5, 7, 11, 13};

int weight(int i) { return primes[i % 6] * (i + 1); }

__kernel void weights(__global int *out)
{
    int i = get_global_id(0);
    out[i] = weight(i);
}

__kernel void rotate(__global const int *in, __global int *out, __local int *buf)
{
    __local int base[1];
    int l = get_local_id(0);
    int n = get_local_size(0);
    buf[l] = in[get_global_id(0)];
    if (l == 0)
        base[0] = get_group_id(0) * 1000;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = buf[(l + 1) % n] + base[0];
}

__kernel void say(__global int *out, int k)
{
    int i = get_global_id(0);
    out[i] = printf(\"k=%d i=%d\\n\", k, i) + weight(k);
}
";

#[test]
fn multi_kernel_program_links_and_runs_every_kernel() {
    for mcpu in ["rv770", "cypress", "barts", "cayman"] {
        let il = compile_with(PROGRAM, mcpu, "", "-cl-opt-disable").expect("compiles");
        let p = parse_valid(&il);
        let mut diags = Diagnostics::new();
        let md = read_metadata(&p, &mut diags);
        // One wrapper block and one body block per kernel, one block for the helper.
        assert_eq!(md.kernels.len(), 7, "{mcpu}");
        assert_eq!(md.data.len(), 1, "one emulated data segment");
        let w = md.kernel("weights").expect("weights");
        assert!(
            w.has_memory_flag(&Memory::DataReqd),
            "{mcpu}: data segment needed"
        );

        // weights: primes[i % 6] * (i + 1).
        let out = run_kernel(
            &il,
            "weights",
            mcpu,
            &[words(&[0; 8])],
            [8, 1, 1],
            [4, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        let primes = [2, 3, 5, 7, 11, 13];
        let want: Vec<u32> = (0..8u32)
            .map(|i| primes[(i % 6) as usize] * (i + 1))
            .collect();
        assert_eq!(as_u32(&out[0]), want, "{mcpu}");

        // rotate: out = in[(l + 1) % n of the group] + 1000 * group.
        let input: Vec<u32> = (10..18).collect();
        let out = run_kernel(
            &il,
            "rotate",
            mcpu,
            &[words(&input), words(&[0; 8]), Arg::Local(16)],
            [8, 1, 1],
            [4, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        let want: Vec<u32> = (0..8u32)
            .map(|g| {
                let (grp, l) = (g / 4, g % 4);
                input[(grp * 4 + (l + 1) % 4) as usize] + 1000 * grp
            })
            .collect();
        assert_eq!(as_u32(&out[1]), want, "{mcpu}");
        let rk = md.kernel("rotate").expect("rotate");
        let local_kind = if mcpu == "rv770" {
            Memory::Local(4)
        } else {
            Memory::HwLocal(4)
        };
        assert!(rk.entries.contains(&MdEntry::Memory(local_kind)), "{mcpu}");

        // say: printf writes "k=4 i=<i>" (the record fits: it returns 0) + weight(4) =
        // primes[4] * 5 = 55.
        let (out, text) = run_kernel_printf(
            &il,
            "say",
            mcpu,
            &[words(&[0; 2]), val32(4)],
            [2, 1, 1],
            [2, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        assert_eq!(as_u32(&out[0]), vec![55, 55], "{mcpu}");
        assert_eq!(text, "k=4 i=0\nk=4 i=1\n", "{mcpu}");
        let fmts: Vec<_> = md.kernels.iter().flat_map(|k| k.printf_formats()).collect();
        assert_eq!(fmts.len(), 1);
        assert_eq!(fmts[0].format(), "k=%d i=%d\n");
        assert_eq!(fmts[0].arg_sizes, vec![4, 4]);
    }
}

/// A finalized module whose helper `@h` (a `__local` pointer parameter, so it uses LDS)
/// no kernel calls, as a pipeline that keeps uncalled functions hands it over.
const UNCALLED: &str = "target pointer_bytes 4
function @h(ptr3 \"p\") -> void {
block0(v0: ptr3):
    v1 = const.i32 1
    store v0, v1 align 4
    return
}
function @k(ptr1 \"o\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"int*\") {
block0(v0: ptr1):
    v1 = const.i32 3
    store v0, v1 align 4
    return
}
";

#[test]
fn a_helper_no_kernel_calls_is_not_compiled() {
    let m = kauai_ir::parse_str("uncalled.ir", UNCALLED).unwrap_or_else(|e| panic!("{e}"));
    let opts = kauai_amdil_gen::TargetOptions::new("cypress").expect("device");
    let il = kauai_amdil_gen::generate(&m, &opts).expect("generates");
    // Compiled, `@h` would store to LDS id 1, which no kernel declares.
    parse_valid(&il);
    assert!(!il.contains("; h\n"), "{il}");
}

/// What IL cannot express for images is refused by name: an image that is not the
/// kernel's own argument (resources are numbered), a sampler that is neither an argument
/// nor a constant, write-only images on 7XX (no UAV for them), a kernel taking images
/// that another kernel calls, eight write-only images (every UAV) with global memory, more
/// samplers than the device has.
#[test]
fn image_limits_and_unresolvable_images_are_refused_by_name() {
    let helper = "target pointer_bytes 4
declare @__kauai_get_image_width(ptr5) -> i32
function @h(ptr5 \"img\") -> i32 {
block0(v0: ptr5):
    v1 = call.i32 @__kauai_get_image_width(v0)
    return v1
}
function @k(ptr5 \"img\", ptr1 \"o\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"image2d_t\", \"int*\") {
block0(v0: ptr5, v1: ptr1):
    v2 = call.i32 @h(v0)
    store v1, v2 align 4
    return
}
";
    let dynamic = "target pointer_bytes 4
declare @__kauai_read_imagef(ptr5, i32, v4f32) -> v4f32
function @k(ptr5 \"img\", i32 \"n\", ptr1 \"o\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"image2d_t\", \"int\", \"float4*\") {
block0(v0: ptr5, v1: i32, v2: ptr1):
    v3 = const.v4f32 zero
    v4 = call.v4f32 @__kauai_read_imagef(v0, v1, v3)
    store v2, v4 align 16
    return
}
";
    let write = "target pointer_bytes 4
function @w(ptr5 \"img\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"image2d_t\") !kernel_arg_access_qual(\"write_only\") {
block0(v0: ptr5):
    return
}
";
    let kernel_calls_kernel = "target pointer_bytes 4
function @b(ptr5 \"img\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"image2d_t\") {
block0(v0: ptr5):
    return
}
function @a(ptr5 \"img\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type(\"image2d_t\") {
block0(v0: ptr5):
    call @b(v0)
    return
}
";
    let mut params = Vec::new();
    let mut types = Vec::new();
    for i in 0..=kauai_amdil_gen::images::MAX_SAMPLERS {
        params.push(format!("i32 \"s{i}\""));
        types.push("\"sampler_t\"".to_string());
    }
    let samplers = format!(
        "target pointer_bytes 4
function @s({}) -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type({}) {{
block0({}):
    return
}}
",
        params.join(", "),
        types.join(", "),
        (0..params.len())
            .map(|i| format!("v{i}: i32"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let eight = format!(
        "target pointer_bytes 4
function @e({}, ptr1 \"o\") -> void \"mux-kernel\"=\"entry-point\" !kernel_arg_type({}, \"int*\") !kernel_arg_access_qual({}, \"none\") {{
block0({}, v8: ptr1):
    return
}}
",
        (0..8).map(|i| format!("ptr5 \"i{i}\"")).collect::<Vec<_>>().join(", "),
        ["\"image2d_t\""; 8].join(", "),
        ["\"write_only\""; 8].join(", "),
        (0..8).map(|i| format!("v{i}: ptr5")).collect::<Vec<_>>().join(", ")
    );
    for (text, mcpu, want) in [
        (helper, "cypress", "not supported yet: an image in `h` that is not one of its kernel's arguments (images reach IL resources by number, so functions taking images must be inlined)"),
        (dynamic, "cypress", "not supported yet: a sampler in `k` that is neither a sampler argument of the kernel nor a constant"),
        (write, "rv770", "not supported yet: kernel `w` has 1 write-only image arguments; the device takes at most 0 (7XX has no UAV for images: write-only images need Evergreen or later)"),
        (kernel_calls_kernel, "cypress", "not supported yet: kernel `b` takes images or samplers and is called by `a` (its resources are numbered for its own arguments)"),
        (&eight, "cypress", "not supported yet: kernel `e` has 8 write-only images, which take UAVs 1-8 and leave no raw UAV for global memory, and it uses global memory"),
        (&samplers, "cypress", "not supported yet: kernel `s` has more than 16 samplers (the limit of the device)"),
    ] {
        let opts = kauai_amdil_gen::TargetOptions::new(mcpu).expect("device");
        let m = kauai_ir::parse_str("img.ir", text).unwrap_or_else(|e| panic!("{e}"));
        let e = kauai_amdil_gen::generate(&m, &opts).expect_err("refused");
        assert_eq!(e.to_string(), want);
    }
}
