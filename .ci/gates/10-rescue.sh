#!/usr/bin/env bash
# Rescue-Prime (crates/rescue): the run the workspace test step does not do
# (that step has every feature on, so the `winterfell` and `miden` tests,
# among them the differential test against miden-crypto 0.28.1, ran there
# on the backend the CPU detects, with AVX-512 required where /proc/cpuinfo
# lists it (.ci/run); clippy with all features is in 60-adapters):
# x86_64 with the SIMD target features this CPU has compiled in
# (AVX2+BMI2, and AVX-512F/VL where present): the compile-time selection
# path. .ci/rescue-simd runs the crate's vector tests (every entry point
#   of Rp64_256, Rpo256, Rpx256 against winter-crypto's and miden-crypto's
#   answers), its bad-input tests, and checks that the backend is the
#   compiled-in one and that the batch paths equal single states. It is a
#   package of its own so that this build skips the crate's heavy
#   dev-dependencies (the arch tests call each backend directly in every
#   build, so they are not repeated here);
# The aarch64 (NEON) tests under qemu-user and clippy for aarch64 are in
# 11-aarch64, with the other crates' NEON code.
# The RUSTFLAGS build has its own target dir so the main build is not
# invalidated. The RUSTFLAGS build names its --target, so build
# scripts and proc macros are compiled for the plain host and never carry
# target features the CPU may lack (an AVX-512 build script is SIGILL on an
# AVX2-only AMD machine). The forced-scalar cfg build
# (`--cfg algebraic_hash_force_scalar`) is not repeated here for time: every
# SIMD test compares with the scalar backend called directly.
set -euo pipefail
cd "$(dirname "$0")/../.."

BASE_TARGET=$(realpath -m "${CARGO_TARGET_DIR:-target}")

HOST=x86_64-unknown-linux-gnu
FEATURES=""
if grep -qw avx2 /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    FEATURES="+avx2,+bmi2"
    if grep -qw avx512f /proc/cpuinfo && grep -qw avx512vl /proc/cpuinfo; then
        FEATURES="$FEATURES,+avx512f,+avx512vl"
    fi
fi
if [ -n "$FEATURES" ]; then
    echo "--- rescue: x86_64 with -C target-feature=$FEATURES compiled in"
    (cd .ci/rescue-simd &&
        CARGO_TARGET_DIR="$BASE_TARGET/rescue-simd" RUSTFLAGS="-C target-feature=$FEATURES" \
            cargo test --target "$HOST" --release)
else
    echo "--- rescue: this CPU has no AVX2+BMI2; no compiled-in SIMD run"
fi
