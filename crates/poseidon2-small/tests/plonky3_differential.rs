//! Against Plonky3 0.8.0 itself (p3-poseidon2 with p3-baby-bear,
//! p3-koala-bear, p3-mersenne-31, and p3-symmetric's sponge and
//! compression), on random states with edge values mixed in: for each
//! instance 10 000 states through `permute` and the same states through
//! `permute_many` (all at once and in batches of every length 1..=33), plus hashes of every length 0..=50 and compressions;
//! Goldilocks (widths 8, 12, 16) against p3-goldilocks the same way.
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon2_small::Goldilocks;
use algebraic_hash_poseidon2_small::field::Field31;
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_testkit::{Rng64, cases};
use p3_field::PrimeField32;
use p3_symmetric::{CryptographicHasher, PseudoCompressionFunction};

fn ours<F: Field31, const N: usize>(values: &[u64]) -> [F; N] {
    core::array::from_fn(|i| F::from_canonical(values[i] as u32).unwrap())
}

fn theirs<G: PrimeField32, const N: usize>(values: &[u64]) -> [G; N] {
    core::array::from_fn(|i| G::from_u32(values[i] as u32))
}

fn same<F: Field31, G: PrimeField32>(a: &[F], b: &[G]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_canonical() == y.as_canonical_u32())
}

#[allow(clippy::too_many_arguments)]
fn check<F, G, P, Q, const W: usize, const R: usize>(
    seed: u64,
    perm: P,
    hash: impl Hasher<F, Digest = [F; 8]>,
    compress: impl Compression<[F; 8], 2>,
    peer: Q,
) where
    F: Field31,
    G: PrimeField32,
    P: Permutation<[F; W]>,
    Q: p3_symmetric::CryptographicPermutation<[G; W]> + Clone,
{
    let p = u64::from(F::MODULUS);
    let edges: &'static [u64] = Box::leak(vec![0, 1, p - 1, p - 2].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);

    let n = cases(10_000) as usize;
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| rng.elements(W)).collect();
    let mut states: Vec<[F; W]> = inputs.iter().map(|v| ours(v)).collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let answer = peer.permute(theirs::<G, W>(input));
        assert!(same(&perm.permute(*state), &answer), "permute {input:?}");
        expected.push(answer);
    }
    // Every batch length up to 33 against Plonky3's answers: the groups
    // of 16 / 8 lanes and each tail (short remainders run one state at a
    // time on the one-state path).
    for len in 1..=n.min(33) {
        let mut batch = states[..len].to_vec();
        perm.permute_many(&mut batch);
        for (state, answer) in batch.iter().zip(&expected) {
            assert!(same(state, answer), "permute_many of {len}");
        }
    }
    perm.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }

    let peer_hash = p3_symmetric::PaddingFreeSponge::<Q, W, R, 8>::new(peer.clone());
    for len in 0..=50 {
        for _ in 0..4 {
            let input = rng.elements(len);
            let ours_in: Vec<F> = input
                .iter()
                .map(|&v| F::from_canonical(v as u32).unwrap())
                .collect();
            let theirs_in: Vec<G> = input.iter().map(|&v| G::from_u32(v as u32)).collect();
            assert!(
                same(
                    &hash.hash_elements(&ours_in),
                    &peer_hash.hash_slice(&theirs_in)
                ),
                "hash of {len}"
            );
        }
    }

    let peer_compress = p3_symmetric::TruncatedPermutation::<Q, 2, 8, W>::new(peer);
    let pairs: Vec<Vec<u64>> = (0..200).map(|_| rng.elements(16)).collect();
    let inputs: Vec<[[F; 8]; 2]> = pairs
        .iter()
        .map(|v| [ours(&v[..8]), ours(&v[8..])])
        .collect();
    let mut outputs = vec![[F::ZERO; 8]; inputs.len()];
    compress.compress_many(&inputs, &mut outputs);
    for ((v, input), batch) in pairs.iter().zip(&inputs).zip(&outputs) {
        let answer = peer_compress.compress([theirs(&v[..8]), theirs(&v[8..])]);
        assert!(same(&compress.compress(*input), &answer), "compress {v:?}");
        assert!(same(batch, &answer), "compress_many {v:?}");
    }
}

#[test]
fn babybear_16() {
    check::<_, p3_baby_bear::BabyBear, _, _, 16, 8>(
        1,
        BABYBEAR_16,
        BABYBEAR_16_HASH,
        BABYBEAR_16_COMPRESS,
        p3_baby_bear::default_babybear_poseidon2_16(),
    );
}

#[test]
fn babybear_24() {
    check::<_, p3_baby_bear::BabyBear, _, _, 24, 16>(
        2,
        BABYBEAR_24,
        BABYBEAR_24_HASH,
        BABYBEAR_24_COMPRESS,
        p3_baby_bear::default_babybear_poseidon2_24(),
    );
}

#[test]
fn koalabear_16() {
    check::<_, p3_koala_bear::KoalaBear, _, _, 16, 8>(
        3,
        KOALABEAR_16,
        KOALABEAR_16_HASH,
        KOALABEAR_16_COMPRESS,
        p3_koala_bear::default_koalabear_poseidon2_16(),
    );
}

#[test]
fn koalabear_24() {
    check::<_, p3_koala_bear::KoalaBear, _, _, 24, 16>(
        4,
        KOALABEAR_24,
        KOALABEAR_24_HASH,
        KOALABEAR_24_COMPRESS,
        p3_koala_bear::default_koalabear_poseidon2_24(),
    );
}

