//! Dusk's Poseidon against dusk-poseidon 0.41.0 (`Hash::digest`,
//! `Hash::new` / `update` / `output_len` / `finalize`,
//! `Hash::digest_truncated`) on random inputs of every domain, with 0, 1
//! and p − 1 mixed in and every length around the rate of 4 (inputs 1 to
//! 13, outputs 1 to 9). 0.41.0 is the newest release that builds on stable
//! Rust 1.95 (0.44.0 declares 1.96.1); its outputs are 0.44.0's, which
//! `scripts/dusk-vectors` records from 0.44.0 itself in the vector file
//! (`tests/dusk_vectors.rs`).
//!
//! dusk-poseidon keeps its permutation private: the permutation is checked
//! through `Domain::Other` with 4 elements in and 8 out, which reads cells
//! 1–4 after one permutation and after two (the second depends on every
//! cell of the first's output, the capacity included).
//!
//! Elements pass between the crates as their 32 little-endian canonical
//! bytes (both crates' encoding). Case counts scale with
//! `ALGEBRAIC_HASH_CASES_PERCENT` (10 000 by default).

use algebraic_hash::{Compression, Error, Hasher, Permutation};
use algebraic_hash_poseidon::dusk::{self, BlsScalar, Domain, DuskPoseidon};
use algebraic_hash_testkit::cases;
use ark_ff::{BigInteger, PrimeField};
use dusk_poseidon::{Domain as TheirDomain, Hash as TheirHash};
use rand::rngs::StdRng;
use rand::{Rng, RngCore, SeedableRng};

type TheirScalar = dusk_bls12_381::BlsScalar;

fn theirs(x: &BlsScalar) -> TheirScalar {
    let bytes: [u8; 32] = x.into_bigint().to_bytes_le().try_into().expect("32 bytes");
    TheirScalar::from_bytes(&bytes).expect("canonical")
}

fn ours(x: &TheirScalar) -> BlsScalar {
    let ours = BlsScalar::from_le_bytes_mod_order(&x.to_bytes());
    assert_eq!(theirs(&ours), *x, "canonical round trip");
    ours
}

fn their_domain(domain: Domain) -> TheirDomain {
    match domain {
        Domain::Merkle4 => TheirDomain::Merkle4,
        Domain::Merkle2 => TheirDomain::Merkle2,
        Domain::Encryption => TheirDomain::Encryption,
        Domain::Other => TheirDomain::Other,
    }
}

fn random(rng: &mut StdRng) -> BlsScalar {
    match rng.random_range(0..16u32) {
        0 => BlsScalar::from(0u64),
        1 => BlsScalar::from(1u64),
        2 => -BlsScalar::from(1u64),
        _ => {
            let mut bytes = [0u8; 64];
            rng.fill_bytes(&mut bytes);
            BlsScalar::from_le_bytes_mod_order(&bytes)
        }
    }
}

fn random_vec(rng: &mut StdRng, n: usize) -> Vec<BlsScalar> {
    (0..n).map(|_| random(rng)).collect()
}

/// dusk's `Hash` fed `input` in random chunks, `outputs` outputs.
fn their_hash(
    rng: &mut StdRng,
    domain: Domain,
    input: &[BlsScalar],
    outputs: usize,
) -> Vec<BlsScalar> {
    let input: Vec<TheirScalar> = input.iter().map(theirs).collect();
    let mut hash = TheirHash::new(their_domain(domain));
    let mut rest = &input[..];
    while !rest.is_empty() {
        let take = rng.random_range(1..=rest.len());
        hash.update(&rest[..take]);
        rest = &rest[take..];
    }
    hash.output_len(outputs);
    hash.finalize().iter().map(ours).collect()
}

fn their_digest(domain: Domain, input: &[BlsScalar]) -> BlsScalar {
    let input: Vec<TheirScalar> = input.iter().map(theirs).collect();
    let out = TheirHash::digest(their_domain(domain), &input);
    assert_eq!(out.len(), 1);
    ours(&out[0])
}

#[test]
fn permutation_through_two_squeezes() {
    let mut rng = StdRng::seed_from_u64(1);
    for _ in 0..cases(10_000) {
        let input = random_vec(&mut rng, 4);
        let mut out = [BlsScalar::from(0u64); 8];
        dusk::hash_into(Domain::Other, &input, &mut out).expect("valid");
        assert_eq!(
            out.to_vec(),
            their_hash(&mut rng, Domain::Other, &input, 8),
            "{input:?}"
        );
    }
    // permute_many (pairs and a remainder) equals one by one.
    let states: Vec<[BlsScalar; 5]> = (0..7)
        .map(|_| core::array::from_fn(|_| random(&mut rng)))
        .collect();
    let mut batch = states.clone();
    DuskPoseidon.permute_many(&mut batch);
    for (state, out) in states.into_iter().zip(batch) {
        assert_eq!(DuskPoseidon.permute(state), out);
    }
}

#[test]
fn hash_other_every_length() {
    let mut rng = StdRng::seed_from_u64(2);
    for i in 0..cases(10_000) {
        let n = 1 + (i as usize % 13);
        let input = random_vec(&mut rng, n);
        let want = their_digest(Domain::Other, &input);
        assert_eq!(dusk::hash(Domain::Other, &input), Ok(want), "{n} elements");
        assert_eq!(DuskPoseidon.hash_elements(&input), want);
    }
}

