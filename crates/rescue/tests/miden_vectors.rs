//! Known answers of miden-crypto 0.36.3 (test-vectors/rescue/rpo256.json
//! and rpx256.json, written by scripts/miden-vectors) through every entry
//! point of Rpo256 and Rpx256.

use algebraic_hash_rescue::{ElementDigest, Felt, Rpo256, Rpx256};
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

const RPO_FILE: &str = include_str!("../../../test-vectors/rescue/rpo256.json");
const RPX_FILE: &str = include_str!("../../../test-vectors/rescue/rpx256.json");

fn felt(s: &str) -> Felt {
    s.parse().expect("vector element")
}

fn felts(items: &[String]) -> Vec<Felt> {
    items.iter().map(|s| felt(s)).collect()
}

fn digest(elements: &[Felt]) -> ElementDigest {
    ElementDigest::new(elements.try_into().expect("4 elements"))
}

fn split(e: &[Felt]) -> [ElementDigest; 2] {
    [digest(&e[..4]), digest(&e[4..])]
}

fn hex_bytes(hex: &str) -> Vec<u8> {
    (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect()
}

fn domain(case: &algebraic_hash_testkit::Case) -> Felt {
    felt(case.raw["domain"].as_str().expect("domain"))
}

/// Every function of one file through the API of `H` (the inherent
/// functions of Rpo256 or Rpx256, which the macro below names).
macro_rules! check_file {
    ($h:ident, $file:expr, $name:literal) => {{
        let file = VectorFile::parse($file);
        assert!(file.source.contains("miden-crypto 0.36.3"));
        assert!(file.source.contains($name));
        assert!(file.generator.contains("scripts/miden-vectors"));

        let n = check_permutation::<Felt, _, 12>(&file, "apply_permutation", &$h, felt);
        assert!(n >= 12);
        for case in file.require("apply_permutation") {
            let mut state: [Felt; 12] = felts(&case.input).try_into().unwrap();
            $h::apply_permutation(&mut state);
            assert_eq!(state.to_vec(), felts(&case.output));
        }

        let n = check_hasher(&file, "hash_elements", &$h, felt, digest);
        assert!(n >= 13);
        for case in file.require("hash_elements") {
            let want = digest(&felts(&case.output));
            assert_eq!($h::hash_elements(&felts(&case.input)), want);
            assert_eq!(
                $h::hash_elements_in_domain(&felts(&case.input), Felt::ZERO),
                want
            );
        }

        // The same answers (and `merge`'s, which is `hash_elements` of the
        // eight elements) through the batch: all cases of one length at once.
        let mut cases: Vec<(Vec<Felt>, ElementDigest)> = Vec::new();
        for function in ["hash_elements", "merge"] {
            for case in file.require(function) {
                cases.push((felts(&case.input), digest(&felts(&case.output))));
            }
        }
        let mut widths: Vec<usize> = cases.iter().map(|(input, _)| input.len()).collect();
        widths.sort_unstable();
        widths.dedup();
        assert!(widths.len() >= 4, "widths {widths:?}");
        for width in widths {
            let same: Vec<_> = cases.iter().filter(|(i, _)| i.len() == width).collect();
            let rows: Vec<Felt> = same.iter().flat_map(|(i, _)| i.iter().copied()).collect();
            let want: Vec<ElementDigest> = same.iter().map(|(_, d)| *d).collect();
            let mut got = vec![ElementDigest::default(); same.len()];
            $h::hash_elements_many(&rows, width, &mut got).unwrap();
            assert_eq!(got, want, "hash_elements_many, width {width}");
        }

        let mut lengths = Vec::new();
        for case in file.require("hash") {
            let bytes = hex_bytes(&case.input[0]);
            lengths.push(bytes.len());
            assert_eq!(
                $h::hash(&bytes),
                digest(&felts(&case.output)),
                "hash of {} bytes",
                bytes.len()
            );
        }
        for n in [0, 1, 7, 56, 57, 64, 113] {
            assert!(lengths.contains(&n), "no hash vector of {n} bytes");
        }

        let n = check_compression(&file, "merge", &$h, felt, split, digest);
        assert!(n >= 6);
        for case in file.require("merge") {
            let e = felts(&case.input);
            assert_eq!($h::merge(&split(&e)), digest(&felts(&case.output)));
        }

        for case in file.require("merge_many") {
            let ds: Vec<ElementDigest> = felts(&case.input).chunks(4).map(digest).collect();
            assert_eq!($h::merge_many(&ds), digest(&felts(&case.output)));
        }

        let mut domains = Vec::new();
        for case in file.require("merge_in_domain") {
            let e = felts(&case.input);
            domains.push(domain(case).to_u64());
            assert_eq!(
                $h::merge_in_domain(&split(&e), domain(case)),
                digest(&felts(&case.output))
            );
        }
        for d in [0, 1, Felt::MODULUS - 1, 1 << 32] {
            assert!(
                domains.contains(&d),
                "no merge_in_domain vector with domain {d}"
            );
        }

        for case in file.require("hash_elements_in_domain") {
            assert_eq!(
                $h::hash_elements_in_domain(&felts(&case.input), domain(case)),
                digest(&felts(&case.output))
            );
        }
    }};
}

#[test]
fn rpo256_known_answers() {
    check_file!(Rpo256, RPO_FILE, "Rpo256");
}

#[test]
fn rpx256_known_answers() {
    check_file!(Rpx256, RPX_FILE, "Rpx256");
}

/// The edge values of the issue (0, 1, p − 1 = 2^64 − 2^32, 2^32) appear
/// in the permutation inputs of both files.
#[test]
fn vectors_cover_the_edge_values() {
    for text in [RPO_FILE, RPX_FILE] {
        let file = VectorFile::parse(text);
        let inputs: Vec<u64> = file
            .require("apply_permutation")
            .iter()
            .flat_map(|c| felts(&c.input))
            .map(Felt::to_u64)
            .collect();
        for e in [0, 1, Felt::MODULUS - 1, 1 << 32, (1u64 << 32) - 1] {
            assert!(inputs.contains(&e), "edge value {e} missing");
        }
    }
}
