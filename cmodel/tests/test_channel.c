/* BPSK/AWGN channel, LLRs and quantisation: exact mapping and values, noise = the Philox
 * stream, independence of work splitting, uncoded BER inside a binomial band around
 * Q(sqrt(2 Eb/N0)), quantisation incl. every half-way case, and parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/rng.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void test_sigma(void)
{
    double s;
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(0.0, 1.0, &s), 0);
    CU_ASSERT_DOUBLE_EQUAL(s, sqrt(0.5), 1e-15);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(10.0, 0.5, &s), 0); /* 1/(2*0.5*10) = 0.1 */
    CU_ASSERT_DOUBLE_EQUAL(s, sqrt(0.1), 1e-15);
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(-3.0, 1.0 / 3, &s), 0);
    CU_ASSERT_DOUBLE_EQUAL(s, sqrt(1.0 / (2.0 / 3 * pow(10.0, -0.3))), 1e-15);
}

static void test_bpsk_map(void)
{
    const uint8_t bits[4] = {0, 1, 1, 0};
    double x[4], y[4];
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk(bits, 4, x), 0);
    CU_ASSERT(x[0] == 1.0 && x[1] == -1.0 && x[2] == -1.0 && x[3] == 1.0);
    /* sigma = 0: the channel is the mapping */
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits, 4, 0.0, 1, 2, y), 0);
    CU_ASSERT_EQUAL(memcmp(x, y, sizeof x), 0);
    /* LLR = 2y/sigma^2, positive means 0 */
    double llr[4];
    CU_ASSERT_EQUAL_FATAL(fg_channel_llr(x, 4, 0.5, llr), 0);
    CU_ASSERT(llr[0] == 8.0 && llr[1] == -8.0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_llr(x, 4, 2.0, x), 0); /* in place */
    CU_ASSERT(x[0] == 0.5 && x[2] == -0.5);
}

/* y[i] = x[i] + sigma * (Gaussian i of stream `frame`) exactly, from the sequential reader. */
static void test_noise_is_the_stream(void)
{
    enum { N = 1001 };
    uint8_t bits[N];
    double y[N];
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(N, 5, 17, bits), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits, N, 0.8, 5, 17, y), 0);
    fg_rng r;
    fg_rng_init_at(&r, 5, 17, FG_RNG_SUB_NOISE);
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += y[i] != (bits[i] ? -1.0 : 1.0) + 0.8 * fg_rng_normal(&r);
    CU_ASSERT_EQUAL(bad, 0);
}

/* Frames computed in any order, or with a shorter length, give the same samples. */
static void test_split_independence(void)
{
    enum { F = 8, N = 300 };
    static uint8_t bits[F][N];
    static double fwd[F][N], rev[F][N], shortf[F][N / 3];
    for (int f = 0; f < F; f++)
        CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(N, 11, (uint64_t)f, bits[f]), 0);
    for (int f = 0; f < F; f++)
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits[f], N, 1.0, 11, (uint64_t)f, fwd[f]), 0);
    for (int f = F - 1; f >= 0; f--) {
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits[f], N, 1.0, 11, (uint64_t)f, rev[f]), 0);
        CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits[f], N / 3, 1.0, 11, (uint64_t)f, shortf[f]), 0);
    }
    CU_ASSERT_EQUAL(memcmp(fwd, rev, sizeof fwd), 0);
    for (int f = 0; f < F; f++)
        CU_ASSERT_EQUAL(memcmp(fwd[f], shortf[f], sizeof shortf[f]), 0);
    /* and different frames (and seeds) get different noise */
    CU_ASSERT(fwd[0][0] != fwd[1][0] || fwd[0][1] != fwd[1][1]);
    double other[N];
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits[0], N, 1.0, 12, 0, other), 0);
    CU_ASSERT(memcmp(other, fwd[0], sizeof other) != 0);
    /* bits: a prefix too, and different frames differ */
    uint8_t b2[N / 3];
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(N / 3, 11, 3, b2), 0);
    CU_ASSERT_EQUAL(memcmp(b2, bits[3], sizeof b2), 0);
    CU_ASSERT(memcmp(bits[3], bits[4], N) != 0);
}

