/* The Viterbi family (fecforge/family.h): rate-1/n convolutional codes with puncturing over BPSK/AWGN, decoded
 * by the float maximum-likelihood Viterbi decoder or the bit-accurate fixed-point one (fecforge/viterbi.h),
 * whole frames or tiled with serial or parallel traceback.
 *
 * Frame f: `--bits` information bits from fg_channel_random_bits(k, seed, f), the punctured codeword
 * fg_vit_encode (its sent symbols only), BPSK + noise fg_channel_bpsk_awgn(..., sigma, seed, f), LLRs
 * fg_channel_llr; the bit-accurate decoder takes them quantised (--llr-width, --llr-frac). Eb/N0 uses the rate
 * k / sent symbols (the tail of a terminated frame included). A frame error: any decided bit wrong. The work
 * counter is the trellis stages a frame's decode ran (tiles' overlaps and tail-biting's start states
 * included). */
#include "fecforge/family.h"

#include "fecforge/arch.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/viterbi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_vit_code_arg code; /* --K --gen --punct --ending --bits */
    fg_vit_dec_cfg dec;   /* the tiling and the fixed-point formats */
    int fixed;
} vit_cfg;

static const fg_opt vit_opts[] = {
    {"fixed", 0, FG_OPT_FLAG, offsetof(vit_cfg, fixed),
     .help = "the bit-accurate fixed-point decoder (quantised channel LLRs, integer metrics; the RTL's and\n"
             "the GPU's golden model; docs/viterbi.md)"},
    {NULL}};

static const fg_opt_part vit_parts[] = {
    {"code and frame", fg_vit_code_options, offsetof(vit_cfg, code)},
    {"decoder", vit_opts, 0},
    {"tiling (the paper's f, v1, v2, f0)", fg_vit_tile_options, offsetof(vit_cfg, dec)},
    {"fixed-point formats (with --fixed)", fg_vit_fixed_options, offsetof(vit_cfg, dec)},
    {NULL, NULL, 0}};

static void vit_cfg_default(void *p)
{
    vit_cfg *c = p;
    memset(c, 0, sizeof *c);
    c->dec = fg_vit_dec_cfg_default();
}

typedef struct {
    fg_vit_code code;
    fg_vit_dec_cfg dec;
    int k, sent, fixed;
    long long work; /* trellis stages a decode runs */
} vit_state;

static const char *const ending_names[] = {"terminated", "truncated", "tailbiting"};

/* The trellis stages a decode of d runs: every tile's clipped range, or the frame (x 2^(K-1) start states for
 * tail-biting). */
static long long stages_run(const fg_vit_code *c, const fg_vit_dec_cfg *d, int k)
{
    const long long T = fg_vit_stages(c, d->ending, k);
    if (!d->f)
        return d->ending == FG_VIT_TAILBITING ? T << (c->K - 1) : T;
    long long sum = 0;
    for (long long t0 = 0; t0 < T; t0 += d->f) {
        const long long lo = t0 - d->v1 > 0 ? t0 - d->v1 : 0, hi = t0 + d->f + d->v2 < T ? t0 + d->f + d->v2 : T;
        sum += hi - lo;
    }
    return sum;
}

