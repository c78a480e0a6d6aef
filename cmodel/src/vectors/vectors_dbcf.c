/* Golden vectors of the DBCF write network (vectors/FORMAT.md "dbcf"): one half-iteration of
 * fg_dbcf_half_iteration, or random traffic with overload phases and a reset in flight; every cycle's
 * lane inputs and bank read rows (stimulus), outputs and register levels during the cycle (expected),
 * and after a half-iteration the final bank images. The port-level model of the SystemC co-simulation
 * (fg_vecp_model_dbcf) computes the expected lines from the stimulus with the same code. */
#include "fecforge/error.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vec_writer *w;
    int sid, eid; /* stimulus, expected */
    int P, M, depth, n_in, n_ex;
    int reset_port; /* the stimulus ends with rst_ni (random traffic) */
    int raw;        /* idle lanes keep their words in the stimulus (random traffic: the RTL must ignore them) */
    long lines;
    int64_t mask; /* data width */
    int64_t *in_v, *ex_v;
    uint8_t *ex_x;
    int64_t *regs; /* FIFO levels, buffer levels, LFSR, empty, overflow, done: at the start of the next cycle */
    int64_t *rows; /* bank read rows of this cycle (M) */
    fg_vecp_banks banks; /* bank memories (the "banks" image) and the read register */
    fg_dbcf *d;          /* the network of the random traffic and of the port-level model */
    fg_dbcf_word *lane;  /* its lane inputs (P) */
    int rc;
} dbcf_ctx;

enum { N_REGS_EXTRA = 4 }; /* after the P + M levels: lfsr, empty, overflow, done */

/* The stimulus line of lane_P, c->rows and rst_ni (with a reset port) into c->in_v. */
static void pack_in(dbcf_ctx *c, const fg_dbcf_word *lane, int rst_n)
{
    for (int l = 0; l < c->P; l++) {
        const fg_dbcf_word *wd = &lane[l];
        int64_t *v = &c->in_v[4 * l];
        const int keep = wd->valid || c->raw;
        v[0] = wd->valid;
        v[1] = keep ? wd->bank : 0;
        v[2] = keep ? wd->row : 0;
        v[3] = keep ? (wd->data & c->mask) : 0;
    }
    memcpy(&c->in_v[4 * c->P], c->rows, sizeof *c->rows * (size_t)c->M);
    if (c->reset_port)
        c->in_v[4 * c->P + c->M] = rst_n;
}

/* The expected line of a cycle with outputs out (NULL: an idle cycle after the drain) into ex_v / ex_x,
 * then the bank SRAMs' clock edge (written only with write: out of reset, as fg_dbcf_bank's we_i & rst_ni). */
static void expect(dbcf_ctx *c, const fg_dbcf_out *out, int write, int64_t *ex_v, uint8_t *ex_x)
{
    int n = 0;
    memset(ex_x, 0, (size_t)c->n_ex);
    for (int l = 0; l < c->P; l++) {
        ex_v[n++] = out ? out->accept_new_P[l] : 0;
        ex_v[n++] = out ? out->accept_head_P[l] : 0;
        ex_v[n++] = out ? out->reject_P[l] : 0;
    }
    for (int b = 0; b < c->M; b++) {
        const fg_dbcf_word *wd = out ? &out->bank_write_M[b] : NULL;
        const int we = wd && wd->valid;
        ex_v[n++] = we;
        ex_x[n] = ex_x[n + 1] = !we; /* row and data: no value without a write */
        ex_v[n++] = we ? wd->row : 0;
        ex_v[n++] = we ? (wd->data & c->mask) : 0;
    }
    /* Registers as they are during this cycle (the RTL's level outputs, overflow_o, done_o): the
     * values after the previous cycle's edge; then remember this cycle's new values for the next line. */
    const int nr = c->P + c->M + N_REGS_EXTRA;
    memcpy(&ex_v[n], c->regs, sizeof *c->regs * (size_t)nr);
    n += nr;
    /* The bank read port: the read register during this cycle; the edge reads, then writes. */
    fg_vecp_banks_step(&c->banks, c->rows, out && write ? out->bank_write_M : NULL, &ex_v[n], &ex_x[n]);
}

