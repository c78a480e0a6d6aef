/* Golden vectors of the fixed-point turbo decoder and its radix-4 XMAP SISO (fecforge/turbo_fixed.h,
 * docs/turbo-fixed.md "Vectors"): design "turbo-fixed" = whole decodes with the extrinsics, APPs and
 * stakes of every half-iteration; design "xmap" = the internal values of one SISO run. */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/fixed.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

fg_vec_turbo_params fg_vec_turbo_params_default(void)
{
    fg_vec_turbo_params p;
    memset(&p, 0, sizeof p);
    p.std = FG_STD_LTE;
    p.K = 1024;
    p.cfg = fg_turbo_fixed_cfg_default();
    p.cfg.P = 16;
    p.frames = 1;
    p.ebn0_db = 1.0;
    p.seed = 1;
    p.sub = 0;
    p.half_iter = -1;
    return p;
}

/* Checks shared by both sets, then the decoder (observer set by the caller afterwards). */
static int open_decoder(const fg_vec_turbo_params *p, fg_turbo_fixed_observer obs, void *user, fg_turbo_fixed **d)
{
    if (!p)
        return fg_set_error(FG_EINVAL, "turbo vectors: params must not be NULL");
    if (p->frames < 1 || p->frames > 1000)
        return fg_set_error_at(FG_EINVAL, &p->frames, "frames=%d out of range [1, 1000]", p->frames);
    if (!(p->ebn0_db >= -50 && p->ebn0_db <= 100))
        return fg_set_error(FG_EINVAL, "ebn0=%g dB out of range [-50, 100]", p->ebn0_db);
    fg_turbo_fixed_cfg cfg = p->cfg;
    cfg.observer = obs;
    cfg.observer_user = user;
    const int rc = fg_turbo_fixed_create(p->std, p->K, &cfg, d);
    return rc ? fg_error_at(rc, fg_field_in(fg_last_error_field(), &cfg, &p->cfg, sizeof cfg)) : 0; /* p's fields */
}

int fg_vecp_turbo_frame(fg_std std, int K, const fg_xmap_fmt *fmt, double ebn0_db, uint64_t seed, uint64_t stream,
                        uint8_t *info, uint8_t *cw, double *y, int32_t *q)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    fg_channel_point pt;
    fg_frame fr = {.llr = y, .llr_q = q};
    int rc = fg_channel_point_at(&fg_channel_awgn, NULL, ebn0_db, (double)K / N, &pt);
    if (!rc)
        rc = fg_channel_random_bits(K, seed, stream, info);
    if (!rc)
        rc = fg_turbo_encode(std, K, info, cw);
    return rc ? rc : fg_channel_awgn.transmit(&pt, cw, N, N, seed, (long long)stream, fmt->w_ch, fmt->f_ch, &fr);
}

/* Frame f: information bits, quantised channel LLRs (natural layout). */
static int frame_q(const fg_vec_turbo_params *p, int f, uint8_t *info, uint8_t *cw, double *y, int32_t *q)
{
    return fg_vecp_turbo_frame(p->std, p->K, &p->cfg.fmt, p->ebn0_db, p->seed, (uint64_t)f, info, cw, y, q);
}

/* Both sets: their options, and what the writer derives: the sub-blocks and the formats (no options of these
 * designs). */
static int common_params(fg_vec_writer *w, const fg_vec_turbo_params *p, int L, int n_sub)
{
    const fg_xmap_fmt *f = &p->cfg.fmt;
    const struct {
        const char *key;
        long long v;
    } derived[] = {{"L", L}, {"n_sub", n_sub}, {"w_ch", f->w_ch}, {"f_ch", f->f_ch},
                   {"w_ext", f->w_ext}, {"w_bm", f->w_bm}, {"w_sm", f->w_sm}};
    fg_vec_set_options(w, p->options);
    int e = 0;
    for (size_t i = 0; i < sizeof derived / sizeof *derived; i++)
        e |= fg_vec_derived_int(w, derived[i].key, derived[i].v);
    return e ? FG_EINVAL : 0;
}

/* ---- design "turbo-fixed" ---- */

