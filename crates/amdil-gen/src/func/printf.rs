//! `printf` calls: a record in the printf buffer (docs/spec/amd-runtime-abi.md#printf: its
//! offset in `cb0[8].y`, its size in `cb0[8].z`, writes past the size dropped) and a
//! `;printf_fmt` line describing it.
//!
//! The layout is the kauai emulator's (`kauai_amdil_emu::decode_printf`), with ROCm's
//! header shape ([`kauai_amdil::abi::PRINTF_HEADER_BYTES`]): word 0 counts the record
//! bytes written after the 8-byte header, word 1 the printf calls that were dropped;
//! a record is the format id, then one field per conversion, each its argument's bytes
//! padded to 4 (vectors element after element, `%s` the string literal's bytes and its
//! NUL, or the address of a string only known at run time, below). A record is reserved with a compare-and-swap on word 0, and only when it fits
//! (as ROCm's `__printf_alloc` does), so the count always covers whole records and a
//! full buffer drops later records as the AMD runtime does; a call whose record does not
//! fit adds 1 to word 1 (an atomic add), so the runtime can say how much was lost. The
//! call returns 0, or -1 when the record was dropped.

use kauai_amdil::abi::{PRINTF_DROPPED, PRINTF_HEADER_BYTES, PRINTF_USED};
use kauai_amdil::metadata::PrintfFmt;
use kauai_ir::printf::StrArg;
use kauai_printf::ArgKind;

use super::*;

/// A record field: an argument's words, or a string literal's.
enum Field {
    Arg(Value),
    Str(String),
    /// A `__constant char *` whose string is only known at run time. `;printf_fmt`
    /// fixes every field's size at compile time, so the string itself cannot travel in
    /// the record (copying a bounded prefix would print the wrong text); the record
    /// holds its 32-bit address in the global buffer instead, with size 0 in the
    /// metadata (no string literal has size 0: it always has its NUL), and the runtime
    /// reads the string there when it prints the buffer
    /// (`kauai_amdil_emu::decode_printf_in`). That is exact because `__constant` memory
    /// is read-only for the whole launch: the bytes are those the kernel pointed at.
    RuntimeStr(Value),
}

