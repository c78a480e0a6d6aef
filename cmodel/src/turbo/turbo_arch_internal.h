/* Internal state of the turbo architecture step model (turbo_arch*.c only). */
#ifndef FG_TURBO_ARCH_INTERNAL_H
#define FG_TURBO_ARCH_INTERNAL_H

#include "fecforge/turbo_arch.h"

/* Counters of the running block (not hardware registers; the result of fg_turbo_arch_run). */
typedef struct {
    long preprocess_cycles, cycles_decode, cycles_half[2], dC_total;
    int dC_max, max_fifo, max_buf;
    long read_conflicts, write_conflicts, write_conflict_cycles, overflow, iag_errs, misplaced, read_errors;
} fg_turbo_arch_stats;

struct fg_turbo_arch {
    fg_turbo_arch_cfg cfg;
    fg_xmap_schedule sched;
    fg_bank_map umap;      /* UMTS bank mapping */
    int qpp;               /* LTE: the qpp mapping */
    int pllr, M, depth, C0, L, Lmap, Liag, use_dbcf;
    int dlanes;            /* DBCF lanes (>= pllr: the lanes past pllr idle); the write words' count */
    fg_iag *iag;
    fg_dbcf *dbcf;         /* NULL on the direct path */
    int32_t *pi_K, *inv_K; /* the interleaver, for the TAG checks */
    /* registers */
    fg_turbo_arch_state state;
    int half, tau;
    long cycle;
    int32_t *iag_delay;    /* lane l, stage k at [l * Liag + k]: the LLR beside x through the IAG */
    int32_t *out_pipe;     /* SISO output pipeline, Lmap - 1 stages per lane (stage 0 newest) */
    uint8_t *out_pipe_valid;
    int32_t *mem;          /* extrinsic banks: M * depth words at bank * depth + row */
    uint32_t *written;     /* writes per cell in the current half-iteration */
    /* port values of the current cycle */
    uint8_t *rd_valid, *out_valid;
    int32_t *rd_pos, *rd_bank, *rd_row, *out_x, *out_llr;
    fg_iag_lane_in *iag_in;
    fg_iag_lane_out *idle_iag;
    fg_dbcf_word *word, *wr;
    int *bank_cnt;
    fg_turbo_arch_stats st;
    /* FIXED datapath (turbo_arch_siso.c) */
    int n_sub;             /* non-empty sub-blocks */
    int loaded;            /* channel LLRs loaded */
    int32_t *ch;           /* channel memory: per position k, (x, z, x', z') at [4k .. 4k+3] */
    int32_t tail[2][6];    /* the two encoders' tails */
    int32_t *rd_sys, *rd_par, *rd_apr; /* read registers: the words read last cycle, per lane */
    int32_t *A, *B;        /* alpha and beta registers, P x 8 */
    int32_t *alpha_st, *beta_st, *gamma_st; /* per SISO and radix-4 step: P x L/2 x 8 (16 for gamma) */
    int32_t *sys_st, *apr_st;              /* per SISO and position: P x L */
    int32_t *stake_a, *stake_b;            /* stakes [siso][p][8] */
    int32_t *ext_new;      /* extrinsic LLRs computed this cycle, per lane */
    uint8_t *hard_K;       /* output memory: hard decisions in natural bit order */
};

/* FIXED datapath of the SISOs (turbo_arch_siso.c). */
int fg_turbo_arch_siso_alloc(fg_turbo_arch *a);
void fg_turbo_arch_siso_free(fg_turbo_arch *a);
void fg_turbo_arch_siso_start(fg_turbo_arch *a, int half);           /* tau = 0: stakes / block ends into A, B */
void fg_turbo_arch_siso_read(fg_turbo_arch *a, int l, int x, int half, int32_t apr); /* read register of lane l */
void fg_turbo_arch_siso_recursion(fg_turbo_arch *a, int t);          /* the step of read cycle t */
void fg_turbo_arch_siso_output(fg_turbo_arch *a, int c, int half);   /* output step c into ext_new */
void fg_turbo_arch_siso_end(fg_turbo_arch *a, int half);             /* save the stakes */

/* LTE qpp mapping: bank = 4*(a / L) + a mod 4, row = (a mod L) / 4. */
static inline int fg_turbo_arch_qpp_bank(int L, int a) { return 4 * (a / L) + (a & 3); }

static inline void fg_turbo_arch_locate(const fg_turbo_arch *a, int addr, int *bank, int *row)
{
    if (a->qpp) {
        *bank = fg_turbo_arch_qpp_bank(a->L, addr);
        *row = (addr % a->L) >> 2;
    } else {
        fg_bank_map_locate(&a->umap, addr, bank, row);
    }
}

#endif
