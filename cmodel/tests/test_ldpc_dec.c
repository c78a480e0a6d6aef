/* QC-LDPC decoders: float schedules and rules (noiseless words in one iteration, error-free frames
 * at 3 dB, layered faster than flooding, K = 1 equals layered, SPA flooding equals a textbook tanh-rule
 * decoder on a dense H) and the fixed-point model (a worked example by hand, saturation, equality
 * with an independently written reference for several K, early termination, fixed vs float frame
 * errors), fg_fx_scale, and parameter errors. */
#include "fg_cunit.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- helpers ---------- */

/* A code struct built directly from a base matrix (no encoder): what the decoders read. */
static fg_ldpc_code *hand_code(int z, int mb, int nb, const int *shift)
{
    fg_ldpc_code *c = calloc(1, sizeof *c);
    snprintf(c->name, sizeof c->name, "hand-z%d", z);
    c->family = FG_LDPC_FAMILY_USER;
    c->z = z;
    c->mb = mb;
    c->nb = nb;
    c->n = nb * z;
    c->k = (nb - mb) * z;
    c->shift = calloc((size_t)(mb * nb), sizeof *c->shift);
    c->row_start = calloc((size_t)mb + 1, sizeof(int));
    c->blk_col = calloc((size_t)(mb * nb), sizeof(int));
    c->blk_shift = calloc((size_t)(mb * nb), sizeof(int));
    int b = 0;
    for (int l = 0; l < mb; l++) {
        c->row_start[l] = b;
        for (int j = 0; j < nb; j++) {
            c->shift[l * nb + j] = (int16_t)shift[l * nb + j];
            if (shift[l * nb + j] >= 0) {
                c->blk_col[b] = j;
                c->blk_shift[b++] = shift[l * nb + j];
            }
        }
        if (b - c->row_start[l] > c->max_row_deg)
            c->max_row_deg = b - c->row_start[l];
    }
    c->row_start[mb] = b;
    c->n_blocks = b;
    return c;
}

static void hand_code_free(fg_ldpc_code *c)
{
    free(c->shift);
    free(c->row_start);
    free(c->blk_col);
    free(c->blk_shift);
    free(c);
}

/* Frame f: random information bits, codeword, BPSK/AWGN LLRs at ebn0_db (seed 7). */
static void make_frame(const fg_ldpc_code *c, double ebn0_db, int f, uint8_t *cw, double *llr)
{
    uint8_t *info = malloc((size_t)c->k);
    double sigma;
    CU_ASSERT_EQUAL_FATAL(fg_channel_sigma(ebn0_db, (double)c->k / c->n, &sigma), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_random_bits(c->k, 7, (uint64_t)f, info), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_encode(c, info, cw), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_bpsk_awgn(cw, c->n, sigma, 7, (uint64_t)f, llr), 0);
    CU_ASSERT_EQUAL_FATAL(fg_channel_llr(llr, c->n, sigma, llr), 0);
    free(info);
}

static fg_ldpc_dec_cfg dcfg(fg_ldpc_schedule s, int K, fg_ldpc_alg a, int max_iter, int et)
{
    fg_ldpc_dec_cfg c = fg_ldpc_dec_cfg_default();
    c.schedule = s;
    c.layers = K;
    c.alg = a;
    c.max_iter = max_iter;
    c.early_term = et;
    return c;
}

static const char *const some_codes[] = {"wifi-648-1/2", "wifi-1944-5/6", "wimax-576-2/3A", "wimax-2304-3/4B"};

/* ---------- float decoders ---------- */

/* A noiseless codeword (|LLR| = 4) decodes in one iteration for every schedule and rule. */
static void test_noiseless_one_iteration(void)
{
    static const struct { fg_ldpc_schedule s; int K; } sch[] = {
        {FG_LDPC_SCHED_FLOODING, 1}, {FG_LDPC_SCHED_LAYERED, 1}, {FG_LDPC_SCHED_MULTILAYER, 2},
        {FG_LDPC_SCHED_MULTILAYER, 3}};
    for (size_t ci = 0; ci < sizeof some_codes / sizeof *some_codes; ci++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(some_codes[ci], &c), 0);
        uint8_t *cw = malloc((size_t)c->n), *bits = malloc((size_t)c->n);
        double *llr = malloc(sizeof(double) * (size_t)c->n);
        make_frame(c, 100.0, (int)ci, cw, llr);
        for (int j = 0; j < c->n; j++)
            llr[j] = cw[j] ? -4.0 : 4.0;
        for (size_t s = 0; s < sizeof sch / sizeof *sch; s++)
            for (int a = FG_LDPC_ALG_SPA; a <= FG_LDPC_ALG_OMS; a++) {
                fg_ldpc_dec_cfg cfg = dcfg(sch[s].s, sch[s].K, (fg_ldpc_alg)a, 15, 1);
                fg_ldpc_dec *d;
                CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cfg, &d), 0);
                int it = -1;
                CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, bits, NULL, &it), 0);
                CU_ASSERT_EQUAL(it, 1);
                CU_ASSERT_EQUAL(memcmp(bits, cw, (size_t)c->n), 0);
                fg_ldpc_dec_destroy(d);
            }
        /* the fixed model, K = 1, 2 and mb */
        int32_t *q = malloc(sizeof(int32_t) * (size_t)c->n);
        for (int j = 0; j < c->n; j++)
            q[j] = cw[j] ? -16 : 16;
        const int Ks[3] = {1, 2, c->mb};
        for (int t = 0; t < 3; t++) {
            fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
            fc.layers = Ks[t];
            fg_ldpc_fixed *fx;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
            int it = -1;
            CU_ASSERT_EQUAL(fg_ldpc_fixed_decode(fx, q, bits, NULL, &it), 0);
            CU_ASSERT_EQUAL(it, 1);
            CU_ASSERT_EQUAL(memcmp(bits, cw, (size_t)c->n), 0);
            fg_ldpc_fixed_destroy(fx);
        }
        free(q);
        free(cw);
        free(bits);
        free(llr);
        fg_ldpc_code_destroy(c);
    }
}

/* wifi-1944-1/2 at Eb/N0 = 3 dB: 200 frames, no frame error, for several decoders. Returns the
 * frame errors and the total iterations. */
static void run_frames(const fg_ldpc_code *c, const fg_ldpc_dec_cfg *cfg, const fg_ldpc_fixed_cfg *fcfg,
                       double ebn0, int frames, int *fe, long *iters)
{
    uint8_t *cw = malloc((size_t)c->n), *bits = malloc((size_t)c->n);
    double *llr = malloc(sizeof(double) * (size_t)c->n);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)c->n);
    fg_ldpc_dec *d = NULL;
    fg_ldpc_fixed *fx = NULL;
    if (fcfg)
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, fcfg, &fx), 0);
    if (cfg)
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, cfg, &d), 0);
    *fe = 0;
    *iters = 0;
    for (int f = 0; f < frames; f++) {
        make_frame(c, ebn0, f, cw, llr);
        int it = 0;
        if (fx) {
            CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, c->n, fcfg->llr_width, fcfg->llr_frac, q), 0);
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_decode(fx, q, bits, NULL, &it), 0);
        } else {
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_decode(d, llr, bits, NULL, &it), 0);
        }
        *fe += memcmp(bits, cw, (size_t)c->n) != 0;
        *iters += it;
    }
    fg_ldpc_dec_destroy(d);
    fg_ldpc_fixed_destroy(fx);
    free(cw);
    free(bits);
    free(llr);
    free(q);
}

