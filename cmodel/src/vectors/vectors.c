/* Golden-vector writer and reader (vectors/FORMAT.md). */
#include "fecforge/vectors.h"
#include "fecforge/error.h"
#include "fecforge/input.h"
#include "fecforge/json.h"
#include "fecforge/output.h"
#include "core/json_read.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const KIND_NAME[] = {"cycles", "table", "memory"};
static const char *const DIR_NAME[] = {"in", "out", "state"};

const char *fg_vec_port_label(const fg_vec_port *p, char *buf, int buf_n)
{
    if (p->index >= 0)
        snprintf(buf, (size_t)buf_n, "%s[%d]", p->name, p->index);
    else
        snprintf(buf, (size_t)buf_n, "%s", p->name);
    return buf;
}

fg_vec_port fg_vec_port_make(const char *name, int index, fg_vec_dir dir, int width, int is_signed)
{
    fg_vec_port p = {.index = index, .dir = dir, .width = width, .is_signed = is_signed};
    snprintf(p.name, sizeof p.name, "%s", name);
    return p;
}

int fg_vec_width_for(long n)
{
    int w = 1;
    while (w < 62 && (1L << w) < n)
        w++;
    return w;
}

/* A name usable as a file stem and a JSON key without escaping: letters, digits, '_', and with dash '-'
 * after the first character. */
static int name_chars_ok(const char *s, int dash)
{
    if (!*s || strlen(s) >= FG_VEC_NAME_MAX || *s == '-')
        return 0;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_' ||
              (dash && *s == '-')))
            return 0;
    return 1;
}

static int name_ok(const char *s) { return name_chars_ok(s, 0); }

/* A design name: '-' allowed ("turbo-fixed", the names of `fecforge vectors`). */
static int design_name_ok(const char *s) { return name_chars_ok(s, 1); }

/* Does v fit the port (unsigned: [0, 2^w), signed: [-2^(w-1), 2^(w-1)))? */
static int fits(const fg_vec_port *p, int64_t v)
{
    if (p->is_signed)
        return p->width >= 64 || (v >= -(INT64_C(1) << (p->width - 1)) && v < (INT64_C(1) << (p->width - 1)));
    return v >= 0 && (p->width >= 63 || v < (INT64_C(1) << p->width));
}

/* ---- growing text buffer ---- */

typedef struct {
    char *s;
    size_t n, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->oom || need < 0)
        return;
    if (b->n + (size_t)need + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (b->n + (size_t)need + 1 > cap)
            cap *= 2;
        char *s = realloc(b->s, cap);
        if (!s) {
            b->oom = 1;
            return;
        }
        b->s = s;
        b->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->n, (size_t)need + 1, fmt, ap);
    va_end(ap);
    b->n += (size_t)need;
}

/* v as a JSON string (fecforge/json.h's one rule, fg_json_quote). */
static void sb_json_str(sbuf *b, const char *v)
{
    const size_t need = fg_json_quote(NULL, 0, v);
    char *q = malloc(need + 1);
    if (!q) {
        b->oom = 1;
        return;
    }
    fg_json_quote(q, need + 1, v);
    sb_printf(b, "%s", q);
    free(q);
}

/* ---- writer ---- */

typedef struct {
    char name[FG_VEC_NAME_MAX];
    fg_vec_kind kind;
    char *doc;
    fg_vec_port *ports;
    int n_ports, banks, depth;
    FILE *f;
    long lines;
} wstream;

struct fg_vec_writer {
    fg_outdir *od; /* the set's output directory (fecforge/output.h, kind "vectors") */
    char *dir;
    char design[FG_VEC_NAME_MAX];
    uint64_t seed;
    int has_seed;
    fg_vec_options options;
    sbuf derived, counts;
    wstream *st;
    int n_st;
};

static void writer_free(fg_vec_writer *w)
{
    for (int i = 0; i < w->n_st; i++) {
        if (w->st[i].f)
            fclose(w->st[i].f);
        free(w->st[i].ports);
        free(w->st[i].doc);
    }
    free(w->st);
    free(w->derived.s);
    free(w->counts.s);
    free(w->dir);
    fg_outdir_abort(w->od);
    free(w);
}

static fg_vec_progress_fn progress_fn;
static void *progress_ctx;

void fg_vec_set_progress(fg_vec_progress_fn fn, void *ctx)
{
    progress_fn = fn;
    progress_ctx = ctx;
}

