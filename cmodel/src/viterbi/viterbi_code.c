/* Convolutional codes (fecforge/viterbi.h): the code's checks, generators and puncturing patterns as text,
 * the encoder with its three stream endings, and depuncturing. */
#include "fecforge/viterbi.h"
#include "viterbi_internal.h"

#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fg_vit_code fg_vit_code_default(void)
{
    fg_vit_code c;
    memset(&c, 0, sizeof c);
    c.K = 7;
    c.n = 2;
    c.gen[0] = 0171;
    c.gen[1] = 0133;
    c.period = 1;
    c.keep[0][0] = c.keep[1][0] = 1;
    return c;
}

/* Polynomials over GF(2) as words (bit i: the coefficient of D^i). */
static int poly_deg(uint32_t a)
{
    int d = -1;
    while (a) {
        a >>= 1;
        d++;
    }
    return d;
}

static uint32_t poly_mod(uint32_t a, uint32_t b)
{
    const int db = poly_deg(b);
    for (int da = poly_deg(a); da >= db; da = poly_deg(a))
        a ^= b << (da - db);
    return a;
}

static uint32_t poly_gcd(uint32_t a, uint32_t b)
{
    while (b) {
        const uint32_t r = poly_mod(a, b);
        a = b;
        b = r;
    }
    return a;
}

/* Generator g (bit K-1 taps the current input) as a polynomial in the delay D (bit m: D^m taps the input m
 * stages back). */
static uint32_t gen_poly(uint32_t g, int K)
{
    uint32_t p = 0;
    for (int m = 0; m < K; m++)
        p |= ((g >> (K - 1 - m)) & 1u) << m;
    return p;
}

int fg_vit_code_check(const fg_vit_code *c)
{
    if (!c)
        return fg_set_error(FG_EINVAL, "viterbi code: NULL");
    if (c->K < FG_VIT_K_MIN || c->K > FG_VIT_K_MAX)
        return fg_set_error_at(FG_EINVAL, &c->K, "K=%d out of range [%d, %d]", c->K, FG_VIT_K_MIN, FG_VIT_K_MAX);
    if (c->n < FG_VIT_N_MIN || c->n > FG_VIT_N_MAX)
        return fg_set_error(FG_EINVAL, "gen: %d generators, out of range [%d, %d]", c->n, FG_VIT_N_MIN, FG_VIT_N_MAX);
    uint32_t any = 0, g = 0;
    for (int b = 0; b < c->n; b++) {
        if (!c->gen[b] || c->gen[b] >> c->K)
            return fg_set_error(FG_EINVAL, "gen: generator %d (%o octal) out of range [1, %o] for K=%d (K bits)", b + 1,
                                (unsigned)c->gen[b], (1u << c->K) - 1, c->K);
        any |= c->gen[b];
        g = poly_gcd(g, gen_poly(c->gen[b], c->K));
    }
    if (!(any >> (c->K - 1)))
        return fg_set_error(FG_EINVAL, "gen: no generator taps the current input (bit K-1 of a K=%d-bit word)", c->K);
    if (!(any & 1u))
        return fg_set_error(FG_EINVAL, "gen: no generator taps the input K-1=%d stages back: the constraint length is "
                                       "less than K=%d", c->K - 1, c->K);
    while (g && !(g & 1u)) /* a common factor D is a delay, not a catastrophe */
        g >>= 1;
    if (g != 1)
        return fg_set_error(FG_EINVAL, "gen: catastrophic code: the generators share the factor %o (octal, in D) over "
                                       "GF(2), so finitely many channel errors can cause infinitely many decoding errors",
                            (unsigned)g);
    if (c->period < 1 || c->period > FG_VIT_PERIOD_MAX)
        return fg_set_error(FG_EINVAL, "punct: period %d out of range [1, %d]", c->period, FG_VIT_PERIOD_MAX);
    int sent = 0;
    for (int b = 0; b < c->n; b++)
        for (int t = 0; t < c->period; t++) {
            if (c->keep[b][t] > 1)
                return fg_set_error(FG_EINVAL, "punct: mask value %d of output %d is not 0 or 1", c->keep[b][t], b + 1);
            sent += c->keep[b][t];
        }
    if (!sent)
        return fg_set_error(FG_EINVAL, "punct: the pattern sends no output");
    return 0;
}

