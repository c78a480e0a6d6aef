/* The multi-code MB-serial LDPC decoder as a design (fecforge_gen/design.h; docs/rtl-ldpc.md): the RTL
 * twin of fg_ldpc_arch_step for a set of codes of one family, chosen at run time by code_sel_i. */
#include "design_internal.h"
#include "gen_internal.h"

#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge_gen/gen.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


typedef struct {
    fg_gen_ldpc_cfg gen;   /* arch: fx (layers, widths, scaling, max_iter), mb_rows/cols, mb_order */
    fg_opt_texts codes;    /* --codes as given */
    int z;                 /* --z: of the alist files among them */
    int reorder;
    /* after finish: the opened codes and column orders gen points to */
    fg_ldpc_code **opened;
    int **col_order;
} ldpc_cfg;

#define O(f) offsetof(ldpc_cfg, f)
#define A(f) (offsetof(ldpc_cfg, gen) + offsetof(fg_gen_ldpc_cfg, arch) + offsetof(fg_ldpc_arch_cfg, f))
#define X(f) (A(fx) + offsetof(fg_ldpc_fixed_cfg, f))
static const fg_opt decoder_opts[] = {
    {"codes", 0, FG_OPT_TEXTS, O(codes), .max = FG_GEN_LDPC_CODES_MAX, .meta = "LIST", .def_text = "",
     .flags = FG_OPT_PATH_IN, .help = "codes of one family, code_sel_i selects them in this order: built-in names (fecforge code\n"
             "ldpc --list), wifi (the 12 802.11n codes), wimax (the 114 802.16e codes), or base-matrix\n"
             "files (required)"},
    {"code", 0, FG_OPT_TEXTS, 0, .alias_of = "codes"},
    {"z", 0, FG_OPT_INT, O(z), 1, FG_LDPC_Z_MAX, .meta = "Z", .def_text = "",
     .help = "circulant size of the FILE.alist entries of --codes"},
    {"layers", 0, FG_OPT_INT, X(layers), 1, FG_LDPC_BASE_DIM_MAX, .def = "2", .meta = "K",
     .help = "layers per macro-layer, at most the smallest mb of the set"},
    {"mb", 0, FG_OPT_CUSTOM, A(mb_rows), .parse = fg_ldpc_arch_parse_mb, .print = fg_ldpc_arch_print_mb,
     .def_text = "Kx2", .meta = "N1xN2", .help = "macroblock: N1 = K, N2 = read/write ports in [1, 16]"},
    {"mb-rows", 0, FG_OPT_INT, A(mb_rows), 1, FG_LDPC_BASE_DIM_MAX, .flags = FG_OPT_CONFIG},
    {"mb-cols", 0, FG_OPT_INT, A(mb_cols), 1, FG_LDPC_ARCH_PORTS_MAX, .flags = FG_OPT_CONFIG},
    {"iter", 0, FG_OPT_INT, X(max_iter), 1, FG_GEN_LDPC_ITER_MAX, .def = "15", .meta = "N",
     .help = "iterations: the largest value of the max_iter_i input, and what the vector sets run"},
    {"max-iter", 0, FG_OPT_INT, 0, .alias_of = "iter"},
    {"mb-order", 0, FG_OPT_CHOICE, A(mb_order), .words = "ltr|hazard", .def = "ltr", .meta = "O",
     .help = "ltr: MBs left to right; hazard: a static order that avoids read-after-write hazards"},
    {"reorder", 0, FG_OPT_FLAG, O(reorder),
     .help = "per code, the column order that minimises the cycles per iteration (fecforge arch ldpc\n"
             "--reorder, columns only; in the ROM)"},
    {"scale", 0, FG_OPT_CUSTOM, X(scale_num), .parse = fg_ldpc_fixed_parse_scale, .print = fg_ldpc_fixed_print_scale,
     .def_text = "3/4", .meta = "X", .help = "min-sum scaling num/2^shift, shift <= 8 (0.75, 0.5, 0.875, 1, 3/4)"},
    {"scale-num", 0, FG_OPT_INT, X(scale_num), 1, 256, .flags = FG_OPT_CONFIG},
    {"scale-shift", 0, FG_OPT_INT, X(scale_shift), 0, 8, .flags = FG_OPT_CONFIG},
    {NULL}};
