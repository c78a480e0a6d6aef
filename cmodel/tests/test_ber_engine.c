/* The BER engine (fecforge/ber.h) on a synthetic worker, no decoder: frame f's result is a pure
 * function of f, so every count has an exact expected value. The stop rule is applied in frame order
 * (the point ends exactly at the min_fe-th frame error, or after max_frames), whatever the number of
 * workers and the frames a worker takes at a time; every counted frame is decoded exactly once; the
 * progress callback sees the frame-ordered counts and can stop the run (FG_BER_STOP_INTERRUPTED keeps
 * the counts so far); erasures are counted; a worker's failure is reported with its frame range; bad
 * settings are refused with a message naming them. And the family registry (fecforge/family.h): the
 * built-in families and their implementations, registration of a program's own family (a toy one,
 * whose frames run through fg_family_ber_point's generic worker: frame, decode, compare), duplicates. */
#include "fg_cunit.h"
#include "fecforge/ber.h"
#include "fecforge/error.h"
#include "fecforge/family.h"

#include <math.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { INFO_BITS = 64, NF = 20000 }; /* frames the synthetic worker keeps a decode count of */

static uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* Frame f: about 9 % frame errors with 1..7 bit errors, 1 % errors in the parity part only (no bit
 * errors), 3 % erasures (every information bit lost); work 1..5. */
static fg_ber_frame synth(long long f)
{
    const uint64_t h = mix64((uint64_t)f);
    fg_ber_frame r = {0, (int32_t)(1 + h % 5), 0, 0};
    if ((h >> 8) % 100 < 3) {
        r.erasure = 1;
        r.frame_error = 1;
        r.bit_errors = INFO_BITS;
    } else if ((h >> 16) % 100 < 9) {
        r.frame_error = 1;
        r.bit_errors = (int32_t)(1 + (h >> 24) % 7);
    } else if ((h >> 32) % 100 == 0)
        r.frame_error = 1;
    return r;
}

/* What else frame f gives: two further counters, 0..49 with 0.5 % of frames near 10^6 (a heavy tail,
 * beyond the exact bins), and 0..2999; symbol errors 0..3. */
static fg_ber_extra synth_extra(long long f)
{
    const uint64_t g = mix64(mix64((uint64_t)f));
    const fg_ber_extra x = {(int32_t)(g % 4),
                            {(long long)((g >> 8) % 1000 < 5 ? 1000000 + (g >> 20) % 100000 : (g >> 8) % 50),
                             (long long)((g >> 40) % 3000)}};
    return x;
}

typedef struct {
    long long frames, frame_errors, erasures, bit_errors, work;
    fg_ber_stop stop;
    int last_is_error;
} expect;

/* The plain loop: frames 0, 1, ... until min_fe frame errors or max_frames frames. */
static expect direct(long long min_fe, long long max_frames)
{
    expect e = {0, 0, 0, 0, 0, FG_BER_STOP_MAX_FRAMES, 0};
    for (long long f = 0; f < max_frames; f++) {
        const fg_ber_frame r = synth(f);
        e.frames++;
        e.frame_errors += r.frame_error;
        e.erasures += r.erasure;
        e.bit_errors += r.bit_errors;
        e.work += r.work;
        e.last_is_error = r.frame_error;
        if (e.frame_errors >= min_fe) {
            e.stop = FG_BER_STOP_MIN_FE;
            break;
        }
    }
    return e;
}

/* ---- the synthetic workers ---- */

enum { CHUNK_NONE = 0, CHUNK_MIXED = -1 }; /* no worker_chunk function; slots alternately 1 and 37 */

typedef struct {
    const fg_ber_frame *table; /* frame f is table[f], table_x[f] (NULL: synth(f), synth_extra(f)) */
    const fg_ber_extra *table_x;
    int chunk;            /* CHUNK_NONE, CHUNK_MIXED or the frames every worker takes */
    long long fail_frame; /* run fails on this frame (-1: never) */
    int fail_create_slot; /* worker_create fails for this slot (-1: never) */
    int yield;            /* sched_yield after every frame: the workers interleave more */
    atomic_int creates, destroys, bad_calls;
    atomic_uchar decoded[NF]; /* how often each frame was decoded */
    atomic_llong per_slot[FG_BER_WORKERS_MAX];
} syn_ctx;

typedef struct {
    syn_ctx *c;
    int slot, chunk;
} syn_worker;

static void syn_reset(syn_ctx *c, int chunk)
{
    memset(c, 0, sizeof *c);
    c->chunk = chunk;
    c->fail_frame = -1;
    c->fail_create_slot = -1;
}

static int syn_create(void *ctx, int slot, void **out)
{
    syn_ctx *c = ctx;
    syn_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    atomic_fetch_add(&c->creates, 1);
    w->c = c;
    w->slot = slot;
    w->chunk = c->chunk == CHUNK_MIXED ? (slot % 2 ? 37 : 1) : c->chunk == CHUNK_NONE ? 1 : c->chunk;
    if (slot == c->fail_create_slot) /* a worker half made: the engine must still destroy it */
        return fg_set_error(FG_EINVAL, "synthetic worker %d cannot be made", slot);
    return 0;
}

static void syn_destroy(void *p)
{
    syn_worker *w = p;
    if (!w)
        return;
    atomic_fetch_add(&w->c->destroys, 1);
    free(w);
}

static int syn_chunk(void *p) { return ((syn_worker *)p)->chunk; }

static int syn_run(void *p, long long first, int count, fg_ber_frame *res, fg_ber_extra *ext)
{
    syn_worker *w = p;
    syn_ctx *c = w->c;
    if (count < 1 || count > w->chunk || first < 0)
        atomic_fetch_add(&c->bad_calls, 1); /* a worker never gets more than its chunk */
    atomic_fetch_add(&c->per_slot[w->slot], count);
    for (int i = 0; i < count; i++) {
        const long long f = first + i;
        if (f == c->fail_frame)
            return fg_set_error(FG_EINVAL, "synthetic failure at frame %lld", f);
        if (f < NF)
            atomic_fetch_add(&c->decoded[f], 1);
        res[i] = c->table ? c->table[f] : synth(f);
        ext[i] = c->table ? c->table_x[f] : synth_extra(f);
        if (c->yield)
            sched_yield();
    }
    return 0;
}

static fg_ber_engine syn_engine(syn_ctx *c, int workers, long long min_fe, long long max_frames)
{
    fg_ber_engine e = {.workers = workers,
                       .min_fe = min_fe,
                       .max_frames = max_frames,
                       .info_bits = INFO_BITS,
                       .work_div = 2.0,
                       .ctx = c,
                       .worker_create = syn_create,
                       .worker_destroy = syn_destroy,
                       .worker_chunk = c->chunk == CHUNK_NONE ? NULL : syn_chunk,
                       .run = syn_run};
    return e;
}

