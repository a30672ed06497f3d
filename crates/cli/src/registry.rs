//! The table of instances: for each name, its operations as functions from
//! batches of elements (as texts, or as 64-bit limbs) to elements, and
//! timing closures for `bench`.
//!
//! An operation is stored once, as its batch form (`run_batch`): every input
//! is read and checked, then the whole batch goes through the library's batch
//! call (`permute_many`, `compress_many`; the hash has none and runs per
//! input). A single call (`run`) is a batch of one, so `--lines`, the
//! bindings' `*_many` and one-input calls cannot disagree. The text form is
//! the CLI's; the limbs form ([`Elements::Limbs`]) lets the bindings hand
//! over integers they already hold without writing and parsing text, which
//! cost the JavaScript package several times a 31-bit permutation.
//!
//! On wasm (the JavaScript package) a batch, and each level of a Merkle
//! tree, runs its inputs one by one: the interleaved batch code made the
//! whole-set module 5.95 MB instead of 4.80 MB (+24%), for a package whose
//! users load it to hash a few values.

use std::hint::black_box;

use algebraic_hash::{
    Compression, Error, Hasher, MerkleError, MerklePath, MerkleTree, Permutation,
};

use crate::element::{Codec, Element};

/// A digest as the CLI reads and prints it: `LEN` field elements.
pub trait DigestElements<F>: Sized + Clone + PartialEq + Send + Sync + 'static {
    /// Elements per digest.
    const LEN: usize;
    /// The digest of exactly `LEN` elements.
    fn from_elements(elements: &[F]) -> Self;
    /// The digest's elements.
    fn to_elements(&self) -> Vec<F>;
}

impl<F: Codec, const C: usize> DigestElements<F> for [F; C] {
    const LEN: usize = C;
    fn from_elements(elements: &[F]) -> Self {
        core::array::from_fn(|i| elements[i])
    }
    fn to_elements(&self) -> Vec<F> {
        self.to_vec()
    }
}

/// An operation the CLI runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// Full-width state in, state out.
    Permute,
    /// The instance's hash of a sequence of elements.
    Hash,
    /// The instance's N-to-1 compression.
    Compress,
}

impl Op {
    /// The subcommand's name.
    pub fn name(self) -> &'static str {
        match self {
            Op::Permute => "permute",
            Op::Hash => "hash",
            Op::Compress => "compress",
        }
    }
}

/// Why an operation on user input failed.
#[derive(Debug)]
pub enum OpError {
    /// Element number `index` (0-based) could not be read.
    Element {
        /// Position of the element among the inputs.
        index: usize,
        /// The element as given.
        text: String,
        /// Why.
        error: Error,
    },
    /// The family refused the input as a whole (count, range).
    Input(Error),
}

/// A refused input of a batch: which one and why.
#[derive(Debug)]
pub struct BatchError {
    /// Position of the input in the batch (0-based).
    pub input: usize,
    /// Why it was refused.
    pub error: OpError,
}

/// The answers of a batch, one list of elements per input, or the first
/// refused input (nothing is computed then).
pub type BatchResult = Result<Vec<Vec<Element>>, BatchError>;

/// One leaf's authentication path in the library's [`MerkleTree`]
/// ([`Instance::merkle_proof_batch`]), every digest as its elements.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerkleProof {
    /// The tree's root.
    pub root: Vec<Element>,
    /// The leaf.
    pub leaf: Vec<Element>,
    /// The siblings met on the way up, bottom first ([`MerkleTree::path`]).
    pub siblings: Vec<Vec<Element>>,
    /// Each sibling's side, `true` on the left ([`MerkleTree::path_sides`]).
    pub sides: Vec<bool>,
}

impl MerkleProof {
    /// The sides as a number, bit `k` set where the `k`-th sibling is on the
    /// left: the `index` of a LeanIMT proof (zk-kit's tree of Semaphore v4
    /// groups), which the bindings hand out.
    pub fn sides_bits(&self) -> u64 {
        self.sides
            .iter()
            .rev()
            .fold(0, |bits, &left| (bits << 1) | u64::from(left))
    }
}

