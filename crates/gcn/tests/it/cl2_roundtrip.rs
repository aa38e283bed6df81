//! Binary round trips: CLRX's sample kernel (docs/spec/amdcl2.md#source-layout) (`.amdcl2`, `.gpu Bonaire`, `.kernel`
//! with `.config` and `.arg` lines) in every driver-version layout and both bitnesses
//! assembles to a binary; `disasm -a` of it reassembles to the identical file, and the
//! `-C` form reassembles to a binary with the same setup and metadata.

use kauai_amdbin::{read_cl2, KernelContent};
use kauai_diag::{Diagnostics, SourceMap};
use kauai_gcn::{assemble, disassemble_cl2, AsmOptions, Cl2DisasmOptions, DisasmOptions};

fn asm(src: &str) -> Vec<u8> {
    let mut sm = SourceMap::new();
    let f = sm.add("t.s", src.to_string());
    let mut d = Diagnostics::new();
    let out = assemble(&mut sm, f, &AsmOptions::default(), &mut d)
        .unwrap_or_else(|_| panic!("assembly failed:\n{}\n{src}", d.render(&sm)));
    out.binary.expect("a binary")
}

/// CLRX's configuration sample (docs/spec/amdcl2.md#source-layout), with code that branches, reads arguments and, in the
/// newer layouts, uses global data through relocations.
fn sample(driver: u32, bits64: bool) -> String {
    let new = driver >= 191205;
    let mut s = format!(
        ".amdcl2\n{}\n.gpu Bonaire\n.driver_version {driver}\n\
         .compile_options \"-I ./ -cl-std=CL2.0\"\n\
         .acl_version \"AMD-COMP-LIB-v0.8 (0.0.SC_BUILD_NUMBER)\"\n",
        if bits64 { ".64bit" } else { ".32bit" }
    );
    if new {
        s.push_str(
            ".globaldata\ngd: .int 1, 2, 3, 4\n.rwdata\n.int 9\n.bssdata align=16\n.skip 24\n",
        );
    }
    s.push_str(
        ".kernel DCT
    .config
        .dims xy
        .useargs
        .usesetup
        .setupargs
        .arg output, float*
        .arg input, float*
        .arg dct8x8, float*
        .arg dct8x8_trans, float*
        .arg inter, float*, local
        .arg width, uint
        .arg blockWidth, uint
        .arg inverse, uint
    .text
        s_load_dword    s0, s[4:5], 0x1
        s_mov_b32       s1, 3
loop:   s_sub_u32       s1, s1, 1
        s_cmp_eq_u32    s1, 0
        s_cbranch_scc0  loop
        v_mov_b32       v1, 1.5
",
    );
    if new {
        s.push_str(
            "        s_mov_b32       s13, (gd+8)>>32\n        s_mov_b32       s12, (gd+8)&0xffffffff\n",
        );
    }
    s.push_str("        s_endpgm\n.kernel second\n    .config\n        .dims x\n        .arg n, uint\n    .text\n        s_endpgm\n");
    s
}

const LAYOUTS: [u32; 5] = [180005, 191205, 200406, 203603, 223600];

#[test]
fn disasm_all_reassembles_identically() {
    for driver in LAYOUTS {
        for bits64 in [false, true] {
            let bin = asm(&sample(driver, bits64));
            let opts = Cl2DisasmOptions {
                all: true,
                config: false,
                code: DisasmOptions {
                    offsets: true,
                    hex: true,
                    floats: true,
                },
            };
            let dis = disassemble_cl2(&bin, &opts).expect("disassembles");
            assert!(dis.warnings.is_empty(), "{:?}", dis.warnings);
            let again = asm(&dis.text);
            assert!(
                again == bin,
                "driver {driver} 64bit {bits64}: -a output does not reassemble identically\n{}",
                dis.text
            );
        }
    }
}

#[test]
fn disasm_config_reassembles_to_same_setup_and_metadata() {
    for driver in LAYOUTS {
        for bits64 in [false, true] {
            let bin = asm(&sample(driver, bits64));
            let opts = Cl2DisasmOptions {
                all: false,
                config: true,
                code: DisasmOptions::default(),
            };
            let dis = disassemble_cl2(&bin, &opts).expect("disassembles");
            assert!(
                dis.text.contains(".config") && !dis.text.contains(".setup"),
                "driver {driver} 64bit {bits64}: not in .config form\n{}",
                dis.text
            );
            let again = asm(&dis.text);
            let a = read_cl2(&bin).expect("reads");
            let b = read_cl2(&again).expect("reads");
            for (ka, kb) in a.input.kernels.iter().zip(&b.input.kernels) {
                let (KernelContent::Raw(ra), KernelContent::Raw(rb)) = (&ka.content, &kb.content)
                else {
                    panic!("reader gives raw kernels");
                };
                assert_eq!(ra.setup, rb.setup, "driver {driver} 64bit {bits64}: setup");
                assert_eq!(
                    ra.metadata, rb.metadata,
                    "driver {driver} 64bit {bits64}: metadata"
                );
                assert_eq!(ra.stub, rb.stub, "driver {driver} 64bit {bits64}: stub");
            }
            assert_eq!(
                again, bin,
                "driver {driver} 64bit {bits64}: whole file\n{}",
                dis.text
            );
        }
    }
}

/// The property of the fuzz target `gcn_cl2_disasm` over mutated binaries: the
/// disassembler never panics, a malformed binary is an error, and assembling whatever
/// it prints never panics.
#[test]
fn mutated_binaries_never_panic() {
    let mut rng = kauai_testkit::Rng::new(0x9E37_79B9_7F4A_7C15);
    let mut next = move || rng.next_u64();
    for (driver, bits64) in [(180005, false), (191205, true), (200406, false)] {
        let bin = asm(&sample(driver, bits64));
        for _ in 0..60 {
            let mut m = bin.clone();
            for _ in 0..1 + next() % 4 {
                let i = (next() % m.len() as u64) as usize;
                m[i] ^= 1 << (next() % 8);
            }
            if next() % 8 == 0 {
                m.truncate((next() % m.len() as u64) as usize);
            }
            for (all, config) in [(true, false), (false, true)] {
                let opts = Cl2DisasmOptions {
                    all,
                    config,
                    code: DisasmOptions::default(),
                };
                if let Ok(d) = disassemble_cl2(&m, &opts) {
                    let mut sm = SourceMap::new();
                    let f = sm.add("d.s", d.text);
                    let mut diags = Diagnostics::new();
                    let _ = assemble(&mut sm, f, &AsmOptions::default(), &mut diags);
                }
            }
        }
    }
}