static fg_ber_point point_at(double x)
{
    fg_ber_point p;
    memset(&p, 0, sizeof p);
    p.x = x;
    p.rate = 0.5;
    p.param[0] = 0.25;
    return p;
}

/* The point has exactly the counts of the plain loop, its rates follow from them, the caller's x,
 * rate and param are kept. */
static void check_point(const fg_ber_point *p, const expect *e, double x)
{
    CU_ASSERT_EQUAL(p->frames, e->frames);
    CU_ASSERT_EQUAL(p->frame_errors, e->frame_errors);
    CU_ASSERT_EQUAL(p->erasures, e->erasures);
    CU_ASSERT_EQUAL(p->bit_errors, e->bit_errors);
    CU_ASSERT_EQUAL(p->work, e->work);
    CU_ASSERT_EQUAL(p->stop, e->stop);
    const double fr = (double)e->frames;
    CU_ASSERT_DOUBLE_EQUAL(p->fer, (double)e->frame_errors / fr, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p->ber, (double)e->bit_errors / (fr * INFO_BITS), 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p->avg_work, (double)e->work / (2.0 * fr), 1e-12);
    CU_ASSERT_EQUAL(p->x, x);
    CU_ASSERT_EQUAL(p->rate, 0.5);
    CU_ASSERT_EQUAL(p->param[0], 0.25);
    CU_ASSERT(p->seconds >= 0.0 && p->seconds < 60.0);
}

/* Every frame counted was decoded exactly once; none beyond was decoded twice. */
static void check_decoded_once(const syn_ctx *c, long long frames)
{
    int missing = 0, twice = 0;
    for (long long f = 0; f < NF; f++) {
        const unsigned d = atomic_load(&c->decoded[f]);
        missing += f < frames && d != 1;
        twice += d > 1;
    }
    CU_ASSERT_EQUAL(missing, 0);
    CU_ASSERT_EQUAL(twice, 0);
    CU_ASSERT_EQUAL(atomic_load(&c->bad_calls), 0);
    CU_ASSERT_EQUAL(atomic_load(&c->creates), atomic_load(&c->destroys));
}

/* Workers 1..4, frames taken 1 at a time (no chunk function, or chunk 1), 37 at a time, or mixed:
 * the counts of the plain loop, for min_fe stops in the first round, in a later one and at the first
 * frame error, and for max_frames stops inside a round and at a round's end. */
static void test_stop_rule_exact(void)
{
    static const struct {
        long long min_fe, max_frames;
    } R[] = {{1, FG_BER_FRAMES_MAX}, {7, FG_BER_FRAMES_MAX}, {25, 100000}, {300, 100000},
             {1000000, 1}, {1000000, 37}, {1000000, 1000}, {1000000, 48}};
    static const int chunks[] = {CHUNK_NONE, 1, 37, CHUNK_MIXED};
    static syn_ctx c;
    for (size_t r = 0; r < sizeof R / sizeof *R; r++) {
        const expect e = direct(R[r].min_fe, R[r].max_frames);
        CU_ASSERT(e.frames > 0 && e.frames < NF);
        if (e.stop == FG_BER_STOP_MIN_FE) {
            CU_ASSERT_EQUAL(e.frame_errors, R[r].min_fe);
            CU_ASSERT(e.last_is_error);
        }
        for (size_t k = 0; k < sizeof chunks / sizeof *chunks; k++)
            for (int w = 1; w <= 4; w++) {
                syn_reset(&c, chunks[k]);
                c.yield = r == 3; /* one long run with the workers interleaving frame by frame */
                const fg_ber_engine eng = syn_engine(&c, w, R[r].min_fe, R[r].max_frames);
                fg_ber_point p = point_at(1.25);
                const int rc = fg_ber_engine_run(&eng, &p);
                if (rc)
                    fprintf(stderr, "%s\n", fg_last_error());
                CU_ASSERT_EQUAL_FATAL(rc, 0);
                check_point(&p, &e, 1.25);
                check_decoded_once(&c, p.frames);
                CU_ASSERT_EQUAL(atomic_load(&c.creates), w);
            }
    }
    /* the synthetic frames do what they should: erasures and parity-only errors occur */
    const expect e = direct(1000000, 1000);
    CU_ASSERT(e.erasures > 10 && e.erasures < 60);
    CU_ASSERT(e.frame_errors > e.erasures + 50);
    CU_ASSERT(e.bit_errors > e.erasures * INFO_BITS);
}

/* 256 workers (the most) share a run; a run with a chunk larger than max_frames. */
static void test_many_workers(void)
{
    static syn_ctx c;
    syn_reset(&c, 5);
    fg_ber_engine eng = syn_engine(&c, FG_BER_WORKERS_MAX, 40, 100000);
    fg_ber_point p = point_at(-3.0);
    CU_ASSERT_EQUAL_FATAL(fg_ber_engine_run(&eng, &p), 0);
    const expect e = direct(40, 100000);
    check_point(&p, &e, -3.0);
    check_decoded_once(&c, p.frames);
    CU_ASSERT_EQUAL(atomic_load(&c.creates), FG_BER_WORKERS_MAX);
    syn_reset(&c, 1000);
    eng = syn_engine(&c, 2, 1000000, 10);
    p = point_at(0.0);
    CU_ASSERT_EQUAL_FATAL(fg_ber_engine_run(&eng, &p), 0);
    const expect e10 = direct(1000000, 10);
    check_point(&p, &e10, 0.0);
    check_decoded_once(&c, 10);
}

/* ---- progress ---- */

typedef struct {
    int calls, stop_at; /* return non-zero from call stop_at on (0: never) */
    long long frames[64];
    int wrong; /* a call whose counts are not the plain loop's up to its frames */
} progress_log;

static int on_progress(void *ctx, const fg_ber_point *p)
{
    progress_log *l = ctx;
    const expect e = direct(1000000000, p->frames);
    if (p->frame_errors != e.frame_errors || p->bit_errors != e.bit_errors || p->erasures != e.erasures ||
        p->work != e.work || p->x != 2.5 || fabs(p->fer - (double)e.frame_errors / (double)p->frames) > 1e-15)
        l->wrong++;
    if (l->calls < 64)
        l->frames[l->calls] = p->frames;
    l->calls++;
    return l->stop_at && l->calls >= l->stop_at;
}

static int run_with_progress(int chunk, int workers, long long min_fe, long long max_frames, progress_log *l,
                             fg_ber_point *p)
{
    static syn_ctx c;
    syn_reset(&c, chunk);
    fg_ber_engine eng = syn_engine(&c, workers, min_fe, max_frames);
    eng.progress = on_progress;
    eng.progress_ctx = l;
    *p = point_at(2.5);
    const int rc = fg_ber_engine_run(&eng, p);
    check_decoded_once(&c, p->frames);
    return rc;
}

