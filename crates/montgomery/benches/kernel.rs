//! The cost of one BN254 `Fr` Montgomery product on this machine: each
//! backend of this crate and ark-ff's own `*`, measured two ways in the same
//! run:
//!
//! - `latency`: one dependent chain (`x ← x·y`), the time of one product
//!   when nothing overlaps it (a partial round's S-box chain);
//! - `throughput/8`: eight independent chains stepped together, the time per
//!   product when the multiplier is the only limit (batched states).
//!
//! Each iteration runs 64 products per chain. Divide by 64 (latency) or
//! 512 (throughput) for the time of one product; the report in
//! `crates/montgomery/NOTES.md` turns it into cycles and compares it with
//! the 64-bit multiplies one product needs (16 + 16 + 4 for CIOS on four
//! limbs).

use std::hint::black_box;

use algebraic_hash_montgomery::{
    Arith, Backend, FieldOps, LaneKernel, Portable, dispatch_lanes, limbs,
};
use ark_bn254::{Fr, FrConfig};
use criterion::{Criterion, criterion_group, criterion_main};

const STEPS: usize = 64;

fn start() -> ([u64; 4], [u64; 4]) {
    (
        limbs(&Fr::from(0x1234_5678_9abc_def1u64)),
        limbs(&Fr::from(0x0fed_cba9_8765_4321u64)),
    )
}

fn ours<B: Backend<4>>(c: &mut Criterion, backend: B, name: &str) {
    let f = Arith::<FrConfig, B, 4>::new(backend);
    let (x0, y) = start();
    c.bench_function(&format!("fr_product/latency/{name}"), |b| {
        b.iter(|| {
            let mut x = black_box(x0);
            for _ in 0..STEPS {
                x = f.mul(&x, &y);
            }
            x
        })
    });
    c.bench_function(&format!("fr_product/throughput8/{name}"), |b| {
        b.iter(|| {
            let mut xs: [[u64; 4]; 8] = black_box([x0; 8]);
            for _ in 0..STEPS {
                for x in xs.iter_mut() {
                    *x = f.mul(x, &y);
                }
            }
            xs
        })
    });
}

fn ark(c: &mut Criterion) {
    let (x0, y) = (
        Fr::from(0x1234_5678_9abc_def1u64),
        Fr::from(0x0fed_cba9_8765_4321u64),
    );
    c.bench_function("fr_product/latency/ark-ff", |b| {
        b.iter(|| {
            let mut x = black_box(x0);
            for _ in 0..STEPS {
                x *= y;
            }
            x
        })
    });
    c.bench_function("fr_product/throughput8/ark-ff", |b| {
        b.iter(|| {
            let mut xs = black_box([x0; 8]);
            for _ in 0..STEPS {
                for x in xs.iter_mut() {
                    *x *= y;
                }
            }
            xs
        })
    });
}

/// `STEPS` lane products on `G` independent groups of eight lanes, inside
/// the lane dispatch (so the IFMA code runs with its target features).
struct LaneChain<const G: usize> {
    x0: [u64; 4],
    y: [u64; 4],
}

impl<const G: usize> LaneKernel<4> for LaneChain<G> {
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

/// The lane product: `latency8` is one chain of eight-lane products (per
/// iteration 64 · 8 lane products), `throughput32` four independent groups
/// (64 · 32). Skipped where the CPU has no lanes.
fn lanes(c: &mut Criterion) {
    if !algebraic_hash_montgomery::lanes_available() {
        eprintln!("no AVX-512 IFMA: lane benches skipped");
        return;
    }
    let (x0, y) = start();
    c.bench_function("fr_product/latency8/ifma-lanes", |b| {
        b.iter(|| {
            dispatch_lanes::<FrConfig, 4, _>(LaneChain::<1> {
                x0: black_box(x0),
                y,
            })
            .ok()
        })
    });
    c.bench_function("fr_product/throughput32/ifma-lanes", |b| {
        b.iter(|| {
            dispatch_lanes::<FrConfig, 4, _>(LaneChain::<4> {
                x0: black_box(x0),
                y,
            })
            .ok()
        })
    });
}

fn kernels(c: &mut Criterion) {
    lanes(c);
    ours(c, Portable, "portable");
    #[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar), not(miri)))]
    if let Some(adx) = algebraic_hash_montgomery::Adx::detect() {
        ours(c, adx, "mulx-adx");
    }
    ark(c);
}

criterion_group!(benches, kernels);
criterion_main!(benches);
