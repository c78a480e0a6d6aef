/* The registry of port-level models (fg_vec_model_def, vectors.h): the built-in designs' (each in its design's
 * vector file), then a program's own; the models created from it, or served to another process over a socket
 * pair; and what the built-in models share to read a set's manifest. */
#define _GNU_SOURCE /* SOCK_CLOEXEC */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The built-in models: the one list of them (a new design's model is one more line here). */
static const fg_vec_model_def *const builtin[] = {&fg_vecp_model_dbcf, &fg_vecp_model_iag, &fg_vecp_model_subsys,
                                                  &fg_vecp_model_ldpc, &fg_vecp_model_turbo, &fg_vecp_model_viterbi};
enum { N_BUILTIN = sizeof builtin / sizeof *builtin, ADDED_MAX = 8 };
static const fg_vec_model_def *added[ADDED_MAX]; /* a program's own (fg_vec_model_register) */
static int n_added;

struct fg_vec_model {
    const fg_vec_model_def *vt; /* NULL: a served model (fd) */
    void *st;                   /* vt->size bytes */
    int fd, n_in, n_ex;         /* a served model: the socket and the ports of its lines */
};

static const fg_vec_model_def *model_at(int i) { return i < N_BUILTIN ? builtin[i] : added[i - N_BUILTIN]; }

const fg_vec_model_def *fg_vec_model_find(const char *design)
{
    for (int i = 0; design && i < N_BUILTIN + n_added; i++)
        if (!strcmp(model_at(i)->design, design))
            return model_at(i);
    return NULL;
}

int fg_vec_model_register(const fg_vec_model_def *m)
{
    if (!m || !m->design || !m->create || !m->step || !m->destroy)
        return fg_set_error(FG_EINVAL, "fg_vec_model_register: a model needs a design, create, step and destroy");
    if (fg_vec_model_find(m->design))
        return fg_set_error(FG_EINVAL, "design %s already has a port-level model", m->design);
    if (n_added == ADDED_MAX)
        return fg_set_error(FG_EINVAL, "more than %d added port-level models", ADDED_MAX);
    added[n_added++] = m;
    return 0;
}

int fg_vec_model_check_layout(const fg_vec_set *set, int n_in, int n_ex) { return fg_vecp_check_layout(set, n_in, n_ex); }

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
    const fg_vec_model_def *vt = fg_vec_model_find(d);
    if (!vt) {
        char names[512] = "";
        for (int i = 0, at = 0; i < N_BUILTIN + n_added && at >= 0 && (size_t)at < sizeof names; i++)
            at += snprintf(names + at, sizeof names - (size_t)at, "%s%s", i ? ", " : "", model_at(i)->design);
        return fg_set_error(FG_EINVAL, "%s: design '%s' has no port-level model (%s)", fg_vec_dir_path(set), d, names);
    }
    fg_vec_model *m = calloc(1, sizeof *m);
    if (!m || !(m->st = calloc(1, vt->size ? vt->size : 1))) {
        free(m);
        return fg_set_error(FG_ENOMEM, "out of memory for a port-level model");
    }
    m->vt = vt;
    m->fd = -1;
    const int rc = vt->create(set, m->st);
    if (rc) {
        fg_vec_model_destroy(m);
        return rc;
    }
    *out = m;
    return 0;
}