/* One call per round with the frame-ordered counts so far: rounds of 16, 32, 64, ... frames per
 * frame-at-a-time worker (at most 1024), one chunk per chunked worker. */
static void test_progress_rounds(void)
{
    progress_log l = {0};
    fg_ber_point p;
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 1, 1000000, 16 + 32 + 64 + 10, &l, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 4);
    CU_ASSERT(l.frames[0] == 16 && l.frames[1] == 48 && l.frames[2] == 112 && l.frames[3] == 122);
    CU_ASSERT_EQUAL(l.wrong, 0);
    CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_MAX_FRAMES);
    memset(&l, 0, sizeof l);
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 3, 1000000, 48 + 96 + 1, &l, &p), 0);
    CU_ASSERT(l.calls == 3 && l.frames[0] == 48 && l.frames[1] == 144 && l.frames[2] == 145);
    CU_ASSERT_EQUAL(l.wrong, 0);
    memset(&l, 0, sizeof l);
    CU_ASSERT_EQUAL_FATAL(run_with_progress(37, 2, 1000000, 74 * 3, &l, &p), 0);
    CU_ASSERT(l.calls == 3 && l.frames[0] == 74 && l.frames[1] == 148 && l.frames[2] == 222);
    CU_ASSERT_EQUAL(l.wrong, 0);
    /* the last call has the final counts (and is the only one when min_fe stops the first round) */
    memset(&l, 0, sizeof l);
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 2, 3, 100000, &l, &p), 0);
    const expect e = direct(3, 100000);
    CU_ASSERT_EQUAL(p.frames, e.frames);
    CU_ASSERT_EQUAL(l.frames[l.calls - 1], e.frames);
    CU_ASSERT_EQUAL(l.wrong, 0);
}

/* A non-zero return stops the run after that round: FG_BER_STOP_INTERRUPTED with the counts of the
 * frames counted so far. A run that ended anyway keeps its own reason. */
static void test_progress_stop(void)
{
    progress_log l = {.stop_at = 2};
    fg_ber_point p;
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 1, 1000000, 100000, &l, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 2);
    CU_ASSERT_EQUAL(p.stop, FG_BER_STOP_INTERRUPTED);
    expect e = direct(1000000, 48);
    e.stop = FG_BER_STOP_INTERRUPTED;
    check_point(&p, &e, 2.5);
    /* several workers, chunks of 37: stopped after the first round of 4 x 37 */
    l = (progress_log){.stop_at = 1};
    CU_ASSERT_EQUAL_FATAL(run_with_progress(37, 4, 1000000, 100000, &l, &p), 0);
    CU_ASSERT_EQUAL(l.calls, 1);
    e = direct(1000000, 148);
    e.stop = FG_BER_STOP_INTERRUPTED;
    check_point(&p, &e, 2.5);
    /* min_fe reached in the round the callback asks to stop: MIN_FE */
    l = (progress_log){.stop_at = 1};
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 2, 2, 100000, &l, &p), 0);
    e = direct(2, 100000);
    CU_ASSERT(e.frames <= 32);
    check_point(&p, &e, 2.5);
    /* max_frames reached in that round: MAX_FRAMES */
    l = (progress_log){.stop_at = 1};
    CU_ASSERT_EQUAL_FATAL(run_with_progress(CHUNK_NONE, 2, 1000000, 20, &l, &p), 0);
    e = direct(1000000, 20);
    check_point(&p, &e, 2.5);
}

/* ---- failures and settings ---- */

static void test_worker_failure(void)
{
    static syn_ctx c;
    static const struct {
        int chunk, workers;
        const char *range;
    } F[] = {{CHUNK_NONE, 1, "frame 123: "}, {37, 1, "frames 111..147: "}, {37, 3, "frames 111..147: "},
             {1, 4, "frame 123: "}};
    for (size_t i = 0; i < sizeof F / sizeof *F; i++) {
        syn_reset(&c, F[i].chunk);
        c.fail_frame = 123;
        const fg_ber_engine eng = syn_engine(&c, F[i].workers, 1000000, 100000);
        fg_ber_point p = point_at(1.0), before = p;
        CU_ASSERT_EQUAL(fg_ber_engine_run(&eng, &p), FG_EINVAL);
        char want[128];
        snprintf(want, sizeof want, "%ssynthetic failure at frame 123", F[i].range);
        if (!strstr(fg_last_error(), want))
            fprintf(stderr, "message \"%s\", expected \"%s\"\n", fg_last_error(), want);
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), want));
        CU_ASSERT(!memcmp(&p, &before, sizeof p)); /* no result on failure */
        CU_ASSERT_EQUAL(atomic_load(&c.creates), atomic_load(&c.destroys));
    }
    /* a failure beyond the stopping frame, in a round that is never run, does not matter */
    syn_reset(&c, CHUNK_NONE);
    c.fail_frame = 5000;
    fg_ber_engine eng = syn_engine(&c, 2, 5, 100000);
    fg_ber_point p = point_at(1.0);
    CU_ASSERT_EQUAL(fg_ber_engine_run(&eng, &p), 0);
    CU_ASSERT_EQUAL(p.frame_errors, 5);
    /* worker 2 of 4 cannot be made: its error, and every worker made (itself included) destroyed */
    syn_reset(&c, CHUNK_NONE);
    c.fail_create_slot = 2;
    eng = syn_engine(&c, 4, 10, 1000);
    CU_ASSERT_EQUAL(fg_ber_engine_run(&eng, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "synthetic worker 2 cannot be made"));
    CU_ASSERT_EQUAL(atomic_load(&c.creates), 3);
    CU_ASSERT_EQUAL(atomic_load(&c.destroys), 3);
}

static int zero_chunk(void *p)
{
    (void)p;
    return 0;
}

static void expect_einval(const fg_ber_engine *eng, const char *needle)
{
    fg_ber_point p = point_at(1.0), before = p;
    CU_ASSERT_EQUAL(fg_ber_engine_run(eng, &p), FG_EINVAL);
    if (!strstr(fg_last_error(), needle))
        fprintf(stderr, "message \"%s\", expected \"%s\"\n", fg_last_error(), needle);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), needle));
    CU_ASSERT(!memcmp(&p, &before, sizeof p));
}

