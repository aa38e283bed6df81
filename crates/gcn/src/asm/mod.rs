//! The CLRX-syntax assembler: statements, symbols, pseudo-ops, macros, sections.
//!
//! Input is read statement by statement (newline or `;` ends one, `#` starts a comment,
//! `/* */` comments may span lines). Values not known yet (labels defined later) become
//! fixups that are resolved after the whole source was read; problems are reported as
//! diagnostics with `file:line:col`, as many as the source has.

mod amd;
mod cl2;
pub mod expr;
mod gallium;
pub mod instr;
pub mod lex;
mod macros;
mod pseudo;
mod regalloc;
mod regvar;
mod rocm;
pub mod scope;

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::path::{Path, PathBuf};

use kauai_diag::{Diagnostic, Diagnostics, FileId, SourceMap, Span};
use thiserror::Error;

use crate::inst::encode;
use crate::isa::Arch;
use crate::limits::{self, MAX_ERRORS, MAX_OUTPUT_BYTES};
use expr::{eval, EvalError, Expr, Parser, Value};
use lex::{lex, Tok, Token};

/// Output container format.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Plain code bytes (`-b rawcode`, `.rawcode`).
    #[default]
    RawCode,
    /// AMD OpenCL 2.0 binary (`.amdcl2`); the container is written by `kauai-amdbin`.
    AmdCl2,
    /// ROCm code object (`.rocm`), written by `kauai-amdbin`'s `rocm` module.
    Rocm,
    /// Mesa clover binary (`.gallium`), written by `kauai-amdbin`'s `gallium` module.
    Gallium,
    /// AMD Catalyst OpenCL 1.2 binary (`.amd`); written by `kauai-amdbin`'s `amd`.
    Amd,
}

/// Assembler options (the command line's `-g`, `-A`, `-D`, `-I`, `-6`, `-t`).
#[derive(Clone, Debug)]
pub struct AsmOptions {
    /// Device name (`-g`); decides the architecture unless `arch` is given.
    pub gpu: Option<String>,
    /// Architecture (`-A`); default GCN 1.0 (CLRX's default device is CapeVerde).
    pub arch: Option<Arch>,
    pub format: Format,
    pub bits64: bool,
    pub driver_version: Option<u32>,
    /// ROCm: the newer layout (`--newROCmBinFormat`, `.newbinfmt`).
    pub rocm_new_format: bool,
    /// Gallium: the LLVM version whose layout to write (`--llvmVersion`; none = 4.0
    /// and later, kernels start with HSA descriptors).
    pub llvm_version: Option<u32>,
    /// `-D name=value` definitions.
    pub defsyms: Vec<(String, i64)>,
    /// `-I` include directories.
    pub include_dirs: Vec<PathBuf>,
    /// Bytes of source text all expansions (macros, loops, includes) may produce;
    /// [`limits::MAX_EXPANSION_BYTES`] unless a caller (a fuzzer) wants less.
    pub max_expansion_bytes: u64,
    /// Start in the alternate macro syntax, as if the source began with `.altmacro`
    /// (clrxasm `-a`).
    pub alternate_macro: bool,
    /// Start with case-sensitive macro names, as if the source began with
    /// `.nomacrocase` (clrxasm `-m`).
    pub macro_case_sensitive: bool,
    /// The policy version before any `.policy` (clrxasm `--policy`); none means CLRX's
    /// version. What `.get_policy` reads.
    pub policy: Option<i64>,
}

impl Default for AsmOptions {
    fn default() -> AsmOptions {
        AsmOptions {
            gpu: None,
            arch: None,
            format: Format::RawCode,
            bits64: false,
            driver_version: None,
            rocm_new_format: false,
            llvm_version: None,
            defsyms: Vec::new(),
            include_dirs: Vec::new(),
            max_expansion_bytes: limits::MAX_EXPANSION_BYTES,
            alternate_macro: false,
            macro_case_sensitive: false,
            policy: None,
        }
    }
}

/// One output section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub data: Vec<u8>,
}

/// What the assembler produced.
#[derive(Clone, Debug)]
pub struct AsmOutput {
    pub arch: Arch,
    /// Device name if one was chosen (`-g`/`.gpu`).
    pub gpu: Option<&'static str>,
    pub format: Format,
    pub bits64: bool,
    pub sections: Vec<Section>,
    /// Symbols with absolute values or section places, sorted by name.
    pub symbols: Vec<(String, Option<String>, i64)>,
    /// Text of `.print` statements, in order.
    pub prints: Vec<String>,
    /// `.amdcl2`: the binary's content as `kauai-amdbin` input, and the written binary.
    pub cl2: Option<kauai_amdbin::Cl2Input>,
    /// `.rocm`: the code object's content as `kauai-amdbin` input.
    pub rocm: Option<kauai_amdbin::rocm::RocmInput>,
    /// `.gallium`: the binary's content as `kauai-amdbin` input.
    pub gallium: Option<kauai_amdbin::gallium::GalliumInput>,
    /// `.amd`: the binary's content as `kauai-amdbin` input.
    pub amd: Option<kauai_amdbin::amd::AmdInput>,
    pub binary: Option<Vec<u8>>,
}

impl AsmOutput {
    /// Bytes of the code section (`.text`).
    pub fn code(&self) -> &[u8] {
        self.sections
            .iter()
            .find(|s| s.name == ".text")
            .map(|s| s.data.as_slice())
            .unwrap_or(&[])
    }
}

#[derive(Debug, Error)]
pub enum AsmError {
    #[error("assembly failed with {0} error(s)")]
    Failed(usize),
}

#[derive(Clone, Debug)]
enum SymVal {
    Val(Value),
    /// Evaluated on use (`.eqv`, or a `.set` whose operands were not known yet).
    Expr(Expr),
}

#[derive(Clone, Debug)]
struct Sym {
    val: SymVal,
    label: bool,
    span: Span,
}

#[derive(Clone, Debug)]
struct Macro {
    params: Vec<(String, Option<String>, bool)>,
    vararg: bool,
    body: String,
}

/// A loop that produces more input when its current iteration ends.
#[derive(Clone, Debug)]
enum Loop {
    Rept {
        left: u64,
    },
    Irp {
        var: String,
        items: Vec<String>,
        next: usize,
        body: String,
        name: String,
        /// The `.irp`/`.irpc` statement, for diagnostics.
        span: Span,
    },
    While {
        cond: Expr,
        next: Option<(String, Expr)>,
    },
}

struct Frame {
    file: FileId,
    start: usize,
    pos: usize,
    end: usize,
    lp: Option<Loop>,
    /// The .if depth when this frame began (`.exitm`/unbalanced checks).
    cond_depth: usize,
    is_macro: bool,
}

#[derive(Clone, Copy, Debug)]
struct Cond {
    active: bool,
    taken: bool,
    else_seen: bool,
    span: Span,
}

struct Fixup {
    section: u32,
    offset: usize,
    shift: u32,
    bits: u32,
    /// Byte offset of the instruction for pc-relative branches.
    pcrel: Option<i64>,
    expr: Expr,
    /// Literals and data keep the low bits with a warning (as CLRX does); instruction
    /// fields must fit.
    truncate: bool,
    /// A 32-bit instruction literal (may become an `.amdcl2` relocation).
    lit: bool,
}

struct Asm<'a> {
    sources: &'a mut SourceMap,
    diags: &'a mut Diagnostics,
    opts: &'a AsmOptions,
    arch: Arch,
    gpu: Option<&'static str>,
    /// The `.gpu`/`.arch` statement that chose the device last (None: options).
    gpu_span: Option<Span>,
    format: Format,
    bits64: bool,
    sections: Vec<Section>,
    cur: u32,
    syms: HashMap<String, Sym>,
    local_counts: HashMap<u64, u32>,
    macros: HashMap<String, Macro>,
    macro_count: u64,
    frames: Vec<Frame>,
    conds: Vec<Cond>,
    fixups: Vec<Fixup>,
    prints: Vec<String>,
    /// Current instruction position, for `.` inside operands and branches.
    pc: i64,
    ended: bool,
    code_emitted: bool,
    /// Source bytes expanded so far (see [`AsmOptions::max_expansion_bytes`]).
    expanded: u64,
    errors: usize,
    regsyms: HashMap<String, (u16, u8)>,
    /// `.regvar` declarations by symbol key (see [`regvar`]).
    regvars: HashMap<String, regvar::RegVar>,
    /// The register allocator's declarations and records of the code (see [`regalloc`]).
    ra: regalloc::State,
    scopes: scope::ScopeTree,
    /// What each section holds (parallel to `sections`).
    kinds: Vec<cl2::SecKind>,
    /// `.amdcl2` state (kernels, configurations, global data).
    cl2: Option<cl2::Cl2State>,
    /// `.enum`'s counter of each scope that used it.
    enum_counters: HashMap<usize, i64>,
    /// `.macrocase`/`.altmacro` and friends.
    macro_modes: macros::MacroModes,
    /// Names `local` made unique so far (alternate macro syntax).
    local_names: u64,
    /// `.policy`, if given.
    policy: Option<i64>,
    /// Where the last `.policy` was (none: `--policy`).
    policy_span: Span,
    /// The output counter of the absolute section while `.struct`/`.offset` is in
    /// effect (until a section is chosen again).
    absolute: Option<i64>,
}

