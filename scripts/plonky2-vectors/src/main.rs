//! plonky2 1.1.0 (crates.io) as the oracle of `crates/poseidon-goldilocks`:
//!
//! - `constants`: the Rust constant tables of the crate, read from plonky2
//!   itself (`ALL_ROUND_CONSTANTS`, and `<GoldilocksField as Poseidon>`'s
//!   MDS row and diagonal and the fast partial-round constants);
//! - `vectors`: `test-vectors/plonky2/poseidon.json`, every answer computed
//!   by plonky2 (`Poseidon::poseidon`, `PoseidonHash::hash_no_pad`,
//!   `hash_or_noop`, `two_to_one`), never by this workspace's code; the
//!   first four permutations are the test vectors of plonky2's
//!   `plonky2/src/hash/poseidon_goldilocks.rs`, checked here against the
//!   outputs written there;
//! - `merkle-vectors`: `test-vectors/plonky2/merkle.json`, plonky2's
//!   `MerkleTree`s (caps, proofs), likewise computed by plonky2 alone;
//! - `check N`: this workspace's crate against plonky2 in the same
//!   process: N random states through `permute` and `permute_many`,
//!   hashes and compressions of random inputs, and random Merkle trees
//!   (every size up to 256 leaves and every cap height: caps and proofs);
//! - `bench ROUNDS`: both in one process, interleaved.
//!
//! Case formats (decimal strings): `permute` 12 in, 12 out; `hash_no_pad`
//! and `hash_or_noop` n in, 4 out; `two_to_one` 8 in (two digests), 4 out.

#[cfg(feature = "check")]
use algebraic_hash::{Compression, Hasher, Permutation};
#[cfg(feature = "check")]
use algebraic_hash_poseidon_goldilocks::{Felt, HASH_OR_NOOP, POSEIDON, POSEIDON_HASH};
use plonky2::field::goldilocks_field::GoldilocksField as F;
use plonky2::field::types::{Field, PrimeField64};
use plonky2::hash::hash_types::HashOut;
use plonky2::hash::merkle_proofs::verify_merkle_proof_to_cap;
use plonky2::hash::merkle_tree::MerkleTree;
use plonky2::hash::poseidon::{ALL_ROUND_CONSTANTS, Poseidon, PoseidonHash};
use plonky2::plonk::config::Hasher as _;

const P: u64 = 0xffff_ffff_0000_0001;

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
    fn element(&mut self) -> u64 {
        let r = self.next_u64();
        if r % 5 == 0 {
            let edges = [0, 1, 2, P - 1, P - 2, P / 2, (1 << 32) - 1, 1 << 32];
            return edges[(r / 5 % edges.len() as u64) as usize];
        }
        self.next_u64() % P
    }

    fn elements(&mut self, n: usize) -> Vec<u64> {
        (0..n).map(|_| self.element()).collect()
    }
}

fn field(values: &[u64]) -> Vec<F> {
    values.iter().map(|&v| F::from_canonical_u64(v)).collect()
}

fn decimal(values: &[F]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| format!("\"{}\"", v.to_canonical_u64()))
        .collect();
    format!("[{}]", items.join(", "))
}

fn case(function: &str, input: &[F], output: &[F]) -> String {
    format!(
        "    {{ \"fn\": \"{function}\", \"input\": {}, \"output\": {} }}",
        decimal(input),
        decimal(output)
    )
}

fn permute(input: &[F]) -> [F; 12] {
    F::poseidon(input.try_into().unwrap())
}

