"""Which vector-file functions each instance's operations answer.

Every file under test-vectors/ maps to an instance by its path; inside it,
the ``fn`` names map to operations (the same table as crates/cli/tests/cli.rs):

- rescue/rp64_256.json: apply_permutation -> permute, hash_elements -> hash,
  merge -> compress (of ``rp64-256``);
- poseidon/circom_tN.json: permutation -> permute, poseidon -> hash and
  compress of ``poseidon-tN``, and hash of ``poseidon`` (width from the count);
- poseidon/lean_imt.json: compress of ``poseidon-t3`` (Semaphore's
  ``poseidon2``: the smaller trees' inner nodes; the roots are
  test_merkle.py's);
- poseidon/poseidon2_SET_tN.json: permutation, compress, hash_elements;
- poseidon2-small/plonky3-FIELD-WIDTH.json: permute, hash, compress (of
  ``poseidon2-plonky3-FIELD-WIDTH``; FIELD goldilocks too);
- plonky2/poseidon.json: permute, hash_no_pad -> hash, two_to_one ->
  compress (of ``poseidon-plonky2``), hash_or_noop -> hash (of
  ``poseidon-plonky2-hash-or-noop``);
- plonky2/merkle.json: hash_or_noop -> hash (of
  ``poseidon-plonky2-hash-or-noop``: the smaller trees' leaves; the trees,
  caps and proofs are the Rust tests');
- risc0/, sp1/, openvm/ POSEIDON2-FILE.json: permute, hash, compress of the
  instance the file names (``poseidon2-risc0-babybear-24``, …);
- starknet/poseidon.json: hades_permutation -> permute, hash -> compress,
  hash_many -> hash (of ``starknet-poseidon``);
- orchard/p128pow5t3_FIELD.json: permute -> permute, hash (ConstantLength<2>)
  -> compress and hash (of ``orchard-poseidon-FIELD``);
- mina/NAME.json: permute, hash, compress (of ``mina-poseidon-NAME``);
- tip5/tip5.json: permute, hash (hash_varlen), compress (hash_pair) of
  ``tip5`` (its hash_10 cases are read by the Rust tests);
- tip5/merkle.json: compress (hash_pair) of ``tip5``: the smaller trees'
  inner nodes (the trees, roots and authentication structures are the Rust
  tests');
- tip5/mmr.json: compress (hash_pair) of ``tip5``: the steps of each
  range's bag_peaks (the ranges, peaks and proofs are the Rust tests');
- dusk/dusk_poseidon.json: hash_merkle2 -> compress, hash_other -> hash (of
  ``dusk-poseidon``), hash_merkle4 -> compress (of ``dusk-poseidon-merkle4``);
- dusk/permutation.json: permute -> permute (of both Dusk instances);
- filecoin/neptune_aA[_strengthened].json: permute -> permute, merkle_tree
  -> compress, hash_constant_length -> hash (of
  ``filecoin-poseidon-A[-strengthened]``; the encryption and custom tags are
  not exposed);
- aleo/poseidonR.json: permute, hash (of ``aleo-poseidonR``; the
  hash_domain, hash_many, hash_to_scalar, sponge and random-digest cases are
  the Rust tests'; aleo/parameters.json holds constants);
- anemoi/DIR/FIELD-CELLS.*.json: permutation -> permute (generated files
  only: the published ones have none), jive with b = 2 -> compress,
  hash_elements -> hash (``anemoi-...`` for crypto2023,
  ``anemoi2022-...`` for eprint2022).

Functions the package does not expose (circom's poseidon_ex with an initial
state, Anemoi's single layers and byte hashing, Winterfell's byte hash and
merge_with_int) are not mapped; every file still has mapped cases.
"""

import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[3]
VECTORS = ROOT / "test-vectors"

