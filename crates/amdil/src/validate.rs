//! The validator: checks a parsed program against the opcode table and IL's structural
//! rules, reporting every problem at its line and column:
//!
//! - the `il_*` header comes first and only once;
//! - operand counts per opcode, destination registers writable, write masks and swizzles
//!   made of legal components, modifiers legal on their side (source or destination);
//! - required controls present (`_id(n)`, `_relop(op)`, `mdef(N)`);
//! - used resources declared: `cbN`, `lN`, `xN`, UAV / LDS / GDS ids; `call` targets
//!   defined, function ids unique; 64-bit results written to `.xy` or `.zw`;
//! - flow control balanced: `if`/`else`/`endif`, loops, `switch`, `func`/`endfunc`,
//!   `mdef`/`mend`; `break` and `continue` only inside a loop (`break` also in `switch`).

use std::collections::{BTreeSet, HashSet};

use kauai_diag::{Diagnostic, Diagnostics};

use crate::ast::*;
use crate::opcodes::{Class, Needs, Opcode, Resource};

const RELOPS: &[&str] = &["eq", "ne", "gt", "ge", "lt", "le"];
const FENCE_CONTROLS: &[&str] = &[
    "threads",
    "lds",
    "memory",
    "sr",
    "mem_write_only",
    "mem_read_only",
    "gds",
];
const SRC_ONLY_MODS: &[&str] = &["neg", "abs", "invert", "bias", "bx2", "sign", "divComp"];
const DST_ONLY_MODS: &[&str] = &["sat", "x4", "x8", "d2", "d4", "d8"];

#[derive(Debug, Clone, Copy, PartialEq)]
enum Open {
    If,
    Else,
    Loop,
    Switch,
    Func,
    Macro,
}

/// Check `program`; diagnostics go to `diags`. Returns true when no error was found.
pub fn validate(program: &Program, diags: &mut Diagnostics) -> bool {
    let before = diags.error_count();
    let mut v = Validator {
        diags,
        stack: Vec::new(),
        declared: Declared::default(),
    };
    v.collect_declarations(program);
    let mut seen_header = false;
    let mut seen_code = false;
    for line in &program.lines {
        match &line.kind {
            LineKind::Header(_) => {
                if seen_header || seen_code {
                    v.diags.push(Diagnostic::error("misplaced IL header").at(
                        line.loc.0,
                        "the `il_*` header must be the first instruction, once",
                    ));
                }
                seen_header = true;
            }
            LineKind::Inst(inst) => {
                if !seen_header && !seen_code {
                    v.diags.push(
                        Diagnostic::error("missing IL header")
                            .at(inst.loc.0, "expected `il_cs_2_0` (or another `il_*` header) before the first instruction"),
                    );
                }
                seen_code = true;
                v.inst(inst);
            }
            _ => {}
        }
    }
    for (open, loc, name) in std::mem::take(&mut v.stack) {
        let _ = open;
        v.diags
            .push(Diagnostic::error(format!("`{name}` is never closed")).at(
                loc.0,
                "opened here; expected its closing instruction before the end",
            ));
    }
    diags.error_count() == before
}

#[derive(Default)]
struct Declared {
    cb: HashSet<u32>,
    literal: HashSet<u32>,
    temp_array: HashSet<u32>,
    uav: HashSet<u32>,
    lds: HashSet<u32>,
    gds: HashSet<u32>,
    texture: HashSet<u32>,
    funcs: HashSet<i64>,
}

struct Validator<'d> {
    diags: &'d mut Diagnostics,
    stack: Vec<(Open, Loc, &'static str)>,
    declared: Declared,
}

