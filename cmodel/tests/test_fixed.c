/* Every function of fixed.h, exhaustively for widths 2..8 (all operand pairs of the w-bit two's
 * complement range, including -2^(w-1)), against plain int64 reference arithmetic below; plus
 * extreme values for the width-independent functions. */
#include "fg_cunit.h"
#include "fecforge/fixed.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { W_MIN = 2, W_MAX = 8 };

/* ---- reference arithmetic, written independently of fixed.h ---- */
static int64_t ref_max(int w) { return ((int64_t)1 << (w - 1)) - 1; }
static int64_t ref_sat(int64_t x, int w)
{
    const int64_t m = ref_max(w);
    if (x > m)
        return m;
    if (x < -m)
        return -m;
    return x;
}
/* floor(x / d), d > 0 */
static int64_t ref_floordiv(int64_t x, int64_t d)
{
    int64_t q = x / d;
    if (x % d != 0 && x < 0)
        q--;
    return q;
}
static int64_t lo_of(int w) { return -((int64_t)1 << (w - 1)); }  /* two's complement minimum */
static int64_t hi_of(int w) { return ((int64_t)1 << (w - 1)) - 1; }

/* Report the first few mismatches of a check, count all. */
static long report(long bad, const char *what, int w, int64_t a, int64_t b, int64_t got, int64_t want)
{
    if (bad < 5)
        fprintf(stderr, "%s w=%d a=%lld b=%lld: got %lld want %lld\n", what, w, (long long)a, (long long)b,
                (long long)got, (long long)want);
    return bad + 1;
}

static void test_max(void)
{
    for (int w = 2; w <= 31; w++)
        CU_ASSERT_EQUAL(fg_fx_max(w), ref_max(w));
}

static void test_sat(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++) {
        for (int64_t x = -4 * ((int64_t)1 << w); x <= 4 * ((int64_t)1 << w); x++)
            if (fg_fx_sat(x, w) != ref_sat(x, w))
                bad = report(bad, "sat", w, x, 0, fg_fx_sat(x, w), ref_sat(x, w));
        const int64_t ext[] = {INT64_MIN, INT64_MIN + 1, INT32_MIN, INT32_MAX, INT64_MAX};
        for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
            if (fg_fx_sat(ext[i], w) != ref_sat(ext[i], w))
                bad = report(bad, "sat", w, ext[i], 0, fg_fx_sat(ext[i], w), ref_sat(ext[i], w));
    }
    /* wide widths at the saturation boundary */
    for (int w = 9; w <= 31; w++)
        for (int64_t d = -2; d <= 2; d++) {
            const int64_t xs[2] = {ref_max(w) + d, -ref_max(w) + d};
            for (int k = 0; k < 2; k++)
                if (fg_fx_sat(xs[k], w) != ref_sat(xs[k], w))
                    bad = report(bad, "sat", w, xs[k], 0, fg_fx_sat(xs[k], w), ref_sat(xs[k], w));
        }
    CU_ASSERT_EQUAL(bad, 0);
}

/* fg_fx_sat32 is fg_fx_sat for int32 arguments: exhaustive near the bounds, the int32 extremes. */
static void test_sat32(void)
{
    long bad = 0;
    for (int w = 2; w <= 31; w++) {
        const int64_t m = ref_max(w);
        const int64_t xs[] = {INT32_MIN, INT32_MIN + 1, -m - 3, -m - 1, -m, -m + 1, -1, 0, 1, m - 1, m, m + 1, m + 3,
                              INT32_MAX - 1, INT32_MAX};
        for (size_t k = 0; k < sizeof xs / sizeof xs[0]; k++)
            if (xs[k] >= INT32_MIN && xs[k] <= INT32_MAX && fg_fx_sat32((int32_t)xs[k], w) != ref_sat(xs[k], w))
                bad = report(bad, "sat32", w, xs[k], 0, fg_fx_sat32((int32_t)xs[k], w), ref_sat(xs[k], w));
        if (w <= W_MAX)
            for (int64_t x = -4 * ((int64_t)1 << w); x <= 4 * ((int64_t)1 << w); x++)
                if (fg_fx_sat32((int32_t)x, w) != ref_sat(x, w))
                    bad = report(bad, "sat32", w, x, 0, fg_fx_sat32((int32_t)x, w), ref_sat(x, w));
    }
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_add_sub(void)
{
    long bad = 0, pairs = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t a = lo_of(w); a <= hi_of(w); a++)
            for (int64_t b = lo_of(w); b <= hi_of(w); b++) {
                const int32_t s = fg_fx_add((int32_t)a, (int32_t)b, w);
                const int32_t d = fg_fx_sub((int32_t)a, (int32_t)b, w);
                if (s != ref_sat(a + b, w))
                    bad = report(bad, "add", w, a, b, s, ref_sat(a + b, w));
                if (d != ref_sat(a - b, w))
                    bad = report(bad, "sub", w, a, b, d, ref_sat(a - b, w));
                pairs++;
            }
    printf("\n  add/sub: %ld operand pairs, %ld mismatches\n", pairs, bad);
    CU_ASSERT_EQUAL(bad, 0);
    /* extremes of the int32 carrier do not overflow */
    CU_ASSERT_EQUAL(fg_fx_add(INT32_MAX, INT32_MAX, 31), (1 << 30) - 1);
    CU_ASSERT_EQUAL(fg_fx_sub(INT32_MIN, INT32_MAX, 31), -((1 << 30) - 1));
}

