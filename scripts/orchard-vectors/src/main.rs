//! Writes the known-answer file of Zcash Orchard's Poseidon over Pallas Fp
//! (`pallas`) or Vesta Fp (`vesta`) to standard output. Every answer is
//! computed by halo2_poseidon 0.2.0 or taken from the zcash test vectors it
//! carries (`test_vectors::{fp, fq}`, from zcash-test-vectors'
//! `orchard_poseidon`), never by this workspace's code.
//!
//! Case formats (decimal strings):
//! - `permute`: input 3 elements, output 3 (the zcash vectors first, then
//!   edge and seeded random states);
//! - `hash`: `ConstantLength<2>`, input 2, output 1 (the zcash vectors
//!   first);
//! - `hash_constant_length`: `ConstantLength<L>` for L = 1, 3, 4, 5, input L
//!   elements, output 1.

use ff::{Field, FromUniformBytes, PrimeField};
use halo2_poseidon::{ConstantLength, Hash, P128Pow5T3, Spec, test_vectors};

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

    /// One in four an edge value (0, 1, 2, p − 1, p − 2), else 512 random
    /// bits reduced mod p.
    fn element<F: FromUniformBytes<64>>(&mut self) -> F {
        let r = self.next_u64();
        if r % 4 == 0 {
            return [F::ZERO, F::ONE, F::ONE.double(), -F::ONE, -F::ONE.double()][(r / 4 % 5) as usize];
        }
        let mut bytes = [0u8; 64];
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        F::from_uniform_bytes(&bytes)
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

fn list<F: PrimeField<Repr = [u8; 32]>>(xs: &[F]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| format!("\"{}\"", decimal(&x.to_repr()))).collect();
    format!("[{}]", parts.join(", "))
}

fn hash<F, const L: usize>(message: [F; L]) -> F
where
    F: PrimeField<Repr = [u8; 32]> + FromUniformBytes<64> + Ord,
    P128Pow5T3: Spec<F, 3, 2>,
{
    Hash::<F, P128Pow5T3, ConstantLength<L>, 3, 2>::init().hash(message)
}

fn file<F>(
    field: &str,
    permute: Vec<test_vectors::PermuteTestVector>,
    hashes: Vec<test_vectors::HashTestVector>,
    seed: u64,
) where
    F: PrimeField<Repr = [u8; 32]> + FromUniformBytes<64> + Ord,
    P128Pow5T3: Spec<F, 3, 2>,
{
    let read = |b: &[u8; 32]| F::from_repr(*b).expect("canonical vector");
    let mut rng = Stream(seed);
    let mut cases: Vec<String> = Vec::new();
    let mut case = |f: &str, input: &[F], output: &[F]| {
        cases.push(format!(
            "    {{ \"fn\": \"{f}\", \"input\": {}, \"output\": {} }}",
            list(input),
            list(output)
        ));
    };
    let (constants, mds, _) = <P128Pow5T3 as Spec<F, 3, 2>>::constants();
    let mut states: Vec<[F; 3]> = Vec::new();
    for v in &permute {
        let state = v.initial_state.map(|b| read(&b));
        let mut out = state;
        halo2_poseidon::test_only_permute::<F, P128Pow5T3, 3, 2>(&mut out, &mds, &constants);
        assert_eq!(out, v.final_state.map(|b| read(&b)), "zcash vector");
        states.push(state);
    }
    states.push([F::ZERO; 3]);
    states.push([-F::ONE; 3]);
    states.extend((0..10).map(|_| core::array::from_fn(|_| rng.element())));
    for state in states {
        let mut out = state;
        halo2_poseidon::test_only_permute::<F, P128Pow5T3, 3, 2>(&mut out, &mds, &constants);
        case("permute", &state, &out);
    }
    let mut pairs: Vec<[F; 2]> = Vec::new();
    for v in &hashes {
        let input = v.input.map(|b| read(&b));
        assert_eq!(hash(input), read(&v.output), "zcash vector");
        pairs.push(input);
    }
    pairs.push([F::ZERO; 2]);
    pairs.push([-F::ONE; 2]);
    pairs.extend((0..10).map(|_| [rng.element(), rng.element()]));
    for pair in pairs {
        case("hash", &pair, &[hash(pair)]);
    }
    for _ in 0..3 {
        let m1: [F; 1] = [rng.element()];
        case("hash_constant_length", &m1, &[hash(m1)]);
        let m3: [F; 3] = core::array::from_fn(|_| rng.element());
        case("hash_constant_length", &m3, &[hash(m3)]);
        let m4: [F; 4] = core::array::from_fn(|_| rng.element());
        case("hash_constant_length", &m4, &[hash(m4)]);
        let m5: [F; 5] = core::array::from_fn(|_| rng.element());
        case("hash_constant_length", &m5, &[hash(m5)]);
    }
    println!("{{");
    println!(
        "  \"source\": \"halo2_poseidon 0.2.0 (crates.io, zcash/halo2): P128Pow5T3 over {field} (permutation through test_only_permute, Hash<_, P128Pow5T3, ConstantLength<L>, 3, 2>); the first permute and hash cases are the zcash test vectors it carries (zcash-test-vectors orchard_poseidon), checked by this generator\","
    );
    println!(
        "  \"generator\": \"cargo run --release --manifest-path scripts/orchard-vectors/Cargo.toml -- {} > test-vectors/orchard/p128pow5t3_{}.json\",",
        field.split(' ').next().unwrap_or(field).to_lowercase(),
        field.split(' ').next().unwrap_or(field).to_lowercase()
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        Some("pallas") => file::<pasta_curves::Fp>(
            "Pallas Fp",
            test_vectors::fp::permute(),
            test_vectors::fp::hash(),
            0x7061_6c6c_6173,
        ),
        Some("vesta") => file::<pasta_curves::Fq>(
            "Vesta Fp",
            test_vectors::fq::permute(),
            test_vectors::fq::hash(),
            0x7665_7374_61,
        ),
        _ => {
            eprintln!("usage: orchard-vectors pallas|vesta");
            std::process::exit(2);
        }
    }
}
