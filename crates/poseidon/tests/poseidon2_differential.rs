//! Poseidon2 against peer crates on random inputs: taceo-poseidon2 0.3
//! (new parameters, t = 2, 3, 4, 8, 12, 16) and Noir's bn254_blackbox_solver 1.0
//! (`poseidon2_permutation`, new, t = 4). Both are on ark-bn254 0.6, so
//! elements pass between the crates unchanged.
//!
//! Case counts scale with `ALGEBRAIC_HASH_CASES_PERCENT` (10 000 by default).

use acir_field::GenericFieldElement;
use algebraic_hash::{Compression, DuplexSponge, Hasher, Permutation, Sponge};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::poseidon2::{
    NEW_T2, NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, Poseidon2, length_iv,
};
use algebraic_hash_testkit::cases;
use ark_ff::PrimeField;
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

/// A random element: uniform mod p from 64 random bytes, with 0, 1, p − 1
/// and small values mixed in.
fn random_fr(rng: &mut StdRng) -> Fr {
    match rng.random_range(0..16u32) {
        0 => Fr::from(0u64),
        1 => -Fr::from(1u64),
        2 => Fr::from(rng.random::<u64>()),
        _ => {
            let mut bytes = [0u8; 64];
            rng.fill_bytes(&mut bytes);
            Fr::from_le_bytes_mod_order(&bytes)
        }
    }
}

fn random_state<const T: usize>(rng: &mut StdRng) -> [Fr; T] {
    core::array::from_fn(|_| random_fr(rng))
}

fn against_taceo<const T: usize>(ours: Poseidon2<T>, taceo: fn(&[Fr; T]) -> [Fr; T], seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let n = cases(10_000);
    let mut batch = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..n {
        let state = random_state::<T>(&mut rng);
        let theirs = taceo(&state);
        assert_eq!(ours.permutation(&state), theirs, "state {state:?}");
        batch.push(state);
        expected.push(theirs);
    }
    ours.permute_many(&mut batch);
    assert_eq!(batch, expected, "permute_many");
}

#[test]
fn permutation_t2_vs_taceo() {
    against_taceo(NEW_T2, taceo_poseidon2::bn254::t2::permutation, 2);
}

#[test]
fn permutation_t3_vs_taceo() {
    against_taceo(NEW_T3, taceo_poseidon2::bn254::t3::permutation, 3);
}

#[test]
fn permutation_t4_vs_taceo() {
    against_taceo(NEW_T4, taceo_poseidon2::bn254::t4::permutation, 4);
}

fn blackbox(state: &[Fr; 4]) -> [Fr; 4] {
    let input: Vec<GenericFieldElement<Fr>> = state
        .iter()
        .map(|x| GenericFieldElement::from_repr(*x))
        .collect();
    let out = bn254_blackbox_solver::poseidon2_permutation(&input).expect("t = 4 input");
    assert_eq!(out.len(), 4);
    core::array::from_fn(|i| out[i].into_repr())
}

#[test]
fn permutation_t4_vs_bn254_blackbox_solver() {
    let mut rng = StdRng::seed_from_u64(44);
    for _ in 0..cases(10_000) {
        let state = random_state::<4>(&mut rng);
        assert_eq!(
            NEW_T4.permutation(&state),
            blackbox(&state),
            "state {state:?}"
        );
    }
}

/// Barretenberg's sponge written out plainly over a peer's permutation:
/// IV in the last cell, add into the rate, permute before an element that
/// finds the rate full and once at the end, output cell 0.
fn reference_hash<const T: usize>(perm: impl Fn(&[Fr; T]) -> [Fr; T], input: &[Fr]) -> Fr {
    let mut state = [Fr::from(0u64); T];
    state[T - 1] = Fr::from((input.len() as u128) << 64);
    let mut chunks = input.chunks(T - 1).peekable();
    while let Some(chunk) = chunks.next() {
        for (cell, x) in state.iter_mut().zip(chunk) {
            *cell += x;
        }
        if chunks.peek().is_some() {
            state = perm(&state);
        }
    }
    perm(&state)[0]
}

