"""Random inputs against light-poseidon-python (PyPI, circomlibjs-compatible
constants; Rust light-poseidon underneath, an implementation independent of
this workspace's).

It is the only circom-constant Poseidon found on PyPI: poseidon-hash 0.1.4
(a Python reference of Poseidon/Neptune) takes its own round constants and
MDS matrix rather than circom's, and poseidon-py 0.2.0 is Starknet's Poseidon
over the STARK field. run-tests.sh installs light-poseidon-python and sets
ALGEBRAIC_HASH_REQUIRE_PEERS, so there a missing peer fails; elsewhere the
test is skipped (and pytest says so).
"""

import os
import random

import pytest

import algebraic_hash as ah

from vectors import BN254_R

if os.environ.get("ALGEBRAIC_HASH_REQUIRE_PEERS"):
    import light_poseidon_python as peer  # run-tests.sh installs it: never skip there
else:
    peer = pytest.importorskip("light_poseidon_python")

CASES = 2000


def random_element(rng):
    # Mostly uniform, sometimes an edge value.
    pick = rng.random()
    if pick < 0.05:
        return 0
    if pick < 0.10:
        return BN254_R - 1
    if pick < 0.15:
        return rng.getrandbits(64)
    return rng.randrange(BN254_R)


def test_poseidon_t3_equals_light_poseidon():
    # light-poseidon-python 0.1.10 takes exactly two inputs (circom t = 3).
    rng = random.Random(0x5EED)
    inputs = [[random_element(rng), random_element(rng)] for _ in range(CASES)]
    expected = [int(peer.poseidon_hash(xs)) for xs in inputs]
    assert [ah.hash("poseidon", xs)[0] for xs in inputs] == expected
    assert [h[0] for h in ah.hash_many("poseidon-t3", inputs)] == expected
    assert [h[0] for h in ah.compress_many("poseidon-t3", inputs)] == expected
