/* Viterbi decoders (fecforge/viterbi.h, docs/viterbi.md "Decoders"): the float maximum-likelihood decoder,
 * the bit-accurate fixed-point decoder and the tiled decoder with serial or parallel traceback. One driver
 * runs all of them; only the metric arithmetic differs ("kinds" below).
 *
 * Trellis layout. Butterfly i (i in [0, H), H = 2^(K-2), M = 2^(K-1) states) joins the predecessors 2i
 * (x = 0) and 2i + 1 (x = 1) to the successors i (input u = 0) and i + H (u = 1). The outputs of its four
 * branches are m_i ^ (x ? Lo : 0) ^ (u ? Hi : 0), where m_i = fg_vit_out(c, 2i, 0), Lo the outputs of the
 * oldest tap and Hi those of the current input (parity is linear), so a stage needs at most four "classes"
 * of branch-metric vectors over the butterflies, and codes whose every generator taps both ends (171/133, ...)
 * need one class and its negation. State metrics are stored at bit-reversed positions, pos(j) = reverse of
 * j's K-1 bits: butterfly i then reads positions r and r + H (r = reverse of i's K-2 bits) and writes 2r and
 * 2r + 1, so every loop runs over contiguous arrays and vectorises. Decisions are one bit per state and stage,
 * bit pos(j) of the stage's row of ceil(M/64) uint64 words.
 *
 * Start state. A stream start in a known state s0 (0, or the tail-biting hypothesis) is modelled the way
 * hardware forces it: every metric starts at 0 and for the first K-1 stages every compare-select is forced
 * to the branch x = bit t of s0 (the only predecessor reachable from s0), which makes each state's survivor
 * the unique path from s0. This is exactly a start metric of minus infinity for the other states, needs no
 * penalty value (a finite penalty cannot keep the modulo comparison exact at the minimum width: the compared
 * difference would be penalty +- 2 (K-1) n qmax, a window twice as wide as the half range guarantees) and
 * keeps every metric within the spread that fg_vit_pm_min_width covers. A best-state search at depth d < K-1
 * after such a start looks only at the states reachable from s0.
 *
 * Kinds of arithmetic:
 * - F64 (fg_vit_dec_run): double metrics, candidates pm + bm, x = 1 iff c1 > c0 (ties x = 0), best state the
 *   lowest-numbered maximum. Exact on integer inputs (below 2^53), so it equals the fixed decoder there.
 * - L16 / L32 (fixed, MODULO): the w-bit modulo register held in the top w bits of an unsigned 16-bit (w <= 16)
 *   or 32-bit lane, value x stored as x * 2^(lane-w) mod 2^lane. The lane's wrap-around add is then exactly
 *   fg_fx_mod_add on the registers, and fg_fx_mod_argmax2(a, b, w) (wrap_w(b - a) > 0) is exactly "the lane
 *   difference b - a, read as a signed lane value, is positive", tested as (b - a) - 1 < 2^(lane-1) - 1 in
 *   unsigned arithmetic (no implementation-defined conversion). Same decisions, same register contents
 *   (shifted), but 8 states per 128-bit vector instead of 2: this is what reaches the throughput target.
 * - SUB (fixed, SUBTRACT): int32 metrics with fixed.h saturating helpers: c = fg_fx_sat32(pm + bm, w),
 *   x = fg_fx_argmax2(c0, c1), pm' = fg_fx_sat32(c_x - B, w), B = the best metric of the stage being extended
 *   (the previous stage's best, as a pipelined normaliser has it), every metric then <= n qmax. */
#include "fecforge/viterbi.h"

#include "fecforge/error.h"
#include "fecforge/fixed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_F64 = 0, KIND_L16 = 1, KIND_L32 = 2, KIND_SUB = 3 };
enum { CLS_COMPUTE = 0, CLS_ALIAS = 1, CLS_NEG = 2 };

struct fg_vit_dec {
    fg_vit_code c;
    fg_vit_dec_cfg cfg;
    int k, K, n, M, H, W, stages, sent;
    int w_pm, qmax, fixed_kind, shift; /* shift: lane width - w_pm (L16, L32) */
    int F, V1, V2, F0;                 /* the tiling as run: F = stages, V = 0 without tiling */
    int cap;                           /* stages of decisions one range stores */
    int sym;                           /* rate 1/2, every generator tapping both ends: classes beta, -beta */
    int ncomp, comp_xu[4], comp_cv[4], comp_neg[4]; /* the computed classes: index, output mask, negation */
    int cls_val[4], cls_op[4], cls_src[4], cls_neg[4]; /* per branch class xu = x + 2u: its output mask, how
                                                          it is made, the class that is its negation (or -1) */
    uint64_t *dec;                     /* cap x W */
    uint8_t *dbyte;                    /* max(M, 64) decision bytes of one stage */
    int *pos;                          /* state -> position */
    uint32_t *mid;                     /* per position r < H: m_i of its butterfly */
    double *llr;                       /* stages x n */
    int32_t *qbuf;                     /* stages x n */
    const int32_t *q;                  /* the stage-major inputs: qbuf, or the caller's rx when nothing is punctured */
    int unpunctured;
    double *pmf, *bmf;                 /* 2M, 4H */
    void *pmx, *bmx;                   /* fixed kind: 2M, 4H lanes */
    uint16_t *mask16;                  /* n x H: output b of the branch x = 0, u = 0 at position r is 1 */
    uint32_t *mask32;                  /* the same in 32 bits */
    int32_t *masks;                    /* the same as int32 0 / -1 */
    double *sgn;                       /* the same as +1.0 / -1.0 */
    int *marks, *best;                 /* per subframe of a tile: traceback boundary, its best state */
    uint8_t *path[2];                  /* tail-biting: decoded stages of the current and the best hypothesis */
};

