#!/usr/bin/env bash
# aarch64 under qemu-user: every crate with NEON code — Rescue's own NEON
# backend (crates/rescue) and the opt-in NEON lanes (cargo feature
# `neon-lanes`): the 31-bit fields' four lanes (crates/field31), the shared
# Goldilocks lanes (crates/rescue `lanes`, two states a register), and the
# crates that run on them: Poseidon2 over both (crates/poseidon2-small),
# Plonky2's Poseidon (crates/poseidon-goldilocks) and Tip5 (crates/tip5).
# - clippy of those libraries for aarch64, with the feature and without it
#   (clippy on x86 never sees the NEON code);
# - their whole test suites with the feature, in one build: every lane
#   operation and every backend against the scalar code at every batch
#   size 0..=33 on edge and random values, Rescue's batch hashing against
#   one hash per row, and the outside vector files (random-case counts
#   scaled down for qemu). The tests check that the NEON lanes are the
#   backend chosen, so a cfg slip cannot pass as a scalar run.
# Built with `--cfg algebraic_hash_no_oracles`: the oracle crates among the
# dev-dependencies (winter-crypto, Plonky3, RISC Zero, SP1, HorizenLabs,
# twenty-first, miden-crypto, winterfell, criterion) are left out, with the
# differential tests that use them. Those tests compare the outside answers
# with the default backend on x86-64 (the README test step); here the NEON
# backends are compared with the scalar code, which the x86-64 run
# compares with every x86 backend, and the vector files pin all of them.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")
TARGET=aarch64-unknown-linux-gnu
rustup target add "$TARGET" >/dev/null 2>&1 || true
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export CARGO_TARGET_DIR="$BASE_TARGET/aarch64"
export ALGEBRAIC_HASH_CASES_PERCENT=10
# With --target, RUSTFLAGS reach the aarch64 crates only (not build
# scripts); cargo also reads the cfg when it picks target-specific
# dependencies.
export RUSTFLAGS="--cfg algebraic_hash_no_oracles"

PACKAGES=(
    -p algebraic-hash-rescue
    -p algebraic-hash-field31
    -p algebraic-hash-poseidon2-small
    -p algebraic-hash-poseidon-goldilocks
    -p algebraic-hash-tip5
)
FEATURES=algebraic-hash-rescue/neon-lanes,algebraic-hash-field31/neon-lanes
FEATURES=$FEATURES,algebraic-hash-poseidon2-small/neon-lanes
FEATURES=$FEATURES,algebraic-hash-poseidon-goldilocks/neon-lanes,algebraic-hash-tip5/neon-lanes

echo "--- aarch64: clippy without and with neon-lanes"
cargo clippy --target "$TARGET" "${PACKAGES[@]}" --lib -- -D warnings
cargo clippy --target "$TARGET" "${PACKAGES[@]}" --features "$FEATURES" --lib -- -D warnings

echo "--- aarch64: tests under qemu"
cargo test --target "$TARGET" --release "${PACKAGES[@]}" --features "$FEATURES"