static void test_random_bits_balance(void)
{
    enum { N = 1000000 };
    uint8_t *b = malloc(N);
    CU_ASSERT_PTR_NOT_NULL_FATAL(b);
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(N, 1, 0, b), 0);
    long ones = 0, bad = 0;
    for (int i = 0; i < N; i++) {
        ones += b[i];
        bad += b[i] > 1;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(fabs(ones - N / 2.0) < 6 * sqrt(N / 4.0));
    free(b);
}

/* Uncoded BPSK, hard decision y < 0 -> 1: error rate Q(sqrt(2 Eb/N0)) within 6 binomial sigmas. */
static void test_uncoded_ber(void)
{
    enum { N = 1000, FRAMES = 1000 };
    static const double ebn0_db[] = {0.0, 2.0, 4.0, 6.0, 8.0};
    uint8_t bits[N];
    double y[N];
    for (size_t k = 0; k < sizeof ebn0_db / sizeof ebn0_db[0]; k++) {
        double sigma;
        CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0_db[k], 1.0, &sigma), 0);
        long errors = 0;
        for (int f = 0; f < FRAMES; f++) {
            CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(N, 2024, (uint64_t)f, bits), 0);
            CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(bits, N, sigma, 2024, (uint64_t)f, y), 0);
            for (int i = 0; i < N; i++)
                errors += (y[i] < 0.0) != bits[i];
        }
        const double n = (double)N * FRAMES;
        const double p = 0.5 * erfc(sqrt(pow(10.0, ebn0_db[k] / 10.0))); /* Q(sqrt(2 Eb/N0)) */
        const double band = 6 * sqrt(n * p * (1 - p));
        printf("%s  Eb/N0 %.0f dB: BER %.4e, Q(sqrt(2Eb/N0)) %.4e, errors %ld, expected %.1f +- %.1f\n",
               k ? "" : "\n", ebn0_db[k], errors / n, p, errors, n * p, band);
        CU_ASSERT(fabs(errors - n * p) <= band);
    }
}

/* Reference quantiser on half-steps: llr = h / 2 / 2^f for an integer h (exactly representable),
 * round half away from zero done in integers, then symmetric saturation. */
static int32_t ref_quant_halfsteps(long h, int w)
{
    long r = h % 2 == 0 ? h / 2 : (h > 0 ? (h + 1) / 2 : (h - 1) / 2);
    long m = (1L << (w - 1)) - 1;
    return (int32_t)(r > m ? m : (r < -m ? -m : r));
}

