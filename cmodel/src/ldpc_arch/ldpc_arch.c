/* Multi-layer MB-serial LDPC decoder: cycle-accurate step model (fecforge/ldpc_arch.h,
 * docs/ldpc-architecture.md). */
#include "fecforge/ldpc_arch.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "ldpc_arch_internal.h"

#include <stdlib.h>
#include <string.h>

fg_ldpc_arch_cfg fg_ldpc_arch_cfg_default(void)
{
    fg_ldpc_arch_cfg c;
    memset(&c, 0, sizeof c);
    c.fx = fg_ldpc_fixed_cfg_default();
    c.mb_rows = c.fx.layers;
    c.mb_cols = 2;
    c.s1_depth = 2;
    c.s2_depth = 1;
    c.forward = 1;
    c.et_depth = 1;
    c.overlap = 1;
    return c;
}

/* p (the field at `field` of the configuration) a permutation of [0, n-1]; the refusal names the field. */
static int check_perm(const int *p, const void *field, int n, const char *what)
{
    if (!p)
        return 0;
    char *seen = calloc((size_t)n, 1);
    if (!seen)
        return fg_set_error(FG_ENOMEM, "out of memory");
    int rc = 0;
    for (int i = 0; i < n && !rc; i++) {
        if (p[i] < 0 || p[i] >= n || seen[p[i]])
            rc = fg_set_error_at(FG_EINVAL, field, "%s[%d]=%d: not a permutation of [0, %d]", what, i, p[i], n - 1);
        else
            seen[p[i]] = 1;
    }
    free(seen);
    return rc;
}

int fg_ldpc_arch_cfg_check(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *c)
{
    if (!code || !c)
        return fg_set_error(FG_EINVAL, "ldpc_arch: code and cfg must not be NULL");
    const fg_ldpc_fixed_cfg *f = &c->fx;
    if (f->layers < 1 || f->layers > code->mb)
        return fg_set_error_at(FG_EINVAL, &f->layers,
                               "layers K=%d out of range [1, %d] (mb of %s)", f->layers, code->mb,
                               code->name);
    if (f->llr_width < 2 || f->llr_width > 16)
        return fg_set_error_at(FG_EINVAL, &f->llr_width, "llr_width=%d out of range [2, 16]", f->llr_width);
    if (f->llr_frac < 0 || f->llr_frac > f->llr_width - 1)
        return fg_set_error_at(FG_EINVAL, &f->llr_frac,
                               "llr_frac=%d out of range [0, %d]", f->llr_frac, f->llr_width - 1);
    if (f->r_width < 2 || f->r_width > 16)
        return fg_set_error_at(FG_EINVAL, &f->r_width, "r_width=%d out of range [2, 16]", f->r_width);
    if (f->app_width < f->llr_width || f->app_width > 24)
        return fg_set_error_at(FG_EINVAL, &f->app_width,
                               "app_width=%d out of range [%d, 24]", f->app_width, f->llr_width);
    if (f->in_shift < 0 || f->in_shift > f->llr_width - 1)
        return fg_set_error_at(FG_EINVAL, &f->in_shift, "in_shift=%d out of range [0, %d] (llr_width - 1)", f->in_shift,
                               f->llr_width - 1);
    if (f->scale_shift < 0 || f->scale_shift > 8)
        return fg_set_error_at(FG_EINVAL, &f->scale_shift, "scale_shift=%d out of range [0, 8]", f->scale_shift);
    if (f->scale_num < 1 || f->scale_num > (1 << f->scale_shift))
        return fg_set_error_at(FG_EINVAL, &f->scale_num,
                               "scale_num=%d out of range [1, %d]", f->scale_num, 1 << f->scale_shift);
    if (f->scale_round != 0 && f->scale_round != 1)
        return fg_set_error_at(FG_EINVAL, &f->scale_round,
                               "scale_round=%d invalid: 0 (floor) or 1 (nearest)", f->scale_round);
    if (f->r_sat_late != 0 && f->r_sat_late != 1)
        return fg_set_error_at(FG_EINVAL, &f->r_sat_late, "r_sat_late=%d invalid: 0 or 1", f->r_sat_late);
    if (f->app_keep != 0 && f->app_keep != 1)
        return fg_set_error_at(FG_EINVAL, &f->app_keep, "app_keep=%d invalid: 0 or 1", f->app_keep);
    if (f->max_iter < 1 || f->max_iter > 1000)
        return fg_set_error_at(FG_EINVAL, &f->max_iter, "max_iter=%d out of range [1, 1000]", f->max_iter);
    if (c->mb_rows != f->layers)
        return fg_set_error_at(FG_EINVAL, &c->mb_rows,
                               "MB rows N1=%d unsupported: the MB-serial model needs N1 == K (layers=%d), an MB "
                               "spanning the whole macro-layer",
                               c->mb_rows, f->layers);
    const int pmax = code->nb < FG_LDPC_ARCH_PORTS_MAX ? code->nb : FG_LDPC_ARCH_PORTS_MAX;
    if (c->mb_cols < 1 || c->mb_cols > pmax)
        return fg_set_error_at(FG_EINVAL, &c->mb_cols, "MB columns N2=%d out of range [1, %d]", c->mb_cols, pmax);
    if (c->s1_depth < 1 || c->s1_depth > 16)
        return fg_set_error_at(FG_EINVAL, &c->s1_depth, "s1_depth=%d out of range [1, 16]", c->s1_depth);
    if (c->s2_depth < 0 || c->s2_depth > 16)
        return fg_set_error_at(FG_EINVAL, &c->s2_depth, "s2_depth=%d out of range [0, 16]", c->s2_depth);
    if (c->et_depth < 1 || c->et_depth > 16)
        return fg_set_error_at(FG_EINVAL, &c->et_depth, "et_depth=%d out of range [1, 16]", c->et_depth);
    if (c->mb_order != FG_LDPC_ARCH_ORDER_LTR && c->mb_order != FG_LDPC_ARCH_ORDER_HAZARD)
        return fg_set_error_at(FG_EINVAL, &c->mb_order, "mb_order=%d out of range [0, 1] (LTR, HAZARD)", c->mb_order);
    if (c->overlap != 0 && c->overlap != 1)
        return fg_set_error_at(FG_EINVAL, &c->overlap, "overlap=%d out of range [0, 1]", c->overlap);
    if (c->forward != 0 && c->forward != 1)
        return fg_set_error_at(FG_EINVAL, &c->forward, "forward=%d out of range [0, 1]", c->forward);
    int rc = check_perm(c->col_order, &c->col_order, code->nb, "col_order");
    if (!rc)
        rc = check_perm(c->layer_order, &c->layer_order, code->mb, "layer_order");
    return rc;
}

