# Python and JavaScript bindings (bindings/): builds the abi3 wheel with
# maturin and runs pytest, builds the wasm module (its ABI is written out in
# bindings/js/src/arch/wasm32.rs, so no binding generator is installed) and
# runs node's test runner. Each binding is its own cargo workspace with its
# own Cargo.lock; each builds into its own target/ folder.
#
# Installs what a fresh machine lacks: python3-venv and Node/npm from
# Debian when missing; maturin, pytest and the PyPI peer into a venv; the
# npm test peers from package-lock.json; the wasm32 target.
# pytest exits non-zero on a failure and on "no tests" (5); so does node --test
# on a failure; `set -e` makes either fail the gate.
#
# Step times are in the CI log (`bindings: python Ns, js Ns`). The
# wasm-bindgen-cli compile this gate used to need on a fresh machine cost
# 8 min 43 s of CPU; it is gone.
need=()
python3 -c 'import ensurepip, venv' 2>/dev/null || need+=(python3-venv)
command -v node >/dev/null || need+=(nodejs)
command -v npm >/dev/null || need+=(npm)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}"
fi
echo "+ python $(python3 --version 2>&1), node $(node --version)"

# CI builds the wasm modules at opt-level 1 without LTO, and the Python
# package at opt-level 0 (below): the tests check answers, not speed (at
# opt-level 1 this cut the gate by about 150 s on 2 cores, 2026-11-24, AMD
# EPYC Zen1: python 200 -> 141 s, js 249 -> 154 s). The Rust code itself
# is tested at opt-level 3 by the workspace test step; the packages' own
# builds (their READMEs, the speed scripts) keep their release profiles.
# No wasm-opt either (build.sh runs it on the small modules when binaryen is
# installed): about 20 s a module here, for size only.
# The Python package at opt-level 0 with debug assertions (as a user's
# debug build, whose lane backends are off: their stack frames at
# opt-level 0 are megabytes): 4 min 31 s against 8 min 15 s at opt-level 1,
# the tests 78 s against 8 s of that (2026-11-29, Intel Xeon, 2 vCPUs,
# the first figure while a CI run shared the machine).
export AH_WASM_OPT=0
t0=$(date +%s)
CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG_ASSERTIONS=true \
    bash bindings/python/run-tests.sh
t1=$(date +%s)
CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false bash bindings/js/run-tests.sh
t2=$(date +%s)
echo "bindings: python $((t1 - t0))s, js $((t2 - t1))s"
