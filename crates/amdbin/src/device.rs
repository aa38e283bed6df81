//! GPU device codes stored in the AMD CL2 outer ELF `e_flags`. The numbers depend on
//! the driver version that wrote the binary: eleven ranges, A (< 191205) to K (>= 258000).

/// First driver version of ranges B..K (range A is everything before 191205).
const RANGE_STARTS: [u32; 10] = [
    191205, 200406, 203603, 223600, 226400, 234800, 244200, 248200, 252700, 258000,
];

/// Index of the range (0 = A .. 10 = K) a driver version falls in.
pub fn driver_range(driver_version: u32) -> usize {
    RANGE_STARTS
        .iter()
        .take_while(|s| driver_version >= **s)
        .count()
}

/// Codes per range A..K; 0 = the driver does not know the device.
const TABLE: &[(&str, [u8; 11])] = &[
    ("Spectre", [1; 11]),
    ("Spooky", [2; 11]),
    ("Kalindi", [3; 11]),
    ("Mullins", [4; 11]),
    ("Bonaire", [6; 11]),
    ("Hawaii", [7; 11]),
    ("Iceland", [8; 11]),
    ("Tonga", [9; 11]),
    ("Fiji", [16, 17, 16, 14, 13, 14, 15, 13, 13, 13, 13]),
    ("Carrizo", [15, 16, 15, 13, 12, 13, 14, 12, 12, 12, 12]),
    ("Dummy", [0, 15, 17, 15, 14, 15, 16, 14, 14, 14, 14]),
    ("Goose", [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16]),
    ("Horse", [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18]),
    ("Stoney", [0, 0, 17, 15, 14, 15, 16, 14, 14, 14, 14]),
    ("Ellesmere", [0, 0, 12, 17, 16, 17, 18, 16, 18, 18, 18]),
    ("Baffin", [0, 0, 13, 16, 15, 16, 17, 15, 16, 16, 16]),
    ("GFX804", [0, 0, 0, 0, 18, 18, 19, 18, 20, 21, 21]),
    ("GFX900", [0, 0, 0, 0, 17, 19, 20, 17, 19, 20, 20]),
    ("GFX901", [0, 0, 0, 0, 0, 20, 21, 19, 21, 23, 23]),
    ("GFX902", [0, 0, 0, 0, 0, 0, 0, 0, 0, 24, 24]),
    ("GFX903", [0, 0, 0, 0, 0, 0, 0, 0, 0, 25, 25]),
    ("GFX904", [0, 0, 0, 0, 0, 0, 0, 0, 0, 26, 26]),
    ("GFX905", [0, 0, 0, 0, 0, 0, 0, 0, 0, 27, 27]),
    ("GFX906", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 28]),
    ("GFX907", [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 29]),
];

/// The `e_flags` code for a device (CLRX name, case-insensitive) written by a driver of
/// this version; `None` if that driver does not support the device (or it is GCN 1.0,
/// which AMD CL2 binaries never target).
pub fn device_code(device: &str, driver_version: u32) -> Option<u32> {
    let r = driver_range(driver_version);
    TABLE
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(device))
        .map(|(_, c)| c[r] as u32)
        .filter(|c| *c != 0)
}

/// The device a code means for a driver version (the reader's inverse table). Where
/// two devices share a code in a range, the first listed wins, as in CLRX's reader
/// (e.g. range C: 12 is Horse, 13 is Goose).
pub fn device_from_code(code: u32, driver_version: u32) -> Option<&'static str> {
    let r = driver_range(driver_version);
    TABLE
        .iter()
        .find(|(_, c)| c[r] as u32 == code && code != 0)
        .map(|(n, _)| *n)
}
