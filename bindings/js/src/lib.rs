//! The WebAssembly half of the `algebraic-hash` npm package: the CLI's
//! instance registry (`algebraic_hash_cli::instances`) with elements as text.
//!
//! One module per family: build.sh builds this crate once per feature
//! (`rescue`, `circom`, `circom-wide`, `poseidon2`, ...), each module
//! holding the registry of its family only, so that a page that hashes
//! circom Poseidon loads that family's code and constants and nothing else.
//! circom Poseidon is two modules: `circom` (t = 2..5, the `poseidon`
//! instance, imported with the package) and `circom-wide` (t = 6..17), so
//! that hashing pairs loads the constants of four widths, not sixteen. lib/index.js
//! knows which module holds which instance from `pkg/instances.json`, which
//! build.sh writes from the modules' own `list`.
//!
//! `lib/index.js` is the public API: it turns `bigint`s into decimal text,
//! calls these functions through the module's small text ABI
//! (`arch/wasm32.rs`: one input buffer, one output buffer, no generated
//! glue), and turns the `0x`-hex they return back into `bigint`s. Errors
//! become JavaScript `Error`s whose message is the library's (the CLI
//! prints the same line). circom Poseidon (`poseidon()`, `poseidonEx()` and
//! the circomlibjs / poseidon-lite drop-ins) has a binary call beside the
//! text: 32-byte little-endian words in and out ([`poseidon_ex_le`]).

use algebraic_hash_cli::CliError;
use algebraic_hash_cli::element::Element;
#[cfg(feature = "goldilocks")]
use algebraic_hash_cli::registry::{CapProofInput, CapProofRefusal, CapRefusal, MerkleCap};
use algebraic_hash_cli::registry::{Elements, Instance, MerkleRefusal, Op, ProofInput};
#[cfg(any(feature = "circom", feature = "circom-wide"))]
use algebraic_hash_cli::{circom_permute, element::Codec, registry::OpError};
#[cfg(any(feature = "circom", feature = "circom-wide"))]
use algebraic_hash_poseidon::{
    Fr,
    circom::{MAX_WIDTH, poseidon_ex_with},
    field::{fr_from_le_bytes, fr_from_str, fr_to_le_bytes},
};

#[cfg(target_arch = "wasm32")]
mod arch;

/// A failed call: the message JavaScript throws.
pub type Message = String;

fn op(name: &str) -> Result<Op, Message> {
    match name {
        "permute" => Ok(Op::Permute),
        "hash" => Ok(Op::Hash),
        "compress" => Ok(Op::Compress),
        other => Err(format!("unknown operation `{other}`")),
    }
}

fn instance(name: &str) -> Result<&'static Instance, Message> {
    algebraic_hash_cli::find(name).map_err(unknown_message)
}

fn unknown_message(e: CliError) -> Message {
    match e {
        CliError::UnknownInstance { name, suggestions } if !suggestions.is_empty() => format!(
            "unknown instance `{name}`; closest: {} (list() names all)",
            suggestions.join(", ")
        ),
        CliError::UnknownInstance { name, .. } => {
            format!("unknown instance `{name}` (list() names all)")
        }
        other => other.to_string(),
    }
}

/// The message for an instance `name` that no module holds, with the
/// closest of `names` (every module's instances, one a line).
pub fn unknown(name: &str, names: &str) -> Message {
    unknown_message(algebraic_hash_cli::unknown_instance(name, names.lines()))
}

fn instance_with(name: &str, op: Op) -> Result<&'static Instance, Message> {
    let found = instance(name)?;
    if found.ops().any(|o| o == op) {
        Ok(found)
    } else {
        Err(CliError::UnsupportedOp {
            instance: found.name.clone(),
            op: op.name(),
        }
        .to_string())
    }
}

/// What a binary call computes, by its code: 0 permute, 1 hash, 2 compress
/// (the registry's operations), 3 the Merkle root of the inputs as leaves.
enum Call {
    Op(Op),
    MerkleRoot,
}

fn call_of_code(code: u32) -> Result<Call, Message> {
    match code {
        0 => Ok(Call::Op(Op::Permute)),
        1 => Ok(Call::Op(Op::Hash)),
        2 => Ok(Call::Op(Op::Compress)),
        3 => Ok(Call::MerkleRoot),
        other => Err(format!("unknown operation code {other}")),
    }
}

/// 64-bit limbs per element of instance `name` (what the binary call
/// [`run_limbs`] reads and writes), as decimal text.
pub fn limbs(name: &str) -> Result<String, Message> {
    Ok(instance(name)?.limbs().to_string())
}