static void test_asr(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t x = lo_of(w); x <= hi_of(w); x++)
            for (int s = 0; s <= w; s++)
                if (fg_fx_asr((int32_t)x, s) != ref_floordiv(x, (int64_t)1 << s))
                    bad = report(bad, "asr", w, x, s, fg_fx_asr((int32_t)x, s), ref_floordiv(x, (int64_t)1 << s));
    /* the ends of the int32 carrier, every shift 0..31 */
    const int32_t ext[] = {INT32_MIN, INT32_MIN + 1, -(1 << 30), -3, -1, 0, 1, (1 << 30) - 1, INT32_MAX};
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
        for (int s = 0; s <= 31; s++)
            if (fg_fx_asr(ext[i], s) != ref_floordiv(ext[i], (int64_t)1 << s))
                bad = report(bad, "asr", 32, ext[i], s, fg_fx_asr(ext[i], s), ref_floordiv(ext[i], (int64_t)1 << s));
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_scale075(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t x = lo_of(w); x <= hi_of(w); x++) {
            const int32_t got = fg_fx_scale075((int32_t)x);
            const int64_t want = ref_floordiv(3 * x, 4);
            if (got != want)
                bad = report(bad, "scale075", w, x, 0, got, want);
            if (llabs(got) > llabs(x)) /* the documented reason no saturation is needed */
                bad = report(bad, "scale075 |y|<=|x|", w, x, 0, got, x);
        }
    /* beyond the widths above, up to the int32 carrier: 3*x needs the 64-bit intermediate */
    const int32_t big[] = {(1 << 29) - 1, -((1 << 29) - 1), 715827882, -715827882, 715827883,
                           (1 << 30) - 1, -((1 << 30) - 1), INT32_MAX, INT32_MIN + 1, INT32_MIN};
    for (size_t i = 0; i < sizeof big / sizeof big[0]; i++)
        if (fg_fx_scale075(big[i]) != ref_floordiv(3 * (int64_t)big[i], 4))
            bad = report(bad, "scale075", 32, big[i], 0, fg_fx_scale075(big[i]), ref_floordiv(3 * (int64_t)big[i], 4));
    /* the 32-bit form over its domain |x| <= 2^29: exhaustive near 0 and the ends */
    const int32_t lim = 1 << 29;
    for (int32_t x = -70000; x <= 70000; x++)
        if (fg_fx_scale075_32(x) != fg_fx_scale075(x))
            bad = report(bad, "scale075_32", 32, x, 0, fg_fx_scale075_32(x), fg_fx_scale075(x));
    for (int32_t d = 0; d <= 70000; d++)
        if (fg_fx_scale075_32(lim - d) != fg_fx_scale075(lim - d) || fg_fx_scale075_32(d - lim) != fg_fx_scale075(d - lim))
            bad = report(bad, "scale075_32", 32, lim - d, 0, fg_fx_scale075_32(lim - d), fg_fx_scale075(lim - d));
    CU_ASSERT_EQUAL(bad, 0);
}

/* fg_fx_scale (floor) and fg_fx_scale_rnd (nearest, halves up) for every num/2^shift with
 * shift <= 4 over every w-bit x; the rounded one on magnitudes x >= 0 stays in [0, x]. */
