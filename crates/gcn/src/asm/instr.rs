//! Instruction statements: operand parsing, choosing the table row (short VOP forms
//! before VOP3), and building the [`Inst`] plus fixups for values known only later.

use std::borrow::Cow;

use kauai_diag::Span;
use smallvec::SmallVec;

use super::expr::{EvalError, Expr, Parser, Value};
use super::lex::Tok;
use crate::inst::{is_ds2, is_returning_atomic, Inst, Mods, Operand};
use crate::isa::{def, rows_by_name, Arch, Enc, InstrDef, Role};
use crate::operand::{inline_float, inline_int, parse_special, ttmp_range, LITERAL, VCC, VGPR0};
use crate::print::{DFMT_NAMES, HWREG_NAMES, NFMT_NAMES};

/// A parsed operand before it is fitted to a table row.
#[derive(Clone, Debug)]
pub enum POpKind {
    Reg {
        code: u16,
        n: u8,
    },
    Expr(Expr),
    /// `lit(expr)`: force a literal.
    Lit(Expr),
    Off,
    /// A 16-bit immediate computed by `hwreg(...)`, `sendmsg(...)` or waitcnt counters.
    Imm16(u32),
    /// VINTRP `attrN.c` (N << 2 | channel) and `p10`/`p20`/`p0`.
    Attr(u32),
    Param(u32),
    /// EXP target.
    ExpTgt(u32),
    /// GCN 1.5 MIMG non-sequential addresses `[v1, v7, v3]`: one VGPR each.
    VregList(SmallVec<[u16; 13]>),
}

#[derive(Clone, Debug)]
pub struct POp {
    pub kind: POpKind,
    pub neg: bool,
    /// The neg modifier was spelled `neg(x)` (VOP3P takes only `-x`, as in CLRX).
    pub neg_call: bool,
    pub abs: bool,
    /// SDWA `sext(...)`.
    pub sext: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct PMod {
    /// Lowercase name; the known names are static (no allocation per modifier).
    pub name: Cow<'static, str>,
    pub value: Option<Expr>,
    pub list: Vec<String>,
    pub span: Span,
}

/// The bits of an `op_sel`-style modifier: its list (`[1,0,1]`), or CLRX's number
/// form (`op_sel:5`, bit i for element i) as a list of `n` elements.
fn bit_list<'a>(
    md: &'a PMod,
    n: usize,
    eval: impl FnOnce(u32) -> PResult<i64>,
) -> PResult<Cow<'a, [String]>> {
    if md.value.is_none() {
        return Ok(Cow::Borrowed(&md.list));
    }
    let v = eval(n as u32)?;
    Ok(Cow::Owned(
        (0..n).map(|i| ((v >> i) & 1).to_string()).collect(),
    ))
}

/// A value that must be patched into the instruction once symbols are known.
#[derive(Clone, Debug)]
pub struct Fix {
    /// Word index inside the instruction, bit shift and width of the field.
    pub word: usize,
    pub shift: u32,
    pub bits: u32,
    /// Branch: store (target - (pc + 4)) / 4.
    pub pcrel: bool,
    pub expr: Expr,
    /// Keep the low bits with a warning instead of failing (CLRX does this for SMRD
    /// offsets and literals).
    pub truncate: bool,
}

/// Evaluation context given by the assembler.
pub trait Ctx {
    fn eval(&mut self, e: &Expr) -> Result<Value, EvalError>;
    fn arch(&self) -> Arch;
    /// Current section and byte offset of the instruction.
    fn pc(&self) -> (u32, i64);
    /// Report a warning (value truncated, ...).
    fn warn(&mut self, _span: Span, _msg: String) {}
    /// A register symbol (`name = %s[4:7]`): first operand code and count.
    fn reg_symbol(&self, _name: &str) -> Option<(u16, u8)> {
        None
    }
    /// Whether section `s` holds code (its places have plain offsets as values).
    fn is_code_section(&self, _s: u32) -> bool {
        false
    }
    /// A 32-bit literal that is a relocation against global data (`.amdcl2`).
    fn relocation(&mut self, _e: &Expr) -> PResult<Option<Reloc>> {
        Ok(None)
    }
}

/// Relocation of a literal: which half of the address, which section, addend.
pub type Reloc = (kauai_amdbin::RelocKind, kauai_amdbin::RelocTarget, i64);

pub type PResult<T> = Result<T, (Span, String)>;

/// Parse a register name at the parser position, if there is one.
pub fn parse_reg(p: &mut Parser, ctx: &mut dyn Ctx) -> PResult<Option<(u16, u8)>> {
    let Some(name) = p.ident() else {
        return Ok(None);
    };
    if let Some((code, n)) = ctx.reg_symbol(name) {
        // Register symbol, optionally indexed: `x[1]`, `x[1:2]`.
        let span = p.span();
        p.pos += 1;
        if !p.eat_punct("[") {
            return Ok(Some((code, n)));
        }
        let a = const_expr(p, ctx)?;
        let b = if p.eat_punct(":") {
            const_expr(p, ctx)?
        } else {
            a
        };
        p.expect_punct("]")?;
        // CLRX lets an index go past the symbol's own range (`regpool[zx+7]`); only
        // the register file bounds the result.
        let limit = if code >= VGPR0 {
            512
        } else {
            ctx.arch().max_sgprs() as i64
        };
        if a < 0 || b < a || b - a >= 16 || b >= limit - code as i64 {
            return Err((
                span.to(p.prev_span()),
                "register index out of range".to_string(),
            ));
        }
        let _ = n;
        return Ok(Some((code + a as u16, (b - a + 1) as u8)));
    }
    let arch = ctx.arch();
    // Register names are matched by their first byte without allocating: this runs for
    // every operand.
    let b = name.as_bytes();
    let digits = |r: &[u8]| -> Option<u16> {
        if r.is_empty() || r.len() > 5 {
            return None;
        }
        let mut v: u32 = 0;
        for &c in r {
            if !c.is_ascii_digit() {
                return None;
            }
            v = v.checked_mul(10)?.checked_add(u32::from(c - b'0'))?;
        }
        u16::try_from(v).ok()
    };
    let lead = b.first().map(u8::to_ascii_lowercase);
    let found: Option<(&str, Option<u16>)> = match lead {
        Some(b's') | Some(b'v') => {
            let k = if lead == Some(b's') { "s" } else { "v" };
            if b.len() == 1 {
                Some((k, None))
            } else {
                digits(&b[1..]).map(|n| (k, Some(n)))
            }
        }
        Some(b't') if b.len() >= 4 && b[..4].eq_ignore_ascii_case(b"ttmp") => {
            if b.len() == 4 {
                Some(("ttmp", None))
            } else {
                digits(&b[4..]).map(|n| ("ttmp", Some(n)))
            }
        }
        _ => None,
    };
    let (kind, base) = match found {
        Some(x) => x,
        None => {
            if let Some((code, n)) = parse_special(arch, name) {
                let span = p.span();
                p.pos += 1;
                // CLRX's subscripts of a special register: `vcc[0:1]`, `exec[1]`.
                if p.eat_punct("[") {
                    let a = const_expr(p, ctx)?;
                    let b = if p.eat_punct(":") {
                        const_expr(p, ctx)?
                    } else {
                        a
                    };
                    p.expect_punct("]")?;
                    if b < a || a < 0 || b >= i64::from(n) {
                        return Err((
                            span.to(p.prev_span()),
                            format!("register range out of '{name}' (0-{})", n - 1),
                        ));
                    }
                    return Ok(Some((code + a as u16, (b - a + 1) as u8)));
                }
                return Ok(Some((code, n)));
            }
            return Ok(None);
        }
    };
    let span = p.span();
    p.pos += 1;
    let (first, count) = match base {
        Some(n) => (n, 1u16),
        None => {
            if !p.eat_punct("[") {
                return Err((
                    span,
                    format!("expected '[' after '{kind}' for a register range"),
                ));
            }
            let a = const_expr(p, ctx)?;
            let b = if p.eat_punct(":") {
                const_expr(p, ctx)?
            } else {
                a
            };
            p.expect_punct("]")?;
            // Register numbers fit in u16 (the checks below need first + count).
            if b < a || a < 0 || b - a >= 16 || b > i64::from(u16::MAX) - 16 {
                return Err((span.to(p.prev_span()), "bad register range".into()));
            }
            (a as u16, (b - a + 1) as u16)
        }
    };
    // In u32: a single register may be numbered up to u16::MAX.
    let end = u32::from(first) + u32::from(count);
    let code = match kind {
        "v" => {
            if end > 256 {
                return Err((span, "VGPR number out of range (0-255)".into()));
            }
            VGPR0 + first
        }
        "s" => {
            if end > u32::from(arch.max_sgprs()) {
                return Err((
                    span,
                    format!("SGPR number out of range (0-{})", arch.max_sgprs() - 1),
                ));
            }
            first
        }
        _ => {
            let (t0, tn) = ttmp_range(arch);
            if end > u32::from(tn) {
                return Err((span, "TTMP register number out of range".into()));
            }
            t0 + first
        }
    };
    Ok(Some((code, count as u8)))
}

fn const_expr(p: &mut Parser, ctx: &mut dyn Ctx) -> PResult<i64> {
    // Fast path for the common `s[4:7]`: a plain number before `:` or `]`.
    if let (Some(Tok::Int(v)), Some(Tok::Punct(":" | "]"))) = (p.peek(), p.peek_at(1)) {
        if *v <= i64::MAX as u64 {
            p.pos += 1;
            return Ok(*v as i64);
        }
    }
    let e = p.expr()?;
    match ctx.eval(&e) {
        Ok(v) if v.section.is_none() => Ok(v.v),
        Ok(_) => Err((e.span(), "expected an absolute value".into())),
        Err(EvalError::Undefined(n, s)) => Err((
            s,
            format!("symbol '{n}' must be defined before it is used here"),
        )),
        Err(EvalError::Error(s, m)) => Err((s, m)),
    }
}

fn func_args<'a>(p: &mut Parser<'a>) -> PResult<Vec<Vec<(Tok<'a>, Span)>>> {
    p.expect_punct("(")?;
    let mut args = vec![Vec::new()];
    let mut depth = 0;
    loop {
        let Some(t) = p.peek() else {
            return Err((p.span(), "expected ')'".into()));
        };
        let s = p.span();
        p.pos += 1;
        match t {
            Tok::Punct(")") if depth == 0 => break,
            Tok::Punct(",") if depth == 0 => args.push(Vec::new()),
            Tok::Punct("(") => {
                depth += 1;
                if let Some(a) = args.last_mut() {
                    a.push((t.clone(), s));
                }
            }
            Tok::Punct(")") => {
                depth -= 1;
                if let Some(a) = args.last_mut() {
                    a.push((t.clone(), s));
                }
            }
            _ => {
                if let Some(a) = args.last_mut() {
                    a.push((t.clone(), s));
                }
            }
        }
    }
    Ok(args)
}

fn arg_value(arg: &[(Tok, Span)], ctx: &mut dyn Ctx, end: Span) -> PResult<i64> {
    let toks: Vec<super::lex::Token> = arg
        .iter()
        .map(|(t, s)| super::lex::Token {
            tok: t.clone(),
            span: *s,
        })
        .collect();
    let mut sub = Parser::new(&toks, end);
    let v = const_expr(&mut sub, ctx)?;
    if !sub.at_end() {
        return Err((sub.span(), "unexpected text in argument".into()));
    }
    Ok(v)
}

fn arg_name(arg: &[(Tok, Span)]) -> Option<String> {
    match arg {
        [(Tok::Ident(s), _)] => Some(s.to_ascii_lowercase()),
        _ => None,
    }
}

