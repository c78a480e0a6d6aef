/* Bit-accurate fixed-point model of the multi-layer scaled min-sum decoder (thesis 3.8), the golden
 * model of the LDPC RTL. The arithmetic is the one written in fecforge/ldpc_decoder.h, step by step,
 * through fecforge/fixed.h; this file is meant to be read next to that comment. Plain loops, no
 * tricks: a row at a time, a block at a time, O(edges) per iteration.
 *
 * State: L (APP, n values, app_width bits; at load L = fg_fx_rshift_rnd(llr, in_shift)) and the R-Regfile, one word per check row
 * (min0, min1, pos, one sign bit per block of the row). A row's R message for block j is
 * regenerated from its word: magnitude mag(j == pos ? min1 : min0), sign = XOR of the row's sign
 * bits except bit j. The all-zero word (the state after load) regenerates R = 0.
 *
 * Macro-layer m holds layers mK .. min(mK + K, mb) - 1. For each of its rows (layer order, then row
 * order i = 0 .. z-1), for each block j of the row (ascending column), bit v = col*z + (i + shift)
 * mod z: R_old = regen(word, j), then R_old = fg_fx_rold_keep(L[v], R_old, A) if app_keep;
 * Q = fg_fx_sub(L[v], R_old, A); m = min(|Q|, mcap) with mcap = 2^(R-1) - 1 (r_sat_late = 0) or
 * 2^(A-1) - 1 (r_sat_late = 1). The min finder starts from min0 = min1 = mcap (a row of one block
 * keeps min1 at that value) and for each block in order: m < min0: min1 = min0, min0 = m,
 * pos = j; else m < min1: min1 = m. Then R'_j = sign-magnitude(XOR of all Q signs but Q_j's, mag(j == pos ? min1 : min0))
 * with mag(x) = scale(x) (floor or nearest by scale_round), saturated to r_width bits if r_sat_late,
 * acc[v] += R'_j - R_old (exact), and the row's word becomes (min0, min1, pos, signs). L is not
 * written during the macro-layer (every Q sees L as it was at its start); at its end
 * L[v] = fg_fx_sat(L[v] + acc[v], A) for every bit it touched. */
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/ldpc_decoder.h"
#include "ldpc_dec/ldpc_dec_internal.h"

#include <stdlib.h>
#include <string.h>

struct fg_ldpc_fixed {
    const fg_ldpc_code *code;
    fg_ldpc_fixed_cfg cfg;
    int loaded;
    int32_t *L;      /* n APP values */
    int64_t *acc;    /* n: sum of R' - R_old of the current macro-layer */
    uint8_t *touched; /* n: acc[v] belongs to the current macro-layer */
    /* R-Regfile: one word per row r = l*z + i */
    int32_t *min0, *min1;
    int *pos;
    uint8_t *sign;   /* row r's sign of block j (j in [0, deg)) at sign[row_start[l]*z + i*deg + j] */
    int32_t *q, *rold; /* max_row_deg: one row's Q and R_old */
    uint8_t *qs;       /* max_row_deg: one row's new sign bits */
};

fg_ldpc_fixed_cfg fg_ldpc_fixed_cfg_default(void)
{
    fg_ldpc_fixed_cfg c = {.layers = 2, .llr_width = 6, .llr_frac = 2, .r_width = 6, .app_width = 7, .in_shift = 1,
                           .scale_num = 3, .scale_shift = 2, .scale_round = 1, .r_sat_late = 1,
                           .app_keep = 1, .max_iter = 15, .early_term = 1};
    return c;
}

