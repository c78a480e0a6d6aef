/* Blocks declared once (fecforge_gen/block.h): the module, manifest, testbench, vector sets and reference page of
 * a block, all rendered from its options, port table, template and step model. */
#include "gen_internal.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <stdlib.h>
#include <string.h>

static int write_module(fg_gen_out *o, const fg_block *b, const void *cfg, const char *top, const fg_gen_port *gp,
                        int np, const char *params)
{
    char file[FG_DESIGN_TOP_MAX + 4];
    snprintf(file, sizeof file, "%s.v", top);
    FILE *f = fg_gen_out_open(o, file, 1);
    if (!f)
        return FG_EIO;
    fg_gen_header(f, b->what, params);
    fg_tpl *t = fg_tpl_new(b->template);
    fg_tpl_set(t, "TOP", "%s", top);
    fg_tpl_ports(t, "PORTS", gp, np);
    if (b->fill)
        b->fill(cfg, t);
    const int rc = fg_tpl_write(t, f), rc_close = fg_gen_out_close(o, f, file);
    return rc ? rc : rc_close ? rc_close : fg_gen_out_primitives_of(o, file);
}

int fg_gen_out_page(fg_gen_out *o, const fg_design *d, const void *cfg, const fg_port *p, int np)
{
    FILE *f = fg_gen_out_open(o, "README.md", 0);
    if (!f)
        return FG_EIO;
    const int rc = fg_design_page(d, cfg, p, np, f), rc_close = fg_gen_out_close(o, f, "README.md");
    return rc ? rc : rc_close;
}

int fg_block_generate(const fg_block *b, const void *cfg, const char *dir)
{
    fg_port p[FG_PORTS_MAX];
    fg_gen_port gp[FG_PORTS_MAX];
    int np, rc = fg_vec_ported_ports(&b->model, cfg, p, &np);
    if (rc)
        return rc;
    const int ngp = fg_gen_ports_from(p, np, gp);
    char top[FG_DESIGN_TOP_MAX], params[2048];
    b->design->top(cfg, top, sizeof top);
    fg_opt_group g[2 * FG_DESIGN_PARTS_MAX];
    const fg_opts opts = fg_design_opts(b->design, cfg, NULL, g);
    if ((rc = fg_opts_args(&opts, params, sizeof params)))
        return rc;
    fg_vec_layout lay = {0};
    fg_gen_out o;
    if ((rc = fg_vec_ported_layout(p, np, &lay)) || (rc = fg_gen_out_begin(&o, dir))) {
        fg_vec_layout_free(&lay);
        return rc;
    }
    if ((rc = write_module(&o, b, cfg, top, gp, ngp, params)) ||
        (rc = fg_gen_out_testbench(&o, top, gp, ngp, &lay, params)) ||
        (rc = fg_gen_out_manifest(&o, b->design, cfg, top, gp, ngp, NULL, NULL)) || (rc = fg_gen_out_page(&o, b->design, cfg, p, np)) ||
        (rc = fg_gen_out_commit(&o)))
        fg_gen_out_abort(&o);
    fg_vec_layout_free(&lay);
    return rc;
}

int fg_block_vectors(const fg_block *b, const void *cfg, const void *run, int i, const char *dir)
{
    fg_vec_ported_run m;
    fg_vec_layout lay = {0};
    fg_vec_writer *w = NULL;
    int ids[FG_VEC_LAYOUT_MAX];
    const uint64_t seed = b->seed_of ? b->seed_of(run) : 0;
    const fg_design_set set = {b->design, cfg, run}; /* the set's options, its manifest's "parameters" */
    int rc = fg_vec_ported_open(&m, &b->model, cfg);
    if (!rc && !(rc = fg_vec_ported_layout(m.p, m.np, &lay)) && !(rc = fg_vec_writer_open(dir, b->design->name, &w))) {
        fg_vec_set_seed(w, seed);
        fg_vec_set_options(w, fg_design_set_options(&set));
    }
    if (!rc)
        rc = fg_vec_layout_add(w, &lay, ids);
    fg_rng r;
    fg_rng_init(&r, seed, (uint64_t)i);
    long c = 0;
    for (; !rc && b->drive(cfg, run, i, &r, c, m.in); c++) {
        fg_ports_pack(m.p, m.np, FG_VEC_IN, m.in, m.in_v);
        fg_vec_ported_clock(&m, m.ex_v);
        if (!(rc = fg_vec_write(w, ids[0], m.in_v, NULL)))
            rc = fg_vec_write(w, ids[1], m.ex_v, NULL);
    }
    if (!rc && !(rc = fg_vec_count(w, "trace_cycles", c))) {
        rc = fg_vec_writer_commit(w);
        w = NULL;
    }
    fg_vec_writer_abort(w);
    fg_vec_ported_close(&m);
    fg_vec_layout_free(&lay);
    return rc;
}

/* ---- the port-level model (FG_BLOCK_VEC_MODEL): the block's model of the set's configuration ---- */

typedef struct {
    fg_vec_ported_run m;
    fg_design_setup setup; /* the set's configuration and run */
} block_vec;

int fg_block_vec_create(const fg_vec_set *set, void *st)
{
    /* the block whose vec_model the registry holds for the set's design */
    const fg_vec_model_def *def = fg_vec_model_find(fg_vec_design(set));
    if (!def || def->create != fg_block_vec_create)
        return fg_set_error(FG_EINVAL, "%s: design %s has no block model", fg_vec_dir_path(set), fg_vec_design(set));
    const fg_block *b = (const fg_block *)(const void *)((const char *)def - offsetof(fg_block, vec_model));
    block_vec *v = calloc(1, sizeof *v);
    if (!v)
        return fg_set_error(FG_ENOMEM, "out of memory for the model of %s", b->design->name);
    *(block_vec **)st = v;
    char args[4096] = "";
    int rc = 0;
    for (const fg_design_part *p = b->design->parts; p && p->opts && !rc; p++)
        rc = fg_vec_options_args(set, &(fg_opt_group){.opts = p->opts}, 1, args, sizeof args);
    for (const fg_design_part *p = b->design->run_parts; p && p->opts && !rc; p++)
        rc = fg_vec_options_args(set, &(fg_opt_group){.opts = p->opts}, 1, args, sizeof args);
    if (!rc && (rc = fg_design_setup_text(&v->setup, b->design, 1, args)))
        rc = fg_prefix_error(rc, "%s: ", fg_vec_dir_path(set));
    if (!rc && !(rc = fg_vec_ported_open(&v->m, &b->model, v->setup.cfg)))
        rc = fg_vec_model_check_layout(set, v->m.n_in, v->m.n_ex);
    return rc;
}

void fg_block_vec_step(void *st, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    fg_vec_ported_step(&(*(block_vec **)st)->m, in_n, out_n, dontcare_n);
}

void fg_block_vec_destroy(void *st)
{
    block_vec *v = *(block_vec **)st;
    if (!v)
        return;
    fg_vec_ported_close(&v->m);
    fg_design_setup_free(&v->setup);
    free(v);
}