fn parse_hwreg(p: &mut Parser, ctx: &mut dyn Ctx) -> PResult<u32> {
    let span = p.span();
    let args = func_args(p)?;
    if args.len() != 3 {
        return Err((
            span,
            "hwreg needs three arguments: hwreg(reg, offset, size)".into(),
        ));
    }
    let id = match arg_name(&args[0]) {
        Some(n) => {
            // CLRX takes `mode`, `HWREG_MODE`; llvm-mc writes `HW_REG_MODE`.
            let n = n
                .strip_prefix("hw_reg_")
                .or_else(|| n.strip_prefix("hwreg_"))
                .unwrap_or(&n)
                .to_string();
            // CLRX also takes the trap registers without their `sq_shader_` prefix.
            let n = match n.as_str() {
                "tba_lo" | "tba_hi" | "tma_lo" | "tma_hi" => format!("sq_shader_{n}"),
                _ => n,
            };
            // A name exists from the generation that has the register, as the
            // disassembler names them (clrxasm: "Unknown HWRegister" before).
            let arch = ctx.arch();
            match HWREG_NAMES.iter().position(|h| *h == n) {
                Some(i) if crate::print::hwreg_named(arch, i) => i as i64,
                Some(_) => {
                    return Err((
                        span,
                        format!("hwreg '{n}' does not exist on {}", arch.clrx_name()),
                    ))
                }
                _ => arg_value(&args[0], ctx, span)?,
            }
        }
        None => arg_value(&args[0], ctx, span)?,
    };
    let off = arg_value(&args[1], ctx, span)?;
    let size = arg_value(&args[2], ctx, span)?;
    if !(0..64).contains(&id) || !(0..32).contains(&off) || !(1..=32).contains(&size) {
        return Err((
            span,
            "hwreg field out of range (register 0-63, offset 0-31, size 1-32)".into(),
        ));
    }
    Ok(id as u32 | (off as u32) << 6 | ((size - 1) as u32) << 11)
}

fn parse_sendmsg(p: &mut Parser, ctx: &mut dyn Ctx) -> PResult<u32> {
    let span = p.span();
    let args = func_args(p)?;
    // Names with or without the MSG_ / GS_OP_ prefixes (CLRX accepts both).
    let name0 = arg_name(&args[0]);
    let msg = match name0
        .as_deref()
        .map(|n| n.strip_prefix("msg_").unwrap_or(n))
    {
        Some("interrupt") => 1,
        Some("gs") => 2,
        Some("gs_done") => 3,
        Some("system") | Some("sysmsg") => 15,
        // GCN 1.4 messages.
        Some("savewave") => 4,
        Some("stall_wave_gen") => 5,
        Some("halt_waves") => 6,
        Some("ordered_ps_done") => 7,
        Some("early_prim_dealloc") => 8,
        Some("gs_alloc_req") => 9,
        Some("get_doorbell") => 10,
        Some(other)
            if !other.chars().all(|c| c.is_ascii_digit())
                && ctx.eval(&Expr::Sym(other.to_string(), span)).is_err() =>
        {
            return Err((span, format!("unknown message '{other}'")));
        }
        _ => arg_value(&args[0], ctx, span)?,
    };
    // A name exists from the generation that has the message, as the disassembler
    // names them (clrxasm: "Unknown message" before).
    if let Some(n) = name0.as_deref() {
        let n = n.strip_prefix("msg_").unwrap_or(n);
        // (A symbol's value is not a name.)
        let is_name = (0..16).any(|i| crate::print::sendmsg_name(Arch::Gfx9, i) == Some(n));
        let named = (0..16).any(|i| crate::print::sendmsg_name(ctx.arch(), i) == Some(n));
        if is_name && !named {
            let arch = ctx.arch().clrx_name();
            return Err((span, format!("message '{n}' does not exist on {arch}")));
        }
    }
    let mut v = msg as u32 & 15;
    if let Some(a) = args.get(1) {
        // CLRX spells GS operation 3 `emit-cut` (clrxdisasm prints it, clrxasm reads
        // it); `emit_cut` and `gs_op_emit_cut` are taken too.
        let emit_cut = matches!(a.as_slice(),
            [(Tok::Ident(e), _), (Tok::Punct("-"), _), (Tok::Ident(c), _)]
                if e.eq_ignore_ascii_case("emit") && c.eq_ignore_ascii_case("cut"));
        let name = if emit_cut {
            Some("emit_cut".to_string())
        } else {
            arg_name(a)
        };
        let op = match name
            .as_deref()
            .map(|n| n.strip_prefix("gs_op_").unwrap_or(n))
        {
            Some("nop") => 0,
            Some("cut") => 1,
            Some("emit") => 2,
            Some("emit_cut") => 3,
            _ => arg_value(a, ctx, span)?,
        };
        v |= (op as u32 & 7) << 4;
    }
    if let Some(a) = args.get(2) {
        let sid = arg_value(a, ctx, span)?;
        if !(0..4).contains(&sid) {
            ctx.warn(span, "stream id (3rd argument) out of range".into());
        }
        v |= (sid as u32 & 3) << 8;
    }
    Ok(v)
}

fn parse_waitcnt(p: &mut Parser, ctx: &mut dyn Ctx) -> PResult<u32> {
    let arch = ctx.arch();
    let (vm_max, lgkm_max) = arch.waitcnt_max();
    // Every counter at its maximum (no wait).
    let mut v: u32 = (vm_max & 15) | (vm_max & 0x30) << 10 | 7 << 4 | lgkm_max << 8;
    let mut seen = 0u8;
    loop {
        let name = p
            .ident()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let span = p.span();
        p.pos += 1;
        let args = func_args(p)?;
        let n = arg_value(&args[0], ctx, span)? as u32;
        // Out-of-range counts are masked with a warning, and a repeated counter
        // overrides the earlier one (as CLRX does).
        let (max, seen_bit) = match name.as_str() {
            "vmcnt" => (vm_max, 1u8),
            "expcnt" => (7, 2),
            "lgkmcnt" => (lgkm_max, 4),
            _ => (0, 0),
        };
        if seen_bit != 0 {
            if n > max {
                ctx.warn(span, format!("{name} value out of range (0-{max})"));
            }
            if seen & seen_bit != 0 {
                ctx.warn(span, format!("{name} was already defined"));
            }
            seen |= seen_bit;
        }
        let n = n & max;
        match name.as_str() {
            "vmcnt" => v = (v & !0xC00F) | (n & 15) | (n & 0x30) << 10,
            "expcnt" => v = (v & !0x70) | n << 4,
            "lgkmcnt" => v = (v & !(lgkm_max << 8)) | n << 8,
            _ => return Err((span, "expected vmcnt, expcnt or lgkmcnt".into())),
        }
        if !p.eat_punct("&")
            && !matches!(
                p.ident().map(|s| s.to_ascii_lowercase()).as_deref(),
                Some("vmcnt" | "expcnt" | "lgkmcnt")
            )
        {
            break;
        }
    }
    // CLRX prints bits outside the counters as `... :0xVALUE` (the whole value).
    if p.eat_punct(":") {
        let span = p.span();
        let raw = const_expr(p, ctx)?;
        if !(0..=0xFFFF).contains(&raw) {
            return Err((span, "waitcnt value out of range (16 bits)".into()));
        }
        v = raw as u32;
    }
    Ok(v)
}

/// VGPRs of MIMG data: one per enabled channel (two halves per VGPR with d16), plus one
/// with tfe. Gathers always return four values (dmask picks the channel gathered; the
/// GCN 1.4 `_pck` gathers pack eight halves into the four).
pub fn mimg_vdata_width(arch: Arch, name: &str, dmask: u8, tfe: bool, d16: bool) -> u8 {
    let n = if name.starts_with("image_gather") {
        4
    } else {
        (dmask & 15).count_ones().max(1) as u8
    };
    // GCN 1.4 packs two 16-bit components per register; GCN 1.2 keeps one per
    // register (clrxdisasm: `image_sample v[203:206], ... dmask:15 d16` on Tonga).
    // GCN 1.5 gathers keep four registers with d16 (clrxasm).
    let n = if d16 && arch.is_gfx9() && !(arch.is_gfx10() && name.starts_with("image_gather4")) {
        n.div_ceil(2)
    } else {
        n
    };
    n + u8::from(tfe)
}

/// GCN 1.5 MIMG dimensions in encoding order (the DIM field).
pub const MIMG_DIMS: [&str; 8] = [
    "1d",
    "2d",
    "3d",
    "cube",
    "1d_array",
    "2d_array",
    "2d_msaa",
    "2d_msaa_array",
];

/// How many address VGPRs a GCN 1.5 MIMG instruction reads at least (clrxasm's rule):
/// the coordinates of its dimension, plus one each for an offset (`_o`), a depth
/// compare (`_c`), a bias (`_b`), a LOD (`_l`), a LOD clamp (`_cl`) and a mip level
/// (`_mip`), plus the derivatives of `_d`/`_cd` (two per coordinate of 1D, four of
/// 2D and cube, six of 3D).
pub fn mimg_min_addresses(name: &str, dim: u8) -> u8 {
    // dim: 0-7 as MIMG_DIMS.
    let coords = [1, 2, 3, 3, 2, 3, 3, 4][usize::from(dim & 7)];
    let derivs = [2, 4, 6, 4, 2, 4, 4, 4][usize::from(dim & 7)];
    let mut n = coords;
    for part in name.split('_').skip(2) {
        n += match part {
            "o" | "c" | "b" | "l" | "cl" | "mip" => 1,
            "d" | "cd" => derivs,
            _ => 0,
        };
    }
    n
}

/// GCN 1.5 MIMG stores and atomics must set unorm (clrxasm refuses them without).
pub fn mimg_needs_unorm(name: &str) -> bool {
    name.starts_with("image_store") || name.starts_with("image_atomic")
}

/// GCN 1.5 MIMG checks (as clrxasm): `dim` is required, stores and atomics need
/// `unorm`, and the address has at least `mimg_min_addresses` VGPRs.
fn gfx10_mimg_rules(
    name: &str,
    m: &mut Mods,
    vaddr: (Span, u8),
    nsa: &[u8],
    stmt: Span,
) -> PResult<()> {
    if m.dim == 0 {
        return Err((stmt, "GCN 1.5 MIMG instructions need dim:".into()));
    }
    m.dim -= 1;
    if mimg_needs_unorm(name) && !m.unorm {
        return Err((stmt, "stores and atomics need unorm".into()));
    }
    let need = mimg_min_addresses(name, m.dim);
    if vaddr.1 < need {
        return Err((
            vaddr.0,
            format!("{name} with this dim: needs at least {need} address registers"),
        ));
    }
    m.nsa_len = nsa.len() as u8;
    m.nsa[..nsa.len()].copy_from_slice(nsa);
    Ok(())
}

/// EXP target names: mrt0-7, mrtz, null, pos0-3, param0-31.
fn exp_target(t: &str) -> Option<u32> {
    let num = |r: &str, max: u32| {
        r.parse::<u32>()
            .ok()
            .filter(|v| *v <= max && !r.starts_with('+'))
    };
    match t {
        "mrtz" => Some(8),
        "null" => Some(9),
        _ => {
            if let Some(r) = t.strip_prefix("mrt") {
                num(r, 7)
            } else if let Some(r) = t.strip_prefix("pos") {
                num(r, 3).map(|v| v + 12)
            } else if let Some(r) = t.strip_prefix("param") {
                num(r, 31).map(|v| v + 32)
            } else {
                None
            }
        }
    }
}

/// `s` in lowercase, in `buf` (no allocation); "" when longer than any keyword.
fn ascii_lower<'b>(s: &str, buf: &'b mut [u8; 32]) -> &'b str {
    if s.len() > buf.len() {
        return "";
    }
    for (d, c) in buf.iter_mut().zip(s.bytes()) {
        *d = c.to_ascii_lowercase();
    }
    std::str::from_utf8(&buf[..s.len()]).unwrap_or("")
}

