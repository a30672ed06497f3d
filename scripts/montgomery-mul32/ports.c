/* Reciprocal throughput of the few AVX-512 instructions that bound the
 * vpmuludq product (README.md): each loop runs 12 independent chains of one
 * instruction kind, so only the execution ports limit it. The clock is
 * measured first with a chain of dependent 64-bit adds (one per cycle on
 * every x86-64 core of the last decade), so the figures are cycles, not
 * nanoseconds. Medians of 301 short runs (robust to a shared machine).
 *
 *   cc -O2 ports.c -o ports && ./ports     (x86-64 with AVX-512F and IFMA)
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define RUNS 301
#define ITERS 4000L

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

/* Twelve copies of one instruction on zmm0..zmm11 (zmm30, zmm31 inputs). */
#define X12(I) I(0) I(1) I(2) I(3) I(4) I(5) I(6) I(7) I(8) I(9) I(10) I(11)
#define MUL(k) "vpmuludq %%zmm31, %%zmm" #k ", %%zmm" #k "\n"
#define ADD(k) "vpaddq %%zmm31, %%zmm" #k ", %%zmm" #k "\n"
#define SHL(k) "vpsllq $3, %%zmm" #k ", %%zmm" #k "\n"
#define MULADD(k) MUL(k) "vpaddq %%zmm30, %%zmm" #k ", %%zmm" #k "\n"
#define MADD(k) "vpmadd52luq %%zmm31, %%zmm30, %%zmm" #k "\n"

/* Median nanoseconds of one run of ITERS iterations of BODY. */
#define TIME(BODY, out)                                                        \
    do {                                                                       \
        double v[RUNS];                                                        \
        for (int r = 0; r < RUNS; r++) {                                       \
            double t0 = now_ns();                                              \
            __asm__ volatile("mov %0, %%rcx\n1:\n" BODY "dec %%rcx\njnz 1b\n"  \
                             ::"r"(ITERS) : "rcx", "rax", "memory");           \
            v[r] = now_ns() - t0;                                              \
        }                                                                      \
        qsort(v, RUNS, sizeof v[0], by_value);                                 \
        out = v[RUNS / 2];                                                     \
    } while (0)

#define DEP_ADDS "add $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\n" \
                 "add $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\n" \
                 "add $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\nadd $1, %%rax\n"

int main(void) {
    double ns;
    TIME(DEP_ADDS, ns);
    double ghz = 12.0 * ITERS / ns;
    printf("clock (dependent adds)            %.2f GHz\n", ghz);
    struct { const char *name; double ns; } rows[5];
    TIME(X12(MUL), rows[0].ns);    rows[0].name = "vpmuludq zmm";
    TIME(X12(ADD), rows[1].ns);    rows[1].name = "vpaddq zmm";
    TIME(X12(SHL), rows[2].ns);    rows[2].name = "vpsllq zmm";
    TIME(X12(MULADD), rows[3].ns); rows[3].name = "vpmuludq + vpaddq";
    TIME(X12(MADD), rows[4].ns);   rows[4].name = "vpmadd52luq zmm";
    for (int i = 0; i < 5; i++)
        printf("%-33s %.2f cycles per %s\n", rows[i].name,
               rows[i].ns * ghz / (12.0 * ITERS),
               i == 3 ? "pair" : "instruction");
    return 0;
}
