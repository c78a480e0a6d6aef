/* The family registry and a family's BER point on the engine (fecforge/family.h). */
#include "fecforge/family.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/frames.h"

#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *fg_family_impl_name(int fixed, int gpu)
{
    return fixed ? (gpu ? "gpu-fixed" : "fixed") : (gpu ? "gpu-float" : "float");
}

void fg_family_close(const fg_family *f, fg_family_inst *fi)
{
    if (f->close)
        f->close(fi);
    else
        free(fi->state);
    fi->state = NULL;
}

/* ---- registry ---- */

/* The built-in families, in the order of their files' paths: every cmodel/src/NAME/NAME_family.c defines
 * fg_family_NAME; the list is generated from those files (fg_registry, cmodel/CMakeLists.txt). */
#define FG_REG(name) extern const fg_family fg_family_##name;
#include "fg_family_registry.h"
#undef FG_REG
#define FG_REG(name) &fg_family_##name,
static const fg_family *builtin[] = {
#include "fg_family_registry.h"
};
#undef FG_REG
enum { N_BUILTIN = sizeof builtin / sizeof *builtin };

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static const fg_family *added[FG_FAMILY_MAX];
static int n_added;
static struct {
    const fg_family *family;
    const fg_family_impl *impl;
} added_impls[FG_FAMILY_MAX * 4];
static int n_added_impls;

int fg_family_count(void)
{
    pthread_mutex_lock(&reg_lock);
    const int n = N_BUILTIN + n_added;
    pthread_mutex_unlock(&reg_lock);
    return n;
}

const fg_family *fg_family_at(int i)
{
    if (i < 0)
        return NULL;
    if (i < N_BUILTIN)
        return builtin[i];
    pthread_mutex_lock(&reg_lock);
    const fg_family *f = i - N_BUILTIN < n_added ? added[i - N_BUILTIN] : NULL;
    pthread_mutex_unlock(&reg_lock);
    return f;
}

const fg_family *fg_family_find(const char *name)
{
    for (int i = 0; name && i < fg_family_count(); i++)
        if (!strcmp(fg_family_at(i)->name, name))
            return fg_family_at(i);
    return NULL;
}

/* Under reg_lock: the family named name, or NULL. */
static const fg_family *find_locked(const char *name)
{
    for (int i = 0; i < N_BUILTIN; i++)
        if (!strcmp(builtin[i]->name, name))
            return builtin[i];
    for (int i = 0; i < n_added; i++)
        if (!strcmp(added[i]->name, name))
            return added[i];
    return NULL;
}

int fg_family_counters(const fg_family *f)
{
    int n = 1;
    while (f->counters && f->counters[n - 1].name && n < FG_BER_COUNTERS_MAX)
        n++;
    return n;
}

fg_family_counter fg_family_counter_at(const fg_family *f, int c)
{
    if (c > 0) {
        fg_family_counter fc = f->counters[c - 1];
        fc.div = fc.div > 0 ? fc.div : 1.0;
        return fc;
    }
    const char *w = f->work_name ? f->work_name : "avg_work";
    return (fg_family_counter){strncmp(w, "avg_", 4) ? w : w + 4, w, f->work_div > 0 ? f->work_div : 1.0,
                               "the family's work counter"};
}

int fg_family_register(const fg_family *f)
{
    if (!f || !f->name || !f->open || !f->encode || !f->channel || !f->impls)
        return fg_set_error(FG_EINVAL, "fg_family_register: a family needs a name, open, encode, channel and impls");
    const int nc = f->counters ? fg_family_counters(f) : 1;
    if (nc == FG_BER_COUNTERS_MAX && f->counters[nc - 1].name)
        return fg_set_error(FG_EINVAL, "family %s: more than %d work counters", f->name, FG_BER_COUNTERS_MAX);
    for (int c = 1; c < nc; c++)
        if (!f->counters[c - 1].key)
            return fg_set_error(FG_EINVAL, "family %s: work counter %s has no JSON key", f->name,
                                f->counters[c - 1].name);
    pthread_mutex_lock(&reg_lock);
    int rc = 0;
    if (find_locked(f->name))
        rc = fg_set_error(FG_EINVAL, "family %s is already registered", f->name);
    else if (n_added == FG_FAMILY_MAX)
        rc = fg_set_error(FG_EINVAL, "more than %d families", FG_FAMILY_MAX);
    else
        added[n_added++] = f;
    pthread_mutex_unlock(&reg_lock);
    return rc;
}

int fg_family_add_impl(const char *family, const fg_family_impl *impl)
{
    if (!impl || !impl->name || !impl->create || !impl->decode)
        return fg_set_error(FG_EINVAL, "fg_family_add_impl: an implementation needs a name, create and decode");
    pthread_mutex_lock(&reg_lock);
    const fg_family *f = family ? find_locked(family) : NULL;
    const fg_family_impl *same = NULL;
    for (const fg_family_impl *const *p = f ? f->impls : NULL; p && *p && !same; p++)
        if (!strcmp((*p)->name, impl->name))
            same = *p;
    for (int i = 0; f && i < n_added_impls && !same; i++)
        if (added_impls[i].family == f && !strcmp(added_impls[i].impl->name, impl->name))
            same = added_impls[i].impl;
    int rc = 0;
    if (!f)
        rc = fg_set_error(FG_EINVAL, "no family %s", family ? family : "(null)");
    else if (same && same != impl)
        rc = fg_set_error(FG_EINVAL, "family %s already has an implementation named %s", family, impl->name);
    else if (same)
        rc = 0; /* added before (a program that registers twice) */
    else if (n_added_impls == (int)(sizeof added_impls / sizeof *added_impls))
        rc = fg_set_error(FG_EINVAL, "too many added implementations");
    else {
        added_impls[n_added_impls].family = f;
        added_impls[n_added_impls++].impl = impl;
    }
    pthread_mutex_unlock(&reg_lock);
    return rc;
}