/* ---- configuration ---- */

fg_vit_dec_cfg fg_vit_dec_cfg_default(void)
{
    fg_vit_dec_cfg c;
    memset(&c, 0, sizeof c);
    c.ending = FG_VIT_TERMINATED;
    c.f = c.v1 = c.v2 = c.f0 = 0;
    c.w_llr = 5;
    c.f_llr = 1; /* LLR steps of 0.5 up to 7.5: within 0.03 dB of float at BER 1e-5 (docs/viterbi.md) */
    c.w_pm = 0;
    c.norm = FG_VIT_NORM_MODULO;
    return c;
}

int fg_vit_pm_min_width(const fg_vit_code *c, int w_llr)
{
    if (!c)
        return fg_set_error(FG_EINVAL, "code=NULL: a code is required");
    int rc = fg_vit_code_check(c);
    if (rc)
        return rc;
    if (w_llr < 2 || w_llr > 16)
        return fg_set_error(FG_EINVAL, "w_llr=%d out of range [2, 16]", w_llr);
    const long long spread = (long long)c->K * 2 * c->n * fg_fx_max(w_llr);
    int b = 0;
    while (((long long)1 << b) < spread + 1)
        b++;
    return 1 + b;
}

static int check_cfg(const fg_vit_code *c, int k, const fg_vit_dec_cfg *g)
{
    int rc = fg_vit_code_check(c);
    if (rc)
        return rc;
    if ((int)g->ending < FG_VIT_TERMINATED || (int)g->ending > FG_VIT_TAILBITING)
        return fg_set_error_at(FG_EINVAL, &g->ending,
                               "ending=%d out of range [0, 2] (terminated, truncated, tailbiting)",
                               (int)g->ending);
    const int kmin = g->ending == FG_VIT_TAILBITING ? c->K - 1 : 1;
    if (k < kmin || k > FG_VIT_BITS_MAX)
        return fg_set_error(FG_EINVAL, "k=%d out of range [%d, %d]%s", k, kmin, FG_VIT_BITS_MAX,
                            g->ending == FG_VIT_TAILBITING ? " for a tail-biting stream (k >= K-1)" : "");
    if (g->f < 0 || g->f > (1 << 20))
        return fg_set_error_at(FG_EINVAL, &g->f, "f=%d out of range [0, %d] (0: no tiling)", g->f, 1 << 20);
    if (g->v1 < 0 || g->v1 > (1 << 16))
        return fg_set_error_at(FG_EINVAL, &g->v1, "v1=%d out of range [0, %d]", g->v1, 1 << 16);
    if (g->v2 < 0 || g->v2 > (1 << 16))
        return fg_set_error_at(FG_EINVAL, &g->v2, "v2=%d out of range [0, %d]", g->v2, 1 << 16);
    if (g->f == 0 && g->f0 != 0)
        return fg_set_error_at(FG_EINVAL, &g->f0, "f0=%d out of range [0, 0] without tiling (f=0): parallel traceback "
                               "splits a tile", g->f0);
    if (g->f > 0 && (g->f0 < 0 || g->f0 > g->f))
        return fg_set_error_at(FG_EINVAL, &g->f0,
                               "f0=%d out of range [1, f=%d] (or 0: one traceback per tile)", g->f0, g->f);
    if (g->f > 0 && g->ending == FG_VIT_TAILBITING)
        return fg_set_error_at(FG_EINVAL, &g->f,
                               "f=%d: tiling is refused for a tail-biting stream (its tiles would need "
                               "the wrap-around); f must be 0", g->f);
    if (g->w_llr < 2 || g->w_llr > 16)
        return fg_set_error_at(FG_EINVAL, &g->w_llr, "w_llr=%d out of range [2, 16]", g->w_llr);
    if (g->f_llr < 0 || g->f_llr > g->w_llr - 1)
        return fg_set_error_at(FG_EINVAL, &g->f_llr, "f_llr=%d out of range [0, w_llr-1=%d]", g->f_llr, g->w_llr - 1);
    const int wmin = fg_vit_pm_min_width(c, g->w_llr);
    if (g->w_pm != 0 && (g->w_pm < wmin || g->w_pm > 31))
        return fg_set_error_at(FG_EINVAL, &g->w_pm,
                               "w_pm=%d out of range [%d, 31] (K=%d, n=%d, w_llr=%d; 0: the minimum %d)",
                               g->w_pm, wmin, c->K, c->n, g->w_llr, wmin);
    if ((int)g->norm != FG_VIT_NORM_MODULO && (int)g->norm != FG_VIT_NORM_SUBTRACT)
        return fg_set_error_at(FG_EINVAL, &g->norm, "norm=%d out of range [0, 1] (modulo, subtract)", (int)g->norm);
    return 0;
}

static int bitrev(int x, int bits)
{
    int r = 0;
    for (int i = 0; i < bits; i++)
        r |= ((x >> i) & 1) << (bits - 1 - i);
    return r;
}

void fg_vit_dec_destroy(fg_vit_dec *d)
{
    if (!d)
        return;
    free(d->dec), free(d->dbyte), free(d->pos), free(d->mid), free(d->llr), free(d->qbuf);
    free(d->pmf), free(d->bmf), free(d->pmx), free(d->bmx), free(d->mask16), free(d->mask32), free(d->masks), free(d->sgn);
    free(d->marks), free(d->best), free(d->path[0]), free(d->path[1]);
    free(d);
}

