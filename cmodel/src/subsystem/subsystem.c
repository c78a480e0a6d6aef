/* The interleaver write path: IAG + LLR delay + bank mapper + DBCF + banks (fecforge/subsystem.h).
 * Composes the step models fg_iag_step and fg_dbcf_step; the only state of its own is the LLR
 * delay line (L stages per lane) and the bank memories. */
#include "fecforge/subsystem.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

struct fg_subsys {
    fg_subsys_cfg cfg;
    fg_xmap_schedule sched;
    fg_bank_map map;
    fg_iag *iag;
    fg_dbcf *dbcf;
    int L;
    int32_t *delay;     /* lane l, stage k at delay[l * L + k]; stage 0 = newest, L-1 = oldest */
    fg_iag_lane_in *iag_in;
    fg_dbcf_word *word;
    uint8_t *err;
    int32_t *mem;       /* M * depth */
    uint32_t *written;
};

fg_subsys_cfg fg_subsys_cfg_default(void)
{
    fg_subsys_cfg c = {.std = FG_STD_UMTS, .K = 5114, .pllr = 32, .prog_lanes = NULL, .dbcf = fg_dbcf_cfg_default(),
                       .mapping = FG_MAP_XMAP_XOR};
    c.dbcf.banks = 64;
    c.dbcf.select = 3;
    c.dbcf.fifo_depth = 4;
    c.dbcf.buf_depth = 7;
    return c;
}

void fg_subsys_destroy(fg_subsys *s)
{
    if (!s)
        return;
    fg_iag_destroy(s->iag);
    fg_dbcf_destroy(s->dbcf);
    free(s->delay);
    free(s->iag_in);
    free(s->word);
    free(s->err);
    free(s->mem);
    free(s->written);
    free(s);
}

int fg_subsys_create(const fg_subsys_cfg *cfg, fg_subsys **out)
{
    *out = NULL;
    int rc = fg_iag_check_pllr(cfg->pllr);
    if (!rc)
        rc = fg_interleaver_check_k(cfg->std, cfg->K);
    if (!rc)
        rc = fg_dbcf_cfg_check(&cfg->dbcf);
    if (rc)
        return rc;
    if (cfg->dbcf.pllr != cfg->pllr)
        return fg_set_error(FG_EINVAL, "dbcf.pllr=%d invalid: must equal pllr=%d (one DBCF lane per IAG lane)",
                            cfg->dbcf.pllr, cfg->pllr);
    if (cfg->dbcf.stall)
        return fg_set_error(FG_EINVAL, "dbcf.stall=%d invalid: the subsystem's producers are free-running (0)",
                            cfg->dbcf.stall);
    fg_subsys *s = calloc(1, sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory for the subsystem model");
    s->cfg = *cfg;
    s->cfg.prog_lanes = NULL; /* copied into the IAG */
    if ((rc = fg_xmap_schedule_init(&s->sched, cfg->K, cfg->pllr)) ||
        (rc = fg_bank_map_init(&s->map, cfg->mapping, cfg->dbcf.banks, &s->sched)))
        goto fail;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if (cfg->prog_lanes)
        memcpy(prog, cfg->prog_lanes, sizeof *prog * (size_t)cfg->pllr);
    else
        fg_iag_xmap_program(&s->sched, prog);
    const fg_iag_cfg icfg = {cfg->std, cfg->K, cfg->pllr, prog};
    if ((rc = fg_iag_create(&icfg, &s->iag)) || (rc = fg_dbcf_create(&cfg->dbcf, &s->dbcf)))
        goto fail;
    s->L = cfg->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    const size_t P = (size_t)cfg->pllr, cells = (size_t)s->map.banks * (size_t)s->map.depth;
    s->delay = calloc(P * (size_t)s->L, sizeof *s->delay);
    s->iag_in = calloc(P, sizeof *s->iag_in);
    s->word = calloc(P, sizeof *s->word);
    s->err = calloc(P, 1);
    s->mem = calloc(cells, sizeof *s->mem);
    s->written = calloc(cells, sizeof *s->written);
    if (!s->delay || !s->iag_in || !s->word || !s->err || !s->mem || !s->written) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the subsystem model (PLLR=%d, M=%d)", cfg->pllr,
                          cfg->dbcf.banks);
        goto fail;
    }
    *out = s;
    return 0;
fail:
    fg_subsys_destroy(s);
    return rc;
}