static int vit_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    const vit_cfg *c = cfgp;
    const int fixed = impl->input == FG_IMPL_QUANT;
    if (c->fixed && !fixed)
        return fg_set_error(FG_EINVAL, "--fixed: the implementation %s is not bit-accurate", impl->name);
    for (const fg_opt *o = fg_vit_fixed_options; !fixed && o->name; o++)
        if (fg_opts_given(given, (const char *)&c->dec + o->offset))
            return fg_set_error(FG_EINVAL, "--%s needs the bit-accurate decoder (--fixed)", o->name);
    vit_state *s = calloc(1, sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory");
    int rc = fg_vit_code_of(&c->code, &s->code);
    s->dec = c->dec;
    s->dec.ending = (fg_vit_ending)c->code.ending;
    s->k = c->code.bits;
    s->fixed = fixed;
    if (!rc) { /* the decoder checks its configuration: a bad one is a usage error naming the option */
        fg_vit_dec *probe = NULL;
        rc = fg_vit_dec_create(&s->code, s->k, &s->dec, &probe);
        fg_vit_dec_destroy(probe);
        /* s->dec and s->k are copies of the options; k is passed by value: its refusal is the one without a field */
        const fg_opt_copy copies[] = {FG_OPT_COPY(s->dec.ending, c->code.ending), FG_OPT_COPY(s->dec, c->dec),
                                      FG_OPT_COPY(s->k, c->code.bits)};
        if (rc == FG_EINVAL && !fg_last_error_field()) /* the code was checked by fg_vit_code_of */
            fg_error_at(rc, &s->k);
        if (rc)
            rc = fg_opts_field_error(given, FG_EINVAL, FG_OPT_COPIES(copies), "decoder: ");
    }
    if (rc) {
        free(s);
        return rc;
    }
    s->sent = fg_vit_sent_len(&s->code, s->dec.ending, s->k);
    s->work = stages_run(&s->code, &s->dec, s->k);
    fi->state = s;
    fi->k = s->k;
    fi->n = fi->n_rx_max = s->sent;
    fi->dec_len = s->k;
    fi->app_len = impl->no_app ? 0 : s->k; /* bcjr: the information bits' a-posteriori LLRs */
    fi->rate = (double)s->k / s->sent;
    fi->q_width = fixed ? s->dec.w_llr : 0;
    fi->q_frac = fixed ? s->dec.f_llr : 0;
    char g[64] = "";
    for (int b = 0, at = 0; b < s->code.n; b++)
        at += snprintf(g + at, sizeof g - (size_t)at, "%s%o", b ? "-" : "", (unsigned)s->code.gen[b]);
    snprintf(fi->code_name, sizeof fi->code_name, "cc-k%d-%s", s->code.K, g);
    /* the code by content: generators, puncturing, ending and the frame's information bits */
    uint64_t d = fg_digest_text(FG_DIGEST_INIT, "viterbi K %d gen %s period %d keep", s->code.K, g, s->code.period);
    for (int b = 0; b < s->code.n; b++)
        for (int t = 0; t < s->code.period; t++)
            d = fg_digest_text(d, "%d", s->code.keep[b][t]);
    fi->code_digest = fg_digest_text(d, " ending %d bits %d", (int)s->dec.ending, s->k);
    return 0;
}

static const char *vit_impl_for(const void *cfgp, int gpu)
{
    const vit_cfg *c = cfgp;
    return fg_family_impl_name(c->fixed, gpu);
}

static int vit_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent)
{
    const vit_state *s = fi->state;
    const int rc = fg_channel_random_bits(s->k, seed, (uint64_t)f, ref);
    return rc ? rc : fg_vit_encode(&s->code, s->dec.ending, s->k, ref, sent);
}

/* The soft-output implementation (bcjr) is the one that gives a-posteriori values. */
static int soft_impl(const fg_family_impl *impl) { return impl && !impl->no_app; }

static void vit_describe(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j)
{
    const vit_state *s = fi->state;
    char buf[160];
    fg_json_obj_open(j, "code");
    fg_json_str(j, "name", fi->code_name);
    fg_json_int(j, "K", s->code.K);
    fg_json_arr_open(j, "gen");
    for (int b = 0; b < s->code.n; b++) {
        snprintf(buf, sizeof buf, "%o", (unsigned)s->code.gen[b]);
        fg_json_str(j, NULL, buf);
    }
    fg_json_arr_close(j);
    fg_vit_print_punct(&s->code, buf, sizeof buf);
    fg_json_str(j, "punct", buf);
    fg_json_str(j, "ending", ending_names[s->dec.ending]);
    fg_json_int(j, "k", s->k);
    fg_json_int(j, "n", s->sent);
    fg_json_num(j, "rate", fi->rate);
    fg_json_obj_close(j);
    fg_json_obj_open(j, "decoder");
    fg_json_str(j, "name", soft_impl(impl) ? "BCJR (a posteriori)"
                           : s->dec.f ? (s->dec.f0 ? "tiled, parallel traceback" : "tiled") : "maximum likelihood");
    /* the tiling and the formats are options (--tile .. --subframe, --llr-width .. --norm): written as those
     * options are, --sm-width as the width in effect (0 stands for the narrowest exact one) */
    fg_vit_dec_cfg d = s->dec;
    if (!d.w_pm)
        d.w_pm = fg_vit_pm_min_width(&s->code, d.w_llr);
    fg_opts_write_json(&(fg_opts){.groups = &(fg_opt_group){NULL, fg_vit_tile_options, &d}, .n_groups = 1}, j);
    fg_json_bool(j, "fixed", s->fixed);
    if (s->fixed)
        fg_opts_write_json(&(fg_opts){.groups = &(fg_opt_group){NULL, fg_vit_fixed_options, &d}, .n_groups = 1}, j);
    fg_json_obj_close(j);
}

