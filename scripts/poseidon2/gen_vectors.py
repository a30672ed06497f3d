#!/usr/bin/env python3
"""Write test-vectors/poseidon/poseidon2_{old,new}_t{2,3,4}.json.

Needs: Python 3.8+ (standard library only); the published files in a
directory (--sources DIR, names as in check_sources.py, plus
`seed-poseidon2-mod.rs` = logos-storage/rust-poseidon-bn254-pure @ 62d3997,
src/poseidon2/mod.rs); and the output of bbjs-vectors.mjs (--bbjs FILE).

Every expected value is taken from a published source or computed by an
independent implementation, and named in the case's "source":
- permutation KATs (permute [0, 1, ..., t-1]): HorizenLabs tests, Barretenberg
  TEST_VECTOR_OUTPUT, taceo-poseidon2 tests, the seed's Old.hs / New.hs (all
  sources that have a KAT must agree, or the script stops);
- Barretenberg's t = 4 consistency vector (its input literal exceeds p; the
  case stores the literal in "input_literal" and the input reduced mod p, as
  Barretenberg's fr(std::string) does);
- bn254_blackbox_solver's zkhash-0.2-generated permutation cases;
- the seed's compress vectors (hash1/hash2/hash3 = compress of 1, 2, 3 inputs);
- Barretenberg / Noir sponge hash vectors from their tests, and bb.js
  (Barretenberg compiled to wasm) for permutation, hash and compress;
- for instances no outside system hashes with (all but new t = 4), sponge and
  extra compress vectors from grain.py's Python reference, which agrees with
  Barretenberg wherever both exist. Each such case says so.

Usage: python3 scripts/poseidon2/gen_vectors.py --sources DIR --bbjs FILE [--out DIR]
"""

import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_sources as cs  # noqa: E402
import grain  # noqa: E402

P = grain.P
PY_REF = "scripts/poseidon2/grain.py reference (independent Python implementation)"


def dec(xs):
    return [str(x) for x in xs]


def xorshift_stream(seed):
    s = seed
    mask = (1 << 64) - 1
    while True:
        s ^= (s << 13) & mask
        s ^= s >> 7
        s ^= (s << 17) & mask
        yield s


def random_elements(stream, n):
    out = []
    for _ in range(n):
        x = 0
        for _ in range(4):
            x = (x << 64) | next(stream)
        out.append(x % P)
    return out


