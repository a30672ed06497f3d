//! Every packed backend this CPU runs against the scalar code, through
//! `apply_many_with`, for every batch size 0..=33 (whole register groups,
//! a padded partial group, a single leftover state), at widths 5, 16 and
//! 24 (the x86-64 backends transpose whole groups in registers, in blocks
//! of a register's lanes: at width 5 one short block, at 24 on AVX-512 a
//! whole block and a short one).

use algebraic_hash_field31::{
    BabyBear, Backend, Field31, KoalaBear, LaneKernel, Lanes, Mersenne31, apply_lane_major,
    apply_many_with, lane_major_runs,
};
use algebraic_hash_testkit::Rng64;

/// A mix of every lane operation, with cross-cell dependencies, constants
/// and exponentiations (the shapes of a hash round).
struct Mix;

impl<F: Field31> LaneKernel<F, 5> for Mix {
    fn apply<L: Lanes<Scalar = F>>(&self, s: &mut [L; 5]) {
        let c = L::splat(F::from_u64_reduced(0x1234_5678_9abc));
        let m = L::splat(-F::ONE.double());
        for _ in 0..3 {
            let sum = s[0] + s[1] + s[2] + s[3] + s[4];
            s[0] = (s[0] + c).square() * s[0];
            s[1] = sum - s[1] * m;
            s[2] = -s[2] + s[3].double();
            let mut t = s[3];
            t *= s[4];
            t -= c;
            t += sum;
            s[3] = t;
            let mut u = s[4] * s[4];
            u = u * u * s[1];
            s[4] = u - s[0];
            // Every shift amount the Poseidon2 diagonals use and more.
            for k in [1, 2, 3, 4, 7, 8, 9, 12, 16, 22, 24, 27, 30] {
                s[k % 5] = s[k % 5].div_2exp(k as u32) + s[(k + 1) % 5].mul_2exp(k as u32);
            }
            // The S-box step with constants 0, p − 1 and another, every
            // exponent (the packed lanes compute it unreduced).
            for (k, constant) in [F::ZERO, -F::ONE, F::from_u64_reduced(0x1234_5678_9abc)]
                .into_iter()
                .enumerate()
            {
                for d in [3u64, 5, 7] {
                    let i = (k + d as usize) % 5;
                    s[i] = s[i].add_pow(constant, d);
                }
            }
        }
    }
}

/// Every cell mixed with its neighbour and its index, on states whose
/// width is a multiple of 8 (16, 24): AVX2 moves such groups by an
/// in-register transposition, which a wrong lane or cell would show here.
struct Wide;

impl<F: Field31, const W: usize> LaneKernel<F, W> for Wide {
    fn apply<L: Lanes<Scalar = F>>(&self, s: &mut [L; W]) {
        for i in 0..W {
            let next = s[(i + 1) % W];
            s[i] = s[i].square() + next.double() + L::splat(F::from_u64_reduced(i as u64));
        }
    }
}

fn check<F: Field31>(seed: u64) {
    check_kernel::<F, Mix, 5>(&Mix, seed);
    check_kernel::<F, Wide, 16>(&Wide, seed + 100);
    check_kernel::<F, Wide, 24>(&Wide, seed + 200);
}

fn check_kernel<F: Field31, K: LaneKernel<F, W>, const W: usize>(kernel: &K, seed: u64) {
    let p = u64::from(F::MODULUS);
    static EDGES: [u64; 1] = [0];
    let mut rng = Rng64::new(seed, p, &EDGES);
    let mut ran = 0;
    for backend in Backend::ALL {
        for n in 0..=33usize {
            let mut states: Vec<[F; W]> = (0..n)
                .map(|i| {
                    core::array::from_fn(|j| match (i + j) % 7 {
                        0 => F::from_canonical(F::MODULUS - 1).unwrap(),
                        1 => F::ZERO,
                        _ => F::from_u64_reduced(rng.element()),
                    })
                })
                .collect();
            let mut expected = states.clone();
            for state in &mut expected {
                kernel.apply(state);
            }
            if !apply_many_with(backend, kernel, &mut states) {
                eprintln!("{backend:?} does not run here: skipped");
                break;
            }
            assert_eq!(states, expected, "{} {backend:?} W = {W} n = {n}", F::NAME);
            ran += 1;
        }
    }
    assert!(ran >= 34);
}

