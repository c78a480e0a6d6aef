/* IAG step models against the table interleavers, inverse QPP degrees, preprocessing, errors. */
#include "fg_cunit.h"
#include "fecforge/iag.h"
#include "fecforge/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int PLLRS[] = {4, 8, 12, 16, 32, 64};
enum { N_PLLRS = sizeof PLLRS / sizeof PLLRS[0] };

/* One (std, K, pllr): create once, both modes, compare with the table. Returns mismatches. */
static int check_k(fg_std std, int K, int pllr, int32_t *pi, int32_t *inv, int32_t *addr)
{
    if (fg_interleaver_table(std, K, pi))
        return 1;
    fg_permutation_invert(K, pi, inv);
    fg_xmap_schedule s;
    if (fg_xmap_schedule_init(&s, K, pllr))
        return 1;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_xmap_program(&s, prog);
    fg_iag_cfg cfg = {std, K, pllr, prog};
    fg_iag *g;
    if (fg_iag_create(&cfg, &g)) {
        fprintf(stderr, "create %s K=%d P=%d: %s\n", fg_std_name(std), K, pllr, fg_last_error());
        return 1;
    }
    int bad = 0;
    for (int mode = 0; mode < 2; mode++) {
        long cycles = 0;
        if (fg_iag_run_xmap(g, &s, mode, addr, &cycles)) {
            fprintf(stderr, "%s\n", fg_last_error());
            bad++;
            continue;
        }
        const int lat = std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
        if (cycles != 1 + s.cycles + lat)
            bad++;
        if (memcmp(addr, mode ? inv : pi, sizeof *addr * (size_t)K)) {
            if (bad < 3)
                fprintf(stderr, "%s K=%d PLLR=%d %s differs from the table\n", fg_std_name(std), K, pllr,
                        mode ? "inverse" : "forward");
            bad++;
        }
    }
    fg_iag_destroy(g);
    return bad;
}

/* Every K of both standards, both modes, PLLR 4, 8, 12, 16, 32, 64, XMAP lane order (about 6 s at -O2). */
static void test_every_k_every_pllr(void)
{
    int32_t *pi = malloc(4 * FG_K_MAX), *inv = malloc(4 * FG_K_MAX), *addr = malloc(4 * FG_K_MAX);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pi && inv && addr ? pi : NULL);
    for (int s = 0; s < 2; s++) {
        int bad = 0, runs = 0;
        for (int i = 0; i < fg_interleaver_num_sizes((fg_std)s); i++)
            for (int p = 0; p < N_PLLRS; p++, runs++)
                bad += check_k((fg_std)s, fg_interleaver_size((fg_std)s, i), PLLRS[p], pi, inv, addr);
        CU_ASSERT_EQUAL(bad, 0);
        CU_ASSERT_EQUAL(runs, N_PLLRS * (s ? 188 : 5075));
    }
    free(pi);
    free(inv);
    free(addr);
}

/* Lanes that are not XMAP's: strides +-1 over the whole block, and a lane per residue class. */
static int run_program(fg_std std, int K, const fg_iag_lane_prog *prog, int lanes, int inverse, const int32_t *ref)
{
    fg_iag_cfg cfg = {std, K, lanes, prog};
    fg_iag *g;
    if (fg_iag_create(&cfg, &g))
        return 1;
    fg_iag_out out = {0, NULL};
    while (!out.ready)
        fg_iag_step(g, NULL, &out);
    fg_iag_in in = {1, (uint8_t)inverse, NULL};
    fg_iag_step(g, &in, &out);
    fg_iag_lane_in li[4];
    int pos[4], bad = 0, lat = std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    int hist[64][4];
    for (int l = 0; l < lanes; l++)
        pos[l] = prog[l].start;
    in.start = 0;
    in.lane_in = li;
    for (int c = 0; c < K + lat; c++) {
        for (int l = 0; l < lanes; l++) {
            const int v = c < K && pos[l] >= 0 && pos[l] < K;
            li[l].valid = (uint8_t)v;
            li[l].x = v ? pos[l] : 0;
            hist[c % 64][l] = v ? pos[l] : -1;
            if (v)
                pos[l] += prog[l].stride;
        }
        fg_iag_step(g, &in, &out);
        for (int l = 0; c >= lat && l < lanes; l++) {
            const int x = hist[(c - lat) % 64][l];
            if (out.lane_out[l].err || out.lane_out[l].valid != (x >= 0) || (x >= 0 && out.lane_out[l].addr != ref[x]))
                bad++;
        }
    }
    fg_iag_destroy(g);
    return bad;
}

