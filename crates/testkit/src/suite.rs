//! A test binary made of named trials: one per data file, plus plain ones.
//!
//! Suites whose trials come from files use `harness = false` and end in
//! [`Suite::run`]; `cargo test -p CRATE --test files -- NAME` filters them like any test.

use std::path::Path;

use libtest_mimic::{Arguments, Failed, Trial};

use crate::files::{collect_files, relative_name};

/// The trials of one test binary.
#[derive(Default)]
pub struct Suite {
    trials: Vec<Trial>,
}

impl Suite {
    pub fn new() -> Suite {
        Suite::default()
    }

    /// One trial per file below `root.join(dir)` with one of `exts`, named `dir/...`
    /// relative to `root`. A directory without such files is itself a failing trial:
    /// a suite that silently ran nothing would pass for the wrong reason.
    pub fn files<F>(&mut self, root: &Path, dir: &str, exts: &[&str], run: F) -> &mut Suite
    where
        F: Fn(&Path) -> Result<(), String> + Send + Sync + Clone + 'static,
    {
        let files = collect_files(&root.join(dir), exts);
        if files.is_empty() {
            let msg = format!("no {exts:?} files below {}", root.join(dir).display());
            self.trials.push(Trial::test(dir.to_string(), move || {
                Err(msg.clone().into())
            }));
        }
        for p in files {
            let run = run.clone();
            let name = relative_name(&p, root);
            self.trials
                .push(Trial::test(name, move || run(&p).map_err(Failed::from)));
        }
        self
    }

    /// A plain trial.
    pub fn test<F>(&mut self, name: impl Into<String>, run: F) -> &mut Suite
    where
        F: FnOnce() -> Result<(), String> + Send + 'static,
    {
        self.trials
            .push(Trial::test(name, move || run().map_err(Failed::from)));
        self
    }

    /// Run the trials with the command line's filters and exit with their verdict.
    pub fn run(self) -> ! {
        libtest_mimic::run(&Arguments::from_args(), self.trials).exit()
    }
}
