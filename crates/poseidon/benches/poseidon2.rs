//! Poseidon2 permutation, t = 3 and t = 4 (new parameters), against the peers
//! in the same run: taceo-poseidon2 0.3 (arkworks 0.6), zkhash 0.2
//! (HorizenLabs' reference, arkworks 0.4; its t = 4 instance is built from
//! this crate's constants, which equal Barretenberg's) and, for t = 4,
//! bn254_blackbox_solver 1.0 (Noir's ACVM). Also this crate's sponge hash and
//! compression.
//!
//! `cargo bench -p algebraic-hash-poseidon --bench poseidon2`

use std::hint::black_box;
use std::sync::Arc;

use acir_field::GenericFieldElement;
use algebraic_hash::Permutation;
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::field::fr_to_le_bytes;
use algebraic_hash_poseidon::poseidon2::{NEW_T3, NEW_T4, Poseidon2};
use ark_ff::PrimeField;
use criterion::{Criterion, criterion_group, criterion_main};
use zkhash::ark_ff::PrimeField as _;
use zkhash::fields::bn256::FpBN256;
use zkhash::poseidon2::poseidon2::Poseidon2 as ZkPoseidon2;
use zkhash::poseidon2::poseidon2_params::Poseidon2Params;

fn to_zk(x: &Fr) -> FpBN256 {
    FpBN256::from_le_bytes_mod_order(&fr_to_le_bytes(x))
}

/// zkhash's Poseidon2 with this crate's constants for `p`.
fn zkhash_instance<const T: usize>(p: &Poseidon2<T>) -> ZkPoseidon2<FpBN256> {
    let external = p.external_round_constants();
    let mut rows: Vec<Vec<FpBN256>> = external[..4]
        .iter()
        .map(|r| r.iter().map(to_zk).collect())
        .collect();
    for c in p.internal_round_constants() {
        let mut row = vec![to_zk(c)];
        row.resize(T, to_zk(&Fr::from(0u64)));
        rows.push(row);
    }
    rows.extend(external[4..].iter().map(|r| r.iter().map(to_zk).collect()));
    let diag: Vec<FpBN256> = p.internal_diagonal_minus_one().iter().map(to_zk).collect();
    ZkPoseidon2::new(&Arc::new(Poseidon2Params::new(
        T,
        5,
        8,
        56,
        &diag,
        &[],
        &rows,
    )))
}

/// A fixed full-size state.
fn state<const T: usize>(seed: u8) -> [Fr; T] {
    core::array::from_fn(|i| {
        let bytes: [u8; 32] = core::array::from_fn(|k| {
            seed.wrapping_mul(31)
                .wrapping_add((i * 32 + k) as u8)
                .wrapping_mul(167)
        });
        Fr::from_le_bytes_mod_order(&bytes)
    })
}

fn blackbox(state: &[Fr; 4]) -> Vec<GenericFieldElement<Fr>> {
    let input: Vec<GenericFieldElement<Fr>> = state
        .iter()
        .map(|x| GenericFieldElement::from_repr(*x))
        .collect();
    bn254_blackbox_solver::poseidon2_permutation(&input).expect("t = 4")
}

