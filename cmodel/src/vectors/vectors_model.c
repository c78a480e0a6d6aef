/* Port-level step models of the IAG, subsystem, LDPC, turbo and Viterbi vector sets (fg_vec_model_*,
 * vectors.h): the same step models and port layouts (vectors_ports.h) the vector writers use, driven line by
 * line. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct fg_vec_model {
    int subsys; /* 0: iag, 1: subsystem, 2: ldpc, 3: turbo, 4: viterbi */
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
    fg_ldpc_code *code;  /* ldpc: the code, the MB-serial model, N2, Z, lanes, the LLR words of a cycle */
    fg_ldpc_arch *arch;
    int N2, z, lanes;
    int32_t *llr;
    fg_vecp_turbo *turbo; /* turbo: the decoder's port-level model */
    fg_vit_hw *vit;       /* viterbi: the decoder's step model */
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
    fg_std std = FG_STD_LTE; /* set before use; clang cannot tell */
    int K = 0, rc = fg_vec_get_param_str(set, "std", &std_s);
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

/* The DBCF's network parameters and the bank mapping of a set with a DBCF (subsystem, turbo): mapping,
 * select, fifo_depth, buf_depth, offer, lfsr_seed. */
static int read_dbcf(const fg_vec_set *set, fg_dbcf_cfg *d, fg_bank_mapping *mapping)
{
    const char *map_s, *offer_s;
    int lfsr, rc = fg_vec_get_param_str(set, "mapping", &map_s);
    if (!rc)
        rc = fg_bank_mapping_parse(map_s, mapping);
    if (!rc)
        rc = fg_vec_get_param_str(set, "offer", &offer_s);
    if (!rc && strcmp(offer_s, "dual") && strcmp(offer_s, "head"))
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: offer '%s' is not dual or head", fg_vec_dir_path(set), offer_s);
    if (!rc)
        rc = param_int(set, "select", -1, 1 << 16, &d->select);
    if (!rc)
        rc = param_int(set, "fifo_depth", 0, 1 << 16, &d->fifo_depth);
    if (!rc)
        rc = param_int(set, "buf_depth", 0, 1 << 16, &d->buf_depth);
    if (!rc)
        rc = param_int(set, "lfsr_seed", 0, 0xffff, &lfsr);
    if (rc)
        return rc;
    d->offer = strcmp(offer_s, "head") ? FG_DBCF_OFFER_DUAL : FG_DBCF_OFFER_HEAD;
    d->lfsr_seed = (uint16_t)lfsr;
    return 0;
}

static int create_subsys(const fg_vec_set *set, fg_vec_model *m)
{
    const char *std_s;
    fg_subsys_cfg cfg = fg_subsys_cfg_default();
    int W, depth, rc = fg_vec_get_param_str(set, "std", &std_s);
    if (!rc)
        rc = fg_std_parse(std_s, &cfg.std);
    if (!rc)
        rc = read_dbcf(set, &cfg.dbcf, &cfg.mapping);
    if (!rc)
        rc = param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &cfg.K);
    if (!rc)
        rc = param_int(set, "pllr", 1, FG_IAG_LANES_MAX, &cfg.pllr);
    if (!rc)
        rc = param_int(set, "banks", 1, 1 << 16, &cfg.dbcf.banks);
    if (!rc)
        rc = param_int(set, "width", 1, 31, &W);
    if (!rc)
        rc = param_int(set, "bank_depth", 1, 1 << 20, &depth);
    if (rc)
        return rc;
    m->P = cfg.dbcf.pllr = cfg.pllr;
    m->M = cfg.dbcf.banks;
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

