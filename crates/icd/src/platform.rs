//! The Kauai platform and its devices (`KAUAI_DEVICES` chooses which are exposed).

use std::sync::{Arc, OnceLock};

use kauai_runtime::Device;
use opencl_sys::*;

use crate::registry::{self, Kind};
use crate::value::InfoValue;

/// The platform's version string's prefix; the crate version follows.
pub const PLATFORM_VERSION: &str = "OpenCL 1.2 Kauai";
/// The devices exposed when `KAUAI_DEVICES` is not set: the host and one IL device per
/// chip family (R700, Evergreen, Northern Islands' VLIW4 part).
pub const DEFAULT_DEVICES: &str = "host,rv770,cypress,cayman";
/// The suffix of the ICD extension function names (`clIcdGetPlatformIDsKHR`).
pub const ICD_SUFFIX: &str = "Kauai";
/// `CL_DEVICE_IL_VERSION_KHR`: the SPIR-V versions `kauai-spirv` reads (1.0 to 1.2).
pub const IL_VERSION: &str = "SPIR-V_1.0 SPIR-V_1.1 SPIR-V_1.2";
/// Global memory the IL devices report: the 1 GiB of an HD 5870 / HD 6970.
const IL_GLOBAL_MEM: u64 = 1 << 30;
/// The host device's global memory when /proc/meminfo cannot be read.
const HOST_GLOBAL_MEM_FALLBACK: u64 = 4 << 30;
/// OpenCL 1.2's minimum for `CL_DEVICE_MAX_MEM_ALLOC_SIZE` (also its floor).
const MIN_MAX_ALLOC: u64 = 128 << 20;
/// `CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE`: 64 KiB, the minimum (and the AMD chips' size).
const MAX_CONSTANT_BUFFER: u64 = 64 << 10;

pub struct DeviceObj {
    pub handle: usize,
    pub rt: Device,
    pub gpu: bool,
    pub name: String,
    pub global_mem: u64,
    pub max_alloc: u64,
    pub extensions: String,
}

pub struct Platform {
    pub handle: usize,
    pub devices: Vec<Arc<DeviceObj>>,
    pub extensions: String,
}

static PLATFORM: OnceLock<Platform> = OnceLock::new();

pub fn platform() -> &'static Platform {
    PLATFORM.get_or_init(|| {
        let spec = std::env::var("KAUAI_DEVICES").unwrap_or_else(|_| DEFAULT_DEVICES.into());
        let handle = registry::register(Kind::Platform, true, |h| h).as_ref().to_owned();
        let mut devices: Vec<Arc<DeviceObj>> = Vec::new();
        for name in spec.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let Some(d) = make_device(name) else {
                eprintln!("Kauai OpenCL: KAUAI_DEVICES names an unknown device `{name}` (known: host, kauai mcpu names such as cypress)");
                continue;
            };
            if devices.iter().any(|x| x.rt.name() == d.rt.name()) {
                continue;
            }
            devices.push(registry::register(Kind::Device, true, |h| DeviceObj {
                handle: h,
                ..d
            }));
        }
        // What every device offers is what the platform offers.
        let mut shared: Vec<String> = vec!["cl_khr_icd".into()];
        if let Some(first) = devices.first() {
            for e in first.extensions.split(' ').filter(|e| !e.is_empty()) {
                if devices.iter().all(|d| d.extensions.split(' ').any(|x| x == e))
                    && !shared.iter().any(|x| x == e)
                {
                    shared.push(e.into());
                }
            }
        }
        Platform {
            handle,
            devices,
            extensions: shared.join(" "),
        }
    })
}

fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, v)| v.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

