//! The plain (textbook) form of circomlib's Poseidon, from circomlibjs'
//! `poseidon_constants.js`: every round adds `T` constants, full rounds apply
//! the S-box to every element and partial rounds to element 0 only, and
//! every round multiplies by the MDS matrix. Test reference only: it checks
//! the optimized tables against the plain ones, and both against circomlibjs.

use ark_ff::{Field, Zero};

use super::{Fr, ROUNDS_F, reference_tables as tables};

fn pow5(x: Fr) -> Fr {
    x.square().square() * x
}

/// The plain-form constants of one width.
pub(crate) struct ReferenceTables<const T: usize> {
    pub(crate) rounds_p: usize,
    /// `T` constants per round, `ROUNDS_F + rounds_p` rounds.
    pub(crate) round_constants: &'static [[Fr; T]],
    /// Row-major MDS matrix.
    pub(crate) mds: [[Fr; T]; T],
}

pub(crate) fn permute<const T: usize>(state: &mut [Fr; T], tables: &ReferenceTables<T>) {
    let half = ROUNDS_F / 2;
    for (r, constants) in tables.round_constants.iter().enumerate() {
        for (x, c) in state.iter_mut().zip(constants) {
            *x += c;
        }
        if r < half || r >= half + tables.rounds_p {
            for x in state.iter_mut() {
                *x = pow5(*x);
            }
        } else {
            state[0] = pow5(state[0]);
        }
        let input = *state;
        for (out, row) in state.iter_mut().zip(&tables.mds) {
            *out = row
                .iter()
                .zip(&input)
                .fold(Fr::zero(), |acc, (w, x)| acc + *w * x);
        }
    }
}

/// The plain permutation of width `state.len()`.
pub(crate) fn permute_dyn(state: &mut [Fr]) {
    macro_rules! go {
        ($($t:literal => $tab:ident),*) => {
            match state.len() {
                $($t => permute::<$t>(state.try_into().unwrap(), &tables::$tab),)*
                n => panic!("no width {n}"),
            }
        };
    }
    go!(2 => T2, 3 => T3, 4 => T4, 5 => T5, 6 => T6, 7 => T7, 8 => T8, 9 => T9, 10 => T10,
        11 => T11, 12 => T12, 13 => T13, 14 => T14, 15 => T15, 16 => T16, 17 => T17)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;

    use algebraic_hash_testkit::VectorFile;

    use super::*;
    use crate::field::fr_from_str;

    fn parse(items: &[String]) -> Vec<Fr> {
        items.iter().map(|s| fr_from_str(s).unwrap()).collect()
    }

    /// The plain form against circomlibjs, every width, every full-state case.
    #[test]
    fn plain_form_matches_circomlibjs() {
        let mut checked = 0;
        for (t, json) in crate::circom::tests_support::VECTORS {
            let json: &str = json;
            let file = VectorFile::parse(json);
            for case in file.require("permutation") {
                let mut state = parse(&case.input);
                assert_eq!(state.len(), t);
                permute_dyn(&mut state);
                assert_eq!(
                    state,
                    parse(&case.output),
                    "t = {t}, input {:?}",
                    case.input
                );
                checked += 1;
            }
        }
        assert!(checked >= 16 * 12);
    }

    /// The optimized tables equal the plain ones on pseudo-random states.
    #[test]
    fn optimized_equals_plain() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Fr::from(seed) * Fr::from(seed.rotate_left(17)) + Fr::from(seed >> 3)
        };
        for t in 2..=17 {
            for _ in 0..20 {
                let mut a: Vec<Fr> = (0..t).map(|_| next()).collect();
                let mut b = a.clone();
                permute_dyn(&mut a);
                crate::circom::permute_state(&mut b).unwrap();
                assert_eq!(a, b, "t = {t}");
            }
        }
    }
}
