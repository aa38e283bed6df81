//! The TeraScale devices (the `-mcpu` list of docs/spec/amd-runtime-abi.md) and their
//! limits: one table, read by the compiler target (`kauai-amdil-gen`: what code to
//! generate), the emulator (`kauai-amdil-emu`: what a kernel may use) and the runtime.
//!
//! Facts come from the `-mcpu` list of docs/spec/amd-runtime-abi.md and the historical backend's device classes
//! (`AMDILDeviceInfo.cpp`, `AMDIL7XXDevice.cpp`, `AMDILEvergreenDevice.cpp`,
//! `AMDILNIDevice.cpp`): the family (7XX has no hardware local memory, no arena UAV and
//! one UAV; Evergreen and later have all three), double precision in hardware, the
//! wavefront, local memory and UAV counts.
//!
//! The limits below the table hold for every device of the list. Every size a program
//! derives from its text or metadata (constant buffer offsets, data segments, private,
//! local and shared memory) is checked against them before anything is allocated.

/// A GPU family, as far as code generation is concerned.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// HD4XXX (rv710, rv730, rv770): emulated local memory in the global buffer, one UAV.
    R7xx,
    /// HD5XXX (cedar, redwood, juniper, cypress): hardware LDS, raw and arena UAVs.
    Evergreen,
    /// HD6XXX (caicos, turks, barts).
    NorthernIslands,
    /// HD69XX (cayman).
    Cayman,
    /// The `kauai` emulator and the `test` backend: every feature.
    Emulator,
}

impl Family {
    /// Evergreen or later: hardware local memory, the arena UAV, several UAVs.
    pub fn evergreen_or_later(self) -> bool {
        self != Family::R7xx
    }

    pub fn name(self) -> &'static str {
        match self {
            Family::R7xx => "7XX",
            Family::Evergreen => "Evergreen",
            Family::NorthernIslands => "Northern Islands",
            Family::Cayman => "Cayman",
            Family::Emulator => "emulator",
        }
    }

    /// Append counters (`append_buf_alloc`/`append_buf_consume`, the atomic counters of
    /// `cl_ext_atomic_counters_32`): Evergreen and later; 7XX has none.
    pub fn atomic_counters(self) -> bool {
        self.evergreen_or_later()
    }

    /// UAVs a kernel may declare: one on 7XX, twelve on Evergreen and later.
    pub fn max_uavs(self) -> u32 {
        if self.evergreen_or_later() {
            12
        } else {
            1
        }
    }
}

/// One `-mcpu` device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// The canonical `-mcpu` name.
    pub name: &'static str,
    /// Other names AMD gives for the same device ("rv770 - also includes rv740, 790
    /// and 700"; its `-mattr` example says `-mcpu=atir700`).
    pub aliases: &'static [&'static str],
    pub family: Family,
    /// What AMD's device list says about it.
    pub description: &'static str,
    /// Double precision in hardware.
    pub fp64: bool,
    pub wavefront: u32,
    /// Bytes of local memory per group: hardware LDS, or the emulated ring on 7XX.
    pub local_bytes: u32,
    pub compute_units: u32,
}

impl Device {
    /// UAVs a kernel may declare ([`Family::max_uavs`]).
    pub fn max_uavs(&self) -> u32 {
        self.family.max_uavs()
    }
}

/// The `-mcpu` list of docs/spec/amd-runtime-abi.md, in its order.
pub const DEVICES: &[Device] = &[
    Device {
        name: "rv710",
        aliases: &[],
        family: Family::R7xx,
        description: "HD4XXX (RV710)",
        fp64: false,
        wavefront: 16,
        local_bytes: 16 << 10,
        compute_units: 2,
    },
    Device {
        name: "rv730",
        aliases: &[],
        family: Family::R7xx,
        description: "HD4XXX (RV730)",
        fp64: false,
        wavefront: 32,
        local_bytes: 16 << 10,
        compute_units: 8,
    },
    Device {
        name: "rv770",
        aliases: &["rv740", "rv790", "rv700", "atir700"],
        family: Family::R7xx,
        description: "HD4XXX (RV770), also RV740, RV790 and RV700",
        fp64: true,
        wavefront: 64,
        local_bytes: 16 << 10,
        compute_units: 10,
    },
    Device {
        name: "cypress",
        aliases: &[],
        family: Family::Evergreen,
        description: "HD58XX (Cypress); Cayman in 8XX mode",
        fp64: true,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 20,
    },
    Device {
        name: "juniper",
        aliases: &[],
        family: Family::Evergreen,
        description: "HD57XX (Juniper); Barts in 8XX mode",
        fp64: false,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 10,
    },
    Device {
        name: "redwood",
        aliases: &[],
        family: Family::Evergreen,
        description: "HD56XX (Redwood); Turks in 8XX mode",
        fp64: false,
        wavefront: 32,
        local_bytes: 32 << 10,
        compute_units: 5,
    },
    Device {
        name: "cedar",
        aliases: &[],
        family: Family::Evergreen,
        description: "HD54XX (Cedar); Caicos in 8XX mode",
        fp64: false,
        wavefront: 16,
        local_bytes: 32 << 10,
        compute_units: 2,
    },
    Device {
        name: "cayman",
        aliases: &[],
        family: Family::Cayman,
        description: "HD69XX (Cayman)",
        fp64: true,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 24,
    },
    Device {
        name: "barts",
        aliases: &[],
        family: Family::NorthernIslands,
        description: "HD68XX (Barts)",
        fp64: false,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 14,
    },
    Device {
        name: "turks",
        aliases: &[],
        family: Family::NorthernIslands,
        description: "HD66XX (Turks)",
        fp64: false,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 6,
    },
    Device {
        name: "caicos",
        aliases: &[],
        family: Family::NorthernIslands,
        description: "HD64XX (Caicos)",
        fp64: false,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 2,
    },
    Device {
        name: "kauai",
        aliases: &[],
        family: Family::Emulator,
        description: "Emulator testing (the kauai IL emulator)",
        fp64: true,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 1,
    },
    Device {
        name: "test",
        aliases: &[],
        family: Family::Emulator,
        description: "Test backend for features that are in development (il_cs_3_0)",
        fp64: true,
        wavefront: 64,
        local_bytes: 32 << 10,
        compute_units: 1,
    },
];

