/* Float reference turbo decoders (fecforge/turbo.h; docs/turbo.md "Decoders"): log-MAP, max-log-MAP
 * and linear-log-MAP SISOs in radix 2 or 4, whole block or sliding window, P parallel sub-blocks with
 * next-iteration initialisation, early termination.
 *
 * Branch metric of input u with parity p at step k: gamma = (1-2u) A[k] + (1-2p) B[k] with
 * A = (systematic + a-priori) / 2 and B = parity / 2, so a step has the four values +-A+-B, indexed
 * (u << 1) | p. Radix 2 runs the 8 states as two vectors of four lanes (lane structure below); the
 * radix-4 loops run over the states with the rsc.h functions, fully unrolled, so that state and
 * branch indices are compile-time constants. */
#include "fecforge/turbo.h"

#include "fecforge/error.h"
#include "fecforge/rsc.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { S = FG_RSC_STATES };
/* The trellis code takes the algorithm as a parameter and is inlined into one copy per algorithm
 * with a literal, so that the max* choice is made at compile time. */
#if defined(__GNUC__)
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif
#define NEG_BIG (-1.0e30f) /* "impossible state": finite, so that differences stay defined */

struct fg_turbo_dec {
    fg_std std;
    int K, L, W, T, step; /* sub-block length, window, training, trellis steps per radix step */
    fg_turbo_dec_cfg cfg;
    int32_t *pi;
    float *sys[2], *par[2], *la[2]; /* per SISO, in that SISO's order */
    float *A, *B, *app, *alpha, *beta; /* current SISO: gamma parts, a-posteriori LLRs, alpha and beta of a sub-block */
    double *app_nat;                /* final APP in natural order */
    uint8_t *hard;                  /* hard decisions in natural order (CRC) */
    float tail_beta[2][S];          /* beta at step K from the termination, per SISO */
    float *nii_a[2], *nii_b[2];     /* per SISO, P x S: alpha at each sub-block end, beta at each start */
    float *nii_a_next, *nii_b_next;
};

fg_turbo_dec_cfg fg_turbo_dec_cfg_default(void)
{
    fg_turbo_dec_cfg c;
    memset(&c, 0, sizeof c);
    c.alg = FG_TURBO_ALG_MAXLOG;
    c.ext_scale = 0.75;
    c.half_iters = 11;
    c.radix = 2;
    c.P = 1;
    c.nii = 1;
    c.window = 0;
    c.training = -1;
    c.et.kind = FG_TURBO_ET_NONE;
    c.et.threshold = 0.0;
    c.et.crc_poly = FG_CRC24A;
    return c;
}

/* ---- max* and the trellis steps; alg is a constant in every caller (see siso()) ---- */

static inline float mstar(int alg, float a, float b)
{
    const float m = a > b ? a : b;
    if (alg == FG_TURBO_ALG_MAXLOG)
        return m;
    const float d = fabsf(a - b);
    if (alg == FG_TURBO_ALG_LOG) /* beyond d = 80 the term is < 2e-35: skipped (no denormals) */
        return d < 80.0f ? m + log1pf(expf(-d)) : m;
    const float c = (float)FG_TURBO_LINLOG_A * ((float)FG_TURBO_LINLOG_T - d);
    return m + (c > 0.0f ? c : 0.0f);
}

static inline void gammas(float A, float B, float g[4])
{
    g[0] = A + B;  /* u 0, p 0 */
    g[1] = A - B;  /* u 0, p 1 */
    g[2] = -A + B; /* u 1, p 0 */
    g[3] = -A - B; /* u 1, p 1 */
}

static inline int gidx(int s, int u) { return (u << 1) | fg_rsc_parity(s, u); }

static inline void normalise(float *m)
{
    const float m0 = m[0];
#pragma GCC unroll 8
    for (int s = 0; s < S; s++)
        m[s] -= m0;
}

