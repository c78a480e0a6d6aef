/* LDPC FER/BER points of the ldpc family (fecforge/family.h) on the BER engine (fecforge/ber.h): the
 * counts are those of a plain frame-by-frame loop over the channel and decoder API with the decoder
 * configuration the options stand for, independent of the number of workers; the stop rules are exact;
 * the cycle-accurate implementation counts as the fixed-point one; options and run settings are
 * checked with messages that name them. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fg_family *ldpc;

static int setup(void)
{
    ldpc = fg_family_find("ldpc");
    return ldpc ? 0 : -1;
}

static int teardown(void) { return 0; }

/* The decoder a set of options stands for, made here from the decoders' own defaults. */
typedef struct {
    const char *args; /* the family's options (the command line of fecforge ber ldpc) */
    int fixed;
    fg_ldpc_dec_cfg dec;
    fg_ldpc_fixed_cfg fx;
} ldpc_case;

static ldpc_case float_case(const char *args, fg_ldpc_schedule s, int layers, fg_ldpc_alg alg)
{
    ldpc_case c = {args, 0, fg_ldpc_dec_cfg_default(), fg_ldpc_fixed_cfg_default()};
    c.dec.schedule = s;
    c.dec.layers = layers;
    c.dec.alg = alg;
    return c;
}

static ldpc_case fixed_case(const char *args, int layers)
{
    ldpc_case c = {args, 1, fg_ldpc_dec_cfg_default(), fg_ldpc_fixed_cfg_default()};
    c.fx.layers = layers;
    return c;
}

/* The family configured from args for impl (NULL: the one the options ask for); fails the test if not. */
static void open_ldpc(fg_family_setup *s, const char *impl, const char *args)
{
    const int rc = fg_family_setup_text(s, ldpc, impl, args);
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

/* The reference: frames 0 .. frames-1 through the channel and decoder API one by one. */
static void direct_loop(const fg_ldpc_code *code, const ldpc_case *c, uint64_t seed, double ebn0, long long frames,
                        long long *fe, long long *be, long long *iters, int *last_is_error)
{
    const int n = code->n, k = code->k;
    uint8_t *bits = malloc((size_t)k), *cw = malloc((size_t)n), *hard = malloc((size_t)n);
    double *y = malloc(sizeof *y * (size_t)n);
    int32_t *q = malloc(sizeof *q * (size_t)n);
    fg_ldpc_dec *dec = NULL;
    fg_ldpc_fixed *fx = NULL;
    double sigma;
    CU_ASSERT_FATAL(bits && cw && hard && y && q);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0, (double)k / n, &sigma), 0);
    CU_ASSERT_EQUAL_FATAL(c->fixed ? fg_ldpc_fixed_create(code, &c->fx, &fx) : fg_ldpc_dec_create(code, &c->dec, &dec),
                          0);
    *fe = *be = *iters = 0;
    *last_is_error = 0;
    for (long long f = 0; f < frames; f++) {
        int it = 0;
        CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(k, seed, (uint64_t)f, bits), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_encode(code, bits, cw), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, n, sigma, seed, (uint64_t)f, y), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_llr(y, n, sigma, y), 0);
        if (c->fixed) {
            CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(y, n, c->fx.llr_width, c->fx.llr_frac, q), 0);
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_decode(fx, q, hard, NULL, &it), 0);
        } else {
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_decode(dec, y, hard, NULL, &it), 0);
        }
        int e = 0, wrong = 0;
        for (int i = 0; i < n; i++) {
            e += i < k && hard[i] != cw[i];
            wrong |= hard[i] != cw[i];
        }
        *be += e;
        *fe += wrong;
        *iters += it;
        *last_is_error = wrong;
    }
    fg_ldpc_dec_destroy(dec);
    fg_ldpc_fixed_destroy(fx);
    free(bits);
    free(cw);
    free(hard);
    free(y);
    free(q);
}

