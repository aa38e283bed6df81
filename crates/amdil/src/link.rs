//! The multi-kernel linker of docs/spec/amd-runtime-abi.md#multi-kernel-programs-and-linking. A compilation
//! unit holds one `main` (setup code, the `;$$$$$$$$$$` pseudo-instruction, `endmain`),
//! then every function (`func N` ... `endfunc`) each followed by its metadata block. To
//! run one kernel the runtime keeps `main`, the kernel's wrapper function and everything
//! reachable from it through `;function:` call-graph lines (and `call N` instructions),
//! adds the intrinsics named by `;intrinsic:` lines from a macro library, and replaces
//! `;$$$$$$$$$$` by `call <kernel id>`. A program the runtime already linked (its text
//! patched in place: `call N;$` where the mark was, one kernel and what it reaches) has
//! no link point left; it links again only for the kernel main calls, unchanged.
//! A compiler declares the literal pool of the whole
//! unit in main; of those declarations the linked kernel keeps the ones its code reads,
//! so that it does not grow with the number of kernels in the unit. [`Linker`] reads a
//! unit once for linking many kernels.

use std::collections::{BTreeSet, HashMap};

use thiserror::Error;

use crate::ast::*;
use crate::metadata::{read_metadata, strip_debug, DataSegment, KernelMetadata, PrintfFmt};
use crate::opcodes::Opcode;

/// The link pseudo-instruction, without its leading `;`.
pub const LINK_MARK: &str = "$$$$$$$$$$";

/// A kernel ready to run: one `main` that calls it and the code it reaches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkedKernel {
    /// The kernel's name as in its metadata block (e.g. `__OpenCL_foo_kernel`).
    pub name: String,
    /// The id that `main` calls.
    pub entry: u32,
    /// `main`, the reached functions and macros, then `end`.
    pub program: Program,
    pub metadata: KernelMetadata,
    /// The data segments of the unit (all kernels share them).
    pub data: Vec<DataSegment>,
    /// `;printf_fmt` entries of the kernel and every function it reaches, by id order.
    pub printf: Vec<PrintfFmt>,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LinkError {
    #[error("no kernel named `{0}` (no `;ARGSTART:{0}` or `;ARGSTART:__OpenCL_{0}_kernel` block)")]
    NoKernel(String),
    #[error("the metadata of `{0}` has no `;uniqueid:`")]
    NoId(String),
    #[error("function {id} is called from function {from} but not defined")]
    MissingFunction { id: u32, from: u32 },
    #[error("intrinsic {0} is not in the intrinsic library")]
    MissingIntrinsic(u32),
    #[error("the program has no `;$$$$$$$$$$` link point in main, and main calls no kernel")]
    NoLinkPoint,
    #[error("cannot link `{kernel}`: the program is already linked (main has no `;$$$$$$$$$$` link point and calls function {called})")]
    LinkedToAnother { kernel: String, called: String },
    #[error("the program has no `endmain`")]
    NoEndmain,
    #[error("the metadata is malformed: {0}")]
    Metadata(String),
}

/// Byte-exact text patch as the AMD runtime does it: `;$$$$$$$$$$` becomes `call N;`
/// padded with `$` to the same length. `None` when there is no mark or the id has more
/// than 5 digits.
pub fn patch_text(source: &str, id: u32) -> Option<String> {
    let mark = format!(";{LINK_MARK}");
    let at = source.find(&mark)?;
    let call = format!("call {id};");
    if call.len() > mark.len() {
        return None;
    }
    let mut out = String::with_capacity(source.len());
    out.push_str(&source[..at]);
    out.push_str(&call);
    out.extend(std::iter::repeat_n('$', mark.len() - call.len()));
    out.push_str(&source[at + mark.len()..]);
    Some(out)
}

