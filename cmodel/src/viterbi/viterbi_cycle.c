/* The viterbi family's `cycle` implementation: frames through the streaming decoder's step model
 * (fecforge/viterbi_hw.h, docs/rtl-viterbi.md), fed at full rate, back to back in one decoder per worker.
 *
 * It maps the family's own tiling instead of taking a depth of its own: the hardware decodes exactly as the
 * fixed decoder with f = D (--tile), v2 = L (--overlap-right), v1 past the frame (--overlap-left >= the
 * frame's stages) and f0 = 0 or f, so one command line names one decoder and `verify viterbi --fixed --impl
 * cycle --against fixed` compares the two on it. Its own options are what does not change a decided bit: the
 * radix and the traceback style (register exchange needs --tile 1, radix 4 --tile 2). A tiling no streaming
 * decoder realises is FG_EINVAL naming the option and its range. */
#include "fecforge/family.h"

#include "fecforge/error.h"
#include "fecforge/viterbi.h"
#include "fecforge/viterbi_hw.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int radix; /* 0: 2, 1: 4 */
    int tb;    /* fg_vit_hw_tb */
} cycle_cfg;

static const fg_opt cycle_opts[] = {
    {"radix", 0, FG_OPT_CHOICE, offsetof(cycle_cfg, radix), .words = "2|4", .def = "2", .meta = "R",
     .help = "trellis stages per cycle: 1 (radix 2) or 2 (radix 4; the same decided bits)"},
    {"traceback", 0, FG_OPT_CHOICE, offsetof(cycle_cfg, tb), .words = "memory|exchange", .def = "memory",
     .meta = "T", .help = "survivor storage: traceback memory (blocks of --tile stages), or register\n"
                           "exchange (--tile 1; radix 4: 2)"},
    {NULL}};

static void cycle_default(void *p) { *(cycle_cfg *)p = (cycle_cfg){0, FG_VIT_HW_MEMORY}; }

/* The hardware of instance v with the implementation's options, or FG_EINVAL naming the option. */
static int hw_of(const fg_vit_family_view *v, const cycle_cfg *c, fg_vit_hw_cfg *out)
{
    const fg_vit_dec_cfg *g = &v->dec;
    const int S = c->radix ? 2 : 1, stages = fg_vit_stages(&v->code, g->ending, v->k);
    if (g->ending == FG_VIT_TAILBITING)
        return fg_set_error(FG_EINVAL, "--ending=tailbiting invalid with --impl cycle: the streaming decoder takes "
                            "terminated or truncated frames");
    if (g->f < S || g->f > FG_VIT_HW_BLOCK_MAX)
        return fg_set_error(FG_EINVAL, "--tile=%d out of range [%d, %d] with --impl cycle: the traceback block D of "
                            "the streaming decoder (0, maximum likelihood, needs the whole frame)", g->f, S,
                            FG_VIT_HW_BLOCK_MAX);
    if (stages > 65536) /* --overlap-left would need [stages, 65536]: an empty range, so say what limits */
        return fg_set_error(FG_EINVAL, "--bits=%d invalid with --impl cycle: a frame of %d trellis stages, and the "
                            "streaming decoder's metrics run from the frame's start (--overlap-left at least the "
                            "frame's stages, at most 65536): --bits at most %d", v->k, stages, v->k - (stages - 65536));
    if (g->v1 < stages)
        return fg_set_error(FG_EINVAL, "--overlap-left=%d out of range [%d, 65536] with --impl cycle: the streaming "
                            "decoder's metrics run from the frame's start (v1 >= the frame's %d stages)", g->v1,
                            stages, stages);
    if (g->f0 != 0 && g->f0 != g->f)
        return fg_set_error(FG_EINVAL, "--subframe=%d invalid with --impl cycle: 0 or --tile=%d (one traceback per "
                            "block)", g->f0, g->f);
    const fg_vit_hw_cfg h = fg_vit_hw_cfg_of(&v->code, g, 2 * S, (fg_vit_hw_tb)c->tb, g->v2, g->f);
    fg_vit_hw_dims d;
    const int rc = fg_vit_hw_resolve(&h, &d);
    if (!rc) {
        *out = h;
        return 0;
    }
    /* the hardware's parameters are the family's options here */
    const void *f = fg_last_error_field();
    if (f == &h.depth)
        return fg_prefix_error(FG_EINVAL, "--overlap-right (the traceback depth L): ");
    if (f == &h.block)
        return fg_prefix_error(FG_EINVAL, "--tile (the traceback block D): ");
    if (f == &h.code.K)
        return fg_prefix_error(FG_EINVAL, "--K with --impl cycle: ");
    return fg_prefix_error(FG_EINVAL, "--impl cycle: ");
}

