/* Cycle-accurate parallel turbo decoder model (fecforge/turbo_arch.h): cycle counts, the address
 * and memory invariants of balanced scheduling, the LTE conflict study, error paths. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static fg_turbo_arch_cfg cfg_of(fg_std std, int K, int P, int half_iters)
{
    fg_turbo_arch_cfg c = fg_turbo_arch_cfg_default();
    c.std = std;
    c.K = K;
    c.P = P;
    c.half_iters = half_iters;
    return c;
}

static int run_cfg(const fg_turbo_arch_cfg *c, fg_turbo_arch_result *r)
{
    fg_turbo_arch *a;
    int rc = fg_turbo_arch_create(c, &a);
    if (rc)
        return rc;
    rc = fg_turbo_arch_run(a, NULL, NULL, r);
    fg_turbo_arch_destroy(a);
    return rc;
}

/* Hand-derived cycle counts on the contention-free LTE path: a half-iteration is C0 read cycles,
 * Lmap, C0 output cycles and the IAG's 1 cycle; C0 = ceil(K / 4P). */
static void test_cycles_hand(void)
{
    static const struct { int K, P, lmap, halves; long half, total; } cases[] = {
        {40, 2, 6, 3, 2 * 5 + 6 + 1, 3 * 17},     /* L = 20, C0 = 5 */
        {64, 4, 1, 2, 2 * 4 + 1 + 1, 2 * 10},     /* L = 16, C0 = 4 */
        {6144, 16, 6, 11, 192 + 6 + 1, 11 * 199}, /* the thesis's LTE point */
        {6144, 16, 9, 1, 192 + 9 + 1, 202},
        {1024, 8, 3, 4, 64 + 3 + 1, 4 * 68},      /* L = 128, C0 = 32 */
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, cases[i].K, cases[i].P, cases[i].halves);
        c.siso_latency = cases[i].lmap;
        fg_turbo_arch_result r;
        CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
        CU_ASSERT_EQUAL(r.geo.dbcf_used, 0);
        CU_ASSERT_EQUAL(r.cycles_half[0], cases[i].half);
        CU_ASSERT_EQUAL(r.cycles_half[1], cases[i].halves > 1 ? cases[i].half : 0);
        CU_ASSERT_EQUAL(r.cycles_decode, cases[i].total);
        CU_ASSERT_EQUAL(r.cycles_total, r.preprocess_cycles + r.cycles_decode);
        CU_ASSERT(r.preprocess_cycles > 0);
        CU_ASSERT_EQUAL(r.dC_max, 0);
        /* With 4P | K the step model equals eq. 4.24 exactly. */
        const double eq = fg_turbo_arch_eq424(c.K, c.P, c.half_iters, c.siso_latency, 1, 600e6);
        CU_ASSERT_DOUBLE_EQUAL(c.K * 600e6 / r.cycles_decode, eq, 1e-6 * eq);
    }
    CU_ASSERT_DOUBLE_EQUAL(fg_turbo_arch_eq424(6144, 16, 11, 6, 1, 600e6), 6144 * 600e6 / (11 * 199.0), 1.0);
}

/* Each cycle of SISO latency adds exactly one cycle per half-iteration; UMTS half-iterations are
 * 2*C0 + Lmap + 3 + dC with dC >= 0 the DBCF's drain. */
static void test_latency_and_umts_budget(void)
{
    long prev = 0;
    for (int lmap = 1; lmap <= 12; lmap++) {
        fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, 2048, 16, 2);
        c.siso_latency = lmap;
        fg_turbo_arch_result r;
        CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
        if (lmap > 1)
            CU_ASSERT_EQUAL(r.cycles_decode - prev, 2);
        prev = r.cycles_decode;
    }
    static const int Ks[] = {40, 997, 5114};
    for (size_t i = 0; i < 3; i++) {
        fg_turbo_arch_cfg c = cfg_of(FG_STD_UMTS, Ks[i], Ks[i] < 100 ? 2 : 8, 4);
        fg_turbo_arch_result r;
        CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
        CU_ASSERT_EQUAL(r.geo.dbcf_used, 1);
        CU_ASSERT_EQUAL(r.geo.iag_latency, 3);
        const long base = 2 * r.geo.C0 + c.siso_latency + 3;
        CU_ASSERT(r.cycles_half[0] >= base && r.cycles_half[1] >= base);
        CU_ASSERT_EQUAL(r.cycles_decode, 4 * base + r.dC_total);
        CU_ASSERT(r.dC_max == (int)(r.cycles_half[0] > r.cycles_half[1] ? r.cycles_half[0] : r.cycles_half[1]) - base);
        CU_ASSERT_EQUAL(r.overflow, 0);
        CU_ASSERT_EQUAL(r.misplaced, 0);
        CU_ASSERT_EQUAL(r.read_errors, 0);
    }
}

