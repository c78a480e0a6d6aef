/* Designs (docs/architecture.md "Designs", docs/adding-a-family.md): the hardware of a family, declared
 * once as data and a few functions: its parameters (options as data, fecforge/options.h), the checks
 * across them, its top module and generator, and its vector sets (the stimulus and expected outputs the
 * step model gives for a run: a block size, a direction, noisy frames). `fecforge gen`, `area`,
 * `vectors` and `verify` are loops over this table; a design without a generator (turbo-fixed and xmap:
 * the bit-accurate turbo decoder's reference sets) has vector sets only.
 *
 * A configuration is the design's parameters (what `gen` records in manifest.json's "parameters", so
 * `--config manifest.json` gives them back) and a run is what one or more vector sets exercise it with:
 * `vectors` writes one set, `verify` every set of the run's lists (e.g. --K 40,5114 x both directions). */
#ifndef FECFORGE_GEN_DESIGN_H
#define FECFORGE_GEN_DESIGN_H

#include <stddef.h>
#include <stdint.h>

#include "fecforge/json.h"
#include "fecforge/options.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { FG_DESIGN_PARTS_MAX = 4, FG_DESIGN_TOP_MAX = 160, FG_DESIGN_SETS_MAX = 512 };

/* A part of a design's option tables: opts over the struct at byte offset `offset` of its
 * configuration (or run), so shared tables (fg_dbcf_options) are declared once. */
typedef struct {
    const char *title;
    const fg_opt *opts;
    size_t offset;
} fg_design_part;

/* How verify co-simulates the design with SystemC (docs/cosim.md). */
typedef enum {
    FG_DESIGN_COSIM_NONE = 0,    /* not supported */
    FG_DESIGN_COSIM_VECTORS = 1  /* the port-level step model against the RTL on every vector set */
} fg_design_cosim;

/* `area`'s table by block: a block holds the modules whose name starts with one of its prefixes (space-
 * separated; the first block that matches a module takes it), with the SRAM models they instantiate. */
typedef struct {
    const char *name;
    const char *modules;
} fg_design_block;

typedef struct fg_design {
    const char *name;    /* "dbcf": the word of gen, area, vectors and verify */
    const char *summary; /* one line */
    const char *doc;     /* its page: "docs/rtl-dbcf.md" */
    const char *about;   /* a paragraph for the help of the verbs */
    const char *example_args;  /* the options of a small configuration, for every verb's examples */
    const char *example_run;   /* the options of a small run ("--K 40"), for the examples of vectors and verify */

    /* ---- the configuration: the design's parameters ---- */
    const fg_design_part *parts; /* NULL-title-and-opts-ended */
    size_t cfg_size;
    void (*cfg_default)(void *cfg);
    /* manifest "parameters" keys derived from the others: read back by --config and ignored */
    const char *const *config_ignore;
    /* After parsing: derived defaults (given tells which options were given) and the checks across
     * options; FG_EINVAL with a message naming them. May open files (the LDPC codes). */
    int (*finish)(void *cfg, const fg_opts *given);
    void (*cfg_free)(void *cfg); /* what finish allocated (NULL: nothing) */
    void (*top)(const void *cfg, char *buf, size_t n);

    /* ---- RTL (NULL: a design with vector sets only) ---- */
    int (*generate)(const void *cfg, const char *dir);
    const fg_design_block *area_blocks; /* NULL-name-ended; NULL: no table by block */
    /* gen --json: the keys after "design" (the design writes "top" and "dir", given, where it wants
     * them); gen's line: the words after the top ("bank depth 96") */
    void (*describe)(const void *cfg, const char *top, const char *dir, fg_json *j);
    void (*gen_text)(const void *cfg, char *buf, size_t n);

    /* ---- vector sets ---- */
    const fg_design_part *run_parts;
    size_t run_size;
    /* all: verify's defaults (every direction, ...), else those of one set (vectors) */
    void (*run_default)(void *run, int all);
    /* After parsing the run: its checks against the configuration (FG_EINVAL naming the option). */
    int (*run_finish)(const void *cfg, void *run, const fg_opts *given);
    void (*run_free)(void *run); /* NULL: nothing */
    /* The vector sets the run names (verify writes them all, vectors exactly one), their directory
     * names ("umts-k5114-interleave"), and set i written into dir. */
    int (*sets)(const void *cfg, const void *run);
    void (*set_name)(const void *cfg, const void *run, int i, char *buf, size_t n);
    int (*vectors)(const void *cfg, const void *run, int i, const char *dir);
    /* The manifest counts a summary of a set shows (vectors, verify), NULL-ended; those that, non-zero,
     * mean the configuration loses words (a note, not an error: the set records it). */
    const char *const *summary_keys;
    const char *const *loss_keys;
    /* The seed the summary's provenance shows (NULL: none). */
    uint64_t (*seed_of)(const void *run);
    /* The frames of vector set i as those of a decoder family (`vectors --frames-out`, docs/decode.md):
     * the options of the family's bit-accurate implementation with the design's arithmetic (as text),
     * the channel point, the seed and the number of frames. family NULL: the sets hold no frames. */
    const char *family;
    int (*frames_of)(const void *cfg, const void *run, int i, char *args, size_t n, double *x, uint64_t *seed,
                     long long *count);

    /* ---- verify ---- */
    fg_design_cosim cosim;
    /* its port-level model (fecforge/vectors.h), which fg_design_register registers; NULL: the library's own
     * (a built-in design) or none (a design without co-simulation) */
    const struct fg_vec_model_def *vec_model;
    /* verify --random: the options of a random legal configuration and run drawn from r, at most size
     * big (the design's own measure: lanes, the largest Z), as command-line text into args (verify
     * parses it as if typed, so that it prints the command that reproduces it). 0, or FG_EINVAL when
     * nothing of that size exists. */
    int (*random)(fg_rng *r, int size, char *args, size_t n);
    const char *const *random_refuses; /* run options that name the design (not with --random), NULL-ended */
    const char *random_size_name; /* the option of `size`: "max-pllr" */
    int random_size_lo, random_size_hi, random_size_def;
} fg_design;

