/* LDPC FER/BER simulation loop (fecforge/ldpc_ber.h): frames in batches, decoded by a pool of
 * threads that take frame indices from an atomic counter, results kept per frame and counted in
 * frame order, so the stop rule and every count are independent of the thread count. */
#include "fecforge/ldpc_ber.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BATCH_FIRST = 16, BATCH_MAX = 1024 }; /* frames per thread in a batch: first, largest */

fg_ldpc_ber_cfg fg_ldpc_ber_cfg_default(void)
{
    fg_ldpc_ber_cfg c;
    memset(&c, 0, sizeof c);
    c.fixed = 0;
    c.dec = fg_ldpc_dec_cfg_default();
    c.fx = fg_ldpc_fixed_cfg_default();
    c.seed = 1;
    c.min_fe = 100;
    c.max_frames = 1000000;
    c.threads = 1;
    return c;
}

/* What a frame contributes to the counts. */
typedef struct {
    int32_t bit_errors;
    int16_t iterations;
    int8_t frame_error;
} frame_result;

/* One batch: frames first .. first + count - 1, taken one at a time by the workers. */
typedef struct {
    long long first;
    int count;
    atomic_int next;
    atomic_int failed;
    frame_result *res;
} batch;

typedef struct {
    const fg_ldpc_code *code;
    const fg_ldpc_ber_cfg *cfg;
    double sigma;
    fg_ldpc_dec *dec;
    fg_ldpc_fixed *fx;
    uint8_t *bits_k, *cw_n, *hard_n;
    double *y_n;
    int32_t *q_n;
    batch *b;
    int err;        /* first failure of this worker (0: none) and its message */
    char msg[256];
} worker;

static int worker_init(worker *w, const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, double sigma)
{
    memset(w, 0, sizeof *w);
    w->code = code;
    w->cfg = cfg;
    w->sigma = sigma;
    const size_t n = (size_t)code->n;
    w->bits_k = malloc((size_t)code->k);
    w->cw_n = malloc(n);
    w->hard_n = malloc(n);
    w->y_n = malloc(n * sizeof *w->y_n);
    w->q_n = cfg->fixed ? malloc(n * sizeof *w->q_n) : NULL;
    if (!w->bits_k || !w->cw_n || !w->hard_n || !w->y_n || (cfg->fixed && !w->q_n))
        return fg_set_error(FG_ENOMEM, "ldpc ber: out of memory for the frame buffers (n=%d)", code->n);
    return cfg->fixed ? fg_ldpc_fixed_create(code, &cfg->fx, &w->fx) : fg_ldpc_dec_create(code, &cfg->dec, &w->dec);
}

static void worker_free(worker *w)
{
    fg_ldpc_dec_destroy(w->dec);
    fg_ldpc_fixed_destroy(w->fx);
    free(w->bits_k);
    free(w->cw_n);
    free(w->hard_n);
    free(w->y_n);
    free(w->q_n);
}

/* Frame f: bits, codeword, channel, decoder, comparison. */
static int simulate_frame(worker *w, long long f, frame_result *r)
{
    const fg_ldpc_code *c = w->code;
    const fg_ldpc_ber_cfg *cfg = w->cfg;
    const uint64_t stream = (uint64_t)f;
    int it = 0, rc;
    if ((rc = fg_channel_random_bits(c->k, cfg->seed, stream, w->bits_k)) ||
        (rc = fg_ldpc_encode(c, w->bits_k, w->cw_n)) ||
        (rc = fg_channel_bpsk_awgn(w->cw_n, c->n, w->sigma, cfg->seed, stream, w->y_n)) ||
        (rc = fg_channel_llr(w->y_n, c->n, w->sigma, w->y_n)))
        return rc;
    if (cfg->fixed) {
        if ((rc = fg_llr_quantize(w->y_n, c->n, cfg->fx.llr_width, cfg->fx.llr_frac, w->q_n)) ||
            (rc = fg_ldpc_fixed_decode(w->fx, w->q_n, w->hard_n, NULL, &it)))
            return rc;
    } else if ((rc = fg_ldpc_dec_decode(w->dec, w->y_n, w->hard_n, NULL, &it)))
        return rc;
    int be = 0, fe = 0;
    for (int i = 0; i < c->k; i++)
        be += w->hard_n[i] != w->cw_n[i];
    fe = be > 0;
    for (int i = c->k; i < c->n && !fe; i++)
        fe = w->hard_n[i] != w->cw_n[i];
    r->bit_errors = be;
    r->iterations = (int16_t)it;
    r->frame_error = (int8_t)fe;
    return 0;
}