/* Observer: per half-iteration, every position read exactly once, in its balanced-order read slot
 * (fg_xmap_read_slot), no bank read twice in a cycle; outputs in XMAP order at C0 + Lmap + c; K
 * bank writes per half-iteration. */
typedef struct {
    int K, C0, lmap, pllr, M;
    fg_xmap_schedule s;
    int *reads_K;
    long bad, writes, halves, reads_bad_slot, out_bad, read_dup_bank;
    int *bank_seen;
} obs_ctx;

static void observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    (void)a;
    obs_ctx *o = user;
    if (p->state != FG_TURBO_ARCH_HALF)
        return;
    if (p->tau == 0)
        memset(o->reads_K, 0, sizeof *o->reads_K * (size_t)o->K);
    memset(o->bank_seen, 0, sizeof *o->bank_seen * (size_t)o->M);
    for (int l = 0; l < o->pllr; l++) {
        if (p->rd_valid_L[l]) {
            int lane, cyc;
            fg_xmap_read_slot(&o->s, p->rd_pos_L[l], &lane, &cyc);
            o->reads_bad_slot += lane != l || cyc != p->tau;
            o->reads_K[p->rd_pos_L[l]]++;
            o->read_dup_bank += o->bank_seen[p->rd_bank_L[l]]++ > 0;
        }
        const int c = p->tau - o->C0 - o->lmap;
        const int x = c >= 0 && c < o->C0 ? fg_xmap_position(&o->s, c, l) : -1;
        o->out_bad += p->out_valid_L[l] != (x >= 0) || (x >= 0 && (p->out_x_L[l] != x || p->out_llr_L[l] != x));
    }
    for (int b = 0; b < o->M; b++)
        o->writes += p->wr_M[b].valid;
    if (p->half_end) {
        o->halves++;
        for (int x = 0; x < o->K; x++)
            o->bad += o->reads_K[x] != 1;
    }
}

static void check_invariants(fg_std std, int K, int P, fg_turbo_arch_path path, int halves)
{
    fg_turbo_arch_cfg c = cfg_of(std, K, P, halves);
    c.path = path;
    c.siso_latency = 4;
    fg_turbo_arch *a;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_create(&c, &a), 0);
    fg_turbo_arch_geometry g;
    fg_turbo_arch_get_geometry(a, &g);
    obs_ctx o = {.K = K, .C0 = g.C0, .lmap = 4, .pllr = g.pllr, .M = g.banks};
    CU_ASSERT_EQUAL_FATAL(fg_xmap_schedule_init(&o.s, K, g.pllr), 0);
    o.reads_K = calloc((size_t)K, sizeof *o.reads_K);
    o.bank_seen = calloc((size_t)g.banks, sizeof *o.bank_seen);
    fg_turbo_arch_result r;
    CU_ASSERT_EQUAL(fg_turbo_arch_run(a, observe, &o, &r), 0);
    CU_ASSERT_EQUAL(o.halves, halves);
    CU_ASSERT_EQUAL(o.bad, 0);
    CU_ASSERT_EQUAL(o.reads_bad_slot, 0);
    CU_ASSERT_EQUAL(o.read_dup_bank, 0);
    CU_ASSERT_EQUAL(o.out_bad, 0);
    CU_ASSERT_EQUAL(o.writes, (long)K * halves);
    CU_ASSERT_EQUAL(r.read_conflicts, 0);
    CU_ASSERT_EQUAL(r.iag_errs, 0);
    CU_ASSERT_EQUAL(r.misplaced, 0);
    CU_ASSERT_EQUAL(r.read_errors, 0);
    CU_ASSERT_EQUAL(r.overflow, 0);
    /* The extrinsic memory after the last half-iteration holds, at address x, the position written there. */
    int32_t *ext = malloc(sizeof *ext * (size_t)K), *pi = malloc(sizeof *pi * (size_t)K);
    CU_ASSERT_EQUAL(fg_interleaver_table(std, K, pi), 0);
    fg_turbo_arch_extrinsic(a, ext);
    long wrong = 0;
    for (int x = 0; x < K; x++)
        wrong += ((halves - 1) & 1) ? pi[ext[x]] != x : ext[x] != pi[x];
    CU_ASSERT_EQUAL(wrong, 0);
    free(ext);
    free(pi);
    free(o.reads_K);
    free(o.bank_seen);
    fg_turbo_arch_destroy(a);
}