/* ---- schedule: macro-layers and their non-empty MBs in processing order ---- */

/* Does listed MB i touch word addr? */
static int mb_touches(const fg_ldpc_arch *a, int i, int addr)
{
    const int p = addr - a->mb_mbc[i] * a->N2;
    return p >= 0 && p < a->N2 && a->mb_rd[(size_t)i * a->N2 + p];
}

/* Static hazard-aware schedule (FG_LDPC_ARCH_ORDER_HAZARD): stage-1 order of every macro-layer
 * first (MBs sharing no word with the previous macro-layer first, each group left to right), then
 * the stage-2 order from the next macro-layer's stage-1 order (MBs by the first stage-1 position
 * at which the next macro-layer reads one of their words; MBs it does not read last). The
 * positions are stored in s1_ord / s2_ord (local indices, offset by ml_mb_start). */
static void hazard_order(fg_ldpc_arch *a)
{
    const int n_ml = a->n_ml, nb = a->code->nb;
    int *first = a->tmp_nb; /* per word: stage-1 position in the next macro-layer, or a large value */
    for (int m = 0; m < n_ml; m++) {
        const int prev = (m + n_ml - 1) % n_ml, s0 = a->ml_mb_start[m], n = a->ml_mb_start[m + 1] - s0;
        int k = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < n; i++) {
                int shared = 0;
                for (int p = 0; p < a->N2 && !shared; p++) {
                    const int addr = a->mb_mbc[s0 + i] * a->N2 + p;
                    if (!a->mb_rd[(size_t)(s0 + i) * a->N2 + p])
                        continue;
                    for (int j = a->ml_mb_start[prev]; j < a->ml_mb_start[prev + 1] && !shared; j++)
                        shared = mb_touches(a, j, addr);
                }
                if (shared == pass)
                    a->s1_ord[s0 + k++] = i;
            }
    }
    for (int m = 0; m < n_ml; m++) {
        const int next = (m + 1) % n_ml, s0 = a->ml_mb_start[m], n = a->ml_mb_start[m + 1] - s0;
        const int t0 = a->ml_mb_start[next], tn = a->ml_mb_start[next + 1] - t0;
        for (int w = 0; w < nb; w++)
            first[w] = 1 << 20;
        for (int pos = 0; pos < tn; pos++) {
            const int i = t0 + a->s1_ord[t0 + pos];
            for (int p = 0; p < a->N2; p++)
                if (a->mb_rd[(size_t)i * a->N2 + p] && first[a->mb_mbc[i] * a->N2 + p] > pos)
                    first[a->mb_mbc[i] * a->N2 + p] = pos;
        }
        /* insertion sort of the local indices by key, stable (left to right among equals) */
        for (int i = 0; i < n; i++) {
            int key = 1 << 21;
            for (int p = 0; p < a->N2; p++)
                if (a->mb_rd[(size_t)(s0 + i) * a->N2 + p] && first[a->mb_mbc[s0 + i] * a->N2 + p] < key)
                    key = first[a->mb_mbc[s0 + i] * a->N2 + p];
            a->tmp_key[i] = key;
        }
        for (int i = 0; i < n; i++) {
            int j = i;
            while (j > 0 && a->tmp_key[a->s2_ord[s0 + j - 1]] > a->tmp_key[i]) {
                a->s2_ord[s0 + j] = a->s2_ord[s0 + j - 1];
                j--;
            }
            a->s2_ord[s0 + j] = i;
        }
    }
}

/* LLR-memory banks (docs/ldpc-architecture.md "Memories"): N2 one-read one-write SRAMs, word w in bank
 * word_bank[w] at row w / N2. A cycle touches at most one word per bank if the N2 words of an MB column
 * (stage 1 reads, stage 2 writes) and those of N2 consecutive block columns (a load or unload cycle) lie in
 * different banks. The words are the edges of a bipartite multigraph (MB column, column group) whose nodes
 * have degree <= N2, so a proper edge colouring with N2 colours (banks) exists (Koenig); it is built edge by
 * edge, recolouring an alternating path when needed, preferring bank w mod N2 (the identity order keeps it). */
