//! The arkworks adapters (feature `ark-crypto-primitives`): arkworks'
//! `MerkleTree` over the Anemoi hash and two-cell Jive gives the root of the
//! workspace's `MerkleTree` over `AnemoiJive`, and `ArkSponge` over the
//! Anemoi duplex squeezes the reference sponge's digest for padded input.
#![cfg(all(
    feature = "ark-crypto-primitives",
    feature = "bn254-fq",
    feature = "bls12-381-fq"
))]

use algebraic_hash::MerkleTree as OurTree;
use algebraic_hash_anemoi::ark::{AnemoiCrh, AnemoiJiveCrh, ArkSponge, anemoi_duplex};
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
use ark_crypto_primitives::merkle_tree::{Config, IdentityDigestConverter, MerkleTree};
use ark_crypto_primitives::sponge::{Absorb, CryptographicSponge, FieldBasedCryptographicSponge};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use std::marker::PhantomData;

struct Tree<F>(PhantomData<F>);
impl<F: AnemoiField + Absorb> Config for Tree<F> {
    type Leaf = [F];
    type LeafDigest = F;
    type LeafInnerDigestConverter = IdentityDigestConverter<F>;
    type InnerDigest = F;
    type LeafHash = AnemoiCrh<F, 1, 2>;
    type TwoToOneHash = AnemoiJiveCrh<F>;
}

fn element<F: AnemoiField>(i: u64) -> F {
    F::from(i.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0x1234_5678)
}

fn tree_roots_agree<F: AnemoiField + Absorb>(version: Version) {
    let hash = AnemoiHash::<F, 1, 2>::new(version);
    let anemoi = Anemoi::<F, 1, 2>::new(version);
    for log in 1..=4 {
        let leaves: Vec<[F; 3]> = (0..1u64 << log)
            .map(|i| [element(3 * i), element(3 * i + 1), element(3 * i + 2)])
            .collect();
        let ark = MerkleTree::<Tree<F>>::new(&hash, &anemoi, &leaves).unwrap();
        let digests: Vec<[F; 1]> = leaves.iter().map(|l| [hash.hash_elements(l)]).collect();
        let ours = OurTree::new(AnemoiJive::<F, 1, 2>::new(anemoi), digests).unwrap();
        assert_eq!(
            [ark.root()],
            *ours.root(),
            "{} {} leaves",
            F::NAME,
            1 << log
        );
        let proof = ark.generate_proof(1).unwrap();
        assert!(
            proof
                .verify(&hash, &anemoi, &ark.root(), leaves[1].as_slice())
                .unwrap()
        );
        assert_eq!(
            AnemoiJiveCrh::<F>::evaluate(&anemoi, leaves[0][0], leaves[0][1]).unwrap(),
            anemoi.compress([leaves[0][0], leaves[0][1]])[0]
        );
    }
}

#[test]
fn merkle_tree_roots_equal_ours() {
    tree_roots_agree::<ark_bn254::Fq>(Version::Crypto2023);
    tree_roots_agree::<ark_bn254::Fq>(Version::Eprint2022);
    tree_roots_agree::<ark_bls12_381::Fq>(Version::Crypto2023);
}

fn sponge_agrees<F: AnemoiField + Absorb, const L: usize, const W: usize, const RATE: usize>() {
    let anemoi = Anemoi::<F, L, W>::new(Version::Crypto2023);
    let hash = AnemoiHash::<F, L, W>::new(Version::Crypto2023);
    for n in 0..3 * RATE + 2 {
        if n != 0 && n % RATE == 0 {
            continue; // whole blocks: the reference adds σ to the capacity
        }
        let message: Vec<F> = (0..n as u64).map(element).collect();
        let mut padded = message.clone();
        padded.push(F::one());
        let mut sponge = ArkSponge::<F, _>::new(&anemoi_duplex::<F, L, W, RATE>(anemoi));
        sponge.absorb(&padded);
        let squeezed = sponge.squeeze_native_field_elements(3);
        assert_eq!(
            squeezed,
            hash.hash_elements_to::<3>(&message),
            "{} n = {n}",
            F::NAME
        );
    }
}

#[test]
fn ark_sponge_squeezes_the_reference_digest_of_padded_input() {
    sponge_agrees::<ark_bn254::Fq, 1, 2, 1>();
    sponge_agrees::<ark_bn254::Fq, 2, 4, 3>();
    sponge_agrees::<ark_bls12_381::Fq, 3, 6, 5>();
}

#[test]
fn parameters_serialise_as_their_version() {
    for (version, byte) in [(Version::Crypto2023, 0u8), (Version::Eprint2022, 1u8)] {
        let hash = AnemoiHash::<ark_bn254::Fq, 1, 2>::new(version);
        let mut bytes = Vec::new();
        hash.serialize_compressed(&mut bytes).unwrap();
        assert_eq!(bytes, [byte]);
        let back = Anemoi::<ark_bn254::Fq, 1, 2>::deserialize_compressed(&bytes[..]).unwrap();
        assert_eq!(back.version(), version);
    }
    assert!(Anemoi::<ark_bn254::Fq, 1, 2>::deserialize_compressed(&[7u8][..]).is_err());
    let setup = AnemoiCrh::<ark_bn254::Fq, 1, 2>::setup(&mut ark_std::test_rng()).unwrap();
    assert_eq!(setup.permutation().version(), Version::Crypto2023);
}