struct Unit {
    main: Vec<Line>,
    /// Main's `dcl_literal` lines by literal number. A compiler declares the literal
    /// pool of the whole unit in main; a linked kernel keeps only the literals its code
    /// uses, so that linking every kernel of a unit stays linear in the unit's size.
    main_lits: HashMap<u32, Vec<usize>>,
    /// Main's other lines, and the literals they use.
    main_rest: Vec<usize>,
    main_uses: BTreeSet<u32>,
    funcs: HashMap<u32, Vec<Line>>,
    macros: HashMap<u32, Vec<Line>>,
    /// Position of each function in the unit (its first definition).
    func_pos: HashMap<u32, usize>,
}

fn split(program: &Program) -> Result<Unit, LinkError> {
    let mut main = Vec::new();
    let mut funcs = HashMap::new();
    let mut macros = HashMap::new();
    let mut func_pos = HashMap::new();
    let mut cur: Option<(bool, u32, Vec<Line>)> = None;
    let mut main_done = false;
    for l in &program.lines {
        let inst = match &l.kind {
            LineKind::Inst(i) => Some(i),
            _ => None,
        };
        if let Some((is_macro, id, body)) = cur.as_mut() {
            body.push(l.clone());
            let closes = inst.is_some_and(|i| {
                (*is_macro && i.op == Opcode::Mend) || (!*is_macro && i.op == Opcode::Endfunc)
            });
            if closes {
                let (m, id, body) = (*is_macro, *id, std::mem::take(body));
                if m {
                    macros.insert(id, body);
                } else {
                    funcs.insert(id, body);
                }
                if !m {
                    let n = func_pos.len();
                    func_pos.entry(id).or_insert(n);
                }
                cur = None;
            }
            continue;
        }
        match inst {
            Some(i) if i.op == Opcode::Func => {
                let id = i
                    .number()
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(u32::MAX);
                cur = Some((false, id, vec![l.clone()]));
            }
            Some(i) if i.op == Opcode::Mdef => {
                let id = i
                    .paren
                    .as_deref()
                    .and_then(|p| p.parse().ok())
                    .unwrap_or(u32::MAX);
                cur = Some((true, id, vec![l.clone()]));
            }
            Some(i) if i.op == Opcode::End => {}
            _ if !main_done => {
                main.push(l.clone());
                if inst.is_some_and(|i| i.op == Opcode::Endmain) {
                    main_done = true;
                }
            }
            _ => {}
        }
    }
    if !main_done {
        return Err(LinkError::NoEndmain);
    }
    let mut main_lits: HashMap<u32, Vec<usize>> = HashMap::new();
    let mut main_rest = Vec::new();
    let mut main_uses = BTreeSet::new();
    for (k, l) in main.iter().enumerate() {
        match &l.kind {
            LineKind::Inst(i) if i.op == Opcode::DclLiteral => {
                match i.operands.first().map(|o| &o.kind) {
                    Some(OperandKind::Reg(RegOperand {
                        file: RegFile::Literal,
                        num: Some(n),
                        ..
                    })) => main_lits.entry(*n).or_default().push(k),
                    _ => main_rest.push(k),
                }
            }
            _ => {
                literal_uses(std::slice::from_ref(l), &mut main_uses);
                main_rest.push(k);
            }
        }
    }
    Ok(Unit {
        main,
        main_lits,
        main_rest,
        main_uses,
        funcs,
        macros,
        func_pos,
    })
}

fn calls(lines: &[Line]) -> (Vec<u32>, Vec<u32>) {
    let mut f = Vec::new();
    let mut m = Vec::new();
    for l in lines {
        if let LineKind::Inst(i) = &l.kind {
            match i.op {
                Opcode::Call | Opcode::CallLogicalnz | Opcode::CallLogicalz => {
                    if let Some(n) = i.number().and_then(|n| u32::try_from(n).ok()) {
                        f.push(n);
                    }
                }
                Opcode::Mcall => {
                    if let Some(n) = i.paren.as_deref().and_then(|p| p.parse().ok()) {
                        m.push(n);
                    }
                }
                _ => {}
            }
        }
    }
    (f, m)
}

/// Link kernel `name` out of `program`. `intrinsics` is a program holding `mdef`
/// macros for the ids named by `;intrinsic:` lines (may be empty). To link several
/// kernels of one program, make one [`Linker`]: this function reads the whole program.
pub fn link(
    program: &Program,
    name: &str,
    intrinsics: &Program,
) -> Result<LinkedKernel, LinkError> {
    Linker::new(program, intrinsics)?.link(name)
}