#undef O

static const fg_design_part parts[] = {{"decoder", decoder_opts, 0},
                                       {"fixed-point arithmetic", fg_ldpc_fixed_options, X(layers)},
                                       {NULL, NULL, 0}};
#undef X
#undef A

static void cfg_default(void *p)
{
    ldpc_cfg *c = p;
    memset(c, 0, sizeof *c);
    c->gen = fg_gen_ldpc_cfg_default();
}

static void cfg_free(void *p)
{
    ldpc_cfg *c = p;
    for (int i = 0; c->opened && i < c->gen.n_codes; i++)
        fg_ldpc_code_destroy(c->opened[i]);
    for (int i = 0; c->col_order && i < c->gen.n_codes; i++)
        free(c->col_order[i]);
    free(c->opened);
    free(c->col_order);
    c->opened = NULL;
    c->col_order = NULL;
    c->gen.codes = NULL;
    c->gen.col_order = NULL;
    c->gen.n_codes = 0;
}

/* Append code (owned from here on); a name listed twice is an error. */
static int add_code(ldpc_cfg *c, fg_ldpc_code *code, int *cap)
{
    for (int i = 0; i < c->gen.n_codes; i++)
        if (!strcmp(c->opened[i]->name, code->name)) {
            fg_ldpc_code_destroy(code);
            return fg_set_error(FG_EINVAL, "--codes: %s is listed twice", c->opened[i]->name);
        }
    if (c->gen.n_codes >= FG_GEN_LDPC_CODES_MAX) {
        fg_ldpc_code_destroy(code);
        return fg_set_error(FG_EINVAL, "--codes: more than %d codes", FG_GEN_LDPC_CODES_MAX);
    }
    if (c->gen.n_codes == *cap) {
        const int nc = *cap ? 2 * *cap : 16;
        fg_ldpc_code **p = realloc(c->opened, sizeof *p * (size_t)nc);
        if (!p) {
            fg_ldpc_code_destroy(code);
            return fg_set_error(FG_ENOMEM, "out of memory");
        }
        c->opened = p;
        *cap = nc;
    }
    c->opened[c->gen.n_codes++] = code;
    return 0;
}

/* The codes of --codes: a family name (every code of it), an existing file (a base matrix), a built-in name. */
static int open_codes(ldpc_cfg *c)
{
    int cap = 0, rc = 0;
    for (int k = 0; k < c->codes.n && !rc; k++) {
        const char *tok = c->codes.v[k];
        if (!strcmp(tok, "wifi") || !strcmp(tok, "wimax")) {
            const size_t len = strlen(tok);
            for (int i = 0; i < fg_ldpc_code_count() && !rc; i++) {
                const char *nm = fg_ldpc_code_name(i);
                fg_ldpc_code *code;
                if (strncmp(nm, tok, len) || nm[len] != '-')
                    continue;
                rc = fg_ldpc_code_create(nm, &code);
                if (!rc)
                    rc = add_code(c, code, &cap);
            }
            continue;
        }
        fg_ldpc_code *code;
        if (fg_ldpc_code_open(tok, strstr(tok, ".alist") ? c->z : 0, &code))
            return fg_prefix_error(FG_EINVAL, "--codes: ");
        rc = add_code(c, code, &cap);
    }
    c->gen.codes = (const fg_ldpc_code *const *)c->opened;
    int alist = 0;
    for (int k = 0; k < c->codes.n; k++)
        alist |= strstr(c->codes.v[k], ".alist") != NULL;
    if (!rc && c->z && !alist)
        rc = fg_set_error(FG_EINVAL, "--z=%d applies to the FILE.alist entries of --codes; there are none", c->z);
    return rc;
}

/* fg_gen_ldpc_check runs on the options' fields, but for the code set (opened from --codes); --mb sets both MB
 * dimensions, --scale both scale fields. "r_width above app_width" names the one of the two that was given. */
