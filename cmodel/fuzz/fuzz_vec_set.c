/* libFuzzer target: the golden-vector-set reader (fecforge/vectors.h "Reader", vectors/FORMAT.md), used the
 * way `fecforge vectors check DIR` uses it.
 *
 * Input: a small vector-set directory in a text container. Sections are separated by marker lines
 *
 *     <section 0>\n%%% NAME\n<section 1>\n%%% NAME\n<section 2>...
 *
 * A marker is the 5 bytes "\n%%% " (the newline before it belongs to the marker, so a section that
 * ends with a newline is followed by an empty line: "00\n\n%%% b.hex\n"), then NAME up to the next
 * newline (or the end of the input). Section 0 is written to manifest.json; every following section
 * to the file NAME, in input order (a later section of the same name, manifest.json included,
 * replaces the earlier one). NAME must be 1..63 characters of [A-Za-z0-9_.-] not starting with '.';
 * a section with another name is not written. After 63 markers the rest of the input is ignored.
 * Example:
 *
 *     {"format": 2, "design": "d", "streams": [{"name": "s", "file": "s.hex", "kind": "table",
 *      "lines": 1, "ports": [{"name": "a_i", "dir": "in", "width": 4}]}]}
 *     %%% s.hex
 *     f
 *
 * The files are written into a scratch directory created once per process ($TMPDIR or /tmp,
 * fg_fuzz_vec_set.XXXXXX; emptied before every input, removed at exit and on a broken invariant; a
 * sanitizer report leaves it behind). Then: fg_vec_open, the lookups of every parameter, count,
 * stream and port the manifest names and of absent ones, and every stream's cursor to its end (or
 * its first error), alternately with and without dontcare_n.
 *
 * Invariants (abort on violation):
 *  - no crash, leak or undefined behaviour (sanitizers);
 *  - every failure is FG_EINVAL, FG_EIO or FG_ENOMEM with a non-empty fg_last_error(); cursor errors
 *    name the stream's file;
 *  - an accepted manifest is the whole file (JSON parsed by vj_parse to the same tree, no NUL byte),
 *    and the set's design, streams, ports, parameters and counts are exactly the manifest's;
 *  - the cursor agrees with an independent reading of the file by FORMAT.md "Stream files"
 *    (model_line): the same lines are accepted, with the same values and x marks, and the first bad
 *    line, an extra line or a missing line is an error. So every value fits its port's width and
 *    signedness (an unsigned 64-bit port returns its bit pattern), no more lines than declared are
 *    returned, and x appears only on out and state ports. */
#include "fecforge/error.h"
#include "fecforge/vectors.h"
#include "core/json_read.h"

#include <dirent.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void scratch_remove(void);

#define FUZZ_CHECK(cond)                                                                                   \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d) last error: %s\n", #cond, __FILE__, __LINE__, \
                    fg_last_error());                                                                      \
            scratch_remove();                                                                              \
            abort();                                                                                       \
        }                                                                                                  \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the container ---- */

enum { MAX_SECTIONS = 64, NAME_MAX_LEN = 63 };

typedef struct {
    char name[NAME_MAX_LEN + 1]; /* "" for section 0 and for a name that is not written */
    const uint8_t *p;
    size_t n;
} section;

static const char MARK[] = "\n%%% ";
#define MARK_LEN (sizeof MARK - 1)

static size_t find_mark(const uint8_t *d, size_t size, size_t from)
{
    for (size_t i = from; i + MARK_LEN <= size; i++)
        if (d[i] == '\n' && !memcmp(d + i, MARK, MARK_LEN))
            return i;
    return size;
}

