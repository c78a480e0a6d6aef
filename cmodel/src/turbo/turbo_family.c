/* The turbo family (fecforge/family.h): UMTS/HSPA+ and LTE rate-1/3 turbo codes over BPSK/AWGN,
 * decoded by the float reference decoders (fecforge/turbo.h), the bit-accurate radix-4 XMAP model
 * (fecforge/turbo_fixed.h) or the cycle-accurate parallel decoder (fecforge/turbo_arch.h).
 *
 * Frame f: K information bits from fg_channel_random_bits(K, seed, f), the codeword fg_turbo_encode in
 * the natural layout (N = 3K + 12 values: the order does not matter over a memoryless channel), BPSK +
 * noise fg_channel_bpsk_awgn(..., sigma, seed, f), LLRs fg_channel_llr; the bit-accurate decoders
 * take them quantised to the channel format (w_ch, f_ch). A frame is an error when any of the K
 * decisions is wrong. The work counter is half-iterations (avg_work in iterations). */
#include "fecforge/family.h"

#include "fecforge/arch.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    fg_turbo_block_arg b; /* --std, --K, --iter, --parallel, --nii, --et */
    int alg, radix, window, training, fixed;
    double scale;
    fg_xmap_fmt fmt; /* --fixed's formats */
} turbo_cfg;

#define O(f) offsetof(turbo_cfg, f)
static const fg_opt turbo_opts[] = {
    {"alg", 0, FG_OPT_CHOICE, O(alg), .words = "maxlog|log|linlog", .def = "maxlog", .meta = "A",
     .help = "max-log-MAP, log-MAP (exact max*) or linear-log-MAP (linear correction term)"},
    {"scale", 0, FG_OPT_REAL, O(scale), 0, 1, .meta = "F", .def_text = "0.75 for maxlog, 1 for log and linlog",
     .help = "extrinsic scaling", .flags = FG_OPT_LO_OPEN},
    {"radix", 0, FG_OPT_CHOICE, O(radix), .words = "2|4", .def = "2", .meta = "R",
     .help = "trellis steps per step (4 needs even sub-blocks; --fixed is radix 4)"},
    {"window", 0, FG_OPT_INT, O(window), 1, FG_K_MAX, .meta = "W", .def_text = "none: whole sub-blocks",
     .help = "sliding window of W steps"},
    {"training", 0, FG_OPT_INT, O(training), 0, FG_K_MAX, .meta = "T", .def_text = "W",
     .help = "beta warm-up steps beyond each window (needs --window)"},
    {"fixed", 0, FG_OPT_FLAG, O(fixed),
     .help = "the bit-accurate fixed-point model (radix-4 XMAP, max-log with 0.75 scaling; channel\n"
             "LLRs 5 bits with 2 fractional, extrinsic 6, branch 9, state 10 bits; docs/turbo-fixed.md)"},
    {NULL}};
#undef O

static const fg_opt_part turbo_parts[] = {{"code and decoder", fg_turbo_block_options, offsetof(turbo_cfg, b)},
                                          {NULL, turbo_opts, 0},
                                          {"fixed-point formats (with --fixed; docs/turbo-fixed.md)",
                                           fg_xmap_fmt_options, offsetof(turbo_cfg, fmt)},
                                          {NULL, NULL, 0}};

static void turbo_cfg_default(void *p)
{
    turbo_cfg *c = p;
    memset(c, 0, sizeof *c);
    c->b.std = -1; /* required: no standard is the default of a study */
    c->b.iter = 5.5;
    c->b.parallel = 1;
    c->training = -1;
    c->b.et = fg_turbo_dec_cfg_default().et;
    c->fmt = fg_xmap_fmt_default();
}

/* The instance: configurations of every decoder kind, checked for the chosen one. */
typedef struct {
    fg_std std;
    int K, N, half;
    int fixed; /* the arithmetic of the implementation: bit-accurate */
    fg_turbo_dec_cfg dec;
    fg_turbo_fixed_cfg fx;
    char et[48];
} turbo_state;