void fg_subsys_reset(fg_subsys *s)
{
    fg_iag_reset(s->iag);
    fg_dbcf_reset(s->dbcf);
    const size_t P = (size_t)s->cfg.pllr, cells = (size_t)s->map.banks * (size_t)s->map.depth;
    memset(s->delay, 0, sizeof *s->delay * P * (size_t)s->L);
    memset(s->mem, 0, sizeof *s->mem * cells);
    memset(s->written, 0, sizeof *s->written * cells);
}

void fg_subsys_step(fg_subsys *s, const fg_subsys_in *in, fg_subsys_out *out)
{
    const int P = s->cfg.pllr, L = s->L;
    for (int l = 0; l < P; l++) {
        const fg_subsys_lane_in *li = in && in->lane_in ? &in->lane_in[l] : NULL;
        s->iag_in[l].valid = li ? li->valid : 0;
        s->iag_in[l].x = li ? li->x : 0;
    }
    const fg_iag_in iin = {in ? in->start : 0, in ? in->inverse : 0, s->iag_in};
    fg_iag_out io;
    fg_iag_step(s->iag, &iin, &io); /* this cycle's output registers; the IAG has committed */
    for (int l = 0; l < P; l++) {
        int32_t *d = &s->delay[(size_t)l * (size_t)L];
        const fg_iag_lane_out *o = &io.lane_out[l];
        fg_dbcf_word *w = &s->word[l];
        s->err[l] = o->err;
        w->valid = o->valid && !o->err;
        w->bank = w->row = 0;
        if (w->valid)
            fg_bank_map_locate(&s->map, o->addr, &w->bank, &w->row);
        w->data = d[L - 1]; /* the LLR that entered with x, L cycles ago */
        memmove(d + 1, d, sizeof *d * (size_t)(L - 1));
        const fg_subsys_lane_in *li = in && in->lane_in ? &in->lane_in[l] : NULL;
        d[0] = li ? li->llr : 0;
    }
    fg_dbcf_out dout;
    fg_dbcf_step(s->dbcf, s->word, &dout);
    for (int b = 0; b < s->map.banks; b++) {
        const fg_dbcf_word *bw = &dout.bank_write_M[b];
        if (bw->valid && bw->row >= 0 && bw->row < s->map.depth) {
            const size_t cell = (size_t)b * (size_t)s->map.depth + (size_t)bw->row;
            s->mem[cell] = bw->data;
            s->written[cell]++;
        }
    }
    out->ready = io.ready;
    out->lane_err_P = s->err;
    out->iag_P = io.lane_out;
    out->word_P = s->word;
    out->dbcf = dout;
}

int fg_subsys_latency(const fg_subsys *s) { return s->L; }
const fg_bank_map *fg_subsys_map(const fg_subsys *s) { return &s->map; }
const fg_dbcf *fg_subsys_dbcf(const fg_subsys *s) { return s->dbcf; }
const fg_iag *fg_subsys_iag(const fg_subsys *s) { return s->iag; }

const int32_t *fg_subsys_bank_mem(const fg_subsys *s, const uint32_t **written_n)
{
    if (written_n)
        *written_n = s->written;
    return s->mem;
}

enum { PREPROCESS_LIMIT = 200000, DRAIN_LIMIT = 1000000 };

