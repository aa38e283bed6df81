//! `printf` in the IR: per-call-site callees and the module's printf table.
//!
//! The contract every producer and consumer relies on:
//!
//! - a `printf` call is a call to a declared function named `__kauai_printf.<ID>`
//!   ([`callee_name`], [`printf_id`]) whose parameters are exactly the argument types
//!   after OpenCL's promotions (`char`/`short` become `i32`, `float` becomes `f64` when
//!   the device has doubles, vectors stay as they are) and which returns `i32`: 0 when
//!   the record was written, -1 when it was not (the buffer was full);
//! - `<ID>` indexes the module's printf table, kept in module metadata as
//!   `!kauai.printf.<ID> = ("format", N, "type1", ..., "typeN", "string1", ...)`: the
//!   format (decoded, up to its first NUL), the N run-time argument types, then one
//!   item per `%s` conversion ([`StrArg`]): a string known at compile time (a literal,
//!   recorded here instead of being passed at run time), or the index of the run-time
//!   argument, a `__constant` pointer (`ptr2`), whose string is read when the call is
//!   made. [`printf_table`] reads it;
//! - the table is plain metadata, so it prints and parses with the text form and
//!   survives every pass (calls to declarations have side effects and are never
//!   removed). Several call sites may share an entry (the front end gives identical
//!   format, types and strings one id); an entry nothing calls is harmless;
//! - linking renumbers the entries of the module linked in ([`renumber`]) so ids stay
//!   unique;
//! - [`check`] (run by the verifier) guarantees that every format parses under
//!   OpenCL's rules (`kauai_printf::parse`) and that the argument types are exactly the
//!   ones its conversions take, so an executor can format without re-checking.

use crate::function::{Function, MetaValue, Param};
use crate::module::Module;
use crate::types::{AddrSpace, Scalar, Type};
use crate::FuncId;
use kauai_printf::{ArgKind, Elem};

/// The callee name prefix of printf call sites.
pub const CALLEE_PREFIX: &str = "__kauai_printf.";
/// The module metadata key prefix of printf table entries.
pub const META_PREFIX: &str = "kauai.printf.";

/// One printf table entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintfEntry {
    pub id: u32,
    /// The format string, C escapes decoded, ending before its first NUL.
    pub format: String,
    /// The run-time arguments, in order: the callee's parameter types.
    pub args: Vec<Type>,
    /// The `%s` arguments, in the order of the `%s` conversions.
    pub strings: Vec<StrArg>,
}

/// What a `%s` conversion prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StrArg {
    /// A string known at compile time (metadata: the string).
    Literal(String),
    /// The NUL-terminated string a run-time argument points to: the index of that
    /// argument among the call's arguments, a `__constant` pointer (metadata: the index).
    Arg(u32),
}

impl StrArg {
    pub fn literal(&self) -> Option<&str> {
        match self {
            StrArg::Literal(s) => Some(s),
            StrArg::Arg(_) => None,
        }
    }
}

impl PrintfEntry {
    pub fn callee_name(&self) -> String {
        callee_name(self.id)
    }

    fn to_meta(&self) -> Vec<MetaValue> {
        let mut v = vec![
            MetaValue::Str(self.format.clone()),
            MetaValue::Int(self.args.len() as i64),
        ];
        v.extend(self.args.iter().map(|t| MetaValue::Str(t.to_string())));
        v.extend(self.strings.iter().map(|s| match s {
            StrArg::Literal(s) => MetaValue::Str(s.clone()),
            StrArg::Arg(k) => MetaValue::Int(i64::from(*k)),
        }));
        v
    }

    fn from_meta(id: u32, v: &[MetaValue]) -> Result<PrintfEntry, String> {
        let (Some(MetaValue::Str(format)), Some(MetaValue::Int(n))) = (v.first(), v.get(1)) else {
            return Err("expected (\"format\", number of arguments, types..., strings...)".into());
        };
        let n = usize::try_from(*n)
            .ok()
            .filter(|n| 2 + n <= v.len())
            .ok_or("the number of arguments does not fit the entry")?;
        let mut args = Vec::with_capacity(n);
        for m in &v[2..2 + n] {
            match m {
                MetaValue::Str(s) => args.push(
                    Type::parse_value(s)
                        .filter(|t| *t != Type::Void)
                        .ok_or_else(|| format!("`{s}` is not an argument type"))?,
                ),
                MetaValue::Int(_) => return Err("an argument type is a number".into()),
            }
        }
        let strings = v[2 + n..]
            .iter()
            .map(|m| match m {
                MetaValue::Str(s) => Ok(StrArg::Literal(s.clone())),
                MetaValue::Int(k) => u32::try_from(*k)
                    .map(StrArg::Arg)
                    .map_err(|_| format!("{k} is not an argument index")),
            })
            .collect::<Result<_, _>>()?;
        Ok(PrintfEntry {
            id,
            format: format.clone(),
            args,
            strings,
        })
    }
}

