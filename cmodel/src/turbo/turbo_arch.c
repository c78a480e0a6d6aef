/* Step model of the parallel turbo decoder (fecforge/turbo_arch.h; docs/turbo-architecture.md).
 * Composes the IAG (fg_iag_step) and the DBCF (fg_dbcf_step) step models with the SISO control,
 * the SISO output pipeline, the LLR delay line beside the IAG, the bank mapper and the memories. */
#include "fecforge/turbo_arch.h"
#include "fecforge/error.h"
#include "turbo_arch_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

fg_turbo_arch_cfg fg_turbo_arch_cfg_default(void)
{
    fg_turbo_arch_cfg c = {.std = FG_STD_LTE,
                           .K = 6144,
                           .P = 16,
                           .half_iters = 11,
                           .siso_latency = FG_TURBO_ARCH_LATENCY_DEFAULT,
                           .path = FG_TURBO_ARCH_PATH_AUTO,
                           .banks = 0,
                           .umts_mapping = FG_MAP_XMAP_XOR,
                           .dbcf = fg_dbcf_cfg_default(),
                           .data = FG_TURBO_ARCH_DATA_TAG,
                           .fmt = fg_xmap_fmt_default(),
                           .nii = 1};
    /* Thesis Table 4.3 row 2 (S 3, F 8, B 12) loses words at LTE K=1696 (P 16) and at UMTS sizes
     * (P 8) over a whole block; F 16, B 24 loses none at any size of either standard, at P 8 and 16
     * and 0.5 to 10 iterations (docs/turbo-architecture.md). */
    c.dbcf.fifo_depth = 16;
    c.dbcf.buf_depth = 24;
    return c;
}

