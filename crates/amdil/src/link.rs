//! The multi-kernel linker of seed 000 ("Multiple Kernel Compilation"). A compilation
//! unit holds one `main` (setup code, the `;$$$$$$$$$$` pseudo-instruction, `endmain`),
//! then every function (`func N` ... `endfunc`) each followed by its metadata block. To
//! run one kernel the runtime keeps `main`, the kernel's wrapper function and everything
//! reachable from it through `;function:` call-graph lines (and `call N` instructions),
//! adds the intrinsics named by `;intrinsic:` lines from a macro library, and replaces
//! `;$$$$$$$$$$` by `call <kernel id>`.

use std::collections::{BTreeSet, HashMap};

use thiserror::Error;

use crate::ast::*;
use crate::metadata::{read_metadata, strip_debug, DataSegment, KernelMetadata, PrintfFmt};

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
    #[error("the program has no `;$$$$$$$$$$` link point in main")]
    NoLinkPoint,
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
    funcs: HashMap<u32, Vec<Line>>,
    macros: HashMap<u32, Vec<Line>>,
    order: Vec<(bool, u32)>,
}

fn split(program: &Program) -> Result<Unit, LinkError> {
    let mut main = Vec::new();
    let mut funcs = HashMap::new();
    let mut macros = HashMap::new();
    let mut order = Vec::new();
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
                (*is_macro && i.op.name == "mend") || (!*is_macro && i.op.name == "endfunc")
            });
            if closes {
                let (m, id, body) = (*is_macro, *id, std::mem::take(body));
                if m {
                    macros.insert(id, body);
                } else {
                    funcs.insert(id, body);
                }
                order.push((m, id));
                cur = None;
            }
            continue;
        }
        match inst {
            Some(i) if i.op.name == "func" => {
                let id = i
                    .number()
                    .and_then(|n| u32::try_from(n).ok())
                    .unwrap_or(u32::MAX);
                cur = Some((false, id, vec![l.clone()]));
            }
            Some(i) if i.op.name == "mdef" => {
                let id = i
                    .paren
                    .as_deref()
                    .and_then(|p| p.parse().ok())
                    .unwrap_or(u32::MAX);
                cur = Some((true, id, vec![l.clone()]));
            }
            Some(i) if i.op.name == "end" => {}
            _ if !main_done => {
                main.push(l.clone());
                if inst.is_some_and(|i| i.op.name == "endmain") {
                    main_done = true;
                }
            }
            _ => {}
        }
    }
    if !main_done {
        return Err(LinkError::NoEndmain);
    }
    Ok(Unit {
        main,
        funcs,
        macros,
        order,
    })
}

fn calls(lines: &[Line]) -> (Vec<u32>, Vec<u32>) {
    let mut f = Vec::new();
    let mut m = Vec::new();
    for l in lines {
        if let LineKind::Inst(i) = &l.kind {
            match i.op.name {
                "call" | "call_logicalnz" | "call_logicalz" => {
                    if let Some(n) = i.number().and_then(|n| u32::try_from(n).ok()) {
                        f.push(n);
                    }
                }
                "mcall" => {
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
/// macros for the ids named by `;intrinsic:` lines (may be empty).
pub fn link(
    program: &Program,
    name: &str,
    intrinsics: &Program,
) -> Result<LinkedKernel, LinkError> {
    let program = strip_debug(program);
    let mut diags = kauai_diag::Diagnostics::new();
    let md = read_metadata(&program, &mut diags);
    if let Some(d) = diags.iter().find(|d| d.is_error()) {
        return Err(LinkError::Metadata(d.message.clone()));
    }
    let kmd = md
        .kernel(name)
        .ok_or_else(|| LinkError::NoKernel(name.to_string()))?;
    let entry = kmd
        .unique_id()
        .ok_or_else(|| LinkError::NoId(kmd.name.clone()))?;
    let unit = split(&program)?;
    let lib = split_library(intrinsics);

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
        if let Some(fmd) = md.by_id(id) {
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

    let mut out = Program::default();
    let mut patched = false;
    for l in &unit.main {
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
        return Err(LinkError::NoLinkPoint);
    }
    for m in &macros {
        if let Some(b) = unit.macros.get(m) {
            out.lines.extend(b.iter().cloned());
        } else if let Some(b) = lib.get(m) {
            out.lines.extend(b.iter().cloned());
        }
    }
    for (is_macro, id) in &unit.order {
        if !is_macro && funcs.contains(id) {
            if let Some(b) = unit.funcs.get(id) {
                out.lines.extend(b.iter().cloned());
            }
        }
    }
    out.lines.push(end_line());
    let mut printf: Vec<PrintfFmt> = funcs
        .iter()
        .filter_map(|id| md.by_id(*id))
        .flat_map(|m| m.printf_formats().into_iter().cloned())
        .collect();
    printf.sort_by_key(|p| p.id);
    printf.dedup_by_key(|p| p.id);
    Ok(LinkedKernel {
        name: kmd.name.clone(),
        entry,
        program: out,
        metadata: kmd.clone(),
        data: md.data.clone(),
        printf,
    })
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
            if inst.is_some_and(|i| i.op.name == "mend") {
                out.insert(*id, std::mem::take(body));
                cur = None;
            }
            continue;
        }
        if let Some(i) = inst.filter(|i| i.op.name == "mdef") {
            if let Some(id) = i.paren.as_deref().and_then(|p| p.parse().ok()) {
                cur = Some((id, vec![l.clone()]));
            }
        }
    }
    out
}

fn call_line(id: u32, loc: Loc) -> Line {
    let op = crate::opcodes::lookup("call");
    match op {
        Some(op) => Line {
            kind: LineKind::Inst(Inst {
                op,
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
        },
        None => Line {
            kind: LineKind::Comment(format!("call {id}")),
            comment: None,
            loc,
        },
    }
}

fn end_line() -> Line {
    match crate::opcodes::lookup("end") {
        Some(op) => Line {
            kind: LineKind::Inst(Inst {
                op,
                paren: None,
                controls: Vec::new(),
                operands: Vec::new(),
                loc: Loc::default(),
            }),
            comment: None,
            loc: Loc::default(),
        },
        None => Line {
            kind: LineKind::Blank,
            comment: None,
            loc: Loc::default(),
        },
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
}
