#!/usr/bin/env bash
# Benches: every criterion bench of the workspace builds (the cross-hash
# suite in benches/ and the families' own benches), reusing the release
# artifacts of the test step (the bench profile inherits release, and both
# builds have every feature on, so the dependencies are not rebuilt).
# The suite never asserts speed; timing runs are done by hand
# (scripts/bench-table/run.sh), not in CI.
set -euo pipefail
cd "$(dirname "$0")/../.."

cargo bench --workspace --no-run --all-features
