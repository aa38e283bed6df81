//! The front end's entry point: OpenCL C sources in, a verified IR module out.
//!
//! `compile_opencl_c` runs the preprocessor (with a built-in header of the OpenCL C
//! constants, `<opencl-c.h>`, in front of the user's sources), the parser, and semantic
//! analysis with lowering. The module it returns passes [`kauai_ir::verify_module`]; a
//! verifier failure would be a bug in the lowering and is reported as an internal error.
//! In-memory headers ([`CompileOptions::headers`]) are found by `#include` before any
//! directory.

use std::path::PathBuf;

use kauai_diag::{Diagnostic, Diagnostics, FileId, Severity, SourceMap};
use kauai_ir::{DataLayout, Module};

use crate::lower::{lower_translation_unit, LowerOptions};
use crate::pp::{preprocess, PpOptions};

/// The `-cl-*` build options (and `-w`, `-Werror`) the front end acts on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClOptions {
    pub fast_relaxed_math: bool,
    pub finite_math_only: bool,
    pub mad_enable: bool,
    pub opt_disable: bool,
    pub unsafe_math_optimizations: bool,
    pub no_signed_zeros: bool,
    pub denorms_are_zero: bool,
    pub single_precision_constant: bool,
    /// `-cl-std=CL1.2` and the like (only 1.0, 1.1 and 1.2 are accepted).
    pub std: Option<String>,
    /// `-w`: no warnings.
    pub no_warnings: bool,
    /// `-Werror`: warnings are errors.
    pub werror: bool,
}

/// Everything `compile_opencl_c` needs besides the sources.
#[derive(Clone, Debug)]
pub struct CompileOptions {
    /// `-D NAME` (`None`) or `-D NAME=VALUE`.
    pub defines: Vec<(String, Option<String>)>,
    pub include_dirs: Vec<PathBuf>,
    /// Device extensions (`cl_khr_fp64`, ...): each is defined as a macro.
    pub extensions: Vec<String>,
    pub data_layout: DataLayout,
    /// The device supports `double`.
    pub fp64: bool,
    /// The device supports images.
    pub images: bool,
    pub cl_options: ClOptions,
    /// `clCompileProgram`: a link step follows. A call to a function that is declared
    /// but not defined in these sources then compiles to a call to an IR declaration
    /// (marked [`crate::lower::EXTERNAL_FN_ATTR`]) that linking resolves. `false` (the
    /// default, `clBuildProgram`): the sources are the whole program and such a call is
    /// an error pointing at it.
    pub compile_only: bool,
    /// In-memory headers, `(name, text)`: `#include "name"` (or `<name>`) finds them
    /// before any directory (`clCompileProgram`'s input headers).
    pub headers: Vec<(String, Vec<u8>)>,
}

impl Default for CompileOptions {
    fn default() -> CompileOptions {
        CompileOptions {
            defines: Vec::new(),
            include_dirs: Vec::new(),
            extensions: Vec::new(),
            data_layout: DataLayout::HOST64,
            fp64: false,
            images: false,
            cl_options: ClOptions::default(),
            compile_only: false,
            headers: Vec::new(),
        }
    }
}

impl CompileOptions {
    /// Apply a `clBuildProgram` option string: `-D`, `-I`, `-cl-*`, `-w`, `-Werror`.
    /// Unknown options are an error naming the option.
    pub fn apply_build_options(&mut self, text: &str) -> Result<(), String> {
        let mut words = text.split_whitespace();
        while let Some(w) = words.next() {
            let c = &mut self.cl_options;
            match w {
                "-cl-fast-relaxed-math" => {
                    c.fast_relaxed_math = true;
                    c.mad_enable = true;
                    c.finite_math_only = true;
                    c.unsafe_math_optimizations = true;
                    c.no_signed_zeros = true;
                }
                "-cl-finite-math-only" => c.finite_math_only = true,
                "-cl-mad-enable" => c.mad_enable = true,
                "-cl-opt-disable" => c.opt_disable = true,
                "-cl-unsafe-math-optimizations" => {
                    c.unsafe_math_optimizations = true;
                    c.mad_enable = true;
                    c.no_signed_zeros = true;
                }
                "-cl-no-signed-zeros" => c.no_signed_zeros = true,
                "-cl-denorms-are-zero" => c.denorms_are_zero = true,
                "-cl-single-precision-constant" => c.single_precision_constant = true,
                "-cl-strict-aliasing" | "-cl-kernel-arg-info" => {}
                "-w" => c.no_warnings = true,
                "-Werror" => c.werror = true,
                "-D" | "-I" => {
                    let Some(v) = words.next() else {
                        return Err(format!("`{w}` needs an argument"));
                    };
                    self.apply_define_or_include(w, v);
                }
                _ if w.starts_with("-cl-std=") => {
                    let v = &w["-cl-std=".len()..];
                    if !matches!(v, "CL1.0" | "CL1.1" | "CL1.2") {
                        return Err(format!(
                            "unsupported OpenCL C version `{v}` (supported: CL1.0, CL1.1, CL1.2)"
                        ));
                    }
                    c.std = Some(v.to_string());
                }
                _ if w.starts_with("-D") || w.starts_with("-I") => {
                    let (flag, v) = w.split_at(2);
                    self.apply_define_or_include(flag, v);
                }
                _ if w.starts_with("-cl-") => {
                    return Err(format!("unknown OpenCL build option `{w}`"))
                }
                _ => return Err(format!("unknown build option `{w}`")),
            }
        }
        Ok(())
    }

