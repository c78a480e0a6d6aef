/* The bit-accurate fixed-point turbo decoder and its radix-4 XMAP SISO as designs with vector sets only
 * (fecforge_gen/design.h; docs/turbo-fixed.md "Vectors"): `turbo-fixed` (whole decodes) and `xmap` (one
 * SISO run), the reference for a turbo decoder's RTL. Their family is `turbo`; the design `turbo` is the
 * generated decoder RTL. */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/vectors.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    fg_turbo_block_arg b;
    int norm; /* fg_xmap_norm */
    int half; /* after finish */
} turbo_cfg;

static const fg_opt norm_opt[] = {
    {"norm", 0, FG_OPT_CHOICE, offsetof(turbo_cfg, norm), .words = "modulo|subtract", .def = "modulo", .meta = "NAME",
     .help = "state-metric normalisation: modulo (wrap-around arithmetic) or subtract"},
    {NULL}};

static const fg_design_part parts[] = {{"block and decoder", fg_turbo_block_options, offsetof(turbo_cfg, b)},
                                       {NULL, norm_opt, 0},
                                       {NULL, NULL, 0}};

static void cfg_default(void *p)
{
    turbo_cfg *c = p;
    const fg_vec_turbo_params d = fg_vec_turbo_params_default();
    memset(c, 0, sizeof *c);
    c->b.std = (int)d.std;
    c->b.K = d.K;
    c->b.parallel = d.cfg.P;
    c->b.iter = d.cfg.half_iters / 2.0;
    c->b.nii = !d.cfg.nii;
    c->b.et = d.cfg.et;
}

static int finish(void *p, const fg_opts *given)
{
    (void)given;
    turbo_cfg *c = p;
    return fg_turbo_block_check(&c->b, &c->half);
}

/* One frame's decoder parameters and the run's into the library's. */
typedef struct {
    int frames, sub, half_iter;
    double ebn0;
    uint64_t seed;
} turbo_run;

static fg_vec_turbo_params params_of(const turbo_cfg *c, const turbo_run *r)
{
    fg_vec_turbo_params v = fg_vec_turbo_params_default();
    v.std = (fg_std)c->b.std;
    v.K = c->b.K;
    v.cfg.P = c->b.parallel;
    v.cfg.half_iters = c->half;
    v.cfg.nii = c->b.nii == 0;
    v.cfg.et = c->b.et;
    v.cfg.fmt.norm = (fg_xmap_norm)c->norm;
    v.frames = r->frames;
    v.ebn0_db = r->ebn0;
    v.seed = r->seed;
    v.sub = r->sub;
    v.half_iter = r->half_iter;
    return v;
}

#define R(f) offsetof(turbo_run, f)
static const fg_opt turbo_run_opts[] = {
    {"frames", 0, FG_OPT_INT, R(frames), 1, 1000, .def = "1", .meta = "F", .help = "frames decoded one after another"},
    {"ebn0", 0, FG_OPT_REAL, R(ebn0), -50, 100, .def = "1", .meta = "X",
     .help = "Eb/N0 of the frames in dB (rate K/(3K+12))"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {NULL}};
static const fg_opt xmap_run_opts[] = {
    {"ebn0", 0, FG_OPT_REAL, R(ebn0), -50, 100, .def = "1", .meta = "X",
     .help = "Eb/N0 of frame 0 in dB (rate K/(3K+12))"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frame"},
    {"sub", 0, FG_OPT_INT, R(sub), 0, FG_TURBO_P_MAX - 1, .def = "0", .meta = "p",
     .help = "the sub-block recorded, below --parallel"},
    {"half-iter", 0, FG_OPT_INT, R(half_iter), 0, FG_TURBO_HALF_ITERS_MAX - 1, .meta = "h",
     .def_text = "the last", .help = "the half-iteration recorded, from 0"},
    {NULL}};
#undef R

static const fg_design_part turbo_run_parts[] = {{"vector set", turbo_run_opts, 0}, {NULL, NULL, 0}};
static const fg_design_part xmap_run_parts[] = {{"vector set", xmap_run_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    (void)all;
    turbo_run *r = p;
    const fg_vec_turbo_params d = fg_vec_turbo_params_default();
    r->frames = d.frames;
    r->ebn0 = d.ebn0_db;
    r->seed = d.seed;
    r->sub = d.sub;
    r->half_iter = d.half_iter;
}

static int xmap_run_finish(const void *cp, void *p, const fg_opts *given)
{
    const turbo_cfg *c = cp;
    turbo_run *r = p;
    r->frames = 1;
    if (r->half_iter >= c->half)
        return fg_set_error(FG_EINVAL, "%s=%d out of range [0, %d] (--iter gives %d half-iterations)",
                            fg_opts_name(given, &r->half_iter), r->half_iter, c->half - 1, c->half);
    return 0;
}

static int one_set(const void *cp, const void *p)
{
    (void)cp, (void)p;
    return 1;
}

static void turbo_set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)p, (void)i;
    const turbo_cfg *c = cp;
    snprintf(buf, n, "turbo-%s-k%d-p%d", c->b.std == FG_STD_LTE ? "lte" : "umts", c->b.K, c->b.parallel);
}

static void xmap_set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)i;
    const turbo_cfg *c = cp;
    snprintf(buf, n, "xmap-%s-k%d-p%d-sub%d", c->b.std == FG_STD_LTE ? "lte" : "umts", c->b.K, c->b.parallel,
             ((const turbo_run *)p)->sub);
}

