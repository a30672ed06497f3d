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
    # Wall and CPU time of this thread (the machine may be shared: CPU
    # time is what the work cost).
    clocks = {"wall": time.perf_counter, "cpu": time.thread_time}
    per = {(kind, clock): [] for kind in ("batch", "loop") for clock in clocks}
    for _ in range(ROUNDS):
        t0 = {c: f() for c, f in clocks.items()}
        ah.rpo256.apply_permutation_many(states)
        t1 = {c: f() for c, f in clocks.items()}
        for s in as_lists:
            ah.rpo256.apply_permutation(s)
        t2 = {c: f() for c, f in clocks.items()}
        for c in clocks:
            per["batch", c].append((t1[c] - t0[c]) / STATES)
            per["loop", c].append((t2[c] - t1[c]) / LOOP)
    med = {k: statistics.median(v) for k, v in per.items()}
    print("                               wall ns/state   CPU ns/state")
    for kind, what in (("batch", "numpy batch (one call)"), ("loop", "Python loop of single calls")):
        print(f"{what:<30} {med[kind, 'wall'] * 1e9:13.0f} {med[kind, 'cpu'] * 1e9:14.0f}")
    ratio = med["loop", "cpu"] / med["batch", "cpu"]
    print(f"batch is {ratio:.1f}x the loop's speed per state (CPU time)")


if __name__ == "__main__":
    main()
