//! OpenCL C kernels compiled for amdil devices, linked and run on the kauai emulator
//! with the runtime ABI; outputs checked against closed forms.

use crate::common;
use common::*;

const FAMILIES: &[&str] = &["rv770", "cypress", "barts", "cayman"];

#[test]
fn saxpy_on_every_family() {
    let src = "__kernel void saxpy(__global float *y, __global const float *x, float a, int n) {
        int i = get_global_id(0);
        if (i < n) y[i] = a * x[i] + y[i];
    }";
    for mcpu in FAMILIES {
        let il = compile(src, mcpu, "").expect("compiles");
        let y: Vec<f32> = (0..16).map(|i| i as f32).collect();
        let x: Vec<f32> = (0..16).map(|i| (2 * i) as f32).collect();
        let out = run_kernel(
            &il,
            "saxpy",
            mcpu,
            &[
                floats(&y),
                floats(&x),
                Arg::Val(0.5f32.to_le_bytes().to_vec()),
                Arg::Val(12u32.to_le_bytes().to_vec()),
            ],
            [16, 1, 1],
            [4, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        // y[i] = 0.5 * 2i + i = 2i for i < 12, unchanged (i) above.
        let want: Vec<f32> = (0..16)
            .map(|i| if i < 12 { 2.0 * i as f32 } else { i as f32 })
            .collect();
        assert_eq!(as_f32(&out[0]), want, "{mcpu}");
    }
}

#[test]
fn local_reduction_with_barriers() {
    let src = "__kernel void sum(__global const int *in, __global int *out, __local int *tmp) {
        int l = get_local_id(0);
        tmp[l] = in[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
            if (l < s) tmp[l] += tmp[l + s];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (l == 0) out[get_group_id(0)] = tmp[0];
    }";
    for mcpu in FAMILIES {
        let il = compile(src, mcpu, "").expect("compiles");
        let input: Vec<u32> = (1..=64).collect();
        let out = run_kernel(
            &il,
            "sum",
            mcpu,
            &[words(&input), words(&[0; 4]), Arg::Local(64)],
            [64, 1, 1],
            [16, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        // Group g sums 16g+1 .. 16g+16 = 256g + 136.
        let want: Vec<u32> = (0..4).map(|g| 256 * g + 136).collect();
        assert_eq!(as_u32(&out[1]), want, "{mcpu}");
    }
}

fn run1(src: &str, mcpu: &str, kernel: &str, args: &[Arg], n: u32, l: u32) -> Vec<Vec<u8>> {
    let il = compile(src, mcpu, "").unwrap_or_else(|e| panic!("{mcpu}: {e}"));
    run_kernel(&il, kernel, mcpu, args, [n, 1, 1], [l, 1, 1])
        .unwrap_or_else(|e| panic!("{mcpu}: {e}\n{}", numbered(&il)))
}

#[test]
fn control_flow_collatz_and_early_exits() {
    // Collatz steps to reach 1 (closed form checked by hand for 1..8: 0 1 7 2 5 8 16 3),
    // with a loop that leaves through a goto out of two loops.
    let src = "__kernel void k(__global int *out, __global int *pairs) {
        int n = get_global_id(0) + 1, s = 0;
        while (n != 1) { n = (n & 1) ? 3 * n + 1 : n / 2; s++; }
        out[get_global_id(0)] = s;
        int g = get_global_id(0), found = -1;
        for (int a = 1; a < 10; a++)
            for (int b = 1; b < 10; b++)
                if (a * b == g + 10) { found = a * 10 + b; goto out; }
    out:
        pairs[g] = found;
    }";
    for mcpu in FAMILIES {
        let out = run1(src, mcpu, "k", &[words(&[0; 8]), words(&[0; 8])], 8, 4);
        assert_eq!(as_u32(&out[0]), vec![0, 1, 7, 2, 5, 8, 16, 3], "{mcpu}");
        // First (a, b) with a * b = g + 10 in row-major order: 10 = 2*5, 11 none,
        // 12 = 2*6, 13 none, 14 = 2*7, 15 = 3*5, 16 = 2*8, 17 none.
        let want = [25, -1, 26, -1, 27, 35, 28, -1].map(|v: i32| v as u32);
        assert_eq!(as_u32(&out[1]), want.to_vec(), "{mcpu}");
    }
}

#[test]
fn bytes_shorts_and_vectors() {
    // Byte stores next to each other (arena or read-modify-write), a short4 and a
    // uchar4 vector through memory, a switch on a char.
    let src = "__kernel void k(__global uchar *b, __global short4 *s, __global uchar4 *c) {
        int i = get_global_id(0);
        b[i] = (uchar)(i * 37 + 5);
        s[i] = (short4)(i, -i, i * 1000, -30000) + s[i];
        uchar4 v = c[i];
        switch ((char)v.x) { case 1: v.y = 100; break; case -1: v.y = 200; break; default: v.y = 0; }
        c[i] = v.wzyx;
    }";
    for mcpu in FAMILIES {
        let short_in: Vec<u8> = (0..16i16).flat_map(|v| v.to_le_bytes()).collect();
        let chars: Vec<u8> = vec![1, 2, 3, 4, 255, 6, 7, 8, 9, 10, 11, 12, 1, 0, 0, 7];
        let out = run1(
            src,
            mcpu,
            "k",
            &[Arg::Buf(vec![0; 4]), Arg::Buf(short_in), Arg::Buf(chars)],
            4,
            2,
        );
        let want: Vec<u8> = (0..4u32).map(|i| (i * 37 + 5) as u8).collect();
        assert_eq!(out[0], want, "{mcpu}");
        let s: Vec<i16> = out[1]
            .chunks(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let mut want = Vec::new();
        for i in 0..4i16 {
            let base = 4 * i;
            want.extend([
                base + i,
                base + 1 - i,
                base + 2 + i * 1000,
                base + 3 - 30000,
            ]);
        }
        assert_eq!(s, want, "{mcpu}");
        // v.y becomes 100 for x == 1, 200 for x == -1 (255), else 0; then reversed.
        assert_eq!(
            out[2],
            vec![4, 3, 100, 1, 8, 7, 200, 255, 12, 11, 0, 9, 7, 0, 100, 1],
            "{mcpu}"
        );
    }
}

#[test]
fn doubles_and_longs_on_fp64_devices() {
    let src = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
    __kernel void k(__global double *d, __global long *l, __global ulong *h) {
        int i = get_global_id(0);
        d[i] = d[i] * 0.5 + (double)i;
        l[i] = (l[i] << 33) / 3 - i;
        h[i] = mul_hi((ulong)0xFFFFFFFFFFFFFFFFul, (ulong)(i + 2));
    }";
    for mcpu in ["rv770", "cypress", "cayman"] {
        let d: Vec<u8> = [3.0f64, 5.0, -7.0, 1e300]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let l: Vec<u8> = [1i64, -2, 3, 100]
            .iter()
            .flat_map(|v| v.to_le_bytes())
            .collect();
        let out = run1(
            src,
            mcpu,
            "k",
            &[Arg::Buf(d), Arg::Buf(l), Arg::Buf(vec![0; 32])],
            4,
            4,
        );
        let d: Vec<f64> = out[0]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        assert_eq!(d, vec![1.5, 3.5, -1.5, 5e299 + 3.0], "{mcpu}");
        let l: Vec<i64> = out[1]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        let want: Vec<i64> = [1i64, -2, 3, 100]
            .iter()
            .enumerate()
            .map(|(i, v)| (v << 33) / 3 - i as i64)
            .collect();
        assert_eq!(l, want, "{mcpu}");
        // (2^64 - 1) * k >> 64 = k - 1 for 1 <= k < 2^64.
        let h: Vec<u64> = out[2]
            .chunks(8)
            .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        assert_eq!(h, vec![1, 2, 3, 4], "{mcpu}");
    }
}

#[test]
fn printf_writes_records_the_emulator_decodes() {
    let src = "__kernel void k(__global int *out) {
        int i = get_global_id(0);
        out[i] = printf(\"item %d: %5.2f %v2hld\\n\", i, 1.5f * i, (int2)(i, -i));
    }";
    for mcpu in FAMILIES {
        let il = compile(src, mcpu, "").expect("compiles");
        let (out, text) =
            run_kernel_printf(&il, "k", mcpu, &[words(&[7; 3])], [3, 1, 1], [3, 1, 1])
                .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        assert_eq!(as_u32(&out[0]), vec![0, 0, 0], "{mcpu}: every record fits");
        assert_eq!(
            text, "item 0:  0.00 0,0\nitem 1:  1.50 1,-1\nitem 2:  3.00 2,-2\n",
            "{mcpu}"
        );
    }
}

#[test]
fn conversions_with_rounding_and_saturation() {
    // convert_T_sat_rtX on values whose results are worked out by hand.
    let src = "__kernel void k(__global const float *f, __global int *o, __global uchar *u,
                              __global long *l, __global float *r) {
        int i = get_global_id(0);
        o[4 * i + 0] = convert_int_rte(f[i]);
        o[4 * i + 1] = convert_int_rtn(f[i]);
        o[4 * i + 2] = convert_int_rtp(f[i]);
        o[4 * i + 3] = convert_int_sat(f[i] * 1e10f);
        u[i] = convert_uchar_sat(f[i] * 100.0f);
        l[i] = convert_long_sat_rtz(f[i] * 1e19f);
        r[i] = convert_float_rtz(16777217 + i * 2);
    }";
    let f = [2.5f32, -2.5, 0.75, -0.0];
    for mcpu in FAMILIES {
        let out = run1(
            src,
            mcpu,
            "k",
            &[
                floats(&f),
                words(&[0; 16]),
                Arg::Buf(vec![0; 4]),
                Arg::Buf(vec![0; 32]),
                floats(&[0.0; 4]),
            ],
            4,
            4,
        );
        let o: Vec<i32> = as_u32(&out[1]).iter().map(|v| *v as i32).collect();
        assert_eq!(
            o,
            vec![
                2,
                2,
                3,
                i32::MAX, // 2.5: even, down, up; 2.5e10 saturates
                -2,
                -3,
                -2,
                i32::MIN, //
                1,
                0,
                1,
                i32::MAX, //
                0,
                0,
                0,
                0,
            ],
            "{mcpu}"
        );
        assert_eq!(out[2], vec![250, 0, 75, 0], "{mcpu}");
        let l: Vec<i64> = out[3]
            .chunks(8)
            .map(|c| i64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
            .collect();
        // 2.5e19 and -2.5e19 saturate; f32 rounds 1e19 to 9999999980506447872 and its
        // product with 0.75 (26 significant bits) to 7499999710501928960.
        assert_eq!(
            l,
            vec![i64::MAX, i64::MIN, 7_499_999_710_501_928_960, 0],
            "{mcpu}"
        );
        // 16777217 + 2i toward zero: 2^24 + 1 -> 2^24, + 3 -> 2^24 + 2, ...
        assert_eq!(
            as_f32(&out[4]),
            vec![16777216.0, 16777218.0, 16777220.0, 16777222.0],
            "{mcpu}"
        );
    }
}

/// Distance in units in the last place between two doubles (same sign assumed).
fn ulps(a: f64, b: f64) -> u64 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    let (x, y) = (a.to_bits() as i64, b.to_bits() as i64);
    x.abs_diff(y)
}

#[test]
fn double_math_within_opencl_ulp_limits() {
    // Each function over inputs spread across its range, against Rust's libm (itself
    // within 1 ulp), with OpenCL 1.2's limits plus that 1 ulp.
    let src = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
    __kernel void k(__global const double *x, __global const double *y, __global double *o) {
        int i = get_global_id(0);
        double a = x[i];
        o[9 * i + 0] = exp(a);
        o[9 * i + 1] = log(fabs(a));
        o[9 * i + 2] = sin(a);
        o[9 * i + 3] = cos(a);
        o[9 * i + 4] = pow(fabs(a), y[i]);
        o[9 * i + 5] = exp2(a);
        o[9 * i + 6] = exp10(a * 0.25);
        o[9 * i + 7] = log2(fabs(a));
        o[9 * i + 8] = log10(fabs(a));
    }";
    let xs: Vec<f64> = (0..64)
        .map(|i| {
            let t = i as f64 / 63.0;
            (t * 2.0 - 1.0) * 700.0 * t * t + 1e-3 * (i as f64 + 1.0)
        })
        .collect();
    let ys: Vec<f64> = (0..64).map(|i| (i as f64 - 31.5) * 0.37).collect();
    let bytes = |v: &[f64]| Arg::Buf(v.iter().flat_map(|d| d.to_le_bytes()).collect());
    let il = compile(src, "cayman", "").expect("compiles");
    let out = run_kernel(
        &il,
        "k",
        "cayman",
        &[bytes(&xs), bytes(&ys), Arg::Buf(vec![0; 64 * 9 * 8])],
        [64, 1, 1],
        [16, 1, 1],
    )
    .expect("runs");
    let o: Vec<f64> = out[2]
        .chunks(8)
        .map(|c| f64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
        .collect();
    for (i, (&a, &b)) in xs.iter().zip(&ys).enumerate() {
        let want: [(f64, u64, &str); 9] = [
            (a.exp(), 4, "exp"),
            (a.abs().ln(), 4, "log"),
            (a.sin(), 5, "sin"),
            (a.cos(), 5, "cos"),
            (a.abs().powf(b), 17, "pow"),
            (a.exp2(), 4, "exp2"),
            (10f64.powf(a * 0.25), 4, "exp10"),
            (a.abs().log2(), 4, "log2"),
            (a.abs().log10(), 4, "log10"),
        ];
        for (k, (w, lim, name)) in want.iter().enumerate() {
            let got = o[9 * i + k];
            // Results far below the normal range may flush differently; skip them.
            if w.abs() < 1e-300 && got.abs() < 1e-300 {
                continue;
            }
            assert!(
                ulps(got, *w) <= *lim,
                "{name}({a}{}) = {got:e}, want {w:e} ({} ulp)",
                if k == 4 {
                    format!(", {b}")
                } else {
                    String::new()
                },
                ulps(got, *w)
            );
        }
    }
}

#[test]
fn double_hypot_within_opencl_ulp_limits() {
    // hypot is 4 ulp in OpenCL 1.2 (plus 1 for the reference); the inputs reach the
    // ends of the range, where the squares would overflow or underflow unscaled.
    let src = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable
    __kernel void k(__global const double *x, __global const double *y, __global double *o) {
        int i = get_global_id(0);
        o[i] = hypot(x[i], y[i]);
    }";
    let mut xs = vec![
        3.0,
        -5.0,
        0.0,
        -0.0,
        1e308,
        f64::MAX,
        1e-310,
        5e-324,
        1e200,
        3e-200,
        f64::INFINITY,
        f64::NAN,
        f64::NEG_INFINITY,
        f64::NAN,
        1.0,
        2f64.powi(500),
    ];
    let mut ys = vec![
        4.0,
        12.0,
        0.0,
        -0.0,
        1e308,
        f64::MAX,
        -1e-310,
        0.0,
        1e-200,
        4e-200,
        f64::NAN,
        f64::INFINITY,
        1.0,
        2.0,
        1e-20,
        2f64.powi(-500),
    ];
    // Magnitudes from 1e-320 to 1e300 and every ratio between them.
    for i in 0..48 {
        let t = i as f64 / 47.0;
        xs.push((-1.0f64).powi(i) * 10f64.powf(-320.0 + 620.0 * t) * (1.0 + 0.37 * t));
        ys.push(10f64.powf(300.0 - 620.0 * ((i * 7 % 48) as f64 / 47.0)) * 1.618);
    }
    let n = xs.len();
    let bytes = |v: &[f64]| Arg::Buf(v.iter().flat_map(|d| d.to_le_bytes()).collect());
    for mcpu in ["cypress", "cayman"] {
        let il = compile(src, mcpu, "").expect("compiles");
        let out = run_kernel(
            &il,
            "k",
            mcpu,
            &[bytes(&xs), bytes(&ys), Arg::Buf(vec![0; n * 8])],
            [n as u32, 1, 1],
            [n as u32, 1, 1],
        )
        .expect("runs");
        for (i, c) in out[2].chunks(8).enumerate() {
            let got = f64::from_le_bytes(c.try_into().unwrap_or([0; 8]));
            let want = xs[i].hypot(ys[i]);
            assert!(
                ulps(got, want) <= 5 && got.is_sign_positive(),
                "{mcpu}: hypot({:e}, {:e}) = {got:e}, want {want:e} ({} ulp)",
                xs[i],
                ys[i],
                ulps(got, want)
            );
        }
    }
}

/// Distance in floats between two f32 values (NaNs equal).
fn ulps32(a: f32, b: f32) -> u32 {
    if a == b || (a.is_nan() && b.is_nan()) {
        return 0;
    }
    let key = |v: f32| {
        let i = v.to_bits() as i32;
        if i < 0 {
            i32::MIN.wrapping_sub(i)
        } else {
            i
        }
    };
    key(a).abs_diff(key(b))
}

#[test]
fn float_math_within_opencl_ulp_limits() {
    // The functions without an IL instruction, against libm in double rounded to float,
    // with OpenCL 1.2's limits (plus 1 for the reference's own rounding).
    let src =
        "__kernel void k(__global const float *x, __global const float *y, __global float *o) {
        int i = get_global_id(0);
        float a = x[i], b = y[i];
        float u = a / 800.0f;
        o[14 * i + 0] = atan(a);
        o[14 * i + 1] = asin(u);
        o[14 * i + 2] = acos(u);
        o[14 * i + 3] = atan2(a, b);
        o[14 * i + 4] = sinh(u * 80.0f);
        o[14 * i + 5] = cosh(u * 80.0f);
        o[14 * i + 6] = tanh(u * 20.0f);
        o[14 * i + 7] = asinh(a);
        o[14 * i + 8] = acosh(fabs(a) + 1.0f);
        o[14 * i + 9] = atanh(u);
        o[14 * i + 10] = cbrt(a);
        o[14 * i + 11] = expm1(u * 40.0f);
        o[14 * i + 12] = log1p(fabs(a));
        o[14 * i + 13] = remainder(a, b);
    }";
    let n = 96usize;
    let xs: Vec<f32> = (0..n)
        .map(|i| {
            let t = i as f32 / (n - 1) as f32;
            (t * 2.0 - 1.0) * 799.0 * t * t * t + 1e-3 * i as f32
        })
        .collect();
    let ys: Vec<f32> = (0..n).map(|i| (i as f32 - 47.5) * 1.37).collect();
    for mcpu in ["cypress", "rv710"] {
        let il = compile(src, mcpu, "").expect("compiles");
        let out = run_kernel(
            &il,
            "k",
            mcpu,
            &[floats(&xs), floats(&ys), floats(&vec![0.0; 14 * n])],
            [n as u32, 1, 1],
            [16, 1, 1],
        )
        .unwrap_or_else(|e| panic!("{mcpu}: {e}"));
        let o = as_f32(&out[2]);
        for (i, (&a, &b)) in xs.iter().zip(&ys).enumerate() {
            let (ad, bd) = (a as f64, b as f64);
            let u = (a / 800.0) as f64;
            let want: [(f64, u32, &str); 14] = [
                (ad.atan(), 6, "atan"),
                (u.asin(), 5, "asin"),
                (u.acos(), 5, "acos"),
                (ad.atan2(bd), 7, "atan2"),
                (((u as f32 * 80.0) as f64).sinh(), 5, "sinh"),
                (((u as f32 * 80.0) as f64).cosh(), 5, "cosh"),
                (((u as f32 * 20.0) as f64).tanh(), 6, "tanh"),
                (ad.asinh(), 5, "asinh"),
                (((a.abs() + 1.0) as f64).acosh(), 5, "acosh"),
                (u.atanh(), 5, "atanh"),
                (ad.cbrt(), 3, "cbrt"),
                (((u as f32 * 40.0) as f64).exp_m1(), 4, "expm1"),
                (ad.abs().ln_1p(), 3, "log1p"),
                (libm_remainder(ad, bd), 0, "remainder"),
            ];
            for (k, (w, lim, name)) in want.iter().enumerate() {
                let got = o[14 * i + k];
                let w = *w as f32;
                assert!(
                    ulps32(got, w) <= *lim,
                    "{mcpu}: {name}({a}, {b}) = {got:e}, want {w:e} ({} ulp)",
                    ulps32(got, w)
                );
            }
        }
    }
}

/// IEEE remainder (round-half-even quotient), computed exactly on doubles holding floats.
fn libm_remainder(x: f64, y: f64) -> f64 {
    let q = (x / y).round_ties_even();
    let r = x - q * y;
    // x / y of two floats is exact enough in double for the rounding decision here.
    if r == 0.0 {
        0.0f64.copysign(x)
    } else {
        r
    }
}

/// Issue 15: the literal pool of a unit is declared in main, so a linked kernel that kept
/// all of main grew with the number of kernels (quadratic memory to link them all).
/// Each linked kernel declares only the literals its code uses: the same few for each
/// of these kernels, however many the unit holds.
#[test]
fn a_linked_kernel_keeps_only_its_literals() {
    let src: String = (0..300)
        .map(|i| {
            format!(
                "kernel void k{i}(global int* o) {{ o[0] = {}; }}\n",
                3 * i + 1
            )
        })
        .collect();
    let il = common::compile(&src, "cypress", "").expect("compiles");
    let program = common::parse_valid(&il);
    let linker = kauai_amdil::Linker::new(&program, &kauai_amdil::intrinsics::library())
        .expect("metadata reads");
    let lits = |i: usize| {
        let k = linker.link(&format!("k{i}")).expect("links");
        let text = k.program.to_string();
        assert!(text.contains(&format!("0x{:08X}", 3 * i + 1)), "{text}");
        text.lines()
            .filter(|l| l.starts_with("dcl_literal"))
            .count()
    };
    let first = lits(0);
    assert!(first <= 3, "{first} literals for a one-line kernel");
    for i in 1..300 {
        assert_eq!(lits(i), first, "k{i}");
    }
}