static void test_bad_settings(void)
{
    static syn_ctx c;
    syn_reset(&c, CHUNK_NONE);
    const fg_ber_engine ok = syn_engine(&c, 2, 10, 1000);
    fg_ber_engine e = ok;
    e.workers = 0;
    expect_einval(&e, "workers=0 out of range [1, 256]");
    e.workers = FG_BER_WORKERS_MAX + 1;
    expect_einval(&e, "workers=257 out of range [1, 256]");
    e = ok;
    e.min_fe = 0;
    expect_einval(&e, "min_fe=0 out of range [1, 1099511627776]");
    e.min_fe = FG_BER_FRAMES_MAX + 1;
    expect_einval(&e, "min_fe=1099511627777");
    e = ok;
    e.max_frames = 0;
    expect_einval(&e, "max_frames=0 out of range [1, 1099511627776]");
    e.max_frames = -5;
    expect_einval(&e, "max_frames=-5");
    e = ok;
    e.info_bits = 0;
    expect_einval(&e, "info_bits=0");
    e = ok;
    e.work_div = 0.0;
    expect_einval(&e, "work_div=0");
    e = ok;
    e.run = NULL;
    expect_einval(&e, "no run");
    e = ok;
    e.worker_create = NULL;
    expect_einval(&e, "worker_create");
    CU_ASSERT_EQUAL(atomic_load(&c.creates), 0); /* nothing was made for a bad setting */
    e = ok;
    e.worker_chunk = zero_chunk;
    expect_einval(&e, "worker 0 takes 0 frames at a time");
    CU_ASSERT_EQUAL(atomic_load(&c.creates), atomic_load(&c.destroys));
    /* the limits themselves are valid */
    syn_reset(&c, CHUNK_NONE);
    e = syn_engine(&c, 1, FG_BER_FRAMES_MAX, 1);
    fg_ber_point p = point_at(1.0);
    CU_ASSERT_EQUAL(fg_ber_engine_run(&e, &p), 0);
    CU_ASSERT_EQUAL(p.frames, 1);
}

/* ---- work counters and symbol errors ---- */

static fg_ber_engine counting_engine(syn_ctx *c, int workers, long long max_frames)
{
    fg_ber_engine e = syn_engine(c, workers, 1000000000, max_frames);
    e.n_extra = 2;
    e.extra_div[0] = 1.0;
    e.extra_div[1] = 4.0;
    e.info_symbols = 32;
    return e;
}

