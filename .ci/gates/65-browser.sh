# The JS package in a real browser (bindings/js/browser/run.mjs): Debian's
# Chromium, driven headless by playwright-core from Node, loads the package
# from a page served on 127.0.0.1 and checks vector-file answers of every
# family, `merkleRoot` of twenty-first's Tip5 trees, error messages and the
# circomlibjs / poseidon-lite drop-ins, that the import fetches the circom
# module only, and screenshots the demo page (bindings/js/demo/) into
# bindings/js/browser/demo.png.
#
# Installs Chromium from the distribution's packages when it is missing (no
# browser download: playwright-core only drives /usr/bin/chromium). When it
# cannot be installed, the gate prints "browser test NOT RUN" with the
# reason and passes: the Node tests of gate 60 still hold.
#
# Reuses what gate 60-bindings left: the wasm modules in bindings/js/pkg/
# (built at opt-level 1, no LTO) and node_modules/; builds or installs them
# when missing.
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if ! { DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null 2>&1 ||
        { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium; }; } ||
        [ ! -x "$chromium" ]; then
        echo "browser test NOT RUN: Chromium ($chromium) could not be installed with apt-get"
        exit 0
    fi
fi
echo "+ $("$chromium" --version 2>/dev/null)"
cd bindings/js
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules ]; then
    npm install --ignore-scripts --no-audit --no-fund --no-save
fi
if [ ! -f pkg/instances.js ]; then
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 CARGO_PROFILE_RELEASE_LTO=false AH_WASM_OPT=0 ./build.sh
fi
CHROMIUM="$chromium" node browser/run.mjs
