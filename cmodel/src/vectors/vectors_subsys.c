/* Golden vectors of the interleaver write-path subsystem (IAG + LLR delay + bank mapper + DBCF):
 * one half-iteration of fg_subsys_half_iteration from reset, every cycle's inputs (stimulus),
 * outputs and DBCF levels during the cycle (expected), the lane programs and the final banks. */
#include "fecforge/error.h"
#include "fecforge/subsystem.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vec_writer *w;
    int sid, eid, P, M, K, n_in, n_ex;
    int64_t mask;
    int64_t *in_v, *ex_v;
    uint8_t *ex_x;
    int64_t *regs; /* FIFO levels, buffer levels, LFSR, overflow, done during the next cycle */
    int64_t *rows; /* bank read rows of this cycle (M) */
    int64_t *rd_v; /* bank_rd_data_o of this cycle (M) */
    uint8_t *rd_x;
    fg_vecp_banks banks; /* the bank SRAMs behind the read port */
    long lines;
    int rc;
} subsys_ctx;

static void observe(void *user, long cycle, const fg_subsys *s, const fg_subsys_in *in, const fg_subsys_out *out)
{
    (void)cycle;
    subsys_ctx *c = user;
    if (c->rc)
        return;
    fg_vecp_subsys_pack_in(c->K, c->mask, in, c->rows, c->P, c->M, c->in_v);
    fg_vecp_banks_step(&c->banks, c->rows, out->dbcf.bank_write_M, c->rd_v, c->rd_x);
    /* Registers during this cycle: what the previous edge left; then remember the new ones. */
    fg_vecp_subsys_pack_out(out, c->P, c->M, c->mask, c->regs, c->rd_v, c->rd_x, c->ex_v, c->ex_x);
    fg_vecp_subsys_levels(s, c->P, c->M, c->regs);
    c->rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    if (!c->rc)
        c->rc = fg_vec_write(c->w, c->eid, c->ex_v, c->ex_x);
    c->lines++;
}

/* After the drain: idle inputs, every bank reads row r in cycle r of the phase (depth + 1 cycles:
 * the last one, row 0, shows row depth-1). */
static int read_back(subsys_ctx *c, fg_subsys *s, int inverse, int depth)
{
    const fg_subsys_in in = {0, (uint8_t)(inverse ? 1 : 0), NULL};
    fg_subsys_out out;
    for (int r = 0; r <= depth && !c->rc; r++) {
        for (int b = 0; b < c->M; b++)
            c->rows[b] = r < depth ? r : 0;
        fg_subsys_step(s, &in, &out);
        observe(c, 0, s, &in, &out);
    }
    return c->rc;
}