/// The test vectors of plonky2's `poseidon_goldilocks.rs` (commit
/// 5d9da5a65bbcba2c66eb29c035090eb2e9ccb05f), inputs and outputs.
fn upstream() -> Vec<([u64; 12], [u64; 12])> {
    let n = P - 1;
    vec![
        (
            [0; 12],
            [
                0x3c18a9786cb0b359,
                0xc4055e3364a246c3,
                0x7953db0ab48808f4,
                0xc71603f33a1144ca,
                0xd7709673896996dc,
                0x46a84e87642f44ed,
                0xd032648251ee0b3c,
                0x1c687363b207df62,
                0xdf8565563e8045fe,
                0x40f5b37ff4254dae,
                0xd070f637b431067c,
                0x1792b1c4342109d7,
            ],
        ),
        (
            [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
            [
                0xd64e1e3efc5b8e9e,
                0x53666633020aaa47,
                0xd40285597c6a8825,
                0x613a4f81e81231d2,
                0x414754bfebd051f0,
                0xcb1f8980294a023f,
                0x6eb2a9e4d54a9d0f,
                0x1902bc3af467e056,
                0xf045d5eafdc6021f,
                0xe4150f77caaa3be5,
                0xc9bfd01d39b50cce,
                0x5c0a27fcb0e1459b,
            ],
        ),
        (
            [n; 12],
            [
                0xbe0085cfc57a8357,
                0xd95af71847d05c09,
                0xcf55a13d33c1c953,
                0x95803a74f4530e82,
                0xfcd99eb30a135df1,
                0xe095905e913a3029,
                0xde0392461b42919b,
                0x7d3260e24e81d031,
                0x10d3d0465d9deaa0,
                0xa87571083dfc2a47,
                0xe18263681e9958f8,
                0xe28e96f1ae5e60d3,
            ],
        ),
        (
            [
                0x8ccbbbea4fe5d2b7,
                0xc2af59ee9ec49970,
                0x90f7e1a9e658446a,
                0xdcc0630a3ab8b1b8,
                0x7ff8256bca20588c,
                0x5d99a7ca0c44ecfb,
                0x48452b17a70fbee3,
                0xeb09d654690b6c88,
                0x4a55d3a39c676a88,
                0xc0407a38d2285139,
                0xa234bac9356386d1,
                0xe1633f2bad98a52f,
            ],
            [
                0xa89280105650c4ec,
                0xab542d53860d12ed,
                0x5704148e9ccab94f,
                0xd3a826d4b62da9f5,
                0x8a7a6ca87892574f,
                0xc7017e1cad1a674e,
                0x1f06668922318e34,
                0xa3b203bc8102676f,
                0xfcc781b0ce382bf2,
                0x934c69ff3ed14ba5,
                0x504688a5996e8f13,
                0x401f3f2ed524a2ba,
            ],
        ),
    ]
}

fn vectors() {
    let mut stream = Stream(0x9012_2000);
    let mut cases = Vec::new();

    let mut inputs: Vec<Vec<u64>> = Vec::new();
    for (input, output) in upstream() {
        let ours = permute(&field(&input));
        assert_eq!(ours.to_vec(), field(&output), "plonky2's own test vector");
        inputs.push(input.to_vec());
    }
    inputs.push(
        (0..12)
            .map(|i| if i % 2 == 0 { 0 } else { P - 1 })
            .collect(),
    );
    for _ in 0..11 {
        inputs.push(stream.elements(12));
    }
    for input in &inputs {
        let input = field(input);
        cases.push(case("permute", &input, &permute(&input)));
    }

    for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 33, 100] {
        let input = field(&stream.elements(n));
        let out = PoseidonHash::hash_no_pad(&input);
        cases.push(case("hash_no_pad", &input, &out.elements));
    }
    for n in [0, 1, 2, 3, 4, 5, 6, 8, 9, 16, 20] {
        let input = field(&stream.elements(n));
        let out = PoseidonHash::hash_or_noop(&input);
        cases.push(case("hash_or_noop", &input, &out.elements));
    }
    let mut pairs: Vec<Vec<u64>> = vec![vec![0; 8], vec![P - 1; 8]];
    for _ in 0..8 {
        pairs.push(stream.elements(8));
    }
    for pair in &pairs {
        let input = field(pair);
        let left = HashOut {
            elements: input[..4].try_into().unwrap(),
        };
        let right = HashOut {
            elements: input[4..].try_into().unwrap(),
        };
        let out = PoseidonHash::two_to_one(left, right);
        cases.push(case("two_to_one", &input, &out.elements));
    }

    println!("{{");
    println!(
        "  \"source\": \"plonky2 1.1.0 (crates.io; github 0xPolygonZero/plonky2 at 5d9da5a65bbcba2c66eb29c035090eb2e9ccb05f): GoldilocksField::poseidon for permute (the first four cases are the test vectors of plonky2/src/hash/poseidon_goldilocks.rs at that commit, which plonky2 1.1.0 reproduces); PoseidonHash::hash_no_pad, hash_or_noop, two_to_one\","
    );
    println!(
        "  \"generator\": \"scripts/plonky2-vectors (cargo +nightly run --release -- vectors)\","
    );
    println!("  \"instance\": \"poseidon-plonky2\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

/// `n` leaves of `len` elements each, or of lengths 0, 1, 2, … (mod 14)
/// where `len` is `None`.
fn leaves(stream: &mut Stream, n: usize, len: Option<usize>) -> Vec<Vec<u64>> {
    (0..n)
        .map(|i| stream.elements(len.unwrap_or(i % 14)))
        .collect()
}

fn digests(hashes: &[HashOut<F>]) -> Vec<F> {
    hashes.iter().flat_map(|h| h.elements).collect()
}

/// `test-vectors/plonky2/merkle.json`: plonky2's `MerkleTree::new(leaves,
/// cap_height)` (its cap, and `prove(index).siblings` for a few leaves,
/// each checked by plonky2's `verify_merkle_proof_to_cap`).
fn merkle_vectors() {
    let mut stream = Stream(0x3e4c_1e00);
    let mut cases = Vec::new();
    let mut leaf_cases = Vec::new();
    let shapes: [(usize, Option<usize>, &[usize]); 9] = [
        (1, Some(3), &[0]),
        (1, Some(9), &[0]),
        (2, Some(4), &[0, 1]),
        (2, Some(5), &[0, 1]),
        (4, Some(0), &[0, 2]),
        (8, Some(8), &[0, 1, 3]),
        (16, None, &[0, 2, 4]),
        (32, Some(9), &[0, 3, 5]),
        (64, Some(6), &[1]),
    ];
    for (n, len, cap_heights) in shapes {
        let data = leaves(&mut stream, n, len);
        let theirs: Vec<Vec<F>> = data.iter().map(|l| field(l)).collect();
        // The leaves' digests of the smaller trees as cases of their own
        // (the bindings check them through `hash_or_noop`).
        if n <= 16 {
            for leaf in &theirs {
                let digest = PoseidonHash::hash_or_noop(leaf);
                leaf_cases.push(case("hash_or_noop", leaf, &digest.elements));
            }
        }
        for &cap_height in cap_heights {
            let tree = MerkleTree::<F, PoseidonHash>::new(theirs.clone(), cap_height);
            let mut indices = vec![0, n - 1, n / 2, (n / 3) | 1];
            indices.retain(|&i| i < n);
            indices.sort_unstable();
            indices.dedup();
            let proofs: Vec<String> = indices
                .iter()
                .map(|&index| {
                    let proof = tree.prove(index);
                    verify_merkle_proof_to_cap(theirs[index].clone(), index, &tree.cap, &proof)
                        .expect("plonky2 accepts its own proof");
                    format!(
                        "{{ \"index\": {index}, \"siblings\": {} }}",
                        decimal(&digests(&proof.siblings))
                    )
                })
                .collect();
            let lengths: Vec<String> = data.iter().map(|l| l.len().to_string()).collect();
            cases.push(format!(
                "    {{ \"fn\": \"merkle_tree\", \"cap_height\": {cap_height}, \"leaf_lengths\": [{}], \"input\": {}, \"output\": {}, \"proofs\": [{}] }}",
                lengths.join(", "),
                decimal(&theirs.concat()),
                decimal(&digests(&tree.cap.0)),
                proofs.join(", ")
            ));
        }
    }
    println!("{{");
    println!(
        "  \"source\": \"plonky2 1.1.0 (crates.io): MerkleTree::<GoldilocksField, PoseidonHash>::new(leaves, cap_height), its cap and prove(index).siblings, each proof accepted by plonky2's verify_merkle_proof_to_cap\","
    );
    println!(
        "  \"generator\": \"scripts/plonky2-vectors (cargo +nightly run --release -- merkle-vectors)\","
    );
    println!("  \"instance\": \"poseidon-plonky2\",");
    println!("  \"format\": \"merkle_tree: input, the leaves' elements, concatenated (leaf_lengths: each leaf's length); output, the cap's digests, concatenated; proofs, the siblings of leaf `index`, leaf level first, concatenated. hash_or_noop: the leaves of the trees of up to 16 leaves, one by one, and their digests (PoseidonHash::hash_or_noop)\",");
    println!("  \"cases\": [");
    cases.extend(leaf_cases);
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn hex_list(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| format!("0x{v:016x}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn constants() {
    type G = F;
    println!(
        "//! Written by `scripts/plonky2-vectors` (`constants`) from plonky2 1.1.0\n\
         //! itself: `hash::poseidon::ALL_ROUND_CONSTANTS` and the constants of\n\
         //! `impl Poseidon for GoldilocksField` (MDS row and diagonal, and the\n\
         //! precomputed constants of the fast partial rounds). Do not edit.\n\
         #![cfg_attr(rustfmt, rustfmt_skip)]\n"
    );
    println!("/// Round constants: 12 per round, 30 rounds, in round order.");
    let rounds: String = ALL_ROUND_CONSTANTS
        .chunks(12)
        .map(|r| format!("    {},\n", hex_list(r)))
        .collect();
    println!("pub(crate) const ALL_ROUND_CONSTANTS: [u64; 360] = [\n{rounds}];\n");
    println!("/// First row of the circulant part of the MDS matrix.");
    println!(
        "pub(crate) const MDS_MATRIX_CIRC: [u64; 12] = {:?};\n",
        <G as Poseidon>::MDS_MATRIX_CIRC
    );
    println!("/// Diagonal added to the circulant part.");
    println!(
        "pub(crate) const MDS_MATRIX_DIAG: [u64; 12] = {:?};\n",
        <G as Poseidon>::MDS_MATRIX_DIAG
    );
    println!("/// Added to every cell before the fast partial rounds.");
    println!(
        "pub(crate) const FAST_PARTIAL_FIRST_ROUND_CONSTANT: [u64; 12] = [{}];\n",
        hex_list(&<G as Poseidon>::FAST_PARTIAL_FIRST_ROUND_CONSTANT)
    );
    println!("/// Added to cell 0 after each fast partial round's S-box.");
    println!(
        "pub(crate) const FAST_PARTIAL_ROUND_CONSTANTS: [u64; 22] = [{}];\n",
        hex_list(&<G as Poseidon>::FAST_PARTIAL_ROUND_CONSTANTS)
    );
    let rows = |m: &[[u64; 11]]| {
        m.iter()
            .map(|r| format!("    [{}],\n", hex_list(r)))
            .collect::<String>()
    };
    println!("/// `v` of each fast partial round's sparse matrix.");
    println!(
        "pub(crate) const FAST_PARTIAL_ROUND_VS: [[u64; 11]; 22] = [\n{}];\n",
        rows(&<G as Poseidon>::FAST_PARTIAL_ROUND_VS)
    );
    println!("/// `ŵ` of each fast partial round's sparse matrix.");
    println!(
        "pub(crate) const FAST_PARTIAL_ROUND_W_HATS: [[u64; 11]; 22] = [\n{}];\n",
        rows(&<G as Poseidon>::FAST_PARTIAL_ROUND_W_HATS)
    );
    println!("/// The dense matrix before the fast partial rounds (rows 1..12, columns 1..12).");
    print!(
        "pub(crate) const FAST_PARTIAL_ROUND_INITIAL_MATRIX: [[u64; 11]; 11] = [\n{}];\n",
        rows(&<G as Poseidon>::FAST_PARTIAL_ROUND_INITIAL_MATRIX)
    );
}

#[cfg(feature = "check")]
fn ours(values: &[u64]) -> Vec<Felt> {
    values
        .iter()
        .map(|&v| Felt::from_canonical(v).unwrap())
        .collect()
}

#[cfg(feature = "check")]
fn same(a: &[Felt], b: &[F]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.to_u64() == y.to_canonical_u64())
}

/// This workspace's crate against plonky2 on `n` random states and on
/// hashes and compressions of random inputs.
#[cfg(feature = "check")]
fn check(n: usize) {
    let mut stream = Stream(0xc4ec_0000 ^ n as u64);
    let inputs: Vec<Vec<u64>> = (0..n).map(|_| stream.elements(12)).collect();
    let mut states: Vec<[Felt; 12]> = inputs.iter().map(|v| ours(v).try_into().unwrap()).collect();
    let mut expected = Vec::with_capacity(n);
    for (input, state) in inputs.iter().zip(&states) {
        let answer = permute(&field(input));
        assert!(
            same(&POSEIDON.permute(*state), &answer),
            "permute {input:?}"
        );
        expected.push(answer);
    }
    // Every batch length up to 17 as well (each tail after groups of
    // eight: the drivers send short remainders one state at a time).
    for len in 1..=n.min(17) {
        let mut batch = states[..len].to_vec();
        POSEIDON.permute_many(&mut batch);
        for (state, answer) in batch.iter().zip(&expected) {
            assert!(same(state, answer), "permute_many of {len}");
        }
    }
    POSEIDON.permute_many(&mut states);
    for (state, answer) in states.iter().zip(&expected) {
        assert!(same(state, answer), "permute_many");
    }
    let mut hashes = 0;
    for len in 0..=64 {
        for _ in 0..n.div_ceil(65) {
            let input = stream.elements(len);
            let theirs = field(&input);
            let mine = ours(&input);
            assert!(
                same(
                    &POSEIDON_HASH.hash_elements(&mine),
                    &PoseidonHash::hash_no_pad(&theirs).elements
                ),
                "hash_no_pad of {len}"
            );
            assert!(
                same(
                    &HASH_OR_NOOP.hash_elements(&mine),
                    &PoseidonHash::hash_or_noop(&theirs).elements
                ),
                "hash_or_noop of {len}"
            );
            hashes += 2;
        }
    }
    let pairs: Vec<Vec<u64>> = (0..n).map(|_| stream.elements(8)).collect();
    let mine: Vec<[[Felt; 4]; 2]> = pairs
        .iter()
        .map(|p| {
            let v = ours(p);
            [v[..4].try_into().unwrap(), v[4..].try_into().unwrap()]
        })
        .collect();
    let mut outputs = vec![[Felt::ZERO; 4]; mine.len()];
    POSEIDON_HASH.compress_many(&mine, &mut outputs);
    for ((pair, input), out) in pairs.iter().zip(&mine).zip(&outputs) {
        let v = field(pair);
        let theirs = PoseidonHash::two_to_one(
            HashOut {
                elements: v[..4].try_into().unwrap(),
            },
            HashOut {
                elements: v[4..].try_into().unwrap(),
            },
        );
        assert!(
            same(&POSEIDON_HASH.compress(*input), &theirs.elements),
            "two_to_one"
        );
        assert!(same(out, &theirs.elements), "compress_many");
    }
    let (trees, proofs) = check_merkle(&mut stream, n.div_ceil(200));
    println!(
        "plonky2 1.1.0 and algebraic-hash-poseidon-goldilocks agree: {n} permutations (permute, permute_many of all and of 1..=17), {hashes} hashes (hash_no_pad, hash_or_noop of lengths 0..=64), {} compressions (two_to_one, compress_many), {trees} Merkle trees (1 to 256 leaves, every cap height, and one of 2 048; caps, {proofs} proofs, each accepted by both sides' verifiers)",
        pairs.len()
    );
}

/// `per_shape` random trees of each size 2^0..=2^8 and cap height against
/// plonky2's: the cap, every leaf's proof, and each side's verifier on the
/// other's proof; returns the counts of trees and proofs.
#[cfg(feature = "check")]
fn check_merkle(stream: &mut Stream, per_shape: usize) -> (usize, usize) {
    use algebraic_hash_poseidon_goldilocks::merkle;
    let (mut trees, mut proofs) = (0, 0);
    for height in 0..=8 {
        let n = 1usize << height;
        for cap_height in 0..=height {
            for k in 0..per_shape {
                // One length for every leaf (the batched leaf hashing), or
                // lengths that differ.
                let len = match k % 3 {
                    0 => Some((stream.next_u64() % 21) as usize),
                    1 => Some(5 + (stream.next_u64() % 16) as usize),
                    _ => None,
                };
                let data = leaves(stream, n, len);
                let theirs: Vec<Vec<F>> = data.iter().map(|l| field(l)).collect();
                let mine: Vec<Vec<Felt>> = data.iter().map(|l| ours(l)).collect();
                let tree = MerkleTree::<F, PoseidonHash>::new(theirs.clone(), cap_height);
                let our_tree = merkle::MerkleTree::new(mine.clone(), cap_height).unwrap();
                let cap: Vec<Felt> = our_tree.cap().concat();
                assert!(same(&cap, &digests(&tree.cap.0)), "cap of {n} leaves, height {cap_height}");
                for index in 0..n {
                    let siblings = our_tree.prove(index).unwrap();
                    let proof = tree.prove(index);
                    assert!(
                        same(&siblings.concat(), &digests(&proof.siblings)),
                        "proof of leaf {index} of {n}, cap height {cap_height}"
                    );
                    merkle::verify_merkle_proof_to_cap(&mine[index], index, our_tree.cap(), &siblings)
                        .unwrap();
                    verify_merkle_proof_to_cap(theirs[index].clone(), index, &tree.cap, &proof).unwrap();
                    proofs += 1;
                }
                trees += 1;
            }
        }
    }
    // Past one group of the rows' batched hashing (1 024 leaves).
    let data = leaves(stream, 2048, Some(9));
    let theirs: Vec<Vec<F>> = data.iter().map(|l| field(l)).collect();
    let tree = MerkleTree::<F, PoseidonHash>::new(theirs, 3);
    let our_tree = merkle::MerkleTree::new(data.iter().map(|l| ours(l)).collect(), 3).unwrap();
    assert!(same(&our_tree.cap().concat(), &digests(&tree.cap.0)), "cap of 2048 leaves");
    for index in (0..2048).step_by(61) {
        let siblings = our_tree.prove(index).unwrap();
        let proof = tree.prove(index);
        assert!(same(&siblings.concat(), &digests(&proof.siblings)), "proof of leaf {index} of 2048");
        merkle::verify_merkle_proof_to_cap(&ours(&data[index]), index, our_tree.cap(), &siblings).unwrap();
        verify_merkle_proof_to_cap(field(&data[index]), index, &tree.cap, &proof).unwrap();
        proofs += 1;
    }
    (trees + 1, proofs)
}

/// The time of one call of `f` divided by `n`, after calling it untimed
/// for `warm` (zero: not at all).
#[cfg(feature = "check")]
fn time(n: usize, warm: std::time::Duration, mut f: impl FnMut()) -> f64 {
    let t = std::time::Instant::now();
    while t.elapsed() < warm {
        f();
    }
    let t = std::time::Instant::now();
    f();
    t.elapsed().as_nanos() as f64 / n as f64
}

/// plonky2's permutation and this crate's, timed in turn (`rounds` rounds
/// of 256 chained permutations each, of 256 independent states — ours
/// through `permute_many`, plonky2's one by one, as it has no batch entry
/// point — and of `hash_no_pad` of 100 elements); prints the medians and
/// the median ratio ours / plonky2.
///
/// With `warm` (microseconds) each timed call follows untimed calls of the
/// same work for that long. Why: on Intel Xeons, the first millisecond or
/// so of AVX-512 code after milliseconds without it runs slower (on an
/// Emerald Rapids under KVM, 256 of our permutations took about 20 µs
/// more after 5 ms of scalar work than back to back), so in rounds
/// interleaved with plonky2's scalar code, ours pays that ramp every
/// round. Without `warm` the figures include it (a caller with bursts of
/// a few hundred permutations pays it too); with `warm` of 2 000 or more,
/// each side is timed in its steady state.
#[cfg(feature = "check")]
fn bench(rounds: usize, warm: std::time::Duration) {
    use std::hint::black_box;
    let n = 256;
    let start = ours(&Stream(7).elements(12));
    let theirs_start = field(&start.iter().map(|x| x.to_u64()).collect::<Vec<_>>());
    let long_ours = ours(&Stream(8).elements(100));
    let long_theirs = field(&long_ours.iter().map(|x| x.to_u64()).collect::<Vec<_>>());
    let (mut a, mut b, mut c, mut d) = (vec![], vec![], vec![], vec![]);
    let (mut e, mut f) = (vec![], vec![]);
    let (mut g, mut h) = (vec![], vec![]);
    // A Merkle tree of 1 024 leaves of 8 elements (a matrix's rows), cap
    // height 4; timed per leaf.
    let leaf_count = 1024;
    let tree_leaves = leaves(&mut Stream(9), leaf_count, Some(8));
    let tree_ours: Vec<Vec<Felt>> = tree_leaves.iter().map(|l| ours(l)).collect();
    let tree_theirs: Vec<Vec<F>> = tree_leaves.iter().map(|l| field(l)).collect();
    let many: Vec<[Felt; 12]> = (0..n as u64)
        .map(|k| ours(&Stream(100 + k).elements(12)).try_into().unwrap())
        .collect();
    let many_theirs: Vec<[F; 12]> = many
        .iter()
        .map(|s| field(&s.map(|x| x.to_u64())).try_into().unwrap())
        .collect();
    for _ in 0..rounds {
        let mut batch = many.clone();
        e.push(time(n, warm, || {
            POSEIDON.permute_many(&mut batch);
            black_box(&batch);
        }));
        let mut batch_theirs = many_theirs.clone();
        f.push(time(n, warm, || {
            for s in batch_theirs.iter_mut() {
                *s = F::poseidon(*s);
            }
            black_box(&batch_theirs);
        }));
        a.push(time(n, warm, || {
            let mut s: [Felt; 12] = start.clone().try_into().unwrap();
            for _ in 0..n {
                s = POSEIDON.permute(s);
            }
            black_box(s);
        }));
        b.push(time(n, warm, || {
            let mut s: [F; 12] = theirs_start.clone().try_into().unwrap();
            for _ in 0..n {
                s = F::poseidon(s);
            }
            black_box(s);
        }));
        c.push(time(n, warm, || {
            for _ in 0..n {
                black_box(POSEIDON_HASH.hash_elements(black_box(&long_ours)));
            }
        }));
        d.push(time(n, warm, || {
            for _ in 0..n {
                black_box(PoseidonHash::hash_no_pad(black_box(&long_theirs)));
            }
        }));
        g.push(time(leaf_count, warm, || {
            let tree = algebraic_hash_poseidon_goldilocks::merkle::MerkleTree::new(
                tree_ours.clone(),
                4,
            )
            .unwrap();
            black_box(tree.cap());
        }));
        h.push(time(leaf_count, warm, || {
            let tree = MerkleTree::<F, PoseidonHash>::new(tree_theirs.clone(), 4);
            black_box(&tree.cap);
        }));
    }
    // The value below which the fraction `q` of `v` lies.
    let quantile = |v: &[f64], q: f64| {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        v[(v.len() as f64 * q) as usize]
    };
    let median = |v: &[f64]| quantile(v, 0.5);
    let ratio = |x: &[f64], y: &[f64]| {
        let r: Vec<f64> = x.iter().zip(y).map(|(p, q)| p / q).collect();
        median(&r)
    };
    // The fastest tenth of each side's rounds: on shared machines either
    // side's time jumps between modes for many rounds at a time (plonky2's
    // by up to 1.8x), which moves the median ratio; this one does not.
    let tenth = |v: &[f64]| quantile(v, 0.1);
    for (name, ours, theirs) in [
        ("permute", &a, &b),
        ("256 states, per state (ours permute_many)", &e, &f),
        ("hash_no_pad(100)", &c, &d),
        ("Merkle tree, 1024 leaves of 8, cap height 4, per leaf", &g, &h),
    ] {
        println!(
            "{name}: ours {:.1} ns, plonky2 {:.1} ns, ratio {:.2} (median of rounds); \
             fastest tenth {:.1} / {:.1} ns, ratio {:.2}",
            median(ours),
            median(theirs),
            ratio(ours, theirs),
            tenth(ours),
            tenth(theirs),
            tenth(ours) / tenth(theirs)
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["constants"] => constants(),
        ["vectors"] => vectors(),
        ["merkle-vectors"] => merkle_vectors(),
        #[cfg(feature = "check")]
        ["check", n] => check(n.parse().expect("a count")),
        #[cfg(feature = "check")]
        ["bench", rounds] => bench(rounds.parse().expect("a count"), Default::default()),
        #[cfg(feature = "check")]
        ["bench", rounds, warm] => bench(
            rounds.parse().expect("a count"),
            std::time::Duration::from_micros(warm.parse().expect("microseconds")),
        ),
        _ => {
            eprintln!("usage: constants | vectors | merkle-vectors | check N | bench ROUNDS [WARM_MICROSECONDS] (the last two with --features check)");
            std::process::exit(2);
        }
    }
}
