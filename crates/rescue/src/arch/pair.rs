//! Two kinds of Goldilocks lanes as one ([`Pair`]), for the drivers of
//! the shared lanes: every operation on both, so that the work of two
//! groups of states interleaves. The AVX-512 driver runs narrow states as
//! two groups of eight (`Pair<R>`: the long dependent chain of one group's
//! round overlaps the other's); the AVX2 driver runs four states in a
//! register beside a fifth on the scalar units (`Pair<PackedGoldilocksAvx2,
//! BesideScalar>`: the scalar multiplier works while the vector units do).

/// `A`'s lanes followed by `B`'s.
#[derive(Clone, Copy)]
pub(crate) struct Pair<A, B = A>(pub(crate) A, pub(crate) B);

mod lanes {
    use super::Pair;
    use crate::lanes::GoldilocksLanes;

    /// The first and second registers of each element of `xs`.
    #[inline(always)]
    fn halves<A: GoldilocksLanes, B: GoldilocksLanes, const N: usize>(
        xs: &[Pair<A, B>; N],
    ) -> ([A; N], [B; N]) {
        let mut a = [xs[0].0; N];
        let mut b = [xs[0].1; N];
        for ((a, b), x) in a.iter_mut().zip(b.iter_mut()).zip(xs) {
            *a = x.0;
            *b = x.1;
        }
        (a, b)
    }

    macro_rules! both {
        ($($name:ident($($arg:ident),*);)*) => {$(
            #[inline(always)]
            fn $name(self, $($arg: Self),*) -> Self {
                Pair(self.0.$name($($arg.0),*), self.1.$name($($arg.1),*))
            }
        )*};
    }

    impl<A: GoldilocksLanes, B: GoldilocksLanes> GoldilocksLanes for Pair<A, B> {
        const LANES: usize = A::LANES + B::LANES;

        #[inline(always)]
        fn splat(value: u64) -> Self {
            Pair(A::splat(value), B::splat(value))
        }
        both! {
            mul(rhs);
            square();
            add_canonical(rhs);
            canonical();
            wrapping_add(rhs);
            wrapping_sub(rhs);
            wrapping_mul(rhs);
            low32();
            add(rhs);
            sub(rhs);
            sub_canonical(rhs);
            double();
            add_product(a, b);
        }
        #[inline(always)]
        fn combine(lo: Self, hi: Self) -> Self {
            Pair(A::combine(lo.0, hi.0), B::combine(lo.1, hi.1))
        }
        #[inline(always)]
        fn shl<const S: u32>(self) -> Self {
            Pair(self.0.shl::<S>(), self.1.shl::<S>())
        }
        #[inline(always)]
        fn shr<const S: u32>(self) -> Self {
            Pair(self.0.shr::<S>(), self.1.shr::<S>())
        }
        #[inline(always)]
        fn map(self, f: impl Fn(u64) -> u64) -> Self {
            Pair(self.0.map(&f), self.1.map(&f))
        }
        #[inline(always)]
        fn lookup_bytes(self, table: &[u8; 256]) -> Self {
            Pair(self.0.lookup_bytes(table), self.1.lookup_bytes(table))
        }
        #[inline(always)]
        fn mul_2exp(self, k: u32) -> Self {
            Pair(self.0.mul_2exp(k), self.1.mul_2exp(k))
        }
        #[inline(always)]
        fn div_2exp(self, k: u32) -> Self {
            Pair(self.0.div_2exp(k), self.1.div_2exp(k))
        }
        #[inline(always)]
        fn exp7_state(state: &mut [Self; 12]) {
            let (mut a, mut b) = halves(state);
            A::exp7_state(&mut a);
            B::exp7_state(&mut b);
            for ((x, a), b) in state.iter_mut().zip(a).zip(b) {
                *x = Pair(a, b);
            }
        }
        #[inline(always)]
        fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
            let (a, b) = halves(xs);
            Pair(A::sum_from(&a, start), B::sum_from(&b, start))
        }
        #[inline(always)]
        fn dot_constants<const N: usize>(a: &[Self; N], c: &[u64; N]) -> Self {
            let (a, b) = halves(a);
            Pair(A::dot_constants(&a, c), B::dot_constants(&b, c))
        }
    }
}

/// One state on the scalar units beside vector lanes (the fifth state of
/// the AVX2 driver's groups): the operations of `u64`, but its products
/// reduced without a branch (`arch::scalar_mul`, `scalar_reduce128`). The
/// `u64` lanes reduce products with a branch for a rare borrow, which is
/// faster alone but cuts code that interleaves scalar and vector work into
/// blocks: with it, Goldilocks Poseidon2's AVX2 batches in groups of five
/// took 1.03 / 1.05 / 1.15 of Plonky3's time (widths 8 / 12 / 16, Intel
/// Xeon, Granite Rapids, AVX2 build) where the register alone took 1.02 /
/// 1.01 / 1.09.
#[derive(Clone, Copy)]
pub(crate) struct BesideScalar(pub(crate) u64);

