/* A design declared once through fecforge_gen/block.h alone (cli/tests/toy_design.sh): an accumulator of
 * --lanes signed --width-bit inputs into an --acc-width-bit register. Its options, its port table, its
 * template (toy_rtl/fg_toy_acc.vh, embedded) and its step model are all it declares: gen (module, files.f,
 * manifest, testbench, README.md), vectors, verify and the SystemC co-simulation come from the block's renderers,
 * with no line of cli/. FG_TOY_ACC_SUBTRACT=1 makes the step model subtract (toy_design.sh: a model that fails). */
#include "toy_design.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/block.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { LANES_MAX = 8 };

typedef struct {
    int lanes, width, acc_width;
} acc_cfg;

typedef struct {
    int cycles;
    uint64_t seed;
} acc_run;

/* The model's ports: inputs and outputs as the port table binds them. */
typedef struct {
    int valid, clear;
    int32_t data[LANES_MAX];
} acc_in;
typedef struct {
    int valid;
    int32_t acc;
} acc_out;

#define C(f) offsetof(acc_cfg, f)
static const fg_opt cfg_opts[] = {
    {"lanes", 0, FG_OPT_INT, C(lanes), 1, LANES_MAX, .def = "2", .meta = "L", .help = "input lanes summed each cycle"},
    {"width", 0, FG_OPT_INT, C(width), 2, 16, .def = "6", .meta = "W", .help = "bits of a lane (two's complement)"},
    {"acc-width", 0, FG_OPT_INT, C(acc_width), 3, 32, .def = "12", .meta = "A",
     .help = "bits of the accumulator (wraps around; more than --width)"},
    {NULL}};
#undef C
static const fg_design_part parts[] = {{"accumulator", cfg_opts, 0}, {NULL, NULL, 0}};

