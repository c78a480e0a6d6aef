/* Viterbi decoders (fecforge/viterbi.h, viterbi_dec.c): the float decoder against brute-force maximum likelihood
 * (every ending, rates 1/2 and 1/3, punctured, codes with and without taps at both ends); noiseless frames for
 * K 3..9 and 15; the fixed decoder equal to the float decoder on the dequantised values frame by frame (both
 * normalisations, the minimum and wider path-metric widths, coarse LLRs full of ties, tiling); tiling that
 * covers the stream is maximum likelihood, f0 = f is the serial traceback, f = 1 with no overlap against a
 * hand computation, short v2 costs bit errors; parameter errors; a throughput print. */
#include "fg_cunit.h"
#include "viterbi_tests.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/viterbi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One frame through a decoder made for it: the float decoder on llr, or the fixed one on q (the other NULL). */
static int decode_once(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g, const double *llr, const int32_t *q,
                       uint8_t *out)
{
    fg_vit_dec *d = NULL;
    int rc = fg_vit_dec_create(c, k, g, &d);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    rc = llr ? fg_vit_dec_run(d, llr, out) : fg_vit_fixed_run(d, q, out);
    fg_vit_dec_destroy(d);
    return rc;
}

static int decode_f(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g, const double *llr, uint8_t *out)
{
    return decode_once(c, k, g, llr, NULL, out);
}

static int decode_q(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g, const int32_t *q, uint8_t *out)
{
    return decode_once(c, k, g, NULL, q, out);
}

/* ---- maximum likelihood against brute force ---- */

static void test_brute_force(void)
{
    static const struct { int K; const char *gen, *punct; } codes[] = {
        {3, "7,5", "none"},      {3, "7,6", "none"},       {4, "15,17", "11,10"},   {4, "15,16", "110,101"},
        {5, "23,35", "none"},    {5, "23,35", "110,101"},  {3, "7,7,5", "none"},    {4, "13,15,16", "none"},
        {5, "25,33,37", "110,101,011"}, {4, "13,15,17", "11,10,01"},
    };
    int frames = 0, wrong = 0;
    for (size_t ci = 0; ci < sizeof codes / sizeof *codes; ci++) {
        const fg_vit_code c = make_code(codes[ci].K, codes[ci].gen, codes[ci].punct);
        for (int ei = 0; ei < 3; ei++) {
            const fg_vit_ending e = endings[ei];
            for (int k = (e == FG_VIT_TAILBITING ? c.K - 1 : 1); k <= 10; k += 3) {
                const int N = fg_vit_sent_len(&c, e, k);
                uint8_t bits[10], out[10], msg[10], best[10], *cw = malloc((size_t)N);
                double *llr = malloc(sizeof *llr * (size_t)N);
                CU_ASSERT_FATAL(cw && llr);
                fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
                g.ending = e;
                for (uint64_t f = 0; f < 3; f++) {
                    make_frame(&c, e, k, 0.0, 100 * ci + 10 * (uint64_t)k + f, bits, llr);
                    double bm = -INFINITY;
                    for (uint32_t m = 0; m < (1u << k); m++) {
                        for (int i = 0; i < k; i++)
                            msg[i] = (uint8_t)((m >> i) & 1u);
                        CU_ASSERT_EQUAL_FATAL(fg_vit_encode(&c, e, k, msg, cw), 0);
                        double corr = 0;
                        for (int i = 0; i < N; i++)
                            corr += cw[i] ? -llr[i] : llr[i];
                        if (corr > bm)
                            bm = corr, memcpy(best, msg, (size_t)k);
                    }
                    CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
                    frames++;
                    if (memcmp(out, best, (size_t)k)) {
                        wrong++;
                        if (wrong < 5)
                            fprintf(stderr, "\nML mismatch: K=%d gen %s punct %s ending %d k=%d frame %d\n", c.K,
                                    codes[ci].gen, codes[ci].punct, (int)e, k, (int)f);
                    }
                }
                free(cw), free(llr);
            }
        }
    }
    CU_ASSERT_EQUAL(wrong, 0);
    CU_ASSERT(frames > 200);
}

/* ---- noiseless ---- */

