/* Turbo FER/BER points of the turbo family (fecforge/family.h) on the BER engine (fecforge/ber.h): the
 * counts are those of a plain frame-by-frame loop over the encoder, channel and decoder APIs (float
 * and fixed) with the decoder configuration the options stand for, independent of the number of
 * workers; exact stop rules; early termination shows in avg_work (iterations); the cycle-accurate
 * decoder counts as the fixed-point model; Eb/N0 at a FER; option and parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_fixed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The decoder a set of options stands for, made here from the decoders' own defaults. */
typedef struct {
    const char *args; /* the family's options (the command line of fecforge ber turbo) */
    fg_std std;
    int K, fixed;
    fg_turbo_dec_cfg dec;
    fg_turbo_fixed_cfg fx;
} turbo_case;

static turbo_case tcase(const char *args, fg_std std, int K, int fixed)
{
    turbo_case c = {args, std, K, fixed, fg_turbo_dec_cfg_default(), fg_turbo_fixed_cfg_default()};
    return c;
}

static void open_turbo(fg_family_setup *s, const char *impl, const char *args)
{
    const int rc = fg_family_setup_text(s, fg_family_find("turbo"), impl, args);
    if (rc)
        fprintf(stderr, "\"%s\": %s\n", args, fg_last_error());
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

static int point(const fg_family_setup *s, uint64_t seed, long long min_fe, long long max_frames, int workers,
                 double ebn0, fg_ber_point *p)
{
    const fg_family_run run = {seed, min_fe, max_frames, workers, NULL, NULL};
    const int rc = fg_family_ber_point(&s->inst, s->impl, s->icfg, &run, ebn0, p);
    if (rc)
        fprintf(stderr, "%s at %g dB: %s\n", s->inst.code_name, ebn0, fg_last_error());
    return rc;
}

/* Two runs of the same frames counted alike: frames, frame and bit errors, work and the stop rule. */
static void assert_same_counts(const fg_ber_point *a, const fg_ber_point *b)
{
    CU_ASSERT_EQUAL(b->frames, a->frames);
    CU_ASSERT_EQUAL(b->frame_errors, a->frame_errors);
    CU_ASSERT_EQUAL(b->bit_errors, a->bit_errors);
    CU_ASSERT_EQUAL(b->work, a->work);
    CU_ASSERT_EQUAL(b->stop, a->stop);
}

/* The reference: frames 0 .. frames-1 one by one. */
static void direct_loop(const turbo_case *c, uint64_t seed, double ebn0, long long frames, long long *fe,
                        long long *be, long long *half, int *last_is_error)
{
    const int K = c->K, N = 3 * K + 12;
    uint8_t *bits = malloc(K), *cw = malloc(N), *out = malloc(K);
    double *y = malloc(sizeof *y * N), sigma;
    fg_turbo_dec *d = NULL;
    fg_turbo_fixed *x = NULL;
    CU_ASSERT_FATAL(bits && cw && out && y);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)K / N, &sigma), 0);
    CU_ASSERT_EQUAL_FATAL(c->fixed ? fg_turbo_fixed_create(c->std, K, &c->fx, &x)
                                   : fg_turbo_dec_create(c->std, K, &c->dec, &d),
                          0);
    *fe = *be = *half = 0;
    for (long long f = 0; f < frames; f++) {
        fg_turbo_result r;
        fg_channel_random_bits(K, seed, (uint64_t)f, bits);
        fg_turbo_encode(c->std, K, bits, cw);
        fg_channel_bpsk_awgn(cw, N, sigma, seed, (uint64_t)f, y);
        fg_channel_llr(y, N, sigma, y);
        CU_ASSERT_EQUAL_FATAL(c->fixed ? fg_turbo_fixed_decode_llr(x, y, out, &r) : fg_turbo_dec_run(d, y, out, NULL, &r),
                              0);
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

static void check_against_direct(const turbo_case *c, uint64_t seed, long long min_fe, int workers, double ebn0)
{
    fg_family_setup s;
    fg_ber_point p;
    const long long max_frames = 1000000;
    open_turbo(&s, NULL, c->args);
    CU_ASSERT_STRING_EQUAL(s.impl->name, c->fixed ? "fixed" : "float");
    CU_ASSERT_EQUAL_FATAL(point(&s, seed, min_fe, max_frames, workers, ebn0, &p), 0);
    long long fe, be, half;
    int last = 0;
    direct_loop(c, seed, ebn0, p.frames, &fe, &be, &half, &last);
    const int K = c->K;
    CU_ASSERT_EQUAL(p.frame_errors, fe);
    CU_ASSERT_EQUAL(p.bit_errors, be);
    CU_ASSERT_EQUAL(p.work, half);
    CU_ASSERT_EQUAL(p.erasures, 0);
    CU_ASSERT(p.frame_errors > 0);
    CU_ASSERT_DOUBLE_EQUAL(p.fer, (double)fe / p.frames, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber, (double)be / (p.frames * (double)K), 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.avg_work, (double)half / (2.0 * p.frames), 1e-12); /* iterations */
    CU_ASSERT_DOUBLE_EQUAL(p.rate, (double)K / (3 * K + 12), 1e-15);
    CU_ASSERT_EQUAL(p.x, ebn0);
    if (p.stop == FG_BER_STOP_MIN_FE) { /* stopped exactly at the min_fe-th frame error */
        CU_ASSERT_EQUAL(p.frame_errors, min_fe);
        CU_ASSERT(last);
    } else
        CU_ASSERT_EQUAL(p.frames, max_frames);
    fg_family_setup_free(&s);
}

static void test_float_matches_direct(void)
{
    turbo_case c = tcase("--std lte --K 512", FG_STD_LTE, 512, 0);
    check_against_direct(&c, 1, 12, 2, 0.6);
    c = tcase("--std umts --K 403 --parallel 6 --et avgllr:30", FG_STD_UMTS, 403, 0);
    c.dec.et.kind = FG_TURBO_ET_AVG_LLR;
    c.dec.et.threshold = 30;
    c.dec.P = 6; /* sub-blocks of 68 steps, the last of 63 */
    check_against_direct(&c, 3, 12, 2, 0.8);
}

static void test_fixed_matches_direct(void)
{
    turbo_case c = tcase("--std lte --K 256 --fixed --parallel 4", FG_STD_LTE, 256, 1);
    c.fx.P = 4;
    check_against_direct(&c, 1, 8, 2, 0.8);
}

static void test_thread_invariance(void)
{
    fg_family_setup s;
    fg_ber_point p[3];
    open_turbo(&s, NULL, "--std lte --K 256");
    for (int t = 0; t < 3; t++)
        CU_ASSERT_EQUAL_FATAL(point(&s, 1, 20, 1000000, 1 + 2 * t, 0.7, &p[t]), 0); /* 1, 3, 5 workers */
    for (int t = 1; t < 3; t++)
        assert_same_counts(&p[0], &p[t]);
    CU_ASSERT_EQUAL(p[0].stop, FG_BER_STOP_MIN_FE);
    CU_ASSERT(p[0].frames > 48); /* more than two rounds of one worker */
    fg_family_setup_free(&s);
}

static void test_max_frames_and_et(void)
{
    fg_family_setup s;
    fg_ber_point a, b;
    open_turbo(&s, NULL, "--std lte --K 1024");
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 100, 77, 2, 2.5, &a), 0);
    CU_ASSERT(a.frames == 77 && a.stop == FG_BER_STOP_MAX_FRAMES && a.frame_errors == 0);
    CU_ASSERT_EQUAL(a.work, 77 * 11); /* half-iterations, */
    CU_ASSERT_DOUBLE_EQUAL(a.avg_work, 5.5, 1e-12); /* reported as iterations */
    fg_family_setup_free(&s);
    open_turbo(&s, NULL, "--std lte --K 1024 --et minllr:20");
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 100, 77, 2, 2.5, &b), 0);
    CU_ASSERT(b.frames == 77 && b.frame_errors == 0);
    CU_ASSERT(b.avg_work < 4.0);
    fg_family_setup_free(&s);
}

