/* The family verbs' shared part (cli_family.h). */
#include "cli_family.h"

#include "fecforge/error.h"

#include <stdlib.h>
#include <string.h>

const fg_family *fg_cli_family_find(const char *verb, const char *name)
{
    const fg_family *f = fg_family_find(name);
    if (f)
        return f;
    fprintf(stderr, "fecforge %s: unknown family '%s'; valid are:", verb, name);
    for (int i = 0; i < fg_family_count(); i++)
        fprintf(stderr, "%s %s", i ? "," : "", fg_family_at(i)->name);
    fprintf(stderr, "\nTry 'fecforge %s --help'.\n", verb);
    return NULL;
}

void fg_cli_family_list(FILE *f)
{
    for (int i = 0; i < fg_family_count(); i++)
        fprintf(f, "  %-8s %s\n", fg_family_at(i)->name, fg_family_at(i)->summary);
}

int fg_cli_family_begin(fg_cli_family *c, const char *verb, const fg_family *f)
{
    memset(c, 0, sizeof *c);
    c->f = f;
    snprintf(c->cmd, sizeof c->cmd, "%s %s", verb, f->name);
    c->spec.cmd = c->cmd;
    if (!(c->cfg = calloc(1, f->cfg_size ? f->cfg_size : 1)))
        return fg_cli_fail(c->cmd, "out of memory");
    if (f->cfg_default)
        f->cfg_default(c->cfg);
    const fg_channel *ch = f->channel;
    if (ch->cfg_size && !(c->ccfg = calloc(1, ch->cfg_size)))
        return fg_cli_fail(c->cmd, "out of memory");
    if (c->ccfg && ch->cfg_default)
        ch->cfg_default(c->ccfg);
    fg_opt_group g[FG_FAMILY_GROUPS_MAX];
    const int ng = fg_family_groups(f, c->cfg, c->ccfg, NULL, NULL, g, FG_FAMILY_GROUPS_MAX);
    for (int i = 0; i < ng; i++)
        fg_cli_group(&c->spec, g[i].title, g[i].opts, g[i].base);
    fg_cli_config(&c->spec, &c->config);
    fg_cli_group(&c->spec, "implementation", fg_cli_device_group, &c->dev);
    c->n_impls = fg_family_impls(f, c->impls, FG_FAMILY_IMPLS_MAX);
    for (int i = 0; i < c->n_impls; i++) {
        const fg_family_impl *m = c->impls[i];
        for (int k = 0; k < i && !c->icfg[i]; k++)
            if (m->opts && c->impls[k]->opts == m->opts)
                c->icfg[i] = c->icfg[k];
        if (c->icfg[i] || !m->cfg_size)
            continue;
        if (!(c->icfg[i] = calloc(1, m->cfg_size)))
            return fg_cli_fail(c->cmd, "out of memory");
        if (m->cfg_default)
            m->cfg_default(c->icfg[i]);
        if (m->opts)
            fg_cli_group(&c->spec, m->gpu ? "GPU implementations" : m->name, m->opts, c->icfg[i]);
    }
    return 0;
}

void *fg_cli_family_icfg(const fg_cli_family *c, const fg_family_impl *m)
{
    for (int i = 0; i < c->n_impls; i++)
        if (c->impls[i] == m)
            return c->icfg[i];
    return NULL;
}

static void impl_names(const fg_cli_family *c, char *buf, size_t n)
{
    size_t at = 0;
    buf[0] = '\0';
    for (int i = 0; i < c->n_impls && at < n; i++)
        at += (size_t)snprintf(buf + at, n - at, "%s%s", i == 0 ? "" : i + 1 == c->n_impls ? " or " : ", ",
                               c->impls[i]->name);
}

/* Usage error if an option of an implementation that is neither a nor b was given. */
static int foreign_options(const fg_cli_family *c, const fg_family_impl *a, const fg_family_impl *b)
{
    const void *ia = fg_cli_family_icfg(c, a), *ib = b ? fg_cli_family_icfg(c, b) : NULL;
    for (int g = 0; g < c->spec.n_groups; g++)
        for (int i = 0; i < c->n_impls; i++) {
            if (!c->icfg[i] || c->spec.groups[g].base != c->icfg[i] || c->icfg[i] == ia || c->icfg[i] == ib)
                continue;
            for (const fg_opt *o = c->spec.groups[g].opts; o->name; o++)
                if (!o->alias_of && fg_cli_given(&c->spec, (char *)c->icfg[i] + o->offset)) {
                    char who[256] = "";
                    int n = 0; /* the implementations that share the table */
                    for (int k = 0; k < c->n_impls; k++)
                        if (c->impls[k]->opts == c->impls[i]->opts)
                            n++;
                    for (int k = 0, m = 0; k < c->n_impls; k++)
                        if (c->impls[k]->opts == c->impls[i]->opts) {
                            const size_t at = strlen(who);
                            snprintf(who + at, sizeof who - at, "%s%s", m == 0 ? "" : m == n - 1 ? " or " : ", ",
                                     c->impls[k]->name);
                            m++;
                        }
                    return fg_cli_usage_error(c->cmd, "--%s applies to --impl %s, not %s%s", o->name, who, a->name,
                                              c->impls[i]->gpu ? " (use --device gpu)" : "");
                }
        }
    return 0;
}

