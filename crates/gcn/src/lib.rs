//! GCN machine code for AMD GPUs of the GCN 1.0 – 1.5 generations (GFX6, GFX7, GFX8,
//! GFX9, GFX906, GFX10; see below): instruction tables, encoder, decoder, disassembler
//! and an assembler for the syntax of CLRX (CLRadeonExtender), the assembler people hand-tuning GCN
//! kernels write in.
//!
//! * **Tables.** `isa/gcn.isa` is the one data source: a row per (encoding, mnemonic,
//!   operand shape) with its opcode on each architecture. `gcn-tablegen` turns it into
//!   `src/isa_table.rs`; a test fails while that file is stale. See [`isa`].
//! * **Instructions.** [`Inst`] is a row plus operand values and modifier bits;
//!   [`encode`] and [`decode`] convert it to and from dwords. The decoder accepts only
//!   canonical words (it re-encodes what it read), so its output always reassembles.
//! * **Disassembler.** [`disassemble`] prints raw code as CLRX source, with labels for
//!   branch targets; [`format_inst`] prints one instruction. [`disassemble_cl2`]
//!   prints an AMD OpenCL 2.0 binary (read by `kauai-amdbin`) as `.amdcl2` source: with
//!   raw metadata/setup/stub that reassemble to the same bytes, or the human `.config`
//!   form where it regenerates them exactly; relocated literals as `(.gdata+8)>>32`.
//! * **Assembler.** [`assemble`] reads CLRX source: expressions with every CLRX
//!   operator, labels (also local `1:`/`1b`/`1f`) and forward references, `.set`
//!   `.equ` `.eqv`, data pseudo-ops (`.byte` … `.octa`, `.string16/32/64`, `.fill`/
//!   `.fillq`), hex float literals (`0x1.8p1`), alignment (`.align`, `.balign[wl]`,
//!   `.p2align`, with a limit), `.if*`, `.macro` (with `.altmacro`, `.macrocase`),
//!   `.rept`/`.irp`/`.irpc`/`.for`/`.while`, `.include`/`.incbin`, `.gpu`/`.arch`,
//!   `.get_*`, `.undef`, `.enum`, `.struct`/`.offset` (the absolute section), `.fail`,
//!   `.policy`, `.abort`, the listing pseudo-ops CLRX ignores (`.file`,
//!   `.line`, `.size`, ...), register symbols (`x = %s[2:3]`, `x[1]`), visibility
//!   scopes (`.scope`, `.using`, `a::x`), register variables (`.regvar x:v, p:s:2`,
//!   `.usereg`, `.rvlin`: allocated once the code is assembled, per kernel, from
//!   liveness over its basic blocks; each variable takes the lowest consecutive
//!   registers, in first-write order, that are aligned as its SGPR operands need,
//!   named nowhere directly in that code and not held by a variable live at the same
//!   time: Kauai's rule, as CLRX's choice is unknown). The pseudo-ops of `asm::pseudo` are rows of
//!   one table (name, effect on the section, variant). The output is raw code or, with `.amdcl2` (module `asm::cl2`), an AMD
//!   OpenCL 2.0 binary: kernels with `.config`/`.hsaconfig` or raw blobs, global data,
//!   samplers and relocations of 32-bit literals against global data, written by
//!   `kauai-amdbin`. Errors are diagnostics with `file:line:col`, as many per run as
//!   the input has; CLRX's messages are kept for the `.amdcl2` rules.
//! * **Limits.** [`limits`] names every bound a source or a binary can hit (expression
//!   nesting, one expansion budget for macros, loops and includes, output and input
//!   sizes, kernels); the diagnostic names the limit.
//!
//! Encodings: SOP2, SOPK, SOP1, SOPC, SOPP, SMRD/SMEM, VOP1, VOP2, VOPC, VOP3A/B,
//! VOP3P, SDWA, DPP, VINTRP, DS, MUBUF, MTBUF, MIMG, FLAT/GLOBAL/SCRATCH, EXP (with
//! `compr`). GCN 1.5 (`Arch::Gfx10`, gfx1010-1012, as clrxasm/clrxdisasm 0.1.9 have it):
//! SOP*, SMEM (dlc), VOP1/VOP2/VOPC (DPP with fi/row_share/row_xmask, DPP8), VOP3
//! (with a literal; two scalar reads), VOP3P, VINTRP (and the VOP3 `v_interp_*_f16` of
//! GCN 1.2+, attribute in the src0 field), EXP, DS, MUBUF/MTBUF (format:N),
//! FLAT/GLOBAL/SCRATCH, MIMG (`dim:`, `dlc`, address lists `[v1,v4]` in extra
//! dwords), with 106 SGPRs and `null`. Not supported yet
//! (errors, never silently): register variables outside operand slots (GLOBAL's
//! scalar base, address lists) and in code with indirect branches (`.regvar` is
//! otherwise allocated: see `asm/regalloc.rs`), relocations outside
//! instruction literals, other binary formats (`.amd`, `.gallium`, `.rocm`).
//!
//! ```
//! use kauai_gcn::{decode, disassemble, format_inst, Arch, DisasmOptions};
//! let words = [0x8003_0201u32]; // s_add_u32 s3, s1, s2
//! let (inst, len) = decode(Arch::Gfx8, &words).unwrap();
//! assert_eq!(len, 1);
//! assert_eq!(format_inst(Arch::Gfx8, &inst, 0), "s_add_u32       s3, s1, s2");
//! let text = disassemble(&0xBF81_0000u32.to_le_bytes(), Arch::Gfx8, DisasmOptions::default());
//! assert_eq!(text, "s_endpgm\n");
//! ```

pub mod amddis;
pub mod asm;
pub mod cl2dis;
pub mod device;
pub mod inst;
pub mod isa;
pub mod limits;
#[rustfmt::skip]
mod isa_table;
pub mod operand;
pub mod print;
pub mod props;
pub mod rocmdis;
pub mod tablegen;

pub use amddis::{disassemble_amd, is_amd_binary};
pub use asm::{assemble, AsmError, AsmOptions, AsmOutput, Format, Section};
pub use cl2dis::{disassemble_cl2, Cl2DisasmOptions, Cl2Disassembly};
pub use device::device;
pub use inst::{decode, encode, DecodeError, EncodeError, Inst, Mods, Operand};
pub use isa::{Arch, Enc};
pub use print::{
    disassemble, disassemble_region, disassemble_with, format_inst, format_inst_with,
    DisasmOptions, InstText,
};
pub use rocmdis::{disassemble_gallium, disassemble_rocm, is_gallium, is_rocm};
