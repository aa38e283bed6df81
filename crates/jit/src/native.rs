//! The only `unsafe` of the JIT: mapping generated code, calling it, and the two
//! helpers generated code calls with the context behind a raw pointer (the poll,
//! printf and image helpers).
//!
//! Generated code is trusted to the extent that `lower` makes it so: every memory
//! access it makes is checked against the region table its caller built from live Rust
//! borrows (see [`crate::Launch`] and [`crate::Runner`]), so calling it cannot touch
//! memory outside them.

#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Instant;

use cranelift_codegen::ir::{Function, Signature};
use cranelift_codegen::Context;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};

use crate::abi::{Ctx, RET_UNCOMPILED};
use crate::helpers;

/// What the poll helper checks: set by [`Code::call`] for the duration of one call.
pub(crate) struct PollState<'a> {
    pub deadline: Option<Instant>,
    pub abort: &'a AtomicBool,
    pub printf: &'a dyn Fn(u32, &[u64]) -> bool,
    pub image: crate::ImageHook<'a>,
}

/// Called by generated code every [`crate::abi::POLL_EVERY`] back-edges: 1 stops the
/// kernel (time is up, or another thread failed).
extern "C" fn poll(ctx: *mut Ctx) -> u32 {
    // SAFETY: generated code passes the `Ctx` it was called with, which `Code::call`
    // borrowed mutably for the call; its `poll` field points at the `PollState` that
    // `Code::call` keeps alive on its stack until the call returns.
    let state = unsafe { &*((*ctx).poll as *const PollState) };
    let late = state.deadline.is_some_and(|d| Instant::now() > d);
    (late || state.abort.load(Ordering::Relaxed)) as u32
}

pub(crate) const POLL_SYMBOL: &str = "kauai_jit_poll";
/// Set to print each kernel's Cranelift IR and machine code on standard error.
pub const DUMP_ENV: &str = "KAUAI_JIT_DUMP";
pub(crate) const PRINTF_SYMBOL: &str = "kauai_jit_printf";

/// Called by generated code for each `printf`: the call's lanes are `n` `u64`s at
/// `args`. Returns 1 when the record fits in the printf buffer.
extern "C" fn printf(ctx: *mut Ctx, id: u32, args: *const u64, n: u64) -> u32 {
    // SAFETY: as in `poll`: `ctx` and its `PollState` live for the whole call.
    let state = unsafe { &*((*ctx).poll as *const PollState) };
    let lanes: &[u64] = if n == 0 {
        &[]
    } else {
        // SAFETY: generated code passes the address of a stack slot it filled with
        // exactly `n` lanes, live until this helper returns.
        unsafe { std::slice::from_raw_parts(args, n as usize) }
    };
    (state.printf)(id, lanes) as u32
}

pub(crate) const IMAGE_SYMBOL: &str = "kauai_jit_image";

/// Called by generated code for each image builtin: `op` indexes
/// `ImageBuiltin::all()`, the call's `n` lanes are at `args`, the result's 4 lanes go
/// to `out`. Returns 1, or 0 for a fault.
extern "C" fn image(ctx: *mut Ctx, op: u32, args: *const u64, n: u64, out: *mut u64) -> u32 {
    // SAFETY: as in `poll`: `ctx` and its `PollState` live for the whole call.
    let state = unsafe { &*((*ctx).poll as *const PollState) };
    let Some(op) = kauai_ir::builtins::ImageBuiltin::all().nth(op as usize) else {
        return 0;
    };
    // SAFETY: generated code passes the address of a stack slot it filled with
    // exactly `n` (at least 1) lanes, live until this helper returns.
    let lanes = unsafe { std::slice::from_raw_parts(args, n as usize) };
    // SAFETY: generated code passes a stack slot of 4 lanes, 8-byte aligned, which
    // nothing else references during the call.
    let out = unsafe { &mut *(out as *mut [u64; 4]) };
    (state.image)(op, lanes, out) as u32
}

/// A JIT module with the helpers' symbols.
pub(crate) fn new_module() -> Result<JITModule, String> {
    let mut flags = vec![("opt_level", "speed")];
    flags.push((
        "enable_verifier",
        if cfg!(debug_assertions) {
            "true"
        } else {
            "false"
        },
    ));
    let mut b =
        JITBuilder::with_flags(&flags, default_libcall_names()).map_err(|e| e.to_string())?;
    for (name, ptr) in helpers::symbols() {
        b.symbol(name, ptr);
    }
    b.symbol(POLL_SYMBOL, poll as *const u8);
    b.symbol(PRINTF_SYMBOL, printf as *const u8);
    b.symbol(IMAGE_SYMBOL, image as *const u8);
    b.symbol(LANES_SYMBOL, check_lanes as *const u8);
    Ok(JITModule::new(b))
}

