//! The `vpmuludq` measurement kernel (eight BN254 products on 29-bit limbs,
//! `lanes_mul32`) equals ark-ff 0.6's product, lane by lane: on its portable
//! model, and on AVX-512F where the CPU has it. 100 000 random pairs below
//! 2p (the whole lazy input range) and every pair of edge values (0, 1, 2,
//! p − 1, p − 2, (p ± 1)/2, limb patterns at the 2^64k boundaries, p,
//! p + 1, 2p − 2, 2p − 1); each result must be below 2p and equal
//! `x·y·R⁻¹` as ark-ff computes it from the values the inputs stand for.

mod common;

use algebraic_hash_montgomery::MontParams;
use algebraic_hash_montgomery::lanes_mul32::{
    self, Mul32, Mul32Kernel, dispatch_avx512f, run_model,
};
use ark_bn254::FrConfig;
use common::{below, edges, lt, value};
use rand::SeedableRng;
use rand::rngs::StdRng;

const PAIRS: usize = 100_000;

/// Eight products, lane by lane.
struct Products<'a> {
    x: &'a [[u64; 4]; 8],
    y: &'a [[u64; 4]; 8],
}

impl Mul32Kernel for Products<'_> {
    type Output = [[u64; 4]; 8];
    fn run<V: Mul32>(self) -> [[u64; 4]; 8] {
        let a = lanes_mul32::load::<V>(|k| self.x[k]);
        let b = lanes_mul32::load::<V>(|k| self.y[k]);
        lanes_mul32::store(&lanes_mul32::mul::<FrConfig, V>(&a, &b))
    }
}

fn check(x: &[[u64; 4]; 8], y: &[[u64; 4]; 8], hardware: bool) {
    let kernel = Products { x, y };
    let out = if hardware {
        dispatch_avx512f(kernel)
            .ok()
            .expect("AVX-512F detected but the kernel was refused")
    } else {
        run_model(kernel)
    };
    for k in 0..8 {
        assert!(lt(&out[k], &FrConfig::P2), "lane {k}: result not below 2p");
        // Limbs X, Y stand for x, y with X ≡ x·R, Y ≡ y·R; ark-ff's x·y has
        // the limbs X·Y·R⁻¹ mod p, which the kernel must give up to p.
        let expected = value::<FrConfig, 4>(&x[k]) * value::<FrConfig, 4>(&y[k]);
        let got = value::<FrConfig, 4>(&out[k]);
        assert_eq!(got, expected, "lane {k}: {:?} · {:?}", x[k], y[k]);
    }
}

fn backends() -> Vec<bool> {
    let mut v = vec![false];
    if std::is_x86_feature_detected!("avx512f") {
        v.push(true);
    } else {
        eprintln!("no AVX-512F on this CPU: only the portable model is tested");
    }
    v
}

#[test]
fn bn254_fr_products_equal_ark_ff() {
    let bound = FrConfig::P2;
    let edge = edges::<FrConfig, 4>(&bound);
    assert!(edge.contains(&[0; 4]) && edge.contains(&[1, 0, 0, 0]));
    let pairs: Vec<_> = edge
        .iter()
        .flat_map(|x| edge.iter().map(move |y| (*x, *y)))
        .collect();
    for hardware in backends() {
        for chunk in pairs.chunks(8) {
            let x = core::array::from_fn(|k| chunk[k % chunk.len()].0);
            let y = core::array::from_fn(|k| chunk[k % chunk.len()].1);
            check(&x, &y, hardware);
        }
        let mut rng = StdRng::seed_from_u64(29);
        for _ in 0..PAIRS / 8 {
            let x = core::array::from_fn(|_| below(&mut rng, &bound));
            let y = core::array::from_fn(|_| below(&mut rng, &bound));
            check(&x, &y, hardware);
        }
    }
}
