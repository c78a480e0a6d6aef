/* Interleaver write-path subsystem: IAG + LLR delay + bank mapper + DBCF + banks. */
#include "fg_cunit.h"
#include "fecforge/error.h"
#include "fecforge/subsystem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fg_subsys_cfg cfg_of(fg_std std, int K, int pllr, int banks, fg_bank_mapping map, int select, int fifo, int buf)
{
    fg_subsys_cfg c = fg_subsys_cfg_default();
    c.std = std;
    c.K = K;
    c.pllr = pllr;
    c.dbcf.pllr = pllr;
    c.dbcf.banks = banks;
    c.dbcf.select = select;
    c.dbcf.fifo_depth = fifo;
    c.dbcf.buf_depth = buf;
    c.mapping = map;
    return c;
}

/* Every LLR lands exactly once at map(pi^{+-1}(x)) with its tag: both standards, both modes, three
 * mappings, several K and PLLR, with buffers deep enough that nothing is lost. */
static void test_half_iteration_lands_everything(void)
{
    static const struct { fg_std std; int K; } sizes[] = {
        {FG_STD_UMTS, 40}, {FG_STD_UMTS, 997}, {FG_STD_UMTS, 5114}, {FG_STD_LTE, 40}, {FG_STD_LTE, 1056},
        {FG_STD_LTE, 6144}};
    static const fg_bank_mapping maps[] = {FG_MAP_XMAP, FG_MAP_XMAP_XOR, FG_MAP_MOD};
    static const int pllrs[] = {8, 32};
    int runs = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (size_t m = 0; m < 3; m++)
            for (size_t p = 0; p < 2; p++)
                for (int inverse = 0; inverse < 2; inverse++) {
                    const int P = pllrs[p];
                    fg_subsys_cfg c = cfg_of(sizes[i].std, sizes[i].K, P, 2 * P, maps[m], 4, 64, 64);
                    fg_subsys_result r;
                    CU_ASSERT_EQUAL_FATAL(fg_subsys_run(&c, inverse, 13, &r), 0);
                    const int L = sizes[i].std == FG_STD_UMTS ? 3 : 1;
                    CU_ASSERT_EQUAL(r.latency, L);
                    CU_ASSERT_EQUAL(r.C0, (sizes[i].K + P - 1) / P);
                    CU_ASSERT_EQUAL(r.misplaced, 0);
                    CU_ASSERT_EQUAL(r.rejected, 0);
                    CU_ASSERT_EQUAL(r.errs, 0);
                    CU_ASSERT_EQUAL(r.written, sizes[i].K);
                    CU_ASSERT(r.C1 >= r.C0 + L);
                    CU_ASSERT_EQUAL(r.dC, r.C1 - r.C0 - L);
                    CU_ASSERT(r.start_cycle > 0);
                    CU_ASSERT_EQUAL(r.trace_cycles, r.start_cycle + 1 + (r.C1 > r.C0 + L ? r.C1 : r.C0 + L));
                    runs++;
                }
    CU_ASSERT_EQUAL(runs, 72);
}

/* Tags truncated to a narrow width still land (the check compares the truncated value). */
static void test_narrow_data(void)
{
    fg_subsys_cfg c = cfg_of(FG_STD_LTE, 512, 8, 8, FG_MAP_XMAP_XOR, 3, 8, 12);
    fg_subsys_result r;
    CU_ASSERT_EQUAL_FATAL(fg_subsys_run(&c, 1, 4, &r), 0);
    CU_ASSERT_EQUAL(r.misplaced, 0);
    CU_ASSERT_EQUAL(r.written, 512);
    CU_ASSERT_EQUAL(fg_subsys_run(&c, 1, 0, &r), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "data_width=0 out of range [1, 31]"));
}

/* No FIFO, no buffer, S = 1: the UMTS xmap write traffic collides, every loss is a rejected word,
 * and each one is exactly one missing LLR (nothing else is misplaced). */
static void test_losses_are_rejections(void)
{
    fg_subsys_cfg c = cfg_of(FG_STD_UMTS, 5114, 8, 8, FG_MAP_XMAP, 1, 0, 0);
    fg_subsys_result r;
    CU_ASSERT_EQUAL_FATAL(fg_subsys_run(&c, 1, 13, &r), 0);
    CU_ASSERT(r.rejected > 0);
    CU_ASSERT_EQUAL(r.misplaced, r.rejected);
    CU_ASSERT_EQUAL(r.written + r.rejected, 5114);
}