static int cmp_ll(const void *a, const void *b)
{
    const long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

/* Nearest rank: the ceil(q n / 100)-th smallest of v (sorted here), 0 for none. */
static long long rank_of(long long *v, long long n, int q)
{
    qsort(v, (size_t)n, sizeof *v, cmp_ll);
    return n ? v[(n * q + 99) / 100 - 1] : 0;
}

/* Counter c of the synthetic frames 0 .. n-1 (decoded ones only, or all): the sum, max, p50 and p99 exactly. */
static void exact_stats(long long n, int c, int decoded_only, long long out[4], long long *scratch)
{
    long long m = 0;
    out[0] = out[1] = 0;
    for (long long f = 0; f < n; f++) {
        const fg_ber_frame r = synth(f);
        if (decoded_only && r.erasure)
            continue;
        const long long v = c ? synth_extra(f).counter[c - 1] : r.work;
        scratch[m++] = v;
        out[0] += v;
        out[1] = v > out[1] ? v : out[1];
    }
    out[2] = rank_of(scratch, m, 50);
    out[3] = rank_of(scratch, m, 99);
}

/* A reported percentile: exact below FG_BER_HIST_EXACT, else at most 1/128 above the exact one and never
 * above the maximum. */
static int percentile_ok(long long got, long long exact, long long max)
{
    if (exact < FG_BER_HIST_EXACT)
        return got == exact;
    return got >= exact && got <= max && got <= exact + exact / FG_BER_HIST_SUB;
}

/* Sums, maxima and percentiles of every counter, over all frames and the decoded ones, against the sorted
 * values; the same point struct for one worker and for three (frame by frame, in chunks of 37, mixed). */
static void test_counters_exact(void)
{
    enum { N = 5000 };
    static syn_ctx c;
    static long long scratch[N];
    fg_ber_point ref;
    static const int chunks[] = {CHUNK_NONE, 37, CHUNK_MIXED, 1};
    for (size_t k = 0; k < sizeof chunks / sizeof *chunks; k++) {
        syn_reset(&c, chunks[k]);
        const fg_ber_engine eng = counting_engine(&c, k ? 3 : 1, N);
        fg_ber_point p = point_at(1.0);
        CU_ASSERT_EQUAL_FATAL(fg_ber_engine_run(&eng, &p), 0);
        check_decoded_once(&c, N);
        p.seconds = 0;
        if (k == 0) {
            ref = p;
            continue;
        }
        CU_ASSERT(!memcmp(&p, &ref, sizeof p)); /* the split does not matter */
    }
    CU_ASSERT_EQUAL(ref.frames, N);
    CU_ASSERT_EQUAL(ref.counters, 3);
    long long sym = 0, dec = 0;
    for (long long f = 0; f < N; f++)
        sym += synth_extra(f).symbol_errors, dec += !synth(f).erasure;
    CU_ASSERT_EQUAL(ref.symbol_errors, sym);
    CU_ASSERT_DOUBLE_EQUAL(ref.ser, (double)sym / (32.0 * N), 1e-15);
    static const double div[3] = {2.0, 1.0, 4.0};
    int tail = 0;
    for (int k = 0; k < 3; k++) {
        const fg_ber_stat *s = &ref.stat[k];
        long long a[4], d[4];
        exact_stats(N, k, 0, a, scratch);
        exact_stats(N, k, 1, d, scratch);
        CU_ASSERT_EQUAL(s->sum, a[0]);
        CU_ASSERT_EQUAL(s->sum - s->sum_erased, d[0]);
        CU_ASSERT_EQUAL(s->max, a[1]);
        CU_ASSERT_EQUAL(s->max_decoded, d[1]);
        CU_ASSERT(percentile_ok(s->p50, a[2], a[1]) && percentile_ok(s->p99, a[3], a[1]));
        CU_ASSERT(percentile_ok(s->p50_decoded, d[2], d[1]) && percentile_ok(s->p99_decoded, d[3], d[1]));
        CU_ASSERT_DOUBLE_EQUAL(s->avg, (double)a[0] / (div[k] * N), 1e-12);
        CU_ASSERT_DOUBLE_EQUAL(s->avg_decoded, (double)d[0] / (div[k] * (double)dec), 1e-12);
        tail += a[3] >= FG_BER_HIST_EXACT;
    }
    CU_ASSERT_EQUAL(ref.stat[0].sum, ref.work);
    CU_ASSERT_EQUAL(ref.stat[0].sum_erased, ref.work_erased);
    CU_ASSERT_EQUAL(ref.avg_work, ref.stat[0].avg);
    CU_ASSERT_EQUAL(tail, 1); /* counter 2's p99 is in the log bins; the heavy tail lies beyond counter 1's */
    CU_ASSERT(ref.stat[1].max > 1000000 && ref.stat[1].p99 < 50);
}

/* Hand-made frames: counter 1 is f + 1 (1..100), counter 2 is 5 but for frames 97, 98 (10^6) and 99
 * (3 10^6, erased); 7 symbol errors in frame 3. */
static void test_counters_known(void)
{
    static fg_ber_frame t[100];
    static fg_ber_extra x[100];
    static syn_ctx c;
    memset(t, 0, sizeof t);
    memset(x, 0, sizeof x);
    for (int f = 0; f < 100; f++) {
        t[f].work = 2;
        x[f].counter[0] = f + 1;
        x[f].counter[1] = f < 97 ? 5 : f < 99 ? 1000000 : 3000000;
    }
    t[99].erasure = t[99].frame_error = 1;
    x[3].symbol_errors = 7;
    t[3].frame_error = 1;
    syn_reset(&c, 7);
    c.table = t;
    c.table_x = x;
    const fg_ber_engine eng = counting_engine(&c, 2, 100);
    fg_ber_point p = point_at(0.0);
    CU_ASSERT_EQUAL_FATAL(fg_ber_engine_run(&eng, &p), 0);
    const fg_ber_stat *a = &p.stat[1], *b = &p.stat[2];
    CU_ASSERT(a->sum == 5050 && a->max == 100 && a->p50 == 50 && a->p99 == 99);
    CU_ASSERT(a->max_decoded == 99 && a->p50_decoded == 50 && a->p99_decoded == 99); /* ceil(0.99 99) = 99 */
    CU_ASSERT_DOUBLE_EQUAL(a->avg, 50.5, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(a->avg_decoded, 4950.0 / 99.0, 1e-12);
    /* 10^6 lies in [2^19, 2^20), bins of 2^12: the bin 999424 .. 1003519, below the maximum 3 10^6 */
    CU_ASSERT(b->sum == 97 * 5 + 5000000 && b->max == 3000000 && b->p50 == 5 && b->p99 == 1003519);
    /* over the decoded frames 10^6 is the maximum, so the bin's top is capped there */
    CU_ASSERT(b->max_decoded == 1000000 && b->p99_decoded == 1000000 && b->p50_decoded == 5);
    CU_ASSERT_DOUBLE_EQUAL(b->avg, (97 * 5 + 5e6) / 400.0, 1e-9); /* divisor 4 */
    CU_ASSERT(p.stat[0].max == 2 && p.stat[0].p99 == 2 && p.stat[0].avg == 1.0); /* work 2, divisor 2 */
    CU_ASSERT(p.symbol_errors == 7 && p.erasures == 1 && p.frame_errors == 2);
    CU_ASSERT_DOUBLE_EQUAL(p.ser, 7.0 / 3200.0, 1e-15);
    /* a negative counter is a decoder's bug: refused naming the frame */
    x[40].counter[1] = -3;
    syn_reset(&c, CHUNK_NONE);
    c.table = t;
    c.table_x = x;
    const fg_ber_engine e2 = counting_engine(&c, 1, 100);
    CU_ASSERT_EQUAL(fg_ber_engine_run(&e2, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "frame 40: work counter 2 is -3"));
    fg_ber_engine e3 = e2;
    e3.n_extra = FG_BER_COUNTERS_MAX;
    expect_einval(&e3, "n_extra=8 out of range [0, 7]");
}

/* The tally outside the engine (bench's count): the same frames give the engine's statistics, a refused frame is
 * not counted, the caller's fields of the point stay. */
static void test_tally(void)
{
    static fg_ber_frame t[100];
    static fg_ber_extra x[100];
    memset(t, 0, sizeof t);
    memset(x, 0, sizeof x);
    for (int f = 0; f < 100; f++) {
        t[f].work = 2;
        x[f].counter[0] = f + 1;
    }
    t[99].erasure = t[99].frame_error = 1;
    t[99].bit_errors = 32;
    fg_ber_engine e = {.info_bits = 32, .work_div = 2.0, .n_extra = 1};
    fg_ber_tally *tl = NULL;
    CU_ASSERT_EQUAL_FATAL(fg_ber_tally_create(&e, &tl), 0);
    for (int f = 0; f < 100; f++)
        CU_ASSERT_EQUAL(fg_ber_tally_add(tl, &t[f], &x[f], f), 0);
    fg_ber_extra bad = x[0];
    bad.counter[0] = -1;
    CU_ASSERT_EQUAL(fg_ber_tally_add(tl, &t[0], &bad, 100), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "frame 100: work counter 1 is -1"));
    fg_ber_point p = point_at(3.5);
    p.seconds = 7.0;
    fg_ber_tally_point(tl, &p);
    CU_ASSERT(p.x == 3.5 && p.seconds == 7.0 && p.frames == 100 && p.erasures == 1 && p.frame_errors == 1);
    CU_ASSERT(fg_ber_tally_frame_errors(tl) == 1 && p.counters == 2);
    const fg_ber_stat *a = &p.stat[1];
    CU_ASSERT(a->sum == 5050 && a->max == 100 && a->p50 == 50 && a->p99 == 99 && a->max_decoded == 99);
    CU_ASSERT_DOUBLE_EQUAL(p.avg_work, 1.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber, 32.0 / 3200.0, 1e-15);
    CU_ASSERT_DOUBLE_EQUAL(p.ber_decoded, 0.0, 1e-15);
    fg_ber_tally_destroy(tl);
    e.n_extra = FG_BER_COUNTERS_MAX;
    CU_ASSERT_EQUAL(fg_ber_tally_create(&e, &tl), FG_EINVAL);
    CU_ASSERT_PTR_NULL(tl);
}

/* The axis value at a FER, both ways: hand-made curves, linear in log10(FER). */
static void test_x_at_fer(void)
{
    fg_ber_point up[3], down[3], up0[3];
    static const double fu[3] = {1e-3, 1e-2, 1e-1}, fd[3] = {1e-1, 1e-2, 0.0}, fz[3] = {0.0, 1e-2, 1e-1};
    for (int i = 0; i < 3; i++) {
        up[i] = point_at(1.0 + i), up[i].fer = fu[i];
        down[i] = point_at((double)i), down[i].fer = fd[i];
        up0[i] = point_at(1.0 + i), up0[i].fer = fz[i];
    }
    double x = -1;
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, pow(10, -1.5), 1, &x), 0);
    CU_ASSERT_DOUBLE_EQUAL(x, 2.5, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, pow(10, -2.75), 1, &x), 0);
    CU_ASSERT_DOUBLE_EQUAL(x, 1.25, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, 1e-2, 1, &x), 0);
    CU_ASSERT_DOUBLE_EQUAL(x, 2.0, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, 1e-2, 0, &x), FG_EINVAL); /* a rising curve read as falling */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, 0.5, 1, &x), FG_EINVAL);  /* above the last point */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(down, 3, pow(10, -1.5), 0, &x), 0);
    CU_ASSERT_DOUBLE_EQUAL(x, 0.5, 1e-12);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(down, 3, pow(10, -1.5), 1, &x), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(down, 3, 1e-3, 0, &x), FG_EINVAL); /* the last point has no errors */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up0, 3, 1e-3, 1, &x), FG_EINVAL);  /* the first point has none */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up0, 3, pow(10, -1.5), 1, &x), 0);
    CU_ASSERT_DOUBLE_EQUAL(x, 2.5, 1e-12);
    up[2].x = 1.5; /* not ascending */
    CU_ASSERT_EQUAL(fg_ber_x_at_fer(up, 3, 0.05, 1, &x), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "points not ascending"));
}

