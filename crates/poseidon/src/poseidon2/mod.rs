//! Poseidon2 over BN254: t = 2, 3, 4 with both HorizenLabs parameter sets,
//! and t = 8, 12, 16 with the new set.
//!
//! Six instances: [`ParamSet::New`] (HorizenLabs since commit bb476b9 = zkhash
//! 0.2, taceo-poseidon2, Barretenberg and Noir for t = 4) and [`ParamSet::Old`]
//! (HorizenLabs before bb476b9 = zkfriendlyhashzoo, Codex / Logos storage for
//! t = 3), each for t = 2, 3, 4; and the new set for t = 8, 12, 16
//! (gnark-crypto v0.22's and taceo-poseidon2's constants; the old set was never
//! published at these widths). All have x^5, R_F = 8, R_P = 56 (57 for t = 8,
//! 12, 16), the external matrix circ(2,1) / circ(2,1,1) / M4 / circ(2·M4, M4,
//! …) and the internal matrix
//! `1·1ᵀ + diag(d)`. The two sets differ only in the Grain-LFSR seed (S-box
//! field 1 for old, 0 for new): for t = 2, 3 only the round constants differ
//! (d = (1, 2) and (1, 1, 2) in both), for t = 4 the internal diagonal differs
//! too.
//!
//! What this module offers, for each instance:
//! - the permutation: [`Poseidon2`] implements
//!   [`Permutation<[Fr; T]>`](algebraic_hash::Permutation), and inherent
//!   [`Poseidon2::permutation`] / [`Poseidon2::permutation_in_place`] keep
//!   taceo-poseidon2's names;
//! - compression `permute([x_0, …, x_{t−2}, 0])[0]`: [`Poseidon2::compress`]
//!   and [`Compression<Fr, t−1>`](algebraic_hash::Compression);
//! - the sponge hash of Barretenberg's `Poseidon2::hash` / Noir's
//!   `Poseidon2::hash` (rate t − 1, capacity IV = input length · 2^64, output
//!   cell 0), for every width: [`Poseidon2::hash`],
//!   [`Hasher<Fr>`](algebraic_hash::Hasher), and the sponge itself
//!   ([`Poseidon2::sponge`], a [`DuplexSponge`](algebraic_hash::DuplexSponge));
//!   rules below;
//! - checked entry points for user data ([`Poseidon2::state_from_strs`],
//!   [`Poseidon2::state_from_be_bytes`], [`Poseidon2::state_from_le_bytes`],
//!   [`Poseidon2::hash_strs`], [`Poseidon2::hash_be_bytes`],
//!   [`Poseidon2::hash_le_bytes`], [`Poseidon2::permute_slice`]; bytes are
//!   one 32-byte word per element): a wrong
//!   count is [`Error::WrongLength`], a value ≥ p [`Error::NotCanonical`],
//!   never a silent reduction (Barretenberg's own tests parse literals ≥ p and
//!   reduce them; bb.js refuses them, as this crate does);
//! - the per-instance modules [`old`] and [`new`] (`new::t4::permutation`,
//!   `new::t4::hash`, `old::t3::compress`, ...).
//!
//! # Sponge rules
//!
//! Rate cells `0 … t−2`, capacity cell `t−1` = `n · 2^64` for an `n`-element
//! input; elements are added into the rate in order, the state is permuted
//! when a further element arrives for a full rate and once at the end (so
//! `max(1, ⌈n / (t−1)⌉)` permutations, no padding); the digest is cell 0. For
//! t = 4 (new) this is exactly Barretenberg's `FieldSponge::hash_internal`
//! and Noir's `Poseidon2::hash` (checked against their tests and bb.js); for
//! the other instances no outside system defines a sponge, and this crate
//! applies the same rule (pinned by vectors from this project's Python
//! reference, `scripts/poseidon2/grain.py`).
//!
//! Instance selection at run time ([`Instance`], [`ParamSet`]) returns
//! [`Error::Unsupported`] for an unknown set, width or name.

mod constants;
mod params;
mod permutation;
mod sponge;

use core::fmt;
use core::str::FromStr;

use algebraic_hash::{Error, Permutation};

use params::Params;
pub use params::{FULL_ROUNDS, PARTIAL_ROUNDS, PARTIAL_ROUNDS_WIDE, partial_rounds};
pub use sponge::{Sponge2, Sponge3, Sponge4, Sponge8, Sponge12, Sponge16, length_iv};

use crate::Fr;
use crate::field::{fr_from_be_bytes, fr_from_le_bytes, fr_from_str};