int fg_family_impls(const fg_family *f, const fg_family_impl **out, int max)
{
    int n = 0;
    if (!f || !out)
        return 0;
    for (const fg_family_impl *const *p = f->impls; p && *p && n < max; p++)
        out[n++] = *p;
    pthread_mutex_lock(&reg_lock);
    for (int i = 0; i < n_added_impls && n < max; i++)
        if (added_impls[i].family == f)
            out[n++] = added_impls[i].impl;
    pthread_mutex_unlock(&reg_lock);
    return n;
}

const fg_family_impl *fg_family_impl_find(const fg_family *f, const char *name)
{
    const fg_family_impl *all[FG_FAMILY_IMPLS_MAX] = {NULL};
    const int n = fg_family_impls(f, all, FG_FAMILY_IMPLS_MAX);
    for (int i = 0; name && i < n; i++)
        if (!strcmp(all[i]->name, name))
            return all[i];
    return NULL;
}

/* ---- configuring ---- */

int fg_family_groups(const fg_family *f, void *cfg, void *ccfg, const fg_family_impl *impl, void *icfg,
                     fg_opt_group *out, int max)
{
    int n = 0;
    for (const fg_opt_part *p = f->parts; p && p->opts && n < max; p++)
        out[n++] = (fg_opt_group){p->title, p->opts, (char *)cfg + p->offset};
    if (f->channel->opts && ccfg && n < max)
        out[n++] = (fg_opt_group){"channel", f->channel->opts, ccfg};
    if (impl && impl->opts && icfg && n < max)
        out[n++] = (fg_opt_group){impl->name, impl->opts, icfg};
    return n;
}

void fg_family_setup_free(fg_family_setup *s)
{
    if (s->opened)
        fg_family_close(s->family, &s->inst);
    s->opened = 0;
    fg_opts_free(&s->opts);
    free(s->cfg);
    free(s->icfg);
    free(s->ccfg);
    s->cfg = s->icfg = s->ccfg = NULL;
}

/* The implementation a configuration asks for when none is named: the family's choice, else its first. */
static const fg_family_impl *default_impl(const fg_family *f, const void *cfg)
{
    if (f->impl_for)
        return fg_family_impl_find(f, f->impl_for(cfg, 0));
    const fg_family_impl *first = NULL;
    return fg_family_impls(f, &first, 1) ? first : NULL;
}

int fg_family_setup_text(fg_family_setup *s, const fg_family *f, const char *impl_name, const char *args)
{
    memset(s, 0, sizeof *s);
    s->family = f;
    if (!f)
        return fg_set_error(FG_EINVAL, "fg_family_setup_text: no family");
    int rc = 0;
    if (!(s->cfg = calloc(1, f->cfg_size ? f->cfg_size : 1)))
        rc = fg_set_error(FG_ENOMEM, "out of memory");
    /* a named implementation's own options are parsed with the family's */
    if (!rc && impl_name && !(s->impl = fg_family_impl_find(f, impl_name)))
        rc = fg_set_error(FG_EINVAL, "family %s has no implementation %s", f->name, impl_name);
    if (!rc && s->impl && s->impl->cfg_size) {
        if (!(s->icfg = calloc(1, s->impl->cfg_size)))
            rc = fg_set_error(FG_ENOMEM, "out of memory");
        else if (s->impl->cfg_default)
            s->impl->cfg_default(s->icfg);
    }
    const fg_channel *ch = f->channel;
    if (!rc && ch->cfg_size) {
        if (!(s->ccfg = calloc(1, ch->cfg_size)))
            rc = fg_set_error(FG_ENOMEM, "out of memory");
        else if (ch->cfg_default)
            ch->cfg_default(s->ccfg);
    }
    if (!rc) {
        if (f->cfg_default)
            f->cfg_default(s->cfg);
        s->opts = (fg_opts){.groups = s->groups, .n_groups = fg_family_groups(f, s->cfg, s->ccfg, s->impl, s->icfg,
                                                                             s->groups, FG_FAMILY_GROUPS_MAX)};
        rc = fg_opts_parse_text(&s->opts, args);
    }
    if (!rc && ch->check)
        rc = ch->check(s->ccfg, &s->opts);
    if (!rc && !s->impl && !(s->impl = default_impl(f, s->cfg)))
        rc = fg_set_error(FG_EINVAL, "family %s has no implementation for this configuration", f->name);
    if (!rc && s->impl->cfg_size && !s->icfg) {
        if (!(s->icfg = calloc(1, s->impl->cfg_size)))
            rc = fg_set_error(FG_ENOMEM, "out of memory");
        else if (s->impl->cfg_default)
            s->impl->cfg_default(s->icfg);
    }
    if (!rc) {
        rc = fg_family_open(f, s->cfg, &s->opts, s->impl, s->ccfg, &s->inst);
        s->opened = rc == 0;
    }
    if (!rc && s->impl->check)
        rc = s->impl->check(&s->inst, s->icfg);
    return rc;
}

static const char *input_name(fg_impl_input in)
{
    return in == FG_IMPL_BITS ? "received bits" : in == FG_IMPL_QUANT ? "quantised LLRs" : "LLRs";
}

int fg_family_open(const fg_family *f, const void *cfg, const fg_opts *given, const fg_family_impl *impl,
                   const void *chan_cfg, fg_family_inst *fi)
{
    memset(fi, 0, sizeof *fi);
    fi->family = f;
    int rc = f->open(cfg, given, impl, fi);
    if (rc)
        return rc;
    const fg_channel *ch = f->channel;
    fi->channel = ch;
    fi->chan_cfg = chan_cfg;
    fi->n_rx_max = ch->n_rx_max ? ch->n_rx_max(chan_cfg, fi->n) : fi->n;
    const int gives_llr = ch->rx == FG_RX_LLR || ch->with_llr, gives_bits = ch->rx == FG_RX_BITS;
    if (impl->input == FG_IMPL_BITS ? !gives_bits : !gives_llr)
        rc = fg_set_error(FG_EINVAL, "--impl=%s takes %s; channel %s gives %s", impl->name, input_name(impl->input),
                          ch->name, gives_bits ? "received bits" : "LLRs");
    if (rc)
        fg_family_close(f, fi);
    return rc;
}