/* Radix 2 in four lanes. With s = 2j + r3 (j = s >> 1 in 0..3), fg_rsc_next(s, u) = 4a + j, so the
 * states 2j and 2j+1 both go to j and 4 + j, and the branch metric of (s, a) is +g[j] when a = r3,
 * -g[j] when a != r3, with g[j] = SU[j] A + SP[j] B. trellis_check() verifies this against rsc.h
 * when the first decoder is created. The lane loops compile to SIMD code. */
static const float SU[4] = {1.0f, -1.0f, 1.0f, -1.0f}, SP[4] = {1.0f, 1.0f, -1.0f, -1.0f};

static int trellis_check(void)
{
    for (int s = 0; s < S; s++)
        for (int u = 0; u < 2; u++) {
            const int j = s >> 1, r3 = s & 1, nx = fg_rsc_next(s, u), a = nx >> 2;
            const float sgn = a == r3 ? 1.0f : -1.0f;
            if (nx != 4 * a + j || (float)(1 - 2 * u) != sgn * SU[j] ||
                (float)(1 - 2 * fg_rsc_parity(s, u)) != sgn * SP[j])
                return fg_set_error(FG_ESTATE, "turbo decoder: rsc.h trellis (state %d, input %d) differs from the "
                                               "radix-2 lane structure of turbo_dec.c", s, u);
        }
    return 0;
}

static inline void lane_gammas(float A, float B, float g[4])
{
    for (int j = 0; j < 4; j++)
        g[j] = SU[j] * A + SP[j] * B;
}

/* Eight state metrics as two lane vectors. Beta is kept in natural order (h = states 0..3,
 * l = states 4..7); alpha in even/odd order (h = states 0, 2, 4, 6, l = 1, 3, 5, 7), the order its
 * recursion reads. Passed by value so that a loop keeps them in registers. */
typedef struct {
    float h[4], l[4];
} m8;

static inline m8 m8_load(const float *p)
{
    m8 m;
    for (int j = 0; j < 4; j++) {
        m.h[j] = p[j];
        m.l[j] = p[4 + j];
    }
    return m;
}

static inline void m8_store(float *p, m8 m)
{
    for (int j = 0; j < 4; j++) {
        p[j] = m.h[j];
        p[4 + j] = m.l[j];
    }
}

static inline m8 alpha2(int alg, m8 x, float A, float B)
{
    float g[4], lo[4], hi[4];
    lane_gammas(A, B, g);
    for (int j = 0; j < 4; j++) { /* states j and 4 + j */
        lo[j] = mstar(alg, x.h[j] + g[j], x.l[j] - g[j]);
        hi[j] = mstar(alg, x.h[j] - g[j], x.l[j] + g[j]);
    }
    const float n = lo[0];
    m8 y;
    for (int j = 0; j < 2; j++) {
        y.h[j] = lo[2 * j] - n;
        y.h[2 + j] = hi[2 * j] - n;
        y.l[j] = lo[2 * j + 1] - n;
        y.l[2 + j] = hi[2 * j + 1] - n;
    }
    return y;
}

static inline m8 beta2(int alg, m8 x, float A, float B)
{
    float g[4], be[4], bo[4];
    lane_gammas(A, B, g);
    for (int j = 0; j < 4; j++) { /* states 2j and 2j + 1 */
        be[j] = mstar(alg, x.h[j] + g[j], x.l[j] - g[j]);
        bo[j] = mstar(alg, x.h[j] - g[j], x.l[j] + g[j]);
    }
    const float n = be[0];
    m8 y;
    for (int j = 0; j < 2; j++) {
        y.h[2 * j] = be[j] - n;
        y.h[2 * j + 1] = bo[j] - n;
        y.l[2 * j] = be[2 + j] - n;
        y.l[2 * j + 1] = bo[2 + j] - n;
    }
    return y;
}

/* L(k) from alpha_k (even/odd order) and beta_{k+1} (natural). Per lane j: t1 = the branches with
 * a = r3 (input u = j & 1), t2 those with a != r3 (u = 1 - (j & 1)). */
