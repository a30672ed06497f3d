//! `hash_elements_many` of Rp64_256, Rpo256 and Rpx256 equals one
//! `hash_elements` per row, for every row width 1..=40 (one to five blocks,
//! every partial last block) and every batch size 0..=33 (empty, below one
//! SIMD group, across the 16-row groups and their remainders). Rp64_256's
//! rows are also hashed by winter-crypto 0.13 as the outside answer; the
//! known-answer files go through the batch in `vectors.rs` and
//! `miden_vectors.rs`.

use algebraic_hash::Error;
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256, Rpo256, Rpx256};
use algebraic_hash_testkit::Rng64;

const EDGES: [u64; 6] = [0, 1, Felt::MODULUS - 1, 1 << 32, (1 << 32) - 1, 1 << 63];

type Many = fn(&[Felt], usize, &mut [ElementDigest]) -> Result<(), Error>;
type One = fn(&[Felt]) -> ElementDigest;

const HASHES: [(&str, Many, One); 3] = [
    (
        "Rp64_256",
        Rp64_256::hash_elements_many,
        Rp64_256::hash_elements,
    ),
    ("Rpo256", Rpo256::hash_elements_many, Rpo256::hash_elements),
    ("Rpx256", Rpx256::hash_elements_many, Rpx256::hash_elements),
];

fn felts(g: &mut Rng64, n: usize) -> Vec<Felt> {
    g.elements(n)
        .into_iter()
        .map(|v| Felt::from_canonical(v).unwrap())
        .collect()
}

/// Row widths: all of 1..=40, or under scaled-down case counts (qemu,
/// `ALGEBRAIC_HASH_CASES_PERCENT`) one to nine elements (every length of a
/// partial last block, the rate being 8) and both sides of the two- to
/// five-block boundaries.
fn widths() -> Vec<usize> {
    if algebraic_hash_testkit::cases(100) < 100 {
        vec![1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 24, 25, 39, 40]
    } else {
        (1..=40).collect()
    }
}

/// winter-crypto's `Rp64_256` of each row; `None` in builds without the
/// oracle crates (`--cfg algebraic_hash_no_oracles`: the aarch64 run under
/// qemu, where the batch is still compared with one hash per row).
#[cfg(not(algebraic_hash_no_oracles))]
fn winter_digests(data: &[Felt], width: usize) -> Option<Vec<ElementDigest>> {
    use winter_crypto::hashers::Rp64_256 as Winter;
    use winter_crypto::{Digest, ElementHasher};
    use winter_math::fields::f64::BaseElement;
    Some(
        data.chunks(width)
            .map(|row| {
                let row: Vec<BaseElement> =
                    row.iter().map(|e| BaseElement::new(e.to_u64())).collect();
                ElementDigest::from_bytes(&Winter::hash_elements(&row).as_bytes()).unwrap()
            })
            .collect(),
    )
}

#[cfg(algebraic_hash_no_oracles)]
fn winter_digests(_: &[Felt], _: usize) -> Option<Vec<ElementDigest>> {
    None
}

#[test]
fn equals_one_hash_per_row() {
    let mut g = Rng64::new(32, Felt::MODULUS, &EDGES);
    for width in widths() {
        for rows in 0..=33 {
            let data = felts(&mut g, width * rows);
            let winter = winter_digests(&data, width);
            for (name, many, one) in HASHES {
                let mut batch = vec![ElementDigest::default(); rows];
                many(&data, width, &mut batch).unwrap();
                let single: Vec<ElementDigest> = data.chunks(width).map(one).collect();
                assert_eq!(batch, single, "{name}: width {width}, {rows} rows");
                if name == "Rp64_256"
                    && let Some(winter) = &winter
                {
                    assert_eq!(&batch, winter, "winter-crypto: width {width}, {rows} rows");
                }
            }
        }
    }
}

/// Rows of no elements hash to the zero digest (no permutation), as
/// `hash_elements(&[])` does; a slice that is not `width × outputs` is
/// refused without writing.
#[test]
fn empty_rows_and_wrong_lengths() {
    let sentinel = Rp64_256::hash(b"untouched");
    let data: Vec<Felt> = (0..12u32).map(Felt::from).collect();
    for (name, many, one) in HASHES {
        for rows in [0, 1, 17] {
            let mut out = vec![sentinel; rows];
            many(&[], 0, &mut out).unwrap();
            assert!(out.iter().all(|d| *d == one(&[])), "{name}");
        }
        for (len, width, rows) in [(12, 5, 2), (12, 13, 1), (11, 4, 3), (1, 0, 3), (0, 3, 1)] {
            let mut out = vec![sentinel; rows];
            let err = many(&data[..len], width, &mut out).unwrap_err();
            assert_eq!(
                err,
                Error::WrongLength {
                    what: "hash_elements_many rows (width × outputs)",
                    expected: width * rows,
                    found: len,
                },
                "{name}"
            );
            assert!(
                out.iter().all(|d| *d == sentinel),
                "{name}: nothing written"
            );
        }
        let mut out = [sentinel; 2];
        assert!(
            many(&data, usize::MAX, &mut out).is_err(),
            "{name}: overflow"
        );
    }
}
