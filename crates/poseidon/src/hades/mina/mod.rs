//! Mina's Poseidons over its base field Fp (the Pallas base field), with
//! the sponge of o1-labs/proof-systems and the domain-prefix hashing of
//! mina-hasher and o1js: bit-for-bit `mina_poseidon`'s
//! `ArithmeticSponge::<Fp, PlonkSpongeConstantsKimchi | Legacy, _>` with
//! `fp_kimchi` / `fp_legacy` parameters, and o1js's (mina-signer's)
//! `Poseidon`, `PoseidonLegacy` and `hashWithPrefix`.
//!
//! Instances (proof-systems `poseidon/src/constants.rs`, `permutation.rs`):
//! - [`Kimchi`] (Berkeley and later: zkApps, Kimchi proofs): width 3, x^7,
//!   55 full rounds, no partial rounds;
//! - [`Legacy`] (pre-Berkeley payments and signatures): width 3, x^5, 63
//!   full rounds, no partial rounds, and a row of constants added before
//!   the first round.
//!
//! Both apply, each round, the S-box to every cell, then a dense MDS
//! matrix, then the round's constants — the paper's order rotated by one
//! step, which the shared round code of `src/hades` runs with its
//! `Spec::CONSTANTS_AFTER_MIX`. The
//! matrices and constants are proof-systems' published parameter files,
//! turned into limb tables by `scripts/poseidon-hades/mina.py`, which
//! checks them against proof-systems' vectors first.
//!
//! The sponge ([`ArithmeticSponge`]): rate 2 (cells 0, 1), capacity 1
//! (cell 2), the state starting at zero. Absorbing adds into the rate and
//! permutes lazily, when a third element arrives for a full rate; squeezing
//! permutes when it starts (so an empty input is one permutation) and reads
//! cells 0, 1, then permutes again; absorbing after squeezing adds into
//! cell 0 again without permuting first. No padding and no length: inputs
//! that differ by trailing zeros up to an even length collide, as in Mina,
//! where every hashed structure has a fixed length. That is the
//! workspace's [`DuplexSponge`] with rate 2 at cell 0.
//!
//! Hashing:
//! - [`hash`]: `ArithmeticSponge::new`, `absorb(input)`, `squeeze()` (the
//!   hash of proof-systems' test vectors; o1js's `Poseidon.hash`); the
//!   [`Hasher`] of [`Kimchi`] and [`Legacy`], and, of two elements, their
//!   [`Compression`];
//! - [`MinaHasher`]: mina-hasher's hasher context (`create_kimchi`,
//!   `create_legacy`; `init`, `reset`, `update`, `digest`, `hash`,
//!   `init_and_hash`), whose domain string is packed into a field element
//!   ([`domain_prefix_to_field`]: ASCII, at most 20 bytes, right-padded with
//!   `*` to 20, read little-endian), absorbed and squeezed once;
//! - [`hash_with_prefix`]: o1js's `hashWithPrefix(prefix, input)` (its
//!   prefix packed by [`prefix_to_field`], zero-padded: o1js's prefixes come
//!   padded with `*` to 20 bytes already), which equals
//!   [`MinaHasher::init_and_hash`] for such a prefix and any non-empty
//!   input. For an empty input the two differ: mina-hasher's `digest` then
//!   reads cell 1 of the domain state without permuting, o1js permutes once
//!   more and reads cell 0; each function here is bit-for-bit its own
//!   reference.
//!
//! Text and bytes from users go through [`fp_from_str`] and
//! [`fp_from_le_bytes`] (proof-systems' `FieldHelpers::from_bytes`
//! encoding), which refuse values ≥ p.

mod constants;

use algebraic_hash::{Compression, DuplexSponge, Error, Hasher, Permutation, parse};
use algebraic_hash_montgomery::{Arith, Backend};
use ark_ff::{BigInt, PrimeField, Zero};

use super::{Field, Spec, dense_mix};

/// Mina's base field Fp: the Pallas base field (`mina_curves::pasta::Fp`,
/// arkworks' `ark_pallas::Fq`, pasta_curves' `pallas::Base`).
pub type Fp = ark_pallas::Fq;

/// Name of the field in error messages.
pub const FIELD_NAME: &str = "Mina Fp (Pallas base field)";

/// The longest domain string mina-hasher accepts, in bytes.
pub const MAX_DOMAIN_STRING_LEN: usize = 20;

/// The Hades table of Kimchi's Poseidon.
pub(crate) struct KimchiTable;
/// The Hades table of the legacy Poseidon.
pub(crate) struct LegacyTable;

impl Field<4> for KimchiTable {
    type Config = ark_pallas::FqConfig;
}

impl Field<4> for LegacyTable {
    type Config = ark_pallas::FqConfig;
}

