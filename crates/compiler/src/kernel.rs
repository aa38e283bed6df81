//! Deferred kernels: ComputeMux's `BaseKernel` (docs/spec/computemux.md#kernel), with its argument rules checked once here.

use crate::result::{Error, ResultCode};
use crate::{DeviceInfo, Result};

/// The kind of one kernel-argument descriptor (`mux_descriptor_info_type_e`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DescriptorKind {
    Buffer,
    Image,
    Sampler,
    PlainOldData,
    SharedLocalBuffer,
    CustomBuffer,
    Null,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DescriptorInfo {
    pub kind: DescriptorKind,
    /// Size in bytes for plain-old-data and shared local buffers.
    pub size: u64,
}

/// `mux_ndrange_options_t`. The optional fields model the C API's nullable pointers so
/// that ComputeMux's rules about them stay checkable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NdRangeOptions {
    pub descriptors: Option<Vec<DescriptorInfo>>,
    pub descriptors_length: usize,
    pub local_size: [usize; 3],
    pub global_offset: Option<Vec<usize>>,
    pub global_size: Option<Vec<usize>>,
    /// Number of dimensions (1 to 3).
    pub length: usize,
}

impl NdRangeOptions {
    /// A well-formed 1-to-3-D range without descriptors.
    pub fn new(global_size: &[usize], local_size: [usize; 3]) -> NdRangeOptions {
        NdRangeOptions {
            descriptors: None,
            descriptors_length: 0,
            local_size,
            global_offset: Some(vec![0; global_size.len()]),
            global_size: Some(global_size.to_vec()),
            length: global_size.len(),
        }
    }
}

/// What a target implements for a deferred kernel; [`Kernel`] validates before calling.
pub trait KernelBackend: Send + Sync {
    fn precache_local_size(&self, local: [usize; 3]) -> Result<()>;
    /// Work width for a validated local size; must be in `1..=local[0]`.
    fn dynamic_work_width(&self, local: [usize; 3]) -> Result<u32>;
    fn create_specialized_kernel(&self, options: &NdRangeOptions) -> Result<Vec<u8>>;
    /// Only called when the device has sub-groups.
    fn sub_group_size(&self) -> Result<u32>;
}

/// A kernel whose compilation can wait until its launch parameters are known.
pub struct Kernel {
    pub name: String,
    pub preferred_local_size: [usize; 3],
    pub local_memory_size: usize,
    device: DeviceInfo,
    backend: Box<dyn KernelBackend>,
}

fn check_local(local: [usize; 3]) -> Result<()> {
    for (d, n) in local.iter().enumerate() {
        if *n == 0 {
            return Err(Error::invalid_value(format!(
                "local size in dimension {d} is 0"
            )));
        }
    }
    Ok(())
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Kernel").field("name", &self.name).finish()
    }
}

impl Kernel {
    pub fn new(
        name: impl Into<String>,
        preferred_local_size: [usize; 3],
        local_memory_size: usize,
        device: DeviceInfo,
        backend: Box<dyn KernelBackend>,
    ) -> Kernel {
        Kernel {
            name: name.into(),
            preferred_local_size,
            local_memory_size,
            device,
            backend,
        }
    }

    fn has_sub_groups(&self) -> Result<()> {
        if self.device.sub_group_sizes.is_empty() {
            Err(Error::unsupported(format!(
                "device `{}` has no sub-groups",
                self.device.name
            )))
        } else {
            Ok(())
        }
    }

    pub fn precache_local_size(&self, x: usize, y: usize, z: usize) -> Result<()> {
        check_local([x, y, z])?;
        self.backend.precache_local_size([x, y, z])
    }

    pub fn get_dynamic_work_width(&self, x: usize, y: usize, z: usize) -> Result<u32> {
        check_local([x, y, z])?;
        let w = self.backend.dynamic_work_width([x, y, z])?;
        let cap = (self.device.max_work_width as usize).min(x).max(1);
        if w == 0 || w as usize > cap {
            return Err(Error::new(
                ResultCode::Failure,
                format!("target reported work width {w}, outside 1..={cap}"),
            ));
        }
        Ok(w)
    }

    pub fn create_specialized_kernel(&self, o: &NdRangeOptions) -> Result<Vec<u8>> {
        match (&o.descriptors, o.descriptors_length) {
            (Some(_), 0) => {
                return Err(Error::invalid_value(
                    "descriptors given with descriptors_length 0",
                ))
            }
            (None, n) if n != 0 => {
                return Err(Error::invalid_value(format!(
                    "no descriptors but descriptors_length {n}"
                )))
            }
            (Some(d), n) if d.len() != n => {
                return Err(Error::invalid_value(format!(
                    "descriptors_length {n} but {} descriptors",
                    d.len()
                )))
            }
            _ => {}
        }
        check_local(o.local_size)?;
        let Some(offset) = &o.global_offset else {
            return Err(Error::invalid_value("global_offset is missing"));
        };
        let Some(size) = &o.global_size else {
            return Err(Error::invalid_value("global_size is missing"));
        };
        if o.length == 0 || o.length > 3 {
            return Err(Error::invalid_value(format!(
                "length {} is not 1, 2 or 3",
                o.length
            )));
        }
        if offset.len() < o.length || size.len() < o.length {
            return Err(Error::invalid_value(
                "global_offset and global_size need `length` entries",
            ));
        }
        if let Some(d) = &o.descriptors {
            if self.device.custom_buffer_capabilities == 0
                && d.iter().any(|d| d.kind == DescriptorKind::CustomBuffer)
            {
                return Err(Error::invalid_value(
                    "custom buffer descriptor on a device without custom buffers",
                ));
            }
        }
        self.backend.create_specialized_kernel(o).map_err(|e| {
            if e.code == ResultCode::InvalidValue {
                e
            } else {
                Error::new(ResultCode::FinalizeProgramFailure, e.message)
            }
        })
    }

    pub fn get_sub_group_size(&self) -> Result<u32> {
        self.has_sub_groups()?;
        self.backend.sub_group_size()
    }

    pub fn query_sub_group_size_for_local_size(&self, x: usize, y: usize, z: usize) -> Result<u32> {
        check_local([x, y, z])?;
        self.has_sub_groups()?;
        let sg = self.backend.sub_group_size()? as usize;
        Ok(sg.min(x * y * z).max(1) as u32)
    }

    pub fn query_local_size_for_sub_group_count(&self, count: usize) -> Result<[usize; 3]> {
        self.has_sub_groups()?;
        let sg = self.backend.sub_group_size()? as usize;
        let x = count.saturating_mul(sg);
        if count == 0 || x as u64 > self.device.max_work_group_size {
            return Ok([0, 0, 0]);
        }
        Ok([x, 1, 1])
    }

    pub fn query_max_sub_group_count(&self) -> Result<usize> {
        self.has_sub_groups()?;
        let sg = self.backend.sub_group_size()?.max(1) as u64;
        Ok(self.device.max_work_group_size.div_ceil(sg) as usize)
    }
}
