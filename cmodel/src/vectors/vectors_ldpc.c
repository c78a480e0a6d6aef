/* Golden vectors of the MB-serial LDPC decoder (fecforge/ldpc_arch.h, vectors/FORMAT.md "ldpc"):
 * noisy frames decoded back to back by the step model; per-cycle stimulus and port trace,
 * per-iteration APP values and hard decisions, final decisions and cycle counts. */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vec_writer *w;
    const fg_ldpc_code *code;
    int sid, eid, itid, appid, hardid;
    int n_ex, N2, z, lanes;
    int64_t *ex, *in;
    uint8_t *ex_x;
    int64_t *row;     /* n APP values */
    uint8_t *bits;    /* n hard decisions */
    int frame, iters; /* current frame, iterations seen in it */
    long cycles;
    int rc;
} ldpc_ctx;

/* One cycle: stimulus line (given), expected line (ports), per-iteration snapshots. */
static void observe(ldpc_ctx *c, const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p)
{
    if (c->rc)
        return;
    fg_vecp_ldpc_pack_out(a, p, c->N2, c->z, c->lanes, c->ex, c->ex_x);
    c->rc = fg_vec_write(c->w, c->sid, c->in, NULL);
    if (!c->rc)
        c->rc = fg_vec_write(c->w, c->eid, c->ex, c->ex_x);
    c->cycles++;
    if (!c->rc && p->iter_done) {
        const int n = c->code->n;
        for (int j = 0; j < n && !c->rc; j++) {
            const int32_t v = fg_ldpc_arch_app(a, j);
            c->row[j] = v;
            c->bits[j] = (uint8_t)fg_fx_hard(v);
            int64_t h = c->bits[j];
            c->rc = fg_vec_write(c->w, c->appid, &c->row[j], NULL);
            if (!c->rc)
                c->rc = fg_vec_write(c->w, c->hardid, &h, NULL);
        }
        c->iters++;
        const int sw = c->rc ? 0 : fg_ldpc_syndrome_weight(c->code, c->bits);
        const int64_t line[3] = {c->frame, c->iters, sw == 0};
        if (!c->rc)
            c->rc = sw < 0 ? sw : fg_vec_write(c->w, c->itid, line, NULL);
    }
}

/* Frame f as the ldpc family makes it: the codeword of the bits of stream f through the AWGN channel at pt. */
static int frame_llr(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, const fg_channel_point *pt, uint64_t seed,
                     int f, uint8_t *u, uint8_t *cw, double *y, int32_t *q)
{
    fg_frame fr = {.llr = y, .llr_q = q};
    int rc = fg_channel_random_bits(code->k, seed, (uint64_t)f, u);
    if (!rc)
        rc = fg_ldpc_encode(code, u, cw);
    return rc ? rc
              : fg_channel_awgn.transmit(pt, cw, code->n, code->n, seed, f, cfg->fx.llr_width, cfg->fx.llr_frac, &fr);
}

fg_ldpc_vec_params fg_ldpc_vec_params_default(void)
{
    return (fg_ldpc_vec_params){.frames = 4, .ebn0_db = 2.0, .seed = 1, .lanes = 0, .code_index = 0};
}

