#!/usr/bin/env bash
# The opt-in NEON lanes (cargo feature `neon-lanes`) on aarch64 under
# qemu-user: the 31-bit fields' four lanes (crates/field31: BabyBear,
# KoalaBear, Mersenne31) and the shared Goldilocks lanes (crates/rescue
# `lanes`: Rescue's NEON registers, two states each), with the crates that
# run on them: Poseidon2 over both (crates/poseidon2-small), Plonky2's
# Poseidon (crates/poseidon-goldilocks) and Tip5 (crates/tip5).
# - clippy of those libraries for aarch64 with the feature (clippy on x86
#   never sees the NEON code);
# - their whole test suites with the feature: every lane operation and
#   every backend against the scalar code at every batch size 0..=33 on
#   edge and random values, the outside vectors, and the differential
#   tests against Plonky3, RISC Zero, SP1, HorizenLabs and twenty-first
#   (random-case counts scaled down for qemu);
# - the rescue crate's shared-lanes test with the feature (the rest of its
#   suite runs without it in 10-rescue, and does not touch these lanes).
# The tests check that the NEON lanes are the backend chosen, so a cfg
# slip cannot pass as a scalar run.
# It reuses 10-rescue's aarch64 target dir, so the dependencies the two
# share (the rescue crate's, Plonky3's field crates, the test kit) are
# built once.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")
TARGET=aarch64-unknown-linux-gnu
rustup target add "$TARGET" >/dev/null 2>&1 || true
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export CARGO_TARGET_DIR="$BASE_TARGET/rescue-aarch64"
export ALGEBRAIC_HASH_CASES_PERCENT=10

PACKAGES=(
    -p algebraic-hash-field31
    -p algebraic-hash-poseidon2-small
    -p algebraic-hash-poseidon-goldilocks
    -p algebraic-hash-tip5
)
FEATURES=algebraic-hash-field31/neon-lanes,algebraic-hash-poseidon2-small/neon-lanes
FEATURES=$FEATURES,algebraic-hash-poseidon-goldilocks/neon-lanes,algebraic-hash-tip5/neon-lanes

echo "--- neon-lanes: clippy for aarch64"
cargo clippy --target "$TARGET" "${PACKAGES[@]}" -p algebraic-hash-rescue \
    --features "$FEATURES,algebraic-hash-rescue/neon-lanes" --lib -- -D warnings

echo "--- neon-lanes: tests under qemu"
cargo test --target "$TARGET" --release "${PACKAGES[@]}" --features "$FEATURES"
cargo test --target "$TARGET" --release -p algebraic-hash-rescue --features neon-lanes \
    --lib arch::tests::shared_lanes
