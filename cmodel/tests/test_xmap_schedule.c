/* XMAP output schedule and bank mappings. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/xmap_schedule.h"

#include <stdlib.h>
#include <string.h>

/* Every position is emitted exactly once, by the lane and in the order of the crossing XMAP. */
static void test_schedule_covers_every_position_once(void)
{
    static const int pllrs[] = {4, 8, 12, 16, 32, 64};
    char *seen = malloc(FG_K_MAX);
    CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
    long bad = 0;
    for (size_t i = 0; i < sizeof pllrs / sizeof pllrs[0]; i++)
        for (int K = 40; K <= FG_K_MAX; K += 37) {
            fg_xmap_schedule s;
            CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, K, pllrs[i]), 0);
            CU_ASSERT_EQUAL(s.cycles, (K + pllrs[i] - 1) / pllrs[i]);
            memset(seen, 0, (size_t)K);
            for (int c = 0; c < s.cycles; c++)
                for (int l = 0; l < s.pllr; l++) {
                    int pos = fg_xmap_position(&s, c, l);
                    if (pos >= 0)
                        bad += pos >= K || seen[pos]++;
                }
            for (int j = 0; j < K; j++)
                bad += seen[j] != 1;
        }
    free(seen);
    CU_ASSERT_EQUAL(bad, 0);
}

static void test_crossing_order(void)
{
    fg_xmap_schedule s;
    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, 5114, 32), 0);
    CU_ASSERT_EQUAL(s.P, 8);
    CU_ASSERT_EQUAL(s.L, 640);
    CU_ASSERT_EQUAL(s.cycles, 160);
    /* SISO 1, cycle 0: alpha continues at the middle, beta just below it. */
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 0, 4), 640 + 320);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 0, 5), 640 + 321);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 0, 6), 640 + 319);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 0, 7), 640 + 318);
    /* Last cycle: sub-block ends; the last SISO's alpha lanes are idle past K = 5114. */
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 159, 6), 640 + 1);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 159, 7), 640 + 0);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 159, 28), -1);
    CU_ASSERT_EQUAL(fg_xmap_position(&s, 156, 28), 7 * 640 + 632);
    int lane, t;
    fg_xmap_read_slot(&s, 640 + 321, &lane, &t);
    CU_ASSERT_EQUAL(lane, 6);   /* upper half of sub-block 1 is read backward by beta */
    CU_ASSERT_EQUAL(t, 159);
}

/* Every mapping is a bijection onto (bank, row) cells inside the bank depth; xmap and xmap-xor
 * give conflict-free natural-order reads for every K of both standards. */
static void test_mappings(void)
{
    static const int pllrs[] = {4, 8, 16, 32, 64};
    int *cell = malloc(sizeof(int) * 4 * FG_K_MAX);
    CU_ASSERT_PTR_NOT_NULL_FATAL(cell);
    long not_bijective = 0, read_conflicts[4] = {0};
    /* Every K for xmap-xor (the conflicts suite covers xmap exhaustively), every 7th UMTS K for
     * the others. */
    for (int std = 0; std < 2; std++)
        for (int i = 0; i < fg_interleaver_num_sizes((fg_std)std); i++)
            for (size_t ip = 0; ip < sizeof pllrs / sizeof pllrs[0]; ip++)
                for (int m = 0; m < 4; m++)
                    for (int sub = 1; sub <= 2; sub++) {
                        if (std == FG_STD_UMTS && m != FG_MAP_XMAP_XOR && i % 7)
                            continue;
                        const int K = fg_interleaver_size((fg_std)std, i), P = pllrs[ip];
                        fg_xmap_schedule s;
                        fg_bank_map map;
                        CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, K, P), 0);
                        CU_ASSERT_EQUAL_FATAL(fg_bank_map_init(&map, (fg_bank_mapping)m, P * sub, &s), 0);
                        const int cells = map.banks * map.depth;
                        memset(cell, 0, sizeof(int) * (size_t)cells);
                        for (int a = 0; a < K; a++) {
                            int b, r;
                            fg_bank_map_locate(&map, a, &b, &r);
                            if (b < 0 || b >= map.banks || r < 0 || r >= map.depth || cell[b * map.depth + r]++)
                                not_bijective++;
                        }
                        /* Natural-order reads: read cycle t, lane 4p+r reads offsets 2t, 2t+1,
                         * L-1-2t, L-2-2t of sub-block p. */
                        for (int t = 0; t < s.cycles; t++) {
                            memset(cell, 0, sizeof(int) * (size_t)map.banks);
                            for (int p = 0; p < s.P; p++) {
                                const int offs[4] = {2 * t, 2 * t + 1, s.L - 1 - 2 * t, s.L - 2 - 2 * t};
                                for (int q = 0; q < 4; q++) {
                                    const int a = p * s.L + offs[q];
                                    int b, r;
                                    if (a >= K)
                                        continue;
                                    fg_bank_map_locate(&map, a, &b, &r);
                                    read_conflicts[m] += cell[b]++ > 0;
                                }
                            }
                        }
                    }
    free(cell);
    CU_ASSERT_EQUAL(not_bijective, 0);
    CU_ASSERT_EQUAL(read_conflicts[FG_MAP_XMAP], 0);
    CU_ASSERT_EQUAL(read_conflicts[FG_MAP_XMAP_XOR], 0);
    CU_ASSERT(read_conflicts[FG_MAP_MOD] > 0);   /* the property is not trivial */
    CU_ASSERT(read_conflicts[FG_MAP_BLOCK] > 0);
}

static void test_errors(void)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    CU_ASSERT_EQUAL(fg_xmap_schedule_init(&s, 5114, 30), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "PLLR=30 invalid: must be a multiple of 4"));
    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, 5114, 32), 0);
    CU_ASSERT_EQUAL(fg_bank_map_init(&map, FG_MAP_XMAP, 48, &s), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_bank_map_init(&map, FG_MAP_MOD, 0, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "banks=0 out of range [1, 4096]"));
    fg_bank_mapping m;
    CU_ASSERT_EQUAL(fg_bank_mapping_parse("xmap-xor", &m), 0);
    CU_ASSERT_EQUAL(m, FG_MAP_XMAP_XOR);
    CU_ASSERT_EQUAL(fg_bank_mapping_parse("random", &m), FG_EINVAL);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"schedule_covers_every_position_once", test_schedule_covers_every_position_once},
        {"crossing_order", test_crossing_order},
        {"mappings", test_mappings},
        {"errors", test_errors},
        {NULL, NULL}};
    fg_add_suite("xmap_schedule", cases);
}
