/* The fixed-point radix-4 XMAP datapath (fecforge/turbo_fixed.h) against a wide reference: an
 * unnormalised int64 radix-2 max-log SISO written here independently of the library. At the default
 * widths the modulo (and the subtract) normalisation must give exactly the reference's
 * a-posteriori LLRs, extrinsics and boundary metrics; below the bound (w_sm = 9) modulo breaks. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/rng.h"
#include "fecforge/rsc.h"
#include "fecforge/turbo_fixed.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NMAX = 130 };

static int64_t lmax(int w) { return ((int64_t)1 << (w - 1)) - 1; }
static int64_t wrapw(int64_t x, int w)
{
    const int64_t m = (int64_t)1 << w;
    int64_t r = x % m;
    if (r < 0)
        r += m;
    return r >= m / 2 ? r - m : r;
}
static int64_t floordiv4(int64_t x) { return x >= 0 ? x / 4 : -((-x + 3) / 4); }
static int64_t clamp(int64_t x, int64_t m) { return x > m ? m : (x < -m ? -m : x); }

/* ---- wide reference: radix-2, int64, no normalisation ---- */
static int64_t ref_gamma(int s, int u, int64_t sys, int64_t par, int64_t apr)
{
    return (u == 0 ? sys + apr : 0) + (fg_rsc_parity(s, u) == 0 ? par : 0);
}
static void ref_alpha_step(const int64_t a[8], int64_t sys, int64_t par, int64_t apr, int64_t out[8])
{
    int have[8] = {0};
    for (int s = 0; s < 8; s++)
        for (int u = 0; u < 2; u++) {
            const int t = fg_rsc_next(s, u);
            const int64_t c = a[s] + ref_gamma(s, u, sys, par, apr);
            if (!have[t] || c > out[t])
                out[t] = c;
            have[t] = 1;
        }
}
static void ref_beta_step(const int64_t b[8], int64_t sys, int64_t par, int64_t apr, int64_t out[8])
{
    for (int s = 0; s < 8; s++) {
        const int64_t c0 = b[fg_rsc_next(s, 0)] + ref_gamma(s, 0, sys, par, apr);
        const int64_t c1 = b[fg_rsc_next(s, 1)] + ref_gamma(s, 1, sys, par, apr);
        out[s] = c0 > c1 ? c0 : c1;
    }
}
/* Max over states of a - min: the spread of a metric vector. */
static int64_t spread(const int64_t v[8])
{
    int64_t lo = v[0], hi = v[0];
    for (int s = 1; s < 8; s++) {
        lo = v[s] < lo ? v[s] : lo;
        hi = v[s] > hi ? v[s] : hi;
    }
    return hi - lo;
}

typedef struct {
    int64_t app[NMAX], ext[NMAX], alpha_end[8], beta_start[8];
    int64_t max_alpha_spread, max_branch_spread; /* over the block, for the bounds */
} ref_out;