/* ---- the family registry ---- */

static const char *const ldpc_impls[] = {"float", "fixed", "cycle"};

static void test_registry_builtin(void)
{
    const int n = fg_family_count();
    CU_ASSERT(n >= 2);
    const fg_family *ldpc = fg_family_find("ldpc"), *turbo = fg_family_find("turbo");
    CU_ASSERT_PTR_NOT_NULL_FATAL(ldpc);
    CU_ASSERT_PTR_NOT_NULL_FATAL(turbo);
    CU_ASSERT_PTR_EQUAL(fg_family_at(0), ldpc);
    CU_ASSERT_PTR_EQUAL(fg_family_at(1), turbo);
    CU_ASSERT_PTR_NULL(fg_family_at(-1));
    CU_ASSERT_PTR_NULL(fg_family_at(n));
    CU_ASSERT_PTR_NULL(fg_family_find("nope"));
    CU_ASSERT_PTR_NULL(fg_family_find("LDPC"));
    CU_ASSERT_PTR_NULL(fg_family_find(NULL));
    for (int i = 0; i < n; i++) { /* every family is found by its name, and is complete */
        const fg_family *f = fg_family_at(i);
        CU_ASSERT_PTR_NOT_NULL_FATAL(f);
        CU_ASSERT_PTR_EQUAL(fg_family_find(f->name), f);
        CU_ASSERT(f->open && f->encode && f->channel && f->impls && f->work_name && f->work_div > 0);
    }
    const fg_family_impl *im[FG_FAMILY_IMPLS_MAX];
    CU_ASSERT_EQUAL_FATAL(fg_family_impls(ldpc, im, FG_FAMILY_IMPLS_MAX), 3); /* no GPU library here */
    for (int i = 0; i < 3; i++) {
        CU_ASSERT_STRING_EQUAL(im[i]->name, ldpc_impls[i]);
        CU_ASSERT_PTR_EQUAL(fg_family_impl_find(ldpc, ldpc_impls[i]), im[i]);
        CU_ASSERT_EQUAL(im[i]->gpu, 0);
        CU_ASSERT_EQUAL(im[i]->input, i == 0 ? FG_IMPL_REAL : FG_IMPL_QUANT);
    }
    CU_ASSERT_EQUAL(fg_family_impls(ldpc, im, 2), 2); /* at most max */
    CU_ASSERT_PTR_NULL(fg_family_impl_find(ldpc, "gpu-fixed"));
    CU_ASSERT_PTR_NULL(fg_family_impl_find(ldpc, NULL));
    CU_ASSERT_EQUAL_FATAL(fg_family_impls(turbo, im, FG_FAMILY_IMPLS_MAX), 3);
    for (int i = 0; i < 3; i++)
        CU_ASSERT_STRING_EQUAL(im[i]->name, ldpc_impls[i]);
    CU_ASSERT_STRING_EQUAL(ldpc->work_name, "avg_iter");
    CU_ASSERT_EQUAL(ldpc->work_div, 1.0);
    CU_ASSERT_EQUAL(turbo->work_div, 2.0); /* half-iterations counted, iterations reported */
    CU_ASSERT_STRING_EQUAL(ldpc->channel->axis, "ebn0");
}

/* ---- a program's own family: frame f carries f itself; its decoder makes chosen mistakes ---- */

typedef struct {
    int k, parity;
} toy_cfg;

static const fg_opt toy_opts[] = {
    {"k", 0, FG_OPT_INT, offsetof(toy_cfg, k), 1, 60, .def = "8", .meta = "K", .help = "information bits"},
    {"parity", 0, FG_OPT_INT, offsetof(toy_cfg, parity), 0, 60, .def = "4", .meta = "P", .help = "parity bits"},
    {NULL}};
static const fg_opt_part toy_parts[] = {{"toy", toy_opts, 0}, {NULL, NULL, 0}};

static int toy_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    (void)given, (void)impl;
    const toy_cfg *c = cfgp;
    if (c->k + c->parity > 64)
        return fg_set_error(FG_EINVAL, "--k + --parity = %d out of range [1, 64]", c->k + c->parity);
    fi->state = NULL;
    fi->k = c->k;
    fi->n = fi->n_rx_max = 1 + c->k + c->parity;
    fi->dec_len = c->k + c->parity;
    fi->rate = (double)c->k / fi->n;
    snprintf(fi->code_name, sizeof fi->code_name, "toy-%d-%d", c->k, c->parity);
    return 0;
}

/* The family's half of frame f: reference bits from mix64(seed, f), sent after a first symbol of 0. */
static int toy_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent)
{
    const uint64_t h = mix64(seed * 1000003u + (uint64_t)f);
    sent[0] = 0;
    for (int i = 0; i < fi->dec_len; i++)
        sent[i + 1] = ref[i] = (uint8_t)((h >> i) & 1);
    return 0;
}

/* A program's own channel: the parameter at x is 2x; it sends the bits noiselessly after f itself as the
 * first symbol. */
static int toy_chan_point(const void *cfg, double x, double rate, fg_channel_point *pt)
{
    (void)cfg, (void)rate;
    pt->v[0] = 2.0 * x;
    return 0;
}

static int toy_transmit(const fg_channel_point *pt, const uint8_t *sent, int n, int n_rx_max, uint64_t seed,
                        long long f, int q_width, int q_frac, fg_frame *fr)
{
    (void)pt, (void)n_rx_max, (void)seed, (void)q_width, (void)q_frac;
    fr->llr[0] = (double)f;
    for (int i = 1; i < n; i++)
        fr->llr[i] = sent[i] ? -1.0 : 1.0;
    fr->n_rx = n;
    return 0;
}

/* The toy decoder's mistakes on frame f: 0 none, 1 two information bits wrong, 2 one parity bit
 * wrong, 3 an erasure. */
static int toy_fault(long long f)
{
    const uint64_t h = mix64(~(uint64_t)f);
    return h % 100 < 4 ? 3 : h % 100 < 12 ? 1 : h % 100 < 15 ? 2 : 0;
}

typedef struct {
    int dec_len, k;
} toy_worker;

static int toy_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    toy_worker *w = malloc(sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->dec_len = fi->dec_len;
    w->k = fi->k;
    return 0;
}

