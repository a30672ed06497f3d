"""Shared steps of the Hades Poseidon constant generators.

Needs only Python 3. The round code of `crates/poseidon/src/hades` adds one
constant per partial round (to the S-box cell); `compress` turns the
textbook table (one constant per cell and round) into that form, and
`rust_table` writes limb arrays in Montgomery form (x * 2^256 mod p,
little-endian 64-bit words) as arkworks stores them.
"""


def mat_vec(m, v, p):
    return [sum(a * b for a, b in zip(row, v)) % p for row in m]


def compress(rounds, m, rf, rp, sbox_cell, p):
    """(full, partial) from the textbook constants `rounds` (rf + rp rows of
    t values, added before the S-boxes of each round; matrix `m` after).

    In a partial round only the S-box cell goes through x^alpha: the
    constants of the other cells pass through the S-box unchanged and are
    carried through the matrix into the next round's constants. Returns the
    rf full-round rows (the first one after the partial rounds takes the
    carry) and one constant per partial round."""
    t = len(m)
    half = rf // 2
    full = [list(r) for r in rounds[:half]]
    partial = []
    carry = [0] * t
    for r in range(half, half + rp):
        c = [(a + b) % p for a, b in zip(rounds[r], carry)]
        partial.append(c[sbox_cell])
        c[sbox_cell] = 0
        carry = mat_vec(m, c, p)
    first = [(a + b) % p for a, b in zip(rounds[half + rp], carry)]
    full.append(first)
    full += [list(r) for r in rounds[half + rp + 1:]]
    assert len(full) == rf and len(partial) == rp
    return full, partial


def limbs(x, p, n=4):
    mont = (x << (64 * n)) % p
    return [(mont >> (64 * i)) & (2**64 - 1) for i in range(n)]


def rust_limbs(x, p, n=4):
    return "[" + ", ".join(f"0x{w:016x}" for w in limbs(x, p, n)) + "]"


def rust_table(name, doc, rows, p, n=4):
    """A `static` of limb arrays: rows of t elements, or a flat list."""
    out = [f"/// {doc}", "#[rustfmt::skip]"]
    if rows and isinstance(rows[0], list):
        t = len(rows[0])
        out.append(f"pub(super) static {name}: [[[u64; {n}]; {t}]; {len(rows)}] = [")
        for row in rows:
            out.append("    [")
            out += [f"        {rust_limbs(x, p, n)}," for x in row]
            out.append("    ],")
    else:
        out.append(f"pub(super) static {name}: [[u64; {n}]; {len(rows)}] = [")
        out += [f"    {rust_limbs(x, p, n)}," for x in rows]
    out.append("];")
    return "\n".join(out) + "\n"


def mat_mul(a, b, p):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) % p for j in range(len(b[0]))] for i in range(len(a))]


def mat_inv(m, p):
    """Inverse mod p by Gauss-Jordan elimination."""
    n = len(m)
    a = [list(row) + [int(i == j) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if a[r][col] % p)
        a[col], a[pivot] = a[pivot], a[col]
        inv = pow(a[col][col], p - 2, p)
        a[col] = [x * inv % p for x in a[col]]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [(x - f * y) % p for x, y in zip(a[r], a[col])]
    return [row[n:] for row in a]


def sparse_factors(m, rp, p):
    """The partial rounds' matrices in sparse form (S-box on cell 0).

    Every partial round ends with M. Going backwards, round i's matrix A is
    written A = S·P with P = diag(1, Â) (it leaves cell 0 alone, so it
    commutes with the S-box and with adding a constant to cell 0) and
    S = [[a00, a^T Â^-1], [b, I]] (one dense row, one column, identity
    elsewhere); P moves into the previous round's matrix, P·M. What is left
    before the first partial round, P_0·M, is the last full round's matrix.
    Returns (pre_sparse, rows, cols): rows[i] = (a00, a^T Â^-1), cols[i] =
    (0, b), in round order."""
    t = len(m)
    rows, cols = [], []
    a = m
    for _ in range(rp):
        hat = [row[1:] for row in a[1:]]
        hat_inv = mat_inv(hat, p)
        top = a[0][1:]
        s_row = [a[0][0]] + [sum(top[k] * hat_inv[k][j] for k in range(t - 1)) % p for j in range(t - 1)]
        s_col = [0] + [a[i][0] for i in range(1, t)]
        rows.append(s_row)
        cols.append(s_col)
        big_p = [[int(j == 0) for j in range(t)]] + [[0] + hat[i] for i in range(t - 1)]
        a = mat_mul(big_p, m, p)
    rows.reverse()
    cols.reverse()
    return a, rows, cols


def sparse_factors_at(m, rp, p, cell):
    """`sparse_factors` for the S-box on `cell`: the same factoring in the
    basis where `cell` and 0 trade places, mapped back. rows[i] is then the
    dense row that writes `cell`, cols[i] the column that `cell`'s old value
    is added along (entry `cell` unused, zero)."""
    t = len(m)
    perm = list(range(t))
    perm[0], perm[cell] = cell, 0

    def swap(v):
        return [v[perm[i]] for i in range(t)]

    swapped = [swap(m[perm[i]]) for i in range(t)]
    pre, rows, cols = sparse_factors(swapped, rp, p)
    pre = [swap(pre[perm[i]]) for i in range(t)]
    return pre, [swap(r) for r in rows], [swap(c) for c in cols]


def textbook_permutation(state, rounds, m, rf, rp, alpha, sbox_cell, p):
    """The paper's rounds with the textbook table: add the round's t
    constants, x^alpha on every cell (full rounds) or on `sbox_cell`
    (partial rounds), multiply by `m`."""
    half = rf // 2
    for r, c in enumerate(rounds):
        state = [(x + k) % p for x, k in zip(state, c)]
        full = r < half or r >= half + rp
        state = [pow(x, alpha, p) if full or i == sbox_cell else x for i, x in enumerate(state)]
        state = mat_vec(m, state, p)
    return state


def sparse_permutation(state, full, partial, m, pre_sparse, rows, cols, alpha, p):
    """The order of the Hades round code with compressed constants
    (`compress`) and sparse partial rounds on cell 0 (`sparse_factors`)."""
    half = len(full) // 2

    def full_round(state, c, mat):
        state = [pow((x + k) % p, alpha, p) for x, k in zip(state, c)]
        return mat_vec(mat, state, p)

    for r in range(half):
        state = full_round(state, full[r], pre_sparse if r == half - 1 else m)
    for c, row, col in zip(partial, rows, cols):
        state[0] = pow((state[0] + c) % p, alpha, p)
        x0 = sum(a * b for a, b in zip(row, state)) % p
        state = [x0] + [(x + k * state[0]) % p for x, k in zip(state[1:], col[1:])]
    for r in range(half, len(full)):
        state = full_round(state, full[r], m)
    return state


def grain_rounds(grain, rounds, t, n_bits, p):
    """`rounds` rows of t round constants from a Grain LFSR (`grain.py`):
    n-bit draws, most significant bit first, values >= p rejected."""
    out = []
    for _ in range(rounds):
        row = []
        while len(row) < t:
            v = grain.bits(n_bits)
            if v < p:
                row.append(v)
        out.append(row)
    return out
