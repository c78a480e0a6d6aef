// Checks the combinational arithmetic primitives of rtl/lib against their C twins.
//   Exhaustive, widths 2..8: fg_sat_add, fg_sat_sub, fg_min, fg_max, fg_argmax2 over every operand
//   pair of the symmetric range, fg_rold_keep (W = WR) likewise; fg_scale075, fg_scale and
//   fg_scale_rnd (3/4 and 5/8), fg_rshift_rnd (S = 1, 2) and fg_sat (WI = w+3 and WI = w) over every input value.
//   Exhaustive, widths 2..8, modulo arithmetic over the full two's complement range: fg_mod_add,
//   fg_mod_sub, fg_mod_argmax2, fg_mod_max2 over every operand pair, fg_wrap (WI = w+3 and WI = w)
//   over every input value.
//   Exhaustive: fg_mulmod N=5 (every c in [1, 32], a, b < c), fg_addmod N=6 (c in [1, 64]).
//   Random sample (plus corners): fg_mulmod and fg_addmod N=9; --full9 checks all of N=9 instead
//   (44.9 M triples, seconds).
// Usage: rtl_fixed_prims [--samples N] [--seed S] [--full9]. Exit 0 on a full match, 1 on the first
// mismatch (primitive, width, operands, RTL and C values), 2 on a usage error.
#include "Vtb_fixed_prims.h"
#include "verilated.h"

extern "C" {
#include "fecforge/fixed.h"
#include "fecforge/iag.h"
#include "iag_internal.h" // fg_iag_addmod
}

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>