static int check_cfg(const fg_ldpc_code *code, const fg_ldpc_fixed_cfg *c)
{
    if (!c)
        return fg_set_error(FG_EINVAL, "cfg is NULL");
    if (c->layers < 1 || c->layers > code->mb)
        return fg_set_error(FG_EINVAL, "layers=%d out of range [1, %d] (mb of %s)", c->layers, code->mb,
                            code->name);
    if (c->llr_width < 2 || c->llr_width > 16)
        return fg_set_error(FG_EINVAL, "llr_width=%d out of range [2, 16]", c->llr_width);
    if (c->llr_frac < 0 || c->llr_frac > c->llr_width - 1)
        return fg_set_error(FG_EINVAL, "llr_frac=%d out of range [0, %d] (llr_width - 1)", c->llr_frac,
                            c->llr_width - 1);
    if (c->r_width < 2 || c->r_width > 16)
        return fg_set_error(FG_EINVAL, "r_width=%d out of range [2, 16]", c->r_width);
    if (c->app_width < c->llr_width || c->app_width > 24)
        return fg_set_error(FG_EINVAL, "app_width=%d out of range [%d, 24] (llr_width=%d <= app_width)",
                            c->app_width, c->llr_width, c->llr_width);
    if (c->in_shift < 0 || c->in_shift > c->llr_width - 1)
        return fg_set_error(FG_EINVAL, "in_shift=%d out of range [0, %d] (llr_width - 1)", c->in_shift,
                            c->llr_width - 1);
    if (c->scale_shift < 0 || c->scale_shift > 8)
        return fg_set_error(FG_EINVAL, "scale_shift=%d out of range [0, 8]", c->scale_shift);
    if (c->scale_num < 1 || c->scale_num > (1 << c->scale_shift))
        return fg_set_error(FG_EINVAL, "scale_num=%d out of range [1, %d] (2^scale_shift)", c->scale_num,
                            1 << c->scale_shift);
    if (c->scale_round != 0 && c->scale_round != 1)
        return fg_set_error(FG_EINVAL, "scale_round=%d invalid: 0 (floor) or 1 (nearest)", c->scale_round);
    if (c->r_sat_late != 0 && c->r_sat_late != 1)
        return fg_set_error(FG_EINVAL, "r_sat_late=%d invalid: 0 (|Q| before the min) or 1 (R after scaling)",
                            c->r_sat_late);
    if (c->app_keep != 0 && c->app_keep != 1)
        return fg_set_error(FG_EINVAL, "app_keep=%d invalid: 0 (off) or 1 (on)", c->app_keep);
    if (c->max_iter < 1 || c->max_iter > 1000)
        return fg_set_error(FG_EINVAL, "max_iter=%d out of range [1, 1000]", c->max_iter);
    if (c->early_term != 0 && c->early_term != 1)
        return fg_set_error(FG_EINVAL, "early_term=%d invalid: 0 (off) or 1 (on)", c->early_term);
    return 0;
}

void fg_ldpc_fixed_destroy(fg_ldpc_fixed *dec)
{
    if (!dec)
        return;
    free(dec->L);
    free(dec->acc);
    free(dec->touched);
    free(dec->min0);
    free(dec->min1);
    free(dec->pos);
    free(dec->sign);
    free(dec->q);
    free(dec->rold);
    free(dec->qs);
    free(dec);
}

int fg_ldpc_fixed_create(const fg_ldpc_code *code, const fg_ldpc_fixed_cfg *cfg, fg_ldpc_fixed **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    int rc = fg_ldpc_dec_check_code(code);
    if (rc)
        return rc;
    if ((rc = check_cfg(code, cfg)))
        return rc;
    fg_ldpc_fixed *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory for the fixed-point LDPC model");
    d->code = code;
    d->cfg = *cfg;
    const size_t n = (size_t)code->n, rows = (size_t)code->mb * (size_t)code->z;
    const size_t edges = (size_t)code->n_blocks * (size_t)code->z, deg = (size_t)code->max_row_deg;
    d->L = calloc(n, sizeof *d->L);
    d->acc = calloc(n, sizeof *d->acc);
    d->touched = calloc(n, 1);
    d->min0 = calloc(rows, sizeof *d->min0);
    d->min1 = calloc(rows, sizeof *d->min1);
    d->pos = calloc(rows, sizeof *d->pos);
    d->sign = calloc(edges, 1);
    d->q = calloc(deg, sizeof *d->q);
    d->rold = calloc(deg, sizeof *d->rold);
    d->qs = calloc(deg, 1);
    if (!d->L || !d->acc || !d->touched || !d->min0 || !d->min1 || !d->pos || !d->sign || !d->q || !d->rold ||
        !d->qs) {
        fg_ldpc_fixed_destroy(d);
        return fg_set_error(FG_ENOMEM, "out of memory for the fixed-point LDPC model of %s", code->name);
    }
    *out = d;
    return 0;
}

