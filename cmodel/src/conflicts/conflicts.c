/* Memory-conflict statistics of P parallel radix-4 XMAP SISOs writing PLLR LLRs per cycle
 * into M banks (fecforge/conflicts.h). Per K: one interleaver table, its inverse and the bank of
 * every address are computed once; each access pattern is then a table of bank ids per
 * (cycle, lane) that the counting kernel walks once. */
#include "fecforge/conflicts.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

enum { BANKS_MAX = 4096, CL_MAX = FG_K_MAX + FG_PLLR_MAX };

struct fg_conflicts {
    int std, K;                         /* interleaver tables below are for (std, K); K = 0: none */
    int32_t addr[2][FG_K_MAX];          /* write address of natural position, per fg_direction */
    int16_t bank_K[FG_K_MAX];           /* bank of address */
    int16_t bank_CL[CL_MAX];            /* bank per (cycle, lane) of the pattern being counted */
    uint16_t count[BANKS_MAX];          /* accesses per bank in the current cycle; kept zeroed */
    int32_t load[BANKS_MAX];            /* addresses per bank */
    int16_t touched[FG_PLLR_MAX];       /* banks accessed in the current cycle */
};

fg_conflicts_cfg fg_conflicts_cfg_default(void)
{
    fg_conflicts_cfg c = {FG_STD_UMTS, 5114, 32, 0, FG_MAP_XMAP};
    return c;
}

int fg_conflicts_create(fg_conflicts **out)
{
    *out = calloc(1, sizeof **out);
    return *out ? 0 : fg_set_error(FG_ENOMEM, "out of memory for the conflict-study workspace");
}

void fg_conflicts_destroy(fg_conflicts *ctx) { free(ctx); }

int fg_conflicts_cfg_check(const fg_conflicts_cfg *cfg)
{
    if (cfg->std != FG_STD_UMTS && cfg->std != FG_STD_LTE)
        return fg_set_error(FG_EINVAL, "std=%d unknown: valid are %d (umts), %d (lte)", (int)cfg->std, FG_STD_UMTS,
                            FG_STD_LTE);
    if (cfg->pllr < 4 || cfg->pllr > FG_PLLR_MAX || cfg->pllr % 4)
        return fg_set_error(FG_EINVAL, "pllr=%d invalid: must be a multiple of 4 in [4, %d]", cfg->pllr,
                            FG_PLLR_MAX);
    int rc = fg_interleaver_check_k(cfg->std, cfg->K);
    if (rc)
        return rc;
    const int banks = cfg->banks ? cfg->banks : cfg->pllr;
    if (banks < 1 || banks > BANKS_MAX)
        return fg_set_error(FG_EINVAL, "banks=%d out of range [1, %d]", banks, BANKS_MAX);
    if (cfg->mapping != FG_MAP_XMAP && cfg->mapping != FG_MAP_XMAP_XOR && cfg->mapping != FG_MAP_MOD &&
        cfg->mapping != FG_MAP_BLOCK)
        return fg_set_error(FG_EINVAL, "mapping=%d unknown: valid are xmap, xmap-xor, mod, block", (int)cfg->mapping);
    if ((cfg->mapping == FG_MAP_XMAP || cfg->mapping == FG_MAP_XMAP_XOR) && banks % cfg->pllr)
        return fg_set_error(FG_EINVAL, "banks=%d invalid for mapping %s: must be a multiple of PLLR=%d", banks,
                            fg_bank_mapping_name(cfg->mapping), cfg->pllr);
    return 0;
}

int fg_conflicts_accumulate(fg_conflicts *ctx, int cycles, int pllr, int banks, const int16_t *bank_CL,
                            fg_conflicts_stats *s)
{
    if (pllr < 1 || pllr > FG_PLLR_MAX || banks < 1 || banks > BANKS_MAX || cycles < 0)
        return fg_set_error(FG_EINVAL, "pllr=%d, banks=%d, cycles=%d: valid are [1, %d], [1, %d], >= 0", pllr, banks,
                            cycles, FG_PLLR_MAX, BANKS_MAX);
    uint16_t *count = ctx->count;
    int16_t *touched = ctx->touched;
    for (int c = 0; c < cycles; c++) {
        const int16_t *row = bank_CL + (long)c * pllr;
        int nt = 0, bad = 0;
        for (int l = 0; l < pllr; l++) {
            const int b = row[l];
            if (b < 0)
                continue;
            if (b >= banks) {
                bad = b;
                continue;
            }
            if (count[b]++ == 0)
                touched[nt++] = (int16_t)b;
        }
        int cmax = 0;
        long acc = 0;
        for (int i = 0; i < nt; i++) {
            const int n = count[touched[i]];
            count[touched[i]] = 0;
            acc += n;
            if (n > cmax)
                cmax = n;
            if (n >= 2)
                s->nway[n]++;
        }
        if (bad)
            return fg_set_error(FG_EINVAL, "bank id %d in cycle %d out of range [0, %d)", bad, c, banks);
        s->accesses += acc;
        s->busy += nt;
        if (cmax >= 2) {
            s->conflict_cycles++;
            s->nway_max[cmax]++;
        }
        if (cmax > s->max_n)
            s->max_n = cmax;
    }
    s->cycles += cycles;
    s->bank_cycles += (long)cycles * banks;
    fg_conflicts_finish(s);
    return 0;
}