static inline float llr2(int alg, m8 al, m8 bn, float A, float B)
{
    float g[4], t1[4], t2[4];
    lane_gammas(A, B, g);
    for (int j = 0; j < 4; j++) {
        t1[j] = mstar(alg, al.h[j] + g[j] + bn.h[j], al.l[j] + g[j] + bn.l[j]);
        t2[j] = mstar(alg, al.l[j] - g[j] + bn.h[j], al.h[j] - g[j] + bn.l[j]);
    }
    float w[4], v[2];
    for (int j = 0; j < 4; j++) /* even j: input 0, odd j: input 1 */
        w[j] = mstar(alg, t1[j], t2[j ^ 1]);
    for (int j = 0; j < 2; j++)
        v[j] = mstar(alg, w[j], w[j + 2]);
    return v[0] - v[1];
}

/* Radix 4: two steps k, k+1 merged; branch (s, u0, u1) has metric g0[gidx(s, u0)] + g1[gidx(s1, u1)],
 * s1 = next(s, u0), kept as g4[4 gidx(s, u0) + gidx(s1, u1)]. */
static inline void gammas4(const float *A, const float *B, float g4[16])
{
    float g0[4], g1[4];
    gammas(A[0], B[0], g0);
    gammas(A[1], B[1], g1);
#pragma GCC unroll 16
    for (int i = 0; i < 16; i++)
        g4[i] = g0[i >> 2] + g1[i & 3];
}

static inline int g4idx(int s, int u0, int u1) { return 4 * gidx(s, u0) + gidx(fg_rsc_next(s, u0), u1); }

static inline void alpha4(int alg, const float *a, const float *g4, float *an)
{
#pragma GCC unroll 8
    for (int s2 = 0; s2 < S; s2++) {
        /* fg_rsc_next2(s, u0, u1) = (a1 << 2) | (a0 << 1) | (s >> 2): the 4 predecessors are
         * s = ((s2 & 1) << 2) | j; u0 makes a0 = bit 1 of s2, u1 makes a1 = bit 2 */
        float m = NEG_BIG;
#pragma GCC unroll 4
        for (int j = 0; j < 4; j++) {
            const int s = ((s2 & 1) << 2) | j;
            const int u0 = ((s2 >> 1) & 1) ^ fg_rsc_tail_input(s);
            const int u1 = (s2 >> 2) ^ fg_rsc_tail_input(fg_rsc_next(s, u0));
            const float v = a[s] + g4[g4idx(s, u0, u1)];
            m = j ? mstar(alg, m, v) : v;
        }
        an[s2] = m;
    }
    normalise(an);
}

static inline void beta4(int alg, const float *bn, const float *g4, float *b)
{
#pragma GCC unroll 8
    for (int s = 0; s < S; s++) {
        float m = NEG_BIG;
#pragma GCC unroll 4
        for (int u = 0; u < 4; u++) {
            const float v = bn[fg_rsc_next2(s, u >> 1, u & 1)] + g4[g4idx(s, u >> 1, u & 1)];
            m = u ? mstar(alg, m, v) : v;
        }
        b[s] = m;
    }
    normalise(b);
}

/* One radix-4 backward step with the LLRs of both bits of the pair: L[0] for u0 (step k), L[1] for
 * u1 (step k+1). */
static inline void beta_llr4(int alg, const float *a, const float *bn, const float *g4, float *b, float L[2])
{
    float m[2][2] = {{NEG_BIG, NEG_BIG}, {NEG_BIG, NEG_BIG}}; /* [bit][value] */
#pragma GCC unroll 8
    for (int s = 0; s < S; s++) {
        float mb = NEG_BIG;
#pragma GCC unroll 4
        for (int u = 0; u < 4; u++) {
            const int u0 = u >> 1, u1 = u & 1;
            const float v = bn[fg_rsc_next2(s, u0, u1)] + g4[g4idx(s, u0, u1)];
            mb = u ? mstar(alg, mb, v) : v;
            m[0][u0] = mstar(alg, m[0][u0], a[s] + v);
            m[1][u1] = mstar(alg, m[1][u1], a[s] + v);
        }
        b[s] = mb;
    }
    normalise(b);
    L[0] = m[0][0] - m[0][1];
    L[1] = m[1][0] - m[1][1];
}