#[test]
fn hash_other_many_outputs() {
    let mut rng = StdRng::seed_from_u64(3);
    for i in 0..cases(10_000) {
        let n = 1 + (i as usize % 9);
        let m = 1 + (i as usize / 9 % 9);
        let input = random_vec(&mut rng, n);
        let mut out = vec![BlsScalar::from(0u64); m];
        dusk::hash_into(Domain::Other, &input, &mut out).expect("valid");
        assert_eq!(
            out,
            their_hash(&mut rng, Domain::Other, &input, m),
            "{n} in, {m} out"
        );
    }
}

#[test]
fn hash_encryption_domain() {
    let mut rng = StdRng::seed_from_u64(4);
    for i in 0..cases(10_000) {
        let n = 1 + (i as usize % 13);
        let input = random_vec(&mut rng, n);
        assert_eq!(
            dusk::hash(Domain::Encryption, &input),
            Ok(their_digest(Domain::Encryption, &input)),
            "{n} elements"
        );
    }
}

#[test]
fn merkle2_and_merkle4() {
    let mut rng = StdRng::seed_from_u64(5);
    let n = cases(10_000) as usize;
    let mut pairs = Vec::new();
    let mut quads = Vec::new();
    let mut want2 = Vec::new();
    let mut want4 = Vec::new();
    for _ in 0..n {
        let pair: [BlsScalar; 2] = core::array::from_fn(|_| random(&mut rng));
        let quad: [BlsScalar; 4] = core::array::from_fn(|_| random(&mut rng));
        let w2 = their_digest(Domain::Merkle2, &pair);
        let w4 = their_digest(Domain::Merkle4, &quad);
        assert_eq!(DuskPoseidon.compress(pair), w2);
        assert_eq!(dusk::hash(Domain::Merkle2, &pair), Ok(w2));
        assert_eq!(DuskPoseidon.compress(quad), w4);
        assert_eq!(dusk::hash(Domain::Merkle4, &quad), Ok(w4));
        pairs.push(pair);
        quads.push(quad);
        want2.push(w2);
        want4.push(w4);
    }
    let mut out = vec![BlsScalar::from(0u64); n];
    Compression::<BlsScalar, 2>::compress_many(&DuskPoseidon, &pairs, &mut out);
    assert_eq!(out, want2, "compress_many, Merkle2");
    Compression::<BlsScalar, 4>::compress_many(&DuskPoseidon, &quads, &mut out);
    assert_eq!(out, want4, "compress_many, Merkle4");
}

#[test]
fn truncated() {
    let mut rng = StdRng::seed_from_u64(6);
    let domains = [
        Domain::Other,
        Domain::Encryption,
        Domain::Merkle2,
        Domain::Merkle4,
    ];
    for i in 0..cases(10_000) {
        let domain = domains[i as usize % 4];
        let n = match domain {
            Domain::Merkle2 => 2,
            Domain::Merkle4 => 4,
            _ => 1 + (i as usize / 4 % 9),
        };
        let input = random_vec(&mut rng, n);
        let their_input: Vec<TheirScalar> = input.iter().map(theirs).collect();
        let out = TheirHash::digest_truncated(their_domain(domain), &their_input);
        let want = BlsScalar::from_le_bytes_mod_order(&out[0].to_bytes());
        let got = dusk::hash_truncated(domain, &input).expect("valid");
        assert_eq!(got, want, "{domain:?}, {n} elements");
        assert!(got.into_bigint().num_bits() <= 250);
    }
}

/// What dusk refuses (with a panic in 0.41, an `Error` in 0.44's
/// `try_finalize`) is a typed error here.
#[test]
fn refused_as_dusk_refuses() {
    let x = BlsScalar::from(7u64);
    let refused = |domain: Domain, n: usize, m: usize| {
        let input = vec![theirs(&x); n];
        std::panic::catch_unwind(|| {
            let mut hash = TheirHash::new(their_domain(domain));
            if n > 0 {
                hash.update(&input);
            }
            hash.output_len(m);
            hash.finalize()
        })
        .is_err()
    };
    let out_of_range = |what, found| Error::LengthOutOfRange {
        what,
        min: 1,
        max: dusk::MAX_LENGTH,
        found,
    };
    for domain in [Domain::Other, Domain::Encryption] {
        assert!(refused(domain, 0, 1));
        assert_eq!(
            dusk::hash(domain, &[]),
            Err(out_of_range("Dusk hash input", 0))
        );
    }
    assert_eq!(
        DuskPoseidon.try_hash_elements(&[]),
        Err(out_of_range("Dusk hash input", 0))
    );
    assert!(std::panic::catch_unwind(|| DuskPoseidon.hash_elements(&[])).is_err());
    for (domain, expected) in [(Domain::Merkle2, 2), (Domain::Merkle4, 4)] {
        for n in [0, 1, 3, 5] {
            if n == expected {
                continue;
            }
            assert!(refused(domain, n, 1), "{domain:?} {n}");
            assert_eq!(
                dusk::hash(domain, &vec![x; n]),
                Err(Error::WrongLength {
                    what: "Dusk Merkle hash input",
                    expected,
                    found: n
                })
            );
        }
    }
    // An output count other than one outside Domain::Other: dusk ignores it
    // (one output), this crate refuses it.
    let mut two = [x; 2];
    assert_eq!(
        dusk::hash_into(Domain::Encryption, &[x], &mut two),
        Err(Error::WrongLength {
            what: "Dusk hash output (one outside Domain::Other)",
            expected: 1,
            found: 2
        })
    );
    assert_eq!(
        dusk::hash_into(Domain::Other, &[x], &mut []),
        Err(out_of_range("Dusk hash output", 0))
    );
}