pub(crate) const LANES_SYMBOL: &str = "kauai_jit_check_lanes";

/// Called (through `lower::lanes_trampoline`) by a packet's slow path to check its
/// work-items' accesses of one region. `args` holds, as `u64`s: the address of the
/// work-items' offset bits, of their masks (0: all make the access), their count `n`,
/// the region's base, its limit, the access's length, the alignment's low bits, the
/// scratch slot's address, and where their host addresses go; the result (1: every
/// work-item that makes the access fits below the limit and is aligned) goes to
/// `args[9]`. A work-item left out gets the scratch slot's address.
extern "C" fn check_lanes(args: *mut u64) {
    // SAFETY: the generated slow path passes a stack slot of 10 words it owns,
    // filled with the nine arguments; nothing else references it during the call.
    let a = unsafe { &mut *(args as *mut [u64; 10]) };
    let n = (a[2] as usize).min(crate::PACKET);
    // SAFETY: `a[0]` and `a[8]` are the addresses of stack slots of `PACKET`
    // 8-byte-aligned words, `a[1]` (when not 0) of `PACKET` bytes, which the slow
    // path owns and filled before the call; nothing else references them meanwhile.
    let (sums, out) = unsafe {
        (
            std::slice::from_raw_parts(a[0] as *const u64, n),
            std::slice::from_raw_parts_mut(a[8] as *mut u64, n),
        )
    };
    let on: Option<&[u8]> = match a[1] {
        0 => None,
        // SAFETY: as above.
        p => Some(unsafe { std::slice::from_raw_parts(p as *const u8, n) }),
    };
    let (base, limit, len, low_bits, scratch) = (a[3], a[4], a[5], a[6], a[7]);
    let mut ok = true;
    for (k, (&sum, addr)) in sums.iter().zip(out.iter_mut()).enumerate() {
        if on.is_some_and(|m| m[k] == 0) {
            *addr = scratch;
            continue;
        }
        let off = sum & crate::abi::OFFSET_MASK;
        ok &= off + len <= limit && sum & low_bits == 0;
        *addr = base.wrapping_add(off);
    }
    a[9] = ok as u64;
}

/// The executable memory of one JIT module, freed with it.
struct Mapped(Option<JITModule>);

impl Drop for Mapped {
    fn drop(&mut self) {
        if let Some(m) = self.0.take() {
            // SAFETY: the only pointers into this module's code are the entry points
            // `Code` keeps beside it, which die with it; no call is running, since
            // calls borrow the `Code`.
            unsafe { m.free_memory() };
        }
    }
}

/// A kernel's work-group functions and the executable memory that holds them.
///
/// A kernel with a packet form runs its one-work-item form only for groups whose x
/// size the packets do not fill and to rerun a group whose packet faulted, so that form
/// is compiled on first use, in a module of its own (the first launch then compiles
/// one function instead of two).
pub(crate) struct Code {
    packet: Option<(Mapped, *const u8)>,
    /// The one-work-item form: compiled at once when there is no packet form, else by
    /// the first call that needs it, from `later`.
    entry: OnceLock<Result<(Mapped, *const u8), String>>,
    later: Mutex<Option<Later>>,
}

/// What compiling the one-work-item form takes: its function, the functions it calls,
/// and the lowering's declarations, replayed in order so that the function's
/// references to them keep their ids.
struct Later {
    func: Function,
    callees: Vec<(cranelift_module::FuncId, Function)>,
    decls: Vec<(String, Linkage, Signature)>,
}

// SAFETY: after `finalize_definitions` nothing mutates a module (its `RefCell`s are
// only touched while defining, which happens inside `OnceLock::get_or_init` for the
// lazily compiled form, so by one thread); the code it maps is immutable and may run
// on any thread. Modules are only dropped, by their single owner.
unsafe impl Send for Code {}
// SAFETY: as above: shared access only reads entry pointers and runs the code.
unsafe impl Sync for Code {}

