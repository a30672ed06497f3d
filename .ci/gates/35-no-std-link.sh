# no_std link check: a bare-metal program (.ci/no-std-bin) that calls the
# hashes links for thumbv7em-none-eabi — Rescue with no allocator at all,
# Poseidon + Anemoi with a `#[global_allocator]` (arkworks links `alloc`),
# as the crate READMEs' `no_std` sections say.
base="${CARGO_TARGET_DIR:-$PWD/target}"
export CARGO_TARGET_DIR="$base/no-std-bin"
cd .ci/no-std-bin
echo "+ rescue only, no allocator"
cargo build -q --release --target thumbv7em-none-eabi
echo "+ with poseidon and anemoi, bump allocator"
cargo build -q --release --target thumbv7em-none-eabi --features arkworks
# The poseidon crate's families one at a time (features `circom`, `poseidon2`,
# `starknet`, `orchard`, `mina`, `dusk`, `filecoin`),
# checked like 30-no-std.sh (same target dir, so its arkworks checks are
# reused); the binary above compiles and links both.
cd ../..
export CARGO_TARGET_DIR="$base/no-std"
for family in circom poseidon2 starknet orchard mina dusk filecoin aleo; do
    echo "+ check algebraic-hash-poseidon --no-default-features --features $family"
    cargo check -q -p algebraic-hash-poseidon --no-default-features --features "$family" --target thumbv7em-none-eabi
done