int fg_turbo_arch_cfg_check(const fg_turbo_arch_cfg *c)
{
    if (c->std != FG_STD_LTE && c->std != FG_STD_UMTS)
        return fg_set_error_at(FG_EINVAL, &c->std, "std=%d invalid: lte or umts", (int)c->std);
    int rc = fg_interleaver_check_k(c->std, c->K);
    if (rc)
        return fg_error_at(rc, &c->K);
    if (c->P < 1 || c->P > FG_TURBO_ARCH_P_MAX)
        return fg_set_error_at(FG_EINVAL, &c->P, "P=%d out of range [1, %d] (the IAG serves at most %d lanes)", c->P,
                               FG_TURBO_ARCH_P_MAX, FG_IAG_LANES_MAX);
    if (c->path < FG_TURBO_ARCH_PATH_AUTO || c->path > FG_TURBO_ARCH_PATH_FIT)
        return fg_set_error_at(FG_EINVAL, &c->path, "path=%d invalid: auto, direct, dbcf, shared or fit", (int)c->path);
    /* A design (paths shared and fit) runs HSPA+ on umts_P SISOs through its DBCF of 4*umts_P lanes, and a
     * block too short for its SISOs on fewer (fg_turbo_arch_resolve). */
    const int shared = c->path == FG_TURBO_ARCH_PATH_SHARED || c->path == FG_TURBO_ARCH_PATH_FIT;
    if (shared) {
        const char *path = c->path == FG_TURBO_ARCH_PATH_FIT ? "fit" : "shared";
        if (c->path == FG_TURBO_ARCH_PATH_FIT && c->umts_P != 0)
            return fg_set_error_at(FG_EINVAL, &c->umts_P,
                                   "umts_P=%d invalid with path fit: the design's P SISOs serve its one "
                                   "standard (0)", c->umts_P);
        if (c->umts_P < 0 || c->umts_P > c->P)
            return fg_set_error_at(FG_EINVAL, &c->umts_P, "umts_P=%d out of range [1, P=%d] (0: P/2)", c->umts_P, c->P);
        if (c->banks != 0 || c->dbcf_lanes != 0)
            return fg_set_error_at(FG_EINVAL, c->banks ? (const void *)&c->banks : &c->dbcf_lanes,
                                   "%s=%d invalid with path %s: set per block by the design (0)",
                                   c->banks ? "banks" : "dbcf_lanes", c->banks ? c->banks : c->dbcf_lanes, path);
    }
    const int P = c->P;
    if (!shared && !fg_turbo_arch_p_fits(c->K, P)) {
        const int L = 4 * ((c->K + 4 * P - 1) / (4 * P));
        return fg_set_error_at(FG_EINVAL, &c->P,
                               "P=%d does not fit K=%d: sub-blocks of L=%d leave a last one of %d positions; "
                               "every non-empty sub-block needs at least 8", P, c->K, L, c->K - (c->K - 1) / L * L);
    }
    if (c->half_iters < 1 || c->half_iters > FG_TURBO_ARCH_HALF_MAX)
        return fg_set_error_at(FG_EINVAL, &c->half_iters,
                               "half_iters=%d out of range [1, %d] (iterations 0.5 to %d)", c->half_iters,
                               FG_TURBO_ARCH_HALF_MAX, FG_TURBO_ARCH_HALF_MAX / 2);
    if (c->siso_latency < 1 || c->siso_latency > FG_TURBO_ARCH_LATENCY_MAX)
        return fg_set_error_at(FG_EINVAL, &c->siso_latency, "siso_latency=%d out of range [1, %d]", c->siso_latency,
                               FG_TURBO_ARCH_LATENCY_MAX);
    const int pllr = 4 * P;
    if (c->dbcf_lanes != 0 && (c->dbcf_lanes < pllr || c->dbcf_lanes % 4 || c->dbcf_lanes > FG_IAG_LANES_MAX))
        return fg_set_error_at(FG_EINVAL, &c->dbcf_lanes,
                               "dbcf_lanes=%d invalid: 0 (4P) or a multiple of 4 in [4P=%d, %d]",
                               c->dbcf_lanes, pllr, FG_IAG_LANES_MAX);
    if (c->std == FG_STD_LTE) {
        if (c->banks != 0 && c->banks != pllr)
            return fg_set_error_at(FG_EINVAL, &c->banks,
                                   "banks=%d invalid for LTE: the qpp mapping uses M = 4P = %d banks",
                                   c->banks, pllr);
    } else {
        if (c->banks != 0 && (c->banks < pllr || c->banks % pllr || c->banks > 4096))
            return fg_set_error_at(FG_EINVAL, &c->banks,
                                   "banks=%d invalid for UMTS: a multiple of 4P = %d in [%d, 4096]", c->banks,
                                   pllr, pllr);
        if (c->umts_mapping != FG_MAP_XMAP && c->umts_mapping != FG_MAP_XMAP_XOR)
            return fg_set_error_at(FG_EINVAL, &c->umts_mapping,
                                   "umts_mapping=%s invalid: xmap or xmap-xor (natural-order reads must "
                                   "be conflict-free)", fg_bank_mapping_name(c->umts_mapping));
        if (c->path == FG_TURBO_ARCH_PATH_DIRECT)
            return fg_set_error_at(FG_EINVAL, &c->path,
                                   "path=direct invalid for UMTS: its interleaver is not contention-free, "
                                   "the writes need the DBCF (auto or dbcf)");
    }
    if (c->data != FG_TURBO_ARCH_DATA_TAG && c->data != FG_TURBO_ARCH_DATA_FIXED)
        return fg_set_error_at(FG_EINVAL, &c->data, "data=%d invalid: tag or fixed", (int)c->data);
    if (c->data == FG_TURBO_ARCH_DATA_FIXED && (rc = fg_xmap_fmt_check(&c->fmt)))
        return rc;
    fg_dbcf_cfg d = c->dbcf;
    d.pllr = shared ? 4 * fg_turbo_arch_umts_P(c) : c->dbcf_lanes ? c->dbcf_lanes : pllr;  /* fit: 4P */
    d.banks = c->banks ? c->banks : d.pllr;
    d.stall = 0;
    if ((rc = fg_dbcf_cfg_check(&d))) /* d is a copy: its fields as c's (its banks are c->banks) */
        fg_error_at(rc, fg_field_in(fg_field_in(fg_last_error_field(), &d.banks, &c->banks, sizeof d.banks), &d,
                                    &c->dbcf, sizeof d));
    return rc;
}

