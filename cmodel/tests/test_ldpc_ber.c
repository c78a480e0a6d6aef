/* LDPC FER/BER simulation loop: the counts are those of a plain frame-by-frame loop over the
 * channel and decoder API, independent of the thread count, and the stop rules are exact. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_ber.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static fg_ldpc_code *code648;

static int setup(void)
{
    return fg_ldpc_code_create("wifi-648-1/2", &code648) ? -1 : 0;
}

static int teardown(void)
{
    fg_ldpc_code_destroy(code648);
    return 0;
}

static fg_ldpc_ber_cfg float_cfg(fg_ldpc_schedule s, int layers, fg_ldpc_alg alg)
{
    fg_ldpc_ber_cfg c = fg_ldpc_ber_cfg_default();
    c.dec.schedule = s;
    c.dec.layers = layers;
    c.dec.alg = alg;
    return c;
}

static fg_ldpc_ber_cfg fixed_cfg(int layers)
{
    fg_ldpc_ber_cfg c = fg_ldpc_ber_cfg_default();
    c.fixed = 1;
    c.fx.layers = layers;
    return c;
}

/* The reference: frames 0 .. frames-1 through the channel and decoder API one by one. */
static void direct_loop(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *c, double ebn0, long long frames,
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
        CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(k, c->seed, (uint64_t)f, bits), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_encode(code, bits, cw), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, n, sigma, c->seed, (uint64_t)f, y), 0);
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

static void check_against_direct(fg_ldpc_ber_cfg c, double ebn0)
{
    fg_ldpc_ber_point p;
    c.min_fe = 8;
    c.max_frames = 400;
    c.threads = 2;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, ebn0, &p), 0);
    long long fe, be, it;
    int last;
    direct_loop(code648, &c, ebn0, p.frames, &fe, &be, &it, &last);
    CU_ASSERT_EQUAL(p.frame_errors, fe);
    CU_ASSERT_EQUAL(p.bit_errors, be);
    CU_ASSERT_EQUAL(p.iterations, it);
    CU_ASSERT(p.frame_errors > 0); /* the point is meaningful: errors occurred */
    if (p.stop == FG_LDPC_BER_STOP_MIN_FE) {
        CU_ASSERT_EQUAL(p.frame_errors, c.min_fe);
        CU_ASSERT_EQUAL(last, 1); /* the point stops exactly at the min_fe-th error */
    } else {
        CU_ASSERT_EQUAL(p.frames, c.max_frames);
        CU_ASSERT(p.frame_errors < c.min_fe);
    }
    CU_ASSERT_DOUBLE_EQUAL(p.fer, (double)fe / (double)p.frames, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber, (double)be / ((double)p.frames * code648->k), 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.avg_iter, (double)it / (double)p.frames, 1e-12);
    CU_ASSERT(p.avg_iter >= 1.0 && p.avg_iter <= (c.fixed ? c.fx.max_iter : c.dec.max_iter));
    CU_ASSERT_DOUBLE_EQUAL(p.rate, 0.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ebn0_db, ebn0, 0.0);
}

static void test_matches_direct_loop_float(void)
{
    check_against_direct(float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_NMS), 1.5);
    check_against_direct(float_cfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA), 1.5);
    check_against_direct(float_cfg(FG_LDPC_SCHED_MULTILAYER, 3, FG_LDPC_ALG_OMS), 1.5);
}

static void test_matches_direct_loop_fixed(void)
{
    check_against_direct(fixed_cfg(2), 1.5);
    check_against_direct(fixed_cfg(1), 1.5);
}

static int same_counts(const fg_ldpc_ber_point *a, const fg_ldpc_ber_point *b)
{
    return a->frames == b->frames && a->frame_errors == b->frame_errors && a->bit_errors == b->bit_errors &&
           a->iterations == b->iterations && a->stop == b->stop && a->fer == b->fer && a->ber == b->ber;
}

/* 1, 2, 3 and 7 threads give identical counts; so does a second run. */
static void thread_invariance(fg_ldpc_ber_cfg c, double ebn0)
{
    static const int T[] = {1, 2, 3, 7};
    fg_ldpc_ber_point p[4], again;
    c.min_fe = 30;
    c.max_frames = 3000;
    for (int i = 0; i < 4; i++) {
        c.threads = T[i];
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, ebn0, &p[i]), 0);
        CU_ASSERT(same_counts(&p[0], &p[i]));
    }
    CU_ASSERT(p[0].frames > 100); /* several batches, at least the 16 + 32 + 64 of one thread */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, ebn0, &again), 0);
    CU_ASSERT(same_counts(&p[0], &again));
}

