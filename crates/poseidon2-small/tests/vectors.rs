//! The known-answer files of test-vectors/poseidon2-small/ (every answer
//! computed by Plonky3 0.8.0), test-vectors/risc0/ (by risc0-zkp 3.0.5),
//! test-vectors/sp1/ and test-vectors/openvm/ (see the generator named in
//! each file): permutation (one by one and with `permute_many`), sponge
//! hash and compression (one by one and with `compress_many`).

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_poseidon2_small::Goldilocks;
use algebraic_hash_poseidon2_small::field::Field31;
use algebraic_hash_poseidon2_small::plonky3::*;
use algebraic_hash_testkit::{VectorFile, check_compression, check_hasher, check_permutation};

fn parse<F: Field31>(text: &str) -> F {
    F::from_str_checked(text).expect("vector value")
}

fn digest<F: Field31>(elements: &[F]) -> [F; DIGEST_LEN] {
    elements.try_into().expect("8-element digest")
}

fn split<F: Field31>(elements: &[F]) -> [[F; DIGEST_LEN]; 2] {
    [digest(&elements[..8]), digest(&elements[8..])]
}

fn check<F, P, H, C, const W: usize>(
    json: &str,
    source: &str,
    name: &str,
    perm: P,
    hash: H,
    compress: C,
) where
    F: Field31,
    P: Permutation<[F; W]>,
    H: Hasher<F, Digest = [F; DIGEST_LEN]>,
    C: Compression<[F; DIGEST_LEN], 2>,
{
    let file = VectorFile::parse(json);
    assert!(file.source.contains(source), "{}", file.source);
    assert!(json.contains(&format!("\"instance\": \"{name}\"")));
    assert!(check_permutation::<F, P, W>(&file, "permute", &perm, parse) >= 10);
    assert!(check_hasher(&file, "hash", &hash, parse, digest) >= 10);
    assert!(check_compression(&file, "compress", &compress, parse, split, digest) >= 8);
}

macro_rules! vector_test {
    ($test:ident, $file:literal, $perm:ident, $hash:ident, $compress:ident) => {
        #[test]
        fn $test() {
            check(
                include_str!(concat!("../../../test-vectors/poseidon2-small/", $file)),
                "Plonky3 0.8.0",
                $perm.name(),
                $perm,
                $hash,
                $compress,
            );
        }
    };
}

vector_test!(
    babybear_16,
    "plonky3-babybear-16.json",
    BABYBEAR_16,
    BABYBEAR_16_HASH,
    BABYBEAR_16_COMPRESS
);
vector_test!(
    babybear_24,
    "plonky3-babybear-24.json",
    BABYBEAR_24,
    BABYBEAR_24_HASH,
    BABYBEAR_24_COMPRESS
);
vector_test!(
    koalabear_16,
    "plonky3-koalabear-16.json",
    KOALABEAR_16,
    KOALABEAR_16_HASH,
    KOALABEAR_16_COMPRESS
);
vector_test!(
    koalabear_24,
    "plonky3-koalabear-24.json",
    KOALABEAR_24,
    KOALABEAR_24_HASH,
    KOALABEAR_24_COMPRESS
);
vector_test!(
    mersenne31_16,
    "plonky3-mersenne31-16.json",
    MERSENNE31_16,
    MERSENNE31_16_HASH,
    MERSENNE31_16_COMPRESS
);
vector_test!(
    mersenne31_24,
    "plonky3-mersenne31-24.json",
    MERSENNE31_24,
    MERSENNE31_24_HASH,
    MERSENNE31_24_COMPRESS
);

#[test]
fn risc0_babybear_24() {
    use algebraic_hash_poseidon2_small::risc0;
    check(
        include_str!("../../../test-vectors/risc0/poseidon2-babybear-24.json"),
        "risc0-zkp 3.0.5",
        risc0::POSEIDON2.name(),
        risc0::POSEIDON2,
        risc0::HASH_FN,
        risc0::HASH_FN,
    );
}

#[test]
fn sp1_koalabear_16() {
    use algebraic_hash_poseidon2_small::sp1;
    check(
        include_str!("../../../test-vectors/sp1/poseidon2-koalabear-16.json"),
        "sp1-primitives 6.10.0",
        sp1::POSEIDON2.name(),
        sp1::POSEIDON2,
        sp1::HASH,
        sp1::COMPRESS,
    );
}

#[test]
fn sp1_v5_babybear_16() {
    use algebraic_hash_poseidon2_small::sp1::v5;
    check(
        include_str!("../../../test-vectors/sp1/poseidon2-babybear-16.json"),
        "sp1-primitives 5.2.4",
        v5::POSEIDON2.name(),
        v5::POSEIDON2,
        v5::HASH,
        v5::COMPRESS,
    );
}

#[test]
fn openvm_babybear_16() {
    use algebraic_hash_poseidon2_small::openvm;
    check(
        include_str!("../../../test-vectors/openvm/poseidon2-babybear-16.json"),
        "openvm-stark-sdk 2.0.1",
        openvm::POSEIDON2.name(),
        openvm::POSEIDON2,
        openvm::HASH,
        openvm::COMPRESS,
    );
}

/// The Goldilocks files: digests of 4 elements at widths 8 and 12, 8 at 16.
fn check_goldilocks<P, H, C, const W: usize, const D: usize>(
    json: &str,
    name: &str,
    perm: P,
    hash: H,
    compress: C,
) where
    P: Permutation<[Goldilocks; W]>,
    H: Hasher<Goldilocks, Digest = [Goldilocks; D]>,
    C: Compression<[Goldilocks; D], 2>,
{
    let parse = |text: &str| text.parse::<Goldilocks>().expect("vector value");
    let digest = |e: &[Goldilocks]| -> [Goldilocks; D] { e.try_into().expect("digest") };
    let split = |e: &[Goldilocks]| [digest(&e[..D]), digest(&e[D..])];
    let file = VectorFile::parse(json);
    assert!(
        file.source.contains("p3-goldilocks =0.8.0"),
        "{}",
        file.source
    );
    assert!(json.contains(&format!("\"instance\": \"{name}\"")));
    assert!(check_permutation::<Goldilocks, P, W>(&file, "permute", &perm, parse) >= 10);
    assert!(check_hasher(&file, "hash", &hash, parse, digest) >= 10);
    assert!(check_compression(&file, "compress", &compress, parse, split, digest) >= 8);
}

#[test]
fn goldilocks_8() {
    check_goldilocks::<_, _, _, 8, 4>(
        include_str!("../../../test-vectors/poseidon2-small/plonky3-goldilocks-8.json"),
        GOLDILOCKS_8.name(),
        GOLDILOCKS_8,
        GOLDILOCKS_8_HASH,
        GOLDILOCKS_8_COMPRESS,
    );
}

#[test]
fn goldilocks_12() {
    check_goldilocks::<_, _, _, 12, 4>(
        include_str!("../../../test-vectors/poseidon2-small/plonky3-goldilocks-12.json"),
        GOLDILOCKS_12.name(),
        GOLDILOCKS_12,
        GOLDILOCKS_12_HASH,
        GOLDILOCKS_12_COMPRESS,
    );
}

#[test]
fn goldilocks_16() {
    check_goldilocks::<_, _, _, 16, 8>(
        include_str!("../../../test-vectors/poseidon2-small/plonky3-goldilocks-16.json"),
        GOLDILOCKS_16.name(),
        GOLDILOCKS_16,
        GOLDILOCKS_16_HASH,
        GOLDILOCKS_16_COMPRESS,
    );
}
