//! Values of `clGet*Info` queries, as the bytes the C caller receives.

/// One query result: copied to `param_value` (if big enough) by the FFI layer.
pub struct InfoValue(pub Vec<u8>);

impl InfoValue {
    pub fn u32(v: u32) -> InfoValue {
        InfoValue(v.to_ne_bytes().to_vec())
    }
    pub fn i32(v: i32) -> InfoValue {
        InfoValue(v.to_ne_bytes().to_vec())
    }
    pub fn u64(v: u64) -> InfoValue {
        InfoValue(v.to_ne_bytes().to_vec())
    }
    pub fn usize(v: usize) -> InfoValue {
        InfoValue(v.to_ne_bytes().to_vec())
    }
    pub fn bool(v: bool) -> InfoValue {
        InfoValue::u32(u32::from(v))
    }
    /// A handle (`cl_context`, `cl_device_id`, ...); 0 is NULL.
    pub fn handle(h: usize) -> InfoValue {
        InfoValue::usize(h)
    }
    pub fn usizes(v: &[usize]) -> InfoValue {
        InfoValue(v.iter().flat_map(|x| x.to_ne_bytes()).collect())
    }
    pub fn isizes(v: &[isize]) -> InfoValue {
        InfoValue(v.iter().flat_map(|x| x.to_ne_bytes()).collect())
    }
    /// A C string: the text and its terminating NUL.
    pub fn str(s: &str) -> InfoValue {
        let mut b = Vec::with_capacity(s.len() + 1);
        b.extend_from_slice(s.as_bytes());
        b.push(0);
        InfoValue(b)
    }
    pub fn empty() -> InfoValue {
        InfoValue(Vec::new())
    }
}