int fg_vit_parse_gen(const char *text, fg_vit_code *c)
{
    if (!text || !c)
        return fg_set_error(FG_EINVAL, "gen: NULL");
    int n = 0;
    for (const char *p = text;;) {
        if (n == FG_VIT_N_MAX)
            return fg_set_error(FG_EINVAL, "gen=%s: more than %d generators", text, FG_VIT_N_MAX);
        uint32_t v = 0;
        const char *d = p;
        for (; *p >= '0' && *p <= '7'; p++) {
            v = v * 8 + (uint32_t)(*p - '0');
            if (v >> FG_VIT_K_MAX)
                return fg_set_error(FG_EINVAL, "gen=%s: generator %d wider than %d bits", text, n + 1, FG_VIT_K_MAX);
        }
        if (p == d || (*p && *p != ','))
            return fg_set_error(FG_EINVAL, "gen=%s: generator %d is not an octal number (digits 0 to 7)", text, n + 1);
        c->gen[n++] = v;
        if (!*p)
            break;
        p++;
    }
    if (n < FG_VIT_N_MIN)
        return fg_set_error(FG_EINVAL, "gen=%s: %d generator, at least %d", text, n, FG_VIT_N_MIN);
    c->n = n;
    memset(c->keep, 0, sizeof c->keep); /* the masks were for the old outputs: none punctured */
    c->period = 1;
    for (int b = 0; b < n; b++)
        c->keep[b][0] = 1;
    return 0;
}

/* The standards' patterns (docs/viterbi.md "Puncturing"): masks per output in the standard's order of the
 * generators, which the code must have. */
static const struct {
    const char *name;
    uint32_t g0, g1;
    const char *mask0, *mask1;
} std_punct[] = {
    {"dvbs-2/3", 0171, 0133, "10", "11"},           {"dvbs-3/4", 0171, 0133, "101", "110"},
    {"dvbs-5/6", 0171, 0133, "10101", "11010"},     {"dvbs-7/8", 0171, 0133, "1000101", "1111010"},
    {"wifi-2/3", 0133, 0171, "11", "10"},           {"wifi-3/4", 0133, 0171, "110", "101"},
};

/* keep[b] from the digits of one mask (len of them). */
static void set_mask(fg_vit_code *c, int b, const char *m, int len)
{
    for (int t = 0; t < len; t++)
        c->keep[b][t] = (uint8_t)(m[t] - '0');
}

int fg_vit_parse_punct(const char *text, fg_vit_code *c)
{
    if (!text || !c)
        return fg_set_error(FG_EINVAL, "punct: NULL");
    fg_vit_code r = *c;
    memset(r.keep, 0, sizeof r.keep);
    if (!strcmp(text, "none")) {
        r.period = 1;
        for (int b = 0; b < r.n; b++)
            r.keep[b][0] = 1;
        *c = r;
        return 0;
    }
    for (size_t i = 0; i < sizeof std_punct / sizeof *std_punct; i++)
        if (!strcmp(text, std_punct[i].name)) {
            if (r.K != 7 || r.n != 2 || r.gen[0] != std_punct[i].g0 || r.gen[1] != std_punct[i].g1)
                return fg_set_error(FG_EINVAL, "punct=%s is the standard's pattern over the K=7 generators %o, %o in "
                                               "that order: --K 7 --gen %o,%o", text, (unsigned)std_punct[i].g0,
                                    (unsigned)std_punct[i].g1, (unsigned)std_punct[i].g0, (unsigned)std_punct[i].g1);
            r.period = (int)strlen(std_punct[i].mask0);
            set_mask(&r, 0, std_punct[i].mask0, r.period);
            set_mask(&r, 1, std_punct[i].mask1, r.period);
            *c = r;
            return 0;
        }
    int b = 0, len = -1;
    for (const char *p = text;; b++) {
        const size_t l = strspn(p, "01");
        if (b == r.n || l < 1 || l > FG_VIT_PERIOD_MAX || (len >= 0 && (int)l != len) || (p[l] && p[l] != ','))
            return fg_set_error(FG_EINVAL, "punct=%s: expected none, dvbs-2/3, dvbs-3/4, dvbs-5/6, dvbs-7/8, wifi-2/3, "
                                           "wifi-3/4, or one mask of 1 to %d digits 0/1 per generator (%d, equal "
                                           "lengths, comma-separated)", text, FG_VIT_PERIOD_MAX, r.n);
        len = (int)l;
        set_mask(&r, b, p, len);
        if (!p[l])
            break;
        p += l + 1;
    }
    if (b + 1 != r.n)
        return fg_set_error(FG_EINVAL, "punct=%s: %d masks for %d generators", text, b + 1, r.n);
    r.period = len;
    int rc = fg_vit_code_check(&r);
    if (rc || (rc = fg_vit_punct_check(&r)))
        return rc;
    *c = r;
    return 0;
}