void fg_vec_progress(long done, long total)
{
    if (progress_fn)
        progress_fn(progress_ctx, done, total);
}

int fg_vec_writer_open(const char *dir, const char *design, fg_vec_writer **out)
{
    *out = NULL;
    if (!design_name_ok(design))
        return fg_set_error(FG_EINVAL, "design name '%s' invalid: letters, digits, _ and - (not first) only", design);
    fg_vec_writer *w = calloc(1, sizeof *w);
    if (!w || !(w->dir = strdup(dir))) {
        free(w);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    const int rc = fg_outdir_begin(dir, "vectors", &w->od);
    if (rc) {
        writer_free(w);
        return rc;
    }
    snprintf(w->design, sizeof w->design, "%s", design);
    *out = w;
    return 0;
}

void fg_vec_set_seed(fg_vec_writer *w, uint64_t seed)
{
    w->seed = seed;
    w->has_seed = 1;
}

static int add_key(sbuf *b, const char *key)
{
    if (!name_ok(key))
        return fg_set_error(FG_EINVAL, "manifest key '%s' invalid: letters, digits and _ only", key);
    sb_printf(b, "%s    \"%s\": ", b->n ? ",\n" : "", key);
    return 0;
}

void fg_vec_set_options(fg_vec_writer *w, fg_vec_options o) { w->options = o; }

int fg_vec_derived_int(fg_vec_writer *w, const char *key, long long v)
{
    int rc = add_key(&w->derived, key);
    if (!rc)
        sb_printf(&w->derived, "%lld", v);
    return rc;
}

int fg_vec_derived_str(fg_vec_writer *w, const char *key, const char *v)
{
    int rc = add_key(&w->derived, key);
    if (!rc)
        sb_json_str(&w->derived, v);
    return rc;
}

int fg_vec_count(fg_vec_writer *w, const char *key, long long v)
{
    int rc = add_key(&w->counts, key);
    if (!rc)
        sb_printf(&w->counts, "%lld", v);
    return rc;
}

int fg_vec_stream_add(fg_vec_writer *w, const fg_vec_stream_def *def, int *id)
{
    if (!name_ok(def->name))
        return fg_set_error(FG_EINVAL, "stream name '%s' invalid: letters, digits and _ only", def->name);
    for (int i = 0; i < w->n_st; i++)
        if (!strcmp(w->st[i].name, def->name))
            return fg_set_error(FG_EINVAL, "stream '%s' added twice", def->name);
    if (def->n_ports < 1)
        return fg_set_error(FG_EINVAL, "stream '%s': n_ports=%d, at least 1", def->name, def->n_ports);
    if (def->kind == FG_VEC_MEMORY && (def->n_ports != 1 || def->banks < 1 || def->depth < 1))
        return fg_set_error(FG_EINVAL, "memory stream '%s' needs one port and banks, depth >= 1 (got %d, %d, %d)",
                            def->name, def->n_ports, def->banks, def->depth);
    for (int i = 0; i < def->n_ports; i++) {
        const fg_vec_port *p = &def->ports[i];
        if (!name_ok(p->name) || p->width < 1 || p->width > FG_VEC_WIDTH_MAX || p->index < -1)
            return fg_set_error(FG_EINVAL, "stream '%s' port %d ('%s', width %d): name must be letters, digits, _; "
                                           "width in [1, %d]",
                                def->name, i, p->name, p->width, FG_VEC_WIDTH_MAX);
    }
    wstream *st = realloc(w->st, sizeof *st * (size_t)(w->n_st + 1));
    if (!st)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->st = st;
    wstream *s = &w->st[w->n_st];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", def->name);
    s->kind = def->kind;
    s->n_ports = def->n_ports;
    s->banks = def->banks;
    s->depth = def->depth;
    s->ports = malloc(sizeof *s->ports * (size_t)def->n_ports);
    s->doc = def->doc ? strdup(def->doc) : NULL;
    char file[FG_VEC_NAME_MAX + 8];
    snprintf(file, sizeof file, "%s.hex", def->name);
    w->n_st++; /* freed with the writer from here on */
    if (!s->ports || (def->doc && !s->doc))
        return fg_set_error(FG_ENOMEM, "out of memory");
    if (!(s->f = fg_outdir_open(w->od, file)))
        return FG_EIO;
    memcpy(s->ports, def->ports, sizeof *s->ports * (size_t)def->n_ports);
    *id = w->n_st - 1;
    return 0;
}

int fg_vec_write(fg_vec_writer *w, int id, const int64_t *val_n, const uint8_t *dontcare_n)
{
    if (id < 0 || id >= w->n_st || !w->st[id].f)
        return fg_set_error(FG_EINVAL, "stream id %d invalid", id);
    wstream *s = &w->st[id];
    char label[80];
    for (int i = 0; i < s->n_ports; i++) {
        const fg_vec_port *p = &s->ports[i];
        if (dontcare_n && dontcare_n[i]) {
            if (p->dir == FG_VEC_IN)
                return fg_set_error(FG_EINVAL, "stream %s line %ld: in port %s cannot be x", s->name, s->lines + 1,
                                    fg_vec_port_label(p, label, sizeof label));
            continue;
        }
        if (!fits(p, val_n[i]))
            return fg_set_error(FG_EINVAL, "stream %s line %ld: value %lld does not fit port %s (%s%d bits)", s->name,
                                s->lines + 1, (long long)val_n[i], fg_vec_port_label(p, label, sizeof label),
                                p->is_signed ? "signed " : "", p->width);
    }
    for (int i = 0; i < s->n_ports; i++) {
        const fg_vec_port *p = &s->ports[i];
        const int digits = (p->width + 3) / 4;
        if (i)
            fputc(' ', s->f);
        if (dontcare_n && dontcare_n[i]) {
            for (int k = 0; k < digits; k++)
                fputc('x', s->f);
        } else {
            uint64_t u = (uint64_t)val_n[i];
            if (p->width < 64)
                u &= (UINT64_C(1) << p->width) - 1;
            fprintf(s->f, "%0*llx", digits, (unsigned long long)u);
        }
    }
    fputc('\n', s->f);
    s->lines++;
    return ferror(s->f) ? fg_set_error(FG_EIO, "cannot write stream %s: %s", s->name, strerror(errno)) : 0;
}

/* The options' members of "parameters", one a line at the manifest's indentation ("    \"K\": [40]"), as the
 * options' JSON writer writes them. */
static void options_text(const fg_vec_writer *w, sbuf *b)
{
    if (!w->options.write)
        return;
    char *text = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&text, &n);
    if (!f) {
        b->oom = 1;
        return;
    }
    fg_json j;
    fg_json_begin(&j, f);
    j.pretty = FG_JSON_MANIFEST; /* as members of the top level: a line each, lists on theirs ("K": [40]) */
    j.depth = 1;
    j.first[1] = 1;
    w->options.write(w->options.arg, &j);
    if (fclose(f) || !text) {
        b->oom = 1;
        free(text);
        return;
    }
    for (const char *c = text; *c; c++) /* one level deeper (4 blanks in front, not 2), no newline first */
        if (*c == '\n')
            sb_printf(b, "%s", c > text ? "\n  " : "  ");
        else
            sb_printf(b, "%c", *c);
    free(text);
}

