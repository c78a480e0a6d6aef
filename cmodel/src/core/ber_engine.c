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
    fg_ber_extra *ext;
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
        const int rc = t->e->run(t->w, t->first + i, count, t->res + i, t->ext + i);
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

/* ---- the work counters' histograms (fecforge/ber.h fg_ber_stat) ---- */

/* bins: EXACT = 2^HIST_OCT0 unit ones, then SUB = 2^HIST_SUB_BITS per octave up to 2^63 */
enum { HIST_OCT0 = 10, HIST_SUB_BITS = 7, HIST_BINS = FG_BER_HIST_EXACT + (63 - HIST_OCT0) * FG_BER_HIST_SUB };
_Static_assert(FG_BER_HIST_EXACT == 1 << HIST_OCT0 && FG_BER_HIST_SUB == 1 << HIST_SUB_BITS, "histogram bins");

static int hist_bin(long long v)
{
    if (v < FG_BER_HIST_EXACT)
        return (int)v;
    int e = HIST_OCT0; /* v in [2^e, 2^(e+1)): FG_BER_HIST_SUB bins of 2^(e - HIST_SUB_BITS) */
    while ((unsigned long long)v >> (e + 1))
        e++;
    return FG_BER_HIST_EXACT + (e - HIST_OCT0) * FG_BER_HIST_SUB +
           (int)((unsigned long long)v >> (e - HIST_SUB_BITS)) - FG_BER_HIST_SUB;
}

/* The largest value of bin b. */
static long long hist_top(int b)
{
    if (b < FG_BER_HIST_EXACT)
        return b;
    const int o = b - FG_BER_HIST_EXACT, shift = HIST_OCT0 + o / FG_BER_HIST_SUB - HIST_SUB_BITS;
    const unsigned long long lo = (unsigned long long)(FG_BER_HIST_SUB + o % FG_BER_HIST_SUB) << shift;
    return (long long)(lo + ((1ull << shift) - 1));
}

/* The frame-ordered tally of a point (fecforge/ber.h): the counts, each counter's histogram and largest value
 * for the decoded frames (set 0) and the erased ones (set 1). */
struct fg_ber_tally {
    const fg_ber_engine *e;
    fg_ber_point p; /* the counts and sums (rates and statistics: fg_ber_tally_point) */
    long long *hist; /* [set][counter][HIST_BINS] */
    long long max[2][FG_BER_COUNTERS_MAX];
};

static long long *hist_of(const fg_ber_tally *t, int set, int c)
{
    return t->hist + ((size_t)set * FG_BER_COUNTERS_MAX + (size_t)c) * HIST_BINS;
}

/* The p50 and p99 (nearest rank) of the sets [s0, s1] of counter c, n frames, largest value max. */
static void percentiles(const fg_ber_tally *t, int c, int s0, int s1, long long n, long long max, long long *p50,
                        long long *p99)
{
    const long long r50 = (n * 50 + 99) / 100, r99 = (n * 99 + 99) / 100;
    long long cum = 0;
    *p50 = *p99 = 0;
    for (int b = 0; b < HIST_BINS && cum < r99; b++) {
        const long long before = cum;
        for (int s = s0; s <= s1; s++)
            cum += hist_of(t, s, c)[b];
        const long long v = hist_top(b) < max ? hist_top(b) : max;
        if (before < r50 && cum >= r50)
            *p50 = v;
        if (cum >= r99)
            *p99 = v;
    }
}

int fg_ber_tally_create(const fg_ber_engine *e, fg_ber_tally **out)
{
    *out = NULL;
    if (e->n_extra < 0 || e->n_extra >= FG_BER_COUNTERS_MAX || e->info_bits < 1 || !(e->work_div > 0))
        return fg_set_error(FG_EINVAL, "BER tally: n_extra=%d out of range [0, %d], info_bits=%d, work_div=%g",
                            e->n_extra, FG_BER_COUNTERS_MAX - 1, e->info_bits, e->work_div);
    fg_ber_tally *t = calloc(1, sizeof *t);
    if (t && !(t->hist = calloc((size_t)2 * FG_BER_COUNTERS_MAX * HIST_BINS, sizeof *t->hist))) {
        free(t);
        t = NULL;
    }
    if (!t)
        return fg_set_error(FG_ENOMEM, "BER engine: out of memory for the work counters' histograms");
    t->e = e;
    t->p.counters = 1 + e->n_extra;
    *out = t;
    return 0;
}

void fg_ber_tally_destroy(fg_ber_tally *t)
{
    if (t)
        free(t->hist);
    free(t);
}

int fg_ber_tally_add(fg_ber_tally *t, const fg_ber_frame *r, const fg_ber_extra *x, long long f)
{
    fg_ber_point *p = &t->p;
    for (int c = 0; c < p->counters; c++) { /* checked first: a refused frame is not counted at all */
        const long long v = c ? x->counter[c - 1] : r->work;
        if (v < 0)
            return fg_set_error(FG_EINVAL, "frame %lld: work counter %d is %lld, below 0", f, c, v);
    }
    p->frames++;
    p->frame_errors += r->frame_error;
    p->erasures += r->erasure;
    p->bit_errors += r->bit_errors;
    p->symbol_errors += x->symbol_errors;
    p->work += r->work;
    p->work_erased += r->erasure ? r->work : 0;
    const int set = r->erasure != 0;
    for (int c = 0; c < p->counters; c++) {
        const long long v = c ? x->counter[c - 1] : r->work;
        p->stat[c].sum += v;
        p->stat[c].sum_erased += set ? v : 0;
        hist_of(t, set, c)[hist_bin(v)]++;
        t->max[set][c] = v > t->max[set][c] ? v : t->max[set][c];
    }
    return 0;
}

