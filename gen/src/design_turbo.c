/* The parallel radix-4 XMAP turbo decoder as a design (fecforge_gen/design.h; docs/rtl-turbo.md): the
 * generated decoder (fg_gen_turbo) and its vector sets, one block each through the step model fg_turbo_arch
 * (data FIXED, path fit) at the top's ports. */
#include "design_internal.h"

#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/vectors.h"
#include "fecforge_gen/gen.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(fg_std) == sizeof(int) && sizeof(fg_xmap_norm) == sizeof(int),
               "--std and --norm write an int into fg_gen_turbo_cfg");

#define O(f) offsetof(fg_gen_turbo_cfg, f)
#define F(f) (offsetof(fg_gen_turbo_cfg, fmt) + offsetof(fg_xmap_fmt, f))
static const fg_opt decoder_opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = FG_STD_WORDS, .def = "lte", .meta = "S",
     .help = "the standard: lte (qpp banks, direct writes) or umts (HSPA+: xmap-xor banks, writes\n"
             "through the DBCF)"},
    {"parallel", 0, FG_OPT_INT, O(P), 2, 16, .def = "16", .meta = "P",
     .help = "SISOs (4P IAG lanes and banks per memory); a block too short for them, or (LTE)\n"
             "whose qpp mapping conflicts at P, runs on fewer (arch turbo --path fit)"},
    {"k-max", 0, FG_OPT_INT, O(k_max), FG_LTE_K_MIN, FG_LTE_K_MAX, .def_text = "the standard's largest: 6144, 5114",
     .meta = "N", .help = "the largest block size: the K table holds the standard's sizes up to N, the banks\n"
                          "their sub-blocks"},
    {"latency", 0, FG_OPT_INT, O(siso_latency), 4, FG_TURBO_ARCH_LATENCY_MAX, .def = "6", .meta = "C",
     .help = "SISO pipeline latency Lmap in cycles (arch turbo --latency)"},
    {"nii", 0, FG_OPT_CHOICE, O(nii), .words = "off|on", .def = "on", .meta = "on|off",
     .help = "next-iteration initialisation of the sub-block stakes"},
    {"no-nii", 0, FG_OPT_FLAG, 0, .alias_of = "nii=off"},
    {NULL}};
static const fg_opt format_opts[] = {
    {"llr-width", 0, FG_OPT_INT, F(w_ch), 2, 16, .def = "5", .meta = "W", .help = "channel LLR bits"},
    {"llr-frac", 0, FG_OPT_INT, F(f_ch), 0, 15, .def = "2", .meta = "F",
     .help = "fractional bits of the channel quantiser (the vector sets' frames; not in the RTL)"},
    {"ext-width", 0, FG_OPT_INT, F(w_ext), 2, 16, .def = "6", .meta = "W", .help = "extrinsic (a-priori) LLR bits"},
    {"bm-width", 0, FG_OPT_INT, F(w_bm), 2, 24, .def = "9", .meta = "W", .help = "branch-metric bits"},
    {"sm-width", 0, FG_OPT_INT, F(w_sm), 2, 24, .def = "10", .meta = "W",
     .help = "state-metric bits (also the a-posteriori LLR)"},
    {"norm", 0, FG_OPT_CHOICE, F(norm), .words = "modulo|subtract", .def = "modulo", .meta = "NAME",
     .help = "state-metric normalisation: modulo (wrap-around arithmetic) or subtract"},
    {NULL}};
#undef F

static const fg_design_part parts[] = {{"decoder", decoder_opts, 0}, {"formats (docs/turbo-fixed.md)", format_opts, 0},
                                       {NULL, NULL, 0}};

static void cfg_default(void *p) { *(fg_gen_turbo_cfg *)p = fg_gen_turbo_cfg_default(); }

static int finish(void *p, const fg_opts *given)
{
    fg_gen_turbo_cfg *c = p;
    if (!fg_opts_given(given, &c->k_max))
        c->k_max = c->std == FG_STD_UMTS ? FG_UMTS_K_MAX : FG_LTE_K_MAX;
    const fg_opt_param map[] = {{"std=", &c->std},       {"P=", &c->P},           {"k_max=", &c->k_max},
                                {"latency=", &c->siso_latency}, {"w_ch=", &c->fmt.w_ch}, {"f_ch=", &c->fmt.f_ch},
                                {"w_ext=", &c->fmt.w_ext}, {"w_bm=", &c->fmt.w_bm},  {"w_sm=", &c->fmt.w_sm}};
    const int rc = fg_gen_turbo_check(c);
    return rc ? fg_opts_name_error(given, rc, map, (int)(sizeof map / sizeof *map)) : 0;
}
#undef O

