/* The soft-output BCJR (forward-backward) decoder of the Viterbi family's codes (fecforge/viterbi.h "soft output",
 * docs/viterbi.md "Soft output (BCJR)"): log-MAP or max-log-MAP over the trellis of viterbi.h, every stream
 * ending, puncturing by LLR 0, optional a-priori LLRs, double metrics.
 *
 * Recursions (log domain, max* = max for max-log, the Jacobian logarithm for log-MAP), with
 * gamma_t(s, u) = G_t[out(s, u)] + (u ? -a_t : +a_t), G_t[o] = sum_b (o_b ? -L_tb : +L_tb) / 2, a_t = La_t / 2:
 *   alpha_{t+1}(j) = max*_{x} (alpha_t(p_x) + gamma_t(p_x, u_j)),   p_x = ((j << 1) | x) mod M, u_j = j's top bit
 *   beta_t(s)      = max*_{u} (gamma_t(s, u) + beta_{t+1}(next(s, u)))
 *   N_u(t)         = max*_{s} (alpha_t(s) + gamma_t(s, u) + beta_{t+1}(next(s, u))),  APP_t = N_0(t) - N_1(t).
 * Every stage's vector is normalised by subtracting its largest entry (the APP, a difference within one stage,
 * does not change); the forward normalisers are summed where the frame's total log-likelihood is needed.
 *
 * Memory. The backward pass needs alpha_t at every information stage. The forward metrics are kept at every
 * C-th stage (checkpoints) and, for the last segment, at every stage; the backward pass walks the segments from
 * the last to the first, recomputing each earlier segment's alpha from its checkpoint into a C x M buffer. The
 * recomputation runs the same code on the same values, so the result does not depend on C. C = the whole frame
 * (no recomputation) when it fits FG_VIT_BCJR_FULL_BYTES, else ceil(sqrt(stages)): K 15 with 2^20 bits then
 * needs (1025 + 1024) x 16384 doubles (269 MB) and one more forward pass.
 *
 * Tail-biting, exactly: for each start (= end) state s0 a forward-backward pass from alpha_0 = delta(s0) to
 * beta_T = delta(s0) gives Z(s0) = log P(rx, s0) (+ a constant common to every s0: alpha_T(s0) plus the forward
 * normalisers) and, per information bit, l_u(t, s0) = log P(u_t = u | rx, s0) = N_u - max*(N_0, N_1); the
 * posterior is log P(u_t = u, rx) = max*_{s0} (Z(s0) + l_u(t, s0)). With max-log both are best-path metrics, so
 * the APP is the best path around the circle with u_t = 0 minus the best with u_t = 1. */
#include "fecforge/viterbi.h"

#include "fecforge/error.h"
#include "viterbi_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fg_vit_bcjr {
    fg_vit_code c;
    fg_vit_bcjr_cfg cfg;
    int k, n, K, M, T, sent;
    int C, nseg;      /* stages per segment, segments */
    uint8_t *out;     /* 2M: the outputs of the branch (s, u) at 2s + u */
    double *llr;      /* T x n, depunctured */
    double *half_apr; /* k: La_t / 2 (0 without a-priori) */
    double *app;      /* k: the APPs when the caller wants decisions alone */
    double *G;        /* 2^n: a stage's half correlations */
    double *ckpt;     /* nseg x M: alpha at the first stage of every segment */
    double *seg;      /* C x M: alpha at every stage of the segment being walked back */
    double *va, *vb;  /* M each: the running alpha or beta and the next one */
    double *acc;      /* tail-biting: 2k, max* over the start states of Z(s0) + l_u(t, s0), u = 0 then 1 */
};

/* max* of two metrics: max for max-log; log-MAP: max + log(1 + e^-|a-b|), the correction dropped where it is below
 * 4.3e-18 (d >= 40). -infinity (an unreachable state) is absorbed: the comparison with a NaN difference is false. */
static inline double mstar(int lg, double a, double b)
{
    const double m = a > b ? a : b;
    if (!lg)
        return m;
    const double d = fabs(a - b);
    return d < 40.0 ? m + log1p(exp(-d)) : m;
}