/* The registers of the next line: d's after the edge (NULL: idle and empty, only the LFSR moves). */
static void next_regs(dbcf_ctx *c, const fg_dbcf *d)
{
    if (d) {
        for (int l = 0; l < c->P; l++)
            c->regs[l] = fg_dbcf_fifo_level(d, l);
        for (int b = 0; b < c->M; b++)
            c->regs[c->P + b] = fg_dbcf_buf_level(d, b);
        c->regs[c->P + c->M] = fg_dbcf_lfsr(d);
        c->regs[c->P + c->M + 1] = c->regs[c->P + c->M + 3] = fg_dbcf_empty(d);
        c->regs[c->P + c->M + 2] = fg_dbcf_overflow(d);
    } else {
        c->regs[c->P + c->M] = fg_dbcf_lfsr_next((uint16_t)c->regs[c->P + c->M]);
    }
}

static void write_line(dbcf_ctx *c)
{
    c->rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    if (!c->rc)
        c->rc = fg_vec_write(c->w, c->eid, c->ex_v, c->ex_x);
    c->lines++;
}

/* One line of a half-iteration (d, lane, out of fg_dbcf_half_iteration's network, or NULL, NULL:
 * an idle cycle after the drain). */
static void line(dbcf_ctx *c, const fg_dbcf *d, const fg_dbcf_word *lane, const fg_dbcf_out *out)
{
    pack_in(c, lane, 1);
    expect(c, out, 1, c->ex_v, c->ex_x);
    next_regs(c, d);
    write_line(c);
}

/* One cycle of the network c->d on the stimulus line in_v (the port-level model): its lanes, read
 * rows and, with a reset port, rst_ni. */
static void model_line(dbcf_ctx *c, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    for (int l = 0; l < c->P; l++)
        c->lane[l] = (fg_dbcf_word){.valid = (uint8_t)(in_v[4 * l] & 1), .bank = (int32_t)in_v[4 * l + 1],
                                    .row = (int32_t)in_v[4 * l + 2], .data = (int32_t)in_v[4 * l + 3]};
    memcpy(c->rows, &in_v[4 * c->P], sizeof *c->rows * (size_t)c->M);
    fg_dbcf_out out;
    fg_dbcf_step(c->d, c->lane, &out);
    const int reset = c->reset_port && !in_v[4 * c->P + c->M];
    expect(c, &out, !reset, ex_v, ex_x);
    if (reset) /* synchronous: the registers take their reset values at this edge */
        fg_dbcf_reset(c->d);
    next_regs(c, c->d);
}

static void observe(void *user, int cycle, const fg_dbcf *d, const fg_dbcf_word *lane, const fg_dbcf_out *out)
{
    (void)cycle;
    dbcf_ctx *c = user;
    if (!c->rc)
        line(c, d, lane, out);
}

/* After the drain (the network is empty): idle lanes, every bank reads row r in cycle r of the
 * phase (depth + 1 cycles: the last one, row 0, shows row depth-1). */
static int read_back(dbcf_ctx *c, fg_dbcf_word *idle_P)
{
    memset(idle_P, 0, sizeof *idle_P * (size_t)c->P);
    for (int r = 0; r <= c->depth && !c->rc; r++) {
        for (int b = 0; b < c->M; b++)
            c->rows[b] = r < c->depth ? r : 0;
        line(c, NULL, idle_P, NULL);
    }
    return c->rc;
}

/* The buffers of a set or model of network cfg (banks of depth rows, data width W), in the reset state;
 * with_net: c->d and c->lane too. 0 or FG_ENOMEM. */
