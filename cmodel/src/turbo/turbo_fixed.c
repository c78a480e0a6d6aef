/* The parallel fixed-point turbo decoder (fecforge/turbo_fixed.h, docs/turbo-fixed.md "Schedule"). */
#include "fecforge/turbo_fixed.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/xmap_schedule.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fg_turbo_fixed {
    fg_std std;
    int K, P, L, n_sub;
    fg_turbo_fixed_cfg cfg;
    int32_t *pi, *inv;            /* pi_K, its inverse */
    int32_t *q;                   /* N: the codeword being decoded */
    int32_t *sys2;                /* K: systematic LLRs in interleaved order */
    int32_t *ext[2];              /* K each: extrinsics of SISO 1 (natural), SISO 2 (interleaved) */
    int32_t *apr;                 /* K: a-priori of the running SISO, its order */
    int32_t *app;                 /* K: a-posteriori of the running SISO, its order */
    int32_t *app_nat;             /* K: the last half-iteration's a-posteriori, natural order */
    int32_t *stake_a[2], *stake_b[2]; /* P x 8 per SISO: alpha at each sub-block's end, beta at its start */
    int32_t *a_in, *b_in;         /* P x 8: the boundary values used by the running half-iteration */
    int32_t *work;                /* (L/2 + 1) x 8 */
    uint8_t *hard;                /* K, natural order */
};

fg_turbo_fixed_cfg fg_turbo_fixed_cfg_default(void)
{
    fg_turbo_fixed_cfg c;
    memset(&c, 0, sizeof c);
    c.fmt = fg_xmap_fmt_default();
    c.P = 1;
    c.nii = 1;
    c.half_iters = 11;
    c.et.kind = FG_TURBO_ET_NONE;
    c.et.threshold = 0;
    c.et.crc_poly = FG_CRC24A;
    return c;
}

/* Sub-blocks of P SISOs over K (xmap_schedule partition): 0 and *L, *n_sub if every non-empty one
 * has at least 8 positions, 1 if not. */
static int partition(int K, int P, int *L, int *n_sub)
{
    fg_xmap_schedule s;
    if (fg_xmap_schedule_init(&s, K, 4 * P))
        return -1;
    *L = s.L;
    *n_sub = (K + s.L - 1) / s.L;
    const int last = K - (*n_sub - 1) * s.L;
    return s.L < 8 || last < 8;
}

static int check_p(int K, int P, int *L, int *n_sub)
{
    if (P < 1 || 4 * P > FG_PLLR_MAX)
        return fg_set_error(FG_EINVAL, "P=%d out of range [1, %d] (4P <= %d)", P, FG_PLLR_MAX / 4, FG_PLLR_MAX);
    int r = partition(K, P, L, n_sub);
    if (r < 0)
        return r;
    if (r > 0) {
        int best = P - 1;
        int l2, n2;
        while (best > 1 && partition(K, best, &l2, &n2) != 0)
            best--;
        const int last = K - (*n_sub - 1) * *L;
        return fg_set_error(FG_EINVAL,
                            "P=%d does not fit K=%d: sub-blocks of L=%d positions leave %d in the last "
                            "non-empty one (each needs >= 8); the largest P <= %d that fits is %d",
                            P, K, *L, last < *L ? last : *L, P, best);
    }
    return 0;
}

/* The checks of fg_turbo_fixed_create, on the caller's cfg (the fields they refuse are its). */
static int check_cfg(fg_std std, int K, const fg_turbo_fixed_cfg *c, int *L, int *n_sub)
{
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    if ((rc = fg_xmap_fmt_check(&c->fmt)))
        return rc;
    if ((rc = check_p(K, c->P, L, n_sub)))
        return fg_error_at(rc, &c->P);
    if (c->half_iters <= 0 || c->half_iters > FG_TURBO_HALF_ITERS_MAX)
        return fg_set_error_at(FG_EINVAL, &c->half_iters, "half_iters=%d out of range [1, %d]", c->half_iters,
                               FG_TURBO_HALF_ITERS_MAX);
    if (c->nii != 0 && c->nii != 1)
        return fg_set_error_at(FG_EINVAL, &c->nii, "nii=%d out of range [0, 1]", c->nii);
    if ((int)c->et.kind < FG_TURBO_ET_NONE || c->et.kind > FG_TURBO_ET_CRC)
        return fg_set_error_at(FG_EINVAL, &c->et, "et.kind=%d out of range [0, 3] (none, minllr, avgllr, crc)",
                               (int)c->et.kind);
    if ((c->et.kind == FG_TURBO_ET_MIN_LLR || c->et.kind == FG_TURBO_ET_AVG_LLR) &&
        !(c->et.threshold >= 0 && isfinite(c->et.threshold)))
        return fg_set_error_at(FG_EINVAL, &c->et, "et.threshold=%g out of range [0, inf) (LSBs of the a-posteriori "
                               "LLR)", c->et.threshold);
    if (c->et.kind == FG_TURBO_ET_CRC) {
        if (std != FG_STD_LTE)
            return fg_set_error_at(FG_EINVAL, &c->et, "et=crc needs std=lte (UMTS blocks carry no CRC-24 here), got %s",
                                   fg_std_name(std));
        if (c->et.crc_poly != FG_CRC24A && c->et.crc_poly != FG_CRC24B)
            return fg_set_error_at(FG_EINVAL, &c->et, "et.crc_poly=%d out of range [0, 1]", (int)c->et.crc_poly);
    }
    return 0;
}