static void ref_siso(const fg_xmap_fmt *f, int n, const int32_t *sys, const int32_t *par, const int32_t *apr,
                     const int64_t a_in[8], const int64_t b_in[8], ref_out *o)
{
    static int64_t al[NMAX + 1][8], be[NMAX + 1][8];
    memcpy(al[0], a_in, sizeof al[0]);
    for (int k = 0; k < n; k++)
        ref_alpha_step(al[k], sys[k], par[k], apr[k], al[k + 1]);
    memcpy(be[n], b_in, sizeof be[n]);
    for (int k = n - 1; k >= 0; k--)
        ref_beta_step(be[k + 1], sys[k], par[k], apr[k], be[k]);
    o->max_alpha_spread = o->max_branch_spread = 0;
    for (int k = 0; k < n; k++) {
        int64_t m[2] = {INT64_MIN, INT64_MIN}, lo = INT64_MAX, hi = INT64_MIN;
        for (int s = 0; s < 8; s++)
            for (int u = 0; u < 2; u++) {
                const int64_t v = al[k][s] + ref_gamma(s, u, sys[k], par[k], apr[k]) + be[k + 1][fg_rsc_next(s, u)];
                m[u] = v > m[u] ? v : m[u];
                lo = v < lo ? v : lo;
                hi = v > hi ? v : hi;
            }
        o->app[k] = m[0] - m[1];
        o->ext[k] = clamp(floordiv4(3 * (o->app[k] - sys[k] - apr[k])), lmax(f->w_ext));
        if (k % 2 == 0 && k + 2 <= n) { /* the radix-4 candidates span two steps */
            int64_t lo4 = INT64_MAX, hi4 = INT64_MIN;
            for (int s = 0; s < 8; s++)
                for (int b = 0; b < 4; b++) {
                    const int u0 = b & 1, u1 = b >> 1, s1 = fg_rsc_next(s, u0);
                    const int64_t v = al[k][s] + ref_gamma(s, u0, sys[k], par[k], apr[k]) +
                                      ref_gamma(s1, u1, sys[k + 1], par[k + 1], apr[k + 1]) +
                                      be[k + 2][fg_rsc_next(s1, u1)];
                    lo4 = v < lo4 ? v : lo4;
                    hi4 = v > hi4 ? v : hi4;
                }
            if (hi4 - lo4 > o->max_branch_spread)
                o->max_branch_spread = hi4 - lo4;
        }
        if (hi - lo > o->max_branch_spread)
            o->max_branch_spread = hi - lo;
        if (k % 2 == 0 && spread(al[k]) > o->max_alpha_spread)
            o->max_alpha_spread = spread(al[k]);
        if (k % 2 == 0 && spread(be[k]) > o->max_alpha_spread)
            o->max_alpha_spread = spread(be[k]);
    }
    memcpy(o->alpha_end, al[n - (n & 1)], sizeof o->alpha_end);
    memcpy(o->beta_start, be[0], sizeof o->beta_start);
}

/* ---- random inputs that stress the bound: a third at +-max ---- */
static uint32_t rnd(fg_rng *r) { return fg_rng_next_u32(r); }
static int32_t rnd_llr(fg_rng *r, int w)
{
    const int32_t m = (int32_t)lmax(w);
    const uint32_t x = rnd(r);
    if (x % 3 == 0)
        return (x & 8) ? m : -m;
    return (int32_t)(x % (uint32_t)(2 * m + 1)) - m;
}

typedef struct {
    int n;
    int32_t sys[NMAX], par[NMAX], apr[NMAX];
    int64_t a_in[8], b_in[8];
} case_t;

/* A sub-block with boundary metrics of the kinds the decoder uses: block start / uniform / a
 * genuine stake (the wide recursion over a random prefix), tail beta / uniform / genuine stake. */
