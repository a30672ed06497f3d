//! Every backend equals ark-ff 0.6's own arithmetic: product, square, dot
//! product (and the sums and reductions built on them), on random values and
//! on edge values, for every field of the workspace.
//!
//! ark-ff is the outside reference: a value's meaning is
//! `Fp::new_unchecked(limbs)` after reducing below p, and ark-ff's `*`,
//! `square`, `+`, `-` give the expected answers.

mod common;

use algebraic_hash_montgomery::{
    Arith, Backend, MontConfig, MontParams, Narrow, Portable, Wide, dot_bound, from_limbs,
};
use ark_ff::{AdditiveGroup, BigInt, Field, PrimeField, Zero};
use common::{F, below, edges, lt, offset, value};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// Random pairs per field and backend (the issue asks for at least 100 000).
const PAIRS: usize = 100_000;

fn check_pair<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    x: &[u64; N],
    y: &[u64; N],
) {
    let (a, b) = (value::<C, N>(x), value::<C, N>(y));
    // Product and square, unreduced (below 2p) and reduced (below p).
    let prod = f.mul(x, y);
    assert!(lt(&prod, &C::P2), "product below 2p: {x:?} {y:?}");
    assert_eq!(value::<C, N>(&prod), a * b, "product {x:?} {y:?}");
    let sq = f.square(x);
    assert!(lt(&sq, &C::P2), "square below 2p: {x:?}");
    assert_eq!(value::<C, N>(&sq), a.square(), "square {x:?}");
    let full = f.mul_reduced(x, y);
    assert!(lt(&full, &C::P));
    assert_eq!(from_limbs::<C, N>(full), a * b);
    assert_eq!(from_limbs::<C, N>(f.square_reduced(x)), a.square());
    // Wide product and one reduction.
    let w = f.mul_wide(x, y);
    let r = f.redc(&w);
    assert!(lt(&r, &C::P2));
    assert_eq!(value::<C, N>(&r), a * b, "wide product {x:?} {y:?}");
}

fn check_canonical_pair<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    x: &[u64; N],
    y: &[u64; N],
) {
    let (a, b) = (from_limbs::<C, N>(*x), from_limbs::<C, N>(*y));
    assert_eq!(from_limbs::<C, N>(f.add(x, y)), a + b);
    assert_eq!(from_limbs::<C, N>(f.sub(x, y)), a - b);
    assert_eq!(from_limbs::<C, N>(f.double(x)), a.double());
    let h = f.half(x);
    assert_eq!(value::<C, N>(&h).double(), a, "half {x:?}");
    assert_eq!(
        from_limbs::<C, N>(f.dot(&[*x, *y], &[*y, *x])),
        (a * b).double()
    );
    assert_eq!(from_limbs::<C, N>(f.dot(&[*x], &[*y])), a * b);
}

/// Dot products of every length 0..=MAX_DOT_TERMS with one reduction,
/// taking `pairs` random pairs in all, plus the largest inputs (p − 1).
fn check_dots<C: MontConfig<N>, B: Backend<N>, const N: usize>(
    f: Arith<C, B, N>,
    rng: &mut StdRng,
    pairs: usize,
) {
    let max = C::MAX_DOT_TERMS;
    assert!(max >= 2, "at least two terms per wide sum");
    let p_minus_1 = offset(&C::P, 1, true);
    let mut used = 0;
    let mut k = 0;
    let mut round = 0usize;
    while used < pairs {
        let (xs, ys): (Vec<[u64; N]>, Vec<[u64; N]>) = if round.is_multiple_of(97) {
            (vec![p_minus_1; k], vec![p_minus_1; k])
        } else {
            (
                (0..k).map(|_| below(rng, &C::P)).collect(),
                (0..k).map(|_| below(rng, &C::P)).collect(),
            )
        };
        let mut acc = Wide::ZERO;
        let mut expected = F::<C, N>::zero();
        for (x, y) in xs.iter().zip(&ys) {
            f.mac_wide(&mut acc, x, y);
            expected += from_limbs::<C, N>(*x) * from_limbs::<C, N>(*y);
        }
        let r = f.reduce_from(&f.redc(&acc), dot_bound::<C, N>(k));
        assert!(lt(&r, &C::P), "dot of {k} terms below p");
        assert_eq!(from_limbs::<C, N>(r), expected, "dot of {k} terms");
        used += k.max(1);
        k = (k + 1) % (max + 1);
        round += 1;
    }
}

