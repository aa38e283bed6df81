//! The contract between generated code and its caller: the context block a
//! work-group function reads and writes, the memory-region table, and the codes the
//! function returns. Offsets come from `offset_of!`, so Rust and the generated code
//! cannot disagree about the layout.

use std::mem::offset_of;

/// Pointers are `region << OFFSET_BITS | offset`, as in the host interpreter, so both
/// executors give the same pointer values.
pub const OFFSET_BITS: u32 = 40;
pub const OFFSET_MASK: u64 = (1 << OFFSET_BITS) - 1;
pub const REGION_PRIVATE: u64 = 1;
/// Module globals are regions `REGION_GLOBALS + index`; kernel arguments follow them.
pub const REGION_GLOBALS: u64 = 2;

/// One memory region as generated code sees it.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct RegionDesc {
    pub base: *mut u8,
    pub size: u64,
    /// 0 for read-only memory (a store faults).
    pub writable: u64,
}

pub const REGION_DESC_BYTES: i64 = std::mem::size_of::<RegionDesc>() as i64;
pub const REGION_BASE: i32 = offset_of!(RegionDesc, base) as i32;
pub const REGION_SIZE: i32 = offset_of!(RegionDesc, size) as i32;
pub const REGION_WRITABLE: i32 = offset_of!(RegionDesc, writable) as i32;

/// What a work-group function reads (the group, its memory) and writes (why it
/// stopped).
#[repr(C)]
#[derive(Debug)]
pub struct Ctx {
    pub regions: *mut RegionDesc,
    pub nregions: u64,
    /// Each work-item's private frame is `private_base + i * private_stride` (stride 0:
    /// work-items run one after another and share one frame).
    pub private_base: *mut u8,
    pub private_stride: u64,
    /// The bytes every private frame starts with (by-value arguments).
    pub private_init: *const u8,
    pub private_init_len: u64,
    /// Per-work-item state kept across barriers: slot 0 is where the work-item resumes.
    pub state_base: *mut u8,
    pub state_stride: u64,
    pub group_id: [u64; 3],
    /// This group's size (smaller than `enqueued_local` in a last, partial group).
    pub local_size: [u64; 3],
    pub enqueued_local: [u64; 3],
    pub global_size: [u64; 3],
    pub global_offset: [u64; 3],
    pub num_groups: [u64; 3],
    pub work_dim: u64,
    /// Kernel arguments, one `u64` per lane, in parameter order.
    pub params: *const u64,
    /// The status every work-item reached in this run: 0 returned, `1 + id` barrier `id`.
    pub status: u64,
    pub fault_ptr: u64,
    pub fault_len: u64,
    pub fault_kind: u64,
    /// The work-item (local linear index) that faulted, diverged or was running.
    pub wi: u64,
    /// A diverging work-item's status.
    pub other_status: u64,
    /// 1 once a work-item reached another place than work-item 0 in this run (the
    /// first such work-item is in `wi`): reported after the others ran, as the
    /// interpreter does, so that a fault of a later work-item wins.
    pub diverged: u64,
    /// For the poll helper: the deadline and the abort flag (see `native`).
    pub poll: *const u8,
}

macro_rules! offsets {
    ($($name:ident = $field:ident $([$i:literal])?;)*) => {
        $(pub const $name: i32 = (offset_of!(Ctx, $field) $(+ 8 * $i)?) as i32;)*
    };
}

offsets! {
    CTX_REGIONS = regions;
    CTX_NREGIONS = nregions;
    CTX_PRIVATE_BASE = private_base;
    CTX_PRIVATE_STRIDE = private_stride;
    CTX_PRIVATE_INIT = private_init;
    CTX_STATE_BASE = state_base;
    CTX_STATE_STRIDE = state_stride;
    CTX_GROUP_ID = group_id;
    CTX_LOCAL_SIZE = local_size;
    CTX_ENQUEUED_LOCAL = enqueued_local;
    CTX_GLOBAL_SIZE = global_size;
    CTX_GLOBAL_OFFSET = global_offset;
    CTX_NUM_GROUPS = num_groups;
    CTX_WORK_DIM = work_dim;
    CTX_PARAMS = params;
    CTX_STATUS = status;
    CTX_FAULT_PTR = fault_ptr;
    CTX_FAULT_LEN = fault_len;
    CTX_FAULT_KIND = fault_kind;
    CTX_WI = wi;
    CTX_OTHER_STATUS = other_status;
    CTX_DIVERGED = diverged;
}

/// What a work-group function returns.
pub const RET_DONE: u64 = 0;
pub const RET_BARRIER: u64 = 1;
pub const RET_FAULT: u64 = 2;
pub const RET_STOP: u64 = 3;
pub const RET_DIVERGE: u64 = 4;
/// Not from generated code: the form a call needed could not be compiled
/// (`native::Code::call`).
pub const RET_UNCOMPILED: u64 = 5;

/// `Ctx::fault_kind`.
pub const FAULT_LOAD: u64 = 0;
pub const FAULT_STORE: u64 = 1;
pub const FAULT_MISALIGNED_LOAD: u64 = 2;
pub const FAULT_MISALIGNED_STORE: u64 = 3;
pub const FAULT_ATOMIC: u64 = 4;
pub const FAULT_MISALIGNED_ATOMIC: u64 = 5;
pub const FAULT_UNREACHABLE: u64 = 6;
/// The image helper refused the operation; its caller's image hook keeps the message.
pub const FAULT_IMAGE: u64 = 7;

/// The fault code the generated code stores in `Ctx::fault_kind`: the `FAULT_*` kind in
/// bits 0..8, then the faulting instruction's source location (file 8..16, line
/// 16..40, column 40..56), so that no table is needed to report it. A location that
/// does not fit is stored as unknown.
pub fn fault_code(kind: u64, loc: kauai_ir::SrcLoc) -> u64 {
    let fits = loc.file < 1 << 8 && loc.line < 1 << 24;
    if !fits {
        return kind & 0xff;
    }
    let col = u64::from(loc.col.min(0xffff));
    (kind & 0xff) | u64::from(loc.file) << 8 | u64::from(loc.line) << 16 | col << 40
}

/// The kind and location of a [`fault_code`].
pub fn split_fault_code(code: u64) -> (u64, kauai_ir::SrcLoc) {
    let loc = kauai_ir::SrcLoc::new(
        (code >> 8 & 0xff) as u32,
        (code >> 16 & 0xff_ffff) as u32,
        (code >> 40 & 0xffff) as u32,
    );
    (code & 0xff, loc)
}

/// Back-edges (and work-items) between two polls of the deadline and the abort flag.
pub const POLL_EVERY: i64 = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;
    use kauai_ir::SrcLoc;

    #[test]
    fn fault_codes_carry_kind_and_location() {
        let loc = SrcLoc::new(3, 1234, 56);
        assert_eq!(
            split_fault_code(fault_code(FAULT_STORE, loc)),
            (FAULT_STORE, loc)
        );
        // What does not fit becomes unknown rather than wrong.
        let far = SrcLoc::new(300, 2, 3);
        assert_eq!(
            split_fault_code(fault_code(FAULT_LOAD, far)),
            (FAULT_LOAD, SrcLoc::new(0, 0, 0))
        );
        let wide = SrcLoc::new(1, 2, 70_000);
        assert_eq!(
            split_fault_code(fault_code(FAULT_LOAD, wide)).1,
            SrcLoc::new(1, 2, 0xffff)
        );
    }
}