fn host_memory() -> u64 {
    let kib = std::fs::read_to_string("/proc/meminfo").ok().and_then(|s| {
        s.lines()
            .find(|l| l.starts_with("MemTotal:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    });
    kib.map_or(HOST_GLOBAL_MEM_FALLBACK, |k| k.saturating_mul(1024) / 2)
}

/// The chip's marketing-style name: `RV770`, `Cypress`.
fn chip_name(mcpu: &str) -> String {
    if mcpu.starts_with("rv") {
        mcpu.to_uppercase()
    } else {
        let mut c = mcpu.chars();
        c.next()
            .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
            .unwrap_or_default()
    }
}

fn make_device(name: &str) -> Option<DeviceObj> {
    let (rt, gpu) = if name == "host" {
        (Device::host(), false)
    } else {
        let n = name.strip_prefix("kauai:").unwrap_or(name);
        (Device::by_name(&format!("kauai:{n}"))?, true)
    };
    let global_mem = if gpu { IL_GLOBAL_MEM } else { host_memory() };
    let max_alloc = (global_mem / 4).max(MIN_MAX_ALLOC);
    let dname = if gpu {
        let mcpu = rt.mcpu().map_or(name, |m| m.name);
        format!("{} (Kauai AMD IL emulator)", chip_name(mcpu))
    } else {
        format!("Kauai host ({})", cpu_model())
    };
    let mut ext: Vec<String> = rt.info.device_info.extensions.clone();
    // Every device takes SPIR-V: the runtime compiles it through the device's compiler
    // target like OpenCL C (the host's and the amdil target alike).
    for e in ["cl_khr_icd", "cl_khr_il_program"] {
        if !ext.iter().any(|x| x == e) {
            ext.push(e.into());
        }
    }
    Some(DeviceObj {
        handle: 0,
        rt,
        gpu,
        name: dname,
        global_mem,
        max_alloc,
        extensions: ext.join(" "),
    })
}

/// Does the device have images? The host device does (its software sampler), and so do
/// the IL devices from Evergreen on (seed 000's image ABI; 7XX has no UAV for
/// write-only images, and OpenCL's image support includes writing them).
pub fn has_images(d: &DeviceObj) -> bool {
    !d.gpu || d.rt.mcpu().is_some_and(|m| m.family.evergreen_or_later())
}

pub fn device(handle: usize) -> Option<Arc<DeviceObj>> {
    platform()
        .devices
        .iter()
        .find(|d| d.handle == handle)
        .cloned()
}

pub fn platform_info(param: cl_platform_info) -> Result<InfoValue, cl_int> {
    let p = platform();
    Ok(match param {
        CL_PLATFORM_PROFILE => InfoValue::str("FULL_PROFILE"),
        CL_PLATFORM_VERSION => InfoValue::str(&version()),
        CL_PLATFORM_NAME | CL_PLATFORM_VENDOR => InfoValue::str("Kauai"),
        CL_PLATFORM_EXTENSIONS => InfoValue::str(&p.extensions),
        CL_PLATFORM_ICD_SUFFIX_KHR => InfoValue::str(ICD_SUFFIX),
        _ => return Err(CL_INVALID_VALUE),
    })
}

pub fn version() -> String {
    format!("{PLATFORM_VERSION} {}", env!("CARGO_PKG_VERSION"))
}

/// `CL_FP_*` bits of single precision: round to nearest, inf and NaN, denormals
/// (the interpreters compute in IEEE binary32), correctly rounded divide and sqrt.
const FP_CONFIG_SINGLE: u64 = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;
const FP_CONFIG_DOUBLE: u64 = CL_FP_DENORM
    | CL_FP_INF_NAN
    | CL_FP_ROUND_TO_NEAREST
    | CL_FP_ROUND_TO_ZERO
    | CL_FP_ROUND_TO_INF
    | CL_FP_FMA;

/// `cl_khr_fp16` (host device): half arithmetic is float arithmetic rounded once to
/// nearest, with subnormals, inf and NaN; `fma` is correctly rounded.
const FP_CONFIG_HALF: u64 = CL_FP_DENORM | CL_FP_INF_NAN | CL_FP_ROUND_TO_NEAREST | CL_FP_FMA;

pub fn device_info(d: &DeviceObj, param: cl_device_info) -> Result<InfoValue, cl_int> {
    let di = &d.rt.info.device_info;
    let wavefront = d.rt.mcpu().map_or(1, |m| m.wavefront);
    let images = has_images(d);
    let v = match param {
        CL_DEVICE_TYPE => InfoValue::u64(if d.gpu {
            CL_DEVICE_TYPE_GPU
        } else {
            CL_DEVICE_TYPE_CPU
        }),
        // 0x1002 is AMD's PCI vendor id, which the emulated chips carry; the host gets 0.
        CL_DEVICE_VENDOR_ID => InfoValue::u32(if d.gpu { 0x1002 } else { 0 }),
        CL_DEVICE_MAX_COMPUTE_UNITS => InfoValue::u32(di.compute_units.max(1)),
        CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS => InfoValue::u32(3),
        CL_DEVICE_MAX_WORK_ITEM_SIZES => {
            InfoValue::usizes(&di.max_work_item_sizes.map(|x| x as usize))
        }
        CL_DEVICE_MAX_WORK_GROUP_SIZE => InfoValue::usize(di.max_work_group_size as usize),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR | CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR => {
            InfoValue::u32(if d.gpu { 4 } else { 1 })
        }
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT | CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT => {
            InfoValue::u32(if d.gpu { 2 } else { 1 })
        }
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_INT
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG
        | CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT
        | CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT => InfoValue::u32(1),
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE | CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE => {
            InfoValue::u32(u32::from(di.fp64))
        }
        CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF | CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF => {
            InfoValue::u32(u32::from(di.fp16))
        }
        // Emulated: no meaningful clock; the chips' engine clocks are not what runs.
        CL_DEVICE_MAX_CLOCK_FREQUENCY => InfoValue::u32(if d.gpu { 850 } else { 1000 }),
        CL_DEVICE_ADDRESS_BITS => InfoValue::u32(if d.gpu { 32 } else { 64 }),
        CL_DEVICE_MAX_READ_IMAGE_ARGS => InfoValue::u32(if images {
            crate::limits::MAX_READ_IMAGE_ARGS
        } else {
            0
        }),
        CL_DEVICE_MAX_WRITE_IMAGE_ARGS => InfoValue::u32(if images {
            crate::limits::MAX_WRITE_IMAGE_ARGS
        } else {
            0
        }),
        CL_DEVICE_MAX_SAMPLERS => InfoValue::u32(if images {
            crate::limits::MAX_SAMPLERS
        } else {
            0
        }),
        crate::limits::CL_DEVICE_MAX_ATOMIC_COUNTERS_EXT
            if d.extensions
                .split(' ')
                .any(|e| e == "cl_ext_atomic_counters_32") =>
        {
            InfoValue::u32(crate::limits::MAX_ATOMIC_COUNTERS)
        }
        CL_DEVICE_MAX_MEM_ALLOC_SIZE => InfoValue::u64(d.max_alloc),
        CL_DEVICE_IMAGE2D_MAX_WIDTH | CL_DEVICE_IMAGE2D_MAX_HEIGHT if images => {
            InfoValue::usize(crate::limits::IMAGE2D_MAX)
        }
        CL_DEVICE_IMAGE3D_MAX_WIDTH
        | CL_DEVICE_IMAGE3D_MAX_HEIGHT
        | CL_DEVICE_IMAGE3D_MAX_DEPTH
            if images =>
        {
            InfoValue::usize(crate::limits::IMAGE3D_MAX)
        }
        CL_DEVICE_IMAGE_MAX_BUFFER_SIZE if images => {
            InfoValue::usize(crate::limits::IMAGE_MAX_BUFFER_SIZE)
        }
        CL_DEVICE_IMAGE_MAX_ARRAY_SIZE if images => {
            InfoValue::usize(crate::limits::IMAGE_MAX_ARRAY_SIZE)
        }
        CL_DEVICE_IMAGE2D_MAX_WIDTH
        | CL_DEVICE_IMAGE2D_MAX_HEIGHT
        | CL_DEVICE_IMAGE3D_MAX_WIDTH
        | CL_DEVICE_IMAGE3D_MAX_HEIGHT
        | CL_DEVICE_IMAGE3D_MAX_DEPTH
        | CL_DEVICE_IMAGE_MAX_BUFFER_SIZE
        | CL_DEVICE_IMAGE_MAX_ARRAY_SIZE => InfoValue::usize(0),
        // See `has_images`.
        CL_DEVICE_IMAGE_SUPPORT => InfoValue::bool(images),
        CL_DEVICE_MAX_PARAMETER_SIZE => InfoValue::usize(crate::limits::MAX_PARAMETER_SIZE),
        CL_DEVICE_MEM_BASE_ADDR_ALIGN => InfoValue::u32(crate::limits::SUB_BUFFER_ALIGN as u32 * 8),
        CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE => InfoValue::u32(128),
        CL_DEVICE_SINGLE_FP_CONFIG => InfoValue::u64(FP_CONFIG_SINGLE),
        CL_DEVICE_DOUBLE_FP_CONFIG => InfoValue::u64(if di.fp64 { FP_CONFIG_DOUBLE } else { 0 }),
        CL_DEVICE_HALF_FP_CONFIG => InfoValue::u64(if di.fp16 { FP_CONFIG_HALF } else { 0 }),
        CL_DEVICE_GLOBAL_MEM_CACHE_TYPE => {
            InfoValue::u32(if d.gpu { CL_NONE } else { CL_READ_WRITE_CACHE })
        }
        CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE => InfoValue::u32(if d.gpu { 0 } else { 64 }),
        CL_DEVICE_GLOBAL_MEM_CACHE_SIZE => InfoValue::u64(if d.gpu { 0 } else { 1 << 20 }),
        CL_DEVICE_GLOBAL_MEM_SIZE => InfoValue::u64(d.global_mem),
        CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE => InfoValue::u64(MAX_CONSTANT_BUFFER),
        CL_DEVICE_MAX_CONSTANT_ARGS => InfoValue::u32(8),
        CL_DEVICE_LOCAL_MEM_TYPE => InfoValue::u32(if d.gpu { CL_LOCAL } else { CL_GLOBAL }),
        CL_DEVICE_LOCAL_MEM_SIZE => InfoValue::u64(di.local_mem_size),
        CL_DEVICE_ERROR_CORRECTION_SUPPORT => InfoValue::bool(false),
        CL_DEVICE_HOST_UNIFIED_MEMORY => InfoValue::bool(!d.gpu),
        CL_DEVICE_PROFILING_TIMER_RESOLUTION => InfoValue::usize(1),
        CL_DEVICE_ENDIAN_LITTLE
        | CL_DEVICE_AVAILABLE
        | CL_DEVICE_COMPILER_AVAILABLE
        | CL_DEVICE_LINKER_AVAILABLE => InfoValue::bool(true),
        // No native kernels: clEnqueueNativeKernel returns CL_INVALID_OPERATION.
        CL_DEVICE_EXECUTION_CAPABILITIES => InfoValue::u64(CL_EXEC_KERNEL),
        CL_DEVICE_QUEUE_PROPERTIES => {
            InfoValue::u64(CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE)
        }
        CL_DEVICE_PLATFORM => InfoValue::handle(platform().handle),
        CL_DEVICE_NAME => InfoValue::str(&d.name),
        CL_DEVICE_VENDOR => InfoValue::str(if d.gpu {
            "Kauai (emulating Advanced Micro Devices, Inc.)"
        } else {
            "Kauai"
        }),
        CL_DRIVER_VERSION => InfoValue::str(env!("CARGO_PKG_VERSION")),
        CL_DEVICE_PROFILE => InfoValue::str("FULL_PROFILE"),
        CL_DEVICE_VERSION => {
            InfoValue::str(&format!("OpenCL 1.2 Kauai {}", env!("CARGO_PKG_VERSION")))
        }
        CL_DEVICE_OPENCL_C_VERSION => InfoValue::str("OpenCL C 1.2 "),
        CL_DEVICE_EXTENSIONS => InfoValue::str(&d.extensions),
        CL_DEVICE_IL_VERSION_KHR => InfoValue::str(IL_VERSION),
        CL_DEVICE_BUILT_IN_KERNELS => InfoValue::str(""),
        CL_DEVICE_PRINTF_BUFFER_SIZE => {
            InfoValue::usize(kauai_host::DEFAULT_PRINTF_BUFFER as usize)
        }
        CL_DEVICE_PREFERRED_INTEROP_USER_SYNC => InfoValue::bool(true),
        CL_DEVICE_PARENT_DEVICE => InfoValue::handle(0),
        CL_DEVICE_PARTITION_MAX_SUB_DEVICES => InfoValue::u32(0),
        CL_DEVICE_PARTITION_PROPERTIES => InfoValue::isizes(&[0]),
        CL_DEVICE_PARTITION_AFFINITY_DOMAIN => InfoValue::u64(0),
        CL_DEVICE_PARTITION_TYPE => InfoValue::empty(),
        CL_DEVICE_REFERENCE_COUNT => InfoValue::u32(1),
        CL_DEVICE_IMAGE_PITCH_ALIGNMENT | CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT => {
            InfoValue::u32(0)
        }
        // cl_amd_device_attribute_query's wavefront width, which AMD-tuned code asks for.
        CL_DEVICE_WAVEFRONT_WIDTH_AMD if d.gpu => InfoValue::u32(wavefront),
        _ => return Err(CL_INVALID_VALUE),
    };
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info_u64(d: &DeviceObj, param: cl_device_info) -> u64 {
        let v = device_info(d, param).expect("a device query");
        u64::from_le_bytes(v.0[..8].try_into().expect("8 bytes"))
    }

    /// `cl_khr_fp16` is the host's alone: it lists the extension and answers a half
    /// configuration; an IL device does neither.
    #[test]
    fn half_precision_is_the_hosts() {
        let host = make_device("host").expect("the host device");
        assert!(host.extensions.split(' ').any(|e| e == "cl_khr_fp16"));
        let cfg = info_u64(&host, CL_DEVICE_HALF_FP_CONFIG);
        assert_eq!(cfg & CL_FP_ROUND_TO_NEAREST, CL_FP_ROUND_TO_NEAREST);
        assert_eq!(cfg & CL_FP_INF_NAN, CL_FP_INF_NAN);
        let cypress = make_device("cypress").expect("the cypress device");
        assert!(!cypress.extensions.split(' ').any(|e| e == "cl_khr_fp16"));
        assert_eq!(info_u64(&cypress, CL_DEVICE_HALF_FP_CONFIG), 0);
    }

    /// Atomic counters: the host and Evergreen-and-later devices list
    /// `cl_ext_atomic_counters_32` and answer its query with the minimum, 8; 7XX does
    /// neither (the query is then an invalid value, as for any unknown one).
    #[test]
    fn atomic_counters_from_evergreen_on() {
        let ext = |d: &DeviceObj| {
            d.extensions
                .split(' ')
                .any(|e| e == "cl_ext_atomic_counters_32")
        };
        for name in ["host", "cypress", "cayman"] {
            let d = make_device(name).expect("a device");
            assert!(ext(&d), "{name}");
            let v = device_info(&d, 0x4032).expect("the counter query");
            assert_eq!(v.0, 8u32.to_le_bytes().to_vec(), "{name}");
        }
        let rv770 = make_device("rv770").expect("the rv770 device");
        assert!(!ext(&rv770));
        assert_eq!(device_info(&rv770, 0x4032).err(), Some(CL_INVALID_VALUE));
    }
}
