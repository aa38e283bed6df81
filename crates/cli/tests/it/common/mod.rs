//! Running the `kauai` binary from the repository root, as a user does.

use std::process::Command;

/// Run `kauai ARGS` in the repository root: (exit code, stdout, stderr).
pub fn kauai(args: &[&str]) -> (i32, String, String) {
    kauai_env(&[], args)
}

/// [`kauai`] with environment variables set.
pub fn kauai_env(env: &[(&str, &str)], args: &[&str]) -> (i32, String, String) {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let out = Command::new(env!("CARGO_BIN_EXE_kauai"))
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root)
        .output()
        .expect("kauai runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
