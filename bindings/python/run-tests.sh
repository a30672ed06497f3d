#!/usr/bin/env bash
# Builds the abi3 wheel of `algebraic_hash` and runs its tests, on a fresh
# machine with Rust (rustup, stable) and Python >= 3.8 with venv:
#
#   bindings/python/run-tests.sh
#
# Makes a venv (bindings/python/.venv, or $VENV) with pinned maturin, pytest
# and the PyPI peer the differential test compares with, builds the wheel
# into bindings/python/dist, installs it and runs pytest, which fails on any
# failure and on "no tests" (exit 5). numpy is optional: the whole suite runs
# first without it (the numpy tests skip; the int path must not import it),
# then numpy is installed and its tests run again, required. Cargo output
# goes to bindings/python/target (or $CARGO_TARGET_DIR).
set -euo pipefail
NUMPY_VERSION=2.4.6
here=$(cd "$(dirname "$0")" && pwd)
venv=${VENV:-$here/.venv}

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install -q --disable-pip-version-check \
    "maturin==1.16.0" "pytest==9.2.0" "light-poseidon-python==0.1.10"

rm -rf "$here/dist"
"$venv/bin/maturin" build --release --locked -m "$here/Cargo.toml" -o "$here/dist"
"$venv/bin/python" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps \
    "$here"/dist/algebraic_hash-*.whl

cd "$here"
"$venv/bin/python" -m pip uninstall -q -y numpy >/dev/null 2>&1 || true
ALGEBRAIC_HASH_REQUIRE_PEERS=1 "$venv/bin/python" -m pytest -q "$@"
"$venv/bin/python" -m pip install -q --disable-pip-version-check "numpy==$NUMPY_VERSION"
ALGEBRAIC_HASH_REQUIRE_NUMPY=1 "$venv/bin/python" -m pytest -q tests/test_numpy.py
