/* The streaming Viterbi decoder's step model (fecforge/viterbi_hw.h, docs/rtl-viterbi.md): registers in a
 * struct, one function that computes every next value from them and the inputs and then commits. The RTL of
 * gen/src/gen_viterbi.c has the same registers under the same names (with _q).
 *
 * A cycle:
 *  - outputs from the registers: ready = !eof_q, the emitter's head bits, best = tree(pm_q);
 *  - ACS: S stages in series (radix 4: the second level reads the first's metrics), metrics and the stage
 *    counter from 0 at a start; subtract subtracts the masked tree's maximum of the stage being extended;
 *  - decisions into the memory (the next of its `rows` positions, in a circle: position p is row p / R of bank
 *    p mod R, so the engine's R reads of a cycle hit R different banks) or the survivor registers;
 *  - a block request (set when a commit reached a block boundary) acts on pm_q, which are that boundary's
 *    metrics: the traceback engine latches the best state (memory) or the best state's oldest D survivor
 *    bits go to the emitter (exchange);
 *  - the engine walks R stages (reads of the registered memory), writing decided bits by stage; at its last
 *    stage it loads the emitter;
 *  - the frame's end: wait for the engine and the emitter, then the end traceback (memory) or the chosen
 *    survivor (exchange) from state 0 (terminated) or the best state; ready again after the last bit. */
#include "fecforge/viterbi_hw.h"

#include "fecforge/error.h"
#include "fecforge/fixed.h"

#include <stdlib.h>
#include <string.h>

struct fg_vit_hw {
    fg_vit_hw_dims d;
    int K, M, n, LD;
    uint32_t *out_of; /* per state j and x: the outputs of the branch from ((j << 1) | x) mod M into j */
    /* registers */
    int32_t *pm_q;     /* M path metrics */
    uint8_t *mem_q;    /* rows x M decisions (memory) */
    uint8_t *sr_q;     /* M x LD survivor bits, bit 0 the newest stage (exchange) */
    int t_q;           /* stages of the frame so far */
    int nxt_q;         /* stages to the next block boundary */
    int u0_q;          /* the first stage not yet decided */
    int req_q;         /* the last commit reached a block boundary */
    int eof_q, term_q; /* the frame has ended (ready low), it is terminated */
    int fl_q;          /* end phase: 1 waiting to start the end traceback, 2 its bits are out or being emitted */
    int wpos_q;                      /* memory: the position the next stage's decisions take */
    int tb_act_q, tb_s_q, tb_ptr_q; /* the traceback engine: walking, its state, the position it reads next */
    int tb_n_q, tb_skip_q, tb_cnt_q; /* stages left to walk, of them not output (first), bits it decides */
    int tb_end_q;                    /* the frame's end traceback */
    uint8_t *tb_bits_q; /* LD */
    uint8_t *em_q;      /* LD: the emitter, bit 0 next out */
    int em_cnt_q, em_last_q;
    long faults;
    /* next values (scratch) */
    int32_t *pm_d, *pm_mid;
    uint8_t *dec, *sr_d, *sr_mid, *tb_bits_d, *em_d;
};

fg_vit_hw_cfg fg_vit_hw_cfg_default(void)
{
    fg_vit_hw_cfg c;
    memset(&c, 0, sizeof c);
    c.code = fg_vit_code_default();
    c.w_llr = 5;
    c.norm = FG_VIT_NORM_MODULO;
    c.radix = 2;
    c.tb = FG_VIT_HW_MEMORY;
    return c;
}

fg_vit_hw_cfg fg_vit_hw_cfg_of(const fg_vit_code *c, const fg_vit_dec_cfg *fmt, int radix, fg_vit_hw_tb tb, int depth,
                               int block)
{
    fg_vit_hw_cfg h = fg_vit_hw_cfg_default();
    h.code = *c;
    h.w_llr = fmt->w_llr;
    h.w_pm = fmt->w_pm;
    h.norm = fmt->norm;
    h.radix = radix;
    h.tb = tb;
    h.depth = depth;
    h.block = block;
    return h;
}