/// The format as the metadata writes it: `\n` and the other C escapes spelled out.
fn escape(format: &str) -> Result<String, GenError> {
    let mut out = String::with_capacity(format.len());
    for c in format.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{b}' => out.push_str("\\v"),
            '\u{c}' => out.push_str("\\f"),
            c if c.is_control() => {
                return unsupported(format!(
                    "printf formats with the control character U+{:04X}",
                    c as u32
                ))
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

impl FnGen<'_, '_> {
    pub(super) fn printf(&mut self, id: u32, args: &[Value], res: Option<Value>) -> R {
        let entry = kauai_ir::printf::printf_entry(self.sh.m, id)
            .ok_or_else(|| GenError::Invalid(format!("printf call {id} without a table entry")))?;
        let pieces = kauai_printf::parse(entry.format.as_bytes())
            .map_err(|_| GenError::Invalid(format!("printf format {id} does not parse")))?;
        // Fields in conversion order: run-time arguments and `%s` literals interleaved.
        let mut fields = Vec::new();
        let (mut ai, mut si) = (args.iter(), entry.strings.iter());
        for spec in kauai_printf::conversions(&pieces) {
            let f = if spec.arg_kind() == ArgKind::Str {
                match si.next() {
                    Some(StrArg::Literal(s)) => Some(Field::Str(s.clone())),
                    Some(StrArg::Arg(_)) => ai.next().map(|v| Field::RuntimeStr(*v)),
                    None => None,
                }
            } else {
                ai.next().map(|v| Field::Arg(*v))
            };
            fields.push(f.ok_or_else(|| {
                GenError::Invalid(format!(
                    "printf call {id} has fewer arguments than its format"
                ))
            })?);
        }
        // Each field's words and byte size (as the metadata gives it).
        let mut sizes = Vec::new();
        let mut words: Vec<Vec<Src>> = Vec::new();
        for f in &fields {
            match f {
                Field::RuntimeStr(v) => {
                    let l = self.loc(*v)?;
                    sizes.push(0);
                    words.push(vec![l.s(0, &[0])]);
                }
                Field::Arg(v) => {
                    let sh = self.shape(*v)?;
                    let l = self.loc(*v)?;
                    let bytes = sh.lanes as u32 * sh.bits.max(8) / 8;
                    sizes.push(bytes);
                    words.push(self.words_of(&l, sh));
                }
                Field::Str(s) => {
                    let mut b = s.as_bytes().to_vec();
                    b.push(0);
                    sizes.push(b.len() as u32);
                    b.resize(b.len().next_multiple_of(4), 0);
                    let w = b
                        .chunks(4)
                        .map(|c| self.lit(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                        .collect();
                    words.push(w);
                }
            }
        }
        // A run-time string's field (size 0) is its 4-byte address.
        let record: u32 = 4 + sizes
            .iter()
            .map(|s| if *s == 0 { 4 } else { s.next_multiple_of(4) })
            .sum::<u32>();
        self.facts.writes_global = true;
        self.facts.printf.push(PrintfFmt {
            id,
            arg_sizes: sizes,
            raw: escape(&entry.format)?,
        });
        // Reserve: used' = used + record, only while the header and used' fit the buffer.
        const _: () = assert!(
            PRINTF_USED == 0,
            "the reservation addresses word 0 as cb0[8].y"
        );
        let (old, new, t) = (self.tmp(), self.tmp(), self.tmp());
        let rl = self.lit(record);
        let four = self.lit(4);
        let header = self.lit(PRINTF_HEADER_BYTES);
        self.e(b::bare(op::Whileloop));
        self.e(b::mem(
            op::UavRawLoad,
            RAW_UAV,
            old.dst(Mask::X),
            [Reg::cb(0, 8).y()],
        ));
        self.e(b::alu(op::Iadd, new.dst(Mask::X), [old.x(), rl]));
        self.e(b::alu(op::Iadd, t.dst(Mask::X), [new.x(), header]));
        self.e(b::alu(op::Ult, t.dst(Mask::X), [Reg::cb(0, 8).z(), t.x()]));
        self.e(b::cond(op::BreakLogicalnz, t.x()));
        self.e(b::mem(
            op::UavReadCmpXchg,
            RAW_UAV,
            t.dst(Mask::Y),
            [Reg::cb(0, 8).y(), new.x(), old.x()],
        ));
        self.e(b::alu(op::Ieq, t.dst(Mask::Y), [t.y(), old.x()]));
        self.e(b::cond(op::BreakLogicalnz, t.y()));
        self.e(b::bare(op::Endloop));
        let ret = match res {
            Some(r) => Some(self.loc(r)?.d(0, &[0])),
            None => None,
        };
        self.e(b::cond(op::IfLogicalz, t.x()));
        let a = self.tmp();
        self.e(b::alu(
            op::Iadd,
            a.dst(Mask::X),
            [Reg::cb(0, 8).y(), old.x()],
        ));
        self.e(b::alu(op::Iadd, a.dst(Mask::X), [a.x(), header]));
        let idl = self.lit(id);
        self.e(b::mem(
            op::UavRawStore,
            RAW_UAV,
            Reg::mem(0).dst(Mask::X),
            [a.x(), idl],
        ));
        for w in words.iter().flatten() {
            self.e(b::alu(op::Iadd, a.dst(Mask::X), [a.x(), four]));
            self.e(b::mem(
                op::UavRawStore,
                RAW_UAV,
                Reg::mem(0).dst(Mask::X),
                [a.x(), *w],
            ));
        }
        if let Some(r) = &ret {
            let z = self.lit(0);
            self.e(b::alu(op::Mov, *r, [z]));
        }
        self.e(b::bare(op::Else));
        if let Some(r) = &ret {
            let m1 = self.lit(u32::MAX);
            self.e(b::alu(op::Mov, *r, [m1]));
        }
        // Dropped: count the call in the header's word 1.
        let (dropped, one) = (self.lit(PRINTF_DROPPED), self.lit(1));
        self.e(b::alu(
            op::Iadd,
            a.dst(Mask::X),
            [Reg::cb(0, 8).y(), dropped],
        ));
        self.e(b::mem_nodst(op::UavAdd, RAW_UAV, [a.x(), one]));
        self.e(b::bare(op::Endif));
        Ok(())
    }
}