static void make_case(const fg_xmap_fmt *f, fg_rng *r, case_t *c)
{
    c->n = 8 + (int)(rnd(r) % 57);
    const int consistent = rnd(r) & 1;
    for (int k = 0, st = (int)(rnd(r) & 7); k < c->n; k++) {
        if (consistent) { /* the worst case for the spread: saturated LLRs agreeing with a codeword */
            const int u = (int)(rnd(r) & 1), z = fg_rsc_parity(st, u);
            st = fg_rsc_next(st, u);
            const int flip = rnd(r) % 16 == 0;
            c->sys[k] = (u ^ flip) ? -(int32_t)lmax(f->w_ch) : (int32_t)lmax(f->w_ch);
            c->par[k] = z ? -(int32_t)lmax(f->w_ch) : (int32_t)lmax(f->w_ch);
            c->apr[k] = u ? -(int32_t)lmax(f->w_ext) : (int32_t)lmax(f->w_ext);
            continue;
        }
        c->sys[k] = rnd_llr(r, f->w_ch);
        c->par[k] = rnd_llr(r, f->w_ch);
        c->apr[k] = rnd_llr(r, f->w_ext);
    }
    const int ka = (int)(rnd(r) % 3), kb = (int)(rnd(r) % 3);
    const int64_t offset = (int64_t)(rnd(r) % 100000) - 50000; /* wide metrics are not normalised */
    int32_t tmp[8];
    if (ka == 0) {
        fg_xmap_alpha_start(f, tmp);
        for (int s = 0; s < 8; s++)
            c->a_in[s] = tmp[s];
    } else {
        for (int s = 0; s < 8; s++)
            c->a_in[s] = offset;
        if (ka == 2)
            for (int k = 0, len = 3 + (int)(rnd(r) % 20); k < len; k++) {
                int64_t nx[8];
                ref_alpha_step(c->a_in, rnd_llr(r, f->w_ch), rnd_llr(r, f->w_ch), rnd_llr(r, f->w_ext), nx);
                memcpy(c->a_in, nx, sizeof nx);
            }
    }
    if (kb == 0) { /* the three forced tail steps, wide */
        int32_t tail[6];
        for (int i = 0; i < 6; i++)
            tail[i] = rnd_llr(r, f->w_ch);
        for (int s0 = 0; s0 < 8; s0++) {
            int64_t sum = 0;
            for (int t = 0, s = s0; t < 3; t++) {
                const int u = fg_rsc_tail_input(s);
                sum += (u == 0 ? tail[2 * t] : 0) + (fg_rsc_parity(s, u) == 0 ? tail[2 * t + 1] : 0);
                s = fg_rsc_next(s, u);
            }
            c->b_in[s0] = sum;
        }
        /* the library's tail beta must equal it modulo 2^w_sm */
        int32_t lib[8];
        fg_xmap_beta_tail(f, tail, lib);
        for (int s = 0; s < 8 && fg_xmap_fmt_check(f) == 0; s++)
            CU_ASSERT_EQUAL(lib[s], f->norm == FG_XMAP_NORM_MODULO ? wrapw(c->b_in[s], f->w_sm)
                                                                    : c->b_in[s] - c->b_in[0]);
        for (int s = 0; s < 8; s++)
            c->b_in[s] -= offset;
    } else {
        for (int s = 0; s < 8; s++)
            c->b_in[s] = -offset;
        if (kb == 2)
            for (int k = 0, len = 3 + (int)(rnd(r) % 20); k < len; k++) {
                int64_t nx[8];
                ref_beta_step(c->b_in, rnd_llr(r, f->w_ch), rnd_llr(r, f->w_ch), rnd_llr(r, f->w_ext), nx);
                memcpy(c->b_in, nx, sizeof nx);
            }
    }
}

/* The library's inputs for a case: the wide boundary metrics as the w_sm-bit registers hold them. */
static void lib_bounds(const fg_xmap_fmt *f, const case_t *c, int32_t a[8], int32_t b[8])
{
    for (int s = 0; s < 8; s++) {
        a[s] = (int32_t)(f->norm == FG_XMAP_NORM_MODULO ? wrapw(c->a_in[s], f->w_sm) : c->a_in[s] - c->a_in[0]);
        b[s] = (int32_t)(f->norm == FG_XMAP_NORM_MODULO ? wrapw(c->b_in[s], f->w_sm) : c->b_in[s] - c->b_in[0]);
    }
}

/* Runs `cases` random sub-blocks; returns the number of positions whose app or ext differ from the
 * wide reference, and counts decision (sign) differences. */
static long compare_run(const fg_xmap_fmt *f, int cases, uint64_t seed, long *dec_bad, long *positions,
                        int64_t *max_sp, int64_t *max_br)
{
    fg_rng r;
    fg_rng_init(&r, seed, 0);
    static case_t c;
    static ref_out o;
    int32_t app[NMAX], ext[NMAX], aout[8], bout[8], a[8], b[8], work[(NMAX / 2 + 1) * 8];
    long bad = 0;
    *dec_bad = 0;
    *positions = 0;
    *max_sp = *max_br = 0;
    for (int t = 0; t < cases; t++) {
        make_case(f, &r, &c);
        ref_siso(f, c.n, c.sys, c.par, c.apr, c.a_in, c.b_in, &o);
        lib_bounds(f, &c, a, b);
        fg_xmap_siso(f, c.n, c.sys, c.par, c.apr, a, b, app, ext, aout, bout, work, NULL);
        for (int k = 0; k < c.n; k++) {
            if (app[k] != o.app[k] || ext[k] != o.ext[k]) {
                if (bad < 3 && f->w_sm >= 10)
                    fprintf(stderr, "case %d n=%d k=%d: app %d ext %d, wide %lld %lld\n", t, c.n, k, app[k], ext[k],
                            (long long)o.app[k], (long long)o.ext[k]);
                bad++;
            }
            *dec_bad += (app[k] < 0) != (o.app[k] < 0);
        }
        *positions += c.n;
        if (f->norm == FG_XMAP_NORM_MODULO)
            for (int s = 0; s < 8; s++) {
                bad += aout[s] != wrapw(o.alpha_end[s], f->w_sm);
                bad += bout[s] != wrapw(o.beta_start[s], f->w_sm);
            }
        *max_sp = o.max_alpha_spread > *max_sp ? o.max_alpha_spread : *max_sp;
        *max_br = o.max_branch_spread > *max_br ? o.max_branch_spread : *max_br;
    }
    return bad;
}

