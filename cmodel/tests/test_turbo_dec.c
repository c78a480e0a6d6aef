/* Float turbo decoders (fecforge/turbo.h): noiseless decoding for every algorithm, radix, P, window
 * and half-iteration count; radix 4 = radix 2 for max-log up to float rounding; a window as long as
 * the block is the whole-block decoder exactly; statistical bands (LTE K=6144 at 1 dB, log-MAP and
 * linear-log-MAP against max-log on the same frames, NII at large P, window training); early
 * termination; parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Frame f of (seed 7): bits, codeword, LLRs at ebn0 (noiseless with magnitude `clean` if ebn0 is
 * NAN). */
static void make_frame(fg_std std, int K, double ebn0, double clean, uint64_t f, uint8_t *bits, double *llr)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t *cw = malloc((size_t)N);
    CU_ASSERT_FATAL(cw != NULL);
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(K, 7, f, bits), 0);
    CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(std, K, bits, cw), 0);
    if (isnan(ebn0))
        for (int i = 0; i < N; i++)
            llr[i] = cw[i] ? -clean : clean;
    else {
        double s;
        CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)K / N, &s), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, N, s, 7, f, llr), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_llr(llr, N, s, llr), 0);
    }
    free(cw);
}

/* Bit errors of `frames` frames (0 ..) at ebn0; *half (may be NULL) gets the half-iterations run. */
static long count_errors(fg_std std, int K, const fg_turbo_dec_cfg *c, double ebn0, int frames, long *half)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t *bits = malloc((size_t)K), *out = malloc((size_t)K);
    double *llr = malloc(sizeof *llr * (size_t)N);
    fg_turbo_dec *d = NULL;
    CU_ASSERT_FATAL(bits && out && llr);
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(std, K, c, &d), 0);
    long e = 0, h = 0;
    for (int f = 0; f < frames; f++) {
        fg_turbo_result r;
        make_frame(std, K, ebn0, 0, (uint64_t)f, bits, llr);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_run(d, llr, out, NULL, &r), 0);
        h += r.half_iters;
        for (int k = 0; k < K; k++)
            e += out[k] != bits[k];
    }
    if (half)
        *half = h;
    fg_turbo_dec_destroy(d);
    free(bits), free(out), free(llr);
    return e;
}

/* Decode one frame; the APP LLRs into app_K. */
static void decode(fg_std std, int K, const fg_turbo_dec_cfg *c, const double *llr, uint8_t *out, double *app,
                   fg_turbo_result *r)
{
    fg_turbo_dec *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(std, K, c, &d), 0);
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_run(d, llr, out, app, r), 0);
    fg_turbo_dec_destroy(d);
}

static void test_noiseless(void)
{
    static const struct { fg_std std; int K; } blocks[] = {{FG_STD_LTE, 1024}, {FG_STD_UMTS, 1000}, {FG_STD_UMTS, 1001}};
    static const int halves[] = {1, 2, 11};
    for (size_t b = 0; b < 3; b++) {
        const int K = blocks[b].K, N = 3 * K + 12;
        uint8_t *bits = malloc(K), *out = malloc(K);
        double *llr = malloc(sizeof *llr * N), *app = malloc(sizeof *app * K);
        int bad = 0, runs = 0;
        for (int clean = 0; clean < 2; clean++) {
            make_frame(blocks[b].std, K, NAN, clean ? 1e9 : 1.0, 3, bits, llr); /* 1e9: clipped */
            for (int alg = 0; alg < 3; alg++)
                for (int radix = 2; radix <= 4; radix += 2)
                    for (int P = 1; P <= 8; P += 7)
                        for (int w = 0; w < 2; w++)
                            for (int h = 0; h < 3; h++) {
                                fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
                                c.alg = (fg_turbo_alg)alg;
                                c.radix = radix;
                                c.P = P;
                                c.window = w ? 32 : 0;
                                c.half_iters = halves[h];
                                fg_turbo_dec *d = NULL;
                                if (K % 2 && radix == 4) { /* odd K: no radix 4 */
                                    CU_ASSERT_EQUAL(fg_turbo_dec_create(blocks[b].std, K, &c, &d), FG_EINVAL);
                                    continue;
                                }
                                fg_turbo_result r;
                                decode(blocks[b].std, K, &c, llr, out, app, &r);
                                runs++;
                                bad += memcmp(out, bits, K) != 0 || r.half_iters != halves[h] || r.early_stop;
                                for (int k = 0; k < K; k++)
                                    bad += (app[k] < 0) != bits[k] || !isfinite(app[k]);
                            }
        }
        CU_ASSERT(runs > 0);
        CU_ASSERT_EQUAL(bad, 0);
        free(bits), free(out), free(llr), free(app);
    }
}