static int toy_decode(void *p, const fg_decode_io *io)
{
    const toy_worker *w = p;
    const int n_rx = w->dec_len + 1;
    for (int i = 0; i < io->count; i++) {
        const double *y = io->llr + (size_t)i * n_rx;
        uint8_t *b = io->bits + (size_t)i * w->dec_len;
        const long long f = (long long)y[0];
        for (int j = 0; j < w->dec_len; j++)
            b[j] = y[j + 1] < 0;
        const int fault = toy_fault(f);
        if (fault == 1) {
            b[0] ^= 1;
            b[w->k - 1] ^= 1;
        }
        if (fault == 2)
            b[w->dec_len - 1] ^= 1;
        if (io->erased)
            io->erased[i] = fault == 3;
        if (io->work)
            io->work[i] = (int32_t)(1 + f % 3);
        if (io->counters) /* toy-q's two further counters */
            io->counters[2 * i] = f % 7, io->counters[2 * i + 1] = f * f % 5000;
    }
    return 0;
}

static int toy_chunk5(void *w)
{
    (void)w;
    return 5;
}

static const fg_family_impl toy_impl = {.name = "exact",
                                        .summary = "the toy decoder",
                                        .input = FG_IMPL_REAL,
                                        .create = toy_create,
                                        .destroy = free,
                                        .decode = toy_decode};
static const fg_family_impl toy_impl2 = {.name = "other",
                                         .summary = "the toy decoder again",
                                         .input = FG_IMPL_REAL,
                                         .create = toy_create,
                                         .destroy = free,
                                         .decode = toy_decode};
static const fg_family_impl toy_impl_batch = {.name = "batch",
                                              .summary = "the toy decoder, 5 frames a call",
                                              .input = FG_IMPL_REAL,
                                              .create = toy_create,
                                              .destroy = free,
                                              .chunk = toy_chunk5,
                                              .decode = toy_decode};
static const fg_family_impl *const toy_impls[] = {&toy_impl, NULL};
static const fg_family_impl *const toy_q_impls[] = {&toy_impl, &toy_impl_batch, NULL};
static const fg_channel toy_channel = {.name = "toy",
                                       .axis = "snr",
                                       .axis_label = "SNR",
                                       .axis_unit = "dB",
                                       .axis_plot = "SNR [dB]",
                                       .axis_format = "%.3f",
                                       .lo = 0.0,
                                       .hi = 1.0,
                                       .axis_point = "0.5",
                                       .axis_points = "0,1",
                                       .param_keys = {"twice", NULL},
                                       .rx = FG_RX_LLR,
                                       .point = toy_chan_point,
                                       .transmit = toy_transmit};

static const fg_family toy_family = {.name = "toy",
                                     .summary = "a test's family",
                                     .parts = toy_parts,
                                     .cfg_size = sizeof(toy_cfg),
                                     .open = toy_open,
                                     .channel = &toy_channel,
                                     .encode = toy_encode,
                                     .work_name = "avg_steps",
                                     .work_div = 1.0,
                                     .impls = toy_impls};

static void test_registry_register(void)
{
    const int n = fg_family_count();
    CU_ASSERT_PTR_NULL(fg_family_find("toy"));
    CU_ASSERT_EQUAL_FATAL(fg_family_register(&toy_family), 0);
    CU_ASSERT_EQUAL(fg_family_count(), n + 1);
    CU_ASSERT_PTR_EQUAL(fg_family_find("toy"), &toy_family);
    CU_ASSERT_PTR_EQUAL(fg_family_at(n), &toy_family);
    /* a duplicate name is refused, whether a built-in family's or an added one's */
    static fg_family dup;
    dup = *fg_family_find("ldpc");
    CU_ASSERT_EQUAL(fg_family_register(&dup), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "family ldpc is already registered"));
    dup = toy_family;
    CU_ASSERT_EQUAL(fg_family_register(&dup), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "family toy is already registered"));
    CU_ASSERT_EQUAL(fg_family_register(&toy_family), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_register(NULL), FG_EINVAL);
    dup.name = "toy2";
    dup.encode = NULL; /* incomplete */
    CU_ASSERT_EQUAL(fg_family_register(&dup), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_count(), n + 1);
    CU_ASSERT_PTR_NULL(fg_family_find("toy2"));
    /* implementations added to it: listed after its own, once */
    const fg_family_impl *im[FG_FAMILY_IMPLS_MAX];
    CU_ASSERT_EQUAL(fg_family_impls(&toy_family, im, FG_FAMILY_IMPLS_MAX), 1);
    CU_ASSERT_EQUAL(fg_family_add_impl("toy", &toy_impl2), 0);
    CU_ASSERT_EQUAL(fg_family_add_impl("toy", &toy_impl2), 0); /* again: nothing changes */
    CU_ASSERT_EQUAL_FATAL(fg_family_impls(&toy_family, im, FG_FAMILY_IMPLS_MAX), 2);
    CU_ASSERT_PTR_EQUAL(im[0], &toy_impl);
    CU_ASSERT_PTR_EQUAL(im[1], &toy_impl2);
    CU_ASSERT_PTR_EQUAL(fg_family_impl_find(&toy_family, "other"), &toy_impl2);
    CU_ASSERT_EQUAL(fg_family_add_impl("nope", &toy_impl2), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "no family nope"));
    CU_ASSERT_EQUAL(fg_family_add_impl("toy", NULL), FG_EINVAL);
    /* another implementation under a name already taken is refused */
    static fg_family_impl clash;
    clash = toy_impl2;
    CU_ASSERT_EQUAL(fg_family_add_impl("toy", &clash), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "family toy already has an implementation named other"));
    clash.name = "exact";
    CU_ASSERT_EQUAL(fg_family_add_impl("toy", &clash), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_family_impls(&toy_family, im, FG_FAMILY_IMPLS_MAX), 2);
    CU_ASSERT_EQUAL(fg_family_impls(NULL, im, FG_FAMILY_IMPLS_MAX), 0);
    CU_ASSERT_PTR_NULL(fg_family_impl_find(NULL, "exact"));
    /* the built-in families did not get it */
    CU_ASSERT_EQUAL(fg_family_impls(fg_family_find("ldpc"), im, FG_FAMILY_IMPLS_MAX), 3);
}

/* The toy frames through fg_family_setup_text and fg_family_ber_point: the generic worker compares
 * every decided bit (a parity-only difference is a frame error without bit errors), an erasure is a
 * frame error with all k information bits lost, and the counts do not depend on the workers. */
static void toy_expect(int k, long long min_fe, long long max_frames, expect *e)
{
    memset(e, 0, sizeof *e);
    e->stop = FG_BER_STOP_MAX_FRAMES;
    for (long long f = 0; f < max_frames; f++) {
        const int fault = toy_fault(f);
        e->frames++;
        e->frame_errors += fault != 0;
        e->erasures += fault == 3;
        e->bit_errors += fault == 1 ? 2 : fault == 3 ? k : 0;
        e->work += 1 + f % 3;
        if (e->frame_errors >= min_fe) {
            e->stop = FG_BER_STOP_MIN_FE;
            break;
        }
    }
}

