/* Memory-conflict study: counting kernel by hand, invariants, brute force, read conflict-freedom,
 * QPP properties. */
#include "fg_cunit.h"
#include "fecforge/conflicts.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

static fg_conflicts *ctx;

static fg_conflicts *workspace(void)
{
    if (!ctx)
        CU_ASSERT_EQUAL_FATAL(fg_conflicts_create(&ctx), 0);
    return ctx;
}

/* Four cycles of four lanes into four banks, counted by hand:
 * c0 {0,0,1,2}: one 2-way; c1 {3,3,3,idle}: one 3-way; c2 {1,1,2,2}: two 2-way, largest 2;
 * c3 {0,1,2,3}: none. */
static void test_kernel_by_hand(void)
{
    static const int16_t cl[16] = {0, 0, 1, 2, 3, 3, 3, -1, 1, 1, 2, 2, 0, 1, 2, 3};
    fg_conflicts_stats s;
    memset(&s, 0, sizeof s);
    CU_ASSERT_EQUAL_FATAL(fg_conflicts_accumulate(workspace(), 4, 4, 4, cl, &s), 0);
    CU_ASSERT_EQUAL(s.cycles, 4);
    CU_ASSERT_EQUAL(s.conflict_cycles, 3);
    CU_ASSERT_DOUBLE_EQUAL(s.mcr, 0.75, 1e-12);
    CU_ASSERT_EQUAL(s.accesses, 15);
    CU_ASSERT_EQUAL(s.busy, 3 + 1 + 2 + 4);
    CU_ASSERT_DOUBLE_EQUAL(s.mean_accesses, 15.0 / 16.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(s.mean_busy, 1.5, 1e-12);
    CU_ASSERT_EQUAL(s.max_n, 3);
    CU_ASSERT_EQUAL(s.nway[2], 3);
    CU_ASSERT_EQUAL(s.nway[3], 1);
    CU_ASSERT_EQUAL(s.nway_max[2], 2);
    CU_ASSERT_EQUAL(s.nway_max[3], 1);
    CU_ASSERT_EQUAL(fg_conflicts_total(s.nway), 4);
    CU_ASSERT_DOUBLE_EQUAL(fg_conflicts_share(s.nway, 2, 2), 75.0, 1e-12);
    CU_ASSERT_DOUBLE_EQUAL(fg_conflicts_share(s.nway_max, 3, 4), 100.0 / 3.0, 1e-12);
    /* Adding the pattern again doubles every count; the ratios stay. */
    fg_conflicts_stats t = s;
    fg_conflicts_add(&t, &s);
    CU_ASSERT_EQUAL(t.conflict_cycles, 6);
    CU_ASSERT_EQUAL(t.nway[2], 6);
    CU_ASSERT_DOUBLE_EQUAL(t.mcr, 0.75, 1e-12);
    /* A bank id out of range is an error, and the counters are left clean for the next call. */
    static const int16_t bad[4] = {0, 4, 1, 1};
    memset(&s, 0, sizeof s);
    CU_ASSERT_EQUAL(fg_conflicts_accumulate(workspace(), 1, 4, 4, bad, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "bank id 4"));
    memset(&s, 0, sizeof s);
    CU_ASSERT_EQUAL(fg_conflicts_accumulate(workspace(), 4, 4, 4, cl, &s), 0);
    CU_ASSERT_EQUAL(s.nway[2], 3);
}

/* Independent model: XMAP output order and the bank of an address, written from the thesis's
 * description, and per-cycle counts by pairwise comparison. */
static int bf_bank(fg_bank_mapping m, int a, int K, int pllr, int M)
{
    const int C0 = (K + pllr - 1) / pllr, L = 4 * C0;
    if (m == FG_MAP_MOD)
        return a % M;
    if (m == FG_MAP_BLOCK)
        return a / ((K + M - 1) / M);
    /* xmap, M = PLLR: the lane that reads a; lanes 4p, 4p+1 read the lower half of sub-block p
     * two at a time from its start, lanes 4p+2, 4p+3 the upper half from its end. */
    const int p = a / L, o = a % L;
    return 4 * p + (o < L / 2 ? o % 2 : 2 + (L - 1 - o) % 2);
}

static void brute_force(fg_std std, int K, int pllr, fg_bank_mapping m, fg_conflicts_stats out[2])
{
    int32_t *pi = malloc(sizeof *pi * (size_t)K), *inv = malloc(sizeof *inv * (size_t)K);
    int bank[FG_PLLR_MAX];
    CU_ASSERT_FATAL(pi && inv);
    CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(std, K, pi), 0);
    for (int k = 0; k < K; k++)
        inv[pi[k]] = k;
    const int C0 = (K + pllr - 1) / pllr, L = 4 * C0;
    memset(out, 0, 2 * sizeof *out);
    for (int d = 0; d < 2; d++) {
        const int32_t *addr = d == FG_DIR_INTERLEAVE ? inv : pi;
        fg_conflicts_stats *s = &out[d];
        for (int c = 0; c < C0; c++) {
            int nb = 0;
            for (int p = 0; p < pllr / 4; p++) {
                const int offs[4] = {L / 2 + 2 * c, L / 2 + 2 * c + 1, L / 2 - 1 - 2 * c, L / 2 - 2 - 2 * c};
                for (int r = 0; r < 4; r++)
                    if (p * L + offs[r] < K)
                        bank[nb++] = bf_bank(m, addr[p * L + offs[r]], K, pllr, pllr);
            }
            int cmax = 0, distinct = 0;
            for (int i = 0; i < nb; i++) {
                int n = 0, first = 1;
                for (int k = 0; k < nb; k++) {
                    n += bank[k] == bank[i];
                    first &= !(k < i && bank[k] == bank[i]);
                }
                if (!first)
                    continue;
                distinct++;
                if (n >= 2)
                    s->nway[n]++;
                cmax = n > cmax ? n : cmax;
            }
            s->accesses += nb;
            s->busy += distinct;
            if (cmax >= 2) {
                s->conflict_cycles++;
                s->nway_max[cmax]++;
            }
            s->max_n = cmax > s->max_n ? cmax : s->max_n;
        }
        s->cycles = C0;
    }
    free(pi);
    free(inv);
}