static void test_quantize_exhaustive_halfsteps(void)
{
    long bad = 0, checked = 0;
    for (int w = FG_LLR_WIDTH_MIN; w <= FG_LLR_WIDTH_MAX; w++)
        for (int f = 0; f < w; f++) {
            const long m = (1L << (w - 1)) - 1;
            for (long h = -2 * (m + 3); h <= 2 * (m + 3); h++) {
                const double llr = ldexp((double)h / 2, -f);
                int32_t q;
                if (fg_llr_quantize(&llr, 1, w, f, &q) || q != ref_quant_halfsteps(h, w)) {
                    if (bad++ < 5)
                        fprintf(stderr, "w=%d f=%d llr=%.17g: q=%d want %d\n", w, f, llr, q,
                                ref_quant_halfsteps(h, w));
                }
                /* just inside a half-way point rounds toward the nearer integer */
                if (h % 2 && labs(h) < 2 * m) {
                    const double in = nextafter(llr, 0.0);
                    const int32_t want = (int32_t)(h / 2); /* truncation = toward zero */
                    if (fg_fx_quantize(in, w, f) != want)
                        bad++;
                }
                checked++;
            }
        }
    printf("\n  quantiser: %ld half-step values over w=2..16, all f: %ld wrong\n", checked, bad);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_quantize_values(void)
{
    static const struct { double llr; int w, f; int32_t q; } v[] = {
        {0.5, 4, 0, 1},      {-0.5, 4, 0, -1},   {1.5, 4, 0, 2},     {-2.5, 4, 0, -3},
        {0.49999999, 4, 0, 0}, {6.5, 4, 0, 7},   {7.49, 4, 0, 7},    {-7.5, 4, 0, -7},
        {-8.0, 4, 0, -7},    {100.0, 4, 0, 7},   {0.0, 4, 0, 0},     {-0.0, 4, 0, 0},
        {0.125, 6, 2, 1},    {-0.375, 6, 2, -2}, {7.75, 6, 2, 31},   {7.875, 6, 2, 31},
        {-8.0, 6, 2, -31},   {0.25, 2, 1, 1},    {-0.2, 2, 1, 0},    {-0.25, 2, 1, -1},
        {0.99999, 16, 15, 32767}, {-1.0, 16, 15, -32767}, {0.5, 16, 15, 16384},
        {1e300, 8, 3, 127},  {-1e300, 8, 3, -127},
    };
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        int32_t q = 99;
        CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(&v[i].llr, 1, v[i].w, v[i].f, &q), 0);
        if (q != v[i].q) {
            fprintf(stderr, "llr=%g w=%d f=%d: q=%d want %d\n", v[i].llr, v[i].w, v[i].f, q, v[i].q);
            CU_FAIL("quantised value");
        }
    }
    const double inf[2] = {INFINITY, -INFINITY};
    int32_t q[2];
    CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(inf, 2, 5, 1, q), 0);
    CU_ASSERT(q[0] == 15 && q[1] == -15);
}

/* Each bad call returns FG_EINVAL and names the parameter, its value and the range. */
static void expect_einval(int rc, const char *msg_part)
{
    CU_ASSERT_EQUAL(rc, FG_EINVAL);
    if (!strstr(fg_last_error(), msg_part)) {
        fprintf(stderr, "message \"%s\" lacks \"%s\"\n", fg_last_error(), msg_part);
        CU_FAIL("error message");
    }
}

static void test_errors(void)
{
    const double llr[2] = {1.0, NAN};
    int32_t q[2];
    const uint8_t bits[3] = {0, 2, 1};
    double y[3], s;
    expect_einval(fg_llr_quantize(llr, 1, 17, 0, q), "width=17 out of range [2, 16]");
    CU_ASSERT_STRING_EQUAL(fg_last_error(), "width=17 out of range [2, 16]");
    expect_einval(fg_llr_quantize(llr, 1, 1, 0, q), "width=1 out of range [2, 16]");
    expect_einval(fg_llr_quantize(llr, 1, 6, 6, q), "frac=6 out of range [0, 5]");
    expect_einval(fg_llr_quantize(llr, 1, 6, -1, q), "frac=-1 out of range [0, 5]");
    expect_einval(fg_llr_quantize(llr, 2, 6, 2, q), "llr_N[1]=nan");
    expect_einval(fg_llr_quantize(llr, -1, 6, 2, q), "N=-1 out of range");
    expect_einval(fg_llr_quantize(NULL, 2, 6, 2, q), "NULL");
    expect_einval(fg_channel_bpsk(bits, 3, y), "bits_N[1]=2 is not a bit");
    expect_einval(fg_channel_bpsk_awgn(bits, 1, -1.0, 0, 0, y), "sigma=-1 out of range [0, inf)");
    expect_einval(fg_channel_bpsk_awgn(bits, 1, NAN, 0, 0, y), "sigma=nan");
    expect_einval(fg_channel_llr(y, 1, 0.0, y), "sigma=0 out of range (0, inf)");
    expect_einval(fg_channel_sigma(1.0, 0.0, &s), "rate=0 out of range (0, 1]");
    expect_einval(fg_channel_sigma(1.0, 1.5, &s), "rate=1.5 out of range (0, 1]");
    expect_einval(fg_channel_sigma(NAN, 0.5, &s), "ebn0_db=nan out of range");
    /* N = 0 is a valid empty call */
    CU_ASSERT_EQUAL(fg_llr_quantize(NULL, 0, 6, 2, NULL), 0);
}