static int name_valid(const uint8_t *p, size_t n)
{
    if (n < 1 || n > NAME_MAX_LEN || p[0] == '.')
        return 0;
    for (size_t i = 0; i < n; i++)
        if (!((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') ||
              p[i] == '_' || p[i] == '.' || p[i] == '-'))
            return 0;
    return 1;
}

/* Splits the input; returns the number of sections (section 0 always; at most MAX_SECTIONS). */
static int split(const uint8_t *d, size_t size, section *sec)
{
    size_t m = find_mark(d, size, 0);
    int n = 1;
    sec[0].name[0] = '\0';
    sec[0].p = d;
    sec[0].n = m;
    while (m < size && n < MAX_SECTIONS) {
        const size_t name = m + MARK_LEN;
        size_t eol = name;
        while (eol < size && d[eol] != '\n')
            eol++;
        section *s = &sec[n++];
        s->name[0] = '\0';
        if (name_valid(d + name, eol - name)) {
            memcpy(s->name, d + name, eol - name);
            s->name[eol - name] = '\0';
        }
        m = find_mark(d, size, eol); /* at eol when the next marker follows the name line: empty body */
        s->p = d + (eol < size ? eol + 1 : size);
        s->n = m > eol ? m - eol - 1 : 0;
    }
    return n;
}

/* The content the directory holds for file name (NULL if no such file). */
static const section *content_of(const section *sec, int n, const char *name)
{
    for (int i = n - 1; i >= 1; i--)
        if (sec[i].name[0] && !strcmp(sec[i].name, name))
            return &sec[i];
    return strcmp(name, "manifest.json") ? NULL : &sec[0];
}

/* ---- the scratch directory ---- */

static char scratch[3100]; /* $TMPDIR is used up to 3000 characters */
static int sentinel; /* an output pointer's value before a call that must set it */

static void scratch_clear(void)
{
    DIR *d = opendir(scratch);
    if (!d)
        return; /* writing the files will fail */
    struct dirent *e;
    char p[sizeof scratch + 300];
    while ((e = readdir(d)) != NULL) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        snprintf(p, sizeof p, "%s/%s", scratch, e->d_name);
        unlink(p);
    }
    closedir(d);
}

static void scratch_remove(void)
{
    if (!scratch[0])
        return;
    scratch_clear();
    rmdir(scratch);
    scratch[0] = '\0';
}

static void scratch_setup(void)
{
    if (scratch[0])
        return;
    const char *tmp = getenv("TMPDIR");
    if (!tmp || !tmp[0] || strlen(tmp) > 3000)
        tmp = "/tmp";
    snprintf(scratch, sizeof scratch, "%s/fg_fuzz_vec_set.XXXXXX", tmp);
    if (!mkdtemp(scratch)) {
        perror(scratch);
        abort();
    }
    atexit(scratch_remove);
}

static void write_file(const char *name, const section *s)
{
    char p[sizeof scratch + 300];
    snprintf(p, sizeof p, "%s/%s", scratch, name);
    FILE *f = fopen(p, "wb");
    FUZZ_CHECK(f != NULL);
    FUZZ_CHECK(fwrite(s->p, 1, s->n, f) == s->n);
    FUZZ_CHECK(fclose(f) == 0);
}

/* ---- checks ---- */

static void check_failure(int rc)
{
    FUZZ_CHECK(rc == FG_EINVAL || rc == FG_EIO || rc == FG_ENOMEM);
    FUZZ_CHECK(fg_last_error()[0] != '\0');
}

/* A lookup's result: success where the manifest has the key with the type asked for, otherwise
 * FG_EINVAL with a message naming the key. */
static void expect_lookup(int rc, int present, const char *key)
{
    if (present) {
        FUZZ_CHECK(rc == 0);
        return;
    }
    check_failure(rc);
    FUZZ_CHECK(rc == FG_EINVAL);
    if (strlen(key) < 200)
        FUZZ_CHECK(strstr(fg_last_error(), key) != NULL);
}

/* The library's lookups of key in section sec_name (parameters, derived or cycles) against the manifest tree: a
 * parameter may be a list of one value, an integer one a flag. */
static void check_lookup(const fg_vec_set *s, const vj *root, const char *sec_name, const char *key)
{
    const vj *x = vj_get(vj_get(root, sec_name), key);
    const int param = !strcmp(sec_name, "parameters"), derived = !strcmp(sec_name, "derived");
    if (param && x && x->t == VJ_ARR && x->n == 1)
        x = &x->items[0];
    const int is_int = x && ((x->t == VJ_NUM && x->is_int) || (param && x->t == VJ_BOOL)), is_str = x && x->t == VJ_STR;
    long long v = -12345;
    const char *str = NULL;
    fg_clear_error();
    if (!strcmp(sec_name, "cycles")) {
        expect_lookup(fg_vec_get_count(s, key, &v), is_int, key);
        FUZZ_CHECK(!is_int || v == x->i);
        return;
    }
    expect_lookup(derived ? fg_vec_get_derived_int(s, key, &v) : fg_vec_get_param_int(s, key, &v), is_int, key);
    FUZZ_CHECK(!is_int || v == x->i);
    fg_clear_error();
    expect_lookup(derived ? fg_vec_get_derived_str(s, key, &str) : fg_vec_get_param_str(s, key, &str), is_str, key);
    FUZZ_CHECK(!is_str || !strcmp(str, x->s));
}

