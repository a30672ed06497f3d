//! Mina's Poseidons: the vector files (answers of o1js's mina-signer 4.0.0,
//! proof-systems' published vectors and o1js's published prefix states,
//! written by `scripts/mina-vectors`), through the trait view, the named
//! hashes and mina-hasher's context; and 10 000 random inputs per entry
//! point, derived here as the generator derives them, whose answers must
//! hash to the generator's SHA-256.

use std::fmt::Write;

use algebraic_hash::{Error, Permutation};
use algebraic_hash_poseidon::mina::{
    self, Fp, Kimchi, Legacy, MinaHasher, create_kimchi, create_legacy, domain_prefix_to_field,
    fp_from_le_bytes, fp_from_str, fp_to_le_bytes,
};
use algebraic_hash_testkit::{
    Case, VectorFile, check_compression, check_hasher, check_permutation,
};
use ark_ff::{PrimeField, Zero};
use sha2::{Digest, Sha256};

const KIMCHI: &str = include_str!("../../../test-vectors/mina/kimchi.json");
const LEGACY: &str = include_str!("../../../test-vectors/mina/legacy.json");

fn parse(s: &str) -> Fp {
    fp_from_str(s).expect("vector element")
}

fn prefix(case: &Case) -> &str {
    case.raw["prefix"].as_str().expect("case has a prefix")
}

fn decimal(x: &Fp) -> String {
    x.into_bigint().to_string()
}

/// Element `j` of random input `i` of entry point `tag`, as
/// `scripts/mina-vectors/gen.mjs` derives it: 0, 1 or p − 1 when
/// `(i + j) % 8` is 0, 1 or 2, else the low 254 bits of
/// SHA-256("mina-vectors:TAG:I:J") read little-endian.
fn element(tag: &str, i: usize, j: usize) -> Fp {
    match (i + j) % 8 {
        0 => Fp::zero(),
        1 => Fp::from(1u64),
        2 => -Fp::from(1u64),
        _ => {
            let mut bytes: [u8; 32] = Sha256::digest(format!("mina-vectors:{tag}:{i}:{j}")).into();
            bytes[31] &= 0x3f;
            fp_from_le_bytes(&bytes).expect("below 2^254 < p")
        }
    }
}

fn input(tag: &str, i: usize, n: usize) -> Vec<Fp> {
    (0..n).map(|j| element(tag, i, j)).collect()
}

/// SHA-256 over one line per input `i`: the answer's elements in decimal,
/// space-separated.
fn digest(count: usize, mut answer: impl FnMut(usize) -> Vec<Fp>) -> String {
    let mut h = Sha256::new();
    for i in 0..count {
        let line: Vec<String> = answer(i).iter().map(decimal).collect();
        h.update(line.join(" ").as_bytes());
        h.update(b"\n");
    }
    let mut hex = String::new();
    for b in h.finalize() {
        write!(hex, "{b:02x}").expect("a String takes any text");
    }
    hex
}

fn check_file<P>(json: &str, permutation: P, mut hasher: impl FnMut(Option<&str>) -> MinaHasher<P>)
where
    P: Permutation<[Fp; 3]>
        + algebraic_hash::Compression<Fp, 2>
        + algebraic_hash::Hasher<Fp, Digest = Fp>
        + Copy,
{
    let file = VectorFile::parse(json);
    assert!(check_permutation(&file, "permute", &permutation, parse) >= 5);
    // proof-systems' six published vectors and o1js's.
    assert!(check_hasher(&file, "hash", &permutation, parse, |v| v[0]) >= 15);
    check_compression(
        &file,
        "compress",
        &permutation,
        parse,
        |v| v.try_into().expect("two inputs"),
        |v| v[0],
    );
    // mina-hasher without a domain string hashes as the sponge does (its
    // own test runs proof-systems' vectors so).
    let mut no_domain = hasher(None);
    for case in file.require("hash") {
        let input: Vec<Fp> = case.input.iter().map(|s| parse(s)).collect();
        assert_eq!(no_domain.hash(&input), parse(&case.output[0]));
    }

    for case in file.require("prefix_to_field") {
        let packed = mina::prefix_to_field(prefix(case)).expect("prefix");
        assert_eq!(packed, parse(&case.output[0]), "{}", prefix(case));
        if prefix(case).len() == 20 {
            // mina-hasher's packing agrees on o1js's padded prefixes, and
            // pads with `*` itself.
            assert_eq!(domain_prefix_to_field(prefix(case)), Ok(packed));
            let bare = prefix(case).trim_end_matches('*');
            assert_eq!(domain_prefix_to_field(bare), Ok(packed));
        }
    }
    let mut prefixes = Vec::new();
    for case in file.require("salt") {
        let expected: Vec<Fp> = case.output.iter().map(|s| parse(s)).collect();
        let salt = mina::salt(permutation, prefix(case)).expect("prefix");
        assert_eq!(salt.to_vec(), expected, "salt({})", prefix(case));
        if prefix(case).len() == 20 {
            // mina-hasher's digest of an empty update reads cell 1 of the
            // domain state (its squeeze after init's squeeze).
            let mut h = hasher(Some(prefix(case)));
            assert_eq!(h.hash(&[]), expected[1], "{}", prefix(case));
            prefixes.push(prefix(case).to_owned());
        }
    }
    for case in file.require("hash_with_prefix") {
        let input: Vec<Fp> = case.input.iter().map(|s| parse(s)).collect();
        let expected = parse(&case.output[0]);
        assert_eq!(
            mina::hash_with_prefix(permutation, prefix(case), &input),
            Ok(expected)
        );
        let mut h = hasher(Some(prefix(case)));
        assert_eq!(h.hash(&input), expected);
        assert_eq!(h.init_and_hash(Some(prefix(case)), &input), Ok(expected));
        // Incremental updates, and a reset after digest (which leaves the
        // zero state, as mina-hasher's does).
        h.reset();
        for x in &input {
            h.update(core::slice::from_ref(x));
        }
        assert_eq!(h.digest(), expected);
        h.reset();
        assert_eq!(h.update(&input).digest(), expected);
    }

    let mut random = 0;
    for case in file.require("random_digest") {
        let count = case.raw["count"].as_u64().expect("count") as usize;
        let expected = case.raw["sha256"].as_str().expect("sha256");
        assert!(count >= 10_000);
        let entry = case.raw["entry"].as_str().expect("entry");
        let got = match entry {
            "permute" => {
                // permute_many over all the states at once, too.
                let mut states: Vec<[Fp; 3]> = (0..count)
                    .map(|i| input("permute", i, 3).try_into().expect("3"))
                    .collect();
                let one_by_one: Vec<[Fp; 3]> =
                    states.iter().map(|s| permutation.permute(*s)).collect();
                permutation.permute_many(&mut states);
                assert_eq!(states, one_by_one);
                digest(count, |i| states[i].to_vec())
            }
            "hash" => digest(count, |i| {
                vec![mina::hash(permutation, &input("hash", i, i % 7))]
            }),
            "hash_with_prefix" => {
                let mut contexts: Vec<MinaHasher<P>> =
                    prefixes.iter().map(|p| hasher(Some(p))).collect();
                digest(count, |i| {
                    let k = i % prefixes.len();
                    let xs = input("hash_with_prefix", i, 1 + i % 5);
                    let ours = mina::hash_with_prefix(permutation, &prefixes[k], &xs).expect("p");
                    assert_eq!(
                        contexts[k].hash(&xs),
                        ours,
                        "mina-hasher context, input {i}"
                    );
                    vec![ours]
                })
            }
            other => panic!("unknown entry point {other}"),
        };
        assert_eq!(got, expected, "{entry}: {count} random inputs");
        random += 1;
    }
    assert_eq!(random, 3);
}