/// Parse one operand.
/// `exp` enables export-target names (`mrt0`, `pos1`, ...), which are otherwise symbols.
pub fn parse_operand(p: &mut Parser, ctx: &mut dyn Ctx, exp: bool) -> PResult<POp> {
    let start = p.span();
    let mut neg = false;
    let mut abs = false;
    // SDWA `sext(...)` may wrap the neg/abs forms: `sext(-abs(v1))`.
    let outer_sext = p.ident().is_some_and(|s| s.eq_ignore_ascii_case("sext"))
        && matches!(p.peek_at(1), Some(Tok::Punct("(")));
    if outer_sext {
        p.pos += 2;
    }
    // `-` before a register or `|`/abs() is the VOP3 neg modifier.
    if p.is_punct("-") {
        let next_is_reg = match p.peek_at(1) {
            Some(Tok::Ident(n)) => {
                let save = p.pos;
                p.pos += 1;
                // A register name, even one out of range (whose error then names it).
                let r = !matches!(parse_reg(p, ctx), Ok(None));
                p.pos = save;
                r || n.eq_ignore_ascii_case("abs") || n.eq_ignore_ascii_case("sext")
            }
            Some(Tok::Punct("|")) => true,
            _ => false,
        };
        if next_is_reg {
            p.pos += 1;
            neg = true;
        }
    }
    let mut close_bar = false;
    let mut close_paren = false;
    // `neg(x)`: the neg modifier spelled out (needed on constants, where `-` negates).
    let mut close_neg = false;
    if !neg
        && p.ident().is_some_and(|s| s.eq_ignore_ascii_case("neg"))
        && matches!(p.peek_at(1), Some(Tok::Punct("(")))
    {
        p.pos += 2;
        neg = true;
        close_neg = true;
    }
    if p.eat_punct("|") {
        abs = true;
        close_bar = true;
    } else if p.ident().is_some_and(|s| s.eq_ignore_ascii_case("abs"))
        && matches!(p.peek_at(1), Some(Tok::Punct("(")))
    {
        p.pos += 2;
        abs = true;
        close_paren = true;
    }
    let mut close_sext = false;
    let mut sext = outer_sext;
    if !outer_sext
        && p.ident().is_some_and(|s| s.eq_ignore_ascii_case("sext"))
        && matches!(p.peek_at(1), Some(Tok::Punct("(")))
    {
        p.pos += 2;
        sext = true;
        close_sext = true;
    }
    let mut lbuf = [0u8; 32];
    let kind = if !neg && !abs && !sext && p.is_punct("[") {
        p.pos += 1;
        let mut list = SmallVec::new();
        loop {
            let s = p.span();
            match parse_reg(p, ctx)? {
                Some((code, 1)) if code >= VGPR0 && list.len() < 13 => list.push(code),
                Some((code, 1)) if code >= VGPR0 => {
                    return Err((s, "at most 13 addresses in a list".into()))
                }
                _ => return Err((s, "expected a single vector register".into())),
            }
            if !p.eat_punct(",") {
                break;
            }
        }
        p.expect_punct("]")?;
        POpKind::VregList(list)
    } else if let Some((code, n)) = parse_reg(p, ctx)? {
        POpKind::Reg { code, n }
    } else if let Some(id) = p.ident().map(|s| ascii_lower(s, &mut lbuf)) {
        match id {
            "off" => {
                p.pos += 1;
                POpKind::Off
            }
            t if exp && exp_target(t).is_some() => {
                p.pos += 1;
                POpKind::ExpTgt(exp_target(t).unwrap_or(0))
            }
            "p10" | "p20" | "p0" => {
                p.pos += 1;
                POpKind::Param(match id {
                    "p10" => 0,
                    "p20" => 1,
                    _ => 2,
                })
            }
            a if a.starts_with("attr") && a.len() > 6 && a.as_bytes()[a.len() - 2] == b'.' => {
                let span = p.span();
                let n: u32 = a[4..a.len() - 2]
                    .parse()
                    .map_err(|_| (span, "expected attrN.x/y/z/w".to_string()))?;
                let c = "xyzw"
                    .find(&a[a.len() - 1..])
                    .ok_or((span, "attribute channel must be x, y, z or w".to_string()))?
                    as u32;
                if n > 63 {
                    return Err((span, "attribute number out of range (0-63)".into()));
                }
                p.pos += 1;
                POpKind::Attr(n << 2 | c)
            }
            "lit" if matches!(p.peek_at(1), Some(Tok::Punct("("))) => {
                p.pos += 1;
                p.expect_punct("(")?;
                let e = p.expr()?;
                p.expect_punct(")")?;
                POpKind::Lit(e)
            }
            "hwreg" if matches!(p.peek_at(1), Some(Tok::Punct("("))) => {
                p.pos += 1;
                POpKind::Imm16(parse_hwreg(p, ctx)?)
            }
            "sendmsg" if matches!(p.peek_at(1), Some(Tok::Punct("("))) => {
                p.pos += 1;
                POpKind::Imm16(parse_sendmsg(p, ctx)?)
            }
            "vmcnt" | "expcnt" | "lgkmcnt" if matches!(p.peek_at(1), Some(Tok::Punct("("))) => {
                POpKind::Imm16(parse_waitcnt(p, ctx)?)
            }
            _ => POpKind::Expr(p.expr()?),
        }
    } else if close_bar {
        // Inside |...| a full expression would take the closing bar as OR.
        POpKind::Expr(p.unary()?)
    } else {
        POpKind::Expr(p.expr()?)
    };
    if close_sext {
        p.expect_punct(")")?;
    }
    if close_bar {
        p.expect_punct("|")?;
    }
    if close_paren {
        p.expect_punct(")")?;
    }
    if close_neg {
        p.expect_punct(")")?;
    }
    if outer_sext {
        p.expect_punct(")")?;
    }
    Ok(POp {
        kind,
        neg,
        neg_call: close_neg,
        abs,
        sext,
        span: start.to(p.prev_span()),
    })
}

/// Parse the operand list and trailing modifiers of an instruction statement.
pub fn parse_operands(
    p: &mut Parser,
    ctx: &mut dyn Ctx,
    exp: bool,
    ops: &mut POps,
    mods: &mut PMods,
) -> PResult<()> {
    if !p.at_end() && !is_modifier_start(p) {
        loop {
            ops.push(parse_operand(p, ctx, exp && ops.is_empty())?);
            if !p.eat_punct(",") {
                break;
            }
        }
    }
    while !p.at_end() {
        let span = p.span();
        let Some(name) = p.ident().map(modifier_name) else {
            return Err((span, "expected a modifier or end of statement".into()));
        };
        p.pos += 1;
        let mut m = PMod {
            name,
            value: None,
            list: Vec::new(),
            span,
        };
        if p.eat_punct(":") {
            if m.name == "dim" {
                // GCN 1.5 MIMG dimension: `2d_msaa` lexes as 2 and `d_msaa`.
                let mut t = String::new();
                if let Some(Tok::Int(v)) = p.peek() {
                    t.push_str(&v.to_string());
                    p.pos += 1;
                }
                if let Some(Tok::Ident(x)) = p.peek() {
                    if t.is_empty() || x.starts_with('d') {
                        t.push_str(&x.to_ascii_lowercase());
                        p.pos += 1;
                    }
                }
                m.list.push(t);
            } else if p.eat_punct("[") {
                loop {
                    let s = p.span();
                    let t = match p.peek() {
                        Some(Tok::Ident(x)) => x.to_ascii_lowercase(),
                        Some(Tok::Int(v)) => v.to_string(),
                        _ => return Err((s, "expected a format name or number".into())),
                    };
                    p.pos += 1;
                    // DFMT names such as 8_8 lex as an integer and an identifier.
                    let mut t = t;
                    while let Some(Tok::Ident(x)) = p.peek() {
                        if x.starts_with('_') {
                            t.push_str(&x.to_ascii_lowercase());
                            p.pos += 1;
                        } else {
                            break;
                        }
                    }
                    m.list.push(t);
                    if !p.eat_punct(",") {
                        break;
                    }
                }
                p.expect_punct("]")?;
            } else {
                m.value = Some(p.expr()?);
            }
        }
        m.span = span.to(p.prev_span());
        // Flags with an explicit value (`glc:0`, `nv:1`): 0 drops the flag.
        const FLAGS: [&str; 22] = [
            "glc", "slc", "tfe", "lds", "gds", "nv", "offen", "idxen", "addr64", "unorm", "da",
            "r128", "a16", "lwe", "d16", "clamp", "done", "vm", "vop3", "compr", "fi", "dlc",
        ];
        if FLAGS.contains(&m.name.as_ref()) {
            if let Some(Expr::Int(v, _)) = m.value {
                m.value = None;
                if v == 0 {
                    continue;
                }
            }
        }
        // CLRX spellings with the same meaning.
        match m.name.as_ref() {
            "dst_un" => m.name = Cow::Borrowed("dst_unused"),
            "row_hmirror" => m.name = Cow::Borrowed("row_half_mirror"),
            "row_bcast15" | "row_bcast31" => {
                let v = if m.name == "row_bcast15" { 15 } else { 31 };
                m.name = Cow::Borrowed("row_bcast");
                m.value = Some(Expr::Int(v, m.span));
            }
            "wave_shl" | "wave_rol" | "wave_shr" | "wave_ror" if m.value.is_none() => {
                m.value = Some(Expr::Int(1, m.span));
            }
            _ => {}
        }
        mods.push(m);
    }
    Ok(())
}

fn is_modifier_start(p: &Parser) -> bool {
    let Some(id) = p.ident() else {
        return false;
    };
    if matches!(p.peek_at(1), Some(Tok::Punct(":"))) {
        return true;
    }
    const FLAGS: [&str; 10] = [
        "vop3", "glc", "slc", "gds", "tfe", "offen", "idxen", "addr64", "clamp", "nv",
    ];
    FLAGS.iter().any(|f| f.eq_ignore_ascii_case(id))
        && !matches!(p.peek_at(1), Some(Tok::Punct(",")))
}

/// Operands of one statement (most instructions have at most six).
pub type POps = SmallVec<[POp; 6]>;
pub type PMods = SmallVec<[PMod; 4]>;

/// Every modifier name the assembler knows besides [`DPP_MODS`], so that the usual
/// ones need no allocation.
const MODIFIER_NAMES: [&str; 53] = [
    "dpp8",
    "fi",
    "dlc",
    "vop3",
    "op_sel",
    "op_sel_hi",
    "neg_lo",
    "neg_hi",
    "dst_sel",
    "src0_sel",
    "src1_sel",
    "dst_unused",
    "dst_un",
    "abs",
    "neg",
    "sext",
    "row_hmirror",
    "row_bcast15",
    "row_bcast31",
    "clamp",
    "mul",
    "div",
    "omod",
    "glc",
    "slc",
    "tfe",
    "nv",
    "lds",
    "offen",
    "idxen",
    "addr64",
    "dmask",
    "unorm",
    "da",
    "lwe",
    "r128",
    "a16",
    "d16",
    "done",
    "vm",
    "compr",
    "gds",
    "offset",
    "offset0",
    "offset1",
    "format",
    "inst_offset",
    "soe",
    "nfmt",
    "dfmt",
    "high",
    "sdwa",
    "dpp",
];

/// Lowercase modifier name: static for known names, allocated otherwise.
fn modifier_name(s: &str) -> Cow<'static, str> {
    match MODIFIER_NAMES
        .iter()
        .chain(&DPP_MODS)
        .find(|n| n.eq_ignore_ascii_case(s))
    {
        Some(n) => Cow::Borrowed(n),
        None => Cow::Owned(s.to_ascii_lowercase()),
    }
}

/// Floating-point type of an instruction's source operands, from its mnemonic.
pub fn float_kind(name: &str) -> Option<char> {
    let ty = if name.starts_with("v_cvt_") && name.split('_').count() >= 4 {
        name.rsplit('_').next()?
    } else {
        name.rsplit('_')
            .find(|p| p.starts_with('f') && p.len() == 3)?
    };
    match ty {
        "f16" => Some('h'),
        "f32" => Some('s'),
        "f64" => Some('l'),
        _ => None,
    }
}

fn float_bits(v: f64, kind: char) -> u32 {
    match kind {
        // IEEE half, round to nearest even, as CLRX converts.
        'h' => u32::from(half::f16::from_f32(v as f32).to_bits()),
        'l' => (v.to_bits() >> 32) as u32,
        _ => (v as f32).to_bits(),
    }
}