/* "name": {the members of x} at the manifest's top level. */
static void section(sbuf *b, const char *name, const sbuf *x)
{
    sb_printf(b, "  \"%s\": {%s%s%s},\n", name, x->n ? "\n" : "", x->n ? x->s : "", x->n ? "\n  " : "");
}

static void manifest_text(const fg_vec_writer *w, sbuf *b)
{
    sb_printf(b, "{\n  \"format\": %d,\n  \"design\": \"%s\",\n", FG_VEC_FORMAT, w->design);
    sb_printf(b, "  \"tool\": {\n    \"name\": \"fecforge\",\n    \"version\": ");
    sb_json_str(b, fg_version());
    sb_printf(b, ",\n    \"git\": ");
    sb_json_str(b, fg_git_hash());
    if (w->has_seed)
        sb_printf(b, ",\n    \"seed\": %llu\n  },\n", (unsigned long long)w->seed);
    else
        sb_printf(b, ",\n    \"seed\": null\n  },\n");
    sbuf opts = {0};
    options_text(w, &opts);
    b->oom |= opts.oom;
    section(b, "parameters", &opts);
    free(opts.s);
    section(b, "derived", &w->derived);
    section(b, "cycles", &w->counts);
    sb_printf(b, "  \"streams\": [");
    for (int i = 0; i < w->n_st; i++) {
        const wstream *s = &w->st[i];
        sb_printf(b, "%s\n    {\n      \"name\": \"%s\",\n      \"file\": \"%s.hex\",\n      \"kind\": \"%s\",\n",
                  i ? "," : "", s->name, s->name, KIND_NAME[s->kind]);
        if (s->doc) {
            sb_printf(b, "      \"doc\": ");
            sb_json_str(b, s->doc);
            sb_printf(b, ",\n");
        }
        sb_printf(b, "      \"lines\": %ld,\n", s->lines);
        if (s->kind == FG_VEC_MEMORY)
            sb_printf(b, "      \"banks\": %d,\n      \"depth\": %d,\n      \"layout\": \"bank*depth+row\",\n", s->banks,
                      s->depth);
        sb_printf(b, "      \"ports\": [");
        for (int k = 0; k < s->n_ports; k++) {
            const fg_vec_port *p = &s->ports[k];
            sb_printf(b, "%s\n        {\"name\": \"%s\", ", k ? "," : "", p->name);
            if (p->index >= 0)
                sb_printf(b, "\"index\": %d, ", p->index);
            sb_printf(b, "\"dir\": \"%s\", \"width\": %d, \"signed\": %s}", DIR_NAME[p->dir], p->width,
                      p->is_signed ? "true" : "false");
        }
        sb_printf(b, "\n      ]\n    }");
    }
    sb_printf(b, "\n  ]\n}\n");
}