static void bank_assign(fg_ldpc_arch *a)
{
    const int N2 = a->N2, nb = a->code->nb, nn = a->n_mbc * N2;
    int *at_row = a->bank_tmp, *at_grp = at_row + nn, *path = at_grp + nn; /* [node * N2 + bank]: word, -1 */
    for (int i = 0; i < 2 * nn; i++)
        at_row[i] = -1;
    for (int w = 0; w < nb; w++) {
        const int u = w / N2, v = a->col_order[w] / N2;
        int c = w % N2, d = 0;
        if (at_row[u * N2 + c] >= 0 || at_grp[v * N2 + c] >= 0)
            for (c = 0; at_row[u * N2 + c] >= 0; c++) /* a bank free at the row: u has < N2 words so far */
                ;
        if (at_grp[v * N2 + c] >= 0) {
            while (at_grp[v * N2 + d] >= 0) /* free at the group */
                d++;
            /* the c/d path from v never reaches u (bipartite); swapping it frees c at v */
            int n = 0, x = v, grp = 1, col = c;
            for (int e; (e = grp ? at_grp[x * N2 + col] : at_row[x * N2 + col]) >= 0; grp = !grp) {
                path[n++] = e;
                x = grp ? e / N2 : a->col_order[e] / N2;
                col = col == c ? d : c;
            }
            for (int i = 0; i < n; i++) {
                const int e = path[i];
                at_row[(e / N2) * N2 + a->word_bank[e]] = at_grp[(a->col_order[e] / N2) * N2 + a->word_bank[e]] = -1;
            }
            for (int i = 0; i < n; i++) {
                const int e = path[i], b = a->word_bank[e] == c ? d : c;
                a->word_bank[e] = b;
                at_row[(e / N2) * N2 + b] = at_grp[(a->col_order[e] / N2) * N2 + b] = e;
            }
        }
        a->word_bank[w] = c;
        at_row[u * N2 + c] = at_grp[v * N2 + c] = w;
    }
}

int fg_ldpc_arch_build(fg_ldpc_arch *a)
{
    const fg_ldpc_code *c = a->code;
    const int K = a->K, N2 = a->N2, nb = c->nb, mb = c->mb;
    for (int i = 0; i < nb; i++)
        a->inv_col[a->col_order[i]] = i;
    /* block id of (layer, column) */
    for (int i = 0; i < mb * nb; i++)
        a->blk_at[i] = -1;
    for (int l = 0; l < mb; l++)
        for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++)
            a->blk_at[l * nb + c->blk_col[b]] = b;
    /* processing index of each block inside its layer: ascending memory address */
    for (int l = 0; l < mb; l++) {
        int idx = 0;
        for (int addr = 0; addr < nb; addr++) {
            int b = a->blk_at[l * nb + a->col_order[addr]];
            if (b >= 0)
                a->blk_pidx[b] = idx++;
        }
    }
    int total = 0, maxmb = 0;
    a->ml_mb_start[0] = 0;
    for (int m = 0; m < a->n_ml; m++) {
        int cnt = 0;
        for (int mbc = 0; mbc < a->n_mbc; mbc++) {
            int any = 0;
            for (int p = 0; p < N2; p++) {
                int addr = mbc * N2 + p;
                int rd = 0;
                for (int r = 0; r < K; r++) {
                    int pos = m * K + r, b = -1;
                    if (pos < mb && addr < nb)
                        b = a->blk_at[a->layer_order[pos] * nb + a->col_order[addr]];
                    a->mb_blk[((size_t)total * K + r) * N2 + p] = b;
                    rd |= b >= 0;
                }
                a->mb_rd[(size_t)total * N2 + p] = rd;
                any |= rd;
            }
            if (any) {
                a->mb_mbc[total] = mbc;
                total++;
                cnt++;
            }
        }
        a->ml_mb_start[m + 1] = total;
        if (cnt > maxmb)
            maxmb = cnt;
    }
    a->mbs_per_iter = total;
    a->max_mbs = maxmb;
    for (int m = 0; m < a->n_ml; m++)
        for (int i = a->ml_mb_start[m]; i < a->ml_mb_start[m + 1]; i++)
            a->s1_ord[i] = a->s2_ord[i] = i - a->ml_mb_start[m];
    if (a->cfg.mb_order == FG_LDPC_ARCH_ORDER_HAZARD && a->n_ml > 1)
        hazard_order(a);
    for (int m = 0; m < a->n_ml; m++) {
        const int s0 = a->ml_mb_start[m], n = a->ml_mb_start[m + 1] - s0;
        a->s2_late[m] = n > 0 && a->s2_ord[s0] == a->s1_ord[s0 + n - 1];
    }
    bank_assign(a);
    return 0;
}

void fg_ldpc_arch_destroy(fg_ldpc_arch *a)
{
    if (!a)
        return;
    free(a->col_order);
    free(a->layer_order);
    free(a->inv_col);
    free(a->blk_at);
    free(a->blk_pidx);
    free(a->ml_mb_start);
    free(a->mb_mbc);
    free(a->mb_rd);
    free(a->mb_blk);
    free(a->s1_ord);
    free(a->s2_ord);
    free(a->s2_late);
    free(a->word_bank);
    free(a->bank_tmp);
    free(a->tmp_nb);
    free(a->tmp_key);
    free(a->mem);
    free(a->rf_min0);
    free(a->rf_min1);
    free(a->rf_pos);
    free(a->rf_par);
    free(a->rf_sign);
    free(a->pp_min0);
    free(a->pp_min1);
    free(a->pp_pos);
    free(a->pp_par);
    free(a->pp_sign);
    free(a->lbuf);
    free(a->pend);
    free(a->wq);
    free(a->wq_data);
    free(a->s1_last);
    free(a->iter_start);
    free(a->out_bits);
    free(a->out_reg);
    free(a->load_w);
    free(a->delta);
    free(a);
}

