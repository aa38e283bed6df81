//! The only `unsafe` of the JIT: mapping generated code, calling it, and the two
//! helpers generated code calls with the context behind a raw pointer (the poll,
//! printf and image helpers).
//!
//! Generated code is trusted to the extent that `lower` makes it so: every memory
//! access it makes is checked against the region table its caller built from live Rust
//! borrows (see [`crate::Launch`] and [`crate::Runner`]), so calling it cannot touch memory outside them.

#![allow(unsafe_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use cranelift_codegen::ir::Function;
use cranelift_codegen::Context;
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};

use crate::abi::Ctx;
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

/// A compiled work-group function and the executable memory that holds it.
pub(crate) struct Code {
    module: Option<JITModule>,
    entry: *const u8,
    /// The packet form, when the kernel has one.
    packet: Option<*const u8>,
}

// SAFETY: after `finalize_definitions` nothing mutates the module (its `RefCell`s are
// only touched while defining); the code it maps is immutable and may run on any
// thread. The module is only dropped, by its single owner.
unsafe impl Send for Code {}
// SAFETY: as above: shared access only ever reads the entry pointer and runs the code.
unsafe impl Sync for Code {}

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
    Ok(JITModule::new(b))
}

impl Code {
    /// Compile `func` and, if any, its packet form `packet` (which `lower` built
    /// against `module`'s declarations) and map them.
    pub(crate) fn compile(
        mut module: JITModule,
        func: Function,
        packet: Option<Function>,
        callees: Vec<(cranelift_module::FuncId, Function)>,
    ) -> Result<Code, String> {
        let dump = std::env::var_os(DUMP_ENV).is_some();
        for (id, f) in callees {
            let mut ctx = Context::for_function(f);
            if dump {
                eprintln!("{}", ctx.func.display());
            }
            module
                .define_function(id, &mut ctx)
                .map_err(|e| format!("{e:?}"))?;
        }
        let mut ids = Vec::new();
        for (name, f) in [("kernel", Some(func)), ("kernel_packet", packet)] {
            let Some(f) = f else { continue };
            let id = module
                .declare_function(name, Linkage::Export, &f.signature.clone())
                .map_err(|e| e.to_string())?;
            let mut ctx = Context::for_function(f);
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
            ids.push(id);
        }
        module.finalize_definitions().map_err(|e| e.to_string())?;
        let entry = module.get_finalized_function(ids[0]);
        let packet = ids.get(1).map(|id| module.get_finalized_function(*id));
        Ok(Code {
            module: Some(module),
            entry,
            packet,
        })
    }

    pub(crate) fn has_packet(&self) -> bool {
        self.packet.is_some()
    }

    /// Run the work-group function once.
    pub(crate) fn call(
        &self,
        ctx: &mut Ctx,
        deadline: Option<Instant>,
        abort: &AtomicBool,
        printf: &dyn Fn(u32, &[u64]) -> bool,
        image: crate::ImageHook<'_>,
        packet: bool,
    ) -> u64 {
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
        // `Kernel::runner` from borrows the runner holds for longer than the call; generated code checks each
        // access against those regions' sizes before it makes it.
        let code = match self.packet {
            Some(p) if packet => p,
            _ => self.entry,
        };
        let f: extern "C" fn(*mut Ctx) -> u64 = unsafe { std::mem::transmute(code) };
        let r = f(ctx);
        ctx.poll = std::ptr::null();
        r
    }
}

impl Drop for Code {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the only pointers into this module's code are `self.entry` and
            // `self.packet`, which die with `self`; no call is running, since calls
            // borrow `self`.
            unsafe { m.free_memory() };
        }
    }
}
