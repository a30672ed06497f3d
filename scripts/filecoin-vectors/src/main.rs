//! Writes the known-answer files of Filecoin's Poseidon (neptune 13.0.0,
//! `Poseidon::<blstrs::Scalar, A>`) into the directory given as argument:
//! `neptune_a{2,4,8,11}.json` (standard strength) and
//! `neptune_a{2,4,8,11}_strengthened.json`. Every answer is computed by
//! neptune, never by this workspace's code.
//!
//! Case formats (decimal strings):
//! - `permute`: input `A + 1` elements, output `A + 1` (neptune's `hash` on a
//!   state set directly, read back whole; checked against neptune's
//!   `HashMode::Correct`, the textbook rounds);
//! - `merkle_tree`: `HashType::MerkleTree`, input `A` elements, output 1;
//! - `hash_constant_length`: `HashType::ConstantLength(k)`, input `k ≤ A`
//!   elements (every k, the empty preimage too), output 1;
//! - `hash_encryption`: `HashType::Encryption`, input `k ≤ A`, output 1;
//! - `hash_custom`: `HashType::Custom(CType::Arbitrary(id))` with the case's
//!   `id`, input `k ≤ A`, output 1.

use std::fmt::Write as _;

use blstrs::Scalar;
use generic_array::typenum::{U11, U2, U4, U8};
use neptune::Strength;
use neptune::hash_type::{CType, HashType};
use neptune::poseidon::{Arity, HashMode, Poseidon, PoseidonConstants};

/// splitmix64, for reproducible inputs.
struct Stream(u64);

impl Stream {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// One in four an edge value (0, 1, 2, p − 1, p − 2), else uniform
    /// below p (255-bit draws, values ≥ p redrawn).
    fn element(&mut self) -> Scalar {
        let r = self.next_u64();
        if r % 4 == 0 {
            let one = Scalar::from(1u64);
            let two = Scalar::from(2u64);
            return [Scalar::from(0u64), one, two, -one, -two][(r / 4 % 5) as usize];
        }
        loop {
            let mut limbs = [0u64; 4];
            for l in limbs.iter_mut() {
                *l = self.next_u64();
            }
            limbs[3] >>= 1;
            if let Some(x) = Option::from(Scalar::from_u64s_le(&limbs)) {
                return x;
            }
        }
    }
}

