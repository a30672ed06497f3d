//! circom Poseidon against its peers, in the same run: `light-poseidon` 0.5
//! (plain form, ark-ff 0.6) and zkhash 0.2's optimized Poseidon (sparse
//! partial rounds, ark-ff 0.4) configured with circomlib's constants (taken
//! from light-poseidon's parameter tables). Every peer's output is checked
//! against ours before it is timed.
//!
//! `cargo bench -p algebraic-hash-poseidon --bench circom`

use std::hint::black_box;
use std::sync::Arc;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_poseidon::Fr;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::field::{fr_from_str, fr_to_le_bytes};
use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use light_poseidon::{Poseidon, PoseidonHasher, parameters::bn254_x5};
use zkhash::fields::bn256::FpBN256;
use zkhash::fields::utils::from_hex;
use zkhash::poseidon::poseidon::Poseidon as ZkPoseidon;
use zkhash::poseidon::poseidon_params::PoseidonParams;

fn to_zk(x: &Fr) -> FpBN256 {
    let mut be = fr_to_le_bytes(x);
    be.reverse();
    let hex: String = be.iter().map(|b| format!("{b:02x}")).collect();
    from_hex(&format!("0x{hex}"))
}

fn from_zk(x: &FpBN256) -> Fr {
    fr_from_str(&x.to_string()).expect("zkhash output below p")
}

/// zkhash's optimized Poseidon with circomlib's constants for width `t`.
fn zkhash_circom(t: usize) -> ZkPoseidon<FpBN256> {
    let p = bn254_x5::get_poseidon_parameters::<Fr>(t as u8).expect("light-poseidon width");
    let mds: Vec<Vec<FpBN256>> = p
        .mds
        .iter()
        .map(|row| row.iter().map(to_zk).collect())
        .collect();
    let rounds: Vec<Vec<FpBN256>> = p
        .ark
        .chunks(t)
        .map(|c| c.iter().map(to_zk).collect())
        .collect();
    let params = PoseidonParams::new(t, 5, p.full_rounds, p.partial_rounds, &mds, &rounds);
    ZkPoseidon::new(&Arc::new(params))
}

fn inputs<const N: usize>() -> [Fr; N] {
    core::array::from_fn(|i| Fr::from(0x1234_5678_9abc_def0u64 + i as u64).square_root())
}

trait SquareRootish {
    fn square_root(self) -> Fr;
}
impl SquareRootish for Fr {
    /// Any full-size element: a fixed power.
    fn square_root(self) -> Fr {
        use ark_ff::Field;
        self.pow([0x0123_4567_89ab_cdef, 0x0fed_cba9_8765_4321, 0, 0])
    }
}

macro_rules! hash_group {
    ($c:expr, $t:literal, $n:literal, $peers:expr) => {{
        let ours = CircomPoseidon::<$t>::new();
        let x = inputs::<$n>();
        let expected = ours.compress(x);
        let mut group = $c.benchmark_group(concat!("circom_t", $t, "_hash"));
        group.bench_function("algebraic-hash", |b| b.iter(|| ours.compress(black_box(x))));
        if $peers {
            let mut light = Poseidon::<Fr>::new_circom($n).unwrap();
            assert_eq!(light.hash(&x).unwrap(), expected, "light-poseidon");
            group.bench_function("light-poseidon", |b| {
                b.iter(|| light.hash(black_box(&x)).unwrap())
            });
            let zk = zkhash_circom($t);
            let mut state = vec![FpBN256::from(0u64)];
            state.extend(x.iter().map(to_zk));
            assert_eq!(from_zk(&zk.permutation(&state)[0]), expected, "zkhash");
            group.bench_function("zkhash-optimized", |b| {
                b.iter(|| zk.permutation(black_box(&state))[0])
            });
        }
        group.finish();
    }};
}

fn hashes(c: &mut Criterion) {
    hash_group!(c, 3, 2, true);
    hash_group!(c, 5, 4, true);
    hash_group!(c, 13, 12, true);
    hash_group!(c, 17, 16, false);
}

fn permutations(c: &mut Criterion) {
    let mut group = c.benchmark_group("circom_permutation");
    let p3 = CircomPoseidon::<3>::new();
    let s3 = inputs::<3>();
    group.bench_with_input(BenchmarkId::new("algebraic-hash", 3), &s3, |b, s| {
        b.iter(|| p3.permute(black_box(*s)))
    });
    let p17 = CircomPoseidon::<17>::new();
    let s17 = inputs::<17>();
    group.bench_with_input(BenchmarkId::new("algebraic-hash", 17), &s17, |b, s| {
        b.iter(|| p17.permute(black_box(*s)))
    });
    group.finish();
}

criterion_group!(benches, hashes, permutations);
criterion_main!(benches);