static int cycle_check(const fg_family_inst *fi, const void *icfg)
{
    fg_vit_family_view v;
    fg_vit_hw_cfg h;
    int rc = fg_vit_family_view_of(fi, &v);
    return rc ? rc : hw_of(&v, icfg, &h);
}

typedef struct {
    fg_vit_family_view v;
    fg_vit_hw *hw;
    int stages;
    int32_t *q_sn;
    uint8_t *era_sn;
} cycle_worker;

static void cycle_destroy(void *p)
{
    cycle_worker *w = p;
    if (!w)
        return;
    fg_vit_hw_destroy(w->hw);
    free(w->q_sn);
    free(w->era_sn);
    free(w);
}

static int cycle_create(const fg_family_inst *fi, const void *icfg, int device, void **out)
{
    (void)device;
    cycle_worker *w = calloc(1, sizeof *w);
    *out = w;
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    fg_vit_hw_cfg h;
    int rc = fg_vit_family_view_of(fi, &w->v);
    if (rc || (rc = hw_of(&w->v, icfg, &h)) || (rc = fg_vit_hw_create(&h, &w->hw)))
        return rc;
    const fg_vit_code *c = &w->v.code;
    w->stages = fg_vit_stages(c, w->v.dec.ending, w->v.k);
    const size_t sn = (size_t)w->stages * (size_t)c->n;
    w->q_sn = malloc(sizeof *w->q_sn * sn);
    w->era_sn = malloc(sn);
    if (!w->q_sn || !w->era_sn)
        return fg_set_error(FG_ENOMEM, "out of memory for a frame of %d stages", w->stages);
    for (int t = 0; t < w->stages; t++)
        for (int b = 0; b < c->n; b++)
            w->era_sn[(size_t)t * (size_t)c->n + (size_t)b] = (uint8_t)!fg_vit_sent(c, t, b);
    return 0;
}

static int cycle_decode(void *p, const fg_decode_io *io)
{
    cycle_worker *w = p;
    const int sent = fg_vit_sent_len(&w->v.code, w->v.dec.ending, w->v.k);
    for (int i = 0; i < io->count; i++) {
        int rc = fg_vit_depuncture_q(&w->v.code, w->v.dec.ending, w->v.k, io->llr_q + (size_t)i * (size_t)sent,
                                     w->q_sn);
        if (!rc)
            rc = fg_vit_hw_decode(w->hw, w->q_sn, w->era_sn, w->stages, w->v.dec.ending == FG_VIT_TERMINATED,
                                  io->bits + (size_t)i * (size_t)w->v.k, NULL);
        if (rc)
            return rc;
        if (io->work)
            io->work[i] = (int32_t)(w->v.work < INT32_MAX ? w->v.work : INT32_MAX);
    }
    return 0;
}

const fg_family_impl fg_vit_impl_cycle = {
    .name = "cycle",
    .summary = "the streaming decoder's cycle-accurate step model (docs/rtl-viterbi.md)",
    .input = FG_IMPL_QUANT, .compare = FG_COMPARE_EXACT,
    .no_app = 1,
    .opts = cycle_opts,
    .cfg_size = sizeof(cycle_cfg),
    .cfg_default = cycle_default,
    .check = cycle_check,
    .create = cycle_create,
    .destroy = cycle_destroy,
    .decode = cycle_decode,
};
