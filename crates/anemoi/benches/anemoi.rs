//! Anemoi (CRYPTO 2023) on BN254 and BLS12-381, 2 and 4 cells: one
//! permutation, one Jive 2-to-1 compression, and hashing 10 KiB of bytes
//! (the work of the reference crate's own benches). Also x^(1/α) by this
//! crate's chain and by ark-ff's `pow`, to show where the time goes.

use std::hint::black_box;

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
use criterion::{Criterion, criterion_group, criterion_main};

fn data() -> Vec<u8> {
    // xorshift64: fixed pseudo-random bytes.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..10 * 1024)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x as u8
        })
        .collect()
}

fn field<F: AnemoiField>(c: &mut Criterion, name: &str) {
    let v = Version::Crypto2023;
    let p2 = Anemoi::<F, 1, 2>::new(v);
    let p4 = Anemoi::<F, 2, 4>::new(v);
    let mut g = c.benchmark_group(format!("anemoi/{name}"));
    g.bench_function("permutation/2", |b| {
        let mut s = [F::one(); 2];
        b.iter(|| p2.permute_mut(black_box(&mut s)))
    });
    g.bench_function("permutation/4", |b| {
        let mut s = [F::one(); 4];
        b.iter(|| p4.permute_mut(black_box(&mut s)))
    });
    let j2 = AnemoiJive::<F, 1, 2>::new(p2);
    g.bench_function("jive-2to1/2", |b| {
        let input = [[F::one()]; 2];
        b.iter(|| j2.compress(black_box(input)))
    });
    let j4 = AnemoiJive::<F, 2, 4>::new(p4);
    g.bench_function("jive-2to1/4", |b| {
        let input = [[F::one(); 2]; 2];
        b.iter(|| j4.compress(black_box(input)))
    });
    g.bench_function("permute-many-16/2", |b| {
        let mut states = [[F::one(); 2]; 16];
        for (i, s) in states.iter_mut().enumerate() {
            s[0] = F::from(i as u64);
        }
        b.iter(|| p2.permute_many(black_box(&mut states)))
    });
    let bytes = data();
    let h2 = AnemoiHash::<F, 1, 2>::new(v);
    let h4 = AnemoiHash::<F, 2, 4>::new(v);
    g.sample_size(10);
    g.bench_function("hash-10KiB/2", |b| {
        b.iter(|| h2.hash_bytes(black_box(&bytes)))
    });
    g.bench_function("hash-10KiB/4", |b| {
        b.iter(|| h4.hash_bytes(black_box(&bytes)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("inv-alpha/{name}"));
    let x = F::from(7u64);
    g.bench_function("chain", |b| {
        b.iter(|| {
            let mut v = [black_box(x)];
            F::exp_inv_alpha(&mut v);
            v[0]
        })
    });
    g.bench_function("chain-2-lanes", |b| {
        b.iter(|| {
            let mut v = [black_box(x), black_box(x + F::one())];
            F::exp_inv_alpha(&mut v);
            v
        })
    });
    // α⁻¹ mod (p − 1) from the chain itself, as the exponent for `pow`.
    let e = inv_alpha_exponent::<F>();
    g.bench_function("ark-pow", |b| b.iter(|| black_box(x).pow(&e)));
    g.finish();
}

/// α⁻¹ mod (p − 1) as little-endian limbs.
fn inv_alpha_exponent<F: AnemoiField>() -> Vec<u64> {
    let a = F::ALPHA;
    let mut m: Vec<u64> = F::MODULUS.as_ref().to_vec();
    m[0] -= 1; // p is odd: no borrow
    let m_mod_a = m.iter().rev().fold(0u128, |acc, &l| {
        ((acc << 64) + u128::from(l)) % u128::from(a)
    }) as u64;
    let k = (1..a)
        .find(|k| (k * m_mod_a + 1).is_multiple_of(a))
        .expect("coprime");
    let mut words = Vec::new();
    let mut carry = 1u128;
    for &l in &m {
        let t = u128::from(l) * u128::from(k) + carry;
        words.push(t as u64);
        carry = t >> 64;
    }
    words.push(carry as u64);
    let mut rem = 0u128;
    for w in words.iter_mut().rev() {
        let cur = (rem << 64) | u128::from(*w);
        *w = (cur / u128::from(a)) as u64;
        rem = cur % u128::from(a);
    }
    words
}

fn benches(c: &mut Criterion) {
    field::<ark_bn254::Fq>(c, "bn254");
    field::<ark_bls12_381::Fq>(c, "bls12-381");
}

criterion_group!(name = group; config = Criterion::default(); targets = benches);
criterion_main!(group);