/* ---- one SISO run over sub-block [b0, b0 + L) ---- */

static inline void set_uniform(float *m) { memset(m, 0, sizeof(float) * S); }

/* beta from position `from` back to `to` (from > to, both multiples of step from b0); with out,
 * the LLRs of every step on the way into app. */
/* beta from position `from` back to `to` (from > to, both multiples of step from b0); with out,
 * the LLRs of every step on the way into app. */
static ALWAYS_INLINE void backward(const fg_turbo_dec *d, int alg, int b0, int from, int to, float *beta, int out)
{
    const float *A = d->A, *B = d->B;
    if (d->step == 1) {
        m8 bt = m8_load(beta);
        const float *al = d->alpha - (size_t)b0 * S;
        for (int k = from - 1; k >= to; k--) {
            if (out)
                d->app[k] = llr2(alg, m8_load(al + (size_t)k * S), bt, A[k], B[k]);
            bt = beta2(alg, bt, A[k], B[k]);
        }
        m8_store(beta, bt);
    } else {
        float g4[16], nb[S];
        for (int k = from - 2; k >= to; k -= 2) {
            gammas4(A + k, B + k, g4);
            if (out)
                beta_llr4(alg, d->alpha + (size_t)(k - b0) * S, beta, g4, nb, d->app + k);
            else
                beta4(alg, beta, g4, nb);
            memcpy(beta, nb, sizeof nb);
        }
    }
}

static ALWAYS_INLINE void sub_block(fg_turbo_dec *d, int alg, int i, int p)
{
    const int b0 = p * d->L, n = d->K - b0 < d->L ? d->K - b0 : d->L, e = b0 + n, P = d->cfg.P;
    float *al = d->alpha;
    const float *A = d->A, *B = d->B;
    if (p == 0) {
        for (int s = 0; s < S; s++)
            al[s] = s ? NEG_BIG : 0.0f; /* the encoders start in state 0 (index 0 in both orders) */
    } else
        memcpy(al, d->nii_a[i] + (size_t)(p - 1) * S, sizeof(float) * S);
    const float *beta_e = p == P - 1 ? d->tail_beta[i] : d->nii_b[i] + (size_t)(p + 1) * S;
    if (d->step == 1 && d->W >= n) {
        /* One window, radix 2: the alpha and beta recursions are independent and run in one loop
         * (their latencies overlap); once they have met in the middle, each step also gives the LLRs
         * of the two positions whose alpha and beta are both known (position k >= mid from the
         * forward front, k < mid from the backward one). The same values as the windowed path. */
        float *bt = d->beta;
        m8 x = m8_load(al), y = m8_load(beta_e);
        m8_store(bt + (size_t)n * S, y);
        const int mid = b0 + n / 2;
        for (int t = 0; t < n; t++) {
            const int kf = b0 + t, kb = e - 1 - t;
            x = alpha2(alg, x, A[kf], B[kf]);
            m8_store(al + (size_t)(t + 1) * S, x);
            y = beta2(alg, y, A[kb], B[kb]);
            m8_store(bt + (size_t)(kb - b0) * S, y);
            if (kf >= mid)
                d->app[kf] = llr2(alg, m8_load(al + (size_t)t * S), m8_load(bt + (size_t)(t + 1) * S), A[kf], B[kf]);
            if (kb < mid)
                d->app[kb] = llr2(alg, m8_load(al + (size_t)(kb - b0) * S), m8_load(bt + (size_t)(kb - b0 + 1) * S),
                                  A[kb], B[kb]);
        }
        memcpy(d->nii_a_next + (size_t)p * S, al + (size_t)n * S, sizeof(float) * S);
        memcpy(d->nii_b_next + (size_t)p * S, bt, sizeof(float) * S);
        return;
    }
    if (d->step == 1) {
        m8 x = m8_load(al);
        for (int k = b0; k < e; k++) {
            x = alpha2(alg, x, A[k], B[k]);
            m8_store(al + (size_t)(k - b0 + 1) * S, x);
        }
    } else {
        float g4[16];
        for (int k = b0; k < e; k += 2) {
            gammas4(A + k, B + k, g4);
            alpha4(alg, al + (size_t)(k - b0) * S, g4, al + (size_t)(k - b0 + 2) * S);
        }
    }
    memcpy(d->nii_a_next + (size_t)p * S, al + (size_t)n * S, sizeof(float) * S);
    for (int w0 = b0; w0 < e; w0 += d->W) {
        const int w1 = w0 + d->W < e ? w0 + d->W : e;
        const int te = w1 + d->T < e ? w1 + d->T : e;
        float beta[S];
        if (te == e)
            memcpy(beta, beta_e, sizeof beta);
        else
            set_uniform(beta); /* training starts without knowledge */
        backward(d, alg, b0, te, w1, beta, 0);
        backward(d, alg, b0, w1, w0, beta, 1);
        if (w0 == b0)
            memcpy(d->nii_b_next + (size_t)p * S, beta, sizeof beta);
    }
}

