//! Device codes and names against the reference tables (clrx.md section 1.2).

use kauai_amdbin::{device_code, device_from_code, Device, GpuArch, HsaConfig};

#[test]
fn device_codes_follow_the_driver_ranges() {
    assert_eq!(device_code("Bonaire", 0), Some(6));
    assert_eq!(device_code("bonaire", 258000), Some(6));
    assert_eq!(device_code("Fiji", 191204), Some(16));
    assert_eq!(device_code("Fiji", 191205), Some(17));
    assert_eq!(device_code("Fiji", 200406), Some(16));
    assert_eq!(device_code("gfx803", 203603), Some(14));
    assert_eq!(device_code("Fiji", 258000), Some(13));
    assert_eq!(device_code("Ellesmere", 200405), None);
    assert_eq!(device_code("Ellesmere", 200406), Some(12));
    assert_eq!(device_code("polaris10", 248200), Some(18));
    assert_eq!(device_code("GFX900", 223599), None);
    assert_eq!(device_code("GFX900", 223600), Some(17));
    assert_eq!(device_code("GFX901", 226400), Some(20));
    assert_eq!(device_code("GFX906", 257999), None);
    assert_eq!(device_code("vega20", 258000), Some(28));
    assert_eq!(device_code("Tahiti", 258000), None);
    assert_eq!(device_code("NoSuchGpu", 258000), None);
    assert_eq!(device_from_code(12, 200406), Some(Device::Horse));
    assert_eq!(device_from_code(13, 200406), Some(Device::Goose));
    assert_eq!(device_from_code(9, 100), Some(Device::Tonga));
    assert_eq!(device_from_code(17, 223600), Some(Device::Gfx900));
}

#[test]
fn device_facts() {
    assert_eq!(Device::from_name("GFX803"), Some(Device::Fiji));
    assert_eq!(Device::Fiji.arch(), GpuArch::Gcn12);
    assert_eq!(Device::Fiji.isa_version(), (8, 0, 4));
    assert_eq!(Device::Stoney.isa_version(), (8, 1, 0));
    assert_eq!(Device::Gfx906.arch(), GpuArch::Gcn141);
    assert_eq!(Device::Bonaire.min_driver_version(), Some(180005));
    assert_eq!(Device::Dummy.min_driver_version(), Some(191205));
    assert_eq!(Device::Baffin.min_driver_version(), Some(200406));
    assert_eq!(Device::Gfx804.min_driver_version(), Some(223600));
    assert_eq!(Device::Gfx906.min_driver_version(), Some(258000));
    assert_eq!(Device::Pitcairn.min_driver_version(), None);
}

#[test]
fn hsa_config_bytes_round_trip() {
    // Field offsets of amd_kernel_code_t: write a distinct byte pattern, decode, and
    // check a few fields by hand, then encode back.
    let bytes: Vec<u8> = (0..=255u8).collect();
    let h = HsaConfig::from_bytes(&bytes);
    assert_eq!(h.code_version_major, u32::from_le_bytes([0, 1, 2, 3]));
    assert_eq!(h.machine_stepping, u16::from_le_bytes([14, 15]));
    assert_eq!(h.pgmrsrc1, u32::from_le_bytes([48, 49, 50, 51]));
    assert_eq!(
        h.kernarg_segment_size,
        u64::from_le_bytes([72, 73, 74, 75, 76, 77, 78, 79])
    );
    assert_eq!(h.wavefront_sgpr_count, u16::from_le_bytes([84, 85]));
    assert_eq!(h.wavefront_size_log2, 103);
    assert_eq!(h.call_convention, u32::from_le_bytes([104, 105, 106, 107]));
    assert_eq!(h.control_directive[0], 128);
    assert_eq!(h.to_bytes(), bytes);
}

#[test]
fn amd_opencl12_codes() {
    // The OpenCL 1.2 format: GCN 1.0 to 1.2 only; the outer machine names the device
    // back (shared codes give the later device of CLRX's order).
    assert_eq!(Device::Pitcairn.amd_codes(), Some((0x3fe, 0x1b)));
    assert_eq!(Device::Bonaire.amd_codes(), Some((0x403, 0x21)));
    assert_eq!(Device::Gfx900.amd_codes(), None);
    assert_eq!(Device::from_amd_machine(0x3fe), Some(Device::Pitcairn));
    assert_eq!(Device::from_amd_machine(0x411), Some(Device::Stoney));
    assert_eq!(Device::from_amd_machine(0xAF5A), None);
    for d in kauai_amdbin::DEVICES {
        if let Some((m, _)) = d.amd_codes() {
            let back = Device::from_amd_machine(m).expect("machine reads back");
            assert_eq!(back.amd_codes(), d.amd_codes(), "{d}");
        }
    }
}