static void check_against_direct(const ldpc_case *c, const char *want_impl, double ebn0)
{
    fg_family_setup s;
    fg_ber_point p;
    open_ldpc(&s, NULL, c->args);
    CU_ASSERT_STRING_EQUAL(s.impl->name, want_impl);
    const long long min_fe = 8, max_frames = 400;
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, min_fe, max_frames, 2, ebn0, &p), 0);
    fg_ldpc_code *code;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &code), 0);
    long long fe, be, it;
    int last;
    direct_loop(code, c, 1, ebn0, p.frames, &fe, &be, &it, &last);
    CU_ASSERT_EQUAL(p.frame_errors, fe);
    CU_ASSERT_EQUAL(p.bit_errors, be);
    CU_ASSERT_EQUAL(p.work, it);
    CU_ASSERT_EQUAL(p.erasures, 0);
    CU_ASSERT(p.frame_errors > 0); /* the point is meaningful: errors occurred */
    if (p.stop == FG_BER_STOP_MIN_FE) {
        CU_ASSERT_EQUAL(p.frame_errors, min_fe);
        CU_ASSERT_EQUAL(last, 1); /* the point stops exactly at the min_fe-th error */
    } else {
        CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_MAX_FRAMES);
        CU_ASSERT_EQUAL(p.frames, max_frames);
        CU_ASSERT(p.frame_errors < min_fe);
    }
    CU_ASSERT_DOUBLE_EQUAL(p.fer, (double)fe / (double)p.frames, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber, (double)be / ((double)p.frames * code->k), 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.avg_work, (double)it / (double)p.frames, 1e-12);
    CU_ASSERT(p.avg_work >= 1.0 && p.avg_work <= (c->fixed ? c->fx.max_iter : c->dec.max_iter));
    CU_ASSERT_DOUBLE_EQUAL(p.rate, 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.x, ebn0, 0.0);
    double sigma;
    CU_ASSERT_EQUAL(fg_channel_sigma(ebn0, 0.5, &sigma), 0);
    CU_ASSERT_DOUBLE_EQUAL(p.param[0], sigma, 0.0);
    fg_ldpc_code_destroy(code);
    fg_family_setup_free(&s);
}

static void test_matches_direct_loop_float(void)
{
    ldpc_case c = float_case("--code wifi-648-1/2 --decoder layered --alg nms", FG_LDPC_SCHED_LAYERED, 1,
                             FG_LDPC_ALG_NMS);
    check_against_direct(&c, "float", 1.5);
    c = float_case("--code wifi-648-1/2 --decoder flooding --alg spa", FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA);
    check_against_direct(&c, "float", 1.5);
    c = float_case("--code wifi-648-1/2 --decoder multilayer:3 --alg oms", FG_LDPC_SCHED_MULTILAYER, 3,
                   FG_LDPC_ALG_OMS);
    check_against_direct(&c, "float", 1.5);
}

/* --fixed, and --decoder hw (the fixed-point K=2 hardware with the default arithmetic), choose the
 * bit-accurate implementation. */
static void test_matches_direct_loop_fixed(void)
{
    ldpc_case c = fixed_case("--code wifi-648-1/2 --decoder multilayer:2 --fixed", 2);
    check_against_direct(&c, "fixed", 1.5);
    c = fixed_case("--code wifi-648-1/2 --fixed", 1);
    check_against_direct(&c, "fixed", 1.5);
    c = fixed_case("--code wifi-648-1/2 --decoder hw", 2);
    check_against_direct(&c, "fixed", 1.5);
}

static int same_counts(const fg_ber_point *a, const fg_ber_point *b)
{
    return a->frames == b->frames && a->frame_errors == b->frame_errors && a->bit_errors == b->bit_errors &&
           a->work == b->work && a->erasures == b->erasures && a->stop == b->stop && a->fer == b->fer &&
           a->ber == b->ber && a->avg_work == b->avg_work;
}

