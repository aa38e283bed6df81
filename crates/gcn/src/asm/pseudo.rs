//! Pseudo-ops described by a table row: the alignment family (`.align`, `.balign`,
//! `.balignw`, `.balignl`, `.p2align`), `.fill`/`.fillq`, `.string16/32/64`, the
//! `.get_*` queries, `.undef`, `.enum`, `.fail` and the listing pseudo-ops CLRX accepts
//! and ignores. A row says what the pseudo-op does to the output (for the `.amdcl2`
//! section rules) and which variant of its family it is; one handler per family reads it.
//! CLRX's documentation (`doc/ClrxAsmPseudoOps.md`) is the specification.

use kauai_diag::Span;

use super::expr::{Parser, Value};
use super::lex::Tok;
use super::{cl2, Asm, Sym, SymVal};

/// The CLRX version Kauai follows (0.1.9, as `major*10000 + minor*100 + micro`):
/// what `.get_version` stores, and `.get_policy` (CLRX's policy defaults to its version).
const CLRX_VERSION: i64 = 109;

/// `.fail N`: a warning from this value on, an error below it (CLRX, as GNU as).
const FAIL_WARNING_FROM: i64 = 500;

/// What a pseudo-op does to the current section.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Out {
    /// Writes bytes (refused in configuration and bss sections).
    Data,
    /// Moves the output counter (refused in configuration sections).
    Moves,
    /// Leaves the section alone.
    Nothing,
}

/// What `.get_*` stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Query {
    Bits64,
    Arch,
    Gpu,
    Format,
    Policy,
    Version,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Op {
    /// Pad to an alignment (in bytes, or a power of two) with a fill value of
    /// `fill_bytes` bytes (s_nop in code when no value is given).
    Align {
        pow2: bool,
        fill_bytes: u8,
    },
    /// `REPEAT[, [SIZE][, VALUE]]`: the value's low `value_bytes` bytes, zeros above.
    Fill {
        value_bytes: u8,
    },
    /// NUL-terminated strings, each character zero-extended to `char_bytes`.
    Str {
        char_bytes: u8,
    },
    Get(Query),
    Undef,
    Enum,
    Fail,
    /// Accepted with any operands and ignored (listing and debug information).
    Ignored,
    /// `.macrocase`/`.nomacrocase`: whether macro names ignore case.
    MacroCase(bool),
    /// `.altmacro`/`.noaltmacro`: the alternate macro syntax.
    AltMacro(bool),
    /// `.policy VERSION`: what `.get_policy` stores; 200 and later is refused for binaries
    /// (CLRX then counts SGPRs differently, which Kauai does not do yet).
    Policy,
    /// `.abort`: stop assembling with an error.
    Abort,
    /// `.struct`/`.offset ABS-EXPR`: go to that place of the absolute section.
    Absolute,
    /// `.regvar NAME:TYPE[:COUNT], ...`: declare register variables.
    RegVar,
    /// `.usereg REG:FLAGS, ...`: registers read or written where the allocator cannot
    /// see it.
    UseReg,
    /// `.rvlin`/`.rvlin_once VAR, ...`: variables needing consecutive registers.
    RvLin,
}

pub(super) struct PseudoOp {
    pub name: &'static str,
    pub op: Op,
    pub out: Out,
}

const fn row(name: &'static str, op: Op, out: Out) -> PseudoOp {
    PseudoOp { name, op, out }
}

