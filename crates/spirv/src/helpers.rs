//! OpenCL.std extended instructions as helpers written in OpenCL C: each distinct
//! (instruction, signature) becomes one function that calls the OpenCL C builtin of the
//! same meaning, so the C front end (which the caller runs on [`Helpers::source`])
//! gives SPIR-V exactly the builtins OpenCL C programs get.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use spirv::OpenclStd100Op as Cl;

use crate::limits::MAX_HELPERS;

/// The OpenCL C type of an operand (signedness is the instruction's business).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum CType {
    Void,
    Scalar {
        int: bool,
        bits: u32,
        lanes: u32,
    },
    Pointer(&'static str, Box<CType>),
    /// `event_t` (an `i32` in the IR, as `clc` makes it).
    Event,
}

impl CType {
    pub fn spell(&self, unsigned: bool) -> String {
        match self {
            CType::Void => "void".into(),
            CType::Scalar { int, bits, lanes } => {
                let base = match (int, bits) {
                    (true, 8) => "char",
                    (true, 16) => "short",
                    (true, 32) => "int",
                    (true, _) => "long",
                    (false, 16) => "half",
                    (false, 32) => "float",
                    (false, _) => "double",
                };
                let u = if *int && unsigned { "u" } else { "" };
                let n = if *lanes > 1 {
                    lanes.to_string()
                } else {
                    String::new()
                };
                format!("{u}{base}{n}")
            }
            CType::Pointer(sp, inner) => format!("{sp} {}*", inner.spell(unsigned)),
            CType::Event => "event_t".into(),
        }
    }

    fn lanes(&self) -> u32 {
        match self {
            CType::Scalar { lanes, .. } => *lanes,
            _ => 1,
        }
    }

    fn uses(&self, bits: u32, int: bool) -> bool {
        match self {
            CType::Scalar {
                int: i, bits: b, ..
            } => *i == int && *b == bits,
            _ => false,
        }
    }
}

#[derive(Default)]
pub struct Helpers {
    by_key: BTreeMap<String, String>,
    defs: Vec<String>,
    fp64: bool,
    fp16: bool,
}

impl Helpers {
    /// The name of the helper for `op` with these types, defining it if new.
    pub fn request(
        &mut self,
        op: Cl,
        ret: CType,
        args: Vec<CType>,
        literals: &[u32],
    ) -> Result<String, String> {
        let (callee, signs, ret_unsigned) = c_function(op, &ret, &args, literals)?;
        let key = format!("{op:?}:{ret:?}:{args:?}:{literals:?}");
        if let Some(n) = self.by_key.get(&key) {
            return Ok(n.clone());
        }
        if self.defs.len() >= MAX_HELPERS {
            return Err(format!(
                "more than MAX_HELPERS ({MAX_HELPERS}) distinct OpenCL.std instructions"
            ));
        }
        let name = format!("__kauai_spirv_{op:?}_{}", self.defs.len());
        for t in args.iter().chain(Some(&ret)) {
            self.fp64 |= t.uses(64, false);
            self.fp16 |= t.uses(16, false);
        }
        let mut d = String::new();
        let params: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(k, t)| format!("{} a{k}", t.spell(signs.get(k).copied().unwrap_or(false))))
            .collect();
        let call: Vec<String> = (0..args.len()).map(|k| format!("a{k}")).collect();
        let _ = write!(
            d,
            "{} {name}({}) {{ ",
            ret.spell(ret_unsigned),
            params.join(", ")
        );
        if ret == CType::Void {
            let _ = writeln!(d, "{callee}({}); }}", call.join(", "));
        } else {
            let _ = writeln!(d, "return {callee}({}); }}", call.join(", "));
        }
        self.defs.push(d);
        self.by_key.insert(key, name.clone());
        Ok(name)
    }

    /// A helper computing `expr` (over parameters `a0`, `a1`, ...) in OpenCL C, for
    /// core instructions whose meaning is an OpenCL C builtin (`convert_uint_sat`,
    /// `isnormal`, `dot`).
    pub fn request_expr(
        &mut self,
        ret: &CType,
        ret_unsigned: bool,
        params: &[(CType, bool)],
        expr: &str,
    ) -> Result<String, String> {
        let key = format!("expr:{expr}:{ret:?}:{ret_unsigned}:{params:?}");
        if let Some(n) = self.by_key.get(&key) {
            return Ok(n.clone());
        }
        if self.defs.len() >= MAX_HELPERS {
            return Err(format!(
                "more than MAX_HELPERS ({MAX_HELPERS}) distinct OpenCL.std instructions"
            ));
        }
        let name = format!("__kauai_spirv_{}", self.defs.len());
        for (t, _) in params.iter().chain(Some(&(ret.clone(), false))) {
            self.fp64 |= t.uses(64, false);
            self.fp16 |= t.uses(16, false);
        }
        let ps: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(k, (t, u))| format!("{} a{k}", t.spell(*u)))
            .collect();
        // C allows no `return` of a void expression.
        let ret_kw = if *ret == CType::Void { "" } else { "return " };
        self.defs.push(format!(
            "{} {name}({}) {{ {ret_kw}{expr}; }}\n",
            ret.spell(ret_unsigned),
            ps.join(", ")
        ));
        self.by_key.insert(key, name.clone());
        Ok(name)
    }

    /// The OpenCL C source defining every helper requested (empty if none).
    pub fn source(&self) -> String {
        if self.defs.is_empty() {
            return String::new();
        }
        let mut s = String::new();
        if self.fp64 {
            s.push_str("#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n");
        }
        if self.fp16 {
            s.push_str("#pragma OPENCL EXTENSION cl_khr_fp16 : enable\n");
        }
        for d in &self.defs {
            s.push_str(d);
        }
        s
    }
}

