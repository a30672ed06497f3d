//! From OpenVM's own crate (openvm-stark-sdk 2.0.1,
//! `config::baby_bear_poseidon2`: `poseidon2_perm()`, the
//! `PaddingFreeSponge<Perm, 16, 8, 8>` hasher and
//! `TruncatedPermutation<Perm, 2, 8, 16>` compression its config builds,
//! `poseidon2_compress_with_capacity`):
//!
//! - `vectors`: a known-answer file whose every answer is computed by
//!   OpenVM's crate, never by this workspace's code;
//! - `check`: this workspace's `openvm` items against OpenVM's on 10 000
//!   random states, hashes of every length 0..=50 and 1 000 pairs.
//!
//! Case formats (decimal strings): `permute` 16 in, 16 out; `hash` n in,
//! 8 out; `compress` 16 in (two digests), 8 out.

use algebraic_hash::{Compression, Hasher, Permutation as _};
use algebraic_hash_poseidon2_small::field::{BabyBear as Ours, Field31};
use algebraic_hash_poseidon2_small::openvm;
use openvm_stark_sdk::config::baby_bear_poseidon2::{
    poseidon2_compress_with_capacity, poseidon2_perm,
};
use openvm_stark_sdk::p3_baby_bear::BabyBear;
use p3_field::{PrimeCharacteristicRing, PrimeField32};
use p3_symmetric::{
    CryptographicHasher, PaddingFreeSponge, Permutation, PseudoCompressionFunction,
    TruncatedPermutation,
};

const P: u32 = 0x7800_0001;

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

    /// A canonical value below `p`; one in five an edge value.
    fn element(&mut self) -> u32 {
        let r = self.next_u64();
        if r % 5 == 0 {
            let edges = [0, 1, 2, P - 1, P - 2, P / 2];
            return edges[(r / 5 % edges.len() as u64) as usize];
        }
        (self.next_u64() % u64::from(P)) as u32
    }

    fn elements(&mut self, n: usize) -> Vec<u32> {
        (0..n).map(|_| self.element()).collect()
    }
}

type Perm = openvm_stark_sdk::p3_baby_bear::Poseidon2BabyBear<16>;

fn theirs(values: &[u32]) -> Vec<BabyBear> {
    values.iter().map(|&v| BabyBear::from_u32(v)).collect()
}

fn canonical(values: &[BabyBear]) -> Vec<u32> {
    values.iter().map(|v| v.as_canonical_u32()).collect()
}

fn permute(input: &[u32]) -> Vec<u32> {
    let state: [BabyBear; 16] = theirs(input).try_into().unwrap();
    canonical(&poseidon2_perm().permute(state))
}

fn hash(input: &[u32]) -> Vec<u32> {
    let sponge = PaddingFreeSponge::<Perm, 16, 8, 8>::new(poseidon2_perm().clone());
    canonical(&sponge.hash_slice(&theirs(input)))
}

fn compress(input: &[u32]) -> Vec<u32> {
    let compression = TruncatedPermutation::<Perm, 2, 8, 16>::new(poseidon2_perm().clone());
    let v = theirs(input);
    let pair = [v[..8].try_into().unwrap(), v[8..].try_into().unwrap()];
    let out = canonical(&compression.compress(pair));
    // The same first half as OpenVM's capacity-keeping form.
    let (first, _) = poseidon2_compress_with_capacity(pair[0], pair[1]);
    assert_eq!(canonical(&first), out);
    out
}

fn case(function: &str, input: &[u32], output: &[u32]) -> String {
    let list = |v: &[u32]| {
        let items: Vec<String> = v.iter().map(|x| format!("\"{x}\"")).collect();
        format!("[{}]", items.join(", "))
    };
    format!(
        "    {{ \"fn\": \"{function}\", \"input\": {}, \"output\": {} }}",
        list(input),
        list(output)
    )
}

fn vectors() {
    let mut stream = Stream(0x0e16);
    let mut cases = Vec::new();
    let mut states: Vec<Vec<u32>> = vec![
        vec![0; 16],
        (0..16).collect(),
        vec![P - 1; 16],
        (0..16).map(|i| if i % 2 == 0 { 0 } else { P - 1 }).collect(),
    ];
    for _ in 0..8 {
        states.push(stream.elements(16));
    }
    for state in &states {
        cases.push(case("permute", state, &permute(state)));
    }
    for n in [0, 1, 2, 7, 8, 9, 16, 19, 39, 100] {
        let input = stream.elements(n);
        cases.push(case("hash", &input, &hash(&input)));
    }
    let mut pairs: Vec<Vec<u32>> = vec![vec![0; 16], vec![P - 1; 16]];
    for _ in 0..6 {
        pairs.push(stream.elements(16));
    }
    for pair in &pairs {
        cases.push(case("compress", pair, &compress(pair)));
    }
    println!("{{");
    println!(
        "  \"source\": \"OpenVM openvm-stark-sdk 2.0.1 (crates.io, config::baby_bear_poseidon2; p3-baby-bear 0.4.3): poseidon2_perm() for permute; PaddingFreeSponge<Perm, 16, 8, 8> for hash; TruncatedPermutation<Perm, 2, 8, 16> (= first half of poseidon2_compress_with_capacity) for compress\","
    );
    println!("  \"generator\": \"scripts/openvm-vectors (cargo run --release -- vectors)\",");
    println!("  \"instance\": \"poseidon2-openvm-babybear-16\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn ours(values: &[u32]) -> Vec<Ours> {
    values.iter().map(|&v| Ours::from_canonical(v).unwrap()).collect()
}

fn ours_canonical(values: &[Ours]) -> Vec<u32> {
    values.iter().map(|v| v.to_canonical()).collect()
}

fn check() {
    let mut stream = Stream(0x0e17);
    let inputs: Vec<Vec<u32>> = (0..10_000).map(|_| stream.elements(16)).collect();
    let mut states: Vec<[Ours; 16]> = inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
    for (input, state) in inputs.iter().zip(&states) {
        assert_eq!(ours_canonical(&openvm::POSEIDON2.permute(*state)), permute(input));
    }
    openvm::POSEIDON2.permute_many(&mut states);
    for (input, state) in inputs.iter().zip(&states) {
        assert_eq!(ours_canonical(state), permute(input));
    }
    for len in 0..=50 {
        for _ in 0..20 {
            let input = stream.elements(len);
            assert_eq!(ours_canonical(&openvm::HASH.hash_elements(&ours(&input))), hash(&input));
        }
    }
    for _ in 0..1_000 {
        let v = stream.elements(16);
        let o = ours(&v);
        let pair = [o[..8].try_into().unwrap(), o[8..].try_into().unwrap()];
        assert_eq!(ours_canonical(&openvm::COMPRESS.compress(pair)), compress(&v));
    }
    eprintln!("openvm: 10 000 permutations (permute, permute_many), 1 020 hashes of lengths 0..=50, 1 000 compressions agree with openvm-stark-sdk 2.0.1");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["vectors"] => vectors(),
        ["check"] => check(),
        _ => {
            eprintln!("usage: vectors | check");
            std::process::exit(2);
        }
    }
}