static void test_noiseless(void)
{
    static const struct { int K; const char *gen; int k; } codes[] = {
        {3, "7,5", 200},     {4, "15,17", 200},   {5, "23,35", 200},   {6, "53,75", 200},   {7, "171,133", 300},
        {8, "247,371", 200}, {9, "561,753", 200}, {15, "46321,51271", 40}, {7, "133,171,165", 100},
    };
    int bad = 0, runs = 0;
    for (size_t ci = 0; ci < sizeof codes / sizeof *codes; ci++) {
        const fg_vit_code c = make_code(codes[ci].K, codes[ci].gen, "none");
        const int k = codes[ci].k;
        for (int ei = 0; ei < 3; ei++) {
            const fg_vit_ending e = endings[ei];
            if (e == FG_VIT_TAILBITING && c.K > 9)
                continue; /* 2^(K-1) full decodes */
            const int N = fg_vit_sent_len(&c, e, k);
            uint8_t *bits = malloc((size_t)k), *out = malloc((size_t)k), *cw = malloc((size_t)N);
            double *llr = malloc(sizeof *llr * (size_t)N);
            int32_t *q = malloc(sizeof *q * (size_t)N);
            CU_ASSERT_FATAL(bits && out && cw && llr && q);
            CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(k, 5, ci, bits), 0);
            CU_ASSERT_EQUAL_FATAL(fg_vit_encode(&c, e, k, bits, cw), 0);
            for (int i = 0; i < N; i++)
                llr[i] = cw[i] ? -1.5 : 1.5, q[i] = cw[i] ? -fg_fx_max(5) : fg_fx_max(5);
            for (int norm = 0; norm < 2; norm++) {
                fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
                g.ending = e;
                g.norm = (fg_vit_norm)norm;
                if (norm == 0) {
                    CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
                    bad += memcmp(out, bits, (size_t)k) != 0, runs++;
                }
                CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, out), 0);
                bad += memcmp(out, bits, (size_t)k) != 0, runs++;
                if (e != FG_VIT_TAILBITING) { /* tiled, parallel traceback */
                    g.f = 37, g.v1 = 5 * c.K, g.v2 = 5 * c.K, g.f0 = 8;
                    CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, out), 0);
                    bad += memcmp(out, bits, (size_t)k) != 0, runs++;
                }
            }
            free(bits), free(out), free(cw), free(llr), free(q);
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(runs > 60);
}

/* ---- fixed = float on the dequantised values ---- */

/* frames of the code at ebn0, quantised with (w_llr, f_llr); the fixed decoder under g against the float
 * decoder (the same g) on q * 2^-f_llr, which is exact in double; returns the frames that differ. */
static int fixed_vs_float(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g, double ebn0, int frames,
                          uint64_t seed0)
{
    const int N = fg_vit_sent_len(c, g->ending, k);
    uint8_t *bits = malloc((size_t)k), *of = malloc((size_t)k), *oq = malloc((size_t)k);
    double *llr = malloc(sizeof *llr * (size_t)N);
    int32_t *q = malloc(sizeof *q * (size_t)N);
    CU_ASSERT_FATAL(bits && of && oq && llr && q);
    fg_vit_dec *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vit_dec_create(c, k, g, &d), 0);
    int diff = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(c, g->ending, k, ebn0, seed0 + (uint64_t)f, bits, llr);
        CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, N, g->w_llr, g->f_llr, q), 0);
        for (int i = 0; i < N; i++)
            llr[i] = ldexp((double)q[i], -g->f_llr);
        CU_ASSERT_EQUAL_FATAL(fg_vit_dec_run(d, llr, of), 0);
        CU_ASSERT_EQUAL_FATAL(fg_vit_fixed_run(d, q, oq), 0);
        diff += memcmp(of, oq, (size_t)k) != 0;
    }
    fg_vit_dec_destroy(d);
    free(bits), free(of), free(oq), free(llr), free(q);
    return diff;
}

