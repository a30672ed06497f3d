//! The arkworks adapters (feature `ark-crypto-primitives`): arkworks'
//! `MerkleTree` over circom Poseidon and Poseidon2 t = 3 gives the roots of
//! this workspace's `MerkleTree` and of trees computed with the peer crates
//! (light-poseidon 0.5, taceo-poseidon2 0.3.1); `ArkSponge` squeezes what the
//! family's sponge and taceo-poseidon2's permutation give.
#![cfg(feature = "ark-crypto-primitives")]

use algebraic_hash::{MerkleTree as OurTree, Sponge};
use algebraic_hash_poseidon::ark::{
    ArkSponge, CircomCrh, CircomTwoToOneCrh, Poseidon2Crh, Poseidon2TwoToOneCrh,
};
use algebraic_hash_poseidon::poseidon2::{NEW_T3, NEW_T4, OLD_T3, Poseidon2, Sponge3, length_iv};
use algebraic_hash_poseidon::{Fr, circom};
use ark_crypto_primitives::crh::{CRHScheme, TwoToOneCRHScheme};
use ark_crypto_primitives::merkle_tree::{Config, IdentityDigestConverter, MerkleTree};
use ark_crypto_primitives::sponge::{CryptographicSponge, FieldBasedCryptographicSponge};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};
use light_poseidon::{Poseidon, PoseidonHasher};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn random_fr(rng: &mut StdRng) -> Fr {
    use ark_ff::PrimeField;
    let bytes: [u8; 32] = rng.random();
    Fr::from_le_bytes_mod_order(&bytes)
}

fn random_leaves(rng: &mut StdRng, count: usize) -> Vec<[Fr; 2]> {
    (0..count)
        .map(|_| [random_fr(rng), random_fr(rng)])
        .collect()
}

/// Folds a power-of-two level pairwise with `compress` up to the root.
fn fold_root(mut level: Vec<Fr>, compress: impl Fn(Fr, Fr) -> Fr) -> Fr {
    while level.len() > 1 {
        level = level.chunks(2).map(|p| compress(p[0], p[1])).collect();
    }
    level[0]
}

struct CircomTree;
impl Config for CircomTree {
    type Leaf = [Fr];
    type LeafDigest = Fr;
    type LeafInnerDigestConverter = IdentityDigestConverter<Fr>;
    type InnerDigest = Fr;
    type LeafHash = CircomCrh;
    type TwoToOneHash = CircomTwoToOneCrh;
}

struct Poseidon2Tree;
impl Config for Poseidon2Tree {
    type Leaf = [Fr];
    type LeafDigest = Fr;
    type LeafInnerDigestConverter = IdentityDigestConverter<Fr>;
    type InnerDigest = Fr;
    type LeafHash = Poseidon2Crh<3>;
    type TwoToOneHash = Poseidon2TwoToOneCrh;
}

#[test]
fn circom_merkle_tree_equals_ours_and_light_poseidon() {
    let mut rng = StdRng::seed_from_u64(18);
    for log in 1..=6 {
        let leaves = random_leaves(&mut rng, 1 << log);
        let ark = MerkleTree::<CircomTree>::new(&(), &(), &leaves).unwrap();

        let digests: Vec<Fr> = leaves
            .iter()
            .map(|l| circom::poseidon(l).unwrap())
            .collect();
        let ours = OurTree::new(circom::CircomPoseidon::<3>::new(), digests).unwrap();

        // Outside: light-poseidon hashes the leaves and every node.
        let mut peer = Poseidon::<Fr>::new_circom(2).unwrap();
        let peer_leaves: Vec<Fr> = leaves.iter().map(|l| peer.hash(l).unwrap()).collect();
        let peer_root = fold_root(peer_leaves, |a, b| {
            Poseidon::<Fr>::new_circom(2)
                .unwrap()
                .hash(&[a, b])
                .unwrap()
        });

        assert_eq!(ark.root(), *ours.root(), "{} leaves", 1 << log);
        assert_eq!(ark.root(), peer_root, "{} leaves", 1 << log);

        for index in [0, (1 << log) - 1, (1 << log) / 2] {
            let proof = ark.generate_proof(index).unwrap();
            assert!(
                proof
                    .verify(&(), &(), &ark.root(), leaves[index].as_slice())
                    .unwrap()
            );
            let mut wrong = leaves[index];
            wrong[0] += Fr::from(1u64);
            assert!(
                !proof
                    .verify(&(), &(), &ark.root(), wrong.as_slice())
                    .unwrap()
            );
        }
    }
}

/// Poseidon2 t = 3 sponge hash of `input` (length IV `n · 2^64`, rate 2,
/// output cell 0), written on taceo-poseidon2's permutation.
fn taceo_hash_t3(input: &[Fr]) -> Fr {
    let mut state = [Fr::from(0u64), Fr::from(0u64), length_iv(input.len())];
    let mut used = 0;
    for &x in input {
        if used == 2 {
            state = taceo_poseidon2::bn254::t3::permutation(&state);
            used = 0;
        }
        state[used] += x;
        used += 1;
    }
    taceo_poseidon2::bn254::t3::permutation(&state)[0]
}

fn taceo_compress_t3(a: Fr, b: Fr) -> Fr {
    taceo_poseidon2::bn254::t3::permutation(&[a, b, Fr::from(0u64)])[0]
}

