//! The poseidon crate's entry points that take counts, names and encoded
//! elements from a user: circom `poseidon_strs`, `poseidon_be_bytes`,
//! `poseidon_ex`, `permute_state`; Poseidon2 `Instance::from_name`,
//! `Instance::new`, `state_from_strs`, `state_from_be_bytes`,
//! `permute_slice`, `hash_strs`, `hash_be_bytes`, `compress_slice`. Each answer is checked against the documented contract:
//! the right typed error, or the same result as the typed core API on the
//! separately parsed elements.

#![no_main]

use algebraic_hash::Error;
use algebraic_hash_poseidon::field::{fr_from_be_bytes, fr_from_str, fr_to_le_bytes};
use algebraic_hash_poseidon::poseidon2::{Instance, ParamSet, Poseidon2};
use algebraic_hash_poseidon::{Fr, circom};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;

#[derive(Arbitrary, Debug)]
struct Input<'a> {
    strs: Vec<&'a str>,
    bytes: Vec<&'a [u8]>,
    elements: Vec<u64>,
    init: u64,
    out_len: u8,
    name: &'a str,
    set_new: bool,
    width: u8,
    flat: &'a [u8],
}

fn count_ok(n: usize) -> Result<(), Error> {
    if (1..=circom::MAX_INPUTS).contains(&n) {
        Ok(())
    } else {
        Err(Error::LengthOutOfRange {
            what: "",
            min: 1,
            max: circom::MAX_INPUTS,
            found: n,
        })
    }
}

/// Same variant and numbers (the `what` texts are free).
fn same_error(a: &Error, b: &Error) -> bool {
    match (a, b) {
        (
            Error::LengthOutOfRange {
                min, max, found, ..
            },
            Error::LengthOutOfRange {
                min: m2,
                max: x2,
                found: f2,
                ..
            },
        ) => (min, max, found) == (m2, x2, f2),
        (
            Error::WrongLength {
                expected, found, ..
            },
            Error::WrongLength {
                expected: e2,
                found: f2,
                ..
            },
        ) => (expected, found) == (e2, f2),
        _ => a == b,
    }
}

fn check_err<T: core::fmt::Debug>(got: Result<T, Error>, want: Error) {
    match got {
        Err(e) => assert!(same_error(&e, &want), "got {e:?}, want {want:?}"),
        Ok(v) => panic!("got {v:?}, want {want:?}"),
    }
}

/// The normalized names `Instance::from_name` documents.
fn name_oracle(name: &str) -> Option<(ParamSet, usize)> {
    let n = name.to_ascii_lowercase().replace('_', "-");
    for prefix in ["", "poseidon2-", "bn254-", "poseidon2-bn254-"] {
        for (set_name, set) in [("old", ParamSet::Old), ("new", ParamSet::New)] {
            for t in 2..=4 {
                if n == format!("{prefix}{set_name}-t{t}") {
                    return Some((set, t));
                }
            }
        }
    }
    None
}

fn state_checks<const T: usize>(p: Poseidon2<T>, strs: &[&str], flat: &[u8]) {
    match strs
        .iter()
        .map(|s| fr_from_str(s))
        .collect::<Result<Vec<Fr>, Error>>()
    {
        _ if strs.len() != T => check_err(
            p.state_from_strs(strs),
            Error::WrongLength {
                what: "",
                expected: T,
                found: strs.len(),
            },
        ),
        Err(e) => check_err(p.state_from_strs(strs), e),
        Ok(v) => assert_eq!(
            p.state_from_strs(strs).expect("valid").as_slice(),
            v.as_slice()
        ),
    }
    let cells: Result<Vec<Fr>, Error> = flat.chunks(32).map(fr_from_be_bytes).collect();
    match cells {
        _ if flat.len() != 32 * T => check_err(
            p.state_from_be_bytes(flat),
            Error::WrongLength {
                what: "",
                expected: 32 * T,
                found: flat.len(),
            },
        ),
        Err(e) => check_err(p.state_from_be_bytes(flat), e),
        Ok(v) => {
            let state = p.state_from_be_bytes(flat).expect("valid");
            assert_eq!(state.as_slice(), v.as_slice());
            let mut slice = v.clone();
            p.permute_slice(&mut slice).expect("width T");
            assert_eq!(slice.as_slice(), p.permutation(&state).as_slice());
        }
    }
}

