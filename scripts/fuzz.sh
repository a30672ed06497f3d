#!/usr/bin/env bash
# Runs every cargo-fuzz target in fuzz/ (or the ones named) for a given time
# each, one after the other, and prints a table of executions per target.
#
# Usage: scripts/fuzz.sh [SECONDS_PER_TARGET (default 60)] [TARGET...]
#   NICE=19 scripts/fuzz.sh 600     # ten minutes per target, at low priority
#   JOBS=1 (default): libFuzzer processes per target.
#
# Needs a nightly toolchain (installed here if missing; the project itself
# builds on stable) and cargo-fuzz (`cargo install cargo-fuzz`, 10-25 min).
# Corpora persist in fuzz/corpus/<target>, crashes go to
# fuzz/artifacts/<target>, logs to fuzz/logs/<target>.log (all git-ignored).
# Exits non-zero if any target found a crash.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root/fuzz"

seconds=${1:-60}
shift || true
nice_level=${NICE:-0}
jobs=${JOBS:-1}

cargo +nightly --version >/dev/null 2>&1 || rustup toolchain install nightly --profile minimal
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked

if [ $# -gt 0 ]; then
    targets=("$@")
else
    mapfile -t targets < <(cargo +nightly fuzz list)
fi

nice -n "$nice_level" cargo +nightly fuzz build -O
mkdir -p logs

rows=()
failed=0
for t in "${targets[@]}"; do
    log=logs/$t.log
    echo "== $t: ${seconds}s" >&2
    status=ok
    if ! nice -n "$nice_level" cargo +nightly fuzz run -O -j "$jobs" "$t" -- \
        -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        status="CRASH (see $log, fuzz/artifacts/$t)"
        failed=1
    fi
    execs=$(grep -h 'stat::number_of_executed_units' "$log" | awk '{s += $2} END {print s + 0}')
    rate=$(grep -h 'stat::average_exec_per_sec' "$log" | awk '{s += $2} END {print s + 0}')
    corpus=$(find "corpus/$t" -type f 2>/dev/null | wc -l)
    rows+=("$(printf '| %s | %s | %s | %s | %s | %s |' "$t" "$seconds" "$execs" "$rate" "$corpus" "$status")")
done

echo
echo "| target | seconds | executions | exec/s | corpus files | result |"
echo "|---|---:|---:|---:|---:|---|"
printf '%s\n' "${rows[@]}"
exit "$failed"
