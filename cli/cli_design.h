/* The design verbs' shared part (gen, area, vectors, verify; fecforge_gen/design.h): the design's option
 * groups (and its run's), --config, the finished configuration. A verb adds its own groups, parses,
 * then finishes. */
#ifndef FG_CLI_DESIGN_H
#define FG_CLI_DESIGN_H

#include "cli_opts.h"
#include "fecforge_gen/design.h"

typedef struct {
    const fg_design *d;
    void *cfg, *run;
    fg_cli_spec spec;
    char cmd[64];
    char *config;  /* --config FILE (read by the parser) */
    int finished, run_finished;
} fg_cli_design;

/* The design named name among those with RTL (rtl) or all, or NULL after printing "fecforge VERB:
 * unknown design ..." with the list. */
const fg_design *fg_cli_design_find(const char *verb, const char *name, int rtl);
/* "fecforge VERB: a design is required: dbcf, iag, ... (WHAT)" (rtl: only designs with RTL); FG_EXIT_USAGE. */
int fg_cli_design_required(const char *verb, int rtl, const char *what);
/* The head of a design verb's command line: "VERB" alone (a design is required: WHAT as in
 * fg_cli_design_required), "VERB --help" (help() is printed), "VERB NAME" (*d is the design, among those
 * with RTL when rtl). -1 with *d set to go on, else the exit code. */
int fg_cli_design_head(const char *verb, int argc, char **argv, int rtl, const char *what, void (*help)(void),
                       const fg_design **d);
/* "  dbcf     the DBCF write network ..." lines for a verb's help (rtl: only designs with RTL). */
void fg_cli_design_list(FILE *f, int rtl);
/* Start the spec of "VERB DESIGN": the design's groups, its run's when with_run (1: the defaults of
 * one vector set, 2: verify's), --config. 0, or FG_EXIT_FAIL (out of memory, printed). */
int fg_cli_design_begin(fg_cli_design *c, const char *verb, const fg_design *d, int with_run);
/* After fg_cli_parse: the design's derived values and checks (and the run's). 0, or an exit code after
 * printing the error. */
int fg_cli_design_finish(fg_cli_design *c);
/* The options that reproduce the configuration and run ("--pllr 8 --banks 16 ... --K 40"). */
void fg_cli_design_args(const fg_cli_design *c, char *buf, size_t n);
/* Release what finish allocated and the structs (the spec is finished by the caller). */
void fg_cli_design_end(fg_cli_design *c);

#endif
