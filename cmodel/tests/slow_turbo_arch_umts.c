/* Slow study (label slow): the HSPA+ write path over a whole block (5.5 iterations) at every UMTS
 * size P = 8 and 16 fit: the DBCF with the default depths (S 3, F 16, B 24) loses no word, and the
 * thesis's Table 4.3 depths (F 8, B 12) do lose words at P = 8 (docs/turbo-architecture.md). */
#include "fg_cunit.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo_arch.h"

static long lost_over_sizes(int P, int fifo, int buf, int *sizes_lossy)
{
    long lost = 0;
    *sizes_lossy = 0;
    for (int i = 0; i < fg_interleaver_num_sizes(FG_STD_UMTS); i++) {
        const int K = fg_interleaver_size(FG_STD_UMTS, i);
        if (!fg_turbo_arch_p_fits(K, P))
            continue;
        fg_turbo_arch_cfg c = fg_turbo_arch_cfg_default();
        c.std = FG_STD_UMTS;
        c.K = K;
        c.P = P;
        c.dbcf.fifo_depth = fifo;
        c.dbcf.buf_depth = buf;
        fg_turbo_arch *a;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_create(&c, &a), 0);
        fg_turbo_arch_result r;
        CU_ASSERT_EQUAL(fg_turbo_arch_run(a, NULL, NULL, &r), 0);
        CU_ASSERT_EQUAL(r.read_conflicts + r.iag_errs, 0);
        CU_ASSERT_EQUAL(r.misplaced, r.overflow); /* a lost word leaves exactly its address unwritten */
        lost += r.overflow;
        *sizes_lossy += r.overflow > 0;
        fg_turbo_arch_destroy(a);
    }
    return lost;
}

static void test_umts_lossless(void)
{
    int lossy;
    CU_ASSERT_EQUAL(lost_over_sizes(8, 16, 24, &lossy), 0);
    CU_ASSERT_EQUAL(lost_over_sizes(16, 16, 24, &lossy), 0);
    CU_ASSERT_EQUAL(lost_over_sizes(8, 8, 12, &lossy), 89);
    CU_ASSERT_EQUAL(lossy, 45);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"umts_lossless", test_umts_lossless}, {NULL, NULL}};
    fg_add_suite("turbo_arch_umts", cases);
}