/// A Merkle proof handed over to be checked
/// ([`Instance::verify_merkle_proof`]): the fields of a LeanIMT proof, each
/// digest as its elements.
#[derive(Clone, Debug)]
pub struct ProofInput<'a> {
    /// The root the path should lead to.
    pub root: Elements<'a>,
    /// The leaf.
    pub leaf: Elements<'a>,
    /// The sides of the siblings, bit `k` set where the `k`-th sibling is
    /// on the left ([`MerkleProof::sides_bits`]).
    pub index: u64,
    /// The siblings, bottom first.
    pub siblings: Vec<Elements<'a>>,
}

/// Which digest of a [`ProofInput`] was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofPart {
    /// The root.
    Root,
    /// The leaf.
    Leaf,
    /// Sibling `k` (0-based, bottom first).
    Sibling(usize),
}

impl core::fmt::Display for ProofPart {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Root => write!(f, "root"),
            Self::Leaf => write!(f, "leaf"),
            Self::Sibling(k) => write!(f, "sibling {}", k + 1),
        }
    }
}

/// Why a Merkle proof was refused: a leaf that cannot be read (or no leaf),
/// or a leaf index past the end.
#[derive(Debug)]
pub enum MerkleRefusal {
    /// A leaf was refused, as by [`Instance::merkle_root_batch`].
    Leaf(BatchError),
    /// The leaf index is not below the leaf count.
    Index(MerkleError),
}

/// A Plonky2 Merkle tree's cap ([`Instance::merkle_cap`]) and, when asked
/// for, one leaf's proof to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MerkleCap {
    /// The `2^cap_height` nodes `cap_height` levels below the root, left to
    /// right, each as its elements.
    pub cap: Vec<Vec<Element>>,
    /// The leaf asked for: its row and its siblings up to the cap.
    pub proof: Option<CapProof>,
}

/// A leaf's proof to a Plonky2 cap: plonky2's `MerkleProof` with the leaf
/// it proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapProof {
    /// The leaf's elements (a row: any number of them).
    pub leaf: Vec<Element>,
    /// The siblings from the leaf level up to the cap, bottom first.
    pub siblings: Vec<Vec<Element>>,
}

/// Why [`Instance::merkle_cap`] made no cap.
#[derive(Debug)]
pub enum CapRefusal {
    /// A leaf was refused (an element that cannot be read).
    Leaf(BatchError),
    /// The tree was refused as the ecosystem's library refuses it (a leaf
    /// count that is not a power of two, a cap above the root, a leaf index
    /// past the end): that library's typed error.
    Tree(Box<dyn std::error::Error + Send + Sync>),
}

/// A leaf's proof to a Plonky2 cap, handed over to be checked
/// ([`Instance::verify_cap_proof`]): plonky2's `verify_merkle_proof_to_cap`
/// arguments, each digest as its elements.
#[derive(Clone, Debug)]
pub struct CapProofInput<'a> {
    /// The cap the proof should lead to.
    pub cap: Vec<Elements<'a>>,
    /// The leaf (a row: any number of elements).
    pub leaf: Elements<'a>,
    /// The leaf's index in the tree.
    pub index: usize,
    /// The siblings from the leaf level up to the cap, bottom first.
    pub siblings: Vec<Elements<'a>>,
}

/// Which part of a [`CapProofInput`] was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapPart {
    /// Node `k` of the cap (0-based).
    Cap(usize),
    /// The leaf.
    Leaf,
    /// Sibling `k` (0-based, bottom first).
    Sibling(usize),
}

impl core::fmt::Display for CapPart {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Cap(k) => write!(f, "cap node {}", k + 1),
            Self::Leaf => write!(f, "leaf"),
            Self::Sibling(k) => write!(f, "sibling {}", k + 1),
        }
    }
}

