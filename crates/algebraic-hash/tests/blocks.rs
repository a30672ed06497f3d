//! Properties of the generic building blocks. The families' vector files
//! exercise the same blocks against outside answers (see each family's tests).

use algebraic_hash::{
    Compression, DuplexSponge, Jive, MerkleError, MerkleTree, Permutation, Sponge,
    TruncatedPermutation,
};
use core::num::Wrapping as W;
use proptest::prelude::*;

type Word = W<u64>;

/// A toy mixing permutation of four words (invertible: every step is).
#[derive(Clone, Copy, Debug, Default)]
struct Mix;

impl Permutation<[Word; 4]> for Mix {
    fn permute_mut(&self, s: &mut [Word; 4]) {
        for round in 0..6u64 {
            s[0] += s[1];
            s[2] += s[3];
            s[1] = W(s[1].0.rotate_left(13)) ^ s[0];
            s[3] = W(s[3].0.rotate_left(29)) ^ s[2];
            s[0] = W(s[0].0.rotate_left(32)) + W(round.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            s.swap(1, 3);
        }
    }
}

/// Symbolic compression: the digest is the expression that produced it.
#[derive(Clone, Copy, Debug)]
struct Symbolic;

impl Compression<String, 2> for Symbolic {
    fn compress(&self, [l, r]: [String; 2]) -> String {
        format!("({l},{r})")
    }
}

fn words(v: Vec<u64>) -> Vec<Word> {
    v.into_iter().map(W).collect()
}

type Sp = DuplexSponge<Word, Mix, 4, 2, 1>;

proptest! {
    #[test]
    fn sponge_absorb_in_pieces_equals_one_call(
        input in proptest::collection::vec(any::<u64>(), 0..40),
        cuts in proptest::collection::vec(any::<prop::sample::Index>(), 0..6),
        out_len in 1usize..9,
    ) {
        let input = words(input);
        let mut whole = Sp::new(Mix, [W(7), W(0), W(0), W(9)]);
        whole.absorb(&input);
        let mut expected = vec![W(0); out_len];
        whole.squeeze(&mut expected);

        let mut points: Vec<usize> = cuts.iter().map(|i| i.index(input.len() + 1)).collect();
        points.sort_unstable();
        let mut pieces = Sp::new(Mix, [W(7), W(0), W(0), W(9)]);
        let mut start = 0;
        for p in points {
            pieces.absorb(&input[start..p]);
            start = p;
        }
        pieces.absorb(&input[start..]);
        // Squeeze one element at a time: must equal squeezing all at once.
        let got: Vec<Word> = (0..out_len).map(|_| pieces.squeeze_one()).collect();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn sponge_matches_its_definition(
        input in proptest::collection::vec(any::<u64>(), 0..20),
    ) {
        // Definition: add each block of RATE = 2 into cells 1..3, permute after
        // every block (at least one, the last one zero-padded); read cells 1..3.
        let input = words(input);
        let mut state = [W(1), W(2), W(3), W(4)];
        let blocks: Vec<&[Word]> = if input.is_empty() { vec![&[][..]] } else { input.chunks(2).collect() };
        for block in blocks {
            for (i, x) in block.iter().enumerate() {
                state[1 + i] += *x;
            }
            Mix.permute_mut(&mut state);
        }
        let first = [state[1], state[2]];
        Mix.permute_mut(&mut state);
        let second = state[1];

        let mut sponge = Sp::new(Mix, [W(1), W(2), W(3), W(4)]);
        sponge.absorb(&input);
        let mut out = [W(0); 3];
        sponge.squeeze(&mut out);
        prop_assert_eq!(out, [first[0], first[1], second]);
    }

    #[test]
    fn overwrite_and_flush_match_their_definition(
        input in proptest::collection::vec(any::<u64>(), 0..20),
        add in any::<bool>(),
    ) {
        // Definition: each block of RATE = 2 goes into cells 1..3 (added, or
        // overwriting them), the state is permuted after every block, a
        // partial last block included; no input, no permutation.
        let input = words(input);
        let mut state = [W(1), W(2), W(3), W(4)];
        for block in input.chunks(2) {
            for (i, x) in block.iter().enumerate() {
                if add { state[1 + i] += *x } else { state[1 + i] = *x }
            }
            Mix.permute_mut(&mut state);
        }

        let mut sponge = Sp::new(Mix, [W(1), W(2), W(3), W(4)]);
        for &x in &input {
            if add { sponge.absorb_one(x) } else { sponge.overwrite_one(x) }
        }
        sponge.flush();
        prop_assert_eq!(*sponge.state(), state);
        // Squeezing after a flush reads the flushed state first.
        prop_assert_eq!(sponge.squeeze_one(), state[1]);
    }

    #[test]
    fn jive_and_truncation_match_their_definitions(a in any::<[u64; 2]>(), b in any::<[u64; 2]>()) {
        let (a, b) = (a.map(W), b.map(W));
        let x = [a[0], a[1], b[0], b[1]];
        let p = Mix.permute(x);
        let jive = Jive::<Mix, 2, 2, 4>::new(Mix);
        prop_assert_eq!(jive.compress([a, b]), [x[0] + x[2] + p[0] + p[2], x[1] + x[3] + p[1] + p[3]]);
        let jive4 = Jive::<Mix, 4, 1, 4>::new(Mix);
        prop_assert_eq!(jive4.compress([[a[0]], [a[1]], [b[0]], [b[1]]]), [x[0] + x[1] + x[2] + x[3] + p[0] + p[1] + p[2] + p[3]]);
        let trunc = TruncatedPermutation::<Mix, 3, 1, 4>::new(Mix);
        prop_assert_eq!(trunc.compress([[a[0]], [a[1]], [b[0]]]), [Mix.permute([a[0], a[1], b[0], W(0)])[0]]);
        let mut batch = [[W(0)]; 2];
        trunc.compress_many(&[[[a[0]], [a[1]], [b[0]]], [[b[1]], [a[0]], [a[1]]]], &mut batch);
        prop_assert_eq!(batch[1], [Mix.permute([b[1], a[0], a[1], W(0)])[0]]);
    }
}

fn leaves(n: usize, seed: u64) -> Vec<[Word; 1]> {
    (0..n as u64)
        .map(|i| [W(i.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ seed)])
        .collect()
}

fn jive() -> Jive<Mix2, 2, 1, 2> {
    Jive::new(Mix2)
}

/// Two-word version of `Mix` for one-word digests.
#[derive(Clone, Copy, Debug, Default)]
struct Mix2;

impl Permutation<[Word; 2]> for Mix2 {
    fn permute_mut(&self, s: &mut [Word; 2]) {
        let mut wide = [s[0], s[1], W(0x51), W(0xa7)];
        Mix.permute_mut(&mut wide);
        // Invertibility is irrelevant for a Merkle test: any compression works.
        *s = [wide[0], wide[1]];
    }
}

#[test]
fn merkle_shape_is_rfc6962() {
    let sym = |n: usize| {
        let leaves: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        MerkleTree::new_sequential(Symbolic, leaves)
            .unwrap()
            .root()
            .clone()
    };
    assert_eq!(sym(1), "0");
    assert_eq!(sym(2), "(0,1)");
    assert_eq!(sym(3), "((0,1),2)");
    assert_eq!(sym(5), "(((0,1),(2,3)),4)");
    assert_eq!(sym(6), "(((0,1),(2,3)),(4,5))");
    assert_eq!(sym(7), "(((0,1),(2,3)),((4,5),6))");
    assert_eq!(sym(8), "(((0,1),(2,3)),((4,5),(6,7)))");
    assert_eq!(
        MerkleTree::new_sequential(Symbolic, Vec::new()).err(),
        Some(MerkleError::NoLeaves)
    );
}

#[test]
fn merkle_paths_verify_and_reject() {
    let c = jive();
    for n in [1usize, 2, 3, 4, 5, 7, 8, 9, 16, 31, 33, 100] {
        let leaves = leaves(n, 0xabc);
        let tree = MerkleTree::new_sequential(c, leaves.clone()).unwrap();
        let root = *tree.root();
        for (i, leaf) in leaves.iter().enumerate() {
            let path = tree.path(i).unwrap();
            assert_eq!(MerkleTree::verify(&c, &root, n, i, leaf, &path), Ok(()));
            let sides = tree.path_sides(i).unwrap();
            assert_eq!(
                MerkleTree::verify_sides(&c, &root, leaf, &path, &sides),
                Ok(())
            );
            for k in 0..sides.len() {
                let mut other = sides.clone();
                other[k] = !other[k];
                assert_eq!(
                    MerkleTree::verify_sides(&c, &root, leaf, &path, &other),
                    Err(MerkleError::RootMismatch),
                    "n={n}, leaf {i}: side {k} flipped"
                );
            }
            assert_eq!(
                MerkleTree::verify_sides(&c, &root, leaf, &path, &sides[1.min(sides.len())..]),
                if sides.is_empty() {
                    Ok(())
                } else {
                    Err(MerkleError::SidesLength {
                        siblings: sides.len(),
                        sides: sides.len() - 1,
                    })
                }
            );

            let flipped = [leaf[0] ^ W(1)];
            assert_eq!(
                MerkleTree::verify(&c, &root, n, i, &flipped, &path),
                Err(MerkleError::RootMismatch)
            );
            if n > 1 {
                let j = (i + 1) % n;
                let res = MerkleTree::verify(&c, &root, n, j, leaf, &path);
                assert!(res.is_err(), "n={n}: leaf {i} verified at index {j}");
            }
            for k in 0..path.siblings.len() {
                let mut bad = path.clone();
                bad.siblings[k][0] += W(1);
                assert_eq!(
                    MerkleTree::verify(&c, &root, n, i, leaf, &bad),
                    Err(MerkleError::RootMismatch)
                );
            }
            let mut short = path.clone();
            if short.siblings.pop().is_some() {
                assert!(matches!(
                    MerkleTree::verify(&c, &root, n, i, leaf, &short),
                    Err(MerkleError::PathLength { .. })
                ));
            }
        }
        assert_eq!(
            tree.path(n).err(),
            Some(MerkleError::IndexOutOfRange {
                index: n,
                leaves: n
            })
        );
        assert!(matches!(
            MerkleTree::verify(&c, &root, n, n, &leaves[0], &tree.path(0).unwrap()),
            Err(MerkleError::IndexOutOfRange { .. })
        ));
    }
}

#[test]
fn merkle_root_is_compression_of_children() {
    let c = jive();
    let leaves = leaves(1 << 6, 3);
    let tree = MerkleTree::new_sequential(c, leaves.clone()).unwrap();
    let left = MerkleTree::new_sequential(c, leaves[..32].to_vec()).unwrap();
    let right = MerkleTree::new_sequential(c, leaves[32..].to_vec()).unwrap();
    assert_eq!(*tree.root(), c.compress([*left.root(), *right.root()]));
    assert_eq!(tree.levels().len(), 7);
}

#[cfg(feature = "parallel")]
proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]
    #[test]
    fn parallel_build_equals_sequential(n in 1usize..=(1 << 12), seed in any::<u64>()) {
        let c = jive();
        let leaves = leaves(n, seed);
        let seq = MerkleTree::new_sequential(c, leaves.clone()).unwrap();
        let par = MerkleTree::new_parallel(c, leaves.clone()).unwrap();
        prop_assert_eq!(seq.levels(), par.levels());
        let default = MerkleTree::new(c, leaves).unwrap();
        prop_assert_eq!(seq.root(), default.root());
    }
}