/* ---- the channel registry ---- */

/* The library's channels are found by name; a program's own is added once; the axis range is checked. */
static void test_registry(void)
{
    CU_ASSERT_PTR_EQUAL(fg_channel_find("bpsk-awgn"), &fg_channel_awgn);
    CU_ASSERT_PTR_EQUAL(fg_channel_find("bsc"), &fg_channel_bsc);
    CU_ASSERT_PTR_EQUAL(fg_channel_find("bsid"), &fg_channel_bsid);
    CU_ASSERT_PTR_NULL(fg_channel_find("nope"));
    const int n = fg_channel_count();
    static fg_channel mine;
    mine = fg_channel_awgn;
    CU_ASSERT_EQUAL(fg_channel_register(&mine), FG_EINVAL); /* the name is taken */
    mine.name = "mine";
    CU_ASSERT_EQUAL(fg_channel_register(&mine), 0);
    CU_ASSERT_EQUAL(fg_channel_register(&mine), 0); /* again: nothing changes */
    CU_ASSERT_EQUAL(fg_channel_count(), n + 1);
    CU_ASSERT_PTR_EQUAL(fg_channel_at(n), &mine);
    fg_channel_point pt;
    CU_ASSERT_EQUAL(fg_channel_point_at(&fg_channel_bsid, NULL, 0.5, 1.0, &pt), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "p=0.5 out of range [0, 0.49]"));
    CU_ASSERT_EQUAL(fg_channel_point_at(&fg_channel_awgn, NULL, 101, 0.5, &pt), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_channel_point_at(&fg_channel_bsc, NULL, 3.0, 0.5, &pt), 0);
    CU_ASSERT_DOUBLE_EQUAL(fg_channel_param(&pt, "p"), 0.5 * erfc(1.0 / (pt.v[0] * sqrt(2.0))), 1e-15);
    CU_ASSERT(isnan(fg_channel_param(&pt, "ps")));
}

