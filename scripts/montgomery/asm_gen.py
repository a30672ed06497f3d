#!/usr/bin/env python3
"""x86-64 (BMI2 + ADX) Montgomery multiplication and squaring for 4- and
6-limb moduli, emitted as Rust `asm!` bodies into
crates/montgomery/src/arch/x86_64_generated.rs (the backend `Adx` of the
crate `algebraic-hash-montgomery`).

Usage: asm_gen.py [check|write]   (write checks first)

Needs Python 3.8+ only. Every routine is run through a small simulator of
the instructions it uses (mov, mulx, adcx, adox, adc, xor, imul) on random
and edge inputs and compared with Montgomery arithmetic on Python integers
before anything is written; the Rust property tests then compare the
assembled code with ark-ff.

Algorithm (all routines): CIOS with two carry chains. Iteration i adds
a·b_i into (t, A) — low product words on the CF chain (adcx), high words on
the OF chain (adox) — then m = t_0·(−p⁻¹) mod 2^64 and adds m·p the same way,
dropping the zero low word by renaming registers (no moves). Squaring is the
same with b = a; for 4 limbs its input comes in registers (the chain keeps the
value in registers from one squaring to the next). For 4-limb moduli of the
sparse shape p = 1 + p_top·2^192 (the Stark252 prime; `gen_mul(sparse=True)`,
routines `mul_4_sparse` and `square_4_sparse`) the reduction step is one MULX
and four ADCs: m = −t_0 (`neg`, whose carry flag is the carry of t_0 + m),
then m·p_top added at the top word. A dedicated SOS squaring
(the cross products once) was measured no faster here: the reduction, not the
product, is the critical path. The result is below 2p for inputs below 2p when 4p < 2^(64N)
and below 2p for inputs below p when 2p < 2^(64N); the caller subtracts p when
it needs a canonical value.
"""

import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))

# The moduli the workspace uses (arkworks 0.6 `MODULUS` of each field); the
# routines are generic, these only drive the simulation below.
FIELDS = {
    "bn254_fr": 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001,
    "bn254_fq": 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47,
    "bls12_381_fq": 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB,
    "bls12_381_fr": 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001,
    "bls12_377_fq": 0x01AE3A4617C510EAC63B05C06CA1493B1A22D9F300F5138F1EF3622FBA094800170B5D44300000008508C00000000001,
    "bls12_377_fr": 0x12AB655E9A2CA55660B44D1E5C37B00159AA76FED00000010A11800000000001,
    "pallas_fq": 0x40000000000000000000000000000000224698FC094CF91B992D30ED00000001,
    "vesta_fq": 0x40000000000000000000000000000000224698FC0994A8DD8C46EB2100000001,
    # Starknet's Stark252 prime, 2^251 + 17·2^192 + 1: the sparse shape.
    "stark252": 2**251 + 17 * 2**192 + 1,
}


def is_sparse(p, n):
    """Whether p = 1 + p_top·2^(64(n−1)): the shape the sparse reduction needs."""
    return p % 2 ** (64 * (n - 1)) == 1

MASK = (1 << 64) - 1


