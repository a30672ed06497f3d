//! The module's ABI for `lib/index.js`, written out instead of generated:
//! text in, text out, through two buffers in the module's memory.
//!
//! 1. `ah_input(len)` makes the input buffer `len` bytes long and returns
//!    its address; JavaScript writes the UTF-8 arguments there (separated
//!    by NUL characters).
//! 2. `ah_call(function)` runs [`crate::dispatch`] on them and returns 0
//!    (the output is the result) or 1 (the output is the error message).
//! 3. `ah_output_ptr()` and `ah_output_len()` locate the output text, valid
//!    until the next call.
//!
//! One binary call beside them, in the two circom modules only, for circom Poseidon (`poseidon()`,
//! `poseidonEx()` and the drop-ins): `ah_poseidon_ex(n_out)` reads the input
//! buffer as 32-byte little-endian elements (the initState, then the
//! inputs) and leaves the first `n_out` cells of the permuted state, 32
//! bytes each (status 0), or the error message (status 1) as the output.
//!
//! And one binary call for every instance: `ah_run_limbs(op, name_len,
//! inputs)` reads the input buffer as the instance's name (`name_len` bytes
//! of UTF-8, then zeros up to a multiple of 8), `inputs` little-endian
//! 64-bit lengths (in words) and the inputs' words, and leaves the answers'
//! words (status 0) or the error message (status 1) as the output
//! ([`crate::run_limbs`]; `op` 3 takes the inputs as the leaves of a Merkle
//! tree and answers its root).
//!
//! The exported names are the only unsafe part (`no_mangle` asserts that no
//! other symbol has them); the buffers are plain `Vec`s whose address is
//! handed out, as a C caller is handed a buffer to fill.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// Makes the input buffer `len` zero bytes and returns its address.
// SAFETY: `ah_input` is exported under its own name; no other symbol of the
// module (ours, std's or a dependency's) is called that.
#[unsafe(no_mangle)]
pub extern "C" fn ah_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|buf| {
        buf.clear();
        buf.resize(len, 0);
        buf.as_mut_ptr()
    })
}

/// Runs function `function` on the input buffer; 0 on success, 1 when the
/// output holds an error message.
// SAFETY: as for `ah_input`: a name no other symbol has.
#[unsafe(no_mangle)]
pub extern "C" fn ah_call(function: u32) -> u32 {
    let result = INPUT.with_borrow(|buf| match std::str::from_utf8(buf) {
        Ok(args) => crate::dispatch(function, args),
        Err(_) => Err("the arguments are not UTF-8".to_owned()),
    });
    let (status, text) = match result {
        Ok(text) => (0, text),
        Err(message) => (1, message),
    };
    OUTPUT.with_borrow_mut(|out| *out = text.into_bytes());
    status
}

/// The address of the output text.
// SAFETY: as for `ah_input`: a name no other symbol has.
#[unsafe(no_mangle)]
pub extern "C" fn ah_output_ptr() -> *const u8 {
    OUTPUT.with_borrow(|out| out.as_ptr())
}

/// The length in bytes of the output text.
// SAFETY: as for `ah_input`: a name no other symbol has.
#[unsafe(no_mangle)]
pub extern "C" fn ah_output_len() -> usize {
    OUTPUT.with_borrow(|out| out.len())
}

/// [`crate::poseidon_ex_le`] of the input buffer with `n_out` outputs; 0 and
/// the outputs' 32-byte words, or 1 and the error message.
#[cfg(any(feature = "circom", feature = "circom-wide"))]
// SAFETY: as for `ah_input`: a name no other symbol has.
#[unsafe(no_mangle)]
pub extern "C" fn ah_poseidon_ex(n_out: u32) -> u32 {
    let result = INPUT.with_borrow(|buf| crate::poseidon_ex_le(buf, n_out as usize));
    let (status, bytes) = match result {
        Ok(words) => (0, words),
        Err(message) => (1, message.into_bytes()),
    };
    OUTPUT.with_borrow_mut(|out| *out = bytes);
    status
}

/// [`crate::run_limbs`] of the input buffer (layout in the module docs); 0
/// and the answers' words as little-endian bytes, or 1 and the error message.
// SAFETY: as for `ah_input`: a name no other symbol has.
#[unsafe(no_mangle)]
pub extern "C" fn ah_run_limbs(op: u32, name_len: usize, inputs: usize) -> u32 {
    let result = INPUT.with_borrow(|buf| {
        let name = buf
            .get(..name_len)
            .and_then(|bytes| std::str::from_utf8(bytes).ok())
            .ok_or("the instance name is not UTF-8 inside the input")?;
        let words = buf.get(name_len.next_multiple_of(8)..).unwrap_or_default();
        let (words, rest) = words.as_chunks::<8>();
        if !rest.is_empty() || words.len() < inputs {
            return Err("the input is not whole 64-bit words after the name".to_owned());
        }
        let words: Vec<u64> = words.iter().map(|w| u64::from_le_bytes(*w)).collect();
        let (lengths, limbs) = words.split_at(inputs);
        crate::run_limbs(op, name, lengths, limbs)
    });
    let (status, bytes) = match result {
        Ok(words) => (0, words.iter().flat_map(|w| w.to_le_bytes()).collect()),
        Err(message) => (1, message.into_bytes()),
    };
    OUTPUT.with_borrow_mut(|out| *out = bytes);
    status
}
