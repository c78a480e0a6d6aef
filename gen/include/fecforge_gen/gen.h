/* fecforge_gen: RTL generator. Parameters in; Verilog-2005 (one module per file), files.f and
 * manifest.json out. Output goes to a temporary directory beside the target that is renamed at
 * the end, so a failure never leaves a half-written directory. */
#ifndef FECFORGE_GEN_H
#define FECFORGE_GEN_H

#include <stddef.h>

#include "fecforge/dbcf.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_GEN_WIDTH_MAX = 32, FG_GEN_BANK_DEPTH_MAX = 1 << 24 };

/* The DBCF write network (docs/rtl-dbcf.md). dbcf.stall is a producer property: ignored. */
typedef struct {
    fg_dbcf_cfg dbcf;  /* pllr, banks, select (0 = all = 2*pllr), fifo_depth, buf_depth, offer, lfsr_seed */
    int width;         /* data (LLR) bits W, [1, FG_GEN_WIDTH_MAX] */
    int bank_depth;    /* rows per bank D, [1, FG_GEN_BANK_DEPTH_MAX]; sets the row port width */
} fg_gen_dbcf_cfg;

/* pllr, banks, select, fifo, buf, offer, seed from fg_dbcf_cfg_default(); width 8; bank depth
 * fg_gen_dbcf_default_bank_depth(). */
fg_gen_dbcf_cfg fg_gen_dbcf_cfg_default(void);

/* Rows per bank the largest standard block (LTE K = 6144, UMTS K <= 5114) needs under every bank
 * mapping the model knows that accepts (pllr, banks); ceil(6144 / banks) when none does. */
int fg_gen_dbcf_default_bank_depth(int pllr, int banks);

int fg_gen_dbcf_check(const fg_gen_dbcf_cfg *c);

/* Top module name, e.g. fg_dbcf_p32_m64_s3_f4_b7 (+ "_head" for the head-only offer). */
void fg_gen_dbcf_name(const fg_gen_dbcf_cfg *c, char *buf, size_t n);

/* Derived port widths. */
typedef struct {
    int slots;  /* 2*pllr request slots */
    int select; /* effective S */
    int bank_w, row_w, data_w;
    int count_w; /* FIFO / buffer levels, limits, ranks */
    int slot_w;  /* start slot */
} fg_gen_dbcf_dims;
void fg_gen_dbcf_dims_of(const fg_gen_dbcf_cfg *c, fg_gen_dbcf_dims *d);

/* Generate into directory dir (created; replaced if it holds an earlier generator output). */
int fg_gen_dbcf(const fg_gen_dbcf_cfg *c, const char *dir);

#ifdef __cplusplus
}
#endif
#endif
