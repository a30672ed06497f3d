//! `algebraic-hash-anemoi` against the Rust reference `anemoi` (anemoi-rust
//! at 647c921, ark-ff 0.4) in one process, final (CRYPTO 2023) version, on
//! BN254 and BLS12-381 with 2 and 4 cells:
//!
//! * one permutation (reference `Anemoi::permutation` on a slice, ours
//!   `Permutation::permute_mut` on an array);
//! * Jive 2-to-1 (reference `Jive::compress`, ours `AnemoiJive`, the
//!   workspace's `Compression<[F; L], 2>`);
//! * hashing 10 KiB of bytes (reference `Sponge::hash`, ours
//!   `AnemoiHash::hash_bytes`).
//!
//! Before measuring, each pair is checked to give the same answer on a few
//! inputs, so that the figures compare the same function. Within a criterion
//! group the reference and ours are measured one after the other for each
//! item.

use std::hint::black_box;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_anemoi::{Anemoi, AnemoiHash, AnemoiJive, Version};
use anemoi::{Anemoi as _, Jive as _, Sponge as _};
use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};

/// Fixed pseudo-random bytes (xorshift64), `n` of them.
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64 ^ seed.wrapping_mul(0xd1b5_4a32_d192_ed03);
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A pseudo-random reference element (reduced from 64 bytes).
fn ref_elem<R: ark_ff_04::PrimeField>(seed: u64) -> R {
    R::from_le_bytes_mod_order(&bytes(seed, 64))
}

/// The same element as an ark-ff 0.6 field element, through its canonical
/// little-endian bytes.
fn to_ours<R: ark_ff_04::PrimeField, F: ark_ff::PrimeField>(r: &R) -> F {
    use ark_ff::BigInteger as _;
    use ark_ff_04::BigInteger as _;
    let le = r.into_bigint().to_bytes_le();
    let f = F::from_le_bytes_mod_order(&le);
    assert_eq!(f.into_bigint().to_bytes_le(), le, "value not below p");
    f
}