/* The cycle-accurate parallel decoder (thesis Fig. 4.15, fixed-point datapath) decides as the
 * fixed-point model: the same counts for the same seed and point. */
static void test_cycle_equals_fixed(void)
{
    static const char *const A[] = {"--std lte --K 256 --fixed --parallel 4", "--std umts --K 200 --fixed --parallel 2 "
                                                                              "--iter 3 --nii off"};
    for (int i = 0; i < 2; i++) {
        fg_family_setup fx, cy;
        fg_ber_point a, b;
        open_turbo(&fx, NULL, A[i]);
        open_turbo(&cy, "cycle", A[i]);
        CU_ASSERT_STRING_EQUAL(fx.impl->name, "fixed");
        CU_ASSERT_EQUAL_FATAL(point(&fx, 4, 10, 400, 2, 1.2, &a), 0);
        CU_ASSERT_EQUAL_FATAL(point(&cy, 4, 10, 400, 2, 1.2, &b), 0);
        if (a.frames != b.frames || a.frame_errors != b.frame_errors || a.bit_errors != b.bit_errors ||
            a.work != b.work)
            fprintf(stderr, "%s: fixed %lld frames %lld fe %lld be %lld half; cycle %lld %lld %lld %lld\n", A[i],
                    a.frames, a.frame_errors, a.bit_errors, a.work, b.frames, b.frame_errors, b.bit_errors, b.work);
        CU_ASSERT(a.frame_errors > 0 && a.frames > a.frame_errors); /* failing frames and decoded ones */
        assert_same_counts(&a, &b);
        fg_family_setup_free(&fx);
        fg_family_setup_free(&cy);
    }
}