def gen_mul(n, square, reg_a=False, sparse=False, imm_p=False):
    """Instruction list for t = a·b·2^(−64n) mod-ish p (CIOS, two chains).

    `sparse`: for moduli p = 1 + p_top·2^(64(n−1)) (low words 1, 0, …, 0),
    whose −p⁻¹ mod 2^64 is 2^64 − 1: the reduction word is m = −t_0, and
    t + m·p = t + m + m·p_top·2^(64(n−1)), where t_0 + m is 0 with a carry
    exactly when t_0 ≠ 0 (the carry `neg` sets). One MULX per reduction
    step instead of n, and no IMUL.

    `imm_p`: the modulus words and −p⁻¹ mod 2^64 as immediates ("#p0"..,
    "#inv"; `mov` into a register before each use) instead of reads through a
    pointer. With `reg_a` this frees the register of the pointer, so a
    product with `a` in registers and `b` in memory fits in the 13 general
    registers `asm!` can always allocate (a0..a3, b, r0..r4, lo, hi, rdx).

    Operands: "[a+8k]", "[b+8k]", "[p+8k]" (k = n is −p⁻¹ mod 2^64), registers
    by symbolic name: rdx, lo, hi, and r0..r{n} for the n + 1 accumulator
    words. Returns (instructions, names of the n result registers, low first).
    """
    b = "a" if square else "b"

    def A(j):
        return "a%d" % j if reg_a else "[a+%d]" % (8 * j)

    def B(i):
        return A(i) if (square and reg_a) else "[%s+%d]" % (b, 8 * i)

    ins = []
    regs = ["r%d" % k for k in range(n + 1)]
    t = regs[:n]  # t[0..n-1]
    top = regs[n]  # A
    for i in range(n):
        ins.append(("mov", "rdx", B(i)))
        if i == 0:
            # t = a·b_0: plain products, one carry chain on the high words.
            ins.append(("mulx", t[1], t[0], A(0)))
            for j in range(1, n):
                dst_hi = t[j + 1] if j + 1 < n else top
                ins.append(("mulx", dst_hi, "lo", A(j)))
                if j == 1:
                    ins.append(("add", t[j], "lo"))
                else:
                    ins.append(("adc", t[j], "lo"))
            ins.append(("adc_imm0", top))
        else:
            ins.append(("xor", top))  # top = 0, CF = OF = 0
            for j in range(n):
                ins.append(("mulx", "hi", "lo", A(j)))
                ins.append(("adcx", t[j], "lo"))
                ins.append(("adox", t[j + 1] if j + 1 < n else top, "hi"))
            ins.append(("adc_imm0", top))
        if sparse:
            # m = −t_0 (CF = t_0 ≠ 0: the carry of t_0 + m); add the carry
            # into t_1.., and m·p_top at word n − 1 (its high word into top).
            ins.append(("mov", "rdx", t[0]))
            ins.append(("neg", "rdx"))
            ins.append(("mulx", "hi", "lo", "[p+%d]" % (8 * (n - 1))))
            for j in range(1, n - 1):
                ins.append(("adc_z", t[j]))
            ins.append(("adc", t[n - 1], "lo"))
            ins.append(("adc", top, "hi"))
            ins.append(("no_carry",))
            t, top = t[1:] + [top], t[0]
            continue
        # Reduction: (t, top) += m·p, then drop the (zero) low word.
        if imm_p:
            ins.append(("mov", "rdx", "#inv"))
            ins.append(("imul", "rdx", t[0]))
        else:
            ins.append(("mov", "rdx", t[0]))
            ins.append(("imul", "rdx", "[p+%d]" % (8 * n)))
        ins.append(("xor", "lo"))  # CF = OF = 0

        def P(j):
            """The operand for p_j (moving an immediate into lo first)."""
            if not imm_p:
                return "[p+%d]" % (8 * j)
            ins.append(("mov", "lo", "#p%d" % j))  # mov leaves the flags alone
            return "lo"

        ins.append(("mulx", "hi", "lo", P(0)))
        ins.append(("adcx", "lo", t[0]))  # lo + t0 = 0 mod 2^64: only the carry matters
        ins.append(("adox", t[1], "hi"))
        for j in range(1, n):
            ins.append(("mulx", "hi", "lo", P(j)))
            ins.append(("adcx", t[j], "lo"))
            ins.append(("adox", t[j + 1] if j + 1 < n else top, "hi"))
        ins.append(("adc_imm0", top))
        # Rename: the new t is t[1..n-1], top; the old t[0] register is free
        # and becomes the next top.
        t, top = t[1:] + [top], t[0]
    return ins, t


def simulate(ins, n, a, b, p, inv):
    """Runs the instruction list; returns the result words."""
    regs = {"a%d" % k: a[k] for k in range(n)}
    cf = of = 0

    def load(src):
        if src.startswith("#"):
            return inv if src == "#inv" else p[int(src[2:])]
        if src.startswith("["):
            base, off = src[1:-1].split("+")
            k = int(off) // 8
            return {"a": a, "b": b}.get(base, None)[k] if base in ("a", "b") else (
                p[k] if k < n else inv
            )
        return regs[src]

    for op in ins:
        kind = op[0]
        if kind == "mov":
            regs[op[1]] = load(op[2])
        elif kind == "mulx":
            prod = regs["rdx"] * load(op[3])
            regs[op[2]] = prod & MASK
            regs[op[1]] = prod >> 64
        elif kind == "adcx":
            s = regs[op[1]] + load(op[2]) + cf
            regs[op[1]] = s & MASK
            cf = s >> 64
        elif kind == "adox":
            s = regs[op[1]] + load(op[2]) + of
            regs[op[1]] = s & MASK
            of = s >> 64
        elif kind == "add":
            s = regs[op[1]] + load(op[2])
            regs[op[1]] = s & MASK
            cf = s >> 64
        elif kind == "adc":
            s = regs[op[1]] + load(op[2]) + cf
            regs[op[1]] = s & MASK
            cf = s >> 64
        elif kind == "adc_imm0":
            s = regs[op[1]] + cf
            regs[op[1]] = s & MASK
            cf = s >> 64
            assert cf == 0, "carry out of the top word"
            # adc leaves OF defined by the addition; it is never read after.
            assert of == 0, "pending OF carry at the top word"
        elif kind == "adc_z":
            s = regs[op[1]] + cf
            regs[op[1]] = s & MASK
            cf = s >> 64
        elif kind == "neg":
            v = regs[op[1]]
            regs[op[1]] = (-v) & MASK
            cf = int(v != 0)
            of = int(v == 1 << 63)
        elif kind == "no_carry":
            assert cf == 0, "carry out of the top word"
        elif kind == "xor":
            regs[op[1]] = 0
            cf = of = 0
        elif kind == "imul":
            regs[op[1]] = (regs[op[1]] * load(op[2])) & MASK
        else:
            raise ValueError(kind)
    return regs


