/* The interleaver write-path subsystem as a design (fecforge_gen/design.h; docs/rtl-subsystem.md): IAG,
 * LLR delay, bank mapper and DBCF under one top, the RTL twin of fg_subsys_step. */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

_Static_assert(sizeof(fg_bank_mapping) == sizeof(int), "--mapping writes an int into fg_gen_subsys_cfg.mapping");

#define O(f) offsetof(fg_gen_subsys_cfg, f)
static const fg_opt path_opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def = "umts", .meta = "S",
     .help = "the standard of the IAG"},
    {NULL}};

static const fg_design_part parts[] = {
    {"write path", path_opts, 0},
    {NULL, fg_design_mapping_option, O(mapping)},
    {"DBCF network", fg_dbcf_options, O(dbcf) + offsetof(fg_gen_dbcf_cfg, dbcf)},
    {"RTL", fg_design_dbcf_rtl_opts, O(dbcf)},
    {NULL, NULL, 0}};
#undef O

static void cfg_default(void *p)
{
    fg_gen_subsys_cfg *c = p;
    *c = fg_gen_subsys_cfg_default();
    c->dbcf.dbcf = fg_dbcf_cfg_default();
    c->dbcf.width = 16;
    c->mapping = FG_MAP_XMAP;
}

static int finish(void *p, const fg_opts *given)
{
    fg_gen_subsys_cfg *c = p;
    const fg_dbcf_cfg *d = &c->dbcf.dbcf;
    if (!fg_opts_given(given, &c->dbcf.bank_depth)) {
        const int need = fg_gen_subsys_bank_depth(c->std, d->pllr, d->banks, c->mapping);
        if (need > 0)
            c->dbcf.bank_depth = need;
    }
    if (!fg_gen_subsys_check(c))
        return 0;
    if (fg_design_dbcf_check(&c->dbcf, given)) /* the network's own parameters first */
        return FG_EINVAL;
    fg_gen_subsys_check(c); /* its message again */
    return fg_opts_field_error(given, FG_EINVAL, NULL, 0, NULL);
}

static void top(const void *p, char *buf, size_t n) { fg_gen_subsys_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_subsys(p, dir); }

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const fg_gen_subsys_cfg *c = p;
    fg_json_str(j, "std", fg_std_name(c->std));
    fg_json_str(j, "mapping", fg_bank_mapping_name(c->mapping));
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "bank_depth", c->dbcf.bank_depth);
    fg_json_int(j, "latency_cycles", 0);
}

static void gen_text(const void *p, char *buf, size_t n)
{
    snprintf(buf, n, "bank depth %d", ((const fg_gen_subsys_cfg *)p)->dbcf.bank_depth);
}

/* ---- vector sets: one half-iteration from reset until every word is in its bank ---- */

static const fg_opt halves_opts[] = {
    FG_DESIGN_HALVES_OPTS("mode", "forward", "inverse",
                          "forward (the lanes write position x to pi(x)), inverse (to pi^-1(x)) or both"),
    {NULL}};

static const fg_design_part run_parts[] = {{"vector sets", halves_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    memset(p, 0, sizeof(fg_design_halves_run));
    fg_design_halves_default(p, all);
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const fg_gen_subsys_cfg *c = cp;
    fg_design_halves_run *r = p;
    r->std = c->std; /* the hardware's standard */
    if (c->dbcf.width > 31)
        return fg_set_error(FG_EINVAL, "%s=%d out of range [1, 31] for the subsystem's vector sets",
                            fg_opts_name(given, &c->dbcf.width), c->dbcf.width);
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
    const fg_gen_subsys_cfg *c = cp;
    fg_design_halves_run one; /* set i alone: its manifest's options */
    const fg_design_set set = {&fg_design_subsys, c, &one};
    fg_design_halves_one(p, i, &one);
    fg_vec_subsys_params v = {.cfg = c->dbcf.dbcf, .std = c->std, .K = one.K.v[0], .inverse = one.dir, .mapping = c->mapping,
                              .data_width = c->dbcf.width, .options = fg_design_set_options(&set)};
    v.cfg.stall = 0;
    return fg_vec_make_subsys(dir, &v);
}

/* A random legal write path: powers of 2 for the RTL mapper, no block mapping. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    static const char *const maps[] = {"xmap", "xmap-xor", "mod"};
    const int std = PICK(2) ? FG_STD_LTE : FG_STD_UMTS;
    int lg = 0; /* powers of 2 in [4, size] */
    while ((8 << lg) <= size)
        lg++;
    const int pllr = 4 << PICK(lg + 1);
    const char *map = maps[PICK(3)];
    const int banks = pllr * (1 + PICK(2));
    char sel[8];
    if (PICK(6) == 0)
        snprintf(sel, sizeof sel, "all");
    else
        snprintf(sel, sizeof sel, "%d", 1 + PICK(4));
    const int fifo = PICK(7), buf = PICK(9);
    const char *offer = PICK(3) == 0 ? "head" : "dual";
    const int seed = 1 + PICK(0xFFFF);
    snprintf(args, n,
             "--std %s --mapping %s --pllr %d --banks %d --select %s --fifo-depth %d --buf-depth %d --offer %s "
             "--lfsr-seed 0x%04x --width 16",
             std == FG_STD_LTE ? "lte" : "umts", map, pllr, banks, sel, fifo, buf, offer, seed);
    fg_design_halves_random(rs, std, "mode", args, n);
    return 0;
#undef PICK
}

static const char *const summary_keys[] = {"C0", "C1", "dC", "overflow", "misplaced", "errs", "preprocess_cycles",
                                           "latency", "trace_cycles", NULL};
static const char *const loss_keys[] = {"overflow", "misplaced", NULL};
static const char *const config_ignore[] = {"lfsr_taps", NULL};

const fg_design fg_design_subsys = {
    .name = "subsystem",
    .summary = "the interleaver write path: IAG, LLR delay, bank mapper and DBCF (docs/rtl-subsystem.md)",
    .doc = "docs/rtl-subsystem.md",
    .about = "The interleaver write path, IAG -> LLR delay -> bank mapper -> DBCF (docs/rtl-subsystem.md),\n"
             "cycle-exact with the step model fg_subsys_step; it holds the modules of `gen iag` and `gen dbcf`\n"
             "unchanged. Mappings xmap and xmap-xor need PLLR and M/PLLR powers of 2, mod needs M a power of\n"
             "2. A vector set is one half-iteration from reset (preprocessing, start, C0 input cycles in XMAP\n"
             "lane order with LLR = position, until every word is in its bank); streams lane_prog, stimulus,\n"
             "expected and banks.",
    .example_args = "--std lte --pllr 8 --banks 16 --select 2 --fifo-depth 2 --buf-depth 4",
    .example_run = "--K 40",
    .parts = parts,
    .cfg_size = sizeof(fg_gen_subsys_cfg),
    .cfg_default = cfg_default,
    .config_ignore = config_ignore,
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
    .loss_keys = loss_keys,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .random = random_args,
    .random_size_name = "max-pllr",
    .random_size_lo = 4,
    .random_size_hi = 64,
    .random_size_def = 16,
};
