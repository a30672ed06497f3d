//! From SP1's own crates:
//! - v6: sp1-primitives 6.10.0 (`SP1Field = KoalaBear`): `poseidon2_init()`
//!   (slop-koala-bear 6.10.0's `my_kb_16_perm()`, p3-koala-bear
//!   0.4.3-succinct's `DiffusionMatrixKoalaBear`), `poseidon2_hasher()`
//!   (`PaddingFreeSponge<SP1Perm, 16, 8, 8>`) and the compressor of
//!   `KoalaBearDegree4Duplex` (`TruncatedPermutation<KoalaPerm, 2, 8, 16>`);
//! - v5: sp1-primitives 5.2.4 (BabyBear): `poseidon2_init()` (round
//!   constants `RC_16_30`, p3-baby-bear 0.2.3-succinct's
//!   `DiffusionMatrixBabyBear`), `poseidon2_hasher()`
//!   (`PaddingFreeSponge<_, 16, 8, 8>`), `TruncatedPermutation<_, 2, 8, 16>`.
//!
//! Commands:
//! - `constants`: the Rust constant tables. Round constants as SP1
//!   publishes them; the internal matrix read off SP1's internal layer
//!   applied to unit vectors: it is `c·1·1ᵀ + diag(V)` with `c = 2^-32`
//!   (the old Plonky3 layers multiply by their Montgomery diagonal without
//!   the factor `2^32`), checked entry by entry;
//! - `vectors v6|v5`: a known-answer file whose every answer is computed by
//!   SP1's crates, never by this workspace's code;
//! - `check`: this workspace's `sp1` items against SP1's on 10 000 random
//!   states, hashes of every length 0..=50 and 1 000 pairs, per version.

use algebraic_hash::{Compression, Hasher, Permutation as _};
use algebraic_hash_poseidon2_small::field::Field31;
use algebraic_hash_poseidon2_small::sp1;

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
    fn element(&mut self, p: u32) -> u32 {
        let r = self.next_u64();
        if r % 5 == 0 {
            let edges = [0, 1, 2, p - 1, p - 2, p / 2];
            return edges[(r / 5 % edges.len() as u64) as usize];
        }
        (self.next_u64() % u64::from(p)) as u32
    }

    fn elements(&mut self, n: usize, p: u32) -> Vec<u32> {
        (0..n).map(|_| self.element(p)).collect()
    }
}

/// One SP1 version's entry points on canonical values.
struct Oracle {
    modulus: u32,
    permute: fn(&[u32]) -> Vec<u32>,
    hash: fn(&[u32]) -> Vec<u32>,
    compress: fn(&[u32]) -> Vec<u32>,
    /// Round constants: initial rows, partial, terminal rows.
    constants: fn() -> (Vec<Vec<u32>>, Vec<u32>, Vec<Vec<u32>>),
    /// The internal layer applied to a state.
    internal: fn(&[u32]) -> Vec<u32>,
}

mod v6 {
    use slop_algebra::{AbstractField, PrimeField32};
    use slop_challenger::IopCtx;
    use slop_koala_bear::{
        DiffusionMatrixKoalaBear, KoalaBear, KoalaBear_BEGIN_EXT_CONSTS, KoalaBear_END_EXT_CONSTS,
        KoalaBear_PARTIAL_CONSTS, KoalaBearDegree4Duplex,
    };
    use slop_symmetric::{CryptographicHasher, Permutation, PseudoCompressionFunction};

    fn field(v: &[u32]) -> Vec<KoalaBear> {
        v.iter().map(|&x| KoalaBear::from_canonical_u32(x)).collect()
    }
    fn canonical(v: &[KoalaBear]) -> Vec<u32> {
        v.iter().map(|x| x.as_canonical_u32()).collect()
    }