/// `dot_lazy` of `K` terms (a const) against ark-ff: every term (p − 1)²,
/// every term (2^b − 1)² (all limb bits set), then random inputs below p;
/// unreduced result below `dot_bound(K)·p`.
fn check_dot_lazy<C: MontConfig<N>, B: Backend<N>, const N: usize, const K: usize>(
    f: Arith<C, B, N>,
    rng: &mut StdRng,
    rounds: usize,
) {
    if K > C::MAX_DOT_TERMS {
        return;
    }
    let p_minus_1 = offset(&C::P, 1, true);
    // 2^b − 1 for p's top bit b: every 29-bit limb but the top one all ones,
    // the largest column sums a backend on narrow limbs can meet.
    let top_bit = 64 * (N - 1) + (63 - C::P[N - 1].leading_zeros() as usize);
    let ones: [u64; N] = core::array::from_fn(|i| {
        if 64 * (i + 1) <= top_bit {
            u64::MAX
        } else if 64 * i < top_bit {
            (1u64 << (top_bit - 64 * i)) - 1
        } else {
            0
        }
    });
    for round in 0..rounds {
        let (xs, ys): ([[u64; N]; K], [[u64; N]; K]) = if round == 0 {
            ([p_minus_1; K], [p_minus_1; K])
        } else if round == 1 {
            ([ones; K], [ones; K])
        } else {
            (
                core::array::from_fn(|_| below(rng, &C::P)),
                core::array::from_fn(|_| below(rng, &C::P)),
            )
        };
        let r = f.dot_lazy(&xs, &ys);
        let bound = dot_bound::<C, N>(K);
        let expected = xs.iter().zip(&ys).fold(F::<C, N>::zero(), |acc, (x, y)| {
            acc + from_limbs::<C, N>(*x) * from_limbs::<C, N>(*y)
        });
        assert_eq!(
            from_limbs::<C, N>(f.reduce_from(&r, bound)),
            expected,
            "dot_lazy of {K} terms"
        );
        // Below bound·p: reduce_from then leaves it below p.
        assert!(
            lt(&f.reduce_from(&r, bound), &C::P),
            "dot_lazy of {K} terms below bound"
        );
    }
}

/// `dot` and `dot_extended` of `K` terms (a const) against ark-ff: every
/// term (p − 1)², then random inputs below p; results below p. Past
/// `MAX_DOT_TERMS` (2 on BLS12-381 `Fr`) `dot` sums on `2N + 1` words.
fn check_dot<C: MontConfig<N>, B: Backend<N>, const N: usize, const K: usize>(
    f: Arith<C, B, N>,
    rng: &mut StdRng,
    rounds: usize,
) {
    let p_minus_1 = offset(&C::P, 1, true);
    for round in 0..rounds {
        let (xs, ys): ([[u64; N]; K], [[u64; N]; K]) = if round == 0 {
            ([p_minus_1; K], [p_minus_1; K])
        } else {
            (
                core::array::from_fn(|_| below(rng, &C::P)),
                core::array::from_fn(|_| below(rng, &C::P)),
            )
        };
        let expected = xs.iter().zip(&ys).fold(F::<C, N>::zero(), |acc, (x, y)| {
            acc + from_limbs::<C, N>(*x) * from_limbs::<C, N>(*y)
        });
        for r in [f.dot(&xs, &ys), f.dot_extended(&xs, &ys)] {
            assert!(lt(&r, &C::P), "dot of {K} terms below p");
            assert_eq!(from_limbs::<C, N>(r), expected, "dot of {K} terms");
        }
    }
}

