//! circom Poseidon against circomlibjs' answers (test-vectors/poseidon/circom_t*.json,
//! from scripts/poseidon-circom/gen-vectors.mjs), for every width t = 2..17.

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::{
    CircomPoseidon, MAX_WIDTH, permute_state, poseidon, poseidon_ex,
};
use algebraic_hash_poseidon::field::fr_from_str;
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

fn file(t: usize) -> VectorFile {
    let json = match t {
        2 => include_str!("../../../test-vectors/poseidon/circom_t2.json"),
        3 => include_str!("../../../test-vectors/poseidon/circom_t3.json"),
        4 => include_str!("../../../test-vectors/poseidon/circom_t4.json"),
        5 => include_str!("../../../test-vectors/poseidon/circom_t5.json"),
        6 => include_str!("../../../test-vectors/poseidon/circom_t6.json"),
        7 => include_str!("../../../test-vectors/poseidon/circom_t7.json"),
        8 => include_str!("../../../test-vectors/poseidon/circom_t8.json"),
        9 => include_str!("../../../test-vectors/poseidon/circom_t9.json"),
        10 => include_str!("../../../test-vectors/poseidon/circom_t10.json"),
        11 => include_str!("../../../test-vectors/poseidon/circom_t11.json"),
        12 => include_str!("../../../test-vectors/poseidon/circom_t12.json"),
        13 => include_str!("../../../test-vectors/poseidon/circom_t13.json"),
        14 => include_str!("../../../test-vectors/poseidon/circom_t14.json"),
        15 => include_str!("../../../test-vectors/poseidon/circom_t15.json"),
        16 => include_str!("../../../test-vectors/poseidon/circom_t16.json"),
        17 => include_str!("../../../test-vectors/poseidon/circom_t17.json"),
        _ => unreachable!(),
    };
    let file = VectorFile::parse(json);
    assert_eq!(file.cases[0].raw.get("fn").unwrap(), "poseidon");
    file
}

fn parse(s: &str) -> Fr {
    fr_from_str(s).expect("vector element")
}

fn parse_all(items: &[String]) -> Vec<Fr> {
    items.iter().map(|s| parse(s)).collect()
}

/// The trait implementations of one width against its file.
fn check_width<const T: usize, const N: usize>(p: CircomPoseidon<T>) -> usize
where
    CircomPoseidon<T>: Permutation<[Fr; T]> + Compression<Fr, N> + Hasher<Fr, Digest = Fr>,
{
    let file = file(T);
    let mut n = check_permutation(&file, "permutation", &p, parse);
    n += check_hasher(&file, "poseidon", &p, parse, |out| out[0]);
    n += check_compression(
        &file,
        "poseidon",
        &p,
        parse,
        |input| input.try_into().expect("T - 1 inputs"),
        |out| out[0],
    );
    n
}

#[test]
fn traits_every_width() {
    let mut n = 0;
    n += check_width::<2, 1>(CircomPoseidon::new());
    n += check_width::<3, 2>(CircomPoseidon::new());
    n += check_width::<4, 3>(CircomPoseidon::new());
    n += check_width::<5, 4>(CircomPoseidon::new());
    n += check_width::<6, 5>(CircomPoseidon::new());
    n += check_width::<7, 6>(CircomPoseidon::new());
    n += check_width::<8, 7>(CircomPoseidon::new());
    n += check_width::<9, 8>(CircomPoseidon::new());
    n += check_width::<10, 9>(CircomPoseidon::new());
    n += check_width::<11, 10>(CircomPoseidon::new());
    n += check_width::<12, 11>(CircomPoseidon::new());
    n += check_width::<13, 12>(CircomPoseidon::new());
    n += check_width::<14, 13>(CircomPoseidon::new());
    n += check_width::<15, 14>(CircomPoseidon::new());
    n += check_width::<16, 15>(CircomPoseidon::new());
    n += check_width::<17, 16>(CircomPoseidon::new());
    assert!(n > 16 * 30, "only {n} cases");
}

/// The runtime-width functions: `poseidon`, `poseidon_ex` (initState / nOut)
/// and `permute_state`.
#[test]
fn dynamic_functions_every_width() {
    let mut counts = [0usize; 3];
    for t in 2..=MAX_WIDTH {
        let file = file(t);
        for case in file.require("poseidon") {
            let input = parse_all(&case.input);
            assert_eq!(input.len(), t - 1);
            assert_eq!(poseidon(&input), Ok(parse(&case.output[0])), "t = {t}");
            counts[0] += 1;
        }
        for case in file.require("permutation") {
            let mut state = parse_all(&case.input);
            permute_state(&mut state).unwrap();
            assert_eq!(state, parse_all(&case.output), "t = {t}");
            counts[1] += 1;
        }
        for case in file.require("poseidon_ex") {
            let input = parse_all(&case.input);
            let init = parse(case.raw["init_state"].as_str().unwrap());
            let n_out = case.raw["n_out"].as_u64().unwrap() as usize;
            let expected = parse_all(&case.output);
            assert_eq!(expected.len(), n_out);
            let mut out = vec![Fr::from(7u64); n_out];
            poseidon_ex(&input, init, &mut out).unwrap();
            assert_eq!(out, expected, "t = {t}, nOut = {n_out}");
            counts[2] += 1;
        }
    }
    assert!(counts.iter().all(|&c| c >= 16 * 8), "{counts:?}");
}