static void test_invariants(void)
{
    check_invariants(FG_STD_LTE, 40, 2, FG_TURBO_ARCH_PATH_AUTO, 3);
    check_invariants(FG_STD_LTE, 6144, 16, FG_TURBO_ARCH_PATH_AUTO, 3);
    check_invariants(FG_STD_LTE, 1008, 16, FG_TURBO_ARCH_PATH_AUTO, 3); /* through the DBCF */
    check_invariants(FG_STD_LTE, 2048, 32, FG_TURBO_ARCH_PATH_DBCF, 2);
    check_invariants(FG_STD_UMTS, 40, 1, FG_TURBO_ARCH_PATH_AUTO, 3);
    check_invariants(FG_STD_UMTS, 997, 4, FG_TURBO_ARCH_PATH_AUTO, 2);
    check_invariants(FG_STD_UMTS, 5114, 8, FG_TURBO_ARCH_PATH_AUTO, 3);
}

/* The LTE study: every size at P = 8, 16, 32 that P fits (fg_turbo_arch_p_fits). The qpp mapping is
 * contention-free exactly when the sub-block length L divides K; the step model's direct path
 * counts the same conflicts as the address tables; AUTO routes the rest through the DBCF, which
 * loses nothing over 5.5 iterations with the default depths (P 8, 16) and S 4 (P 32). */
static void test_lte_study(void)
{
    static const int Ps[] = {8, 16, 32};
    static const int expect_conflicted[] = {52, 63, 83};
    for (int pi = 0; pi < 3; pi++) {
        const int P = Ps[pi];
        int conflicted = 0;
        for (int i = 0; i < fg_interleaver_num_sizes(FG_STD_LTE); i++) {
            const int K = fg_interleaver_size(FG_STD_LTE, i);
            if (!fg_turbo_arch_p_fits(K, P))
                continue;
            long n;
            CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_lte_conflicts(K, P, &n), 0);
            const int L = 4 * ((K + 4 * P - 1) / (4 * P));
            CU_ASSERT_EQUAL(n == 0, K % L == 0);
            conflicted += n > 0;
            fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, K, P, 11);
            if (P == 32) /* PLLR 128 needs S 4 (docs/turbo-architecture.md) */
                c.dbcf.select = 4;
            fg_turbo_arch_result r;
            CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
            CU_ASSERT_EQUAL(r.geo.dbcf_used, n > 0);
            CU_ASSERT_EQUAL(r.misplaced + r.read_errors + r.overflow + r.read_conflicts + r.write_conflicts, 0);
            if (P == 16 && (i % 16 == 0 || K == 1008)) { /* the step model's direct path agrees */
                c.path = FG_TURBO_ARCH_PATH_DIRECT;
                c.half_iters = 2;
                CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
                CU_ASSERT_EQUAL(r.write_conflicts, n);
                CU_ASSERT_EQUAL(r.misplaced, 0);
            }
        }
        CU_ASSERT_EQUAL(conflicted, expect_conflicted[pi]);
    }
}

