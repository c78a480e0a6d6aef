/* The design verbs' shared part (cli_design.h). */
#include "cli_design.h"

#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

const fg_design *fg_cli_design_find(const char *verb, const char *name, int rtl)
{
    const fg_design *d = fg_design_find(name);
    if (d && (!rtl || d->generate))
        return d;
    fprintf(stderr, "fecforge %s: %s '%s'; valid are:", verb, d ? "no RTL of the design" : "unknown design", name);
    for (int i = 0, k = 0; i < fg_design_count(); i++)
        if (!rtl || fg_design_at(i)->generate)
            fprintf(stderr, "%s %s", k++ ? "," : "", fg_design_at(i)->name);
    fprintf(stderr, "\nTry 'fecforge %s --help'.\n", verb);
    return NULL;
}

int fg_cli_design_required(const char *verb, int rtl, const char *what)
{
    char names[256] = "";
    for (int i = 0; i < fg_design_count(); i++)
        if (!rtl || fg_design_at(i)->generate) {
            const size_t at = strlen(names);
            snprintf(names + at, sizeof names - at, "%s%s", at ? ", " : "", fg_design_at(i)->name);
        }
    return fg_cli_usage_error(verb, "a design is required: %s%s%s", names, what ? "; " : "", what ? what : "");
}

int fg_cli_design_head(const char *verb, int argc, char **argv, int rtl, const char *what, void (*help)(void),
                       const fg_design **d)
{
    if (argc < 2)
        return fg_cli_design_required(verb, rtl, what);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    *d = fg_cli_design_find(verb, argv[1], rtl);
    return *d ? -1 : FG_EXIT_USAGE;
}

void fg_cli_design_list(FILE *f, int rtl)
{
    int w = 10; /* the column of the summaries: at least 10, wider for a longer name (turbo-fixed) */
    for (int i = 0; i < fg_design_count(); i++)
        if ((!rtl || fg_design_at(i)->generate) && (int)strlen(fg_design_at(i)->name) > w)
            w = (int)strlen(fg_design_at(i)->name);
    for (int i = 0; i < fg_design_count(); i++)
        if (!rtl || fg_design_at(i)->generate)
            fprintf(f, "  %-*s %s\n", w, fg_design_at(i)->name, fg_design_at(i)->summary);
}

int fg_cli_design_begin(fg_cli_design *c, const char *verb, const fg_design *d, int with_run)
{
    memset(c, 0, sizeof *c);
    c->d = d;
    snprintf(c->cmd, sizeof c->cmd, "%s %s", verb, d->name);
    c->spec.cmd = c->cmd;
    c->spec.config_ignore = d->config_ignore;
    c->cfg = calloc(1, d->cfg_size ? d->cfg_size : 1);
    c->run = with_run ? calloc(1, d->run_size ? d->run_size : 1) : NULL;
    if (!c->cfg || (with_run && !c->run))
        return fg_cli_fail(c->cmd, "out of memory");
    if (d->cfg_default)
        d->cfg_default(c->cfg);
    if (c->run && d->run_default)
        d->run_default(c->run, with_run == 2);
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    const int n = fg_design_groups(d, c->cfg, c->run, g, 2 * FG_DESIGN_PARTS_MAX);
    for (int i = 0; i < n; i++)
        fg_cli_group(&c->spec, g[i].title, g[i].opts, g[i].base);
    fg_cli_config(&c->spec, &c->config);
    return 0;
}

int fg_cli_design_finish(fg_cli_design *c)
{
    const fg_design *d = c->d;
    int rc = 0;
    if (d->finish) {
        c->finished = 1;
        rc = d->finish(c->cfg, &c->spec.o);
    }
    if (!rc && c->run && d->run_finish) {
        c->run_finished = 1;
        rc = d->run_finish(c->cfg, c->run, &c->spec.o);
    }
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(c->cmd, "%s", fg_last_error());
    return rc ? fg_cli_fail(c->cmd, "%s", fg_last_error()) : 0;
}

void fg_cli_design_args(const fg_cli_design *c, char *buf, size_t n)
{
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    fg_opts o = {.groups = g, .n_groups = fg_design_groups(c->d, c->cfg, c->run, g, 2 * FG_DESIGN_PARTS_MAX)};
    if (fg_opts_args(&o, buf, n))
        snprintf(buf, n, "(the options do not fit in %zu characters)", n);
}

void fg_cli_design_end(fg_cli_design *c)
{
    if (c->run_finished && c->d->run_free)
        c->d->run_free(c->run);
    if (c->finished && c->d->cfg_free)
        c->d->cfg_free(c->cfg);
    free(c->cfg);
    free(c->run);
    c->cfg = c->run = NULL;
}
