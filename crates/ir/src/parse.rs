//! The text form, reading side: the inverse of `print`. Value and block numbers are
//! kept as written, so `print(parse(text)) == text` for printed text.

use std::collections::HashMap;

use cranelift_entity::EntityRef;
use kauai_diag::{Diagnostic, FileId, SourceMap, Span};

use crate::function::{BlockData, Body, Function, InstData, MetaValue, Param, ValueData, ValueDef};
use crate::inst::*;
use crate::module::{Global, Init, Module, Reloc};
use crate::types::{AddrSpace, DataLayout, StructType, Type};
use crate::{Block, FuncId, GlobalId, Inst, Value};

/// The largest value or block number the reader accepts (numbers are kept as written).
const MAX_ENTITY: usize = 1 << 20;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Word(String),
    Global(String),
    TypeName(String),
    Meta(String),
    Str(String),
    Num(String),
    P(char),
    Arrow,
    Eof,
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
}

impl Lexer<'_> {
    fn next(&mut self) -> Result<(Tok, usize, usize), (String, usize)> {
        let s = self.src;
        loop {
            while self.pos < s.len() && s[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if self.pos < s.len() && s[self.pos] == b';' {
                while self.pos < s.len() && s[self.pos] != b'\n' {
                    self.pos += 1;
                }
                continue;
            }
            break;
        }
        let start = self.pos;
        let Some(&c) = s.get(self.pos) else {
            return Ok((Tok::Eof, start, start));
        };
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$';
        let take = |lx: &mut Self, f: &dyn Fn(u8) -> bool| {
            let st = lx.pos;
            while lx.pos < s.len() && f(s[lx.pos]) {
                lx.pos += 1;
            }
            String::from_utf8_lossy(&s[st..lx.pos]).into_owned()
        };
        let tok = match c {
            b'@' | b'%' | b'!' => {
                self.pos += 1;
                let name = if s.get(self.pos) == Some(&b'"') {
                    self.string()?
                } else {
                    take(self, &|b| ident(b) || b == b'-')
                };
                if name.is_empty() {
                    return Err(("expected a name".into(), start));
                }
                match c {
                    b'@' => Tok::Global(name),
                    b'%' => Tok::TypeName(name),
                    _ => Tok::Meta(name),
                }
            }
            b'"' => Tok::Str(self.string()?),
            b'-' if s.get(self.pos + 1) == Some(&b'>') => {
                self.pos += 2;
                Tok::Arrow
            }
            b'-' | b'0'..=b'9' => {
                self.pos += 1;
                let rest = take(self, &|b| {
                    b.is_ascii_alphanumeric() || b == b'.' || b == b'+' || b == b'-'
                });
                Tok::Num(format!("{}{}", c as char, rest))
            }
            c if c.is_ascii_alphabetic() || c == b'_' => Tok::Word(take(self, &ident)),
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b',' | b':' | b'=' | b'+' => {
                self.pos += 1;
                Tok::P(c as char)
            }
            _ => return Err((format!("unexpected character `{}`", c as char), start)),
        };
        Ok((tok, start, self.pos))
    }

    fn string(&mut self) -> Result<String, (String, usize)> {
        let start = self.pos;
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            match self.src.get(self.pos) {
                None | Some(b'\n') => return Err(("unterminated string".into(), start)),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(String::from_utf8_lossy(&out).into_owned());
                }
                Some(b'\\') => {
                    let e = self.src.get(self.pos + 1).copied();
                    self.pos += 2;
                    match e {
                        Some(b'n') => out.push(b'\n'),
                        Some(b'x') => {
                            let h = self.src.get(self.pos..self.pos + 2).unwrap_or(b"");
                            let v = std::str::from_utf8(h)
                                .ok()
                                .and_then(|h| u8::from_str_radix(h, 16).ok())
                                .ok_or(("bad \\x escape".to_string(), self.pos))?;
                            out.push(v);
                            self.pos += 2;
                        }
                        Some(c) => out.push(c),
                        None => return Err(("unterminated string".into(), start)),
                    }
                }
                Some(&c) => {
                    out.push(c);
                    self.pos += 1;
                }
            }
        }
    }
}

struct Parser<'a> {
    toks: Vec<(Tok, usize, usize)>,
    i: usize,
    file: FileId,
    m: Module,
    _src: &'a [u8],
    /// Relocations name their target, which may be defined further down: (global,
    /// relocation index, target name, where it was named), resolved at the end.
    relocs: Vec<(GlobalId, usize, String, Span)>,
}