#[test]
fn kimchi() {
    check_file(KIMCHI, Kimchi, |d| create_kimchi(d).expect("domain"));
}

#[test]
fn legacy() {
    check_file(LEGACY, Legacy, |d| create_legacy(d).expect("domain"));
}

/// Values ≥ p, wrong byte counts and bad domain strings get the typed
/// errors, and a bad domain leaves a hasher as it was.
#[test]
fn bad_input_is_refused() {
    let p = "28948022309329048855892746252171976963363056481941560715954676764349967630337";
    let not_canonical = Err(Error::NotCanonical {
        field: mina::FIELD_NAME,
    });
    assert_eq!(fp_from_str(p), not_canonical);
    let minus_one = -Fp::from(1u64);
    assert_eq!(
        fp_from_str("0x40000000000000000000000000000000224698fc094cf91b992d30ed00000000"),
        Ok(minus_one)
    );
    let bytes = fp_to_le_bytes(&minus_one);
    assert_eq!(fp_from_le_bytes(&bytes), Ok(minus_one));
    let mut p_bytes = bytes;
    p_bytes[0] += 1;
    assert_eq!(fp_from_le_bytes(&p_bytes), not_canonical);
    assert!(matches!(
        fp_from_le_bytes(&bytes[1..]),
        Err(Error::WrongLength { .. })
    ));
    assert!(matches!(
        domain_prefix_to_field("ThisStringIsTooLongForDomain"),
        Err(Error::LengthOutOfRange { max: 20, .. })
    ));
    assert!(matches!(
        domain_prefix_to_field("Signature\u{e9}"),
        Err(Error::Unsupported { .. })
    ));
    // o1js takes up to 31 bytes, zero-padded.
    assert_eq!(
        mina::prefix_to_field("ThisStringIsTooLongForDomain"),
        Ok(Fp::from_le_bytes_mod_order(b"ThisStringIsTooLongForDomain"))
    );
    assert!(matches!(
        mina::hash_with_prefix(Kimchi, "ThisPrefixIsTooLongForAFieldElts", &[]),
        Err(Error::LengthOutOfRange { max: 31, .. })
    ));
    assert!(matches!(
        mina::salt(Legacy, "\u{e9}"),
        Err(Error::Unsupported { .. })
    ));
    let mut h = create_legacy(Some("CodaSignature")).expect("domain");
    let before = h.hash(&[Fp::from(7u64)]);
    assert!(h.init(Some("ThisStringIsTooLongForDomain")).is_err());
    assert_eq!(h.hash(&[Fp::from(7u64)]), before);
    // 20 bytes exactly is the limit, and is not padded.
    assert_eq!(
        domain_prefix_to_field("MinaSignatureMainnet"),
        Ok(Fp::from_le_bytes_mod_order(b"MinaSignatureMainnet"))
    );
}

/// mina-hasher's `digest` leaves the sponge at the zero state: a second
/// `update` + `digest` without `reset` hashes without the domain. The two
/// answers are proof-systems' mina-hasher's (commit 136c1df, built from
/// source and run once outside this workspace: it is not on crates.io).
#[test]
fn digest_leaves_the_zero_state() {
    let mut h = create_kimchi(Some("CodaReceiptUC*******")).expect("domain");
    let five = [Fp::from(5u64)];
    let first = h.update(&five).digest();
    let second = h.update(&five).digest();
    assert_eq!(
        first,
        parse("10893931014473575879584963448411998307001989510679121883326788951352475203632")
    );
    assert_eq!(
        second,
        parse("13175754299729214950405736493483002676471700830273952107621324482441010337841")
    );
    assert_eq!(second, mina::hash(Kimchi, &five));
}
