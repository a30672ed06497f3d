//! Writes, from Plonky3's own crates (p3-baby-bear, p3-koala-bear,
//! p3-mersenne-31, p3-goldilocks, p3-poseidon2, p3-symmetric, all 0.8.0):
//!
//! - `constants`: the Rust constant tables of the default Poseidon2
//!   instances (round constants as Plonky3 0.8.0 publishes them, and the
//!   internal diagonal `V` read off Plonky3's internal linear layer applied
//!   to unit vectors: column `j` is `1 + V_j` at row `j` and `1` elsewhere);
//! - `goldilocks-constants`: the same for Goldilocks (widths 8, 12, 16);
//! - `vectors <field>-<width>`: a known-answer file whose every answer is
//!   computed by Plonky3 (`default_<field>_poseidon2_<width>()`,
//!   `PaddingFreeSponge<_, W, R, D>`, `TruncatedPermutation<_, 2, D, W>`),
//!   never by this workspace's code.
//!
//! Case formats (decimal strings):
//! - `permute`: W elements in, W out;
//! - `hash`: n elements in, the D-element digest out (31-bit fields: D = 8,
//!   rate 8 for W = 16, 16 for W = 24; Goldilocks: D = 4 with rate 4 for
//!   W = 8 and 8 for W = 12, D = 8 with rate 8 for W = 16);
//! - `compress`: 2·D elements in (two digests), D out.

use p3_field::{PrimeField32, PrimeField64};
use p3_poseidon2::GenericPoseidon2LinearLayers;
use p3_symmetric::{
    CryptographicHasher, PaddingFreeSponge, PseudoCompressionFunction,
    TruncatedPermutation,
};

/// splitmix64, for reproducible inputs.
struct Stream(u64);

impl Stream {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A canonical value below `p`; one in five an edge value.
    fn element(&mut self, p: u64) -> u64 {
        let r = self.next_u64();
        if r % 5 == 0 {
            let edges = [0, 1, 2, p - 1, p - 2, p / 2];
            return edges[(r / 5 % edges.len() as u64) as usize];
        }
        self.next_u64() % p
    }
}

fn decimal<F: PrimeField64>(values: &[F]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| format!("\"{}\"", v.as_canonical_u64()))
        .collect();
    format!("[{}]", items.join(", "))
}

fn case<F: PrimeField64>(function: &str, input: &[F], output: &[F]) -> String {
    format!(
        "    {{ \"fn\": \"{function}\", \"input\": {}, \"output\": {} }}",
        decimal(input),
        decimal(output)
    )
}

/// The internal diagonal `V` of `L`'s internal linear layer `1 + diag(V)`.
fn diagonal<F: PrimeField64, L: GenericPoseidon2LinearLayers<W>, const W: usize>() -> [F; W] {
    core::array::from_fn(|j| {
        let mut unit = [F::ZERO; W];
        unit[j] = F::ONE;
        L::internal_linear_layer(&mut unit);
        for (i, v) in unit.iter().enumerate() {
            if i != j {
                assert_eq!(*v, F::ONE, "internal layer is not 1 + diag");
            }
        }
        unit[j] - F::ONE
    })
}

fn row<F: PrimeField32>(ty: &str, values: &[F]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| format!("0x{:08x}", v.as_canonical_u32()))
        .collect();
    format!("{ty}::new_array([{}])", items.join(", "))
}

fn table<F: PrimeField32, const W: usize>(
    name: &str,
    field: &str,
    ty: &str,
    initial: &[[F; W]],
    partial: &[F],
    terminal: &[[F; W]],
    diag: &[F; W],
) -> String {
    let rows = |rounds: &[[F; W]]| {
        rounds
            .iter()
            .map(|r| format!("        {},\n", row(ty, r)))
            .collect::<String>()
    };
    format!(
        "/// Plonky3 0.8.0 `default_{field}_poseidon2_{W}()`: round constants \
         and internal diagonal.\n\
         pub(crate) static {name}: Constants<{field_ty}, {W}> = Constants {{\n    \
         external: ExternalMatrix::Plonky3,\n    \
         initial: &[\n{}    ],\n    partial: &{},\n    terminal: &[\n{}    ],\n    diagonal: {{\n        const V: [u32; {W}] = [{}];\n        Diagonal::new(V, {ty}::new_array(V))\n    }},\n}};\n",
        rows(initial),
        row(ty, partial),
        rows(terminal),
        diag.iter().map(|v| format!("0x{:08x}", v.as_canonical_u32())).collect::<Vec<_>>().join(", "),
        field_ty = ty,
    )
}

