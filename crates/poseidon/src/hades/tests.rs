//! Every backend of the Montgomery core gives the same permutation, and
//! `permute_many` equals one by one, for every Hades instance. The outside
//! answers (the ecosystems' crates and vectors) are in `tests/`.

use std::vec::Vec;

use algebraic_hash_montgomery::{Narrow, Portable};
use algebraic_hash_testkit::Rng64;
use ark_ff::{PrimeField, Zero};

use super::{Element, Spec, permute_many, permute_with};

/// `count` pseudo-random states with 0 and p − 1 mixed in.
fn states<S: Spec<4, T>, const T: usize>(seed: u64, count: usize) -> Vec<[Element<S, 4>; T]> {
    let mut rng = Rng64::new(seed, u64::MAX, &[0]);
    (0..count)
        .map(|i| {
            core::array::from_fn(|j| match (i + j) % 5 {
                0 => Element::<S, 4>::zero(),
                1 => -Element::<S, 4>::from(1u64),
                _ => {
                    let bytes: Vec<u8> = (0..4).flat_map(|_| rng.u64().to_le_bytes()).collect();
                    Element::<S, 4>::from_le_bytes_mod_order(&bytes)
                }
            })
        })
        .collect()
}

fn backends_agree<S: Spec<4, T>, const T: usize>() {
    for state in states::<S, T>(1, 64) {
        let mut expected = state;
        permute_many::<S, 4, T>(core::slice::from_mut(&mut expected));
        let mut portable = state;
        permute_with::<S, _, 4, T>(Portable, &mut portable);
        assert_eq!(portable, expected);
        let mut narrow = state;
        permute_with::<S, _, 4, T>(Narrow, &mut narrow);
        assert_eq!(narrow, expected);
        #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
        if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
            let mut fast = state;
            permute_with::<S, _, 4, T>(adx, &mut fast);
            assert_eq!(fast, expected);
        }
    }
    // Many states (an odd count: pairs and a remainder) equal one by one.
    let inputs = states::<S, T>(2, 7);
    let mut batch = inputs.clone();
    permute_many::<S, 4, T>(&mut batch);
    for (mut input, output) in inputs.into_iter().zip(batch) {
        permute_many::<S, 4, T>(core::slice::from_mut(&mut input));
        assert_eq!(input, output);
    }
}

#[cfg(feature = "starknet")]
#[test]
fn starknet_backends_agree() {
    backends_agree::<super::starknet::Starknet, 3>();
}

#[cfg(feature = "orchard")]
#[test]
fn orchard_backends_agree() {
    backends_agree::<super::orchard::Pallas, 3>();
    backends_agree::<super::orchard::Vesta, 3>();
}

#[cfg(feature = "mina")]
#[test]
fn mina_backends_agree() {
    backends_agree::<super::mina::KimchiTable, 3>();
    backends_agree::<super::mina::LegacyTable, 3>();
}

#[cfg(feature = "dusk")]
#[test]
fn dusk_backends_agree() {
    backends_agree::<super::dusk::Dusk, 5>();
}

#[cfg(feature = "filecoin")]
#[test]
fn filecoin_backends_agree() {
    use super::filecoin::Table;
    backends_agree::<Table<2, false>, 3>();
    backends_agree::<Table<2, true>, 3>();
    backends_agree::<Table<4, false>, 5>();
    backends_agree::<Table<4, true>, 5>();
    backends_agree::<Table<8, false>, 9>();
    backends_agree::<Table<8, true>, 9>();
    backends_agree::<Table<11, false>, 12>();
    backends_agree::<Table<11, true>, 12>();
}

#[cfg(feature = "aleo")]
#[test]
fn aleo_backends_agree() {
    use super::aleo::Table;
    backends_agree::<Table<2>, 3>();
    backends_agree::<Table<4>, 5>();
    backends_agree::<Table<8>, 9>();
}
