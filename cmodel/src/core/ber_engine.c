/* The BER/FER engine (fecforge/ber.h): rounds of frames taken by the workers from a shared counter in
 * chunks (CPU threads one frame at a time, a GPU a batch at a time), counted in frame order. */
#include "fecforge/ber.h"

#include "fecforge/error.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { PER_FIRST = 16, PER_MAX = 1024 }; /* frames per frame-at-a-time worker in a round: first, largest */

typedef struct {
    const fg_ber_engine *e;
    void *w;
    int chunk;
    long long first;     /* the round's first frame */
    long long round_n;   /* frames in the round */
    atomic_llong *next;  /* offset of the next free frame of the round */
    atomic_int *failed;
    fg_ber_frame *res;
    int err;             /* this worker's first failure and its message */
    char msg[256];
} worker_ctx;

double fg_ber_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *worker_round(void *arg)
{
    worker_ctx *t = arg;
    for (;;) {
        if (atomic_load(t->failed))
            break;
        const long long i = atomic_fetch_add(t->next, t->chunk);
        if (i >= t->round_n)
            break;
        const int count = (int)(t->round_n - i < t->chunk ? t->round_n - i : t->chunk);
        const int rc = t->e->run(t->w, t->first + i, count, t->res + i);
        if (rc) {
            if (!t->err) {
                t->err = rc;
                if (count == 1)
                    snprintf(t->msg, sizeof t->msg, "frame %lld: %s", t->first + i, fg_last_error());
                else
                    snprintf(t->msg, sizeof t->msg, "frames %lld..%lld: %s", t->first + i, t->first + i + count - 1,
                             fg_last_error());
            }
            atomic_store(t->failed, 1);
            break;
        }
    }
    return NULL;
}

static void rates(fg_ber_point *p, const fg_ber_engine *e, double t0)
{
    const double fr = p->frames > 0 ? (double)p->frames : 1.0;
    p->fer = (double)p->frame_errors / fr;
    p->ber = (double)p->bit_errors / (fr * (double)e->info_bits);
    p->avg_work = (double)p->work / (e->work_div * fr);
    /* over the decoded frames: an erasure's k lost bits and its work left out */
    const long long decoded = p->frames - p->erasures;
    const double dr = decoded > 0 ? (double)decoded : 1.0;
    p->ber_decoded = (double)(p->bit_errors - p->erasures * (long long)e->info_bits) / (dr * (double)e->info_bits);
    p->avg_work_decoded = (double)(p->work - p->work_erased) / (e->work_div * dr);
    p->seconds = fg_ber_now() - t0;
}

static int check(const fg_ber_engine *e)
{
    if (!e->run || !e->worker_create)
        return fg_set_error(FG_EINVAL, "BER engine: no run or worker_create function");
    if (e->workers < 1 || e->workers > FG_BER_WORKERS_MAX)
        return fg_set_error(FG_EINVAL, "workers=%d out of range [1, %d]", e->workers, FG_BER_WORKERS_MAX);
    if (e->min_fe < 1 || e->min_fe > FG_BER_FRAMES_MAX)
        return fg_set_error(FG_EINVAL, "min_fe=%lld out of range [1, %lld]", e->min_fe, FG_BER_FRAMES_MAX);
    if (e->max_frames < 1 || e->max_frames > FG_BER_FRAMES_MAX)
        return fg_set_error(FG_EINVAL, "max_frames=%lld out of range [1, %lld]", e->max_frames, FG_BER_FRAMES_MAX);
    if (e->info_bits < 1 || !(e->work_div > 0))
        return fg_set_error(FG_EINVAL, "BER engine: info_bits=%d, work_div=%g must be positive", e->info_bits,
                            e->work_div);
    return 0;
}