/* 1, 2, 3 and 7 workers give identical counts; so does a second run. */
static void thread_invariance(const char *args, double ebn0)
{
    static const int T[] = {1, 2, 3, 7};
    fg_family_setup s;
    fg_ber_point p[4], again;
    open_ldpc(&s, NULL, args);
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_EQUAL_FATAL(point(&s, 1, 30, 3000, T[i], ebn0, &p[i]), 0);
        CU_ASSERT(same_counts(&p[0], &p[i]));
    }
    CU_ASSERT(p[0].frames > 100); /* several rounds, at least the 16 + 32 + 64 of one worker */
    CU_ASSERT_EQUAL(p[0].stop, FG_BER_STOP_MIN_FE);
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 30, 3000, 2, ebn0, &again), 0);
    CU_ASSERT(same_counts(&p[0], &again));
    fg_family_setup_free(&s);
}

static void test_thread_invariance(void)
{
    thread_invariance("--code wifi-648-1/2 --decoder multilayer:2", 2.0);
    thread_invariance("--code wifi-648-1/2 --decoder multilayer:2 --fixed", 2.0);
}

/* min_fe: the stop frame is the min_fe-th error; one frame less gives one error less. */
static void test_stop_min_fe(void)
{
    fg_family_setup s;
    fg_ber_point p, q;
    open_ldpc(&s, NULL, "--code wifi-648-1/2 --decoder layered --alg ms");
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 7, 1000000, 2, 0.5, &p), 0);
    CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_MIN_FE);
    CU_ASSERT_EQUAL(p.frame_errors, 7);
    CU_ASSERT(p.frames >= 7 && p.frames < 200);
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 7, p.frames - 1, 2, 0.5, &q), 0);
    CU_ASSERT_EQUAL(q.stop, FG_BER_STOP_MAX_FRAMES);
    CU_ASSERT_EQUAL(q.frames, p.frames - 1);
    CU_ASSERT_EQUAL(q.frame_errors, 6);
    /* min_fe = 1: the first erroneous frame */
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 1, 1000000, 2, 0.5, &q), 0);
    CU_ASSERT_EQUAL(q.stop, FG_BER_STOP_MIN_FE);
    CU_ASSERT_EQUAL(q.frame_errors, 1);
    CU_ASSERT(q.frames <= p.frames);
    fg_family_setup_free(&s);
}

/* max_frames: exactly that many frames, whatever the number of workers and the round size. */
static void test_stop_max_frames(void)
{
    fg_family_setup s;
    open_ldpc(&s, NULL, "--code wifi-648-1/2 --decoder multilayer:2 --fixed");
    static const long long M[] = {1, 37, 100, 1234};
    for (int i = 0; i < 4; i++)
        for (int t = 1; t <= 8; t *= 2) {
            fg_ber_point p;
            CU_ASSERT_EQUAL_FATAL(point(&s, 1, 1000000, M[i], t, 3.0, &p), 0);
            CU_ASSERT_EQUAL(p.frames, M[i]);
            CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_MAX_FRAMES);
        }
    fg_family_setup_free(&s);
}

/* Eb/N0 = 100 dB: no errors, one iteration (the first syndrome check passes), for every decoder;
 * without early termination every frame runs all its iterations. */
