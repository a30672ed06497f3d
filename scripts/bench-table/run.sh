#!/usr/bin/env bash
# Runs the cross-hash criterion suite (package algebraic-hash-benches) in one
# build profile and records what the rendered table states about the run:
# CPU, build flags, rustc, date, command. Then render with render.py.
#
#   scripts/bench-table/run.sh portable [criterion options]   # RUSTFLAGS empty, target dir $CARGO_TARGET_DIR or target
#   scripts/bench-table/run.sh native   [criterion options]   # RUSTFLAGS="-C target-cpu=native", target dir <that>/native
#
# Criterion options default to the modest settings used for the committed
# table: --warm-up-time 1 --measurement-time 3 --noplot.
# Needs: Rust (stable), this repository; nothing else.
set -euo pipefail
cd "$(dirname "$0")/../.."

profile=${1:?usage: run.sh portable|native [criterion options]}
shift
# Absolute: cargo runs each bench in its package's directory (benches/), and
# criterion writes its results under $CARGO_TARGET_DIR/criterion as the bench
# process sees it; a relative path would put them under benches/target.
shown=${CARGO_TARGET_DIR:-target}
base=$(realpath -m "$shown")
case "$profile" in
portable)
    target=$base
    rustflags=""
    ;;
native)
    target=$base/native
    shown=$shown/native
    rustflags="-C target-cpu=native"
    ;;
*)
    echo "unknown profile '$profile' (portable or native)" >&2
    exit 2
    ;;
esac
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--warm-up-time 1 --measurement-time 3 --noplot)

cpu=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^model name[[:space:]]*:[[:space:]]*//' || true)
[ -n "$cpu" ] || cpu=$(uname -m)
# The SIMD extensions the build may use (what rustc enables for these flags).
# shellcheck disable=SC2086
simd=$(rustc --print cfg $rustflags | sed -n 's/^target_feature="\(avx2\|avx512f\|avx512ifma\|neon\|sve\)"$/\1/p' | sort -u | tr '\n' ' ' | sed 's/ $//')
if [ -n "$rustflags" ]; then
    flags_text="RUSTFLAGS=\"$rustflags\" (SIMD: ${simd:-none})"
else
    flags_text="portable: no RUSTFLAGS (SIMD: ${simd:-baseline})"
fi
cmd="CARGO_TARGET_DIR=$shown RUSTFLAGS=\"$rustflags\" cargo bench -p algebraic-hash-benches --bench '*' -- ${args[*]}"

mkdir -p "$target"
start=$(date +%s)
python3 - "$target/bench-meta-$profile.json" <<PY
import json, sys
json.dump({
    "profile": "$profile",
    "rustflags_text": "RUSTFLAGS=\"$rustflags\"",
    "flags_text": '''$flags_text''',
    "cpu": '''$cpu''',
    "cores": $(nproc),
    "rustc": "$(rustc -V)",
    "date": "$(date -u +%Y-%m-%d)",
    "start_epoch": $start,
    "criterion_args": "${args[*]}",
    "command": '''$cmd''',
}, open(sys.argv[1], "w"), indent=1)
PY
echo "+ $cmd"
CARGO_TARGET_DIR=$target RUSTFLAGS="$rustflags" cargo bench -p algebraic-hash-benches --bench '*' -- "${args[@]}"
echo "results in $target/criterion; render with scripts/bench-table/render.py --run $profile=$target ..."
