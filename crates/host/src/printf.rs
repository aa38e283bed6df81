//! `printf` on the host: records per work-group, merged into text in a fixed order.
//!
//! A call `__kauai_printf.<ID>(args)` appends a record (the id and the argument values)
//! to its work-group's log. When a group finishes, its log is handed to [`Merge`],
//! which formats the logs in work-group linear order (x fastest), each group's records
//! in the order its work-items made them: work-items run one after another, from one
//! barrier to the next, in local linear order. That is the order of the kauai IL
//! emulator, so both devices print the same text whatever the number of host threads.
//!
//! The printf buffer: records are counted with the kauai AMD layout (a 4-byte id, each
//! argument rounded up to 4 bytes, a `%s` string with its NUL) after an 8-byte header
//! ([`HEADER_BYTES`]),
//! and a record that does not fit in [`crate::ExecOptions::printf_buffer_size`] bytes
//! is dropped, with every record after it, as the AMD runtime drops writes beyond
//! `cb0[8].z`. Which records fit is decided in the merged order, so it does not depend
//! on threads either. `printf` returns -1 when the records of its own work-group
//! (itself included) outgrow the buffer, else 0: whether earlier work-groups filled the
//! buffer is only known after they ran, so a record dropped for that reason got 0.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};

use kauai_ir::printf::StrArg;
use kauai_ir::{Module, Scalar, Type};
use kauai_printf::{Piece, Value};

/// The printf buffer's header in the kauai AMD layout (`kauai_amdil::abi::PRINTF_HEADER_BYTES`:
/// the bytes used and the dropped-call count, ROCm's header shape): records start after
/// it, so it counts against the buffer size as on the IL devices.
const HEADER_BYTES: u64 = 8;

use crate::ExecError;

/// One parsed entry of the module's printf table.
#[derive(Debug)]
pub(crate) struct Format {
    /// The run-time argument types (how a call's lanes are read).
    args: Vec<Type>,
    /// Which run-time arguments are `%s` strings (`__constant char *`): the caller
    /// reads them ([`Formats::read_strings`]) when the call is made.
    str_args: Vec<bool>,
    bytes: Vec<u8>,
    pieces: Vec<Piece>,
    /// Per `%s` conversion: its literal, or `None` for the next run-time argument.
    strings: Vec<Option<Vec<u8>>>,
}

/// The bytes a run-time `%s` field takes in the kauai AMD layout: the string's 32-bit
/// address, which the runtime reads when it prints the buffer (`amdil-gen`'s printf).
const STR_ADDRESS_BYTES: u64 = 4;

/// The module's printf table, parsed once.
#[derive(Debug, Default)]
pub(crate) struct Formats(HashMap<u32, Format>);

impl Formats {
    pub(crate) fn new(m: &Module) -> Result<Formats, ExecError> {
        let mut map = HashMap::new();
        for e in kauai_ir::printf::printf_table(m) {
            let pieces = kauai_printf::parse(e.format.as_bytes()).map_err(|errs| {
                ExecError::InvalidModule(format!(
                    "printf format {}: {}",
                    e.id,
                    errs.first().map_or("", |x| x.message.as_str())
                ))
            })?;
            let mut str_args = vec![false; e.args.len()];
            let strings = e
                .strings
                .into_iter()
                .map(|s| match s {
                    StrArg::Literal(s) => Some(s.into_bytes()),
                    StrArg::Arg(k) => {
                        if let Some(b) = str_args.get_mut(k as usize) {
                            *b = true;
                        }
                        None
                    }
                })
                .collect();
            map.insert(
                e.id,
                Format {
                    args: e.args,
                    str_args,
                    bytes: e.format.into_bytes(),
                    pieces,
                    strings,
                },
            );
        }
        Ok(Formats(map))
    }