int fg_family_point(const fg_family_inst *fi, double x, fg_channel_point *pt)
{
    return fg_channel_point_at(fi->channel, fi->chan_cfg, x, fi->rate, pt);
}

int fg_family_frame(const fg_family_inst *fi, uint64_t seed, long long f, const fg_channel_point *pt, fg_frame *fr)
{
    const int rc = fi->family->encode(fi, seed, f, fr->ref, fr->sent);
    return rc ? rc
              : fi->channel->transmit(pt, fr->sent, fi->n, fi->n_rx_max, seed, f, fi->q_width, fi->q_frac, fr);
}

/* ---- frames ---- */

int fg_frame_alloc(const fg_family_inst *fi, fg_frame *fr)
{
    memset(fr, 0, sizeof *fr);
    const size_t n = (size_t)fi->n_rx_max;
    fr->ref = malloc((size_t)fi->dec_len);
    fr->sent = malloc((size_t)fi->n);
    fr->llr = malloc(sizeof *fr->llr * (n > (size_t)fi->n ? n : (size_t)fi->n));
    fr->llr_q = fi->q_width > 0 ? malloc(sizeof *fr->llr_q * n) : NULL;
    fr->rx = malloc(n);
    fr->n_rx = fi->n_rx_max;
    if (!fr->ref || !fr->sent || !fr->llr || (fi->q_width > 0 && !fr->llr_q) || !fr->rx) {
        fg_frame_free(fr);
        return fg_set_error(FG_ENOMEM, "out of memory for a frame of %s", fi->code_name);
    }
    return 0;
}

void fg_frame_free(fg_frame *fr)
{
    free(fr->ref);
    free(fr->sent);
    free(fr->llr);
    free(fr->llr_q);
    free(fr->rx);
    memset(fr, 0, sizeof *fr);
}

/* ---- a BER point: the generic CPU worker (frame, decode, compare) or the implementation's own ---- */

typedef struct {
    const fg_family_inst *fi;
    const fg_family_impl *impl;
    const void *icfg;
    uint64_t seed;
    fg_channel_point pt;
} point_ctx;

/* FRAME_PIECE frames at a time are made into the batch of an implementation that takes many per call. */
enum { FRAME_PIECE = 256 };

typedef struct {
    const point_ctx *pc;
    void *w;       /* the implementation's worker */
    fg_frame fr;
    uint8_t *bits;
    int32_t work;
    uint8_t erased;
    int n_extra;     /* the family's further work counters, into extra (chunk * n_extra) */
    int64_t *extra;
    /* an implementation that takes chunk > 1 frames per call (a GPU without its own BER path): the frames
     * of a call, made by frame_threads threads and decoded in one call */
    int chunk, frame_threads;
    uint8_t *ref_b, *bits_b, *erased_b, *rx_b;
    double *llr_b;  /* chunk x n_rx_max: the input the implementation takes (llr_b, llr_q_b or rx_b) */
    int32_t *llr_q_b, *work_b;
    int *n_rx_b;
} point_worker;

static void point_worker_destroy(void *arg)
{
    point_worker *pw = arg;
    if (!pw)
        return;
    if (pw->w)
        pw->pc->impl->destroy(pw->w);
    fg_frame_free(&pw->fr);
    free(pw->bits);
    free(pw->ref_b);
    free(pw->bits_b);
    free(pw->erased_b);
    free(pw->rx_b);
    free(pw->llr_b);
    free(pw->llr_q_b);
    free(pw->work_b);
    free(pw->n_rx_b);
    free(pw->extra);
    free(pw);
}

/* The buffers of a worker whose implementation takes chunk frames per call. */
static int batch_alloc(point_worker *pw)
{
    const fg_family_inst *fi = pw->pc->fi;
    const size_t c = (size_t)pw->chunk, n = (size_t)fi->n_rx_max;
    const int quant = pw->pc->impl->input == FG_IMPL_QUANT, hard = pw->pc->impl->input == FG_IMPL_BITS;
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    pw->frame_threads = (int)(cpus < 1 ? 1 : cpus > FG_BER_WORKERS_MAX ? FG_BER_WORKERS_MAX : cpus);
    pw->ref_b = malloc(c * (size_t)fi->dec_len);
    pw->bits_b = malloc(c * (size_t)fi->dec_len);
    pw->erased_b = malloc(c);
    const int real = !quant && !hard;
    pw->llr_b = real ? malloc(sizeof *pw->llr_b * c * n) : NULL;
    pw->llr_q_b = quant ? malloc(sizeof *pw->llr_q_b * c * n) : NULL;
    pw->rx_b = hard ? malloc(c * n) : NULL;
    pw->work_b = malloc(sizeof *pw->work_b * c);
    pw->n_rx_b = malloc(sizeof *pw->n_rx_b * c);
    if (!pw->ref_b || !pw->bits_b || !pw->erased_b || (real && !pw->llr_b) || (quant && !pw->llr_q_b) ||
        (hard && !pw->rx_b) || !pw->work_b || !pw->n_rx_b)
        return fg_set_error(FG_ENOMEM, "out of memory for a batch of %d frames of %s", pw->chunk, fi->code_name);
    return 0;
}

static int point_worker_create(void *ctx, int slot, void **out)
{
    const point_ctx *pc = ctx;
    point_worker *pw = calloc(1, sizeof *pw);
    *out = pw;
    if (!pw)
        return fg_set_error(FG_ENOMEM, "out of memory for a worker");
    pw->pc = pc;
    pw->n_extra = fg_family_counters(pc->fi->family) - 1;
    int rc = pc->impl->create(pc->fi, pc->icfg, pc->impl->gpu ? slot : 0, &pw->w);
    if (!rc && !pc->impl->ber) {
        pw->chunk = pc->impl->chunk ? pc->impl->chunk(pw->w) : 1;
        if (pw->chunk > 1)
            rc = batch_alloc(pw);
        else {
            rc = fg_frame_alloc(pc->fi, &pw->fr);
            if (!rc && !(pw->bits = malloc((size_t)pc->fi->dec_len)))
                rc = fg_set_error(FG_ENOMEM, "out of memory for the decisions of a frame");
        }
        if (!rc && pw->n_extra && !(pw->extra = calloc((size_t)pw->chunk * (size_t)pw->n_extra, sizeof *pw->extra)))
            rc = fg_set_error(FG_ENOMEM, "out of memory for the work counters of %d frames", pw->chunk);
    }
    return rc;
}

