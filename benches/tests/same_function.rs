//! The suite compares like with like: on the benchmarks' own inputs, every
//! peer that implements the same function gives the same answer as this
//! workspace, and every adapter (peer constants fed into zkhash, the sponge
//! and Merkle glue around peer permutations) computes what it claims.
//! Speed is never asserted here.

use algebraic_hash::{Compression, MerkleTree, Permutation, TruncatedPermutation};
use algebraic_hash_benches::glue::HashPair;
use algebraic_hash_benches::inputs;
use algebraic_hash_benches::peers::bn254::{
    LightCircomT3, NoirHashPairT4, TaceoCompressT3, TaceoHashPairT4, ZkhashCircomT3,
    ZkhashCompressT3, from_zk, length_iv, light_circom, noir_hash_t4, noir_permutation,
    poseidon2_sponge, taceo_hash, to_noir, to_zk, zkhash_circom, zkhash_hash_t3,
    zkhash_poseidon2_t3,
};
use algebraic_hash_benches::peers::goldilocks::{
    WinterMerge, miden_elements, miden_words, winter_digests, winter_elements,
};
use algebraic_hash_benches::work;
use algebraic_hash_poseidon::circom::CircomPoseidon;
use algebraic_hash_poseidon::field::fr_from_str;
use algebraic_hash_poseidon::poseidon2::{
    NEW_T2, NEW_T3, NEW_T4, NEW_T8, NEW_T12, NEW_T16, Poseidon2,
};
use algebraic_hash_poseidon::{Fr, circom};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256};
use light_poseidon::PoseidonHasher;
use winter_crypto::hashers::Rp64_256 as WinterRp;
use winter_crypto::{ElementHasher, Hasher};

fn felts(v: &[u64]) -> Vec<Felt> {
    v.iter()
        .map(|&x| Felt::from_canonical(x).unwrap())
        .collect()
}

