#!/usr/bin/env bash
# Rescue-Prime (crates/rescue): the runs the workspace test step does not do.
# - the `winterfell` and `miden` features (tests + clippy; the differential
#   test against miden-crypto 0.28.1 needs `miden`),
# - x86_64 with AVX2 and AVX-512F/VL compiled in, and with the scalar path
#   forced by cfg (the default build already ran with run-time detection of
#   both; the arch tests call each backend directly in every build),
# - aarch64 (NEON) under qemu-user, with random-case counts scaled down, and
#   clippy for aarch64 (clippy on x86 never sees the NEON code).
# Each RUSTFLAGS variant and target has its own target dir so the main build
# is not invalidated.
set -euo pipefail
cd "$(dirname "$0")/../.."

PKG=algebraic-hash-rescue
BASE_TARGET=${CARGO_TARGET_DIR:-target}

# The AVX-512 tests skip on a CPU without AVX-512F and AVX-512VL; where
# /proc/cpuinfo lists both (the CI machines do), a skip would mean our
# detection is wrong, so it fails instead.
if grep -qw avx512f /proc/cpuinfo 2>/dev/null && grep -qw avx512vl /proc/cpuinfo 2>/dev/null; then
    export ALGEBRAIC_HASH_REQUIRE_AVX512=1
    echo "rescue: AVX-512F/VL present, their tests must run"
else
    echo "rescue: no AVX-512F/VL on this CPU, their tests will skip"
fi

echo "--- rescue: winterfell and miden features (the miden-crypto 0.28.1 differential test)"
cargo test -p "$PKG" --release --features winterfell,miden
cargo clippy -p "$PKG" --all-targets --features winterfell,miden -- -D warnings

echo "--- rescue: x86_64 with -C target-feature=+avx2,+bmi2,+avx512f,+avx512vl"
CARGO_TARGET_DIR="$BASE_TARGET/rescue-avx2" RUSTFLAGS="-C target-feature=+avx2,+bmi2,+avx512f,+avx512vl" \
    cargo test -p "$PKG" --release

echo "--- rescue: scalar path forced (--cfg algebraic_hash_force_scalar)"
CARGO_TARGET_DIR="$BASE_TARGET/rescue-scalar" RUSTFLAGS="--cfg algebraic_hash_force_scalar" \
    cargo test -p "$PKG" --release

echo "--- rescue: aarch64 NEON under qemu"
rustup target add aarch64-unknown-linux-gnu >/dev/null 2>&1 || true
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc
export CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="qemu-aarch64 -L /usr/aarch64-linux-gnu"
CARGO_TARGET_DIR="$BASE_TARGET/rescue-aarch64" \
    cargo clippy --target aarch64-unknown-linux-gnu -p "$PKG" --all-targets -- -D warnings
CARGO_TARGET_DIR="$BASE_TARGET/rescue-aarch64" ALGEBRAIC_HASH_CASES_PERCENT=10 \
    cargo test --target aarch64-unknown-linux-gnu -p "$PKG" --release
