//! Build options (`-cl-*`, `-D`, `-I`) and a device's `compilation_options`.
//!
//! A device advertises its own options in `Info::compilation_options` with the syntax of docs/spec/computemux.md#info:
//! semicolon-separated tuples `name,[1|0],help` where the name starts with `--`
//! and has no whitespace, the flag says whether a value follows, and the help uses plain
//! spaces only. [`parse_compilation_options`] enforces those rules; [`Options::parse`]
//! accepts a device option only if the device lists it.

use crate::result::{Error, ResultCode};

/// One device-specific option a compiler advertises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub name: String,
    pub takes_value: bool,
    pub help: String,
}

/// Parse and validate a `compilation_options` string (empty means none).
pub fn parse_compilation_options(s: &str) -> Result<Vec<OptionSpec>, String> {
    if s.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for (i, tuple) in s.split(';').enumerate() {
        let n = i + 1;
        let mut parts = tuple.splitn(3, ',');
        let (Some(name), Some(flag), Some(help)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!(
                "option {n} `{tuple}` is not a `name,[1|0],help` tuple"
            ));
        };
        if !name.starts_with("--") || name.len() < 3 {
            return Err(format!("option {n}: name `{name}` must start with `--`"));
        }
        if name.chars().any(char::is_whitespace) {
            return Err(format!("option {n}: name `{name}` contains whitespace"));
        }
        let takes_value = match flag {
            "1" => true,
            "0" => false,
            _ => {
                return Err(format!(
                    "option {n}: second element must be `1` or `0`, found `{flag}`"
                ))
            }
        };
        if help.chars().any(|c| c.is_whitespace() && c != ' ') {
            return Err(format!(
                "option {n}: help may only use plain spaces as whitespace"
            ));
        }
        out.push(OptionSpec {
            name: name.to_string(),
            takes_value,
            help: help.to_string(),
        });
    }
    Ok(out)
}

/// OpenCL C standard selected by `-cl-std`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClStd {
    Cl10,
    Cl11,
    Cl12,
}

/// Parsed build options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    pub defines: Vec<(String, Option<String>)>,
    pub include_dirs: Vec<std::path::PathBuf>,
    pub opt_disable: bool,
    pub mad_enable: bool,
    pub no_signed_zeros: bool,
    pub unsafe_math: bool,
    pub finite_math_only: bool,
    pub fast_relaxed_math: bool,
    pub single_precision_constant: bool,
    pub denorms_are_zero: bool,
    pub correctly_rounded_divide_sqrt: bool,
    pub kernel_arg_info: bool,
    pub std: ClStd,
    pub no_warnings: bool,
    pub warnings_as_errors: bool,
    pub debug_info: bool,
    /// Device options (`--name [value]`) accepted because the device advertises them.
    pub device_options: Vec<(String, Option<String>)>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            opt_disable: false,
            mad_enable: false,
            no_signed_zeros: false,
            unsafe_math: false,
            finite_math_only: false,
            fast_relaxed_math: false,
            single_precision_constant: false,
            denorms_are_zero: false,
            correctly_rounded_divide_sqrt: false,
            kernel_arg_info: false,
            std: ClStd::Cl12,
            no_warnings: false,
            warnings_as_errors: false,
            debug_info: false,
            device_options: Vec::new(),
        }
    }
}

