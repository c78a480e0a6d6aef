/* Golden vectors of an interleaver address generator: from reset, preprocessing (idle inputs), one
 * start cycle, C0 input cycles in XMAP lane order, then the latency: every cycle's inputs and
 * outputs, as fg_iag_run_xmap drives it. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

enum { PREPROCESS_LIMIT = 100000 };

typedef struct {
    fg_vec_writer *w;
    int sid, eid, P, K;
    int64_t *in_v, *ex_v;
    uint8_t *ex_x;
    long lines, addresses;
} iag_ctx;

/* One clock: record inputs and outputs. */
static int tick(iag_ctx *c, fg_iag *g, const fg_iag_in *in)
{
    fg_iag_out out;
    fg_iag_step(g, in, &out);
    fg_vecp_iag_pack_in(c->K, in, c->P, c->in_v);
    fg_vecp_iag_pack_out(&out, c->P, c->ex_v, c->ex_x);
    for (int l = 0; l < c->P; l++)
        c->addresses += out.lane_out[l].valid && !out.lane_out[l].err;
    c->lines++;
    int rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    return rc ? rc : fg_vec_write(c->w, c->eid, c->ex_v, c->ex_x);
}

static int run(iag_ctx *c, fg_iag *g, const fg_xmap_schedule *s, const fg_iag_lane_prog *prog, int inverse,
               fg_iag_lane_in *lane_in, int *lane_prog_id)
{
    int rc = 0;
    for (int l = 0; rc == 0 && l < c->P; l++) {
        const int64_t v[2] = {prog[l].start, prog[l].stride};
        rc = fg_vec_write(c->w, *lane_prog_id, v, NULL);
    }
    fg_iag_info info;
    fg_iag_get_info(g, &info);
    for (long n = 0; !rc && info.preprocess_cycles < 0; n++) {
        if (n > PREPROCESS_LIMIT)
            return fg_set_error(FG_ESTATE, "IAG preprocessing did not finish in %d cycles", PREPROCESS_LIMIT);
        rc = tick(c, g, NULL);
        fg_iag_get_info(g, &info);
    }
    fg_iag_in in = {1, (uint8_t)(inverse ? 1 : 0), NULL};
    if (!rc)
        rc = tick(c, g, &in); /* start */
    in.start = 0;
    in.lane_in = lane_in;
    for (int t = 0; !rc && t < s->cycles + info.latency; t++) {
        for (int l = 0; l < c->P; l++) {
            const int x = t < s->cycles ? fg_xmap_position(s, t, l) : -1;
            lane_in[l].valid = x >= 0;
            lane_in[l].x = x >= 0 ? x : 0;
        }
        rc = tick(c, g, &in);
    }
    if (!rc && c->addresses != c->K)
        rc = fg_set_error(FG_EMISMATCH, "IAG K=%d gave %ld addresses, expected %d", c->K, c->addresses, c->K);
    return rc;
}