static void test_radix4_equals_radix2(void)
{
    enum { K = 1024, N = 3 * K + 12 };
    static uint8_t bits[K], o2[K], o4[K];
    static double llr[N], a2[K], a4[K];
    make_frame(FG_STD_LTE, K, 0.5, 0, 11, bits, llr);
    for (int P = 1; P <= 4; P *= 4)
        for (int half = 1; half <= 11; half += 10) {
            fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
            c.half_iters = half;
            c.P = P;
            decode(FG_STD_LTE, K, &c, llr, o2, a2, NULL);
            c.radix = 4;
            decode(FG_STD_LTE, K, &c, llr, o4, a4, NULL);
            double worst = 0, big = 0;
            int flips = 0;
            for (int k = 0; k < K; k++) {
                worst = fmax(worst, fabs(a2[k] - a4[k]));
                big = fmax(big, fabs(a2[k]));
                flips += o2[k] != o4[k] && fabs(a2[k]) > 1e-3;
            }
            CU_ASSERT(big > 1.0);
            CU_ASSERT(worst <= 1e-4 * big); /* float rounding only */
            CU_ASSERT_EQUAL(flips, 0);
        }
}

static void test_full_window_is_whole_block(void)
{
    enum { K = 2048, N = 3 * K + 12 };
    static uint8_t bits[K], o1[K], o2[K];
    static double llr[N], a1[K], a2[K];
    make_frame(FG_STD_LTE, K, 0.6, 0, 5, bits, llr);
    for (int radix = 2; radix <= 4; radix += 2)
        for (int P = 1; P <= 4; P *= 4) {
            fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
            c.radix = radix;
            c.P = P;
            decode(FG_STD_LTE, K, &c, llr, o1, a1, NULL);
            c.window = K / P; /* W >= the sub-block: one window, beta from the true boundary */
            decode(FG_STD_LTE, K, &c, llr, o2, a2, NULL);
            CU_ASSERT_EQUAL(memcmp(a1, a2, sizeof a1), 0);
            c.window = K;
            c.training = 0;
            decode(FG_STD_LTE, K, &c, llr, o2, a2, NULL);
            CU_ASSERT_EQUAL(memcmp(a1, a2, sizeof a1), 0);
            CU_ASSERT_EQUAL(memcmp(o1, o2, sizeof o1), 0);
        }
}

/* LTE K=6144, 1.0 dB, max-log 5.5 iterations: BER well below 1e-3 (0 errors in 200 frames when
 * written; the band allows 1e-4). The same decoder at 0.3 dB is in the waterfall (BER > 1e-2). */
static void test_ber_lte6144(void)
{
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
    const long e = count_errors(FG_STD_LTE, 6144, &c, 1.0, 60, NULL);
    CU_ASSERT(e < (long)(1e-4 * 60 * 6144));
    const long e0 = count_errors(FG_STD_LTE, 1024, &c, 0.3, 30, NULL);
    CU_ASSERT(e0 > (long)(1e-2 * 30 * 1024));
}

/* On the same 60 frames (K=1024, 0.5 dB: 1494 max-log errors, 600 log-MAP, 593 linear-log-MAP when
 * written), log-MAP and linear-log-MAP (scale 1) make fewer errors than max-log (scale 0.75). */
