//! Every backend of the Montgomery core computes the same permutation, for
//! every instance of this crate: the portable, narrow (`wasm32`'s) and ADX
//! backends ([`PermuteOn`]), the dispatched one, the lanes' portable model
//! and `permute_many` / `compress_many` at every batch size. The outside
//! answers that pin the permutations themselves (the ecosystems' crates and
//! vector files) are in the other test files; this one checks that each
//! path of ours gives the answer of the portable one.

use algebraic_hash::Compression;
use algebraic_hash_montgomery::{Narrow, Portable};
use algebraic_hash_poseidon::{Fr, PermuteOn};
use algebraic_hash_testkit::Rng64;
use ark_ff::PrimeField;

/// `count` pseudo-random states, 0 and p − 1 mixed in (every fifth cell of
/// each, shifted by one per state).
fn states<F: PrimeField, const T: usize>(seed: u64, count: usize) -> Vec<[F; T]> {
    let mut rng = Rng64::new(seed, u64::MAX, &[0]);
    (0..count)
        .map(|i| {
            core::array::from_fn(|j| match (i + j) % 5 {
                0 => F::zero(),
                1 => -F::one(),
                _ => {
                    let bytes: Vec<u8> = (0..5).flat_map(|_| rng.u64().to_le_bytes()).collect();
                    F::from_le_bytes_mod_order(&bytes)
                }
            })
        })
        .collect()
}

fn on_portable<F, P: PermuteOn<[F; T]>, const T: usize>(p: &P, state: &[F; T]) -> [F; T]
where
    [F; T]: Copy,
{
    let mut out = *state;
    p.permute_on(Portable, &mut out);
    out
}

/// The dispatched permutation, the narrow backend and the ADX backend
/// (where this CPU has it) equal the portable one on `count` states.
fn backends_agree<F, P, const T: usize>(p: &P, seed: u64, count: usize)
where
    F: PrimeField,
    P: PermuteOn<[F; T]>,
{
    for state in states::<F, T>(seed, count) {
        let expected = on_portable(p, &state);
        assert_eq!(p.permute(state), expected, "dispatched backend, t = {T}");
        let mut s = state;
        p.permute_on(Narrow, &mut s);
        assert_eq!(s, expected, "narrow backend, t = {T}");
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
        if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
            let mut s = state;
            p.permute_on(adx, &mut s);
            assert_eq!(s, expected, "ADX backend, t = {T}");
        }
    }
}

/// `permute_many` and `compress_many` equal the one-state path at every
/// batch size in `sizes`: whole groups of eight on the lanes (where the CPU
/// has them), pairs on the scalar backends, and every tail.
fn batches_agree<F, P, const T: usize, const R: usize>(
    p: &P,
    seed: u64,
    sizes: impl Iterator<Item = usize>,
) where
    F: PrimeField,
    P: PermuteOn<[F; T]> + Compression<F, R>,
{
    for n in sizes {
        let batch = states::<F, T>(seed + n as u64, n);
        let mut many = batch.clone();
        p.permute_many(&mut many);
        let one: Vec<[F; T]> = batch.iter().map(|s| on_portable(p, s)).collect();
        assert_eq!(many, one, "permute_many of {n}, t = {T}");
        let inputs: Vec<[F; R]> = batch
            .iter()
            .map(|s| core::array::from_fn(|i| s[i]))
            .collect();
        let mut outputs = vec![F::zero(); n];
        p.compress_many(&inputs, &mut outputs);
        let expected: Vec<F> = inputs.iter().map(|x| p.compress(*x)).collect();
        assert_eq!(outputs, expected, "compress_many of {n}, t = {T}");
    }
}

/// The lanes' algorithm on their portable model (`on_model`, whole groups
/// of eight; the tail on the portable backend) equals the portable one-state
/// permutation on two groups with edge states among them (all p − 1, all 0,
/// alternating p − 1 and 1), and a tail of `tail` states.
fn lane_model_agrees<P, const T: usize>(
    p: &P,
    seed: u64,
    tail: usize,
    on_model: impl Fn(&P, &mut [[Fr; T]]),
) where
    P: PermuteOn<[Fr; T]>,
{
    let mut all = states::<Fr, T>(seed, 16 + tail);
    all[0] = [-Fr::from(1u64); T];
    all[1] = [Fr::from(0u64); T];
    all[9] = core::array::from_fn(|i| {
        if i % 2 == 0 {
            -Fr::from(1u64)
        } else {
            Fr::from(1u64)
        }
    });
    let expected: Vec<[Fr; T]> = all.iter().map(|s| on_portable(p, s)).collect();
    on_model(p, &mut all);
    assert_eq!(all, expected, "model lanes, t = {T}");
}

mod circom {
    use algebraic_hash_poseidon::CircomPoseidon;

    use super::*;

    fn check<const T: usize, const R: usize>(seed: u64, sizes: impl Iterator<Item = usize>)
    where
        CircomPoseidon<T>: PermuteOn<[Fr; T]> + Compression<Fr, R>,
    {
        let p = CircomPoseidon::<T>;
        backends_agree(&p, seed, 300);
        lane_model_agrees(
            &p,
            seed + 500,
            3,
            CircomPoseidon::permute_many_on_lane_model,
        );
        batches_agree(&p, seed + 1000, sizes);
    }

