/* fecforge arch NAME and fecforge code NAME: a family's architecture study and its code library (fecforge/arch.h),
 * loops over the family registry: the tool's options with the common --trace and --json, its run, its help. A
 * family adds no line here. */
#include "cli.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/arch.h"
#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

/* A verb over the families' tools of one kind. */
typedef struct {
    const char *verb;  /* "arch" */
    const char *what;  /* the word of its messages: "model" */
    const char *title; /* the help's line under the usage */
    const fg_family_arch *(*of)(const fg_family *f);
} family_verb;

static const fg_family_arch *arch_of(const fg_family *f) { return f->arch; }
static const fg_family_arch *codes_of(const fg_family *f) { return f->codes; }
static const family_verb ARCH = {"arch", "model", "Cycle-accurate architecture models.", arch_of};
static const family_verb CODE = {"code", "code family", "Channel codes of the library.", codes_of};

/* the families with a tool of kind v, as a list for messages: "are ldpc, turbo, viterbi" */
static void names(FILE *f, const family_verb *v)
{
    int n = 0;
    for (int i = 0; i < fg_family_count(); i++)
        n += v->of(fg_family_at(i)) != NULL;
    fprintf(f, "%s ", n == 1 ? "is" : "are");
    const char *sep = "";
    for (int i = 0; i < fg_family_count(); i++)
        if (v->of(fg_family_at(i))) {
            fprintf(f, "%s%s", sep, fg_family_at(i)->name);
            sep = ", ";
        }
}

static void help_top(const family_verb *v)
{
    printf("usage: fecforge %s <%s> [--options]\n\n%s\n\n%ss:\n", v->verb, v->what, v->title, v->what);
    int w = 6;
    for (int i = 0; i < fg_family_count(); i++)
        if (v->of(fg_family_at(i)) && (int)strlen(fg_family_at(i)->name) > w)
            w = (int)strlen(fg_family_at(i)->name);
    for (int i = 0; i < fg_family_count(); i++) {
        const fg_family *f = fg_family_at(i);
        if (!v->of(f))
            continue;
        printf("  %-*s ", w, f->name);
        for (const char *s = v->of(f)->summary; *s; s++) /* continuation lines under the first */
            if (*s == '\n')
                printf("\n%*s", w + 3, "");
            else
                fputc(*s, stdout);
        printf("\n");
    }
    printf("\n'fecforge %s <%s> --help' describes each one.\n", v->verb, v->what);
}
static void progress(void *ctx, const char *what, long done, long total) { fg_cli_progress(ctx, what, done, total); }

typedef struct {
    char *trace, *config;
    int json;
} out_opts;

/* The run's command and the options it was given (what --config reads back from the result). */
static void json_head(void *ctx, fg_json *j)
{
    const fg_cli_spec *s = ctx;
    fg_json_str(j, "command", s->cmd);
    fg_cli_json_parameters(s, j);
}

static fg_out *output(void *ctx, const void *field) { return fg_cli_out(ctx, field); }

static int family_tool(const family_verb *v, const fg_family *f, int argc, char **argv)
{
    const fg_family_arch *a = v->of(f);
    char cmd[64];
    snprintf(cmd, sizeof cmd, "%s %s", v->verb, f->name);
    void *cfg = calloc(1, a->cfg_size);
    if (!cfg)
        return fg_cli_fail(cmd, "out of memory");
    a->cfg_default(cfg);
    out_opts o = {NULL, NULL, 0};
    const fg_opt out_tbl[] = {
        {"trace", 0, FG_OPT_TEXT, offsetof(out_opts, trace), .meta = "FILE", .help = a->trace_help,
         .flags = FG_CLI_OUTPUT},
        {"json", 0, FG_OPT_FLAG, offsetof(out_opts, json), .help = "one JSON object on stdout"},
        {NULL}};
    fg_cli_spec spec = {.cmd = cmd, .usage = a->usage, .about = a->about, .notes = a->notes, .examples = a->examples};
    for (const fg_opt_part *p = a->parts; p->opts; p++)
        fg_cli_group(&spec, p->title, p->opts, (char *)cfg + p->offset);
    fg_cli_group(&spec, "output", a->trace_help ? out_tbl : out_tbl + 1, &o);
    fg_cli_config(&spec, &o.config);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc) {
        free(cfg);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    fg_json j;
    fg_arch_io io = {.given = &spec.o, .text = stdout, .json = o.json ? &j : NULL, .trace = fg_cli_out(&spec, &o.trace),
                     .output = output, .output_ctx = &spec, .progress = progress, .progress_ctx = cmd,
                     .json_head = json_head, .json_head_ctx = &spec};
    if (o.json)
        fg_json_begin(&j, stdout);
    rc = a->run(cfg, &io);
    fg_cli_progress_done();
    if (rc)
        rc = rc == FG_EINVAL ? fg_cli_usage_error(cmd, "%s", fg_last_error()) : fg_cli_fail(cmd, "%s", fg_last_error());
    else if (o.json)
        fg_json_end(&j);
    rc = fg_cli_finish(&spec, rc ? rc : io.failed ? FG_EXIT_FAIL : FG_EXIT_OK);
    free(cfg);
    return rc;
}

static int family_verb_main(const family_verb *v, int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "fecforge %s: a %s is required: valid ", v->verb, v->what);
        names(stderr, v);
        fprintf(stderr, "\nTry 'fecforge %s --help'.\n", v->verb);
        return FG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        help_top(v);
        return FG_EXIT_OK;
    }
    const fg_family *f = fg_family_find(argv[1]);
    if (f && v->of(f))
        return family_tool(v, f, argc - 1, argv + 1);
    fprintf(stderr, "fecforge %s: unknown %s '%s': valid ", v->verb, v->what, argv[1]);
    names(stderr, v);
    fprintf(stderr, " (see fecforge %s --help)\nTry 'fecforge %s --help'.\n", v->verb, v->verb);
    return FG_EXIT_USAGE;
}

int fg_cmd_arch(int argc, char **argv) { return family_verb_main(&ARCH, argc, argv); }
int fg_cmd_code(int argc, char **argv) { return family_verb_main(&CODE, argc, argv); }
