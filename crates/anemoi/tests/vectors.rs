//! Every vector file of test-vectors/anemoi: the ones anemoi-rust publishes
//! (`*.reference.json`, both versions) and the generator's
//! (`*.generated.json`, every field, width and version), all computed
//! outside this crate.

use algebraic_hash::{Compression, Jive};
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
use algebraic_hash_testkit::{VectorFile, check_hasher, check_permutation};

fn to_array<F: Copy, const N: usize>(items: &[F]) -> [F; N] {
    items.try_into().expect("element count")
}

fn parse_all<F: AnemoiField>(items: &[String]) -> Vec<F> {
    items
        .iter()
        .map(|s| F::element_from_str(s).expect("vector element"))
        .collect()
}

fn hex_bytes(text: &str) -> Vec<u8> {
    assert!(text.len().is_multiple_of(2));
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// Checks every case of `json` against the instance; returns the count.
fn check_file<F: AnemoiField, const L: usize, const W: usize>(
    json: &str,
    version: Version,
    cells: usize,
) -> usize {
    let file = VectorFile::parse(json);
    assert_eq!(
        header(json),
        (version.name().to_owned(), cells),
        "{}",
        file.source
    );
    let anemoi = Anemoi::<F, L, W>::new(version);
    let hasher = AnemoiHash::<F, L, W>::new(version);
    let jive = AnemoiJive::<F, L, W>::new(anemoi);
    let parse = |s: &str| F::element_from_str(s).expect("vector element");
    let mut checked = 0;

    if file.cases_for("permutation").next().is_some() {
        checked += check_permutation(&file, "permutation", &anemoi, parse);
    }
    if file.cases_for("hash_elements").next().is_some() {
        checked += check_hasher(&file, "hash_elements", &hasher, parse, |d: &[F]| d[0]);
    }
    for case in &file.cases {
        let input: Vec<F> = parse_all(&case.input);
        let output: Vec<F> = parse_all(&case.output);
        match case.function.as_str() {
            "permutation" | "hash_elements" => continue,
            "hash_elements_to" => {
                // A squeeze of several elements (noah's stream cipher).
                let got: Vec<F> = match output.len() {
                    7 => hasher.hash_elements_to::<7>(&input).to_vec(),
                    n => panic!("no squeeze length {n} in this test"),
                };
                assert_eq!(got, output, "hash_elements_to on {:?}", case.input);
            }
            "sbox_layer" => {
                let mut state: [F; W] = to_array(&input);
                anemoi.sbox_layer(&mut state);
                assert_eq!(
                    state.as_slice(),
                    output.as_slice(),
                    "sbox on {:?}",
                    case.input
                );
                anemoi.sbox_layer_inverse(&mut state);
                assert_eq!(state.as_slice(), input.as_slice(), "sbox inverse");
            }
            "linear_layer" => {
                let mut state: [F; W] = to_array(&input);
                anemoi.linear_layer(&mut state);
                assert_eq!(
                    state.as_slice(),
                    output.as_slice(),
                    "linear layer on {:?}",
                    case.input
                );
            }
            "jive" => {
                let b = case.raw["b"].as_u64().expect("b") as usize;
                let mut out = vec![F::zero(); W / b];
                anemoi.compress_k(&input, b, &mut out).expect("valid Jive");
                assert_eq!(out, output, "Jive_{b} on {:?}", case.input);
                if b == 2 {
                    let state: [F; W] = to_array(&input);
                    assert_eq!(anemoi.compress(state).as_slice(), output.as_slice());
                    let halves = [to_array::<F, L>(&input[..L]), to_array::<F, L>(&input[L..])];
                    assert_eq!(jive.compress(halves).as_slice(), output.as_slice());
                }
                if b == W {
                    // The workspace block with one-cell chunks.
                    let cells: [[F; 1]; W] = core::array::from_fn(|i| [input[i]]);
                    let full = Jive::<Anemoi<F, L, W>, W, 1, W>::new(anemoi);
                    assert_eq!(full.compress(cells).as_slice(), output.as_slice());
                }
            }
            "reference_hash_bytes_of_elements" => {
                // anemoi-rust's `hash(&[u8])` of the 31-byte (47-byte) encodings of
                // the elements, which its test asserts equals `hash_field`
                // of the elements (no padding byte: the length is a
                // multiple of the chunk). This crate's `hash_bytes` pads
                // injectively, so the vector pins `hash_elements`.
                assert_eq!(hasher.hash_elements(&input), output[0]);
            }
            "hash_bytes" => {
                let bytes = hex_bytes(case.raw["input_hex"].as_str().expect("input_hex"));
                assert_eq!(hasher.hash_bytes(&bytes), output[0], "hash_bytes {bytes:?}");
            }
            other => panic!("unknown case kind {other}"),
        }
        checked += 1;
    }
    assert!(checked >= file.cases.len());
    checked
}

/// The file header's "version" and "cells".
fn header(json: &str) -> (String, usize) {
    let root: serde_json::Value = serde_json::from_str(json).expect("JSON");
    let version = root["version"].as_str().expect("version").to_owned();
    let cells = root["cells"].as_u64().expect("cells") as usize;
    (version, cells)
}

/// The text of `test-vectors/anemoi/<version>/<dir>-<cells>.<kind>.json`.
macro_rules! vector_file {
    ($dir:literal, $version:literal, $cells:literal, $kind:literal) => {
        include_str!(concat!(
            "../../../test-vectors/anemoi/",
            $version,
            "/",
            $dir,
            "-",
            $cells,
            ".",
            $kind,
            ".json"
        ))
    };
}

/// The generator's files of one field (type `F` in scope): every width,
/// both versions.
macro_rules! generated_vectors {
    ($dir:literal) => {
        #[test]
        fn crypto2023_generated() {
            let v = Version::Crypto2023;
            check_file::<F, 1, 2>(vector_file!($dir, "crypto2023", "2", "generated"), v, 2);
            check_file::<F, 2, 4>(vector_file!($dir, "crypto2023", "4", "generated"), v, 4);
            check_file::<F, 3, 6>(vector_file!($dir, "crypto2023", "6", "generated"), v, 6);
            check_file::<F, 4, 8>(vector_file!($dir, "crypto2023", "8", "generated"), v, 8);
            check_file::<F, 6, 12>(vector_file!($dir, "crypto2023", "12", "generated"), v, 12);
        }

        #[test]
        fn eprint2022_generated() {
            let v = Version::Eprint2022;
            check_file::<F, 1, 2>(vector_file!($dir, "eprint2022", "2", "generated"), v, 2);
            check_file::<F, 2, 4>(vector_file!($dir, "eprint2022", "4", "generated"), v, 4);
            check_file::<F, 3, 6>(vector_file!($dir, "eprint2022", "6", "generated"), v, 6);
            check_file::<F, 4, 8>(vector_file!($dir, "eprint2022", "8", "generated"), v, 8);
            check_file::<F, 6, 12>(vector_file!($dir, "eprint2022", "12", "generated"), v, 12);
        }
    };
}

/// A field of the reference: anemoi-rust's published files and the
/// generator's.
macro_rules! field_vectors {
    ($feature:literal, $module:ident, $ty:ty, $dir:literal) => {
        #[cfg(feature = $feature)]
        mod $module {
            use super::*;
            type F = $ty;

            #[test]
            fn crypto2023_published() {
                let v = Version::Crypto2023;
                let n =
                    check_file::<F, 1, 2>(vector_file!($dir, "crypto2023", "2", "reference"), v, 2)
                        + check_file::<F, 2, 4>(
                            vector_file!($dir, "crypto2023", "4", "reference"),
                            v,
                            4,
                        );
                assert!(n >= 60, "{n}");
            }

            #[test]
            fn eprint2022_published() {
                let v = Version::Eprint2022;
                let n =
                    check_file::<F, 1, 2>(vector_file!($dir, "eprint2022", "2", "reference"), v, 2)
                        + check_file::<F, 2, 4>(
                            vector_file!($dir, "eprint2022", "4", "reference"),
                            v,
                            4,
                        )
                        + check_file::<F, 3, 6>(
                            vector_file!($dir, "eprint2022", "6", "reference"),
                            v,
                            6,
                        )
                        + check_file::<F, 4, 8>(
                            vector_file!($dir, "eprint2022", "8", "reference"),
                            v,
                            8,
                        )
                        + check_file::<F, 6, 12>(
                            vector_file!($dir, "eprint2022", "12", "reference"),
                            v,
                            12,
                        );
                assert!(n >= 250, "{n}");
            }

            generated_vectors!($dir);
        }
    };
}

/// BN254 Fr: no anemoi-rust vectors; noah's AnemoiJive254 answers instead
/// (CRYPTO 2023, four cells), and the generator's files.
#[cfg(feature = "bn254-fr")]
mod bn254_fr {
    use super::*;
    type F = ark_bn254::Fr;

    #[test]
    fn crypto2023_published_by_noah() {
        let json = vector_file!("bn254_fr", "crypto2023", "4", "reference");
        assert!(
            VectorFile::parse(json)
                .source
                .contains("FindoraNetwork/noah")
        );
        let n = check_file::<F, 2, 4>(json, Version::Crypto2023, 4);
        assert_eq!(n, 3);
    }

    generated_vectors!("bn254_fr");
}

field_vectors!("bls12-377-fq", bls12_377, ark_bls12_377::Fq, "bls12_377");
field_vectors!("bls12-381-fq", bls12_381, ark_bls12_381::Fq, "bls12_381");
field_vectors!("bn254-fq", bn254, ark_bn254::Fq, "bn254");
field_vectors!(
    "bls12-377-fr",
    ed_on_bls12_377,
    ark_bls12_377::Fr,
    "ed_on_bls12_377"
);
field_vectors!("bls12-381-fr", jubjub, ark_bls12_381::Fr, "jubjub");
field_vectors!("pallas-fq", pallas, ark_pallas::Fq, "pallas");
field_vectors!("pallas-fr", vesta, ark_pallas::Fr, "vesta");