/// Which HorizenLabs parameter set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParamSet {
    /// HorizenLabs before commit bb476b9 (Grain seed S-box field 1):
    /// zkfriendlyhashzoo, Codex / Logos storage (t = 3).
    Old,
    /// HorizenLabs since commit bb476b9 (Grain seed S-box field 0): zkhash
    /// 0.2, taceo-poseidon2, Barretenberg and Noir (t = 4), Plonky3.
    New,
}

impl ParamSet {
    /// `"old"` or `"new"`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Old => "old",
            Self::New => "new",
        }
    }
}

impl fmt::Display for ParamSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for ParamSet {
    type Err = Error;

    /// `"old"` or `"new"` (ASCII case-insensitive).
    fn from_str(s: &str) -> Result<Self, Error> {
        if s.eq_ignore_ascii_case("old") {
            Ok(Self::Old)
        } else if s.eq_ignore_ascii_case("new") {
            Ok(Self::New)
        } else {
            Err(Error::Unsupported {
                what: "Poseidon2 parameter set (expected old or new)",
            })
        }
    }
}

/// The Poseidon2 permutation of width `T` (2, 3, 4, 8, 12 or 16) with one
/// parameter set.
///
/// A `Copy` handle to static constants; construct it with `new` (defined for
/// `T` = 2, 3, 4), [`Instance::new`] (any width and set, checked), or take one
/// of [`OLD_T2`] ... [`NEW_T4`], [`NEW_T8`], [`NEW_T12`], [`NEW_T16`].
#[derive(Clone, Copy)]
pub struct Poseidon2<const T: usize> {
    params: &'static Params<T>,
    set: ParamSet,
}

impl<const T: usize> fmt::Debug for Poseidon2<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Poseidon2 {{ set: {}, t: {T} }}", self.set)
    }
}

impl<const T: usize> PartialEq for Poseidon2<T> {
    fn eq(&self, other: &Self) -> bool {
        self.set == other.set
    }
}

impl<const T: usize> Eq for Poseidon2<T> {}

macro_rules! constructors {
    ($t:literal, $old:ident, $new:ident) => {
        impl Poseidon2<$t> {
            /// The instance of this width for `set`.
            pub const fn new(set: ParamSet) -> Self {
                match set {
                    ParamSet::Old => Self {
                        params: &constants::$old,
                        set,
                    },
                    ParamSet::New => Self {
                        params: &constants::$new,
                        set,
                    },
                }
            }
        }
    };
}

constructors!(2, OLD_T2, NEW_T2);
constructors!(3, OLD_T3, NEW_T3);
constructors!(4, OLD_T4, NEW_T4);

/// Old parameters, t = 2.
pub const OLD_T2: Poseidon2<2> = Poseidon2::<2>::new(ParamSet::Old);
/// Old parameters, t = 3 (Codex / Logos storage, zkfriendlyhashzoo).
pub const OLD_T3: Poseidon2<3> = Poseidon2::<3>::new(ParamSet::Old);
/// Old parameters, t = 4.
pub const OLD_T4: Poseidon2<4> = Poseidon2::<4>::new(ParamSet::Old);
/// New parameters, t = 2 (taceo-poseidon2 `t2`).
pub const NEW_T2: Poseidon2<2> = Poseidon2::<2>::new(ParamSet::New);
/// New parameters, t = 3 (HorizenLabs / zkhash 0.2, taceo-poseidon2 `t3`).
pub const NEW_T3: Poseidon2<3> = Poseidon2::<3>::new(ParamSet::New);
/// New parameters, t = 4 (Barretenberg, Noir, taceo-poseidon2 `t4`).
pub const NEW_T4: Poseidon2<4> = Poseidon2::<4>::new(ParamSet::New);
/// New parameters, t = 8 (gnark-crypto, taceo-poseidon2 `t8`).
pub const NEW_T8: Poseidon2<8> = Poseidon2 {
    params: &constants::NEW_T8,
    set: ParamSet::New,
};
/// New parameters, t = 12 (gnark-crypto, taceo-poseidon2 `t12`).
pub const NEW_T12: Poseidon2<12> = Poseidon2 {
    params: &constants::NEW_T12,
    set: ParamSet::New,
};
/// New parameters, t = 16 (gnark-crypto, taceo-poseidon2 `t16`).
pub const NEW_T16: Poseidon2<16> = Poseidon2 {
    params: &constants::NEW_T16,
    set: ParamSet::New,
};