int fg_vit_dec_create(const fg_vit_code *c, int k, const fg_vit_dec_cfg *cfg, fg_vit_dec **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out=NULL: a place for the decoder is required");
    *out = NULL;
    if (!c)
        return fg_set_error(FG_EINVAL, "code=NULL: a code is required");
    const fg_vit_dec_cfg def = fg_vit_dec_cfg_default(), g = cfg ? *cfg : def;
    int rc = check_cfg(c, k, cfg ? cfg : &def); /* on the caller's cfg: the fields it refuses are its */
    if (rc)
        return rc;
    fg_vit_dec *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "viterbi decoder: out of memory");
    d->c = *c;
    d->cfg = g;
    d->k = k;
    d->K = c->K;
    d->n = c->n;
    d->M = 1 << (c->K - 1);
    d->H = d->M / 2;
    d->W = (d->M + 63) / 64;
    d->stages = fg_vit_stages(c, g.ending, k);
    d->sent = fg_vit_sent_len(c, g.ending, k);
    d->w_pm = g.w_pm ? g.w_pm : fg_vit_pm_min_width(c, g.w_llr);
    d->qmax = fg_fx_max(g.w_llr);
    if (g.norm == FG_VIT_NORM_SUBTRACT)
        d->fixed_kind = KIND_SUB, d->shift = 0;
    else if (d->w_pm <= 16)
        d->fixed_kind = KIND_L16, d->shift = 16 - d->w_pm;
    else
        d->fixed_kind = KIND_L32, d->shift = 32 - d->w_pm;
    if (g.f > 0) {
        d->F = g.f, d->V1 = g.v1, d->V2 = g.v2, d->F0 = g.f0 ? g.f0 : g.f;
        const long long span = (long long)g.f + g.v1 + g.v2;
        d->cap = span < d->stages ? (int)span : d->stages;
    } else {
        d->F = d->stages, d->V1 = d->V2 = 0, d->F0 = d->stages;
        d->cap = d->stages;
    }
    const int tile = d->F < d->stages ? d->F : d->stages;
    const int nsub = (tile + d->F0 - 1) / d->F0;
    const size_t M = (size_t)d->M, H = (size_t)d->H, n = (size_t)d->n;
    const size_t lane = d->fixed_kind == KIND_L16 ? sizeof(uint16_t) : sizeof(uint32_t);
    d->dec = malloc(sizeof *d->dec * (size_t)d->cap * (size_t)d->W);
    d->dbyte = calloc(M < 64 ? 64 : M, 1);
    d->pos = malloc(sizeof *d->pos * M);
    d->mid = malloc(sizeof *d->mid * H);
    d->llr = malloc(sizeof *d->llr * (size_t)d->stages * n);
    d->q = d->qbuf = malloc(sizeof *d->qbuf * (size_t)d->stages * n);
    d->pmf = malloc(sizeof *d->pmf * 2 * M);
    d->bmf = malloc(sizeof *d->bmf * 4 * H);
    d->pmx = malloc(lane * 2 * M);
    d->bmx = malloc(lane * 4 * H);
    d->mask16 = malloc(sizeof *d->mask16 * n * H);
    d->mask32 = malloc(sizeof *d->mask32 * n * H);
    d->masks = malloc(sizeof *d->masks * n * H);
    d->sgn = malloc(sizeof *d->sgn * n * H);
    d->marks = malloc(sizeof *d->marks * (size_t)nsub);
    d->best = malloc(sizeof *d->best * (size_t)nsub);
    if (g.ending == FG_VIT_TAILBITING) {
        d->path[0] = malloc((size_t)d->stages);
        d->path[1] = malloc((size_t)d->stages);
    }
    if (!d->dec || !d->dbyte || !d->pos || !d->mid || !d->llr || !d->q || !d->pmf || !d->bmf || !d->pmx ||
        !d->bmx || !d->mask16 || !d->mask32 || !d->masks || !d->sgn || !d->marks || !d->best ||
        (g.ending == FG_VIT_TAILBITING && (!d->path[0] || !d->path[1]))) {
        const long long bytes = (long long)d->cap * d->W * 8;
        fg_vit_dec_destroy(d);
        return fg_set_error(FG_ENOMEM, "viterbi decoder: out of memory (k=%d, K=%d: %lld bytes of decisions)", k,
                            c->K, bytes);
    }
    for (int j = 0; j < d->M; j++)
        d->pos[j] = bitrev(j, d->K - 1);
    for (int r = 0; r < d->H; r++)
        d->mid[r] = fg_vit_out(c, 2 * bitrev(r, d->K - 2), 0);
    /* the branch classes: the same outputs as an earlier one (alias), every output flipped from an earlier
     * computed one (its negation, made with it), or computed */
    const uint32_t lo = fg_vit_out(c, 1, 0), hi = fg_vit_out(c, 0, 1), full = (1u << d->n) - 1u;
    for (int xu = 0; xu < 4; xu++) {
        const uint32_t v = ((xu & 1) ? lo : 0) ^ ((xu & 2) ? hi : 0);
        d->cls_val[xu] = (int)v;
        d->cls_op[xu] = CLS_COMPUTE;
        d->cls_src[xu] = xu;
        d->cls_neg[xu] = -1;
        for (int e = 0; e < xu && d->cls_op[xu] == CLS_COMPUTE; e++)
            if ((uint32_t)d->cls_val[e] == v)
                d->cls_op[xu] = CLS_ALIAS, d->cls_src[xu] = e;
        for (int e = 0; e < xu && d->cls_op[xu] == CLS_COMPUTE; e++)
            if (d->cls_op[e] == CLS_COMPUTE && ((uint32_t)d->cls_val[e] ^ full) == v)
                d->cls_op[xu] = CLS_NEG, d->cls_src[xu] = e, d->cls_neg[e] = xu;
    }
    d->sym = d->n == 2 && lo == full && hi == full;
    d->unpunctured = 1;
    for (int t = 0; t < c->period; t++)
        for (int b = 0; b < c->n; b++)
            d->unpunctured &= c->keep[b][t] == 1;
    for (int xu = 0; xu < 4; xu++)
        if (d->cls_op[xu] == CLS_COMPUTE) {
            d->comp_xu[d->ncomp] = xu;
            d->comp_cv[d->ncomp] = d->cls_val[xu];
            d->comp_neg[d->ncomp++] = d->cls_neg[xu];
        }
    for (int b = 0; b < d->n; b++)
        for (int r = 0; r < d->H; r++) {
            const int bit = (int)((d->mid[r] >> b) & 1u);
            const size_t i = (size_t)b * H + (size_t)r;
            d->mask16[i] = bit ? 0xFFFFu : 0u;
            d->mask32[i] = bit ? 0xFFFFFFFFu : 0u;
            d->masks[i] = -bit;
            d->sgn[i] = bit ? -1.0 : 1.0;
        }
    *out = d;
    return 0;
}

