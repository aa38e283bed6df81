//! The runtime's limits, one place for every device: how large a buffer and how many
//! work-items a launch may have, and how long a time limit may be. Callers that size an
//! allocation from input (the oclc layer's output buffers, `-print` counts, value
//! lists) check against these first, with checked arithmetic; [`crate::enqueue`] checks
//! the launch against them again.

use crate::device::{Device, Executor};

/// What one device allows (`CL_DEVICE_MAX_MEM_ALLOC_SIZE` and the global size).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DeviceLimits {
    /// The largest buffer, in bytes.
    pub max_buffer_bytes: u64,
    /// The largest number of work-items in one launch (the product of the global
    /// sizes).
    pub max_global_work_items: u64,
    /// The names of the two constants, for messages.
    pub buffer_name: &'static str,
    pub global_name: &'static str,
}

/// 128 MiB: OpenCL 1.2's smallest `CL_DEVICE_MAX_MEM_ALLOC_SIZE` for a full-profile
/// device. The interpreter keeps each buffer in host memory next to the caller's copy,
/// so this keeps a launch with a few buffers within a few hundred MB.
pub const HOST_MAX_BUFFER_BYTES: u64 = 128 << 20;

/// The host's global size is a `size_t`: any product that fits 64 bits (a kernel that
/// runs too long is stopped by the time or instruction limit, not by this).
pub const HOST_MAX_GLOBAL_WORK_ITEMS: u64 = u64::MAX;

/// 128 MiB, as on the host: the AMD runtime allowed a quarter of the board's memory
/// (256 MiB on a 1 GiB HD 5870), but the emulator holds every buffer in one host
/// vector beside the runtime's copy, and the same limit on every device keeps a
/// run-test portable.
pub const IL_MAX_BUFFER_BYTES: u64 = 128 << 20;

/// 2^32: the IL devices number work-items with 32-bit registers (`vAbsTidFlat`).
pub const IL_MAX_GLOBAL_WORK_ITEMS: u64 = 1 << 32;

/// The longest time limit, in seconds (a million seconds, 11.6 days): longer is no
/// limit at all, and a bounded value keeps deadline arithmetic (`now + limit`) far
/// from overflowing.
pub const MAX_TIMEOUT_SECS: f64 = 1e6;

/// Values of one struct at most in oclc's struct layouts: a struct argument is listed
/// value by value on the command line, and a layout is kept per argument of every
/// kernel, so a struct holding a large array (`int a[1 << 20]`) is refused (give it as
/// raw bytes) rather than flattened into millions of fields. 65,536 covers every struct
/// a command line lists.
pub const MAX_STRUCT_VALUES: usize = 1 << 16;

/// The bytes of all the buffers of one `.sim` file together (`kauai sim`): 256 MiB,
/// two of the host's largest buffers. Each buffer is also held to the device's largest
/// buffer; this bounds what a file of many buffers makes the host hold (each buffer's
/// bytes exist twice while it is created). Oclgrind itself allocates what the file asks.
pub const SIM_MAX_GLOBAL_BYTES: u64 = 256 << 20;

impl Device {
    /// This device's limits.
    pub fn limits(&self) -> DeviceLimits {
        match self.executor {
            Executor::Host => DeviceLimits {
                max_buffer_bytes: HOST_MAX_BUFFER_BYTES,
                max_global_work_items: HOST_MAX_GLOBAL_WORK_ITEMS,
                buffer_name: "HOST_MAX_BUFFER_BYTES",
                global_name: "HOST_MAX_GLOBAL_WORK_ITEMS",
            },
            Executor::Il(_) => DeviceLimits {
                max_buffer_bytes: IL_MAX_BUFFER_BYTES,
                max_global_work_items: IL_MAX_GLOBAL_WORK_ITEMS,
                buffer_name: "IL_MAX_BUFFER_BYTES",
                global_name: "IL_MAX_GLOBAL_WORK_ITEMS",
            },
        }
    }
}

/// A time limit in seconds as a `Duration`: positive, finite and at most
/// [`MAX_TIMEOUT_SECS`].
pub fn timeout_from_secs(secs: f64) -> Result<std::time::Duration, String> {
    if secs > 0.0 && secs <= MAX_TIMEOUT_SECS {
        Ok(std::time::Duration::from_secs_f64(secs))
    } else {
        Err(format!(
            "the time limit must be a number of seconds above 0 and at most {MAX_TIMEOUT_SECS:e} (MAX_TIMEOUT_SECS), got {secs:?}"
        ))
    }
}

/// The product of the global sizes, checked against overflow and the device's limit.
pub fn global_work_items(device: &Device, global: &[u64]) -> Result<u64, String> {
    let limits = device.limits();
    let total = global
        .iter()
        .try_fold(1u64, |acc, g| acc.checked_mul(*g))
        .filter(|t| *t <= limits.max_global_work_items);
    total.ok_or_else(|| {
        format!(
            "the global size {} has more work-items than {} allows ({}, {})",
            global
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(" x "),
            device.name(),
            if limits.max_global_work_items == u64::MAX {
                "2^64 - 1".to_string()
            } else {
                limits.max_global_work_items.to_string()
            },
            limits.global_name
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timeouts_are_bounded() {
        assert_eq!(
            timeout_from_secs(1.5),
            Ok(std::time::Duration::from_millis(1500))
        );
        for bad in [0.0, -1.0, 1e300, f64::INFINITY, f64::NAN] {
            let e = timeout_from_secs(bad).expect_err("refused");
            assert!(e.contains("MAX_TIMEOUT_SECS"), "{e}");
        }
    }

    #[test]
    fn global_sizes_are_checked_not_wrapped() {
        let host = Device::host();
        assert_eq!(global_work_items(&host, &[4, 2]), Ok(8));
        // 2^32 * 2^32 wraps to 0 in u64 arithmetic.
        let e = global_work_items(&host, &[1 << 32, 1 << 32]).expect_err("overflow");
        assert!(e.contains("4294967296 x 4294967296"), "{e}");
        let cypress = Device::by_name("kauai:cypress").expect("cypress");
        assert!(global_work_items(&cypress, &[1 << 32]).is_ok());
        assert!(global_work_items(&cypress, &[1 << 16, 1 << 17]).is_err());
    }
}
