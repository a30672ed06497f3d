#!/usr/bin/env python3
"""Anemoi vectors and constant tables, from the plain-integer model.

Usage:
    generate.py check              recompute every case of every
                                   test-vectors/anemoi/*/*.json with the model
                                   (the published ones first)
    generate.py vectors            (re)write the *.generated.json vector files
    generate.py constants          (re)write crates/anemoi/src/constants/*.rs
    generate.py all                check, then vectors, then constants

Needs Python 3.8+ only. Run from anywhere; paths are relative to the
repository root (two levels above this file).

`check` is the gate: the model must reproduce every vector anemoi-rust
publishes (test-vectors/anemoi/*/*.reference.json, copied by
extract_published.py) before `vectors` or `constants` trust it; `all` and
`vectors`/`constants` run the check first and stop on any mismatch.
"""

import glob
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)

from anemoi_model import FIELDS, VERSIONS, Anemoi, rust_reference_hash_field, write_json  # noqa: E402
import chains  # noqa: E402

COLUMNS = (1, 2, 3, 4, 6)
_INSTANCES = {}


def instance(field, l, version):
    key = (field, l, version)
    if key not in _INSTANCES:
        _INSTANCES[key] = Anemoi(field, l, version)
    return _INSTANCES[key]


def chunk_bytes(p):
    """Bytes per element in the byte hashes: 31 on the 4-limb fields, 47 on
    the 6-limb ones (as anemoi-rust)."""
    return 47 if p.bit_length() > 256 else 31


def rust_reference_hash_bytes(a, data):
    """`Sponge::hash(&[u8])` of anemoi-rust: little-endian chunks of
    `chunk_bytes(p)` bytes, 0x01 appended to a shorter last chunk, then the
    absorb and sigma rules of its `hash_field`."""
    c = chunk_bytes(a.p)
    elems = []
    for k in range(0, len(data), c):
        chunk = bytearray(data[k : k + c])
        if len(chunk) < c:
            chunk.append(1)
        elems.append(int.from_bytes(bytes(chunk), "little"))
    return rust_reference_hash_field(a, elems)


def evaluate(a, case):
    """The model's answer to one vector case."""
    fn = case["fn"]
    x = [int(v) for v in case["input"]]
    if fn == "permutation":
        return a.permutation(x)
    if fn == "sbox_layer":
        return a.sbox_layer(x)
    if fn == "linear_layer":
        return a.linear_layer_state(x)
    if fn == "jive":
        return a.jive(case["b"], x)
    if fn == "hash_elements":
        return a.sponge_hash(x, 1)
    if fn == "hash_elements_to":
        return a.sponge_hash(x, len(case["output"]))
    if fn == "reference_hash_bytes_of_elements":
        c = chunk_bytes(a.p)
        data = b""
        for v in x:
            assert v < 2 ** (8 * c)
            data += v.to_bytes(c, "little")
        out = rust_reference_hash_bytes(a, data)
        assert out == a.sponge_hash(x, 1)
        return out
    if fn == "hash_bytes":
        return a.sponge_hash(bytes_to_elements(bytes.fromhex(case["input_hex"]), chunk_bytes(a.p)), 1)
    raise ValueError(fn)


def bytes_to_elements(data, c):
    """This crate's injective byte encoding: append 0x01, pad with zeros to a
    multiple of c bytes, read each c-byte chunk as a little-endian integer."""
    data = bytes(data) + b"\x01"
    data += b"\x00" * (-len(data) % c)
    return [int.from_bytes(data[k : k + c], "little") for k in range(0, len(data), c)]


