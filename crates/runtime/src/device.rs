use std::sync::Arc;

use kauai_compiler::Info;

/// A device kernels can run on.
#[derive(Clone, Debug)]
pub struct Device {
    pub info: Arc<Info>,
}

impl Device {
    /// The host CPU: Kauai's default device.
    pub fn host() -> Device {
        Device {
            info: crate::host_target::host_info(),
        }
    }

    /// Find a device by name: `host` (the default).
    pub fn by_name(name: &str) -> Option<Device> {
        match name {
            "host" | "" => Some(Device::host()),
            _ => None,
        }
    }

    pub fn name(&self) -> &str {
        &self.info.device_info.name
    }

    /// Names accepted by [`Device::by_name`].
    pub fn names() -> &'static [&'static str] {
        &["host"]
    }
}
