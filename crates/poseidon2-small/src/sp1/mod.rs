//! SP1's Poseidon2: KoalaBear width 16 in SP1 v6 (sp1-primitives 6.10.0,
//! `poseidon2_init()`, `SP1Perm`), BabyBear width 16 in SP1 v5
//! (sp1-primitives 5.2.4, [`v5`]); their sponge (`PaddingFreeSponge<SP1Perm,
//! 16, 8, 8>`, `poseidon2_hash`) and compression (`TruncatedPermutation<_,
//! 2, 8, 16>`).
//!
//! Not Plonky3's default instances (0.6.3 to 0.8.0), although v6 has the same round
//! constants as `default_koalabear_poseidon2_16()`: SP1 builds its
//! permutation from the Poseidon2 of an older Plonky3 (its forks
//! p3-koala-bear 0.4.3-succinct and p3-baby-bear 0.2.3-succinct), whose
//! internal layer multiplies by a diagonal of Montgomery forms without the
//! factor `2^32`, so its internal matrix is `2^-32 · (1·1ᵀ + diag(−2, 1, 2,
//! 4, …, 2^13, 2^15))`; Plonky3's diagonal is another. v5's round
//! constants are SP1's own (`RC_16_30`, of which `poseidon2_init()` uses
//! rows 0..4, the first entries of rows 4..17 and rows 17..21).
//!
//! Both: Plonky3's external layer (`M4 = circ(2, 3, 1, 1)`), 8 full rounds;
//! v6: x^3, 20 partial rounds; v5: x^7, 13 partial rounds.

mod constants;

use algebraic_hash::{PaddingFreeSponge, TruncatedPermutation};
use algebraic_hash_field31::KoalaBear;

use crate::Poseidon2;
use crate::plonky3::{Compress, Hash16};

/// `SP1Field` (v6).
pub type SP1Field = KoalaBear;

/// `SP1Perm` (v6): Poseidon2 over KoalaBear, width 16, x^3.
pub type SP1Perm = Poseidon2<KoalaBear, 16, 3>;

/// SP1 v6's `poseidon2_init()`.
pub const POSEIDON2: SP1Perm = field31_instance!(
    KoalaBear,
    16,
    3,
    constants::KOALABEAR_16,
    "poseidon2-sp1-koalabear-16"
);

/// SP1 v6's `poseidon2_hasher()` (`PaddingFreeSponge<SP1Perm, 16, 8, 8>`;
/// `poseidon2_hash` is its hash).
pub const HASH: Hash16<SP1Perm> = PaddingFreeSponge::new(POSEIDON2);

/// SP1 v6's Merkle compression (`TruncatedPermutation<KoalaPerm, 2, 8,
/// 16>`, the `Compressor` of `KoalaBearDegree4Duplex`).
pub const COMPRESS: Compress<SP1Perm, 16> = TruncatedPermutation::new(POSEIDON2);

/// `poseidon2_hash`: [`HASH`] of `input`.
pub fn poseidon2_hash(input: &[KoalaBear]) -> [KoalaBear; 8] {
    algebraic_hash::Hasher::hash_elements(&HASH, input)
}

/// SP1 v5 (sp1-primitives 5.2.4): BabyBear, width 16, x^7.
pub mod v5 {
    use algebraic_hash::{PaddingFreeSponge, TruncatedPermutation};
    use algebraic_hash_field31::BabyBear;

    use super::constants;
    use crate::Poseidon2;
    use crate::plonky3::{Compress, Hash16};

    /// v5's permutation type (BabyBear, width 16, x^7).
    pub type SP1Perm = Poseidon2<BabyBear, 16, 7>;

    /// SP1 v5's `poseidon2_init()`.
    pub const POSEIDON2: SP1Perm = field31_instance!(
        BabyBear,
        16,
        7,
        constants::BABYBEAR_16,
        "poseidon2-sp1v5-babybear-16"
    );

    /// SP1 v5's `poseidon2_hasher()` (`PaddingFreeSponge<_, 16, 8, 8>`).
    pub const HASH: Hash16<SP1Perm> = PaddingFreeSponge::new(POSEIDON2);

    /// `TruncatedPermutation<_, 2, 8, 16>` of v5's permutation.
    pub const COMPRESS: Compress<SP1Perm, 16> = TruncatedPermutation::new(POSEIDON2);

    /// `poseidon2_hash`: [`HASH`] of `input`.
    pub fn poseidon2_hash(input: &[BabyBear]) -> [BabyBear; 8] {
        algebraic_hash::Hasher::hash_elements(&HASH, input)
    }
}
