#!/bin/sh
# Regenerates the Poseidon2 constant tables of crates/poseidon2-small and the
# vector files of test-vectors/poseidon2-small from Plonky3 0.8.0 (the 31-bit
# fields and Goldilocks).
set -eu
cd "$(dirname "$0")/../.."
bin="cargo run --quiet --release --manifest-path scripts/poseidon2-plonky3/Cargo.toml --"
$bin constants > crates/poseidon2-small/src/plonky3/constants.rs
$bin goldilocks-constants > crates/poseidon2-small/src/plonky3/goldilocks_constants.rs
mkdir -p test-vectors/poseidon2-small
for instance in babybear-16 babybear-24 koalabear-16 koalabear-24 mersenne31-16 mersenne31-24 \
    goldilocks-8 goldilocks-12 goldilocks-16; do
    $bin vectors "$instance" > "test-vectors/poseidon2-small/plonky3-$instance.json"
done
