use std::sync::{Arc, OnceLock};

use kauai_compiler::{DeviceInfo, Error, Info, Result as CompilerResult, Target};
use kauai_ir::DataLayout;

/// What executes a device's kernels.
#[derive(Clone, Debug)]
pub enum Executor {
    /// The reference interpreter of `kauai-host` runs finalized IR on the host CPU.
    Host,
    /// The `kauai` emulator runs AMD IL under the AMD runtime ABI, with the limits of
    /// one `-mcpu` (wavefront, LDS size, fp64).
    Il(&'static kauai_amdil_emu::Device),
}

/// A device kernels can run on.
#[derive(Clone, Debug)]
pub struct Device {
    /// The compiler for OpenCL C on this device, and the device facts the runtime checks
    /// launches against (work-group limits, local memory size).
    pub info: Arc<Info>,
    pub executor: Executor,
}

/// The device an IL program runs on when none is named: Cypress (HD 5870), the
/// Evergreen part with double precision and FMA in hardware, 32 KiB of LDS and 12 UAVs,
/// so every kernel the historical compiler made for HD5xxx/HD6xxx runs on it.
pub const DEFAULT_IL_DEVICE: &str = "kauai:cypress";

/// Every name [`Device::by_name`] accepts (the seed's `-mcpu` list, then its aliases).
const NAMES: &[&str] = &[
    "host",
    "kauai:rv710",
    "kauai:rv730",
    "kauai:rv770",
    "kauai:cedar",
    "kauai:redwood",
    "kauai:juniper",
    "kauai:cypress",
    "kauai:barts",
    "kauai:turks",
    "kauai:caicos",
    "kauai:cayman",
    "kauai:kauai",
    "kauai:test",
    "kauai:rv740",
    "kauai:rv790",
    "kauai:rv700",
];

impl Device {
    /// The host CPU: Kauai's default device.
    pub fn host() -> Device {
        Device {
            info: crate::host_target::host_info(),
            executor: Executor::Host,
        }
    }

    /// The `kauai` IL emulator with the limits of `-mcpu` `mcpu` (or one of its aliases:
    /// `rv740`, `rv790` and `rv700` are `rv770`).
    pub fn il(mcpu: &str) -> Option<Device> {
        let dev = kauai_amdil_emu::device(mcpu)?;
        Some(Device {
            info: il_info(dev),
            executor: Executor::Il(dev),
        })
    }

    /// Find a device by name: `host` (the default; also the empty name) or
    /// `kauai:<mcpu>`.
    pub fn by_name(name: &str) -> Option<Device> {
        match name {
            "host" | "" => Some(Device::host()),
            _ => Device::il(name.strip_prefix("kauai:")?),
        }
    }

    /// The canonical name: `host` or `kauai:<mcpu>` (an alias gives its device's name).
    pub fn name(&self) -> &str {
        &self.info.device_info.name
    }

    /// Names accepted by [`Device::by_name`].
    pub fn names() -> &'static [&'static str] {
        NAMES
    }

    /// The emulator device, for an IL device.
    pub fn mcpu(&self) -> Option<&'static kauai_amdil_emu::Device> {
        match self.executor {
            Executor::Il(d) => Some(d),
            Executor::Host => None,
        }
    }
}

/// The compiler `Info` of an IL device: the device facts of the historical hardware
/// (256 work-items per group, the device's LDS, 32-bit pointers). OpenCL C cannot be
/// compiled for it until the amdil target exists: its targets fail with a clear message.
fn il_info(dev: &'static kauai_amdil_emu::Device) -> Arc<Info> {
    static INFOS: OnceLock<Vec<Arc<Info>>> = OnceLock::new();
    let infos = INFOS.get_or_init(|| {
        kauai_amdil_emu::devices()
            .iter()
            .map(|d| {
                let mut extensions = vec![
                    "cl_khr_global_int32_base_atomics",
                    "cl_khr_global_int32_extended_atomics",
                    "cl_khr_local_int32_base_atomics",
                    "cl_khr_local_int32_extended_atomics",
                    "cl_khr_byte_addressable_store",
                ];
                if d.fp64 {
                    extensions.push("cl_khr_fp64");
                }
                Arc::new(Info {
                    device_info: DeviceInfo {
                        name: format!("kauai:{}", d.name),
                        vendor: "Kauai (AMD IL emulator)".into(),
                        data_layout: DataLayout::GPU32,
                        compute_units: 1,
                        max_work_group_size: 256,
                        max_work_item_sizes: [256, 256, 256],
                        max_work_width: d.wavefront,
                        local_mem_size: d.lds_bytes as u64,
                        sub_group_sizes: Vec::new(),
                        fp64: d.fp64,
                        fp16: false,
                        images: false,
                        extensions: extensions.into_iter().map(String::from).collect(),
                        custom_buffer_capabilities: 0,
                    },
                    supports_deferred_compilation: false,
                    compilation_options: String::new(),
                    vectorizable: false,
                    dma_optimizable: false,
                    scalable_vector_support: false,
                    factory: no_amdil_target,
                })
            })
            .collect()
    });
    let name = format!("kauai:{}", dev.name);
    infos
        .iter()
        .find(|i| i.device_info.name == name)
        .cloned()
        .unwrap_or_else(|| infos[0].clone())
}

/// The message of every attempt to compile OpenCL C for an IL device.
pub(crate) fn no_amdil_target_message(device: &str) -> String {
    format!("not supported yet: compiling OpenCL C for {device} (the amdil target)")
}

fn no_amdil_target(info: Arc<Info>) -> CompilerResult<Box<dyn Target>> {
    Err(Error::unsupported(no_amdil_target_message(
        &info.device_info.name,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_a_device() {
        for n in Device::names() {
            let d = Device::by_name(n).unwrap_or_else(|| panic!("{n}"));
            assert!(d.name() == *n || n.starts_with("kauai:rv7"), "{n}");
        }
        assert_eq!(
            Device::by_name("kauai:rv790").map(|d| d.name().to_string()),
            Some("kauai:rv770".to_string())
        );
        assert!(Device::by_name("kauai:tahiti").is_none());
        assert!(Device::by_name("cypress").is_none());
        assert!(Device::by_name(DEFAULT_IL_DEVICE).is_some());
    }

    #[test]
    fn il_devices_carry_the_seed_limits() {
        let rv710 = Device::by_name("kauai:rv710").expect("rv710");
        assert_eq!(rv710.info.device_info.local_mem_size, 16 * 1024);
        assert!(!rv710.info.device_info.fp64);
        let cypress = Device::by_name("kauai:cypress").expect("cypress");
        assert_eq!(cypress.info.device_info.local_mem_size, 32 * 1024);
        assert!(cypress.info.device_info.fp64);
        assert_eq!(cypress.info.device_info.data_layout, DataLayout::GPU32);
    }
}