static void check_lookups(const fg_vec_set *s, const vj *root, const char *sec_name)
{
    const vj *o = vj_get(root, sec_name);
    if (o && o->t == VJ_OBJ)
        for (int k = 0; k < o->n; k++)
            check_lookup(s, root, sec_name, o->keys[k]);
    check_lookup(s, root, sec_name, "fuzz_absent_key");
    check_lookup(s, root, sec_name, "");
    check_lookup(s, root, sec_name, "C0");
    check_lookup(s, root, sec_name, "K");
}

/* The stream as the library parsed it against the manifest tree's stream object. */
static void check_stream_decl(const fg_vec_stream *st, const vj *o)
{
    FUZZ_CHECK(o && o->t == VJ_OBJ);
    const vj *name = vj_get(o, "name"), *file = vj_get(o, "file"), *kind = vj_get(o, "kind"),
             *lines = vj_get(o, "lines"), *ports = vj_get(o, "ports");
    FUZZ_CHECK(name && name->t == VJ_STR && !strcmp(st->name, name->s));
    FUZZ_CHECK(file && file->t == VJ_STR && !strcmp(st->file, file->s));
    FUZZ_CHECK(kind && kind->t == VJ_STR);
    static const char *const kinds[] = {"cycles", "table", "memory"};
    FUZZ_CHECK(st->kind >= FG_VEC_CYCLES && st->kind <= FG_VEC_MEMORY && !strcmp(kinds[st->kind], kind->s));
    FUZZ_CHECK(lines && lines->t == VJ_NUM && lines->is_int && st->lines == lines->i && st->lines >= 0);
    FUZZ_CHECK(ports && ports->t == VJ_ARR && ports->n == st->n_ports && st->n_ports >= 1 && st->ports);
    if (st->kind == FG_VEC_MEMORY) {
        const vj *banks = vj_get(o, "banks"), *depth = vj_get(o, "depth");
        FUZZ_CHECK(st->n_ports == 1 && banks && depth && banks->i == st->banks && depth->i == st->depth);
        FUZZ_CHECK(st->banks >= 1 && st->depth >= 1 && (long long)st->banks * st->depth == st->lines);
    }
    static const char *const dirs[] = {"in", "out", "state"};
    for (int p = 0; p < st->n_ports; p++) {
        const fg_vec_port *port = &st->ports[p];
        const vj *po = &ports->items[p], *pn = vj_get(po, "name"), *pd = vj_get(po, "dir"),
                 *pw = vj_get(po, "width"), *pi = vj_get(po, "index"), *ps = vj_get(po, "signed");
        FUZZ_CHECK(pn && pn->t == VJ_STR && !strcmp(port->name, pn->s) && port->name[0]);
        FUZZ_CHECK(port->dir >= FG_VEC_IN && port->dir <= FG_VEC_STATE && pd && pd->t == VJ_STR &&
                   !strcmp(dirs[port->dir], pd->s));
        FUZZ_CHECK(pw && pw->is_int && pw->i == port->width && port->width >= 1 && port->width <= FG_VEC_WIDTH_MAX);
        FUZZ_CHECK(pi ? pi->is_int && pi->i == port->index && port->index >= 0 : port->index == -1);
        FUZZ_CHECK(ps ? ps->t == VJ_BOOL && ps->i == port->is_signed : port->is_signed == 0);

        const int r = fg_vec_find_port(st, port->name, port->index);
        FUZZ_CHECK(r >= 0 && r <= p && !strcmp(st->ports[r].name, port->name) && st->ports[r].index == port->index);
        for (int q = 0; q < r; q++)
            FUZZ_CHECK(strcmp(st->ports[q].name, port->name) || st->ports[q].index != port->index);
    }
    fg_clear_error();
    int r = fg_vec_find_port(st, "fuzz absent port", -1);
    check_failure(r);
    FUZZ_CHECK(r == FG_EINVAL);
    fg_clear_error();
    r = fg_vec_find_port(st, st->ports[0].name, 1 << 30); /* indices are at most 2^24 */
    check_failure(r);
    FUZZ_CHECK(r == FG_EINVAL && strstr(fg_last_error(), st->ports[0].name) != NULL);
}

