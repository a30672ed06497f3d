//! `algebraic_hash._native`: the CLI's instance registry
//! (`algebraic_hash_cli::instances`) as Python functions, so that names,
//! answers and error messages are the command-line tool's.
//!
//! Elements cross the boundary as Python `int`s, handed to the library as
//! 64-bit limbs (`Elements::Limbs`: one `u64` per element for the 31- and
//! 64-bit fields, `int.to_bytes` for the big ones), which it checks against
//! the modulus; an input with an element that has no such limbs (a
//! negative value, one of more bits than the field's limbs) goes as
//! `0x`-hex text instead, so that the library's parser names what is wrong.
//! Results come back as `int`s from their limbs. The batch forms convert
//! every input first, then run the whole batch with the GIL released.

use algebraic_hash_cli::CliError;
use algebraic_hash_cli::element::Element;
use algebraic_hash_cli::registry::{
    BatchError, CapPart, CapProofInput, CapProofRefusal, CapRefusal, Elements, Instance, MerkleCap,
    MerkleRefusal, Op, OpError, ProofInput, ProofPart, ProofRefusal,
};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyInt, PyList, PyString};

use algebraic_hash::{Compression, Hasher, Permutation};
use algebraic_hash_rescue::{ElementDigest, Felt, Rp64_256, Rpo256, Rpx256};

/// An instance by name, or `ValueError` naming the closest ones.
fn instance(name: &str) -> PyResult<&'static Instance> {
    algebraic_hash_cli::find(name).map_err(|e| match e {
        CliError::UnknownInstance { name, suggestions } if !suggestions.is_empty() => {
            PyValueError::new_err(format!(
                "unknown instance `{name}`; closest: {} (algebraic_hash.list() names all)",
                suggestions.join(", ")
            ))
        }
        CliError::UnknownInstance { name, .. } => PyValueError::new_err(format!(
            "unknown instance `{name}` (algebraic_hash.list() names all)"
        )),
        other => PyValueError::new_err(other.to_string()),
    })
}

/// `instance` with operation `op`, or `ValueError`.
fn instance_with(name: &str, op: Op) -> PyResult<&'static Instance> {
    let found = instance(name)?;
    if found.ops().any(|o| o == op) {
        Ok(found)
    } else {
        Err(PyValueError::new_err(
            CliError::UnsupportedOp {
                instance: found.name.clone(),
                op: op.name(),
            }
            .to_string(),
        ))
    }
}

/// The elements of one input as the library reads them (the originals are
/// kept for error messages).
struct Input<'py> {
    form: Form,
    items: Vec<Bound<'py, PyAny>>,
}

enum Form {
    /// Every element's limbs, one element after the other.
    Limbs(Vec<u64>),
    /// `0x`-hex texts, for an input with an element that has no limbs.
    Texts(Vec<String>),
}

impl Input<'_> {
    /// The texts as `&str`s (none for limbs), for [`Input::elements`].
    fn text_refs(&self) -> Vec<&str> {
        match &self.form {
            Form::Texts(texts) => texts.iter().map(String::as_str).collect(),
            Form::Limbs(_) => Vec::new(),
        }
    }

    /// The input as the library reads it; `text_refs` from
    /// [`Input::text_refs`].
    fn elements<'a>(&'a self, text_refs: &'a [&'a str]) -> Elements<'a> {
        match &self.form {
            Form::Limbs(limbs) => Elements::Limbs(limbs),
            Form::Texts(_) => Elements::Texts(text_refs),
        }
    }
}

/// `item`'s `limbs` little-endian 64-bit limbs, if it is an `int` in
/// [0, 2^(64 limbs)).
fn limbs_of(item: &Bound<'_, PyAny>, limbs: usize, out: &mut Vec<u64>) -> bool {
    if limbs == 1 {
        return item.extract::<u64>().map(|v| out.push(v)).is_ok();
    }
    let Ok(bytes) = item
        .call_method1("to_bytes", (8 * limbs, "little"))
        .and_then(|b| b.extract::<Vec<u8>>())
    else {
        return false; // OverflowError: negative, or too many bits
    };
    let (words, _) = bytes.as_chunks::<8>();
    out.extend(words.iter().map(|w| u64::from_le_bytes(*w)));
    true
}

