#!/usr/bin/env bash
# Benches: every criterion bench of the workspace builds (the cross-hash
# suite in benches/ and the families' own benches). Built with the release
# profile, so that the libraries are the test step's: the bench profile
# only inherits release (same settings), but under its own name cargo
# compiled the workspace's crates again (80 s on a warm clone, at
# 61b9cfa); with `--profile release` only the bench binaries compile.
# The suite never asserts speed; timing runs are done by hand
# (scripts/bench-table/run.sh), not in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo bench --workspace --no-run --all-features --profile release