/* An implementation that takes frames in batches and has no BER path of its own (a GPU's, without a device
 * here): the engine makes each call's frames with threads, a piece at a time, and decodes them in one call.
 * A copy of the fixed (quantised inputs) and float (real inputs) implementations with chunk 37 counts as
 * the originals, with early termination too. */
static int chunk37(void *w)
{
    (void)w;
    return 37;
}

static void test_batch_impl_counts_as_frame_impl(void)
{
    static fg_family_impl batch[2];
    static const char *const base[2] = {"fixed", "float"}, *const name[2] = {"fixed-batch37", "float-batch37"};
    static const char *const A[2] = {"--std lte --K 512 --fixed --parallel 4 --iter 4 --et minllr:12",
                                     "--std umts --K 301 --iter 2"};
    static const double ebn0[2] = {0.9, 1.6};
    const fg_family *f = fg_family_find("turbo");
    for (int i = 0; i < 2; i++) {
        const fg_family_impl *b = fg_family_impl_find(f, base[i]);
        CU_ASSERT_FATAL(b != NULL);
        if (!fg_family_impl_find(f, name[i])) {
            batch[i] = *b;
            batch[i].name = name[i];
            batch[i].chunk = chunk37;
            CU_ASSERT_EQUAL_FATAL(fg_family_add_impl("turbo", &batch[i]), 0);
        }
        fg_family_setup one, many;
        fg_ber_point a, c;
        open_turbo(&one, base[i], A[i]);
        open_turbo(&many, name[i], A[i]);
        CU_ASSERT_EQUAL_FATAL(point(&one, 9, 30, 600, 2, ebn0[i], &a), 0);
        CU_ASSERT_EQUAL_FATAL(point(&many, 9, 30, 600, 2, ebn0[i], &c), 0);
        if (!(a.frame_errors > 0 && a.frames > a.frame_errors + 37))
            fprintf(stderr, "%s: %lld frames, %lld errors\n", A[i], a.frames, a.frame_errors);
        CU_ASSERT(a.frame_errors > 0 && a.frames > a.frame_errors + 37); /* several calls, failing frames */
        assert_same_counts(&a, &c);
        fg_family_setup_free(&one);
        fg_family_setup_free(&many);
    }
}

static void test_ebn0_at(void)
{
    fg_ber_point p[3];
    memset(p, 0, sizeof p);
    p[0].x = 0.0, p[0].fer = 0.5;
    p[1].x = 0.5, p[1].fer = 0.1;
    p[2].x = 1.0, p[2].fer = 0.001;
    double e;
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(p, 3, 0.01, 0, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 0.75, 1e-12); /* halfway in log10 between 1e-1 and 1e-3 */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(p, 3, 1e-4, 0, &e), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "not bracketed"));
}

