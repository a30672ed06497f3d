//! Issue 28's AVX-512F-only question, measured: the BN254 `Fr` product on
//! eight lanes with `vpmuludq` on 29-bit limbs (this package's kernel,
//! compiled with AVX-512F alone) against the scalar MULX/ADX product and the IFMA lane
//! product, in interleaved rounds in one process (load-robust on a shared
//! machine). Each kernel runs `G` independent chains of 64 dependent
//! products (`x ← x·y`): a scalar chain is one element, a lane chain eight.
//! Prints the median time per element product of each and the median
//! per-round ratios.
//!
//! `cargo bench --bench compare` in `scripts/montgomery-mul32`
//! (`MUL32_ROUNDS` rounds, default 300; `--quick` or `--test` runs 3).

use std::hint::black_box;
use std::time::Instant;

use algebraic_hash_montgomery::{
    Adx, Arith, FieldOps, LaneKernel, dispatch_lanes, lanes_available, limbs,
};
use ark_bn254::{Fr, FrConfig};
use montgomery_mul32::{Elem, Kernel, Lanes, dispatch_avx512f};

const STEPS: usize = 64;

fn start() -> ([u64; 4], [u64; 4]) {
    (
        limbs(&Fr::from(0x1234_5678_9abc_def1u64)),
        limbs(&Fr::from(0x0fed_cba9_8765_4321u64)),
    )
}

/// `G` chains of eight-lane `vpmuludq` products.
struct Mul32Chains<const G: usize> {
    x0: [u64; 4],
    y: [u64; 4],
}

impl<const G: usize> Kernel for Mul32Chains<G> {
    type Output = [u64; 4];
    #[inline(always)]
    fn run<V: Lanes>(self) -> [u64; 4] {
        let y = montgomery_mul32::constant::<V>(&self.y);
        let mut xs: [Elem<V>; G] = core::array::from_fn(|g| {
            montgomery_mul32::load::<V>(|k| if k == g { self.y } else { self.x0 })
        });
        for _ in 0..STEPS {
            for x in xs.iter_mut() {
                *x = montgomery_mul32::mul::<FrConfig, V>(x, &y);
            }
        }
        let mut out = [0u64; 4];
        for x in &xs {
            for (k, l) in montgomery_mul32::store(x).iter().enumerate() {
                out[k % 4] ^= l[k % 4];
            }
        }
        out
    }
}

/// `G` chains of eight-lane IFMA products (the core's `LaneArith`).
struct IfmaChains<const G: usize> {
    x0: [u64; 4],
    y: [u64; 4],
}

impl<const G: usize> LaneKernel<4> for IfmaChains<G> {
    type Output = [u64; 4];
    #[inline(always)]
    fn run<A: FieldOps<4>>(self, f: A) -> [u64; 4] {
        let y = f.constant(&self.y);
        let mut xs: [A::Elem; G] =
            core::array::from_fn(|g| f.load(|k| if k == g { self.y } else { self.x0 }));
        for _ in 0..STEPS {
            for x in xs.iter_mut() {
                *x = f.mul(x, &y);
            }
        }
        let mut out = [0u64; 4];
        for x in &xs {
            f.store(x, |k, l| out[k % 4] ^= l[k % 4]);
        }
        out
    }
}

/// `G` scalar chains.
fn adx_chains<const G: usize>(f: Arith<FrConfig, Adx, 4>, x0: [u64; 4], y: [u64; 4]) -> [u64; 4] {
    let mut xs = [x0; G];
    for (g, x) in xs.iter_mut().enumerate() {
        x[0] ^= g as u64;
    }
    for _ in 0..STEPS {
        for x in xs.iter_mut() {
            *x = f.mul(x, &y);
        }
    }
    xs.iter()
        .fold([0; 4], |a, x| core::array::from_fn(|i| a[i] ^ x[i]))
}

/// Nanoseconds per element product of one call of `f`, which does
/// `products` element products.
fn time(products: usize, f: impl FnOnce() -> [u64; 4]) -> f64 {
    let t = Instant::now();
    black_box(f());
    t.elapsed().as_nanos() as f64 / products as f64
}

/// One timed call of a kernel: ns per element product.
type Timed = Box<dyn Fn() -> f64>;

/// `G` groups of IFMA lane chains (`8·G·STEPS` element products).
fn ifma_row<const G: usize>(x0: [u64; 4], y: [u64; 4]) -> Timed {
    Box::new(move || {
        time(8 * G * STEPS, || {
            let k = IfmaChains::<G> {
                x0: black_box(x0),
                y: black_box(y),
            };
            dispatch_lanes::<FrConfig, 4, _>(k).ok().unwrap()
        })
    })
}

/// `G` groups of `vpmuludq` lane chains (`8·G·STEPS` element products).
fn mul32_row<const G: usize>(x0: [u64; 4], y: [u64; 4]) -> Timed {
    Box::new(move || {
        time(8 * G * STEPS, || {
            let k = Mul32Chains::<G> {
                x0: black_box(x0),
                y: black_box(y),
            };
            dispatch_avx512f(k).ok().unwrap()
        })
    })
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let quick = std::env::args().any(|a| a == "--quick" || a == "--test");
    let rounds = if quick {
        3
    } else {
        std::env::var("MUL32_ROUNDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(300)
    };
    let Some(adx) = Adx::detect() else {
        eprintln!("no BMI2/ADX: nothing to compare against");
        return;
    };
    if !std::is_x86_feature_detected!("avx512f") {
        eprintln!("no AVX-512F: nothing to measure");
        return;
    }
    let f = Arith::<FrConfig, Adx, 4>::new(adx);
    let (x0, y) = start();
    let adx_row = move || -> Timed {
        Box::new(move || {
            time(8 * STEPS, || {
                adx_chains::<8>(f, black_box(x0), black_box(y))
            })
        })
    };
    // Kernels: name and one timed call returning ns per element product.
    let mut kernels: Vec<(&str, Timed)> = vec![("mulx-adx, 8 chains", adx_row())];
    if lanes_available() {
        kernels.push(("ifma lanes, 2 groups", ifma_row::<2>(x0, y)));
        kernels.push(("ifma lanes, 4 groups", ifma_row::<4>(x0, y)));
    } else {
        eprintln!("no AVX-512 IFMA: the IFMA rows are skipped");
    }
    kernels.push(("vpmuludq lanes, 1 group", mul32_row::<1>(x0, y)));
    kernels.push(("vpmuludq lanes, 2 groups", mul32_row::<2>(x0, y)));
    kernels.push(("vpmuludq lanes, 4 groups", mul32_row::<4>(x0, y)));
    // The scalar product again, last: an order effect would show here.
    kernels.push(("mulx-adx again, 8 chains", adx_row()));
    let mut times = vec![Vec::new(); kernels.len()];
    // Ratios of each kernel to the scalar one, per round.
    let mut ratios = vec![Vec::new(); kernels.len()];
    for _ in 0..rounds {
        // Each kernel twice, the second timed: the first call after other
        // code may run before the vector unit is at full speed.
        let round: Vec<f64> = kernels
            .iter()
            .map(|(_, k)| {
                k();
                k()
            })
            .collect();
        for (i, t) in round.iter().enumerate() {
            times[i].push(*t);
            ratios[i].push(t / round[0]);
        }
    }
    println!("BN254 Fr product, ns per element product (median of {rounds} rounds)");
    for (i, (name, _)) in kernels.iter().enumerate() {
        println!(
            "{name:28} {:>7.2} ns   / mulx-adx {:.3}",
            median(&mut times[i]),
            median(&mut ratios[i])
        );
    }
}