static void assert_same(const fg_conflicts_stats *a, const fg_conflicts_stats *b)
{
    CU_ASSERT_EQUAL(a->cycles, b->cycles);
    CU_ASSERT_EQUAL(a->conflict_cycles, b->conflict_cycles);
    CU_ASSERT_EQUAL(a->accesses, b->accesses);
    CU_ASSERT_EQUAL(a->busy, b->busy);
    CU_ASSERT_EQUAL(a->max_n, b->max_n);
    CU_ASSERT_EQUAL(memcmp(a->nway, b->nway, sizeof a->nway), 0);
    CU_ASSERT_EQUAL(memcmp(a->nway_max, b->nway_max, sizeof a->nway_max), 0);
}

static void test_brute_force(void)
{
    static const struct { fg_std std; int K, pllr; } cases[] = {
        {FG_STD_UMTS, 97, 8}, {FG_STD_UMTS, 5114, 32}, {FG_STD_UMTS, 5114, 16}, {FG_STD_LTE, 1008, 12},
        {FG_STD_LTE, 6144, 64}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int m = FG_MAP_XMAP; m <= FG_MAP_BLOCK; m++) {
            fg_conflicts_cfg cfg = {cases[i].std, cases[i].K, cases[i].pllr, 0, (fg_bank_mapping)m};
            fg_conflicts_result r;
            fg_conflicts_stats bf[2];
            CU_ASSERT_EQUAL_FATAL(fg_conflicts_run_ctx(workspace(), &cfg, &r), 0);
            brute_force(cases[i].std, cases[i].K, cases[i].pllr, (fg_bank_mapping)m, bf);
            assert_same(&r.dir[0], &bf[0]);
            assert_same(&r.dir[1], &bf[1]);
        }
    /* Regression of the numbers docs/conflicts.md quotes (Fig. 4.11 reproduction), confirmed by
     * the brute force above: UMTS K=5114, PLLR=M=32, xmap, both directions. */
    fg_conflicts_cfg cfg = fg_conflicts_cfg_default();
    fg_conflicts_result r;
    CU_ASSERT_EQUAL_FATAL(fg_conflicts_run(&cfg, &r), 0);
    static const long a[8] = {0, 0, 1769, 691, 203, 58, 4, 3}, b[8] = {0, 0, 11, 123, 124, 55, 4, 3};
    CU_ASSERT_EQUAL(r.C0, 160);
    CU_ASSERT_EQUAL(r.both.conflict_cycles, 320);
    CU_ASSERT_EQUAL(r.both.max_n, 7);
    CU_ASSERT_EQUAL(memcmp(r.both.nway, a, sizeof a), 0);
    CU_ASSERT_EQUAL(memcmp(r.both.nway_max, b, sizeof b), 0);
}