/* The per-cycle port trace of frame 0 from the cycle-accurate decoder (fecforge/turbo_arch.h): per
 * cycle the state, half-iteration and cycle in it, then per lane the extrinsic/channel read (valid,
 * position) and the SISO output (valid, position, extrinsic), then per bank the write port (valid,
 * row, data). Words of idle ports are x. */
typedef struct {
    fg_vec_writer *w;
    int id, lanes, banks, rc;
    int64_t *v;
    uint8_t *x;
} cycles_ctx;

enum { CYC_HEAD = 3, CYC_LANE = 5, CYC_BANK = 3 };

static void cycles_observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *pt)
{
    (void)a;
    cycles_ctx *c = user;
    if (c->rc)
        return;
    int64_t *v = c->v;
    uint8_t *x = c->x;
    memset(x, 0, (size_t)(CYC_HEAD + CYC_LANE * c->lanes + CYC_BANK * c->banks));
    v[0] = pt->state;
    v[1] = pt->state == FG_TURBO_ARCH_HALF ? pt->half : 0;
    v[2] = pt->state == FG_TURBO_ARCH_HALF ? pt->tau : 0;
    for (int l = 0; l < c->lanes; l++) {
        int64_t *lv = v + CYC_HEAD + CYC_LANE * l;
        uint8_t *lx = x + CYC_HEAD + CYC_LANE * l;
        lv[0] = pt->rd_valid_L[l];
        lv[1] = pt->rd_valid_L[l] ? pt->rd_pos_L[l] : 0;
        lx[1] = !pt->rd_valid_L[l];
        lv[2] = pt->out_valid_L[l];
        lv[3] = pt->out_valid_L[l] ? pt->out_x_L[l] : 0;
        lv[4] = pt->out_valid_L[l] ? pt->out_llr_L[l] : 0;
        lx[3] = lx[4] = !pt->out_valid_L[l];
    }
    for (int b = 0; b < c->banks; b++) {
        int64_t *bv = v + CYC_HEAD + CYC_LANE * c->lanes + CYC_BANK * b;
        uint8_t *bx = x + CYC_HEAD + CYC_LANE * c->lanes + CYC_BANK * b;
        bv[0] = pt->wr_M[b].valid;
        bv[1] = pt->wr_M[b].valid ? pt->wr_M[b].row : 0;
        bv[2] = pt->wr_M[b].valid ? pt->wr_M[b].data : 0;
        bx[1] = bx[2] = !pt->wr_M[b].valid;
    }
    c->rc = fg_vec_write(c->w, c->id, v, x);
}

typedef struct {
    fg_vec_writer *w;
    int ext_id, app_id, stk_id, hi_id;
    int frame, rc;
    int64_t *stk; /* 32 words of a stakes line */
} turbo_ctx;

static void turbo_observe(void *user, const fg_turbo_fixed_obs *o)
{
    turbo_ctx *c = user;
    if (c->rc)
        return;
    for (int k = 0; k < o->K && !c->rc; k++) {
        const int64_t e = o->ext_K[k], a = o->app_K[k];
        c->rc = fg_vec_write(c->w, c->ext_id, &e, NULL);
        if (!c->rc)
            c->rc = fg_vec_write(c->w, c->app_id, &a, NULL);
    }
    for (int p = 0; p < o->P && !c->rc; p++) {
        for (int s = 0; s < 8; s++) {
            c->stk[s] = o->alpha_in[8 * p + s];
            c->stk[8 + s] = o->beta_in[8 * p + s];
            c->stk[16 + s] = o->alpha_out[8 * p + s];
            c->stk[24 + s] = o->beta_out[8 * p + s];
        }
        c->rc = fg_vec_write(c->w, c->stk_id, c->stk, NULL);
    }
    const int64_t line[3] = {c->frame, o->half_iter, o->siso};
    if (!c->rc)
        c->rc = fg_vec_write(c->w, c->hi_id, line, NULL);
}

