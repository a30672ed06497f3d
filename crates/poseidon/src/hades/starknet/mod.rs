//! Starknet's Poseidon: the Hades permutation over the Stark252 prime and
//! the three hashes of Cairo's `poseidon` library, bit-for-bit as
//! starknet-types-core (`Poseidon::hades_permutation`, `hash`,
//! `hash_single`, `hash_array`), starknet-crypto (`poseidon_hash`,
//! `poseidon_hash_single`, `poseidon_hash_many`) and cairo-lang.
//!
//! Instance (cairo-lang `poseidon_hash.py`): the field of
//! p = 2^251 + 17·2^192 + 1 ([`Felt`]), width 3, x^3, 8 full and 83 partial
//! rounds, the partial rounds' S-box on the **last** cell, the matrix
//! `[[3, 1, 1], [1, −1, 1], [1, 1, −2]]` (applied with additions:
//! `t = x0 + x1 + x2; x ← (t + 2x0, t − 2x1, t − 3x2)`), round constant i
//! = sha256("Hades" ‖ i) mod p, re-derived and compressed to one constant
//! per partial round by `scripts/poseidon-hades/starknet.py`.
//!
//! Modes (the state is `[s0, s1, s2]`, the hash is `s0` after the last
//! permutation):
//! - [`hash`]`(x, y)`: permute `[x, y, 2]`;
//! - [`hash_single`]`(x)`: permute `[x, 0, 1]`;
//! - [`hash_many`]`(xs)`: append 1, pad with 0 to an even length, then from
//!   `[0, 0, 0]` add each pair into `s0, s1` and permute (so `n` elements
//!   cost `⌊n/2⌋ + 1` permutations).
//!
//! The trait view is [`StarknetPoseidon`]: the permutation,
//! `Compression<Felt, 2>` = [`hash`], `Hasher<Felt>` = [`hash_many`].
//! Text and bytes from users go through [`felt_from_str`] and
//! [`felt_from_be_bytes`], which refuse values ≥ p.

mod constants;

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, Permutation, parse};
use algebraic_hash_montgomery::{Arith, Backend, MontParams};
use ark_ff::{BigInt, Fp256, MontBackend, PrimeField, Zero};

use super::{Field, Spec};

pub use config::FeltConfig;

/// The field's configuration, in a module of its own: the ark-ff derive
/// emits `cfg(feature = "asm")`, a feature of ark-ff's that this crate
/// does not declare.
#[allow(unexpected_cfgs)]
mod config {
    use ark_ff::MontConfig;

    /// The Stark252 prime field's Montgomery configuration (ark-ff derive;
    /// p = 2^251 + 17·2^192 + 1, generator 3).
    #[derive(MontConfig)]
    #[modulus = "3618502788666131213697322783095070105623107215331596699973092056135872020481"]
    #[generator = "3"]
    pub struct FeltConfig;
}

/// An element of the Stark252 field, Starknet's `felt252`.
pub type Felt = Fp256<MontBackend<FeltConfig, 4>>;

/// Name of the field in error messages.
pub const FIELD_NAME: &str = "Stark252";

/// The Hades table of Starknet's Poseidon.
pub(crate) struct Starknet;

impl Field<4> for Starknet {
    type Config = FeltConfig;
}

impl Spec<4, 3> for Starknet {
    const ALPHA: u64 = 3;
    const ROUNDS_F: usize = 8;
    const ROUNDS_P: usize = 83;
    const SBOX_CELL: usize = 2;
    /// Cells below 2p in (the S-boxes skip their last subtraction), below p
    /// out.
    const MIX_TAKES_2P: bool = true;

    fn full_constants() -> &'static [[[u64; 4]; 3]] {
        &constants::FULL
    }

    fn partial_constants() -> &'static [[u64; 4]] {
        &constants::PARTIAL
    }

    /// `(3x0 + x1 + x2, x0 − x1 + x2, x0 + x1 − 2x2)` (the matrix, as
    /// `t = x0 + x1 + x2` then `t + 2x0`, `t − 2x1`, `t − 3x2`), each cell
    /// summed unreduced — below 10p, with `+4p − 2x` for `−2x` — and
    /// brought below p by one [`Arith::reduce_sparse`]: three folds instead
    /// of nine reduced additions (p < 2^252, so 10p < R).
    #[inline(always)]
    fn mix<B: Backend<4>>(f: Arith<FeltConfig, B, 4>, s: &mut [[u64; 4]; 3]) {
        let four_p = <FeltConfig as MontParams<4>>::P4;
        let u = f.add_lazy(&s[0], &s[1]); // < 4p
        let t = f.add_lazy(&u, &s[2]); // < 6p
        let minus_2x1 = f.sub_lazy(&four_p, &f.add_lazy(&s[1], &s[1])); // ≤ 4p
        // In the partial rounds x2 is the S-box output, the one input on
        // the rounds' dependent chain: u + 4p is formed beside it.
        let u_4p = f.add_lazy(&u, &four_p); // < 8p
        s[0] = f.reduce_sparse(&f.add_lazy(&t, &f.add_lazy(&s[0], &s[0])));
        s[1] = f.reduce_sparse(&f.add_lazy(&t, &minus_2x1));
        s[2] = f.reduce_sparse(&f.sub_lazy(&u_4p, &f.add_lazy(&s[2], &s[2])));
    }
}

