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

_Static_assert(sizeof(fg_xmap_norm) == sizeof(int), "--norm writes an int into fg_gen_turbo_cfg");
_Static_assert(FG_STD_UMTS == 0 && FG_STD_LTE == 1 && FG_GEN_TURBO_BOTH == 2, "--std's words are in this order");

#define O(f) offsetof(fg_gen_turbo_cfg, f)
static const fg_opt decoder_opts[] = {
    {"std", 0, FG_OPT_CHOICE, O(std), .words = "umts|lte|both|hspa=umts|hspa+=umts", .def = "lte", .meta = "S",
     .help = "the standard: lte (qpp banks, direct writes), umts (HSPA+: xmap-xor banks, writes\n"
             "through the DBCF) or both (thesis Fig. 4.15: HSPA+ on SISOs 0..P/2-1; P even)"},
    {"parallel", 0, FG_OPT_INT, O(P), 2, 16, .def = "16", .meta = "P",
     .help = "SISOs (4P IAG lanes and banks per memory); a block too short for them, or (LTE)\n"
             "whose qpp mapping conflicts at P, runs on fewer (arch turbo --path fit)"},
    {"k-max", 0, FG_OPT_INT, O(k_max), FG_LTE_K_MIN, FG_LTE_K_MAX, .def_text = "the largest size: 6144 (umts: 5114)",
     .meta = "N", .help = "the largest block size: the K table holds the standard's sizes up to N, the banks\n"
                          "their sub-blocks"},
    {"latency", 0, FG_OPT_INT, O(siso_latency), 4, FG_TURBO_ARCH_LATENCY_MAX, .def = "6", .meta = "C",
     .help = "SISO pipeline latency Lmap in cycles (arch turbo --latency)"},
    {"nii", 0, FG_OPT_CHOICE, O(nii), .words = "off|on", .def = "on", .meta = "on|off",
     .help = "next-iteration initialisation of the sub-block stakes"},
    {"no-nii", 0, FG_OPT_FLAG, 0, .alias_of = "nii=off"},
    {NULL}};

static const fg_opt mapping_opts[] = {
    {"mapping", 0, FG_OPT_CHOICE, O(mapping), .words = FG_MAPPING_WORDS, .def = "xmap-xor", .meta = "NAME",
     .help = "HSPA+ bank mapping: xmap or xmap-xor (both keep the natural-order reads conflict-\n"
             "free; docs/dbcf.md)"},
    {NULL}};
_Static_assert(sizeof(fg_bank_mapping) == sizeof(int), "--mapping writes an int into fg_gen_turbo_cfg");

/* The DBCF's own options of fg_dbcf_options (select, FIFO and buffer depths, offer, LFSR seed): its lanes and
 * banks follow from P. */
static const fg_design_part parts[] = {{"decoder", decoder_opts, 0},
                                       {"formats (docs/turbo-fixed.md)", fg_xmap_fmt_options, offsetof(fg_gen_turbo_cfg, fmt)},
                                       {"HSPA+ write path (std umts and both)", mapping_opts, 0},
                                       {NULL, fg_dbcf_options + 2, O(dbcf)},
                                       {NULL, NULL, 0}};

static void cfg_default(void *p) { *(fg_gen_turbo_cfg *)p = fg_gen_turbo_cfg_default(); }

static int finish(void *p, const fg_opts *given)
{
    fg_gen_turbo_cfg *c = p;
    if (!fg_opts_given(given, &c->k_max))
        c->k_max = c->std == FG_STD_UMTS ? FG_UMTS_K_MAX : FG_LTE_K_MAX;
    const int rc = fg_gen_turbo_check(c); /* on the options' fields */
    return rc ? fg_opts_field_error(given, rc, NULL, 0, NULL) : 0;
}
#undef O