struct Build<'a> {
    /// Immediates that do not fit are truncated with a warning (SMRD offsets).
    truncate: bool,
    /// The row slot whose SGPR alignment rule applies to the current operand (`None`:
    /// the general rule, as for a scalar-instruction source).
    align: Option<Role>,
    arch: Arch,
    d: &'static InstrDef,
    fixes: Vec<Fix>,
    lit: Option<u32>,
    lit_fix: Option<Expr>,
    lit_reloc: Option<(Reloc, Span)>,
    ctx: &'a mut dyn Ctx,
}

#[derive(Copy, Clone, PartialEq)]
enum Slot {
    /// Scalar or vector source that may be a constant or literal.
    Src { literal_ok: bool },
    /// Scalar register only (destinations, bases).
    Sreg,
    /// Vector register only.
    Vreg,
}

impl Build<'_> {
    fn value(&mut self, op: &POp, slot: Slot, dwords: u8) -> PResult<Operand> {
        match &op.kind {
            POpKind::Reg { code, n } => {
                let is_v = *code >= VGPR0;
                // Operands (unlike register-symbol pools) must be aligned SGPR groups
                // where CLRX requires it.
                if *code < self.arch.max_sgprs() {
                    let slot = self.align.map(|role| (self.d, role));
                    crate::inst::sgpr_range_ok(self.arch, slot, *code, u16::from(*n))
                        .map_err(|m| (op.span, m.to_string()))?;
                }
                match slot {
                    Slot::Sreg if is_v => {
                        return Err((op.span, "expected a scalar register".into()))
                    }
                    Slot::Vreg if !is_v => {
                        return Err((op.span, "expected a vector register".into()))
                    }
                    _ => {}
                }
                let is_const = (128..=254).contains(code);
                // GCN 1.5's `null` stands for an operand of any width.
                let null = *code == crate::operand::NULL && self.arch.is_gfx10();
                if *n != dwords && !(is_const && *n == 1) && !null {
                    return Err((op.span, format!("expected {dwords} register(s), got {n}")));
                }
                if is_const && matches!(slot, Slot::Sreg | Slot::Vreg) && *code != 253 {
                    return Err((op.span, "expected a register".into()));
                }
                Ok(Operand::Code(*code))
            }
            POpKind::Off => Err((op.span, "'off' is not allowed here".into())),
            POpKind::Imm16(_) | POpKind::Attr(_) | POpKind::Param(_) | POpKind::ExpTgt(_) => {
                Err((op.span, "unexpected special operand".into()))
            }
            POpKind::VregList(_) => Err((
                op.span,
                "an address list is only allowed as a GCN 1.5 MIMG address".into(),
            )),
            POpKind::Expr(e) | POpKind::Lit(e) => {
                let forced = matches!(op.kind, POpKind::Lit(_));
                let Slot::Src { literal_ok } = slot else {
                    return Err((op.span, "expected a register".into()));
                };
                if let Some(r) = self.ctx.relocation(e)? {
                    if !literal_ok {
                        return Err((
                            op.span,
                            "Can't resolve expression for non 32-bit integer".into(),
                        ));
                    }
                    self.lit_reloc = Some((r, op.span));
                    return self.set_lit(super::cl2::RELOC_FILL, op.span);
                }
                if let Expr::Float(v, suffix, _) = e {
                    // A vector instruction without a float type reads a double into a
                    // 64-bit operand (clrxasm: the literal is its high half); scalar ones
                    // read singles.
                    let valu = !matches!(self.d.enc, Enc::Sop1 | Enc::Sop2 | Enc::Sopc | Enc::Sopk);
                    let own = float_kind(self.d.name).unwrap_or(if dwords == 2 && valu {
                        'l'
                    } else {
                        's'
                    });
                    let kind = suffix.unwrap_or(own);
                    // A value of another float type (`1.0h` for a 32-bit operand) is that
                    // type's bits as a literal, as clrxasm writes it, never an inline
                    // constant of this instruction's type.
                    if !forced && kind == own {
                        if let Some(c) = inline_float(self.arch, *v) {
                            return Ok(Operand::Code(c));
                        }
                    }
                    if !literal_ok {
                        return Err((op.span, "a literal is not allowed in this operand".into()));
                    }
                    return self.set_lit(float_bits(*v, kind), op.span);
                }
                match self.ctx.eval(e) {
                    // A place in code is its offset there (CLRX resolves code sections).
                    Ok(v) if v.section.is_none_or(|s| self.ctx.is_code_section(s)) => {
                        if !forced {
                            if let Some(c) = inline_int(v.v) {
                                return Ok(Operand::Code(c));
                            }
                        }
                        if !(-(1i64 << 31)..(1i64 << 32)).contains(&v.v) {
                            // CLRX keeps the low 32 bits and warns.
                            self.ctx.warn(
                                op.span,
                                format!("value {:#x} truncated to {:#x}", v.v, v.v as u32),
                            );
                        }
                        if !literal_ok {
                            return Err((
                                op.span,
                                "a literal is not allowed in this operand".into(),
                            ));
                        }
                        self.set_lit(v.v as u32, op.span)
                    }
                    Ok(_) => Err((
                        op.span,
                        "Can't resolve expression for non 32-bit integer".into(),
                    )),
                    Err(EvalError::Undefined(..)) if literal_ok => {
                        if self.lit.is_some() || self.lit_fix.is_some() {
                            return Err((
                                op.span,
                                "only one literal is allowed per instruction".into(),
                            ));
                        }
                        self.lit_fix = Some(e.clone());
                        Ok(Operand::Lit(0))
                    }
                    Err(EvalError::Undefined(n, s)) => Err((
                        s,
                        format!("symbol '{n}' must be defined before use in this operand"),
                    )),
                    Err(EvalError::Error(s, m)) => Err((s, m)),
                }
            }
        }
    }

    fn set_lit(&mut self, v: u32, span: Span) -> PResult<Operand> {
        if self.lit.is_some() || self.lit_fix.is_some() {
            return Err((span, "only one literal is allowed per instruction".into()));
        }
        self.lit = Some(v);
        Ok(Operand::Lit(v))
    }

    /// An immediate field: value now, or a fixup when a symbol is not known yet.
    fn imm(
        &mut self,
        op: &POp,
        word: usize,
        shift: u32,
        bits: u32,
        signed_ok: bool,
    ) -> PResult<Operand> {
        match &op.kind {
            POpKind::Imm16(v) => Ok(Operand::Imm(*v)),
            POpKind::Expr(e) => match self.ctx.eval(e) {
                Ok(v) if v.section.is_none() => {
                    let lo = if signed_ok { -(1i64 << (bits - 1)) } else { 0 };
                    if (v.v < lo || v.v >= (1i64 << bits)) && self.truncate {
                        let m = (1u64 << bits) - 1;
                        self.ctx.warn(
                            op.span,
                            format!("value {:#x} truncated to {:#x}", v.v, v.v as u64 & m),
                        );
                    } else if v.v < lo || v.v >= (1i64 << bits) {
                        return Err((
                            op.span,
                            format!("value {} out of range for a {bits}-bit field", v.v),
                        ));
                    }
                    Ok(Operand::Imm((v.v as u64 & ((1u64 << bits) - 1)) as u32))
                }
                Ok(_) => Err((op.span, "expected an absolute value".into())),
                Err(EvalError::Undefined(..)) => {
                    self.fixes.push(Fix {
                        word,
                        shift,
                        bits,
                        pcrel: false,
                        expr: e.clone(),
                        truncate: self.truncate,
                    });
                    Ok(Operand::Imm(0))
                }
                Err(EvalError::Error(s, m)) => Err((s, m)),
            },
            _ => Err((op.span, "expected an immediate value".into())),
        }
    }

    fn label(&mut self, op: &POp) -> PResult<Operand> {
        let POpKind::Expr(e) = &op.kind else {
            return Err((op.span, "expected a branch target".into()));
        };
        let (sec, pc) = self.ctx.pc();
        match self.ctx.eval(e) {
            Ok(v) => {
                let d = match v.section {
                    Some(s) if s == sec => v.v - (pc + 4),
                    Some(_) => return Err((op.span, "branch target is in another section".into())),
                    // An absolute target is an offset from the start of the section.
                    None => v.v - (pc + 4),
                };
                // As for targets defined later (asm/mod.rs), and as clrxasm ("Jump is
                // not aligned to word!"): the offset counts words.
                if d % 4 != 0 {
                    return Err((op.span, "branch target is not aligned to 4 bytes".into()));
                }
                let off = d / 4;
                if !(-32768..32768).contains(&off) {
                    return Err((op.span, "branch target out of range".into()));
                }
                Ok(Operand::Imm(off as u16 as u32))
            }
            Err(EvalError::Undefined(..)) => {
                self.fixes.push(Fix {
                    word: 0,
                    shift: 0,
                    bits: 16,
                    pcrel: true,
                    expr: e.clone(),
                    truncate: false,
                });
                Ok(Operand::Imm(0))
            }
            Err(EvalError::Error(s, m)) => Err((s, m)),
        }
    }
}

/// Result of matching a statement to a row.
pub struct Built {
    pub inst: Inst,
    pub fixes: Vec<Fix>,
    /// Literal known only later: patch the instruction's last word.
    pub lit_fix: Option<Expr>,
    /// The literal is relocated (`.amdcl2` global data address).
    pub lit_reloc: Option<(Reloc, Span)>,
    /// Registers the instruction writes (first operand code, count), for a kernel's
    /// default register counts.
    pub written: SmallVec<[(u16, u8); 2]>,
}

/// Modifiers of the DPP form (VOP1/VOP2/VOPC only).
const DPP_MODS: [&str; 16] = [
    "row_share",
    "row_xmask",
    "quad_perm",
    "row_shl",
    "row_shr",
    "row_ror",
    "wave_shl",
    "wave_rol",
    "wave_shr",
    "wave_ror",
    "row_mirror",
    "row_half_mirror",
    "row_bcast",
    "row_mask",
    "bank_mask",
    "bound_ctrl",
];