static void vit_label(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n)
{
    const vit_state *s = fi->state;
    char tile[64];
    snprintf(tile, sizeof tile, "%s", soft_impl(impl) ? "BCJR" : "ML");
    if (s->dec.f && s->dec.f0)
        snprintf(tile, sizeof tile, "f=%d v1=%d v2=%d f0=%d", s->dec.f, s->dec.v1, s->dec.v2, s->dec.f0);
    else if (s->dec.f)
        snprintf(tile, sizeof tile, "f=%d v1=%d v2=%d", s->dec.f, s->dec.v1, s->dec.v2);
    snprintf(buf, n, "%s%s %s", fi->code_name, s->fixed ? " fixed" : "", tile);
}

extern const fg_family fg_family_viterbi;

int fg_vit_family_view_of(const fg_family_inst *fi, fg_vit_family_view *v)
{
    if (!fi || fi->family != &fg_family_viterbi || !fi->state)
        return fg_set_error(FG_EINVAL, "not an instance of the viterbi family");
    const vit_state *s = fi->state;
    *v = (fg_vit_family_view){s->code, s->dec, s->k, s->fixed, s->work};
    return 0;
}

/* ---- implementations ---- */

typedef struct {
    const vit_state *s;
    fg_vit_dec *dec;
    fg_vit_bcjr *soft; /* the bcjr implementation's decoder (dec NULL then) */
} vit_worker;

static void worker_destroy(void *p)
{
    vit_worker *w = p;
    if (!w)
        return;
    fg_vit_dec_destroy(w->dec);
    fg_vit_bcjr_destroy(w->soft);
    free(w);
}

static int worker_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    vit_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->s = fi->state;
    return fg_vit_dec_create(&w->s->code, w->s->k, &w->s->dec, &w->dec);
}

static int float_decode(void *p, const fg_decode_io *io)
{
    vit_worker *w = p;
    for (int i = 0; i < io->count; i++) {
        const int rc = fg_vit_dec_run(w->dec, io->llr + (size_t)i * w->s->sent, io->bits + (size_t)i * w->s->k);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = (int32_t)(w->s->work < INT32_MAX ? w->s->work : INT32_MAX);
    }
    return 0;
}

static int fixed_decode(void *p, const fg_decode_io *io)
{
    vit_worker *w = p;
    for (int i = 0; i < io->count; i++) {
        const int rc = fg_vit_fixed_run(w->dec, io->llr_q + (size_t)i * w->s->sent, io->bits + (size_t)i * w->s->k);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = (int32_t)(w->s->work < INT32_MAX ? w->s->work : INT32_MAX);
    }
    return 0;
}

static const fg_family_impl impl_float = {.name = "float",
                                          .summary = "float Viterbi decoder: maximum likelihood, or tiled",
                                          .input = FG_IMPL_REAL,
                                          .no_app = 1,
                                          .create = worker_create,
                                          .destroy = worker_destroy,
                                          .decode = float_decode};
static const fg_family_impl impl_fixed = {.name = "fixed",
                                          .summary = "bit-accurate fixed-point Viterbi decoder (docs/viterbi.md)",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                          .no_app = 1,
                                          .create = worker_create,
                                          .destroy = worker_destroy,
                                          .decode = fixed_decode};