static void test_errors(void)
{
    fg_turbo_arch *a = NULL;
    fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, 6145, 16, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_create(&c, &a), FG_EINVAL);
    CU_ASSERT_PTR_NULL(a);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "K=6145"));
    c = cfg_of(FG_STD_UMTS, 5115, 8, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 40, 16, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "P=16 does not fit K=40"));
    c = cfg_of(FG_STD_LTE, 6144, 65, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 6144, 0, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 6144, 16, 0);
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "half_iters=0"));
    c = cfg_of(FG_STD_LTE, 6144, 16, 11);
    c.siso_latency = 0;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c = cfg_of(FG_STD_LTE, 6144, 16, 11);
    c.banks = 128;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c = cfg_of(FG_STD_UMTS, 5114, 8, 11);
    c.path = FG_TURBO_ARCH_PATH_DIRECT;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c.path = FG_TURBO_ARCH_PATH_AUTO;
    c.umts_mapping = FG_MAP_MOD;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c.umts_mapping = FG_MAP_XMAP;
    c.banks = 48;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    c.banks = 64;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), 0);
    c.dbcf.fifo_depth = -1;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);

    int h = 0;
    CU_ASSERT_EQUAL(fg_turbo_arch_parse_iter("5.5", &h), 0);
    CU_ASSERT_EQUAL(h, 11);
    CU_ASSERT_EQUAL(fg_turbo_arch_parse_iter("0.5", &h), 0);
    CU_ASSERT_EQUAL(h, 1);
    CU_ASSERT_EQUAL(fg_turbo_arch_parse_iter("8", &h), 0);
    CU_ASSERT_EQUAL(h, 16);
    static const char *bad[] = {"0", "-1", "5.3", "", "x", "101", "2x", "nan"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CU_ASSERT_EQUAL(fg_turbo_arch_parse_iter(bad[i], &h), FG_EINVAL);
    long n;
    CU_ASSERT_EQUAL(fg_turbo_arch_lte_conflicts(1000, 16, &n), FG_EINVAL);
}

/* A second run of the same model gives the same counts (reset restores everything). */
static void test_rerun(void)
{
    fg_turbo_arch_cfg c = cfg_of(FG_STD_UMTS, 2000, 8, 3);
    fg_turbo_arch *a;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_create(&c, &a), 0);
    fg_turbo_arch_result r1, r2;
    CU_ASSERT_EQUAL(fg_turbo_arch_run(a, NULL, NULL, &r1), 0);
    CU_ASSERT_EQUAL(fg_turbo_arch_run(a, NULL, NULL, &r2), 0);
    CU_ASSERT_EQUAL(memcmp(&r1, &r2, sizeof r1), 0);
    CU_ASSERT_EQUAL(fg_turbo_arch_get_state(a), FG_TURBO_ARCH_DONE);
    fg_turbo_arch_destroy(a);
}

/* ---- Bit-exact against the fixed-point decoder (fecforge/turbo_fixed.h) ---- */

enum { EQ_HALF_MAX = 12 };

/* The fixed decoder's extrinsics and stakes after every half-iteration. */
typedef struct {
    int K, P, halves;
    int32_t *ext[EQ_HALF_MAX], *sa[EQ_HALF_MAX], *sb[EQ_HALF_MAX];
} ref_rec;

static void ref_observe(void *user, const fg_turbo_fixed_obs *o)
{
    ref_rec *r = user;
    if (o->half_iter >= EQ_HALF_MAX)
        return;
    memcpy(r->ext[o->half_iter], o->ext_K, sizeof(int32_t) * (size_t)r->K);
    memcpy(r->sa[o->half_iter], o->alpha_out, sizeof(int32_t) * 8 * (size_t)r->P);
    memcpy(r->sb[o->half_iter], o->beta_out, sizeof(int32_t) * 8 * (size_t)r->P);
    r->halves = o->half_iter + 1;
}

/* The model's extrinsic memory and stakes at the end of every half-iteration against the record. */
typedef struct {
    const ref_rec *ref;
    const int32_t *pi, *inv;
    int32_t *mem, *sa, *sb;
    long ext_diff, stake_diff, halves;
} cmp_ctx;