int fg_turbo_arch_p_fits(int K, int P)
{
    if (K < 1 || P < 1 || P > FG_TURBO_ARCH_P_MAX)
        return 0;
    const int L = 4 * ((K + 4 * P - 1) / (4 * P));
    return L >= 8 && K - (K - 1) / L * L >= 8;
}

int fg_turbo_arch_parse_iter(const char *text, int *half_iters)
{
    char *end;
    const double v = text ? strtod(text, &end) : NAN;
    if (!text || end == text || *end || !(v >= 0.5 && v <= FG_TURBO_ARCH_HALF_MAX / 2) || 2 * v != floor(2 * v))
        return fg_set_error(FG_EINVAL, "iter=%s invalid: iterations in [0.5, %d] in steps of 0.5 (5.5 is legal)",
                            text ? text : "(null)", FG_TURBO_ARCH_HALF_MAX / 2);
    *half_iters = (int)(2 * v);
    return 0;
}

double fg_turbo_arch_eq424(int K, int P, int half_iters, int siso_latency, int iag_latency, double fclk)
{
    return K * fclk / (half_iters * ((double)K / (2.0 * P) + siso_latency + iag_latency));
}

int fg_turbo_arch_lte_conflicts(int K, int P, long *conflicts)
{
    fg_xmap_schedule s;
    int rc = fg_interleaver_check_k(FG_STD_LTE, K);
    if (!rc)
        rc = fg_xmap_schedule_init(&s, K, 4 * P);
    if (rc)
        return rc;
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    int *cnt = calloc((size_t)s.pllr, sizeof *cnt);
    if (!addr || !cnt) {
        free(addr);
        free(cnt);
        return fg_set_error(FG_ENOMEM, "out of memory for the LTE conflict count (K=%d)", K);
    }
    long n = 0;
    for (int dir = 0; dir < 2 && !rc; dir++) {
        rc = fg_write_addresses(FG_STD_LTE, K, (fg_direction)dir, addr);
        for (int c = 0; c < s.cycles && !rc; c++) {
            memset(cnt, 0, sizeof *cnt * (size_t)s.pllr);
            for (int l = 0; l < s.pllr; l++) {
                const int x = fg_xmap_position(&s, c, l);
                if (x >= 0)
                    n += ++cnt[fg_turbo_arch_qpp_bank(s.L, addr[x])] == 2;
            }
        }
    }
    free(addr);
    free(cnt);
    if (!rc)
        *conflicts = n;
    return rc;
}

void fg_turbo_arch_destroy(fg_turbo_arch *a)
{
    if (!a)
        return;
    fg_iag_destroy(a->iag);
    fg_dbcf_destroy(a->dbcf);
    free(a->pi_K);
    free(a->inv_K);
    free(a->iag_delay);
    free(a->out_pipe);
    free(a->out_pipe_valid);
    free(a->mem);
    free(a->written);
    free(a->rd_valid);
    free(a->rd_pos);
    free(a->rd_bank);
    free(a->rd_row);
    free(a->out_valid);
    free(a->out_x);
    free(a->out_llr);
    free(a->iag_in);
    free(a->word);
    free(a->wr);
    free(a->bank_cnt);
    free(a->idle_iag);
    fg_turbo_arch_siso_free(a);
    free(a);
}