int fg_vec_writer_commit(fg_vec_writer *w)
{
    int rc = 0;
    for (int i = 0; i < w->n_st && !rc; i++) {
        wstream *s = &w->st[i];
        if (s->kind == FG_VEC_MEMORY && s->lines != (long)s->banks * s->depth)
            rc = fg_set_error(FG_EINVAL, "memory stream %s has %ld lines, banks*depth = %ld", s->name, s->lines,
                              (long)s->banks * s->depth);
        if (!rc && !s->f)
            rc = fg_set_error(FG_EIO, "stream %s was never opened", s->name);
        if (!rc) {
            rc = fg_outdir_close(w->od, s->f);
            s->f = NULL; /* closed either way; one left open is closed by writer_free */
        }
    }
    sbuf m = {0};
    if (!rc) {
        manifest_text(w, &m);
        FILE *f = m.oom ? NULL : fg_outdir_open(w->od, "manifest.json");
        if (!f)
            rc = m.oom ? fg_set_error(FG_ENOMEM, "out of memory") : FG_EIO;
        else {
            fputs(m.s, f);
            rc = fg_outdir_close(w->od, f);
        }
    }
    free(m.s);
    if (!rc) {
        rc = fg_outdir_commit(w->od);
        w->od = NULL;
    }
    writer_free(w); /* aborts the output directory if it was not committed */
    return rc;
}

void fg_vec_writer_abort(fg_vec_writer *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->n_st; i++)
        if (w->st[i].f) {
            fclose(w->st[i].f);
            w->st[i].f = NULL;
        }
    writer_free(w);
}

/* ---- reader ---- */

struct fg_vec_set {
    char *dir;
    char design[FG_VEC_NAME_MAX];
    vj root;
    fg_vec_stream *st;
    int n_st;
};

void fg_vec_close(fg_vec_set *s)
{
    if (!s)
        return;
    for (int i = 0; i < s->n_st; i++)
        free(s->st[i].ports);
    free(s->st);
    vj_free(&s->root);
    free(s->dir);
    free(s);
}

/* Integer member key of o within [lo, hi]; what names it in the message. */
static int get_int(const char *mpath, const char *what, const vj *o, const char *key, long long lo, long long hi,
                   long long *v)
{
    const vj *x = vj_get(o, key);
    if (!x || x->t != VJ_NUM || !x->is_int || x->i < lo || x->i > hi)
        return fg_set_error(FG_EINVAL, "%s: %s: \"%s\" %s (an integer in [%lld, %lld])", mpath, what, key,
                            x ? "out of range" : "missing", lo, hi);
    *v = x->i;
    return 0;
}

static int get_str(const char *mpath, const char *what, const vj *o, const char *key, const char **v)
{
    const vj *x = vj_get(o, key);
    if (!x || x->t != VJ_STR)
        return fg_set_error(FG_EINVAL, "%s: %s: \"%s\" %s (a string)", mpath, what, key, x ? "not a string" : "missing");
    *v = x->s;
    return 0;
}

static int enum_index(const char *const *names, int n, const char *v)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], v))
            return i;
    return -1;
}

