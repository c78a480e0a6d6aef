/* Private state of the MB-serial LDPC decoder model (ldpc_arch.c, ldpc_arch_run.c). */
#ifndef FG_LDPC_ARCH_INTERNAL_H
#define FG_LDPC_ARCH_INTERNAL_H

#include "fecforge/ldpc_arch.h"

typedef struct {
    long commit; /* cycle of the write */
    long seq;    /* macro-layer sequence number (iteration * n_ml + macro-layer) */
    int mbc;     /* MB column: word addresses mbc * N2 + p */
    int wen[FG_LDPC_ARCH_PORTS_MAX];
} wq_entry;

struct fg_ldpc_arch {
    fg_ldpc_arch_cfg cfg;
    const fg_ldpc_code *code;
    int K, N2, z, n_ml, n_mbc;
    int max_iter, early_term, datapath;
    /* schedule */
    int *col_order, *layer_order, *inv_col;
    int *blk_at;      /* [layer * nb + column] block id or -1 */
    int *blk_pidx;    /* block id -> index inside its layer in processing order */
    int *ml_mb_start; /* n_ml + 1 offsets into the MB list */
    int *mb_mbc;      /* MB column of each listed MB */
    int *mb_rd;       /* [mb * N2 + p]: word p read/written */
    int *mb_blk;      /* [(mb * K + r) * N2 + p]: block id or -1 */
    int *tmp_nb, *tmp_key;
    int *s1_ord, *s2_ord; /* per listed MB: local index issued at each position (per macro-layer) */
    int *s2_late;         /* per macro-layer: stage 2 issues first the MB stage 1 reads last */
    int *word_bank;       /* per memory word: its LLR-memory bank (row: word / N2) */
    int *bank_tmp;        /* bank colouring scratch: 2 * n_mbc * N2 + nb */
    int mbs_per_iter, max_mbs;
    /* storage */
    int32_t *mem;                                   /* LLR memory, nb words of Z */
    int32_t *rf_min0, *rf_min1, *rf_pos;            /* R-Regfile per row (mb * Z) */
    uint8_t *rf_par, *rf_sign;                      /* parity per row, sign per edge (n_blocks * Z) */
    int32_t *pp_min0, *pp_min1, *pp_pos;            /* ping-pong: 2 slots */
    uint8_t *pp_par, *pp_sign;
    int32_t *lbuf;                                  /* L buffer: 2 slots of n_mbc * N2 words */
    long *pend;                                     /* per word: macro-layer that still writes it */
    wq_entry *wq;                                   /* stage-2 write pipeline */
    int32_t *wq_data;
    int wq_cap, wq_head, wq_count;
    int64_t *delta;
    /* control */
    int phase;
    long cycle;
    int loaded;
    long load_start, unload_start, decode_start;
    long max_seq, s1_seq, s1_next, s2_next, s2_complete;
    int s1_idx, s2_active, s2_idx;
    long *s1_last;                                  /* cycle of the last read, per slot */
    int iter_done, verdict_iter, verdict_ok, iterations, iters_started;
    long verdict_cycle, last_write_cycle;
    long *iter_start;
    int iter_cap;
    /* unload */
    int unload_pos, unload_pending;
    int unload_col[FG_LDPC_ARCH_PORTS_MAX];
    uint8_t *out_bits, *out_reg;
    int32_t *load_w; /* write data of a load cycle (N2 * Z) */
    fg_ldpc_arch_stats st;
};

/* (Re)build the MB schedule from col_order / layer_order. */
int fg_ldpc_arch_build(fg_ldpc_arch *a);

#endif