static void test_good_snr_no_errors(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c), 0);
    int fe;
    long it;
    const fg_ldpc_dec_cfg cfgs[] = {
        dcfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_NMS, 15, 1), dcfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_SPA, 15, 1),
        dcfg(FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS, 15, 1), dcfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_OMS, 15, 1),
        dcfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA, 15, 1), dcfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_MS, 15, 1)};
    for (size_t i = 0; i < sizeof cfgs / sizeof *cfgs; i++) {
        run_frames(c, &cfgs[i], NULL, 3.0, 200, &fe, &it);
        CU_ASSERT_EQUAL(fe, 0);
        if (fe)
            fprintf(stderr, "config %zu: %d frame errors at 3 dB\n", i, fe);
    }
    /* the fixed model with the thesis's widths (LLR 6/2, R 6, APP 7) and the default arithmetic,
     * K = 2 and K = 1, with and without early termination (without it, a saturated APP must not
     * drain: docs/ldpc.md, "Fixed-point arithmetic"); the earlier arithmetic (floor scaling, |Q|
     * saturated to R bits) has an error floor here (about 1e-2 FER at 3 dB) */
    for (int t = 0; t < 4; t++) {
        fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
        fc.layers = t & 1 ? 1 : 2;
        fc.early_term = t < 2;
        run_frames(c, NULL, &fc, 3.0, 200, &fe, &it);
        CU_ASSERT_EQUAL(fe, 0);
        if (fe)
            fprintf(stderr, "fixed K=%d et=%d: %d frame errors at 3 dB\n", fc.layers, fc.early_term, fe);
    }
    fg_ldpc_code_destroy(c);
}

/* Same frames at 2 dB: layered needs clearly fewer iterations on average than flooding, and the
 * multi-layer K = 2 decoder lies in between (or ties with layered). */
static void test_layered_converges_faster(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c), 0);
    int fe_l, fe_f, fe_m;
    long it_l, it_f, it_m;
    fg_ldpc_dec_cfg l = dcfg(FG_LDPC_SCHED_LAYERED, 1, FG_LDPC_ALG_NMS, 50, 1);
    fg_ldpc_dec_cfg f = dcfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_NMS, 50, 1);
    fg_ldpc_dec_cfg m = dcfg(FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS, 50, 1);
    run_frames(c, &l, NULL, 2.0, 100, &fe_l, &it_l);
    run_frames(c, &f, NULL, 2.0, 100, &fe_f, &it_f);
    run_frames(c, &m, NULL, 2.0, 100, &fe_m, &it_m);
    CU_ASSERT(10 * it_l < 7 * it_f); /* layered: under 70 % of flooding's iterations */
    CU_ASSERT(it_l <= it_m && it_m < it_f);
    fg_ldpc_code_destroy(c);
}

/* Multi-layer with K = 1 is the layered decoder: identical bits, APP and iterations. */
static void test_k1_equals_layered(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-2/3", &c), 0);
    const int n = c->n;
    uint8_t *cw = malloc((size_t)n), *b1 = malloc((size_t)n), *b2 = malloc((size_t)n);
    double *llr = malloc(sizeof(double) * (size_t)n), *a1 = malloc(sizeof(double) * (size_t)n),
           *a2 = malloc(sizeof(double) * (size_t)n);
    for (int a = FG_LDPC_ALG_SPA; a <= FG_LDPC_ALG_OMS; a++) {
        fg_ldpc_dec_cfg cl = dcfg(FG_LDPC_SCHED_LAYERED, 2, (fg_ldpc_alg)a, 20, 1);
        fg_ldpc_dec_cfg cm = dcfg(FG_LDPC_SCHED_MULTILAYER, 1, (fg_ldpc_alg)a, 20, 1);
        fg_ldpc_dec *dl, *dm;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cl, &dl), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cm, &dm), 0);
        for (int f = 0; f < 20; f++) {
            make_frame(c, 2.0, f, cw, llr);
            int i1, i2;
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(dl, llr, b1, a1, &i1), 0);
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(dm, llr, b2, a2, &i2), 0);
            CU_ASSERT_EQUAL(i1, i2);
            CU_ASSERT_EQUAL(memcmp(b1, b2, (size_t)n), 0);
            CU_ASSERT_EQUAL(memcmp(a1, a2, sizeof(double) * (size_t)n), 0);
        }
        fg_ldpc_dec_destroy(dl);
        fg_ldpc_dec_destroy(dm);
    }
    free(cw);
    free(b1);
    free(b2);
    free(llr);
    free(a1);
    free(a2);
    fg_ldpc_code_destroy(c);
}

/* Multi-layer with K = mb computes what flooding computes (L + sum (R' - R) = L_channel + sum R'),
 * up to float rounding: APP within 1e-4 relative after 3 iterations, same decisions. */
static void test_kmb_is_flooding(void)
{
    static const char *const names[] = {"wifi-648-1/2", "wimax-960-3/4A"};
    for (size_t ci = 0; ci < 2; ci++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(names[ci], &c), 0);
        const int n = c->n;
        uint8_t *cw = malloc((size_t)n), *b1 = malloc((size_t)n), *b2 = malloc((size_t)n);
        double *llr = malloc(sizeof(double) * (size_t)n), *a1 = malloc(sizeof(double) * (size_t)n),
               *a2 = malloc(sizeof(double) * (size_t)n);
        for (int a = FG_LDPC_ALG_SPA; a <= FG_LDPC_ALG_OMS; a++) {
            fg_ldpc_dec_cfg cf = dcfg(FG_LDPC_SCHED_FLOODING, 1, (fg_ldpc_alg)a, 3, 0);
            fg_ldpc_dec_cfg cm = dcfg(FG_LDPC_SCHED_MULTILAYER, c->mb, (fg_ldpc_alg)a, 3, 0);
            fg_ldpc_dec *df, *dm;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cf, &df), 0);
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cm, &dm), 0);
            for (int f = 0; f < 5; f++) {
                make_frame(c, 2.0, f, cw, llr);
                CU_ASSERT_EQUAL(fg_ldpc_dec_decode(df, llr, b1, a1, NULL), 0);
                CU_ASSERT_EQUAL(fg_ldpc_dec_decode(dm, llr, b2, a2, NULL), 0);
                double worst = 0;
                for (int j = 0; j < n; j++) {
                    const double e = fabs(a1[j] - a2[j]) / (1.0 + fabs(a1[j]));
                    worst = e > worst ? e : worst;
                }
                CU_ASSERT(worst < 1e-4);
                CU_ASSERT_EQUAL(memcmp(b1, b2, (size_t)n), 0);
            }
            fg_ldpc_dec_destroy(df);
            fg_ldpc_dec_destroy(dm);
        }
        free(cw);
        free(b1);
        free(b2);
        free(llr);
        free(a1);
        free(a2);
        fg_ldpc_code_destroy(c);
    }
}