static void test_log_beats_maxlog(void)
{
    fg_turbo_dec_cfg m = fg_turbo_dec_cfg_default(), l = m, ll = m;
    l.alg = FG_TURBO_ALG_LOG;
    l.ext_scale = 1.0;
    ll.alg = FG_TURBO_ALG_LINLOG;
    ll.ext_scale = 1.0;
    const long em = count_errors(FG_STD_LTE, 1024, &m, 0.5, 60, NULL);
    const long el = count_errors(FG_STD_LTE, 1024, &l, 0.5, 60, NULL);
    const long ell = count_errors(FG_STD_LTE, 1024, &ll, 0.5, 60, NULL);
    CU_ASSERT(em > 200);
    CU_ASSERT(el < em);
    CU_ASSERT(ell < em);
}

/* NII at P = 32 (sub-blocks of 32 steps), K=1024, 1.0 dB, 100 frames: 68 errors with NII, 3551
 * without, 38 for P = 1 when written. */
static void test_nii_helps(void)
{
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default(), n = c;
    c.P = 32;
    n.P = 32;
    n.nii = 0;
    const long with = count_errors(FG_STD_LTE, 1024, &c, 1.0, 100, NULL);
    const long without = count_errors(FG_STD_LTE, 1024, &n, 1.0, 100, NULL);
    CU_ASSERT(4 * with < without);
}

/* Sliding window W = 32 with training 32 loses almost nothing against the whole block (39 against 38
 * errors when written); without training it loses a lot (549). */
static void test_window_training(void)
{
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default(), w = c, w0 = c;
    w.window = 32;
    w0.window = 32;
    w0.training = 0;
    const long whole = count_errors(FG_STD_LTE, 1024, &c, 1.0, 100, NULL);
    const long trained = count_errors(FG_STD_LTE, 1024, &w, 1.0, 100, NULL);
    const long untrained = count_errors(FG_STD_LTE, 1024, &w0, 1.0, 100, NULL);
    CU_ASSERT(trained <= 2 * whole + 20);
    CU_ASSERT(untrained > 4 * trained);
}

static void test_early_termination(void)
{
    enum { K = 1024, N = 3 * K + 12 };
    static uint8_t bits[K], o1[K], o2[K];
    static double llr[N], a1[K], a2[K];
    /* infinite thresholds: never stop, identical output */
    make_frame(FG_STD_LTE, K, 0.5, 0, 2, bits, llr);
    for (int kind = 1; kind <= 2; kind++) {
        fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default(), e = c;
        e.et.kind = (fg_turbo_et_kind)kind;
        e.et.threshold = INFINITY;
        fg_turbo_result r1, r2;
        decode(FG_STD_LTE, K, &c, llr, o1, a1, &r1);
        decode(FG_STD_LTE, K, &e, llr, o2, a2, &r2);
        CU_ASSERT_EQUAL(memcmp(o1, o2, K), 0);
        CU_ASSERT_EQUAL(memcmp(a1, a2, sizeof a1), 0);
        CU_ASSERT(r2.half_iters == 11 && !r2.early_stop);
    }
    /* 2 dB: min-LLR 20 and mean-LLR 40 stop early without errors */
    for (int kind = 1; kind <= 2; kind++) {
        fg_turbo_dec_cfg e = fg_turbo_dec_cfg_default();
        e.et.kind = (fg_turbo_et_kind)kind;
        e.et.threshold = kind == 1 ? 20.0 : 40.0;
        long half;
        CU_ASSERT_EQUAL(count_errors(FG_STD_LTE, K, &e, 2.0, 40, &half), 0);
        CU_ASSERT(half < 40 * 8);
    }
    /* CRC: blocks of 1000 data bits + CRC24A at 1.5 dB stop early, with the CRC passing */
    fg_turbo_dec_cfg e = fg_turbo_dec_cfg_default();
    e.et.kind = FG_TURBO_ET_CRC;
    fg_turbo_dec *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(FG_STD_LTE, K, &e, &d), 0);
    uint8_t cw[N];
    double s;
    fg_channel_sigma(1.5, (double)K / N, &s);
    long half = 0;
    int ok = 0;
    for (int f = 0; f < 20; f++) {
        fg_channel_random_bits(K - 24, 8, (uint64_t)f, o1);
        CU_ASSERT_EQUAL_FATAL(fg_crc24_attach(FG_CRC24A, o1, K - 24, bits), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_encode(FG_STD_LTE, K, bits, cw), 0);
        fg_channel_bpsk_awgn(cw, N, s, 8, (uint64_t)f, llr);
        fg_channel_llr(llr, N, s, llr);
        fg_turbo_result r;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_run(d, llr, o2, NULL, &r), 0);
        half += r.half_iters;
        ok += memcmp(o2, bits, K) == 0 && fg_crc24_check(FG_CRC24A, o2, K) == 1 && r.early_stop;
    }
    fg_turbo_dec_destroy(d);
    CU_ASSERT_EQUAL(ok, 20);
    CU_ASSERT(half < 20 * 8);
}

