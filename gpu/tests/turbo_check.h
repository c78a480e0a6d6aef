/* What the GPU turbo decoder's tests share: frames (channel and stress), configurations, and the
 * comparison of a decoder's batch with the C fixed-point model frame by frame (fixed mode) or with the C float
 * decoder within float rounding (float mode). */
#ifndef FG_TURBO_CHECK_H
#define FG_TURBO_CHECK_H

#include "fg_cunit.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/rng.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Frame f's quantised channel LLRs: the turbo family's frame at ebn0 for f % 4 < 2 (its last 24 bits
 * replaced by the CRC of the others when crc_poly >= 0), else a stress frame (f % 4 == 2: uniform over
 * the format, 3: every value at +-max). */
static void make_frame(fg_std std, int K, const fg_xmap_fmt *fmt, double ebn0, uint64_t seed, long long f,
                       int crc_poly, int32_t *q)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    const int32_t m = fg_fx_max(fmt->w_ch);
    if (f % 4 < 2) {
        uint8_t *u = malloc((size_t)K), *cw = malloc((size_t)N);
        double *llr = malloc(sizeof *llr * (size_t)N), sigma;
        CU_ASSERT_FATAL(u && cw && llr);
        CU_ASSERT_FATAL(fg_channel_sigma(ebn0, (double)K / N, &sigma) == 0);
        CU_ASSERT_FATAL(fg_channel_random_bits(K, seed, (uint64_t)f, u) == 0);
        if (crc_poly >= 0)
            CU_ASSERT_FATAL(fg_crc24_attach((fg_crc24_poly)crc_poly, u, K - 24, u) == 0);
        CU_ASSERT_FATAL(fg_turbo_encode(std, K, u, cw) == 0);
        CU_ASSERT_FATAL(fg_channel_bpsk_awgn(cw, N, sigma, seed, (uint64_t)f, llr) == 0);
        CU_ASSERT_FATAL(fg_channel_llr(llr, N, sigma, llr) == 0);
        CU_ASSERT_FATAL(fg_llr_quantize(llr, N, fmt->w_ch, fmt->f_ch, q) == 0);
        free(u);
        free(cw);
        free(llr);
        return;
    }
    for (int i = 0; i < N; i++) {
        const uint32_t r = fg_rng_u32_at(seed, (uint64_t)f, (uint64_t)i);
        q[i] = f % 4 == 2 ? (int32_t)(r % (uint32_t)(2 * m + 1)) - m : (r & 1) ? m : -m;
    }
}

typedef struct {
    fg_std std;
    int K;
    fg_turbo_fixed_cfg fx;
} run_cfg;

static run_cfg run_base(fg_std std, int K, int P)
{
    run_cfg r;
    r.std = std;
    r.K = K;
    r.fx = fg_turbo_fixed_cfg_default();
    r.fx.P = P;
    return r;
}

/* 1 if the C model takes r (P fits K). */
static int run_fits(const run_cfg *r)
{
    fg_turbo_fixed *probe = NULL;
    const int rc = fg_turbo_fixed_create(r->std, r->K, &r->fx, &probe);
    fg_turbo_fixed_destroy(probe);
    return rc == 0;
}

/* A decoder under test: count frames of q into bits, app, half (as fg_gpu_turbo_decode). */
typedef int (*batch_decoder)(void *ctx, const run_cfg *r, int count, const int32_t *q, uint8_t *bits, int32_t *app,
                             int *half);

static long long g_frames; /* frames compared by this run of the suite */

/* count frames through dec and the C model: every decision, half-iteration count and APP equal. With
 * early termination the rule must stop some frames early, and not all. */