int fg_vit_hw_resolve(const fg_vit_hw_cfg *cfg, fg_vit_hw_dims *out)
{
    fg_vit_hw_cfg c = *cfg;
    int rc = fg_vit_code_check(&cfg->code); /* the caller's: the fields it refuses are its */
    if (rc)
        return rc;
    if (c.code.K > FG_VIT_HW_K_MAX)
        return fg_set_error_at(FG_EINVAL, &cfg->code.K,
                               "K=%d out of range [%d, %d] for the fully parallel hardware decoder", c.code.K,
                               FG_VIT_K_MIN, FG_VIT_HW_K_MAX);
    if (c.w_llr < 2 || c.w_llr > 16)
        return fg_set_error_at(FG_EINVAL, &cfg->w_llr, "w_llr=%d out of range [2, 16]", c.w_llr);
    const int wmin = fg_vit_pm_min_width(&c.code, c.w_llr);
    if (c.w_pm != 0 && (c.w_pm < wmin || c.w_pm > 31))
        return fg_set_error_at(FG_EINVAL, &cfg->w_pm,
                               "w_pm=%d out of range [%d, 31] (K=%d, n=%d, w_llr=%d; 0: the minimum)", c.w_pm,
                               wmin, c.code.K, c.code.n, c.w_llr);
    if (!c.w_pm)
        c.w_pm = wmin;
    if ((int)c.norm != FG_VIT_NORM_MODULO && (int)c.norm != FG_VIT_NORM_SUBTRACT)
        return fg_set_error_at(FG_EINVAL, &cfg->norm, "norm=%d out of range [0, 1] (modulo, subtract)", (int)c.norm);
    if (c.radix != 2 && c.radix != 4)
        return fg_set_error_at(FG_EINVAL, &cfg->radix, "radix=%d invalid: 2 or 4", c.radix);
    if ((int)c.tb != FG_VIT_HW_MEMORY && (int)c.tb != FG_VIT_HW_EXCHANGE)
        return fg_set_error_at(FG_EINVAL, &cfg->tb, "traceback=%d out of range [0, 1] (memory, exchange)", (int)c.tb);
    const int S = c.radix / 2, K = c.code.K;
    if (!c.depth)
        c.depth = 6 * (K - 1);
    if (c.depth < K - 1 || c.depth > FG_VIT_HW_DEPTH_MAX || c.depth % S)
        return fg_set_error_at(FG_EINVAL, &cfg->depth,
                               "depth=%d out of range [%d, %d]%s (at least K-1: a block's bits must be "
                               "information bits when the frame's end is not known yet)", c.depth, K - 1,
                               FG_VIT_HW_DEPTH_MAX, S == 2 ? ", even for radix 4" : "");
    if (!c.block)
        c.block = c.tb == FG_VIT_HW_MEMORY ? c.depth : S;
    if (c.tb == FG_VIT_HW_EXCHANGE && c.block != S)
        return fg_set_error_at(FG_EINVAL, &cfg->block,
                               "block=%d out of range [%d, %d]: register exchange decides the %d stage%s of "
                               "each cycle", c.block, S, S, S, S == 2 ? "s" : "");
    if (c.block < S || c.block > FG_VIT_HW_BLOCK_MAX || c.block % S)
        return fg_set_error_at(FG_EINVAL, &cfg->block,
                               "block=%d out of range [%d, %d]%s", c.block, S, FG_VIT_HW_BLOCK_MAX,
                               S == 2 ? ", even for radix 4" : "");
    fg_vit_hw_dims d;
    memset(&d, 0, sizeof d);
    d.cfg = c;
    d.M = 1 << (K - 1);
    d.S = S;
    d.L = c.depth;
    d.D = c.block;
    if (c.tb == FG_VIT_HW_MEMORY) {
        const int P = d.D / S; /* cycles between block tracebacks at full rate */
        d.R = (d.L + d.D + P - 1) / P;
        d.rb = (d.L + 2 * d.D + 1 + d.R - 1) / d.R;
        d.rows = d.R * d.rb;
    }
    const int bmax = c.code.n * fg_fx_max(c.w_llr);
    d.w_bm = 1;
    while ((1 << (d.w_bm - 1)) - 1 < bmax)
        d.w_bm++;
    d.w_em = 1;
    while ((1 << d.w_em) < d.L + d.D + 1)
        d.w_em++;
    *out = d;
    return 0;
}

