//! A compiler target for the tests; finalized programs run on the host executor.

#![allow(dead_code)] // each test binary uses its own part

use std::sync::Arc;

use kauai_compiler::*;
use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange};
use kauai_ir::DataLayout;

/// A target whose binary is the finalized IR text; `kernel` makes its deferred kernels.
pub struct TestTarget {
    pub info: Arc<Info>,
    pub kernel: fn(&str) -> Option<Box<dyn KernelBackend>>,
}

impl Target for TestTarget {
    fn info(&self) -> &Arc<Info> {
        &self.info
    }
    fn create_binary(&self, p: &FinalizedProgram) -> Result<Vec<u8>> {
        Ok(kauai_ir::module_to_string(&p.module).into_bytes())
    }
    fn create_kernel(
        &self,
        _p: &Arc<FinalizedProgram>,
        name: &str,
    ) -> Result<Option<Box<dyn KernelBackend>>> {
        Ok((self.kernel)(name))
    }
}

pub fn info() -> Arc<Info> {
    Arc::new(Info {
        device_info: DeviceInfo {
            name: "link-test".into(),
            vendor: "Kauai".into(),
            data_layout: DataLayout::HOST64,
            compute_units: 1,
            max_work_group_size: 256,
            max_work_item_sizes: [256, 256, 64],
            max_work_width: 8,
            local_mem_size: 32768,
            sub_group_sizes: vec![],
            fp64: false,
            fp16: false,
            images: false,
            extensions: vec![],
            custom_buffer_capabilities: 0,
        },
        supports_deferred_compilation: false,
        compilation_options: String::new(),
        vectorizable: false,
        dma_optimizable: false,
        scalable_vector_support: false,
        factory: |info| {
            Ok(Box::new(TestTarget {
                info,
                kernel: |_| None,
            }))
        },
    })
}

pub fn empty_module() -> Module {
    let target: Arc<dyn Target> = Arc::from(info().create_target(&Context::new()).expect("target"));
    Module::new(target)
}

/// Finalize and run `kernel(out, extra...)` over `n` work-items; the `int` results.
pub fn run_ints(m: &mut Module, kernel: &str, n: usize, extra: &[ArgValue]) -> Vec<i32> {
    m.finalize()
        .unwrap_or_else(|e| panic!("finalize failed: {e}"));
    let fin = m.finalized().expect("finalized");
    let program = kauai_host::Program::new(&fin.module).expect("host program");
    let out = Arc::new(Buffer::new(n * 4));
    let mut args = vec![ArgValue::Buffer(out.clone())];
    args.extend_from_slice(extra);
    program
        .run(
            kernel,
            &args,
            &NdRange::linear(n as u64, 4),
            &ExecOptions::default(),
        )
        .unwrap_or_else(|e| panic!("run failed: {e}"));
    out.read_bytes()
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
