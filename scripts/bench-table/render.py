#!/usr/bin/env python3
"""Render the cross-hash suite's criterion results as a markdown table and a
PNG bar chart of ratios against the best peer.

Needs: Python 3.9+; matplotlib for the PNG only (`pip install matplotlib`).

Reads, for each run given with --run NAME=TARGET_DIR:
  TARGET_DIR/criterion/**/new/benchmark.json   (group and function ids)
  TARGET_DIR/criterion/**/new/estimates.json   (median, ns)
  TARGET_DIR/bench-meta-NAME.json              (written by run.sh: CPU,
                                                flags, rustc, date, command)
Results older than the run's start (left over from earlier runs) are ignored.

Naming convention of the suite (benches/src/work.rs, benches/src/lib.rs):
group id `<instance>/<work>`; function id `ours`, `ours:<variant>` (this
workspace; the row's instance becomes `<instance> (<variant>)`), or a peer's
label. The best peer of a row is the fastest peer in its group.

--external FILE adds figures recorded outside the run (a peer that cannot be
a dependency): a JSON list of {"instance", "work", "peer", "median_ns",
"source"}. They are listed with their source and never used as the best
in-run peer.

Usage (from the repository root):
  scripts/bench-table/render.py --run portable=target --run native=target/native \
      --readme benches/README.md --png benches/bench-ratios.png
"""

import argparse
import json
import os
import re
import sys
from collections import OrderedDict

WORK_ORDER = ["permutation", "compress-2to1", "hash-10KiB", "merkle-2^12-seq", "merkle-2^12-par"]
FAMILY_ORDER = {"rp64_256": 0, "rpo256": 0.1, "rpx256": 0.2, "circom": 1, "poseidon2": 2, "anemoi": 3}
START = "<!-- bench-table:start -->"
END = "<!-- bench-table:end -->"


def fmt_ns(ns):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= scale:
            return f"{ns / scale:.3g} {unit}".replace(" ", "\u00a0")
    return f"{ns:.3g} ns".replace(" ", "\u00a0")


def load_run(target):
    """{group: {function: median_ns}} for results written at or after the run start."""
    root = os.path.join(target, "criterion")
    results = {}
    for dirpath, dirnames, filenames in os.walk(root):
        if os.path.basename(dirpath) != "new" or "benchmark.json" not in filenames:
            continue
        est_path = os.path.join(dirpath, "estimates.json")
        if not os.path.exists(est_path):
            continue
        with open(os.path.join(dirpath, "benchmark.json")) as f:
            bench = json.load(f)
        with open(est_path) as f:
            est = json.load(f)
        group, function = bench.get("group_id"), bench.get("function_id")
        if not group or not function or "/" not in group:
            continue
        results.setdefault(group, {})[function] = (est["median"]["point_estimate"], os.path.getmtime(est_path))
    return results