int fg_vit_hw_resolve_arg(const fg_vit_code *c, const int *K, const fg_vit_dec_cfg *fmt, const fg_vit_hw_arg *hw,
                          fg_vit_hw_dims *out)
{
    const fg_vit_hw_cfg h = fg_vit_hw_cfg_of(c, fmt, hw->radix ? 4 : 2, (fg_vit_hw_tb)hw->tb, hw->depth, hw->block);
    const int rc = fg_vit_hw_resolve(&h, out);
    const void *const from[][2] = {{&h.code.K, K},         {&h.w_llr, &fmt->w_llr},  {&h.w_pm, &fmt->w_pm},
                                   {&h.norm, &fmt->norm},  {&h.radix, &hw->radix},   {&h.tb, &hw->tb},
                                   {&h.depth, &hw->depth}, {&h.block, &hw->block}};
    for (size_t i = 0; rc && i < sizeof from / sizeof *from; i++)
        if (fg_last_error_field() == from[i][0])
            return fg_error_at(rc, from[i][1]);
    return rc;
}

fg_vit_dec_cfg fg_vit_hw_dec_cfg(const fg_vit_hw_dims *d, fg_vit_ending e)
{
    fg_vit_dec_cfg g = fg_vit_dec_cfg_default();
    g.ending = e;
    g.f = d->D;
    g.v1 = 1 << 16;
    g.v2 = d->L;
    g.f0 = 0;
    g.w_llr = d->cfg.w_llr;
    g.w_pm = d->cfg.w_pm;
    g.norm = d->cfg.norm;
    return g;
}

void fg_vit_hw_destroy(fg_vit_hw *h)
{
    if (!h)
        return;
    free(h->out_of), free(h->pm_q), free(h->mem_q), free(h->sr_q), free(h->tb_bits_q), free(h->em_q);
    free(h->pm_d), free(h->pm_mid), free(h->dec), free(h->sr_d), free(h->sr_mid), free(h->tb_bits_d), free(h->em_d);
    free(h);
}

void fg_vit_hw_reset(fg_vit_hw *h)
{
    memset(h->pm_q, 0, sizeof *h->pm_q * (size_t)h->M);
    if (h->mem_q)
        memset(h->mem_q, 0, (size_t)h->d.rows * (size_t)h->M);
    if (h->sr_q)
        memset(h->sr_q, 0, (size_t)h->M * (size_t)h->LD);
    memset(h->tb_bits_q, 0, (size_t)h->LD);
    memset(h->em_q, 0, (size_t)h->LD);
    h->t_q = h->nxt_q = h->u0_q = h->req_q = h->eof_q = h->term_q = h->fl_q = 0;
    h->wpos_q = 0;
    h->tb_act_q = h->tb_s_q = h->tb_ptr_q = h->tb_n_q = h->tb_skip_q = h->tb_cnt_q = h->tb_end_q = 0;
    h->em_cnt_q = h->em_last_q = 0;
    h->faults = 0;
}

