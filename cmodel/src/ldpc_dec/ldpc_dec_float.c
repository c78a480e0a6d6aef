/* Float reference decoders of QC-LDPC codes: flooding, layered and multi-layer schedules with the
 * SPA, MS, NMS and OMS check rules (fecforge/ldpc_decoder.h, docs/ldpc.md "Decoders").
 *
 * Data layout (the QC structure): the APP values L are n floats, block column c at L + c*z. A layer
 * has z check rows; the decoder handles the z rows of a layer together, as lanes of GNU C vectors
 * (4 or 8 floats), padded to zp = z rounded up to a multiple of 8. For a non-zero block with shift s, row
 * i of the layer sees bit (i + s) mod z of the block column: "rot_in" copies the block column into
 * row order (two memcpy, no division), "rot_out" copies it back. Per-edge buffers are stored in row
 * order, one zp-vector per non-zero block. Padding lanes start at 0 and are never copied back to L.
 *
 * Check messages R: min-sum rules keep them compressed per row, as the R-Regfile of the thesis does
 * (r0 = f(min0), r1 = f(min1), the position of the first minimum, the parity of the Q signs and one
 * sign bit per edge, packed in 32-bit words); R of block b is sign * (b == pos ? r1 : r0), sign =
 * parity XOR the sign of the block's own Q. SPA keeps every R (one float per edge).
 *
 * One iteration processes the macro-layers (K consecutive layers; K = 1 for layered, K = mb for
 * flooding) in order. For each layer of a macro-layer: Q = L - R_old from L as it was at the start
 * of the macro-layer, R' by the check rule, and D = R' - R_old per edge. After the macro-layer,
 * L += D for every edge of it (layer order). Flooding stores D = R' instead and recomputes
 * L = L_channel + sum of R' after all layers (the variable-node update of the two-phase decoder).
 * Magnitudes of R' are capped at 1e30 so that no value overflows in long runs.
 * The flooding layers and the K = 1 shortcut: layered writes L + D straight back in the min-sum
 * kernel (the sums apply_d would form, so multi-layer K = 1 gives the same values). */
#include "fecforge/error.h"
#include "fecforge/ldpc_decoder.h"
#include "ldpc_dec/ldpc_dec_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* GNU C vectors (gcc and clang) of 4 lanes for the helpers; the min-sum kernel has its own. */
typedef float vf __attribute__((vector_size(16)));
typedef int32_t vi __attribute__((vector_size(16)));
typedef uint32_t vu __attribute__((vector_size(16)));
#define BCAST(T, x) ((T){0} + (x))
#define VSEL_I(m, a, b) (((a) & (m)) | ((b) & ~(m))) /* m ? a : b, lane-wise */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define FG_LDPC_HAVE_AVX2 1
#else
#define FG_LDPC_HAVE_AVX2 0
#endif
enum { ZP_ALIGN = 8 }; /* zp: a multiple of every kernel's lanes * vectors per step */
#define FG_LDPC_RMAX 1e30f /* cap of |R'| and of the channel LLRs */

struct fg_ldpc_dec {
    const fg_ldpc_code *code;
    fg_ldpc_dec_cfg cfg;
    int z, zp, nv, mb, n, K; /* K: layers per macro-layer of the schedule; nv = zp / 4 */
    void (*minsum)(struct fg_ldpc_dec *d, int l, int flood, int direct); /* the min-sum layer kernel */
    int sw;                  /* 32-bit sign words per row (min-sum) */
    float *L, *Lch;          /* n APP values, n channel LLRs (flooding) */
    /* min-sum R-Regfile, per layer zp lanes: r0, r1, pos, parity, sw sign words */
    float *r0, *r1;
    int32_t *pos;
    uint32_t *par, *sg;
    float *R;       /* SPA: n_blocks * zp */
    float *D;       /* n_blocks * zp: R' - R_old (or R' for flooding) of the current macro-layer */
    float *lrot;    /* max_row_deg * zp: L in row order, per block of the layer */
    float *rold;    /* max_row_deg * zp: R_old per block (min-sum) / Q (SPA) */
    float *tmp;     /* zp */
    double *fw, *bw; /* SPA forward / backward partial boxplus, max_row_deg each */
};

static void layer_minsum_4(fg_ldpc_dec *d, int l, int flood, int direct);
#if FG_LDPC_HAVE_AVX2
static void layer_minsum_8(fg_ldpc_dec *d, int l, int flood, int direct);
#endif