static void test_family_point(void)
{
    if (!fg_family_find("toy"))
        CU_ASSERT_EQUAL_FATAL(fg_family_register(&toy_family), 0);
    fg_family_setup s;
    /* no implementation named and no impl_for: the family's first */
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, NULL, "--k 10"), 0);
    CU_ASSERT_PTR_EQUAL(s.impl, &toy_impl);
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, "float", "--k 10"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "family toy has no implementation float"));
    fg_family_setup_free(&s);
    const int rc = fg_family_setup_text(&s, &toy_family, "exact", "--k 10 --parity=5");
    if (rc)
        fprintf(stderr, "%s\n", fg_last_error());
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_PTR_EQUAL(s.impl, &toy_impl);
    CU_ASSERT_EQUAL(s.inst.k, 10);
    CU_ASSERT_EQUAL(s.inst.dec_len, 15);
    CU_ASSERT_STRING_EQUAL(s.inst.code_name, "toy-10-5");
    for (int w = 1; w <= 3; w++) {
        static const long long M[][2] = {{20, 100000}, {1000000, 333}};
        for (int m = 0; m < 2; m++) {
            const fg_family_run run = {9, M[m][0], M[m][1], w, NULL, NULL};
            fg_ber_point p;
            CU_ASSERT_EQUAL_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 0.5, &p), 0);
            expect e;
            toy_expect(10, M[m][0], M[m][1], &e);
            CU_ASSERT_EQUAL(p.frames, e.frames);
            CU_ASSERT_EQUAL(p.frame_errors, e.frame_errors);
            CU_ASSERT_EQUAL(p.erasures, e.erasures);
            CU_ASSERT_EQUAL(p.bit_errors, e.bit_errors);
            CU_ASSERT_EQUAL(p.work, e.work);
            CU_ASSERT_EQUAL(p.stop, e.stop);
            CU_ASSERT_EQUAL(p.x, 0.5);
            CU_ASSERT_DOUBLE_EQUAL(p.rate, 10.0 / 16.0, 1e-15);
            CU_ASSERT_EQUAL(p.param[0], 1.0);
            CU_ASSERT_DOUBLE_EQUAL(p.ber, (double)e.bit_errors / (10.0 * (double)e.frames), 1e-15);
            CU_ASSERT(e.erasures > 0 && e.bit_errors > 2 * (e.frame_errors - e.erasures) - 1);
        }
    }
    /* the channel's range, and the family's own checks and options */
    const fg_family_run run = {1, 10, 100, 1, NULL, NULL};
    fg_ber_point p;
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 1.5, &p), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "snr=1.5 out of range [0, 1]"));
    CU_ASSERT_EQUAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, NAN, &p), FG_EINVAL);
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, "exact", "--k 50 --parity 20"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "--k + --parity = 70"));
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, "exact", "--k 0"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "--k=0 out of range [1, 60]"));
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, "exact", "--kk 3"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "--kk"));
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, &toy_family, "fixed", ""), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "family toy has no implementation fixed"));
    fg_family_setup_free(&s);
}

/* A q-ary variant (2-bit symbols) with two further work counters, through the generic worker frame by frame
 * and in batches of 5: symbol errors (fault 1 flips bits 0 and k-1: two symbols; an erasure loses every
 * symbol, the last one of odd k shorter) and the counters' sums, whatever the workers. */
static const fg_family_counter toy_q_counters[] = {{"mod7", "avg_mod7", 1.0, "f mod 7"},
                                                   {"sq", "avg_sq", 10.0, "f^2 mod 5000"},
                                                   {NULL}};

static void test_family_counters(void)
{
    static fg_family q;
    q = toy_family;
    q.name = "toy-q";
    q.impls = toy_q_impls;
    q.counters = toy_q_counters;
    q.symbol_bits = 2;
    if (!fg_family_find("toy-q"))
        CU_ASSERT_EQUAL_FATAL(fg_family_register(&q), 0);
    CU_ASSERT_EQUAL(fg_family_counters(&q), 3);
    CU_ASSERT_EQUAL(fg_family_counters(&toy_family), 1);
    CU_ASSERT_STRING_EQUAL(fg_family_counter_at(&toy_family, 0).name, "steps"); /* avg_steps without avg_ */
    CU_ASSERT_STRING_EQUAL(fg_family_counter_at(&q, 2).key, "avg_sq");
    for (int k = 9; k <= 10; k++)
        for (int b = 0; b < 2; b++)
            for (int w = 1; w <= 3; w += 2) {
                fg_family_setup s;
                char args[32];
                snprintf(args, sizeof args, "--k %d", k);
                CU_ASSERT_EQUAL_FATAL(fg_family_setup_text(&s, &q, b ? "batch" : "exact", args), 0);
                const fg_family_run run = {9, 1000000, 777, w, NULL, NULL};
                fg_ber_point p;
                CU_ASSERT_EQUAL_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, 0.5, &p), 0);
                long long se = 0, m7 = 0, sq = 0;
                for (long long f = 0; f < 777; f++) {
                    se += toy_fault(f) == 1 ? 2 : toy_fault(f) == 3 ? (k + 1) / 2 : 0;
                    m7 += f % 7, sq += f * f % 5000;
                }
                CU_ASSERT_EQUAL(p.frames, 777);
                CU_ASSERT_EQUAL(p.symbol_errors, se);
                CU_ASSERT_DOUBLE_EQUAL(p.ser, (double)se / (777.0 * ((k + 1) / 2)), 1e-15);
                CU_ASSERT(p.counters == 3 && p.stat[1].sum == m7 && p.stat[2].sum == sq && p.stat[1].max == 6);
                CU_ASSERT_DOUBLE_EQUAL(p.stat[2].avg, (double)sq / 7770.0, 1e-9);
                fg_family_setup_free(&s);
            }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"stop rule exact for workers 1..4 and chunks 1, 37, mixed", test_stop_rule_exact},
        {"256 workers; a chunk larger than the run", test_many_workers},
        {"progress: one call per round, frame-ordered counts", test_progress_rounds},
        {"progress stops the run: INTERRUPTED keeps the counts", test_progress_stop},
        {"worker failure: code and frame range", test_worker_failure},
        {"bad settings: FG_EINVAL naming them", test_bad_settings},
        {"work counters: sums, max, p50, p99; 1 or 3 workers alike", test_counters_exact},
        {"work counters and symbol errors of hand-made frames", test_counters_known},
        {"the tally outside the engine: the same statistics", test_tally},
        {"axis value at a FER, falling and rising", test_x_at_fer},
        {"registry: built-in families and implementations", test_registry_builtin},
        {"registry: a program's family, duplicates refused", test_registry_register},
        {"a program's family through fg_family_ber_point", test_family_point},
        {"a q-ary family's symbol errors and work counters, frame by frame and in batches", test_family_counters},
        {NULL, NULL},
    };
    fg_add_suite("ber_engine", cases);
}
