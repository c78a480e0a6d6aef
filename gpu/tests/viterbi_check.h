/* What the GPU Viterbi decoder's tests share: channel frames and the comparison of a decoder's batch with the C
 * fixed-point decoder fg_vit_fixed_run, frame by frame, over codes, tilings, endings and formats. */
#ifndef FG_VITERBI_CHECK_H
#define FG_VITERBI_CHECK_H

#include "fg_cunit.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A decoder under test: count frames of rx (quantised sent symbols) into bits. */
typedef int (*vit_decoder)(void *ctx, const fg_vit_code *c, int k, const fg_vit_dec_cfg *d, int count,
                           const int32_t *rx, uint8_t *bits);

static long long g_vit_bits; /* decoded bits compared by this run */

/* count frames at ebn0 through dec and fg_vit_fixed_run: every decided bit equal. */
static void vit_equal(const fg_vit_code *c, int k, const fg_vit_dec_cfg *d, int count, double ebn0, vit_decoder dec,
                      void *ctx)
{
    const int n = fg_vit_sent_len(c, d->ending, k);
    uint8_t *u = malloc((size_t)k), *cw = malloc((size_t)n), *bits = malloc((size_t)count * k), *ref = malloc((size_t)k);
    double *llr = malloc(sizeof *llr * (size_t)n), sigma;
    int32_t *rx = malloc(sizeof *rx * (size_t)count * n);
    fg_vit_dec *model = NULL;
    CU_ASSERT_FATAL(u && cw && bits && ref && llr && rx);
    CU_ASSERT_FATAL(fg_vit_dec_create(c, k, d, &model) == 0);
    CU_ASSERT_FATAL(fg_channel_sigma(ebn0, (double)k / n, &sigma) == 0);
    for (int f = 0; f < count; f++) {
        CU_ASSERT_FATAL(fg_channel_random_bits(k, 7, (uint64_t)f, u) == 0);
        CU_ASSERT_FATAL(fg_vit_encode(c, d->ending, k, u, cw) == 0);
        CU_ASSERT_FATAL(fg_channel_bpsk_awgn(cw, n, sigma, 7, (uint64_t)f, llr) == 0);
        CU_ASSERT_FATAL(fg_channel_llr(llr, n, sigma, llr) == 0);
        CU_ASSERT_FATAL(fg_llr_quantize(llr, n, d->w_llr, d->f_llr, rx + (size_t)f * n) == 0);
    }
    const int rc = dec(ctx, c, k, d, count, rx, bits);
    if (rc)
        fprintf(stderr, "decoder: %s\n", fg_last_error());
    CU_ASSERT_FATAL(rc == 0);
    int bad = 0;
    long long errors = 0;
    for (int f = 0; f < count; f++) {
        CU_ASSERT_FATAL(fg_vit_fixed_run(model, rx + (size_t)f * n, ref) == 0);
        int first = -1;
        for (int j = 0; j < k; j++) {
            if (ref[j] != bits[(size_t)f * k + j] && first < 0)
                first = j;
            fg_channel_random_bits(k, 7, (uint64_t)f, u);
        }
        for (int j = 0; j < k; j++)
            errors += ref[j] != u[j];
        if (first >= 0 && bad++ < 3)
            fprintf(stderr, "K=%d k=%d f=%d v1=%d v2=%d f0=%d ending=%d frame %d: first difference at bit %d\n", c->K,
                    k, d->f, d->v1, d->v2, d->f0, (int)d->ending, f, first);
    }
    CU_ASSERT_EQUAL(bad, 0);
    g_vit_bits += (long long)count * k;
    fg_vit_dec_destroy(model);
    free(u);
    free(cw);
    free(bits);
    free(ref);
    free(llr);
    free(rx);
}

/* One configuration of the tables below. */
typedef struct {
    int K;
    const char *gen, *punct;
    int ending, k, f, v1, v2, f0, w_llr, f_llr, norm;
    double ebn0;
} vit_config;

