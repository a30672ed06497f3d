//! Writes the known-answer file of Miden's Rpo256 (`rpo`) or Rpx256 (`rpx`)
//! to standard output. Every answer is computed by miden-crypto 0.36.3,
//! never by this workspace's code.
//!
//! Inputs are fixed: the permutation input 0..11, edge values of the field
//! (0, 1, p − 1 = 2^64 − 2^32, 2^32, 2^32 − 1, p − 2^32) and elements from a
//! seeded splitmix64 stream.
//!
//! Case formats (decimal strings unless said otherwise):
//! - `apply_permutation`: input 12 elements, output 12 elements.
//! - `hash_elements`: input n elements, output the 4-element digest.
//! - `hash`: input one lowercase hex string of the bytes ("" for none).
//! - `merge`: input 8 elements (two digests), output 4.
//! - `merge_many`: input 4·k elements (k digests), output 4.
//! - `merge_in_domain`: input 8 elements (two digests), `domain` one
//!   element, output 4.
//! - `hash_elements_in_domain`: input n elements, `domain` one element,
//!   output 4.

use miden_crypto::hash::rpo::Rpo256;
use miden_crypto::hash::rpx::Rpx256;
use miden_crypto::{Felt, Word};

const P: u64 = 0xffff_ffff_0000_0001;
const EDGES: [u64; 6] = [0, 1, P - 1, 1 << 32, (1 << 32) - 1, P - (1 << 32)];

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

    /// A canonical element; about one in five is an edge value.
    fn element(&mut self) -> u64 {
        let r = self.next_u64();
        if r % 5 == 0 {
            return EDGES[(r / 5 % EDGES.len() as u64) as usize];
        }
        loop {
            let v = self.next_u64();
            if v < P {
                return v;
            }
        }
    }

    fn elements(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.element()).collect()
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }
}

/// The entry points of one of the two hashes, as miden-crypto has them.
struct Hash {
    name: &'static str,
    permute: fn(&mut [Felt; 12]),
    hash: fn(&[u8]) -> Word,
    hash_elements: fn(&[Felt]) -> Word,
    merge: fn(&[Word; 2]) -> Word,
    merge_many: fn(&[Word]) -> Word,
    merge_in_domain: fn(&[Word; 2], Felt) -> Word,
    hash_elements_in_domain: fn(&[Felt], Felt) -> Word,
}

const RPO: Hash = Hash {
    name: "Rpo256",
    permute: Rpo256::apply_permutation,
    hash: Rpo256::hash,
    hash_elements: Rpo256::hash_elements::<Felt>,
    merge: Rpo256::merge,
    merge_many: Rpo256::merge_many,
    merge_in_domain: Rpo256::merge_in_domain,
    hash_elements_in_domain: Rpo256::hash_elements_in_domain::<Felt>,
};

const RPX: Hash = Hash {
    name: "Rpx256",
    permute: Rpx256::apply_permutation,
    hash: Rpx256::hash,
    hash_elements: Rpx256::hash_elements::<Felt>,
    merge: Rpx256::merge,
    merge_many: Rpx256::merge_many,
    merge_in_domain: Rpx256::merge_in_domain,
    hash_elements_in_domain: Rpx256::hash_elements_in_domain::<Felt>,
};

fn felt(v: u64) -> Felt {
    Felt::new(v).expect("canonical input")
}

fn felts(values: &[u64]) -> Vec<Felt> {
    values.iter().map(|&v| felt(v)).collect()
}

fn word(values: &[u64]) -> Word {
    Word::new(felts(values).try_into().unwrap())
}

fn ints(values: &[Felt]) -> Vec<u64> {
    values.iter().map(Felt::as_canonical_u64).collect()
}

fn word_ints(w: Word) -> Vec<u64> {
    ints(&w.into_elements())
}

fn list(values: &[u64]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("\"{v}\"")).collect();
    format!("[{}]", items.join(", "))
}

fn case(out: &mut Vec<String>, function: &str, input: String, extra: &str, output: &[u64]) {
    out.push(format!(
        "    {{ \"fn\": \"{function}\", \"input\": {input}{extra}, \"output\": {} }}",
        list(output)
    ));
}

