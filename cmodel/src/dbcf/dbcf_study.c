/* DBCF studies: worst case over block sizes, design-space sweep with its Pareto front. */
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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

/* Sweep workers share a queue of point indices; each point is simulated independently, so the
 * result does not depend on the number of threads. */
typedef struct {
    const fg_dbcf_grid *grid;
    fg_std std;
    const int *K_n;
    int n, dirs;
    fg_bank_mapping mapping;
    fg_dbcf_point *points;
    int total;
    pthread_mutex_t lock;
    int next, done, rc;
    char message[256];
    fg_progress_fn progress;
    void *user;
} sweep_job;

static void *sweep_worker(void *arg)
{
    sweep_job *job = arg;
    for (;;) {
        pthread_mutex_lock(&job->lock);
        const int i = job->rc ? job->total : job->next++;
        pthread_mutex_unlock(&job->lock);
        if (i >= job->total)
            return NULL;
        fg_dbcf_point *pt = &job->points[i];
        fg_dbcf_worst w;
        int rc = fg_dbcf_worst_case(&pt->cfg, job->std, job->K_n, job->n, job->dirs, job->mapping, 1, NULL, NULL, &w);
        if (!rc) {
            pt->feasible = w.all.overflow == 0 && w.all.misplaced == 0;
            pt->dC = w.all.dC;
            pt->max_fifo = w.all.max_fifo;
            pt->max_buf = w.all.max_buf;
            pt->bits = fg_dbcf_buffer_bits(&pt->cfg, w.bank_depth, job->grid->data_bits);
            pt->pareto = 0;
        }
        pthread_mutex_lock(&job->lock);
        if (rc && !job->rc) {
            job->rc = rc;
            snprintf(job->message, sizeof job->message, "%s", fg_last_error());
        }
        job->done++;
        /* Progress is reported under the lock so the callback never runs concurrently. */
        if (job->progress && !job->rc)
            job->progress(job->user, job->done, job->total);
        pthread_mutex_unlock(&job->lock);
    }
}

int fg_dbcf_sweep(const fg_dbcf_cfg *base, const fg_dbcf_grid *g, fg_std std, const int *K_n, int n, int dirs,
                  fg_bank_mapping mapping, fg_progress_fn progress, void *user, fg_dbcf_point *points,
                  int *n_points)
{
    *n_points = 0;
    if (g->n_banks < 1 || g->n_select < 1 || g->n_fifo < 1 || g->n_buf < 1)
        return fg_set_error(FG_EINVAL, "empty sweep grid (banks %d, select %d, fifo %d, buf %d values)",
                            g->n_banks, g->n_select, g->n_fifo, g->n_buf);
    if (g->threads < 0 || g->threads > 256)
        return fg_set_error(FG_EINVAL, "threads=%d out of range [0, 256] (0 = one per CPU)", g->threads);
    int np = 0;
    for (int ib = 0; ib < g->n_banks; ib++)
        for (int is = 0; is < g->n_select; is++)
            for (int iF = 0; iF < g->n_fifo; iF++)
                for (int iB = 0; iB < g->n_buf; iB++) {
                    fg_dbcf_point *pt = &points[np++];
                    pt->cfg = *base;
                    pt->cfg.banks = g->banks[ib];
                    pt->cfg.select = g->select[is];
                    pt->cfg.fifo_depth = g->fifo[iF];
                    pt->cfg.buf_depth = g->buf[iB];
                }
    sweep_job job = {.grid = g, .std = std, .K_n = K_n, .n = n, .dirs = dirs, .mapping = mapping,
                     .points = points, .total = np, .progress = progress, .user = user};
    pthread_mutex_init(&job.lock, NULL);
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    int threads = g->threads ? g->threads : (int)(cpus > 0 ? cpus : 1);
    if (threads > np)
        threads = np;
    pthread_t tid[256];
    int started = 0;
    for (; started < threads - 1; started++)
        if (pthread_create(&tid[started], NULL, sweep_worker, &job))
            break;
    sweep_worker(&job); /* the calling thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(tid[t], NULL);
    pthread_mutex_destroy(&job.lock);
    if (job.rc)
        return fg_set_error(job.rc, "%s", job.message);
    *n_points = np;
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
