//! Texture reads and image writes reach the images and samplers the caller binds, with
//! the resource's image, the sampler's bits, the coordinates and their kind.

use std::sync::{Arc, Mutex};

use kauai_amdil::abi::{Cb0Params, Cb1Builder};
use kauai_amdil::metadata::MdEntry;
use kauai_amdil::{link, parse_str, validate, Program};
use kauai_amdil_emu::{run, Binding, ImageAccess, Launch, Memory, Options};
use kauai_diag::{Diagnostics, SourceMap};

/// Reads give (sampler bits, x, y, 1 for integer coordinates); writes are recorded.
#[derive(Debug, Default)]
struct Probe {
    tag: u32,
    writes: Mutex<Vec<([u32; 4], [u32; 4])>>,
}

impl ImageAccess for Probe {
    fn read(&self, sampler: u32, c: [u32; 4], int_coords: bool) -> Result<[u32; 4], String> {
        Ok([sampler, c[0] + self.tag, c[1], u32::from(int_coords)])
    }
    fn write(&self, c: [u32; 4], colour: [u32; 4]) -> Result<(), String> {
        if c[0] == 99 {
            return Err("write_image at (99) is outside".into());
        }
        self.writes.lock().unwrap().push((c, colour));
        Ok(())
    }
}

const IL: &str = "il_cs_2_0
dcl_cb cb0[9]
dcl_literal l0, 5, 6, 0, 0
dcl_literal l1, 0, 16, 32, 99
;$$$$$$$$$$
endmain
func 1024 ; k
dcl_cb cb1[1]
dcl_raw_uav_id(1)
dcl_resource_id(4)_type(2d)_fmtx(unknown)_fmty(unknown)_fmtz(unknown)_fmtw(unknown)
dcl_uav_id(2)_type(2d)_fmtx(uint)
sample_resource(4)_sampler(3) r0, l0
iadd r1.x, cb1[0].x, l1.x
uav_raw_store_id(1) mem0, r1.x, r0
load_resource(4) r0, l0.yxzw
iadd r1.x, cb1[0].x, l1.y
uav_raw_store_id(1) mem0, r1.x, r0
load_resource(4)_sampler(3) r0, l0
iadd r1.x, cb1[0].x, l1.z
uav_raw_store_id(1) mem0, r1.x, r0
uav_store_id(2) l0, l1
uav_store_id(2) l1.w, l1
ret
endfunc
;ARGSTART:k
;uniqueid:1024
;pointer:out:i32:1:1:0:uav:1:4
;ARGEND:k
end
";

#[test]
fn texture_reads_and_image_writes_go_to_the_bound_images() {
    let mut sm = SourceMap::new();
    let f = sm.add("images.il".to_string(), IL.to_string());
    let mut d = Diagnostics::new();
    let p = parse_str(IL, f, &mut d);
    validate(&p, &mut d);
    assert!(!d.has_errors(), "{}", d.render(&sm));
    let linked = link(&p, "k", &Program::default()).unwrap();
    let mut mem = Memory::default();
    let at = kauai_amdil_emu::place_buffer(&mut mem, "out", &[0u8; 48]).unwrap();
    let mut cb1 = Cb1Builder::new();
    let ptr = linked.metadata.entries.iter().find_map(|e| match e {
        MdEntry::Pointer(p) => Some(p),
        _ => None,
    });
    cb1.pointer(ptr.unwrap(), at);
    let read = Arc::new(Probe {
        tag: 100,
        ..Probe::default()
    });
    let write = Arc::new(Probe::default());
    mem.images.bound.push((Binding::Resource(4), read));
    mem.images.bound.push((Binding::Uav(2), write.clone()));
    mem.images.samplers.push((3, 0x26));
    let launch = Launch::ndrange(1, [1, 1, 1], [1, 1, 1], Cb0Params::default());
    let opts = Options {
        fuel: 10_000,
        device: kauai_amdil::device::find_device("cypress"),
        deadline: None,
    };
    let err = run(&linked, &cb1.dwords(), &mut mem, &launch, &opts).unwrap_err();
    // The second write is off the image: the image's reason, at the instruction's line.
    assert!(
        err.to_string().contains("write_image at (99) is outside"),
        "{err}"
    );
    let words: Vec<u32> = mem.global[at as usize..at as usize + 48]
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // sample: sampler 3's bits, float coordinates; load: no sampler (0x10), integer
    // coordinates; load with a sampler: its bits, integer coordinates.
    assert_eq!(words, [0x26, 105, 6, 0, 0x10, 106, 5, 1, 0x26, 105, 6, 1]);
    assert_eq!(
        *write.writes.lock().unwrap(),
        [([5, 6, 0, 0], [0, 16, 32, 99])]
    );
}

#[test]
fn unbound_resources_and_samplers_are_faults() {
    let mut sm = SourceMap::new();
    let f = sm.add("images.il".to_string(), IL.to_string());
    let mut d = Diagnostics::new();
    let p = parse_str(IL, f, &mut d);
    let linked = link(&p, "k", &Program::default()).unwrap();
    let launch = Launch::ndrange(1, [1, 1, 1], [1, 1, 1], Cb0Params::default());
    let opts = Options {
        fuel: 10_000,
        device: None,
        deadline: None,
    };
    let mut mem = Memory::default();
    let at = kauai_amdil_emu::place_buffer(&mut mem, "out", &[0u8; 48]).unwrap();
    let mut cb1 = Cb1Builder::new();
    if let Some(MdEntry::Pointer(p)) = linked
        .metadata
        .entries
        .iter()
        .find(|e| matches!(e, MdEntry::Pointer(_)))
    {
        cb1.pointer(p, at);
    }
    let e = run(&linked, &cb1.dwords(), &mut mem, &launch, &opts).unwrap_err();
    assert!(
        e.to_string().contains("resource 4 has no image bound"),
        "{e}"
    );
    mem.images
        .bound
        .push((Binding::Resource(4), Arc::new(Probe::default())));
    let e = run(&linked, &cb1.dwords(), &mut mem, &launch, &opts).unwrap_err();
    assert!(
        e.to_string().contains("sampler 3 has no value bound"),
        "{e}"
    );
}
