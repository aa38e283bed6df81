use std::sync::Arc;

use kauai_compiler::{ArgKind, KernelInfo};
use kauai_host::{ArgValue, Buffer, ExecOptions, NdRange, RunStats};

use crate::error::RuntimeError;
use crate::program::{Code, Program};

/// A value for one kernel argument.
#[derive(Clone, Debug)]
pub enum KernelArg {
    Buffer(Arc<Buffer>),
    /// A `__local` pointer argument: the size to allocate per work-group, in bytes.
    Local(u64),
    /// A scalar, vector or by-value struct, as little-endian bytes; for a buffer
    /// argument, as many zero bytes as a pointer has: a null pointer. A `sampler_t`
    /// is its 4 bytes of `CLK_*` bits (`kauai_ir::image::sampler`).
    Bytes(Vec<u8>),
    /// An image, for an image parameter (`ArgKind::Buffer(AddrSpace::Image)`) of its
    /// type.
    Image(Arc<kauai_host::image::Image>),
}

/// A kernel of a built program, with its arguments.
pub struct Kernel<'p> {
    pub program: &'p Program,
    pub info: KernelInfo,
    args: Vec<Option<KernelArg>>,
}

impl<'p> Kernel<'p> {
    /// `clCreateKernel`. On a `kauai:` device a kernel whose arguments the emulator
    /// cannot take yet (images, counters) fails here with "not supported yet".
    pub fn new(program: &'p Program, name: &str) -> Result<Kernel<'p>, RuntimeError> {
        let info = program.kernel_info(name)?.clone();
        if let Code::Il(p) = &program.code {
            if let Some(u) = p
                .kernels
                .iter()
                .find(|k| k.name == name)
                .and_then(|k| k.unsupported.as_ref())
            {
                return Err(RuntimeError::NotSupported(format!(
                    "not supported yet: {u} on the kauai emulator (kernel `{name}`)"
                )));
            }
        }
        let n = info.args.len();
        Ok(Kernel {
            program,
            info,
            args: vec![None; n],
        })
    }

    pub fn name(&self) -> &str {
        &self.info.name
    }

    pub fn arg_index(&self, name: &str) -> Result<usize, RuntimeError> {
        self.info
            .args
            .iter()
            .position(|a| a.name == name)
            .ok_or_else(|| RuntimeError::InvalidArgIndex {
                kernel: self.info.name.clone(),
                what: format!(
                    "named `{name}` (arguments: {})",
                    self.info
                        .args
                        .iter()
                        .map(|a| a.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            })
    }

    /// `clSetKernelArg`: the value must fit the argument's kind and size.
    pub fn set_arg(&mut self, index: usize, value: KernelArg) -> Result<(), RuntimeError> {
        let Some(a) = self.info.args.get(index) else {
            return Err(RuntimeError::InvalidArgIndex {
                kernel: self.info.name.clone(),
                what: format!("{index} (it has {})", self.info.args.len()),
            });
        };
        let bad = |message: String| RuntimeError::InvalidArgValue {
            kernel: self.info.name.clone(),
            arg: a.name.clone(),
            message,
        };
        let image_param = a.kind == ArgKind::Buffer(kauai_ir::AddrSpace::Image);
        match (&a.kind, &value) {
            (_, KernelArg::Image(img)) if image_param => {
                if img.ty.cl_name() != a.type_name {
                    return Err(bad(format!(
                        "expects an {}, got an {}",
                        a.type_name,
                        img.ty.cl_name()
                    )));
                }
            }
            (_, _) if image_param => return Err(bad(format!("expects an {}", a.type_name))),
            (ArgKind::Value(_), KernelArg::Bytes(b)) if a.type_name == "sampler_t" => {
                let bits = <[u8; 4]>::try_from(b.as_slice())
                    .map_err(|_| bad(format!("a sampler is 4 bytes, got {}", b.len())))?;
                kauai_ir::image::Sampler::decode(u32::from_le_bytes(bits)).map_err(bad)?;
            }
            (ArgKind::Buffer(_), KernelArg::Buffer(_)) => {}
            (ArgKind::Buffer(_), KernelArg::Bytes(b))
                if b.len() as u64 == a.size && b.iter().all(|x| *x == 0) => {}
            (ArgKind::Local, KernelArg::Local(0)) => {
                return Err(bad("a __local argument needs a size above 0".into()))
            }
            (ArgKind::Local, KernelArg::Local(_)) => {}
            (ArgKind::Value(_) | ArgKind::ByVal { .. }, KernelArg::Bytes(b)) => {
                if b.len() as u64 != a.size {
                    return Err(bad(format!("expects {} bytes, got {}", a.size, b.len())));
                }
            }
            (kind, _) => return Err(bad(format!("expects {}", kind_text(kind)))),
        }
        self.args[index] = Some(value);
        Ok(())
    }

    pub fn set_arg_by_name(&mut self, name: &str, value: KernelArg) -> Result<(), RuntimeError> {
        let i = self.arg_index(name)?;
        self.set_arg(i, value)
    }
}

fn kind_text(k: &ArgKind) -> &'static str {
    match k {
        ArgKind::Buffer(_) => "a buffer",
        ArgKind::Local => "a __local size",
        ArgKind::Value(_) => "a value",
        ArgKind::ByVal { .. } => "a struct value",
    }
}

/// The launch of `clEnqueueNDRangeKernel`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NdRangeSpec {
    pub work_dim: u32,
    pub global_offset: Option<Vec<u64>>,
    pub global_size: Vec<u64>,
    /// `None` lets the runtime choose (as a NULL `local_work_size` does).
    pub local_size: Option<Vec<u64>>,
}

/// Validate a launch like OpenCL 1.2's `clEnqueueNDRangeKernel` and run it.
pub fn enqueue(
    kernel: &Kernel,
    nd: &NdRangeSpec,
    opts: &ExecOptions,
) -> Result<RunStats, RuntimeError> {
    let dev = &kernel.program.device.info.device_info;
    let dims = nd.work_dim as usize;
    if !(1..=3).contains(&dims) {
        return Err(RuntimeError::InvalidWorkDimension(nd.work_dim));
    }
    if nd.global_size.len() != dims {
        return Err(RuntimeError::InvalidGlobalWorkSize(format!(
            "{} sizes given for {dims} dimensions",
            nd.global_size.len()
        )));
    }
    let mut global = [1u64; 3];
    for (d, g) in nd.global_size.iter().enumerate() {
        if *g == 0 {
            return Err(RuntimeError::InvalidGlobalWorkSize(format!(
                "dimension {d} is 0"
            )));
        }
        global[d] = *g;
    }
    crate::limits::global_work_items(&kernel.program.device, &global[..dims])
        .map_err(RuntimeError::InvalidGlobalWorkSize)?;
    let mut offset = [0u64; 3];
    if let Some(o) = &nd.global_offset {
        if o.len() != dims {
            return Err(RuntimeError::InvalidGlobalOffset(format!(
                "{} offsets for {dims} dimensions",
                o.len()
            )));
        }
        for d in 0..dims {
            if o[d].checked_add(global[d]).is_none() {
                return Err(RuntimeError::InvalidGlobalOffset(format!(
                    "offset + size overflows in dimension {d}"
                )));
            }
            offset[d] = o[d];
        }
    }
    let reqd = kernel.info.reqd_work_group_size.map(|r| r.map(u64::from));
    let local: [u64; 3] = match &nd.local_size {
        Some(l) => {
            if l.len() != dims {
                return Err(RuntimeError::InvalidWorkGroupSize(format!(
                    "{} local sizes for {dims} dimensions",
                    l.len()
                )));
            }
            let mut local = [1u64; 3];
            for d in 0..dims {
                if l[d] == 0 {
                    return Err(RuntimeError::InvalidWorkGroupSize(format!(
                        "local size is 0 in dimension {d}"
                    )));
                }
                local[d] = l[d];
            }
            if let Some(r) = reqd {
                if r != local {
                    return Err(RuntimeError::InvalidWorkGroupSize(format!(
                        "local size {local:?} differs from the kernel's reqd_work_group_size {r:?}"
                    )));
                }
            }
            local
        }
        None => match reqd {
            Some(r) => r,
            None => choose_local(
                &global,
                dims,
                dev.max_work_group_size,
                &dev.max_work_item_sizes,
            ),
        },
    };
    for d in 0..3 {
        if local[d] > dev.max_work_item_sizes[d] {
            return Err(RuntimeError::InvalidWorkItemSize(format!(
                "local size {} in dimension {d} exceeds the device maximum {}",
                local[d], dev.max_work_item_sizes[d]
            )));
        }
        if !global[d].is_multiple_of(local[d]) {
            return Err(RuntimeError::InvalidWorkGroupSize(format!(
                "global size {} is not a multiple of local size {} in dimension {d}",
                global[d], local[d]
            )));
        }
    }
    let total: u64 = local.iter().product();
    if total > dev.max_work_group_size {
        return Err(RuntimeError::InvalidWorkGroupSize(format!(
            "{total} work-items per group exceed the device maximum {}",
            dev.max_work_group_size
        )));
    }
    // Saturating: sizes come from the user, and any overflow is over the limit anyway.
    let local_mem: u64 = kernel
        .args
        .iter()
        .map(|a| match a {
            Some(KernelArg::Local(n)) => *n,
            _ => 0,
        })
        .fold(kernel.info.local_memory_size, u64::saturating_add);
    if local_mem > dev.local_mem_size {
        return Err(RuntimeError::InvalidWorkGroupSize(format!(
            "kernel needs {local_mem} bytes of local memory, the device has {}",
            dev.local_mem_size
        )));
    }
    let max_buffer = kernel.program.device.limits().max_buffer_bytes;
    let mut args = Vec::with_capacity(kernel.args.len());
    for (a, info) in kernel.args.iter().zip(&kernel.info.args) {
        match a {
            None => {
                return Err(RuntimeError::InvalidKernelArgs {
                    kernel: kernel.info.name.clone(),
                    arg: info.name.clone(),
                })
            }
            Some(KernelArg::Image(img)) if img.buf.len() as u64 > max_buffer => {
                return Err(RuntimeError::InvalidArgValue {
                    kernel: kernel.info.name.clone(),
                    arg: info.name.clone(),
                    message: format!(
                        "an image of {} bytes exceeds the device's maximum of {max_buffer}",
                        img.buf.len()
                    ),
                })
            }
            Some(KernelArg::Buffer(b)) if b.len() as u64 > max_buffer => {
                return Err(RuntimeError::InvalidArgValue {
                    kernel: kernel.info.name.clone(),
                    arg: info.name.clone(),
                    message: format!(
                        "a buffer of {} bytes exceeds the device's maximum of {max_buffer}",
                        b.len()
                    ),
                })
            }
            Some(v) => args.push(v.clone()),
        }
    }
    match &kernel.program.code {
        Code::Host { exec, .. } => {
            let args = args
                .into_iter()
                .map(|a| match a {
                    KernelArg::Buffer(b) => ArgValue::Buffer(b),
                    KernelArg::Local(n) => ArgValue::Local { size: n },
                    KernelArg::Bytes(b) => ArgValue::Bytes(b),
                    KernelArg::Image(i) => ArgValue::Image(i),
                })
                .collect::<Vec<_>>();
            let range = NdRange {
                work_dim: nd.work_dim,
                global_offset: offset,
                global_size: global,
                local_size: local,
            };
            let p = kernel.program;
            match exec.run(&kernel.info.name, &args, &range, opts) {
                Ok(mut stats) => {
                    p.quote_findings(&mut stats.findings);
                    Ok(stats)
                }
                Err(mut e) => {
                    if let kauai_host::ExecError::Fault { at, findings, .. } = &mut e {
                        if let Some(pos) = at {
                            p.quote_line(pos);
                        }
                        p.quote_findings(findings);
                    }
                    Err(e.into())
                }
            }
        }
        Code::Il(program) => {
            let Some(mcpu) = kernel.program.device.mcpu() else {
                return Err(RuntimeError::Device(
                    "an IL program needs a kauai:<mcpu> device".into(),
                ));
            };
            let Some(k) = program.kernels.iter().find(|k| k.name == kernel.info.name) else {
                return Err(RuntimeError::InvalidKernelName {
                    name: kernel.info.name.clone(),
                    available: String::new(),
                });
            };
            let range = crate::il::Range {
                work_dim: nd.work_dim,
                offset,
                global,
                local,
            };
            crate::il::enqueue(program, k, &kernel.info, &args, mcpu, &range, opts).map_err(
                |mut e| {
                    if let RuntimeError::Execution(kauai_host::ExecError::Fault {
                        at: Some(pos),
                        ..
                    }) = &mut e
                    {
                        kernel.program.quote_line(pos);
                    }
                    e
                },
            )
        }
    }
}

/// The runtime's choice of local size: per dimension the largest divisor of the global
/// size that keeps the group within the device limits (x gets the most).
fn choose_local(global: &[u64; 3], dims: usize, max_total: u64, max_dim: &[u64; 3]) -> [u64; 3] {
    let mut local = [1u64; 3];
    let mut budget = max_total;
    for d in 0..dims {
        let cap = budget.min(max_dim[d]).min(if d == 0 { 256 } else { 16 });
        let mut best = 1;
        for c in (1..=cap).rev() {
            if global[d].is_multiple_of(c) {
                best = c;
                break;
            }
        }
        local[d] = best;
        budget /= best;
    }
    local
}

#[cfg(test)]
mod tests {
    use super::choose_local;

    #[test]
    fn chosen_local_sizes_divide_the_global_size() {
        assert_eq!(
            choose_local(&[1024, 1, 1], 1, 1024, &[1024; 3]),
            [256, 1, 1]
        );
        assert_eq!(choose_local(&[10, 1, 1], 1, 1024, &[1024; 3]), [10, 1, 1]);
        assert_eq!(choose_local(&[7919, 1, 1], 1, 1024, &[1024; 3]), [1, 1, 1]);
        assert_eq!(choose_local(&[64, 64, 1], 2, 1024, &[1024; 3]), [64, 16, 1]);
    }
}
