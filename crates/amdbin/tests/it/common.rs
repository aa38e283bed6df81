//! What the container tests share: clrxasm's binaries, frozen under the gcn crate,
//! and their damaged copies.

/// A binary of the gcn crate's `tests/data/clrx_bins`.
pub fn clrx_oracle(name: &str) -> Vec<u8> {
    let path = format!(
        "{}/../gcn/tests/data/clrx_bins/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `n` deterministic damaged copies of `bytes` from `seed`: every tenth cut short,
/// the others edited in place.
pub fn damaged(bytes: &[u8], seed: u64, n: usize) -> impl Iterator<Item = Vec<u8>> + '_ {
    let mut rng = kauai_testkit::Rng::new(seed);
    (0..n).map(move |i| {
        if i % 10 == 0 {
            bytes[..rng.below(bytes.len())].to_vec()
        } else {
            kauai_testkit::mutate::binary(&mut rng, bytes)
        }
    })
}
