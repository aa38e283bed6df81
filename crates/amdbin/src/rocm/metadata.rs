//! The ROCm runtime metadata (the "AMD" note of type 10): a YAML document listing the
//! kernels, their arguments and code properties. [`RocmMetadata::to_yaml`] writes it
//! with CLRX's (LLVM's YAML writer's) spacing: a key and its colon padded to 17
//! columns, sequences as `[ a, b ]`, strings single-quoted when they hold characters
//! outside a plain scalar's safe set.

/// The whole metadata document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RocmMetadata {
    /// `Version: [ major, minor ]` (CLRX `.md_version`, default 1.0).
    pub version: (u32, u32),
    pub kernels: Vec<KernelMd>,
}

impl Default for RocmMetadata {
    fn default() -> RocmMetadata {
        RocmMetadata {
            version: (1, 0),
            kernels: Vec::new(),
        }
    }
}

/// One kernel's entry.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct KernelMd {
    pub name: String,
    /// `SymbolName` (CLRX default: the name with `@kd`).
    pub symbol_name: String,
    /// `Language`; empty = not written.
    pub language: String,
    /// `LanguageVersion`, written only with a language.
    pub language_version: Option<(u32, u32)>,
    /// `Attrs`: `ReqdWorkGroupSize`, `WorkGroupSizeHint` (all zero = not written) and
    /// `VecTypeHint` (empty = not written).
    pub reqd_work_group_size: [u32; 3],
    pub work_group_size_hint: [u32; 3],
    pub vec_type_hint: String,
    pub args: Vec<ArgMd>,
    /// `CodeProps`, always written.
    pub kernarg_segment_size: u64,
    pub group_segment_fixed_size: u64,
    pub private_segment_fixed_size: u64,
    pub kernarg_segment_align: u64,
    pub wavefront_size: u64,
    pub num_sgprs: u64,
    pub num_vgprs: u64,
    pub max_flat_work_group_size: u64,
}

/// One kernel argument's entry. Names of kinds, types, address spaces and access
/// qualifiers are the YAML ones (`GlobalBuffer`, `F32`, `Global`, `ReadOnly`); the
/// tables below map CLRX's `.arg` keywords to them.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct ArgMd {
    /// Empty = not written (hidden arguments).
    pub name: String,
    pub type_name: String,
    pub size: u64,
    pub align: u64,
    pub value_kind: String,
    pub value_type: String,
    /// `PointeeAlign` (dynamic shared pointers); 0 = not written.
    pub pointee_align: u64,
    pub addr_space: Option<String>,
    pub acc_qual: Option<String>,
    pub actual_acc_qual: Option<String>,
    pub is_const: bool,
    pub is_restrict: bool,
    pub is_volatile: bool,
    pub is_pipe: bool,
}

/// CLRX `.arg` value-kind keywords and their YAML names.
pub const VALUE_KINDS: &[(&str, &str)] = &[
    ("value", "ByValue"),
    ("globalbuf", "GlobalBuffer"),
    ("dynshptr", "DynamicSharedPointer"),
    ("sampler", "Sampler"),
    ("image", "Image"),
    ("pipe", "Pipe"),
    ("queue", "Queue"),
    ("gox", "HiddenGlobalOffsetX"),
    ("goy", "HiddenGlobalOffsetY"),
    ("goz", "HiddenGlobalOffsetZ"),
    ("none", "HiddenNone"),
    ("printfbuf", "HiddenPrintfBuffer"),
    ("defqueue", "HiddenDefaultQueue"),
    ("complact", "HiddenCompletionAction"),
];

/// CLRX `.arg` value-type keywords and their YAML names.
pub const VALUE_TYPES: &[(&str, &str)] = &[
    ("struct", "Struct"),
    ("i8", "I8"),
    ("u8", "U8"),
    ("i16", "I16"),
    ("u16", "U16"),
    ("f16", "F16"),
    ("i32", "I32"),
    ("u32", "U32"),
    ("f32", "F32"),
    ("i64", "I64"),
    ("u64", "U64"),
    ("f64", "F64"),
];

