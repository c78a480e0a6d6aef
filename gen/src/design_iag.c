/* The interleaver address generators as a design (fecforge_gen/design.h; docs/rtl-iag-lte.md,
 * docs/rtl-iag-umts.md): the RTL twin of fg_iag_step for one standard, K and the lane programs as inputs. */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/iag.h"
#include "fecforge/interleaver.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(fg_std) == sizeof(int), "--std writes an int into fg_gen_iag_cfg.std");

#define O(f) offsetof(fg_gen_iag_cfg, f)
static const fg_opt iag_opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def = "lte", .meta = "S",
     .help = "the standard: lte (the QPP IAG) or umts (the HSPA+ unified IAG)"},
    {"pllr", 0, FG_OPT_INT, O(pllr), 4, FG_IAG_LANES_MAX, .def = "64", .meta = "P",
     .help = "lanes, a multiple of 4"},
    {"forward-only", 0, FG_OPT_FLAG, O(forward_only),
     .help = "the interleave-only variant (umts only; lte shares one engine for both modes)"},
    {NULL}};
#undef O

static const fg_design_part parts[] = {{"interleaver address generator", iag_opts, 0}, {NULL, NULL, 0}};

static void cfg_default(void *p) { *(fg_gen_iag_cfg *)p = fg_gen_iag_cfg_default(); }

static int finish(void *p, const fg_opts *given)
{
    fg_gen_iag_cfg *c = p;
    return fg_gen_iag_check(c) ? fg_opts_field_error(given, FG_EINVAL, NULL, 0, NULL) : 0; /* on the options' fields */
}

static void top(const void *p, char *buf, size_t n) { fg_gen_iag_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_iag(p, dir); }

static int latency(const fg_gen_iag_cfg *c) { return c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE; }

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const fg_gen_iag_cfg *c = p;
    fg_json_str(j, "std", fg_std_name(c->std));
    fg_json_int(j, "pllr", c->pllr);
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "latency_cycles", latency(c));
}

static void gen_text(const void *p, char *buf, size_t n) { snprintf(buf, n, "latency %d", latency(p)); }

/* ---- vector sets: one half-iteration from reset (preprocessing, start, C0 input cycles, latency) per K
 * and mode; --traffic sweep / stress: one set of every K (fg_vec_make_iag_traffic) ---- */

typedef struct {
    fg_design_halves_run h; /* first: FG_DESIGN_HALVES_OPTS are its offsets */
    int traffic;            /* 0 xmap, 1 sweep, 2 stress, 3 all */
} iag_run;

static const fg_opt halves_opts[] = {
    FG_DESIGN_HALVES_OPTS("mode", "forward", "inverse", "forward (x -> pi(x)), inverse (x -> pi^-1(x)) or both"),
    {"traffic", 0, FG_OPT_CHOICE, offsetof(iag_run, traffic), .words = "xmap|sweep|stress|all", .meta = "T",
     .def = "xmap",
     .help = "xmap: per K and --mode one XMAP half-iteration from reset; sweep, stress: one set of every K,\n"
             "each after a reset (docs/rtl-interleaver.md \"Verification\"); all: the three"},
    {NULL}};

