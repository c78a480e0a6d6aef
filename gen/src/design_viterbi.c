/* The streaming Viterbi decoder as a design (fecforge_gen/design.h; docs/rtl-viterbi.md): the generated decoder
 * (fg_gen_viterbi) and its vector sets, frames of the viterbi family through the step model fg_vit_hw at the
 * top's ports. The code options are the family's (--K, --gen; --punct, --ending and --bits describe the frames
 * of the vector sets: the hardware takes any through its erasure flags and frame markers), the formats too
 * (--llr-width, --llr-frac, --sm-width, --norm); the hardware's own: --radix, --traceback, --tb-depth,
 * --tb-block. */
#include "design_internal.h"
#include "gen_viterbi.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define O(f) offsetof(fg_gen_viterbi_cfg, f)

static const fg_design_part parts[] = {{"code (the vector sets' frames: --punct, --ending, --bits)",
                                        fg_vit_code_options, O(code)},
                                       {"formats (docs/viterbi.md)", fg_vit_fixed_options, O(fx)},
                                       {"hardware", fg_vit_hw_options, O(hw)},
                                       {NULL, NULL, 0}};

static void cfg_default(void *p)
{
    fg_gen_viterbi_cfg *c = p;
    memset(c, 0, sizeof *c);
    c->fx = fg_vit_dec_cfg_default();
}

/* A run of vector sets: frames back to back, at full rate and with bubbles. */
typedef struct {
    int frames;
    double ebn0;
    uint64_t seed;
    int traffic; /* 0 full, 1 bubbles, 2 both */
} vit_run;
static fg_vec_viterbi_params params_of(const fg_gen_viterbi_cfg *c, const vit_run *r, int i);

static int finish(void *p, const fg_opts *given)
{
    fg_gen_viterbi_cfg *c = p;
    if (c->code.ending == FG_VIT_TAILBITING)
        return fg_set_error(FG_EINVAL, "%s=tailbiting invalid: terminated or truncated (the streaming decoder starts "
                            "every frame in state 0)", fg_opts_name(given, &c->code.ending));
    if (c->code.bits > 65536)
        return fg_set_error(FG_EINVAL, "%s=%d out of range [1, 65536] for the vector sets' frames",
                            fg_opts_name(given, &c->code.bits), c->code.bits);
    int rc = fg_gen_viterbi_resolve(c);
    if (!rc) { /* the defaults computed from the others as the values in effect (manifest, page, --config) */
        c->fx.w_pm = c->d.cfg.w_pm;
        c->hw.depth = c->d.L;
        c->hw.block = c->d.D;
    }
    if (!rc) { /* what the vector sets' frames need too (the family's formats: --llr-frac), for every verb */
        const fg_vec_viterbi_params v = params_of(c, &(vit_run){.frames = 1, .seed = 1}, 0);
        rc = fg_vec_viterbi_check(&v);
    }
    return rc ? fg_opts_field_error(given, rc, NULL, 0, NULL) : 0;
}
#undef O

static void top(const void *p, char *buf, size_t n) { fg_gen_viterbi_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_viterbi(p, dir); }

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const fg_vit_hw_dims *d = &((const fg_gen_viterbi_cfg *)p)->d;
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "states", d->M);
    fg_json_int(j, "stages_per_cycle", d->S);
    fg_json_int(j, "tb_depth", d->L);
    fg_json_int(j, "tb_block", d->D);
    fg_json_int(j, "memory_rows", d->rows);
    fg_json_int(j, "tb_rate", d->R);
    fg_json_int(j, "latency_cycles", 0);
}

