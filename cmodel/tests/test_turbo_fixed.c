/* The parallel fixed-point turbo decoder (fecforge/turbo_fixed.h): noiseless frames at every P that
 * fits, BER next to the float max-log decoder of turbo.h, NII against uniform stakes, determinism and
 * the observer's invariants, modulo = subtract normalisation at the default widths, early
 * termination, and the error paths. Frames: fg_channel_random_bits + fg_turbo_encode + BPSK/AWGN. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/vectors.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Frame `frame` of seed: information bits, codeword, and LLRs at ebn0 (rate K/N). */
static void make_frame(fg_std std, int K, uint64_t seed, uint64_t frame, double ebn0, uint8_t *info, double *llr)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t *cw = malloc((size_t)N);
    double sigma;
    CU_ASSERT_FATAL(cw != NULL);
    CU_ASSERT_EQUAL(fg_channel_random_bits(K, seed, frame, info), 0);
    CU_ASSERT_EQUAL(fg_turbo_encode(std, K, info, cw), 0);
    CU_ASSERT_EQUAL(fg_channel_sigma(ebn0, (double)K / N, &sigma), 0);
    CU_ASSERT_EQUAL(fg_channel_bpsk_awgn(cw, N, sigma, seed, frame, llr), 0);
    CU_ASSERT_EQUAL(fg_channel_llr(llr, N, sigma, llr), 0);
    free(cw);
}

/* Noiseless quantised codeword: +-mag for bits 0/1. */
static void make_noiseless(fg_std std, int K, uint64_t seed, int32_t mag, uint8_t *info, int32_t *q)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    uint8_t *cw = malloc((size_t)N);
    CU_ASSERT_FATAL(cw != NULL);
    CU_ASSERT_EQUAL(fg_channel_random_bits(K, seed, 0, info), 0);
    CU_ASSERT_EQUAL(fg_turbo_encode(std, K, info, cw), 0);
    for (int i = 0; i < N; i++)
        q[i] = cw[i] ? -mag : mag;
    free(cw);
}

static long count_errors(const uint8_t *a, const uint8_t *b, int K)
{
    long e = 0;
    for (int k = 0; k < K; k++)
        e += a[k] != b[k];
    return e;
}

/* The partition rule, written here independently: L = 4 ceil(K / 4P); every non-empty sub-block >= 8. */
static int p_fits(int K, int P)
{
    const int L = 4 * ((K + 4 * P - 1) / (4 * P));
    const int n = (K + L - 1) / L;
    return L >= 8 && K - (n - 1) * L >= 8;
}