static int turbo_open(const void *cfgp, const fg_opts *given, const fg_family_impl *impl, fg_family_inst *fi)
{
    const turbo_cfg *c = cfgp;
    const fg_std std = (fg_std)c->b.std;
    if (!fg_opts_given(given, &c->b.std))
        return fg_set_error(FG_EINVAL, "--std is required: lte or umts");
    if (!fg_opts_given(given, &c->b.K))
        return fg_set_error(FG_EINVAL, "--K is required: a block size of the standard");
    int half;
    int rc0 = fg_turbo_block_check(&c->b, &half);
    if (rc0)
        return rc0;
    if (fg_opts_given(given, &c->training) && !c->window)
        return fg_set_error(FG_EINVAL, "--training needs --window W");
    const int fixed = impl->input == FG_IMPL_QUANT;
    if (c->fixed && !fixed)
        return fg_set_error(FG_EINVAL, "--fixed: the implementation %s is not bit-accurate", impl->name);
    for (const fg_opt *o = fg_xmap_fmt_options; !fixed && o->name; o++)
        if (fg_opts_given(given, (const char *)&c->fmt + o->offset))
            return fg_set_error(FG_EINVAL, "--%s needs a bit-accurate implementation (--fixed)", o->name);
    const int have_scale = fg_opts_given(given, &c->scale);
    const double scale = have_scale ? c->scale : c->alg == FG_TURBO_ALG_MAXLOG ? 0.75 : 1.0;
    turbo_state *s = calloc(1, sizeof *s);
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory");
    s->std = std;
    s->K = c->b.K;
    s->N = 3 * c->b.K + FG_TURBO_TAIL;
    s->half = half;
    s->fixed = fixed;
    fg_turbo_print_et(&c->b.et, s->et, sizeof s->et);
    s->dec = fg_turbo_dec_cfg_default();
    s->fx = fg_turbo_fixed_cfg_default();
    const int radix = c->radix ? 4 : 2;
    int rc = 0;
    if (fixed) {
        if (c->alg != FG_TURBO_ALG_MAXLOG || (have_scale && scale != 0.75))
            rc = fg_set_error(FG_EINVAL, "--fixed is max-log-MAP with the extrinsic scaled by 0.75: --alg and "
                                         "--scale cannot change it");
        else if (radix != 4 && fg_opts_given(given, &c->radix))
            rc = fg_set_error(FG_EINVAL, "--radix=%d invalid with --fixed: the fixed-point model is the radix-4 XMAP",
                              radix);
        else if (c->window)
            rc = fg_set_error(FG_EINVAL, "--window=%d invalid with --fixed: the fixed-point XMAP decodes whole "
                                         "sub-blocks (use --parallel)", c->window);
        s->fx.fmt = c->fmt;
        s->fx.P = c->b.parallel;
        s->fx.nii = c->b.nii == 0;
        s->fx.half_iters = s->half;
        s->fx.et = c->b.et;
    } else {
        s->dec.alg = (fg_turbo_alg)c->alg;
        s->dec.ext_scale = scale;
        s->dec.half_iters = s->half;
        s->dec.radix = radix;
        s->dec.P = c->b.parallel;
        s->dec.nii = c->b.nii == 0;
        s->dec.window = c->window;
        s->dec.training = c->training;
        s->dec.et = c->b.et;
    }
    if (!rc) { /* the decoders check their configurations: a bad one is a usage error */
        fg_turbo_dec *td = NULL;
        fg_turbo_fixed *tf = NULL;
        rc = fixed ? fg_turbo_fixed_create(std, c->b.K, &s->fx, &tf) : fg_turbo_dec_create(std, c->b.K, &s->dec, &td);
        fg_turbo_dec_destroy(td);
        fg_turbo_fixed_destroy(tf);
        /* s->fx and s->dec are built from the options: the option of the field a check refuses names it */
        const fg_opt_copy copies[] = {FG_OPT_COPY(s->fx.P, c->b.parallel),    FG_OPT_COPY(s->fx.et, c->b.et),
                                      FG_OPT_COPY(s->fx.fmt, c->fmt),         FG_OPT_COPY(s->dec.P, c->b.parallel),
                                      FG_OPT_COPY(s->dec.et, c->b.et),        FG_OPT_COPY(s->dec.window, c->window),
                                      FG_OPT_COPY(s->dec.training, c->training), FG_OPT_COPY(s->dec.radix, c->radix)};
        if (rc)
            rc = fg_opts_field_error(given, FG_EINVAL, FG_OPT_COPIES(copies), "decoder: ");
    }
    if (rc) {
        free(s);
        return rc;
    }
    fi->state = s;
    fi->k = c->b.K;
    fi->n = fi->n_rx_max = s->N;
    fi->dec_len = c->b.K;
    fi->app_len = c->b.K;
    fi->rate = (double)c->b.K / s->N;
    fi->q_width = fixed ? s->fx.fmt.w_ch : 0;
    fi->q_frac = fixed ? s->fx.fmt.f_ch : 0;
    snprintf(fi->code_name, sizeof fi->code_name, "%s-%d", std == FG_STD_LTE ? "lte" : "umts", c->b.K);
    fi->code_digest = fg_digest_text(FG_DIGEST_INIT, "turbo std %s K %d", std == FG_STD_LTE ? "lte" : "umts", c->b.K);
    return 0;
}

