"""Writes crates/poseidon/src/hades/dusk/constants.rs.

Usage: python3 scripts/poseidon-hades/dusk.py > crates/poseidon/src/hades/dusk/constants.rs
       python3 scripts/poseidon-hades/dusk.py permutation > test-vectors/dusk/permutation.json

The second form writes permutation vectors from this script's plain-integer
model of dusk-poseidon's reference ("legacy") permutation, which
dusk-poseidon keeps private. Before writing them it checks the model, with
dusk-safe's sponge and tag, against every case of
test-vectors/dusk/dusk_poseidon.json (answers of dusk-poseidon 0.44.0).

Dusk's Poseidon (dusk-poseidon 0.44.0, crates.io, dusk-network/poseidon252;
the same tables since 0.38.0): the BLS12-381 scalar field, width 5, x^5,
R_F = 8, R_P = 60, the partial rounds' S-box on the last cell (4) in the
crate's reference ("legacy") order. Its tables are the files
`assets/arc.bin` (340 round constants) and `assets/mds.bin` (5 x 5), which
its `assets/HOWTO.md` generates as follows, re-derived here:
- constant i: b_0 = "poseidon-for-plonk", b_{i+1} = sha512(b_i),
  c_i = (b_{i+1} as a 512-bit little-endian integer mod p) + c_{i-1}
  (c_{-1} = 1);
- MDS: M[i][j] = 1 / (i + (j + 5)) (Cauchy, x_i = i, y_j = j + 5).
The HOWTO writes each element's Montgomery form (x * 2^256 mod p) to the
file, and the crate reads the file back with `BlsScalar::from_raw`, which
takes its input as the plain value: so the constants and the matrix entries
Dusk actually uses are c_i * 2^256 mod p and 2^256 / (i + j + 5) mod p. This
script rebuilds both files byte for byte (checked against their sha256) and
takes the values as the crate reads them.

The partial rounds are written in sparse form on cell 4
(`hades.sparse_factors_at`), and the script checks that the tables give the
textbook permutation. It also writes the SAFE sponge's tags of the two
Merkle domains (blake2b-512 of the IO pattern and the domain separator,
reduced mod p, as dusk-safe 0.4 and dusk-bls12_381's `hash_to_scalar(None,
_)` compute them). The tests compare every output with dusk-poseidon.
"""
from hashlib import blake2b, sha256, sha512
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from hades import compress, mat_vec, rust_limbs, rust_table, sparse_factors_at  # noqa: E402

P = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
R = 2**256 % P
T, RF, RP, SBOX_CELL = 5, 8, 60, 4
ARC_SHA256 = "aa6d4c8414cf913b5a51eaabeea2af990293eb8575c2bfe18379bd478d3c0348"
MDS_SHA256 = "131915cbeae1bde75422cce7fcf7feb9223a4dec370a937a2133c1f998ded0e7"


def howto_constants():
    out, prev, b = [], 1, b"poseidon-for-plonk"
    for _ in range(T * (RF + RP)):
        b = sha512(b).digest()
        prev = (int.from_bytes(b, "little") + prev) % P
        out.append(prev)
    return out


def file_bytes(values):
    """The asset file: each value's Montgomery form, 32 bytes little-endian."""
    return b"".join((v * R % P).to_bytes(32, "little") for v in values)


