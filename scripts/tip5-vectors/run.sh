#!/bin/sh
# Regenerates test-vectors/tip5/tip5.json, merkle.json and mmr.json from twenty-first 3.1.1.
set -eu
cd "$(dirname "$0")/../.."
mkdir -p test-vectors/tip5
cargo run --quiet --release --manifest-path scripts/tip5-vectors/Cargo.toml > test-vectors/tip5/tip5.json
cargo run --quiet --release --manifest-path scripts/tip5-vectors/Cargo.toml -- merkle > test-vectors/tip5/merkle.json
cargo run --quiet --release --manifest-path scripts/tip5-vectors/Cargo.toml -- mmr > test-vectors/tip5/mmr.json
