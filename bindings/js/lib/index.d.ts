/**
 * A field element: a non-negative bigint below the instance's modulus (safe-integer numbers are
 * accepted too). An array or typed array of them (`BigUint64Array`, `Uint32Array`, ...) goes to the
 * wasm module as 64-bit words; any other iterable works too, through the slower text call.
 */
export type Element = bigint | number;

/** Every instance name, in the order of `algebraic-hash list`. */
export function list(): string[];
/** The one-line description of an instance; throws for an unknown name. */
export function describe(name: string): string;
/** The operations of an instance: some of "permute", "hash", "compress". */
export function operations(name: string): string[];

/**
 * The permutation of a full state (exactly the instance's width).
 * Throws an `Error` with the library's message for a wrong count, a negative
 * value or one not below the modulus; a `TypeError` for a non-bigint element.
 */
export function permute(name: string, xs: Iterable<Element>): bigint[];
/** The instance's own hash of `xs` (its sponge and padding); the digest as an array. */
export function hash(name: string, xs: Iterable<Element>): bigint[];
/** The instance's compression: merge (rp64-256, 8 -> 4), t-1 -> 1 (Poseidon, Poseidon2), Jive b = 2 (Anemoi). */
export function compress(name: string, xs: Iterable<Element>): bigint[];
/** `permute` of each state in one call; a bad input's message starts with `input N: `. */
export function permuteMany(name: string, inputs: Iterable<Iterable<Element>>): bigint[][];
/** `hash` of each input in one call. */
export function hashMany(name: string, inputs: Iterable<Iterable<Element>>): bigint[][];
/** `compress` of each input in one call. */
export function compressMany(name: string, inputs: Iterable<Iterable<Element>>): bigint[][];
/**
 * The root of the library's Merkle tree (the CLI's `merkle`) over `leaves`, each one digest of the
 * instance: pairs compressed level by level, an odd last node carried up, one leaf its own root.
 * For instances with a 2-to-1 compression; a bad leaf's message starts with `leaf N: `.
 */
export function merkleRoot(name: string, leaves: Iterable<Iterable<Element>>): bigint[];
/** A leaf's authentication path: the fields of a LeanIMT (Semaphore v4) proof, digests as arrays. */
export interface MerkleProof {
  /** The tree's root (`merkleRoot` of the same leaves). */
  root: bigint[];
  /** The leaf. */
  leaf: bigint[];
  /** Bit `k` set where the `k`-th sibling is on the left (LeanIMT's proof `index`). */
  index: number;
  /** The siblings met on the way up, bottom first; none where the node is carried up. */
  siblings: bigint[][];
}
/**
 * The authentication path of leaf `leafIndex` (0-based) in the tree `merkleRoot` builds over
 * `leaves`; an index past the end, like a bad leaf, throws an Error.
 */
export function merkleProof(name: string, leaves: Iterable<Iterable<Element>>, leafIndex: number): MerkleProof;
/** A proof to check: `merkleProof`'s, or LeanIMT's / Semaphore's (a one-element digest as a bare value). */
export interface MerkleProofInput {
  root: Element | Iterable<Element>;
  leaf: Element | Iterable<Element>;
  index: number;
  siblings: Iterable<Element | Iterable<Element>>;
}
/**
 * Whether `proof`'s siblings, on the sides bit `k` of `index` gives, lead from its leaf to its root
 * with the instance's compression (LeanIMT's `verifyProof`). A proof that cannot be read (an element
 * outside [0, p), a digest of the wrong size, `index` bits beyond the siblings) throws.
 */
export function verifyMerkleProof(name: string, proof: MerkleProofInput): boolean;
/**
 * Plonky2's `MerkleTree::new(leaves, capHeight).cap` (`poseidon-plonky2`): leaves are rows of any
 * number of elements (hashed by `hash_or_noop`), a power-of-two count; throws where plonky2 panics.
 */
export function merkleCap(name: string, leaves: Iterable<Iterable<Element>>, capHeight: number): bigint[][];
/** Plonky2's proof of a leaf to its tree's cap, with the leaf (its row) and the cap. */
export interface MerkleCapProof {
  cap: bigint[][];
  leaf: bigint[];
  index: number;
  siblings: bigint[][];
}
/** Plonky2's `prove(leafIndex)` in the tree of `merkleCap(name, leaves, capHeight)`. */
export function merkleCapProof(
  name: string,
  leaves: Iterable<Iterable<Element>>,
  capHeight: number,
  leafIndex: number,
): MerkleCapProof;
/** A proof to a cap to check: `merkleCapProof`'s, with any `Element`s. */
export interface MerkleCapProofInput {
  cap: Iterable<Iterable<Element>>;
  leaf: Iterable<Element>;
  index: number;
  siblings: Iterable<Iterable<Element>>;
}
/**
 * Plonky2's `verify_merkle_proof_to_cap`: whether the proof leads from its leaf to the cap's node
 * above its index. Throws where plonky2 panics (an index beyond the cap) or a digest cannot be read.
 */
export function verifyMerkleCapProof(name: string, proof: MerkleCapProofInput): boolean;

/** circomlib's Poseidon of 1 to 16 inputs (circomlibjs `poseidon(inputs)`, poseidon-lite `poseidonN`). */
export function poseidon(inputs: Iterable<Element>): bigint;
/**
 * circomlib's `PoseidonEx` (circomlibjs `poseidon(inputs, initState, nOut)`): the state
 * `[initState, ...inputs]` (1 to 16 inputs) permuted, its first `nOut` cells (1 to inputs + 1).
 * Throws an `Error` with the library's message for a bad count or a value outside [0, p).
 */
export function poseidonEx(inputs: Iterable<Element>, initState?: Element, nOut?: number): bigint[];

/**
 * Loads the wasm modules of these instances or modules (`'anemoi-bn254-2'`, `'anemoi'`,
 * `'circom-wide'`), or every module when none is given. Browsers need it before the first call
 * that another module than `circom` (circom Poseidon t = 2..5, loaded at import) answers: another
 * family, or circom Poseidon of 5 to 16 inputs (`circom-wide`); in Node the first call loads its
 * module by itself.
 */
export function load(...names: string[]): Promise<void>;
/** The wasm modules (`rescue`, `circom`, `circom-wide`, `poseidon2`, …) and whether each is loaded. */
export function families(): { family: string; loaded: boolean }[];
