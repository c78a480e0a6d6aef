/* A subcommand's command line as data (fecforge/options.h): its option groups, its text, and the shared
 * groups every command that takes them declares once (docs/architecture.md "Options"). */
#ifndef FG_CLI_OPTS_H
#define FG_CLI_OPTS_H

#include "cli.h"
#include "fecforge/channel.h"
#include "fecforge/options.h"

#include <stddef.h>
#include <stdint.h>

enum { FG_CLI_GROUPS_MAX = 12, FG_CLI_OUTS_MAX = 8, FG_CLI_HELP = -1 };

/* An output file of an option (FG_OPT_TEXT with flag FG_CLI_OUTPUT): opened by fg_cli_parse before any
 * work (fecforge/output.h rules; a path that cannot be written is a usage error naming the option).
 * FG_CLI_OUT: an output file that the command opens itself; FG_CLI_OUTDIR: an output directory. With
 * FG_OPT_PATH_IN (inputs), every path is claimed (fg_cli_claim) before any output is opened, so an output
 * that is an input or another output is refused naming both options. */
enum { FG_CLI_OUTPUT = FG_OPT_OUTPUT, FG_CLI_OUT = 512, FG_CLI_OUTDIR = 1024 };

typedef struct {
    const char *cmd;      /* "conflicts", "ber ldpc" */
    const char *usage;    /* after "usage: fecforge CMD "; NULL: "[options]" and the positional names */
    const char *about;    /* what the command does, paragraphs */
    const char *notes;    /* after the options (NULL: none) */
    const char *examples; /* one command per line, each starting "fecforge " and runnable as written */
    const char *exits;    /* NULL: "0 ok, 1 runtime failure, 2 usage error" */
    fg_opt_group groups[FG_CLI_GROUPS_MAX];
    int n_groups;
    int pos_min, pos_max;
    const char *pos_meta;
    int pos_inputs;       /* 1: the positional arguments name input files or directories */
    const char *config_opt;
    const char *const *config_ignore;
    /* filled by fg_cli_parse */
    fg_opts o;
    struct {
        const void *field;
        fg_out *out;
    } outs[FG_CLI_OUTS_MAX];
    int n_outs;
} fg_cli_spec;

/* Add a group (title, table, struct) to a spec. */
void fg_cli_group(fg_cli_spec *s, const char *title, const fg_opt *opts, void *base);
/* Give the spec the option --config FILE (its text into *path; read by the parser before the command line). */
void fg_cli_config(fg_cli_spec *s, char **path);
/* The options given (on the command line or in its --config file), after fg_cli_parse, as the object
 * "parameters" of j keyed by the option names (fg_opts_write_json; outputs and the common options left out):
 * what --config reads back to run the same again. Only the given ones: the checks of a command refuse
 * some options in some combinations (--llr-width without --fixed), and the defaults reproduce themselves;
 * the result's other objects (code, decoder) give every value in effect. */
struct fg_json;
void fg_cli_json_parameters(const fg_cli_spec *s, struct fg_json *j);
/* Parse argv[1 ..] (argv[0]: the command's last word) with the spec's groups and the common ones
 * (--quiet, --help), then open the output files. Returns 0 to go on, FG_CLI_HELP after printing the
 * help (the command exits 0), or FG_EXIT_USAGE after printing "fecforge CMD: <message>" and a hint. */
int fg_cli_parse(fg_cli_spec *s, int argc, char **argv);
/* A program's look at every parse, for the option fuzzer (cli/fuzz/fuzz_cli_opts.c): when a probe is
 * set, fg_cli_parse hands it the spec, the driver's result (fg_opts_parse) and the words it parsed, frees
 * the values and returns FG_CLI_HELP without a message, so the command ends before any work or output.
 * NULL (the default) turns it off. Nothing on the command line or in the environment sets it. */
typedef void (*fg_cli_parse_probe)(const fg_cli_spec *s, int rc, int argc, char **argv);
void fg_cli_set_parse_probe(fg_cli_parse_probe probe);
/* Print the help of a spec (usage, about, options, notes, examples, exit codes). */
void fg_cli_help(const fg_cli_spec *s, FILE *f);
/* The option whose value is at field was given. */
int fg_cli_given(const fg_cli_spec *s, const void *field);
/* The opened output of the option whose value is at field (NULL if not given). */
fg_out *fg_cli_out(const fg_cli_spec *s, const void *field);
/* Commit (ok) or abort every output of the spec; free what parsing allocated. Returns rc, or
 * FG_EXIT_FAIL if rc was 0 and an output could not be written. */
int fg_cli_finish(fg_cli_spec *s, int rc);
/* A usage error about the option at field: "fecforge CMD: --name<fmt...>". */
int fg_cli_opt_error(const fg_cli_spec *s, const void *field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#define FG_CLI_OFF(type, field) offsetof(type, field)

/* ---- shared groups: declared once, used by every verb that takes them ---- */

/* The run group of the simulating verbs: the channel's sweep (its option named after the axis),
 * --min-fe, --max-frames, --threads, --seed, --stop-fer, --label. */
typedef struct {
    fg_opt_reals points;
    long long min_fe, max_frames;
    int threads;
    uint64_t seed;
    double stop_fer;
    char *label;
} fg_cli_run_opts;
/* The run group's table with the sweep option named axis over [lo, hi] (one table per process). */
const fg_opt *fg_cli_run_group(const fg_channel *ch, const char *axis_help);
/* A verb's option of a channel's axis (declared with a placeholder name, e.g. "ebn0"): the channel's axis
 * name, range and default (its single point for an option of one value, its list otherwise; none for a
 * required one), so that a channel's defaults are its own and checked like the user's values. */
void fg_cli_channel_axis(const fg_channel *ch, fg_opt *o);

/* The report group of BER runs: --json, --jsonl FILE, --plot FILE.png, --plot-with FILE.json. */
typedef struct {
    int json;
    char *jsonl, *plot;
    fg_opt_texts plot_with;
} fg_cli_report_opts;
extern const fg_opt fg_cli_report_group[];

/* The device group: --impl NAME, --device cpu|gpu, --gpus N (0: every device). */
typedef struct {
    char *impl;
    int device;
    int gpus;
} fg_cli_device_opts;
extern const fg_opt fg_cli_device_group[];

/* Word lists of the library's enumerations, in enum order (the CHOICE index is the enum value). */

#endif
