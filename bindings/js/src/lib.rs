//! The WebAssembly half of the `algebraic-hash` npm package: the CLI's
//! instance registry (`algebraic_hash_cli::instances`) with elements as text.
//!
//! `lib/index.js` is the public API: it turns `bigint`s into decimal text,
//! calls these functions through the module's small text ABI
//! (`arch/wasm32.rs`: one input buffer, one output buffer, no generated
//! glue), and turns the `0x`-hex they return back into `bigint`s. Errors
//! become JavaScript `Error`s whose message is the library's (the CLI
//! prints the same line).

use algebraic_hash_cli::CliError;
use algebraic_hash_cli::registry::{Instance, Op};

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
    algebraic_hash_cli::find(name).map_err(|e| match e {
        CliError::UnknownInstance { name, suggestions } if !suggestions.is_empty() => format!(
            "unknown instance `{name}`; closest: {} (list() names all)",
            suggestions.join(", ")
        ),
        CliError::UnknownInstance { name, .. } => {
            format!("unknown instance `{name}` (list() names all)")
        }
        other => other.to_string(),
    })
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

/// circom Poseidon of `input.len() / 32` elements given as 32-byte
/// little-endian words (the fast path of `poseidon()` in lib/index.js),
/// the hash in the same encoding. Errors are the library's messages.
pub fn poseidon_le(input: &[u8]) -> Result<[u8; 32], Message> {
    let (words, rest) = input.as_chunks::<32>();
    if !rest.is_empty() {
        return Err(format!(
            "the input is {} bytes, not a whole number of 32-byte elements",
            input.len()
        ));
    }
    algebraic_hash_poseidon::circom::poseidon_le_bytes(words).map_err(|e| e.to_string())
}

/// Function `function` of this crate on the arguments packed in `args`
/// (separated by NUL characters), the way the wasm ABI calls it: the
/// functions' lists come back one item a line.
///
/// `function`: 0 [`list`], 1 [`describe`] (name), 2 [`operations`] (name),
/// 3 [`run`] (operation, name, input), 4 [`run_many`] (operation, name,
/// inputs).
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
        other => Err(format!("unknown function {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poseidon_words_equal_the_text_path() {
        let word = |x: u8| {
            let mut w = [0u8; 32];
            w[0] = x;
            w
        };
        let out = poseidon_le(&[word(1), word(2)].concat()).unwrap();
        let mut be = out;
        be.reverse();
        let hex: String = be.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(
            format!("0x{hex}"),
            "0x115cc0f5e7d690413df64c6b9662e9cf2a3617f2743245519e19607a4417189a"
        );
        assert!(poseidon_le(&[0u8; 33]).unwrap_err().contains("32-byte"));
        assert!(poseidon_le(&[]).is_err());
        assert!(poseidon_le(&[0xffu8; 32]).is_err());
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
        assert!(dispatch(9, "").is_err());
    }
}