static const char *turbo_impl_for(const void *cfgp, int gpu)
{
    const turbo_cfg *c = cfgp;
    return fg_family_impl_name(c->fixed, gpu);
}

static int turbo_encode(const fg_family_inst *fi, uint64_t seed, long long f, uint8_t *ref, uint8_t *sent)
{
    const turbo_state *s = fi->state;
    const int rc = fg_channel_random_bits(s->K, seed, (uint64_t)f, ref);
    return rc ? rc : fg_turbo_encode(s->std, s->K, ref, sent);
}

static const char *alg_name(fg_turbo_alg a)
{
    return a == FG_TURBO_ALG_LOG ? "log" : a == FG_TURBO_ALG_LINLOG ? "linlog" : "maxlog";
}

static void turbo_describe(const fg_family_inst *fi, const fg_family_impl *impl, fg_json *j)
{
    (void)impl;
    const turbo_state *s = fi->state;
    fg_json_obj_open(j, "code");
    fg_json_str(j, "name", fi->code_name);
    fg_json_str(j, "std", s->std == FG_STD_LTE ? "lte" : "umts");
    fg_json_int(j, "n", s->N);
    fg_json_int(j, "k", s->K);
    fg_json_num(j, "rate", fi->rate);
    fg_json_obj_close(j);
    fg_json_obj_open(j, "decoder");
    if (s->fixed) {
        const fg_turbo_fixed_cfg *x = &s->fx;
        fg_json_str(j, "name", "fixed radix-4 XMAP");
        fg_json_str(j, "alg", "maxlog");
        fg_json_num(j, "scale", 0.75);
        fg_json_int(j, "half_iterations", x->half_iters);
        fg_json_num(j, "iter", x->half_iters / 2.0);
        fg_json_int(j, "radix", 4);
        fg_json_int(j, "parallel", x->P);
        fg_json_bool(j, "nii", x->nii);
        fg_json_bool(j, "early_term", x->et.kind != FG_TURBO_ET_NONE);
        fg_json_str(j, "et", s->et);
        fg_json_bool(j, "fixed", 1);
        /* the formats are the options --llr-width .. --norm: written as those options are */
        fg_opts_write_json(&(fg_opts){.groups = &(fg_opt_group){NULL, fg_xmap_fmt_options, (void *)&x->fmt},
                                      .n_groups = 1},
                           j);
    } else {
        const fg_turbo_dec_cfg *d = &s->dec;
        fg_json_str(j, "name", "float");
        fg_json_str(j, "alg", alg_name(d->alg));
        fg_json_num(j, "scale", d->ext_scale);
        fg_json_int(j, "half_iterations", d->half_iters);
        fg_json_num(j, "iter", d->half_iters / 2.0);
        fg_json_int(j, "radix", d->radix);
        fg_json_int(j, "parallel", d->P);
        fg_json_bool(j, "nii", d->nii);
        fg_json_int(j, "window", d->window);
        fg_json_int(j, "training", d->window ? (d->training < 0 ? d->window : d->training) : 0);
        fg_json_bool(j, "early_term", d->et.kind != FG_TURBO_ET_NONE);
        fg_json_str(j, "et", s->et);
        fg_json_bool(j, "fixed", 0);
    }
    fg_json_obj_close(j);
}

