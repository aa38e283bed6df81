//! The text form, printing side. `parse` reads exactly what this writes.
//!
//! ```text
//! !opencl.ocl.version = (1, 2)
//! type %S = struct { i8, v3f32 }
//! global @tbl: [4 x f32] addrspace(2) align 4 constant = bytes(0000803f...)
//! declare @__mux_get_global_id(i32) -> i64
//! function @add(ptr1 noalias "a", ptr1 "b") -> void "mux-kernel"="entry-point" !reqd_work_group_size(16, 1, 1) {
//! block0(v0: ptr1, v1: ptr1):
//!     v2 = const.i32 0
//!     v3 = call.i64 @__mux_get_global_id(v2)
//!     return
//! }
//! ```

use std::fmt::{self, Write};

use crate::function::{Body, Function, MetaValue};
use crate::inst::{BlockCall, Const, ConstScalar, InstKind, Rounding};
use crate::module::Module;
use crate::types::{Aggregate, Type};
use crate::{Block, Inst};

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        write_module(&mut s, self)?;
        f.write_str(&s)
    }
}

pub fn module_to_string(m: &Module) -> String {
    let mut s = String::new();
    // Writing into a String cannot fail.
    let _ = write_module(&mut s, m);
    s
}

pub fn write_module(w: &mut String, m: &Module) -> fmt::Result {
    if m.data_layout.pointer_bytes != 8 {
        writeln!(w, "target pointer_bytes {}", m.data_layout.pointer_bytes)?;
    }
    for (k, v) in &m.metadata {
        writeln!(w, "!{} = {}", k, meta_list(v))?;
    }
    for (_, agg) in m.types.iter() {
        if let Aggregate::Struct(s) = agg {
            write!(w, "type %{} = ", s.name)?;
            if s.packed {
                w.push_str("packed ");
            }
            w.push_str("struct {");
            for (i, t) in s.fields.iter().enumerate() {
                write!(
                    w,
                    "{}{}",
                    if i == 0 { " " } else { ", " },
                    m.types.display(*t)
                )?;
            }
            w.push_str(" }");
            if s.align != 0 {
                write!(w, " align {}", s.align)?;
            }
            w.push('\n');
        }
    }
    for (_, g) in m.globals.iter() {
        write!(
            w,
            "global @{}: {} addrspace({}) align {}",
            g.name,
            m.types.display(g.ty),
            g.space.number(),
            g.align
        )?;
        if g.constant {
            w.push_str(" constant");
        }
        if let Some(init) = &g.init {
            w.push_str(" = bytes(");
            for b in &init.bytes {
                write!(w, "{b:02x}")?;
            }
            w.push(')');
            if !init.relocs.is_empty() {
                w.push_str(" relocs(");
                for (i, r) in init.relocs.iter().enumerate() {
                    if i > 0 {
                        w.push_str(", ");
                    }
                    let name = m.globals.get(r.target).map_or("?", |t| t.name.as_str());
                    write!(w, "{}: @{name}", r.offset)?;
                    if r.addend != 0 {
                        write!(w, " + {}", r.addend)?;
                    }
                }
                w.push(')');
            }
        }
        w.push('\n');
    }
    for (_, func) in m.functions.iter() {
        write_function(w, m, func)?;
    }
    Ok(())
}

fn meta_list(v: &[MetaValue]) -> String {
    let items: Vec<String> = v
        .iter()
        .map(|m| match m {
            MetaValue::Int(i) => i.to_string(),
            MetaValue::Str(s) => quote(s),
        })
        .collect();
    format!("({})", items.join(", "))
}

pub(crate) fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