static void test_modulo_equals_wide(void)
{
    const fg_xmap_fmt f = fg_xmap_fmt_default();
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), 0);
    long dec_bad, pos;
    int64_t sp, br;
    const long bad = compare_run(&f, 4000, 11, &dec_bad, &pos, &sp, &br);
    const int64_t d1 = fg_xmap_delta1(&f);
    fprintf(stderr, "modulo w_sm=10: %ld positions, %ld mismatches; max spread alpha/beta %lld (bound 3*D1=%lld), "
                    "of alpha+gamma+beta %lld (bound 8*D1=%lld)\n",
            pos, bad, (long long)sp, (long long)(3 * d1), (long long)br, (long long)(8 * d1));
    CU_ASSERT(pos > 100000);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(dec_bad, 0);
    CU_ASSERT(sp <= 3 * d1);
    CU_ASSERT(br <= 8 * d1);
    CU_ASSERT(br > 4 * d1); /* the stress inputs do get near the bound */
}

static void test_subtract_equals_wide_at_defaults(void)
{
    fg_xmap_fmt f = fg_xmap_fmt_default();
    f.norm = FG_XMAP_NORM_SUBTRACT;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), 0);
    long dec_bad, pos;
    int64_t sp, br;
    CU_ASSERT_EQUAL(compare_run(&f, 1500, 12, &dec_bad, &pos, &sp, &br), 0);
    CU_ASSERT_EQUAL(dec_bad, 0);
}

/* Below the bound (8*D1 = 488 needs w_sm = 10): the modulo datapath is run at narrower w_sm
 * (bypassing fg_xmap_fmt_check) to show where it breaks, while subtract (saturating) only loses
 * accuracy. */
static void test_narrow_widths_break(void)
{
    fg_xmap_fmt f = fg_xmap_fmt_default();
    long first_broken = 0;
    for (int w = 9; w >= 7; w--) {
        f.w_sm = w;
        f.norm = FG_XMAP_NORM_MODULO;
        CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
        long dec_bad, pos, dec_bad_s, pos_s;
        int64_t sp, br;
        const long bad = compare_run(&f, 1500, 13, &dec_bad, &pos, &sp, &br);
        f.norm = FG_XMAP_NORM_SUBTRACT;
        const long bad_s = compare_run(&f, 1500, 13, &dec_bad_s, &pos_s, &sp, &br);
        fprintf(stderr, "w_sm=%d: modulo %ld of %ld values differ from wide (%ld decisions); subtract %ld values "
                        "(%ld decisions)\n",
                w, bad, pos, dec_bad, bad_s, dec_bad_s);
        if (dec_bad > 0 && first_broken == 0)
            first_broken = w;
        if (w == 7) {
            CU_ASSERT(dec_bad > 0);
            CU_ASSERT(dec_bad_s < dec_bad);
        }
    }
    CU_ASSERT(first_broken >= 7);
}

