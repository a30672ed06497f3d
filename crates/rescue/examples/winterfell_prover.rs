//! Winterfell STARK provers for `x_{i+1} = x_i³ + 42` (one column; or, with
//! `columns`, 8 columns and 2 auxiliary cubic-extension columns), proved and
//! verified with winter-crypto's `Rp64_256` on winter-prover's default path
//! and with this crate's pieces switched in one by one: `WinterRp64_256`,
//! `BatchedMerkleTree`, then the batched row commitments
//! (`BatchedTraceLde`, `BatchedConstraintCommitment`). All proofs are
//! byte-identical. Then prover times, interleaved (the provers take turns,
//! so a noisy machine disturbs them alike), as medians of per-round ratios,
//! and the time of the FRI layers' leaf hashes (which stay one state at a
//! time inside winter-fri), one by one and through `hash_elements_many`.
//!
//! How a prover switches to the batched commitments: the `Batched` impl in
//! `support/mod.rs` (two associated types, two constructor calls) and the
//! `winterfell_commit` module docs.
//!
//! ```sh
//! cargo run --release -p algebraic-hash-rescue --features winterfell \
//!     --example winterfell_prover -- [log2 trace length = 16] [rounds = 5] [cube | columns]
//! ```
//!
//! `cargo test` builds this example as the provers' test target (`test =
//! true` in Cargo.toml; the tests are `support/tests.rs`), so that the
//! provers are compiled once, not once for the example and again for a test
//! file (about 70 s of CI's build). `main` and its helpers are unused then.
#![cfg_attr(test, allow(dead_code))]

#[path = "support/mod.rs"]
mod support;
#[cfg(test)]
#[path = "support/tests.rs"]
mod tests;

use std::time::Instant;

use algebraic_hash_rescue::{BatchedMerkleTree, ElementDigest, Felt, Rp64_256, WinterRp64_256};
use support::{Batched, WinterDefaults, columns, cube};
use winterfell::crypto::hashers::Rp64_256 as Winter;
use winterfell::crypto::{ElementHasher, MerkleTree};
use winterfell::math::fields::QuadExtension;
use winterfell::math::fields::f64::BaseElement;
use winterfell::{FieldExtension, Proof, ProofOptions};

type Ours = WinterRp64_256;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

/// The computation to prove.
#[derive(Clone, Copy)]
enum Shape {
    Cube,
    Columns,
}

const COLUMNS: (usize, usize) = (8, 2);

fn columns_options() -> ProofOptions {
    columns::columns_options(FieldExtension::Cubic, 1)
}

/// The four provers, in the order they are timed.
const PROVERS: [&str; 4] = [
    "winter-crypto Rp64_256 + MerkleTree (default LDE)",
    "WinterRp64_256 + MerkleTree (default LDE)",
    "WinterRp64_256 + BatchedMerkleTree (default LDE)",
    "WinterRp64_256 + BatchedMerkleTree + batched rows",
];

fn prove(shape: Shape, which: usize, steps: usize) -> Proof {
    let (w, a) = COLUMNS;
    let o = columns_options;
    match (shape, which) {
        (Shape::Cube, 0) => cube::prove::<Winter, MerkleTree<Winter>, WinterDefaults>(3, steps).0,
        (Shape::Cube, 1) => cube::prove::<Ours, MerkleTree<Ours>, WinterDefaults>(3, steps).0,
        (Shape::Cube, 2) => cube::prove::<Ours, BatchedMerkleTree, WinterDefaults>(3, steps).0,
        (Shape::Cube, _) => cube::prove::<Ours, BatchedMerkleTree, Batched>(3, steps).0,
        (Shape::Columns, 0) => {
            columns::prove::<Winter, MerkleTree<Winter>, WinterDefaults>(3, w, a, steps, o()).0
        }
        (Shape::Columns, 1) => {
            columns::prove::<Ours, MerkleTree<Ours>, WinterDefaults>(3, w, a, steps, o()).0
        }
        (Shape::Columns, 2) => {
            columns::prove::<Ours, BatchedMerkleTree, WinterDefaults>(3, w, a, steps, o()).0
        }
        (Shape::Columns, _) => {
            columns::prove::<Ours, BatchedMerkleTree, Batched>(3, w, a, steps, o()).0
        }
    }
}

