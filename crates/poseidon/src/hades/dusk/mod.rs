//! Dusk's Poseidon: the Hades permutation of width 5 over the BLS12-381
//! scalar field and the hash of dusk-poseidon 0.44.0 (its `Hash` /
//! `Hash::digest` over the SAFE sponge of dusk-safe 0.4, with the four
//! `Domain`s), bit for bit.
//!
//! Instance (dusk-poseidon's `hades` module, the same tables since 0.38.0):
//! [`BlsScalar`] (arkworks' `ark_bls12_381::Fr`, Dusk's
//! `dusk_bls12_381::BlsScalar`), width 5, x^5, 8 full and **60** partial
//! rounds, the partial rounds' S-box on the **last** cell (4), a Cauchy
//! MDS matrix; constants and matrix from the crate's `assets/arc.bin` and
//! `assets/mds.bin`, re-derived from its `HOWTO.md` generator (SHA-512
//! chain from "poseidon-for-plonk"; `M[i][j] = 1/(i + j + 5)`) and taken as
//! the crate reads them — its files hold Montgomery forms that it reads as
//! plain values, so every constant it uses is the generated one times
//! 2^256 mod p — compressed to one constant per partial round and the
//! partial rounds' matrix factored into sparse form by
//! `scripts/poseidon-hades/dusk.py`, which checks the tables against the
//! textbook permutation.
//!
//! The hash ([`hash`], [`hash_into`]) is the SAFE sponge (capacity 1, cell
//! 0; rate 4, cells 1–4): the state starts as `[tag, 0, 0, 0, 0]`, the
//! input is added into cells 1–4 four at a time, permuting before each
//! further block and once before the first output; outputs are read from
//! cells 1–4, permuting again after every four. There is no padding: the
//! tag carries the lengths. `tag` = BLAKE2b-512 of the IO pattern's
//! encoding `be32(2^31 + n) ‖ be32(m) ‖ be64(domain)` (`n` elements in,
//! `m` out, the [`Domain`]'s separator), read as a 512-bit little-endian
//! integer mod p. The input must not be empty (dusk refuses it);
//! [`Domain::Merkle2`] and [`Domain::Merkle4`] take exactly 2 and 4
//! elements and give one output, as does [`Domain::Encryption`]; only
//! [`Domain::Other`] gives more than one. [`hash_truncated`] is dusk's
//! `digest_truncated`: the hash with its top 6 bits cleared (a Jubjub
//! scalar's canonical value).
//!
//! The trait view is [`DuskPoseidon`]: the permutation of `[BlsScalar;
//! 5]`, `Compression<BlsScalar, 2>` = `Hash::digest(Domain::Merkle2, _)`,
//! `Compression<BlsScalar, 4>` = `Hash::digest(Domain::Merkle4, _)`, and
//! `Hasher<BlsScalar>` = `Hash::digest(Domain::Other, _)[0]` (an empty
//! input is refused by `try_hash_elements`).

mod blake2b;
mod constants;

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, Permutation};
use algebraic_hash_montgomery::{Arith, Backend, from_limbs};
use ark_ff::{BigInteger, PrimeField, Zero};

use super::{Field, Spec, dense_mix, sparse_mix_at};

/// The BLS12-381 scalar field, Dusk's `BlsScalar`.
pub type BlsScalar = ark_bls12_381::Fr;

/// The permutation's width (dusk-poseidon's `HADES_WIDTH`).
pub const WIDTH: usize = 5;

/// The most elements one call may absorb or squeeze (`2^31 − 1`, dusk-safe's
/// limit).
pub const MAX_LENGTH: usize = (1 << 31) - 1;

/// The Hades table of Dusk's Poseidon.
pub(crate) struct Dusk;

impl Field<4> for Dusk {
    type Config = ark_bls12_381::FrConfig;
}

impl Spec<4, 5> for Dusk {
    const ALPHA: u64 = 5;
    const ROUNDS_F: usize = 8;
    const ROUNDS_P: usize = 60;
    const SBOX_CELL: usize = 4;

    fn full_constants() -> &'static [[[u64; 4]; 5]] {
        &constants::FULL
    }

    fn partial_constants() -> &'static [[u64; 4]] {
        &constants::PARTIAL
    }

    #[inline(always)]
    fn mix<B: Backend<4>>(f: Arith<Self::Config, B, 4>, state: &mut [[u64; 4]; 5]) {
        dense_mix(f, &constants::MDS, state);
    }

    #[inline(always)]
    fn mix_before_partial<B: Backend<4>>(f: Arith<Self::Config, B, 4>, state: &mut [[u64; 4]; 5]) {
        dense_mix(f, &constants::PRE_SPARSE, state);
    }

    #[inline(always)]
    fn mix_partial<B: Backend<4>>(
        f: Arith<Self::Config, B, 4>,
        round: usize,
        state: &mut [[u64; 4]; 5],
    ) {
        sparse_mix_at::<_, _, 4, 5, 4>(
            f,
            &constants::SPARSE_ROWS[round],
            &constants::SPARSE_COLS[round],
            state,
        );
    }
}