static void test_noiseless_all_p(void)
{
    static const struct {
        fg_std std;
        int K;
    } blocks[] = {{FG_STD_LTE, 40}, {FG_STD_LTE, 1056}, {FG_STD_LTE, 6144}, {FG_STD_UMTS, 40},
                  {FG_STD_UMTS, 41}, {FG_STD_UMTS, 1001}, {FG_STD_UMTS, 5113}, {FG_STD_UMTS, 5114}};
    static const int Ps[] = {1, 2, 8, 16, 32, 64};
    int decoded = 0, refused = 0, odd_last = 0;
    for (size_t b = 0; b < sizeof blocks / sizeof blocks[0]; b++) {
        const int K = blocks[b].K, N = 3 * K + FG_TURBO_TAIL;
        uint8_t *info = malloc((size_t)K), *bits = malloc((size_t)K);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)N);
        CU_ASSERT_FATAL(info && bits && q);
        for (size_t i = 0; i < sizeof Ps / sizeof Ps[0]; i++) {
            fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
            cfg.P = Ps[i];
            fg_turbo_fixed *d = NULL;
            const int rc = fg_turbo_fixed_create(blocks[b].std, K, &cfg, &d);
            if (!p_fits(K, Ps[i])) {
                CU_ASSERT_EQUAL(rc, FG_EINVAL);
                refused++;
                continue;
            }
            CU_ASSERT_EQUAL_FATAL(rc, 0);
            for (int32_t mag = 1; mag <= 15; mag += 14) { /* the weakest and the strongest codeword */
                make_noiseless(blocks[b].std, K, (uint64_t)(b * 100 + i), mag, info, q);
                fg_turbo_result res;
                CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, &res), 0);
                CU_ASSERT_EQUAL(count_errors(bits, info, K), 0);
                CU_ASSERT_EQUAL(res.half_iters, 11);
                CU_ASSERT_EQUAL(res.early_stop, 0);
            }
            const int L = 4 * ((K + 4 * Ps[i] - 1) / (4 * Ps[i]));
            odd_last += (K - ((K + L - 1) / L - 1) * L) & 1;
            decoded++;
            fg_turbo_fixed_destroy(d);
        }
        free(info);
        free(bits);
        free(q);
    }
    /* subtract normalisation at its narrowest w_sm (9 = bits for 3*D1), odd UMTS K, P = 8 */
    {
        const int K = 1001, N = 3 * K + FG_TURBO_TAIL;
        uint8_t *info = malloc((size_t)K), *bits = malloc((size_t)K);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)N);
        CU_ASSERT_FATAL(info && bits && q);
        fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
        cfg.P = 8;
        cfg.fmt.norm = FG_XMAP_NORM_SUBTRACT;
        cfg.fmt.w_sm = 9;
        fg_turbo_fixed *d = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_UMTS, K, &cfg, &d), 0);
        make_noiseless(FG_STD_UMTS, K, 77, 15, info, q);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, NULL), 0);
        CU_ASSERT_EQUAL(count_errors(bits, info, K), 0);
        fg_turbo_fixed_destroy(d);
        free(info);
        free(bits);
        free(q);
    }
    CU_ASSERT(decoded >= 35);
    CU_ASSERT(refused >= 5);
    CU_ASSERT(odd_last >= 6); /* the radix-2 last step is exercised */
}

/* BER of the fixed decoder (P = 1 and P = 16 with NII) next to the float max-log decoder of turbo.h
 * (fg_turbo_dec, max-log, scaling 0.75, radix 2, one block) on the same 300 LTE K=1024 frames at
 * 0.7 dB. Band: the fixed P=1 decoder's errors are at most 2x the float's plus 60 bits (measured
 * 1.16x), P=16 at most 3x (measured 1.9x: short sub-blocks), and P=1 not below a third of the
 * float's (it is no better than the unquantised algorithm it approximates, within noise). */
static void test_ber_vs_float(void)
{
    const int K = 1024, N = 3 * K + FG_TURBO_TAIL, frames = 300;
    const double ebn0 = 0.7;
    double *llr = malloc(sizeof(double) * (size_t)N);
    uint8_t *info = malloc((size_t)K), *bits = malloc((size_t)K);
    CU_ASSERT_FATAL(llr && info && bits);
    fg_turbo_dec_cfg fc = fg_turbo_dec_cfg_default();
    fg_turbo_dec *fd = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(FG_STD_LTE, K, &fc, &fd), 0);
    fg_turbo_fixed *d1 = NULL, *d16 = NULL;
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d1), 0);
    cfg.P = 16;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d16), 0);
    long ef = 0, e1 = 0, e16 = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(FG_STD_LTE, K, 21, (uint64_t)f, ebn0, info, llr);
        CU_ASSERT_EQUAL(fg_turbo_dec_run(fd, llr, bits, NULL, NULL), 0);
        ef += count_errors(bits, info, K);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d1, llr, bits, NULL), 0);
        e1 += count_errors(bits, info, K);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d16, llr, bits, NULL), 0);
        e16 += count_errors(bits, info, K);
    }
    fprintf(stderr, "LTE K=%d %.1f dB %d frames: bit errors float max-log %ld, fixed P=1 %ld, fixed P=16 %ld\n", K,
            ebn0, frames, ef, e1, e16);
    CU_ASSERT(ef > 0);
    CU_ASSERT(e1 <= 2 * ef + 60);
    CU_ASSERT(e16 <= 3 * ef + 60);
    CU_ASSERT(3 * e1 >= ef);
    fg_turbo_dec_destroy(fd);
    fg_turbo_fixed_destroy(d1);
    fg_turbo_fixed_destroy(d16);
    free(llr);
    free(info);
    free(bits);
}