static int parse_stream(const char *mpath, int i, const vj *o, fg_vec_stream *st)
{
    char what[96];
    snprintf(what, sizeof what, "streams[%d]", i);
    const char *name = NULL, *file = NULL, *kind = NULL;
    long long lines, v;
    int rc = get_str(mpath, what, o, "name", &name);
    if (!rc)
        rc = get_str(mpath, what, o, "file", &file);
    if (!rc)
        rc = get_str(mpath, what, o, "kind", &kind);
    if (!rc)
        rc = get_int(mpath, what, o, "lines", 0, 1L << 40, &lines);
    if (rc)
        return rc;
    if (!name_ok(name))
        return fg_set_error(FG_EINVAL, "%s: %s: name '%s' invalid", mpath, what, name);
    snprintf(what, sizeof what, "stream %s", name);
    if (strchr(file, '/') || !file[0] || file[0] == '.' || strlen(file) >= sizeof st->file)
        return fg_set_error(FG_EINVAL, "%s: %s: file '%s' must be a plain file name in the set's directory", mpath,
                            what, file);
    snprintf(st->name, sizeof st->name, "%s", name);
    snprintf(st->file, sizeof st->file, "%s", file);
    st->lines = (long)lines;
    const int k = enum_index(KIND_NAME, 3, kind);
    if (k < 0)
        return fg_set_error(FG_EINVAL, "%s: %s: kind '%s' unknown (cycles, table, memory)", mpath, what, kind);
    st->kind = (fg_vec_kind)k;
    const vj *ports = vj_get(o, "ports");
    if (!ports || ports->t != VJ_ARR || ports->n < 1)
        return fg_set_error(FG_EINVAL, "%s: %s: \"ports\" missing or empty", mpath, what);
    if (st->kind == FG_VEC_MEMORY) {
        if (ports->n != 1)
            return fg_set_error(FG_EINVAL, "%s: %s: a memory stream has one port, not %d", mpath, what, ports->n);
        if ((rc = get_int(mpath, what, o, "banks", 1, 1 << 20, &v)))
            return rc;
        st->banks = (int)v;
        if ((rc = get_int(mpath, what, o, "depth", 1, 1 << 24, &v)))
            return rc;
        st->depth = (int)v;
        if ((long long)st->banks * st->depth != lines)
            return fg_set_error(FG_EINVAL, "%s: %s: lines=%lld differs from banks*depth=%lld", mpath, what, lines,
                                (long long)st->banks * st->depth);
    }
    st->ports = calloc((size_t)ports->n, sizeof *st->ports);
    if (!st->ports)
        return fg_set_error(FG_ENOMEM, "out of memory");
    st->n_ports = ports->n;
    for (int p = 0; p < ports->n; p++) {
        const vj *po = &ports->items[p];
        fg_vec_port *port = &st->ports[p];
        char pwhat[160];
        snprintf(pwhat, sizeof pwhat, "%s ports[%d]", what, p);
        const char *pname = NULL, *dir = NULL;
        if ((rc = get_str(mpath, pwhat, po, "name", &pname)) || (rc = get_str(mpath, pwhat, po, "dir", &dir)) ||
            (rc = get_int(mpath, pwhat, po, "width", 1, FG_VEC_WIDTH_MAX, &v)))
            return rc;
        if (!name_ok(pname))
            return fg_set_error(FG_EINVAL, "%s: %s: name '%s' invalid", mpath, pwhat, pname);
        snprintf(port->name, sizeof port->name, "%s", pname);
        port->width = (int)v;
        const int d = enum_index(DIR_NAME, 3, dir);
        if (d < 0)
            return fg_set_error(FG_EINVAL, "%s: %s: dir '%s' unknown (in, out, state)", mpath, pwhat, dir);
        port->dir = (fg_vec_dir)d;
        port->index = -1;
        if (vj_get(po, "index") && (rc = get_int(mpath, pwhat, po, "index", 0, 1 << 24, &v)) == 0)
            port->index = (int)v;
        if (rc)
            return rc;
        const vj *sg = vj_get(po, "signed");
        if (sg && sg->t != VJ_BOOL)
            return fg_set_error(FG_EINVAL, "%s: %s: \"signed\" must be true or false", mpath, pwhat);
        port->is_signed = sg ? (int)sg->i : 0;
    }
    return 0;
}

