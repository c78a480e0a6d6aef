/* Distance spectrum and union bound of a convolutional code (fecforge/viterbi.h).
 *
 * Error events. An event leaves the all-zero path at some stage (input 1 from state 0) and returns to state 0
 * for the first time some stages later. Its weight d is the number of SENT code bits that are 1 along it (with
 * puncturing, output b of stage t counts only when keep[b][t mod p] = 1), its information weight the number
 * of input ones. a_d is the number of events of weight d that start at a given stage, c_d the sum of their
 * information weights.
 *
 * Puncturing. With period p > 1 the trellis is time-varying: its nodes are (state, phase = stage mod p), and
 * the events starting at a stage depend on that stage's phase. We count per starting phase and average over
 * the p phases (sum / p). Each stage carries one information bit, so the averaged c_d is per trellis stage,
 * that is per information bit, which is what the union bound on the bit error rate needs.
 *
 * Method.
 * 1. Branch weights wt[phase][2 s + u] = the sent ones of the branch from state s with input u.
 * 2. togo[phase][s] = the least weight from node (s, phase) to state 0 (the first arrival), by Dial's
 *    shortest-path algorithm on the reversed trellis (weights 0 .. n). It gives dfree directly (the best first
 *    branch out of state 0 plus togo of where it lands, over the starting phases) and prunes the counting:
 *    a partial path of weight w at node v can only finish events of weight >= w + togo(v).
 * 3. Zero-weight cycles among the nonzero states (a punctured code can be catastrophic although its mother
 *    code is not: fg_vit_code_check looks at the generators only) are found by a topological sort of the
 *    zero-weight branches between nonzero nodes; such a code is refused (FG_EINVAL), as is dfree = 0. Without
 *    them the longest zero-weight run Z among nonzero nodes is finite, every Z + 1 stages among nonzero states
 *    add weight >= 1, and so no partial path of weight <= dmax lives longer than (dmax + 1)(Z + 1) stages:
 *    that is the stage limit of the counting (exceeding it would be an internal error, FG_ESTATE).
 * 4. Counting, per starting phase: a dynamic programme over (state != 0, accumulated weight <= dmax) stage by
 *    stage, dmax = dfree + terms - 1, holding per entry the number of partial paths and the sum of their
 *    information weights; a branch into state 0 ends events and adds to a_d, c_d. It stops when no partial
 *    path is left. All paths of one stage share one phase, so the phase is not a dimension of the table.
 *
 * Counts are doubles: exact as long as they stay below 2^53 (about 9e15), which a_d and c_d of K <= 15 reach
 * only far beyond dfree (tens of terms into the spectrum of the long codes); past that they are rounded to
 * 53 bits, which is harmless for the union bound.
 *
 * Cost: the tables hold 2 x 2 x 2^(K-1) x (dmax + 1) doubles (K = 15, dfree 15, 32 terms: 25 MB; 64 terms:
 * 41 MB); the work is about stages x states x weights, most of it pruned by togo (K = 15, rate 1/2: 32 terms in
 * 0.15 s, 64 in 0.5 s on one core of a 2020s x86 machine). */
#include "fecforge/viterbi.h"

#include "fecforge/error.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int popcount8(unsigned x)
{
    int k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
}

/* The trellis with its branch weights and distances to state 0. Node index: phase * S + state. */
typedef struct {
    int S, p, K;
    uint8_t *wt;     /* p * 2S: wt[ph * 2S + 2s + u] */
    int *togo;       /* p * S */
} trellis;

static void trellis_free(trellis *t)
{
    free(t->wt);
    free(t->togo);
}