int fg_ldpc_arch_create(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, fg_ldpc_arch **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "ldpc_arch: out must not be NULL");
    *out = NULL;
    int rc = fg_ldpc_arch_cfg_check(code, cfg);
    if (rc)
        return rc;
    fg_ldpc_arch *a = calloc(1, sizeof *a);
    if (!a)
        return fg_set_error(FG_ENOMEM, "out of memory");
    a->cfg = *cfg;
    a->code = code;
    a->K = cfg->fx.layers;
    a->N2 = cfg->mb_cols;
    a->z = code->z;
    a->n_ml = (code->mb + a->K - 1) / a->K;
    a->n_mbc = (code->nb + a->N2 - 1) / a->N2;
    const size_t nb = (size_t)code->nb, mb = (size_t)code->mb, z = (size_t)code->z, N2 = (size_t)a->N2;
    const size_t nblk = (size_t)code->n_blocks, totmb = (size_t)a->n_ml * (size_t)a->n_mbc;
    a->wq_cap = cfg->s2_depth + 1;
    a->col_order = malloc(sizeof(int) * nb);
    a->layer_order = malloc(sizeof(int) * mb);
    a->inv_col = malloc(sizeof(int) * nb);
    a->blk_at = malloc(sizeof(int) * nb * mb);
    a->blk_pidx = malloc(sizeof(int) * nblk);
    a->ml_mb_start = malloc(sizeof(int) * ((size_t)a->n_ml + 1));
    a->mb_mbc = malloc(sizeof(int) * totmb);
    a->mb_rd = malloc(sizeof(int) * totmb * N2);
    a->mb_blk = malloc(sizeof(int) * totmb * N2 * (size_t)a->K);
    a->s1_ord = malloc(sizeof(int) * totmb);
    a->s2_ord = malloc(sizeof(int) * totmb);
    a->s2_late = malloc(sizeof(int) * (size_t)a->n_ml);
    a->word_bank = malloc(sizeof(int) * nb);
    a->bank_tmp = malloc(sizeof(int) * (2 * (size_t)a->n_mbc * N2 + nb));
    a->tmp_nb = malloc(sizeof(int) * nb);
    a->tmp_key = malloc(sizeof(int) * (size_t)a->n_mbc);
    a->mem = calloc(nb * z, sizeof(int32_t));
    a->rf_min0 = malloc(sizeof(int32_t) * mb * z);
    a->rf_min1 = malloc(sizeof(int32_t) * mb * z);
    a->rf_pos = malloc(sizeof(int32_t) * mb * z);
    a->rf_par = malloc(mb * z);
    a->rf_sign = malloc(nblk * z);
    a->pp_min0 = malloc(sizeof(int32_t) * 2 * mb * z);
    a->pp_min1 = malloc(sizeof(int32_t) * 2 * mb * z);
    a->pp_pos = malloc(sizeof(int32_t) * 2 * mb * z);
    a->pp_par = malloc(2 * mb * z);
    a->pp_sign = malloc(2 * nblk * z);
    a->lbuf = malloc(sizeof(int32_t) * 2 * (size_t)a->n_mbc * N2 * z);
    a->pend = malloc(sizeof(long) * nb);
    a->wq = malloc(sizeof(*a->wq) * (size_t)a->wq_cap);
    a->wq_data = malloc(sizeof(int32_t) * (size_t)a->wq_cap * N2 * z);
    a->s1_last = malloc(sizeof(long) * 2);
    a->iter_cap = cfg->fx.max_iter + 2;
    a->iter_start = malloc(sizeof(long) * (size_t)a->iter_cap);
    a->out_bits = calloc(N2 * z, 1);
    a->out_reg = calloc(N2 * z, 1);
    a->load_w = calloc(N2 * z, sizeof(int32_t));
    a->delta = malloc(sizeof(int64_t) * z);
    if (!a->col_order || !a->layer_order || !a->inv_col || !a->blk_at || !a->blk_pidx || !a->ml_mb_start ||
        !a->mb_mbc || !a->mb_rd || !a->mb_blk || !a->s1_ord || !a->s2_ord || !a->s2_late || !a->word_bank || !a->bank_tmp || !a->tmp_nb || !a->tmp_key ||
        !a->mem || !a->rf_min0 || !a->rf_min1 || !a->rf_pos || !a->rf_par || !a->rf_sign || !a->pp_min0 ||
        !a->pp_min1 || !a->pp_pos || !a->pp_par || !a->pp_sign || !a->lbuf || !a->pend || !a->wq || !a->wq_data ||
        !a->s1_last || !a->iter_start || !a->out_bits || !a->out_reg || !a->load_w || !a->delta) {
        fg_ldpc_arch_destroy(a);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    for (int i = 0; i < code->nb; i++)
        a->col_order[i] = cfg->col_order ? cfg->col_order[i] : i;
    for (int i = 0; i < code->mb; i++)
        a->layer_order[i] = cfg->layer_order ? cfg->layer_order[i] : i;
    a->cfg.col_order = NULL;
    a->cfg.layer_order = NULL;
    a->max_iter = cfg->fx.max_iter;
    a->early_term = cfg->fx.early_term != 0;
    a->datapath = 1;
    fg_ldpc_arch_build(a);
    fg_ldpc_arch_reset(a);
    *out = a;
    return 0;
}

void fg_ldpc_arch_reset(fg_ldpc_arch *a)
{
    a->phase = FG_LDPC_ARCH_IDLE;
    a->cycle = 0;
    a->loaded = 0;
    a->unload_pos = 0;
    a->unload_pending = 0;
    memset(&a->st, 0, sizeof a->st);
}

void fg_ldpc_arch_schedule(const fg_ldpc_arch *a, fg_ldpc_arch_sched *s)
{
    *s = (fg_ldpc_arch_sched){.n_ml = a->n_ml, .n_mbc = a->n_mbc, .mbs_per_iter = a->mbs_per_iter, .K = a->K,
                              .N2 = a->N2, .ml_mb_start = a->ml_mb_start, .mb_mbc = a->mb_mbc, .mb_rd = a->mb_rd,
                              .mb_blk = a->mb_blk, .blk_pidx = a->blk_pidx, .s1_ord = a->s1_ord, .s2_ord = a->s2_ord,
                              .layer_order = a->layer_order, .col_order = a->col_order, .inv_col = a->inv_col,
                              .s2_late = a->s2_late, .word_bank = a->word_bank};
}

int fg_ldpc_arch_macro_layers(const fg_ldpc_arch *a) { return a->n_ml; }
int fg_ldpc_arch_mbs_per_iter(const fg_ldpc_arch *a) { return a->mbs_per_iter; }

int32_t fg_ldpc_arch_app(const fg_ldpc_arch *a, int j)
{
    const int z = a->z;
    return a->mem[(size_t)a->inv_col[j / z] * (size_t)z + (size_t)(j % z)];
}