int fg_vec_make_subsys(const char *dir, const fg_vec_subsys_params *p)
{
    const fg_dbcf_cfg *dc = &p->cfg;
    const fg_subsys_cfg cfg = {p->std, p->K, dc->pllr, NULL, *dc, p->mapping};
    int rc = fg_interleaver_check_k(p->std, p->K);
    if (rc)
        return rc;
    const int tag_width = fg_vec_width_for(p->K);
    if (p->data_width < 0 || p->data_width > 31)
        return fg_set_error(FG_EINVAL, "data_width=%d out of range [1, 31] (0: %d bits for K=%d)", p->data_width,
                            tag_width, p->K);
    fg_subsys *s;
    if ((rc = fg_subsys_create(&cfg, &s)))
        return rc;
    const int W = p->data_width ? p->data_width : tag_width;
    const fg_bank_map *map = fg_subsys_map(s);
    const int P = dc->pllr, M = dc->banks, depth = map->depth;
    subsys_ctx c = {.P = P, .M = M, .K = p->K, .mask = (INT64_C(1) << W) - 1};
    c.n_in = fg_vecp_subsys_n_in(P, M);
    c.n_ex = fg_vecp_subsys_n_ex(P, M);
    fg_vec_layout lay = {0};
    c.in_v = malloc(sizeof *c.in_v * (size_t)c.n_in);
    c.ex_v = malloc(sizeof *c.ex_v * (size_t)c.n_ex);
    c.ex_x = calloc((size_t)c.n_ex, 1);
    c.regs = calloc((size_t)fg_vecp_subsys_n_regs(P, M), sizeof *c.regs);
    c.rows = calloc((size_t)M, sizeof *c.rows);
    c.rd_v = calloc((size_t)M, sizeof *c.rd_v);
    c.rd_x = calloc((size_t)M, 1);
    if (!c.in_v || !c.ex_v || !c.ex_x || !c.regs || !c.rows || !c.rd_v || !c.rd_x ||
        fg_vecp_banks_init(&c.banks, M, depth, c.mask)) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the subsystem vectors (PLLR=%d, M=%d)", P, M);
        goto done;
    }
    fg_vecp_subsys_levels(s, P, M, c.regs); /* reset: levels 0, the seed, no overflow, done */
    if ((rc = fg_vec_layout_subsys(dc, depth, W, &lay)))
        goto done;
    if ((rc = fg_vec_writer_open(dir, "subsystem", &c.w)))
        goto done;
    fg_vec_set_seed(c.w, dc->lfsr_seed);
    fg_vec_set_options(c.w, p->options);
    rc = fg_vec_derived_int(c.w, "bank_depth", depth); /* the rows of the block */
    int ids[4] = {0, 0, 0, 0}; /* lane_prog, stimulus, expected, banks */
    if (!rc)
        rc = fg_vec_layout_add(c.w, &lay, ids);
    const int pid = ids[0], bid = ids[3];
    c.sid = ids[1];
    c.eid = ids[2];
    if (!rc) {
        fg_xmap_schedule sch;
        fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
        fg_xmap_schedule_init(&sch, p->K, P);
        fg_iag_xmap_program(&sch, prog);
        for (int l = 0; !rc && l < P; l++) {
            const int64_t v[2] = {prog[l].start, prog[l].stride};
            rc = fg_vec_write(c.w, pid, v, NULL);
        }
    }
    fg_subsys_result r;
    if (!rc)
        rc = fg_subsys_half_iteration(s, p->inverse, W, observe, &c, &r);
    if (!rc)
        rc = c.rc;
    if (!rc)
        rc = read_back(&c, s, p->inverse, depth);
    if (!rc) {
        const uint32_t *wn;
        const int32_t *mem = fg_subsys_bank_mem(s, &wn);
        for (size_t cell = 0; !rc && cell < (size_t)M * (size_t)depth; cell++) {
            const int64_t v = wn[cell] ? (mem[cell] & c.mask) : 0;
            const uint8_t x = !wn[cell];
            rc = fg_vec_write(c.w, bid, &v, &x);
        }
    }
    if (!rc) {
        fg_vec_count(c.w, "preprocess_cycles", r.start_cycle);
        fg_vec_count(c.w, "start_cycle", r.start_cycle);
        fg_vec_count(c.w, "latency", r.latency);
        fg_vec_count(c.w, "C0", r.C0);
        fg_vec_count(c.w, "C1", r.C1);
        fg_vec_count(c.w, "dC", r.dC);
        fg_vec_count(c.w, "drain_cycles", r.trace_cycles);
        fg_vec_count(c.w, "readback_cycles", depth + 1);
        fg_vec_count(c.w, "trace_cycles", c.lines);
        fg_vec_count(c.w, "max_fifo", r.max_fifo);
        fg_vec_count(c.w, "max_buf", r.max_buf);
        fg_vec_count(c.w, "errs", r.errs);
        fg_vec_count(c.w, "overflow", r.rejected);
        fg_vec_count(c.w, "written", r.written);
        fg_vec_count(c.w, "misplaced", r.misplaced);
        rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
    }
done:
    fg_vec_writer_abort(c.w);
    fg_subsys_destroy(s);
    fg_vec_layout_free(&lay);
    free(c.in_v);
    free(c.ex_v);
    free(c.ex_x);
    free(c.regs);
    free(c.rows);
    free(c.rd_v);
    free(c.rd_x);
    fg_vecp_banks_free(&c.banks);
    return rc;
}