int fg_vec_open(const char *dir, fg_vec_set **out)
{
    *out = NULL;
    fg_vec_set *s = calloc(1, sizeof *s);
    char *mpath = malloc(strlen(dir) + 16), *text = NULL;
    if (!s || !mpath) {
        free(s);
        free(mpath);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    sprintf(mpath, "%s/manifest.json", dir);
    s->dir = strdup(dir);
    int rc = s->dir ? fg_in_file(mpath, FG_IN_TEXT, FG_VEC_MANIFEST_MAX, &text, NULL)
                    : fg_set_error(FG_ENOMEM, "out of memory");
    char err[160];
    if (!rc && vj_parse(text, &s->root, err, sizeof err))
        rc = fg_set_error(FG_EINVAL, "%s: not valid JSON: %s", mpath, err);
    free(text);
    long long format = 0;
    const char *design = NULL;
    if (!rc && s->root.t != VJ_OBJ)
        rc = fg_set_error(FG_EINVAL, "%s: not a JSON object", mpath);
    if (!rc) {
        const vj *f = vj_get(&s->root, "format");
        if (!f || f->t != VJ_NUM || !f->is_int)
            rc = fg_set_error(FG_EINVAL, "%s: \"format\" missing (this reader reads format %d)", mpath, FG_VEC_FORMAT);
        else if ((format = f->i) != FG_VEC_FORMAT)
            rc = fg_set_error(FG_EINVAL, "%s: format %lld, this reader reads format %d%s", mpath, format, FG_VEC_FORMAT,
                              format < FG_VEC_FORMAT ? " (a set of an older fecforge: write it again with `fecforge "
                                                       "vectors DESIGN ... -o DIR`, or `fecforge verify DESIGN`)" : "");
    }
    if (!rc)
        rc = get_str(mpath, "manifest", &s->root, "design", &design);
    if (!rc && !design_name_ok(design)) /* the writer's rule; s->design holds no more */
        rc = fg_set_error(FG_EINVAL, "%s: design '%s' invalid (letters, digits, _ and -, at most %d characters)", mpath,
                          design, FG_VEC_NAME_MAX - 1);
    if (!rc)
        snprintf(s->design, sizeof s->design, "%s", design);
    const vj *streams = vj_get(&s->root, "streams");
    if (!rc && (!streams || streams->t != VJ_ARR))
        rc = fg_set_error(FG_EINVAL, "%s: \"streams\" missing or not an array", mpath);
    if (!rc) {
        s->st = calloc((size_t)(streams->n ? streams->n : 1), sizeof *s->st);
        if (!s->st)
            rc = fg_set_error(FG_ENOMEM, "out of memory");
    }
    for (int i = 0; !rc && i < streams->n; i++) {
        rc = parse_stream(mpath, i, &streams->items[i], &s->st[i]);
        s->n_st = i + 1;
        for (int k = 0; !rc && k < i; k++)
            if (!strcmp(s->st[k].name, s->st[i].name))
                rc = fg_set_error(FG_EINVAL, "%s: stream '%s' listed twice", mpath, s->st[i].name);
    }
    free(mpath);
    if (rc) {
        fg_vec_close(s);
        return rc;
    }
    *out = s;
    return 0;
}

const char *fg_vec_design(const fg_vec_set *s) { return s->design; }
const char *fg_vec_dir_path(const fg_vec_set *s) { return s->dir; }
int fg_vec_num_streams(const fg_vec_set *s) { return s->n_st; }
const fg_vec_stream *fg_vec_stream_at(const fg_vec_set *s, int i) { return i >= 0 && i < s->n_st ? &s->st[i] : NULL; }

static int lookup(const fg_vec_set *s, const char *section, const char *key, vj_type t, const vj **out)
{
    const vj *x = vj_get(vj_get(&s->root, section), key);
    const int param = !strcmp(section, "parameters");
    if (param && x && x->t == VJ_ARR && x->n == 1) /* a list option's one value */
        x = &x->items[0];
    if (!x || (x->t == t ? t == VJ_NUM && !x->is_int : !(param && t == VJ_NUM && x->t == VJ_BOOL))) /* a flag: 0, 1 */
        return fg_set_error(FG_EINVAL, "%s/manifest.json: \"%s\".\"%s\" %s", s->dir, section, key,
                            x ? (t == VJ_STR ? "is not a string" : "is not an integer") : "missing");
    *out = x;
    return 0;
}

int fg_vec_get_param_int(const fg_vec_set *s, const char *key, long long *v)
{
    const vj *x = NULL;
    int rc = lookup(s, "parameters", key, VJ_NUM, &x);
    if (!rc)
        *v = x->i;
    return rc;
}

int fg_vec_get_param_str(const fg_vec_set *s, const char *key, const char **v)
{
    const vj *x = NULL;
    int rc = lookup(s, "parameters", key, VJ_STR, &x);
    if (!rc)
        *v = x->s;
    return rc;
}

int fg_vec_get_derived_int(const fg_vec_set *s, const char *key, long long *v)
{
    const vj *x = NULL;
    int rc = lookup(s, "derived", key, VJ_NUM, &x);
    if (!rc)
        *v = x->i;
    return rc;
}

int fg_vec_get_derived_str(const fg_vec_set *s, const char *key, const char **v)
{
    const vj *x = NULL;
    int rc = lookup(s, "derived", key, VJ_STR, &x);
    if (!rc)
        *v = x->s;
    return rc;
}

/* The set's "parameters" of the options of groups as option text (" --lanes=3 --et"), appended to text. */
static int params_as_args(const fg_vec_set *s, const fg_opt_group *groups, int n, sbuf *text)
{
    const vj *params = vj_get(&s->root, "parameters");
    const fg_opts o = {.groups = groups, .n_groups = n};
    int rc = 0;
    for (int g = 0; g < n && !rc; g++)
        for (const fg_opt *op = groups[g].opts; op && op->name && !rc; op++) {
            char key[64], word[256];
            fg_opt_key(op, key, sizeof key);
            const vj *x = fg_opt_in_json(&o, op) ? vj_get(params, key) : NULL;
            if (x && x->t == VJ_ARR && x->n == 1) /* a list option's one value */
                x = &x->items[0];
            if (!fg_opt_in_json(&o, op) || (x && x->t == VJ_BOOL && !x->i)) /* a flag that is off */
                continue;
            if (!x || (x->t != VJ_STR && x->t != VJ_NUM && x->t != VJ_BOOL))
                rc = fg_set_error(FG_EINVAL, "%s/manifest.json: \"parameters\".\"%s\" %s", s->dir, key,
                                  x ? "is not a number, a string or a flag" : "missing");
            else if (x->t == VJ_BOOL)
                sb_printf(text, " --%s", op->name);
            else if (!(rc = fg_opts_quote(x->s, word, sizeof word)))
                sb_printf(text, " --%s=%s", op->name, word);
        }
    return !rc && text->oom ? fg_set_error(FG_ENOMEM, "out of memory") : rc;
}

int fg_vec_options_args(const fg_vec_set *s, const fg_opt_group *groups, int n, char *args, size_t size)
{
    sbuf text = {0};
    int rc = params_as_args(s, groups, n, &text);
    const size_t at = strlen(args), len = text.s ? strlen(text.s) : 0;
    if (!rc && at + len >= size)
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: parameters longer than %zu bytes", s->dir, size - 1);
    if (!rc && len)
        memcpy(args + at, text.s, len + 1);
    free(text.s);
    return rc;
}

int fg_vec_read_options(const fg_vec_set *s, const fg_opt_group *groups, int n)
{
    fg_opts o = {.groups = groups, .n_groups = n};
    sbuf text = {0};
    int rc = params_as_args(s, groups, n, &text);
    if (!rc && (rc = fg_opts_parse_text(&o, text.s ? text.s : "")))
        fg_prefix_error(rc, "%s/manifest.json: \"parameters\": ", s->dir);
    fg_opts_free(&o);
    free(text.s);
    return rc;
}

int fg_vec_get_count(const fg_vec_set *s, const char *key, long long *v)
{
    const vj *x = NULL;
    int rc = lookup(s, "cycles", key, VJ_NUM, &x);
    if (!rc)
        *v = x->i;
    return rc;
}

int fg_vec_find_stream(const fg_vec_set *s, const char *name, const fg_vec_stream **out)
{
    for (int i = 0; i < s->n_st; i++)
        if (!strcmp(s->st[i].name, name)) {
            *out = &s->st[i];
            return 0;
        }
    return fg_set_error(FG_EINVAL, "stream '%s' missing from %s/manifest.json", name, s->dir);
}

int fg_vec_find_port(const fg_vec_stream *st, const char *name, int index)
{
    for (int i = 0; i < st->n_ports; i++)
        if (!strcmp(st->ports[i].name, name) && st->ports[i].index == index)
            return i;
    return index >= 0 ? fg_set_error(FG_EINVAL, "stream %s has no port %s[%d]", st->name, name, index)
                      : fg_set_error(FG_EINVAL, "stream %s has no port %s", st->name, name);
}

struct fg_vec_cursor {
    const fg_vec_stream *st;
    fg_in in;
    char *path;
    size_t line_max;
    long line;
};

int fg_vec_cursor_open(const fg_vec_set *s, const fg_vec_stream *st, fg_vec_cursor **out)
{
    *out = NULL;
    fg_vec_cursor *c = calloc(1, sizeof *c);
    if (c)
        c->path = malloc(strlen(s->dir) + strlen(st->file) + 2);
    if (!c || !c->path) {
        free(c);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    sprintf(c->path, "%s/%s", s->dir, st->file);
    c->st = st;
    c->line_max = (size_t)st->n_ports * 72 + FG_VEC_LINE_SLACK;
    const int rc = fg_in_open(&c->in, c->path, 0);
    if (rc) {
        fg_prefix_error(rc, "stream %s: ", st->name);
        fg_vec_cursor_close(c);
        return rc;
    }
    *out = c;
    return 0;
}

void fg_vec_cursor_close(fg_vec_cursor *c)
{
    if (!c)
        return;
    fg_in_close(&c->in);
    free(c->path);
    free(c);
}

long fg_vec_cursor_line(const fg_vec_cursor *c) { return c->line; }

static int hexval(char h)
{
    return h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
}

int fg_vec_cursor_next(fg_vec_cursor *c, int64_t *val_n, uint8_t *dontcare_n)
{
    const fg_vec_stream *st = c->st;
    char *p, label[80];
    size_t len;
    const int got = fg_in_line(&c->in, c->line_max, &p, &len);
    if (got < 0)
        return got;
    if (!got) {
        if (c->line != st->lines)
            return fg_set_error(FG_EINVAL, "%s: %ld lines, the manifest declares %ld", c->path, c->line, st->lines);
        return 0;
    }
    c->line++;
    if (c->line > st->lines)
        return fg_set_error(FG_EINVAL, "%s line %ld: more lines than the manifest declares (%ld)", c->path, c->line,
                            st->lines);
    int n = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (!*p)
            break;
        char *word = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
        const size_t wl = (size_t)(p - word);
        if (n < st->n_ports) {
            const fg_vec_port *port = &st->ports[n];
            fg_vec_port_label(port, label, sizeof label);
            int x = 0;
            for (size_t k = 0; k < wl; k++)
                x += word[k] == 'x' || word[k] == 'X';
            if (x) {
                if ((size_t)x != wl)
                    return fg_set_error(FG_EINVAL, "%s line %ld, port %s: '%.*s' mixes x and hex digits", c->path,
                                        c->line, label, (int)wl, word);
                if (port->dir == FG_VEC_IN)
                    return fg_set_error(FG_EINVAL, "%s line %ld, port %s: x (no value) on an in port", c->path, c->line,
                                        label);
                val_n[n] = 0;
            } else {
                uint64_t u = 0;
                int wide = 0;
                for (size_t k = 0; k < wl; k++) {
                    const int h = hexval(word[k]);
                    if (h < 0)
                        return fg_set_error(FG_EINVAL, "%s line %ld, port %s: '%.*s' is not hex", c->path, c->line,
                                            label, (int)wl, word);
                    wide |= (u >> 60) != 0;
                    u = (u << 4) | (uint64_t)h;
                }
                if (wide || (port->width < 64 && (u >> port->width) != 0))
                    return fg_set_error(FG_EINVAL, "%s line %ld, port %s: value %.*s wider than the port's %d bits",
                                        c->path, c->line, label, (int)wl, word, port->width);
                if (port->is_signed && port->width < 64 && (u >> (port->width - 1)) & 1)
                    u |= ~UINT64_C(0) << port->width; /* sign-extend */
                val_n[n] = (int64_t)u;
            }
            if (dontcare_n)
                dontcare_n[n] = (uint8_t)(x != 0);
        }
        n++;
    }
    if (n != st->n_ports) {
        const int k = n < st->n_ports ? n : st->n_ports - 1;
        return fg_set_error(FG_EINVAL, "%s line %ld: %d words, expected %d (%s port: %s)", c->path, c->line, n,
                            st->n_ports, n < st->n_ports ? "first missing" : "last",
                            fg_vec_port_label(&st->ports[k], label, sizeof label));
    }
    return 1;
}
