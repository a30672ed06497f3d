//! The wasm-bindgen surface of the `algebraic-hash` npm package: the CLI's
//! instance registry (`algebraic_hash_cli::instances`) with elements as text.
//!
//! `lib/index.js` is the public API: it turns `bigint`s into decimal text
//! for [`run`] and [`run_many`], and the `0x`-hex they return back into
//! `bigint`s. Errors are JavaScript `Error`s whose message is the library's
//! (the CLI prints the same line).

use algebraic_hash_cli::CliError;
use algebraic_hash_cli::registry::{Instance, Op};
use wasm_bindgen::prelude::*;

fn op(name: &str) -> Result<Op, JsError> {
    match name {
        "permute" => Ok(Op::Permute),
        "hash" => Ok(Op::Hash),
        "compress" => Ok(Op::Compress),
        other => Err(JsError::new(&format!("unknown operation `{other}`"))),
    }
}

fn instance(name: &str) -> Result<&'static Instance, JsError> {
    algebraic_hash_cli::find(name).map_err(|e| match e {
        CliError::UnknownInstance { name, suggestions } if !suggestions.is_empty() => {
            JsError::new(&format!(
                "unknown instance `{name}`; closest: {} (list() names all)",
                suggestions.join(", ")
            ))
        }
        CliError::UnknownInstance { name, .. } => {
            JsError::new(&format!("unknown instance `{name}` (list() names all)"))
        }
        other => JsError::new(&other.to_string()),
    })
}

fn instance_with(name: &str, op: Op) -> Result<&'static Instance, JsError> {
    let found = instance(name)?;
    if found.ops().any(|o| o == op) {
        Ok(found)
    } else {
        Err(JsError::new(
            &CliError::UnsupportedOp {
                instance: found.name.clone(),
                op: op.name(),
            }
            .to_string(),
        ))
    }
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
    for (i, e) in result.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&e.to_hex());
    }
    Ok(())
}

/// Every instance name, in the CLI's `list` order.
#[wasm_bindgen]
pub fn list() -> Vec<String> {
    algebraic_hash_cli::instances()
        .iter()
        .map(|i| i.name.clone())
        .collect()
}

/// The one-line description of instance `name`.
#[wasm_bindgen]
pub fn describe(name: &str) -> Result<String, JsError> {
    Ok(instance(name)?.description.clone())
}

/// The operations of instance `name` (`permute`, `hash`, `compress`).
#[wasm_bindgen]
pub fn operations(name: &str) -> Result<Vec<String>, JsError> {
    Ok(instance(name)?.ops().map(|o| o.name().to_owned()).collect())
}

/// Operation `op` of instance `name` on comma-separated elements (decimal or
/// `0x`-hex); the result as comma-separated `0x`-hex.
#[wasm_bindgen]
pub fn run(op_name: &str, name: &str, input: &str) -> Result<String, JsError> {
    let op = op(op_name)?;
    let instance = instance_with(name, op)?;
    let mut out = String::new();
    run_one(instance, op, input, &mut out).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(out)
}

/// [`run`] on several inputs separated by `;` (so the empty text is one
/// input of no elements); results separated by `;`.
/// A bad input's message starts with `input N: ` (1-based).
#[wasm_bindgen]
pub fn run_many(op_name: &str, name: &str, inputs: &str) -> Result<String, JsError> {
    let op = op(op_name)?;
    let instance = instance_with(name, op)?;
    let mut out = String::new();
    for (k, input) in inputs.split(';').enumerate() {
        if k > 0 {
            out.push(';');
        }
        run_one(instance, op, input, &mut out)
            .map_err(|e| JsError::new(&format!("input {}: {e}", k + 1)))?;
    }
    Ok(out)
}