def main(argv):
    def arg(name, default=None):
        return argv[argv.index(name) + 1] if name in argv else default

    src = arg("--sources", "poseidon2-sources")
    bbjs_path = arg("--bbjs")
    out_dir = arg("--out", os.path.join(HERE, "..", "..", "test-vectors", "poseidon"))

    def read(name):
        with open(os.path.join(src, name), encoding="utf-8") as f:
            return f.read()

    insts = grain.all_instances()
    kats = {key: {} for key in insts}  # instance -> {source: values}

    for pset in ("old", "new"):
        text = read(f"{pset.capitalize()}.hs")
        for t in grain.WIDTHS:
            kats[f"{pset}_t{t}"][
                f"logos-storage/rust-poseidon-bn254-pure@62d3997 constants/haskell/HorizenLabs/"
                f"{pset.capitalize()}.hs kat_T{t}"
            ] = cs.hs_list(text, f"kat_T{t}")
    for tag, commit, pset in (("44bdcbc", "44bdcbc", "old"), ("head", "055bde3", "new")):
        body = cs._block(read(f"horizen-{tag}-tests.rs"), r"mod poseidon2_tests_bn256", "\n}\n")
        kats[f"{pset}_t3"][
            f"HorizenLabs/poseidon2@{commit} plain_implementations/src/poseidon2/poseidon2.rs "
            "(bn256 KAT test)"
        ] = cs.hexes(cs._block(body, r"let perm = poseidon2\.permutation", "\n    }"))
    kats["new_t4"][
        "AztecProtocol/barretenberg@dd03c4a cpp/src/barretenberg/crypto/poseidon2/"
        "poseidon2_params.hpp TEST_VECTOR_OUTPUT"
    ] = cs.quoted_hex(cs._block(read("bb-params.hpp"), r"TEST_VECTOR_OUTPUT\s*\{", "};"))
    for t in grain.WIDTHS:
        kats[f"new_t{t}"][f"taceo-poseidon2 0.3.1 src/bn254/t{t}.rs kat1"] = cs.quoted_dec(
            cs._block(read(f"taceo-t{t}.rs"), r"fn poseidon2_bn254_t\d_kat1.*?let expected =", "];")
        )

    # the seed's compress vectors
    seed = read("seed-poseidon2-mod.rs")
    seed_compress = {}
    for m in re.finditer(r"fn (old|new)_hash(\d)\(\)\s*\{(.*?)\n    \}", seed, re.S):
        pset, k, body = m.group(1), int(m.group(2)), m.group(3)
        inputs = [int(x) for x in re.findall(r"Felt::from_u32\(\s*(\d+)\s*\)", body)]
        expected = cs.quoted_hex(body)
        assert len(inputs) == k and len(expected) == 1, (pset, k)
        seed_compress[f"{pset}_t{k + 1}"] = (inputs, expected[0], f"{pset}_hash{k}")

    bbjs = None
    if bbjs_path:
        with open(bbjs_path, encoding="utf-8") as f:
            bbjs = json.load(f)

    os.makedirs(out_dir, exist_ok=True)
    for key, inst in insts.items():
        pset, t = key[:3], inst.t
        cases = []
        all_sources = []

        # KAT: every source must agree, with each other and with grain.py
        reference = grain.permute(inst, list(range(t)))
        for source, values in kats[key].items():
            assert values == reference, (key, source)
        names = sorted(kats[key])
        all_sources += names
        cases.append({"fn": "permutation", "input": dec(range(t)), "output": dec(reference),
                      "source": "; ".join(names)})

        if key == "new_t4":
            body = cs._block(read("bb-permutation-test.cpp"),
                             r"TEST\(Poseidon2Permutation, ConsistencyCheck\)", "\n}")
            literal = cs.quoted_hex(cs._block(body, r"\{", "std::array"))
            expected = cs.quoted_hex(cs._block(body, r"expected\{", "};"))
            reduced = [x % P for x in literal]
            assert grain.permute(inst, reduced) == expected
            src_name = ("AztecProtocol/barretenberg@dd03c4a cpp/src/barretenberg/crypto/poseidon2/"
                        "poseidon2_permutation.test.cpp ConsistencyCheck (also taceo-poseidon2 0.3.1 t4 kat2)")
            all_sources.append(src_name)
            cases.append({"fn": "permutation", "input": dec(reduced), "output": dec(expected),
                          "input_literal": [hex(x) for x in literal],
                          "note": "the literal exceeds p; Barretenberg's fr(std::string) reduces it "
                                  "mod p, this crate refuses it (Error::NotCanonical)",
                          "source": src_name})
            values = cs.quoted_hex(cs._block(read("blackbox-poseidon2.rs"), r"let cases[^=]*=", "];\n"))
            src_name = ("bn254_blackbox_solver 1.0.0 src/poseidon2.rs "
                        "matches_external_reference_implementation (values from zkhash 0.2)")
            all_sources.append(src_name)
            for i in range(0, len(values) - 7, 8):
                inp, out = values[i : i + 4], values[i + 4 : i + 8]
                assert grain.permute(inst, inp) == out
                cases.append({"fn": "permutation", "input": dec(inp), "output": dec(out),
                              "source": src_name})
            if bbjs:
                src_name = f"@aztec/bb.js {bbjs['bbjs_version']} poseidon2Permutation (scripts/poseidon2/bbjs-vectors.mjs)"
                all_sources.append(src_name)
                for c in bbjs["permutation"]:
                    cases.append({"fn": "permutation", "input": c["input"], "output": c["output"],
                                  "source": src_name})

        # compress
        inputs, expected, fn = seed_compress[key]
        assert grain.compress(inst, inputs) == expected, key
        src_name = f"logos-storage/rust-poseidon-bn254-pure@62d3997 src/poseidon2/mod.rs {fn}"
        all_sources.append(src_name)
        cases.append({"fn": "compress", "input": dec(inputs), "output": dec([expected]),
                      "source": src_name})
        stream = xorshift_stream(0x9E3779B97F4A7C15 + 7919 * t + (1 if pset == "old" else 0))
        if key == "new_t4" and bbjs:
            for c in bbjs["compress"]:
                cases.append({"fn": "compress", "input": c["input"], "output": c["output"],
                              "source": f"@aztec/bb.js {bbjs['bbjs_version']} poseidon2Permutation "
                                        "of [a, b, c, 0], element 0"})
        else:
            for inp in ([P - 1] * (t - 1), random_elements(stream, t - 1), random_elements(stream, t - 1)):
                cases.append({"fn": "compress", "input": dec(inp),
                              "output": dec([grain.compress(inst, inp)]), "source": PY_REF})

        # sponge hash
        if key == "new_t4":
            text = read("noir-poseidon-tests.nr")
            for m in re.finditer(r"fn (test_poseidon2_\d+)\(\)\s*\{(.*?)\n\}", text, re.S):
                body = m.group(2)
                inp = [int(x) for x in re.findall(r"\d+", cs._block(body, r"let input = \[", "]"))]
                exp = cs.hexes(cs._block(body, r"let expected =", ";"))
                assert [grain.sponge_hash(inst, inp)] == exp
                src_name = f"noir-lang/poseidon@0880c37 (v0.3.0) src/tests.nr {m.group(1)}"
                all_sources.append(src_name)
                cases.append({"fn": "hash_elements", "input": dec(inp), "output": dec(exp),
                              "source": src_name})
            body = cs._block(read("bb-hash-test.cpp"), r"TEST\(Poseidon2, HashConsistencyCheck\)", "\n}")
            literal = cs.quoted_hex(cs._block(body, r"\{", "std::vector"))
            exp = cs.quoted_hex(cs._block(body, r"fr expected", ";"))
            reduced = [x % P for x in literal]
            assert [grain.sponge_hash(inst, reduced)] == exp
            src_name = ("AztecProtocol/barretenberg@dd03c4a cpp/src/barretenberg/crypto/poseidon2/"
                        "poseidon2.test.cpp HashConsistencyCheck")
            all_sources.append(src_name)
            cases.append({"fn": "hash_elements", "input": dec(reduced), "output": dec(exp),
                          "input_literal": [hex(x) for x in literal],
                          "note": "the literals exceed p; Barretenberg reduces them mod p",
                          "source": src_name})
            if bbjs:
                src_name = f"@aztec/bb.js {bbjs['bbjs_version']} poseidon2Hash (scripts/poseidon2/bbjs-vectors.mjs)"
                all_sources.append(src_name)
                for c in bbjs["hash"]:
                    cases.append({"fn": "hash_elements", "input": c["input"], "output": c["output"],
                                  "source": src_name})
        else:
            all_sources.append(PY_REF)
            for n in range(0, 3 * t + 2):
                inp = random_elements(stream, n)
                cases.append({"fn": "hash_elements", "input": dec(inp),
                              "output": dec([grain.sponge_hash(inst, inp)]), "source": PY_REF})
            inp = [P - 1] * t
            cases.append({"fn": "hash_elements", "input": dec(inp),
                          "output": dec([grain.sponge_hash(inst, inp)]), "source": PY_REF})

        seen = []
        for s in all_sources:
            if s not in seen:
                seen.append(s)
        doc = {
            "source": " | ".join(seen),
            "generator": "scripts/poseidon2/gen_vectors.py (reads the sources named in its header "
                         "and the output of scripts/poseidon2/bbjs-vectors.mjs)",
            "instance": f"poseidon2-bn254-{pset}-t{t}",
            "sponge": f"rate {t - 1} (cells 0..{t - 2}), capacity cell {t - 1} = input length * 2^64, "
                      "output cell 0 (Barretenberg / Noir Poseidon2::hash rule)",
            "compress": f"permute([x_0, ..., x_{t - 2}, 0])[0]",
            "cases": cases,
        }
        path = os.path.join(out_dir, f"poseidon2_{pset}_t{t}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print(f"wrote {os.path.normpath(path)}: {len(cases)} cases")


if __name__ == "__main__":
    main(sys.argv[1:])