fg_ldpc_dec_cfg fg_ldpc_dec_cfg_default(void)
{
    fg_ldpc_dec_cfg c = {.schedule = FG_LDPC_SCHED_LAYERED, .layers = 2, .alg = FG_LDPC_ALG_NMS,
                         .nms_factor = 0.75, .oms_offset = 0.5, .max_iter = 15, .early_term = 1};
    return c;
}

int fg_ldpc_dec_check_code(const fg_ldpc_code *code)
{
    if (!code)
        return fg_set_error(FG_EINVAL, "code is NULL");
    if (code->z < 1 || code->z > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "code %s: z=%d out of range [1, %d]", code->name, code->z, FG_LDPC_Z_MAX);
    if (code->mb < 1 || code->nb <= code->mb || code->nb > FG_LDPC_BASE_DIM_MAX)
        return fg_set_error(FG_EINVAL, "code %s: mb=%d, nb=%d invalid (need 1 <= mb < nb <= %d)", code->name,
                            code->mb, code->nb, FG_LDPC_BASE_DIM_MAX);
    if (code->n != code->nb * code->z)
        return fg_set_error(FG_EINVAL, "code %s: n=%d differs from nb*z=%d", code->name, code->n, code->nb * code->z);
    if (!code->row_start || !code->blk_col || !code->blk_shift || code->row_start[0] != 0 ||
        code->row_start[code->mb] != code->n_blocks)
        return fg_set_error(FG_EINVAL, "code %s: block lists missing or inconsistent", code->name);
    if (code->max_row_deg < 1 || code->max_row_deg > code->nb)
        return fg_set_error(FG_EINVAL, "code %s: max_row_deg=%d out of range [1, nb=%d]", code->name,
                            code->max_row_deg, code->nb);
    for (int l = 0; l < code->mb; l++) {
        const int d = code->row_start[l + 1] - code->row_start[l];
        if (d < 1 || d > code->max_row_deg)
            return fg_set_error(FG_EINVAL, "code %s: layer %d has %d blocks (valid [1, max_row_deg=%d])",
                                code->name, l, d, code->max_row_deg);
        for (int b = code->row_start[l]; b < code->row_start[l + 1]; b++) {
            if (code->blk_col[b] < 0 || code->blk_col[b] >= code->nb ||
                (b > code->row_start[l] && code->blk_col[b] <= code->blk_col[b - 1]))
                return fg_set_error(FG_EINVAL, "code %s: layer %d: block columns not ascending in [0, %d)",
                                    code->name, l, code->nb);
            if (code->blk_shift[b] < 0 || code->blk_shift[b] >= code->z)
                return fg_set_error(FG_EINVAL, "code %s: layer %d: shift %d out of range [0, %d)", code->name, l,
                                    code->blk_shift[b], code->z);
        }
    }
    return 0;
}

static int check_cfg(const fg_ldpc_code *code, const fg_ldpc_dec_cfg *c)
{
    if (!c)
        return fg_set_error(FG_EINVAL, "cfg is NULL");
    if (c->schedule != FG_LDPC_SCHED_FLOODING && c->schedule != FG_LDPC_SCHED_LAYERED &&
        c->schedule != FG_LDPC_SCHED_MULTILAYER)
        return fg_set_error(FG_EINVAL,
                            "schedule=%d unknown: valid are flooding (0), layered (1), multilayer (2)",
                            (int)c->schedule);
    if (c->schedule == FG_LDPC_SCHED_MULTILAYER && (c->layers < 1 || c->layers > code->mb))
        return fg_set_error(FG_EINVAL, "layers=%d out of range [1, %d] (mb of %s)", c->layers, code->mb,
                            code->name);
    if (c->alg != FG_LDPC_ALG_SPA && c->alg != FG_LDPC_ALG_MS && c->alg != FG_LDPC_ALG_NMS &&
        c->alg != FG_LDPC_ALG_OMS)
        return fg_set_error(FG_EINVAL, "alg=%d unknown: valid are spa (0), ms (1), nms (2), oms (3)", (int)c->alg);
    if (!(c->nms_factor > 0.0 && c->nms_factor <= 1.0))
        return fg_set_error(FG_EINVAL, "nms_factor=%g out of range (0, 1]", c->nms_factor);
    if (!(c->oms_offset >= 0.0 && c->oms_offset <= 1e6))
        return fg_set_error(FG_EINVAL, "oms_offset=%g out of range [0, 1e6]", c->oms_offset);
    if (c->max_iter < 1 || c->max_iter > 1000)
        return fg_set_error(FG_EINVAL, "max_iter=%d out of range [1, 1000]", c->max_iter);
    if (c->early_term != 0 && c->early_term != 1)
        return fg_set_error(FG_EINVAL, "early_term=%d invalid: 0 (off) or 1 (on)", c->early_term);
    return 0;
}