/* The soft-output BCJR decoder (viterbi_bcjr.c): its --alg over fg_vit_bcjr_cfg, the ending from the family. */
static void bcjr_cfg_default(void *icfg) { *(fg_vit_bcjr_cfg *)icfg = fg_vit_bcjr_cfg_default(); }

static int bcjr_check(const fg_family_inst *fi, const void *icfg)
{
    (void)icfg;
    const vit_state *s = fi->state;
    if (s->dec.f)
        return fg_set_error(FG_EINVAL, "--tile=%d: the bcjr implementation decodes whole frames (no tiling)", s->dec.f);
    return 0;
}

static int bcjr_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)device;
    vit_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->s = fi->state;
    fg_vit_bcjr_cfg g = icfg ? *(const fg_vit_bcjr_cfg *)icfg : fg_vit_bcjr_cfg_default();
    g.ending = w->s->dec.ending;
    return fg_vit_bcjr_create(&w->s->code, w->s->k, &g, &w->soft);
}

static int bcjr_decode(void *p, const fg_decode_io *io)
{
    vit_worker *w = p;
    for (int i = 0; i < io->count; i++) {
        const size_t k = (size_t)w->s->k;
        const int rc = fg_vit_bcjr_run(w->soft, io->llr + (size_t)i * w->s->sent, NULL,
                                       io->app ? io->app + i * k : NULL, io->bits + i * k);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = (int32_t)(w->s->work < INT32_MAX ? w->s->work : INT32_MAX);
    }
    return 0;
}

static void bcjr_describe(const fg_family_inst *fi, const void *icfg, int devices, fg_json *j)
{
    (void)fi, (void)devices;
    const fg_vit_bcjr_cfg *g = icfg;
    fg_json_str(j, "alg", g && g->alg == FG_VIT_BCJR_MAXLOG ? "maxlog" : "log");
}

static const fg_family_impl impl_bcjr = {.name = "bcjr",
                                         .summary = "soft-output BCJR decoder (log-MAP or max-log): a-posteriori LLRs",
                                         .input = FG_IMPL_REAL,
                                         .no_app = 0,
                                         .opts = fg_vit_bcjr_options,
                                         .cfg_size = sizeof(fg_vit_bcjr_cfg),
                                         .cfg_default = bcjr_cfg_default,
                                         .check = bcjr_check,
                                         .create = bcjr_create,
                                         .destroy = worker_destroy,
                                         .decode = bcjr_decode,
                                         .describe = bcjr_describe};
extern const fg_family_impl fg_vit_impl_cycle; /* viterbi_cycle.c */
static const fg_family_impl *const vit_impls[] = {&impl_float, &impl_fixed, &fg_vit_impl_cycle, &impl_bcjr, NULL};

const fg_family fg_family_viterbi = {
    .name = "viterbi",
    .summary = "convolutional codes (rate 1/n, K 3..15, punctured) and Viterbi decoders",
    .about = "Frame f of every point draws its information bits and its noise from Philox stream f of the seed, so\n"
             "every count is the same for any number of threads. A frame error: any decided bit is wrong. Eb/N0 uses\n"
             "the rate bits / symbols sent (a terminated frame's tail included). See docs/viterbi.md.",
    .examples = "fecforge ber viterbi --ebn0 2:1:5 --min-fe 50 --max-frames 2000 --threads 2\n"
                "fecforge ber viterbi --tile 256 --overlap-left 20 --overlap-right 20 --ebn0 3:1:5 --max-frames 200\n"
                "fecforge ber viterbi --gen 171,133 --punct dvbs-3/4 --fixed --ebn0 4:1:6 --max-frames 200",
    .example_args = "--bits 256 --fixed",
    .doc = "docs/viterbi.md",
    .parts = vit_parts,
    .cfg_size = sizeof(vit_cfg),
    .cfg_default = vit_cfg_default,
    .open = vit_open,
    .impl_for = vit_impl_for,
    .channel = &fg_channel_awgn,
    .encode = vit_encode,
    .describe = vit_describe,
    .label = vit_label,
    .work_name = "avg_stages",
    .work_div = 1.0,
    .impls = vit_impls,
    .arch = &fg_vit_arch_study,
};