fn read_input<'py>(xs: &Bound<'py, PyAny>, what: &str, limbs: usize) -> PyResult<Input<'py>> {
    if xs.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected a sequence of ints, got str"
        )));
    }
    let mut items = Vec::new();
    for (index, item) in xs.try_iter()?.enumerate() {
        let item = item?;
        if !item.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "{what}element {}: expected an int, got {}",
                index + 1,
                item.get_type().name()?
            )));
        }
        items.push(item);
    }
    let mut words = Vec::with_capacity(items.len() * limbs);
    let form = if items.iter().all(|item| limbs_of(item, limbs, &mut words)) {
        Form::Limbs(words)
    } else {
        Form::Texts(
            items
                .iter()
                .map(|item| {
                    item.call_method1("__format__", ("#x",))?
                        .extract::<String>()
                })
                .collect::<PyResult<_>>()?,
        )
    };
    Ok(Input { form, items })
}

/// The library's message for `error`, with the element shown as the
/// caller's decimal `int` rather than the hex text the library read.
fn value_error(prefix: &str, input: &Input<'_>, error: OpError) -> PyErr {
    let error = match error {
        OpError::Element { index, text, error } => OpError::Element {
            index,
            // `str` refuses ints of more digits than Python's limit (4300
            // by default): those keep the hex text.
            text: input.items[index]
                .str()
                .map(|s| s.to_string())
                .unwrap_or(text),
            error,
        },
        other => other,
    };
    PyValueError::new_err(format!("{prefix}{}", CliError::Input(error)))
}

fn to_ints<'py>(py: Python<'py>, out: &[Element]) -> PyResult<Bound<'py, PyList>> {
    let values = out
        .iter()
        .map(|e| match e.limbs() {
            [v] => Ok(v.into_pyobject(py)?.into_any()),
            limbs => {
                let bytes: Vec<u8> = limbs.iter().flat_map(|l| l.to_le_bytes()).collect();
                py.get_type::<PyInt>()
                    .call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))
            }
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, values)
}

fn one<'py>(
    py: Python<'py>,
    op: Op,
    name: &str,
    xs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let instance = instance_with(name, op)?;
    let input = read_input(xs, "", instance.limbs())?;
    let text_refs = input.text_refs();
    let out = instance
        .run_batch(op, &[input.elements(&text_refs)])
        .expect("instance_with checked the operation")
        .map_err(|e| value_error("", &input, e.error))?;
    to_ints(py, &out[0])
}

/// A sequence of inputs; `[one, many]` name them in messages (`input 3:
/// …`, `expected a sequence of inputs`).
fn read_inputs<'py>(
    inputs: &Bound<'py, PyAny>,
    [one, many]: [&str; 2],
    limbs: usize,
) -> PyResult<Vec<Input<'py>>> {
    if inputs.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "expected a sequence of {many}, got str"
        )));
    }
    let mut all = Vec::new();
    for (k, xs) in inputs.try_iter()?.enumerate() {
        all.push(read_input(&xs?, &format!("{one} {}: ", k + 1), limbs)?);
    }
    Ok(all)
}

