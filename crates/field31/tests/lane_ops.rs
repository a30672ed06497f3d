//! Each lane operation of every packed backend this CPU runs against the
//! scalar field, one operation at a time: every pair of edge words, then
//! random pairs (a quarter of them edge words), in batches of every size
//! 1..=33. The test also counts, with a plain model of the reductions,
//! that the inputs take every branch of them (a Montgomery difference
//! below zero and not, a Mersenne31 fold at or above p and not, a sum at
//! or above p and not, a difference that wraps and not).
//! `ALGEBRAIC_HASH_CASES_PERCENT` scales the random pairs (qemu runs).

use algebraic_hash_field31::{
    BabyBear, Backend, Field31, KoalaBear, LaneKernel, Lanes, Mersenne31, Reduction,
    apply_many_with,
};
use algebraic_hash_testkit::{Rng64, cases};

/// Cells 0 and 1 are the operands; the kernel writes every result.
const W: usize = 16;

/// One of each operation on the operands `x`, `y`; `c` is a round
/// constant for `add_pow`.
struct Ops<F> {
    c: F,
}

impl<F: Field31> LaneKernel<F, W> for Ops<F> {
    fn apply<L: Lanes<Scalar = F>>(&self, s: &mut [L; W]) {
        let (x, y) = (s[0], s[1]);
        s[2] = x + y;
        s[3] = x - y;
        s[4] = -x;
        s[5] = x * y;
        s[6] = x.square();
        s[7] = x.double();
        s[8] = x.add_pow(self.c, 3);
        s[9] = y.add_pow(self.c, 5);
        s[10] = x.add_pow(self.c, 7);
        s[11] = x.mul_2exp(3) + y.mul_2exp(5);
        s[12] = x.mul_2exp(30) - y.div_2exp(1);
        s[13] = x.div_2exp(7) + y.div_2exp(30);
        s[14] = x * L::splat(self.c);
        let mut t = y;
        t *= x;
        t -= x;
        t += y;
        s[15] = t;
    }
}

/// Cells 0 and 1 are the operands; the kernel writes, for every shift
/// `k` in 1..=30, `x · 2^k`, `x · 2^-k`, `y + x · 2^-k` and
/// `y − x · 2^-k` (the internal layer's diagonal steps, whose packed forms
/// differ with `k`).
struct Shifts;

const SHIFTS: usize = 30;
const SHIFT_CELLS: usize = 2 + 4 * SHIFTS;

impl<F: Field31> LaneKernel<F, SHIFT_CELLS> for Shifts {
    fn apply<L: Lanes<Scalar = F>>(&self, s: &mut [L; SHIFT_CELLS]) {
        let (x, y) = (s[0], s[1]);
        for k in 1..=SHIFTS as u32 {
            let at = 2 + 4 * (k as usize - 1);
            s[at] = x.mul_2exp(k);
            s[at + 1] = x.div_2exp(k);
            s[at + 2] = L::sum_plus_div_2exp(y, x, k, false);
            s[at + 3] = L::sum_plus_div_2exp(y, x, k, true);
        }
    }
}

/// Stored words at the edges: 0, 1, 2, around p/2, 2^30, p − 1, p − 2.
fn edge_words(p: u32) -> Vec<u64> {
    [
        0,
        1,
        2,
        p / 2,
        p / 2 + 1,
        (1 << 30) - 1,
        1 << 30,
        p - 2,
        p - 1,
    ]
    .map(u64::from)
    .to_vec()
}

/// Which branches of the reductions `(a, b)` (stored words) takes, as bits.
fn branches<F: Field31>(a: u32, b: u32) -> u8 {
    let p = F::MODULUS;
    let product = u64::from(a) * u64::from(b);
    let reduction_low = match F::REDUCTION {
        Reduction::Montgomery { mu, .. } => {
            let q = (product as u32).wrapping_mul(mu);
            product < u64::from(q) * u64::from(p)
        }
        Reduction::Mersenne => (product >> 31) + (product & u64::from(p)) < u64::from(p),
    };
    let sum_low = a + b < p;
    let diff_wraps = a < b;
    u8::from(reduction_low)
        | u8::from(!reduction_low) << 1
        | u8::from(sum_low) << 2
        | u8::from(!sum_low) << 3
        | u8::from(diff_wraps) << 4
        | u8::from(!diff_wraps) << 5
}

fn check<F: Field31>(seed: u64) {
    let p = F::MODULUS;
    let edges: &'static [u64] = Box::leak(edge_words(p).into_boxed_slice());
    let mut rng = Rng64::new(seed, u64::from(p), edges);
    let word = |w: u64| F::from_stored(w as u32).expect("word below p");
    let mut pairs: Vec<(u64, u64)> = Vec::new();
    for &a in edges {
        for &b in edges {
            pairs.push((a, b));
        }
    }
    pairs.extend((0..cases(50_000)).map(|_| (rng.element(), rng.element())));
    let taken = pairs
        .iter()
        .fold(0u8, |acc, &(a, b)| acc | branches::<F>(a as u32, b as u32));
    assert_eq!(taken, 0b11_1111, "{}: a reduction branch untested", F::NAME);

    let shift_states: Vec<[F; SHIFT_CELLS]> = pairs
        .iter()
        .map(|&(a, b)| {
            let mut s = [F::ZERO; SHIFT_CELLS];
            s[0] = word(a);
            s[1] = word(b);
            s
        })
        .collect();
    let mut want = shift_states.clone();
    for s in &mut want {
        Shifts.apply(s);
    }
    for backend in Backend::ALL.into_iter().filter(|b| b.available()) {
        let mut got = shift_states.clone();
        let mut start = 0;
        for size in (1..=33).cycle() {
            if start == got.len() {
                break;
            }
            let end = (start + size).min(got.len());
            assert!(apply_many_with(backend, &Shifts, &mut got[start..end]));
            start = end;
        }
        for (k, (g, w)) in got.iter().zip(&want).enumerate() {
            assert_eq!(
                g,
                w,
                "{} {backend:?} shifts, stored words {:?}",
                F::NAME,
                pairs[k]
            );
        }
    }

    for c in [F::ZERO, -F::ONE, F::from_u64_reduced(rng.u64())] {
        let ops = Ops { c };
        let states: Vec<[F; W]> = pairs
            .iter()
            .map(|&(a, b)| {
                let mut s = [F::ZERO; W];
                s[0] = word(a);
                s[1] = word(b);
                s
            })
            .collect();
        let mut want = states.clone();
        for s in &mut want {
            ops.apply(s);
        }
        for backend in Backend::ALL {
            if !backend.available() {
                eprintln!("{backend:?} does not run here: skipped");
                continue;
            }
            let mut got = states.clone();
            let mut start = 0;
            for size in (1..=33).cycle() {
                if start == got.len() {
                    break;
                }
                let end = (start + size).min(got.len());
                assert!(apply_many_with(backend, &ops, &mut got[start..end]));
                start = end;
            }
            for (k, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    g,
                    w,
                    "{} {backend:?}, c = {c}, stored words {:?}",
                    F::NAME,
                    pairs[k]
                );
            }
        }
    }
}

#[test]
fn lane_operations_match_scalar() {
    check::<BabyBear>(21);
    check::<KoalaBear>(22);
    check::<Mersenne31>(23);
}
