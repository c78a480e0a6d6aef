/* DBCF step model and half-iteration testbench. */
#include "fg_cunit.h"
#include "fecforge/dbcf.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

static fg_dbcf_cfg small_cfg(int pllr, int banks, int select, int fifo, int buf)
{
    fg_dbcf_cfg c = fg_dbcf_cfg_default();
    c.pllr = pllr;
    c.banks = banks;
    c.select = select;
    c.fifo_depth = fifo;
    c.buf_depth = buf;
    return c;
}

static void test_lfsr_is_maximal(void)
{
    uint16_t s = 1;
    long period = 0;
    do {
        s = fg_dbcf_lfsr_next(s);
        period++;
    } while (s != 1 && period < 70000);
    CU_ASSERT_EQUAL(period, 65535);
}

/* Four lanes hit bank 0 in one cycle; S = 1, B = 1, F = 2. Hand-derived: the start slot is
 * (0xACE1 * 8) >> 16 = 5, so the visit order of the new-word slots is lane 2, 3, 0, 1. */
static void test_one_cycle_by_hand(void)
{
    fg_dbcf_cfg c = small_cfg(4, 2, 1, 2, 1);
    fg_dbcf *d;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_create(&c, &d), 0);
    fg_dbcf_word in[4];
    for (int l = 0; l < 4; l++)
        in[l] = (fg_dbcf_word){1, 0, 10 + l, 100 + l};
    fg_dbcf_out o;
    fg_dbcf_step(d, in, &o);
    /* Lane 2 admitted and bypassed into bank 0; lanes 0, 1, 3 queued in their FIFOs. */
    CU_ASSERT_EQUAL(o.bank_write_M[0].valid, 1);
    CU_ASSERT_EQUAL(o.bank_write_M[0].row, 12);
    CU_ASSERT_EQUAL(o.bank_write_M[0].data, 102);
    CU_ASSERT_EQUAL(o.bank_write_M[1].valid, 0);
    CU_ASSERT_EQUAL(o.accept_new_P[2], 1);
    CU_ASSERT_EQUAL(o.accept_new_P[0] + o.accept_new_P[1] + o.accept_new_P[3], 0);
    CU_ASSERT_EQUAL(o.reject_P[0] + o.reject_P[1] + o.reject_P[2] + o.reject_P[3], 0);
    CU_ASSERT_EQUAL(fg_dbcf_fifo_level(d, 0), 1);
    CU_ASSERT_EQUAL(fg_dbcf_fifo_level(d, 2), 0);
    CU_ASSERT_EQUAL(fg_dbcf_buf_level(d, 0), 0);
    CU_ASSERT_EQUAL(fg_dbcf_lfsr(d), fg_dbcf_lfsr_next(0xACE1));
    /* Cycle 2: no new words; the three heads compete for bank 0. S = 1 admits one per cycle,
     * so it takes exactly three more cycles, one bank-0 write each. */
    for (int l = 0; l < 4; l++)
        in[l].valid = 0;
    int writes = 0, cycles = 0;
    while (!fg_dbcf_empty(d) && cycles < 10) {
        fg_dbcf_step(d, in, &o);
        writes += o.bank_write_M[0].valid;
        CU_ASSERT_EQUAL(o.bank_write_M[1].valid, 0);
        cycles++;
    }
    CU_ASSERT_EQUAL(cycles, 3);
    CU_ASSERT_EQUAL(writes, 3);
    fg_dbcf_destroy(d);
}

/* A lane FIFO holding one word while its SISO keeps producing conflict-free words: with DUAL it
 * drains in the next cycle; with HEAD the backlog of one stays until the producer stops. */
static int backlog_after(fg_dbcf_offer offer, int cycles)
{
    fg_dbcf_cfg c = small_cfg(4, 8, 1, 4, 0);
    c.offer = offer;
    fg_dbcf *d;
    if (fg_dbcf_create(&c, &d))
        return -1;
    fg_dbcf_word in[4];
    fg_dbcf_out o;
    for (int l = 0; l < 4; l++)
        in[l] = (fg_dbcf_word){1, 0, l, l}; /* cycle 0: all to bank 0, three queued */
    fg_dbcf_step(d, in, &o);
    for (int t = 1; t < cycles; t++) {
        for (int l = 0; l < 4; l++)
            in[l] = (fg_dbcf_word){1, 4 + l, t, t}; /* then each lane its own bank */
        fg_dbcf_step(d, in, &o);
    }
    int level = 0;
    for (int l = 0; l < 4; l++)
        level += fg_dbcf_fifo_level(d, l);
    fg_dbcf_destroy(d);
    return level;
}