int fg_vit_hw_create(const fg_vit_hw_cfg *cfg, fg_vit_hw **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out=NULL: a place for the decoder is required");
    *out = NULL;
    fg_vit_hw_dims d;
    int rc = fg_vit_hw_resolve(cfg ? cfg : &(fg_vit_hw_cfg){0}, &d);
    if (rc)
        return rc;
    fg_vit_hw *h = calloc(1, sizeof *h);
    if (!h)
        return fg_set_error(FG_ENOMEM, "out of memory");
    h->d = d;
    h->K = d.cfg.code.K;
    h->M = d.M;
    h->n = d.cfg.code.n;
    h->LD = d.L + d.D;
    const size_t M = (size_t)h->M, LD = (size_t)h->LD;
    const int mem = d.cfg.tb == FG_VIT_HW_MEMORY;
    h->out_of = malloc(sizeof *h->out_of * 2 * M);
    h->pm_q = calloc(M, sizeof *h->pm_q);
    h->pm_d = calloc(M, sizeof *h->pm_d);
    h->pm_mid = calloc(M, sizeof *h->pm_mid);
    h->dec = calloc(2 * M, 1);
    h->tb_bits_q = calloc(LD, 1);
    h->tb_bits_d = calloc(LD, 1);
    h->em_q = calloc(LD, 1);
    h->em_d = calloc(LD, 1);
    if (mem)
        h->mem_q = calloc((size_t)d.rows * M, 1);
    else {
        h->sr_q = calloc(M * LD, 1);
        h->sr_d = calloc(M * LD, 1);
        h->sr_mid = calloc(M * LD, 1);
    }
    if (!h->out_of || !h->pm_q || !h->pm_d || !h->pm_mid || !h->dec || !h->tb_bits_q || !h->tb_bits_d || !h->em_q ||
        !h->em_d || (mem && !h->mem_q) || (!mem && (!h->sr_q || !h->sr_d || !h->sr_mid))) {
        fg_vit_hw_destroy(h);
        return fg_set_error(FG_ENOMEM, "out of memory for the Viterbi step model (K=%d)", h->K);
    }
    for (int j = 0; j < h->M; j++)
        for (int x = 0; x < 2; x++)
            h->out_of[2 * j + x] = fg_vit_out(&d.cfg.code, ((j << 1) | x) & (h->M - 1), j >> (h->K - 2));
    fg_vit_hw_reset(h);
    *out = h;
    return 0;
}

const fg_vit_hw_dims *fg_vit_hw_dims_of(const fg_vit_hw *h) { return &h->d; }

long fg_vit_hw_faults(const fg_vit_hw *h) { return h->faults; }

/* ---- the combinational blocks ---- */

/* The best-state tree over pm after `depth` stages of a frame: pairs of (reachable, metric, state) merged level
 * by level, the right one only when strictly greater (so the lowest-numbered maximum wins); at depth < K-1 only
 * the states reachable from state 0 (the low K-1-depth bits 0) take part. Returns the state; *max its metric. */
static int tree(const fg_vit_hw *h, const int32_t *pm, int depth, int32_t *max)
{
    enum { TREE_MAX = 1 << (FG_VIT_HW_K_MAX - 1) };
    int ok[TREE_MAX], idx[TREE_MAX];
    int32_t v[TREE_MAX];
    const int M = h->M, w = h->d.cfg.w_pm, mod = h->d.cfg.norm == FG_VIT_NORM_MODULO;
    const int unreach = depth < h->K - 1 ? (1 << (h->K - 1 - depth)) - 1 : 0;
    for (int j = 0; j < M; j++)
        ok[j] = (j & unreach) == 0, v[j] = pm[j], idx[j] = j;
    for (int n = M; n > 1; n /= 2)
        for (int i = 0; i < n / 2; i++) {
            const int a = 2 * i, b = 2 * i + 1;
            const int gt = mod ? fg_fx_mod_argmax2(v[a], v[b], w) : fg_fx_argmax2(v[a], v[b]);
            const int pick_b = ok[b] && (!ok[a] || gt);
            ok[i] = ok[a] || ok[b];
            v[i] = pick_b ? v[b] : v[a];
            idx[i] = pick_b ? idx[b] : idx[a];
        }
    *max = v[0];
    return idx[0];
}

/* One trellis stage: metrics P after `depth` stages (depth < K-1: the compare-selects are forced to x = 0, the
 * one predecessor reachable from state 0), sub the value subtract normalisation removes; N and the decisions. */
static void acs(const fg_vit_hw *h, const int32_t *P, int depth, int32_t sub, const int32_t *sym, const uint8_t *era,
               int32_t *N, uint8_t *dec)
{
    const int M = h->M, w = h->d.cfg.w_pm, mod = h->d.cfg.norm == FG_VIT_NORM_MODULO;
    int32_t l[FG_VIT_N_MAX];
    for (int b = 0; b < h->n; b++)
        l[b] = era[b] ? 0 : sym[b];
    for (int j = 0; j < M; j++) {
        int32_t c[2];
        for (int x = 0; x < 2; x++) {
            const uint32_t o = h->out_of[2 * j + x];
            int32_t bm = 0;
            for (int b = 0; b < h->n; b++)
                bm += ((o >> b) & 1u) ? -l[b] : l[b];
            const int32_t p = P[((j << 1) | x) & (M - 1)];
            c[x] = mod ? fg_fx_mod_add(p, bm, w) : fg_fx_sat32(p + bm, w);
        }
        const int x = depth < h->K - 1 ? 0 : mod ? fg_fx_mod_argmax2(c[0], c[1], w) : fg_fx_argmax2(c[0], c[1]);
        N[j] = mod ? c[x] : fg_fx_sat32(c[x] - sub, w);
        dec[j] = (uint8_t)x;
    }
}