int fg_turbo_fixed_create(fg_std std, int K, const fg_turbo_fixed_cfg *cfg, fg_turbo_fixed **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "fg_turbo_fixed_create: out is NULL");
    *out = NULL;
    const fg_turbo_fixed_cfg def = fg_turbo_fixed_cfg_default(), c = cfg ? *cfg : def;
    int L = 0, n_sub = 0;
    int rc = check_cfg(std, K, cfg ? cfg : &def, &L, &n_sub);
    if (rc)
        return rc;

    fg_turbo_fixed *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "fg_turbo_fixed_create: out of memory");
    d->std = std;
    d->K = K;
    d->P = c.P;
    d->L = L;
    d->n_sub = n_sub;
    d->cfg = c;
    const size_t k4 = (size_t)K * sizeof(int32_t), p8 = (size_t)c.P * 8 * sizeof(int32_t);
    d->pi = malloc(k4);
    d->inv = malloc(k4);
    d->q = malloc((size_t)(3 * K + FG_TURBO_TAIL) * sizeof(int32_t));
    d->sys2 = malloc(k4);
    d->ext[0] = malloc(k4);
    d->ext[1] = malloc(k4);
    d->apr = malloc(k4);
    d->app = malloc(k4);
    d->app_nat = calloc((size_t)K, sizeof(int32_t));
    d->stake_a[0] = malloc(p8);
    d->stake_a[1] = malloc(p8);
    d->stake_b[0] = malloc(p8);
    d->stake_b[1] = malloc(p8);
    d->a_in = malloc(p8);
    d->b_in = malloc(p8);
    d->work = malloc((size_t)(L / 2 + 1) * 8 * sizeof(int32_t));
    d->hard = malloc((size_t)K);
    if (!d->pi || !d->inv || !d->q || !d->sys2 || !d->ext[0] || !d->ext[1] || !d->apr || !d->app || !d->app_nat ||
        !d->stake_a[0] || !d->stake_a[1] || !d->stake_b[0] || !d->stake_b[1] || !d->a_in || !d->b_in || !d->work ||
        !d->hard) {
        fg_turbo_fixed_destroy(d);
        return fg_set_error(FG_ENOMEM, "fg_turbo_fixed_create: out of memory (K=%d, P=%d)", K, c.P);
    }
    if ((rc = fg_interleaver_table(std, K, d->pi))) {
        fg_turbo_fixed_destroy(d);
        return rc;
    }
    fg_permutation_invert(K, d->pi, d->inv);
    *out = d;
    return 0;
}

void fg_turbo_fixed_destroy(fg_turbo_fixed *d)
{
    if (!d)
        return;
    free(d->pi);
    free(d->inv);
    free(d->q);
    free(d->sys2);
    free(d->ext[0]);
    free(d->ext[1]);
    free(d->apr);
    free(d->app);
    free(d->app_nat);
    for (int i = 0; i < 2; i++) {
        free(d->stake_a[i]);
        free(d->stake_b[i]);
    }
    free(d->a_in);
    free(d->b_in);
    free(d->work);
    free(d->hard);
    free(d);
}

const int32_t *fg_turbo_fixed_app(const fg_turbo_fixed *d) { return d ? d->app_nat : NULL; }

/* One half-iteration h: SISO h & 1 over all sub-blocks, reading the other SISO's extrinsics of the
 * previous half-iteration and this SISO's stakes of its previous run. */
static void half_iteration(fg_turbo_fixed *d, int h)
{
    const int K = d->K, si = h & 1, L = d->L;
    const fg_xmap_fmt *f = &d->cfg.fmt;
    const fg_turbo_layout lay = fg_turbo_layout_of(K);
    const int32_t *sys = si ? d->sys2 : d->q + lay.sys;
    const int32_t *par = d->q + (si ? lay.par2 : lay.par1);
    const int32_t *tail = d->q + (si ? lay.tail2 : lay.tail1);

    if (h == 0)
        memset(d->apr, 0, (size_t)K * sizeof *d->apr);
    else if (si)
        for (int k = 0; k < K; k++)
            d->apr[k] = d->ext[0][d->pi[k]];
    else
        for (int j = 0; j < K; j++)
            d->apr[j] = d->ext[1][d->inv[j]];

    memset(d->a_in, 0, (size_t)d->P * 8 * sizeof *d->a_in);
    memset(d->b_in, 0, (size_t)d->P * 8 * sizeof *d->b_in);
    for (int p = 0; p < d->n_sub; p++) {
        int32_t *ai = d->a_in + 8 * p, *bi = d->b_in + 8 * p;
        if (p == 0)
            fg_xmap_alpha_start(f, ai);
        else if (d->cfg.nii)
            memcpy(ai, d->stake_a[si] + 8 * (p - 1), 8 * sizeof *ai);
        if (p == d->n_sub - 1)
            fg_xmap_beta_tail(f, tail, bi);
        else if (d->cfg.nii)
            memcpy(bi, d->stake_b[si] + 8 * (p + 1), 8 * sizeof *bi);
    }
    /* Every sub-block reads the stakes of the previous run before any is replaced (the SISOs run
     * in parallel in hardware). */
    memset(d->stake_a[si], 0, (size_t)d->P * 8 * sizeof(int32_t));
    memset(d->stake_b[si], 0, (size_t)d->P * 8 * sizeof(int32_t));
    for (int p = 0; p < d->n_sub; p++) {
        const int s0 = p * L, n = K - s0 < L ? K - s0 : L;
        fg_xmap_siso(f, n, sys + s0, par + s0, d->apr + s0, d->a_in + 8 * p, d->b_in + 8 * p, d->app + s0,
                     d->ext[si] + s0, d->stake_a[si] + 8 * p, d->stake_b[si] + 8 * p, d->work, NULL);
    }
}

