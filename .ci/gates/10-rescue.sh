#!/usr/bin/env bash
# Rescue-Prime (crates/rescue): the runs the workspace test step does not do.
# - the `winterfell` feature (tests + clippy),
# - x86_64 with AVX2 compiled in, and with the scalar path forced by cfg,
# Each RUSTFLAGS variant has its own target dir so the main build is not
# invalidated.
set -euo pipefail
cd "$(dirname "$0")/../.."

PKG=algebraic-hash-rescue
BASE_TARGET=${CARGO_TARGET_DIR:-target}

echo "--- rescue: winterfell feature"
cargo test -p "$PKG" --release --locked --features winterfell
cargo clippy -p "$PKG" --all-targets --locked --features winterfell -- -D warnings

echo "--- rescue: x86_64 with -C target-feature=+avx2"
CARGO_TARGET_DIR="$BASE_TARGET/rescue-avx2" RUSTFLAGS="-C target-feature=+avx2" \
    cargo test -p "$PKG" --release --locked

echo "--- rescue: scalar path forced (--cfg algebraic_hash_force_scalar)"
CARGO_TARGET_DIR="$BASE_TARGET/rescue-scalar" RUSTFLAGS="--cfg algebraic_hash_force_scalar" \
    cargo test -p "$PKG" --release --locked
