//! The Plonky3 adapters (feature `plonky3`): `p3_symmetric`'s traits on
//! `Rp64_256`, over `p3_goldilocks::Goldilocks` and over `Felt`, give
//! winter-crypto 0.13's `Rp64_256` answers on random inputs.
#![cfg(all(feature = "plonky3", feature = "winterfell"))]

use algebraic_hash_rescue::plonky3::{from_goldilocks, to_goldilocks};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use algebraic_hash_testkit::Rng64;
use p3_goldilocks::Goldilocks;
use p3_symmetric::{CryptographicHasher, Permutation, PseudoCompressionFunction};
use winter_crypto::hashers::Rp64_256 as Winter;
use winter_crypto::{ElementHasher, Hasher};
use winter_math::fields::f64::BaseElement;

/// Inputs below p, with edge values mixed in (testkit's splitmix64).
const EDGES: [u64; 5] = [0, 1, Felt::MODULUS - 1, 1 << 32, (1 << 32) - 1];

fn rng(seed: u64) -> Rng64 {
    Rng64::new(seed, Felt::MODULUS, &EDGES)
}

fn winter_digest_to_goldilocks(d: &[BaseElement]) -> [Goldilocks; 4] {
    core::array::from_fn(|i| Goldilocks::new(d[i].as_int()))
}

#[test]
fn goldilocks_traits_equal_winter_crypto() {
    let mut g = rng(7);
    for n in 0..40 {
        let raw: Vec<u64> = (0..n).map(|_| g.element()).collect();
        let p3: Vec<Goldilocks> = raw.iter().map(|&x| Goldilocks::new(x)).collect();
        let winter: Vec<BaseElement> = raw.iter().map(|&x| BaseElement::new(x)).collect();
        let expected = winter_digest_to_goldilocks(Winter::hash_elements(&winter).as_elements());
        assert_eq!(
            CryptographicHasher::<Goldilocks, [Goldilocks; 4]>::hash_iter(&Rp64_256, p3.clone())
                .map(|x| x.as_canonical()),
            expected.map(|x| x.as_canonical()),
            "n = {n}"
        );
    }
    for _ in 0..200 {
        let state: [u64; 12] = core::array::from_fn(|_| g.element());
        let mut winter = state.map(BaseElement::new);
        Winter::apply_permutation(&mut winter);
        let ours = Permutation::permute(&Rp64_256, state.map(Goldilocks::new));
        assert_eq!(ours.map(|x| x.as_canonical()), winter.map(|x| x.as_int()));

        let a: [u64; 4] = core::array::from_fn(|_| g.element());
        let b: [u64; 4] = core::array::from_fn(|_| g.element());
        let wa = algebraic_hash_rescue::WinterDigest::new(a.map(BaseElement::new));
        let wb = algebraic_hash_rescue::WinterDigest::new(b.map(BaseElement::new));
        let expected = winter_digest_to_goldilocks(Winter::merge(&[wa, wb]).as_elements());
        let ours = PseudoCompressionFunction::<[Goldilocks; 4], 2>::compress(
            &Rp64_256,
            [a.map(Goldilocks::new), b.map(Goldilocks::new)],
        );
        assert_eq!(
            ours.map(|x| x.as_canonical()),
            expected.map(|x| x.as_canonical())
        );
        // The Felt-typed impls agree with the Goldilocks ones.
        let felt = |x: [u64; 4]| ElementDigest::new(x.map(|v| Felt::from_canonical(v).unwrap()));
        let ours_felt =
            PseudoCompressionFunction::<ElementDigest, 2>::compress(&Rp64_256, [felt(a), felt(b)]);
        assert_eq!(
            ours_felt
                .as_elements()
                .map(to_goldilocks)
                .map(|x| x.as_canonical()),
            ours.map(|x| x.as_canonical())
        );
    }
    // Non-canonical Goldilocks values (Plonky3 allows them) are reduced.
    assert_eq!(
        from_goldilocks(Goldilocks::new(u64::MAX)).to_u64(),
        u64::MAX - Felt::MODULUS
    );
}

trait Canonical {
    fn as_canonical(&self) -> u64;
}
impl Canonical for Goldilocks {
    fn as_canonical(&self) -> u64 {
        use p3_field::PrimeField64;
        self.as_canonical_u64()
    }
}