/* The library's testing hook (ldpc_dec_internal.h): the min-sum kernel with 4 or 8 lanes. */
int fg_ldpc_dec_use_lanes(fg_ldpc_dec *dec, int lanes);

/* The 4-lane kernel and the 8-lane (AVX2) kernel give identical APP values, for every min-sum rule
 * and schedule, on codes whose z is and is not a multiple of 8 (skipped without AVX2). */
static void test_kernels_agree(void)
{
    static const char *const names[] = {"wifi-1944-1/2", "wimax-576-5/6", "wifi-648-3/4"};
    for (size_t ci = 0; ci < 3; ci++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(names[ci], &c), 0);
        const int n = c->n;
        uint8_t *cw = malloc((size_t)n), *b = malloc((size_t)n);
        double *llr = malloc(sizeof(double) * (size_t)n), *a4 = malloc(sizeof(double) * (size_t)n),
               *a8 = malloc(sizeof(double) * (size_t)n);
        make_frame(c, 1.5, 5, cw, llr);
        for (int a = FG_LDPC_ALG_MS; a <= FG_LDPC_ALG_OMS; a++)
            for (int s = FG_LDPC_SCHED_FLOODING; s <= FG_LDPC_SCHED_MULTILAYER; s++) {
                fg_ldpc_dec_cfg cfg = dcfg((fg_ldpc_schedule)s, 3, (fg_ldpc_alg)a, 12, 0);
                fg_ldpc_dec *d;
                CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cfg, &d), 0);
                CU_ASSERT_EQUAL(fg_ldpc_dec_use_lanes(d, 4), 0);
                CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b, a4, NULL), 0);
                if (fg_ldpc_dec_use_lanes(d, 8) == 0) {
                    CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b, a8, NULL), 0);
                    CU_ASSERT_EQUAL(memcmp(a4, a8, sizeof(double) * (size_t)n), 0);
                }
                fg_ldpc_dec_destroy(d);
            }
        free(cw);
        free(b);
        free(llr);
        free(a4);
        free(a8);
        fg_ldpc_code_destroy(c);
    }
}

/* Textbook two-phase SPA on the dense H, written from the equations in double:
 * R_mn = 2 atanh(prod_{n' != n} tanh(Q_mn' / 2)), L_n = Lch_n + sum_m R_mn, Q_mn = L_n - R_mn. */
static void textbook_spa(const uint8_t *H, int m, int n, const double *lch, int iters, double *app)
{
    double *R = calloc((size_t)(m * n), sizeof(double));
    for (int j = 0; j < n; j++)
        app[j] = lch[j];
    for (int t = 0; t < iters; t++) {
        double *Rn = calloc((size_t)(m * n), sizeof(double));
        for (int r = 0; r < m; r++)
            for (int j = 0; j < n; j++) {
                if (!H[r * n + j])
                    continue;
                double p = 1.0;
                for (int jj = 0; jj < n; jj++)
                    if (jj != j && H[r * n + jj])
                        p *= tanh((app[jj] - R[r * n + jj]) / 2.0);
                Rn[r * n + j] = 2.0 * atanh(p);
            }
        memcpy(R, Rn, sizeof(double) * (size_t)(m * n));
        free(Rn);
        for (int j = 0; j < n; j++) {
            app[j] = lch[j];
            for (int r = 0; r < m; r++)
                if (H[r * n + j])
                    app[j] += R[r * n + j];
        }
    }
    free(R);
}

static void test_spa_flooding_equals_textbook(void)
{
    /* Z = 3, 3 x 6 base matrix: dense H 9 x 18 */
    static const int base[18] = {0, 1, -1, 2, 0, -1, -1, 2, 0, 1, 0, 0, 1, -1, 2, 0, -1, 0};
    fg_ldpc_code *c = hand_code(3, 3, 6, base);
    const int m = 9, n = 18;
    uint8_t H[9 * 18] = {0};
    for (int l = 0; l < 3; l++)
        for (int j = 0; j < 6; j++)
            if (base[l * 6 + j] >= 0)
                for (int i = 0; i < 3; i++)
                    H[(l * 3 + i) * n + j * 3 + (i + base[l * 6 + j]) % 3] = 1;
    double lch[18], app[18], ref[18];
    uint8_t bits[18];
    for (int j = 0; j < n; j++)
        lch[j] = 2.5 * sin(1.7 * j + 0.3) + 0.4; /* a fixed mix of signs and magnitudes in [-2.1, 2.9] */
    for (int iters = 1; iters <= 4; iters++) {
        fg_ldpc_dec_cfg cfg = dcfg(FG_LDPC_SCHED_FLOODING, 1, FG_LDPC_ALG_SPA, iters, 0);
        fg_ldpc_dec *d;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cfg, &d), 0);
        int it;
        CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, lch, bits, app, &it), 0);
        CU_ASSERT_EQUAL(it, iters);
        textbook_spa(H, m, n, lch, iters, ref);
        double worst = 0;
        for (int j = 0; j < n; j++) {
            const double e = fabs(app[j] - ref[j]) / (1.0 + fabs(ref[j]));
            if (e > worst)
                worst = e;
            CU_ASSERT_EQUAL(bits[j], ref[j] < 0);
        }
        CU_ASSERT(worst < 2e-5);
        if (worst >= 2e-5)
            fprintf(stderr, "SPA vs textbook after %d iterations: relative difference %g\n", iters, worst);
        fg_ldpc_dec_destroy(d);
    }
    hand_code_free(c);
}

/* Early termination: with it, the decoder stops at the first iteration whose decisions are a
 * codeword (checked by running exactly that many iterations without it: same APP); without it, it
 * runs max_iter. */
