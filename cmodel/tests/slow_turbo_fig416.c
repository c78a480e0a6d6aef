/* Thesis Fig. 4.16 / section 4.7 as a statistical property (label slow; docs/turbo-fig-4-16.md): the
 * fixed-point decoder (radix-4 XMAP, 5/6/9/10-bit formats, 5.5 iterations, NII) loses less than
 * 0.1 dB against the float max-log-MAP decoder (scaling 0.75) of the same parallelism, for LTE K=6144
 * with P = 16 and HSPA+ K=5114 with P = 8. "Loss < 0.1 dB" at one point of the waterfall means: the
 * fixed decoder at X + 0.1 dB makes no more errors than the float decoder at X. Both run the same
 * frames (seed 1, frame f = Philox stream f; the noise of a frame only scales with sigma), a fixed
 * frame count each. The frame errors must be apart by two standard deviations of their difference
 * (taken as independent Poisson counts, which overstates the spread of these paired runs), so the
 * test does not pass by a lucky draw; bit errors (the figure's BER) must not be more either.
 * X = 0.6 dB (FER 0.1 to 0.2). About 15 CPU-seconds in Release (it uses 2 threads). */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/family.h"

#include <math.h>
#include <stdio.h>

enum { FRAMES = 1000 };

/* One point of FRAMES frames (no early stop) with the float max-log decoder or the fixed model: the
 * options of scripts/turbo-fig416.sh (5.5 iterations, P sub-blocks, NII; float: max-log, scaling 0.75). */
static fg_ber_point point(const char *std, int K, int P, int fixed, double ebn0)
{
    char args[256];
    snprintf(args, sizeof args, "--std %s --K %d --iter 5.5 --parallel %d --nii on %s", std, K, P,
             fixed ? "--fixed" : "--alg maxlog --scale 0.75");
    fg_family_setup s;
    int rc = fg_family_setup_text(&s, fg_family_find("turbo"), NULL, args);
    fg_ber_point p = {0};
    if (!rc) {
        const fg_family_run run = {1, FG_BER_FRAMES_MAX, FRAMES, 2, NULL, NULL};
        rc = fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, ebn0, &p);
    }
    if (rc)
        fprintf(stderr, "\"%s\": %s\n", args, fg_last_error());
    fg_family_setup_free(&s);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
    CU_ASSERT_EQUAL_FATAL(p.frames, FRAMES);
    return p;
}

static void check_loss_below_0p1(const char *std, int K, int P, double x)
{
    const fg_ber_point fl = point(std, K, P, 0, x), fx = point(std, K, P, 1, x + 0.1);
    fprintf(stderr, "  K=%d P=%d: float %.2f dB: %lld frame errors, BER %.3g; fixed %.2f dB: %lld, BER %.3g\n", K, P,
            x, fl.frame_errors, fl.ber, x + 0.1, fx.frame_errors, fx.ber);
    CU_ASSERT(fl.frame_errors >= 50); /* X lies in the waterfall: the comparison has counts to compare */
    CU_ASSERT(fx.frame_errors + 2.0 * sqrt((double)(fx.frame_errors + fl.frame_errors)) <= fl.frame_errors);
    CU_ASSERT(fx.bit_errors <= fl.bit_errors);
}

static void test_lte_p16(void) { check_loss_below_0p1("lte", 6144, 16, 0.6); }
static void test_hspa_p8(void) { check_loss_below_0p1("umts", 5114, 8, 0.6); }

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"LTE K=6144 P=16: fixed at 0.7 dB beats float max-log at 0.6 dB", test_lte_p16},
        {"HSPA+ K=5114 P=8: fixed at 0.7 dB beats float max-log at 0.6 dB", test_hspa_p8},
        {NULL, NULL},
    };
    fg_add_suite("slow_turbo_fig416", cases);
}
