//! The host CPU as a ComputeMux compiler target: finalized IR is the executable form,
//! run by the reference interpreter of `kauai-host`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use kauai_compiler::{
    DeviceInfo, Error, FinalizedProgram, Info, KernelBackend, NdRangeOptions, Result, ResultCode,
    Target,
};
use kauai_ir::DataLayout;

/// The host compiler's `Info` (one shared instance).
pub fn host_info() -> Arc<Info> {
    static INFO: OnceLock<Arc<Info>> = OnceLock::new();
    INFO.get_or_init(|| {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
        Arc::new(Info {
            device_info: DeviceInfo {
                name: "host".into(),
                vendor: "Kauai".into(),
                data_layout: DataLayout::HOST64,
                compute_units: threads,
                max_work_group_size: 1024,
                max_work_item_sizes: [1024, 1024, 1024],
                // The JIT's packets (`kauai_jit::PACKET`).
                max_work_width: kauai_host::JIT_PACKET as u32,
                local_mem_size: 64 * 1024,
                sub_group_sizes: Vec::new(),
                fp64: true,
                // Half arithmetic computes in float and rounds once (clc).
                fp16: true,
                images: true,
                extensions: [
                    "cl_khr_fp64",
                    "cl_khr_fp16",
                    "cl_khr_global_int32_base_atomics",
                    "cl_khr_global_int32_extended_atomics",
                    "cl_khr_local_int32_base_atomics",
                    "cl_khr_local_int32_extended_atomics",
                    "cl_khr_int64_base_atomics",
                    "cl_khr_int64_extended_atomics",
                    "cl_khr_byte_addressable_store",
                    "cl_ext_atomic_counters_32",
                ]
                .map(String::from)
                .to_vec(),
                custom_buffer_capabilities: 0,
            },
            supports_deferred_compilation: true,
            compilation_options: String::new(),
            // Kernels run in packets of work-items where they allow it.
            vectorizable: true,
            dma_optimizable: false,
            scalable_vector_support: false,
            factory: |info| Ok(Box::new(HostTarget { info })),
        })
    })
    .clone()
}

struct HostTarget {
    info: Arc<Info>,
}

impl Target for HostTarget {
    fn info(&self) -> &Arc<Info> {
        &self.info
    }

    /// The host runs finalized IR, so the binary is the IR text form.
    fn create_binary(&self, program: &FinalizedProgram) -> Result<Vec<u8>> {
        Ok(kauai_ir::module_to_string(&program.module).into_bytes())
    }

    fn create_kernel(
        &self,
        program: &Arc<FinalizedProgram>,
        name: &str,
    ) -> Result<Option<Box<dyn KernelBackend>>> {
        Ok(Some(Box::new(HostKernel {
            program: program.clone(),
            name: name.to_string(),
            cache: Mutex::new(HashMap::new()),
        })))
    }
}

/// A deferred host kernel: specializing for a local size records the size in the
/// kernel's `reqd_work_group_size` and pre-translates the program for the interpreter;
/// precaching also compiles it with the JIT.
struct HostKernel {
    program: Arc<FinalizedProgram>,
    name: String,
    cache: Mutex<HashMap<[usize; 3], Arc<kauai_host::Program>>>,
}

impl HostKernel {
    fn specialize(
        &self,
        local: [usize; 3],
    ) -> Result<(kauai_ir::Module, Arc<kauai_host::Program>)> {
        let mut m = self.program.module.clone();
        let Some(fid) = m.func_by_name(&self.name) else {
            return Err(Error::invalid_value(format!("no kernel `{}`", self.name)));
        };
        if let Some(req) = m.functions[fid].reqd_work_group_size() {
            if req.map(|x| x as usize) != local {
                return Err(Error::invalid_value(format!(
                    "local size {local:?} differs from reqd_work_group_size {req:?}"
                )));
            }
        }
        m.functions[fid].metadata.insert(
            kauai_ir::meta::REQD_WORK_GROUP_SIZE.into(),
            local
                .iter()
                .map(|x| kauai_ir::MetaValue::Int(*x as i64))
                .collect(),
        );
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let prog = match cache.get(&local) {
            Some(p) => p.clone(),
            None => {
                let p =
                    Arc::new(kauai_host::Program::new(&m).map_err(|e| {
                        Error::new(ResultCode::FinalizeProgramFailure, e.to_string())
                    })?);
                cache.insert(local, p.clone());
                p
            }
        };
        Ok((m, prog))
    }
}

impl KernelBackend for HostKernel {
    fn precache_local_size(&self, local: [usize; 3]) -> Result<()> {
        // Translate for the interpreter and compile with the JIT now, so the first
        // run at this size starts at once. A kernel the JIT cannot compile runs on
        // the interpreter: not an error.
        let (_, prog) = self.specialize(local)?;
        let _ = prog.jit_compile(&self.name);
        Ok(())
    }

    fn dynamic_work_width(&self, local: [usize; 3]) -> Result<u32> {
        // The JIT runs packets of work-items together where the kernel allows it.
        let (_, prog) = self.specialize(local)?;
        Ok(prog.work_width(&self.name, local.map(|x| x as u64)))
    }

    fn create_specialized_kernel(&self, options: &NdRangeOptions) -> Result<Vec<u8>> {
        let (m, _) = self.specialize(options.local_size)?;
        Ok(kauai_ir::module_to_string(&m).into_bytes())
    }

    fn sub_group_size(&self) -> Result<u32> {
        Err(Error::unsupported("the host device has no sub-groups"))
    }
}
