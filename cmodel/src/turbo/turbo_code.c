/* Turbo encoder of UMTS/HSPA+ and LTE in the natural layout, and the standards' transmission
 * orders as permutations of it (fecforge/turbo.h, docs/turbo.md "Codes"). */
#include "fecforge/turbo.h"

#include "fecforge/error.h"
#include "fecforge/rsc.h"

#include <stdlib.h>

/* One constituent encoder over in_K (in[k] read as in[idx ? idx[k] : k]), parity into par_K, then
 * three termination steps into tail_6 (x, z, x, z, x, z). */
static void rsc_encode(int K, const uint8_t *in_K, const int32_t *idx_K, uint8_t *par_K, uint8_t *tail_6)
{
    int s = 0;
    for (int k = 0; k < K; k++) {
        const int u = in_K[idx_K ? idx_K[k] : k];
        par_K[k] = (uint8_t)fg_rsc_parity(s, u);
        s = fg_rsc_next(s, u);
    }
    for (int t = 0; t < FG_RSC_MEMORY; t++) {
        const int u = fg_rsc_tail_input(s);
        tail_6[2 * t] = (uint8_t)u;
        tail_6[2 * t + 1] = (uint8_t)fg_rsc_parity(s, u);
        s = fg_rsc_next(s, u);
    }
}

int fg_turbo_encode(fg_std std, int K, const uint8_t *bits_K, uint8_t *out_N)
{
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    if (!bits_K || !out_N)
        return fg_set_error(FG_EINVAL, "fg_turbo_encode: NULL %s", !bits_K ? "bits_K" : "out_N");
    for (int k = 0; k < K; k++)
        if (bits_K[k] > 1)
            return fg_set_error(FG_EINVAL, "bits_K[%d]=%d is not a bit (0 or 1)", k, bits_K[k]);
    int32_t *pi = malloc(sizeof *pi * (size_t)K);
    if (!pi)
        return fg_set_error(FG_ENOMEM, "fg_turbo_encode: out of memory (K=%d)", K);
    if ((rc = fg_interleaver_table(std, K, pi))) {
        free(pi);
        return rc;
    }
    const fg_turbo_layout l = fg_turbo_layout_of(K);
    for (int k = 0; k < K; k++)
        out_N[l.sys + k] = bits_K[k];
    rsc_encode(K, bits_K, NULL, out_N + l.par1, out_N + l.tail1);
    rsc_encode(K, bits_K, pi, out_N + l.par2, out_N + l.tail2);
    free(pi);
    return 0;
}

int fg_turbo_tx_order(fg_std std, int K, int32_t *order_N)
{
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    if (!order_N)
        return fg_set_error(FG_EINVAL, "fg_turbo_tx_order: NULL order_N");
    const fg_turbo_layout l = fg_turbo_layout_of(K);
    if (std == FG_STD_UMTS) {
        for (int k = 0; k < K; k++) {
            order_N[3 * k] = l.sys + k;
            order_N[3 * k + 1] = l.par1 + k;
            order_N[3 * k + 2] = l.par2 + k;
        }
        for (int i = 0; i < FG_TURBO_TAIL; i++) /* the tail is sent in the layout's order */
            order_N[3 * K + i] = l.tail1 + i;
        return 0;
    }
    /* LTE: stream j (j = 0, 1, 2) is order_N[j (K+4) ...]. Tail offsets in the layout: tail1 + 0..5 =
     * x_K z_K x_{K+1} z_{K+1} x_{K+2} z_{K+2}; tail2 + 0..5 the same for encoder 2. */
    static const int tail_of[3][4] = {
        {0, 3, 6, 9},  /* d(0): x_K, z_{K+1}, x'_K, z'_{K+1} */
        {1, 4, 7, 10}, /* d(1): z_K, x_{K+2}, z'_K, x'_{K+2} */
        {2, 5, 8, 11}  /* d(2): x_{K+1}, z_{K+2}, x'_{K+1}, z'_{K+2} */
    };
    const int D = K + 4, base[3] = {l.sys, l.par1, l.par2};
    for (int j = 0; j < 3; j++) {
        for (int k = 0; k < K; k++)
            order_N[j * D + k] = base[j] + k;
        for (int t = 0; t < 4; t++)
            order_N[j * D + K + t] = l.tail1 + tail_of[j][t];
    }
    return 0;
}

/* The order table for a conversion (malloc'ed into *order). */
static int order_of(fg_std std, int K, const void *a, const void *b, int32_t **order)
{
    *order = NULL;
    if (!a || !b)
        return fg_set_error(FG_EINVAL, "turbo transmission order: NULL buffer");
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    *order = malloc(sizeof **order * (size_t)(3 * K + FG_TURBO_TAIL));
    if (!*order)
        return fg_set_error(FG_ENOMEM, "turbo transmission order: out of memory (K=%d)", K);
    return fg_turbo_tx_order(std, K, *order);
}

int fg_turbo_to_tx(fg_std std, int K, const uint8_t *nat_N, uint8_t *tx_N)
{
    int32_t *o;
    int rc = order_of(std, K, nat_N, tx_N, &o);
    if (!rc)
        for (int i = 0; i < 3 * K + FG_TURBO_TAIL; i++)
            tx_N[i] = nat_N[o[i]];
    free(o);
    return rc;
}

int fg_turbo_llr_from_tx(fg_std std, int K, const double *tx_N, double *nat_N)
{
    int32_t *o;
    int rc = order_of(std, K, tx_N, nat_N, &o);
    if (!rc)
        for (int i = 0; i < 3 * K + FG_TURBO_TAIL; i++)
            nat_N[o[i]] = tx_N[i];
    free(o);
    return rc;
}
