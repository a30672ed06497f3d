//! Filecoin's Poseidon against neptune 13.0.0 itself (`bls` feature, built
//! in this process), for every arity (2, 4, 8, 11) and both strengths:
//! the permutation (neptune's `Poseidon::hash` on a state set directly, the
//! whole state read back), the Merkle-tree hash (`new_with_preimage` +
//! `hash`, one by one and as a batch), the constant-length hash of every
//! length, and the encryption and custom tags; 10 000 random inputs per
//! entry point and instance, with 0, 1 and p − 1 mixed in and as whole
//! inputs.

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon::filecoin::{Fr, HashType, Poseidon as Ours};
use algebraic_hash_testkit::Rng64;
use ark_ff::{AdditiveGroup, BigInteger, Field, PrimeField};
use blstrs::Scalar;
use generic_array::typenum::{U2, U4, U8, U11};
use neptune::Strength;
use neptune::hash_type::{CType, HashType as NeptuneType};
use neptune::poseidon::{Arity, HashMode, Poseidon, PoseidonConstants};

/// Random inputs per entry point and instance.
const INPUTS: usize = 10_000;

fn to_scalar(x: &Fr) -> Scalar {
    let bytes: [u8; 32] = x.into_bigint().to_bytes_le().try_into().expect("32 bytes");
    Option::from(Scalar::from_bytes_le(&bytes)).expect("canonical")
}

fn from_scalar(x: &Scalar) -> Fr {
    Fr::from_le_bytes_mod_order(&x.to_bytes_le())
}

/// A stream of elements: one in eight 0, 1 or p − 1, else uniform below p.
struct Elements(Rng64);

impl Elements {
    fn new(seed: u64) -> Self {
        Self(Rng64::new(seed, u64::MAX, &[0]))
    }

    fn next(&mut self) -> Fr {
        let r = self.0.u64();
        match r % 24 {
            0 => Fr::ZERO,
            1 => Fr::ONE,
            2 => -Fr::ONE,
            _ => loop {
                let mut limbs = [0u64; 4];
                for l in &mut limbs {
                    *l = self.0.u64();
                }
                limbs[3] >>= 1;
                if let Some(x) = Fr::from_bigint(ark_ff::BigInt(limbs)) {
                    break x;
                }
            },
        }
    }

    /// `n` elements; the first three draws are all-0, all-1, all-(p − 1).
    fn vec(&mut self, n: usize, draw: usize) -> Vec<Fr> {
        match draw {
            0 => vec![Fr::ZERO; n],
            1 => vec![Fr::ONE; n],
            2 => vec![-Fr::ONE; n],
            _ => (0..n).map(|_| self.next()).collect(),
        }
    }
}

/// neptune's `Poseidon::new` + `input` + `hash`.
fn neptune_hash<A: Arity<Scalar>>(c: &PoseidonConstants<Scalar, A>, preimage: &[Fr]) -> Fr {
    let mut p = Poseidon::new(c);
    for x in preimage {
        p.input(to_scalar(x)).expect("fits");
    }
    from_scalar(&p.hash())
}

