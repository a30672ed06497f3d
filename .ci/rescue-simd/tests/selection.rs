//! Built with SIMD target features compiled in (.ci/gates/10-rescue.sh):
//! the backend is the compiled-in one without any run-time detection, and
//! the batch entry points, which take the batched SIMD code, give the same
//! answers as one state at a time for every batch size 0..=17, on random
//! states with edge values. (The outside answers are checked through every
//! entry point by the vector tests this package also runs.)

use algebraic_hash::{Compression, Permutation};
use algebraic_hash_rescue::{Backend, ElementDigest, Felt, Rp64_256, Rpo256, Rpx256, backend};
use algebraic_hash_testkit::Rng64;

const EDGES: [u64; 5] = [0, 1, Felt::MODULUS - 1, 1 << 32, (1 << 32) - 1];

#[test]
fn backend_is_the_compiled_in_one() {
    let expected = if cfg!(all(target_feature = "avx512f", target_feature = "avx512vl")) {
        Backend::Avx512
    } else if cfg!(all(target_feature = "avx2", target_feature = "bmi2")) {
        Backend::Avx2
    } else {
        panic!("build this package with -C target-feature=+avx2,+bmi2 (see 10-rescue.sh)");
    };
    assert_eq!(backend(), expected);
}

fn felts(g: &mut Rng64, n: usize) -> Vec<Felt> {
    g.elements(n)
        .into_iter()
        .map(|v| Felt::from_canonical(v).expect("below the modulus"))
        .collect()
}

fn check<P>(seed: u64, p: &P)
where
    P: Permutation<[Felt; 12]> + Compression<ElementDigest, 2>,
{
    let mut g = Rng64::new(seed, Felt::MODULUS, &EDGES);
    for n in 0..=17 {
        let states: Vec<[Felt; 12]> = (0..n)
            .map(|_| felts(&mut g, 12).try_into().unwrap())
            .collect();
        let singles: Vec<_> = states.iter().map(|s| p.permute(*s)).collect();
        let mut batch = states.clone();
        p.permute_many(&mut batch);
        assert_eq!(batch, singles, "permute_many of {n} states");

        let pairs: Vec<[ElementDigest; 2]> = (0..n)
            .map(|_| {
                let a = felts(&mut g, 4).try_into().unwrap();
                let b = felts(&mut g, 4).try_into().unwrap();
                [ElementDigest::new(a), ElementDigest::new(b)]
            })
            .collect();
        let singles: Vec<_> = pairs.iter().map(|pair| p.compress(*pair)).collect();
        let mut batch = vec![ElementDigest::default(); n];
        p.compress_many(&pairs, &mut batch);
        assert_eq!(batch, singles, "compress_many of {n} pairs");
    }
}

#[test]
fn rp64_256_batches_equal_single_states() {
    check(1, &Rp64_256);
}

#[test]
fn rpo256_batches_equal_single_states() {
    check(2, &Rpo256);
}

#[test]
fn rpx256_batches_equal_single_states() {
    check(3, &Rpx256);
}