/// Build an instruction for one row from parsed operands and modifiers.
fn build_row(
    row: u16,
    ops: &[POp],
    mods: &[PMod],
    ctx: &mut dyn Ctx,
    stmt: Span,
    force_sdwa: bool,
    force_dpp: bool,
) -> PResult<Built> {
    let arch = ctx.arch();
    let d = def(row);
    let sdwa = matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
        && (force_sdwa
            || ops.iter().any(|o| o.sext)
            || mods.iter().any(|m| {
                matches!(
                    m.name.as_ref(),
                    "dst_sel" | "dst_unused" | "src0_sel" | "src1_sel" | "sdwa"
                )
            }));
    let dpp = matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
        && (force_dpp
            || mods
                .iter()
                .any(|m| DPP_MODS.contains(&m.name.as_ref()) || m.name == "dpp"));
    // GCN 1.5 DPP8: `dpp8:[l0,...,l7]` (each lane of eight reads lane lN).
    let dpp8 =
        matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) && mods.iter().any(|m| m.name == "dpp8");
    // Before the operands, whose register counts (`v_cmp_class_f64 vcc, v[1:2], v[3:4]
    // quad_perm:...`) would otherwise hide the rule.
    if dpp && arch.is_vi_plus() && crate::inst::dpp_wide_operand(arch, d) {
        return Err((
            stmt,
            format!(
                "DPP is illegal for {}: it takes only 32-bit operands",
                d.name
            ),
        ));
    }
    let mut d8 = crate::inst::Dpp8::default();
    let mut dp = crate::inst::Dpp {
        ctrl: 0xE4,
        bound_ctrl: false,
        bank_mask: 15,
        row_mask: 15,
        fi: false,
    };
    let mut sd = crate::inst::Sdwa {
        dst_sel: 6,
        dst_unused: 0,
        src0_sel: 6,
        src1_sel: 6,
        sext: 0,
    };
    // A compare has no SDWA destination: GCN 1.4 uses those bits for an SGPR
    // destination; before, they hold dst_sel/dst_unused, zero unless given (llvm-mc's
    // encoding; clrxasm writes dword there, see CLRX_LOSSY.md).
    if d.enc == Enc::Vopc {
        sd.dst_sel = 0;
    }
    if d.enc == Enc::Vop1 {
        sd.src1_sel = 0;
    }
    let mut b = Build {
        truncate: false,
        align: None,
        arch,
        d,
        fixes: Vec::new(),
        lit: None,
        lit_fix: None,
        lit_reloc: None,
        ctx,
    };
    let mut m = Mods::default();
    let mut vals = crate::inst::Operands::new();
    let text_ops = d.ops.iter().filter(|s| s.role != Role::Gds).count();
    let mut opi = 0usize;
    let mem_extra =
        matches!(d.enc, Enc::Mubuf | Enc::Mtbuf) && !(d.ops.is_empty() && ops.is_empty());
    let mut expected = text_ops
        + if mem_extra { 3 } else { 0 }
        + usize::from(matches!(d.enc, Enc::Global | Enc::Scratch));
    // Returning atomics (FLAT/GLOBAL) write their destination only with glc.
    let has_glc = mods.iter().any(|x| x.name == "glc");
    // CLRX always writes the destination; llvm-mc leaves it out without glc.
    let skip_vdst = matches!(d.enc, Enc::Flat | Enc::Global | Enc::Scratch)
        && is_returning_atomic(d)
        && !has_glc
        && d.ops.iter().any(|s| s.role == Role::Vdst)
        && ops.len() + 1 == expected;
    if skip_vdst {
        expected -= 1;
    }
    if ops.len() != expected {
        return Err((
            stmt,
            format!("{} takes {expected} operand(s), got {}", d.name, ops.len()),
        ));
    }
    let vop3 = d.enc == Enc::Vop3;
    let vop3p = d.enc == Enc::Vop3p;
    // MIMG register widths follow the modifiers: vdata = enabled channels (+1 with tfe).
    let has_mod = |n: &str| mods.iter().any(|m| m.name == n);
    let mut mimg_dmask: u8 = 1; // CLRX default (llvm-mc: 0)
    if d.enc == Enc::Mimg {
        if let Some(md) = mods.iter().find(|m| m.name == "dmask") {
            let e = md
                .value
                .as_ref()
                .ok_or((md.span, "dmask needs a value".to_string()))?;
            match b.ctx.eval(e) {
                // clrxasm: "Zero in dmask is illegal".
                Ok(v) if v.section.is_none() && (1..16).contains(&v.v) => mimg_dmask = v.v as u8,
                _ => return Err((md.span, "dmask must be a constant 1-15".into())),
            }
        }
    }
    let mimg_r128 = has_mod("r128") || has_mod("a16");
    let mimg_vdata_w = mimg_vdata_width(arch, d.name, mimg_dmask, has_mod("tfe"), has_mod("d16"));
    // GCN 1.5 MIMG address: its span and register count, and the non-sequential
    // addresses after the first.
    let mut mimg_vaddr = (stmt, 0u8);
    // A buffer address register range as written (checked against idxen/offen/addr64).
    let mut buf_vaddr: Option<(Span, u8)> = None;
    let mut mimg_nsa: SmallVec<[u8; 12]> = SmallVec::new();
    // Registers named in the text per operand slot: (slot, first code, count).
    let mut named: SmallVec<[(usize, u16, u8); 6]> = SmallVec::new();
    // GLOBAL with an SGPR base takes a 32-bit VGPR offset instead of a 64-bit address.
    let global_saddr = d.enc == Enc::Global
        && matches!(ops.last().map(|o| &o.kind), Some(POpKind::Reg { code, .. }) if *code < VGPR0);
    for spec in d.ops.iter() {
        if spec.role == Role::Gds {
            vals.push(Operand::Absent);
            continue;
        }
        if spec.role == Role::Vdst && skip_vdst {
            vals.push(Operand::Absent);
            continue;
        }
        let op = &ops[opi];
        opi += 1;
        b.align = Some(spec.role);
        let sdwa_src = (sdwa || dpp || dpp8) && matches!(spec.role, Role::Src0 | Role::Vsrc1);
        if sdwa_src {
            // SDWA sources: VGPRs with neg/abs/sext modifiers.
            let k = u8::from(spec.role == Role::Vsrc1);
            // GCN 1.4 SDWA also takes scalar registers and constants (no literal).
            let slot = if sdwa && arch.is_gfx9() {
                Slot::Src { literal_ok: false }
            } else {
                Slot::Vreg
            };
            let v = b.value(op, slot, spec.dwords)?;
            m.neg |= u8::from(op.neg) << k;
            m.abs |= u8::from(op.abs) << k;
            sd.sext |= u8::from(op.sext) << k;
            vals.push(v);
            continue;
        }
        if op.sext {
            return Err((op.span, "sext() is only allowed on SDWA sources".into()));
        }
        let vop_src = matches!(spec.role, Role::Src0 | Role::Src1 | Role::Src2);
        // VOP3P takes `-x` (CLRX: neg_lo for that source) but no abs.
        let neg_ok = vop_src && (vop3 || (vop3p && !op.neg_call));
        if (op.neg && !neg_ok) || (op.abs && !(vop3 && vop_src)) {
            return Err((
                op.span,
                "abs/neg modifiers are only allowed on VOP3 sources".into(),
            ));
        }
        let short_src = matches!(
            d.enc,
            Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Vop1 | Enc::Vop2 | Enc::Vopc
        );
        let v = match spec.role {
            Role::Vdata if d.enc == Enc::Mimg => b.value(op, Slot::Vreg, mimg_vdata_w)?,
            // tfe returns one more VGPR on GCN 1.1/1.2 FLAT loads and atomics.
            Role::Vdst if d.enc == Enc::Flat && has_mod("tfe") => {
                b.value(op, Slot::Vreg, spec.dwords + 1)?
            }
            Role::Vdata if matches!(d.enc, Enc::Mubuf | Enc::Mtbuf) => {
                // tfe returns one more VGPR (CLRX counts it in the data range).
                b.value(op, Slot::Vreg, spec.dwords + u8::from(has_mod("tfe")))?
            }
            Role::Vaddr => match &op.kind {
                POpKind::Reg { code, n } if *code >= VGPR0 => {
                    mimg_vaddr = (op.span, *n);
                    b.value(op, Slot::Vreg, *n)?
                }
                POpKind::VregList(list) if d.enc == Enc::Mimg && arch.is_gfx10() => {
                    mimg_vaddr = (op.span, list.len() as u8);
                    mimg_nsa.extend(list.iter().skip(1).map(|&c| (c - VGPR0) as u8));
                    Operand::Code(list[0])
                }
                _ => return Err((op.span, "expected VGPRs for the image address".into())),
            },
            // GCN 1.4's a16 (the r128 bit) keeps the 8-register resource.
            Role::Srsrc => b.value(
                op,
                Slot::Sreg,
                if mimg_r128 && (!arch.is_gfx9() || arch.is_gfx10()) {
                    4
                } else {
                    8
                },
            )?,
            Role::Ssamp => b.value(op, Slot::Sreg, 4)?,
            Role::Vcc if sdwa && arch.is_gfx9() && d.enc == Enc::Vopc => {
                b.value(op, Slot::Sreg, 2)?
            }
            Role::Vcc => match op.kind {
                POpKind::Reg { code: VCC, n: 2 } => Operand::Code(VCC),
                _ => return Err((op.span, "expected vcc".into())),
            },
            Role::Sdst | Role::Sdata | Role::Sbase | Role::Sdstv => {
                b.value(op, Slot::Sreg, spec.dwords)?
            }
            // GCN 1.0/1.1 v_readlane/v_writelane lane select: a literal too (clrxasm).
            Role::Ssrc1v => {
                let v = b.value(op, Slot::Src { literal_ok: true }, 1)?;
                if matches!(v, Operand::Code(c) if c >= VGPR0) {
                    return Err((op.span, "expected a scalar register or constant".into()));
                }
                v
            }
            Role::Ssrc0 | Role::Ssrc1 => {
                let v = b.value(op, Slot::Src { literal_ok: true }, spec.dwords)?;
                if matches!(v, Operand::Code(c) if c >= VGPR0) {
                    return Err((op.span, "expected a scalar operand".into()));
                }
                v
            }
            Role::Src0 | Role::Src1 | Role::Src2 => {
                // GCN 1.5 VOP3/VOP3P instructions take a 32-bit literal too (not the
                // VOP3 forms of short instructions).
                let v = b.value(
                    op,
                    Slot::Src {
                        literal_ok: short_src || crate::inst::vop3_literal_ok(arch, d),
                    },
                    spec.dwords,
                )?;
                if vop3 || vop3p {
                    // Bit k of abs/neg is source field k (`v_interp_*_f16` has no
                    // src0: its attribute takes that field).
                    let k = match spec.role {
                        Role::Src0 => 0,
                        Role::Src1 => 1,
                        _ => 2,
                    };
                    if op.neg {
                        m.neg |= 1 << k;
                    }
                    if op.abs {
                        m.abs |= 1 << k;
                    }
                }
                v
            }
            Role::Addr if global_saddr => b.value(op, Slot::Vreg, 1)?,
            // With an SGPR base, scratch reads no VGPR address: `off` (checked below).
            Role::Addr if d.enc == Enc::Scratch && matches!(op.kind, POpKind::Off) => {
                Operand::Absent
            }
            Role::Vdst
            | Role::Vsrc1
            | Role::Addr
            | Role::Data0
            | Role::Data1
            | Role::Data
            | Role::Vdata => b.value(op, Slot::Vreg, spec.dwords)?,
            // clrxasm keeps the low 16 bits of a larger value, with a warning.
            Role::Simm16 => {
                b.truncate = true;
                let r = b.imm(op, 0, 0, 16, true);
                b.truncate = false;
                r?
            }
            Role::Hwreg | Role::Waitcnt | Role::Sendmsg => b.imm(op, 0, 0, 16, false)?,
            Role::Simm4 => b.imm(op, 0, 8, 8, false)?,
            Role::SdataK => {
                b.truncate = true;
                let r = b.imm(op, 0, 6, 7, false);
                b.truncate = false;
                r?
            }
            Role::Lit => {
                let idx = d.enc == Enc::Sopk || d.enc == Enc::Vop2;
                let _ = idx;
                match &op.kind {
                    POpKind::Expr(Expr::Float(v, s, _)) => {
                        Operand::Imm(float_bits(*v, s.or(float_kind(d.name)).unwrap_or('s')))
                    }
                    _ => b.imm(op, 1, 0, 32, true)?,
                }
            }
            Role::Label => b.label(op)?,
            Role::Offset => match &op.kind {
                POpKind::Reg { .. } => {
                    let v = b.value(op, Slot::Sreg, 1)?;
                    if matches!(v, Operand::Code(c) if c != crate::operand::M0)
                        && crate::inst::smem_offset_m0_only(arch, d)
                    {
                        return Err((
                            op.span,
                            "GCN 1.2 SMEM stores, atomics and probes take only M0 as SGPR \
                             offset (or an immediate)"
                                .into(),
                        ));
                    }
                    v
                }
                POpKind::Lit(_) if arch == Arch::Gfx7 => {
                    b.value(op, Slot::Src { literal_ok: true }, 1)?
                }
                POpKind::Expr(e)
                    if d.enc == Enc::Smrd
                        && arch == Arch::Gfx7
                        && matches!(b.ctx.eval(e), Ok(v) if v.section.is_none() && !(0..=255).contains(&v.v)) =>
                {
                    // GCN 1.1 takes offsets above 255 dwords (or negative ones) as a
                    // 32-bit literal, as clrxasm does (never an inline constant).
                    match b.ctx.eval(e) {
                        Ok(v) => b.set_lit(v.v as u32, op.span)?,
                        Err(_) => b.value(op, Slot::Src { literal_ok: true }, 1)?,
                    }
                }
                _ => {
                    let bits = match (d.enc, arch.is_gfx9()) {
                        (Enc::Smrd, _) => 8,
                        _ if arch.is_gfx10() => 20,
                        (_, true) => 21,
                        _ => 20,
                    };
                    // CLRX truncates SMRD offsets with a warning.
                    b.truncate = matches!(d.enc, Enc::Smrd | Enc::Smem);
                    let r = b.imm(op, usize::from(d.enc == Enc::Smem), 0, bits, false);
                    b.truncate = false;
                    r?
                }
            },
            Role::Gds => Operand::Absent,
            Role::Vsrc if d.enc == Enc::Exp && matches!(op.kind, POpKind::Off) => Operand::Absent,
            Role::Vsrc => b.value(op, Slot::Vreg, 1)?,
            Role::ExpTgt => match op.kind {
                POpKind::ExpTgt(t) => Operand::Imm(t),
                // GCN 1.5 reads `null` as its register; as a target it is target 9.
                POpKind::Reg {
                    code: crate::operand::NULL,
                    n: 1,
                } if arch.is_gfx10() => Operand::Imm(9),
                _ => {
                    return Err((
                        op.span,
                        "expected an export target (mrt0-7, mrtz, null, pos0-3, param0-31)".into(),
                    ))
                }
            },
            Role::Attr => match op.kind {
                POpKind::Attr(a) => Operand::Imm(a),
                _ => return Err((op.span, "expected an attribute (attrN.x)".into())),
            },
            Role::Param => match op.kind {
                POpKind::Param(a) => Operand::Imm(a),
                _ => return Err((op.span, "expected p10, p20 or p0".into())),
            },
        };
        if let POpKind::Reg { code, n } = op.kind {
            named.push((vals.len(), code, n));
        }
        vals.push(v);
    }
    let rest = &ops[opi..];
    // The operands after the row's own (buffer address, resource and offset; GLOBAL's
    // base) take no modifiers.
    if let Some(o) = rest.iter().find(|o| o.neg || o.abs || o.sext) {
        return Err((
            o.span,
            "abs/neg/sext modifiers are only allowed on VOP sources".into(),
        ));
    }
    b.align = None;
    if mem_extra {
        // vaddr, srsrc, soffset in text; stored as srsrc, soffset, vaddr.
        let vaddr = match &rest[0].kind {
            POpKind::Off => Operand::Absent,
            _ => {
                let n = match &rest[0].kind {
                    POpKind::Reg { n, .. } => *n,
                    _ => 1,
                };
                buf_vaddr = Some((rest[0].span, n));
                b.value(&rest[0], Slot::Vreg, n)?
            }
        };
        let srsrc = b.value(&rest[1], Slot::Sreg, 4)?;
        let soff = b.value(&rest[2], Slot::Src { literal_ok: false }, 1)?;
        if matches!(soff, Operand::Code(c) if c >= VGPR0) {
            return Err((
                rest[2].span,
                "soffset must be a scalar register or constant".into(),
            ));
        }
        vals.push(srsrc);
        vals.push(soff);
        vals.push(vaddr);
    } else if d.enc == Enc::Mubuf || d.enc == Enc::Mtbuf {
        vals.push(Operand::Code(0));
        vals.push(Operand::Code(0));
        vals.push(Operand::Absent);
    }
    if matches!(d.enc, Enc::Global | Enc::Scratch) {
        let s = &rest[0];
        match &s.kind {
            POpKind::Off => m.saddr = None,
            POpKind::Reg { code, n } if *code < VGPR0 => {
                let want = if d.enc == Enc::Global { 2 } else { 1 };
                if *n != want {
                    return Err((s.span, format!("saddr must be {want} scalar register(s)")));
                }
                // clrxasm wants the base pair aligned ("Unaligned scalar register
                // range", GCN 1.4 and 1.5; llvm-mc likewise).
                if want == 2 && *code < arch.max_sgprs() && !code.is_multiple_of(2) {
                    return Err((s.span, "unaligned scalar register range".into()));
                }
                m.saddr = Some(*code);
            }
            _ => return Err((s.span, "expected a scalar register or 'off'".into())),
        }
        // GCN 1.4 spells an absent base with exec_hi's code (0x7F).
        if !arch.is_gfx10() && m.saddr == Some(0x7F) {
            return Err((
                s.span,
                "exec_hi cannot be a base here: its code means 'off'".into(),
            ));
        }
    }
    if d.enc == Enc::Scratch {
        // Scratch addresses by a VGPR or by an SGPR base, not both (clrxasm: "Only one
        // of VADDR and SADDR can be set in SCRATCH mode"; llvm-mc: `off, s1`).
        let addr = d.ops.iter().position(|o| o.role == Role::Addr);
        let vaddr_off = addr.is_some_and(|i| vals.get(i) == Some(&Operand::Absent));
        if m.saddr.is_some() && !vaddr_off {
            return Err((
                stmt,
                "scratch takes a VGPR address or an SGPR base, not both (write 'off' for one)"
                    .into(),
            ));
        }
        if m.saddr.is_none() && vaddr_off {
            return Err((stmt, "scratch needs a VGPR address or an SGPR base".into()));
        }
    }
    if !arch.is_gfx9() && matches!(d.enc, Enc::Global | Enc::Scratch) {
        return Err((stmt, "global/scratch instructions need GCN 1.4".into()));
    }
    // Modifiers.
    let mut dfmt_set = false;
    let mut op_sel_hi_set = false;
    for md in mods {
        // `trunc`: a value out of range keeps its low bits with a warning, as clrxasm
        // does for offsets (a signed field is then sign-extended).
        let val = |b: &mut Build, bits: u32, signed: bool, trunc: bool| -> PResult<i64> {
            let Some(e) = &md.value else {
                return Err((md.span, format!("modifier '{}' needs a value", md.name)));
            };
            match b.ctx.eval(e) {
                Ok(v) if v.section.is_none() => {
                    let lo = if signed { -(1i64 << (bits - 1)) } else { 0 };
                    let hi = if signed {
                        1i64 << (bits - 1)
                    } else {
                        1i64 << bits
                    };
                    if v.v < lo || v.v >= hi {
                        if !trunc {
                            return Err((
                                e.span(),
                                format!("value {} out of range for {}", v.v, md.name),
                            ));
                        }
                        let low = v.v & ((1i64 << bits) - 1);
                        b.ctx
                            .warn(e.span(), format!("value {:#x} truncated to {low:#x}", v.v));
                        let shift = 64 - bits;
                        return Ok(if signed { (low << shift) >> shift } else { low });
                    }
                    Ok(v.v)
                }
                Ok(_) => Err((e.span(), "expected an absolute value".into())),
                Err(EvalError::Undefined(n, s)) => Err((
                    s,
                    format!("symbol '{n}' must be defined before use in a modifier"),
                )),
                Err(EvalError::Error(s, m)) => Err((s, m)),
            }
        };
        let enc = d.enc;
        let mem = matches!(
            enc,
            Enc::Mubuf | Enc::Mtbuf | Enc::Flat | Enc::Global | Enc::Scratch
        );
        let ok = match md.name.as_ref() {
            "vop3" => vop3,
            // Explicit encodings (CLRX prints `sdwa` when every select is default).
            "sdwa" => sdwa,
            "dpp" => dpp,
            "high" if vop3 && d.ops.iter().any(|o| o.role == Role::Attr) => {
                m.high = true;
                true
            }
            // (The 32-bit interpolations have no halves to select: llvm-mc has no
            // op_sel for them.)
            "op_sel"
                if vop3
                    && arch.is_gfx9()
                    && !matches!(d.name, "v_interp_p1_f32" | "v_interp_p2_f32") =>
            {
                // GCN 1.4 VOP3A: one flag per source (the attribute of
                // `v_interp_*_f16` is source 0), then the destination's.
                let nsrc = d
                    .ops
                    .iter()
                    .filter(|o| matches!(o.role, Role::Src0 | Role::Src1 | Role::Src2 | Role::Attr))
                    .count();
                let list = bit_list(md, nsrc + 1, |n| val(&mut b, n, false, false))?;
                if list.is_empty() || list.len() > nsrc + 1 {
                    return Err((
                        md.span,
                        format!("op_sel needs a list of 1 to {} bits", nsrc + 1),
                    ));
                }
                let mut bits = 0u8;
                for (i, x) in list.iter().enumerate() {
                    match x.as_str() {
                        "0" => {}
                        "1" => bits |= if i == nsrc { 8 } else { 1 << i },
                        _ => return Err((md.span, "op_sel takes only 0 or 1".into())),
                    }
                }
                m.op_sel = bits;
                true
            }
            "op_sel" | "op_sel_hi" | "neg_lo" | "neg_hi" if vop3p => {
                let list = bit_list(md, 3, |n| val(&mut b, n, false, false))?;
                if list.is_empty() || list.len() > 3 {
                    return Err((md.span, format!("{} needs a list of 1 to 3 bits", md.name)));
                }
                let mut bits = 0u8;
                for (i, x) in list.iter().enumerate() {
                    match x.as_str() {
                        "0" => {}
                        "1" => bits |= 1 << i,
                        _ => return Err((md.span, format!("{} takes only 0 or 1", md.name))),
                    }
                }
                match md.name.as_ref() {
                    "op_sel" => m.op_sel = bits,
                    "op_sel_hi" => {
                        m.op_sel_hi = bits;
                        op_sel_hi_set = true;
                    }
                    // Adds to the sources written `-x`.
                    "neg_lo" => m.neg |= bits,
                    _ => m.neg_hi = bits,
                }
                true
            }
            // A VOP1 instruction has one source: its src1 fields mean nothing (the
            // decoder refuses them; clrxasm: "Some garbages at VOP modifier place").
            "src1_sel" if sdwa && d.enc == Enc::Vop1 => {
                return Err((md.span, format!("{} has no second source", d.name)));
            }
            "dst_sel" | "src0_sel" | "src1_sel" | "dst_unused" if sdwa => {
                let name = match &md.value {
                    Some(Expr::Sym(n, _)) => n.to_ascii_lowercase().replace('_', ""),
                    // A number selects by value (`dst_sel:@2`).
                    Some(Expr::Int(v, _)) => {
                        let names: &[&str] = if md.name == "dst_unused" {
                            &crate::print::SDWA_UNUSED_NAMES
                        } else {
                            &crate::print::SDWA_SEL_NAMES
                        };
                        names
                            .get(*v as usize)
                            .map(|n| n.to_string())
                            .ok_or((md.span, format!("{} value out of range", md.name)))?
                    }
                    _ => return Err((md.span, format!("{} needs a name", md.name))),
                };
                if md.name == "dst_unused" {
                    let n = name.strip_prefix("unused").unwrap_or(&name);
                    sd.dst_unused = crate::print::SDWA_UNUSED_NAMES
                        .iter()
                        .position(|x| *x == n)
                        .ok_or((md.span, "expected pad, sext or preserve".to_string()))?
                        as u8;
                } else {
                    let n = match name.as_str() {
                        "b0" => "byte0",
                        "b1" => "byte1",
                        "b2" => "byte2",
                        "b3" => "byte3",
                        "w0" => "word0",
                        "w1" => "word1",
                        other => other,
                    };
                    let v = crate::print::SDWA_SEL_NAMES
                        .iter()
                        .position(|x| *x == n)
                        .ok_or((md.span, "expected byte0-3, word0-1 or dword".to_string()))?
                        as u8;
                    match md.name.as_ref() {
                        "dst_sel" => sd.dst_sel = v,
                        "src0_sel" => sd.src0_sel = v,
                        _ => sd.src1_sel = v,
                    }
                }
                if d.enc == Enc::Vopc && arch.is_gfx9() && md.name.starts_with("dst") {
                    return Err((md.span, "VOPC has no SDWA destination".into()));
                }
                true
            }
            "abs" | "neg" | "sext"
                if (vop3 && md.name != "sext") || sdwa || (dpp && md.name != "sext") =>
            {
                // CLRX bitmask forms: `neg:2`, `abs:[0,1]` (bit per source).
                let bits: u8 = if md.list.is_empty() {
                    val(&mut b, 3, false, false)? as u8
                } else {
                    let mut x = 0u8;
                    for (i, e) in md.list.iter().enumerate() {
                        match e.as_str() {
                            "0" => {}
                            "1" if i < 3 => x |= 1 << i,
                            _ => {
                                return Err((
                                    md.span,
                                    format!("{} takes a list of 0/1 flags", md.name),
                                ))
                            }
                        }
                    }
                    x
                };
                match md.name.as_ref() {
                    "abs" => m.abs |= bits,
                    "neg" => m.neg |= bits,
                    _ => sd.sext |= bits,
                }
                true
            }
            "dpp8" if dpp8 => {
                if md.list.len() != 8 {
                    return Err((md.span, "dpp8 needs eight lane numbers".into()));
                }
                let mut sel = 0u32;
                for (i, x) in md.list.iter().enumerate() {
                    let v: u32 = x
                        .parse()
                        .ok()
                        .filter(|v| *v < 8)
                        .ok_or((md.span, "dpp8 lanes are 0-7".to_string()))?;
                    sel |= v << (3 * i);
                }
                d8.sel = sel;
                true
            }
            "fi" if (dpp || dpp8) && arch.is_gfx10() => {
                dp.fi = true;
                d8.fi = true;
                true
            }
            // clrxasm takes `fi` on any other vector instruction and writes nothing.
            "fi" if arch.is_gfx10()
                && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3) =>
            {
                true
            }
            "row_mirror" | "row_half_mirror" if dpp => {
                dp.ctrl = if md.name == "row_mirror" {
                    0x140
                } else {
                    0x141
                };
                true
            }
            "bound_ctrl" if dpp => {
                dp.bound_ctrl = true;
                true
            }
            "quad_perm" if dpp => {
                if md.list.len() != 4 {
                    return Err((md.span, "quad_perm needs four lane numbers".into()));
                }
                let mut c = 0u16;
                for (i, x) in md.list.iter().enumerate() {
                    let v: u16 = x
                        .parse()
                        .map_err(|_| (md.span, "quad_perm lanes are numbers 0-3".to_string()))?;
                    // clrxasm keeps the low two bits of a larger lane number.
                    if v > 3 {
                        b.ctx
                            .warn(md.span, format!("value {v:#x} truncated to {:#x}", v & 3));
                    }
                    c |= (v & 3) << (2 * i);
                }
                dp.ctrl = c;
                true
            }
            "row_shl" | "row_shr" | "row_ror" | "wave_shl" | "wave_rol" | "wave_shr"
            | "wave_ror" | "row_bcast" | "row_mask" | "bank_mask" | "row_share" | "row_xmask"
                if dpp =>
            {
                let v = val(&mut b, 16, false, false)?;
                let bad = || (md.span, format!("value {v} out of range for {}", md.name));
                match md.name.as_ref() {
                    "row_share" | "row_xmask" => {
                        if !arch.is_gfx10() || !(0..=15).contains(&v) {
                            return Err(bad());
                        }
                        dp.ctrl = if md.name == "row_share" { 0x150 } else { 0x160 } + v as u16;
                    }
                    "row_shl" | "row_shr" | "row_ror" => {
                        if !(1..=15).contains(&v) {
                            return Err(bad());
                        }
                        let base = match md.name.as_ref() {
                            "row_shl" => 0x100,
                            "row_shr" => 0x110,
                            _ => 0x120,
                        };
                        dp.ctrl = base + v as u16;
                    }
                    "row_bcast" => {
                        dp.ctrl = match v {
                            15 => 0x142,
                            31 => 0x143,
                            _ => return Err(bad()),
                        }
                    }
                    "row_mask" | "bank_mask" => {
                        if v > 15 {
                            return Err(bad());
                        }
                        if md.name == "row_mask" {
                            dp.row_mask = v as u8;
                        } else {
                            dp.bank_mask = v as u8;
                        }
                    }
                    _ => {
                        if v != 1 {
                            return Err(bad());
                        }
                        dp.ctrl = match md.name.as_ref() {
                            "wave_shl" => 0x130,
                            "wave_rol" => 0x134,
                            "wave_shr" => 0x138,
                            _ => 0x13C,
                        };
                    }
                }
                true
            }
            // GCN 1.4 SDWA compares have no clamp bit (bit 13 is part of sdst).
            "clamp" if sdwa && !(arch.is_gfx9() && enc == Enc::Vopc) => {
                m.clamp = true;
                true
            }
            "clamp" if vop3p => {
                m.clamp = true;
                true
            }
            "clamp" if vop3 => {
                m.clamp = true;
                true
            }
            "mul" if vop3 || (sdwa && arch.is_gfx9() && enc != Enc::Vopc) => {
                m.omod = match val(&mut b, 8, false, false)? {
                    1 => 0,
                    2 => 1,
                    4 => 2,
                    _ => return Err((md.span, "mul accepts 1, 2 or 4".into())),
                };
                true
            }
            "div" if vop3 || (sdwa && arch.is_gfx9() && enc != Enc::Vopc) => {
                m.omod = match val(&mut b, 8, false, false)? {
                    1 => 0,
                    2 => 3,
                    _ => return Err((md.span, "div accepts 1 or 2".into())),
                };
                true
            }
            "omod" if vop3 => {
                m.omod = val(&mut b, 2, false, false)? as u8;
                true
            }
            "glc" if mem || enc == Enc::Smem => {
                m.glc = true;
                true
            }
            "slc" if mem => {
                m.slc = true;
                true
            }
            "tfe"
                if matches!(enc, Enc::Mubuf | Enc::Mtbuf)
                    || (enc == Enc::Flat && !arch.is_gfx9()) =>
            {
                m.tfe = true;
                true
            }
            "dlc" if arch.is_gfx10() && (mem || matches!(enc, Enc::Smem | Enc::Mimg)) => {
                m.dlc = true;
                true
            }
            "nv" if (arch.is_gfx9()
                && !arch.is_gfx10()
                && matches!(enc, Enc::Flat | Enc::Global | Enc::Scratch))
                || (arch.is_gfx9() && enc == Enc::Smem) =>
            {
                m.nv = true;
                true
            }
            // GCN 1.4 loads to LDS from GLOBAL and SCRATCH only (clrxasm: "LDS is
            // allowed only for SCRATCH and GLOBAL instructions").
            "lds" if enc == Enc::Flat && arch.is_gfx9() && !arch.is_gfx10() => {
                return Err((
                    md.span,
                    "lds is only allowed on GLOBAL and SCRATCH instructions".into(),
                ));
            }
            "lds"
                if enc == Enc::Mubuf
                    || (arch.is_gfx9() && matches!(enc, Enc::Global | Enc::Scratch)) =>
            {
                m.lds = true;
                true
            }
            "offen" if matches!(enc, Enc::Mubuf | Enc::Mtbuf) => {
                m.offen = true;
                true
            }
            "idxen" if matches!(enc, Enc::Mubuf | Enc::Mtbuf) => {
                m.idxen = true;
                true
            }
            "addr64" if matches!(enc, Enc::Mubuf | Enc::Mtbuf) && !arch.is_vi_plus() => {
                m.addr64 = true;
                true
            }
            "dmask" if enc == Enc::Mimg => {
                m.dmask = mimg_dmask;
                true
            }
            "unorm" if enc == Enc::Mimg => {
                m.unorm = true;
                true
            }
            "dim" if enc == Enc::Mimg && arch.is_gfx10() => {
                let name = md.list.first().map(String::as_str).unwrap_or("");
                m.dim = match MIMG_DIMS.iter().position(|&n| n == name) {
                    Some(i) => i as u8 + 1,
                    None => {
                        return Err((
                            md.span,
                            format!(
                                "unknown dimension; expected one of {}",
                                MIMG_DIMS.join(", ")
                            ),
                        ))
                    }
                };
                true
            }
            "da" if enc == Enc::Mimg && !arch.is_gfx10() => {
                m.da = true;
                true
            }
            "lwe" if enc == Enc::Mimg => {
                m.lwe = true;
                true
            }
            "r128" if enc == Enc::Mimg && (!arch.is_gfx9() || arch.is_gfx10()) => {
                m.r128 = true;
                true
            }
            "a16" if enc == Enc::Mimg && arch.is_gfx9() && !arch.is_gfx10() => {
                m.r128 = true;
                true
            }
            "d16" if enc == Enc::Mimg && arch.is_vi_plus() => {
                m.d16 = true;
                true
            }
            "glc" | "slc" | "tfe" if enc == Enc::Mimg => {
                match md.name.as_ref() {
                    "glc" => m.glc = true,
                    "slc" => m.slc = true,
                    _ => m.tfe = true,
                }
                true
            }
            "done" if enc == Enc::Exp => {
                m.done = true;
                true
            }
            "vm" if enc == Enc::Exp => {
                m.vm = true;
                true
            }
            "compr" if enc == Enc::Exp => {
                m.compr = true;
                true
            }
            "gds" if enc == Enc::Ds => {
                m.gds = true;
                true
            }
            "offset" if enc == Enc::Smem && arch.is_gfx9() => {
                // GCN 1.4 `soe`: an immediate added to the SGPR offset.
                let off = d
                    .ops
                    .iter()
                    .position(|o| o.role == Role::Offset)
                    .and_then(|i| vals.get(i));
                if !matches!(off, Some(Operand::Code(c)) if *c < 128) {
                    return Err((md.span, "an extra offset needs an SGPR offset".into()));
                }
                let v = val(&mut b, 32, false, false)?;
                if v > 0x1F_FFFF {
                    b.ctx.warn(
                        md.span,
                        format!("value {v:#x} truncated to {:#x}", v & 0x1F_FFFF),
                    );
                }
                m.soe = Some((v & 0x1F_FFFF) as u32);
                true
            }
            "offset" if enc == Enc::Ds && !is_ds2(d) => {
                m.offset = val(&mut b, 16, false, true)? as i32;
                true
            }
            "offset0" if is_ds2(d) => {
                m.offset0 = val(&mut b, 8, false, true)? as u8;
                true
            }
            "offset1" if is_ds2(d) => {
                m.offset1 = val(&mut b, 8, false, true)? as u8;
                true
            }
            "offset" if matches!(enc, Enc::Mubuf | Enc::Mtbuf) => {
                // CLRX keeps the low 12 bits with a warning.
                m.offset = val(&mut b, 12, false, true)? as i32;
                true
            }
            // CLRX's name of the FLAT/GLOBAL/SCRATCH offset is inst_offset.
            "offset" | "inst_offset"
                if arch.is_gfx10() && matches!(enc, Enc::Flat | Enc::Global | Enc::Scratch) =>
            {
                m.offset = val(&mut b, 11, false, true)? as i32;
                true
            }
            "offset" | "inst_offset" if enc == Enc::Flat && arch.is_gfx9() => {
                m.offset = val(&mut b, 12, false, true)? as i32;
                true
            }
            "offset" | "inst_offset" if matches!(enc, Enc::Global | Enc::Scratch) => {
                m.offset = val(&mut b, 13, true, true)? as i32;
                true
            }
            "format" if enc == Enc::Mtbuf && arch.is_gfx10() => {
                // GCN 1.5: `format:N`, the unified 7-bit format.
                if !md.list.is_empty() {
                    return Err((md.span, "GCN 1.5 takes format:N (0-127)".into()));
                }
                let v = val(&mut b, 7, false, false)?;
                m.dfmt = v as u8;
                dfmt_set = true;
                true
            }
            "format" if enc == Enc::Mtbuf => {
                // `format:[DATA,NUM]`, either part alone, with or without the
                // BUF_DATA_FORMAT_/BUF_NUM_FORMAT_ prefixes; missing parts keep the
                // defaults (data format 8, unorm).
                if md.list.is_empty() || md.list.len() > 2 {
                    return Err((md.span, "format needs [data format, number format]".into()));
                }
                let (mut df, mut nf) = (None, None);
                for (k, e) in md.list.iter().enumerate() {
                    let d_name = e.strip_prefix("buf_data_format_");
                    let n_name = e.strip_prefix("buf_num_format_");
                    let as_data = DFMT_NAMES.iter().position(|n| *n == d_name.unwrap_or(e));
                    let as_num = NFMT_NAMES.iter().position(|n| *n == n_name.unwrap_or(e));
                    match (as_data, as_num) {
                        (Some(a), _)
                            if n_name.is_none() && df.is_none() && (k == 0 || d_name.is_some()) =>
                        {
                            df = Some(a)
                        }
                        (_, Some(c)) if d_name.is_none() && nf.is_none() => nf = Some(c),
                        _ => return Err((md.span, format!("unknown data/number format '{e}'"))),
                    }
                }
                if df == Some(15) {
                    // clrxasm: "Unknown data/number format" (clrxdisasm prints it).
                    return Err((md.span, "data format 15 is reserved".into()));
                }
                m.dfmt = df.unwrap_or(1) as u8;
                m.nfmt = nf.unwrap_or(0) as u8;
                dfmt_set = true;
                true
            }
            _ => false,
        };
        if !ok {
            return Err((
                md.span,
                format!("modifier '{}' is not allowed for {}", md.name, d.name),
            ));
        }
    }
    if d.enc == Enc::Exp && m.compr {
        // In compr mode each pair of operands names one register (CLRX's rule).
        for (a, bb, name) in [
            (0usize, 1usize, "VSRC1 must be equal to VSRC0"),
            (2, 3, "VSRC3 must be equal to VSRC2"),
        ] {
            let (x, y) = (vals.get(1 + a).copied(), vals.get(1 + bb).copied());
            if let (Some(Operand::Code(x)), Some(Operand::Code(y))) = (x, y) {
                if x != y {
                    let span = ops.get(1 + bb).map(|o| o.span).unwrap_or(stmt);
                    return Err((span, format!("{name} in compr mode")));
                }
            }
        }
    }
    // GWS instructions always work on GDS.
    if d.enc == Enc::Ds && d.name.contains("_gws_") {
        m.gds = true;
    }
    if dpp {
        if !arch.is_vi_plus() {
            return Err((stmt, "DPP needs GCN 1.2 or later".into()));
        }
        if crate::inst::dpp_wide_operand(arch, d) {
            return Err((
                stmt,
                format!(
                    "DPP is illegal for {}: it takes only 32-bit operands",
                    d.name
                ),
            ));
        }
        if sdwa || dpp8 {
            return Err((stmt, "an instruction cannot be both SDWA and DPP".into()));
        }
        if !crate::inst::dpp_ctrl_valid(arch, dp.ctrl) {
            return Err((
                stmt,
                format!("this DPP control is not available on {}", arch.clrx_name()),
            ));
        }
        m.dpp = Some(dp);
    }
    if dpp8 {
        if !arch.is_gfx10() {
            return Err((stmt, "DPP8 needs GCN 1.5".into()));
        }
        if sdwa {
            return Err((stmt, "an instruction cannot be both SDWA and DPP8".into()));
        }
        m.dpp8 = Some(d8);
    }
    if d.enc == Enc::Mimg {
        m.dmask = mimg_dmask;
        if arch.is_gfx10() {
            gfx10_mimg_rules(d.name, &mut m, mimg_vaddr, &mimg_nsa, stmt)?;
        }
    }
    if sdwa {
        if !arch.is_vi_plus() {
            return Err((stmt, "SDWA needs GCN 1.2 or later".into()));
        }
        m.sdwa = Some(sd);
    }
    if vop3p && !op_sel_hi_set {
        // CLRX default: all three op_sel_hi bits set, also for two sources (word 0
        // bit 14); an explicit list leaves the bits it does not name clear.
        m.op_sel_hi = 7;
    }
    if d.enc == Enc::Mubuf && m.lds && m.tfe {
        return Err((stmt, "lds and tfe cannot be used together".into()));
    }
    if m.addr64 && (m.offen || m.idxen) {
        return Err((
            stmt,
            "idxen and offen must be zero in 64-bit address mode".into(),
        ));
    }
    if let Some((span, n)) = buf_vaddr {
        // idxen with offen reads an index and an offset, addr64 a 64-bit address: two
        // VGPRs (clrxasm: "Required 2 vector registers").
        let need = crate::inst::buffer_vaddr_dwords(&m);
        if matches!(d.enc, Enc::Mubuf | Enc::Mtbuf) && n < need {
            return Err((
                span,
                format!("expected {need} VGPRs for the address (idxen with offen, or addr64)"),
            ));
        }
    }
    if d.enc == Enc::Mtbuf && !dfmt_set {
        // CLRX default format: data format 8, number format unorm; on GCN 1.5 the
        // unified format 0 (clrxasm's bytes).
        m.dfmt = u8::from(!arch.is_gfx10());
    }
    let fixes = std::mem::take(&mut b.fixes);
    let lit_fix = b.lit_fix.take();
    let inst = Inst {
        row,
        ops: vals,
        mods: m,
    };
    if let Some(why) = crate::inst::ext_form_illegal(arch, d, &inst.mods) {
        return Err((stmt, format!("{} {why}", d.name)));
    }
    if crate::inst::vector_lane_mask(d, &inst.ops) {
        return Err((
            stmt,
            format!("the lane mask of {} is a scalar register pair", d.name),
        ));
    }
    if crate::inst::interp_f32_scalar_source(d, &inst.ops) {
        return Err((
            stmt,
            format!("{} reads M0: its source is a VGPR or M0", d.name),
        ));
    }
    if crate::inst::lds_direct_in_sdwa(&inst) {
        return Err((
            stmt,
            "lds (LDS direct) is only a vector ALU source, and not with SDWA".into(),
        ));
    }
    if crate::inst::lds_direct_misplaced(d, &inst.ops) {
        return Err((
            stmt,
            "lds (LDS direct) is only a vector ALU source, not of this instruction".into(),
        ));
    }
    if crate::inst::vgpr_lane_select(arch, d, &inst.ops) {
        return Err((
            stmt,
            "the lane select is a scalar register, M0 or a constant".into(),
        ));
    }
    if let Some(e) = crate::inst::scalar_reads_error(arch, &inst) {
        // clrxasm's rule before GCN 1.5; GCN 1.5 reads two scalar values.
        let gen = if arch.is_gfx10() {
            "GCN 1.5"
        } else {
            "GCN 1.0-1.4"
        };
        return Err((stmt, format!("{e} ({gen})")));
    }
    if !crate::inst::constant_bus_ok(&inst)
        || (lit_fix.is_some()
            && d.ops.iter().zip(&inst.ops).any(|(s, v)| {
                matches!(s.role, Role::Src0 | Role::Src1 | Role::Src2 | Role::Vsrc1)
                    && matches!(v, Operand::Code(c) if *c < 128)
            }))
    {
        // The hardware reads one scalar value per VALU instruction; clrxasm accepts
        // TTMP, M0 and the like next to an SGPR, so this is only a warning.
        b.ctx.warn(
            stmt,
            "more than one SGPR or literal read in this instruction".into(),
        );
    }
    let lit_reloc = b.lit_reloc.take();
    let written = named
        .iter()
        .filter(|&&(slot, _, _)| crate::inst::writes_slot(&inst, slot))
        .map(|&(_, code, n)| (code, n))
        .collect();
    Ok(Built {
        inst,
        fixes,
        lit_fix,
        lit_reloc,
        written,
    })
}

