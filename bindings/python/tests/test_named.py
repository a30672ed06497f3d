"""The ecosystem-named helpers against the vector files (answers of
circomlibjs, Barretenberg, HorizenLabs, Winterfell and miden-crypto), with
Python ints; these must not import numpy."""

import sys

import pytest

import algebraic_hash as ah

from named_cases import METHODS, RESCUE, cases
from vectors import BN254_R


def test_poseidon_is_circomlibjs():
    checked = 0
    for t in range(2, 18):
        for xs, out in cases(f"poseidon/circom_t{t}.json", "poseidon"):
            assert ah.poseidon(xs) == out[0], xs
            checked += 1
    assert checked > 100
    assert ah.poseidon([1, 2]) == 7853200120776062878684798364095072458815029376092732009249414926327459813530


def test_poseidon2_is_barretenbergs_hash():
    checked = 0
    for xs, out in cases("poseidon/poseidon2_new_t4.json", "hash_elements"):
        if all(x < BN254_R for x in xs):
            assert ah.poseidon2(xs) == out[0], xs
            checked += 1
    assert checked > 10


def test_poseidon2_permutation_by_width():
    for t in (2, 3, 4, 8, 12, 16):
        for xs, out in cases(f"poseidon/poseidon2_new_t{t}.json", "permutation"):
            if all(x < BN254_R for x in xs):
                assert ah.poseidon2_permutation(xs) == out
    with pytest.raises(ValueError, match="widths are 2, 3, 4, 8, 12, 16"):
        ah.poseidon2_permutation([1] * 5)


@pytest.mark.parametrize("name", sorted(RESCUE))
def test_goldilocks_methods_with_ints(name):
    hasher = {"rp64-256": ah.rp64_256, "rpo256": ah.rpo256, "rpx256": ah.rpx256}[name]
    assert hasher.name == name
    for method in METHODS:
        pairs = cases(RESCUE[name], method)
        for xs, out in pairs:
            assert getattr(hasher, method)(xs) == out, (method, xs)
        inputs = [xs for xs, _ in pairs]
        assert getattr(hasher, method + "_many")(inputs) == [out for _, out in pairs]
    # merge also takes the two digests as two lists.
    xs, out = cases(RESCUE[name], "merge")[-1]
    assert hasher.merge([xs[:4], xs[4:]]) == out


def test_errors_are_the_librarys():
    with pytest.raises(ValueError, match="not below the BN254 Fr modulus"):
        ah.poseidon([1, BN254_R])
    with pytest.raises(ValueError, match="expected 12, got 11"):
        ah.rpo256.apply_permutation([0] * 11)
    with pytest.raises(ValueError, match="not below the Goldilocks modulus"):
        ah.rp64_256.hash_elements([2**64 - 2**32 + 1])
    with pytest.raises(ValueError, match="input 2: element 1"):
        ah.rpx256.merge_many([[0] * 8, [-1] + [0] * 7])


def test_lists_do_not_import_numpy():
    if "numpy" in sys.modules:
        pytest.skip("numpy already imported by another test")
    ah.rpo256.hash_elements_many([[1, 2], [3]])
    ah.rpo256.apply_permutation([0] * 12)
    assert "numpy" not in sys.modules