int fg_ldpc_dec_use_lanes(fg_ldpc_dec *dec, int lanes)
{
    if (!dec)
        return fg_set_error(FG_EINVAL, "dec is NULL");
    if (lanes == 4) {
        dec->minsum = layer_minsum_4;
        return 0;
    }
#if FG_LDPC_HAVE_AVX2
    if (lanes == 8 && __builtin_cpu_supports("avx2")) {
        dec->minsum = layer_minsum_8;
        return 0;
    }
#endif
    return fg_set_error(FG_EINVAL, "lanes=%d not available: 4, or 8 on an x86-64 CPU with AVX2 (GCC build)", lanes);
}

static void *alloc_zero(size_t bytes)
{
    const size_t sz = (bytes + 63) / 64 * 64;
    void *p = aligned_alloc(64, sz ? sz : 64);
    if (p)
        memset(p, 0, sz ? sz : 64);
    return p;
}

void fg_ldpc_dec_destroy(fg_ldpc_dec *dec)
{
    if (!dec)
        return;
    free(dec->L);
    free(dec->Lch);
    free(dec->r0);
    free(dec->r1);
    free(dec->pos);
    free(dec->par);
    free(dec->sg);
    free(dec->R);
    free(dec->D);
    free(dec->lrot);
    free(dec->rold);
    free(dec->tmp);
    free(dec->fw);
    free(dec->bw);
    free(dec);
}

int fg_ldpc_dec_create(const fg_ldpc_code *code, const fg_ldpc_dec_cfg *cfg, fg_ldpc_dec **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    int rc = fg_ldpc_dec_check_code(code);
    if (rc)
        return rc;
    if ((rc = check_cfg(code, cfg)))
        return rc;
    fg_ldpc_dec *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory for the LDPC decoder");
    d->code = code;
    d->cfg = *cfg;
    d->z = code->z;
    d->zp = (code->z + ZP_ALIGN - 1) / ZP_ALIGN * ZP_ALIGN;
    d->nv = d->zp / 4;
    d->minsum = layer_minsum_4;
#if FG_LDPC_HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2"))
        d->minsum = layer_minsum_8;
#endif
    d->mb = code->mb;
    d->n = code->n;
    d->K = cfg->schedule == FG_LDPC_SCHED_FLOODING ? code->mb
           : cfg->schedule == FG_LDPC_SCHED_LAYERED ? 1
                                                     : cfg->layers;
    d->sw = (code->max_row_deg + 31) / 32;
    const size_t zp = (size_t)d->zp, mb = (size_t)d->mb, nbk = (size_t)code->n_blocks;
    const size_t deg = (size_t)code->max_row_deg;
    d->L = alloc_zero(sizeof(float) * (size_t)d->n);
    d->Lch = alloc_zero(sizeof(float) * (size_t)d->n);
    d->D = alloc_zero(sizeof(float) * nbk * zp);
    d->lrot = alloc_zero(sizeof(float) * deg * zp);
    d->rold = alloc_zero(sizeof(float) * deg * zp);
    d->tmp = alloc_zero(sizeof(float) * zp);
    int ok = d->L && d->Lch && d->D && d->lrot && d->rold && d->tmp;
    if (cfg->alg == FG_LDPC_ALG_SPA) {
        d->R = alloc_zero(sizeof(float) * nbk * zp);
        d->fw = alloc_zero(sizeof(double) * deg);
        d->bw = alloc_zero(sizeof(double) * deg);
        ok = ok && d->R && d->fw && d->bw;
    } else {
        d->r0 = alloc_zero(sizeof(float) * mb * zp);
        d->r1 = alloc_zero(sizeof(float) * mb * zp);
        d->pos = alloc_zero(sizeof(int32_t) * mb * zp);
        d->par = alloc_zero(sizeof(uint32_t) * mb * zp);
        d->sg = alloc_zero(sizeof(uint32_t) * mb * (size_t)d->sw * zp);
        ok = ok && d->r0 && d->r1 && d->pos && d->par && d->sg;
    }
    if (!ok) {
        fg_ldpc_dec_destroy(d);
        return fg_set_error(FG_ENOMEM, "out of memory for the LDPC decoder of %s", code->name);
    }
    *out = d;
    return 0;
}

