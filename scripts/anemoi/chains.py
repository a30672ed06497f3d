"""Addition chains for x^e, as straight-line register programs.

A program is a list of steps (dst, a, b, k) meaning
    reg[dst] = reg[a]^(2^k) * reg[b]      (b = None: no multiplication)
with reg[0] = x on entry; the result is reg[dst] of the last step.
`run` checks a program on exponents; `best_chain` tries several methods and
keeps the cheapest (squaring cost SQUARE_COST, multiplication 1).
"""

SQUARE_COST = 0.85


def run(program):
    """Exponent computed by `program` (reg 0 holds exponent 1)."""
    regs = {0: 1}
    out = None
    for dst, a, b, k in program:
        v = regs[a] << k
        if b is not None:
            v += regs[b]
        regs[dst] = v
        out = v
    return out


def counts(program):
    squarings = sum(k for _, _, _, k in program)
    muls = sum(1 for _, _, b, _ in program if b is not None)
    return squarings, muls


def cost(program):
    s, m = counts(program)
    return SQUARE_COST * s + m


def describe(program):
    s, m = counts(program)
    return "%d squarings and %d multiplications, %d registers" % (
        s,
        m,
        1 + max(d for d, _, _, _ in program),
    )


def sliding_window(e, w):
    """Left-to-right sliding window with odd digits < 2^w (only the needed
    odd powers are kept; they are built as x^(d) = x^(d-2) * x^2)."""
    bits = bin(e)[2:]
    n = len(bits)
    windows = []  # (zeros before, digit, digit bit length)
    i = 0
    zeros = 0
    while i < n:
        if bits[i] == "0":
            zeros += 1
            i += 1
            continue
        j = min(i + w, n)
        while bits[j - 1] == "0":
            j -= 1
        windows.append((zeros, int(bits[i:j], 2), j - i))
        zeros = 0
        i = j
    trailing = zeros
    top = max(d for _, d, _ in windows)
    program = []
    reg_of = {1: 0}
    nreg = 1
    if top > 1:
        program.append((1, 0, None, 1))  # x^2
        nreg = 2
        for d in range(3, top + 1, 2):
            reg_of[d] = nreg
            program.append((nreg, reg_of[d - 2], 1, 0))
            nreg += 1
    acc = nreg
    first = True
    for zeros, d, length in windows:
        if first:
            src = reg_of[d]
            first = False
            cur = src
            continue
        program.append((acc, cur, reg_of[d], zeros + length))
        cur = acc
    if trailing:
        program.append((acc, cur, None, trailing))
    # Drop odd powers that are never used (keep the chain minimal).
    return prune(program)


def prune(program):
    """Removes steps whose result is never read, and renumbers registers."""
    needed = set()
    keep = []
    last = program[-1][0]
    live = {last}
    for step in reversed(program):
        dst, a, b, k = step
        if dst in live:
            keep.append(step)
            live.discard(dst)
            live.add(a)
            if b is not None:
                live.add(b)
            needed.add(dst)
    keep.reverse()
    # Renumber densely, reg 0 stays x.
    mapping = {0: 0}
    out = []
    for dst, a, b, k in keep:
        if dst not in mapping:
            mapping[dst] = len(mapping)
        out.append((mapping[dst], mapping[a], None if b is None else mapping[b], k))
    return out


def best_chain(e):
    candidates = []
    for w in range(1, 9):
        p = sliding_window(e, w)
        assert run(p) == e
        candidates.append(p)
    return min(candidates, key=cost)


def rust_literal(program):
    steps = ", ".join(
        "(%d, %d, %s, %d)" % (d, a, "NONE" if b is None else str(b), k) for d, a, b, k in program
    )
    regs = 1 + max(d for d, _, _, _ in program)
    return "Chain { registers: %d, steps: &[%s] }" % (regs, steps)
