//! Writes the known-answer file of Starknet's Poseidon to standard output.
//! Every answer is computed by starknet-types-core 1.0.0, never by this
//! workspace's code.
//!
//! Inputs: starknet-types-core's own test inputs, edge values (0, 1, 2,
//! p − 2, p − 1, 2^251, 2^192) and elements from a seeded splitmix64
//! stream. `hash_many` runs every length 0..=9 (every padding boundary: the
//! pad 1 lands in s0 or s1) and a few longer ones.
//!
//! Case formats (decimal strings):
//! - `hades_permutation`: input 3 elements, output 3;
//! - `hash`: input 2, output 1; `hash_single`: input 1, output 1;
//! - `hash_many`: input n, output 1.

use starknet_types_core::felt::Felt;
use starknet_types_core::hash::{Poseidon, StarkHash};

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

    /// An element: one in four an edge value, else 256 random bits with
    /// the top five cleared (below 2^251 < p).
    fn element(&mut self, edges: &[Felt]) -> Felt {
        let r = self.next_u64();
        if r % 4 == 0 {
            return edges[(r / 4 % edges.len() as u64) as usize];
        }
        let mut bytes = [0u8; 32];
        for chunk in bytes.chunks_exact_mut(8) {
            chunk.copy_from_slice(&self.next_u64().to_be_bytes());
        }
        bytes[0] &= 0x07;
        Felt::from_bytes_be(&bytes)
    }

    fn elements(&mut self, n: usize, edges: &[Felt]) -> Vec<Felt> {
        (0..n).map(|_| self.element(edges)).collect()
    }
}

fn decimal(xs: &[Felt]) -> String {
    let parts: Vec<String> = xs.iter().map(|x| format!("\"{}\"", x.to_biguint())).collect();
    format!("[{}]", parts.join(", "))
}

fn main() {
    let hex = |s: &str| Felt::from_hex(s).expect("hex literal");
    let two_251 = Felt::from(2u64).pow(251u128);
    let edges = [
        Felt::ZERO,
        Felt::ONE,
        Felt::TWO,
        -Felt::TWO,
        -Felt::ONE,
        two_251,
        Felt::from(2u64).pow(192u128),
    ];
    let mut rng = Stream(0x5374_6172_6b6e_6574);
    let mut cases: Vec<String> = Vec::new();
    let mut case = |f: &str, input: &[Felt], output: &[Felt]| {
        cases.push(format!(
            "    {{ \"fn\": \"{f}\", \"input\": {}, \"output\": {} }}",
            decimal(input),
            decimal(output)
        ));
    };

    // Permutation: the crate's own test input, every edge triple on the
    // diagonal, then random states.
    let mut perms = vec![[hex("0x9"), hex("0xb"), hex("0x2")]];
    perms.extend(edges.iter().map(|&e| [e, e, e]));
    perms.extend((0..12).map(|_| core::array::from_fn(|_| rng.element(&edges))));
    for state in perms {
        let mut out = state;
        Poseidon::hades_permutation(&mut out);
        case("hades_permutation", &state, &out);
    }

    let mut pairs = vec![
        [
            hex("0x03d937c035c878245caf64531a5756109c53068da139362728feb561405371cb"),
            hex("0x0208a0a10250e382e1e4bbe2880906c2791bf6275695e02fbbc6aeff9cd8b31a"),
        ],
        [hex("0x123456"), hex("0x789101")],
    ];
    pairs.extend(edges.iter().flat_map(|&a| edges.iter().map(move |&b| [a, b])).step_by(3));
    pairs.extend((0..10).map(|_| [rng.element(&edges), rng.element(&edges)]));
    for [x, y] in pairs {
        case("hash", &[x, y], &[Poseidon::hash(&x, &y)]);
    }

    let mut singles = vec![hex("0x9")];
    singles.extend(edges);
    singles.extend((0..8).map(|_| rng.element(&edges)));
    for x in singles {
        case("hash_single", &[x], &[Poseidon::hash_single(&x)]);
    }

    let mut many = vec![vec![hex("0xaa"), hex("0xbb"), hex("0xcc")], vec![], vec![Felt::ZERO], vec![-Felt::ONE; 4]];
    for n in 0..=9 {
        many.push(rng.elements(n, &edges));
    }
    for n in [16, 17, 31, 64] {
        many.push(rng.elements(n, &edges));
    }
    for xs in many {
        case("hash_many", &xs, &[Poseidon::hash_array(&xs)]);
    }

    println!("{{");
    println!(
        "  \"source\": \"starknet-types-core 1.0.0 (crates.io): Poseidon::hades_permutation, hash, hash_single, hash_array (= Starknet's poseidon_hash_many), which run lambdaworks-crypto 0.13.0's PoseidonCairoStark252; the first inputs of each function are starknet-types-core's own unit-test inputs, whose published answers it reproduces\","
    );
    println!(
        "  \"generator\": \"cargo run --release --manifest-path scripts/starknet-vectors/Cargo.toml > test-vectors/starknet/poseidon.json\","
    );
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}
