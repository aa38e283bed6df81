//! OpenCL C on a `kauai:<mcpu>` device: compiled by the amdil target into IL, then run on
//! the emulator like any IL program (results hand-computed: 2 a[i] + k).

use std::sync::Arc;

use kauai_runtime::{
    enqueue, Buffer, Device, ExecOptions, Kernel, KernelArg, NdRangeSpec, Program, RuntimeError,
    SourceFile,
};

const SRC: &str = "__kernel void twice_plus(__global const int *a, int k, __global int *out) {
    size_t i = get_global_id(0);
    out[i] = 2 * a[i] + k;
}
";

#[test]
fn opencl_c_builds_into_il_and_runs() {
    for mcpu in ["kauai:cypress", "kauai:rv770", "kauai:cayman"] {
        run_on(mcpu);
    }
}

fn run_on(mcpu: &str) {
    let device = Device::by_name(mcpu).expect("device");
    let src = [SourceFile {
        name: "twice.cl".into(),
        bytes: SRC.as_bytes().to_vec(),
    }];
    let program = Program::build(&device, &src, "").unwrap_or_else(|e| panic!("{mcpu}: {e}"));
    let il = program.il_text().expect("an IL device's program is IL");
    assert!(il.contains(";ARGSTART:__OpenCL_twice_plus_kernel"), "{il}");
    let mut k = Kernel::new(&program, "twice_plus").expect("kernel");
    let a: Vec<u8> = (0..8i32).flat_map(|v| v.to_le_bytes()).collect();
    let out = Arc::new(Buffer::new(32));
    k.set_arg(0, KernelArg::Buffer(Arc::new(Buffer::from_bytes(&a))))
        .expect("a");
    k.set_arg(1, KernelArg::Bytes(5i32.to_le_bytes().to_vec()))
        .expect("k");
    k.set_arg(2, KernelArg::Buffer(out.clone())).expect("out");
    let nd = NdRangeSpec {
        work_dim: 1,
        global_offset: None,
        global_size: vec![8],
        local_size: Some(vec![4]),
    };
    enqueue(&k, &nd, &ExecOptions::default()).expect("runs");
    let got: Vec<i32> = out
        .read_bytes()
        .chunks(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(got, [5, 7, 9, 11, 13, 15, 17, 19], "{mcpu}");
}

#[test]
fn il_on_the_host_is_refused() {
    let src = SourceFile {
        name: "k.il".into(),
        bytes: b"il_cs_2_0\nend\n".to_vec(),
    };
    match Program::from_il(&Device::host(), &src) {
        Err(RuntimeError::NotSupported(m)) => assert!(m.contains("kauai:cypress"), "{m}"),
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("the host cannot run IL"),
    }
}

/// Issue 15: building for an IL device was quadratic in the number of kernels (every
/// kernel linked from the whole unit, keeping main's whole literal pool): 1,000 one-line
/// kernels took 15.6 s and 665 MB. Linear, 2,000 build and run in well under a second.
#[test]
fn two_thousand_kernels_build_linearly() {
    const N: i32 = 2000;
    let src: String = (0..N)
        .map(|i| {
            format!(
                "kernel void k{i}(global int* o) {{ o[0] = {}; }}\n",
                3 * i + 1
            )
        })
        .collect();
    let device = Device::by_name("kauai:cypress").expect("device");
    let src = [SourceFile {
        name: "many.cl".into(),
        bytes: src.into_bytes(),
    }];
    let program = Program::build(&device, &src, "").expect("builds");
    for i in [0, N / 2, N - 1] {
        let mut k = Kernel::new(&program, &format!("k{i}")).expect("kernel");
        let out = Arc::new(Buffer::new(4));
        k.set_arg(0, KernelArg::Buffer(out.clone())).expect("o");
        let nd = NdRangeSpec {
            work_dim: 1,
            global_offset: None,
            global_size: vec![1],
            local_size: None,
        };
        enqueue(&k, &nd, &ExecOptions::default()).expect("runs");
        assert_eq!(out.read_bytes(), (3 * i + 1).to_le_bytes(), "k{i}");
    }
}
