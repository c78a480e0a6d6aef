/* The DBCF write network as a design (fecforge_gen/design.h; docs/rtl-dbcf.md): parameters, generator,
 * vector sets of one half-iteration per block size and direction. */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define O(f) offsetof(fg_gen_dbcf_cfg, f)
const fg_opt fg_design_dbcf_rtl_opts[] = {
    {"width", 0, FG_OPT_INT, O(width), 1, FG_GEN_WIDTH_MAX, .def = "16", .meta = "W", .flags = FG_OPT_CAPACITY,
     .help = "data (LLR) bits of the lanes and banks; a vector set's data are the position tags\n"
             "0..K-1 masked to W bits (16 holds every tag: a misplaced word cannot hide)"},
    {"data-width", 0, FG_OPT_INT, 0, .alias_of = "width"},
    {"data-bits", 0, FG_OPT_INT, 0, .alias_of = "width"},
    {"bank-depth", 0, FG_OPT_INT, O(bank_depth), 1, FG_GEN_BANK_DEPTH_MAX, .meta = "D", .flags = FG_OPT_CAPACITY,
     .def_text = "the deepest bank a UMTS or LTE block needs with this PLLR and M",
     .help = "rows per bank: the row port's width (vector sets use the rows their block needs)"},
    {NULL}};
#undef O

static const fg_design_part parts[] = {{"DBCF network", fg_dbcf_options, offsetof(fg_gen_dbcf_cfg, dbcf)},
                                       {"RTL", fg_design_dbcf_rtl_opts, 0},
                                       {NULL, NULL, 0}};

static void cfg_default(void *p)
{
    fg_gen_dbcf_cfg *c = p;
    *c = fg_gen_dbcf_cfg_default();
    c->width = 16;
}

/* fg_gen_dbcf_check runs on the options' fields: the option of the one it refuses names its message. */
int fg_design_dbcf_check(const fg_gen_dbcf_cfg *c, const fg_opts *given)
{
    return fg_gen_dbcf_check(c) ? fg_opts_field_error(given, FG_EINVAL, NULL, 0, NULL) : 0;
}

static int finish(void *p, const fg_opts *given)
{
    fg_gen_dbcf_cfg *c = p;
    if (!fg_opts_given(given, &c->bank_depth))
        c->bank_depth = fg_gen_dbcf_default_bank_depth(c->dbcf.pllr, c->dbcf.banks);
    return fg_design_dbcf_check(c, given);
}

static void top(const void *p, char *buf, size_t n) { fg_gen_dbcf_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_dbcf(p, dir); }

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const fg_gen_dbcf_cfg *c = p;
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "bank_depth", c->bank_depth);
}

static void gen_text(const void *p, char *buf, size_t n)
{
    snprintf(buf, n, "bank depth %d", ((const fg_gen_dbcf_cfg *)p)->bank_depth);
}

/* ---- vector sets: one half-iteration of the network fed in XMAP lane order, and random traffic ---- */

enum { TRAFFIC_HALF, TRAFFIC_RANDOM, TRAFFIC_BOTH };

typedef struct {
    fg_design_halves_run h;
    int mapping;         /* fg_bank_mapping */
    fg_dbcf_cfg traffic; /* .stall: the producers stall on a rejected word (the model's baseline) */
    int kind;            /* TRAFFIC_* */
    int cycles;
    uint64_t seed;
} dbcf_run;

static const fg_opt halves_opts[] = {
    FG_DESIGN_HALVES_STD_OPT,
    FG_DESIGN_HALVES_OPTS("direction", "interleave", "deinterleave",
                          "interleave (the lanes write in interleaved order), deinterleave or both"),
    {NULL}};

const fg_opt fg_design_mapping_option[] = {
    {"mapping", 0, FG_OPT_CHOICE, 0, .words = FG_MAPPING_WORDS, .def = "xmap", .meta = "NAME",
     .help = "bank mapping of the positions (docs/dbcf.md)"},
    {NULL}};