BN254_R = 21888242871839275222246405745257275088548364400416034343698204186575808495617
GOLDILOCKS = 2**64 - 2**32 + 1
SMALL_MODULI = {
    "babybear": 2013265921,
    "koalabear": 2130706433,
    "mersenne31": 2**31 - 1,
    "goldilocks": GOLDILOCKS,
}
ANEMOI_MODULI = {
    "bls12_377": 258664426012969094010652733694893533536393512754914660539884262666720468348340822774968888139573360124440321458177,
    "bls12_381": 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787,
    "bn254": 21888242871839275222246405745257275088696311157297823662689037894645226208583,
    "bn254_fr": BN254_R,
    "ed_on_bls12_377": 8444461749428370424248824938781546531375899335154063827935233455917409239041,
    "jubjub": 52435875175126190479447740508185965837690552500527637822603658699938581184513,
    "pallas": 28948022309329048855892746252171976963363056481941560715954676764349967630337,
    "vesta": 28948022309329048855892746252171976963363056481941647379679742748393362948097,
}


def to_int(value):
    """A vector-file element (decimal or 0x-hex string, or a JSON number)."""
    text = str(value)
    return int(text, 16) if text.lower().startswith("0x") else int(text)


def elements(value):
    if value is None:
        return []
    if isinstance(value, list):
        return [to_int(v) for v in value]
    return [to_int(value)]


# Files under test-vectors/ that hold constants, not input/output cases (the
# Rust tests read them).
NOT_VECTORS = {"poseidon/circom_constants.json", "aleo/parameters.json"}


def files():
    """Every vector file, relative to test-vectors/."""
    found = sorted(
        rel
        for rel in (p.relative_to(VECTORS).as_posix() for p in VECTORS.rglob("*.json"))
        if rel not in NOT_VECTORS
    )
    assert found, f"no vector files under {VECTORS}"
    return found


