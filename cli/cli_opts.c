/* The command line of a subcommand as data (cli_opts.h): parsing, help, outputs opened before work. */
#include "cli_opts.h"

#include "fecforge/ber.h"
#include "fecforge/error.h"
#include "fecforge/json.h"

#include <stdarg.h>
#include <string.h>

typedef struct {
    int quiet, help;
} common_vals;

static common_vals common;

static const fg_opt common_opts[] = {
    {"quiet", 'q', FG_OPT_FLAG, offsetof(common_vals, quiet), .help = "no progress lines on stderr"},
    {"help", 'h', FG_OPT_FLAG, offsetof(common_vals, help), .help = "this text"},
    {NULL}};

void fg_cli_group(fg_cli_spec *s, const char *title, const fg_opt *opts, void *base)
{
    if (s->n_groups < FG_CLI_GROUPS_MAX - 1)
        s->groups[s->n_groups++] = (fg_opt_group){title, opts, base};
}

static const fg_opt config_opts[] = {
    {"config", 0, FG_OPT_TEXT, 0, .meta = "FILE",
     .help = "the parameters from a JSON file: the \"parameters\" of a result (--json), the manifest.json of\n"
             "`fecforge gen`, or an object of option values; the command line wins over the file"},
    {NULL}};

void fg_cli_config(fg_cli_spec *s, char **path)
{
    s->config_opt = "config";
    fg_cli_group(s, NULL, config_opts, path);
}

void fg_cli_json_parameters(const fg_cli_spec *s, fg_json *j)
{
    fg_json_obj_open(j, "parameters");
    for (int g = 0; g < s->n_groups; g++) /* the common group (--quiet, --help), last, is not among them */
        for (const fg_opt *o = s->groups[g].opts; o->name; o++) {
            if ((o->flags & FG_CLI_OUTPUT) || !fg_cli_given(s, (const char *)s->groups[g].base + o->offset))
                continue;
            /* the options' own writer, one option at a time */
            const fg_opt one[2] = {*o, {NULL}};
            const fg_opt_group og = {NULL, one, s->groups[g].base};
            fg_opts_write_json(&(fg_opts){.groups = &og, .n_groups = 1, .config_opt = s->config_opt}, j);
        }
    fg_json_obj_close(j);
}

static void words(FILE *f, const char *text, int indent)
{
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        const int len = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(f, "%*s%.*s\n", len ? indent : 0, "", len, p);
        p += len + (nl != NULL);
    }
}

void fg_cli_help(const fg_cli_spec *s, FILE *f)
{
    if (s->usage)
        fprintf(f, "usage: fecforge %s %s\n\n", s->cmd, s->usage);
    else
        fprintf(f, "usage: fecforge %s [options]%s%s\n\n", s->cmd, s->pos_meta ? " " : "", s->pos_meta ? s->pos_meta : "");
    words(f, s->about, 0);
    fputc('\n', f);
    fg_opts_help(&s->o, f);
    if (s->notes) {
        fputc('\n', f);
        words(f, s->notes, 0);
    }
    if (s->examples) {
        fprintf(f, "\nexamples:\n");
        words(f, s->examples, 2);
    }
    fprintf(f, "\nexit: %s\n", s->exits ? s->exits : "0 ok, 1 runtime failure, 2 usage error");
}

static fg_cli_parse_probe parse_probe;

void fg_cli_set_parse_probe(fg_cli_parse_probe probe) { parse_probe = probe; }

/* Every path the command line names (options declared as paths, the positional inputs), claimed before
 * any output is opened: an output that is an input or another output is refused (fg_cli_claim). */