static void cmp_observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    cmp_ctx *c = user;
    if (!p->half_end)
        return;
    const int h = p->half, K = c->ref->K, P = c->ref->P;
    c->halves++;
    fg_turbo_arch_extrinsic(a, c->mem);
    fg_turbo_arch_stakes(a, h & 1, c->sa, c->sb);
    /* SISO 1 wrote bit j's extrinsic to pi^-1(j); SISO 2 its interleaved position k's to pi(k). */
    for (int j = 0; j < K; j++)
        c->ext_diff += c->ref->ext[h][j] != c->mem[(h & 1) ? c->pi[j] : c->inv[j]];
    for (int i = 0; i < 8 * P; i++)
        c->stake_diff += c->ref->sa[h][i] != c->sa[i] || c->ref->sb[h][i] != c->sb[i];
}

/* One codeword of (std, K) at Eb/N0 ebn0 (frame `frame`), quantised with the default formats; or,
 * with ebn0 < -50, uniformly random channel LLRs over the whole 5-bit range. */
static void make_frame(fg_std std, int K, double ebn0, uint64_t frame, int32_t *q_N)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    const fg_xmap_fmt f = fg_xmap_fmt_default();
    uint8_t *u = malloc((size_t)K), *cw = malloc((size_t)N);
    double *y = malloc(sizeof *y * (size_t)N);
    if (ebn0 < -50) {
        uint8_t *r = malloc((size_t)N * 5);
        CU_ASSERT_EQUAL(fg_channel_random_bits(N * 5, 7, frame, r), 0);
        for (int i = 0; i < N; i++) {
            int v = 0;
            for (int b = 0; b < 5; b++)
                v = 2 * v + r[5 * i + b];
            q_N[i] = v % 31 - 15; /* [-15, 15] */
        }
        free(r);
    } else {
        double sigma;
        CU_ASSERT_EQUAL(fg_channel_random_bits(K, 11, frame, u), 0);
        CU_ASSERT_EQUAL(fg_turbo_encode(std, K, u, cw), 0);
        CU_ASSERT_EQUAL(fg_channel_sigma(ebn0, (double)K / N, &sigma), 0);
        CU_ASSERT_EQUAL(fg_channel_bpsk_awgn(cw, N, sigma, 11, frame, y), 0);
        CU_ASSERT_EQUAL(fg_channel_llr(y, N, sigma, y), 0);
        CU_ASSERT_EQUAL(fg_llr_quantize(y, N, f.w_ch, f.f_ch, q_N), 0);
    }
    free(u);
    free(cw);
    free(y);
}

static void check_equal(fg_std std, int K, int P, int nii, int halves, double ebn0, fg_turbo_arch_path path)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    int32_t *q = malloc(sizeof *q * (size_t)N), *pi = malloc(sizeof *pi * (size_t)K), *inv = malloc(sizeof *inv * (size_t)K);
    uint8_t *bits_ref = malloc((size_t)K), *bits = malloc((size_t)K);
    make_frame(std, K, ebn0, (uint64_t)K, q);
    CU_ASSERT_EQUAL_FATAL(fg_interleaver_table(std, K, pi), 0);
    fg_permutation_invert(K, pi, inv);

    ref_rec ref = {.K = K, .P = P};
    for (int h = 0; h < EQ_HALF_MAX; h++) {
        ref.ext[h] = malloc(sizeof(int32_t) * (size_t)K);
        ref.sa[h] = malloc(sizeof(int32_t) * 8 * (size_t)P);
        ref.sb[h] = malloc(sizeof(int32_t) * 8 * (size_t)P);
    }
    fg_turbo_fixed_cfg fc = fg_turbo_fixed_cfg_default();
    fc.P = P;
    fc.nii = nii;
    fc.half_iters = halves;
    fc.observer = ref_observe;
    fc.observer_user = &ref;
    fg_turbo_fixed *d;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_create(std, K, &fc, &d), 0);
    CU_ASSERT_EQUAL_FATAL(fg_turbo_fixed_decode(d, q, bits_ref, NULL), 0);
    fg_turbo_fixed_destroy(d);
    CU_ASSERT_EQUAL(ref.halves, halves);

    fg_turbo_arch_cfg c = cfg_of(std, K, P, halves);
    c.data = FG_TURBO_ARCH_DATA_FIXED;
    c.nii = nii;
    c.path = path;
    fg_turbo_arch *a;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_create(&c, &a), 0);
    fg_turbo_arch_result r;
    CU_ASSERT_EQUAL(fg_turbo_arch_run(a, NULL, NULL, &r), FG_ESTATE); /* not loaded */
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_load(a, q), 0);
    cmp_ctx cc = {&ref, pi, inv, malloc(sizeof(int32_t) * (size_t)K), malloc(sizeof(int32_t) * 8 * (size_t)P),
                  malloc(sizeof(int32_t) * 8 * (size_t)P), 0, 0, 0};
    CU_ASSERT_EQUAL(fg_turbo_arch_run(a, cmp_observe, &cc, &r), 0);
    CU_ASSERT_EQUAL(cc.halves, halves);
    CU_ASSERT_EQUAL(cc.ext_diff, 0);
    CU_ASSERT_EQUAL(cc.stake_diff, 0);
    CU_ASSERT_EQUAL(r.misplaced + r.overflow + r.read_conflicts + r.write_conflicts + r.iag_errs, 0);
    fg_turbo_arch_hard(a, bits);
    CU_ASSERT_EQUAL(memcmp(bits, bits_ref, (size_t)K), 0);
    if (cc.ext_diff || cc.stake_diff)
        fprintf(stderr, "\n  %s K=%d P=%d nii=%d: %ld extrinsic and %ld stake differences\n", fg_std_name(std), K, P,
                nii, cc.ext_diff, cc.stake_diff);
    fg_turbo_arch_destroy(a);
    for (int h = 0; h < EQ_HALF_MAX; h++) {
        free(ref.ext[h]);
        free(ref.sa[h]);
        free(ref.sb[h]);
    }
    free(cc.mem);
    free(cc.sa);
    free(cc.sb);
    free(q);
    free(pi);
    free(inv);
    free(bits_ref);
    free(bits);
}