/* The result of one decoded frame against its reference (its further counters: n_extra from extra). */
static void frame_result(const fg_family_inst *fi, const uint8_t *bits, const uint8_t *ref, int32_t work,
                         uint8_t erased, const int64_t *extra, int n_extra, fg_ber_frame *r, fg_ber_extra *x)
{
    const int sb = fi->family->symbol_bits > 1 ? fi->family->symbol_bits : 0;
    int be = 0, fe = erased, se = 0;
    for (int i = 0; i < fi->k; i++)
        be += bits[i] != ref[i];
    for (int i = 0; sb && i < fi->k; i += sb) /* a q-ary symbol: sb bits (the last one may be shorter) */
        se += memcmp(bits + i, ref + i, (size_t)(fi->k - i < sb ? fi->k - i : sb)) != 0;
    fe |= be > 0;
    for (int i = fi->k; i < fi->dec_len && !fe; i++)
        fe = bits[i] != ref[i];
    r->bit_errors = erased ? fi->k : be; /* an erasure: every information bit counts as lost */
    x->symbol_errors = erased && sb ? (fi->k + sb - 1) / sb : se;
    r->work = work;
    r->frame_error = (int8_t)(fe != 0);
    r->erasure = (int8_t)erased;
    for (int c = 0; c < n_extra; c++)
        x->counter[c] = extra[c];
}

static int point_worker_chunk(void *arg)
{
    const point_worker *pw = arg;
    return pw->pc->impl->chunk ? pw->pc->impl->chunk(pw->w) : 1;
}

/* Frame f on the CPU: made by the family, decoded by the implementation, compared. */
static int point_frame(point_worker *pw, long long f, fg_ber_frame *r, fg_ber_extra *x)
{
    const point_ctx *pc = pw->pc;
    const fg_family_inst *fi = pc->fi;
    int rc = fg_family_frame(fi, pc->seed, f, &pc->pt, &pw->fr);
    if (rc)
        return rc;
    const fg_decode_io io = {.count = 1,
                             .llr = pw->fr.llr,
                             .llr_q = pw->fr.llr_q,
                             .rx = pw->fr.rx,
                             .n_rx = &pw->fr.n_rx,
                             .point = &pc->pt,
                             .bits = pw->bits,
                             .work = &pw->work,
                             .erased = &pw->erased,
                             .counters = pw->extra};
    pw->work = 0;
    pw->erased = 0;
    if (pw->n_extra)
        memset(pw->extra, 0, sizeof *pw->extra * (size_t)pw->n_extra);
    if ((rc = pc->impl->decode(pw->w, &io)))
        return rc;
    frame_result(fi, pw->bits, pw->fr.ref, pw->work, pw->erased, pw->extra, pw->n_extra, r, x);
    return 0;
}

/* Frames first .. first+count-1 (count <= chunk) made by frame_threads threads, FRAME_PIECE at a time,
 * decoded in one call, compared. */
static int point_batch(point_worker *pw, long long first, int count, fg_ber_frame *res, fg_ber_extra *ext)
{
    const point_ctx *pc = pw->pc;
    const fg_family_inst *fi = pc->fi;
    const size_t n = (size_t)fi->n_rx_max, dl = (size_t)fi->dec_len;
    const int quant = pc->impl->input == FG_IMPL_QUANT, hard = pc->impl->input == FG_IMPL_BITS, real = !quant && !hard;
    int rc = 0;
    for (int at = 0; at < count && !rc; at += FRAME_PIECE) {
        const int m = count - at < FRAME_PIECE ? count - at : FRAME_PIECE;
        rc = fg_family_frames(fi, pc->seed, pc->pt.x, first + at, m, pw->frame_threads, pw->ref_b + at * dl,
                              real ? pw->llr_b + at * n : NULL, quant ? pw->llr_q_b + at * n : NULL,
                              hard ? pw->rx_b + at * n : NULL, pw->n_rx_b + at);
    }
    if (rc)
        return rc;
    memset(pw->work_b, 0, sizeof *pw->work_b * (size_t)count);
    memset(pw->erased_b, 0, (size_t)count);
    if (pw->n_extra)
        memset(pw->extra, 0, sizeof *pw->extra * (size_t)count * (size_t)pw->n_extra);
    const fg_decode_io io = {.count = count,
                             .llr = real ? pw->llr_b : NULL,
                             .llr_q = quant ? pw->llr_q_b : NULL,
                             .rx = hard ? pw->rx_b : NULL,
                             .n_rx = pw->n_rx_b,
                             .point = &pc->pt,
                             .bits = pw->bits_b,
                             .work = pw->work_b,
                             .erased = pw->erased_b,
                             .counters = pw->extra};
    if ((rc = pc->impl->decode(pw->w, &io)))
        return rc;
    for (int i = 0; i < count; i++)
        frame_result(fi, pw->bits_b + i * dl, pw->ref_b + i * dl, pw->work_b[i], pw->erased_b[i],
                     pw->extra + (size_t)i * (size_t)pw->n_extra, pw->n_extra, &res[i], &ext[i]);
    return 0;
}