/* ---- decode state ---- */

static void decode_start(fg_ldpc_arch *a)
{
    const size_t mbz = (size_t)a->code->mb * (size_t)a->z;
    memset(a->rf_min0, 0, sizeof(int32_t) * mbz);
    memset(a->rf_min1, 0, sizeof(int32_t) * mbz);
    memset(a->rf_pos, 0, sizeof(int32_t) * mbz);
    memset(a->rf_par, 0, mbz);
    memset(a->rf_sign, 0, (size_t)a->code->n_blocks * (size_t)a->z);
    for (int i = 0; i < a->code->nb; i++)
        a->pend[i] = -1;
    a->max_seq = (long)a->max_iter * a->n_ml;
    a->s1_seq = -1;
    a->s1_next = 0;
    a->s1_last[0] = a->s1_last[1] = 0;
    a->s1_idx = 0;
    a->s2_active = 0;
    a->s2_next = 0;
    a->s2_idx = 0;
    a->s2_complete = 0;
    a->wq_count = 0;
    a->wq_head = 0;
    a->iter_done = 0;
    a->verdict_iter = 0;
    a->verdict_cycle = -1;
    a->verdict_ok = 0;
    a->decode_start = a->cycle;
    a->iters_started = 0;
}

/* Hard decisions of the memory against every check: 1 if all satisfied. */
static int syndrome_ok(const fg_ldpc_arch *a)
{
    const fg_ldpc_code *c = a->code;
    const int z = a->z;
    for (int l = 0; l < c->mb; l++)
        for (int i = 0; i < z; i++) {
            int par = 0;
            for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++) {
                int addr = a->inv_col[c->blk_col[b]];
                par ^= fg_fx_hard(a->mem[(size_t)addr * z + (size_t)((i + c->blk_shift[b]) % z)]);
            }
            if (par)
                return 0;
        }
    return 1;
}

static inline int32_t r_value(const fg_ldpc_arch *a, int32_t min0, int32_t min1, int32_t pos, int par, int sign,
                              int idx)
{
    const fg_ldpc_fixed_cfg *f = &a->cfg.fx;
    const int32_t m = idx == pos ? min1 : min0;
    const int32_t s = f->scale_round ? fg_fx_scale_rnd(m, f->scale_num, f->scale_shift)
                                     : fg_fx_scale(m, f->scale_num, f->scale_shift);
    return fg_fx_from_sm(par ^ sign, f->r_sat_late ? fg_fx_sat(s, f->r_width) : s);
}

/* Stage 1 of one MB: Q = L - R_old, min finder into ping-pong slot of seq, L into the buffer. */
static void s1_compute(fg_ldpc_arch *a, long seq, int mbi, const int32_t *const *word_N2)
{
    const int K = a->K, N2 = a->N2, z = a->z, A = a->cfg.fx.app_width;
    const int32_t rmax = fg_fx_max(a->cfg.fx.r_sat_late ? A : a->cfg.fx.r_width);
    const int slot = (int)(seq & 1), ml = (int)(seq % a->n_ml);
    const size_t mbz = (size_t)a->code->mb * (size_t)z, bz = (size_t)a->code->n_blocks * (size_t)z;
    const int local = mbi - a->ml_mb_start[ml];
    for (int p = 0; p < N2; p++) {
        if (!a->mb_rd[(size_t)mbi * N2 + p])
            continue;
        memcpy(a->lbuf + ((size_t)slot * a->n_mbc * N2 + (size_t)local * N2 + p) * z, word_N2[p],
               sizeof(int32_t) * (size_t)z);
        for (int r = 0; r < K; r++) {
            const int b = a->mb_blk[((size_t)mbi * K + r) * N2 + p];
            if (b < 0)
                continue;
            const int l = a->layer_order[ml * K + r], s = a->code->blk_shift[b], idx = a->blk_pidx[b];
            for (int i = 0; i < z; i++) {
                const size_t row = (size_t)l * z + (size_t)i;
                int j = i + s;
                if (j >= z)
                    j -= z;
                int32_t rold = r_value(a, a->rf_min0[row], a->rf_min1[row], a->rf_pos[row], a->rf_par[row],
                                       a->rf_sign[(size_t)b * z + (size_t)i], idx);
                if (a->cfg.fx.app_keep)
                    rold = fg_fx_rold_keep(word_N2[p][j], rold, A);
                const int32_t q = fg_fx_sub(word_N2[p][j], rold, A);
                const int32_t m = fg_fx_min(fg_fx_abs(q), rmax);
                const size_t pr = (size_t)slot * mbz + row;
                if (m < a->pp_min0[pr] || (m == a->pp_min0[pr] && idx < a->pp_pos[pr])) {
                    a->pp_min1[pr] = a->pp_min0[pr];
                    a->pp_min0[pr] = m;
                    a->pp_pos[pr] = idx;
                } else if (m < a->pp_min1[pr]) {
                    a->pp_min1[pr] = m;
                }
                const uint8_t sg = (uint8_t)fg_fx_sign(q);
                a->pp_sign[(size_t)slot * bz + (size_t)b * z + (size_t)i] = sg;
                a->pp_par[pr] ^= sg;
            }
        }
    }
}

static void pp_init(fg_ldpc_arch *a, long seq)
{
    const int z = a->z, slot = (int)(seq & 1), ml = (int)(seq % a->n_ml);
    const int32_t rmax = fg_fx_max(a->cfg.fx.r_sat_late ? a->cfg.fx.app_width : a->cfg.fx.r_width);
    const size_t mbz = (size_t)a->code->mb * (size_t)z;
    for (int r = 0; r < a->K; r++) {
        const int pos = ml * a->K + r;
        if (pos >= a->code->mb)
            break;
        const size_t base = (size_t)slot * mbz + (size_t)a->layer_order[pos] * z;
        for (int i = 0; i < z; i++) {
            a->pp_min0[base + i] = rmax;
            a->pp_min1[base + i] = rmax;
            a->pp_pos[base + i] = 0;
            a->pp_par[base + i] = 0;
        }
    }
}