/// dusk-poseidon's domains; each is a separator in the sponge's tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Domain {
    /// A level of a 4-ary Merkle tree: exactly 4 elements in, 1 out
    /// (separator 15).
    Merkle4,
    /// A level of a binary Merkle tree: exactly 2 elements in, 1 out
    /// (separator 3).
    Merkle2,
    /// The hash of Dusk's encryption: any number in, 1 out (separator
    /// 2^32).
    Encryption,
    /// Any other hash: any number in, any number out (separator 0).
    Other,
}

impl From<Domain> for u64 {
    /// The domain separator, as dusk-poseidon's `From<Domain> for u64`.
    fn from(domain: Domain) -> u64 {
        match domain {
            Domain::Merkle4 => 0xf,
            Domain::Merkle2 => 0x3,
            Domain::Encryption => 1 << 32,
            Domain::Other => 0,
        }
    }
}

/// Dusk's Poseidon permutation of `[BlsScalar; 5]`; as
/// `Compression<BlsScalar, 2>` / `<.., 4>` the Merkle2 / Merkle4 hash, as
/// `Hasher<BlsScalar>` the hash of [`Domain::Other`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DuskPoseidon;

// Not `#[inline]`: the permutation is compiled once, here.
permute_on!(DuskPoseidon, BlsScalar, Dusk, 5);

impl Permutation<[BlsScalar; 5]> for DuskPoseidon {
    fn permute_mut(&self, state: &mut [BlsScalar; 5]) {
        super::permute_many::<Dusk, 4, 5>(core::slice::from_mut(state));
    }

    /// Two states stepped together (throughput; same results as one by
    /// one).
    fn permute_many(&self, states: &mut [[BlsScalar; 5]]) {
        super::permute_many::<Dusk, 4, 5>(states);
    }
}

/// The permutation of one state.
pub fn permute(state: &mut [BlsScalar; 5]) {
    DuskPoseidon.permute_mut(state);
}

/// The sponge's tag for `absorbed` elements in, `squeezed` out, in `domain`
/// (both counts already checked).
fn tag(absorbed: usize, squeezed: usize, domain: Domain) -> BlsScalar {
    match (domain, absorbed, squeezed) {
        (Domain::Merkle2, 2, 1) => from_limbs(constants::TAG_MERKLE2),
        (Domain::Merkle4, 4, 1) => from_limbs(constants::TAG_MERKLE4),
        _ => {
            let mut message = [0u8; 16];
            message[..4].copy_from_slice(&(0x8000_0000 | absorbed as u32).to_be_bytes());
            message[4..8].copy_from_slice(&(squeezed as u32).to_be_bytes());
            message[8..].copy_from_slice(&u64::from(domain).to_be_bytes());
            BlsScalar::from_le_bytes_mod_order(&blake2b::blake2b_512(&message))
        }
    }
}

/// Checks the counts as dusk-poseidon does (`Hash::try_finalize`).
fn check(domain: Domain, absorbed: usize, squeezed: usize) -> Result<(), Error> {
    let fixed = |expected| {
        if absorbed == expected {
            Ok(())
        } else {
            Err(Error::WrongLength {
                what: "Dusk Merkle hash input",
                expected,
                found: absorbed,
            })
        }
    };
    match domain {
        Domain::Merkle2 => fixed(2)?,
        Domain::Merkle4 => fixed(4)?,
        Domain::Encryption | Domain::Other => {
            if absorbed == 0 || absorbed > MAX_LENGTH {
                return Err(Error::LengthOutOfRange {
                    what: "Dusk hash input",
                    min: 1,
                    max: MAX_LENGTH,
                    found: absorbed,
                });
            }
        }
    }
    match domain {
        Domain::Other if squeezed == 0 || squeezed > MAX_LENGTH => Err(Error::LengthOutOfRange {
            what: "Dusk hash output",
            min: 1,
            max: MAX_LENGTH,
            found: squeezed,
        }),
        Domain::Merkle2 | Domain::Merkle4 | Domain::Encryption if squeezed != 1 => {
            Err(Error::WrongLength {
                what: "Dusk hash output (one outside Domain::Other)",
                expected: 1,
                found: squeezed,
            })
        }
        _ => Ok(()),
    }
}

/// The sponge, counts checked.
fn sponge(domain: Domain, input: &[BlsScalar], output: &mut [BlsScalar]) {
    let mut state = [BlsScalar::zero(); 5];
    state[0] = tag(input.len(), output.len(), domain);
    let mut sponge = DuplexSponge::<BlsScalar, _, 5, 4, 1>::new(DuskPoseidon, state);
    for &x in input {
        sponge.absorb_one(x);
    }
    for out in output {
        *out = sponge.squeeze_one();
    }
}