#define R(f) offsetof(acc_run, f)
static const fg_opt run_opts[] = {
    {"cycles", 0, FG_OPT_INT, R(cycles), 1, 100000, .def = "200", .meta = "N", .help = "cycles of random inputs"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the inputs"},
    {NULL}};
#undef R
static const fg_design_part run_parts[] = {{"vector sets", run_opts, 0}, {NULL, NULL, 0}};

static void cfg_default(void *p) { *(acc_cfg *)p = (acc_cfg){2, 6, 12}; }

static int finish(void *p, const fg_opts *given)
{
    const acc_cfg *c = p;
    if (c->acc_width > c->width)
        return 0;
    char width[64]; /* fg_opts_name's text lasts until its next call */
    snprintf(width, sizeof width, "%s", fg_opts_name(given, &c->width));
    return fg_set_error(FG_EINVAL, "%s=%d invalid: more than %s=%d", fg_opts_name(given, &c->acc_width), c->acc_width,
                        width, c->width);
}

static void top(const void *p, char *buf, size_t n)
{
    const acc_cfg *c = p;
    snprintf(buf, n, "fg_toy_acc_l%d_w%d_a%d", c->lanes, c->width, c->acc_width);
}

static int ports(const void *p, fg_port *out)
{
    const acc_cfg *c = p;
    const fg_port all[] = {
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock"},
        {"rst_ni", FG_VEC_IN, FG_PORT_RESET, 1, 1, .doc = "synchronous active-low reset"},
        {"in_valid_i", FG_VEC_IN, FG_PORT_DATA, 1, 1, 0, 0, "the lanes carry values to add", FG_PORT_INT,
         offsetof(acc_in, valid), 0, 0, .group = 0},
        {"in_clear_i", FG_VEC_IN, FG_PORT_DATA, 1, 1, 0, 0, "the accumulator restarts from 0 (before any add)",
         FG_PORT_INT, offsetof(acc_in, clear), 0, 0, .group = 0},
        {"in_data_i", FG_VEC_IN, FG_PORT_DATA, c->lanes, c->width, 1, 1, "the lanes", FG_PORT_I32,
         offsetof(acc_in, data), 0, 0, .group = 0},
        {"out_valid_o", FG_VEC_OUT, FG_PORT_DATA, 1, 1, 0, 0, "in_valid_i of the cycle before", FG_PORT_INT,
         offsetof(acc_out, valid), 0, 0, .group = 0},
        {"out_acc_o", FG_VEC_OUT, FG_PORT_DATA, 1, c->acc_width, 1, 0, "the accumulator", FG_PORT_I32,
         offsetof(acc_out, acc), 0, 0, .group = 0},
    };
    memcpy(out, all, sizeof all);
    return (int)(sizeof all / sizeof *all);
}

static void fill(const void *p, fg_tpl *t)
{
    const acc_cfg *c = p;
    fg_tpl_int(t, "L", c->lanes);
    fg_tpl_int(t, "W", c->width);
    fg_tpl_int(t, "A", c->acc_width);
}

/* ---- the step model ---- */

typedef struct {
    acc_cfg c;
    int valid_q, sign; /* sign: +1, or -1 with FG_TOY_ACC_SUBTRACT=1 */
    int64_t acc_q;
} acc_model;

static int model_create(const void *p, void **out)
{
    acc_model *m = calloc(1, sizeof *m);
    if (!m)
        return fg_set_error(FG_ENOMEM, "out of memory");
    m->c = *(const acc_cfg *)p;
    m->sign = getenv("FG_TOY_ACC_SUBTRACT") && !strcmp(getenv("FG_TOY_ACC_SUBTRACT"), "1") ? -1 : 1;
    *out = m;
    return 0;
}

/* v as an A-bit two's complement value. */
static int64_t wrap(int64_t v, int A)
{
    const uint64_t m = ((uint64_t)1 << A) - 1;
    const uint64_t u = (uint64_t)v & m;
    return (u >> (A - 1)) & 1 ? (int64_t)(u | ~m) : (int64_t)u;
}

static void model_step(void *p, const void *inp, void *outp)
{
    acc_model *m = p;
    const acc_in *in = inp;
    acc_out *out = outp;
    out->valid = m->valid_q, out->acc = (int32_t)m->acc_q;
    int64_t sum = 0;
    for (int l = 0; l < m->c.lanes; l++)
        sum += in->data[l];
    m->valid_q = in->valid;
    m->acc_q = in->clear ? 0 : in->valid ? wrap(m->acc_q + m->sign * sum, m->c.acc_width) : m->acc_q;
}

static void model_destroy(void *m) { free(m); }

static int drive(const void *p, const void *rp, int i, fg_rng *r, long cycle, void *inp)
{
    (void)i;
    const acc_cfg *c = p;
    const acc_run *run = rp;
    if (cycle >= run->cycles)
        return 0;
    acc_in *in = inp;
    const uint32_t x = fg_rng_next_u32(r);
    in->valid = (x & 3u) != 0;
    in->clear = (x >> 2 & 15u) == 0;
    for (int l = 0; l < c->lanes; l++)
        in->data[l] = (int32_t)wrap(fg_rng_next_u32(r), c->width);
    return 1;
}

static uint64_t seed_of(const void *run) { return ((const acc_run *)run)->seed; }

/* ---- the design: the block's renderers ---- */

static const fg_block block;

static int generate(const void *cfg, const char *dir) { return fg_block_generate(&block, cfg, dir); }

static void run_default(void *p, int all)
{
    (void)all;
    *(acc_run *)p = (acc_run){200, 1};
}

static int sets(const void *cfg, const void *run)
{
    (void)cfg, (void)run;
    return 1;
}

static void set_name(const void *cfg, const void *run, int i, char *buf, size_t n)
{
    (void)cfg, (void)run;
    snprintf(buf, n, "set%d", i);
}

static int vectors(const void *cfg, const void *run, int i, const char *dir)
{
    return fg_block_vectors(&block, cfg, run, i, dir);
}

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    (void)p;
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
}

static const char *const summary_keys[] = {"trace_cycles", NULL};

const fg_design fg_toy_acc_design = {
    .name = "toy-acc",
    .summary = "a test design: an accumulator of signed lanes, declared once",
    .doc = "cli/tests/toy_design.c",
    .about = "An accumulator of --lanes signed --width-bit lanes into an --acc-width-bit register that wraps\n"
             "around, declared once as options, a port table, a template and a step model.",
    .example_args = "--lanes 2 --width 6 --acc-width 12",
    .example_run = "--cycles 200",
    .parts = parts,
    .cfg_size = sizeof(acc_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .top = top,
    .generate = generate,
    .describe = describe,
    .run_parts = run_parts,
    .run_size = sizeof(acc_run),
    .run_default = run_default,
    .sets = sets,
    .set_name = set_name,
    .vectors = vectors,
    .summary_keys = summary_keys,
    .seed_of = seed_of,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .vec_model = &block.vec_model,
};

static const fg_block block = {
    .design = &fg_toy_acc_design,
    .template = "fg_toy_acc",
    .what = "A test design: an accumulator of signed lanes (cli/tests/toy_design.c)",
    .fill = fill,
    .model = {ports, sizeof(acc_in), sizeof(acc_out), model_create, model_step, model_destroy},
    .drive = drive,
    .seed_of = seed_of,
    .vec_model = FG_BLOCK_VEC_MODEL("toy-acc"),
};

extern const fg_gen_text fg_toy_templates[]; /* the templates of toy_rtl/, embedded by cli/CMakeLists.txt */

int fg_toy_design_register(void)
{
    const int rc = fg_gen_templates_add(fg_toy_templates);
    return rc ? rc : fg_design_register(&fg_toy_acc_design);
}