def words(v, n):
    return [(v >> (64 * k)) & MASK for k in range(n)]


def check_field(name, square, trials=3000, reg_a=False, sparse=False, imm_p=False):
    p = FIELDS[name]
    n = 6 if p.bit_length() > 256 else 4
    lazy = p < 2 ** (64 * n - 2)
    bound = 2 * p if lazy else p
    inv = (-pow(p, -1, 2 ** 64)) % 2 ** 64
    rinv = pow(2 ** (64 * n), -1, p)
    assert is_sparse(p, n) or not sparse
    ins, out = gen_mul(n, square, reg_a, sparse, imm_p)
    rng = random.Random(name + str(square) + str(sparse) + str(imm_p))
    edge = [0, 1, 2, p - 1, p - 2, bound - 1, bound - 2, p, p + 1, 2 ** (64 * n - 3) % bound]
    samples = [(x, y) for x in edge for y in edge] + [
        (rng.randrange(bound), rng.randrange(bound)) for _ in range(trials)
    ]
    for x, y in samples:
        if x >= bound or y >= bound:
            continue
        if square:
            y = x
        regs = simulate(ins, n, words(x, n), words(y, n), words(p, n), inv)
        got = sum(regs[r] << (64 * k) for k, r in enumerate(out))
        assert got % p == x * y * rinv % p, (name, x, y)
        assert got < 2 * p, (name, x, y)
    return n


INTEL = {"mov", "mulx", "adcx", "adox", "add", "adc", "imul"}


def rust_asm(ins, n, square):
    """The asm! template lines (Intel syntax)."""
    lines = []

    def opnd(x):
        if x.startswith("["):
            base, off = x[1:-1].split("+")
            return "qword ptr [{%s} + %d]" % (base, int(off))
        if x.startswith("#"):
            return "{%s}" % x[1:]
        if x == "rdx":
            return "rdx"
        return "{%s}" % x

    for op in ins:
        kind = op[0]
        if kind == "mov":
            lines.append("mov %s, %s" % (opnd(op[1]), opnd(op[2])))
        elif kind == "mulx":
            lines.append("mulx %s, %s, %s" % (opnd(op[1]), opnd(op[2]), opnd(op[3])))
        elif kind in ("adcx", "adox", "add", "adc"):
            lines.append("%s %s, %s" % (kind, opnd(op[1]), opnd(op[2])))
        elif kind in ("adc_imm0", "adc_z"):
            lines.append("adc %s, 0" % opnd(op[1]))
        elif kind == "neg":
            lines.append("neg %s" % opnd(op[1]))
        elif kind == "no_carry":
            pass
        elif kind == "xor":
            lines.append("xor %s, %s" % (opnd(op[1]), opnd(op[1])))
        elif kind == "imul":
            lines.append("imul %s, %s" % (opnd(op[1]), opnd(op[2])))
        else:
            raise ValueError(kind)
    return lines


