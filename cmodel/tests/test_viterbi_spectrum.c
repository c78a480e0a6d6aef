/* Distance spectrum and union bound of convolutional codes (fecforge/viterbi.h, viterbi_spectrum.c): the standard
 * tables of K = 7 (171,133), K = 9 (561,753), K = 3 (7,5) (its generating function D^5 / (1 - 2D)) and the DVB-S
 * rate-3/4 and 2/3 punctured codes; the generator order; these, K = 15 and a punctured rate-1/4 code against an
 * independent count by depth-first enumeration of the error events with an encoder written here from the octal
 * generators; the union bound's values; parameter errors and catastrophic (punctured) codes. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"

#include <math.h>
#include <string.h>

/* ---- the independent count: every input sequence that starts with a 1 and whose register returns to all
 * zeros (K - 1 zero inputs in a row) for the first time at its end, pruned when its weight exceeds dmax. Since
 * weights only grow along a path, every event of weight <= dmax is found. ---- */

enum { BF_DEPTH = 400, BF_DMAX = 40 };

typedef struct {
    int K, n, p, ph0, dmax;
    uint32_t gen[FG_VIT_N_MAX];
    uint8_t keep[FG_VIT_N_MAX][FG_VIT_PERIOD_MAX];
    uint8_t in[BF_DEPTH];
    double a[BF_DMAX + 1], c[BF_DMAX + 1];
    int too_deep;
} brute;

/* Output b of stage t: the sum over j of tap (K - 1 - j) of the octal word times the input j stages back. */
static int bf_out(const brute *f, int t, int b)
{
    int x = 0;
    for (int j = 0; j < f->K && j <= t; j++)
        x ^= (int)((f->gen[b] >> (f->K - 1 - j)) & 1u) & f->in[t - j];
    return x;
}

static void bf_dfs(brute *f, int t, int w, int iw, int zeros)
{
    if (t >= BF_DEPTH) {
        f->too_deep = 1;
        return;
    }
    for (int u = t == 0 ? 1 : 0; u < 2; u++) {
        f->in[t] = (uint8_t)u;
        int nw = w;
        for (int b = 0; b < f->n; b++)
            if (f->keep[b][(f->ph0 + t) % f->p])
                nw += bf_out(f, t, b);
        if (nw > f->dmax)
            continue;
        const int nz = u ? 0 : zeros + 1;
        if (nz == f->K - 1) {
            f->a[nw] += 1;
            f->c[nw] += iw;
        } else {
            bf_dfs(f, t + 1, nw, iw + u, nz);
        }
    }
}

/* a[d], c[d] for d <= dmax, averaged over the starting phases like the library. */
static void brute_count(const fg_vit_code *c, int dmax, double *a, double *cw)
{
    static brute f;
    memset(&f, 0, sizeof f);
    f.K = c->K;
    f.n = c->n;
    f.p = c->period;
    f.dmax = dmax;
    memcpy(f.gen, c->gen, sizeof f.gen);
    memcpy(f.keep, c->keep, sizeof f.keep);
    for (f.ph0 = 0; f.ph0 < f.p; f.ph0++)
        bf_dfs(&f, 0, 0, 0, 0);
    CU_ASSERT_FALSE(f.too_deep);
    for (int d = 0; d <= dmax; d++) {
        a[d] = f.a[d] / f.p;
        cw[d] = f.c[d] / f.p;
    }
}

/* The library's spectrum of terms terms agrees with the enumeration up to dmax (exactly: both are sums of
 * integers divided by p). */
static void check_against_brute(const fg_vit_code *c, int terms, int dmax)
{
    fg_vit_spectrum s;
    double a[BF_DMAX + 1], cw[BF_DMAX + 1];
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(c, terms, &s), 0);
    CU_ASSERT_FATAL(dmax <= s.dfree + terms - 1 && dmax <= BF_DMAX);
    brute_count(c, dmax, a, cw);
    for (int d = 0; d < s.dfree; d++)
        CU_ASSERT_EQUAL(a[d], 0);
    CU_ASSERT(a[s.dfree] > 0);
    for (int d = s.dfree; d <= dmax; d++) {
        CU_ASSERT_EQUAL(s.a[d - s.dfree], a[d]);
        CU_ASSERT_EQUAL(s.c[d - s.dfree], cw[d]);
    }
}