/* ---- per-kind stage arithmetic ---- */

/* The unsigned lane compare: b beats a iff (b - a) mod 2^lane, read as signed, is positive. */
static inline int gtd16(uint16_t e) { return (uint16_t)(e - 1u) < 0x7FFFu; } /* e = b - a */
static inline int gt16(uint16_t a, uint16_t b) { return gtd16((uint16_t)(b - a)); }
static inline int gt32(uint32_t a, uint32_t b) { return (uint32_t)(b - a) - 1u < 0x7FFFFFFFu; }
static inline int gtf(double a, double b) { return b > a; }

/* One stage of compare-select over the butterflies: P metrics in, N out, B0..B3 the classes xu = x + 2u,
 * D the decision bytes (position order, 0xFF for x = 1). The kernels are instantiated per K so that the vectoriser sees a
 * constant trip count. */
#define ACS_ARGS(T)                                                                                           \
    const T *restrict P, T *restrict N, const T *restrict B0, const T *restrict B1, const T *restrict B2,    \
        const T *restrict B3, uint8_t *restrict D
#define ACS_BODY(T, GT, HH)                                                                                   \
    for (int r = 0; r < (HH); r++) {                                                                          \
        const T a = P[r], b = P[r + (HH)];                                                                    \
        const T c00 = (T)(a + B0[r]), c01 = (T)(b + B1[r]), c10 = (T)(a + B2[r]), c11 = (T)(b + B3[r]);      \
        const int d0 = GT(c00, c01), d1 = GT(c10, c11);                                                       \
        N[2 * r] = d0 ? c01 : c00;                                                                            \
        N[2 * r + 1] = d1 ? c11 : c10;                                                                        \
        D[2 * r] = (uint8_t)(0u - (unsigned)d0);                                                              \
        D[2 * r + 1] = (uint8_t)(0u - (unsigned)d1);                                                          \
    }
/* A class vector: B[r] = sum_b (+-l_b), minus where output b of the butterfly's x = 0, u = 0 branch is 1
 * (lanes: (l ^ S) - S with S all ones there; float: S = +-1.0, exact), summed in the order of b; Bn (may be
 * NULL) gets its negation (the class with every output flipped). */
#define BM_ARGS(T) const T *restrict S, int n, const T *l, T *restrict B, T *restrict Bn
#define BM_LANE_BODY(T, HH)                                                                                   \
    int b0 = 1;                                                                                               \
    if (n == 2) { /* the common rate 1/2 in one pass */                                                       \
        const T l0 = l[0], l1 = l[1];                                                                         \
        for (int r = 0; r < (HH); r++)                                                                        \
            B[r] = (T)((T)((T)(l0 ^ S[r]) - S[r]) + (T)((T)(l1 ^ S[(HH) + r]) - S[(HH) + r]));               \
        b0 = 2;                                                                                               \
    } else                                                                                                    \
        for (int r = 0; r < (HH); r++)                                                                        \
            B[r] = (T)((T)(l[0] ^ S[r]) - S[r]);                                                              \
    for (int b = b0; b < n; b++)                                                                              \
        for (int r = 0; r < (HH); r++)                                                                        \
            B[r] = (T)(B[r] + (T)((T)(l[b] ^ S[(size_t)b * (HH) + r]) - S[(size_t)b * (HH) + r]));           \
    if (Bn)                                                                                                   \
        for (int r = 0; r < (HH); r++)                                                                        \
            Bn[r] = (T)(0u - B[r]);
#define BM_F_BODY(HH)                                                                                         \
    for (int r = 0; r < (HH); r++)                                                                            \
        B[r] = S[r] * l[0];                                                                                   \
    for (int b = 1; b < n; b++)                                                                               \
        for (int r = 0; r < (HH); r++)                                                                        \
            B[r] += S[(size_t)b * (HH) + r] * l[b];                                                           \
    if (Bn)                                                                                                   \
        for (int r = 0; r < (HH); r++)                                                                        \
            Bn[r] = -B[r];

/* The common case fused: rate 1/2 and both generators tapping both ends (171/133, 7/5, ...): the classes are
 * beta, -beta, -beta, beta with beta[r] = (l0 ^ S0[r]) - S0[r] + (l1 ^ S1[r]) - S1[r], computed in the loop. */
