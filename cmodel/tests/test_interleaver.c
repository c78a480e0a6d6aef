/* Table interleavers against the standards' check values, permutation property for every K. */
#include "fg_cunit.h"
#include "fecforge/interleaver.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/umts_check_values.h"

static void test_umts_check_values(void)
{
    int32_t pi[530];
    for (size_t i = 0; i < sizeof umts_check_values / sizeof umts_check_values[0]; i++) {
        const int K = umts_check_values[i].K;
        CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(FG_STD_UMTS, K, pi), 0);
        CU_ASSERT_EQUAL(memcmp(pi, umts_check_values[i].pi, sizeof(int32_t) * (size_t)K), 0);
    }
}

static void test_umts_params(void)
{
    fg_umts_params u;
    /* K=5114: R=20, p=257 (5114 <= 20*258), C = p-1 since 5114 <= 20*256. */
    CU_ASSERT_EQUAL_FATAL(fg_umts_params_compute(5114, &u), 0);
    CU_ASSERT_EQUAL(u.R, 20);
    CU_ASSERT_EQUAL(u.p, 257);
    CU_ASSERT_EQUAL(u.v, 3);
    CU_ASSERT_EQUAL(u.C, 256);
    /* K=500: the special range 481..530 uses p = C = 53, R = 10. */
    CU_ASSERT_EQUAL_FATAL(fg_umts_params_compute(500, &u), 0);
    CU_ASSERT_EQUAL(u.R, 10);
    CU_ASSERT_EQUAL(u.p, 53);
    CU_ASSERT_EQUAL(u.C, 53);
    CU_ASSERT_EQUAL(u.q[0], 1);
    CU_ASSERT_EQUAL(u.q[1], 7); /* least prime > 6 coprime to 52 */
    CU_ASSERT_EQUAL(u.q[2], 11);
    /* Base sequence is a permutation of 1..p-1. */
    CU_ASSERT_EQUAL_FATAL(fg_umts_params_compute(5114, &u), 0);
    int seen[257] = {0};
    for (int j = 0; j <= u.p - 2; j++) {
        CU_ASSERT(u.s[j] >= 1 && u.s[j] < u.p);
        seen[u.s[j]]++;
    }
    for (int x = 1; x < u.p; x++)
        CU_ASSERT_EQUAL(seen[x], 1);
}

static int is_permutation(int K, const int32_t *pi)
{
    char *seen = calloc((size_t)K, 1);
    int ok = seen != NULL;
    for (int k = 0; ok && k < K; k++) {
        if (pi[k] < 0 || pi[k] >= K || seen[pi[k]])
            ok = 0;
        else
            seen[pi[k]] = 1;
    }
    free(seen);
    return ok;
}

static void test_every_size_is_a_permutation(void)
{
    int32_t *pi = malloc(sizeof *pi * FG_K_MAX), *inv = malloc(sizeof *inv * FG_K_MAX);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pi);
    CU_ASSERT_PTR_NOT_NULL_FATAL(inv);
    for (int s = 0; s < 2; s++) {
        fg_std std = (fg_std)s;
        int bad = 0;
        for (int i = 0; i < fg_interleaver_num_sizes(std); i++) {
            int K = fg_interleaver_size(std, i);
            if (fg_interleaver_table(std, K, pi) || !is_permutation(K, pi)) {
                bad++;
                continue;
            }
            fg_permutation_invert(K, pi, inv);
            for (int k = 0; k < K; k++)
                if (pi[inv[k]] != k) {
                    bad++;
                    break;
                }
        }
        CU_ASSERT_EQUAL(bad, 0);
    }
    free(pi);
    free(inv);
}

static void test_lte_direct_formula(void)
{
    int32_t pi[6144];
    int bad = 0;
    for (int i = 0; i < FG_LTE_NUM_SIZES; i++) {
        int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_lte_qpp q;
        CU_ASSERT_EQUAL_FATAL(fg_lte_qpp_params(K, &q), 0);
        CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(FG_STD_LTE, K, pi), 0);
        for (int64_t x = 0; x < K; x++)
            if (pi[x] != (int32_t)((q.f1 * x + (q.f2 * x % K) * x) % K))
                bad++;
    }
    CU_ASSERT_EQUAL(bad, 0);
    fg_lte_qpp q;
    CU_ASSERT_EQUAL(fg_lte_qpp_params(6144, &q), 0);
    CU_ASSERT_EQUAL(q.f1, 263);
    CU_ASSERT_EQUAL(q.f2, 480);
    CU_ASSERT_EQUAL(fg_interleaver_size(FG_STD_LTE, 0), 40);
    CU_ASSERT_EQUAL(fg_interleaver_size(FG_STD_LTE, 187), 6144);
}

static void test_bad_k(void)
{
    int32_t pi[8];
    CU_ASSERT_EQUAL(fg_interleaver_table(FG_STD_UMTS, 5115, pi), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=5115 out of range [40, 5114] for UMTS"));
    CU_ASSERT_EQUAL(fg_interleaver_table(FG_STD_UMTS, 39, pi), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_interleaver_table(FG_STD_LTE, 41, pi), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=41"));
    fg_std std;
    CU_ASSERT_EQUAL(fg_std_parse("hspa+", &std), 0);
    CU_ASSERT_EQUAL(std, FG_STD_UMTS);
    CU_ASSERT_EQUAL(fg_std_parse("wimax", &std), FG_EINVAL);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"umts_check_values", test_umts_check_values},
        {"umts_params", test_umts_params},
        {"every_size_is_a_permutation", test_every_size_is_a_permutation},
        {"lte_direct_formula", test_lte_direct_formula},
        {"bad_k", test_bad_k},
        {NULL, NULL}};
    fg_add_suite("interleaver", cases);
}
