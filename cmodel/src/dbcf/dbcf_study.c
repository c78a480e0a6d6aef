/* DBCF studies: worst case over block sizes, design-space sweep with its Pareto front. */
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <stdlib.h>

static void fold(fg_dbcf_result *acc, const fg_dbcf_result *r, int *worst_K, int K)
{
    if (r->dC > acc->dC || *worst_K < 0) {
        acc->dC = r->dC;
        acc->C0 = r->C0;
        acc->C1 = r->C1;
        *worst_K = K;
    }
    if (r->max_fifo > acc->max_fifo)
        acc->max_fifo = r->max_fifo;
    if (r->max_buf > acc->max_buf)
        acc->max_buf = r->max_buf;
    acc->overflow += r->overflow;
    acc->stalls += r->stalls;
    acc->written += r->written;
    acc->misplaced += r->misplaced;
}

int fg_dbcf_worst_case(const fg_dbcf_cfg *cfg, fg_std std, const int *K_n, int n, int dirs,
                       fg_bank_mapping mapping, int stop_on_loss, fg_progress_fn progress, void *user,
                       fg_dbcf_worst *out)
{
    if (n < 1)
        return fg_set_error(FG_EINVAL, "no block size given");
    if (dirs < 1 || dirs > FG_DIRS_BOTH)
        return fg_set_error(FG_EINVAL, "dirs=%d invalid: 1 interleave, 2 deinterleave, 3 both", dirs);
    int rc = fg_dbcf_cfg_check(cfg);
    for (int i = 0; !rc && i < n; i++)
        rc = fg_interleaver_check_k(std, K_n[i]);
    if (rc)
        return rc;
    *out = (fg_dbcf_worst){.worst_K = {-1, -1}, .worst_K_all = -1};
    int32_t *addr = malloc(sizeof *addr * FG_K_MAX);
    if (!addr)
        return fg_set_error(FG_ENOMEM, "out of memory");
    for (int i = 0; i < n && !rc; i++) {
        const int K = K_n[i];
        fg_xmap_schedule s;
        fg_bank_map map;
        rc = fg_xmap_schedule_init(&s, K, cfg->pllr);
        if (!rc)
            rc = fg_bank_map_init(&map, mapping, cfg->banks, &s);
        if (rc)
            break;
        if (map.depth > out->bank_depth)
            out->bank_depth = map.depth;
        int lost = 0;
        for (int d = 0; d < 2 && !rc; d++) {
            if (!(dirs & (1 << d)))
                continue;
            fg_dbcf_result r;
            rc = fg_write_addresses(std, K, (fg_direction)d, addr);
            if (!rc)
                rc = fg_dbcf_half_iteration(cfg, &map, addr, NULL, NULL, &r);
            if (rc)
                break;
            fold(&out->dir[d], &r, &out->worst_K[d], K);
            fold(&out->all, &r, &out->worst_K_all, K);
            lost |= r.overflow > 0 || r.misplaced > 0;
        }
        out->sizes_run = i + 1;
        if (progress)
            progress(user, i + 1, n);
        if (lost && stop_on_loss)
            break;
    }
    free(addr);
    return rc;
}

int fg_dbcf_sweep(const fg_dbcf_cfg *base, const fg_dbcf_grid *g, fg_std std, const int *K_n, int n, int dirs,
                  fg_bank_mapping mapping, fg_progress_fn progress, void *user, fg_dbcf_point *points,
                  int *n_points)
{
    if (g->n_banks < 1 || g->n_select < 1 || g->n_fifo < 1 || g->n_buf < 1)
        return fg_set_error(FG_EINVAL, "empty sweep grid (banks %d, select %d, fifo %d, buf %d values)",
                            g->n_banks, g->n_select, g->n_fifo, g->n_buf);
    const long total = (long)g->n_banks * g->n_select * g->n_fifo * g->n_buf;
    int np = 0, rc = 0;
    for (int ib = 0; ib < g->n_banks && !rc; ib++)
        for (int is = 0; is < g->n_select && !rc; is++)
            for (int iF = 0; iF < g->n_fifo && !rc; iF++)
                for (int iB = 0; iB < g->n_buf && !rc; iB++) {
                    fg_dbcf_point *pt = &points[np];
                    pt->cfg = *base;
                    pt->cfg.banks = g->banks[ib];
                    pt->cfg.select = g->select[is];
                    pt->cfg.fifo_depth = g->fifo[iF];
                    pt->cfg.buf_depth = g->buf[iB];
                    fg_dbcf_worst w;
                    rc = fg_dbcf_worst_case(&pt->cfg, std, K_n, n, dirs, mapping, 1, NULL, NULL, &w);
                    if (rc)
                        break;
                    pt->feasible = w.all.overflow == 0 && w.all.misplaced == 0;
                    pt->dC = w.all.dC;
                    pt->max_fifo = w.all.max_fifo;
                    pt->max_buf = w.all.max_buf;
                    pt->bits = fg_dbcf_buffer_bits(&pt->cfg, w.bank_depth, g->data_bits);
                    pt->pareto = 0;
                    np++;
                    if (progress)
                        progress(user, np, total);
                }
    *n_points = np;
    if (rc)
        return rc;
    /* Pareto front per (M, S): the bank count (SRAM macros) and the router width (PLLR x S
     * multiplexers) are costs of their own. Over feasible points of a group: no other point has
     * bits <= and dC <= with one of them strictly smaller; among identical (bits, dC) the first
     * listed is kept. */
    for (int i = 0; i < np; i++) {
        if (!points[i].feasible)
            continue;
        int dominated = 0;
        for (int j = 0; j < np && !dominated; j++) {
            if (j == i || !points[j].feasible || points[j].cfg.banks != points[i].cfg.banks ||
                points[j].cfg.select != points[i].cfg.select)
                continue;
            const fg_dbcf_point *a = &points[j], *b = &points[i];
            if (a->bits <= b->bits && a->dC <= b->dC && (a->bits < b->bits || a->dC < b->dC || j < i))
                dominated = 1;
        }
        points[i].pareto = !dominated;
    }
    return 0;
}