/// `run` on the inputs `all` as the library reads them, with the GIL
/// released; an error names its input (`{one} 3: …`).
fn run_released<T: Send>(
    py: Python<'_>,
    all: &[Input<'_>],
    one: &str,
    run: impl FnOnce(&[Elements<'_>]) -> Result<T, BatchError> + Send,
) -> PyResult<T> {
    let text_refs: Vec<Vec<&str>> = all.iter().map(Input::text_refs).collect();
    let elements: Vec<Elements<'_>> = all
        .iter()
        .zip(&text_refs)
        .map(|(input, refs)| input.elements(refs))
        .collect();
    let result = py.allow_threads(|| run(&elements).map_err(|e| (e.input, e.error)));
    result.map_err(|(k, e)| value_error(&format!("{one} {}: ", k + 1), &all[k], e))
}

fn many<'py>(
    py: Python<'py>,
    op: Op,
    name: &str,
    inputs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let instance = instance_with(name, op)?;
    let all = read_inputs(inputs, ["input", "inputs"], instance.limbs())?;
    let results = run_released(py, &all, "input", |elements| {
        instance
            .run_batch(op, elements)
            .expect("instance_with checked the operation")
    })?;
    let lists = results
        .iter()
        .map(|out| to_ints(py, out))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, lists)
}

/// The three Goldilocks instances' operations on rows of `u64`s.
fn rescue_rows<R>(r: R, op: Op, values: &[Felt], rows: usize) -> Vec<u64>
where
    R: Permutation<[Felt; 12]>
        + Compression<ElementDigest, 2>
        + Hasher<Felt, Digest = ElementDigest>,
{
    let digests = |ds: &[ElementDigest]| -> Vec<u64> {
        ds.iter()
            .flat_map(|d| d.as_elements().iter().map(|f| f.to_u64()))
            .collect()
    };
    match op {
        Op::Permute => {
            let (states, _) = values.as_chunks::<12>();
            let mut states = states.to_vec();
            r.permute_many(&mut states);
            states.iter().flatten().map(|f| f.to_u64()).collect()
        }
        Op::Compress => {
            let (rows, _) = values.as_chunks::<4>();
            let digests_in: Vec<ElementDigest> =
                rows.iter().map(|d| ElementDigest::new(*d)).collect();
            let (pairs, _) = digests_in.as_chunks::<2>();
            let mut out = vec![ElementDigest::new([Felt::ZERO; 4]); pairs.len()];
            r.compress_many(pairs, &mut out);
            digests(&out)
        }
        Op::Hash => {
            let cols = values.len().checked_div(rows).unwrap_or(0);
            let out: Vec<ElementDigest> = (0..rows)
                .map(|k| r.hash_elements(&values[k * cols..(k + 1) * cols]))
                .collect();
            digests(&out)
        }
    }
}

/// `op` of Goldilocks instance `name` on `data`: `rows` rows of `cols`
/// little-endian `u64`s; the answers as rows of little-endian `u64`s (12
/// for `permute`, 4 otherwise). A value not below p raises `ValueError`
/// naming its row and column, and nothing is computed.
#[pyfunction]
fn goldilocks_many<'py>(
    py: Python<'py>,
    name: &str,
    op: &str,
    data: &[u8],
    rows: usize,
    cols: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let op = match op {
        "permute" => Op::Permute,
        "hash" => Op::Hash,
        "compress" => Op::Compress,
        _ => return Err(PyValueError::new_err(format!("unknown operation `{op}`"))),
    };
    let expected = match op {
        Op::Permute => Some((12, "permutation state (elements)")),
        Op::Compress => Some((8, "compression input (elements)")),
        Op::Hash => None,
    };
    if let Some((n, what)) = expected.filter(|&(n, _)| n != cols) {
        let error = OpError::Input(algebraic_hash::Error::WrongLength {
            what,
            expected: n,
            found: cols,
        });
        return Err(PyValueError::new_err(CliError::Input(error).to_string()));
    }
    if rows.checked_mul(cols).and_then(|n| n.checked_mul(8)) != Some(data.len()) {
        return Err(PyValueError::new_err(format!(
            "{} bytes are not {rows} rows of {cols} u64s",
            data.len()
        )));
    }
    let values: Vec<Felt> = data
        .chunks_exact(8)
        .enumerate()
        .map(|(at, bytes)| {
            let v = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
            Felt::from_canonical(v).ok_or_else(|| {
                let error = OpError::Element {
                    index: at % cols,
                    text: v.to_string(),
                    error: algebraic_hash::Error::NotCanonical {
                        field: "Goldilocks",
                    },
                };
                PyValueError::new_err(format!(
                    "input {}: {}",
                    at / cols + 1,
                    CliError::Input(error)
                ))
            })
        })
        .collect::<PyResult<_>>()?;
    let out = py.allow_threads(|| match name {
        "rp64-256" => Ok(rescue_rows(Rp64_256, op, &values, rows)),
        "rpo256" => Ok(rescue_rows(Rpo256, op, &values, rows)),
        "rpx256" => Ok(rescue_rows(Rpx256, op, &values, rows)),
        _ => Err(()),
    });
    let out = out.map_err(|()| {
        PyValueError::new_err(format!(
            "`{name}` is not a Goldilocks instance (rp64-256, rpo256, rpx256)"
        ))
    })?;
    let bytes: Vec<u8> = out.iter().flat_map(|v| v.to_le_bytes()).collect();
    Ok(PyBytes::new(py, &bytes))
}

