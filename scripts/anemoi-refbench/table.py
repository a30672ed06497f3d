#!/usr/bin/env python3
"""Prints Markdown tables (median times, ratio ours / reference) from the
criterion results of run.sh.

    table.py [CRITERION_DIR ...]

Default: $CARGO_TARGET_DIR/criterion, else ./target/criterion. With several
directories (copies of the criterion folder after each run), prints one
table per run and then the per-item ratios with their median."""
import json, os, statistics, sys

dirs = sys.argv[1:] or [os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.dirname(__file__), "target")),
    "criterion")]

WORKS = [("permutation", "permutation"), ("jive-2to1", "Jive 2-to-1"), ("hash-10KiB", "hash 10 KiB")]
ITEMS = [(f, c, w, l) for f in ["bn254", "bls12-381"] for c in ["2", "4"] for w, l in WORKS]


def median_ns(root, field, work, cells, who):
    path = os.path.join(root, f"anemoi-vs-reference_{field}", f"{work}_{cells}_{who}",
                        "new", "estimates.json")
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"]


def fmt(ns):
    return f"{ns / 1e6:.3g} ms" if ns >= 1e6 else f"{ns / 1e3:.0f} µs"


ratios = {item: [] for item in ITEMS}
for n, root in enumerate(dirs, 1):
    if len(dirs) > 1:
        print(f"\nRun {n}:\n")
    print("| field | cells | work | reference median | ours median | ratio ours / ref |")
    print("|---|---|---|---|---|---|")
    for item in ITEMS:
        field, cells, work, label = item
        r = median_ns(root, field, work, cells, "reference")
        o = median_ns(root, field, work, cells, "ours")
        ratios[item].append(o / r)
        print(f"| {field.upper()} | {cells} | {label} | {fmt(r)} | {fmt(o)} | {o / r:.2f} |")

if len(dirs) > 1:
    print("\nRatios ours / reference per run, and their median:\n")
    print("| field | cells | work | " + " | ".join(f"run {n}" for n in range(1, len(dirs) + 1))
          + " | median |")
    print("|---|---|---|" + "---|" * (len(dirs) + 1))
    for item in ITEMS:
        field, cells, work, label = item
        rs = ratios[item]
        print(f"| {field.upper()} | {cells} | {label} | " + " | ".join(f"{x:.2f}" for x in rs)
              + f" | {statistics.median(rs):.2f} |")