static void test_float_early_termination(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wimax-576-1/2", &c), 0);
    const int n = c->n;
    uint8_t *cw = malloc((size_t)n), *b1 = malloc((size_t)n), *b2 = malloc((size_t)n);
    double *llr = malloc(sizeof(double) * (size_t)n), *a1 = malloc(sizeof(double) * (size_t)n),
           *a2 = malloc(sizeof(double) * (size_t)n);
    int stopped_early = 0;
    for (int f = 0; f < 10; f++) {
        make_frame(c, 2.5, f, cw, llr);
        for (int s = FG_LDPC_SCHED_FLOODING; s <= FG_LDPC_SCHED_MULTILAYER; s++) {
            fg_ldpc_dec_cfg on = dcfg((fg_ldpc_schedule)s, 3, FG_LDPC_ALG_NMS, 30, 1);
            fg_ldpc_dec *d;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &on, &d), 0);
            int it1, it2;
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b1, a1, &it1), 0);
            fg_ldpc_dec_destroy(d);
            if (it1 < 30) {
                stopped_early++;
                CU_ASSERT_EQUAL(fg_ldpc_syndrome_weight(c, b1), 0);
            }
            fg_ldpc_dec_cfg off = dcfg((fg_ldpc_schedule)s, 3, FG_LDPC_ALG_NMS, it1, 0);
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &off, &d), 0);
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b2, a2, &it2), 0);
            CU_ASSERT_EQUAL(it2, it1);
            CU_ASSERT_EQUAL(memcmp(a1, a2, sizeof(double) * (size_t)n), 0);
            fg_ldpc_dec_destroy(d);
            if (it1 > 1) { /* one iteration fewer: not yet a codeword */
                off.max_iter = it1 - 1;
                CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &off, &d), 0);
                CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b2, NULL, &it2), 0);
                CU_ASSERT(fg_ldpc_syndrome_weight(c, b2) > 0);
                fg_ldpc_dec_destroy(d);
            }
            off.max_iter = 30;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &off, &d), 0);
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, b2, NULL, &it2), 0);
            CU_ASSERT_EQUAL(it2, 30);
            fg_ldpc_dec_destroy(d);
        }
    }
    CU_ASSERT(stopped_early >= 25);
    free(cw);
    free(b1);
    free(b2);
    free(llr);
    free(a1);
    free(a2);
    fg_ldpc_code_destroy(c);
}

/* Extreme inputs: infinite and huge LLRs and 1000 iterations give finite APP values and no NaN. */
static void test_float_extremes(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &c), 0);
    const int n = c->n;
    uint8_t *cw = malloc((size_t)n), *bits = malloc((size_t)n);
    double *llr = malloc(sizeof(double) * (size_t)n), *app = malloc(sizeof(double) * (size_t)n);
    make_frame(c, 4.0, 3, cw, llr);
    llr[0] = INFINITY;
    llr[1] = -INFINITY;
    llr[2] = 1e300;
    for (int a = FG_LDPC_ALG_SPA; a <= FG_LDPC_ALG_OMS; a++)
        for (int s = FG_LDPC_SCHED_FLOODING; s <= FG_LDPC_SCHED_MULTILAYER; s++) {
            fg_ldpc_dec_cfg cfg = dcfg((fg_ldpc_schedule)s, 2, (fg_ldpc_alg)a, a == FG_LDPC_ALG_SPA ? 100 : 1000, 0);
            fg_ldpc_dec *d;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &cfg, &d), 0);
            CU_ASSERT_EQUAL(fg_ldpc_dec_decode(d, llr, bits, app, NULL), 0);
            int bad = 0;
            for (int j = 0; j < n; j++)
                bad += !isfinite(app[j]);
            CU_ASSERT_EQUAL(bad, 0);
            fg_ldpc_dec_destroy(d);
        }
    free(cw);
    free(bits);
    free(llr);
    free(app);
    fg_ldpc_code_destroy(c);
}

/* ---------- fixed-point model ---------- */

/* The tiny code of the worked example: Z = 2, base [[0, 1, -1], [1, 0, 0]].
 * Layer 0 row 0 checks bits 0, 3; row 1 bits 1, 2. Layer 1 row 0 bits 1, 2, 4; row 1 bits 0, 3, 5.
 * Widths: defaults (LLR 6 bits, R 6 bits, APP 7 bits: +-63, scale 3/4) with the earlier arithmetic
 * in_shift = scale_round = r_sat_late = app_keep = 0 (m = min(|Q|, 31), s(x) = 3x >> 2); the default
 * arithmetic (with in_shift = 0) is checked by hand at the end (K = 2, iteration 1), and the load
 * with in_shift = 1: L = [3, -2, 4, 1, -3, 16].
 * L0 = [5, -3, 7, 2, -6, 31].
 *
 * K = 2 (one macro-layer), iteration 1 (R_old = 0, Q = L):
 *   L0r0 Q = [5, 2]: min0 = 2 pos 1, min1 = 5, signs 00 -> R' = [s(2), s(5)] = [1, 3]  (s(x) = 3x >> 2)
 *   L0r1 Q = [-3, 7]: min0 = 3 pos 0, min1 = 7, signs 10, parity 1 -> R' = [+s(7), -s(3)] = [5, -2]
 *   L1r0 Q = [-3, 7, -6]: min0 = 3 pos 0, min1 = 6, signs 101, parity 0 -> [-s(6), +s(3), -s(3)] = [-4, 2, -2]
 *   L1r1 Q = [5, 2, 31]: min0 = 2 pos 1, min1 = 5, signs 000 -> [s(2), s(5), s(2)] = [1, 3, 1]
 *   L' = [5+1+1, -3+5-4, 7-2+2, 2+3+3, -6-2, 31+1] = [7, -2, 7, 8, -8, 32]; decisions 010010: row
 *   L0r1 (bits 1, 2) fails: syndrome weight 1.
 * Iteration 2 (R_old regenerated from the regfile = the R' above):
 *   L0r0 Q = [7-1, 8-3] = [6, 5]: min0 5 pos 1, min1 6 -> R' = [s(5), s(6)] = [3, 4]; deltas [+2, +1]
 *   L0r1 Q = [-2-5, 7+2] = [-7, 9]: min0 7 pos 0, min1 9, signs 10 -> [+s(9), -s(7)] = [6, -5]; deltas [+1, -3]
 *   L1r0 Q = [-2+4, 7-2, -8+2] = [2, 5, -6]: min0 2 pos 0, min1 5, signs 001, parity 1
 *        -> [-s(5), -s(2), +s(2)] = [-3, -1, 1]; deltas [+1, -3, +3]
 *   L1r1 Q = [7-1, 8-3, 32-1] = [6, 5, 31]: min0 5 pos 1, min1 6 -> [3, 4, 3]; deltas [+2, +1, +2]
 *   L'' = [7+2+2, -2+1+1, 7-3-3, 8+1+1, -8+3, 32+2] = [11, 0, 1, 10, -5, 34]; decisions 000010:
 *   row L1r0 (bits 1, 2, 4) fails: weight 1.
 * K = 1, iteration 1: after layer 0, L = [6, 2, 5, 5, -6, 31]; layer 1:
 *   L1r0 Q = [2, 5, -6]: min0 2 pos 0, min1 5, signs 001 -> [-3, -1, 1]: bits 1, 2, 4 = -1, 4, -5
 *   L1r1 Q = [6, 5, 31]: min0 5 pos 1, min1 6 -> [3, 4, 3]: bits 0, 3, 5 = 9, 9, 34
 *   L' = [9, -1, 4, 9, -5, 34]; decisions 010010: L0r1 fails, weight 1.
 * Default arithmetic with in_shift = 0 (s(x) = (3x + 2) >> 2: s(2) = 2, s(3) = 2, s(5) = 4, s(6) = 5, s(7) = 5; no
 * APP saturates, no R reaches 31), K = 2, iteration 1:
 *   L0r0 [2, 4]; L0r1 [+s(7), -s(3)] = [5, -2]; L1r0 [-s(6), +s(3), -s(3)] = [-5, 2, -2];
 *   L1r1 [s(2), s(5), s(2)] = [2, 4, 2]
 *   L' = [5+2+2, -3+5-5, 7-2+2, 2+4+4, -6-2, 31+2] = [9, -3, 7, 10, -8, 33]; L0r1 fails: weight 1. */