static int trellis_build(const fg_vit_code *c, trellis *t)
{
    const int S = fg_vit_states(c), p = c->period;
    t->S = S;
    t->p = p;
    t->K = c->K;
    t->wt = malloc((size_t)p * 2 * (size_t)S);
    t->togo = malloc(sizeof *t->togo * (size_t)p * (size_t)S);
    if (!t->wt || !t->togo)
        return fg_set_error(FG_ENOMEM, "fg_vit_spectrum_of: out of memory (K=%d, period %d)", c->K, p);
    for (int ph = 0; ph < p; ph++) {
        unsigned mask = 0;
        for (int b = 0; b < c->n; b++)
            mask |= (unsigned)(c->keep[b][ph] != 0) << b;
        for (int s = 0; s < S; s++)
            for (int u = 0; u < 2; u++)
                t->wt[(size_t)ph * 2 * S + 2 * s + u] = (uint8_t)popcount8(fg_vit_out(c, s, u) & mask);
    }
    return 0;
}

static int wt_of(const trellis *t, int ph, int s, int u) { return t->wt[(size_t)ph * 2 * t->S + 2 * s + u]; }

/* Dial's algorithm from the targets (0, ph), on the reversed trellis. A branch (s, ph) -> (j, ph + 1) has input
 * u = top bit of j, and s = ((j << 1) | x) mod S. State 0 is never an intermediate node: its distance stays 0
 * (a path ends at its first arrival in state 0). Every distance is at most (K - 1) n (K - 1 zero inputs). */
static int trellis_togo(const fg_vit_code *c, trellis *t)
{
    const int S = t->S, p = t->p, nodes = S * p, bmax = (c->K - 1) * c->n;
    int *head = malloc(sizeof *head * (size_t)(bmax + 1));
    int *enode = malloc(sizeof *enode * (size_t)(3 * nodes + p));
    int *enext = malloc(sizeof *enext * (size_t)(3 * nodes + p));
    uint8_t *done = calloc((size_t)nodes, 1);
    int rc = 0;
    if (!head || !enode || !enext || !done) {
        rc = fg_set_error(FG_ENOMEM, "fg_vit_spectrum_of: out of memory (K=%d)", c->K);
        goto out;
    }
    for (int b = 0; b <= bmax; b++)
        head[b] = -1;
    for (int v = 0; v < nodes; v++)
        t->togo[v] = INT_MAX;
    int used = 0;
    for (int ph = 0; ph < p; ph++) {
        t->togo[ph * S] = 0;
        enode[used] = ph * S;
        enext[used] = head[0];
        head[0] = used++;
    }
    for (int b = 0; b <= bmax; b++) {
        while (head[b] >= 0) {
            const int e = head[b], v = enode[e];
            head[b] = enext[e];
            if (done[v] || t->togo[v] != b)
                continue;
            done[v] = 1;
            const int j = v % S, ph1 = v / S, ph = (ph1 + p - 1) % p, u = j >> (c->K - 2);
            for (int x = 0; x < 2; x++) {
                const int s = ((j << 1) | x) & (S - 1);
                if (s == 0)
                    continue;
                const int w = b + wt_of(t, ph, s, u), vs = ph * S + s;
                /* w > bmax cannot be a shortest distance (the zero-input path bounds them all): skip it */
                if (w <= bmax && w < t->togo[vs]) {
                    if (used >= 3 * nodes + p) { /* p + 2 relaxations per node at most */
                        rc = fg_set_error(FG_ESTATE, "fg_vit_spectrum_of: internal error in the distance search "
                                                     "(K=%d, %d queue entries)", c->K, used);
                        goto out;
                    }
                    t->togo[vs] = w;
                    enode[used] = vs;
                    enext[used] = head[w];
                    head[w] = used++;
                }
            }
        }
    }
    for (int v = 0; v < nodes; v++)
        if (t->togo[v] == INT_MAX) {
            rc = fg_set_error(FG_ESTATE, "fg_vit_spectrum_of: internal error: state %d at phase %d does not reach "
                                         "state 0", v % S, v / S);
            goto out;
        }
out:
    free(head);
    free(enode);
    free(enext);
    free(done);
    return rc;
}

/* Topological sort of the zero-weight branches between nonzero nodes: FG_EINVAL when they form a cycle (the
 * punctured code is catastrophic), else *zmax = the longest run of zero-weight branches among nonzero nodes. */
