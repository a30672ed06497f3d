# Optional adapter features (off by default, so the README test run never
# builds them): arkworks (`ark-crypto-primitives`) and Plonky3 (`plonky3`)
# tests against outside answers, clippy on them, and `cargo package` of every
# publishable crate.
pkgs=(-p algebraic-hash -p algebraic-hash-rescue -p algebraic-hash-poseidon -p algebraic-hash-anemoi)
# Debug builds: the adapter tests are small (trees of at most 64 leaves), and
# a debug build of the families with other features costs a fraction of a
# release one.
cargo test -p algebraic-hash-poseidon --features ark-crypto-primitives,plonky3 \
    --test ark_adapters --test plonky3_adapters
cargo test -p algebraic-hash-anemoi --features ark-crypto-primitives,plonky3 --test ark_adapters
cargo test -p algebraic-hash-rescue --features plonky3,winterfell --test plonky3_adapters
cargo clippy "${pkgs[@]}" --all-targets --all-features -- -D warnings
# docs.rs' own build (nightly, --cfg docsrs, all features) is checked by hand,
# not here, for CI time (the stable `cargo doc -D warnings` step covers the
# docs; the docsrs build adds only the doc(cfg) badges):
#   RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --no-deps --all-features \
#     -p algebraic-hash -p algebraic-hash-rescue -p algebraic-hash-poseidon -p algebraic-hash-anemoi
cargo package --workspace --exclude algebraic-hash-benches --exclude algebraic-hash-testkit \
    --no-verify --allow-dirty
