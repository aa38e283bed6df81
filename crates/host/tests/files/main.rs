//! Data-driven executor tests: every `tests/data/*.ir` file is an IR module whose leading
//! comments describe one launch and its expected outcome:
//!
//! ```text
//! ; run @kernel global=16[,Y[,Z]] local=4[,Y[,Z]] [offset=X[,Y[,Z]]] [threads=N] [fuel=N]
//! ;     [timeout_ms=N] [printf_buffer=BYTES]
//! ; arg buf i32 = 1 2 3          (a buffer with these elements)
//! ; arg buf f32 zero 16          (16 zero elements)
//! ; arg buf i32 iota 16          (0, 1, 2, ...)
//! ; arg local 64                 (a __local allocation of 64 bytes)
//! ; arg val i32 5                (a scalar or vector by value: one or more elements)
//! ; arg bytes 01 02 03 04        (raw bytes: byval structs)
//! ; expect arg0 i32 = 1 3 5      (buffer argument 0 after the run)
//! ; expect instructions = 42     (IR instructions executed, by the interpreter)
//! ; printf: TEXT                  (one line of the run's printf output, in order)
//! ; expect-error some words      (the run fails with a message containing these words)
//! ; finding: TEXT                 (one line of what the checks found, in order; blocks
//!                                  separated by `; finding:` alone)
//! ```
//!
//! `checks=races` on the `run` line turns the race check on. Each file runs on the
//! interpreter and again on the JIT (`Executor::Auto`: the interpreter where the JIT
//! cannot compile the kernel), and once more on the interpreter with the race check on:
//! a file without `finding:` lines must have no finding then (the corpus's kernels
//! are race-free unless they say otherwise), and the same results; an expected fault
//! is then a finding, since checks let the run go on past it.
//!
//! Expected values are computed by hand (or from a closed form written in the comment);
//! `BLESS=1 cargo test -p kauai-host --test files` rewrites `expect` lines from the actual results, for reviewing diffs only.

use std::path::Path;
use std::sync::Arc;

use kauai_host::{ArgValue, Buffer, ExecOptions, Executor, NdRange, Program};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    I8,
    U8,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    F32,
    F64,
}

impl Ty {
    fn parse(s: &str) -> Ty {
        match s {
            "i8" => Ty::I8,
            "u8" => Ty::U8,
            "i16" => Ty::I16,
            "u16" => Ty::U16,
            "i32" => Ty::I32,
            "u32" => Ty::U32,
            "i64" => Ty::I64,
            "u64" => Ty::U64,
            "f32" => Ty::F32,
            "f64" => Ty::F64,
            _ => panic!("unknown element type `{s}`"),
        }
    }
    fn size(self) -> usize {
        match self {
            Ty::I8 | Ty::U8 => 1,
            Ty::I16 | Ty::U16 => 2,
            Ty::I32 | Ty::U32 | Ty::F32 => 4,
            _ => 8,
        }
    }
    fn encode(self, text: &str) -> Vec<u8> {
        let int = || -> i128 {
            let t = text.trim();
            if let Some(h) = t.strip_prefix("0x") {
                i128::from_str_radix(h, 16).unwrap_or_else(|_| panic!("bad number `{t}`"))
            } else {
                t.parse().unwrap_or_else(|_| panic!("bad number `{t}`"))
            }
        };
        let float = || -> f64 {
            match text.trim() {
                "nan" => f64::NAN,
                "inf" => f64::INFINITY,
                "-inf" => f64::NEG_INFINITY,
                t => t.parse().unwrap_or_else(|_| panic!("bad float `{t}`")),
            }
        };
        let b = match self {
            Ty::F32 => (float() as f32).to_le_bytes().to_vec(),
            Ty::F64 => float().to_le_bytes().to_vec(),
            _ => (int() as u128).to_le_bytes().to_vec(),
        };
        b[..self.size()].to_vec()
    }
    fn decode(self, b: &[u8]) -> String {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        let u = u64::from_le_bytes(w);
        match self {
            Ty::I8 => (u as i8).to_string(),
            Ty::U8 => (u as u8).to_string(),
            Ty::I16 => (u as i16).to_string(),
            Ty::U16 => (u as u16).to_string(),
            Ty::I32 => (u as i32).to_string(),
            Ty::U32 => (u as u32).to_string(),
            Ty::I64 => (u as i64).to_string(),
            Ty::U64 => u.to_string(),
            Ty::F32 => fmt_float(
                f32::from_bits(u as u32) as f64,
                f32::from_bits(u as u32).to_string(),
            ),
            Ty::F64 => fmt_float(f64::from_bits(u), f64::from_bits(u).to_string()),
        }
    }
}