/* At P = 64 (L = 32) uniform stakes lose much more than NII on the same frames. */
static void test_nii_helps(void)
{
    const int K = 2048, N = 3 * K + FG_TURBO_TAIL, frames = 40;
    double *llr = malloc(sizeof(double) * (size_t)N);
    uint8_t *info = malloc((size_t)K), *bits = malloc((size_t)K);
    CU_ASSERT_FATAL(llr && info && bits);
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    cfg.P = 64;
    fg_turbo_fixed *on = NULL, *off = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &on), 0);
    cfg.nii = 0;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &off), 0);
    long e_on = 0, e_off = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(FG_STD_LTE, K, 22, (uint64_t)f, 1.0, info, llr);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(on, llr, bits, NULL), 0);
        e_on += count_errors(bits, info, K);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(off, llr, bits, NULL), 0);
        e_off += count_errors(bits, info, K);
    }
    fprintf(stderr, "LTE K=%d P=64 1.0 dB %d frames: bit errors NII %ld, uniform stakes %ld\n", K, frames, e_on, e_off);
    CU_ASSERT(e_off > 2 * e_on + 20);
    fg_turbo_fixed_destroy(on);
    fg_turbo_fixed_destroy(off);
    free(llr);
    free(info);
    free(bits);
}

/* ---- observer ---- */
typedef struct {
    int calls, bad;
    int w_ext, w_sm;
    uint64_t hash;          /* over ext and app of every half-iteration */
    int32_t prev_a_out[2][64 * 8], prev_b_out[2][64 * 8];
    int nii;
} obs_t;

#define GOLDEN_HASH 0x8a0d2a32904d6ebeull

static uint64_t mix(uint64_t h, int32_t v) { return (h ^ (uint32_t)v) * 0x100000001b3ull; }

static void observer(void *user, const fg_turbo_fixed_obs *o)
{
    obs_t *s = user;
    s->bad += o->half_iter != s->calls || o->siso != (o->half_iter & 1);
    s->calls++;
    for (int k = 0; k < o->K; k++) {
        s->bad += o->ext_K[k] < -fg_fx_max(s->w_ext) || o->ext_K[k] > fg_fx_max(s->w_ext);
        s->bad += o->app_K[k] < -(1 << (s->w_sm - 1)) || o->app_K[k] >= (1 << (s->w_sm - 1));
        s->hash = mix(mix(s->hash, o->ext_K[k]), o->app_K[k]);
    }
    /* NII: the stakes used are the neighbours' values of this SISO's previous run (zero in its first) */
    const int si = o->siso;
    for (int p = 1; p < o->n_sub; p++)
        for (int st = 0; st < 8; st++) {
            const int32_t want_a = s->nii && o->half_iter >= 2 ? s->prev_a_out[si][8 * (p - 1) + st] : 0;
            s->bad += o->alpha_in[8 * p + st] != want_a;
        }
    for (int p = 0; p + 1 < o->n_sub; p++)
        for (int st = 0; st < 8; st++) {
            const int32_t want_b = s->nii && o->half_iter >= 2 ? s->prev_b_out[si][8 * (p + 1) + st] : 0;
            s->bad += o->beta_in[8 * p + st] != want_b;
        }
    memcpy(s->prev_a_out[si], o->alpha_out, sizeof(int32_t) * 8 * (size_t)o->P);
    memcpy(s->prev_b_out[si], o->beta_out, sizeof(int32_t) * 8 * (size_t)o->P);
}

