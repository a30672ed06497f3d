#!/usr/bin/env bash
# Builds the package (build.sh) and runs its tests under node's test runner,
# on a fresh machine with Rust (rustup, stable), Node >= 18 and npm:
#
#   bindings/js/run-tests.sh
#
# Installs the pinned test peers (circomlibjs 0.1.7, @aztec/bb.js 5.0.0,
# poseidon-lite 0.3.0, @zk-kit/lean-imt 2.2.5, and mocha 9 / chai 4 for
# circomlibjs's own test file, binaryen 132 for wasm-opt, playwright-core
# for the browser test)
# from package-lock.json with `npm install` (locked versions), then
# `node --test`, which exits non-zero on any failure. circomlibjs's test file
# is downloaded from GitHub by tests/upstream.test.mjs; without a route to
# GitHub that one test is skipped and says so. Before the build it runs the
# crate's own unit tests with cargo (natively).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules ]; then
    # `npm ci` refuses this lock file: the registry this project installs
    # from does not serve msgpackr-extract's optional binaries for other
    # platforms, so they are not in it; `npm install` installs the locked
    # versions and skips those.
    npm install --ignore-scripts --no-audit --no-fund --no-save
fi
# The crate's own unit tests, natively (the text, word and Merkle calls'
# plumbing beneath lib/index.js). That plumbing is the same for every family
# and the tests call circom Poseidon and Rescue only, so only those two
# families are built: a cold debug build of them and the tests took 44 s on
# 2 cores against 124 s with every family (2026-12-06, Intel Xeon, Emerald
# Rapids). Every family's module is tested by `node --test` below.
cargo test --locked --manifest-path "$here/Cargo.toml" --no-default-features --features circom,rescue
# After npm install: build.sh runs binaryen's wasm-opt when it is there.
"$here/build.sh"
node --test tests/