    #[test]
    fn every_path_equals_portable() {
        algebraic_hash_testkit::require_lanes_where_listed(
            algebraic_hash_montgomery::lanes_available(),
        );
        check::<2, 1>(1, 0..=33);
        check::<3, 2>(2, 0..=33);
        check::<4, 3>(3, 0..=33);
        check::<5, 4>(4, 0..=33);
        check::<9, 8>(5, 0..=33);
        check::<13, 12>(6, 0..=33);
        check::<17, 16>(7, 0..=33);
        // The other widths: one group of lanes, a group and a tail, a pair
        // of groups (stepped together) and a tail.
        let some = || [8, 9, 17].into_iter();
        check::<6, 5>(8, some());
        check::<7, 6>(9, some());
        check::<8, 7>(10, some());
        check::<10, 9>(11, some());
        check::<11, 10>(12, some());
        check::<12, 11>(13, some());
        check::<14, 13>(14, some());
        check::<15, 14>(15, some());
        check::<16, 15>(16, some());
    }
}

mod poseidon2 {
    use algebraic_hash_poseidon::poseidon2::{
        NEW_T2, NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, OLD_T2, OLD_T3, OLD_T4, Poseidon2,
    };

    use super::*;

    fn check<const T: usize, const R: usize>(p: Poseidon2<T>, seed: u64)
    where
        Poseidon2<T>: Compression<Fr, R>,
    {
        backends_agree(&p, seed, 2000);
        lane_model_agrees(&p, seed + 500, 5, Poseidon2::permute_many_on_lane_model);
        batches_agree(&p, seed + 1000, 0..=33);
    }

    #[test]
    fn every_path_equals_portable() {
        algebraic_hash_testkit::require_lanes_where_listed(
            algebraic_hash_montgomery::lanes_available(),
        );
        check::<2, 1>(NEW_T2, 1);
        check::<3, 2>(NEW_T3, 2);
        check::<4, 3>(NEW_T4, 3);
        check::<2, 1>(OLD_T2, 4);
        check::<3, 2>(OLD_T3, 5);
        check::<4, 3>(OLD_T4, 6);
        check::<8, 7>(NEW_T8, 7);
        check::<12, 11>(NEW_T12, 8);
        check::<16, 15>(NEW_T16, 9);
    }
}

/// The Hades instances: backends on 64 states each, and an odd batch
/// (pairs and a remainder) against one by one.
#[cfg(any(
    feature = "starknet",
    feature = "orchard",
    feature = "mina",
    feature = "dusk",
    feature = "filecoin",
    feature = "aleo"
))]
mod hades {
    use super::*;

    fn check<F: PrimeField, P: PermuteOn<[F; T]>, const T: usize>(p: P, seed: u64) {
        backends_agree(&p, seed, 64);
        let inputs = states::<F, T>(seed + 1, 7);
        let mut batch = inputs.clone();
        p.permute_many(&mut batch);
        let one: Vec<[F; T]> = inputs.iter().map(|s| on_portable(&p, s)).collect();
        assert_eq!(batch, one, "permute_many of 7, t = {T}");
    }

    #[cfg(feature = "starknet")]
    #[test]
    fn starknet() {
        use algebraic_hash_poseidon::starknet::{Felt, StarknetPoseidon};
        check::<Felt, _, 3>(StarknetPoseidon, 1);
    }

    #[cfg(feature = "orchard")]
    #[test]
    fn orchard() {
        use algebraic_hash_poseidon::orchard::{P128Pow5T3, PallasFp, VestaFp};
        check::<PallasFp, _, 3>(P128Pow5T3, 2);
        check::<VestaFp, _, 3>(P128Pow5T3, 3);
    }

    #[cfg(feature = "mina")]
    #[test]
    fn mina() {
        use algebraic_hash_poseidon::mina::{Fp, Kimchi, Legacy};
        check::<Fp, _, 3>(Kimchi, 4);
        check::<Fp, _, 3>(Legacy, 5);
    }

    #[cfg(feature = "dusk")]
    #[test]
    fn dusk() {
        use algebraic_hash_poseidon::dusk::{BlsScalar, DuskPoseidon};
        check::<BlsScalar, _, 5>(DuskPoseidon, 6);
    }

    #[cfg(feature = "filecoin")]
    #[test]
    fn filecoin() {
        use algebraic_hash_poseidon::filecoin::{Fr, Poseidon};
        check::<Fr, _, 3>(Poseidon::<2, false>, 7);
        check::<Fr, _, 3>(Poseidon::<2, true>, 8);
        check::<Fr, _, 5>(Poseidon::<4, false>, 9);
        check::<Fr, _, 5>(Poseidon::<4, true>, 10);
        check::<Fr, _, 9>(Poseidon::<8, false>, 11);
        check::<Fr, _, 9>(Poseidon::<8, true>, 12);
        check::<Fr, _, 12>(Poseidon::<11, false>, 13);
        check::<Fr, _, 12>(Poseidon::<11, true>, 14);
    }

    #[cfg(feature = "aleo")]
    #[test]
    fn aleo() {
        use algebraic_hash_poseidon::aleo::{Fr, Poseidon};
        check::<Fr, _, 3>(Poseidon::<2>::aleo(), 15);
        check::<Fr, _, 5>(Poseidon::<4>::aleo(), 16);
        check::<Fr, _, 9>(Poseidon::<8>::aleo(), 17);
    }
}
