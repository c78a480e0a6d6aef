/* Shared by the slow LDPC study suites (slow_ldpc_study.c, slow_ldpc_fer1e4.c): one curve of
 * scripts/ldpc-ber-study.sh through the library, with the very grid, seed and stop rules of its
 * commands, so the counts equal those of the documented `fecforge ber ldpc` runs (docs/ldpc.md).
 * FG_THREADS (default 2) sets the thread count; the counts do not depend on it. */
#ifndef FG_LDPC_STUDY_COMMON_H
#define FG_LDPC_STUDY_COMMON_H

#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_ber.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { STUDY_POINTS_MAX = 32 };

typedef struct {
    const char *label;
    fg_ldpc_ber_point p[STUDY_POINTS_MAX];
    int n;
} study_curve;

static inline int study_threads(void)
{
    const char *e = getenv("FG_THREADS");
    const int t = e ? atoi(e) : 2;
    return t >= 1 && t <= FG_LDPC_BER_THREADS_MAX ? t : 2;
}

/* The study's common settings: NMS 0.75, 15 iterations, early termination, seed 1, 100 frame errors. */
static inline fg_ldpc_ber_cfg study_cfg(long long max_frames)
{
    fg_ldpc_ber_cfg c = fg_ldpc_ber_cfg_default();
    c.dec.alg = FG_LDPC_ALG_NMS;
    c.dec.nms_factor = 0.75;
    c.dec.max_iter = c.fx.max_iter = 15;
    c.dec.early_term = c.fx.early_term = 1;
    c.seed = 1;
    c.min_fe = 100;
    c.max_frames = max_frames;
    c.threads = study_threads();
    return c;
}

/* --ebn0 e0:0.1:e1 --stop-fer stop_fer: points in order until one has FER < stop_fer. */
static inline void study_run_grid(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *c, double e0, double e1,
                                  double stop_fer, study_curve *out)
{
    out->n = 0;
    for (int i = 0; e0 + i * 0.1 <= e1 + 1e-9 && out->n < STUDY_POINTS_MAX; i++) {
        const double e = round((e0 + i * 0.1) * 1e9) / 1e9; /* the CLI's grid values */
        fg_ldpc_ber_point *p = &out->p[out->n];
        const int rc = fg_ldpc_ber_run(code, c, e, p);
        if (rc) {
            fprintf(stderr, "%s at %g dB: %s\n", out->label, e, fg_last_error());
            CU_FAIL_FATAL("fg_ldpc_ber_run failed");
        }
        out->n++;
        printf("  %-34s %4.1f dB %9lld frames %4lld errors FER %.3e BER %.3e iter %.2f\n", out->label, e, p->frames,
               p->frame_errors, p->fer, p->ber, p->avg_iter);
        fflush(stdout);
        if (p->fer < stop_fer)
            break;
    }
}

/* The NMS study's grid: --ebn0 1.4:0.1:3.4 --stop-fer stop_fer. */
static inline void study_run(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *c, double stop_fer, study_curve *out)
{
    study_run_grid(code, c, 1.4, 3.4, stop_fer, out);
}

/* The sum-product study (--alg spa): the common settings with the exact check rule, and its grid
 * --ebn0 1.0:0.1:2.6. */
static inline fg_ldpc_ber_cfg study_cfg_spa(fg_ldpc_schedule s, int K, long long max_frames)
{
    fg_ldpc_ber_cfg c = study_cfg(max_frames);
    c.dec.alg = FG_LDPC_ALG_SPA;
    c.dec.schedule = s;
    c.dec.layers = K;
    return c;
}

static inline void study_run_spa(const fg_ldpc_code *code, const fg_ldpc_ber_cfg *c, double stop_fer, study_curve *out)
{
    study_run_grid(code, c, 1.0, 2.6, stop_fer, out);
}

/* Eb/N0 at a FER (interpolated in log FER); fails the test if the curve does not bracket it. */
static inline double study_at(const study_curve *c, double fer)
{
    double e = NAN;
    if (fg_ldpc_ber_ebn0_at(c->p, c->n, fer, &e)) {
        fprintf(stderr, "%s: %s\n", c->label, fg_last_error());
        CU_FAIL("curve does not bracket the FER target");
    }
    return e;
}

#endif