static void test_fixed_by_hand(void)
{
    static const int base[6] = {0, 1, -1, 1, 0, 0};
    fg_ldpc_code *c = hand_code(2, 2, 3, base);
    const int32_t llr[6] = {5, -3, 7, 2, -6, 31};
    fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
    fg_ldpc_fixed *fx;
    /* the default arithmetic first: at load the LLRs are rounded into the APP format (1 fractional
     * bit, halves away from zero) */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, llr), 0);
    const int32_t l0[6] = {3, -2, 4, 1, -3, 16};
    CU_ASSERT_EQUAL(memcmp(fg_ldpc_fixed_app(fx), l0, sizeof l0), 0);
    fg_ldpc_fixed_destroy(fx);
    /* then with the channel's LSB kept (in_shift = 0), worked out below */
    fc.in_shift = 0;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, llr), 0);
    CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 1);
    const int32_t d1[6] = {9, -3, 7, 10, -8, 33};
    CU_ASSERT_EQUAL(memcmp(fg_ldpc_fixed_app(fx), d1, sizeof d1), 0);
    fg_ldpc_fixed_destroy(fx);
    fc.scale_round = fc.r_sat_late = fc.app_keep = 0;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), FG_ESTATE); /* nothing loaded */
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, llr), 0);
    CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 1);
    const int32_t it1[6] = {7, -2, 7, 8, -8, 32};
    CU_ASSERT_EQUAL(memcmp(fg_ldpc_fixed_app(fx), it1, sizeof it1), 0);
    CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 1);
    const int32_t it2[6] = {11, 0, 1, 10, -5, 34};
    CU_ASSERT_EQUAL(memcmp(fg_ldpc_fixed_app(fx), it2, sizeof it2), 0);
    /* decode with two iterations: the same, and the decisions */
    fg_ldpc_fixed_destroy(fx);
    fc.max_iter = 2;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    uint8_t bits[6];
    int32_t app[6];
    int it;
    CU_ASSERT_EQUAL(fg_ldpc_fixed_decode(fx, llr, bits, app, &it), 0);
    CU_ASSERT_EQUAL(it, 2);
    CU_ASSERT_EQUAL(memcmp(app, it2, sizeof it2), 0);
    const uint8_t b2[6] = {0, 0, 0, 0, 1, 0};
    CU_ASSERT_EQUAL(memcmp(bits, b2, 6), 0);
    fg_ldpc_fixed_destroy(fx);
    /* K = 1 */
    fc.layers = 1;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, llr), 0);
    CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 1);
    const int32_t k1[6] = {9, -1, 4, 9, -5, 34};
    CU_ASSERT_EQUAL(memcmp(fg_ldpc_fixed_app(fx), k1, sizeof k1), 0);
    fg_ldpc_fixed_destroy(fx);
    hand_code_free(c);
}

/* Independent reference of the fixed model, written differently: full R per edge (no regfile),
 * the excluded minimum searched directly, bit indices by modulo, a dense per-macro-layer delta. */
typedef struct {
    const fg_ldpc_code *c;
    fg_ldpc_fixed_cfg f;
    int32_t *L, *R; /* R: n_blocks * z, edge (b, i) */
} ref_fx;

static void ref_iterate(ref_fx *r)
{
    const fg_ldpc_code *c = r->c;
    const int z = c->z, A = r->f.app_width, rmax = (1 << (r->f.r_width - 1)) - 1;
    const int amax = (1 << (A - 1)) - 1, mmax = r->f.r_sat_late ? amax : rmax;
    const int64_t half = r->f.scale_round && r->f.scale_shift > 0 ? (int64_t)1 << (r->f.scale_shift - 1) : 0;
    int32_t ro[FG_LDPC_BASE_DIM_MAX]; /* R_old as used: kept at 0 by a saturated APP of its sign */
    int64_t *delta = calloc((size_t)c->n, sizeof(int64_t));
    int32_t q[FG_LDPC_BASE_DIM_MAX];
    for (int ml = 0; ml * r->f.layers < c->mb; ml++) {
        memset(delta, 0, sizeof(int64_t) * (size_t)c->n);
        for (int l = ml * r->f.layers; l < (ml + 1) * r->f.layers && l < c->mb; l++)
            for (int i = 0; i < z; i++) {
                const int b0 = c->row_start[l], deg = c->row_start[l + 1] - b0;
                int neg = 0;
                for (int j = 0; j < deg; j++) {
                    const int v = c->blk_col[b0 + j] * z + (i + c->blk_shift[b0 + j]) % z;
                    const int32_t rr = r->R[(size_t)(b0 + j) * z + i];
                    const int sat_same = (r->L[v] == amax && rr > 0) || (r->L[v] == -amax && rr < 0);
                    ro[j] = r->f.app_keep && sat_same ? 0 : rr;
                    int64_t x = (int64_t)r->L[v] - ro[j];
                    const int64_t am = (1 << (A - 1)) - 1;
                    q[j] = (int32_t)(x > am ? am : x < -am ? -am : x);
                    neg ^= q[j] < 0;
                }
                for (int j = 0; j < deg; j++) {
                    int32_t mn = mmax; /* min over the other blocks of min(|Q|, mmax) */
                    for (int t = 0; t < deg; t++)
                        if (t != j) {
                            const int32_t a = q[t] < 0 ? -q[t] : q[t];
                            if (a < mn)
                                mn = a;
                        }
                    int32_t mag = (int32_t)(((int64_t)r->f.scale_num * mn + half) >> r->f.scale_shift);
                    if (r->f.r_sat_late && mag > rmax)
                        mag = rmax;
                    const int32_t rn = (neg ^ (q[j] < 0)) ? -mag : mag;
                    const int v = c->blk_col[b0 + j] * z + (i + c->blk_shift[b0 + j]) % z;
                    delta[v] += rn - ro[j];
                    r->R[(size_t)(b0 + j) * z + i] = rn;
                }
            }
        for (int v = 0; v < c->n; v++) {
            const int64_t x = r->L[v] + delta[v], am = (1 << (A - 1)) - 1;
            r->L[v] = (int32_t)(x > am ? am : x < -am ? -am : x);
        }
    }
    free(delta);
}