static int check(ldpc_cfg *c, const fg_opts *given)
{
    const fg_ldpc_arch_cfg *a = &c->gen.arch;
    if (!fg_gen_ldpc_check(&c->gen))
        return 0;
    const int app = fg_opts_given(given, &a->fx.app_width) && !fg_opts_given(given, &a->fx.r_width);
    const fg_opt_copy copies[] = {FG_OPT_COPY(a->fx.r_width, *(app ? &a->fx.app_width : &a->fx.r_width)),
                                  FG_OPT_COPY(a->mb_cols, a->mb_rows), FG_OPT_COPY(a->fx.scale_shift, a->fx.scale_num),
                                  FG_OPT_COPY(c->gen.codes, c->codes), FG_OPT_COPY(c->gen.n_codes, c->codes)};
    return fg_opts_field_error(given, FG_EINVAL, FG_OPT_COPIES(copies), NULL);
}

static int finish(void *p, const fg_opts *given)
{
    ldpc_cfg *c = p;
    fg_ldpc_arch_cfg *a = &c->gen.arch;
    if (!c->codes.n)
        return fg_set_error(FG_EINVAL, "--codes is required: a list of codes of one family");
    const int mb_given = fg_opts_given(given, &a->mb_rows); /* --mb N1xN2 (or a manifest's mb_rows) */
    if (!mb_given) /* Kx2 */
        a->mb_rows = a->fx.layers;
    if (!mb_given && !fg_opts_given(given, &a->mb_cols))
        a->mb_cols = 2;
    int rc = open_codes(c);
    if (!rc)
        rc = check(c, given);
    if (rc || !c->reorder)
        return rc;
    if (!(c->col_order = calloc((size_t)c->gen.n_codes, sizeof *c->col_order)))
        return fg_set_error(FG_ENOMEM, "out of memory");
    fg_ldpc_reorder_cfg r = fg_ldpc_reorder_cfg_default();
    r.layers = 0; /* the RTL keeps the layers in order: columns only */
    for (int i = 0; i < c->gen.n_codes && !rc; i++) {
        const fg_ldpc_code *code = c->opened[i];
        int *lay = malloc(sizeof(int) * (size_t)code->mb);
        c->col_order[i] = malloc(sizeof(int) * (size_t)code->nb);
        fg_ldpc_arch_cfg ac = *a;
        ac.col_order = ac.layer_order = NULL;
        rc = lay && c->col_order[i] ? fg_ldpc_arch_reorder(code, &ac, &r, c->col_order[i], lay)
                                    : fg_set_error(FG_ENOMEM, "out of memory");
        free(lay);
        if (rc)
            return fg_prefix_error(rc, "--reorder %s: ", code->name);
    }
    c->gen.col_order = (const int *const *)c->col_order;
    return check(c, given);
}

static void top(const void *p, char *buf, size_t n) { fg_gen_ldpc_name(&((const ldpc_cfg *)p)->gen, buf, n); }

static int generate(const void *p, const char *dir) { return fg_gen_ldpc(&((const ldpc_cfg *)p)->gen, p, dir); }

static int zmax(const ldpc_cfg *c)
{
    fg_gen_ldpc_dims d;
    return fg_gen_ldpc_dims_of(&c->gen, &d) ? 0 : d.zmax;
}

static void describe(const void *p, const char *top_name, const char *dir, fg_json *j)
{
    const ldpc_cfg *c = p;
    fg_json_str(j, "top", top_name);
    fg_json_str(j, "dir", dir);
    fg_json_int(j, "zmax", zmax(c));
    fg_json_arr_open(j, "codes");
    for (int i = 0; i < c->gen.n_codes; i++)
        fg_json_str(j, NULL, c->gen.codes[i]->name);
    fg_json_arr_close(j);
}

static void gen_text(const void *p, char *buf, size_t n)
{
    const ldpc_cfg *c = p;
    snprintf(buf, n, "%d code%s, Zmax %d", c->gen.n_codes, c->gen.n_codes > 1 ? "s" : "", zmax(c));
}

/* ---- vector sets: noisy frames of one code of the set decoded back to back from reset ---- */

typedef struct {
    fg_opt_texts which; /* --vector-codes: names of the set (none: the first for vectors, all for verify) */
    fg_opt_reals ebn0;
    int frames, et, all;
    uint64_t seed;
    int idx[FG_GEN_LDPC_CODES_MAX], n_idx; /* after run_finish: the codes' positions in the set */
} ldpc_run;

