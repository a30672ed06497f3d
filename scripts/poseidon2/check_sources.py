#!/usr/bin/env python3
"""Compare the Grain-LFSR Poseidon2 parameters (grain.py) with every published source.

Needs: Python 3.8+ (standard library only), and the published files saved in
one directory (--sources DIR, default ./poseidon2-sources) under these names:

  Old.hs, New.hs         logos-storage/rust-poseidon-bn254-pure @ 62d3997,
                         constants/haskell/HorizenLabs/{Old,New}.hs
                         (also in shared/data/poseidon2/)
  horizen-44bdcbc-instance.rs, horizen-44bdcbc-tests.rs
                         HorizenLabs/poseidon2 @ 44bdcbc37887390442c7e743bad655a7ab8a7b7d,
                         plain_implementations/src/poseidon2/poseidon2_instance_bn256.rs
                         and .../poseidon2.rs (old parameters, t = 3)
  horizen-head-instance.rs, horizen-head-tests.rs
                         the same two files @ 055bde3f4782731ba5f5ce5888a440a94327eaf3
                         (after bb476b9: new parameters, t = 3)
  bb-params.hpp, bb-permutation-test.cpp, bb-hash-test.cpp
                         AztecProtocol/barretenberg @ dd03c4a23ab067274b4964cacb36d1545f73fb14,
                         cpp/src/barretenberg/crypto/poseidon2/poseidon2_params.hpp,
                         poseidon2_permutation.test.cpp, poseidon2.test.cpp (new, t = 4)
  taceo-t2.rs, taceo-t3.rs, taceo-t4.rs
                         crate taceo-poseidon2 0.3.1, src/bn254/t{2,3,4}.rs (new)
  zkhash-instance.rs     crate zkhash 0.2.0, src/poseidon2/poseidon2_instance_bn256.rs (new, t = 3)
  blackbox-constants.rs, blackbox-poseidon2.rs
                         crate bn254_blackbox_solver 1.0.0, src/poseidon2_constants.rs and
                         src/poseidon2.rs (new, t = 4)
  noir-poseidon-tests.nr noir-lang/poseidon @ 0880c37 (v0.3.0), src/tests.nr

A missing file is reported and skipped. Prints one line per check and exits
non-zero if any present source disagrees.

Usage: python3 scripts/poseidon2/check_sources.py [--sources DIR]
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grain  # noqa: E402

P = grain.P


def _block(text, start, end=";"):
    """Text from the first match of regex `start` to the next `end`
    (a plain string, or a compiled regex)."""
    m = re.search(start, text, re.S)
    if not m:
        raise ValueError(f"marker {start!r} not found")
    if isinstance(end, str):
        stop = text.find(end, m.end())
    else:
        e = end.search(text, m.end())
        stop = e.start() if e else -1
    return text[m.end() : stop if stop >= 0 else len(text)]


HEX = re.compile(r"0x[0-9a-fA-F]+")
QUOTED = re.compile(r'"(0x)?([0-9a-fA-F]+)"')


def hexes(block):
    return [int(h, 16) for h in HEX.findall(block)]


def quoted_hex(block):
    return [int(m.group(2), 16) for m in QUOTED.finditer(block)]


def quoted_dec(block):
    return [int(m.group(2)) for m in QUOTED.finditer(block)]


def hs_list(text, name):
    """A Haskell top-level list `name = [ ... ]` (hex or small decimals)."""
    # up to the next top-level declaration or section rule
    body = _block(text, rf"\n{name}\s*=", re.compile(r"\n(?:[A-Za-z_]\w*\s*::|----)"))
    body = re.sub(r"partition\s+\d+", "", body)
    body = re.sub(r"--[^\n]*", "", body)
    return [int(tok, 0) for tok in re.findall(r"0x[0-9a-fA-F]+|\b\d+\b", body)]


def rows_with_zeros(inst):
    """Round constants as full rows, partial rounds as [c, 0, ..., 0]."""
    half = inst.rf // 2
    rows = [list(r) for r in inst.rc_full[:half]]
    rows += [[c] + [0] * (inst.t - 1) for c in inst.rc_partial]
    rows += [list(r) for r in inst.rc_full[half:]]
    return [x for row in rows for x in row]


def kat(inst):
    return grain.permute(inst, list(range(inst.t)))


class Report:
    def __init__(self):
        self.failures = 0

    def check(self, what, found, expected):
        ok = found == expected
        if not ok:
            self.failures += 1
        n = len(expected) if isinstance(expected, list) else 1
        print(f"{'agree' if ok else 'DIFFER'}  {what} ({n} values)")
        return ok


def main(argv):
    src = "poseidon2-sources"
    if "--sources" in argv:
        src = argv[argv.index("--sources") + 1]
    insts = grain.all_instances()
    rep = Report()

    def read(name):
        path = os.path.join(src, name)
        if not os.path.exists(path):
            print(f"missing {path}: skipped")
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()

    # Facts about the structure
    for t in grain.WIDTHS:
        o, n = insts[f"old_t{t}"], insts[f"new_t{t}"]
        print(
            f"fact    t = {t}: diagonal (minus one) old {'==' if o.diag == n.diag else '!='} new; "
            f"round constants old {'==' if o.rc_full == n.rc_full else '!='} new"
        )

    # Seed's Haskell data files (all six instances)
    for pset in ("old", "new"):
        text = read(f"{pset.capitalize()}.hs")
        if text is None:
            continue
        for t in grain.WIDTHS:
            inst = insts[f"{pset}_t{t}"]
            rep.check(f"{pset} t={t} round constants vs {pset.capitalize()}.hs",
                      hs_list(text, f"roundConst_T{t}"), rows_with_zeros(inst))
            rep.check(f"{pset} t={t} diagonal vs {pset.capitalize()}.hs",
                      hs_list(text, f"diag_T{t}"), inst.diag)
            rep.check(f"{pset} t={t} KAT vs {pset.capitalize()}.hs",
                      hs_list(text, f"kat_T{t}"), kat(inst))

    # HorizenLabs, t = 3, before (old) and after (new) bb476b9
    for tag, pset in (("44bdcbc", "old"), ("head", "new")):
        inst = insts[f"{pset}_t3"]
        text = read(f"horizen-{tag}-instance.rs")
        if text is not None:
            rep.check(f"{pset} t=3 diagonal vs HorizenLabs@{tag}",
                      hexes(_block(text, r"MAT_DIAG3_M_1[^=]*=")), inst.diag)
            rep.check(f"{pset} t=3 round constants vs HorizenLabs@{tag}",
                      hexes(_block(text, r"RC3[^=]*=")), rows_with_zeros(inst))
        text = read(f"horizen-{tag}-tests.rs")
        if text is not None:
            body = _block(text, r"mod poseidon2_tests_bn256", "\n}\n")
            found = hexes(_block(body, r"let perm = poseidon2\.permutation", "\n    }"))
            rep.check(f"{pset} t=3 KAT vs HorizenLabs@{tag} tests", found, kat(inst))

    # zkhash 0.2 (= HorizenLabs after bb476b9), new t = 3
    text = read("zkhash-instance.rs")
    if text is not None:
        inst = insts["new_t3"]
        rep.check("new t=3 diagonal vs zkhash 0.2",
                  hexes(_block(text, r"MAT_DIAG3_M_1[^=]*=")), inst.diag)
        rep.check("new t=3 round constants vs zkhash 0.2",
                  hexes(_block(text, r"RC3[^=]*=")), rows_with_zeros(inst))

    # Barretenberg, new t = 4
    text = read("bb-params.hpp")
    if text is not None:
        inst = insts["new_t4"]
        rep.check("new t=4 diagonal vs Barretenberg",
                  quoted_hex(_block(text, r"internal_matrix_diagonal\s*=", "};")), inst.diag)
        full = [[(inst.diag[i] + 1) % P if i == j else 1 for j in range(4)] for i in range(4)]
        rep.check("new t=4 internal matrix vs Barretenberg",
                  quoted_hex(_block(text, r"internal_matrix\s*=", "};\n")),
                  [x for row in full for x in row])
        rep.check("new t=4 round constants vs Barretenberg",
                  quoted_hex(_block(text, r"round_constants\s*\{", "};\n")), rows_with_zeros(inst))
        rep.check("new t=4 KAT vs Barretenberg TEST_VECTOR_OUTPUT",
                  quoted_hex(_block(text, r"TEST_VECTOR_OUTPUT\s*\{", "};")), kat(inst))
    text = read("bb-permutation-test.cpp")
    if text is not None:
        inst = insts["new_t4"]
        body = _block(text, r"TEST\(Poseidon2Permutation, ConsistencyCheck\)", "\n}")
        literal = quoted_hex(_block(body, r"\{", "std::array"))
        expected = quoted_hex(_block(body, r"expected\{", "};"))
        print(f"note    Barretenberg consistency input literal {hex(literal[0])} "
              f"{'exceeds' if literal[0] >= P else 'is below'} p; checked reduced mod p")
        rep.check("new t=4 Barretenberg ConsistencyCheck (input mod p)",
                  grain.permute(inst, [x % P for x in literal]), expected)
    text = read("bb-hash-test.cpp")
    if text is not None:
        inst = insts["new_t4"]
        body = _block(text, r"TEST\(Poseidon2, HashConsistencyCheck\)", "\n}")
        literal = quoted_hex(_block(body, r"\{", "std::vector"))
        expected = quoted_hex(_block(body, r"fr expected", ";"))
        rep.check("new t=4 Barretenberg HashConsistencyCheck (sponge, inputs mod p)",
                  [grain.sponge_hash(inst, [x % P for x in literal])], expected)

    # noir-lang/poseidon tests (Noir's Poseidon2::hash)
    text = read("noir-poseidon-tests.nr")
    if text is not None:
        inst = insts["new_t4"]
        for m in re.finditer(r"fn test_poseidon2_\d+\(\)\s*\{(.*?)\n\}", text, re.S):
            body = m.group(1)
            inputs = [int(x) for x in re.findall(r"\d+", _block(body, r"let input = \[", "]"))]
            expected = hexes(_block(body, r"let expected =", ";"))
            rep.check(f"new t=4 Noir Poseidon2::hash({inputs})",
                      [grain.sponge_hash(inst, inputs)], expected)

    # taceo-poseidon2 0.3.1, new t = 2, 3, 4
    for t in grain.WIDTHS:
        text = read(f"taceo-t{t}.rs")
        if text is None:
            continue
        inst = insts[f"new_t{t}"]
        rep.check(f"new t={t} diagonal vs taceo-poseidon2",
                  quoted_dec(_block(text, r"MAT_DIAG_M_1[^=]*=")), inst.diag)
        rep.check(f"new t={t} external constants vs taceo-poseidon2",
                  quoted_dec(_block(text, r"EXTERNAL_RC[^=]*=")),
                  [x for row in inst.rc_full for x in row])
        rep.check(f"new t={t} internal constants vs taceo-poseidon2",
                  quoted_dec(_block(text, r"INTERNAL_RC[^=]*=")), inst.rc_partial)
        rep.check(f"new t={t} KAT vs taceo-poseidon2 kat1",
                  quoted_dec(_block(text, r"fn poseidon2_bn254_t\d_kat1.*?let expected =", "];")),
                  kat(inst))

    # bn254_blackbox_solver 1.0.0, new t = 4
    text = read("blackbox-constants.rs")
    if text is not None:
        inst = insts["new_t4"]
        rep.check("new t=4 diagonal vs bn254_blackbox_solver",
                  quoted_hex(_block(text, r"static INTERNAL_MATRIX_DIAGONAL[^=]*=", "});")), inst.diag)
        rep.check("new t=4 round constants vs bn254_blackbox_solver",
                  quoted_hex(_block(text, r"static ROUND_CONSTANT[^=]*=", "});")), rows_with_zeros(inst))
    text = read("blackbox-poseidon2.rs")
    if text is not None:
        inst = insts["new_t4"]
        cases = _block(text, r"let cases[^=]*=", "];\n")
        values = quoted_hex(cases)
        for i in range(0, len(values) - 7, 8):
            rep.check(f"new t=4 bn254_blackbox_solver zkhash-generated case {i // 8}",
                      grain.permute(inst, values[i : i + 4]), values[i + 4 : i + 8])

    print(f"{rep.failures} disagreement(s)")
    return 1 if rep.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