/* The registry: the built-in designs (dbcf, iag, subsystem, ldpc, turbo, turbo-fixed, xmap, viterbi), then a
 * program's own. */
int fg_design_count(void);
const fg_design *fg_design_at(int i);
const fg_design *fg_design_find(const char *name);
/* A program's own design (after the built-in ones; at most 8), registered before any verb runs, with its
 * port-level model (fg_vec_model_register): FG_EINVAL for a name taken, a design without name, top, sets,
 * set_name or vectors, a vec_model of another design's name, or a co-simulation without a port-level model. */
int fg_design_register(const fg_design *d);

/* The option groups of design d over cfg (and, when run is not NULL, the run parts) into out (at most
 * max); returns how many. */
int fg_design_groups(const fg_design *d, void *cfg, void *run, fg_opt_group *out, int max);
/* Those groups into g as options, not parsed (fg_opts_write_json, fg_opts_args, fg_opts_field_error). */
fg_opts fg_design_opts(const fg_design *d, const void *cfg, const void *run, fg_opt_group g[2 * FG_DESIGN_PARTS_MAX]);

/* The options of a vector set (manifest "parameters", vectors/FORMAT.md; gen's, run NULL) for fecforge/vectors.h's
 * writers: design's cfg and run, a run whose lists and choices name this set alone (its K, its direction). */
typedef struct {
    const fg_design *design;
    const void *cfg, *run;
} fg_design_set;
fg_vec_options fg_design_set_options(const fg_design_set *s);

/* A design configured from arguments (for programs and tests, and verify --random; the fecforge command
 * builds the same from its own line): cfg and run parsed from args ("--pllr 8 --banks 16 --K 40"; the
 * run's options too when with_run: 1 with the defaults of one vector set, 2 with verify's), finished
 * and checked. fg_design_setup_free in every case. */
typedef struct {
    const fg_design *design;
    void *cfg, *run;
    fg_opt_group groups[2 * FG_DESIGN_PARTS_MAX];
    fg_opts opts;
    int finished, run_finished;
} fg_design_setup;
int fg_design_setup_text(fg_design_setup *s, const fg_design *d, int with_run, const char *args);
void fg_design_setup_free(fg_design_setup *s);

#ifdef __cplusplus
}
#endif
#endif