int fg_turbo_arch_create(const fg_turbo_arch_cfg *cfg, fg_turbo_arch **out)
{
    *out = NULL;
    fg_turbo_arch_cfg run; /* a shared design's configuration for this K */
    int rc = fg_turbo_arch_resolve(cfg, &run);
    if (rc)
        return rc;
    cfg = &run;
    fg_turbo_arch *a = calloc(1, sizeof *a);
    if (!a)
        return fg_set_error(FG_ENOMEM, "out of memory for the turbo architecture model");
    a->cfg = *cfg;
    a->pllr = 4 * cfg->P;
    a->dlanes = cfg->dbcf_lanes ? cfg->dbcf_lanes : a->pllr;
    a->M = cfg->banks ? cfg->banks : a->pllr;
    a->Lmap = cfg->siso_latency;
    a->Liag = cfg->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    if ((rc = fg_xmap_schedule_init(&a->sched, cfg->K, a->pllr)))
        goto fail;
    a->C0 = a->sched.cycles;
    a->L = a->sched.L;
    a->n_sub = (cfg->K + a->L - 1) / a->L;
    if (cfg->std == FG_STD_LTE) {
        a->qpp = 1;
        a->depth = a->C0;
        long conflicts = 0;
        if (cfg->path == FG_TURBO_ARCH_PATH_AUTO && (rc = fg_turbo_arch_lte_conflicts(cfg->K, cfg->P, &conflicts)))
            goto fail;
        a->use_dbcf = cfg->path == FG_TURBO_ARCH_PATH_DBCF || (cfg->path == FG_TURBO_ARCH_PATH_AUTO && conflicts > 0);
    } else {
        if ((rc = fg_bank_map_init(&a->umap, cfg->umts_mapping, a->M, &a->sched)))
            goto fail;
        a->depth = a->umap.depth;
        a->use_dbcf = 1;
    }
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_xmap_program(&a->sched, prog);
    const fg_iag_cfg icfg = {cfg->std, cfg->K, a->pllr, prog};
    if ((rc = fg_iag_create(&icfg, &a->iag)))
        goto fail;
    if (a->use_dbcf) {
        fg_dbcf_cfg d = cfg->dbcf;
        d.pllr = a->dlanes;
        d.banks = a->M;
        d.stall = 0;
        if ((rc = fg_dbcf_create(&d, &a->dbcf)))
            goto fail;
    }
    const size_t P = (size_t)a->pllr, M = (size_t)a->M, K = (size_t)cfg->K, cells = M * (size_t)a->depth;
    const size_t pipe = P * (size_t)(a->Lmap > 1 ? a->Lmap - 1 : 1);
    a->pi_K = malloc(sizeof *a->pi_K * K);
    a->inv_K = malloc(sizeof *a->inv_K * K);
    a->iag_delay = calloc(P * (size_t)a->Liag, sizeof *a->iag_delay);
    a->out_pipe = calloc(pipe, sizeof *a->out_pipe);
    a->out_pipe_valid = calloc(pipe, 1);
    a->mem = calloc(cells, sizeof *a->mem);
    a->written = calloc(cells, sizeof *a->written);
    a->rd_valid = calloc(P, 1);
    a->rd_pos = calloc(P, sizeof *a->rd_pos);
    a->rd_bank = calloc(P, sizeof *a->rd_bank);
    a->rd_row = calloc(P, sizeof *a->rd_row);
    a->out_valid = calloc(P, 1);
    a->out_x = calloc(P, sizeof *a->out_x);
    a->out_llr = calloc(P, sizeof *a->out_llr);
    a->iag_in = calloc(P, sizeof *a->iag_in);
    a->word = calloc((size_t)a->dlanes, sizeof *a->word);
    a->wr = calloc(M, sizeof *a->wr);
    a->bank_cnt = calloc(M, sizeof *a->bank_cnt);
    a->idle_iag = calloc(P, sizeof *a->idle_iag);
    if (!a->pi_K || !a->inv_K || !a->iag_delay || !a->out_pipe || !a->out_pipe_valid || !a->mem || !a->written ||
        !a->rd_valid || !a->rd_pos || !a->rd_bank || !a->rd_row || !a->out_valid || !a->out_x || !a->out_llr ||
        !a->iag_in || !a->word || !a->wr || !a->bank_cnt || !a->idle_iag) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the turbo architecture model (K=%d, P=%d)", cfg->K, cfg->P);
        goto fail;
    }
    if ((rc = fg_interleaver_table(cfg->std, cfg->K, a->pi_K)) ||
        (cfg->data == FG_TURBO_ARCH_DATA_FIXED && (rc = fg_turbo_arch_siso_alloc(a))))
        goto fail;
    fg_permutation_invert(cfg->K, a->pi_K, a->inv_K);
    fg_turbo_arch_reset(a);
    *out = a;
    return 0;