static void siso_maxlog(fg_turbo_dec *d, int i)
{
    for (int p = 0; p < d->cfg.P; p++)
        sub_block(d, FG_TURBO_ALG_MAXLOG, i, p);
}

static void siso_log(fg_turbo_dec *d, int i)
{
    for (int p = 0; p < d->cfg.P; p++)
        sub_block(d, FG_TURBO_ALG_LOG, i, p);
}

static void siso_linlog(fg_turbo_dec *d, int i)
{
    for (int p = 0; p < d->cfg.P; p++)
        sub_block(d, FG_TURBO_ALG_LINLOG, i, p);
}

/* SISO i (0 or 1): gammas, all sub-blocks, the NII store, and the extrinsic LLRs into the other
 * SISO's a-priori input. */
static void siso(fg_turbo_dec *d, int i)
{
    const int K = d->K;
    const float *sys = d->sys[i], *par = d->par[i], *la = d->la[i];
    for (int k = 0; k < K; k++) {
        d->A[k] = 0.5f * (sys[k] + la[k]);
        d->B[k] = 0.5f * par[k];
    }
    switch (d->cfg.alg) {
    case FG_TURBO_ALG_LOG: siso_log(d, i); break;
    case FG_TURBO_ALG_LINLOG: siso_linlog(d, i); break;
    default: siso_maxlog(d, i); break;
    }
    if (d->cfg.nii) {
        const size_t n = sizeof(float) * (size_t)d->cfg.P * S;
        memcpy(d->nii_a[i], d->nii_a_next, n);
        memcpy(d->nii_b[i], d->nii_b_next, n);
    }
    const float sc = (float)d->cfg.ext_scale;
    float *lo = d->la[1 - i];
    const int32_t *pi = d->pi;
    float *ext = d->A; /* the gammas are no longer needed */
    for (int k = 0; k < K; k++)
        ext[k] = sc * (d->app[k] - sys[k] - la[k]);
    if (i == 0) /* SISO 2 reads bit pi(k) at its step k */
        for (int k = 0; k < K; k++)
            lo[k] = ext[pi[k]];
    else
        for (int k = 0; k < K; k++)
            lo[pi[k]] = ext[k];
}

/* ---- create / run ---- */

/* Sub-block length for P sub-blocks of K steps (radix 4: even), and whether none is empty. */
static int sub_length(int K, int P, int st)
{
    const int L = (K + P - 1) / P;
    return st == 2 ? L + (L & 1) : L;
}

static int p_fits(int K, int P, int st) { return (long)(P - 1) * sub_length(K, P, st) < K; }