static void test_noiseless(void)
{
    static const char *const A[] = {"--decoder flooding --alg spa",  "--decoder layered --alg ms",
                                    "--decoder multilayer:2 --alg nms", "--decoder multilayer:12 --alg oms",
                                    "--decoder layered --alg spa",   "--decoder layered --fixed",
                                    "--decoder multilayer:2 --fixed", "--decoder hw"};
    for (size_t i = 0; i < sizeof A / sizeof *A; i++) {
        char args[160];
        fg_family_setup s;
        fg_ber_point p;
        snprintf(args, sizeof args, "--code wifi-648-1/2 %s", A[i]);
        open_ldpc(&s, NULL, args);
        CU_ASSERT_EQUAL_FATAL(point(&s, 1, 100, 50, 2, 100.0, &p), 0);
        CU_ASSERT_EQUAL(p.frames, 50);
        CU_ASSERT_EQUAL(p.frame_errors, 0);
        CU_ASSERT_EQUAL(p.bit_errors, 0);
        CU_ASSERT_EQUAL(p.work, 50);
        CU_ASSERT_EQUAL(p.fer, 0.0);
        CU_ASSERT_EQUAL(p.avg_work, 1.0);
        fg_family_setup_free(&s);
        snprintf(args, sizeof args, "--code wifi-648-1/2 %s --et none --iter 4", A[i]);
        open_ldpc(&s, NULL, args);
        CU_ASSERT_EQUAL_FATAL(point(&s, 1, 100, 5, 2, 100.0, &p), 0);
        CU_ASSERT_EQUAL(p.frame_errors, 0);
        CU_ASSERT_EQUAL(p.work, 20);
        fg_family_setup_free(&s);
    }
}

/* A different seed gives different frames; so does a different Eb/N0 at the same seed. */
static void test_seed(void)
{
    fg_family_setup s;
    fg_ber_point a, b;
    open_ldpc(&s, NULL, "--code wifi-648-1/2 --decoder layered --alg nms");
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 1000, 200, 1, 1.0, &a), 0);
    CU_ASSERT_EQUAL_FATAL(point(&s, 2, 1000, 200, 1, 1.0, &b), 0);
    CU_ASSERT(a.bit_errors != b.bit_errors || a.work != b.work);
    /* more noise, more errors: the same frames at a lower Eb/N0 (common random numbers) */
    CU_ASSERT_EQUAL_FATAL(point(&s, 2, 1000, 200, 1, 0.0, &a), 0);
    CU_ASSERT(a.frame_errors > b.frame_errors);
    CU_ASSERT(a.avg_work > b.avg_work);
    fg_family_setup_free(&s);
}

typedef struct {
    int calls, stop_at;
    long long last_frames, last_fe;
    int monotone;
} progress_log;

static int on_progress(void *ctx, const fg_ber_point *p)
{
    progress_log *l = ctx;
    if (p->frames < l->last_frames || p->frame_errors < l->last_fe)
        l->monotone = 0;
    l->calls++;
    l->last_frames = p->frames;
    l->last_fe = p->frame_errors;
    return l->stop_at && l->calls >= l->stop_at;
}

static void test_progress(void)
{
    fg_family_setup s;
    progress_log l = {0, 0, 0, 0, 1};
    fg_ber_point p, q;
    open_ldpc(&s, NULL, "--code wifi-648-1/2 --decoder layered --alg nms");
    fg_family_run run = {1, 1000000, 16 + 32 + 64 + 10, 1, on_progress, &l}; /* four rounds with one worker */
    CU_ASSERT_EQUAL_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 2.5, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 4);
    CU_ASSERT(l.monotone);
    CU_ASSERT_EQUAL(l.last_frames, p.frames);
    CU_ASSERT_EQUAL(l.last_fe, p.frame_errors);
    CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_MAX_FRAMES);
    /* stopped by the callback after the second round: the counts of its 48 frames */
    l = (progress_log){0, 2, 0, 0, 1};
    run.max_frames = 1000000;
    CU_ASSERT_EQUAL_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 1.5, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 2);
    CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_INTERRUPTED);
    CU_ASSERT_EQUAL(p.frames, 48);
    CU_ASSERT_EQUAL_FATAL(point(&s, 1, 1000000, 48, 2, 1.5, &q), 0);
    CU_ASSERT(p.frame_errors == q.frame_errors && p.bit_errors == q.bit_errors && p.work == q.work);
    CU_ASSERT(p.frame_errors > 0);
    fg_family_setup_free(&s);
}