static void test_strides(void)
{
    int32_t *pi = malloc(4 * FG_K_MAX), *inv = malloc(4 * FG_K_MAX);
    CU_ASSERT_PTR_NOT_NULL_FATAL(pi && inv ? pi : NULL);
    const int Ks[2][6] = {{40, 41, 159, 530, 2281, 5114}, {40, 168, 1056, 4992, 6016, 6144}};
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < 6; i++) {
            const int K = Ks[s][i];
            CU_ASSERT_EQUAL_FATAL(fg_interleaver_table((fg_std)s, K, pi), 0);
            fg_permutation_invert(K, pi, inv);
            const fg_iag_lane_prog prog[4] = {{0, 1}, {K - 1, -1}, {1, 2}, {K - 2, -2}};
            for (int mode = 0; mode < 2; mode++)
                CU_ASSERT_EQUAL(run_program((fg_std)s, K, prog, 4, mode, mode ? inv : pi), 0);
        }
    free(pi);
    free(inv);
}

/* Our counts: 1 linear (K = 168: f2 = K/2 makes the QPP linear, f(x) = 17x), 152 quadratic, 31 cubic,
 * 4 quartic. The thesis's 153 quadratic counts K = 168 there (a linear inverse is a quadratic one). */
static void test_inverse_degrees(void)
{
    int count[FG_LTE_INV_DEG_MAX + 1] = {0};
    for (int i = 0; i < FG_LTE_NUM_SIZES; i++) {
        const int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_lte_inv_poly g;
        fg_lte_qpp q;
        CU_ASSERT_EQUAL_FATAL(fg_lte_inverse_poly(K, &g), 0);
        CU_ASSERT_EQUAL_FATAL(fg_lte_qpp_params(K, &q), 0);
        CU_ASSERT(g.degree >= 1 && g.degree <= FG_LTE_INV_DEG_MAX);
        CU_ASSERT(g.h[g.degree] != 0);
        count[g.degree]++;
        int bad = 0; /* g(pi(x)) = x for every x, evaluated independently (powers, not Horner) */
        for (long long x = 0; x < K; x++) {
            const long long y = (q.f1 * x + q.f2 * x % K * x) % K;
            long long v = 0, pw = 1;
            for (int k = 1; k <= FG_LTE_INV_DEG_MAX; k++) {
                pw = pw * y % K;
                v = (v + (long long)g.h[k] * pw) % K;
            }
            bad += v != x;
        }
        CU_ASSERT_EQUAL(bad, 0);
    }
    CU_ASSERT_EQUAL(count[1], 1);
    CU_ASSERT_EQUAL(count[2], 152);
    CU_ASSERT_EQUAL(count[3], 31);
    CU_ASSERT_EQUAL(count[4], 4);
    fg_lte_inv_poly g;
    CU_ASSERT_EQUAL(fg_lte_inverse_poly(168, &g), 0);
    CU_ASSERT_EQUAL(g.degree, 1);
    CU_ASSERT_EQUAL(g.h[1], 89); /* 17 * 89 = 1513 = 9*168 + 1 */
    CU_ASSERT_EQUAL(fg_lte_inverse_poly(100, &g), FG_EINVAL);
}