#define R(f) offsetof(ldpc_run, f)
static const fg_opt run_opts[] = {
    {"vector-codes", 0, FG_OPT_TEXTS, R(which), .max = FG_GEN_LDPC_CODES_MAX, .meta = "LIST",
     .def_text = "the first of --codes; verify: all",
     .help = "the codes of the set the vector sets decode (their code_sel_i: the position in --codes)"},
    {"verify-codes", 0, FG_OPT_TEXTS, 0, .alias_of = "vector-codes"},
    {"ebn0", 0, FG_OPT_SWEEP, R(ebn0), -50, 100, 64, .meta = "LIST", .def_text = "2; verify: 0.5,2.5,12",
     .help = "Eb/N0 of the frames in dB, one set each (verify's: frames that do not decode, frames\n"
             "that do, saturated inputs)"},
    {"frames", 0, FG_OPT_INT, R(frames), 1, 10000, .def = "2", .meta = "N", .help = "frames per vector set"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"et", 0, FG_OPT_CHOICE, R(et), .words = FG_LDPC_VEC_ET_WORDS, .meta = "KIND",
     .def_text = "syndrome; verify: alternate",
     .help = "the et_en_i input: syndrome early termination on (max_iter_i = --iter), none (off,\n"
             "max_iter_i = --iter), capped (off, max_iter_i = min(5, --iter)) or alternate (set by set:\n"
             "syndrome, then capped)"},
    {"no-et", 0, FG_OPT_FLAG, 0, .alias_of = "et=none"},
    {NULL}};
#undef R

static const fg_design_part run_parts[] = {{"vector sets", run_opts, 0}, {NULL, NULL, 0}};

static void run_default(void *p, int all)
{
    ldpc_run *r = p;
    memset(r, 0, sizeof *r);
    r->all = all;
    r->et = all ? FG_LDPC_VEC_ET_ALTERNATE : FG_LDPC_VEC_ET_SYNDROME;
}

static int run_finish(const void *cp, void *p, const fg_opts *given)
{
    const ldpc_cfg *c = cp;
    ldpc_run *r = p;
    if (!r->ebn0.n) { /* the defaults: a list the option table cannot hold as text */
        static const double one[] = {2}, three[] = {0.5, 2.5, 12};
        const double *d = r->all ? three : one;
        r->ebn0.n = r->all ? 3 : 1;
        if (!(r->ebn0.v = malloc(sizeof *r->ebn0.v * (size_t)r->ebn0.n)))
            return fg_set_error(FG_ENOMEM, "out of memory");
        memcpy(r->ebn0.v, d, sizeof *d * (size_t)r->ebn0.n);
    }
    r->n_idx = 0;
    if (!r->which.n) {
        for (int i = 0; i < (r->all ? c->gen.n_codes : 1); i++)
            r->idx[r->n_idx++] = i;
        return 0;
    }
    for (int k = 0; k < r->which.n; k++) {
        int found = -1, dup = 0;
        for (int i = 0; i < c->gen.n_codes; i++)
            if (!strcmp(c->gen.codes[i]->name, r->which.v[k]))
                found = i;
        if (found < 0)
            return fg_set_error(FG_EINVAL, "%s: %s is not in the design's --codes", fg_opts_name(given, &r->which),
                                r->which.v[k]);
        for (int i = 0; i < r->n_idx; i++)
            dup |= r->idx[i] == found;
        if (!dup)
            r->idx[r->n_idx++] = found;
    }
    return 0;
}

static int sets(const void *cp, const void *p)
{
    (void)cp;
    const ldpc_run *r = p;
    return r->n_idx * r->ebn0.n;
}

/* Set i: its code (position in the set), Eb/N0, kind of early termination (FG_LDPC_VEC_ET_*: alternate gives
 * syndrome, capped, ...) and max_iter_i. */
static void set_of(const ldpc_cfg *c, const ldpc_run *r, int i, int *code, double *ebn0, int *kind, int *max_iter)
{
    const int max = c->gen.arch.fx.max_iter;
    *kind = r->et != FG_LDPC_VEC_ET_ALTERNATE ? r->et : i % 2 ? FG_LDPC_VEC_ET_CAPPED : FG_LDPC_VEC_ET_SYNDROME;
    *code = r->idx[i / r->ebn0.n];
    *ebn0 = r->ebn0.v[i % r->ebn0.n];
    *max_iter = *kind == FG_LDPC_VEC_ET_CAPPED && max > FG_LDPC_VEC_CAPPED_ITER ? FG_LDPC_VEC_CAPPED_ITER : max;
}

