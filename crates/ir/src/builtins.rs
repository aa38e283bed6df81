//! The ComputeMux builtins (`__mux_*`) of docs/spec/computemux.md#builtins, with their exact signatures.
//!
//! `size_t` is `i32` or `i64` after the module's data layout. The DMA event type
//! `__mux_dma_event_t` is ours to choose; Kauai uses `size_t` (an event number).
//! Group builtins are overloaded by a type suffix in LLVM's spelling (`i32`, `f64`,
//! `v4i1`, `nxv1i64`); [`GroupBuiltin`] names and parses them.
//!
//! The image builtins (`__kauai_read_image*`, `__kauai_write_image*`,
//! `__kauai_get_image_*`, [`ImageBuiltin`]) are Kauai's own, not ComputeMux's: the
//! front end lowers every OpenCL C image function to them, with coordinates widened to
//! four lanes (unused ones 0) and a read without a sampler given
//! [`crate::image::sampler::NO_SAMPLER`], so an executor implements one function per
//! result kind whatever the image type.

use crate::types::{AddrSpace, DataLayout, Scalar, Type};

/// MemScope encodings of the barrier builtins.
pub mod scope {
    pub const CROSS_DEVICE: u32 = 0;
    pub const DEVICE: u32 = 1;
    pub const WORK_GROUP: u32 = 2;
    pub const SUB_GROUP: u32 = 3;
    pub const WORK_ITEM: u32 = 4;
}

/// MemSemantics encodings: one ordering, or-ed with memory kinds.
pub mod semantics {
    pub const RELAXED: u32 = 0x0;
    pub const ACQUIRE: u32 = 0x2;
    pub const RELEASE: u32 = 0x4;
    pub const ACQUIRE_RELEASE: u32 = 0x8;
    pub const SEQUENTIALLY_CONSISTENT: u32 = 0x10;
    pub const MASK: u32 = 0x1F;
    pub const SUB_GROUP_MEMORY: u32 = 0x80;
    pub const WORK_GROUP_MEMORY: u32 = 0x100;
    pub const CROSS_WORK_GROUP_MEMORY: u32 = 0x200;
}

/// Names of the non-overloaded builtins.
pub mod name {
    pub const ISFTZ: &str = "__mux_isftz";
    pub const USEFAST: &str = "__mux_usefast";
    pub const ISEMBEDDEDPROFILE: &str = "__mux_isembeddedprofile";
    pub const GET_GLOBAL_SIZE: &str = "__mux_get_global_size";
    pub const GET_GLOBAL_ID: &str = "__mux_get_global_id";
    pub const GET_GLOBAL_OFFSET: &str = "__mux_get_global_offset";
    pub const GET_LOCAL_SIZE: &str = "__mux_get_local_size";
    pub const GET_LOCAL_ID: &str = "__mux_get_local_id";
    pub const GET_SUB_GROUP_ID: &str = "__mux_get_sub_group_id";
    pub const GET_NUM_GROUPS: &str = "__mux_get_num_groups";
    pub const GET_NUM_SUB_GROUPS: &str = "__mux_get_num_sub_groups";
    pub const GET_MAX_SUB_GROUP_SIZE: &str = "__mux_get_max_sub_group_size";
    pub const GET_SUB_GROUP_SIZE: &str = "__mux_get_sub_group_size";
    pub const GET_SUB_GROUP_LOCAL_ID: &str = "__mux_get_sub_group_local_id";
    pub const GET_GROUP_ID: &str = "__mux_get_group_id";
    pub const GET_WORK_DIM: &str = "__mux_get_work_dim";
    pub const DMA_READ_1D: &str = "__mux_dma_read_1D";
    pub const DMA_READ_2D: &str = "__mux_dma_read_2D";
    pub const DMA_READ_3D: &str = "__mux_dma_read_3D";
    pub const DMA_WRITE_1D: &str = "__mux_dma_write_1D";
    pub const DMA_WRITE_2D: &str = "__mux_dma_write_2D";
    pub const DMA_WRITE_3D: &str = "__mux_dma_write_3D";
    pub const DMA_WAIT: &str = "__mux_dma_wait";
    pub const GET_GLOBAL_LINEAR_ID: &str = "__mux_get_global_linear_id";
    pub const GET_LOCAL_LINEAR_ID: &str = "__mux_get_local_linear_id";
    pub const GET_ENQUEUED_LOCAL_SIZE: &str = "__mux_get_enqueued_local_size";
    pub const MEM_BARRIER: &str = "__mux_mem_barrier";
    pub const WORK_GROUP_BARRIER: &str = "__mux_work_group_barrier";
    pub const SUB_GROUP_BARRIER: &str = "__mux_sub_group_barrier";
}

