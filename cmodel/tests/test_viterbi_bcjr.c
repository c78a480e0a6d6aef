/* The soft-output BCJR decoder (fecforge/viterbi.h "soft output", viterbi_bcjr.c): log-MAP APPs equal the exact
 * posterior LLRs by brute force over every information word, max-log APPs the best path with the bit 0 minus the
 * best with 1 (every ending, tail-biting included, rates 1/2 and 1/3, punctured, with and without a-priori LLRs,
 * any checkpoint spacing giving the same values bit for bit); max-log decisions equal the float maximum-likelihood
 * Viterbi decoder's on noisy frames, K 3 to 9; the log-MAP APPs are calibrated (their predicted bit errors match
 * the counted ones); the family's `bcjr` implementation equals the API; bad parameters name themselves. */
#include "fg_cunit.h"
#include "viterbi_tests.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/viterbi.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One frame through a decoder made for it. */
static void bcjr_once(const fg_vit_code *c, int k, const fg_vit_bcjr_cfg *g, const double *llr, const double *apr,
                      double *app, uint8_t *bits)
{
    fg_vit_bcjr *d = NULL;
    int rc = fg_vit_bcjr_create(c, k, g, &d);
    if (rc)
        fprintf(stderr, "\n%s\n", fg_last_error());
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_EQUAL_FATAL(fg_vit_bcjr_run(d, llr, apr, app, bits), 0);
    fg_vit_bcjr_destroy(d);
}

static double lse(double a, double b) /* log(e^a + e^b), written apart from the decoder's max* */
{
    if (a == -INFINITY)
        return b;
    if (b == -INFINITY)
        return a;
    return a > b ? a + log(1.0 + exp(b - a)) : b + log(1.0 + exp(a - b));
}

/* ---- against brute force ---- */

static void test_brute_force(void)
{
    static const struct { int K; const char *gen, *punct; } codes[] = {
        {3, "7,5", "none"},      {3, "7,6", "none"},       {4, "15,17", "11,10"},  {5, "23,35", "none"},
        {5, "23,35", "110,101"}, {4, "13,15,16", "none"},  {4, "13,15,17", "11,10,01"},
    };
    int frames = 0, bad_log = 0, bad_max = 0, bad_ckpt = 0, bad_bits = 0;
    for (size_t ci = 0; ci < sizeof codes / sizeof *codes; ci++) {
        const fg_vit_code c = make_code(codes[ci].K, codes[ci].gen, codes[ci].punct);
        for (int ei = 0; ei < 3; ei++) {
            const fg_vit_ending e = endings[ei];
            for (int k = (e == FG_VIT_TAILBITING ? c.K - 1 : 1); k <= 10; k += 3) {
                const int N = fg_vit_sent_len(&c, e, k);
                uint8_t bits[10], msg[10], hard[10], *cw = malloc((size_t)N);
                double *llr = malloc(sizeof *llr * (size_t)N), apr[10], app[2][10], app2[10];
                CU_ASSERT_FATAL(cw && llr);
                for (uint64_t f = 0; f < 4; f++) {
                    make_frame(&c, e, k, 0.5, 1000 * ci + 10 * (uint64_t)k + f, bits, llr);
                    const int with_apr = f & 1;
                    for (int t = 0; t < k; t++) /* a-priori values spread over [-3, 3] */
                        apr[t] = with_apr ? 6.0 * (double)((f * 7919 + (uint64_t)t * 104729) % 1000) / 999.0 - 3.0 : 0;
                    /* the exact posterior and the max-log value over every information word */
                    double L[2][10][2];
                    for (int t = 0; t < k; t++)
                        L[0][t][0] = L[0][t][1] = L[1][t][0] = L[1][t][1] = -INFINITY;
                    for (uint32_t m = 0; m < (1u << k); m++) {
                        for (int i = 0; i < k; i++)
                            msg[i] = (uint8_t)((m >> i) & 1u);
                        CU_ASSERT_EQUAL_FATAL(fg_vit_encode(&c, e, k, msg, cw), 0);
                        double ll = 0; /* log P(rx | word) P(word) up to a constant: the half correlations */
                        for (int i = 0; i < N; i++)
                            ll += (cw[i] ? -llr[i] : llr[i]) / 2;
                        for (int t = 0; t < k; t++)
                            ll += (msg[t] ? -apr[t] : apr[t]) / 2;
                        for (int t = 0; t < k; t++) {
                            L[0][t][msg[t]] = lse(L[0][t][msg[t]], ll);
                            L[1][t][msg[t]] = ll > L[1][t][msg[t]] ? ll : L[1][t][msg[t]];
                        }
                    }
                    for (int a = 0; a < 2; a++) {
                        fg_vit_bcjr_cfg g = fg_vit_bcjr_cfg_default();
                        g.ending = e;
                        g.alg = a == 0 ? FG_VIT_BCJR_LOG : FG_VIT_BCJR_MAXLOG;
                        bcjr_once(&c, k, &g, llr, with_apr ? apr : NULL, app[a], hard);
                        for (int t = 0; t < k; t++) {
                            const double ref = L[a][t][0] - L[a][t][1];
                            if (!(fabs(app[a][t] - ref) <= 1e-9 * (fabs(ref) > 1 ? fabs(ref) : 1))) {
                                if (bad_log + bad_max < 5)
                                    fprintf(stderr, "\n%s K=%d gen %s punct %s ending %d k=%d frame %d bit %d: %.15g, "
                                                    "brute force %.15g\n", a ? "max-log" : "log-MAP", c.K,
                                            codes[ci].gen, codes[ci].punct, (int)e, k, (int)f, t, app[a][t], ref);
                                *(a ? &bad_max : &bad_log) += 1;
                            }
                            bad_bits += hard[t] != (app[a][t] < 0);
                        }
                        /* segments of 1 and 3 stages recomputed from checkpoints: the same values, bit for bit */
                        for (g.checkpoint = 1; g.checkpoint <= 3; g.checkpoint += 2) {
                            bcjr_once(&c, k, &g, llr, with_apr ? apr : NULL, app2, NULL);
                            bad_ckpt += memcmp(app2, app[a], sizeof *app2 * (size_t)k) != 0;
                        }
                    }
                    frames++;
                }
                free(cw), free(llr);
            }
        }
    }
    CU_ASSERT_EQUAL(bad_log, 0);
    CU_ASSERT_EQUAL(bad_max, 0);
    CU_ASSERT_EQUAL(bad_ckpt, 0);
    CU_ASSERT_EQUAL(bad_bits, 0);
    CU_ASSERT(frames > 200);
}