namespace {

int off(int w) { return w * (w - 1) / 2 - 1; } // offset of width w on the 35-bit buses
int offx(int w) { return off(w) + 3 * (w - 2); } // offset of width w+3 on the 56-bit bus
uint64_t mask(int w) { return (uint64_t(1) << w) - 1; }
uint64_t put(uint64_t bus, int o, int w, int64_t v) { return bus | ((uint64_t)v & mask(w)) << o; }
int32_t sext(uint64_t raw, int w) { return (int32_t)(raw >= (uint64_t(1) << (w - 1)) ? (int64_t)raw - (int64_t(1) << w) : (int64_t)raw); }
int32_t get(uint64_t bus, int w) { return sext((bus >> off(w)) & mask(w), w); }

struct Counts {
    const char *name;
    long n;
};

bool fail2(const char *prim, int w, long a, long b, long rtl, long c)
{
    std::printf("MISMATCH %s W=%d: a=%ld b=%ld: rtl %ld, C %ld\n", prim, w, a, b, rtl, c);
    return false;
}
bool fail1(const char *prim, int w, long x, long rtl, long c)
{
    std::printf("MISMATCH %s W=%d: x=%ld: rtl %ld, C %ld\n", prim, w, x, rtl, c);
    return false;
}
bool failm(const char *prim, int n, long a, long b, long c, long rtl, long want)
{
    std::printf("MISMATCH %s N=%d: a=%ld b=%ld c=%ld: rtl %ld, C %ld\n", prim, n, a, b, c, rtl, want);
    return false;
}

// Two-operand fixed-point primitives: all widths driven in parallel; index i walks the largest
// range and each width takes its own range (widths whose range i or j has left are skipped).
bool check_pairs(Vtb_fixed_prims *top, long *n)
{
    const int span8 = 2 * fg_fx_max(8) + 1;
    for (int i = 0; i < span8; i++)
        for (int j = 0; j < span8; j++) {
            uint64_t a = 0, b = 0;
            for (int w = 2; w <= 8; w++) {
                const int span = 2 * fg_fx_max(w) + 1;
                a = put(a, off(w), w, i % span - fg_fx_max(w));
                b = put(b, off(w), w, j % span - fg_fx_max(w));
            }
            top->a_i = a;
            top->b_i = b;
            top->eval();
            for (int w = 2; w <= 8; w++) {
                const int span = 2 * fg_fx_max(w) + 1;
                if (i >= span || j >= span)
                    continue;
                const int32_t x = i - fg_fx_max(w), y = j - fg_fx_max(w);
                int32_t got = get(top->add_o, w), want = fg_fx_add(x, y, w);
                if (got != want)
                    return fail2("fg_sat_add", w, x, y, got, want);
                if ((got = get(top->sub_o, w)) != (want = fg_fx_sub(x, y, w)))
                    return fail2("fg_sat_sub", w, x, y, got, want);
                if ((got = get(top->min_o, w)) != (want = fg_fx_min(x, y)))
                    return fail2("fg_min", w, x, y, got, want);
                if ((got = get(top->max_o, w)) != (want = fg_fx_max2(x, y)))
                    return fail2("fg_max", w, x, y, got, want);
                if ((got = (top->arg_o >> (w - 2)) & 1) != (want = fg_fx_argmax2(x, y)))
                    return fail2("fg_argmax2.idx", w, x, y, got, want);
                if ((got = get(top->amax_o, w)) != (want = fg_fx_max2(x, y)))
                    return fail2("fg_argmax2.max", w, x, y, got, want);
                if ((got = get(top->rk_o, w)) != (want = fg_fx_rold_keep(x, y, w)))
                    return fail2("fg_rold_keep", w, x, y, got, want);
                (*n)++;
            }
        }
    return true;
}

// Modulo primitives: every pair of the full range [-2^(w-1), 2^(w-1)-1], all widths in parallel as
// in check_pairs (index i walks 2^8 codes, width w takes i mod 2^w).
bool check_mod_pairs(Vtb_fixed_prims *top, long *n)
{
    for (int i = 0; i < 256; i++)
        for (int j = 0; j < 256; j++) {
            uint64_t a = 0, b = 0;
            for (int w = 2; w <= 8; w++) {
                a = put(a, off(w), w, i);
                b = put(b, off(w), w, j);
            }
            top->a_i = a;
            top->b_i = b;
            top->eval();
            for (int w = 2; w <= 8; w++) {
                if (i >= (1 << w) || j >= (1 << w))
                    continue;
                const int32_t x = sext(i, w), y = sext(j, w);
                int32_t got = get(top->madd_o, w), want = fg_fx_mod_add(x, y, w);
                if (got != want)
                    return fail2("fg_mod_add", w, x, y, got, want);
                if ((got = get(top->msub_o, w)) != (want = fg_fx_mod_sub(x, y, w)))
                    return fail2("fg_mod_sub", w, x, y, got, want);
                if ((got = (top->marg_o >> (w - 2)) & 1) != (want = fg_fx_mod_argmax2(x, y, w)))
                    return fail2("fg_mod_argmax2", w, x, y, got, want);
                if ((got = get(top->mmax_o, w)) != (want = fg_fx_mod_max2(x, y, w)))
                    return fail2("fg_mod_max2", w, x, y, got, want);
                (*n)++;
            }
        }
    return true;
}

// One-operand primitives over every value of the input width (the asymmetric -2^(w-1) included).
bool check_unary(Vtb_fixed_prims *top, long *n_scale, long *n_sat, long *n_sateq)
{
    for (uint32_t v = 0; v < (1u << 11); v++) { // 11 = widest sat input (8+3)
        uint64_t a = 0, x = 0;
        for (int w = 2; w <= 8; w++) {
            a = put(a, off(w), w, v);
            x = put(x, offx(w), w + 3, v);
        }
        top->a_i = a;
        top->x_i = x;
        top->eval();
        for (int w = 2; w <= 8; w++) {
            const int32_t xw = sext(v & mask(w), w), xi = sext(v & mask(w + 3), w + 3);
            if (v < (1u << w)) {
                int32_t got = get(top->scale_o, w), want = fg_fx_scale075(xw);
                if (got != want)
                    return fail1("fg_scale075", w, xw, got, want);
                if ((got = get(top->sateq_o, w)) != (want = fg_fx_sat(xw, w)))
                    return fail1("fg_sat(WI=W)", w, xw, got, want);
                if ((got = get(top->scl_o, w)) != (want = fg_fx_scale(xw, 3, 2)))
                    return fail1("fg_scale 3/4", w, xw, got, want);
                if ((got = get(top->scr_o, w)) != (want = fg_fx_scale_rnd(xw, 3, 2)))
                    return fail1("fg_scale_rnd 3/4", w, xw, got, want);
                if ((got = get(top->scl5_o, w)) != (want = fg_fx_scale(xw, 5, 3)))
                    return fail1("fg_scale 5/8", w, xw, got, want);
                if ((got = get(top->scr5_o, w)) != (want = fg_fx_scale_rnd(xw, 5, 3)))
                    return fail1("fg_scale_rnd 5/8", w, xw, got, want);
                if ((got = get(top->rs1_o, w)) != (want = fg_fx_rshift_rnd(xw, 1)))
                    return fail1("fg_rshift_rnd S=1", w, xw, got, want);
                if ((got = get(top->rs2_o, w)) != (want = fg_fx_rshift_rnd(xw, 2)))
                    return fail1("fg_rshift_rnd S=2", w, xw, got, want);
                if ((got = get(top->wrapeq_o, w)) != (want = fg_fx_wrap(xw, w)))
                    return fail1("fg_wrap(WI=W)", w, xw, got, want);
                (*n_scale)++;
                (*n_sateq)++;
            }
            if (v < (1u << (w + 3))) {
                int32_t got = get(top->sat_o, w), want = fg_fx_sat(xi, w);
                if (got != want)
                    return fail1("fg_sat(WI=W+3)", w, xi, got, want);
                if ((got = get(top->wrap_o, w)) != (want = fg_fx_wrap(xi, w)))
                    return fail1("fg_wrap(WI=W+3)", w, xi, got, want);
                (*n_sat)++;
            }
        }
    }
    return true;
}

bool mm5(Vtb_fixed_prims *top, int a, int b, int c)
{
    top->mm5_a_i = a;
    top->mm5_b_i = b;
    top->mm5_c_i = c;
    top->eval();
    const int want = fg_iag_mulmod(a, b, c);
    return top->mm5_y_o == want || failm("fg_mulmod", 5, a, b, c, top->mm5_y_o, want);
}

bool am6(Vtb_fixed_prims *top, int a, int b, int c)
{
    top->am6_a_i = a;
    top->am6_b_i = b;
    top->am6_c_i = c;
    top->eval();
    const int want = fg_iag_addmod(a, b, c);
    return top->am6_y_o == want || failm("fg_addmod", 6, a, b, c, top->am6_y_o, want);
}

bool mod9(Vtb_fixed_prims *top, int a, int b, int c)
{
    top->mm9_a_i = a;
    top->mm9_b_i = b;
    top->mm9_c_i = c;
    top->eval();
    const int wm = fg_iag_mulmod(a, b, c), wa = fg_iag_addmod(a, b, c);
    if (top->mm9_y_o != wm)
        return failm("fg_mulmod", 9, a, b, c, top->mm9_y_o, wm);
    return top->am9_y_o == wa || failm("fg_addmod", 9, a, b, c, top->am9_y_o, wa);
}

} // namespace