/// Every instance name, in the CLI's `list` order.
#[pyfunction]
fn list() -> Vec<&'static str> {
    algebraic_hash_cli::instances()
        .iter()
        .map(|i| i.name.as_str())
        .collect()
}

/// The one-line description of instance `name`.
#[pyfunction]
fn describe(name: &str) -> PyResult<&'static str> {
    Ok(instance(name)?.description.as_str())
}

/// The operations (`"permute"`, `"hash"`, `"compress"`) instance `name` has.
#[pyfunction]
fn operations(name: &str) -> PyResult<Vec<&'static str>> {
    Ok(instance(name)?.ops().map(Op::name).collect())
}

/// The full-width permutation of the state `xs`.
#[pyfunction]
fn permute<'py>(
    py: Python<'py>,
    name: &str,
    xs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    one(py, Op::Permute, name, xs)
}

/// The instance's own hash (sponge and padding) of the elements `xs`.
#[pyfunction]
fn hash<'py>(py: Python<'py>, name: &str, xs: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    one(py, Op::Hash, name, xs)
}

/// The instance's compression (2-to-1, (t-1)-to-1, or Jive) of `xs`.
#[pyfunction]
fn compress<'py>(
    py: Python<'py>,
    name: &str,
    xs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    one(py, Op::Compress, name, xs)
}

/// `permute` of every state in `inputs`, the GIL released meanwhile.
#[pyfunction]
fn permute_many<'py>(
    py: Python<'py>,
    name: &str,
    inputs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    many(py, Op::Permute, name, inputs)
}

/// `hash` of every input in `inputs`, the GIL released meanwhile.
#[pyfunction]
fn hash_many<'py>(
    py: Python<'py>,
    name: &str,
    inputs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    many(py, Op::Hash, name, inputs)
}

/// `compress` of every input in `inputs`, the GIL released meanwhile.
#[pyfunction]
fn compress_many<'py>(
    py: Python<'py>,
    name: &str,
    inputs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    many(py, Op::Compress, name, inputs)
}

/// Instance `name`, if it has a 2-to-1 compression (a Merkle tree); `call`
/// names the function in the refusal.
fn merkle_instance(name: &str, call: &'static str) -> PyResult<&'static Instance> {
    instance_having(name, call, Instance::has_merkle_root)
}

/// Instance `name`, if `has` says it can do `call`, which names the
/// function in the refusal.
fn instance_having(
    name: &str,
    call: &'static str,
    has: fn(&Instance) -> bool,
) -> PyResult<&'static Instance> {
    let found = instance(name)?;
    if !has(found) {
        return Err(PyValueError::new_err(
            CliError::UnsupportedOp {
                instance: found.name.clone(),
                op: call,
            }
            .to_string(),
        ));
    }
    Ok(found)
}

/// `proof` as a dict (`TypeError` naming its `fields` otherwise) and a
/// reader of its fields (`ValueError` for a missing one).
fn proof_dict<'a, 'py>(
    proof: &'a Bound<'py, PyAny>,
    fields: &str,
) -> PyResult<impl Fn(&str) -> PyResult<Bound<'py, PyAny>> + 'a> {
    let dict = proof
        .downcast::<PyDict>()
        .map_err(|_| PyTypeError::new_err(format!("expected a proof: a dict with {fields}")))?;
    Ok(move |key: &str| {
        dict.get_item(key)?
            .ok_or_else(|| PyValueError::new_err(format!("proof has no `{key}`")))
    })
}

/// Instance `name` and its leaves read from `leaves`, if it has a 2-to-1
/// compression (a Merkle tree) and at least one leaf; `call` names the
/// function in the refusal.
fn merkle_leaves<'py>(
    name: &str,
    leaves: &Bound<'py, PyAny>,
    call: &'static str,
) -> PyResult<(&'static Instance, Vec<Input<'py>>)> {
    let found = merkle_instance(name, call)?;
    let all = read_inputs(leaves, ["leaf", "leaves"], found.limbs())?;
    if all.is_empty() {
        return Err(PyValueError::new_err(CliError::NoLeaves.to_string()));
    }
    Ok((found, all))
}