static void test_thread_invariance(void)
{
    thread_invariance(float_cfg(FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS), 2.0);
    thread_invariance(fixed_cfg(2), 2.0);
}

/* min_fe: the stop frame is the min_fe-th error; one frame less gives one error less. */
static void test_stop_min_fe(void)
{
    fg_ldpc_ber_cfg c = float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_MS);
    fg_ldpc_ber_point p, q;
    c.min_fe = 7;
    c.threads = 2;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 0.5, &p), 0);
    CU_ASSERT_EQUAL(p.stop, FG_LDPC_BER_STOP_MIN_FE);
    CU_ASSERT_EQUAL(p.frame_errors, 7);
    CU_ASSERT(p.frames >= 7 && p.frames < 200);
    c.max_frames = p.frames - 1;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 0.5, &q), 0);
    CU_ASSERT_EQUAL(q.stop, FG_LDPC_BER_STOP_MAX_FRAMES);
    CU_ASSERT_EQUAL(q.frames, p.frames - 1);
    CU_ASSERT_EQUAL(q.frame_errors, 6);
    /* min_fe = 1: the first erroneous frame */
    c.min_fe = 1;
    c.max_frames = 1000000;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 0.5, &q), 0);
    CU_ASSERT_EQUAL(q.frame_errors, 1);
    CU_ASSERT(q.frames <= p.frames);
}

/* max_frames: exactly that many frames, whatever the thread count and batch size. */
static void test_stop_max_frames(void)
{
    fg_ldpc_ber_cfg c = fixed_cfg(2);
    static const long long M[] = {1, 37, 100, 1234};
    for (int i = 0; i < 4; i++)
        for (int t = 1; t <= 8; t *= 2) {
            fg_ldpc_ber_point p;
            c.max_frames = M[i];
            c.threads = t;
            c.min_fe = 1000000;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 3.0, &p), 0);
            CU_ASSERT_EQUAL(p.frames, M[i]);
            CU_ASSERT_EQUAL(p.stop, FG_LDPC_BER_STOP_MAX_FRAMES);
        }
}

/* Eb/N0 = 100 dB: no errors, one iteration (the first syndrome check passes), for every decoder. */
static void test_noiseless(void)
{
    fg_ldpc_ber_cfg cs[7] = {float_cfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA),
                             float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_MS),
                             float_cfg(FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS),
                             float_cfg(FG_LDPC_SCHED_MULTILAYER, 12, FG_LDPC_ALG_OMS),
                             float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_SPA),
                             fixed_cfg(1),
                             fixed_cfg(2)};
    for (int i = 0; i < 7; i++) {
        fg_ldpc_ber_point p;
        cs[i].max_frames = 50;
        cs[i].threads = 2;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &cs[i], 100.0, &p), 0);
        CU_ASSERT_EQUAL(p.frames, 50);
        CU_ASSERT_EQUAL(p.frame_errors, 0);
        CU_ASSERT_EQUAL(p.bit_errors, 0);
        CU_ASSERT_EQUAL(p.iterations, 50);
        CU_ASSERT_EQUAL(p.fer, 0.0);
        /* without early termination every frame runs max_iter iterations */
        cs[i].dec.early_term = cs[i].fx.early_term = 0;
        cs[i].dec.max_iter = cs[i].fx.max_iter = 4;
        cs[i].max_frames = 5;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &cs[i], 100.0, &p), 0);
        CU_ASSERT_EQUAL(p.frame_errors, 0);
        CU_ASSERT_EQUAL(p.iterations, 20);
    }
}

/* A different seed gives different frames; so does a different Eb/N0 at the same seed. */
static void test_seed(void)
{
    fg_ldpc_ber_cfg c = float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_NMS);
    fg_ldpc_ber_point a, b;
    c.min_fe = 1000;
    c.max_frames = 200;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 1.0, &a), 0);
    c.seed = 2;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 1.0, &b), 0);
    CU_ASSERT(a.bit_errors != b.bit_errors || a.iterations != b.iterations);
    /* more noise, more errors: the same frames at a lower Eb/N0 (common random numbers) */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 0.0, &a), 0);
    CU_ASSERT(a.frame_errors > b.frame_errors);
    CU_ASSERT(a.avg_iter > b.avg_iter);
}

