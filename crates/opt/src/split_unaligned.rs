//! `split-unaligned`: loads and stores that claim less alignment than their element
//! size (members of packed structs) become accesses of the widest pieces the alignment
//! allows, for targets whose memory is addressed in aligned dwords (AMD IL's raw UAVs
//! and LDS ignore the low address bits).
//!
//! A load of an integer or float element of `s` bytes with alignment `a < min(s, 4)`
//! reads `s / c` pieces of `c = a` bytes (a power of two), zero-extends each, shifts it
//! to its place (little-endian) and ors them together; floats are bitcast back, vector
//! lanes are inserted one by one. A store extracts, bitcasts, shifts and truncates the
//! same pieces. The rewritten load keeps its instruction and result value, so uses need
//! no renaming. Pointers, `i1` and accesses that are aligned enough are left alone.

use kauai_ir::{
    BinaryOp, Body, Const, ConstScalar, ConvOp, InstKind, Module, Rounding, Scalar, Type, Value,
};

pub fn run(m: &mut Module) {
    for f in m.functions.values_mut() {
        if let Some(body) = f.body.as_mut() {
            split_body(body);
        }
    }
}

/// The element scalar and lane count of a value type we know how to split.
fn shape(ty: Type) -> Option<(Scalar, u32)> {
    match ty {
        Type::Scalar(s) if s != Scalar::I1 => Some((s, 1)),
        Type::Vector {
            elem,
            lanes,
            scalable: false,
        } if elem != Scalar::I1 => Some((elem, lanes)),
        _ => None,
    }
}

/// The piece size in bytes when an access of `elem` at `align` must be split.
fn piece(elem: Scalar, align: u32) -> Option<u32> {
    let size = elem.bytes();
    let needed = size.min(4);
    if align >= needed {
        return None;
    }
    // The largest power of two not above the alignment (at least one byte).
    let a = align.max(1);
    Some(1 << (31 - a.leading_zeros()))
}

struct Emit<'a> {
    body: &'a mut Body,
    out: Vec<kauai_ir::Inst>,
    /// The location of the access being split, which its pieces keep.
    loc: kauai_ir::SrcLoc,
}

impl Emit<'_> {
    fn ins(&mut self, kind: InstKind, ty: Type) -> Value {
        let inst = self.body.make_inst(kind, ty);
        self.body.locs[inst] = self.loc;
        self.out.push(inst);
        self.body.insts[inst]
            .result
            .expect("a value-typed instruction has a result")
    }

    fn ins_void(&mut self, kind: InstKind) {
        let inst = self.body.make_inst(kind, Type::Void);
        self.body.locs[inst] = self.loc;
        self.out.push(inst);
    }

    fn int(&mut self, ty: Type, v: u64) -> Value {
        self.ins(InstKind::Const(Const::Scalar(ConstScalar::Int(v))), ty)
    }

    fn conv(&mut self, op: ConvOp, arg: Value, ty: Type) -> Value {
        self.ins(
            InstKind::Convert {
                op,
                arg,
                rounding: Rounding::Default,
                saturate: false,
            },
            ty,
        )
    }

    fn addr(&mut self, ptr: Value, off: u64) -> Value {
        if off == 0 {
            return ptr;
        }
        let ty = self.body.value_type(ptr);
        let o = self.int(Type::I32, off);
        self.ins(InstKind::PtrAdd(ptr, o), ty)
    }
}

fn int_type(bytes: u32) -> Type {
    Type::Scalar(Scalar::int_of_bits(bytes * 8).unwrap_or(Scalar::I32))
}

fn split_body(body: &mut Body) {
    let blocks: Vec<_> = body.order.clone();
    for b in blocks {
        let old = std::mem::take(&mut body.blocks[b].insts);
        let mut e = Emit {
            body,
            out: Vec::with_capacity(old.len()),
            loc: Default::default(),
        };
        for inst in old {
            e.loc = e.body.locs[inst];
            match e.body.insts[inst].kind.clone() {
                InstKind::Load {
                    ptr,
                    align,
                    volatile,
                } => {
                    let Some(result) = e.body.insts[inst].result else {
                        e.out.push(inst);
                        continue;
                    };
                    let ty = e.body.value_type(result);
                    match shape(ty).and_then(|(s, n)| piece(s, align).map(|c| (s, n, c))) {
                        Some((elem, lanes, c)) => {
                            let kind = split_load(&mut e, ptr, volatile, elem, lanes, c, ty);
                            e.body.insts[inst].kind = kind;
                            e.out.push(inst);
                        }
                        None => e.out.push(inst),
                    }
                }
                InstKind::Store {
                    ptr,
                    value,
                    align,
                    volatile,
                } => {
                    let ty = e.body.value_type(value);
                    match shape(ty).and_then(|(s, n)| piece(s, align).map(|c| (s, n, c))) {
                        Some((elem, lanes, c)) => {
                            split_store(&mut e, ptr, value, volatile, elem, lanes, c)
                        }
                        None => e.out.push(inst),
                    }
                }
                _ => e.out.push(inst),
            }
        }
        let out = e.out;
        body.blocks[b].insts = out;
    }
}