#[test]
fn poseidon2_t3_merkle_tree_equals_ours_and_taceo() {
    let mut rng = StdRng::seed_from_u64(19);
    for log in 1..=6 {
        let leaves = random_leaves(&mut rng, 1 << log);
        let ark = MerkleTree::<Poseidon2Tree>::new(&NEW_T3, &NEW_T3, &leaves).unwrap();

        let digests: Vec<Fr> = leaves.iter().map(|l| NEW_T3.hash(l)).collect();
        let ours = OurTree::new(NEW_T3, digests).unwrap();

        let peer_leaves: Vec<Fr> = leaves.iter().map(|l| taceo_hash_t3(l)).collect();
        let peer_root = fold_root(peer_leaves, taceo_compress_t3);

        assert_eq!(ark.root(), *ours.root(), "{} leaves", 1 << log);
        assert_eq!(ark.root(), peer_root, "{} leaves", 1 << log);

        let proof = ark.generate_proof(1).unwrap();
        assert!(
            proof
                .verify(&NEW_T3, &NEW_T3, &ark.root(), leaves[1].as_slice())
                .unwrap()
        );
    }
    // The old set is another tree.
    let leaves = random_leaves(&mut rng, 4);
    let new = MerkleTree::<Poseidon2Tree>::new(&NEW_T3, &NEW_T3, &leaves).unwrap();
    let old = MerkleTree::<Poseidon2Tree>::new(&OLD_T3, &OLD_T3, &leaves).unwrap();
    let ours_old = OurTree::new(OLD_T3, leaves.iter().map(|l| OLD_T3.hash(l)).collect()).unwrap();
    assert_ne!(new.root(), old.root());
    assert_eq!(old.root(), *ours_old.root());
}

#[test]
fn crh_schemes_equal_the_family_functions_and_refuse_bad_counts() {
    let mut rng = StdRng::seed_from_u64(20);
    let a = random_fr(&mut rng);
    let b = random_fr(&mut rng);
    let mut peer = Poseidon::<Fr>::new_circom(2).unwrap();
    assert_eq!(
        CircomTwoToOneCrh::evaluate(&(), a, b).unwrap(),
        peer.hash(&[a, b]).unwrap()
    );
    assert_eq!(
        CircomTwoToOneCrh::compress(&(), a, b).unwrap(),
        peer.hash(&[a, b]).unwrap()
    );
    assert!(CircomCrh::evaluate(&(), &[][..]).is_err());
    assert!(CircomCrh::evaluate(&(), vec![a; 17].as_slice()).is_err());
    assert_eq!(
        Poseidon2TwoToOneCrh::evaluate(&NEW_T3, a, b).unwrap(),
        taceo_compress_t3(a, b)
    );
    // setup gives the new set; the t = 4 CRH is Barretenberg's hash.
    let params = Poseidon2Crh::<4>::setup(&mut ark_std::test_rng()).unwrap();
    assert_eq!(params, NEW_T4);
    assert_eq!(
        Poseidon2Crh::<4>::evaluate(&params, &[a, b][..]).unwrap(),
        NEW_T4.hash(&[a, b])
    );
}

#[test]
fn poseidon2_parameters_serialise_as_their_set() {
    for (instance, byte) in [(NEW_T3, 1u8), (OLD_T3, 0u8)] {
        let mut bytes = Vec::new();
        instance.serialize_compressed(&mut bytes).unwrap();
        assert_eq!(bytes, [byte]);
        assert_eq!(
            Poseidon2::<3>::deserialize_compressed(&bytes[..]).unwrap(),
            instance
        );
    }
    assert!(Poseidon2::<3>::deserialize_compressed(&[2u8][..]).is_err());
    assert!(Poseidon2::<3>::deserialize_compressed(&[][..]).is_err());
}

#[test]
fn ark_sponge_equals_the_family_sponge_and_taceo() {
    let mut rng = StdRng::seed_from_u64(21);
    for n in 0..12 {
        let input: Vec<Fr> = (0..n).map(|_| random_fr(&mut rng)).collect();
        let mut ark = ArkSponge::<Fr, Sponge3>::new(&NEW_T3.sponge(n));
        ark.absorb(&input);
        let mut fork = ark.clone();
        let squeezed = ark.squeeze_native_field_elements(5);
        // The first element is the family's hash, pinned by taceo-poseidon2.
        assert_eq!(squeezed[0], NEW_T3.hash(&input), "n = {n}");
        assert_eq!(squeezed[0], taceo_hash_t3(&input), "n = {n}");
        // Five elements: the family's duplex sponge.
        let mut own = NEW_T3.sponge(n);
        own.absorb(&input);
        let mut expected = [Fr::from(0u64); 5];
        own.squeeze(&mut expected);
        assert_eq!(squeezed, expected);
        // Native squeezes through the generic entry point give the same.
        assert_eq!(fork.squeeze_field_elements::<Fr>(5), expected);
    }
    // Absorbing in pieces is absorbing the concatenation.
    let input: Vec<Fr> = (0..7).map(|_| random_fr(&mut rng)).collect();
    let mut whole = ArkSponge::<Fr, Sponge3>::new(&NEW_T3.sponge(0));
    whole.absorb(&input);
    let mut parts = ArkSponge::<Fr, Sponge3>::new(&NEW_T3.sponge(0));
    parts.absorb(&input[..3].to_vec());
    parts.absorb(&input[3..].to_vec());
    assert_eq!(whole.squeeze_bytes(40), parts.squeeze_bytes(40));
    assert_eq!(whole.squeeze_bits(300).len(), 300);
}