static fg_ber_point pt(double ebn0, double fer)
{
    fg_ber_point p;
    memset(&p, 0, sizeof p);
    p.x = ebn0;
    p.fer = fer;
    return p;
}

static void test_ebn0_at(void)
{
    fg_ber_point c[5] = {pt(1.0, 0.5), pt(1.5, 1e-1), pt(2.0, 1e-3), pt(2.5, 1e-4), pt(3.0, 0.0)};
    double e;
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 1e-2, 0, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 1.75, 1e-12); /* halfway in log10 between 1e-1 and 1e-3 */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 1e-1, 0, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 1.5, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 3e-4, 0, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 2.0 + 0.5 * (log10(3e-4) + 3.0) / -1.0, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 1e-5, 0, &e), FG_EINVAL); /* last point has no errors */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 0.9, 0, &e), FG_EINVAL);  /* above the first point */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 1, 0.5, 0, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 0.0, 0, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 1.0, 0, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(NULL, 5, 0.1, 0, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(c, 5, 0.1, 0, NULL), FG_EINVAL);
    fg_ber_point d[2] = {pt(2.0, 0.1), pt(1.0, 0.01)};
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(d, 2, 0.05, 0, &e), FG_EINVAL); /* descending Eb/N0 */
    CU_ASSERT(strstr(fg_last_error(), "ascending") != NULL);
}

/* The cycle-accurate MB-serial model decides as the fixed-point model: the same counts, frame for
 * frame, for the same seed and point (K = 1 and the hardware's K = 2). */
static void test_cycle_equals_fixed(void)
{
    static const char *const A[] = {"--code wifi-648-1/2 --decoder hw",
                                    "--code wifi-648-1/2 --fixed --decoder layered --iter 6"};
    for (int i = 0; i < 2; i++) {
        fg_family_setup fx, cy;
        fg_ber_point a, b;
        open_ldpc(&fx, "fixed", A[i]);
        open_ldpc(&cy, "cycle", A[i]);
        CU_ASSERT_STRING_EQUAL(cy.impl->name, "cycle");
        CU_ASSERT_EQUAL_FATAL(point(&fx, 5, 10, 400, 2, 1.75, &a), 0);
        CU_ASSERT_EQUAL_FATAL(point(&cy, 5, 10, 400, 2, 1.75, &b), 0);
        CU_ASSERT(a.frame_errors > 0 && a.frames > a.frame_errors); /* failing frames and decoded ones */
        CU_ASSERT(same_counts(&a, &b));
        if (!same_counts(&a, &b))
            fprintf(stderr, "%s: fixed %lld frames %lld fe %lld be %lld it; cycle %lld %lld %lld %lld\n", A[i],
                    a.frames, a.frame_errors, a.bit_errors, a.work, b.frames, b.frame_errors, b.bit_errors, b.work);
        fg_family_setup_free(&fx);
        fg_family_setup_free(&cy);
    }
}