/* The model equals the reference after every iteration, for the given inputs and config. */
static int fixed_matches_ref(const fg_ldpc_code *c, const fg_ldpc_fixed_cfg *fc, const int32_t *llr, int iters)
{
    ref_fx r = {.c = c, .f = *fc};
    r.L = malloc(sizeof(int32_t) * (size_t)c->n);
    r.R = calloc((size_t)c->n_blocks * (size_t)c->z, sizeof(int32_t));
    for (int v = 0; v < c->n; v++) { /* round(llr / 2^in_shift), halves away from zero */
        const double x = ldexp((double)llr[v], -fc->in_shift);
        r.L[v] = (int32_t)(x < 0 ? -floor(-x + 0.5) : floor(x + 0.5));
    }
    fg_ldpc_fixed *fx;
    int bad = 0;
    if (fg_ldpc_fixed_create(c, fc, &fx) || fg_ldpc_fixed_load(fx, llr))
        bad = 1000;
    for (int t = 0; t < iters && !bad; t++) {
        if (fg_ldpc_fixed_iterate(fx) < 0)
            bad = 1000;
        ref_iterate(&r);
        if (memcmp(fg_ldpc_fixed_app(fx), r.L, sizeof(int32_t) * (size_t)c->n))
            bad = t + 1;
    }
    fg_ldpc_fixed_destroy(fx);
    free(r.L);
    free(r.R);
    return bad;
}

/* Random quantised inputs at 1.5 dB, several codes and K (dividing mb or not, K = mb), widths. */
static void test_fixed_equals_reference(void)
{
    static const char *const names[] = {"wifi-648-1/2", "wifi-1296-3/4", "wimax-576-2/3B"};
    for (size_t ci = 0; ci < sizeof names / sizeof *names; ci++) {
        fg_ldpc_code *c;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create(names[ci], &c), 0);
        uint8_t *cw = malloc((size_t)c->n);
        double *llr = malloc(sizeof(double) * (size_t)c->n);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)c->n);
        make_frame(c, 1.5, 11 + (int)ci, cw, llr);
        const int Ks[5] = {1, 2, 3, 5, c->mb};
        for (int t = 0; t < 5; t++) {
            fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
            fc.layers = Ks[t];
            if (t == 2) /* the earlier arithmetic */
                fc.in_shift = fc.scale_round = fc.r_sat_late = fc.app_keep = 0;
            if (t == 4) { /* mixed: each option alone */
                fc.in_shift = ci != 0;
                fc.scale_round = ci == 0;
                fc.r_sat_late = ci == 1;
                fc.app_keep = ci == 2;
            }
            if (t == 3) { /* other widths and scale 5/8 */
                fc.llr_width = 5;
                fc.llr_frac = 1;
                fc.r_width = 5;
                fc.app_width = 8;
                fc.scale_num = 5;
                fc.scale_shift = 3;
            }
            CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, c->n, fc.llr_width, fc.llr_frac, q), 0);
            const int bad = fixed_matches_ref(c, &fc, q, 6);
            CU_ASSERT_EQUAL(bad, 0);
            if (bad)
                fprintf(stderr, "%s K=%d: model differs from the reference at iteration %d\n", names[ci], Ks[t], bad);
        }
        free(cw);
        free(llr);
        free(q);
        fg_ldpc_code_destroy(c);
    }
}

/* Saturation: all inputs at +max stay at +max with the default arithmetic; with the earlier one
 * (scale_round = r_sat_late = app_keep = 0) they decode in one iteration to L = min(63, 31 + 23 deg(v))
 * (every R' is +s(31) = 23, the deltas only grow, so saturating per macro-layer equals saturating at the
 * end); all at -max and alternating +-max match the reference, and every APP stays in 7 bits. */
static void test_fixed_saturation(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-5/6", &c), 0);
    const int n = c->n;
    int *deg = calloc((size_t)c->nb, sizeof(int));
    for (int b = 0; b < c->n_blocks; b++)
        deg[c->blk_col[b]]++;
    int32_t *q = malloc(sizeof(int32_t) * (size_t)n);
    fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
    for (int K = 1; K <= c->mb; K += 3) {
        fc.layers = K;
        for (int v = 0; v < n; v++)
            q[v] = 31;
        /* the default arithmetic: all +max matches the reference and stays +max */
        CU_ASSERT_EQUAL(fixed_matches_ref(c, &fc, q, 4), 0);
        fg_ldpc_fixed *fx;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, q), 0);
        for (int t = 0; t < 4; t++)
            CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 0);
        int nsat = 0;
        for (int v = 0; v < n; v++)
            nsat += fg_ldpc_fixed_app(fx)[v] == 63;
        CU_ASSERT_EQUAL(nsat, n);
        fg_ldpc_fixed_destroy(fx);
        fg_ldpc_fixed_cfg old = fc;
        old.in_shift = old.scale_round = old.r_sat_late = old.app_keep = 0;
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &old, &fx), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, q), 0);
        CU_ASSERT_EQUAL(fg_ldpc_fixed_iterate(fx), 0);
        int bad = 0;
        for (int v = 0; v < n; v++) {
            const int e = 31 + 23 * deg[v / c->z];
            bad += fg_ldpc_fixed_app(fx)[v] != (e > 63 ? 63 : e);
        }
        CU_ASSERT_EQUAL(bad, 0);
        fg_ldpc_fixed_destroy(fx);
        for (int v = 0; v < n; v++)
            q[v] = -31;
        CU_ASSERT_EQUAL(fixed_matches_ref(c, &fc, q, 4), 0);
        for (int v = 0; v < n; v++)
            q[v] = (v % 3) ? 31 : -31;
        CU_ASSERT_EQUAL(fixed_matches_ref(c, &fc, q, 4), 0);
        /* R wider than APP: Q saturates at the APP width */
        fg_ldpc_fixed_cfg w = fc;
        w.r_width = 10;
        w.app_width = 6;
        CU_ASSERT_EQUAL(fixed_matches_ref(c, &w, q, 4), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &w, &fx), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(fx, q), 0);
        for (int t = 0; t < 3; t++)
            fg_ldpc_fixed_iterate(fx);
        bad = 0;
        for (int v = 0; v < n; v++)
            bad += fg_ldpc_fixed_app(fx)[v] > 31 || fg_ldpc_fixed_app(fx)[v] < -31;
        CU_ASSERT_EQUAL(bad, 0);
        fg_ldpc_fixed_destroy(fx);
    }
    free(deg);
    free(q);
    fg_ldpc_code_destroy(c);
}

/* Early termination of the fixed model: decode stops at the first iteration whose syndrome weight
 * (as fg_ldpc_fixed_iterate returns it) is 0, with the same APP as stepping by hand; without it,
 * max_iter iterations. */
