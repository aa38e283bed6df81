//! Driver options (docs/spec/amd-runtime-abi.md#devices--mcpu-and-features--mattr):
//! `-mcpu` picks the device, `-mattr` a comma-separated list of features.
//!
//! The device table (family, double precision, LDS size, wavefront) is
//! [`kauai_amdil::device`], shared with the emulator; it is re-exported here.

use std::fmt::Write as _;

use thiserror::Error;

pub use kauai_amdil::device::{find_device, Device, Family, DEVICES, MAX_WORK_GROUP_SIZE};

/// CAL versions at or below this one lack byte-addressable stores and images.
pub const CAL_BYTE_STORE_MIN: u32 = 592;

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
    /// `[+/-]images`: the OpenCL 1.0 image extension. Images are on for every device
    /// (OpenCL 1.2), so this is only checked where the 2011 compiler checked it.
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
    /// rules of docs/spec/amd-runtime-abi.md#devices--mcpu-and-features--mattr, which depend on the whole list (`+cal=` may come last).
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
            "OpenCL 1.0 images (Evergreen or later, CAL > 592; images are on for every device, so it changes nothing)",
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
    fn every_documented_cpu_and_alias_is_known() {
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
    fn the_documented_validity_rules_give_clear_errors() {
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
            ("rv770", "+images", "Evergreen family or later"),
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