pub fn callee_name(id: u32) -> String {
    format!("{CALLEE_PREFIX}{id}")
}

/// The printf id of a call site's callee name (`__kauai_printf.7` gives 7).
pub fn printf_id(callee: &str) -> Option<u32> {
    let digits = callee.strip_prefix(CALLEE_PREFIX)?;
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    digits.parse().ok()
}

fn meta_id(key: &str) -> Option<u32> {
    let digits = key.strip_prefix(META_PREFIX)?;
    if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
        return None;
    }
    digits.parse().ok()
}

/// The module's printf table, by id. Malformed entries (which the verifier reports) are
/// left out.
pub fn printf_table(m: &Module) -> Vec<PrintfEntry> {
    let mut t: Vec<PrintfEntry> = m
        .metadata
        .iter()
        .filter_map(|(k, v)| PrintfEntry::from_meta(meta_id(k)?, v).ok())
        .collect();
    t.sort_by_key(|e| e.id);
    t
}

/// The table entry of one id.
pub fn printf_entry(m: &Module, id: u32) -> Option<PrintfEntry> {
    let v = m.metadata.get(&format!("{META_PREFIX}{id}"))?;
    PrintfEntry::from_meta(id, v).ok()
}

/// The entry with this format, argument types and strings, added (with the next free
/// id and its callee declared) if the table has none. Returns the id and the callee.
pub fn find_or_add(
    m: &mut Module,
    format: &str,
    args: &[Type],
    strings: &[StrArg],
) -> (u32, FuncId) {
    let table = printf_table(m);
    let id = match table
        .iter()
        .find(|e| e.format == format && e.args == args && e.strings == strings)
    {
        Some(e) => e.id,
        None => {
            let id = next_id(m);
            let e = PrintfEntry {
                id,
                format: format.to_string(),
                args: args.to_vec(),
                strings: strings.to_vec(),
            };
            m.metadata.insert(format!("{META_PREFIX}{id}"), e.to_meta());
            id
        }
    };
    let f = m.declare(&callee_name(id), args, Type::I32);
    (id, f)
}

/// One more than the largest id in use (by the table or by a callee), 0 for none.
pub fn next_id(m: &Module) -> u32 {
    let from_meta = m.metadata.keys().filter_map(|k| meta_id(k));
    let from_fns = m.functions.values().filter_map(|f| printf_id(&f.name));
    from_meta
        .chain(from_fns)
        .max()
        .map_or(0, |x| x.saturating_add(1))
}

/// Add `by` to every printf id of the module: table keys and callee names.
pub fn renumber(m: &mut Module, by: u32) {
    if by == 0 {
        return;
    }
    let old = std::mem::take(&mut m.metadata);
    for (k, v) in old {
        match meta_id(&k) {
            Some(id) => {
                m.metadata
                    .insert(format!("{META_PREFIX}{}", id.saturating_add(by)), v);
            }
            None => {
                m.metadata.insert(k, v);
            }
        }
    }
    for f in m.functions.values_mut() {
        if let Some(id) = printf_id(&f.name) {
            f.name = callee_name(id.saturating_add(by));
        }
    }
}