#define R(f) offsetof(dbcf_run, f)
static const fg_opt traffic_opts[] = {
    {"traffic", 0, FG_OPT_CHOICE, R(kind), .words = "half-iteration|random|both", .def = "half-iteration",
     .meta = "T",
     .help = "the sets: one half-iteration per block size and direction, one set of random traffic\n"
             "(overload phases, hot banks, words on idle lanes, a reset in flight at --cycles / 2), or both"},
    {"cycles", 0, FG_OPT_INT, R(cycles), 2, FG_VEC_DBCF_CYCLES_MAX, .def = "20000", .meta = "N",
     .help = "cycles of the random traffic"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the random traffic"},
    {NULL}};
#undef R

static const fg_design_part run_parts[] = {{"vector sets", halves_opts, offsetof(dbcf_run, h)},
                                           {NULL, fg_design_mapping_option, offsetof(dbcf_run, mapping)},
                                           {NULL, fg_dbcf_stall_option, offsetof(dbcf_run, traffic)},
                                           {NULL, traffic_opts, 0},
                                           {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    dbcf_run *r = p;
    memset(r, 0, sizeof *r);
    fg_design_halves_default(&r->h, all);
    r->cycles = 20000;
    r->seed = 1;
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const fg_gen_dbcf_cfg *c = cp;
    dbcf_run *r = p;
    int rc = fg_design_halves_finish(&r->h);
    if (r->kind == TRAFFIC_RANDOM) /* the checks of the half-iterations' lane schedule and mapping */
        return rc;
    if (!rc && c->dbcf.pllr % 4)
        rc = fg_set_error(FG_EINVAL, "%s=%d invalid for vector sets: a multiple of 4 (4 LLRs per radix-4 XMAP)",
                          fg_opts_name(given, &c->dbcf.pllr), c->dbcf.pllr);
    if (!rc && (r->mapping == FG_MAP_XMAP || r->mapping == FG_MAP_XMAP_XOR) && c->dbcf.banks % c->dbcf.pllr)
        rc = fg_set_error(FG_EINVAL, "%s=%d invalid for mapping %s: must be a multiple of PLLR=%d",
                          fg_opts_name(given, &c->dbcf.banks), c->dbcf.banks,
                          fg_bank_mapping_name((fg_bank_mapping)r->mapping), c->dbcf.pllr);
    return rc;
}

static void run_free(void *p) { fg_design_halves_free(&((dbcf_run *)p)->h); }

/* The half-iteration sets first, then the random one. */
static int halves(const dbcf_run *r) { return r->kind == TRAFFIC_RANDOM ? 0 : fg_design_halves_sets(&r->h); }

static int sets(const void *cp, const void *p)
{
    (void)cp;
    const dbcf_run *r = p;
    return halves(r) + (r->kind != TRAFFIC_HALF);
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)cp;
    const dbcf_run *r = p;
    if (i < halves(r))
        fg_design_halves_name(&r->h, i, "interleave", "deinterleave", buf, n);
    else
        snprintf(buf, n, "random-c%d", r->cycles);
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const fg_gen_dbcf_cfg *c = cp;
    const dbcf_run *r = p;
    dbcf_run one = *r; /* set i alone: its manifest's options */
    const fg_design_set set = {&fg_design_dbcf, c, &one};
    one.kind = i >= halves(r) ? TRAFFIC_RANDOM : TRAFFIC_HALF;
    if (i >= halves(r)) {
        const fg_vec_dbcf_random_params v = {.cfg = c->dbcf, .bank_depth = c->bank_depth, .data_width = c->width,
                                             .cycles = r->cycles, .seed = r->seed, .options = fg_design_set_options(&set)};
        return fg_vec_make_dbcf_random(dir, &v);
    }
    fg_design_halves_one(&r->h, i, &one.h);
    fg_vec_dbcf_params v = {.cfg = c->dbcf,
                            .std = (fg_std)r->h.std,
                            .K = one.h.K.v[0],
                            .dir = one.h.dir ? FG_DIR_DEINTERLEAVE : FG_DIR_INTERLEAVE,
                            .mapping = (fg_bank_mapping)r->mapping,
                            .data_width = c->width,
                            .options = fg_design_set_options(&set)};
    v.cfg.stall = r->traffic.stall;
    return fg_vec_make_dbcf(dir, &v, NULL);
}

static const char *const summary_keys[] = {"C0", "C1", "dC", "overflow", "misplaced", "trace_cycles", "coverage", NULL};
static const char *const loss_keys[] = {"overflow", "misplaced", NULL};
static const char *const config_ignore[] = {"lfsr_taps", NULL};

/* A random legal network of at most size lanes (a multiple of 4), a mapping, two block sizes, both
 * directions. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    static const char *const maps[] = {"xmap", "xmap-xor", "mod", "block"};
    const int std = PICK(2) ? FG_STD_LTE : FG_STD_UMTS, pllr = 4 * (1 + PICK(size / 4));
    const char *map = maps[PICK(4)];
    const int banks = pllr * (1 + PICK(2)); /* PLLR or 2 PLLR */
    char sel[8];
    if (PICK(6) == 0)
        snprintf(sel, sizeof sel, "all");
    else
        snprintf(sel, sizeof sel, "%d", 1 + PICK(4));
    const int fifo = PICK(7), buf = PICK(9);
    const char *offer = PICK(3) == 0 ? "head" : "dual";
    const int seed = 1 + PICK(0xFFFF);
    snprintf(args, n,
             "--pllr %d --banks %d --select %s --fifo-depth %d --buf-depth %d --offer %s --lfsr-seed 0x%04x "
             "--width 16 --std %s --mapping %s",
             pllr, banks, sel, fifo, buf, offer, seed, std == FG_STD_LTE ? "lte" : "umts", map);
    fg_design_halves_random(rs, std, "direction", args, n);
    return 0;
#undef PICK
}

const fg_design fg_design_dbcf = {
    .name = "dbcf",
    .summary = "the DBCF write network between PLLR lanes and M banks (thesis 4.6)",
    .doc = "docs/rtl-dbcf.md",
    .about = "The DBCF write network (docs/rtl-dbcf.md), cycle-exact with the step model of `fecforge dbcf`.\n"
             "A vector set is one half-iteration: the PLLR lanes write the positions of a block in XMAP\n"
             "order (the tags 0..K-1 as data) through the network into the banks of the mapping; streams\n"
             "stimulus, expected (every output, the FIFO and buffer levels and the LFSR per cycle) and\n"
             "banks (the final bank contents). --traffic random adds a set of random traffic: overload\n"
             "phases on hot banks, words on idle lanes and a reset in flight (rst_ni in its stimulus).",
    .example_args = "--pllr 8 --banks 16 --select 2 --fifo-depth 4 --buf-depth 4",
    .example_run = "--K 40",
    .parts = parts,
    .cfg_size = sizeof(fg_gen_dbcf_cfg),
    .cfg_default = cfg_default,
    .config_ignore = config_ignore,
    .finish = finish,
    .top = top,
    .generate = generate,
    .describe = describe,
    .gen_text = gen_text,
    .run_parts = run_parts,
    .run_size = sizeof(dbcf_run),
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
