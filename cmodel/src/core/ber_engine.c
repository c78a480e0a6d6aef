/* BER/FER simulation engine (ber_engine.h): batches of frames decoded by a thread pool, counted in
 * frame order. */
#include "core/ber_engine.h"

#include "fecforge/error.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { BATCH_FIRST = 16, BATCH_MAX = 1024 }; /* frames per thread in a batch: first, largest */

/* One batch: frames first .. first + count - 1, taken one at a time by the workers. */
typedef struct {
    long long first;
    int count;
    atomic_int next;
    atomic_int failed;
    fg_ber_frame *res;
} batch;

typedef struct {
    const fg_ber_engine *e;
    void *w;
    batch *b;
    int err;        /* first failure of this thread (0: none) and its message */
    char msg[256];
} thread_ctx;

double fg_ber_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *thread_run(void *arg)
{
    thread_ctx *t = arg;
    batch *b = t->b;
    for (;;) {
        if (atomic_load(&b->failed))
            break;
        const int i = atomic_fetch_add(&b->next, 1);
        if (i >= b->count)
            break;
        int rc = t->e->frame(t->w, b->first + i, &b->res[i]);
        if (rc) {
            if (!t->err) {
                t->err = rc;
                snprintf(t->msg, sizeof t->msg, "frame %lld: %s", b->first + i, fg_last_error());
            }
            atomic_store(&b->failed, 1);
            break;
        }
    }
    return NULL;
}

int fg_ber_engine_run(const fg_ber_engine *e, fg_ber_counts *out)
{
    const double t0 = fg_ber_now();
    const int T = e->threads;
    thread_ctx *tc = calloc((size_t)T, sizeof *tc);
    pthread_t *tid = calloc((size_t)T, sizeof *tid);
    fg_ber_frame *res = malloc(sizeof *res * (size_t)BATCH_MAX * (size_t)T);
    if (!tc || !tid || !res) {
        free(tc);
        free(tid);
        free(res);
        return fg_set_error(FG_ENOMEM, "%s: out of memory for %d threads", e->what, T);
    }
    int rc = 0, made = 0;
    for (; made < T && !rc; made++) {
        tc[made].e = e;
        rc = e->worker_create(e->ctx, &tc[made].w);
    }

    fg_ber_counts p;
    memset(&p, 0, sizeof p);
    long long next = 0;
    int per_thread = BATCH_FIRST, done = 0;
    batch b;
    b.res = res;
    while (!rc && !done) {
        const long long left = e->max_frames - next;
        const long long want = (long long)per_thread * T;
        b.first = next;
        b.count = (int)(left < want ? left : want);
        atomic_init(&b.next, 0);
        atomic_init(&b.failed, 0);
        int started = 0;
        for (int t = 0; t < T; t++)
            tc[t].b = &b;
        for (int t = 1; t < T; t++) {
            /* a thread that cannot start leaves its frames to the others: results do not change */
            if (pthread_create(&tid[t], NULL, thread_run, &tc[t]) != 0)
                break;
            started = t;
        }
        thread_run(&tc[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        for (int t = 0; t < T && !rc; t++)
            if (tc[t].err)
                rc = fg_set_error(tc[t].err, "%s", tc[t].msg);
        if (rc)
            break;
        /* frame-ordered counting and the stop rule */
        for (int i = 0; i < b.count; i++) {
            p.frames++;
            p.frame_errors += res[i].frame_error;
            p.bit_errors += res[i].bit_errors;
            p.iterations += res[i].iterations;
            if (p.frame_errors >= e->min_fe) {
                p.stopped_min_fe = 1;
                done = 1;
                break;
            }
        }
        next += b.count;
        if (next >= e->max_frames)
            done = 1;
        if (per_thread < BATCH_MAX)
            per_thread *= 2;
        if (e->progress) {
            p.seconds = fg_ber_now() - t0;
            e->progress(e->progress_ctx, &p);
        }
    }
    for (int t = 0; t < made; t++)
        e->worker_destroy(tc[t].w);
    free(tc);
    free(tid);
    free(res);
    if (rc)
        return rc;
    p.seconds = fg_ber_now() - t0;
    *out = p;
    return 0;
}

int fg_ber_ebn0_at(const double *ebn0_n, const double *fer_n, int n, double fer_target, double *ebn0_db)
{
    if (!(fer_target > 0.0 && fer_target < 1.0))
        return fg_set_error(FG_EINVAL, "fer_target=%g out of range (0, 1)", fer_target);
    for (int i = 0; i + 1 < n; i++) {
        if (!(ebn0_n[i + 1] > ebn0_n[i]))
            return fg_set_error(FG_EINVAL, "points not in ascending Eb/N0: %g dB then %g dB", ebn0_n[i],
                                ebn0_n[i + 1]);
        const double fa = fer_n[i], fb = fer_n[i + 1];
        if (fa >= fer_target && fb <= fer_target && fb > 0.0) {
            if (fa == fb) {
                *ebn0_db = ebn0_n[i];
                return 0;
            }
            const double la = log10(fa), lb = log10(fb), lt = log10(fer_target);
            *ebn0_db = ebn0_n[i] + (lt - la) * (ebn0_n[i + 1] - ebn0_n[i]) / (lb - la);
            return 0;
        }
    }
    return fg_set_error(FG_EINVAL, "FER %g not bracketed by two points with frame errors (%d points)", fer_target, n);
}

int fg_ber_check_run(long long min_fe, long long max_frames, int threads, long long frames_max, int threads_max)
{
    if (min_fe < 1 || min_fe > frames_max)
        return fg_set_error(FG_EINVAL, "min_fe=%lld out of range [1, %lld]", min_fe, frames_max);
    if (max_frames < 1 || max_frames > frames_max)
        return fg_set_error(FG_EINVAL, "max_frames=%lld out of range [1, %lld]", max_frames, frames_max);
    if (threads < 1 || threads > threads_max)
        return fg_set_error(FG_EINVAL, "threads=%d out of range [1, %d]", threads, threads_max);
    return 0;
}

void fg_ber_rates(const fg_ber_counts *c, int info_bits, double iter_div, double *fer, double *ber, double *avg_iter)
{
    const double fr = c->frames > 0 ? (double)c->frames : 1.0;
    *fer = (double)c->frame_errors / fr;
    *ber = (double)c->bit_errors / (fr * (double)info_bits);
    *avg_iter = (double)c->iterations / (iter_div * fr);
}

int fg_ber_points_ebn0_at(const char *who, const void *points, size_t size, size_t ebn0_off, size_t fer_off, int n,
                          double fer_target, double *ebn0_db)
{
    if (!points || !ebn0_db || n < 0)
        return fg_set_error(FG_EINVAL, "%s: NULL points or result, or n=%d < 0", who, n);
    double *e = malloc(sizeof *e * (size_t)(n + 1)), *f = malloc(sizeof *f * (size_t)(n + 1));
    int rc = e && f ? 0 : fg_set_error(FG_ENOMEM, "%s: out of memory (n=%d)", who, n);
    for (int i = 0; i < n && !rc; i++) {
        const char *p = (const char *)points + (size_t)i * size;
        memcpy(&e[i], p + ebn0_off, sizeof e[i]);
        memcpy(&f[i], p + fer_off, sizeof f[i]);
    }
    if (!rc)
        rc = fg_ber_ebn0_at(e, f, n, fer_target, ebn0_db);
    free(e);
    free(f);
    return rc;
}
