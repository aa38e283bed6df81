//! GPU device names (`-g`, `.gpu`) and their architectures, as CLRX names them.

use crate::isa::Arch;

/// (canonical CLRX name, architecture) for every device in scope.
pub const DEVICES: &[(&str, Arch)] = &[
    ("CapeVerde", Arch::Gfx6),
    ("Pitcairn", Arch::Gfx6),
    ("Tahiti", Arch::Gfx6),
    ("Oland", Arch::Gfx6),
    ("Hainan", Arch::Gfx6),
    ("Bonaire", Arch::Gfx7),
    ("Spectre", Arch::Gfx7),
    ("Spooky", Arch::Gfx7),
    ("Kalindi", Arch::Gfx7),
    ("Hawaii", Arch::Gfx7),
    ("Mullins", Arch::Gfx7),
    ("Iceland", Arch::Gfx8),
    ("Tonga", Arch::Gfx8),
    ("Fiji", Arch::Gfx8),
    ("Carrizo", Arch::Gfx8),
    ("Dummy", Arch::Gfx8),
    ("Goose", Arch::Gfx8),
    ("Horse", Arch::Gfx8),
    ("Stoney", Arch::Gfx8),
    ("Ellesmere", Arch::Gfx8),
    ("Baffin", Arch::Gfx8),
    ("GFX804", Arch::Gfx8),
    ("GFX900", Arch::Gfx9),
    ("GFX901", Arch::Gfx9),
    ("GFX902", Arch::Gfx9),
    ("GFX903", Arch::Gfx9),
    ("GFX904", Arch::Gfx9),
    ("GFX905", Arch::Gfx9),
    ("GFX906", Arch::Gfx906),
    ("GFX907", Arch::Gfx906),
];

const ALIASES: &[(&str, &str)] = &[
    ("gfx700", "Spectre"),
    ("gfx701", "Hawaii"),
    ("gfx801", "Carrizo"),
    ("gfx802", "Tonga"),
    ("gfx803", "Fiji"),
    ("polaris10", "Ellesmere"),
    ("polaris20", "Ellesmere"),
    ("polaris11", "Baffin"),
    ("polaris21", "Baffin"),
    ("polaris12", "GFX804"),
    ("polaris22", "GFX804"),
    ("topaz", "Iceland"),
    ("vega10", "GFX900"),
    ("vega11", "GFX902"),
    ("raven", "GFX903"),
    ("vega12", "GFX904"),
    ("vega20", "GFX906"),
];

/// Look up a device (case-insensitive, aliases allowed): canonical name and architecture.
pub fn device(name: &str) -> Option<(&'static str, Arch)> {
    let lower = name.to_ascii_lowercase();
    let canon = ALIASES.iter().find(|(a, _)| *a == lower).map(|(_, c)| *c);
    let key = canon.map(str::to_ascii_lowercase).unwrap_or(lower);
    DEVICES
        .iter()
        .find(|(n, _)| n.to_ascii_lowercase() == key)
        .copied()
}