/* Invariants over many configurations of both standards and every mapping. */
static void test_invariants(void)
{
    static const int pllrs[] = {4, 8, 12, 16, 32, 64};
    long bad = 0, read_conflicts[4] = {0}, runs = 0;
    for (int std = 0; std < 2; std++)
        for (int i = 0; i < fg_interleaver_num_sizes((fg_std)std); i += std ? 3 : 97)
            for (size_t ip = 0; ip < sizeof pllrs / sizeof pllrs[0]; ip++)
                for (int m = 0; m < 4; m++)
                    for (int sub = 1; sub <= 2; sub++) {
                        const int K = fg_interleaver_size((fg_std)std, i), P = pllrs[ip];
                        fg_conflicts_cfg cfg = {(fg_std)std, K, P, sub == 1 ? 0 : 2 * P, (fg_bank_mapping)m};
                        fg_conflicts_result r;
                        CU_ASSERT_EQUAL_FATAL(fg_conflicts_run_ctx(workspace(), &cfg, &r), 0);
                        runs++;
                        const int C0 = (K + P - 1) / P;
                        bad += r.C0 != C0 || r.cfg.banks != P * sub;
                        const fg_conflicts_stats *all[4] = {&r.dir[0], &r.dir[1], &r.both, &r.reads};
                        for (int d = 0; d < 4; d++) {
                            const fg_conflicts_stats *s = all[d];
                            const long times = d == 2 ? 2 : 1;
                            long weight = 0;
                            for (int n = 2; n <= FG_CONFLICTS_NMAX; n++) {
                                weight += n * s->nway[n];
                                bad += (n > s->max_n || n > P) && (s->nway[n] || s->nway_max[n]);
                            }
                            bad += s->cycles != times * C0 || s->accesses != times * K;
                            bad += weight > times * K;
                            bad += fg_conflicts_total(s->nway_max) != s->conflict_cycles;
                            bad += fg_conflicts_total(s->nway) < s->conflict_cycles;
                            bad += s->mcr < 0 || s->mcr > 1 || s->max_n > P || s->busy > s->accesses;
                            bad += s->mean_accesses * (double)(times * C0 * P * sub) < times * K - 1e-6 ||
                                   s->mean_accesses * (double)(times * C0 * P * sub) > times * K + 1e-6;
                        }
                        bad += r.both.conflict_cycles != r.dir[0].conflict_cycles + r.dir[1].conflict_cycles;
                        read_conflicts[m] += r.reads.conflict_cycles;
                    }
    CU_ASSERT(runs > 1000);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(read_conflicts[FG_MAP_XMAP], 0);
    CU_ASSERT_EQUAL(read_conflicts[FG_MAP_XMAP_XOR], 0);
    CU_ASSERT(read_conflicts[FG_MAP_MOD] > 0);
    CU_ASSERT(read_conflicts[FG_MAP_BLOCK] > 0);
}

/* The natural-order reads of xmap hit every bank at most once per cycle: every K of both
 * standards, PLLR = 4, 8, ..., 64, M = PLLR. Checked here independently of the library's
 * counting (read slot and bank of every address); mod must fail the same check. */
static long read_conflicts(int K, int pllr, fg_bank_mapping m, int32_t *stamp, int32_t id)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, K, pllr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_bank_map_init(&map, m, pllr, &s), 0);
    long n = 0;
    for (int a = 0; a < K; a++) {
        int lane, t, b, row;
        fg_xmap_read_slot(&s, a, &lane, &t);
        fg_bank_map_locate(&map, a, &b, &row);
        int32_t *cell = &stamp[t * pllr + b];
        n += *cell == id;
        *cell = id;
    }
    return n;
}

static void test_reads_conflict_free(void)
{
    int32_t *stamp = calloc(FG_K_MAX + 2 * 64, sizeof *stamp);
    CU_ASSERT_PTR_NOT_NULL_FATAL(stamp);
    int32_t id = 0;
    long xmap = 0, mod = 0, runs = 0;
    for (int std = 0; std < 2; std++)
        for (int i = 0; i < fg_interleaver_num_sizes((fg_std)std); i++)
            for (int P = 4; P <= 64; P += 4) {
                const int K = fg_interleaver_size((fg_std)std, i);
                xmap += read_conflicts(K, P, FG_MAP_XMAP, stamp, ++id);
                runs++;
                if (i % 50 == 0)
                    mod += read_conflicts(K, P, FG_MAP_MOD, stamp, ++id);
            }
    free(stamp);
    CU_ASSERT_EQUAL(runs, 16L * (5075 + 188));
    CU_ASSERT_EQUAL(xmap, 0);
    CU_ASSERT(mod > 0);
}