/* ---- max-log decisions are maximum likelihood ---- */

static void test_maxlog_is_viterbi(void)
{
    static const struct { int K; const char *gen, *punct; int k; } codes[] = {
        {3, "7,5", "none", 120},       {4, "15,17", "none", 120},      {5, "23,35", "110,101", 120},
        {6, "53,75", "none", 120},     {7, "171,133", "dvbs-3/4", 150}, {7, "133,171,165", "none", 100},
        {8, "247,371", "none", 100},   {9, "561,753", "none", 80},
    };
    int frames = 0, differ = 0, errors = 0;
    for (size_t ci = 0; ci < sizeof codes / sizeof *codes; ci++) {
        const fg_vit_code c = make_code(codes[ci].K, codes[ci].gen, codes[ci].punct);
        const int k = codes[ci].k;
        for (int ei = 0; ei < 3; ei++) {
            const fg_vit_ending e = endings[ei];
            const int N = fg_vit_sent_len(&c, e, k), nf = e == FG_VIT_TAILBITING ? 6 : 16;
            uint8_t *bits = malloc((size_t)k), *vit = malloc((size_t)k), *soft = malloc((size_t)k);
            double *llr = malloc(sizeof *llr * (size_t)N);
            CU_ASSERT_FATAL(bits && vit && soft && llr);
            fg_vit_dec_cfg dg = fg_vit_dec_cfg_default();
            dg.ending = e;
            fg_vit_bcjr_cfg bg = fg_vit_bcjr_cfg_default();
            bg.ending = e;
            bg.alg = FG_VIT_BCJR_MAXLOG;
            fg_vit_dec *vd = NULL;
            fg_vit_bcjr *bd = NULL;
            CU_ASSERT_FATAL(fg_vit_dec_create(&c, k, &dg, &vd) == 0 && fg_vit_bcjr_create(&c, k, &bg, &bd) == 0);
            for (int f = 0; f < nf; f++) { /* around 2 dB: frames with and without decoding errors */
                make_frame(&c, e, k, 1.0 + 0.25 * (f % 8), 50000 + 100 * ci + 10 * (uint64_t)ei + (uint64_t)f, bits,
                            llr);
                CU_ASSERT_EQUAL_FATAL(fg_vit_dec_run(vd, llr, vit), 0);
                CU_ASSERT_EQUAL_FATAL(fg_vit_bcjr_run(bd, llr, NULL, NULL, soft), 0);
                differ += memcmp(vit, soft, (size_t)k) != 0;
                errors += memcmp(vit, bits, (size_t)k) != 0;
                frames++;
            }
            fg_vit_dec_destroy(vd);
            fg_vit_bcjr_destroy(bd);
            free(bits), free(vit), free(soft), free(llr);
        }
    }
    CU_ASSERT_EQUAL(differ, 0);
    CU_ASSERT(frames >= 300);
    CU_ASSERT(errors > 10); /* the comparison saw decoding errors, not only clean frames */
}

