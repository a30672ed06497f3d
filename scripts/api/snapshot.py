#!/usr/bin/env python3
"""Public-API snapshot of the library crates, from rustdoc's HTML.

Reads the pages `cargo doc --workspace --no-deps` wrote (default features,
as the workspace unifies them) and writes, per crate, every public item
with its declaration, the headers of its inherent impls and their items,
and the headers of its trait impls (auto-trait and blanket impls are left
out: they follow from the rest). The
snapshots live in api/<crate>.txt. A change to the public API changes the
snapshot, so a pull request shows what it adds and what it breaks.

  python3 scripts/api/snapshot.py --check   # CI: exit 1 and print a diff on change
  python3 scripts/api/snapshot.py --write   # accept the current API

The text is rustdoc's rendering, so it is tied to one rustdoc; the version
is the first line of every snapshot, and --check says so if it differs.
"""

import difflib
import html
import os
import re
import subprocess
import sys

CRATES = [
    "algebraic_hash",
    "algebraic_hash_montgomery",
    "algebraic_hash_rescue",
    "algebraic_hash_poseidon",
    "algebraic_hash_anemoi",
    "algebraic_hash_field31",
    "algebraic_hash_poseidon2_small",
    "algebraic_hash_poseidon_goldilocks",
    "algebraic_hash_tip5",
]
KINDS = r"(struct|enum|trait|fn|type|constant|static|macro|union|traitalias|derive|attr)"
ITEM_FILE = re.compile(KINDS + r"\.(.+)\.html$")
HEADER = re.compile(r'<h([34]) class="code-header">(.*?)</h\1>', re.S)
DECL = re.compile(r'<pre class="rust item-decl">(.*?)</pre>', re.S)
SECTION = re.compile(r'<h2 id="([a-z-]+)" class="section-header">')
SKIP_SECTIONS = {"synthetic-implementations", "blanket-implementations"}


def text(fragment):
    fragment = re.sub(r"<[^>]+>", "", fragment)
    return " ".join(html.unescape(fragment).split())


def page_lines(path):
    page = open(path, encoding="utf-8").read()
    if 'http-equiv="refresh"' in page:
        return None  # a redirect to the item's canonical page
    lines = []
    decl = DECL.search(page)
    if decl:
        lines.append("  " + text(decl.group(1)))
    # Split at section headers; keep what comes before the first one (none
    # has headers) and the sections worth keeping.
    cuts = [(m.start(), m.group(1)) for m in SECTION.finditer(page)]
    for i, (start, name) in enumerate(cuts):
        end = cuts[i + 1][0] if i + 1 < len(cuts) else len(page)
        if name in SKIP_SECTIONS:
            continue
        body = page[start:end]
        blocks = []  # one per level-3 header, with the lines under it
        for level, header in HEADER.findall(body):
            # In trait-implementation sections the items are the trait's;
            # the impl header is what this crate promises.
            if name in ("trait-implementations", "implementors") and level == "4":
                continue
            if level == "3" or not blocks:
                blocks.append([])
            indent = "  " if level == "3" else "    "
            blocks[-1].append(indent + text(header))
        # rustdoc lists a trait's implementors (and its impls on foreign
        # types) in no fixed order (it changed between two builds of the same
        # tree): sorted, the snapshot is stable.
        if name in ("implementors", "foreign-impls"):
            blocks.sort()
        for block in blocks:
            lines.extend(block)
    return lines


def snapshot(doc_dir, crate):
    root = os.path.join(doc_dir, crate)
    # all.html lists the items of this build; pages of items removed since an
    # earlier build may still lie in the directory, so only listed ones count.
    listed = re.findall(r'<a href="([^"#]+\.html)"', open(os.path.join(root, "all.html"), encoding="utf-8").read())
    entries = []
    for rel in sorted(set(listed)):
        dirpath, name = os.path.split(os.path.join(root, rel))
        m = ITEM_FILE.match(name)
        if not m:
            continue
        lines = page_lines(os.path.join(dirpath, name))
        if lines is None:
            continue
        module = os.path.relpath(dirpath, doc_dir).replace(os.sep, "::")
        entries.append((f"{module}::{m.group(2)}", m.group(1), lines))
    entries.sort()
    out = []
    for path, kind, lines in entries:
        out.append(f"{kind} {path}")
        out.extend(lines)
    return out


def rustdoc_version():
    return subprocess.run(["rustdoc", "--version"], capture_output=True, text=True, check=True).stdout.strip()


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "--check"
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(repo, "target"))
    doc_dir = os.path.join(target, "doc")
    version = rustdoc_version()
    changed = False
    for crate in CRATES:
        if not os.path.isdir(os.path.join(doc_dir, crate)):
            sys.exit(f"no rustdoc output for {crate} in {doc_dir}: run `cargo doc --workspace --no-deps` first")
        current = [f"# {version}; the features `cargo doc --workspace --no-deps` builds"] + snapshot(doc_dir, crate)
        path = os.path.join(repo, "api", crate + ".txt")
        if mode == "--write":
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write("\n".join(current) + "\n")
            print(f"wrote {os.path.relpath(path, repo)}: {sum(1 for l in current if not l.startswith(' '))-1} items")
            continue
        stored = open(path, encoding="utf-8").read().splitlines() if os.path.exists(path) else []
        if stored != current:
            changed = True
            if stored and stored[0] != current[0]:
                print(f"{crate}: the snapshot was taken with `{stored[0][2:]}`, this is `{version}`")
            sys.stdout.writelines(
                l + "\n" for l in difflib.unified_diff(stored, current, f"api/{crate}.txt", "current", n=1, lineterm="")
            )
    if mode == "--check" and changed:
        print("\nThe public API changed (diff above). If that is intended, run\n"
              "  python3 scripts/api/snapshot.py --write\nand commit api/.")
        sys.exit(1)
    if mode == "--check":
        print(f"public API unchanged ({len(CRATES)} crates)")


if __name__ == "__main__":
    main()