int fg_vec_make_turbo(const char *dir, const fg_vec_turbo_params *p, long *bit_errors)
{
    if (!dir)
        return fg_set_error(FG_EINVAL, "turbo vectors: dir must not be NULL");
    turbo_ctx c;
    memset(&c, 0, sizeof c);
    fg_turbo_fixed *d = NULL;
    int rc = open_decoder(p, NULL, NULL, &d);
    if (rc)
        return rc;
    const int K = p->K, N = 3 * K + FG_TURBO_TAIL, frames = p->frames, P = p->cfg.P;
    const fg_xmap_fmt *f = &p->cfg.fmt;
    uint8_t *info = malloc((size_t)K), *cw = malloc((size_t)N), *bits = malloc((size_t)K);
    double *y = malloc(sizeof(double) * (size_t)N);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)N);
    int *hi = malloc(sizeof(int) * (size_t)frames);
    int64_t stk[32];
    c.stk = stk;
    fg_turbo_arch *arch = NULL;
    fg_turbo_arch_result ares;
    memset(&ares, 0, sizeof ares);
    cycles_ctx cyc;
    memset(&cyc, 0, sizeof cyc);
    fg_vec_port *cyc_p = NULL;
    long errors = 0, frame_errors = 0, total = 0;
    if (!info || !cw || !bits || !y || !q || !hi) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the turbo vectors");
        goto done;
    }
    /* pass 1: half-iterations per frame (the memory streams' sizes) */
    for (int fr = 0; fr < frames && !rc; fr++) {
        fg_turbo_result res = {0, 0};
        rc = frame_q(p, fr, info, cw, y, q);
        if (!rc)
            rc = fg_turbo_fixed_decode(d, q, bits, &res);
        hi[fr] = res.half_iters;
        total += res.half_iters;
    }
    fg_turbo_fixed_destroy(d);
    d = NULL;
    if (rc || (rc = open_decoder(p, turbo_observe, &c, &d)))
        goto done;

    fg_turbo_arch_cfg acfg = fg_turbo_arch_cfg_default();
    acfg.std = p->std;
    acfg.K = K;
    acfg.P = P;
    acfg.half_iters = hi[0]; /* frame 0's count: the same decode when early termination stopped it */
    acfg.data = FG_TURBO_ARCH_DATA_FIXED;
    acfg.fmt = *f;
    acfg.nii = p->cfg.nii;
    if ((rc = fg_turbo_arch_create(&acfg, &arch)))
        goto done;
    fg_turbo_arch_geometry geo;
    fg_turbo_arch_get_geometry(arch, &geo);
    cyc.lanes = geo.pllr;
    cyc.banks = geo.banks;
    const int n_cyc = CYC_HEAD + CYC_LANE * cyc.lanes + CYC_BANK * cyc.banks;
    cyc_p = malloc(sizeof(fg_vec_port) * (size_t)n_cyc);
    cyc.v = malloc(sizeof(int64_t) * (size_t)n_cyc);
    cyc.x = malloc((size_t)n_cyc);
    if (!cyc_p || !cyc.v || !cyc.x) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the turbo vectors");
        goto done;
    }
    cyc_p[0] = fg_vec_port_make("state", -1, FG_VEC_OUT, 2, 0);
    cyc_p[1] = fg_vec_port_make("half", -1, FG_VEC_OUT, 11, 0);
    cyc_p[2] = fg_vec_port_make("tau", -1, FG_VEC_OUT, 20, 0);
    for (int l = 0; l < cyc.lanes; l++) {
        fg_vec_port *lp = cyc_p + CYC_HEAD + CYC_LANE * l;
        lp[0] = fg_vec_port_make("rd_valid", l, FG_VEC_OUT, 1, 0);
        lp[1] = fg_vec_port_make("rd_pos", l, FG_VEC_OUT, fg_vec_width_for(K), 0);
        lp[2] = fg_vec_port_make("out_valid", l, FG_VEC_OUT, 1, 0);
        lp[3] = fg_vec_port_make("out_pos", l, FG_VEC_OUT, fg_vec_width_for(K), 0);
        lp[4] = fg_vec_port_make("out_ext", l, FG_VEC_OUT, f->w_ext, 1);
    }
    for (int b = 0; b < cyc.banks; b++) {
        fg_vec_port *bp = cyc_p + CYC_HEAD + CYC_LANE * cyc.lanes + CYC_BANK * b;
        bp[0] = fg_vec_port_make("wr_valid", b, FG_VEC_OUT, 1, 0);
        bp[1] = fg_vec_port_make("wr_row", b, FG_VEC_OUT, fg_vec_width_for(geo.depth), 0);
        bp[2] = fg_vec_port_make("wr_data", b, FG_VEC_OUT, f->w_ext, 1);
    }

    const int L = 4 * ((K + 4 * P - 1) / (4 * P)), n_sub = (K + L - 1) / L;
    if ((rc = fg_vec_writer_open(dir, "turbo-fixed", &c.w)))
        goto done;
    fg_vec_set_seed(c.w, p->seed);
    if ((rc = common_params(c.w, p, L, n_sub)))
        goto done;
    {
        const fg_vec_port llr_port = fg_vec_port_make("llr", -1, FG_VEC_IN, f->w_ch, 1);
        const fg_vec_port ext_port = fg_vec_port_make("ext", -1, FG_VEC_OUT, f->w_ext, 1);
        const fg_vec_port app_port = fg_vec_port_make("app", -1, FG_VEC_OUT, f->w_sm, 1);
        const fg_vec_port hard_port = fg_vec_port_make("hard", -1, FG_VEC_OUT, 1, 0);
        fg_vec_port stk_p[32];
        static const char *stk_names[4] = {"alpha_in", "beta_in", "alpha_out", "beta_out"};
        for (int i = 0; i < 32; i++)
            stk_p[i] = fg_vec_port_make(stk_names[i / 8], i % 8, FG_VEC_STATE, f->w_sm, 1);
        const fg_vec_port hi_p[3] = {fg_vec_port_make("frame", -1, FG_VEC_OUT, 16, 0),
                                     fg_vec_port_make("half_iter", -1, FG_VEC_OUT, 11, 0),
                                     fg_vec_port_make("siso", -1, FG_VEC_OUT, 1, 0)};
        const fg_vec_port fr_p[4] = {fg_vec_port_make("frame", -1, FG_VEC_OUT, 16, 0),
                                     fg_vec_port_make("half_iters", -1, FG_VEC_OUT, 11, 0),
                                     fg_vec_port_make("early_stop", -1, FG_VEC_OUT, 1, 0),
                                     fg_vec_port_make("bit_errors", -1, FG_VEC_OUT, fg_vec_width_for(K + 1), 0)};
        const fg_vec_stream_def defs[8] = {
            {"llr", FG_VEC_MEMORY, "quantised channel LLRs of each frame, natural layout, frames x (3K+12)",
             &llr_port, 1, frames, N},
            {"ext", FG_VEC_MEMORY,
             "extrinsics written by each half-iteration (line of half_iters), K each: SISO 1 at the natural "
             "position, SISO 2 at the interleaved position",
             &ext_port, 1, (int)total, K},
            {"app", FG_VEC_MEMORY, "a-posteriori LLRs of each half-iteration, same order as ext", &app_port, 1,
             (int)total, K},
            {"stakes", FG_VEC_TABLE,
             "P lines per half-iteration (sub-block p): alpha at its start and beta at its end as used, alpha at "
             "its end and beta at its start as saved",
             stk_p, 32, 0, 0},
            {"half_iters", FG_VEC_TABLE, "one line per half-iteration run: frame, half-iteration, SISO", hi_p, 3, 0, 0},
            {"decoded", FG_VEC_MEMORY, "hard decisions of each frame (natural order), frames x K", &hard_port, 1,
             frames, K},
            {"frames", FG_VEC_TABLE, "per frame: half-iterations run, early stop, bit errors", fr_p, 4, 0, 0},
            {"cycles", FG_VEC_CYCLES,
             "frame 0 on the cycle-accurate decoder (docs/turbo-architecture.md), cycles_frame0 + 1 lines (line 0: "
             "the idle cycle that starts the block): state, half-iteration, cycle in it; per lane read "
             "valid/position and SISO output valid/position/extrinsic; per bank write valid/row/data",
             cyc_p, n_cyc, 0, 0}};
        int ids[8];
        for (int i = 0; i < 8 && !rc; i++)
            rc = fg_vec_stream_add(c.w, &defs[i], &ids[i]);
        if (rc)
            goto done;
        c.ext_id = ids[1];
        c.app_id = ids[2];
        c.stk_id = ids[3];
        c.hi_id = ids[4];
        cyc.w = c.w;
        cyc.id = ids[7];
        /* pass 2: the decodes, written by the observer */
        for (int fr = 0; fr < frames && !rc; fr++) {
            fg_turbo_result res = {0, 0};
            c.frame = fr;
            rc = frame_q(p, fr, info, cw, y, q);
            for (int i = 0; i < N && !rc; i++) {
                const int64_t v = q[i];
                rc = fg_vec_write(c.w, ids[0], &v, NULL);
            }
            if (!rc)
                rc = fg_turbo_fixed_decode(d, q, bits, &res);
            if (!rc)
                rc = c.rc;
            if (!rc && res.half_iters != hi[fr])
                rc = fg_set_error(FG_ESTATE, "turbo vectors: frame %d ran %d half-iterations, %d in the first pass",
                                  fr, res.half_iters, hi[fr]);
            long e = 0;
            for (int k = 0; k < K && !rc; k++) {
                const int64_t v = bits[k];
                e += bits[k] != info[k];
                rc = fg_vec_write(c.w, ids[5], &v, NULL);
            }
            const int64_t fl[4] = {fr, res.half_iters, res.early_stop, e};
            if (!rc)
                rc = fg_vec_write(c.w, ids[6], fl, NULL);
            if (fr == 0 && !rc) { /* the cycle trace, and the model's decisions must be the decoder's */
                if (!(rc = fg_turbo_arch_load(arch, q)))
                    rc = fg_turbo_arch_run(arch, cycles_observe, &cyc, &ares);
                if (!rc)
                    rc = cyc.rc;
                if (!rc) {
                    fg_turbo_arch_hard(arch, info);
                    for (int k = 0; k < K && !rc; k++)
                        if (info[k] != bits[k])
                            rc = fg_set_error(FG_EMISMATCH, "turbo vectors: the cycle model's decision %d differs "
                                              "from the fixed decoder's", k);
                }
            }
            errors += e;
            frame_errors += e > 0;
        }
    }
    if (!rc) {
        fg_vec_count(c.w, "frames", frames);
        fg_vec_count(c.w, "half_iters_total", total);
        fg_vec_count(c.w, "frame_errors", frame_errors);
        fg_vec_count(c.w, "bit_errors", errors);
        fg_vec_count(c.w, "cycles_frame0", ares.cycles_total);
        fg_vec_count(c.w, "preprocess_cycles_frame0", ares.preprocess_cycles);
        fg_vec_count(c.w, "decode_cycles_frame0", ares.cycles_decode);
        rc = fg_vec_writer_commit(c.w);
        c.w = NULL;
        if (!rc && bit_errors)
            *bit_errors = errors;
    }