static void test_fixed_equals_float(void)
{
    static const struct { int K; const char *gen, *punct; int k; } codes[] = {
        {7, "171,133", "none", 400}, {5, "23,35", "110,101", 300}, {4, "15,16", "none", 200},
        {9, "561,753", "none", 200}, {4, "13,15,16", "11,10,01", 150},
    };
    static const struct { int w_llr, f_llr, wpm_extra; } fmts[] = {
        {5, 2, 0}, {5, 2, 7}, {5, 2, 100}, {2, 0, 0}, {3, 0, 0}, {8, 3, 0}, {16, 10, 0},
    };
    int diff = 0, runs = 0, wide_min = 0;
    for (size_t ci = 0; ci < sizeof codes / sizeof *codes; ci++) {
        const fg_vit_code c = make_code(codes[ci].K, codes[ci].gen, codes[ci].punct);
        for (size_t fi = 0; fi < sizeof fmts / sizeof *fmts; fi++)
            for (int norm = 0; norm < 2; norm++)
                for (int ei = 0; ei < 3; ei++) {
                    fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
                    g.ending = endings[ei];
                    if (g.ending == FG_VIT_TAILBITING && (c.K > 5 || fi > 3))
                        continue;
                    g.w_llr = fmts[fi].w_llr, g.f_llr = fmts[fi].f_llr;
                    g.norm = (fg_vit_norm)norm;
                    const int wmin = fg_vit_pm_min_width(&c, g.w_llr);
                    CU_ASSERT_FATAL(wmin >= 3 && wmin <= 31);
                    wide_min += wmin > 16;
                    g.w_pm = fmts[fi].wpm_extra == 0 ? 0 : (wmin + fmts[fi].wpm_extra > 31 ? 31 : wmin + fmts[fi].wpm_extra);
                    diff += fixed_vs_float(&c, codes[ci].k, &g, 2.0, 4, 1000 * ci + 50 * fi);
                    runs += 4;
                    if (g.ending != FG_VIT_TAILBITING && ei == 0 && fi < 2) {
                        g.f = 50, g.v1 = 20, g.v2 = 30, g.f0 = 13;
                        diff += fixed_vs_float(&c, codes[ci].k, &g, 2.0, 3, 7000 + 1000 * ci + 50 * fi);
                        runs += 3;
                    }
                }
    }
    CU_ASSERT_EQUAL(diff, 0);
    CU_ASSERT(wide_min > 0); /* the 32-bit lane path at its minimum width ran */
    CU_ASSERT(runs > 300);
}

/* ---- tiling ---- */

static void test_tiling_covering_is_ml(void)
{
    const fg_vit_code c = make_code(7, "171,133", "none");
    const int k = 500;
    for (int ei = 0; ei < 2; ei++) {
        const fg_vit_ending e = endings[ei];
        const int N = fg_vit_sent_len(&c, e, k);
        uint8_t *bits = malloc(k), *ref = malloc(k), *out = malloc(k), *out2 = malloc(k);
        double *llr = malloc(sizeof *llr * N);
        int32_t *q = malloc(sizeof *q * N);
        uint8_t *refq = malloc(k);
        CU_ASSERT_FATAL(bits && ref && out && out2 && llr && q && refq);
        int bad = 0, ser = 0, errs = 0;
        for (uint64_t f = 0; f < 6; f++) {
            make_frame(&c, e, k, 1.5, 300 + f, bits, llr);
            CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, N, 5, 2, q), 0);
            fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
            g.ending = e;
            CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, ref), 0);
            CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, refq), 0);
            for (int i = 0; i < k; i++)
                errs += ref[i] != bits[i];
            static const int fs[] = {1, 7, 64, 499, 500, 2000};
            for (size_t fi = 0; fi < sizeof fs / sizeof *fs; fi++) {
                g.f = fs[fi], g.v1 = 1 << 16, g.v2 = 1 << 16;
                for (int f0 = 0; f0 <= g.f; f0 += (g.f > 8 ? g.f / 3 + 1 : 1)) {
                    g.f0 = f0;
                    CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
                    bad += memcmp(out, ref, k) != 0;
                    CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, out), 0);
                    bad += memcmp(out, refq, k) != 0;
                }
                /* short overlaps: f0 = f is the serial traceback exactly */
                g.v1 = 10, g.v2 = 12, g.f0 = 0;
                CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
                g.f0 = g.f;
                CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out2), 0);
                ser += memcmp(out, out2, k) != 0;
                CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, out2), 0);
                g.f0 = 0;
                CU_ASSERT_EQUAL_FATAL(decode_q(&c, k, &g, q, out), 0);
                ser += memcmp(out, out2, k) != 0;
            }
        }
        CU_ASSERT_EQUAL(bad, 0);
        CU_ASSERT_EQUAL(ser, 0);
        CU_ASSERT(errs > 0); /* the frames were noisy enough to matter */
        free(bits), free(ref), free(out), free(out2), free(llr), free(q), free(refq);
    }
}