#[test]
fn mersenne31_16() {
    check::<_, p3_mersenne_31::Mersenne31, _, _, 16, 8>(
        5,
        MERSENNE31_16,
        MERSENNE31_16_HASH,
        MERSENNE31_16_COMPRESS,
        p3_mersenne_31::default_mersenne31_poseidon2_16(),
    );
}

#[test]
fn mersenne31_24() {
    check::<_, p3_mersenne_31::Mersenne31, _, _, 24, 16>(
        6,
        MERSENNE31_24,
        MERSENNE31_24_HASH,
        MERSENNE31_24_COMPRESS,
        p3_mersenne_31::default_mersenne31_poseidon2_24(),
    );
}

/// Goldilocks against `p3_goldilocks::Poseidon2Goldilocks<W>` (the same
/// checks, with a digest of `D` elements and 64-bit values).
fn check_goldilocks<P, const W: usize, const R: usize, const D: usize>(
    seed: u64,
    perm: P,
    hash: impl Hasher<Goldilocks, Digest = [Goldilocks; D]>,
    compress: impl Compression<[Goldilocks; D], 2>,
    peer: p3_goldilocks::Poseidon2Goldilocks<W>,
) where
    P: Permutation<[Goldilocks; W]>,
    p3_goldilocks::Poseidon2Goldilocks<W>:
        p3_symmetric::CryptographicPermutation<[p3_goldilocks::Goldilocks; W]> + Clone,
{
    use p3_field::{PrimeCharacteristicRing, PrimeField64};
    type G = p3_goldilocks::Goldilocks;
    let p = Goldilocks::MODULUS;
    let edges: &'static [u64] =
        Box::leak(vec![0, 1, p - 1, p - 2, 1 << 32, (1 << 32) - 1].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    let ours = |v: &[u64]| -> Vec<Goldilocks> {
        v.iter()
            .map(|&x| Goldilocks::from_canonical(x).unwrap())
            .collect()
    };
    let theirs = |v: &[u64]| -> Vec<G> { v.iter().map(|&x| G::from_u64(x)).collect() };
    let same = |a: &[Goldilocks], b: &[G]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .all(|(x, y)| x.to_u64() == y.as_canonical_u64())
    };

    let n = cases(10_000) as usize;
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| rng.elements(W)).collect();
    let mut states: Vec<[Goldilocks; W]> =
        inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let answer: [G; W] =
            p3_symmetric::Permutation::permute(&peer, theirs(input).try_into().unwrap());
        assert!(same(&perm.permute(*state), &answer), "permute {input:?}");
        expected.push(answer);
    }
    // Every batch length up to 33 against Plonky3's answers: the groups
    // of 16 / 8 lanes and each tail (short remainders run one state at a
    // time on the one-state path).
    for len in 1..=n.min(33) {
        let mut batch = states[..len].to_vec();
        perm.permute_many(&mut batch);
        for (state, answer) in batch.iter().zip(&expected) {
            assert!(same(state, answer), "permute_many of {len}");
        }
    }
    perm.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }

    let peer_hash = p3_symmetric::PaddingFreeSponge::<_, W, R, D>::new(peer.clone());
    for len in 0..=50 {
        for _ in 0..4 {
            let input = rng.elements(len);
            let digest: [G; D] = peer_hash.hash_slice(&theirs(&input));
            assert!(
                same(&hash.hash_elements(&ours(&input)), &digest),
                "hash of {len}"
            );
        }
    }

    let peer_compress = p3_symmetric::TruncatedPermutation::<_, 2, D, W>::new(peer);
    let pairs: Vec<Vec<u64>> = (0..200).map(|_| rng.elements(2 * D)).collect();
    let inputs: Vec<[[Goldilocks; D]; 2]> = pairs
        .iter()
        .map(|v| {
            [
                ours(&v[..D]).try_into().unwrap(),
                ours(&v[D..]).try_into().unwrap(),
            ]
        })
        .collect();
    let mut outputs = vec![[Goldilocks::ZERO; D]; inputs.len()];
    compress.compress_many(&inputs, &mut outputs);
    for ((v, input), batch) in pairs.iter().zip(&inputs).zip(&outputs) {
        let answer: [G; D] = peer_compress.compress([
            theirs(&v[..D]).try_into().unwrap(),
            theirs(&v[D..]).try_into().unwrap(),
        ]);
        assert!(same(&compress.compress(*input), &answer), "compress {v:?}");
        assert!(same(batch, &answer), "compress_many {v:?}");
    }
}

#[test]
fn goldilocks_8() {
    check_goldilocks::<_, 8, 4, 4>(
        7,
        GOLDILOCKS_8,
        GOLDILOCKS_8_HASH,
        GOLDILOCKS_8_COMPRESS,
        p3_goldilocks::default_goldilocks_poseidon2_8(),
    );
}

#[test]
fn goldilocks_12() {
    check_goldilocks::<_, 12, 8, 4>(
        8,
        GOLDILOCKS_12,
        GOLDILOCKS_12_HASH,
        GOLDILOCKS_12_COMPRESS,
        p3_goldilocks::default_goldilocks_poseidon2_12(),
    );
}

#[test]
fn goldilocks_16() {
    check_goldilocks::<_, 16, 8, 8>(
        9,
        GOLDILOCKS_16,
        GOLDILOCKS_16_HASH,
        GOLDILOCKS_16_COMPRESS,
        p3_goldilocks::default_goldilocks_poseidon2_16(),
    );
}