static void equal_run(const run_cfg *r, int count, double ebn0, batch_decoder dec, void *ctx)
{
    fg_turbo_fixed *model = NULL;
    CU_ASSERT_FATAL(fg_turbo_fixed_create(r->std, r->K, &r->fx, &model) == 0);
    const int K = r->K, N = 3 * K + FG_TURBO_TAIL;
    const int crc = r->fx.et.kind == FG_TURBO_ET_CRC ? (int)r->fx.et.crc_poly : -1;
    int32_t *q = malloc(sizeof *q * (size_t)count * N), *app = malloc(sizeof *app * (size_t)count * K);
    uint8_t *bits = malloc((size_t)count * K), *ref = malloc((size_t)K);
    int *half = malloc(sizeof *half * (size_t)count);
    CU_ASSERT_FATAL(q && app && bits && ref && half);
    for (int f = 0; f < count; f++)
        make_frame(r->std, K, &r->fx.fmt, ebn0, 7, f, crc, q + (size_t)f * N);
    const int rc = dec(ctx, r, count, q, bits, app, half);
    if (rc)
        fprintf(stderr, "decoder: %s\n", fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
    int bad = 0, stopped = 0;
    for (int f = 0; f < count; f++) {
        fg_turbo_result res;
        CU_ASSERT_FATAL(fg_turbo_fixed_decode(model, q + (size_t)f * N, ref, &res) == 0);
        const int32_t *mapp = fg_turbo_fixed_app(model);
        int first = -1;
        for (int j = 0; j < K && first < 0; j++)
            if (ref[j] != bits[(size_t)f * K + j] || mapp[j] != app[(size_t)f * K + j])
                first = j;
        if ((first >= 0 || res.half_iters != half[f]) && bad++ < 3)
            fprintf(stderr, "%s K=%d P=%d nii=%d norm=%d frame %d: half %d/%d, first difference at %d (app %d/%d)\n",
                    fg_std_name(r->std), K, r->fx.P, r->fx.nii, (int)r->fx.fmt.norm, f, half[f], res.half_iters, first,
                    first >= 0 ? app[(size_t)f * K + first] : 0, first >= 0 ? mapp[first] : 0);
        stopped += res.early_stop;
    }
    CU_ASSERT_EQUAL(bad, 0);
    if (r->fx.et.kind != FG_TURBO_ET_NONE)
        CU_ASSERT(stopped > 0 && stopped < count);
    g_frames += count;
    fg_turbo_fixed_destroy(model);
    free(q);
    free(app);
    free(bits);
    free(ref);
    free(half);
}

/* The configurations both suites run: sizes (odd K included) x P, normalisations and NII, formats with
 * 16-bit storage and the narrowest legal widths, every early-termination rule. frames_scale scales the
 * frame counts. */
static void run_suite_configs(batch_decoder dec, void *ctx, int frames_scale)
{
    static const int lte_k[] = {40, 512, 1008, 6144}, umts_k[] = {40, 41, 997, 5113, 5114};
    static const int ps[] = {1, 2, 8, 16, 32, 64};
    for (size_t k = 0; k < sizeof lte_k / sizeof *lte_k; k++)
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i++) {
            run_cfg r = run_base(FG_STD_LTE, lte_k[k], ps[i]);
            if (run_fits(&r))
                equal_run(&r, (r.K > 2000 ? 4 : 16) * frames_scale, 0.6, dec, ctx);
        }
    for (size_t k = 0; k < sizeof umts_k / sizeof *umts_k; k++)
        for (size_t i = 0; i < sizeof ps / sizeof *ps; i += 2) {
            run_cfg r = run_base(FG_STD_UMTS, umts_k[k], ps[i]);
            r.fx.half_iters = 8; /* an even count: the last half-iteration is SISO 2's (interleaved order) */
            if (run_fits(&r))
                equal_run(&r, (r.K > 2000 ? 4 : 16) * frames_scale, 0.4, dec, ctx);
        }
    for (int norm = 0; norm < 2; norm++)
        for (int nii = 0; nii < 2; nii++) {
            run_cfg r = run_base(FG_STD_LTE, 1504, 16);
            r.fx.fmt.norm = (fg_xmap_norm)norm;
            r.fx.nii = nii;
            r.fx.fmt.w_sm = norm == FG_XMAP_NORM_MODULO ? 10 : 9; /* the narrowest each allows */
            CU_ASSERT_FATAL(fg_xmap_fmt_check(&r.fx.fmt) == 0);
            equal_run(&r, 8 * frames_scale, 0.8, dec, ctx);
        }
    run_cfg w = run_base(FG_STD_UMTS, 3001, 32); /* 10-bit channel, 12-bit extrinsics: 16-bit storage */
    w.fx.fmt = (fg_xmap_fmt){10, 4, 12, 14, 16, FG_XMAP_NORM_MODULO};
    CU_ASSERT_FATAL(fg_xmap_fmt_check(&w.fx.fmt) == 0);
    equal_run(&w, 4 * frames_scale, 0.5, dec, ctx);
    w.fx.fmt.norm = FG_XMAP_NORM_SUBTRACT;
    w.fx.fmt.w_sm = 15;
    CU_ASSERT_FATAL(fg_xmap_fmt_check(&w.fx.fmt) == 0);
    equal_run(&w, 4 * frames_scale, 0.5, dec, ctx);
    w = run_base(FG_STD_LTE, 1024, 8); /* 14-bit LLRs: 32-bit checkpoints, metrics beyond 16 bits */
    w.fx.fmt = (fg_xmap_fmt){14, 6, 14, 17, 19, FG_XMAP_NORM_MODULO};
    CU_ASSERT_FATAL(fg_xmap_fmt_check(&w.fx.fmt) == 0);
    equal_run(&w, 4 * frames_scale, 0.5, dec, ctx);
    run_cfg n = run_base(FG_STD_LTE, 4096, 64); /* narrow: 4-bit channel, 5-bit extrinsics, 1 iteration */
    n.fx.fmt = (fg_xmap_fmt){4, 1, 5, 8, 9, FG_XMAP_NORM_MODULO};
    n.fx.half_iters = 2;
    CU_ASSERT_FATAL(fg_xmap_fmt_check(&n.fx.fmt) == 0);
    equal_run(&n, 4 * frames_scale, 1.0, dec, ctx);
    run_cfg e = run_base(FG_STD_LTE, 6144, 64);
    e.fx.half_iters = 16;
    e.fx.et.kind = FG_TURBO_ET_CRC;
    equal_run(&e, 8 * frames_scale, 0.7, dec, ctx);
    e.fx.et.crc_poly = FG_CRC24B;
    equal_run(&e, 8 * frames_scale, 0.7, dec, ctx);
    e = run_base(FG_STD_UMTS, 2001, 16);
    e.fx.half_iters = 20;
    e.fx.et.kind = FG_TURBO_ET_MIN_LLR;
    e.fx.et.threshold = 40;
    equal_run(&e, 12 * frames_scale, 0.6, dec, ctx);
    e.fx.et.kind = FG_TURBO_ET_AVG_LLR;
    e.fx.et.threshold = 90.5;
    equal_run(&e, 12 * frames_scale, 0.6, dec, ctx);
}

