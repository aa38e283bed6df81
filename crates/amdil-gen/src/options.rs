//! Driver options of seed `000_…` ("Calling the compiler", "Tablegen specific compiler
//! options"): `-mcpu` picks the device, `-mattr` a comma-separated list of features.
//!
//! The device table holds the facts code generation depends on: the family (7XX has no
//! hardware local memory, no arena UAV and one UAV; Evergreen and later have all three),
//! double-precision hardware, LDS size, wavefront size.

use std::fmt::Write as _;

use thiserror::Error;

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
}

/// One `-mcpu` device.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Device {
    /// The canonical `-mcpu` name.
    pub name: &'static str,
    /// Other names the seed gives for the same code path.
    pub aliases: &'static [&'static str],
    pub family: Family,
    /// What the seed's list says about it.
    pub description: &'static str,
    /// Double precision in hardware.
    pub fp64: bool,
    pub wavefront: u32,
    /// Bytes of local memory per group (LDS, or the emulated ring on 7XX).
    pub local_bytes: u32,
    pub compute_units: u32,
}

/// The seed's `-mcpu` list, in its order.
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

/// The largest work-group every device of the list runs.
pub const MAX_WORK_GROUP_SIZE: u32 = 256;

/// CAL versions at or below this one lack byte-addressable stores and images.
pub const CAL_BYTE_STORE_MIN: u32 = 592;

/// The device for an `-mcpu` name or alias (case-insensitive).
pub fn find_device(mcpu: &str) -> Option<&'static Device> {
    let m = mcpu.to_ascii_lowercase();
    DEVICES
        .iter()
        .find(|d| d.name == m || d.aliases.contains(&m.as_str()))
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum OptionsError {
    #[error("unknown -mcpu `{0}` (known: {known}; -mcpu=help lists them)", known = mcpu_names())]
    UnknownCpu(String),
    #[error("unknown -mattr feature `{0}` (-mattr=help lists the features)")]
    UnknownFeature(String),
    #[error("-mattr `{feature}`: {why}")]
    BadFeature { feature: String, why: String },
    #[error("-mattr `{feature}` is only valid on {need}; `{cpu}` is {family}")]
    WrongFamily {
        feature: String,
        need: &'static str,
        cpu: &'static str,
        family: &'static str,
    },
    #[error("-mattr `{feature}` needs a CAL version after {min}, but +cal={cal}")]
    OldCal { feature: String, min: u32, cal: u32 },
    #[error("not supported yet: -mattr `{0}`")]
    NotSupported(String),
    /// `-mcpu=help` or `-mattr=help`: the list, as the message.
    #[error("{0}")]
    Help(String),
}

