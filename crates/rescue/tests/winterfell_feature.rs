//! The `winterfell` feature: conversions, and `WinterRp64_256` used where
//! winter-crypto expects a `Hasher` (its Merkle tree), against winter-crypto.
#![cfg(feature = "winterfell")]

use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256, WinterDigest, WinterRp64_256};
use winter_crypto::{Digest, ElementHasher, Hasher, MerkleTree, hashers::Rp64_256 as WRp};
use winter_math::{FieldElement, fields::f64::BaseElement};
use winter_utils::{Deserializable, Serializable, SliceReader};

fn leaves(n: usize) -> Vec<[BaseElement; 4]> {
    (0..n)
        .map(|i| core::array::from_fn(|j| BaseElement::new((i * 4 + j) as u64 * 0x1234_5678_9abc)))
        .collect()
}

#[test]
fn conversions_round_trip() {
    for v in [0, 1, Felt::MODULUS - 1, 1 << 32] {
        let f = Felt::from_canonical(v).unwrap();
        let b = BaseElement::from(f);
        assert_eq!(b, BaseElement::new(v));
        assert_eq!(Felt::from(b), f);
    }
    let d = Rp64_256::hash(b"abc");
    let w = d.to_winter();
    assert_eq!(w, WRp::hash(b"abc"));
    assert_eq!(ElementDigest::from_winter(w), d);
    assert_eq!(Digest::as_bytes(&d), w.as_bytes());
}

#[test]
fn hasher_trait_matches_winter_crypto() {
    let e: Vec<BaseElement> = leaves(5).concat();
    assert_eq!(
        WinterRp64_256::hash_elements(&e).to_winter(),
        WRp::hash_elements(&e)
    );
    let d = [WinterRp64_256::hash(b"x"), WinterRp64_256::hash(b"yz")];
    let wd = [WRp::hash(b"x"), WRp::hash(b"yz")];
    assert_eq!(WinterRp64_256::merge(&d).to_winter(), WRp::merge(&wd));
    assert_eq!(
        WinterRp64_256::merge_many(&d).to_winter(),
        WRp::merge_many(&wd)
    );
    assert_eq!(
        WinterRp64_256::merge_with_int(d[0], u64::MAX).to_winter(),
        WRp::merge_with_int(wd[0], u64::MAX)
    );
    // Extension-field input is hashed as its base elements, as in winter.
    use winter_math::fields::QuadExtension;
    let q: Vec<QuadExtension<BaseElement>> = (1..6u64)
        .map(|i| QuadExtension::new(BaseElement::new(i), BaseElement::new(i * i)))
        .collect();
    assert_eq!(
        WinterRp64_256::hash_elements(&q).to_winter(),
        WRp::hash_elements(&q)
    );
    let _ = QuadExtension::<BaseElement>::ONE;
}

#[test]
fn winter_merkle_tree_with_our_hasher() {
    let data = leaves(16);
    let ours: Vec<ElementDigest> = data
        .iter()
        .map(|l| WinterRp64_256::hash_elements(l))
        .collect();
    let theirs: Vec<WinterDigest> = data.iter().map(|l| WRp::hash_elements(l)).collect();
    let a = MerkleTree::<WinterRp64_256>::new(ours).unwrap();
    let b = MerkleTree::<WRp>::new(theirs).unwrap();
    assert_eq!(a.root().to_winter(), *b.root());
    let (leaf, path) = a.prove(5).unwrap();
    MerkleTree::<WinterRp64_256>::verify(*a.root(), 5, leaf, &path).unwrap();
}

#[test]
fn digest_serialization() {
    let d = Rp64_256::hash(b"serialize me");
    let bytes = d.to_bytes();
    assert_eq!(bytes, d.to_winter().to_bytes());
    let back = ElementDigest::read_from(&mut SliceReader::new(&bytes)).unwrap();
    assert_eq!(back, d);
    // Words >= p are refused (winter-crypto would reduce them).
    let mut bad = bytes.clone();
    bad[..8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(ElementDigest::read_from(&mut SliceReader::new(&bad)).is_err());
    assert!(ElementDigest::read_from(&mut SliceReader::new(&bytes[..31])).is_err());
}