/// The sponge hash and compression entry points of one instance.
fn sponge_checks(i: Instance, elements: &[Fr], strs: &[&str], flat: &[u8]) {
    let parsed: Result<Vec<Fr>, Error> = strs.iter().map(|s| fr_from_str(s)).collect();
    match parsed {
        Err(e) => check_err(i.hash_strs(strs), e),
        Ok(v) => assert_eq!(i.hash_strs(strs), Ok(i.hash(&v))),
    }

    let got = i.hash_be_bytes(flat);
    if flat.len() % 32 != 0 {
        check_err(
            got,
            Error::WrongLength {
                what: "",
                expected: flat.len().div_ceil(32) * 32,
                found: flat.len(),
            },
        );
    } else {
        match flat
            .chunks_exact(32)
            .map(fr_from_be_bytes)
            .collect::<Result<Vec<Fr>, Error>>()
        {
            Err(e) => check_err(got, e),
            Ok(v) => assert_eq!(got, Ok(i.hash(&v))),
        }
    }

    let rate = i.width() - 1;
    let got = i.compress_slice(elements);
    if elements.len() == rate {
        let mut state = elements.to_vec();
        state.push(Fr::from(0u64));
        i.permute_slice(&mut state).expect("width");
        assert_eq!(got, Ok(state[0]));
    } else {
        check_err(
            got,
            Error::WrongLength {
                what: "",
                expected: rate,
                found: elements.len(),
            },
        );
    }
}

fuzz_target!(|input: Input| {
    // circom Poseidon from text.
    let strs = &input.strs;
    let got = circom::poseidon_strs(strs);
    match count_ok(strs.len()) {
        Err(e) => check_err(got, e),
        Ok(()) => match strs
            .iter()
            .map(|s| fr_from_str(s))
            .collect::<Result<Vec<Fr>, Error>>()
        {
            Err(e) => check_err(got, e),
            Ok(v) => assert_eq!(got, circom::poseidon(&v)),
        },
    }

    // circom Poseidon from big-endian bytes.
    let got = circom::poseidon_be_bytes(&input.bytes);
    match count_ok(input.bytes.len()) {
        Err(e) => check_err(got, e),
        Ok(()) => match input
            .bytes
            .iter()
            .map(|b| fr_from_be_bytes(b))
            .collect::<Result<Vec<Fr>, Error>>()
        {
            Err(e) => check_err(got, e),
            Ok(v) => {
                let mut want = fr_to_le_bytes(&circom::poseidon(&v).expect("count checked"));
                want.reverse();
                assert_eq!(got, Ok(want));
            }
        },
    }

    // PoseidonEx and the raw permutation, on any counts.
    let elements: Vec<Fr> = input.elements.iter().map(|&x| Fr::from(x)).collect();
    let init = Fr::from(input.init);
    let mut out = vec![Fr::from(0u64); usize::from(input.out_len)];
    let got = circom::poseidon_ex(&elements, init, &mut out);
    let mut state = vec![init];
    state.extend_from_slice(&elements);
    let permuted = circom::permute_state(&mut state);
    match count_ok(elements.len()) {
        Err(e) => {
            check_err(got, e);
            assert!(permuted.is_err());
        }
        Ok(()) if out.is_empty() || out.len() > elements.len() + 1 => {
            check_err(
                got,
                Error::LengthOutOfRange {
                    what: "",
                    min: 1,
                    max: elements.len() + 1,
                    found: out.len(),
                },
            );
            permuted.expect("width 2..=17");
        }
        Ok(()) => {
            got.expect("valid counts");
            permuted.expect("width 2..=17");
            assert_eq!(out.as_slice(), &state[..out.len()]);
        }
    }

    // Poseidon2 names.
    match (Instance::from_name(input.name), name_oracle(input.name)) {
        (Ok(i), Some((set, t))) => {
            assert_eq!((i.param_set(), i.width()), (set, t));
            assert_eq!(Instance::from_name(i.name()), Ok(i));
        }
        (Err(Error::Unsupported { .. }), None) => {}
        (got, want) => panic!("name {:?}: got {got:?}, want {want:?}", input.name),
    }

    // Poseidon2 widths and states.
    let set = if input.set_new {
        ParamSet::New
    } else {
        ParamSet::Old
    };
    let t = usize::from(input.width);
    match Instance::new(set, t) {
        Ok(i) => {
            assert!((2..=4).contains(&t));
            assert_eq!((i.param_set(), i.width()), (set, t));
            let mut s = elements.clone();
            match i.permute_slice(&mut s) {
                Ok(()) => assert_eq!(elements.len(), t),
                Err(e) => {
                    assert_ne!(elements.len(), t);
                    assert!(same_error(
                        &e,
                        &Error::WrongLength {
                            what: "",
                            expected: t,
                            found: elements.len(),
                        }
                    ));
                }
            }
            sponge_checks(i, &elements, strs, input.flat);
            match i {
                Instance::T2(p) => state_checks(p, strs, input.flat),
                Instance::T3(p) => state_checks(p, strs, input.flat),
                Instance::T4(p) => state_checks(p, strs, input.flat),
            }
        }
        Err(Error::Unsupported { .. }) => assert!(!(2..=4).contains(&t)),
        Err(e) => panic!("width {t}: {e:?}"),
    }
});
