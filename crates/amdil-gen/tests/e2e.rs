//! OpenCL C kernels compiled for amdil devices, linked and run on the kauai emulator
//! with the runtime ABI; outputs checked against closed forms.

mod common;
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
