/* Blocks declared once (fecforge_gen/block.h): the module, manifest, testbench, vector sets and reference page of
 * a block, all rendered from its options, port table, template and step model. */
#include "gen_internal.h"

#include "fecforge/error.h"
#include "fecforge/vectors.h"

#include <stdlib.h>
#include <string.h>

/* The ports of cfg, checked. */
static int ports_of(const fg_block *b, const void *cfg, fg_port *p, int *n)
{
    *n = b->ports(cfg, p);
    return fg_ports_check(p, *n);
}

/* The stimulus and expected streams of the port table. */
static int layout_of(const fg_port *p, int n, fg_vec_layout *l)
{
    int rc = fg_vec_layout_begin(l, fg_ports_count(p, n, FG_VEC_IN) + fg_ports_count(p, n, FG_VEC_OUT));
    if (rc)
        return rc;
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES, "the inputs of each cycle from reset", 0, 0);
    fg_vec_layout_ports(l, p, n, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES, "the outputs during each cycle", 0, 0);
    fg_vec_layout_ports(l, p, n, FG_VEC_OUT);
    return 0;
}

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
    int np, rc = ports_of(b, cfg, p, &np);
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
    if ((rc = layout_of(p, np, &lay)) || (rc = fg_gen_out_begin(&o, dir))) {
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
    fg_port p[FG_PORTS_MAX];
    int np, rc = ports_of(b, cfg, p, &np);
    if (rc)
        return rc;
    const int n_in = fg_ports_count(p, np, FG_VEC_IN), n_ex = fg_ports_count(p, np, FG_VEC_OUT);
    int64_t *in_v = malloc(sizeof *in_v * (size_t)n_in), *ex_v = malloc(sizeof *ex_v * (size_t)n_ex);
    void *in = calloc(1, b->in_size), *out = calloc(1, b->out_size), *model = NULL;
    fg_vec_layout lay = {0};
    fg_vec_writer *w = NULL;
    int ids[FG_VEC_LAYOUT_MAX];
    const uint64_t seed = b->seed_of ? b->seed_of(run) : 0;
    const fg_design_set set = {b->design, cfg, run}; /* the set's options, its manifest's "parameters" */
    if (!in_v || !ex_v || !in || !out)
        rc = fg_set_error(FG_ENOMEM, "out of memory for the vectors of %s", b->design->name);
    if (!rc && !(rc = layout_of(p, np, &lay)) && !(rc = b->create(cfg, &model)) &&
        !(rc = fg_vec_writer_open(dir, b->design->name, &w))) {
        fg_vec_set_seed(w, seed);
        fg_vec_set_options(w, fg_design_set_options(&set));
    }
    if (!rc)
        rc = fg_vec_layout_add(w, &lay, ids);
    fg_rng r;
    fg_rng_init(&r, seed, (uint64_t)i);
    long c = 0;
    for (; !rc && b->drive(cfg, run, i, &r, c, in); c++) {
        fg_ports_pack(p, np, FG_VEC_IN, in, in_v);
        b->step(model, in, out);
        fg_ports_pack(p, np, FG_VEC_OUT, out, ex_v);
        if (!(rc = fg_vec_write(w, ids[0], in_v, NULL)))
            rc = fg_vec_write(w, ids[1], ex_v, NULL);
        memset(in, 0, b->in_size);
    }
    if (!rc && !(rc = fg_vec_count(w, "trace_cycles", c))) {
        rc = fg_vec_writer_commit(w);
        w = NULL;
    }
    fg_vec_writer_abort(w);
    if (model)
        b->destroy(model);
    fg_vec_layout_free(&lay);
    free(in_v), free(ex_v), free(in), free(out);
    return rc;
}