/* ---- automatic checkpoints ---- */

static void test_auto_checkpoints(void)
{
    /* K 15, 600 bits terminated: 614 stages x 16384 states x 8 bytes = 80 MB > FG_VIT_BCJR_FULL_BYTES, so alpha is
     * kept every ceil(sqrt(614)) = 25 stages; the APPs equal those of alpha kept at every stage (checkpoint = the
     * stages), bit for bit, and the decisions are the ML decoder's */
    const fg_vit_code c = make_code(15, "46321,51271", "none");
    const int k = 600, N = fg_vit_sent_len(&c, FG_VIT_TERMINATED, k);
    const int T = fg_vit_stages(&c, FG_VIT_TERMINATED, k);
    CU_ASSERT_FATAL((long long)T * fg_vit_states(&c) * 8 > FG_VIT_BCJR_FULL_BYTES);
    uint8_t *bits = malloc((size_t)k), *vit = malloc((size_t)k), *soft = malloc((size_t)k);
    double *llr = malloc(sizeof *llr * (size_t)N), *app = malloc(sizeof *app * (size_t)k),
           *full = malloc(sizeof *full * (size_t)k);
    CU_ASSERT_FATAL(bits && vit && soft && llr && app && full);
    make_frame(&c, FG_VIT_TERMINATED, k, 1.5, 77, bits, llr);
    fg_vit_bcjr_cfg g = fg_vit_bcjr_cfg_default();
    g.alg = FG_VIT_BCJR_MAXLOG;
    bcjr_once(&c, k, &g, llr, NULL, app, soft);
    g.checkpoint = T;
    bcjr_once(&c, k, &g, llr, NULL, full, NULL);
    CU_ASSERT(memcmp(app, full, sizeof *app * (size_t)k) == 0);
    fg_vit_dec *vd = NULL;
    CU_ASSERT_FATAL(fg_vit_dec_create(&c, k, NULL, &vd) == 0);
    CU_ASSERT_EQUAL(fg_vit_dec_run(vd, llr, vit), 0);
    CU_ASSERT(memcmp(vit, soft, (size_t)k) == 0);
    fg_vit_dec_destroy(vd);
    free(bits), free(vit), free(soft), free(llr), free(app), free(full);
}

/* ---- calibration: the APPs' own error probabilities against the counted errors ---- */

/* Over `frames` frames of K 7 at ebn0: counted bit errors of the decisions, and the sum over bits of the
 * probability of error the APP states, 1 / (1 + e^|L|). */
static void calibration(fg_vit_bcjr_alg alg, double ebn0, int frames, long long *counted, double *predicted)
{
    const fg_vit_code c = fg_vit_code_default();
    const int k = 200, N = fg_vit_sent_len(&c, FG_VIT_TRUNCATED, k);
    fg_vit_bcjr_cfg g = fg_vit_bcjr_cfg_default();
    g.ending = FG_VIT_TRUNCATED;
    g.alg = alg;
    fg_vit_bcjr *d = NULL;
    CU_ASSERT_FATAL(fg_vit_bcjr_create(&c, k, &g, &d) == 0);
    uint8_t *bits = malloc((size_t)k), *hard = malloc((size_t)k);
    double *llr = malloc(sizeof *llr * (size_t)N), *app = malloc(sizeof *app * (size_t)k);
    CU_ASSERT_FATAL(bits && hard && llr && app);
    *counted = 0;
    *predicted = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(&c, FG_VIT_TRUNCATED, k, ebn0, 90000 + (uint64_t)f, bits, llr);
        CU_ASSERT_EQUAL_FATAL(fg_vit_bcjr_run(d, llr, NULL, app, hard), 0);
        for (int t = 0; t < k; t++) {
            *counted += hard[t] != bits[t];
            *predicted += 1.0 / (1.0 + exp(fabs(app[t])));
        }
    }
    fg_vit_bcjr_destroy(d);
    free(bits), free(hard), free(llr), free(app);
}