fail:
    fg_turbo_arch_destroy(a);
    return rc;
}

void fg_turbo_arch_reset(fg_turbo_arch *a)
{
    fg_iag_reset(a->iag);
    if (a->dbcf)
        fg_dbcf_reset(a->dbcf);
    const size_t P = (size_t)a->pllr, cells = (size_t)a->M * (size_t)a->depth;
    const size_t pipe = P * (size_t)(a->Lmap > 1 ? a->Lmap - 1 : 1);
    memset(a->iag_delay, 0, sizeof *a->iag_delay * P * (size_t)a->Liag);
    memset(a->out_pipe, 0, sizeof *a->out_pipe * pipe);
    memset(a->out_pipe_valid, 0, pipe);
    memset(a->mem, 0, sizeof *a->mem * cells);
    memset(a->written, 0, sizeof *a->written * cells);
    a->state = FG_TURBO_ARCH_IDLE;
    a->half = a->tau = 0;
    a->cycle = 0;
    memset(&a->st, 0, sizeof a->st);
}

fg_turbo_arch_state fg_turbo_arch_get_state(const fg_turbo_arch *a) { return a->state; }

void fg_turbo_arch_get_geometry(const fg_turbo_arch *a, fg_turbo_arch_geometry *g)
{
    g->K = a->cfg.K;
    g->P = a->cfg.P;
    g->pllr = a->pllr;
    g->L = a->L;
    g->C0 = a->C0;
    g->active = (a->cfg.K + a->L - 1) / a->L;
    g->banks = a->M;
    g->depth = a->depth;
    g->siso_latency = a->Lmap;
    g->iag_latency = a->Liag;
    g->dbcf_used = a->use_dbcf;
    g->mapping = a->qpp ? "qpp" : fg_bank_mapping_name(a->umap.mapping);
}

void fg_turbo_arch_extrinsic(const fg_turbo_arch *a, int32_t *ext_K)
{
    for (int x = 0; x < a->cfg.K; x++) {
        int b, r;
        fg_turbo_arch_locate(a, x, &b, &r);
        ext_K[x] = a->mem[(size_t)b * (size_t)a->depth + (size_t)r];
    }
}

void fg_turbo_arch_bank_of(const fg_turbo_arch *a, int addr, int *bank, int *row)
{
    fg_turbo_arch_locate(a, addr, bank, row);
}

/* Natural position lane l reads in read cycle t, or -1 (padding). */
static int read_position(const fg_turbo_arch *a, int t, int l)
{
    const int r = l & 3, L = a->L;
    const int o = r == 0 ? 2 * t : r == 1 ? 2 * t + 1 : r == 2 ? L - 1 - 2 * t : L - 2 - 2 * t;
    const int pos = (l >> 2) * L + o;
    return pos < a->cfg.K ? pos : -1;
}

/* The word the previous half-iteration wrote at address x (TAG mode): decoder 1 (even half) writes
 * the word of position j at pi^-1(j), so address x holds pi(x); decoder 2 writes k at pi(k). */
static int32_t tag_at(const fg_turbo_arch *a, int writer_half, int x)
{
    return (writer_half & 1) ? a->inv_K[x] : a->pi_K[x];
}

/* End of a half-iteration: every address written exactly once with its word, nothing else. */
static void check_half(fg_turbo_arch *a)
{
    const int K = a->cfg.K;
    const size_t cells = (size_t)a->M * (size_t)a->depth;
    long writes = 0;
    for (size_t c = 0; c < cells; c++)
        writes += a->written[c];
    for (int x = 0; x < K; x++) {
        int b, r;
        fg_turbo_arch_locate(a, x, &b, &r);
        const size_t cell = (size_t)b * (size_t)a->depth + (size_t)r;
        a->st.misplaced += a->written[cell] != 1 || (a->cfg.data == FG_TURBO_ARCH_DATA_TAG &&
                                                      a->mem[cell] != tag_at(a, a->half, x));
    }
    a->st.misplaced += writes > K ? writes - K : 0;
}