/// The image builtins, Kauai's own (see the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageBuiltin {
    /// `(ptr5 image, i32 sampler, v4f32|v4i32 coord) -> v4f32|v4i32`.
    Read {
        kind: crate::image::ChannelKind,
        int_coords: bool,
    },
    /// `(ptr5 image, v4i32 coord, v4f32|v4i32 colour) -> void`.
    Write(crate::image::ChannelKind),
    /// `(ptr5 image) -> i32`.
    Query(ImageQuery),
}

/// What `get_image_*` asks.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageQuery {
    Width,
    Height,
    Depth,
    ChannelDataType,
    ChannelOrder,
    ArraySize,
}

impl ImageQuery {
    pub const ALL: [ImageQuery; 6] = [
        ImageQuery::Width,
        ImageQuery::Height,
        ImageQuery::Depth,
        ImageQuery::ChannelDataType,
        ImageQuery::ChannelOrder,
        ImageQuery::ArraySize,
    ];

    /// The OpenCL C name without `get_image_`.
    pub fn name(self) -> &'static str {
        match self {
            ImageQuery::Width => "width",
            ImageQuery::Height => "height",
            ImageQuery::Depth => "depth",
            ImageQuery::ChannelDataType => "channel_data_type",
            ImageQuery::ChannelOrder => "channel_order",
            ImageQuery::ArraySize => "array_size",
        }
    }
}

impl ImageBuiltin {
    /// Every image builtin, once.
    pub fn all() -> impl Iterator<Item = ImageBuiltin> {
        use crate::image::ChannelKind as K;
        let kinds = [K::Float, K::Signed, K::Unsigned];
        let reads = kinds.into_iter().flat_map(|kind| {
            [false, true]
                .into_iter()
                .map(move |int_coords| ImageBuiltin::Read { kind, int_coords })
        });
        reads
            .chain(kinds.into_iter().map(ImageBuiltin::Write))
            .chain(ImageQuery::ALL.into_iter().map(ImageBuiltin::Query))
    }

    fn suffix(kind: crate::image::ChannelKind) -> &'static str {
        match kind {
            crate::image::ChannelKind::Float => "f",
            crate::image::ChannelKind::Signed => "i",
            crate::image::ChannelKind::Unsigned => "ui",
        }
    }

    /// `__kauai_read_imagef`, `__kauai_read_imagef_icoord`, `__kauai_write_imageui`,
    /// `__kauai_get_image_width`, ...
    pub fn name(self) -> String {
        match self {
            ImageBuiltin::Read { kind, int_coords } => format!(
                "__kauai_read_image{}{}",
                Self::suffix(kind),
                if int_coords { "_icoord" } else { "" }
            ),
            ImageBuiltin::Write(kind) => format!("__kauai_write_image{}", Self::suffix(kind)),
            ImageBuiltin::Query(q) => format!("__kauai_get_image_{}", q.name()),
        }
    }

    pub fn parse(name: &str) -> Option<ImageBuiltin> {
        if !name.starts_with("__kauai_") {
            return None;
        }
        ImageBuiltin::all().find(|b| b.name() == name)
    }

    pub fn signature(self) -> Signature {
        use crate::image::ChannelKind as K;
        let img = Type::Ptr(AddrSpace::Image);
        let (v4f, v4i) = (Type::vec(Scalar::F32, 4), Type::vec(Scalar::I32, 4));
        let data = |k: K| if k == K::Float { v4f } else { v4i };
        match self {
            ImageBuiltin::Read { kind, int_coords } => sig(
                &[img, Type::I32, if int_coords { v4i } else { v4f }],
                data(kind),
            ),
            ImageBuiltin::Write(kind) => sig(&[img, v4i, data(kind)], Type::Void),
            ImageBuiltin::Query(_) => sig(&[img], Type::I32),
        }
    }

    /// Queries are pure; reads read memory (another kernel may write the image) and
    /// writes write it.
    pub fn props(self) -> Props {
        match self {
            ImageBuiltin::Query(_) => Props::PURE,
            ImageBuiltin::Read { .. } => Props {
                pure: false,
                barrier: false,
                reads_memory: true,
                writes_memory: false,
            },
            ImageBuiltin::Write(_) => Props {
                pure: false,
                barrier: false,
                reads_memory: false,
                writes_memory: true,
            },
        }
    }
}

