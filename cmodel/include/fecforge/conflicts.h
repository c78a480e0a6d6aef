/* Cycle-accurate memory-conflict statistics of a parallel radix-4 XMAP turbo decoder
 * (thesis 4.2, 4.4, 4.5.1, 4.5.2, Figs. 4.10 and 4.11; docs/conflicts.md).
 *
 * P = PLLR/4 SISOs emit PLLR extrinsic LLRs per cycle in the order of xmap_schedule.h for
 * C0 = ceil(K/PLLR) cycles. Under balanced scheduling every half-iteration writes to permuted
 * addresses (interleave: position j -> pi^-1(j); deinterleave: k -> pi(k)) and the next one
 * reads in natural order. An address lives in bank fg_bank_map_locate(). A bank that receives
 * n >= 2 LLRs in one cycle has an n-way conflict in that cycle; a cycle with at least one is a
 * conflict cycle. The model counts; it does not resolve conflicts (that is dbcf.h). */
#ifndef FECFORGE_CONFLICTS_H
#define FECFORGE_CONFLICTS_H

#include <stdint.h>

#include "fecforge/interleaver.h"
#include "fecforge/xmap_schedule.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    fg_std std;
    int K;
    int pllr;                /* LLRs per cycle, a multiple of 4 in [4, FG_PLLR_MAX] */
    int banks;               /* M in [1, 4096]; 0 = PLLR (the thesis's choice for these studies) */
    fg_bank_mapping mapping;
} fg_conflicts_cfg;

/* UMTS, K = 5114, PLLR = 32, banks = 0 (= PLLR), mapping xmap. */
fg_conflicts_cfg fg_conflicts_cfg_default(void);

enum { FG_CONFLICTS_NMAX = FG_PLLR_MAX };

/* Statistics of one access pattern (or the sum of several). Histograms are indexed by n;
 * entries 0 and 1 stay 0. */
typedef struct {
    long cycles;           /* cycles simulated: C0 per half-iteration */
    long conflict_cycles;  /* cycles in which some bank receives >= 2 LLRs */
    long accesses;         /* LLRs written (or read): K per half-iteration */
    long busy;             /* (bank, cycle) pairs with >= 1 access */
    long bank_cycles;      /* banks * cycles */
    int max_n;             /* most LLRs one bank received in one cycle (0 if none) */
    long nway[FG_CONFLICTS_NMAX + 1];     /* (a) per bank and cycle: n LLRs to one bank = one n-way conflict */
    long nway_max[FG_CONFLICTS_NMAX + 1]; /* (b) per conflict cycle: the largest n of that cycle */
    /* Derived by fg_conflicts_finish(): */
    double mcr;            /* conflict_cycles / cycles */
    double mean_accesses;  /* accesses / bank_cycles: mean accesses per bank per cycle */
    double mean_busy;      /* accesses / busy: mean accesses per bank in the cycles it is accessed */
} fg_conflicts_stats;

typedef struct {
    fg_conflicts_cfg cfg;        /* as run, banks resolved */
    int C0;                      /* output cycles per half-iteration = ceil(K/PLLR) */
    fg_conflicts_stats dir[2];   /* writes, indexed by fg_direction */
    fg_conflicts_stats both;     /* dir[0] + dir[1] */
    fg_conflicts_stats reads;    /* natural-order reads of the next half-iteration (both directions alike) */
    double max_bank_load;        /* largest total accesses of one bank per half-iteration / C0 */
} fg_conflicts_result;

/* Reusable workspace (address tables, bank ids, counters) so that sweeps over K do not allocate. */
typedef struct fg_conflicts fg_conflicts;
int fg_conflicts_create(fg_conflicts **out);
void fg_conflicts_destroy(fg_conflicts *ctx);

/* 0 or FG_EINVAL naming the bad field (K for the standard, PLLR, banks, mapping vs banks). */
int fg_conflicts_cfg_check(const fg_conflicts_cfg *cfg);

/* Simulate both half-iterations of one configuration. */
int fg_conflicts_run_ctx(fg_conflicts *ctx, const fg_conflicts_cfg *cfg, fg_conflicts_result *r);
/* The same with a workspace of its own. */
int fg_conflicts_run(const fg_conflicts_cfg *cfg, fg_conflicts_result *r);

/* The counting kernel: add one access pattern to s. bank_CL[c * pllr + l] is the bank lane l
 * accesses in cycle c, or -1 if it is idle; banks in [1, 4096], ids in [0, banks). Needs the
 * workspace's zeroed per-bank counters (left zeroed). Call fg_conflicts_finish() afterwards. */
int fg_conflicts_accumulate(fg_conflicts *ctx, int cycles, int pllr, int banks, const int16_t *bank_CL,
                            fg_conflicts_stats *s);
/* Recompute mcr and the means from the counts. */
void fg_conflicts_finish(fg_conflicts_stats *s);
/* s += t (counts; max_n as maximum), then finish. */
void fg_conflicts_add(fg_conflicts_stats *s, const fg_conflicts_stats *t);

/* Sum of hist[n] over n in [2, FG_CONFLICTS_NMAX]. */
long fg_conflicts_total(const long *hist);
/* 100 * sum of hist[lo..hi] / total, 0 when there are no conflicts. */
double fg_conflicts_share(const long *hist, int lo, int hi);

#ifdef __cplusplus
}
#endif
#endif