int fg_vec_make_iag(const char *dir, fg_std std, int K, int pllr, int inverse, long *total_cycles)
{
    fg_xmap_schedule s;
    int rc = fg_iag_check_pllr(pllr);
    if (!rc)
        rc = fg_interleaver_check_k(std, K);
    if (!rc)
        rc = fg_xmap_schedule_init(&s, K, pllr);
    if (rc)
        return rc;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_xmap_program(&s, prog);
    const fg_iag_cfg cfg = {std, K, pllr, prog};
    fg_iag *g;
    if ((rc = fg_iag_create(&cfg, &g)))
        return rc;
    const int P = pllr, n_in = fg_vecp_iag_n_in(P), n_ex = fg_vecp_iag_n_ex(P);
    iag_ctx c = {.P = P, .K = K};
    fg_vec_layout lay = {0};
    fg_iag_lane_in *lane_in = calloc((size_t)P, sizeof *lane_in);
    c.in_v = malloc(sizeof *c.in_v * (size_t)n_in);
    c.ex_v = malloc(sizeof *c.ex_v * (size_t)n_ex);
    c.ex_x = calloc((size_t)n_ex, 1);
    if (!lane_in || !c.in_v || !c.ex_v || !c.ex_x) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the IAG vectors (PLLR=%d)", P);
        goto done;
    }
    if ((rc = fg_vec_layout_iag(P, &lay)) || (rc = fg_vec_writer_open(dir, "iag", &c.w)))
        goto done;
    int ids[3] = {0, 0, 0}; /* lane_prog, stimulus, expected */
    fg_vec_param_str(c.w, "std", fg_std_name(std));
    fg_vec_param_int(c.w, "K", K);
    fg_vec_param_int(c.w, "pllr", pllr);
    fg_vec_param_str(c.w, "mode", inverse ? "inverse" : "forward");
    rc = fg_vec_layout_add(c.w, &lay, ids);
    c.sid = ids[1];
    c.eid = ids[2];
    if (!rc)
        rc = run(&c, g, &s, prog, inverse, lane_in, &ids[0]);
    if (rc)
        goto done;
    fg_iag_info info;
    fg_iag_get_info(g, &info);
    if (std == FG_STD_UMTS) {
        fg_vec_param_int(c.w, "R", info.R);
        fg_vec_param_int(c.w, "C", info.C);
        fg_vec_param_int(c.w, "p", info.p);
        fg_vec_param_int(c.w, "v", info.v);
    } else {
        fg_vec_param_int(c.w, "f1", info.f1);
        fg_vec_param_int(c.w, "f2", info.f2);
        fg_vec_param_int(c.w, "inverse_degree", info.inv.degree);
    }
    fg_vec_count(c.w, "preprocess_cycles", info.preprocess_cycles);
    fg_vec_count(c.w, "start_cycle", info.preprocess_cycles);
    fg_vec_count(c.w, "C0", s.cycles);
    fg_vec_count(c.w, "latency", info.latency);
    fg_vec_count(c.w, "trace_cycles", c.lines);
    rc = fg_vec_writer_commit(c.w);
    c.w = NULL;
    if (!rc && total_cycles)
        *total_cycles = c.lines;
done:
    fg_vec_writer_abort(c.w);
    fg_iag_destroy(g);
    fg_vec_layout_free(&lay);
    free(lane_in);
    free(c.in_v);
    free(c.ex_v);
    free(c.ex_x);
    return rc;
}

/* ---- the port-level model of a set (fg_vecp_model) ---- */

typedef struct {
    fg_iag *iag;
    int P;
    fg_iag_lane_in lanes[FG_IAG_LANES_MAX];
} iag_model;

static int model_create(const fg_vec_set *set, void *st)
{
    iag_model *m = st;
    const char *std_s;
    fg_std std = FG_STD_LTE; /* set before use; clang cannot tell */
    int K = 0, rc = fg_vec_get_param_str(set, "std", &std_s);
    if (!rc)
        rc = fg_std_parse(std_s, &std);
    if (!rc)
        rc = fg_vecp_param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &K);
    if (!rc)
        rc = fg_vecp_param_int(set, "pllr", 1, FG_IAG_LANES_MAX, &m->P);
    if (!rc)
        rc = fg_vecp_check_layout(set, fg_vecp_iag_n_in(m->P), fg_vecp_iag_n_ex(m->P));
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if (!rc)
        rc = fg_vecp_read_prog(set, m->P, prog);
    const fg_iag_cfg cfg = {std, K, m->P, prog};
    return rc ? rc : fg_iag_create(&cfg, &m->iag);
}

static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    iag_model *m = st;
    fg_iag_in in;
    fg_iag_out out;
    fg_vecp_iag_unpack_in(in_v, m->P, m->lanes, &in);
    fg_iag_step(m->iag, &in, &out);
    fg_vecp_iag_pack_out(&out, m->P, ex_v, ex_x);
}

static void model_destroy(void *st) { fg_iag_destroy(((iag_model *)st)->iag); }

const fg_vecp_model fg_vecp_model_iag = {"iag", sizeof(iag_model), model_create, model_step, model_destroy};