/// The OpenCL C function for an instruction, which of its arguments are unsigned, and
/// whether its result is.
fn c_function(
    op: Cl,
    ret: &CType,
    args: &[CType],
    literals: &[u32],
) -> Result<(String, Vec<bool>, bool), String> {
    let n = args.len();
    let all = |u: bool| vec![u; n];
    let name = format!("{op:?}");
    let rounding = || -> Result<&'static str, String> {
        match literals.first() {
            Some(0) => Ok("_rte"),
            Some(1) => Ok("_rtz"),
            Some(2) => Ok("_rtp"),
            Some(3) => Ok("_rtn"),
            _ => Err("a vstore_half rounding mode".into()),
        }
    };
    let data_lanes = || args.first().map_or(1, CType::lanes);
    Ok(match op {
        Cl::s_abs | Cl::s_abs_diff => (name[2..].to_string(), all(false), true),
        Cl::s_upsample => ("upsample".into(), vec![false, true], false),
        _ if name.starts_with("s_") => (name[2..].to_string(), all(false), false),
        _ if name.starts_with("u_") => (name[2..].to_string(), all(true), true),
        Cl::fclamp => ("clamp".into(), all(false), false),
        Cl::fmax_common => ("max".into(), all(false), false),
        Cl::fmin_common => ("min".into(), all(false), false),
        Cl::nan => ("nan".into(), all(true), false),
        Cl::shuffle | Cl::shuffle2 => (name, (0..n).map(|k| k == n - 1).collect(), false),
        Cl::vloadn => (format!("vload{}", ret.lanes()), all(true), true),
        Cl::vstoren => (
            format!("vstore{}", data_lanes()),
            vec![false, true, false],
            false,
        ),
        Cl::vload_halfn => (format!("vload_half{}", ret.lanes()), all(true), false),
        Cl::vloada_halfn => (format!("vloada_half{}", ret.lanes()), all(true), false),
        Cl::vload_half => ("vload_half".into(), all(true), false),
        Cl::vstore_half => ("vstore_half".into(), vec![false, true, false], false),
        Cl::vstore_halfn => (
            format!("vstore_half{}", data_lanes()),
            vec![false, true, false],
            false,
        ),
        Cl::vstorea_halfn => (
            format!("vstorea_half{}", data_lanes()),
            vec![false, true, false],
            false,
        ),
        Cl::vstore_half_r => (
            format!("vstore_half{}", rounding()?),
            vec![false, true, false],
            false,
        ),
        Cl::vstore_halfn_r => (
            format!("vstore_half{}{}", data_lanes(), rounding()?),
            vec![false, true, false],
            false,
        ),
        Cl::vstorea_halfn_r => (
            format!("vstorea_half{}{}", data_lanes(), rounding()?),
            vec![false, true, false],
            false,
        ),
        Cl::printf => return Err("the OpenCL.std instruction printf".into()),
        _ => (name, all(false), false),
    })
}
