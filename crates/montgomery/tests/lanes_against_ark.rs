//! The lane arithmetic (eight elements in 52-bit limbs) equals ark-ff 0.6's
//! own, lane by lane: on its portable model on every CPU, and on AVX-512
//! IFMA where the CPU has it (required when `ALGEBRAIC_HASH_REQUIRE_IFMA`
//! is set, as CI sets it where `/proc/cpuinfo` lists `avx512ifma`).
//!
//! Every operation of [`FieldOps`] is checked with the bounds of the crate
//! documentation: 100 000 random pairs per field and backend (inputs over
//! the whole lazy range), every pair of edge values, dot products of 1, 3,
//! 4, 7 and 13 terms (random, and all terms p − 1), sums of
//! 0..=17 values below 2p.

mod common;

use algebraic_hash_montgomery::{
    FieldOps, LaneField, LaneKernel, MontConfig, MontParams, dot_bound, from_limbs, lanes_available,
};
use ark_ff::{AdditiveGroup, Field, Zero};
use common::{F, below, edges, lt, offset, value};
use rand::SeedableRng;
use rand::rngs::StdRng;

const PAIRS: usize = 100_000;
const LANES: usize = 8;
/// Most terms of a dot product checked, and most values of a sum.
const DOT: usize = 13;
const SUM: usize = 17;

/// Inputs of one run: eight lanes of each.
#[derive(Clone)]
struct Inputs<const N: usize> {
    /// Product inputs: below 2p on lazy fields, below p otherwise.
    x: [[u64; N]; LANES],
    y: [[u64; N]; LANES],
    /// Canonical (below p).
    cx: [[u64; N]; LANES],
    cy: [[u64; N]; LANES],
    /// Below 2p (for `reduce` and `sum_reduced`).
    w: [[[u64; N]; LANES]; SUM],
    /// Below p (dot products).
    d: [[[u64; N]; LANES]; 2 * DOT],
}

/// Outputs of one run, per operation and lane.
#[derive(Default)]
struct Outputs<const N: usize> {
    mul: Vec<[u64; N]>,
    square: Vec<[u64; N]>,
    mul_reduced: Vec<[u64; N]>,
    add: Vec<[u64; N]>,
    sub: Vec<[u64; N]>,
    double: Vec<[u64; N]>,
    half: Vec<[u64; N]>,
    reduce: Vec<[u64; N]>,
    reduce_2p: Vec<[u64; N]>,
    add_lazy: Vec<[u64; N]>,
    constant: Vec<[u64; N]>,
    /// `dot_lazy` of 1, 3, 4, 7, 13 terms.
    dots: [Vec<[u64; N]>; 5],
    /// `sum_reduced` of 0..=SUM values.
    sums: Vec<Vec<[u64; N]>>,
}

struct Run<'a, const N: usize> {
    inputs: &'a Inputs<N>,
    out: &'a mut Outputs<N>,
}

fn store_vec<A: FieldOps<N>, const N: usize>(f: A, x: &A::Elem) -> Vec<[u64; N]> {
    let mut v = vec![[0u64; N]; A::LANES];
    f.store(x, |k, l| v[k] = l);
    v
}

fn dot<A: FieldOps<N>, const N: usize, const K: usize>(
    f: A,
    d: &[[[u64; N]; LANES]; 2 * DOT],
) -> Vec<[u64; N]> {
    let a: [A::Elem; K] = core::array::from_fn(|i| f.load(|k| d[i][k]));
    let b: [A::Elem; K] = core::array::from_fn(|i| f.load(|k| d[DOT + i][k]));
    store_vec(f, &f.dot_lazy(&a, &b))
}

