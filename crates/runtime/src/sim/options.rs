//! `oclgrind-kernel`'s options, as `kauai sim` takes them (from its command line and
//! from a `# ARGS:` line): the ones Kauai does, the harmless ones it accepts and
//! ignores, and the ones it refuses as "not supported yet".

/// Options that only tune Oclgrind itself (threads, precompiled headers, the device's
/// reported compute units): accepted and ignored, with the count of values they take.
pub const OCLGRIND_HARMLESS: &[(&str, usize)] = &[
    ("--num-threads", 1),
    ("--disable-pch", 0),
    ("--pch-dir", 1),
    ("--compute-units", 1),
    // Kauai's race check reports same-value writes as well.
    ("--uniform-writes", 0),
];

/// Options whose effect Kauai does not have yet: refused, so a run never silently
/// differs from what the option asks.
pub const OCLGRIND_UNSUPPORTED: &[(&str, usize)] = &[
    ("--global-mem", 0),
    ("-g", 0),
    ("--quick", 0),
    ("-q", 0),
    ("--interactive", 0),
    ("-i", 0),
    ("--inst-counts", 0),
    ("--dump-spir", 0),
    ("--plugins", 1),
    ("--log", 1),
    ("--constant-mem-size", 1),
    ("--global-mem-size", 1),
    ("--local-mem-size", 1),
    ("--max-wgsize", 1),
];

/// What the options ask of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimOptions {
    /// `--data-races`: the interpreter's `races` check.
    pub data_races: bool,
    /// `--uninitialized`: the interpreter's `uninit` check.
    pub uninitialized: bool,
    /// `--build-options OPTIONS` (several are joined with spaces).
    pub build_options: String,
    /// `--max-errors NUM`: at most this many error blocks are printed.
    pub max_errors: Option<u64>,
    /// `--timeout SECONDS` (Kauai's own, as `kauai run --timeout`): stop a kernel that
    /// runs longer.
    pub timeout: Option<std::time::Duration>,
    /// The `.sim` file (the one positional argument).
    pub file: Option<String>,
    /// `-h`/`--help`, `-v`/`--version`.
    pub help: bool,
    pub version: bool,
}

impl SimOptions {
    /// Apply options in order; an error names the option and says why.
    pub fn apply(&mut self, args: &[String]) -> Result<(), String> {
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let value = |i: usize| {
                args.get(i + 1)
                    .cloned()
                    .ok_or_else(|| format!("Missing argument to {a}"))
            };
            match a {
                "--data-races" => self.data_races = true,
                "--uninitialized" => self.uninitialized = true,
                "--build-options" => {
                    let v = value(i)?;
                    if !self.build_options.is_empty() {
                        self.build_options.push(' ');
                    }
                    self.build_options.push_str(&v);
                    i += 1;
                }
                "--max-errors" => {
                    let v = value(i)?;
                    self.max_errors = Some(v.parse::<u64>().map_err(|_| {
                        format!("--max-errors takes a number of errors, got `{v}`")
                    })?);
                    i += 1;
                }
                "--timeout" => {
                    let v = value(i)?;
                    let secs: f64 = v
                        .parse()
                        .map_err(|_| format!("--timeout takes seconds, got `{v}`"))?;
                    self.timeout = Some(
                        crate::limits::timeout_from_secs(secs)
                            .map_err(|e| format!("--timeout {v}: {e}"))?,
                    );
                    i += 1;
                }
                "-h" | "--help" => self.help = true,
                "-v" | "--version" => self.version = true,
                _ => {
                    if let Some((_, n)) = OCLGRIND_HARMLESS.iter().find(|(o, _)| *o == a) {
                        if *n == 1 {
                            value(i)?;
                        }
                        i += n;
                    } else if OCLGRIND_UNSUPPORTED.iter().any(|(o, _)| *o == a) {
                        return Err(format!("not supported yet: oclgrind-kernel's {a}"));
                    } else if a.starts_with('-') {
                        return Err(format!("Unrecognised option '{a}'"));
                    } else if self.file.is_some() {
                        return Err(format!("Unexpected positional argument '{a}'"));
                    } else {
                        self.file = Some(a.to_string());
                    }
                }
            }
            i += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(s: &str) -> Result<SimOptions, String> {
        let mut o = SimOptions::default();
        o.apply(&s.split_whitespace().map(String::from).collect::<Vec<_>>())?;
        Ok(o)
    }

    #[test]
    fn options_are_done_ignored_or_refused() {
        let o = opts("--data-races --num-threads 4 --build-options -DX=1 a.sim").unwrap();
        assert!(o.data_races);
        assert!(opts("--timeout 0")
            .unwrap_err()
            .contains("MAX_TIMEOUT_SECS"));
        assert_eq!(
            opts("--timeout 2").unwrap().timeout,
            Some(std::time::Duration::from_secs(2))
        );
        assert_eq!(o.build_options, "-DX=1");
        assert_eq!(o.file.as_deref(), Some("a.sim"));
        assert!(opts("--uninitialized").unwrap().uninitialized);
        assert!(opts("-q").unwrap_err().starts_with("not supported yet"));
        assert_eq!(
            opts("--bogus").unwrap_err(),
            "Unrecognised option '--bogus'"
        );
        assert_eq!(
            opts("--num-threads").unwrap_err(),
            "Missing argument to --num-threads"
        );
        assert_eq!(
            opts("a b").unwrap_err(),
            "Unexpected positional argument 'b'"
        );
    }
}