/* f = 1, v1 = v2 = 0: each stage decoded alone from equal metrics (stage 0 from the known state 0): the bit
 * is the top bit of the lowest-numbered state whose best incoming branch metric is the largest. */
static void test_tiling_f1_by_hand(void)
{
    const fg_vit_code c = make_code(5, "23,35", "110,101");
    const int k = 120, K = c.K, M = 1 << (K - 1);
    const fg_vit_ending e = FG_VIT_TRUNCATED;
    const int N = fg_vit_sent_len(&c, e, k);
    uint8_t bits[120], out[120], expect[120];
    double *llr = malloc(sizeof *llr * N), *l = malloc(sizeof *l * (size_t)k * c.n);
    CU_ASSERT_FATAL(llr && l);
    make_frame(&c, e, k, 1.0, 77, bits, llr);
    CU_ASSERT_EQUAL_FATAL(fg_vit_depuncture(&c, e, k, llr, l), 0);
    for (int t = 0; t < k; t++) {
        double best = -INFINITY;
        int bs = 0;
        for (int j = 0; j < M; j++) {
            const int u = j >> (K - 2);
            double m = -INFINITY;
            for (int x = 0; x < 2; x++) {
                const int p = ((j << 1) | x) & (M - 1);
                if (t == 0 && p != 0)
                    continue;
                const uint32_t o = fg_vit_out(&c, p, u);
                double v = 0;
                for (int b = 0; b < c.n; b++)
                    v += ((o >> b) & 1u) ? -l[t * c.n + b] : l[t * c.n + b];
                if (v > m)
                    m = v;
            }
            if (m > best)
                best = m, bs = j;
        }
        expect[t] = (uint8_t)(bs >> (K - 2));
    }
    fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
    g.ending = e;
    g.f = 1;
    CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
    CU_ASSERT_EQUAL(memcmp(out, expect, k), 0);
    g.f0 = 1;
    CU_ASSERT_EQUAL_FATAL(decode_f(&c, k, &g, llr, out), 0);
    CU_ASSERT_EQUAL(memcmp(out, expect, k), 0);
    free(llr), free(l);
}

static long tiled_errors(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g, double ebn0, int frames)
{
    const int N = fg_vit_sent_len(c, g->ending, k);
    uint8_t *bits = malloc(k), *out = malloc(k);
    double *llr = malloc(sizeof *llr * N);
    int32_t *q = malloc(sizeof *q * N);
    CU_ASSERT_FATAL(bits && out && llr && q);
    fg_vit_dec *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vit_dec_create(c, k, g, &d), 0);
    long e = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(c, g->ending, k, ebn0, 5000 + (uint64_t)f, bits, llr);
        CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, N, g->w_llr, g->f_llr, q), 0);
        CU_ASSERT_EQUAL_FATAL(fg_vit_fixed_run(d, q, out), 0);
        for (int i = 0; i < k; i++)
            e += out[i] != bits[i];
    }
    fg_vit_dec_destroy(d);
    free(bits), free(out), free(llr), free(q);
    return e;
}

static void test_tiling_short_v2_degrades(void)
{
    const fg_vit_code c = make_code(7, "171,133", "none");
    const int k = 4096, frames = 12;
    fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
    const long ml = tiled_errors(&c, k, &g, 3.0, frames);
    g.f = 64, g.v1 = 42, g.v2 = 42;
    const long good = tiled_errors(&c, k, &g, 3.0, frames);
    g.v2 = 4;
    const long shrt = tiled_errors(&c, k, &g, 3.0, frames);
    g.v2 = 42, g.f0 = 16;
    const long par = tiled_errors(&c, k, &g, 3.0, frames);
    g.v2 = 4;
    const long par_short = tiled_errors(&c, k, &g, 3.0, frames);
    fprintf(stderr, "\n  K=7 3 dB, %d x %d bits: bit errors ML %ld, f=64 v=42: %ld, v2=4: %ld; f0=16 v2=42: %ld, "
            "v2=4: %ld\n", frames, k, ml, good, shrt, par, par_short);
    /* at 3 dB the ML decoder makes a few tens of errors in 49k bits, and so does a 42-stage overlap; a 4-stage
     * traceback decides the last bits of every tile (or subframe) from almost no information: several times as
     * many (the frames are fixed, so this is deterministic; the margins are wide) */
    CU_ASSERT(ml > 0);
    CU_ASSERT(good <= 2 * ml + 20);
    CU_ASSERT(par <= 2 * ml + 20);
    CU_ASSERT(shrt > 2 * good + 30);
    CU_ASSERT(par_short > 2 * par + 30);
}