/* Step level: one LLR on one lane reaches its bank exactly L cycles after it entered (bypass),
 * at map(pi^-1(x)) with its own value; a wrong x gives err and nothing reaches the DBCF. */
static void step_one_word(fg_std std, int K)
{
    fg_subsys_cfg c = cfg_of(std, K, 8, 16, FG_MAP_XMAP, 2, 2, 2);
    fg_subsys *s;
    CU_ASSERT_EQUAL_FATAL(fg_subsys_create(&c, &s), 0);
    fg_xmap_schedule sch;
    fg_xmap_schedule_init(&sch, K, 8);
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    CU_ASSERT_EQUAL_FATAL(fg_write_addresses(std, K, FG_DIR_INTERLEAVE, addr), 0);
    fg_subsys_out out;
    fg_subsys_in in = {0, 0, NULL};
    fg_iag_info info;
    long n = 0;
    do {
        fg_subsys_step(s, &in, &out);
        fg_iag_get_info(fg_subsys_iag(s), &info);
    } while (info.preprocess_cycles < 0 && ++n < 100000);
    CU_ASSERT_FATAL(info.preprocess_cycles >= 0);
    in.start = 1;
    in.inverse = 1;
    fg_subsys_step(s, &in, &out);
    in.start = 0;
    fg_subsys_lane_in lane[8];
    memset(lane, 0, sizeof lane);
    in.lane_in = lane;
    const int x = fg_xmap_position(&sch, 0, 1), xbad = fg_xmap_position(&sch, 0, 2) + 1;
    lane[1] = (fg_subsys_lane_in){1, x, 1234};
    lane[2] = (fg_subsys_lane_in){1, xbad, 999}; /* not the position lane 2 serves */
    const int L = fg_subsys_latency(s);
    int bank, row;
    fg_bank_map_locate(fg_subsys_map(s), addr[x], &bank, &row);
    int seen_write = 0, seen_err = 0;
    for (int t = 0; t <= L + 1; t++) {
        fg_subsys_step(s, &in, &out);
        memset(lane, 0, sizeof lane);
        CU_ASSERT_EQUAL(out.lane_err_P[2], t == L);
        CU_ASSERT_EQUAL(out.word_P[2].valid, 0);
        seen_err += out.lane_err_P[2];
        for (int b = 0; b < 16; b++) {
            const fg_dbcf_word *w = &out.dbcf.bank_write_M[b];
            if (!w->valid)
                continue;
            seen_write++;
            CU_ASSERT_EQUAL(t, L);
            CU_ASSERT_EQUAL(b, bank);
            CU_ASSERT_EQUAL(w->row, row);
            CU_ASSERT_EQUAL(w->data, 1234);
        }
    }
    CU_ASSERT_EQUAL(seen_write, 1);
    CU_ASSERT_EQUAL(seen_err, 1);
    const uint32_t *wn;
    const int32_t *mem = fg_subsys_bank_mem(s, &wn);
    const size_t cell = (size_t)bank * (size_t)fg_subsys_map(s)->depth + (size_t)row;
    CU_ASSERT_EQUAL(wn[cell], 1);
    CU_ASSERT_EQUAL(mem[cell], 1234);
    free(addr);
    fg_subsys_destroy(s);
}

static void test_one_word_umts(void) { step_one_word(FG_STD_UMTS, 1000); }
static void test_one_word_lte(void) { step_one_word(FG_STD_LTE, 1008); }

/* The arithmetic of the generated bank mapper (gen/src/gen_subsys.c, docs/rtl-subsystem.md), bit for
 * bit: 13-bit ports, L = 4*ceil(K/PLLR) from K by a shift, the SISO index by restoring division,
 * sub-bank and row by bit selects (PLLR, M/PLLR, M powers of 2). The RTL's equality with this is what
 * the vector tests prove; this proves the arithmetic equal to fg_bank_map_locate. */
static int ilog2(int n)
{
    int b = 0;
    while ((1 << b) < n)
        b++;
    return b;
}

