#!/usr/bin/env python3
"""Runs every code block of README.md, so that what it tells a newcomer works.

    python3 scripts/readme/check.py [--python PY] [--only LANG]

Each fenced block is handled by its language tag; an untagged block or an
unknown tag fails the check:

- ``rust``: compiled and run as a doctest of ``algebraic-hash-cli``
  (``crates/cli/src/lib.rs`` includes README.md under ``cfg(doctest)``), in
  the README test step of ``.ci/run``; skipped here.
- ``python``: run by PY (default: the venv of ``bindings/python/run-tests.sh``,
  which has the package installed).
- ``js``: run by node as an ES module in a scratch folder, where the
  README's ``npm install ./bindings/js`` has installed the package (built
  by ``bindings/js/run-tests.sh`` before).
- ``sh``: each line is run by bash from the repository root, with
  ``target/release`` (where ``algebraic-hash`` is built; under
  ``$CARGO_TARGET_DIR`` where that is set) on PATH, except
  ``npm install ./…``, run in the scratch folder with the path made
  absolute; a line listed in ``RUN_ELSEWHERE`` is a command CI runs in
  another step.
- ``toml``: a ``[dependencies]`` table: each crate must be a package of this
  workspace and its ``git`` address the workspace's ``repository``.

Python and JavaScript blocks assert their results themselves (``assert``,
``console.assert`` does not throw: use ``if (...) throw``).
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]

# Commands that CI runs in a step of its own, with where.
RUN_ELSEWHERE = {
    "cargo test --workspace --release --all-features": ".ci/run, step `tests (README command)`",
    "pip install ./bindings/python": "bindings/python/run-tests.sh (the same package: maturin build, pip install)",
    "bindings/js/build.sh": "bindings/js/run-tests.sh, which starts with it",
}


def blocks(text):
    """(line number, language, body) of every fenced block."""
    found = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if m:
            start, lang = i + 1, m.group(1)
            j = i + 1
            while not lines[j].startswith("```"):
                j += 1
            found.append((start, lang, "\n".join(lines[i + 1 : j]) + "\n"))
            i = j
        i += 1
    return found


def run(cmd, **kw):
    print("+", " ".join(map(str, cmd)) if isinstance(cmd, list) else cmd, flush=True)
    subprocess.run(cmd, check=True, **kw)


def check_toml(body):
    workspace = tomllib.loads((ROOT / "Cargo.toml").read_text())
    repo = workspace["workspace"]["package"]["repository"]
    packages = set()
    for manifest in ROOT.glob("crates/*/Cargo.toml"):
        packages.add(tomllib.loads(manifest.read_text())["package"]["name"])
    deps = tomllib.loads(body)["dependencies"]
    for name, spec in deps.items():
        assert name in packages, f"{name} is not a workspace package ({sorted(packages)})"
        assert spec.get("git") == repo, f"{name}: git = {spec.get('git')!r}, the repository is {repo!r}"
    print(f"  toml: {', '.join(deps)} are workspace packages at {repo}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--python", default=str(ROOT / "bindings/python/.venv/bin/python"))
    ap.add_argument("--only", help="run only the blocks of this language")
    args = ap.parse_args()
    readme = (ROOT / "README.md").read_text()
    target = ROOT / os.environ.get("CARGO_TARGET_DIR", "target")
    env = dict(os.environ, PATH=f"{target / 'release'}:{os.environ['PATH']}")
    counts = {}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        for line, lang, body in blocks(readme):
            if args.only and lang != args.only:
                continue
            print(f"README.md:{line}: {lang or '(no language)'}", flush=True)
            if lang == "rust":
                print("  a doctest of algebraic-hash-cli")
            elif lang == "python":
                run([args.python, "-c", body], cwd=tmp)
            elif lang == "js":
                script = tmp / f"block{line}.mjs"
                script.write_text(body)
                run(["node", script], cwd=tmp)
            elif lang == "sh":
                for command in body.strip().split("\n"):
                    if command in RUN_ELSEWHERE:
                        print(f"  `{command}`: run by {RUN_ELSEWHERE[command]}")
                    elif command.startswith("npm install ./"):
                        path = ROOT / command[len("npm install ./") :]
                        run(["npm", "install", "--no-audit", "--no-fund", str(path)], cwd=tmp)
                    else:
                        run(["bash", "-euo", "pipefail", "-c", command], cwd=ROOT, env=env)
            elif lang == "toml":
                check_toml(body)
            else:
                sys.exit(f"README.md:{line}: a block of language `{lang}` that nothing runs")
            counts[lang] = counts.get(lang, 0) + 1
    print("README blocks checked:", ", ".join(f"{n} {lang}" for lang, n in sorted(counts.items())))


if __name__ == "__main__":
    main()