/// Kauai's own builtins for the checks. The host's uninitialized-value instrumentation
/// (`kauai_host::uninit`) calls the shadow ones, and only the host interpreter runs
/// them. The front end marks each asynchronous copy and wait with the async ones, so
/// that the checking interpreter can follow them; every other executor ignores them,
/// and the amdil target removes them. Addresses are `ptrtoint`s, so that one
/// declaration serves every address space.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum CheckBuiltin {
    /// `(i64 address, i64 bytes) -> i32`: nonzero when any of the bytes is undefined.
    ShadowLoad,
    /// `(i64 address, i64 bytes, i32 shadow)`: mark the bytes undefined when the shadow
    /// is nonzero, defined otherwise.
    ShadowStore,
    /// `(i32 shadow, i32 what, i64 address)`: report a use of an undefined value when
    /// the shadow is nonzero; `what` is an `UNINIT_*` code.
    Uninit,
    /// `(i64 dst, i64 src, i64 elements, i64 stride, i64 event)`: the work-item starts
    /// its part of an `async_work_group_(strided_)copy` (the stride is 1 for a plain
    /// copy) that `event` (an `event_t`, never 0) names.
    AsyncCopy,
    /// `(i64 events, i64 list, i64 bytes)`: the work-item waits for the copies of the
    /// `events` `event_t`s at address `list`, each `bytes` long in memory (4 from
    /// OpenCL C; pointer-sized from SPIR-V), of which the low 32 bits are the event
    /// (`wait_group_events`).
    AsyncWait,
}

/// What an undefined value decided, for [`CheckBuiltin::Uninit`].
pub const UNINIT_CONTROL: u32 = 0;
pub const UNINIT_ADDRESS: u32 = 1;
pub const UNINIT_GLOBAL_WRITE: u32 = 2;

impl CheckBuiltin {
    pub const ALL: [CheckBuiltin; 5] = [
        CheckBuiltin::ShadowLoad,
        CheckBuiltin::ShadowStore,
        CheckBuiltin::Uninit,
        CheckBuiltin::AsyncCopy,
        CheckBuiltin::AsyncWait,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CheckBuiltin::ShadowLoad => "__kauai_shadow_load",
            CheckBuiltin::ShadowStore => "__kauai_shadow_store",
            CheckBuiltin::Uninit => "__kauai_uninit",
            CheckBuiltin::AsyncCopy => "__kauai_async_copy",
            CheckBuiltin::AsyncWait => "__kauai_async_wait",
        }
    }

    pub fn parse(name: &str) -> Option<CheckBuiltin> {
        CheckBuiltin::ALL.into_iter().find(|b| b.name() == name)
    }

    pub fn signature(self) -> Signature {
        let (i32t, i64t) = (Type::I32, Type::I64);
        match self {
            CheckBuiltin::ShadowLoad => sig(&[i64t, i64t], i32t),
            CheckBuiltin::ShadowStore => sig(&[i64t, i64t, i32t], Type::Void),
            CheckBuiltin::Uninit => sig(&[i32t, i32t, i64t], Type::Void),
            CheckBuiltin::AsyncCopy => sig(&[i64t; 5], Type::Void),
            CheckBuiltin::AsyncWait => sig(&[i64t; 3], Type::Void),
        }
    }

    /// The shadow ones read and write the shadow, which the program cannot see: kept
    /// in place. The async copy's marker touches nothing the program sees, but must
    /// stay; the wait's reads the event list.
    pub fn props(self) -> Props {
        let shadow = !matches!(self, CheckBuiltin::AsyncCopy | CheckBuiltin::AsyncWait);
        Props {
            pure: false,
            barrier: false,
            reads_memory: shadow || self == CheckBuiltin::AsyncWait,
            writes_memory: shadow,
        }
    }
}

/// A builtin signature: parameter types and result type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    pub params: Vec<Type>,
    pub ret: Type,
}

fn sig(params: &[Type], ret: Type) -> Signature {
    Signature {
        params: params.to_vec(),
        ret,
    }
}

/// What a builtin does, beyond computing its result: the facts passes need (`dce`
/// removes unused calls to pure builtins; barriers must stay where they are and in
/// kernels; calls that read or write memory order with loads and stores).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Props {
    /// No effect and no memory access: the result depends only on the arguments and
    /// the work-item's coordinates, so an unused call can go.
    pub pure: bool,
    /// A barrier: every work-item of the group must reach it, and it takes a barrier id
    /// first (the group barriers and the work-group collectives, which executors
    /// implement with barriers).
    pub barrier: bool,
    pub reads_memory: bool,
    pub writes_memory: bool,
}

