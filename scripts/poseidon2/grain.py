#!/usr/bin/env python3
"""Poseidon2 over BN254: parameters from the Grain LFSR, and a reference permutation.

Needs: Python 3.8+ (standard library only).

This is an independent re-implementation (written for this project from the
description in HorizenLabs' `poseidon2_rust_params.sage`, which we read but do
not copy) of how the HorizenLabs Poseidon2 parameters are derived:

* the Grain LFSR of the Poseidon paper (eprint 2019/458, appendix F), seeded
  with 80 bits: field type (2 bits, 1 = prime field), S-box type (4 bits),
  field size n (12), width t (12), R_F (10), R_P (10), then thirty 1 bits;
  the first 160 output bits are discarded, then the generator runs in
  self-shrinking mode (of each pair of bits, the second is output when the
  first is 1);
* round constants: R_F * t + R_P field elements, n bits each, most significant
  bit first, values >= p rejected and redrawn; partial rounds get one constant
  (stored here as the first cell of a row whose other cells are zero);
* the internal matrix for t = 2, 3 is fixed ([[2,1],[1,3]], [[2,1,1],[1,2,1],
  [1,1,3]], i.e. all-ones plus diag(1,2) / diag(1,1,2)); for t = 4, 8, 12, 16
  it is the all-ones matrix plus diag(d) where the d_i are n-bit draws taken
  right after the round constants (reduced mod p, not rejected), redrawn as a
  set of t until the characteristic polynomial of every power M^1..M^(2t) is
  irreducible (HorizenLabs' `check_minpoly_condition`; Rabin's test here);
* the external matrix for t = 4k is circ(2 M4, M4, ..., M4) with HorizenLabs'
  M4 (for t = 8, 12, 16 only the "new" set exists: gnark-crypto v0.22.0 and
  taceo-poseidon2 0.3.1 publish it; R_F = 8, R_P = 57 there);
* the "old" parameters (HorizenLabs before commit bb476b9) seed the LFSR with
  S-box field 1, the "new" ones (since bb476b9) with 0. Nothing else differs.

Round numbers: `round_numbers(t)` re-derives (R_F, R_P) with the security
inequalities and margin of the same script (M = 128 bits).

Usage:
    python3 scripts/poseidon2/grain.py            # print the six instances' KATs
    python3 scripts/poseidon2/grain.py --rounds   # also re-derive R_F, R_P
"""

import math
import sys

P = 21888242871839275222246405745257275088548364400416034343698204186575808495617
N_BITS = P.bit_length()  # 254
ALPHA = 5
SECURITY = 128
SETS = {"old": 1, "new": 0}  # S-box field of the Grain seed
WIDTHS = (2, 3, 4)
# Wider states: published by HorizenLabs' script users (taceo-poseidon2,
# gnark-crypto) for the "new" set only.
WIDE_WIDTHS = (8, 12, 16)


# --------------------------------------------------------------------------
# Round numbers


