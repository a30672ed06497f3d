//! Zcash Orchard's Poseidon against halo2_poseidon 0.2.0: the zcash test
//! vectors it carries (`test_vectors::{fp, fq}`, from zcash-test-vectors'
//! `orchard_poseidon`), then random inputs for the permutation and
//! `ConstantLength<L>` (L = 1..=6, every padding case) over Pallas Fp and
//! Vesta Fp, with 0, 1 and p − 1 mixed in. Elements pass between the crates
//! as their 32 little-endian canonical bytes (both crates' encoding).
//!
//! Case counts scale with `ALGEBRAIC_HASH_CASES_PERCENT` (10 000 by default).

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use algebraic_hash_poseidon::orchard::{self, ConstantLength, P128Pow5T3, PallasFp, VestaFp};
use algebraic_hash_testkit::cases;
use ark_ff::{BigInteger, PrimeField};
use ff::PrimeField as _;
use halo2_poseidon::{ConstantLength as TheirLength, Hash, Spec, test_vectors};
use pasta_curves::{Fp as TheirPallas, Fq as TheirVesta};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

/// One field on both sides.
trait Pair: PrimeField {
    type Theirs: ff::PrimeField<Repr = [u8; 32]> + ff::FromUniformBytes<64> + Ord;
    fn theirs(&self) -> Self::Theirs {
        let bytes: [u8; 32] = self
            .into_bigint()
            .to_bytes_le()
            .try_into()
            .expect("32 bytes");
        Self::Theirs::from_repr(bytes).expect("canonical")
    }
    fn ours(x: &Self::Theirs) -> Self {
        let ours = Self::from_le_bytes_mod_order(&x.to_repr());
        assert_eq!(ours.theirs(), *x, "canonical round trip");
        ours
    }
}

impl Pair for PallasFp {
    type Theirs = TheirPallas;
}

impl Pair for VestaFp {
    type Theirs = TheirVesta;
}

fn random<F: PrimeField>(rng: &mut StdRng) -> F {
    match rng.random_range(0..16u32) {
        0 => F::zero(),
        1 => F::one(),
        2 => -F::one(),
        _ => {
            let mut bytes = [0u8; 64];
            rng.fill_bytes(&mut bytes);
            F::from_le_bytes_mod_order(&bytes)
        }
    }
}

fn zcash_vectors<F: Pair>(
    permute: Vec<test_vectors::PermuteTestVector>,
    hash: Vec<test_vectors::HashTestVector>,
) where
    P128Pow5T3: Permutation<[F; 3]> + Compression<F, 2>,
{
    let read = |bytes: &[u8; 32]| F::from_le_bytes_mod_order(bytes);
    assert!(!permute.is_empty() && !hash.is_empty());
    for v in permute {
        let state = v.initial_state.map(|b| read(&b));
        assert_eq!(P128Pow5T3.permute(state), v.final_state.map(|b| read(&b)));
    }
    for v in hash {
        let input = v.input.map(|b| read(&b));
        assert_eq!(P128Pow5T3.compress(input), read(&v.output));
        assert_eq!(orchard::hash(input), read(&v.output));
    }
}

#[test]
fn zcash_test_vectors_pallas() {
    zcash_vectors::<PallasFp>(test_vectors::fp::permute(), test_vectors::fp::hash());
}

#[test]
fn zcash_test_vectors_vesta() {
    zcash_vectors::<VestaFp>(test_vectors::fq::permute(), test_vectors::fq::hash());
}

fn their_permutation<F: Pair>(state: [F; 3]) -> [F; 3]
where
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    let (constants, mds, _) = <halo2_poseidon::P128Pow5T3 as Spec<F::Theirs, 3, 2>>::constants();
    let mut theirs = state.map(|x| x.theirs());
    halo2_poseidon::test_only_permute::<_, halo2_poseidon::P128Pow5T3, 3, 2>(
        &mut theirs,
        &mds,
        &constants,
    );
    theirs.map(|x| F::ours(&x))
}

fn their_hash<F: Pair, const L: usize>(message: [F; L]) -> F
where
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    let theirs = Hash::<_, halo2_poseidon::P128Pow5T3, TheirLength<L>, 3, 2>::init()
        .hash(message.map(|x| x.theirs()));
    F::ours(&theirs)
}

fn permutation<F: Pair>(seed: u64)
where
    P128Pow5T3: Permutation<[F; 3]>,
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    let mut rng = StdRng::seed_from_u64(seed);
    let mut batch = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..cases(10_000) {
        let state: [F; 3] = core::array::from_fn(|_| random(&mut rng));
        let want = their_permutation(state);
        assert_eq!(P128Pow5T3.permute(state), want, "state {state:?}");
        batch.push(state);
        expected.push(want);
    }
    P128Pow5T3.permute_many(&mut batch);
    assert_eq!(batch, expected, "permute_many");
}

fn constant_length<F: Pair, const L: usize>(rng: &mut StdRng, count: u32)
where
    P128Pow5T3: Permutation<[F; 3]>,
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    for _ in 0..count {
        let message: [F; L] = core::array::from_fn(|_| random(rng));
        assert_eq!(orchard::hash(message), their_hash(message), "{L} elements");
    }
}

/// The `Hasher` view of `ConstantLength<3>`: the hash of exactly three
/// elements, any other count refused.
fn hasher_view<F: Pair>(rng: &mut StdRng)
where
    ConstantLength<3>: Hasher<F, Digest = F>,
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    let message: [F; 3] = core::array::from_fn(|_| random(rng));
    assert_eq!(
        ConstantLength::<3>.hash_elements(&message),
        their_hash(message)
    );
    for n in [0, 2, 4] {
        assert_eq!(
            ConstantLength::<3>.try_hash_elements(&vec![F::zero(); n]),
            Err(Error::WrongLength {
                what: "ConstantLength message",
                expected: 3,
                found: n
            })
        );
    }
}

fn hashes<F: Pair>(seed: u64)
where
    P128Pow5T3: Permutation<[F; 3]> + Compression<F, 2>,
    ConstantLength<3>: Hasher<F, Digest = F>,
    halo2_poseidon::P128Pow5T3: Spec<F::Theirs, 3, 2>,
{
    let mut rng = StdRng::seed_from_u64(seed);
    let n = cases(10_000);
    // L = 2 (the Orchard hash) in full, the other lengths a tenth each.
    let mut inputs = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..n {
        let message = [random::<F>(&mut rng), random(&mut rng)];
        let want = their_hash(message);
        assert_eq!(P128Pow5T3.compress(message), want);
        inputs.push(message);
        expected.push(want);
    }
    let mut batch = vec![F::zero(); inputs.len()];
    P128Pow5T3.compress_many(&inputs, &mut batch);
    assert_eq!(batch, expected, "compress_many");
    let tenth = (n / 10).max(1);
    constant_length::<F, 1>(&mut rng, tenth);
    constant_length::<F, 2>(&mut rng, tenth);
    constant_length::<F, 3>(&mut rng, tenth);
    constant_length::<F, 4>(&mut rng, tenth);
    constant_length::<F, 5>(&mut rng, tenth);
    constant_length::<F, 6>(&mut rng, tenth);
    hasher_view::<F>(&mut rng);
}

#[test]
fn permutation_pallas() {
    permutation::<PallasFp>(1);
}

#[test]
fn permutation_vesta() {
    permutation::<VestaFp>(2);
}

#[test]
fn hashes_pallas() {
    hashes::<PallasFp>(3);
}

#[test]
fn hashes_vesta() {
    hashes::<VestaFp>(4);
}