static int check_cfg(fg_std std, int K, const fg_turbo_dec_cfg *c)
{
    int rc = fg_interleaver_check_k(std, K);
    if (rc)
        return rc;
    if (c->alg < FG_TURBO_ALG_MAXLOG || c->alg > FG_TURBO_ALG_LINLOG)
        return fg_set_error_at(FG_EINVAL, &c->alg, "alg=%d out of range [0, 2] (maxlog, log, linlog)", (int)c->alg);
    if (!(c->ext_scale > 0.0 && c->ext_scale <= 1.0))
        return fg_set_error_at(FG_EINVAL, &c->ext_scale, "ext_scale=%g out of range (0, 1]", c->ext_scale);
    if (c->half_iters < 1 || c->half_iters > FG_TURBO_HALF_ITERS_MAX)
        return fg_set_error_at(FG_EINVAL, &c->half_iters,
                               "half_iters=%d out of range [1, %d]", c->half_iters, FG_TURBO_HALF_ITERS_MAX);
    if (c->radix != 2 && c->radix != 4)
        return fg_set_error_at(FG_EINVAL, &c->radix, "radix=%d invalid: 2 or 4", c->radix);
    const int st = c->radix == 4 ? 2 : 1;
    if (st == 2 && K % 2)
        return fg_set_error_at(FG_EINVAL, &c->radix,
                               "radix=4 needs an even K (K=%d): radix-4 steps pair the trellis steps", K);
    if (c->P < 1 || c->P > FG_TURBO_P_MAX || !p_fits(K, c->P, st)) {
        char fits[200];
        int n = 0, count = 0;
        for (int p = 1; p <= FG_TURBO_P_MAX; p++)
            if (p_fits(K, p, st)) {
                if (n < (int)sizeof fits - 16)
                    n += snprintf(fits + n, sizeof fits - (size_t)n, "%s%d", n ? ", " : "", p);
                else if (!count++)
                    n += snprintf(fits + n, sizeof fits - (size_t)n, ", ...");
            }
        return fg_set_error_at(FG_EINVAL, &c->P,
                               "P=%d does not fit K=%d: P in [1, %d] with (P-1) L < K for sub-blocks of "
                               "L = ceil(K/P)%s steps (the last may be shorter, none empty); P that fit: %s", c->P, K,
                               FG_TURBO_P_MAX, st == 2 ? " rounded up to even" : "", fits);
    }
    if (c->nii != 0 && c->nii != 1)
        return fg_set_error_at(FG_EINVAL, &c->nii, "nii=%d out of range [0, 1]", c->nii);
    if (c->window < 0 || c->window > K || (c->window % st))
        return fg_set_error_at(FG_EINVAL, &c->window,
                               "window=%d out of range: [1, K=%d]%s, or 0 for no window", c->window, K,
                               st == 2 ? " and even with radix 4" : "");
    if (c->training < -1 || c->training > K || (c->training > 0 && c->training % st))
        return fg_set_error_at(FG_EINVAL, &c->training,
                               "training=%d out of range: [0, K=%d]%s, or -1 for the window length",
                               c->training, K, st == 2 ? " and even with radix 4" : "");
    const fg_turbo_et *e = &c->et;
    if (e->kind < FG_TURBO_ET_NONE || e->kind > FG_TURBO_ET_CRC)
        return fg_set_error_at(FG_EINVAL, &c->et,
                               "et.kind=%d out of range [0, 3] (none, minllr, avgllr, crc)", (int)e->kind);
    if ((e->kind == FG_TURBO_ET_MIN_LLR || e->kind == FG_TURBO_ET_AVG_LLR) && !(e->threshold >= 0.0))
        return fg_set_error_at(FG_EINVAL, &c->et, "et.threshold=%g out of range [0, inf]", e->threshold);
    if (e->kind == FG_TURBO_ET_CRC && std != FG_STD_LTE)
        return fg_set_error_at(FG_EINVAL, &c->et,
                               "et.kind=crc is for LTE blocks (TS 36.212 CRC-24A/B), not %s", fg_std_name(std));
    if (e->kind == FG_TURBO_ET_CRC && e->crc_poly != FG_CRC24A && e->crc_poly != FG_CRC24B)
        return fg_set_error_at(FG_EINVAL, &c->et,
                               "et.crc_poly=%d out of range [0, 1] (CRC24A, CRC24B)", (int)e->crc_poly);
    return 0;
}