static void *worker_run(void *arg)
{
    worker *w = arg;
    batch *b = w->b;
    for (;;) {
        if (atomic_load(&b->failed))
            break;
        const int i = atomic_fetch_add(&b->next, 1);
        if (i >= b->count)
            break;
        int rc = simulate_frame(w, b->first + i, &b->res[i]);
        if (rc) {
            if (!w->err) {
                w->err = rc;
                snprintf(w->msg, sizeof w->msg, "frame %lld: %s", b->first + i, fg_last_error());
            }
            atomic_store(&b->failed, 1);
            break;
        }
    }
    return NULL;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void finish(fg_ldpc_ber_point *p, int k, double t0)
{
    const double fr = p->frames > 0 ? (double)p->frames : 1.0;
    p->fer = (double)p->frame_errors / fr;
    p->ber = (double)p->bit_errors / (fr * (double)k);
    p->avg_iter = (double)p->iterations / fr;
    p->seconds = now_s() - t0;
}

static int check_cfg(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, const fg_ldpc_ber_point *out)
{
    if (!code || !cfg || !out)
        return fg_set_error(FG_EINVAL, "fg_ldpc_ber_run: NULL %s", !code ? "code" : !cfg ? "cfg" : "out");
    if (code->n <= 0 || code->k <= 0 || code->k >= code->n)
        return fg_set_error(FG_EINVAL, "code %s: n=%d, k=%d not a valid code size", code->name, code->n, code->k);
    if (cfg->fixed != 0 && cfg->fixed != 1)
        return fg_set_error(FG_EINVAL, "fixed=%d out of range [0, 1]", cfg->fixed);
    if (cfg->min_fe < 1 || cfg->min_fe > FG_LDPC_BER_FRAMES_MAX)
        return fg_set_error(FG_EINVAL, "min_fe=%lld out of range [1, %lld]", cfg->min_fe, FG_LDPC_BER_FRAMES_MAX);
    if (cfg->max_frames < 1 || cfg->max_frames > FG_LDPC_BER_FRAMES_MAX)
        return fg_set_error(FG_EINVAL, "max_frames=%lld out of range [1, %lld]", cfg->max_frames,
                            FG_LDPC_BER_FRAMES_MAX);
    if (cfg->threads < 1 || cfg->threads > FG_LDPC_BER_THREADS_MAX)
        return fg_set_error(FG_EINVAL, "threads=%d out of range [1, %d]", cfg->threads, FG_LDPC_BER_THREADS_MAX);
    const int max_iter = cfg->fixed ? cfg->fx.max_iter : cfg->dec.max_iter;
    if (max_iter < 1 || max_iter > 1000) /* iterations are kept in 16 bits per frame */
        return fg_set_error(FG_EINVAL, "max_iter=%d out of range [1, 1000]", max_iter);
    return 0;
}

int fg_ldpc_ber_run(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *cfg, double ebn0_db, fg_ldpc_ber_point *out)
{
    int rc = check_cfg(code, cfg, out);
    if (rc)
        return rc;
    const double rate = (double)code->k / (double)code->n;
    double sigma;
    if ((rc = fg_channel_sigma(ebn0_db, rate, &sigma)))
        return rc;
    const double t0 = now_s();
    const int T = cfg->threads;
    worker *w = calloc((size_t)T, sizeof *w);
    pthread_t *tid = calloc((size_t)T, sizeof *tid);
    frame_result *res = malloc(sizeof *res * (size_t)BATCH_MAX * (size_t)T);
    if (!w || !tid || !res) {
        free(w);
        free(tid);
        free(res);
        return fg_set_error(FG_ENOMEM, "ldpc ber: out of memory for %d threads", T);
    }
    int made = 0;
    for (; made < T && !rc; made++)
        rc = worker_init(&w[made], code, cfg, sigma);

    fg_ldpc_ber_point p;
    memset(&p, 0, sizeof p);
    p.ebn0_db = ebn0_db;
    p.rate = rate;
    p.sigma = sigma;
    p.stop = FG_LDPC_BER_STOP_MAX_FRAMES;
    long long next = 0;
    int per_thread = BATCH_FIRST, done = 0;
    batch b;
    b.res = res;
    while (!rc && !done) {
        const long long left = cfg->max_frames - next;
        const long long want = (long long)per_thread * T;
        b.first = next;
        b.count = (int)(left < want ? left : want);
        atomic_init(&b.next, 0);
        atomic_init(&b.failed, 0);
        int started = 0;
        for (int t = 0; t < T; t++)
            w[t].b = &b;
        for (int t = 1; t < T; t++) {
            /* a thread that cannot start leaves its frames to the others: results do not change */
            if (pthread_create(&tid[t], NULL, worker_run, &w[t]) != 0)
                break;
            started = t;
        }
        worker_run(&w[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        for (int t = 0; t < T && !rc; t++)
            if (w[t].err)
                rc = fg_set_error(w[t].err, "%s", w[t].msg);
        if (rc)
            break;
        /* frame-ordered counting and the stop rule */
        for (int i = 0; i < b.count; i++) {
            p.frames++;
            p.frame_errors += res[i].frame_error;
            p.bit_errors += res[i].bit_errors;
            p.iterations += res[i].iterations;
            if (p.frame_errors >= cfg->min_fe) {
                p.stop = FG_LDPC_BER_STOP_MIN_FE;
                done = 1;
                break;
            }
        }
        next += b.count;
        if (next >= cfg->max_frames)
            done = 1;
        if (per_thread < BATCH_MAX)
            per_thread *= 2;
        if (cfg->progress) {
            finish(&p, code->k, t0);
            cfg->progress(cfg->progress_ctx, &p);
        }
    }
    for (int t = 0; t < made; t++)
        worker_free(&w[t]);
    free(w);
    free(tid);
    free(res);
    if (rc)
        return rc;
    finish(&p, code->k, t0);
    *out = p;
    return 0;
}

int fg_ldpc_ber_ebn0_at(const fg_ldpc_ber_point *points_n, int n, double fer_target, double *ebn0_db)
{
    if (!points_n || !ebn0_db || n < 0)
        return fg_set_error(FG_EINVAL, "fg_ldpc_ber_ebn0_at: NULL points or result, or n=%d < 0", n);
    if (!(fer_target > 0.0 && fer_target < 1.0))
        return fg_set_error(FG_EINVAL, "fer_target=%g out of range (0, 1)", fer_target);
    for (int i = 0; i + 1 < n; i++) {
        const fg_ldpc_ber_point *a = &points_n[i], *b = &points_n[i + 1];
        if (!(b->ebn0_db > a->ebn0_db))
            return fg_set_error(FG_EINVAL, "points not in ascending Eb/N0: %g dB then %g dB", a->ebn0_db,
                                b->ebn0_db);
        if (a->fer >= fer_target && b->fer <= fer_target && b->fer > 0.0) {
            if (a->fer == b->fer) {
                *ebn0_db = a->ebn0_db;
                return 0;
            }
            const double la = log10(a->fer), lb = log10(b->fer), lt = log10(fer_target);
            *ebn0_db = a->ebn0_db + (lt - la) * (b->ebn0_db - a->ebn0_db) / (lb - la);
            return 0;
        }
    }
    return fg_set_error(FG_EINVAL, "FER %g not bracketed by two points with frame errors (%d points)", fer_target, n);
}