#[cfg(feature = "parallel")]
#[test]
fn parallel_build_equals_sequential_at_edges() {
    let c = jive();
    for n in [1usize, 2, 511, 512, 513, 1023, 1024, 1025, 4095, 4096] {
        let leaves = leaves(n, n as u64);
        let seq = MerkleTree::new_sequential(c, leaves.clone()).unwrap();
        let par = MerkleTree::new_parallel(c, leaves).unwrap();
        assert_eq!(seq.levels(), par.levels(), "n = {n}");
    }
}

/// `Mix` whose `permute_many` reverses its batch first and puts it back
/// afterwards, and counts the states it saw: a batch path that is really
/// taken, with the same results as one by one.
#[derive(Clone, Debug, Default)]
struct Batched {
    seen: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Permutation<[Word; 4]> for Batched {
    fn permute_mut(&self, s: &mut [Word; 4]) {
        Mix.permute_mut(s);
    }
    fn permute_many(&self, states: &mut [[Word; 4]]) {
        self.seen
            .fetch_add(states.len(), std::sync::atomic::Ordering::Relaxed);
        states.reverse();
        for s in states.iter_mut() {
            Mix.permute_mut(s);
        }
        states.reverse();
    }
}

#[test]
fn jive_and_truncation_compress_many_go_through_permute_many() {
    for n in 0..=17usize {
        let inputs: Vec<[[Word; 2]; 2]> = (0..n as u64)
            .map(|i| [[W(i), W(i * 7 + 1)], [W(i ^ 0x55), W(3 * i + 2)]])
            .collect();
        let perm = Batched::default();
        let jive = Jive::<Batched, 2, 2, 4>::new(perm.clone());
        let mut out = vec![[W(0); 2]; n];
        jive.compress_many(&inputs, &mut out);
        let expected: Vec<[Word; 2]> = inputs.iter().map(|x| jive.compress(*x)).collect();
        assert_eq!(out, expected, "Jive, {n} inputs");
        assert_eq!(perm.seen.load(std::sync::atomic::Ordering::Relaxed), n);

        let trunc = TruncatedPermutation::<Batched, 2, 1, 4>::new(perm.clone());
        let inputs: Vec<[[Word; 1]; 2]> = inputs.iter().map(|x| [[x[0][0]], [x[1][1]]]).collect();
        let mut out = vec![[W(0)]; n];
        trunc.compress_many(&inputs, &mut out);
        let expected: Vec<[Word; 1]> = inputs.iter().map(|x| trunc.compress(*x)).collect();
        assert_eq!(out, expected, "truncation, {n} inputs");
        assert_eq!(perm.seen.load(std::sync::atomic::Ordering::Relaxed), 2 * n);
    }
}

#[test]
fn try_compress_many_refuses_a_length_mismatch_and_otherwise_compresses() {
    let inputs: Vec<[String; 2]> = (0..3).map(|i| [format!("a{i}"), format!("b{i}")]).collect();
    for n in [0, 2, 4] {
        let mut outputs = vec![String::from("untouched"); n];
        assert_eq!(
            Symbolic.try_compress_many(&inputs, &mut outputs),
            Err(algebraic_hash::Error::WrongLength {
                what: "compress_many outputs",
                expected: 3,
                found: n,
            })
        );
        assert!(outputs.iter().all(|o| o == "untouched"));
    }
    let mut outputs = vec![String::new(); 3];
    assert_eq!(Symbolic.try_compress_many(&inputs, &mut outputs), Ok(()));
    assert_eq!(outputs, ["(a0,b0)", "(a1,b1)", "(a2,b2)"]);
}

/// Plonky3's padding-free sponge, rule by rule: the empty input is zeros
/// with no permutation; each full block of `RATE` elements overwrites the
/// rate and is permuted; a last partial block overwrites only its cells
/// and is permuted; the digest is the first `OUT` cells. Written out by
/// hand on `Mix` (rate 2 of 4, 3 out).
#[test]
fn padding_free_sponge_follows_plonky3s_rule() {
    use algebraic_hash::{Hasher, PaddingFreeSponge};
    let sponge = PaddingFreeSponge::<Mix, 4, 2, 3>::new(Mix);
    let hash = |input: &[u64]| sponge.hash_elements(&words(input.to_vec()));
    assert_eq!(hash(&[]), [W(0); 3]);
    for n in 1..=7usize {
        let input: Vec<u64> = (1..=n as u64).map(|i| i * 0x1234_5678).collect();
        let mut state = [W(0u64); 4];
        for block in input.chunks(2) {
            for (cell, &x) in state.iter_mut().zip(block) {
                *cell = W(x);
            }
            Mix.permute_mut(&mut state);
        }
        assert_eq!(hash(&input), [state[0], state[1], state[2]], "{n} elements");
    }
}