static void test_dual_offer_drains(void)
{
    /* Three heads for bank 0 drain one per cycle (S=1, B=0): empty after cycle 3 with DUAL. */
    CU_ASSERT_EQUAL(backlog_after(FG_DBCF_OFFER_DUAL, 4), 0);
    CU_ASSERT_EQUAL(backlog_after(FG_DBCF_OFFER_DUAL, 50), 0);
    /* HEAD: while a lane waits for bank 0 its new words queue behind the head; the lanes served in
     * cycles 1, 2, 3 keep 1, 2, 3 words queued for as long as their SISO produces. */
    CU_ASSERT_EQUAL(backlog_after(FG_DBCF_OFFER_HEAD, 4), 1 + 2 + 3);
    CU_ASSERT_EQUAL(backlog_after(FG_DBCF_OFFER_HEAD, 50), 1 + 2 + 3);
}

/* Random traffic: conservation and per-cycle limits. */
static void test_random_traffic_invariants(void)
{
    const int P = 8, M = 4, S = 2, F = 3, B = 2;
    fg_dbcf_cfg c = small_cfg(P, M, S, F, B);
    fg_dbcf *d;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_create(&c, &d), 0);
    unsigned seed = 12345;
    long offered = 0, rejected = 0, written = 0, bad = 0;
    int *seen = calloc(200000, sizeof(int));
    CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
    fg_dbcf_word in[8];
    fg_dbcf_out o;
    for (int t = 0; t < 20000 || !fg_dbcf_empty(d); t++) {
        for (int l = 0; l < P; l++) {
            seed = seed * 1103515245u + 12345u;
            const int valid = t < 20000 && ((seed >> 16) % 4) != 0; /* load 0.75 x 8 / 4 banks = 1.5 */
            in[l] = (fg_dbcf_word){(uint8_t)valid, (int)((seed >> 8) % M), 0, (int)offered};
            if (valid)
                offered++;
        }
        fg_dbcf_step(d, in, &o);
        int admitted = 0;
        for (int l = 0; l < P; l++) {
            rejected += o.reject_P[l];
            if (o.reject_P[l] && (!in[l].valid || o.accept_new_P[l]))
                bad++;
            admitted += o.accept_new_P[l] + o.accept_head_P[l];
        }
        if (admitted > M * S)
            bad++;
        for (int b = 0; b < M; b++) {
            if (fg_dbcf_buf_level(d, b) > B)
                bad++;
            if (o.bank_write_M[b].valid) {
                written++;
                seen[o.bank_write_M[b].data]++;
            }
        }
        for (int l = 0; l < P; l++)
            if (fg_dbcf_fifo_level(d, l) > F)
                bad++;
        if (t > 100000)
            break;
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT(rejected > 0); /* overloaded on purpose */
    CU_ASSERT_EQUAL(written + rejected, offered);
    long dup = 0;
    for (long i = 0; i < offered; i++)
        dup += seen[i] > 1;
    CU_ASSERT_EQUAL(dup, 0);
    free(seen);
    fg_dbcf_destroy(d);
}

static void test_half_iteration_lands_everything(void)
{
    static const struct { fg_std std; int K, pllr, banks; fg_bank_mapping map; } cases[] = {
        {FG_STD_UMTS, 5114, 32, 32, FG_MAP_XMAP}, {FG_STD_UMTS, 40, 64, 64, FG_MAP_XMAP},
        {FG_STD_UMTS, 1001, 16, 32, FG_MAP_XMAP}, {FG_STD_UMTS, 2345, 8, 8, FG_MAP_MOD},
        {FG_STD_UMTS, 777, 12, 12, FG_MAP_BLOCK}, {FG_STD_LTE, 6144, 64, 64, FG_MAP_XMAP},
        {FG_STD_LTE, 40, 4, 3, FG_MAP_MOD}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int dir = 0; dir < 2; dir++) {
            /* Generous buffers: nothing may be lost. */
            fg_dbcf_cfg c = small_cfg(cases[i].pllr, cases[i].banks, FG_DBCF_SELECT_ALL, 64, 512);
            fg_dbcf_result r;
            CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&c, cases[i].std, cases[i].K, (fg_direction)dir, cases[i].map, &r), 0);
            CU_ASSERT_EQUAL(r.overflow, 0);
            CU_ASSERT_EQUAL(r.misplaced, 0);
            CU_ASSERT_EQUAL(r.written, cases[i].K);
            CU_ASSERT_EQUAL(r.C0, (cases[i].K + cases[i].pllr - 1) / cases[i].pllr);
            CU_ASSERT(r.C1 >= r.C0);
            CU_ASSERT_EQUAL(r.dC, r.C1 - r.C0);
        }
}