void fg_conflicts_finish(fg_conflicts_stats *s)
{
    s->mcr = s->cycles ? (double)s->conflict_cycles / (double)s->cycles : 0.0;
    s->mean_accesses = s->bank_cycles ? (double)s->accesses / (double)s->bank_cycles : 0.0;
    s->mean_busy = s->busy ? (double)s->accesses / (double)s->busy : 0.0;
}

void fg_conflicts_add(fg_conflicts_stats *s, const fg_conflicts_stats *t)
{
    s->cycles += t->cycles;
    s->conflict_cycles += t->conflict_cycles;
    s->accesses += t->accesses;
    s->busy += t->busy;
    s->bank_cycles += t->bank_cycles;
    if (t->max_n > s->max_n)
        s->max_n = t->max_n;
    for (int n = 2; n <= FG_CONFLICTS_NMAX; n++) {
        s->nway[n] += t->nway[n];
        s->nway_max[n] += t->nway_max[n];
    }
    fg_conflicts_finish(s);
}

long fg_conflicts_total(const long *hist)
{
    long t = 0;
    for (int n = 2; n <= FG_CONFLICTS_NMAX; n++)
        t += hist[n];
    return t;
}

double fg_conflicts_share(const long *hist, int lo, int hi)
{
    const long total = fg_conflicts_total(hist);
    long part = 0;
    for (int n = lo < 2 ? 2 : lo; n <= hi && n <= FG_CONFLICTS_NMAX; n++)
        part += hist[n];
    return total ? 100.0 * (double)part / (double)total : 0.0;
}

/* Interleaver tables of (std, K), cached across calls with the same block size. */
static int load_tables(fg_conflicts *ctx, fg_std std, int K)
{
    if (ctx->K == K && ctx->std == (int)std)
        return 0;
    ctx->K = 0;
    int rc = fg_interleaver_table(std, K, ctx->addr[FG_DIR_DEINTERLEAVE]);
    if (rc)
        return rc;
    fg_permutation_invert(K, ctx->addr[FG_DIR_DEINTERLEAVE], ctx->addr[FG_DIR_INTERLEAVE]);
    ctx->std = (int)std;
    ctx->K = K;
    return 0;
}

int fg_conflicts_run_ctx(fg_conflicts *ctx, const fg_conflicts_cfg *cfg, fg_conflicts_result *r)
{
    int rc = fg_conflicts_cfg_check(cfg);
    if (rc)
        return rc;
    const int K = cfg->K, pllr = cfg->pllr, banks = cfg->banks ? cfg->banks : cfg->pllr;
    fg_xmap_schedule s;
    fg_bank_map map;
    if ((rc = fg_xmap_schedule_init(&s, K, pllr)) || (rc = fg_bank_map_init(&map, cfg->mapping, banks, &s)) ||
        (rc = load_tables(ctx, cfg->std, K)))
        return rc;

    memset(r, 0, sizeof *r);
    r->cfg = *cfg;
    r->cfg.banks = banks;
    r->C0 = s.cycles;
    memset(ctx->load, 0, sizeof(int32_t) * (size_t)banks);
    for (int a = 0; a < K; a++) {
        int b, row;
        fg_bank_map_locate(&map, a, &b, &row);
        ctx->bank_K[a] = (int16_t)b;
        ctx->load[b]++;
    }
    int32_t max_load = 0;
    for (int b = 0; b < banks; b++)
        if (ctx->load[b] > max_load)
            max_load = ctx->load[b];
    r->max_bank_load = (double)max_load / (double)s.cycles;

    int16_t *cl = ctx->bank_CL;
    for (int d = 0; d < 2; d++) {
        const int32_t *addr = ctx->addr[d];
        for (int c = 0; c < s.cycles; c++)
            for (int l = 0; l < pllr; l++) {
                const int pos = fg_xmap_position(&s, c, l);
                cl[c * pllr + l] = pos < 0 ? -1 : ctx->bank_K[addr[pos]];
            }
        if ((rc = fg_conflicts_accumulate(ctx, s.cycles, pllr, banks, cl, &r->dir[d])))
            return rc;
        fg_conflicts_add(&r->both, &r->dir[d]);
    }
    /* Natural-order reads: position pos is read in (cycle, lane) = fg_xmap_read_slot(pos). */
    for (int i = 0; i < s.cycles * pllr; i++)
        cl[i] = -1;
    for (int pos = 0; pos < K; pos++) {
        int lane, t;
        fg_xmap_read_slot(&s, pos, &lane, &t);
        cl[t * pllr + lane] = ctx->bank_K[pos];
    }
    return fg_conflicts_accumulate(ctx, s.cycles, pllr, banks, cl, &r->reads);
}

int fg_conflicts_run(const fg_conflicts_cfg *cfg, fg_conflicts_result *r)
{
    fg_conflicts *ctx;
    int rc = fg_conflicts_create(&ctx);
    if (rc)
        return rc;
    rc = fg_conflicts_run_ctx(ctx, cfg, r);
    fg_conflicts_destroy(ctx);
    return rc;
}