/* Stage 2 of one MB: L' words into the write-queue entry e. */
static void s2_compute(fg_ldpc_arch *a, long seq, int mbi, wq_entry *e, int32_t *data)
{
    const int K = a->K, N2 = a->N2, z = a->z, A = a->cfg.fx.app_width;
    const int slot = (int)(seq & 1), ml = (int)(seq % a->n_ml);
    const size_t mbz = (size_t)a->code->mb * (size_t)z, bz = (size_t)a->code->n_blocks * (size_t)z;
    const int local = mbi - a->ml_mb_start[ml];
    for (int p = 0; p < N2; p++) {
        if (!e->wen[p])
            continue;
        const int32_t *L = a->lbuf + ((size_t)slot * a->n_mbc * N2 + (size_t)local * N2 + p) * z;
        if (!a->datapath)
            continue;
        for (int j = 0; j < z; j++)
            a->delta[j] = 0;
        for (int r = 0; r < K; r++) {
            const int b = a->mb_blk[((size_t)mbi * K + r) * N2 + p];
            if (b < 0)
                continue;
            const int l = a->layer_order[ml * K + r], s = a->code->blk_shift[b], idx = a->blk_pidx[b];
            for (int i = 0; i < z; i++) {
                const size_t row = (size_t)l * z + (size_t)i, pr = (size_t)slot * mbz + row;
                int j = i + s;
                if (j >= z)
                    j -= z;
                int32_t rold = r_value(a, a->rf_min0[row], a->rf_min1[row], a->rf_pos[row], a->rf_par[row],
                                       a->rf_sign[(size_t)b * z + (size_t)i], idx);
                if (a->cfg.fx.app_keep)
                    rold = fg_fx_rold_keep(L[j], rold, A);
                const int32_t rnew = r_value(a, a->pp_min0[pr], a->pp_min1[pr], a->pp_pos[pr], a->pp_par[pr],
                                             a->pp_sign[(size_t)slot * bz + (size_t)b * z + (size_t)i], idx);
                a->delta[j] += (int64_t)rnew - rold;
            }
        }
        for (int j = 0; j < z; j++)
            data[(size_t)p * z + (size_t)j] = fg_fx_sat((int64_t)L[j] + a->delta[j], A);
    }
}

/* After the last MB of a macro-layer's stage 2: the ping-pong word becomes the R-Regfile entry. */
static void rf_commit(fg_ldpc_arch *a, long seq)
{
    const int z = a->z, slot = (int)(seq & 1), ml = (int)(seq % a->n_ml);
    const size_t mbz = (size_t)a->code->mb * (size_t)z, bz = (size_t)a->code->n_blocks * (size_t)z;
    if (!a->datapath)
        return;
    for (int r = 0; r < a->K; r++) {
        const int pos = ml * a->K + r;
        if (pos >= a->code->mb)
            break;
        const int l = a->layer_order[pos];
        const size_t row = (size_t)l * z;
        memcpy(a->rf_min0 + row, a->pp_min0 + slot * mbz + row, sizeof(int32_t) * (size_t)z);
        memcpy(a->rf_min1 + row, a->pp_min1 + slot * mbz + row, sizeof(int32_t) * (size_t)z);
        memcpy(a->rf_pos + row, a->pp_pos + slot * mbz + row, sizeof(int32_t) * (size_t)z);
        memcpy(a->rf_par + row, a->pp_par + slot * mbz + row, (size_t)z);
        for (int b = a->code->row_start[l]; b < a->code->row_start[l + 1]; b++)
            memcpy(a->rf_sign + (size_t)b * z, a->pp_sign + slot * bz + (size_t)b * z, (size_t)z);
    }
}

static void ports_clear(fg_ldpc_arch_ports *o, const fg_ldpc_arch *a)
{
    memset(o, 0, sizeof *o);
    o->cycle = a->cycle;
    o->phase = a->phase;
    o->s1_ml = o->s1_mb = o->s2_ml = o->s2_mb = -1;
    o->wml = -1;
    for (int p = 0; p < FG_LDPC_ARCH_PORTS_MAX; p++)
        o->out_col[p] = -1;
    o->out_bits = a->out_bits;
}

