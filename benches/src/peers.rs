//! The peer crates behind this workspace's traits, so that they run through
//! the same generic code (the Merkle tree) as the workspace's own instances.
//!
//! Each adapter calls the peer's own public function for the work; the only
//! code of ours in a peer's measurement is the glue (the generic tree, and
//! for Poseidon2 peers without a sponge, the sponge rule of
//! [`bn254::poseidon2_sponge`] around the peer's permutation).

/// Rescue-Prime over Goldilocks: Winterfell's Rp64_256 and Miden's Rpo256.
pub mod goldilocks {
    use algebraic_hash::Compression;
    use miden_crypto::hash::rpo::Rpo256;
    use winter_crypto::Hasher;
    use winter_crypto::hashers::Rp64_256 as WinterRp;
    use winter_math::fields::f64::BaseElement;

    pub use miden_crypto::{Felt as MidenFelt, Word as MidenWord};

    /// winter-crypto's Rp64_256 digest.
    pub type WinterDigest = <WinterRp as Hasher>::Digest;

    /// winter-crypto's field elements for canonical `values`.
    pub fn winter_elements(values: &[u64]) -> Vec<BaseElement> {
        values.iter().map(|&x| BaseElement::new(x)).collect()
    }

    /// miden-crypto's field elements for canonical `values`.
    ///
    /// # Panics
    /// If a value is not canonical (the inputs module only makes canonical ones).
    pub fn miden_elements(values: &[u64]) -> Vec<MidenFelt> {
        values
            .iter()
            .map(|&x| MidenFelt::new(x).expect("canonical Goldilocks value"))
            .collect()
    }

