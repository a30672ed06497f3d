//! Writes the known-answer file of Dusk's Poseidon to standard output, or
//! (`bench`) times this workspace's Dusk Poseidon against dusk-poseidon
//! 0.44.0 in interleaved rounds. Every answer in the file is computed by
//! dusk-poseidon 0.44.0 (`Hash::digest`, `Hash::new` / `update` /
//! `output_len` / `finalize`, `Hash::digest_truncated`), never by this
//! workspace's code.
//!
//! Case formats (decimal strings):
//! - `hash_other`, `hash_encryption`: `Hash::digest(Domain::Other /
//!   Encryption, input)`, input 1 to 13 elements, output 1;
//! - `hash_merkle2` / `hash_merkle4`: `Hash::digest(Domain::Merkle2 /
//!   Merkle4, input)`, input 2 / 4, output 1;
//! - `hash_other_outputs`: `Domain::Other` with `output_len(m)`, input
//!   n elements, output m (n, m in 1 ..= 9);
//! - `hash_truncated`: `Hash::digest_truncated(Domain::Other, input)`, the
//!   Jubjub scalar's canonical value.

use std::hint::black_box;
use std::time::Instant;

use dusk_bls12_381::BlsScalar;
use dusk_poseidon::{Domain, Hash};

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
    fn element(&mut self) -> BlsScalar {
        let r = self.next_u64();
        if r % 4 == 0 {
            let one = BlsScalar::one();
            return [BlsScalar::zero(), one, one + one, -one, -(one + one)][(r / 4 % 5) as usize];
        }
        let mut bytes = [0u8; 64];
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_le_bytes());
        }
        BlsScalar::from_bytes_wide(&bytes)
    }

    fn elements(&mut self, n: usize) -> Vec<BlsScalar> {
        (0..n).map(|_| self.element()).collect()
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

fn list(xs: &[[u8; 32]]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| format!("\"{}\"", decimal(x))).collect();
    format!("[{}]", parts.join(", "))
}

fn bytes(xs: &[BlsScalar]) -> Vec<[u8; 32]> {
    xs.iter().map(|x| x.to_bytes()).collect()
}

fn case(cases: &mut Vec<String>, name: &str, input: &[BlsScalar], output: &[[u8; 32]]) {
    cases.push(format!(
        "    {{ \"fn\": \"{name}\", \"input\": {}, \"output\": {} }}",
        list(&bytes(input)),
        list(output)
    ));
}

fn vectors() {
    let mut s = Stream(0x0d05_c0de);
    let mut cases = Vec::new();
    for (name, domain) in [
        ("hash_other", Domain::Other),
        ("hash_encryption", Domain::Encryption),
    ] {
        for n in 1..=13 {
            for _ in 0..2 {
                let input = s.elements(n);
                case(
                    &mut cases,
                    name,
                    &input,
                    &bytes(&Hash::digest(domain, &input)),
                );
            }
        }
    }
    for (name, domain, n) in [
        ("hash_merkle2", Domain::Merkle2, 2),
        ("hash_merkle4", Domain::Merkle4, 4),
    ] {
        let edges = [BlsScalar::zero(), BlsScalar::one(), -BlsScalar::one()];
        for e in edges {
            let input = vec![e; n];
            case(
                &mut cases,
                name,
                &input,
                &bytes(&Hash::digest(domain, &input)),
            );
        }
        for _ in 0..8 {
            let input = s.elements(n);
            case(
                &mut cases,
                name,
                &input,
                &bytes(&Hash::digest(domain, &input)),
            );
        }
    }
    for n in [1, 3, 4, 5, 8, 9] {
        for m in [1, 2, 4, 5, 8, 9] {
            let input = s.elements(n);
            let mut hash = Hash::new(Domain::Other);
            // Two chunks where there are two elements: the IO pattern joins them.
            let (a, b) = input.split_at(n / 2);
            if !a.is_empty() {
                hash.update(a);
            }
            hash.update(b);
            hash.output_len(m);
            case(
                &mut cases,
                "hash_other_outputs",
                &input,
                &bytes(&hash.finalize()),
            );
        }
    }
    for n in [1, 2, 4, 5] {
        for _ in 0..2 {
            let input = s.elements(n);
            let out: Vec<[u8; 32]> = Hash::digest_truncated(Domain::Other, &input)
                .iter()
                .map(|x| x.to_bytes())
                .collect();
            case(&mut cases, "hash_truncated", &input, &out);
        }
    }
    println!("{{");
    println!(
        "  \"source\": \"dusk-poseidon 0.44.0 (crates.io, dusk-network/poseidon252; dusk-safe 0.4.0, dusk-bls12_381 0.16.0): Hash::digest over Domain::Other, Encryption, Merkle2, Merkle4; Hash::new/update/output_len/finalize; Hash::digest_truncated (the Jubjub scalar's canonical value). Hades width 5, 8 full + 60 partial rounds, x^5 over BLS12-381 Fr\","
    );
    println!(
        "  \"generator\": \"cargo run --release --ignore-rust-version --manifest-path scripts/dusk-vectors/Cargo.toml > test-vectors/dusk/dusk_poseidon.json\","
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

/// Times `iters` chained calls of `f`, in ns per call.
fn time_chain<S: Copy>(iters: u32, start: S, f: impl Fn(S) -> S) -> f64 {
    let t = Instant::now();
    let mut s = start;
    for _ in 0..iters {
        s = f(black_box(s));
    }
    black_box(s);
    t.elapsed().as_nanos() as f64 / f64::from(iters)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).expect("no NaN"));
    v[v.len() / 2]
}