fg_vit_bcjr_cfg fg_vit_bcjr_cfg_default(void)
{
    fg_vit_bcjr_cfg g;
    memset(&g, 0, sizeof g);
    g.ending = FG_VIT_TERMINATED;
    g.alg = FG_VIT_BCJR_LOG;
    g.checkpoint = 0;
    return g;
}

void fg_vit_bcjr_destroy(fg_vit_bcjr *d)
{
    if (!d)
        return;
    free(d->out), free(d->llr), free(d->half_apr), free(d->app), free(d->G), free(d->ckpt), free(d->seg);
    free(d->va), free(d->vb), free(d->acc);
    free(d);
}

int fg_vit_bcjr_create(const fg_vit_code *c, int k, const fg_vit_bcjr_cfg *cfg, fg_vit_bcjr **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out=NULL: a place for the decoder is required");
    *out = NULL;
    if (!c)
        return fg_set_error(FG_EINVAL, "code=NULL: a code is required");
    const fg_vit_bcjr_cfg g = cfg ? *cfg : fg_vit_bcjr_cfg_default();
    int rc = fg_vit_frame_check(c, g.ending, k);
    if (rc)
        return rc;
    if ((int)g.alg != FG_VIT_BCJR_MAXLOG && (int)g.alg != FG_VIT_BCJR_LOG)
        return fg_set_error(FG_EINVAL, "alg=%d out of range [0, 1] (maxlog, log)", (int)g.alg);
    if (g.checkpoint < 0 || g.checkpoint > FG_VIT_BITS_MAX + FG_VIT_K_MAX)
        return fg_set_error(FG_EINVAL, "checkpoint=%d out of range [0, %d] (0: automatic)", g.checkpoint,
                            FG_VIT_BITS_MAX + FG_VIT_K_MAX);
    fg_vit_bcjr *d = calloc(1, sizeof *d);
    if (!d)
        return fg_set_error(FG_ENOMEM, "bcjr decoder: out of memory");
    d->c = *c;
    d->cfg = g;
    d->k = k;
    d->n = c->n;
    d->K = c->K;
    d->M = fg_vit_states(c);
    d->T = fg_vit_stages(c, g.ending, k);
    d->sent = fg_vit_sent_len(c, g.ending, k);
    const size_t M = (size_t)d->M, T = (size_t)d->T;
    if (g.checkpoint)
        d->C = g.checkpoint;
    else if ((long long)T * (long long)M * (long long)sizeof(double) <= FG_VIT_BCJR_FULL_BYTES)
        d->C = d->T;
    else {
        d->C = (int)ceil(sqrt((double)T));
        while ((long long)d->C * d->C < (long long)T) /* ceil(sqrt) without trusting the rounding */
            d->C++;
    }
    if (d->C > d->T)
        d->C = d->T;
    d->nseg = (d->T + d->C - 1) / d->C;
    d->out = malloc(2 * M);
    d->llr = malloc(sizeof *d->llr * T * (size_t)d->n);
    d->half_apr = malloc(sizeof *d->half_apr * (size_t)k);
    d->app = malloc(sizeof *d->app * (size_t)k);
    d->G = malloc(sizeof *d->G * ((size_t)1 << d->n));
    d->ckpt = d->nseg > 1 ? malloc(sizeof *d->ckpt * (size_t)d->nseg * M) : NULL;
    d->seg = malloc(sizeof *d->seg * (size_t)d->C * M);
    d->va = malloc(sizeof *d->va * M);
    d->vb = malloc(sizeof *d->vb * M);
    d->acc = g.ending == FG_VIT_TAILBITING ? malloc(sizeof *d->acc * 2 * (size_t)k) : NULL;
    if (!d->out || !d->llr || !d->half_apr || !d->app || !d->G || (d->nseg > 1 && !d->ckpt) || !d->seg || !d->va ||
        !d->vb || (g.ending == FG_VIT_TAILBITING && !d->acc)) {
        const long long rows = (long long)d->C + (d->nseg > 1 ? d->nseg : 0);
        const long long bytes = rows * (long long)M * 8 + (long long)T * d->n * 8;
        const int C = d->C;
        fg_vit_bcjr_destroy(d);
        return fg_set_error(FG_ENOMEM, "bcjr decoder: out of memory for %lld bytes (K=%d: %zu states; k=%d: %zu "
                            "stages; forward metrics every %d stages: %lld rows of %zu doubles)", bytes, c->K, M, k, T,
                            C, rows, M);
    }
    for (int s = 0; s < d->M; s++)
        for (int u = 0; u < 2; u++)
            d->out[2 * s + u] = (uint8_t)fg_vit_out(c, s, u);
    *out = d;
    return 0;
}