/* LTE QPP, PLLR dividing K (so L = K/P): for every n dividing K, pi(x) mod n is a bijective
 * function of x mod n, and so is pi^-1. Consequences for M = PLLR:
 *  - xmap: the P writes of one lane role land in P different sub-blocks (n = L), and the induced
 *    map keeps parity (f1 odd, f2 even), so even offsets can only meet read roles 0 and 3, odd
 *    ones 1 and 2: every conflict is exactly 2-way;
 *  - block (chunks of K/PLLR = L/4, n = L/4): one lane role never conflicts with itself: <= 4-way;
 *  - mod (n = PLLR): the statistics equal those of the identity permutation. */
static void test_lte_qpp(void)
{
    static const int pllrs[] = {4, 8, 16, 32, 64};
    long runs = 0, xmap_conflicts = 0, bad = 0;
    int16_t *cl = malloc(sizeof *cl * (FG_K_MAX + 64));
    CU_ASSERT_PTR_NOT_NULL_FATAL(cl);
    for (int i = 0; i < FG_LTE_NUM_SIZES; i++)
        for (size_t ip = 0; ip < sizeof pllrs / sizeof pllrs[0]; ip++) {
            const int K = fg_interleaver_size(FG_STD_LTE, i), P = pllrs[ip];
            if (K % P)
                continue;
            runs++;
            fg_conflicts_result r;
            fg_conflicts_cfg cfg = {FG_STD_LTE, K, P, 0, FG_MAP_XMAP};
            CU_ASSERT_EQUAL_FATAL(fg_conflicts_run_ctx(workspace(), &cfg, &r), 0);
            bad += r.both.max_n > 2;
            xmap_conflicts += r.both.conflict_cycles;
            cfg.mapping = FG_MAP_BLOCK;
            CU_ASSERT_EQUAL_FATAL(fg_conflicts_run_ctx(workspace(), &cfg, &r), 0);
            bad += r.both.max_n > 4;
            cfg.mapping = FG_MAP_MOD;
            CU_ASSERT_EQUAL_FATAL(fg_conflicts_run_ctx(workspace(), &cfg, &r), 0);
            fg_xmap_schedule s;
            CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&s, K, P), 0);
            for (int c = 0; c < s.cycles; c++)
                for (int l = 0; l < P; l++) {
                    const int pos = fg_xmap_position(&s, c, l);
                    cl[c * P + l] = (int16_t)(pos < 0 ? -1 : pos % P);
                }
            fg_conflicts_stats id;
            memset(&id, 0, sizeof id);
            CU_ASSERT_EQUAL_FATAL(fg_conflicts_accumulate(workspace(), s.cycles, P, P, cl, &id), 0);
            for (int d = 0; d < 2; d++)
                bad += memcmp(r.dir[d].nway, id.nway, sizeof id.nway) != 0 ||
                       memcmp(r.dir[d].nway_max, id.nway_max, sizeof id.nway_max) != 0 ||
                       r.dir[d].conflict_cycles != id.conflict_cycles;
        }
    free(cl);
    CU_ASSERT(runs > 700);
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(xmap_conflicts > 0); /* 2-way at most, but not conflict-free */
}

static void test_errors(void)
{
    fg_conflicts_result r;
    fg_conflicts_cfg cfg = fg_conflicts_cfg_default();
    cfg.K = 5115;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=5115"));
    cfg = fg_conflicts_cfg_default();
    cfg.pllr = 30;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "pllr=30 invalid: must be a multiple of 4 in [4, 1024]"));
    cfg = fg_conflicts_cfg_default();
    cfg.banks = 48;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "banks=48 invalid for mapping xmap"));
    cfg.mapping = FG_MAP_MOD;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), 0);
    CU_ASSERT_EQUAL(r.cfg.banks, 48);
    cfg.banks = 5000;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "banks=5000 out of range [1, 4096]"));
    cfg = fg_conflicts_cfg_default();
    cfg.std = FG_STD_LTE;
    CU_ASSERT_EQUAL(fg_conflicts_run(&cfg, &r), FG_EINVAL); /* 5114 is no LTE size */
}

static void test_cleanup(void)
{
    fg_conflicts_destroy(ctx);
    ctx = NULL;
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"kernel_by_hand", test_kernel_by_hand},
        {"brute_force", test_brute_force},
        {"invariants", test_invariants},
        {"reads_conflict_free", test_reads_conflict_free},
        {"lte_qpp", test_lte_qpp},
        {"errors", test_errors},
        {"cleanup", test_cleanup},
        {NULL, NULL}};
    fg_add_suite("conflicts", cases);
}