/// Starknet's Poseidon as the workspace's traits: the Hades permutation of
/// `[Felt; 3]`, [`hash`] as `Compression<Felt, 2>`, [`hash_many`] as
/// `Hasher<Felt>`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StarknetPoseidon;

// Not `#[inline]`: the permutation is compiled once, here.
permute_on!(StarknetPoseidon, Felt, Starknet, 3);

impl Permutation<[Felt; 3]> for StarknetPoseidon {
    fn permute_mut(&self, state: &mut [Felt; 3]) {
        super::permute_many::<Starknet, 4, 3>(core::slice::from_mut(state));
    }

    /// Two states stepped together (throughput; same results as one by
    /// one).
    fn permute_many(&self, states: &mut [[Felt; 3]]) {
        super::permute_many::<Starknet, 4, 3>(states);
    }
}

impl Compression<Felt, 2> for StarknetPoseidon {
    /// [`hash`]`(x, y)`.
    #[inline]
    fn compress(&self, [x, y]: [Felt; 2]) -> Felt {
        hash(x, y)
    }

    #[inline]
    fn compress_many(&self, inputs: &[[Felt; 2]], outputs: &mut [Felt]) {
        algebraic_hash::compress_many_with(
            self,
            inputs,
            outputs,
            |&[x, y]| [x, y, Felt::from(2u64)],
            |_, permuted| permuted[0],
        );
    }
}

impl Hasher<Felt> for StarknetPoseidon {
    type Digest = Felt;

    /// [`hash_many`] of `input` (any length, including none).
    #[inline]
    fn hash_elements(&self, input: &[Felt]) -> Felt {
        hash_many(input)
    }
}

/// The Hades permutation of Starknet's Poseidon, in place
/// (starknet-types-core's `Poseidon::hades_permutation`, cairo-lang's
/// `hades_permutation`).
pub fn hades_permutation(state: &mut [Felt; 3]) {
    StarknetPoseidon.permute_mut(state);
}

/// Starknet's `poseidon_hash(x, y)`: `s0` of the permuted `[x, y, 2]`.
pub fn hash(x: Felt, y: Felt) -> Felt {
    let mut state = [x, y, Felt::from(2u64)];
    hades_permutation(&mut state);
    state[0]
}

/// Starknet's `poseidon_hash_single(x)`: `s0` of the permuted `[x, 0, 1]`.
pub fn hash_single(x: Felt) -> Felt {
    let mut state = [x, Felt::zero(), Felt::from(1u64)];
    hades_permutation(&mut state);
    state[0]
}

/// Starknet's `poseidon_hash_many` (Cairo's `poseidon_hash_span`,
/// starknet-types-core's `hash_array`): the elements and a final 1, zero-
/// padded to pairs, each pair added into `s0, s1` of a state that starts at
/// zero and permuted; the hash is `s0`.
pub fn hash_many(input: &[Felt]) -> Felt {
    let mut sponge = DuplexSponge::<Felt, _, 3, 2, 0>::new(StarknetPoseidon, [Felt::zero(); 3]);
    for x in input {
        sponge.absorb_one(*x);
    }
    // The padding 1; the zeros after it add nothing.
    sponge.absorb_one(Felt::from(1u64));
    sponge.squeeze_one()
}

/// The modulus, little-endian limbs.
const MODULUS: [u64; 4] = <Felt as PrimeField>::MODULUS.0;

/// Parses a decimal or `0x`-hex element; values ≥ p are refused
/// ([`Error::NotCanonical`]), never reduced.
pub fn felt_from_str(text: &str) -> Result<Felt, Error> {
    let limbs = parse::parse_below(text, &MODULUS, FIELD_NAME)?;
    Felt::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// Reads an element from exactly 32 big-endian bytes (Starknet's encoding
/// of a `felt252`); values ≥ p are refused.
pub fn felt_from_be_bytes(bytes: &[u8]) -> Result<Felt, Error> {
    if bytes.len() != 32 {
        return Err(Error::WrongLength {
            what: "Stark252 element bytes",
            expected: 32,
            found: bytes.len(),
        });
    }
    let mut le = [0u8; 32];
    for (dst, src) in le.iter_mut().zip(bytes.iter().rev()) {
        *dst = *src;
    }
    let limbs = parse::le_bytes_below(&le, &MODULUS, FIELD_NAME)?;
    Felt::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// The canonical 32 big-endian bytes of `x`.
pub fn felt_to_be_bytes(x: &Felt) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (chunk, limb) in out.rchunks_exact_mut(8).zip(x.into_bigint().0) {
        chunk.copy_from_slice(&limb.to_be_bytes());
    }
    out
}