fn sponge_and_compress<const T: usize, const N: usize>(
    ours: Poseidon2<T>,
    peer: impl Fn(&[Fr; T]) -> [Fr; T],
    seed: u64,
) where
    Poseidon2<T>: Compression<Fr, N> + Hasher<Fr, Digest = Fr>,
{
    let mut rng = StdRng::seed_from_u64(seed);
    for _ in 0..cases(10_000) {
        let len = rng.random_range(0..=4 * T);
        let input: Vec<Fr> = (0..len).map(|_| random_fr(&mut rng)).collect();
        let expected = reference_hash(&peer, &input);
        assert_eq!(
            ours.hash_elements(&input),
            expected,
            "hash of {len} elements"
        );

        let pair: [Fr; N] = core::array::from_fn(|_| random_fr(&mut rng));
        let mut state = [Fr::from(0u64); T];
        state[..N].copy_from_slice(&pair);
        assert_eq!(ours.compress(pair), peer(&state)[0], "compress {pair:?}");
    }
}

#[test]
fn permutation_t8_vs_taceo() {
    against_taceo(NEW_T8, taceo_poseidon2::bn254::t8::permutation, 8);
}

#[test]
fn permutation_t12_vs_taceo() {
    against_taceo(NEW_T12, taceo_poseidon2::bn254::t12::permutation, 120);
}

#[test]
fn permutation_t16_vs_taceo() {
    against_taceo(NEW_T16, taceo_poseidon2::bn254::t16::permutation, 160);
}

#[test]
fn sponge_and_compress_wide_vs_taceo() {
    sponge_and_compress::<8, 7>(NEW_T8, taceo_poseidon2::bn254::t8::permutation, 18);
    sponge_and_compress::<12, 11>(NEW_T12, taceo_poseidon2::bn254::t12::permutation, 112);
    sponge_and_compress::<16, 15>(NEW_T16, taceo_poseidon2::bn254::t16::permutation, 116);
}

#[test]
fn sponge_and_compress_t2_vs_taceo() {
    sponge_and_compress::<2, 1>(NEW_T2, taceo_poseidon2::bn254::t2::permutation, 12);
}

#[test]
fn sponge_and_compress_t3_vs_taceo() {
    sponge_and_compress::<3, 2>(NEW_T3, taceo_poseidon2::bn254::t3::permutation, 13);
}

#[test]
fn sponge_and_compress_t4_vs_bn254_blackbox_solver() {
    sponge_and_compress::<4, 3>(NEW_T4, blackbox, 14);
}

/// taceo-poseidon2's t = 4 permutation as a [`Permutation`].
#[derive(Clone)]
struct Taceo4;

impl Permutation<[Fr; 4]> for Taceo4 {
    fn permute_mut(&self, state: &mut [Fr; 4]) {
        taceo_poseidon2::bn254::t4::permutation_in_place(state);
    }
}

/// The sponge object (a `DuplexSponge`) gives the hash as its first
/// squeezed element, whichever way the input is cut into `absorb` calls, and
/// keeps squeezing by permuting the state again.
#[test]
fn sponge_object() {
    let mut rng = StdRng::seed_from_u64(15);
    for _ in 0..cases(1_000) {
        let len = rng.random_range(0..=13);
        let input: Vec<Fr> = (0..len).map(|_| random_fr(&mut rng)).collect();
        let cut = rng.random_range(0..=len);
        let mut sponge = NEW_T4.sponge(len);
        sponge.absorb(&input[..cut]);
        sponge.absorb(&input[cut..]);
        let mut out = [Fr::from(0u64); 4];
        sponge.squeeze(&mut out);
        assert_eq!(out[0], NEW_T4.hash(&input));
        // squeezing goes on over the rate, then permutes again
        let mut state = [Fr::from(0u64); 4];
        state[3] = length_iv(len);
        let mut plain = DuplexSponge::<Fr, _, 4, 3, 0>::new(Taceo4, state);
        plain.absorb(&input);
        let mut theirs = [Fr::from(0u64); 4];
        plain.squeeze(&mut theirs);
        assert_eq!(out, theirs);
    }
}
