/* The LDPC family (fecforge/family.h): QC-LDPC codes (802.11n, 802.16e, the user's) over BPSK/AWGN,
 * decoded by the float reference decoders (flooding, layered, multi-layer; SPA and min-sum variants),
 * the bit-accurate fixed-point multi-layer model, or the cycle-accurate MB-serial decoder model
 * (fecforge/ldpc_arch.h, bit-exact with the fixed-point model).
 *
 * Frame f: k information bits from fg_channel_random_bits(k, seed, f), the systematic codeword
 * fg_ldpc_encode, BPSK + noise fg_channel_bpsk_awgn(..., sigma, seed, f), LLRs fg_channel_llr; the
 * bit-accurate decoders take them quantised with fg_llr_quantize at llr_width / llr_frac. A frame is
 * an error when the decided codeword differs from the sent one in any of its n bits; bit errors count
 * the k information bits (the first k of the codeword). The work counter is iterations. */
#include "fecforge/family.h"

#include "fecforge/arch.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int kind; /* 0 flooding, 1 layered, 2 multilayer:K, 3 hw */
    int K;
} decoder_sel;

typedef struct {
    fg_ldpc_alg alg;
    double factor, offset;
    char text[48]; /* as given, for messages */
} alg_sel;

typedef struct {
    fg_ldpc_code_arg code;
    int iter, et, fixed;
    decoder_sel decoder;
    alg_sel alg;
    fg_ldpc_fixed_cfg fx;
} ldpc_cfg;

enum { DEC_FLOODING, DEC_LAYERED, DEC_MULTILAYER, DEC_HW };

static int parse_decoder(const char *text, void *field)
{
    decoder_sel *d = field;
    char *end;
    if (!strcmp(text, "flooding"))
        *d = (decoder_sel){DEC_FLOODING, 1};
    else if (!strcmp(text, "layered"))
        *d = (decoder_sel){DEC_LAYERED, 1};
    else if (!strcmp(text, "hw"))
        *d = (decoder_sel){DEC_HW, 2};
    else if (!strncmp(text, "multilayer:", 11)) {
        const long K = strtol(text + 11, &end, 10);
        if (end == text + 11 || *end || K < 1 || K > FG_LDPC_BASE_DIM_MAX)
            return fg_set_error(FG_EINVAL, "multilayer:K needs K in [1, %d]", FG_LDPC_BASE_DIM_MAX);
        *d = (decoder_sel){DEC_MULTILAYER, (int)K};
    } else
        return fg_set_error(FG_EINVAL, "expected flooding, layered, multilayer:K or hw");
    return 0;
}

static void print_decoder(const void *field, char *buf, size_t n)
{
    const decoder_sel *d = field;
    static const char *const word[] = {"flooding", "layered", "multilayer", "hw"};
    if (d->kind == DEC_MULTILAYER)
        snprintf(buf, n, "multilayer:%d", d->K);
    else
        snprintf(buf, n, "%s", word[d->kind]);
}

static int parse_number(const char *t, double *v)
{
    char *end;
    *v = strtod(t, &end);
    return end == t || *end || !isfinite(*v) ? -1 : 0;
}

static int parse_alg(const char *text, void *field)
{
    alg_sel *a = field;
    const char *colon = strchr(text, ':');
    const size_t len = colon ? (size_t)(colon - text) : strlen(text);
    const char *arg = colon ? colon + 1 : NULL;
    alg_sel r = {FG_LDPC_ALG_NMS, 0.75, 0.5, ""};
    snprintf(r.text, sizeof r.text, "%s", text);
    if (len == 3 && !strncmp(text, "spa", 3) && !arg)
        r.alg = FG_LDPC_ALG_SPA;
    else if (len == 2 && !strncmp(text, "ms", 2) && !arg)
        r.alg = FG_LDPC_ALG_MS;
    else if (len == 3 && !strncmp(text, "nms", 3)) {
        if (arg) {
            double num, den = 1;
            const char *slash = strchr(arg, '/');
            char head[64];
            snprintf(head, sizeof head, "%.*s", slash ? (int)(slash - arg) : (int)strlen(arg), arg);
            if (parse_number(head, &num) || (slash && (parse_number(slash + 1, &den) || den <= 0)))
                return fg_set_error(FG_EINVAL, "nms:F needs F in (0, 1] or N/D");
            r.factor = num / den;
            if (!(r.factor > 0 && r.factor <= 1))
                return fg_set_error(FG_EINVAL, "factor %g out of range (0, 1]", r.factor);
        }
    } else if (len == 3 && !strncmp(text, "oms", 3)) {
        r.alg = FG_LDPC_ALG_OMS;
        if (arg && (parse_number(arg, &r.offset) || r.offset < 0 || r.offset > 1000))
            return fg_set_error(FG_EINVAL, "oms:B needs an offset B in [0, 1000]");
    } else
        return fg_set_error(FG_EINVAL, "expected spa, ms, nms:F or oms:B");
    *a = r;
    return 0;
}