static void test_losses_are_exactly_the_missing_words(void)
{
    fg_dbcf_cfg c = small_cfg(32, 32, 1, 0, 0); /* no buffering at all */
    fg_dbcf_result r;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&c, FG_STD_UMTS, 5114, FG_DIR_INTERLEAVE, FG_MAP_XMAP, &r), 0);
    CU_ASSERT(r.overflow > 0);
    CU_ASSERT_EQUAL(r.misplaced, r.overflow);
    CU_ASSERT_EQUAL(r.written + r.overflow, 5114);
    CU_ASSERT_EQUAL(r.C1, r.C0); /* nothing is ever queued, so nothing is late */
}

static void test_stalling_producers_lose_nothing(void)
{
    fg_dbcf_cfg c = small_cfg(16, 16, 1, 0, 128);
    c.stall = 1;
    fg_dbcf_result r;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&c, FG_STD_UMTS, 5114, FG_DIR_DEINTERLEAVE, FG_MAP_XMAP, &r), 0);
    CU_ASSERT_EQUAL(r.overflow, 0);
    CU_ASSERT_EQUAL(r.misplaced, 0);
    CU_ASSERT_EQUAL(r.written, 5114);
    CU_ASSERT(r.stalls > 0);
    CU_ASSERT(r.dC > 0);
    CU_ASSERT_EQUAL(r.max_buf, 0); /* S = 1 with bypass: the buffer is never used */
}

/* Without FIFO and buffer (S=1, F=0, B=0) a bank takes exactly one word per cycle, so the words
 * lost are exactly the collisions counted independently from the schedule (identity addresses). */
static long collisions_and_losses(fg_bank_mapping mapping, long *lost)
{
    fg_xmap_schedule s;
    fg_bank_map map;
    if (fg_xmap_schedule_init(&s, 1000, 16) || fg_bank_map_init(&map, mapping, 16, &s))
        return -1;
    int32_t *addr = malloc(sizeof *addr * 1000);
    if (!addr)
        return -1;
    for (int j = 0; j < 1000; j++)
        addr[j] = j;
    fg_dbcf_cfg c = small_cfg(16, 16, 1, 0, 0);
    fg_dbcf_result r;
    long collisions = -1;
    if (!fg_dbcf_half_iteration(&c, &map, addr, NULL, NULL, &r) && r.written + r.overflow == 1000) {
        collisions = 0;
        for (int cyc = 0; cyc < s.cycles; cyc++) {
            int used[16] = {0};
            for (int l = 0; l < 16; l++) {
                int pos = fg_xmap_position(&s, cyc, l), b, row;
                if (pos < 0)
                    continue;
                fg_bank_map_locate(&map, addr[pos], &b, &row);
                collisions += used[b]++ > 0;
            }
        }
        *lost = r.overflow;
    }
    free(addr);
    return collisions;
}

static void test_no_buffer_losses_equal_collisions(void)
{
    long lost = -1;
    CU_ASSERT_EQUAL(collisions_and_losses(FG_MAP_XMAP, &lost), 0); /* natural order: conflict-free */
    CU_ASSERT_EQUAL(lost, 0);
    long c = collisions_and_losses(FG_MAP_BLOCK, &lost); /* lanes 4p, 4p+1 share a block */
    CU_ASSERT(c > 0);
    CU_ASSERT_EQUAL(lost, c);
}

static void test_worst_case_matches_single_runs(void)
{
    fg_dbcf_cfg c = small_cfg(32, 64, 3, 4, 7);
    const int Ks[] = {40, 1234, 5114};
    fg_dbcf_worst w;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_worst_case(&c, FG_STD_UMTS, Ks, 3, FG_DIRS_BOTH, FG_MAP_XMAP, 0, NULL, NULL, &w), 0);
    int max_dC = -1;
    long written = 0;
    for (int i = 0; i < 3; i++)
        for (int dir = 0; dir < 2; dir++) {
            fg_dbcf_result r;
            CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&c, FG_STD_UMTS, Ks[i], (fg_direction)dir, FG_MAP_XMAP, &r), 0);
            if (r.dC > max_dC)
                max_dC = r.dC;
            written += r.written;
        }
    CU_ASSERT_EQUAL(w.all.dC, max_dC);
    CU_ASSERT_EQUAL(w.all.written, written);
    CU_ASSERT_EQUAL(w.sizes_run, 3);
}