fn permutations(c: &mut Criterion) {
    eprintln!("poseidon2 backend: {}", Poseidon2::<3>::backend());
    let s3 = state::<3>(3);
    let zk3 =
        ZkPoseidon2::new(&zkhash::poseidon2::poseidon2_instance_bn256::POSEIDON2_BN256_PARAMS);
    // same answers before timing anything
    let ours3 = NEW_T3.permute(s3);
    assert_eq!(taceo_poseidon2::bn254::t3::permutation(&s3), ours3);
    assert_eq!(
        zk3.permutation(&s3.map(|x| to_zk(&x))),
        ours3.map(|x| to_zk(&x)).to_vec()
    );

    // "same input": one state permuted again and again (branches of the
    // arkworks-based peers are learnt by the predictor); "chained": each
    // permutation gets the previous output, fresh data as in real use.
    let mut g = c.benchmark_group("poseidon2_t3_permutation");
    g.bench_function("ours same input", |b| {
        b.iter(|| NEW_T3.permute(black_box(s3)))
    });
    g.bench_function("taceo-poseidon2 same input", |b| {
        b.iter(|| taceo_poseidon2::bn254::t3::permutation(black_box(&s3)))
    });
    let z3 = s3.map(|x| to_zk(&x));
    g.bench_function("zkhash same input", |b| {
        b.iter(|| zk3.permutation(black_box(&z3)))
    });
    let mut x = s3;
    g.bench_function("ours chained", |b| {
        b.iter(|| x = NEW_T3.permute(black_box(x)))
    });
    let mut x = s3;
    g.bench_function("taceo-poseidon2 chained", |b| {
        b.iter(|| x = taceo_poseidon2::bn254::t3::permutation(black_box(&x)))
    });
    let mut z = z3.to_vec();
    g.bench_function("zkhash chained", |b| {
        b.iter(|| z = zk3.permutation(black_box(&z)))
    });
    g.finish();

    let s4 = state::<4>(4);
    let zk4 = zkhash_instance(&NEW_T4);
    let ours4 = NEW_T4.permute(s4);
    assert_eq!(taceo_poseidon2::bn254::t4::permutation(&s4), ours4);
    assert_eq!(
        zk4.permutation(&s4.map(|x| to_zk(&x))),
        ours4.map(|x| to_zk(&x)).to_vec()
    );
    assert_eq!(
        blackbox(&s4)
            .iter()
            .map(|x| x.into_repr())
            .collect::<Vec<_>>(),
        ours4.to_vec()
    );

    let mut g = c.benchmark_group("poseidon2_t4_permutation");
    g.bench_function("ours same input", |b| {
        b.iter(|| NEW_T4.permute(black_box(s4)))
    });
    g.bench_function("taceo-poseidon2 same input", |b| {
        b.iter(|| taceo_poseidon2::bn254::t4::permutation(black_box(&s4)))
    });
    let z4 = s4.map(|x| to_zk(&x));
    g.bench_function("zkhash same input", |b| {
        b.iter(|| zk4.permutation(black_box(&z4)))
    });
    g.bench_function("bn254_blackbox_solver same input", |b| {
        b.iter(|| blackbox(black_box(&s4)))
    });
    let mut x = s4;
    g.bench_function("ours chained", |b| {
        b.iter(|| x = NEW_T4.permute(black_box(x)))
    });
    let mut x = s4;
    g.bench_function("taceo-poseidon2 chained", |b| {
        b.iter(|| x = taceo_poseidon2::bn254::t4::permutation(black_box(&x)))
    });
    let mut z = z4.to_vec();
    g.bench_function("zkhash chained", |b| {
        b.iter(|| z = zk4.permutation(black_box(&z)))
    });
    g.finish();
}

fn hash_and_compress(c: &mut Criterion) {
    let input: Vec<Fr> = (0..30u64).map(|i| Fr::from(i * 1_000_003 + 7)).collect();
    let mut g = c.benchmark_group("poseidon2_new_t4");
    g.bench_function("hash 30 elements", |b| {
        b.iter(|| NEW_T4.hash(black_box(&input)))
    });
    g.bench_function("compress 3 to 1", |b| {
        b.iter(|| NEW_T4.compress(black_box([input[0], input[1], input[2]])))
    });
    g.finish();
    let mut g = c.benchmark_group("poseidon2_new_t3");
    g.bench_function("compress 2 to 1", |b| {
        b.iter(|| NEW_T3.compress(black_box([input[0], input[1]])))
    });
    g.finish();
}

criterion_group!(benches, permutations, hash_and_compress);
criterion_main!(benches);