static void test_calibration(void)
{
    /* K 7 truncated at 1.5 dB, 3000 frames of 200 bits: about 12 500 bit errors (BER 2 %). Errors come in bursts
     * of a few bits (an error event of the code), so the count's spread is about sqrt(burst x count), some 2 %; the
     * 10 % band is 5 of those. Max-log APPs are over-confident (their magnitudes are best-path differences, not
     * sums over paths): they predict about 20 % fewer errors than happen, which the same band catches. */
    long long n_log, n_max;
    double p_log, p_max;
    calibration(FG_VIT_BCJR_LOG, 1.5, 3000, &n_log, &p_log);
    calibration(FG_VIT_BCJR_MAXLOG, 1.5, 3000, &n_max, &p_max);
    fprintf(stderr, "\ncalibration at 1.5 dB: log-MAP %lld errors, predicted %.1f; max-log %lld, predicted %.1f\n",
            n_log, p_log, n_max, p_max);
    CU_ASSERT(n_log > 1000);
    CU_ASSERT(fabs((double)n_log - p_log) <= 0.10 * p_log);
    CU_ASSERT(fabs((double)n_max - p_max) > 0.10 * p_max);
}

/* ---- the family's implementation ---- */

static void test_family(void)
{
    const fg_family *f = fg_family_find("viterbi");
    CU_ASSERT_FATAL(f != NULL);
    const fg_family_impl *m = fg_family_impl_find(f, "bcjr");
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT_EQUAL(m->no_app, 0);
    for (int a = 0; a < 2; a++) {
        fg_family_setup s;
        const char *args = a ? "--K 5 --gen 23,35 --punct 11,10 --bits 90 --ending tailbiting --alg maxlog"
                             : "--K 5 --gen 23,35 --punct 11,10 --bits 90 --ending truncated";
        int rc = fg_family_setup_text(&s, f, "bcjr", args);
        if (rc)
            fprintf(stderr, "\n%s: %s\n", args, fg_last_error());
        CU_ASSERT_EQUAL_FATAL(rc, 0);
        const fg_family_inst *fi = &s.inst;
        CU_ASSERT_EQUAL(fi->app_len, 90);
        CU_ASSERT_EQUAL(fi->dec_len, 90);
        enum { F = 5 };
        uint8_t ref[F * 90], bits[F * 90], mine[90];
        double *llr = malloc(sizeof *llr * F * (size_t)fi->n_rx_max), app[F * 90], want[90];
        CU_ASSERT_FATAL(llr != NULL);
        CU_ASSERT_EQUAL_FATAL(fg_family_frames(fi, 7, 2.0, 0, F, 1, ref, llr, NULL, NULL, NULL), 0);
        fg_family_decoder *d = NULL;
        CU_ASSERT_EQUAL_FATAL(fg_family_decoder_create(fi, s.impl, s.icfg, 2, &d), 0);
        const fg_decode_io io = {.count = F, .llr = llr, .bits = bits, .app = app};
        CU_ASSERT_EQUAL_FATAL(fg_family_decoder_run(d, &io), 0);
        fg_family_decoder_destroy(d);
        fg_vit_code c = make_code(5, "23,35", "11,10");
        fg_vit_bcjr_cfg g = fg_vit_bcjr_cfg_default();
        g.ending = a ? FG_VIT_TAILBITING : FG_VIT_TRUNCATED;
        g.alg = a ? FG_VIT_BCJR_MAXLOG : FG_VIT_BCJR_LOG;
        for (int i = 0; i < F; i++) {
            bcjr_once(&c, 90, &g, llr + (size_t)i * fi->n_rx_max, NULL, want, mine);
            CU_ASSERT(memcmp(want, app + i * 90, sizeof want) == 0);
            CU_ASSERT(memcmp(mine, bits + i * 90, sizeof mine) == 0);
        }
        free(llr);
        fg_family_setup_free(&s);
    }
    fg_family_setup s;
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, f, "bcjr", "--tile 64"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "--tile=64"));
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, f, "bcjr", "--alg linlog"), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "alg"));
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL(fg_family_setup_text(&s, f, "float", ""), 0);
    CU_ASSERT_EQUAL(s.inst.app_len, 0);
    fg_family_setup_free(&s);
}

/* ---- parameter errors ---- */

