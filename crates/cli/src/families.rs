//! Every instance of every family crate, by its stable CLI name.
//!
//! Each family is behind the crate feature of its name (all on by
//! default), so that the WebAssembly package can build one small module
//! per family from this same registry.

#[cfg(feature = "rescue")]
use algebraic_hash::Compression;
use algebraic_hash::Error;
#[cfg(any(feature = "rescue", feature = "circom"))]
use algebraic_hash::Hasher;
#[cfg(any(feature = "rescue", feature = "circom", feature = "circom-wide"))]
use algebraic_hash::Permutation;
#[cfg(feature = "anemoi")]
use algebraic_hash_anemoi::{Anemoi, AnemoiField, AnemoiHash, AnemoiJive, Version};
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::aleo;
#[cfg(any(feature = "circom", feature = "circom-wide"))]
use algebraic_hash_poseidon::circom::{self, CircomPoseidon};
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::dusk::{BlsScalar, DuskPoseidon};
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::filecoin;
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::mina::{self, Kimchi, Legacy};
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::orchard::{self, P128Pow5T3};
#[cfg(feature = "poseidon2")]
use algebraic_hash_poseidon::poseidon2;
#[cfg(feature = "hades")]
use algebraic_hash_poseidon::starknet::{self, StarknetPoseidon};
#[cfg(feature = "goldilocks")]
use algebraic_hash_poseidon_goldilocks as plonky2;
#[cfg(feature = "poseidon2-small")]
use algebraic_hash_poseidon2_small::Poseidon2Field;
#[cfg(feature = "poseidon2-small")]
use algebraic_hash_poseidon2_small::field::{BabyBear, Field31, KoalaBear, Mersenne31};
#[cfg(feature = "poseidon2-small")]
use algebraic_hash_poseidon2_small::{openvm, plonky3, risc0, sp1};
#[cfg(any(
    feature = "rescue",
    feature = "poseidon2-small",
    feature = "goldilocks",
    feature = "tip5"
))]
use algebraic_hash_rescue::Felt;
#[cfg(feature = "rescue")]
use algebraic_hash_rescue::{ElementDigest, Rp64_256, Rpo256, Rpx256};
use ark_bn254::Fr;

use crate::element::{Codec, Element, ark_codec};
#[cfg(any(feature = "rescue", feature = "anemoi", feature = "tip5"))]
use crate::registry::DigestElements;
use crate::registry::Instance;

