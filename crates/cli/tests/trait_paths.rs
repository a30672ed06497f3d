//! Every instance the CLI lists answers exactly as its family's value does
//! through the workspace traits (`Permutation`, `Compression`, `Hasher`):
//! the test builds each value itself, from the family crates, and compares
//! its answers with the CLI's registry on sample inputs. Every listed
//! instance and every operation it offers must be covered.

use std::collections::BTreeSet;

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_anemoi::{Anemoi, AnemoiHash, AnemoiJive, Version};
use algebraic_hash_cli::element::Codec;
use algebraic_hash_cli::registry::{DigestElements, Op};
use algebraic_hash_poseidon::circom::{CircomPoseidon, PoseidonAnyWidth};
use algebraic_hash_poseidon::poseidon2::{self, Instance as P2};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256, Rpo256, Rpx256};
use ark_bn254::Fr;

/// The (instance, operation) pairs checked so far.
#[derive(Default)]
struct Covered(BTreeSet<(String, &'static str)>);

fn decimal<F: Codec>(xs: &[F]) -> Vec<String> {
    xs.iter().map(|x| x.element().to_decimal()).collect()
}

fn hex<F: Codec>(xs: &[F]) -> Vec<String> {
    xs.iter().map(|x| x.element().to_hex()).collect()
}

fn samples<F: Codec>(n: usize, salt: u64) -> Vec<F> {
    (0..n as u64).map(|i| F::sample(salt * 1000 + i)).collect()
}

impl Covered {
    fn cli(&mut self, name: &str, op: Op, input: &[String]) -> Vec<String> {
        let instance = algebraic_hash_cli::find(name).expect("listed instance");
        let input: Vec<&str> = input.iter().map(String::as_str).collect();
        let out = instance
            .run(op, &input)
            .unwrap_or_else(|| panic!("{name} has no {}", op.name()))
            .unwrap_or_else(|e| panic!("{name} {} refused its input: {e:?}", op.name()));
        self.0.insert((name.to_owned(), op.name()));
        out.iter().map(|e| e.to_hex()).collect()
    }

    fn permutation<F: Codec, const W: usize>(&mut self, name: &str, p: impl Permutation<[F; W]>) {
        for salt in 1..4 {
            let state: [F; W] = samples::<F>(W, salt)
                .try_into()
                .unwrap_or_else(|_| unreachable!());
            let got = self.cli(name, Op::Permute, &decimal(&state));
            assert_eq!(got, hex(&p.permute(state)), "{name} permute");
        }
    }

    fn compression<F: Codec, D: DigestElements<F>, const N: usize>(
        &mut self,
        name: &str,
        c: impl Compression<D, N>,
    ) {
        for salt in 1..4 {
            let elements = samples::<F>(N * D::LEN, salt + 10);
            let digests: [D; N] =
                core::array::from_fn(|i| D::from_elements(&elements[i * D::LEN..(i + 1) * D::LEN]));
            let got = self.cli(name, Op::Compress, &decimal(&elements));
            assert_eq!(
                got,
                hex(&c.compress(digests).to_elements()),
                "{name} compress"
            );
        }
        if N == 2 {
            self.merkle::<F, D, N>(name, c);
        }
    }

    /// The registry's Merkle root of five leaves against the tree's shape
    /// written out with the compression: ((ab)(cd))e.
    fn merkle<F: Codec, D: DigestElements<F>, const N: usize>(
        &mut self,
        name: &str,
        c: impl Compression<D, N>,
    ) {
        let elements = samples::<F>(5 * D::LEN, 30);
        let leaves: Vec<D> = elements.chunks(D::LEN).map(D::from_elements).collect();
        let pair = |x: &D, y: &D| -> D {
            let two = [x.clone(), y.clone()];
            c.compress(core::array::from_fn(|i| two[i].clone()))
        };
        let [a, b, cc, d, e] = &leaves[..] else {
            unreachable!()
        };
        let root = pair(&pair(&pair(a, b), &pair(cc, d)), e);
        let texts: Vec<Vec<String>> = elements.chunks(D::LEN).map(decimal).collect();
        let words: Vec<Vec<&str>> = texts
            .iter()
            .map(|t| t.iter().map(String::as_str).collect())
            .collect();
        let refs: Vec<&[&str]> = words.iter().map(Vec::as_slice).collect();
        let instance = algebraic_hash_cli::find(name).expect("listed instance");
        let got = instance
            .merkle_root(&refs)
            .unwrap_or_else(|| panic!("{name} has no merkle"))
            .unwrap_or_else(|e| panic!("{name} merkle refused: {e:?}"));
        let got: Vec<String> = got.iter().map(|e| e.to_hex()).collect();
        assert_eq!(got, hex(&root.to_elements()), "{name} merkle");
        self.0.insert((name.to_owned(), "merkle"));
    }

    fn hasher<F: Codec, H>(&mut self, name: &str, h: H, lengths: &[usize])
    where
        H: Hasher<F>,
        H::Digest: DigestElements<F>,
    {
        for &len in lengths {
            let input = samples::<F>(len, len as u64 + 20);
            let got = self.cli(name, Op::Hash, &decimal(&input));
            let digest = h.try_hash_elements(&input).expect("accepted length");
            assert_eq!(got, hex(&digest.to_elements()), "{name} hash of {len}");
        }
    }
}

fn rescue(c: &mut Covered) {
    macro_rules! rescue {
        ($($name:literal => $value:expr),*) => {$(
            c.permutation::<Felt, 12>($name, $value);
            c.compression::<Felt, ElementDigest, 2>($name, $value);
            c.hasher::<Felt, _>($name, $value, &[0, 1, 7, 8, 9, 100]);
        )*};
    }
    rescue!("rp64-256" => Rp64_256, "rpo256" => Rpo256, "rpx256" => Rpx256);
}

fn circom(c: &mut Covered) {
    c.hasher::<Fr, _>("poseidon", PoseidonAnyWidth, &[1, 2, 5, 16]);
    macro_rules! widths {
        ($($t:literal => $n:literal),*) => {$(
            let name = concat!("poseidon-t", $t);
            c.permutation::<Fr, $t>(name, CircomPoseidon::<$t>::new());
            c.compression::<Fr, Fr, $n>(name, CircomPoseidon::<$t>::new());
            c.hasher::<Fr, _>(name, CircomPoseidon::<$t>::new(), &[$n]);
        )*};
    }
    widths!(2 => 1, 3 => 2, 4 => 3, 5 => 4, 6 => 5, 7 => 6, 8 => 7, 9 => 8,
        10 => 9, 11 => 10, 12 => 11, 13 => 12, 14 => 13, 15 => 14, 16 => 15, 17 => 16);
}

fn poseidon2(c: &mut Covered) {
    for name in P2::NAMES {
        macro_rules! instance {
            ($p:expr, $t:literal, $n:literal) => {{
                let p: poseidon2::Poseidon2<$t> = $p;
                assert_eq!(p.name(), name);
                c.permutation::<Fr, $t>(name, p);
                c.compression::<Fr, Fr, $n>(name, p);
                c.hasher::<Fr, _>(name, p, &[0, 1, $n, $n + 1, 40]);
            }};
        }
        match P2::from_name(name).expect("canonical name") {
            P2::T2(p) => instance!(p, 2, 1),
            P2::T3(p) => instance!(p, 3, 2),
            P2::T4(p) => instance!(p, 4, 3),
            P2::T8(p) => instance!(p, 8, 7),
            P2::T12(p) => instance!(p, 12, 11),
            P2::T16(p) => instance!(p, 16, 15),
        }
    }
}

fn poseidon2_zkvm(c: &mut Covered) {
    use algebraic_hash_poseidon2_small::field::{BabyBear, KoalaBear};
    use algebraic_hash_poseidon2_small::{openvm, risc0, sp1};
    let lengths = [0, 1, 7, 8, 9, 15, 16, 17, 40];
    let name = risc0::POSEIDON2.name();
    c.permutation::<BabyBear, 24>(name, risc0::POSEIDON2);
    c.hasher::<BabyBear, _>(name, risc0::HASH_FN, &lengths);
    c.compression::<BabyBear, risc0::Digest, 2>(name, risc0::HASH_FN);
    let name = sp1::POSEIDON2.name();
    c.permutation::<KoalaBear, 16>(name, sp1::POSEIDON2);
    c.hasher::<KoalaBear, _>(name, sp1::HASH, &lengths);
    c.compression::<KoalaBear, [KoalaBear; 8], 2>(name, sp1::COMPRESS);
    let name = sp1::v5::POSEIDON2.name();
    c.permutation::<BabyBear, 16>(name, sp1::v5::POSEIDON2);
    c.hasher::<BabyBear, _>(name, sp1::v5::HASH, &lengths);
    c.compression::<BabyBear, [BabyBear; 8], 2>(name, sp1::v5::COMPRESS);
    let name = openvm::POSEIDON2.name();
    c.permutation::<BabyBear, 16>(name, openvm::POSEIDON2);
    c.hasher::<BabyBear, _>(name, openvm::HASH, &lengths);
    c.compression::<BabyBear, openvm::Digest, 2>(name, openvm::COMPRESS);
}

fn poseidon2_plonky3(c: &mut Covered) {
    use algebraic_hash_poseidon2_small::plonky3::*;
    macro_rules! instance {
        ($perm:ident, $hash:ident, $compress:ident, $w:literal, $rate:literal) => {
            instance!($perm, $hash, $compress, $w, $rate, DIGEST_LEN)
        };
        ($perm:ident, $hash:ident, $compress:ident, $w:literal, $rate:literal, $d:expr) => {{
            let name = $perm.name();
            c.permutation::<_, $w>(name, $perm);
            c.compression::<_, [_; $d], 2>(name, $compress);
            c.hasher::<_, _>(name, $hash, &[0, 1, $rate - 1, $rate, $rate + 1, 40]);
        }};
    }
    instance!(
        GOLDILOCKS_8,
        GOLDILOCKS_8_HASH,
        GOLDILOCKS_8_COMPRESS,
        8,
        4,
        4
    );
    instance!(
        GOLDILOCKS_12,
        GOLDILOCKS_12_HASH,
        GOLDILOCKS_12_COMPRESS,
        12,
        8,
        4
    );
    instance!(
        GOLDILOCKS_16,
        GOLDILOCKS_16_HASH,
        GOLDILOCKS_16_COMPRESS,
        16,
        8,
        8
    );
    instance!(BABYBEAR_16, BABYBEAR_16_HASH, BABYBEAR_16_COMPRESS, 16, 8);
    instance!(BABYBEAR_24, BABYBEAR_24_HASH, BABYBEAR_24_COMPRESS, 24, 16);
    instance!(
        KOALABEAR_16,
        KOALABEAR_16_HASH,
        KOALABEAR_16_COMPRESS,
        16,
        8
    );
    instance!(
        KOALABEAR_24,
        KOALABEAR_24_HASH,
        KOALABEAR_24_COMPRESS,
        24,
        16
    );
    instance!(
        MERSENNE31_16,
        MERSENNE31_16_HASH,
        MERSENNE31_16_COMPRESS,
        16,
        8
    );
    instance!(
        MERSENNE31_24,
        MERSENNE31_24_HASH,
        MERSENNE31_24_COMPRESS,
        24,
        16
    );
}

fn plonky2_poseidon(c: &mut Covered) {
    use algebraic_hash_poseidon_goldilocks::*;
    c.permutation::<Felt, 12>("poseidon-plonky2", POSEIDON);
    c.compression::<Felt, HashOut, 2>("poseidon-plonky2", POSEIDON_HASH);
    c.hasher::<Felt, _>(
        "poseidon-plonky2",
        POSEIDON_HASH,
        &[0, 1, 4, 5, 7, 8, 9, 40],
    );
    c.hasher::<Felt, _>(
        "poseidon-plonky2-hash-or-noop",
        HASH_OR_NOOP,
        &[0, 1, 4, 5, 8, 9, 40],
    );
}

fn hades(c: &mut Covered) {
    use algebraic_hash_poseidon::orchard::{ConstantLength, P128Pow5T3, PallasFp, VestaFp};
    use algebraic_hash_poseidon::starknet::{Felt, StarknetPoseidon};
    c.permutation::<Felt, 3>("starknet-poseidon", StarknetPoseidon);
    c.compression::<Felt, Felt, 2>("starknet-poseidon", StarknetPoseidon);
    c.hasher::<Felt, _>("starknet-poseidon", StarknetPoseidon, &[0, 1, 2, 3, 10]);
    c.permutation::<PallasFp, 3>("orchard-poseidon-pallas", P128Pow5T3);
    c.compression::<PallasFp, PallasFp, 2>("orchard-poseidon-pallas", P128Pow5T3);
    c.hasher::<PallasFp, _>("orchard-poseidon-pallas", ConstantLength::<2>, &[2]);
    c.permutation::<VestaFp, 3>("orchard-poseidon-vesta", P128Pow5T3);
    c.compression::<VestaFp, VestaFp, 2>("orchard-poseidon-vesta", P128Pow5T3);
    c.hasher::<VestaFp, _>("orchard-poseidon-vesta", ConstantLength::<2>, &[2]);
    use algebraic_hash_poseidon::mina::{Fp, Kimchi, Legacy};
    c.permutation::<Fp, 3>("mina-poseidon-kimchi", Kimchi);
    c.compression::<Fp, Fp, 2>("mina-poseidon-kimchi", Kimchi);
    c.hasher::<Fp, _>("mina-poseidon-kimchi", Kimchi, &[0, 1, 2, 3, 10]);
    c.permutation::<Fp, 3>("mina-poseidon-legacy", Legacy);
    c.compression::<Fp, Fp, 2>("mina-poseidon-legacy", Legacy);
    c.hasher::<Fp, _>("mina-poseidon-legacy", Legacy, &[0, 1, 2, 3, 10]);
    use algebraic_hash_poseidon::dusk::{BlsScalar, DuskPoseidon};
    c.permutation::<BlsScalar, 5>("dusk-poseidon", DuskPoseidon);
    c.compression::<BlsScalar, BlsScalar, 2>("dusk-poseidon", DuskPoseidon);
    c.hasher::<BlsScalar, _>("dusk-poseidon", DuskPoseidon, &[1, 3, 4, 5, 9]);
    c.permutation::<BlsScalar, 5>("dusk-poseidon-merkle4", DuskPoseidon);
    c.compression::<BlsScalar, BlsScalar, 4>("dusk-poseidon-merkle4", DuskPoseidon);
    filecoin::<2, 3, false>(c);
    filecoin::<4, 5, false>(c);
    filecoin::<8, 9, false>(c);
    filecoin::<11, 12, false>(c);
    filecoin::<2, 3, true>(c);
    filecoin::<4, 5, true>(c);
    filecoin::<8, 9, true>(c);
    filecoin::<11, 12, true>(c);
    use algebraic_hash_poseidon::aleo::{Fr as AleoFr, Poseidon as Aleo};
    c.permutation::<AleoFr, 3>("aleo-poseidon2", Aleo::<2>::aleo());
    c.hasher::<AleoFr, _>("aleo-poseidon2", Aleo::<2>::aleo(), &[0, 1, 2, 3, 5]);
    c.permutation::<AleoFr, 5>("aleo-poseidon4", Aleo::<4>::aleo());
    c.hasher::<AleoFr, _>("aleo-poseidon4", Aleo::<4>::aleo(), &[0, 1, 4, 5, 9]);
    c.permutation::<AleoFr, 9>("aleo-poseidon8", Aleo::<8>::aleo());
    c.hasher::<AleoFr, _>("aleo-poseidon8", Aleo::<8>::aleo(), &[0, 1, 8, 9, 17]);
}

fn filecoin<const A: usize, const W: usize, const STRENGTHENED: bool>(c: &mut Covered)
where
    algebraic_hash_poseidon::filecoin::Poseidon<A, STRENGTHENED>: algebraic_hash::Permutation<[algebraic_hash_poseidon::filecoin::Fr; W]>
        + algebraic_hash::Compression<algebraic_hash_poseidon::filecoin::Fr, A>
        + algebraic_hash::Hasher<
            algebraic_hash_poseidon::filecoin::Fr,
            Digest = algebraic_hash_poseidon::filecoin::Fr,
        >,
{
    use algebraic_hash_poseidon::filecoin::{Fr, Poseidon};
    let name = format!(
        "filecoin-poseidon-{A}{}",
        if STRENGTHENED { "-strengthened" } else { "" }
    );
    let p = Poseidon::<A, STRENGTHENED>;
    c.permutation::<Fr, W>(&name, p);
    c.compression::<Fr, Fr, A>(&name, p);
    c.hasher::<Fr, _>(&name, p, &[0, 1, A]);
}

fn tip5(c: &mut Covered) {
    use algebraic_hash_tip5::{Digest, Felt, TIP5};
    c.permutation::<Felt, 16>("tip5", TIP5);
    c.compression::<Felt, Digest, 2>("tip5", TIP5);
    c.hasher::<Felt, _>("tip5", TIP5, &[0, 1, 9, 10, 11, 19, 20, 21, 40]);
}

fn anemoi_field<F>(c: &mut Covered, field: &str)
where
    F: algebraic_hash_anemoi::AnemoiField + Codec + DigestElements<F>,
{
    for version in Version::ALL {
        let prefix = match version {
            Version::Crypto2023 => "anemoi",
            Version::Eprint2022 => "anemoi2022",
        };
        macro_rules! columns {
            ($($l:literal => $w:literal),*) => {$(
                let name = format!("{prefix}-{field}-{}", $w);
                let p = Anemoi::<F, $l, $w>::new(version);
                c.permutation::<F, $w>(&name, p);
                c.compression::<F, [F; $l], 2>(&name, AnemoiJive::<F, $l, $w>::new(p));
                c.hasher::<F, _>(&name, AnemoiHash::<F, $l, $w>::new(version), &[0, 1, 5]);
            )*};
        }
        columns!(1 => 2, 2 => 4, 3 => 6, 4 => 8, 6 => 12);
    }
}

fn anemoi(c: &mut Covered) {
    use algebraic_hash_anemoi as a;
    anemoi_field::<a::bls12_377::Felt>(c, "bls12-377");
    anemoi_field::<a::bls12_381::Felt>(c, "bls12-381");
    anemoi_field::<a::bn254::Felt>(c, "bn254");
    anemoi_field::<a::bn254_fr::Felt>(c, "bn254-fr");
    anemoi_field::<a::ed_on_bls12_377::Felt>(c, "ed-on-bls12-377");
    anemoi_field::<a::jubjub::Felt>(c, "jubjub");
    anemoi_field::<a::pallas::Felt>(c, "pallas");
    anemoi_field::<a::vesta::Felt>(c, "vesta");
}

#[test]
fn every_instance_answers_as_its_trait_value() {
    let mut c = Covered::default();
    rescue(&mut c);
    circom(&mut c);
    poseidon2(&mut c);
    poseidon2_plonky3(&mut c);
    poseidon2_zkvm(&mut c);
    plonky2_poseidon(&mut c);
    hades(&mut c);
    tip5(&mut c);
    anemoi(&mut c);
    let mut missing = Vec::new();
    for instance in algebraic_hash_cli::instances() {
        let merkle = instance.has_merkle_root().then_some("merkle");
        for op in instance.ops().map(Op::name).chain(merkle) {
            if !c.0.contains(&(instance.name.clone(), op)) {
                missing.push(format!("{op} {}", instance.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not compared with a trait value: {missing:?}"
    );
}