done:
    fg_vec_writer_abort(c.w);
    fg_turbo_fixed_destroy(d);
    fg_turbo_arch_destroy(arch);
    free(cyc_p);
    free(cyc.v);
    free(cyc.x);
    free(info);
    free(cw);
    free(bits);
    free(y);
    free(q);
    free(hi);
    return rc;
}

/* ---- design "xmap" ---- */

typedef struct {
    int target, sub, L, K;
    int seen, n_sub, P;
    int32_t *ext_prev, *ext_sub, *app_sub; /* K, L, L */
    int32_t a_in[8], b_in[8], a_out[8], b_out[8];
} xmap_ctx;

static void xmap_observe(void *user, const fg_turbo_fixed_obs *o)
{
    xmap_ctx *c = user;
    if (o->half_iter == c->target - 1)
        memcpy(c->ext_prev, o->ext_K, sizeof(int32_t) * (size_t)o->K);
    if (o->half_iter != c->target)
        return;
    c->seen = 1;
    c->n_sub = o->n_sub;
    const int s0 = c->sub * o->L, n = o->K - s0 < o->L ? o->K - s0 : o->L;
    if (c->sub < o->n_sub) {
        memcpy(c->ext_sub, o->ext_K + s0, sizeof(int32_t) * (size_t)n);
        memcpy(c->app_sub, o->app_K + s0, sizeof(int32_t) * (size_t)n);
    }
    memcpy(c->a_in, o->alpha_in + 8 * c->sub, sizeof c->a_in);
    memcpy(c->b_in, o->beta_in + 8 * c->sub, sizeof c->b_in);
    memcpy(c->a_out, o->alpha_out + 8 * c->sub, sizeof c->a_out);
    memcpy(c->b_out, o->beta_out + 8 * c->sub, sizeof c->b_out);
}