/// `merkle_root(name, leaves)`: the root of the library's binary Merkle
/// tree over `leaves` (each one digest of the instance) with its 2-to-1
/// compression, as the CLI's `merkle` prints it; the tree is built with the
/// GIL released.
#[pyfunction]
fn merkle_root<'py>(
    py: Python<'py>,
    name: &str,
    leaves: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (found, all) = merkle_leaves(name, leaves, "merkle_root (2-to-1 compression)")?;
    let root = run_released(py, &all, "leaf", |elements| {
        found.merkle_root_batch(elements).expect("checked above")
    })?;
    to_ints(py, &root)
}

/// A leaf index or a cap height: a non-negative `int` that fits `usize`
/// (`TypeError` for another type, `ValueError` otherwise); `what` names it.
fn read_count(value: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    if !value.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected an int, got {}",
            value.get_type().name()?
        )));
    }
    value
        .extract::<u64>()
        .ok()
        .and_then(|i| usize::try_from(i).ok())
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "{what}: expected a non-negative integer, got {value}"
            ))
        })
}

/// `merkle_proof(name, leaves, index)`: the authentication path of leaf
/// `index` (0-based) in the tree of [`merkle_root`], as a dict with the
/// fields of a LeanIMT proof: `root`, `leaf`, `index` (bit `k` set where
/// the `k`-th sibling is on the left) and `siblings` (bottom first).
#[pyfunction]
fn merkle_proof<'py>(
    py: Python<'py>,
    name: &str,
    leaves: &Bound<'py, PyAny>,
    index: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let leaf_index = read_count(index, "leaf index")?;
    let (found, all) = merkle_leaves(name, leaves, "merkle_proof (2-to-1 compression)")?;
    let proof = run_released(py, &all, "leaf", |elements| {
        match found.merkle_proof_batch(elements, leaf_index) {
            Some(Ok(proof)) => Ok(Ok(proof)),
            Some(Err(MerkleRefusal::Leaf(e))) => Err(e),
            Some(Err(MerkleRefusal::Index(e))) => Ok(Err(e)),
            None => unreachable!("merkle_leaves checked the compression"),
        }
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    out.set_item("root", to_ints(py, &proof.root)?)?;
    out.set_item("leaf", to_ints(py, &proof.leaf)?)?;
    out.set_item("index", proof.sides_bits())?;
    out.set_item("siblings", digest_lists(py, &proof.siblings)?)?;
    Ok(out)
}

/// `verify_merkle_proof(name, proof)`: whether `proof`'s siblings, on the
/// sides its `index` gives (bit `k` set: the `k`-th sibling on the left),
/// lead from its leaf to its root with the instance's compression, as
/// LeanIMT verifies a proof (no leaf index or count). `proof` is a dict with
/// `root`, `leaf`, `index` and `siblings`, as [`merkle_proof`] returns it;
/// a one-element digest may be a bare `int`, as Semaphore writes it.
#[pyfunction]
fn verify_merkle_proof<'py>(
    py: Python<'py>,
    name: &str,
    proof: &Bound<'py, PyAny>,
) -> PyResult<bool> {
    let found = merkle_instance(name, "verify_merkle_proof (2-to-1 compression)")?;
    let field = proof_dict(proof, "root, leaf, index and siblings")?;
    // usize is at most 64 bits wide.
    let index = read_count(&field("index")?, "proof index")? as u64;
    let limbs = found.limbs();
    // One digest: a sequence of ints, or one int (a one-element digest).
    let digest = |value: Bound<'py, PyAny>, part: ProofPart| -> PyResult<Input<'py>> {
        let what = format!("{part}: ");
        if value.is_instance_of::<PyInt>() {
            read_input(PyList::new(py, [value])?.as_any(), &what, limbs)
        } else {
            read_input(&value, &what, limbs)
        }
    };
    let root = digest(field("root")?, ProofPart::Root)?;
    let leaf = digest(field("leaf")?, ProofPart::Leaf)?;
    let siblings_given = field("siblings")?;
    if siblings_given.is_instance_of::<PyString>() || siblings_given.is_instance_of::<PyInt>() {
        return Err(PyTypeError::new_err(format!(
            "proof siblings: expected a sequence of digests, got {}",
            siblings_given.get_type().name()?
        )));
    }
    let siblings = siblings_given
        .try_iter()?
        .enumerate()
        .map(|(k, s)| digest(s?, ProofPart::Sibling(k)))
        .collect::<PyResult<Vec<_>>>()?;
    let (root_refs, leaf_refs) = (root.text_refs(), leaf.text_refs());
    let sibling_refs: Vec<Vec<&str>> = siblings.iter().map(Input::text_refs).collect();
    let input = ProofInput {
        root: root.elements(&root_refs),
        leaf: leaf.elements(&leaf_refs),
        index,
        siblings: (siblings.iter().zip(&sibling_refs))
            .map(|(s, r)| s.elements(r))
            .collect(),
    };
    match found.verify_merkle_proof(&input) {
        Some(Ok(valid)) => Ok(valid),
        Some(Err(ProofRefusal::Digest { part, error })) => {
            let given = match part {
                ProofPart::Root => &root,
                ProofPart::Leaf => &leaf,
                ProofPart::Sibling(k) => &siblings[k],
            };
            Err(value_error(&format!("{part}: "), given, error))
        }
        Some(Err(sides)) => Err(PyValueError::new_err(CliError::Proof(sides).to_string())),
        None => unreachable!("merkle_instance checked the compression"),
    }
}