def emit():
    out = []
    w = out.append
    w("//! Generated by `scripts/montgomery/asm_gen.py write`: do not edit.")
    w("//!")
    w("//! Montgomery product and square (CIOS, two carry chains with ADCX/ADOX,")
    w("//! MULX) for 4- and 6-limb moduli; see the script for the algorithm and")
    w("//! its simulation against integer arithmetic.")
    w("")
    w("use super::x86_64::word;")
    w("use crate::MontConfig;")
    w("")
    variants = [(n, square, False) for n in (4, 6) for square in (False, True)]
    variants += [(4, False, True), (4, True, True)]
    for n, square, sparse in variants:
        # 4 limbs: `a` in registers; the generic product then takes the
        # modulus as immediates (the field's constants), so that `a`, the
        # pointer to `b` and the accumulators fit in 13 registers.
        reg_a = n == 4 and (square or not sparse)
        imm_p = reg_a and not square
        ins, result = gen_mul(n, square, reg_a, sparse, imm_p)
        fname = "%s_%d%s" % ("square" if square else "mul", n, "_sparse" if sparse else "")
        generic = ""
        if imm_p:
            generic = "<C: MontConfig<N>, const N: usize>"
            args = "a: &[u64; %d], b: *const u64" % n
        elif reg_a:
            args = "a: &[u64; %d], pinv: *const u64" % n
        elif square:
            args = "a: *const u64, pinv: *const u64"
        else:
            args = "a: *const u64, b: *const u64, pinv: *const u64"
        what = "a²" if square else "a·b"
        w("/// %s·2^(−%d) modulo p, below 2p (input bounds: see the crate documentation)." % (what, 64 * n))
        if imm_p:
            w("/// The modulus is that of `C` (N = %d), as immediates in the code." % n)
        if sparse:
            w("/// Only for moduli p = 1 + p_top·2^%d (low words 1, 0, 0): one MULX" % (64 * (n - 1)))
            w("/// per reduction step.")
        w("///")
        w("/// # Safety")
        if imm_p:
            w("/// The CPU must support BMI2 and ADX; `N` must be %d and `b` must point to" % n)
            w("/// %d readable words." % n)
        elif reg_a:
            w("/// The CPU must support BMI2 and ADX; `pinv` must point to %d readable" % (n + 1))
            w("/// words: the modulus, then −p⁻¹ mod 2^64.")
        else:
            w("/// The CPU must support BMI2 and ADX; `a`%s must point to %d readable" % ("" if square else " and `b`", n))
        if not reg_a:
            w("/// words and `pinv` to %d: the modulus, then −p⁻¹ mod 2^64." % (n + 1))
        w("#[inline(always)]")
        w("pub(crate) unsafe fn %s%s(%s) -> [u64; %d] {" % (fname, generic, args, n))
        regs = sorted(
            {x for op in ins for x in op[1:] if isinstance(x, str) and x.startswith("r") and x != "rdx"},
            key=lambda r: int(r[1:]),
        )
        w("    let (%s): (%s);" % (", ".join(result), ", ".join(["u64"] * n)))
        w("    // SAFETY: the caller guarantees BMI2 and ADX and that the asm's reads")
        if imm_p:
            w("    // (%d words at `b`) are in bounds; it writes only its" % n)
        elif reg_a:
            w("    // (%d words at `pinv`) are in bounds; it writes only its" % (n + 1))
        else:
            w("    // (%d words at `a`%s, %d at `pinv`) are in bounds; it writes only its" % (
                n, "" if square else " and at `b`", n + 1))
        w("    // declared registers and flags, and touches neither stack nor memory.")
        w("    unsafe {")
        w("        core::arch::asm!(")
        for line in rust_asm(ins, n, square):
            w('            "%s",' % line)
        if reg_a:
            for k in range(n):
                w("            a%d = in(reg) a[%d]," % (k, k))
        else:
            w("            a = in(reg) a,")
        if not square:
            w("            b = in(reg) b,")
        if imm_p:
            for k in range(n):
                w("            p%d = const word::<C, N>(%d)," % (k, k))
            w("            inv = const word::<C, N>(%d)," % n)
        else:
            w("            p = in(reg) pinv,")
        for r in regs:
            w("            %s = out(reg) %s," % (r, r if r in result else "_"))
        w("            lo = out(reg) _,")
        w("            hi = out(reg) _,")
        w('            out("rdx") _,')
        w("            options(pure, readonly, nostack),")
        w("        );")
        w("    }")
        w("    [%s]" % ", ".join(result))
        w("}")
        w("")
    return "\n".join(out)