static uint64_t run_observed(fg_std std, int K, int P, int nii, fg_xmap_norm norm, const double *llr, uint8_t *bits,
                             int *bad)
{
    obs_t s;
    memset(&s, 0, sizeof s);
    s.w_ext = 6;
    s.w_sm = 10;
    s.nii = nii;
    s.hash = 1469598103934665603ull;
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    cfg.P = P;
    cfg.nii = nii;
    cfg.fmt.norm = norm;
    cfg.observer = observer;
    cfg.observer_user = &s;
    fg_turbo_fixed *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(std, K, &cfg, &d), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, bits, NULL), 0);
    CU_ASSERT_EQUAL(s.calls, 11);
    *bad += s.bad;
    fg_turbo_fixed_destroy(d);
    return s.hash;
}

/* Same input -> same output on fresh decoders and on a reused one; the observer's invariants hold;
 * the subtract normalisation gives the very same extrinsics and APPs as modulo at the default
 * widths (both exact there). UMTS K=1001 (odd: the radix-2 last step), P=8. */
static void test_determinism_observer_norms(void)
{
    const int K = 1001, N = 3 * K + FG_TURBO_TAIL;
    double *llr = malloc(sizeof(double) * (size_t)N);
    uint8_t *info = malloc((size_t)K), *b1 = malloc((size_t)K), *b2 = malloc((size_t)K);
    CU_ASSERT_FATAL(llr && info && b1 && b2);
    int bad = 0;
    for (int f = 0; f < 4; f++) {
        make_frame(FG_STD_UMTS, K, 23, (uint64_t)f, 0.6, info, llr);
        for (int nii = 0; nii <= 1; nii++) {
            const uint64_t h1 = run_observed(FG_STD_UMTS, K, 8, nii, FG_XMAP_NORM_MODULO, llr, b1, &bad);
            const uint64_t h2 = run_observed(FG_STD_UMTS, K, 8, nii, FG_XMAP_NORM_MODULO, llr, b2, &bad);
            CU_ASSERT_EQUAL(h1, h2);
            CU_ASSERT_EQUAL(memcmp(b1, b2, (size_t)K), 0);
            const uint64_t h3 = run_observed(FG_STD_UMTS, K, 8, nii, FG_XMAP_NORM_SUBTRACT, llr, b2, &bad);
            CU_ASSERT_EQUAL(h1, h3);
            CU_ASSERT_EQUAL(memcmp(b1, b2, (size_t)K), 0);
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    /* Golden regression: the bits of the datapath (every extrinsic and APP of frame 0 at 0.6 dB,
     * NII, P=8) as a hash. A change here changes every vector set: update it only with the reason. */
    make_frame(FG_STD_UMTS, K, 23, 0, 0.6, info, llr);
    const uint64_t golden = run_observed(FG_STD_UMTS, K, 8, 1, FG_XMAP_NORM_MODULO, llr, b1, &bad);
    CU_ASSERT_EQUAL(golden, GOLDEN_HASH);
    /* a reused decoder gives what a fresh one gives */
    fg_turbo_fixed *d = NULL;
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    cfg.P = 8;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_UMTS, K, &cfg, &d), 0);
    make_frame(FG_STD_UMTS, K, 23, 0, 0.6, info, llr);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, b1, NULL), 0);
    make_frame(FG_STD_UMTS, K, 23, 1, 0.6, info, llr);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, b1, NULL), 0);
    run_observed(FG_STD_UMTS, K, 8, 1, FG_XMAP_NORM_MODULO, llr, b2, &bad);
    CU_ASSERT_EQUAL(memcmp(b1, b2, (size_t)K), 0);
    /* the APP getter is the last half-iteration's, natural order: its signs are the decisions */
    const int32_t *app = fg_turbo_fixed_app(d);
    for (int k = 0; k < K; k++)
        CU_ASSERT_EQUAL(fg_fx_hard(app[k]), b1[k]);
    fg_turbo_fixed_destroy(d);
    free(llr);
    free(info);
    free(b1);
    free(b2);
}