#define ACS_SYM_BODY(HH)                                                                                      \
    for (int r = 0; r < (HH); r++) {                                                                          \
        const uint16_t be = (uint16_t)((uint16_t)((uint16_t)(l0 ^ S[r]) - S[r]) +                            \
                                       (uint16_t)((uint16_t)(l1 ^ S[(HH) + r]) - S[(HH) + r]));              \
        const uint16_t a = P[r], dl = (uint16_t)(P[r + (HH)] - a), be2 = (uint16_t)(be + be);                 \
        /* c01 - c00 = (b - be) - (a + be), c11 - c10 = (b + be) - (a - be) */                                \
        const uint16_t e0 = (uint16_t)(dl - be2), e1 = (uint16_t)(dl + be2);                                  \
        const uint16_t m0 = (uint16_t)(0u - (unsigned)gtd16(e0)), m1 = (uint16_t)(0u - (unsigned)gtd16(e1)); \
        N[2 * r] = (uint16_t)(a + be + (e0 & m0));                                                            \
        N[2 * r + 1] = (uint16_t)(a - be + (e1 & m1));                                                        \
        D[2 * r] = (uint8_t)m0;                                                                               \
        D[2 * r + 1] = (uint8_t)m1;                                                                           \
    }
#define SYM_ARGS                                                                                              \
    const uint16_t *restrict P, uint16_t *restrict N, const uint16_t *restrict S, uint16_t l0, uint16_t l1,  \
        uint8_t *restrict D

typedef void (*acs16_fn)(ACS_ARGS(uint16_t));
typedef void (*sym16_fn)(SYM_ARGS);
typedef void (*acs32_fn)(ACS_ARGS(uint32_t));
typedef void (*acsf_fn)(ACS_ARGS(double));
typedef void (*bm16_fn)(BM_ARGS(uint16_t));
typedef void (*bm32_fn)(BM_ARGS(uint32_t));
typedef void (*bmf_fn)(BM_ARGS(double));
typedef struct {
    acs16_fn acs16;
    sym16_fn sym16;
    acs32_fn acs32;
    acsf_fn acsf;
    bm16_fn bm16;
    bm32_fn bm32;
    bmf_fn bmf;
} kernels;

#define DEFK(KK, HH)                                                                                          \
    static void acs16_##KK(ACS_ARGS(uint16_t)) { ACS_BODY(uint16_t, gt16, HH) }                               \
    static void sym16_##KK(SYM_ARGS) { ACS_SYM_BODY(HH) }                                                     \
    static void acs32_##KK(ACS_ARGS(uint32_t)) { ACS_BODY(uint32_t, gt32, HH) }                               \
    static void acsf_##KK(ACS_ARGS(double)) { ACS_BODY(double, gtf, HH) }                                     \
    static void bm16_##KK(BM_ARGS(uint16_t)) { BM_LANE_BODY(uint16_t, HH) }                                   \
    static void bm32_##KK(BM_ARGS(uint32_t)) { BM_LANE_BODY(uint32_t, HH) }                                   \
    static void bmf_##KK(BM_ARGS(double)) { BM_F_BODY(HH) }
DEFK(3, 2)
DEFK(4, 4)
DEFK(5, 8)
DEFK(6, 16)
DEFK(7, 32)
DEFK(8, 64)
DEFK(9, 128)
DEFK(10, 256)
DEFK(11, 512)
DEFK(12, 1024)
DEFK(13, 2048)
DEFK(14, 4096)
DEFK(15, 8192)
#define KROW(KK) {acs16_##KK, sym16_##KK, acs32_##KK, acsf_##KK, bm16_##KK, bm32_##KK, bmf_##KK}
static const kernels ktab[FG_VIT_K_MAX + 1] = {
    {0}, {0}, {0}, KROW(3), KROW(4), KROW(5), KROW(6), KROW(7), KROW(8), KROW(9), KROW(10), KROW(11), KROW(12),
    KROW(13), KROW(14), KROW(15)};

/* SUBTRACT: int32 with the saturating helpers (not specialised: the modulo decoder is the fast one). */
static void acs_sub(int H, int w, int32_t best, ACS_ARGS(int32_t))
{
    for (int r = 0; r < H; r++) {
        const int32_t a = P[r], b = P[r + H];
        const int32_t c00 = fg_fx_sat32(a + B0[r], w), c01 = fg_fx_sat32(b + B1[r], w);
        const int32_t c10 = fg_fx_sat32(a + B2[r], w), c11 = fg_fx_sat32(b + B3[r], w);
        const int d0 = fg_fx_argmax2(c00, c01), d1 = fg_fx_argmax2(c10, c11);
        N[2 * r] = fg_fx_sat32((d0 ? c01 : c00) - best, w);
        N[2 * r + 1] = fg_fx_sat32((d1 ? c11 : c10) - best, w);
        D[2 * r] = (uint8_t)(0u - (unsigned)d0);
        D[2 * r + 1] = (uint8_t)(0u - (unsigned)d1);
    }
}

static void bm_sub(int H, BM_ARGS(int32_t))
{
    for (int r = 0; r < H; r++) {
        int32_t v = (l[0] ^ S[r]) - S[r];
        for (int b = 1; b < n; b++)
            v += (l[b] ^ S[(size_t)b * H + r]) - S[(size_t)b * H + r];
        B[r] = v;
        if (Bn)
            Bn[r] = -v;
    }
}

/* Pack M decision bytes (0 or 0xFF) into bits, 64 positions a word: chunk c = bytes 8c .. 8c+7 of the word's
 * 64 goes to bit c of every byte, so position q of the word is bit dbit(q) = (q mod 8) * 8 + q / 8. */
static inline unsigned dbit(unsigned p) { return ((p & 7u) << 3) | ((p >> 3) & 7u); }

static inline uint64_t pack8(const uint8_t *D)
{
    uint64_t acc = 0;
    for (int ch = 0; ch < 8; ch++) {
        uint64_t x;
        memcpy(&x, D + 8 * ch, 8);
        acc |= x & (0x0101010101010101ull << ch);
    }
    return acc;
}