def _sat(t, rf, rp, alpha=ALPHA, m=SECURITY, p=P, n=N_BITS):
    log2p = math.log2(p)
    la = lambda x: math.log(x) / math.log(alpha)  # noqa: E731  log base alpha
    rf1 = 6 if m <= math.floor(log2p - (alpha - 1) / 2.0) * (t + 1) else 10
    rf2 = 1 + math.ceil(la(2) * min(m, n)) + math.ceil(la(t)) - rp
    rf3 = la(2) * min(m, log2p) - rp
    rf4 = t - 1 + la(2) * min(m / float(t + 1), log2p / 2.0) - rp
    rf5 = (t - 2 + m / (2 * math.log2(alpha)) - rp) / float(t - 1)
    rf_max = max(math.ceil(rf1), math.ceil(rf2), math.ceil(rf3), math.ceil(rf4), math.ceil(rf5))
    # Groebner-basis bound of eprint 2023/537
    r = t // 3
    over = (rf - 1) * t + rp + r + r * (rf // 2) + rp + alpha
    under = r * (rf // 2) + rp + alpha
    cost_gb4 = math.ceil(2 * math.log2(math.comb(over, under)))
    return rf >= rf_max and cost_gb4 >= m


def round_numbers(t):
    """(R_F, R_P) with the sage script's search order, margin and tie-break."""
    best = (0, 0)
    min_cost = math.inf
    max_cost_rf = 0
    for rp_t in range(1, 500):
        for rf_t in range(4, 100, 2):
            if _sat(t, rf_t, rp_t):
                # the margin is applied in place: the bumped R_P carries on
                # into the remaining R_F candidates of this R_P (as in sage)
                rf_t += 2
                rp_t = math.ceil(rp_t * 1.075)
                cost = t * rf_t + rp_t
                if cost < min_cost or (cost == min_cost and rf_t < max_cost_rf):
                    best = (rf_t, rp_t)
                    min_cost = cost
                    max_cost_rf = rf_t
    return best


# --------------------------------------------------------------------------
# Grain LFSR


class Grain:
    def __init__(self, sbox, t, rf, rp, n=N_BITS, field=1):
        bits = []
        for value, width in ((field, 2), (sbox, 4), (n, 12), (t, 12), (rf, 10), (rp, 10)):
            bits += [(value >> (width - 1 - i)) & 1 for i in range(width)]
        bits += [1] * 30
        assert len(bits) == 80
        self.state = bits
        for _ in range(160):
            self._clock()

    def _clock(self):
        s = self.state
        b = s[62] ^ s[51] ^ s[38] ^ s[23] ^ s[13] ^ s[0]
        s.pop(0)
        s.append(b)
        return b

    def bit(self):
        while True:
            first = self._clock()
            second = self._clock()
            if first == 1:
                return second

    def bits(self, count):
        value = 0
        for _ in range(count):
            value = (value << 1) | self.bit()
        return value


# --------------------------------------------------------------------------
# Polynomials over F_p (lists of coefficients, lowest degree first)


def _trim(a):
    while a and a[-1] == 0:
        a.pop()
    return a


def _polymod(a, m):
    a = [x % P for x in a]
    _trim(a)
    inv = pow(m[-1], P - 2, P)
    while len(a) >= len(m):
        coef = a[-1] * inv % P
        shift = len(a) - len(m)
        for i, c in enumerate(m):
            a[shift + i] = (a[shift + i] - coef * c) % P
        _trim(a)
    return a


def _polymulmod(a, b, m):
    out = [0] * (len(a) + len(b) - 1) if a and b else []
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            out[i + j] = (out[i + j] + x * y) % P
    return _polymod(out, m)


def _polypowmod(base, e, m):
    result = [1]
    base = _polymod(base, m)
    while e:
        if e & 1:
            result = _polymulmod(result, base, m)
        base = _polymulmod(base, base, m)
        e >>= 1
    return result


def _polygcd(a, b):
    a, b = _trim([x % P for x in a]), _trim([x % P for x in b])
    while b:
        a, b = b, _polymod(a, b)
    return a


def _irreducible_quartic(f):
    """A degree-4 polynomial is irreducible iff it has no factor of degree
    1 or 2, i.e. iff gcd(f, x^(p^2) - x) = 1."""
    assert len(f) == 5
    xq = _polypowmod([0, 1], P * P, f)
    diff = xq + [0] * max(0, 2 - len(xq))
    diff[1] = (diff[1] - 1) % P
    g = _polygcd(f, diff)
    return len(g) == 1


def _charpoly(mat):
    """Faddeev-LeVerrier over F_p (p > t)."""
    t = len(mat)
    coeffs = [0] * (t + 1)
    coeffs[t] = 1
    mk = [[0] * t for _ in range(t)]
    for k in range(1, t + 1):
        # M_k = A * M_{k-1} + c_{t-k+1} I
        prod = _matmul(mat, mk)
        for i in range(t):
            prod[i][i] = (prod[i][i] + coeffs[t - k + 1]) % P
        mk = prod
        am = _matmul(mat, mk)
        trace = sum(am[i][i] for i in range(t)) % P
        coeffs[t - k] = (-trace * pow(k, P - 2, P)) % P
    return coeffs


def _matmul(a, b):
    t = len(a)
    return [[sum(a[i][k] * b[k][j] for k in range(t)) % P for j in range(t)] for i in range(t)]


def _prime_factors(n):
    out, q = [], 2
    while q * q <= n:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    if n > 1:
        out.append(n)
    return out


def _frobenius_rows(f):
    """Rows x^(i*p) mod f, i < deg f: the matrix of the F_p-linear map
    g(x) -> g(x)^p = g(x^p) on polynomials of degree < deg f."""
    n = len(f) - 1
    xp = _polypowmod([0, 1], P, f)
    rows, cur = [], [1]
    for _ in range(n):
        rows.append(cur + [0] * (n - len(cur)))
        cur = _polymulmod(cur, xp, f)
    return rows


def _apply_frobenius(rows, g):
    n = len(rows)
    g = g + [0] * (n - len(g))
    out = [0] * n
    for i, c in enumerate(g):
        if c:
            row = rows[i]
            for j in range(n):
                out[j] = (out[j] + c * row[j]) % P
    return _trim(out)


def _irreducible(f):
    """Rabin's test for a monic f of degree n: f is irreducible iff
    x^(p^n) = x mod f and gcd(x^(p^(n/q)) - x, f) = 1 for every prime q | n.
    (For n = 4 this is the same as the quartic test above.)"""
    n = len(f) - 1
    rows = _frobenius_rows(f)
    powers = {}  # k -> x^(p^k) mod f
    cur = [0, 1]
    for k in range(1, n + 1):
        cur = _apply_frobenius(rows, cur)
        powers[k] = cur

    def minus_x(g):
        g = g + [0] * max(0, 2 - len(g))
        g[1] = (g[1] - 1) % P
        return _trim(g)

    if minus_x(list(powers[n])):
        return False
    for q in _prime_factors(n):
        if len(_polygcd(f, minus_x(list(powers[n // q])))) != 1:
            return False
    return True


def _minpoly_condition(mat):
    """Every power M^1 .. M^(2t) has an irreducible degree-t minimal
    polynomial; for a t x t matrix that is: its characteristic polynomial is
    irreducible (then it is the minimal polynomial)."""
    power = mat
    for _ in range(2 * len(mat)):
        if not _irreducible(_charpoly(power)):
            return False
        power = _matmul(mat, power)
    return True


# --------------------------------------------------------------------------
# Instances


class Instance:
    def __init__(self, name, t, rf, rp, rc_full, rc_partial, diag):
        self.name, self.t, self.rf, self.rp = name, t, rf, rp
        self.rc_full = rc_full  # rf rows of t constants
        self.rc_partial = rc_partial  # rp constants
        self.diag = diag  # internal matrix = all-ones + diag(diag)


def generate(param_set, t, rf=8, rp=56):
    grain = Grain(SETS[param_set], t, rf, rp)
    constants = []
    for _ in range(rf * t + rp):
        value = grain.bits(N_BITS)
        while value >= P:
            value = grain.bits(N_BITS)
        constants.append(value)
    half = rf // 2 * t
    rc_full = [constants[i : i + t] for i in range(0, half, t)]
    rc_partial = constants[half : half + rp]
    rest = constants[half + rp :]
    rc_full += [rest[i : i + t] for i in range(0, len(rest), t)]
    if t == 2:
        diag = [1, 2]
    elif t == 3:
        diag = [1, 1, 2]
    else:
        while True:
            diag = [grain.bits(N_BITS) % P for _ in range(t)]
            # M = circulant(0, 1, ..., 1) + diag(draws); the layer computes
            # (all-ones + diag(draws - 1)), stored as "diagonal minus one".
            mat = [[(diag[i] if i == j else 1) for j in range(t)] for i in range(t)]
            if _minpoly_condition(mat):
                break
        diag = [(d - 1) % P for d in diag]
    return Instance(f"{param_set}_t{t}", t, rf, rp, rc_full, rc_partial, diag)


# --------------------------------------------------------------------------
# Reference permutation (plain, slow, readable)


M4 = [[5, 7, 1, 3], [4, 6, 1, 1], [1, 3, 5, 7], [1, 1, 4, 6]]


def external(state):
    """The external linear layer: t = 2, 3: all-ones + identity; t = 4k:
    M4 on each block of four cells, then every block plus the sum of all
    blocks (the block-circulant circ(2 M4, M4, ..., M4) of the paper)."""
    t = len(state)
    if t in (2, 3):
        s = sum(state)
        return [(x + s) % P for x in state]
    assert t % 4 == 0
    blocks = []
    for b in range(0, t, 4):
        chunk = state[b : b + 4]
        blocks.append([sum(M4[i][j] * chunk[j] for j in range(4)) % P for i in range(4)])
    sums = [sum(blk[i] for blk in blocks) % P for i in range(4)]
    return [(blk[i] + sums[i]) % P for blk in blocks for i in range(4)]


def internal(state, diag):
    s = sum(state)
    return [(x * d + s) % P for x, d in zip(state, diag)]


def permute(inst, state):
    state = [x % P for x in state]
    assert len(state) == inst.t
    state = external(state)
    half = inst.rf // 2
    for row in inst.rc_full[:half]:
        state = external([pow((x + c) % P, ALPHA, P) for x, c in zip(state, row)])
    for c in inst.rc_partial:
        state[0] = pow((state[0] + c) % P, ALPHA, P)
        state = internal(state, inst.diag)
    for row in inst.rc_full[half:]:
        state = external([pow((x + c) % P, ALPHA, P) for x, c in zip(state, row)])
    return state


def compress(inst, inputs):
    assert len(inputs) == inst.t - 1
    return permute(inst, list(inputs) + [0])[0]


def sponge_hash(inst, inputs):
    """Barretenberg's / Noir's Poseidon2 sponge, generalised to width t:
    rate t - 1 (cells 0..t-2), capacity cell t-1 = len(inputs) * 2^64,
    absorb by adding into the rate, permute when a further element arrives
    for a full rate and once at the end (at least once), output cell 0."""
    t = inst.t
    state = [0] * t
    state[t - 1] = len(inputs) << 64
    used = 0
    for x in inputs:
        if used == t - 1:
            state = permute(inst, state)
            used = 0
        state[used] = (state[used] + x) % P
        used += 1
    return permute(inst, state)[0]


def all_instances():
    return {f"{s}_t{t}": generate(s, t) for s in SETS for t in WIDTHS}


def main(argv):
    if "--rounds" in argv:
        for t in WIDTHS:
            print(f"t = {t}: (R_F, R_P) = {round_numbers(t)}")
    for name, inst in all_instances().items():
        kat = permute(inst, list(range(inst.t)))
        print(name, [hex(x) for x in kat])


if __name__ == "__main__":
    main(sys.argv[1:])