fn check_backend<C: MontConfig<N>, B: Backend<N>, const N: usize>(backend: B, seed: u64) {
    let f = Arith::<C, B, N>::new(backend);
    let mut rng = StdRng::seed_from_u64(seed);
    // Inputs of the products: below 2p on lazy fields, below p otherwise.
    let bound = if C::LAZY { C::P2 } else { C::P };
    let edge = edges::<C, N>(&bound);
    for x in &edge {
        for y in &edge {
            check_pair(f, x, y);
        }
    }
    let canonical = edges::<C, N>(&C::P);
    for x in &canonical {
        for y in &canonical {
            check_canonical_pair(f, x, y);
        }
    }
    for _ in 0..PAIRS {
        let (x, y) = (below(&mut rng, &bound), below(&mut rng, &bound));
        check_pair(f, &x, &y);
        let (x, y) = (below(&mut rng, &C::P), below(&mut rng, &C::P));
        check_canonical_pair(f, &x, &y);
    }
    check_dots(f, &mut rng, PAIRS);
    // Term counts: 1, 3 (circom t = 3), 4 and 7 (the first counts where the
    // narrow backend carries its columns through, on 6 and 4 limbs), 13
    // (past the second carry on 4 limbs: with all limb bits set, its
    // columns would overflow without the carries; so would 4 terms on 6
    // limbs). `dot` covers 2 terms.
    check_dot_lazy::<C, B, N, 1>(f, &mut rng, 2000);
    check_dot_lazy::<C, B, N, 3>(f, &mut rng, 2000);
    check_dot_lazy::<C, B, N, 4>(f, &mut rng, 2000);
    check_dot_lazy::<C, B, N, 7>(f, &mut rng, 2000);
    check_dot_lazy::<C, B, N, 13>(f, &mut rng, 1000);
    // `dot` with one reduction for the Hades widths (3, 5, 9, 12: Filecoin's
    // dense MDS rows) and the most terms any field here allows (15).
    check_dot::<C, B, N, 3>(f, &mut rng, 2000);
    check_dot::<C, B, N, 5>(f, &mut rng, 2000);
    check_dot::<C, B, N, 9>(f, &mut rng, 2000);
    check_dot::<C, B, N, 12>(f, &mut rng, 2000);
    check_dot::<C, B, N, 15>(f, &mut rng, 1000);
    // sum_reduced of 0..=40 values below 2p: random ones, and all 2p − 1
    // (the largest sum, every conditional subtraction taken).
    let two_p_minus_1 = offset(&C::P2, 1, true);
    for k in 0..=40usize {
        for round in 0..50 {
            let xs: Vec<[u64; N]> = if round == 0 {
                vec![two_p_minus_1; k]
            } else {
                (0..k).map(|_| below(&mut rng, &C::P2)).collect()
            };
            let r = f.sum_reduced(&xs);
            assert!(lt(&r, &C::P), "sum of {k} below p");
            let expected = xs
                .iter()
                .fold(F::<C, N>::zero(), |a, x| a + value::<C, N>(x));
            assert_eq!(from_limbs::<C, N>(r), expected, "sum of {k}");
        }
    }
    // reduce_from on values up to the bound its callers use.
    for b in 1..=8u32 {
        for _ in 0..1000 {
            let x = below(&mut rng, &C::P);
            // x + (b − 1)·p when it fits below R.
            let mut y = x;
            let mut fits = true;
            for _ in 1..b {
                let mut carry = 0u64;
                for (w, pw) in y.iter_mut().zip(C::P) {
                    let t = u128::from(*w) + u128::from(pw) + u128::from(carry);
                    *w = t as u64;
                    carry = (t >> 64) as u64;
                }
                fits &= carry == 0;
            }
            if fits {
                assert_eq!(f.reduce_from(&y, b), x, "reduce_from {b}");
            }
        }
    }
}

fn check_field<C: MontConfig<N>, const N: usize>(seed: u64) {
    // The constants this crate derives, against ark-ff's.
    let p = <F<C, N> as PrimeField>::MODULUS;
    assert_eq!(BigInt(C::P), p);
    assert_eq!(C::P[0].wrapping_mul(C::INV), u64::MAX);
    check_backend::<C, Portable, N>(Portable, seed);
    check_backend::<C, Narrow, N>(Narrow, seed + 2);
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    {
        use algebraic_hash_montgomery::Adx;
        if let Some(adx) = Adx::detect() {
            check_backend::<C, Adx, N>(adx, seed + 1);
        } else {
            eprintln!("no BMI2/ADX on this CPU: the ADX backend is not tested here");
        }
    }
}

#[test]
fn bn254_fr() {
    check_field::<ark_bn254::FrConfig, 4>(1);
}

#[test]
fn bn254_fq() {
    check_field::<ark_bn254::FqConfig, 4>(2);
}

#[test]
fn bls12_381_fq() {
    check_field::<ark_bls12_381::FqConfig, 6>(3);
}