/// The decimal form of 32 little-endian bytes.
fn decimal(le: &[u8]) -> String {
    let mut digits = vec![0u8]; // little-endian base-10 digits
    for &byte in le.iter().rev() {
        let mut carry = byte as u32;
        for d in digits.iter_mut() {
            let v = *d as u32 * 256 + carry;
            *d = (v % 10) as u8;
            carry = v / 10;
        }
        while carry > 0 {
            digits.push((carry % 10) as u8);
            carry /= 10;
        }
    }
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

fn list(xs: &[Scalar]) -> String {
    let parts: Vec<String> = xs
        .iter()
        .map(|x| format!("\"{}\"", decimal(&x.to_bytes_le())))
        .collect();
    format!("[{}]", parts.join(", "))
}

/// neptune's `Poseidon::new` + `input` per element + `hash`.
fn hash<A: Arity<Scalar>>(constants: &PoseidonConstants<Scalar, A>, preimage: &[Scalar]) -> Scalar {
    let mut p = Poseidon::new(constants);
    for x in preimage {
        p.input(*x).expect("preimage fits");
    }
    p.hash()
}

fn file<A: Arity<Scalar>>(strength: Strength, seed: u64) -> String {
    let arity = A::to_usize();
    let width = arity + 1;
    let mut rng = Stream(seed);
    let mut cases: Vec<String> = Vec::new();
    let mut case = |f: &str, extra: &str, input: &[Scalar], output: &[Scalar]| {
        cases.push(format!(
            "    {{ \"fn\": \"{f}\",{extra} \"input\": {}, \"output\": {} }}",
            list(input),
            list(output)
        ));
    };
    let merkle = PoseidonConstants::<Scalar, A>::new_with_strength(strength);
    // permute: zero, all p − 1, 0..t, then seeded states.
    let mut states: Vec<Vec<Scalar>> = vec![
        vec![Scalar::from(0u64); width],
        vec![-Scalar::from(1u64); width],
        (0..width as u64).map(Scalar::from).collect(),
    ];
    states.extend((0..12).map(|_| (0..width).map(|_| rng.element()).collect()));
    for state in &states {
        let mut p = Poseidon::new(&merkle);
        p.elements.copy_from_slice(state);
        p.hash();
        let mut textbook = Poseidon::new(&merkle);
        textbook.elements.copy_from_slice(state);
        textbook.hash_in_mode(HashMode::Correct);
        assert_eq!(p.elements, textbook.elements, "optimized and textbook rounds");
        case("permute", "", state, &p.elements);
    }
    // merkle_tree: zeros, all p − 1, then seeded preimages.
    let mut preimages: Vec<Vec<Scalar>> = vec![
        vec![Scalar::from(0u64); arity],
        vec![-Scalar::from(1u64); arity],
    ];
    preimages.extend((0..12).map(|_| (0..arity).map(|_| rng.element()).collect()));
    for x in &preimages {
        let out = Poseidon::new_with_preimage(x, &merkle).hash();
        assert_eq!(out, hash(&merkle, x));
        case("merkle_tree", "", x, &[out]);
    }
    // hash_constant_length: every length 0..=A, two preimages each.
    for k in 0..=arity {
        let constants = PoseidonConstants::<Scalar, A>::new_with_strength_and_type(
            strength,
            HashType::ConstantLength(k),
        );
        for _ in 0..2 {
            let x: Vec<Scalar> = (0..k).map(|_| rng.element()).collect();
            let out = Poseidon::new_with_preimage(&x, &constants).hash();
            case("hash_constant_length", "", &x, &[out]);
        }
    }
    // hash_encryption: a full and a short preimage.
    let encryption =
        PoseidonConstants::<Scalar, A>::new_with_strength_and_type(strength, HashType::Encryption);
    for k in [arity, 1] {
        let x: Vec<Scalar> = (0..k).map(|_| rng.element()).collect();
        case("hash_encryption", "", &x, &[hash(&encryption, &x)]);
    }
    // hash_custom: the smallest, a middle and the largest id.
    for id in [1u64, 37, 256] {
        let custom = PoseidonConstants::<Scalar, A>::new_with_strength_and_type(
            strength,
            HashType::Custom(CType::Arbitrary(id)),
        );
        let x: Vec<Scalar> = (0..arity).map(|_| rng.element()).collect();
        case("hash_custom", &format!(" \"id\": {id},"), &x, &[hash(&custom, &x)]);
    }
    let name = match strength {
        Strength::Standard => "standard",
        Strength::Strengthened => "strengthened",
    };
    let (rf, rp) = (merkle.full_rounds, merkle.partial_rounds);
    let mut out = String::new();
    writeln!(out, "{{").unwrap();
    writeln!(
        out,
        "  \"source\": \"neptune 13.0.0 (crates.io, features = [bls]; blstrs 0.7.1): Poseidon<Scalar, U{arity}> over BLS12-381 Fr, {name} strength (R_F = {rf}, R_P = {rp}), as Filecoin uses it; permutation through Poseidon::hash on a state set directly (equal to HashMode::Correct, checked by this generator), hashes through Poseidon::new + input + hash with PoseidonConstants::new_with_strength_and_type\","
    )
    .unwrap();
    writeln!(
        out,
        "  \"generator\": \"cargo run --release --manifest-path scripts/filecoin-vectors/Cargo.toml -- test-vectors/filecoin\","
    )
    .unwrap();
    writeln!(out, "  \"cases\": [").unwrap();
    writeln!(out, "{}", cases.join(",\n")).unwrap();
    writeln!(out, "  ]").unwrap();
    writeln!(out, "}}").unwrap();
    out
}

fn write<A: Arity<Scalar>>(dir: &str, seed: u64) {
    let arity = A::to_usize();
    for (strength, suffix) in [(Strength::Standard, ""), (Strength::Strengthened, "_strengthened")] {
        let path = format!("{dir}/neptune_a{arity}{suffix}.json");
        std::fs::write(&path, file::<A>(strength, seed + suffix.len() as u64)).expect("write");
        eprintln!("wrote {path}");
    }
}

fn main() {
    let Some(dir) = std::env::args().nth(1) else {
        eprintln!("usage: filecoin-vectors <output directory>");
        std::process::exit(2);
    };
    write::<U2>(&dir, 0x6669_6c32);
    write::<U4>(&dir, 0x6669_6c34);
    write::<U8>(&dir, 0x6669_6c38);
    write::<U11>(&dir, 0x6669_6c31_31);
}