impl Spec<4, 3> for KimchiTable {
    const ALPHA: u64 = 7;
    const ROUNDS_F: usize = 55;
    const ROUNDS_P: usize = 0;
    const SBOX_CELL: usize = 0;
    const CONSTANTS_AFTER_MIX: bool = true;

    fn full_constants() -> &'static [[[u64; 4]; 3]] {
        &constants::KIMCHI_ROUND_CONSTANTS
    }

    fn partial_constants() -> &'static [[u64; 4]] {
        &[]
    }

    #[inline(always)]
    fn mix<B: Backend<4>>(f: Arith<Self::Config, B, 4>, state: &mut [[u64; 4]; 3]) {
        dense_mix(f, &constants::KIMCHI_MDS, state);
    }
}

impl Spec<4, 3> for LegacyTable {
    const ALPHA: u64 = 5;
    const ROUNDS_F: usize = 63;
    const ROUNDS_P: usize = 0;
    const SBOX_CELL: usize = 0;
    const CONSTANTS_AFTER_MIX: bool = true;

    fn full_constants() -> &'static [[[u64; 4]; 3]] {
        &constants::LEGACY_ROUND_CONSTANTS
    }

    fn initial_constants() -> Option<&'static [[u64; 4]; 3]> {
        Some(&constants::LEGACY_INITIAL_CONSTANTS)
    }

    fn partial_constants() -> &'static [[u64; 4]] {
        &[]
    }

    #[inline(always)]
    fn mix<B: Backend<4>>(f: Arith<Self::Config, B, 4>, state: &mut [[u64; 4]; 3]) {
        dense_mix(f, &constants::LEGACY_MDS, state);
    }
}

/// Kimchi's Poseidon over [`Fp`] (proof-systems' `PlonkSpongeConstantsKimchi`
/// with `pasta::fp_kimchi` parameters; o1js's `Poseidon`): as a
/// `Permutation<[Fp; 3]>` it is `poseidon_block_cipher`, as a
/// `Hasher<Fp>` [`hash`], as a `Compression<Fp, 2>` [`hash`] of two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Kimchi;

/// Mina's legacy Poseidon over [`Fp`] (proof-systems'
/// `PlonkSpongeConstantsLegacy` with `pasta::fp_legacy` parameters; o1js's
/// `PoseidonLegacy`), with the same trait view as [`Kimchi`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Legacy;

/// proof-systems' `ArithmeticSponge` over [`Fp`]: rate 2 at cell 0,
/// capacity 1 (the module docs give its rules). [`new_sponge`] makes one
/// at the zero state.
pub type ArithmeticSponge<P> = DuplexSponge<Fp, P, 3, 2, 0>;

/// `ArithmeticSponge::new`: a sponge at the zero state.
pub fn new_sponge<P: Permutation<[Fp; 3]>>(permutation: P) -> ArithmeticSponge<P> {
    DuplexSponge::new(permutation, [Fp::zero(); 3])
}

/// The hash of proof-systems' test vectors and o1js's `Poseidon.hash`: a
/// new [`ArithmeticSponge`] absorbs `input` and squeezes one element
/// (`max(1, ⌈n/2⌉)` permutations).
pub fn hash<P: Permutation<[Fp; 3]>>(permutation: P, input: &[Fp]) -> Fp {
    let mut sponge = new_sponge(permutation);
    for &x in input {
        sponge.absorb_one(x);
    }
    sponge.squeeze_one()
}

/// Packs a domain string into a field element as mina-hasher does
/// (`domain_prefix_to_field`; o1js's `prefixToField`): the string's bytes,
/// right-padded with `*` to [`MAX_DOMAIN_STRING_LEN`] bytes, read as a
/// little-endian integer (below 2^160, so below p). `"CodaSignature"`
/// becomes `"CodaSignature*******"`.
///
/// A longer string is [`Error::LengthOutOfRange`] (mina-hasher panics); a
/// non-ASCII one is [`Error::Unsupported`] (every Mina prefix is ASCII,
/// and mina-hasher's padding counts characters, not bytes).
pub fn domain_prefix_to_field(prefix: &str) -> Result<Fp, Error> {
    if prefix.len() > MAX_DOMAIN_STRING_LEN {
        return Err(Error::LengthOutOfRange {
            what: "Mina domain string bytes",
            min: 0,
            max: MAX_DOMAIN_STRING_LEN,
            found: prefix.len(),
        });
    }
    if !prefix.is_ascii() {
        return Err(Error::Unsupported {
            what: "non-ASCII Mina domain string",
        });
    }
    let mut bytes = [b'*'; MAX_DOMAIN_STRING_LEN];
    bytes[..prefix.len()].copy_from_slice(prefix.as_bytes());
    Ok(Fp::from_le_bytes_mod_order(&bytes))
}

