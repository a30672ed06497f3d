#!/bin/sh
# Regenerates crates/poseidon-goldilocks/src/constants.rs,
# test-vectors/plonky2/poseidon.json and merkle.json from plonky2 1.1.0,
# then checks the crate against plonky2 on random inputs (CHECK=N states,
# default 10000) and random Merkle trees.
# plonky2 needs nightly Rust (rust-toolchain here; RUSTUP_AUTO_INSTALL=0
# means: `rustup toolchain install nightly` first).
set -eu
cd "$(dirname "$0")/../.."
manifest=scripts/plonky2-vectors/Cargo.toml
bin="cargo +nightly run --quiet --release --manifest-path $manifest --"
$bin constants > crates/poseidon-goldilocks/src/constants.rs
mkdir -p test-vectors/plonky2
$bin vectors > test-vectors/plonky2/poseidon.json
$bin merkle-vectors > test-vectors/plonky2/merkle.json
cargo +nightly run --quiet --release --manifest-path $manifest --features check -- check "${CHECK:-10000}"