/* Preprocessing derives what the table model computes, in (pidx+1) + R + (p-1) + (C+1) cycles. */
static void test_umts_preprocessing(void)
{
    int bad = 0;
    long worst = 0;
    for (int K = FG_UMTS_K_MIN; K <= FG_UMTS_K_MAX; K++) {
        fg_umts_params u;
        CU_ASSERT_EQUAL_FATAL(fg_umts_params_compute(K, &u), 0);
        const fg_iag_lane_prog prog = {K / 2, 2};
        fg_iag_cfg cfg = {FG_STD_UMTS, K, 1, &prog};
        fg_iag *g;
        CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
        fg_iag_out out = {0, NULL};
        long n = 0;
        for (; !out.ready && n < 10000; n++)
            fg_iag_step(g, NULL, &out);
        fg_iag_info info;
        fg_iag_get_info(g, &info);
        int pidx = 0;
        while (fg_umts_primes[pidx] != u.p)
            pidx++;
        const long formula = (pidx + 1) + u.R + (u.p - 1) + (u.C + 1);
        bad += info.R != u.R || info.C != u.C || info.p != u.p || info.v != u.v ||
               info.preprocess_cycles != formula || n != formula + 1 || info.latency != FG_IAG_LATENCY_UMTS ||
               info.dummies != u.R * u.C - K || info.rows_used != (K + u.C - 1) / u.C;
        if (info.preprocess_cycles > worst)
            worst = info.preprocess_cycles;
        fg_iag_destroy(g);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(worst, 52 + 20 + 256 + 257); /* K >= 5041: p = 257, C = 256 */
}

/* LTE preprocessing: 1 ROM cycle + per used lane 3*2 (forward) + n(n+1) (inverse) Horner cycles. */
static void test_lte_preprocessing(void)
{
    int32_t addr[6144];
    fg_iag_info info;
    CU_ASSERT_EQUAL_FATAL(fg_iag_addresses(FG_STD_LTE, 6144, 64, 0, addr, &info), 0);
    CU_ASSERT_EQUAL(info.inv.degree, 2);
    CU_ASSERT_EQUAL(info.preprocess_cycles, 1 + 64 * (6 + 6));
    CU_ASSERT_EQUAL(info.latency, FG_IAG_LATENCY_LTE);
    CU_ASSERT_EQUAL_FATAL(fg_iag_addresses(FG_STD_LTE, 4992, 32, 1, addr, &info), 0);
    CU_ASSERT_EQUAL(info.inv.degree, 4);
    CU_ASSERT_EQUAL(info.preprocess_cycles, 1 + 32 * (6 + 20));
    CU_ASSERT_EQUAL(info.f1, 127);
    CU_ASSERT_EQUAL(info.f2, 234);
}

/* Latency, err on a valid input before ready, on an unused lane and on a wrong position. */
static void test_handshake(void)
{
    for (int s = 0; s < 2; s++) {
        const fg_std std = (fg_std)s;
        const int K = 40, lat = s ? FG_IAG_LATENCY_LTE : FG_IAG_LATENCY_UMTS;
        int32_t pi[40];
        CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(std, K, pi), 0);
        const fg_iag_lane_prog prog[2] = {{3, 2}, {-1, 2}};
        fg_iag_cfg cfg = {std, K, 2, prog};
        fg_iag *g;
        CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
        fg_iag_lane_in li[2] = {{1, 3}, {0, 0}};
        fg_iag_in in = {0, 0, li};
        fg_iag_out out;
        fg_iag_step(g, &in, &out); /* valid before ready: err lat cycles later */
        CU_ASSERT_EQUAL(out.ready, 0);
        li[0].valid = 0;
        int errs = 0;
        for (int c = 1; c <= lat; c++) {
            fg_iag_step(g, &in, &out);
            errs += out.lane_out[0].err + out.lane_out[0].valid;
        }
        CU_ASSERT_EQUAL(errs, 1);
        CU_ASSERT_EQUAL(out.lane_out[0].err, 1);
        while (!out.ready)
            fg_iag_step(g, &in, &out);
        /* calls: 0 start, 1 x=3 (and lane 1 unused), 2 x=7 (expected 5), 3 x=5, then idle */
        fg_iag_lane_out o0[12], o1[12];
        for (int c = 0; c < 12; c++) {
            in.start = c == 0;
            li[0] = (fg_iag_lane_in){(uint8_t)(c >= 1 && c <= 3), c == 1 ? 3 : c == 2 ? 7 : 5};
            li[1] = (fg_iag_lane_in){(uint8_t)(c == 1), 0};
            fg_iag_step(g, &in, &out);
            o0[c] = out.lane_out[0];
            o1[c] = out.lane_out[1];
        }
        for (int c = 0; c < 12; c++) {
            const int want_valid = c == 1 + lat || c == 3 + lat, want_err = c == 2 + lat;
            CU_ASSERT_EQUAL(o0[c].valid, want_valid);
            CU_ASSERT_EQUAL(o0[c].err, want_err);
            CU_ASSERT_EQUAL(o1[c].err, c == 1 + lat);
            CU_ASSERT_EQUAL(o1[c].valid, 0);
        }
        CU_ASSERT_EQUAL(o0[1 + lat].addr, pi[3]);
        CU_ASSERT_EQUAL(o0[3 + lat].addr, pi[5]);
        fg_iag_destroy(g);
    }
}

