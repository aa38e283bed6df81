//! One property shared by the `runtime_il` fuzz target and the `il_robust` test: any bytes
//! given as an IL program to a `kauai:` device build, bind default arguments and run with
//! bounded fuel to a value (a program or an error; a report or a fault), never a panic.

use std::sync::Arc;

use kauai_compiler::ArgKind;
use kauai_host::{Buffer, ExecOptions};

use crate::{enqueue, Device, Kernel, KernelArg, NdRangeSpec, Program, SourceFile};

/// Build `bytes` as an IL program on `kauai:cypress` and run each kernel on 4 work-items
/// (groups of 2) with 64-byte buffers, 16-byte `__local` arguments and zero values.
/// Returns how many kernels ran to completion.
pub fn probe_il(bytes: &[u8]) -> usize {
    let Some(device) = Device::by_name("kauai:cypress") else {
        return 0;
    };
    let src = SourceFile {
        name: "probe.il".into(),
        bytes: bytes.to_vec(),
    };
    let Ok(program) = Program::from_il(&device, &src) else {
        return 0;
    };
    let mut ran = 0;
    for info in &program.info.kernels {
        let Ok(mut k) = Kernel::new(&program, &info.name) else {
            continue;
        };
        for (i, a) in info.args.iter().enumerate() {
            let v = match a.kind {
                ArgKind::Buffer(_) => KernelArg::Buffer(Arc::new(Buffer::new(64))),
                ArgKind::Local => KernelArg::Local(16),
                _ => KernelArg::Bytes(vec![0; a.size.min(4096) as usize]),
            };
            let _ = k.set_arg(i, v);
        }
        let nd = NdRangeSpec {
            work_dim: 1,
            global_offset: None,
            global_size: vec![4],
            local_size: Some(vec![2]),
        };
        let opts = ExecOptions {
            fuel: Some(20_000),
            ..ExecOptions::default()
        };
        if enqueue(&k, &nd, &opts).is_ok() {
            ran += 1;
        }
    }
    ran
}