/* Set i of design d (turbo-fixed or xmap) with its options (xmap: the half-iteration recorded named); a field
 * of v (drawn from the options) the library refuses named by its option. */
static int make(const fg_design *d, const turbo_cfg *c, const turbo_run *r, int i, const char *dir)
{
    (void)i;
    turbo_run one = *r;
    if (one.half_iter < 0)
        one.half_iter = c->half - 1;
    const fg_design_set set = {d, c, &one};
    fg_vec_turbo_params v = params_of(c, r);
    v.options = fg_design_set_options(&set);
    const int rc = d == &fg_design_xmap ? fg_vec_make_xmap(dir, &v) : fg_vec_make_turbo(dir, &v, NULL);
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    const fg_opts o = fg_design_opts(d, c, r, g);
    const fg_opt_copy copies[] = {FG_OPT_COPY(v.cfg.P, c->b.parallel), FG_OPT_COPY(v.cfg.et, c->b.et),
                                  FG_OPT_COPY(v.sub, r->sub), FG_OPT_COPY(v.half_iter, r->half_iter)};
    return rc == FG_EINVAL ? fg_opts_field_error(&o, rc, FG_OPT_COPIES(copies), NULL) : rc;
}

static int turbo_vectors(const void *c, const void *r, int i, const char *dir) { return make(&fg_design_turbo_fixed, c, r, i, dir); }
static int xmap_vectors(const void *c, const void *r, int i, const char *dir) { return make(&fg_design_xmap, c, r, i, dir); }

static uint64_t seed_of(const void *p) { return ((const turbo_run *)p)->seed; }

/* The set's frames as the turbo family's: the block, its bit-accurate decoder with the design's schedule. */
static int frames_of(const void *cp, const void *p, int i, char *args, size_t n, double *x, uint64_t *seed,
                     long long *count)
{
    (void)i;
    const turbo_cfg *c = cp;
    const turbo_run *r = p;
    char et[48];
    fg_turbo_print_et(&c->b.et, et, sizeof et);
    snprintf(args, n, "--std %s --K %d --fixed --parallel %d --iter %g --nii %s --et %s",
             c->b.std == FG_STD_LTE ? "lte" : "umts", c->b.K, c->b.parallel, c->half / 2.0, c->b.nii ? "off" : "on", et);
    *x = r->ebn0;
    *seed = r->seed;
    *count = r->frames;
    return 0;
}

static const char *const turbo_keys[] = {"frames", "half_iters_total", "frame_errors", "bit_errors", NULL};
static const char *const xmap_keys[] = {"steps", "positions", NULL};

static const char ABOUT[] =
    "The bit-accurate fixed-point turbo decoder (docs/turbo-fixed.md): frames of random bits (Philox\n"
    "stream f of --seed), encoded, BPSK over AWGN at --ebn0, quantised to the default formats (5-bit\n"
    "channel LLRs with 2 fractional bits, 6-bit extrinsics, 9-bit branch and 10-bit state metrics) and\n"
    "decoded by --parallel radix-4 XMAP SISOs; vector sets only (the reference for a turbo RTL).\n";

const fg_design fg_design_turbo_fixed = {
    .name = "turbo-fixed",
    .summary = "the bit-accurate turbo decoder's whole decodes (vector sets only)",
    .doc = "docs/turbo-fixed.md",
    .about = ABOUT,
    .example_args = "--std lte --K 40 --parallel 2 --iter 1",
    .example_run = "--frames 1",
    .parts = parts,
    .cfg_size = sizeof(turbo_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .run_parts = turbo_run_parts,
    .run_size = sizeof(turbo_run),
    .run_default = run_default,
    .sets = one_set,
    .set_name = turbo_set_name,
    .vectors = turbo_vectors,
    .summary_keys = turbo_keys,
    .seed_of = seed_of,
    .family = "turbo",
    .frames_of = frames_of,
};

const fg_design fg_design_xmap = {
    .name = "xmap",
    .summary = "one radix-4 XMAP SISO run of the bit-accurate turbo decoder (vector sets only)",
    .doc = "docs/turbo-fixed.md",
    .about = ABOUT,
    .example_args = "--std umts --K 41 --parallel 2 --iter 1",
    .example_run = "--sub 1 --half-iter 1",
    .parts = parts,
    .cfg_size = sizeof(turbo_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .run_parts = xmap_run_parts,
    .run_size = sizeof(turbo_run),
    .run_default = run_default,
    .run_finish = xmap_run_finish,
    .sets = one_set,
    .set_name = xmap_set_name,
    .vectors = xmap_vectors,
    .summary_keys = xmap_keys,
    .seed_of = seed_of,
};
