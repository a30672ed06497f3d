//! Moving groups of states into and out of packed registers (one state
//! per lane), for every packed backend: in place, through the states'
//! stored words ([`words`], [`words_mut`]), either transposed by shuffles
//! in registers ([`Transpose`], x86-64) or word by word through a buffer
//! of columns ([`drive`]); or, for states already held lane-major (a row
//! of lanes per cell, as Plonky3's packed states are), one load and one
//! store per cell ([`drive_lane_major`]).
#![allow(unsafe_code)]

use super::LaneKernel;
use crate::{Field31, Lanes};

/// The stored words of `cells`, where they lie.
#[inline(always)]
pub(super) fn words<F: Field31>(cells: &[F]) -> &[u32] {
    // SAFETY: `F: StoredWord` (a supertrait of `Field31`) is
    // `#[repr(transparent)]` over `u32`: same size, alignment and layout,
    // so the slice of `F` is a slice of as many `u32`.
    unsafe { core::slice::from_raw_parts(cells.as_ptr().cast::<u32>(), cells.len()) }
}

/// The stored words of `cells`, where they lie, to be overwritten.
///
/// The backends write back only words their arithmetic keeps below `p`
/// (each backend is tested against the scalar code): an element's own
/// invariant, on which no unsafe code relies.
#[inline(always)]
pub(super) fn words_mut<F: Field31>(cells: &mut [F]) -> &mut [u32] {
    // SAFETY: as `words`; and every `u32` is a valid `F` (`StoredWord`).
    unsafe { core::slice::from_raw_parts_mut(cells.as_mut_ptr().cast::<u32>(), cells.len()) }
}

/// A packed register of `N` lanes, loaded from and stored to the stored
/// words of `N` elements.
///
/// # Safety
/// Implementors use instructions the CPU may lack; `load` and `store` may
/// only run where the backend is available (inside its `apply_many`).
pub(super) unsafe trait Register<const N: usize>: Lanes {
    /// One lane per word (`word < p`).
    unsafe fn load(words: &[u32; N]) -> Self;
    /// The words of the lanes (each below `p`).
    unsafe fn store(self, words: &mut [u32; N]);
}

/// A register type that moves whole groups of `N` states in and out of
/// registers by an `N × N` transposition in registers (shuffles), rather
/// than word by word through a buffer of columns ([`drive`]).
///
/// # Safety
/// As [`Register`]: the functions may only run where the backend is
/// available.
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
pub(super) unsafe trait Transpose<const N: usize>: Register<N> {
    /// Lane `j` of register `i` becomes lane `i` of register `j`.
    unsafe fn transpose(block: &mut [Self; N]);
    /// The first `words.len()` lanes (fewer than `N`) from `words`, the
    /// others zero: a last block of cells when `N` does not divide the
    /// width. Through a buffer by default.
    #[inline(always)]
    unsafe fn load_partial(words: &[u32]) -> Self {
        let mut buffer = [0u32; N];
        buffer[..words.len()].copy_from_slice(words);
        // SAFETY: the caller's contract.
        unsafe { Self::load(&buffer) }
    }
    /// The first `words.len()` lanes (fewer than `N`) into `words`.
    #[inline(always)]
    unsafe fn store_partial(self, words: &mut [u32]) {
        let mut buffer = [0u32; N];
        // SAFETY: the caller's contract.
        unsafe { self.store(&mut buffer) };
        let len = words.len();
        words.copy_from_slice(&buffer[..len]);
    }
}