/* The key test: the model's extrinsic memory after every half-iteration, its stakes and its final
 * hard decisions equal the fixed-point decoder's bit for bit: both standards, several K and P
 * (full, padded and odd last sub-blocks, empty SISOs, the LTE DBCF route), with and without NII,
 * noisy codewords and random channel LLRs. */
static void test_equal_fixed_decoder(void)
{
    check_equal(FG_STD_LTE, 40, 2, 1, 11, 1.0, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_LTE, 6144, 16, 1, 11, 0.5, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_LTE, 1008, 16, 1, 8, 0.8, FG_TURBO_ARCH_PATH_AUTO); /* DBCF route */
    check_equal(FG_STD_LTE, 512, 8, 0, 6, 1.0, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_LTE, 2048, 32, 1, 5, -99, FG_TURBO_ARCH_PATH_DBCF);
    check_equal(FG_STD_UMTS, 40, 1, 1, 11, 1.0, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_UMTS, 997, 4, 1, 11, 0.8, FG_TURBO_ARCH_PATH_AUTO); /* odd K: radix-2 last step */
    check_equal(FG_STD_UMTS, 1001, 6, 1, 7, -99, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_UMTS, 5114, 8, 1, 11, 0.6, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_UMTS, 123, 5, 0, 4, -99, FG_TURBO_ARCH_PATH_AUTO);
    check_equal(FG_STD_UMTS, 40, 6, 1, 6, -99, FG_TURBO_ARCH_PATH_AUTO); /* SISO 5 empty */
}

/* Path SHARED (LTE P 16 and HSPA+ P 8 in one design): every LTE size runs P 16 direct when they fit
 * it and the qpp mapping allows it, else the faster of direct on the largest conflict-free P' < 16
 * and the HSPA+ SISOs (8, or the most that fit K) through the DBCF, measured here with separate runs;
 * the model created with SHARED runs that choice. */
