/* Longer statistical studies of the float turbo decoders (label slow): LTE K=6144 and UMTS K=5114 at
 * moderate Eb/N0 over 600 to 1000 frames: log-MAP against max-log, radix 4
 * against radix 2, sliding window with training against the whole block, P = 16 / 8 with NII
 * against P = 1, and early termination's saving. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"

#include <stdlib.h>

/* Bit errors over frames 0 .. frames-1 (seed 11) at ebn0; *half gets the half-iterations run. */
static long errors(fg_std std, int K, fg_turbo_dec_cfg c, double ebn0, int frames, long *half)
{
    const int N = 3 * K + 12;
    uint8_t *bits = malloc(K), *cw = malloc(N), *out = malloc(K);
    double *y = malloc(sizeof *y * N), s;
    fg_turbo_dec *d = NULL;
    CU_ASSERT_FATAL(bits && cw && out && y);
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(std, K, &c, &d), 0);
    fg_channel_sigma(ebn0, (double)K / N, &s);
    long e = 0, h = 0;
    for (int f = 0; f < frames; f++) {
        fg_turbo_result r;
        fg_channel_random_bits(K, 11, (uint64_t)f, bits);
        fg_turbo_encode(std, K, bits, cw);
        fg_channel_bpsk_awgn(cw, N, s, 11, (uint64_t)f, y);
        fg_channel_llr(y, N, s, y);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_run(d, y, out, NULL, &r), 0);
        for (int k = 0; k < K; k++)
            e += out[k] != bits[k];
        h += r.half_iters;
    }
    if (half)
        *half = h;
    fg_turbo_dec_destroy(d);
    free(bits), free(cw), free(out), free(y);
    return e;
}

static void test_lte6144_study(void)
{
    const fg_turbo_dec_cfg m = fg_turbo_dec_cfg_default();
    fg_turbo_dec_cfg l = m, r4 = m, w = m, p16 = m, p16n = m, et = m;
    l.alg = FG_TURBO_ALG_LOG;
    l.ext_scale = 1.0;
    r4.radix = 4;
    w.window = 64;
    p16.P = 16;
    p16n.P = 16;
    p16n.nii = 0;
    et.et.kind = FG_TURBO_ET_MIN_LLR; /* at 1 dB: 7.7 half-iterations instead of 11, no errors */
    et.et.threshold = 5.0;
    const double eb = 0.6;
    const int F = 1000;
    const long em = errors(FG_STD_LTE, 6144, m, eb, F, NULL);
    CU_ASSERT(em > 100);
    CU_ASSERT(errors(FG_STD_LTE, 6144, l, eb, 100, NULL) < errors(FG_STD_LTE, 6144, m, eb, 100, NULL));
    const long e4 = errors(FG_STD_LTE, 6144, r4, eb, F, NULL);
    CU_ASSERT(labs(e4 - em) <= em / 10 + 10); /* the same decoder up to float rounding */
    const long ew = errors(FG_STD_LTE, 6144, w, eb, F, NULL);
    CU_ASSERT(ew <= em + em / 4 + 20);
    const long e16 = errors(FG_STD_LTE, 6144, p16, eb, F, NULL), e16n = errors(FG_STD_LTE, 6144, p16n, eb, F, NULL);
    CU_ASSERT(e16 < e16n);
    long h_et, h_none;
    const long e_et = errors(FG_STD_LTE, 6144, et, 1.0, F, &h_et), e_none = errors(FG_STD_LTE, 6144, m, 1.0, F, &h_none);
    CU_ASSERT(h_et < h_none * 3 / 4);
    CU_ASSERT(e_et <= e_none + 20);
}

static void test_umts5114_p8(void)
{
    fg_turbo_dec_cfg m = fg_turbo_dec_cfg_default(), p8 = m, p8n = m;
    p8.P = 8; /* sub-blocks of 640 steps, the last of 634 */
    p8n.P = 8;
    p8n.nii = 0;
    const long e1 = errors(FG_STD_UMTS, 5114, m, 0.7, 600, NULL), e8 = errors(FG_STD_UMTS, 5114, p8, 0.7, 600, NULL),
               e8n = errors(FG_STD_UMTS, 5114, p8n, 0.7, 600, NULL);
    CU_ASSERT(e8 <= 2 * e1 + 50);
    CU_ASSERT(e8 <= e8n);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"LTE K=6144 study: log, radix 4, window, P=16 NII, ET", test_lte6144_study},
        {"UMTS K=5114 P=8 with and without NII", test_umts5114_p8},
        {NULL, NULL},
    };
    fg_add_suite("slow_turbo_dec", cases);
}