static void decode_cycle(fg_ldpc_arch *a, fg_ldpc_arch_ports *o)
{
    const int N2 = a->N2, z = a->z;
    const long cyc = a->cycle;
    fg_ldpc_arch_stats *st = &a->st;

    /* 1. Stage 2 issue decision (current state only). */
    int s2_issue = 0;
    long s2_seq = a->s2_next;
    /* s1_depth after the last read the min finder is done; the L buffer (an SRAM read the cycle before the
       issue) has the entry of that last read one cycle later still */
    const int s2_ready = !a->s2_active && s2_seq < a->s1_next && s2_seq < a->max_seq;
    const long s2_from = a->s1_last[s2_seq & 1] + a->cfg.s1_depth, late = a->s2_late[s2_seq % a->n_ml];
    if (s2_ready && late && cyc == s2_from)
        st->stall_lbuf++;
    if (s2_ready && cyc >= s2_from + late) {
        const long it = s2_seq / a->n_ml; /* 0-based iteration of this macro-layer */
        if (a->early_term && it > 0 && s2_seq % a->n_ml == 0 &&
            !(a->verdict_iter >= it && cyc >= a->verdict_cycle && !a->verdict_ok)) {
            o->s2_wait_et = 1;
            st->stall_et++;
        } else {
            a->s2_active = 1;
            a->s2_idx = 0;
        }
    }
    wq_entry issued;
    int32_t *issued_data = NULL;
    if (a->s2_active) {
        const int ml = (int)(s2_seq % a->n_ml);
        const int mbi = a->ml_mb_start[ml] + a->s2_ord[a->ml_mb_start[ml] + a->s2_idx];
        s2_issue = 1;
        o->s2_ml = (int)s2_seq;
        o->s2_mb = a->mb_mbc[mbi];
        /* slot of the write queue: position wq_count from head (capacity s2_depth + 1) */
        int qi = a->wq_head + a->wq_count;
        if (qi >= a->wq_cap)
            qi -= a->wq_cap;
        issued_data = a->wq_data + (size_t)qi * N2 * z;
        issued.commit = cyc + a->cfg.s2_depth;
        issued.seq = s2_seq;
        issued.mbc = a->mb_mbc[mbi];
        for (int p = 0; p < N2; p++)
            issued.wen[p] = a->mb_rd[(size_t)mbi * N2 + p];
        s2_compute(a, s2_seq, mbi, &issued, issued_data);
        a->wq[qi] = issued;
        a->wq_count++;
    }

    /* 2. Writes committing this cycle: the queue head (issue order = commit order). */
    int nw = 0;
    const wq_entry *wnow = NULL;
    const int32_t *wnow_data = NULL;
    if (a->wq_count && a->wq[a->wq_head].commit == cyc) {
        wnow = &a->wq[a->wq_head];
        wnow_data = a->wq_data + (size_t)a->wq_head * N2 * z;
        nw = 1;
    }

    /* 3. Stage 1. */
    int s1_read = 0, s1_mbi = -1;
    const int32_t *word[FG_LDPC_ARCH_PORTS_MAX];
    if (a->s1_seq < 0 && a->s1_next < a->max_seq) {
        const long seq = a->s1_next;
        /* stage 2 of sequence number `need` must be complete (its ping-pong register free); without
           overlap also the previous macro-layer's writes */
        const long need = seq - (a->n_ml == 1 || !a->cfg.overlap ? 1 : 2);
        if (need >= 0 && (a->s2_complete <= need || (!a->cfg.overlap && a->wq_count))) {
            o->s1_stall = 2;
            st->stall_pingpong++;
        } else {
            a->s1_seq = seq;
            a->s1_idx = 0;
            if (a->datapath)
                pp_init(a, seq);
        }
    }
    if (a->s1_seq >= 0) {
        const long seq = a->s1_seq;
        const int ml = (int)(seq % a->n_ml);
        const int mbi = a->ml_mb_start[ml] + a->s1_ord[a->ml_mb_start[ml] + a->s1_idx];
        const int mbc = a->mb_mbc[mbi];
        int blocked = 0;
        for (int p = 0; p < N2; p++) {
            word[p] = NULL;
            if (!a->mb_rd[(size_t)mbi * N2 + p])
                continue;
            const int addr = mbc * N2 + p;
            word[p] = a->mem + (size_t)addr * z;
            if (a->pend[addr] >= 0 && a->pend[addr] != seq) {
                int fw = 0;
                if (a->cfg.forward && nw && wnow->mbc == mbc && wnow->wen[p] && wnow->seq == a->pend[addr]) {
                    fw = 1;
                    word[p] = wnow_data + (size_t)p * z;
                }
                if (!fw)
                    blocked = 1;
                else
                    o->fwd[p] = 1;
            }
        }
        o->s1_ml = (int)seq;
        if (blocked) {
            o->s1_stall = 1;
            st->stall_hazard++;
            for (int p = 0; p < N2; p++)
                o->fwd[p] = 0;
        } else {
            s1_read = 1;
            s1_mbi = mbi;
            o->s1_mb = mbc;
            if (seq % a->n_ml == 0 && a->s1_idx == 0) {
                const long it = seq / a->n_ml;
                a->iter_start[it] = cyc;
                a->iters_started = (int)it + 1;
            }
            for (int p = 0; p < N2; p++)
                if (word[p]) {
                    o->ren[p] = 1;
                    o->raddr[p] = mbc * N2 + p;
                    st->reads++;
                    st->forwarded += o->fwd[p];
                }
            if (a->datapath)
                s1_compute(a, seq, mbi, word);
        }
    }
    o->iteration = a->s1_seq >= 0 ? (int)(a->s1_seq / a->n_ml) + 1 : 0;

    /* 4. Commit: unit pointers, memory writes, hazard bookkeeping. */
    if (s2_issue) {
        const int ml = (int)(s2_seq % a->n_ml);
        if (++a->s2_idx == a->ml_mb_start[ml + 1] - a->ml_mb_start[ml]) {
            rf_commit(a, s2_seq);
            a->s2_active = 0;
            a->s2_next = s2_seq + 1;
            a->s2_complete = s2_seq + 1;
        }
    }
    if (nw) {
        o->wml = (int)wnow->seq;
        o->wdata = wnow_data;
        for (int p = 0; p < N2; p++) {
            if (!wnow->wen[p])
                continue;
            const int addr = wnow->mbc * N2 + p;
            o->wen[p] = 1;
            o->waddr[p] = addr;
            st->writes++;
            if (a->datapath)
                memcpy(a->mem + (size_t)addr * z, wnow_data + (size_t)p * z, sizeof(int32_t) * (size_t)z);
            if (a->pend[addr] == wnow->seq)
                a->pend[addr] = -1;
        }
        const long wseq = wnow->seq;
        if (++a->wq_head == a->wq_cap)
            a->wq_head = 0;
        a->wq_count--;
        /* last write of an iteration? (its stage 2 is complete and no write of it is queued) */
        if ((wseq + 1) % a->n_ml == 0 && a->s2_complete > wseq && (a->wq_count == 0 || a->wq[a->wq_head].seq != wseq)) {
            const int it = (int)(wseq / a->n_ml) + 1;
            a->iter_done = it;
            o->iter_done = 1;
            a->last_write_cycle = cyc;
            if (a->early_term && it < a->max_iter) {
                a->verdict_iter = it;
                a->verdict_cycle = cyc + a->cfg.et_depth;
                a->verdict_ok = a->datapath ? syndrome_ok(a) : 0;
            }
        }
    }
    if (s1_read) {
        for (int p = 0; p < N2; p++)
            if (a->mb_rd[(size_t)s1_mbi * N2 + p])
                a->pend[a->mb_mbc[s1_mbi] * N2 + p] = a->s1_seq;
        const int ml = (int)(a->s1_seq % a->n_ml);
        if (++a->s1_idx == a->ml_mb_start[ml + 1] - a->ml_mb_start[ml]) {
            a->s1_last[a->s1_seq & 1] = cyc;
            a->s1_next = a->s1_seq + 1;
            a->s1_seq = -1;
        }
    }

    /* 5. End of decoding. */
    int finished = 0;
    if (a->early_term && a->verdict_iter > 0 && cyc == a->verdict_cycle) {
        o->et_valid = 1;
        o->et_ok = a->verdict_ok;
        if (a->verdict_ok) {
            a->iterations = a->verdict_iter;
            finished = 1;
        }
    }
    if (!finished && a->iter_done == a->max_iter && nw && a->last_write_cycle == cyc) {
        a->iterations = a->max_iter;
        finished = 1;
    }
    if (finished) {
        st->cycles_decode = cyc - a->decode_start + 1;
        a->phase = FG_LDPC_ARCH_UNLOAD;
        a->unload_pos = 0;
        a->unload_pending = 0;
    }
}