/// The longest prefix o1js's `prefixToField` accepts, in bytes.
pub const MAX_PREFIX_LEN: usize = 31;

/// Packs a prefix into a field element as o1js does (`prefixToField`):
/// the string's bytes, zero-padded, read as a little-endian integer. o1js
/// passes its prefixes (`prefixes` of mina-signer) already padded with `*`
/// to 20 bytes, and on those this equals [`domain_prefix_to_field`]; a
/// shorter prefix differs (zeros here, `*` there).
///
/// Longer than [`MAX_PREFIX_LEN`] is [`Error::LengthOutOfRange`] (o1js
/// throws); non-ASCII is [`Error::Unsupported`].
pub fn prefix_to_field(prefix: &str) -> Result<Fp, Error> {
    if prefix.len() > MAX_PREFIX_LEN {
        return Err(Error::LengthOutOfRange {
            what: "o1js prefix bytes",
            min: 0,
            max: MAX_PREFIX_LEN,
            found: prefix.len(),
        });
    }
    if !prefix.is_ascii() {
        return Err(Error::Unsupported {
            what: "non-ASCII o1js prefix",
        });
    }
    Ok(Fp::from_le_bytes_mod_order(prefix.as_bytes()))
}

/// o1js's `salt(prefix)`: the state after absorbing [`prefix_to_field`]
/// into a zero state and permuting (mina-signer publishes these states as
/// `prefixHashes`, `prefixHashesLegacy`).
pub fn salt<P: Permutation<[Fp; 3]>>(permutation: P, prefix: &str) -> Result<[Fp; 3], Error> {
    let domain = prefix_to_field(prefix)?;
    Ok(permutation.permute([domain, Fp::zero(), Fp::zero()]))
}

/// o1js's `hashWithPrefix(prefix, input)` (`Poseidon` for [`Kimchi`],
/// `HashLegacy` for [`Legacy`]): from [`salt`]`(prefix)`, add `input` two
/// elements at a time into cells 0, 1, permuting after each pair and after
/// a last single element (an empty input is one permutation); the hash is
/// cell 0. Equal to [`MinaHasher::init_and_hash`] for a 20-byte prefix
/// (every prefix o1js passes) and a non-empty `input`.
pub fn hash_with_prefix<P: Permutation<[Fp; 3]>>(
    permutation: P,
    prefix: &str,
    input: &[Fp],
) -> Result<Fp, Error> {
    let state = salt(&permutation, prefix)?;
    let mut sponge = DuplexSponge::<Fp, _, 3, 2, 0>::new(permutation, state);
    for &x in input {
        sponge.absorb_one(x);
    }
    Ok(sponge.squeeze_one())
}

/// mina-hasher's hasher context (`mina_hasher::Poseidon`, as
/// `create_kimchi` / `create_legacy` return it) over elements already
/// packed (`ROInput::to_fields`): an [`ArithmeticSponge`] and the state it
/// had after [`MinaHasher::init`], to which [`MinaHasher::reset`] returns.
#[derive(Clone, Debug)]
pub struct MinaHasher<P> {
    /// The sponge right after `init`.
    initial: ArithmeticSponge<P>,
    sponge: ArithmeticSponge<P>,
}

/// mina-hasher's `create_kimchi`: a [`MinaHasher`] over [`Kimchi`] set up
/// with `domain` (`None`: no domain string, the zero state).
pub fn create_kimchi(domain: Option<&str>) -> Result<MinaHasher<Kimchi>, Error> {
    MinaHasher::new(Kimchi, domain)
}

/// mina-hasher's `create_legacy`: a [`MinaHasher`] over [`Legacy`] set up
/// with `domain`.
pub fn create_legacy(domain: Option<&str>) -> Result<MinaHasher<Legacy>, Error> {
    MinaHasher::new(Legacy, domain)
}

impl<P: Permutation<[Fp; 3]> + Clone> MinaHasher<P> {
    /// A hasher over `permutation`, [`MinaHasher::init`]ed with `domain`.
    pub fn new(permutation: P, domain: Option<&str>) -> Result<Self, Error> {
        let sponge = new_sponge(permutation);
        let mut hasher = Self {
            initial: sponge.clone(),
            sponge,
        };
        hasher.init(domain)?;
        Ok(hasher)
    }

    /// `Hasher::init`: from the zero state, absorbs
    /// [`domain_prefix_to_field`]`(domain)` and squeezes once (one
    /// permutation), or nothing for `None`; that state is kept for
    /// [`MinaHasher::reset`]. A bad domain string leaves the hasher as it
    /// was.
    pub fn init(&mut self, domain: Option<&str>) -> Result<&mut Self, Error> {
        let mut sponge = new_sponge(self.sponge.permutation().clone());
        if let Some(domain) = domain {
            sponge.absorb_one(domain_prefix_to_field(domain)?);
            sponge.squeeze_one();
        }
        self.initial = sponge.clone();
        self.sponge = sponge;
        Ok(self)
    }