/// Why a proof to a cap could not be checked
/// ([`Instance::verify_cap_proof`]).
#[derive(Debug)]
pub enum CapProofRefusal {
    /// A digest or the leaf could not be read.
    Digest {
        /// Which part.
        part: CapPart,
        /// Why.
        error: OpError,
    },
    /// The ecosystem's library refuses the proof (an index beyond what
    /// the cap and the siblings reach): its typed error.
    Tree(Box<dyn std::error::Error + Send + Sync>),
}

/// Why a proof could not be checked ([`Instance::verify_merkle_proof`]): a
/// digest that cannot be read, or sides that do not fit the siblings.
#[derive(Debug)]
pub enum ProofRefusal {
    /// A digest of the proof was refused.
    Digest {
        /// Which digest.
        part: ProofPart,
        /// Why.
        error: OpError,
    },
    /// A proof's `index` has a bit set at or above its number of siblings.
    Sides {
        /// The proof's `index`.
        index: u64,
        /// Its number of siblings.
        siblings: usize,
    },
}

/// The sides `index` gives to `siblings` siblings (bit `k`: sibling `k`;
/// siblings past the 64th, in a path no tree of `u64` leaves has, on the
/// right), refused if it has bits beyond them.
fn sides_of_bits(index: u64, siblings: usize) -> Result<Vec<bool>, ProofRefusal> {
    if siblings < 64 && index >> siblings != 0 {
        return Err(ProofRefusal::Sides { index, siblings });
    }
    Ok((0..siblings)
        .map(|k| k < 64 && index >> k & 1 == 1)
        .collect())
}

/// One input's elements as a caller hands them over.
#[derive(Clone, Copy, Debug)]
pub enum Elements<'a> {
    /// Decimal or `0x`-hex texts, one per element (the CLI's form).
    Texts(&'a [&'a str]),
    /// Little-endian 64-bit limbs, [`Instance::limbs`] per element, one
    /// element after the other (the bindings' binary form: no text to
    /// write, parse and print).
    Limbs(&'a [u64]),
}