static fg_vit_code code2(int K, uint32_t g0, uint32_t g1)
{
    fg_vit_code c = fg_vit_code_default();
    c.K = K;
    c.gen[0] = g0;
    c.gen[1] = g1;
    return c;
}

/* DVB-S rate 3/4 over X = 171, Y = 133: X 101, Y 110. */
static fg_vit_code dvbs34(void)
{
    fg_vit_code c = fg_vit_code_default();
    static const uint8_t x[3] = {1, 0, 1}, y[3] = {1, 1, 0};
    c.period = 3;
    memcpy(c.keep[0], x, 3);
    memcpy(c.keep[1], y, 3);
    return c;
}

static void test_k7(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 9, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 10);
    CU_ASSERT_EQUAL(s.terms, 9);
    /* d = 10 .. 18 */
    static const double a[9] = {11, 0, 38, 0, 193, 0, 1331, 0, 7275};
    static const double cw[9] = {36, 0, 211, 0, 1404, 0, 11633, 0, 77433};
    for (int i = 0; i < 9; i++) {
        CU_ASSERT_EQUAL(s.a[i], a[i]);
        CU_ASSERT_EQUAL(s.c[i], cw[i]);
    }
    for (int i = 9; i < FG_VIT_SPECTRUM_MAX; i++)
        CU_ASSERT(s.a[i] == 0 && s.c[i] == 0);
    check_against_brute(&c, 9, 18);
    /* More terms do not change the first ones. The odd weights stay empty: a codeword's weight has the parity
     * of u(1) (g0(1) + g1(1)) over GF(2), and 171 and 133 both have 5 taps, so every codeword weight is even. */
    fg_vit_spectrum l;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 30, &l), 0);
    for (int i = 0; i < 9; i++)
        CU_ASSERT(l.a[i] == s.a[i] && l.c[i] == s.c[i]);
    for (int i = 1; i < 30; i += 2)
        CU_ASSERT_EQUAL(l.a[i], 0);
    for (int i = 0; i < 30; i += 2)
        CU_ASSERT(l.a[i] > 0 && l.c[i] >= l.a[i]);
}

static void test_k7_order(void)
{
    const fg_vit_code c = fg_vit_code_default(), r = code2(7, 0133, 0171);
    fg_vit_spectrum s, t;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 20, &s), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&r, 20, &t), 0);
    CU_ASSERT_EQUAL(s.dfree, t.dfree);
    CU_ASSERT_EQUAL(memcmp(s.a, t.a, sizeof s.a), 0);
    CU_ASSERT_EQUAL(memcmp(s.c, t.c, sizeof s.c), 0);
}

/* (7,5): T(D, N) = D^5 N / (1 - 2 D N), so a_d = 2^(d-5) and c_d = (d - 4) 2^(d-5). */
static void test_k3(void)
{
    const fg_vit_code c = code2(3, 07, 05);
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 40, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 5);
    CU_ASSERT(s.a[0] == 1 && s.c[0] == 1 && s.a[1] == 2 && s.c[1] == 4 && s.a[2] == 4 && s.c[2] == 12);
    for (int i = 0; i < 40; i++) {
        CU_ASSERT_EQUAL(s.a[i], ldexp(1.0, i));
        CU_ASSERT_EQUAL(s.c[i], (i + 1) * ldexp(1.0, i));
    }
    check_against_brute(&c, 12, 16);
}

/* K = 9 (561,753): d = 12 .. 18 (the standard table: a 11, 0, 50, 0, 286, 0, 1630; c 33, 0, 281, 0, 2179, 0,
 * 15035). */
static void test_k9(void)
{
    const fg_vit_code c = code2(9, 0561, 0753);
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 7, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 12);
    static const double a[7] = {11, 0, 50, 0, 286, 0, 1630}, cw[7] = {33, 0, 281, 0, 2179, 0, 15035};
    for (int i = 0; i < 7; i++) {
        CU_ASSERT_EQUAL(s.a[i], a[i]);
        CU_ASSERT_EQUAL(s.c[i], cw[i]);
    }
    check_against_brute(&c, 7, 16);
}