impl Props {
    /// Work-item queries and device facts.
    pub const PURE: Props = Props {
        pure: true,
        barrier: false,
        reads_memory: false,
        writes_memory: false,
    };
    /// Asynchronous copies between global and local memory.
    const DMA: Props = Props {
        pure: false,
        barrier: false,
        reads_memory: true,
        writes_memory: true,
    };
    /// Waiting for copies: their writes become visible.
    const WAIT: Props = Props::DMA;
    /// A memory fence orders accesses without moving data.
    const FENCE: Props = Props::DMA;
    /// Barriers also fence memory.
    const BARRIER: Props = Props {
        pure: false,
        barrier: true,
        reads_memory: true,
        writes_memory: true,
    };
}

/// A non-overloaded builtin: its name and what it does.
#[derive(Copy, Clone, Debug)]
pub struct FixedBuiltin {
    pub name: &'static str,
    pub props: Props,
}

/// Every non-overloaded builtin, in the order of docs/spec/computemux.md#builtins.
pub const FIXED: &[FixedBuiltin] = &[
    FixedBuiltin {
        name: name::ISFTZ,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::USEFAST,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::ISEMBEDDEDPROFILE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_GLOBAL_SIZE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_GLOBAL_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_GLOBAL_OFFSET,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_LOCAL_SIZE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_LOCAL_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_SUB_GROUP_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_NUM_GROUPS,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_NUM_SUB_GROUPS,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_MAX_SUB_GROUP_SIZE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_SUB_GROUP_SIZE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_SUB_GROUP_LOCAL_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_GROUP_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_WORK_DIM,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::DMA_READ_1D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_READ_2D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_READ_3D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_WRITE_1D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_WRITE_2D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_WRITE_3D,
        props: Props::DMA,
    },
    FixedBuiltin {
        name: name::DMA_WAIT,
        props: Props::WAIT,
    },
    FixedBuiltin {
        name: name::GET_GLOBAL_LINEAR_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_LOCAL_LINEAR_ID,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::GET_ENQUEUED_LOCAL_SIZE,
        props: Props::PURE,
    },
    FixedBuiltin {
        name: name::MEM_BARRIER,
        props: Props::FENCE,
    },
    FixedBuiltin {
        name: name::WORK_GROUP_BARRIER,
        props: Props::BARRIER,
    },
    FixedBuiltin {
        name: name::SUB_GROUP_BARRIER,
        props: Props::BARRIER,
    },
];

/// What the `__mux_*` builtin `fname` does (fixed or group, or one of Kauai's image
/// builtins), or `None` if it is not one. Collectives exchange values through memory the program cannot see: work-group
/// ones are barriers, sub-group ones synchronize without an id, vec-group ones work
/// on one work-item's vector and are pure.
pub fn properties(fname: &str) -> Option<Props> {
    if let Some(b) = FIXED.iter().find(|b| b.name == fname) {
        return Some(b.props);
    }
    if let Some(b) = ImageBuiltin::parse(fname) {
        return Some(b.props());
    }
    if let Some(b) = CheckBuiltin::parse(fname) {
        return Some(b.props());
    }
    let g = GroupBuiltin::parse(fname)?;
    Some(match g.scope {
        GroupScope::Vec => Props::PURE,
        scope => Props {
            pure: false,
            barrier: scope == GroupScope::Work,
            reads_memory: false,
            writes_memory: false,
        },
    })
}