/// The well-known circomlib value, as printed in circomlib's tests.
#[test]
fn poseidon_1_2() {
    assert_eq!(
        poseidon(&[Fr::from(1u64), Fr::from(2u64)]).unwrap(),
        parse("0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a")
    );
}

/// The plain (textbook) form of circomlib's Poseidon, from circomlibjs'
/// `poseidon_constants.js` as stored in
/// `test-vectors/poseidon/circom_constants.json`: every round adds `t`
/// constants, full rounds apply the S-box to every element and partial
/// rounds to element 0 only, and every round multiplies by the MDS matrix.
/// It checks the library's optimized tables against the plain ones, and
/// both against circomlibjs.
mod plain_form {
    use algebraic_hash_poseidon::circom::{ROUNDS_F, ROUNDS_P};
    use ark_ff::{Field, Zero};
    use serde_json::Value;

    use super::*;

    /// The plain-form constants of one width.
    struct Tables {
        rounds_p: usize,
        /// `t` constants per round, `ROUNDS_F + rounds_p` rounds.
        round_constants: Vec<Vec<Fr>>,
        /// Row-major MDS matrix.
        mds: Vec<Vec<Fr>>,
    }

    fn elements(v: &Value) -> Vec<Fr> {
        v.as_array()
            .expect("an array of elements")
            .iter()
            .map(|x| parse(x.as_str().expect("an element as text")))
            .collect()
    }

    fn matrix(v: &Value) -> Vec<Vec<Fr>> {
        v.as_array()
            .expect("an array of rows")
            .iter()
            .map(elements)
            .collect()
    }

    fn tables(t: usize) -> Tables {
        let json: Value = serde_json::from_str(include_str!(
            "../../../test-vectors/poseidon/circom_constants.json"
        ))
        .expect("valid JSON");
        let width = &json["widths"][t.to_string()];
        assert_eq!(width["rounds_f"].as_u64(), Some(ROUNDS_F as u64));
        let tables = Tables {
            rounds_p: width["rounds_p"].as_u64().expect("rounds_p") as usize,
            round_constants: matrix(&width["round_constants"]),
            mds: matrix(&width["mds"]),
        };
        assert_eq!(tables.rounds_p, ROUNDS_P[t - 2]);
        assert_eq!(tables.round_constants.len(), ROUNDS_F + tables.rounds_p);
        assert!(tables.round_constants.iter().all(|r| r.len() == t));
        assert!(tables.mds.len() == t && tables.mds.iter().all(|r| r.len() == t));
        tables
    }

    fn pow5(x: Fr) -> Fr {
        x.square().square() * x
    }

    fn permute(state: &mut [Fr], tables: &Tables) {
        let half = ROUNDS_F / 2;
        for (r, constants) in tables.round_constants.iter().enumerate() {
            for (x, c) in state.iter_mut().zip(constants) {
                *x += c;
            }
            if r < half || r >= half + tables.rounds_p {
                for x in state.iter_mut() {
                    *x = pow5(*x);
                }
            } else {
                state[0] = pow5(state[0]);
            }
            let input = state.to_vec();
            for (out, row) in state.iter_mut().zip(&tables.mds) {
                *out = row
                    .iter()
                    .zip(&input)
                    .fold(Fr::zero(), |acc, (w, x)| acc + *w * x);
            }
        }
    }

    /// The plain form against circomlibjs, every width, every full-state
    /// case.
    #[test]
    fn matches_circomlibjs() {
        let mut checked = 0;
        for t in 2..=MAX_WIDTH {
            let tables = tables(t);
            for case in file(t).require("permutation") {
                let mut state = parse_all(&case.input);
                assert_eq!(state.len(), t);
                permute(&mut state, &tables);
                assert_eq!(
                    state,
                    parse_all(&case.output),
                    "t = {t}, input {:?}",
                    case.input
                );
                checked += 1;
            }
        }
        assert!(checked >= 16 * 12);
    }

    /// The library's optimized tables (`src/circom/tables/tT.bin`) equal
    /// the plain ones on pseudo-random states, every width.
    #[test]
    fn equals_the_optimized_tables() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            Fr::from(seed) * Fr::from(seed.rotate_left(17)) + Fr::from(seed >> 3)
        };
        for t in 2..=MAX_WIDTH {
            let tables = tables(t);
            for _ in 0..20 {
                let mut a: Vec<Fr> = (0..t).map(|_| next()).collect();
                let mut b = a.clone();
                permute(&mut a, &tables);
                permute_state(&mut b).unwrap();
                assert_eq!(a, b, "t = {t}");
            }
        }
    }
}

/// Each `src/circom/tables/tT.bin` is byte for byte what the generator
/// (`scripts/poseidon-circom/gen-constants.mjs`) wrote: the SHA-256 it
/// recorded in `SHA256SUMS` beside them.
#[test]
fn stored_tables_have_the_generators_digests() {
    use sha2::{Digest, Sha256};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/circom/tables");
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS")).expect("SHA256SUMS");
    let mut names = Vec::new();
    for line in sums.lines() {
        let (expected, name) = line.split_once("  ").expect("`digest  name` lines");
        let bytes = std::fs::read(dir.join(name)).expect("a table file");
        let hex: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert_eq!(hex, expected, "{name}");
        names.push(name.to_string());
    }
    let widths: Vec<String> = (2..=MAX_WIDTH).map(|t| format!("t{t}.bin")).collect();
    assert_eq!(names, widths);
}