/// Assemble CLRX-syntax source `file` of `sources`. Diagnostics (errors, warnings)
/// go to `diags`; on any error the result is `Err` and `diags` says why.
///
/// ```
/// use kauai_diag::{Diagnostics, SourceMap};
/// use kauai_gcn::{assemble, AsmOptions};
/// let mut sm = SourceMap::new();
/// let f = sm.add("k.s", ".gpu Tonga\ns_mov_b32 s0, 1\ns_endpgm\n");
/// let mut diags = Diagnostics::new();
/// let out = assemble(&mut sm, f, &AsmOptions::default(), &mut diags).unwrap();
/// assert_eq!(out.code(), &[0x81, 0x00, 0x80, 0xbe, 0x00, 0x00, 0x81, 0xbf]);
/// ```
pub fn assemble(
    sources: &mut SourceMap,
    file: FileId,
    opts: &AsmOptions,
    diags: &mut Diagnostics,
) -> Result<AsmOutput, AsmError> {
    let before = diags.error_count();
    let mut gpu = None;
    let mut arch = opts.arch.unwrap_or(Arch::Gfx6);
    if let Some(g) = &opts.gpu {
        match crate::device::device(g) {
            Some((n, a)) => {
                gpu = Some(n);
                if opts.arch.is_none() {
                    arch = a;
                }
            }
            None => diags.push(Diagnostic::error(format!("unknown GPU device '{g}'"))),
        }
    }
    let end = sources.get(file).map(|f| f.bytes.len()).unwrap_or(0);
    let mut a = Asm {
        sources,
        diags,
        opts,
        arch,
        gpu,
        gpu_span: None,
        format: opts.format,
        bits64: opts.bits64,
        sections: vec![Section {
            name: ".text".into(),
            data: Vec::new(),
        }],
        cur: 0,
        syms: HashMap::default(),
        local_counts: HashMap::default(),
        macros: HashMap::default(),
        macro_count: 0,
        frames: vec![Frame {
            file,
            start: 0,
            pos: 0,
            end,
            lp: None,
            cond_depth: 0,
            is_macro: false,
        }],
        conds: Vec::new(),
        fixups: Vec::new(),
        prints: Vec::new(),
        pc: 0,
        ended: false,
        code_emitted: false,
        expanded: 0,
        errors: 0,
        regsyms: HashMap::default(),
        regvars: HashMap::default(),
        ra: regalloc::State::default(),
        scopes: scope::ScopeTree::new(),
        kinds: vec![cl2::SecKind::Code(None)],
        cl2: None,
        enum_counters: HashMap::default(),
        macro_modes: macros::MacroModes {
            ignore_case: !opts.macro_case_sensitive,
            alternate: opts.alternate_macro,
        },
        local_names: 0,
        policy: opts.policy,
        policy_span: Span::default(),
        absolute: None,
    };
    // The code is recorded for the register allocator only where register variables
    // may be declared.
    a.ra.recording = a
        .sources
        .get(file)
        .is_some_and(|f| regalloc::mentions_regvar(&f.bytes));
    if opts.format == Format::AmdCl2 {
        a.format = Format::RawCode;
        if let Err((s, m)) = a.enable_cl2(Span::default()) {
            a.err(s, m);
        }
    }
    if opts.format == Format::Rocm {
        a.format = Format::RawCode;
        if let Err((s, m)) = a.enable_rocm(Span::default()) {
            a.err(s, m);
        }
    }
    if opts.format == Format::Gallium {
        a.format = Format::RawCode;
        if let Err((s, m)) = a.enable_gallium(Span::default()) {
            a.err(s, m);
        }
    }
    if opts.format == Format::Amd {
        a.format = Format::RawCode;
        if let Err((s, m)) = a.enable_amd(Span::default()) {
            a.err(s, m);
        }
    }
    for (n, v) in &opts.defsyms {
        a.syms.insert(
            n.clone(),
            Sym {
                val: SymVal::Val(Value::abs(*v)),
                label: false,
                span: Span::default(),
            },
        );
    }
    a.run();
    a.finish_fixups();
    // Register variables are placed once the branch offsets are in the words.
    if a.errors == 0 {
        a.allocate_registers();
    }
    // Policy 200 and later count SGPRs of binaries as CLRX 0.2 does (every extra
    // register included); raw code counts none.
    if a.policy.is_some_and(|p| p >= 200) && a.format != Format::RawCode {
        a.err(
            a.policy_span,
            "not supported yet: policy 200 and later (.policy, --policy) for binaries \
             (CLRX's unified SGPR counts)",
        );
    }
    let built = if a.format == Format::AmdCl2 && a.errors == 0 {
        a.finish_cl2()
    } else {
        None
    };
    let (cl2, mut binary) = match built {
        Some((i, b)) => (Some(i), Some(b)),
        None => (None, None),
    };
    let rocm = match (a.format == Format::Rocm && a.errors == 0)
        .then(|| a.finish_rocm())
        .flatten()
    {
        Some((i, b)) => {
            binary = Some(b);
            Some(i)
        }
        None => None,
    };
    let gallium = match (a.format == Format::Gallium && a.errors == 0)
        .then(|| a.finish_gallium())
        .flatten()
    {
        Some((i, b)) => {
            binary = Some(b);
            Some(i)
        }
        None => None,
    };
    let mut amd = None;
    if a.format == Format::Amd && a.errors == 0 {
        if let Some((i, b)) = a.finish_amd() {
            amd = Some(i);
            binary = Some(b);
        }
    }
    let out = AsmOutput {
        arch: a.arch,
        gpu: a.gpu,
        format: a.format,
        bits64: a.bits64,
        symbols: a.symbol_list(),
        sections: a.sections,
        prints: a.prints,
        cl2,
        rocm,
        gallium,
        amd,
        binary,
    };
    let errors = diags.error_count() - before;
    if errors > 0 {
        return Err(AsmError::Failed(errors));
    }
    Ok(out)
}

/// Bytes that end a statement or start a comment, a string or a continuation.
const SPECIAL: [bool; 256] = {
    let mut t = [false; 256];
    t[b'\n' as usize] = true;
    t[b';' as usize] = true;
    t[b'\\' as usize] = true;
    t[b'#' as usize] = true;
    t[b'/' as usize] = true;
    t[b'"' as usize] = true;
    t[b'\'' as usize] = true;
    t
};

/// Split the next statement from `bytes[pos..end]`: returns (start, end, next pos) with
/// comments blanked out in the returned text.
fn next_statement(
    bytes: &[u8],
    pos: usize,
    end: usize,
    text: &mut Vec<u8>,
) -> Option<(usize, usize)> {
    if pos >= end {
        return None;
    }
    let mut i = pos;
    text.clear();
    while i < end {
        // Copy the run of ordinary bytes in one go; stop at anything with a meaning.
        let run = bytes[i..end]
            .iter()
            .position(|&c| SPECIAL[c as usize])
            .unwrap_or(end - i);
        text.extend_from_slice(&bytes[i..i + run]);
        i += run;
        if i >= end {
            break;
        }
        let c = bytes[i];
        match c {
            b'\n' | b';' => {
                return Some((pos, i + 1));
            }
            b'\\' if bytes.get(i + 1) == Some(&b'\n') => {
                // Line continuation.
                text.extend_from_slice(b"  ");
                i += 2;
                continue;
            }
            b'#' => {
                while i < end && bytes[i] != b'\n' {
                    text.push(b' ');
                    i += 1;
                }
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                text.extend_from_slice(b"  ");
                i += 2;
                while i < end && !(bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/')) {
                    text.push(if bytes[i] == b'\n' { b'\n' } else { b' ' });
                    i += 1;
                }
                if i < end {
                    text.extend_from_slice(b"  ");
                    i += 2;
                }
                continue;
            }
            b'"' | b'\'' => {
                let q = c;
                text.push(c);
                i += 1;
                while i < end && bytes[i] != q && bytes[i] != b'\n' {
                    if bytes[i] == b'\\' && i + 1 < end && bytes[i + 1] != b'\n' {
                        text.push(bytes[i]);
                        i += 1;
                    }
                    text.push(bytes[i]);
                    i += 1;
                }
                if i < end && bytes[i] == q {
                    text.push(q);
                    i += 1;
                }
                continue;
            }
            _ => {
                text.push(c);
                i += 1;
            }
        }
    }
    Some((pos, end))
}

fn first_word(text: &[u8]) -> String {
    let s = String::from_utf8_lossy(text);
    let t = s.trim_start();
    // Skip labels (`name:`) before the statement.
    let mut rest = t;
    loop {
        let w: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '$'))
            .collect();
        let after = &rest[w.len()..];
        if !w.is_empty() && after.starts_with(':') && !after.starts_with("::") {
            rest = after[1..].trim_start();
            continue;
        }
        return w.to_ascii_lowercase();
    }
}