/// Match a statement against every row of its mnemonic and build the first that fits.
pub fn build(
    name: &str,
    ops: &[POp],
    mods: &[PMod],
    ctx: &mut dyn Ctx,
    stmt: Span,
    name_span: Span,
) -> PResult<Built> {
    let arch = ctx.arch();
    // Mnemonics are usually lowercase already: lowercase only when needed.
    let lower: std::borrow::Cow<str> = if name.bytes().any(|c| c.is_ascii_uppercase()) {
        name.to_ascii_lowercase().into()
    } else {
        name.into()
    };
    let force_sdwa = lower.ends_with("_sdwa");
    let force_dpp = lower.ends_with("_dpp");
    let lower = lower
        .strip_suffix("_sdwa")
        .or_else(|| lower.strip_suffix("_dpp"))
        .unwrap_or(&lower);
    let (base, force) = if let Some(b) = lower.strip_suffix("_e64") {
        (b, Some(true))
    } else if let Some(b) = lower.strip_suffix("_e32") {
        (b, Some(false))
    } else {
        (lower, None)
    };
    let want_vop3 = force == Some(true) || mods.iter().any(|m| m.name == "vop3");
    let all_rows = rows_by_name(base);
    let rows: SmallVec<[u16; 8]> = all_rows
        .iter()
        .copied()
        .filter(|r| def(*r).opcode(arch).is_some())
        .collect();
    if rows.is_empty() {
        return Err(if rows_by_name(base).is_empty() {
            (name_span, format!("unknown instruction '{name}'"))
        } else {
            (
                name_span,
                format!(
                    "instruction '{name}' is not available on {}",
                    arch.clrx_name()
                ),
            )
        });
    }
    let mut first_err = None;
    let mut vop3_err = false;
    let mut tried = 0;
    for pass in 0..2 {
        for &r in &rows {
            let d = def(r);
            let is3 = d.enc == Enc::Vop3;
            // Short forms first, then VOP3.
            if (pass == 0) == is3 && matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3)
            {
                continue;
            }
            if pass == 1 && !is3 {
                continue;
            }
            if want_vop3 && !is3 && matches!(d.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) {
                continue;
            }
            if force == Some(false) && is3 {
                continue;
            }
            tried += 1;
            match build_row(r, ops, mods, ctx, stmt, force_sdwa, force_dpp) {
                Ok(b) => return Ok(b),
                Err(e) => {
                    // VOP3 is the most general form: when the short form failed, its
                    // error says more (e.g. the constant-bus rule, not "expected VGPR"),
                    // unless it only refuses a short-form modifier (DPP, SDWA, sext()).
                    // A DPP statement is for the short form whatever VOP3 says.
                    let dpp_stmt = mods
                        .iter()
                        .any(|m| DPP_MODS.contains(&m.name.as_ref()) || m.name.starts_with("dpp"));
                    let only_count = e.1.contains("operand(s), got") || dpp_stmt;
                    let short_mod = (e.1.starts_with("modifier '") || e.1.starts_with("sext() "))
                        && first_err.is_some();
                    // Of several VOP3 rows the first (the widest operands) speaks.
                    if first_err.is_none()
                        || (def(r).enc == Enc::Vop3 && !vop3_err && !only_count && !short_mod)
                    {
                        vop3_err |= def(r).enc == Enc::Vop3;
                        first_err = Some(e);
                    }
                }
            }
        }
    }
    let _ = tried;
    Err(first_err.unwrap_or((
        name_span,
        format!("no form of '{name}' matches these operands"),
    )))
}