static void test_shared(void)
{
    int n_direct_fewer = 0, n_dbcf = 0, n_unfit = 0;
    for (int i = 0; i < fg_interleaver_num_sizes(FG_STD_LTE); i++) {
        const int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, K, 16, 11), run;
        c.path = FG_TURBO_ARCH_PATH_SHARED;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
        long n = 1;
        const int fits = fg_turbo_arch_p_fits(K, 16);
        n_unfit += !fits;
        if (fits)
            CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_lte_conflicts(K, 16, &n), 0);
        if (!n) {
            CU_ASSERT(run.P == 16 && run.path == FG_TURBO_ARCH_PATH_DIRECT);
            continue;
        }
        int Pd = 0, Pu = 8;
        for (int p = 15; p >= 1 && !Pd; p--)
            if (fg_turbo_arch_p_fits(K, p) && !fg_turbo_arch_lte_conflicts(K, p, &n) && !n)
                Pd = p;
        while (!fg_turbo_arch_p_fits(K, Pu))
            Pu--;
        CU_ASSERT_FATAL(Pd > 0);
        fg_turbo_arch_cfg a = cfg_of(FG_STD_LTE, K, Pd, 11), b = cfg_of(FG_STD_LTE, K, Pu, 11);
        a.path = FG_TURBO_ARCH_PATH_DIRECT;
        b.path = FG_TURBO_ARCH_PATH_DBCF;
        fg_turbo_arch_result ra, rb, rs;
        CU_ASSERT_EQUAL_FATAL(run_cfg(&a, &ra), 0);
        CU_ASSERT_EQUAL_FATAL(run_cfg(&b, &rb), 0);
        CU_ASSERT_EQUAL(ra.write_conflicts + rb.overflow + rb.misplaced, 0);
        const int direct = ra.cycles_decode <= rb.cycles_decode;
        CU_ASSERT_EQUAL(run.P, direct ? Pd : Pu);
        CU_ASSERT_EQUAL(run.path, direct ? FG_TURBO_ARCH_PATH_DIRECT : FG_TURBO_ARCH_PATH_DBCF);
        n_direct_fewer += direct;
        n_dbcf += !direct;
        CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &rs), 0); /* the model created with SHARED */
        CU_ASSERT_EQUAL(rs.geo.P, run.P);
        CU_ASSERT_EQUAL(rs.geo.dbcf_used, !direct);
        CU_ASSERT_EQUAL(rs.cycles_decode, direct ? ra.cycles_decode : rb.cycles_decode);
    }
    /* docs/turbo-architecture.md: the 63 sizes that conflict at P 16 and the 12 that P 16 does not fit
     * (K 40 .. 64, 136, ...): 49 run direct on fewer SISOs, 26 through the DBCF (K 152: P' would be 2) */
    CU_ASSERT_EQUAL(n_unfit, 12);
    CU_ASSERT_EQUAL(n_direct_fewer, 49);
    CU_ASSERT_EQUAL(n_dbcf, 26);
    /* A short HSPA+ block on umts_P / 2^j SISOs with the design's DBCF of 32 lanes and 32 banks: K 45
     * does not fit 8 SISOs (L 8 leaves 5 positions), it fits 4; every word lands, lanes 16..31 idle. */
    fg_turbo_arch_cfg u = cfg_of(FG_STD_UMTS, 45, 16, 11), urun;
    u.path = FG_TURBO_ARCH_PATH_SHARED;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&u, &urun), 0);
    CU_ASSERT(urun.P == 4 && urun.path == FG_TURBO_ARCH_PATH_DBCF && urun.banks == 32 && urun.dbcf_lanes == 32);
    fg_turbo_arch_result ur;
    CU_ASSERT_EQUAL_FATAL(run_cfg(&u, &ur), 0);
    CU_ASSERT(ur.geo.P == 4 && ur.geo.banks == 32 && ur.geo.dbcf_used);
    CU_ASSERT_EQUAL(ur.overflow + ur.misplaced + ur.read_errors + ur.iag_errs, 0);
    for (int K = 40; K <= 5114; K++) { /* every HSPA+ size runs on the shared design */
        u.K = K;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&u, &urun), 0);
        CU_ASSERT(urun.P == 8 || urun.P == 4 || urun.P == 2 || urun.P == 1);
    }
    fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, 152, 16, 11), run;
    c.path = FG_TURBO_ARCH_PATH_SHARED;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
    CU_ASSERT(run.P == 8 && run.path == FG_TURBO_ARCH_PATH_DBCF);
    check_equal(FG_STD_LTE, 152, run.P, 1, 6, 1.0, run.path); /* bit-exact on that configuration */
    /* HSPA+ on the shared design: umts_P SISOs (default P/2) through the DBCF */
    c = cfg_of(FG_STD_UMTS, 5114, 16, 11);
    c.path = FG_TURBO_ARCH_PATH_SHARED;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
    CU_ASSERT(run.P == 8 && run.path == FG_TURBO_ARCH_PATH_DBCF);
    c.umts_P = 4;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
    CU_ASSERT_EQUAL(run.P, 4);
    c.umts_P = 17;
    CU_ASSERT_EQUAL(fg_turbo_arch_resolve(&c, &run), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "umts_P=17"));
    c.umts_P = 0;
    c.banks = 64;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "path shared"));
}

