//! `clrxdisasm`'s listings of the AMD CL2 binaries of `tests/data/clrx_bins` (frozen
//! from `../shared/oracles/clrx/bin`: `NAME.a.txt` from `clrxdisasm -a`, `NAME.C.txt`
//! from `-C`, `NAME.fh.txt` from `-f -h`), against Kauai's `disassemble_cl2` with the
//! same options (and CLRX's position comments). Each listing's header comment (the
//! file name) is left out; the lines the two listings share, in order (a longest common
//! subsequence), are counted per listing kind and compared exactly with
//! `listings.txt`, so that a regression and an improvement both show (`BLESS=1`
//! rewrites it). The listings are not identical (Kauai's -C also keeps the strings and
//! the global data so that it reassembles to the same file, and some config lines are
//! spelled otherwise), so these counts measure how far the listings are from CLRX's.

use kauai_gcn::disassemble_cl2;

use crate::common::{check_listing_counts, table_names};

#[test]
fn clrx_binary_listings() {
    check_listing_counts(
        "",
        &table_names("expected.txt"),
        |name, bytes, opts| {
            disassemble_cl2(bytes, opts)
                .unwrap_or_else(|e| panic!("{name}: {e}"))
                .text
        },
        "listings.txt",
        "# Lines of clrxdisasm's listings of the binaries in expected.txt that Kauai's\n\
         # listings share (tests/it/clrx_bin_listings.rs; BLESS=1 rewrites the counts).\n",
    );
}
