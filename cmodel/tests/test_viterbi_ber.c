/* Viterbi FER/BER points of the viterbi family (fecforge/family.h) on the BER engine: the counts are those of a
 * plain loop over the encoder, channel and decoder APIs, for any number of workers; the physics of maximum
 * likelihood decoding against the soft union bound of the code's spectrum (quick: K = 7 at 3.5 dB; the slow
 * test slow_viterbi_ber runs 3.5 to 5 dB); the fixed-point decoder near the float one; tiling and parallel
 * traceback costing what their overlaps say (long overlaps: nearly nothing, short ones: more errors). */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/viterbi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void open_vit(fg_family_setup *s, const char *impl, const char *args)
{
    const int rc = fg_family_setup_text(s, fg_family_find("viterbi"), impl, args);
    if (rc)
        fprintf(stderr, "\"%s\": %s\n", args, fg_last_error());
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

/* One point of impl with args: seed 1, max_frames frames (no frame-error stop). */
static fg_ber_point point_of(const char *impl, const char *args, double ebn0, long long frames, int workers)
{
    fg_family_setup s;
    open_vit(&s, impl, args);
    const fg_family_run run = {1, frames + 1, frames, workers, NULL, NULL};
    fg_ber_point p;
    const int rc = fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, ebn0, &p);
    if (rc)
        fprintf(stderr, "%s at %g dB: %s\n", args, ebn0, fg_last_error());
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    fg_family_setup_free(&s);
    return p;
}

/* The engine's counts are a plain loop's: bits, encoder, BPSK/AWGN at the rate k / sent, LLRs (quantised for
 * the fixed decoder), the decoder; the same for 1 and 3 workers. */
static void test_counts_plain_loop(void)
{
    static const struct {
        const char *impl, *args;
        int fixed;
    } t[] = {{"float", "--K 5 --gen 23,35 --punct 11,10 --bits 300", 0},
             {"fixed", "--fixed --bits 500 --tile 64 --overlap-left 8 --overlap-right 20 --subframe 16", 1},
             {"float", "--K 4 --gen 15,17,13 --ending tailbiting --bits 60", 0}};
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        fg_family_setup s;
        open_vit(&s, t[i].impl, t[i].args);
        const fg_family_inst *fi = &s.inst;
        fg_vit_code c = fg_vit_code_default();
        fg_vit_dec_cfg d = fg_vit_dec_cfg_default();
        /* the configuration the options stand for, built here from the APIs */
        if (i == 0) {
            c.K = 5;
            CU_ASSERT_FATAL(fg_vit_parse_gen("23,35", &c) == 0 && fg_vit_parse_punct("11,10", &c) == 0);
        } else if (i == 1) {
            d.f = 64;
            d.v1 = 8;
            d.v2 = 20;
            d.f0 = 16;
        } else {
            c.K = 4;
            CU_ASSERT_FATAL(fg_vit_parse_gen("15,17,13", &c) == 0);
            d.ending = FG_VIT_TAILBITING;
        }
        const int k = fi->k, n = fg_vit_sent_len(&c, d.ending, k);
        CU_ASSERT_EQUAL(n, fi->n);
        fg_vit_dec *dec = NULL;
        CU_ASSERT_FATAL(fg_vit_dec_create(&c, k, &d, &dec) == 0);
        uint8_t *bits = malloc((size_t)k), *cw = malloc((size_t)n), *out = malloc((size_t)k);
        double *llr = malloc(sizeof *llr * (size_t)n), sigma;
        int32_t *q = malloc(sizeof *q * (size_t)n);
        CU_ASSERT_FATAL(bits && cw && out && llr && q);
        const double ebn0 = 2.5;
        CU_ASSERT_FATAL(fg_channel_sigma(ebn0, (double)k / n, &sigma) == 0);
        long long fe = 0, be = 0;
        enum { FRAMES = 40 };
        for (int f = 0; f < FRAMES; f++) {
            CU_ASSERT_FATAL(fg_channel_random_bits(k, 1, (uint64_t)f, bits) == 0);
            CU_ASSERT_FATAL(fg_vit_encode(&c, d.ending, k, bits, cw) == 0);
            CU_ASSERT_FATAL(fg_channel_bpsk_awgn(cw, n, sigma, 1, (uint64_t)f, llr) == 0);
            CU_ASSERT_FATAL(fg_channel_llr(llr, n, sigma, llr) == 0);
            if (t[i].fixed) {
                CU_ASSERT_FATAL(fg_llr_quantize(llr, n, d.w_llr, d.f_llr, q) == 0);
                CU_ASSERT_FATAL(fg_vit_fixed_run(dec, q, out) == 0);
            } else
                CU_ASSERT_FATAL(fg_vit_dec_run(dec, llr, out) == 0);
            int e = 0;
            for (int j = 0; j < k; j++)
                e += out[j] != bits[j];
            be += e;
            fe += e > 0;
        }
        const fg_ber_point p1 = point_of(t[i].impl, t[i].args, ebn0, FRAMES, 1);
        const fg_ber_point p3 = point_of(t[i].impl, t[i].args, ebn0, FRAMES, 3);
        CU_ASSERT_EQUAL(p1.frames, FRAMES);
        CU_ASSERT_EQUAL(p1.frame_errors, fe);
        CU_ASSERT_EQUAL(p1.bit_errors, be);
        CU_ASSERT(fe > 0 && fe < FRAMES); /* a point where the counts say something */
        CU_ASSERT_EQUAL(p3.frame_errors, p1.frame_errors);
        CU_ASSERT_EQUAL(p3.bit_errors, p1.bit_errors);
        CU_ASSERT_EQUAL(p3.work, p1.work);
        fg_vit_dec_destroy(dec);
        fg_family_setup_free(&s);
        free(bits);
        free(cw);
        free(out);
        free(llr);
        free(q);
    }
}