    pub fn permute(input: &[u32]) -> Vec<u32> {
        let state: [KoalaBear; 16] = field(input).try_into().unwrap();
        canonical(&sp1_primitives::poseidon2_init().permute(state))
    }
    pub fn hash(input: &[u32]) -> Vec<u32> {
        canonical(&sp1_primitives::poseidon2_hasher().hash_slice(&field(input)))
    }
    pub fn compress(input: &[u32]) -> Vec<u32> {
        let (_, compressor) = KoalaBearDegree4Duplex::default_hasher_and_compressor();
        let v = field(input);
        let pair: [[KoalaBear; 8]; 2] = [v[..8].try_into().unwrap(), v[8..].try_into().unwrap()];
        canonical(&compressor.compress(pair))
    }
    pub fn constants() -> (Vec<Vec<u32>>, Vec<u32>, Vec<Vec<u32>>) {
        (
            KoalaBear_BEGIN_EXT_CONSTS.iter().map(|r| canonical(r)).collect(),
            canonical(&*KoalaBear_PARTIAL_CONSTS),
            KoalaBear_END_EXT_CONSTS.iter().map(|r| canonical(r)).collect(),
        )
    }
    pub fn internal(input: &[u32]) -> Vec<u32> {
        let mut state: [KoalaBear; 16] = field(input).try_into().unwrap();
        DiffusionMatrixKoalaBear.permute_mut(&mut state);
        canonical(&state)
    }
}

mod v5 {
    use p3_baby_bear_v5::{BabyBear, DiffusionMatrixBabyBear};
    use p3_field_v5::{AbstractField, PrimeField32};
    use p3_symmetric_v5::{
        CryptographicHasher, Permutation, PseudoCompressionFunction, TruncatedPermutation,
    };

    fn field(v: &[u32]) -> Vec<BabyBear> {
        v.iter().map(|&x| BabyBear::from_canonical_u32(x)).collect()
    }
    fn canonical(v: &[BabyBear]) -> Vec<u32> {
        v.iter().map(|x| x.as_canonical_u32()).collect()
    }

    pub fn permute(input: &[u32]) -> Vec<u32> {
        let state: [BabyBear; 16] = field(input).try_into().unwrap();
        canonical(&sp1_primitives_v5::poseidon2_init().permute(state))
    }
    pub fn hash(input: &[u32]) -> Vec<u32> {
        canonical(&sp1_primitives_v5::poseidon2_hasher().hash_slice(&field(input)))
    }
    pub fn compress(input: &[u32]) -> Vec<u32> {
        let compressor = TruncatedPermutation::<_, 2, 8, 16>::new(sp1_primitives_v5::poseidon2_init());
        let v = field(input);
        let pair: [[BabyBear; 8]; 2] = [v[..8].try_into().unwrap(), v[8..].try_into().unwrap()];
        canonical(&compressor.compress(pair))
    }
    pub fn constants() -> (Vec<Vec<u32>>, Vec<u32>, Vec<Vec<u32>>) {
        // poseidon2_init(): rows 0..4 and, after the 13 partial rows
        // 4..17 (first entry each), rows 17..21 of RC_16_30.
        let rows: Vec<Vec<u32>> = sp1_primitives_v5::RC_16_30.iter().map(|r| canonical(r)).collect();
        (
            rows[..4].to_vec(),
            rows[4..17].iter().map(|r| r[0]).collect(),
            rows[17..21].to_vec(),
        )
    }
    pub fn internal(input: &[u32]) -> Vec<u32> {
        let mut state: [BabyBear; 16] = field(input).try_into().unwrap();
        DiffusionMatrixBabyBear.permute_mut(&mut state);
        canonical(&state)
    }
}

const V6: Oracle = Oracle {
    modulus: 0x7f00_0001,
    permute: v6::permute,
    hash: v6::hash,
    compress: v6::compress,
    constants: v6::constants,
    internal: v6::internal,
};

const V5: Oracle = Oracle {
    modulus: 0x7800_0001,
    permute: v5::permute,
    hash: v5::hash,
    compress: v5::compress,
    constants: v5::constants,
    internal: v5::internal,
};

fn pow_mod(mut b: u64, mut e: u64, p: u64) -> u64 {
    let mut r = 1;
    b %= p;
    while e > 0 {
        if e & 1 == 1 {
            r = r * b % p;
        }
        b = b * b % p;
        e >>= 1;
    }
    r
}

fn hex_row(ty: &str, values: &[u32]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("0x{v:08x}")).collect();
    format!("{ty}::new_array([{}])", items.join(", "))
}