/* Hard decisions (natural order) of half-iteration h and the ET test on its a-posteriori LLRs. */
static int decide(fg_turbo_fixed *d, int h)
{
    const int K = d->K;
    if (h & 1)
        for (int k = 0; k < K; k++)
            d->app_nat[d->pi[k]] = d->app[k];
    else
        memcpy(d->app_nat, d->app, (size_t)K * sizeof *d->app);
    int64_t sum = 0;
    int32_t mn = INT32_MAX;
    for (int j = 0; j < K; j++) {
        d->hard[j] = (uint8_t)fg_fx_hard(d->app_nat[j]);
        const int32_t a = fg_fx_abs(d->app_nat[j]);
        sum += a;
        mn = fg_fx_min(mn, a);
    }
    switch (d->cfg.et.kind) {
    case FG_TURBO_ET_MIN_LLR:
        return (double)mn >= d->cfg.et.threshold;
    case FG_TURBO_ET_AVG_LLR:
        return (double)sum >= d->cfg.et.threshold * K;
    case FG_TURBO_ET_CRC:
        return fg_crc24_check(d->cfg.et.crc_poly, d->hard, K) == 1;
    default:
        return 0;
    }
}

int fg_turbo_fixed_decode(fg_turbo_fixed *d, const int32_t *q_N, uint8_t *bits_K, fg_turbo_result *res)
{
    if (!d || !q_N || !bits_K)
        return fg_set_error(FG_EINVAL, "fg_turbo_fixed_decode: NULL argument");
    const int K = d->K, N = 3 * K + FG_TURBO_TAIL;
    const int32_t m = fg_fx_max(d->cfg.fmt.w_ch);
    for (int i = 0; i < N; i++)
        if (q_N[i] < -m || q_N[i] > m)
            return fg_set_error(FG_EINVAL, "q_N[%d]=%d out of range [%d, %d] (w_ch=%d bits)", i, (int)q_N[i], -m, m,
                                d->cfg.fmt.w_ch);
    if (q_N != d->q)
        memcpy(d->q, q_N, (size_t)N * sizeof *q_N);
    for (int k = 0; k < K; k++)
        d->sys2[k] = q_N[d->pi[k]];
    for (int i = 0; i < 2; i++) {
        memset(d->stake_a[i], 0, (size_t)d->P * 8 * sizeof(int32_t));
        memset(d->stake_b[i], 0, (size_t)d->P * 8 * sizeof(int32_t));
    }
    int h = 0, stop = 0;
    while (h < d->cfg.half_iters && !stop) {
        half_iteration(d, h);
        stop = decide(d, h);
        if (d->cfg.observer) {
            const fg_turbo_fixed_obs o = {h, h & 1, K, d->P, d->L, d->n_sub, d->ext[h & 1], d->app, d->a_in, d->b_in,
                                          d->stake_a[h & 1], d->stake_b[h & 1]};
            d->cfg.observer(d->cfg.observer_user, &o);
        }
        h++;
    }
    memcpy(bits_K, d->hard, (size_t)K);
    if (res) {
        res->half_iters = h;
        res->early_stop = stop && h < d->cfg.half_iters;
    }
    return 0;
}

int fg_turbo_fixed_decode_llr(fg_turbo_fixed *d, const double *llr_N, uint8_t *bits_K, fg_turbo_result *res)
{
    if (!d || !llr_N || !bits_K)
        return fg_set_error(FG_EINVAL, "fg_turbo_fixed_decode_llr: NULL argument");
    const int N = 3 * d->K + FG_TURBO_TAIL;
    for (int i = 0; i < N; i++)
        if (!isfinite(llr_N[i]))
            return fg_set_error(FG_EINVAL, "llr_N[%d]=%g is not finite", i, llr_N[i]);
    int rc = fg_llr_quantize(llr_N, N, d->cfg.fmt.w_ch, d->cfg.fmt.f_ch, d->q);
    if (rc)
        return rc;
    return fg_turbo_fixed_decode(d, d->q, bits_K, res);
}
