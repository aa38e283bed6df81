//! The binary form (SPIR-V 2.3, "Physical Layout"): a five-word header, then
//! instructions, each a word holding its word count (high half) and opcode (low half),
//! then its operands.

use crate::error::{Error, Result};
use crate::limits::{MAX_ID_BOUND, MAX_MODULE_WORDS};

pub use spirv::MAGIC_NUMBER;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// `(major, minor)`.
    pub version: (u8, u8),
    pub generator: u32,
    pub bound: u32,
    pub schema: u32,
}

/// One instruction: its opcode, where it starts, and its operand words.
#[derive(Copy, Clone, Debug)]
pub struct Instruction<'a> {
    pub opcode: u16,
    /// Word offset of the instruction's first word in the module.
    pub offset: usize,
    pub operands: &'a [u32],
}

impl Instruction<'_> {
    pub fn op(&self) -> Option<spirv::Op> {
        spirv::Op::from_u32(u32::from(self.opcode))
    }

    /// The opcode's name, for messages (`OpIAdd`, or `opcode 4711`).
    pub fn name(&self) -> String {
        match self.op() {
            Some(op) => format!("Op{op:?}"),
            None => format!("opcode {}", self.opcode),
        }
    }

    /// Operand `i`, or an error naming the instruction.
    pub fn word(&self, i: usize) -> Result<u32> {
        self.operands.get(i).copied().ok_or_else(|| {
            Error::at(
                self.offset,
                format!(
                    "{} has too few operands (operand {} is missing)",
                    self.name(),
                    i + 1
                ),
            )
        })
    }

    /// A literal string starting at operand `i` (UTF-8, NUL-terminated, padded to a
    /// word) and the index of the operand after it.
    pub fn string(&self, i: usize) -> Result<(String, usize)> {
        let mut bytes = Vec::new();
        let mut j = i;
        loop {
            let w = self.word(j)?;
            j += 1;
            for b in w.to_le_bytes() {
                if b == 0 {
                    let s = String::from_utf8(bytes).map_err(|_| {
                        Error::at(
                            self.offset,
                            format!("{}: a string is not UTF-8", self.name()),
                        )
                    })?;
                    return Ok((s, j));
                }
                bytes.push(b);
            }
        }
    }
}

/// A module split into its header and instructions (not yet checked beyond that).
#[derive(Clone, Debug)]
pub struct Binary<'a> {
    pub header: Header,
    pub insts: Vec<Instruction<'a>>,
}

/// The words of a module given as bytes, in either byte order (the magic number tells).
pub fn words_from_bytes(bytes: &[u8]) -> Result<Vec<u32>> {
    if !bytes.len().is_multiple_of(4) {
        return Err(Error::module(format!(
            "a SPIR-V module is a whole number of 32-bit words; this one has {} bytes",
            bytes.len()
        )));
    }
    if bytes.len() / 4 > MAX_MODULE_WORDS {
        return Err(Error::module(format!(
            "the module has {} words, more than MAX_MODULE_WORDS ({MAX_MODULE_WORDS})",
            bytes.len() / 4
        )));
    }
    let big = bytes.get(..4) == Some(&MAGIC_NUMBER.to_be_bytes()[..]);
    Ok(bytes
        .chunks_exact(4)
        .map(|c| {
            let w = [c[0], c[1], c[2], c[3]];
            if big {
                u32::from_be_bytes(w)
            } else {
                u32::from_le_bytes(w)
            }
        })
        .collect())
}

/// Does this look like SPIR-V (its magic number, in either byte order)?
pub fn has_magic(bytes: &[u8]) -> bool {
    bytes.len() >= 4
        && (bytes[..4] == MAGIC_NUMBER.to_le_bytes() || bytes[..4] == MAGIC_NUMBER.to_be_bytes())
}

/// Split a module into instructions; checks only the physical layout.
pub fn read(words: &[u32]) -> Result<Binary<'_>> {
    if words.len() > MAX_MODULE_WORDS {
        return Err(Error::module(format!(
            "the module has {} words, more than MAX_MODULE_WORDS ({MAX_MODULE_WORDS})",
            words.len()
        )));
    }
    if words.len() < 5 {
        return Err(Error::module(format!(
            "a SPIR-V module starts with a 5-word header; this one has {} words",
            words.len()
        )));
    }
    if words[0] != MAGIC_NUMBER {
        return Err(Error::at(
            0,
            format!(
                "the magic number is {:#010x}, not {MAGIC_NUMBER:#010x}",
                words[0]
            ),
        ));
    }
    let v = words[1];
    if v & 0xff00_00ff != 0 {
        return Err(Error::at(
            1,
            format!("the version word {v:#010x} is malformed"),
        ));
    }
    let header = Header {
        version: ((v >> 16) as u8, (v >> 8) as u8),
        generator: words[2],
        bound: words[3],
        schema: words[4],
    };
    if header.bound == 0 || header.bound > MAX_ID_BOUND {
        return Err(Error::at(
            3,
            format!(
                "the id bound {} is not in 1..=MAX_ID_BOUND ({MAX_ID_BOUND})",
                header.bound
            ),
        ));
    }
    if header.schema != 0 {
        return Err(Error::at(
            4,
            format!("the schema word is {}, not 0", header.schema),
        ));
    }
    let mut insts = Vec::new();
    let mut i = 5;
    while i < words.len() {
        let count = (words[i] >> 16) as usize;
        let opcode = words[i] as u16;
        if count == 0 {
            return Err(Error::at(i, "an instruction has a word count of 0"));
        }
        let Some(ops) = words.get(i + 1..i + count) else {
            return Err(Error::at(
                i,
                format!(
                    "the instruction's word count {count} runs past the end of the module ({} words)",
                    words.len()
                ),
            ));
        };
        insts.push(Instruction {
            opcode,
            offset: i,
            operands: ops,
        });
        i += count;
    }
    Ok(Binary { header, insts })
}