/* ---- the port-level model of a set (fg_vecp_model) ---- */

typedef struct {
    fg_subsys *sub;
    int P, M;
    int64_t mask;
    fg_subsys_lane_in lanes[FG_IAG_LANES_MAX];
    int64_t *levels;     /* fg_vecp_subsys_n_regs registered values */
    int64_t *rd_v;       /* bank_rd_data_o (M) */
    uint8_t *rd_x;
    fg_vecp_banks banks; /* the bank SRAMs behind the read port */
} subsys_model;

static int model_create(const fg_vec_set *set, void *st)
{
    subsys_model *m = st;
    fg_subsys_cfg cfg = fg_subsys_cfg_default();
    int W, depth, std = 0;
    const fg_opt std_opt[] = {{"std", 0, FG_OPT_CHOICE, 0, .words = FG_STD_WORDS}, {NULL}};
    const fg_opt_group g[] = {{NULL, std_opt, &std}};
    int rc = fg_vec_read_options(set, g, 1);
    cfg.std = (fg_std)std;
    if (!rc)
        rc = fg_vecp_read_dbcf(set, &cfg.dbcf, 1, &cfg.mapping);
    if (!rc)
        rc = fg_vecp_param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &cfg.K);
    if (!rc)
        rc = fg_vecp_param_int(set, "width", 1, 31, &W);
    if (!rc)
        rc = fg_vecp_bank_depth(set, &depth);
    if (rc)
        return rc;
    m->P = cfg.pllr = cfg.dbcf.pllr;
    m->M = cfg.dbcf.banks;
    cfg.dbcf.stall = 0;
    m->mask = (INT64_C(1) << W) - 1;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if ((rc = fg_vecp_check_layout(set, fg_vecp_subsys_n_in(m->P, m->M), fg_vecp_subsys_n_ex(m->P, m->M))) ||
        (rc = fg_vecp_read_prog(set, m->P, prog)))
        return rc;
    cfg.prog_lanes = prog;
    if ((rc = fg_subsys_create(&cfg, &m->sub)))
        return rc;
    if (fg_subsys_map(m->sub)->depth != depth)
        return fg_set_error(FG_EINVAL, "%s/manifest.json: bank_depth=%d, the mapping has %d rows per bank",
                            fg_vec_dir_path(set), depth, fg_subsys_map(m->sub)->depth);
    m->levels = calloc((size_t)fg_vecp_subsys_n_regs(m->P, m->M), sizeof *m->levels);
    m->rd_v = calloc((size_t)m->M, sizeof *m->rd_v);
    m->rd_x = calloc((size_t)m->M, 1);
    if (!m->levels || !m->rd_v || !m->rd_x || fg_vecp_banks_init(&m->banks, m->M, depth, m->mask))
        return fg_set_error(FG_ENOMEM, "out of memory for the subsystem model (PLLR=%d, M=%d)", m->P, m->M);
    fg_vecp_subsys_levels(m->sub, m->P, m->M, m->levels);
    return 0;
}

static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    subsys_model *m = st;
    fg_subsys_in in;
    fg_subsys_out out;
    const int64_t *rows;
    fg_vecp_subsys_unpack_in(in_v, m->P, m->lanes, &in, &rows);
    fg_subsys_step(m->sub, &in, &out);
    fg_vecp_banks_step(&m->banks, rows, out.dbcf.bank_write_M, m->rd_v, m->rd_x);
    /* The expected line shows the registers during the cycle: the levels before this edge. */
    fg_vecp_subsys_pack_out(&out, m->P, m->M, m->mask, m->levels, m->rd_v, m->rd_x, ex_v, ex_x);
    fg_vecp_subsys_levels(m->sub, m->P, m->M, m->levels);
}

static void model_destroy(void *st)
{
    subsys_model *m = st;
    fg_subsys_destroy(m->sub);
    free(m->levels);
    free(m->rd_v);
    free(m->rd_x);
    fg_vecp_banks_free(&m->banks);
}

const fg_vec_model_def fg_vecp_model_subsys = {"subsystem", sizeof(subsys_model), model_create, model_step,
                                               model_destroy};