/* The interleave-only hardware: an inverse start serves nothing (err for every valid input), a forward one
 * as before; LTE has no such variant. */
static void test_forward_only(void)
{
    const fg_iag_lane_prog prog[4] = {{0, 1}, {10, 1}, {20, 1}, {39, -1}};
    fg_iag_cfg cfg = {FG_STD_UMTS, 40, 4, prog};
    fg_iag *g;
    CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
    CU_ASSERT_EQUAL(fg_iag_set_forward_only(g, 1), 0);
    fg_iag_reset(g); /* kept */
    fg_iag_lane_in li[4];
    fg_iag_in in = {0, 0, li};
    fg_iag_out out = {0, NULL};
    while (!out.ready)
        fg_iag_step(g, NULL, &out);
    for (int mode = 1; mode >= 0; mode--) {
        int valid = 0, err = 0;
        in.start = 1;
        in.inverse = (uint8_t)mode;
        in.lane_in = NULL;
        fg_iag_step(g, &in, &out);
        in.start = 0;
        in.lane_in = li;
        for (int c = 0; c < 5 + FG_IAG_LATENCY_UMTS; c++) {
            for (int l = 0; l < 4; l++)
                li[l] = (fg_iag_lane_in){(uint8_t)(c < 5), prog[l].start + c * prog[l].stride};
            fg_iag_step(g, &in, &out);
            for (int l = 0; l < 4; l++) {
                valid += out.lane_out[l].valid;
                err += out.lane_out[l].err;
            }
        }
        CU_ASSERT_EQUAL(valid, mode ? 0 : 20);
        CU_ASSERT_EQUAL(err, mode ? 20 : 0);
    }
    fg_iag_destroy(g);
    cfg.std = FG_STD_LTE;
    CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
    CU_ASSERT_EQUAL(fg_iag_set_forward_only(g, 1), FG_EINVAL);
    fg_iag_destroy(g);
}