/// The short (VOP1/VOP2/VOPC) equivalent of a VOP3 instruction, if it has one and
/// the operands fit it.
pub fn shorter_form(arch: Arch, inst: &Inst) -> Option<Inst> {
    let d = inst.def();
    if d.enc != Enc::Vop3 || inst.mods != Mods::default() {
        return None;
    }
    for &r in rows_by_name(d.name) {
        let s = def(r);
        if !matches!(s.enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc) || s.opcode(arch).is_none() {
            continue;
        }
        let get = |role: Role| inst.op(role);
        let mut vals = Vec::new();
        let mut used = 0usize;
        let mut vcc_seen = 0;
        let mut ok = true;
        for spec in s.ops {
            let v = match spec.role {
                Role::Vdst => get(Role::Vdst),
                Role::Sdstv => get(Role::Sdstv),
                Role::Src0 => get(Role::Src0),
                Role::Vsrc1 => {
                    let v = get(Role::Src1);
                    if !matches!(v, Operand::Code(c) if c >= VGPR0) {
                        ok = false;
                    }
                    v
                }
                Role::Ssrc1v => {
                    let v = get(Role::Src1);
                    if !matches!(v, Operand::Code(c) if c < VGPR0 && c != LITERAL) {
                        ok = false;
                    }
                    v
                }
                Role::Vcc => {
                    vcc_seen += 1;
                    let v = if s.enc == Enc::Vopc {
                        get(Role::Sdstv)
                    } else if vcc_seen == 1 && d.ops.iter().any(|o| o.role == Role::Sdst) {
                        get(Role::Sdst)
                    } else {
                        get(Role::Src2)
                    };
                    if v != Operand::Code(VCC) {
                        ok = false;
                    }
                    v
                }
                _ => {
                    ok = false;
                    Operand::Absent
                }
            };
            used += 1;
            vals.push(v);
        }
        if ok && used == d.ops.len() {
            return Some(Inst {
                row: r,
                ops: vals.into(),
                mods: Mods::default(),
            });
        }
    }
    None
}
