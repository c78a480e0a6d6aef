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

static int syn_run(void *p, long long first, int count, fg_ber_frame *res)
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
        res[i] = synth(f);
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
    }
    return 0;
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
static const fg_family_impl *const toy_impls[] = {&toy_impl, NULL};
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

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"stop rule exact for workers 1..4 and chunks 1, 37, mixed", test_stop_rule_exact},
        {"256 workers; a chunk larger than the run", test_many_workers},
        {"progress: one call per round, frame-ordered counts", test_progress_rounds},
        {"progress stops the run: INTERRUPTED keeps the counts", test_progress_stop},
        {"worker failure: code and frame range", test_worker_failure},
        {"bad settings: FG_EINVAL naming them", test_bad_settings},
        {"registry: built-in families and implementations", test_registry_builtin},
        {"registry: a program's family, duplicates refused", test_registry_register},
        {"a program's family through fg_family_ber_point", test_family_point},
        {NULL, NULL},
    };
    fg_add_suite("ber_engine", cases);
}