impl<const T: usize> Poseidon2<T> {
    /// The state width `t`.
    pub const WIDTH: usize = T;

    /// The canonical name of this instance, e.g. `poseidon2-new-t4` (the
    /// CLI's and [`Instance::name`]).
    pub fn name(&self) -> &'static str {
        match Instance::new(self.set, T) {
            Ok(instance) => instance.name(),
            Err(_) => unreachable!("a Poseidon2<T> exists only for a published width and set"),
        }
    }

    /// The parameter set.
    pub const fn param_set(&self) -> ParamSet {
        self.set
    }

    /// The round constants of the full rounds, in order (4 before the
    /// partial rounds, 4 after).
    pub const fn external_round_constants(&self) -> &'static [[Fr; T]; FULL_ROUNDS] {
        &self.params.external
    }

    /// The constant of each partial round (added to cell 0):
    /// [`partial_rounds`]`(T)` of them.
    pub const fn internal_round_constants(&self) -> &'static [Fr] {
        self.params.internal
    }

    /// The internal matrix is `1·1ᵀ + diag(d)` with `d` this diagonal
    /// ("minus one" because the matrix diagonal is `d + 1`): `(1, 2)` for
    /// t = 2, `(1, 1, 2)` for t = 3, Barretenberg's
    /// `internal_matrix_diagonal` for new t = 4, gnark-crypto's `diagM1` for
    /// t = 8, 12, 16.
    pub const fn internal_diagonal_minus_one(&self) -> &'static [Fr; T] {
        &self.params.diagonal_minus_one
    }

    /// The name of the arithmetic backend the permutation takes on this
    /// machine: `"x86-64 MULX/ADX"` or `"portable"` (see the crate README).
    pub fn backend() -> &'static str {
        algebraic_hash_montgomery::backend_name()
    }

    /// The permutation of `state` (taceo-poseidon2's name).
    #[inline]
    pub fn permutation(&self, state: &[Fr; T]) -> [Fr; T] {
        let mut out = *state;
        self.permutation_in_place(&mut out);
        out
    }

    /// Permutes `state` in place (taceo-poseidon2's name).
    #[inline]
    pub fn permutation_in_place(&self, state: &mut [Fr; T]) {
        let known = permutation::permute_flat(self.set, T, state.as_mut_slice());
        debug_assert!(known, "a Poseidon2<{T}> exists only with constants");
    }

    /// Permutes a slice that must hold exactly `T` elements.
    pub fn permute_slice(&self, state: &mut [Fr]) -> Result<(), Error> {
        let found = state.len();
        let state: &mut [Fr; T] = state.try_into().map_err(|_| Error::WrongLength {
            what: "Poseidon2 state",
            expected: T,
            found,
        })?;
        self.permutation_in_place(state);
        Ok(())
    }

    /// A state from `T` decimal or `0x`-hex strings; values ≥ p are refused.
    pub fn state_from_strs(&self, cells: &[&str]) -> Result<[Fr; T], Error> {
        let mut out = [Fr::from(0u64); T];
        if cells.len() != T {
            return Err(Error::WrongLength {
                what: "Poseidon2 state",
                expected: T,
                found: cells.len(),
            });
        }
        for (o, c) in out.iter_mut().zip(cells) {
            *o = fr_from_str(c)?;
        }
        Ok(out)
    }

    /// A state from `T` words of 32 big-endian bytes, one per cell (the
    /// order of Barretenberg, Noir and Solidity); a wrong word count or
    /// length, or a value ≥ p, is an error.
    pub fn state_from_be_bytes<B: AsRef<[u8]>>(&self, words: &[B]) -> Result<[Fr; T], Error> {
        self.state_from_words(words, fr_from_be_bytes)
    }

    /// A state from `T` words of 32 little-endian bytes, one per cell
    /// (arkworks' order); a wrong word count or length, or a value ≥ p, is
    /// an error.
    pub fn state_from_le_bytes<B: AsRef<[u8]>>(&self, words: &[B]) -> Result<[Fr; T], Error> {
        self.state_from_words(words, fr_from_le_bytes)
    }

    fn state_from_words<B: AsRef<[u8]>>(
        &self,
        words: &[B],
        read: fn(&[u8]) -> Result<Fr, Error>,
    ) -> Result<[Fr; T], Error> {
        if words.len() != T {
            return Err(Error::WrongLength {
                what: "Poseidon2 state",
                expected: T,
                found: words.len(),
            });
        }
        let mut out = [Fr::from(0u64); T];
        for (o, word) in out.iter_mut().zip(words) {
            *o = read(word.as_ref())?;
        }
        Ok(out)
    }
}