def mapping(rel):
    """(modulus, [(fn, instance, op, case filter)]) for one vector file."""
    parts = rel.split("/")
    name = parts[-1]
    if rel == "rescue/rp64_256.json":
        return GOLDILOCKS, [
            ("apply_permutation", "rp64-256", "permute", None),
            ("hash_elements", "rp64-256", "hash", None),
            ("merge", "rp64-256", "compress", None),
        ]
    if rel in ("rescue/rpo256.json", "rescue/rpx256.json"):
        inst = name[: -len(".json")]
        return GOLDILOCKS, [
            ("apply_permutation", inst, "permute", None),
            ("hash_elements", inst, "hash", None),
            ("merge", inst, "compress", None),
        ]
    if parts[0] == "poseidon" and name.startswith("circom_t"):
        t = int(name[len("circom_t") : -len(".json")])
        inst = f"poseidon-t{t}"
        return BN254_R, [
            ("permutation", inst, "permute", None),
            ("poseidon", inst, "hash", None),
            ("poseidon", inst, "compress", lambda c: len(elements(c.get("input"))) == t - 1),
            ("poseidon", "poseidon", "hash", None),
        ]
    if rel == "poseidon/lean_imt.json":
        return BN254_R, [("compress", "poseidon-t3", "compress", None)]
    if parts[0] == "poseidon" and name.startswith("poseidon2_"):
        _, s, t = name[: -len(".json")].split("_")
        inst = f"poseidon2-{s}-{t}"
        return BN254_R, [
            ("permutation", inst, "permute", None),
            ("compress", inst, "compress", None),
            ("hash_elements", inst, "hash", None),
        ]
    if parts[0] == "poseidon2-small":
        stem = name[: -len(".json")]
        inst = f"poseidon2-{stem}"
        return SMALL_MODULI[stem.split("-")[1]], [
            ("permute", inst, "permute", None),
            ("hash", inst, "hash", None),
            ("compress", inst, "compress", None),
        ]
    if parts[0] in ("risc0", "sp1", "openvm"):
        # The zkVMs' Poseidon2 files name their instance (e.g.
        # poseidon2-sp1v5-babybear-16); the field is its second-last part.
        with open(VECTORS / rel, encoding="utf-8") as f:
            inst = json.load(f)["instance"]
        return SMALL_MODULI[inst.split("-")[-2]], [
            ("permute", inst, "permute", None),
            ("hash", inst, "hash", None),
            ("compress", inst, "compress", None),
        ]
    if rel == "plonky2/merkle.json":
        return GOLDILOCKS, [("hash_or_noop", "poseidon-plonky2-hash-or-noop", "hash", None)]
    if rel == "plonky2/poseidon.json":
        return GOLDILOCKS, [
            ("permute", "poseidon-plonky2", "permute", None),
            ("hash_no_pad", "poseidon-plonky2", "hash", None),
            ("two_to_one", "poseidon-plonky2", "compress", None),
            ("hash_or_noop", "poseidon-plonky2-hash-or-noop", "hash", None),
        ]
    if parts[0] == "anemoi":
        prefix = {"crypto2023": "anemoi", "eprint2022": "anemoi2022"}[parts[1]]
        field, cells = name.split(".")[0].rsplit("-", 1)
        inst = f"{prefix}-{field.replace('_', '-')}-{cells}"
        table = [
            ("jive", inst, "compress", lambda c: c.get("b") == 2),
            ("hash_elements", inst, "hash", None),
        ]
        if name.endswith(".generated.json"):
            # The published (reference) files have no permutation cases.
            table.insert(0, ("permutation", inst, "permute", None))
        elif field == "bn254_fr":
            # noah's BN254 Fr answers have Jive_4 only (compress is Jive_2).
            table.pop(0)
        return ANEMOI_MODULI[field], table
    if rel == "starknet/poseidon.json":
        return 2**251 + 17 * 2**192 + 1, [
            ("hades_permutation", "starknet-poseidon", "permute", None),
            ("hash", "starknet-poseidon", "compress", None),
            ("hash_many", "starknet-poseidon", "hash", None),
        ]
    if rel in ("tip5/merkle.json", "tip5/mmr.json"):
        return GOLDILOCKS, [("compress", "tip5", "compress", None)]
    if rel == "tip5/tip5.json":
        return GOLDILOCKS, [
            ("permute", "tip5", "permute", None),
            ("hash", "tip5", "hash", None),
            ("compress", "tip5", "compress", None),
        ]
    if parts[0] == "orchard":
        field = name[len("p128pow5t3_") : -len(".json")]
        inst = f"orchard-poseidon-{field}"
        return ANEMOI_MODULI[field], [
            ("permute", inst, "permute", None),
            ("hash", inst, "compress", None),
            ("hash", inst, "hash", None),
        ]
    if parts[0] == "mina":
        # kimchi.json, legacy.json: mina-poseidon-NAME (the prefix, salt and
        # random-digest cases are the Rust tests' own).
        inst = f"mina-poseidon-{name[: -len('.json')]}"
        return ANEMOI_MODULI["pallas"], [
            ("permute", inst, "permute", None),
            ("hash", inst, "hash", None),
            ("compress", inst, "compress", None),
        ]
    if rel == "dusk/dusk_poseidon.json":
        return 52435875175126190479447740508185965837690552500527637822603658699938581184513, [
            ("hash_merkle2", "dusk-poseidon", "compress", None),
            ("hash_other", "dusk-poseidon", "hash", None),
            ("hash_merkle4", "dusk-poseidon-merkle4", "compress", None),
        ]
    if rel == "dusk/permutation.json":
        return 52435875175126190479447740508185965837690552500527637822603658699938581184513, [
            ("permute", "dusk-poseidon", "permute", None),
            ("permute", "dusk-poseidon-merkle4", "permute", None),
        ]
    if parts[0] == "filecoin":
        inst = "filecoin-poseidon-" + name[len("neptune_a") : -len(".json")].replace("_", "-")
        return ANEMOI_MODULI["jubjub"], [
            ("permute", inst, "permute", None),
            ("merkle_tree", inst, "compress", None),
            ("hash_constant_length", inst, "hash", None),
        ]
    if parts[0] == "aleo":
        # poseidonR.json: aleo-poseidonR (its hash_domain, hash_many,
        # hash_to_scalar, sponge and random-digest cases are the Rust tests').
        inst = "aleo-" + name[: -len(".json")]
        return ANEMOI_MODULI["ed_on_bls12_377"], [
            ("permute", inst, "permute", None),
            ("hash", inst, "hash", None),
        ]
    raise AssertionError(f"vector file {rel} has no mapping: add one")


def load(rel):
    with open(VECTORS / rel, encoding="utf-8") as f:
        data = json.load(f)
    assert data.get("source"), f"{rel} names no source"
    return data
