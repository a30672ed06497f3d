"""Addition chains for x^e, as straight-line register programs.

A program is a list of steps (dst, a, b, k) meaning
    reg[dst] = reg[a]^(2^k) * reg[b]      (b = None: no multiplication)
with reg[0] = x on entry; the result is reg[dst] of the last step. Registers
are reused once their value is dead (at most MAX_REGISTERS, the size of the
Rust executor's register file).
`run` checks a program on exponents; `best_chain` tries several methods and
keeps the cheapest (squaring cost SQUARE_COST, multiplication 1).

Needs Python 3.8+ only.
"""

import itertools

SQUARE_COST = 0.85
MAX_REGISTERS = 24


def registers(program):
    return 1 + max(max(d, a, -1 if b is None else b) for d, a, b, _ in program)


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
    return "%d squarings and %d multiplications, %d registers" % (s, m, registers(program))


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
    """Removes steps whose result is never read, then reassigns registers so
    that a register is reused once its value is dead (reg 0 is the input)."""
    last = program[-1][0]
    live = {last}
    keep = []
    for step in reversed(program):
        dst, a, b, k = step
        if dst in live:
            keep.append(step)
            live.discard(dst)
            live.add(a)
            if b is not None:
                live.add(b)
    keep.reverse()
    # Values are identified by the step that wrote them; -1 is the input.
    writer = {0: -1}
    steps = []
    for idx, (dst, a, b, k) in enumerate(keep):
        steps.append((idx, writer[a], None if b is None else writer[b], k))
        writer[dst] = idx
    last_use = {}
    for idx, a, b, k in steps:
        last_use[a] = idx
        if b is not None:
            last_use[b] = idx
    result = len(steps) - 1
    last_use[result] = len(steps)
    phys = {-1: 0}
    free = []
    used = 1
    out = []
    for idx, a, b, k in steps:
        ra = phys[a]
        rb = None if b is None else phys[b]
        # Sources whose last use is this step are free for the destination
        # (the executor reads both sources before it writes).
        for v in {a, b}:
            if v is not None and last_use.get(v) == idx:
                free.append(phys[v])
        if free:
            free.sort()
            rd = free.pop(0)
        else:
            rd = used
            used += 1
        phys[idx] = rd
        out.append((rd, ra, rb, k))
    return out


def rust_literal(program):
    steps = ", ".join(
        "(%d, %d, %s, %d)" % (d, a, "NONE" if b is None else str(b), k) for d, a, b, k in program
    )
    regs = registers(program)
    return "Chain { registers: %d, steps: &[%s] }" % (regs, steps)


# ---------------------------------------------------------------------------
# Dictionary chains: windows may be any value already in a register, not only
# small odd powers. Repeated bit patterns (1100 1100 ... in the exponents of
# the Pasta fields, 0101... and 0011... runs elsewhere) become a handful of
# products of long values built by doubling.
# ---------------------------------------------------------------------------


def odd_part(v):
    while v and v % 2 == 0:
        v //= 2
    return v


class Builder:
    """Straight-line program with a value -> register map."""

    def __init__(self):
        self.program = []
        self.reg = {1: 0}
        self.next = 1

    def emit(self, a_val, k, b_val):
        """New register = reg(a_val)^(2^k) * reg(b_val)."""
        val = (a_val << k) + (b_val if b_val is not None else 0)
        if val in self.reg:
            return val
        dst = self.next
        self.next += 1
        self.program.append((dst, self.reg[a_val], None if b_val is None else self.reg[b_val], k))
        self.reg[val] = dst
        return val


def windows_dp(bits, dictionary, maxlen):
    """Fewest windows covering `bits` (MSB first) with values in
    `dictionary` (odd ints). Returns [(start, end)] half-open, or None."""
    n = len(bits)
    inf = float("inf")
    best = [inf] * (n + 1)
    choice = [None] * (n + 1)
    best[n] = 0
    for i in range(n - 1, -1, -1):
        if bits[i] == "0":
            best[i] = best[i + 1]
            choice[i] = None
            continue
        v = 0
        for j in range(i, min(n, i + maxlen)):
            v = 2 * v + (bits[j] == "1")
            if bits[j] == "1" and v in dictionary and best[j + 1] + 1 < best[i]:
                best[i] = best[j + 1] + 1
                choice[i] = j + 1
    if best[0] == inf:
        return None
    out = []
    i = 0
    while i < n:
        if bits[i] == "0":
            i += 1
            continue
        out.append((i, choice[i]))
        i = choice[i]
    return out


