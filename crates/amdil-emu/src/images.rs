//! Images bound by the caller: texture resources (`dcl_resource_id`, read by
//! `sample_resource` and `load_resource`), typed UAVs written as images (`uav_store`), and
//! the sampler state each `_sampler(m)` names.
//!
//! The emulator does not sample itself: an image is an [`ImageAccess`], which the runtime
//! implements with the host device's images and software sampler, so every device reads
//! and writes images with one implementation of OpenCL 1.2 8.2 and 8.3.

use std::sync::Arc;

/// An image as a kernel reaches it. Lanes are 32-bit words (floats as their bits).
pub trait ImageAccess: Send + Sync + std::fmt::Debug {
    /// A read at `coord` (float bits, or integers when `int_coords`) with the sampler
    /// `sampler` (OpenCL `CLK_*` bits), in the image's own kind (floats for normalized and
    /// floating formats, integers otherwise), as a texture unit gives it. `Err` says why
    /// the read is not defined.
    fn read(&self, sampler: u32, coord: [u32; 4], int_coords: bool) -> Result<[u32; 4], String>;
    /// A write of `colour` at integer `coord`, converted to the image's format. `Err`
    /// for a write off the image.
    fn write(&self, coord: [u32; 4], colour: [u32; 4]) -> Result<(), String>;
}

/// Where an image is bound.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// Texture resource `n` (`dcl_resource_id(n)`).
    Resource(u32),
    /// UAV `n` (`dcl_uav_id(n)`).
    Uav(u32),
}

/// The images and samplers of one launch.
#[derive(Clone, Debug, Default)]
pub struct Images {
    pub bound: Vec<(Binding, Arc<dyn ImageAccess>)>,
    /// Sampler id → its bits (a `;sampler:` line's id and value, or its argument's).
    pub samplers: Vec<(u32, u32)>,
}

impl Images {
    pub fn get(&self, b: Binding) -> Option<&Arc<dyn ImageAccess>> {
        self.bound.iter().find(|(x, _)| *x == b).map(|(_, i)| i)
    }

    pub fn sampler(&self, id: u32) -> Option<u32> {
        self.samplers
            .iter()
            .find(|(x, _)| *x == id)
            .map(|(_, v)| *v)
    }
}