impl<const T: usize> Permutation<[Fr; T]> for Poseidon2<T> {
    #[inline]
    fn permute_mut(&self, state: &mut [Fr; T]) {
        self.permutation_in_place(state);
    }

    /// Several states stepped together (two at a time): the partial rounds
    /// are one long dependent chain per state, so interleaving states fills
    /// the multiplier (throughput, not latency). Same results as one by one.
    #[inline]
    fn permute_many(&self, states: &mut [[Fr; T]]) {
        let known = permutation::permute_flat(self.set, T, states.as_flattened_mut());
        debug_assert!(known, "a Poseidon2<{T}> exists only with constants");
    }
}

impl<const T: usize> crate::PermuteOn<[Fr; T]> for Poseidon2<T> {
    #[inline]
    fn permute_on<B: algebraic_hash_montgomery::Backend<4>>(
        &self,
        backend: B,
        state: &mut [Fr; T],
    ) {
        permutation::permute_with(backend, self.params, state);
    }
}

impl<const T: usize> Poseidon2<T> {
    /// [`Permutation::permute_many`] by the lanes' algorithm (the AVX-512
    /// IFMA path's arithmetic) run on their portable model, on any CPU:
    /// whole groups of eight states on the model, the rest on the portable
    /// backend. For testing that algorithm where the CPU has no lanes;
    /// every path computes the same permutation.
    #[inline]
    pub fn permute_many_on_lane_model(&self, states: &mut [[Fr; T]]) {
        permutation::permute_all_on_model(self.params, states);
    }
}

/// One of the nine instances, chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Instance {
    /// t = 2.
    T2(Poseidon2<2>),
    /// t = 3.
    T3(Poseidon2<3>),
    /// t = 4.
    T4(Poseidon2<4>),
    /// t = 8 (new set only).
    T8(Poseidon2<8>),
    /// t = 12 (new set only).
    T12(Poseidon2<12>),
    /// t = 16 (new set only).
    T16(Poseidon2<16>),
}

impl Instance {
    /// Canonical names, as accepted by [`Instance::from_name`] and used by
    /// the `algebraic-hash` CLI and the bindings.
    pub const NAMES: [&'static str; 9] = [
        "poseidon2-old-t2",
        "poseidon2-old-t3",
        "poseidon2-old-t4",
        "poseidon2-new-t2",
        "poseidon2-new-t3",
        "poseidon2-new-t4",
        "poseidon2-new-t8",
        "poseidon2-new-t12",
        "poseidon2-new-t16",
    ];

    /// The instance for `set` and width `t`: t = 2, 3, 4 with either set,
    /// t = 8, 12, 16 with the new set; anything else is
    /// [`Error::Unsupported`].
    pub const fn new(set: ParamSet, t: usize) -> Result<Self, Error> {
        match (set, t) {
            (_, 2) => Ok(Self::T2(Poseidon2::<2>::new(set))),
            (_, 3) => Ok(Self::T3(Poseidon2::<3>::new(set))),
            (_, 4) => Ok(Self::T4(Poseidon2::<4>::new(set))),
            (ParamSet::New, 8) => Ok(Self::T8(NEW_T8)),
            (ParamSet::New, 12) => Ok(Self::T12(NEW_T12)),
            (ParamSet::New, 16) => Ok(Self::T16(NEW_T16)),
            (ParamSet::Old, 8 | 12 | 16) => Err(Error::Unsupported {
                what: "Poseidon2 old parameter set at t = 8, 12, 16 (never published; use new)",
            }),
            _ => Err(Error::Unsupported {
                what: "Poseidon2 width (expected 2, 3, 4, 8, 12 or 16)",
            }),
        }
    }