// Goldilocks: Rescue's, Plonky3's Poseidon2, Plonky2's Poseidon and Tip5.
#[cfg(any(
    feature = "rescue",
    feature = "poseidon2-small",
    feature = "goldilocks",
    feature = "tip5"
))]
impl Codec for Felt {
    const FIELD: &'static str = "Goldilocks";
    // Winterfell's `hash(&[u8])` packs 7 bytes per element.
    const BYTES: usize = 7;
    const LIMBS: usize = 1;
    fn from_limbs(limbs: &[u64]) -> Result<Self, Error> {
        let [v] = algebraic_hash::parse::limbs_below::<1>(limbs, &[Felt::MODULUS], Self::FIELD)?;
        Felt::from_canonical(v).ok_or(Error::NotCanonical { field: Self::FIELD })
    }
    fn element(&self) -> Element {
        Element::from_limbs(&[self.to_u64()])
    }
    fn sample(seed: u64) -> Self {
        Felt::from_u64_reduced(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

/// Implements [`Codec`] for the 31-bit fields.
#[cfg(feature = "poseidon2-small")]
macro_rules! field31_codec {
    ($($ty:ty),*) => {$(
        impl Codec for $ty {
            const FIELD: &'static str = <$ty as Field31>::NAME;
            // 30 whole bits per element.
            const BYTES: usize = 3;
            const LIMBS: usize = 1;
            fn from_limbs(limbs: &[u64]) -> Result<Self, Error> {
                let [v] = algebraic_hash::parse::limbs_below::<1>(
                    limbs,
                    &[u64::from(<$ty as Field31>::MODULUS)],
                    Self::FIELD,
                )?;
                <$ty as Field31>::try_from_u64(v)
            }
            fn element(&self) -> Element {
                Element::from_limbs(&[u64::from(self.to_canonical())])
            }
            fn sample(seed: u64) -> Self {
                <$ty as Field31>::from_u64_reduced(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            }
        }
    )*};
}

#[cfg(feature = "poseidon2-small")]
field31_codec!(BabyBear, KoalaBear, Mersenne31);

ark_codec! {
    Fr => "BN254 Fr", 4;
}

#[cfg(feature = "anemoi")]
ark_codec! {
    algebraic_hash_anemoi::bls12_377::Felt => "BLS12-377 Fq", 6;
    algebraic_hash_anemoi::bls12_381::Felt => "BLS12-381 Fq", 6;
    algebraic_hash_anemoi::bn254::Felt => "BN254 Fq", 4;
}

// BLS12-377 Fr: Anemoi's ED_ON_BLS12-377 base field and Aleo's field.
#[cfg(any(feature = "anemoi", feature = "hades"))]
ark_codec! {
    ark_bls12_377::Fr => "ED_ON_BLS12-377 Fq (BLS12-377 Fr)", 4;
}

// Pallas and Vesta: Anemoi's fields, Orchard's and Mina's (one arkworks type each).
#[cfg(any(feature = "anemoi", feature = "hades"))]
ark_codec! {
    ark_pallas::Fq => "Pallas Fq", 4;
    ark_pallas::Fr => "Vesta Fq (Pallas Fr)", 4;
}

#[cfg(feature = "hades")]
ark_codec! {
    starknet::Felt => "Stark252", 4;
}

// BLS12-381 Fr: Anemoi's Jubjub base field, Dusk's and Filecoin's field.
#[cfg(any(feature = "anemoi", feature = "hades"))]
ark_codec! {
    ark_bls12_381::Fr => "Jubjub Fq (BLS12-381 Fr)", 4;
}

/// Instances the `bench` subcommand times (one or two per family and width
/// class; `list` has them all).
pub const BENCHED: &[&str] = &[
    "rp64-256",
    "poseidon-t3",
    "poseidon-t5",
    "poseidon2-new-t3",
    "poseidon2-new-t4",
    "poseidon2-plonky3-babybear-16",
    "poseidon2-plonky3-koalabear-16",
    "poseidon2-plonky3-goldilocks-8",
    "poseidon-plonky2",
    "tip5",
    "anemoi-bn254-2",
    "anemoi-bn254-4",
    "anemoi-bls12-381-2",
    "anemoi-bls12-381-4",
];

#[cfg(feature = "rescue")]
impl DigestElements<Felt> for ElementDigest {
    const LEN: usize = 4;
    fn from_elements(elements: &[Felt]) -> Self {
        ElementDigest::new(core::array::from_fn(|i| elements[i]))
    }
    fn to_elements(&self) -> Vec<Felt> {
        self.as_elements().to_vec()
    }
}

/// A Rescue instance: its permutation, `merge` of two digests, and its hash.
#[cfg(feature = "rescue")]
fn rescue_instance<R>(name: &str, what: &str, r: R) -> Instance
where
    R: Permutation<[Felt; 12]>
        + Compression<ElementDigest, 2>
        + Hasher<Felt, Digest = ElementDigest>
        + Send
        + 'static,
{
    Instance::new(
        name,
        format!("{what} (permute 12, hash any -> 4, compress 8 -> 4 = merge)"),
    )
    .permutation::<Felt, 12>(r.clone())
    .hasher::<Felt, _>(r.clone())
    .compression::<Felt, ElementDigest, 2>(r)
}

#[cfg(feature = "rescue")]
fn rescue() -> Vec<Instance> {
    vec![
        rescue_instance(
            "rp64-256",
            "Rescue-Prime Rp64_256 over Goldilocks, as Winterfell",
            Rp64_256,
        ),
        rescue_instance(
            "rpo256",
            "Rescue Prime Optimized Rpo256 over Goldilocks, as miden-crypto 0.36",
            Rpo256,
        ),
        rescue_instance(
            "rpx256",
            "Rescue Prime eXtension Rpx256 over Goldilocks, as miden-crypto 0.36",
            Rpx256,
        ),
    ]
}

#[cfg(any(feature = "circom", feature = "circom-wide"))]
macro_rules! circom_instances {
    ($($t:literal => $n:literal),*) => {
        vec![$(
            Instance::new(
                concat!("poseidon-t", $t),
                concat!(
                    "Poseidon over BN254, circomlib t = ", $t,
                    " (permute ", $t, ", hash/compress ", $n, " -> 1)"
                ),
            )
            .permutation::<Fr, $t>(CircomPoseidon::<$t>::new())
            .hasher::<Fr, _>(CircomPoseidon::<$t>::new())
            .compression::<Fr, Fr, $n>(CircomPoseidon::<$t>::new()),
        )*]
    };
}

/// The widest state of the `circom` feature (four inputs); `circom-wide`
/// has the widths above it.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
const LAST_NARROW_WIDTH: usize = 5;

/// The circom Poseidon widths of this build: 2..=5 with the `circom`
/// feature, 6..=17 with `circom-wide`, every one with both.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
pub const CIRCOM_WIDTHS: core::ops::RangeInclusive<usize> = {
    let min = if cfg!(feature = "circom") {
        circom::MIN_WIDTH
    } else {
        LAST_NARROW_WIDTH + 1
    };
    let max = if cfg!(feature = "circom-wide") {
        circom::MAX_WIDTH
    } else {
        LAST_NARROW_WIDTH
    };
    min..=max
};

/// circom Poseidon's permutation of width `state.len()`, for the widths of
/// this build ([`CIRCOM_WIDTHS`]): the library's `circom::permute_state`
/// links every width, this one only those the features turn on.
///
/// Fails with [`Error::LengthOutOfRange`] for any other length.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
pub fn circom_permute(state: &mut [Fr]) -> Result<(), Error> {
    fn width<const T: usize>(state: &mut [Fr]) -> Result<(), Error>
    where
        CircomPoseidon<T>: Permutation<[Fr; T]>,
    {
        let len = state.len();
        let fixed: &mut [Fr; T] = state.try_into().map_err(|_| width_error(len))?;
        CircomPoseidon::<T>::new().permute_mut(fixed);
        Ok(())
    }
    fn width_error(found: usize) -> Error {
        Error::LengthOutOfRange {
            what: "circom Poseidon state (the widths of this build)",
            min: *CIRCOM_WIDTHS.start(),
            max: *CIRCOM_WIDTHS.end(),
            found,
        }
    }
    match state.len() {
        #[cfg(feature = "circom")]
        2 => width::<2>(state),
        #[cfg(feature = "circom")]
        3 => width::<3>(state),
        #[cfg(feature = "circom")]
        4 => width::<4>(state),
        #[cfg(feature = "circom")]
        5 => width::<5>(state),
        #[cfg(feature = "circom-wide")]
        6 => width::<6>(state),
        #[cfg(feature = "circom-wide")]
        7 => width::<7>(state),
        #[cfg(feature = "circom-wide")]
        8 => width::<8>(state),
        #[cfg(feature = "circom-wide")]
        9 => width::<9>(state),
        #[cfg(feature = "circom-wide")]
        10 => width::<10>(state),
        #[cfg(feature = "circom-wide")]
        11 => width::<11>(state),
        #[cfg(feature = "circom-wide")]
        12 => width::<12>(state),
        #[cfg(feature = "circom-wide")]
        13 => width::<13>(state),
        #[cfg(feature = "circom-wide")]
        14 => width::<14>(state),
        #[cfg(feature = "circom-wide")]
        15 => width::<15>(state),
        #[cfg(feature = "circom-wide")]
        16 => width::<16>(state),
        #[cfg(feature = "circom-wide")]
        17 => width::<17>(state),
        other => Err(width_error(other)),
    }
}

/// circomlibjs' `poseidon(inputs)` over the widths of this build: the
/// library's checks and messages (`circom::poseidon_ex_with`), the
/// permutation of [`circom_permute`].
#[cfg(feature = "circom")]
#[derive(Clone, Copy, Debug)]
struct PoseidonOfInputs;

#[cfg(feature = "circom")]
impl Hasher<Fr> for PoseidonOfInputs {
    type Digest = Fr;

    fn hash_elements(&self, input: &[Fr]) -> Fr {
        match self.try_hash_elements(input) {
            Ok(digest) => digest,
            Err(e) => panic!("{e}"),
        }
    }

    fn try_hash_elements(&self, input: &[Fr]) -> Result<Fr, Error> {
        let mut out = [Fr::default()];
        circom::poseidon_ex_with(input, Fr::default(), &mut out, circom_permute)?;
        Ok(out[0])
    }
}

#[cfg(any(feature = "circom", feature = "circom-wide"))]
fn poseidon() -> Vec<Instance> {
    let mut v = Vec::new();
    #[cfg(feature = "circom")]
    {
        v.push(
            Instance::new(
                "poseidon",
                "Poseidon over BN254 as circomlibjs `poseidon(inputs)`: width from the input count (1..16)",
            )
            .hasher::<Fr, _>(PoseidonOfInputs),
        );
        v.extend(circom_instances!(2 => 1, 3 => 2, 4 => 3, 5 => 4));
    }
    #[cfg(feature = "circom-wide")]
    v.extend(circom_instances!(
        6 => 5, 7 => 6, 8 => 7, 9 => 8, 10 => 9, 11 => 10, 12 => 11,
        13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16
    ));
    v
}

#[cfg(feature = "poseidon2")]
macro_rules! poseidon2_instances {
    ($($set:ident $t:ident $w:literal => $n:literal: $what:literal),*) => {
        vec![$({
            let p = poseidon2::$set::$t::PERMUTATION;
            Instance::new(
                p.name(),
                concat!(
                    "Poseidon2 over BN254, ", $what, " t = ", $w,
                    " (permute ", $w, ", compress ", $n, " -> 1, hash any -> 1 by the Barretenberg sponge)"
                ),
            )
            .permutation::<Fr, $w>(p)
            .compression::<Fr, Fr, $n>(p)
            .hasher::<Fr, _>(p)
        },)*]
    };
}

#[cfg(feature = "poseidon2")]
fn poseidon2() -> Vec<Instance> {
    poseidon2_instances!(
        new t2 2 => 1: "HorizenLabs after bb476b9 (zkhash, taceo)",
        new t3 3 => 2: "HorizenLabs after bb476b9 (zkhash, taceo, Plonky3)",
        new t4 4 => 3: "HorizenLabs after bb476b9 (Barretenberg, Noir)",
        new t8 8 => 7: "HorizenLabs after bb476b9 (gnark-crypto, taceo)",
        new t12 12 => 11: "HorizenLabs after bb476b9 (gnark-crypto, taceo)",
        new t16 16 => 15: "HorizenLabs after bb476b9 (gnark-crypto, taceo)",
        old t2 2 => 1: "HorizenLabs before bb476b9 (seed)",
        old t3 3 => 2: "HorizenLabs before bb476b9 (Codex)",
        old t4 4 => 3: "HorizenLabs before bb476b9 (seed)"
    )
}

#[cfg(feature = "poseidon2-small")]
macro_rules! plonky3_instances {
    ($($perm:ident, $hash:ident, $compress:ident, $f:ty, $w:literal, $rate:literal, $d:literal;)*) => {
        vec![$(
            Instance::new(
                plonky3::$perm.name(),
                format!(
                    "Poseidon2 over {}, width {}, as Plonky3 0.8 `default_..._poseidon2_{}()` \
                     (permute {}, hash any -> {} by PaddingFreeSponge rate {}, compress {} -> {} by TruncatedPermutation)",
                    <$f as Poseidon2Field>::NAME, $w, $w, $w, $d, $rate, 2 * $d, $d
                ),
            )
            .permutation::<$f, $w>(plonky3::$perm)
            .hasher::<$f, _>(plonky3::$hash)
            .compression::<$f, [$f; $d], 2>(plonky3::$compress),
        )*]
    };
}

#[cfg(feature = "poseidon2-small")]
fn poseidon2_plonky3() -> Vec<Instance> {
    plonky3_instances! {
        BABYBEAR_16, BABYBEAR_16_HASH, BABYBEAR_16_COMPRESS, BabyBear, 16, 8, 8;
        BABYBEAR_24, BABYBEAR_24_HASH, BABYBEAR_24_COMPRESS, BabyBear, 24, 16, 8;
        KOALABEAR_16, KOALABEAR_16_HASH, KOALABEAR_16_COMPRESS, KoalaBear, 16, 8, 8;
        KOALABEAR_24, KOALABEAR_24_HASH, KOALABEAR_24_COMPRESS, KoalaBear, 24, 16, 8;
        MERSENNE31_16, MERSENNE31_16_HASH, MERSENNE31_16_COMPRESS, Mersenne31, 16, 8, 8;
        MERSENNE31_24, MERSENNE31_24_HASH, MERSENNE31_24_COMPRESS, Mersenne31, 24, 16, 8;
        GOLDILOCKS_8, GOLDILOCKS_8_HASH, GOLDILOCKS_8_COMPRESS, Felt, 8, 4, 4;
        GOLDILOCKS_12, GOLDILOCKS_12_HASH, GOLDILOCKS_12_COMPRESS, Felt, 12, 8, 4;
        GOLDILOCKS_16, GOLDILOCKS_16_HASH, GOLDILOCKS_16_COMPRESS, Felt, 16, 8, 8;
    }
}

/// Plonky2's Poseidon over Goldilocks: the permutation with `hash_no_pad`
/// and `two_to_one`, and `hash_or_noop` as an instance of its own.
#[cfg(feature = "goldilocks")]
fn plonky2_poseidon() -> Vec<Instance> {
    vec![
        Instance::new(
            "poseidon-plonky2",
            "Poseidon over Goldilocks as plonky2 (permute 12 = poseidon, hash any -> 4 = PoseidonHash::hash_no_pad, compress 8 -> 4 = two_to_one)",
        )
        .permutation::<Felt, 12>(plonky2::POSEIDON)
        .hasher::<Felt, _>(plonky2::POSEIDON_HASH)
        .compression::<Felt, plonky2::HashOut, 2>(plonky2::POSEIDON_HASH)
        .merkle_caps::<Felt, plonky2::HashOut, _>(
            |rows, cap_height, index| {
                let tree = plonky2::merkle::MerkleTree::new(rows, cap_height)?;
                let proof = index.map(|i| tree.prove(i)).transpose()?;
                Ok((tree.cap().to_vec(), proof))
            },
            |leaf, index, cap, siblings| {
                use plonky2::merkle::{CapError, verify_merkle_proof_to_cap};
                match verify_merkle_proof_to_cap(leaf, index, cap, siblings) {
                    Ok(()) => Ok(true),
                    Err(CapError::CapMismatch) => Ok(false),
                    Err(e) => Err(e),
                }
            },
        ),
        Instance::new(
            "poseidon-plonky2-hash-or-noop",
            "plonky2's PoseidonHash::hash_or_noop over Goldilocks (hash any -> 4: up to 4 elements are the digest, zero-filled; more are hash_no_pad)",
        )
        .hasher::<Felt, _>(plonky2::HASH_OR_NOOP),
    ]
}

/// Poseidon2 over the 31-bit fields as the zkVMs define it: RISC Zero
/// (its own sponge and `hash_pair`), SP1 v6 and v5, OpenVM (Plonky3's
/// default BabyBear 16 under OpenVM's name).
#[cfg(feature = "poseidon2-small")]
fn poseidon2_zkvm() -> Vec<Instance> {
    vec![
        Instance::new(
            risc0::POSEIDON2.name(),
            "Poseidon2 over BabyBear, width 24, as RISC Zero (risc0-zkp 3: permute = poseidon2_mix, \
             hash any -> 8 = hash_elem_slice (rate 16, last block zero-filled), compress 16 -> 8 = hash_pair)",
        )
        .permutation::<BabyBear, 24>(risc0::POSEIDON2)
        .hasher::<BabyBear, _>(risc0::HASH_FN)
        .compression::<BabyBear, risc0::Digest, 2>(risc0::HASH_FN),
        Instance::new(
            sp1::POSEIDON2.name(),
            "Poseidon2 over KoalaBear, width 16, as SP1 v6 (sp1-primitives 6: permute = poseidon2_init(), \
             hash any -> 8 = poseidon2_hash, PaddingFreeSponge rate 8; compress 16 -> 8 by TruncatedPermutation)",
        )
        .permutation::<KoalaBear, 16>(sp1::POSEIDON2)
        .hasher::<KoalaBear, _>(sp1::HASH)
        .compression::<KoalaBear, [KoalaBear; 8], 2>(sp1::COMPRESS),
        Instance::new(
            sp1::v5::POSEIDON2.name(),
            "Poseidon2 over BabyBear, width 16, as SP1 v5 (sp1-primitives 5: permute = poseidon2_init(), \
             hash any -> 8 = poseidon2_hash, PaddingFreeSponge rate 8; compress 16 -> 8 by TruncatedPermutation)",
        )
        .permutation::<BabyBear, 16>(sp1::v5::POSEIDON2)
        .hasher::<BabyBear, _>(sp1::v5::HASH)
        .compression::<BabyBear, [BabyBear; 8], 2>(sp1::v5::COMPRESS),
        Instance::new(
            openvm::POSEIDON2.name(),
            "Poseidon2 over BabyBear, width 16, as OpenVM (openvm-stark-sdk 2: poseidon2_perm(), HorizenLabs \
             round constants in Plonky3's layers = poseidon2-plonky3-babybear-16; hash any -> 8 by \
             PaddingFreeSponge rate 8, compress 16 -> 8 by TruncatedPermutation)",
        )
        .permutation::<BabyBear, 16>(openvm::POSEIDON2)
        .hasher::<BabyBear, _>(openvm::HASH)
        .compression::<BabyBear, openvm::Digest, 2>(openvm::COMPRESS),
    ]
}

/// The Hades Poseidon instances of other ecosystems, with their own modes.
#[cfg(feature = "hades")]
fn hades() -> Vec<Instance> {
    vec![
        Instance::new(
            "starknet-poseidon",
            "Poseidon over Stark252 as Starknet (permute 3 = hades_permutation, compress 2 -> 1 = poseidon_hash, hash any -> 1 = poseidon_hash_many)",
        )
        .permutation::<starknet::Felt, 3>(StarknetPoseidon)
        .compression::<starknet::Felt, starknet::Felt, 2>(StarknetPoseidon)
        .hasher::<starknet::Felt, _>(StarknetPoseidon),
        Instance::new(
            "orchard-poseidon-pallas",
            "Poseidon P128Pow5T3 over Pallas Fp (arkworks Pallas Fq) as Zcash Orchard / halo2_poseidon (permute 3, compress and hash 2 -> 1 = ConstantLength<2>)",
        )
        .permutation::<orchard::PallasFp, 3>(P128Pow5T3)
        .compression::<orchard::PallasFp, orchard::PallasFp, 2>(P128Pow5T3)
        .hasher::<orchard::PallasFp, _>(orchard::ConstantLength::<2>),
        Instance::new(
            "orchard-poseidon-vesta",
            "Poseidon P128Pow5T3 over Vesta Fp (arkworks Pallas Fr) as halo2_poseidon (permute 3, compress and hash 2 -> 1 = ConstantLength<2>)",
        )
        .permutation::<orchard::VestaFp, 3>(P128Pow5T3)
        .compression::<orchard::VestaFp, orchard::VestaFp, 2>(P128Pow5T3)
        .hasher::<orchard::VestaFp, _>(orchard::ConstantLength::<2>),
        Instance::new(
            "mina-poseidon-kimchi",
            "Poseidon over Mina's Fp (Pallas Fp, arkworks Pallas Fq) as Mina's Kimchi / proof-systems and o1js (permute 3, hash any -> 1 = ArithmeticSponge absorb + squeeze = Poseidon.hash, compress 2 -> 1 = hash of two)",
        )
        .permutation::<mina::Fp, 3>(Kimchi)
        .compression::<mina::Fp, mina::Fp, 2>(Kimchi)
        .hasher::<mina::Fp, _>(Kimchi),
        Instance::new(
            "mina-poseidon-legacy",
            "Mina's legacy (pre-Kimchi) Poseidon over Mina's Fp (Pallas Fp) as proof-systems and o1js's PoseidonLegacy (permute 3, hash any -> 1, compress 2 -> 1 = hash of two)",
        )
        .permutation::<mina::Fp, 3>(Legacy)
        .compression::<mina::Fp, mina::Fp, 2>(Legacy)
        .hasher::<mina::Fp, _>(Legacy),
        Instance::new(
            "dusk-poseidon",
            "Poseidon (Hades t = 5, 60 partial rounds) over BLS12-381 Fr as Dusk / dusk-poseidon 0.44 (permute 5, compress 2 -> 1 = Hash::digest(Domain::Merkle2), hash any -> 1 = Hash::digest(Domain::Other))",
        )
        .permutation::<BlsScalar, 5>(DuskPoseidon)
        .compression::<BlsScalar, BlsScalar, 2>(DuskPoseidon)
        .hasher::<BlsScalar, _>(DuskPoseidon),
        Instance::new(
            "dusk-poseidon-merkle4",
            "Poseidon over BLS12-381 Fr as Dusk / dusk-poseidon 0.44, 4-ary tree (permute 5, compress 4 -> 1 = Hash::digest(Domain::Merkle4))",
        )
        .permutation::<BlsScalar, 5>(DuskPoseidon)
        .compression::<BlsScalar, BlsScalar, 4>(DuskPoseidon),
        filecoin_instance::<2, 3, false>("binary Merkle-tree hash, POSEIDON_CONSTANTS_2"),
        filecoin_instance::<4, 5, false>("quad Merkle-tree hash, POSEIDON_CONSTANTS_4"),
        filecoin_instance::<8, 9, false>("oct Merkle-tree hash, POSEIDON_CONSTANTS_8"),
        filecoin_instance::<11, 12, false>("11-layer SDR column hash, POSEIDON_CONSTANTS_11"),
        filecoin_instance::<2, 3, true>("strengthened"),
        filecoin_instance::<4, 5, true>("strengthened"),
        filecoin_instance::<8, 9, true>("strengthened"),
        filecoin_instance::<11, 12, true>("strengthened"),
        aleo_instance::<2, 3>(),
        aleo_instance::<4, 5>(),
        aleo_instance::<8, 9>(),
    ]
}

/// One rate of Aleo's Poseidon (snarkVM's `Poseidon2/4/8` with the
/// networks' domain `AleoPoseidonR`): the permutation and `hash`.
#[cfg(feature = "hades")]
fn aleo_instance<const R: usize, const W: usize>() -> Instance
where
    aleo::Poseidon<R>: algebraic_hash::Permutation<[aleo::Fr; W]>
        + algebraic_hash::Hasher<aleo::Fr, Digest = aleo::Fr>,
{
    let poseidon = aleo::Poseidon::<R>::aleo();
    Instance::new(
        format!("aleo-poseidon{R}"),
        format!(
            "Poseidon of rate {R} over BLS12-377 Fr as Aleo / snarkVM 4.12 Poseidon{R} with domain \"AleoPoseidon{R}\" (hash.psd{R}; permute {W}, hash any -> 1 = hash)"
        ),
    )
    .permutation::<aleo::Fr, W>(poseidon)
    .hasher::<aleo::Fr, _>(poseidon)
}

#[cfg(feature = "tip5")]
impl DigestElements<Felt> for algebraic_hash_tip5::Digest {
    const LEN: usize = algebraic_hash_tip5::Digest::LEN;
    fn from_elements(elements: &[Felt]) -> Self {
        Self::new(core::array::from_fn(|i| elements[i]))
    }
    fn to_elements(&self) -> Vec<Felt> {
        self.values().to_vec()
    }
}

/// Tip5 as twenty-first computes it: its permutation, `hash_varlen` and
/// `hash_pair`.
#[cfg(feature = "tip5")]
fn tip5() -> Vec<Instance> {
    use algebraic_hash_tip5::{Digest, TIP5, Tip5};
    vec![
        Instance::new(
            Tip5::NAME,
            "Tip5 over Goldilocks as twenty-first 3.1 (Triton VM, Neptune Cash) (permute 16, hash any -> 5 = hash_varlen, compress 10 -> 5 = hash_pair)",
        )
        .permutation::<Felt, 16>(TIP5)
        .hasher::<Felt, _>(TIP5)
        .compression::<Felt, Digest, 2>(TIP5),
    ]
}

/// One instance of Filecoin's Poseidon (neptune): the permutation, the
/// Merkle-tree hash as the compression, the constant-length hash of at most
/// `A` elements as the hash.
#[cfg(feature = "hades")]
fn filecoin_instance<const A: usize, const W: usize, const STRENGTHENED: bool>(
    role: &str,
) -> Instance
where
    filecoin::Poseidon<A, STRENGTHENED>: algebraic_hash::Permutation<[filecoin::Fr; W]>
        + algebraic_hash::Compression<filecoin::Fr, A>
        + algebraic_hash::Hasher<filecoin::Fr, Digest = filecoin::Fr>,
{
    let suffix = if STRENGTHENED { "-strengthened" } else { "" };
    let poseidon = filecoin::Poseidon::<A, STRENGTHENED>;
    Instance::new(
        format!("filecoin-poseidon-{A}{suffix}"),
        format!(
            "Poseidon over BLS12-381 Fr as Filecoin / neptune 13, arity {A} ({role}; permute {W}, compress {A} -> 1 = Merkle-tree hash, hash up to {A} -> 1 = constant-length hash)"
        ),
    )
    .permutation::<filecoin::Fr, W>(poseidon)
    .compression::<filecoin::Fr, filecoin::Fr, A>(poseidon)
    .hasher::<filecoin::Fr, _>(poseidon)
}

/// One Anemoi instance: permutation, Jive with b = 2, and the sponge hash.
#[cfg(feature = "anemoi")]
fn anemoi_instance<F, const C: usize, const W: usize>(field: &str, version: Version) -> Instance
where
    F: AnemoiField + Codec + DigestElements<F>,
{
    let prefix = match version {
        Version::Crypto2023 => "anemoi",
        Version::Eprint2022 => "anemoi2022",
    };
    let what = match version {
        Version::Crypto2023 => "final (CRYPTO 2023)",
        Version::Eprint2022 => "2022 (ePrint 2022/840)",
    };
    let permutation = Anemoi::<F, C, W>::new(version);
    Instance::new(
        format!("{prefix}-{field}-{W}"),
        format!(
            "Anemoi {what} over the {}, {W} cells (permute {W}, compress {W} -> {C} by Jive b = 2, hash any -> 1)",
            F::FIELD
        ),
    )
    .permutation::<F, W>(permutation)
    .compression::<F, [F; C], 2>(AnemoiJive::<F, C, W>::new(permutation))
    .hasher::<F, _>(AnemoiHash::<F, C, W>::new(version))
}

#[cfg(feature = "anemoi")]
fn anemoi_field<F: AnemoiField + Codec + DigestElements<F>>(
    field: &str,
    version: Version,
) -> Vec<Instance> {
    vec![
        anemoi_instance::<F, 1, 2>(field, version),
        anemoi_instance::<F, 2, 4>(field, version),
        anemoi_instance::<F, 3, 6>(field, version),
        anemoi_instance::<F, 4, 8>(field, version),
        anemoi_instance::<F, 6, 12>(field, version),
    ]
}

#[cfg(feature = "anemoi")]
fn anemoi() -> Vec<Instance> {
    use algebraic_hash_anemoi as a;
    let mut v = Vec::new();
    for version in Version::ALL {
        v.extend(anemoi_field::<a::bls12_377::Felt>("bls12-377", version));
        v.extend(anemoi_field::<a::bls12_381::Felt>("bls12-381", version));
        v.extend(anemoi_field::<a::bn254::Felt>("bn254", version));
        v.extend(anemoi_field::<a::bn254_fr::Felt>("bn254-fr", version));
        v.extend(anemoi_field::<a::ed_on_bls12_377::Felt>(
            "ed-on-bls12-377",
            version,
        ));
        v.extend(anemoi_field::<a::jubjub::Felt>("jubjub", version));
        v.extend(anemoi_field::<a::pallas::Felt>("pallas", version));
        v.extend(anemoi_field::<a::vesta::Felt>("vesta", version));
    }
    v
}

/// All instances (of the families turned on), in `list` order.
pub fn all() -> Vec<Instance> {
    let mut v = Vec::new();
    #[cfg(feature = "rescue")]
    v.extend(rescue());
    #[cfg(any(feature = "circom", feature = "circom-wide"))]
    v.extend(poseidon());
    #[cfg(feature = "poseidon2")]
    v.extend(poseidon2());
    #[cfg(feature = "poseidon2-small")]
    v.extend(poseidon2_plonky3());
    #[cfg(feature = "poseidon2-small")]
    v.extend(poseidon2_zkvm());
    #[cfg(feature = "goldilocks")]
    v.extend(plonky2_poseidon());
    #[cfg(feature = "hades")]
    v.extend(hades());
    #[cfg(feature = "tip5")]
    v.extend(tip5());
    #[cfg(feature = "anemoi")]
    v.extend(anemoi());
    v
}