static void test_fmt_check(void)
{
    fg_xmap_fmt f = fg_xmap_fmt_default();
    CU_ASSERT_EQUAL(f.w_ch, 5);
    CU_ASSERT_EQUAL(f.w_ext, 6);
    CU_ASSERT_EQUAL(f.w_bm, 9);
    CU_ASSERT_EQUAL(f.w_sm, 10);
    CU_ASSERT_EQUAL(fg_xmap_delta1(&f), 61);
    f.w_bm = 7; /* 2*D1 = 122 needs 8 bits */
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "w_bm=7 out of range [8, 30]"));
    f.w_bm = 8;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), 0);
    f.w_sm = 9;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "w_sm=9 out of range [10, 29]"));
    f.norm = FG_XMAP_NORM_SUBTRACT; /* 3*D1 = 183 fits 9 bits */
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), 0);
    f.w_sm = 8;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    f = fg_xmap_fmt_default();
    f.w_ext = 7; /* D1 = 93: 2*D1 = 186 needs 9, 8*D1 = 744 needs 11 */
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "w_sm=10 out of range [11, 29]"));
    f.w_sm = 11;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), 0);
    f = fg_xmap_fmt_default();
    f.f_ch = 5;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    f = fg_xmap_fmt_default();
    f.w_ch = 1;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    f = fg_xmap_fmt_default();
    f.norm = (fg_xmap_norm)2;
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(&f), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_xmap_fmt_check(NULL), FG_EINVAL);
}

/* gamma4 is the indicator form, exactly; the radix-4 steps equal two wide radix-2 steps. */
static void test_step_primitives(void)
{
    const fg_xmap_fmt f = fg_xmap_fmt_default();
    fg_rng r;
    fg_rng_init(&r, 5, 0);
    long bad = 0;
    for (int t = 0; t < 20000; t++) {
        int32_t sys[2], par[2], apr[2], g[16], a[8], out[8], ga[8];
        for (int j = 0; j < 2; j++) {
            sys[j] = rnd_llr(&r, f.w_ch);
            par[j] = rnd_llr(&r, f.w_ch);
            apr[j] = rnd_llr(&r, f.w_ext);
        }
        fg_xmap_gamma4(&f, sys, par, apr, g);
        for (int i = 0; i < 16; i++) {
            const int64_t want = ((i & 1) ? 0 : sys[0] + apr[0]) + ((i & 2) ? 0 : sys[1] + apr[1]) +
                                 ((i & 4) ? 0 : par[0]) + ((i & 8) ? 0 : par[1]);
            bad += g[i] != want;
        }
        int64_t wa[8], w1[8], w2[8];
        for (int s = 0; s < 8; s++) {
            wa[s] = rnd_llr(&r, 8);
            a[s] = (int32_t)wa[s];
        }
        ref_alpha_step(wa, sys[0], par[0], apr[0], w1);
        ref_alpha_step(w1, sys[1], par[1], apr[1], w2);
        fg_xmap_alpha4(&f, a, g, out);
        for (int s = 0; s < 8; s++)
            bad += out[s] != wrapw(w2[s], f.w_sm);
        ref_beta_step(wa, sys[1], par[1], apr[1], w1);
        ref_beta_step(w1, sys[0], par[0], apr[0], w2);
        fg_xmap_beta4(&f, a, g, out);
        for (int s = 0; s < 8; s++)
            bad += out[s] != wrapw(w2[s], f.w_sm);
        /* radix-2 beta and the branch index */
        int32_t g4[4];
        fg_xmap_gamma2(&f, sys[0], par[0], apr[0], g4);
        ref_beta_step(wa, sys[0], par[0], apr[0], w1);
        fg_xmap_beta2(&f, a, g4, ga);
        for (int s = 0; s < 8; s++)
            bad += ga[s] != wrapw(w1[s], f.w_sm);
    }
    CU_ASSERT_EQUAL(bad, 0);
    for (int s = 0; s < 8; s++)
        for (int b = 0; b < 4; b++)
            CU_ASSERT_EQUAL(fg_xmap_branch(s, b & 1, b >> 1) >> 2, fg_rsc_parity2(s, b & 1, b >> 1));
    int32_t a0[8];
    fg_xmap_alpha_start(&f, a0);
    CU_ASSERT_EQUAL(a0[0], 0);
    CU_ASSERT_EQUAL(a0[5], -61);
    /* subtract normalisation: state 0 ends at 0 */
    fg_xmap_fmt fs = f;
    fs.norm = FG_XMAP_NORM_SUBTRACT;
    int32_t m[8] = {5, 7, -3, 100, 0, 1, 2, 3};
    fg_xmap_normalize(&fs, m);
    CU_ASSERT_EQUAL(m[0], 0);
    CU_ASSERT_EQUAL(m[3], 95);
    CU_ASSERT_EQUAL(m[2], -8);
    int32_t w[8] = {600, -600, 0, 511, -512, 1, 2, 3};
    fg_xmap_normalize(&f, w);
    CU_ASSERT_EQUAL(w[0], -424);
    CU_ASSERT_EQUAL(w[1], 424);
    CU_ASSERT_EQUAL(w[3], 511);
}