static void top(const void *p, char *buf, size_t n) { fg_gen_turbo_name(p, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_turbo(p, dir); }

/* The K table's size count and largest sub-block (0, 0 if the configuration has none). */
static void table_of(const fg_gen_turbo_cfg *c, int *n, int *lmax)
{
    fg_gen_turbo_size *sz = malloc(sizeof *sz * FG_GEN_TURBO_SIZES_MAX);
    *n = sz ? fg_gen_turbo_sizes(c, sz, lmax) : FG_ENOMEM;
    free(sz);
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
    fg_json_str(j, "std", c->std == FG_GEN_TURBO_BOTH ? "both" : fg_std_name(c->std));
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
    fg_opt_ints umts_K; /* both: the HSPA+ sets' sizes */
    double iter;
    int frame; /* 0 awgn, 1 saturated, 2 both */
    double ebn0;
    uint64_t seed;
    fg_opt_ints then; /* the sizes of the further blocks of each set */
    int then_std;     /* their standard: 0 the set's, 1 lte, 2 umts */
    int blocks;       /* after finish: 1 + then.n */
    int all;          /* verify's defaults */
    int half;  /* after finish */
    int *Ks, nK;
    fg_std *stds; /* per set its standard */
} turbo_run;

static void run_free(void *p);

#define R(f) offsetof(turbo_run, f)
static const fg_opt run_opts[] = {
    {"K", 0, FG_OPT_INTS, R(K), FG_LTE_K_MIN, FG_LTE_K_MAX, FG_GEN_TURBO_SIZES_MAX, .words = "all", .meta = "LIST",
     .def_text = "the largest up to --k-max; verify: 40 and that",
     .help = "block sizes, one set each: N, N,M,... or all (every size of the design's standard;\n"
             "std both: of LTE)"},
    {"umts-k", 0, FG_OPT_INTS, R(umts_K), FG_UMTS_K_MIN, FG_UMTS_K_MAX, FG_GEN_TURBO_SIZES_MAX, .words = "all",
     .meta = "LIST", .def_text = "none; verify: 40 and the largest",
     .help = "std both: HSPA+ block sizes, one set each"},
    {"iter", 0, FG_OPT_REAL, R(iter), 0.5, FG_TURBO_ARCH_HALF_MAX / 2, .def = "5.5", .meta = "I",
     .help = "iterations of each block (half_iters_i = 2I), in steps of 0.5"},
    {"frame", 0, FG_OPT_CHOICE, R(frame), .words = "awgn|saturated|both", .meta = "KIND",
     .def_text = "awgn; verify: both",
     .help = "the channel LLRs: a codeword over AWGN at --ebn0, or every LLR at +-max with random\n"
             "signs (the datapath's extremes)"},
    {"then", 0, FG_OPT_INTS, R(then), FG_LTE_K_MIN, FG_LTE_K_MAX, FG_VEC_TURBO_BLOCKS_MAX - 1, .meta = "LIST",
     .def_text = "none", .help = "block sizes decoded after each set's block, back to back without reset (K and\n"
                                 "the tails change at run time, the IAG preprocesses each new K)"},
    {"then-std", 0, FG_OPT_CHOICE, R(then_std), .words = "same|lte|umts", .def = "same", .meta = "S",
     .help = "the standard of the --then blocks: the set's, or (std both) lte or umts"},
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

/* The sizes of std up to k_max. */
static int n_sizes(fg_std std, int k_max)
{
    int n = 0;
    while (n < fg_interleaver_num_sizes(std) && fg_interleaver_size(std, n) <= k_max)
        n++;
    return n;
}

/* Check K of std against the design; opt names the option for the message. */
static int check_size(const fg_gen_turbo_cfg *c, const fg_opts *given, const void *opt, fg_std std, int K)
{
    if (fg_interleaver_check_k(std, K))
        return fg_prefix_error(FG_EINVAL, "%s: ", fg_opts_name(given, opt));
    if (K > c->k_max)
        return fg_set_error(FG_EINVAL, "%s: K=%d out of range: the design serves sizes up to %s=%d",
                            fg_opts_name(given, opt), K, fg_opts_name(given, &c->k_max), c->k_max);
    return 0;
}

/* The sets' sizes of one standard from opt (given, all, or the default: the largest; verify: 40 and it). */
static int add_sets(turbo_run *r, const fg_gen_turbo_cfg *c, const fg_opts *given, const fg_opt_ints *opt, fg_std std,
                    int dflt, int *at)
{
    const int n_all = n_sizes(std, c->k_max), big = n_all ? fg_interleaver_size(std, n_all - 1) : 0;
    const int n = opt->n == FG_OPT_ALL ? n_all : opt->n > 0 ? opt->n : !dflt ? 0 : r->all && big > 40 ? 2 : 1;
    for (int i = 0; i < n; i++) {
        const int K = opt->n == FG_OPT_ALL ? fg_interleaver_size(std, i)
                      : opt->n > 0         ? opt->v[i]
                      : i + 1 < n          ? 40
                                           : big;
        const int rc = check_size(c, given, opt, std, K);
        if (rc)
            return rc;
        r->Ks[*at] = K;
        r->stds[(*at)++] = std;
    }
    return 0;
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const fg_gen_turbo_cfg *c = cp;
    turbo_run *r = p;
    const int both = c->std == FG_GEN_TURBO_BOTH;
    const double h = r->iter * 2;
    if (h != (int)h)
        return fg_set_error(FG_EINVAL, "%s=%g invalid: iterations in steps of 0.5", fg_opts_name(given, &r->iter),
                            r->iter);
    r->half = (int)h;
    if (!both && r->umts_K.n)
        return fg_set_error(FG_EINVAL, "%s: only for a design of both standards (--std both)",
                            fg_opts_name(given, &r->umts_K));
    if (!both && r->then_std && r->then_std - 1 != (c->std == FG_STD_UMTS))
        return fg_set_error(FG_EINVAL, "%s=%s invalid: the design decodes %s only", fg_opts_name(given, &r->then_std),
                            r->then_std == 1 ? "lte" : "umts", fg_std_name(c->std));
    run_free(r);
    const int cap = 2 * FG_GEN_TURBO_SIZES_MAX + 4;
    r->Ks = malloc(sizeof *r->Ks * cap);
    r->stds = malloc(sizeof *r->stds * cap);
    if (!r->Ks || !r->stds)
        return fg_set_error(FG_ENOMEM, "out of memory");
    int n = 0, rc;
    const fg_std first = c->std == FG_STD_UMTS ? FG_STD_UMTS : FG_STD_LTE;
    if ((rc = add_sets(r, c, given, &r->K, first, !both || !r->umts_K.n || r->K.n, &n)) ||
        (both && (rc = add_sets(r, c, given, &r->umts_K, FG_STD_UMTS, r->all && !r->K.n, &n))))
        return rc;
    r->nK = n;
    r->blocks = 1 + (r->then.n > 0 ? r->then.n : 0);
    for (int b = 1; b < r->blocks; b++)
        for (int i = 0; i < n; i++) {
            const fg_std std = r->then_std ? (r->then_std == 2 ? FG_STD_UMTS : FG_STD_LTE) : r->stds[i];
            if ((rc = check_size(c, given, &r->then, std, r->then.v[b - 1])))
                return rc;
        }
    return 0;
}

static void run_free(void *p)
{
    turbo_run *r = p;
    free(r->Ks);
    free(r->stds);
    r->Ks = NULL;
    r->stds = NULL;
    r->nK = 0;
}

static int sets(const void *cp, const void *p)
{
    (void)cp;
    const turbo_run *r = p;
    return r->nK * (r->frame == 2 ? 2 : 1);
}

/* Set i: its blocks' sizes and standards (the i-th set's, then --then) and frame kind (0 AWGN, 1 saturated). */
static void set_of(const turbo_run *r, int i, int *K_b, fg_std *std_b, int *stress)
{
    const int per = r->frame == 2 ? 2 : 1;
    K_b[0] = r->Ks[i / per];
    std_b[0] = r->stds[i / per];
    for (int b = 1; b < r->blocks; b++) {
        K_b[b] = r->then.v[b - 1];
        std_b[b] = r->then_std ? (r->then_std == 2 ? FG_STD_UMTS : FG_STD_LTE) : std_b[0];
    }
    *stress = r->frame == 2 ? i % 2 : r->frame;
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    (void)cp;
    const turbo_run *r = p;
    int K_b[FG_VEC_TURBO_BLOCKS_MAX], stress;
    fg_std std_b[FG_VEC_TURBO_BLOCKS_MAX];
    set_of(r, i, K_b, std_b, &stress);
    size_t at = (size_t)snprintf(buf, n, "%s", fg_std_name(std_b[0]));
    for (int b = 0; b < r->blocks && at < n; b++)
        at += (size_t)snprintf(buf + at, n - at, "-%sk%d", b && std_b[b] != std_b[0] ? fg_std_name(std_b[b]) : "",
                               K_b[b]);
    if (at < n)
        snprintf(buf + at, n - at, "-%s", stress ? "saturated" : "awgn");
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const fg_gen_turbo_cfg *c = cp;
    const turbo_run *r = p;
    int K_b[FG_VEC_TURBO_BLOCKS_MAX], stress, lmax;
    fg_std std_b[FG_VEC_TURBO_BLOCKS_MAX];
    set_of(r, i, K_b, std_b, &stress);
    fg_gen_turbo_size *sz = malloc(sizeof *sz * FG_GEN_TURBO_SIZES_MAX);
    const int n = sz ? fg_gen_turbo_sizes(c, sz, &lmax) : fg_set_error(FG_ENOMEM, "out of memory");
    free(sz);
    if (n < 0)
        return n;
    fg_vec_turbo_arch_params v = fg_vec_turbo_arch_params_default();
    v.cfg = fg_gen_turbo_arch_cfg(c, std_b[0], K_b[0], r->half);
    v.blocks = r->blocks;
    v.K_blocks = K_b;
    v.std_blocks = std_b;
    v.k_max = c->k_max;
    v.lmax = lmax;
    v.ebn0_db = r->ebn0;
    v.stress = stress;
    v.seed = r->seed;
    turbo_run one = *r; /* set i alone: its manifest's options (--umts-k for an HSPA+ block of std both) */
    const int umts = c->std == FG_GEN_TURBO_BOTH && std_b[0] == FG_STD_UMTS;
    one.K = umts ? (fg_opt_ints){0, NULL} : (fg_opt_ints){1, K_b};
    one.umts_K = umts ? (fg_opt_ints){1, K_b} : (fg_opt_ints){0, NULL};
    one.frame = stress;
    const fg_design_set set = {&fg_design_turbo, c, &one};
    v.options = fg_design_set_options(&set);
    return fg_vec_make_turbo_arch(dir, &v, NULL);
}

static uint64_t seed_of(const void *p) { return ((const turbo_run *)p)->seed; }

/* A random legal decoder of at most `size` SISOs: LTE, HSPA+ or (an even P >= 4) both, formats the datapath
 * check accepts, either normalisation, NII on or off, a latency of 4 to 8 (HSPA+, both: the default mapping
 * and DBCF, which lose no word; plain xmap's bursty writes overflow them at some sizes); two
 * block sizes (both: one of each
 * standard), each followed by a third without reset (both: of either standard), 0.5 to 6 iterations, both
 * frame kinds. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    const int P = 2 + PICK(size - 1);
    const int mode = PICK(P >= 4 && P % 2 == 0 ? 3 : 2); /* 0 umts, 1 lte, 2 both */
    const fg_std std = mode == 0 ? FG_STD_UMTS : FG_STD_LTE;
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
    const int nk = n_sizes(std, k_max), nu = n_sizes(FG_STD_UMTS, k_max);
    const fg_std then_std = mode == 2 && PICK(2) ? FG_STD_UMTS : std;
    const int ka = fg_interleaver_size(std, PICK(nk));
    const int kb = mode == 2 ? fg_interleaver_size(FG_STD_UMTS, PICK(nu)) : fg_interleaver_size(std, PICK(nk));
    const int kc = then_std == std ? fg_interleaver_size(std, PICK(nk)) : fg_interleaver_size(FG_STD_UMTS, PICK(nu));
    char sets[96];
    if (mode == 2)
        snprintf(sets, sizeof sets, "--K %d --umts-k %d --then %d --then-std %s", ka, kb, kc, fg_std_name(then_std));
    else
        snprintf(sets, sizeof sets, "--K %d,%d --then %d", ka, kb, kc);
    snprintf(args, n,
             "--std %s --parallel %d --k-max %d --llr-width %d --ext-width %d --bm-width %d --sm-width %d "
             "--norm %s --nii %s --latency %d %s --iter %g --frame both --seed %d",
             mode == 2 ? "both" : fg_std_name(std), P, k_max, f.w_ch, f.w_ext, f.w_bm, f.w_sm,
             f.norm == FG_XMAP_NORM_MODULO ? "modulo" : "subtract", PICK(2) ? "on" : "off", 4 + PICK(5), sets,
             (1 + PICK(12)) / 2.0, 1 + PICK(1000));
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
    {"DBCF (HSPA+)", "fg_dbcf_ fg_lfsr16 fg_fifo fg_circ_buf fg_sort_ fg_route_shift"},
    {"core: control, memories, write path", "fg_turbo_core fg_subblock_div fg_qpp_map fg_xmap_map fg_xmap_slot"},
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