static void test_fixed_early_termination(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1296-1/2", &c), 0);
    const int n = c->n;
    uint8_t *cw = malloc((size_t)n), *bits = malloc((size_t)n);
    double *llr = malloc(sizeof(double) * (size_t)n);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)n), *app = malloc(sizeof(int32_t) * (size_t)n);
    fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
    fg_ldpc_fixed *fx, *step;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &step), 0);
    int early = 0;
    for (int f = 0; f < 10; f++) {
        make_frame(c, 2.0, f, cw, llr);
        CU_ASSERT_EQUAL_FATAL(fg_llr_quantize(llr, n, fc.llr_width, fc.llr_frac, q), 0);
        int it;
        CU_ASSERT_EQUAL(fg_ldpc_fixed_decode(fx, q, bits, app, &it), 0);
        CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_load(step, q), 0);
        int t = 0, w = -1;
        while (t < fc.max_iter && w != 0) {
            w = fg_ldpc_fixed_iterate(step);
            t++;
        }
        CU_ASSERT_EQUAL(it, t);
        CU_ASSERT_EQUAL(memcmp(app, fg_ldpc_fixed_app(step), sizeof(int32_t) * (size_t)n), 0);
        if (w == 0)
            CU_ASSERT_EQUAL(fg_ldpc_syndrome_weight(c, bits), 0);
        early += it < fc.max_iter;
    }
    CU_ASSERT(early >= 8);
    fg_ldpc_fixed_destroy(fx);
    fc.early_term = 0;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    int it;
    CU_ASSERT_EQUAL(fg_ldpc_fixed_decode(fx, q, bits, NULL, &it), 0);
    CU_ASSERT_EQUAL(it, fc.max_iter);
    fg_ldpc_fixed_destroy(fx);
    fg_ldpc_fixed_destroy(step);
    free(cw);
    free(bits);
    free(llr);
    free(q);
    free(app);
    fg_ldpc_code_destroy(c);
}

/* Fixed K = 2 vs float NMS (0.75) multi-layer K = 2 on the same 300 frames. With fine widths
 * (LLR 12 bits, 6 fractional; R 12; APP 14) and with the thesis widths (6/2, 6, 7, default
 * arithmetic) at 1.5 dB the frame errors agree within +-10 (about 2 sigma of the difference); at
 * 2.5 dB the thesis widths stay within the float's + 3 (the earlier arithmetic had a floor). */
static void test_fixed_vs_float_fer(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c), 0);
    fg_ldpc_dec_cfg d = dcfg(FG_LDPC_SCHED_MULTILAYER, 2, FG_LDPC_ALG_NMS, 15, 1);
    fg_ldpc_fixed_cfg fine = fg_ldpc_fixed_cfg_default();
    fine.llr_width = 12;
    fine.llr_frac = 6;
    fine.r_width = 12;
    fine.app_width = 14;
    const fg_ldpc_fixed_cfg thesis = fg_ldpc_fixed_cfg_default();
    int fe_float, fe_fixed;
    long it_float, it_fixed;
    run_frames(c, &d, NULL, 1.5, 300, &fe_float, &it_float);
    run_frames(c, NULL, &fine, 1.5, 300, &fe_fixed, &it_fixed);
    fprintf(stderr, "\n  1.5 dB, 300 frames: float NMS K=2 %d frame errors (%.2f it/frame), fixed 12/6/12/14 K=2 %d (%.2f)\n",
            fe_float, it_float / 300.0, fe_fixed, it_fixed / 300.0);
    CU_ASSERT(fe_float >= 20); /* the point is not trivially error-free */
    CU_ASSERT(fe_fixed <= fe_float + 10 && fe_fixed >= fe_float - 10);
    run_frames(c, NULL, &thesis, 1.5, 300, &fe_fixed, &it_fixed);
    fprintf(stderr, "  1.5 dB, 300 frames: fixed 6/2/6/7 K=2 %d (%.2f)\n", fe_fixed, it_fixed / 300.0);
    CU_ASSERT(fe_fixed <= fe_float + 10 && fe_fixed >= fe_float - 10);
    run_frames(c, &d, NULL, 2.5, 300, &fe_float, &it_float);
    run_frames(c, NULL, &thesis, 2.5, 300, &fe_fixed, &it_fixed);
    fprintf(stderr, "  2.5 dB, 300 frames: float NMS K=2 %d frame errors (%.2f it/frame), fixed 6/2/6/7 K=2 %d (%.2f)\n",
            fe_float, it_float / 300.0, fe_fixed, it_fixed / 300.0);
    CU_ASSERT(fe_fixed <= fe_float + 3);
    fg_ldpc_code_destroy(c);
}

/* The error floor of the earlier arithmetic, on its smallest case (docs/ldpc.md, "Fixed-point
 * arithmetic"): wifi-1944-1/2, the all-zero codeword received at +16 (4.0) everywhere but two
 * neighbouring degree-2 staircase parity bits at -27 (-6.75; bits 27 of block columns 20 and 21,
 * which share a check of layer 8). The pair gets outside help only from its two outer checks, each at
 * most 0.75 * 31 -> 23 when |Q| is saturated to 31 before the min finder: each bit settles at
 * -27 + 23 - s(|-27 + 23|) = -7 and the pair stays wrong for ever (K = 1 and 2, 50 iterations). With
 * R saturated after scaling (up to 31): -27 + 31 + s(4) > 0, both bits are corrected at once. */
static void test_fixed_degree2_pair(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-1944-1/2", &c), 0);
    const int n = c->n, b1 = 20 * c->z + 27, b2 = 21 * c->z + 27;
    int32_t *q = malloc(sizeof(int32_t) * (size_t)n);
    uint8_t *bits = malloc((size_t)n);
    for (int v = 0; v < n; v++)
        q[v] = 16;
    q[b1] = -27;
    q[b2] = -27;
    for (int K = 1; K <= 2; K++)
        for (int arith = 0; arith < 2; arith++) {
            fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
            fc.layers = K;
            fc.max_iter = 50;
            if (!arith)
                fc.in_shift = fc.scale_round = fc.r_sat_late = fc.app_keep = 0;
            fg_ldpc_fixed *fx;
            CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
            int it = 0, wrong = 0;
            CU_ASSERT_EQUAL(fg_ldpc_fixed_decode(fx, q, bits, NULL, &it), 0);
            for (int v = 0; v < n; v++)
                wrong += bits[v];
            if (arith) {
                CU_ASSERT_EQUAL(wrong, 0);
                CU_ASSERT(it <= 5);
            } else {
                CU_ASSERT_EQUAL(wrong, 2);
                CU_ASSERT(bits[b1] == 1 && bits[b2] == 1);
                CU_ASSERT_EQUAL(it, 50);
            }
            fg_ldpc_fixed_destroy(fx);
        }
    free(q);
    free(bits);
    fg_ldpc_code_destroy(c);
}