macro_rules! differential {
    ($name:ident, $arity:literal, $typenum:ty, $strengthened:literal, $strength:expr, $rp:literal) => {
        #[test]
        fn $name() {
            const A: usize = $arity;
            const W: usize = $arity + 1;
            let ours = Ours::<A, $strengthened>;
            let strength = $strength;
            let merkle = PoseidonConstants::<Scalar, $typenum>::new_with_strength(strength);
            assert_eq!((merkle.full_rounds, merkle.partial_rounds), (8, $rp));
            let mut rng = Elements::new(0x6e65_7074_756e_65 ^ ($arity * 2 + $strengthened as u64));

            // The permutation, whole state; the first 100 also against
            // neptune's textbook rounds (HashMode::Correct).
            let mut states: Vec<[Fr; W]> = Vec::with_capacity(INPUTS);
            for draw in 0..INPUTS {
                let state: [Fr; W] = rng.vec(W, draw).try_into().expect("width");
                let mut p = Poseidon::new(&merkle);
                for (cell, x) in p.elements.iter_mut().zip(&state) {
                    *cell = to_scalar(x);
                }
                let mut textbook = p.clone();
                p.hash();
                let expected: [Fr; W] = core::array::from_fn(|i| from_scalar(&p.elements[i]));
                assert_eq!(ours.permute(state), expected, "permutation {state:?}");
                if draw < 100 {
                    textbook.hash_in_mode(HashMode::Correct);
                    assert_eq!(textbook.elements, p.elements, "neptune textbook rounds");
                }
                states.push(state);
            }
            // permute_many (pairs and a remainder) equals one by one.
            let mut batch = states[..101].to_vec();
            ours.permute_many(&mut batch);
            for (state, out) in states.iter().zip(&batch) {
                assert_eq!(ours.permute(*state), *out);
            }

            // The Merkle-tree hash (Filecoin's tree node / column hash).
            let mut inputs: Vec<[Fr; A]> = Vec::with_capacity(INPUTS);
            let mut expected = Vec::with_capacity(INPUTS);
            for draw in 0..INPUTS {
                let x: [Fr; A] = rng.vec(A, draw).try_into().expect("arity");
                let scalars: Vec<Scalar> = x.iter().map(to_scalar).collect();
                let want = from_scalar(&Poseidon::new_with_preimage(&scalars, &merkle).hash());
                assert_eq!(ours.compress(x), want, "merkle tree {x:?}");
                assert_eq!(ours.merkle_tree(x), want);
                assert_eq!(ours.hash(HashType::MerkleTree, &x), Ok(want));
                inputs.push(x);
                expected.push(want);
            }
            let mut outputs = vec![Fr::ZERO; INPUTS];
            ours.compress_many(&inputs, &mut outputs);
            assert_eq!(outputs, expected, "compress_many");

            // The constant-length hash, every length 0..=A in turn.
            let constant: Vec<PoseidonConstants<Scalar, $typenum>> = (0..=A)
                .map(|k| {
                    PoseidonConstants::new_with_strength_and_type(
                        strength,
                        NeptuneType::ConstantLength(k),
                    )
                })
                .collect();
            for draw in 0..INPUTS {
                let k = draw % (A + 1);
                let x = rng.vec(k, draw / (A + 1));
                let scalars: Vec<Scalar> = x.iter().map(to_scalar).collect();
                let want = from_scalar(&Poseidon::new_with_preimage(&scalars, &constant[k]).hash());
                assert_eq!(ours.hash_elements(&x), want, "constant length {x:?}");
                assert_eq!(ours.hash(HashType::ConstantLength(k), &x), Ok(want));
            }

            // Encryption and custom tags (the ends of 1..=256 and a few
            // between: each `PoseidonConstants` is built whole; the
            // `domain_tags` test covers every id), preimages of every
            // length.
            let encryption = PoseidonConstants::<Scalar, $typenum>::new_with_strength_and_type(
                strength,
                NeptuneType::Encryption,
            );
            for draw in 0..1000 {
                let x = rng.vec(draw % (A + 1), draw);
                assert_eq!(
                    ours.hash(HashType::Encryption, &x),
                    Ok(neptune_hash(&encryption, &x))
                );
            }
            for id in [1u64, 2, 3, 100, 255, 256] {
                let custom = PoseidonConstants::<Scalar, $typenum>::new_with_strength_and_type(
                    strength,
                    NeptuneType::Custom(CType::Arbitrary(id)),
                );
                for draw in 0..50 {
                    let x = rng.vec((id as usize + draw) % (A + 1), draw + 3);
                    assert_eq!(
                        ours.hash(HashType::Custom(id), &x),
                        Ok(neptune_hash(&custom, &x)),
                        "custom id {id}"
                    );
                }
            }

            // Refusals: too long a preimage, a constant length that is not
            // the preimage's, a custom id outside 1..=256.
            let long = rng.vec(A + 1, 5);
            assert!(ours.try_hash_elements(&long).is_err());
            assert!(ours.hash(HashType::MerkleTree, &long).is_err());
            assert!(ours.hash(HashType::ConstantLength(1), &[]).is_err());
            assert!(ours.hash(HashType::Custom(0), &[]).is_err());
            assert!(ours.hash(HashType::Custom(257), &[]).is_err());
        }
    };
}

differential!(arity_2, 2, U2, false, Strength::Standard, 55);
differential!(
    arity_2_strengthened,
    2,
    U2,
    true,
    Strength::Strengthened,
    69
);
differential!(arity_4, 4, U4, false, Strength::Standard, 56);
differential!(
    arity_4_strengthened,
    4,
    U4,
    true,
    Strength::Strengthened,
    70
);
differential!(arity_8, 8, U8, false, Strength::Standard, 57);
differential!(
    arity_8_strengthened,
    8,
    U8,
    true,
    Strength::Strengthened,
    72
);
differential!(arity_11, 11, U11, false, Strength::Standard, 57);
differential!(
    arity_11_strengthened,
    11,
    U11,
    true,
    Strength::Strengthened,
    72
);

/// The domain tags, against neptune's `HashType::domain_tag`.
#[test]
fn domain_tags() {
    fn tags<A: Arity<Scalar>>() {
        let arity = A::to_usize();
        assert_eq!(
            HashType::MerkleTree.domain_tag(arity),
            Ok(from_scalar(
                &NeptuneType::<Scalar, A>::MerkleTree.domain_tag()
            ))
        );
        for k in 0..=arity {
            assert_eq!(
                HashType::ConstantLength(k).domain_tag(arity),
                Ok(from_scalar(
                    &NeptuneType::<Scalar, A>::ConstantLength(k).domain_tag()
                ))
            );
        }
        assert_eq!(
            HashType::Encryption.domain_tag(arity),
            Ok(from_scalar(
                &NeptuneType::<Scalar, A>::Encryption.domain_tag()
            ))
        );
        for id in 1..=256 {
            assert_eq!(
                HashType::Custom(id).domain_tag(arity),
                Ok(from_scalar(
                    &NeptuneType::<Scalar, A>::Custom(CType::Arbitrary(id)).domain_tag()
                ))
            );
        }
    }
    tags::<U2>();
    tags::<U4>();
    tags::<U8>();
    tags::<U11>();
}