void fg_vit_print_punct(const fg_vit_code *c, char *buf, size_t size)
{
    int all = c->period == 1;
    for (int b = 0; all && b < c->n; b++)
        all = c->keep[b][0];
    if (all) {
        snprintf(buf, size, "none");
        return;
    }
    size_t at = 0;
    for (int b = 0; b < c->n && at + 1 < size; b++) {
        if (b)
            buf[at++] = ',';
        for (int t = 0; t < c->period && at + 1 < size; t++)
            buf[at++] = (char)('0' + c->keep[b][t]);
    }
    buf[at < size ? at : size - 1] = 0;
}

int fg_vit_stages(const fg_vit_code *c, fg_vit_ending e, int k) { return k + (e == FG_VIT_TERMINATED ? c->K - 1 : 0); }

int fg_vit_sent_len(const fg_vit_code *c, fg_vit_ending e, int k)
{
    const int T = fg_vit_stages(c, e, k), p = c->period;
    int per = 0, rest = 0;
    for (int t = 0; t < p; t++)
        for (int b = 0; b < c->n; b++) {
            per += c->keep[b][t];
            rest += t < T % p ? c->keep[b][t] : 0;
        }
    return T / p * per + rest;
}

/* The checks of a frame: the code, the ending and k. */
int fg_vit_frame_check(const fg_vit_code *c, fg_vit_ending e, int k)
{
    const int rc = fg_vit_code_check(c);
    if (rc)
        return rc;
    if (e != FG_VIT_TERMINATED && e != FG_VIT_TRUNCATED && e != FG_VIT_TAILBITING)
        return fg_set_error(FG_EINVAL, "ending=%d out of range [0, 2] (terminated, truncated, tailbiting)", (int)e);
    const int lo = e == FG_VIT_TAILBITING ? c->K - 1 : 1;
    if (k < lo || k > FG_VIT_BITS_MAX)
        return fg_set_error(FG_EINVAL, "k=%d out of range [%d, %d]%s", k, lo, FG_VIT_BITS_MAX,
                            e == FG_VIT_TAILBITING ? " (tail-biting: at least K-1 bits set the start state)" : "");
    return 0;
}

int fg_vit_encode(const fg_vit_code *c, fg_vit_ending e, int k, const uint8_t *bits_k, uint8_t *out)
{
    int rc = fg_vit_frame_check(c, e, k);
    if (rc)
        return rc;
    if (!bits_k || !out)
        return fg_set_error(FG_EINVAL, "fg_vit_encode: NULL %s", !bits_k ? "bits_k" : "out");
    int s = 0;
    if (e == FG_VIT_TAILBITING) /* the state the last K-1 inputs leave: the start equals the end */
        for (int i = k - (c->K - 1); i < k; i++)
            s = fg_vit_next(c, s, bits_k[i] & 1);
    const int T = fg_vit_stages(c, e, k);
    size_t at = 0;
    for (int t = 0; t < T; t++) {
        const int u = t < k ? bits_k[t] & 1 : 0;
        const uint32_t o = fg_vit_out(c, s, u);
        for (int b = 0; b < c->n; b++)
            if (fg_vit_sent(c, t, b))
                out[at++] = (uint8_t)((o >> b) & 1u);
        s = fg_vit_next(c, s, u);
    }
    return 0;
}

/* rx's values (elem bytes each) to their outputs of the stage-major trellis, zeros where nothing was sent
 * (0.0 and 0 are all-zero bytes). */
static int depuncture(const fg_vit_code *c, fg_vit_ending e, int k, const void *rx, void *out, size_t elem)
{
    const int rc = fg_vit_frame_check(c, e, k);
    if (rc)
        return rc;
    const int T = fg_vit_stages(c, e, k);
    const char *in = rx;
    char *o = out;
    for (int t = 0; t < T; t++)
        for (int b = 0; b < c->n; b++, o += elem)
            if (fg_vit_sent(c, t, b)) {
                memcpy(o, in, elem);
                in += elem;
            } else
                memset(o, 0, elem);
    return 0;
}

int fg_vit_depuncture(const fg_vit_code *c, fg_vit_ending e, int k, const double *rx, double *llr_sn)
{
    return depuncture(c, e, k, rx, llr_sn, sizeof *rx);
}

int fg_vit_depuncture_q(const fg_vit_code *c, fg_vit_ending e, int k, const int32_t *rx, int32_t *q_sn)
{
    return depuncture(c, e, k, rx, q_sn, sizeof *rx);
}