/* Path FIT, a design of one standard: LTE direct on the largest P' <= P that fits K with a conflict-free
 * qpp mapping (no DBCF), HSPA+ as the shared design's with umts_P = P. */
static void test_fit(void)
{
    int n_16 = 0, lmax = 0;
    for (int i = 0; i < fg_interleaver_num_sizes(FG_STD_LTE); i++) {
        const int K = fg_interleaver_size(FG_STD_LTE, i);
        fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, K, 16, 11), run;
        c.path = FG_TURBO_ARCH_PATH_FIT;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
        CU_ASSERT_EQUAL(run.path, FG_TURBO_ARCH_PATH_DIRECT);
        long n = 1;
        CU_ASSERT_FATAL(fg_turbo_arch_p_fits(K, run.P));
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_lte_conflicts(K, run.P, &n), 0);
        CU_ASSERT_EQUAL(n, 0);
        for (int p = run.P + 1; p <= 16; p++) /* no larger P' runs it */
            CU_ASSERT(!fg_turbo_arch_p_fits(K, p) || (!fg_turbo_arch_lte_conflicts(K, p, &n) && n > 0));
        n_16 += run.P == 16;
        const int L = 4 * ((K + 4 * run.P - 1) / (4 * run.P));
        lmax = L > lmax ? L : lmax;
    }
    /* docs/rtl-turbo.md: 113 sizes on 16 SISOs; sub-blocks up to 384 (K 6144, 3072 on 8, ...) */
    CU_ASSERT_EQUAL(n_16, 113);
    CU_ASSERT_EQUAL(lmax, 384);
    fg_turbo_arch_cfg c = cfg_of(FG_STD_LTE, 136, 16, 11), run;
    c.path = FG_TURBO_ARCH_PATH_FIT;
    CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&c, &run), 0);
    CU_ASSERT_EQUAL(run.P, 2);
    fg_turbo_arch_result r;
    CU_ASSERT_EQUAL_FATAL(run_cfg(&c, &r), 0);
    CU_ASSERT(r.geo.P == 2 && !r.geo.dbcf_used && r.write_conflicts == 0);
    check_equal(FG_STD_LTE, 136, run.P, 1, 4, 1.0, run.path);
    /* HSPA+: the shared design's rule at umts_P = P */
    for (int K = 40; K <= 5114; K += 13) {
        fg_turbo_arch_cfg u = cfg_of(FG_STD_UMTS, K, 8, 11), us = u, ur, usr;
        u.path = FG_TURBO_ARCH_PATH_FIT;
        us.P = 16;
        us.umts_P = 8;
        us.path = FG_TURBO_ARCH_PATH_SHARED;
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&u, &ur), 0);
        CU_ASSERT_EQUAL_FATAL(fg_turbo_arch_resolve(&us, &usr), 0);
        CU_ASSERT(ur.P == usr.P && ur.banks == 32 && ur.dbcf_lanes == 32 && ur.path == FG_TURBO_ARCH_PATH_DBCF);
    }
    c.umts_P = 4;
    CU_ASSERT_EQUAL(fg_turbo_arch_cfg_check(&c), FG_EINVAL);
    CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), "umts_P=4 invalid with path fit"));
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"cycles_hand", test_cycles_hand},
        {"latency_and_umts_budget", test_latency_and_umts_budget},
        {"invariants", test_invariants},
        {"lte_study", test_lte_study},
        {"errors", test_errors},
        {"rerun", test_rerun},
        {"equal_fixed_decoder", test_equal_fixed_decoder},
        {"shared", test_shared},
        {"fit", test_fit},
        {NULL, NULL}};
    fg_add_suite("turbo_arch", cases);
}
