#!/usr/bin/env bash
# Counts the riscv32imac instructions of one Poseidon2 permutation (t = 2, 3, 4,
# both parameter sets), one circom Poseidon hash (t = 2..5), one Rp64_256
# permutation and single BN254 field operations, and prints a markdown table
# next to the seed implementation's published RV32IM cycle counts.
#
# Needs: rustup target riscv32imac-unknown-none-elf, qemu-user (qemu-riscv32
# with TCG plugin support: Debian's has it), gcc, python3. Debian's qemu-user
# ships no qemu-plugin.h: plugin/qemu_plugin_api.h declares the part used.
#
# Usage: scripts/rv32/run.sh [--raw]   (--raw also prints the guest's lines)
# Honours CARGO_TARGET_DIR (default: scripts/rv32/target).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$here"

rustup target add riscv32imac-unknown-none-elf >/dev/null 2>&1 || true
target_dir=${CARGO_TARGET_DIR:-$here/target}
export CARGO_TARGET_DIR=$target_dir
cargo build --release -q
guest=$target_dir/riscv32imac-unknown-none-elf/release/algebraic-hash-rv32

mkdir -p "$target_dir/plugin"
plugin=$target_dir/plugin/libcount.so
gcc -shared -fPIC -O2 -Wall -Wextra -Werror -o "$plugin" plugin/count.c

out=$target_dir/plugin/guest.out
log=$target_dir/plugin/plugin.log
rm -f "$log"
qemu-riscv32 -plugin "$plugin" -d plugin -D "$log" "$guest" >"$out"

[ "${1:-}" = --raw ] && cat "$out" "$log"

python3 - "$root" "$out" "$log" <<'EOF'
import json, sys
root, out_path, log_path = sys.argv[1:]

# Seed implementation's published RV32IM cycle counts (issue 8).
seed = {
    "circom-poseidon-t2": 615_000, "circom-poseidon-t3": 915_000,
    "circom-poseidon-t4": 1_220_000,
    "poseidon2-old-t2": 325_000, "poseidon2-old-t3": 375_000,
    "poseidon2-new-t2": 325_000, "poseidon2-new-t3": 375_000,
}

marks = {}
for line in open(log_path):
    parts = line.split()
    if len(parts) == 3 and parts[0] == "mark" and parts[1] != "0":
        marks[int(parts[1])] = int(parts[2])

rows = []
for line in open(out_path):
    first, repeat, label, file, func, inputs, outputs = line.split()
    first, repeat = marks[int(first)], marks[int(repeat)]
    rows.append((label, file, func, inputs, outputs, first, repeat))

empty = next(r for r in rows if r[0] == "empty")[6]
print(f"instructions per call, marker overhead ({empty}) subtracted; "
      "seed figures are RV32IM cycles\n")
print("| call | rv32imac instructions | seed RV32IM cycles | ours / seed | output |")
print("|---|---:|---:|---:|---|")
bad = 0
for label, file, func, inputs, outputs, first, repeat in rows:
    if label == "empty":
        continue
    if file == "-":
        check = "-"
    else:
        family = "rescue" if file == "rp64_256" else "poseidon"
        vectors = json.load(open(f"{root}/test-vectors/{family}/{file}.json"))["cases"]
        want = [c["output"] for c in vectors
                if c["fn"] == func and c["input"] == inputs.split(",")]
        ok = bool(want) and all(w == outputs.split(",") for w in want)
        check = f"= {family}/{file}.json" if ok else "MISMATCH"
        bad += not ok
    n = repeat - empty
    # Counts move by an instruction or two with code layout; flag real gaps
    # (one-time set-up in the first call).
    note = "" if abs(first - repeat) * 200 < repeat else f" (first call {first - empty:,})"
    s = seed.get(label)
    ratio = f"{n / s:.2f}" if s else ""
    print(f"| {label} | {n:,}{note} | {f'{s:,}' if s else ''} | {ratio} | {check} |")
sys.exit(1 if bad else 0)
EOF