static inline void pack(const uint8_t *D, int M, uint64_t *row)
{
    if (M < 64) { /* D is padded to 64 zero bytes */
        row[0] = pack8(D);
        return;
    }
    for (int w = 0; w < M / 64; w++)
        row[w] = pack8(D + 64 * w);
}

/* The branch-metric class vectors of stage t for the given kind. */
static void stage_bm(fg_vit_dec *d, int kind, int t)
{
    const int n = d->n, H = d->H;
    const kernels *kt = &ktab[d->K];
    for (int xu = 0; xu < 4; xu++) {
        if (d->cls_op[xu] != CLS_COMPUTE)
            continue;
        const uint32_t cv = (uint32_t)d->cls_val[xu];
        const int ng = d->cls_neg[xu];
        if (kind == KIND_F64) {
            double l[FG_VIT_N_MAX];
            const double *x = d->llr + (size_t)t * n;
            for (int b = 0; b < n; b++)
                l[b] = ((cv >> b) & 1u) ? -x[b] : x[b];
            kt->bmf(d->sgn, n, l, d->bmf + (size_t)xu * H, ng >= 0 ? d->bmf + (size_t)ng * H : NULL);
            continue;
        }
        const int32_t *q = d->q + (size_t)t * n;
        int32_t v[FG_VIT_N_MAX];
        for (int b = 0; b < n; b++)
            v[b] = ((cv >> b) & 1u) ? -q[b] : q[b];
        if (kind == KIND_L16) {
            uint16_t l[FG_VIT_N_MAX], *B = (uint16_t *)d->bmx;
            for (int b = 0; b < n; b++)
                l[b] = (uint16_t)((uint32_t)v[b] << d->shift);
            kt->bm16(d->mask16, n, l, B + (size_t)xu * H, ng >= 0 ? B + (size_t)ng * H : NULL);
        } else if (kind == KIND_L32) {
            uint32_t l[FG_VIT_N_MAX], *B = (uint32_t *)d->bmx;
            for (int b = 0; b < n; b++)
                l[b] = (uint32_t)v[b] << d->shift;
            kt->bm32(d->mask32, n, l, B + (size_t)xu * H, ng >= 0 ? B + (size_t)ng * H : NULL);
        } else {
            int32_t *B = (int32_t *)d->bmx;
            bm_sub(H, d->masks, n, v, B + (size_t)xu * H, ng >= 0 ? B + (size_t)ng * H : NULL);
        }
    }
}

/* Metric helpers per kind (metrics at positions). */
static int state_beats(int kind, const void *pm, int pa, int pb)
{
    switch (kind) {
    case KIND_F64: return ((const double *)pm)[pb] > ((const double *)pm)[pa];
    case KIND_L16: return gt16(((const uint16_t *)pm)[pa], ((const uint16_t *)pm)[pb]);
    case KIND_L32: return gt32(((const uint32_t *)pm)[pa], ((const uint32_t *)pm)[pb]);
    default: return fg_fx_argmax2(((const int32_t *)pm)[pa], ((const int32_t *)pm)[pb]);
    }
}

/* The best state after `depth` stages of a range: the lowest-numbered maximum; after a known start s0 (>= 0)
 * and fewer than K-1 stages only the states reachable from s0 (low K-1-depth bits = s0 >> depth). */
static int best_state(const fg_vit_dec *d, int kind, const void *pm, int s0, int depth)
{
    int step = 1, base = 0, count = d->M;
    if (s0 >= 0 && depth < d->K - 1) {
        step = 1 << (d->K - 1 - depth);
        base = s0 >> depth;
        count = 1 << depth;
    }
    int best = base;
    for (int m = 1; m < count; m++) {
        const int j = base + m * step;
        if (state_beats(kind, pm, d->pos[best], d->pos[j]))
            best = j;
    }
    return best;
}

/* Forward pass over stages [a, b): metrics start at 0; s0 >= 0 forces the first K-1 compare-selects
 * (known start state, a = 0). Decisions into rows 0 .. b-a-1; at each boundary marks[i] (ascending) the best
 * state into best[i]. Returns the final metrics. */