static void test_scale_generic(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int sh = 0; sh <= 4; sh++)
            for (int32_t num = 1; num <= (1 << sh); num++)
                for (int64_t x = lo_of(w); x <= hi_of(w); x++) {
                    const int64_t fl = ref_floordiv(num * x, (int64_t)1 << sh);
                    const int64_t rn = ref_floordiv(2 * num * x + ((int64_t)1 << sh), (int64_t)2 << sh);
                    const int32_t gf = fg_fx_scale((int32_t)x, num, sh), gr = fg_fx_scale_rnd((int32_t)x, num, sh);
                    if (gf != fl)
                        bad = report(bad, "scale", w, x, num * 100 + sh, gf, fl);
                    if (gr != rn)
                        bad = report(bad, "scale_rnd", w, x, num * 100 + sh, gr, rn);
                    if (x >= 0 && (gr < 0 || gr > x))
                        bad = report(bad, "scale_rnd in [0, x]", w, x, num * 100 + sh, gr, x);
                }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_scale(3, 3, 2), 2);
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(1, 3, 2), 1); /* 0.75 -> 1 */
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(2, 3, 2), 2); /* 1.5 -> 2 (half up) */
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(3, 3, 2), 2); /* 2.25 -> 2 */
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(31, 3, 2), 23);
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(63, 3, 2), 47);
    CU_ASSERT_EQUAL(fg_fx_scale_rnd(5, 1, 0), 5);
}

/* fg_fx_rshift_rnd: every w-bit value of the symmetric range, s = 0..w: round(x / 2^s), halves away
 * from zero, computed with exact doubles; plus extremes. */
static void test_rshift_rnd(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int s = 0; s <= w; s++)
            for (int64_t x = -ref_max(w); x <= ref_max(w); x++) {
                const double q = ldexp((double)x, -s);
                const int64_t want = (int64_t)(q < 0 ? -floor(-q + 0.5) : floor(q + 0.5));
                const int32_t got = fg_fx_rshift_rnd((int32_t)x, s);
                if (got != want)
                    bad = report(bad, "rshift_rnd", w, x, s, got, want);
                if (fg_fx_rshift_rnd((int32_t)-x, s) != -got)
                    bad = report(bad, "rshift_rnd symmetric", w, x, s, fg_fx_rshift_rnd((int32_t)-x, s), -got);
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(3, 1), 2);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(-3, 1), -2);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(2, 1), 1);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(31, 1), 16);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(INT32_MAX, 1), 1073741824);
    CU_ASSERT_EQUAL(fg_fx_rshift_rnd(-INT32_MAX, 30), -2);
}

/* fg_fx_rold_keep: every (l, r) pair of w bits against its definition. */
static void test_rold_keep(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t l = lo_of(w); l <= hi_of(w); l++)
            for (int64_t r = lo_of(w); r <= hi_of(w); r++) {
                const int keep = (l == ref_max(w) && r > 0) || (l == -ref_max(w) && r < 0);
                const int64_t want = keep ? 0 : r;
                const int32_t got = fg_fx_rold_keep((int32_t)l, (int32_t)r, w);
                if (got != want)
                    bad = report(bad, "rold_keep", w, l, r, got, want);
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_rold_keep(63, 20, 7), 0);
    CU_ASSERT_EQUAL(fg_fx_rold_keep(63, -20, 7), -20);
    CU_ASSERT_EQUAL(fg_fx_rold_keep(-63, -20, 7), 0);
    CU_ASSERT_EQUAL(fg_fx_rold_keep(62, 20, 7), 20);
}

static void test_min_max_argmax(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t a = lo_of(w); a <= hi_of(w); a++)
            for (int64_t b = lo_of(w); b <= hi_of(w); b++) {
                const int64_t mn = a < b ? a : b, mx = a > b ? a : b;
                const int am = b > a ? 1 : 0; /* tie -> 0, the lower index */
                if (fg_fx_min((int32_t)a, (int32_t)b) != mn)
                    bad = report(bad, "min", w, a, b, fg_fx_min((int32_t)a, (int32_t)b), mn);
                if (fg_fx_max2((int32_t)a, (int32_t)b) != mx)
                    bad = report(bad, "max2", w, a, b, fg_fx_max2((int32_t)a, (int32_t)b), mx);
                if (fg_fx_argmax2((int32_t)a, (int32_t)b) != am)
                    bad = report(bad, "argmax2", w, a, b, fg_fx_argmax2((int32_t)a, (int32_t)b), am);
                /* the selected operand is the maximum */
                if ((am ? b : a) != mx)
                    bad = report(bad, "argmax2 selects max", w, a, b, am ? b : a, mx);
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_argmax2(5, 5), 0);
    CU_ASSERT_EQUAL(fg_fx_argmax2(-7, -7), 0);
}