static void rtl_mapper(fg_bank_mapping mapping, int P, int M, int K, int a, int *bank, int *row)
{
    if (mapping == FG_MAP_MOD) {
        *bank = a & (M - 1);
        *row = (a & 0x1fff) >> ilog2(M);
        return;
    }
    const int LP = ilog2(P), QW = ilog2(P / 4), SW = ilog2(M / P);
    const unsigned k_up = ((unsigned)K + (unsigned)P - 1u) & 0x3fffu;
    const unsigned len = ((k_up >> LP) << 2) & 0x1fffu;
    unsigned r = (unsigned)a & 0x1fffu, q = 0;
    for (int k = QW - 1; k >= 0; k--) {
        const unsigned d = len << k;
        if (r >= d) {
            r -= d;
            q |= 1u << k;
        }
    }
    const unsigned off = r & 0x1fffu, half = len >> 1, lo = off < half;
    const unsigned back = (len - off - 1u) & 0x1fffu, sel = lo ? off : back, t = sel >> 1;
    unsigned pair = sel & 1u;
    unsigned sub = t & ((1u << SW) - 1u);
    if (mapping == FG_MAP_XMAP_XOR) {
        pair ^= (unsigned)__builtin_parity(t >> 1);
        sub = (t + (unsigned)__builtin_popcount(t >> SW)) & ((1u << SW) - 1u);
    }
    const unsigned lane = (q << 2) | ((lo ? 0u : 1u) << 1) | pair;
    *bank = (int)((lane << SW) | sub);
    *row = (int)(t >> SW);
}

/* Every block size of both standards, every address, xmap / xmap-xor / mod, for the RTL's
 * configurations: the mapper arithmetic equals fg_bank_map_locate everywhere. */
static void test_rtl_mapper_exact(void)
{
    static const struct { int P, M; } cfgs[] = {{8, 16}, {32, 64}, {4, 4}, {16, 64}, {64, 64}};
    static const fg_bank_mapping maps[] = {FG_MAP_XMAP, FG_MAP_XMAP_XOR, FG_MAP_MOD};
    long checked = 0, wrong = 0;
    for (int std = 0; std < 2; std++) {
        const fg_std sd = std ? FG_STD_LTE : FG_STD_UMTS;
        const int n = fg_interleaver_num_sizes(sd);
        for (size_t ci = 0; ci < sizeof cfgs / sizeof *cfgs; ci++)
            for (size_t mi = 0; mi < 3; mi++) {
                /* all sizes for the two test configurations, every 7th size for the others */
                const int step = ci < 2 ? 1 : 7;
                for (int i = 0; i < n; i += step) {
                    const int K = fg_interleaver_size(sd, i);
                    fg_xmap_schedule sch;
                    fg_bank_map map;
                    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&sch, K, cfgs[ci].P), 0);
                    CU_ASSERT_EQUAL_FATAL(fg_bank_map_init(&map, maps[mi], cfgs[ci].M, &sch), 0);
                    for (int a = 0; a < K; a++) {
                        int b0, r0, b1, r1;
                        fg_bank_map_locate(&map, a, &b0, &r0);
                        rtl_mapper(maps[mi], cfgs[ci].P, cfgs[ci].M, K, a, &b1, &r1);
                        wrong += b0 != b1 || r0 != r1;
                        checked++;
                    }
                }
            }
    }
    CU_ASSERT_EQUAL(wrong, 0);
    printf("rtl_mapper_exact: %ld (K, address) pairs checked\n", checked);
    CU_ASSERT(checked > 80000000L);
}

static void test_bad_config(void)
{
    fg_subsys *s;
    fg_subsys_cfg c = cfg_of(FG_STD_UMTS, 1000, 8, 16, FG_MAP_XMAP, 2, 2, 2);
    c.dbcf.pllr = 16;
    CU_ASSERT_EQUAL(fg_subsys_create(&c, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "dbcf.pllr=16 invalid: must equal pllr=8"));
    c = cfg_of(FG_STD_UMTS, 1000, 8, 12, FG_MAP_XMAP, 2, 2, 2);
    CU_ASSERT_EQUAL(fg_subsys_create(&c, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "multiple of PLLR=8"));
    c = cfg_of(FG_STD_LTE, 1001, 8, 16, FG_MAP_XMAP, 2, 2, 2);
    CU_ASSERT_EQUAL(fg_subsys_create(&c, &s), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 1000, 6, 12, FG_MAP_MOD, 2, 2, 2);
    CU_ASSERT_EQUAL(fg_subsys_create(&c, &s), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 1008, 8, 16, FG_MAP_MOD, 2, 2, 2);
    c.dbcf.stall = 1;
    CU_ASSERT_EQUAL(fg_subsys_create(&c, &s), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "dbcf.stall=1 invalid"));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"half_iteration_lands_everything", test_half_iteration_lands_everything},
        {"narrow_data", test_narrow_data},
        {"losses_are_rejections", test_losses_are_rejections},
        {"one_word_umts", test_one_word_umts},
        {"one_word_lte", test_one_word_lte},
        {"rtl_mapper_exact", test_rtl_mapper_exact},
        {"bad_config", test_bad_config},
        {NULL, NULL}};
    fg_add_suite("subsystem", cases);
}