def dictionary_chain(e, w, patterns):
    """Odd powers below 2^w, plus for each (pattern, count) the odd parts of
    pattern^(2^j) and pattern^count (built by doubling), then the fewest
    windows over all of them."""
    bits = bin(e)[2:]
    b = Builder()
    dictionary = {1}
    if w > 1:
        b.emit(1, 1, None)  # x^2
        for d in range(3, 2 ** w, 2):
            b.emit(d - 2, 0, 2)
            dictionary.add(d)

    def build(value):
        """Puts an odd `value` in a register from the current dictionary."""
        if value in b.reg:
            return True
        vb = bin(value)[2:]
        wins = windows_dp(vb, dictionary, len(vb))
        if wins is None:
            return False
        assemble(vb, wins)
        return value in b.reg

    def assemble(vb, wins):
        acc = None
        pos = 0
        for (s0, t0) in wins:
            v = int(vb[s0:t0], 2)
            if acc is None:
                acc, pos = v, t0
                continue
            acc = b.emit(acc, t0 - pos, v)
            pos = t0
        if pos < len(vb):
            acc = b.emit(acc, len(vb) - pos, None)
        return acc

    for pattern, count in patterns:
        q = len(pattern)

        def W(k):
            return odd_part(int(pattern * k, 2))

        if not build(W(1)):
            return None
        k = 1
        while 2 * k <= count:
            b.emit(W(k), q * k, W(k))
            dictionary.add(W(2 * k))
            k *= 2
        acc = k
        j = k
        while acc < count:
            while acc + j > count:
                j //= 2
            b.emit(W(acc), q * j, W(j))
            acc += j
            dictionary.add(W(acc))
        dictionary.add(W(1))
    wins = windows_dp(bits, dictionary, len(bits))
    if wins is None:
        return None
    result = assemble(bits, wins)
    assert result == e
    return prune(reorder_last(b.program, b.reg[e]))


def reorder_last(program, result_reg):
    """Ensures the program's last step writes `result_reg`."""
    if program and program[-1][0] == result_reg:
        return program
    return program + [(result_reg, result_reg, None, 0)]


def find_patterns(e, min_count=4):
    """Repeated patterns worth a doubling ladder: (pattern, repetitions) for
    every maximal run of at least `min_count` repetitions of a pattern of
    2..8 bits, as it appears in e's binary expansion."""
    bits = bin(e)[2:]
    found = set()
    for q in range(2, 9):
        i = 0
        while i + q <= len(bits):
            pat = bits[i : i + q]
            if "1" not in pat:
                i += 1
                continue
            k = 1
            while bits[i + k * q : i + (k + 1) * q] == pat:
                k += 1
            if k >= min_count:
                # Normalise: rotate so that the pattern starts with 1.
                r = pat.index("1")
                start = i + r
                rot = pat[r:] + pat[:r]
                kk = 1
                while bits[start + kk * q : start + (kk + 1) * q] == rot:
                    kk += 1
                found.add((rot, kk))
                i += k * q
            else:
                i += 1
    return sorted(found, key=lambda t: -len(t[0]) * t[1])


def _pattern_chains(e):
    candidates = [sliding_window(e, w) for w in range(1, 9)]
    pats = find_patterns(e)
    for w in range(1, 7):
        for m in range(0, min(3, len(pats)) + 1):
            for combo in itertools.combinations(pats[:6], m):
                p = dictionary_chain(e, w, list(combo))
                if p is not None and run(p) == e:
                    candidates.append(p)
    return [p for p in candidates if run(p) == e and registers(p) <= MAX_REGISTERS]


def addition_sequence(targets):
    """A short program computing x^d for every odd d in `targets` from x
    and x^2: steps (value, a, b) meaning value = a + b, in order."""
    built = {1, 2}
    steps = [(2, 1, 1)]
    for d in sorted(targets):
        if d in built:
            continue
        todo = [d]
        while todo:
            t = todo[-1]
            pair = next(((a, t - a) for a in sorted(built, reverse=True) if t - a in built), None)
            if pair is not None:
                steps.append((t, pair[0], pair[1]))
                built.add(t)
                todo.pop()
            else:
                todo.append(t - 2)
    return steps


def optimized_window(e, w):
    """Optimal window partition (DP) over odd digits below 2^w, then digits
    dropped one at a time while that lowers windows + precomputation."""
    bits = bin(e)[2:]

    def total(digits):
        wins = windows_dp(bits, digits, w)
        if wins is None:
            return None, None
        used = {int(bits[s:t], 2) for s, t in wins}
        pre = len(addition_sequence(used - {1})) if used - {1} else 0
        return len(wins) - 1 + pre, wins

    digits = set(range(1, 2 ** w, 2))
    best, wins = total(digits)
    improved = True
    while improved:
        improved = False
        used = {int(bits[s:t], 2) for s, t in wins}
        for d in sorted(used - {1}, key=lambda d: -d):
            trial = (digits & used) - {d}
            c, wv = total(trial | {1})
            if c is not None and c < best:
                best, wins, digits = c, wv, trial | {1}
                improved = True
                break
    used = {int(bits[s:t], 2) for s, t in wins}
    b = Builder()
    for value, x, y in addition_sequence(used - {1}) if used - {1} else []:
        # value = x + y: reg(x)^(2^0) * reg(y)
        if value == 2:
            b.emit(1, 1, None)
        else:
            b.emit(x, 0, y)
    acc = None
    pos = 0
    for (s0, t0) in wins:
        v = int(bits[s0:t0], 2)
        if acc is None:
            acc, pos = v, t0
            continue
        acc = b.emit(acc, t0 - pos, v)
        pos = t0
    if pos < len(bits):
        acc = b.emit(acc, len(bits) - pos, None)
    assert acc == e
    return prune(reorder_last(b.program, b.reg[e]))


def best_chain(e):
    """The cheapest program found for x^e: plain sliding windows, windows
    over repeated-pattern values, and DP-optimal windows with a pruned digit
    set; each is checked with `run`."""
    candidates = _pattern_chains(e)
    for w in range(2, 9):
        p = optimized_window(e, w)
        if run(p) == e and registers(p) <= MAX_REGISTERS:
            candidates.append(p)
    return min(candidates, key=cost)