void fg_turbo_dec_destroy(fg_turbo_dec *d)
{
    if (!d)
        return;
    free(d->pi);
    for (int i = 0; i < 2; i++) {
        free(d->sys[i]);
        free(d->par[i]);
        free(d->la[i]);
        free(d->nii_a[i]);
        free(d->nii_b[i]);
    }
    free(d->A);
    free(d->B);
    free(d->app);
    free(d->alpha);
    free(d->beta);
    free(d->app_nat);
    free(d->hard);
    free(d->nii_a_next);
    free(d->nii_b_next);
    free(d);
}

static int trellis_ok = 0; /* 0, or the error of trellis_check() */
static char trellis_msg[256];
static void check_once(void)
{
    if ((trellis_ok = trellis_check()))
        snprintf(trellis_msg, sizeof trellis_msg, "%s", fg_last_error());
}

int fg_turbo_dec_create(fg_std std, int K, const fg_turbo_dec_cfg *cfg, fg_turbo_dec **out)
{
    if (!cfg || !out)
        return fg_set_error(FG_EINVAL, "fg_turbo_dec_create: NULL %s", !cfg ? "cfg" : "out");
    *out = NULL;
    int rc = check_cfg(std, K, cfg);
    if (rc)
        return rc;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, check_once);
    if (trellis_ok)
        return fg_set_error(trellis_ok, "%s", trellis_msg);
    fg_turbo_dec *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "turbo decoder: out of memory");
    d->std = std;
    d->K = K;
    d->cfg = *cfg;
    d->step = cfg->radix == 4 ? 2 : 1;
    d->L = sub_length(K, cfg->P, d->step);
    d->W = cfg->window > 0 && cfg->window < d->L ? cfg->window : d->L;
    d->T = cfg->training < 0 ? d->W : cfg->training;
    const size_t k = (size_t)K, nii = (size_t)cfg->P * S * sizeof(float);
    int ok = (d->pi = malloc(k * sizeof *d->pi)) != NULL;
    for (int i = 0; i < 2; i++)
        ok = ok && (d->sys[i] = malloc(k * sizeof(float))) && (d->par[i] = malloc(k * sizeof(float))) &&
             (d->la[i] = malloc(k * sizeof(float))) && (d->nii_a[i] = malloc(nii)) && (d->nii_b[i] = malloc(nii));
    ok = ok && (d->A = malloc(k * sizeof(float))) && (d->B = malloc(k * sizeof(float))) &&
         (d->app = malloc(k * sizeof(float))) && (d->alpha = malloc(((size_t)d->L + 1) * S * sizeof(float))) &&
         (d->beta = malloc(((size_t)d->L + 1) * S * sizeof(float))) &&
         (d->app_nat = malloc(k * sizeof(double))) && (d->hard = malloc(k)) && (d->nii_a_next = malloc(nii)) &&
         (d->nii_b_next = malloc(nii));
    if (!ok) {
        fg_turbo_dec_destroy(d);
        return fg_set_error(FG_ENOMEM, "turbo decoder: out of memory (K=%d, P=%d)", K, cfg->P);
    }
    if ((rc = fg_interleaver_table(std, K, d->pi))) {
        fg_turbo_dec_destroy(d);
        return rc;
    }
    *out = d;
    return 0;
}

static float clip(double x)
{
    return (float)(x > FG_TURBO_LLR_CLIP ? FG_TURBO_LLR_CLIP : x < -FG_TURBO_LLR_CLIP ? -FG_TURBO_LLR_CLIP : x);
}

/* beta at step K of SISO i from its three termination steps (a-priori 0), ending in state 0. */
static void tail_beta(fg_turbo_dec *d, int i, const double *tail_6)
{
    m8 b;
    for (int s = 0; s < S; s++)
        (s < 4 ? b.h : b.l)[s & 3] = s ? NEG_BIG : 0.0f;
    for (int t = FG_RSC_MEMORY - 1; t >= 0; t--) {
        const float A = 0.5f * clip(tail_6[2 * t]), B = 0.5f * clip(tail_6[2 * t + 1]);
        switch (d->cfg.alg) {
        case FG_TURBO_ALG_LOG: b = beta2(FG_TURBO_ALG_LOG, b, A, B); break;
        case FG_TURBO_ALG_LINLOG: b = beta2(FG_TURBO_ALG_LINLOG, b, A, B); break;
        default: b = beta2(FG_TURBO_ALG_MAXLOG, b, A, B); break;
        }
    }
    m8_store(d->tail_beta[i], b);
}