/// [`drive`] with whole groups of `N` states moved by [`Transpose`]: each
/// block of `N` cells (the last one shorter where `N` does not divide
/// `W`) of the `N` states loaded from where the states lie as `N`
/// registers (one state's cells each) and transposed into cells, and
/// back. A last group of fewer than `N` states goes through [`drive`].
///
/// # Safety
/// As [`drive`].
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(super) unsafe fn drive_transposed<F, K, R, const W: usize, const N: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) where
    F: Field31,
    K: LaneKernel<F, W>,
    R: Transpose<N, Scalar = F>,
{
    let whole = states.len() / N * N;
    let (groups, rest) = states.split_at_mut(whole);
    for group in groups.chunks_exact_mut(N) {
        let mut registers = [R::splat(F::ZERO); W];
        for start in (0..W).step_by(N) {
            let end = W.min(start + N);
            let mut block: [R; N] = core::array::from_fn(|lane| {
                let cells = words(&group[lane][start..end]);
                // SAFETY: the caller runs on a CPU with R's instructions.
                unsafe {
                    match cells.first_chunk::<N>() {
                        Some(all) => R::load(all),
                        None => R::load_partial(cells),
                    }
                }
            });
            // SAFETY: as above.
            unsafe { R::transpose(&mut block) };
            registers[start..end].copy_from_slice(&block[..end - start]);
        }
        kernel.apply(&mut registers);
        for start in (0..W).step_by(N) {
            let end = W.min(start + N);
            let mut block: [R; N] = [R::splat(F::ZERO); N];
            block[..end - start].copy_from_slice(&registers[start..end]);
            // SAFETY: as above.
            unsafe { R::transpose(&mut block) };
            for (state, register) in group.iter_mut().zip(block) {
                let cells = words_mut(&mut state[start..end]);
                // SAFETY: as above.
                unsafe {
                    match cells.first_chunk_mut::<N>() {
                        Some(all) => register.store(all),
                        None => register.store_partial(cells),
                    }
                }
            }
        }
    }
    // SAFETY: the caller's contract.
    unsafe { drive::<F, K, R, W, N>(kernel, rest) }
}

/// Runs `kernel` on the `N` states held lane-major in `cells`: `W` rows of
/// `N` elements, row `i` holding cell `i` of every state, each row loaded
/// into its register where it lies and stored back. Nothing is
/// transposed. `cells` has `W · N` elements (the caller's check).
///
/// # Safety
/// As [`drive`].
#[cfg(all(target_arch = "x86_64", not(algebraic_hash_force_scalar)))]
#[inline(always)]
pub(super) unsafe fn drive_lane_major<F, K, R, const W: usize, const N: usize>(
    kernel: &K,
    cells: &mut [F],
) where
    F: Field31,
    K: LaneKernel<F, W>,
    R: Register<N, Scalar = F>,
{
    let mut registers = [R::splat(F::ZERO); W];
    for (register, row) in registers.iter_mut().zip(cells.chunks_exact(N)) {
        if let Some(row) = words(row).first_chunk::<N>() {
            // SAFETY: the caller runs on a CPU with R's instructions.
            *register = unsafe { R::load(row) };
        }
    }
    kernel.apply(&mut registers);
    for (register, row) in registers.into_iter().zip(cells.chunks_exact_mut(N)) {
        if let Some(row) = words_mut(row).first_chunk_mut::<N>() {
            // SAFETY: as above.
            unsafe { register.store(row) };
        }
    }
}

/// Runs `kernel` on `states`: groups of `N` states transposed into `W`
/// registers `R` (one state per lane) word by word through a buffer of
/// columns; a last partial group of up to the kernel's `single_states(N)`
/// states runs one state at a time through its `apply_single`, a larger
/// one is padded with zero states.
///
/// # Safety
/// The backend of `R` must be available; call it only from that backend's
/// `#[target_feature]` function, into which it is inlined.
#[inline(always)]
pub(super) unsafe fn drive<F, K, R, const W: usize, const N: usize>(
    kernel: &K,
    states: &mut [[F; W]],
) where
    F: Field31,
    K: LaneKernel<F, W>,
    R: Register<N, Scalar = F>,
{
    // The group as words, cell-major: `columns[cell][lane]`, so that each
    // register loads and stores one contiguous row.
    let mut columns = [[0u32; N]; W];
    for group in states.chunks_mut(N) {
        if group.len() < N && group.len() <= kernel.single_states(N) {
            for state in group {
                kernel.apply_single(state);
            }
            continue;
        }
        if group.len() < N {
            // Padding lanes: zero states.
            columns = [[0u32; N]; W];
        }
        for (lane, state) in group.iter().enumerate() {
            for (column, &word) in columns.iter_mut().zip(words(state)) {
                column[lane] = word;
            }
        }
        // SAFETY: the caller runs on a CPU with R's instructions.
        let mut registers: [R; W] = core::array::from_fn(|cell| unsafe { R::load(&columns[cell]) });
        kernel.apply(&mut registers);
        for (column, register) in columns.iter_mut().zip(registers) {
            // SAFETY: as above.
            unsafe { register.store(column) };
        }
        for (lane, state) in group.iter_mut().enumerate() {
            for (word, column) in words_mut(state).iter_mut().zip(&columns) {
                *word = column[lane];
            }
        }
    }
}
