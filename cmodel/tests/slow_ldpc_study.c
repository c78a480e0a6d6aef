/* The thesis's LDPC studies (docs/ldpc.md, "BER/FER studies"), label slow: wifi-1944-1/2, BPSK/AWGN,
 * 15 iterations, 100 frame errors a point, seed 1, down to FER 1e-3, as scripts/ldpc-ber-study.sh.
 * Tests multilayer and fixed: NMS 0.75 on the grid 1.4:0.1:3.4 dB, about 2.6 million frames (the
 * fixed-point hw curve to FER 1e-3 is 0.39 million of them at ~1,000 frames/s per core), about 25
 * CPU-minutes (about 2 minutes with FG_THREADS=16 on 16 cores).
 * Test spa: the multi-layer study with sum-product on the grid 1.0:0.1:2.6 dB, about 1.5 million
 * frames at ~440 frames/s per core (flooding ~250), ~85 CPU-minutes (~6 minutes with 16 threads).
 * Test spa_head: the first 34,000 frames of it, exact counts (~1 CPU-minute).
 * FG_STUDY=nms, spa or spa_head registers only those tests (default: all). The FER 1e-4 part is
 * slow_ldpc_fer1e4.
 *
 * The bands are the measured values (docs/ldpc.md) plus about three standard deviations of an
 * Eb/N0 read at 100 frame errors (~0.02 dB each), so a change of decoder or seed that moves a curve
 * by more than noise fails. Where the thesis's claim is not reproduced the band is around our
 * measurement, and the comment says so. */
#include "ldpc_study_common.h"

#include <string.h>

static study_curve k2 = {.label = "float K=2"};

static void need_k2(void)
{
    if (k2.n == 0)
        study_run("--decoder multilayer:2", 3000000, 1e-3, &k2);
}

/* (a) Thesis 3.8.1 / Fig. 3 of the paper: K = 1, 2, 3, 4, 6 and flooding. */
static void test_multilayer(void)
{
    static study_curve k1 = {.label = "float K=1"}, k3 = {.label = "float K=3"}, k4 = {.label = "float K=4"},
                       k6 = {.label = "float K=6"}, fl = {.label = "float flooding"};
    study_run("--decoder layered", 3000000, 1e-3, &k1);
    need_k2();
    study_run("--decoder multilayer:3", 3000000, 1e-3, &k3);
    study_run("--decoder multilayer:4", 3000000, 1e-3, &k4);
    study_run("--decoder multilayer:6", 3000000, 1e-3, &k6);
    study_run("--decoder flooding", 3000000, 1e-3, &fl);

    static const double T[2] = {1e-2, 1e-3};
    for (int t = 0; t < 2; t++) {
        const double r = study_at(&k1, T[t]);
        const double l2 = study_at(&k2, T[t]) - r, l3 = study_at(&k3, T[t]) - r, l4 = study_at(&k4, T[t]) - r,
                     l6 = study_at(&k6, T[t]) - r, lf = study_at(&fl, T[t]) - r;
        printf("FER %g: K=1 at %.3f dB; loss K=2 %.3f, K=3 %.3f, K=4 %.3f, K=6 %.3f, flooding %.3f dB\n", T[t], r, l2,
               l3, l4, l6, lf);
        /* anchor: K=1 reaches FER 1e-2 at 1.945 dB, 1e-3 at 2.362 dB (measured) */
        CU_ASSERT(fabs(r - (t == 0 ? 1.945 : 2.362)) < 0.06);
        /* thesis: "negligible" loss for K=2. Not reproduced: 0.12 dB at both targets. */
        CU_ASSERT(l2 > 0.06 && l2 < 0.18);
        /* thesis: K=3 loses < 0.1 dB. Not reproduced: 0.19 dB (1e-2), 0.20 dB (1e-3). */
        CU_ASSERT(l3 > 0.13 && l3 < 0.26);
        /* thesis: "as K increases, the FER performance slowly degrades": reproduced, monotone in K
         * (K=3 -> 4 is the smallest step, 0.03 dB), flooding the worst (0.5 dB). */
        CU_ASSERT(l3 > l2 + 0.03);
        CU_ASSERT(l4 > l3 - 0.02 && l4 < 0.30);
        CU_ASSERT(l6 > l4 + 0.02 && l6 < 0.37);
        CU_ASSERT(lf > l6 + 0.1 && lf > 0.42 && lf < 0.6);
    }
}

