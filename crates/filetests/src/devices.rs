//! Which devices the run-tests run on besides the host, and what is expected of each.
//!
//! `filetests/run/devices.txt` lists, one per line:
//!
//! ```text
//! device kauai:cypress                      every run-test also runs on this device
//! gap kauai:rv770 types/double_ops.cl WHY   does not pass yet (a Kauai limitation)
//! unsupported kauai:juniper types/double_ops.cl MESSAGE
//!                                           the device cannot run it: the build must
//!                                           fail with an error containing MESSAGE
//! differs * language/size_types.cl WHY      the output rightly depends on the device
//!                                           (e.g. `sizeof(size_t)`): it must run without
//!                                           error, but is not compared with the host
//! ```
//!
//! A `gap` whose test passes is itself a failure, so the list can only shrink. `*` as the
//! device of a `gap`/`unsupported` line means every listed `kauai:` (IL) device.

use std::path::Path;

/// The expectation of one (test, device) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expectation {
    /// Same outcome as on the host.
    Pass,
    /// A known gap in Kauai: must still fail, for the reason given.
    Gap(String),
    /// The device cannot run this kernel: the build fails with this message.
    Unsupported(String),
    /// The output depends on the device (for the reason given): the run must succeed,
    /// but neither the CHECK lines nor the host's output are held against it.
    Differs(String),
}

/// The device list and per-test expectations.
#[derive(Clone, Debug, Default)]
pub struct DeviceMatrix {
    pub devices: Vec<String>,
    entries: Vec<(String, String, Expectation)>,
}

impl DeviceMatrix {
    /// Read `devices.txt`; a missing file means no devices.
    pub fn load(path: &Path) -> Result<DeviceMatrix, String> {
        match std::fs::read_to_string(path) {
            Ok(text) => DeviceMatrix::parse(&text)
                .map_err(|(line, msg)| format!("{}:{line}: {msg}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(DeviceMatrix::default()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }

    pub fn parse(text: &str) -> Result<DeviceMatrix, (usize, String)> {
        let mut m = DeviceMatrix::default();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut words = line.splitn(4, char::is_whitespace);
            let kind = words.next().unwrap_or_default();
            let dev = words.next().map(str::trim).unwrap_or_default();
            if dev.is_empty() {
                return Err((n + 1, format!("`{kind}` needs a device name")));
            }
            match kind {
                "device" => m.devices.push(dev.to_string()),
                "gap" | "unsupported" | "differs" => {
                    let test = words.next().map(str::trim).unwrap_or_default();
                    let why = words.next().map(str::trim).unwrap_or_default();
                    if test.is_empty() || why.is_empty() {
                        return Err((n + 1, format!("`{kind} DEVICE TEST TEXT` expected")));
                    }
                    let why = why.to_string();
                    let e = match kind {
                        "gap" => Expectation::Gap(why),
                        "unsupported" => Expectation::Unsupported(why),
                        _ => Expectation::Differs(why),
                    };
                    m.entries.push((dev.to_string(), test.to_string(), e));
                }
                other => {
                    return Err((
                        n + 1,
                        format!(
                            "unknown entry `{other}`; expected device, gap, unsupported or differs"
                        ),
                    ))
                }
            }
        }
        Ok(m)
    }

    /// The expectation for `test` (a path relative to `filetests/run`, with `/`).
    pub fn expectation(&self, device: &str, test: &str) -> Expectation {
        self.entries
            .iter()
            .find(|(d, t, _)| {
                (d == device || (d == "*" && device.starts_with("kauai:"))) && t == test
            })
            .map(|(_, _, e)| e.clone())
            .unwrap_or(Expectation::Pass)
    }

    /// Entries naming a test that does not exist (stale lines).
    pub fn unknown_tests<'a>(&'a self, exists: &'a dyn Fn(&str) -> bool) -> Vec<&'a str> {
        self.entries
            .iter()
            .filter(|(_, t, _)| !exists(t))
            .map(|(_, t, _)| t.as_str())
            .collect()
    }
}

/// Run `path` on `device` and hold the result to `expect`; `host` is the host's
/// outcome for the same file ([`crate::run_cl`] with no device).
pub fn check_on_device(
    path: &Path,
    device: &str,
    expect: &Expectation,
    host: &Result<String, String>,
) -> Result<(), String> {
    let result = || crate::run_file_on_device(path, device, host);
    match expect {
        Expectation::Differs(why) => crate::run_file_unchecked(path, device)
            .map_err(|e| format!("{} ({why}) fails on {device}:\n{e}", path.display())),
        Expectation::Pass => result(),
        Expectation::Gap(why) => match result() {
            Err(_) => Ok(()),
            Ok(()) => Err(format!(
                "{} now passes on {device}: remove its `gap` line ({why}) from devices.txt",
                path.display()
            )),
        },
        Expectation::Unsupported(msg) => match result() {
            Err(e) if e.contains(msg.as_str()) => Ok(()),
            Err(e) => Err(format!(
                "{}: on {device} the build should fail with `{msg}`, but:\n{e}",
                path.display()
            )),
            Ok(()) => Err(format!(
                "{}: on {device} the build should fail with `{msg}`, but the test passes",
                path.display()
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_entries_and_wildcards() {
        let m = DeviceMatrix::parse(
            "# c\ndevice kauai:cypress\ndevice kauai:rv770\n\
             gap * a/b.cl printf not lowered yet\n\
             unsupported kauai:rv770 t/d.cl double precision\n\
             differs * s.cl pointer size\n",
        )
        .expect("parses");
        assert_eq!(m.devices, ["kauai:cypress", "kauai:rv770"]);
        assert_eq!(
            m.expectation("kauai:cypress", "a/b.cl"),
            Expectation::Gap("printf not lowered yet".into())
        );
        assert_eq!(
            m.expectation("kauai:rv770", "t/d.cl"),
            Expectation::Unsupported("double precision".into())
        );
        assert_eq!(m.expectation("kauai:cypress", "t/d.cl"), Expectation::Pass);
        assert_eq!(
            m.expectation("kauai:barts", "s.cl"),
            Expectation::Differs("pointer size".into())
        );
    }

    #[test]
    fn rejects_malformed_lines() {
        assert_eq!(DeviceMatrix::parse("gap kauai:x a.cl").unwrap_err().0, 1);
        assert_eq!(DeviceMatrix::parse("\nfoo bar").unwrap_err().0, 2);
        assert_eq!(DeviceMatrix::parse("device").unwrap_err().0, 1);
    }
}
