//! Every instance of every family crate, by its stable CLI name.

use algebraic_hash::{Error, Permutation};
use algebraic_hash_poseidon::circom::{self, CircomPoseidon};
use algebraic_hash_poseidon::poseidon2;
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use ark_bn254::Fr;

use crate::element::{Codec, Element, ark_codec};
use crate::registry::Instance;

impl Codec for Felt {
    const FIELD: &'static str = "Goldilocks";
    // Winterfell's `hash(&[u8])` packs 7 bytes per element.
    const BYTES: usize = 7;
    fn parse(text: &str) -> Result<Self, Error> {
        let [v] = algebraic_hash::parse::parse_below::<1>(text, &[Felt::MODULUS], Self::FIELD)?;
        Felt::from_canonical(v).ok_or(Error::NotCanonical { field: Self::FIELD })
    }
    fn element(&self) -> Element {
        Element::from_limbs(&[self.to_u64()])
    }
    fn sample(seed: u64) -> Self {
        Felt::from_u64_reduced(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15))
    }
}

ark_codec! {
    Fr => "BN254 Fr", 4;
}

/// Instances the `bench` subcommand times (one or two per family and width
/// class; `list` has them all).
pub const BENCHED: &[&str] = &[
    "rp64-256",
    "poseidon-t3",
    "poseidon-t5",
    "poseidon2-new-t3",
    "poseidon2-new-t4",
];

fn rescue() -> Vec<Instance> {
    vec![
        Instance::new(
            "rp64-256",
            "Rescue-Prime Rp64_256 over Goldilocks, as Winterfell (permute 12, hash any -> 4, compress 8 -> 4 = merge)",
        )
        .permute::<Felt, 12>(Rp64_256::apply_permutation)
        .hash::<Felt>(|input| Ok(Rp64_256::hash_elements(input).as_elements().to_vec()))
        .compress::<Felt, 8, 4>(|x| {
            let a = ElementDigest::new([x[0], x[1], x[2], x[3]]);
            let b = ElementDigest::new([x[4], x[5], x[6], x[7]]);
            *Rp64_256::merge(&[a, b]).as_elements()
        }),
    ]
}

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
            .permute::<Fr, $t>(|s| CircomPoseidon::<$t>::new().permute_mut(s))
            .hash::<Fr>(|input| CircomPoseidon::<$t>::new().hash(input).map(|h| vec![h]))
            .compress::<Fr, $n, 1>(|x| {
                [algebraic_hash::Compression::<Fr, $n>::compress(&CircomPoseidon::<$t>::new(), x)]
            }),
        )*]
    };
}

fn poseidon() -> Vec<Instance> {
    let mut v = vec![
        Instance::new(
            "poseidon",
            "Poseidon over BN254 as circomlibjs `poseidon(inputs)`: width from the input count (1..16)",
        )
        .hash::<Fr>(|input| circom::poseidon(input).map(|h| vec![h])),
    ];
    v.extend(circom_instances!(
        2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8,
        10 => 9, 11 => 10, 12 => 11, 13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16
    ));
    v
}

macro_rules! poseidon2_instances {
    ($($set:ident $t:ident $w:literal => $n:literal: $what:literal),*) => {
        vec![$(
            Instance::new(
                concat!("poseidon2-", stringify!($set), "-", stringify!($t)),
                concat!(
                    "Poseidon2 over BN254, ", $what, " t = ", $w,
                    " (permute ", $w, ", compress ", $n, " -> 1, hash any -> 1 by the Barretenberg sponge)"
                ),
            )
            .permute::<Fr, $w>(poseidon2::$set::$t::permutation_in_place)
            .compress::<Fr, $n, 1>(|x| [poseidon2::$set::$t::compress(x)])
            .hash::<Fr>(|input| Ok(vec![poseidon2::$set::$t::hash(input)])),
        )*]
    };
}

fn poseidon2() -> Vec<Instance> {
    poseidon2_instances!(
        new t2 2 => 1: "HorizenLabs after bb476b9 (zkhash, taceo)",
        new t3 3 => 2: "HorizenLabs after bb476b9 (zkhash, taceo, Plonky3)",
        new t4 4 => 3: "HorizenLabs after bb476b9 (Barretenberg, Noir)",
        old t2 2 => 1: "HorizenLabs before bb476b9 (seed)",
        old t3 3 => 2: "HorizenLabs before bb476b9 (Codex)",
        old t4 4 => 3: "HorizenLabs before bb476b9 (seed)"
    )
}

/// All instances, in `list` order.
pub fn all() -> Vec<Instance> {
    let mut v = rescue();
    v.extend(poseidon());
    v.extend(poseidon2());
    v
}