/* (b) Thesis 3.8.2: the fixed-point hardware (LLR 6 bits with 2 fractional, R 6, APP 7, K = 2)
 * against float, with the default arithmetic and with the plain reading (also with R 7 / APP 8). */
static void test_fixed(void)
{
    static study_curve hw = {.label = "hw (fixed K=2, 6.2/6/7)"}, plain = {.label = "plain reading, 6.2/6/7"},
                       r7 = {.label = "plain reading, 6.2/7/8"};
    need_k2();
    study_run("--decoder hw", 3000000, 1e-3, &hw); /* the thesis widths, K = 2, 3/4 scaling, default arithmetic */
    /* the plain reading of the thesis's arithmetic: the four switches of fg_ldpc_fixed_cfg at 0 */
    study_run("--decoder multilayer:2 " STUDY_PLAIN, 300000, 1e-4, &plain);
    study_run("--decoder multilayer:2 " STUDY_PLAIN " --r-width 7 --app-width 8", 3000000, 1e-3, &r7);

    /* thesis: about 0.05 dB loss. Measured with the default arithmetic: none; hw is 0.073 / 0.069
     * dB better than float NMS 0.75 K=2 at FER 1e-2 / 1e-3 (round-to-nearest scaling). */
    const double h2 = study_at(&hw, 1e-2) - study_at(&k2, 1e-2), h3 = study_at(&hw, 1e-3) - study_at(&k2, 1e-3);
    /* The plain reading has an error floor near FER 1e-2 (1.3e-2 at 3.0 dB, 9.8e-3 at 3.4 dB); it
     * reaches FER 1e-2 1.29 dB after float K=2 and never reaches 1e-3 on the grid. */
    CU_ASSERT_EQUAL(plain.n, 21);
    CU_ASSERT(plain.p[plain.n - 1].fer > 5e-3);
    const double p2 = study_at(&plain, 1e-2) - study_at(&k2, 1e-2);
    /* one more R and APP bit: the floor goes; 0.21 dB loss at 1e-2 and 1e-3 */
    const double r2 = study_at(&r7, 1e-2) - study_at(&k2, 1e-2), r3 = study_at(&r7, 1e-3) - study_at(&k2, 1e-3);
    printf("loss to float K=2: hw %.3f / %.3f dB at FER 1e-2 / 1e-3; plain reading %.3f dB at 1e-2; "
           "plain R 7 / APP 8: %.3f / %.3f dB\n",
           h2, h3, p2, r2, r3);
    CU_ASSERT(h2 > -0.16 && h2 < -0.02);
    CU_ASSERT(h3 > -0.16 && h3 < -0.02);
    CU_ASSERT(p2 > 1.0 && p2 < 1.6);
    CU_ASSERT(r2 > 0.14 && r2 < 0.28);
    CU_ASSERT(r3 > 0.14 && r3 < 0.28);
}

/* (a') The same study with sum-product, the thesis's float rule (eq. 3.12-3.14: R through Psi):
 * K = 1, 2, 3, 4, 6 and flooding on 1.0:0.1:2.6 dB, each to its first point below FER 1e-3 (at
 * most 1e6 frames a point). */
