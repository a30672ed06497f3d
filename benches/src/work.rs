//! The work every instance does, in numbers.
//!
//! Criterion group ids are `<instance>/<work>`, with `<work>` one of the
//! names below, so that the table renderer can line instances and peers up.

/// One permutation of a full state.
pub const PERMUTATION: &str = "permutation";
/// One 2-to-1 compression (merge, compress, Jive).
pub const COMPRESS: &str = "compress-2to1";
/// Hashing 10 KiB of field elements (see [`elements_in_10kib`]).
pub const HASH_10KIB: &str = "hash-10KiB";
/// A Merkle tree of [`MERKLE_LEAVES`] leaves on the calling thread.
pub const MERKLE_SEQ: &str = "merkle-2^12-seq";
/// The same tree built on rayon's pool.
pub const MERKLE_PAR: &str = "merkle-2^12-par";

/// Leaves of the benchmarked Merkle trees (2^12).
pub const MERKLE_LEAVES: usize = 1 << 12;

/// Bytes of data in the hashing work item.
pub const HASH_BYTES: usize = 10 * 1024;

/// Bytes one element of a field of `modulus_bits` bits carries when bytes are
/// packed into elements the usual way: one byte less than the modulus holds
/// (Goldilocks: 7, as Winterfell's `hash(bytes)` packs; BN254 and the other
/// ~255-bit fields: 31; 381-bit fields: 47).
pub const fn bytes_per_element(modulus_bits: u32) -> usize {
    ((modulus_bits as usize) - 1) / 8
}

/// How many elements 10 KiB encodes in a field of `modulus_bits` bits
/// (Goldilocks: 1463, BN254: 331, BLS12-381 base field: 218).
pub const fn elements_in_10kib(modulus_bits: u32) -> usize {
    HASH_BYTES.div_ceil(bytes_per_element(modulus_bits))
}

/// Goldilocks elements in 10 KiB.
pub const GOLDILOCKS_10KIB: usize = elements_in_10kib(64);
/// BN254 scalar-field elements in 10 KiB.
pub const BN254_10KIB: usize = elements_in_10kib(254);

/// The next set of Merkle leaves for a timed tree build: `leaves` rotated
/// one place further than the previous call (`*turn` counts the calls), so
/// that every node of every timed tree is new data and no implementation
/// profits from a branch predictor that has learnt one input.
pub fn rotated<T: Clone>(leaves: &[T], turn: &mut usize) -> Vec<T> {
    *turn = (*turn + 1) % leaves.len().max(1);
    let mut out = leaves.to_vec();
    out.rotate_left(*turn);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn element_counts_match_the_packing_rules() {
        assert_eq!(bytes_per_element(64), 7);
        assert_eq!(bytes_per_element(254), 31);
        assert_eq!(bytes_per_element(255), 31);
        assert_eq!(bytes_per_element(381), 47);
        assert_eq!(GOLDILOCKS_10KIB, 1463);
        assert_eq!(BN254_10KIB, 331);
        assert_eq!(elements_in_10kib(381), 218);
        // 10 KiB fits, one element fewer would not.
        const {
            assert!(GOLDILOCKS_10KIB * 7 >= HASH_BYTES && (GOLDILOCKS_10KIB - 1) * 7 < HASH_BYTES);
            assert!(BN254_10KIB * 31 >= HASH_BYTES && (BN254_10KIB - 1) * 31 < HASH_BYTES);
        }
    }
}