static void turbo_label(const fg_family_inst *fi, const fg_family_impl *impl, char *buf, size_t n)
{
    (void)impl;
    const turbo_state *s = fi->state;
    if (s->fixed) {
        snprintf(buf, n, "fixed P=%d%s %g it", s->fx.P, s->fx.nii ? " nii" : "", s->half / 2.0);
        return;
    }
    const fg_turbo_dec_cfg *d = &s->dec;
    char win[24] = "";
    if (d->window)
        snprintf(win, sizeof win, " W=%d", d->window);
    snprintf(buf, n, "%s:%g r%d P=%d%s%s %g it", alg_name(d->alg), d->ext_scale, d->radix, d->P,
             d->P > 1 && d->nii ? " nii" : "", win, s->half / 2.0);
}

extern const fg_family fg_family_turbo;

int fg_turbo_family_view_of(const fg_family_inst *fi, fg_turbo_family_view *v)
{
    if (!fi || fi->family != &fg_family_turbo || !fi->state)
        return fg_set_error(FG_EINVAL, "not an instance of the turbo family");
    const turbo_state *s = fi->state;
    *v = (fg_turbo_family_view){s->std, s->K, s->fixed, s->dec, s->fx};
    return 0;
}

/* ---- implementations ---- */

typedef struct {
    const turbo_state *s;
    fg_turbo_dec *dec;
    fg_turbo_fixed *fx;
    fg_turbo_arch *arch;
} turbo_worker;

static void worker_destroy(void *p)
{
    turbo_worker *w = p;
    if (!w)
        return;
    fg_turbo_dec_destroy(w->dec);
    fg_turbo_fixed_destroy(w->fx);
    fg_turbo_arch_destroy(w->arch);
    free(w);
}

static int float_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    turbo_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->s = fi->state;
    return fg_turbo_dec_create(w->s->std, w->s->K, &w->s->dec, &w->dec);
}

static int float_decode(void *p, const fg_decode_io *io)
{
    turbo_worker *w = p;
    const int K = w->s->K, N = w->s->N;
    for (int i = 0; i < io->count; i++) {
        fg_turbo_result r;
        const int rc = fg_turbo_dec_run(w->dec, io->llr + (size_t)i * N, io->bits + (size_t)i * K,
                                        io->app ? io->app + (size_t)i * K : NULL, &r);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = r.half_iters;
    }
    return 0;
}

static int fixed_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)icfg, (void)device;
    turbo_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->s = fi->state;
    return fg_turbo_fixed_create(w->s->std, w->s->K, &w->s->fx, &w->fx);
}

static int fixed_decode(void *p, const fg_decode_io *io)
{
    turbo_worker *w = p;
    const int K = w->s->K, N = w->s->N;
    for (int i = 0; i < io->count; i++) {
        fg_turbo_result r;
        const int rc = fg_turbo_fixed_decode(w->fx, io->llr_q + (size_t)i * N, io->bits + (size_t)i * K, &r);
        if (rc)
            return rc;
        if (io->app_q)
            memcpy(io->app_q + (size_t)i * K, fg_turbo_fixed_app(w->fx), sizeof(int32_t) * (size_t)K);
        if (io->work)
            io->work[i] = r.half_iters;
    }
    return 0;
}

/* The cycle-accurate parallel decoder (thesis Fig. 4.15) on the bit-accurate datapath: equal decisions. */
static int cycle_check(const fg_family_inst *fi, const void *icfg)
{
    (void)icfg;
    const turbo_state *s = fi->state;
    if (s->fx.et.kind != FG_TURBO_ET_NONE)
        return fg_set_error(FG_EINVAL, "--et=%s invalid with --impl cycle: the cycle-accurate decoder runs every "
                                       "half-iteration", s->et);
    if (s->fx.P > FG_TURBO_ARCH_P_MAX || !fg_turbo_arch_p_fits(s->K, s->fx.P))
        return fg_set_error(FG_EINVAL, "--parallel=%d invalid with --impl cycle for K=%d (at most %d SISOs, each "
                                       "sub-block at least 8 long)", s->fx.P, s->K, FG_TURBO_ARCH_P_MAX);
    if (s->half > FG_TURBO_ARCH_HALF_MAX)
        return fg_set_error(FG_EINVAL, "--iter=%g invalid with --impl cycle: at most %d", s->half / 2.0,
                            FG_TURBO_ARCH_HALF_MAX / 2);
    return 0;
}