static void test_bad_config(void)
{
    fg_iag_lane_prog prog[4] = {{0, 2}, {1, 2}, {5, -2}, {4, -2}};
    fg_iag_cfg cfg = {FG_STD_UMTS, 40, 4, prog};
    fg_iag *g = (fg_iag *)&cfg;
    CU_ASSERT_EQUAL(fg_iag_check_pllr(6), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "PLLR=6"));
    CU_ASSERT_EQUAL(fg_iag_check_pllr(0), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_iag_check_pllr(FG_IAG_LANES_MAX + 4), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_iag_check_pllr(12), 0);
    int32_t addr[64];
    CU_ASSERT_EQUAL(fg_iag_addresses(FG_STD_LTE, 40, 10, 0, addr, NULL), FG_EINVAL);
    CU_ASSERT_EQUAL(fg_iag_addresses(FG_STD_LTE, 41, 4, 0, addr, NULL), FG_EINVAL);
    cfg.K = 5115;
    CU_ASSERT_EQUAL(fg_iag_create(&cfg, &g), FG_EINVAL);
    CU_ASSERT_PTR_NULL(g);
    cfg.K = 40;
    prog[2].stride = 3;
    CU_ASSERT_EQUAL(fg_iag_create(&cfg, &g), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "stride=3"));
    prog[2].stride = -2;
    prog[1].start = 40;
    CU_ASSERT_EQUAL(fg_iag_create(&cfg, &g), FG_EINVAL);
    prog[1].start = 1;
    cfg.lanes = 0;
    CU_ASSERT_EQUAL(fg_iag_create(&cfg, &g), FG_EINVAL);
    cfg.lanes = 4;
    CU_ASSERT_EQUAL_FATAL(fg_iag_create(&cfg, &g), 0);
    fg_iag_destroy(g);
}

/* Storage: thesis 4.7.1 quotes 65 Kb of runtime parameter storage at PLLR = 32. */
static void test_memory(void)
{
    fg_iag_memory m, m64;
    CU_ASSERT_EQUAL_FATAL(fg_iag_memory_size(FG_STD_UMTS, 32, &m), 0);
    CU_ASSERT_EQUAL(m.ram_bits, 32L * (256 * 8 + 16 * 24));
    CU_ASSERT_EQUAL(m.rom_bits, 52 * 14 + 80 * 5 + 2 * 1040 * 8);
    CU_ASSERT_EQUAL(m.total_bits, m.rom_bits + m.ram_bits + m.reg_bits);
    CU_ASSERT_EQUAL(m.runtime_bits, m.ram_bits + m.reg_bits);
    long s_bits = 0;
    for (int i = 0; i < m.n; i++)
        if (strstr(m.item[i].name, "s/log RAM") == m.item[i].name)
            s_bits = m.item[i].bits;
    CU_ASSERT_EQUAL(s_bits, 65536); /* s and s^-1 for both modes: the thesis's 65 Kb */
    CU_ASSERT_EQUAL_FATAL(fg_iag_memory_size(FG_STD_UMTS, 64, &m64), 0);
    CU_ASSERT_EQUAL(m64.ram_bits, 2 * m.ram_bits);
    CU_ASSERT_EQUAL(m64.rom_bits, m.rom_bits);
    CU_ASSERT_EQUAL(fg_iag_memory_size(FG_STD_UMTS, 30, &m), FG_EINVAL);
    CU_ASSERT_EQUAL_FATAL(fg_iag_memory_size(FG_STD_LTE, 64, &m), 0);
    CU_ASSERT_EQUAL(m.ram_bits, 0);
    CU_ASSERT_EQUAL(m.rom_bits, 188 * 81);
}

static void test_kernel(void)
{
    CU_ASSERT_EQUAL(fg_iag_mulmod(255, 255, 256), 1);
    CU_ASSERT_EQUAL(fg_iag_mulmod(6143, 6143, 6144), 1);
    CU_ASSERT_EQUAL(fg_iag_mulmod(0, 17, 5), 0);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {{"every_k_every_pllr", test_every_k_every_pllr},
                                         {"strides", test_strides},
                                         {"inverse_degrees", test_inverse_degrees},
                                         {"umts_preprocessing", test_umts_preprocessing},
                                         {"lte_preprocessing", test_lte_preprocessing},
                                         {"handshake", test_handshake},
                                         {"forward_only", test_forward_only},
                                         {"bad_config", test_bad_config},
                                         {"memory", test_memory},
                                         {"kernel", test_kernel},
                                         {NULL, NULL}};
    fg_add_suite("iag", cases);
}
