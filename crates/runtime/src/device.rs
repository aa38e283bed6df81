use std::sync::Arc;

use kauai_compiler::Info;

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
    /// Who runs kernels on the host device: `host:jit` and `host:interp` pin it; `host`
    /// leaves it to `kauai_host::ExecOptions` (`KAUAI_HOST_EXECUTOR`, else the JIT where
    /// it can).
    pub host_executor: Option<kauai_host::Executor>,
}

/// The device an IL program runs on when none is named: Cypress (HD 5870), the
/// Evergreen part with double precision and FMA in hardware, 32 KiB of LDS and 12 UAVs,
/// so every kernel the historical compiler made for HD5xxx/HD6xxx runs on it.
pub const DEFAULT_IL_DEVICE: &str = "kauai:cypress";

/// Every name [`Device::by_name`] accepts (the `-mcpu` list of docs/spec/amd-runtime-abi.md, then its aliases).
const NAMES: &[&str] = &[
    "host",
    "host:jit",
    "host:interp",
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
    "kauai:atir700",
];

impl Device {
    /// The host CPU: Kauai's default device.
    pub fn host() -> Device {
        Device {
            info: crate::host_target::host_info(),
            executor: Executor::Host,
            host_executor: None,
        }
    }

    /// The `kauai` IL emulator with the limits of `-mcpu` `mcpu` (or one of its aliases:
    /// `rv740`, `rv790`, `rv700` and `atir700` are `rv770`). Its compiler is the amdil
    /// target of `kauai-amdil-gen`: OpenCL C becomes an IL program, which then runs as
    /// one given directly ([`crate::Program::from_il`]).
    pub fn il(mcpu: &str) -> Option<Device> {
        let dev = kauai_amdil::device::find_device(mcpu)?;
        let info = kauai_amdil_gen::target_info(dev.name).ok()?;
        Some(Device {
            info,
            executor: Executor::Il(dev),
            host_executor: None,
        })
    }

    /// Find a device by name: `host` (the default; also the empty name), `host:jit` or
    /// `host:interp` (the host device with that executor), or `kauai:<mcpu>`.
    pub fn by_name(name: &str) -> Option<Device> {
        let pinned = |e| {
            Some(Device {
                host_executor: Some(e),
                ..Device::host()
            })
        };
        match name {
            "host" | "" => Some(Device::host()),
            "host:jit" => pinned(kauai_host::Executor::Jit),
            "host:interp" => pinned(kauai_host::Executor::Interpreter),
            _ => Device::il(name.strip_prefix("kauai:")?),
        }
    }

    /// The canonical name: `host`, `host:jit`, `host:interp` or `kauai:<mcpu>` (an
    /// alias gives its device's name).
    pub fn name(&self) -> &str {
        match self.host_executor {
            Some(kauai_host::Executor::Jit) => "host:jit",
            Some(kauai_host::Executor::Interpreter) => "host:interp",
            _ => &self.info.device_info.name,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_name_is_a_device() {
        for n in Device::names() {
            let d = Device::by_name(n).unwrap_or_else(|| panic!("{n}"));
            // `kauai:rv790` names the device `kauai:rv770`.
            let alias = n
                .strip_prefix("kauai:")
                .and_then(kauai_amdil::device::find_device)
                .is_some_and(|dev| {
                    dev.aliases.iter().any(|a| *n == format!("kauai:{a}"))
                        && d.name() == format!("kauai:{}", dev.name)
                });
            assert!(d.name() == *n || alias, "{n}");
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
        assert_eq!(
            cypress.info.device_info.data_layout,
            kauai_ir::DataLayout::GPU32
        );
    }
}