int fg_ldpc_fixed_load(fg_ldpc_fixed *dec, const int32_t *llr_n)
{
    if (!dec || !llr_n)
        return fg_set_error(FG_EINVAL, "fg_ldpc_fixed_load: dec and llr_n must not be NULL");
    const fg_ldpc_code *c = dec->code;
    const int32_t m = fg_fx_max(dec->cfg.llr_width);
    for (int v = 0; v < c->n; v++)
        if (llr_n[v] < -m || llr_n[v] > m)
            return fg_set_error(FG_EINVAL, "llr_n[%d]=%d out of range [%d, %d] (llr_width=%d)", v, (int)llr_n[v],
                                (int)-m, (int)m, dec->cfg.llr_width);
    for (int v = 0; v < c->n; v++)
        dec->L[v] = fg_fx_rshift_rnd(llr_n[v], dec->cfg.in_shift);
    const size_t rows = (size_t)c->mb * (size_t)c->z;
    memset(dec->min0, 0, rows * sizeof *dec->min0);
    memset(dec->min1, 0, rows * sizeof *dec->min1);
    memset(dec->pos, 0, rows * sizeof *dec->pos);
    memset(dec->sign, 0, (size_t)c->n_blocks * (size_t)c->z);
    dec->loaded = 1;
    return 0;
}

const int32_t *fg_ldpc_fixed_app(const fg_ldpc_fixed *dec) { return dec ? dec->L : NULL; }

/* mag(x): scale(x) = (scale_num * x [+ 2^(scale_shift-1)]) >> scale_shift, floor or nearest by
 * scale_round, saturated to r_width bits when r_sat_late (x >= 0: a magnitude). */
static int32_t scale(const fg_ldpc_fixed *d, int32_t x)
{
    const int32_t s = d->cfg.scale_round ? fg_fx_scale_rnd(x, d->cfg.scale_num, d->cfg.scale_shift)
                                         : fg_fx_scale(x, d->cfg.scale_num, d->cfg.scale_shift);
    return d->cfg.r_sat_late ? fg_fx_sat(s, d->cfg.r_width) : s;
}

/* R message of block j of a row, regenerated from the row's R-Regfile word; opar is the XOR of all
 * the word's sign bits, so opar ^ sign[j] is the XOR of all of them but block j's. */
static int32_t regen(const fg_ldpc_fixed *d, int32_t min0, int32_t min1, int pos, int opar, const uint8_t *sign,
                     int j)
{
    return fg_fx_from_sm(opar ^ sign[j], scale(d, j == pos ? min1 : min0));
}

/* Bit index of block b (global block index) for row i of its layer. */
static int bit_of(const fg_ldpc_code *c, int b, int i)
{
    int k = i + c->blk_shift[b];
    if (k >= c->z)
        k -= c->z;
    return c->blk_col[b] * c->z + k;
}

