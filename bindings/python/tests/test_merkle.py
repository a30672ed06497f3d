"""``merkle_root`` and ``merkle_proof``: the roots of twenty-first's Tip5 trees
(test-vectors/tip5/merkle.json, computed by twenty-first 3.1.1), of
plonky2's trees of cap height 0 (test-vectors/plonky2/merkle.json, computed
by plonky2 1.1.0) and of Semaphore v4's groups
(test-vectors/poseidon/lean_imt.json, computed by @semaphore-protocol/group
4.14.3) with the Semaphore proofs stored there, which ``verify_merkle_proof``
accepts, the small shapes every instance shares, and the refusals."""

import pytest

import algebraic_hash as ah

from vectors import BN254_R, GOLDILOCKS, elements, load


def test_tip5_roots_are_twenty_firsts():
    trees = [c for c in load("tip5/merkle.json")["cases"] if c["fn"] == "merkle_tree"]
    assert len(trees) >= 10
    for case in trees:
        values = elements(case["input"])
        leaves = [values[i : i + 5] for i in range(0, len(values), 5)]
        assert ah.merkle_root("tip5", leaves) == elements(case["output"]), len(leaves)


def test_poseidon_t3_roots_are_semaphore_group_roots():
    # zk-kit's LeanIMT over poseidon-lite's poseidon2, every leaf count
    # from 1 to 33 and some larger: the shapes that are not powers of two.
    trees = [c for c in load("poseidon/lean_imt.json")["cases"] if c["fn"] == "merkle_tree"]
    assert len(trees) >= 40
    for case in trees:
        leaves = [[x] for x in elements(case["input"])]
        assert ah.merkle_root("poseidon-t3", leaves) == elements(case["output"]), len(leaves)


def test_poseidon_t3_proofs_are_semaphore_group_proofs():
    trees = [c for c in load("poseidon/lean_imt.json")["cases"] if c["fn"] == "merkle_tree"]
    proofs = 0
    for case in trees:
        leaves = [[x] for x in elements(case["input"])]
        for p in case["proofs"]:
            i = p["leaf_index"]
            assert ah.merkle_proof("poseidon-t3", leaves, i) == {
                "root": elements(case["output"]),
                "leaf": leaves[i],
                "index": p["index"],
                "siblings": [[x] for x in elements(p["siblings"])],
            }, (i, len(leaves))
            # Semaphore's proof as it stores it (one-element digests as bare
            # ints) verifies; with another leaf it does not.
            stored = {
                "root": elements(case["output"])[0],
                "leaf": leaves[i][0],
                "index": p["index"],
                "siblings": elements(p["siblings"]),
            }
            assert ah.verify_merkle_proof("poseidon-t3", stored), (i, len(leaves))
            other = {**stored, "leaf": 2 if stored["leaf"] == 1 else 1}
            assert not ah.verify_merkle_proof("poseidon-t3", other), (i, len(leaves))
            proofs += 1
    assert proofs >= 100


def test_plonky2_roots_are_plonky2s():
    # A plonky2 tree of cap height 0: its leaves' hash_or_noop digests,
    # then two_to_one up to the root.
    trees = [
        c
        for c in load("plonky2/merkle.json")["cases"]
        if c["fn"] == "merkle_tree" and c["cap_height"] == 0
    ]
    assert len(trees) >= 5
    for case in trees:
        values = elements(case["input"])
        digests, at = [], 0
        for n in case["leaf_lengths"]:
            digests.append(ah.hash("poseidon-plonky2-hash-or-noop", values[at : at + n]))
            at += n
        assert ah.merkle_root("poseidon-plonky2", digests) == elements(case["output"])


@pytest.mark.parametrize("name", ["poseidon-t3", "rp64-256", "poseidon-plonky2", "tip5"])
def test_one_leaf_two_leaves_and_an_odd_one(name):
    width = {"poseidon-t3": 1, "rp64-256": 4, "poseidon-plonky2": 4, "tip5": 5}[name]
    a, b, c = ([k * 10 + i for i in range(width)] for k in range(1, 4))
    assert ah.merkle_root(name, [a]) == a
    ab = ah.compress(name, a + b)
    assert ah.merkle_root(name, [a, b]) == ab
    # The third leaf has no sibling: carried up to the root's level.
    assert ah.merkle_root(name, (x for x in [a, b, c])) == ah.compress(name, ab + c)
    # Proofs: leaf 2 is carried up a level (one sibling, on the left).
    root = ah.compress(name, ab + c)
    assert ah.merkle_proof(name, [a], 0) == {"root": a, "leaf": a, "index": 0, "siblings": []}
    assert ah.merkle_proof(name, [a, b, c], 1) == {"root": root, "leaf": b, "index": 1, "siblings": [a, c]}
    assert ah.merkle_proof(name, [a, b, c], 2) == {"root": root, "leaf": c, "index": 1, "siblings": [ab]}
    # Every proof of the three leaves verifies; with its sides flipped, or
    # another root, it does not.
    for i in range(3):
        proof = ah.merkle_proof(name, [a, b, c], i)
        assert ah.verify_merkle_proof(name, proof), i
        assert not ah.verify_merkle_proof(name, {**proof, "index": proof["index"] ^ 1}), i
        assert not ah.verify_merkle_proof(name, {**proof, "root": ab}), i