/* K = 7 (171,133) at 3.5 dB, maximum likelihood: the BER under the union bound (20 terms: 1.14e-4) within the
 * band of its error events, and not far below it (at 3.5 dB the bound is within a factor of 2). 500 frames of
 * 4096 bits: about 200 bit errors in about 60 events (c_10 / a_10 = 3.3 bits an event), so 5 sigma of the
 * events is about 65 %. */
static void test_ml_union_bound(void)
{
    fg_vit_code c = fg_vit_code_default();
    fg_vit_spectrum sp;
    CU_ASSERT_FATAL(fg_vit_spectrum_of(&c, 20, &sp) == 0);
    const double ub = fg_vit_union_bound(&c, &sp, 3.5);
    const fg_ber_point p = point_of("float", "--bits 4096", 3.5, 500, 2);
    const double ber = (double)p.bit_errors / ((double)p.frames * 4096);
    fprintf(stderr, "K=7 ML at 3.5 dB: BER %.3g (%lld bit errors), union bound %.3g\n", ber, p.bit_errors, ub);
    CU_ASSERT(ber <= 1.65 * ub);
    CU_ASSERT(ber >= 0.3 * ub);
    CU_ASSERT(p.bit_errors >= 100);
}

/* The same frames through the fixed decoder (5-bit LLRs, 1 fractional bit), the tiled decoder with long and short
 * overlaps, and parallel traceback: their bit errors against maximum likelihood's. */
static void test_decoders_cost(void)
{
    const double ebn0 = 3.5;
    const long long frames = 300;
    const fg_ber_point ml = point_of("float", "--bits 4096", ebn0, frames, 2);
    const fg_ber_point fx = point_of("fixed", "--fixed --bits 4096", ebn0, frames, 2);
    const fg_ber_point tl = point_of("float", "--bits 4096 --tile 256 --overlap-left 40 --overlap-right 40", ebn0, frames, 2);
    const fg_ber_point ts = point_of("float", "--bits 4096 --tile 256 --overlap-left 20 --overlap-right 10", ebn0, frames, 2);
    const fg_ber_point pl =
        point_of("float", "--bits 4096 --tile 256 --overlap-left 20 --overlap-right 45 --subframe 32", ebn0, frames, 2);
    const fg_ber_point ps =
        point_of("float", "--bits 4096 --tile 256 --overlap-left 20 --overlap-right 25 --subframe 32", ebn0, frames, 2);
    fprintf(stderr, "bit errors at %g dB, %lld frames: ML %lld, fixed %lld, tiled v2 40 %lld, v2 10 %lld, parallel "
                    "traceback v2 45 %lld, v2 25 %lld\n",
            ebn0, frames, ml.bit_errors, fx.bit_errors, tl.bit_errors, ts.bit_errors, pl.bit_errors, ps.bit_errors);
    CU_ASSERT(ml.bit_errors >= 60);
    CU_ASSERT(fx.bit_errors <= ml.bit_errors * 13 / 10); /* 5-bit LLRs: within a few hundredths of a dB */
    CU_ASSERT(tl.bit_errors <= ml.bit_errors * 12 / 10); /* v2 = 40 > 5 K: the paths have merged */
    CU_ASSERT(ts.bit_errors >= ml.bit_errors * 5 / 4);  /* v2 = 10: the traceback has often not converged */
    CU_ASSERT(pl.bit_errors <= ml.bit_errors * 13 / 10);
    CU_ASSERT(ps.bit_errors >= ml.bit_errors * 5 / 4);
    CU_ASSERT(tl.work > ml.work && ts.work < tl.work); /* the overlaps are work */
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"counts_plain_loop", test_counts_plain_loop},
        {"ml_union_bound", test_ml_union_bound},
        {"decoders_cost", test_decoders_cost},
        {NULL, NULL},
    };
    fg_add_suite("viterbi_ber", cases);
}