/* One row (layer l, row i): Q, min finder, R', acc; the row's regfile word is replaced. */
static void row(fg_ldpc_fixed *d, int l, int i)
{
    const fg_ldpc_code *c = d->code;
    const int A = d->cfg.app_width, b0 = c->row_start[l], deg = c->row_start[l + 1] - b0;
    const int r = l * c->z + i;
    uint8_t *sign = d->sign + (size_t)b0 * c->z + (size_t)i * deg;
    const int32_t mmax = fg_fx_max(d->cfg.r_sat_late ? A : d->cfg.r_width);
    int32_t min0 = mmax, min1 = mmax;
    int pos = 0, par = 0, opar = 0;
    for (int j = 0; j < deg; j++)
        opar ^= sign[j];
    for (int j = 0; j < deg; j++) {
        const int32_t lv = d->L[bit_of(c, b0 + j, i)];
        d->rold[j] = regen(d, d->min0[r], d->min1[r], d->pos[r], opar, sign, j);
        if (d->cfg.app_keep)
            d->rold[j] = fg_fx_rold_keep(lv, d->rold[j], A);
        d->q[j] = fg_fx_sub(lv, d->rold[j], A);
        const int32_t m = fg_fx_min(fg_fx_abs(d->q[j]), mmax);
        if (m < min0) {
            min1 = min0;
            min0 = m;
            pos = j;
        } else if (m < min1) {
            min1 = m;
        }
        d->qs[j] = (uint8_t)fg_fx_sign(d->q[j]);
        par ^= d->qs[j];
    }
    for (int j = 0; j < deg; j++) {
        const int32_t rnew = fg_fx_from_sm(par ^ d->qs[j], scale(d, j == pos ? min1 : min0));
        const int v = bit_of(c, b0 + j, i);
        d->acc[v] += (int64_t)rnew - d->rold[j];
        d->touched[v] = 1;
        sign[j] = d->qs[j];
    }
    d->min0[r] = min0;
    d->min1[r] = min1;
    d->pos[r] = pos;
}

/* Syndrome weight of the hard decisions of L. */
static int syndrome_weight(fg_ldpc_fixed *d)
{
    const fg_ldpc_code *c = d->code;
    int w = 0;
    for (int l = 0; l < c->mb; l++)
        for (int i = 0; i < c->z; i++) {
            int p = 0;
            for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++)
                p ^= fg_fx_hard(d->L[bit_of(c, b, i)]);
            w += p;
        }
    return w;
}

int fg_ldpc_fixed_iterate(fg_ldpc_fixed *dec)
{
    if (!dec)
        return fg_set_error(FG_EINVAL, "fg_ldpc_fixed_iterate: dec is NULL");
    if (!dec->loaded)
        return fg_set_error(FG_ESTATE, "fg_ldpc_fixed_iterate before fg_ldpc_fixed_load");
    const fg_ldpc_code *c = dec->code;
    const int K = dec->cfg.layers, A = dec->cfg.app_width;
    for (int l0 = 0; l0 < c->mb; l0 += K) {
        const int l1 = l0 + K < c->mb ? l0 + K : c->mb;
        for (int l = l0; l < l1; l++)
            for (int i = 0; i < c->z; i++)
                row(dec, l, i);
        for (int b = c->row_start[l0]; b < c->row_start[l1]; b++)
            for (int i = 0; i < c->z; i++) {
                const int v = bit_of(c, b, i);
                if (dec->touched[v]) {
                    dec->L[v] = fg_fx_sat((int64_t)dec->L[v] + dec->acc[v], A);
                    dec->acc[v] = 0;
                    dec->touched[v] = 0;
                }
            }
    }
    return syndrome_weight(dec);
}

int fg_ldpc_fixed_decode(fg_ldpc_fixed *dec, const int32_t *llr_n, uint8_t *bits_n, int32_t *app_n,
                         int *iterations)
{
    if (!dec || !llr_n || !bits_n)
        return fg_set_error(FG_EINVAL, "fg_ldpc_fixed_decode: dec, llr_n and bits_n must not be NULL");
    int rc = fg_ldpc_fixed_load(dec, llr_n);
    if (rc)
        return rc;
    int it = 0;
    while (it < dec->cfg.max_iter) {
        const int w = fg_ldpc_fixed_iterate(dec);
        if (w < 0)
            return w;
        it++;
        if (dec->cfg.early_term && w == 0)
            break;
    }
    const int n = dec->code->n;
    for (int v = 0; v < n; v++)
        bits_n[v] = (uint8_t)fg_fx_hard(dec->L[v]);
    if (app_n)
        memcpy(app_n, dec->L, sizeof(int32_t) * (size_t)n);
    if (iterations)
        *iterations = it;
    return 0;
}
