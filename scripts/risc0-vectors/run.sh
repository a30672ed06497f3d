#!/bin/sh
# Regenerates crates/poseidon2-small/src/risc0/constants.rs and
# test-vectors/risc0/poseidon2-babybear-24.json from risc0-zkp 3.0.5.
set -eu
cd "$(dirname "$0")/../.."
bin="cargo run --quiet --release --manifest-path scripts/risc0-vectors/Cargo.toml --"
$bin constants > crates/poseidon2-small/src/risc0/constants.rs
mkdir -p test-vectors/risc0
$bin vectors > test-vectors/risc0/poseidon2-babybear-24.json
