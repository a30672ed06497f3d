//! Writes, from RISC Zero's own crate (risc0-zkp 3.0.5,
//! `risc0_zkp::core::hash::poseidon2`):
//!
//! - `constants`: the Rust constant table of RISC Zero's Poseidon2
//!   (BabyBear, width 24: `ROUND_CONSTANTS`, one row of 24 per round, of
//!   which a partial round uses the first; `M_INT_DIAG_HZN`, the internal
//!   diagonal); its external matrix, `circ(2·M4, M4, …)` with HorizenLabs'
//!   `M4`, is code there (`multiply_by_4x4_circulant`), not a table;
//! - `vectors`: a known-answer file whose every answer is computed by
//!   risc0-zkp (`poseidon2_mix`, and `Poseidon2HashSuite`'s
//!   `hash_elem_slice` and `hash_pair`), never by this workspace's code,
//!   after checking the answers RISC Zero publishes in its own tests.
//!
//! Case formats (decimal strings, canonical values, not RISC Zero's
//! Montgomery digest words):
//! - `permute`: 24 elements in, 24 out;
//! - `hash`: n elements in, the 8-element digest out;
//! - `compress`: 16 elements in (two 8-element digests), 8 out.

use risc0_core::field::baby_bear::BabyBearElem;
use risc0_zkp::core::digest::Digest;
use risc0_zkp::core::hash::poseidon2::{
    CELLS, M_INT_DIAG_HZN, Poseidon2HashSuite, ROUND_CONSTANTS, ROUNDS_HALF_FULL,
    ROUNDS_PARTIAL, poseidon2_mix,
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
}

fn elems(values: &[u32]) -> Vec<BabyBearElem> {
    values.iter().map(|&v| BabyBearElem::new(v)).collect()
}

fn canonical(values: &[BabyBearElem]) -> Vec<u32> {
    values.iter().map(|v| v.as_u32()).collect()
}

fn hex_row(values: &[u32]) -> String {
    let items: Vec<String> = values.iter().map(|v| format!("0x{v:08x}")).collect();
    format!("BabyBear::new_array([{}])", items.join(", "))
}