/// Plonky2's capped tree over `leaves` (rows of any length) of instance
/// `name`, with the GIL released: its cap and, for `Some(index)`, that
/// leaf's proof; `call` names the function in the refusal.
fn capped_tree<'py>(
    py: Python<'py>,
    name: &str,
    leaves: &Bound<'py, PyAny>,
    cap_height: &Bound<'py, PyAny>,
    index: Option<usize>,
    call: &'static str,
) -> PyResult<MerkleCap> {
    let found = cap_instance(name, call)?;
    let cap_height = read_count(cap_height, "cap height")?;
    let all = read_inputs(leaves, ["leaf", "leaves"], found.limbs())?;
    run_released(py, &all, "leaf", |rows| {
        match found.merkle_cap(rows, cap_height, index) {
            Some(Ok(cap)) => Ok(Ok(cap)),
            Some(Err(CapRefusal::Leaf(e))) => Err(e),
            Some(Err(CapRefusal::Tree(e))) => Ok(Err(e)),
            None => unreachable!("cap_instance checked the capped trees"),
        }
    })?
    .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Instance `name`, if it has capped Merkle trees (Plonky2's); `call` names
/// the function in the refusal.
fn cap_instance(name: &str, call: &'static str) -> PyResult<&'static Instance> {
    instance_having(name, call, Instance::has_merkle_caps)
}

fn digest_lists<'py>(py: Python<'py>, digests: &[Vec<Element>]) -> PyResult<Bound<'py, PyList>> {
    let lists = digests
        .iter()
        .map(|d| to_ints(py, d))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, lists)
}

/// `merkle_cap(name, leaves, cap_height)`: plonky2's
/// `MerkleTree::new(leaves, cap_height).cap`, the `2^cap_height` digests
/// `cap_height` levels below the root, over `leaves` (rows of any number of
/// elements, hashed by `hash_or_noop`; a power-of-two count of them).
#[pyfunction]
fn merkle_cap<'py>(
    py: Python<'py>,
    name: &str,
    leaves: &Bound<'py, PyAny>,
    cap_height: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let tree = capped_tree(
        py,
        name,
        leaves,
        cap_height,
        None,
        "merkle_cap (capped trees)",
    )?;
    digest_lists(py, &tree.cap)
}

/// `merkle_cap_proof(name, leaves, cap_height, index)`: plonky2's proof of
/// leaf `index` in the tree of [`merkle_cap`], as a dict: `cap`, `leaf`
/// (the row), `index` and `siblings` (from the leaf level up to the cap).
#[pyfunction]
fn merkle_cap_proof<'py>(
    py: Python<'py>,
    name: &str,
    leaves: &Bound<'py, PyAny>,
    cap_height: &Bound<'py, PyAny>,
    index: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let leaf_index = read_count(index, "leaf index")?;
    let call = "merkle_cap_proof (capped trees)";
    let tree = capped_tree(py, name, leaves, cap_height, Some(leaf_index), call)?;
    let proof = tree.proof.expect("a proof of the leaf asked for");
    let out = PyDict::new(py);
    out.set_item("cap", digest_lists(py, &tree.cap)?)?;
    out.set_item("leaf", to_ints(py, &proof.leaf)?)?;
    out.set_item("index", leaf_index)?;
    out.set_item("siblings", digest_lists(py, &proof.siblings)?)?;
    Ok(out)
}