fn table(oracle: &Oracle, name: &str, ty: &str, what: &str) -> String {
    let p = oracle.modulus;
    let (initial, partial, terminal) = (oracle.constants)();
    assert_eq!((initial.len(), terminal.len()), (4, 4));
    // The internal matrix, column by column.
    let columns: Vec<Vec<u32>> = (0..16)
        .map(|j| (oracle.internal)(&(0..16).map(|i| u32::from(i == j)).collect::<Vec<_>>()))
        .collect();
    let c = columns[1][0];
    // c = 2^-32 mod p.
    assert_eq!(u64::from(c), pow_mod(u64::from(p).div_ceil(2), 32, u64::from(p)));
    let mut v = Vec::new();
    for (j, column) in columns.iter().enumerate() {
        for (i, &m) in column.iter().enumerate() {
            if i != j {
                assert_eq!(m, c, "internal matrix [{i}][{j}]");
            }
        }
        v.push(((u64::from(column[j]) + u64::from(p) - u64::from(c)) % u64::from(p)) as u32);
    }
    let rows = |r: &[Vec<u32>]| {
        r.iter()
            .map(|row| format!("        {},\n", hex_row(ty, row)))
            .collect::<String>()
    };
    let v_hex: Vec<String> = v.iter().map(|x| format!("0x{x:08x}")).collect();
    format!(
        "/// {what}: round constants and internal matrix `c·1·1ᵀ + diag(V)`, `c = 2^-32`.\n\
         pub(crate) static {name}: Constants<{ty}, 16> = Constants {{\n    \
         external: ExternalMatrix::Plonky3,\n    \
         initial: &[\n{}    ],\n    \
         partial: &{},\n    \
         terminal: &[\n{}    ],\n    \
         diagonal: {{\n        const V: [u32; 16] = [{}];\n        \
         Diagonal::with_off_diagonal(V, {ty}::new_array(V), {ty}::new_array([0x{c:08x}])[0])\n    }},\n}};\n",
        rows(&initial),
        hex_row(ty, &partial),
        rows(&terminal),
        v_hex.join(", "),
    )
}