static void unload_cycle(fg_ldpc_arch *a, fg_ldpc_arch_ports *o)
{
    const int N2 = a->N2, z = a->z, kc = a->code->nb - a->code->mb;
    /* output register: the words read in the previous cycle */
    if (a->unload_pending) {
        o->out_valid = 1;
        for (int p = 0; p < N2; p++)
            o->out_col[p] = a->unload_col[p];
    }
    memcpy(a->out_bits, a->out_reg, (size_t)N2 * (size_t)z);
    const int was_pending = a->unload_pending;
    int cols[FG_LDPC_ARCH_PORTS_MAX];
    int n = 0;
    for (int p = 0; p < N2; p++) {
        cols[p] = -1;
        if (a->unload_pos + p < kc) {
            cols[p] = a->unload_pos + p;
            o->ren[p] = 1;
            o->raddr[p] = a->inv_col[cols[p]];
            n++;
        }
    }
    if (was_pending && !n)
        o->done = 1;
    /* commit: register the words read this cycle */
    if (n) {
        for (int p = 0; p < N2; p++) {
            a->unload_col[p] = cols[p];
            for (int j = 0; j < z; j++)
                a->out_reg[(size_t)p * z + (size_t)j] =
                    cols[p] >= 0 ? (uint8_t)fg_fx_hard(a->mem[(size_t)a->inv_col[cols[p]] * z + (size_t)j]) : 0;
        }
        a->unload_pos += n;
        a->unload_pending = 1;
    } else {
        a->unload_pending = 0;
    }
    if (o->done) {
        o->iterations = a->iterations;
        a->phase = FG_LDPC_ARCH_DONE;
        a->st.cycles_unload = a->cycle - a->unload_start + 1;
    }
}

int fg_ldpc_arch_step(fg_ldpc_arch *a, const fg_ldpc_arch_in *in, fg_ldpc_arch_ports *o)
{
    fg_ldpc_arch_ports scratch;
    if (!o)
        o = &scratch;
    if (a->phase == FG_LDPC_ARCH_UNLOAD && a->unload_start < 0)
        a->unload_start = a->cycle;
    ports_clear(o, a);
    const int N2 = a->N2, z = a->z, nb = a->code->nb;
    switch (a->phase) {
    case FG_LDPC_ARCH_IDLE:
    case FG_LDPC_ARCH_DONE:
    case FG_LDPC_ARCH_LOAD:
        if (in && in->llr_valid) {
            if (a->phase != FG_LDPC_ARCH_LOAD) {
                a->phase = FG_LDPC_ARCH_LOAD;
                o->phase = FG_LDPC_ARCH_LOAD;
                a->loaded = 0;
                memset(&a->st, 0, sizeof a->st);
                a->load_start = a->cycle;
            }
            const int32_t lim = fg_fx_max(a->cfg.fx.llr_width);
            for (int p = 0; p < N2 && a->loaded < nb; p++) {
                const int col = a->loaded, addr = a->inv_col[col];
                if (a->datapath && in->llr) {
                    const int32_t *w = in->llr + (size_t)p * z;
                    for (int j = 0; j < z; j++)
                        if (w[j] < -lim || w[j] > lim)
                            return fg_set_error(FG_EINVAL, "llr[%d]=%d outside llr_width=%d bits [%d, %d]",
                                                col * z + j, w[j], a->cfg.fx.llr_width, -lim, lim);
                    for (int j = 0; j < z; j++) { /* into the APP format */
                        a->load_w[(size_t)p * z + (size_t)j] = fg_fx_rshift_rnd(w[j], a->cfg.fx.in_shift);
                        a->mem[(size_t)addr * z + (size_t)j] = a->load_w[(size_t)p * z + (size_t)j];
                    }
                    o->wdata = a->load_w;
                }
                o->wen[p] = 1;
                o->waddr[p] = addr;
                a->loaded++;
            }
            if (a->loaded == nb) {
                a->st.cycles_load = a->cycle - a->load_start + 1;
                a->phase = FG_LDPC_ARCH_DECODE;
                a->unload_start = -1;
                a->cycle++;
                decode_start(a);
                return 0;
            }
        }
        break;
    case FG_LDPC_ARCH_DECODE:
        decode_cycle(a, o);
        break;
    case FG_LDPC_ARCH_UNLOAD:
        unload_cycle(a, o);
        break;
    default:
        break;
    }
    a->cycle++;
    return 0;
}