static void test_punctured(void)
{
    const fg_vit_code c = dvbs34();
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 10, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 5);
    /* The standard table of the rate-3/4 code (summed over the 3 starting phases): d = 5 .. 8, a 8, 31, 160,
     * 892; c 42, 201, 1492, 10469. */
    static const double a3[4] = {8, 31, 160, 892}, c3[4] = {42, 201, 1492, 10469};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_DOUBLE_EQUAL(3 * s.a[i], a3[i], 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(3 * s.c[i], c3[i], 1e-9);
    }
    check_against_brute(&c, 10, 9);
    /* DVB-S rate 2/3 (X 10, Y 11), summed over the 2 phases: dfree 6, a 1, 16, 48, 158; c 3, 70, 285, 1276. */
    fg_vit_code c23 = fg_vit_code_default();
    c23.period = 2;
    c23.keep[0][1] = 0;
    c23.keep[1][1] = 1;
    fg_vit_spectrum s23;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c23, 8, &s23), 0);
    CU_ASSERT_EQUAL(s23.dfree, 6);
    static const double a2[4] = {1, 16, 48, 158}, c2[4] = {3, 70, 285, 1276};
    for (int i = 0; i < 4; i++) {
        CU_ASSERT_DOUBLE_EQUAL(2 * s23.a[i], a2[i], 1e-9);
        CU_ASSERT_DOUBLE_EQUAL(2 * s23.c[i], c2[i], 1e-9);
    }
    check_against_brute(&c23, 8, 10);
    /* Averaging over the phases: rotating the pattern (starting it at another stage) changes nothing. */
    fg_vit_code r = c;
    for (int b = 0; b < 2; b++)
        for (int t = 0; t < 3; t++)
            r.keep[b][t] = c.keep[b][(t + 1) % 3];
    fg_vit_spectrum t;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&r, 10, &t), 0);
    CU_ASSERT_EQUAL(t.dfree, s.dfree);
    for (int i = 0; i < 10; i++) {
        CU_ASSERT_DOUBLE_EQUAL(t.a[i], s.a[i], 1e-9 * s.a[i]);
        CU_ASSERT_DOUBLE_EQUAL(t.c[i], s.c[i], 1e-9 * s.c[i]);
    }
    /* A period of 2 with every output kept is the unpunctured code. */
    fg_vit_code u = fg_vit_code_default();
    u.period = 2;
    u.keep[0][1] = u.keep[1][1] = 1;
    fg_vit_spectrum v, w;
    const fg_vit_code d = fg_vit_code_default();
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&u, 12, &v), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&d, 12, &w), 0);
    CU_ASSERT_EQUAL(v.dfree, 10);
    CU_ASSERT_EQUAL(memcmp(v.a, w.a, sizeof v.a), 0);
    CU_ASSERT_EQUAL(memcmp(v.c, w.c, sizeof v.c), 0);
}

static double q(double x) { return 0.5 * erfc(x / sqrt(2.0)); }

static void test_union_bound(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_spectrum s;
    fg_vit_spectrum s9;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 9, &s9), 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 20, &s), 0);
    /* 3 dB: the textbook 5.1e-4 is the sum over d = 10 .. 18 (9 terms); at 3 dB the bound is far from
     * converged (20 terms 7.5e-4, 64 terms 8.9e-4), at 5 dB it is (4.4e-7 from 9 terms on). */
    const double b3 = fg_vit_union_bound(&c, &s9, 3.0), b5 = fg_vit_union_bound(&c, &s, 5.0);
    CU_ASSERT_DOUBLE_EQUAL(b3, 5.1e-4, 0.1 * 5.1e-4);
    CU_ASSERT_DOUBLE_EQUAL(b5, 4.4e-7, 0.1 * 4.4e-7);
    CU_ASSERT_DOUBLE_EQUAL(fg_vit_union_bound(&c, &s, 3.0), 7.5e-4, 0.1 * 7.5e-4);
    /* The formula term by term at 4 dB, R = 1/2: sum c_d Q(sqrt(d Eb/N0)). */
    double ref = 0;
    for (int i = 0; i < 20; i++)
        ref += s.c[i] * q(sqrt((10 + i) * pow(10.0, 0.4)));
    CU_ASSERT_DOUBLE_EQUAL(fg_vit_union_bound(&c, &s, 4.0), ref, 1e-12 * ref);
    /* Decreasing in Eb/N0. */
    for (double e = 2.0; e < 8.0; e += 0.5)
        CU_ASSERT(fg_vit_union_bound(&c, &s, e + 0.5) < fg_vit_union_bound(&c, &s, e));
    /* The rate-3/4 code, R = 3/4 from its masks: dfree 5 with R 3/4 is worse than dfree 10 with R 1/2 (the
     * bound by the first term alone already exceeds the rate-1/2 one). */
    const fg_vit_code p = dvbs34();
    fg_vit_spectrum t;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&p, 20, &t), 0);
    const double p5 = fg_vit_union_bound(&p, &t, 5.0);
    CU_ASSERT(p5 >= t.c[0] * q(sqrt(2 * 5 * 0.75 * pow(10.0, 0.5))) * (1 - 1e-12));
    CU_ASSERT(p5 > b5);
    /* A spectrum that was never computed. */
    fg_vit_spectrum z;
    memset(&z, 0, sizeof z);
    CU_ASSERT(isnan(fg_vit_union_bound(&c, &z, 3.0)));
    CU_ASSERT(isnan(fg_vit_union_bound(&c, &s, NAN)));
}