fn constants() {
    println!(
        "//! Written by `scripts/sp1-vectors` (`constants`) from sp1-primitives 6.10.0\n\
         //! (slop-koala-bear 6.10.0: `KoalaBear_BEGIN_EXT_CONSTS`, `KoalaBear_PARTIAL_CONSTS`,\n\
         //! `KoalaBear_END_EXT_CONSTS`; p3-koala-bear 0.4.3-succinct's `DiffusionMatrixKoalaBear`)\n\
         //! and sp1-primitives 5.2.4 (`RC_16_30`; p3-baby-bear 0.2.3-succinct's\n\
         //! `DiffusionMatrixBabyBear`): round constants, and the internal matrix read off\n\
         //! SP1's internal layer applied to unit vectors. Do not edit.\n\
         #![cfg_attr(rustfmt, rustfmt_skip)]\n\n\
         use algebraic_hash_field31::{{BabyBear, KoalaBear}};\n\n\
         use crate::{{Constants, Diagonal, ExternalMatrix}};\n"
    );
    println!("{}", table(&V6, "KOALABEAR_16", "KoalaBear", "SP1 v6 (sp1-primitives 6.10.0) `poseidon2_init()`"));
    print!("{}", table(&V5, "BABYBEAR_16", "BabyBear", "SP1 v5 (sp1-primitives 5.2.4) `poseidon2_init()`"));
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

fn vectors(oracle: &Oracle, seed: u64, source: &str, instance: &str, version: &str) {
    let p = oracle.modulus;
    let mut stream = Stream(seed);
    let mut cases = Vec::new();
    let mut states: Vec<Vec<u32>> = vec![
        vec![0; 16],
        (0..16).collect(),
        vec![p - 1; 16],
        (0..16).map(|i| if i % 2 == 0 { 0 } else { p - 1 }).collect(),
    ];
    for _ in 0..8 {
        states.push(stream.elements(16, p));
    }
    for state in &states {
        cases.push(case("permute", state, &(oracle.permute)(state)));
    }
    for n in [0, 1, 2, 7, 8, 9, 16, 19, 39, 48, 100] {
        let input = stream.elements(n, p);
        cases.push(case("hash", &input, &(oracle.hash)(&input)));
    }
    let mut pairs: Vec<Vec<u32>> = vec![vec![0; 16], vec![p - 1; 16]];
    for _ in 0..6 {
        pairs.push(stream.elements(16, p));
    }
    for pair in &pairs {
        cases.push(case("compress", pair, &(oracle.compress)(pair)));
    }
    println!("{{");
    println!("  \"source\": \"{source}\",");
    println!("  \"generator\": \"scripts/sp1-vectors (cargo run --release -- vectors {version})\",");
    println!("  \"instance\": \"{instance}\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

macro_rules! check_version {
    ($oracle:expr, $perm:expr, $hash:expr, $compress:expr, $f:ty, $label:literal) => {{
        let oracle = &$oracle;
        let p = oracle.modulus;
        let ours = |v: &[u32]| -> Vec<$f> { v.iter().map(|&x| <$f>::from_canonical(x).unwrap()).collect() };
        let back = |v: &[$f]| -> Vec<u32> { v.iter().map(|x| x.to_canonical()).collect() };
        let mut stream = Stream(0x5e1 + u64::from(p));
        let inputs: Vec<Vec<u32>> = (0..10_000).map(|_| stream.elements(16, p)).collect();
        let mut states: Vec<[$f; 16]> = inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
        for (input, state) in inputs.iter().zip(&states) {
            assert_eq!(back(&$perm.permute(*state)), (oracle.permute)(input), "permute {input:?}");
        }
        $perm.permute_many(&mut states);
        for (input, state) in inputs.iter().zip(&states) {
            assert_eq!(back(state), (oracle.permute)(input), "permute_many");
        }
        for len in 0..=50 {
            for _ in 0..20 {
                let input = stream.elements(len, p);
                assert_eq!(back(&$hash.hash_elements(&ours(&input))), (oracle.hash)(&input), "hash {len}");
            }
        }
        for _ in 0..1_000 {
            let v = stream.elements(16, p);
            let o = ours(&v);
            let pair = [o[..8].try_into().unwrap(), o[8..].try_into().unwrap()];
            assert_eq!(back(&$compress.compress(pair)), (oracle.compress)(&v), "compress");
        }
        eprintln!("{}: 10 000 permutations (permute, permute_many), 1 020 hashes of lengths 0..=50, 1 000 compressions agree", $label);
    }};
}

fn check() {
    use algebraic_hash_poseidon2_small::field::{BabyBear, KoalaBear};
    check_version!(V6, sp1::POSEIDON2, sp1::HASH, sp1::COMPRESS, KoalaBear, "sp1 v6 (sp1-primitives 6.10.0)");
    check_version!(V5, sp1::v5::POSEIDON2, sp1::v5::HASH, sp1::v5::COMPRESS, BabyBear, "sp1 v5 (sp1-primitives 5.2.4)");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["constants"] => constants(),
        ["vectors", "v6"] => vectors(
            &V6,
            0x5106,
            "SP1 sp1-primitives 6.10.0 (crates.io; slop-koala-bear 6.10.0, p3-koala-bear 0.4.3-succinct): poseidon2_init() for permute; poseidon2_hasher() = PaddingFreeSponge<SP1Perm, 16, 8, 8> for hash; KoalaBearDegree4Duplex::default_hasher_and_compressor() = TruncatedPermutation<KoalaPerm, 2, 8, 16> for compress",
            "poseidon2-sp1-koalabear-16",
            "v6",
        ),
        ["vectors", "v5"] => vectors(
            &V5,
            0x5105,
            "SP1 sp1-primitives 5.2.4 (crates.io; p3-baby-bear 0.2.3-succinct): poseidon2_init() for permute; poseidon2_hasher() = PaddingFreeSponge<_, 16, 8, 8> for hash; TruncatedPermutation<_, 2, 8, 16> of poseidon2_init() for compress",
            "poseidon2-sp1v5-babybear-16",
            "v5",
        ),
        ["check"] => check(),
        _ => {
            eprintln!("usage: constants | vectors v6|v5 | check");
            std::process::exit(2);
        }
    }
}
