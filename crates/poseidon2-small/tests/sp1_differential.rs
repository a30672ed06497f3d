//! Against SP1 v6's own Poseidon2 (sp1-primitives 6.10.0: `poseidon2_init()`,
//! `poseidon2_hash`, and `TruncatedPermutation<SP1Perm, 2, 8, 16>` as its
//! `KoalaBearDegree4Duplex` builds it) in the same process: 10 000 random
//! states with edge values through `permute` and `permute_many`, hashes of
//! every length 0..=50, 1 000 compressions. SP1 v5 (sp1-primitives 5.2.4)
//! is checked the same way by `scripts/sp1-vectors` (`check`), outside CI.
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon2_small::field::{Field31, KoalaBear};
use algebraic_hash_poseidon2_small::{plonky3, sp1};
use algebraic_hash_testkit::{Rng64, cases};
use slop_algebra::{AbstractField, PrimeField32};
use slop_symmetric::{Permutation as _, PseudoCompressionFunction, TruncatedPermutation};
use sp1_primitives::SP1Field;

const P: u64 = KoalaBear::MODULUS as u64;

fn rng(seed: u64) -> Rng64 {
    Rng64::new(seed, P, &[0, 1, P - 1, P - 2])
}

fn ours(values: &[u64]) -> Vec<KoalaBear> {
    values
        .iter()
        .map(|&v| KoalaBear::from_canonical(v as u32).unwrap())
        .collect()
}

fn theirs(values: &[u64]) -> Vec<SP1Field> {
    values
        .iter()
        .map(|&v| SP1Field::from_canonical_u32(v as u32))
        .collect()
}

fn same(a: &[KoalaBear], b: &[SP1Field]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_canonical() == y.as_canonical_u32())
}

#[test]
fn permutation() {
    let perm = sp1_primitives::poseidon2_init();
    let mut rng = rng(0x5106);
    let n = cases(10_000) as usize;
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| rng.elements(16)).collect();
    let mut states: Vec<[KoalaBear; 16]> =
        inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let answer = perm.permute(<[SP1Field; 16]>::try_from(theirs(input)).unwrap());
        assert!(
            same(&sp1::POSEIDON2.permute(*state), &answer),
            "permute {input:?}"
        );
        expected.push(answer);
    }
    sp1::POSEIDON2.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }
}

#[test]
fn poseidon2_hash() {
    let mut rng = rng(0x5107);
    for len in 0..=50 {
        for _ in 0..4 {
            let input = rng.elements(len);
            let answer = sp1_primitives::poseidon2_hash(theirs(&input));
            assert!(
                same(&sp1::HASH.hash_elements(&ours(&input)), &answer),
                "hash of {len}"
            );
            assert!(same(&sp1::poseidon2_hash(&ours(&input)), &answer));
        }
    }
}

#[test]
fn compression() {
    let peer = TruncatedPermutation::<_, 2, 8, 16>::new(sp1_primitives::poseidon2_init());
    let mut rng = rng(0x5108);
    let pairs: Vec<Vec<u64>> = (0..cases(1_000)).map(|_| rng.elements(16)).collect();
    let inputs: Vec<[[KoalaBear; 8]; 2]> = pairs
        .iter()
        .map(|v| {
            let v = ours(v);
            [v[..8].try_into().unwrap(), v[8..].try_into().unwrap()]
        })
        .collect();
    let mut outputs = vec![[KoalaBear::ZERO; 8]; inputs.len()];
    sp1::COMPRESS.compress_many(&inputs, &mut outputs);
    for ((v, input), batch) in pairs.iter().zip(&inputs).zip(&outputs) {
        let t = theirs(v);
        let pair: [[SP1Field; 8]; 2] = [t[..8].try_into().unwrap(), t[8..].try_into().unwrap()];
        let answer = peer.compress(pair);
        assert!(
            same(&sp1::COMPRESS.compress(*input), &answer),
            "compress {v:?}"
        );
        assert!(same(batch, &answer), "compress_many {v:?}");
    }
}

/// SP1 v6 shares the round constants of Plonky3's default KoalaBear 16 (0.8.0)
/// but not its internal matrix: the permutations differ.
#[test]
fn not_plonky3s_default_koalabear_16() {
    let state: [KoalaBear; 16] =
        core::array::from_fn(|i| KoalaBear::from_canonical(i as u32).unwrap());
    let (a, b) = (
        sp1::POSEIDON2.constants(),
        plonky3::KOALABEAR_16.constants(),
    );
    assert_eq!(a.initial_round_constants(), b.initial_round_constants());
    assert_eq!(a.partial_round_constants(), b.partial_round_constants());
    assert_eq!(a.terminal_round_constants(), b.terminal_round_constants());
    assert_ne!(
        sp1::POSEIDON2.permute(state),
        plonky3::KOALABEAR_16.permute(state)
    );
}
