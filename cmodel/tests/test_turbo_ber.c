/* Turbo FER/BER simulation: the counts are those of a plain frame-by-frame loop over the encoder,
 * channel and decoder APIs (float and fixed), independent of the thread count; exact stop rules;
 * early termination shows in avg_iter; Eb/N0 at a FER; parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo_ber.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The reference: frames 0 .. frames-1 one by one. */
static void direct_loop(fg_std std, int K, const fg_turbo_ber_cfg *c, double ebn0, long long frames, long long *fe,
                        long long *be, long long *half, int *last_is_error)
{
    const int N = 3 * K + 12;
    uint8_t *bits = malloc(K), *cw = malloc(N), *out = malloc(K);
    double *y = malloc(sizeof *y * N), sigma;
    fg_turbo_dec *d = NULL;
    fg_turbo_fixed *x = NULL;
    CU_ASSERT_FATAL(bits && cw && out && y);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)K / N, &sigma), 0);
    CU_ASSERT_EQUAL_FATAL(c->fixed ? fg_turbo_fixed_create(std, K, &c->fx, &x) : fg_turbo_dec_create(std, K, &c->dec, &d), 0);
    *fe = *be = *half = 0;
    for (long long f = 0; f < frames; f++) {
        fg_turbo_result r;
        fg_channel_random_bits(K, c->seed, (uint64_t)f, bits);
        fg_turbo_encode(std, K, bits, cw);
        fg_channel_bpsk_awgn(cw, N, sigma, c->seed, (uint64_t)f, y);
        fg_channel_llr(y, N, sigma, y);
        CU_ASSERT_EQUAL_FATAL(c->fixed ? fg_turbo_fixed_decode_llr(x, y, out, &r) : fg_turbo_dec_run(d, y, out, NULL, &r), 0);
        int e = 0;
        for (int k = 0; k < K; k++)
            e += out[k] != bits[k];
        *be += e;
        *fe += e > 0;
        *half += r.half_iters;
        *last_is_error = e > 0;
    }
    fg_turbo_dec_destroy(d);
    fg_turbo_fixed_destroy(x);
    free(bits), free(cw), free(out), free(y);
}

static void check_against_direct(fg_std std, int K, fg_turbo_ber_cfg c, double ebn0)
{
    fg_turbo_ber_point p;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_ber_run(std, K, &c, ebn0, &p), 0);
    long long fe, be, half;
    int last = 0;
    direct_loop(std, K, &c, ebn0, p.frames, &fe, &be, &half, &last);
    CU_ASSERT_EQUAL(p.frame_errors, fe);
    CU_ASSERT_EQUAL(p.bit_errors, be);
    CU_ASSERT_EQUAL(p.iterations, half);
    CU_ASSERT(p.frame_errors > 0);
    CU_ASSERT_DOUBLE_EQUAL(p.fer, (double)fe / p.frames, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber, (double)be / (p.frames * (double)K), 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.avg_iter, (double)half / (2.0 * p.frames), 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(p.rate, (double)K / (3 * K + 12), 1e-15);
    if (p.stop == FG_TURBO_BER_STOP_MIN_FE) { /* stopped exactly at the min_fe-th frame error */
        CU_ASSERT_EQUAL(p.frame_errors, c.min_fe);
        CU_ASSERT(last);
    } else
        CU_ASSERT_EQUAL(p.frames, c.max_frames);
}

static void test_float_matches_direct(void)
{
    fg_turbo_ber_cfg c = fg_turbo_ber_cfg_default();
    c.min_fe = 12;
    c.threads = 2;
    check_against_direct(FG_STD_LTE, 512, c, 0.6);
    c.dec.et.kind = FG_TURBO_ET_AVG_LLR;
    c.dec.et.threshold = 30;
    c.dec.P = 6; /* sub-blocks of 68 steps, the last of 63 */
    c.seed = 3;
    check_against_direct(FG_STD_UMTS, 403, c, 0.8);
}