static void print_alg(const void *field, char *buf, size_t n) { snprintf(buf, n, "%s", ((const alg_sel *)field)->text); }

#define O(f) offsetof(ldpc_cfg, f)
static const fg_opt ldpc_opts[] = {
    {"decoder", 0, FG_OPT_CUSTOM, O(decoder), .parse = parse_decoder, .print = print_decoder, .def = "layered", .meta = "D",
     .help = "flooding, layered, multilayer:K (K consecutive layers per macro-layer, K in [1, mb];\n"
             "multilayer:1 = layered), or hw: the thesis's double-layer hardware, the fixed-point model\n"
             "with K = 2, NMS 0.75 and the thesis widths (LLR 6 bits with 2 fractional, R 6, APP 7)"},
    {"alg", 0, FG_OPT_CUSTOM, O(alg), .parse = parse_alg, .print = print_alg, .def = "nms:0.75", .meta = "A",
     .help = "spa, ms, nms:F (scaled min-sum, F in (0, 1], also as N/D), oms:B (offset min-sum, B >= 0)"},
    {"iter", 0, FG_OPT_INT, O(iter), 1, 1000, .def = "15", .meta = "N", .help = "maximum iterations"},
    {"max-iter", 0, FG_OPT_INT, 0, .alias_of = "iter"},
    {"et", 0, FG_OPT_CHOICE, O(et), .words = "syndrome|none", .def = "syndrome", .meta = "KIND",
     .help = "early termination: stop at the first iteration whose decisions satisfy every check"},
    {"no-et", 0, FG_OPT_FLAG, 0, .alias_of = "et=none"},
    {"fixed", 0, FG_OPT_FLAG, O(fixed),
     .help = "the bit-accurate fixed-point model (layered or multilayer:K, nms with a factor\n"
             "num/2^shift, shift <= 8); channel LLRs quantised to --llr-width bits with --llr-frac\n"
             "fractional bits"},
    {NULL}};
#undef O

static const fg_opt_part ldpc_parts[] = {{"code", fg_ldpc_code_options, offsetof(ldpc_cfg, code)},
                                         {"decoder", ldpc_opts, 0},
                                         {"fixed-point arithmetic (with --fixed)", fg_ldpc_fixed_options, offsetof(ldpc_cfg, fx)},
                                         {NULL, NULL, 0}};

static void ldpc_cfg_default(void *p)
{
    ldpc_cfg *c = p;
    memset(c, 0, sizeof *c);
    c->fx = fg_ldpc_fixed_cfg_default();
}

typedef struct {
    fg_ldpc_code *code;
    int fixed, hw, K;
    fg_ldpc_dec_cfg dec;
    fg_ldpc_fixed_cfg fx;
    char dec_name[32], alg_text[48];
} ldpc_state;

/* factor = num / 2^shift exactly (shift <= 8), smallest shift. */
static int dyadic(double f, int *num, int *shift)
{
    for (int s = 0; s <= 8; s++) {
        const double x = f * (double)(1 << s);
        if (fabs(x - round(x)) < 1e-9 && round(x) >= 1) {
            *num = (int)round(x);
            *shift = s;
            return 0;
        }
    }
    return -1;
}

static int fixed_given(const fg_opts *given, const ldpc_cfg *c)
{
    const void *f[] = {&c->fx.llr_width, &c->fx.llr_frac, &c->fx.r_width,   &c->fx.app_width,
                       &c->fx.in_shift,  &c->fx.scale_round, &c->fx.r_sat_late, &c->fx.app_keep};
    for (size_t i = 0; i < sizeof f / sizeof *f; i++)
        if (fg_opts_given(given, f[i]))
            return 1;
    return 0;
}