/* After SISO i: the APP in natural order, and whether early termination stops the decoding. */
static void app_natural(fg_turbo_dec *d, int i)
{
    const int K = d->K;
    if (i == 0)
        for (int k = 0; k < K; k++)
            d->app_nat[k] = d->app[k];
    else
        for (int k = 0; k < K; k++)
            d->app_nat[d->pi[k]] = d->app[k];
}

static int finish_half(fg_turbo_dec *d, int i)
{
    const int K = d->K;
    const fg_turbo_et *e = &d->cfg.et;
    if (e->kind == FG_TURBO_ET_NONE)
        return 0;
    app_natural(d, i);
    switch (e->kind) {
    case FG_TURBO_ET_MIN_LLR: {
        double m = INFINITY;
        for (int k = 0; k < K; k++)
            m = fmin(m, fabs(d->app_nat[k]));
        return m >= e->threshold;
    }
    case FG_TURBO_ET_AVG_LLR: {
        double sum = 0.0;
        for (int k = 0; k < K; k++)
            sum += fabs(d->app_nat[k]);
        return sum / K >= e->threshold;
    }
    case FG_TURBO_ET_CRC:
        for (int k = 0; k < K; k++)
            d->hard[k] = d->app_nat[k] < 0.0;
        return fg_crc24_check(e->crc_poly, d->hard, K) == 1;
    default: return 0;
    }
}

int fg_turbo_dec_run(fg_turbo_dec *d, const double *llr_N, uint8_t *bits_K, double *app_K, fg_turbo_result *res)
{
    if (!d || !llr_N || !bits_K)
        return fg_set_error(FG_EINVAL, "fg_turbo_dec_run: NULL %s", !d ? "decoder" : !llr_N ? "llr_N" : "bits_K");
    const int K = d->K;
    const fg_turbo_layout l = fg_turbo_layout_of(K);
    for (int n = 0; n < l.N; n++)
        if (!isfinite(llr_N[n]))
            return fg_set_error(FG_EINVAL, "llr_N[%d]=%g is not finite (N=%d)", n, llr_N[n], l.N);
    for (int k = 0; k < K; k++) {
        d->sys[0][k] = clip(llr_N[l.sys + k]);
        d->par[0][k] = clip(llr_N[l.par1 + k]);
        d->par[1][k] = clip(llr_N[l.par2 + k]);
        d->la[0][k] = 0.0f;
    }
    for (int k = 0; k < K; k++)
        d->sys[1][k] = d->sys[0][d->pi[k]];
    tail_beta(d, 0, llr_N + l.tail1);
    tail_beta(d, 1, llr_N + l.tail2);
    const size_t nii = sizeof(float) * (size_t)d->cfg.P * S;
    for (int i = 0; i < 2; i++) { /* uniform until a SISO has run once */
        memset(d->nii_a[i], 0, nii);
        memset(d->nii_b[i], 0, nii);
    }
    int h = 0, stop = 0;
    while (h < d->cfg.half_iters && !stop) {
        const int i = h % 2;
        siso(d, i);
        h++;
        stop = finish_half(d, i);
    }
    if (d->cfg.et.kind == FG_TURBO_ET_NONE)
        app_natural(d, (h - 1) % 2);
    for (int k = 0; k < K; k++)
        bits_K[k] = d->app_nat[k] < 0.0;
    if (app_K)
        memcpy(app_K, d->app_nat, sizeof(double) * (size_t)K);
    if (res) {
        res->half_iters = h;
        res->early_stop = h < d->cfg.half_iters;
    }
    return 0;
}