static const fg_design_part run_parts[] = {{"vector sets", halves_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    memset(p, 0, sizeof(iag_run));
    fg_design_halves_default(p, all);
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const fg_gen_iag_cfg *c = cp;
    fg_design_halves_run *r = p;
    r->std = c->std; /* the hardware's standard */
    if (c->forward_only && r->dir != 0)
        return fg_set_error(FG_EINVAL, "%s: the design has no inverse mode; use --mode forward",
                            fg_opts_name(given, &c->forward_only));
    return fg_design_halves_finish(r);
}

static void run_free(void *p) { fg_design_halves_free(p); }

/* The XMAP sets first (traffic xmap or all), then sweep, then stress. */
static int xmap_sets(const iag_run *r) { return r->traffic == 0 || r->traffic == 3 ? fg_design_halves_sets(&r->h) : 0; }

static int traffic_of(const iag_run *r, int i) { return r->traffic == 3 ? i - xmap_sets(r) + 1 : r->traffic; }

static int sets(const void *cp, const void *p)
{
    (void)cp;
    const iag_run *r = p;
    return xmap_sets(r) + (r->traffic == 3 ? 2 : r->traffic ? 1 : 0);
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)cp;
    const iag_run *r = p;
    const char *std = r->h.std == FG_STD_LTE ? "lte" : "umts", *t = traffic_of(r, i) == 1 ? "sweep" : "stress";
    if (i < xmap_sets(r))
        fg_design_halves_name(&r->h, i, "forward", "inverse", buf, n);
    else if (r->h.nK == 1)
        snprintf(buf, n, "%s-k%d-%s", std, r->h.Ks[0], t);
    else
        snprintf(buf, n, "%s-%s-%d-sizes", std, t, r->h.nK);
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const fg_gen_iag_cfg *c = cp;
    const iag_run *r = p;
    iag_run one = *r; /* set i alone: its manifest's options */
    const fg_design_set set = {&fg_design_iag, c, &one};
    one.traffic = i < xmap_sets(r) ? 0 : traffic_of(r, i);
    if (i < xmap_sets(r)) {
        fg_design_halves_one(&r->h, i, &one.h);
        return fg_vec_make_iag(dir, c->std, one.h.K.v[0], c->pllr, one.h.dir, fg_design_set_options(&set), NULL);
    }
    const fg_vec_iag_params v = {c->std, c->pllr, c->forward_only, (fg_vec_iag_traffic)traffic_of(r, i),
                                 r->h.Ks, r->h.nK, 2014, fg_design_set_options(&set)};
    return fg_vec_make_iag_traffic(dir, &v, NULL);
}

static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
    const int std = fg_rng_next_u32(rs) % 2 ? FG_STD_LTE : FG_STD_UMTS;
    const int pllr = 4 * (1 + (int)(fg_rng_next_u32(rs) % (uint32_t)(size / 4)));
    snprintf(args, n, "--std %s --pllr %d", std == FG_STD_LTE ? "lte" : "umts", pllr);
    fg_design_halves_random(rs, std, "mode", args, n);
    return 0;
}

static const char *const summary_keys[] = {"C0", "preprocess_cycles", "sizes", "latency", "trace_cycles", NULL};

const fg_design fg_design_iag = {
    .name = "iag",
    .summary = "the interleaver address generators of LTE and HSPA+ (thesis 4.7.1)",
    .doc = "docs/rtl-interleaver.md",
    .about = "The interleaver address generator of the standard (docs/rtl-interleaver.md), cycle-exact with\n"
             "the step model of `fecforge interleaver --iag`; K and the lane programs are inputs. A vector set\n"
             "is one half-iteration from reset: the preprocessing of K, start, C0 input cycles in XMAP lane\n"
             "order and the latency; streams lane_prog, stimulus and expected. --traffic sweep and stress\n"
             "write one set of every K, each after a reset in the stimulus: the checks of the IAG's RTL.\n"
             "The ports (fg_iag_ports): a traffic set streams them all, an XMAP set those before rst_ni.",
    .example_args = "--std lte --pllr 8",
    .example_run = "--K 40",
    .parts = parts,
    .cfg_size = sizeof(fg_gen_iag_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .top = top,
    .generate = generate,
    .describe = describe,
    .gen_text = gen_text,
    .run_parts = run_parts,
    .run_size = sizeof(iag_run),
    .run_default = run_default,
    .run_finish = run_finish,
    .run_free = run_free,
    .sets = sets,
    .set_name = set_name,
    .vectors = vectors,
    .summary_keys = summary_keys,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .random = random_args,
    .random_size_name = "max-pllr",
    .random_size_lo = 4,
    .random_size_hi = 64,
    .random_size_def = 16,
};
