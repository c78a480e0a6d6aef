/* The built-in designs of the registry (design.c), one file each: design_<name>.c. */
#ifndef FG_DESIGN_INTERNAL_H
#define FG_DESIGN_INTERNAL_H

#include "fecforge_gen/design.h"

extern const fg_design fg_design_dbcf, fg_design_iag, fg_design_subsys, fg_design_ldpc, fg_design_turbo,
    fg_design_turbo_fixed, fg_design_xmap, fg_design_viterbi;

/* Shared by the designs of the interleaver write path (dbcf, iag, subsystem): a run of one
 * half-iteration per block size and direction (design_halves.c). */
typedef struct {
    int std;       /* fg_std */
    fg_opt_ints K; /* block sizes as given (none: the largest of the standard; "all") */
    int dir;       /* 0: the first kind (interleave, forward), 1: the second, 2: both */
    int *Ks, nK;   /* the block sizes, after fg_design_halves_finish */
} fg_design_halves_run;

/* The run's options over a fg_design_halves_run: --std (a design whose hardware is of one standard
 * takes it as a parameter instead and copies it into the run), --K and --NAME first|second|both. */
#define FG_DESIGN_HALVES_STD_OPT                                                                                \
    {"std", 0, FG_OPT_CHOICE, offsetof(fg_design_halves_run, std), .words = FG_STD_WORDS, .def = "umts",         \
     .meta = "S", .help = "the standard of the blocks"}
#define FG_DESIGN_HALVES_OPTS(name, first, second, dir_help)                                                    \
    {"K", 0, FG_OPT_INTS, offsetof(fg_design_halves_run, K), 40, 6144, 64, .words = "all", .meta = "LIST",        \
     .def_text = "the largest of the standard: 5114 (umts), 6144 (lte)",                                         \
     .help = "block sizes: N, N,M,... or all (every size of the standard: thousands of sets)"},                 \
        {name, 0, FG_OPT_CHOICE, offsetof(fg_design_halves_run, dir), .words = first "|" second "|both",         \
         .meta = "D", .def_text = first "; verify: both", .help = dir_help}

/* run_default (all: both kinds, for verify). */
void fg_design_halves_default(fg_design_halves_run *r, int all);
/* The block sizes checked against the standard and expanded; FG_EINVAL naming --K. */
int fg_design_halves_finish(fg_design_halves_run *r);
int fg_design_halves_sets(const fg_design_halves_run *r);
/* Set i: its name "umts-k5114-interleave"; set i alone as a run (its manifest's options, fg_design_set): r with
 * its K (one->K.v[0], pointing into r) and kind (one->dir: 0 the first, 1 the second). */
void fg_design_halves_name(const fg_design_halves_run *r, int i, const char *first, const char *second, char *buf,
                           size_t n);
void fg_design_halves_free(fg_design_halves_run *r);
void fg_design_halves_one(const fg_design_halves_run *r, int i, fg_design_halves_run *one);
/* --random: "--K A,B --NAME both" with two block sizes of std drawn from rs, appended to args. */
void fg_design_halves_random(fg_rng *rs, int std, const char *name, char *args, size_t n);

/* The DBCF's RTL options (--width, --bank-depth over fg_gen_dbcf_cfg), the check of a configuration
 * naming the options, and the --mapping option (an int at offset 0): shared by the dbcf and subsystem
 * designs. */
#include "fecforge_gen/gen.h"
extern const fg_opt fg_design_dbcf_rtl_opts[];
int fg_design_dbcf_check(const fg_gen_dbcf_cfg *c, const fg_opts *given);
extern const fg_opt fg_design_mapping_option[];

#endif
