//! Deterministic inputs, the same for every run and every implementation.

use ark_bn254::Fr;
use ark_ff::PrimeField;

/// Goldilocks prime 2^64 − 2^32 + 1.
pub const GOLDILOCKS_MODULUS: u64 = 0xffff_ffff_0000_0001;

/// SplitMix64: a small seeded generator (not for cryptography).
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub const fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// `n` canonical Goldilocks values (as `u64`) from `seed`.
pub fn goldilocks(seed: u64, n: usize) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..n)
        .map(|_| {
            loop {
                let x = rng.next_u64();
                if x < GOLDILOCKS_MODULUS {
                    break x;
                }
            }
        })
        .collect()
}

/// `n` elements of the prime field `F` from `seed` (random bytes, 16 more
/// than the modulus needs, reduced: uniform up to a negligible bias).
pub fn field<F: PrimeField>(seed: u64, n: usize) -> Vec<F> {
    let mut rng = SplitMix64::new(seed);
    let len = (F::MODULUS_BIT_SIZE as usize).div_ceil(64) * 8 + 16;
    (0..n)
        .map(|_| {
            let bytes: Vec<u8> = (0..len / 8)
                .flat_map(|_| rng.next_u64().to_le_bytes())
                .collect();
            F::from_le_bytes_mod_order(&bytes)
        })
        .collect()
}

/// `n` BN254 scalar-field elements from `seed`.
pub fn bn254(seed: u64, n: usize) -> Vec<Fr> {
    field::<Fr>(seed, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_canonical_distinct_and_repeatable() {
        let g = goldilocks(1, 1000);
        assert!(g.iter().all(|&x| x < GOLDILOCKS_MODULUS));
        assert_eq!(g, goldilocks(1, 1000));
        assert_ne!(g, goldilocks(2, 1000));
        let f = bn254(1, 100);
        assert_eq!(f, bn254(1, 100));
        let mut sorted = f.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), 100);
    }
}