static void test_early_termination(void)
{
    const int K = 1024, N = 3 * K + FG_TURBO_TAIL;
    uint8_t *info = malloc((size_t)K), *bits = malloc((size_t)K), *cw = malloc((size_t)N);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)N);
    CU_ASSERT_FATAL(info && bits && cw && q);
    /* a block carrying its CRC-24A, noiseless: decoded and stopped after the first half-iteration */
    CU_ASSERT_EQUAL(fg_channel_random_bits(K - 24, 3, 0, info), 0);
    CU_ASSERT_EQUAL(fg_crc24_attach(FG_CRC24A, info, K - 24, bits), 0);
    memcpy(info, bits, (size_t)K);
    CU_ASSERT_EQUAL(fg_turbo_encode(FG_STD_LTE, K, info, cw), 0);
    for (int i = 0; i < N; i++)
        q[i] = cw[i] ? -3 : 3;
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    cfg.et.kind = FG_TURBO_ET_CRC;
    fg_turbo_fixed *d = NULL;
    fg_turbo_result res;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, &res), 0);
    CU_ASSERT_EQUAL(count_errors(bits, info, K), 0);
    CU_ASSERT_EQUAL(res.half_iters, 1);
    CU_ASSERT_EQUAL(res.early_stop, 1);
    /* the CRC of the other polynomial does not pass: all 11 half-iterations */
    fg_turbo_fixed_destroy(d);
    cfg.et.crc_poly = FG_CRC24B;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, &res), 0);
    CU_ASSERT_EQUAL(res.half_iters, 11);
    CU_ASSERT_EQUAL(res.early_stop, 0);
    fg_turbo_fixed_destroy(d);
    /* min-LLR: the APP of a noiseless +-3 codeword grows past 20 LSBs within a few half-iterations;
     * a threshold beyond the 10-bit APP range never stops */
    cfg.et.kind = FG_TURBO_ET_MIN_LLR;
    cfg.et.threshold = 20;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, &res), 0);
    CU_ASSERT(res.half_iters >= 1 && res.half_iters < 11);
    CU_ASSERT_EQUAL(res.early_stop, 1);
    int32_t mn = INT32_MAX;
    for (int k = 0; k < K; k++)
        mn = fg_fx_min(mn, fg_fx_abs(fg_turbo_fixed_app(d)[k]));
    CU_ASSERT(mn >= 20);
    fg_turbo_fixed_destroy(d);
    cfg.et.kind = FG_TURBO_ET_AVG_LLR;
    cfg.et.threshold = 512;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &cfg, &d), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, &res), 0);
    CU_ASSERT_EQUAL(res.half_iters, 11);
    CU_ASSERT_EQUAL(res.early_stop, 0);
    fg_turbo_fixed_destroy(d);
    free(info);
    free(bits);
    free(cw);
    free(q);
}

static int has(const char *needle) { return strstr(fg_last_error(), needle) != NULL; }