fn constants() {
    assert_eq!(CELLS, 24);
    let rounds = 2 * ROUNDS_HALF_FULL + ROUNDS_PARTIAL;
    assert_eq!(ROUND_CONSTANTS.len(), rounds * CELLS);
    let rows: Vec<Vec<u32>> = ROUND_CONSTANTS.chunks(CELLS).map(canonical).collect();
    let diagonal = canonical(M_INT_DIAG_HZN);
    assert_eq!(diagonal.len(), CELLS);

    let full_rows = |range: core::ops::Range<usize>| {
        range
            .map(|r| format!("        {},\n", hex_row(&rows[r])))
            .collect::<String>()
    };
    let partial: Vec<u32> = (ROUNDS_HALF_FULL..ROUNDS_HALF_FULL + ROUNDS_PARTIAL)
        .map(|r| rows[r][0])
        .collect();
    let diag_hex: Vec<String> = diagonal.iter().map(|v| format!("0x{v:08x}")).collect();
    println!(
        "//! Written by `scripts/risc0-vectors` (`constants`) from risc0-zkp 3.0.5's\n\
         //! `risc0_zkp::core::hash::poseidon2`: `ROUND_CONSTANTS` (rows of 24, the\n\
         //! first entry of a row for a partial round) and the internal diagonal\n\
         //! `M_INT_DIAG_HZN`; the external matrix is HorizenLabs' (its\n\
         //! `multiply_by_4x4_circulant`). Do not edit.\n\
         #![cfg_attr(rustfmt, rustfmt_skip)]\n\n\
         use algebraic_hash_field31::BabyBear;\n\n\
         use crate::{{Constants, Diagonal, ExternalMatrix}};\n\n\
         /// RISC Zero's Poseidon2 (risc0-zkp 3.0.5): BabyBear, width 24, x^7, 8 full and 21 partial rounds.\n\
         pub(crate) static BABYBEAR_24: Constants<BabyBear, 24> = Constants {{\n    \
         external: ExternalMatrix::HorizenLabs,\n    \
         initial: &[\n{}    ],\n    \
         partial: &{},\n    \
         terminal: &[\n{}    ],\n    \
         diagonal: {{\n        const V: [u32; 24] = [{}];\n        Diagonal::new(V, BabyBear::new_array(V))\n    }},\n}};",
        full_rows(0..ROUNDS_HALF_FULL),
        hex_row(&partial),
        full_rows(ROUNDS_HALF_FULL + ROUNDS_PARTIAL..rounds),
        diag_hex.join(", "),
    );
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

fn permute(input: &[u32]) -> Vec<u32> {
    let mut state: [BabyBearElem; CELLS] = elems(input).try_into().unwrap();
    poseidon2_mix(&mut state);
    canonical(&state)
}

/// RISC Zero's digest words (Montgomery form) to canonical values.
fn digest_values(digest: &Digest) -> Vec<u32> {
    digest
        .as_words()
        .iter()
        .map(|&w| BabyBearElem::new_raw(w).as_u32())
        .collect()
}

fn hash(input: &[u32]) -> Vec<u32> {
    let suite = Poseidon2HashSuite::new_suite();
    digest_values(&suite.hashfn.hash_elem_slice(&elems(input)))
}

fn hash_pair(input: &[u32]) -> Vec<u32> {
    let words = |v: &[u32]| -> Digest {
        let w: Vec<u32> = v
            .iter()
            .map(|&x| BabyBearElem::new(x).as_u32_montgomery())
            .collect();
        Digest::from(<[u32; 8]>::try_from(w).unwrap())
    };
    let suite = Poseidon2HashSuite::new_suite();
    digest_values(&suite.hashfn.hash_pair(&words(&input[..8]), &words(&input[8..])))
}

fn vectors() {
    // RISC Zero's own test vectors (risc0/zkp/src/core/hash/poseidon2/mod.rs,
    // tests `poseidon2_test_vectors`, `hash_elem_slice_compare_golden` and
    // `hash_elem_slice_compare_golden_unaligned`), checked here so that the
    // file below repeats them.
    let counting: Vec<u32> = (0..24).collect();
    assert_eq!(
        permute(&counting),
        [
            0x2ed3e23d, 0x12921fb0, 0x0e659e79, 0x61d81dc9, 0x32bae33b, 0x62486ae3, 0x1e681b60,
            0x24b91325, 0x2a2ef5b9, 0x50e8593e, 0x5bc818ec, 0x10691997, 0x35a14520, 0x2ba6a3c5,
            0x279d47ec, 0x55014e81, 0x5953a67f, 0x2f403111, 0x6b8828ff, 0x1801301f, 0x2749207a,
            0x3dc9cf21, 0x3c985ba2, 0x57a99864,
        ]
    );
    let golden_32: [u32; 32] = [
        943718400, 1887436800, 2013125296, 1761607679, 692060158, 1761607634, 566231037,
        1509949437, 440401916, 1384120316, 314572795, 1258291195, 188743674, 1132462074,
        62914553, 1006632953, 1950351353, 880803832, 1824522232, 754974711, 1698693111,
        629145590, 1572863990, 503316469, 1447034869, 377487348, 1321205748, 251658227,
        1195376627, 125829106, 1069547506, 2013265906,
    ];
    assert_eq!(
        hash(&golden_32),
        [0x722baada, 0x5b352fed, 0x3684017b, 0x540d4a7b, 0x44ffd422, 0x48615f97, 0x1a496f45, 0x203ca999]
    );
    let golden_17: [u32; 17] = [
        943718400, 1887436800, 2013125296, 1761607679, 692060158, 1635778558, 566231037,
        1509949437, 440401916, 1384120316, 314572795, 1258291195, 188743674, 1132462074,
        62914553, 1006632953, 1950351353,
    ];
    assert_eq!(
        hash(&golden_17),
        [0x622615d7, 0x1cfe9764, 0x166cb1c9, 0x76febcde, 0x6056219f, 0x326359cf, 0x5c2cca75, 0x233dc3ff]
    );

    let mut stream = Stream(0x4c30_2a24);
    let mut cases = Vec::new();
    let mut states: Vec<Vec<u32>> = vec![
        vec![0; 24],
        counting,
        vec![P - 1; 24],
        (0..24).map(|i| if i % 2 == 0 { 0 } else { P - 1 }).collect(),
    ];
    for _ in 0..8 {
        states.push((0..24).map(|_| stream.element()).collect());
    }
    for state in &states {
        cases.push(case("permute", state, &permute(state)));
    }

    let mut inputs: Vec<Vec<u32>> = vec![golden_32.to_vec(), golden_17.to_vec()];
    for n in [0, 1, 2, 7, 8, 15, 16, 17, 24, 31, 32, 33, 48, 50, 100] {
        inputs.push((0..n).map(|_| stream.element()).collect());
    }
    inputs.push(vec![0; 16]);
    inputs.push(vec![0; 15]);
    for input in &inputs {
        cases.push(case("hash", input, &hash(input)));
    }

    let mut pairs: Vec<Vec<u32>> = vec![vec![0; 16], vec![P - 1; 16]];
    for _ in 0..6 {
        pairs.push((0..16).map(|_| stream.element()).collect());
    }
    for pair in &pairs {
        cases.push(case("compress", pair, &hash_pair(pair)));
    }

    println!("{{");
    println!(
        "  \"source\": \"RISC Zero risc0-zkp 3.0.5 (crates.io, risc0_zkp::core::hash::poseidon2): poseidon2_mix for permute; Poseidon2HashSuite::new_suite().hashfn.hash_elem_slice for hash (the first two: RISC Zero's golden inputs from its tests); hashfn.hash_pair for compress (digests given to it as Montgomery words, values here canonical)\","
    );
    println!("  \"generator\": \"scripts/risc0-vectors (cargo run --release -- vectors)\",");
    println!("  \"instance\": \"poseidon2-risc0-babybear-24\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["constants"] => constants(),
        ["vectors"] => vectors(),
        _ => {
            eprintln!("usage: constants | vectors");
            std::process::exit(2);
        }
    }
}
