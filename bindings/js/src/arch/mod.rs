//! Target-specific code: the WebAssembly ABI (`wasm32.rs`).

mod wasm32;