static int ctx_init(dbcf_ctx *c, const fg_dbcf_cfg *cfg, int depth, int W, int reset_port, int with_net)
{
    const int P = cfg->pllr, M = cfg->banks;
    /* lane flags, bank ports, levels, lfsr, empty, overflow, done, bank read data */
    *c = (dbcf_ctx){.P = P, .M = M, .depth = depth, .n_in = 4 * P + M + reset_port,
                    .n_ex = 3 * P + 3 * M + P + M + N_REGS_EXTRA + M, .reset_port = reset_port,
                    .mask = (INT64_C(1) << W) - 1};
    c->in_v = malloc(sizeof *c->in_v * (size_t)c->n_in);
    c->ex_v = malloc(sizeof *c->ex_v * (size_t)c->n_ex);
    c->ex_x = calloc((size_t)c->n_ex, 1);
    c->regs = calloc((size_t)(P + M + N_REGS_EXTRA), sizeof *c->regs); /* reset: levels 0 */
    c->rows = calloc((size_t)M, sizeof *c->rows);
    c->lane = calloc((size_t)P, sizeof *c->lane);
    if (!c->in_v || !c->ex_v || !c->ex_x || !c->regs || !c->rows || !c->lane ||
        fg_vecp_banks_init(&c->banks, M, depth, c->mask))
        return fg_set_error(FG_ENOMEM, "out of memory for the DBCF vectors (PLLR=%d, M=%d)", P, M);
    c->regs[P + M] = cfg->lfsr_seed;
    c->regs[P + M + 1] = c->regs[P + M + 3] = 1; /* empty, done */
    return with_net ? fg_dbcf_create(cfg, &c->d) : 0;
}

static void ctx_free(dbcf_ctx *c)
{
    fg_vec_writer_abort(c->w);
    free(c->in_v);
    free(c->ex_v);
    free(c->ex_x);
    free(c->regs);
    free(c->rows);
    free(c->lane);
    fg_vecp_banks_free(&c->banks);
    fg_dbcf_destroy(c->d);
}

int fg_vec_make_dbcf(const char *dir, const fg_vec_dbcf_params *p, fg_dbcf_result *res_out)
{
    const fg_dbcf_cfg *cfg = &p->cfg;
    fg_xmap_schedule s;
    fg_bank_map map;
    int rc = fg_dbcf_cfg_check(cfg);
    if (!rc)
        rc = fg_interleaver_check_k(p->std, p->K);
    if (!rc)
        rc = fg_xmap_schedule_init(&s, p->K, cfg->pllr);
    if (!rc)
        rc = fg_bank_map_init(&map, p->mapping, cfg->banks, &s);
    if (rc)
        return rc;
    const int tag_width = fg_vec_width_for(p->K);
    if (p->data_width < 0 || p->data_width > 32)
        return fg_set_error(FG_EINVAL, "data_width=%d out of range [1, 32] (0: %d bits for K=%d)", p->data_width,
                            tag_width, p->K);
    const int W = p->data_width ? p->data_width : tag_width;
    const int M = cfg->banks, depth = map.depth;
    dbcf_ctx c;
    fg_vec_layout lay = {0};
    int32_t *addr = malloc(sizeof *addr * (size_t)p->K);
    rc = ctx_init(&c, cfg, depth, W, 0, 0);
    if (!rc && !addr)
        rc = fg_set_error(FG_ENOMEM, "out of memory for the DBCF vectors (K=%d)", p->K);
    if (!rc)
        rc = fg_vec_layout_dbcf(cfg, depth, W, &lay);
    if (!rc)
        rc = fg_write_addresses(p->std, p->K, p->dir, addr);
    if (!rc)
        rc = fg_vec_writer_open(dir, "dbcf", &c.w);
    if (rc)
        goto done;
    fg_vec_set_seed(c.w, cfg->lfsr_seed);
    int ids[3] = {0, 0, 0}; /* stimulus, expected, banks */
    fg_vec_set_options(c.w, p->options);
    rc = fg_vec_derived_int(c.w, "bank_depth", depth); /* the rows of the block */
    if (!rc)
        rc = fg_vec_layout_add(c.w, &lay, ids);
    c.sid = ids[0];
    c.eid = ids[1];
    const int bid = ids[2];
    fg_dbcf_result r;
    if (!rc)
        rc = fg_dbcf_half_iteration(cfg, &map, addr, observe, &c, &r);
    if (!rc)
        rc = c.rc;
    const long drain = c.lines;
    if (!rc)
        rc = read_back(&c, c.lane);
    for (size_t cell = 0; !rc && cell < (size_t)M * (size_t)depth; cell++) {
        const uint8_t x = !c.banks.written[cell];
        rc = fg_vec_write(c.w, bid, &c.banks.mem[cell], &x);
    }
    if (!rc) {
        fg_vec_count(c.w, "C0", r.C0);
        fg_vec_count(c.w, "C1", r.C1);
        fg_vec_count(c.w, "dC", r.dC);
        fg_vec_count(c.w, "drain_cycles", drain);
        fg_vec_count(c.w, "readback_cycles", depth + 1);
        fg_vec_count(c.w, "trace_cycles", c.lines);
        fg_vec_count(c.w, "max_fifo", r.max_fifo);
        fg_vec_count(c.w, "max_buf", r.max_buf);
        fg_vec_count(c.w, "overflow", r.overflow);
        fg_vec_count(c.w, "stalls", r.stalls);
        fg_vec_count(c.w, "written", r.written);
        fg_vec_count(c.w, "misplaced", r.misplaced);
        rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
        if (!rc && res_out)
            *res_out = r;
    }
done:
    fg_vec_layout_free(&lay);
    free(addr);
    ctx_free(&c);
    return rc;
}

