//! What goes wrong reading or translating a module: a message and the word offset of
//! the instruction it is about.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Word offset of the instruction (0 is the magic number); `None` for the module.
    pub offset: Option<usize>,
    pub message: String,
}

impl Error {
    pub fn at(offset: usize, message: impl Into<String>) -> Error {
        Error {
            offset: Some(offset),
            message: message.into(),
        }
    }

    pub fn module(message: impl Into<String>) -> Error {
        Error {
            offset: None,
            message: message.into(),
        }
    }

    /// A valid construct Kauai does not translate yet.
    pub fn unsupported(offset: usize, what: impl fmt::Display) -> Error {
        Error::at(
            offset,
            format!("not supported yet: {what} at word {offset}"),
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.offset {
            // Unsupported-construct messages already name their word.
            Some(o) if !self.message.ends_with(&format!("at word {o}")) => {
                write!(f, "word {o}: {}", self.message)
            }
            _ => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for Error {}

pub type Result<T> = std::result::Result<T, Error>;