static void test_fx_scale(void)
{
    int bad = 0;
    for (int32_t x = -70000; x <= 70000; x++)
        bad += fg_fx_scale(x, 3, 2) != fg_fx_scale075(x);
    for (int s = 0; s <= 8; s++)
        for (int num = 1; num <= (1 << s); num++)
            for (int32_t x = -300; x <= 300; x++)
                bad += fg_fx_scale(x, num, s) != (int32_t)floor((double)num * x / (double)(1 << s));
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(fg_fx_scale(INT32_MIN + 1, 256, 8), INT32_MIN + 1);
}

/* ---------- parameter errors ---------- */

#define EXPECT_EINVAL(call, text)                                                                                     \
    do {                                                                                                              \
        CU_ASSERT_EQUAL(call, FG_EINVAL);                                                                             \
        CU_ASSERT_PTR_NOT_NULL(strstr(fg_last_error(), text));                                                        \
        if (!strstr(fg_last_error(), text))                                                                           \
            fprintf(stderr, "expected \"%s\" in \"%s\"\n", text, fg_last_error());                                    \
    } while (0)

static void test_bad_config(void)
{
    fg_ldpc_code *c;
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_code_create("wifi-648-1/2", &c), 0); /* mb = 12 */
    fg_ldpc_dec *d = (fg_ldpc_dec *)1;
    fg_ldpc_dec_cfg dc = fg_ldpc_dec_cfg_default();
    dc.schedule = FG_LDPC_SCHED_MULTILAYER;
    dc.layers = 13;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "layers=13 out of range [1, 12]");
    CU_ASSERT_PTR_NULL(d);
    dc.layers = 0;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "layers=0 out of range [1, 12]");
    dc = fg_ldpc_dec_cfg_default();
    dc.layers = 13; /* ignored by the layered schedule */
    CU_ASSERT_EQUAL(fg_ldpc_dec_create(c, &dc, &d), 0);
    fg_ldpc_dec_destroy(d);
    dc = fg_ldpc_dec_cfg_default();
    dc.nms_factor = 1.5;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "nms_factor=1.5 out of range (0, 1]");
    dc.nms_factor = NAN;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "nms_factor=nan");
    dc = fg_ldpc_dec_cfg_default();
    dc.oms_offset = -0.1;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "oms_offset=-0.1 out of range");
    dc = fg_ldpc_dec_cfg_default();
    dc.max_iter = 0;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "max_iter=0 out of range [1, 1000]");
    dc = fg_ldpc_dec_cfg_default();
    dc.alg = (fg_ldpc_alg)7;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "alg=7 unknown");
    dc = fg_ldpc_dec_cfg_default();
    dc.schedule = (fg_ldpc_schedule)3;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "schedule=3 unknown");
    dc = fg_ldpc_dec_cfg_default();
    dc.early_term = 2;
    EXPECT_EINVAL(fg_ldpc_dec_create(c, &dc, &d), "early_term=2");
    /* NaN input */
    dc = fg_ldpc_dec_cfg_default();
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_dec_create(c, &dc, &d), 0);
    double *llr = calloc((size_t)c->n, sizeof(double));
    uint8_t *bits = malloc((size_t)c->n);
    llr[17] = NAN;
    EXPECT_EINVAL(fg_ldpc_dec_decode(d, llr, bits, NULL, NULL), "llr_n[17] is NaN");
    fg_ldpc_dec_destroy(d);

    fg_ldpc_fixed *fx = (fg_ldpc_fixed *)1;
    fg_ldpc_fixed_cfg fc = fg_ldpc_fixed_cfg_default();
    fc.layers = 13;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "layers=13 out of range [1, 12]");
    CU_ASSERT_PTR_NULL(fx);
    fc = fg_ldpc_fixed_cfg_default();
    fc.in_shift = 6;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "in_shift=6 out of range [0, 5]");
    fc.in_shift = -1;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "in_shift=-1 out of range [0, 5]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.scale_round = 2;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "scale_round=2 invalid");
    fc = fg_ldpc_fixed_cfg_default();
    fc.r_sat_late = -1;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "r_sat_late=-1 invalid");
    fc = fg_ldpc_fixed_cfg_default();
    fc.app_keep = 3;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "app_keep=3 invalid");
    fc = fg_ldpc_fixed_cfg_default();
    fc.llr_width = 17;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "llr_width=17 out of range [2, 16]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.llr_width = 8; /* > app_width 7 */
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "app_width=7 out of range [8, 24]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.app_width = 25;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "app_width=25 out of range [6, 24]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.llr_frac = 6;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "llr_frac=6 out of range [0, 5]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.r_width = 1;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "r_width=1 out of range [2, 16]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.scale_num = 5;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "scale_num=5 out of range [1, 4]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.scale_shift = 9;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "scale_shift=9 out of range [0, 8]");
    fc = fg_ldpc_fixed_cfg_default();
    fc.max_iter = 1001;
    EXPECT_EINVAL(fg_ldpc_fixed_create(c, &fc, &fx), "max_iter=1001 out of range [1, 1000]");
    /* inputs outside llr_width */
    fc = fg_ldpc_fixed_cfg_default();
    CU_ASSERT_EQUAL_FATAL(fg_ldpc_fixed_create(c, &fc, &fx), 0);
    int32_t *q = calloc((size_t)c->n, sizeof(int32_t));
    q[5] = 32;
    EXPECT_EINVAL(fg_ldpc_fixed_load(fx, q), "llr_n[5]=32 out of range [-31, 31]");
    q[5] = -32;
    EXPECT_EINVAL(fg_ldpc_fixed_decode(fx, q, bits, NULL, NULL), "llr_n[5]=-32");
    fg_ldpc_fixed_destroy(fx);
    free(q);
    free(llr);
    free(bits);
    fg_ldpc_code_destroy(c);
}

void fg_test_register(void)
{
    static const fg_test_case cases[] = {
        {"noiseless_one_iteration", test_noiseless_one_iteration},
        {"good_snr_no_errors", test_good_snr_no_errors},
        {"layered_converges_faster", test_layered_converges_faster},
        {"k1_equals_layered", test_k1_equals_layered},
        {"kernels_agree", test_kernels_agree},
        {"kmb_is_flooding", test_kmb_is_flooding},
        {"spa_flooding_equals_textbook", test_spa_flooding_equals_textbook},
        {"float_early_termination", test_float_early_termination},
        {"float_extremes", test_float_extremes},
        {"fixed_by_hand", test_fixed_by_hand},
        {"fixed_degree2_pair", test_fixed_degree2_pair},
        {"fixed_equals_reference", test_fixed_equals_reference},
        {"fixed_saturation", test_fixed_saturation},
        {"fixed_early_termination", test_fixed_early_termination},
        {"fixed_vs_float_fer", test_fixed_vs_float_fer},
        {"fx_scale", test_fx_scale},
        {"bad_config", test_bad_config},
        {NULL, NULL}};
    fg_add_suite("ldpc_dec", cases);
}