def check(kind="*"):
    """Recomputes every case of test-vectors/anemoi/*/*.<kind>.json."""
    files = sorted(glob.glob(os.path.join(ROOT, "test-vectors", "anemoi", "*", "*.%s.json" % kind)))
    assert files, "no vector files"
    total = 0
    for path in files:
        doc = json.load(open(path))
        a = instance(doc["field"], doc["cells"] // 2, doc["version"])
        for case in doc["cases"]:
            got = [str(v) for v in evaluate(a, case)]
            if got != case["output"]:
                raise SystemExit("MISMATCH %s %s: %s != %s" % (path, case, got, case["output"]))
            total += 1
        print("ok %4d cases  %s" % (len(doc["cases"]), os.path.relpath(path, ROOT)))
    print("check: all %d cases reproduced" % total)


class Stream:
    """Deterministic pseudo-random field elements: SHA-512 in counter mode
    over a label, reduced modulo p (documented in each generated file)."""

    def __init__(self, label):
        self.label = label.encode()
        self.counter = 0

    def element(self, p):
        h = hashlib.sha512(self.label + b"/" + str(self.counter).encode()).digest()
        self.counter += 1
        return int.from_bytes(h, "little") % p


def generated_cases(a):
    w = a.width
    p = a.p
    label = "anemoi/%s/%s/%d" % (a.version, a.name, w)
    rng = Stream(label)
    fixed = [
        [0] * w,
        [1] * w,
        [0] * a.l + [1] * a.l,
        [1] * a.l + [0] * a.l,
        [p - 1] * w,
        list(range(w)),
    ]
    randoms = [[rng.element(p) for _ in range(w)] for _ in range(4)]
    states = fixed + randoms
    cases = []
    for s in states:
        cases.append({"fn": "permutation", "input": s, "output": a.permutation(s)})
    for s in fixed[:2] + randoms:
        cases.append({"fn": "sbox_layer", "input": s, "output": a.sbox_layer(s)})
        cases.append({"fn": "linear_layer", "input": s, "output": a.linear_layer_state(s)})
    for b in [b for b in range(2, w + 1) if w % b == 0]:
        for s in fixed[:4] + randoms:
            cases.append({"fn": "jive", "b": b, "input": s, "output": a.jive(b, s)})
    rate = w - 1
    for n in sorted(set([0, 1, 2, rate - 1, rate, rate + 1, 2 * rate, 2 * rate + 1, 3 * rate + 2])):
        if n < 0:
            continue
        msg = [rng.element(p) for _ in range(n)]
        cases.append({"fn": "hash_elements", "input": msg, "output": a.sponge_hash(msg, 1)})
    c = chunk_bytes(p)
    for n in (0, 1, c - 1, c, c + 1, 2 * c - 1, 2 * c, 100):
        data = bytes(rng.element(256) for _ in range(n))
        cases.append(
            {
                "fn": "hash_bytes",
                "input_hex": data.hex(),
                "output": a.sponge_hash(bytes_to_elements(data, c), 1),
            }
        )
    for c in cases:
        c["input"] = [str(v) for v in c.get("input", [])]
        c["output"] = [str(v) for v in c["output"]]
    return label, cases


def write_vectors():
    for version in VERSIONS:
        for field in FIELDS:
            for l in COLUMNS:
                a = instance(field, l, version)
                label, cases = generated_cases(a)
                doc = {
                    "source": "scripts/anemoi/anemoi_model.py (plain-integer model of anemoi-hash/"
                    "anemoi-hash anemoi.sage, %s; it reproduces every vector anemoi-rust "
                    "publishes, see the *.reference.json files); random inputs are SHA-512(%r + "
                    "'/' + counter) little-endian mod p; `hash_bytes` inputs are hex bytes "
                    "(input_hex) under this crate's injective encoding (append 0x01, zero-pad to "
                    "chunks of 31 bytes, 47 on the 377/381-bit fields)"
                    % (
                        "commit 3e86ff0, CRYPTO 2023"
                        if version == "crypto2023"
                        else "commit f695f5f, 2022",
                        label,
                    ),
                    "generator": "scripts/anemoi/generate.py vectors",
                    "version": version,
                    "field": field,
                    "cells": 2 * l,
                    "rounds": a.rounds,
                    "cases": cases,
                }
                d = os.path.join(ROOT, "test-vectors", "anemoi", version)
                os.makedirs(d, exist_ok=True)
                path = os.path.join(d, "%s-%d.generated.json" % (field, 2 * l))
                with open(path, "w") as f:
                    write_json(f, doc)
                print("wrote", os.path.relpath(path, ROOT), len(cases), "cases")


# ---------------------------------------------------------------------------
# Rust constant tables
# ---------------------------------------------------------------------------

RUST_TYPES = {
    "bls12_377": ("bls12-377-fq", "ark_bls12_377::Fq", "BLS12-377 base field"),
    "bls12_381": ("bls12-381-fq", "ark_bls12_381::Fq", "BLS12-381 base field"),
    "bn254": ("bn254-fq", "ark_bn254::Fq", "BN254 base field"),
    "bn254_fr": ("bn254-fr", "ark_bn254::Fr", "BN254 scalar field"),
    "ed_on_bls12_377": ("bls12-377-fr", "ark_bls12_377::Fr", "ED_ON_BLS12-377 base field (BLS12-377 scalar field)"),
    "jubjub": ("bls12-381-fr", "ark_bls12_381::Fr", "Jubjub base field (BLS12-381 scalar field)"),
    "pallas": ("pallas-fq", "ark_pallas::Fq", "Pallas base field"),
    "vesta": ("pallas-fr", "ark_pallas::Fr", "Vesta base field (Pallas scalar field)"),
}


def limbs_of(v, n):
    return [(v >> (64 * i)) & (2 ** 64 - 1) for i in range(n)]


def mont(v, p, n):
    return limbs_of(v * 2 ** (64 * n) % p, n)


def fmt_limbs(ls):
    return "[" + ", ".join("0x%016x" % x for x in ls) + "]"


def write_constants():
    outdir = os.path.join(ROOT, "crates", "anemoi", "src", "constants")
    os.makedirs(outdir, exist_ok=True)
    for field, (feature, ty, desc) in RUST_TYPES.items():
        p = FIELDS[field]
        n = 6 if p.bit_length() > 256 else 4
        a0 = instance(field, 1, "crypto2023")
        out = []
        w = out.append
        w("//! Generated by `scripts/anemoi/generate.py constants`: do not edit.")
        w("//!")
        w("//! Anemoi constants over the %s (`%s`), as Montgomery-form limbs." % (desc, ty))
        w("")
        w("use super::{Chain, NONE, Tables, fields};")
        w("")
        w("type Felt = %s;" % ty)
        w("")
        w("/// alpha, the smallest integer >= 3 coprime with p - 1.")
        w("pub(crate) const ALPHA: u64 = %d;" % a0.alpha)
        w("/// g, the smallest primitive root: beta of the Flystel and b of the MDS matrices.")
        w("pub(crate) const GENERATOR: u64 = %d;" % a0.g)
        w("/// delta = g^-1.")
        w("pub(crate) const DELTA: Felt = Felt::new_unchecked(ark_ff::BigInt(%s));"
          % fmt_limbs(mont(a0.delta, p, n)))
        chain = chains.best_chain(a0.alpha_inv)
        w("/// x^(1/alpha) = x^%d: %s." % (a0.alpha_inv, chains.describe(chain)))
        w("#[rustfmt::skip]")
        w("pub(crate) const INV_ALPHA_CHAIN: Chain = %s;" % chains.rust_literal(chain))
        rounds_2022 = []
        for l in COLUMNS:
            new, old = instance(field, l, "crypto2023"), instance(field, l, "eprint2022")
            for a in (new, old):
                assert a.alpha == a0.alpha and a.g == a0.g
                if a.mds_kind in ("m2", "m3", "m4"):
                    assert a.mds_param == a.g, (field, l)  # b = g in every field here
                if a.mds_kind == "circulant":
                    assert a.mds_param == [1, 1, 3, 4, 5, 6]
            # One table per width: the 2022 constants are the first rounds of
            # the 2023 ones (same derivation, fewer rounds), checked here.
            assert old.rounds <= new.rounds, (field, l)
            assert old.C == new.C[:old.rounds] and old.D == new.D[:old.rounds], (field, l)
            rounds_2022.append(old.rounds)
            for tag, rows in (("C", new.C), ("D", new.D)):
                flat = [v for row in rows for v in row]
                w("")
                w("/// %d column(s): %s for the %d rounds of crypto2023 (eprint2022 takes the first %d), round-major."
                  % (l, tag, new.rounds, old.rounds))
                w("#[rustfmt::skip]")
                w("static %s_%d: [Felt; %d] = fields(&[" % (tag, l, new.rounds * l))
                for v in flat:
                    w("    %s," % fmt_limbs(mont(v, p, n)))
                w("]);")
        w("")
        w("/// The round-constant tables of every column count.")
        w("pub(crate) static TABLES: Tables<Felt> = Tables {")
        w("    c: [%s]," % ", ".join("&C_%d" % l for l in COLUMNS))
        w("    d: [%s]," % ", ".join("&D_%d" % l for l in COLUMNS))
        w("    rounds_eprint2022: [%s]," % ", ".join(str(r) for r in rounds_2022))
        w("};")
        path = os.path.join(outdir, "%s.rs" % field)
        with open(path, "w") as f:
            f.write("\n".join(out) + "\n")
        # Keep the files as `cargo fmt` leaves them.
        try:
            subprocess.run(["rustfmt", "--edition", "2024", path], check=True)
        except FileNotFoundError:
            print("warning: rustfmt not found; run cargo fmt -p algebraic-hash-anemoi")
        print("wrote", os.path.relpath(path, ROOT))


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    if what not in ("check", "vectors", "constants", "all"):
        raise SystemExit(__doc__)
    # The model must reproduce the published vectors before anything else.
    check("reference")
    if what in ("vectors", "all"):
        write_vectors()
        check("generated")
    elif what == "check":
        check("generated")
    if what in ("constants", "all"):
        write_constants()


if __name__ == "__main__":
    main()
