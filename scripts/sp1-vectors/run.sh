#!/bin/sh
# Regenerates crates/poseidon2-small/src/sp1/constants.rs and the files of
# test-vectors/sp1/ from sp1-primitives 6.10.0 (KoalaBear) and 5.2.4
# (BabyBear), then checks this workspace's SP1 items against them.
set -eu
cd "$(dirname "$0")/../.."
bin="cargo run --quiet --release --manifest-path scripts/sp1-vectors/Cargo.toml --"
$bin constants > crates/poseidon2-small/src/sp1/constants.rs.new
mv crates/poseidon2-small/src/sp1/constants.rs.new crates/poseidon2-small/src/sp1/constants.rs
mkdir -p test-vectors/sp1
$bin vectors v6 > test-vectors/sp1/poseidon2-koalabear-16.json
$bin vectors v5 > test-vectors/sp1/poseidon2-babybear-16.json
$bin check