/* Random traffic (the drawing of tb_dbcf's, from Philox): every 250 cycles a phase of a random load (1
 * every 1000 cycles), a third of the phases with every lane aimed at one or two hot banks; idle lanes
 * carry random words; the banks read rows (5t + 3b) mod D. */
typedef struct {
    fg_rng rng;
    double load;
    int hot, hot_banks;
} dbcf_traffic;

static uint32_t below(dbcf_traffic *t, uint32_t n) { return fg_rng_next_u32(&t->rng) % n; }

static void traffic_cycle(dbcf_traffic *t, dbcf_ctx *c, long cycle)
{
    const uint32_t M = (uint32_t)c->M;
    if (cycle % 250 == 0) {
        t->load = cycle % 1000 == 0 ? 1.0 : fg_rng_uniform(&t->rng);
        t->hot = below(t, 3) == 0;
        t->hot_banks = 1 + (int)below(t, 2);
    }
    const uint32_t hb = below(t, M);
    for (int l = 0; l < c->P; l++) {
        fg_dbcf_word *w = &c->lane[l];
        w->valid = fg_rng_uniform(&t->rng) < t->load;
        w->bank = (int32_t)(t->hot && w->valid ? (hb + below(t, (uint32_t)t->hot_banks)) % M : below(t, M));
        w->row = (int32_t)below(t, (uint32_t)c->depth);
        w->data = (int32_t)(fg_rng_next_u32(&t->rng) & (uint32_t)c->mask);
    }
    for (int b = 0; b < c->M; b++)
        c->rows[b] = (cycle * 5 + b * 3) % c->depth;
}