/* fg_family_setup_text refuses a bad option with FG_EINVAL and a message naming it. */
static void bad_setup(const char *impl, const char *args, const char *needle)
{
    fg_family_setup s;
    const int rc = fg_family_setup_text(&s, ldpc, impl, args);
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

static void test_bad_arguments(void)
{
    fg_family_setup s;
    fg_ber_point p;
    open_ldpc(&s, NULL, "--code wifi-648-1/2");
    const fg_family_run ok = {1, 100, 1000, 1, NULL, NULL};
    CU_ASSERT_EQUAL(fg_family_ber_point(NULL, s.impl, s.icfg, &ok, 1.0, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, NULL, s.icfg, &ok, 1.0, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, NULL, 1.0, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &ok, 1.0, NULL), FG_EINVAL);
    bad_run(&s, ok, NAN, "ebn0=nan out of range [-50, 100]");
    bad_run(&s, ok, 101.0, "ebn0=101 out of range [-50, 100]");
    bad_run(&s, ok, -50.5, "ebn0=-50.5 out of range");
    fg_family_run r = ok;
    r.min_fe = 0;
    bad_run(&s, r, 1.0, "min_fe=0");
    r = ok;
    r.max_frames = 0;
    bad_run(&s, r, 1.0, "max_frames=0");
    r = ok;
    r.workers = FG_BER_WORKERS_MAX + 1;
    bad_run(&s, r, 1.0, "workers=257");
    r.workers = 0;
    bad_run(&s, r, 1.0, "workers=0 out of range [1, 256]");
    fg_family_setup_free(&s);
    /* options: their ranges, their combinations, the implementation */
    bad_setup(NULL, "", "--code");
    bad_setup(NULL, "--code no-such-code", "--code");
    bad_setup(NULL, "--code wifi-648-1/2 --alg nms:2", "--alg");
    bad_setup(NULL, "--code wifi-648-1/2 --iter 0", "--iter=0 out of range [1, 1000]");
    bad_setup(NULL, "--code wifi-648-1/2 --decoder multilayer:13", "--decoder=multilayer:13: K=13 out of range [1, 12]");
    bad_setup(NULL, "--code wifi-648-1/2 --decoder multilayer:13 --fixed", "K=13 out of range [1, 12]");
    bad_setup(NULL, "--code wifi-648-1/2 --decoder flooding --fixed", "--fixed needs --decoder layered");
    bad_setup(NULL, "--code wifi-648-1/2 --fixed --alg spa", "--alg=spa invalid with --fixed");
    bad_setup(NULL, "--code wifi-648-1/2 --r-width 7", "need --fixed");
    bad_setup(NULL, "--code wifi-648-1/2 --decoder hw --r-width 7", "--decoder hw");
    bad_setup(NULL, "--code wifi-648-1/2 --fixed --llr-width 4 --llr-frac 4", "--llr-frac=4 out of range [0, 3]");
    bad_setup(NULL, "--code wifi-648-1/2 --decoder unknown", "--decoder");
    bad_setup(NULL, "--code wifi-648-1/2 --no-such-option", "--no-such-option");
    bad_setup("float", "--code wifi-648-1/2 --fixed", "--fixed: the implementation float is not bit-accurate");
    bad_setup("float", "--code wifi-648-1/2 --decoder hw", "--decoder=hw");
    bad_setup("fixed2", "--code wifi-648-1/2", "family ldpc has no implementation fixed2");
    bad_setup("gpu-fixed", "--code wifi-648-1/2", "no implementation gpu-fixed"); /* the GPU library not registered */
    /* a bit-accurate implementation named without --fixed runs the fixed model */
    open_ldpc(&s, "fixed", "--code wifi-648-1/2 --decoder multilayer:2");
    CU_ASSERT_EQUAL(s.inst.q_width, 6);
    CU_ASSERT_EQUAL(s.inst.q_frac, 2);
    fg_family_setup_free(&s);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"matches_direct_loop_float", test_matches_direct_loop_float},
                                         {"matches_direct_loop_fixed", test_matches_direct_loop_fixed},
                                         {"thread_invariance", test_thread_invariance},
                                         {"stop_min_fe", test_stop_min_fe},
                                         {"stop_max_frames", test_stop_max_frames},
                                         {"noiseless", test_noiseless},
                                         {"seed", test_seed},
                                         {"progress", test_progress},
                                         {"ebn0_at", test_ebn0_at},
                                         {"cycle_equals_fixed", test_cycle_equals_fixed},
                                         {"bad_arguments", test_bad_arguments},
                                         {NULL, NULL}};
    CU_pSuite s = CU_add_suite("ldpc_ber", setup, teardown);
    for (const fg_test_case *t = cases; s && t->name; t++)
        CU_add_test(s, t->name, t->fn);
}