static void test_sweep_front(void)
{
    fg_dbcf_cfg base = small_cfg(16, 16, 3, 0, 0);
    const int banks[] = {16, 32}, sel[] = {1, 3}, fifo[] = {0, 2, 4}, buf[] = {0, 4, 12};
    fg_dbcf_grid g = {banks, 2, sel, 2, fifo, 3, buf, 3, 6, 1};
    const int Ks[] = {5114};
    fg_dbcf_point pts[36];
    int n;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_sweep(&base, &g, FG_STD_UMTS, Ks, 1, FG_DIRS_BOTH, FG_MAP_XMAP, NULL, NULL, pts, &n), 0);
    CU_ASSERT_EQUAL_FATAL(n, 36);
    int front = 0;
    for (int i = 0; i < n; i++) {
        if (pts[i].cfg.select == 1 && pts[i].cfg.fifo_depth == 0 && pts[i].cfg.buf_depth == 0)
            CU_ASSERT_EQUAL(pts[i].feasible, 0);
        if (!pts[i].pareto)
            continue;
        front++;
        CU_ASSERT(pts[i].feasible);
        for (int j = 0; j < n; j++)
            if (pts[j].feasible && pts[j].cfg.banks == pts[i].cfg.banks && pts[j].cfg.select == pts[i].cfg.select)
                CU_ASSERT(!(pts[j].bits <= pts[i].bits && pts[j].dC < pts[i].dC) &&
                          !(pts[j].bits < pts[i].bits && pts[j].dC <= pts[i].dC));
    }
    CU_ASSERT(front >= 1);
    /* The same sweep on three threads gives the same points. */
    fg_dbcf_point again[36];
    g.threads = 3;
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_sweep(&base, &g, FG_STD_UMTS, Ks, 1, FG_DIRS_BOTH, FG_MAP_XMAP, NULL, NULL, again, &n), 0);
    CU_ASSERT_EQUAL_FATAL(n, 36);
    for (int i = 0; i < n; i++) {
        CU_ASSERT_EQUAL(again[i].cfg.buf_depth, pts[i].cfg.buf_depth);
        CU_ASSERT_EQUAL(again[i].feasible, pts[i].feasible);
        CU_ASSERT_EQUAL(again[i].dC, pts[i].dC);
        CU_ASSERT_EQUAL(again[i].bits, pts[i].bits);
        CU_ASSERT_EQUAL(again[i].pareto, pts[i].pareto);
    }
}

static void test_buffer_bits(void)
{
    /* 32 lanes x 4 x (6 bank + 8 row + 6 data) + 64 banks x 7 x (8 + 6) = 2560 + 6272. */
    fg_dbcf_cfg c = small_cfg(32, 64, 3, 4, 7);
    CU_ASSERT_EQUAL(fg_dbcf_buffer_bits(&c, 160, 6), 32L * 4 * 20 + 64L * 7 * 14);
}

/* Regression: the K = 5114 rows of docs/dbcf.md (thesis Tables 4.2 and 4.3). These values are the
 * model's own; a change here must come with a change of the documented tables. */
