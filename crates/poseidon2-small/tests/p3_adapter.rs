//! The `p3-adapter` feature against Plonky3 0.8 itself: for each of
//! Plonky3's nine default instances, our instance permuting Plonky3's field
//! values — one element per cell, and 16 lanes per cell (`[F; 16]`, a
//! `PackedValue` of Plonky3's whatever the build's target features) — gives
//! what Plonky3's own `Poseidon2*` gives; and a `MerkleTreeMmcs` whose
//! sponge and compression wrap our instance commits to the same root as the
//! same MMCS over Plonky3's permutation, for matrices whose heights and
//! widths leave partial packs and partial sponge blocks.
#![cfg(all(feature = "p3-adapter", not(any(miri, algebraic_hash_no_oracles))))]

use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_testkit::{Rng64, cases};
use p3_commit::Mmcs;
use p3_field::{Field, PrimeField64};
use p3_matrix::dense::RowMajorMatrix;
use p3_merkle_tree::MerkleTreeMmcs;
use p3_symmetric::{
    CryptographicPermutation, PaddingFreeSponge, Permutation, TruncatedPermutation,
};

/// Lanes of the explicitly packed check.
const LANES: usize = 16;

/// Plonky3's element from a canonical value.
fn element<G: PrimeField64>(value: u64) -> G {
    G::from_u64(value)
}

/// `n` states as single elements and as one `[G; LANES]` pack per cell
/// (and `[G; 8]`: AVX2's packing width, which the 31-bit instances run
/// where the packs lie, as they do 16), each through both permutations.
fn check_permutation<G, Ours, Theirs, const W: usize>(seed: u64, ours: &Ours, theirs: &Theirs)
where
    G: PrimeField64,
    Ours: CryptographicPermutation<[G; W]>
        + CryptographicPermutation<[[G; LANES]; W]>
        + CryptographicPermutation<[[G; 8]; W]>,
    Theirs: Permutation<[G; W]>,
{
    let p = G::ORDER_U64;
    let edges: &'static [u64] = Box::leak(vec![0, 1, p - 1, p - 2].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    let n = cases(10_000) as usize;
    let mut expected = Vec::with_capacity(n);
    for _ in 0..n {
        let state: [G; W] = core::array::from_fn(|_| element(rng.element()));
        let answer = theirs.permute(state);
        assert_eq!(
            Permutation::<[G; W]>::permute(ours, state),
            answer,
            "{state:?}"
        );
        expected.push((state, answer));
    }
    check_packs::<G, Ours, W, LANES>(ours, &expected);
    check_packs::<G, Ours, W, 8>(ours, &expected);
}

/// The `(state, answer)` pairs of `expected` packed `N` to a cell and
/// permuted by `ours`.
fn check_packs<G, Ours, const W: usize, const N: usize>(ours: &Ours, expected: &[([G; W], [G; W])])
where
    G: PrimeField64,
    Ours: CryptographicPermutation<[[G; N]; W]>,
{
    for group in expected.chunks_exact(N) {
        let mut packed: [[G; N]; W] = [[G::ZERO; N]; W];
        for (lane, (state, _)) in group.iter().enumerate() {
            for (cell, value) in packed.iter_mut().zip(state) {
                cell[lane] = *value;
            }
        }
        Permutation::<[[G; N]; W]>::permute_mut(ours, &mut packed);
        for (lane, (_, answer)) in group.iter().enumerate() {
            let got: [G; W] = core::array::from_fn(|cell| packed[cell][lane]);
            assert_eq!(got, *answer, "{N} lanes, lane {lane}");
        }
    }
}

/// Matrix shapes of the MMCS check: heights 1 to 128 (partial packs of
/// every packing), widths below, at and above the sponge rate.
fn shapes(rate: usize) -> [(usize, usize); 6] {
    [
        (1, 1),
        (2, 3),
        (8, rate),
        (16, rate + 1),
        (32, 2 * rate + 3),
        (128, 5),
    ]
}

/// Random matrices of [`shapes`] over `G`.
fn matrices<G: PrimeField64>(seed: u64, rate: usize) -> Vec<RowMajorMatrix<G>> {
    let p = G::ORDER_U64;
    let edges: &'static [u64] = Box::leak(vec![0, 1, p - 1].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    shapes(rate)
        .into_iter()
        .map(|(height, width)| {
            let values = rng
                .elements(height * width)
                .into_iter()
                .map(element)
                .collect();
            RowMajorMatrix::new(values, width)
        })
        .collect()
}