static void test_spa(void)
{
    static study_curve s1 = {.label = "SPA K=1"}, s2 = {.label = "SPA K=2"}, s3 = {.label = "SPA K=3"},
                       s4 = {.label = "SPA K=4"}, s6 = {.label = "SPA K=6"}, sf = {.label = "SPA flooding"};
    study_run_spa("--decoder layered", 1000000, 1e-3, &s1);
    study_run_spa("--decoder multilayer:2", 1000000, 1e-3, &s2);
    study_run_spa("--decoder multilayer:3", 1000000, 1e-3, &s3);
    study_run_spa("--decoder multilayer:4", 1000000, 1e-3, &s4);
    study_run_spa("--decoder multilayer:6", 1000000, 1e-3, &s6);
    study_run_spa("--decoder flooding", 1000000, 1e-3, &sf);

    static const double T[2] = {1e-2, 1e-3};
    /* measured (docs/ldpc.md): K=1 at 1.526 / 1.775 dB; losses to K=1 at 1e-2 / 1e-3 */
    static const double R1[2] = {1.526, 1.775};
    static const double L2[2] = {0.083, 0.105}, L3[2] = {0.154, 0.182}, L4[2] = {0.176, 0.214},
                        L6[2] = {0.260, 0.290}, LF[2] = {0.478, 0.541};
    for (int t = 0; t < 2; t++) {
        const double r = study_at(&s1, T[t]);
        const double l2 = study_at(&s2, T[t]) - r, l3 = study_at(&s3, T[t]) - r, l4 = study_at(&s4, T[t]) - r,
                     l6 = study_at(&s6, T[t]) - r, lf = study_at(&sf, T[t]) - r;
        printf("SPA, FER %g: K=1 at %.3f dB; loss K=2 %.3f, K=3 %.3f, K=4 %.3f, K=6 %.3f, flooding %.3f dB\n", T[t],
               r, l2, l3, l4, l6, lf);
        /* SPA K=1 is 0.42 dB (1e-2) and 0.59 dB (1e-3) ahead of NMS 0.75 (1.945 / 2.362 dB) */
        CU_ASSERT(fabs(r - R1[t]) < 0.05);
        /* bands: the measured loss +- 0.06 dB (about three standard deviations of a difference) */
        /* thesis: "negligible" loss for K=2. With SPA 0.08 dB (1e-2) and 0.11 dB (1e-3): smaller
         * than with NMS 0.75 at 1e-2, but not zero. */
        CU_ASSERT(fabs(l2 - L2[t]) < 0.06);
        /* thesis: K=3 loses < 0.1 dB. Not reproduced with SPA either: 0.15 / 0.18 dB. */
        CU_ASSERT(fabs(l3 - L3[t]) < 0.06);
        CU_ASSERT(l3 > 0.1);
        CU_ASSERT(fabs(l4 - L4[t]) < 0.06);
        CU_ASSERT(fabs(l6 - L6[t]) < 0.06);
        CU_ASSERT(fabs(lf - LF[t]) < 0.08);
        /* thesis: the FER degrades slowly as K grows; flooding the worst: reproduced */
        CU_ASSERT(l2 > 0.0 && l3 > l2 + 0.03 && l4 > l3 - 0.02 && l6 > l4 && lf > l6 + 0.1);
    }
}

/* The head of (a'), cheap (34,000 frames, ~1 CPU-minute): SPA K=1 from 1.0 dB to its first point
 * below FER 1e-2 gives exactly the counts of the documented CLI run (spa-k1.json of
 * scripts/ldpc-ber-study.sh, 16 threads on another machine). */
static void test_spa_head(void)
{
    static study_curve s1 = {.label = "SPA K=1"};
    static const long long frames[7] = {311, 526, 915, 1898, 3848, 8097, 18123};
    static const long long bits[7] = {4426, 3619, 4218, 3505, 3345, 2164, 1640};
    study_run_spa("--decoder layered", 1000000, 1e-2, &s1);
    CU_ASSERT_EQUAL_FATAL(s1.n, 7); /* 1.0 .. 1.6 dB */
    for (int i = 0; i < 7; i++) {
        CU_ASSERT_DOUBLE_EQUAL(s1.p[i].x, 1.0 + 0.1 * i, 1e-9);
        CU_ASSERT_EQUAL(s1.p[i].frames, frames[i]);
        CU_ASSERT_EQUAL(s1.p[i].frame_errors, 100);
        CU_ASSERT_EQUAL(s1.p[i].bit_errors, bits[i]);
    }
}

void fg_test_register(void)
{
    const char *only = getenv("FG_STUDY");
    CU_pSuite s = CU_add_suite("ldpc_study", NULL, NULL);
    if (s && (!only || !strcmp(only, "nms"))) {
        CU_add_test(s, "multilayer", test_multilayer);
        CU_add_test(s, "fixed", test_fixed);
    }
    if (s && (!only || !strcmp(only, "spa") || !strcmp(only, "spa_head")))
        CU_add_test(s, "spa_head", test_spa_head);
    if (s && (!only || !strcmp(only, "spa")))
        CU_add_test(s, "spa", test_spa);
}