/// `Hash::digest(domain, input)[0]`: the hash of `input` (one output).
///
/// # Errors
/// An empty input or one over [`MAX_LENGTH`] ([`Error::LengthOutOfRange`]);
/// another count than 2 for [`Domain::Merkle2`] or 4 for
/// [`Domain::Merkle4`] ([`Error::WrongLength`]).
pub fn hash(domain: Domain, input: &[BlsScalar]) -> Result<BlsScalar, Error> {
    let mut out = [BlsScalar::zero()];
    hash_into(domain, input, &mut out)?;
    Ok(out[0])
}

/// The hash of `input` with `output.len()` outputs: dusk-poseidon's
/// `Hash::new(domain)`, `update(input)`, `output_len(output.len())`,
/// `finalize()`. Splitting the input over several `update` calls gives the
/// same hash (the IO pattern joins consecutive absorbs).
///
/// # Errors
/// As [`hash`]; and an output count of 0 or over [`MAX_LENGTH`]
/// ([`Error::LengthOutOfRange`]), or other than 1 outside [`Domain::Other`]
/// ([`Error::WrongLength`]: dusk ignores `output_len` there, this refuses
/// it).
pub fn hash_into(
    domain: Domain,
    input: &[BlsScalar],
    output: &mut [BlsScalar],
) -> Result<(), Error> {
    check(domain, input.len(), output.len())?;
    sponge(domain, input, output);
    Ok(())
}

/// `Hash::digest_truncated(domain, input)[0]`: [`hash`] with its 6 top bits
/// cleared, below 2^250 — the canonical value of the Jubjub scalar dusk
/// returns.
///
/// # Errors
/// As [`hash`].
pub fn hash_truncated(domain: Domain, input: &[BlsScalar]) -> Result<BlsScalar, Error> {
    let full = hash(domain, input)?;
    let mut bigint = full.into_bigint();
    bigint.0[3] &= (1 << 58) - 1;
    debug_assert!(bigint.num_bits() <= 250);
    Ok(BlsScalar::from_bigint(bigint).expect("below 2^250 < p"))
}

impl Compression<BlsScalar, 2> for DuskPoseidon {
    /// `Hash::digest(Domain::Merkle2, &input)[0]`.
    #[inline]
    fn compress(&self, [x, y]: [BlsScalar; 2]) -> BlsScalar {
        let z = BlsScalar::zero();
        let mut state = [from_limbs(constants::TAG_MERKLE2), x, y, z, z];
        self.permute_mut(&mut state);
        state[1]
    }

    #[inline]
    fn compress_many(&self, inputs: &[[BlsScalar; 2]], outputs: &mut [BlsScalar]) {
        let tag = from_limbs(constants::TAG_MERKLE2);
        let z = BlsScalar::zero();
        algebraic_hash::compress_many_with(
            self,
            inputs,
            outputs,
            |&[x, y]| [tag, x, y, z, z],
            |_, permuted| permuted[1],
        );
    }
}

impl Compression<BlsScalar, 4> for DuskPoseidon {
    /// `Hash::digest(Domain::Merkle4, &input)[0]`.
    #[inline]
    fn compress(&self, [a, b, c, d]: [BlsScalar; 4]) -> BlsScalar {
        let mut state = [from_limbs(constants::TAG_MERKLE4), a, b, c, d];
        self.permute_mut(&mut state);
        state[1]
    }

    #[inline]
    fn compress_many(&self, inputs: &[[BlsScalar; 4]], outputs: &mut [BlsScalar]) {
        let tag = from_limbs(constants::TAG_MERKLE4);
        algebraic_hash::compress_many_with(
            self,
            inputs,
            outputs,
            |&[a, b, c, d]| [tag, a, b, c, d],
            |_, permuted| permuted[1],
        );
    }
}

impl Hasher<BlsScalar> for DuskPoseidon {
    type Digest = BlsScalar;

    /// `Hash::digest(Domain::Other, input)[0]`.
    ///
    /// # Panics
    /// If `input` is empty (as dusk's `digest`); `try_hash_elements` returns
    /// an error instead.
    #[inline]
    fn hash_elements(&self, input: &[BlsScalar]) -> BlsScalar {
        match hash(Domain::Other, input) {
            Ok(digest) => digest,
            Err(e) => panic!("{e}"),
        }
    }

    /// [`hash`] in [`Domain::Other`]; an empty input is
    /// [`Error::LengthOutOfRange`].
    #[inline]
    fn try_hash_elements(&self, input: &[BlsScalar]) -> Result<BlsScalar, Error> {
        hash(Domain::Other, input)
    }
}