fn bench() {
    use algebraic_hash::Compression;
    use algebraic_hash_poseidon::dusk::{self, BlsScalar as Ours, DuskPoseidon};
    use ark_ff::PrimeField;
    let ours = |x: &BlsScalar| Ours::from_le_bytes_mod_order(&x.to_bytes());
    let mut s = Stream(7);
    let two: [BlsScalar; 2] = [s.element(), s.element()];
    let four: [BlsScalar; 4] = [s.element(), s.element(), s.element(), s.element()];
    let ten = s.elements(10);
    let (o2, o4) = (two.map(|x| ours(&x)), four.map(|x| ours(&x)));
    let o10: Vec<Ours> = ten.iter().map(ours).collect();
    assert_eq!(
        ours(&Hash::digest(Domain::Merkle2, &two)[0]),
        DuskPoseidon.compress(o2)
    );
    assert_eq!(
        ours(&Hash::digest(Domain::Merkle4, &four)[0]),
        DuskPoseidon.compress(o4)
    );
    assert_eq!(
        ours(&Hash::digest(Domain::Other, &ten)[0]),
        dusk::hash(dusk::Domain::Other, &o10).unwrap()
    );
    type Timer = Box<dyn Fn(u32) -> f64>;
    let items: Vec<(&str, Timer, Timer)> = vec![
        (
            "Merkle2 (2 -> 1, one permutation)",
            Box::new(move |n| time_chain(n, o2, |[x, y]| [DuskPoseidon.compress([x, y]), x])),
            Box::new(move |n| {
                time_chain(n, two, |[x, y]| {
                    [Hash::digest(Domain::Merkle2, &[x, y])[0], x]
                })
            }),
        ),
        (
            "Merkle4 (4 -> 1, one permutation)",
            Box::new(move |n| {
                time_chain(n, o4, |[a, b, c, d]| {
                    [DuskPoseidon.compress([a, b, c, d]), a, b, c]
                })
            }),
            Box::new(move |n| {
                time_chain(n, four, |[a, b, c, d]| {
                    [Hash::digest(Domain::Merkle4, &[a, b, c, d])[0], a, b, c]
                })
            }),
        ),
        (
            "Other, 10 elements (3 permutations)",
            Box::new(move |n| {
                let v = o10.clone();
                time_chain(n, v[0], |x| {
                    let mut w = v.clone();
                    w[0] = x;
                    dusk::hash(dusk::Domain::Other, &w).unwrap()
                })
            }),
            Box::new(move |n| {
                let v = ten.clone();
                time_chain(n, v[0], |x| {
                    let mut w = v.clone();
                    w[0] = x;
                    Hash::digest(Domain::Other, &w)[0]
                })
            }),
        ),
    ];
    let rounds = 40;
    println!(
        "dusk-poseidon 0.44.0, {rounds} rounds, backend {}",
        algebraic_hash_montgomery::backend_name()
    );
    println!("| item | ours (ns) | dusk-poseidon 0.44.0 (ns) | ours / dusk |");
    println!("|---|---|---|---|");
    for (name, a, b) in &items {
        let (mut ta, mut tb, mut r) = (Vec::new(), Vec::new(), Vec::new());
        for round in 0..rounds {
            let (x, y) = if round % 2 == 0 {
                let x = a(500);
                (x, b(500))
            } else {
                let y = b(500);
                (a(500), y)
            };
            ta.push(x);
            tb.push(y);
            r.push(x / y);
        }
        println!(
            "| {name} | {:.0} | {:.0} | {:.2} |",
            median(&mut ta),
            median(&mut tb),
            median(&mut r)
        );
    }
}

fn main() {
    match std::env::args().nth(1).as_deref() {
        None => vectors(),
        Some("bench") => bench(),
        Some(other) => panic!("unknown argument {other:?} (none, or `bench`)"),
    }
}
