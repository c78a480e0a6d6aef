/* Port-level step models of the IAG and subsystem vector sets (fg_vec_model_*, vectors.h): the
 * same step models and port layouts (vectors_ports.h) the vector writers use, driven line by line. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

struct fg_vec_model {
    int subsys; /* 0: iag, 1: subsystem */
    int P, M;
    int64_t mask;
    fg_iag *iag;
    fg_subsys *sub;
    fg_iag_lane_in iag_lanes[FG_IAG_LANES_MAX];
    fg_subsys_lane_in sub_lanes[FG_IAG_LANES_MAX];
    int64_t *levels; /* subsystem: fg_vecp_subsys_n_regs registered values */
    int64_t *rd_v;   /* subsystem: bank_rd_data_o (M) */
    uint8_t *rd_x;
    fg_vecp_banks banks; /* subsystem: the bank SRAMs behind the read port */
};

static int param_int(const fg_vec_set *set, const char *key, int lo, int hi, int *v)
{
    long long x;
    int rc = fg_vec_get_param_int(set, key, &x);
    if (rc)
        return rc;
    if (x < lo || x > hi)
        return fg_set_error(FG_EINVAL, "%s/manifest.json: parameter %s=%lld out of range [%d, %d]",
                            fg_vec_dir_path(set), key, x, lo, hi);
    *v = (int)x;
    return 0;
}

/* The set's lane_prog table (P lines of start, stride) into prog_P. */
static int read_prog(const fg_vec_set *set, int P, fg_iag_lane_prog *prog_P)
{
    const fg_vec_stream *st;
    fg_vec_cursor *c;
    int rc = fg_vec_find_stream(set, "lane_prog", &st);
    if (rc)
        return rc;
    if (st->n_ports != 2 || st->lines != P)
        return fg_set_error(FG_EINVAL, "%s: stream lane_prog has %d ports and %ld lines, expected 2 and PLLR=%d",
                            fg_vec_dir_path(set), st->n_ports, st->lines, P);
    if ((rc = fg_vec_cursor_open(set, st, &c)))
        return rc;
    int64_t v[2];
    for (int l = 0; l < P && !rc; l++) {
        rc = fg_vec_cursor_next(c, v, NULL);
        if (rc == 1) {
            prog_P[l].start = (int32_t)v[0];
            prog_P[l].stride = (int32_t)v[1];
            rc = 0;
        } else if (rc == 0)
            rc = fg_set_error(FG_EINVAL, "%s: lane_prog ends at line %d", fg_vec_dir_path(set), l);
    }
    fg_vec_cursor_close(c);
    return rc;
}

/* The stimulus and expected streams must have the layout this library writes. */
static int check_layout(const fg_vec_set *set, int n_in, int n_ex)
{
    const fg_vec_stream *in, *ex;
    int rc = fg_vec_find_stream(set, "stimulus", &in);
    if (!rc)
        rc = fg_vec_find_stream(set, "expected", &ex);
    if (!rc && (in->n_ports != n_in || ex->n_ports != n_ex))
        rc = fg_set_error(FG_EINVAL, "%s: stimulus/expected have %d/%d ports, the %s model %d/%d",
                          fg_vec_dir_path(set), in->n_ports, ex->n_ports, fg_vec_design(set), n_in, n_ex);
    return rc;
}

static int create_iag(const fg_vec_set *set, fg_vec_model *m)
{
    const char *std_s;
    fg_std std;
    int K, rc = fg_vec_get_param_str(set, "std", &std_s);
    if (!rc)
        rc = fg_std_parse(std_s, &std);
    if (!rc)
        rc = param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &K);
    if (!rc)
        rc = param_int(set, "pllr", 1, FG_IAG_LANES_MAX, &m->P);
    if (!rc)
        rc = check_layout(set, fg_vecp_iag_n_in(m->P), fg_vecp_iag_n_ex(m->P));
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if (!rc)
        rc = read_prog(set, m->P, prog);
    const fg_iag_cfg cfg = {std, K, m->P, prog};
    return rc ? rc : fg_iag_create(&cfg, &m->iag);
}