static int claim_paths(fg_cli_spec *s)
{
    fg_cli_claims_reset();
    for (int g = 0; g < s->n_groups; g++)
        for (const fg_opt *o = s->groups[g].opts; o->name; o++) {
            const unsigned path_flags = FG_CLI_OUTPUT | FG_CLI_OUT | FG_CLI_OUTDIR | FG_OPT_PATH_IN;
            const void *field = (const char *)s->groups[g].base + o->offset;
            if (!(o->flags & path_flags) || o->alias_of || !fg_opts_given(&s->o, field))
                continue;
            const int kind = o->flags & FG_CLI_OUTDIR                 ? FG_CLI_PATH_OUTDIR
                             : o->flags & (FG_CLI_OUTPUT | FG_CLI_OUT) ? FG_CLI_PATH_OUT
                                                                       : FG_CLI_PATH_IN;
            const char *name = fg_opts_name(&s->o, field);
            if (o->type == FG_OPT_TEXTS) {
                const fg_opt_texts *t = field;
                for (int i = 0; i < t->n; i++)
                    if (fg_cli_claim(s->cmd, name, t->v[i], kind))
                        return FG_EXIT_USAGE;
            } else if (o->type == FG_OPT_TEXT && fg_cli_claim(s->cmd, name, *(char *const *)field, kind))
                return FG_EXIT_USAGE;
        }
    for (int i = 0; s->pos_inputs && i < s->o.n_pos; i++) {
        char what[32];
        snprintf(what, sizeof what, "argument %d", i + 1);
        if (fg_cli_claim(s->cmd, what, s->o.pos[i], FG_CLI_PATH_IN))
            return FG_EXIT_USAGE;
    }
    return 0;
}

int fg_cli_parse(fg_cli_spec *s, int argc, char **argv)
{
    memset(&common, 0, sizeof common);
    s->groups[s->n_groups] = (fg_opt_group){"common", common_opts, &common};
    s->o = (fg_opts){.groups = s->groups,
                     .n_groups = s->n_groups + 1,
                     .pos_min = s->pos_min,
                     .pos_max = s->pos_max,
                     .pos_meta = s->pos_meta,
                     .config_opt = s->config_opt,
                     .config_ignore = s->config_ignore};
    s->n_outs = 0;
    const int rc = fg_opts_parse(&s->o, argc - 1, argv + 1);
    if (parse_probe) {
        parse_probe(s, rc, argc - 1, argv + 1);
        fg_opts_free(&s->o);
        return FG_CLI_HELP;
    }
    if (rc == FG_OPTS_HELP) {
        fg_cli_help(s, stdout);
        fg_opts_free(&s->o);
        return FG_CLI_HELP;
    }
    if (rc) {
        fg_cli_usage_error(s->cmd, "%s", fg_last_error());
        fg_opts_free(&s->o);
        return FG_EXIT_USAGE;
    }
    if (common.quiet)
        fg_cli_quiet = 1;
    if (claim_paths(s)) {
        fg_opts_free(&s->o);
        return FG_EXIT_USAGE;
    }
    /* outputs: opened now, so a bad path costs no work */
    for (int g = 0; g < s->n_groups; g++)
        for (const fg_opt *o = s->groups[g].opts; o->name; o++) {
            if (!(o->flags & FG_CLI_OUTPUT) || o->alias_of)
                continue;
            const void *field = (const char *)s->groups[g].base + o->offset;
            const char *path = *(char *const *)field;
            if (!path || !fg_opts_given(&s->o, field))
                continue;
            fg_out *out = NULL;
            if (s->n_outs == FG_CLI_OUTS_MAX || !(out = fg_cli_out_open(s->cmd, o->name, path))) {
                if (s->n_outs == FG_CLI_OUTS_MAX)
                    fg_cli_fail(s->cmd, "internal: more than %d outputs", FG_CLI_OUTS_MAX);
                fg_cli_finish(s, FG_EXIT_USAGE);
                return FG_EXIT_USAGE;
            }
            s->outs[s->n_outs].field = field;
            s->outs[s->n_outs++].out = out;
        }
    return 0;
}

int fg_cli_given(const fg_cli_spec *s, const void *field) { return fg_opts_given(&s->o, field); }

fg_out *fg_cli_out(const fg_cli_spec *s, const void *field)
{
    for (int i = 0; i < s->n_outs; i++)
        if (s->outs[i].field == field)
            return s->outs[i].out;
    return NULL;
}

int fg_cli_finish(fg_cli_spec *s, int rc)
{
    for (int i = 0; i < s->n_outs; i++) {
        if (fg_cli_out_close(s->cmd, s->outs[i].out, rc == FG_EXIT_OK) && rc == FG_EXIT_OK)
            rc = FG_EXIT_FAIL;
        s->outs[i].out = NULL;
    }
    s->n_outs = 0;
    fg_opts_free(&s->o);
    return rc;
}