static void gen_text(const void *p, char *buf, size_t n)
{
    const fg_vit_hw_dims *d = &((const fg_gen_viterbi_cfg *)p)->d;
    if (d->cfg.tb == FG_VIT_HW_MEMORY)
        snprintf(buf, n,
                 "%d states, %d stage%s a cycle, traceback memory of %d banks x %d x %d bits, %d stages a cycle",
                 d->M, d->S, d->S > 1 ? "s" : "", d->R, d->rb, d->M, d->R);
    else
        snprintf(buf, n, "%d states, %d stage%s a cycle, register exchange of %d x %d bits", d->M, d->S,
                 d->S > 1 ? "s" : "", d->M, d->L + d->D);
}

/* ---- vector sets: frames back to back, at full rate and with bubbles ---- */

#define R(f) offsetof(vit_run, f)
static const fg_opt run_opts[] = {
    {"frames", 0, FG_OPT_INT, R(frames), 1, 10000, .def = "4", .meta = "N",
     .help = "frames of --bits bits, back to back from reset (frame f from Philox stream f)"},
    {"ebn0", 0, FG_OPT_REAL, R(ebn0), -50, 100, .def = "2", .meta = "X", .help = "Eb/N0 of the frames in dB"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"traffic", 0, FG_OPT_CHOICE, R(traffic), .words = "full|bubbles|both", .meta = "T",
     .def_text = "full; verify: both",
     .help = "the input: a stage (radix 4: two) every cycle the decoder is ready, or with random idle\n"
             "cycles and ignored inputs while it is not ready"},
    {NULL}};
#undef R

static const fg_design_part run_parts[] = {{"vector sets", run_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    vit_run *r = p;
    memset(r, 0, sizeof *r);
    r->frames = 4;
    r->ebn0 = 2;
    r->seed = 1;
    r->traffic = all ? 2 : 0;
}

static int sets(const void *cp, const void *p)
{
    (void)cp;
    return ((const vit_run *)p)->traffic == 2 ? 2 : 1;
}

static int bubbles_of(const vit_run *r, int i) { return r->traffic == 2 ? i : r->traffic; }

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    const fg_gen_viterbi_cfg *c = cp;
    snprintf(buf, n, "k%d-%s-%s", c->code.bits, c->code.ending == FG_VIT_TERMINATED ? "terminated" : "truncated",
             bubbles_of(p, i) ? "bubbles" : "full");
}

static fg_vec_viterbi_params params_of(const fg_gen_viterbi_cfg *c, const vit_run *r, int i)
{
    fg_vec_viterbi_params v;
    memset(&v, 0, sizeof v);
    v.hw = c->d.cfg;
    v.hw.code = c->c; /* with the frames' puncturing */
    v.ending = (fg_vit_ending)c->code.ending;
    v.k = c->code.bits;
    v.frames = r->frames;
    v.f_llr = c->fx.f_llr;
    v.ebn0_db = r->ebn0;
    v.seed = r->seed;
    v.bubbles = bubbles_of(r, i);
    return v;
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    vit_run one = *(const vit_run *)p; /* set i alone: its manifest's options */
    one.traffic = bubbles_of(p, i);
    const fg_design_set set = {&fg_design_viterbi, cp, &one};
    fg_vec_viterbi_params v = params_of(cp, p, i);
    v.options = fg_design_set_options(&set);
    return fg_vec_make_viterbi(dir, &v, NULL);
}

static uint64_t seed_of(const void *p) { return ((const vit_run *)p)->seed; }

static int frames_of(const void *cp, const void *p, int i, char *args, size_t n, double *x, uint64_t *seed,
                     long long *count)
{
    const vit_run *r = p;
    const fg_vec_viterbi_params v = params_of(cp, r, i);
    *x = r->ebn0;
    *seed = r->seed;
    *count = r->frames;
    return fg_vec_viterbi_family_args(&v, args, n);
}