pub fn write_function(w: &mut String, m: &Module, func: &Function) -> fmt::Result {
    w.push_str(if func.is_declaration() {
        "declare"
    } else {
        "function"
    });
    write!(w, " @{}(", func.name)?;
    for (i, p) in func.params.iter().enumerate() {
        if i > 0 {
            w.push_str(", ");
        }
        write!(w, "{}", m.types.display(p.ty))?;
        if p.noalias {
            w.push_str(" noalias");
        }
        if let Some(t) = p.byval {
            write!(w, " byval({})", m.types.display(t))?;
        }
        if !p.name.is_empty() {
            write!(w, " {}", quote(&p.name))?;
        }
    }
    write!(w, ") -> {}", m.types.display(func.ret))?;
    for (k, v) in &func.attrs {
        if v.is_empty() {
            write!(w, " {}", quote(k))?;
        } else {
            write!(w, " {}={}", quote(k), quote(v))?;
        }
    }
    for (k, v) in &func.metadata {
        write!(w, " !{}{}", k, meta_list(v))?;
    }
    match &func.body {
        None => w.push('\n'),
        Some(body) => {
            w.push_str(" {\n");
            for &b in &body.order {
                write_block_header(w, m, body, b)?;
                for &i in &body.blocks[b].insts {
                    w.push_str("    ");
                    write_inst(w, m, body, i)?;
                    w.push('\n');
                }
            }
            w.push_str("}\n");
        }
    }
    Ok(())
}

fn write_block_header(w: &mut String, m: &Module, body: &Body, b: Block) -> fmt::Result {
    write!(w, "{b}")?;
    let params = &body.blocks[b].params;
    if !params.is_empty() {
        w.push('(');
        for (i, p) in params.iter().enumerate() {
            if i > 0 {
                w.push_str(", ");
            }
            write!(w, "{}: {}", p, m.types.display(body.value_type(*p)))?;
        }
        w.push(')');
    }
    w.push_str(":\n");
    Ok(())
}

fn block_call(bc: &BlockCall) -> String {
    if bc.args.is_empty() {
        bc.block.to_string()
    } else {
        let args: Vec<String> = bc.args.iter().map(|a| a.to_string()).collect();
        format!("{}({})", bc.block, args.join(", "))
    }
}

pub(crate) fn fmt_float(x: f64) -> String {
    if x.is_nan() {
        format!("nan:0x{:016x}", x.to_bits())
    } else if x.is_infinite() {
        if x > 0.0 { "inf" } else { "-inf" }.to_string()
    } else {
        // Debug prints the shortest text that reads back to the same f64, with a `.0`
        // so it never looks like an integer.
        format!("{x:?}")
    }
}

fn const_scalar(c: &ConstScalar) -> String {
    match c {
        ConstScalar::Int(i) => format!("{}", *i as i64),
        ConstScalar::Float(x) => fmt_float(*x),
    }
}