static void test_errors(void)
{
    fg_turbo_fixed *d = (fg_turbo_fixed *)&d;
    fg_turbo_fixed_cfg cfg = fg_turbo_fixed_cfg_default();
    CU_ASSERT_EQUAL(cfg.P, 1);
    CU_ASSERT_EQUAL(cfg.nii, 1);
    CU_ASSERT_EQUAL(cfg.half_iters, 11);
    CU_ASSERT_EQUAL(cfg.et.kind, FG_TURBO_ET_NONE);
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 41, &cfg, &d), FG_EINVAL);
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT(has("41"));
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 5115, &cfg, &d), FG_EINVAL);
    cfg.P = 0;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT(has("P=0 out of range [1, 256]"));
    cfg.P = 257;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 6144, &cfg, &d), FG_EINVAL);
    cfg.P = 4; /* K=40: L=12, the last sub-block holds 4 positions */
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT(has("P=4 does not fit K=40"));
    CU_ASSERT(has("leave 4"));
    CU_ASSERT(has("the largest P <= 4 that fits is 3"));
    cfg.P = 1;
    cfg.half_iters = 0;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT(has("half_iters=0"));
    cfg = fg_turbo_fixed_cfg_default();
    cfg.fmt.w_sm = 9;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_LTE, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT(has("w_sm=9"));
    cfg = fg_turbo_fixed_cfg_default();
    cfg.et.kind = FG_TURBO_ET_CRC;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT(has("crc"));
    cfg.et.kind = FG_TURBO_ET_MIN_LLR;
    cfg.et.threshold = -1;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, &cfg, &d), FG_EINVAL);
    cfg.et.threshold = NAN;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, &cfg, &d), FG_EINVAL);
    cfg = fg_turbo_fixed_cfg_default();
    cfg.nii = 2;
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, &cfg, &d), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, NULL, NULL), FG_EINVAL);

    /* decode-time input checks name the index */
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_UMTS, 40, NULL, &d), 0);
    const int N = 3 * 40 + FG_TURBO_TAIL;
    int32_t q[3 * 40 + FG_TURBO_TAIL] = {0};
    double llr[3 * 40 + FG_TURBO_TAIL] = {0};
    uint8_t bits[40];
    q[5] = 16;
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, NULL), FG_EINVAL);
    CU_ASSERT(has("q_N[5]=16 out of range [-15, 15]"));
    q[5] = 0;
    q[N - 1] = -16;
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, NULL), FG_EINVAL);
    CU_ASSERT(has("q_N[131]"));
    llr[7] = NAN;
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, bits, NULL), FG_EINVAL);
    CU_ASSERT(has("llr_N[7]"));
    llr[7] = 0;
    llr[100] = -INFINITY;
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, bits, NULL), FG_EINVAL);
    CU_ASSERT(has("llr_N[100]"));
    llr[100] = 1e300; /* finite: saturates */
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, bits, NULL), 0);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode(NULL, q, bits, NULL), FG_EINVAL);
    fg_turbo_fixed_destroy(d);
    fg_turbo_fixed_destroy(NULL);
}

/* ---- vector sets read back against a fresh decode ---- */
typedef struct {
    int K, h_want, n;
    int32_t *ext_all; /* half_iters x K */
} rec_t;

static void record(void *user, const fg_turbo_fixed_obs *o)
{
    rec_t *r = user;
    memcpy(r->ext_all + (size_t)o->half_iter * o->K, o->ext_K, sizeof(int32_t) * (size_t)o->K);
    r->n = o->half_iter + 1;
}

/* All lines of one single-port stream (or of port `port` of a table) into out. */
static long read_stream(const fg_vec_set *set, const char *name, int port, int64_t *out, long max)
{
    const fg_vec_stream *st;
    fg_vec_cursor *c;
    if (fg_vec_find_stream(set, name, &st) || fg_vec_cursor_open(set, st, &c)) {
        fprintf(stderr, "%s\n", fg_last_error());
        return -1;
    }
    int64_t v[64];
    long n = 0;
    int r;
    while ((r = fg_vec_cursor_next(c, v, NULL)) == 1 && n < max)
        out[n++] = v[port];
    fg_vec_cursor_close(c);
    return r < 0 ? -1 : n;
}