/* ---- parameter errors ---- */

static void test_errors(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_dec *d = NULL;
    fg_vit_dec_cfg g;
    CU_ASSERT_EQUAL(fg_vit_pm_min_width(&c, 5), 10); /* spread 7*2*2*15 = 420 -> 1 + 9 */
    fg_vit_code c3 = make_code(3, "7,5", "none");
    CU_ASSERT_EQUAL(fg_vit_pm_min_width(&c3, 2), 5); /* spread 12 -> 1 + 4 */
    fg_vit_code c15 = make_code(15, "46321,51271,63667,70535,46321,51271,63667,70535", "none");
    CU_ASSERT_EQUAL(fg_vit_pm_min_width(&c15, 16), 24); /* spread 7864080 -> 1 + 23 */
    expect_einval(fg_vit_pm_min_width(&c, 17), "w_llr=17");
    fg_vit_code bad = c;
    bad.K = 2;
    expect_einval(fg_vit_dec_create(&bad, 10, NULL, &d), "K=2");
    CU_ASSERT_PTR_NULL(d);
    expect_einval(fg_vit_dec_create(&c, 0, NULL, &d), "k=0");
    expect_einval(fg_vit_dec_create(&c, FG_VIT_BITS_MAX + 1, NULL, &d), "k=1048577");
    g = fg_vit_dec_cfg_default(), g.ending = FG_VIT_TAILBITING;
    expect_einval(fg_vit_dec_create(&c, 5, &g, &d), "k=5");
    CU_ASSERT_EQUAL(fg_vit_dec_create(&c, 6, &g, &d), 0);
    fg_vit_dec_destroy(d), d = NULL;
    g = fg_vit_dec_cfg_default(), g.ending = (fg_vit_ending)3;
    expect_einval(fg_vit_dec_create(&c, 10, &g, &d), "ending=3");
    g = fg_vit_dec_cfg_default(), g.f = -1;
    expect_einval(fg_vit_dec_create(&c, 10, &g, &d), "f=-1");
    g = fg_vit_dec_cfg_default(), g.f = (1 << 20) + 1;
    expect_einval(fg_vit_dec_create(&c, 10, &g, &d), "f=1048577");
    g = fg_vit_dec_cfg_default(), g.f = 32, g.v1 = (1 << 16) + 1;
    expect_einval(fg_vit_dec_create(&c, 10, &g, &d), "v1=65537");
    g = fg_vit_dec_cfg_default(), g.f = 32, g.v2 = -3;
    expect_einval(fg_vit_dec_create(&c, 10, &g, &d), "v2=-3");
    g = fg_vit_dec_cfg_default(), g.f = 32, g.f0 = 40;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "f0=40 out of range [1, f=32]");
    g = fg_vit_dec_cfg_default(), g.f0 = 4;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "f0=4");
    g = fg_vit_dec_cfg_default(), g.f = 32, g.ending = FG_VIT_TAILBITING;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "f=32");
    g = fg_vit_dec_cfg_default(), g.w_llr = 1;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "w_llr=1");
    g = fg_vit_dec_cfg_default(), g.w_llr = 17;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "w_llr=17");
    g = fg_vit_dec_cfg_default(), g.f_llr = 5;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "f_llr=5");
    g = fg_vit_dec_cfg_default(), g.w_pm = 9;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "w_pm=9");
    g = fg_vit_dec_cfg_default(), g.w_pm = 32;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "w_pm=32");
    g = fg_vit_dec_cfg_default(), g.w_pm = 10;
    CU_ASSERT_EQUAL(fg_vit_dec_create(&c, 100, &g, &d), 0);
    fg_vit_dec_destroy(d), d = NULL;
    g = fg_vit_dec_cfg_default(), g.norm = (fg_vit_norm)2;
    expect_einval(fg_vit_dec_create(&c, 100, &g, &d), "norm=2");
    CU_ASSERT_PTR_NULL(d);
    /* run-time inputs */
    CU_ASSERT_EQUAL_FATAL(fg_vit_dec_create(&c, 10, NULL, &d), 0);
    const int N = fg_vit_sent_len(&c, FG_VIT_TERMINATED, 10);
    double llr[64];
    int32_t q[64];
    uint8_t out[10];
    for (int i = 0; i < N; i++)
        llr[i] = 1.0, q[i] = 15;
    CU_ASSERT_EQUAL(fg_vit_dec_run(d, llr, out), 0);
    CU_ASSERT_EQUAL(fg_vit_fixed_run(d, q, out), 0);
    llr[7] = NAN;
    expect_einval(fg_vit_dec_run(d, llr, out), "rx[7]");
    llr[7] = INFINITY;
    expect_einval(fg_vit_dec_run(d, llr, out), "rx[7]");
    q[3] = 16;
    expect_einval(fg_vit_fixed_run(d, q, out), "rx[3]=16");
    q[3] = -16;
    expect_einval(fg_vit_fixed_run(d, q, out), "rx[3]=-16");
    fg_vit_dec_destroy(d);
    fg_vit_dec_destroy(NULL);
}

