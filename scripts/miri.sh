#!/usr/bin/env bash
# miri (nightly) over the tests of the rescue crate's SIMD backends
# (crates/rescue/src/arch): the AVX2 backend with `-C target-feature=+avx2,+bmi2`
# (without them miri reports neither and the tests skip), the NEON backend
# interpreted for aarch64-unknown-linux-gnu (no qemu involved: the runner
# variable is unset). The arch tests' random-case counts are scaled by
# ALGEBRAIC_HASH_CASES_PERCENT, forwarded into miri; the default here, 0,
# keeps one random case per test besides every edge-value state (miri is
# about 10^4 times slower than native code).
#
# Status: AVX2 clean (4 tests, 1198 s on the loaded 2-core machine);
# NEON clean (5 tests, 550 s, 2026-11-22); AVX-512 clean (4 tests, 525 s
# including the build, 2026-11-22; it needed the immediate-count shifts,
# miri lacks `vpsllq` by register), not in CI for time like NEON. Miri does not implement
# `vsliq_n_u64` (LLVM's aarch64.neon.vsli); under cfg(miri) the NEON backend
# computes that one step by a mask, a shift and an or instead, and the arch
# tests check natively (qemu) that both forms agree.
#
# Usage: scripts/miri.sh [avx2|avx512|neon]...   (default: avx2 neon)
# Honours CARGO_TARGET_DIR (miri's builds go to "$CARGO_TARGET_DIR/miri-*").
# Installs the nightly toolchain's miri and rust-src components itself.
set -euo pipefail
cd "$(dirname "$0")/.."

backends=("$@")
[ ${#backends[@]} -gt 0 ] || backends=(avx2 neon)

rustup toolchain list | grep -q '^nightly' || rustup toolchain install nightly --profile minimal
rustup +nightly component add miri rust-src

base=${CARGO_TARGET_DIR:-$PWD/target}
export ALGEBRAIC_HASH_CASES_PERCENT=${ALGEBRAIC_HASH_CASES_PERCENT:-0}
export MIRIFLAGS="${MIRIFLAGS:-} -Zmiri-env-forward=ALGEBRAIC_HASH_CASES_PERCENT"
unset CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER

log=$(mktemp)
trap 'rm -f "$log"' EXIT

run() {
    local name=$1
    shift
    local t0=$SECONDS
    echo "+ miri $name: $*"
    "$@" 2>&1 | tee "$log"
    # A backend whose tests all skipped (feature not seen) proves nothing.
    if grep -q 'tests skipped' "$log"; then
        echo "miri $name: the SIMD tests were skipped" >&2
        exit 1
    fi
    if ! grep -Eq '^test arch::tests::[a-z0-9_]+::[a-z0-9_]+ \.\.\. ok' "$log"; then
        echo "miri $name: no arch test ran" >&2
        exit 1
    fi
    echo "miri $name: $((SECONDS - t0)) s"
}

for backend in "${backends[@]}"; do
    case $backend in
    avx2)
        CARGO_TARGET_DIR=$base/miri-avx2 RUSTFLAGS="-C target-feature=+avx2,+bmi2" \
            run avx2 cargo +nightly miri test -p algebraic-hash-rescue --lib arch::tests::avx2::
        ;;
    avx512)
        CARGO_TARGET_DIR=$base/miri-avx512 RUSTFLAGS="-C target-feature=+avx2,+bmi2,+avx512f,+avx512vl" \
            run avx512 cargo +nightly miri test -p algebraic-hash-rescue --lib arch::tests::avx512::
        ;;
    neon)
        CARGO_TARGET_DIR=$base/miri-neon \
            run neon cargo +nightly miri test -p algebraic-hash-rescue --lib \
            --target aarch64-unknown-linux-gnu arch::
        ;;
    *)
        echo "unknown backend $backend (avx2, avx512 or neon)" >&2
        exit 2
        ;;
    esac
done