type PResult<T> = Result<T, Diagnostic>;

/// Parse a module from its text form.
pub fn parse_module(sources: &SourceMap, file: FileId) -> Result<Module, Diagnostic> {
    let src = &sources.file(file).bytes;
    let mut lx = Lexer { src, pos: 0 };
    let mut toks = Vec::new();
    loop {
        match lx.next() {
            Ok((Tok::Eof, s, e)) => {
                toks.push((Tok::Eof, s, e));
                break;
            }
            Ok(t) => toks.push(t),
            Err((msg, at)) => {
                return Err(Diagnostic::error(msg).at(Span::new(file, at, at + 1), "here"))
            }
        }
    }
    let mut p = Parser {
        toks,
        i: 0,
        file,
        m: Module::new(DataLayout::HOST64),
        _src: src,
        relocs: Vec::new(),
    };
    p.module()?;
    Ok(p.m)
}

/// Parse text held in a string (tests and tools).
pub fn parse_str(name: &str, text: &str) -> Result<Module, String> {
    let mut sm = SourceMap::new();
    let f = sm.add(name, text);
    parse_module(&sm, f).map_err(|d| d.render(&sm))
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        &self.toks[self.i].0
    }

    fn span(&self) -> Span {
        let (_, s, e) = self.toks[self.i];
        Span::new(self.file, s, e.max(s + 1))
    }

    fn bump(&mut self) -> Tok {
        let t = self.toks[self.i].0.clone();
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
        t
    }

    fn err<T>(&self, expected: &str) -> PResult<T> {
        let found = match self.peek() {
            Tok::Word(w) => format!("`{w}`"),
            Tok::Global(w) => format!("`@{w}`"),
            Tok::TypeName(w) => format!("`%{w}`"),
            Tok::Meta(w) => format!("`!{w}`"),
            Tok::Str(_) => "a string".into(),
            Tok::Num(n) => format!("`{n}`"),
            Tok::P(c) => format!("`{c}`"),
            Tok::Arrow => "`->`".into(),
            Tok::Eof => "end of file".into(),
        };
        Err(
            Diagnostic::error(format!("expected {expected}, found {found}"))
                .at(self.span(), format!("expected {expected}")),
        )
    }

    fn eat_p(&mut self, c: char) -> bool {
        if *self.peek() == Tok::P(c) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_p(&mut self, c: char) -> PResult<()> {
        if self.eat_p(c) {
            Ok(())
        } else {
            self.err(&format!("`{c}`"))
        }
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if matches!(self.peek(), Tok::Word(x) if x == w) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.err(&format!("`{w}`"))
        }
    }

    fn word(&mut self, what: &str) -> PResult<String> {
        match self.peek().clone() {
            Tok::Word(w) => {
                self.bump();
                Ok(w)
            }
            _ => self.err(what),
        }
    }

    fn int(&mut self) -> PResult<i64> {
        match self.peek().clone() {
            Tok::Num(n) => {
                let v = parse_int(&n);
                match v {
                    Some(v) => {
                        self.bump();
                        Ok(v)
                    }
                    None => self.err("an integer"),
                }
            }
            _ => self.err("an integer"),
        }
    }

    fn module(&mut self) -> PResult<()> {
        // Functions are numbered in the order their `function`/`declare` lines appear,
        // not in the order of their first use (a call before the definition), so that
        // printing, which follows the numbering, reads back to the same order.
        let mut seen = std::collections::HashSet::new();
        for w in self.toks.windows(2) {
            if let [(Tok::Word(kw), ..), (Tok::Global(name), ..)] = w {
                if (kw == "function" || kw == "declare") && seen.insert(name.as_str()) {
                    self.m
                        .functions
                        .push(Function::new(name.clone(), vec![], Type::Void));
                }
            }
        }
        loop {
            match self.peek().clone() {
                Tok::Eof => return self.resolve_relocs(),
                Tok::Word(w) if w == "target" => {
                    self.bump();
                    self.expect_word("pointer_bytes")?;
                    let n = self.int()?;
                    if n != 4 && n != 8 {
                        return self.err("4 or 8");
                    }
                    self.m.data_layout = DataLayout {
                        pointer_bytes: n as u32,
                    };
                }
                Tok::Meta(name) => {
                    self.bump();
                    self.expect_p('=')?;
                    let v = self.meta_list()?;
                    self.m.metadata.insert(name, v);
                }
                Tok::Word(w) if w == "type" => self.struct_def()?,
                Tok::Word(w) if w == "global" => self.global()?,
                Tok::Word(w) if w == "function" || w == "declare" => {
                    self.function(w == "function")?
                }
                _ => return self.err("`function`, `declare`, `global`, `type` or metadata"),
            }
        }
    }

    fn meta_list(&mut self) -> PResult<Vec<MetaValue>> {
        self.expect_p('(')?;
        let mut v = Vec::new();
        if !self.eat_p(')') {
            loop {
                match self.peek().clone() {
                    Tok::Str(s) => {
                        self.bump();
                        v.push(MetaValue::Str(s))
                    }
                    _ => v.push(MetaValue::Int(self.int()?)),
                }
                if self.eat_p(')') {
                    break;
                }
                self.expect_p(',')?;
            }
        }
        Ok(v)
    }

    fn struct_def(&mut self) -> PResult<()> {
        self.bump();
        let name = match self.bump() {
            Tok::TypeName(n) => n,
            _ => {
                self.i -= 1;
                return self.err("a struct name `%name`");
            }
        };
        self.expect_p('=')?;
        let packed = self.eat_word("packed");
        self.expect_word("struct")?;
        self.expect_p('{')?;
        let mut fields = Vec::new();
        if !self.eat_p('}') {
            loop {
                fields.push(self.ty()?);
                if self.eat_p('}') {
                    break;
                }
                self.expect_p(',')?;
            }
        }
        let align = if self.eat_word("align") {
            self.int()? as u32
        } else {
            0
        };
        if self.m.types.struct_by_name(&name).is_some() {
            return Err(
                Diagnostic::error(format!("struct `%{name}` is defined twice"))
                    .at(self.span(), "second definition"),
            );
        }
        self.m.types.add_struct(StructType {
            name,
            fields,
            packed,
            align,
        });
        Ok(())
    }

    fn ty(&mut self) -> PResult<Type> {
        match self.peek().clone() {
            Tok::Word(w) => match Type::parse_value(&w) {
                Some(t) => {
                    self.bump();
                    Ok(t)
                }
                None => self.err("a type"),
            },
            Tok::TypeName(n) => match self.m.types.struct_by_name(&n) {
                Some(t) => {
                    self.bump();
                    Ok(t)
                }
                None => Err(Diagnostic::error(format!("unknown struct `%{n}`"))
                    .at(self.span(), "not defined above")),
            },
            Tok::P('[') => {
                self.bump();
                let n = self.int()?;
                if n < 0 {
                    return self.err("an array length");
                }
                self.expect_word("x")?;
                let elem = self.ty()?;
                self.expect_p(']')?;
                Ok(self.m.types.array(elem, n as u64))
            }
            _ => self.err("a type"),
        }
    }

    fn global(&mut self) -> PResult<()> {
        self.bump();
        let name = match self.bump() {
            Tok::Global(n) => n,
            _ => {
                self.i -= 1;
                return self.err("a global name `@name`");
            }
        };
        self.expect_p(':')?;
        let ty = self.ty()?;
        self.expect_word("addrspace")?;
        self.expect_p('(')?;
        let sp = self.int()?;
        let space = AddrSpace::from_number(sp as u32).ok_or_else(|| {
            Diagnostic::error("address space must be 0 to 4").at(self.span(), "here")
        })?;
        self.expect_p(')')?;
        self.expect_word("align")?;
        let align = self.int()? as u32;
        let constant = self.eat_word("constant");
        let init = if self.eat_p('=') {
            self.expect_word("bytes")?;
            self.expect_p('(')?;
            let hex = match self.bump() {
                Tok::Num(n) => n,
                Tok::Word(w) => w,
                Tok::P(')') => {
                    self.i -= 1;
                    String::new()
                }
                _ => {
                    self.i -= 1;
                    return self.err("hex bytes");
                }
            };
            self.expect_p(')')?;
            let bytes = decode_hex(&hex).ok_or_else(|| {
                Diagnostic::error("bad hex bytes in initializer").at(self.span(), "here")
            })?;
            Some(Init::bytes(bytes))
        } else {
            None
        };
        let mut targets = Vec::new();
        let relocs = if init.is_some() && self.eat_word("relocs") {
            self.reloc_list(&mut targets)?
        } else {
            Vec::new()
        };
        let init = init.map(|i| Init { relocs, ..i });
        let id = self.m.globals.push(Global {
            name,
            ty,
            space,
            align,
            init,
            constant,
        });
        for (k, (target, span)) in targets.into_iter().enumerate() {
            self.relocs.push((id, k, target, span));
        }
        Ok(())
    }

    /// `relocs(OFFSET: @target [+ ADDEND], ...)`; the targets are resolved at the end
    /// (placeholders until then) and returned with where they were named.
    fn reloc_list(&mut self, targets: &mut Vec<(String, Span)>) -> PResult<Vec<Reloc>> {
        self.expect_p('(')?;
        let mut out = Vec::new();
        loop {
            let offset = self.int()?;
            let offset = u64::try_from(offset).or_else(|_| self.err("a byte offset"))?;
            self.expect_p(':')?;
            let span = self.span();
            let name = match self.bump() {
                Tok::Global(n) => n,
                _ => {
                    self.i -= 1;
                    return self.err("a global `@name`");
                }
            };
            let addend = if self.eat_p('+') {
                let a = self.int()?;
                u64::try_from(a).or_else(|_| self.err("a byte offset into the target"))?
            } else {
                0
            };
            targets.push((name, span));
            out.push(Reloc {
                offset,
                target: GlobalId::new(0),
                addend,
            });
            if !self.eat_p(',') {
                break;
            }
        }
        self.expect_p(')')?;
        Ok(out)
    }

    fn resolve_relocs(&mut self) -> PResult<()> {
        let mut by_name: HashMap<&str, GlobalId> = HashMap::new();
        for (id, g) in self.m.globals.iter() {
            by_name.entry(g.name.as_str()).or_insert(id);
        }
        let mut found = Vec::new();
        for (g, k, name, span) in std::mem::take(&mut self.relocs) {
            let Some(&t) = by_name.get(name.as_str()) else {
                return Err(
                    Diagnostic::error(format!("unknown global `@{name}`")).at(span, "not defined")
                );
            };
            found.push((g, k, t));
        }
        for (g, k, t) in found {
            if let Some(r) = self.m.globals[g]
                .init
                .as_mut()
                .and_then(|i| i.relocs.get_mut(k))
            {
                r.target = t;
            }
        }
        Ok(())
    }

    fn func_ref(&mut self, name: &str) -> FuncId {
        match self.m.func_by_name(name) {
            Some(f) => f,
            None => self
                .m
                .functions
                .push(Function::new(name, vec![], Type::Void)),
        }
    }

    fn function(&mut self, defined: bool) -> PResult<()> {
        self.bump();
        let name_span = self.span();
        let name = match self.bump() {
            Tok::Global(n) => n,
            _ => {
                self.i -= 1;
                return self.err("a function name `@name`");
            }
        };
        self.expect_p('(')?;
        let mut params = Vec::new();
        if !self.eat_p(')') {
            loop {
                let ty = self.ty()?;
                let mut p = Param::new(ty, "");
                loop {
                    if self.eat_word("noalias") {
                        p.noalias = true;
                    } else if self.eat_word("byval") {
                        self.expect_p('(')?;
                        p.byval = Some(self.ty()?);
                        self.expect_p(')')?;
                    } else if let Tok::Str(s) = self.peek().clone() {
                        self.bump();
                        p.name = s;
                    } else {
                        break;
                    }
                }
                params.push(p);
                if self.eat_p(')') {
                    break;
                }
                self.expect_p(',')?;
            }
        }
        if *self.peek() != Tok::Arrow {
            return self.err("`->` and a return type");
        }
        self.bump();
        let ret = self.ty()?;
        let mut f = Function::new(name.clone(), params, ret);
        loop {
            match self.peek().clone() {
                Tok::Str(k) => {
                    self.bump();
                    let v = if self.eat_p('=') {
                        match self.bump() {
                            Tok::Str(v) => v,
                            _ => {
                                self.i -= 1;
                                return self.err("an attribute value string");
                            }
                        }
                    } else {
                        String::new()
                    };
                    f.attrs.insert(k, v);
                }
                Tok::Meta(k) => {
                    self.bump();
                    let v = self.meta_list()?;
                    f.metadata.insert(k, v);
                }
                _ => break,
            }
        }
        let id = match self.m.func_by_name(&name) {
            Some(id) if self.m.functions[id].body.is_some() => {
                return Err(
                    Diagnostic::error(format!("function `@{name}` is defined twice"))
                        .at(name_span, "second definition"),
                )
            }
            Some(id) => id,
            None => self
                .m
                .functions
                .push(Function::new(name.clone(), vec![], Type::Void)),
        };
        if defined {
            self.expect_p('{')?;
            let body = self.body(&f)?;
            f.body = Some(body);
        }
        self.m.functions[id] = f;
        Ok(())
    }

    fn body(&mut self, f: &Function) -> PResult<Body> {
        let mut st = BodyState {
            body: Body::default(),
            defined: HashMap::new(),
        };
        let mut current: Option<Block> = None;
        while !self.eat_p('}') {
            if let Tok::Word(w) = self.peek().clone() {
                if let Some(n) = entity_number(&w, "block") {
                    if matches!(
                        self.toks.get(self.i + 1),
                        Some((Tok::P(':'), ..)) | Some((Tok::P('('), ..))
                    ) {
                        let b = self.block_header(&mut st, n)?;
                        current = Some(b);
                        continue;
                    }
                }
            }
            let Some(b) = current else {
                return self.err("a block header such as `block0:`");
            };
            let inst = self.inst(&mut st)?;
            st.body.blocks[b].insts.push(inst);
        }
        // The entry block's parameters must be the function's.
        if let Some(entry) = st.body.entry() {
            let tys: Vec<Type> = st.body.blocks[entry]
                .params
                .iter()
                .map(|v| st.body.value_type(*v))
                .collect();
            let want: Vec<Type> = f.params.iter().map(|p| p.ty).collect();
            if tys != want {
                return Err(Diagnostic::error(format!(
                    "entry block parameters of `@{}` do not match its signature",
                    f.name
                ))
                .at(self.span(), "in this function"));
            }
        }
        Ok(st.body)
    }

    fn block_header(&mut self, st: &mut BodyState, n: usize) -> PResult<Block> {
        let span = self.span();
        self.bump();
        let b = st
            .block(n)
            .map_err(|m| Diagnostic::error(m).at(span, "here"))?;
        if st.body.order.contains(&b) {
            return Err(
                Diagnostic::error(format!("block{n} is defined twice")).at(span, "again here")
            );
        }
        st.body.order.push(b);
        if self.eat_p('(') {
            loop {
                let vspan = self.span();
                let v = self.value_name(st)?;
                self.expect_p(':')?;
                let ty = self.ty()?;
                let idx = st.body.blocks[b].params.len() as u32;
                st.define(v, ty, ValueDef::Param(b, idx), vspan)?;
                st.body.blocks[b].params.push(v);
                if self.eat_p(')') {
                    break;
                }
                self.expect_p(',')?;
            }
        }
        self.expect_p(':')?;
        Ok(b)
    }

    fn value_name(&mut self, st: &mut BodyState) -> PResult<Value> {
        let span = self.span();
        match self.peek().clone() {
            Tok::Word(w) => match entity_number(&w, "v") {
                Some(n) => {
                    self.bump();
                    st.value(n)
                        .map_err(|m| Diagnostic::error(m).at(span, "here"))
                }
                None => self.err("a value such as `v3`"),
            },
            _ => self.err("a value such as `v3`"),
        }
    }

    fn block_call(&mut self, st: &mut BodyState) -> PResult<BlockCall> {
        let span = self.span();
        let w = self.word("a block such as `block1`")?;
        let n = entity_number(&w, "block").ok_or_else(|| {
            Diagnostic::error(format!("expected a block, found `{w}`")).at(span, "expected a block")
        })?;
        let block = st
            .block(n)
            .map_err(|m| Diagnostic::error(m).at(span, "here"))?;
        let mut args = Vec::new();
        if self.eat_p('(') {
            loop {
                args.push(self.value_name(st)?);
                if self.eat_p(')') {
                    break;
                }
                self.expect_p(',')?;
            }
        }
        Ok(BlockCall { block, args })
    }

    fn values(&mut self, st: &mut BodyState, n: usize) -> PResult<Vec<Value>> {
        let mut v = Vec::with_capacity(n);
        for i in 0..n {
            if i > 0 {
                self.expect_p(',')?;
            }
            v.push(self.value_name(st)?);
        }
        Ok(v)
    }

    fn ordering(&mut self) -> PResult<Ordering> {
        let w = self.word("a memory ordering")?;
        match Ordering::from_name(&w) {
            Some(o) => Ok(o),
            None => {
                self.i -= 1;
                self.err(
                    "a memory ordering (`relaxed`, `acquire`, `release`, `acq_rel`, `seq_cst`)",
                )
            }
        }
    }

    fn const_scalar(&mut self) -> PResult<ConstScalar> {
        let span = self.span();
        let t = self.bump();
        let text = match &t {
            Tok::Num(n) => n.clone(),
            Tok::Word(w) if w == "inf" || w == "nan" => {
                if w == "nan" && self.eat_p(':') {
                    let bits = match self.bump() {
                        Tok::Num(n) => n,
                        _ => return Err(Diagnostic::error("expected NaN bits").at(span, "here")),
                    };
                    let b = parse_int(&bits)
                        .ok_or_else(|| Diagnostic::error("bad NaN bits").at(span, "here"))?;
                    return Ok(ConstScalar::Float(f64::from_bits(b as u64)));
                }
                w.clone()
            }
            _ => {
                self.i -= 1;
                return self.err("a number");
            }
        };
        if let Some(i) = parse_int(&text) {
            return Ok(ConstScalar::Int(i as u64));
        }
        let f = match text.as_str() {
            "inf" => f64::INFINITY,
            "-inf" => f64::NEG_INFINITY,
            _ => text.parse::<f64>().map_err(|_| {
                Diagnostic::error(format!("`{text}` is not a number")).at(span, "expected a number")
            })?,
        };
        Ok(ConstScalar::Float(f))
    }

    fn inst(&mut self, st: &mut BodyState) -> PResult<Inst> {
        let start = self.span();
        let result = match (self.peek().clone(), self.toks.get(self.i + 1).map(|t| &t.0)) {
            (Tok::Word(w), Some(Tok::P('='))) if entity_number(&w, "v").is_some() => {
                let v = self.value_name(st)?;
                self.bump();
                Some(v)
            }
            _ => None,
        };
        let opspan = self.span();
        let mnemonic = self.word("an instruction")?;
        let (op, ty) = match mnemonic.split_once('.') {
            Some((op, t)) => {
                let ty = match Type::parse_value(t) {
                    Some(ty) => ty,
                    None => {
                        return Err(Diagnostic::error(format!("unknown type `{t}`"))
                            .at(opspan, "expected a value type suffix such as `.i32`"))
                    }
                };
                (op.to_string(), ty)
            }
            None => (mnemonic.clone(), Type::Void),
        };
        let kind = match op.as_str() {
            "const" => {
                let c = if self.eat_word("zero") {
                    Const::Zero
                } else if self.eat_word("undef") {
                    Const::Undef
                } else if self.eat_p('[') {
                    let mut l = Vec::new();
                    loop {
                        l.push(self.const_scalar()?);
                        if self.eat_p(']') {
                            break;
                        }
                        self.expect_p(',')?;
                    }
                    Const::Vector(l)
                } else {
                    Const::Scalar(self.const_scalar()?)
                };
                InstKind::Const(c)
            }
            "icmp" | "fcmp" => {
                let cc = self.word("a condition code")?;
                let v = self.values(st, 2)?;
                if op == "icmp" {
                    let cc = IntCC::from_name(&cc).ok_or_else(|| {
                        Diagnostic::error(format!("unknown integer condition `{cc}`"))
                            .at(opspan, "here")
                    })?;
                    InstKind::Icmp(cc, v[0], v[1])
                } else {
                    let cc = FloatCC::from_name(&cc).ok_or_else(|| {
                        Diagnostic::error(format!("unknown float condition `{cc}`"))
                            .at(opspan, "here")
                    })?;
                    InstKind::Fcmp(cc, v[0], v[1])
                }
            }
            "select" => {
                let v = self.values(st, 3)?;
                InstKind::Select(v[0], v[1], v[2])
            }
            "math" => {
                let fname = self.word("a math function")?;
                let f = MathFn::from_name(&fname).ok_or_else(|| {
                    Diagnostic::error(format!("unknown math function `{fname}`")).at(opspan, "here")
                })?;
                let args = self.values(st, f.arity())?;
                InstKind::Math(f, args)
            }
            "extract" | "insert" => {
                let n = if op == "extract" { 1 } else { 2 };
                let v = self.values(st, n)?;
                self.expect_p(',')?;
                let lane = self.int()? as u32;
                if op == "extract" {
                    InstKind::Extract(v[0], lane)
                } else {
                    InstKind::Insert(v[0], v[1], lane)
                }
            }
            "shuffle" => {
                let v = self.values(st, 2)?;
                self.expect_p(',')?;
                self.expect_p('[')?;
                let mut mask = Vec::new();
                loop {
                    mask.push(self.int()? as u32);
                    if self.eat_p(']') {
                        break;
                    }
                    self.expect_p(',')?;
                }
                InstKind::Shuffle(v[0], v[1], mask)
            }
            "splat" => InstKind::Splat(self.value_name(st)?),
            "extract_dyn" => {
                let v = self.values(st, 2)?;
                InstKind::ExtractDyn(v[0], v[1])
            }
            "load" => {
                let ptr = self.value_name(st)?;
                self.expect_word("align")?;
                let align = self.int()? as u32;
                let volatile = self.eat_word("volatile");
                InstKind::Load {
                    ptr,
                    align,
                    volatile,
                }
            }
            "store" => {
                let v = self.values(st, 2)?;
                self.expect_word("align")?;
                let align = self.int()? as u32;
                let volatile = self.eat_word("volatile");
                InstKind::Store {
                    ptr: v[0],
                    value: v[1],
                    align,
                    volatile,
                }
            }
            "atomic_rmw" => {
                let name = self.word("an atomic operation")?;
                let aop = AtomicOp::from_name(&name).ok_or_else(|| {
                    Diagnostic::error(format!("unknown atomic operation `{name}`"))
                        .at(opspan, "here")
                })?;
                let v = self.values(st, 2)?;
                let ordering = self.ordering()?;
                InstKind::AtomicRmw {
                    op: aop,
                    ptr: v[0],
                    value: v[1],
                    ordering,
                }
            }
            "cmpxchg" => {
                let v = self.values(st, 3)?;
                let ordering = self.ordering()?;
                InstKind::CmpXchg {
                    ptr: v[0],
                    expected: v[1],
                    new: v[2],
                    ordering,
                }
            }
            "fence" => {
                let scope = self.int()? as u32;
                self.expect_p(',')?;
                let semantics = self.int()? as u32;
                InstKind::Fence { scope, semantics }
            }
            "ptradd" => {
                let v = self.values(st, 2)?;
                InstKind::PtrAdd(v[0], v[1])
            }
            "alloca" => {
                let t = self.ty()?;
                self.expect_word("align")?;
                let align = self.int()? as u32;
                InstKind::Alloca { ty: t, align }
            }
            "global_addr" => match self.bump() {
                Tok::Global(n) => match self.m.global_by_name(&n) {
                    Some(g) => InstKind::GlobalAddr(g),
                    None => {
                        self.i -= 1;
                        return Err(Diagnostic::error(format!("unknown global `@{n}`"))
                            .at(self.span(), "not defined above"));
                    }
                },
                _ => {
                    self.i -= 1;
                    return self.err("a global `@name`");
                }
            },
            "call" => {
                let name = match self.bump() {
                    Tok::Global(n) => n,
                    _ => {
                        self.i -= 1;
                        return self.err("a function `@name`");
                    }
                };
                self.expect_p('(')?;
                let mut args = Vec::new();
                if !self.eat_p(')') {
                    loop {
                        args.push(self.value_name(st)?);
                        if self.eat_p(')') {
                            break;
                        }
                        self.expect_p(',')?;
                    }
                }
                InstKind::Call(self.func_ref(&name), args)
            }
            "jump" => InstKind::Jump(self.block_call(st)?),
            "brif" => {
                let c = self.value_name(st)?;
                self.expect_p(',')?;
                let t = self.block_call(st)?;
                self.expect_p(',')?;
                let e = self.block_call(st)?;
                InstKind::Brif(c, t, e)
            }
            "switch" => {
                let arg = self.value_name(st)?;
                self.expect_p(',')?;
                self.expect_p('[')?;
                let mut cases = Vec::new();
                if !self.eat_p(']') {
                    loop {
                        let k = self.int()?;
                        self.expect_p(':')?;
                        cases.push((k as u64, self.block_call(st)?));
                        if self.eat_p(']') {
                            break;
                        }
                        self.expect_p(',')?;
                    }
                }
                self.expect_p(',')?;
                let default = self.block_call(st)?;
                InstKind::Switch {
                    arg,
                    cases,
                    default,
                }
            }
            "return" => {
                let v = if matches!(self.peek(), Tok::Word(w) if entity_number(w, "v").is_some())
                    && !matches!(self.toks.get(self.i + 1), Some((Tok::P('='), ..)))
                {
                    Some(self.value_name(st)?)
                } else {
                    None
                };
                InstKind::Return(v)
            }
            "unreachable" => InstKind::Unreachable,
            other => {
                if let Some(u) = UnaryOp::from_name(other) {
                    InstKind::Unary(u, self.value_name(st)?)
                } else if let Some(b) = BinaryOp::from_name(other) {
                    let v = self.values(st, 2)?;
                    InstKind::Binary(b, v[0], v[1])
                } else if let Some(c) = ConvOp::from_name(other) {
                    let arg = self.value_name(st)?;
                    let mut rounding = Rounding::Default;
                    let mut saturate = false;
                    loop {
                        if self.eat_word("sat") {
                            saturate = true;
                            continue;
                        }
                        match self.peek().clone() {
                            Tok::Word(w) if Rounding::from_name(&w).is_some() && w != "default" => {
                                self.bump();
                                rounding = Rounding::from_name(&w).unwrap_or(Rounding::Default);
                            }
                            _ => break,
                        }
                    }
                    InstKind::Convert {
                        op: c,
                        arg,
                        rounding,
                        saturate,
                    }
                } else {
                    return Err(Diagnostic::error(format!("unknown instruction `{other}`"))
                        .at(opspan, "not an instruction"));
                }
            }
        };
        let inst = st.body.insts.push(InstData { kind, result: None });
        match (result, ty) {
            (Some(v), t) if t != Type::Void => {
                st.define(v, t, ValueDef::Inst(inst), start)?;
                st.body.insts[inst].result = Some(v);
            }
            (Some(_), _) => {
                return Err(
                    Diagnostic::error("an instruction with a result needs a type suffix")
                        .at(opspan, "such as `.i32`"),
                )
            }
            (None, Type::Void) => {}
            (None, _) => {
                return Err(
                    Diagnostic::error("a typed instruction needs a result `vN = `")
                        .at(opspan, "result missing"),
                )
            }
        }
        Ok(inst)
    }
}

