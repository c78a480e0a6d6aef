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
    const fg_opt_param map[] = {{"PLLR=", &c->pllr}, {"forward_only=", &c->forward_only}, {"std=", &c->std}};
    return fg_gen_iag_check(c) ? fg_opts_name_error(given, FG_EINVAL, map, (int)(sizeof map / sizeof *map)) : 0;
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

/* ---- vector sets: one half-iteration from reset (preprocessing, start, C0 input cycles, latency) ---- */

static const fg_opt halves_opts[] = {
    FG_DESIGN_HALVES_OPTS("mode", "forward", "inverse", "forward (x -> pi(x)), inverse (x -> pi^-1(x)) or both"),
    {NULL}};

static const fg_design_part run_parts[] = {{"vector sets", halves_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    memset(p, 0, sizeof(fg_design_halves_run));
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

static int sets(const void *cp, const void *p)
{
    (void)cp;
    return fg_design_halves_sets(p);
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)cp;
    fg_design_halves_name(p, i, "forward", "inverse", buf, n);
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const fg_gen_iag_cfg *c = cp;
    int K, half;
    fg_design_halves_set(p, i, &K, &half);
    return fg_vec_make_iag(dir, c->std, K, c->pllr, half, NULL);
}

static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
    const int std = fg_rng_next_u32(rs) % 2 ? FG_STD_LTE : FG_STD_UMTS;
    const int pllr = 4 * (1 + (int)(fg_rng_next_u32(rs) % (uint32_t)(size / 4)));
    snprintf(args, n, "--std %s --pllr %d", std == FG_STD_LTE ? "lte" : "umts", pllr);
    fg_design_halves_random(rs, std, "mode", args, n);
    return 0;
}

static const char *const summary_keys[] = {"C0", "preprocess_cycles", "latency", "trace_cycles", NULL};

const fg_design fg_design_iag = {
    .name = "iag",
    .summary = "the interleaver address generators of LTE and HSPA+ (thesis 4.7.1)",
    .doc = "docs/rtl-interleaver.md",
    .about = "The interleaver address generator of the standard (docs/rtl-interleaver.md), cycle-exact with\n"
             "the step model of `fecforge interleaver --iag`; K and the lane programs are inputs. A vector set\n"
             "is one half-iteration from reset: the preprocessing of K, start, C0 input cycles in XMAP lane\n"
             "order and the latency; streams lane_prog, stimulus and expected.",
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
    .run_size = sizeof(fg_design_halves_run),
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