impl Asm<'_> {
    fn err(&mut self, span: Span, msg: impl Into<String>) {
        let m = msg.into();
        self.diags.push(Diagnostic::error(m.clone()).at(span, m));
        self.errors += 1;
        if self.errors == MAX_ERRORS {
            self.diags.push(Diagnostic::error(format!(
                "too many errors ({MAX_ERRORS}), stopping"
            )));
            self.ended = true;
            self.frames.clear();
        }
    }

    /// An error at `span`, or about the options (no source position) when `None`.
    fn err_at(&mut self, span: Option<Span>, msg: impl Into<String>) {
        match span {
            Some(s) => self.err(s, msg),
            None => {
                self.diags.push(Diagnostic::error(msg.into()));
                self.errors += 1;
            }
        }
    }

    fn warn(&mut self, span: Span, msg: impl Into<String>) {
        let m = msg.into();
        self.diags.push(Diagnostic::warning(m.clone()).at(span, m));
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    /// Bytes of expansion left in the budget.
    fn expansion_room(&self) -> u64 {
        self.opts.max_expansion_bytes.saturating_sub(self.expanded)
    }

    /// Report that `what` (at `span`) would expand `bytes` (if known) past the budget,
    /// and stop: whatever follows an incomplete expansion would only add errors.
    fn expansion_error(&mut self, span: Span, what: &str, bytes: Option<u64>) {
        let size = match bytes {
            Some(b) => format!("{b} bytes of source"),
            None => "more source".to_string(),
        };
        let room = self.expansion_room();
        let max = self.opts.max_expansion_bytes;
        self.err(
            span,
            format!(
                "expansion limit reached: {what} would expand to {size}, but only {room} of \
                 the {max} bytes that all macros, loops and includes may expand are left \
                 (MAX_EXPANSION_BYTES)"
            ),
        );
        self.ended = true;
        self.frames.clear();
    }

    /// Charge `count` expansions of `each` bytes to the budget before producing them;
    /// `false` (with the error reported) if they do not fit.
    fn charge_expansion(&mut self, span: Span, what: &str, count: u64, each: u64) -> bool {
        match count.checked_mul(each) {
            Some(total) if total <= self.expansion_room() => {
                self.expanded += total;
                true
            }
            total => {
                self.expansion_error(span, what, Some(total.unwrap_or(u64::MAX)));
                false
            }
        }
    }

    /// Room left for output bytes in all sections together.
    fn output_room(&self) -> u64 {
        let used: u64 = self.sections.iter().map(|s| s.data.len() as u64).sum();
        MAX_OUTPUT_BYTES.saturating_sub(used)
    }

    /// Check that `n` more output bytes fit under [`MAX_OUTPUT_BYTES`].
    fn output_fits(&self, span: Span, n: u64) -> Result<(), (Span, String)> {
        if n > self.output_room() {
            return Err((
                span,
                format!(
                    "output too large: {n} more bytes would pass the {MAX_OUTPUT_BYTES} bytes \
                     all sections may hold (MAX_OUTPUT_BYTES)"
                ),
            ));
        }
        Ok(())
    }

    fn run(&mut self) {
        // One statement buffer for the whole run: no allocation per line.
        let mut text = Vec::with_capacity(256);
        while let Some(frame) = self.frames.last_mut() {
            let file = frame.file;
            let Some(src) = self.sources.get(file) else {
                self.frames.pop();
                continue;
            };
            match next_statement(&src.bytes, frame.pos, frame.end, &mut text) {
                Some((start, next)) => {
                    frame.pos = next;
                    if self.ended {
                        continue;
                    }
                    self.statement(file, start, &text);
                    // Statements that can grow the output a lot (.fill, .skip, .align,
                    // .org, .incbin) check before they grow it; this catches the sum of
                    // many small ones.
                    let cur = self.sections[self.cur as usize].data.len() as u64;
                    if cur > MAX_OUTPUT_BYTES {
                        let span = Span::new(file, start, start + text.len());
                        let m = format!(
                            "output too large: section {} passed {MAX_OUTPUT_BYTES} bytes \
                             (MAX_OUTPUT_BYTES)",
                            self.sections[self.cur as usize].name
                        );
                        self.err(span, m);
                        self.ended = true;
                        self.frames.clear();
                    }
                }
                None => {
                    if !self.next_iteration() {
                        let f = self.frames.pop();
                        if let Some(f) = f {
                            if self.conds.len() > f.cond_depth && !f.is_macro {
                                while self.conds.len() > f.cond_depth {
                                    if let Some(c) = self.conds.pop() {
                                        self.err(
                                            c.span,
                                            "unterminated conditional (missing .endif)",
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Restart the current frame if it is a loop with iterations left.
    fn next_iteration(&mut self) -> bool {
        let Some(frame) = self.frames.last_mut() else {
            return false;
        };
        let Some(lp) = frame.lp.take() else {
            return false;
        };
        match lp {
            Loop::Rept { left } => {
                // Every iteration was charged to the expansion budget when it began.
                if left > 1 {
                    frame.pos = frame.start;
                    frame.lp = Some(Loop::Rept { left: left - 1 });
                    return true;
                }
                false
            }
            Loop::Irp {
                var,
                items,
                next,
                body,
                name,
                span,
            } => {
                if next < items.len() {
                    let room = self.expansion_room();
                    let Some(text) = substitute(
                        &body,
                        &[(var.clone(), items[next].clone())],
                        None,
                        room,
                        self.macro_modes.alternate,
                    ) else {
                        self.expansion_error(span, ".irp item", None);
                        return false;
                    };
                    let cost = limits::expansion_cost(name.len(), text.len());
                    if !self.charge_expansion(span, ".irp item", 1, cost) {
                        return false;
                    }
                    let f = self.sources.add(name.clone(), text);
                    let len = self.sources.file(f).bytes.len();
                    let Some(frame) = self.frames.last_mut() else {
                        return false;
                    };
                    frame.file = f;
                    frame.start = 0;
                    frame.pos = 0;
                    frame.end = len;
                    frame.lp = Some(Loop::Irp {
                        var,
                        items,
                        next: next + 1,
                        body,
                        name,
                        span,
                    });
                    return true;
                }
                false
            }
            Loop::While { cond, next } => {
                if let Some((sym, e)) = &next {
                    match self.eval_now(e) {
                        Ok(v) => self.set_sym(sym, SymVal::Val(v), e.span(), false),
                        Err((s, m)) => {
                            self.err(s, m);
                            return false;
                        }
                    }
                }
                match self.eval_now(&cond) {
                    Ok(v) if v.v != 0 => {
                        let Some(frame) = self.frames.last() else {
                            return false;
                        };
                        let body = (frame.end - frame.start) as u64;
                        let each = body + limits::LOOP_CONDITION_COST;
                        if !self.charge_expansion(cond.span(), ".while/.for loop", 1, each) {
                            return false;
                        }
                        let Some(frame) = self.frames.last_mut() else {
                            return false;
                        };
                        frame.pos = frame.start;
                        frame.lp = Some(Loop::While { cond, next });
                        true
                    }
                    Ok(_) => false,
                    Err((s, m)) => {
                        self.err(s, m);
                        false
                    }
                }
            }
        }
    }

    fn statement(&mut self, file: FileId, start: usize, text: &[u8]) {
        self.pc = self
            .absolute
            .unwrap_or(self.sections[self.cur as usize].data.len() as i64);
        if !self.active() {
            self.inactive_statement(file, start, text);
            return;
        }
        let mut toks = lex::Tokens::new();
        if let Err((s, m)) = lex::lex_into(file, start, text, &mut toks) {
            // Macro arguments are text (`\%EXPR`, `'it!'s'`): only the name must lex.
            if !self.call_unlexed_macro(file, start, text) {
                self.err(s, m);
            }
            return;
        }
        if toks.is_empty() {
            return;
        }
        let end_span = Span::new(file, start + text.len(), start + text.len());
        let mut i = 0;
        // Labels.
        while i + 1 < toks.len() {
            match (&toks[i].tok, &toks[i + 1].tok) {
                // Names may start with '.' (`.gdata:`), as in CLRX.
                (Tok::Ident(n), Tok::Punct(":")) if *n != "." => {
                    let n = *n;
                    self.define_label(n, toks[i].span);
                    i += 2;
                }
                (Tok::Int(n), Tok::Punct(":")) => {
                    let k = self.local_counts.entry(*n).or_insert(0);
                    *k += 1;
                    let name = format!("{n}@{k}");
                    self.define_label(&name, toks[i].span);
                    i += 2;
                }
                _ => break,
            }
        }
        let toks = &toks[i..];
        if toks.is_empty() {
            return;
        }
        // Assignment `name = expr`.
        if let (Some(Tok::Ident(n)), Some(Tok::Punct("="))) =
            (toks.first().map(|t| &t.tok), toks.get(1).map(|t| &t.tok))
        {
            let n = *n;
            if matches!(toks.get(2).map(|t| &t.tok), Some(Tok::Punct("%"))) {
                self.assign_register(n, &toks[3..], toks[0].span, end_span);
                return;
            }
            let mut p = Parser::new(&toks[2..], end_span);
            match p.expr() {
                Ok(e) if p.at_end() => self.assign(n, e, toks[0].span, false),
                Ok(_) => self.err(p.span(), "unexpected text after expression"),
                Err((s, m)) => self.err(s, m),
            }
            return;
        }
        // Assignment to a scoped name `a::x = expr`, `::x = expr`.
        if matches!(toks[0].tok, Tok::Punct("::"))
            || matches!(toks.get(1).map(|t| &t.tok), Some(Tok::Punct("::")))
        {
            let mut p = Parser::new(toks, end_span);
            if let Some((n, ns)) = p.path_name() {
                if p.eat_punct("=") {
                    match p.expr() {
                        Ok(e) if p.at_end() => self.assign(&n, e, ns, false),
                        Ok(_) => self.err(p.span(), "unexpected text after expression"),
                        Err((s, m)) => self.err(s, m),
                    }
                    return;
                }
            }
        }
        let Tok::Ident(name) = &toks[0].tok else {
            self.err(toks[0].span, "expected a statement");
            return;
        };
        if !self.macros.is_empty() {
            if let Some(m) = self.macros.get(self.macro_key(name).as_ref()).cloned() {
                self.invoke_macro(name, &m, file, toks[0].span, start, text);
                return;
            }
        }
        if name.starts_with('.') {
            self.directive(
                &name.to_ascii_lowercase(),
                toks,
                file,
                start,
                text,
                end_span,
            );
        } else {
            self.instruction(name, toks, end_span);
        }
    }

    /// While skipping a false conditional branch, only nesting and else/endif matter.
    fn inactive_statement(&mut self, _file: FileId, start: usize, text: &[u8]) {
        let w = first_word(text);
        let span = Span::new(_file, start, start + text.len());
        if w.starts_with(".if") {
            self.conds.push(Cond {
                active: false,
                taken: true,
                else_seen: false,
                span,
            });
        } else if w == ".endif" || w == ".endc" {
            self.conds.pop();
        } else if w == ".else" || w.starts_with(".elseif") {
            let parent_active = self.conds.len() < 2 || self.conds[self.conds.len() - 2].active;
            if !parent_active {
                return;
            }
            // Re-run through the active path to evaluate .elseif / .else. The statement
            // was never lexed: it may not lex, and labels may precede the directive.
            let end_span = Span::new(_file, start + text.len(), start + text.len());
            let toks = match lex(_file, start, text) {
                Ok(t) => t,
                Err((s, m)) => {
                    self.err(s, m);
                    // The branch's condition is unknown: take none of the rest.
                    if let Some(c) = self.conds.last_mut() {
                        c.active = false;
                        c.taken = true;
                    }
                    return;
                }
            };
            let at = toks
                .iter()
                .position(|t| matches!(t.tok, Tok::Ident(n) if n.eq_ignore_ascii_case(&w)))
                .unwrap_or(toks.len());
            self.cond_directive(&w, &toks[at..], end_span);
        }
    }

    fn is_cond_directive(w: &str) -> bool {
        w.starts_with(".if")
            || w == ".else"
            || w.starts_with(".elseif")
            || w == ".endif"
            || w == ".endc"
    }

    /// The storage key a definition of `name` uses (see [`scope`]).
    fn def_key<'n>(&mut self, name: &'n str) -> std::borrow::Cow<'n, str> {
        if self.scopes.in_use() || name.contains("::") {
            self.scopes.def_key(name).into()
        } else {
            name.into()
        }
    }

    /// The storage key a reference to `name` finds, if it is defined.
    fn sym_key<'n>(&self, name: &'n str) -> Option<std::borrow::Cow<'n, str>> {
        if !self.scopes.in_use() && !name.contains(':') {
            return self.syms.contains_key(name).then_some(name.into());
        }
        self.scopes
            .lookup(name, &|k| self.syms.contains_key(k))
            .map(Into::into)
    }

    fn define_label(&mut self, name: &str, span: Span) {
        let key = self.def_key(name);
        let name = key.as_ref();
        let v = match self.absolute {
            Some(c) => Value::abs(c),
            None => Value {
                section: Some(self.cur),
                v: self.sections[self.cur as usize].data.len() as i64,
            },
        };
        if let Some(old) = self.syms.get(name) {
            if old.label || !matches!(old.val, SymVal::Val(_)) {
                let prev = old.span;
                self.diags.push(
                    Diagnostic::error(format!("symbol '{name}' is already defined"))
                        .at(span, "redefined here")
                        .also(prev, "first defined here"),
                );
                return;
            }
        }
        self.syms.insert(
            name.to_string(),
            Sym {
                val: SymVal::Val(v),
                label: true,
                span,
            },
        );
        if self.cl2.is_some() {
            self.cl2_label(name);
        }
    }

    fn set_sym(&mut self, name: &str, val: SymVal, span: Span, _eqv: bool) {
        let key = self.def_key(name);
        let name = key.as_ref();
        self.regsyms.remove(name);
        if let Some(old) = self.syms.get(name) {
            if old.label {
                self.err(
                    span,
                    format!("symbol '{name}' is a label and cannot be redefined"),
                );
                return;
            }
        }
        self.syms.insert(
            name.to_string(),
            Sym {
                val,
                label: false,
                span,
            },
        );
    }

    /// `.set`/`=`: evaluate now if possible, else keep the expression (with `.` fixed).
    fn assign(&mut self, name: &str, e: Expr, span: Span, eqv: bool) {
        if name == "." {
            match self.eval_now(&e) {
                Ok(v) => self.move_to(v, span),
                Err((s, m)) => self.err(s, m),
            }
            return;
        }
        if eqv {
            self.set_sym(name, SymVal::Expr(e), span, true);
            return;
        }
        match self.try_eval(&e) {
            Ok(v) => self.set_sym(name, SymVal::Val(v), span, false),
            Err(EvalError::Undefined(..)) => {
                let fixed = self.freeze_dot(e);
                self.set_sym(name, SymVal::Expr(fixed), span, false)
            }
            Err(EvalError::Error(s, m)) => self.err(s, m),
        }
    }

    /// `name = %s[4:7]`: a register symbol, usable as an operand and indexable.
    fn assign_register(&mut self, name: &str, toks: &[Token], span: Span, end_span: Span) {
        let mut p = Parser::new(toks, end_span);
        let r = {
            let mut ctx = AsmCtx {
                asm: self,
                quiet: false,
            };
            instr::parse_reg(&mut p, &mut ctx)
        };
        match r {
            Ok(Some(reg)) if p.at_end() => {
                let key = self.def_key(name);
                let name = key.as_ref();
                if self.syms.get(name).is_some_and(|s| s.label) {
                    self.err(
                        span,
                        format!("symbol '{name}' is a label and cannot be redefined"),
                    );
                    return;
                }
                self.syms.remove(name);
                self.regsyms.insert(name.to_string(), reg);
            }
            Ok(Some(_)) => self.err(p.span(), "unexpected text after register"),
            Ok(None) => self.err(p.span(), "expected a register after '%'"),
            Err((s, m)) => self.err(s, m),
        }
    }

    fn freeze_dot(&self, e: Expr) -> Expr {
        match e {
            Expr::Sym(n, s) if n == "." => Expr::Int(
                self.absolute
                    .unwrap_or(self.sections[self.cur as usize].data.len() as i64),
                s,
            ),
            Expr::Unary(o, a, s) => Expr::Unary(o, Box::new(self.freeze_dot(*a)), s),
            Expr::Binary(o, a, b, s) => Expr::Binary(
                o,
                Box::new(self.freeze_dot(*a)),
                Box::new(self.freeze_dot(*b)),
                s,
            ),
            Expr::Chain(first, rest, s) => Expr::Chain(
                Box::new(self.freeze_dot(*first)),
                rest.into_iter()
                    .map(|(o, e)| (o, self.freeze_dot(e)))
                    .collect(),
                s,
            ),
            Expr::Cond(c, a, b, s) => Expr::Cond(
                Box::new(self.freeze_dot(*c)),
                Box::new(self.freeze_dot(*a)),
                Box::new(self.freeze_dot(*b)),
                s,
            ),
            Expr::Sym(n, s) => {
                // Local label references bind to the definition visible now.
                let n = self.resolve_local(&n).unwrap_or(n);
                // Scoped names bind to the scope visible now (CLRX: an undefined name
                // belongs to the current scope).
                if self.scopes.in_use() || n.contains("::") {
                    let k = match self.sym_key(&n) {
                        Some(k) => k.into_owned(),
                        None => self.scopes.pending_key(&n),
                    };
                    return Expr::Sym(k, s);
                }
                Expr::Sym(n, s)
            }
            other => other,
        }
    }

    fn move_to(&mut self, v: Value, span: Span) {
        if v.section.is_some_and(|s| s != self.cur) {
            self.err(span, "cannot move the output counter to another section");
            return;
        }
        let len = self.sections[self.cur as usize].data.len() as i64;
        if v.v < len {
            self.err(span, "cannot move the output counter backwards");
        } else if let Err((s, m)) = self.output_fits(span, (v.v - len) as u64) {
            self.err(s, m);
        } else {
            self.sections[self.cur as usize]
                .data
                .resize(v.v as usize, 0);
        }
    }

    fn resolve_local(&self, n: &str) -> Option<String> {
        let (num, dir) = n.split_at(n.len().checked_sub(1)?);
        let num: u64 = num.parse().ok()?;
        let k = self.local_counts.get(&num).copied().unwrap_or(0);
        match dir {
            "b" => Some(format!("{num}@{k}")),
            "f" => Some(format!("{num}@{}", k + 1)),
            _ => None,
        }
    }

    fn lookup(&self, name: &str, span: Span) -> Result<Value, EvalError> {
        self.lookup_with(name, span, &mut HashMap::default())
    }

    /// Raw code is one section loaded at address 0: places are plain offsets.
    fn as_value(&self, v: Value) -> Value {
        if self.format == Format::RawCode {
            return Value::abs(v.v);
        }
        v
    }

    /// The storage key and symbol a reference to `name` finds (local labels and scopes
    /// resolved as they are now).
    fn find_sym<'n>(&self, name: &'n str) -> Option<(std::borrow::Cow<'n, str>, &Sym)> {
        let key: std::borrow::Cow<'n, str> = match self.resolve_local(name) {
            Some(l) => std::borrow::Cow::Owned(self.sym_key(&l)?.into_owned()),
            None => self.sym_key(name)?,
        };
        let sym = self.syms.get(key.as_ref())?;
        Some((key, sym))
    }

    /// The value of `name`, or why it has none. Symbols defined by expressions over
    /// other symbols (`.set a, b` before `b` is known, `.eqv`) are resolved without
    /// recursion, so chains of any length work; a symbol that depends on itself is an
    /// error. `memo` keeps the values found, for one state of the symbol table.
    fn lookup_with(
        &self,
        name: &str,
        span: Span,
        memo: &mut HashMap<String, Result<Value, EvalError>>,
    ) -> Result<Value, EvalError> {
        if name == "." {
            if self.absolute.is_some() {
                return Ok(Value::abs(self.pc));
            }
            return Ok(self.as_value(Value {
                section: Some(self.cur),
                v: self.pc,
            }));
        }
        let Some((key, sym)) = self.find_sym(name) else {
            return Err(EvalError::Undefined(name.to_string(), span));
        };
        match &sym.val {
            SymVal::Val(v) => Ok(self.as_value(*v)),
            SymVal::Expr(_) => {
                let key = key.into_owned();
                if !memo.contains_key(&key) {
                    self.resolve_exprs(key.clone(), memo);
                }
                memo.get(&key).cloned().unwrap_or_else(|| {
                    Err(EvalError::Error(
                        span,
                        format!("symbol '{name}' has no value"),
                    ))
                })
            }
        }
    }

    /// Evaluate the expression symbol `root` and every expression symbol it depends on
    /// into `memo`: a depth-first walk with an explicit stack. A symbol is "open" from
    /// when its dependencies are pushed until it is evaluated; the open symbols are the
    /// path from `root`, so meeting one again is a cycle.
    fn resolve_exprs(&self, root: String, memo: &mut HashMap<String, Result<Value, EvalError>>) {
        let mut stack: Vec<(String, bool)> = vec![(root, false)];
        let mut open: rustc_hash::FxHashSet<String> = Default::default();
        while let Some((key, expanded)) = stack.last().cloned() {
            if memo.contains_key(&key) {
                stack.pop();
                continue;
            }
            let Some(Sym {
                val: SymVal::Expr(e),
                ..
            }) = self.syms.get(&key)
            else {
                stack.pop();
                continue;
            };
            if !expanded {
                if let Some(top) = stack.last_mut() {
                    top.1 = true;
                }
                open.insert(key.clone());
                let mut cycle = None;
                for_each_sym(e, &mut |n, s| {
                    if n == "." || cycle.is_some() {
                        return;
                    }
                    if let Some((
                        k,
                        Sym {
                            val: SymVal::Expr(_),
                            ..
                        },
                    )) = self.find_sym(n)
                    {
                        if memo.contains_key(k.as_ref()) {
                            return;
                        }
                        if open.contains(k.as_ref()) {
                            cycle = Some((n.to_string(), s));
                            return;
                        }
                        stack.push((k.into_owned(), false));
                    }
                });
                if let Some((n, s)) = cycle {
                    let m = format!("symbol '{n}' is defined in terms of itself");
                    memo.insert(key.clone(), Err(EvalError::Error(s, m)));
                    open.remove(&key);
                }
                continue;
            }
            // Every dependency has its value (or error) in `memo` now.
            let r = eval(e, &mut |n, s| {
                if n == "." {
                    return self.lookup_with(n, s, &mut HashMap::default());
                }
                match self.find_sym(n) {
                    None => Err(EvalError::Undefined(n.to_string(), s)),
                    Some((
                        _,
                        Sym {
                            val: SymVal::Val(v),
                            ..
                        },
                    )) => Ok(self.as_value(*v)),
                    Some((k, _)) => memo.get(k.as_ref()).cloned().unwrap_or_else(|| {
                        Err(EvalError::Error(
                            s,
                            format!("symbol '{n}' is defined in terms of itself"),
                        ))
                    }),
                }
            });
            memo.insert(key.clone(), r);
            open.remove(&key);
            stack.pop();
        }
    }

    fn try_eval(&self, e: &Expr) -> Result<Value, EvalError> {
        let mut memo = HashMap::default();
        eval(e, &mut |n, s| self.lookup_with(n, s, &mut memo))
    }

    /// Evaluate to an absolute value now (pseudo-op arguments).
    fn eval_now(&self, e: &Expr) -> Result<Value, (Span, String)> {
        match self.try_eval(e) {
            Ok(v) => Ok(v),
            Err(EvalError::Undefined(n, s)) => {
                Err((s, format!("symbol '{n}' is not defined here")))
            }
            Err(EvalError::Error(s, m)) => Err((s, m)),
        }
    }

    fn abs_now(&self, e: &Expr) -> Result<i64, (Span, String)> {
        let v = self.eval_now(e)?;
        if v.section.is_some() {
            return Err((e.span(), "expected an absolute value".into()));
        }
        Ok(v.v)
    }

    fn instruction(&mut self, name: &str, toks: &[Token], end_span: Span) {
        let name_span = toks[0].span;
        let stmt = name_span.to(toks.last().map(|t| t.span).unwrap_or(name_span));
        if self.absolute.is_some() {
            self.err(
                name_span,
                "an instruction in the absolute section (.struct/.offset): choose a section first",
            );
            return;
        }
        self.pc = self.sections[self.cur as usize].data.len() as i64;
        let refs = match self.regvar_refs(&toks[1..], end_span) {
            Ok(r) => r,
            Err((s, m)) => {
                self.err(s, m);
                return;
            }
        };
        let (b, rv) = if refs.is_empty() {
            match self.parse_build(name, &toks[1..], end_span, stmt, name_span, false) {
                Some(b) => (b, None),
                None => return,
            }
        } else {
            match self.build_with_regvars(name, &toks[1..], &refs, end_span, stmt, name_span) {
                Some((b, rv)) => (b, Some(rv)),
                None => return,
            }
        };
        let arch = self.arch;
        if self.cl2.is_some() {
            if !self.writable(stmt, true) {
                return;
            }
            self.note_registers(&b.written);
        }
        let words = match encode(arch, &b.inst) {
            Ok(w) => w,
            Err(e) => {
                self.err(stmt, e.to_string());
                return;
            }
        };
        let base = self.sections[self.cur as usize].data.len();
        if !base.is_multiple_of(4) {
            self.warn(stmt, "instruction is not aligned to 4 bytes");
        }
        for f in b.fixes {
            self.fixups.push(Fixup {
                section: self.cur,
                offset: base + f.word * 4,
                shift: f.shift,
                bits: f.bits,
                pcrel: f.pcrel.then_some(base as i64),
                truncate: f.truncate,
                expr: self.freeze_dot(f.expr),
                lit: false,
            });
        }
        if let Some(e) = b.lit_fix {
            let off = base + (words.len() - 1) * 4;
            self.fixups.push(Fixup {
                section: self.cur,
                offset: off,
                shift: 0,
                bits: 32,
                pcrel: None,
                expr: self.freeze_dot(e),
                truncate: true,
                lit: true,
            });
        }
        if let Some((r, span)) = b.lit_reloc {
            let off = base + (words.len() - 1) * 4;
            self.add_relocation(self.cur, off, r, span);
        }
        let data = &mut self.sections[self.cur as usize].data;
        for w in words {
            data.extend_from_slice(&w.to_le_bytes());
        }
        self.code_emitted = true;
        self.record_inst(base, &b.inst, stmt, rv);
    }

    /// Parse an instruction's operands and build it (errors reported; `quiet` drops
    /// warnings, for a second build of the same text).
    fn parse_build(
        &mut self,
        name: &str,
        toks: &[Token],
        end_span: Span,
        stmt: Span,
        name_span: Span,
        quiet: bool,
    ) -> Option<instr::Built> {
        let mut p = Parser::new(toks, end_span);
        let mut ops = instr::POps::new();
        let mut mods = instr::PMods::new();
        let parsed = {
            let mut ctx = AsmCtx { asm: self, quiet };
            let exp = name.eq_ignore_ascii_case("exp");
            instr::parse_operands(&mut p, &mut ctx, exp, &mut ops, &mut mods)
        };
        if let Err((s, m)) = parsed {
            self.err(s, m);
            return None;
        }
        let built = {
            let mut ctx = AsmCtx { asm: self, quiet };
            instr::build(name, &ops, &mods, &mut ctx, stmt, name_span)
        };
        match built {
            Ok(b) => Some(b),
            Err((s, m)) => {
                self.err(s, m);
                None
            }
        }
    }

    /// Build an instruction that names register variables: twice, with the
    /// placeholders of two layouts, so that the slots holding variables are the ones
    /// that differ (see [`regalloc`]). Returns the first build, its registers written
    /// limited to those named directly, and the variable uses per slot.
    fn build_with_regvars(
        &mut self,
        name: &str,
        toks: &[Token],
        refs: &[regalloc::RvRef],
        end_span: Span,
        stmt: Span,
        name_span: Span,
    ) -> Option<(instr::Built, Vec<regalloc::SlotUse>)> {
        let Some(lay) = regalloc::layout(self.arch, &self.ra.vars, refs) else {
            self.err(
                refs[0].span,
                "not supported yet: register variables too wide for one instruction",
            );
            return None;
        };
        let names: Vec<String> = (0..refs.len())
            .map(|k| format!("{}{k}", regalloc::PLACEHOLDER))
            .collect();
        let toks = regvar::replace_refs(toks, refs, &names);
        self.ra.placeholders = lay.refs.clone();
        let a = self.parse_build(name, &toks, end_span, stmt, name_span, false);
        self.ra.placeholders = lay.refs.iter().map(|&(c, n)| (c + 4, n)).collect();
        let errors = self.errors;
        let b = a
            .as_ref()
            .and_then(|_| self.parse_build(name, &toks, end_span, stmt, name_span, true));
        self.ra.placeholders.clear();
        let (mut a, b) = (a?, b?);
        if self.errors != errors {
            return None;
        }
        let uses = match self.regvar_uses(&a.inst, &b.inst, &lay, refs) {
            Ok(u) => u,
            Err((s, m)) => {
                self.err(s, m);
                return None;
            }
        };
        a.written.retain(|w| b.written.contains(w));
        Some((a, uses))
    }

    fn finish_fixups(&mut self) {
        let fixups = std::mem::take(&mut self.fixups);
        for f in fixups {
            self.apply_fixup(f);
        }
    }

    /// Write a fixup's value into its section (or report why it has none).
    fn apply_fixup(&mut self, f: Fixup) {
        {
            if f.lit {
                match self.relocation(&f.expr) {
                    Ok(Some(r)) => {
                        if let Some(b) = self.sections[f.section as usize]
                            .data
                            .get_mut(f.offset..f.offset + 4)
                        {
                            b.copy_from_slice(&cl2::RELOC_FILL.to_le_bytes());
                        }
                        self.add_relocation(f.section, f.offset, r, f.expr.span());
                        return;
                    }
                    Ok(None) => {}
                    Err((s, m)) => {
                        self.err(s, m);
                        return;
                    }
                }
            }
            let v = match self.try_eval(&f.expr) {
                Ok(v) => v,
                Err(EvalError::Undefined(n, s)) => {
                    self.err(s, format!("undefined symbol '{n}'"));
                    return;
                }
                Err(EvalError::Error(s, m)) => {
                    self.err(s, m);
                    return;
                }
            };
            let value: i64 = if let Some(pc) = f.pcrel {
                match v.section {
                    Some(s) if s != f.section => {
                        self.err(f.expr.span(), "branch target is in another section");
                        return;
                    }
                    _ => {}
                }
                let d = v.v - (pc + 4);
                if d % 4 != 0 {
                    self.err(f.expr.span(), "branch target is not aligned to 4 bytes");
                    return;
                }
                let d = d / 4;
                if !(-32768..32768).contains(&d) {
                    self.err(f.expr.span(), "branch target out of range");
                    return;
                }
                d
            } else {
                if v.section.is_some() {
                    let m = if v.section.is_some_and(|s| self.is_reloc_section(s)) {
                        "Can't resolve expression for non 32-bit integer"
                    } else {
                        "not supported yet: relocations outside 32-bit instruction literals"
                    };
                    self.err(f.expr.span(), m);
                    return;
                }
                let lo = if f.bits >= 64 {
                    i64::MIN
                } else {
                    -(1i64 << (f.bits - 1))
                };
                let hi = if f.bits >= 64 {
                    i64::MAX
                } else {
                    (1i64 << f.bits) - 1
                };
                if (v.v < lo || v.v > hi) && f.truncate {
                    let m = if f.bits >= 64 {
                        u64::MAX
                    } else {
                        (1u64 << f.bits) - 1
                    };
                    self.warn(
                        f.expr.span(),
                        format!("value {:#x} truncated to {:#x}", v.v, v.v as u64 & m),
                    );
                } else if v.v < lo || v.v > hi {
                    self.err(
                        f.expr.span(),
                        format!("value {} does not fit in {} bits", v.v, f.bits),
                    );
                    return;
                }
                v.v
            };
            let data = &mut self.sections[f.section as usize].data;
            let mask: u64 = if f.bits >= 64 {
                u64::MAX
            } else {
                (1u64 << f.bits) - 1
            };
            let nbytes = (((f.shift + f.bits) as usize).div_ceil(8)).max(1);
            let mut cur: u64 = 0;
            for k in 0..nbytes {
                cur |= (data.get(f.offset + k).copied().unwrap_or(0) as u64) << (8 * k);
            }
            cur = (cur & !(mask << f.shift)) | (((value as u64) & mask) << f.shift);
            for k in 0..nbytes {
                if let Some(b) = data.get_mut(f.offset + k) {
                    *b = (cur >> (8 * k)) as u8;
                }
            }
        }
    }

    fn symbol_list(&self) -> Vec<(String, Option<String>, i64)> {
        // One memo for all: the table does not change any more.
        let mut memo = HashMap::default();
        let mut v: Vec<_> = self
            .syms
            .iter()
            .filter(|(n, _)| !n.contains('@'))
            .filter_map(|(n, _)| {
                let val = self.lookup_with(n, Span::default(), &mut memo).ok()?;
                Some((
                    self.scopes.display(n)?,
                    val.section.map(|s| self.sections[s as usize].name.clone()),
                    val.v,
                ))
            })
            .collect();
        v.sort();
        v
    }

    fn invoke_macro(
        &mut self,
        name: &str,
        m: &Macro,
        file: FileId,
        span: Span,
        start: usize,
        text: &[u8],
    ) {
        if self.frames.len() > limits::MAX_MACRO_DEPTH {
            self.err(
                span,
                format!(
                    "macros and loops nested too deeply (more than {}, MAX_MACRO_DEPTH)",
                    limits::MAX_MACRO_DEPTH
                ),
            );
            return;
        }
        let s = String::from_utf8_lossy(text);
        // Text after the macro name.
        let off = (span.end as usize).saturating_sub(start);
        let after = s.get(off..).unwrap_or("");
        let args_text = after.trim();
        let args_at = start + off + (after.len() - after.trim_start().len());
        let args = if self.macro_modes.alternate {
            macros::split_alt_args(args_text)
        } else {
            split_args(args_text)
        };
        // `%EXPR`, `\%EXPR` and quoted arguments become what the body receives.
        let value = |asm: &mut Self, a: &str| {
            // Keep the argument's span inside the statement (text read lossily as
            // UTF-8 may be longer than its bytes).
            let at = (args_at + args_text.find(a).unwrap_or(0))
                .min((start + text.len()).saturating_sub(a.len()));
            asm.macro_argument(a, file, at, start + text.len())
        };
        let mut vals: Vec<(String, String)> = Vec::new();
        let mut positional = 0;
        let mut assigned: Vec<Option<String>> = vec![None; m.params.len()];
        for (ai, a) in args.iter().enumerate() {
            if let Some((k, v)) = a.split_once('=') {
                let k = k.trim();
                if let Some(i) = m.params.iter().position(|p| p.0 == k) {
                    let Some(v) = value(self, v.trim()) else {
                        return;
                    };
                    assigned[i] = Some(v);
                    continue;
                }
            }
            if positional < m.params.len() {
                if m.vararg && positional == m.params.len() - 1 {
                    let mut rest = Vec::new();
                    for r in &args[ai..] {
                        let Some(v) = value(self, r) else {
                            return;
                        };
                        rest.push(v);
                    }
                    assigned[positional] = Some(rest.join(", "));
                    break;
                }
                let Some(v) = value(self, a) else {
                    return;
                };
                assigned[positional] = Some(v);
                positional += 1;
            } else {
                self.err(span, format!("too many arguments for macro '{name}'"));
                return;
            }
        }
        for (i, (p, def, req)) in m.params.iter().enumerate() {
            let v = match &assigned[i] {
                Some(v) if !v.is_empty() => v.clone(),
                _ => {
                    if *req {
                        self.err(
                            span,
                            format!("missing required argument '{p}' of macro '{name}'"),
                        );
                        return;
                    }
                    def.clone().unwrap_or_default()
                }
            };
            vals.push((p.clone(), v));
        }
        self.macro_count += 1;
        let what = format!("macro '{name}'");
        let alt = self.macro_modes.alternate;
        let mut text = Cow::Borrowed(m.body.as_str());
        if alt {
            let (body, locals) = macros::local_names(&m.body, &mut self.local_names);
            text = Cow::Owned(body);
            vals.extend(locals);
        }
        let Some(body) = substitute(
            &text,
            &vals,
            Some(self.macro_count - 1),
            self.expansion_room(),
            alt,
        ) else {
            self.expansion_error(span, &what, None);
            return;
        };
        let loc = self.sources.location(span);
        let src_name = format!("macro {name} at {loc}");
        let cost = limits::expansion_cost(src_name.len(), body.len());
        if !self.charge_expansion(span, &what, 1, cost) {
            return;
        }
        let f = self.sources.add(src_name, body);
        let len = self.sources.file(f).bytes.len();
        let _ = file;
        self.frames.push(Frame {
            file: f,
            start: 0,
            pos: 0,
            end: len,
            lp: None,
            cond_depth: self.conds.len(),
            is_macro: true,
        });
    }

    /// Capture the body of a block up to its closing pseudo-op; returns the body text
    /// and advances the current frame past the closing statement.
    fn capture_block(&mut self, opens: &[&str], close: &[&str], span: Span) -> Option<String> {
        let frame = self.frames.last_mut()?;
        // Borrow the file in place (disjoint from the frame stack): no copy per block.
        let bytes = &self.sources.get(frame.file)?.bytes;
        let body_start = frame.pos;
        let mut depth = 0;
        let mut pos = frame.pos;
        let mut text = Vec::new();
        while let Some((start, next)) = next_statement(bytes, pos, frame.end, &mut text) {
            let w = first_word(&text);
            if opens.contains(&w.as_str()) {
                depth += 1;
            } else if close.contains(&w.as_str()) {
                if depth == 0 {
                    frame.pos = next;
                    return Some(String::from_utf8_lossy(&bytes[body_start..start]).into_owned());
                }
                depth -= 1;
            }
            pos = next;
        }
        frame.pos = frame.end;
        self.err(span, format!("missing {} for this block", close[0]));
        None
    }

    /// Start loop `lp` (its statement at `span`) over `body`.
    fn push_loop(
        &mut self,
        span: Span,
        body: String,
        name: String,
        lp: Loop,
        first: Option<String>,
    ) {
        if self.frames.len() > limits::MAX_MACRO_DEPTH {
            let m = format!(
                "macros and loops nested too deeply (more than {}, MAX_MACRO_DEPTH)",
                limits::MAX_MACRO_DEPTH
            );
            self.err(span, m);
            return;
        }
        let text = first.unwrap_or(body);
        let f = self.sources.add(name, text);
        let len = self.sources.file(f).bytes.len();
        self.frames.push(Frame {
            file: f,
            start: 0,
            pos: 0,
            end: len,
            lp: Some(lp),
            cond_depth: self.conds.len(),
            is_macro: true,
        });
    }

    fn cond_directive(&mut self, d: &str, toks: &[Token], end_span: Span) {
        let span = toks.first().map(|t| t.span).unwrap_or(end_span);
        match d {
            ".endif" | ".endc" => {
                if self.conds.pop().is_none() {
                    self.err(span, ".endif without .if");
                }
            }
            ".else" => {
                let parent = self.conds.len() < 2 || self.conds[self.conds.len() - 2].active;
                match self.conds.last_mut() {
                    Some(c) => {
                        if c.else_seen {
                            self.err(span, "duplicate .else");
                            return;
                        }
                        c.else_seen = true;
                        c.active = parent && !c.taken;
                        c.taken = true;
                    }
                    None => self.err(span, ".else without .if"),
                }
            }
            _ => {
                let is_else = d.starts_with(".elseif");
                let kind = if is_else {
                    format!(".if{}", &d[7..])
                } else {
                    d.to_string()
                };
                let parent = if is_else {
                    self.conds.len() < 2 || self.conds[self.conds.len() - 2].active
                } else {
                    self.active()
                };
                if is_else {
                    match self.conds.last() {
                        None => {
                            self.err(span, ".elseif without .if");
                            return;
                        }
                        Some(c) if c.taken || !parent => {
                            if let Some(c) = self.conds.last_mut() {
                                c.active = false;
                            }
                            return;
                        }
                        Some(c) if c.else_seen => {
                            self.err(span, ".elseif after .else");
                            return;
                        }
                        _ => {}
                    }
                }
                let value = match self.eval_cond(&kind, toks.get(1..).unwrap_or(&[]), end_span) {
                    Ok(v) => v,
                    Err((s, m)) => {
                        self.err(s, m);
                        false
                    }
                };
                if is_else {
                    if let Some(c) = self.conds.last_mut() {
                        c.active = value;
                        c.taken = value;
                    }
                } else {
                    self.conds.push(Cond {
                        active: value,
                        taken: value,
                        else_seen: false,
                        span,
                    });
                }
            }
        }
    }

    fn eval_cond(
        &mut self,
        kind: &str,
        args: &[Token],
        end_span: Span,
    ) -> Result<bool, (Span, String)> {
        let mut p = Parser::new(args, end_span);
        let word = |p: &Parser| p.ident().map(str::to_string);
        let strings = |p: &mut Parser| -> Result<(Vec<u8>, Vec<u8>), (Span, String)> {
            let a = match p.peek() {
                Some(Tok::Str(s)) => s.clone(),
                _ => return Err((p.span(), "expected a string".into())),
            };
            p.pos += 1;
            p.expect_punct(",")?;
            let b = match p.peek() {
                Some(Tok::Str(s)) => s.clone(),
                _ => return Err((p.span(), "expected a string".into())),
            };
            p.pos += 1;
            Ok((a, b))
        };
        let r = match kind {
            ".if" | ".ifne" => self.abs_now(&p.expr()?)? != 0,
            ".ifeq" => self.abs_now(&p.expr()?)? == 0,
            ".ifgt" => self.abs_now(&p.expr()?)? > 0,
            ".ifge" => self.abs_now(&p.expr()?)? >= 0,
            ".iflt" => self.abs_now(&p.expr()?)? < 0,
            ".ifle" => self.abs_now(&p.expr()?)? <= 0,
            ".ifdef" | ".ifndef" | ".ifnotdef" => {
                let n = word(&p).ok_or((p.span(), "expected a symbol name".to_string()))?;
                p.pos += 1;
                let def = self.lookup(&n, end_span).is_ok();
                if kind == ".ifdef" {
                    def
                } else {
                    !def
                }
            }
            ".ifb" | ".ifnb" => {
                let blank = args.is_empty();
                p.pos = args.len();
                if kind == ".ifb" {
                    blank
                } else {
                    !blank
                }
            }
            ".ifc" | ".ifnc" => {
                // Compare the raw token texts on both sides of the comma.
                let comma = args.iter().position(|t| t.tok == Tok::Punct(","));
                let Some(c) = comma else {
                    return Err((end_span, "expected two comma-separated strings".into()));
                };
                let a: Vec<String> = args[..c].iter().map(tok_text).collect();
                let b: Vec<String> = args[c + 1..].iter().map(tok_text).collect();
                p.pos = args.len();
                (a == b) == (kind == ".ifc")
            }
            ".ifeqs" | ".ifnes" => {
                let (a, b) = strings(&mut p)?;
                (a == b) == (kind == ".ifeqs")
            }
            ".ifarch" | ".ifnarch" => {
                let n = word(&p).ok_or((p.span(), "expected an architecture name".to_string()))?;
                let s = p.span();
                p.pos += 1;
                let a = Arch::from_name(&n).ok_or((s, format!("unknown architecture '{n}'")))?;
                (a == self.arch) == (kind == ".ifarch")
            }
            ".ifgpu" | ".ifngpu" => {
                let n = word(&p).ok_or((p.span(), "expected a GPU name".to_string()))?;
                let s = p.span();
                p.pos += 1;
                let (g, _) =
                    crate::device::device(&n).ok_or((s, format!("unknown GPU device '{n}'")))?;
                (Some(g) == self.gpu) == (kind == ".ifgpu")
            }
            ".iffmt" | ".ifnfmt" => {
                let n = word(&p)
                    .ok_or((p.span(), "expected a format name".to_string()))?
                    .to_ascii_lowercase();
                let s = p.span();
                p.pos += 1;
                let f = match n.as_str() {
                    "rawcode" | "raw" => Some(Format::RawCode),
                    "amdcl2" => Some(Format::AmdCl2),
                    "rocm" => Some(Format::Rocm),
                    "gallium" => Some(Format::Gallium),
                    "amd" => Some(Format::Amd),
                    _ => return Err((s, format!("unknown binary format '{n}'"))),
                };
                (f == Some(self.format)) == (kind == ".iffmt")
            }
            ".if32" | ".if64" => self.bits64 == (kind == ".if64"),
            _ => {
                return Err((
                    args.first().map(|t| t.span).unwrap_or(end_span),
                    format!("unknown conditional '{kind}'"),
                ))
            }
        };
        if !p.at_end() {
            return Err((p.span(), "unexpected text after condition".into()));
        }
        Ok(r)
    }

    #[allow(clippy::cognitive_complexity)]
    fn directive(
        &mut self,
        d: &str,
        toks: &[Token],
        file: FileId,
        start: usize,
        text: &[u8],
        end_span: Span,
    ) {
        let span = toks[0].span;
        if Self::is_cond_directive(d) {
            self.cond_directive(d, toks, end_span);
            return;
        }
        let args = &toks[1..];
        let mut p = Parser::new(args, end_span);
        let r: Result<(), (Span, String)> = (|| {
            // What the pseudo-op does to the section, for the rules of the section.
            let row = pseudo::lookup(d);
            let out = match row {
                Some(row) => row.out,
                None if matches!(
                    d,
                    ".byte"
                        | ".short"
                        | ".hword"
                        | ".word"
                        | ".int"
                        | ".long"
                        | ".quad"
                        | ".octa"
                        | ".half"
                        | ".float"
                        | ".single"
                        | ".double"
                        | ".ascii"
                        | ".asciz"
                        | ".string"
                        | ".incbin"
                ) =>
                {
                    pseudo::Out::Data
                }
                None if matches!(d, ".skip" | ".space" | ".zero" | ".org") => pseudo::Out::Moves,
                None => pseudo::Out::Nothing,
            };
            if self.format == Format::Rocm {
                if let Some(r) = self.rocm_directive(d, &mut p, span) {
                    return r;
                }
            }
            if self.format == Format::Gallium {
                if let Some(r) = self.gallium_directive(d, &mut p, span) {
                    return r;
                }
            }
            if self.format == Format::Amd {
                if let Some(r) = self.amd_directive(d, &mut p, span) {
                    return r;
                }
            }
            if matches!(
                self.format,
                Format::AmdCl2 | Format::Rocm | Format::Gallium | Format::Amd
            ) {
                if self.format != Format::Amd {
                    if let Some(r) = self.cl2_directive(d, &mut p, span) {
                        return r;
                    }
                }
                // Configuration sections take no bytes, bss no contents.
                let data = out == pseudo::Out::Data;
                let moves = out == pseudo::Out::Moves;
                if (data || moves) && self.absolute.is_none() && !self.writable(span, data) {
                    p.pos = args.len();
                    return Ok(());
                }
            }
            if self.absolute.is_some() && out != pseudo::Out::Nothing {
                return self.absolute_section_op(d, out, &mut p, span);
            }
            if let Some(row) = row {
                return self.table_pseudo_op(row, &mut p, span);
            }
            match d {
                ".set" | ".equ" | ".eqv" | ".equiv" => {
                    let (n, ns) = p.symbol_name()?;
                    p.expect_punct(",")?;
                    let e = p.expr()?;
                    if d == ".equiv" && self.sym_key(&n).is_some() {
                        return Err((ns, format!("symbol '{n}' is already defined")));
                    }
                    self.assign(&n, e, ns, d == ".eqv");
                }
                ".octa" => {
                    // 128-bit literals only (CLRX); an empty item stores 0 with a warning.
                    if args.is_empty() {
                        return Ok(());
                    }
                    loop {
                        let item = p.span();
                        let neg = p.eat_punct("-");
                        let v: u128 = match p.peek() {
                            Some(Tok::Int(v)) => {
                                p.pos += 1;
                                *v as u128
                            }
                            Some(Tok::Big(hi, lo)) => {
                                p.pos += 1;
                                (*hi as u128) << 64 | *lo as u128
                            }
                            Some(Tok::Punct(",")) | None if !neg => {
                                self.warn(item, "no value between commas, 0 stored");
                                0
                            }
                            _ => return Err((p.span(), "expected a 128-bit literal".into())),
                        };
                        let v = if neg { v.wrapping_neg() } else { v };
                        self.sections[self.cur as usize]
                            .data
                            .extend_from_slice(&v.to_le_bytes());
                        if !p.eat_punct(",") {
                            break;
                        }
                    }
                }
                ".byte" | ".short" | ".hword" | ".word" | ".int" | ".long" | ".quad" => {
                    let size = match d {
                        ".byte" => 1,
                        ".short" | ".hword" => 2,
                        ".quad" => 8,
                        _ => 4,
                    };
                    if args.is_empty() {
                        return Ok(());
                    }
                    loop {
                        let e = p.expr()?;
                        self.emit_value(&e, size);
                        if !p.eat_punct(",") {
                            break;
                        }
                    }
                }
                ".half" | ".float" | ".single" | ".double" => {
                    if args.is_empty() {
                        return Ok(());
                    }
                    loop {
                        let e = p.expr()?;
                        let v = match &e {
                            Expr::Float(v, _, _) => *v,
                            _ => self.abs_now(&e)? as f64,
                        };
                        let bytes: Vec<u8> = match d {
                            ".half" => half::f16::from_f32(v as f32)
                                .to_bits()
                                .to_le_bytes()
                                .to_vec(),
                            ".double" => v.to_le_bytes().to_vec(),
                            _ => (v as f32).to_le_bytes().to_vec(),
                        };
                        self.sections[self.cur as usize]
                            .data
                            .extend_from_slice(&bytes);
                        if !p.eat_punct(",") {
                            break;
                        }
                    }
                }
                ".ascii" | ".asciz" | ".string" => loop {
                    let Some(Tok::Str(s)) = p.peek() else {
                        return Err((p.span(), "expected a string".into()));
                    };
                    let mut s = s.clone();
                    p.pos += 1;
                    if d != ".ascii" {
                        s.push(0);
                    }
                    self.sections[self.cur as usize].data.extend_from_slice(&s);
                    if !p.eat_punct(",") {
                        break;
                    }
                },
                ".skip" | ".space" | ".zero" => {
                    let n = self.abs_now(&p.expr()?)?;
                    let v = if p.eat_punct(",") {
                        self.abs_now(&p.expr()?)?
                    } else {
                        0
                    };
                    if n < 0 {
                        return Err((span, "bad size".into()));
                    }
                    self.output_fits(span, n as u64)?;
                    let data = &mut self.sections[self.cur as usize].data;
                    data.resize(data.len() + n as usize, v as u8);
                }
                ".org" => {
                    let e = p.expr()?;
                    let v = self.eval_now(&e)?;
                    self.move_to(v, e.span());
                }
                ".text" => {
                    self.absolute = None;
                    self.cur = 0;
                }
                ".data" | ".rodata" | ".section" | ".bss" => {
                    return Err((
                        span,
                        format!("not supported yet: section {d} (only .text in rawcode)"),
                    ));
                }
                ".gpu" => {
                    let n = p
                        .ident()
                        .ok_or((p.span(), "expected a GPU device name".to_string()))?
                        .to_string();
                    let s = p.span();
                    p.pos += 1;
                    let (g, a) = crate::device::device(&n)
                        .ok_or((s, format!("unknown GPU device '{n}'")))?;
                    if self.code_emitted && a != self.arch {
                        return Err((
                            s,
                            "cannot change the architecture after code was emitted".into(),
                        ));
                    }
                    self.gpu = Some(g);
                    self.arch = a;
                    self.gpu_span = Some(span);
                }
                ".arch" => {
                    let n = p
                        .ident()
                        .ok_or((p.span(), "expected an architecture name".to_string()))?
                        .to_string();
                    let s = p.span();
                    p.pos += 1;
                    let a =
                        Arch::from_name(&n).ok_or((s, format!("unknown architecture '{n}'")))?;
                    if self.code_emitted && a != self.arch {
                        return Err((
                            s,
                            "cannot change the architecture after code was emitted".into(),
                        ));
                    }
                    self.arch = a;
                    self.gpu = None;
                    self.gpu_span = Some(span);
                }
                ".64bit" => self.bits64 = true,
                ".32bit" => self.bits64 = false,
                ".rawcode" => self.format = Format::RawCode,
                ".amdcl2" => self.enable_cl2(span)?,
                ".rocm" => self.enable_rocm(span)?,
                ".gallium" => self.enable_gallium(span)?,
                ".amd" => self.enable_amd(span)?,
                ".format" => {
                    let n = p
                        .ident()
                        .ok_or((p.span(), "expected a format name".to_string()))?
                        .to_ascii_lowercase();
                    let s = p.span();
                    p.pos += 1;
                    match n.as_str() {
                        "rawcode" | "raw" => self.format = Format::RawCode,
                        "amdcl2" => self.enable_cl2(s)?,
                        "rocm" => self.enable_rocm(s)?,
                        "gallium" => self.enable_gallium(s)?,
                        "amd" => self.enable_amd(s)?,
                        _ => return Err((s, format!("not supported yet: format '{n}'"))),
                    }
                }
                ".print" | ".warning" | ".error" | ".err" => {
                    let msg = match p.peek() {
                        Some(Tok::Str(s)) => {
                            p.pos += 1;
                            String::from_utf8_lossy(s).into_owned()
                        }
                        None if d != ".print" => format!("{d} encountered"),
                        _ => return Err((p.span(), "expected a string".into())),
                    };
                    match d {
                        ".print" => self.prints.push(msg),
                        ".warning" => self.warn(span, msg),
                        _ => self.err(span, msg),
                    }
                }
                ".end" => self.ended = true,
                ".scope" => {
                    let name = p.ident().map(str::to_string);
                    if name.is_some() {
                        p.pos += 1;
                    }
                    self.scopes.open(name.as_deref());
                }
                ".ends" | ".endscope" => {
                    if !self.scopes.close() {
                        return Err((span, "no scope to close (.ends without .scope)".into()));
                    }
                }
                ".using" | ".unusing" => {
                    let path = p.path_name().map(|(n, _)| n);
                    let r = if d == ".using" {
                        match &path {
                            Some(n) => self.scopes.using(n),
                            None => return Err((p.span(), "expected a scope name".into())),
                        }
                    } else {
                        self.scopes.unusing(path.as_deref())
                    };
                    r.map_err(|m| (span, m))?;
                }
                ".global" | ".globl" | ".local" | ".weak" | ".extern" => {
                    // Symbol binding has no meaning in raw code; accept the names.
                    p.pos = args.len();
                }
                ".include" | ".incbin" => {
                    let Some(Tok::Str(name)) = p.peek() else {
                        return Err((p.span(), "expected a file name string".into()));
                    };
                    let name = String::from_utf8_lossy(name).into_owned();
                    let ns = p.span();
                    p.pos += 1;
                    let path = self
                        .find_file(file, &name)
                        .ok_or((ns, format!("cannot find file '{name}'")))?;
                    let bytes = limits::read_capped(&path).map_err(|m| (ns, m))?;
                    if d == ".include" {
                        if self.frames.len() > limits::MAX_INCLUDE_DEPTH {
                            return Err((
                                ns,
                                format!(
                                    "includes nested too deeply (more than {}, MAX_INCLUDE_DEPTH)",
                                    limits::MAX_INCLUDE_DEPTH
                                ),
                            ));
                        }
                        let cost = limits::expansion_cost(path.as_os_str().len(), bytes.len());
                        if !self.charge_expansion(ns, ".include", 1, cost) {
                            return Ok(());
                        }
                        if regalloc::mentions_regvar(&bytes) {
                            self.start_recording(ns);
                        }
                        let f = self.sources.add(path.display().to_string(), bytes);
                        let len = self.sources.file(f).bytes.len();
                        self.frames.push(Frame {
                            file: f,
                            start: 0,
                            pos: 0,
                            end: len,
                            lp: None,
                            cond_depth: self.conds.len(),
                            is_macro: false,
                        });
                    } else {
                        let skip = if p.eat_punct(",") {
                            self.abs_now(&p.expr()?)?
                        } else {
                            0
                        };
                        let count = if p.eat_punct(",") {
                            self.abs_now(&p.expr()?)?
                        } else {
                            i64::MAX
                        };
                        if skip < 0 || count < 0 {
                            return Err((ns, "bad offset or count".into()));
                        }
                        let s = (skip as usize).min(bytes.len());
                        let e = s
                            .saturating_add(count.min(bytes.len() as i64) as usize)
                            .min(bytes.len());
                        self.output_fits(ns, (e - s) as u64)?;
                        self.sections[self.cur as usize]
                            .data
                            .extend_from_slice(&bytes[s..e]);
                    }
                }
                ".macro" => {
                    let n = p
                        .ident()
                        .ok_or((p.span(), "expected a macro name".to_string()))?
                        .to_string();
                    p.pos += 1;
                    let mut params = Vec::new();
                    let mut vararg = false;
                    while !p.at_end() {
                        let pn = p
                            .ident()
                            .ok_or((p.span(), "expected a parameter name".to_string()))?
                            .to_string();
                        p.pos += 1;
                        let mut req = false;
                        let mut def = None;
                        if p.eat_punct(":") {
                            match p.ident() {
                                Some("req") => req = true,
                                Some("vararg") => vararg = true,
                                _ => return Err((p.span(), "expected 'req' or 'vararg'".into())),
                            }
                            p.pos += 1;
                        }
                        if p.eat_punct("=") {
                            let t = p.span();
                            let e = p.expr()?;
                            let s = self
                                .sources
                                .file(file)
                                .text()
                                .get(t.start as usize..e.span().end as usize)
                                .unwrap_or("")
                                .to_string();
                            def = Some(s);
                        }
                        params.push((pn, def, req));
                        let _ = p.eat_punct(",");
                    }
                    let body = self
                        .capture_block(&[".macro"], &[".endm", ".endmacro"], span)
                        .unwrap_or_default();
                    let key = self.macro_key(&n).into_owned();
                    self.macros.insert(
                        key,
                        Macro {
                            params,
                            vararg,
                            body,
                        },
                    );
                }
                ".endm" | ".endmacro" | ".endr" | ".endrept" => {
                    return Err((span, format!("{d} without an opening block")))
                }
                ".exitm" => {
                    // Leave the innermost macro expansion.
                    if let Some(i) = self.frames.iter().rposition(|f| f.is_macro) {
                        let depth = self.frames[i].cond_depth;
                        self.frames.truncate(i);
                        self.conds.truncate(depth);
                    } else {
                        return Err((span, ".exitm outside a macro".into()));
                    }
                }
                ".purgem" => {
                    let n = p
                        .ident()
                        .ok_or((p.span(), "expected a macro name".to_string()))?
                        .to_string();
                    p.pos += 1;
                    if self.macros.remove(self.macro_key(&n).as_ref()).is_none() {
                        return Err((span, format!("macro '{n}' is not defined")));
                    }
                }
                ".rept" => {
                    let n = self.abs_now(&p.expr()?)?;
                    let body = self
                        .capture_block(
                            &[".rept", ".irp", ".irpc", ".for", ".while"],
                            &[".endr", ".endrept"],
                            span,
                        )
                        .unwrap_or_default();
                    // Charged before the first iteration, so that a huge count fails
                    // at once instead of after running into the budget.
                    if n > 0
                        && self.charge_expansion(span, ".rept", n as u64, body.len() as u64 + 1)
                    {
                        let loc = self.sources.location(span);
                        self.push_loop(
                            span,
                            body,
                            format!(".rept at {loc}"),
                            Loop::Rept { left: n as u64 },
                            None,
                        );
                    }
                }
                ".irp" | ".irpc" => {
                    let (var, vs) = p.symbol_name()?;
                    let rest_start = if p.eat_punct(",") {
                        p.span().start as usize
                    } else {
                        end_span.start as usize
                    };
                    let src = self.sources.file(file).text();
                    let rest = src
                        .get(rest_start.min(start + text.len())..start + text.len())
                        .unwrap_or("")
                        .trim()
                        .to_string();
                    let items: Vec<String> = if d == ".irp" {
                        split_args(&rest)
                    } else {
                        rest.chars()
                            .filter(|c| !c.is_whitespace())
                            .map(|c| c.to_string())
                            .collect()
                    };
                    p.pos = args.len();
                    let body = self
                        .capture_block(
                            &[".rept", ".irp", ".irpc", ".for", ".while"],
                            &[".endr", ".endrept"],
                            span,
                        )
                        .unwrap_or_default();
                    let _ = vs;
                    // Fail at once when the items cannot fit; each item is charged
                    // what it really expands to as it begins.
                    let each = limits::expansion_cost(0, body.len());
                    if (items.len() as u64).saturating_mul(each) > self.expansion_room() {
                        let total = (items.len() as u64).saturating_mul(each);
                        self.expansion_error(span, d, Some(total));
                        return Ok(());
                    }
                    if !items.is_empty() {
                        let loc = self.sources.location(span);
                        let name = format!("{d} at {loc}");
                        let Some(first) = substitute(
                            &body,
                            &[(var.clone(), items[0].clone())],
                            None,
                            self.expansion_room(),
                            self.macro_modes.alternate,
                        ) else {
                            self.expansion_error(span, d, None);
                            return Ok(());
                        };
                        if !self.charge_expansion(
                            span,
                            d,
                            1,
                            limits::expansion_cost(name.len(), first.len()),
                        ) {
                            return Ok(());
                        }
                        self.push_loop(
                            span,
                            body.clone(),
                            name.clone(),
                            Loop::Irp {
                                var,
                                items,
                                next: 1,
                                body,
                                name,
                                span,
                            },
                            Some(first),
                        );
                    }
                }
                ".for" | ".while" => {
                    let mut next = None;
                    if d == ".for" {
                        let (var, vs) = p.symbol_name()?;
                        p.expect_punct("=")?;
                        let init = p.expr()?;
                        let v = self.eval_now(&init)?;
                        self.set_sym(&var, SymVal::Val(v), vs, false);
                        p.expect_punct(",")?;
                        let cond = p.expr()?;
                        p.expect_punct(",")?;
                        let step = p.expr()?;
                        next = Some((var, step, cond));
                    }
                    let cond = match &next {
                        Some((_, _, c)) => c.clone(),
                        None => p.expr()?,
                    };
                    let body = self
                        .capture_block(
                            &[".rept", ".irp", ".irpc", ".for", ".while"],
                            &[".endr", ".endrept"],
                            span,
                        )
                        .unwrap_or_default();
                    if self.abs_now(&cond)? != 0 {
                        let loc = self.sources.location(span);
                        self.push_loop(
                            span,
                            body,
                            format!("{d} at {loc}"),
                            Loop::While {
                                cond,
                                next: next.map(|(v, s, _)| (v, s)),
                            },
                            None,
                        );
                    }
                }
                ".kernel" | ".config" | ".arg" | ".dims" | ".driver_version"
                | ".compile_options" | ".acl_version" | ".metadata" | ".setup" | ".stub"
                | ".hsaconfig" | ".globaldata" | ".rwdata" | ".bssdata" | ".inner" | ".sampler"
                | ".samplerinit" | ".samplerreloc" | ".isametadata" => {
                    return Err((span, format!("{d} needs the .amdcl2 format")));
                }
                _ => return Err((span, format!("unknown pseudo-op '{d}'"))),
            }
            Ok(())
        })();
        match r {
            Ok(()) => {
                if !p.at_end()
                    && !matches!(d, ".macro" | ".irp" | ".irpc" | ".rept" | ".for" | ".while")
                {
                    self.err(p.span(), "unexpected text after pseudo-op arguments");
                }
            }
            Err((s, m)) => self.err(s, m),
        }
    }

    fn find_file(&self, from: FileId, name: &str) -> Option<PathBuf> {
        let p = Path::new(name);
        if p.is_absolute() {
            return p.exists().then(|| p.to_path_buf());
        }
        let mut dirs: Vec<PathBuf> = Vec::new();
        if let Some(f) = self.sources.get(from) {
            if let Some(parent) = Path::new(&f.name).parent() {
                dirs.push(parent.to_path_buf());
            }
        }
        dirs.extend(self.opts.include_dirs.iter().cloned());
        dirs.into_iter().map(|d| d.join(name)).find(|c| c.is_file())
    }

    /// `.byte`/`.int`/...: value now, or a fixup.
    fn emit_value(&mut self, e: &Expr, size: usize) {
        let bits = size as u32 * 8;
        let off = self.sections[self.cur as usize].data.len();
        self.pc = off as i64;
        let v = match self.try_eval(e) {
            Ok(v) if v.section.is_none() => Some(v.v),
            Ok(_) => {
                self.err(
                    e.span(),
                    "not supported yet: relocations outside 32-bit instruction literals",
                );
                Some(0)
            }
            Err(EvalError::Undefined(..)) => {
                self.fixups.push(Fixup {
                    section: self.cur,
                    offset: off,
                    shift: 0,
                    bits,
                    pcrel: None,
                    expr: self.freeze_dot(e.clone()),
                    truncate: true,
                    lit: false,
                });
                Some(0)
            }
            Err(EvalError::Error(s, m)) => {
                self.err(s, m);
                Some(0)
            }
        };
        let v = v.unwrap_or(0);
        if bits < 64 && (v < -(1i64 << (bits - 1)) || v > (1i64 << bits) - 1) {
            self.warn(e.span(), format!("value {v} truncated to {bits} bits"));
        }
        let bytes = (v as u64).to_le_bytes();
        self.sections[self.cur as usize]
            .data
            .extend_from_slice(&bytes[..size]);
    }
}

/// Call `f` on every symbol reference in `e` (nesting is bounded by the parser).
fn for_each_sym(e: &Expr, f: &mut dyn FnMut(&str, Span)) {
    match e {
        Expr::Int(..) | Expr::Float(..) => {}
        Expr::Sym(n, s) => f(n, *s),
        Expr::Unary(_, a, _) => for_each_sym(a, f),
        Expr::Binary(_, a, b, _) => {
            for_each_sym(a, f);
            for_each_sym(b, f);
        }
        Expr::Chain(first, rest, _) => {
            for_each_sym(first, f);
            for (_, e) in rest {
                for_each_sym(e, f);
            }
        }
        Expr::Cond(c, a, b, _) => {
            for_each_sym(c, f);
            for_each_sym(a, f);
            for_each_sym(b, f);
        }
    }
}

fn tok_text(t: &Token) -> String {
    match &t.tok {
        Tok::Ident(s) => s.to_string(),
        Tok::Int(v) => v.to_string(),
        Tok::Float(v, _) => v.to_string(),
        Tok::Str(s) => String::from_utf8_lossy(s).into_owned(),
        Tok::Big(hi, lo) => ((*hi as u128) << 64 | *lo as u128).to_string(),
        Tok::Punct(p) => p.to_string(),
    }
}

/// Split macro/.irp arguments at top-level commas (or spaces when there are no commas).
fn split_args(s: &str) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    let mut in_str = false;
    let mut has_comma = false;
    for c in s.chars() {
        match c {
            '"' => {
                in_str = !in_str;
                cur.push(c);
            }
            '(' | '[' if !in_str => {
                depth += 1;
                cur.push(c);
            }
            ')' | ']' if !in_str => {
                depth -= 1;
                cur.push(c);
            }
            ',' if !in_str && depth == 0 => {
                has_comma = true;
                out.push(cur.trim().to_string());
                cur.clear();
            }
            _ => cur.push(c),
        }
    }
    out.push(cur.trim().to_string());
    if !has_comma
        && out.len() == 1
        && out[0].contains(char::is_whitespace)
        && !out[0].contains('"')
        && !out[0].contains('(')
    {
        return out[0].split_whitespace().map(str::to_string).collect();
    }
    out
}

/// Replace `\name` by argument values, `\@` by the expansion counter, `\()` by nothing,
/// and with `bare` (alternate macro syntax) a whole name that is a parameter too;
/// `None` if the result would be longer than `limit` bytes.
fn substitute(
    body: &str,
    vals: &[(String, String)],
    counter: Option<u64>,
    limit: u64,
    bare: bool,
) -> Option<String> {
    let mut out = String::with_capacity(body.len().min(limit as usize));
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            if b[i + 1] == b'@' {
                if let Some(c) = counter {
                    out.push_str(&c.to_string());
                    i += 2;
                    continue;
                }
            }
            if b[i + 1] == b'(' && b.get(i + 2) == Some(&b')') {
                i += 3;
                continue;
            }
            let rest = &body[i + 1..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '.' || *c == '$')
                .collect();
            if let Some((_, v)) = vals.iter().find(|(n, _)| *n == name) {
                out.push_str(v);
                i += 1 + name.len();
                continue;
            }
        }
        let name_char = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$');
        if bare && name_char(b[i]) && !b[i].is_ascii_digit() && (i == 0 || !name_char(b[i - 1])) {
            let n = b[i..].iter().take_while(|&&c| name_char(c)).count();
            let name = &body[i..i + n];
            match vals.iter().find(|(p, _)| p == name) {
                Some((_, v)) => out.push_str(v),
                None => out.push_str(name),
            }
            i += n;
            if out.len() as u64 > limit {
                return None;
            }
            continue;
        }
        let ch_len = body[i..].chars().next().map(char::len_utf8).unwrap_or(1);
        out.push_str(&body[i..i + ch_len]);
        i += ch_len;
        if out.len() as u64 > limit {
            return None;
        }
    }
    (out.len() as u64 <= limit).then_some(out)
}

struct AsmCtx<'a, 'b> {
    asm: &'a mut Asm<'b>,
    /// Drop warnings (a second build of the same text).
    quiet: bool,
}

impl instr::Ctx for AsmCtx<'_, '_> {
    fn eval(&mut self, e: &Expr) -> Result<Value, EvalError> {
        self.asm.try_eval(e)
    }
    fn arch(&self) -> Arch {
        self.asm.arch
    }
    fn pc(&self) -> (u32, i64) {
        (self.asm.cur, self.asm.pc)
    }
    fn warn(&mut self, span: Span, msg: String) {
        if !self.quiet {
            self.asm.warn(span, msg);
        }
    }
    fn is_code_section(&self, s: u32) -> bool {
        matches!(self.asm.kinds.get(s as usize), Some(cl2::SecKind::Code(_)))
    }
    fn relocation(&mut self, e: &Expr) -> instr::PResult<Option<instr::Reloc>> {
        self.asm.relocation(e)
    }
    fn reg_symbol(&self, name: &str) -> Option<(u16, u8)> {
        if let Some(k) = name.strip_prefix(regalloc::PLACEHOLDER) {
            return self
                .asm
                .ra
                .placeholders
                .get(k.parse::<usize>().ok()?)
                .copied();
        }
        if self.asm.regsyms.is_empty() {
            return None;
        }
        if !self.asm.scopes.in_use() {
            return self.asm.regsyms.get(name).copied();
        }
        let regs = &self.asm.regsyms;
        let k = self.asm.scopes.lookup(name, &|k| regs.contains_key(k))?;
        regs.get(&k).copied()
    }
}