/// `verify_merkle_cap_proof(name, proof)`: whether `proof`'s siblings lead
/// from its leaf (leaf `index`) to the cap's node above it, as plonky2's
/// `verify_merkle_proof_to_cap` checks it: `True` or `False`, `ValueError`
/// where plonky2 would panic (an index beyond what the cap and the siblings
/// reach) or a digest cannot be read. `proof` is a dict with `cap`, `leaf`,
/// `index` and `siblings`, as [`merkle_cap_proof`] returns it.
#[pyfunction]
fn verify_merkle_cap_proof<'py>(
    py: Python<'py>,
    name: &str,
    proof: &Bound<'py, PyAny>,
) -> PyResult<bool> {
    let found = cap_instance(name, "verify_merkle_cap_proof (capped trees)")?;
    let field = proof_dict(proof, "cap, leaf, index and siblings")?;
    let index = read_count(&field("index")?, "proof index")?;
    let limbs = found.limbs();
    let digests = |key: &str, part: fn(usize) -> CapPart| -> PyResult<Vec<Input<'py>>> {
        let given = field(key)?;
        if given.is_instance_of::<PyString>() || given.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err(format!(
                "proof {key}: expected a sequence of digests, got {}",
                given.get_type().name()?
            )));
        }
        given
            .try_iter()?
            .enumerate()
            .map(|(k, d)| read_input(&d?, &format!("{}: ", part(k)), limbs))
            .collect()
    };
    let cap = digests("cap", CapPart::Cap)?;
    let siblings = digests("siblings", CapPart::Sibling)?;
    let leaf = read_input(&field("leaf")?, &format!("{}: ", CapPart::Leaf), limbs)?;
    let cap_refs: Vec<Vec<&str>> = cap.iter().map(Input::text_refs).collect();
    let sibling_refs: Vec<Vec<&str>> = siblings.iter().map(Input::text_refs).collect();
    let leaf_refs = leaf.text_refs();
    let input = CapProofInput {
        cap: (cap.iter().zip(&cap_refs))
            .map(|(d, r)| d.elements(r))
            .collect(),
        leaf: leaf.elements(&leaf_refs),
        index,
        siblings: (siblings.iter().zip(&sibling_refs))
            .map(|(d, r)| d.elements(r))
            .collect(),
    };
    let answer = py.allow_threads(|| found.verify_cap_proof(&input));
    match answer {
        Some(Ok(valid)) => Ok(valid),
        Some(Err(CapProofRefusal::Digest { part, error })) => {
            let given = match part {
                CapPart::Cap(k) => &cap[k],
                CapPart::Leaf => &leaf,
                CapPart::Sibling(k) => &siblings[k],
            };
            Err(value_error(&format!("{part}: "), given, error))
        }
        Some(Err(CapProofRefusal::Tree(e))) => Err(PyValueError::new_err(e.to_string())),
        None => unreachable!("cap_instance checked the capped trees"),
    }
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(list, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(operations, m)?)?;
    m.add_function(wrap_pyfunction!(permute, m)?)?;
    m.add_function(wrap_pyfunction!(hash, m)?)?;
    m.add_function(wrap_pyfunction!(compress, m)?)?;
    m.add_function(wrap_pyfunction!(permute_many, m)?)?;
    m.add_function(wrap_pyfunction!(hash_many, m)?)?;
    m.add_function(wrap_pyfunction!(compress_many, m)?)?;
    m.add_function(wrap_pyfunction!(goldilocks_many, m)?)?;
    m.add_function(wrap_pyfunction!(merkle_root, m)?)?;
    m.add_function(wrap_pyfunction!(merkle_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_merkle_proof, m)?)?;
    m.add_function(wrap_pyfunction!(merkle_cap, m)?)?;
    m.add_function(wrap_pyfunction!(merkle_cap_proof, m)?)?;
    m.add_function(wrap_pyfunction!(verify_merkle_cap_proof, m)?)?;
    Ok(())
}