/* G[o] = sum_b (o_b ? -L_tb : +L_tb) / 2 for every output word o of stage t. */
static void stage_metrics(const fg_vit_bcjr *d, int t, double *G)
{
    const double *L = d->llr + (size_t)t * d->n;
    double s = 0;
    for (int b = 0; b < d->n; b++)
        s += L[b];
    G[0] = s / 2;
    for (int b = 0; b < d->n; b++)
        for (int o = 0; o < (1 << b); o++)
            G[o | (1 << b)] = G[o] - L[b];
}

/* alpha_{t+1} from alpha_t (a), normalised; returns the normaliser subtracted. au = La_t / 2. */
static double forward_step(const fg_vit_bcjr *d, int lg, const double *G, double au, const double *a, double *an)
{
    const int M = d->M, half = M / 2;
    const uint8_t *o = d->out;
    double best = -INFINITY;
    for (int j = 0; j < M; j++) {
        const int u = j >= half, p = (2 * j) & (M - 1);
        const double v = mstar(lg, a[p] + G[o[2 * p + u]], a[p + 1] + G[o[2 * p + 2 + u]]) + (u ? -au : au);
        an[j] = v;
        best = v > best ? v : best;
    }
    for (int j = 0; j < M; j++)
        an[j] -= best;
    return best;
}

/* beta_t (bn) from beta_{t+1} (b), normalised; with alpha_t (a, else NULL) also N_0 and N_1 of the stage, the
 * a-priori half included. */
static void backward_step(const fg_vit_bcjr *d, int lg, const double *G, double au, const double *b, double *bn,
                          const double *a, double *n0, double *n1)
{
    const int M = d->M, half = M / 2;
    const uint8_t *o = d->out;
    double best = -INFINITY, x0 = -INFINITY, x1 = -INFINITY;
    for (int s = 0; s < M; s++) {
        const int nx = s >> 1;
        const double c0 = G[o[2 * s]] + au + b[nx], c1 = G[o[2 * s + 1]] - au + b[nx | half];
        const double v = mstar(lg, c0, c1);
        bn[s] = v;
        best = v > best ? v : best;
        if (a) {
            x0 = mstar(lg, x0, a[s] + c0);
            x1 = mstar(lg, x1, a[s] + c1);
        }
    }
    for (int s = 0; s < M; s++)
        bn[s] -= best;
    *n0 = x0;
    *n1 = x1;
}

static void delta(double *v, int M, int s0)
{
    for (int s = 0; s < M; s++)
        v[s] = s == s0 ? 0.0 : -INFINITY;
}

/* One forward-backward pass from start state s0 (end: s0 for tail-biting, 0 terminated, any truncated). One
 * hypothesis (not tail-biting): app_k = N_0 - N_1. Tail-biting: the hypothesis's terms max*'d into d->acc, its
 * log-likelihood taken relative to *zref (set by the first hypothesis, first = 1). */
