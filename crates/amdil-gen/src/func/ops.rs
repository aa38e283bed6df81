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
                    Fadd => self.pairwise("dadd", d, &[&x, &y], sh),
                    Fsub => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise("ixor", &t, &[&y, &neg], sh);
                        self.pairwise("dadd", d, &[&x, &t], sh);
                    }
                    Fmul => self.pairwise("dmul", d, &[&x, &y], sh),
                    Fdiv => self.pairwise("ddiv", d, &[&x, &y], sh),
                    Fmin => self.pairwise("dmin", d, &[&x, &y], sh),
                    Fmax => self.pairwise("dmax", d, &[&x, &y], sh),
                    Copysign => {
                        let m = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
                        self.lanewise("bfi", d, &[&m, &x, &y], sh);
                    }
                    _ => return unsupported(format!("`{}` on doubles", op.name())),
                }
                return Ok(());
            }
            let name = match op {
                Fadd => "add",
                Fsub => "sub",
                Fmul => "mul",
                Fdiv => "div",
                Frem => "mod",
                Fmin => "min",
                Fmax => "max",
                Copysign => {
                    let m = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                    self.lanewise("bfi", d, &[&m, &x, &y], sh);
                    return Ok(());
                }
                _ => return Err(GenError::Invalid(format!("`{}` on floats", op.name()))),
            };
            self.lanewise(name, d, &[&x, &y], sh);
            return Ok(());
        }
        if sh.wide {
            let name = match op {
                Iadd => "i64add",
                Isub => "i64sub",
                Imul => "i64mul",
                Sdiv => "i64div",
                Udiv => "u64div",
                Srem => "i64mod",
                Urem => "u64mod",
                Shl => "i64shl",
                Lshr => "u64shr",
                Ashr => "i64shr",
                Smin => "i64min",
                Smax => "i64max",
                Umin => "u64min",
                Umax => "u64max",
                And | Or | Xor => {
                    let n = ["iand", "ior", "ixor"]
                        [[And, Or, Xor].iter().position(|o| *o == op).unwrap_or(0)];
                    self.lanewise(n, d, &[&x, &y], sh);
                    return Ok(());
                }
                Rotl => {
                    // (x << n) | (x >> (-n & 63)); IL masks 64-bit shift counts.
                    let l = self.sh.alloc(sh.chunks());
                    let r = self.sh.alloc(sh.chunks());
                    let n = self.sh.alloc(sh.chunks());
                    self.pairwise("i64shl", &l, &[&x, &y], sh);
                    self.lanewise("inegate", &n, &[&y], sh);
                    self.pairwise("u64shr", &r, &[&x, &n], sh);
                    self.lanewise("ior", d, &[&l, &r], sh);
                    return Ok(());
                }
                UaddSat => {
                    let t = self.sh.alloc(sh.chunks());
                    self.pairwise("i64add", &t, &[&x, &y], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise("u64lt", &c, &[&t, &x], sh);
                    let ones = self.lit_chunks([u32::MAX; 4], sh);
                    self.lanewise("cmov_logical", d, &[&c, &ones, &t], sh);
                    return Ok(());
                }
                UsubSat => {
                    let t = self.sh.alloc(sh.chunks());
                    self.pairwise("i64sub", &t, &[&x, &y], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise("u64ge", &c, &[&x, &y], sh);
                    let zero = self.lit_chunks([0; 4], sh);
                    self.lanewise("cmov_logical", d, &[&c, &t, &zero], sh);
                    return Ok(());
                }
                SaddSat | SsubSat => {
                    // Overflow when the operands (b negated for sub) share a sign that
                    // the result does not have; saturate toward the first operand's sign.
                    let t = self.sh.alloc(sh.chunks());
                    let inst = if op == SaddSat { "i64add" } else { "i64sub" };
                    self.pairwise(inst, &t, &[&x, &y], sh);
                    let p = self.sh.alloc(sh.chunks());
                    let q = self.sh.alloc(sh.chunks());
                    self.lanewise("ixor", &p, &[&x, &t], sh);
                    if op == SaddSat {
                        self.lanewise("ixor", &q, &[&y, &t], sh);
                    } else {
                        self.lanewise("ixor", &q, &[&x, &y], sh);
                    }
                    self.lanewise("iand", &p, &[&p, &q], sh);
                    let zero = self.lit_chunks([0; 4], sh);
                    let c = self.sh.alloc(sh.chunks());
                    self.pairwise("i64lt", &c, &[&p, &zero], sh);
                    let s = self.sh.alloc(sh.chunks());
                    self.pairwise("i64lt", &s, &[&x, &zero], sh);
                    let min = self.lit_chunks([0, 0x8000_0000, 0, 0x8000_0000], sh);
                    let max = self.lit_chunks([u32::MAX, 0x7FFF_FFFF, u32::MAX, 0x7FFF_FFFF], sh);
                    let sat = self.sh.alloc(sh.chunks());
                    self.lanewise("cmov_logical", &sat, &[&s, &min, &max], sh);
                    self.lanewise("cmov_logical", d, &[&c, &sat, &t], sh);
                    return Ok(());
                }
                SmulHi | UmulHi => {
                    self.mulhi64(d, &x, &y, sh, op == SmulHi);
                    return Ok(());
                }
                _ => return unsupported(format!("`{}` on 64-bit integers", op.name())),
            };
            self.pairwise(name, d, &[&x, &y], sh);
            return Ok(());
        }
        let bits = sh.bits;
        let narrow = bits < 32;
        let name = match op {
            Iadd => "iadd",
            Imul => "imul",
            And => "iand",
            Or => "ior",
            Xor => "ixor",
            Isub => {
                let n = self.negate(&y, sh);
                self.lanewise("iadd", d, &[&x, &n], sh);
                return Ok(());
            }
            Sdiv | Srem | Smin | Smax | SmulHi => {
                let xs = self.ext(&x, sh, true);
                let ys = self.ext(&y, sh, true);
                let name = match op {
                    Sdiv => "idiv",
                    Srem => "imod",
                    Smin => "imin",
                    Smax => "imax",
                    _ if narrow => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise("imul", &t, &[&xs, &ys], sh);
                        let s = self.lit_chunks([bits; 4], sh);
                        self.lanewise("ishr", d, &[&t, &s], sh);
                        return Ok(());
                    }
                    _ => "imul_high",
                };
                self.lanewise(name, d, &[&xs, &ys], sh);
                return Ok(());
            }
            Udiv | Urem | Umin | Umax | UmulHi => {
                let xs = self.ext(&x, sh, false);
                let ys = self.ext(&y, sh, false);
                let name = match op {
                    Udiv => "udiv",
                    Urem => "umod",
                    Umin => "umin",
                    Umax => "umax",
                    _ if narrow => {
                        let t = self.sh.alloc(sh.chunks());
                        self.lanewise("imul", &t, &[&xs, &ys], sh);
                        let s = self.lit_chunks([bits; 4], sh);
                        self.lanewise("ushr", d, &[&t, &s], sh);
                        return Ok(());
                    }
                    _ => "umul_high",
                };
                self.lanewise(name, d, &[&xs, &ys], sh);
                return Ok(());
            }
            Shl | Lshr | Ashr => {
                let amt = if narrow {
                    let m = self.lit_chunks([bits - 1; 4], sh);
                    let t = self.sh.alloc(sh.chunks());
                    self.lanewise("iand", &t, &[&y, &m], sh);
                    t
                } else {
                    y.clone()
                };
                let (name, src) = match op {
                    Shl => ("ishl", x.clone()),
                    Lshr => ("ushr", self.ext(&x, sh, false)),
                    _ => ("ishr", self.ext(&x, sh, true)),
                };
                self.lanewise(name, d, &[&src, &amt], sh);
                return Ok(());
            }
            Rotl => {
                if !narrow {
                    return self.per_lane_macro(INTR_ROTATE, d, &[&x, &y], sh);
                }
                let m = self.lit_chunks([bits - 1; 4], sh);
                let n = self.sh.alloc(sh.chunks());
                self.lanewise("iand", &n, &[&y, &m], sh);
                let z = self.ext(&x, sh, false);
                let l = self.sh.alloc(sh.chunks());
                self.lanewise("ishl", &l, &[&x, &n], sh);
                let w = self.lit_chunks([bits; 4], sh);
                let k = self.sh.alloc(sh.chunks());
                let nn = self.negate(&n, sh);
                self.lanewise("iadd", &k, &[&w, &nn], sh);
                let r = self.sh.alloc(sh.chunks());
                self.lanewise("ushr", &r, &[&z, &k], sh);
                self.lanewise("ior", d, &[&l, &r], sh);
                return Ok(());
            }
            SaddSat | SsubSat if narrow => {
                let xs = self.ext(&x, sh, true);
                let ys = self.ext(&y, sh, true);
                let t = self.sh.alloc(sh.chunks());
                if op == SaddSat {
                    self.lanewise("iadd", &t, &[&xs, &ys], sh);
                } else {
                    let n = self.negate(&ys, sh);
                    self.lanewise("iadd", &t, &[&xs, &n], sh);
                }
                let lo = self.lit_chunks([(-(1i64 << (bits - 1))) as u32; 4], sh);
                let hi = self.lit_chunks([((1u32 << (bits - 1)) - 1); 4], sh);
                self.lanewise("imax", &t, &[&t, &lo], sh);
                self.lanewise("imin", d, &[&t, &hi], sh);
                return Ok(());
            }
            UaddSat | UsubSat if narrow => {
                let xs = self.ext(&x, sh, false);
                let ys = self.ext(&y, sh, false);
                let t = self.sh.alloc(sh.chunks());
                if op == UaddSat {
                    self.lanewise("iadd", &t, &[&xs, &ys], sh);
                    let hi = self.lit_chunks([(1u32 << bits) - 1; 4], sh);
                    self.lanewise("umin", d, &[&t, &hi], sh);
                } else {
                    let n = self.negate(&ys, sh);
                    self.lanewise("iadd", &t, &[&xs, &n], sh);
                    let z = self.lit_chunks([0; 4], sh);
                    self.lanewise("imax", d, &[&t, &z], sh);
                }
                return Ok(());
            }
            SaddSat => return self.per_lane_macro(INTR_ADD_SAT, d, &[&x, &y], sh),
            SsubSat => {
                let t = self.sh.alloc(sh.chunks());
                let n = self.negate(&y, sh);
                self.lanewise("iadd", &t, &[&x, &n], sh);
                let p = self.sh.alloc(sh.chunks());
                let q = self.sh.alloc(sh.chunks());
                self.lanewise("ixor", &p, &[&x, &y], sh);
                self.lanewise("ixor", &q, &[&x, &t], sh);
                self.lanewise("iand", &p, &[&p, &q], sh);
                let z = self.lit_chunks([0; 4], sh);
                self.lanewise("ilt", &p, &[&p, &z], sh);
                let s = self.sh.alloc(sh.chunks());
                self.lanewise("ilt", &s, &[&x, &z], sh);
                let min = self.lit_chunks([0x8000_0000; 4], sh);
                let max = self.lit_chunks([0x7FFF_FFFF; 4], sh);
                self.lanewise("cmov_logical", &s, &[&s, &min, &max], sh);
                self.lanewise("cmov_logical", d, &[&p, &s, &t], sh);
                return Ok(());
            }
            UaddSat => {
                let t = self.sh.alloc(sh.chunks());
                self.lanewise("iadd", &t, &[&x, &y], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise("ult", &c, &[&t, &x], sh);
                let ones = self.lit_chunks([u32::MAX; 4], sh);
                self.lanewise("cmov_logical", d, &[&c, &ones, &t], sh);
                return Ok(());
            }
            UsubSat => {
                let t = self.sh.alloc(sh.chunks());
                let n = self.negate(&y, sh);
                self.lanewise("iadd", &t, &[&x, &n], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise("uge", &c, &[&x, &y], sh);
                let z = self.lit_chunks([0; 4], sh);
                self.lanewise("cmov_logical", d, &[&c, &t, &z], sh);
                return Ok(());
            }
            _ => return Err(GenError::Invalid(format!("`{}` on integers", op.name()))),
        };
        self.lanewise(name, d, &[&x, &y], sh);
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
        self.lanewise("inegate", &t, &[v], sh);
        t
    }

    /// A 32-bit operation from the intrinsic library, once per lane (the macros work on
    /// `.x`).
    fn per_lane_macro(&mut self, id: u32, d: &VLoc, srcs: &[&VLoc], sh: Shape) -> R {
        self.facts.intrinsics.insert(id);
        for i in 0..sh.lanes {
            let (c, k) = sh.lane(i);
            let t = self.tmp();
            let ins: Vec<String> = srcs.iter().map(|s| s.s(c, &[k])).collect();
            self.e(format!("mcall({id}) ({t}), ({})", ins.join(", ")));
            self.e(format!("mov {}, {t}.x", d.d(c, &[k])));
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
                        self.e(format!("icbits {a}.x___, {lo}"));
                        self.e(format!("icbits {b}.x___, {hi}"));
                        self.e(format!("iadd {}, {a}.x, {b}.x", d.d(c, &[k])));
                    }
                    UnaryOp::Clz => {
                        self.facts.intrinsics.insert(INTR_CLZ);
                        self.e(format!("mcall({INTR_CLZ}) ({a}), ({hi})"));
                        self.e(format!("mcall({INTR_CLZ}) ({b}), ({lo})"));
                        let l32 = self.lit(32);
                        self.e(format!("iadd {b}.x___, {b}.x, {l32}"));
                        let z = self.lit(0);
                        let t = self.tmp();
                        self.e(format!("ieq {t}.x___, {hi}, {z}"));
                        self.e(format!(
                            "cmov_logical {}, {t}.x, {b}.x, {a}.x",
                            d.d(c, &[k])
                        ));
                    }
                    _ => {
                        let m = self.lit(u32::MAX);
                        let l32 = self.lit(32);
                        self.e(format!("ffb_lo {a}.x___, {lo}"));
                        self.e(format!("ffb_lo {b}.x___, {hi}"));
                        let t = self.tmp();
                        self.e(format!("ieq {t}.x___, {b}.x, {m}"));
                        self.e(format!("cmov_logical {b}.x___, {t}.x, {l32}, {b}.x"));
                        self.e(format!("iadd {b}.x___, {b}.x, {l32}"));
                        self.e(format!("ieq {t}.x___, {a}.x, {m}"));
                        self.e(format!(
                            "cmov_logical {}, {t}.x, {b}.x, {a}.x",
                            d.d(c, &[k])
                        ));
                    }
                }
                let z = self.lit(0);
                self.e(format!("mov {}, {z}", d.d(c, &[k + 1])));
            }
            return Ok(());
        }
        let bits = sh.bits;
        let z = self.ext(x, sh, false);
        match op {
            UnaryOp::Popcount => self.lanewise("icbits", d, &[&z], sh),
            UnaryOp::Clz => {
                let t = self.sh.alloc(sh.chunks());
                self.per_lane_macro(INTR_CLZ, &t, &[&z], sh)?;
                let adj = self.lit_chunks([(bits as i32 - 32) as u32; 4], sh);
                self.lanewise("iadd", d, &[&t, &adj], sh);
            }
            _ => {
                let t = self.sh.alloc(sh.chunks());
                self.lanewise("ffb_lo", &t, &[&z], sh);
                let m = self.lit_chunks([u32::MAX; 4], sh);
                let c = self.sh.alloc(sh.chunks());
                self.lanewise("ieq", &c, &[&t, &m], sh);
                let w = self.lit_chunks([bits; 4], sh);
                self.lanewise("cmov_logical", d, &[&c, &w, &t], sh);
            }
        }
        Ok(())
    }

    pub(super) fn icmp(&mut self, cc: IntCC, a: Value, b: Value, d: &VLoc) -> R {
        let sh = self.shape(a)?;
        let x = self.loc(a)?;
        let y = self.loc(b)?;
        use IntCC::*;
        // (instruction, swap operands)
        let (name, swap, signed) = match cc {
            Eq => ("eq", false, false),
            Ne => ("ne", false, false),
            Slt => ("lt", false, true),
            Sge => ("ge", false, true),
            Sgt => ("lt", true, true),
            Sle => ("ge", true, true),
            Ult => ("ult", false, false),
            Uge => ("uge", false, false),
            Ugt => ("ult", true, false),
            Ule => ("uge", true, false),
        };
        let (x, y) = if swap { (y, x) } else { (x, y) };
        if sh.wide {
            let inst = match name {
                "eq" => "i64eq",
                "ne" => "i64ne",
                "lt" => "i64lt",
                "ge" => "i64ge",
                "ult" => "u64lt",
                _ => "u64ge",
            };
            let bsh = Shape {
                lanes: sh.lanes,
                wide: false,
                bits: 1,
                float: false,
            };
            for i in 0..sh.lanes {
                let t = self.tmp();
                self.e(format!(
                    "{inst} {t}.xy__, {}, {}",
                    x.lane(sh, i),
                    y.lane(sh, i)
                ));
                let (c, k) = bsh.lane(i);
                self.e(format!("mov {}, {t}.x", d.d(c, &[k])));
            }
            return Ok(());
        }
        let inst = match name {
            "eq" => "ieq",
            "ne" => "ine",
            "lt" => "ilt",
            "ge" => "ige",
            other => other,
        };
        let xs = self.ext(&x, sh, signed);
        let ys = self.ext(&y, sh, signed);
        self.lanewise(inst, d, &[&xs, &ys], sh);
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
        let one = |g: &mut Self, name: &str, p: &VLoc, q: &VLoc, dst: &VLoc| {
            if sh.wide {
                g.facts.uses_doubles = true;
                for i in 0..sh.lanes {
                    let (c, k) = bsh.lane(i);
                    g.e(format!(
                        "d{name} {}, {}, {}",
                        dst.d(c, &[k]),
                        p.lane(sh, i),
                        q.lane(sh, i)
                    ));
                }
            } else {
                g.lanewise(name, dst, &[p, q], sh);
            }
        };
        use FloatCC::*;
        match cc {
            Oeq => one(self, "eq", &x, &y, d),
            Une => one(self, "ne", &x, &y, d),
            Olt => one(self, "lt", &x, &y, d),
            Oge => one(self, "ge", &x, &y, d),
            Ogt => one(self, "lt", &y, &x, d),
            Ole => one(self, "ge", &y, &x, d),
            One | Ord | Uno => {
                let t = self.sh.alloc(bsh.chunks());
                let u = self.sh.alloc(bsh.chunks());
                let join = match cc {
                    One => {
                        one(self, "lt", &x, &y, &t);
                        one(self, "lt", &y, &x, &u);
                        "ior"
                    }
                    Ord => {
                        one(self, "eq", &x, &x, &t);
                        one(self, "eq", &y, &y, &u);
                        "iand"
                    }
                    _ => {
                        one(self, "ne", &x, &x, &t);
                        one(self, "ne", &y, &y, &u);
                        "ior"
                    }
                };
                self.lanewise(join, d, &[&t, &u], bsh);
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
                cl.r(ch)
            };
            self.e(format!(
                "cmov_logical {}, {cond}, {}, {}",
                d.d(ch, &comps),
                x.r(ch),
                y.r(ch)
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
                self.e(format!("mov {}, {}", d.d(rc, &dst), src.s(sc, &sw)));
            }
        }
        Ok(())
    }
}