    /// The values of a call to format `id` whose arguments are `lanes`, one `u64` per
    /// lane in argument order (as compiled code passes them).
    pub(crate) fn values_of(&self, id: u32, lanes: &[u64]) -> Vec<Value> {
        let Some(f) = self.0.get(&id) else {
            return Vec::new();
        };
        let mut at = 0;
        f.args
            .iter()
            .map(|t| {
                let v = value_of(lanes, at, *t);
                at += t.lanes() as usize;
                v
            })
            .collect()
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Replace each run-time `%s` argument of a call to format `id` (a pointer value)
    /// by the string `read` finds there, when the call is made.
    pub(crate) fn read_strings<E>(
        &self,
        id: u32,
        vals: &mut [Value],
        mut read: impl FnMut(u64) -> Result<Vec<u8>, E>,
    ) -> Result<(), E> {
        let Some(f) = self.0.get(&id) else {
            return Ok(());
        };
        for (v, is_str) in vals.iter_mut().zip(&f.str_args) {
            if let (true, Value::Ptr(p)) = (is_str, &*v) {
                *v = Value::Str(read(*p)?);
            }
        }
        Ok(())
    }

    /// Print one record: `%s` conversions take the entry's strings, the others the
    /// record's values.
    fn render(&self, id: u32, vals: &[Value], out: &mut Vec<u8>) -> Result<(), String> {
        let f = self
            .0
            .get(&id)
            .ok_or_else(|| format!("no printf format {id}"))?;
        let mut strings = f.strings.iter();
        let mut values = vals.iter();
        let mut args = Vec::with_capacity(vals.len() + f.strings.len());
        for s in kauai_printf::conversions(&f.pieces) {
            let next = if s.conv == b's' {
                match strings.next() {
                    Some(Some(lit)) => Some(Value::Str(lit.clone())),
                    // A run-time string, read when the call was made.
                    Some(None) => values.next().cloned(),
                    None => None,
                }
            } else {
                values.next().cloned()
            };
            args.extend(next);
        }
        kauai_printf::render(&f.bytes, &f.pieces, &args, out).map_err(|e| e.message)
    }

    /// Bytes of a record in the kauai AMD printf buffer layout (after [`HEADER_BYTES`]).
    fn record_size(&self, id: u32, vals: &[Value]) -> u64 {
        let Some(f) = self.0.get(&id) else {
            return 4 + vals.iter().map(value_size).sum::<u64>();
        };
        let strings: u64 = f
            .strings
            .iter()
            .flatten()
            .map(|s| (s.len() as u64 + 1).next_multiple_of(4))
            .sum();
        let args: u64 = vals
            .iter()
            .enumerate()
            .map(|(i, v)| match f.str_args.get(i) {
                Some(true) => STR_ADDRESS_BYTES,
                _ => value_size(v),
            })
            .sum();
        4 + strings + args
    }
}

fn value_size(v: &Value) -> u64 {
    let raw = match v {
        Value::Int { bytes, .. } => *bytes as u64,
        Value::F16(_) => 2,
        Value::F32(_) => 4,
        Value::F64(_) | Value::Ptr(_) => 8,
        Value::Str(s) => s.len() as u64 + 1,
        Value::Vector(vs) => vs.iter().map(value_size).sum(),
    };
    raw.next_multiple_of(4)
}

/// The value of an argument of type `t` in slots `regs[s..]`.
pub(crate) fn value_of(regs: &[u64], s: usize, t: Type) -> Value {
    let scalar = |sc: Scalar, bits: u64| match sc {
        Scalar::F16 => Value::F16(bits as u16),
        Scalar::F32 => Value::F32(f32::from_bits(bits as u32)),
        Scalar::F64 => Value::F64(f64::from_bits(bits)),
        sc => Value::int(bits, sc.bytes() as u8),
    };
    let at = |k: usize| regs.get(s + k).copied().unwrap_or(0);
    match t {
        Type::Vector { elem, lanes, .. } => {
            Value::Vector((0..lanes as usize).map(|k| scalar(elem, at(k))).collect())
        }
        Type::Scalar(sc) => scalar(sc, at(0)),
        _ => Value::Ptr(at(0)),
    }
}

/// The records of one work-group, in the order they were made.
#[derive(Debug, Default)]
pub(crate) struct GroupLog {
    records: Vec<(u32, Vec<Value>)>,
    /// Bytes of the records kept.
    bytes: u64,
    /// The group's own records outgrew the buffer: later ones cannot fit either.
    overflow: bool,
    /// Every printf call of the group, printed or not (to count what was dropped).
    calls: u64,
}

/// A group's log as its work-items see it.
pub(crate) type Log = RefCell<GroupLog>;

impl GroupLog {
    /// Record a call; false when the group's own records (this one included) already
    /// outgrow the buffer, so the record cannot be printed. `keep` false only saves the
    /// memory of a record that the merge would drop anyway.
    pub(crate) fn push(
        &mut self,
        formats: &Formats,
        limit: u64,
        id: u32,
        vals: Vec<Value>,
        keep: bool,
    ) -> bool {
        self.calls += 1;
        if self.overflow {
            return false;
        }
        let size = formats.record_size(id, &vals);
        if HEADER_BYTES + self.bytes + size > limit {
            self.overflow = true;
            return false;
        }
        self.bytes += size;
        if keep {
            self.records.push((id, vals));
        }
        true
    }
}

/// Merges group logs in work-group order into the output text.
#[derive(Debug, Default)]
pub(crate) struct Merge {
    /// The next group to print.
    next: u64,
    /// Finished groups that wait for an earlier one.
    pending: BTreeMap<u64, GroupLog>,
    /// Record bytes printed so far.
    used: u64,
    pub(crate) out: Vec<u8>,
    pub(crate) error: Option<String>,
    /// printf calls whose records did not fit in the buffer.
    pub(crate) dropped: u64,
}

impl Merge {
    /// Take the log of group `g` and print every log that is now in order. `full` is
    /// set once a record did not fit: later groups need not keep records.
    pub(crate) fn add(
        &mut self,
        g: u64,
        log: GroupLog,
        formats: &Formats,
        limit: u64,
        full: &AtomicBool,
    ) {
        self.pending.insert(g, log);
        while let Some(log) = self.pending.remove(&self.next) {
            self.next += 1;
            if full.load(Ordering::Relaxed) {
                self.dropped += log.calls;
                continue;
            }
            let mut printed = 0;
            for (id, vals) in &log.records {
                let size = formats.record_size(*id, vals);
                if HEADER_BYTES + self.used + size > limit {
                    full.store(true, Ordering::Relaxed);
                    break;
                }
                printed += 1;
                self.used += size;
                if let Err(e) = formats.render(*id, vals, &mut self.out) {
                    self.error.get_or_insert(e);
                }
            }
            self.dropped += log.calls - printed;
            if log.overflow {
                full.store(true, Ordering::Relaxed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn formats() -> Formats {
        let mut m = Module::default();
        kauai_ir::printf::find_or_add(&mut m, "%d;", &[Type::I32], &[]);
        kauai_ir::printf::find_or_add(
            &mut m,
            "%s%v2hlx|",
            &[Type::vec(Scalar::I32, 2)],
            &[StrArg::Literal("ab".into())],
        );
        Formats::new(&m).unwrap()
    }

    fn log(f: &Formats, limit: u64, vals: &[i32]) -> GroupLog {
        let mut l = GroupLog::default();
        for v in vals {
            l.push(f, limit, 0, vec![Value::i32(*v)], true);
        }
        l
    }

    #[test]
    fn groups_print_in_order_whatever_order_they_finish() {
        let f = formats();
        let full = AtomicBool::new(false);
        let mut m = Merge::default();
        m.add(2, log(&f, 1000, &[5]), &f, 1000, &full);
        m.add(1, log(&f, 1000, &[3, 4]), &f, 1000, &full);
        assert!(m.out.is_empty());
        m.add(0, log(&f, 1000, &[1, 2]), &f, 1000, &full);
        assert_eq!(String::from_utf8(m.out).unwrap(), "1;2;3;4;5;");
    }

    #[test]
    fn records_past_the_buffer_are_dropped_with_all_later_ones() {
        let f = formats();
        // Each record is 8 bytes after the 8-byte header: 40 bytes hold four.
        let full = AtomicBool::new(false);
        let mut m = Merge::default();
        m.add(0, log(&f, 40, &[1, 2, 3]), &f, 40, &full);
        m.add(1, log(&f, 40, &[4, 5]), &f, 40, &full);
        m.add(2, log(&f, 40, &[6]), &f, 40, &full);
        assert_eq!(String::from_utf8(m.out).unwrap(), "1;2;3;4;");
        assert!(full.load(Ordering::Relaxed));
        // Two calls, 5 and 6, were dropped, and are counted.
        assert_eq!(m.dropped, 2);
        // A group that alone outgrows the buffer stops keeping records.
        let mut l = log(&f, 24, &[1, 2]);
        assert!(!l.push(&f, 24, 0, vec![Value::i32(3)], true));
        assert_eq!((l.records.len(), l.overflow), (2, true));
    }

    #[test]
    fn strings_come_from_the_table() {
        let f = formats();
        let mut out = Vec::new();
        let v = Value::Vector(vec![Value::i32(10), Value::i32(255)]);
        f.render(1, std::slice::from_ref(&v), &mut out).unwrap();
        assert_eq!(out, b"aba,ff|");
        // id (4) + "ab\0" (4) + two ints (8).
        assert_eq!(f.record_size(1, &[v]), 16);
    }
}
