/* MB-serial LDPC decoder model: whole codewords, timing runs and the base-matrix reordering. */
#include "fecforge/error.h"
#include "fecforge/rng.h"
#include "ldpc_arch_internal.h"

#include <stdlib.h>
#include <string.h>

static void finish_stats(fg_ldpc_arch *a, fg_ldpc_arch_stats *stats)
{
    fg_ldpc_arch_stats *st = &a->st;
    st->iterations = a->iterations;
    st->cycles_total = st->cycles_load + st->cycles_decode + st->cycles_unload;
    st->mbs_per_iter = a->mbs_per_iter;
    const int it = a->iterations;
    st->iter_start[0] = a->iter_start[0];
    st->iter_start[1] = a->iter_start[it > 0 ? it - 1 : 0];
    if (it > 1)
        st->cycles_per_iter = (double)(st->iter_start[1] - st->iter_start[0]) / (it - 1);
    else
        st->cycles_per_iter = (double)st->cycles_decode;
    if (stats)
        *stats = *st;
}

/* Load (from llr_n, or nothing in timing mode), decode, unload; step by step. */
static int drive(fg_ldpc_arch *a, const int32_t *llr_n, fg_ldpc_arch_trace_fn trace, void *user)
{
    const int nb = a->code->nb, N2 = a->N2, z = a->z;
    fg_ldpc_arch_reset(a);
    fg_ldpc_arch_ports o;
    fg_ldpc_arch_in in = {0, NULL};
    for (int w = 0; w < nb; w += N2) {
        in.llr_valid = 1;
        in.llr = llr_n ? llr_n + (size_t)w * z : NULL;
        int rc = fg_ldpc_arch_step(a, &in, &o);
        if (rc)
            return rc;
        if (trace)
            trace(user, a, &o);
    }
    in.llr_valid = 0;
    in.llr = NULL;
    /* generous bound: every MB of every iteration stalled by every latency, plus I/O */
    const long bound = (long)a->max_iter * (a->mbs_per_iter + a->n_ml * 64L + 64L) + 4L * nb + 1000L;
    for (long c = 0; a->phase != FG_LDPC_ARCH_DONE; c++) {
        if (c > bound)
            return fg_set_error(FG_ESTATE, "ldpc_arch: no progress after %ld cycles (model deadlock)", c);
        int rc = fg_ldpc_arch_step(a, &in, &o);
        if (rc)
            return rc;
        if (trace)
            trace(user, a, &o);
    }
    return 0;
}

int fg_ldpc_arch_decode(fg_ldpc_arch *a, const int32_t *llr_n, uint8_t *bits_n, int32_t *app_n, int *iterations,
                        fg_ldpc_arch_stats *stats, fg_ldpc_arch_trace_fn trace, void *user)
{
    if (!a || !llr_n || !bits_n)
        return fg_set_error(FG_EINVAL, "ldpc_arch_decode: a, llr_n and bits_n must not be NULL");
    a->datapath = 1;
    a->max_iter = a->cfg.fx.max_iter;
    a->early_term = a->cfg.fx.early_term != 0;
    int rc = drive(a, llr_n, trace, user);
    if (rc)
        return rc;
    const int n = a->code->n;
    for (int j = 0; j < n; j++) {
        const int32_t v = fg_ldpc_arch_app(a, j);
        bits_n[j] = (uint8_t)fg_fx_hard(v);
        if (app_n)
            app_n[j] = v;
    }
    if (iterations)
        *iterations = a->iterations;
    finish_stats(a, stats);
    return 0;
}

int fg_ldpc_arch_timing(fg_ldpc_arch *a, int iters, fg_ldpc_arch_stats *stats, fg_ldpc_arch_trace_fn trace,
                        void *user)
{
    if (!a)
        return fg_set_error(FG_EINVAL, "ldpc_arch_timing: a must not be NULL");
    if (iters < 1 || iters > 1000)
        return fg_set_error(FG_EINVAL, "iterations=%d out of range [1, 1000]", iters);
    if (iters + 2 > a->iter_cap) {
        long *p = realloc(a->iter_start, sizeof(long) * ((size_t)iters + 2));
        if (!p)
            return fg_set_error(FG_ENOMEM, "out of memory");
        a->iter_start = p;
        a->iter_cap = iters + 2;
    }
    a->datapath = 0;
    a->max_iter = iters;
    a->early_term = a->cfg.fx.early_term != 0;
    int rc = drive(a, NULL, trace, user);
    a->datapath = 1;
    a->max_iter = a->cfg.fx.max_iter;
    a->early_term = a->cfg.fx.early_term != 0;
    if (rc)
        return rc;
    finish_stats(a, stats);
    return 0;
}

/* ---- reordering ---- */

fg_ldpc_reorder_cfg fg_ldpc_reorder_cfg_default(void)
{
    fg_ldpc_reorder_cfg c = {.layers = 0, .seed = 1, .restarts = 8};
    return c;
}

/* Objective: steady-state cycles per iteration (x 1000), then non-empty MBs. */
static long objective(fg_ldpc_arch *a)
{
    fg_ldpc_arch_build(a);
    fg_ldpc_arch_stats st;
    if (fg_ldpc_arch_timing(a, 3, &st, NULL, NULL))
        return -1;
    return (long)(st.cycles_per_iter * 1000.0 + 0.5) * 1000L + a->mbs_per_iter;
}

