# Optional adapter features (off by default): arkworks
# (`ark-crypto-primitives`), Plonky3 (`plonky3`, poseidon2-small's `p3-adapter`),
# `winterfell`, `miden`. Their
# tests against outside answers run in the README test step, which turns every
# feature on; here clippy on them, and `cargo package` of every publishable
# crate.
pkgs=(-p algebraic-hash -p algebraic-hash-rescue -p algebraic-hash-poseidon -p algebraic-hash-anemoi
    -p algebraic-hash-poseidon2-small -p algebraic-hash-tip5 -p algebraic-hash-poseidon-goldilocks)
cargo clippy "${pkgs[@]}" --all-targets --all-features -- -D warnings
# docs.rs' own build (nightly, --cfg docsrs, all features) is checked by hand,
# not here, for CI time (the stable `cargo doc -D warnings` step covers the
# docs; the docsrs build adds only the doc(cfg) badges):
#   RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo +nightly doc --no-deps --all-features \
#     -p algebraic-hash -p algebraic-hash-rescue -p algebraic-hash-poseidon -p algebraic-hash-anemoi
cargo package --workspace --exclude algebraic-hash-benches --exclude algebraic-hash-testkit \
    --no-verify --allow-dirty