static const void *forward(fg_vit_dec *d, int kind, int a, int b, int s0, const int *marks, int nmarks, int *best)
{
    const int M = d->M, H = d->H, w = d->w_pm, W = d->W;
    const kernels *kt = &ktab[d->K];
    size_t es;
    void *pm;
    const void *bm;
    switch (kind) {
    case KIND_F64: es = sizeof(double), pm = d->pmf, bm = d->bmf; break;
    case KIND_L16: es = sizeof(uint16_t), pm = d->pmx, bm = d->bmx; break;
    default: es = sizeof(uint32_t), pm = d->pmx, bm = d->bmx; break;
    }
    memset(pm, 0, es * (size_t)M);
    void *buf[2] = {pm, (char *)pm + es * (size_t)M};
    int cur = 0, mi = 0;
    const void *Bp[4];
    for (int xu = 0; xu < 4; xu++)
        Bp[xu] = (const char *)bm + es * (size_t)H * (size_t)(d->cls_op[xu] == CLS_ALIAS ? d->cls_src[xu] : xu);
    int32_t sub_best = 0;
    const int nforced = s0 >= 0 ? (b - a < d->K - 1 ? b - a : d->K - 1) : 0;
    int t = a;
    for (; t < b; t++) {
        if (kind == KIND_L16 && t - a >= nforced)
            break; /* the fast loop below */
        stage_bm(d, kind, t);
        const void *P = buf[cur];
        void *N = buf[cur ^ 1];
        uint8_t *D = d->dbyte;
        if (t - a < nforced) {
            /* the known start: every survivor from the predecessor x = bit t of s0 */
            const int x = (s0 >> (t - a)) & 1;
            for (int r = 0; r < H; r++)
                for (int u = 0; u < 2; u++) {
                    const int xu = x + 2 * u, src = r + x * H, dst = 2 * r + u;
                    switch (kind) {
                    case KIND_F64:
                        ((double *)N)[dst] = ((const double *)P)[src] + ((const double *)Bp[xu])[r];
                        break;
                    case KIND_L16:
                        ((uint16_t *)N)[dst] =
                            (uint16_t)(((const uint16_t *)P)[src] + ((const uint16_t *)Bp[xu])[r]);
                        break;
                    case KIND_L32:
                        ((uint32_t *)N)[dst] = ((const uint32_t *)P)[src] + ((const uint32_t *)Bp[xu])[r];
                        break;
                    default: {
                        const int32_t c0 = fg_fx_sat32(((const int32_t *)P)[src] + ((const int32_t *)Bp[xu])[r], w);
                        ((int32_t *)N)[dst] = fg_fx_sat32(c0 - sub_best, w);
                        break;
                    }
                    }
                    D[dst] = (uint8_t)(0u - (unsigned)x);
                }
        } else if (kind == KIND_L16) {
            kt->acs16(P, N, Bp[0], Bp[1], Bp[2], Bp[3], D);
        } else if (kind == KIND_L32) {
            kt->acs32(P, N, Bp[0], Bp[1], Bp[2], Bp[3], D);
        } else if (kind == KIND_F64) {
            kt->acsf(P, N, Bp[0], Bp[1], Bp[2], Bp[3], D);
        } else {
            acs_sub(H, w, sub_best, P, N, Bp[0], Bp[1], Bp[2], Bp[3], D);
        }
        pack(D, M, d->dec + (size_t)(t - a) * (size_t)W);
        cur ^= 1;
        if (kind == KIND_SUB) {
            const int32_t *Q = (const int32_t *)N;
            int32_t m = Q[0];
            for (int j = 1; j < M; j++)
                m = fg_fx_max2(m, Q[j]);
            sub_best = m;
        }
        while (mi < nmarks && marks[mi] == t + 1) {
            best[mi] = best_state(d, kind, N, s0, t + 1 - a);
            mi++;
        }
    }
    if (t < b) {
        /* L16 after the forced stages: the throughput path, the same steps without the dispatch */
        const int n = d->n, sh = d->shift;
        const uint16_t *B[4] = {Bp[0], Bp[1], Bp[2], Bp[3]};
        uint16_t *bm16 = (uint16_t *)d->bmx;
        int next = mi < nmarks ? marks[mi] : -1;
        for (; t < b; t++) {
            const int32_t *q = d->q + (size_t)t * (size_t)n;
            uint16_t *N = buf[cur ^ 1];
            if (d->sym) {
                kt->sym16(buf[cur], N, d->mask16, (uint16_t)((uint32_t)q[0] << sh), (uint16_t)((uint32_t)q[1] << sh),
                          d->dbyte);
            } else {
                for (int ci = 0; ci < d->ncomp; ci++) {
                    const uint32_t cv = (uint32_t)d->comp_cv[ci];
                    uint16_t l[FG_VIT_N_MAX];
                    for (int bb = 0; bb < n; bb++)
                        l[bb] = (uint16_t)((uint32_t)(((cv >> bb) & 1u) ? -q[bb] : q[bb]) << sh);
                    const int ng = d->comp_neg[ci];
                    kt->bm16(d->mask16, n, l, bm16 + (size_t)d->comp_xu[ci] * H,
                             ng >= 0 ? bm16 + (size_t)ng * H : NULL);
                }
                kt->acs16(buf[cur], N, B[0], B[1], B[2], B[3], d->dbyte);
            }
            pack(d->dbyte, M, d->dec + (size_t)(t - a) * (size_t)W);
            cur ^= 1;
            while (t + 1 == next) {
                best[mi++] = best_state(d, kind, N, s0, t + 1 - a);
                next = mi < nmarks ? marks[mi] : -1;
            }
        }
    }
    return buf[cur];
}

/* Trace back from state j at boundary e of a range starting at a, down to boundary lo; the inputs of the
 * stages [lo, hi) that are < k go to out (indexed by stage). It runs on positions: the predecessor
 * ((j << 1) | x) mod M of the state at position p sits at position (p >> 1) | (x << (K-2)), and the input
 * into j (its top bit) is bit 0 of p. Decision of position p: bit dbit(p mod 64) of word p / 64. */
static void traceback(const fg_vit_dec *d, int a, int e, int j, int lo, int hi, int k, uint8_t *out)
{
    const int top = d->K - 2, W = d->W;
    const uint64_t *dec = d->dec;
    unsigned p = (unsigned)d->pos[j];
    int t = e - 1;
    const int stop = hi < k ? hi : k; /* stages >= stop are traced but not output */
    if (W == 1) { /* up to 64 states: the row does not depend on the state, only the bit does */
        for (; t >= lo && t >= stop; t--)
            p = (p >> 1) | ((unsigned)(dec[t - a] >> dbit(p)) & 1u) << top;
        for (; t >= lo; t--) {
            out[t] = (uint8_t)(p & 1u);
            p = (p >> 1) | ((unsigned)(dec[t - a] >> dbit(p)) & 1u) << top;
        }
        return;
    }
    for (; t >= lo && t >= stop; t--) {
        const uint64_t *row = dec + (size_t)(t - a) * (size_t)W;
        const unsigned x = (unsigned)(row[p >> 6] >> dbit(p)) & 1u;
        p = (p >> 1) | (x << top);
    }
    for (; t >= lo; t--) {
        const uint64_t *row = dec + (size_t)(t - a) * (size_t)W;
        const unsigned x = (unsigned)(row[p >> 6] >> dbit(p)) & 1u;
        out[t] = (uint8_t)(p & 1u);
        p = (p >> 1) | (x << top);
    }
}