/// `apply_lane_major` on `lanes` states held lane-major (row `i` cell `i`
/// of every state) against the scalar code on each state; whether it ran.
fn check_lane_major<F: Field31, K: LaneKernel<F, W>, const W: usize>(
    kernel: &K,
    lanes: usize,
    seed: u64,
) -> bool {
    let p = u64::from(F::MODULUS);
    static EDGES: [u64; 3] = [0, 1, 2];
    let mut rng = Rng64::new(seed, p, &EDGES);
    let mut ran = false;
    for round in 0..50 {
        let mut states: Vec<[F; W]> = (0..lanes)
            .map(|i| {
                core::array::from_fn(|j| match (i + j + round) % 5 {
                    0 => F::from_canonical(F::MODULUS - 1).unwrap(),
                    1 => F::ZERO,
                    _ => F::from_u64_reduced(rng.element()),
                })
            })
            .collect();
        let mut cells: Vec<F> = (0..W)
            .flat_map(|i| states.iter().map(move |s| s[i]))
            .collect();
        for state in &mut states {
            kernel.apply(state);
        }
        if !apply_lane_major(kernel, &mut cells) {
            return false;
        }
        ran = true;
        for (j, state) in states.iter().enumerate() {
            let lane: Vec<F> = (0..W).map(|i| cells[i * lanes + j]).collect();
            assert_eq!(lane, state, "{} W = {W} lanes = {lanes} state {j}", F::NAME);
        }
    }
    ran
}

fn check_lane_major_all<F: Field31>(seed: u64) {
    for lanes in [8, 16] {
        let backend = if lanes == 8 {
            Backend::Avx2
        } else {
            Backend::Avx512
        };
        let ran = [
            check_lane_major::<F, Mix, 5>(&Mix, lanes, seed),
            check_lane_major::<F, Wide, 16>(&Wide, lanes, seed + 1),
            check_lane_major::<F, Wide, 24>(&Wide, lanes, seed + 2),
        ];
        assert!(
            ran.iter().all(|&r| r == backend.available()),
            "{backend:?} available: {}, ran: {ran:?}",
            backend.available()
        );
        assert_eq!(lane_major_runs(lanes), backend.available());
    }
    // No backend has 4 (here), 5 or 12 lanes, and a length that is not
    // whole rows is refused: nothing done.
    let mut cells = vec![F::ONE; 5 * 12];
    assert!(!lane_major_runs(4) && !lane_major_runs(5) && !lane_major_runs(12));
    assert!(!apply_lane_major(&Mix, &mut cells));
    let mut cells = vec![F::ONE; 5 * 16 + 1];
    assert!(!apply_lane_major(&Mix, &mut cells));
    assert!(cells.iter().all(|&x| x == F::ONE));
}

#[test]
fn lane_major_states_match_scalar() {
    check_lane_major_all::<BabyBear>(31);
    check_lane_major_all::<KoalaBear>(32);
    check_lane_major_all::<Mersenne31>(33);
}

#[test]
fn backends_match_scalar() {
    check::<BabyBear>(11);
    check::<KoalaBear>(12);
    check::<Mersenne31>(13);
}

/// This machine kind has AVX-512 and AVX2: when the CPU lists them, the
/// backends must run (a detection bug would otherwise skip them silently).
/// Detection needs `std`.
#[cfg(all(
    target_arch = "x86_64",
    not(algebraic_hash_force_scalar),
    feature = "std"
))]
#[test]
fn detected_backends_run() {
    if std::is_x86_feature_detected!("avx2") {
        assert!(Backend::Avx2.available());
    }
    if std::is_x86_feature_detected!("avx512f") {
        assert!(Backend::Avx512.available());
        assert_eq!(algebraic_hash_field31::backend(), Backend::Avx512);
    }
}

/// With the `neon-lanes` feature on aarch64 the NEON lanes are the
/// backend (NEON is part of the target; no run-time check).
#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    feature = "neon-lanes",
    not(algebraic_hash_force_scalar)
))]
#[test]
fn neon_lanes_run() {
    assert!(Backend::Neon.available());
    assert_eq!(algebraic_hash_field31::backend(), Backend::Neon);
}