/* The BSC's bits are the hard decisions of the AWGN samples of the same stream, their LLRs +-log((1-p)/p). */
static void test_bsc_is_hard_awgn(void)
{
    enum { N = 4000 };
    static uint8_t sent[N], rx[N];
    static double y[N], llr[N];
    for (int i = 0; i < N; i++)
        sent[i] = (uint8_t)(i % 3 == 0);
    fg_channel_point pt;
    CU_ASSERT_EQUAL_FATAL(fg_channel_point_at(&fg_channel_bsc, NULL, 1.0, 0.5, &pt), 0);
    fg_frame fr = {.llr = llr, .rx = rx};
    CU_ASSERT_EQUAL_FATAL(fg_channel_bsc.transmit(&pt, sent, N, N, 5, 9, 0, 0, &fr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(sent, N, pt.v[0], 5, 9, y), 0);
    const double lc = log((1 - pt.v[1]) / pt.v[1]);
    int flips = 0;
    for (int i = 0; i < N; i++) {
        CU_ASSERT_EQUAL(rx[i], y[i] < 0);
        CU_ASSERT_EQUAL(llr[i], rx[i] ? -lc : lc);
        flips += rx[i] != sent[i];
    }
    const double p = pt.v[1];
    CU_ASSERT(fabs(flips - N * p) < 5 * sqrt(N * p * (1 - p)));
    CU_ASSERT_EQUAL(fr.n_rx, N);
}

/* The BSID: at p = 0 (and Ps = 0) it is perfect; otherwise the received length's mean and variance over
 * frames are those of its definition (per sent bit: a geometric number of insertions of mean Pi/(1-Pi),
 * then the bit kept with probability Pt/(1-Pi)), and a frame is a function of (seed, f). */
static void test_bsid(void)
{
    enum { N = 500, F = 400 };
    const fg_channel *ch = &fg_channel_bsid;
    static uint8_t sent[N], rx[3 * N + 64], rx2[3 * N + 64];
    for (int i = 0; i < N; i++)
        sent[i] = (uint8_t)((i * 7) % 5 < 2);
    double cfg_mem[4];
    CU_ASSERT_FATAL(ch->cfg_size <= sizeof cfg_mem);
    ch->cfg_default(cfg_mem);
    fg_channel_point pt;
    CU_ASSERT_EQUAL_FATAL(fg_channel_point_at(ch, cfg_mem, 0.0, 1.0, &pt), 0);
    fg_frame fr = {.rx = rx}, fr2 = {.rx = rx2};
    CU_ASSERT_EQUAL_FATAL(ch->transmit(&pt, sent, N, ch->n_rx_max(cfg_mem, N), 1, 0, 0, 0, &fr), 0);
    CU_ASSERT_EQUAL(fr.n_rx, N);
    CU_ASSERT_EQUAL(memcmp(rx, sent, N), 0); /* p = 0, ps = 0: the channel is perfect */
    CU_ASSERT_EQUAL_FATAL(fg_channel_point_at(ch, cfg_mem, 0.1, 1.0, &pt), 0);
    CU_ASSERT(pt.v[0] == 0.1 && pt.v[1] == 0.1 && pt.v[2] == 0);
    double sum = 0, sum2 = 0;
    int lengths_differ = 0;
    for (int f = 0; f < F; f++) {
        CU_ASSERT_EQUAL_FATAL(ch->transmit(&pt, sent, N, 3 * N + 64, 3, f, 0, 0, &fr), 0);
        CU_ASSERT_EQUAL_FATAL(ch->transmit(&pt, sent, N, 3 * N + 64, 3, f, 0, 0, &fr2), 0);
        CU_ASSERT(fr.n_rx == fr2.n_rx && memcmp(rx, rx2, (size_t)fr.n_rx) == 0);
        lengths_differ |= fr.n_rx != N;
        sum += fr.n_rx;
        sum2 += (double)fr.n_rx * fr.n_rx;
    }
    /* per sent bit: insertions I (P(I = i) = Pi^i (1 - Pi)), then kept with probability Pt/(1 - Pi) */
    const double pi = 0.1, pd = 0.1, ins = pi / (1 - pi), keep = (1 - pi - pd) / (1 - pi);
    const double mean = N * (ins + keep), var_bit = pi / ((1 - pi) * (1 - pi)) + keep * (1 - keep);
    const double got = sum / F, sd = sqrt(N * var_bit / F);
    CU_ASSERT(lengths_differ);
    CU_ASSERT(fabs(got - mean) < 5 * sd);
    CU_ASSERT(fabs((sum2 / F - got * got) / (N * var_bit) - 1) < 0.25);
    /* a fixed --pd and --ps (the options' struct: pi, pd, ps): the axis sets only Pi */
    ch->cfg_default(cfg_mem);
    cfg_mem[1] = 0.05;
    cfg_mem[2] = 0.01;
    CU_ASSERT_EQUAL_FATAL(fg_channel_point_at(ch, cfg_mem, 0.2, 1.0, &pt), 0);
    CU_ASSERT(pt.v[0] == 0.2 && pt.v[1] == 0.05 && pt.v[2] == 0.01);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"sigma from Eb/N0 and rate", test_sigma},
        {"BPSK map, sigma=0, LLR", test_bpsk_map},
        {"noise is Gaussian i of stream f", test_noise_is_the_stream},
        {"independent of frame order and length", test_split_independence},
        {"random bits balanced", test_random_bits_balance},
        {"uncoded BER in binomial band", test_uncoded_ber},
        {"quantiser: every half-step, w=2..16", test_quantize_exhaustive_halfsteps},
        {"quantiser: values, saturation, inf", test_quantize_values},
        {"parameter errors", test_errors},
        {"registry: find, register, axis range, parameters", test_registry},
        {"BSC: hard decisions of the AWGN samples", test_bsc_is_hard_awgn},
        {"BSID: perfect at p 0, received length statistics, reproducible", test_bsid},
        {NULL, NULL},
    };
    fg_add_suite("channel", cases);
}