/* A random legal decoder with K up to `size` (3, 5, 7, 9): a code of the docs' tables, radix, traceback style,
 * depth and block, formats, puncturing or not, either ending, short frames. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    static const struct {
        int K;
        const char *gen, *punct;
    } codes[] = {{3, "7,5", "101,110"},    {5, "23,35", "10,11"}, {5, "25,33,37", "none"},
                 {7, "171,133", "101,110"}, {7, "133,171", "110,101"}, {9, "561,753", "10,11"}};
    int cand[8], nc = 0;
    for (int i = 0; i < (int)(sizeof codes / sizeof *codes); i++)
        if (codes[i].K <= size)
            cand[nc++] = i;
    if (!nc)
        return fg_set_error(FG_EINVAL, "--max-k=%d: no code of K <= %d (the smallest is K 3)", size, size);
    const int ci = cand[PICK(nc)], K = codes[ci].K, S = 1 + PICK(2), tb = PICK(2);
    const int L = S * ((K - 1 + S - 1) / S + PICK(5 * (K - 1) / S + 1));
    const int D = tb ? S : S * (1 + PICK(L / S + 2));
    snprintf(args, n,
             "--K %d --gen %s --punct %s --ending %s --bits %d --llr-width %d --norm %s --radix %d --traceback %s "
             "--tb-depth %d --tb-block %d --frames 3 --ebn0 %d --seed %d",
             K, codes[ci].gen, PICK(2) ? codes[ci].punct : "none", PICK(2) ? "terminated" : "truncated",
             1 + PICK(200), 3 + PICK(4), PICK(2) ? "modulo" : "subtract", 2 * S, tb ? "exchange" : "memory", L, D,
             PICK(6), 1 + PICK(1000));
    return 0;
#undef PICK
}

/* area viterbi: by module of the hierarchical synthesis. The comparators (fg_*argmax2) of the ACS units and of
 * the best-state tree are one module each: counted with the ACS array. */
static const fg_design_block area_blocks[] = {
    {"ACS array and every comparator",
     "fg_vit_acs fg_mod_add fg_mod_sub fg_mod_argmax2 fg_argmax2 fg_sat_add fg_sat_sub"},
    {"branch metrics (stage modules)", "fg_vit_stage_"},
    {"best-state tree (its selection muxes)", "fg_vit_tree"},
    {"survivors (traceback memory and engine, or register exchange), control, output", "fg_viterbi_"},
    {NULL, NULL}};

static const char *const summary_keys[] = {"trace_cycles", "frames", "cycles_frame0", "bit_errors", NULL};

const fg_design fg_design_viterbi = {
    .name = "viterbi",
    .summary = "the streaming Viterbi decoder: radix 2 or 4, traceback memory or register exchange "
               "(docs/rtl-viterbi.md)",
    .doc = "docs/rtl-viterbi.md",
    .about = "The streaming Viterbi decoder (docs/rtl-viterbi.md), cycle-exact with the step model fg_vit_hw: 2^(K-1)\n"
             "ACS units (radix 4: two levels a cycle), a best-state compare tree and a traceback memory with\n"
             "block tracebacks or register exchange. It decides what `fecforge ber viterbi --fixed` does with\n"
             "--tile D --overlap-right L --overlap-left 65536. A vector set is --frames frames of the viterbi\n"
             "family back to back from reset, every port of every cycle; streams stimulus, expected, decoded.\n",
    .example_args = "--K 5 --gen 23,35 --tb-depth 8 --bits 64",
    .example_run = "--frames 2",
    .parts = parts,
    .cfg_size = sizeof(fg_gen_viterbi_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .top = top,
    .generate = generate,
    .area_blocks = area_blocks,
    .describe = describe,
    .gen_text = gen_text,
    .run_parts = run_parts,
    .run_size = sizeof(vit_run),
    .run_default = run_default,
    .sets = sets,
    .set_name = set_name,
    .vectors = vectors,
    .summary_keys = summary_keys,
    .seed_of = seed_of,
    .family = "viterbi",
    .frames_of = frames_of,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .random = random_args,
    .random_size_name = "max-k",
    .random_size_lo = 3,
    .random_size_hi = FG_VIT_HW_K_MAX,
    .random_size_def = 7,
};