/* Does v fit the port? Unsigned 64-bit ports return their bit pattern in an int64_t. */
static int fits(const fg_vec_port *p, int64_t v)
{
    if (p->width == 64)
        return 1;
    if (p->is_signed)
        return v >= -(INT64_C(1) << (p->width - 1)) && v < (INT64_C(1) << (p->width - 1));
    return v >= 0 && (uint64_t)v < (UINT64_C(1) << p->width);
}

static int hexdigit(uint8_t h)
{
    return h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
}

/* Independent reading of one line (without its '\n') against FORMAT.md: words separated by
 * blanks (space, tab, CR), one per port, each hex within the port's width or all x (not on an in
 * port), the line at most 72 bytes a port + FG_VEC_LINE_SLACK. 1 with the values (sign-extended) and x
 * marks, 0 if the line is invalid. */
static int model_line(const fg_vec_stream *st, const uint8_t *p, size_t n, int64_t *val, uint8_t *dc)
{
    if (n > (size_t)st->n_ports * 72 + FG_VEC_LINE_SLACK) /* the reader's bound (FORMAT.md "Reading a set") */
        return 0;
    int w = 0;
    size_t i = 0;
    for (;;) {
        while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r'))
            i++;
        if (i == n)
            break;
        const size_t b = i;
        while (i < n && p[i] != ' ' && p[i] != '\t' && p[i] != '\r')
            i++;
        if (w >= st->n_ports)
            return 0;
        const fg_vec_port *port = &st->ports[w];
        size_t x = 0;
        for (size_t k = b; k < i; k++)
            x += p[k] == 'x' || p[k] == 'X';
        if (x == i - b) {
            if (port->dir == FG_VEC_IN)
                return 0;
            dc[w] = 1;
            val[w] = 0;
        } else {
            uint64_t u = 0;
            for (size_t k = b; k < i; k++) {
                const int h = hexdigit(p[k]);
                if (h < 0 || (u >> 60))
                    return 0;
                u = u << 4 | (uint64_t)h;
            }
            if (port->width < 64 && (u >> port->width))
                return 0;
            if (port->is_signed && port->width < 64 && (u >> (port->width - 1) & 1))
                u |= ~UINT64_C(0) << port->width;
            dc[w] = 0;
            val[w] = (int64_t)u;
        }
        w++;
    }
    return w == st->n_ports;
}

static void check_cursor_error(int r, const fg_vec_stream *st)
{
    check_failure(r);
    FUZZ_CHECK(r == FG_EINVAL);
    FUZZ_CHECK(strstr(fg_last_error(), st->file) != NULL);
}

