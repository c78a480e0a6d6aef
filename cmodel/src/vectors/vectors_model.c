/* fg_vec_model (vectors.h): the port-level step model of a vector set, looked up by the set's design in one
 * table of the designs' models (fg_vecp_model, vectors_ports.h: each in its design's vector file), and what the
 * models share to read a set's manifest. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const fg_vecp_model *const models[] = {&fg_vecp_model_dbcf, &fg_vecp_model_iag, &fg_vecp_model_subsys, &fg_vecp_model_ldpc,
                                              &fg_vecp_model_turbo, &fg_vecp_model_viterbi};
enum { N_MODELS = sizeof models / sizeof *models };

struct fg_vec_model {
    const fg_vecp_model *vt;
    void *st; /* vt->size bytes */
};

int fg_vecp_param_int(const fg_vec_set *set, const char *key, int lo, int hi, int *v)
{
    long long x;
    int rc = fg_vec_get_param_int(set, key, &x);
    if (rc)
        return rc;
    if (x < lo || x > hi)
        return fg_set_error(FG_EINVAL, "%s/manifest.json: parameter %s=%lld out of range [%d, %d]",
                            fg_vec_dir_path(set), key, x, lo, hi);
    *v = (int)x;
    return 0;
}

int fg_vecp_read_prog(const fg_vec_set *set, int P, fg_iag_lane_prog *prog_P)
{
    const fg_vec_stream *st;
    fg_vec_cursor *c;
    int rc = fg_vec_find_stream(set, "lane_prog", &st);
    if (rc)
        return rc;
    if (st->n_ports != 2 || st->lines != P)
        return fg_set_error(FG_EINVAL, "%s: stream lane_prog has %d ports and %ld lines, expected 2 and PLLR=%d",
                            fg_vec_dir_path(set), st->n_ports, st->lines, P);
    if ((rc = fg_vec_cursor_open(set, st, &c)))
        return rc;
    int64_t v[2];
    for (int l = 0; l < P && !rc; l++) {
        rc = fg_vec_cursor_next(c, v, NULL);
        if (rc == 1) {
            prog_P[l].start = (int32_t)v[0];
            prog_P[l].stride = (int32_t)v[1];
            rc = 0;
        } else if (rc == 0)
            rc = fg_set_error(FG_EINVAL, "%s: lane_prog ends at line %d", fg_vec_dir_path(set), l);
    }
    fg_vec_cursor_close(c);
    return rc;
}

int fg_vecp_check_layout(const fg_vec_set *set, int n_in, int n_ex)
{
    const fg_vec_stream *in, *ex;
    int rc = fg_vec_find_stream(set, "stimulus", &in);
    if (!rc)
        rc = fg_vec_find_stream(set, "expected", &ex);
    if (!rc && (in->n_ports != n_in || ex->n_ports != n_ex))
        rc = fg_set_error(FG_EINVAL, "%s: stimulus/expected have %d/%d ports, the %s model %d/%d",
                          fg_vec_dir_path(set), in->n_ports, ex->n_ports, fg_vec_design(set), n_in, n_ex);
    return rc;
}

int fg_vecp_read_dbcf(const fg_vec_set *set, fg_dbcf_cfg *d, int lanes, fg_bank_mapping *mapping)
{
    int map = 0;
    const fg_opt map_opt[] = {{"mapping", 0, FG_OPT_CHOICE, 0, .words = FG_MAPPING_WORDS}, {NULL}};
    const fg_opt_group g[] = {{NULL, fg_dbcf_options + (lanes ? 0 : 2), d}, {NULL, map_opt, &map}};
    const int rc = fg_vec_read_options(set, g, mapping ? 2 : 1);
    if (!rc && mapping)
        *mapping = (fg_bank_mapping)map;
    return rc;
}

int fg_vecp_bank_depth(const fg_vec_set *set, int *depth)
{
    long long d;
    if (!fg_vec_get_derived_int(set, "bank_depth", &d) && d >= 1 && d <= 1 << 20) {
        *depth = (int)d;
        return 0;
    }
    fg_clear_error();
    return fg_vecp_param_int(set, "bank_depth", 1, 1 << 20, depth);
}

int fg_vec_model_create(const fg_vec_set *set, fg_vec_model **out)
{
    if (!set || !out)
        return fg_set_error(FG_EINVAL, "fg_vec_model_create: NULL argument");
    *out = NULL;
    const char *d = fg_vec_design(set);
    const fg_vecp_model *vt = NULL;
    char names[128] = "";
    for (int i = 0, at = 0; i < N_MODELS && !vt && at >= 0 && (size_t)at < sizeof names; i++) {
        vt = strcmp(models[i]->design, d) ? NULL : models[i];
        at += snprintf(names + at, sizeof names - (size_t)at, "%s%s", i ? ", " : "", models[i]->design);
    }
    if (!vt)
        return fg_set_error(FG_EINVAL, "%s: design '%s' has no port-level model (%s)", fg_vec_dir_path(set), d, names);
    fg_vec_model *m = calloc(1, sizeof *m);
    if (!m || !(m->st = calloc(1, vt->size))) {
        free(m);
        return fg_set_error(FG_ENOMEM, "out of memory for a port-level model");
    }
    m->vt = vt;
    const int rc = vt->create(set, m->st);
    if (rc) {
        fg_vec_model_destroy(m);
        return rc;
    }
    *out = m;
    return 0;
}

void fg_vec_model_step(fg_vec_model *m, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    m->vt->step(m->st, in_n, out_n, dontcare_n);
}

void fg_vec_model_destroy(fg_vec_model *m)
{
    if (!m)
        return;
    m->vt->destroy(m->st);
    free(m->st);
    free(m);
}