/// Call `code` ([`Call`]: 0 permute, 1 hash, 2 compress, 3 Merkle root) of
/// instance `name` on inputs given as limbs, the binary call of
/// lib/index.js: input `k` is the next `lengths[k]` words of `limbs`, each
/// element [`limbs`] little-endian words of the canonical value. The
/// answers' words come back one after the other (every answer of an
/// operation has the same count; a Merkle root is one answer). The library
/// checks every element (below the modulus, whole elements, the count) as
/// on text; a refusal's message starts with `input N: ` (`leaf N: ` for a
/// Merkle root; 1-based).
pub fn run_limbs(
    code: u32,
    name: &str,
    lengths: &[u64],
    limbs: &[u64],
) -> Result<Vec<u64>, Message> {
    let call = call_of_code(code)?;
    let instance = match call {
        Call::Op(op) => instance_with(name, op)?,
        Call::MerkleRoot => merkle_instance(name, ROOT_CALL)?,
    };
    let mut inputs = Vec::with_capacity(lengths.len());
    let mut rest = limbs;
    for &length in lengths {
        let input = usize::try_from(length)
            .ok()
            .and_then(|n| rest.split_off(..n))
            .ok_or_else(|| {
                format!(
                    "the inputs' lengths add up to more than the {} words given",
                    limbs.len()
                )
            })?;
        inputs.push(Elements::Limbs(input));
    }
    if !rest.is_empty() {
        return Err(format!(
            "{} words given beyond the inputs' lengths",
            rest.len()
        ));
    }
    let answers = match call {
        Call::Op(op) => instance
            .run_batch(op, &inputs)
            .expect("instance_with checked the operation")
            .map_err(|e| format!("input {}: {}", e.input + 1, CliError::Input(e.error)))?,
        Call::MerkleRoot => vec![root_of(instance, &inputs)?],
    };
    Ok(answers
        .iter()
        .flatten()
        .flat_map(|e| e.limbs().iter().copied())
        .collect())
}

const ROOT_CALL: &str = "merkleRoot (2-to-1 compression)";

/// Instance `name`, if it has a 2-to-1 compression (a Merkle tree); `op`
/// (`merkleRoot (2-to-1 compression)`, ...) names the call in the refusal.
fn merkle_instance(name: &str, op: &'static str) -> Result<&'static Instance, Message> {
    instance_having(name, op, Instance::has_merkle_root)
}

/// Instance `name`, if `has` says it can do `op`, which names the call in
/// the refusal.
fn instance_having(
    name: &str,
    op: &'static str,
    has: fn(&Instance) -> bool,
) -> Result<&'static Instance, Message> {
    let found = instance(name)?;
    if has(found) {
        Ok(found)
    } else {
        Err(CliError::UnsupportedOp {
            instance: found.name.clone(),
            op,
        }
        .to_string())
    }
}