static const fg_family_impl *find_impl(const fg_cli_family *c, const char *opt, const char *name)
{
    const fg_family_impl *m = fg_family_impl_find(c->f, name);
    if (!m) {
        char names[256];
        impl_names(c, names, sizeof names);
        if (opt)
            fg_cli_usage_error(c->cmd, "--%s=%s invalid: expected %s", opt, name, names);
        else
            fg_cli_usage_error(c->cmd, "--device=gpu: %s has no GPU implementation %s here (%s)", c->f->name, name,
                               names);
    }
    return m;
}

const char *fg_cli_family_impl_for(const fg_cli_family *c)
{
    if (c->f->impl_for)
        return c->f->impl_for(c->cfg, c->dev.device);
    for (int i = 0; i < c->n_impls; i++) /* the family's first on the device asked for */
        if (c->impls[i]->gpu == (c->dev.device == 1))
            return c->impls[i]->name;
    return c->dev.device ? "gpu-float" : "float";
}

int fg_cli_family_open(fg_cli_family *c, const char *against)
{
    const char *name = c->dev.impl;
    if (!name)
        name = fg_cli_family_impl_for(c);
    const fg_family_impl *m = find_impl(c, c->dev.impl ? "impl" : NULL, name), *b = NULL;
    if (!m || (against && !(b = find_impl(c, "against", against))))
        return FG_EXIT_USAGE;
    if (fg_cli_given(&c->spec, &c->dev.device) && m->gpu != (c->dev.device == 1))
        return fg_cli_usage_error(c->cmd, "--device=%s conflicts with --impl=%s (which runs on the %s)",
                                  c->dev.device ? "gpu" : "cpu", m->name, m->gpu ? "GPU" : "CPU");
    if (fg_cli_given(&c->spec, &c->dev.gpus) && !m->gpu && !(b && b->gpu))
        return fg_cli_usage_error(c->cmd, "--gpus needs a GPU implementation (--device gpu)");
    if (b && b->input != m->input) /* the instance is opened for one arithmetic: both must share it */
        return fg_cli_usage_error(c->cmd, "--against=%s: %s is %s, %s is %s: compare implementations of one "
                                          "arithmetic", b->name, m->name,
                                  m->input == FG_IMPL_QUANT ? "bit-accurate" : "float", b->name,
                                  b->input == FG_IMPL_QUANT ? "bit-accurate" : "float");
    int rc = foreign_options(c, m, b);
    if (rc)
        return rc;
    c->impl = m;
    c->against = b;
    if ((c->f->channel->check && c->f->channel->check(c->ccfg, &c->spec.o)) ||
        fg_family_open(c->f, c->cfg, &c->spec.o, m, c->ccfg, &c->fi))
        return fg_cli_usage_error(c->cmd, "%s", fg_last_error());
    c->opened = 1;
    if (m->check && m->check(&c->fi, fg_cli_family_icfg(c, m)))
        return fg_cli_usage_error(c->cmd, "%s", fg_last_error());
    if (b && b->check && b->check(&c->fi, fg_cli_family_icfg(c, b)))
        return fg_cli_usage_error(c->cmd, "%s", fg_last_error());
    return 0;
}

int fg_cli_family_workers(const fg_cli_family *c, const fg_family_impl *m, int threads, int *workers)
{
    *workers = threads;
    if (!m->gpu)
        return 0;
    const int present = m->device_count ? m->device_count() : 0;
    if (present <= 0)
        return fg_cli_fail(c->cmd, "no CUDA device: %s", fg_last_error()[0] ? fg_last_error() : "none present");
    if (c->dev.gpus > present)
        return fg_cli_usage_error(c->cmd, "--gpus=%d out of range [0, %d] (0: all)", c->dev.gpus, present);
    *workers = c->dev.gpus ? c->dev.gpus : present;
    return 0;
}

void fg_cli_family_end(fg_cli_family *c)
{
    if (c->opened)
        fg_family_close(c->f, &c->fi);
    c->opened = 0;
    for (int i = 0; i < c->n_impls; i++) {
        int shared = 0;
        for (int k = 0; k < i && !shared; k++)
            shared = c->icfg[k] == c->icfg[i];
        if (!shared)
            free(c->icfg[i]);
    }
    memset(c->icfg, 0, sizeof c->icfg);
    free(c->cfg);
    free(c->ccfg);
    c->cfg = c->ccfg = NULL;
}

int fg_cli_family_has_gpu(const fg_family *f)
{
    const fg_family_impl *m[FG_FAMILY_IMPLS_MAX];
    const int n = fg_family_impls(f, m, FG_FAMILY_IMPLS_MAX);
    for (int i = 0; i < n; i++)
        if (m[i]->gpu)
            return 1;
    return 0;
}


void fg_cli_family_channel_json(const fg_cli_family *c, fg_json *j)
{
    if (!c->f->channel->opts || !c->ccfg)
        return;
    const fg_opt_group g = {"channel", c->f->channel->opts, c->ccfg};
    fg_opts o = {.groups = &g, .n_groups = 1};
    fg_json_obj_open(j, "channel_options");
    fg_opts_write_json(&o, j);
    fg_json_obj_close(j);
}