static void pass(fg_vit_bcjr *d, int lg, int s0, int first, double *zref, double *app_k)
{
    const int M = d->M, T = d->T, C = d->C, k = d->k, tb = d->cfg.ending == FG_VIT_TAILBITING;
    const size_t Ms = (size_t)M;
    const int last = (d->nseg - 1) * C; /* the last segment's first stage */
    double *a = d->va, *an = d->vb, A = 0;
    delta(a, M, s0);
    for (int t = 0; t < T; t++) {
        if (d->nseg > 1 && t % C == 0)
            memcpy(d->ckpt + (size_t)(t / C) * Ms, a, sizeof *a * Ms);
        if (t >= last)
            memcpy(d->seg + (size_t)(t - last) * Ms, a, sizeof *a * Ms);
        stage_metrics(d, t, d->G);
        A += forward_step(d, lg, d->G, t < k ? d->half_apr[t] : 0.0, a, an);
        double *x = a;
        a = an, an = x;
    }
    double z = 0;
    if (tb) {
        z = a[s0] + A;
        if (first)
            *zref = z;
        z -= *zref;
    }
    double *b = d->va, *bn = d->vb;
    if (d->cfg.ending == FG_VIT_TRUNCATED)
        for (int s = 0; s < M; s++)
            b[s] = 0.0;
    else
        delta(b, M, tb ? s0 : 0);
    for (int i = d->nseg - 1; i >= 0; i--) {
        const int lo = i * C, hi = lo + C < T ? lo + C : T;
        if (i != d->nseg - 1) { /* this segment's alpha again, from its checkpoint */
            memcpy(d->seg, d->ckpt + (size_t)i * Ms, sizeof *d->seg * Ms);
            for (int t = lo; t + 1 < hi; t++) {
                stage_metrics(d, t, d->G);
                forward_step(d, lg, d->G, t < k ? d->half_apr[t] : 0.0, d->seg + (size_t)(t - lo) * Ms,
                             d->seg + (size_t)(t + 1 - lo) * Ms);
            }
        }
        for (int t = hi - 1; t >= lo; t--) {
            double n0, n1;
            stage_metrics(d, t, d->G);
            backward_step(d, lg, d->G, t < k ? d->half_apr[t] : 0.0, b, bn,
                          t < k ? d->seg + (size_t)(t - lo) * Ms : NULL, &n0, &n1);
            if (t < k && !tb)
                app_k[t] = n0 - n1;
            else if (t < k) {
                const double m = mstar(lg, n0, n1);
                d->acc[t] = mstar(lg, d->acc[t], z + (n0 - m));
                d->acc[k + t] = mstar(lg, d->acc[k + t], z + (n1 - m));
            }
            double *x = b;
            b = bn, bn = x;
        }
    }
}

int fg_vit_bcjr_run(fg_vit_bcjr *d, const double *rx, const double *apriori_k, double *app_k, uint8_t *bits_k)
{
    if (!d || !rx)
        return fg_set_error(FG_EINVAL, "%s=NULL: the decoder and rx are required", !d ? "d" : "rx");
    if (!app_k && !bits_k)
        return fg_set_error(FG_EINVAL, "app_k=NULL and bits_k=NULL: at least one output is required");
    for (int i = 0; i < d->sent; i++)
        if (!isfinite(rx[i]))
            return fg_set_error(FG_EINVAL, "rx[%d]=%g not finite (received LLRs must be finite)", i, rx[i]);
    for (int t = 0; apriori_k && t < d->k; t++)
        if (!isfinite(apriori_k[t]))
            return fg_set_error(FG_EINVAL, "apriori_k[%d]=%g not finite (a-priori LLRs must be finite)", t,
                                apriori_k[t]);
    int rc = fg_vit_depuncture(&d->c, d->cfg.ending, d->k, rx, d->llr);
    if (rc)
        return rc;
    for (int t = 0; t < d->k; t++)
        d->half_apr[t] = apriori_k ? apriori_k[t] / 2 : 0.0;
    const int lg = d->cfg.alg == FG_VIT_BCJR_LOG;
    double *app = app_k ? app_k : d->app; /* decisions alone: the APPs in the decoder's buffer */
    if (d->cfg.ending != FG_VIT_TAILBITING)
        pass(d, lg, 0, 1, NULL, app);
    else {
        double zref = 0;
        for (int i = 0; i < 2 * d->k; i++)
            d->acc[i] = -INFINITY;
        for (int s0 = 0; s0 < d->M; s0++)
            pass(d, lg, s0, s0 == 0, &zref, NULL);
        for (int t = 0; t < d->k; t++)
            app[t] = d->acc[t] - d->acc[d->k + t];
    }
    for (int t = 0; bits_k && t < d->k; t++)
        bits_k[t] = app[t] < 0;
    return 0;
}