/// Every pseudo-op of this module, one row each.
static TABLE: &[PseudoOp] = &[
    row(
        ".align",
        Op::Align {
            pow2: false,
            fill_bytes: 1,
        },
        Out::Moves,
    ),
    row(
        ".balign",
        Op::Align {
            pow2: false,
            fill_bytes: 1,
        },
        Out::Moves,
    ),
    row(
        ".balignw",
        Op::Align {
            pow2: false,
            fill_bytes: 2,
        },
        Out::Moves,
    ),
    row(
        ".balignl",
        Op::Align {
            pow2: false,
            fill_bytes: 4,
        },
        Out::Moves,
    ),
    row(
        ".p2align",
        Op::Align {
            pow2: true,
            fill_bytes: 1,
        },
        Out::Moves,
    ),
    row(".fill", Op::Fill { value_bytes: 4 }, Out::Data),
    row(".fillq", Op::Fill { value_bytes: 8 }, Out::Data),
    row(".string16", Op::Str { char_bytes: 2 }, Out::Data),
    row(".string32", Op::Str { char_bytes: 4 }, Out::Data),
    row(".string64", Op::Str { char_bytes: 8 }, Out::Data),
    row(".get_64bit", Op::Get(Query::Bits64), Out::Nothing),
    row(".get_arch", Op::Get(Query::Arch), Out::Nothing),
    row(".get_gpu", Op::Get(Query::Gpu), Out::Nothing),
    row(".get_format", Op::Get(Query::Format), Out::Nothing),
    row(".get_policy", Op::Get(Query::Policy), Out::Nothing),
    row(".get_version", Op::Get(Query::Version), Out::Nothing),
    row(".undef", Op::Undef, Out::Nothing),
    row(".enum", Op::Enum, Out::Nothing),
    row(".fail", Op::Fail, Out::Nothing),
    row(".macrocase", Op::MacroCase(true), Out::Nothing),
    row(".nomacrocase", Op::MacroCase(false), Out::Nothing),
    row(".policy", Op::Policy, Out::Nothing),
    row(".struct", Op::Absolute, Out::Nothing),
    row(".offset", Op::Absolute, Out::Nothing),
    row(".abort", Op::Abort, Out::Nothing),
    row(".regvar", Op::RegVar, Out::Nothing),
    row(".usereg", Op::UseReg, Out::Nothing),
    row(".rvlin", Op::RvLin, Out::Nothing),
    row(".rvlin_once", Op::RvLin, Out::Nothing),
    row(".altmacro", Op::AltMacro(true), Out::Nothing),
    row(".noaltmacro", Op::AltMacro(false), Out::Nothing),
    // The pseudo-ops CLRX's manual lists as ignored.
    row(".file", Op::Ignored, Out::Nothing),
    row(".lflags", Op::Ignored, Out::Nothing),
    row(".ln", Op::Ignored, Out::Nothing),
    row(".line", Op::Ignored, Out::Nothing),
    row(".sbttl", Op::Ignored, Out::Nothing),
    row(".title", Op::Ignored, Out::Nothing),
    row(".version", Op::Ignored, Out::Nothing),
    row(".size", Op::Ignored, Out::Nothing),
];

/// The row of pseudo-op `name` (lower case), if this module handles it.
pub(super) fn lookup(name: &str) -> Option<&'static PseudoOp> {
    TABLE.iter().find(|r| r.name == name)
}

/// The s_nop that pads code sections.
const S_NOP: u32 = 0xBF80_0000;

/// CLRX's id of the lowest device of each architecture (`.get_gpu` when only `.arch`
/// chose the architecture: CLRX then uses that device).
fn lowest_device(arch: crate::isa::Arch) -> &'static str {
    use crate::isa::Arch;
    match arch {
        Arch::Gfx6 => "CapeVerde",
        Arch::Gfx7 => "Bonaire",
        Arch::Gfx8 => "Tonga",
        Arch::Gfx9 => "GFX900",
        Arch::Gfx906 => "GFX906",
        Arch::Gfx10 => "GFX1010",
    }
}

type PResult<T> = Result<T, (Span, String)>;

/// A symbol name these pseudo-ops may define or forget: not the output counter `.`.
fn settable_name(p: &mut Parser) -> PResult<(String, Span)> {
    let (n, ns) = p.symbol_name()?;
    if n == "." {
        return Err((
            ns,
            "expected a symbol name (not the output counter '.')".into(),
        ));
    }
    Ok((n, ns))
}

