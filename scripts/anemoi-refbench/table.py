#!/usr/bin/env python3
"""Prints the Markdown table (median times, ratio ours / reference) from the
criterion results of run.sh. Usage: table.py [CRITERION_DIR]
(default: $CARGO_TARGET_DIR/criterion, else ./target/criterion)."""
import json, os, sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.environ.get("CARGO_TARGET_DIR", os.path.join(os.path.dirname(__file__), "target")),
    "criterion")

def median_ns(field, work, cells, who):
    group = f"anemoi-vs-reference_{field}"
    path = os.path.join(root, group, f"{work}_{cells}_{who}", "new", "estimates.json")
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"]

def fmt(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.3g} ms"
    return f"{ns / 1e3:.0f} µs"

works = [("permutation", "permutation"), ("jive-2to1", "Jive 2-to-1"), ("hash-10KiB", "hash 10 KiB")]
print("| field | cells | work | reference median | ours median | ratio ours / ref |")
print("|---|---|---|---|---|---|")
for field in ["bn254", "bls12-381"]:
    for cells in ["2", "4"]:
        for work, label in works:
            r = median_ns(field, work, cells, "reference")
            o = median_ns(field, work, cells, "ours")
            print(f"| {field.upper()} | {cells} | {label} | {fmt(r)} | {fmt(o)} | {o / r:.2f} |")
