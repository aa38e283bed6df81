//! GPU devices as AMD CL2 binaries name them: the device list (CLRX names), the GCN
//! architecture of each, the ISA version the inner `.note` carries, and the device code
//! stored in the outer ELF `e_flags`. The code depends on the driver version that wrote
//! the binary: eleven ranges, A (< 191205) to K (>= 258000).

use std::fmt;

/// GCN architecture generation of a device.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum GpuArch {
    /// GCN 1.0 (GFX6, Southern Islands): never a target of AMD CL2 binaries.
    Gcn10,
    /// GCN 1.1 (GFX7, Sea Islands).
    Gcn11,
    /// GCN 1.2 (GFX8, Volcanic Islands, Polaris).
    Gcn12,
    /// GCN 1.4 (GFX9, Vega).
    Gcn14,
    /// GCN 1.4.1 (GFX906/907, Vega 20).
    Gcn141,
    /// GCN 1.5 (GFX10, Navi): no AMD CL2 driver knows it.
    Gcn15,
}

impl GpuArch {
    /// True for GCN 1.2 and later (FLAT_SCRATCH and XNACK take extra SGPRs).
    pub fn is_gcn12_or_later(self) -> bool {
        self >= GpuArch::Gcn12
    }

    /// True for GCN 1.4 and GCN 1.4.1 (two more user SGPRs in every setup).
    pub fn is_gcn14_or_later(self) -> bool {
        self >= GpuArch::Gcn14
    }

    /// The word the 16.3+ metadata blob carries for drivers >= 223600.
    pub fn metadata_word(self) -> &'static str {
        match self {
            GpuArch::Gcn10 => "GFX6",
            GpuArch::Gcn11 => "GFX7",
            GpuArch::Gcn12 => "GFX8",
            GpuArch::Gcn14 | GpuArch::Gcn141 => "GFX9",
            GpuArch::Gcn15 => "GFX10",
        }
    }
}

macro_rules! devices {
    ($($v:ident = $name:literal, $arch:ident, ($maj:literal, $min:literal, $step:literal), $codes:expr, $amd:expr;)*) => {
        /// A GPU device, named as CLRX names it (`.gpu` / `-g`).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum Device { $($v,)* }

        /// Every device, in CLRX's device-type order.
        pub const DEVICES: &[Device] = &[$(Device::$v,)*];

        impl Device {
            /// CLRX's spelling of the device name.
            pub fn name(self) -> &'static str {
                match self { $(Device::$v => $name,)* }
            }

            /// The GCN generation.
            pub fn arch(self) -> GpuArch {
                match self { $(Device::$v => GpuArch::$arch,)* }
            }

            /// ISA version (major, minor, stepping) that AMD's OpenCL 2.0 driver writes
            /// into the inner `.note` (type 3) for this device.
            pub fn isa_version(self) -> (u32, u32, u32) {
                match self { $(Device::$v => ($maj, $min, $step),)* }
            }

            /// `e_flags` codes per driver range A..K; 0 = not supported by that driver.
            fn codes(self) -> [u8; 11] {
                match self { $(Device::$v => $codes,)* }
            }

            /// The AMD Catalyst OpenCL 1.2 (`-b amd`) codes of the device: the outer
            /// ELF's `e_machine` and the inner ELF's CAL encoding machine; `None` for
            /// devices that format does not know (GCN 1.4 and later). Dummy and Stoney,
            /// Horse and Ellesmere, Goose and Baffin share codes.
            pub fn amd_codes(self) -> Option<(u16, u32)> {
                match self { $(Device::$v => $amd,)* }
            }
        }
    };
}