fn constants() {
    use p3_baby_bear::*;
    use p3_koala_bear::*;
    use p3_mersenne_31::*;
    println!(
        "//! Written by `scripts/poseidon2-plonky3` (`constants`) from Plonky3 0.8.0's\n\
         //! p3-baby-bear, p3-koala-bear and p3-mersenne-31: the round constants\n\
         //! `<FIELD>_POSEIDON2_RC_<W>_{{EXTERNAL_INITIAL,INTERNAL,EXTERNAL_FINAL}}`\n\
         //! and the diagonal `V` of each internal layer `1 + diag(V)`. Do not edit.\n\
         #![cfg_attr(rustfmt, rustfmt_skip)]\n\n\
         use algebraic_hash_field31::{{BabyBear, KoalaBear, Mersenne31}};\n\n\
         use crate::{{Constants, Diagonal, ExternalMatrix}};\n"
    );
    println!(
        "{}",
        table(
            "BABYBEAR_16",
            "babybear",
            "BabyBear",
            &BABYBEAR_POSEIDON2_RC_16_EXTERNAL_INITIAL,
            &BABYBEAR_POSEIDON2_RC_16_INTERNAL,
            &BABYBEAR_POSEIDON2_RC_16_EXTERNAL_FINAL,
            &diagonal::<BabyBear, GenericPoseidon2LinearLayersBabyBear, 16>(),
        )
    );
    println!(
        "{}",
        table(
            "BABYBEAR_24",
            "babybear",
            "BabyBear",
            &BABYBEAR_POSEIDON2_RC_24_EXTERNAL_INITIAL,
            &BABYBEAR_POSEIDON2_RC_24_INTERNAL,
            &BABYBEAR_POSEIDON2_RC_24_EXTERNAL_FINAL,
            &diagonal::<BabyBear, GenericPoseidon2LinearLayersBabyBear, 24>(),
        )
    );
    println!(
        "{}",
        table(
            "KOALABEAR_16",
            "koalabear",
            "KoalaBear",
            &KOALABEAR_POSEIDON2_RC_16_EXTERNAL_INITIAL,
            &KOALABEAR_POSEIDON2_RC_16_INTERNAL,
            &KOALABEAR_POSEIDON2_RC_16_EXTERNAL_FINAL,
            &diagonal::<KoalaBear, GenericPoseidon2LinearLayersKoalaBear, 16>(),
        )
    );
    println!(
        "{}",
        table(
            "KOALABEAR_24",
            "koalabear",
            "KoalaBear",
            &KOALABEAR_POSEIDON2_RC_24_EXTERNAL_INITIAL,
            &KOALABEAR_POSEIDON2_RC_24_INTERNAL,
            &KOALABEAR_POSEIDON2_RC_24_EXTERNAL_FINAL,
            &diagonal::<KoalaBear, GenericPoseidon2LinearLayersKoalaBear, 24>(),
        )
    );
    println!(
        "{}",
        table(
            "MERSENNE31_16",
            "mersenne31",
            "Mersenne31",
            &MERSENNE31_POSEIDON2_RC_16_EXTERNAL_INITIAL,
            &MERSENNE31_POSEIDON2_RC_16_INTERNAL,
            &MERSENNE31_POSEIDON2_RC_16_EXTERNAL_FINAL,
            &diagonal::<Mersenne31, GenericPoseidon2LinearLayersMersenne31, 16>(),
        )
    );
    print!(
        "{}",
        table(
            "MERSENNE31_24",
            "mersenne31",
            "Mersenne31",
            &MERSENNE31_POSEIDON2_RC_24_EXTERNAL_INITIAL,
            &MERSENNE31_POSEIDON2_RC_24_INTERNAL,
            &MERSENNE31_POSEIDON2_RC_24_EXTERNAL_FINAL,
            &diagonal::<Mersenne31, GenericPoseidon2LinearLayersMersenne31, 24>(),
        )
    );
}

fn row64<F: PrimeField64>(values: &[F]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| format!("0x{:016x}", v.as_canonical_u64()))
        .collect();
    format!("felts([{}])", items.join(", "))
}

