/* A family's architecture study (`fecforge arch NAME`, docs/architecture.md "Families"): its hardware's
 * cycle-accurate step model run on a configuration, measured (cycles, latency, throughput, stalls,
 * conflicts) and checked against the family's bit-accurate decoder on noisy frames. A family that declares
 * one (fg_family.arch) gets the verb: the command parses the study's option parts with the family's
 * grammar, adds --trace FILE (when the study has a trace) and --json, and calls run. A family's code library
 * (`fecforge code NAME`, fg_family.codes: list, show and export its codes) has the same shape and the same
 * command. */
#ifndef FECFORGE_ARCH_H
#define FECFORGE_ARCH_H

#include "fecforge/error.h"
#include "fecforge/family.h"
#include "fecforge/json.h"
#include "fecforge/output.h"

#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where a study's run writes and what it reports back. */
typedef struct {
    const fg_opts *given; /* the parsed options (which were given, under which spelling) */
    FILE *text;           /* the human table (json NULL) */
    fg_json *json;        /* begun by the caller: the run writes one object, the caller ends it; NULL: text */
    fg_out *trace;        /* --trace FILE, opened before any work; NULL: not asked for */
    /* the output of an FG_OPT_OUTPUT option of the parts whose value is at field, opened before any work;
     * NULL: not given */
    fg_out *(*output)(void *ctx, const void *field);
    void *output_ctx;
    /* progress of long runs (may be NULL): done of total `what` ("frames") */
    void (*progress)(void *ctx, const char *what, long done, long total);
    void *progress_ctx;
    /* the caller's members of the run's JSON object, after its provenance (may be NULL): the options given */
    void (*json_head)(void *ctx, fg_json *j);
    void *json_head_ctx;
    int failed;           /* set by run: the study found a fault (a lost word, a mismatch): exit 1 after the output */
} fg_arch_io;

typedef struct fg_family_arch {
    const char *summary;    /* what it measures, for `fecforge arch --help` (may hold newlines) */
    const char *usage;      /* after "usage: fecforge arch NAME " */
    const char *about, *notes, *examples; /* help text; examples one command a line, runnable as written */
    const char *trace_help; /* the --trace option's help; NULL: no trace */
    /* its options: parts over a configuration struct of cfg_size bytes */
    const fg_opt_part *parts; /* NULL-title-and-opts-ended */
    size_t cfg_size;
    void (*cfg_default)(void *cfg);
    /* The study on the parsed configuration: 0, FG_EINVAL for a usage error (the message names the option
     * as io->given spells it and its range), any other code for a failure while running. */
    int (*run)(void *cfg, fg_arch_io *io);
} fg_family_arch;

/* The studies of the library's families (their fg_family.arch), and the code libraries (fg_family.codes). */
extern const fg_family_arch fg_ldpc_arch_study, fg_turbo_arch_study, fg_vit_arch_study, fg_ldpc_codes;

/* A clock frequency as the --fclk options take it: a decimal number with an exponent or a suffix k, M, G
 * (optionally Hz): 815e6, 815M, 815MHz, 0.815GHz; [1e3, 1e12] Hz. FG_EINVAL naming --fclk and what is valid. */
int fg_arch_parse_fclk(const char *text, double *hz);

/* Open the run's JSON object in io->json: provenance (seed: the run's, or NULL when it draws nothing), then
 * the caller's head. */
void fg_arch_json_open(const fg_arch_io *io, const uint64_t *seed);

/* A failure of a run (not of its options): FG_EINVAL from a model called on checked options becomes
 * FG_ESTATE, so that the command reports it as a runtime failure. */
static inline int fg_arch_runtime(int rc) { return rc == FG_EINVAL ? FG_ESTATE : rc; }

#ifdef __cplusplus
}
#endif
#endif