static int check_state(const ldpc_cfg *c, const fg_opts *given, const fg_family_impl *impl, ldpc_state *s)
{
    const fg_ldpc_code *code = s->code;
    const decoder_sel *d = &c->decoder;
    s->hw = d->kind == DEC_HW;
    s->K = d->K;
    s->fixed = impl->input == FG_IMPL_QUANT;
    if (c->fixed && !s->fixed)
        return fg_set_error(FG_EINVAL, "--fixed: the implementation %s is not bit-accurate", impl->name);
    if (s->hw && !s->fixed)
        return fg_set_error(FG_EINVAL, "--decoder=hw is the fixed-point hardware: the implementation %s is not "
                                       "bit-accurate", impl->name);
    if (s->K > code->mb)
        return fg_set_error(FG_EINVAL, "--decoder=multilayer:%d: K=%d out of range [1, %d] for %s (mb = %d layers)",
                            s->K, s->K, code->mb, code->name, code->mb);
    fg_ldpc_dec_cfg *dc = &s->dec;
    *dc = fg_ldpc_dec_cfg_default();
    dc->schedule = d->kind == DEC_FLOODING ? FG_LDPC_SCHED_FLOODING
                   : d->kind == DEC_LAYERED ? FG_LDPC_SCHED_LAYERED
                                            : FG_LDPC_SCHED_MULTILAYER;
    dc->layers = s->K;
    dc->alg = c->alg.alg;
    dc->nms_factor = c->alg.factor;
    dc->oms_offset = c->alg.offset;
    dc->max_iter = c->iter;
    dc->early_term = c->et == 0;
    snprintf(s->alg_text, sizeof s->alg_text, "%s", c->alg.text);
    if (s->hw)
        snprintf(s->dec_name, sizeof s->dec_name, "hw");
    else if (dc->schedule == FG_LDPC_SCHED_MULTILAYER)
        snprintf(s->dec_name, sizeof s->dec_name, "multilayer:%d", s->K);
    else
        snprintf(s->dec_name, sizeof s->dec_name, "%s", d->kind == DEC_FLOODING ? "flooding" : "layered");
    const int fx_given = fixed_given(given, c);
    if (s->hw && fx_given)
        return fg_set_error(FG_EINVAL, "--decoder hw is the thesis hardware with the default arithmetic; for other "
                                       "widths or arithmetic use --decoder multilayer:2 --fixed with --llr-width, "
                                       "--llr-frac, --r-width, --app-width, --in-shift, --scale-round, --r-sat-late, "
                                       "--app-keep");
    if (!s->fixed && fx_given)
        return fg_set_error(FG_EINVAL, "--llr-width, --llr-frac, --r-width, --app-width, --in-shift, --scale-round, "
                                       "--r-sat-late and --app-keep need --fixed");
    if (!s->fixed)
        return 0;
    fg_ldpc_fixed_cfg *x = &s->fx;
    *x = c->fx;
    if (d->kind == DEC_FLOODING)
        return fg_set_error(FG_EINVAL, "--fixed needs --decoder layered, multilayer:K or hw: the fixed-point model is "
                                       "the multi-layer decoder, there is no fixed flooding decoder");
    if (dc->alg != FG_LDPC_ALG_NMS || dyadic(dc->nms_factor, &x->scale_num, &x->scale_shift))
        return fg_set_error(FG_EINVAL, "--alg=%s invalid with --fixed: the fixed-point model computes scaled min-sum "
                                       "with a factor num/2^shift (shift <= 8), e.g. nms:0.75 or nms:3/4",
                            c->alg.text);
    if (s->hw && (x->scale_num != 3 || x->scale_shift != 2))
        return fg_set_error(FG_EINVAL, "--alg=%s invalid with --decoder hw: the thesis hardware scales by 0.75",
                            c->alg.text);
    if (x->in_shift > x->llr_width - 1)
        return fg_set_error(FG_EINVAL, "--in-shift=%d out of range [0, %d] for --llr-width=%d", x->in_shift,
                            x->llr_width - 1, x->llr_width);
    if (x->llr_frac > x->llr_width - 1)
        return fg_set_error(FG_EINVAL, "--llr-frac=%d out of range [0, %d] for --llr-width=%d", x->llr_frac,
                            x->llr_width - 1, x->llr_width);
    if (x->app_width < x->llr_width)
        return fg_set_error(FG_EINVAL, "--app-width=%d out of range [%d, 24] (at least --llr-width=%d)", x->app_width,
                            x->llr_width, x->llr_width);
    x->layers = d->kind == DEC_LAYERED ? 1 : s->K;
    x->max_iter = c->iter;
    x->early_term = c->et == 0;
    return 0;
}

static void ldpc_close(fg_family_inst *fi)
{
    ldpc_state *s = fi->state;
    if (s)
        fg_ldpc_code_destroy(s->code);
    free(s);
    fi->state = NULL;
}

