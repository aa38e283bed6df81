//! The canonical printer. One line per instruction, no indentation, comments verbatim,
//! swizzles before modifiers. Printing is a fixpoint: `print(parse(print(p))) ==
//! print(p)`, and parsing the printed text gives back an equal [`Program`].

use std::fmt::{self, Display, Write};

use crate::ast::*;

impl Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            LineKind::Blank => {}
            LineKind::Comment(c) => write!(f, ";{c}")?,
            LineKind::Debug(t) => f.write_str(t)?,
            LineKind::Header(h) => write!(f, "{h}")?,
            LineKind::Inst(i) => write!(f, "{i}")?,
        }
        if let Some(c) = &self.comment {
            write!(f, " ;{c}")?;
        }
        Ok(())
    }
}

impl Display for Header {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "il_{}_{}_{}", self.stage.name(), self.major, self.minor)
    }
}

fn write_controls(f: &mut impl Write, cs: &[Control]) -> fmt::Result {
    for c in cs {
        write!(f, "_{}", c.name)?;
        if let Some(a) = &c.arg {
            write!(f, "({a})")?;
        }
    }
    Ok(())
}

impl Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.op.mnemonic())?;
        if let Some(p) = &self.paren {
            write!(f, "({p})")?;
        }
        write_controls(f, &self.controls)?;
        for (i, o) in self.operands.iter().enumerate() {
            f.write_str(if i == 0 { " " } else { ", " })?;
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl Display for Operand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            OperandKind::Reg(r) => write!(f, "{r}"),
            OperandKind::Num(n) => write!(f, "{n}"),
            OperandKind::Group(items) => {
                f.write_str("(")?;
                for (i, o) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{o}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Number::Dec(v) => write!(f, "{v}"),
            Number::Hex(v) => write!(f, "0x{v:08X}"),
            Number::Float(b) => {
                // `{:?}` is the shortest text that reads back to the same f64 and always
                // has a `.` or an exponent, so it cannot read back as an integer.
                let s = format!("{:?}", f64::from_bits(b));
                f.write_str(&s)
            }
        }
    }
}

impl Display for RegOperand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.file.prefix())?;
        if let Some(n) = self.num {
            write!(f, "{n}")?;
        }
        if let Some(ix) = &self.index {
            f.write_str("[")?;
            match &ix.base {
                Some(b) => {
                    write!(
                        f,
                        "{}{}.{}",
                        b.file.prefix(),
                        b.num,
                        ['x', 'y', 'z', 'w'][b.comp as usize & 3]
                    )?;
                    if ix.offset > 0 {
                        write!(f, "+{}", ix.offset)?;
                    } else if ix.offset < 0 {
                        write!(f, "{}", ix.offset)?;
                    }
                }
                None => write!(f, "{}", ix.offset)?,
            }
            f.write_str("]")?;
        }
        if let Some(s) = &self.swizzle {
            write!(f, ".{s}")?;
        }
        write_controls(f, &self.mods)
    }
}