struct BodyState {
    body: Body,
    defined: HashMap<Value, Span>,
}

impl BodyState {
    fn value(&mut self, n: usize) -> Result<Value, String> {
        if n >= MAX_ENTITY {
            return Err(format!("value number {n} is too large"));
        }
        while self.body.values.len() <= n {
            self.body.values.push(ValueData {
                ty: Type::Void,
                def: ValueDef::None,
            });
        }
        Ok(Value::new(n))
    }

    fn block(&mut self, n: usize) -> Result<Block, String> {
        if n >= MAX_ENTITY {
            return Err(format!("block number {n} is too large"));
        }
        while self.body.blocks.len() <= n {
            self.body.blocks.push(BlockData::default());
        }
        Ok(Block::new(n))
    }

    fn define(&mut self, v: Value, ty: Type, def: ValueDef, span: Span) -> PResult<()> {
        if !ty.is_value() {
            return Err(Diagnostic::error(format!("`{ty}` is not a value type")).at(span, "here"));
        }
        if let Some(prev) = self.defined.insert(v, span) {
            return Err(Diagnostic::error(format!("{v} is defined twice"))
                .at(span, "second definition")
                .also(prev, "first definition"));
        }
        self.body.values[v] = ValueData { ty, def };
        Ok(())
    }
}

fn entity_number(word: &str, prefix: &str) -> Option<usize> {
    let digits = word.strip_prefix(prefix)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    digits.parse().ok()
}

fn parse_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, s),
    };
    let v: u64 = if let Some(h) = body.strip_prefix("0x") {
        u64::from_str_radix(h, 16).ok()?
    } else if body.bytes().all(|b| b.is_ascii_digit()) && !body.is_empty() {
        body.parse().ok()?
    } else {
        return None;
    };
    Some(if neg {
        (v as i64).wrapping_neg()
    } else {
        v as i64
    })
}

fn decode_hex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}