static int ldpc_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    const ldpc_cfg *c = cfgp;
    ldpc_state *s = calloc(1, sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory");
    fi->state = s;
    int rc = c->code.code ? fg_ldpc_code_open(c->code.code, c->code.z, &s->code)
                          : fg_set_error(FG_EINVAL, "is required (a built-in name or a file)");
    if (rc) {
        char msg[400];
        snprintf(msg, sizeof msg, "%s", fg_last_error());
        ldpc_close(fi);
        return fg_set_error(FG_EINVAL, "--code %s", msg);
    }
    if (!rc && (rc = check_state(c, given, impl, s)) == 0) { /* the decoders check their configurations */
        fg_ldpc_dec *td = NULL;
        fg_ldpc_fixed *tf = NULL;
        rc = s->fixed ? fg_ldpc_fixed_create(s->code, &s->fx, &tf) : fg_ldpc_dec_create(s->code, &s->dec, &td);
        fg_ldpc_dec_destroy(td);
        fg_ldpc_fixed_destroy(tf);
        if (rc)
            rc = fg_prefix_error(FG_EINVAL, "decoder: ");
    }
    if (rc) {
        ldpc_close(fi);
        return rc;
    }
    fi->k = s->code->k;
    fi->n = fi->n_rx_max = s->code->n;
    fi->dec_len = s->code->n;
    fi->app_len = s->code->n;
    fi->rate = (double)s->code->k / s->code->n;
    fi->q_width = s->fixed ? s->fx.llr_width : 0;
    fi->q_frac = s->fixed ? s->fx.llr_frac : 0;
    snprintf(fi->code_name, sizeof fi->code_name, "%s", s->code->name);
    const fg_ldpc_code *cd = s->code; /* the code by content: its base matrix and Z */
    uint64_t d = fg_digest_text(FG_DIGEST_INIT, "ldpc z %d mb %d nb %d shifts", cd->z, cd->mb, cd->nb);
    for (int i = 0; i < cd->mb * cd->nb; i++)
        d = fg_digest_text(d, " %d", cd->shift[i]);
    fi->code_digest = d;
    return 0;
}

static const char *ldpc_impl_for(const void *cfgp, int gpu)
{
    const ldpc_cfg *c = cfgp;
    return fg_family_impl_name(c->fixed || c->decoder.kind == DEC_HW, gpu);
}

/* The codeword is both what is sent and what a decoder decides. */
static int ldpc_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent)
{
    const ldpc_state *s = fi->state;
    const fg_ldpc_code *c = s->code;
    uint8_t bits[FG_LDPC_BASE_DIM_MAX * FG_LDPC_Z_MAX];
    int rc;
    if ((rc = fg_channel_random_bits(c->k, seed, (uint64_t)f, bits)) || (rc = fg_ldpc_encode(c, bits, ref)))
        return rc;
    memcpy(sent, ref, (size_t)c->n);
    return 0;
}

static const char *alg_name(fg_ldpc_alg a)
{
    return a == FG_LDPC_ALG_SPA ? "spa" : a == FG_LDPC_ALG_MS ? "ms" : a == FG_LDPC_ALG_NMS ? "nms" : "oms";
}

static const char *sched_name(fg_ldpc_schedule s)
{
    return s == FG_LDPC_SCHED_FLOODING ? "flooding" : s == FG_LDPC_SCHED_LAYERED ? "layered" : "multilayer";
}