static int point_run(void *arg, long long first, int count, fg_ber_frame *res, fg_ber_extra *ext)
{
    point_worker *pw = arg;
    const point_ctx *pc = pw->pc;
    if (pc->impl->ber)
        return pc->impl->ber(pw->w, pc->seed, &pc->pt, first, count, res, ext);
    if (pw->chunk > 1)
        return point_batch(pw, first, count, res, ext);
    for (int i = 0; i < count; i++) {
        const int rc = point_frame(pw, first + i, &res[i], &ext[i]);
        if (rc) /* the engine names the frames of the call; a single frame of a longer call is named here */
            return count > 1 ? fg_prefix_error(rc, "frame %lld: ", first + i) : rc;
    }
    return 0;
}

void fg_family_tally_cfg(const fg_family_inst *fi, fg_ber_engine *e)
{
    const fg_family *f = fi->family;
    *e = (fg_ber_engine){.info_bits = fi->k,
                         .work_div = f->work_div > 0 ? f->work_div : 1.0,
                         .n_extra = fg_family_counters(f) - 1,
                         .info_symbols = f->symbol_bits > 1 ? (fi->k + f->symbol_bits - 1) / f->symbol_bits : 0};
    for (int c = 0; c < e->n_extra; c++)
        e->extra_div[c] = f->counters[c].div;
}

int fg_family_tally_batch(const fg_family_inst *fi, const fg_decode_io *io, const uint8_t *ref, long long first,
                          fg_ber_tally *t)
{
    const int nx = fg_family_counters(fi->family) - 1;
    int rc = 0;
    for (int i = 0; i < io->count && !rc; i++) {
        fg_ber_frame r;
        fg_ber_extra x = {0};
        frame_result(fi, io->bits + (size_t)i * fi->dec_len, ref + (size_t)i * fi->dec_len, io->work ? io->work[i] : 0,
                     io->erased ? io->erased[i] : 0, io->counters ? io->counters + (size_t)i * nx : NULL,
                     io->counters ? nx : 0, &r, &x);
        rc = fg_ber_tally_add(t, &r, &x, first + i);
    }
    return rc;
}

int fg_family_ber_point(const fg_family_inst *fi, const fg_family_impl *impl, const void *icfg,
                        const fg_family_run *run, double x, fg_ber_point *out)
{
    if (!fi || !fi->family || !impl || !run || !out)
        return fg_set_error(FG_EINVAL, "fg_family_ber_point: NULL argument");
    point_ctx pc = {fi, impl, icfg, run->seed, {0}};
    int rc = fg_family_point(fi, x, &pc.pt);
    if (rc)
        return rc;
    fg_ber_engine e;
    fg_family_tally_cfg(fi, &e);
    e.workers = run->workers;
    e.min_fe = run->min_fe;
    e.max_frames = run->max_frames;
    e.ctx = &pc;
    e.worker_create = point_worker_create;
    e.worker_destroy = point_worker_destroy;
    e.worker_chunk = point_worker_chunk;
    e.run = point_run;
    e.progress = run->progress;
    e.progress_ctx = run->progress_ctx;
    memset(out, 0, sizeof *out);
    out->x = x;
    out->rate = fi->rate;
    memcpy(out->param, pc.pt.v, sizeof out->param);
    return fg_ber_engine_run(&e, out);
}

/* ---- a point's JSON ---- */

static const char *stop_name(fg_ber_stop s)
{
    return s == FG_BER_STOP_MIN_FE ? "min_fe" : s == FG_BER_STOP_INTERRUPTED ? "interrupted" : "max_frames";
}

/* Counter c's statistics of p, in the unit of its average, with keys ending in sfx (over the decoded frames:
 * "_decoded"): the average (but the primary one's, written before), <name>_max, _p50 and _p99. */
static void json_counter(fg_json *j, const fg_family *f, const fg_ber_point *p, int c, int decoded)
{
    const fg_family_counter fc = fg_family_counter_at(f, c);
    const fg_ber_stat *s = &p->stat[c];
    const char *sfx = decoded ? "_decoded" : "";
    const double div = fc.div;
    const long long v[3] = {decoded ? s->max_decoded : s->max, decoded ? s->p50_decoded : s->p50,
                            decoded ? s->p99_decoded : s->p99};
    static const char *const what[3] = {"max", "p50", "p99"};
    char key[160];
    if (c > 0 || decoded) {
        snprintf(key, sizeof key, "%s%s", fc.key, sfx);
        fg_json_num(j, key, decoded ? s->avg_decoded : s->avg);
    }
    for (int i = 0; i < 3; i++) {
        snprintf(key, sizeof key, "%s_%s%s", fc.name, what[i], sfx);
        if (div == 1.0)
            fg_json_int(j, key, v[i]);
        else
            fg_json_num(j, key, (double)v[i] / div);
    }
}

void fg_family_json_work(fg_json *j, const fg_family *f, const fg_ber_point *p)
{
    fg_json_num(j, f->work_name, p->avg_work);
    for (int c = 0; c < p->counters; c++)
        json_counter(j, f, p, c, 0);
    if (f->erasures) { /* over the frames decoded */
        fg_json_num(j, "ber_decoded", p->ber_decoded);
        for (int c = 0; c < p->counters; c++)
            json_counter(j, f, p, c, 1);
    }
}

void fg_family_ber_json_point(fg_json *j, const fg_family *f, const fg_ber_point *p, const char *type)
{
    fg_json_obj_open(j, NULL);
    if (type)
        fg_json_str(j, "type", type);
    fg_json_num(j, f->channel->axis, p->x);
    for (int i = 0; i < FG_CHANNEL_PARAMS_MAX && f->channel->param_keys[i]; i++)
        fg_json_num(j, f->channel->param_keys[i], p->param[i]);
    fg_json_int(j, "frames", p->frames);
    fg_json_int(j, "frame_errors", p->frame_errors);
    if (p->erasures || f->erasures)
        fg_json_int(j, "erasures", p->erasures);
    fg_json_int(j, "bit_errors", p->bit_errors);
    if (f->symbol_bits > 1)
        fg_json_int(j, "symbol_errors", p->symbol_errors);
    fg_json_num(j, "fer", p->fer);
    fg_json_num(j, "ber", p->ber);
    if (f->symbol_bits > 1)
        fg_json_num(j, "ser", p->ser);
    fg_family_json_work(j, f, p);
    fg_json_str(j, "stop", stop_name(p->stop));
    fg_json_num(j, "elapsed_s", p->seconds);
    fg_json_num(j, "frames_per_s", p->seconds > 0 ? (double)p->frames / p->seconds : 0.0);
    fg_json_obj_close(j);
}