    fn apply_define_or_include(&mut self, flag: &str, v: &str) {
        if flag == "-I" {
            self.include_dirs.push(PathBuf::from(v));
        } else {
            match v.split_once('=') {
                Some((n, val)) => self.defines.push((n.to_string(), Some(val.to_string()))),
                None => self.defines.push((v.to_string(), None)),
            }
        }
    }
}

/// The constants OpenCL C programs may use without including anything.
fn prelude(opts: &CompileOptions) -> String {
    let mut s = String::from(
        "#define true 1\n\
         #define false 0\n\
         #define CLK_LOCAL_MEM_FENCE 1\n\
         #define CLK_GLOBAL_MEM_FENCE 2\n\
         #define CHAR_BIT 8\n\
         #define SCHAR_MAX 127\n\
         #define SCHAR_MIN (-128)\n\
         #define CHAR_MAX SCHAR_MAX\n\
         #define CHAR_MIN SCHAR_MIN\n\
         #define UCHAR_MAX 255\n\
         #define SHRT_MAX 32767\n\
         #define SHRT_MIN (-32768)\n\
         #define USHRT_MAX 65535\n\
         #define INT_MAX 2147483647\n\
         #define INT_MIN (-2147483647 - 1)\n\
         #define UINT_MAX 0xffffffffU\n\
         #define LONG_MAX 0x7fffffffffffffffL\n\
         #define LONG_MIN (-0x7fffffffffffffffL - 1)\n\
         #define ULONG_MAX 0xffffffffffffffffUL\n\
         #define FLT_DIG 6\n\
         #define FLT_MANT_DIG 24\n\
         #define FLT_MAX_10_EXP 38\n\
         #define FLT_MAX_EXP 128\n\
         #define FLT_MIN_10_EXP (-37)\n\
         #define FLT_MIN_EXP (-125)\n\
         #define FLT_RADIX 2\n\
         #define FLT_MAX 0x1.fffffep127f\n\
         #define FLT_MIN 0x1.0p-126f\n\
         #define FLT_EPSILON 0x1.0p-23f\n\
         #define MAXFLOAT FLT_MAX\n\
         #define FP_ILOGB0 INT_MIN\n\
         #define FP_ILOGBNAN INT_MIN\n\
         #define HUGE_VALF (1.0f / 0.0f)\n\
         #define INFINITY (1.0f / 0.0f)\n\
         #define NAN (0.0f / 0.0f)\n\
         #define M_E_F 2.71828182845904523536f\n\
         #define M_LOG2E_F 1.44269504088896340736f\n\
         #define M_LOG10E_F 0.434294481903251827651f\n\
         #define M_LN2_F 0.693147180559945309417f\n\
         #define M_LN10_F 2.30258509299404568402f\n\
         #define M_PI_F 3.14159265358979323846f\n\
         #define M_PI_2_F 1.57079632679489661923f\n\
         #define M_PI_4_F 0.785398163397448309616f\n\
         #define M_1_PI_F 0.318309886183790671538f\n\
         #define M_2_PI_F 0.636619772367581343076f\n\
         #define M_2_SQRTPI_F 1.12837916709551257390f\n\
         #define M_SQRT2_F 1.41421356237309504880f\n\
         #define M_SQRT1_2_F 0.707106781186547524401f\n\
         typedef uint cl_mem_fence_flags;\n",
    );
    // `cl_mem_fence_flags` is a typedef (OpenCL 1.2 6.12.8), not a keyword: programs
    // may declare it again, as C11 allows an identical typedef.
    if opts.images {
        // The one list of image constants (kauai_ir::image), as `#define`s.
        for (name, value) in kauai_ir::image::cl_constants() {
            s.push_str(&format!("#define {name} 0x{value:x}\n"));
        }
    }
    if opts.fp64 {
        s.push_str(
            "#define DBL_DIG 15\n\
             #define DBL_MANT_DIG 53\n\
             #define DBL_MAX_10_EXP 308\n\
             #define DBL_MAX_EXP 1024\n\
             #define DBL_MIN_10_EXP (-307)\n\
             #define DBL_MIN_EXP (-1021)\n\
             #define DBL_MAX 0x1.fffffffffffffp1023\n\
             #define DBL_MIN 0x1.0p-1022\n\
             #define DBL_EPSILON 0x1.0p-52\n\
             #define HUGE_VAL (1.0 / 0.0)\n\
             #define M_E 2.71828182845904523536\n\
             #define M_LOG2E 1.44269504088896340736\n\
             #define M_LOG10E 0.434294481903251827651\n\
             #define M_LN2 0.693147180559945309417\n\
             #define M_LN10 2.30258509299404568402\n\
             #define M_PI 3.14159265358979323846\n\
             #define M_PI_2 1.57079632679489661923\n\
             #define M_PI_4 0.785398163397448309616\n\
             #define M_1_PI 0.318309886183790671538\n\
             #define M_2_PI 0.636619772367581343076\n\
             #define M_2_SQRTPI 1.12837916709551257390\n\
             #define M_SQRT2 1.41421356237309504880\n\
             #define M_SQRT1_2 0.707106781186547524401\n",
        );
    }
    s
}