mod beside_scalar {
    use super::BesideScalar;
    use crate::lanes::{GoldilocksLanes, dot_words};
    use algebraic_hash::word::widening_mul;

    /// `u64`'s operation on the words.
    macro_rules! as_u64 {
        ($($name:ident($($arg:ident),*);)*) => {$(
            #[inline(always)]
            fn $name(self, $($arg: Self),*) -> Self {
                BesideScalar(self.0.$name($($arg.0),*))
            }
        )*};
    }

    impl GoldilocksLanes for BesideScalar {
        const LANES: usize = 1;

        #[inline(always)]
        fn splat(value: u64) -> Self {
            BesideScalar(value)
        }
        #[inline(always)]
        fn mul(self, rhs: Self) -> Self {
            BesideScalar(crate::arch::scalar_mul(self.0, rhs.0))
        }
        #[inline(always)]
        fn square(self) -> Self {
            BesideScalar(crate::arch::scalar_mul(self.0, self.0))
        }
        #[inline(always)]
        fn add_product(self, a: Self, b: Self) -> Self {
            BesideScalar(crate::arch::scalar_reduce128(
                widening_mul(a.0, b.0) + u128::from(self.0),
            ))
        }
        #[inline(always)]
        fn dot_constants<const N: usize>(a: &[Self; N], b: &[u64; N]) -> Self {
            BesideScalar(dot_words(&a.map(|x| x.0), b, crate::arch::scalar_reduce128))
        }
        as_u64! {
            add_canonical(rhs);
            canonical();
            wrapping_add(rhs);
            wrapping_sub(rhs);
            wrapping_mul(rhs);
            low32();
            add(rhs);
            sub(rhs);
            sub_canonical(rhs);
            double();
            mul_short_chain(rhs);
            sub_product(a, b);
        }
        #[inline(always)]
        fn combine(lo: Self, hi: Self) -> Self {
            BesideScalar(u64::combine(lo.0, hi.0))
        }
        #[inline(always)]
        fn shl<const S: u32>(self) -> Self {
            BesideScalar(self.0 << S)
        }
        #[inline(always)]
        fn shr<const S: u32>(self) -> Self {
            BesideScalar(self.0 >> S)
        }
        #[inline(always)]
        fn map(self, f: impl Fn(u64) -> u64) -> Self {
            BesideScalar(f(self.0))
        }
        #[inline(always)]
        fn lookup_bytes(self, table: &[u8; 256]) -> Self {
            BesideScalar(self.0.lookup_bytes(table))
        }
        #[inline(always)]
        fn mul_2exp(self, k: u32) -> Self {
            BesideScalar(self.0.mul_2exp(k))
        }
        #[inline(always)]
        fn div_2exp(self, k: u32) -> Self {
            BesideScalar(self.0.div_2exp(k))
        }
        #[inline(always)]
        fn sum_plus_multiple(self, x: Self, m: u64, negative: bool) -> Self {
            BesideScalar(self.0.sum_plus_multiple(x.0, m, negative))
        }
        #[inline(always)]
        fn sum_plus_div_2exp(self, x: Self, k: u32, negative: bool) -> Self {
            BesideScalar(self.0.sum_plus_div_2exp(x.0, k, negative))
        }
        #[inline(always)]
        fn widen(self) -> (Self, Self) {
            let (lo, hi) = GoldilocksLanes::widen(self.0);
            (BesideScalar(lo), BesideScalar(hi))
        }
        #[inline(always)]
        fn wide_add(a: (Self, Self), b: (Self, Self)) -> (Self, Self) {
            let (lo, hi) = u64::wide_add((a.0.0, a.1.0), (b.0.0, b.1.0));
            (BesideScalar(lo), BesideScalar(hi))
        }
        #[inline(always)]
        fn narrow((lo, hi): (Self, Self)) -> Self {
            BesideScalar(u64::narrow((lo.0, hi.0)))
        }
        #[inline(always)]
        fn sum_from<const N: usize>(xs: &[Self; N], start: usize) -> Self {
            BesideScalar(u64::sum_from(&xs.map(|x| x.0), start))
        }
        #[inline(always)]
        fn exp7_state(state: &mut [Self; 12]) {
            let mut words = state.map(|x| x.0);
            u64::exp7_state(&mut words);
            *state = words.map(BesideScalar);
        }
    }
}