int main(int argc, char **argv)
{
    long samples = 1000000;
    unsigned long seed = 1;
    bool full9 = false;
    for (int i = 1; i < argc; i++) {
        char *end = nullptr;
        if (!std::strcmp(argv[i], "--full9")) {
            full9 = true;
        } else if (i + 1 < argc && !std::strcmp(argv[i], "--samples")) {
            samples = std::strtol(argv[++i], &end, 10);
            if (*end || samples < 0 || samples > 1000000000L) {
                std::fprintf(stderr, "--samples %s: expected an integer in [0, 1000000000]\n", argv[i]);
                return 2;
            }
        } else if (i + 1 < argc && !std::strcmp(argv[i], "--seed")) {
            seed = std::strtoul(argv[++i], &end, 10);
            if (*end || !*argv[i]) {
                std::fprintf(stderr, "--seed %s: expected a non-negative integer\n", argv[i]);
                return 2;
            }
        } else if (argv[i][0] != '+') { // +verilator+... plusargs pass through
            std::fprintf(stderr, "unknown option %s; usage: %s [--samples N] [--seed S] [--full9]\n", argv[i], argv[0]);
            return 2;
        }
    }
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    auto top = std::make_unique<Vtb_fixed_prims>(ctx.get());
    const auto t0 = std::chrono::steady_clock::now();

    long n_pairs = 0, n_mod = 0, n_scale = 0, n_sat = 0, n_sateq = 0, n_mm5 = 0, n_am6 = 0, n_mod9 = 0;
    if (!check_pairs(top.get(), &n_pairs) || !check_mod_pairs(top.get(), &n_mod) ||
        !check_unary(top.get(), &n_scale, &n_sat, &n_sateq))
        return 1;
    for (int c = 1; c <= 32; c++)
        for (int a = 0; a < c; a++)
            for (int b = 0; b < c; b++, n_mm5++)
                if (!mm5(top.get(), a, b, c))
                    return 1;
    for (int c = 1; c <= 64; c++)
        for (int a = 0; a < c; a++)
            for (int b = 0; b < c; b++, n_am6++)
                if (!am6(top.get(), a, b, c))
                    return 1;
    // N=9: corners (smallest and largest moduli, HSPA+'s p = 257 and p - 1, operands 0, 1, c-1),
    // then uniform c in [1, 512] and a, b in [0, c).
    for (int c : {1, 2, 3, 255, 256, 257, 511, 512})
        for (int a : {0, 1, c - 1})
            for (int b : {0, 1, c - 2, c - 1}) {
                if (a >= c || b < 0 || b >= c)
                    continue;
                if (!mod9(top.get(), a, b, c))
                    return 1;
                n_mod9++;
            }
    if (full9) {
        samples = 0;
        for (int c = 1; c <= 512; c++)
            for (int a = 0; a < c; a++)
                for (int b = 0; b < c; b++, n_mod9++)
                    if (!mod9(top.get(), a, b, c))
                        return 1;
    }
    std::mt19937_64 rng(seed);
    for (long s = 0; s < samples; s++, n_mod9++) {
        const int c = 1 + (int)(rng() % 512);
        const int a = (int)(rng() % (unsigned)c), b = (int)(rng() % (unsigned)c);
        if (!mod9(top.get(), a, b, c)) {
            std::printf("(random sample %ld, --seed %lu)\n", s, seed);
            return 1;
        }
    }
    top->final();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("all match their C twins (%.0f ms):\n", ms);
    std::printf("  fg_sat_add, fg_sat_sub, fg_min, fg_max, fg_argmax2, fg_rold_keep: %ld operand pairs each (W=2..8, exhaustive)\n", n_pairs);
    std::printf("  fg_mod_add, fg_mod_sub, fg_mod_argmax2, fg_mod_max2: %ld operand pairs each (W=2..8, full range, exhaustive)\n", n_mod);
    std::printf("  fg_scale075, fg_scale, fg_scale_rnd (3/4, 5/8), fg_rshift_rnd (S=1, 2): %ld values each; fg_sat, fg_wrap WI=W+3: %ld values each; fg_sat, fg_wrap WI=W: %ld values each (W=2..8, exhaustive)\n",
                n_scale, n_sat, n_sateq);
    std::printf("  fg_mulmod N=5: %ld triples (exhaustive); fg_addmod N=6: %ld triples (exhaustive)\n", n_mm5, n_am6);
    if (full9)
        std::printf("  fg_mulmod, fg_addmod N=9: %ld triples each (corners + exhaustive)\n", n_mod9);
    else
        std::printf("  fg_mulmod, fg_addmod N=9: %ld triples each (corners + %ld random, seed %lu)\n", n_mod9, samples, seed);
    return 0;
}
