#!/usr/bin/env bash
# Benchmarks algebraic-hash-anemoi against the Rust reference anemoi-rust
# (commit 647c921) in one process. See README.md.
#
# The reference is not on crates.io; it is put in ./reference (git-ignored,
# never committed) on first use:
#   - from ANEMOI_RUST_GIT_DIR, a local (bare) git repository of anemoi-rust,
#     with `git archive`, if that variable is set;
#   - else by cloning it.
# Extra arguments go to criterion (e.g. a filter such as `bn254`).
set -euo pipefail
cd "$(dirname "$0")"

REV=647c921
if [ ! -f reference/Cargo.toml ]; then
    rm -rf reference
    if [ -n "${ANEMOI_RUST_GIT_DIR:-}" ]; then
        mkdir reference
        git --git-dir="$ANEMOI_RUST_GIT_DIR" archive "$REV" | tar -x -C reference
    else
        git clone https://github.com/anemoi-hash/anemoi-rust reference
        git -C reference checkout "$REV"
    fi
fi

# Default build: no RUSTFLAGS, our crate's runtime-detected ADX path.
cargo bench --bench refbench -- --warm-up-time 1 --measurement-time 3 --noplot "$@"