static void set_name(const void *cp, const void *p, int i, char *buf, size_t n)
{
    const ldpc_cfg *c = cp;
    int code, et, max_iter;
    double ebn0;
    set_of(c, p, i, &code, &ebn0, &et, &max_iter);
    char nm[FG_LDPC_NAME_MAX];
    snprintf(nm, sizeof nm, "%s", c->gen.codes[code]->name);
    for (char *q = nm; *q; q++)
        if (*q == '/')
            *q = '_';
    snprintf(buf, n, "%03d-%s-e%g-%s", code, nm, ebn0, et == FG_LDPC_VEC_ET_SYNDROME ? "et" : "noet");
}

static int vectors(const void *cp, const void *p, int i, const char *dir)
{
    const ldpc_cfg *c = cp;
    const ldpc_run *r = p;
    int code, et, max_iter;
    double ebn0;
    set_of(c, r, i, &code, &ebn0, &et, &max_iter);
    fg_ldpc_arch_cfg cfg = c->gen.arch;
    cfg.col_order = c->gen.col_order ? c->gen.col_order[code] : NULL;
    cfg.layer_order = NULL;
    cfg.fx.max_iter = max_iter;
    cfg.fx.early_term = et == FG_LDPC_VEC_ET_SYNDROME;
    fg_ldpc_vec_params vp = fg_ldpc_vec_params_default();
    vp.frames = r->frames;
    vp.ebn0_db = ebn0;
    vp.seed = r->seed;
    vp.lanes = zmax(c);
    vp.code_index = code;
    /* the set's options: its code, Eb/N0 and early termination */
    ldpc_run one = *r;
    char *name = (char *)c->gen.codes[code]->name;
    one.which = (fg_opt_texts){1, &name};
    one.ebn0 = (fg_opt_reals){1, &ebn0};
    one.et = et;
    const fg_design_set set = {&fg_design_ldpc, c, &one};
    vp.options = fg_design_set_options(&set);
    fg_ldpc_arch_vec_result vr;
    return fg_ldpc_arch_write_vectors(dir, c->gen.codes[code], &cfg, &vp, &vr);
}

/* Set i's frames as the LDPC family's: the code, its bit-accurate multi-layer decoder with the design's
 * arithmetic and the set's iterations and early termination. */
static int frames_of(const void *cp, const void *p, int i, char *args, size_t n, double *x, uint64_t *seed,
                     long long *count)
{
    const ldpc_cfg *c = cp;
    const ldpc_run *r = p;
    const fg_ldpc_fixed_cfg *f = &c->gen.arch.fx;
    int code, et, max_iter;
    set_of(c, r, i, &code, x, &et, &max_iter);
    const char *name = c->codes.n == c->gen.n_codes ? c->codes.v[code] : c->gen.codes[code]->name;
    snprintf(args, n,
             "--code %s --fixed --decoder multilayer:%d --alg nms:%d/%d --iter %d --et %s --llr-width %d --llr-frac %d "
             "--r-width %d --app-width %d --in-shift %d --scale-round %d --r-sat-late %d --app-keep %d",
             name, f->layers, f->scale_num, 1 << f->scale_shift, max_iter, et == FG_LDPC_VEC_ET_SYNDROME ? "syndrome" : "none", f->llr_width,
             f->llr_frac, f->r_width, f->app_width, f->in_shift, f->scale_round, f->r_sat_late, f->app_keep);
    *seed = r->seed;
    *count = r->frames;
    return 0;
}

/* A random legal design: wifi or wimax, 1-3 codes with Z <= size, K 1..3, N2 1..3, widths, scaling,
 * arithmetic switches, iterations, MB order; the run verifies every code. */
