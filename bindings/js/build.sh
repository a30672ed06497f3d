#!/usr/bin/env bash
# Builds the wasm module and its wasm-bindgen glue into bindings/js/pkg/.
#
# Needs Rust (rustup, stable); adds the wasm32-unknown-unknown target and, if
# no wasm-bindgen of the pinned version is found on PATH or in
# $CARGO_HOME/bin, compiles wasm-bindgen-cli from crates.io into
# $CARGO_HOME/bin with `cargo install` (once per machine: no prebuilt binary
# of it is on npm or PyPI). Cargo output goes to bindings/js/target (or
# $CARGO_TARGET_DIR).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}
cargo_bin=${CARGO_HOME:-$HOME/.cargo}/bin
# Must equal the `wasm-bindgen = "=..."` pin in Cargo.toml.
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
[ -n "$version" ] || { echo "no wasm-bindgen pin in Cargo.toml" >&2; exit 1; }

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

bindgen=""
for candidate in "$(command -v wasm-bindgen || true)" "$cargo_bin/wasm-bindgen"; do
    if [ -n "$candidate" ] && [ -x "$candidate" ] &&
        [ "$("$candidate" --version)" = "wasm-bindgen $version" ]; then
        bindgen=$candidate
        break
    fi
done
if [ -z "$bindgen" ]; then
    echo "+ cargo install wasm-bindgen-cli $version (once; a few minutes on 2 cores)"
    # Not --locked: the lockfile packaged with 0.2.130 pins a webpki-roots
    # release that crates.io no longer serves.
    cargo install -q wasm-bindgen-cli --version "$version" --target-dir "$CARGO_TARGET_DIR/tools-build"
    rm -rf "$CARGO_TARGET_DIR/tools-build"
    bindgen=$cargo_bin/wasm-bindgen
fi

cargo build --release --locked --manifest-path "$here/Cargo.toml" --target wasm32-unknown-unknown
rm -rf "$here/pkg"
"$bindgen" --target web --out-dir "$here/pkg" \
    "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/algebraic_hash_wasm.wasm"
ls -l "$here/pkg"
