//! Differential: the rescue crate's SIMD backend (the one `backend()` picks
//! on this CPU: AVX2 on x86_64 with AVX2, NEON on aarch64) against a scalar
//! Rp64_256, winter-crypto 0.13's, on batches of any size: the batched
//! `apply_permutation_many`, `Permutation::permute_many` and `merge_pairs`
//! (interleaved states, chunks of 16, remainders) and the single-state
//! `apply_permutation`, which also runs on the SIMD backend when there is
//! one. On a CPU without SIMD it still compares the scalar path.

#![no_main]

use algebraic_hash::{Error, Permutation};
use algebraic_hash_rescue::{Backend, ElementDigest, Felt, Rp64_256, STATE_WIDTH, backend};
use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use std::sync::Once;
use winter_crypto::Hasher;
use winter_crypto::hashers::Rp64_256 as WinterRp;
use winter_math::fields::f64::BaseElement;

type WinterDigest = <WinterRp as Hasher>::Digest;

#[derive(Arbitrary, Debug)]
struct Input {
    states: Vec<[u64; STATE_WIDTH]>,
    pairs: Vec<[[u64; 4]; 2]>,
    /// Added to the output count of `merge_pairs` (0: the right count).
    extra_outputs: u8,
}

fn scalar(words: &[u64; STATE_WIDTH]) -> [u64; STATE_WIDTH] {
    let mut s = words.map(BaseElement::new);
    WinterRp::apply_permutation(&mut s);
    s.map(|e| e.as_int())
}

static BACKEND: Once = Once::new();

fuzz_target!(|input: Input| {
    BACKEND.call_once(|| {
        let b = backend();
        eprintln!("rescue backend: {b:?}");
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            assert_eq!(b, Backend::Avx2, "AVX2 present but not used");
        }
    });

    let want: Vec<[u64; STATE_WIDTH]> = input.states.iter().map(scalar).collect();
    let felts: Vec<[Felt; STATE_WIDTH]> = input
        .states
        .iter()
        .map(|s| s.map(Felt::from_u64_reduced))
        .collect();
    let words = |v: &[[Felt; STATE_WIDTH]]| -> Vec<[u64; STATE_WIDTH]> {
        v.iter().map(|s| s.map(|e| e.to_u64())).collect()
    };

    let mut many = felts.clone();
    Rp64_256::apply_permutation_many(&mut many);
    assert_eq!(words(&many), want, "apply_permutation_many");

    let mut many = felts.clone();
    Rp64_256.permute_many(&mut many);
    assert_eq!(words(&many), want, "Permutation::permute_many");

    if let Some((first, expected)) = felts.first().zip(want.first()) {
        let mut one = *first;
        Rp64_256::apply_permutation(&mut one);
        assert_eq!(one.map(|e| e.to_u64()), *expected, "apply_permutation");
    }

    let digest = |w: &[u64; 4]| ElementDigest::new(w.map(Felt::from_u64_reduced));
    let inputs: Vec<[ElementDigest; 2]> = input
        .pairs
        .iter()
        .map(|[a, b]| [digest(a), digest(b)])
        .collect();
    let n = inputs.len() + usize::from(input.extra_outputs);
    let mut outputs = vec![ElementDigest::default(); n];
    let got = Rp64_256::merge_pairs(&inputs, &mut outputs);
    if n != inputs.len() {
        assert!(
            matches!(got, Err(Error::WrongLength { expected, found, .. }) if expected == inputs.len() && found == n),
            "{got:?}"
        );
        assert!(
            outputs.iter().all(|d| *d == ElementDigest::default()),
            "written on error"
        );
    } else {
        got.expect("equal lengths");
        for (out, [a, b]) in outputs.iter().zip(&input.pairs) {
            let w = WinterRp::merge(&[
                WinterDigest::new(a.map(BaseElement::new)),
                WinterDigest::new(b.map(BaseElement::new)),
            ]);
            let w: Vec<u64> = w.as_elements().iter().map(|e| e.as_int()).collect();
            let ours: Vec<u64> = out.as_elements().iter().map(|e| e.to_u64()).collect();
            assert_eq!(ours, w, "merge_pairs");
        }
    }
});