static int cycle_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)device;
    const int rc = cycle_check(fi, icfg);
    if (rc)
        return rc;
    turbo_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->s = fi->state;
    fg_turbo_arch_cfg a = fg_turbo_arch_cfg_default();
    a.std = w->s->std;
    a.K = w->s->K;
    a.P = w->s->fx.P;
    a.half_iters = w->s->half;
    a.data = FG_TURBO_ARCH_DATA_FIXED;
    a.fmt = w->s->fx.fmt;
    a.nii = w->s->fx.nii;
    return fg_turbo_arch_create(&a, &w->arch);
}

static int cycle_decode(void *p, const fg_decode_io *io)
{
    turbo_worker *w = p;
    const int K = w->s->K, N = w->s->N;
    for (int i = 0; i < io->count; i++) {
        fg_turbo_arch_result r;
        int rc = fg_turbo_arch_load(w->arch, io->llr_q + (size_t)i * N);
        if (!rc)
            rc = fg_turbo_arch_run(w->arch, NULL, NULL, &r);
        if (rc)
            return rc;
        fg_turbo_arch_hard(w->arch, io->bits + (size_t)i * K);
        if (io->work)
            io->work[i] = w->s->half;
    }
    return 0;
}

static const fg_family_impl impl_float = {.name = "float",
                                          .summary = "float reference decoders (log-MAP, max-log, linear-log)",
                                          .input = FG_IMPL_REAL,
                                          .create = float_create,
                                          .destroy = worker_destroy,
                                          .decode = float_decode};
static const fg_family_impl impl_fixed = {.name = "fixed",
                                          .summary = "bit-accurate radix-4 XMAP decoder (docs/turbo-fixed.md)",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                          .create = fixed_create,
                                          .destroy = worker_destroy,
                                          .decode = fixed_decode};
static const fg_family_impl impl_cycle = {.name = "cycle",
                                          .summary = "cycle-accurate parallel decoder of thesis Fig. 4.15 (arch turbo)",
                                          .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
                                          .no_app = 1, /* its hardware keeps extrinsics, not APPs */
                                          .check = cycle_check,
                                          .create = cycle_create,
                                          .destroy = worker_destroy,
                                          .decode = cycle_decode};
static const fg_family_impl *const turbo_impls[] = {&impl_float, &impl_fixed, &impl_cycle, NULL};

const fg_family fg_family_turbo = {
    .name = "turbo",
    .summary = "rate-1/3 turbo codes of UMTS/HSPA+ (TS 25.212) and LTE (TS 36.212)",
    .about = "Frame f of every point draws its K random bits and its noise from Philox stream f of the seed, so every\n"
             "count is the same for any number of threads. A frame error: any of the K decided bits is wrong.\n"
             "Eb/N0 uses the rate K/(3K+12). See docs/turbo.md.",
    .examples = "fecforge ber turbo --std lte --K 6144 --iter 5.5 --ebn0 0:0.2:1 --min-fe 50 --max-frames 100 --threads 2\n"
                "fecforge ber turbo --std umts --K 5114 --parallel 8 --radix 4 --ebn0 0.4:0.4:1.2 --max-frames 50 --json > p8.json\n"
                "fecforge ber turbo --std lte --K 6144 --fixed --parallel 16 --ebn0 0.4:0.4:1.2 --max-frames 30 --plot f.png --plot-with p8.json",
    .example_args = "--std lte --K 40 --fixed",
    .doc = "docs/turbo.md",
    .parts = turbo_parts,
    .cfg_size = sizeof(turbo_cfg),
    .cfg_default = turbo_cfg_default,
    .open = turbo_open,
    .impl_for = turbo_impl_for,
    .channel = &fg_channel_awgn,
    .encode = turbo_encode,
    .describe = turbo_describe,
    .label = turbo_label,
    .work_name = "avg_iter",
    .work_div = 2.0,
    .impls = turbo_impls,
    .arch = &fg_turbo_arch_study,
};