def rows_of(results, since):
    rows = []
    for group, funcs in results.items():
        funcs = {k: v[0] for k, v in funcs.items() if v[1] >= since}
        instance, work = group.rsplit("/", 1)
        peers = {k: v for k, v in funcs.items() if not k.startswith("ours")}
        for fn, ns in funcs.items():
            if not fn.startswith("ours"):
                continue
            name = instance if fn == "ours" else f"{instance} ({fn.split(':', 1)[1]})"
            best = min(peers.items(), key=lambda kv: kv[1]) if peers else None
            others = sorted((p for p in peers.items() if best and p[0] != best[0]), key=lambda kv: kv[1])
            rows.append(
                {
                    "instance": name,
                    "work": work,
                    "ours": ns,
                    "best": best,
                    "others": others,
                    "ratio": ns / best[1] if best else None,
                }
            )

    def key(r):
        w = WORK_ORDER.index(r["work"]) if r["work"] in WORK_ORDER else len(WORK_ORDER)
        family = r["instance"].split("-")[0]
        natural = [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", r["instance"])]
        return (FAMILY_ORDER.get(family, len(FAMILY_ORDER)), natural, w)

    rows.sort(key=key)
    return rows


def markdown(name, meta, rows, external):
    out = []
    out.append(f"### {name}: {meta.get('flags_text', '')}")
    out.append("")
    out.append(
        f"CPU: {meta.get('cpu', '?')} ({meta.get('cores', '?')} cores, shared). "
        f"Build: `{meta.get('rustflags_text', '')}`, {meta.get('rustc', '?')}, profile `bench` (= release, codegen-units 16). "
        f"Date: {meta.get('date', '?')}. Criterion: `{meta.get('criterion_args', '')}`."
    )
    out.append("")
    out.append("| instance | work | ours (median) | best peer | peer median | ratio | other peers |")
    out.append("|---|---|---:|---|---:|---:|---|")
    alone = [r for r in rows if r["best"] is None]
    for r in (r for r in rows if r["best"] is not None):
        best = r["best"]
        others = ", ".join(f"{p}: {fmt_ns(ns)}" for p, ns in r["others"])
        ext = [e for e in external if e["instance"] == r["instance"] and e["work"] == r["work"]]
        if ext:
            extra = "; ".join(f"{e['peer']}: {fmt_ns(e['median_ns'])} (recorded outside this run: {e['source']})" for e in ext)
            others = f"{others}; {extra}" if others else extra
        out.append(
            "| {} | {} | {} | {} | {} | {} | {} |".format(
                r["instance"],
                r["work"],
                fmt_ns(r["ours"]),
                best[0] if best else "—",
                fmt_ns(best[1]) if best else "—",
                f"**{r['ratio']:.2f}**" if r["ratio"] is not None else "—",
                others or "",
            )
        )
    out.append("")
    if alone:
        works = [w for w in WORK_ORDER if any(r["work"] == w for r in alone)]
        out.append("Without a peer in the run (medians):")
        out.append("")
        out.append("| instance | " + " | ".join(works) + " |")
        out.append("|---|" + "---:|" * len(works))
        table = OrderedDict()
        for r in alone:
            table.setdefault(r["instance"], {})[r["work"]] = r["ours"]
        for inst, cells in table.items():
            out.append(f"| {inst} | " + " | ".join(fmt_ns(cells[w]) if w in cells else "" for w in works) + " |")
        out.append("")
    return "\n".join(out)


def plot(runs, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = []
    for _, _, rows in runs:
        for r in rows:
            lab = f"{r['instance']} · {r['work']}"
            if r["ratio"] is not None and lab not in labels:
                labels.append(lab)
    n = len(labels)
    k = len(runs)
    height = 0.8 / max(k, 1)
    fig, ax = plt.subplots(figsize=(10, 0.32 * n + 1.6))
    colors = ["#4C72B0", "#DD8452", "#55A868", "#C44E52"]
    for j, (name, meta, rows) in enumerate(runs):
        by = {f"{r['instance']} · {r['work']}": r["ratio"] for r in rows if r["ratio"] is not None}
        ys = [i + (j - (k - 1) / 2) * height for i in range(n)]
        xs = [by.get(lab, 0) for lab in labels]
        bars = ax.barh(ys, xs, height=height, color=colors[j % len(colors)], label=f"{name} ({meta.get('flags_text', '')})")
        for y, x in zip(ys, xs):
            if x:
                ax.text(x * 1.02, y, f"{x:.2f}", va="center", fontsize=6)
        del bars
    ax.axvline(1.0, color="black", linewidth=0.8)
    ax.set_xlim(0, max(1.2, max((r["ratio"] or 0) for _, _, rows in runs for r in rows) * 1.12))
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("median time of ours / median time of the fastest peer (< 1: ours is faster)")
    first = runs[0][1]
    ax.set_title(f"algebraic-hash vs best peer, same run — {first.get('cpu', '?')}, {first.get('date', '?')}", fontsize=9)
    ax.legend(fontsize=7, loc="lower right")
    ax.grid(axis="x", which="both", linewidth=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="append", required=True, help="NAME=TARGET_DIR (a profile and its cargo target dir)")
    ap.add_argument("--external", help="JSON list of figures recorded outside the run")
    ap.add_argument("--readme", help="replace the text between the bench-table markers of this file")
    ap.add_argument("--png", help="write the ratio bar chart here (needs matplotlib)")
    args = ap.parse_args()

    external = []
    if args.external:
        with open(args.external) as f:
            external = json.load(f)

    runs = []
    for spec in args.run:
        name, _, target = spec.partition("=")
        meta_path = os.path.join(target, f"bench-meta-{name}.json")
        meta = {}
        if os.path.exists(meta_path):
            with open(meta_path) as f:
                meta = json.load(f)
        else:
            print(f"warning: {meta_path} missing (run scripts/bench-table/run.sh {name})", file=sys.stderr)
        rows = rows_of(load_run(target), meta.get("start_epoch", 0))
        if not rows:
            sys.exit(f"no results of the suite under {target}/criterion")
        runs.append((name, meta, rows))

    text = [START, ""]
    for name, meta, rows in runs:
        text.append(markdown(name, meta, rows, external))
    # The script that ran each suite (it sets the target dir and flags the
    # table states; the bare cargo command it records is in the meta file).
    commands = OrderedDict((f"scripts/bench-table/run.sh {name}", None) for name, m, _ in runs if m.get("command"))
    if commands:
        text.append("Reproduce (from the repository root, then render):")
        text.append("")
        text.append("```sh")
        text.extend(commands)
        text.append("scripts/bench-table/render.py " + " ".join(f"--run {s}" for s in args.run)
                    + (f" --external {args.external}" if args.external else "")
                    + (f" --readme {args.readme}" if args.readme else "")
                    + (f" --png {args.png}" if args.png else ""))
        text.append("```")
        text.append("")
    text.append(END)
    block = "\n".join(text)

    if args.readme:
        with open(args.readme) as f:
            readme = f.read()
        if START in readme and END in readme:
            head, rest = readme.split(START, 1)
            _, tail = rest.split(END, 1)
            readme = head + block + tail
        else:
            readme = readme.rstrip("\n") + "\n\n" + block + "\n"
        with open(args.readme, "w") as f:
            f.write(readme)
    else:
        print(block)

    if args.png:
        plot(runs, args.png)


if __name__ == "__main__":
    main()