static int random_args(fg_rng *rs, int size, char *args, size_t n)
{
#define PICK(k) ((int)(fg_rng_next_u32(rs) % (uint32_t)(k)))
    const char *fam = PICK(2) ? "wimax" : "wifi";
    int cand[256], nc = 0;
    for (int i = 0; i < fg_ldpc_code_count() && nc < 256; i++) {
        const char *nm = fg_ldpc_code_name(i);
        fg_ldpc_code *code;
        if (strncmp(nm, fam, strlen(fam)) || nm[strlen(fam)] != '-' || fg_ldpc_code_create(nm, &code))
            continue;
        if (code->z <= size)
            cand[nc++] = i;
        fg_ldpc_code_destroy(code);
    }
    if (!nc)
        return fg_set_error(FG_EINVAL, "no %s code has Z <= %d", fam, size);
    char codes[256] = "";
    const int want = 1 + PICK(3);
    for (int k = 0; k < want && nc > 0; k++) {
        const int at = PICK(nc);
        const size_t len = strlen(codes);
        snprintf(codes + len, sizeof codes - len, "%s%s", k ? "," : "", fg_ldpc_code_name(cand[at]));
        cand[at] = cand[--nc];
    }
    static const char *const scales[] = {"3/4", "1/2", "7/8", "1", "5/8"};
    /* drawn in this order since the first release: a seed keeps giving the same designs */
    const int K = 1 + PICK(3), N2 = 1 + PICK(3), lw = 4 + PICK(5), rw = 4 + PICK(4);
    const int aw = (lw > rw ? lw : rw) + PICK(3);
    const int iter = 3 + PICK(13);
    const char *order = PICK(2) ? "hazard" : "ltr";
    const char *scale = scales[PICK(5)];
    const int lf = 1 + PICK(3);
    const int ins = PICK(2), srnd = PICK(2), rsat = PICK(2), keep = PICK(2);
    snprintf(args, n,
             "--codes %s --layers %d --mb %dx%d --iter %d --mb-order %s --scale %s --llr-width %d --llr-frac %d "
             "--r-width %d --app-width %d --in-shift %d --scale-round %d --r-sat-late %d --app-keep %d",
             codes, K, K, N2, iter, order, scale, lw, lf, rw, aw, ins, srnd, rsat, keep);
    return 0;
#undef PICK
}

static const char *const summary_keys[] = {"trace_cycles", "frames", "iterations_total", "frame_errors", NULL};
static const char *const config_ignore[] = {"family", "s1_depth", "s2_depth", "et_depth", "forward", NULL};
static const char *const random_refuses[] = {"vector-codes", NULL};

const fg_design fg_design_ldpc = {
    .name = "ldpc",
    .summary = "the multi-layer MB-serial QC-LDPC decoder of thesis 3.8, for a set of codes of one family",
    .doc = "docs/rtl-ldpc.md",
    .about = "The multi-layer MB-serial QC-LDPC decoder (thesis 3.8, docs/rtl-ldpc.md), cycle-exact with the step\n"
             "model of `fecforge arch ldpc` and bit-exact with `fecforge ber ldpc --fixed`, for a set of codes of\n"
             "one family chosen at run time (code_sel_i = the code's position in --codes); base matrices and\n"
             "schedules in ROM, Zmax = the largest Z of the set; the iteration limit (max_iter_i) and early\n"
             "termination (et_en_i) are inputs. A vector set is --frames noisy frames of one code decoded back\n"
             "to back from reset; streams llr, stimulus, expected (the port trace), iterations, app and hard\n"
             "(after every iteration), decoded, frames.",
    .example_args = "--codes wifi-648-1/2 --layers 2 --mb 2x2",
    .example_run = "--frames 1",
    .parts = parts,
    .cfg_size = sizeof(ldpc_cfg),
    .cfg_default = cfg_default,
    .config_ignore = config_ignore,
    .finish = finish,
    .cfg_free = cfg_free,
    .top = top,
    .generate = generate,
    .describe = describe,
    .gen_text = gen_text,
    .run_parts = run_parts,
    .run_size = sizeof(ldpc_run),
    .run_default = run_default,
    .run_finish = run_finish,
    .sets = sets,
    .set_name = set_name,
    .vectors = vectors,
    .summary_keys = summary_keys,
    .family = "ldpc",
    .frames_of = frames_of,
    .cosim = FG_DESIGN_COSIM_VECTORS,
    .random = random_args,
    .random_refuses = random_refuses,
    .random_size_name = "max-z",
    .random_size_lo = 24,
    .random_size_hi = 384,
    .random_size_def = 32,
};