/// Address-space keywords and their YAML names.
pub const ADDR_SPACES: &[(&str, &str)] = &[
    ("private", "Private"),
    ("global", "Global"),
    ("constant", "Constant"),
    ("local", "Local"),
    ("generic", "Generic"),
    ("region", "Region"),
];

/// Access-qualifier keywords and their YAML names.
pub const ACCESS: &[(&str, &str)] = &[
    ("default", "Default"),
    ("read_only", "ReadOnly"),
    ("write_only", "WriteOnly"),
    ("read_write", "ReadWrite"),
];

/// The YAML name of a keyword in `table` (case-insensitive), if any.
pub fn yaml_name(table: &[(&str, &'static str)], keyword: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(keyword))
        .map(|(_, y)| *y)
}

/// The keyword of a YAML name in `table`, if any.
pub fn keyword(table: &[(&'static str, &str)], yaml: &str) -> Option<&'static str> {
    table.iter().find(|(_, y)| *y == yaml).map(|(k, _)| *k)
}

/// A string as a YAML scalar: plain when it is safe, otherwise single-quoted.
pub fn yaml_str(s: &str) -> String {
    let plain = !s.is_empty()
        && s.bytes().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.' | b' ' | b'^' | b',')
        })
        && !s.starts_with([' ', '-'])
        && !s.ends_with(' ')
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "~"
        )
        && s.parse::<f64>().is_err();
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "''"))
    }
}

/// `KEY:` padded to 17 columns (at least one space), as LLVM's YAML writer aligns
/// a mapping's values.
fn key(out: &mut String, indent: usize, first: bool, k: &str) {
    if first {
        out.push_str(&" ".repeat(indent.saturating_sub(2)));
        out.push_str("- ");
    } else {
        out.push_str(&" ".repeat(indent));
    }
    out.push_str(k);
    out.push(':');
    let used = k.len() + 1;
    out.push_str(&" ".repeat(if used < 17 { 17 - used } else { 1 }));
}

fn line(out: &mut String, indent: usize, first: bool, k: &str, v: &str) {
    key(out, indent, first, k);
    out.push_str(v);
    out.push('\n');
}

fn triple(v: [u32; 3]) -> String {
    format!("[ {}, {}, {} ]", v[0], v[1], v[2])
}