int fg_cli_opt_error(const fg_cli_spec *s, const void *field, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return fg_cli_usage_error(s->cmd, "%s%s", fg_opts_name(&s->o, field), msg);
}

/* ---- shared groups ---- */

#define R(f) offsetof(fg_cli_run_opts, f)
static fg_opt run_group[] = {
    {"ebn0", 0, FG_OPT_SWEEP, R(points), -50, 100, .meta = "LIST", .flags = FG_OPT_REQUIRED},
    {"min-fe", 0, FG_OPT_LLONG, R(min_fe), 1, 1099511627776.0, .def = "100", .meta = "N",
     .help = "frame errors per point: a point ends at the frame where they are reached"},
    {"max-frames", 0, FG_OPT_LLONG, R(max_frames), 1, 1099511627776.0, .def = "1000000", .meta = "N",
     .help = "frames per point at most"},
    {"threads", 0, FG_OPT_INT, R(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T",
     .help = "CPU threads (the counts do not depend on them)"},
    {"jobs", 0, FG_OPT_INT, 0, .alias_of = "threads"},
    {"seed", 0, FG_OPT_SEED, R(seed), .def = "1", .meta = "S", .help = "Philox seed of the frames"},
    {"stop-fer", 0, FG_OPT_REAL, R(stop_fer), 0, 1, .meta = "F", .def_text = "",
     .help = "skip the remaining points after one with a FER below F", .flags = FG_OPT_LO_OPEN | FG_OPT_HI_OPEN},
    {"label", 0, FG_OPT_TEXT, R(label), .meta = "TEXT", .def_text = "from the decoder",
     .help = "the curve's name in the JSON and plots"},
    {NULL}};
#undef R

const fg_opt *fg_cli_run_group(const fg_channel *ch, const char *axis_help)
{
    fg_cli_channel_axis(ch, &run_group[0]);
    run_group[0].help = axis_help;
    return run_group;
}

void fg_cli_channel_axis(const fg_channel *ch, fg_opt *o)
{
    o->name = ch->axis;
    o->lo = ch->lo;
    o->hi = ch->hi;
    o->flags = (o->flags & ~(unsigned)(FG_OPT_LO_OPEN | FG_OPT_HI_OPEN)) | ch->axis_flags;
    o->def = o->flags & FG_OPT_REQUIRED ? NULL : o->max == 1 ? ch->axis_point : ch->axis_points;
}

#define P(f) offsetof(fg_cli_report_opts, f)
const fg_opt fg_cli_report_group[] = {
    {"json", 0, FG_OPT_FLAG, P(json), .help = "one JSON object on stdout"},
    {"jsonl", 0, FG_OPT_TEXT, P(jsonl), .meta = "FILE", .flags = FG_CLI_OUT,
     .help = "JSON lines written as the run goes: a head, one line per finished point, an end line\n"
             "(a killed run keeps its finished points; - is standard output)"},
    {"plot", 0, FG_OPT_TEXT, P(plot), .meta = "FILE.png", .help = "FER and BER against the sweep (gnuplot)",
     .flags = FG_CLI_OUTPUT},
    {"plot-with", 0, FG_OPT_TEXTS, P(plot_with), .max = 16, .meta = "FILE.json",
     .help = "add the curve of an earlier --json run to the plot (repeat for more)",
     .flags = FG_OPT_REPEAT | FG_OPT_PATH_IN},
    {NULL}};
#undef P

#define D(f) offsetof(fg_cli_device_opts, f)
const fg_opt fg_cli_device_group[] = {
    {"impl", 0, FG_OPT_TEXT, D(impl), .meta = "NAME", .def_text = "from --fixed and --device",
     .help = "the implementation of the decoder (the family's list)"},
    {"device", 0, FG_OPT_CHOICE, D(device), .words = "cpu|gpu", .def = "cpu", .meta = "D",
     .help = "where the decoder runs: gpu picks the family's CUDA implementation"},
    {"gpus", 0, FG_OPT_INT, D(gpus), 0, 64, .def = "0", .meta = "N",
     .help = "GPUs to split the frames over, 0: every device"},
    {NULL}};
#undef D