void fg_family_ber_json_at_fer(fg_json *j, const fg_family *f, const fg_ber_point *p_n, int n)
{
    char key[64];
    snprintf(key, sizeof key, "%s_at_fer", f->channel->axis);
    fg_json_obj_open(j, key);
    for (int t = 0; t < FG_BER_FER_TARGETS; t++) {
        double x;
        if (fg_ber_x_at_fer(p_n, n, fg_ber_fer_targets[t], f->channel->fer_rises, &x) == 0)
            fg_json_num(j, fg_ber_fer_target_names[t], x);
    }
    fg_clear_error();
    fg_json_obj_close(j);
}

void fg_family_frame_diff(const fg_family_inst *fi, const fg_decode_io *a, const fg_decode_io *b, int i, int app_len,
                          double tol, const char *name_a, const char *name_b, fg_frame_diff *d)
{
    const uint8_t *ba = a->bits + (size_t)i * fi->dec_len, *bb = b->bits + (size_t)i * fi->dec_len;
    const int nx = fg_family_counters(fi->family) - 1;
    const int64_t *xa = a->counters ? a->counters + (size_t)i * nx : NULL;
    const int64_t *xb = b->counters ? b->counters + (size_t)i * nx : NULL;
    memset(d, 0, sizeof *d);
    d->bit = d->counter = d->app = -1;
    for (int k = 0; k < fi->dec_len && d->bit < 0; k++)
        d->bit = ba[k] != bb[k] ? k : -1;
    if (a->work && b->work && a->work[i] != b->work[i])
        d->counter = 0;
    for (int c = 0; xa && xb && c < nx && d->counter < 0; c++)
        d->counter = xa[c] != xb[c] ? c + 1 : -1;
    d->erasure = a->erased && b->erased && a->erased[i] != b->erased[i];
    for (int k = 0; k < app_len; k++) {
        const size_t o = (size_t)i * app_len + k;
        const double da = a->app_q ? a->app_q[o] : a->app[o], db = b->app_q ? b->app_q[o] : b->app[o];
        if (fabs(da - db) > tol && d->app < 0)
            d->app = k;
        d->app_max = fabs(da - db) > d->app_max ? fabs(da - db) : d->app_max;
    }
    if (d->bit >= 0)
        snprintf(d->what, sizeof d->what, "bit %d: %s %d, %s %d", d->bit, name_a, ba[d->bit], name_b, bb[d->bit]);
    else if (d->counter == 0)
        snprintf(d->what, sizeof d->what, "work: %s %d, %s %d", name_a, (int)a->work[i], name_b, (int)b->work[i]);
    else if (d->counter > 0)
        snprintf(d->what, sizeof d->what, "work counter %s: %s %lld, %s %lld",
                 fg_family_counter_at(fi->family, d->counter).name, name_a, (long long)xa[d->counter - 1], name_b,
                 (long long)xb[d->counter - 1]);
    else if (d->erasure)
        snprintf(d->what, sizeof d->what, "erasure: %s %d, %s %d", name_a, a->erased[i], name_b, b->erased[i]);
    else if (d->app >= 0) {
        const size_t o = (size_t)i * app_len + d->app;
        snprintf(d->what, sizeof d->what, "app[%d]: %s %.17g, %s %.17g", d->app, name_a,
                 a->app_q ? a->app_q[o] : a->app[o], name_b, b->app_q ? b->app_q[o] : b->app[o]);
    }
}

/* ---- a pool of decoders ---- */

struct fg_family_decoder {
    const fg_family_inst *fi;
    const fg_family_impl *impl;
    int workers, chunk;
    void **w;
};

void fg_family_decoder_destroy(fg_family_decoder *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->workers; i++)
        if (d->w[i])
            d->impl->destroy(d->w[i]);
    free(d->w);
    free(d);
}