/// The signature of any `__mux_*` builtin (fixed or group) or image builtin, or `None` if
/// `name` is not one.
pub fn signature(fname: &str, dl: DataLayout) -> Option<Signature> {
    use name::*;
    let size = dl.size_type();
    let (i1, i32t) = (Type::I1, Type::I32);
    let (local, global) = (Type::Ptr(AddrSpace::Local), Type::Ptr(AddrSpace::Global));
    let event = size;
    Some(match fname {
        ISFTZ | USEFAST | ISEMBEDDEDPROFILE => sig(&[], i1),
        GET_GLOBAL_SIZE
        | GET_GLOBAL_ID
        | GET_GLOBAL_OFFSET
        | GET_LOCAL_SIZE
        | GET_LOCAL_ID
        | GET_NUM_GROUPS
        | GET_GROUP_ID
        | GET_ENQUEUED_LOCAL_SIZE => sig(&[i32t], size),
        GET_SUB_GROUP_ID
        | GET_NUM_SUB_GROUPS
        | GET_MAX_SUB_GROUP_SIZE
        | GET_SUB_GROUP_SIZE
        | GET_SUB_GROUP_LOCAL_ID
        | GET_WORK_DIM => sig(&[], i32t),
        GET_GLOBAL_LINEAR_ID | GET_LOCAL_LINEAR_ID => sig(&[], size),
        DMA_READ_1D => sig(&[local, global, size, event], event),
        DMA_READ_2D => sig(&[local, global, size, size, size, size, event], event),
        DMA_READ_3D => sig(
            &[
                local, global, size, size, size, size, size, size, size, event,
            ],
            event,
        ),
        // The ComputeMux specification's listing gives the 2D/3D writes' pointers the read's spaces in places;
        // a write goes from local to global, like the 1D write.
        DMA_WRITE_1D => sig(&[global, local, size, event], event),
        DMA_WRITE_2D => sig(&[global, local, size, size, size, size, event], event),
        DMA_WRITE_3D => sig(
            &[
                global, local, size, size, size, size, size, size, size, event,
            ],
            event,
        ),
        DMA_WAIT => sig(&[i32t, Type::Ptr(AddrSpace::Private)], Type::Void),
        MEM_BARRIER => sig(&[i32t, i32t], Type::Void),
        WORK_GROUP_BARRIER | SUB_GROUP_BARRIER => sig(&[i32t, i32t, i32t], Type::Void),
        _ if fname.starts_with("__kauai_") => {
            return ImageBuiltin::parse(fname)
                .map(|b| b.signature())
                .or_else(|| CheckBuiltin::parse(fname).map(|b| b.signature()))
        }
        _ => return GroupBuiltin::parse(fname).and_then(|g| g.signature(dl)),
    })
}

pub fn is_mux_builtin(name: &str) -> bool {
    name.starts_with("__mux_")
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupScope {
    Sub,
    Work,
    Vec,
}

impl GroupScope {
    pub const ALL: [GroupScope; 3] = [GroupScope::Sub, GroupScope::Work, GroupScope::Vec];
    fn name(self) -> &'static str {
        match self {
            GroupScope::Sub => "sub",
            GroupScope::Work => "work",
            GroupScope::Vec => "vec",
        }
    }
}

/// The group operations of reduce and scan.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupOp {
    Add,
    Fadd,
    Mul,
    Fmul,
    Smin,
    Umin,
    Fmin,
    Smax,
    Umax,
    Fmax,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
}

impl GroupOp {
    pub const ALL: [GroupOp; 16] = [
        GroupOp::Add,
        GroupOp::Fadd,
        GroupOp::Mul,
        GroupOp::Fmul,
        GroupOp::Smin,
        GroupOp::Umin,
        GroupOp::Fmin,
        GroupOp::Smax,
        GroupOp::Umax,
        GroupOp::Fmax,
        GroupOp::And,
        GroupOp::Or,
        GroupOp::Xor,
        GroupOp::LogicalAnd,
        GroupOp::LogicalOr,
        GroupOp::LogicalXor,
    ];
    pub fn name(self) -> &'static str {
        match self {
            GroupOp::Add => "add",
            GroupOp::Fadd => "fadd",
            GroupOp::Mul => "mul",
            GroupOp::Fmul => "fmul",
            GroupOp::Smin => "smin",
            GroupOp::Umin => "umin",
            GroupOp::Fmin => "fmin",
            GroupOp::Smax => "smax",
            GroupOp::Umax => "umax",
            GroupOp::Fmax => "fmax",
            GroupOp::And => "and",
            GroupOp::Or => "or",
            GroupOp::Xor => "xor",
            GroupOp::LogicalAnd => "logical_and",
            GroupOp::LogicalOr => "logical_or",
            GroupOp::LogicalXor => "logical_xor",
        }
    }
    pub fn is_float(self) -> bool {
        matches!(
            self,
            GroupOp::Fadd | GroupOp::Fmul | GroupOp::Fmin | GroupOp::Fmax
        )
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    Any,
    All,
    Broadcast,
    Reduce(GroupOp),
    ScanInclusive(GroupOp),
    ScanExclusive(GroupOp),
    /// Sub-group only.
    Shuffle,
    ShuffleUp,
    ShuffleDown,
    ShuffleXor,
}

/// One overload of a group builtin, e.g. `__mux_work_group_reduce_fadd_f32`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GroupBuiltin {
    pub scope: GroupScope,
    pub kind: GroupKind,
    pub ty: Type,
}