int fg_vec_make_dbcf_random(const char *dir, const fg_vec_dbcf_random_params *p)
{
    const fg_dbcf_cfg *cfg = &p->cfg;
    int rc = fg_dbcf_cfg_check(cfg);
    if (rc)
        return rc;
    if (p->data_width < 1 || p->data_width > 32)
        return fg_set_error(FG_EINVAL, "data_width=%d out of range [1, 32]", p->data_width);
    if (p->bank_depth < 1 || p->bank_depth > (1 << 20))
        return fg_set_error(FG_EINVAL, "bank_depth=%d out of range [1, %d]", p->bank_depth, 1 << 20);
    if (p->cycles < 2 || p->cycles > FG_VEC_DBCF_CYCLES_MAX)
        return fg_set_error(FG_EINVAL, "cycles=%ld out of range [2, %d]", p->cycles, FG_VEC_DBCF_CYCLES_MAX);
    const int P = cfg->pllr, M = cfg->banks;
    dbcf_ctx c;
    fg_vec_layout lay = {0};
    dbcf_traffic t = {.load = 1.0};
    fg_rng_init(&t.rng, p->seed, 0);
    rc = ctx_init(&c, cfg, p->bank_depth, p->data_width, 1, 1);
    c.raw = 1;
    if (!rc)
        rc = fg_vec_layout_dbcf_random(cfg, p->bank_depth, p->data_width, &lay);
    if (!rc)
        rc = fg_vec_writer_open(dir, "dbcf", &c.w);
    if (rc)
        goto done;
    fg_vec_set_seed(c.w, p->seed);
    fg_vec_set_options(c.w, p->options);
    int ids[2] = {0, 0};
    if (!rc)
        rc = fg_vec_layout_add(c.w, &lay, ids);
    c.sid = ids[0];
    c.eid = ids[1];
    long rejects = 0, heads = 0, writes = 0;
    int max_fifo = 0, max_buf = 0;
    const long reset_at = p->cycles / 2; /* a reset with words in flight */
    for (long cyc = 0; !rc && cyc < p->cycles; cyc++) {
        traffic_cycle(&t, &c, cyc);
        pack_in(&c, c.lane, cyc != reset_at);
        model_line(&c, c.in_v, c.ex_v, c.ex_x);
        for (int l = 0; l < P; l++) {
            rejects += c.ex_v[3 * l + 2];
            heads += c.ex_v[3 * l + 1];
            max_fifo = c.regs[l] > max_fifo ? (int)c.regs[l] : max_fifo;
        }
        for (int b = 0; b < M; b++) {
            writes += c.ex_v[3 * P + 3 * b];
            max_buf = c.regs[P + b] > max_buf ? (int)c.regs[P + b] : max_buf;
        }
        write_line(&c);
        rc = c.rc;
    }
    if (!rc) {
        /* A weak test unless it rejected words and filled every FIFO and a buffer to its depth (with S = 1 a
         * bank admits one word and writes one: its buffer stays empty). */
        const int S = cfg->select == FG_DBCF_SELECT_ALL ? 2 * P : cfg->select;
        const int full = rejects > 0 && max_fifo == cfg->fifo_depth && max_buf == (S > 1 ? cfg->buf_depth : 0);
        const struct { const char *key; long long v; } counts[] = {
            {"trace_cycles", c.lines}, {"reset_cycle", reset_at}, {"overflow", rejects}, {"written", writes},
            {"heads", heads}, {"max_fifo", max_fifo}, {"max_buf", max_buf}, {"coverage", full}};
        for (size_t i = 0; !rc && i < sizeof counts / sizeof *counts; i++)
            rc = fg_vec_count(c.w, counts[i].key, counts[i].v);
        if (!rc)
            rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
    }
done:
    fg_vec_layout_free(&lay);
    ctx_free(&c);
    return rc;
}

/* ---- the port-level model (fg_vecp_model, vectors_model.c) of both kinds of sets ---- */

static int model_create(const fg_vec_set *set, void *st)
{
    dbcf_ctx *m = st;
    fg_dbcf_cfg cfg = fg_dbcf_cfg_default();
    const fg_vec_stream *in;
    int W, depth, rc = fg_vecp_read_dbcf(set, &cfg, 1, NULL);
    if (!rc)
        rc = fg_vecp_param_int(set, "width", 1, 32, &W);
    if (!rc)
        rc = fg_vecp_bank_depth(set, &depth);
    if (!rc)
        rc = fg_vec_find_stream(set, "stimulus", &in);
    if (rc)
        return rc;
    const int reset_port = in->n_ports == 4 * cfg.pllr + cfg.banks + 1;
    if ((rc = ctx_init(m, &cfg, depth, W, reset_port, 1)))
        return rc;
    return fg_vecp_check_layout(set, m->n_in, m->n_ex);
}

static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    model_line(st, in_v, ex_v, ex_x);
}

static void model_destroy(void *st) { ctx_free(st); }

const fg_vec_model_def fg_vecp_model_dbcf = {"dbcf", sizeof(dbcf_ctx), model_create, model_step, model_destroy};