/* ldpc: the step model of the set's code and parameters (built-in codes; LTR order; no reordering). */
static int create_ldpc(const fg_vec_set *set, fg_vec_model *m)
{
    const char *name, *mb;
    fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
    fg_ldpc_fixed_cfg *x = &cfg.fx;
    int reordered = 0, rc = fg_vec_get_param_str(set, "code", &name);
    if (!rc)
        rc = fg_ldpc_code_create(name, &m->code);
    if (!rc)
        rc = fg_vec_get_param_str(set, "macroblock", &mb);
    if (!rc && sscanf(mb, "%dx%d", &cfg.mb_rows, &cfg.mb_cols) != 2)
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: macroblock '%s' is not N1xN2", fg_vec_dir_path(set), mb);
    struct {
        const char *key;
        int lo, hi, *v;
    } const ints[] = {{"layers", 1, 1 << 16, &x->layers},       {"llr_width", 2, 16, &x->llr_width},
                      {"llr_frac", 0, 15, &x->llr_frac},         {"r_width", 2, 16, &x->r_width},
                      {"app_width", 2, 24, &x->app_width},       {"scale_num", 1, 256, &x->scale_num},
                      {"scale_shift", 0, 8, &x->scale_shift},    {"in_shift", 0, 15, &x->in_shift},
                      {"scale_round", 0, 1, &x->scale_round},    {"r_sat_late", 0, 1, &x->r_sat_late},
                      {"app_keep", 0, 1, &x->app_keep},          {"max_iter", 1, 1000, &x->max_iter},
                      {"early_term", 0, 1, &x->early_term},      {"s1_depth", 1, 16, &cfg.s1_depth},
                      {"s2_depth", 0, 16, &cfg.s2_depth},        {"et_depth", 1, 16, &cfg.et_depth},
                      {"forward", 0, 1, &cfg.forward},           {"reordered", 0, 1, &reordered},
                      {"lanes", 1, FG_LDPC_Z_MAX, &m->lanes}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0] && !rc; i++)
        rc = param_int(set, ints[i].key, ints[i].lo, ints[i].hi, ints[i].v);
    if (!rc && reordered)
        rc = fg_set_error(FG_EINVAL, "%s: a reordered set (its memory-word order is not in the manifest) has no "
                                     "port-level model", fg_vec_dir_path(set));
    if (!rc && (rc = fg_ldpc_arch_create(m->code, &cfg, &m->arch)) == 0) {
        m->N2 = cfg.mb_cols;
        m->z = m->code->z;
        rc = check_layout(set, fg_vecp_ldpc_n_in(m->N2, m->lanes), fg_vecp_ldpc_n_ex(m->arch, m->N2, m->lanes));
    }
    if (!rc && !(m->llr = calloc((size_t)m->N2 * (size_t)m->z, sizeof *m->llr)))
        rc = fg_set_error(FG_ENOMEM, "out of memory for the LDPC port-level model");
    return rc;
}