/// Define `callees`, then `name` as `func`, in `module`, and map them.
fn define(
    mut module: JITModule,
    name: &str,
    func: Function,
    callees: Vec<(cranelift_module::FuncId, Function)>,
) -> Result<(Mapped, *const u8), String> {
    let dump = std::env::var_os(DUMP_ENV).is_some();
    if let Some(cranelift_module::FuncOrDataId::Func(id)) =
        module.get_name(crate::lower::LANES_TRAMPOLINE)
    {
        let f = crate::lower::lanes_trampoline(&mut module)?;
        let mut ctx = Context::for_function(f);
        module
            .define_function(id, &mut ctx)
            .map_err(|e| format!("{e:?}"))?;
    }
    for (id, f) in callees {
        let mut ctx = Context::for_function(f);
        if dump {
            eprintln!("{}", ctx.func.display());
        }
        module
            .define_function(id, &mut ctx)
            .map_err(|e| format!("{e:?}"))?;
    }
    let id = module
        .declare_function(name, Linkage::Export, &func.signature.clone())
        .map_err(|e| e.to_string())?;
    let mut ctx = Context::for_function(func);
    if dump {
        eprintln!("{}", ctx.func.display());
        ctx.set_disasm(true);
    }
    module
        .define_function(id, &mut ctx)
        .map_err(|e| format!("{e:?}"))?;
    if let Some(vcode) = ctx
        .compiled_code()
        .and_then(|c| c.vcode.as_ref())
        .filter(|_| dump)
    {
        eprintln!("{vcode}");
    }
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let ptr = module.get_finalized_function(id);
    Ok((Mapped(Some(module)), ptr))
}

impl Code {
    /// Compile `func` and, if any, its packet form `packet` (which `lower` built
    /// against `module`'s declarations) and map them; with a packet form, `func`
    /// waits for its first use.
    pub(crate) fn compile(
        module: JITModule,
        func: Function,
        packet: Option<Function>,
        callees: Vec<(cranelift_module::FuncId, Function)>,
    ) -> Result<Code, String> {
        let Some(packet) = packet else {
            let entry = define(module, "kernel", func, callees)?;
            return Ok(Code {
                packet: None,
                entry: OnceLock::from(Ok(entry)),
                later: Mutex::new(None),
            });
        };
        let decls = module
            .declarations()
            .get_functions()
            .map(|(id, d)| {
                (
                    d.linkage_name(id).into_owned(),
                    d.linkage,
                    d.signature.clone(),
                )
            })
            .collect();
        let later = Later {
            func,
            callees: callees.clone(),
            decls,
        };
        Ok(Code {
            packet: Some(define(module, "kernel_packet", packet, callees)?),
            entry: OnceLock::new(),
            later: Mutex::new(Some(later)),
        })
    }

    /// The one-work-item form, compiled now if it was not yet.
    fn entry(&self) -> Result<*const u8, &str> {
        let r = self.entry.get_or_init(|| {
            let later = self.later.lock().unwrap_or_else(|e| e.into_inner()).take();
            let later = later.ok_or("internal error: nothing to compile")?;
            let mut module = new_module()?;
            for (k, (name, linkage, sig)) in later.decls.iter().enumerate() {
                let id = module
                    .declare_function(name, *linkage, sig)
                    .map_err(|e| e.to_string())?;
                if id.as_u32() as usize != k {
                    return Err("internal error: a replayed declaration changed its id".into());
                }
            }
            define(module, "kernel", later.func, later.callees)
        });
        match r {
            Ok((_, ptr)) => Ok(*ptr),
            Err(e) => Err(e),
        }
    }

    /// Why the one-work-item form could not be compiled, once a call needed it.
    pub(crate) fn entry_error(&self) -> Option<&str> {
        self.entry
            .get()
            .and_then(|r| r.as_ref().err())
            .map(|e| e.as_str())
    }

    pub(crate) fn has_packet(&self) -> bool {
        self.packet.is_some()
    }

    /// Run the work-group function once ([`RET_UNCOMPILED`] when the one-work-item
    /// form is needed and could not be compiled: see [`Code::entry_error`]).
    pub(crate) fn call(
        &self,
        ctx: &mut Ctx,
        deadline: Option<Instant>,
        abort: &AtomicBool,
        printf: &dyn Fn(u32, &[u64]) -> bool,
        image: crate::ImageHook<'_>,
        packet: bool,
    ) -> u64 {
        let code = match &self.packet {
            Some((_, p)) if packet => *p,
            _ => match self.entry() {
                Ok(p) => p,
                Err(_) => return RET_UNCOMPILED,
            },
        };
        let state = PollState {
            deadline,
            abort,
            printf,
            image,
        };
        ctx.poll = &state as *const PollState as *const u8;
        // SAFETY: `code` is the finalized code of a function with the signature
        // `extern "C" fn(*mut Ctx) -> u64` (see `lower::signature`), mapped executable
        // as long as `self` lives. The context is exclusively borrowed for the call and
        // every pointer in it (regions, frames, state, arguments) was built by
        // `Kernel::runner` from borrows the runner holds for longer than the call;
        // generated code checks each access against those regions' sizes before it
        // makes it.
        let f: extern "C" fn(*mut Ctx) -> u64 = unsafe { std::mem::transmute(code) };
        let r = f(ctx);
        ctx.poll = std::ptr::null();
        r
    }
}