impl GroupBuiltin {
    pub fn name(&self) -> String {
        let op = match self.kind {
            GroupKind::Any => "any".to_string(),
            GroupKind::All => "all".to_string(),
            GroupKind::Broadcast => "broadcast".to_string(),
            GroupKind::Reduce(o) => format!("reduce_{}", o.name()),
            GroupKind::ScanInclusive(o) => format!("scan_inclusive_{}", o.name()),
            GroupKind::ScanExclusive(o) => format!("scan_exclusive_{}", o.name()),
            GroupKind::Shuffle => "shuffle".into(),
            GroupKind::ShuffleUp => "shuffle_up".into(),
            GroupKind::ShuffleDown => "shuffle_down".into(),
            GroupKind::ShuffleXor => "shuffle_xor".into(),
        };
        format!("__mux_{}_group_{}_{}", self.scope.name(), op, self.ty)
    }

    pub fn parse(name: &str) -> Option<GroupBuiltin> {
        let rest = name.strip_prefix("__mux_")?;
        let (scope, rest) = GroupScope::ALL
            .iter()
            .find_map(|s| Some((*s, rest.strip_prefix(s.name())?.strip_prefix("_group_")?)))?;
        let (op, ty) = rest.rsplit_once('_')?;
        let ty = Type::parse_value(ty)?;
        let kind = match op {
            "any" => GroupKind::Any,
            "all" => GroupKind::All,
            "broadcast" => GroupKind::Broadcast,
            "shuffle" => GroupKind::Shuffle,
            "shuffle_up" => GroupKind::ShuffleUp,
            "shuffle_down" => GroupKind::ShuffleDown,
            "shuffle_xor" => GroupKind::ShuffleXor,
            _ => {
                let find = |s: &str| GroupOp::ALL.iter().copied().find(|o| o.name() == s);
                if let Some(o) = op.strip_prefix("reduce_") {
                    GroupKind::Reduce(find(o)?)
                } else if let Some(o) = op.strip_prefix("scan_inclusive_") {
                    GroupKind::ScanInclusive(find(o)?)
                } else if let Some(o) = op.strip_prefix("scan_exclusive_") {
                    GroupKind::ScanExclusive(find(o)?)
                } else {
                    return None;
                }
            }
        };
        let g = GroupBuiltin { scope, kind, ty };
        g.signature(DataLayout::HOST64)?;
        Some(g)
    }

    /// The signature, or `None` for an overload ComputeMux does not define (docs/spec/computemux.md#group-operations) (work- and
    /// sub-group builtins take scalars only; shuffles exist for sub-groups only; float
    /// operations need float types and integer ones integer types).
    pub fn signature(&self, dl: DataLayout) -> Option<Signature> {
        let ty = self.ty;
        let scalar = ty.elem().map(Type::Scalar)?;
        if !ty.is_value() || ty.is_ptr() {
            return None;
        }
        if self.scope != GroupScope::Vec && ty.is_vector() {
            return None;
        }
        let elem = ty.elem()?;
        match self.kind {
            GroupKind::Any | GroupKind::All if elem != Scalar::I1 => return None,
            GroupKind::Reduce(o) | GroupKind::ScanInclusive(o) | GroupKind::ScanExclusive(o)
                if o.is_float() != elem.is_float() =>
            {
                return None
            }
            GroupKind::Shuffle
            | GroupKind::ShuffleUp
            | GroupKind::ShuffleDown
            | GroupKind::ShuffleXor
                if self.scope != GroupScope::Sub =>
            {
                return None
            }
            _ => {}
        }
        let i32t = Type::I32;
        let size = dl.size_type();
        let mut params = Vec::new();
        if self.scope == GroupScope::Work {
            params.push(i32t); // barrier id, not mangled
        }
        let ret = match self.kind {
            GroupKind::Any | GroupKind::All => {
                params.push(ty);
                Type::I1
            }
            GroupKind::Broadcast => {
                params.push(ty);
                match self.scope {
                    GroupScope::Sub | GroupScope::Vec => params.push(i32t),
                    GroupScope::Work => params.extend([size, size, size]),
                }
                scalar
            }
            GroupKind::Reduce(_) => {
                params.push(ty);
                scalar
            }
            // A vec-group scan gives each lane its prefix, so it returns the vector.
            GroupKind::ScanInclusive(_) | GroupKind::ScanExclusive(_) => {
                params.push(ty);
                ty
            }
            GroupKind::Shuffle | GroupKind::ShuffleXor => {
                params.extend([ty, i32t]);
                ty
            }
            GroupKind::ShuffleUp | GroupKind::ShuffleDown => {
                params.extend([ty, ty, i32t]);
                ty
            }
        };
        Some(Signature { params, ret })
    }
}

