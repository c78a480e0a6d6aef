/* Golden vectors of the DBCF write network: one half-iteration of fg_dbcf_half_iteration, every
 * cycle's lane inputs (stimulus), outputs and register levels during the cycle (expected), and
 * the final bank images. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vec_writer *w;
    int sid, eid; /* stimulus, expected */
    int P, M, depth, n_ex;
    long lines;
    int64_t mask; /* data width */
    int64_t *in_v, *ex_v;
    uint8_t *ex_x;
    int64_t *regs; /* FIFO levels, buffer levels, LFSR, empty, overflow, done: at the start of the next cycle */
    int64_t *rows; /* bank read rows of this cycle (M) */
    fg_vecp_banks banks; /* bank memories (the "banks" image) and the read register */
    int rc;
} dbcf_ctx;

enum { N_REGS_EXTRA = 4 }; /* after the P + M levels: lfsr, empty, overflow, done */

/* One line; d == NULL: an idle cycle after the drain (no output, the LFSR steps). */
static void line(dbcf_ctx *c, const fg_dbcf *d, const fg_dbcf_word *lane, const fg_dbcf_out *out)
{
    for (int l = 0; l < c->P; l++) {
        const fg_dbcf_word *wd = &lane[l];
        int64_t *v = &c->in_v[4 * l];
        v[0] = wd->valid;
        v[1] = wd->valid ? wd->bank : 0;
        v[2] = wd->valid ? wd->row : 0;
        v[3] = wd->valid ? (wd->data & c->mask) : 0;
    }
    memcpy(&c->in_v[4 * c->P], c->rows, sizeof *c->rows * (size_t)c->M);
    int n = 0;
    memset(c->ex_x, 0, (size_t)c->n_ex);
    for (int l = 0; l < c->P; l++) {
        c->ex_v[n++] = out ? out->accept_new_P[l] : 0;
        c->ex_v[n++] = out ? out->accept_head_P[l] : 0;
        c->ex_v[n++] = out ? out->reject_P[l] : 0;
    }
    for (int b = 0; b < c->M; b++) {
        const fg_dbcf_word *wd = out ? &out->bank_write_M[b] : NULL;
        const int we = wd && wd->valid;
        c->ex_v[n++] = we;
        c->ex_x[n] = c->ex_x[n + 1] = !we; /* row and data: no value without a write */
        c->ex_v[n++] = we ? wd->row : 0;
        c->ex_v[n++] = we ? (wd->data & c->mask) : 0;
    }
    /* Registers as they are during this cycle (the RTL's level outputs, overflow_o, done_o): the
     * values after the previous cycle's edge; then remember this cycle's new values for the next line. */
    const int nr = c->P + c->M + N_REGS_EXTRA;
    memcpy(&c->ex_v[n], c->regs, sizeof *c->regs * (size_t)nr);
    n += nr;
    /* The bank read port: the read register during this cycle; the edge reads, then writes. */
    fg_vecp_banks_step(&c->banks, c->rows, out ? out->bank_write_M : NULL, &c->ex_v[n], &c->ex_x[n]);
    if (d) {
        for (int l = 0; l < c->P; l++)
            c->regs[l] = fg_dbcf_fifo_level(d, l);
        for (int b = 0; b < c->M; b++)
            c->regs[c->P + b] = fg_dbcf_buf_level(d, b);
        c->regs[c->P + c->M] = fg_dbcf_lfsr(d);
        c->regs[c->P + c->M + 1] = c->regs[c->P + c->M + 3] = fg_dbcf_empty(d);
        c->regs[c->P + c->M + 2] = fg_dbcf_overflow(d);
    } else { /* idle and empty: only the LFSR moves */
        c->regs[c->P + c->M] = fg_dbcf_lfsr_next((uint16_t)c->regs[c->P + c->M]);
    }
    c->rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    if (!c->rc)
        c->rc = fg_vec_write(c->w, c->eid, c->ex_v, c->ex_x);
    c->lines++;
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

static int add_params(fg_vec_writer *w, const fg_vec_dbcf_params *p, int depth, int data_width)
{
    const fg_dbcf_cfg *c = &p->cfg;
    int rc = 0;
    rc |= fg_vec_param_str(w, "std", fg_std_name(p->std));
    rc |= fg_vec_param_int(w, "K", p->K);
    rc |= fg_vec_param_str(w, "direction", fg_direction_name(p->dir));
    rc |= fg_vec_param_int(w, "pllr", c->pllr);
    rc |= fg_vec_param_int(w, "banks", c->banks);
    rc |= fg_vec_param_str(w, "mapping", fg_bank_mapping_name(p->mapping));
    rc |= fg_vec_param_int(w, "select", c->select);
    rc |= fg_vec_param_int(w, "fifo_depth", c->fifo_depth);
    rc |= fg_vec_param_int(w, "buf_depth", c->buf_depth);
    rc |= fg_vec_param_str(w, "offer", c->offer == FG_DBCF_OFFER_DUAL ? "dual" : "head");
    rc |= fg_vec_param_int(w, "stall", c->stall);
    rc |= fg_vec_param_int(w, "lfsr_seed", c->lfsr_seed);
    rc |= fg_vec_param_int(w, "bank_depth", depth);
    rc |= fg_vec_param_int(w, "data_width", data_width);
    return rc ? FG_EINVAL : 0;
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
    const int P = cfg->pllr, M = cfg->banks, depth = map.depth;
    const int n_in = 4 * P + M;
    /* lane flags, bank ports, levels, lfsr, empty, overflow, done, bank read data */
    const int n_ex_all = 3 * P + 3 * M + P + M + N_REGS_EXTRA + M;
    dbcf_ctx c = {.P = P, .M = M, .depth = depth, .n_ex = n_ex_all, .mask = (INT64_C(1) << W) - 1};
    fg_vec_layout lay = {0};
    int32_t *addr = malloc(sizeof *addr * (size_t)p->K);
    c.in_v = malloc(sizeof *c.in_v * (size_t)n_in);
    c.ex_v = malloc(sizeof *c.ex_v * (size_t)n_ex_all);
    c.ex_x = calloc((size_t)n_ex_all, 1);
    c.regs = calloc((size_t)(P + M + N_REGS_EXTRA), sizeof *c.regs); /* reset: levels 0 */
    c.rows = calloc((size_t)M, sizeof *c.rows);
    fg_dbcf_word *idle = calloc((size_t)P, sizeof *idle);
    if (!addr || !c.in_v || !c.ex_v || !c.ex_x || !c.regs || !c.rows || !idle ||
        fg_vecp_banks_init(&c.banks, M, depth, c.mask)) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the DBCF vectors (PLLR=%d, M=%d)", P, M);
        goto done;
    }
    c.regs[P + M] = cfg->lfsr_seed;
    c.regs[P + M + 1] = c.regs[P + M + 3] = 1; /* empty, done */

    rc = fg_vec_layout_dbcf(cfg, depth, W, &lay);
    if (!rc)
        rc = fg_write_addresses(p->std, p->K, p->dir, addr);
    if (!rc)
        rc = fg_vec_writer_open(dir, "dbcf", &c.w);
    if (rc)
        goto done;
    fg_vec_set_seed(c.w, cfg->lfsr_seed);
    int ids[3] = {0, 0, 0}; /* stimulus, expected, banks */
    rc = add_params(c.w, p, depth, W);
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
        rc = read_back(&c, idle);
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
    fg_vec_writer_abort(c.w);
    fg_vec_layout_free(&lay);
    free(addr);
    free(c.in_v);
    free(c.ex_v);
    free(c.ex_x);
    free(c.regs);
    free(c.rows);
    free(idle);
    fg_vecp_banks_free(&c.banks);
    return rc;
}