/* dst[i] = col[(i + s) mod z], i in [0, z): the block column in the row order of the block. */
static inline void rot_in(const float *col, int z, int s, float *dst)
{
    memcpy(dst, col + s, sizeof(float) * (size_t)(z - s));
    memcpy(dst + (z - s), col, sizeof(float) * (size_t)s);
}

/* col[(i + s) mod z] = src[i], i in [0, z). */
static inline void rot_out(float *col, int z, int s, const float *src)
{
    memcpy(col + s, src, sizeof(float) * (size_t)(z - s));
    memcpy(col, src + (z - s), sizeof(float) * (size_t)s);
}

/* The min-sum layer kernel, once with 4-lane vectors for any target and, with GCC on x86-64, once
 * more with 8 lanes compiled for AVX2, picked at create time (same operations lane by lane, so the
 * same results). */
#define KVL 4
#define KVU 2
#include "ldpc_dec/ldpc_dec_kernel.h"
#undef KVL
#undef KVU
#if FG_LDPC_HAVE_AVX2
#pragma GCC push_options
#pragma GCC target("avx2")
#define KVL 8
#define KVU 1
#include "ldpc_dec/ldpc_dec_kernel.h"
#undef KVL
#undef KVU
#pragma GCC pop_options
#endif

/* One SPA layer: Q = L - R and, per row, the exact check rule in the tanh domain, in double:
 * t_j = tanh(|Q_j| / 2) = -expm1(-|Q_j|) / (2 + expm1(-|Q_j|)), P_b = product of the other t_j
 * (prefix and suffix products, no division), |R'_b| = 2 atanh(P_b) = log1p(2 P_b / (1 - P_b)),
 * sign = product of the other signs. Two transcendental calls per edge. Where P_b rounds to 1
 * (every other |Q| above ~37) the log is infinite; |R'_b| is then bounded by the exact property
 * |R'_b| <= min over the others of |Q_j| (and by 1e30), so no value overflows. */
static void layer_spa(fg_ldpc_dec *d, int l, int flood)
{
    const fg_ldpc_code *c = d->code;
    const int z = d->z, zp = d->zp, b0 = c->row_start[l], deg = c->row_start[l + 1] - b0;
    for (int b = 0; b < deg; b++) {
        float *q = d->rold + (size_t)b * zp;
        const float *r = d->R + (size_t)(b0 + b) * zp;
        rot_in(d->L + (size_t)c->blk_col[b0 + b] * z, z, c->blk_shift[b0 + b], q);
        for (int i = 0; i < z; i++)
            q[i] -= r[i];
    }
    double *t = d->fw, *suf = d->bw;
    for (int i = 0; i < z; i++) {
        int neg = 0, pos = 0;
        double m0 = HUGE_VAL, m1 = HUGE_VAL; /* two smallest |Q| for the bound */
        for (int b = 0; b < deg; b++) {
            const double q = d->rold[(size_t)b * zp + i], x = fabs(q);
            const double em = expm1(-x);
            t[b] = -em / (2.0 + em);
            neg ^= q < 0;
            if (x < m0) {
                m1 = m0;
                m0 = x;
                pos = b;
            } else if (x < m1) {
                m1 = x;
            }
        }
        suf[deg - 1] = 1.0;
        for (int b = deg - 1; b > 0; b--)
            suf[b - 1] = suf[b] * t[b];
        double pre = 1.0;
        for (int b = 0; b < deg; b++) {
            const double P = pre * suf[b];
            pre *= t[b];
            double mag = log1p(2.0 * P / (1.0 - P));
            const double bound = b == pos ? m1 : m0;
            if (!(mag <= bound)) /* also P = 1: infinite */
                mag = bound;
            if (mag > FG_LDPC_RMAX)
                mag = FG_LDPC_RMAX;
            const int sgn = neg ^ (d->rold[(size_t)b * zp + i] < 0);
            float *rr = d->R + (size_t)(b0 + b) * zp + i;
            const float rnf = (float)(sgn ? -mag : mag);
            d->D[(size_t)(b0 + b) * zp + i] = flood ? rnf : rnf - *rr;
            *rr = rnf;
        }
    }
}