void fg_turbo_arch_step(fg_turbo_arch *a, int start, fg_turbo_arch_ports *p)
{
    const int P = a->pllr, M = a->M, C0 = a->C0, Lmap = a->Lmap, Liag = a->Liag;
    const fg_turbo_arch_state state = a->state;
    const int tau = a->tau, half = a->half;
    memset(a->rd_valid, 0, (size_t)P);
    memset(a->out_valid, 0, (size_t)P);
    memset(a->iag_in, 0, sizeof *a->iag_in * (size_t)P);
    memset(a->word, 0, sizeof *a->word * (size_t)a->dlanes);
    memset(a->wr, 0, sizeof *a->wr * (size_t)M);
    p->cycle = a->cycle;
    p->state = state;
    p->half = half;
    p->tau = tau;
    p->half_end = 0;
    fg_turbo_arch_state next_state = state;
    int next_half = half, next_tau = tau;
    fg_iag_out io = {0, NULL};
    const fg_dbcf_word *wr = a->wr;

    if (state == FG_TURBO_ARCH_IDLE) {
        if (start)
            next_state = FG_TURBO_ARCH_PREP;
    } else if (state == FG_TURBO_ARCH_PREP) {
        const fg_iag_in iin = {0, 0, a->iag_in};
        fg_iag_step(a->iag, &iin, &io);
        a->st.preprocess_cycles++;
        if (io.ready) {
            next_state = FG_TURBO_ARCH_HALF;
            next_half = next_tau = 0;
        }
    } else if (state == FG_TURBO_ARCH_HALF) {
        const int fixed = a->cfg.data == FG_TURBO_ARCH_DATA_FIXED;
        if (tau == 0) {
            memset(a->written, 0, sizeof *a->written * (size_t)M * (size_t)a->depth);
            if (fixed)
                fg_turbo_arch_siso_start(a, half);
        }
        /* The recursion step of the words read in the previous cycle, before this cycle's reads
         * replace the read registers. */
        if (fixed && tau >= 1 && tau <= C0)
            fg_turbo_arch_siso_recursion(a, tau - 1);
        /* Read cycles: natural order, one word per lane from its bank. */
        if (tau < C0) {
            memset(a->bank_cnt, 0, sizeof *a->bank_cnt * (size_t)M);
            for (int l = 0; l < P; l++) {
                const int x = read_position(a, tau, l);
                a->rd_pos[l] = x;
                if (x < 0)
                    continue;
                int b, r;
                fg_turbo_arch_locate(a, x, &b, &r);
                a->rd_valid[l] = 1;
                a->rd_bank[l] = b;
                a->rd_row[l] = r;
                a->st.read_conflicts += ++a->bank_cnt[b] == 2;
                const int32_t v = a->mem[(size_t)b * (size_t)a->depth + (size_t)r];
                if (half > 0 && !fixed)
                    a->st.read_errors += v != tag_at(a, half - 1, x);
                if (fixed)
                    fg_turbo_arch_siso_read(a, l, x, half, v);
            }
        }
        /* SISO output port: the oldest stage of the output pipeline (Lmap - 1 stages after the
         * cycle tau = C0 + 1 + c in which output step c is computed). */
        const int c_now = tau - C0 - 1; /* output step computed in this cycle */
        const int stages = Lmap - 1;
        if (fixed && c_now >= 0 && c_now < C0)
            fg_turbo_arch_siso_output(a, c_now, half);
        for (int l = 0; l < P; l++) {
            int valid;
            int32_t v;
            int x_new = c_now >= 0 && c_now < C0 ? fg_xmap_position(&a->sched, c_now, l) : -1;
            const int32_t v_new = x_new < 0 ? 0 : fixed ? a->ext_new[l] : x_new; /* TAG: the position */
            if (stages == 0) {
                valid = x_new >= 0;
                v = v_new;
            } else {
                uint8_t *pv = &a->out_pipe_valid[(size_t)l * (size_t)stages];
                int32_t *pd = &a->out_pipe[(size_t)l * (size_t)stages];
                valid = pv[stages - 1];
                v = pd[stages - 1];
                memmove(pv + 1, pv, (size_t)(stages - 1));
                memmove(pd + 1, pd, sizeof *pd * (size_t)(stages - 1));
                pv[0] = (uint8_t)(x_new >= 0);
                pd[0] = v_new;
            }
            const int c_out = tau - C0 - Lmap;
            a->out_valid[l] = (uint8_t)valid;
            a->out_x[l] = valid ? fg_xmap_position(&a->sched, c_out, l) : -1;
            a->out_llr[l] = valid ? v : 0;
            a->iag_in[l].valid = (uint8_t)valid;
            a->iag_in[l].x = valid ? a->out_x[l] : 0;
        }
        /* IAG (start pulse in the first cycle), the LLR beside it, the mapper, the write path. */
        const fg_iag_in iin = {(uint8_t)(tau == 0), (uint8_t)((half & 1) == 0), a->iag_in};
        fg_iag_step(a->iag, &iin, &io);
        for (int l = 0; l < P; l++) {
            int32_t *d = &a->iag_delay[(size_t)l * (size_t)Liag];
            const fg_iag_lane_out *o = &io.lane_out[l];
            fg_dbcf_word *w = &a->word[l];
            a->st.iag_errs += o->err;
            w->valid = o->valid && !o->err;
            if (w->valid)
                fg_turbo_arch_locate(a, o->addr, &w->bank, &w->row);
            w->data = d[Liag - 1];
            memmove(d + 1, d, sizeof *d * (size_t)(Liag - 1));
            d[0] = a->out_llr[l];
        }
        int drained = 1;
        if (a->dbcf) {
            fg_dbcf_out dout;
            fg_dbcf_step(a->dbcf, a->word, &dout);
            wr = dout.bank_write_M;
            for (int l = 0; l < a->dlanes; l++) {
                a->st.overflow += dout.reject_P[l];
                const int f = fg_dbcf_fifo_level(a->dbcf, l);
                a->st.max_fifo = f > a->st.max_fifo ? f : a->st.max_fifo;
            }
            for (int b = 0; b < M; b++) {
                const int u = fg_dbcf_buf_level(a->dbcf, b);
                a->st.max_buf = u > a->st.max_buf ? u : a->st.max_buf;
            }
            drained = fg_dbcf_empty(a->dbcf);
        } else {
            memset(a->bank_cnt, 0, sizeof *a->bank_cnt * (size_t)M);
            int conflict = 0;
            for (int l = 0; l < P; l++) {
                const fg_dbcf_word *w = &a->word[l];
                if (!w->valid)
                    continue;
                if (++a->bank_cnt[w->bank] == 2) {
                    a->st.write_conflicts++;
                    conflict = 1;
                }
                if (a->bank_cnt[w->bank] == 1) {
                    a->wr[w->bank] = *w;
                } else {
                    /* A second word to one bank cannot be written by hardware; the model writes it
                     * anyway (and counts the conflict) so that the data stay checkable. */
                    const size_t cell = (size_t)w->bank * (size_t)a->depth + (size_t)w->row;
                    a->mem[cell] = w->data;
                    a->written[cell]++;
                }
            }
            a->st.write_conflict_cycles += conflict;
        }
        for (int b = 0; b < M; b++)
            if (wr[b].valid && wr[b].row >= 0 && wr[b].row < a->depth) {
                const size_t cell = (size_t)b * (size_t)a->depth + (size_t)wr[b].row;
                a->mem[cell] = wr[b].data;
                a->written[cell]++;
            }
        const int base = 2 * C0 + Lmap + Liag; /* cycles of a conflict-free half-iteration */
        if (tau + 1 >= base && drained) {
            p->half_end = 1;
            const int dC = tau + 1 - base, dir = half & 1;
            a->st.dC_total += dC;
            a->st.dC_max = dC > a->st.dC_max ? dC : a->st.dC_max;
            a->st.cycles_decode += tau + 1;
            if (tau + 1 > a->st.cycles_half[dir])
                a->st.cycles_half[dir] = tau + 1;
            check_half(a);
            if (fixed)
                fg_turbo_arch_siso_end(a, half);
            next_half = half + 1;
            next_tau = 0;
            next_state = next_half == a->cfg.half_iters ? FG_TURBO_ARCH_DONE : FG_TURBO_ARCH_HALF;
        } else {
            next_tau = tau + 1;
        }
    }
    p->rd_valid_L = a->rd_valid;
    p->rd_pos_L = a->rd_pos;
    p->rd_bank_L = a->rd_bank;
    p->rd_row_L = a->rd_row;
    p->rd_sys_L = a->rd_sys; /* NULL unless FIXED (turbo_arch_siso.c allocates them) */
    p->rd_par_L = a->rd_par;
    p->rd_apr_L = a->rd_apr;
    p->out_valid_L = a->out_valid;
    p->out_x_L = a->out_x;
    p->out_llr_L = a->out_llr;
    p->iag_L = io.lane_out ? io.lane_out : a->idle_iag;
    p->word_L = a->word;
    p->wr_M = wr;
    a->state = next_state;
    a->half = next_half;
    a->tau = next_tau;
    a->cycle++;
}