arc_values = howto_constants()
mds_values = [pow(i + j + 5, P - 2, P) for i in range(T) for j in range(T)]
arc, mds_file = file_bytes(arc_values), file_bytes(mds_values)
assert sha256(arc).hexdigest() == ARC_SHA256, "arc.bin"
assert sha256(mds_file).hexdigest() == MDS_SHA256, "mds.bin"
# As `BlsScalar::from_raw` reads the files: the stored words are the value.
flat = [int.from_bytes(arc[32 * k:32 * k + 32], "little") for k in range(len(arc) // 32)]
MDS = [[int.from_bytes(mds_file[32 * (T * i + j):32 * (T * i + j) + 32], "little") for j in range(T)] for i in range(T)]
rounds = [flat[T * r:T * r + T] for r in range(RF + RP)]


def textbook(state):
    half = RF // 2
    for r, c in enumerate(rounds):
        state = [(x + k) % P for x, k in zip(state, c)]
        full = r < half or r >= half + RP
        state = [pow(x, 5, P) if full or i == SBOX_CELL else x for i, x in enumerate(state)]
        state = mat_vec(MDS, state, P)
    return state


def optimized(state, full, partial, pre_sparse, rows, cols):
    """The order of the Hades round code with these tables."""
    half = RF // 2

    def full_round(state, c, m):
        state = [pow((x + k) % P, 5, P) for x, k in zip(state, c)]
        return mat_vec(m, state, P)

    for r in range(half):
        state = full_round(state, full[r], pre_sparse if r == half - 1 else MDS)
    for c, row, col in zip(partial, rows, cols):
        state[SBOX_CELL] = pow((state[SBOX_CELL] + c) % P, 5, P)
        xs = state[SBOX_CELL]
        new = sum(a * b for a, b in zip(row, state)) % P
        state = [(x + k * xs) % P for x, k in zip(state, col)]
        state[SBOX_CELL] = new
    for r in range(half, RF):
        state = full_round(state, full[r], MDS)
    return state


def tag(absorbed, squeezed, domain):
    """dusk-safe's tag of the IO pattern [Absorb(absorbed), Squeeze(squeezed)]."""
    data = (0x8000_0000 | absorbed).to_bytes(4, "big") + squeezed.to_bytes(4, "big") + domain.to_bytes(8, "big")
    return int.from_bytes(blake2b(data, digest_size=64).digest(), "little") % P




def sponge_hash(inputs, outputs, domain):
    """dusk-safe's sponge (capacity cell 0, rate 4) with the model's permutation."""
    state = [tag(len(inputs), outputs, domain), 0, 0, 0, 0]
    pos = 0
    for x in inputs:
        if pos == T - 1:
            state, pos = textbook(state), 0
        state[1 + pos] = (state[1 + pos] + x) % P
        pos += 1
    out, pos = [], T - 1
    for _ in range(outputs):
        if pos == T - 1:
            state, pos = textbook(state), 0
        out.append(state[1 + pos])
        pos += 1
    return out


def permutation_vectors():
    import json
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "test-vectors", "dusk", "dusk_poseidon.json")
    with open(path) as f:
        cases = json.load(f)["cases"]
    domains = {"hash_other": 0, "hash_other_outputs": 0, "hash_encryption": 1 << 32, "hash_merkle2": 3, "hash_merkle4": 15}
    checked = 0
    for case in cases:
        if case["fn"] not in domains:
            continue
        inputs = [int(x) for x in case["input"]]
        want = [int(x) for x in case["output"]]
        assert sponge_hash(inputs, len(want), domains[case["fn"]]) == want, case
        checked += 1
    assert checked >= 100, checked
    edge = [0, 1, 2, P - 1, P - 2]
    states = [[e] * T for e in edge] + [list(range(T))]
    seed = 0x0D05C0DE
    for _ in range(10):
        row = []
        for _ in range(T):
            seed = (seed * 6364136223846793005 + 1442695040888963407) % 2**64
            row.append(int.from_bytes(sha512(seed.to_bytes(8, "little")).digest(), "little") % P)
        states.append(row)
    out = [
        "{",
        '  "source": "plain-integer model of dusk-poseidon 0.44.0\'s reference permutation (its assets/arc.bin and mds.bin as the crate reads them, S-box of the partial rounds on cell 4), checked by the generator against every hash case of test-vectors/dusk/dusk_poseidon.json (answers of dusk-poseidon 0.44.0) with dusk-safe\'s sponge and BLAKE2b tag; dusk-poseidon keeps its permutation private",',
        '  "generator": "python3 scripts/poseidon-hades/dusk.py permutation > test-vectors/dusk/permutation.json",',
        '  "cases": [',
    ]
    rows = []
    for st in states:
        res = textbook(list(st))
        rows.append('    { "fn": "permute", "input": [%s], "output": [%s] }' % (
            ", ".join(f'"{x}"' for x in st), ", ".join(f'"{x}"' for x in res)))
    out.append(",\n".join(rows))
    out += ["  ]", "}"]
    print("\n".join(out))


if sys.argv[1:] == ["permutation"]:
    permutation_vectors()
    sys.exit(0)

full, partial = compress(rounds, MDS, RF, RP, SBOX_CELL, P)
pre_sparse, rows, cols = sparse_factors_at(MDS, RP, P, SBOX_CELL)
for seed in range(3):
    state = [(seed * 7919 + i * 104729) ** 9 % P for i in range(T)]
    assert textbook(state) == optimized(state, full, partial, pre_sparse, rows, cols), (
        "sparse form differs from the textbook permutation"
    )

print('''//! Dusk's Poseidon constants over the BLS12-381 scalar field, in the form
//! the Hades round code adds them (five per full round, one per partial
//! round, on cell 4), its MDS matrix in dense and sparse form, and the
//! sponge tags of the Merkle domains.
//!
//! Generated by `scripts/poseidon-hades/dusk.py` (dusk-poseidon's
//! `assets/HOWTO.md` generator, as the crate reads its asset files); do not
//! edit by hand. Elements are in Montgomery form (x * 2^256 mod p),
//! little-endian limbs.
''')
print(rust_table("FULL", "Full-round constants, added before the S-boxes (8 rows).", full, P))
print(rust_table("PARTIAL", "Partial-round constants, added to cell 4 before its S-box (60).", partial, P))
print(rust_table("MDS", "The MDS matrix, row-major.", MDS, P))
print(rust_table("PRE_SPARSE", "The matrix of the last full round before the partial rounds.", pre_sparse, P))
print(rust_table("SPARSE_ROWS", "The dense row (writing cell 4) of each partial round's sparse matrix.", rows, P))
print(rust_table("SPARSE_COLS", "The column of each partial round's sparse matrix (entry 4 unused, zero).", cols, P))
print("/// The sponge tag of `Domain::Merkle2` (2 elements in, 1 out, separator 3).")
print("#[rustfmt::skip]")
print(f"pub(super) static TAG_MERKLE2: [u64; 4] = {rust_limbs(tag(2, 1, 3), P)};")
print()
print("/// The sponge tag of `Domain::Merkle4` (4 elements in, 1 out, separator 15).")
print("#[rustfmt::skip]")
print(f"pub(super) static TAG_MERKLE4: [u64; 4] = {rust_limbs(tag(4, 1, 15), P)};")