static void ldpc_describe(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j)
{
    (void)impl;
    const ldpc_state *s = fi->state;
    const fg_ldpc_code *code = s->code;
    fg_json_obj_open(j, "code");
    fg_json_str(j, "name", code->name);
    fg_json_int(j, "n", code->n);
    fg_json_int(j, "k", code->k);
    fg_json_int(j, "z", code->z);
    fg_json_int(j, "mb", code->mb);
    fg_json_num(j, "rate", fi->rate);
    fg_json_obj_close(j);
    fg_json_obj_open(j, "decoder");
    fg_json_str(j, "name", s->dec_name);
    if (s->fixed) {
        const fg_ldpc_fixed_cfg *x = &s->fx;
        fg_json_str(j, "schedule", x->layers == 1 ? "layered" : "multilayer");
        fg_json_int(j, "layers", x->layers);
        fg_json_str(j, "alg", "nms");
        fg_json_num(j, "nms_factor", (double)x->scale_num / (double)(1 << x->scale_shift));
        fg_json_int(j, "scale_num", x->scale_num);
        fg_json_int(j, "scale_shift", x->scale_shift);
        fg_json_int(j, "iter", x->max_iter);
        fg_json_bool(j, "early_term", x->early_term);
        fg_json_bool(j, "fixed", 1);
        fg_json_int(j, "llr_width", x->llr_width);
        fg_json_int(j, "llr_frac", x->llr_frac);
        fg_json_int(j, "r_width", x->r_width);
        fg_json_int(j, "app_width", x->app_width);
        fg_json_int(j, "in_shift", x->in_shift);
        fg_json_bool(j, "scale_round", x->scale_round);
        fg_json_bool(j, "r_sat_late", x->r_sat_late);
        fg_json_bool(j, "app_keep", x->app_keep);
    } else {
        const fg_ldpc_dec_cfg *d = &s->dec;
        fg_json_str(j, "schedule", sched_name(d->schedule));
        fg_json_int(j, "layers", d->schedule == FG_LDPC_SCHED_MULTILAYER ? d->layers : 1);
        fg_json_str(j, "alg", alg_name(d->alg));
        if (d->alg == FG_LDPC_ALG_NMS)
            fg_json_num(j, "nms_factor", d->nms_factor);
        if (d->alg == FG_LDPC_ALG_OMS)
            fg_json_num(j, "oms_offset", d->oms_offset);
        fg_json_int(j, "iter", d->max_iter);
        fg_json_bool(j, "early_term", d->early_term);
        fg_json_bool(j, "fixed", 0);
    }
    fg_json_obj_close(j);
}

static void ldpc_label(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n)
{
    (void)impl;
    const ldpc_state *s = fi->state;
    const fg_ldpc_dec_cfg *d = &s->dec;
    char rule[48];
    if (d->alg == FG_LDPC_ALG_NMS)
        snprintf(rule, sizeof rule, "nms:%g", d->nms_factor);
    else if (d->alg == FG_LDPC_ALG_OMS)
        snprintf(rule, sizeof rule, "oms:%g", d->oms_offset);
    else
        snprintf(rule, sizeof rule, "%s", alg_name(d->alg));
    if (s->hw)
        snprintf(buf, n, "hw (fixed K=2, nms:0.75)");
    else if (s->fixed)
        snprintf(buf, n, "%s %s fixed %d.%d/%d/%d", s->dec_name, rule, s->fx.llr_width, s->fx.llr_frac, s->fx.r_width,
                 s->fx.app_width);
    else
        snprintf(buf, n, "%s %s", s->dec_name, rule);
}

extern const fg_family fg_family_ldpc;

int fg_ldpc_family_view_of(const fg_family_inst *fi, fg_ldpc_family_view *v)
{
    if (!fi || fi->family != &fg_family_ldpc || !fi->state)
        return fg_set_error(FG_EINVAL, "not an instance of the ldpc family");
    const ldpc_state *s = fi->state;
    *v = (fg_ldpc_family_view){s->code, s->fixed, s->dec, s->fx};
    return 0;
}

/* ---- implementations ---- */

typedef struct {
    const ldpc_state *s;
    fg_ldpc_dec *dec;
    fg_ldpc_fixed *fx;
    fg_ldpc_arch *arch;
} ldpc_worker;

static void worker_destroy(void *p)
{
    ldpc_worker *w = p;
    if (!w)
        return;
    fg_ldpc_dec_destroy(w->dec);
    fg_ldpc_fixed_destroy(w->fx);
    fg_ldpc_arch_destroy(w->arch);
    free(w);
}

static ldpc_worker *worker_new(const fg_family_inst *fi, void **out)
{
    ldpc_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (w)
        w->s = fi->state;
    else
        fg_set_error(FG_ENOMEM, "out of memory");
    return w;
}

static int float_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    ldpc_worker *w = worker_new(fi, out);
    return w ? fg_ldpc_dec_create(w->s->code, &w->s->dec, &w->dec) : FG_ENOMEM;
}

static int float_decode(void *p, const fg_decode_io *io)
{
    ldpc_worker *w = p;
    const int n = w->s->code->n;
    for (int i = 0; i < io->count; i++) {
        int it = 0;
        const int rc = fg_ldpc_dec_decode(w->dec, io->llr + (size_t)i * n, io->bits + (size_t)i * n,
                                          io->app ? io->app + (size_t)i * n : NULL, &it);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = it;
    }
    return 0;
}