/* All n bytes through the socket (tx: send, else receive): 0, or -1 (an error, or the other end closed). */
static int xfer(int fd, void *buf, size_t n, int tx)
{
    for (size_t at = 0; at < n;) {
        const ssize_t r = tx ? send(fd, (char *)buf + at, n - at, MSG_NOSIGNAL) : recv(fd, (char *)buf + at, n - at, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        at += (size_t)r;
    }
    return 0;
}

int fg_vec_model_step(fg_vec_model *m, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    if (m->vt) {
        m->vt->step(m->st, in_n, out_n, dontcare_n);
        return 0;
    }
    if (xfer(m->fd, (void *)in_n, sizeof *in_n * (size_t)m->n_in, 1) ||
        xfer(m->fd, out_n, sizeof *out_n * (size_t)m->n_ex, 0) || xfer(m->fd, dontcare_n, (size_t)m->n_ex, 0))
        return fg_set_error(FG_EIO, "the served port-level model did not answer");
    return 0;
}

void fg_vec_model_destroy(fg_vec_model *m)
{
    if (!m)
        return;
    if (m->vt)
        m->vt->destroy(m->st);
    else
        close(m->fd);
    free(m->st);
    free(m);
}

/* ---- a model served over a socket pair (the protocol of one connection): the client sends the length and
 * text of its set's directory path; the server answers with an int32 status and a 512-byte message (the error
 * of opening the set or creating its model); then, per cycle, the client sends its stimulus line (int64 per
 * port) and the server answers with the expected line's values (int64) and don't-cares (a byte each). */

enum { SERVE_MSG = 512 };

struct fg_vec_model_server {
    int fd, peer;
    pthread_t thread;
};

/* The ports of the set's stimulus and expected streams. */
static int line_ports(const fg_vec_set *set, int *n_in, int *n_ex)
{
    const fg_vec_stream *in, *ex;
    int rc = fg_vec_find_stream(set, "stimulus", &in);
    if (!rc && !(rc = fg_vec_find_stream(set, "expected", &ex)))
        *n_in = in->n_ports, *n_ex = ex->n_ports;
    return rc;
}

static void *serve(void *arg)
{
    const int fd = ((fg_vec_model_server *)arg)->fd;
    uint32_t n;
    char path[PATH_MAX], msg[SERVE_MSG] = "";
    if (xfer(fd, &n, sizeof n, 0) || n >= sizeof path || xfer(fd, path, n, 0))
        return NULL; /* no client (a built-in model), or one that went away */
    path[n] = '\0';
    fg_vec_set *set = NULL;
    fg_vec_model *m = NULL;
    int n_in = 0, n_ex = 0;
    int32_t rc = fg_vec_open(path, &set);
    if (!rc && !(rc = line_ports(set, &n_in, &n_ex)))
        rc = fg_vec_model_create(set, &m);
    if (rc)
        snprintf(msg, sizeof msg, "%s", fg_last_error());
    int64_t *in = calloc((size_t)n_in + 1, sizeof *in), *ex = calloc((size_t)n_ex + 1, sizeof *ex);
    uint8_t *x = calloc((size_t)n_ex + 1, 1);
    if (!rc && (!in || !ex || !x)) {
        snprintf(msg, sizeof msg, "out of memory for the served model");
        rc = FG_ENOMEM;
    }
    int ok = !xfer(fd, &rc, sizeof rc, 1) && !xfer(fd, msg, sizeof msg, 1) && !rc;
    while (ok && !xfer(fd, in, sizeof *in * (size_t)n_in, 0)) {
        fg_vec_model_step(m, in, ex, x);
        ok = !xfer(fd, ex, sizeof *ex * (size_t)n_ex, 1) && !xfer(fd, x, (size_t)n_ex, 1);
    }
    free(in), free(ex), free(x);
    fg_vec_model_destroy(m);
    fg_vec_close(set);
    return NULL;
}

int fg_vec_model_serve(fg_vec_model_server **out, int *peer_fd)
{
    fg_vec_model_server *s = calloc(1, sizeof *s);
    int sv[2];
    if (!s)
        return fg_set_error(FG_ENOMEM, "out of memory for a model server");
    /* both ends close on exec; the peer end is then made inheritable for the child */
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) || fcntl(sv[1], F_SETFD, 0)) {
        free(s);
        return fg_set_error(FG_EIO, "cannot create the model server's socket pair: %s", strerror(errno));
    }
    s->fd = sv[0], s->peer = sv[1];
    if (pthread_create(&s->thread, NULL, serve, s)) {
        close(sv[0]), close(sv[1]), free(s);
        return fg_set_error(FG_ENOMEM, "cannot start the model server's thread");
    }
    *out = s;
    *peer_fd = s->peer;
    return 0;
}