// Codes from CLRX's AmdCL2BinGen tables (reference clrx.md section 1.2); ISA versions
// from CLRX's AMD CL2 arch-version table; the last column: the AMD OpenCL 1.2 outer
// `e_machine` and inner CAL encoding machine (CLRX's AmdBinGen tables).
devices! {
    CapeVerde = "CapeVerde", Gcn10, (0, 0, 0), [0; 11], Some((0x3ff, 0x1c));
    Pitcairn = "Pitcairn", Gcn10, (0, 0, 0), [0; 11], Some((0x3fe, 0x1b));
    Tahiti = "Tahiti", Gcn10, (0, 0, 0), [0; 11], Some((0x3fd, 0x1a));
    Oland = "Oland", Gcn10, (0, 0, 0), [0; 11], Some((0x402, 0x20));
    Bonaire = "Bonaire", Gcn11, (7, 0, 0), [6; 11], Some((0x403, 0x21));
    Spectre = "Spectre", Gcn11, (7, 0, 0), [1; 11], Some((0x404, 0x22));
    Spooky = "Spooky", Gcn11, (7, 0, 0), [2; 11], Some((0x405, 0x23));
    Kalindi = "Kalindi", Gcn11, (7, 0, 0), [3; 11], Some((0x406, 0x24));
    Hainan = "Hainan", Gcn10, (0, 0, 0), [0; 11], Some((0x407, 0x25));
    Hawaii = "Hawaii", Gcn11, (7, 0, 1), [7; 11], Some((0x408, 0x27));
    Iceland = "Iceland", Gcn12, (8, 0, 0), [8; 11], Some((0x409, 0x29));
    Tonga = "Tonga", Gcn12, (8, 0, 0), [9; 11], Some((0x40a, 0x2a));
    Mullins = "Mullins", Gcn11, (7, 0, 0), [4; 11], Some((0x40b, 0x2b));
    Fiji = "Fiji", Gcn12, (8, 0, 4), [16, 17, 16, 14, 13, 14, 15, 13, 13, 13, 13], Some((0x40c, 0x2d));
    Carrizo = "Carrizo", Gcn12, (8, 0, 1), [15, 16, 15, 13, 12, 13, 14, 12, 12, 12, 12], Some((0x40d, 0x2e));
    Dummy = "Dummy", Gcn12, (8, 0, 1), [0, 15, 17, 15, 14, 15, 16, 14, 14, 14, 14], Some((0x411, 0x31));
    Goose = "Goose", Gcn12, (8, 0, 4), [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16], Some((0x40f, 0x2c));
    Horse = "Horse", Gcn12, (8, 0, 4), [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18], Some((0x40e, 0x2f));
    Stoney = "Stoney", Gcn12, (8, 1, 0), [0, 0, 17, 15, 14, 15, 16, 14, 14, 14, 14], Some((0x411, 0x31));
    Ellesmere = "Ellesmere", Gcn12, (8, 0, 4), [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18], Some((0x40e, 0x2f));
    Baffin = "Baffin", Gcn12, (8, 0, 4), [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16], Some((0x40f, 0x2c));
    Gfx804 = "GFX804", Gcn12, (8, 0, 4), [0, 0, 0, 0, 18, 18, 19, 18, 20, 21, 21], Some((0x412, 0x32));
    Gfx900 = "GFX900", Gcn14, (9, 0, 0), [0, 0, 0, 0, 17, 19, 20, 17, 19, 20, 20], None;
    Gfx901 = "GFX901", Gcn14, (9, 0, 1), [0, 0, 0, 0, 0, 20, 21, 19, 21, 23, 23], None;
    Gfx902 = "GFX902", Gcn14, (9, 0, 2), [0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 24], None;
    Gfx903 = "GFX903", Gcn14, (9, 0, 3), [0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 25], None;
    Gfx904 = "GFX904", Gcn14, (9, 0, 4), [0, 0, 0, 0, 0, 0, 0, 0, 0, 26, 26], None;
    Gfx905 = "GFX905", Gcn14, (9, 0, 5), [0, 0, 0, 0, 0, 0, 0, 0, 0, 27, 27], None;
    Gfx906 = "GFX906", Gcn141, (9, 0, 6), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 28], None;
    Gfx907 = "GFX907", Gcn141, (9, 0, 7), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29], None;
    Gfx1010 = "GFX1010", Gcn15, (10, 1, 0), [0; 11], None;
    Gfx1011 = "GFX1011", Gcn15, (10, 1, 1), [0; 11], None;
    Gfx1012 = "GFX1012", Gcn15, (10, 1, 2), [0; 11], None;
}

