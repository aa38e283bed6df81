//! Arithmetic, comparisons, selects, conversions, vector shuffles and math.

use super::*;

impl FnGen<'_, '_> {
    pub(super) fn binary(&mut self, op: BinaryOp, a: Value, b: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        use BinaryOp::*;
        if sh.float {
            if sh.bits == 16 {
                return unsupported(format!("`{}` on half values", op.name()));
            }
            if sh.wide {
                self.facts.uses_doubles = true;
                let neg = self.lit_chunks([0, 0x8000_0000, 0, 0x8000_0000], sh);
                match op {
                    Fadd => self.pairwise(op::Dadd, d, &[&x, &y], sh),
                    Fsub => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise(op::Ixor, &t, &[&y, &neg], sh);
                        self.pairwise(op::Dadd, d, &[&x, &t], sh);
                    }
                    Fmul => self.pairwise(op::Dmul, d, &[&x, &y], sh),
                    Fdiv => self.pairwise(op::Ddiv, d, &[&x, &y], sh),
                    Fmin => self.pairwise(op::Dmin, d, &[&x, &y], sh),
                    Fmax => self.pairwise(op::Dmax, d, &[&x, &y], sh),
                    Copysign => {
                        let m = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
                        self.lanewise(op::Bfi, d, &[&m, &x, &y], sh);
                    }
                    _ => return unsupported(format!("`{}` on doubles", op.name())),
                }
                return Ok(());
            }
            let name = match op {
                Fadd => Opcode::Add,
                Fsub => Opcode::Sub,
                Fmul => Opcode::Mul,
                Fdiv => Opcode::Div,
                Frem => Opcode::Mod,
                Fmin => Opcode::Min,
                Fmax => Opcode::Max,
                Copysign => {
                    let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                    self.lanewise(op::Bfi, d, &[&m, &x, &y], sh);
                    return Ok(());
                }
                _ => return Err(GenError::Invalid(format!("`{}` on floats", op.name()))),
            };
            self.lanewise_dyn(name, d, &[&x, &y], sh);
            return Ok(());
        }
        if sh.wide {
            let name = match op {
                Iadd => Opcode::I64add,
                Isub => Opcode::I64sub,
                Imul => Opcode::I64mul,
                Sdiv => Opcode::I64div,
                Udiv => Opcode::U64div,
                Srem => Opcode::I64mod,
                Urem => Opcode::U64mod,
                Shl => Opcode::I64shl,
                Lshr => Opcode::U64shr,
                Ashr => Opcode::I64shr,
                Smin => Opcode::I64min,
                Smax => Opcode::I64max,
                Umin => Opcode::U64min,
                Umax => Opcode::U64max,
                And | Or | Xor => {
                    let n = [Opcode::Iand, Opcode::Ior, Opcode::Ixor]
                        [[And, Or, Xor].iter().position(|o| *o == op).unwrap_or(0)];
                    self.lanewise_dyn(n, d, &[&x, &y], sh);
                    return Ok(());
                }
                Rotl => {
                    // (x << n) | (x >> (-n & 63)); IL masks 64-bit shift counts.
                    let l = self.sh.alloc(sh.chunks());
                    let r = self.sh.alloc(sh.chunks());
                    let n = self.sh.alloc(sh.chunks());
                    self.pairwise(op::I64shl, &l, &[&x, &y], sh);
                    self.lanewise(op::Inegate, &n, &[&y], sh);
                    self.pairwise(op::U64shr, &r, &[&x, &n], sh);
                    self.lanewise(op::Ior, d, &[&l, &r], sh);
                    return Ok(());
                }
                UaddSat => {
                    let t = self.sh.alloc(sh.chunks());
                    self.pairwise(op::I64add, &t, &[&x, &y], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise(op::U64lt, &c, &[&t, &x], sh);
                    let ones = self.lit_chunks([u32::MAX; 4], sh);
                    self.lanewise(op::CmovLogical, d, &[&c, &ones, &t], sh);
                    return Ok(());
                }
                UsubSat => {
                    let t = self.sh.alloc(sh.chunks());
                    self.pairwise(op::I64sub, &t, &[&x, &y], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise(op::U64ge, &c, &[&x, &y], sh);
                    let zero = self.lit_chunks([0; 4], sh);
                    self.lanewise(op::CmovLogical, d, &[&c, &t, &zero], sh);
                    return Ok(());
                }
                SaddSat | SsubSat => {
                    // Overflow when the operands (b negated for sub) share a sign that
                    // the result does not have; saturate toward the first operand's sign.
                    let t = self.sh.alloc(sh.chunks());
                    let inst = if op == SaddSat {
                        Opcode::I64add
                    } else {
                        Opcode::I64sub
                    };
                    self.pairwise_dyn(inst, &t, &[&x, &y], sh);
                    let p = self.sh.alloc(sh.chunks());
                    let q = self.sh.alloc(sh.chunks());
                    self.lanewise(op::Ixor, &p, &[&x, &t], sh);
                    if op == SaddSat {
                        self.lanewise(op::Ixor, &q, &[&y, &t], sh);
                    } else {
                        self.lanewise(op::Ixor, &q, &[&x, &y], sh);
                    }
                    self.lanewise(op::Iand, &p, &[&p, &q], sh);
                    let zero = self.lit_chunks([0; 4], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise(op::I64lt, &c, &[&p, &zero], sh);
                    let s = self.sh.alloc(sh.chunks());
                    self.pairwise(op::I64lt, &s, &[&x, &zero], sh);
                    let min = self.lit_chunks([0, 0x8000_0000, 0, 0x8000_0000], sh);
                    let max = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
                    let sat = self.sh.alloc(sh.chunks());
                    self.lanewise(op::CmovLogical, &sat, &[&s, &min, &max], sh);
                    self.lanewise(op::CmovLogical, d, &[&c, &sat, &t], sh);
                    return Ok(());
                }
                SmulHi | UmulHi => {
                    self.mulhi64(d, &x, &y, sh, op == SmulHi);
                    return Ok(());
                }
                _ => return unsupported(format!("`{}` on 64-bit integers", op.name())),
            };
            self.pairwise_dyn(name, d, &[&x, &y], sh);
            return Ok(());
        }
        let bits = sh.bits;
        let narrow = bits < 32;
        let name = match op {
            Iadd => Opcode::Iadd,
            Imul => Opcode::Imul,
            And => Opcode::Iand,
            Or => Opcode::Ior,
            Xor => Opcode::Ixor,
            Isub => {
                let n = self.negate(&y, sh);
                self.lanewise(op::Iadd, d, &[&x, &n], sh);
                return Ok(());
            }
            Sdiv | Srem | Smin | Smax | SmulHi => {
                let xs = self.ext(&x, sh, true);
                let ys = self.ext(&y, sh, true);
                let name = match op {
                    Sdiv => Opcode::Idiv,
                    Srem => Opcode::Imod,
                    Smin => Opcode::Imin,
                    Smax => Opcode::Imax,
                    _ if narrow => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise(op::Imul, &t, &[&xs, &ys], sh);
                        let s = self.lit_chunks([bits; 4], sh);
                        self.lanewise(op::Ishr, d, &[&t, &s], sh);
                        return Ok(());
                    }
                    _ => Opcode::ImulHigh,
                };
                self.lanewise_dyn(name, d, &[&xs, &ys], sh);
                return Ok(());
            }
            Udiv | Urem | Umin | Umax | UmulHi => {
                let xs = self.ext(&x, sh, false);
                let ys = self.ext(&y, sh, false);
                let name = match op {
                    Udiv => Opcode::Udiv,
                    Urem => Opcode::Umod,
                    Umin => Opcode::Umin,
                    Umax => Opcode::Umax,
                    _ if narrow => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise(op::Imul, &t, &[&xs, &ys], sh);
                        let s = self.lit_chunks([bits; 4], sh);
                        self.lanewise(op::Ushr, d, &[&t, &s], sh);
                        return Ok(());
                    }
                    _ => Opcode::UmulHigh,
                };
                self.lanewise_dyn(name, d, &[&xs, &ys], sh);
                return Ok(());
            }
            Shl | Lshr | Ashr => {
                let amt = if narrow {
                    let m = self.lit_chunks([bits - 1; 4], sh);
                    let t = self.sh.alloc(sh.chunks());
                    self.lanewise(op::Iand, &t, &[&y, &m], sh);
                    t
                } else {
                    y.clone()
                };
                let (name, src) = match op {
                    Shl => (Opcode::Ishl, x.clone()),
                    Lshr => (Opcode::Ushr, self.ext(&x, sh, false)),
                    _ => (Opcode::Ishr, self.ext(&x, sh, true)),
                };
                self.lanewise_dyn(name, d, &[&src, &amt], sh);
                return Ok(());
            }
            Rotl => {
                if !narrow {
                    return self.per_lane_macro(INTR_ROTATE, d, &[&x, &y], sh);
                }
                let m = self.lit_chunks([bits - 1; 4], sh);
                let n = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iand, &n, &[&y, &m], sh);
                let z = self.ext(&x, sh, false);
                let l = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ishl, &l, &[&x, &n], sh);
                let w = self.lit_chunks([bits; 4], sh);
                let k = self.sh.alloc(sh.chunks());
                let nn = self.negate(&n, sh);
                self.lanewise(op::Iadd, &k, &[&w, &nn], sh);
                let r = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ushr, &r, &[&z, &k], sh);
                self.lanewise(op::Ior, d, &[&l, &r], sh);
                return Ok(());
            }
            SaddSat | SsubSat if narrow => {
                let xs = self.ext(&x, sh, true);
                let ys = self.ext(&y, sh, true);
                let t = self.sh.alloc(sh.chunks());
                if op == SaddSat {
                    self.lanewise(op::Iadd, &t, &[&xs, &ys], sh);
                } else {
                    let n = self.negate(&ys, sh);
                    self.lanewise(op::Iadd, &t, &[&xs, &n], sh);
                }
                let lo = self.lit_chunks([(-(1i64 << (bits - 1))) as u32; 4], sh);
                let hi = self.lit_chunks([((1u32 << (bits - 1)) - 1); 4], sh);
                self.lanewise(op::Imax, &t, &[&t, &lo], sh);
                self.lanewise(op::Imin, d, &[&t, &hi], sh);
                return Ok(());
            }
            UaddSat | UsubSat if narrow => {
                let xs = self.ext(&x, sh, false);
                let ys = self.ext(&y, sh, false);
                let t = self.sh.alloc(sh.chunks());
                if op == UaddSat {
                    self.lanewise(op::Iadd, &t, &[&xs, &ys], sh);
                    let hi = self.lit_chunks([(1u32 << bits) - 1; 4], sh);
                    self.lanewise(op::Umin, d, &[&t, &hi], sh);
                } else {
                    let n = self.negate(&ys, sh);
                    self.lanewise(op::Iadd, &t, &[&xs, &n], sh);
                    let z = self.lit_chunks([0; 4], sh);
                    self.lanewise(op::Imax, d, &[&t, &z], sh);
                }
                return Ok(());
            }
            SaddSat => return self.per_lane_macro(INTR_ADD_SAT, d, &[&x, &y], sh),
            SsubSat => {
                let t = self.sh.alloc(sh.chunks());
                let n = self.negate(&y, sh);
                self.lanewise(op::Iadd, &t, &[&x, &n], sh);
                let p = self.sh.alloc(sh.chunks());
                let q = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ixor, &p, &[&x, &y], sh);
                self.lanewise(op::Ixor, &q, &[&x, &t], sh);
                self.lanewise(op::Iand, &p, &[&p, &q], sh);
                let z = self.lit_chunks([0; 4], sh);
                self.lanewise(op::Ilt, &p, &[&p, &z], sh);
                let s = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ilt, &s, &[&x, &z], sh);
                let min = self.lit_chunks([0x8000_0000; 4], sh);
                let max = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                self.lanewise(op::CmovLogical, &s, &[&s, &min, &max], sh);
                self.lanewise(op::CmovLogical, d, &[&p, &s, &t], sh);
                return Ok(());
            }
            UaddSat => {
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::Iadd, &t, &[&x, &y], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ult, &c, &[&t, &x], sh);
                let ones = self.lit_chunks([u32::MAX; 4], sh);
                self.lanewise(op::CmovLogical, d, &[&c, &ones, &t], sh);
                return Ok(());
            }
            UsubSat => {
                let t = self.sh.alloc(sh.chunks());
                let n = self.negate(&y, sh);
                self.lanewise(op::Iadd, &t, &[&x, &n], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise(op::Uge, &c, &[&x, &y], sh);
                let z = self.lit_chunks([0; 4], sh);
                self.lanewise(op::CmovLogical, d, &[&c, &t, &z], sh);
                return Ok(());
            }
            _ => return Err(GenError::Invalid(format!("`{}` on integers", op.name()))),
        };
        self.lanewise_dyn(name, d, &[&x, &y], sh);
        Ok(())
    }

    /// `-v` lane-wise (folded for literals).
    fn negate(&mut self, v: &VLoc, sh: Shape) -> VLoc {
        if v.lit {
            let nums = v
                .nums
                .iter()
                .map(|n| {
                    let w = self.sh.lits.value(*n);
                    self.sh.lits.get(w.map(|x| x.wrapping_neg()))
                })
                .collect();
            return VLoc { lit: true, nums };
        }
        let t = self.sh.alloc(sh.chunks());
        self.lanewise(op::Inegate, &t, &[v], sh);
        t
    }

    /// A 32-bit operation from the intrinsic library, once per lane (the macros work on
    /// `.x`).
    fn per_lane_macro(&mut self, id: u32, d: &VLoc, srcs: &[&VLoc], sh: Shape) -> R {
        self.facts.intrinsics.insert(id);
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let t = self.tmp();
            let ins: Vec<Src> = srcs.iter().map(|s| s.s(c, &[k])).collect();
            self.e(b::mcall(id, &[t.whole()], &ins));
            self.e(b::alu(op::Mov, d.d(c, &[k]), [t.x()]));
        }
        Ok(())
    }

    pub(super) fn bitcount(&mut self, op: UnaryOp, x: &VLoc, sh: Shape, d: &VLoc) -> R {
        if sh.wide {
            // On the two halves, then combined; the result's high word is 0.
            for i in 0..sh.lanes {
                let (c, k) = sh.lane(i);
                let lo = x.s(c, &[k]);
                let hi = x.s(c, &[k + 1]);
                let (a, b) = (self.tmp(), self.tmp());
                match op {
                    UnaryOp::Popcount => {
                        self.e(b::alu(op::Icbits, a.dst(Mask::X), [lo]));
                        self.e(b::alu(op::Icbits, b.dst(Mask::X), [hi]));
                        self.e(b::alu(op::Iadd, d.d(c, &[k]), [a.x(), b.x()]));
                    }
                    UnaryOp::Clz => {
                        self.facts.intrinsics.insert(INTR_CLZ);
                        self.e(b::mcall(INTR_CLZ, &[a.whole()], &[hi]));
                        self.e(b::mcall(INTR_CLZ, &[b.whole()], &[lo]));
                        let l32 = self.lit(32);
                        self.e(b::alu(op::Iadd, b.dst(Mask::X), [b.x(), l32]));
                        let z = self.lit(0);
                        let t = self.tmp();
                        self.e(b::alu(op::Ieq, t.dst(Mask::X), [hi, z]));
                        self.e(b::alu(op::CmovLogical, d.d(c, &[k]), [t.x(), b.x(), a.x()]));
                    }
                    _ => {
                        let m = self.lit(u32::MAX);
                        let l32 = self.lit(32);
                        self.e(b::alu(op::FfbLo, a.dst(Mask::X), [lo]));
                        self.e(b::alu(op::FfbLo, b.dst(Mask::X), [hi]));
                        let t = self.tmp();
                        self.e(b::alu(op::Ieq, t.dst(Mask::X), [b.x(), m]));
                        self.e(b::alu(op::CmovLogical, b.dst(Mask::X), [t.x(), l32, b.x()]));
                        self.e(b::alu(op::Iadd, b.dst(Mask::X), [b.x(), l32]));
                        self.e(b::alu(op::Ieq, t.dst(Mask::X), [a.x(), m]));
                        self.e(b::alu(op::CmovLogical, d.d(c, &[k]), [t.x(), b.x(), a.x()]));
                    }
                }
                let z = self.lit(0);
                self.e(b::alu(op::Mov, d.d(c, &[k + 1]), [z]));
            }
            return Ok(());
        }
        let bits = sh.bits;
        let z = self.ext(x, sh, false);
        match op {
            UnaryOp::Popcount => self.lanewise(op::Icbits, d, &[&z], sh),
            UnaryOp::Clz => {
                let t = self.sh.alloc(sh.chunks());
                self.per_lane_macro(INTR_CLZ, &t, &[&z], sh)?;
                let adj = self.lit_chunks([(bits as i32 - 32) as u32; 4], sh);
                self.lanewise(op::Iadd, d, &[&t, &adj], sh);
            }
            _ => {
                let t = self.sh.alloc(sh.chunks());
                self.lanewise(op::FfbLo, &t, &[&z], sh);
                let m = self.lit_chunks([u32::MAX; 4], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise(op::Ieq, &c, &[&t, &m], sh);
                let w = self.lit_chunks([bits; 4], sh);
                self.lanewise(op::CmovLogical, d, &[&c, &w, &t], sh);
            }
        }
        Ok(())
    }

    pub(super) fn icmp(&mut self, cc: IntCC, a: Value, b: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        use IntCC::*;
        use Opcode::{I64eq, I64ge, I64lt, I64ne, Ieq, Ige, Ilt, Ine, U64ge, U64lt};
        // (32-bit instruction, 64-bit instruction, swap operands, signed)
        let (narrow, wide, swap, signed) = match cc {
            Eq => (Ieq, I64eq, false, false),
            Ne => (Ine, I64ne, false, false),
            Slt => (Ilt, I64lt, false, true),
            Sge => (Ige, I64ge, false, true),
            Sgt => (Ilt, I64lt, true, true),
            Sle => (Ige, I64ge, true, true),
            Ult => (Opcode::Ult, U64lt, false, false),
            Uge => (Opcode::Uge, U64ge, false, false),
            Ugt => (Opcode::Ult, U64lt, true, false),
            Ule => (Opcode::Uge, U64ge, true, false),
        };
        let (x, y) = if swap { (y, x) } else { (x, y) };
        if sh.wide {
            let bsh = Shape {
                lanes: sh.lanes,
                wide: false,
                bits: 1,
                float: false,
            };
            for i in 0..sh.lanes {
                let t = self.tmp();
                self.e(b::alu_dyn(
                    wide,
                    t.dst(Mask::XY),
                    [x.lane(sh, i), y.lane(sh, i)],
                ));
                let (c, k) = bsh.lane(i);
                self.e(b::alu(op::Mov, d.d(c, &[k]), [t.x()]));
            }
            return Ok(());
        }
        let xs = self.ext(&x, sh, signed);
        let ys = self.ext(&y, sh, signed);
        self.lanewise_dyn(narrow, d, &[&xs, &ys], sh);
        Ok(())
    }

    pub(super) fn fcmp(&mut self, cc: FloatCC, a: Value, b: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        if sh.bits == 16 {
            return unsupported("comparisons of half values");
        }
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        let bsh = Shape {
            lanes: sh.lanes,
            wide: false,
            bits: 1,
            float: false,
        };
        // One comparison into `dst`: IL has eq, ne, lt, ge; gt and le swap operands.
        let one = |g: &mut Self, name: Opcode, p: &VLoc, q: &VLoc, dst: &VLoc| {
            if sh.wide {
                g.facts.uses_doubles = true;
                let name = match name {
                    Opcode::Eq => Opcode::Deq,
                    Opcode::Ne => Opcode::Dne,
                    Opcode::Lt => Opcode::Dlt,
                    _ => Opcode::Dge,
                };
                for i in 0..sh.lanes {
                    let (c, k) = bsh.lane(i);
                    g.e(b::alu_dyn(
                        name,
                        dst.d(c, &[k]),
                        [p.lane(sh, i), q.lane(sh, i)],
                    ));
                }
            } else {
                g.lanewise_dyn(name, dst, &[p, q], sh);
            }
        };
        use FloatCC::*;
        match cc {
            Oeq => one(self, Opcode::Eq, &x, &y, d),
            Une => one(self, Opcode::Ne, &x, &y, d),
            Olt => one(self, Opcode::Lt, &x, &y, d),
            Oge => one(self, Opcode::Ge, &x, &y, d),
            Ogt => one(self, Opcode::Lt, &y, &x, d),
            Ole => one(self, Opcode::Ge, &y, &x, d),
            One | Ord | Uno => {
                let t = self.sh.alloc(bsh.chunks());
                let u = self.sh.alloc(bsh.chunks());
                let join = match cc {
                    One => {
                        one(self, Opcode::Lt, &x, &y, &t);
                        one(self, Opcode::Lt, &y, &x, &u);
                        Opcode::Ior
                    }
                    Ord => {
                        one(self, Opcode::Eq, &x, &x, &t);
                        one(self, Opcode::Eq, &y, &y, &u);
                        Opcode::Iand
                    }
                    _ => {
                        one(self, Opcode::Ne, &x, &x, &t);
                        one(self, Opcode::Ne, &y, &y, &u);
                        Opcode::Ior
                    }
                };
                self.lanewise_dyn(join, d, &[&t, &u], bsh);
            }
        }
        Ok(())
    }

    pub(super) fn select(&mut self, c: Value, a: Value, b: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        let cs = self.shape(c)?;
        let cl = self.loc(c)?;
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        for ch in 0..sh.chunks() {
            let comps = sh.chunk_comps(ch);
            let cond = if cs.lanes == 1 {
                cl.s(0, &[0])
            } else if sh.wide {
                let i0 = ch * 2;
                let (c0, k0) = cs.lane(i0);
                let (_, k1) = cs.lane((i0 + 1).min(cs.lanes - 1));
                cl.s(c0, &[k0, k0, k1, k1])
            } else {
                cl.r(ch).src()
            };
            self.e(b::alu(
                op::CmovLogical,
                d.d(ch, &comps),
                [cond, x.r(ch).src(), y.r(ch).src()],
            ));
        }
        Ok(())
    }

    pub(super) fn shuffle(
        &mut self,
        a: Value,
        b: Value,
        idx: &[u32],
        d: &VLoc,
        res: Option<Value>,
    ) -> R {
        let r = res.ok_or_else(|| GenError::Invalid("shuffle without result".into()))?;
        let rs = self.shape(r)?;
        let ash = self.shape(a)?;
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        let n = ash.lanes as u32;
        for rc in 0..rs.chunks() {
            // Group the chunk's lanes by the source register they come from.
            let mut groups: Vec<(bool, usize, Vec<(usize, usize)>)> = Vec::new();
            for k in 0..rs.chunk_lanes(rc) {
                let lane = rc * rs.per_chunk() + k;
                let Some(&src) = idx.get(lane) else { continue };
                let (from_b, sl) = if src < n {
                    (false, src as usize)
                } else {
                    (true, (src - n) as usize)
                };
                if sl >= ash.lanes {
                    continue;
                }
                let (sc, sk) = ash.lane(sl);
                let dk = if rs.wide { 2 * k } else { k };
                match groups.iter_mut().find(|g| g.0 == from_b && g.1 == sc) {
                    Some(g) => g.2.push((dk, sk)),
                    None => groups.push((from_b, sc, vec![(dk, sk)])),
                }
            }
            for (from_b, sc, pairs) in groups {
                let src = if from_b { &y } else { &x };
                let mut sw = [0usize; 4];
                let mut dst = Vec::new();
                for (dk, sk) in pairs {
                    sw[dk] = sk;
                    dst.push(dk);
                    if rs.wide {
                        sw[dk + 1] = sk + 1;
                        dst.push(dk + 1);
                    }
                }
                dst.sort();
                self.e(b::alu(op::Mov, d.d(rc, &dst), [src.s(sc, &sw)]));
            }
        }
        Ok(())
    }
}
