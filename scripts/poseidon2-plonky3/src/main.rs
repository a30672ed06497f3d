//! Writes, from Plonky3's own crates (p3-baby-bear, p3-koala-bear,
//! p3-mersenne-31, p3-poseidon2, p3-symmetric, all 0.6.3):
//!
//! - `constants`: the Rust constant tables of the default Poseidon2
//!   instances (round constants as Plonky3 0.6.3 publishes them, and the
//!   internal diagonal `V` read off Plonky3's internal linear layer applied
//!   to unit vectors: column `j` is `1 + V_j` at row `j` and `1` elsewhere);
//! - `vectors <field>-<width>`: a known-answer file whose every answer is
//!   computed by Plonky3 (`default_<field>_poseidon2_<width>()`,
//!   `PaddingFreeSponge<_, W, R, 8>`, `TruncatedPermutation<_, 2, 8, W>`),
//!   never by this workspace's code.
//!
//! Case formats (decimal strings):
//! - `permute`: W elements in, W out;
//! - `hash`: n elements in, the 8-element digest out (rate 8 for W = 16,
//!   16 for W = 24);
//! - `compress`: 16 elements in (two 8-element digests), 8 out.

use p3_field::PrimeField32;
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
    fn element(&mut self, p: u32) -> u32 {
        let r = self.next_u64();
        if r % 5 == 0 {
            let edges = [0, 1, 2, p - 1, p - 2, p / 2];
            return edges[(r / 5 % edges.len() as u64) as usize];
        }
        (self.next_u64() % u64::from(p)) as u32
    }
}

fn decimal<F: PrimeField32>(values: &[F]) -> String {
    let items: Vec<String> = values
        .iter()
        .map(|v| format!("\"{}\"", v.as_canonical_u32()))
        .collect();
    format!("[{}]", items.join(", "))
}

fn case<F: PrimeField32>(function: &str, input: &[F], output: &[F]) -> String {
    format!(
        "    {{ \"fn\": \"{function}\", \"input\": {}, \"output\": {} }}",
        decimal(input),
        decimal(output)
    )
}

/// The internal diagonal `V` of `L`'s internal linear layer `1 + diag(V)`.
fn diagonal<F: PrimeField32, L: GenericPoseidon2LinearLayers<W>, const W: usize>() -> [F; W] {
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
        "/// Plonky3 0.6.3 `default_{field}_poseidon2_{W}()`: round constants \
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
        "//! Written by `scripts/poseidon2-plonky3` (`constants`) from Plonky3 0.6.3's\n\
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

/// The vector file of one instance: permutation, sponge hash (rate `R`,
/// 8 out) and 2-to-1 compression (chunks of 8).
fn vectors<F, P, const W: usize, const R: usize>(name: &str, perm: P, seed: u64)
where
    F: PrimeField32,
    P: p3_symmetric::CryptographicPermutation<[F; W]> + Clone,
{
    let p = F::ORDER_U32;
    let mut stream = Stream(seed);
    let element = |s: &mut Stream| F::from_u32(s.element(p));
    let mut cases = Vec::new();

    let mut states: Vec<[F; W]> = vec![
        [F::ZERO; W],
        core::array::from_fn(|i| F::from_u32(i as u32)),
        [F::from_u32(p - 1); W],
        core::array::from_fn(|i| if i % 2 == 0 { F::ZERO } else { F::from_u32(p - 1) }),
    ];
    for _ in 0..8 {
        states.push(core::array::from_fn(|_| element(&mut stream)));
    }
    for state in &states {
        cases.push(case("permute", state, &perm.permute(*state)));
    }

    let sponge = PaddingFreeSponge::<P, W, R, 8>::new(perm.clone());
    for n in [0, 1, 2, R - 1, R, R + 1, 2 * R, 2 * R + 3, 5 * R - 1, 100] {
        let input: Vec<F> = (0..n).map(|_| element(&mut stream)).collect();
        cases.push(case("hash", &input, &sponge.hash_slice(&input)));
    }

    let compression = TruncatedPermutation::<P, 2, 8, W>::new(perm);
    let mut pairs: Vec<[[F; 8]; 2]> = vec![[[F::ZERO; 8]; 2], [[F::from_u32(p - 1); 8]; 2]];
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
    println!(
        "  \"source\": \"Plonky3 0.6.3 (crates.io p3-poseidon2, p3-symmetric, p3-baby-bear, p3-koala-bear, p3-mersenne-31 =0.6.3): default_{}() for permute; PaddingFreeSponge<_, {W}, {R}, 8> for hash; TruncatedPermutation<_, 2, 8, {W}> for compress\",",
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
        ["vectors", "babybear-16"] => vectors::<_, _, 16, 8>(
            "babybear-16",
            p3_baby_bear::default_babybear_poseidon2_16(),
            0xbb16,
        ),
        ["vectors", "babybear-24"] => vectors::<_, _, 24, 16>(
            "babybear-24",
            p3_baby_bear::default_babybear_poseidon2_24(),
            0xbb24,
        ),
        ["vectors", "koalabear-16"] => vectors::<_, _, 16, 8>(
            "koalabear-16",
            p3_koala_bear::default_koalabear_poseidon2_16(),
            0xcb16,
        ),
        ["vectors", "koalabear-24"] => vectors::<_, _, 24, 16>(
            "koalabear-24",
            p3_koala_bear::default_koalabear_poseidon2_24(),
            0xcb24,
        ),
        ["vectors", "mersenne31-16"] => vectors::<_, _, 16, 8>(
            "mersenne31-16",
            p3_mersenne_31::default_mersenne31_poseidon2_16(),
            0x3116,
        ),
        ["vectors", "mersenne31-24"] => vectors::<_, _, 24, 16>(
            "mersenne31-24",
            p3_mersenne_31::default_mersenne31_poseidon2_24(),
            0x3124,
        ),
        _ => {
            eprintln!("usage: constants | vectors <babybear|koalabear|mersenne31>-<16|24>");
            std::process::exit(2);
        }
    }
}