static void bad_setup(const char *impl, const char *args, const char *needle)
{
    fg_family_setup s;
    const int rc = fg_family_setup_text(&s, fg_family_find("turbo"), impl, args);
    CU_ASSERT_EQUAL(rc, FG_EINVAL);
    if (rc != FG_EINVAL || !strstr(fg_last_error(), needle))
        fprintf(stderr, "\"%s\" (%s): rc %d, message \"%s\", expected \"%s\"\n", args, impl ? impl : "-", rc,
                fg_last_error(), needle);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), needle));
    fg_family_setup_free(&s);
}

static void bad_run(const fg_family_setup *s, fg_family_run run, double ebn0, const char *needle)
{
    fg_ber_point p;
    const int rc = fg_family_ber_point(&s->inst, s->impl, s->icfg, &run, ebn0, &p);
    CU_ASSERT_EQUAL(rc, FG_EINVAL);
    if (rc != FG_EINVAL || !strstr(fg_last_error(), needle))
        fprintf(stderr, "rc %d, message \"%s\", expected \"%s\"\n", rc, fg_last_error(), needle);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), needle));
}

static void test_errors(void)
{
    bad_setup(NULL, "--std lte --K 1000", "K=1000");
    bad_setup(NULL, "--std umts --K 5115", "K=5115");
    bad_setup(NULL, "--K 1024", "--std");
    bad_setup(NULL, "--std lte --K 40 --parallel 39", "P=39 does not fit K=40"); /* the decoder's own check */
    bad_setup(NULL, "--std lte --K 1024 --iter 5.25", "--iter=5.25 invalid");
    bad_setup(NULL, "--std lte --K 1024 --training 8", "--training needs --window");
    bad_setup(NULL, "--std lte --K 1024 --fixed --alg log", "--fixed is max-log-MAP");
    bad_setup(NULL, "--std lte --K 1024 --fixed --radix 2", "--radix=2 invalid with --fixed");
    bad_setup(NULL, "--std lte --K 1024 --et sometimes", "--et");
    bad_setup("float", "--std lte --K 1024 --fixed", "--fixed: the implementation float is not bit-accurate");
    bad_setup("cycle", "--std lte --K 1024 --et minllr:2", "--et=minllr:2 invalid with --impl cycle");
    bad_setup("cycle", "--std lte --K 6144 --parallel 65", "--parallel=65 invalid with --impl cycle for K=6144");
    bad_setup("cycle", "--std lte --K 1024 --iter 101", "--iter=101 invalid with --impl cycle: at most 100");
    bad_setup("gpu-fixed", "--std lte --K 1024", "family turbo has no implementation gpu-fixed");
    fg_family_setup s;
    open_turbo(&s, NULL, "--std lte --K 1024");
    const fg_family_run ok = {1, 100, 1000, 1, NULL, NULL};
    bad_run(&s, ok, NAN, "ebn0=nan out of range [-50, 100]");
    fg_family_run r = ok;
    r.workers = 0;
    bad_run(&s, r, 1.0, "workers=0 out of range [1, 256]");
    r = ok;
    r.min_fe = 0;
    bad_run(&s, r, 1.0, "min_fe=0");
    r = ok;
    r.max_frames = FG_BER_FRAMES_MAX + 1;
    bad_run(&s, r, 1.0, "max_frames=1099511627777");
    fg_ber_point p;
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, NULL, 1.0, &p), FG_EINVAL);
    fg_family_setup_free(&s);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"float: counts = direct loop, min_fe stop exact", test_float_matches_direct},
        {"fixed: counts = direct loop", test_fixed_matches_direct},
        {"workers 1, 3, 5 give identical counts", test_thread_invariance},
        {"max_frames stop, ET lowers avg_work", test_max_frames_and_et},
        {"cycle-accurate decoder counts as the fixed model", test_cycle_equals_fixed},
        {"a batch implementation counts as a frame one", test_batch_impl_counts_as_frame_impl},
        {"Eb/N0 at a FER", test_ebn0_at},
        {"option and parameter errors", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("turbo_ber", cases);
}
