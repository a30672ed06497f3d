#!/usr/bin/env bash
# Builds the wasm modules into bindings/js/pkg/: one per family, circom
# Poseidon as two (rescue.wasm, circom.wasm of t = 2..5, circom-wide.wasm
# of t = 6..17, poseidon2.wasm, poseidon2-small.wasm, goldilocks.wasm,
# hades.wasm, tip5.wasm, anemoi.wasm, each this crate built with that one
# Cargo feature), then pkg/instances.js, the table of which module holds
# which instance (manifest.mjs, read from the modules).
#
# Needs Rust (rustup, stable) and Node; it adds the wasm32-unknown-unknown
# target if missing. The modules' ABI is written out in src/arch/wasm32.rs
# and read by lib/index.js, so no binding generator runs. When npm's
# binaryen is installed (node_modules/.bin/wasm-opt, a dev dependency) the
# two circom (-O3) and the rescue (-Oz) modules go through wasm-opt; AH_WASM_OPT=0
# skips it. Cargo output goes to bindings/js/target (or $CARGO_TARGET_DIR).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}

rustup target add wasm32-unknown-unknown >/dev/null 2>&1 || rustup target add wasm32-unknown-unknown

# `algebraic-hash list` order.
families=(rescue circom circom-wide poseidon2 poseidon2-small goldilocks hades tip5 anemoi)
rm -rf "$here/pkg"
mkdir -p "$here/pkg"
for family in "${families[@]}"; do
    t0=$(date +%s)
    # One codegen unit for every module; the optimization level by family
    # (README "Sizes"), as measured on 2026-12-03 (Intel Xeon, node 20;
    # not measured on AMD):
    # - circom, circom-wide: size ("z"), but the permutation's crate at 3,
    #   since the speed of `poseidon()` is the point (the rest at "z" took
    #   the module of t = 2..5 from 272 154 to 238 303 bytes);
    # - poseidon2-small, goldilocks, tip5: 3, 2-2.1x the speed of "z" at
    #   about the same size (smaller for the first two);
    # - poseidon2, hades: 3, 3.4x and 4.6x the speed of "z" for 66 % and
    #   11 % more bytes;
    # - rescue, anemoi: "z" (3 gave rescue 12 % more speed for 41 % more
    #   bytes, anemoi 3.4 times the bytes; since the products are inline,
    #   2026-12-04, rescue at 3 is 1-17 % faster for 11 % more bytes; since
    #   the Montgomery core's limb loops are written out, 2026-12-05, anemoi
    #   at "z" is as fast as at 3: Intel Xeon model 167, node 20).
    # A caller's own CARGO_PROFILE_RELEASE_* settings (CI builds at
    # opt-level 1) win.
    level=z
    speed=()
    case "$family" in
    circom*) speed=(--config 'profile.release.package.algebraic-hash-poseidon.opt-level=3') ;;
    poseidon2-small | goldilocks | tip5 | poseidon2 | hades) level=3 ;;
    esac
    [ -n "${CARGO_PROFILE_RELEASE_OPT_LEVEL:-}" ] && speed=()
    env "CARGO_PROFILE_RELEASE_OPT_LEVEL=${CARGO_PROFILE_RELEASE_OPT_LEVEL:-$level}" \
        "CARGO_PROFILE_RELEASE_CODEGEN_UNITS=${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-1}" \
        cargo build --release --locked --manifest-path "$here/Cargo.toml" --target wasm32-unknown-unknown \
        --no-default-features --features "$family" "${speed[@]}"
    cp "$CARGO_TARGET_DIR/wasm32-unknown-unknown/release/algebraic_hash_wasm.wasm" "$here/pkg/$family.wasm"
    echo "+ $family.wasm: $(stat -c %s "$here/pkg/$family.wasm") bytes, built in $(($(date +%s) - t0)) s"
done

wasm_opt="$here/node_modules/.bin/wasm-opt"
if [ "${AH_WASM_OPT:-1}" != 0 ] && [ -x "$wasm_opt" ]; then
    # circom and rescue only: wasm-opt (binaryen compiled to JS) took about
    # 20 s on each here, but more than 7 min on poseidon2's 0.5 MB of code
    # (stopped there) and minutes on anemoi.
    # -O3 on circom, built for speed: -Oz made `poseidon()` about 9 % slower
    # (on the module of every width, 1 151 466 bytes), -O3 kept its speed
    # within the noise (1 179 635).
    for family in rescue circom circom-wide; do
        t0=$(date +%s)
        level=-Oz
        [[ "$family" = circom* ]] && level=-O3
        "$wasm_opt" "$level" --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int \
            --enable-mutable-globals --enable-multivalue --enable-reference-types \
            "$here/pkg/$family.wasm" -o "$here/pkg/$family.wasm"
        echo "+ wasm-opt $level $family.wasm: $(stat -c %s "$here/pkg/$family.wasm") bytes in $(($(date +%s) - t0)) s"
    done
fi
node "$here/manifest.mjs" "${families[@]}"
ls -l "$here/pkg"