fn fmt_float(x: f64, s: String) -> String {
    if x.is_nan() {
        "nan".into()
    } else {
        s
    }
}

/// Element texts of a list: `= a b c`, `zero N` or `iota N`.
fn elements(words: &[&str]) -> Vec<String> {
    match words {
        ["=", rest @ ..] => rest
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|w| !w.is_empty())
            .map(String::from)
            .collect(),
        ["zero", n] => vec!["0".into(); n.parse().expect("count")],
        ["iota", n] => (0..n.parse::<u64>().expect("count"))
            .map(|i| i.to_string())
            .collect(),
        _ => panic!("expected `= values`, `zero N` or `iota N`, got {words:?}"),
    }
}

fn dims(s: &str) -> [u64; 3] {
    let mut out = [1u64; 3];
    for (i, p) in s.split(',').enumerate() {
        out[i] = p.parse().expect("size");
    }
    out
}

struct Expect {
    line: usize,
    arg: usize,
    ty: Ty,
    values: Vec<String>,
}

fn run_file(path: &Path, bless: bool, executor: Executor, races: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let module = kauai_ir::parse_str(&path.display().to_string(), &text)?;
    let mut kernel = String::new();
    let mut nd = NdRange::linear(1, 1);
    let mut opts = ExecOptions {
        executor,
        ..ExecOptions::default()
    };
    opts.checks.races = races;
    let mut finding_lines: Vec<String> = Vec::new();
    let mut args = Vec::new();
    let mut buffers: Vec<Option<Arc<Buffer>>> = Vec::new();
    let mut expects = Vec::new();
    let mut expect_error: Option<(usize, String)> = None;
    let mut expect_insts: Option<(usize, u64)> = None;
    let mut printf_lines: Vec<String> = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let Some(rest) = line.strip_prefix(';') else {
            break;
        };
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words.as_slice() {
            ["run", k, params @ ..] => {
                kernel = k.trim_start_matches('@').to_string();
                let mut global = [1; 3];
                let mut local = [1; 3];
                let mut offset = [0; 3];
                let mut work_dim = 1;
                for p in params {
                    let (key, v) = p.split_once('=').expect("key=value");
                    match key {
                        "global" => {
                            global = dims(v);
                            work_dim = v.split(',').count() as u32;
                        }
                        "local" => local = dims(v),
                        "offset" => offset = dims(v),
                        "threads" => opts.threads = v.parse().expect("threads"),
                        "checks" => opts.checks = kauai_host::Checks::parse(v).expect("checks"),
                        "fuel" => opts.fuel = Some(v.parse().expect("fuel")),
                        "printf_buffer" => {
                            opts.printf_buffer_size = v.parse().expect("printf buffer bytes")
                        }
                        "timeout_ms" => {
                            opts.timeout = Some(std::time::Duration::from_millis(
                                v.parse().expect("milliseconds"),
                            ))
                        }
                        _ => panic!("unknown run parameter `{key}`"),
                    }
                }
                nd = NdRange {
                    work_dim,
                    global_offset: offset,
                    global_size: global,
                    local_size: local,
                };
            }
            ["arg", "buf", ty, list @ ..] => {
                let ty = Ty::parse(ty);
                let bytes: Vec<u8> = elements(list).iter().flat_map(|e| ty.encode(e)).collect();
                let b = Arc::new(Buffer::from_bytes(&bytes));
                buffers.push(Some(b.clone()));
                args.push(ArgValue::Buffer(b));
            }
            ["arg", "local", n] => {
                buffers.push(None);
                args.push(ArgValue::Local {
                    size: n.parse().expect("size"),
                });
            }
            ["arg", "val", ty, vals @ ..] => {
                let ty = Ty::parse(ty);
                buffers.push(None);
                args.push(ArgValue::Bytes(
                    vals.iter().flat_map(|v| ty.encode(v)).collect(),
                ));
            }
            ["arg", "bytes", bytes @ ..] => {
                buffers.push(None);
                args.push(ArgValue::Bytes(
                    bytes
                        .iter()
                        .map(|b| u8::from_str_radix(b, 16).expect("hex byte"))
                        .collect(),
                ));
            }
            ["expect", "instructions", "=", n] => {
                expect_insts = Some((ln, n.parse().expect("count")));
            }
            ["expect", arg, ty, list @ ..] => {
                let arg = arg
                    .strip_prefix("arg")
                    .and_then(|a| a.parse().ok())
                    .expect("argN");
                expects.push(Expect {
                    line: ln,
                    arg,
                    ty: Ty::parse(ty),
                    values: elements(list),
                });
            }
            ["expect-error", msg @ ..] => expect_error = Some((ln, msg.join(" "))),
            _ if rest == " finding:" => finding_lines.push(String::new()),
            _ if rest.starts_with(" finding: ") => {
                finding_lines.push(rest[" finding: ".len()..].to_string())
            }
            _ if rest.starts_with(" printf: ") => {
                printf_lines.push(rest[" printf: ".len()..].to_string())
            }
            _ => {}
        }
    }
    let result = Program::new(&module).and_then(|p| p.run(&kernel, &args, &nd, &opts));
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut errors = Vec::new();
    match (&result, &expect_error) {
        (Err(e), Some((ln, want))) => {
            let got = e.to_string();
            if !got.contains(want.as_str()) {
                errors.push(format!("error `{got}` does not contain `{want}`"));
                lines[*ln] = format!("; expect-error {got}");
            }
        }
        (Err(e), None) => errors.push(format!("run failed: {e}")),
        // With checks on, a bad access is a finding and the run goes on: the expected
        // fault must be among the findings, as the same message.
        (Ok(stats), Some((_, want))) if opts.checks.any() => {
            let faults: Vec<String> = stats
                .findings
                .iter()
                .filter(|f| f.check == "memory")
                .map(|f| {
                    let g = f.first.global;
                    format!(
                        "fault in kernel {}, work-item ({}, {}, {}): {}",
                        f.kernel, g[0], g[1], g[2], f.detail
                    )
                })
                .collect();
            if !faults.iter().any(|f| f.contains(want.as_str())) {
                errors.push(format!(
                    "with checks, no finding is the expected fault `{want}`: {faults:?}"
                ));
            }
        }
        (Ok(_), Some((_, want))) => errors.push(format!("run succeeded, expected error `{want}`")),
        (Ok(stats), None) => {
            let want: String = finding_lines.iter().map(|l| format!("{l}\n")).collect();
            let got: String = stats
                .findings
                .iter()
                .map(|f| format!("{f}\n"))
                .collect::<Vec<_>>()
                .join("\n");
            if opts.checks.races && got != want {
                errors.push(format!(
                    "findings differ\n--- expected\n{want}--- actual\n{got}"
                ));
            }
            let want: String = printf_lines.iter().map(|l| format!("{l}\n")).collect();
            if stats.printf != want {
                errors.push(format!(
                    "printf output differs\n--- expected\n{want}--- actual\n{}",
                    stats.printf
                ));
            }
            // Only the interpreter counts instructions.
            if let (Some((ln, n)), Executor::Interpreter) = (expect_insts, executor) {
                if stats.instructions != n {
                    errors.push(format!(
                        "executed {} instructions, expected {n}",
                        stats.instructions
                    ));
                    lines[ln] = format!("; expect instructions = {}", stats.instructions);
                }
            }
            for e in &expects {
                let Some(Some(buf)) = buffers.get(e.arg) else {
                    errors.push(format!("argument {} is not a buffer", e.arg));
                    continue;
                };
                let bytes = buf.read_bytes();
                let got: Vec<String> = bytes.chunks(e.ty.size()).map(|c| e.ty.decode(c)).collect();
                let want: Vec<String> = e
                    .values
                    .iter()
                    .map(|v| e.ty.decode(&e.ty.encode(v)))
                    .collect();
                if got != want {
                    let first = got.iter().zip(&want).position(|(a, b)| a != b);
                    errors.push(format!(
                        "arg{}: got {} elements, expected {}; first difference at index {:?}: got {:?}, expected {:?}\n  got: {}",
                        e.arg,
                        got.len(),
                        want.len(),
                        first,
                        first.map(|i| &got[i]),
                        first.map(|i| &want[i]),
                        got.join(" ")
                    ));
                    let ty = format!("{:?}", e.ty).to_lowercase();
                    lines[e.line] = format!("; expect arg{} {ty} = {}", e.arg, got.join(" "));
                }
            }
        }
    }
    if errors.is_empty() {
        return Ok(());
    }
    if bless {
        let mut out = lines.join("\n");
        out.push('\n');
        std::fs::write(path, out).map_err(|e| e.to_string())?;
    }
    Err(errors.join("\n"))
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let bless = kauai_testkit::bless_requested();
    let mut suite = kauai_testkit::Suite::new();
    // Every file runs on the interpreter, and again with the JIT where it can compile
    // the kernel (the interpreter otherwise): both must meet the same expectations.
    suite.files(&root, "data", &["ir"], move |p| {
        run_file(p, bless, Executor::Interpreter, false)?;
        run_file(p, false, Executor::Auto, false).map_err(|e| format!("with the JIT: {e}"))?;
        run_file(p, false, Executor::Interpreter, true)
            .map_err(|e| format!("with the race check: {e}"))
    });
    suite.run()
}