void fg_vec_model_serve_end(fg_vec_model_server *s)
{
    if (!s)
        return;
    close(s->peer); /* the child's copy is gone: the server's next receive ends */
    pthread_join(s->thread, NULL);
    close(s->fd);
    free(s);
}

int fg_vec_model_connect(const fg_vec_set *set, int fd, fg_vec_model **out)
{
    if (!set || !out)
        return fg_set_error(FG_EINVAL, "fg_vec_model_connect: NULL argument");
    *out = NULL;
    const char *path = fg_vec_dir_path(set);
    uint32_t n = (uint32_t)strlen(path);
    int32_t st;
    char msg[SERVE_MSG];
    fg_vec_model *m = calloc(1, sizeof *m);
    if (!m)
        return fg_set_error(FG_ENOMEM, "out of memory for a port-level model");
    m->fd = fd;
    int rc = line_ports(set, &m->n_in, &m->n_ex);
    if (!rc && (xfer(fd, &n, sizeof n, 1) || xfer(fd, (void *)path, n, 1) || xfer(fd, &st, sizeof st, 0) ||
                xfer(fd, msg, sizeof msg, 0)))
        rc = fg_set_error(FG_EIO, "%s: no port-level model served on descriptor %d", path, fd);
    else if (!rc && st) {
        msg[sizeof msg - 1] = '\0';
        rc = fg_set_error(st, "%s", msg);
    }
    if (rc) {
        fg_vec_model_destroy(m);
        return rc;
    }
    *out = m;
    return 0;
}

/* ---- a step model bound by its port table (fg_vec_ported) ---- */

int fg_vec_ported_layout(const fg_port *p, int n, fg_vec_layout *l)
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

int fg_vec_ported_ports(const fg_vec_ported *m, const void *cfg, fg_port *p, int *n)
{
    *n = m->ports(cfg, p);
    return fg_ports_check(p, *n);
}

int fg_vec_ported_open(fg_vec_ported_run *r, const fg_vec_ported *m, const void *cfg)
{
    memset(r, 0, sizeof *r);
    r->m = m;
    const int rc = fg_vec_ported_ports(m, cfg, r->p, &r->np);
    if (rc)
        return rc;
    r->n_in = fg_ports_count(r->p, r->np, FG_VEC_IN), r->n_ex = fg_ports_count(r->p, r->np, FG_VEC_OUT);
    r->in = calloc(1, m->in_size), r->out = calloc(1, m->out_size);
    r->in_v = calloc((size_t)r->n_in + 1, sizeof *r->in_v), r->ex_v = calloc((size_t)r->n_ex + 1, sizeof *r->ex_v);
    if (!r->in || !r->out || !r->in_v || !r->ex_v)
        return fg_set_error(FG_ENOMEM, "out of memory for a step model");
    return m->create(cfg, &r->model);
}

void fg_vec_ported_clock(fg_vec_ported_run *r, int64_t *ex_v)
{
    r->m->step(r->model, r->in, r->out);
    fg_ports_pack(r->p, r->np, FG_VEC_OUT, r->out, ex_v);
    memset(r->in, 0, r->m->in_size);
}

void fg_vec_ported_step(fg_vec_ported_run *r, const int64_t *in_n, int64_t *out_n, uint8_t *dontcare_n)
{
    fg_ports_unpack(r->p, r->np, FG_VEC_IN, in_n, r->in, r->m->in_size);
    fg_vec_ported_clock(r, out_n);
    memset(dontcare_n, 0, (size_t)r->n_ex);
}

void fg_vec_ported_close(fg_vec_ported_run *r)
{
    if (r->model)
        r->m->destroy(r->model);
    free(r->in), free(r->out), free(r->in_v), free(r->ex_v);
    r->model = r->in = r->out = NULL;
    r->in_v = r->ex_v = NULL;
}