int fg_family_decoder_create(const fg_family_inst *fi, const fg_family_impl *impl, const void *icfg, int workers,
                             fg_family_decoder **out)
{
    *out = NULL;
    if (!fi || !impl || workers < 1 || workers > FG_BER_WORKERS_MAX)
        return fg_set_error(FG_EINVAL, "fg_family_decoder_create: workers=%d out of range [1, %d]", workers,
                            FG_BER_WORKERS_MAX);
    fg_family_decoder *d = calloc(1, sizeof *d);
    if (!d || !(d->w = calloc((size_t)workers, sizeof *d->w))) {
        free(d);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    d->fi = fi;
    d->impl = impl;
    d->workers = workers;
    d->chunk = 1;
    for (int i = 0; i < workers; i++) {
        const int rc = impl->create(fi, icfg, impl->gpu ? i : 0, &d->w[i]);
        if (rc) {
            fg_family_decoder_destroy(d);
            return rc;
        }
        if (impl->chunk && impl->chunk(d->w[i]) > d->chunk)
            d->chunk = impl->chunk(d->w[i]);
    }
    *out = d;
    return 0;
}

int fg_family_decoder_batch(const fg_family_decoder *d)
{
    const int b = d->chunk * d->workers;
    return b < 64 ? 64 : b;
}

typedef struct {
    fg_family_decoder *d;
    const fg_decode_io *io;
    void *w;
    atomic_int *next, *failed;
    int err;
    char msg[256];
} decode_job;

/* The slice [i, i + n) of io. */
static fg_decode_io slice(const fg_family_inst *fi, const fg_decode_io *io, int i, int n)
{
    fg_decode_io s = *io;
    const size_t rx = (size_t)i * fi->n_rx_max, dl = (size_t)i * fi->dec_len, al = (size_t)i * fi->app_len;
    s.count = n;
    s.llr = io->llr ? io->llr + rx : NULL;
    s.llr_q = io->llr_q ? io->llr_q + rx : NULL;
    s.rx = io->rx ? io->rx + rx : NULL;
    s.n_rx = io->n_rx ? io->n_rx + i : NULL;
    s.bits = io->bits + dl;
    s.app = io->app ? io->app + al : NULL;
    s.app_q = io->app_q ? io->app_q + al : NULL;
    s.work = io->work ? io->work + i : NULL;
    s.erased = io->erased ? io->erased + i : NULL;
    s.counters = io->counters ? io->counters + (size_t)i * (size_t)(fg_family_counters(fi->family) - 1) : NULL;
    return s;
}

static void *decode_thread(void *arg)
{
    decode_job *j = arg;
    const int chunk = j->d->impl->chunk ? j->d->impl->chunk(j->w) : 1; /* at most the worker's own batch */
    for (;;) {
        if (atomic_load(j->failed))
            break;
        const int i = atomic_fetch_add(j->next, chunk);
        if (i >= j->io->count)
            break;
        const int n = j->io->count - i < chunk ? j->io->count - i : chunk;
        const fg_decode_io s = slice(j->d->fi, j->io, i, n);
        const int rc = j->d->impl->decode(j->w, &s);
        if (rc) {
            j->err = rc;
            snprintf(j->msg, sizeof j->msg, "frames %d..%d of the call: %s", i, i + n - 1, fg_last_error());
            atomic_store(j->failed, 1);
            break;
        }
    }
    return NULL;
}

int fg_family_decoder_run(fg_family_decoder *d, const fg_decode_io *io)
{
    if (io->erased)
        memset(io->erased, 0, (size_t)io->count);
    if (io->counters)
        memset(io->counters, 0,
               sizeof *io->counters * (size_t)io->count * (size_t)(fg_family_counters(d->fi->family) - 1));
    atomic_int next, failed;
    atomic_init(&next, 0);
    atomic_init(&failed, 0);
    decode_job *jobs = calloc((size_t)d->workers, sizeof *jobs);
    pthread_t *tid = calloc((size_t)d->workers, sizeof *tid);
    if (!jobs || !tid) {
        free(jobs);
        free(tid);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    int started = 0;
    for (int t = 0; t < d->workers; t++)
        jobs[t] = (decode_job){d, io, d->w[t], &next, &failed, 0, ""};
    for (int t = 1; t < d->workers; t++) {
        if (pthread_create(&tid[t], NULL, decode_thread, &jobs[t]) != 0)
            break;
        started = t;
    }
    decode_thread(&jobs[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    int rc = 0;
    for (int t = 0; t < d->workers && !rc; t++)
        if (jobs[t].err)
            rc = fg_set_error(jobs[t].err, "%s", jobs[t].msg);
    free(jobs);
    free(tid);
    return rc;
}

/* ---- frames made in parallel ---- */

typedef struct {
    const fg_family_inst *fi;
    uint64_t seed;
    const fg_channel_point *pt;
    long long first;
    int count;
    uint8_t *ref;
    double *llr;
    int32_t *llr_q;
    uint8_t *rx;
    int *n_rx;
    atomic_int *next, *failed;
    int err;
    char msg[256];
} frames_job;

static void *frames_thread(void *arg)
{
    frames_job *j = arg;
    fg_frame fr;
    if (fg_frame_alloc(j->fi, &fr)) {
        j->err = FG_ENOMEM;
        snprintf(j->msg, sizeof j->msg, "%s", fg_last_error());
        atomic_store(j->failed, 1);
        return NULL;
    }
    const fg_family_inst *fi = j->fi;
    for (;;) {
        const int i = atomic_fetch_add(j->next, 1);
        if (i >= j->count || atomic_load(j->failed))
            break;
        const int rc = fg_family_frame(fi, j->seed, j->first + i, j->pt, &fr);
        if (rc) {
            j->err = rc;
            snprintf(j->msg, sizeof j->msg, "frame %lld: %s", j->first + i, fg_last_error());
            atomic_store(j->failed, 1);
            break;
        }
        /* what the channel did not fill (beyond n_rx, or what it does not give) is zero: rows are defined */
        const size_t o = (size_t)i * fi->n_rx_max, nr = (size_t)fi->n_rx_max, got = (size_t)fr.n_rx;
        const int llr_given = fi->channel->rx == FG_RX_LLR || fi->channel->with_llr;
        memcpy(j->ref + (size_t)i * fi->dec_len, fr.ref, (size_t)fi->dec_len);
        if (j->llr) {
            memset(j->llr + o, 0, sizeof *j->llr * nr);
            if (llr_given)
                memcpy(j->llr + o, fr.llr, sizeof *fr.llr * got);
        }
        if (j->llr_q) {
            memset(j->llr_q + o, 0, sizeof *j->llr_q * nr);
            if (llr_given && fr.llr_q)
                memcpy(j->llr_q + o, fr.llr_q, sizeof *fr.llr_q * got);
        }
        if (j->rx) {
            memset(j->rx + o, 0, nr);
            if (fi->channel->rx == FG_RX_BITS)
                memcpy(j->rx + o, fr.rx, got);
        }
        if (j->n_rx)
            j->n_rx[i] = fr.n_rx;
    }
    fg_frame_free(&fr);
    return NULL;
}

int fg_family_frames(const fg_family_inst *fi, uint64_t seed, double x, long long first, int count, int threads,
                     uint8_t *ref, double *llr, int32_t *llr_q, uint8_t *rx, int *n_rx)
{
    if (threads < 1 || threads > FG_BER_WORKERS_MAX || count < 0 || first < 0)
        return fg_set_error(FG_EINVAL, "fg_family_frames: threads=%d, count=%d, first=%lld", threads, count, first);
    fg_channel_point pt;
    const int bad_point = fg_family_point(fi, x, &pt);
    if (bad_point)
        return bad_point;
    atomic_int next, failed;
    atomic_init(&next, 0);
    atomic_init(&failed, 0);
    frames_job *jobs = calloc((size_t)threads, sizeof *jobs);
    pthread_t *tid = calloc((size_t)threads, sizeof *tid);
    if (!jobs || !tid) {
        free(jobs);
        free(tid);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    for (int t = 0; t < threads; t++)
        jobs[t] = (frames_job){fi, seed, &pt, first, count, ref, llr, llr_q, rx, n_rx, &next, &failed, 0, ""};
    int started = 0;
    for (int t = 1; t < threads; t++) {
        if (pthread_create(&tid[t], NULL, frames_thread, &jobs[t]) != 0)
            break;
        started = t;
    }
    frames_thread(&jobs[0]);
    for (int t = 1; t <= started; t++)
        pthread_join(tid[t], NULL);
    int rc = 0;
    for (int t = 0; t < threads && !rc; t++)
        if (jobs[t].err)
            rc = fg_set_error(jobs[t].err, "%s", jobs[t].msg);
    free(jobs);
    free(tid);
    return rc;
}

/* ---- frame files ---- */

uint64_t fg_digest_text(uint64_t h, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (int i = 0; i < n && i < (int)sizeof buf - 1; i++)
        h = (h ^ (unsigned char)buf[i]) * UINT64_C(1099511628211);
    return h ? h : 1;
}

void fg_family_frames_header(const fg_family_inst *fi, const fg_family_impl *m, const fg_channel_point *pt,
                             int llr, long long count, int binary, fg_frames_header *h)
{
    memset(h, 0, sizeof *h);
    snprintf(h->family, sizeof h->family, "%s", fi->family->name);
    snprintf(h->code, sizeof h->code, "%s", fi->code_name);
    h->code_digest = fi->code_digest;
    snprintf(h->channel, sizeof h->channel, "%s", fi->channel->name);
    if (pt) { /* the axis, then the parameters */
        snprintf(h->point_key[0], sizeof h->point_key[0], "%s", fi->channel->axis);
        h->point[0] = pt->x;
        h->n_point = 1;
        for (int i = 0; i < FG_CHANNEL_PARAMS_MAX && fi->channel->param_keys[i] && h->n_point < FG_FRAMES_POINT_MAX;
             i++, h->n_point++) {
            snprintf(h->point_key[h->n_point], sizeof h->point_key[0], "%s", fi->channel->param_keys[i]);
            h->point[h->n_point] = pt->v[i];
        }
    }
    h->fixed = m->input == FG_IMPL_QUANT;
    h->hard = llr && m->input == FG_IMPL_BITS;
    h->q_width = h->fixed ? fi->q_width : 0;
    h->q_frac = h->fixed ? fi->q_frac : 0;
    h->content = llr ? FG_FRAMES_LLR : FG_FRAMES_BITS;
    h->length = llr ? fi->n_rx_max : fi->dec_len;
    h->variable = llr && fi->channel->variable_length;
    h->erased = !llr && fi->family->erasures;
    h->count = count;
    h->binary = binary;
}

int fg_family_write_frames(const fg_family_inst *fi, const fg_family_impl *impl, uint64_t seed, double x,
                           long long first, long long count, int threads, int binary, const char *path,
                           const char *ref_path, void (*progress)(void *ctx, long long done, long long total),
                           void *ctx)
{
    enum { CHUNK = 4096 };
    const int fixed = impl->input == FG_IMPL_QUANT, hard = impl->input == FG_IMPL_BITS;
    fg_channel_point pt;
    int rc = fg_family_point(fi, x, &pt);
    if (rc)
        return rc;
    fg_frames_writer *w = NULL, *wr = NULL;
    fg_frames_header h;
    fg_family_frames_header(fi, impl, &pt, 1, count, binary, &h);
    if ((rc = fg_frames_create(path, &h, &w)))
        return rc;
    fg_family_frames_header(fi, impl, &pt, 0, count, binary, &h);
    h.erased = 0; /* the reference: what a correct decoder decides */
    if (ref_path && (rc = fg_frames_create(ref_path, &h, &wr))) {
        fg_frames_abort(w);
        return fg_prefix_error(rc, "%s: ", ref_path); /* which of the two files */
    }
    const size_t nr = (size_t)fi->n_rx_max;
    uint8_t *ref = malloc((size_t)CHUNK * fi->dec_len);
    double *llr = !fixed && !hard ? malloc(sizeof *llr * (size_t)CHUNK * nr) : NULL;
    int32_t *llr_q = fixed ? malloc(sizeof *llr_q * (size_t)CHUNK * nr) : NULL;
    uint8_t *rx = hard ? malloc((size_t)CHUNK * nr) : NULL;
    int *n_rx = malloc(sizeof *n_rx * CHUNK);
    if (!ref || !(llr || llr_q || rx) || !n_rx)
        rc = fg_set_error(FG_ENOMEM, "out of memory");
    for (long long done = 0; done < count && !rc;) {
        const int n = count - done < CHUNK ? (int)(count - done) : CHUNK;
        rc = fg_family_frames(fi, seed, x, first + done, n, threads, ref, llr, llr_q, rx, n_rx);
        for (int i = 0; i < n && !rc; i++) {
            const size_t o = (size_t)i * nr;
            rc = fg_frames_write(w, n_rx[i], llr ? llr + o : NULL, llr_q ? llr_q + o : NULL, rx ? rx + o : NULL, 0, 0,
                                 NULL, NULL);
            if (!rc && wr)
                rc = fg_frames_write(wr, 0, NULL, NULL, ref + (size_t)i * fi->dec_len, 0, 0, NULL, NULL);
        }
        done += n;
        if (progress && !rc)
            progress(ctx, done, count);
    }
    free(ref);
    free(llr);
    free(llr_q);
    free(rx);
    free(n_rx);
    if (rc) {
        fg_frames_abort(w);
        fg_frames_abort(wr);
        return rc;
    }
    const int r1 = fg_frames_commit(w), r2 = wr ? fg_frames_commit(wr) : 0;
    return r1 ? r1 : r2;
}