/// One MMCS over our instance and one over Plonky3's (digest `$out`
/// elements, rate `$rate`, binary tree, the field's own packing): the same
/// commitment to each matrix of [`matrices`].
macro_rules! check_mmcs {
    ($field:ty, $ours:expr, $theirs:expr, $w:literal, $rate:literal, $out:literal, $seed:expr) => {{
        type Packing = <$field as Field>::Packing;
        let ours = MerkleTreeMmcs::<Packing, Packing, _, _, 2, $out>::new(
            PaddingFreeSponge::<_, $w, $rate, $out>::new($ours),
            TruncatedPermutation::<_, 2, $out, $w>::new($ours),
            0,
        );
        let theirs = MerkleTreeMmcs::<Packing, Packing, _, _, 2, $out>::new(
            PaddingFreeSponge::<_, $w, $rate, $out>::new($theirs.clone()),
            TruncatedPermutation::<_, 2, $out, $w>::new($theirs),
            0,
        );
        for matrix in matrices::<$field>($seed, $rate) {
            let shape = (matrix.values.len() / matrix.width, matrix.width);
            let (a, _) = ours.commit_matrix(matrix.clone());
            let (b, _) = theirs.commit_matrix(matrix);
            assert_eq!(a, b, "height × width {shape:?}");
        }
    }};
}

macro_rules! instance_test {
    ($name:ident, $field:ty, $ours:expr, $theirs:expr, $w:literal, $rate:literal, $out:literal, $seed:literal) => {
        #[test]
        fn $name() {
            let theirs = $theirs;
            check_permutation::<$field, _, _, $w>($seed, &$ours, &theirs);
            check_mmcs!($field, $ours, theirs, $w, $rate, $out, $seed + 1);
        }
    };
}

instance_test!(
    babybear_16,
    p3_baby_bear::BabyBear,
    BABYBEAR_16,
    p3_baby_bear::default_babybear_poseidon2_16(),
    16,
    8,
    8,
    10
);
instance_test!(
    babybear_24,
    p3_baby_bear::BabyBear,
    BABYBEAR_24,
    p3_baby_bear::default_babybear_poseidon2_24(),
    24,
    16,
    8,
    20
);
instance_test!(
    koalabear_16,
    p3_koala_bear::KoalaBear,
    KOALABEAR_16,
    p3_koala_bear::default_koalabear_poseidon2_16(),
    16,
    8,
    8,
    30
);
instance_test!(
    koalabear_24,
    p3_koala_bear::KoalaBear,
    KOALABEAR_24,
    p3_koala_bear::default_koalabear_poseidon2_24(),
    24,
    16,
    8,
    40
);
instance_test!(
    mersenne31_16,
    p3_mersenne_31::Mersenne31,
    MERSENNE31_16,
    p3_mersenne_31::default_mersenne31_poseidon2_16(),
    16,
    8,
    8,
    50
);
instance_test!(
    mersenne31_24,
    p3_mersenne_31::Mersenne31,
    MERSENNE31_24,
    p3_mersenne_31::default_mersenne31_poseidon2_24(),
    24,
    16,
    8,
    60
);
instance_test!(
    goldilocks_8,
    p3_goldilocks::Goldilocks,
    GOLDILOCKS_8,
    p3_goldilocks::default_goldilocks_poseidon2_8(),
    8,
    4,
    4,
    70
);
instance_test!(
    goldilocks_12,
    p3_goldilocks::Goldilocks,
    GOLDILOCKS_12,
    p3_goldilocks::default_goldilocks_poseidon2_12(),
    12,
    8,
    4,
    80
);
instance_test!(
    goldilocks_16,
    p3_goldilocks::Goldilocks,
    GOLDILOCKS_16,
    p3_goldilocks::default_goldilocks_poseidon2_16(),
    16,
    8,
    4,
    90
);

/// The premise of the adapter's crossing by Montgomery words for BabyBear
/// and KoalaBear: Plonky3's `to_unique_u32` and its serde encoding are the
/// word our field stores, on random values and the edges. If a Plonky3
/// release changed either, the adapter would still answer as Plonky3 does
/// (it checks the element 1 and otherwise crosses by canonical values, and
/// the tests above compare every answer) but slower; this test says so.
fn check_shared_word<F, G>(seed: u64)
where
    F: algebraic_hash_poseidon2_small::p3_adapter::P3Counterpart<P3 = G>
        + algebraic_hash_poseidon2_small::field::Field31,
    G: p3_field::PrimeField32 + for<'de> serde::Deserialize<'de>,
{
    let p = u64::from(G::ORDER_U32);
    let edges: &'static [u64] = Box::leak(vec![0, 1, 2, p - 1, p - 2].into_boxed_slice());
    let mut rng = Rng64::new(seed, p, edges);
    for _ in 0..cases(10_000) {
        let value = rng.element();
        let theirs: G = element(value);
        let ours = F::from_canonical(value as u32).expect("below p");
        assert_eq!(theirs.to_unique_u32(), ours.to_stored(), "{value}");
        let decoded = G::deserialize(
            serde::de::value::U32Deserializer::<serde::de::value::Error>::new(ours.to_stored()),
        );
        assert_eq!(decoded, Ok(theirs), "{value}");
        assert_eq!(F::from_p3(theirs), ours, "{value}");
        assert_eq!(ours.to_p3(), theirs, "{value}");
    }
}

#[test]
fn monty_fields_share_the_stored_word() {
    use algebraic_hash_poseidon2_small::field::{BabyBear, KoalaBear};
    check_shared_word::<BabyBear, p3_baby_bear::BabyBear>(70);
    check_shared_word::<KoalaBear, p3_koala_bear::KoalaBear>(71);
}