/// A program read once for linking any number of its kernels: the metadata, the
/// functions and macros by id, the library's macros. Each [`Linker::link`] then costs
/// only what the kernel reaches, so linking every kernel of a unit is linear in its size.
pub struct Linker {
    md: crate::metadata::ProgramMetadata,
    /// Metadata block index by `;uniqueid:` (the first block with that id).
    by_id: HashMap<u32, usize>,
    /// Metadata block index by name (the first block with that name).
    by_name: HashMap<String, usize>,
    /// The unit split into main, functions and macros; a structural error is reported
    /// when a kernel is linked, after the kernel's own metadata is found.
    unit: Result<Unit, LinkError>,
    lib: HashMap<u32, Vec<Line>>,
}

impl Linker {
    /// Read `program` (its metadata must be well formed) and the macro library.
    pub fn new(program: &Program, intrinsics: &Program) -> Result<Linker, LinkError> {
        let program = strip_debug(program);
        let mut diags = kauai_diag::Diagnostics::new();
        let md = read_metadata(&program, &mut diags);
        if let Some(d) = diags.iter().find(|d| d.is_error()) {
            return Err(LinkError::Metadata(d.message.clone()));
        }
        let mut by_id = HashMap::new();
        let mut by_name = HashMap::new();
        for (i, k) in md.kernels.iter().enumerate() {
            if let Some(id) = k.unique_id() {
                by_id.entry(id).or_insert(i);
            }
            by_name.entry(k.name.clone()).or_insert(i);
        }
        Ok(Linker {
            unit: split(&program),
            lib: split_library(intrinsics),
            md,
            by_id,
            by_name,
        })
    }

    /// The block named `__OpenCL_<name>_kernel`, or else the one named `name`
    /// ([`crate::metadata::ProgramMetadata::kernel`]'s rule).
    fn kernel(&self, name: &str) -> Option<&KernelMetadata> {
        self.by_name
            .get(&format!("__OpenCL_{name}_kernel"))
            .or_else(|| self.by_name.get(name))
            .map(|&i| &self.md.kernels[i])
    }

    fn by_id(&self, id: u32) -> Option<&KernelMetadata> {
        self.by_id.get(&id).map(|&i| &self.md.kernels[i])
    }

