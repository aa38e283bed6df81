//! GPU device names (`-g`, `.gpu`). The one device table (CLRX names, aliases, GCN
//! generation, CL2 device codes) is `kauai_amdbin`'s [`Device`]; this module only maps
//! a device's generation to the ISA's [`Arch`].

pub use kauai_amdbin::{Device, GpuArch};

use crate::isa::Arch;

/// The instruction set of a GCN generation.
pub fn arch_of(g: GpuArch) -> Arch {
    match g {
        GpuArch::Gcn10 => Arch::Gfx6,
        GpuArch::Gcn11 => Arch::Gfx7,
        GpuArch::Gcn12 => Arch::Gfx8,
        GpuArch::Gcn14 => Arch::Gfx9,
        GpuArch::Gcn141 => Arch::Gfx906,
        GpuArch::Gcn15 => Arch::Gfx10,
    }
}

/// Look up a device (case-insensitive, aliases allowed): canonical name and architecture.
pub fn device(name: &str) -> Option<(&'static str, Arch)> {
    let d = Device::from_name(name)?;
    Some((d.name(), arch_of(d.arch())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_aliases_and_architectures() {
        assert_eq!(device("capeverde"), Some(("CapeVerde", Arch::Gfx6)));
        assert_eq!(device("verde"), Some(("CapeVerde", Arch::Gfx6)));
        assert_eq!(device("Hawaii"), Some(("Hawaii", Arch::Gfx7)));
        assert_eq!(device("gfx803"), Some(("Fiji", Arch::Gfx8)));
        assert_eq!(device("polaris12"), Some(("GFX804", Arch::Gfx8)));
        assert_eq!(device("vega10"), Some(("GFX900", Arch::Gfx9)));
        assert_eq!(device("GFX907"), Some(("GFX907", Arch::Gfx906)));
        assert_eq!(device("gfx1010"), Some(("GFX1010", Arch::Gfx10)));
        assert_eq!(device("navi14"), Some(("GFX1012", Arch::Gfx10)));
    }
}