/// Is `t` exactly the type a conversion taking `kind` receives?
pub fn arg_type_matches(kind: ArgKind, t: Type) -> bool {
    fn elem_ok(e: Elem, s: Scalar) -> bool {
        match e {
            Elem::Int { bytes, .. } => s.is_int() && s != Scalar::I1 && s.bytes() == bytes as u32,
            Elem::Float { bytes } => s.is_float() && s.bytes() == bytes as u32,
        }
    }
    match (kind, t) {
        // A scalar floating argument is a `double`, or a `float` on devices without
        // doubles.
        (ArgKind::Scalar(Elem::Float { .. }), Type::Scalar(s)) => {
            s == Scalar::F32 || s == Scalar::F64
        }
        (ArgKind::Scalar(e), Type::Scalar(s)) => elem_ok(e, s),
        (
            ArgKind::Vector { lanes, elem },
            Type::Vector {
                elem: s,
                lanes: n,
                scalable: false,
            },
        ) => n == lanes as u32 && elem_ok(elem, s),
        (ArgKind::Ptr, Type::Ptr(_)) => true,
        _ => false,
    }
}

/// Every problem of the printf table and call-site declarations, as messages.
pub fn check(m: &Module) -> Vec<String> {
    let mut errs = Vec::new();
    for (k, v) in &m.metadata {
        if !k.starts_with(META_PREFIX) {
            continue;
        }
        let Some(id) = meta_id(k) else {
            errs.push(format!("!{k}: expected `{META_PREFIX}<id>`"));
            continue;
        };
        match PrintfEntry::from_meta(id, v) {
            Ok(e) => check_entry(&e, &mut errs),
            Err(msg) => errs.push(format!("!{k}: {msg}")),
        }
    }
    for f in m.functions.values() {
        if f.name.starts_with(CALLEE_PREFIX) {
            check_callee(m, f, &mut errs);
        }
    }
    errs
}

fn check_entry(e: &PrintfEntry, errs: &mut Vec<String>) {
    let key = format!("!{META_PREFIX}{}", e.id);
    let pieces = match kauai_printf::parse(e.format.as_bytes()) {
        Ok(p) => p,
        Err(list) => {
            for x in list {
                errs.push(format!(
                    "{key}: format: {} (byte {})",
                    x.message, x.at.start
                ));
            }
            return;
        }
    };
    let mut args = e.args.iter().enumerate();
    let mut strings = e.strings.iter();
    let mut n_strings = 0usize;
    for s in kauai_printf::conversions(&pieces) {
        let kind = s.arg_kind();
        if kind == ArgKind::Str {
            n_strings += 1;
            match strings.next() {
                Some(StrArg::Arg(k)) => match args.next() {
                    Some((i, t)) if i as u64 == u64::from(*k) => {
                        if *t != Type::Ptr(AddrSpace::Constant) {
                            errs.push(format!(
                                "{key}: `%s` reads argument {k}, a {t}: a run-time string is a `__constant` pointer (ptr2)"
                            ));
                        }
                    }
                    Some((i, _)) => errs.push(format!(
                        "{key}: `%s` reads argument {k}, but the next argument is {i}"
                    )),
                    None => errs.push(format!("{key}: `%s` reads argument {k}, which is missing")),
                },
                Some(StrArg::Literal(_)) | None => {}
            }
            continue;
        }
        match args.next().map(|(_, t)| t) {
            Some(t) if arg_type_matches(kind, *t) => {}
            Some(t) => errs.push(format!(
                "{key}: `{}` takes {}, the table says {t}",
                s.spelling(),
                kind.describe()
            )),
            None => errs.push(format!("{key}: no argument type for `{}`", s.spelling())),
        }
    }
    if args.next().is_some() {
        errs.push(format!(
            "{key}: more argument types than the format's conversions"
        ));
    }
    if n_strings != e.strings.len() {
        errs.push(format!(
            "{key}: the format has {n_strings} `%s` conversions, the entry {} strings",
            e.strings.len()
        ));
    }
}

fn check_callee(m: &Module, f: &Function, errs: &mut Vec<String>) {
    let Some(id) = printf_id(&f.name) else {
        errs.push(format!(
            "@{}: a printf callee is `{CALLEE_PREFIX}<id>`",
            f.name
        ));
        return;
    };
    if !f.is_declaration() {
        errs.push(format!(
            "@{}: a printf callee must be a declaration",
            f.name
        ));
    }
    if f.ret != Type::I32 {
        errs.push(format!("@{}: a printf callee returns i32", f.name));
    }
    let Some(e) = printf_entry(m, id) else {
        errs.push(format!(
            "@{}: no valid entry !{META_PREFIX}{id} in the printf table",
            f.name
        ));
        return;
    };
    let params: Vec<Type> = f.params.iter().map(|p: &Param| p.ty).collect();
    if params != e.args {
        errs.push(format!(
            "@{}: parameters ({}) differ from the table's argument types ({})",
            f.name,
            join(&params),
            join(&e.args)
        ));
    }
}