static void test_vectors_read_back(void)
{
    char dir[] = "/tmp/fg_turbo_vec_XXXXXX";
    CU_ASSERT_FATAL(mkdtemp(dir) != NULL);
    char set_dir[64];
    snprintf(set_dir, sizeof set_dir, "%s/turbo", dir);
    fg_vec_turbo_params p = fg_vec_turbo_params_default();
    p.std = FG_STD_UMTS;
    p.K = 203;
    p.cfg.P = 4;
    p.cfg.half_iters = 5;
    p.frames = 2;
    p.ebn0_db = 0.5;
    p.seed = 9;
    long be = -1;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_turbo(set_dir, &p, &be), 0);
    CU_ASSERT(be >= 0);
    fg_vec_set *set = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(set_dir, &set), 0);
    CU_ASSERT_STRING_EQUAL(fg_vec_design(set), "turbo-fixed");
    long long v;
    CU_ASSERT(fg_vec_get_count(set, "half_iters_total", &v) == 0 && v == 10);
    CU_ASSERT(fg_vec_get_derived_int(set, "L", &v) == 0 && v == 52); /* 4 SISOs: 4 ceil(203 / 16) */
    const int K = p.K, N = 3 * K + FG_TURBO_TAIL;
    int64_t *llr = malloc(sizeof(int64_t) * (size_t)N * 2), *ext = malloc(sizeof(int64_t) * (size_t)K * 10);
    int64_t *dec = malloc(sizeof(int64_t) * (size_t)K * 2);
    CU_ASSERT_FATAL(llr && ext && dec);
    CU_ASSERT_EQUAL(read_stream(set, "llr", 0, llr, 2L * N), 2L * N);
    CU_ASSERT_EQUAL(read_stream(set, "ext", 0, ext, 10L * K), 10L * K);
    CU_ASSERT_EQUAL(read_stream(set, "decoded", 0, dec, 2L * K), 2L * K);
    /* fresh decodes of the set's own inputs */
    rec_t r = {K, 0, 0, malloc(sizeof(int32_t) * (size_t)K * 5)};
    fg_turbo_fixed_cfg cfg = p.cfg;
    cfg.observer = record;
    cfg.observer_user = &r;
    fg_turbo_fixed *d = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(p.std, K, &cfg, &d), 0);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)N);
    uint8_t *bits = malloc((size_t)K), *info = malloc((size_t)K);
    double *y = malloc(sizeof(double) * (size_t)N);
    long bad = 0, errors = 0;
    for (int f = 0; f < 2; f++) {
        make_frame(p.std, K, p.seed, (uint64_t)f, p.ebn0_db, info, y);
        int32_t *q2 = malloc(sizeof(int32_t) * (size_t)N);
        CU_ASSERT_EQUAL(fg_llr_quantize(y, N, cfg.fmt.w_ch, cfg.fmt.f_ch, q2), 0);
        for (int i = 0; i < N; i++) {
            q[i] = (int32_t)llr[(size_t)f * N + i];
            bad += q[i] != q2[i]; /* the set's inputs are the frame's quantised LLRs */
        }
        free(q2);
        CU_ASSERT_EQUAL(fg_turbo_fixed_decode(d, q, bits, NULL), 0);
        CU_ASSERT_EQUAL(r.n, 5);
        for (long i = 0; i < 5L * K; i++)
            bad += r.ext_all[i] != ext[(size_t)f * 5 * K + (size_t)i];
        for (int k = 0; k < K; k++) {
            bad += bits[k] != dec[(size_t)f * K + k];
            errors += bits[k] != info[k];
        }
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(errors, be);
    fg_vec_close(set);

    /* xmap: the extrinsics of sub-block 3 (odd length 203 - 3*52 = 47: a radix-2 last step) of
     * half-iteration 3 = the decoder's */
    snprintf(set_dir, sizeof set_dir, "%s/xmap", dir);
    p.sub = 3;
    p.half_iter = 3;
    CU_ASSERT_EQUAL_FATAL(fg_vec_make_xmap(set_dir, &p), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vec_open(set_dir, &set), 0);
    CU_ASSERT(fg_vec_get_derived_int(set, "n", &v) == 0 && v == 47);
    CU_ASSERT(fg_vec_get_derived_int(set, "radix2_last", &v) == 0 && v == 1);
    int64_t e0[64], e1[64];
    CU_ASSERT_EQUAL(read_stream(set, "llr_out", 2, e0, 64), 24);
    CU_ASSERT_EQUAL(read_stream(set, "llr_out", 3, e1, 64), 24);
    make_frame(p.std, K, p.seed, 0, p.ebn0_db, info, y);
    CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, y, bits, NULL), 0);
    for (int i = 0; i < 47; i++)
        CU_ASSERT_EQUAL((i & 1 ? e1 : e0)[i / 2], r.ext_all[3 * K + 3 * 52 + i]);
    fg_vec_close(set);
    /* errors: a sub-block that does not exist, a half-iteration out of range */
    p.sub = 4;
    CU_ASSERT_EQUAL(fg_vec_make_xmap(set_dir, &p), FG_EINVAL);
    p.sub = 0;
    p.half_iter = 5;
    CU_ASSERT_EQUAL(fg_vec_make_xmap(set_dir, &p), FG_EINVAL);
    fg_turbo_fixed_destroy(d);
    free(llr);
    free(ext);
    free(dec);
    free(r.ext_all);
    free(q);
    free(bits);
    free(info);
    free(y);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    CU_ASSERT_EQUAL(system(cmd), 0);
}

