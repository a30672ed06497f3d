//! Reading the vector files of test-vectors/tip5/ (decimal elements,
//! digests of five, the string arrays of a case's own fields), and leaves
//! for the trees and ranges the tests build themselves.
#![allow(dead_code)] // each test file uses what it needs

use algebraic_hash_tip5::mmr::{MembershipProof, MmrAccumulator};
use algebraic_hash_tip5::{Digest, Felt};

pub fn parse(text: &str) -> Felt {
    text.parse().expect("vector value")
}

pub fn digest(elements: &[Felt]) -> Digest {
    Digest::new(elements.try_into().expect("5-element digest"))
}

/// The digests of five elements each, in order.
pub fn digests(elements: &[String]) -> Vec<Digest> {
    let values: Vec<Felt> = elements.iter().map(|s| parse(s)).collect();
    values.chunks_exact(Digest::LEN).map(digest).collect()
}

pub fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .expect("an array")
        .iter()
        .map(|s| s.as_str().expect("a decimal string").to_owned())
        .collect()
}

/// The two digests of a `compress` case's ten input elements.
pub fn split(elements: &[Felt]) -> [Digest; 2] {
    [digest(&elements[..5]), digest(&elements[5..])]
}

/// `n` distinct digests: leaf `i` holds `5i, 5i + 1, …, 5i + 4`.
pub fn leaves(n: usize) -> Vec<Digest> {
    (0..n)
        .map(|i| Digest::new(core::array::from_fn(|j| Felt::from((i * 5 + j) as u32))))
        .collect()
}

/// The range of `leaves` grown by appends, with every leaf's membership
/// proof kept up to date by `update_from_append`.
pub fn grown(leaves: &[Digest]) -> (MmrAccumulator, Vec<MembershipProof>) {
    let mut range = MmrAccumulator::new();
    let mut proofs: Vec<MembershipProof> = Vec::new();
    for &leaf in leaves {
        let (count, peaks) = (range.leaf_count(), range.peaks().to_vec());
        for (k, proof) in proofs.iter_mut().enumerate() {
            proof
                .update_from_append(k as u64, count, leaf, &peaks)
                .expect("a proof of the range before the append");
        }
        proofs.push(range.append(leaf).expect("a range below u64::MAX leaves"));
    }
    (range, proofs)
}
