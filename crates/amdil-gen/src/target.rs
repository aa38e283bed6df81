//! The `amdil` target as a ComputeMux compiler ([`kauai_compiler::Info`] and
//! [`kauai_compiler::Target`]): one `Info` per `-mcpu`, named `kauai:<mcpu>`, whose
//! binary is the IL program text. Features come from the build option
//! `--mattr=<list>`, the device option this target advertises.

use std::sync::Arc;

use kauai_compiler::{
    DeviceInfo, Error, FinalizedProgram, Info, KernelBackend, Options, Result, ResultCode, Target,
};
use kauai_ir::DataLayout;

use crate::options::{OptionsError, TargetOptions, MAX_WORK_GROUP_SIZE};

/// The name of the device option that carries `-mattr`.
pub const MATTR_OPTION: &str = "--mattr";

/// The prefix of every amdil device name (`kauai:cypress`).
pub const DEVICE_PREFIX: &str = "kauai:";

/// The ComputeMux compiler for `-mcpu=<mcpu>` (a name or alias of the list in docs/spec/amd-runtime-abi.md#devices--mcpu-and-features--mattr).
pub fn target_info(mcpu: &str) -> std::result::Result<Arc<Info>, OptionsError> {
    let o = TargetOptions::new(mcpu)?;
    let d = o.device;
    let mut extensions = vec![
        "cl_khr_global_int32_base_atomics",
        "cl_khr_global_int32_extended_atomics",
        "cl_khr_local_int32_base_atomics",
        "cl_khr_local_int32_extended_atomics",
    ];
    if d.family.evergreen_or_later() {
        extensions.push("cl_khr_byte_addressable_store");
    }
    if d.family.atomic_counters() {
        extensions.push("cl_ext_atomic_counters_32");
    }
    if o.fp64 {
        extensions.push("cl_khr_fp64");
    }
    Ok(Arc::new(Info {
        device_info: DeviceInfo {
            name: format!("{DEVICE_PREFIX}{}", d.name),
            vendor: "Kauai".into(),
            data_layout: DataLayout::GPU32,
            compute_units: d.compute_units,
            max_work_group_size: MAX_WORK_GROUP_SIZE as u64,
            max_work_item_sizes: [MAX_WORK_GROUP_SIZE as u64; 3],
            max_work_width: 1,
            local_mem_size: d.local_bytes as u64,
            sub_group_sizes: Vec::new(),
            fp64: o.fp64,
            fp16: false,
            // Read images on every TeraScale device, write images from Evergreen on
            // (`limits`); docs/spec/amd-runtime-abi.md#images.
            images: true,
            extensions: extensions.into_iter().map(String::from).collect(),
            custom_buffer_capabilities: 0,
        },
        supports_deferred_compilation: false,
        compilation_options: format!(
            "{MATTR_OPTION},1,comma-separated amdil target features such as +byte_addressable_store or mwgs-1-64 (see -mattr=help)"
        ),
        vectorizable: false,
        dma_optimizable: false,
        scalable_vector_support: false,
        factory: |info| Ok(Box::new(AmdilTarget { info })),
    }))
}

struct AmdilTarget {
    info: Arc<Info>,
}

impl AmdilTarget {
    /// The `-mcpu` and `-mattr` of a build: the device from the `Info`, the features from
    /// the build's `--mattr` options (several are applied in order).
    fn options(&self, build: &Options) -> Result<TargetOptions> {
        let name = &self.info.device_info.name;
        let mcpu = name.strip_prefix(DEVICE_PREFIX).unwrap_or(name);
        let bad = |e: OptionsError| Error::new(ResultCode::InvalidBuildOptions, e.to_string());
        let mut o = TargetOptions::new(mcpu).map_err(bad)?;
        // These devices advertise cl_khr_byte_addressable_store on Evergreen and later, so
        // byte stores must not touch their neighbours: on unless `--mattr` turns it off.
        o.byte_addressable_store = o.device.family.evergreen_or_later();
        let mattr: Vec<&str> = build
            .device_options
            .iter()
            .filter(|(n, _)| n == MATTR_OPTION)
            .filter_map(|(_, v)| v.as_deref())
            .collect();
        o.apply_mattr(&mattr.join(",")).map_err(bad)?;
        Ok(o)
    }
}

impl Target for AmdilTarget {
    fn info(&self) -> &Arc<Info> {
        &self.info
    }

    /// Checks `--mattr` as soon as the program is finalized, so that a bad feature is a
    /// build-option error rather than a failure when the binary is made; then splits
    /// under-aligned accesses (packed struct members), because raw UAVs and LDS are
    /// addressed in aligned dwords.
    fn late_target_passes(&self, module: &mut kauai_ir::Module, options: &Options) -> Result<()> {
        self.options(options)?;
        kauai_opt::run_passes(module, &["strip-async-markers", "split-unaligned"])
            .map_err(|e| Error::new(ResultCode::FinalizeProgramFailure, e.to_string()))
    }

    /// The IL program text. A program whose metadata carries `;error:` lines (something
    /// the device cannot do, such as doubles without fp64) fails here with those messages,
    /// as docs/spec/amd-runtime-abi.md#the-metadata-block requires the runtime to fail the build.
    fn create_binary(&self, program: &FinalizedProgram) -> Result<Vec<u8>> {
        let opts = self.options(&program.options)?;
        let il = crate::generate(&program.module, &opts)
            .map_err(|e| Error::new(ResultCode::FinalizeProgramFailure, e.to_string()))?;
        let errors = crate::metadata_errors(&il);
        if !errors.is_empty() {
            return Err(Error::new(
                ResultCode::FinalizeProgramFailure,
                errors.join("\n"),
            ));
        }
        Ok(il.into_bytes())
    }

    fn create_kernel(
        &self,
        _program: &Arc<FinalizedProgram>,
        _name: &str,
    ) -> Result<Option<Box<dyn KernelBackend>>> {
        Ok(None)
    }
}
