//! Differential: our Rp64_256 against winter-crypto 0.13's on arbitrary
//! states, element sequences, byte strings and digests (`apply_permutation`,
//! `hash_elements`, `hash`, `merge`, `merge_many`, `merge_with_int`), plus the
//! trait impls (`Permutation`, `Hasher`, `Compression`) against the inherent
//! functions.
//!
//! winter-crypto 0.13.1's `hash(&[u8])` panics for inputs longer than 56
//! bytes whose length is not a multiple of 7; for those our `hash` is
//! compared with winter-crypto's `hash_elements` of the 7-byte chunks, the
//! last one followed by a 0x01 byte (what its code intends; see
//! scripts/rescue-vectors/README.md).

#![no_main]

use algebraic_hash::{Compression, Hasher as _, Permutation};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256, STATE_WIDTH};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use winter_crypto::hashers::Rp64_256 as WinterRp;
use winter_crypto::{ElementHasher, Hasher};
use winter_math::fields::f64::BaseElement;

type WinterDigest = <WinterRp as Hasher>::Digest;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    state: [u64; STATE_WIDTH],
    elements: Vec<u64>,
    bytes: &'a [u8],
    digests: Vec<[u64; 4]>,
    pair: [[u64; 4]; 2],
    int: u64,
}

fn ints(digest: &ElementDigest) -> [u64; 4] {
    digest.as_elements().map(|e| e.to_u64())
}

fn winter_ints(digest: &WinterDigest) -> [u64; 4] {
    let e = digest.as_elements();
    [e[0].as_int(), e[1].as_int(), e[2].as_int(), e[3].as_int()]
}

fn ours(words: &[u64; 4]) -> ElementDigest {
    ElementDigest::new(words.map(Felt::from_u64_reduced))
}

fn theirs(words: &[u64; 4]) -> WinterDigest {
    WinterDigest::new(words.map(BaseElement::new))
}

fuzz_target!(|input: Input| {
    // Permutation.
    let mut a = input.state.map(Felt::from_u64_reduced);
    let mut b = input.state.map(BaseElement::new);
    Rp64_256::apply_permutation(&mut a);
    WinterRp::apply_permutation(&mut b);
    assert_eq!(a.map(|e| e.to_u64()), b.map(|e| e.as_int()));
    assert_eq!(Rp64_256.permute(input.state.map(Felt::from_u64_reduced)), a);

    // Hash of elements.
    let ea: Vec<Felt> = input
        .elements
        .iter()
        .map(|&x| Felt::from_u64_reduced(x))
        .collect();
    let eb: Vec<BaseElement> = input
        .elements
        .iter()
        .map(|&x| BaseElement::new(x))
        .collect();
    let ha = Rp64_256::hash_elements(&ea);
    assert_eq!(ints(&ha), winter_ints(&WinterRp::hash_elements(&eb)));
    assert_eq!(Rp64_256.hash_elements(&ea), ha);

    // Hash of bytes.
    let bytes = input.bytes;
    let want = if bytes.len() <= 56 || bytes.len().is_multiple_of(7) {
        WinterRp::hash(bytes)
    } else {
        let count = bytes.len().div_ceil(7);
        let chunks: Vec<BaseElement> = bytes
            .chunks(7)
            .enumerate()
            .map(|(i, chunk)| {
                let mut buf = [0u8; 8];
                buf[..chunk.len()].copy_from_slice(chunk);
                if i == count - 1 {
                    buf[chunk.len()] = 1;
                }
                BaseElement::new(u64::from_le_bytes(buf))
            })
            .collect();
        WinterRp::hash_elements(&chunks)
    };
    assert_eq!(
        ints(&Rp64_256::hash(bytes)),
        winter_ints(&want),
        "{} bytes",
        bytes.len()
    );

    // Merges.
    let pair = [ours(&input.pair[0]), ours(&input.pair[1])];
    let merged = Rp64_256::merge(&pair);
    assert_eq!(
        ints(&merged),
        winter_ints(&WinterRp::merge(&[
            theirs(&input.pair[0]),
            theirs(&input.pair[1])
        ]))
    );
    assert_eq!(Rp64_256.compress(pair), merged);
    let many: Vec<ElementDigest> = input.digests.iter().map(ours).collect();
    let many_w: Vec<WinterDigest> = input.digests.iter().map(theirs).collect();
    assert_eq!(
        ints(&Rp64_256::merge_many(&many)),
        winter_ints(&WinterRp::merge_many(&many_w))
    );
    assert_eq!(
        ints(&Rp64_256::merge_with_int(pair[0], input.int)),
        winter_ints(&WinterRp::merge_with_int(theirs(&input.pair[0]), input.int))
    );
});