/* ---- float mode ---- */

/* A float decoder under test: count frames of llr into bits, app, half (as fg_gpu_turbo_decode_float). */
typedef int (*float_decoder)(void *ctx, fg_std std, int K, const fg_turbo_dec_cfg *c, int count, const double *llr,
                             uint8_t *bits, double *app, int *half);

/* Frame f's channel LLRs (the turbo family's frame at ebn0; its last 24 bits the CRC of the others when
 * crc_poly >= 0). */
static void make_frame_llr(fg_std std, int K, double ebn0, long long f, int crc_poly, double *llr)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t *u = malloc((size_t)K), *cw = malloc((size_t)N);
    double sigma;
    CU_ASSERT_FATAL(u && cw);
    CU_ASSERT_FATAL(fg_channel_sigma(ebn0, (double)K / N, &sigma) == 0);
    CU_ASSERT_FATAL(fg_channel_random_bits(K, 7, (uint64_t)f, u) == 0);
    if (crc_poly >= 0)
        CU_ASSERT_FATAL(fg_crc24_attach((fg_crc24_poly)crc_poly, u, K - 24, u) == 0);
    CU_ASSERT_FATAL(fg_turbo_encode(std, K, u, cw) == 0);
    CU_ASSERT_FATAL(fg_channel_bpsk_awgn(cw, N, sigma, 7, (uint64_t)f, llr) == 0);
    CU_ASSERT_FATAL(fg_channel_llr(llr, N, sigma, llr) == 0);
    free(u);
    free(cw);
}