def gen_mul_wide(n):
    """Instruction list for the 2n-word product a·b, no reduction (the
    terms of a dot product, summed by the caller before one reduction).

    Row 0 is plain MULX products on one carry chain; row i > 0 adds a·b_i
    into words i..i+n with low product words on the CF chain (ADCX) and
    high words on the OF chain (ADOX), word i + n zeroed by the `xor` that
    clears both flags. Registers: r0..r{2n−1} for the result, lo, hi, rdx.
    Returns (instructions, names of the 2n result registers, low first).
    """
    r = ["r%d" % k for k in range(2 * n)]
    ins = [("mov", "rdx", "[b+0]"), ("mulx", r[1], r[0], "[a+0]")]
    for j in range(1, n):
        ins.append(("mulx", r[j + 1], "lo", "[a+%d]" % (8 * j)))
        ins.append(("add" if j == 1 else "adc", r[j], "lo"))
    ins.append(("adc_imm0", r[n]))
    for i in range(1, n):
        ins.append(("mov", "rdx", "[b+%d]" % (8 * i)))
        ins.append(("xor", r[i + n]))
        for j in range(n):
            ins.append(("mulx", "hi", "lo", "[a+%d]" % (8 * j)))
            ins.append(("adcx", r[i + j], "lo"))
            ins.append(("adox", r[i + j + 1], "hi"))
        ins.append(("adc_imm0", r[i + n]))
    return ins, r


def check_mul_wide(n, trials=20000):
    """The product routine against Python integers, on random words and on
    every pair of edge values (all-ones words give the longest carries)."""
    ins, out = gen_mul_wide(n)
    rng = random.Random("mul_wide%d" % n)
    top = 2 ** (64 * n)
    edge = [0, 1, 2, top - 1, top - 2, 2 ** 63, MASK, top // 3]
    edge += [FIELDS[f] - 1 for f in FIELDS if FIELDS[f] < top]
    samples = [(x, y) for x in edge for y in edge] + [
        (rng.randrange(top), rng.randrange(top)) for _ in range(trials)
    ]
    for x, y in samples:
        regs = simulate(ins, n, words(x, n), words(y, n), [0] * n, 0)
        got = sum(regs[w] << (64 * k) for k, w in enumerate(out))
        assert got == x * y, (n, x, y)


def emit_wide():
    """The emitted section of the wide products (appended after `emit`)."""
    out = []
    w = out.append
    n = 4
    ins, result = gen_mul_wide(n)
    w("/// The 8-word product a·b (no reduction): the terms of a dot product,")
    w("/// which the caller sums before one Montgomery reduction.")
    w("///")
    w("/// # Safety")
    w("/// The CPU must support BMI2 and ADX; `a` and `b` must point to 4 readable")
    w("/// words.")
    w("#[inline(always)]")
    w("pub(crate) unsafe fn mul_wide_4(a: *const u64, b: *const u64) -> [u64; 8] {")
    w("    let (%s): (%s);" % (", ".join(result), ", ".join(["u64"] * (2 * n))))
    w("    // SAFETY: the caller guarantees BMI2 and ADX and that the asm's reads")
    w("    // (4 words at `a` and at `b`) are in bounds; it writes only its")
    w("    // declared registers and flags, and touches neither stack nor memory.")
    w("    unsafe {")
    w("        core::arch::asm!(")
    for line in rust_asm(ins, n, False):
        w('            "%s",' % line)
    w("            a = in(reg) a,")
    w("            b = in(reg) b,")
    for r in result:
        w("            %s = out(reg) %s," % (r, r))
    w("            lo = out(reg) _,")
    w("            hi = out(reg) _,")
    w('            out("rdx") _,')
    w("            options(pure, readonly, nostack),")
    w("        );")
    w("    }")
    w("    [%s]" % ", ".join(result))
    w("}")
    w("")
    return "\n".join(out)


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else "check"
    for name in FIELDS:
        for square in (False, True):
            n = check_field(name, square)
            print("ok %s %s (%d limbs)" % (name, "square" if square else "mul", n))
        if FIELDS[name].bit_length() <= 256:
            check_field(name, True, reg_a=True)
            print("ok %s square with the input in registers" % name)
            check_field(name, False, reg_a=True, imm_p=True)
            print("ok %s product with a in registers, the modulus as immediates" % name)
            if is_sparse(FIELDS[name], 4):
                check_field(name, False, sparse=True)
                check_field(name, True, reg_a=True, sparse=True)
                print("ok %s sparse product and square" % name)
    check_mul_wide(4)
    print("ok 4-word wide product")
    if what == "write":
        path = os.path.join(ROOT, "crates", "montgomery", "src", "arch", "x86_64_generated.rs")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(emit())
            f.write("\n")
            f.write(emit_wide())
        import subprocess

        try:
            subprocess.run(["rustfmt", "--edition", "2024", path], check=True)
        except FileNotFoundError:
            pass
        print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    main()
