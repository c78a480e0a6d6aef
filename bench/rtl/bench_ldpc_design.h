/* The LDPC decoder design of bench_rtl_ldpc (docs/rtl-ldpc-throughput.md), shared by its generator
 * program (gen_bench_ldpc.c, C) and the benchmark (bench_rtl_ldpc.cpp, C++), so that both build the
 * same code set, configuration and column orders: the thesis configuration (K 2, MB 2 x 2, default
 * widths, 15 iterations, left-to-right MB order), a list of 802.11n codes ("all": the twelve of
 * fg_ldpc_code_name(0..11)), optionally with the columns of every code reordered
 * (fg_ldpc_arch_reorder, columns only, fg_ldpc_reorder_cfg_default(); deterministic). */
#ifndef FG_BENCH_LDPC_DESIGN_H
#define FG_BENCH_LDPC_DESIGN_H

#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/ldpc_code.h"

#include <stdlib.h>
#include <string.h>

enum { FG_BENCH_LDPC_CODES_MAX = 12 };

typedef struct {
    int n_codes;
    fg_ldpc_code *codes[FG_BENCH_LDPC_CODES_MAX];
    int *col_order[FG_BENCH_LDPC_CODES_MAX]; /* NULL: standard order */
    fg_ldpc_arch_cfg arch;                   /* col_order/layer_order NULL; per code in col_order[] */
} fg_bench_ldpc_design;

static inline void fg_bench_ldpc_design_free(fg_bench_ldpc_design *d)
{
    for (int i = 0; i < d->n_codes; i++) {
        free(d->col_order[i]);
        fg_ldpc_code_destroy(d->codes[i]);
    }
    d->n_codes = 0;
}

/* codes: "all" or a comma-separated list of 802.11n code names; reorder: per-code column orders. */
static inline int fg_bench_ldpc_design_make(const char *codes, int reorder, fg_bench_ldpc_design *d)
{
    memset(d, 0, sizeof *d);
    d->arch = fg_ldpc_arch_cfg_default(); /* K 2, MB 2x2, 6/2 LLR, R 6, APP 7, 0.75, 15 it., LTR */
    const int all = strcmp(codes, "all") == 0;
    const char *p = codes;
    int rc = 0;
    for (int i = 0; !rc; i++) {
        char name[FG_LDPC_NAME_MAX];
        if (all) {
            if (i == FG_BENCH_LDPC_CODES_MAX)
                break;
            const char *s = fg_ldpc_code_name(i);
            if (!s)
                return fg_set_error(FG_EINVAL, "code %d of the built-in list is missing", i);
            strncpy(name, s, sizeof name - 1);
            name[sizeof name - 1] = 0;
        } else {
            if (!*p)
                break;
            const char *e = strchr(p, ',');
            const size_t len = e ? (size_t)(e - p) : strlen(p);
            if (len == 0 || len >= sizeof name)
                return fg_set_error(FG_EINVAL, "codes=\"%s\": empty or too long name", codes);
            memcpy(name, p, len);
            name[len] = 0;
            p += len + (e != NULL);
        }
        if (d->n_codes == FG_BENCH_LDPC_CODES_MAX) {
            rc = fg_set_error(FG_EINVAL, "codes=\"%s\": more than %d codes", codes, FG_BENCH_LDPC_CODES_MAX);
            break;
        }
        rc = fg_ldpc_code_create(name, &d->codes[d->n_codes]);
        if (rc)
            break;
        fg_ldpc_code *c = d->codes[d->n_codes++];
        if (reorder) {
            const fg_ldpc_reorder_cfg rc_cfg = fg_ldpc_reorder_cfg_default();
            int *layers = (int *)malloc(sizeof(int) * (size_t)c->mb);
            d->col_order[d->n_codes - 1] = (int *)malloc(sizeof(int) * (size_t)c->nb);
            if (!layers || !d->col_order[d->n_codes - 1])
                rc = fg_set_error(FG_ENOMEM, "out of memory for the column orders");
            else
                rc = fg_ldpc_arch_reorder(c, &d->arch, &rc_cfg, d->col_order[d->n_codes - 1], layers);
            free(layers);
        }
    }
    if (!rc && d->n_codes == 0)
        rc = fg_set_error(FG_EINVAL, "codes=\"%s\": no code", codes);
    if (rc)
        fg_bench_ldpc_design_free(d);
    return rc;
}

/* The arch configuration of code i (its column order set). */
static inline fg_ldpc_arch_cfg fg_bench_ldpc_arch_of(const fg_bench_ldpc_design *d, int i)
{
    fg_ldpc_arch_cfg a = d->arch;
    a.col_order = d->col_order[i];
    return a;
}

#endif