impl Validator<'_> {
    fn collect_declarations(&mut self, program: &Program) {
        for line in &program.lines {
            let LineKind::Inst(i) = &line.kind else {
                continue;
            };
            if i.op == Opcode::Func {
                if let Some(id) = i.number() {
                    if !self.declared.funcs.insert(id) {
                        self.diags.push(
                            Diagnostic::error(format!("function {id} is defined twice"))
                                .at(i.loc.0, "a second `func` with this id"),
                        );
                    }
                }
            }
            let first_reg = i.operands.first().and_then(|o| match &o.kind {
                OperandKind::Reg(r) => Some(r),
                _ => None,
            });
            match i.op {
                Opcode::DclCb => {
                    if let Some(n) = first_reg.and_then(|r| r.num) {
                        self.declared.cb.insert(n);
                    }
                }
                Opcode::DclLiteral => {
                    if let Some(n) = first_reg.and_then(|r| r.num) {
                        self.declared.literal.insert(n);
                    }
                }
                Opcode::DclIndexedTempArray | Opcode::DclIndexTempArray => {
                    if let Some(n) = first_reg.and_then(|r| r.num) {
                        self.declared.temp_array.insert(n);
                    }
                }
                Opcode::DclRawUav
                | Opcode::DclArenaUav
                | Opcode::DclUav
                | Opcode::DclTypelessUav
                | Opcode::DclStructUav => {
                    if let Some(id) = i.resource_id() {
                        self.declared.uav.insert(id);
                    }
                }
                Opcode::DclLds | Opcode::DclStructLds => {
                    if let Some(id) = i.resource_id() {
                        self.declared.lds.insert(id);
                    }
                }
                Opcode::DclGds | Opcode::DclStructGds => {
                    if let Some(id) = i.resource_id() {
                        self.declared.gds.insert(id);
                    }
                }
                Opcode::DclResource => {
                    if let Some(id) = i.resource_id() {
                        self.declared.texture.insert(id);
                    }
                }
                _ => {}
            }
        }
    }

    fn error(&mut self, loc: Loc, msg: impl Into<String>, label: impl Into<String>) {
        self.diags.push(Diagnostic::error(msg).at(loc.0, label));
    }

    fn inst(&mut self, i: &Inst) {
        let op = i.op;
        // Operand count.
        let extra = u8::from(op.needs == Needs::Number);
        let min = (op.dst + op.src + extra) as usize;
        let max = (op.dst + op.src_max + extra) as usize;
        let n = i.operands.len();
        if n < min || n > max {
            let want = if min == max {
                format!("{min}")
            } else {
                format!("{min} to {max}")
            };
            self.error(
                i.loc,
                format!("`{}` takes {want} operand(s), found {n}", op.mnemonic()),
                format!("expected {want} operand(s)"),
            );
        }
        // Required controls.
        match op.needs {
            Needs::Id => {
                if i.resource_id().is_none() {
                    self.error(
                        i.loc,
                        format!("`{}` needs a resource id", op.mnemonic()),
                        "expected `_id(n)`",
                    );
                }
            }
            Needs::Relop => match i.control("relop") {
                Some(r) if RELOPS.contains(&r) => {}
                _ => self.error(
                    i.loc,
                    format!("`{}` needs a comparison", op.mnemonic()),
                    "expected `_relop(eq|ne|gt|ge|lt|le)`",
                ),
            },
            Needs::Paren => {
                if i.paren
                    .as_deref()
                    .and_then(|p| p.parse::<u32>().ok())
                    .is_none()
                {
                    self.error(
                        i.loc,
                        format!("`{}` needs a number", op.mnemonic()),
                        "expected `(N)` after the mnemonic",
                    );
                }
            }
            Needs::Number => {
                if !matches!(
                    i.operands.first().map(|o| &o.kind),
                    Some(OperandKind::Num(Number::Dec(_) | Number::Hex(_)))
                ) {
                    self.error(
                        i.loc,
                        format!("`{}` needs an integer", op.mnemonic()),
                        "expected e.g. `func 1024`",
                    );
                }
            }
            Needs::Nothing => {}
        }
        if op.class == Class::Fence {
            for c in &i.controls {
                if !FENCE_CONTROLS.contains(&c.name.as_str()) {
                    self.error(
                        i.loc,
                        format!("unknown fence control `{}`", c.name),
                        format!("expected {}", FENCE_CONTROLS.join(", ")),
                    );
                }
            }
        }
        if op == Opcode::Div {
            if let Some(z) = i.control("zeroop") {
                if !["infinity", "fltmax", "zero", "inf_else_max"].contains(&z) {
                    self.error(
                        i.loc,
                        format!("unknown zeroop `{z}`"),
                        "expected infinity, fltmax, zero or inf_else_max",
                    );
                }
            }
        }
        if matches!(
            op,
            Opcode::Call | Opcode::CallLogicalnz | Opcode::CallLogicalz
        ) {
            if let Some(id) = i.number() {
                if !self.declared.funcs.contains(&id) {
                    self.error(
                        i.loc,
                        format!("call to function {id}, which is not defined"),
                        format!("expected a `func {id}` ... `endfunc` in the program"),
                    );
                }
            }
        }
        self.resources(i);
        if op.class != Class::Decl && op.class != Class::Macro {
            self.operands(i);
        }
        self.flow(i);
    }

    fn resources(&mut self, i: &Inst) {
        let id = i.resource_id();
        let declared = match i.op.resource() {
            Some(Resource::Uav) => Some((&self.declared.uav, "UAV")),
            Some(Resource::Lds) => Some((&self.declared.lds, "LDS")),
            Some(Resource::Gds) => Some((&self.declared.gds, "GDS")),
            Some(Resource::Texture) => Some((&self.declared.texture, "resource")),
            // Counters are not declared; their ids are a fixed range.
            Some(Resource::Counter) | None => None,
        };
        match (declared, id) {
            (Some((set, what)), Some(id)) if !set.contains(&id) => {
                self.error(
                    i.loc,
                    format!("{what} id {id} is not declared"),
                    format!("expected a `dcl_*` declaration for {what} id {id}"),
                );
            }
            (None, Some(id))
                if i.op.resource() == Some(Resource::Counter)
                    && id >= crate::device::MAX_ATOMIC_COUNTERS =>
            {
                self.error(
                    i.loc,
                    format!("append counter id {id} is out of range"),
                    format!(
                        "counters are numbered 0 to {}",
                        crate::device::MAX_ATOMIC_COUNTERS - 1
                    ),
                );
            }
            _ => {}
        }
        let mut regs = Vec::new();
        for o in &i.operands {
            match &o.kind {
                OperandKind::Reg(r) => regs.push((o.loc, r)),
                OperandKind::Group(g) => {
                    for o in g {
                        if let OperandKind::Reg(r) = &o.kind {
                            regs.push((o.loc, r));
                        }
                    }
                }
                OperandKind::Num(_) => {}
            }
        }
        if i.op.class == Class::Decl {
            return;
        }
        for (loc, r) in regs {
            let n = r.num.unwrap_or(0);
            let ok = match r.file {
                RegFile::ConstBuf => self.declared.cb.contains(&n),
                RegFile::Literal => self.declared.literal.contains(&n),
                RegFile::IndexedTemp => self.declared.temp_array.contains(&n),
                _ => true,
            };
            if !ok {
                let decl = match r.file {
                    RegFile::ConstBuf => "dcl_cb",
                    RegFile::Literal => "dcl_literal",
                    _ => "dcl_indexed_temp_array",
                };
                self.error(
                    loc,
                    format!("`{}{n}` is not declared", r.file.prefix()),
                    format!("expected a `{decl}` for it"),
                );
            }
            if let Some(Index { base: Some(b), .. }) = &r.index {
                if b.file == RegFile::Literal && !self.declared.literal.contains(&b.num) {
                    self.error(
                        loc,
                        format!("`l{}` is not declared", b.num),
                        "expected a `dcl_literal` for it",
                    );
                }
            }
        }
    }

    fn operands(&mut self, i: &Inst) {
        let op = i.op;
        self.pair_mask(i);
        for (k, o) in i.operands.iter().enumerate() {
            let is_dst = k < op.dst as usize;
            let r = match &o.kind {
                OperandKind::Reg(r) => r,
                OperandKind::Num(_) if op.needs == Needs::Number && k == 0 => continue,
                OperandKind::Num(_) => {
                    self.error(
                        o.loc,
                        "a number cannot be an operand here",
                        "expected a register",
                    );
                    continue;
                }
                OperandKind::Group(_) => {
                    self.error(
                        o.loc,
                        "an operand group is only allowed in `mcall`",
                        "expected a register",
                    );
                    continue;
                }
            };
            if is_dst {
                if !matches!(
                    r.file,
                    RegFile::Temp
                        | RegFile::Output
                        | RegFile::Mem
                        | RegFile::IndexedTemp
                        | RegFile::Global
                        | RegFile::MacroOut
                        | RegFile::Shared
                ) {
                    self.error(
                        o.loc,
                        format!("`{}` registers cannot be written", r.file.prefix()),
                        "expected a writable destination such as `r0`, `mem0`, `x0[...]`",
                    );
                }
                if let Some(m) = &r.swizzle {
                    if !mask_ok(m) {
                        self.error(
                            o.loc,
                            format!("illegal write mask `.{m}`"),
                            "expected up to 4 of `x y z w _ 0 1`, each component at most once and in order",
                        );
                    }
                }
                for m in &r.mods {
                    if SRC_ONLY_MODS.contains(&m.name.as_str()) {
                        self.error(
                            o.loc,
                            format!("`_{}` is a source modifier", m.name),
                            "not allowed on a destination",
                        );
                    }
                }
            } else {
                if let Some(s) = &r.swizzle {
                    if s.contains('_') {
                        self.error(
                            o.loc,
                            format!("illegal swizzle `.{s}`"),
                            "a source swizzle uses only `x y z w 0 1`",
                        );
                    }
                }
                for m in &r.mods {
                    if DST_ONLY_MODS.contains(&m.name.as_str()) {
                        self.error(
                            o.loc,
                            format!("`_{}` is a destination modifier", m.name),
                            "not allowed on a source",
                        );
                    }
                }
                if r.file == RegFile::Mem {
                    self.error(
                        o.loc,
                        "`mem` cannot be read",
                        "`mem` is only a store destination",
                    );
                }
            }
        }
        // Stores name `mem` as destination; other ALU ops must not.
        if op.dst == 1 {
            if let Some(OperandKind::Reg(r)) = i.operands.first().map(|o| &o.kind) {
                let store = op.is_store();
                if store != (r.file == RegFile::Mem) {
                    let loc = i.operands[0].loc;
                    if store {
                        self.error(
                            loc,
                            format!("`{}` writes memory", op.mnemonic()),
                            "expected `memN.mask` as destination",
                        );
                    } else {
                        self.error(
                            loc,
                            "`mem` is only a store destination",
                            "expected a register",
                        );
                    }
                }
            }
        }
    }

    fn flow(&mut self, i: &Inst) {
        use Opcode::*;
        let name = i.op.mnemonic();
        let loc = i.loc;
        let top = self.stack.last().map(|s| s.0);
        match i.op {
            IfLogicalnz | IfLogicalz | Ifc => self.stack.push((Open::If, loc, name)),
            Else => match top {
                Some(Open::If) => {
                    if let Some(t) = self.stack.last_mut() {
                        t.0 = Open::Else;
                    }
                }
                _ => self.error(loc, "`else` without `if`", "expected an open `if_*` block"),
            },
            Endif => self.close(loc, &[Open::If, Open::Else], "endif", "`if_*`"),
            Whileloop | Loop => self.stack.push((Open::Loop, loc, name)),
            Endloop => self.close(loc, &[Open::Loop], "endloop", "`whileloop`"),
            Switch => self.stack.push((Open::Switch, loc, name)),
            Case | Default if top != Some(Open::Switch) => {
                self.error(
                    loc,
                    format!("`{name}` outside `switch`"),
                    "expected an open `switch`",
                );
            }
            Endswitch => self.close(loc, &[Open::Switch], "endswitch", "`switch`"),
            Func => {
                if !self.stack.is_empty() {
                    self.error(
                        loc,
                        "`func` inside another block",
                        "close the open blocks first",
                    );
                }
                self.stack.push((Open::Func, loc, name));
            }
            Endfunc => self.close(loc, &[Open::Func], "endfunc", "`func`"),
            Mdef => self.stack.push((Open::Macro, loc, name)),
            Mend => self.close(loc, &[Open::Macro], "mend", "`mdef`"),
            Break | BreakLogicalnz | BreakLogicalz | Breakc => {
                let ok = self
                    .stack
                    .iter()
                    .rev()
                    .take_while(|s| !matches!(s.0, Open::Func | Open::Macro))
                    .any(|s| matches!(s.0, Open::Loop | Open::Switch));
                if !ok {
                    self.error(
                        loc,
                        format!("`{name}` outside a loop or switch"),
                        "expected an enclosing `whileloop` or `switch`",
                    );
                }
            }
            Continue | ContinueLogicalnz | ContinueLogicalz | Continuec => {
                let ok = self
                    .stack
                    .iter()
                    .rev()
                    .take_while(|s| !matches!(s.0, Open::Func | Open::Macro))
                    .any(|s| s.0 == Open::Loop);
                if !ok {
                    self.error(
                        loc,
                        format!("`{name}` outside a loop"),
                        "expected an enclosing `whileloop`",
                    );
                }
            }
            Endmain | End => {
                if let Some((_, oloc, oname)) = self.stack.last().copied() {
                    self.diags.push(
                        Diagnostic::error(format!("`{name}` inside an open `{oname}`"))
                            .at(loc.0, "the block is still open here")
                            .also(oloc.0, "opened here"),
                    );
                    self.stack.clear();
                }
            }
            _ => {}
        }
    }

    fn close(&mut self, loc: Loc, accept: &[Open], name: &str, opener: &str) {
        match self.stack.last() {
            Some((o, _, _)) if accept.contains(o) => {
                self.stack.pop();
            }
            Some((_, oloc, oname)) => {
                let (oloc, oname) = (*oloc, *oname);
                self.diags.push(
                    Diagnostic::error(format!("`{name}` does not match the open `{oname}`"))
                        .at(loc.0, format!("expected the end of `{oname}` first"))
                        .also(oloc.0, "opened here"),
                );
                self.stack.pop();
            }
            None => self.error(
                loc,
                format!("`{name}` without {opener}"),
                format!("expected an open {opener}"),
            ),
        }
    }
}