/* Longer and wider codes against the enumeration: K = 15 (46321,51271) to dfree + 2, and a rate-1/4 K = 7 code
 * (171,133,165,117) punctured with period 2 (the second output sent every other stage). */
static void test_long_wide(void)
{
    const fg_vit_code c = code2(15, 046321, 051271);
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&c, 3, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 15);
    check_against_brute(&c, 3, 17);
    fg_vit_code r = fg_vit_code_default();
    r.n = 4;
    r.gen[2] = 0165;
    r.gen[3] = 0117;
    r.period = 2;
    for (int b = 0; b < 4; b++)
        r.keep[b][0] = r.keep[b][1] = 1;
    r.keep[1][1] = 0;
    CU_ASSERT_EQUAL_FATAL(fg_vit_spectrum_of(&r, 8, &s), 0);
    CU_ASSERT_EQUAL(s.dfree, 17);
    check_against_brute(&r, 8, 24);
}

static void test_errors(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_spectrum s;
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&c, 0, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "terms=0"));
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "[1, 64]"));
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&c, 65, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "terms=65"));
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&c, 64, &s), 0);
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(NULL, 5, &s), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&c, 5, NULL), FG_EINVAL);
    fg_vit_code k = c;
    k.K = 2;
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&k, 5, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=2"));
    /* Catastrophic mother code: 1 + D^2 = (1 + D)^2 and 1 + D share 1 + D. */
    const fg_vit_code m = code2(3, 05, 06);
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&m, 5, &s), FG_EINVAL);
    /* Catastrophic punctured code: (7,5) sending only the 7 output. Inputs 1 1 0 1 1 0 ... cycle through the
     * states 10, 11, 01 (newest input first) with parity 0 every stage: infinitely many events of weight 2. */
    fg_vit_code p = code2(3, 07, 05);
    p.keep[1][0] = 0;
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&p, 5, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "catastrophic punctured"));
    /* A real one: K = 15 (46321,51271) with the DVB-S 3/4 pattern. The input 1 0 0 repeated keeps the state at
     * 04444/02222/01111 (octal) and every sent output 0. */
    fg_vit_code q = dvbs34();
    q.K = 15;
    q.gen[0] = 046321;
    q.gen[1] = 051271;
    CU_ASSERT_EQUAL(fg_vit_code_check(&q), 0);
    CU_ASSERT_EQUAL(fg_vit_spectrum_of(&q, 5, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "catastrophic punctured"));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"K=7 (171,133): standard table, enumeration", test_k7},
        {"K=7 generator order (133,171)", test_k7_order},
        {"K=3 (7,5): generating function, enumeration", test_k3},
        {"K=9 (561,753): standard table, enumeration", test_k9},
        {"DVB-S 3/4 punctured: dfree 5, enumeration, rotation", test_punctured},
        {"union bound values", test_union_bound},
        {"K=15 and a punctured rate-1/4 code: enumeration", test_long_wide},
        {"parameter errors, catastrophic codes", test_errors},
        {NULL, NULL},
    };
    fg_add_suite("viterbi_spectrum", cases);
}
