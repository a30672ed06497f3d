"""The Goldilocks helpers with numpy uint64 arrays: one input as a 1-D
array, a batch as a 2-D array of one input per row, answers as uint64
arrays equal to the vector files and to the int path.

numpy is optional: without it these tests are skipped, unless
ALGEBRAIC_HASH_REQUIRE_NUMPY=1 (run-tests.sh sets it on its second run,
after installing numpy), where a missing numpy fails.
"""

import os

import pytest

if os.environ.get("ALGEBRAIC_HASH_REQUIRE_NUMPY") == "1":
    import numpy as np
else:
    np = pytest.importorskip("numpy")

import algebraic_hash as ah

from named_cases import RESCUE, cases
from vectors import GOLDILOCKS

HASHERS = {"rp64-256": ah.rp64_256, "rpo256": ah.rpo256, "rpx256": ah.rpx256}


def u64(rows):
    return np.array(rows, dtype=np.uint64)


@pytest.mark.parametrize("name", sorted(RESCUE))
def test_vector_files_through_arrays(name):
    hasher = HASHERS[name]
    for method, width in (("apply_permutation", 12), ("merge", 4)):
        pairs = cases(RESCUE[name], method)
        out = getattr(hasher, method + "_many")(u64([xs for xs, _ in pairs]))
        assert out.dtype == np.uint64 and out.shape == (len(pairs), width)
        assert out.tolist() == [o for _, o in pairs]
        for xs, o in pairs:
            one = getattr(hasher, method)(u64(xs))
            assert one.dtype == np.uint64 and one.tolist() == o
    # A hash batch is rows of one length: group the cases by length.
    by_length = {}
    for xs, o in cases(RESCUE[name], "hash_elements"):
        by_length.setdefault(len(xs), []).append((xs, o))
    for length, group in by_length.items():
        rows = np.array([xs for xs, _ in group], dtype=np.uint64).reshape(len(group), length)
        out = hasher.hash_elements_many(rows)
        assert out.shape == (len(group), 4)
        assert out.tolist() == [o for _, o in group], length
        assert hasher.hash_elements(rows[0]).tolist() == group[0][1]
    # merge of a 2 x 4 array (two digests).
    xs, o = cases(RESCUE[name], "merge")[0]
    assert hasher.merge(u64(xs).reshape(2, 4)).tolist() == o


def test_random_batches_equal_the_int_path():
    rng = np.random.default_rng(7)
    states = rng.integers(0, GOLDILOCKS, size=(2000, 12), dtype=np.uint64)
    states[:5] = GOLDILOCKS - 1
    for hasher in HASHERS.values():
        got = hasher.apply_permutation_many(states)
        assert got.tolist() == hasher.apply_permutation_many(states.tolist())
        assert got[17].tolist() == hasher.apply_permutation(states[17].tolist())
        pairs = states[:, :8]
        assert hasher.merge_many(pairs).tolist() == ah.compress_many(hasher.name, pairs.tolist())
        rows = states[:300, :7]
        assert hasher.hash_elements_many(rows).tolist() == ah.hash_many(hasher.name, rows.tolist())
    # Other integer dtypes and non-contiguous views are read as values.
    assert ah.rpo256.apply_permutation(np.arange(12, dtype=np.int32)).tolist() == ah.rpo256.apply_permutation(
        list(range(12))
    )
    view = states[::2, ::-1]
    assert ah.rpo256.apply_permutation_many(view).tolist() == ah.rpo256.apply_permutation_many(view.tolist())
    # No rows: no answers.
    assert ah.rpo256.apply_permutation_many(np.zeros((0, 12), dtype=np.uint64)).shape == (0, 12)


def test_bad_arrays_are_refused():
    states = np.zeros((5, 12), dtype=np.uint64)
    states[2, 4] = GOLDILOCKS
    with pytest.raises(ValueError, match=r"input 3: element 5 \(`18446744069414584321`\): value is not below the Goldilocks modulus"):
        ah.rp64_256.apply_permutation_many(states)
    states[2, 4] = 2**64 - 1
    with pytest.raises(ValueError, match="not below the Goldilocks modulus"):
        ah.rpo256.apply_permutation_many(states)
    with pytest.raises(ValueError, match="negative"):
        ah.rpo256.apply_permutation(np.full(12, -1, dtype=np.int64))
    with pytest.raises(ValueError, match="expected 12, got 11"):
        ah.rpo256.apply_permutation_many(np.zeros((3, 11), dtype=np.uint64))
    with pytest.raises(ValueError, match="expected 8, got 4"):
        ah.rpx256.merge_many(np.zeros((3, 4), dtype=np.uint64))
    with pytest.raises(ValueError, match="2-D"):
        ah.rpo256.apply_permutation_many(np.zeros(12, dtype=np.uint64))
    with pytest.raises(ValueError, match="1-D"):
        ah.rpo256.apply_permutation(np.zeros((1, 12), dtype=np.uint64))
    with pytest.raises(TypeError, match="float64"):
        ah.rpo256.apply_permutation(np.zeros(12))