int fg_vec_make_xmap(const char *dir, const fg_vec_turbo_params *p)
{
    if (!dir || !p)
        return fg_set_error(FG_EINVAL, "xmap vectors: dir and params must not be NULL");
    const int K = p->K, P = p->cfg.P;
    if (p->half_iter < -1 || p->half_iter >= p->cfg.half_iters)
        return fg_set_error_at(FG_EINVAL, &p->half_iter,
                               "half_iter=%d out of range [-1, %d] (-1: the last)", p->half_iter,
                               p->cfg.half_iters - 1);
    xmap_ctx c;
    memset(&c, 0, sizeof c);
    c.target = p->half_iter < 0 ? p->cfg.half_iters - 1 : p->half_iter;
    c.sub = p->sub;
    c.K = K;
    fg_turbo_fixed *d = NULL;
    int rc = open_decoder(p, xmap_observe, &c, &d);
    if (rc)
        return rc;
    const int L = 4 * ((K + 4 * P - 1) / (4 * P)), n_sub = (K + L - 1) / L;
    if (p->sub < 0 || p->sub >= n_sub) {
        fg_turbo_fixed_destroy(d);
        return fg_set_error_at(FG_EINVAL, &p->sub,
                               "sub=%d out of range [0, %d] (non-empty sub-blocks of K=%d, P=%d)", p->sub,
                               n_sub - 1, K, P);
    }
    const int N = 3 * K + FG_TURBO_TAIL, s0 = p->sub * L, n = K - s0 < L ? K - s0 : L, S = (n + 1) / 2;
    const int si = c.target & 1;
    const fg_xmap_fmt *f = &p->cfg.fmt;
    fg_vec_writer *w = NULL;
    uint8_t *info = malloc((size_t)K), *cw = malloc((size_t)N), *bits = malloc((size_t)K);
    double *y = malloc(sizeof(double) * (size_t)N);
    int32_t *q = malloc(sizeof(int32_t) * (size_t)N), *pi = malloc(sizeof(int32_t) * (size_t)K);
    int32_t *inv = malloc(sizeof(int32_t) * (size_t)K);
    int32_t *in3 = malloc(sizeof(int32_t) * 3 * (size_t)(n + 1)); /* sys, par, apr of the sub-block */
    int32_t *app = malloc(sizeof(int32_t) * (size_t)n), *ext = malloc(sizeof(int32_t) * (size_t)n);
    int32_t *work = malloc(sizeof(int32_t) * 8 * (size_t)(n / 2 + 1));
    int32_t *tg = malloc(sizeof(int32_t) * 16 * (size_t)S), *ta = malloc(sizeof(int32_t) * 8 * (size_t)(S + 1));
    int32_t *tb = malloc(sizeof(int32_t) * 8 * (size_t)(S + 1));
    c.ext_prev = calloc((size_t)K, sizeof(int32_t));
    c.ext_sub = malloc(sizeof(int32_t) * (size_t)L);
    c.app_sub = malloc(sizeof(int32_t) * (size_t)L);
    if (!info || !cw || !bits || !y || !q || !pi || !inv || !in3 || !app || !ext || !work || !tg || !ta || !tb ||
        !c.ext_prev || !c.ext_sub || !c.app_sub) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the xmap vectors");
        goto done;
    }
    fg_turbo_result res = {0, 0};
    rc = frame_q(p, 0, info, cw, y, q);
    if (!rc)
        rc = fg_turbo_fixed_decode(d, q, bits, &res);
    if (!rc && !c.seen)
        rc = fg_set_error_at(FG_EINVAL, &p->half_iter,
                             "half_iter=%d not reached: early termination stopped the decode after %d",
                             c.target, res.half_iters);
    if (!rc)
        rc = fg_interleaver_table(p->std, K, pi);
    if (rc)
        goto done;
    fg_permutation_invert(K, pi, inv);
    /* the SISO's inputs, rebuilt from the codeword and the previous half-iteration's extrinsics */
    int32_t *sys = in3, *par = in3 + (n + 1), *apr = in3 + 2 * (n + 1);
    for (int i = 0; i < n; i++) {
        const int k = s0 + i;
        sys[i] = si ? q[pi[k]] : q[k];
        par[i] = q[(si ? 2 * K : K) + k];
        apr[i] = c.target == 0 ? 0 : si ? c.ext_prev[pi[k]] : c.ext_prev[inv[k]];
    }
    sys[n] = par[n] = apr[n] = 0;
    int32_t a_out[8], b_out[8];
    const fg_xmap_trace tr = {tg, ta, tb};
    fg_xmap_siso(f, n, sys, par, apr, c.a_in, c.b_in, app, ext, a_out, b_out, work, &tr);
    if (memcmp(app, c.app_sub, sizeof(int32_t) * (size_t)n) || memcmp(ext, c.ext_sub, sizeof(int32_t) * (size_t)n) ||
        memcmp(a_out, c.a_out, sizeof a_out) || memcmp(b_out, c.b_out, sizeof b_out)) {
        rc = fg_set_error(FG_EMISMATCH, "xmap vectors: the SISO re-run of sub-block %d differs from the decoder",
                          p->sub);
        goto done;
    }

    if ((rc = fg_vec_writer_open(dir, "xmap", &w)))
        goto done;
    fg_vec_set_seed(w, p->seed);
    if ((rc = common_params(w, p, L, n_sub)))
        goto done;
    {
        int e = 0;
        e |= fg_vec_derived_int(w, "frames", p->frames);
        e |= fg_vec_derived_int(w, "siso", si);
        e |= fg_vec_derived_int(w, "start", s0);
        e |= fg_vec_derived_int(w, "n", n);
        e |= fg_vec_derived_int(w, "radix2_last", n & 1);
        if (e) {
            rc = FG_EINVAL;
            goto done;
        }
    }
    fg_vec_port bin_p[16], in_p[6], g_p[16], a_p[8], b_p[8], o_p[4], bout_p[16];
    for (int i = 0; i < 16; i++) {
        bin_p[i] = fg_vec_port_make(i < 8 ? "alpha_in" : "beta_in", i % 8, FG_VEC_IN, f->w_sm, 1);
        bout_p[i] = fg_vec_port_make(i < 8 ? "alpha_out" : "beta_out", i % 8, FG_VEC_OUT, f->w_sm, 1);
        g_p[i] = fg_vec_port_make("gamma", i, FG_VEC_STATE, f->w_bm, 1);
    }
    for (int i = 0; i < 8; i++) {
        a_p[i] = fg_vec_port_make("alpha", i, FG_VEC_STATE, f->w_sm, 1);
        b_p[i] = fg_vec_port_make("beta", i, FG_VEC_STATE, f->w_sm, 1);
    }
    for (int j = 0; j < 2; j++) {
        in_p[j] = fg_vec_port_make("sys", j, FG_VEC_IN, f->w_ch, 1);
        in_p[2 + j] = fg_vec_port_make("par", j, FG_VEC_IN, f->w_ch, 1);
        in_p[4 + j] = fg_vec_port_make("apr", j, FG_VEC_IN, f->w_ext, 1);
        o_p[j] = fg_vec_port_make("app", j, FG_VEC_OUT, f->w_sm, 1);
        o_p[2 + j] = fg_vec_port_make("ext", j, FG_VEC_OUT, f->w_ext, 1);
    }
    const fg_vec_stream_def defs[7] = {
        {"bounds_in", FG_VEC_TABLE, "alpha at the sub-block start, beta at its end (stakes, block start or tail)",
         bin_p, 16, 0, 0},
        {"inputs", FG_VEC_TABLE, "per radix-4 step i: LLRs of positions 2i, 2i+1 (0 past the end)", in_p, 6, 0, 0},
        {"gamma", FG_VEC_TABLE, "per step: the 16 branch metrics, index u0 | u1<<1 | z0<<2 | z1<<3 (radix-2 last "
                                "step: u | z<<1, x above 3)",
         g_p, 16, 0, 0},
        {"alpha", FG_VEC_TABLE, "line i: alpha at position 2i, i = 0..steps (x where not computed)", a_p, 8, 0, 0},
        {"beta", FG_VEC_TABLE, "line i: beta at position min(2i, n), i = 0..steps", b_p, 8, 0, 0},
        {"llr_out", FG_VEC_TABLE, "per step: a-posteriori and extrinsic LLRs of positions 2i, 2i+1", o_p, 4, 0, 0},
        {"bounds_out", FG_VEC_TABLE, "alpha at the sub-block end (odd n: at n-1) and beta at its start (the stakes "
                                     "saved for the next iteration)",
         bout_p, 16, 0, 0}};
    int ids[7];
    for (int i = 0; i < 7 && !rc; i++)
        rc = fg_vec_stream_add(w, &defs[i], &ids[i]);
    int64_t v[16];
    uint8_t x[16];
    for (int i = 0; i < 8 && !rc; i++) {
        v[i] = c.a_in[i];
        v[8 + i] = c.b_in[i];
    }
    if (!rc)
        rc = fg_vec_write(w, ids[0], v, NULL);
    const int odd = n & 1;
    for (int i = 0; i < S && !rc; i++) {
        const int last_r2 = odd && i == S - 1;
        for (int j = 0; j < 2; j++) {
            v[j] = sys[2 * i + j];
            v[2 + j] = par[2 * i + j];
            v[4 + j] = apr[2 * i + j];
        }
        rc = fg_vec_write(w, ids[1], v, NULL);
        for (int g = 0; g < 16; g++) {
            v[g] = last_r2 && g >= 4 ? 0 : tg[16 * i + g];
            x[g] = (uint8_t)(last_r2 && g >= 4);
        }
        if (!rc)
            rc = fg_vec_write(w, ids[2], v, x);
        for (int j = 0; j < 2; j++) {
            const int k = 2 * i + j;
            v[j] = k < n ? app[k] : 0;
            v[2 + j] = k < n ? ext[k] : 0;
            x[j] = x[2 + j] = (uint8_t)(k >= n);
        }
        if (!rc)
            rc = fg_vec_write(w, ids[5], v, x);
    }
    for (int i = 0; i <= S && !rc; i++) {
        const int no_alpha = odd && i == S;
        for (int s = 0; s < 8; s++) {
            v[s] = no_alpha ? 0 : ta[8 * i + s];
            x[s] = (uint8_t)no_alpha;
        }
        rc = fg_vec_write(w, ids[3], v, x);
        for (int s = 0; s < 8 && !rc; s++)
            v[s] = tb[8 * i + s];
        if (!rc)
            rc = fg_vec_write(w, ids[4], v, NULL);
    }
    for (int i = 0; i < 8 && !rc; i++) {
        v[i] = a_out[i];
        v[8 + i] = b_out[i];
    }
    if (!rc)
        rc = fg_vec_write(w, ids[6], v, NULL);
    if (!rc) {
        fg_vec_count(w, "steps", S);
        fg_vec_count(w, "positions", n);
        rc = fg_vec_writer_commit(w);
        w = NULL;
    }
done:
    fg_vec_writer_abort(w);
    fg_turbo_fixed_destroy(d);
    free(info);
    free(cw);
    free(bits);
    free(y);
    free(q);
    free(pi);
    free(inv);
    free(in3);
    free(app);
    free(ext);
    free(work);
    free(tg);
    free(ta);
    free(tb);
    free(c.ext_prev);
    free(c.ext_sub);
    free(c.app_sub);
    return rc;
}
