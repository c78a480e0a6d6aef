/* The command line of a subcommand as data (cli_opts.h): parsing, help, outputs opened before work. */
#include "cli_opts.h"

#include "fecforge/error.h"

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
