/* Maximum-likelihood Viterbi decoding of K = 7 (171,133) against the soft-decision union bound of its spectrum
 * (label slow; the quick test is viterbi_ber): at 3.5, 4, 4.5 and 5 dB the BER must lie under the bound (20
 * terms) within the band of its error events (5 sigma of a Poisson count, c_10 / a_10 = 3.3 bit errors an
 * event) and, from 4 dB on, where the bound is tight, above 40 % of it. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/viterbi.h"

#include <math.h>
#include <stdio.h>

static void test_ml_union_bound(void)
{
    static const struct {
        double ebn0;
        long long frames;
    } pts[] = {{3.5, 2000}, {4.0, 6000}, {4.5, 15000}, {5.0, 40000}};
    fg_vit_code c = fg_vit_code_default();
    fg_vit_spectrum sp;
    CU_ASSERT_FATAL(fg_vit_spectrum_of(&c, 20, &sp) == 0);
    fg_family_setup s;
    CU_ASSERT_FATAL(fg_family_setup_text(&s, fg_family_find("viterbi"), "float", "--bits 4096") == 0);
    for (size_t i = 0; i < sizeof pts / sizeof *pts; i++) {
        const fg_family_run run = {1, pts[i].frames + 1, pts[i].frames, 2, NULL, NULL};
        fg_ber_point p;
        CU_ASSERT_FATAL(fg_family_ber_point(&s.inst, s.impl, s.icfg, &run, pts[i].ebn0, &p) == 0);
        const double ub = fg_vit_union_bound(&c, &sp, pts[i].ebn0), ber = (double)p.bit_errors / ((double)p.frames * 4096);
        const double events = p.bit_errors / 3.3, band = 1.0 + 5.0 / sqrt(events > 1 ? events : 1);
        fprintf(stderr, "K=7 ML at %.1f dB: BER %.3g (%lld bit errors in %lld frames), union bound %.3g, ratio %.2f\n",
                pts[i].ebn0, ber, p.bit_errors, p.frames, ub, ber / ub);
        CU_ASSERT(p.bit_errors >= 30);
        CU_ASSERT(ber <= ub * band);
        if (pts[i].ebn0 >= 4.0)
            CU_ASSERT(ber >= 0.4 * ub);
    }
    fg_family_setup_free(&s);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"ml_union_bound", test_ml_union_bound}, {NULL, NULL}};
    fg_add_suite("slow_viterbi_ber", cases);
}