int fg_ber_engine_run(const fg_ber_engine *e, fg_ber_point *out)
{
    int rc = check(e);
    if (rc)
        return rc;
    const double t0 = fg_ber_now();
    const int W = e->workers;
    worker_ctx *tc = calloc((size_t)W, sizeof *tc);
    pthread_t *tid = calloc((size_t)W, sizeof *tid);
    if (!tc || !tid) {
        free(tc);
        free(tid);
        return fg_set_error(FG_ENOMEM, "BER engine: out of memory for %d workers", W);
    }
    int made = 0;
    long long chunks = 0; /* frames of one chunk of every worker together */
    for (; made < W && !rc; made++) {
        tc[made].e = e;
        rc = e->worker_create(e->ctx, made, &tc[made].w);
        if (!rc) {
            tc[made].chunk = e->worker_chunk ? e->worker_chunk(tc[made].w) : 1;
            if (tc[made].chunk < 1)
                rc = fg_set_error(FG_EINVAL, "BER engine: worker %d takes %d frames at a time", made, tc[made].chunk);
            chunks += tc[made].chunk > 1 ? tc[made].chunk : 0;
        }
    }
    const long long per_max = PER_MAX, res_max = chunks + per_max * W;
    fg_ber_frame *res = rc ? NULL : malloc(sizeof *res * (size_t)res_max);
    if (!rc && !res)
        rc = fg_set_error(FG_ENOMEM, "BER engine: out of memory for a round of %lld frames", res_max);
    fg_ber_point p = *out;
    p.frames = p.frame_errors = p.erasures = p.bit_errors = p.work = p.work_erased = 0;
    p.stop = FG_BER_STOP_MAX_FRAMES;
    long long next_frame = 0, per = PER_FIRST;
    int done = 0;
    atomic_llong next;
    atomic_int failed;
    while (!rc && !done) {
        /* the round: every chunked worker's chunk, and per frames for each frame-at-a-time worker */
        long long round_n = 0;
        for (int t = 0; t < W; t++)
            round_n += tc[t].chunk > 1 ? tc[t].chunk : per;
        if (round_n > e->max_frames - next_frame)
            round_n = e->max_frames - next_frame;
        atomic_init(&next, 0);
        atomic_init(&failed, 0);
        for (int t = 0; t < W; t++) {
            tc[t].first = next_frame;
            tc[t].round_n = round_n;
            tc[t].next = &next;
            tc[t].failed = &failed;
            tc[t].res = res;
        }
        int started = 0;
        for (int t = 1; t < W; t++) {
            /* a worker whose thread cannot start leaves its frames to the others: counts do not change */
            if (pthread_create(&tid[t], NULL, worker_round, &tc[t]) != 0)
                break;
            started = t;
        }
        worker_round(&tc[0]);
        for (int t = 1; t <= started; t++)
            pthread_join(tid[t], NULL);
        for (int t = 0; t < W && !rc; t++)
            if (tc[t].err)
                rc = fg_set_error(tc[t].err, "%s", tc[t].msg);
        if (rc)
            break;
        for (long long i = 0; i < round_n; i++) { /* frame order: the stop rule */
            p.frames++;
            p.frame_errors += res[i].frame_error;
            p.erasures += res[i].erasure;
            p.bit_errors += res[i].bit_errors;
            p.work += res[i].work;
            p.work_erased += res[i].erasure ? res[i].work : 0;
            if (p.frame_errors >= e->min_fe) {
                p.stop = FG_BER_STOP_MIN_FE;
                done = 1;
                break;
            }
        }
        next_frame += round_n;
        if (next_frame >= e->max_frames)
            done = 1;
        if (per < PER_MAX)
            per *= 2;
        if (e->progress) {
            rates(&p, e, t0);
            if (e->progress(e->progress_ctx, &p) && !done) {
                p.stop = FG_BER_STOP_INTERRUPTED;
                done = 1;
            }
        }
    }
    for (int t = 0; t < made; t++)
        if (e->worker_destroy)
            e->worker_destroy(tc[t].w);
    free(tc);
    free(tid);
    free(res);
    if (rc)
        return rc;
    rates(&p, e, t0);
    *out = p;
    return 0;
}

int fg_ber_x_at_fer(const fg_ber_point *p_n, int n, double fer_target, double *x)
{
    if (!p_n || !x || n < 0)
        return fg_set_error(FG_EINVAL, "fg_ber_x_at_fer: NULL points or result, or n=%d < 0", n);
    if (!(fer_target > 0.0 && fer_target < 1.0))
        return fg_set_error(FG_EINVAL, "fer_target=%g out of range (0, 1)", fer_target);
    for (int i = 0; i + 1 < n; i++) {
        if (!(p_n[i + 1].x > p_n[i].x))
            return fg_set_error(FG_EINVAL, "points not ascending: %g then %g", p_n[i].x, p_n[i + 1].x);
        const double fa = p_n[i].fer, fb = p_n[i + 1].fer;
        if (fa >= fer_target && fb <= fer_target && fb > 0.0) {
            if (fa == fb) {
                *x = p_n[i].x;
                return 0;
            }
            const double la = log10(fa), lb = log10(fb), lt = log10(fer_target);
            *x = p_n[i].x + (lt - la) * (p_n[i + 1].x - p_n[i].x) / (lb - la);
            return 0;
        }
    }
    return fg_set_error(FG_EINVAL, "FER %g not bracketed by two points with frame errors (%d points)", fer_target, n);
}