static int zero_cycles(const fg_vit_code *c, const trellis *t, int *zmax)
{
    const int S = t->S, p = t->p, nodes = S * p;
    int *indeg = calloc((size_t)nodes, sizeof *indeg), *len = calloc((size_t)nodes, sizeof *len);
    int *queue = malloc(sizeof *queue * (size_t)nodes);
    int rc = 0;
    if (!indeg || !len || !queue) {
        rc = fg_set_error(FG_ENOMEM, "fg_vit_spectrum_of: out of memory (K=%d)", c->K);
        goto out;
    }
    for (int ph = 0; ph < p; ph++)
        for (int s = 1; s < S; s++)
            for (int u = 0; u < 2; u++) {
                const int ns = fg_vit_next(c, s, u);
                if (ns && !wt_of(t, ph, s, u))
                    indeg[((ph + 1) % p) * S + ns]++;
            }
    int qn = 0, qh = 0;
    for (int ph = 0; ph < p; ph++)
        for (int s = 1; s < S; s++)
            if (!indeg[ph * S + s])
                queue[qn++] = ph * S + s;
    int z = 0;
    while (qh < qn) {
        const int v = queue[qh++], s = v % S, ph = v / S;
        if (len[v] > z)
            z = len[v];
        for (int u = 0; u < 2; u++) {
            const int ns = fg_vit_next(c, s, u);
            if (!ns || wt_of(t, ph, s, u))
                continue;
            const int vn = ((ph + 1) % p) * S + ns;
            if (len[v] + 1 > len[vn])
                len[vn] = len[v] + 1;
            if (--indeg[vn] == 0)
                queue[qn++] = vn;
        }
    }
    if (qn < (S - 1) * p)
        rc = fg_set_error(FG_EINVAL, "punct: catastrophic punctured code: a cycle of nonzero states sends only zeros "
                                     "(period %d), so infinitely many error events have a finite weight", p);
    *zmax = z;
out:
    free(indeg);
    free(len);
    free(queue);
    return rc;
}

/* The counting tables: this stage's (cn: paths, ci: their information weight) and the next stage's (nn, ni),
 * S x W each (W = dmax + 1, row = state, column = weight), with per state a weight range lo .. hi (lo/hi
 * this stage, nlo/nhi the next) that holds every nonzero cell of the row (empty: lo > hi). count_phase adds the
 * events starting at phase ph0 with weight dfree .. dmax into a[], cw[] (indexed d - dfree); the tables are
 * zero and the ranges empty on entry and on return. */
typedef struct {
    double *cn, *ci, *nn, *ni;
    int *lo, *hi, *nlo, *nhi;
} dp_tables;

/* This stage's tables become the next stage's and back. */
static void swap_rows(double **a, double **b)
{
    double *t = *a;
    *a = *b;
    *b = t;
}
static void swap_ranges(int **a, int **b)
{
    int *t = *a;
    *a = *b;
    *b = t;
}