static int fixed_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    ldpc_worker *w = worker_new(fi, out);
    return w ? fg_ldpc_fixed_create(w->s->code, &w->s->fx, &w->fx) : FG_ENOMEM;
}

static int fixed_decode(void *p, const fg_decode_io *io)
{
    ldpc_worker *w = p;
    const int n = w->s->code->n;
    for (int i = 0; i < io->count; i++) {
        int it = 0;
        const int rc = fg_ldpc_fixed_decode(w->fx, io->llr_q + (size_t)i * n, io->bits + (size_t)i * n,
                                            io->app_q ? io->app_q + (size_t)i * n : NULL, &it);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = it;
    }
    return 0;
}

/* The cycle-accurate MB-serial model with its defaults (K layers, MB Kx2), bit-exact with the fixed model. */
static int cycle_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    ldpc_worker *w = worker_new(fi, out);
    if (!w)
        return FG_ENOMEM;
    fg_ldpc_arch_cfg a = fg_ldpc_arch_cfg_default();
    a.fx = w->s->fx;
    a.mb_rows = w->s->fx.layers;
    if (a.mb_cols > w->s->code->nb)
        a.mb_cols = w->s->code->nb;
    return fg_ldpc_arch_create(w->s->code, &a, &w->arch);
}

static int cycle_decode(void *p, const fg_decode_io *io)
{
    ldpc_worker *w = p;
    const int n = w->s->code->n;
    for (int i = 0; i < io->count; i++) {
        int it = 0;
        const int rc = fg_ldpc_arch_decode(w->arch, io->llr_q + (size_t)i * n, io->bits + (size_t)i * n,
                                           io->app_q ? io->app_q + (size_t)i * n : NULL, &it, NULL, NULL, NULL);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = it;
    }
    return 0;
}

static const fg_family_impl impl_float = {.name = "float",
                                          .summary = "float reference decoders (flooding, layered, multi-layer)",
                                          .input = FG_IMPL_REAL,
                                          .create = float_create,
                                          .destroy = worker_destroy,
                                          .decode = float_decode};
static const fg_family_impl impl_fixed = {.name = "fixed",
                                          .summary = "bit-accurate fixed-point multi-layer model (docs/ldpc.md)",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                          .create = fixed_create,
                                          .destroy = worker_destroy,
                                          .decode = fixed_decode};
static const fg_family_impl impl_cycle = {.name = "cycle",
                                          .summary = "cycle-accurate MB-serial decoder model (arch ldpc)",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                          .create = cycle_create,
                                          .destroy = worker_destroy,
                                          .decode = cycle_decode};
static const fg_family_impl *const ldpc_impls[] = {&impl_float, &impl_fixed, &impl_cycle, NULL};

const fg_family fg_family_ldpc = {
    .name = "ldpc",
    .summary = "QC-LDPC codes of 802.11n and 802.16e, and the user's (base-matrix and alist files)",
    .about = "Frame f of every point draws its k random information bits and its noise from Philox stream f of the\n"
             "seed (all curves with one seed see the same frames), so every count is the same for any number of\n"
             "threads or GPUs. A frame error: the decided codeword differs from the sent one; BER counts the\n"
             "information bits. Eb/N0 uses the code rate k/n. See docs/ldpc.md.",
    .examples = "fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --min-fe 50 --max-frames 2000\n"
                "fecforge ber ldpc --code wifi-1944-1/2 --decoder multilayer:3 --ebn0 1.2:0.2:2.2 --max-frames 200 --threads 2 --json\n"
                "fecforge ber ldpc --code wifi-1944-1/2 --decoder hw --ebn0 1.4:0.2:2 --max-frames 300 --json > hw.json\n"
                "fecforge ber ldpc --code wifi-1944-1/2 --ebn0 1.4:0.2:2 --max-frames 300 --plot fer.png --plot-with hw.json",
    .example_args = "--code wifi-648-1/2 --fixed",
    .doc = "docs/ldpc.md",
    .parts = ldpc_parts,
    .cfg_size = sizeof(ldpc_cfg),
    .cfg_default = ldpc_cfg_default,
    .open = ldpc_open,
    .close = ldpc_close,
    .impl_for = ldpc_impl_for,
    .channel = &fg_channel_awgn,
    .encode = ldpc_encode,
    .describe = ldpc_describe,
    .label = ldpc_label,
    .work_name = "avg_iter",
    .work_div = 1.0,
    .impls = ldpc_impls,
    .arch = &fg_ldpc_arch_study,
    .codes = &fg_ldpc_codes,
};
