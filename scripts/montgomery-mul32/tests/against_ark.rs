//! The `vpmuludq` kernel equals ark-ff 0.6's BN254 `Fr` product, lane by
//! lane, on its portable model and on AVX-512F where the CPU has it: 100 000
//! random pairs below 2p (the whole lazy input range of the core) and every
//! pair of edge values (0, 1, 2, p − 2, p − 1, p, p + 1, (p ± 1)/2, 2p − 2,
//! 2p − 1 — the largest lazy value —, and limb patterns at every 2^64k
//! boundary). Each result must be below 2p and stand for ark-ff's `x·y`.

use algebraic_hash_montgomery::{MontParams, from_limbs, sub_if_ge};
use ark_bn254::{Fr, FrConfig};
use montgomery_mul32::{Kernel, Lanes, dispatch_avx512f, load, mul, run_model, store};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const PAIRS: usize = 100_000;

fn lt(a: &[u64; 4], b: &[u64; 4]) -> bool {
    a.iter().rev().cmp(b.iter().rev()).is_lt()
}

/// `x + d` (wrapping at 2^256; `d` may be negative).
fn offset(x: &[u64; 4], d: i64) -> [u64; 4] {
    let mut out = [0u64; 4];
    let mut carry = d as i128;
    for i in 0..4 {
        let v = x[i] as i128 + carry;
        out[i] = v as u64;
        carry = v >> 64;
    }
    out
}

/// The element limbs below 2p stand for (limbs `X` are `x·R mod p`, up to p).
fn value(x: &[u64; 4]) -> Fr {
    assert!(lt(x, &FrConfig::P2), "value below 2p");
    from_limbs::<FrConfig, 4>(sub_if_ge(x, &FrConfig::P))
}

fn edges() -> Vec<[u64; 4]> {
    let p = FrConfig::P;
    let p2 = FrConfig::P2;
    let half = [
        (p[0] >> 1) | (p[1] << 63),
        (p[1] >> 1) | (p[2] << 63),
        (p[2] >> 1) | (p[3] << 63),
        p[3] >> 1,
    ];
    let mut out = vec![
        [0; 4],
        [1, 0, 0, 0],
        [2, 0, 0, 0],
        offset(&p, -2),
        offset(&p, -1),
        p,
        offset(&p, 1),
        half,
        offset(&half, 1),
        offset(&p2, -2),
        offset(&p2, -1),
    ];
    for k in 0..4 {
        let mut ones = [0u64; 4];
        ones[..=k].fill(u64::MAX);
        let mut top_bit = [0u64; 4];
        top_bit[k] = 1 << 63;
        let mut pow = [0u64; 4];
        pow[k] = 1;
        let mut below_pow = [0u64; 4];
        below_pow[..k].fill(u64::MAX);
        out.extend([ones, top_bit, pow, below_pow]);
    }
    out.retain(|x| lt(x, &p2));
    out
}

/// Eight products, lane by lane.
struct Products<'a> {
    x: &'a [[u64; 4]; 8],
    y: &'a [[u64; 4]; 8],
}

impl Kernel for Products<'_> {
    type Output = [[u64; 4]; 8];
    fn run<V: Lanes>(self) -> [[u64; 4]; 8] {
        let a = load::<V>(|k| self.x[k]);
        let b = load::<V>(|k| self.y[k]);
        store(&mul::<FrConfig, V>(&a, &b))
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
        assert_eq!(
            value(&out[k]),
            value(&x[k]) * value(&y[k]),
            "lane {k}: {:?} · {:?}",
            x[k],
            y[k]
        );
    }
}

fn backends() -> Vec<bool> {
    let mut v = vec![false];
    #[cfg(target_arch = "x86_64")]
    let avx512f = std::is_x86_feature_detected!("avx512f");
    #[cfg(not(target_arch = "x86_64"))]
    let avx512f = false;
    if avx512f {
        v.push(true);
    } else {
        eprintln!("no AVX-512F on this CPU: only the portable model is tested");
    }
    v
}

fn below_2p(rng: &mut StdRng) -> [u64; 4] {
    loop {
        let x: [u64; 4] = rng.random();
        let x = [x[0], x[1], x[2], x[3] >> 1];
        if lt(&x, &FrConfig::P2) {
            return x;
        }
    }
}

#[test]
fn bn254_fr_products_equal_ark_ff() {
    let edge = edges();
    assert!(edge.contains(&offset(&FrConfig::P2, -1)) && edge.contains(&[0; 4]));
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
            let x = core::array::from_fn(|_| below_2p(&mut rng));
            let y = core::array::from_fn(|_| below_2p(&mut rng));
            check(&x, &y, hardware);
        }
    }
}