/// Verifies `proof` under winter-crypto's hasher and tree and under ours.
fn verify(shape: Shape, proof: &Proof, steps: usize) {
    match shape {
        Shape::Cube => {
            let inputs = cube::cube_inputs(&cube::cube_trace(3, steps));
            cube::verify::<Winter, MerkleTree<Winter>>(proof.clone(), inputs).expect("verifies");
            cube::verify::<Ours, BatchedMerkleTree>(proof.clone(), inputs).expect("verifies");
        }
        Shape::Columns => {
            let (w, a) = COLUMNS;
            let inputs = columns::ColumnsTrace::new(3, w, a, steps).inputs();
            let o = columns_options();
            columns::verify::<Winter, MerkleTree<Winter>>(proof.clone(), inputs, o.clone())
                .expect("verifies");
            columns::verify::<Ours, BatchedMerkleTree>(proof.clone(), inputs, o).expect("verifies");
        }
    }
}

/// The FRI layers of the cube's proof (quadratic extension, folding factor
/// 8): per layer, the leaves winter-fri hashes one `hash_elements` call
/// each. Returns (one by one, through `hash_elements_many`) in seconds.
fn time_fri_leaves(options: &ProofOptions, lde_size: usize) -> (f64, f64) {
    let fri = options.to_fri_options();
    let folding = fri.folding_factor();
    let mut sizes = Vec::new();
    let mut domain = lde_size;
    for _ in 0..fri.num_fri_layers(lde_size) {
        sizes.push(domain / folding);
        domain /= folding;
    }
    // Leaves of `folding` quadratic-extension elements: 2 × folding base
    // elements each.
    let width = 2 * folding;
    let total: usize = sizes.iter().sum();
    let base: Vec<BaseElement> = (0..total * width)
        .map(|i| BaseElement::new(i as u64 * 0x9e37_79b9))
        .collect();
    let leaves: Vec<QuadExtension<BaseElement>> = base
        .chunks(2)
        .map(|c| QuadExtension::new(c[0], c[1]))
        .collect();
    let felts: Vec<Felt> = base.iter().map(|&e| Felt::from(e)).collect();

    let t = Instant::now();
    let mut single = Vec::with_capacity(total);
    for leaf in leaves.chunks(folding) {
        single.push(<Ours as ElementHasher>::hash_elements(leaf));
    }
    let one_by_one = t.elapsed().as_secs_f64();

    let t = Instant::now();
    let mut batched = vec![ElementDigest::default(); total];
    Rp64_256::hash_elements_many(&felts, width, &mut batched).expect("whole leaves");
    let many = t.elapsed().as_secs_f64();
    assert_eq!(single, batched);
    (one_by_one, many)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let log: u32 = args
        .next()
        .map_or(16, |a| a.parse().expect("log2 trace length"));
    let rounds: usize = args.next().map_or(5, |a| a.parse().expect("rounds"));
    let shape = match args.next().as_deref() {
        None | Some("cube") => Shape::Cube,
        Some("columns") => Shape::Columns,
        Some(other) => panic!("unknown computation {other}: cube or columns"),
    };
    let steps = 1usize << log;

    let proofs: Vec<Proof> = (0..PROVERS.len()).map(|p| prove(shape, p, steps)).collect();
    let bytes = proofs[0].to_bytes();
    for (name, proof) in PROVERS.iter().zip(&proofs) {
        assert_eq!(bytes, proof.to_bytes(), "{name}: the same proof");
    }
    verify(shape, &proofs[0], steps);
    verify(shape, &proofs[3], steps);
    println!(
        "trace 2^{log}: one proof of {} bytes from all {} provers; verified under both hashers",
        bytes.len(),
        PROVERS.len()
    );
    println!("backend: {:?}", algebraic_hash_rescue::backend());

    let mut times = vec![Vec::new(); PROVERS.len()];
    let mut ratios = vec![Vec::new(); PROVERS.len()];
    let mut fri = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let mut round = Vec::new();
        for (p, t_all) in times.iter_mut().enumerate() {
            let t = Instant::now();
            let _ = prove(shape, p, steps);
            let s = t.elapsed().as_secs_f64();
            t_all.push(s);
            round.push(s);
        }
        for (r, s) in ratios.iter_mut().zip(&round) {
            r.push(s / round[0]);
        }
        if let Shape::Cube = shape {
            let (one, many) = time_fri_leaves(&cube::cube_options(), steps * 8);
            fri.0.push(one / round[3]);
            fri.1.push(many / round[3]);
        }
    }
    for ((name, t), r) in PROVERS.iter().zip(times).zip(ratios) {
        let min = t.iter().cloned().fold(f64::INFINITY, f64::min);
        println!(
            "{name:52} min {:8.1} ms  median {:8.1} ms  ratio to winter-crypto {:.3}",
            min * 1e3,
            median(t) * 1e3,
            median(r)
        );
    }
    if let Shape::Cube = shape {
        println!(
            "FRI leaf hashes as a share of the batched prover's time: {:.3} one by one (as \
             winter-fri does), {:.3} through hash_elements_many",
            median(fri.0),
            median(fri.1)
        );
    }
}