impl<const N: usize> LaneKernel<N> for Run<'_, N> {
    type Output = ();
    fn run<A: FieldOps<N>>(self, f: A) {
        assert_eq!(A::LANES, LANES);
        let i = self.inputs;
        let o = self.out;
        let x = f.load(|k| i.x[k]);
        let y = f.load(|k| i.y[k]);
        let cx = f.load(|k| i.cx[k]);
        let cy = f.load(|k| i.cy[k]);
        let w0 = f.load(|k| i.w[0][k]);
        o.mul = store_vec(f, &f.mul(&x, &y));
        o.square = store_vec(f, &f.square(&x));
        o.mul_reduced = store_vec(f, &f.mul_reduced(&x, &y));
        o.add = store_vec(f, &f.add(&cx, &cy));
        o.sub = store_vec(f, &f.sub(&cx, &cy));
        o.double = store_vec(f, &f.double(&cx));
        o.half = store_vec(f, &f.half(&x));
        o.reduce = store_vec(f, &f.reduce(&w0));
        o.add_lazy = store_vec(f, &f.add_lazy(&cx, &cy));
        o.reduce_2p = store_vec(f, &f.reduce_2p(&f.add_lazy(&w0, &w0)));
        o.constant = store_vec(f, &f.constant(&i.cx[0]));
        o.dots = [
            dot::<A, N, 1>(f, &i.d),
            dot::<A, N, 3>(f, &i.d),
            dot::<A, N, 4>(f, &i.d),
            dot::<A, N, 7>(f, &i.d),
            dot::<A, N, DOT>(f, &i.d),
        ];
        let ws: Vec<A::Elem> = i.w.iter().map(|w| f.load(|k| w[k])).collect();
        o.sums = (0..=SUM)
            .map(|n| store_vec(f, &f.sum_reduced(&ws[..n])))
            .collect();
    }
}

/// Checks every output lane against ark-ff.
fn check<C: MontConfig<N>, const N: usize>(inputs: &Inputs<N>, o: &Outputs<N>) {
    let lazy = C::LAZY;
    for k in 0..LANES {
        let (x, y) = (&inputs.x[k], &inputs.y[k]);
        let (a, b) = (value::<C, N>(x), value::<C, N>(y));
        let ctx = || format!("lane {k}: x {x:?} y {y:?}");
        for (r, want, what) in [
            (&o.mul[k], a * b, "mul"),
            (&o.square[k], a.square(), "square"),
        ] {
            assert!(lt(r, &C::P2), "{what} below 2p, {}", ctx());
            assert_eq!(value::<C, N>(r), want, "{what}, {}", ctx());
        }
        assert!(lt(&o.mul_reduced[k], &C::P));
        assert_eq!(from_limbs::<C, N>(o.mul_reduced[k]), a * b);
        // half: of a value below 2p (lazy) or p, below (x + p)/2 + 1.
        assert!(lt(&o.half[k], &C::P2));
        assert_eq!(value::<C, N>(&o.half[k]).double(), a, "half, {}", ctx());
        let (cx, cy) = (&inputs.cx[k], &inputs.cy[k]);
        let (ca, cb) = (from_limbs::<C, N>(*cx), from_limbs::<C, N>(*cy));
        for (r, want, what) in [
            (&o.add[k], ca + cb, "add"),
            (&o.sub[k], ca - cb, "sub"),
            (&o.double[k], ca.double(), "double"),
        ] {
            assert!(lt(r, &C::P), "{what} below p: {cx:?} {cy:?}");
            assert_eq!(from_limbs::<C, N>(*r), want, "{what}: {cx:?} {cy:?}");
        }
        assert_eq!(o.constant[k], inputs.cx[0]);
        let w0 = &inputs.w[0][k];
        assert_eq!(o.reduce[k], common::reduce::<C, N>(w0), "reduce {w0:?}");
        // add_lazy: the plain sum (below 2p < R).
        assert!(lt(&o.add_lazy[k], &C::P2));
        assert_eq!(value::<C, N>(&o.add_lazy[k]), ca + cb);
        if lazy {
            // 2·w0 below 4p, reduced below 2p.
            assert!(lt(&o.reduce_2p[k], &C::P2), "reduce_2p {w0:?}");
            assert_eq!(value::<C, N>(&o.reduce_2p[k]), value::<C, N>(w0).double());
        }
        for (slot, terms) in [1usize, 3, 4, 7, DOT].into_iter().enumerate() {
            if terms > C::MAX_DOT_TERMS {
                continue;
            }
            let want = (0..terms).fold(F::<C, N>::zero(), |acc, t| {
                acc + from_limbs::<C, N>(inputs.d[t][k]) * from_limbs::<C, N>(inputs.d[DOT + t][k])
            });
            let r = &o.dots[slot][k];
            let bound = dot_bound::<C, N>(terms);
            let reduced = common::reduce_from::<C, N>(r, bound);
            assert!(lt(&reduced, &C::P), "dot of {terms} below its bound");
            assert_eq!(from_limbs::<C, N>(reduced), want, "dot of {terms}");
        }
        for (n, sums) in o.sums.iter().enumerate() {
            let want = (0..n).fold(F::<C, N>::zero(), |acc, t| {
                acc + value::<C, N>(&inputs.w[t][k])
            });
            assert!(lt(&sums[k], &C::P), "sum of {n} below p");
            assert_eq!(from_limbs::<C, N>(sums[k]), want, "sum of {n}");
        }
    }
}

