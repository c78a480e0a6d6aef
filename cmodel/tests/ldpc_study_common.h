/* Shared by the slow LDPC study suites (slow_ldpc_study.c, slow_ldpc_fer1e4.c): one curve of
 * scripts/ldpc-ber-study.sh through the library, with the very options, grid, seed and stop rules of
 * its commands (the family's options are the command line's: fg_family_setup_text), so the counts
 * equal those of the documented `fecforge ber ldpc` runs (docs/ldpc.md).
 * FG_THREADS (default 2) sets the number of workers; the counts do not depend on it. */
#ifndef FG_LDPC_STUDY_COMMON_H
#define FG_LDPC_STUDY_COMMON_H

#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/family.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { STUDY_POINTS_MAX = 32 };

/* The study's options, as scripts/ldpc-ber-study.sh gives them: the code and 15 iterations (early
 * termination on, the default) for every curve; the rule of the NMS and SPA parts; the plain reading
 * of the fixed-point arithmetic (the four switches 0, docs/ldpc.md "Fixed-point arithmetic"). */
#define STUDY_COMMON "--code wifi-1944-1/2 --iter 15"
#define STUDY_NMS "--alg nms:0.75"
#define STUDY_SPA "--alg spa"
#define STUDY_PLAIN "--fixed --in-shift 0 --scale-round 0 --r-sat-late 0 --app-keep 0"

typedef struct {
    const char *label;
    fg_ber_point p[STUDY_POINTS_MAX];
    int n;
} study_curve;

static inline int study_threads(void)
{
    const char *e = getenv("FG_THREADS");
    const int t = e ? atoi(e) : 2;
    return t >= 1 && t <= FG_BER_WORKERS_MAX ? t : 2;
}

/* One curve: the family options STUDY_COMMON + args, --ebn0 e0:0.1:e1 --stop-fer stop_fer (points in
 * order until one has FER < stop_fer), --min-fe 100 --max-frames max_frames --seed 1. */
static inline void study_run_grid(const char *args, long long max_frames, double e0, double e1, double stop_fer,
                                  study_curve *out)
{
    char text[512];
    fg_family_setup s;
    snprintf(text, sizeof text, "%s %s", STUDY_COMMON, args);
    if (fg_family_setup_text(&s, fg_family_find("ldpc"), NULL, text)) {
        fprintf(stderr, "%s: \"%s\": %s\n", out->label, text, fg_last_error());
        fg_family_setup_free(&s);
        CU_FAIL_FATAL("fg_family_setup_text failed");
    }
    const fg_family_run run = {1, 100, max_frames, study_threads(), NULL, NULL};
    out->n = 0;
    for (int i = 0; e0 + i * 0.1 <= e1 + 1e-9 && out->n < STUDY_POINTS_MAX; i++) {
        const double e = round((e0 + i * 0.1) * 1e9) / 1e9; /* the CLI's grid values */
        fg_ber_point *p = &out->p[out->n];
        if (fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, e, p)) {
            fprintf(stderr, "%s at %g dB: %s\n", out->label, e, fg_last_error());
            fg_family_setup_free(&s);
            CU_FAIL_FATAL("fg_family_ber_point failed");
        }
        out->n++;
        printf("  %-34s %4.1f dB %9lld frames %4lld errors FER %.3e BER %.3e iter %.2f\n", out->label, e, p->frames,
               p->frame_errors, p->fer, p->ber, p->avg_work);
        fflush(stdout);
        if (p->fer < stop_fer)
            break;
    }
    fg_family_setup_free(&s);
}

/* The NMS study (--alg nms:0.75 + args) on its grid: --ebn0 1.4:0.1:3.4 --stop-fer stop_fer. */
static inline void study_run(const char *args, long long max_frames, double stop_fer, study_curve *out)
{
    char text[400];
    snprintf(text, sizeof text, "%s %s", STUDY_NMS, args);
    study_run_grid(text, max_frames, 1.4, 3.4, stop_fer, out);
}

/* The sum-product study (--alg spa + args, the exact check rule) on its grid --ebn0 1.0:0.1:2.6. */
static inline void study_run_spa(const char *args, long long max_frames, double stop_fer, study_curve *out)
{
    char text[400];
    snprintf(text, sizeof text, "%s %s", STUDY_SPA, args);
    study_run_grid(text, max_frames, 1.0, 2.6, stop_fer, out);
}

/* Eb/N0 at a FER (interpolated in log FER); fails the test if the curve does not bracket it. */
static inline double study_at(const study_curve *c, double fer)
{
    double e = NAN;
    if (fg_ber_x_at_fer(c->p, c->n, fer, 0, &e)) {
        fprintf(stderr, "%s: %s\n", c->label, fg_last_error());
        CU_FAIL("curve does not bracket the FER target");
    }
    return e;
}

#endif