    /// Link kernel `name`.
    pub fn link(&self, name: &str) -> Result<LinkedKernel, LinkError> {
        let kmd = self
            .kernel(name)
            .ok_or_else(|| LinkError::NoKernel(name.to_string()))?;
        let entry = kmd
            .unique_id()
            .ok_or_else(|| LinkError::NoId(kmd.name.clone()))?;
        let unit = self.unit.as_ref().map_err(Clone::clone)?;
        let lib = &self.lib;

        // Walk the call graph from the kernel's wrapper.
        let mut funcs = BTreeSet::new();
        let mut macros = BTreeSet::new();
        let mut work = vec![(entry, entry)];
        while let Some((id, from)) = work.pop() {
            if !funcs.insert(id) {
                continue;
            }
            let Some(body) = unit.funcs.get(&id) else {
                funcs.remove(&id);
                return Err(LinkError::MissingFunction { id, from });
            };
            let (f, m) = calls(body);
            let mut callees = f;
            let mut intr = Vec::new();
            if let Some(fmd) = self.by_id(id) {
                callees.extend(fmd.functions());
                intr = fmd.intrinsics();
            }
            for c in callees {
                if !funcs.contains(&c) {
                    work.push((c, id));
                }
            }
            for m in m {
                macros.insert(m);
            }
            for i in intr {
                if !unit.macros.contains_key(&i) && !lib.contains_key(&i) {
                    return Err(LinkError::MissingIntrinsic(i));
                }
                macros.insert(i);
            }
        }
        // Macros may call macros.
        let mut pending: Vec<u32> = macros.iter().copied().collect();
        while let Some(m) = pending.pop() {
            let body = unit.macros.get(&m).or_else(|| lib.get(&m));
            let Some(body) = body else {
                return Err(LinkError::MissingIntrinsic(m));
            };
            for inner in calls(body).1 {
                if macros.insert(inner) {
                    pending.push(inner);
                }
            }
        }

        // Main's lines, with the literal declarations the kernel's code uses.
        let mut uses = unit.main_uses.clone();
        for id in &funcs {
            if let Some(b) = unit.funcs.get(id) {
                literal_uses(b, &mut uses);
            }
        }
        for m in &macros {
            if let Some(b) = unit.macros.get(m).or_else(|| lib.get(m)) {
                literal_uses(b, &mut uses);
            }
        }
        let mut keep = unit.main_rest.clone();
        for n in &uses {
            if let Some(ks) = unit.main_lits.get(n) {
                keep.extend(ks.iter().copied());
            }
        }
        keep.sort_unstable();
        let mut out = Program::default();
        let mut patched = false;
        for l in keep.iter().map(|&k| &unit.main[k]) {
            if let LineKind::Comment(c) = &l.kind {
                if !patched && c.trim_end() == LINK_MARK {
                    out.lines.push(call_line(entry, l.loc));
                    patched = true;
                    continue;
                }
            }
            out.lines.push(l.clone());
        }
        if !patched {
            // Output the AMD runtime already linked (one kernel, the link point patched
            // in place, `call N;$`) runs as it is, but only for the kernel main calls.
            let (called, _) = calls(&unit.main);
            match called.first() {
                _ if called.contains(&entry) => {}
                Some(&id) => {
                    return Err(LinkError::LinkedToAnother {
                        kernel: kmd.name.clone(),
                        called: self
                            .by_id(id)
                            .map_or_else(|| id.to_string(), |k| format!("{id} (`{}`)", k.name)),
                    })
                }
                None => return Err(LinkError::NoLinkPoint),
            }
        }
        for m in &macros {
            if let Some(b) = unit.macros.get(m) {
                out.lines.extend(b.iter().cloned());
            } else if let Some(b) = lib.get(m) {
                out.lines.extend(b.iter().cloned());
            }
        }
        // Functions in unit order: only the reached ones are visited.
        let mut reached: Vec<(usize, u32)> = funcs
            .iter()
            .filter_map(|id| unit.func_pos.get(id).map(|p| (*p, *id)))
            .collect();
        reached.sort_unstable();
        for (_, id) in reached {
            if let Some(b) = unit.funcs.get(&id) {
                out.lines.extend(b.iter().cloned());
            }
        }
        out.lines.push(end_line());
        let mut printf: Vec<PrintfFmt> = funcs
            .iter()
            .filter_map(|id| self.by_id(*id))
            .flat_map(|m| m.printf_formats().into_iter().cloned())
            .collect();
        printf.sort_by_key(|p| p.id);
        printf.dedup_by_key(|p| p.id);
        Ok(LinkedKernel {
            name: kmd.name.clone(),
            entry,
            program: out,
            metadata: kmd.clone(),
            data: self.md.data.clone(),
            printf,
        })
    }
}

/// The literal registers (`lN`, as operands or in an index) that `lines` read.
fn literal_uses(lines: &[Line], out: &mut BTreeSet<u32>) {
    fn operand(o: &Operand, out: &mut BTreeSet<u32>) {
        match &o.kind {
            OperandKind::Reg(r) => {
                if let (RegFile::Literal, Some(n)) = (r.file, r.num) {
                    out.insert(n);
                }
                if let Some(Index { base: Some(b), .. }) = &r.index {
                    if b.file == RegFile::Literal {
                        out.insert(b.num);
                    }
                }
            }
            OperandKind::Group(g) => g.iter().for_each(|o| operand(o, out)),
            OperandKind::Num(_) => {}
        }
    }
    for l in lines {
        if let LineKind::Inst(i) = &l.kind {
            i.operands.iter().for_each(|o| operand(o, out));
        }
    }
}