/* Every line of the stream through the cursor, against model_line on the file's content. */
static void check_stream_lines(const fg_vec_set *s, const fg_vec_stream *st, const section *file, int with_dc)
{
    fg_vec_cursor *c = (fg_vec_cursor *)(void *)&sentinel; /* set to NULL on failure */
    fg_clear_error();
    int rc = fg_vec_cursor_open(s, st, &c);
    if (!file) {
        check_failure(rc);
        FUZZ_CHECK(rc == FG_EIO && c == NULL && strstr(fg_last_error(), st->file) != NULL);
        return;
    }
    FUZZ_CHECK(rc == 0 && c != NULL);
    const size_t np = (size_t)st->n_ports;
    int64_t *val = malloc(np * sizeof *val), *mval = malloc(np * sizeof *mval);
    uint8_t *dc = malloc(np), *mdc = malloc(np);
    FUZZ_CHECK(val && mval && dc && mdc);
    const uint8_t *p = file->p, *end = file->p + file->n;
    for (long k = 1;; k++) {
        memset(dc, 7, np);
        fg_clear_error();
        const int r = fg_vec_cursor_next(c, val, with_dc ? dc : NULL);
        if (p == end) { /* no line k in the file */
            if (k - 1 == st->lines)
                FUZZ_CHECK(r == 0);
            else
                check_cursor_error(r, st);
            break;
        }
        const uint8_t *nl = memchr(p, '\n', (size_t)(end - p));
        const uint8_t *line_end = nl ? nl : end;
        if (k > st->lines || !model_line(st, p, (size_t)(line_end - p), mval, mdc)) {
            check_cursor_error(r, st);
            break;
        }
        FUZZ_CHECK(r == 1 && fg_vec_cursor_line(c) == k);
        for (size_t i = 0; i < np; i++) {
            const fg_vec_port *port = &st->ports[i];
            if (with_dc)
                FUZZ_CHECK(dc[i] == mdc[i] && (!dc[i] || port->dir != FG_VEC_IN));
            if (!mdc[i])
                FUZZ_CHECK(val[i] == mval[i] && fits(port, val[i]));
        }
        p = nl ? nl + 1 : end;
    }
    fg_vec_cursor_close(c);
    free(val);
    free(mval);
    free(dc);
    free(mdc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static section sec[MAX_SECTIONS];
    scratch_setup();
    scratch_clear();
    const int n_sec = split(data, size, sec);
    write_file("manifest.json", &sec[0]);
    for (int i = 1; i < n_sec; i++)
        if (sec[i].name[0])
            write_file(sec[i].name, &sec[i]);
    const section *manifest = content_of(sec, n_sec, "manifest.json");

    fg_vec_set *s = (fg_vec_set *)(void *)&sentinel; /* set to NULL on failure */
    fg_clear_error();
    int rc = fg_vec_open(scratch, &s);
    if (rc) {
        check_failure(rc);
        FUZZ_CHECK(s == NULL);
        return 0;
    }
    FUZZ_CHECK(s != NULL);

    /* the manifest as an independent parse sees it: the whole file is the JSON text */
    FUZZ_CHECK(memchr(manifest->p, '\0', manifest->n) == NULL);
    char *text = malloc(manifest->n + 1);
    FUZZ_CHECK(text != NULL);
    memcpy(text, manifest->p, manifest->n);
    text[manifest->n] = '\0';
    vj root;
    char err[160];
    FUZZ_CHECK(vj_parse(text, &root, err, sizeof err) == 0 && root.t == VJ_OBJ);
    free(text);
    const vj *format = vj_get(&root, "format"), *design = vj_get(&root, "design"), *streams = vj_get(&root, "streams");
    FUZZ_CHECK(format && format->is_int && format->i == FG_VEC_FORMAT);
    FUZZ_CHECK(design && design->t == VJ_STR && !strcmp(fg_vec_design(s), design->s));
    FUZZ_CHECK(!strcmp(fg_vec_dir_path(s), scratch));
    FUZZ_CHECK(streams && streams->t == VJ_ARR && fg_vec_num_streams(s) == streams->n);

    check_lookups(s, &root, "parameters");
    check_lookups(s, &root, "derived");
    check_lookups(s, &root, "cycles");

    const fg_vec_stream *found = NULL;
    fg_clear_error();
    rc = fg_vec_find_stream(s, "fuzz absent stream", &found);
    check_failure(rc);
    FUZZ_CHECK(rc == FG_EINVAL && found == NULL && strstr(fg_last_error(), "fuzz absent stream") != NULL);
    FUZZ_CHECK(fg_vec_stream_at(s, -1) == NULL && fg_vec_stream_at(s, fg_vec_num_streams(s)) == NULL);

    for (int i = 0; i < fg_vec_num_streams(s); i++) {
        const fg_vec_stream *st = fg_vec_stream_at(s, i);
        FUZZ_CHECK(st != NULL);
        check_stream_decl(st, &streams->items[i]);
        FUZZ_CHECK(fg_vec_find_stream(s, st->name, &found) == 0 && found == st);
        check_stream_lines(s, st, content_of(sec, n_sec, st->file), i % 2 == 0);
    }
    vj_free(&root);
    fg_vec_close(s);
    return 0;
}