/* The survivor registers after a stage's decisions: j's is its predecessor's, shifted, with j's input. */
static void exchange(const fg_vit_hw *h, const uint8_t *sr, const uint8_t *dec, uint8_t *out)
{
    const int M = h->M, LD = h->LD;
    for (int j = 0; j < M; j++) {
        const uint8_t *src = sr + (size_t)(((j << 1) | dec[j]) & (M - 1)) * (size_t)LD;
        uint8_t *dst = out + (size_t)j * (size_t)LD;
        memmove(dst + 1, src, (size_t)LD - 1);
        dst[0] = (uint8_t)(j >> (h->K - 2));
    }
}

/* Load the emitter's next value with cnt bits: src[i] (top < 0), or src[top - i] (a survivor register, its
 * oldest stage at bit top); the bits above cnt are 0 (the output ports show them without valid). */
static void emit(fg_vit_hw *h, const uint8_t *src, int top, int cnt, int last, int *cnt_d, int *last_d)
{
    memset(h->em_d, 0, (size_t)h->LD);
    for (int i = 0; i < cnt; i++)
        h->em_d[i] = top < 0 ? src[i] : src[top - i];
    *cnt_d = cnt;
    *last_d = last;
}

void fg_vit_hw_peek(const fg_vit_hw *h, fg_vit_hw_out *out)
{
    memset(out, 0, sizeof *out);
    out->ready = !h->eof_q;
    for (int s = 0; s < h->d.S; s++) {
        out->valid[s] = h->em_cnt_q > s;
        out->bit[s] = h->em_q[s];
    }
    out->last = h->em_last_q && h->em_cnt_q > 0 && h->em_cnt_q <= h->d.S;
    int32_t max;
    out->best = tree(h, h->pm_q, h->t_q, &max);
}