static void test_sign_magnitude(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int64_t x = lo_of(w); x <= hi_of(w); x++) {
            const int32_t xi = (int32_t)x;
            const int sg = fg_fx_sign(xi);
            const int32_t mag = fg_fx_abs(xi);
            if (sg != (x < 0))
                bad = report(bad, "sign", w, x, 0, sg, x < 0);
            if (mag != llabs(x))
                bad = report(bad, "abs", w, x, 0, mag, llabs(x));
            if (fg_fx_from_sm(sg, mag) != xi)
                bad = report(bad, "from_sm(sign, abs)", w, x, 0, fg_fx_from_sm(sg, mag), x);
            /* in the symmetric range the magnitude fits w-1 bits */
            if (x >= -ref_max(w) && mag > ref_max(w))
                bad = report(bad, "abs range", w, x, 0, mag, ref_max(w));
            if (fg_fx_hard(xi) != (x < 0))
                bad = report(bad, "hard", w, x, 0, fg_fx_hard(xi), x < 0);
        }
    /* sign-magnitude -> value -> sign-magnitude, every (sign, magnitude) of w bits but -0 */
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int sg = 0; sg <= 1; sg++)
            for (int32_t m = sg; m <= (int32_t)ref_max(w); m++) {
                const int32_t v = fg_fx_from_sm(sg, m);
                if (fg_fx_sign(v) != sg || fg_fx_abs(v) != m)
                    bad = report(bad, "sm round trip", w, sg, m, v, 0);
            }
    /* -0 (sign 1, magnitude 0) reads back as +0 */
    CU_ASSERT_EQUAL(fg_fx_from_sm(1, 0), 0);
    CU_ASSERT_EQUAL(fg_fx_hard(0), 0);
    CU_ASSERT_EQUAL(bad, 0);
}

/* fg_fx_quantize on a fine grid for widths 2..8: reference = sign * floor(|x| * 2^f + 1/2). */
static void test_quantize(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++)
        for (int f = 0; f < w; f++)
            for (int64_t k = -64 * ((int64_t)1 << w); k <= 64 * ((int64_t)1 << w); k++) {
                const double x = (double)k / 64.0 / (double)((int64_t)1 << f); /* exact */
                const double ax = fabs(x) * (double)((int64_t)1 << f);
                const int64_t r = (int64_t)floor(ax + 0.5) * (x < 0 ? -1 : 1);
                const int32_t got = fg_fx_quantize(x, w, f);
                if (got != ref_sat(r, w))
                    bad = report(bad, "quantize", w, k, f, got, ref_sat(r, w));
            }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_quantize(NAN, 6, 2), 0);
    CU_ASSERT_EQUAL(fg_fx_quantize(INFINITY, 6, 2), 31);
    CU_ASSERT_EQUAL(fg_fx_quantize(-INFINITY, 6, 2), -31);
    CU_ASSERT_EQUAL(fg_fx_quantize(-2.5, 8, 0), -3); /* half away from zero, not to even */
    CU_ASSERT_EQUAL(fg_fx_quantize(2.5, 8, 0), 3);
}

/* Modulo primitives: wrap is x mod 2^w in [-2^(w-1), 2^(w-1)); mod_add/mod_sub wrap the exact sum;
 * mod_argmax2/mod_max2 pick b iff wrap(b - a) > 0, which for |b - a| < 2^(w-1) is b > a. */
static int64_t ref_wrap(int64_t x, int w)
{
    const int64_t m = (int64_t)1 << w;
    int64_t r = x % m;
    if (r < 0)
        r += m;
    return r >= m / 2 ? r - m : r;
}