static void top(const void *p, char *buf, size_t n) { fg_gen_turbo_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_turbo(p, dir); }

/* The K table's size count and largest sub-block (0, 0 if the configuration has none). */
static void table_of(const fg_gen_turbo_cfg *c, int *n, int *lmax)
{
    fg_gen_turbo_size sz[FG_GEN_TURBO_SIZES_MAX];
    *n = fg_gen_turbo_sizes(c, sz, lmax);
    if (*n < 0) {
        fg_clear_error();
        *n = *lmax = 0;
    }
}

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const fg_gen_turbo_cfg *c = p;
    int n, lmax;
    table_of(c, &n, &lmax);
    fg_json_str(j, "std", fg_std_name(c->std));
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "sizes", n);
    fg_json_int(j, "lmax", lmax);
    fg_json_int(j, "latency_cycles", 0);
}

static void gen_text(const void *p, char *buf, size_t n)
{
    int sizes, lmax;
    table_of(p, &sizes, &lmax);
    snprintf(buf, n, "K table of %d sizes, sub-blocks up to L %d", sizes, lmax);
}

/* ---- vector sets: one block each (static inputs, load, decode, unload) ---- */

typedef struct {
    fg_opt_ints K;
    double iter;
    int frame; /* 0 awgn, 1 saturated, 2 both */
    double ebn0;
    uint64_t seed;
    fg_opt_ints then; /* the sizes of the further blocks of each set */
    int blocks;       /* after finish: 1 + then.n */
    int all;          /* verify's defaults */
    int half;  /* after finish */
    int *Ks, nK;
} turbo_run;