int fg_subsys_half_iteration(fg_subsys *s, int inverse, int data_width, fg_subsys_observer obs, void *user,
                             fg_subsys_result *res)
{
    if (data_width < 1 || data_width > 31)
        return fg_set_error(FG_EINVAL, "data_width=%d out of range [1, 31]", data_width);
    const int P = s->cfg.pllr, K = s->cfg.K, M = s->map.banks, depth = s->map.depth;
    const int32_t mask = (int32_t)((1u << data_width) - 1u);
    memset(res, 0, sizeof *res);
    res->latency = s->L;
    res->C0 = s->sched.cycles;
    fg_subsys_lane_in *lane = calloc((size_t)P, sizeof *lane);
    int32_t *addr = malloc(sizeof *addr * (size_t)K);
    if (!lane || !addr) {
        free(lane);
        free(addr);
        return fg_set_error(FG_ENOMEM, "out of memory for the subsystem half-iteration (K=%d)", K);
    }
    /* inverse: x -> pi^-1(x), the interleave direction; forward: x -> pi(x), deinterleave. */
    int rc = fg_write_addresses(s->cfg.std, K, inverse ? FG_DIR_INTERLEAVE : FG_DIR_DEINTERLEAVE, addr);
    if (rc)
        goto done;
    fg_subsys_reset(s);
    fg_subsys_out out;
    long cycle = 0, last_write = -1;
    fg_subsys_in in = {0, 0, NULL};
    /* Preprocessing: idle inputs until the IAG has finished (as fg_vec_make_iag drives it). */
    for (fg_iag_info info = {.preprocess_cycles = -1};; cycle++) {
        fg_iag_get_info(s->iag, &info);
        if (info.preprocess_cycles >= 0)
            break;
        if (cycle > PREPROCESS_LIMIT) {
            rc = fg_set_error(FG_ESTATE, "subsystem: IAG not ready after %d cycles (K=%d)", PREPROCESS_LIMIT, K);
            goto done;
        }
        fg_subsys_step(s, &in, &out);
        if (obs)
            obs(user, cycle, s, &in, &out);
    }
    res->start_cycle = cycle;
    in.start = 1;
    in.inverse = (uint8_t)(inverse ? 1 : 0);
    fg_subsys_step(s, &in, &out);
    if (obs)
        obs(user, cycle, s, &in, &out);
    cycle++;
    in.start = 0;
    in.lane_in = lane;
    const long first = cycle;
    for (long t = 0;; t++, cycle++) {
        if (t > DRAIN_LIMIT) {
            rc = fg_set_error(FG_ESTATE, "subsystem: the DBCF did not drain in %d cycles (K=%d)", DRAIN_LIMIT, K);
            goto done;
        }
        for (int l = 0; l < P; l++) {
            const int x = t < res->C0 ? fg_xmap_position(&s->sched, (int)t, l) : -1;
            lane[l].valid = x >= 0;
            lane[l].x = x >= 0 ? x : 0;
            lane[l].llr = x >= 0 ? (x & mask) : 0;
        }
        fg_subsys_step(s, &in, &out);
        if (obs)
            obs(user, cycle, s, &in, &out);
        for (int l = 0; l < P; l++) {
            res->errs += out.lane_err_P[l];
            res->rejected += out.dbcf.reject_P[l];
            const int f = fg_dbcf_fifo_level(s->dbcf, l);
            res->max_fifo = f > res->max_fifo ? f : res->max_fifo;
        }
        for (int b = 0; b < M; b++) {
            const int u = fg_dbcf_buf_level(s->dbcf, b);
            res->max_buf = u > res->max_buf ? u : res->max_buf;
            if (out.dbcf.bank_write_M[b].valid) {
                res->written++;
                last_write = cycle;
            }
        }
        if (t + 1 >= res->C0 + s->L && fg_dbcf_empty(s->dbcf))
            break;
    }
    res->trace_cycles = cycle + 1;
    res->C1 = last_write >= first ? (int)(last_write - first + 1) : 0;
    res->dC = res->C1 - res->C0 - s->L;
    /* Every position's LLR exactly once at its cell; nothing else written. */
    {
        const uint32_t *wn;
        const int32_t *mem = fg_subsys_bank_mem(s, &wn);
        uint8_t *expected = calloc((size_t)M * (size_t)depth, 1);
        if (!expected) {
            rc = fg_set_error(FG_ENOMEM, "out of memory for the subsystem check");
            goto done;
        }
        for (int x = 0; x < K; x++) {
            int b, r;
            fg_bank_map_locate(&s->map, addr[x], &b, &r);
            const size_t cell = (size_t)b * (size_t)depth + (size_t)r;
            expected[cell] = 1;
            res->misplaced += wn[cell] != 1 || mem[cell] != (x & mask);
        }
        for (size_t cell = 0; cell < (size_t)M * (size_t)depth; cell++)
            res->misplaced += !expected[cell] && wn[cell] != 0;
        free(expected);
    }
done:
    free(lane);
    free(addr);
    return rc;
}

int fg_subsys_run(const fg_subsys_cfg *cfg, int inverse, int data_width, fg_subsys_result *res)
{
    fg_subsys *s;
    int rc = fg_subsys_create(cfg, &s);
    if (rc)
        return rc;
    rc = fg_subsys_half_iteration(s, inverse, data_width, NULL, NULL, res);
    fg_subsys_destroy(s);
    return rc;
}