#[test]
fn bls12_381_fr() {
    check_field::<ark_bls12_381::FrConfig, 4>(4);
}

#[test]
fn bls12_377_fq() {
    check_field::<ark_bls12_377::FqConfig, 6>(5);
}

#[test]
fn pallas_base() {
    check_field::<ark_pallas::FqConfig, 4>(6);
}

#[test]
fn vesta_base() {
    check_field::<ark_pallas::FrConfig, 4>(7);
}

#[test]
fn ed_on_bls12_377_base() {
    check_field::<ark_bls12_377::FrConfig, 4>(8);
}

/// Starknet's Stark252 prime, p = 2^251 + 17·2^192 + 1 (cairo-lang's
/// `DEFAULT_PRIME`), in a module of its own: the ark-ff derive emits
/// `cfg(feature = "asm")`, a feature this crate does not declare.
#[allow(unexpected_cfgs)]
mod stark {
    use ark_ff::MontConfig;

    #[derive(MontConfig)]
    #[modulus = "3618502788666131213697322783095070105623107215331596699973092056135872020481"]
    #[generator = "3"]
    pub struct Stark252Config;
}

/// The sparse modulus (low words 1, 0, 0): the ADX backend's sparse
/// product and square, against ark-ff, with inputs up to 2p.
#[test]
fn stark252() {
    check_field::<stark::Stark252Config, 4>(9);
}

/// `reduce_sparse` takes any four words to the integer below p ark-ff's
/// reduction gives: random words, then every edge value and the multiples
/// of p and of 2^251 (where the quotient estimate changes) around them.
#[test]
fn stark252_reduce_sparse() {
    type C = stark::Stark252Config;
    let f = Arith::<C, Portable, 4>::new(Portable);
    let expected = |x: &[u64; 4]| {
        let bytes: Vec<u8> = x.iter().flat_map(|w| w.to_le_bytes()).collect();
        F::<C, 4>::from_le_bytes_mod_order(&bytes).into_bigint().0
    };
    let mut inputs = edges::<C, 4>(&[u64::MAX; 4]);
    for k in 1..=31u64 {
        // k·p and k·2^251, and their neighbours, where they fit below R.
        let kp = (0..k).fold([0u64; 4], |acc, _| f.add_lazy(&acc, &C::P));
        let pow = [0, 0, 0, k << 59];
        for base in [kp, pow] {
            for j in 0..3 {
                inputs.push(offset(&base, j, false));
                inputs.push(offset(&base, j, true));
            }
        }
    }
    inputs.push([u64::MAX; 4]);
    let mut rng = StdRng::seed_from_u64(10);
    for _ in 0..PAIRS {
        inputs.push(below(&mut rng, &[u64::MAX; 4]));
    }
    for x in &inputs {
        let r = f.reduce_sparse(x);
        assert!(lt(&r, &C::P), "reduce_sparse below p: {x:?}");
        assert_eq!(r, expected(x), "reduce_sparse {x:?}");
    }
}

/// 4p < R except on the 255-bit fields, and circom's MDS (17 + 2 terms)
/// fits one wide sum on BN254 `Fr` (checked when the tests compile).
const _: () = {
    assert!(<ark_bn254::FrConfig as MontParams<4>>::LAZY);
    assert!(<ark_bls12_381::FqConfig as MontParams<6>>::LAZY);
    assert!(!<ark_bls12_381::FrConfig as MontParams<4>>::LAZY);
    assert!(!<ark_pallas::FqConfig as MontParams<4>>::LAZY);
    assert!(<ark_bn254::FrConfig as MontParams<4>>::MAX_DOT_TERMS >= 19);
    // Only the Stark252 prime has the sparse shape.
    assert!(<stark::Stark252Config as MontParams<4>>::SPARSE);
    assert!(<stark::Stark252Config as MontParams<4>>::LAZY);
    assert!(!<ark_bn254::FrConfig as MontParams<4>>::SPARSE);
    assert!(!<ark_bls12_381::FrConfig as MontParams<4>>::SPARSE);
    assert!(!<ark_bls12_377::FrConfig as MontParams<4>>::SPARSE);
    assert!(!<ark_bls12_377::FqConfig as MontParams<6>>::SPARSE);
    assert!(!<ark_pallas::FqConfig as MontParams<4>>::SPARSE);
};