/* The trace of fg_xmap_siso is the per-step primitives' values: replaying it step by step with
 * the primitives gives the same extrinsics (what T3's cycle model and the vectors rely on). */
static void test_trace_replay(void)
{
    const fg_xmap_fmt f = fg_xmap_fmt_default();
    fg_rng r;
    fg_rng_init(&r, 6, 0);
    static case_t c;
    for (int t = 0; t < 200; t++) {
        make_case(&f, &r, &c);
        const int n = c.n, S = (n + 1) / 2;
        int32_t a[8], b[8], app[NMAX], ext[NMAX], aout[8], bout[8], work[(NMAX / 2 + 1) * 8];
        int32_t tg[(NMAX / 2 + 1) * 16], ta[(NMAX / 2 + 2) * 8], tb[(NMAX / 2 + 2) * 8];
        const fg_xmap_trace tr = {tg, ta, tb};
        lib_bounds(&f, &c, a, b);
        fg_xmap_siso(&f, n, c.sys, c.par, c.apr, a, b, app, ext, aout, bout, work, &tr);
        CU_ASSERT_EQUAL(memcmp(ta, a, sizeof a), 0);
        CU_ASSERT_EQUAL(memcmp(tb + 8 * S, b, sizeof b), 0);
        CU_ASSERT_EQUAL(memcmp(tb, bout, sizeof b), 0);
        for (int i = 0; i < n / 2; i++) {
            int32_t g[16], nx[8], ap[2], ex[2];
            fg_xmap_gamma4(&f, c.sys + 2 * i, c.par + 2 * i, c.apr + 2 * i, g);
            CU_ASSERT_EQUAL(memcmp(g, tg + 16 * i, sizeof g), 0);
            fg_xmap_alpha4(&f, ta + 8 * i, g, nx);
            CU_ASSERT_EQUAL(memcmp(nx, ta + 8 * (i + 1), sizeof nx), 0);
            fg_xmap_beta4(&f, tb + 8 * (i + 1), g, nx);
            CU_ASSERT_EQUAL(memcmp(nx, tb + 8 * i, sizeof nx), 0);
            fg_xmap_ext4(&f, ta + 8 * i, g, tb + 8 * (i + 1), c.sys + 2 * i, c.apr + 2 * i, ap, ex);
            CU_ASSERT(ap[0] == app[2 * i] && ap[1] == app[2 * i + 1] && ex[0] == ext[2 * i] && ex[1] == ext[2 * i + 1]);
        }
        if (n & 1) {
            int32_t ap, ex;
            fg_xmap_ext2(&f, ta + 8 * (n / 2), tg + 16 * (n / 2), tb + 8 * S, c.sys[n - 1], c.apr[n - 1], &ap, &ex);
            CU_ASSERT(ap == app[n - 1] && ex == ext[n - 1]);
        }
        for (int k = 0; k < n; k++)
            CU_ASSERT(ext[k] >= -31 && ext[k] <= 31);
    }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"fmt defaults and width checks", test_fmt_check},
        {"per-step primitives = wide radix-2 steps", test_step_primitives},
        {"modulo SISO = wide int64 reference exactly (4000 sub-blocks)", test_modulo_equals_wide},
        {"subtract SISO = wide reference at default widths", test_subtract_equals_wide_at_defaults},
        {"narrow w_sm: modulo breaks, subtract degrades", test_narrow_widths_break},
        {"siso trace replays through the step primitives", test_trace_replay},
        {NULL, NULL},
    };
    fg_add_suite("xmap_fixed", cases);
}