type OpFn = Box<dyn Fn(&[Elements<'_>]) -> BatchResult + Send + Sync>;
/// A tree's root and, for `Some(leaf index)` (below the leaf count), that
/// leaf's [`MerkleProof`].
type MerkleFn = Box<
    dyn Fn(
            &[Elements<'_>],
            Option<usize>,
        ) -> Result<(Vec<Element>, Option<MerkleProof>), BatchError>
        + Send
        + Sync,
>;
/// Whether a proof's path leads from its leaf to its root.
type VerifyFn = Box<dyn Fn(&ProofInput<'_>) -> Result<bool, ProofRefusal> + Send + Sync>;
type BenchFn = Box<dyn Fn() -> bool + Send + Sync>;
/// A capped tree's cap over rows of elements, for a cap height, and for
/// `Some(leaf index)` that leaf's proof.
type CapFn = Box<
    dyn Fn(&[Elements<'_>], usize, Option<usize>) -> Result<MerkleCap, CapRefusal> + Send + Sync,
>;
/// Whether a proof leads from its leaf to its cap.
type CapVerifyFn = Box<dyn Fn(&CapProofInput<'_>) -> Result<bool, CapProofRefusal> + Send + Sync>;

/// What an instance with capped Merkle trees (Plonky2's) does with them.
struct CapOps {
    tree: CapFn,
    verify: CapVerifyFn,
}

/// What an instance with a 2-to-1 compression does with Merkle trees.
struct MerkleOps {
    tree: MerkleFn,
    verify: VerifyFn,
}

/// One instance: a name, a description and what it can do.
pub struct Instance {
    /// Stable name (`list` prints it).
    pub name: String,
    /// One-line description.
    pub description: String,
    limbs: usize,
    ops: Vec<(Op, OpFn, BenchFn)>,
    merkle: Option<MerkleOps>,
    cap: Option<CapOps>,
}

/// How many elements `input` holds; limbs that are not a whole number of
/// elements are refused.
fn count<F: Codec>(input: Elements<'_>) -> Result<usize, OpError> {
    match input {
        Elements::Texts(texts) => Ok(texts.len()),
        Elements::Limbs(limbs) if limbs.len() % F::LIMBS == 0 => Ok(limbs.len() / F::LIMBS),
        Elements::Limbs(limbs) => Err(OpError::Input(Error::WrongLength {
            what: "limbs (a whole number of elements)",
            expected: limbs.len().next_multiple_of(F::LIMBS),
            found: limbs.len(),
        })),
    }
}

fn parse_all<F: Codec>(input: Elements<'_>) -> Result<Vec<F>, OpError> {
    count::<F>(input)?;
    match input {
        Elements::Texts(texts) => texts
            .iter()
            .enumerate()
            .map(|(index, text)| {
                F::parse(text).map_err(|error| OpError::Element {
                    index,
                    text: (*text).to_owned(),
                    error,
                })
            })
            .collect(),
        Elements::Limbs(limbs) => limbs
            .chunks_exact(F::LIMBS)
            .enumerate()
            .map(|(index, limbs)| {
                F::from_limbs(limbs).map_err(|error| OpError::Element {
                    index,
                    text: Element::from_limbs(limbs).to_hex(),
                    error,
                })
            })
            .collect(),
    }
}

/// Exactly `expected` elements of `input`, or [`Error::WrongLength`] naming
/// `what` (before any element is read).
fn parse_count<F: Codec>(
    input: Elements<'_>,
    expected: usize,
    what: &'static str,
) -> Result<Vec<F>, OpError> {
    let found = count::<F>(input)?;
    if found != expected {
        return Err(OpError::Input(Error::WrongLength {
            what,
            expected,
            found,
        }));
    }
    parse_all::<F>(input)
}

fn parse_exact<F: Codec, const N: usize>(
    input: Elements<'_>,
    what: &'static str,
) -> Result<[F; N], OpError> {
    let v = parse_count::<F>(input, N, what)?;
    Ok(core::array::from_fn(|i| v[i]))
}

/// Parses every input of a batch with `parse`, stopping at the first
/// refused one.
fn parse_batch<T>(
    inputs: &[Elements<'_>],
    parse: impl Fn(Elements<'_>) -> Result<T, OpError>,
) -> Result<Vec<T>, BatchError> {
    inputs
        .iter()
        .enumerate()
        .map(|(input, elements)| parse(*elements).map_err(|error| BatchError { input, error }))
        .collect()
}

/// `N` digests of `D::LEN` elements each, given one after the other.
fn parse_digests<F: Codec, D: DigestElements<F>, const N: usize>(
    input: Elements<'_>,
    what: &'static str,
) -> Result<[D; N], OpError> {
    let elements = parse_count::<F>(input, N * D::LEN, what)?;
    Ok(core::array::from_fn(|i| {
        D::from_elements(&elements[i * D::LEN..(i + 1) * D::LEN])
    }))
}

/// Text inputs as [`Elements`].
fn texts<'a>(inputs: &'a [&'a [&'a str]]) -> Vec<Elements<'a>> {
    inputs.iter().map(|texts| Elements::Texts(texts)).collect()
}

fn digest_elements<F: Codec, D: DigestElements<F>>(d: &D) -> Vec<Element> {
    d.to_elements().iter().map(Codec::element).collect()
}

/// A compression of `N` digests seen as 2-to-1, for the Merkle tree; built
/// only when `N == 2` (checked by [`Instance::compression`]). On wasm its
/// levels go one pair at a time (the trait's default `compress_many`).
#[derive(Clone)]
struct Binary<C, const N: usize>(C);

impl<D: Clone, C: Compression<D, N>, const N: usize> Compression<D, 2> for Binary<C, N> {
    fn compress(&self, input: [D; 2]) -> D {
        self.0.compress(core::array::from_fn(|i| input[i].clone()))
    }

    #[cfg(not(target_family = "wasm"))]
    fn compress_many(&self, inputs: &[[D; 2]], outputs: &mut [D])
    where
        D: Clone,
    {
        let inputs: Vec<[D; N]> = inputs
            .iter()
            .map(|pair| core::array::from_fn(|i| pair[i].clone()))
            .collect();
        self.0.compress_many(&inputs, outputs);
    }
}

fn samples<F: Codec, const N: usize>(salt: u64) -> [F; N] {
    core::array::from_fn(|i| F::sample(salt.wrapping_mul(1000) + i as u64))
}

/// Elements that carry 10 KiB of data in field `F`.
pub fn elements_for_10kib<F: Codec>() -> usize {
    (10 * 1024usize).div_ceil(F::BYTES)
}

impl Instance {
    /// An instance with no operations yet.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            limbs: 0,
            ops: Vec::new(),
            merkle: None,
            cap: None,
        }
    }

    /// `permute` by the [`Permutation`] `p`: exactly `W` elements in, `W`
    /// out.
    pub fn permutation<F: Codec, const W: usize>(
        mut self,
        p: impl Permutation<[F; W]> + Send + 'static,
    ) -> Self {
        self.set_field::<F>();
        let g = p.clone();
        let run: OpFn = Box::new(move |inputs| {
            let mut states = parse_batch(inputs, |input| {
                parse_exact::<F, W>(input, "permutation state (elements)")
            })?;
            #[cfg(not(target_family = "wasm"))]
            p.permute_many(&mut states);
            #[cfg(target_family = "wasm")]
            states.iter_mut().for_each(|s| p.permute_mut(s));
            Ok(states
                .iter()
                .map(|s| s.iter().map(Codec::element).collect())
                .collect())
        });
        let bench: BenchFn = Box::new(move || {
            let mut state = samples::<F, W>(1);
            g.permute_mut(black_box(&mut state));
            black_box(state);
            true
        });
        self.ops.push((Op::Permute, run, bench));
        self
    }

    /// `compress` by the [`Compression`] `c` of `N` digests `D`: exactly
    /// `N · D::LEN` elements in (the digests one after the other), `D::LEN`
    /// out. A 2-to-1 compression also gives the instance its Merkle root
    /// ([`Instance::merkle_root`]).
    pub fn compression<F: Codec, D: DigestElements<F>, const N: usize>(
        mut self,
        c: impl Compression<D, N> + Send + 'static,
    ) -> Self {
        self.set_field::<F>();
        let g = c.clone();
        if N == 2 {
            let binary = Binary(c.clone());
            let for_verify = binary.clone();
            let tree: MerkleFn = Box::new(move |leaves, index| {
                let leaves = parse_batch(leaves, |leaf| {
                    parse_digests::<F, D, 1>(leaf, "Merkle leaf (elements)").map(|[d]| d)
                })?;
                let tree = MerkleTree::new(binary.clone(), leaves).map_err(|_| BatchError {
                    input: 0,
                    error: OpError::Input(Error::LengthOutOfRange {
                        what: "Merkle leaves",
                        min: 1,
                        max: usize::MAX,
                        found: 0,
                    }),
                })?;
                let proof = index.map(|i| {
                    let checked = "the caller checked the index";
                    MerkleProof {
                        root: digest_elements(tree.root()),
                        leaf: digest_elements(&tree.leaves()[i]),
                        siblings: (tree.path(i).expect(checked).siblings.iter())
                            .map(digest_elements)
                            .collect(),
                        sides: tree.path_sides(i).expect(checked),
                    }
                });
                Ok((digest_elements(tree.root()), proof))
            });
            let verify: VerifyFn = Box::new(move |proof| {
                let digest = |part, input| {
                    parse_digests::<F, D, 1>(input, "Merkle proof digest (elements)")
                        .map(|[d]| d)
                        .map_err(|error| ProofRefusal::Digest { part, error })
                };
                let root = digest(ProofPart::Root, proof.root)?;
                let leaf = digest(ProofPart::Leaf, proof.leaf)?;
                let siblings = (proof.siblings.iter().enumerate())
                    .map(|(k, s)| digest(ProofPart::Sibling(k), *s))
                    .collect::<Result<Vec<D>, _>>()?;
                let sides = sides_of_bits(proof.index, siblings.len())?;
                let path = MerklePath { siblings };
                Ok(
                    match MerkleTree::verify_sides(&for_verify, &root, &leaf, &path, &sides) {
                        Ok(()) => true,
                        Err(MerkleError::RootMismatch) => false,
                        Err(e) => unreachable!("a side per sibling, yet {e}"),
                    },
                )
            });
            self.merkle = Some(MerkleOps { tree, verify });
        }
        let run: OpFn = Box::new(move |inputs| {
            let batch = parse_batch(inputs, |input| {
                parse_digests::<F, D, N>(input, "compression input (elements)")
            })?;
            let Some(first) = batch.first() else {
                return Ok(Vec::new());
            };
            let mut outputs = vec![first[0].clone(); batch.len()];
            #[cfg(not(target_family = "wasm"))]
            c.compress_many(&batch, &mut outputs);
            #[cfg(target_family = "wasm")]
            for (input, output) in batch.iter().zip(&mut outputs) {
                *output = c.compress(input.clone());
            }
            Ok(outputs.iter().map(digest_elements).collect())
        });
        let bench: BenchFn = Box::new(move || {
            let digests: [D; N] = core::array::from_fn(|i| {
                let e: Vec<F> = (0..D::LEN)
                    .map(|k| F::sample(2000 + (i * D::LEN + k) as u64))
                    .collect();
                D::from_elements(&e)
            });
            black_box(g.compress(black_box(digests)));
            true
        });
        self.ops.push((Op::Compress, run, bench));
        self
    }

    /// Capped Merkle trees over rows of elements, as Plonky2 commits to
    /// matrices ([`Instance::merkle_cap`], [`Instance::verify_cap_proof`]):
    /// `build(rows, cap_height, index)` gives the cap and, for
    /// `Some(index)`, that leaf's siblings up to it; `verify(leaf, index,
    /// cap, siblings)` whether they lead to the cap; either may refuse
    /// with the ecosystem library's error.
    pub fn merkle_caps<F, D, E>(
        mut self,
        build: impl Fn(Vec<Vec<F>>, usize, Option<usize>) -> Result<(Vec<D>, Option<Vec<D>>), E>
        + Send
        + Sync
        + 'static,
        verify: impl Fn(&[F], usize, &[D], &[D]) -> Result<bool, E> + Send + Sync + 'static,
    ) -> Self
    where
        F: Codec,
        D: DigestElements<F>,
        E: std::error::Error + Send + Sync + 'static,
    {
        self.set_field::<F>();
        let tree: CapFn = Box::new(move |rows, cap_height, index| {
            let rows = parse_batch(rows, parse_all::<F>).map_err(CapRefusal::Leaf)?;
            let leaf = index
                .and_then(|i| rows.get(i))
                .map(|row| row.iter().map(Codec::element).collect::<Vec<Element>>());
            let (cap, siblings) =
                build(rows, cap_height, index).map_err(|e| CapRefusal::Tree(Box::new(e)))?;
            let digests = |d: &[D]| d.iter().map(digest_elements).collect::<Vec<_>>();
            Ok(MerkleCap {
                cap: digests(&cap),
                proof: siblings.map(|siblings| CapProof {
                    leaf: leaf.expect("the tree proved a leaf it has"),
                    siblings: digests(&siblings),
                }),
            })
        });
        let verify: CapVerifyFn = Box::new(move |proof| {
            let digest = |part, input| {
                parse_digests::<F, D, 1>(input, "Merkle proof digest (elements)")
                    .map(|[d]| d)
                    .map_err(|error| CapProofRefusal::Digest { part, error })
            };
            let cap = (proof.cap.iter().enumerate())
                .map(|(k, d)| digest(CapPart::Cap(k), *d))
                .collect::<Result<Vec<D>, _>>()?;
            let siblings = (proof.siblings.iter().enumerate())
                .map(|(k, d)| digest(CapPart::Sibling(k), *d))
                .collect::<Result<Vec<D>, _>>()?;
            let leaf = parse_all::<F>(proof.leaf).map_err(|error| CapProofRefusal::Digest {
                part: CapPart::Leaf,
                error,
            })?;
            verify(&leaf, proof.index, &cap, &siblings)
                .map_err(|e| CapProofRefusal::Tree(Box::new(e)))
        });
        self.cap = Some(CapOps { tree, verify });
        self
    }

    /// `hash` by the [`Hasher`] `h`: a sequence of elements in (refused
    /// through [`Hasher::try_hash_elements`] where the instance fixes the
    /// count), the digest's elements out.
    pub fn hasher<F: Codec, H>(mut self, h: H) -> Self
    where
        H: Hasher<F> + Send + 'static,
        H::Digest: DigestElements<F>,
    {
        self.set_field::<F>();
        let g = h.clone();
        let run: OpFn = Box::new(move |inputs| {
            let inputs = parse_batch(inputs, parse_all::<F>)?;
            inputs
                .iter()
                .enumerate()
                .map(|(input, elements)| {
                    h.try_hash_elements(elements)
                        .map(|d| digest_elements(&d))
                        .map_err(|error| BatchError {
                            input,
                            error: OpError::Input(error),
                        })
                })
                .collect()
        });
        let input = std::sync::OnceLock::<Vec<F>>::new();
        let bench: BenchFn = Box::new(move || {
            let input = input.get_or_init(|| {
                (0..elements_for_10kib::<F>() as u64)
                    .map(F::sample)
                    .collect()
            });
            // Instances whose hash takes a fixed count (circom Poseidon)
            // refuse 10 KiB; the timing table then shows no figure.
            black_box(g.try_hash_elements(black_box(input))).is_ok()
        });
        self.ops.push((Op::Hash, run, bench));
        self
    }

    /// Records the field of an operation: every operation of an instance
    /// reads and writes elements of one field.
    fn set_field<F: Codec>(&mut self) {
        assert!(
            self.limbs == 0 || self.limbs == F::LIMBS,
            "{}: operations over fields of different sizes",
            self.name
        );
        self.limbs = F::LIMBS;
    }

    /// 64-bit limbs per element of the instance's field: the size of one
    /// element in [`Elements::Limbs`] and in [`Element::limbs`].
    pub fn limbs(&self) -> usize {
        self.limbs
    }

    /// Runs `op` on `inputs`; `None` if the instance has no such operation.
    pub fn run(&self, op: Op, inputs: &[&str]) -> Option<Result<Vec<Element>, OpError>> {
        self.run_many(op, &[inputs]).map(|answers| {
            answers
                .map(|mut a| a.pop().expect("one answer per input"))
                .map_err(|e| e.error)
        })
    }

    /// Runs `op` on every input of `inputs` (texts) through the library's
    /// batch call; `None` if the instance has no such operation.
    pub fn run_many(&self, op: Op, inputs: &[&[&str]]) -> Option<BatchResult> {
        self.run_batch(op, &texts(inputs))
    }

    /// [`Instance::run_many`] on inputs given as texts or as limbs.
    pub fn run_batch(&self, op: Op, inputs: &[Elements<'_>]) -> Option<BatchResult> {
        self.ops
            .iter()
            .find(|(o, _, _)| *o == op)
            .map(|(_, run, _)| run(inputs))
    }

    /// The root of the library's [`MerkleTree`] over `leaves` (each one
    /// digest, as its elements) with the instance's compression; `None` if
    /// the instance has no 2-to-1 compression. No leaves is refused as input 0.
    pub fn merkle_root(&self, leaves: &[&[&str]]) -> Option<Result<Vec<Element>, BatchError>> {
        self.merkle_root_batch(&texts(leaves))
    }

    /// Whether the instance has a Merkle root (a 2-to-1 compression):
    /// whether [`Instance::merkle_root`] answers `Some`.
    pub fn has_merkle_root(&self) -> bool {
        self.merkle.is_some()
    }

    /// [`Instance::merkle_root`] on leaves given as texts or as limbs.
    pub fn merkle_root_batch(
        &self,
        leaves: &[Elements<'_>],
    ) -> Option<Result<Vec<Element>, BatchError>> {
        self.merkle
            .as_ref()
            .map(|m| (m.tree)(leaves, None).map(|(root, _)| root))
    }

    /// [`Instance::merkle_proof_batch`] on leaves given as texts; `None`
    /// if the instance has no 2-to-1 compression.
    pub fn merkle_proof(
        &self,
        leaves: &[&[&str]],
        index: usize,
    ) -> Option<Result<MerkleProof, MerkleRefusal>> {
        self.merkle_proof_batch(&texts(leaves), index)
    }

    /// The [`MerkleProof`] of leaf `index` in the library's [`MerkleTree`]
    /// over `leaves` (as [`Instance::merkle_root_batch`] builds it); `None`
    /// if the instance has no 2-to-1 compression.
    pub fn merkle_proof_batch(
        &self,
        leaves: &[Elements<'_>],
        index: usize,
    ) -> Option<Result<MerkleProof, MerkleRefusal>> {
        let merkle = self.merkle.as_ref()?;
        if index >= leaves.len() && !leaves.is_empty() {
            return Some(Err(MerkleRefusal::Index(MerkleError::IndexOutOfRange {
                index,
                leaves: leaves.len(),
            })));
        }
        Some(match (merkle.tree)(leaves, Some(index)) {
            Ok((_, proof)) => Ok(proof.expect("a proof for the index asked")),
            Err(e) => Err(MerkleRefusal::Leaf(e)),
        })
    }

    /// Whether `proof`'s siblings, on the sides its `index` gives, lead from
    /// its leaf to its root with the instance's compression, as LeanIMT
    /// verifies a proof ([`MerkleTree::verify_sides`]: no leaf index or
    /// count); `None` if the instance has no 2-to-1 compression.
    pub fn verify_merkle_proof(
        &self,
        proof: &ProofInput<'_>,
    ) -> Option<Result<bool, ProofRefusal>> {
        self.merkle.as_ref().map(|m| (m.verify)(proof))
    }

    /// The cap of height `cap_height` of the instance's capped Merkle tree
    /// over `rows` (each a leaf of any number of elements) and, for
    /// `Some(index)`, that leaf's proof to the cap; `None` if the instance
    /// has no capped trees (only Plonky2's has).
    pub fn merkle_cap(
        &self,
        rows: &[Elements<'_>],
        cap_height: usize,
        index: Option<usize>,
    ) -> Option<Result<MerkleCap, CapRefusal>> {
        self.cap
            .as_ref()
            .map(|cap| (cap.tree)(rows, cap_height, index))
    }

    /// Whether the instance has capped Merkle trees: whether
    /// [`Instance::merkle_cap`] answers `Some`.
    pub fn has_merkle_caps(&self) -> bool {
        self.cap.is_some()
    }

    /// Whether `proof`'s siblings lead from its leaf to the cap's node above
    /// its index, as plonky2's `verify_merkle_proof_to_cap` checks it;
    /// `None` if the instance has no capped trees.
    pub fn verify_cap_proof(
        &self,
        proof: &CapProofInput<'_>,
    ) -> Option<Result<bool, CapProofRefusal>> {
        self.cap.as_ref().map(|cap| (cap.verify)(proof))
    }

    /// The timing closure of `op`, if the instance has it.
    /// It returns `false` when the operation refuses the benchmark input.
    pub fn bench_fn(&self, op: Op) -> Option<&(dyn Fn() -> bool + Send + Sync)> {
        self.ops
            .iter()
            .find(|(o, _, _)| *o == op)
            .map(|(_, _, b)| b.as_ref())
    }

    /// The operations this instance has.
    pub fn ops(&self) -> impl Iterator<Item = Op> + '_ {
        self.ops.iter().map(|(o, _, _)| *o)
    }
}