/* What a float comparison found. */
typedef struct {
    int frames, half_differ, frames_decisions_differ;
    long long positions, app_far; /* APPs, and those more than 5 % (at least 0.05) from the C decoder's */
    long long app_unequal;        /* APPs not bit for bit the C decoder's */
} float_diff;

/* count frames through dec and fg_turbo_dec_run (the reference, dec_ref: usually c itself). */
static float_diff float_compare(fg_std std, int K, const fg_turbo_dec_cfg *c, const fg_turbo_dec_cfg *c_ref, int count,
                                double ebn0, float_decoder dec, void *ctx)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    const int crc = c->et.kind == FG_TURBO_ET_CRC ? (int)c->et.crc_poly : -1;
    double *llr = malloc(sizeof *llr * (size_t)count * N), *app = malloc(sizeof *app * (size_t)count * K);
    double *ref_app = malloc(sizeof *ref_app * (size_t)K);
    uint8_t *bits = malloc((size_t)count * K), *ref = malloc((size_t)K);
    int *half = malloc(sizeof *half * (size_t)count);
    fg_turbo_dec *model = NULL;
    CU_ASSERT_FATAL(llr && app && ref_app && bits && ref && half);
    CU_ASSERT_FATAL(fg_turbo_dec_create(std, K, c_ref, &model) == 0);
    for (int f = 0; f < count; f++)
        make_frame_llr(std, K, ebn0, f, crc, llr + (size_t)f * N);
    const int rc = dec(ctx, std, K, c, count, llr, bits, app, half);
    if (rc)
        fprintf(stderr, "decoder: %s\n", fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
    float_diff d = {count, 0, 0, 0, 0, 0};
    for (int f = 0; f < count; f++) {
        fg_turbo_result res;
        CU_ASSERT_FATAL(fg_turbo_dec_run(model, llr + (size_t)f * N, ref, ref_app, &res) == 0);
        int differ = 0;
        for (int j = 0; j < K; j++) {
            const double a = app[(size_t)f * K + j], m = fabs(ref_app[j]);
            differ |= ref[j] != bits[(size_t)f * K + j];
            d.app_far += fabs(a - ref_app[j]) > 0.05 * (m > 1.0 ? m : 1.0);
            d.app_unequal += a != ref_app[j];
        }
        d.positions += K;
        d.frames_decisions_differ += differ;
        d.half_differ += res.half_iters != half[f];
    }
    g_frames += count;
    fg_turbo_dec_destroy(model);
    free(llr);
    free(app);
    free(ref_app);
    free(bits);
    free(ref);
    free(half);
    return d;
}

/* The float decoder equals the C float decoder up to float rounding: the same half-iterations in every frame,
 * decisions that differ in at most 1 + count/20 frames (a rounding can flip an LLR near 0 in a frame that
 * does not converge), and at most 1 APP in 1000 more than 5 % away; exact: every APP bit for bit. */
static void float_close(fg_std std, int K, const fg_turbo_dec_cfg *c, int count, double ebn0, float_decoder dec,
                        void *ctx, int exact)
{
    const float_diff d = float_compare(std, K, c, c, count, ebn0, dec, ctx);
    if (exact && c->radix == 2) { /* the C decoder's radix 4 computes other sums (of two steps' branch metrics) */
        if (d.app_unequal)
            fprintf(stderr, "%s K=%d P=%d alg=%d: %lld of %lld APPs not bit for bit\n", fg_std_name(std), K, c->P,
                    (int)c->alg, d.app_unequal, d.positions);
        CU_ASSERT_EQUAL(d.app_unequal, 0);
    }
    if (d.half_differ || d.frames_decisions_differ > 1 + count / 20 || d.app_far * 1000 > d.positions)
        fprintf(stderr, "%s K=%d P=%d alg=%d nii=%d et=%d: %d/%d frames with other half-iterations, %d with other "
                        "decisions, %lld of %lld APPs far\n",
                fg_std_name(std), K, c->P, (int)c->alg, c->nii, (int)c->et.kind, d.half_differ, count,
                d.frames_decisions_differ, d.app_far, d.positions);
    CU_ASSERT_EQUAL(d.half_differ, 0);
    CU_ASSERT(d.frames_decisions_differ <= 1 + count / 20);
    CU_ASSERT(d.app_far * 1000 <= d.positions);
}