typedef struct {
    int calls;
    long long last_frames, last_fe;
    int monotone;
} progress_log;

static void on_progress(void *ctx, const fg_ldpc_ber_point *p)
{
    progress_log *l = ctx;
    if (p->frames < l->last_frames || p->frame_errors < l->last_fe)
        l->monotone = 0;
    l->calls++;
    l->last_frames = p->frames;
    l->last_fe = p->frame_errors;
}

static void test_progress(void)
{
    fg_ldpc_ber_cfg c = float_cfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_NMS);
    progress_log l = {0, 0, 0, 1};
    fg_ldpc_ber_point p;
    c.progress = on_progress;
    c.progress_ctx = &l;
    c.max_frames = 16 + 32 + 64 + 10; /* four batches with one thread */
    c.min_fe = 1000000;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_ber_run(code648, &c, 2.5, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 4);
    CU_ASSERT(l.monotone);
    CU_ASSERT_EQUAL(l.last_frames, p.frames);
    CU_ASSERT_EQUAL(l.last_fe, p.frame_errors);
}

static fg_ldpc_ber_point pt(double ebn0, double fer)
{
    fg_ldpc_ber_point p;
    memset(&p, 0, sizeof p);
    p.ebn0_db = ebn0;
    p.fer = fer;
    return p;
}

static void test_ebn0_at(void)
{
    fg_ldpc_ber_point c[5] = {pt(1.0, 0.5), pt(1.5, 1e-1), pt(2.0, 1e-3), pt(2.5, 1e-4), pt(3.0, 0.0)};
    double e;
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 1e-2, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 1.75, 1e-12); /* halfway in log10 between 1e-1 and 1e-3 */
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 1e-1, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 1.5, 1e-12);
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 3e-4, &e), 0);
    CU_ASSERT_DOUBLE_EQUAL(e, 2.0 + 0.5 * (log10(3e-4) + 3.0) / -1.0, 1e-12);
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 1e-5, &e), FG_EINVAL); /* last point has no errors */
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 0.9, &e), FG_EINVAL);  /* above the first point */
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 1, 0.5, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 0.0, &e), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(c, 5, 1.0, &e), FG_EINVAL);
    fg_ldpc_ber_point d[2] = {pt(2.0, 0.1), pt(1.0, 0.01)};
    CU_ASSERT_EQUAL(fg_ldpc_ber_ebn0_at(d, 2, 0.05, &e), FG_EINVAL); /* descending Eb/N0 */
    CU_ASSERT(strstr(fg_last_error(), "ascending") != NULL);
}

static void test_bad_arguments(void)
{
    fg_ldpc_ber_cfg c = fg_ldpc_ber_cfg_default();
    fg_ldpc_ber_point p;
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(NULL, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, NULL, 1.0, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 1.0, NULL), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, NAN, &p), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 101.0, &p), FG_EINVAL);
    c.min_fe = 0;
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "min_fe=0") != NULL);
    c = fg_ldpc_ber_cfg_default();
    c.max_frames = 0;
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 1.0, &p), FG_EINVAL);
    c = fg_ldpc_ber_cfg_default();
    c.threads = FG_LDPC_BER_THREADS_MAX + 1;
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 1.0, &p), FG_EINVAL);
    CU_ASSERT(strstr(fg_last_error(), "threads=257") != NULL);
    c = fg_ldpc_ber_cfg_default();
    c.fixed = 2;
    CU_ASSERT_EQUAL(fg_ldpc_ber_run(code648, &c, 1.0, &p), FG_EINVAL);
    /* a bad decoder configuration is reported by the decoder */
    c = fg_ldpc_ber_cfg_default();
    c.dec.nms_factor = 2.0;
    CU_ASSERT(fg_ldpc_ber_run(code648, &c, 1.0, &p) < 0);
    c = fg_ldpc_ber_cfg_default();
    c.fixed = 1;
    c.fx.layers = 13; /* mb = 12 */
    CU_ASSERT(fg_ldpc_ber_run(code648, &c, 1.0, &p) < 0);
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
                                         {"bad_arguments", test_bad_arguments},
                                         {NULL, NULL}};
    CU_pSuite s = CU_add_suite("ldpc_ber", setup, teardown);
    for (const fg_test_case *t = cases; s && t->name; t++)
        CU_add_test(s, t->name, t->fn);
}
