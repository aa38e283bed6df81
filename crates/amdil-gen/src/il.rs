//! Small helpers for emitting IL: where a value lives (registers or literals, one
//! 4 x 32-bit register per "chunk"), how its lanes map onto components, write masks and
//! swizzles, and the program's literal pool.

use std::collections::HashMap;

use kauai_amdil::build::{dcl, Dst, Mask, Reg, Src, Swz};
use kauai_amdil::{Inst, Line};
use kauai_ir::{Scalar, Type};

use crate::GenError;

/// The shape of a value type in registers: 32-bit-or-narrower lanes take one component
/// each (4 per register), 64-bit lanes a pair (`.xy`, `.zw`; 2 per register).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub lanes: usize,
    pub wide: bool,
    /// Bits of one element (1 for booleans, 32 for pointers).
    pub bits: u32,
    pub float: bool,
}

impl Shape {
    pub fn of(ty: Type) -> Result<Shape, GenError> {
        let (elem, lanes) = match ty {
            Type::Scalar(s) => (s, 1),
            Type::Vector {
                elem,
                lanes,
                scalable: false,
            } => (elem, lanes as usize),
            Type::Ptr(_) => (Scalar::I32, 1),
            other => {
                return Err(GenError::Unsupported(format!(
                    "values of type {other} in registers"
                )))
            }
        };
        Ok(Shape {
            lanes,
            wide: elem.bits() == 64,
            bits: elem.bits(),
            float: elem.is_float(),
        })
    }

    pub fn per_chunk(self) -> usize {
        if self.wide {
            2
        } else {
            4
        }
    }

    pub fn chunks(self) -> usize {
        self.lanes.div_ceil(self.per_chunk())
    }

    /// Lanes held by chunk `c`.
    pub fn chunk_lanes(self, c: usize) -> usize {
        (self.lanes - c * self.per_chunk()).min(self.per_chunk())
    }

    /// Components chunk `c` uses.
    pub fn chunk_comps(self, c: usize) -> Vec<usize> {
        let n = self.chunk_lanes(c);
        if self.wide {
            (0..2 * n).collect()
        } else {
            (0..n).collect()
        }
    }

    /// Chunk and first component of lane `i`.
    pub fn lane(self, i: usize) -> (usize, usize) {
        let per = self.per_chunk();
        let c = i / per;
        let k = i % per;
        (c, if self.wide { 2 * k } else { k })
    }
}

/// Where a value lives: one register (or literal) per chunk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct VLoc {
    pub lit: bool,
    pub nums: Vec<u32>,
}

impl VLoc {
    pub fn regs(nums: Vec<u32>) -> VLoc {
        VLoc { lit: false, nums }
    }

    /// The register of chunk `c` (`r12`, `l3`).
    pub fn r(&self, c: usize) -> Reg {
        let n = self.nums.get(c).copied().unwrap_or(0);
        if self.lit {
            Reg::l(n)
        } else {
            Reg::r(n)
        }
    }

    /// Chunk `c` with a swizzle.
    pub fn s(&self, c: usize, comps: &[usize]) -> Src {
        self.r(c).swz(Swz::of(comps))
    }

    /// Lane `i` as a source: `.x` for narrow lanes, the pair replicated (`.xyxy`,
    /// `.zwzw`) for wide ones, so that 64-bit instructions find it in `.xy`.
    pub fn lane(&self, sh: Shape, i: usize) -> Src {
        let (c, k) = sh.lane(i);
        if sh.wide {
            self.s(c, &[k, k + 1, k, k + 1])
        } else {
            self.s(c, &[k])
        }
    }

    /// Chunk `c` as a destination with the mask of the listed components.
    pub fn d(&self, c: usize, comps: &[usize]) -> Dst {
        self.r(c).dst(Mask::of(comps))
    }
}

/// The literal pool of a program: every distinct 4 x 32-bit value gets one `lN`.
/// Numbers 1000 to 1999 are left to the kauai intrinsic library, whose macros declare
/// their own literals there.
#[derive(Default)]
pub(crate) struct Lits {
    map: HashMap<[u32; 4], u32>,
    list: Vec<[u32; 4]>,
}

/// The first literal number of the intrinsic library's range and its size.
const RESERVED: (u32, u32) = (1000, 1000);

fn number(index: usize) -> u32 {
    let i = index as u32;
    if i < RESERVED.0 {
        i
    } else {
        i + RESERVED.1
    }
}

fn index(num: u32) -> usize {
    (if num < RESERVED.0 {
        num
    } else {
        num - RESERVED.1
    }) as usize
}

impl Lits {
    pub fn get(&mut self, v: [u32; 4]) -> u32 {
        if let Some(n) = self.map.get(&v) {
            return *n;
        }
        let n = number(self.list.len());
        self.list.push(v);
        self.map.insert(v, n);
        n
    }

    /// The value of literal `lN`.
    pub fn value(&self, num: u32) -> [u32; 4] {
        self.list.get(index(num)).copied().unwrap_or([0; 4])
    }

    /// A literal holding `v` in every component, as a `.x` source.
    pub fn splat(&mut self, v: u32) -> Src {
        Reg::l(self.get([v; 4])).x()
    }

    /// The `dcl_literal` lines.
    pub fn decls(&self) -> impl Iterator<Item = Line> + '_ {
        self.list
            .iter()
            .enumerate()
            .map(|(i, v)| dcl::literal(number(i), *v).into())
    }
}

/// What a generator appends to its lines: instructions and lines made by
/// `kauai_amdil::build`, never IL text.
pub(crate) trait Emit {
    fn emit(self, out: &mut Vec<Line>);
}

impl Emit for Inst {
    fn emit(self, out: &mut Vec<Line>) {
        out.push(self.into());
    }
}

impl Emit for Line {
    fn emit(self, out: &mut Vec<Line>) {
        out.push(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_swizzles() {
        let v = VLoc::regs(vec![4, 5]);
        assert_eq!(v.d(0, &[0]).to_string(), "r4.x___");
        assert_eq!(v.d(1, &[2, 3]).to_string(), "r5.__zw");
        assert_eq!(v.s(1, &[2]).to_string(), "r5.z");
        let sh = Shape::of(Type::vec(Scalar::F64, 3)).unwrap();
        assert_eq!((sh.chunks(), sh.lane(2)), (2, (1, 0)));
        assert_eq!(sh.chunk_comps(0), vec![0, 1, 2, 3]);
        assert_eq!(sh.chunk_comps(1), vec![0, 1]);
        let sh = Shape::of(Type::vec(Scalar::I8, 16)).unwrap();
        assert_eq!((sh.chunks(), sh.lane(13)), (4, (3, 1)));
    }
}