impl RocmMetadata {
    /// The YAML text CLRX writes into the metadata note.
    pub fn to_yaml(&self) -> String {
        let mut o = String::from("---\n");
        line(
            &mut o,
            0,
            false,
            "Version",
            &format!("[ {}, {} ]", self.version.0, self.version.1),
        );
        if !self.kernels.is_empty() {
            key(&mut o, 0, false, "Kernels");
            o.push('\n');
        }
        for k in &self.kernels {
            line(&mut o, 4, true, "Name", &yaml_str(&k.name));
            line(&mut o, 4, false, "SymbolName", &yaml_str(&k.symbol_name));
            if !k.language.is_empty() {
                line(&mut o, 4, false, "Language", &yaml_str(&k.language));
                if let Some((a, b)) = k.language_version {
                    line(
                        &mut o,
                        4,
                        false,
                        "LanguageVersion",
                        &format!("[ {a}, {b} ]"),
                    );
                }
            }
            let reqd = k.reqd_work_group_size != [0; 3];
            let hint = k.work_group_size_hint != [0; 3];
            if reqd || hint || !k.vec_type_hint.is_empty() {
                key(&mut o, 4, false, "Attrs");
                o.push('\n');
                if reqd {
                    line(
                        &mut o,
                        6,
                        false,
                        "ReqdWorkGroupSize",
                        &triple(k.reqd_work_group_size),
                    );
                }
                if hint {
                    line(
                        &mut o,
                        6,
                        false,
                        "WorkGroupSizeHint",
                        &triple(k.work_group_size_hint),
                    );
                }
                if !k.vec_type_hint.is_empty() {
                    line(&mut o, 6, false, "VecTypeHint", &yaml_str(&k.vec_type_hint));
                }
            }
            if !k.args.is_empty() {
                key(&mut o, 4, false, "Args");
                o.push('\n');
            }
            for a in &k.args {
                let mut first = true;
                let mut put = |o: &mut String, kk: &str, v: &str| {
                    line(o, 8, first, kk, v);
                    first = false;
                };
                if !a.name.is_empty() {
                    put(&mut o, "Name", &yaml_str(&a.name));
                }
                if !a.type_name.is_empty() {
                    put(&mut o, "TypeName", &yaml_str(&a.type_name));
                }
                put(&mut o, "Size", &a.size.to_string());
                put(&mut o, "Align", &a.align.to_string());
                put(&mut o, "ValueKind", &a.value_kind);
                put(&mut o, "ValueType", &a.value_type);
                if a.pointee_align != 0 {
                    put(&mut o, "PointeeAlign", &a.pointee_align.to_string());
                }
                for (kk, v) in [
                    ("AddrSpaceQual", &a.addr_space),
                    ("AccQual", &a.acc_qual),
                    ("ActualAccQual", &a.actual_acc_qual),
                ] {
                    if let Some(v) = v {
                        put(&mut o, kk, v);
                    }
                }
                for (kk, v) in [
                    ("IsConst", a.is_const),
                    ("IsRestrict", a.is_restrict),
                    ("IsVolatile", a.is_volatile),
                    ("IsPipe", a.is_pipe),
                ] {
                    if v {
                        put(&mut o, kk, "true");
                    }
                }
            }
            key(&mut o, 4, false, "CodeProps");
            o.push('\n');
            for (kk, v) in [
                ("KernargSegmentSize", k.kernarg_segment_size),
                ("GroupSegmentFixedSize", k.group_segment_fixed_size),
                ("PrivateSegmentFixedSize", k.private_segment_fixed_size),
                ("KernargSegmentAlign", k.kernarg_segment_align),
                ("WavefrontSize", k.wavefront_size),
                ("NumSGPRs", k.num_sgprs),
                ("NumVGPRs", k.num_vgprs),
                ("MaxFlatWorkGroupSize", k.max_flat_work_group_size),
            ] {
                line(&mut o, 6, false, kk, &v.to_string());
            }
        }
        o.push_str("...\n");
        o
    }
}

/// A plain or single-quoted YAML scalar's value.
fn unquote(v: &str) -> String {
    match v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')) {
        Some(inner) => inner.replace("''", "'"),
        None => v.to_string(),
    }
}

/// `[ a, b, ... ]` as numbers.
fn numbers(v: &str) -> Option<Vec<u64>> {
    let inner = v.strip_prefix('[')?.strip_suffix(']')?;
    inner.split(',').map(|x| x.trim().parse().ok()).collect()
}