/// The device for an `-mcpu` name or one of its aliases (case-insensitive).
pub fn find_device(mcpu: &str) -> Option<&'static Device> {
    let m = mcpu.to_ascii_lowercase();
    DEVICES
        .iter()
        .find(|d| d.name == m || d.aliases.contains(&m.as_str()))
}

/// The largest work-group every device of the list runs (the compiler's default
/// `dcl_max_thread_per_group`).
pub const MAX_WORK_GROUP_SIZE: u32 = 256;

/// Bytes of one constant buffer (cb0 .. cb14): 4096 slots of 16 bytes, the hardware's
/// constant buffer size and the AMD runtime's `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE`.
/// Kernel arguments (cb1), hardware constant arguments and data segments live in one.
pub const CONSTANT_BUFFER_BYTES: u32 = 64 << 10;

/// Hardware constant buffers an `hc` pointer argument may name: cb2 .. cb9 (the
/// backend's `CB_BASE_OFFSET` 2 and at most 8 of them).
pub const MAX_CONSTANT_BUFFER: u32 = 9;

/// The most local memory per group any device of the list has (its `local_bytes`):
/// the bound of `;memory:local` and `;memory:hwlocal` before the device is known.
pub const MAX_LOCAL_BYTES: u32 = 32 << 10;

/// LDS or GDS bytes a program may declare when no device is given (the emulator run
/// alone, in its tests); with a device, its `local_bytes` and [`GDS_BYTES`] apply.
pub const MAX_SHARED_BYTES: u32 = 1 << 20;

/// Atomic counters a kernel may take on a device that has them: the extension's
/// minimum for `CL_DEVICE_MAX_ATOMIC_COUNTERS_EXT`, and the ids 0..7 of
/// `append_buf_alloc_id(n)`.
pub const MAX_ATOMIC_COUNTERS: u32 = 8;

/// Bytes of the global data share (`dcl_gds_id`), on every Evergreen and later device.
pub const GDS_BYTES: u32 = 32 << 10;

/// Bytes of scratch (private) memory per work-item: the backend's 64 KiB per thread.
/// `;memory:private` and `;memory:hwprivate` sizes are checked against it.
pub const PRIVATE_BYTES_PER_ITEM: u32 = 64 << 10;

/// Slots of 16 bytes in one scratch array (`dcl_indexed_temp_array x0[n]`): "private
/// arrays are limited to 4096 vec4 slots".
pub const MAX_SCRATCH_SLOTS: u32 = 4096;

/// The largest work-group the emulator accepts (the hardware limit is 1024 or less).
pub const MAX_GROUP_ITEMS: u64 = 1024;

/// Bytes of registers and scratch arrays the emulator holds for one work-group (every
/// IL temporary and `x` slot is 16 bytes per work-item): a program naming many
/// registers, run on many work-items, must not exhaust the host.
pub const GROUP_STATE_BYTES: u64 = 128 << 20;

/// Bytes of global memory the emulator gives one launch (buffers, the data segment, the
/// printf buffer and the private and local rings together): the largest single
/// allocation of a 1 GiB Cypress board (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`, a quarter of
/// its memory), and small enough that no launch can exhaust the host.
pub const GLOBAL_MEMORY_BYTES: u32 = 256 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_cpu_and_alias_is_known_once() {
        // The documented list, typed from it.
        let seed = [
            "rv710", "rv730", "rv770", "cypress", "juniper", "redwood", "cedar", "cayman", "barts",
            "turks", "caicos", "kauai", "test",
        ];
        let names: Vec<&str> = DEVICES.iter().map(|d| d.name).collect();
        assert_eq!(names, seed);
        for a in ["rv740", "rv790", "rv700", "atir700", "RV740", "Cypress"] {
            assert!(find_device(a).is_some(), "{a}");
        }
        assert_eq!(find_device("rv790").map(|d| d.name), Some("rv770"));
        assert!(find_device("tahiti").is_none());
    }

    #[test]
    fn families_carry_the_backend_facts() {
        // 7XX: 16 KiB of emulated local memory and one UAV; the others 32 KiB and twelve.
        for d in DEVICES {
            let r7xx = d.name.starts_with("rv");
            assert_eq!(d.family == Family::R7xx, r7xx, "{}", d.name);
            assert_eq!(d.local_bytes, if r7xx { 16 << 10 } else { 32 << 10 });
            assert_eq!(d.max_uavs(), if r7xx { 1 } else { 12 });
        }
        assert_eq!(
            DEVICES.iter().map(|d| d.local_bytes).max(),
            Some(MAX_LOCAL_BYTES)
        );
        // Double precision: rv770, cypress, cayman and the emulators.
        let fp64: Vec<&str> = DEVICES.iter().filter(|d| d.fp64).map(|d| d.name).collect();
        assert_eq!(fp64, ["rv770", "cypress", "cayman", "kauai", "test"]);
    }
}