static int count_phase(const fg_vit_code *c, const trellis *t, int ph0, int dfree, int dmax, long limit,
                       dp_tables *d, double *a, double *cw)
{
    const int S = t->S, p = t->p, W = dmax + 1;
    const int s1 = fg_vit_next(c, 0, 1), w0 = wt_of(t, ph0, 0, 1);
    if (w0 + t->togo[((ph0 + 1) % p) * S + s1] > dmax)
        return 0;
    d->cn[(size_t)s1 * W + w0] = 1;
    d->ci[(size_t)s1 * W + w0] = 1;
    d->lo[s1] = d->hi[s1] = w0;
    int active = 1;
    for (long st = 1; active; st++) {
        if (st > limit)
            return fg_set_error(FG_ESTATE, "fg_vit_spectrum_of: internal error: partial paths of weight <= %d "
                                           "still alive after %ld stages (the bound for this code)", dmax, limit);
        const int ph = (int)((ph0 + st) % p), nph = (ph + 1) % p;
        active = 0;
        for (int s = 1; s < S; s++) {
            const int lo = d->lo[s], hi = d->hi[s];
            if (lo > hi)
                continue;
            double *cn = d->cn + (size_t)s * W, *ci = d->ci + (size_t)s * W;
            for (int u = 0; u < 2; u++) {
                const int ns = fg_vit_next(c, s, u), bw = wt_of(t, ph, s, u);
                if (ns == 0) { /* the events end here */
                    for (int w = lo; w <= hi && w + bw <= dmax; w++)
                        if (cn[w] != 0) {
                            a[w + bw - dfree] += cn[w];
                            cw[w + bw - dfree] += ci[w];
                        }
                    continue;
                }
                const int lim = dmax - t->togo[nph * S + ns] - bw, top = hi < lim ? hi : lim;
                if (lo > top)
                    continue;
                /* Zero cells inside the range are carried along (cheaper than testing them); the range's low
                 * end is always a real path's weight (the least one into s), so a state with a range holds a
                 * path. */
                double *nn = d->nn + (size_t)ns * W + bw, *ni = d->ni + (size_t)ns * W + bw;
                if (u)
                    for (int w = lo; w <= top; w++) {
                        nn[w] += cn[w];
                        ni[w] += ci[w] + cn[w];
                    }
                else
                    for (int w = lo; w <= top; w++) {
                        nn[w] += cn[w];
                        ni[w] += ci[w];
                    }
                if (lo + bw < d->nlo[ns])
                    d->nlo[ns] = lo + bw;
                if (top + bw > d->nhi[ns])
                    d->nhi[ns] = top + bw;
                active = 1;
            }
            memset(cn + lo, 0, sizeof *cn * (size_t)(hi - lo + 1));
            memset(ci + lo, 0, sizeof *ci * (size_t)(hi - lo + 1));
            d->lo[s] = W;
            d->hi[s] = -1;
        }
        swap_rows(&d->cn, &d->nn);
        swap_rows(&d->ci, &d->ni);
        swap_ranges(&d->lo, &d->nlo);
        swap_ranges(&d->hi, &d->nhi);
    }
    return 0;
}

/* The trellis with its distances, *z the longest zero-weight run and *dfree: FG_EINVAL for a catastrophic
 * punctured code or one of free distance 0 (t is freed by the caller in every case). */
static int trellis_ready(const fg_vit_code *c, trellis *t, int *z, int *dfree)
{
    int rc = trellis_build(c, t);
    if (!rc)
        rc = trellis_togo(c, t);
    if (!rc)
        rc = zero_cycles(c, t, z);
    if (rc)
        return rc;
    const int S = t->S, p = t->p;
    *dfree = INT_MAX;
    for (int ph = 0; ph < p; ph++) {
        const int w = wt_of(t, ph, 0, 1) + t->togo[((ph + 1) % p) * S + fg_vit_next(c, 0, 1)];
        if (w < *dfree)
            *dfree = w;
    }
    if (*dfree < 1)
        return fg_set_error(FG_EINVAL, "punct: the punctured code has free distance 0 (an input sequence with ones "
                                       "sends only zeros, period %d): it cannot be decoded", p);
    return 0;
}

int fg_vit_punct_check(const fg_vit_code *c)
{
    trellis t = {0};
    int z = 0, dfree = 0;
    const int rc = trellis_ready(c, &t, &z, &dfree);
    trellis_free(&t);
    return rc;
}