fn main() {
    let which = std::env::args().nth(1).unwrap_or_default();
    let (h, file, seed) = match which.as_str() {
        "rpo" => (RPO, "rpo256.json", 0x5270_6f32_3536_0001u64),
        "rpx" => (RPX, "rpx256.json", 0x5270_7832_3536_0001u64),
        _ => {
            eprintln!("usage: miden-vectors rpo|rpx");
            std::process::exit(2);
        }
    };
    let mut rng = Stream(seed);
    let mut cases = Vec::new();

    // Permutation: 0..11, edge states, every edge value in every cell, random.
    let mut states: Vec<Vec<u64>> = vec![(0..12).collect()];
    for &e in &EDGES {
        states.push(vec![e; 12]);
    }
    states.push((0..12).map(|i| EDGES[i % EDGES.len()]).collect());
    states.push((0..12).map(|i| EDGES[(i + 3) % EDGES.len()]).collect());
    for _ in 0..8 {
        states.push(rng.elements(12));
    }
    for s in &states {
        let mut state: [Felt; 12] = felts(s).try_into().unwrap();
        (h.permute)(&mut state);
        case(&mut cases, "apply_permutation", list(s), "", &ints(&state));
    }

    // hash_elements: lengths around the rate (8), edge-value inputs.
    let mut inputs: Vec<Vec<u64>> = [0usize, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 24, 100]
        .iter()
        .map(|&n| rng.elements(n))
        .collect();
    for &e in &EDGES {
        inputs.push(vec![e; 9]);
    }
    inputs.push(EDGES.iter().chain(&EDGES).copied().collect());
    for input in &inputs {
        let d = (h.hash_elements)(&felts(input));
        case(&mut cases, "hash_elements", list(input), "", &word_ints(d));
    }

    // hash over bytes: lengths around 7-byte chunks and 8-chunk blocks.
    let lengths = [
        0usize, 1, 6, 7, 8, 13, 14, 31, 32, 49, 55, 56, 57, 63, 64, 70, 100, 105, 113,
    ];
    let mut byte_inputs: Vec<Vec<u8>> = lengths.iter().map(|&n| rng.bytes(n)).collect();
    byte_inputs.push(vec![0xff; 56]);
    byte_inputs.push(vec![0xff; 63]);
    byte_inputs.push(vec![0; 21]);
    for bytes in &byte_inputs {
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let d = (h.hash)(bytes);
        case(&mut cases, "hash", format!("[\"{hex}\"]"), "", &word_ints(d));
    }

    // merge: edge digests and random ones.
    let mut pairs: Vec<Vec<u64>> = EDGES.iter().map(|&e| vec![e; 8]).collect();
    pairs.push(EDGES.iter().chain(&EDGES[..2]).copied().collect());
    for _ in 0..6 {
        pairs.push(rng.elements(8));
    }
    for input in &pairs {
        let d = (h.merge)(&[word(&input[..4]), word(&input[4..])]);
        case(&mut cases, "merge", list(input), "", &word_ints(d));
    }

    // merge_many.
    for &k in &[0usize, 1, 2, 3, 4, 5, 8] {
        let input = rng.elements(4 * k);
        let ws: Vec<Word> = input.chunks(4).map(word).collect();
        let d = (h.merge_many)(&ws);
        case(&mut cases, "merge_many", list(&input), "", &word_ints(d));
    }

    // merge_in_domain: every edge value as the domain, and random ones.
    let mut domains: Vec<u64> = EDGES.to_vec();
    domains.extend([2, 3, 42, rng.element(), rng.element()]);
    for (i, &domain) in domains.iter().enumerate() {
        let input = if i < EDGES.len() {
            vec![EDGES[i]; 8]
        } else {
            rng.elements(8)
        };
        let d = (h.merge_in_domain)(&[word(&input[..4]), word(&input[4..])], felt(domain));
        let extra = format!(", \"domain\": \"{domain}\"");
        case(&mut cases, "merge_in_domain", list(&input), &extra, &word_ints(d));
    }

    // hash_elements_in_domain.
    for (i, &n) in [0usize, 1, 4, 8, 9, 16, 23].iter().enumerate() {
        let input = rng.elements(n);
        let domain = if i < EDGES.len() { EDGES[i] } else { rng.element() };
        let d = (h.hash_elements_in_domain)(&felts(&input), felt(domain));
        let extra = format!(", \"domain\": \"{domain}\"");
        case(&mut cases, "hash_elements_in_domain", list(&input), &extra, &word_ints(d));
    }

    // Sanity: the field really is Goldilocks.
    assert_eq!(Felt::ORDER, P);
    assert!(Felt::new(P).is_err());

    println!("{{");
    println!(
        "  \"source\": \"miden-crypto 0.36.3 (crates.io, default-features = false), miden_crypto::hash::{}::{} with miden_crypto::Felt / Word\",",
        &h.name[..3].to_lowercase(),
        h.name
    );
    println!(
        "  \"generator\": \"scripts/miden-vectors (cargo run --release --manifest-path scripts/miden-vectors/Cargo.toml -- {which} > test-vectors/rescue/{file})\","
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}
