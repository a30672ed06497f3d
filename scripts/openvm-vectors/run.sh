#!/bin/sh
# Regenerates test-vectors/openvm/poseidon2-babybear-16.json from
# openvm-stark-sdk 2.0.1, then checks this workspace's OpenVM items against
# it on random inputs.
set -eu
cd "$(dirname "$0")/../.."
bin="cargo run --quiet --release --manifest-path scripts/openvm-vectors/Cargo.toml --"
mkdir -p test-vectors/openvm
$bin vectors > test-vectors/openvm/poseidon2-babybear-16.json
$bin check