#define R(f) offsetof(turbo_run, f)
static const fg_opt run_opts[] = {
    {"K", 0, FG_OPT_INTS, R(K), FG_LTE_K_MIN, FG_LTE_K_MAX, 188, .words = "all", .meta = "LIST",
     .def_text = "the largest up to --k-max; verify: 40 and that",
     .help = "block sizes: N, N,M,... or all (every size of the design)"},
    {"iter", 0, FG_OPT_REAL, R(iter), 0.5, FG_TURBO_ARCH_HALF_MAX / 2, .def = "5.5", .meta = "I",
     .help = "iterations of each block (half_iters_i = 2I), in steps of 0.5"},
    {"frame", 0, FG_OPT_CHOICE, R(frame), .words = "awgn|saturated|both", .meta = "KIND",
     .def_text = "awgn; verify: both",
     .help = "the channel LLRs: a codeword over AWGN at --ebn0, or every LLR at +-max with random\n"
             "signs (the datapath's extremes)"},
    {"then", 0, FG_OPT_INTS, R(then), FG_LTE_K_MIN, FG_LTE_K_MAX, FG_VEC_TURBO_BLOCKS_MAX - 1, .meta = "LIST",
     .def_text = "none", .help = "block sizes decoded after each set's block, back to back without reset (K and\n"
                                 "the tails change at run time, the IAG preprocesses each new K)"},
    {"ebn0", 0, FG_OPT_REAL, R(ebn0), -50, 100, .def = "1", .meta = "X", .help = "Eb/N0 of the AWGN frames in dB"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {NULL}};
#undef R

static const fg_design_part run_parts[] = {{"vector sets", run_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    turbo_run *r = p;
    memset(r, 0, sizeof *r);
    r->iter = 5.5;
    r->frame = all ? 2 : 0;
    r->ebn0 = 1;
    r->seed = 1;
    r->all = all;
}

static int largest_size(const fg_gen_turbo_cfg *c)
{
    int K = 0;
    for (int i = 0; i < fg_interleaver_num_sizes(c->std); i++)
        if (fg_interleaver_size(c->std, i) <= c->k_max)
            K = fg_interleaver_size(c->std, i);
    return K;
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const fg_gen_turbo_cfg *c = cp;
    turbo_run *r = p;
    const double h = r->iter * 2;
    if (h != (int)h)
        return fg_set_error(FG_EINVAL, "%s=%g invalid: iterations in steps of 0.5", fg_opts_name(given, &r->iter),
                            r->iter);
    r->half = (int)h;
    int n_all = 0;
    while (n_all < fg_interleaver_num_sizes(c->std) && fg_interleaver_size(c->std, n_all) <= c->k_max)
        n_all++;
    const int big = largest_size(c);
    const int n = r->K.n == FG_OPT_ALL ? n_all : r->K.n > 0 ? r->K.n : r->all && big > 40 ? 2 : 1;
    free(r->Ks);
    if (!(r->Ks = malloc(sizeof *r->Ks * (size_t)n)))
        return fg_set_error(FG_ENOMEM, "out of memory");
    r->nK = n;
    for (int i = 0; i < n; i++) {
        const int K = r->K.n == FG_OPT_ALL ? fg_interleaver_size(c->std, i)
                      : r->K.n > 0         ? r->K.v[i]
                      : i + 1 < n          ? 40
                                           : big;
        if (fg_interleaver_check_k(c->std, K))
            return fg_prefix_error(FG_EINVAL, "%s: ", fg_opts_name(given, &r->K));
        if (K > c->k_max)
            return fg_set_error(FG_EINVAL, "%s: K=%d out of range: the design serves sizes up to %s=%d",
                                fg_opts_name(given, &r->K), K, fg_opts_name(given, &c->k_max), c->k_max);
        r->Ks[i] = K;
    }
    r->blocks = 1 + (r->then.n > 0 ? r->then.n : 0);
    for (int b = 1; b < r->blocks; b++) {
        const int K = r->then.v[b - 1];
        if (fg_interleaver_check_k(c->std, K))
            return fg_prefix_error(FG_EINVAL, "%s: ", fg_opts_name(given, &r->then));
        if (K > c->k_max)
            return fg_set_error(FG_EINVAL, "%s: K=%d out of range: the design serves sizes up to %s=%d",
                                fg_opts_name(given, &r->then), K, fg_opts_name(given, &c->k_max), c->k_max);
    }
    return 0;
}

static void run_free(void *p)
{
    turbo_run *r = p;
    free(r->Ks);
    r->Ks = NULL;
    r->nK = 0;
}

static int sets(const void *cp, const void *p)
{
    (void)cp;
    const turbo_run *r = p;
    return r->nK * (r->frame == 2 ? 2 : 1);
}

/* Set i: its blocks' sizes (the i-th of --K, then --then) and frame kind (0 AWGN, 1 saturated). */
static void set_of(const turbo_run *r, int i, int *K_b, int *stress)
{
    const int per = r->frame == 2 ? 2 : 1;
    K_b[0] = r->Ks[i / per];
    for (int b = 1; b < r->blocks; b++)
        K_b[b] = r->then.v[b - 1];
    *stress = r->frame == 2 ? i % 2 : r->frame;
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    const fg_gen_turbo_cfg *c = cp;
    const turbo_run *r = p;
    int K_b[FG_VEC_TURBO_BLOCKS_MAX], stress;
    set_of(r, i, K_b, &stress);
    size_t at = (size_t)snprintf(buf, n, "%s", fg_std_name(c->std));
    for (int b = 0; b < r->blocks && at < n; b++)
        at += (size_t)snprintf(buf + at, n - at, "-k%d", K_b[b]);
    if (at < n)
        snprintf(buf + at, n - at, "-%s", stress ? "saturated" : "awgn");
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const fg_gen_turbo_cfg *c = cp;
    const turbo_run *r = p;
    int K_b[FG_VEC_TURBO_BLOCKS_MAX], stress, lmax;
    set_of(r, i, K_b, &stress);
    fg_gen_turbo_size sz[FG_GEN_TURBO_SIZES_MAX];
    const int n = fg_gen_turbo_sizes(c, sz, &lmax);
    if (n < 0)
        return n;
    fg_vec_turbo_arch_params v = fg_vec_turbo_arch_params_default();
    v.cfg = fg_gen_turbo_arch_cfg(c, K_b[0], r->half);
    v.blocks = r->blocks;
    v.K_blocks = K_b;
    v.k_max = c->k_max;
    v.lmax = lmax;
    v.ebn0_db = r->ebn0;
    v.stress = stress;
    v.seed = r->seed;
    return fg_vec_make_turbo_arch(dir, &v, NULL);
}

static uint64_t seed_of(const void *p) { return ((const turbo_run *)p)->seed; }

/* A random legal decoder of at most `size` SISOs: formats the datapath check accepts, either normalisation,
 * NII on or off, a latency of 4 to 8; two block sizes, each followed by a third without reset, 0.5 to 6
 * iterations, both frame kinds. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    const int P = 2 + PICK(size - 1);
    const fg_std std = PICK(2) ? FG_STD_UMTS : FG_STD_LTE;
    const int total = fg_interleaver_num_sizes(std);
    const int k_max = fg_interleaver_size(std, PICK(total));
    fg_xmap_fmt f = fg_xmap_fmt_default();
    f.w_ch = 4 + PICK(3);
    f.w_ext = f.w_ch + PICK(3);
    f.norm = PICK(2) ? FG_XMAP_NORM_SUBTRACT : FG_XMAP_NORM_MODULO;
    f.w_sm = 24;
    while (f.w_bm > 2 && !fg_xmap_fmt_check(&f)) /* the narrowest branch metric, then state metric, it accepts */
        f.w_bm--;
    while (fg_xmap_fmt_check(&f))
        f.w_bm++;
    while (f.w_sm > 2 && !fg_xmap_fmt_check(&f))
        f.w_sm--;
    while (fg_xmap_fmt_check(&f))
        f.w_sm++;
    fg_clear_error();
    f.w_bm += PICK(2);
    f.w_sm += PICK(2);
    int nk = 0;
    while (nk < total && fg_interleaver_size(std, nk) <= k_max)
        nk++;
    const int ka = fg_interleaver_size(std, PICK(nk)), kb = fg_interleaver_size(std, PICK(nk)),
              kc = fg_interleaver_size(std, PICK(nk));
    snprintf(args, n,
             "--std %s --parallel %d --k-max %d --llr-width %d --ext-width %d --bm-width %d --sm-width %d "
             "--norm %s --nii %s --latency %d --K %d,%d --then %d --iter %g --frame both --seed %d",
             fg_std_name(std), P, k_max, f.w_ch, f.w_ext, f.w_bm, f.w_sm, f.norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract",
             PICK(2) ? "on" : "off", 4 + PICK(5), ka, kb, kc, (1 + PICK(12)) / 2.0, 1 + PICK(1000));
    return 0;
#undef PICK
}

/* area turbo: the SISOs with their datapath units and stores, the IAG, the DBCF (UMTS), the core (control,
 * memories, bank mappers, write crossbars), the top (static-input registers, K table). */
static const fg_design_block area_blocks[] = {
    {"SISOs (datapath, stores)", "fg_xmap_siso fg_xmap_gamma fg_xmap_alpha fg_xmap_beta fg_xmap_ext fg_xmap_norm "
                                 "fg_xmap_acs fg_xmap_soft fg_xmap_llr fg_xmap_route fg_xmap_add fg_xmap_max fg_xmap_fit "
                                 "fg_mod_ fg_sat fg_scale075 fg_max fg_wrap fg_sext"},
    {"IAG", "fg_iag_ fg_mulmod fg_addmod"},
    {"DBCF (UMTS)", "fg_dbcf_ fg_lfsr16 fg_fifo fg_circ_buf fg_sort_ fg_route_shift"},
    {"core: control, memories, write path", "fg_turbo_core fg_qpp_map fg_xmap_map fg_xmap_slot"},
    {"top: static inputs, K table", "fg_turbo_"},
    {NULL, NULL}};

static const char *const summary_keys[] = {"cycles_block", "preprocess_cycles", "cycles_decode", "trace_cycles",
                                           "bit_errors", NULL};
const fg_design fg_design_turbo = {
    .name = "turbo",
    .summary = "the parallel radix-4 XMAP turbo decoder (docs/rtl-turbo.md)",
    .doc = "docs/rtl-turbo.md",
    .about = "The parallel radix-4 XMAP turbo decoder (docs/rtl-turbo.md), cycle-exact with the step model\n"
             "fg_turbo_arch (data FIXED, path fit): P SISOs with their channel, extrinsic and hard-decision\n"
             "memories, the standard's IAG of 4P lanes, a K table over its sizes up to --k-max (the sub-\n"
             "block length each runs on), and direct bank writes (LTE) or the DBCF (UMTS). K, the half-\n"
             "iterations and the tails are run-time inputs. A vector set is one block: the static inputs, the load port (one position per\n"
             "cycle), start, every cycle of the decode at every port, then the unload port; streams\n"
             "stimulus, expected, ext (the extrinsic banks at the end), llr and decoded.\n",
    .example_args = "--std lte --parallel 2 --k-max 64",
    .example_run = "--K 40 --iter 1",
    .parts = parts,
    .cfg_size = sizeof(fg_gen_turbo_cfg),
    .cfg_default = cfg_default,
    .finish = finish,
    .top = top,
    .generate = generate,
    .area_blocks = area_blocks,
    .describe = describe,
    .gen_text = gen_text,
    .run_parts = run_parts,
    .run_size = sizeof(turbo_run),
    .run_default = run_default,
    .run_finish = run_finish,
    .run_free = run_free,
    .sets = sets,
    .set_name = set_name,
    .vectors = vectors,
    .summary_keys = summary_keys,
    .seed_of = seed_of,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .random = random_args,
    .random_size_name = "max-parallel",
    .random_size_lo = 2,
    .random_size_hi = 16,
    .random_size_def = 4,
};