fn mcpu_names() -> String {
    DEVICES
        .iter()
        .map(|d| d.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Everything `-mcpu` and `-mattr` select.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TargetOptions {
    pub device: &'static Device,
    /// `[+/-]fp64`: double precision; defaults to what the hardware has.
    pub fp64: bool,
    /// `[+/-]byte_addressable_store`: sub-dword global stores through the arena UAV
    /// instead of a read-modify-write of the containing dword.
    pub byte_addressable_store: bool,
    /// `[+/-]barrier_detect`: kernels that hold a barrier report `;limitgroupsize`.
    pub barrier_detect: bool,
    /// `[+/-]images`: the OpenCL 1.0 image extension.
    pub images: bool,
    /// `[+/-]multi_uav`: one UAV per pointer argument (zero copy).
    pub multi_uav: bool,
    /// `[+/-]macrodb`: embed the IL macros a kernel calls instead of naming them in
    /// `;intrinsic:` lines for the runtime to link.
    pub macrodb: bool,
    /// `[+/-]noalias`: assume pointer arguments do not alias.
    pub noalias: bool,
    /// `[+/-]noinline`: no backend inlining.
    pub noinline: bool,
    /// `mwgs-<d>-<x>-<y>-<z>`: the largest work-group the kernels run with.
    pub max_work_group: Option<[u32; 3]>,
    /// `+cal=<n>`: the CAL version compiled for (`None`: the newest).
    pub cal: Option<u32>,
}

impl TargetOptions {
    /// The defaults for `-mcpu` (every feature off but `fp64` where the hardware has it).
    pub fn new(mcpu: &str) -> Result<TargetOptions, OptionsError> {
        if mcpu == "help" {
            return Err(OptionsError::Help(mcpu_help()));
        }
        let device = find_device(mcpu).ok_or_else(|| OptionsError::UnknownCpu(mcpu.into()))?;
        Ok(TargetOptions {
            device,
            fp64: device.fp64,
            byte_addressable_store: false,
            barrier_detect: false,
            images: false,
            multi_uav: false,
            macrodb: false,
            noalias: false,
            noinline: false,
            max_work_group: None,
            cal: None,
        })
    }

    /// `-mcpu=<mcpu> -mattr=<mattr>`; an empty `mattr` means no features.
    pub fn parse(mcpu: &str, mattr: &str) -> Result<TargetOptions, OptionsError> {
        let mut o = TargetOptions::new(mcpu)?;
        o.apply_mattr(mattr)?;
        Ok(o)
    }

    /// Apply an `-mattr` list: features in order (a later one wins), then the validity
    /// rules of the seed, which depend on the whole list (`+cal=` may come last).
    pub fn apply_mattr(&mut self, mattr: &str) -> Result<(), OptionsError> {
        let mut enabled: Vec<String> = Vec::new();
        for raw in mattr.split(',') {
            let f = raw.trim();
            if f.is_empty() {
                continue;
            }
            if f == "help" {
                return Err(OptionsError::Help(mattr_help()));
            }
            if let Some(rest) = f.strip_prefix("mwgs-") {
                self.max_work_group = Some(parse_mwgs(f, rest)?);
                continue;
            }
            if let Some(v) = f.strip_prefix("+cal=").or_else(|| f.strip_prefix("cal=")) {
                let cal = v.parse::<u32>().map_err(|_| OptionsError::BadFeature {
                    feature: f.into(),
                    why: "expected a CAL version number such as 950, 982 or 1331".into(),
                })?;
                self.cal = Some(cal);
                continue;
            }
            let (on, name) = match f.as_bytes()[0] {
                b'+' => (true, &f[1..]),
                b'-' => (false, &f[1..]),
                _ => (true, f),
            };
            let slot = match name {
                "fp64" => &mut self.fp64,
                "byte_addressable_store" => &mut self.byte_addressable_store,
                "barrier_detect" => &mut self.barrier_detect,
                "images" => &mut self.images,
                "multi_uav" => &mut self.multi_uav,
                "macrodb" => &mut self.macrodb,
                "noalias" => &mut self.noalias,
                "noinline" => &mut self.noinline,
                _ => return Err(OptionsError::UnknownFeature(f.into())),
            };
            *slot = on;
            enabled.retain(|e| e != name);
            if on {
                enabled.push(name.to_string());
            }
        }
        self.check(&enabled)
    }

    fn check(&self, enabled: &[String]) -> Result<(), OptionsError> {
        let d = self.device;
        let wrong_family = |feature: &str, need: &'static str| OptionsError::WrongFamily {
            feature: format!("+{feature}"),
            need,
            cpu: d.name,
            family: d.family.name(),
        };
        for f in enabled {
            match f.as_str() {
                "fp64" if !d.fp64 => {
                    return Err(OptionsError::BadFeature {
                        feature: "+fp64".into(),
                        why: format!("`{}` has no double-precision hardware", d.name),
                    })
                }
                "byte_addressable_store" | "images" => {
                    if !d.family.evergreen_or_later() {
                        return Err(wrong_family(f, "the Evergreen family or later"));
                    }
                    if let Some(cal) = self.cal.filter(|c| *c <= CAL_BYTE_STORE_MIN) {
                        return Err(OptionsError::OldCal {
                            feature: format!("+{f}"),
                            min: CAL_BYTE_STORE_MIN,
                            cal,
                        });
                    }
                    if f == "images" {
                        return Err(OptionsError::NotSupported("+images".into()));
                    }
                }
                "multi_uav" => {
                    if !d.family.evergreen_or_later() {
                        return Err(wrong_family(f, "the Evergreen family or later"));
                    }
                    return Err(OptionsError::NotSupported("+multi_uav".into()));
                }
                _ => {}
            }
        }
        if let Some(w) = self.max_work_group {
            let total: u64 = w.iter().map(|&v| v as u64).product();
            if total > MAX_WORK_GROUP_SIZE as u64 {
                return Err(OptionsError::BadFeature {
                    feature: format!("mwgs-{}-{}-{}", w[0], w[1], w[2]),
                    why: format!(
                        "{total} work-items per group; these devices run at most {MAX_WORK_GROUP_SIZE}"
                    ),
                });
            }
        }
        Ok(())
    }

    /// The work-group size limit: `mwgs-…` or the device maximum.
    pub fn max_group_items(&self) -> u32 {
        match self.max_work_group {
            Some(w) => w.iter().product(),
            None => MAX_WORK_GROUP_SIZE,
        }
    }
}

fn parse_mwgs(f: &str, rest: &str) -> Result<[u32; 3], OptionsError> {
    let bad = |why: &str| OptionsError::BadFeature {
        feature: f.into(),
        why: why.into(),
    };
    let parts: Vec<&str> = rest.split('-').collect();
    let d: usize = parts[0]
        .parse()
        .map_err(|_| bad("expected mwgs-<d>-<x>[-<y>[-<z>]] with d = 1, 2 or 3"))?;
    if !(1..=3).contains(&d) {
        return Err(bad("the dimensionality must be 1, 2 or 3"));
    }
    if parts.len() != d + 1 {
        return Err(bad(&format!(
            "a {d}-dimensional size needs {d} value(s) after the dimensionality"
        )));
    }
    let mut out = [1u32; 3];
    for (k, p) in parts[1..].iter().enumerate() {
        let v: u32 = p
            .parse()
            .map_err(|_| bad(&format!("`{p}` is not a work-group size")))?;
        if v == 0 {
            return Err(bad("a work-group size must be at least 1"));
        }
        out[k] = v;
    }
    Ok(out)
}

/// The text for `-mcpu=help`.
pub fn mcpu_help() -> String {
    let mut s = String::from("Available CPUs for the amdil target (-mcpu=<name>):\n");
    for d in DEVICES {
        let _ = write!(
            s,
            "  {:<9} {:<17} {}",
            d.name,
            d.family.name(),
            d.description
        );
        if d.fp64 {
            s.push_str("; fp64");
        }
        if !d.aliases.is_empty() {
            let _ = write!(s, " (aliases: {})", d.aliases.join(", "));
        }
        s.push('\n');
    }
    s
}

/// The text for `-mattr=help`.
pub fn mattr_help() -> String {
    let rows: &[(&str, &str)] = &[
        (
            "mwgs-<d>-<x>[-<y>[-<z>]]",
            "maximum work-group size in d dimensions (unspecified ones are 1)",
        ),
        (
            "+cal=<n>",
            "CAL version compiled for (SC_135 = 950, SC_136 = 982, SC_137 = 1331)",
        ),
        ("[+/-]fp64", "turn double support on or off"),
        (
            "[+/-]byte_addressable_store",
            "byte stores through the arena UAV (Evergreen or later, CAL > 592)",
        ),
        (
            "[+/-]barrier_detect",
            "barrier detect mode: kernels with barriers report ;limitgroupsize",
        ),
        (
            "[+/-]images",
            "OpenCL 1.0 images (Evergreen or later, CAL > 592; not supported yet)",
        ),
        (
            "[+/-]multi_uav",
            "zero-copy code with one UAV per pointer (Evergreen or later; not supported yet)",
        ),
        (
            "[+/-]macrodb",
            "embed the IL macros a kernel calls instead of ;intrinsic: linking",
        ),
        ("[+/-]noalias", "assume pointers do not alias"),
        ("[+/-]noinline", "no backend inlining of functions"),
    ];
    let mut s = String::from("Available features for the amdil target (-mattr=a,b,...):\n");
    for (n, h) in rows {
        let _ = writeln!(s, "  {n:<28} {h}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_cpu_and_alias_is_known() {
        for n in [
            "rv710", "rv730", "rv770", "cypress", "juniper", "redwood", "cedar", "cayman", "barts",
            "turks", "caicos", "kauai", "test", "rv740", "rv790", "rv700", "CYPRESS",
        ] {
            assert!(find_device(n).is_some(), "{n}");
        }
        assert_eq!(find_device("rv740").map(|d| d.name), Some("rv770"));
        let e = TargetOptions::new("tahiti").expect_err("not a TeraScale part");
        assert!(e.to_string().contains("-mcpu=help"), "{e}");
    }

    #[test]
    fn features_parse_with_signs_and_values() {
        let o = TargetOptions::parse(
            "cypress",
            "mwgs-3-64-2-2,+cal=982,-fp64,+byte_addressable_store,macrodb,+noalias",
        )
        .expect("valid");
        assert_eq!(o.max_work_group, Some([64, 2, 2]));
        assert_eq!(o.max_group_items(), 256);
        assert_eq!(o.cal, Some(982));
        assert!(!o.fp64 && o.byte_addressable_store && o.macrodb && o.noalias);
        let o = TargetOptions::parse("juniper", "mwgs-1-128").expect("valid");
        assert_eq!(o.max_work_group, Some([128, 1, 1]));
        assert!(!o.fp64, "juniper has no fp64 hardware");
        assert!(TargetOptions::parse("rv770", "").expect("valid").fp64);
    }

    #[test]
    fn the_seed_validity_rules_give_clear_errors() {
        let cases: &[(&str, &str, &str)] = &[
            (
                "rv770",
                "+byte_addressable_store",
                "Evergreen family or later",
            ),
            ("rv730", "+multi_uav", "Evergreen family or later"),
            ("cypress", "+cal=592,+byte_addressable_store", "after 592"),
            ("cypress", "+byte_addressable_store,+cal=500", "after 592"),
            ("barts", "+fp64", "no double-precision hardware"),
            ("cypress", "+fastmath", "unknown -mattr feature"),
            ("cypress", "mwgs-4-1-1-1-1", "1, 2 or 3"),
            ("cypress", "mwgs-2-16", "needs 2 value"),
            ("cypress", "mwgs-1-0", "at least 1"),
            ("cypress", "mwgs-2-32-32", "at most 256"),
            ("cypress", "+cal=abc", "CAL version number"),
            ("cypress", "+multi_uav", "not supported yet"),
            ("cayman", "+images", "not supported yet"),
        ];
        for (cpu, mattr, want) in cases {
            let e = TargetOptions::parse(cpu, mattr).expect_err(mattr);
            assert!(e.to_string().contains(want), "{cpu} {mattr}: {e}");
        }
        // Turning a feature off is valid anywhere.
        assert!(TargetOptions::parse("rv710", "-byte_addressable_store,-fp64").is_ok());
    }

    #[test]
    fn help_lists_every_cpu_and_feature() {
        let h = mcpu_help();
        for d in DEVICES {
            assert!(h.contains(d.name), "{}", d.name);
        }
        assert_eq!(
            TargetOptions::new("help"),
            Err(OptionsError::Help(mcpu_help()))
        );
        assert_eq!(
            TargetOptions::parse("cypress", "+fp64,help"),
            Err(OptionsError::Help(mattr_help()))
        );
        let h = mattr_help();
        for f in [
            "mwgs-",
            "+cal=",
            "fp64",
            "byte_addressable_store",
            "barrier_detect",
            "images",
            "multi_uav",
            "macrodb",
            "noalias",
            "noinline",
        ] {
            assert!(h.contains(f), "{f}");
        }
    }
}