/// What a work-item query builtin (`__mux_get_*` and the constant `__mux_is*`) answers;
/// every executor answers them alike.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Query {
    GlobalId,
    LocalId,
    GroupId,
    GlobalSize,
    LocalSize,
    EnqueuedLocalSize,
    NumGroups,
    GlobalOffset,
    WorkDim,
    GlobalLinearId,
    LocalLinearId,
    /// Size-1 sub-groups: the sub-group id is the local linear id.
    SubGroupId,
    NumSubGroups,
    One,
    Zero,
}

/// The query a builtin's name asks, if it is one.
pub fn query(name: &str) -> Option<Query> {
    use name::*;
    Some(match name {
        GET_GLOBAL_ID => Query::GlobalId,
        GET_LOCAL_ID => Query::LocalId,
        GET_GROUP_ID => Query::GroupId,
        GET_GLOBAL_SIZE => Query::GlobalSize,
        GET_LOCAL_SIZE => Query::LocalSize,
        GET_ENQUEUED_LOCAL_SIZE => Query::EnqueuedLocalSize,
        GET_NUM_GROUPS => Query::NumGroups,
        GET_GLOBAL_OFFSET => Query::GlobalOffset,
        GET_WORK_DIM => Query::WorkDim,
        GET_GLOBAL_LINEAR_ID => Query::GlobalLinearId,
        GET_LOCAL_LINEAR_ID => Query::LocalLinearId,
        GET_SUB_GROUP_ID => Query::SubGroupId,
        GET_NUM_SUB_GROUPS => Query::NumSubGroups,
        GET_MAX_SUB_GROUP_SIZE | GET_SUB_GROUP_SIZE => Query::One,
        GET_SUB_GROUP_LOCAL_ID | ISFTZ | USEFAST | ISEMBEDDEDPROFILE => Query::Zero,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Option<Signature> {
        signature(name, DataLayout::HOST64)
    }

    #[test]
    fn seed_examples_have_the_seed_signatures() {
        let (i1, i32t, i64t, f32t, f64t) = (Type::I1, Type::I32, Type::I64, Type::F32, Type::F64);
        let v = |e, n| Type::vec(e, n);
        let cases: Vec<(&str, Vec<Type>, Type)> = vec![
            ("__mux_sub_group_any_i1", vec![i1], i1),
            ("__mux_work_group_any_i1", vec![i32t, i1], i1),
            ("__mux_vec_group_any_v4i1", vec![v(Scalar::I1, 4)], i1),
            ("__mux_sub_group_broadcast_i64", vec![i64t, i32t], i64t),
            (
                "__mux_work_group_broadcast_i32",
                vec![i32t, i32t, i64t, i64t, i64t],
                i32t,
            ),
            (
                "__mux_vec_group_broadcast_v2i64",
                vec![v(Scalar::I64, 2), i32t],
                i64t,
            ),
            ("__mux_sub_group_reduce_add_i32", vec![i32t], i32t),
            ("__mux_work_group_reduce_add_i32", vec![i32t, i32t], i32t),
            ("__mux_work_group_reduce_fadd_f32", vec![i32t, f32t], f32t),
            ("__mux_sub_group_scan_inclusive_mul_i32", vec![i32t], i32t),
            (
                "__mux_work_group_scan_inclusive_fmul_f32",
                vec![i32t, f32t],
                f32t,
            ),
            ("__mux_sub_group_scan_exclusive_mul_i64", vec![i64t], i64t),
            (
                "__mux_work_group_scan_exclusive_fmul_f64",
                vec![i32t, f64t],
                f64t,
            ),
            ("__mux_sub_group_shuffle_i32", vec![i32t, i32t], i32t),
            (
                "__mux_sub_group_shuffle_up_i8",
                vec![Type::I8, Type::I8, i32t],
                Type::I8,
            ),
            (
                "__mux_sub_group_shuffle_down_f32",
                vec![f32t, f32t, i32t],
                f32t,
            ),
            ("__mux_sub_group_shuffle_xor_f64", vec![f64t, i32t], f64t),
            ("__mux_get_global_id", vec![i32t], i64t),
            ("__mux_get_work_dim", vec![], i32t),
            ("__mux_isftz", vec![], i1),
            ("__mux_mem_barrier", vec![i32t, i32t], Type::Void),
            (
                "__mux_work_group_barrier",
                vec![i32t, i32t, i32t],
                Type::Void,
            ),
            (
                "__mux_sub_group_barrier",
                vec![i32t, i32t, i32t],
                Type::Void,
            ),
        ];
        for (name, params, ret) in cases {
            assert_eq!(s(name), Some(Signature { params, ret }), "{name}");
        }
        assert_eq!(
            signature("__mux_get_local_id", DataLayout::GPU32).map(|s| s.ret),
            Some(Type::I32)
        );
    }

    #[test]
    fn properties_are_on_the_records() {
        use super::name::*;
        assert!(properties(GET_GLOBAL_ID).is_some_and(|p| p.pure && !p.barrier));
        assert!(properties(WORK_GROUP_BARRIER).is_some_and(|p| p.barrier && !p.pure));
        assert!(properties(MEM_BARRIER).is_some_and(|p| !p.barrier && p.writes_memory));
        assert!(properties(DMA_WRITE_1D).is_some_and(|p| p.reads_memory && p.writes_memory));
        assert!(properties("__mux_work_group_reduce_add_i32").is_some_and(|p| p.barrier));
        assert!(properties("__mux_sub_group_reduce_add_i32").is_some_and(|p| !p.barrier));
        assert!(properties("__mux_vec_group_reduce_add_v4i32").is_some_and(|p| p.pure));
        assert_eq!(properties("_Z13get_global_idj"), None);
        // Every fixed builtin has a signature.
        for b in FIXED {
            assert!(
                signature(b.name, DataLayout::HOST64).is_some(),
                "{}",
                b.name
            );
        }
    }

    #[test]
    fn image_builtins_parse_back_with_their_signatures() {
        let n = ImageBuiltin::all().count();
        assert_eq!(n, 6 + 3 + 6);
        for b in ImageBuiltin::all() {
            assert_eq!(ImageBuiltin::parse(&b.name()), Some(b));
            assert_eq!(s(&b.name()), Some(b.signature()));
            assert_eq!(properties(&b.name()), Some(b.props()));
        }
        let img = Type::Ptr(AddrSpace::Image);
        assert_eq!(
            s("__kauai_read_imageui_icoord"),
            Some(Signature {
                params: vec![img, Type::I32, Type::vec(Scalar::I32, 4)],
                ret: Type::vec(Scalar::I32, 4)
            })
        );
        assert!(properties("__kauai_get_image_width").is_some_and(|p| p.pure));
        assert!(properties("__kauai_write_imagef").is_some_and(|p| p.writes_memory));
        assert_eq!(s("__kauai_read_imagex"), None);
    }

    #[test]
    fn undefined_overloads_are_rejected() {
        for bad in [
            "__mux_work_group_reduce_fadd_i32",
            "__mux_work_group_reduce_add_v4i32",
            "__mux_work_group_shuffle_i32",
            "__mux_sub_group_any_i32",
            "__mux_sub_group_reduce_bogus_i32",
            "__mux_get_global_idd",
        ] {
            assert_eq!(s(bad), None, "{bad}");
        }
    }

    #[test]
    fn every_group_overload_name_parses_back() {
        let kinds: Vec<GroupKind> = [
            GroupKind::Any,
            GroupKind::All,
            GroupKind::Broadcast,
            GroupKind::Shuffle,
            GroupKind::ShuffleUp,
            GroupKind::ShuffleDown,
            GroupKind::ShuffleXor,
        ]
        .into_iter()
        .chain(GroupOp::ALL.iter().flat_map(|o| {
            [
                GroupKind::Reduce(*o),
                GroupKind::ScanInclusive(*o),
                GroupKind::ScanExclusive(*o),
            ]
        }))
        .collect();
        let mut count = 0;
        for scope in GroupScope::ALL {
            for kind in &kinds {
                for sc in Scalar::ALL {
                    for ty in [
                        Type::Scalar(sc),
                        Type::vec(sc, 4),
                        Type::Vector {
                            elem: sc,
                            lanes: 1,
                            scalable: true,
                        },
                    ] {
                        let g = GroupBuiltin {
                            scope,
                            kind: *kind,
                            ty,
                        };
                        if g.signature(DataLayout::HOST64).is_some() {
                            assert_eq!(GroupBuiltin::parse(&g.name()), Some(g));
                            count += 1;
                        }
                    }
                }
            }
        }
        assert!(count > 200, "{count}");
    }
}