/* The float configurations both suites run (frames x frames_scale): sizes (odd K included) x P, max-log
 * (scaling 0.75) and log-MAP (linlog: linear-log-MAP too), NII off, the radix-4 partition, an even
 * half-iteration count, every early-termination rule; and a planted difference (another extrinsic scaling)
 * that the comparison must see. exact: every APP bit for bit (float_close) where the C decoder runs radix 2. */
static void run_float_configs(float_decoder dec, void *ctx, int frames_scale, int exact, int linlog)
{
    static const struct {
        fg_std std;
        int K, P, alg, nii, radix, half, et;
        double ebn0;
    } t[] = {
        {FG_STD_LTE, 40, 1, FG_TURBO_ALG_MAXLOG, 1, 2, 11, 0, 0.8},
        {FG_STD_LTE, 40, 2, FG_TURBO_ALG_LOG, 1, 2, 11, 0, 0.4},
        {FG_STD_LTE, 1008, 8, FG_TURBO_ALG_MAXLOG, 1, 2, 11, 0, 0.6},
        {FG_STD_LTE, 1008, 8, FG_TURBO_ALG_LOG, 0, 2, 11, 0, 0.3},
        {FG_STD_LTE, 6144, 64, FG_TURBO_ALG_MAXLOG, 1, 2, 12, 0, 0.7},
        {FG_STD_LTE, 6144, 32, FG_TURBO_ALG_LOG, 1, 4, 8, 0, 0.5},
        {FG_STD_UMTS, 41, 1, FG_TURBO_ALG_MAXLOG, 1, 2, 8, 0, 1.0},
        {FG_STD_UMTS, 997, 16, FG_TURBO_ALG_LOG, 1, 2, 8, 0, 0.4},
        {FG_STD_UMTS, 5114, 64, FG_TURBO_ALG_MAXLOG, 0, 4, 11, 0, 0.6},
        {FG_STD_UMTS, 2001, 16, FG_TURBO_ALG_MAXLOG, 1, 2, 20, FG_TURBO_ET_MIN_LLR, 0.7},
        {FG_STD_UMTS, 2001, 16, FG_TURBO_ALG_LOG, 1, 2, 20, FG_TURBO_ET_AVG_LLR, 0.6},
        {FG_STD_LTE, 1504, 8, FG_TURBO_ALG_MAXLOG, 1, 2, 16, FG_TURBO_ET_CRC, 0.7},
        {FG_STD_LTE, 1008, 8, FG_TURBO_ALG_LINLOG, 1, 2, 11, 0, 0.5},
        {FG_STD_UMTS, 997, 16, FG_TURBO_ALG_LINLOG, 0, 2, 8, FG_TURBO_ET_AVG_LLR, 0.6},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        if (t[i].alg == FG_TURBO_ALG_LINLOG && !linlog)
            continue;
        fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
        c.alg = (fg_turbo_alg)t[i].alg;
        c.ext_scale = t[i].alg == FG_TURBO_ALG_MAXLOG ? 0.75 : 1.0;
        c.P = t[i].P;
        c.nii = t[i].nii;
        c.radix = t[i].radix;
        c.half_iters = t[i].half;
        c.et.kind = (fg_turbo_et_kind)t[i].et;
        c.et.threshold = t[i].et == FG_TURBO_ET_MIN_LLR ? 12.0 : 30.0;
        float_close(t[i].std, t[i].K, &c, (t[i].K > 2000 ? 4 : 16) * frames_scale, t[i].ebn0, dec, ctx, exact);
    }
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default(), planted = c;
    c.P = 8;
    planted.P = 8;
    planted.ext_scale = 0.7;
    const float_diff d = float_compare(FG_STD_LTE, 1008, &c, &planted, 16, 0.6, dec, ctx);
    CU_ASSERT(d.app_far * 1000 > d.positions);
}

#endif
