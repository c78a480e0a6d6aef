/* Slow study (label slow): the LTE write path over a whole block at every size, P = 8, 16, 32 and
 * 0.5 to 10 iterations: the sizes where the qpp mapping has conflicts go through the DBCF and lose
 * nothing with the default depths (S 4 at P 32), because the DBCF's LFSR runs on across
 * half-iterations and so meets other phases at other iteration counts (docs/turbo-architecture.md). */
#include "fg_cunit.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo_arch.h"

static void test_lte_lossless_iterations(void)
{
    static const int Ps[] = {8, 16, 32}, halves[] = {1, 2, 5, 8, 11, 16, 20};
    for (int pi = 0; pi < 3; pi++)
        for (int hi = 0; hi < 7; hi++)
            for (int i = 0; i < fg_interleaver_num_sizes(FG_STD_LTE); i++) {
                const int K = fg_interleaver_size(FG_STD_LTE, i), P = Ps[pi];
                if (!fg_turbo_arch_p_fits(K, P))
                    continue;
                fg_turbo_arch_cfg c = fg_turbo_arch_cfg_default();
                c.K = K;
                c.P = P;
                c.half_iters = halves[hi];
                if (P == 32)
                    c.dbcf.select = 4;
                fg_turbo_arch *a;
                CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_create(&c, &a), 0);
                fg_turbo_arch_result r;
                CU_ASSERT_EQUAL(fg_turbo_arch_run(a, NULL, NULL, &r), 0);
                CU_ASSERT_EQUAL(r.overflow + r.misplaced + r.read_errors + r.read_conflicts + r.write_conflicts, 0);
                fg_turbo_arch_destroy(a);
            }
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"lte_lossless_iterations", test_lte_lossless_iterations}, {NULL, NULL}};
    fg_add_suite("turbo_arch_lte", cases);
}