static void test_errors(void)
{
    const fg_vit_code c = fg_vit_code_default();
    fg_vit_bcjr *d = NULL;
    fg_vit_bcjr_cfg g;
    expect_einval(fg_vit_bcjr_create(&c, 10, NULL, NULL), "out=NULL");
    expect_einval(fg_vit_bcjr_create(NULL, 10, NULL, &d), "code=NULL");
    CU_ASSERT_PTR_NULL(d);
    fg_vit_code bad = c;
    bad.K = 16;
    expect_einval(fg_vit_bcjr_create(&bad, 10, NULL, &d), "K=16");
    expect_einval(fg_vit_bcjr_create(&c, 0, NULL, &d), "k=0");
    expect_einval(fg_vit_bcjr_create(&c, FG_VIT_BITS_MAX + 1, NULL, &d), "k=1048577");
    g = fg_vit_bcjr_cfg_default(), g.ending = FG_VIT_TAILBITING;
    expect_einval(fg_vit_bcjr_create(&c, 5, &g, &d), "k=5");
    g = fg_vit_bcjr_cfg_default(), g.ending = (fg_vit_ending)3;
    expect_einval(fg_vit_bcjr_create(&c, 10, &g, &d), "ending=3");
    g = fg_vit_bcjr_cfg_default(), g.alg = (fg_vit_bcjr_alg)2;
    expect_einval(fg_vit_bcjr_create(&c, 10, &g, &d), "alg=2");
    g = fg_vit_bcjr_cfg_default(), g.checkpoint = -1;
    expect_einval(fg_vit_bcjr_create(&c, 10, &g, &d), "checkpoint=-1");
    CU_ASSERT_PTR_NULL(d);
    CU_ASSERT_EQUAL_FATAL(fg_vit_bcjr_create(&c, 10, NULL, &d), 0);
    const int N = fg_vit_sent_len(&c, FG_VIT_TERMINATED, 10);
    double llr[64], apr[10], app[10];
    uint8_t out[10];
    for (int i = 0; i < N; i++)
        llr[i] = (i % 3) ? 1.0 : -0.5;
    for (int t = 0; t < 10; t++)
        apr[t] = 0.25;
    CU_ASSERT_EQUAL(fg_vit_bcjr_run(d, llr, apr, app, out), 0);
    double inplace[10]; /* the APPs written over the a-priori values: the same */
    memcpy(inplace, apr, sizeof inplace);
    CU_ASSERT_EQUAL(fg_vit_bcjr_run(d, llr, inplace, inplace, NULL), 0);
    CU_ASSERT(memcmp(inplace, app, sizeof app) == 0);
    expect_einval(fg_vit_bcjr_run(NULL, llr, NULL, app, out), "d=NULL");
    expect_einval(fg_vit_bcjr_run(d, NULL, NULL, app, out), "rx=NULL");
    expect_einval(fg_vit_bcjr_run(d, llr, NULL, NULL, NULL), "app_k=NULL and bits_k=NULL");
    llr[7] = NAN;
    expect_einval(fg_vit_bcjr_run(d, llr, NULL, app, out), "rx[7]");
    llr[7] = 1.0;
    apr[4] = -INFINITY;
    expect_einval(fg_vit_bcjr_run(d, llr, apr, app, out), "apriori_k[4]");
    fg_vit_bcjr_destroy(d);
    fg_vit_bcjr_destroy(NULL);
    /* an LLR of exactly 0 decides 0: a frame with no information at all (every rx 0, truncated) */
    g = fg_vit_bcjr_cfg_default(), g.ending = FG_VIT_TRUNCATED;
    CU_ASSERT_EQUAL_FATAL(fg_vit_bcjr_create(&c, 10, &g, &d), 0);
    for (int i = 0; i < 64; i++)
        llr[i] = 0.0;
    memset(out, 1, sizeof out);
    CU_ASSERT_EQUAL(fg_vit_bcjr_run(d, llr, NULL, app, out), 0);
    for (int t = 0; t < 10; t++) {
        CU_ASSERT_EQUAL(app[t], 0.0);
        CU_ASSERT_EQUAL(out[t], 0);
    }
    fg_vit_bcjr_destroy(d);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"log-MAP and max-log against brute force, every ending", test_brute_force},
                                         {"max-log decisions equal the ML Viterbi decoder's", test_maxlog_is_viterbi},
                                         {"automatic checkpoints (K 15)", test_auto_checkpoints},
                                         {"log-MAP APPs predict the counted errors", test_calibration},
                                         {"the family's bcjr implementation", test_family},
                                         {"parameter errors", test_errors},
                                         {NULL, NULL}};
    fg_add_suite("viterbi_bcjr", cases);
}