/* turbo: the design of the set's parameters, idle on the set's block. */
static int create_turbo(const fg_vec_set *set, fg_vec_model *m)
{
    const char *std_s, *norm_s;
    fg_turbo_arch_cfg cfg = fg_turbo_arch_cfg_default();
    cfg.path = FG_TURBO_ARCH_PATH_FIT;
    cfg.data = FG_TURBO_ARCH_DATA_FIXED;
    int k_max = 0, lmax = 0, rc = fg_vec_get_param_str(set, "std", &std_s);
    if (!rc && !strcmp(std_s, "both")) {
        /* both standards (path shared): the first block's standard */
        const char *stds;
        char first[8];
        cfg.path = FG_TURBO_ARCH_PATH_SHARED;
        if (!(rc = fg_vec_get_param_str(set, "block_stds", &stds))) {
            snprintf(first, sizeof first, "%.*s", (int)strcspn(stds, ","), stds);
            rc = fg_std_parse(first, &cfg.std);
        }
    } else if (!rc)
        rc = fg_std_parse(std_s, &cfg.std);
    if (!rc)
        rc = fg_vec_get_param_str(set, "norm", &norm_s);
    if (!rc && strcmp(norm_s, "modulo") && strcmp(norm_s, "subtract"))
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: norm '%s' is not modulo or subtract", fg_vec_dir_path(set),
                          norm_s);
    fg_xmap_fmt *f = &cfg.fmt;
    struct {
        const char *key;
        int lo, hi, *v;
    } const ints[] = {{"P", 1, FG_TURBO_ARCH_P_MAX, &cfg.P},     {"k_max", 40, 6144, &k_max},
                      {"lmax", 8, 8192, &lmax},                  {"siso_latency", 1, FG_TURBO_ARCH_LATENCY_MAX, &cfg.siso_latency},
                      {"nii", 0, 1, &cfg.nii},                   {"w_ch", 2, 16, &f->w_ch},
                      {"f_ch", 0, 15, &f->f_ch},                 {"w_ext", 2, 16, &f->w_ext},
                      {"w_bm", 2, 24, &f->w_bm},                 {"w_sm", 2, 24, &f->w_sm},
                      {"K", 40, 6144, &cfg.K},                   {"half_iters", 1, FG_TURBO_ARCH_HALF_MAX, &cfg.half_iters}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0] && !rc; i++)
        rc = param_int(set, ints[i].key, ints[i].lo, ints[i].hi, ints[i].v);
    if (!rc && (cfg.std == FG_STD_UMTS || cfg.path == FG_TURBO_ARCH_PATH_SHARED))
        rc = read_dbcf(set, &cfg.dbcf, &cfg.umts_mapping); /* a decoder with a DBCF */
    if (rc)
        return rc;
    f->norm = strcmp(norm_s, "modulo") ? FG_XMAP_NORM_SUBTRACT : FG_XMAP_NORM_MODULO;
    fg_vec_turbo_arch_dims d;
    fg_vec_turbo_arch_dims_of(&cfg, lmax, &d);
    if ((rc = check_layout(set, fg_vecp_turbo_n_in(&d), fg_vecp_turbo_n_ex(&d))))
        return rc;
    return fg_vecp_turbo_create(&cfg, k_max, lmax, &m->turbo);
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
    } else if (!strcmp(d, "ldpc")) {
        m->subsys = 2;
        rc = create_ldpc(set, m);
    } else if (!strcmp(d, "turbo")) {
        m->subsys = 3;
        rc = create_turbo(set, m);
    } else if (!strcmp(d, "viterbi")) {
        m->subsys = 4;
        rc = fg_vecp_viterbi_create(set, &m->vit);
    } else
        rc = fg_set_error(FG_EINVAL, "%s: design '%s' has no port-level model (iag, subsystem, ldpc, turbo, viterbi)",
                          fg_vec_dir_path(set), d);
    if (rc) {
        fg_vec_model_destroy(m);
        return rc;
    }
    *out = m;
    return 0;
}

void fg_vec_model_step(fg_vec_model *m, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    if (m->subsys == 4) {
        fg_vecp_viterbi_step(m->vit, in_n, out_n, dontcare_n);
        return;
    }
    if (m->subsys == 3) { /* a block the model cannot run shows an idle design (and differs from the RTL) */
        if (fg_vecp_turbo_step(m->turbo, in_n, out_n, dontcare_n))
            fg_clear_error();
        return;
    }
    if (m->subsys == 2) { /* the configuration inputs are the set's parameters (constant) */
        for (int p = 0; p < m->N2; p++)
            for (int j = 0; j < m->z; j++)
                m->llr[p * m->z + j] = (int32_t)in_n[1 + p * m->lanes + j];
        const fg_ldpc_arch_in in = {(int)(in_n[0] & 1), m->llr};
        fg_ldpc_arch_ports o;
        fg_ldpc_arch_step(m->arch, &in, &o);
        fg_vecp_ldpc_pack_out(m->arch, &o, m->N2, m->z, m->lanes, out_n, dontcare_n);
        return;
    }
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
    fg_ldpc_arch_destroy(m->arch);
    fg_ldpc_code_destroy(m->code);
    free(m->llr);
    fg_vecp_turbo_destroy(m->turbo);
    fg_vit_hw_destroy(m->vit);
    free(m);
}