macro_rules! field_bench {
    ($fun:ident, $name:literal, $module:ident, $ref2:ident, $ref4:ident, $ours:ty) => {
        fn $fun(c: &mut Criterion) {
            use anemoi::$module::{Felt, anemoi_2_1, anemoi_4_3};
            type R2 = anemoi_2_1::$ref2;
            type R4 = anemoi_4_3::$ref4;
            type F = $ours;
            let conv = |s: &[Felt]| -> Vec<F> { s.iter().map(to_ours::<Felt, F>).collect() };

            let v = Version::Crypto2023;
            let p2 = Anemoi::<F, 1, 2>::new(v);
            let p4 = Anemoi::<F, 2, 4>::new(v);
            let j2 = AnemoiJive::<F, 1, 2>::new(p2);
            let j4 = AnemoiJive::<F, 2, 4>::new(p4);
            let h2 = AnemoiHash::<F, 1, 2>::new(v);
            let h4 = AnemoiHash::<F, 2, 4>::new(v);
            assert_eq!((p2.rounds(), p4.rounds()), (R2::NUM_ROUNDS, R4::NUM_ROUNDS));

            // Equality of outputs, on a few inputs.
            for seed in 0..8u64 {
                let r2: [Felt; 2] = core::array::from_fn(|i| ref_elem(10 * seed + i as u64));
                let r4: [Felt; 4] = core::array::from_fn(|i| ref_elem(10 * seed + i as u64));
                let o2: [F; 2] = conv(&r2).try_into().unwrap();
                let o4: [F; 4] = conv(&r4).try_into().unwrap();

                let mut t2 = r2;
                R2::permutation(&mut t2);
                assert_eq!(conv(&t2), p2.permute(o2), "{} permutation/2", $name);
                let mut t4 = r4;
                R4::permutation(&mut t4);
                assert_eq!(conv(&t4), p4.permute(o4), "{} permutation/4", $name);

                let ours2 = j2.compress([[o2[0]], [o2[1]]]);
                assert_eq!(conv(&R2::compress(&r2)), ours2, "{} jive/2", $name);
                let merged = R2::merge(&[
                    anemoi_2_1::AnemoiDigest::new([r2[0]]),
                    anemoi_2_1::AnemoiDigest::new([r2[1]]),
                ]);
                assert_eq!(conv(merged.as_elements()), ours2, "{} merge/2", $name);
                let ours4 = j4.compress([[o4[0], o4[1]], [o4[2], o4[3]]]);
                assert_eq!(conv(&R4::compress(&r4)), ours4, "{} jive/4", $name);
                assert_eq!(p4.compress(o4), ours4);

                // Byte lengths that are not multiples of the chunk size
                // (31 or 47 bytes), where the two byte encodings agree.
                let chunk = <F as algebraic_hash_anemoi::AnemoiField>::BYTES_PER_ELEMENT;
                for len in [1, 30, 100, 500, 10 * 1024] {
                    assert_ne!(len % chunk, 0);
                    let msg = bytes(1000 + seed, len);
                    let e2 = conv(R2::hash(&msg).as_elements());
                    assert_eq!(e2, [h2.hash_bytes(&msg)], "{} hash/2 {len}", $name);
                    let e4 = conv(R4::hash(&msg).as_elements());
                    assert_eq!(e4, [h4.hash_bytes(&msg)], "{} hash/4 {len}", $name);
                }
            }
            eprintln!(
                "{}: reference and ours agree (permutation, Jive, merge/2, hash)",
                $name
            );

            let r2: [Felt; 2] = core::array::from_fn(|i| ref_elem(100 + i as u64));
            let r4: [Felt; 4] = core::array::from_fn(|i| ref_elem(100 + i as u64));
            let o2: [F; 2] = conv(&r2).try_into().unwrap();
            let o4: [F; 4] = conv(&r4).try_into().unwrap();

            let mut g = c.benchmark_group(format!("anemoi-vs-reference/{}", $name));
            g.bench_function("permutation/2/reference", |b| {
                let mut s = r2;
                b.iter(|| R2::permutation(black_box(&mut s)))
            });
            g.bench_function("permutation/2/ours", |b| {
                let mut s = o2;
                b.iter(|| p2.permute_mut(black_box(&mut s)))
            });
            g.bench_function("permutation/4/reference", |b| {
                let mut s = r4;
                b.iter(|| R4::permutation(black_box(&mut s)))
            });
            g.bench_function("permutation/4/ours", |b| {
                let mut s = o4;
                b.iter(|| p4.permute_mut(black_box(&mut s)))
            });
            g.bench_function("jive-2to1/2/reference", |b| {
                b.iter(|| R2::compress(black_box(&r2)))
            });
            g.bench_function("jive-2to1/2/ours", |b| {
                b.iter(|| j2.compress(black_box([[o2[0]], [o2[1]]])))
            });
            g.bench_function("jive-2to1/4/reference", |b| {
                b.iter(|| R4::compress(black_box(&r4)))
            });
            g.bench_function("jive-2to1/4/ours", |b| {
                b.iter(|| j4.compress(black_box([[o4[0], o4[1]], [o4[2], o4[3]]])))
            });
            let msg = bytes(7, 10 * 1024);
            g.sample_size(10);
            g.sampling_mode(SamplingMode::Flat);
            g.bench_function("hash-10KiB/2/reference", |b| {
                b.iter(|| R2::hash(black_box(&msg)))
            });
            g.bench_function("hash-10KiB/2/ours", |b| {
                b.iter(|| h2.hash_bytes(black_box(&msg)))
            });
            g.bench_function("hash-10KiB/4/reference", |b| {
                b.iter(|| R4::hash(black_box(&msg)))
            });
            g.bench_function("hash-10KiB/4/ours", |b| {
                b.iter(|| h4.hash_bytes(black_box(&msg)))
            });
            g.finish();
        }
    };
}

field_bench!(
    bn254,
    "bn254",
    bn_254,
    AnemoiBn254_2_1,
    AnemoiBn254_4_3,
    ark_bn254::Fq
);
field_bench!(
    bls12_381,
    "bls12-381",
    bls12_381,
    AnemoiBls12_381_2_1,
    AnemoiBls12_381_4_3,
    ark_bls12_381::Fq
);

criterion_group!(benches, bn254, bls12_381);
criterion_main!(benches);