impl Options {
    /// Parse an OpenCL build-option string, with device options checked against `device`.
    pub fn parse(s: &str, device: &[OptionSpec]) -> Result<Options, Error> {
        let bad = |m: String| Error::new(ResultCode::InvalidBuildOptions, m);
        let words = split_words(s).map_err(bad)?;
        let mut o = Options::default();
        let mut it = words.into_iter().peekable();
        while let Some(w) = it.next() {
            let mut value_of = |flag: &str, attached: &str| -> Result<String, Error> {
                if !attached.is_empty() {
                    Ok(attached.to_string())
                } else {
                    it.next()
                        .ok_or_else(|| bad(format!("`{flag}` needs a value")))
                }
            };
            match w.as_str() {
                "-cl-opt-disable" => o.opt_disable = true,
                "-cl-mad-enable" => o.mad_enable = true,
                "-cl-no-signed-zeros" => o.no_signed_zeros = true,
                "-cl-unsafe-math-optimizations" => {
                    o.unsafe_math = true;
                    o.mad_enable = true;
                    o.no_signed_zeros = true;
                }
                "-cl-finite-math-only" => o.finite_math_only = true,
                "-cl-fast-relaxed-math" => {
                    o.fast_relaxed_math = true;
                    o.unsafe_math = true;
                    o.finite_math_only = true;
                    o.mad_enable = true;
                    o.no_signed_zeros = true;
                }
                "-cl-single-precision-constant" => o.single_precision_constant = true,
                "-cl-denorms-are-zero" => o.denorms_are_zero = true,
                "-cl-fp32-correctly-rounded-divide-sqrt" => o.correctly_rounded_divide_sqrt = true,
                "-cl-kernel-arg-info" => o.kernel_arg_info = true,
                "-w" => o.no_warnings = true,
                "-Werror" => o.warnings_as_errors = true,
                "-g" => o.debug_info = true,
                _ if w.starts_with("-cl-std=") => {
                    o.std = match &w["-cl-std=".len()..] {
                        "CL1.0" => ClStd::Cl10,
                        "CL1.1" => ClStd::Cl11,
                        "CL1.2" => ClStd::Cl12,
                        other => {
                            return Err(bad(format!(
                                "unsupported `-cl-std={other}` (this compiler implements CL1.0, CL1.1 and CL1.2)"
                            )))
                        }
                    }
                }
                _ if w.starts_with("-D") => {
                    let d = value_of("-D", &w[2..])?;
                    let (name, value) = match d.split_once('=') {
                        Some((n, v)) => (n.to_string(), Some(v.to_string())),
                        None => (d.clone(), None),
                    };
                    if name.is_empty() {
                        return Err(bad("`-D` needs a macro name".into()));
                    }
                    o.defines.push((name, value));
                }
                _ if w.starts_with("-I") => {
                    let d = value_of("-I", &w[2..])?;
                    o.include_dirs.push(d.into());
                }
                _ if w.starts_with("--") => {
                    let (name, attached) = match w.split_once('=') {
                        Some((n, v)) => (n.to_string(), Some(v.to_string())),
                        None => (w.clone(), None),
                    };
                    let Some(spec) = device.iter().find(|s| s.name == name) else {
                        return Err(bad(format!(
                            "unknown option `{name}` (this device accepts: {})",
                            if device.is_empty() {
                                "no device options".to_string()
                            } else {
                                device.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
                            }
                        )));
                    };
                    let value = if spec.takes_value {
                        Some(match attached {
                            Some(v) => v,
                            None => it
                                .next()
                                .ok_or_else(|| bad(format!("`{name}` needs a value")))?,
                        })
                    } else if attached.is_some() {
                        return Err(bad(format!("`{name}` takes no value")));
                    } else {
                        None
                    };
                    o.device_options.push((name, value));
                }
                _ => return Err(bad(format!("unknown build option `{w}`"))),
            }
        }
        Ok(o)
    }
}

/// Split on whitespace, honouring double quotes (`-D "X=a b"`).
fn split_words(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            c if c.is_whitespace() && !quoted => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if quoted {
        return Err("unterminated quote in build options".into());
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compilation_options_follow_the_seed_syntax() {
        let ok = parse_compilation_options(
            "--dummy-device-option,1,takes an integer value;--dummy-device-flag,0,enables device optimization",
        )
        .expect("valid");
        assert_eq!(ok.len(), 2);
        assert!(ok[0].takes_value && !ok[1].takes_value);
        assert_eq!(parse_compilation_options(""), Ok(vec![]));
        for (bad, why) in [
            ("-x,1,help", "must start with `--`"),
            ("--a b,1,help", "whitespace"),
            ("--a,2,help", "`1` or `0`"),
            ("--a,1,tab\there", "plain spaces"),
            ("--a,1", "tuple"),
            ("--a,1,ok;", "tuple"),
        ] {
            let e = parse_compilation_options(bad).expect_err(bad);
            assert!(e.contains(why), "{bad}: {e}");
        }
    }

    #[test]
    fn build_options_parse_and_reject() {
        let dev = parse_compilation_options("--mcpu,1,target cpu;--fast,0,go fast").expect("valid");
        let o = Options::parse(
            "-cl-fast-relaxed-math -D N=4 -DX -I inc -cl-std=CL1.1 --mcpu=cypress --fast",
            &dev,
        )
        .expect("valid");
        assert!(o.fast_relaxed_math && o.mad_enable && o.finite_math_only);
        assert_eq!(
            o.defines,
            vec![("N".into(), Some("4".into())), ("X".into(), None)]
        );
        assert_eq!(o.std, ClStd::Cl11);
        assert_eq!(
            o.device_options,
            vec![
                ("--mcpu".into(), Some("cypress".into())),
                ("--fast".into(), None)
            ]
        );
        for bad in [
            "-cl-bogus",
            "-cl-std=CL2.0",
            "--unknown",
            "--mcpu",
            "--fast=1",
            "-D",
            "-D \"x",
        ] {
            let e = Options::parse(bad, &dev).expect_err(bad);
            assert_eq!(e.code, ResultCode::InvalidBuildOptions, "{bad}");
        }
    }
}