    /// winter-crypto digests, four values each.
    pub fn winter_digests(values: &[u64]) -> Vec<WinterDigest> {
        winter_elements(values)
            .chunks_exact(4)
            .map(|c| WinterDigest::new([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// miden-crypto words, four values each.
    pub fn miden_words(values: &[u64]) -> Vec<MidenWord> {
        miden_elements(values)
            .chunks_exact(4)
            .map(|c| MidenWord::new([c[0], c[1], c[2], c[3]]))
            .collect()
    }

    /// `winter_crypto::hashers::Rp64_256::merge` as a [`Compression`].
    #[derive(Clone, Copy, Debug, Default)]
    pub struct WinterMerge;

    impl Compression<WinterDigest, 2> for WinterMerge {
        #[inline]
        fn compress(&self, input: [WinterDigest; 2]) -> WinterDigest {
            WinterRp::merge(&input)
        }
    }

    /// `miden_crypto::hash::rpo::Rpo256::merge` as a [`Compression`].
    #[derive(Clone, Copy, Debug, Default)]
    pub struct MidenMerge;

    impl Compression<MidenWord, 2> for MidenMerge {
        #[inline]
        fn compress(&self, input: [MidenWord; 2]) -> MidenWord {
            Rpo256::merge(&input)
        }
    }
}

/// BN254 peers: light-poseidon, zkhash, taceo-poseidon2, bn254_blackbox_solver.
pub mod bn254 {
    use std::cell::RefCell;

    use algebraic_hash::Compression;
    use ark_bn254::Fr;
    use ark_ff::{BigInteger, PrimeField};
    use ark_ff_04::PrimeField as PrimeField04;
    use light_poseidon::{Poseidon as LightPoseidon, PoseidonHasher};
    use std::sync::Arc;
    use zkhash::poseidon::poseidon::Poseidon as ZkPoseidon;
    use zkhash::poseidon::poseidon_params::PoseidonParams as ZkPoseidonParams;
    use zkhash::poseidon2::poseidon2::Poseidon2 as ZkPoseidon2;
    use zkhash::poseidon2::poseidon2_instance_bn256::POSEIDON2_BN256_PARAMS;

    /// zkhash's BN254 scalar field (an ark-ff 0.4 type).
    pub use zkhash::fields::bn256::FpBN256 as ZkFr;

    /// Noir's field element over BN254.
    pub type NoirFr = acir_field::GenericFieldElement<Fr>;

    /// `x` as a zkhash field element (through its canonical bytes).
    pub fn to_zk(x: Fr) -> ZkFr {
        ZkFr::from_le_bytes_mod_order(&x.into_bigint().to_bytes_le())
    }

    /// A zkhash field element as an arkworks 0.6 `Fr`.
    pub fn from_zk(x: ZkFr) -> Fr {
        use ark_ff_04::BigInteger as BigInteger04;
        Fr::from_le_bytes_mod_order(&x.into_bigint().to_bytes_le())
    }

    /// `x` as Noir's field element.
    pub fn to_noir(x: Fr) -> NoirFr {
        NoirFr::from_repr(x)
    }

    /// circom's Poseidon of width `t` (1 ≤ `t − 1` ≤ 12 inputs) in
    /// light-poseidon.
    ///
    /// # Panics
    /// For a width light-poseidon does not have.
    pub fn light_circom(t: usize) -> LightPoseidon<Fr> {
        LightPoseidon::<Fr>::new_circom(t - 1).expect("light-poseidon has this circom width")
    }

    /// zkhash's optimized Poseidon permutation with circom's constants of
    /// width `t`, taken from light-poseidon's parameter tables (x^5, 8 full
    /// rounds, circom's partial-round counts).
    ///
    /// # Panics
    /// For a width light-poseidon does not have.
    pub fn zkhash_circom(t: usize) -> ZkPoseidon<ZkFr> {
        let width = u8::try_from(t).expect("small width");
        let p = light_poseidon::parameters::bn254_x5::get_poseidon_parameters::<Fr>(width)
            .expect("light-poseidon has this circom width");
        let mds: Vec<Vec<ZkFr>> = p
            .mds
            .iter()
            .map(|row| row.iter().map(|&x| to_zk(x)).collect())
            .collect();
        let rounds: Vec<Vec<ZkFr>> = p
            .ark
            .chunks_exact(t)
            .map(|round| round.iter().map(|&x| to_zk(x)).collect())
            .collect();
        let alpha = usize::try_from(p.alpha).expect("small exponent");
        let params =
            ZkPoseidonParams::new(t, alpha, p.full_rounds, p.partial_rounds, &mds, &rounds);
        ZkPoseidon::new(&Arc::new(params))
    }

    /// zkhash's Poseidon2 BN254 t = 3 (HorizenLabs' new constants).
    pub fn zkhash_poseidon2_t3() -> ZkPoseidon2<ZkFr> {
        ZkPoseidon2::new(&POSEIDON2_BN256_PARAMS)
    }

    thread_local! {
        static LIGHT_T3: RefCell<LightPoseidon<Fr>> = RefCell::new(light_circom(3));
    }

    /// light-poseidon's circom `Poseidon(2)` as a [`Compression`] (one hasher
    /// per thread: light-poseidon hashes through `&mut self`).
    #[derive(Clone, Copy, Debug, Default)]
    pub struct LightCircomT3;

    impl Compression<Fr, 2> for LightCircomT3 {
        #[inline]
        fn compress(&self, input: [Fr; 2]) -> Fr {
            LIGHT_T3.with(|h| h.borrow_mut().hash(&input).expect("two inputs for width 3"))
        }
    }

    /// zkhash's optimized Poseidon with circom's t = 3 constants as a
    /// [`Compression`]: `permutation([0, a, b])[0]`, circomlib's layout.
    #[derive(Clone, Debug)]
    pub struct ZkhashCircomT3(pub ZkPoseidon<ZkFr>);

    impl Default for ZkhashCircomT3 {
        fn default() -> Self {
            Self(zkhash_circom(3))
        }
    }

    impl Compression<ZkFr, 2> for ZkhashCircomT3 {
        #[inline]
        fn compress(&self, [a, b]: [ZkFr; 2]) -> ZkFr {
            self.0.permutation(&[ZkFr::from(0u64), a, b])[0]
        }
    }

    /// taceo-poseidon2's t = 3 permutation as the Poseidon2 compression
    /// `permutation([a, b, 0])[0]`.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct TaceoCompressT3;

    impl Compression<Fr, 2> for TaceoCompressT3 {
        #[inline]
        fn compress(&self, [a, b]: [Fr; 2]) -> Fr {
            taceo_poseidon2::bn254::t3::permutation(&[a, b, Fr::from(0u64)])[0]
        }
    }

    /// zkhash's Poseidon2 t = 3 as the compression `permutation([a, b, 0])[0]`.
    #[derive(Clone, Debug)]
    pub struct ZkhashCompressT3(pub ZkPoseidon2<ZkFr>);

    impl Default for ZkhashCompressT3 {
        fn default() -> Self {
            Self(zkhash_poseidon2_t3())
        }
    }

    impl Compression<ZkFr, 2> for ZkhashCompressT3 {
        #[inline]
        fn compress(&self, [a, b]: [ZkFr; 2]) -> ZkFr {
            self.0.permutation(&[a, b, ZkFr::from(0u64)])[0]
        }
    }

    /// Noir's (Barretenberg's) t = 4 permutation, one state.
    ///
    /// # Panics
    /// Never for a 4-element state (the solver's width).
    #[inline]
    pub fn noir_permutation(state: &[NoirFr; 4]) -> [NoirFr; 4] {
        let out = bn254_blackbox_solver::poseidon2_permutation(state)
            .expect("a 4-element state is the solver's width");
        [out[0], out[1], out[2], out[3]]
    }

    /// The sponge hash of `algebraic_hash_poseidon::poseidon2` (Barretenberg's
    /// `Poseidon2::hash` for t = 4) around any width-`T` permutation: rate
    /// cells `0..T-1`, capacity cell `T-1` = `iv` (the input length · 2^64),
    /// elements added into the rate, a permutation when an element finds the
    /// rate full and one at the end; the digest is cell 0.
    pub fn poseidon2_sponge<F, const T: usize>(
        zero: F,
        iv: F,
        input: &[F],
        mut permute: impl FnMut(&mut [F; T]),
    ) -> F
    where
        F: Copy + core::ops::AddAssign,
    {
        let mut state = [zero; T];
        state[T - 1] = iv;
        let mut filled = 0;
        for &x in input {
            if filled == T - 1 {
                permute(&mut state);
                filled = 0;
            }
            state[filled] += x;
            filled += 1;
        }
        permute(&mut state);
        state[0]
    }

    /// The Poseidon2 sponge hash of `input` around a taceo-poseidon2
    /// permutation (`taceo_poseidon2::bn254::t3::permutation_in_place`, ...).
    pub fn taceo_hash<const T: usize>(input: &[Fr], permute: fn(&mut [Fr; T])) -> Fr {
        poseidon2_sponge::<Fr, T>(Fr::from(0u64), length_iv(input.len()), input, permute)
    }

    /// The Poseidon2 sponge hash of `input` around zkhash's t = 3 permutation.
    pub fn zkhash_hash_t3(zk: &ZkPoseidon2<ZkFr>, input: &[ZkFr]) -> ZkFr {
        poseidon2_sponge::<ZkFr, 3>(
            ZkFr::from(0u64),
            to_zk(length_iv(input.len())),
            input,
            |s| {
                let out = zk.permutation(s);
                s.copy_from_slice(&out);
            },
        )
    }

    /// The Poseidon2 sponge hash of `input` around Noir's t = 4 permutation.
    pub fn noir_hash_t4(input: &[NoirFr]) -> NoirFr {
        poseidon2_sponge::<NoirFr, 4>(
            to_noir(Fr::from(0u64)),
            to_noir(length_iv(input.len())),
            input,
            |s| *s = noir_permutation(s),
        )
    }

    /// The sponge's capacity IV for an `n`-element input: `n · 2^64`.
    pub fn length_iv(n: usize) -> Fr {
        Fr::from(n as u128) * Fr::from(1u128 << 64)
    }

    /// The 2-to-1 compression of t = 4 Merkle trees (Barretenberg's
    /// `hash({left, right})`): the sponge over two elements, one permutation.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct TaceoHashPairT4;

    impl Compression<Fr, 2> for TaceoHashPairT4 {
        #[inline]
        fn compress(&self, input: [Fr; 2]) -> Fr {
            poseidon2_sponge::<Fr, 4>(Fr::from(0u64), length_iv(2), &input, |s| {
                taceo_poseidon2::bn254::t4::permutation_in_place(s)
            })
        }
    }

    /// The same compression with Noir's permutation.
    #[derive(Clone, Copy, Debug, Default)]
    pub struct NoirHashPairT4;

    impl Compression<NoirFr, 2> for NoirHashPairT4 {
        #[inline]
        fn compress(&self, input: [NoirFr; 2]) -> NoirFr {
            poseidon2_sponge::<NoirFr, 4>(
                NoirFr::from_repr(Fr::from(0u64)),
                to_noir(length_iv(2)),
                &input,
                |s| *s = noir_permutation(s),
            )
        }
    }
}