/// One Goldilocks table (as `table`, with 64-bit constants).
fn goldilocks_table<const W: usize>(
    name: &str,
    initial: &[[p3_goldilocks::Goldilocks; W]],
    partial: &[p3_goldilocks::Goldilocks],
    terminal: &[[p3_goldilocks::Goldilocks; W]],
    diag: &[p3_goldilocks::Goldilocks; W],
) -> String {
    let rows = |rounds: &[[p3_goldilocks::Goldilocks; W]]| {
        rounds
            .iter()
            .map(|r| format!("        {},\n", row64(r)))
            .collect::<String>()
    };
    format!(
        "/// Plonky3 0.8.0 `default_goldilocks_poseidon2_{W}()`: round constants \
         and internal diagonal.\n\
         pub(crate) static {name}: Constants<Felt, {W}> = Constants {{\n    \
         external: ExternalMatrix::Plonky3,\n    \
         initial: &[\n{}    ],\n    partial: &{},\n    terminal: &[\n{}    ],\n    diagonal: Diagonal::goldilocks([{}]),\n}};\n",
        rows(initial),
        row64(partial),
        rows(terminal),
        diag.iter().map(|v| format!("0x{:016x}", v.as_canonical_u64())).collect::<Vec<_>>().join(", "),
    )
}

fn goldilocks_constants() {
    use p3_goldilocks::*;
    println!(
        "//! Written by `scripts/poseidon2-plonky3` (`goldilocks-constants`) from\n\
         //! Plonky3 0.8.0's p3-goldilocks: the round constants\n\
         //! `GOLDILOCKS_POSEIDON2_RC_<W>_{{EXTERNAL_INITIAL,INTERNAL,EXTERNAL_FINAL}}`\n\
         //! and the diagonal `V` of each internal layer `1 + diag(V)` (read off\n\
         //! `GenericPoseidon2LinearLayersGoldilocks`). Do not edit.\n\
         #![cfg_attr(rustfmt, rustfmt_skip)]\n\n\
         use algebraic_hash_rescue::Felt;\n\n\
         use super::felts;\n\
         use crate::{{Constants, Diagonal, ExternalMatrix}};\n"
    );
    println!(
        "{}",
        goldilocks_table(
            "GOLDILOCKS_8",
            &GOLDILOCKS_POSEIDON2_RC_8_EXTERNAL_INITIAL,
            &GOLDILOCKS_POSEIDON2_RC_8_INTERNAL,
            &GOLDILOCKS_POSEIDON2_RC_8_EXTERNAL_FINAL,
            &diagonal::<Goldilocks, GenericPoseidon2LinearLayersGoldilocks, 8>(),
        )
    );
    println!(
        "{}",
        goldilocks_table(
            "GOLDILOCKS_12",
            &GOLDILOCKS_POSEIDON2_RC_12_EXTERNAL_INITIAL,
            &GOLDILOCKS_POSEIDON2_RC_12_INTERNAL,
            &GOLDILOCKS_POSEIDON2_RC_12_EXTERNAL_FINAL,
            &diagonal::<Goldilocks, GenericPoseidon2LinearLayersGoldilocks, 12>(),
        )
    );
    print!(
        "{}",
        goldilocks_table(
            "GOLDILOCKS_16",
            &GOLDILOCKS_POSEIDON2_RC_16_EXTERNAL_INITIAL,
            &GOLDILOCKS_POSEIDON2_RC_16_INTERNAL,
            &GOLDILOCKS_POSEIDON2_RC_16_EXTERNAL_FINAL,
            &diagonal::<Goldilocks, GenericPoseidon2LinearLayersGoldilocks, 16>(),
        )
    );
}