static void test_fixed_matches_direct(void)
{
    fg_turbo_ber_cfg c = fg_turbo_ber_cfg_default();
    c.fixed = 1;
    c.fx.P = 4;
    c.min_fe = 8;
    c.threads = 2;
    check_against_direct(FG_STD_LTE, 256, c, 0.8);
}

static void test_thread_invariance(void)
{
    fg_turbo_ber_cfg c = fg_turbo_ber_cfg_default();
    c.min_fe = 20;
    fg_turbo_ber_point p[3];
    for (int t = 0; t < 3; t++) {
        c.threads = 1 + 2 * t; /* 1, 3, 5 */
        CU_ASSERT_EQUAL_FATAL(fg_turbo_ber_run(FG_STD_LTE, 256, &c, 0.7, &p[t]), 0);
    }
    for (int t = 1; t < 3; t++) {
        CU_ASSERT_EQUAL(p[t].frames, p[0].frames);
        CU_ASSERT_EQUAL(p[t].frame_errors, p[0].frame_errors);
        CU_ASSERT_EQUAL(p[t].bit_errors, p[0].bit_errors);
        CU_ASSERT_EQUAL(p[t].iterations, p[0].iterations);
    }
    CU_ASSERT_EQUAL(p[0].stop, FG_TURBO_BER_STOP_MIN_FE);
}

static void test_max_frames_and_et(void)
{
    fg_turbo_ber_cfg c = fg_turbo_ber_cfg_default();
    c.max_frames = 77;
    c.threads = 2;
    fg_turbo_ber_point a, b;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_ber_run(FG_STD_LTE, 1024, &c, 2.5, &a), 0);
    CU_ASSERT(a.frames == 77 && a.stop == FG_TURBO_BER_STOP_MAX_FRAMES && a.frame_errors == 0);
    CU_ASSERT_DOUBLE_EQUAL(a.avg_iter, 5.5, 1e-12);
    c.dec.et.kind = FG_TURBO_ET_MIN_LLR;
    c.dec.et.threshold = 20;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_ber_run(FG_STD_LTE, 1024, &c, 2.5, &b), 0);
    CU_ASSERT(b.frames == 77 && b.frame_errors == 0);
    CU_ASSERT(b.avg_iter < 4.0);
}

static void test_ebn0_at(void)
{
    fg_turbo_ber_point p[3];
    memset(p, 0, sizeof p);
    p[0].ebn0_db = 0.0, p[0].fer = 0.5;
    p[1].ebn0_db = 0.5, p[1].fer = 0.1;
    p[2].ebn0_db = 1.0, p[2].fer = 0.001;
    double e;
    CU_ASSERT_EQUAL(fg_turbo_ber_ebn0_at(p, 3, 0.01, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 0.75, 1e-12); /* halfway in log10 between 1e-1 and 1e-3 */
    CU_ASSERT_EQUAL(fg_turbo_ber_ebn0_at(p, 3, 1e-4, &e), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "not bracketed"));
}

static void test_errors(void)
{
    fg_turbo_ber_cfg c = fg_turbo_ber_cfg_default();
    fg_turbo_ber_point p;
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 1000, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=1000"));
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 1024, &c, NAN, &p), FG_EINVAL);
    c.threads = 0;
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 1024, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "threads=0 out of range [1, 256]"));
    c = fg_turbo_ber_cfg_default();
    c.min_fe = 0;
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 1024, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "min_fe=0"));
    c = fg_turbo_ber_cfg_default();
    c.dec.P = 39; /* the decoder's own check, through the first worker */
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 40, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "P=39 does not fit K=40"));
    CU_ASSERT_EQUAL(fg_turbo_ber_run(FG_STD_LTE, 1024, NULL, 1.0, &p), FG_EINVAL);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"float: counts = direct loop, min_fe stop exact", test_float_matches_direct},
        {"fixed: counts = direct loop", test_fixed_matches_direct},
        {"threads 1, 3, 5 give identical counts", test_thread_invariance},
        {"max_frames stop, ET lowers avg_iter", test_max_frames_and_et},
        {"Eb/N0 at a FER", test_ebn0_at},
        {"parameter errors", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("turbo_ber", cases);
}
