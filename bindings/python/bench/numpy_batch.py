"""RPO (rpo256) permutation of 10^6 random Goldilocks states: one numpy
batch call (``rpo256.apply_permutation_many`` on an n x 12 uint64 array)
against a Python loop of ``rpo256.apply_permutation`` over the same states
as lists of ints, interleaved rounds; medians. The loop runs over the first
LOOP states of the batch (all of them by default) and is reported per state.

    python bench/numpy_batch.py [rounds] [states] [loop]

The Rust batch call alone (no Python) is timed by
``cargo run --release --example rust_batch`` in this folder.
"""

import statistics
import sys
import time

import numpy as np

import algebraic_hash as ah
from batch import cpu

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 3
STATES = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
LOOP = int(sys.argv[3]) if len(sys.argv) > 3 else STATES
P = 2**64 - 2**32 + 1


def main():
    rng = np.random.default_rng(1)
    states = rng.integers(0, P, size=(STATES, 12), dtype=np.uint64)
    as_lists = states[:LOOP].tolist()
    # The answers agree before anything is timed.
    batch = ah.rpo256.apply_permutation_many(states)
    assert batch[:100].tolist() == [ah.rpo256.apply_permutation(s) for s in as_lists[:100]]
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, {cpu()}")
    print(f"{ROUNDS} interleaved rounds: {STATES} states in one batch, a loop over {LOOP}")
    per_batch, per_loop = [], []
    for _ in range(ROUNDS):
        t0 = time.perf_counter()
        ah.rpo256.apply_permutation_many(states)
        t1 = time.perf_counter()
        for s in as_lists:
            ah.rpo256.apply_permutation(s)
        t2 = time.perf_counter()
        per_batch.append((t1 - t0) / STATES)
        per_loop.append((t2 - t1) / LOOP)
    b, l = statistics.median(per_batch), statistics.median(per_loop)
    print(f"numpy batch (one call)        {b * STATES:8.3f} s   {b * 1e9:8.0f} ns/state")
    print(f"Python loop of single calls   {l * LOOP:8.3f} s   {l * 1e9:8.0f} ns/state")
    print(f"batch is {l / b:.1f}x the loop's speed per state")


if __name__ == "__main__":
    main()