static uint32_t rng_next(uint64_t seed, uint32_t *ctr)
{
    return fg_rng_u32_at(seed, 0x5eedu, (*ctr)++);
}

/* First-improvement pairwise-swap descent over columns (and layers). Returns the objective. */
static long descend(fg_ldpc_arch *a, int layers, long cur)
{
    const int nb = a->code->nb, mb = a->code->mb;
    int improved = 1;
    while (improved) {
        improved = 0;
        for (int i = 0; i < nb; i++)
            for (int j = i + 1; j < nb; j++) {
                int t = a->col_order[i];
                a->col_order[i] = a->col_order[j];
                a->col_order[j] = t;
                long v = objective(a);
                if (v >= 0 && v < cur) {
                    cur = v;
                    improved = 1;
                } else {
                    a->col_order[j] = a->col_order[i];
                    a->col_order[i] = t;
                }
            }
        if (!layers)
            continue;
        for (int i = 0; i < mb; i++)
            for (int j = i + 1; j < mb; j++) {
                int t = a->layer_order[i];
                a->layer_order[i] = a->layer_order[j];
                a->layer_order[j] = t;
                long v = objective(a);
                if (v >= 0 && v < cur) {
                    cur = v;
                    improved = 1;
                } else {
                    a->layer_order[j] = a->layer_order[i];
                    a->layer_order[i] = t;
                }
            }
    }
    fg_ldpc_arch_build(a);
    return cur;
}

int fg_ldpc_arch_reorder(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, const fg_ldpc_reorder_cfg *rcfg,
                         int *col_order_nb, int *layer_order_mb)
{
    if (!rcfg || !col_order_nb || !layer_order_mb)
        return fg_set_error(FG_EINVAL, "ldpc_arch_reorder: rcfg and the order arrays must not be NULL");
    if (rcfg->restarts < 0 || rcfg->restarts > 1000)
        return fg_set_error(FG_EINVAL, "restarts=%d out of range [0, 1000]", rcfg->restarts);
    fg_ldpc_arch *a;
    int rc = fg_ldpc_arch_create(code, cfg, &a);
    if (rc)
        return rc;
    const int nb = code->nb, mb = code->mb;
    int *best_c = malloc(sizeof(int) * (size_t)nb), *best_l = malloc(sizeof(int) * (size_t)mb);
    if (!best_c || !best_l) {
        free(best_c);
        free(best_l);
        fg_ldpc_arch_destroy(a);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    long best = objective(a);
    if (best < 0) {
        rc = FG_ESTATE;
        goto out;
    }
    memcpy(best_c, a->col_order, sizeof(int) * (size_t)nb);
    memcpy(best_l, a->layer_order, sizeof(int) * (size_t)mb);
    /* phase 0: columns only; phase 1 (with layers): columns and layers, from phase 0's best, so
       the combined search is never worse than the columns-only one */
    uint32_t ctr = 0;
    for (int phase = 0; phase <= (rcfg->layers ? 1 : 0); phase++) {
        memcpy(a->col_order, best_c, sizeof(int) * (size_t)nb);
        memcpy(a->layer_order, best_l, sizeof(int) * (size_t)mb);
        best = descend(a, phase, best);
        memcpy(best_c, a->col_order, sizeof(int) * (size_t)nb);
        memcpy(best_l, a->layer_order, sizeof(int) * (size_t)mb);
        for (int r = 0; r < rcfg->restarts; r++) {
            /* perturb the best: a few random column (and layer) swaps */
            memcpy(a->col_order, best_c, sizeof(int) * (size_t)nb);
            memcpy(a->layer_order, best_l, sizeof(int) * (size_t)mb);
            for (int s = 0; s < 4; s++) {
                int i = (int)(rng_next(rcfg->seed, &ctr) % (uint32_t)nb);
                int j = (int)(rng_next(rcfg->seed, &ctr) % (uint32_t)nb);
                int t = a->col_order[i];
                a->col_order[i] = a->col_order[j];
                a->col_order[j] = t;
                if (phase && mb > 1) {
                    i = (int)(rng_next(rcfg->seed, &ctr) % (uint32_t)mb);
                    j = (int)(rng_next(rcfg->seed, &ctr) % (uint32_t)mb);
                    t = a->layer_order[i];
                    a->layer_order[i] = a->layer_order[j];
                    a->layer_order[j] = t;
                }
            }
            long v = objective(a);
            if (v < 0)
                continue;
            v = descend(a, phase, v);
            if (v < best) {
                best = v;
                memcpy(best_c, a->col_order, sizeof(int) * (size_t)nb);
                memcpy(best_l, a->layer_order, sizeof(int) * (size_t)mb);
            }
        }
    }
    memcpy(col_order_nb, best_c, sizeof(int) * (size_t)nb);
    memcpy(layer_order_mb, best_l, sizeof(int) * (size_t)mb);
out:
    free(best_c);
    free(best_l);
    fg_ldpc_arch_destroy(a);
    return rc;
}