int fg_vit_spectrum_of(const fg_vit_code *c, int terms, fg_vit_spectrum *out)
{
    if (!c || !out)
        return fg_set_error(FG_EINVAL, "fg_vit_spectrum_of: NULL %s", !c ? "code" : "out");
    if (terms < 1 || terms > FG_VIT_SPECTRUM_MAX)
        return fg_set_error(FG_EINVAL, "terms=%d out of range [1, %d]", terms, FG_VIT_SPECTRUM_MAX);
    int rc = fg_vit_code_check(c);
    if (rc)
        return rc;
    memset(out, 0, sizeof *out);

    trellis t = {0};
    dp_tables d = {0};
    double *a = NULL, *cw = NULL;
    int z = 0, dfree = 0;
    rc = trellis_ready(c, &t, &z, &dfree);
    if (rc)
        goto out;
    const int S = t.S, p = t.p;
    const int dmax = dfree + terms - 1, W = dmax + 1;
    const long limit = (long)(dmax + 1) * (z + 1) + 1;
    const size_t cells = (size_t)S * (size_t)W;
    d.cn = calloc(cells, sizeof(double));
    d.ci = calloc(cells, sizeof(double));
    d.nn = calloc(cells, sizeof(double));
    d.ni = calloc(cells, sizeof(double));
    d.lo = malloc(sizeof(int) * (size_t)S);
    d.hi = malloc(sizeof(int) * (size_t)S);
    d.nlo = malloc(sizeof(int) * (size_t)S);
    d.nhi = malloc(sizeof(int) * (size_t)S);
    a = calloc((size_t)terms, sizeof *a);
    cw = calloc((size_t)terms, sizeof *cw);
    if (!d.cn || !d.ci || !d.nn || !d.ni || !d.lo || !d.hi || !d.nlo || !d.nhi || !a || !cw) {
        rc = fg_set_error(FG_ENOMEM, "fg_vit_spectrum_of: out of memory (K=%d, terms=%d, dfree %d)", c->K, terms,
                          dfree);
        goto out;
    }
    for (int s = 0; s < S; s++) {
        d.lo[s] = d.nlo[s] = W;
        d.hi[s] = d.nhi[s] = -1;
    }
    for (int ph = 0; ph < p && !rc; ph++)
        rc = count_phase(c, &t, ph, dfree, dmax, limit, &d, a, cw);
    if (rc)
        goto out;
    out->dfree = dfree;
    out->terms = terms;
    for (int i = 0; i < terms; i++) {
        out->a[i] = a[i] / p;
        out->c[i] = cw[i] / p;
    }
out:
    trellis_free(&t);
    free(d.cn);
    free(d.ci);
    free(d.nn);
    free(d.ni);
    free(d.lo);
    free(d.hi);
    free(d.nlo);
    free(d.nhi);
    free(a);
    free(cw);
    return rc;
}

/* Pb <= sum_i c[i] Q(sqrt(2 d R Eb/N0)), d = dfree + i: the soft-decision union bound for maximum-likelihood
 * decoding with BPSK over AWGN (the pairwise error probability of two paths at Hamming distance d is
 * Q(sqrt(2 d R Eb/N0))). c[i] is per information bit (per stage), so no further division. R = p / (ones in the
 * masks over the period). NaN (with a message) for a bad code, spectrum or Eb/N0. */
double fg_vit_union_bound(const fg_vit_code *c, const fg_vit_spectrum *s, double ebn0_db)
{
    if (!c || !s) {
        fg_set_error(FG_EINVAL, "fg_vit_union_bound: NULL %s", !c ? "code" : "spectrum");
        return NAN;
    }
    if (fg_vit_code_check(c))
        return NAN;
    if (s->terms < 1 || s->terms > FG_VIT_SPECTRUM_MAX || s->dfree < 1) {
        fg_set_error(FG_EINVAL, "fg_vit_union_bound: spectrum terms=%d (range [1, %d]), dfree=%d (range >= 1)",
                     s->terms, FG_VIT_SPECTRUM_MAX, s->dfree);
        return NAN;
    }
    if (!isfinite(ebn0_db)) {
        fg_set_error(FG_EINVAL, "fg_vit_union_bound: ebn0_db=%g is not finite", ebn0_db);
        return NAN;
    }
    int sent = 0;
    for (int b = 0; b < c->n; b++)
        for (int ph = 0; ph < c->period; ph++)
            sent += c->keep[b][ph] != 0;
    const double R = (double)c->period / sent, ebn0 = pow(10.0, ebn0_db / 10.0);
    double pb = 0;
    for (int i = 0; i < s->terms; i++) {
        const double x = sqrt(2.0 * (s->dfree + i) * R * ebn0);
        pb += s->c[i] * 0.5 * erfc(x / sqrt(2.0));
    }
    return pb;
}