def test_refusals():
    with pytest.raises(ValueError, match="no leaves"):
        ah.merkle_root("tip5", [])
    with pytest.raises(ValueError, match=r"has no `merkle_root \(2-to-1 compression\)`"):
        ah.merkle_root("poseidon", [[1], [2]])
    with pytest.raises(ValueError, match="unknown instance"):
        ah.merkle_root("tip6", [[1] * 5])
    with pytest.raises(ValueError, match=r"^leaf 2: element 3 .*not below"):
        ah.merkle_root("tip5", [[0] * 5, [0, 0, GOLDILOCKS, 0, 0]])
    with pytest.raises(ValueError, match=r"^leaf 1: .*expected 5, got 4"):
        ah.merkle_root("tip5", [[0] * 4, [0] * 5])
    with pytest.raises(TypeError, match="got str"):
        ah.merkle_root("tip5", "leaves")
    with pytest.raises(TypeError, match=r"^leaf 2: element 1: expected an int"):
        ah.merkle_root("tip5", [[0] * 5, ["x"] * 5])


def test_proof_refusals():
    three = [[1], [2], [3]]
    with pytest.raises(ValueError, match=r"^leaf index 3 out of range for 3 leaves$"):
        ah.merkle_proof("poseidon-t3", three, 3)
    for bad in [-1, 2**64]:
        with pytest.raises(ValueError, match="^leaf index: expected a non-negative integer"):
            ah.merkle_proof("poseidon-t3", three, bad)
    for bad in [1.0, "1", None]:
        with pytest.raises(TypeError, match="^leaf index: expected an int"):
            ah.merkle_proof("poseidon-t3", three, bad)
    with pytest.raises(ValueError, match="no leaves"):
        ah.merkle_proof("poseidon-t3", [], 0)
    with pytest.raises(ValueError, match=r"has no `merkle_proof \(2-to-1 compression\)`"):
        ah.merkle_proof("poseidon", three, 0)
    with pytest.raises(ValueError, match=r"^leaf 2: element 1 .*not below"):
        ah.merkle_proof("poseidon-t3", [[1], [2**254]], 0)


def test_verify_refusals():
    proof = ah.merkle_proof("poseidon-t3", [[1], [2], [3], [4], [5]], 2)
    assert ah.verify_merkle_proof("poseidon-t3", proof)

    def refused(error, match, **changed):
        with pytest.raises(error, match=match):
            ah.verify_merkle_proof("poseidon-t3", {**proof, **changed})

    refused(ValueError, "^proof index 8 has a bit set beyond its 3 siblings$", index=8)
    for bad in [-1, 2**64]:
        refused(ValueError, "^proof index: expected a non-negative integer", index=bad)
    for bad in [1.0, "1", None]:
        refused(TypeError, "^proof index: expected an int", index=bad)
    refused(ValueError, r"^leaf: element 1 \(`21888242871839275222246405745257275088548364400416034343698204186575808495617`\).*not below", leaf=[BN254_R])
    refused(ValueError, r"^root: .*expected 1, got 2", root=[1, 2])
    refused(ValueError, r"^sibling 2: .*expected 1, got 0", siblings=[proof["siblings"][0], []])
    refused(TypeError, r"^sibling 2: element 1: expected an int", siblings=[proof["siblings"][0], ["x"]])
    refused(TypeError, "^proof siblings: expected a sequence", siblings=5)
    without_root = {k: v for k, v in proof.items() if k != "root"}
    with pytest.raises(ValueError, match="^proof has no `root`$"):
        ah.verify_merkle_proof("poseidon-t3", without_root)
    with pytest.raises(TypeError, match="^expected a proof"):
        ah.verify_merkle_proof("poseidon-t3", [1, 2])
    with pytest.raises(ValueError, match=r"has no `verify_merkle_proof \(2-to-1 compression\)`"):
        ah.verify_merkle_proof("poseidon", proof)
    with pytest.raises(ValueError, match=r"^root: .*expected 5, got 1"):
        ah.verify_merkle_proof("tip5", proof)