int fg_ldpc_arch_write_vectors(const char *dir, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg,
                               const fg_ldpc_vec_params *vp, fg_ldpc_arch_vec_result *res)
{
    if (!dir || !code || !cfg || !vp)
        return fg_set_error(FG_EINVAL, "ldpc vectors: dir, code, cfg and params must not be NULL");
    const int frames = vp->frames;
    const double ebn0_db = vp->ebn0_db;
    const uint64_t seed = vp->seed;
    if (frames < 1 || frames > 10000)
        return fg_set_error(FG_EINVAL, "frames=%d out of range [1, 10000]", frames);
    if (!(ebn0_db >= -50 && ebn0_db <= 100))
        return fg_set_error(FG_EINVAL, "ebn0=%g dB out of range [-50, 100]", ebn0_db);
    const int lanes = vp->lanes ? vp->lanes : code->z;
    if (lanes < code->z || lanes > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "lanes=%d out of range [%d, %d] (Z of %s)", vp->lanes, code->z, FG_LDPC_Z_MAX,
                            code->name);
    if (vp->code_index < 0 || vp->code_index > 1023)
        return fg_set_error(FG_EINVAL, "code_index=%d out of range [0, 1023]", vp->code_index);
    fg_channel_point pt;
    int rc = fg_channel_point_at(&fg_channel_awgn, NULL, ebn0_db, (double)code->k / code->n, &pt);
    if (rc)
        return rc;
    fg_ldpc_arch *a = NULL;
    rc = fg_ldpc_arch_create(code, cfg, &a);
    if (rc)
        return rc;
    const int n = code->n, z = code->z, N2 = cfg->mb_cols, nb = code->nb;
    ldpc_ctx c;
    memset(&c, 0, sizeof c);
    c.code = code;
    c.N2 = N2;
    c.z = z;
    c.lanes = lanes;
    c.n_ex = fg_vecp_ldpc_n_ex(a, N2, lanes);
    const int n_in = fg_vecp_ldpc_n_in(N2, lanes);
    uint8_t *u = malloc((size_t)n), *cw = malloc((size_t)n), *bits = malloc((size_t)n);
    uint8_t *dec = malloc((size_t)n * (size_t)frames);
    double *y = malloc(sizeof(double) * (size_t)n);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)n);
    int *iters = malloc(sizeof(int) * (size_t)frames);
    long *fcycles = malloc(sizeof(long) * (size_t)frames * 2);
    fg_vec_layout lay = {0};
    c.ex = malloc(sizeof(int64_t) * (size_t)c.n_ex);
    c.ex_x = malloc((size_t)c.n_ex);
    c.in = calloc((size_t)n_in, sizeof(int64_t));
    c.row = malloc(sizeof(int64_t) * (size_t)n);
    c.bits = malloc((size_t)n);
    fg_ldpc_arch_vec_result r = {0, 0, 0};
    if (!u || !cw || !bits || !dec || !y || !q || !iters || !fcycles || !c.ex ||
        !c.ex_x || !c.in || !c.row || !c.bits) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the LDPC vectors");
        goto done;
    }
    /* pass 1: iterations per frame (the memory streams' sizes) */
    fg_ldpc_arch_stats st;
    long stall_hazard = 0;
    double cpi0 = 0;
    for (int f = 0; f < frames && !rc; f++) {
        fg_vec_progress(f, 2L * frames); /* pass 1, then pass 2: two steps a frame */
        rc = frame_llr(code, cfg, &pt, seed, f, u, cw, y, q);
        if (!rc)
            rc = fg_ldpc_arch_decode(a, q, dec + (size_t)f * n, NULL, &iters[f], &st, NULL, NULL);
        if (rc)
            break;
        r.iterations_total += iters[f];
        r.frame_errors += memcmp(dec + (size_t)f * n, cw, (size_t)n) != 0;
        fcycles[2 * f] = st.cycles_total;
        fcycles[2 * f + 1] = st.cycles_decode;
        stall_hazard += st.stall_hazard;
        if (!f)
            cpi0 = st.cycles_per_iter;
    }
    if (rc)
        goto done;

    rc = fg_ldpc_arch_vec_layout(a, code, cfg, lanes, vp->code_index, frames, r.iterations_total, &lay);
    if (rc)
        goto done;
    rc = fg_vec_writer_open(dir, "ldpc", &c.w);
    if (rc)
        goto done;
    fg_vec_set_seed(c.w, seed);
    fg_vec_set_options(c.w, vp->options);
    {
        const struct {
            const char *key;
            long long v;
        } derived[] = {{"n", n},
                       {"k", code->k},
                       {"z", z},
                       {"mb", code->mb},
                       {"nb", nb},
                       {"s1_depth", cfg->s1_depth},
                       {"s2_depth", cfg->s2_depth},
                       {"et_depth", cfg->et_depth},
                       {"forward", cfg->forward},
                       {"lanes", lanes},
                       {"code_index", vp->code_index}};
        for (size_t i = 0; !rc && i < sizeof derived / sizeof *derived; i++)
            rc = fg_vec_derived_int(c.w, derived[i].key, derived[i].v);
        if (rc)
            goto done;
    }
    int ids[8] = {0};
    rc = fg_vec_layout_add(c.w, &lay, ids);
    if (rc)
        goto done;
    c.sid = ids[1];
    c.eid = ids[2];
    c.itid = ids[3];
    c.appid = ids[4];
    c.hardid = ids[5];

    /* pass 2: the frames back to back from reset, step by step; the configuration inputs are
       constant */
    c.in[n_in - 3] = vp->code_index;
    c.in[n_in - 2] = cfg->fx.max_iter;
    c.in[n_in - 1] = cfg->fx.early_term != 0;
    fg_ldpc_arch_reset(a);
    fg_ldpc_arch_ports o;
    for (int f = 0; f < frames && !rc && !c.rc; f++) {
        fg_vec_progress(frames + f, 2L * frames);
        c.frame = f;
        c.iters = 0;
        rc = frame_llr(code, cfg, &pt, seed, f, u, cw, y, q);
        for (int j = 0; j < n && !rc; j++) {
            const int64_t v = q[j];
            rc = fg_vec_write(c.w, ids[0], &v, NULL);
        }
        for (int w = 0; w < nb && !rc && !c.rc; w += N2) {
            fg_ldpc_arch_in in = {1, q + (size_t)w * z};
            c.in[0] = 1;
            for (int k = 0; k < N2 * lanes; k++) {
                const int word = w + k / lanes, j = k % lanes;
                c.in[1 + k] = word < nb && j < z ? q[(size_t)word * z + (size_t)j] : 0;
            }
            rc = fg_ldpc_arch_step(a, &in, &o);
            if (!rc)
                observe(&c, a, &o);
        }
        memset(c.in, 0, sizeof(int64_t) * (size_t)(n_in - 3));
        fg_ldpc_arch_in idle = {0, NULL};
        for (long guard = 0; !rc && !c.rc && !o.done; guard++) {
            if (guard > 10000000L) {
                rc = fg_set_error(FG_ESTATE, "ldpc vectors: frame %d does not finish", f);
                break;
            }
            rc = fg_ldpc_arch_step(a, &idle, &o);
            if (!rc)
                observe(&c, a, &o);
        }
        if (!rc && !c.rc && c.iters != iters[f])
            rc = fg_set_error(FG_ESTATE, "ldpc vectors: frame %d ran %d iterations, %d in the first pass", f, c.iters,
                              iters[f]);
        for (int j = 0; j < n && !rc && !c.rc; j++) {
            bits[j] = (uint8_t)fg_fx_hard(fg_ldpc_arch_app(a, j));
            if (bits[j] != dec[(size_t)f * n + j])
                rc = fg_set_error(FG_ESTATE, "ldpc vectors: frame %d bit %d differs from the first pass", f, j);
            const int64_t v = bits[j];
            if (!rc)
                rc = fg_vec_write(c.w, ids[6], &v, NULL);
        }
        const int64_t fl[4] = {f, iters[f], fcycles[2 * f], fcycles[2 * f + 1]};
        if (!rc && !c.rc)
            rc = fg_vec_write(c.w, ids[7], fl, NULL);
    }
    if (!rc)
        rc = c.rc;
    if (!rc) {
        r.cycles = c.cycles;
        fg_vec_count(c.w, "trace_cycles", c.cycles);
        fg_vec_count(c.w, "frames", frames);
        fg_vec_count(c.w, "iterations_total", r.iterations_total);
        fg_vec_count(c.w, "frame_errors", r.frame_errors);
        fg_vec_count(c.w, "macro_layers", fg_ldpc_arch_macro_layers(a));
        fg_vec_count(c.w, "mbs_per_iter", fg_ldpc_arch_mbs_per_iter(a));
        fg_vec_count(c.w, "cycles_frame0", fcycles[0]);
        fg_vec_count(c.w, "cycles_per_iter_x100_frame0", (long long)(cpi0 * 100.0 + 0.5));
        fg_vec_count(c.w, "stall_hazard", stall_hazard);
        rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
        if (!rc && res)
            *res = r;
    }