static void vit_run_configs(const vit_config *t, size_t n, vit_decoder dec, void *ctx, int scale)
{
    for (size_t i = 0; i < n; i++) {
        fg_vit_code c = fg_vit_code_default();
        c.K = t[i].K;
        CU_ASSERT_FATAL(fg_vit_parse_gen(t[i].gen, &c) == 0);
        CU_ASSERT_FATAL(fg_vit_parse_punct(t[i].punct, &c) == 0);
        fg_vit_dec_cfg d = fg_vit_dec_cfg_default();
        d.ending = (fg_vit_ending)t[i].ending;
        d.f = t[i].f;
        d.v1 = t[i].v1;
        d.v2 = t[i].v2;
        d.f0 = t[i].f0;
        d.w_llr = t[i].w_llr;
        d.f_llr = t[i].f_llr;
        d.norm = (fg_vit_norm)t[i].norm;
        vit_equal(&c, t[i].k, &d, 6 * scale, t[i].ebn0, dec, ctx);
    }
}

/* The configurations (frames x scale): codes K 3 to 11, rates 1/2 and 1/3, punctured, terminated and truncated,
 * no tiling, tiles with overlaps and parallel traceback (subframes that do not divide the tile, overlaps past the
 * frame), narrow formats full of ties, both normalisations. */
static void vit_configs(vit_decoder dec, void *ctx, int scale)
{
    static const vit_config t[] = {
        {3, "7,5", "none", 0, 200, 0, 0, 0, 0, 5, 1, 0, 2.0},
        {5, "23,35", "11,10", 1, 300, 0, 0, 0, 0, 5, 1, 0, 3.0},
        {7, "171,133", "none", 0, 2048, 0, 0, 0, 0, 5, 1, 0, 2.5},
        {7, "171,133", "none", 0, 2048, 64, 8, 24, 0, 5, 1, 0, 2.5},
        {7, "171,133", "none", 1, 1000, 256, 20, 20, 32, 5, 1, 1, 3.0},
        {7, "171,133", "dvbs-3/4", 0, 999, 96, 30, 45, 40, 4, 1, 0, 4.0},
        {7, "133,171,165", "none", 0, 500, 50, 100, 100, 7, 3, 0, 0, 1.5},
        {9, "561,753", "none", 1, 777, 128, 0, 40, 0, 6, 2, 1, 2.0},
        {11, "3345,3613", "110,101", 0, 600, 200, 10, 60, 64, 5, 1, 0, 3.5},
        {4, "15,17", "none", 0, 10, 3, 1, 2, 1, 2, 0, 0, 1.0},
    };
    vit_run_configs(t, sizeof t / sizeof *t, dec, ctx, scale);
}

/* The fast kernel's configurations (fecforge_gpu/viterbi_gpu.h): its codes, punctured and not, terminated and
 * truncated, tiles and subframes of multiples of 32 with every kind of overlap (none, not a multiple of 16, past
 * the frame, a left overlap reaching the stream's start from a later tile), frames shorter than a tile or not a
 * multiple of 32, formats of 2 to 8 bits (ties everywhere at 2 and 3). */
static void vit_fast_configs(vit_decoder dec, void *ctx, int scale)
{
    static const vit_config t[] = {
        {7, "171,133", "none", 0, 4096, 256, 20, 35, 32, 5, 1, 0, 3.0},
        {7, "171,133", "none", 1, 1000, 128, 0, 40, 64, 3, 0, 0, 2.0},
        {7, "171,133", "dvbs-3/4", 0, 999, 96, 30, 45, 32, 4, 1, 0, 4.0},
        {7, "171,133", "dvbs-2/3", 1, 1500, 64, 17, 33, 0, 5, 1, 1, 3.5},
        {7, "133,171", "wifi-2/3", 0, 2050, 256, 7, 60, 0, 5, 1, 0, 3.5},
        {7, "133,171", "wifi-3/4", 1, 777, 160, 21, 30, 32, 6, 2, 0, 4.5},
        {7, "171,133", "none", 0, 40, 256, 20, 30, 64, 5, 1, 0, 1.0},
        {7, "171,133", "none", 0, 3000, 1024, 64, 96, 64, 8, 3, 0, 2.5},
        {7, "171,133", "none", 1, 512, 64, 5, 0, 32, 5, 1, 0, 3.0},
        {7, "171,133", "none", 0, 500, 32, 100, 10, 32, 5, 1, 0, 2.0},
        {5, "23,35", "none", 0, 300, 64, 10, 20, 32, 6, 2, 1, 2.0},
        {3, "7,5", "none", 1, 100, 32, 3, 5, 32, 2, 0, 0, 1.0},
        {3, "7,5", "none", 0, 1000, 128, 9, 14, 64, 4, 1, 0, 2.0},
    };
    vit_run_configs(t, sizeof t / sizeof *t, dec, ctx, scale);
}

#endif