fn run<C: LaneField<N>, const N: usize>(inputs: &Inputs<N>, hardware: bool) {
    let mut out = Outputs::default();
    let kernel = Run {
        inputs,
        out: &mut out,
    };
    if hardware {
        assert!(
            algebraic_hash_montgomery::dispatch_lanes::<C, N, _>(kernel).is_ok(),
            "lanes_available() but dispatch_lanes refused"
        );
    } else {
        C::run_model(kernel);
    }
    check::<C, N>(inputs, &out);
}

/// Whether this run must test the IFMA lanes (CI sets the variable where
/// the CPU lists them) or may skip them.
fn hardware_lanes() -> bool {
    let required = std::env::var_os("ALGEBRAIC_HASH_REQUIRE_IFMA").is_some_and(|v| v == "1");
    if lanes_available() {
        return true;
    }
    assert!(
        !required,
        "ALGEBRAIC_HASH_REQUIRE_IFMA=1 but no IFMA lanes detected"
    );
    eprintln!("no AVX-512 IFMA on this CPU: only the portable model of the lanes is tested");
    false
}

fn lanes<T: Copy>(f: impl FnMut(usize) -> T) -> [T; LANES] {
    core::array::from_fn(f)
}

fn check_field<C: LaneField<N>, const N: usize>(seed: u64) {
    let mut backends = vec![false];
    if hardware_lanes() {
        backends.push(true);
    }
    let bound = if C::LAZY { C::P2 } else { C::P };
    let p_minus_1 = offset(&C::P, 1, true);
    for hardware in backends {
        let mut rng = StdRng::seed_from_u64(seed);
        let random = |rng: &mut StdRng| Inputs::<N> {
            x: lanes(|_| below(rng, &bound)),
            y: lanes(|_| below(rng, &bound)),
            cx: lanes(|_| below(rng, &C::P)),
            cy: lanes(|_| below(rng, &C::P)),
            w: core::array::from_fn(|_| lanes(|_| below(rng, &C::P2))),
            d: core::array::from_fn(|_| lanes(|_| below(rng, &C::P))),
        };
        // Edge values: every pair, eight pairs per run.
        let edge = edges::<C, N>(&bound);
        let canonical = edges::<C, N>(&C::P);
        let pairs: Vec<_> = edge
            .iter()
            .flat_map(|x| edge.iter().map(move |y| (*x, *y)))
            .collect();
        let cpairs: Vec<_> = canonical
            .iter()
            .flat_map(|x| canonical.iter().map(move |y| (*x, *y)))
            .collect();
        let runs = pairs.len().max(cpairs.len()).div_ceil(LANES);
        for r in 0..runs {
            let mut inputs = random(&mut rng);
            for k in 0..LANES {
                let (x, y) = pairs[(r * LANES + k) % pairs.len()];
                let (cx, cy) = cpairs[(r * LANES + k) % cpairs.len()];
                (inputs.x[k], inputs.y[k], inputs.cx[k], inputs.cy[k]) = (x, y, cx, cy);
            }
            run::<C, N>(&inputs, hardware);
        }
        // The largest dot products and sums.
        let mut inputs = random(&mut rng);
        inputs.d = [[p_minus_1; LANES]; 2 * DOT];
        inputs.w = [[offset(&C::P2, 1, true); LANES]; SUM];
        run::<C, N>(&inputs, hardware);
        for _ in 0..PAIRS / LANES {
            run::<C, N>(&random(&mut rng), hardware);
        }
    }
}

#[test]
fn bn254_fr() {
    check_field::<ark_bn254::FrConfig, 4>(11);
}

#[test]
fn bn254_fq() {
    check_field::<ark_bn254::FqConfig, 4>(12);
}

#[test]
fn bls12_381_fq() {
    check_field::<ark_bls12_381::FqConfig, 6>(13);
}

#[test]
fn bls12_381_fr() {
    check_field::<ark_bls12_381::FrConfig, 4>(14);
}

#[test]
fn bls12_377_fq() {
    check_field::<ark_bls12_377::FqConfig, 6>(15);
}

#[test]
fn pallas_base() {
    check_field::<ark_pallas::FqConfig, 4>(16);
}

#[test]
fn vesta_base() {
    check_field::<ark_pallas::FrConfig, 4>(17);
}

#[test]
fn ed_on_bls12_377_base() {
    check_field::<ark_bls12_377::FrConfig, 4>(18);
}