enum { STEP_LIMIT = 50000000 };

int fg_turbo_arch_run(fg_turbo_arch *a, fg_turbo_arch_observer obs, void *user, fg_turbo_arch_result *res)
{
    memset(res, 0, sizeof *res);
    if (a->cfg.data == FG_TURBO_ARCH_DATA_FIXED && !a->loaded)
        return fg_set_error(FG_ESTATE, "turbo arch: data=FIXED needs the channel LLRs (fg_turbo_arch_load) first");
    fg_turbo_arch_reset(a);
    fg_turbo_arch_ports ports;
    int start = 1;
    while (a->state != FG_TURBO_ARCH_DONE) {
        if (a->cycle > STEP_LIMIT)
            return fg_set_error(FG_ESTATE, "turbo arch: block not finished after %d cycles (K=%d, P=%d)", STEP_LIMIT,
                                a->cfg.K, a->cfg.P);
        fg_turbo_arch_step(a, start, &ports);
        start = 0;
        if (obs)
            obs(user, a, &ports);
    }
    fg_turbo_arch_get_result(a, res);
    return 0;
}

void fg_turbo_arch_get_result(const fg_turbo_arch *a, fg_turbo_arch_result *res)
{
    memset(res, 0, sizeof *res);
    fg_turbo_arch_get_geometry(a, &res->geo);
    res->half_iters = a->cfg.half_iters;
    res->preprocess_cycles = a->st.preprocess_cycles;
    res->cycles_decode = a->st.cycles_decode;
    res->cycles_total = res->preprocess_cycles + res->cycles_decode;
    res->cycles_half[0] = a->st.cycles_half[0];
    res->cycles_half[1] = a->st.cycles_half[1];
    res->cycles_per_halfiter = (double)res->cycles_decode / res->half_iters;
    res->cycles_per_iter = 2.0 * res->cycles_per_halfiter;
    res->dC_max = a->st.dC_max;
    res->dC_total = a->st.dC_total;
    res->read_conflicts = a->st.read_conflicts;
    res->write_conflicts = a->st.write_conflicts;
    res->write_conflict_cycles = a->st.write_conflict_cycles;
    res->overflow = a->st.overflow;
    res->max_fifo = a->st.max_fifo;
    res->max_buf = a->st.max_buf;
    res->iag_errs = a->st.iag_errs;
    res->misplaced = a->st.misplaced;
    res->read_errors = a->st.read_errors;
}