pub fn write_inst(w: &mut String, m: &Module, body: &Body, inst: Inst) -> fmt::Result {
    let data = &body.insts[inst];
    let ty = data
        .result
        .map(|v| body.value_type(v))
        .unwrap_or(Type::Void);
    if let Some(r) = data.result {
        write!(w, "{r} = ")?;
    }
    let tname = m.types.display(ty).to_string();
    let args = |vs: &[crate::Value]| -> String {
        vs.iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match &data.kind {
        InstKind::Const(c) => {
            let text = match c {
                Const::Scalar(s) => const_scalar(s),
                Const::Vector(l) => format!(
                    "[{}]",
                    l.iter().map(const_scalar).collect::<Vec<_>>().join(", ")
                ),
                Const::Zero => "zero".into(),
                Const::Undef => "undef".into(),
            };
            write!(w, "const.{tname} {text}")
        }
        InstKind::Unary(op, a) => write!(w, "{}.{tname} {a}", op.name()),
        InstKind::Binary(op, a, b) => write!(w, "{}.{tname} {a}, {b}", op.name()),
        InstKind::Icmp(cc, a, b) => write!(w, "icmp.{tname} {} {a}, {b}", cc.name()),
        InstKind::Fcmp(cc, a, b) => write!(w, "fcmp.{tname} {} {a}, {b}", cc.name()),
        InstKind::Select(c, a, b) => write!(w, "select.{tname} {c}, {a}, {b}"),
        InstKind::Convert {
            op,
            arg,
            rounding,
            saturate,
        } => {
            write!(w, "{}.{tname} {arg}", op.name())?;
            if *rounding != Rounding::Default {
                write!(w, " {}", rounding.name())?;
            }
            if *saturate {
                w.push_str(" sat");
            }
            Ok(())
        }
        InstKind::Math(f, a) => write!(w, "math.{tname} {} {}", f.name(), args(a)),
        InstKind::Extract(v, l) => write!(w, "extract.{tname} {v}, {l}"),
        InstKind::Insert(v, s, l) => write!(w, "insert.{tname} {v}, {s}, {l}"),
        InstKind::Shuffle(a, b, mask) => {
            let mask: Vec<String> = mask.iter().map(|x| x.to_string()).collect();
            write!(w, "shuffle.{tname} {a}, {b}, [{}]", mask.join(", "))
        }
        InstKind::Splat(a) => write!(w, "splat.{tname} {a}"),
        InstKind::ExtractDyn(v, i) => write!(w, "extract_dyn.{tname} {v}, {i}"),
        InstKind::Load {
            ptr,
            align,
            volatile,
        } => {
            write!(w, "load.{tname} {ptr} align {align}")?;
            if *volatile {
                w.push_str(" volatile");
            }
            Ok(())
        }
        InstKind::Store {
            ptr,
            value,
            align,
            volatile,
        } => {
            write!(w, "store {ptr}, {value} align {align}")?;
            if *volatile {
                w.push_str(" volatile");
            }
            Ok(())
        }
        InstKind::AtomicRmw {
            op,
            ptr,
            value,
            ordering,
        } => write!(
            w,
            "atomic_rmw.{tname} {} {ptr}, {value} {}",
            op.name(),
            ordering.name()
        ),
        InstKind::CmpXchg {
            ptr,
            expected,
            new,
            ordering,
        } => write!(
            w,
            "cmpxchg.{tname} {ptr}, {expected}, {new} {}",
            ordering.name()
        ),
        InstKind::Fence { scope, semantics } => write!(w, "fence {scope}, 0x{semantics:x}"),
        InstKind::PtrAdd(p, o) => write!(w, "ptradd.{tname} {p}, {o}"),
        InstKind::Alloca { ty: t, align } => {
            write!(w, "alloca.{tname} {} align {align}", m.types.display(*t))
        }
        InstKind::GlobalAddr(g) => {
            let name = m.globals.get(*g).map(|g| g.name.as_str()).unwrap_or("?");
            write!(w, "global_addr.{tname} @{name}")
        }
        InstKind::Call(fid, a) => {
            let name = m
                .functions
                .get(*fid)
                .map(|f| f.name.as_str())
                .unwrap_or("?");
            if ty == Type::Void {
                write!(w, "call @{name}({})", args(a))
            } else {
                write!(w, "call.{tname} @{name}({})", args(a))
            }
        }
        InstKind::Jump(bc) => write!(w, "jump {}", block_call(bc)),
        InstKind::Brif(c, t, e) => write!(w, "brif {c}, {}, {}", block_call(t), block_call(e)),
        InstKind::Switch {
            arg,
            cases,
            default,
        } => {
            let cases: Vec<String> = cases
                .iter()
                .map(|(k, bc)| format!("{}: {}", *k as i64, block_call(bc)))
                .collect();
            write!(
                w,
                "switch {arg}, [{}], {}",
                cases.join(", "),
                block_call(default)
            )
        }
        InstKind::Return(None) => w.write_str("return"),
        InstKind::Return(Some(v)) => write!(w, "return {v}"),
        InstKind::Unreachable => w.write_str("unreachable"),
    }
}

/// Print one instruction (for diagnostics).
pub fn inst_to_string(m: &Module, body: &Body, inst: Inst) -> String {
    let mut s = String::new();
    let _ = write_inst(&mut s, m, body, inst);
    s
}
