//! `algebraic_hash._native`: the CLI's instance registry
//! (`algebraic_hash_cli::instances`) as Python functions, so that names,
//! answers and error messages are the command-line tool's.
//!
//! Elements cross the boundary as Python `int`s. Each one is written in
//! `0x`-hex by Python's own `format` and read by the library's checked
//! parser, which refuses values not below the modulus (and negative ones:
//! `-` is not a digit); results come back through `int(text, 16)`. The
//! batch forms convert every input first, then run the whole batch with the
//! GIL released.

use algebraic_hash_cli::CliError;
use algebraic_hash_cli::element::Element;
use algebraic_hash_cli::registry::{Instance, Op, OpError};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};

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

/// The elements of one input, as `0x`-hex texts (the originals are kept for
/// error messages).
struct Input<'py> {
    texts: Vec<String>,
    items: Vec<Bound<'py, PyAny>>,
}

fn read_input<'py>(xs: &Bound<'py, PyAny>, what: &str) -> PyResult<Input<'py>> {
    if xs.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!(
            "{what}: expected a sequence of ints, got str"
        )));
    }
    let mut texts = Vec::new();
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
        texts.push(
            item.call_method1("__format__", ("#x",))?
                .extract::<String>()?,
        );
        items.push(item);
    }
    Ok(Input { texts, items })
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

fn run(instance: &Instance, op: Op, texts: &[String]) -> Result<Vec<Element>, OpError> {
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    instance
        .run(op, &refs)
        .expect("instance_with checked the operation")
}

fn to_ints<'py>(py: Python<'py>, out: &[Element]) -> PyResult<Bound<'py, PyList>> {
    let int = py.get_type::<PyInt>();
    let values = out
        .iter()
        .map(|e| int.call1((e.to_hex(), 16)))
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
    let input = read_input(xs, "")?;
    let out = run(instance, op, &input.texts).map_err(|e| value_error("", &input, e))?;
    to_ints(py, &out)
}

fn many<'py>(
    py: Python<'py>,
    op: Op,
    name: &str,
    inputs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let instance = instance_with(name, op)?;
    if inputs.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "expected a sequence of inputs, got str",
        ));
    }
    let mut all = Vec::new();
    for (k, xs) in inputs.try_iter()?.enumerate() {
        all.push(read_input(&xs?, &format!("input {}: ", k + 1))?);
    }
    let texts: Vec<&[String]> = all.iter().map(|i| i.texts.as_slice()).collect();
    let results = py.allow_threads(|| {
        let mut out = Vec::with_capacity(texts.len());
        for (k, t) in texts.iter().enumerate() {
            match run(instance, op, t) {
                Ok(v) => out.push(v),
                Err(e) => return Err((k, e)),
            }
        }
        Ok(out)
    });
    let results =
        results.map_err(|(k, e)| value_error(&format!("input {}: ", k + 1), &all[k], e))?;
    let lists = results
        .iter()
        .map(|out| to_ints(py, out))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, lists)
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
    Ok(())
}