static void test_modulo(void)
{
    long bad = 0;
    for (int w = W_MIN; w <= W_MAX; w++) {
        for (int64_t x = -5 * ((int64_t)1 << w); x <= 5 * ((int64_t)1 << w); x++)
            if (fg_fx_wrap(x, w) != ref_wrap(x, w))
                bad = report(bad, "wrap", w, x, 0, fg_fx_wrap(x, w), ref_wrap(x, w));
        for (int64_t a = lo_of(w); a <= hi_of(w); a++)
            for (int64_t b = lo_of(w); b <= hi_of(w); b++) {
                const int32_t A = (int32_t)a, B = (int32_t)b;
                if (fg_fx_mod_add(A, B, w) != ref_wrap(a + b, w))
                    bad = report(bad, "mod_add", w, a, b, fg_fx_mod_add(A, B, w), ref_wrap(a + b, w));
                if (fg_fx_mod_sub(A, B, w) != ref_wrap(a - b, w))
                    bad = report(bad, "mod_sub", w, a, b, fg_fx_mod_sub(A, B, w), ref_wrap(a - b, w));
                const int want = ref_wrap(b - a, w) > 0;
                if (fg_fx_mod_argmax2(A, B, w) != want)
                    bad = report(bad, "mod_argmax2", w, a, b, fg_fx_mod_argmax2(A, B, w), want);
                if (fg_fx_mod_max2(A, B, w) != (want ? B : A))
                    bad = report(bad, "mod_max2", w, a, b, fg_fx_mod_max2(A, B, w), want ? b : a);
                /* Within half the ring the modulo compare is the true compare of any representatives. */
                for (int64_t off = -3; off <= 3; off++) {
                    const int64_t ta = a + off * ((int64_t)1 << w) + 1000003, tb = ta + (b - a);
                    if (llabs(b - a) < ((int64_t)1 << (w - 1)) &&
                        fg_fx_mod_argmax2(fg_fx_wrap(ta, w), fg_fx_wrap(tb, w), w) != (tb > ta))
                        bad = report(bad, "mod compare of representatives", w, ta, tb, 0, tb > ta);
                }
            }
    }
    CU_ASSERT_EQUAL(bad, 0);
    const int64_t ext[] = {INT64_MIN, INT64_MIN + 1, INT32_MIN, INT32_MAX, INT64_MAX};
    for (int w = 2; w <= 31; w++)
        for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++)
            CU_ASSERT_EQUAL(fg_fx_wrap(ext[i], w), ref_wrap(ext[i], w));
    /* the 32-bit form: every w, exhaustive near 0 and the w-bit edges, the int32 extremes */
    for (int w = 2; w <= 31; w++) {
        const int64_t e[] = {0, (int64_t)1 << (w - 1), -((int64_t)1 << (w - 1)), (int64_t)1 << w, -((int64_t)1 << w),
                             INT32_MAX, INT32_MIN};
        for (size_t i = 0; i < sizeof e / sizeof e[0]; i++)
            for (int64_t d = -300; d <= 300; d++) {
                const int64_t x = e[i] + d;
                if (x >= INT32_MIN && x <= INT32_MAX && fg_fx_wrap32((int32_t)x, w) != fg_fx_wrap(x, w))
                    bad = report(bad, "wrap32", w, x, 0, fg_fx_wrap32((int32_t)x, w), fg_fx_wrap(x, w));
            }
    }
    CU_ASSERT_EQUAL(fg_fx_wrap(512, 10), -512);
    CU_ASSERT_EQUAL(fg_fx_wrap(511, 10), 511);
    CU_ASSERT_EQUAL(fg_fx_mod_add(500, 20, 10), -504);
    CU_ASSERT_EQUAL(fg_fx_mod_argmax2(500, -504, 10), 1); /* -504 is 500 + 20 */
    CU_ASSERT_EQUAL(fg_fx_mod_argmax2(7, 7, 10), 0);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"fg_fx_max", test_max},
        {"fg_fx_sat", test_sat},
        {"fg_fx_sat32", test_sat32},
        {"fg_fx_add/sub all pairs w=2..8", test_add_sub},
        {"fg_fx_asr = floor division", test_asr},
        {"fg_fx_scale075 = floor(3x/4)", test_scale075},
        {"fg_fx_scale/scale_rnd all num/2^shift, shift <= 4", test_scale_generic},
        {"fg_fx_rold_keep all pairs w=2..8", test_rold_keep},
        {"fg_fx_rshift_rnd = round half away, w=2..8", test_rshift_rnd},
        {"fg_fx_min/max2/argmax2 (tie -> 0)", test_min_max_argmax},
        {"sign/abs/from_sm/hard", test_sign_magnitude},
        {"fg_fx_quantize", test_quantize},
        {"fg_fx_wrap/mod_add/mod_sub/mod_argmax2/mod_max2 all pairs w=2..8", test_modulo},
        {NULL, NULL},
    };
    fg_add_suite("fixed", cases);
}
