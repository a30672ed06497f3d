//! The moves between lanes of `Row` (the one-state registers of
//! `apply_one`) against their definitions on arrays, and its per-lane
//! S-box against the scalar field, on random and edge values.

use algebraic_hash_field31::{
    BabyBear, Field31, KoalaBear, Mersenne31, Row, RowKernel, apply_one, small_power,
};
use algebraic_hash_testkit::{Rng64, cases};

/// Which `Row` operation a kernel applies to each register of a state.
#[derive(Clone, Copy, Debug)]
enum Op {
    NextInFour,
    OppositeInFour,
    SwapInPairs,
    OddOfPairs,
    /// The odd lanes of the register of the next cells (wrapping).
    WithOddLanesOfNext,
    SumOfFours,
    BroadcastFirst,
    /// Lane 0 of the register of the next cells (wrapping), the others kept.
    WithFirstOfNext,
    /// `(x_i + c_i)^d` with `c_i` the state's cells reversed.
    AddPowEach(u64),
}

struct Apply(Op);

impl<F: Field31, const W: usize> RowKernel<F, W> for Apply {
    fn apply<R: Row<Scalar = F>>(&self, state: &mut [F; W]) {
        let n = R::COUNT;
        let rows: Vec<R> = (0..W / n).map(|i| R::load(&state[i * n..])).collect();
        let mut reversed = *state;
        reversed.reverse();
        for (i, &x) in rows.iter().enumerate() {
            let y = match self.0 {
                Op::NextInFour => x.next_in_four(),
                Op::OppositeInFour => x.opposite_in_four(),
                Op::SwapInPairs => x.swap_in_pairs(),
                Op::OddOfPairs => x.odd_of_pairs(),
                Op::WithOddLanesOfNext => x.with_odd_lanes(rows[(i + 1) % rows.len()]),
                Op::SumOfFours => x.sum_of_fours(),
                Op::BroadcastFirst => x.broadcast_first(),
                Op::WithFirstOfNext => x.with_first(rows[(i + 1) % rows.len()]),
                Op::AddPowEach(d) => x.add_pow_each(&reversed[i * n..], d),
            };
            y.store(&mut state[i * n..]);
        }
    }
}

/// The same operation on an array, registers of `n` cells.
fn model<F: Field31, const W: usize>(op: Op, s: &[F; W], n: usize) -> [F; W] {
    core::array::from_fn(|i| {
        let (row, lane) = (i / n, i % n);
        let base = row * n;
        let block = lane - lane % 4;
        match op {
            Op::NextInFour => s[base + block + (lane + 1) % 4],
            Op::OppositeInFour => s[base + block + (lane + 2) % 4],
            Op::SwapInPairs => s[base + (lane ^ 1)],
            Op::OddOfPairs => s[base + (lane | 1)],
            Op::WithOddLanesOfNext if lane % 2 == 1 => s[(base + n) % W + lane],
            Op::WithOddLanesOfNext => s[i],
            Op::SumOfFours => (0..n / 4).fold(F::ZERO, |sum, b| sum + s[base + 4 * b + lane % 4]),
            Op::BroadcastFirst => s[base],
            Op::WithFirstOfNext if lane == 0 => s[(base + n) % W],
            Op::WithFirstOfNext => s[i],
            Op::AddPowEach(d) => small_power(s[i] + s[W - 1 - i], d),
        }
    })
}

fn check<F: Field31, const W: usize>(seed: u64) -> bool {
    let p = u64::from(F::MODULUS);
    static EDGES: [u64; 4] = [0, 1, 2, 3];
    let mut rng = Rng64::new(seed, p, &EDGES);
    let mut states: Vec<[F; W]> = [0, 1, p - 1, p - 2]
        .iter()
        .map(|&v| [F::from_u64_reduced(v); W])
        .collect();
    states.extend((0..cases(500)).map(|_| {
        core::array::from_fn(|_| match rng.below(5) {
            0 => -F::ONE,
            _ => F::from_u64_reduced(rng.element()),
        })
    }));
    let ops = [
        Op::NextInFour,
        Op::OppositeInFour,
        Op::SwapInPairs,
        Op::OddOfPairs,
        Op::WithOddLanesOfNext,
        Op::SumOfFours,
        Op::BroadcastFirst,
        Op::WithFirstOfNext,
        Op::AddPowEach(3),
        Op::AddPowEach(5),
        Op::AddPowEach(7),
    ];
    for op in ops {
        for state in &states {
            let mut rows = *state;
            if !apply_one(&Apply(op), &mut rows) {
                return false;
            }
            // Every backend of `apply_one` has 8 lanes.
            assert_eq!(rows, model(op, state, 8), "{} {op:?} on {state:?}", F::NAME);
        }
    }
    true
}

#[test]
fn row_operations_equal_their_definitions() {
    let ran = [
        check::<BabyBear, 8>(1),
        check::<BabyBear, 16>(2),
        check::<BabyBear, 24>(3),
        check::<KoalaBear, 16>(4),
        check::<KoalaBear, 24>(5),
        check::<Mersenne31, 16>(6),
        check::<Mersenne31, 24>(7),
    ];
    let required = cfg!(target_arch = "x86_64")
        && std::env::var_os("ALGEBRAIC_HASH_REQUIRE_AVX512").is_some_and(|v| v == "1");
    assert!(
        !required || ran.iter().all(|&r| r),
        "ALGEBRAIC_HASH_REQUIRE_AVX512=1 but the one-state registers did not run: {ran:?}"
    );
    // A width that 8 does not divide is refused, not run.
    let mut state = [BabyBear::ONE; 12];
    assert!(!apply_one(&Apply(Op::NextInFour), &mut state));
    assert_eq!(state, [BabyBear::ONE; 12]);
}