/// Other names CLRX accepts for devices (case-insensitive).
const ALIASES: &[(&str, Device)] = &[
    ("verde", Device::CapeVerde),
    ("gfx700", Device::Spectre),
    ("gfx701", Device::Hawaii),
    ("gfx801", Device::Carrizo),
    ("gfx802", Device::Tonga),
    ("gfx803", Device::Fiji),
    ("polaris10", Device::Ellesmere),
    ("polaris20", Device::Ellesmere),
    ("polaris11", Device::Baffin),
    ("polaris21", Device::Baffin),
    ("polaris12", Device::Gfx804),
    ("polaris22", Device::Gfx804),
    ("topaz", Device::Iceland),
    ("vega10", Device::Gfx900),
    ("vega11", Device::Gfx902),
    ("raven", Device::Gfx903),
    ("vega12", Device::Gfx904),
    ("vega20", Device::Gfx906),
    ("navi10", Device::Gfx1010),
    ("navi12", Device::Gfx1011),
    ("navi14", Device::Gfx1012),
];

impl Device {
    /// Look a device up by CLRX name or alias, ignoring case.
    pub fn from_name(name: &str) -> Option<Device> {
        DEVICES
            .iter()
            .copied()
            .find(|d| d.name().eq_ignore_ascii_case(name))
            .or_else(|| {
                ALIASES
                    .iter()
                    .find(|(a, _)| a.eq_ignore_ascii_case(name))
                    .map(|(_, d)| *d)
            })
    }

    /// The `e_flags` code a driver of this version writes for the device; `None` if that
    /// driver does not know the device (or it is GCN 1.0).
    pub fn code(self, driver_version: u32) -> Option<u32> {
        Some(u32::from(self.codes()[driver_range(driver_version)])).filter(|c| *c != 0)
    }

    /// The lowest driver version that knows this device (what a reader assumes when
    /// nothing else tells), or `None` for GCN 1.0 devices.
    pub fn min_driver_version(self) -> Option<u32> {
        let codes = self.codes();
        let first = codes.iter().position(|c| *c != 0)?;
        Some(if first == 0 {
            180005
        } else {
            RANGE_STARTS[first - 1]
        })
    }
}

impl Device {
    /// The device an AMD OpenCL 1.2 outer `e_machine` names (see [`Device::amd_codes`]).
    pub fn from_amd_machine(machine: u16) -> Option<Device> {
        DEVICES
            .iter()
            .rev()
            .copied()
            .find(|d| d.amd_codes().map(|c| c.0) == Some(machine))
    }
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// First driver version of ranges B..K (range A is everything before 191205).
pub const RANGE_STARTS: [u32; 10] = [
    191205, 200406, 203603, 223600, 226400, 234800, 244200, 248200, 252700, 258000,
];

/// Index of the range (0 = A .. 10 = K) a driver version falls in.
pub fn driver_range(driver_version: u32) -> usize {
    RANGE_STARTS
        .iter()
        .take_while(|s| driver_version >= **s)
        .count()
}

/// The `e_flags` code for a device (CLRX name or alias) written by a driver of this
/// version; `None` if the name is unknown or that driver does not support the device.
pub fn device_code(device: &str, driver_version: u32) -> Option<u32> {
    Device::from_name(device)?.code(driver_version)
}

/// The device a code means for a driver version (the reader's inverse table). Where
/// two devices share a code in a range, the first in CLRX's device order wins (e.g.
/// range C: 12 is Horse, 13 is Goose).
pub fn device_from_code(code: u32, driver_version: u32) -> Option<Device> {
    DEVICES
        .iter()
        .copied()
        .find(|d| d.code(driver_version) == Some(code))
}