/* Structure check against the float decoder of turbo.h run with the same architecture (max-log,
 * 0.75, radix 4, P = 16 sub-blocks of 64, NII on and off): with wide formats (14-bit channel LLRs
 * with 8 fractional bits, 16-bit extrinsics, 19/22-bit metrics) the quantisation nearly vanishes, so
 * both must make nearly the same decisions on the same 100 LTE K=1024 frames at 0.7 dB: error counts
 * within 15 % + 30 bits, and at least 70 of the frames bit-identical (measured: 87 with NII, 77
 * without; the rest differ by rounding, e.g. floor(3x/4), amplified by the iterations). */
static void test_wide_formats_track_float(void)
{
    const int K = 1024, N = 3 * K + FG_TURBO_TAIL, frames = 100;
    double *llr = malloc(sizeof(double) * (size_t)N);
    uint8_t *info = malloc((size_t)K), *b1 = malloc((size_t)K), *b2 = malloc((size_t)K);
    CU_ASSERT_FATAL(llr && info && b1 && b2);
    for (int nii = 0; nii <= 1; nii++) {
        fg_turbo_fixed_cfg c = fg_turbo_fixed_cfg_default();
        c.P = 16;
        c.nii = nii;
        c.fmt.w_ch = 14;
        c.fmt.f_ch = 8;
        c.fmt.w_ext = 16;
        c.fmt.w_bm = 19;
        c.fmt.w_sm = 22;
        fg_turbo_dec_cfg fc = fg_turbo_dec_cfg_default();
        fc.radix = 4;
        fc.P = 16;
        fc.nii = nii;
        fg_turbo_fixed *d = NULL;
        fg_turbo_dec *fd = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(FG_STD_LTE, K, &c, &d), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_dec_create(FG_STD_LTE, K, &fc, &fd), 0);
        long e1 = 0, e2 = 0, same = 0;
        for (int f = 0; f < frames; f++) {
            make_frame(FG_STD_LTE, K, 3, (uint64_t)f, 0.7, info, llr);
            CU_ASSERT_EQUAL(fg_turbo_fixed_decode_llr(d, llr, b1, NULL), 0);
            CU_ASSERT_EQUAL(fg_turbo_dec_run(fd, llr, b2, NULL, NULL), 0);
            e1 += count_errors(b1, info, K);
            e2 += count_errors(b2, info, K);
            same += memcmp(b1, b2, (size_t)K) == 0;
        }
        fprintf(stderr, "wide fixed vs float radix-4 P=16 nii=%d: bit errors %ld / %ld, identical frames %ld of %d\n",
                nii, e1, e2, same, frames);
        CU_ASSERT(e2 > 100);
        CU_ASSERT(labs(e1 - e2) <= (e1 > e2 ? e1 : e2) * 15 / 100 + 30);
        CU_ASSERT(same >= 70);
        fg_turbo_fixed_destroy(d);
        fg_turbo_dec_destroy(fd);
    }
    free(llr);
    free(info);
    free(b1);
    free(b2);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"noiseless frames at every P that fits, LTE and UMTS incl. odd K", test_noiseless_all_p},
        {"BER within a band of the float max-log (LTE K=1024, 0.7 dB)", test_ber_vs_float},
        {"NII beats uniform stakes at P=64", test_nii_helps},
        {"wide formats track the float radix-4 P=16 decoder", test_wide_formats_track_float},
        {"determinism, observer invariants, modulo = subtract", test_determinism_observer_norms},
        {"early termination: CRC, min-LLR, avg-LLR", test_early_termination},
        {"error paths", test_errors},
        {"vector sets turbo-fixed and xmap read back = a fresh decode", test_vectors_read_back},
        {NULL, NULL},
    };
    fg_add_suite("turbo_fixed", cases);
}
