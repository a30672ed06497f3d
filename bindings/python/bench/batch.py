"""circom Poseidon t = 3 of 10^5 random pairs: the batch call
(``compress_many``, one call, GIL released) against a Python loop of
``compress`` calls over the same inputs, interleaved rounds; medians.

    python bench/batch.py [rounds] [pairs]
"""

import platform
import random
import statistics
import sys
import time

import algebraic_hash as ah

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
PAIRS = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
P = 21888242871839275222246405745257275088548364400416034343698204186575808495617


def cpu():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def main():
    rng = random.Random(1)
    pairs = [[rng.randrange(P), rng.randrange(P)] for _ in range(PAIRS)]

    def batch():
        return ah.compress_many("poseidon-t3", pairs)

    def loop():
        return [ah.compress("poseidon-t3", xs) for xs in pairs]

    assert batch()[:100] == loop()[:100]
    times = {"compress_many (one call)": [], "Python loop of compress": []}
    for _ in range(ROUNDS):
        for name, f in (("compress_many (one call)", batch), ("Python loop of compress", loop)):
            t0 = time.perf_counter()
            f()
            times[name].append(time.perf_counter() - t0)
    print(f"Python {platform.python_version()}, {cpu()}")
    print(f"{ROUNDS} interleaved rounds of {PAIRS} pairs, circom Poseidon t = 3")
    for name, t in times.items():
        m = statistics.median(t)
        print(f"{name:28} {m:8.3f} s   {m / PAIRS * 1e6:7.2f} µs/hash")
    ratio = statistics.median(
        l / b for l, b in zip(times["Python loop of compress"], times["compress_many (one call)"])
    )
    print(f"batch is {ratio:.2f}x the loop's speed (median of per-round ratios)")


if __name__ == "__main__":
    main()
