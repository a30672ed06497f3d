# Python and JavaScript bindings (bindings/): builds the abi3 wheel with
# maturin and runs pytest, builds the wasm package with the pinned
# wasm-bindgen and runs node's test runner. Each binding is its own cargo
# workspace with its own Cargo.lock; each builds into its own target/ folder.
#
# Installs what a fresh machine lacks: python3-venv and Node/npm from
# Debian when missing; maturin, pytest and the PyPI peer into a venv; the
# npm test peers from package-lock.json; the wasm32 target; and, once,
# wasm-bindgen-cli compiled from crates.io (no prebuilt binary of it is on
# npm or PyPI; cargo install puts it in ~/.cargo/bin for later runs).
# pytest exits non-zero on a failure and on "no tests" (5); so does node --test
# on a failure; `set -e` makes either fail the gate.
#
# Measured on the 2-vCPU EPYC while other jobs kept the load average at
# 17-26 (so wall times are inflated several times; CPU times are the better
# guide for an idle CI machine):
# - cold (fresh clone, nothing built): Python wheel build 35 min wall /
#   4 min 45 s CPU; wasm build 33 min wall / 4 min 9 s CPU; compiling
#   wasm-bindgen-cli 0.2.130 (once per machine) 52 min wall / 8 min 43 s
#   CPU; npm ci 30 s.
# - warm (everything built, wasm-bindgen installed): 6 min 48 s wall,
#   1 min 49 s CPU (pytest 16 s; node --test 169 tests, mostly circomlibjs
#   computing the 16 000 random cases).
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

t0=$(date +%s)
bash bindings/python/run-tests.sh
t1=$(date +%s)
# CI builds the wasm module without LTO (same code, faster link); the
# package's own build keeps its release profile.
CARGO_PROFILE_RELEASE_LTO=false bash bindings/js/run-tests.sh
t2=$(date +%s)
echo "bindings: python $((t1 - t0))s, js $((t2 - t1))s"