/* L += D for every block of layers [l0, l1). */
static void apply_d(fg_ldpc_dec *d, int l0, int l1)
{
    const fg_ldpc_code *c = d->code;
    const int z = d->z, zp = d->zp, nv = d->nv;
    vf *t = (vf *)d->tmp;
    for (int b = c->row_start[l0]; b < c->row_start[l1]; b++) {
        float *col = d->L + (size_t)c->blk_col[b] * z;
        const vf *dd = (const vf *)(d->D + (size_t)b * zp);
        rot_in(col, z, c->blk_shift[b], d->tmp);
        for (int v = 0; v < nv; v++)
            t[v] += dd[v];
        rot_out(col, z, c->blk_shift[b], d->tmp);
    }
}

static void iterate(fg_ldpc_dec *d)
{
    const int mb = d->mb, K = d->K, spa = d->cfg.alg == FG_LDPC_ALG_SPA;
    const int flood = d->cfg.schedule == FG_LDPC_SCHED_FLOODING;
    for (int l0 = 0; l0 < mb; l0 += K) {
        const int l1 = l0 + K < mb ? l0 + K : mb;
        const int direct = !spa && l1 - l0 == 1 && !flood;
        for (int l = l0; l < l1; l++) {
            if (spa)
                layer_spa(d, l, flood);
            else
                d->minsum(d, l, flood, direct);
        }
        if (flood)
            memcpy(d->L, d->Lch, sizeof(float) * (size_t)d->n);
        if (!direct)
            apply_d(d, l0, l1);
    }
}

/* 1 if the hard decisions of L (bit = L < 0) satisfy every check. */
static int syndrome_zero(fg_ldpc_dec *d)
{
    const fg_ldpc_code *c = d->code;
    const int z = d->z, zp = d->zp, nv = d->nv;
    const vf zero = BCAST(vf, 0.0f);
    vu *acc = (vu *)d->tmp; /* used as parity lanes */
    float *buf = d->lrot;
    for (int l = 0; l < d->mb; l++) {
        memset(acc, 0, sizeof(float) * (size_t)zp);
        for (int b = c->row_start[l]; b < c->row_start[l + 1]; b++) {
            rot_in(d->L + (size_t)c->blk_col[b] * z, z, c->blk_shift[b], buf);
            const vf *x = (const vf *)buf;
            for (int v = 0; v < nv; v++)
                acc[v] ^= (vu)(x[v] < zero);
        }
        const uint32_t *a = (const uint32_t *)d->tmp;
        for (int i = 0; i < z; i++)
            if (a[i])
                return 0;
    }
    return 1;
}

int fg_ldpc_dec_decode(fg_ldpc_dec *dec, const double *llr_n, uint8_t *bits_n, double *app_n, int *iterations)
{
    if (!dec || !llr_n || !bits_n)
        return fg_set_error(FG_EINVAL, "fg_ldpc_dec_decode: dec, llr_n and bits_n must not be NULL");
    const int n = dec->n;
    for (int j = 0; j < n; j++) {
        const double x = llr_n[j];
        if (x != x)
            return fg_set_error(FG_EINVAL, "llr_n[%d] is NaN: channel LLRs must be numbers", j);
        dec->L[j] = x > FG_LDPC_RMAX ? FG_LDPC_RMAX : (x < -FG_LDPC_RMAX ? -FG_LDPC_RMAX : (float)x);
    }
    memcpy(dec->Lch, dec->L, sizeof(float) * (size_t)n);
    const size_t zp = (size_t)dec->zp, mb = (size_t)dec->mb;
    if (dec->cfg.alg == FG_LDPC_ALG_SPA) {
        memset(dec->R, 0, sizeof(float) * (size_t)dec->code->n_blocks * zp);
    } else {
        memset(dec->r0, 0, sizeof(float) * mb * zp);
        memset(dec->r1, 0, sizeof(float) * mb * zp);
        memset(dec->pos, 0, sizeof(int32_t) * mb * zp);
        memset(dec->par, 0, sizeof(uint32_t) * mb * zp);
        memset(dec->sg, 0, sizeof(uint32_t) * mb * (size_t)dec->sw * zp);
    }
    int it = 0;
    while (it < dec->cfg.max_iter) {
        iterate(dec);
        it++;
        if (dec->cfg.early_term && syndrome_zero(dec))
            break;
    }
    for (int j = 0; j < n; j++)
        bits_n[j] = dec->L[j] < 0.0f;
    if (app_n)
        for (int j = 0; j < n; j++)
            app_n[j] = dec->L[j];
    if (iterations)
        *iterations = it;
    return 0;
}