/// Load the pieces of lane `lane` and or all but the last together: returns (the
/// partial value, the last piece shifted into place). There are always at least two
/// pieces, because a piece is smaller than the element.
fn lane_pieces(
    e: &mut Emit,
    ptr: Value,
    volatile: bool,
    lane: u32,
    s: u32,
    c: u32,
) -> (Value, Value) {
    let ity = int_type(s);
    let cty = int_type(c);
    let mut placed = Vec::new();
    for k in 0..s / c {
        let p = e.addr(ptr, (lane * s + k * c) as u64);
        let piece = e.ins(
            InstKind::Load {
                ptr: p,
                align: c,
                volatile,
            },
            cty,
        );
        let wide = e.conv(ConvOp::Zext, piece, ity);
        placed.push(if k == 0 {
            wide
        } else {
            let sh = e.int(ity, (k * c * 8) as u64);
            e.ins(InstKind::Binary(BinaryOp::Shl, wide, sh), ity)
        });
    }
    let (first, rest) = (placed[0], &placed[1..]);
    let (last, middle) = rest.split_last().expect("at least two pieces");
    let mut acc = first;
    for &p in middle {
        acc = e.ins(InstKind::Binary(BinaryOp::Or, acc, p), ity);
    }
    (acc, *last)
}

fn bitcast(arg: Value) -> InstKind {
    InstKind::Convert {
        op: ConvOp::Bitcast,
        arg,
        rounding: Rounding::Default,
        saturate: false,
    }
}

/// Emit the pieces of a load; returns the kind of the final instruction, which takes
/// over the original load's result.
fn split_load(
    e: &mut Emit,
    ptr: Value,
    volatile: bool,
    elem: Scalar,
    lanes: u32,
    c: u32,
    ty: Type,
) -> InstKind {
    let s = elem.bytes();
    let ity = int_type(s);
    let lane_value = |e: &mut Emit, lane: u32| -> Value {
        let (acc, last) = lane_pieces(e, ptr, volatile, lane, s, c);
        let v = e.ins(InstKind::Binary(BinaryOp::Or, acc, last), ity);
        if elem.is_float() {
            e.ins(bitcast(v), Type::Scalar(elem))
        } else {
            v
        }
    };
    if lanes == 1 {
        let (acc, last) = lane_pieces(e, ptr, volatile, 0, s, c);
        let or = InstKind::Binary(BinaryOp::Or, acc, last);
        return if elem.is_float() {
            bitcast(e.ins(or, ity))
        } else {
            or
        };
    }
    let mut vec = e.ins(InstKind::Const(Const::Undef), ty);
    for lane in 0..lanes - 1 {
        let v = lane_value(e, lane);
        vec = e.ins(InstKind::Insert(vec, v, lane), ty);
    }
    let v = lane_value(e, lanes - 1);
    InstKind::Insert(vec, v, lanes - 1)
}

fn split_store(
    e: &mut Emit,
    ptr: Value,
    value: Value,
    volatile: bool,
    elem: Scalar,
    lanes: u32,
    c: u32,
) {
    let s = elem.bytes();
    let ity = int_type(s);
    let cty = int_type(c);
    for lane in 0..lanes {
        let v = if lanes == 1 {
            value
        } else {
            e.ins(InstKind::Extract(value, lane), Type::Scalar(elem))
        };
        let v = if elem.is_float() {
            e.conv(ConvOp::Bitcast, v, ity)
        } else {
            v
        };
        for k in 0..s / c {
            let shifted = if k == 0 {
                v
            } else {
                let sh = e.int(ity, (k * c * 8) as u64);
                e.ins(InstKind::Binary(BinaryOp::Lshr, v, sh), ity)
            };
            let piece = e.conv(ConvOp::Trunc, shifted, cty);
            let p = e.addr(ptr, (lane * s + k * c) as u64);
            e.ins_void(InstKind::Store {
                ptr: p,
                value: piece,
                align: c,
                volatile,
            });
        }
    }
}