long long fg_ber_tally_frame_errors(const fg_ber_tally *t) { return t->p.frame_errors; }

void fg_ber_tally_point(const fg_ber_tally *t, fg_ber_point *out)
{
    const fg_ber_engine *e = t->e;
    fg_ber_point q = t->p;
    const double fr = q.frames > 0 ? (double)q.frames : 1.0;
    q.fer = (double)q.frame_errors / fr;
    q.ber = (double)q.bit_errors / (fr * (double)e->info_bits);
    q.ser = e->info_symbols > 0 ? (double)q.symbol_errors / (fr * (double)e->info_symbols) : 0.0;
    /* over the decoded frames: an erasure's k lost bits and its work left out */
    const long long decoded = q.frames - q.erasures;
    const double dr = decoded > 0 ? (double)decoded : 1.0;
    q.ber_decoded = (double)(q.bit_errors - q.erasures * (long long)e->info_bits) / (dr * (double)e->info_bits);
    for (int c = 0; c < q.counters; c++) {
        fg_ber_stat *s = &q.stat[c];
        const double div = c == 0 ? e->work_div : e->extra_div[c - 1] > 0 ? e->extra_div[c - 1] : 1.0;
        s->avg = (double)s->sum / (div * fr);
        s->avg_decoded = (double)(s->sum - s->sum_erased) / (div * dr);
        s->max_decoded = t->max[0][c];
        s->max = t->max[1][c] > s->max_decoded ? t->max[1][c] : s->max_decoded;
        percentiles(t, c, 0, 1, q.frames, s->max, &s->p50, &s->p99);
        percentiles(t, c, 0, 0, decoded, s->max_decoded, &s->p50_decoded, &s->p99_decoded);
    }
    q.avg_work = q.stat[0].avg;
    q.avg_work_decoded = q.stat[0].avg_decoded;
    /* the caller's: where the point is, how long it took, why it ended */
    q.x = out->x;
    q.rate = out->rate;
    memcpy(q.param, out->param, sizeof q.param);
    q.seconds = out->seconds;
    q.stop = out->stop;
    *out = q;
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
    if (e->n_extra < 0 || e->n_extra >= FG_BER_COUNTERS_MAX || e->info_symbols < 0)
        return fg_set_error(FG_EINVAL, "BER engine: n_extra=%d out of range [0, %d], info_symbols=%d", e->n_extra,
                            FG_BER_COUNTERS_MAX - 1, e->info_symbols);
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
    fg_ber_extra *ext = rc ? NULL : malloc(sizeof *ext * (size_t)res_max);
    if (!rc && (!res || !ext))
        rc = fg_set_error(FG_ENOMEM, "BER engine: out of memory for a round of %lld frames", res_max);
    fg_ber_tally *tl = NULL;
    if (!rc)
        rc = fg_ber_tally_create(e, &tl);
    fg_ber_point p = *out;
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
        memset(ext, 0, sizeof *ext * (size_t)round_n); /* what a worker does not count is 0 */
        for (int t = 0; t < W; t++) {
            tc[t].first = next_frame;
            tc[t].round_n = round_n;
            tc[t].next = &next;
            tc[t].failed = &failed;
            tc[t].res = res;
            tc[t].ext = ext;
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
        for (long long i = 0; i < round_n && !rc; i++) { /* frame order: the stop rule */
            rc = fg_ber_tally_add(tl, &res[i], &ext[i], next_frame + i);
            if (!rc && fg_ber_tally_frame_errors(tl) >= e->min_fe) {
                p.stop = FG_BER_STOP_MIN_FE;
                done = 1;
                break;
            }
        }
        if (rc)
            break;
        next_frame += round_n;
        if (next_frame >= e->max_frames)
            done = 1;
        if (per < PER_MAX)
            per *= 2;
        if (e->progress) {
            fg_ber_tally_point(tl, &p);
            p.seconds = fg_ber_now() - t0;
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
    free(ext);
    if (!rc) {
        fg_ber_tally_point(tl, &p);
        p.seconds = fg_ber_now() - t0;
    }
    fg_ber_tally_destroy(tl);
    if (rc)
        return rc;
    *out = p;
    return 0;
}

const double fg_ber_fer_targets[FG_BER_FER_TARGETS] = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};
const char *const fg_ber_fer_target_names[FG_BER_FER_TARGETS] = {"1e-1", "1e-2", "1e-3", "1e-4", "1e-5", "1e-6"};

int fg_ber_x_at_fer(const fg_ber_point *p_n, int n, double fer_target, int fer_rises, double *x)
{
    if (!p_n || !x || n < 0)
        return fg_set_error(FG_EINVAL, "fg_ber_x_at_fer: NULL points or result, or n=%d < 0", n);
    if (!(fer_target > 0.0 && fer_target < 1.0))
        return fg_set_error(FG_EINVAL, "fer_target=%g out of range (0, 1)", fer_target);
    for (int i = 0; i + 1 < n; i++) {
        if (!(p_n[i + 1].x > p_n[i].x))
            return fg_set_error(FG_EINVAL, "points not ascending: %g then %g", p_n[i].x, p_n[i + 1].x);
        const double fa = p_n[i].fer, fb = p_n[i + 1].fer;
        const double hi = fer_rises ? fb : fa, lo = fer_rises ? fa : fb; /* the higher and the lower FER */
        if (hi >= fer_target && lo <= fer_target && lo > 0.0) {
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