fn our_digests(v: &[u64]) -> Vec<ElementDigest> {
    felts(v)
        .chunks_exact(4)
        .map(|c| ElementDigest::new([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn digest_ints(d: &ElementDigest) -> Vec<u64> {
    d.as_elements().iter().map(|x| x.as_int()).collect()
}

fn winter_ints<'a>(
    d: impl IntoIterator<Item = &'a winter_math::fields::f64::BaseElement>,
) -> Vec<u64> {
    d.into_iter().map(|x| x.as_int()).collect()
}

#[test]
fn rescue_peer_winterfell_is_the_same_function_on_the_bench_inputs() {
    // permutation (seed 1), merge (seed 2), 10 KiB hash (seed 3): as in benches/rescue.rs
    let v = inputs::goldilocks(1, 12);
    let mut ours: [Felt; 12] = felts(&v).try_into().unwrap();
    let mut theirs: [_; 12] = winter_elements(&v).try_into().unwrap();
    Rp64_256::apply_permutation(&mut ours);
    WinterRp::apply_permutation(&mut theirs);
    assert_eq!(ours.map(|x| x.as_int()).to_vec(), winter_ints(&theirs));

    let v = inputs::goldilocks(2, 8);
    let d: [ElementDigest; 2] = our_digests(&v).try_into().unwrap();
    let w: [_; 2] = winter_digests(&v).try_into().unwrap();
    assert_eq!(
        digest_ints(&Rp64_256::merge(&d)),
        winter_ints(WinterRp::merge(&w).as_elements())
    );

    let v = inputs::goldilocks(3, work::GOLDILOCKS_10KIB);
    assert_eq!(
        digest_ints(&Rp64_256::hash_elements(&felts(&v))),
        winter_ints(WinterRp::hash_elements(&winter_elements(&v)).as_elements())
    );
}

/// Rpo256 / Rpx256 rows: ours and miden-crypto 0.28 on the bench inputs.
#[test]
fn miden_hashes_are_the_same_functions_on_the_bench_inputs() {
    macro_rules! family {
        ($ours:ty, $theirs:ty, $seed:expr) => {{
            let v = inputs::goldilocks($seed, 12);
            let mut ours: [Felt; 12] = felts(&v).try_into().unwrap();
            let mut theirs: [_; 12] = miden_elements(&v).try_into().unwrap();
            <$ours>::apply_permutation(&mut ours);
            <$theirs>::apply_permutation(&mut theirs);
            assert_eq!(
                ours.map(|x| x.as_int()),
                theirs.map(|x| x.as_canonical_u64())
            );
            let v = inputs::goldilocks($seed + 1, 8);
            let d: [ElementDigest; 2] = our_digests(&v).try_into().unwrap();
            let m: [_; 2] = miden_words(&v).try_into().unwrap();
            let theirs = <$theirs>::merge(&m);
            assert_eq!(
                digest_ints(&<$ours>::merge(&d)),
                theirs
                    .iter()
                    .map(|x| x.as_canonical_u64())
                    .collect::<Vec<_>>()
            );
            let v = inputs::goldilocks($seed + 2, work::GOLDILOCKS_10KIB);
            let theirs = <$theirs>::hash_elements(&miden_elements(&v));
            assert_eq!(
                digest_ints(&<$ours>::hash_elements(&felts(&v))),
                theirs
                    .iter()
                    .map(|x| x.as_canonical_u64())
                    .collect::<Vec<_>>()
            );
        }};
    }
    family!(
        algebraic_hash_rescue::Rpo256,
        miden_crypto::hash::rpo::Rpo256,
        10
    );
    family!(
        algebraic_hash_rescue::Rpx256,
        miden_crypto::hash::rpx::Rpx256,
        20
    );
}

#[test]
fn rescue_merkle_roots_agree_through_the_generic_tree() {
    let v = inputs::goldilocks(4, 4 * 64);
    let ours = MerkleTree::new_sequential(Rp64_256, our_digests(&v)).unwrap();
    let theirs = MerkleTree::new_parallel(WinterMerge, winter_digests(&v)).unwrap();
    assert_eq!(
        digest_ints(ours.root()),
        winter_ints(theirs.root().as_elements())
    );
}

fn circom_width<const T: usize>()
where
    CircomPoseidon<T>: Permutation<[Fr; T]>,
{
    let v = inputs::bn254(10 + T as u64, T);
    let state: [Fr; T] = v.clone().try_into().unwrap();
    let ours = CircomPoseidon::<T>::new().permute(state);
    // zkhash's optimized form, fed light-poseidon's circom constants: the full state.
    let zk = zkhash_circom(T).permutation(&v.iter().map(|&x| to_zk(x)).collect::<Vec<_>>());
    assert_eq!(
        zk.into_iter().map(from_zk).collect::<Vec<_>>(),
        ours.to_vec(),
        "t = {T}"
    );
    // light-poseidon: the hash of the T - 1 inputs, element 0 of permute([0, x...]).
    let h = light_circom(T).hash(&v[1..]).unwrap();
    assert_eq!(Ok(h), circom::poseidon(&v[1..]), "t = {T}");
}

#[test]
fn circom_peers_are_the_same_function() {
    circom_width::<2>();
    circom_width::<3>();
    circom_width::<5>();
    circom_width::<9>();
    circom_width::<13>();
}

#[test]
fn circom_compressions_and_merkle_roots_agree() {
    let v = inputs::bn254(20, 2);
    let ours = CircomPoseidon::<3>::new().compress([v[0], v[1]]);
    assert_eq!(LightCircomT3.compress([v[0], v[1]]), ours);
    assert_eq!(
        from_zk(ZkhashCircomT3::default().compress([to_zk(v[0]), to_zk(v[1])])),
        ours
    );

    let leaves = inputs::bn254(21, 100);
    let root = *MerkleTree::new_sequential(CircomPoseidon::<3>::new(), leaves.clone())
        .unwrap()
        .root();
    let light = *MerkleTree::new_parallel(LightCircomT3, leaves.clone())
        .unwrap()
        .root();
    let zk = MerkleTree::new_sequential(
        ZkhashCircomT3::default(),
        leaves.iter().map(|&x| to_zk(x)).collect(),
    )
    .unwrap();
    assert_eq!(light, root);
    assert_eq!(from_zk(*zk.root()), root);
}

fn taceo<const T: usize>(ours: Poseidon2<T>, peer: fn(&[Fr; T]) -> [Fr; T])
where
    Poseidon2<T>: Permutation<[Fr; T]>,
{
    for seed in 0..20 {
        let s: [Fr; T] = inputs::bn254(seed, T).try_into().unwrap();
        assert_eq!(ours.permute(s), peer(&s), "t = {T}");
    }
}

#[test]
fn poseidon2_peers_are_the_new_instances() {
    taceo(NEW_T2, taceo_poseidon2::bn254::t2::permutation);
    taceo(NEW_T3, taceo_poseidon2::bn254::t3::permutation);
    taceo(NEW_T4, taceo_poseidon2::bn254::t4::permutation);
    taceo(NEW_T8, taceo_poseidon2::bn254::t8::permutation);
    taceo(NEW_T12, taceo_poseidon2::bn254::t12::permutation);
    taceo(NEW_T16, taceo_poseidon2::bn254::t16::permutation);
    let zk = zkhash_poseidon2_t3();
    let noir = |s: [Fr; 4]| noir_permutation(&s.map(to_noir)).map(|x| x.into_repr());
    for seed in 0..20 {
        let s: [Fr; 3] = inputs::bn254(100 + seed, 3).try_into().unwrap();
        let z: Vec<Fr> = zk
            .permutation(&s.map(to_zk))
            .into_iter()
            .map(from_zk)
            .collect();
        assert_eq!(z, NEW_T3.permute(s).to_vec());
        let s: [Fr; 4] = inputs::bn254(200 + seed, 4).try_into().unwrap();
        assert_eq!(noir(s), NEW_T4.permute(s));
    }
}

#[test]
fn poseidon2_glue_computes_the_documented_functions() {
    // The sponge rule around taceo's t = 4 permutation gives Barretenberg's /
    // Noir's Poseidon2::hash([1000]) (the known answer quoted in the
    // poseidon crate's README, from Noir's and Barretenberg's tests).
    let h = poseidon2_sponge::<Fr, 4>(Fr::from(0u64), length_iv(1), &[Fr::from(1000u64)], |s| {
        taceo_poseidon2::bn254::t4::permutation_in_place(s)
    });
    assert_eq!(
        h,
        fr_from_str("0x16433a80e26a23547e25d61dd95fd5793d1ca2dcd78ae64cd146d3b99a35fa7c").unwrap()
    );
    // The t = 3 compression `permute([a, b, 0])[0]`: both peers' glue equals
    // the workspace's generic truncated permutation over NEW_T3.
    let ours = TruncatedPermutation::<_, 2, 1, 3>::new(NEW_T3);
    let noir_pair = NoirHashPairT4;
    for seed in 0..20 {
        let v = inputs::bn254(300 + seed, 2);
        let x = ours.compress([[v[0]], [v[1]]])[0];
        assert_eq!(TaceoCompressT3.compress([v[0], v[1]]), x);
        assert_eq!(
            from_zk(ZkhashCompressT3::default().compress([to_zk(v[0]), to_zk(v[1])])),
            x
        );
        // t = 4 hash of a pair: one permutation of [a, b, 0, 2 · 2^64], both peers.
        let mut s = [v[0], v[1], Fr::from(0u64), length_iv(2)];
        NEW_T4.permute_mut(&mut s);
        assert_eq!(TaceoHashPairT4.compress([v[0], v[1]]), s[0]);
        assert_eq!(
            noir_pair
                .compress([to_noir(v[0]), to_noir(v[1])])
                .into_repr(),
            s[0]
        );
    }
}

#[test]
fn poseidon2_work_items_agree_with_the_workspace_on_the_bench_inputs() {
    // compress-2to1 (seed 33): t = 3 compress; t = 4 hash of the pair.
    let v = inputs::bn254(33, 2);
    let (a, b) = (v[0], v[1]);
    assert_eq!(TaceoCompressT3.compress([a, b]), NEW_T3.compress([a, b]));
    assert_eq!(
        from_zk(ZkhashCompressT3::default().compress([to_zk(a), to_zk(b)])),
        NEW_T3.compress([a, b])
    );
    let pair = HashPair(NEW_T4).compress([a, b]);
    assert_eq!(pair, NEW_T4.hash(&[a, b]));
    assert_eq!(TaceoHashPairT4.compress([a, b]), pair);
    assert_eq!(
        NoirHashPairT4
            .compress([to_noir(a), to_noir(b)])
            .into_repr(),
        pair
    );

    // hash-10KiB (seed 34): 331 elements, every width and peer.
    let v = inputs::bn254(34, work::BN254_10KIB);
    assert_eq!(
        taceo_hash(&v, taceo_poseidon2::bn254::t2::permutation_in_place),
        NEW_T2.hash(&v)
    );
    assert_eq!(
        taceo_hash(&v, taceo_poseidon2::bn254::t3::permutation_in_place),
        NEW_T3.hash(&v)
    );
    assert_eq!(
        taceo_hash(&v, taceo_poseidon2::bn254::t4::permutation_in_place),
        NEW_T4.hash(&v)
    );
    let zk = zkhash_poseidon2_t3();
    let zv: Vec<_> = v.iter().map(|&x| to_zk(x)).collect();
    assert_eq!(from_zk(zkhash_hash_t3(&zk, &zv)), NEW_T3.hash(&v));
    let nv: Vec<_> = v.iter().map(|&x| to_noir(x)).collect();
    assert_eq!(noir_hash_t4(&nv).into_repr(), NEW_T4.hash(&v));

    // Merkle roots (seed 35), on a smaller tree.
    let leaves = inputs::bn254(35, 64);
    let root3 = *MerkleTree::new_sequential(NEW_T3, leaves.clone())
        .unwrap()
        .root();
    assert_eq!(
        *MerkleTree::new_parallel(TaceoCompressT3, leaves.clone())
            .unwrap()
            .root(),
        root3
    );
    let zk = MerkleTree::new_sequential(
        ZkhashCompressT3::default(),
        leaves.iter().map(|&x| to_zk(x)).collect(),
    )
    .unwrap();
    assert_eq!(from_zk(*zk.root()), root3);
    let root4 = *MerkleTree::new_sequential(HashPair(NEW_T4), leaves.clone())
        .unwrap()
        .root();
    assert_eq!(
        *MerkleTree::new_parallel(TaceoHashPairT4, leaves.clone())
            .unwrap()
            .root(),
        root4
    );
    let noir =
        MerkleTree::new_sequential(NoirHashPairT4, leaves.iter().map(|&x| to_noir(x)).collect())
            .unwrap();
    assert_eq!(noir.root().into_repr(), root4);
}
