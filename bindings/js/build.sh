#!/usr/bin/env bash
# Builds the wasm module into bindings/js/pkg/algebraic_hash.wasm.
#
# Needs Rust (rustup, stable) and nothing else: it adds the
# wasm32-unknown-unknown target if missing. The module's ABI is written out
# in src/arch/wasm32.rs and read by lib/index.js, so no binding generator
# runs. Cargo output goes to bindings/js/target (or $CARGO_TARGET_DIR).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

cargo build --release --locked --manifest-path "$here/Cargo.toml" --target wasm32-unknown-unknown
rm -rf "$here/pkg"
mkdir -p "$here/pkg"
cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/algebraic_hash_wasm.wasm" "$here/pkg/algebraic_hash.wasm"
ls -l "$here/pkg"