    /// Parses a name: `[poseidon2-[bn254-]]{old|new}-t{2|3|4|8|12|16}` (`_` may stand
    /// for `-`, ASCII case-insensitive), e.g. `poseidon2-new-t4`,
    /// `poseidon2-bn254-new-t4`,
    /// `old-t3`, `new_t2`.
    pub fn from_name(name: &str) -> Result<Self, Error> {
        const UNKNOWN: Error = Error::Unsupported {
            what: "Poseidon2 instance name (expected e.g. poseidon2-new-t4)",
        };
        let mut rest = name;
        for prefix in ["poseidon2", "bn254"] {
            if rest.len() > prefix.len()
                && rest.is_char_boundary(prefix.len())
                && rest[..prefix.len()].eq_ignore_ascii_case(prefix)
                && matches!(rest.as_bytes()[prefix.len()], b'-' | b'_')
            {
                rest = &rest[prefix.len() + 1..];
            }
        }
        let (set, width) = rest.split_once(['-', '_']).ok_or(UNKNOWN)?;
        let set: ParamSet = set.parse().map_err(|_| UNKNOWN)?;
        let t = match width.as_bytes() {
            [b't' | b'T', d @ (b'2'..=b'4' | b'8')] => usize::from(d - b'0'),
            [b't' | b'T', b'1', d @ (b'2' | b'6')] => 10 + usize::from(d - b'0'),
            _ => return Err(UNKNOWN),
        };
        Self::new(set, t)
    }

    /// The canonical name, e.g. `poseidon2-new-t4` (the CLI's).
    pub const fn name(&self) -> &'static str {
        let (set, t) = (self.param_set(), self.width());
        let index = match (set, t) {
            (ParamSet::Old, _) => t - 2,
            (ParamSet::New, 2..=4) => t + 1,
            (ParamSet::New, _) => 6 + t / 4 - 2,
        };
        Self::NAMES[index]
    }

    /// The state width.
    pub const fn width(&self) -> usize {
        match self {
            Self::T2(_) => 2,
            Self::T3(_) => 3,
            Self::T4(_) => 4,
            Self::T8(_) => 8,
            Self::T12(_) => 12,
            Self::T16(_) => 16,
        }
    }

    /// The parameter set.
    pub const fn param_set(&self) -> ParamSet {
        match self {
            Self::T2(p) => p.set,
            Self::T3(p) => p.set,
            Self::T4(p) => p.set,
            Self::T8(p) => p.set,
            Self::T12(p) => p.set,
            Self::T16(p) => p.set,
        }
    }

    /// Permutes a state given as a slice; its length must be the width.
    pub fn permute_slice(&self, state: &mut [Fr]) -> Result<(), Error> {
        match self {
            Self::T2(p) => p.permute_slice(state),
            Self::T3(p) => p.permute_slice(state),
            Self::T4(p) => p.permute_slice(state),
            Self::T8(p) => p.permute_slice(state),
            Self::T12(p) => p.permute_slice(state),
            Self::T16(p) => p.permute_slice(state),
        }
    }
}

impl fmt::Display for Instance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Instance {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        Self::from_name(s)
    }
}

macro_rules! instance_module {
    ($set:ident, $doc:literal, $( $t:ident = $w:literal, $inst:ident );+ $(;)?) => {
        #[doc = $doc]
        pub mod $set {
            $(
                #[doc = concat!("t = ", stringify!($w), ".")]
                pub mod $t {
                    use crate::Fr;
                    use crate::poseidon2::Poseidon2;

                    /// This instance.
                    pub const PERMUTATION: Poseidon2<$w> = crate::poseidon2::$inst;

                    /// The permutation of `state`.
                    #[inline]
                    pub fn permutation(state: &[Fr; $w]) -> [Fr; $w] {
                        PERMUTATION.permutation(state)
                    }

                    /// Permutes `state` in place.
                    #[inline]
                    pub fn permutation_in_place(state: &mut [Fr; $w]) {
                        PERMUTATION.permutation_in_place(state)
                    }

                    /// `permutation([x_0, …, x_{t−2}, 0])[0]`.
                    #[inline]
                    pub fn compress(input: [Fr; $w - 1]) -> Fr {
                        PERMUTATION.compress(input)
                    }

                    /// The sponge hash of `input` (rate t − 1, IV = length · 2^64).
                    #[inline]
                    pub fn hash(input: &[Fr]) -> Fr {
                        PERMUTATION.hash(input)
                    }
                }
            )+
        }
    };
}

instance_module!(
    old,
    "The old parameter set (HorizenLabs before bb476b9).",
    t2 = 2, OLD_T2;
    t3 = 3, OLD_T3;
    t4 = 4, OLD_T4;
);
instance_module!(
    new,
    "The new parameter set (HorizenLabs since bb476b9, Barretenberg for t = 4, gnark-crypto for t = 4, 8, 12, 16).",
    t2 = 2, NEW_T2;
    t3 = 3, NEW_T3;
    t4 = 4, NEW_T4;
    t8 = 8, NEW_T8;
    t12 = 12, NEW_T12;
    t16 = 16, NEW_T16;
);