static int create_subsys(const fg_vec_set *set, fg_vec_model *m)
{
    const char *std_s, *map_s, *offer_s;
    fg_subsys_cfg cfg = fg_subsys_cfg_default();
    int W, lfsr, depth, rc = fg_vec_get_param_str(set, "std", &std_s);
    if (!rc)
        rc = fg_std_parse(std_s, &cfg.std);
    if (!rc)
        rc = fg_vec_get_param_str(set, "mapping", &map_s);
    if (!rc)
        rc = fg_bank_mapping_parse(map_s, &cfg.mapping);
    if (!rc)
        rc = fg_vec_get_param_str(set, "offer", &offer_s);
    if (!rc && strcmp(offer_s, "dual") && strcmp(offer_s, "head"))
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: offer '%s' is not dual or head", fg_vec_dir_path(set), offer_s);
    if (!rc)
        rc = param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &cfg.K);
    if (!rc)
        rc = param_int(set, "pllr", 1, FG_IAG_LANES_MAX, &cfg.pllr);
    if (!rc)
        rc = param_int(set, "banks", 1, 1 << 16, &cfg.dbcf.banks);
    if (!rc)
        rc = param_int(set, "select", -1, 1 << 16, &cfg.dbcf.select);
    if (!rc)
        rc = param_int(set, "fifo_depth", 0, 1 << 16, &cfg.dbcf.fifo_depth);
    if (!rc)
        rc = param_int(set, "buf_depth", 0, 1 << 16, &cfg.dbcf.buf_depth);
    if (!rc)
        rc = param_int(set, "lfsr_seed", 0, 0xffff, &lfsr);
    if (!rc)
        rc = param_int(set, "width", 1, 31, &W);
    if (!rc)
        rc = param_int(set, "bank_depth", 1, 1 << 20, &depth);
    if (rc)
        return rc;
    m->P = cfg.dbcf.pllr = cfg.pllr;
    m->M = cfg.dbcf.banks;
    cfg.dbcf.offer = strcmp(offer_s, "head") ? FG_DBCF_OFFER_DUAL : FG_DBCF_OFFER_HEAD;
    cfg.dbcf.lfsr_seed = (uint16_t)lfsr;
    cfg.dbcf.stall = 0;
    m->mask = (INT64_C(1) << W) - 1;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if ((rc = check_layout(set, fg_vecp_subsys_n_in(m->P, m->M), fg_vecp_subsys_n_ex(m->P, m->M))) ||
        (rc = read_prog(set, m->P, prog)))
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

int fg_vec_model_create(const fg_vec_set *set, fg_vec_model **out)
{
    if (!set || !out)
        return fg_set_error(FG_EINVAL, "fg_vec_model_create: NULL argument");
    *out = NULL;
    fg_vec_model *m = calloc(1, sizeof *m);
    if (!m)
        return fg_set_error(FG_ENOMEM, "out of memory for a port-level model");
    const char *d = fg_vec_design(set);
    int rc;
    if (!strcmp(d, "iag"))
        rc = create_iag(set, m);
    else if (!strcmp(d, "subsystem")) {
        m->subsys = 1;
        rc = create_subsys(set, m);
    } else
        rc = fg_set_error(FG_EINVAL, "%s: design '%s' has no port-level model (iag, subsystem)", fg_vec_dir_path(set), d);
    if (rc) {
        fg_vec_model_destroy(m);
        return rc;
    }
    *out = m;
    return 0;
}

void fg_vec_model_step(fg_vec_model *m, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    if (!m->subsys) {
        fg_iag_in in;
        fg_iag_out out;
        fg_vecp_iag_unpack_in(in_n, m->P, m->iag_lanes, &in);
        fg_iag_step(m->iag, &in, &out);
        fg_vecp_iag_pack_out(&out, m->P, out_n, dontcare_n);
        return;
    }
    fg_subsys_in in;
    fg_subsys_out out;
    const int64_t *rows;
    fg_vecp_subsys_unpack_in(in_n, m->P, m->sub_lanes, &in, &rows);
    fg_subsys_step(m->sub, &in, &out);
    fg_vecp_banks_step(&m->banks, rows, out.dbcf.bank_write_M, m->rd_v, m->rd_x);
    /* The expected line shows the registers during the cycle: the levels before this edge. */
    fg_vecp_subsys_pack_out(&out, m->P, m->M, m->mask, m->levels, m->rd_v, m->rd_x, out_n, dontcare_n);
    fg_vecp_subsys_levels(m->sub, m->P, m->M, m->levels);
}

void fg_vec_model_destroy(fg_vec_model *m)
{
    if (!m)
        return;
    fg_iag_destroy(m->iag);
    fg_subsys_destroy(m->sub);
    free(m->levels);
    free(m->rd_v);
    free(m->rd_x);
    fg_vecp_banks_free(&m->banks);
    free(m);
}