/* ---- throughput (printed, not asserted) ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void bench_one(const char *name, const fg_vit_code *c, const fg_vit_dec_cfg *g, int k, int frames)
{
    const int N = fg_vit_sent_len(c, g->ending, k);
    uint8_t *bits = malloc(k), *out = malloc(k);
    double *llr = malloc(sizeof *llr * N);
    int32_t *q = malloc(sizeof *q * N);
    CU_ASSERT_FATAL(bits && out && llr && q);
    make_frame(c, g->ending, k, 3.0, 1, bits, llr);
    CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, N, g->w_llr, g->f_llr, q), 0);
    fg_vit_dec *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vit_dec_create(c, k, g, &d), 0);
    const int fixed = name[0] == 'x';
    double t0 = now();
    for (int f = 0; f < frames; f++)
        CU_ASSERT_EQUAL_FATAL(fixed ? fg_vit_fixed_run(d, q, out) : fg_vit_dec_run(d, llr, out), 0);
    const double s = now() - t0;
    fprintf(stderr, "  %-40s %7.1f Mb/s\n", name + 1, (double)k * frames / s / 1e6);
    fg_vit_dec_destroy(d);
    free(bits), free(out), free(llr), free(q);
}

static void test_bench(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
    fprintf(stderr, "\n  one core, K=7 171/133, k=8192 terminated:\n");
    bench_one("xfixed modulo (w_pm 10)", &c, &g, 8192, 100);
    g.norm = FG_VIT_NORM_SUBTRACT;
    bench_one("xfixed subtract", &c, &g, 8192, 8);
    g.norm = FG_VIT_NORM_MODULO, g.w_pm = 20;
    bench_one("xfixed modulo w_pm 20 (32-bit lanes)", &c, &g, 8192, 16);
    g.w_pm = 0, g.f = 64, g.v1 = 42, g.v2 = 42;
    bench_one("xfixed modulo tiled f=64 v=42", &c, &g, 8192, 16);
    g.f0 = 16;
    bench_one("xfixed modulo tiled f=64 v=42 f0=16", &c, &g, 8192, 16);
    g = fg_vit_dec_cfg_default();
    bench_one("ffloat", &c, &g, 8192, 8);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"float = brute-force ML (K 3..5, rates 1/2 1/3, punctured, every ending)", test_brute_force},
        {"noiseless K 3..9, 15: float, fixed, tiled", test_noiseless},
        {"fixed = float on dequantised values (norms, widths, ties, tiles)", test_fixed_equals_float},
        {"tiling covering the stream = ML; f0 = f = serial traceback", test_tiling_covering_is_ml},
        {"tiling f=1 without overlap against a hand computation", test_tiling_f1_by_hand},
        {"short v2 costs bit errors", test_tiling_short_v2_degrades},
        {"parameter errors", test_errors},
        {"throughput (printed)", test_bench},
        {NULL, NULL},
    };
    fg_add_suite("viterbi_dec", cases);
}