static void test_documented_thesis_rows(void)
{
    static const struct {
        int pllr, banks, select, fifo, buf, stall;
        fg_bank_mapping map;
        int dC[2];
        long lost[2];
    } rows[] = {
        {16, 16, 1, 0, 128, 1, FG_MAP_XMAP, {428, 343}, {0, 0}},
        {16, 16, FG_DBCF_SELECT_ALL, 0, 128, 0, FG_MAP_XMAP, {66, 6}, {0, 0}},
        {16, 16, 3, 4, 12, 0, FG_MAP_XMAP, {23, 6}, {695, 0}},
        {16, 32, 3, 3, 4, 0, FG_MAP_XMAP_XOR, {2, 1}, {0, 0}},
        {32, 32, 1, 0, 128, 1, FG_MAP_XMAP_XOR, {189, 189}, {0, 0}},
        {32, 32, 3, 8, 12, 0, FG_MAP_XMAP, {15, 9}, {4, 0}},
        {32, 32, 3, 8, 12, 0, FG_MAP_XMAP_XOR, {16, 10}, {0, 0}},
        {32, 64, 3, 4, 7, 0, FG_MAP_XMAP, {2, 3}, {0, 0}},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        for (int dir = 0; dir < 2; dir++) {
            fg_dbcf_cfg c = small_cfg(rows[i].pllr, rows[i].banks, rows[i].select, rows[i].fifo, rows[i].buf);
            c.stall = rows[i].stall;
            fg_dbcf_result r;
            CU_ASSERT_EQUAL_FATAL(fg_dbcf_run(&c, FG_STD_UMTS, 5114, (fg_direction)dir, rows[i].map, &r), 0);
            CU_ASSERT_EQUAL(r.C0, 5114 / rows[i].pllr + 1);
            CU_ASSERT_EQUAL(r.dC, rows[i].dC[dir]);
            CU_ASSERT_EQUAL(r.overflow, rows[i].lost[dir]);
        }
}

/* overflow (sticky, the RTL's overflow_o) and empty (done_o) on the registered state: three lanes
 * into bank 0 with S = 1, F = 1, B = 0 (one write, two FIFO entries), then again (one FIFO
 * has room after its pop, the other rejects); reset clears the flag. */
static void test_overflow_and_done_flags(void)
{
    fg_dbcf *d;
    fg_dbcf_cfg c = small_cfg(4, 4, 1, 1, 0);
    CU_ASSERT_EQUAL_FATAL(fg_dbcf_create(&c, &d), 0);
    fg_dbcf_word lane[4] = {{1, 0, 0, 10}, {1, 0, 1, 11}, {1, 0, 2, 12}, {0, 0, 0, 0}};
    fg_dbcf_out o;
    CU_ASSERT_EQUAL(fg_dbcf_overflow(d), 0);
    CU_ASSERT_EQUAL(fg_dbcf_empty(d), 1);
    fg_dbcf_step(d, lane, &o);
    int rej = o.reject_P[0] + o.reject_P[1] + o.reject_P[2];
    CU_ASSERT_EQUAL(rej, 0);
    CU_ASSERT_EQUAL(fg_dbcf_overflow(d), 0);
    CU_ASSERT_EQUAL(fg_dbcf_empty(d), 0); /* two words queued */
    for (int l = 0; l < 3; l++)
        lane[l].row += 3;
    fg_dbcf_step(d, lane, &o);
    rej = o.reject_P[0] + o.reject_P[1] + o.reject_P[2];
    CU_ASSERT(rej >= 1);
    CU_ASSERT_EQUAL(fg_dbcf_overflow(d), 1);
    const fg_dbcf_word idle[4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
    for (int t = 0; t < 8; t++)
        fg_dbcf_step(d, idle, &o);
    CU_ASSERT_EQUAL(fg_dbcf_empty(d), 1);  /* drained */
    CU_ASSERT_EQUAL(fg_dbcf_overflow(d), 1); /* sticky */
    fg_dbcf_reset(d);
    CU_ASSERT_EQUAL(fg_dbcf_overflow(d), 0);
    fg_dbcf_destroy(d);
}

static void test_bad_config(void)
{
    fg_dbcf *d;
    fg_dbcf_cfg c = small_cfg(32, 32, 65, 8, 12);
    CU_ASSERT_EQUAL(fg_dbcf_create(&c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "select=65 out of range [1, 64]"));
    c = small_cfg(32, 32, 3, -1, 12);
    CU_ASSERT_EQUAL(fg_dbcf_create(&c, &d), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "fifo_depth=-1"));
    c = small_cfg(32, 32, 3, 8, 12);
    c.lfsr_seed = 0;
    CU_ASSERT_EQUAL(fg_dbcf_create(&c, &d), FG_EINVAL);
    fg_dbcf_result r;
    c = small_cfg(32, 48, 3, 8, 12);
    CU_ASSERT_EQUAL(fg_dbcf_run(&c, FG_STD_UMTS, 5114, FG_DIR_INTERLEAVE, FG_MAP_XMAP, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "multiple of PLLR=32"));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"lfsr_is_maximal", test_lfsr_is_maximal},
        {"one_cycle_by_hand", test_one_cycle_by_hand},
        {"dual_offer_drains", test_dual_offer_drains},
        {"random_traffic_invariants", test_random_traffic_invariants},
        {"half_iteration_lands_everything", test_half_iteration_lands_everything},
        {"losses_are_exactly_the_missing_words", test_losses_are_exactly_the_missing_words},
        {"stalling_producers_lose_nothing", test_stalling_producers_lose_nothing},
        {"no_buffer_losses_equal_collisions", test_no_buffer_losses_equal_collisions},
        {"worst_case_matches_single_runs", test_worst_case_matches_single_runs},
        {"sweep_front", test_sweep_front},
        {"buffer_bits", test_buffer_bits},
        {"documented_thesis_rows", test_documented_thesis_rows},
        {"overflow_and_done_flags", test_overflow_and_done_flags},
        {"bad_config", test_bad_config},
        {NULL, NULL}};
    fg_add_suite("dbcf", cases);
}