void fg_vit_hw_step(fg_vit_hw *h, const fg_vit_hw_in *in, fg_vit_hw_out *out)
{
    const fg_vit_hw_dims *d = &h->d;
    const int M = h->M, S = d->S, LD = h->LD, K = h->K, mem = d->cfg.tb == FG_VIT_HW_MEMORY;
    fg_vit_hw_peek(h, out);
    int32_t bmax;
    const int best = tree(h, h->pm_q, h->t_q, &bmax);

    /* next values start as the current ones */
    int t_d = h->t_q, nxt_d = h->nxt_q, u0_d = h->u0_q, req_d = 0, eof_d = h->eof_q, term_d = h->term_q;
    int fl_d = h->fl_q;
    int tb_act_d = h->tb_act_q, tb_s_d = h->tb_s_q, tb_ptr_d = h->tb_ptr_q, tb_n_d = h->tb_n_q;
    int tb_skip_d = h->tb_skip_q, tb_cnt_d = h->tb_cnt_q, tb_end_d = h->tb_end_q;
    memcpy(h->tb_bits_d, h->tb_bits_q, (size_t)LD);
    /* the emitter shifts out S bits unless loaded */
    int em_load = 0, em_cnt_d = h->em_cnt_q > S ? h->em_cnt_q - S : 0, em_last_d = em_cnt_d ? h->em_last_q : 0;
    memset(h->em_d, 0, (size_t)LD);
    memcpy(h->em_d, h->em_q + S, (size_t)(LD - S));
    const int em_free = h->em_cnt_q <= S; /* its last bits leave in this cycle */

    /* ACS over the accepted stages */
    const int accept = in->valid[0] && !h->eof_q;
    const int nst = accept ? (S == 2 && in->valid[1] ? 2 : 1) : 0;
    int wrote_pm = 0;
    if (accept) {
        static const int32_t zero[1 << (FG_VIT_HW_K_MAX - 1)];
        const int32_t *P = h->pm_q;
        int t = h->t_q;
        int32_t sub = bmax;
        if (in->start) {
            P = zero;
            t = 0;
            sub = 0;
            nxt_d = d->L + d->D;
            u0_d = 0;
        }
        const uint8_t *sr = h->sr_q;
        for (int s = 0; s < nst; s++) {
            if (s == 1) /* radix 4: the second level reads the first's metrics */
                P = h->pm_mid, tree(h, h->pm_mid, t, &sub);
            acs(h, P, t, sub, in->sym[s], in->era[s], s + 1 == nst ? h->pm_d : h->pm_mid,
                h->dec + (size_t)s * (size_t)M);
            if (!mem) {
                uint8_t *dst = s + 1 == nst ? h->sr_d : h->sr_mid;
                exchange(h, sr, h->dec + (size_t)s * (size_t)M, dst);
                sr = dst;
            }
            t++;
        }
        wrote_pm = 1;
        t_d = t;
        nxt_d -= nst;
        if (in->end) {
            eof_d = 1;
            term_d = in->term != 0;
            fl_d = 1;
        } else if (nxt_d == 0) {
            req_d = 1;
            nxt_d = d->D;
        }
    }

    const int last = mem ? (h->wpos_q ? h->wpos_q - 1 : d->rows - 1) : 0; /* the newest stage's position */
    /* the traceback engine walks R stages of the registered memory, the bits it decides by stage */
    if (mem && h->tb_act_q) {
        int st = h->tb_s_q, ptr = h->tb_ptr_q, n = h->tb_n_q, skip = h->tb_skip_q;
        for (int r = 0; r < d->R && n > 0; r++, ptr = ptr ? ptr - 1 : d->rows - 1, n--) {
            if (skip)
                skip--;
            else
                h->tb_bits_d[n - 1] = (uint8_t)(st >> (K - 2));
            st = ((st << 1) | h->mem_q[(size_t)ptr * (size_t)M + (size_t)st]) & (M - 1);
        }
        tb_s_d = st, tb_ptr_d = ptr, tb_n_d = n, tb_skip_d = skip;
        if (n == 0) { /* done: the decided bits go to the emitter */
            if (!em_free)
                h->faults++;
            emit(h, h->tb_bits_d, -1, h->tb_cnt_q, h->tb_end_q, &em_cnt_d, &em_last_d);
            em_load = 1;
            tb_act_d = 0;
            if (h->tb_end_q)
                fl_d = 2;
        }
    }

    /* a block request: the boundary's metrics are pm_q now */
    if (h->req_q) {
        if (mem) {
            if (tb_act_d)
                h->faults++; /* the engine is still walking */
            tb_act_d = 1, tb_s_d = best, tb_ptr_d = last;
            tb_n_d = d->L + d->D, tb_skip_d = d->L, tb_cnt_d = d->D, tb_end_d = 0;
        } else {
            if (!em_free || em_load)
                h->faults++;
            /* the best survivor's oldest D bits: stage u0 + i at bit t - 1 - (u0 + i) = L + D - 1 - i */
            emit(h, h->sr_q + (size_t)best * (size_t)LD, LD - 1, d->D, 0, &em_cnt_d, &em_last_d);
            em_load = 1;
        }
        u0_d = h->u0_q + d->D;
    }

    /* the frame's end: after the engine and the emitter, the end traceback from state 0 or the best state over
       the undecided stages u0 .. t-1, the tail (terminated: K-1 stages) not output */
    if (h->fl_q == 1 && !h->req_q && !(mem && h->tb_act_q) && em_free && !em_load) {
        const int start = h->term_q ? 0 : best, U = h->t_q - h->u0_q, skip = h->term_q ? K - 1 : 0;
        if (mem) {
            tb_act_d = 1, tb_s_d = start, tb_ptr_d = last;
            tb_n_d = U, tb_skip_d = skip, tb_cnt_d = U - skip, tb_end_d = 1;
            fl_d = 3; /* walking */
        } else {
            /* stage u0 + i at bit U - 1 - i of the survivor */
            emit(h, h->sr_q + (size_t)start * (size_t)LD, U - 1, U - skip, 1, &em_cnt_d, &em_last_d);
            em_load = 1;
            fl_d = 2;
        }
    }
    if (h->fl_q == 2 && em_free && !em_load) { /* the frame's last bit leaves now */
        eof_d = 0;
        fl_d = 0;
    }

    /* commit */
    for (int s = 0; mem && s < nst; s++, h->wpos_q = h->wpos_q + 1 == d->rows ? 0 : h->wpos_q + 1)
        memcpy(h->mem_q + (size_t)h->wpos_q * (size_t)M, h->dec + (size_t)s * (size_t)M, (size_t)M);
    if (wrote_pm) {
        memcpy(h->pm_q, h->pm_d, sizeof *h->pm_q * (size_t)M);
        if (!mem)
            memcpy(h->sr_q, h->sr_d, (size_t)M * (size_t)LD);
    }
    memcpy(h->tb_bits_q, h->tb_bits_d, (size_t)LD);
    memcpy(h->em_q, h->em_d, (size_t)LD);
    h->t_q = t_d, h->nxt_q = nxt_d, h->u0_q = u0_d, h->req_q = req_d, h->eof_q = eof_d, h->term_q = term_d;
    h->fl_q = fl_d;
    h->tb_act_q = tb_act_d, h->tb_s_q = tb_s_d, h->tb_ptr_q = tb_ptr_d, h->tb_n_q = tb_n_d, h->tb_skip_q = tb_skip_d;
    h->tb_cnt_q = tb_cnt_d, h->tb_end_q = tb_end_d;
    h->em_cnt_q = em_cnt_d, h->em_last_q = em_last_d;
}