/// Compile OpenCL C sources (one translation unit, in order) into an IR module.
///
/// On success the module passes the IR verifier and the warnings come with it; on
/// failure every error (and warning) found is returned.
pub fn compile_opencl_c(
    sources: &mut SourceMap,
    files: &[FileId],
    opts: &CompileOptions,
) -> Result<(Module, Diagnostics), Diagnostics> {
    let mut diags = Diagnostics::new();
    let prelude_id = sources.add("<opencl-c.h>", prelude(opts));
    let mut all = Vec::with_capacity(files.len() + 1);
    all.push(prelude_id);
    all.extend_from_slice(files);
    let mut extensions = opts.extensions.clone();
    if opts.fp64 && !extensions.iter().any(|e| e == "cl_khr_fp64") {
        extensions.push("cl_khr_fp64".to_string());
    }
    let pp_opts = PpOptions {
        defines: opts.defines.clone(),
        include_dirs: opts.include_dirs.clone(),
        extensions,
        fp_fast_fma: false,
        image_support: opts.images,
        fast_relaxed_math: opts.cl_options.fast_relaxed_math,
        input_headers: opts.headers.clone(),
        ..PpOptions::default()
    };
    let out = preprocess(sources, &all, &pp_opts, &mut diags);
    if out.limit_hit {
        // The rest is truncated or unexpanded text: parsing it would only add noise,
        // and time and memory in proportion to a size the limit was there to refuse.
        return Err(diags);
    }
    let tu = crate::parse::parse(&out.tokens, &mut diags);
    // The pragma enables the extension for the whole unit, wherever it stands (clang
    // enables it from the pragma on; a unit that uses half before enabling it is rare).
    let extension = |ext: &str| {
        if !opts.extensions.iter().any(|e| e == ext) {
            crate::lower::Extension::Unavailable
        } else if out.pragmas.iter().any(|p| {
            matches!(&p.kind, crate::pp::PragmaKind::Extension { name, enable: true }
                if name == ext || name == "all")
        }) {
            crate::lower::Extension::Enabled
        } else {
            crate::lower::Extension::Disabled
        }
    };
    let fp16 = extension("cl_khr_fp16");
    let atomic_counters = extension("cl_ext_atomic_counters_32");
    let lopts = LowerOptions {
        fp64: opts.fp64,
        images: opts.images,
        mad_enable: opts.cl_options.mad_enable,
        single_precision_constant: opts.cl_options.single_precision_constant,
        int64_atomics: opts
            .extensions
            .iter()
            .any(|e| e == "cl_khr_int64_base_atomics"),
        compile_only: opts.compile_only,
        fp16,
        atomic_counters,
    };
    let module = lower_translation_unit(&tu, sources, opts.data_layout, &lopts, &mut diags);
    if opts.cl_options.no_warnings {
        diags.list.retain(|d| d.severity != Severity::Warning);
    } else if opts.cl_options.werror {
        for d in &mut diags.list {
            if d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
        }
    }
    if diags.has_errors() {
        return Err(diags);
    }
    if cfg!(debug_assertions) {
        if let Err(e) = kauai_ir::verify_module(&module) {
            diags.push(Diagnostic::error(format!(
                "internal compiler error: the lowered IR does not verify:\n{e}"
            )));
            return Err(diags);
        }
    }
    Ok((module, diags))
}