/* The exact metric of the path with inputs path[0 .. stages) from state s0 (float: the forward pass's sums in
 * its order; fixed: int64). */
static double path_metric_f(const fg_vit_dec *d, int s0, const uint8_t *path)
{
    double m = 0;
    int s = s0;
    for (int t = 0; t < d->stages; t++) {
        const uint32_t o = fg_vit_out(&d->c, s, path[t]);
        const double *l = d->llr + (size_t)t * d->n;
        double v = (o & 1u) ? -l[0] : l[0];
        for (int b = 1; b < d->n; b++)
            v += ((o >> b) & 1u) ? -l[b] : l[b];
        m += v;
        s = fg_vit_next(&d->c, s, path[t]);
    }
    return m;
}

static int64_t path_metric_q(const fg_vit_dec *d, int s0, const uint8_t *path)
{
    int64_t m = 0;
    int s = s0;
    for (int t = 0; t < d->stages; t++) {
        const uint32_t o = fg_vit_out(&d->c, s, path[t]);
        const int32_t *q = d->q + (size_t)t * d->n;
        for (int b = 0; b < d->n; b++)
            m += ((o >> b) & 1u) ? -q[b] : q[b];
        s = fg_vit_next(&d->c, s, path[t]);
    }
    return m;
}

static void decode(fg_vit_dec *d, int kind, uint8_t *bits_k)
{
    const int stages = d->stages, k = d->k;
    if (d->cfg.ending == FG_VIT_TAILBITING) {
        /* exact ML: per start state s0, the best path from s0 back to s0; the best s0 (ties: lowest) */
        double bestf = 0;
        int64_t bestq = 0;
        int have = 0;
        for (int s0 = 0; s0 < d->M; s0++) {
            forward(d, kind, 0, stages, s0, NULL, 0, NULL);
            traceback(d, 0, stages, s0, 0, stages, stages, d->path[0]);
            int better;
            if (kind == KIND_F64) {
                const double m = path_metric_f(d, s0, d->path[0]);
                better = !have || m > bestf;
                if (better)
                    bestf = m;
            } else {
                const int64_t m = path_metric_q(d, s0, d->path[0]);
                better = !have || m > bestq;
                if (better)
                    bestq = m;
            }
            if (better) {
                uint8_t *tmp = d->path[0];
                d->path[0] = d->path[1];
                d->path[1] = tmp;
                have = 1;
            }
        }
        memcpy(bits_k, d->path[1], (size_t)k);
        return;
    }
    const int F = d->F, F0 = d->F0, term = d->cfg.ending == FG_VIT_TERMINATED;
    for (int lo = 0; lo < k; lo += F) {
        const int hi = lo + F < stages ? lo + F : stages;
        const int a = lo - d->V1 > 0 ? lo - d->V1 : 0;
        const int b = (long long)lo + F + d->V2 < stages ? lo + F + d->V2 : stages;
        int ns = 0;
        for (int sl = lo; sl < hi; sl += F0) {
            const long long e = (long long)sl + F0 + d->V2;
            d->marks[ns++] = e < b ? (int)e : b;
        }
        forward(d, kind, a, b, a == 0 ? 0 : -1, d->marks, ns, d->best);
        int j = 0;
        for (int sl = lo; sl < hi; sl += F0, j++) {
            const int sh = sl + F0 < hi ? sl + F0 : hi, e = d->marks[j];
            const int start = term && e == stages ? 0 : d->best[j];
            traceback(d, a, e, start, sl, sh, k, bits_k);
        }
    }
}

int fg_vit_dec_run(fg_vit_dec *d, const double *rx, uint8_t *bits_k)
{
    if (!d || !rx || !bits_k)
        return fg_set_error(FG_EINVAL, "%s=NULL: the decoder, rx and bits_k are required",
                            !d ? "d" : (!rx ? "rx" : "bits_k"));
    for (int i = 0; i < d->sent; i++)
        if (!isfinite(rx[i]))
            return fg_set_error(FG_EINVAL, "rx[%d]=%g not finite (received LLRs must be finite)", i, rx[i]);
    int rc = fg_vit_depuncture(&d->c, d->cfg.ending, d->k, rx, d->llr);
    if (rc)
        return rc;
    decode(d, KIND_F64, bits_k);
    return 0;
}

int fg_vit_fixed_run(fg_vit_dec *d, const int32_t *rx, uint8_t *bits_k)
{
    if (!d || !rx || !bits_k)
        return fg_set_error(FG_EINVAL, "%s=NULL: the decoder, rx and bits_k are required",
                            !d ? "d" : (!rx ? "rx" : "bits_k"));
    for (int i = 0; i < d->sent; i++)
        if (rx[i] < -d->qmax || rx[i] > d->qmax)
            return fg_set_error(FG_EINVAL, "rx[%d]=%d out of range [%d, %d] (w_llr=%d)", i, (int)rx[i], -d->qmax,
                                d->qmax, d->cfg.w_llr);
    int rc = 0;
    if (d->unpunctured)
        d->q = rx; /* the stage-major layout already: read in place */
    else
        rc = fg_vit_depuncture_q(&d->c, d->cfg.ending, d->k, rx, d->qbuf);
    if (rc)
        return rc;
    decode(d, d->fixed_kind, bits_k);
    d->q = d->qbuf;
    return 0;
}
