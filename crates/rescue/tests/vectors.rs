//! Known answers of winter-crypto 0.13.1 (test-vectors/rescue/rp64_256.json,
//! written by scripts/rescue-vectors) through every entry point.

use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

const FILE: &str = include_str!("../../../test-vectors/rescue/rp64_256.json");

fn vectors() -> VectorFile {
    VectorFile::parse(FILE)
}

fn felt(s: &str) -> Felt {
    s.parse().expect("vector element")
}

fn felts(items: &[String]) -> Vec<Felt> {
    items.iter().map(|s| felt(s)).collect()
}

fn digest(elements: &[Felt]) -> ElementDigest {
    ElementDigest::new(elements.try_into().expect("4 elements"))
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

#[test]
fn names_its_source() {
    let file = vectors();
    assert!(file.source.contains("winter-crypto 0.13.1"));
    assert!(file.generator.contains("scripts/rescue-vectors"));
}

#[test]
fn permutation() {
    let file = vectors();
    let n = check_permutation::<Felt, _, 12>(&file, "apply_permutation", &Rp64_256, felt);
    assert!(n >= 12);
    // Winterfell's own KAT input 0..11 is the first case.
    let first = &file.require("apply_permutation")[0];
    assert_eq!(
        first.input,
        (0..12).map(|i| i.to_string()).collect::<Vec<_>>()
    );
    for case in file.require("apply_permutation") {
        let mut state: [Felt; 12] = felts(&case.input).try_into().unwrap();
        Rp64_256::apply_permutation(&mut state);
        assert_eq!(state.to_vec(), felts(&case.output));
    }
}

#[test]
fn hash_elements() {
    let file = vectors();
    let n = check_hasher(&file, "hash_elements", &Rp64_256, felt, digest);
    assert!(n >= 7);
    for case in file.require("hash_elements") {
        assert_eq!(
            Rp64_256::hash_elements(&felts(&case.input)),
            digest(&felts(&case.output))
        );
    }
}

#[test]
fn hash_bytes() {
    let file = vectors();
    let mut lengths = Vec::new();
    for case in file.require("hash") {
        let bytes = hex_bytes(&case.input[0]);
        lengths.push(bytes.len());
        assert_eq!(
            Rp64_256::hash(&bytes),
            digest(&felts(&case.output)),
            "hash of {} bytes",
            bytes.len()
        );
    }
    for n in [0, 1, 31, 32, 100] {
        assert!(lengths.contains(&n), "no hash vector of {n} bytes");
    }
}

#[test]
fn merge() {
    let file = vectors();
    let split = |e: &[Felt]| [digest(&e[..4]), digest(&e[4..])];
    let n = check_compression(&file, "merge", &Rp64_256, felt, split, digest);
    assert!(n >= 1);
    for case in file.require("merge") {
        let e = felts(&case.input);
        let d = Rp64_256::merge(&split(&e));
        assert_eq!(d, digest(&felts(&case.output)));
        // Winterfell: merge equals hash_elements of the eight elements.
        assert_eq!(d, Rp64_256::hash_elements(&e));
    }
}

#[test]
fn merge_many() {
    let file = vectors();
    for case in file.require("merge_many") {
        let ds: Vec<ElementDigest> = felts(&case.input).chunks(4).map(digest).collect();
        assert_eq!(Rp64_256::merge_many(&ds), digest(&felts(&case.output)));
    }
}

#[test]
fn merge_with_int() {
    let file = vectors();
    let mut big = 0;
    for case in file.require("merge_with_int") {
        let seed = digest(&felts(&case.input[..4]));
        let value: u64 = case.input[4].parse().unwrap();
        big += usize::from(value >= Felt::MODULUS);
        assert_eq!(
            Rp64_256::merge_with_int(seed, value),
            digest(&felts(&case.output)),
            "value {value}"
        );
    }
    assert!(big >= 2, "vectors must cover values >= p");
}

/// The `hash_elements` and `merge` answers through the batched
/// `hash_elements_many`: each case alone, and all cases of one length as one
/// batch (`merge` is `hash_elements` of the eight elements).
#[test]
fn hash_elements_many_known_answers() {
    let file = vectors();
    let mut cases: Vec<(Vec<Felt>, ElementDigest)> = Vec::new();
    for function in ["hash_elements", "merge"] {
        for case in file.require(function) {
            cases.push((felts(&case.input), digest(&felts(&case.output))));
        }
    }
    let mut lengths: Vec<usize> = cases.iter().map(|(input, _)| input.len()).collect();
    lengths.sort_unstable();
    lengths.dedup();
    assert!(lengths.len() >= 4, "lengths {lengths:?}");
    for width in lengths {
        let same: Vec<_> = cases.iter().filter(|(i, _)| i.len() == width).collect();
        let rows: Vec<Felt> = same.iter().flat_map(|(i, _)| i.iter().copied()).collect();
        let want: Vec<ElementDigest> = same.iter().map(|(_, d)| *d).collect();
        let mut got = vec![ElementDigest::default(); same.len()];
        Rp64_256::hash_elements_many(&rows, width, &mut got).unwrap();
        assert_eq!(got, want, "width {width}");
        for (input, d) in &same {
            let mut one = [ElementDigest::default()];
            Rp64_256::hash_elements_many(input, width, &mut one).unwrap();
            assert_eq!(one[0], *d, "width {width}");
        }
    }
}