def plonky2_trees():
    """plonky2 1.1.0's trees: (rows, cap height, cap digests, stored proofs)."""
    for case in load("plonky2/merkle.json")["cases"]:
        if case["fn"] != "merkle_tree":
            continue
        values, rows, at = elements(case["input"]), [], 0
        for n in case["leaf_lengths"]:
            rows.append(values[at : at + n])
            at += n
        flat = elements(case["output"])
        cap = [flat[i : i + 4] for i in range(0, len(flat), 4)]
        yield rows, case["cap_height"], cap, case["proofs"]


def test_plonky2_caps_and_proofs_are_plonky2s():
    proofs = 0
    for rows, h, cap, stored in plonky2_trees():
        assert ah.merkle_cap("poseidon-plonky2", rows, h) == cap, (len(rows), h)
        for p in stored:
            i = p["index"]
            flat = elements(p["siblings"])
            proof = ah.merkle_cap_proof("poseidon-plonky2", rows, h, i)
            assert proof == {
                "cap": cap,
                "leaf": rows[i],
                "index": i,
                "siblings": [flat[k : k + 4] for k in range(0, len(flat), 4)],
            }, (len(rows), h, i)
            assert ah.verify_merkle_cap_proof("poseidon-plonky2", proof)
            other = {**proof, "leaf": rows[i] + [1]}
            assert not ah.verify_merkle_cap_proof("poseidon-plonky2", other)
            proofs += 1
    assert proofs == 58


def test_cap_refusals():
    rows = [[1, 2, 3, 4, 5], [6], [], [7, 8]]
    proof = ah.merkle_cap_proof("poseidon-plonky2", rows, 1, 2)
    assert ah.verify_merkle_cap_proof("poseidon-plonky2", proof)
    for call in [
        lambda: ah.merkle_cap("poseidon-plonky2", rows[:3], 0),
        lambda: ah.merkle_cap("poseidon-plonky2", [], 0),
    ]:
        with pytest.raises(ValueError, match="needs a power-of-two number of leaves"):
            call()
    with pytest.raises(ValueError, match="^cap height 3 is above the tree's height 2$"):
        ah.merkle_cap("poseidon-plonky2", rows, 3)
    with pytest.raises(ValueError, match="^leaf index 4 out of range for 4 leaves$"):
        ah.merkle_cap_proof("poseidon-plonky2", rows, 1, 4)
    with pytest.raises(ValueError, match=r"^leaf 2: element 1 .*not below"):
        ah.merkle_cap("poseidon-plonky2", [[1], [GOLDILOCKS]], 0)
    for bad in [-1, 2**64]:
        with pytest.raises(ValueError, match="^cap height: expected a non-negative integer"):
            ah.merkle_cap("poseidon-plonky2", rows, bad)
    with pytest.raises(TypeError, match="^cap height: expected an int"):
        ah.merkle_cap("poseidon-plonky2", rows, 1.0)
    with pytest.raises(ValueError, match=r"has no `merkle_cap \(capped trees\)`"):
        ah.merkle_cap("poseidon-t3", [[1], [2]], 0)

    def refused(error, match, **changed):
        with pytest.raises(error, match=match):
            ah.verify_merkle_cap_proof("poseidon-plonky2", {**proof, **changed})

    refused(ValueError, "^leaf index 8 out of range for 4 leaves$", index=8)
    refused(TypeError, "^proof index: expected an int", index="2")
    refused(ValueError, r"^cap node 2: element 1 .*not below", cap=[proof["cap"][0], [GOLDILOCKS, 0, 0, 0]])
    refused(ValueError, r"^sibling 1: .*expected 4, got 1", siblings=[[1]])
    refused(TypeError, r"^leaf: element 1: expected an int", leaf=["x"])
    refused(TypeError, "^proof cap: expected a sequence", cap=5)
    with pytest.raises(ValueError, match="^proof has no `cap`$"):
        ah.verify_merkle_cap_proof("poseidon-plonky2", {k: v for k, v in proof.items() if k != "cap"})
    with pytest.raises(ValueError, match=r"has no `verify_merkle_cap_proof \(capped trees\)`"):
        ah.verify_merkle_cap_proof("tip5", proof)