/// The vector file of one instance: permutation, sponge hash (rate `R`,
/// `D` out) and 2-to-1 compression (chunks of `D`).
fn vectors<F, P, const W: usize, const R: usize, const D: usize>(name: &str, perm: P, seed: u64)
where
    F: PrimeField64,
    P: p3_symmetric::CryptographicPermutation<[F; W]> + Clone,
{
    let p = F::ORDER_U64;
    let mut stream = Stream(seed);
    let element = |s: &mut Stream| F::from_u64(s.element(p));
    let mut cases = Vec::new();

    let mut states: Vec<[F; W]> = vec![
        [F::ZERO; W],
        core::array::from_fn(|i| F::from_u64(i as u64)),
        [F::from_u64(p - 1); W],
        core::array::from_fn(|i| if i % 2 == 0 { F::ZERO } else { F::from_u64(p - 1) }),
    ];
    for _ in 0..8 {
        states.push(core::array::from_fn(|_| element(&mut stream)));
    }
    for state in &states {
        cases.push(case("permute", state, &perm.permute(*state)));
    }

    let sponge = PaddingFreeSponge::<P, W, R, D>::new(perm.clone());
    for n in [0, 1, 2, R - 1, R, R + 1, 2 * R, 2 * R + 3, 5 * R - 1, 100] {
        let input: Vec<F> = (0..n).map(|_| element(&mut stream)).collect();
        cases.push(case("hash", &input, &sponge.hash_slice(&input)));
    }

    let compression = TruncatedPermutation::<P, 2, D, W>::new(perm);
    let mut pairs: Vec<[[F; D]; 2]> = vec![[[F::ZERO; D]; 2], [[F::from_u64(p - 1); D]; 2]];
    for _ in 0..6 {
        pairs.push(core::array::from_fn(|_| {
            core::array::from_fn(|_| element(&mut stream))
        }));
    }
    for pair in &pairs {
        let input: Vec<F> = pair.iter().flatten().copied().collect();
        cases.push(case("compress", &input, &compression.compress(*pair)));
    }

    println!("{{");
    let crates = if name.starts_with("goldilocks") {
        "p3-poseidon2, p3-symmetric, p3-goldilocks"
    } else {
        "p3-poseidon2, p3-symmetric, p3-baby-bear, p3-koala-bear, p3-mersenne-31"
    };
    println!(
        "  \"source\": \"Plonky3 0.8.0 (crates.io {crates} =0.8.0): default_{}() for permute; PaddingFreeSponge<_, {W}, {R}, {D}> for hash; TruncatedPermutation<_, 2, {D}, {W}> for compress\",",
        name.replace('-', "_poseidon2_")
    );
    println!("  \"generator\": \"scripts/poseidon2-plonky3 (cargo run --release -- vectors {name})\",");
    println!("  \"instance\": \"poseidon2-plonky3-{name}\",");
    println!("  \"cases\": [");
    println!("{}", cases.join(",\n"));
    println!("  ]");
    println!("}}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["constants"] => constants(),
        ["vectors", "babybear-16"] => vectors::<_, _, 16, 8, 8>(
            "babybear-16",
            p3_baby_bear::default_babybear_poseidon2_16(),
            0xbb16,
        ),
        ["vectors", "babybear-24"] => vectors::<_, _, 24, 16, 8>(
            "babybear-24",
            p3_baby_bear::default_babybear_poseidon2_24(),
            0xbb24,
        ),
        ["vectors", "koalabear-16"] => vectors::<_, _, 16, 8, 8>(
            "koalabear-16",
            p3_koala_bear::default_koalabear_poseidon2_16(),
            0xcb16,
        ),
        ["vectors", "koalabear-24"] => vectors::<_, _, 24, 16, 8>(
            "koalabear-24",
            p3_koala_bear::default_koalabear_poseidon2_24(),
            0xcb24,
        ),
        ["vectors", "mersenne31-16"] => vectors::<_, _, 16, 8, 8>(
            "mersenne31-16",
            p3_mersenne_31::default_mersenne31_poseidon2_16(),
            0x3116,
        ),
        ["vectors", "mersenne31-24"] => vectors::<_, _, 24, 16, 8>(
            "mersenne31-24",
            p3_mersenne_31::default_mersenne31_poseidon2_24(),
            0x3124,
        ),
        ["goldilocks-constants"] => goldilocks_constants(),
        ["vectors", "goldilocks-8"] => vectors::<p3_goldilocks::Goldilocks, _, 8, 4, 4>(
            "goldilocks-8",
            p3_goldilocks::default_goldilocks_poseidon2_8(),
            0x6108,
        ),
        ["vectors", "goldilocks-12"] => vectors::<p3_goldilocks::Goldilocks, _, 12, 8, 4>(
            "goldilocks-12",
            p3_goldilocks::default_goldilocks_poseidon2_12(),
            0x6112,
        ),
        ["vectors", "goldilocks-16"] => vectors::<p3_goldilocks::Goldilocks, _, 16, 8, 8>(
            "goldilocks-16",
            p3_goldilocks::default_goldilocks_poseidon2_16(),
            0x6116,
        ),
        _ => {
            eprintln!(
                "usage: constants | goldilocks-constants | vectors <babybear|koalabear|mersenne31>-<16|24> | vectors goldilocks-<8|12|16>"
            );
            std::process::exit(2);
        }
    }
}
