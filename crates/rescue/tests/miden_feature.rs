//! The `miden` feature: conversions, and `MidenRpo256` / `MidenRpx256` where
//! miden-crypto 0.28 takes a Plonky3 permutation (its hasher, compression
//! and sponge types), against miden-crypto's own.
#![cfg(feature = "miden")]

use algebraic_hash_rescue::miden::{
    MidenRpoCompression, MidenRpoHasher, MidenRpxCompression, MidenRpxHasher,
};
use algebraic_hash_rescue::{ElementDigest, Felt, MidenRpo256, MidenRpx256, Rpo256, Rpx256};
use miden_crypto_28::hash::rpo::{Rpo256 as MRpo, RpoCompression, RpoHasher, RpoPermutation256};
use miden_crypto_28::hash::rpx::{Rpx256 as MRpx, RpxCompression, RpxHasher, RpxPermutation256};
use miden_crypto_28::stark::symmetric::Permutation;
use miden_crypto_28::{Felt as MFelt, Word};
// The Plonky3 line miden-crypto 0.28 is built on (0.6), not the workspace's.
use p3_symmetric_06::{CryptographicHasher, PseudoCompressionFunction};

fn states(n: usize) -> Vec<[MFelt; 12]> {
    let mut x = 0x1234_5678_9abc_def0u64;
    (0..n)
        .map(|_| {
            core::array::from_fn(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                MFelt::new(x % Felt::MODULUS).unwrap()
            })
        })
        .collect()
}

#[test]
fn conversions_round_trip() {
    for v in [0, 1, Felt::MODULUS - 1, 1 << 32] {
        let f = Felt::from_canonical(v).unwrap();
        let m = MFelt::from(f);
        assert_eq!(m, MFelt::new(v).unwrap());
        assert_eq!(Felt::from(m), f);
    }
    let d = Rpo256::hash(b"abc");
    let w = Word::from(d);
    assert_eq!(w, MRpo::hash(b"abc"));
    assert_eq!(ElementDigest::from(w), d);
    assert_eq!(d.as_bytes(), w.as_bytes());
    assert_eq!(Word::from(Rpx256::hash(b"abc")), MRpx::hash(b"abc"));
}

#[test]
fn permutations_match_miden_crypto() {
    for s in states(200) {
        assert_eq!(MidenRpo256.permute(s), RpoPermutation256.permute(s));
        assert_eq!(MidenRpx256.permute(s), RpxPermutation256.permute(s));
    }
}

#[test]
fn plonky3_hashers_and_compressions_match_miden_crypto() {
    let all = states(50);
    for (k, s) in all.iter().enumerate() {
        let input = &s[..k % 12];
        assert_eq!(
            MidenRpoHasher::new(MidenRpo256).hash_iter(input.iter().copied()),
            RpoHasher::new(RpoPermutation256).hash_iter(input.iter().copied())
        );
        assert_eq!(
            MidenRpxHasher::new(MidenRpx256).hash_iter(input.iter().copied()),
            RpxHasher::new(RpxPermutation256).hash_iter(input.iter().copied())
        );
        let pair: [[MFelt; 4]; 2] = [s[..4].try_into().unwrap(), s[4..8].try_into().unwrap()];
        assert_eq!(
            MidenRpoCompression::new(MidenRpo256).compress(pair),
            RpoCompression::new(RpoPermutation256).compress(pair)
        );
        assert_eq!(
            MidenRpxCompression::new(MidenRpx256).compress(pair),
            RpxCompression::new(RpxPermutation256).compress(pair)
        );
    }
}