void fg_vit_hw_feed_next(const fg_vit_hw *h, fg_vit_hw_feed *f, int ready, fg_vit_hw_in *in)
{
    memset(in, 0, sizeof *in);
    if (!ready || f->pos >= f->stages)
        return;
    in->start = f->pos == 0;
    for (int s = 0; s < h->d.S && f->pos < f->stages; s++, f->pos++) {
        in->valid[s] = 1;
        for (int b = 0; b < h->n; b++) {
            in->sym[s][b] = f->q_sn[(size_t)f->pos * (size_t)h->n + (size_t)b];
            in->era[s][b] = f->era_sn[(size_t)f->pos * (size_t)h->n + (size_t)b];
        }
    }
    in->end = f->pos == f->stages;
    in->term = in->end && f->term;
}

int fg_vit_hw_decode(fg_vit_hw *h, const int32_t *q_sn, const uint8_t *era_sn, int stages, int term, uint8_t *bits_k,
                     long *cycles)
{
    const int k = term ? stages - (h->K - 1) : stages;
    if (stages < 1 || k < 1)
        return fg_set_error(FG_EINVAL, "stages=%d out of range [%d, %d]", stages, term ? h->K : 1,
                            FG_VIT_BITS_MAX + h->K - 1);
    fg_vit_hw_feed f = {q_sn, era_sn, stages, term, 0};
    fg_vit_hw_in in;
    fg_vit_hw_out o;
    long c = 0, first = -1, got = 0;
    const long bound = 4L * stages + 8L * (h->LD + 8);
    for (; c < bound; c++) {
        fg_vit_hw_peek(h, &o);
        fg_vit_hw_feed_next(h, &f, o.ready, &in);
        if (in.valid[0] && first < 0)
            first = c;
        fg_vit_hw_step(h, &in, &o);
        for (int s = 0; s < h->d.S; s++)
            if (o.valid[s]) {
                if (got >= k)
                    return fg_set_error(FG_ESTATE, "viterbi hw: more than k=%d bits for a frame", k);
                bits_k[got++] = (uint8_t)o.bit[s];
            }
        if (o.last)
            break;
    }
    if (c == bound || got != k)
        return fg_set_error(FG_ESTATE, "viterbi hw: the frame of %d stages gave %ld of its %d bits in %ld cycles",
                            stages, got, k, c);
    if (cycles)
        *cycles = c - first + 1;
    return 0;
}