static void test_errors(void)
{
    fg_turbo_dec *d = NULL;
    fg_turbo_dec_cfg c = fg_turbo_dec_cfg_default();
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1000, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=1000"));
    c.P = 39; /* sub-blocks of 2: the 20th and later would be empty */
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 40, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "P=39 does not fit K=40"));
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "P that fit: 1, 2, 3, 4, 5, 6, 7, 8, 10, 14, 20, 40"));
    c.P = 14;
    c.radix = 4; /* L = 4: 13 x 4 > 40 */
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 40, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "rounded up to even"));
    c.P = 1;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_UMTS, 41, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "radix=4 needs an even K (K=41)"));
    c = fg_turbo_dec_cfg_default();
    c.half_iters = 0;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "half_iters=0 out of range [1, 1000]"));
    c = fg_turbo_dec_cfg_default();
    c.window = -1;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "window=-1"));
    c.window = 31;
    c.radix = 4;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "even with radix 4"));
    c = fg_turbo_dec_cfg_default();
    c.radix = 3;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "radix=3"));
    c = fg_turbo_dec_cfg_default();
    c.ext_scale = 0;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "ext_scale=0 out of range (0, 1]"));
    c = fg_turbo_dec_cfg_default();
    c.et.kind = FG_TURBO_ET_MIN_LLR;
    c.et.threshold = NAN;
    CU_ASSERT_EQUAL(fg_turbo_dec_create(FG_STD_LTE, 1024, &c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "et.threshold"));
    CU_ASSERT_PTR_NULL(d);
    /* non-finite LLRs */
    c = fg_turbo_dec_cfg_default();
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(FG_STD_LTE, 40, &c, &d), 0);
    double llr[132] = {0};
    uint8_t out[40];
    llr[77] = NAN;
    CU_ASSERT_EQUAL(fg_turbo_dec_run(d, llr, out, NULL, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "llr_N[77]"));
    llr[77] = 0;
    llr[131] = -INFINITY;
    CU_ASSERT_EQUAL(fg_turbo_dec_run(d, llr, out, NULL, NULL), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "llr_N[131]"));
    fg_turbo_dec_destroy(d);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"noiseless: every algorithm, radix, P, window, half-iterations", test_noiseless},
        {"max-log radix 4 = radix 2 up to rounding", test_radix4_equals_radix2},
        {"window >= sub-block = whole block exactly", test_full_window_is_whole_block},
        {"LTE K=6144 1 dB BER band, waterfall", test_ber_lte6144},
        {"log-MAP, linear-log-MAP beat max-log", test_log_beats_maxlog},
        {"NII helps at P=32", test_nii_helps},
        {"window training", test_window_training},
        {"early termination: inf thresholds, min/avg LLR, CRC", test_early_termination},
        {"parameter errors", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("turbo_dec", cases);
}