/// The root of the library's Merkle tree over `leaves` with `instance`'s
/// compression.
fn root_of(instance: &Instance, leaves: &[Elements<'_>]) -> Result<Vec<Element>, Message> {
    if leaves.is_empty() {
        return Err(CliError::NoLeaves.to_string());
    }
    instance
        .merkle_root_batch(leaves)
        .expect("merkle_instance checked the compression")
        .map_err(|e| format!("leaf {}: {}", e.input + 1, CliError::Input(e.error)))
}

/// The root of the library's Merkle tree (the CLI's `merkle`) over
/// `leaves`, each leaf's elements comma-separated and ended by `;` (so the
/// empty text is no leaf); the root as comma-separated `0x`-hex. A bad
/// leaf's message starts with `leaf N: ` (1-based).
pub fn merkle_root(name: &str, leaves: &str) -> Result<String, Message> {
    let instance = merkle_instance(name, ROOT_CALL)?;
    let words: Vec<Vec<&str>> = leaves.split_terminator(';').map(elements).collect();
    let leaves: Vec<Elements<'_>> = words.iter().map(|w| Elements::Texts(w)).collect();
    Ok(hex_list(&root_of(instance, &leaves)?))
}

/// The authentication path of leaf `index` (decimal, 0-based) in the tree
/// [`merkle_root`] builds over `leaves` (given as there): the root, the
/// leaf, the sides of the siblings as a number (bit `k` set where the
/// `k`-th sibling is on the left: a LeanIMT proof's `index`) and the
/// siblings bottom first, each digest as comma-separated `0x`-hex, all
/// separated by `;`.
pub fn merkle_proof(name: &str, index: &str, leaves: &str) -> Result<String, Message> {
    let instance = merkle_instance(name, "merkleProof (2-to-1 compression)")?;
    let index: usize = index
        .parse()
        .map_err(|_| format!("leaf index `{index}`: not a non-negative integer"))?;
    let words: Vec<Vec<&str>> = leaves.split_terminator(';').map(elements).collect();
    let leaves: Vec<Elements<'_>> = words.iter().map(|w| Elements::Texts(w)).collect();
    if leaves.is_empty() {
        return Err(CliError::NoLeaves.to_string());
    }
    let proof = instance
        .merkle_proof_batch(&leaves, index)
        .expect("merkle_instance checked the compression")
        .map_err(|refusal| match refusal {
            MerkleRefusal::Leaf(e) => {
                format!("leaf {}: {}", e.input + 1, CliError::Input(e.error))
            }
            MerkleRefusal::Index(e) => e.to_string(),
        })?;
    let mut parts = vec![
        hex_list(&proof.root),
        hex_list(&proof.leaf),
        proof.sides_bits().to_string(),
    ];
    parts.extend(proof.siblings.iter().map(|s| hex_list(s)));
    Ok(parts.join(";"))
}

/// Whether a proof in [`merkle_proof`]'s form (root, leaf, the sides as a
/// number, the siblings bottom first; digests as comma-separated elements,
/// all separated by `;`) leads from its leaf to its root with `name`'s
/// compression, as LeanIMT verifies it: `true` or `false`.
pub fn merkle_verify(name: &str, proof: &str) -> Result<String, Message> {
    let instance = merkle_instance(name, "verifyMerkleProof (2-to-1 compression)")?;
    let mut parts = proof.split(';');
    let (Some(root), Some(leaf), Some(index)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("a proof has a root, a leaf and an index".to_owned());
    };
    let index: u64 = index
        .parse()
        .map_err(|_| format!("proof index `{index}`: not a non-negative integer"))?;
    let (root, leaf) = (elements(root), elements(leaf));
    let siblings: Vec<Vec<&str>> = parts.map(elements).collect();
    let proof = ProofInput {
        root: Elements::Texts(&root),
        leaf: Elements::Texts(&leaf),
        index,
        siblings: siblings.iter().map(|s| Elements::Texts(s)).collect(),
    };
    let valid = instance
        .verify_merkle_proof(&proof)
        .expect("merkle_instance checked the compression")
        .map_err(|refusal| CliError::Proof(refusal).to_string())?;
    Ok(valid.to_string())
}

/// The capped-tree calls (dispatch 11, 12, 13), as refusals name them.
/// Only Plonky2's module (the `goldilocks` feature) has them: the other
/// modules answer that the instance has no such call, without the code.
const CAP_CALLS: [&str; 3] = [
    "merkleCap (capped trees)",
    "merkleCapProof (capped trees)",
    "verifyMerkleCapProof (capped trees)",
];

/// Instance `name`, if it has capped Merkle trees (Plonky2's); `op` names
/// the call in the refusal.
fn cap_instance(name: &str, op: &'static str) -> Result<&'static Instance, Message> {
    instance_having(name, op, Instance::has_merkle_caps)
}

/// A count the JS side passed as decimal text (`what` names it).
#[cfg(feature = "goldilocks")]
fn count_of(text: &str, what: &str) -> Result<usize, Message> {
    text.parse()
        .map_err(|_| format!("{what} `{text}`: not a non-negative integer"))
}

/// Plonky2's capped tree of `instance` over `leaves` (rows, given as
/// [`merkle_root`] reads leaves: an empty row is `;`), its cap of height
/// `cap_height` and, for `Some(index)`, that leaf's proof.
#[cfg(feature = "goldilocks")]
fn capped_tree(
    instance: &Instance,
    leaves: &str,
    cap_height: usize,
    index: Option<usize>,
) -> Result<MerkleCap, Message> {
    let words: Vec<Vec<&str>> = leaves.split_terminator(';').map(elements).collect();
    let rows: Vec<Elements<'_>> = words.iter().map(|w| Elements::Texts(w)).collect();
    instance
        .merkle_cap(&rows, cap_height, index)
        .expect("cap_instance checked the capped trees")
        .map_err(|refusal| match refusal {
            CapRefusal::Leaf(e) => format!("leaf {}: {}", e.input + 1, CliError::Input(e.error)),
            CapRefusal::Tree(e) => e.to_string(),
        })
}

/// Plonky2's `MerkleTree::new(leaves, cap_height).cap` (`cap_height`
/// decimal, `leaves` rows as [`merkle_root`] reads them): the cap's
/// digests, each comma-separated `0x`-hex, separated by `;`.
#[cfg(feature = "goldilocks")]
pub fn merkle_cap(name: &str, cap_height: &str, leaves: &str) -> Result<String, Message> {
    let instance = cap_instance(name, CAP_CALLS[0])?;
    let tree = capped_tree(instance, leaves, count_of(cap_height, "cap height")?, None)?;
    let cap: Vec<String> = tree.cap.iter().map(|d| hex_list(d)).collect();
    Ok(cap.join(";"))
}

/// Plonky2's proof of a leaf in the tree of [`merkle_cap`]: `at` is the cap
/// height and the leaf index (decimal, comma-separated); the answer is the
/// number of the cap's digests, the cap, the leaf, the index and the
/// siblings up to the cap, separated by `;` (digests as in [`merkle_cap`]),
/// the form [`merkle_cap_verify`] reads.
#[cfg(feature = "goldilocks")]
pub fn merkle_cap_proof(name: &str, at: &str, leaves: &str) -> Result<String, Message> {
    let instance = cap_instance(name, CAP_CALLS[1])?;
    let (cap_height, index) = at.split_once(',').unwrap_or((at, ""));
    let (cap_height, index) = (
        count_of(cap_height, "cap height")?,
        count_of(index, "leaf index")?,
    );
    let tree = capped_tree(instance, leaves, cap_height, Some(index))?;
    let proof = tree.proof.expect("a proof of the leaf asked for");
    let mut parts = vec![tree.cap.len().to_string()];
    parts.extend(tree.cap.iter().map(|d| hex_list(d)));
    parts.push(hex_list(&proof.leaf));
    parts.push(index.to_string());
    parts.extend(proof.siblings.iter().map(|d| hex_list(d)));
    Ok(parts.join(";"))
}

/// Whether a proof in [`merkle_cap_proof`]'s form leads from its leaf to
/// the cap's node above its index, as plonky2's
/// `verify_merkle_proof_to_cap` checks it: `true` or `false`.
#[cfg(feature = "goldilocks")]
pub fn merkle_cap_verify(name: &str, proof: &str) -> Result<String, Message> {
    let instance = cap_instance(name, CAP_CALLS[2])?;
    let mut parts = proof.split(';');
    let nodes = count_of(parts.next().unwrap_or(""), "cap size")?;
    let cap: Vec<Vec<&str>> = parts.by_ref().take(nodes).map(elements).collect();
    let (Some(leaf), Some(index)) = (parts.next(), parts.next()) else {
        return Err("a proof to a cap has a cap, a leaf and an index".to_owned());
    };
    let index = count_of(index, "proof index")?;
    let leaf = elements(leaf);
    let siblings: Vec<Vec<&str>> = parts.map(elements).collect();
    let proof = CapProofInput {
        cap: cap.iter().map(|d| Elements::Texts(d)).collect(),
        leaf: Elements::Texts(&leaf),
        index,
        siblings: siblings.iter().map(|d| Elements::Texts(d)).collect(),
    };
    let valid = instance
        .verify_cap_proof(&proof)
        .expect("cap_instance checked the capped trees")
        .map_err(|refusal| match refusal {
            CapProofRefusal::Digest { part, error } => {
                format!("{part}: {}", CliError::Input(error))
            }
            CapProofRefusal::Tree(e) => e.to_string(),
        })?;
    Ok(valid.to_string())
}

/// Splits `text` at commas; the empty text is no element.
fn elements(text: &str) -> Vec<&str> {
    if text.is_empty() {
        Vec::new()
    } else {
        text.split(',').collect()
    }
}

fn run_one(instance: &Instance, op: Op, input: &str, out: &mut String) -> Result<(), CliError> {
    let result = instance
        .run(op, &elements(input))
        .expect("instance_with checked the operation")
        .map_err(CliError::Input)?;
    out.push_str(&hex_list(&result));
    Ok(())
}

/// Elements as comma-separated `0x`-hex.
fn hex_list(elements: &[Element]) -> String {
    elements
        .iter()
        .map(Element::to_hex)
        .collect::<Vec<_>>()
        .join(",")
}

/// Every instance name, in the CLI's `list` order.
pub fn list() -> Vec<String> {
    algebraic_hash_cli::instances()
        .iter()
        .map(|i| i.name.clone())
        .collect()
}

/// The one-line description of instance `name`.
pub fn describe(name: &str) -> Result<String, Message> {
    Ok(instance(name)?.description.clone())
}

/// The operations of instance `name` (`permute`, `hash`, `compress`).
pub fn operations(name: &str) -> Result<Vec<String>, Message> {
    Ok(instance(name)?.ops().map(|o| o.name().to_owned()).collect())
}

/// Operation `op` of instance `name` on comma-separated elements (decimal or
/// `0x`-hex); the result as comma-separated `0x`-hex.
pub fn run(op_name: &str, name: &str, input: &str) -> Result<String, Message> {
    let op = op(op_name)?;
    let instance = instance_with(name, op)?;
    let mut out = String::new();
    run_one(instance, op, input, &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

/// [`run`] on several inputs separated by `;` (so the empty text is one
/// input of no elements); results separated by `;`.
/// A bad input's message starts with `input N: ` (1-based).
pub fn run_many(op_name: &str, name: &str, inputs: &str) -> Result<String, Message> {
    let op = op(op_name)?;
    let instance = instance_with(name, op)?;
    let mut out = String::new();
    for (k, input) in inputs.split(';').enumerate() {
        if k > 0 {
            out.push(';');
        }
        run_one(instance, op, input, &mut out).map_err(|e| format!("input {}: {e}", k + 1))?;
    }
    Ok(out)
}

/// circomlibjs' `poseidon(inputs, initState, nOut)` on 32-byte
/// little-endian words (the fast path of `poseidonEx()` and `poseidon()` in
/// lib/index.js): `words` holds the initState and then the 1 to 16 inputs;
/// the first `n_out` cells of the permuted state `[initState, inputs...]`
/// come back in the same encoding. Errors are the library's messages.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
pub fn poseidon_ex_le(words: &[u8], n_out: usize) -> Result<Vec<u8>, Message> {
    let (words, rest) = words.as_chunks::<32>();
    if !rest.is_empty() {
        return Err(format!(
            "the input is {} bytes, not a whole number of 32-byte elements",
            words.len() * 32 + rest.len()
        ));
    }
    let Some((init, inputs)) = words.split_first() else {
        return Err("no initState word".to_owned());
    };
    let init = fr_from_le_bytes(init).map_err(|e| format!("initState: {e}"))?;
    let inputs = inputs
        .iter()
        .map(|w| fr_from_le_bytes(w))
        .collect::<Result<Vec<Fr>, _>>()
        .map_err(|e| e.to_string())?;
    let out = poseidon_ex_checked(&inputs, init, n_out)?;
    Ok(out.iter().flat_map(fr_to_le_bytes).collect())
}

/// [`poseidon_ex_le`] on text: the initState, comma-separated inputs and
/// the output count in decimal (or `0x`-hex for elements); the outputs as
/// comma-separated `0x`-hex. `poseidonEx()` comes here only for inputs its
/// fast path cannot encode (not bigints in [0, p)), so that the messages
/// name the bad element as `poseidon()`'s do.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
pub fn poseidon_ex_text(init: &str, inputs: &str, n_out: &str) -> Result<String, Message> {
    let inputs = elements(inputs)
        .into_iter()
        .enumerate()
        .map(|(index, text)| {
            fr_from_str(text).map_err(|error| {
                CliError::Input(OpError::Element {
                    index,
                    text: text.to_owned(),
                    error,
                })
                .to_string()
            })
        })
        .collect::<Result<Vec<Fr>, _>>()?;
    let init = fr_from_str(init).map_err(|e| format!("initState: {e}"))?;
    let n_out = n_out
        .parse::<usize>()
        .map_err(|_| format!("nOut `{n_out}` is not a count"))?;
    let out = poseidon_ex_checked(&inputs, init, n_out)?;
    Ok(hex_list(
        &out.iter().map(Codec::element).collect::<Vec<_>>(),
    ))
}

/// The library's `poseidon_ex` with the outputs allocated here, over the
/// widths of this module (`circom_permute`: t = 2..5 in the circom module,
/// 6..17 in circom-wide; lib/index.js calls the one that holds the width);
/// `n_out` beyond the widest state is refused before any allocation.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
fn poseidon_ex_checked(inputs: &[Fr], init: Fr, n_out: usize) -> Result<Vec<Fr>, Message> {
    if n_out > MAX_WIDTH {
        return Err(format!("nOut {n_out}: at most {MAX_WIDTH} outputs"));
    }
    let mut out = vec![Fr::default(); n_out];
    poseidon_ex_with(inputs, init, &mut out, circom_permute).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Function `function` of this crate on the arguments packed in `args`
/// (separated by NUL characters), the way the wasm ABI calls it: the
/// functions' lists come back one item a line.
///
/// `function`: 0 [`list`], 1 [`describe`] (name), 2 [`operations`] (name),
/// 3 [`run`] (operation, name, input), 4 [`run_many`] (operation, name,
/// inputs), 5 [`poseidon_ex_text`] (initState, inputs, nOut; the two circom
/// modules only), 6 [`unknown`] (name, names), which always fails, 7
/// [`limbs`] (name), 8 [`merkle_root`] (name, leaves), 9 [`merkle_proof`]
/// (name, index, leaves), 10 [`merkle_verify`] (name, proof), 11
/// [`merkle_cap`] (name, cap height, leaves), 12 [`merkle_cap_proof`]
/// (name, `cap height,index`, leaves), 13 [`merkle_cap_verify`] (name,
/// proof).
pub fn dispatch(function: u32, args: &str) -> Result<String, Message> {
    let mut parts = args.splitn(3, '\0');
    let mut next = || parts.next().unwrap_or("");
    match function {
        0 => Ok(list().join("\n")),
        1 => describe(next()),
        2 => Ok(operations(next())?.join("\n")),
        3 => {
            let (op, name, input) = (next(), next(), next());
            run(op, name, input)
        }
        4 => {
            let (op, name, inputs) = (next(), next(), next());
            run_many(op, name, inputs)
        }
        #[cfg(any(feature = "circom", feature = "circom-wide"))]
        5 => {
            let (init, inputs, n_out) = (next(), next(), next());
            poseidon_ex_text(init, inputs, n_out)
        }
        6 => {
            let (name, names) = (next(), next());
            Err(unknown(name, names))
        }
        7 => limbs(next()),
        8 => {
            let (name, leaves) = (next(), next());
            merkle_root(name, leaves)
        }
        9 => {
            let (name, index, leaves) = (next(), next(), next());
            merkle_proof(name, index, leaves)
        }
        10 => {
            let (name, proof) = (next(), next());
            merkle_verify(name, proof)
        }
        #[cfg(feature = "goldilocks")]
        11 => {
            let (name, cap_height, leaves) = (next(), next(), next());
            merkle_cap(name, cap_height, leaves)
        }
        #[cfg(feature = "goldilocks")]
        12 => {
            let (name, at, leaves) = (next(), next(), next());
            merkle_cap_proof(name, at, leaves)
        }
        #[cfg(feature = "goldilocks")]
        13 => {
            let (name, proof) = (next(), next());
            merkle_cap_verify(name, proof)
        }
        #[cfg(not(feature = "goldilocks"))]
        11..=13 => cap_instance(next(), CAP_CALLS[function as usize - 11])
            .map(|_| unreachable!("no instance of this module has capped trees")),
        other => Err(format!("unknown function {other}")),
    }
}

#[cfg(all(test, feature = "circom"))]
mod tests {
    use super::*;

    fn word(x: u8) -> [u8; 32] {
        let mut w = [0u8; 32];
        w[0] = x;
        w
    }

    fn hex_of_le(word: &[u8]) -> String {
        let digits: String = word.iter().rev().map(|b| format!("{b:02x}")).collect();
        format!("0x{}", digits.trim_start_matches('0'))
    }

    #[test]
    fn poseidon_words_equal_the_text_path() {
        // circomlibjs' poseidon([1, 2]).
        let out = poseidon_ex_le(&[word(0), word(1), word(2)].concat(), 1).unwrap();
        assert_eq!(
            hex_of_le(&out),
            "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
        );
        // initState 7, three outputs: the same cells through both paths.
        let words = poseidon_ex_le(&[word(7), word(1), word(2)].concat(), 3).unwrap();
        let text = poseidon_ex_text("7", "1,2", "3").unwrap();
        let from_words: Vec<String> = words.chunks(32).map(hex_of_le).collect();
        assert_eq!(from_words.join(","), text);
        assert_eq!(dispatch(5, "7\x001,2\x003").unwrap(), text);

        assert!(
            poseidon_ex_le(&[0u8; 33], 1)
                .unwrap_err()
                .contains("32-byte")
        );
        assert!(poseidon_ex_le(&[], 1).unwrap_err().contains("initState"));
        assert!(poseidon_ex_le(&word(0), 1).unwrap_err().contains("inputs"));
        assert!(
            poseidon_ex_le(&[[0xffu8; 32], word(1)].concat(), 1)
                .unwrap_err()
                .starts_with("initState: ")
        );
        assert!(
            poseidon_ex_le(&[word(0), word(1)].concat(), 3)
                .unwrap_err()
                .contains("outputs")
        );
        assert!(
            poseidon_ex_le(&[word(0), word(1)].concat(), 0)
                .unwrap_err()
                .contains("outputs")
        );
        assert!(
            poseidon_ex_le(&[word(0), word(1)].concat(), 1 << 40)
                .unwrap_err()
                .contains("at most 17")
        );
        assert_eq!(
            poseidon_ex_text("0", "1,-2", "1").unwrap_err(),
            "element 2 (`-2`): malformed number: unexpected '-' at byte 0"
        );
        assert!(
            poseidon_ex_text("-1", "1", "1")
                .unwrap_err()
                .starts_with("initState: ")
        );
        assert!(
            poseidon_ex_text("0", "1", "x")
                .unwrap_err()
                .contains("nOut")
        );
    }

    #[test]
    fn merkle_root_calls_answer_the_registry_root() {
        // poseidon-t3's compress of the pairs, then of their parents.
        let pair = |a: &str, b: &str| run("compress", "poseidon-t3", &format!("{a},{b}")).unwrap();
        let (ab, c) = (pair("1", "2"), "0x3");
        let root = pair(&ab, c);
        assert_eq!(merkle_root("poseidon-t3", "1;2;3;").unwrap(), root);
        assert_eq!(dispatch(8, "poseidon-t3\x001;2;3;").unwrap(), root);
        assert_eq!(merkle_root("poseidon-t3", "7;").unwrap(), "0x7");
        let limbs = [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0];
        let words = run_limbs(3, "poseidon-t3", &[4, 4, 4], &limbs).unwrap();
        let hex: String = words.iter().rev().map(|l| format!("{l:016x}")).collect();
        assert_eq!(format!("0x{}", hex.trim_start_matches('0')), root);

        assert_eq!(
            merkle_root("poseidon-t3", "").unwrap_err(),
            "no leaves: a Merkle tree needs at least one"
        );
        assert_eq!(
            run_limbs(3, "poseidon-t3", &[], &[]).unwrap_err(),
            "no leaves: a Merkle tree needs at least one"
        );
        assert!(
            merkle_root("poseidon-t3", "1;2,3;")
                .unwrap_err()
                .starts_with("leaf 2: ")
        );
        assert!(
            run_limbs(3, "poseidon-t3", &[4, 3], &limbs[..7])
                .unwrap_err()
                .starts_with("leaf 2: ")
        );
        assert_eq!(
            merkle_root("poseidon", "1;").unwrap_err(),
            "instance `poseidon` has no `merkleRoot (2-to-1 compression)` operation"
        );
        assert!(
            merkle_root("nope", "1;")
                .unwrap_err()
                .contains("unknown instance")
        );
    }

    #[test]
    fn merkle_proof_calls_answer_the_registry_path() {
        let pair = |a: &str, b: &str| run("compress", "poseidon-t3", &format!("{a},{b}")).unwrap();
        let (ab, c) = (pair("1", "2"), "0x3");
        let root = pair(&ab, c);
        // Leaf 2 of 3 is carried up a level: one sibling, on the left.
        assert_eq!(
            merkle_proof("poseidon-t3", "2", "1;2;3;").unwrap(),
            format!("{root};{c};1;{ab}")
        );
        // Leaf 1: siblings 0x1 (left) and 0x3 (right), sides 0b01.
        assert_eq!(
            dispatch(9, "poseidon-t3\x001\x001;2;3;").unwrap(),
            format!("{root};0x2;1;0x1;{c}")
        );
        assert_eq!(merkle_proof("poseidon-t3", "0", "7;").unwrap(), "0x7;0x7;0");

        assert_eq!(
            merkle_proof("poseidon-t3", "3", "1;2;3;").unwrap_err(),
            "leaf index 3 out of range for 3 leaves"
        );
        for bad in ["", "-1", "1.5", "x"] {
            assert_eq!(
                merkle_proof("poseidon-t3", bad, "1;").unwrap_err(),
                format!("leaf index `{bad}`: not a non-negative integer")
            );
        }
        assert_eq!(
            merkle_proof("poseidon-t3", "0", "").unwrap_err(),
            "no leaves: a Merkle tree needs at least one"
        );
        assert!(
            merkle_proof("poseidon-t3", "0", "1;2,3;")
                .unwrap_err()
                .starts_with("leaf 2: ")
        );
        assert_eq!(
            merkle_proof("poseidon", "0", "1;").unwrap_err(),
            "instance `poseidon` has no `merkleProof (2-to-1 compression)` operation"
        );
    }

    #[test]
    fn merkle_verify_calls_check_merkle_proofs() {
        // `proof` (root;leaf;index;siblings…) with part `k` replaced.
        let with = |proof: &str, k: usize, part: &str| {
            let mut parts: Vec<&str> = proof.split(';').collect();
            parts[k] = part;
            parts.join(";")
        };
        for index in ["0", "1", "2"] {
            let proof = merkle_proof("poseidon-t3", index, "1;2;3;").unwrap();
            assert_eq!(merkle_verify("poseidon-t3", &proof).unwrap(), "true");
            assert_eq!(
                dispatch(10, &format!("poseidon-t3\x00{proof}")).unwrap(),
                "true"
            );
            let other_leaf = with(&proof, 1, "0x9");
            assert_eq!(merkle_verify("poseidon-t3", &other_leaf).unwrap(), "false");
        }
        // Leaf 1 of 3: two siblings.
        let proof = merkle_proof("poseidon-t3", "1", "1;2;3;").unwrap();
        assert_eq!(
            merkle_verify("poseidon-t3", &with(&proof, 2, "4")).unwrap_err(),
            "proof index 4 has a bit set beyond its 2 siblings"
        );
        assert_eq!(
            merkle_verify("poseidon-t3", &with(&proof, 2, "x")).unwrap_err(),
            "proof index `x`: not a non-negative integer"
        );
        assert!(
            merkle_verify("poseidon-t3", &with(&proof, 3, "0x1,0x2"))
                .unwrap_err()
                .starts_with("sibling 1: ")
        );
        assert_eq!(
            merkle_verify("poseidon-t3", "0x1;0x1").unwrap_err(),
            "a proof has a root, a leaf and an index"
        );
        assert_eq!(
            merkle_verify("poseidon", &proof).unwrap_err(),
            "instance `poseidon` has no `verifyMerkleProof (2-to-1 compression)` operation"
        );
    }

    #[test]
    fn limbs_call_reads_whole_inputs() {
        // circomlibjs' poseidon([1, 2]): compress of poseidon-t3, twice.
        let one_two = [1, 0, 0, 0, 2, 0, 0, 0];
        let out = run_limbs(2, "poseidon-t3", &[8, 8], &[one_two, one_two].concat()).unwrap();
        let hex: String = out[..4].iter().rev().map(|l| format!("{l:016x}")).collect();
        assert_eq!(
            format!("0x{}", hex.trim_start_matches('0')),
            "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
        );
        assert_eq!(out[..4], out[4..]);
        assert_eq!(limbs("poseidon-t3").unwrap(), "4");
        assert_eq!(dispatch(7, "poseidon-t3").unwrap(), "4");

        let refused = |op, lengths: &[u64], limbs: &[u64]| {
            run_limbs(op, "poseidon-t3", lengths, limbs).unwrap_err()
        };
        assert!(refused(2, &[8, 8], &one_two).contains("more than the 8 words"));
        assert!(refused(2, &[u64::MAX], &one_two).contains("more than the 8 words"));
        assert!(refused(2, &[4], &one_two).contains("4 words given beyond"));
        assert!(refused(7, &[8], &one_two).contains("operation code 7"));
        assert!(refused(4, &[8], &one_two).contains("operation code 4"));
        assert_eq!(
            refused(2, &[7], &one_two[..7]),
            "input 1: limbs (a whole number of elements): expected 8, got 7"
        );
        assert_eq!(
            refused(2, &[8, 4], &[&one_two[..], &one_two[..4]].concat()),
            "input 2: compression input (elements): expected 2, got 1"
        );
        // r, the BN254 scalar modulus, as the second element.
        let r = [
            0x43e1_f593_f000_0001,
            0x2833_e848_79b9_7091,
            0xb850_45b6_8181_585d,
            0x3064_4e72_e131_a029,
        ];
        assert!(
            refused(2, &[8], &[&one_two[..4], &r[..]].concat())
                .starts_with("input 1: element 2 (`0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001`): ")
        );
        assert!(
            run_limbs(0, "nope", &[], &[])
                .unwrap_err()
                .contains("unknown instance")
        );
    }

    #[test]
    fn dispatch_reaches_every_function() {
        assert!(dispatch(0, "").unwrap().lines().any(|n| n == "poseidon"));
        assert_eq!(dispatch(2, "poseidon").unwrap(), "hash");
        assert!(!dispatch(1, "rp64-256").unwrap().is_empty());
        // Poseidon (circom) of [1, 2]: circomlibjs' answer.
        assert_eq!(
            dispatch(3, "hash\0poseidon\x001,2").unwrap(),
            "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
        );
        assert_eq!(
            dispatch(4, "hash\0poseidon\x001,2;1,2").unwrap(),
            format!(
                "{0};{0}",
                "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
            )
        );
        assert!(
            dispatch(3, "hash\0nope\x001")
                .unwrap_err()
                .contains("unknown instance")
        );
        assert!(
            dispatch(4, "hash\0poseidon\x001;x")
                .unwrap_err()
                .starts_with("input 2: ")
        );
        assert_eq!(
            dispatch(6, "poseidon-t33\0rp64-256\nposeidon-t3\nanemoi-bn254-2").unwrap_err(),
            "unknown instance `poseidon-t33`; closest: poseidon-t3, rp64-256, anemoi-bn254-2 (list() names all)"
        );
        assert!(dispatch(9, "").is_err());
        // The capped-tree calls (Plonky2's: not in this test build, whose
        // instances have none; node's tests run them on stored vectors).
        for (function, args, call) in [
            (11, "poseidon-t3\x000\x001;2;", "merkleCap"),
            (12, "poseidon-t3\x000,1\x001;2;", "merkleCapProof"),
            (13, "poseidon-t3\x001;0x1;0x2;0", "verifyMerkleCapProof"),
        ] {
            assert_eq!(
                dispatch(function, args).unwrap_err(),
                format!("instance `poseidon-t3` has no `{call} (capped trees)` operation")
            );
        }
    }
}
