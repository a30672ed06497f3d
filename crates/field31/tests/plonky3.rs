//! The fields against Plonky3's own field crates (p3-baby-bear,
//! p3-koala-bear, p3-mersenne-31 0.8): the same operations on the same
//! random and edge values give the same canonical results.
#![cfg(not(any(miri, algebraic_hash_no_oracles)))]

use algebraic_hash_field31::{BabyBear, Field31, KoalaBear, Mersenne31};
use algebraic_hash_testkit::{Rng64, cases};
use p3_field::PrimeField32;

fn check<F: Field31, G: PrimeField32>(seed: u64) {
    assert_eq!(u64::from(F::MODULUS), G::ORDER_U64);
    static EDGES: [u64; 3] = [0, 1, 2];
    let p = u64::from(F::MODULUS);
    let mut rng = Rng64::new(seed, p, &EDGES);
    for _ in 0..cases(100_000) {
        let (a, b) = (rng.element(), rng.element());
        let (a, b) = if rng.below(8) == 0 {
            (p - 1, b)
        } else {
            (a, b)
        };
        let (x, y) = (
            F::from_canonical(a as u32).unwrap(),
            F::from_canonical(b as u32).unwrap(),
        );
        let (u, v) = (G::from_u32(a as u32), G::from_u32(b as u32));
        let same = |ours: F, theirs: G, op: &str| {
            assert_eq!(
                ours.to_canonical(),
                theirs.as_canonical_u32(),
                "{} {a} {op} {b}",
                F::NAME
            )
        };
        same(x + y, u + v, "+");
        same(x - y, u - v, "-");
        same(x * y, u * v, "*");
        same(-x, -u, "neg");
        same(x.exp_u64(7), u.exp_u64(7), "^7");
    }
}

#[test]
fn babybear_matches_plonky3() {
    check::<BabyBear, p3_baby_bear::BabyBear>(21);
}

#[test]
fn koalabear_matches_plonky3() {
    check::<KoalaBear, p3_koala_bear::KoalaBear>(22);
}

#[test]
fn mersenne31_matches_plonky3() {
    check::<Mersenne31, p3_mersenne_31::Mersenne31>(23);
}

/// The Montgomery words are Plonky3's own (`x · 2^32 mod p`), so states
/// could be handed over word for word.
#[test]
fn montgomery_words_are_plonky3s() {
    for v in [0u32, 1, 2, 12345, BabyBear::MODULUS - 1] {
        let ours = BabyBear::from_canonical(v).unwrap().to_stored();
        assert_eq!(
            u64::from(ours),
            (u64::from(v) << 32) % u64::from(BabyBear::MODULUS)
        );
    }
}
