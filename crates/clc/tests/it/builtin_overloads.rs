//! Every builtin overload of OpenCL C 1.2 (plus the int64 atomics, and `cl_khr_fp16`'s
//! half overloads on their own) compiles: one call each, through the front end.
//!
//! The overloads are frozen in `tests/data/builtins/*.txt` (names and argument types
//! from clang-14's `opencl-c.h`; `extract.py` and its README say how). Each becomes a
//! function `void fN(T0 a0, ...) { name(a0, ...); }` on a line of its own, many per
//! program; an error is charged to the overload on its line, and the rest are compiled
//! again until they compile clean. The overloads that fail are compared with
//! `opencl12.fail` (core and int64 atomics) and `fp16.fail`: the test fails when one
//! regresses or when a listed one starts working (`BLESS=1` rewrites the lists).

use std::path::{Path, PathBuf};

use kauai_clc::{compile_opencl_c, CompileOptions};
use kauai_diag::SourceMap;
use kauai_testkit::compare_or_bless;

/// Overloads per program: large enough to be fast, small enough that one program's
/// output stays far below the front end's output limit.
const BATCH: usize = 600;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/builtins")
}

fn read_list(name: &str) -> Vec<String> {
    let p = data_dir().join(name);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// `name(T0, T1)` → (`name`, [`T0`, `T1`]).
fn split_overload(o: &str) -> (&str, Vec<&str>) {
    let (name, rest) = o.split_once('(').expect("name(types)");
    let args = rest.strip_suffix(')').expect("closing parenthesis");
    let types = if args.is_empty() {
        Vec::new()
    } else {
        args.split(", ").collect()
    };
    (name, types)
}

fn options(fp16: bool) -> CompileOptions {
    let mut extensions = vec![
        "cl_khr_int64_base_atomics".to_string(),
        "cl_khr_int64_extended_atomics".to_string(),
    ];
    if fp16 {
        extensions.push("cl_khr_fp16".to_string());
    }
    CompileOptions {
        fp64: true,
        images: true,
        extensions,
        ..CompileOptions::default()
    }
}

const PRAGMAS: &str = "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
    #pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable\n\
    #pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable\n";

/// The source of one program: the pragmas, then overload `i` of `batch` on line
/// `first_line + i` (1-based).
fn program(batch: &[&String], fp16: bool) -> (String, usize) {
    let mut src = String::from(PRAGMAS);
    if fp16 {
        src.push_str("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n");
    }
    let first_line = src.lines().count() + 1;
    for (i, o) in batch.iter().enumerate() {
        let (name, types) = split_overload(o);
        let params: Vec<String> = types
            .iter()
            .enumerate()
            .map(|(j, t)| format!("{t} a{j}"))
            .collect();
        let args: Vec<String> = (0..types.len()).map(|j| format!("a{j}")).collect();
        src.push_str(&format!(
            "void f{i}({}) {{ {name}({}); }}\n",
            params.join(", "),
            args.join(", ")
        ));
    }
    (src, first_line)
}

/// Compile `batch`; the indices (into `batch`) of the overloads whose line has an
/// error, or `None` when some error lies on no overload's line.
fn failing_lines(batch: &[&String], fp16: bool) -> Option<Vec<usize>> {
    let (src, first_line) = program(batch, fp16);
    let mut sm = SourceMap::new();
    let id = sm.add("overloads.cl", src.into_bytes());
    let Err(diags) = compile_opencl_c(&mut sm, &[id], &options(fp16)) else {
        return Some(Vec::new());
    };
    let mut bad = Vec::new();
    for d in diags.iter().filter(|d| d.is_error()) {
        let sp = d.primary_span()?;
        if sp.file != id {
            return None;
        }
        let (line, _) = sm.file(id).line_col(sp.start as usize);
        let i = line.checked_sub(first_line).filter(|i| *i < batch.len())?;
        bad.push(i);
    }
    bad.sort_unstable();
    bad.dedup();
    if bad.is_empty() {
        // Errors without a place on an overload's line.
        return None;
    }
    Some(bad)
}

/// The overloads of `list` that do not compile, in the list's order.
fn failures(list: &[String], fp16: bool) -> Vec<String> {
    let mut failed = Vec::new();
    for chunk in list.chunks(BATCH) {
        let mut left: Vec<&String> = chunk.iter().collect();
        loop {
            match failing_lines(&left, fp16) {
                Some(bad) if bad.is_empty() => break,
                Some(bad) => {
                    for &i in bad.iter().rev() {
                        failed.push(left.remove(i).clone());
                    }
                }
                None => {
                    // Fall back to one program per overload for this chunk.
                    for o in left {
                        if failing_lines(&[o], fp16) != Some(Vec::new()) {
                            failed.push(o.clone());
                        }
                    }
                    break;
                }
            }
        }
    }
    let order = |o: &String| list.iter().position(|l| l == o);
    failed.sort_by_key(order);
    failed
}

/// `name: count` for each builtin name among `failed`: the summary a person reads.
fn summary(failed: &[String]) -> String {
    let mut names: Vec<(&str, usize)> = Vec::new();
    for o in failed {
        let (n, _) = split_overload(o);
        match names.iter_mut().find(|(m, _)| *m == n) {
            Some((_, c)) => *c += 1,
            None => names.push((n, 1)),
        }
    }
    names
        .iter()
        .map(|(n, c)| format!("{n} ({c})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn check(lists: &[&str], expect: &str, fp16: bool) {
    let mut all = Vec::new();
    for l in lists {
        all.extend(read_list(l));
    }
    assert!(!all.is_empty(), "no overloads in {lists:?}");
    let failed = failures(&all, fp16);
    let names = {
        let mut n: Vec<&str> = all.iter().map(|o| split_overload(o).0).collect();
        n.sort_unstable();
        n.dedup();
        n.len()
    };
    println!(
        "{lists:?}: {} overloads of {names} names, {} compile, {} fail: {}",
        all.len(),
        all.len() - failed.len(),
        failed.len(),
        summary(&failed)
    );
    let path = data_dir().join(expect);
    let expected = std::fs::read_to_string(&path).ok();
    let actual: String = failed.iter().map(|o| format!("{o}\n")).collect();
    if let Err(e) = compare_or_bless(&path, expected.as_deref(), &actual, || {
        actual.clone().into_bytes()
    }) {
        panic!("{e}");
    }
}

#[test]
fn opencl12_and_int64_atomic_overloads_compile() {
    check(
        &["opencl12.txt", "int64_atomics.txt"],
        "opencl12.fail",
        false,
    );
}

#[test]
fn fp16_overloads_compile() {
    check(&["fp16.txt"], "fp16.fail", true);
}