impl Validator<'_> {
    /// 64-bit results (integers and doubles on `.xy`) must be written to a pair of
    /// components: `x` and `y`, or `z` and `w`.
    fn pair_mask(&mut self, i: &Inst) {
        let name = i.op.mnemonic();
        if !i.op.writes_pair() {
            return;
        }
        let Some(o) = i.operands.first() else { return };
        let OperandKind::Reg(r) = &o.kind else { return };
        let written = written_components(r.swizzle.as_deref());
        if written != [true, true, false, false] && written != [false, false, true, true] {
            self.error(
                o.loc,
                format!("`{name}` writes a 64-bit value"),
                "expected a destination mask of `.xy` or `.zw`",
            );
        }
    }
}

/// Which components a destination mask writes (a `0`/`1` counts as written).
fn written_components(mask: Option<&str>) -> [bool; 4] {
    let Some(m) = mask else {
        return [true; 4];
    };
    let mut w = [false; 4];
    for (pos, c) in m.chars().enumerate() {
        match c {
            'x' => w[0] = true,
            'y' => w[1] = true,
            'z' => w[2] = true,
            'w' => w[3] = true,
            '0' | '1' if pos < 4 => w[pos] = true,
            _ => {}
        }
    }
    w
}

/// A destination mask: up to 4 characters from `xyzw_01`; each letter at most once and
/// in x, y, z, w order; `0`/`1` set the component at their position.
fn mask_ok(m: &str) -> bool {
    if m.is_empty() || m.len() > 4 {
        return false;
    }
    let mut last: i32 = -1;
    let mut seen = BTreeSet::new();
    for (pos, c) in m.chars().enumerate() {
        match c {
            'x' | 'y' | 'z' | 'w' => {
                let k = "xyzw".find(c).unwrap_or(0) as i32;
                if k <= last || !seen.insert(k) {
                    return false;
                }
                last = k;
            }
            '0' | '1' => {
                let k = pos as i32;
                if k <= last || !seen.insert(k) {
                    return false;
                }
                last = k;
            }
            '_' => {}
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::mask_ok;

    #[test]
    fn masks() {
        for ok in [
            "x", "xy", "x___", "_y__", "xyz0", "y_w", "0000", "xyz1", "__z_",
        ] {
            assert!(mask_ok(ok), "{ok}");
        }
        for bad in ["yx", "xx", "xyzwx", "q", ""] {
            assert!(!mask_ok(bad), "{bad}");
        }
    }
}