    /// `Hasher::reset`: back to the state [`MinaHasher::init`] left.
    pub fn reset(&mut self) -> &mut Self {
        self.sponge = self.initial.clone();
        self
    }

    /// `Hasher::update`: absorbs `input` (after `init` squeezed, the first
    /// element goes into cell 0 without a permutation).
    pub fn update(&mut self, input: &[Fp]) -> &mut Self {
        for &x in input {
            self.sponge.absorb_one(x);
        }
        self
    }

    /// `Hasher::digest`: squeezes one element, then leaves the sponge at
    /// the **zero** state, as mina-hasher's does (its `sponge.reset()`), not
    /// at the domain state: call [`MinaHasher::reset`] (or use
    /// [`MinaHasher::hash`]) before hashing again under the same domain.
    pub fn digest(&mut self) -> Fp {
        let out = self.sponge.squeeze_one();
        self.sponge = new_sponge(self.sponge.permutation().clone());
        out
    }

    /// `Hasher::hash`: reset, update with `input`, digest, reset.
    pub fn hash(&mut self, input: &[Fp]) -> Fp {
        self.reset();
        self.update(input);
        let out = self.digest();
        self.reset();
        out
    }

    /// `Hasher::init_and_hash`: init with `domain`, update with `input`,
    /// digest, reset.
    pub fn init_and_hash(&mut self, domain: Option<&str>, input: &[Fp]) -> Result<Fp, Error> {
        self.init(domain)?;
        self.update(input);
        let out = self.digest();
        self.reset();
        Ok(out)
    }
}

/// The trait impls of one permutation.
macro_rules! permutation_impls {
    ($permutation:ty, $table:ty) => {
        permute_on!($permutation, Fp, $table, 3);

        // Not `#[inline]`: the permutation is compiled once, here.
        impl Permutation<[Fp; 3]> for $permutation {
            fn permute_mut(&self, state: &mut [Fp; 3]) {
                super::permute_many::<$table, 4, 3>(core::slice::from_mut(state));
            }

            /// Two states stepped together (throughput; same results as
            /// one by one).
            fn permute_many(&self, states: &mut [[Fp; 3]]) {
                super::permute_many::<$table, 4, 3>(states);
            }
        }

        impl Compression<Fp, 2> for $permutation {
            /// [`hash`] of `[x, y]`: cell 0 of the permuted `[x, y, 0]`.
            #[inline]
            fn compress(&self, input: [Fp; 2]) -> Fp {
                hash(*self, &input)
            }

            #[inline]
            fn compress_many(&self, inputs: &[[Fp; 2]], outputs: &mut [Fp]) {
                algebraic_hash::compress_many_with(
                    self,
                    inputs,
                    outputs,
                    |&[x, y]| [x, y, Fp::zero()],
                    |_, permuted| permuted[0],
                );
            }
        }

        impl Hasher<Fp> for $permutation {
            type Digest = Fp;

            /// [`hash`] of `input` (any length, including none).
            #[inline]
            fn hash_elements(&self, input: &[Fp]) -> Fp {
                hash(*self, input)
            }
        }
    };
}
permutation_impls!(Kimchi, KimchiTable);
permutation_impls!(Legacy, LegacyTable);

/// The modulus, little-endian limbs.
const MODULUS: [u64; 4] = <Fp as PrimeField>::MODULUS.0;

/// Parses a decimal or `0x`-hex element; values ≥ p are refused
/// ([`Error::NotCanonical`]), never reduced.
pub fn fp_from_str(text: &str) -> Result<Fp, Error> {
    let limbs = parse::parse_below(text, &MODULUS, FIELD_NAME)?;
    Fp::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// Reads an element from exactly 32 little-endian bytes (proof-systems'
/// `FieldHelpers::from_bytes` and `from_hex`, the encoding of its test
/// vectors); values ≥ p are refused.
pub fn fp_from_le_bytes(bytes: &[u8]) -> Result<Fp, Error> {
    if bytes.len() != 32 {
        return Err(Error::WrongLength {
            what: "Mina Fp element bytes",
            expected: 32,
            found: bytes.len(),
        });
    }
    let limbs = parse::le_bytes_below(bytes, &MODULUS, FIELD_NAME)?;
    Fp::from_bigint(BigInt(limbs)).ok_or(Error::NotCanonical { field: FIELD_NAME })
}

/// The canonical 32 little-endian bytes of `x`.
pub fn fp_to_le_bytes(x: &Fp) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (chunk, limb) in out.chunks_exact_mut(8).zip(x.into_bigint().0) {
        chunk.copy_from_slice(&limb.to_le_bytes());
    }
    out
}