fn split_library(lib: &Program) -> HashMap<u32, Vec<Line>> {
    let mut out = HashMap::new();
    let mut cur: Option<(u32, Vec<Line>)> = None;
    for l in &lib.lines {
        let inst = match &l.kind {
            LineKind::Inst(i) => Some(i),
            _ => None,
        };
        if let Some((id, body)) = cur.as_mut() {
            body.push(l.clone());
            if inst.is_some_and(|i| i.op == Opcode::Mend) {
                out.insert(*id, std::mem::take(body));
                cur = None;
            }
            continue;
        }
        if let Some(i) = inst.filter(|i| i.op == Opcode::Mdef) {
            if let Some(id) = i.paren.as_deref().and_then(|p| p.parse().ok()) {
                cur = Some((id, vec![l.clone()]));
            }
        }
    }
    out
}

fn call_line(id: u32, loc: Loc) -> Line {
    Line {
        kind: LineKind::Inst(Inst {
            op: Opcode::Call,
            paren: None,
            controls: Vec::new(),
            operands: vec![Operand {
                kind: OperandKind::Num(Number::Dec(id as i64)),
                loc,
            }],
            loc,
        }),
        comment: None,
        loc,
    }
}

fn end_line() -> Line {
    Line {
        kind: LineKind::Inst(Inst {
            op: Opcode::End,
            paren: None,
            controls: Vec::new(),
            operands: Vec::new(),
            loc: Loc::default(),
        }),
        comment: None,
        loc: Loc::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_patch_keeps_the_length() {
        let src = "mov r0, r1\n;$$$$$$$$$$\nendmain\n";
        let p = patch_text(src, 1024).unwrap();
        assert_eq!(p, "mov r0, r1\ncall 1024;$\nendmain\n");
        assert_eq!(p.len(), src.len());
        assert_eq!(
            patch_text(src, 12345).unwrap(),
            "mov r0, r1\ncall 12345;\nendmain\n"
        );
        assert_eq!(patch_text(src, 123456), None);
        assert_eq!(patch_text("endmain", 1), None);
    }

    /// A program whose link point the runtime consumed (`call N;$` in main) links again
    /// for that kernel, unchanged, and refuses the others with what main calls.
    #[test]
    fn consumed_link_point_runs_only_its_kernel() {
        let unit = "il_cs_2_0\ndcl_cb cb0[9]\n;$$$$$$$$$$\nendmain\n\
            func 1030 ; __OpenCL_a_kernel\nret\nendfunc\n\
            ;ARGSTART:__OpenCL_a_kernel\n;uniqueid:1030\n;ARGEND:__OpenCL_a_kernel\n\
            func 1031 ; __OpenCL_b_kernel\nret\nendfunc\n\
            ;ARGSTART:__OpenCL_b_kernel\n;uniqueid:1031\n;ARGEND:__OpenCL_b_kernel\nend\n";
        let parse = |t: &str| {
            let mut d = kauai_diag::Diagnostics::new();
            let p = crate::parse_str(t, kauai_diag::FileId(0), &mut d);
            assert!(d.is_empty(), "{d:?}");
            p
        };
        let lib = Program::default();
        let linked = patch_text(unit, 1030).expect("a link point");
        let again = link(&parse(&linked), "a", &lib).expect("the kernel main calls");
        let first = link(&parse(unit), "a", &lib).expect("the unit links");
        assert_eq!(again.entry, 1030);
        // Both mains call 1030 once; the patched one keeps its `;$` comment.
        let (c1, _) = calls(&again.program.lines);
        let (c2, _) = calls(&first.program.lines);
        assert_eq!(c1, c2);
        let err = link(&parse(&linked), "b", &lib).expect_err("main calls a");
        assert_eq!(
            err.to_string(),
            "cannot link `__OpenCL_b_kernel`: the program is already linked (main has no `;$$$$$$$$$$` link point and calls function 1030 (`__OpenCL_a_kernel`))"
        );
        let bare = unit.replace(";$$$$$$$$$$\n", "");
        assert_eq!(link(&parse(&bare), "a", &lib), Err(LinkError::NoLinkPoint));
    }
}
