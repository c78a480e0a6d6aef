/* The design registry (fecforge_gen/design.h): the built-in designs and their configuration from text. */
#include "fecforge_gen/design.h"

#include "design_internal.h"
#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <stdlib.h>
#include <string.h>

static const fg_design *const builtin[] = {&fg_design_dbcf,  &fg_design_iag,         &fg_design_subsys, &fg_design_ldpc,
                                           &fg_design_turbo, &fg_design_turbo_fixed, &fg_design_xmap,
                                           &fg_design_viterbi};
enum { N_BUILTIN = sizeof builtin / sizeof *builtin, ADDED_MAX = 8 };
static const fg_design *added[ADDED_MAX]; /* a program's own designs (fg_design_register), before any verb runs */
static int n_added;

int fg_design_count(void) { return N_BUILTIN + n_added; }

const fg_design *fg_design_at(int i)
{
    return i >= 0 && i < N_BUILTIN ? builtin[i] : i >= N_BUILTIN && i < N_BUILTIN + n_added ? added[i - N_BUILTIN] : NULL;
}

const fg_design *fg_design_find(const char *name)
{
    for (int i = 0; name && i < fg_design_count(); i++)
        if (!strcmp(fg_design_at(i)->name, name))
            return fg_design_at(i);
    return NULL;
}

int fg_design_register(const fg_design *d)
{
    if (!d || !d->name || !d->top || !d->sets || !d->set_name || !d->vectors)
        return fg_set_error(FG_EINVAL, "fg_design_register: a design needs a name, top, sets, set_name and vectors");
    if (fg_design_find(d->name))
        return fg_set_error(FG_EINVAL, "design %s is already registered", d->name);
    if (n_added == ADDED_MAX)
        return fg_set_error(FG_EINVAL, "more than %d added designs", ADDED_MAX);
    if (d->vec_model && (!d->vec_model->design || strcmp(d->vec_model->design, d->name)))
        return fg_set_error(FG_EINVAL, "design %s: its port-level model is not of design %s", d->name, d->name);
    if (d->cosim == FG_DESIGN_COSIM_VECTORS && !d->vec_model && !fg_vec_model_find(d->name))
        return fg_set_error(FG_EINVAL, "design %s: a co-simulation needs a port-level model (vec_model)", d->name);
    const int rc = d->vec_model ? fg_vec_model_register(d->vec_model) : 0;
    if (rc)
        return rc;
    added[n_added++] = d;
    return 0;
}

int fg_design_groups(const fg_design *d, void *cfg, void *run, fg_opt_group *out, int max)
{
    int n = 0;
    for (const fg_design_part *p = d->parts; p && p->opts && n < max; p++)
        out[n++] = (fg_opt_group){p->title, p->opts, (char *)cfg + p->offset};
    for (const fg_design_part *p = run ? d->run_parts : NULL; p && p->opts && n < max; p++)
        out[n++] = (fg_opt_group){p->title, p->opts, (char *)run + p->offset};
    return n;
}

fg_opts fg_design_opts(const fg_design *d, const void *cfg, const void *run, fg_opt_group g[2 * FG_DESIGN_PARTS_MAX])
{
    return (fg_opts){.groups = g, .n_groups = fg_design_groups(d, (void *)cfg, (void *)run, g, 2 * FG_DESIGN_PARTS_MAX)};
}

static void set_json(const void *arg, fg_json *j)
{
    const fg_design_set *s = arg;
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    const fg_opts o = fg_design_opts(s->design, s->cfg, s->run, g);
    fg_opts_write_json(&o, j);
}

fg_vec_options fg_design_set_options(const fg_design_set *s) { return (fg_vec_options){set_json, s}; }

void fg_design_setup_free(fg_design_setup *s)
{
    const fg_design *d = s->design;
    if (d && s->run_finished && d->run_free)
        d->run_free(s->run);
    if (d && s->finished && d->cfg_free)
        d->cfg_free(s->cfg);
    fg_opts_free(&s->opts);
    free(s->cfg);
    free(s->run);
    s->cfg = s->run = NULL;
    s->finished = s->run_finished = 0;
}

int fg_design_setup_text(fg_design_setup *s, const fg_design *d, int with_run, const char *args)
{
    memset(s, 0, sizeof *s);
    s->design = d;
    if (!d)
        return fg_set_error(FG_EINVAL, "fg_design_setup_text: no design");
    int rc = 0;
    s->cfg = calloc(1, d->cfg_size ? d->cfg_size : 1);
    s->run = with_run ? calloc(1, d->run_size ? d->run_size : 1) : NULL;
    if (!s->cfg || (with_run && !s->run))
        rc = fg_set_error(FG_ENOMEM, "out of memory");
    if (!rc) {
        if (d->cfg_default)
            d->cfg_default(s->cfg);
        if (s->run && d->run_default)
            d->run_default(s->run, with_run == 2);
        s->opts = (fg_opts){.groups = s->groups,
                            .n_groups = fg_design_groups(d, s->cfg, s->run, s->groups, 2 * FG_DESIGN_PARTS_MAX)};
        rc = fg_opts_parse_text(&s->opts, args);
    }
    if (!rc && d->finish) {
        rc = d->finish(s->cfg, &s->opts);
        s->finished = 1; /* finish releases nothing it allocated on failure; cfg_free copes with either */
    }
    if (!rc && s->run && d->run_finish) {
        rc = d->run_finish(s->cfg, s->run, &s->opts);
        s->run_finished = 1;
    }
    return rc;
}