impl RocmMetadata {
    /// Parse metadata text of the shape [`RocmMetadata::to_yaml`] writes; `None` for
    /// anything else (a caller keeps such text raw). Checking that `to_yaml` of the
    /// result gives the text back tells whether the model holds all of it.
    pub fn from_yaml(text: &str) -> Option<RocmMetadata> {
        #[derive(PartialEq)]
        enum In {
            Top,
            Kernel,
            Attrs,
            Args,
            CodeProps,
        }
        let mut md = RocmMetadata::default();
        let mut place = In::Top;
        let mut lines = text.lines();
        if lines.next()? != "---" {
            return None;
        }
        for line in lines {
            if line == "..." {
                return Some(md);
            }
            let indent = line.len() - line.trim_start().len();
            let body = line.trim_start();
            let (item, body) = match body.strip_prefix("- ") {
                Some(b) => (true, b),
                None => (false, body),
            };
            let (key, value) = body.split_once(':')?;
            let value = value.trim();
            let num = || value.parse::<u64>().ok();
            match (indent, item) {
                (0, false) => match key {
                    "Version" => {
                        let v = numbers(value)?;
                        md.version = (*v.first()? as u32, *v.get(1)? as u32);
                    }
                    "Kernels" => {}
                    _ => return None,
                },
                (2, true) if key == "Name" => {
                    md.kernels.push(KernelMd {
                        name: unquote(value),
                        ..KernelMd::default()
                    });
                    place = In::Kernel;
                }
                (4, false) => {
                    let k = md.kernels.last_mut()?;
                    place = In::Kernel;
                    match key {
                        "SymbolName" => k.symbol_name = unquote(value),
                        "Language" => k.language = unquote(value),
                        "LanguageVersion" => {
                            let v = numbers(value)?;
                            k.language_version = Some((*v.first()? as u32, *v.get(1)? as u32));
                        }
                        "Attrs" => place = In::Attrs,
                        "Args" => place = In::Args,
                        "CodeProps" => place = In::CodeProps,
                        _ => return None,
                    }
                }
                (6, false) if place == In::Attrs => {
                    let k = md.kernels.last_mut()?;
                    let three = |v: &str| -> Option<[u32; 3]> {
                        let n = numbers(v)?;
                        Some([*n.first()? as u32, *n.get(1)? as u32, *n.get(2)? as u32])
                    };
                    match key {
                        "ReqdWorkGroupSize" => k.reqd_work_group_size = three(value)?,
                        "WorkGroupSizeHint" => k.work_group_size_hint = three(value)?,
                        "VecTypeHint" => k.vec_type_hint = unquote(value),
                        _ => return None,
                    }
                }
                (6, false) if place == In::CodeProps => {
                    let k = md.kernels.last_mut()?;
                    let v = num()?;
                    match key {
                        "KernargSegmentSize" => k.kernarg_segment_size = v,
                        "GroupSegmentFixedSize" => k.group_segment_fixed_size = v,
                        "PrivateSegmentFixedSize" => k.private_segment_fixed_size = v,
                        "KernargSegmentAlign" => k.kernarg_segment_align = v,
                        "WavefrontSize" => k.wavefront_size = v,
                        "NumSGPRs" => k.num_sgprs = v,
                        "NumVGPRs" => k.num_vgprs = v,
                        "MaxFlatWorkGroupSize" => k.max_flat_work_group_size = v,
                        _ => return None,
                    }
                }
                // An argument starts with `      - KEY:` (its keys line up at 8).
                (6, true) | (8, false) if place == In::Args => {
                    let k = md.kernels.last_mut()?;
                    if item {
                        k.args.push(ArgMd::default());
                    }
                    let a = k.args.last_mut()?;
                    let flag = || match value {
                        "true" => Some(true),
                        "false" => Some(false),
                        _ => None,
                    };
                    match key {
                        "Name" => a.name = unquote(value),
                        "TypeName" => a.type_name = unquote(value),
                        "Size" => a.size = num()?,
                        "Align" => a.align = num()?,
                        "ValueKind" => a.value_kind = value.to_string(),
                        "ValueType" => a.value_type = value.to_string(),
                        "PointeeAlign" => a.pointee_align = num()?,
                        "AddrSpaceQual" => a.addr_space = Some(value.to_string()),
                        "AccQual" => a.acc_qual = Some(value.to_string()),
                        "ActualAccQual" => a.actual_acc_qual = Some(value.to_string()),
                        "IsConst" => a.is_const = flag()?,
                        "IsRestrict" => a.is_restrict = flag()?,
                        "IsVolatile" => a.is_volatile = flag()?,
                        "IsPipe" => a.is_pipe = flag()?,
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        None
    }
}