impl Asm<'_> {
    /// Run the table pseudo-op `row` (its name at `span`) on the operands in `p`.
    pub(super) fn table_pseudo_op(
        &mut self,
        row: &PseudoOp,
        p: &mut Parser,
        span: Span,
    ) -> PResult<()> {
        match row.op {
            Op::Align { pow2, fill_bytes } => self.align(row.name, pow2, fill_bytes, p, span),
            Op::Fill { value_bytes } => self.fill(value_bytes, p, span),
            Op::Str { char_bytes } => self.wide_strings(char_bytes, p, span),
            Op::Get(q) => {
                let (n, ns) = settable_name(p)?;
                let v = self.query(q);
                self.set_sym(&n, SymVal::Val(Value::abs(v)), ns, false);
                Ok(())
            }
            Op::Undef => self.undef(p),
            Op::Enum => self.enumerate(p),
            Op::Fail => {
                let e = p.expr()?;
                let v = self.abs_now(&e)?;
                let m = format!(".fail {v} encountered");
                if v >= FAIL_WARNING_FROM {
                    self.warn(span, m);
                } else {
                    self.err(span, m);
                }
                Ok(())
            }
            Op::Ignored => {
                p.pos = p.toks.len();
                Ok(())
            }
            Op::MacroCase(on) => {
                self.macro_modes.ignore_case = on;
                Ok(())
            }
            Op::AltMacro(on) => {
                self.macro_modes.alternate = on;
                Ok(())
            }
            Op::Policy => {
                let e = p.expr()?;
                self.policy = Some(self.abs_now(&e)?);
                self.policy_span = span;
                Ok(())
            }
            Op::RegVar => self.regvar(p),
            Op::UseReg => self.usereg(p, span),
            Op::RvLin => self.rvlin(p),
            Op::Absolute => {
                let e = p.expr()?;
                self.absolute = Some(self.abs_now(&e)?);
                Ok(())
            }
            Op::Abort => {
                self.err(span, "assembly aborted by .abort");
                self.ended = true;
                Ok(())
            }
        }
    }

    /// A pseudo-op that writes or moves while the absolute section is current: it only
    /// has places, so data is refused and moves change the counter (backwards too).
    pub(super) fn absolute_section_op(
        &mut self,
        d: &str,
        out: Out,
        p: &mut Parser,
        span: Span,
    ) -> PResult<()> {
        let Some(counter) = self.absolute else {
            return Ok(());
        };
        if out == Out::Data {
            return Err((
                span,
                "Writing data into non-writeable section is illegal (the absolute section of \
                 .struct/.offset)"
                    .into(),
            ));
        }
        let at = p.span();
        let v = self.abs_now(&p.expr()?)?;
        let next = match lookup(d).map(|r| r.op) {
            Some(Op::Align { pow2, .. }) => {
                let align = if pow2 {
                    if !(0..32).contains(&v) {
                        return Err((at, format!("alignment exponent {v} out of range (0-31)")));
                    }
                    1i64 << v
                } else {
                    v
                };
                if align <= 0 || align & (align - 1) != 0 {
                    return Err((at, format!("alignment {align} is not a power of two")));
                }
                let mut limit = None;
                if p.eat_punct(",") {
                    let _fill = self.optional_abs(p)?;
                    if p.eat_punct(",") {
                        limit = self.optional_abs(p)?;
                    }
                }
                let target = counter.checked_add(align - 1).map(|t| t & !(align - 1));
                match (target, limit) {
                    (Some(t), Some(l)) if t - counter > l => counter,
                    (Some(t), _) => t,
                    (None, _) => return Err((at, "the output counter overflows".into())),
                }
            }
            // `.org`: any place, backwards too.
            _ if d == ".org" => v,
            // `.skip`/`.space`/`.zero SIZE[, VALUE]`: the value is not stored.
            _ => {
                if v < 0 {
                    return Err((at, format!("size {v} is negative")));
                }
                if p.eat_punct(",") {
                    let _ = self.abs_now(&p.expr()?)?;
                }
                counter
                    .checked_add(v)
                    .ok_or((at, "the output counter overflows".to_string()))?
            }
        };
        self.absolute = Some(next);
        Ok(())
    }

    /// An optional operand: `None` when it is left out (`, ,` or the end).
    fn optional_abs(&mut self, p: &mut Parser) -> PResult<Option<i64>> {
        if p.at_end() || p.is_punct(",") {
            return Ok(None);
        }
        Ok(Some(self.abs_now(&p.expr()?)?))
    }

    fn align(
        &mut self,
        name: &str,
        pow2: bool,
        fill_bytes: u8,
        p: &mut Parser,
        span: Span,
    ) -> PResult<()> {
        let at = p.span();
        let a = self.abs_now(&p.expr()?)?;
        let align = if pow2 {
            if !(0..32).contains(&a) {
                return Err((at, format!("alignment exponent {a} out of range (0-31)")));
            }
            1i64 << a
        } else {
            a
        };
        if align <= 0 || align & (align - 1) != 0 {
            return Err((at, format!("alignment {align} is not a power of two")));
        }
        let (mut fill, mut limit) = (None, None);
        if p.eat_punct(",") {
            fill = self.optional_abs(p)?;
            if p.eat_punct(",") {
                let ls = p.span();
                limit = self.optional_abs(p)?;
                if limit.is_some_and(|l| l < 0) {
                    return Err((ls, format!("{name}: the limit must not be negative")));
                }
            }
        }
        let len = self.sections[self.cur as usize].data.len() as i64;
        let target = (len + align - 1) / align * align;
        let pad = (target - len) as u64;
        if limit.is_some_and(|l| pad > l as u64) {
            // CLRX: an alignment that needs more than LIMIT bytes is not done.
            return Ok(());
        }
        self.output_fits(span, pad)?;
        // Every code section (kernels of .amdcl2 too, not only rawcode's .text) is
        // padded with s_nop, as CLRX does, when it stays dword aligned.
        let is_code = matches!(
            self.kinds.get(self.cur as usize),
            Some(cl2::SecKind::Code(_))
        );
        let data = &mut self.sections[self.cur as usize].data;
        match fill {
            None if is_code && data.len().is_multiple_of(4) && align >= 4 => {
                for _ in 0..pad / 4 {
                    data.extend_from_slice(&S_NOP.to_le_bytes());
                }
            }
            _ => {
                // A pattern wider than a byte repeats whole from where the padding is a
                // multiple of its size; the bytes before that are zeros.
                let v = fill.unwrap_or(0) as u64;
                let size = fill_bytes as u64;
                let lead = pad % size;
                data.resize(data.len() + lead as usize, 0);
                let bytes = v.to_le_bytes();
                for _ in 0..pad / size {
                    data.extend_from_slice(&bytes[..size as usize]);
                }
            }
        }
        Ok(())
    }

    fn fill(&mut self, value_bytes: u8, p: &mut Parser, span: Span) -> PResult<()> {
        let cs = p.span();
        let count = self.abs_now(&p.expr()?)?;
        let (mut size, mut value) = (None, None);
        let mut ss = cs;
        if p.eat_punct(",") {
            ss = p.span();
            size = self.optional_abs(p)?;
            if p.eat_punct(",") {
                value = self.optional_abs(p)?;
            }
        }
        let size = size.unwrap_or(1);
        if count < 0 {
            return Err((cs, format!("repeat count {count} is negative")));
        }
        if !(0..=8).contains(&size) {
            return Err((ss, format!("value size {size} out of range (0-8)")));
        }
        let bytes_out = (count as u64).saturating_mul(size as u64);
        self.output_fits(span, bytes_out)?;
        if size == 0 {
            return Ok(());
        }
        let mut v = value.unwrap_or(0) as u64;
        if value_bytes < 8 {
            // `.fill` keeps the low 4 bytes of the value; wider sizes get zeros above.
            v &= (1u64 << (8 * value_bytes)) - 1;
        }
        let bytes = v.to_le_bytes();
        let data = &mut self.sections[self.cur as usize].data;
        data.reserve(bytes_out as usize);
        for _ in 0..count {
            data.extend_from_slice(&bytes[..size as usize]);
        }
        Ok(())
    }

    fn wide_strings(&mut self, char_bytes: u8, p: &mut Parser, span: Span) -> PResult<()> {
        let width = char_bytes as usize;
        loop {
            let Some(Tok::Str(s)) = p.peek() else {
                return Err((p.span(), "expected a string".into()));
            };
            p.pos += 1;
            let n = (s.len() as u64 + 1).saturating_mul(width as u64);
            self.output_fits(span, n)?;
            let data = &mut self.sections[self.cur as usize].data;
            for &c in s.iter().chain(std::iter::once(&0)) {
                data.push(c);
                data.resize(data.len() + width - 1, 0);
            }
            if !p.eat_punct(",") {
                return Ok(());
            }
        }
    }

    fn query(&self, q: Query) -> i64 {
        match q {
            Query::Bits64 => self.bits64 as i64,
            Query::Arch => self.arch as i64,
            Query::Gpu => {
                let name = self.gpu.unwrap_or_else(|| lowest_device(self.arch));
                kauai_amdbin::device::DEVICES
                    .iter()
                    .position(|d| d.name() == name)
                    .unwrap_or(0) as i64
            }
            Query::Format => match self.format {
                super::Format::RawCode => 2,
                super::Format::AmdCl2 => 3,
                super::Format::Rocm => 4,
                super::Format::Gallium => 1,
                super::Format::Amd => 0,
            },
            // CLRX's policy is its version unless `.policy` sets it.
            Query::Policy => self.policy.unwrap_or(CLRX_VERSION),
            Query::Version => CLRX_VERSION,
        }
    }

    /// `.undef SYMBOL`: forget a symbol; values already emitted that used it keep the
    /// value it had (CLRX resolves them when the symbol is defined).
    fn undef(&mut self, p: &mut Parser) -> PResult<()> {
        let (n, ns) = settable_name(p)?;
        let key = self.sym_key(&n).map(|k| k.into_owned());
        let reg = self.regsyms.contains_key(n.as_str());
        match key {
            Some(k) => {
                self.resolve_fixups_using(&k);
                self.syms.remove(&k);
            }
            None if reg => {
                self.regsyms.remove(n.as_str());
            }
            None => self.warn(ns, format!("symbol '{n}' is not defined")),
        }
        Ok(())
    }

    /// Before `.undef` forgets the symbol stored as `key`: resolve now the fixups that
    /// use it and can be evaluated (CLRX resolves them as soon as their symbols are
    /// defined, so they keep the value the symbol had).
    fn resolve_fixups_using(&mut self, key: &str) {
        let fixups = std::mem::take(&mut self.fixups);
        let mut keep = Vec::with_capacity(fixups.len());
        for f in fixups {
            let mut uses = false;
            super::for_each_sym(&f.expr, &mut |n, _| {
                uses |= n == key || self.sym_key(n).is_some_and(|k| k == key)
            });
            if uses && self.try_eval(&f.expr).is_ok() {
                self.apply_fixup(f);
            } else {
                keep.push(f);
            }
        }
        keep.append(&mut self.fixups);
        self.fixups = keep;
    }

    /// `.enum [>[START],] SYMBOL, ...`: each symbol gets the scope's counter, which
    /// then goes up by one; the symbols cannot be redefined.
    fn enumerate(&mut self, p: &mut Parser) -> PResult<()> {
        let scope = self.scopes.current();
        if p.eat_punct(">") {
            let start = if p.is_punct(",") {
                0
            } else {
                self.abs_now(&p.expr()?)?
            };
            self.enum_counters.insert(scope, start);
            p.expect_punct(",")?;
        }
        loop {
            let (n, ns) = settable_name(p)?;
            let v = self.enum_counters.get(&scope).copied().unwrap_or(0);
            let key = self.def_key(&n).into_owned();
            if self.syms.contains_key(&key) {
                return Err((ns, format!("symbol '{n}' is already defined")));
            }
            self.regsyms.remove(&key);
            self.syms.insert(
                key,
                Sym {
                    val: SymVal::Val(Value::abs(v)),
                    label: true,
                    span: ns,
                },
            );
            self.enum_counters.insert(scope, v.wrapping_add(1));
            if !p.eat_punct(",") {
                return Ok(());
            }
        }
    }
}