fn join(ts: &[Type]) -> String {
    ts.iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> StrArg {
        StrArg::Literal(s.into())
    }

    #[test]
    fn ids_and_names() {
        assert_eq!(printf_id("__kauai_printf.12"), Some(12));
        assert_eq!(printf_id(&callee_name(0)), Some(0));
        for bad in [
            "__kauai_printf.",
            "__kauai_printf.01",
            "__kauai_printf.x",
            "printf",
        ] {
            assert_eq!(printf_id(bad), None, "{bad}");
        }
    }

    #[test]
    fn table_adds_dedupes_and_renumbers() {
        let mut m = Module::default();
        let (a, fa) = find_or_add(&mut m, "%d %s\n", &[Type::I32], &[lit("x")]);
        let (b, _) = find_or_add(&mut m, "%f\n", &[Type::F64], &[]);
        let (c, fc) = find_or_add(&mut m, "%d %s\n", &[Type::I32], &[lit("x")]);
        assert_eq!((a, b, c), (0, 1, 0));
        assert_eq!(fa, fc);
        assert!(check(&m).is_empty(), "{:?}", check(&m));
        renumber(&mut m, 5);
        let t = printf_table(&m);
        assert_eq!(t.iter().map(|e| e.id).collect::<Vec<_>>(), vec![5, 6]);
        assert_eq!(t[0].strings, vec![lit("x")]);
        assert_eq!(m.functions[fa].name, "__kauai_printf.5");
        assert_eq!(next_id(&m), 7);
        assert!(check(&m).is_empty());
    }

    #[test]
    fn runtime_strings_name_their_constant_pointer_argument() {
        let mut m = Module::default();
        let c = Type::Ptr(AddrSpace::Constant);
        let strs = [lit("w"), StrArg::Arg(0)];
        find_or_add(&mut m, "[%s] %s = %d\n", &[c, Type::I32], &strs);
        assert!(check(&m).is_empty(), "{:?}", check(&m));
        assert_eq!(printf_table(&m)[0].strings, strs);
        // A __global pointer; an index that is not the next argument; no argument.
        find_or_add(
            &mut m,
            "%s",
            &[Type::Ptr(AddrSpace::Global)],
            &[StrArg::Arg(0)],
        );
        find_or_add(&mut m, "%d %s", &[Type::I32, c], &[StrArg::Arg(0)]);
        find_or_add(&mut m, "%s", &[], &[StrArg::Arg(0)]);
        let errs = check(&m);
        for want in [
            "!kauai.printf.1: `%s` reads argument 0, a ptr1: a run-time string is a `__constant` pointer (ptr2)",
            "!kauai.printf.2: `%s` reads argument 0, but the next argument is 1",
            "!kauai.printf.3: `%s` reads argument 0, which is missing",
        ] {
            assert!(errs.iter().any(|e| e == want), "missing {want} in {errs:?}");
        }
    }

    #[test]
    fn check_finds_mismatches() {
        let mut m = Module::default();
        find_or_add(
            &mut m,
            "%d %v2hlf",
            &[Type::I64, Type::vec(Scalar::F32, 4)],
            &[],
        );
        find_or_add(&mut m, "%s %y", &[], &[]);
        let errs = check(&m);
        assert!(
            errs.iter().any(|e| e.contains("`%d` takes an `int`")),
            "{errs:?}"
        );
        assert!(
            errs.iter().any(|e| e.contains("`%v2hlf` takes a `float2`")),
            "{errs:?}"
        );
        assert!(
            errs.iter().any(|e| e.contains("unknown conversion")),
            "{errs:?}"
        );
        m.metadata.insert(
            "kauai.printf.9".into(),
            vec![MetaValue::Str("%d".into()), MetaValue::Int(3)],
        );
        m.declare("__kauai_printf.10", &[], Type::I32);
        let errs = check(&m);
        assert!(errs.iter().any(|e| e.contains("does not fit")), "{errs:?}");
        assert!(
            errs.iter().any(|e| e.contains("no valid entry")),
            "{errs:?}"
        );
    }
}