done:
    fg_vec_writer_abort(c.w);
    fg_ldpc_arch_destroy(a);
    free(u);
    free(cw);
    free(bits);
    free(dec);
    free(y);
    free(q);
    free(iters);
    free(fcycles);
    fg_vec_layout_free(&lay);
    free(c.ex);
    free(c.ex_x);
    free(c.in);
    free(c.row);
    free(c.bits);
    return rc;
}

/* ---- the port-level model of a set (fg_vecp_model): the step model of the set's code and parameters
 * (built-in codes; LTR order; no reordering) ---- */

typedef struct {
    fg_ldpc_code *code;
    fg_ldpc_arch *arch;
    int N2, z, lanes;
    int32_t *llr; /* the LLR words of a cycle */
} ldpc_model;

static int model_create(const fg_vec_set *set, void *st)
{
    ldpc_model *m = st;
    const char *name;
    fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
    fg_ldpc_fixed_cfg *x = &cfg.fx;
    int reorder = 0, et = 0;
    /* the design's and the run's options the model needs (gen/src/design_ldpc.c), and what the writer derived */
#define A(f) offsetof(fg_ldpc_arch_cfg, f)
    const fg_opt opts[] = {{"layers", 0, FG_OPT_INT, A(fx.layers), 1, 1 << 16, .meta = "K"},
                           {"mb", 0, FG_OPT_CUSTOM, A(mb_rows), .parse = fg_ldpc_arch_parse_mb},
                           {"iter", 0, FG_OPT_INT, A(fx.max_iter), 1, 1000, .meta = "N"},
                           {"scale", 0, FG_OPT_CUSTOM, A(fx.scale_num), .parse = fg_ldpc_fixed_parse_scale},
                           {NULL}};
#undef A
    const fg_opt flags[] = {{"reorder", 0, FG_OPT_FLAG, 0, .meta = NULL}, {NULL}};
    const fg_opt et_opt[] = {{"et", 0, FG_OPT_CHOICE, 0, .words = FG_LDPC_VEC_ET_WORDS}, {NULL}};
    const fg_opt_group g[] = {
        {NULL, opts, &cfg}, {NULL, fg_ldpc_fixed_options, x}, {NULL, flags, &reorder}, {NULL, et_opt, &et}};
    int rc = fg_vec_get_param_str(set, "vector_codes", &name);
    if (!rc)
        rc = fg_ldpc_code_create(name, &m->code);
    if (!rc)
        rc = fg_vec_read_options(set, g, 4);
    x->early_term = et == FG_LDPC_VEC_ET_SYNDROME;
    if (et == FG_LDPC_VEC_ET_CAPPED && x->max_iter > FG_LDPC_VEC_CAPPED_ITER)
        x->max_iter = FG_LDPC_VEC_CAPPED_ITER;
    struct {
        const char *key;
        int lo, hi, *v;
    } const ints[] = {{"s1_depth", 1, 16, &cfg.s1_depth}, {"s2_depth", 0, 16, &cfg.s2_depth},
                      {"et_depth", 1, 16, &cfg.et_depth}, {"forward", 0, 1, &cfg.forward},
                      {"lanes", 1, FG_LDPC_Z_MAX, &m->lanes}};
    for (size_t i = 0; i < sizeof ints / sizeof ints[0] && !rc; i++) {
        long long v;
        if (!(rc = fg_vec_get_derived_int(set, ints[i].key, &v)) && (v < ints[i].lo || v > ints[i].hi))
            rc = fg_set_error(FG_EINVAL, "%s/manifest.json: derived %s=%lld out of range [%d, %d]", fg_vec_dir_path(set),
                              ints[i].key, v, ints[i].lo, ints[i].hi);
        if (!rc)
            *ints[i].v = (int)v;
    }
    if (!rc && reorder)
        rc = fg_set_error(FG_EINVAL, "%s: a reordered set (its memory-word order is not in the manifest) has no "
                                     "port-level model", fg_vec_dir_path(set));
    if (!rc && (rc = fg_ldpc_arch_create(m->code, &cfg, &m->arch)) == 0) {
        m->N2 = cfg.mb_cols;
        m->z = m->code->z;
        rc = fg_vecp_check_layout(set, fg_vecp_ldpc_n_in(m->N2, m->lanes), fg_vecp_ldpc_n_ex(m->arch, m->N2, m->lanes));
    }
    if (!rc && !(m->llr = calloc((size_t)m->N2 * (size_t)m->z, sizeof *m->llr)))
        rc = fg_set_error(FG_ENOMEM, "out of memory for the LDPC port-level model");
    return rc;
}

/* The configuration inputs are the set's parameters (constant). */
static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    ldpc_model *m = st;
    for (int p = 0; p < m->N2; p++)
        for (int j = 0; j < m->z; j++)
            m->llr[p * m->z + j] = (int32_t)in_v[1 + p * m->lanes + j];
    const fg_ldpc_arch_in in = {(int)(in_v[0] & 1), m->llr};
    fg_ldpc_arch_ports o;
    fg_ldpc_arch_step(m->arch, &in, &o);
    fg_vecp_ldpc_pack_out(m->arch, &o, m->N2, m->z, m->lanes, ex_v, ex_x);
}

static void model_destroy(void *st)
{
    ldpc_model *m = st;
    fg_ldpc_arch_destroy(m->arch);
    fg_ldpc_code_destroy(m->code);
    free(m->llr);
}

const fg_vec_model_def fg_vecp_model_ldpc = {"ldpc", sizeof(ldpc_model), model_create, model_step, model_destroy};
