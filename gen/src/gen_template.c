/* The template renderer of the generators (gen/README.md "Templates"): a template of rtl/templates is a
 * Verilog file whose head declares its placeholders as `define lines (their lint defaults); `NAME in the
 * text is replaced by a value, `ifdef NAME ... [`else ...] `endif of a declared NAME is a section,
 * rendered once per instance the generator gives (the `else part when it gives none). Every error
 * (unknown name, missing value, unused value or instance) fails the render, naming template and name. */
#include "gen_internal.h"
#include "fecforge/error.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct tpl_val {
    char *name, *text;
    int used;
    struct tpl_val *next;
} tpl_val;

typedef struct tpl_node { /* the root (section NULL) or one instance of a section */
    char *section;
    struct tpl_node *parent, *first, *last, *next;
    tpl_val *vals, *vals_last;
    int rendered;
} tpl_node;

enum { DECL_MAX = 128 };

struct fg_tpl {
    const char *name, *text, *body; /* body: the text after the declarations */
    int ndecl;
    const char *decl[DECL_MAX];     /* the declared names, in the text (length in decl_len) */
    int decl_len[DECL_MAX];
    tpl_node root, *cur;
    int rc;                         /* the first error (its message is fg_last_error()) */
    char *out;                      /* the rendering */
    size_t len, cap;
};

static int fail(fg_tpl *t, int code, const char *fmt, const char *a, int alen)
{
    if (!t->rc)
        t->rc = fg_set_error(code, fmt, t->name, alen, a);
    return t->rc;
}

static int is_id(int c) { return isalnum(c) || c == '_'; }

static int id_len(const char *p)
{
    int n = 0;
    while (is_id((unsigned char)p[n]))
        n++;
    return n;
}

/* The head: `define NAME [default] and `undef NAME lines (a section off at lint), one a line. */
static void parse_head(fg_tpl *t)
{
    const char *p = t->text;
    for (;;) {
        const int def = !strncmp(p, "`define ", 8), undef = !strncmp(p, "`undef ", 7);
        if (!def && !undef)
            break;
        const char *n = p + (def ? 8 : 7);
        if (t->ndecl == DECL_MAX) {
            fail(t, FG_EINVAL, "template %s: more than %.*s declarations", "128", 3);
            return;
        }
        t->decl[t->ndecl] = n;
        t->decl_len[t->ndecl++] = id_len(n);
        for (const char *nl; (nl = strchr(p, '\n')); p = nl + 1) /* a default may go on after a backslash */
            if (nl == p || nl[-1] != '\\') {
                p = nl + 1;
                break;
            }
    }
    t->body = p;
}

static int declared(const fg_tpl *t, const char *n, int len)
{
    for (int i = 0; i < t->ndecl; i++)
        if (t->decl_len[i] == len && !strncmp(t->decl[i], n, (size_t)len))
            return 1;
    return 0;
}

fg_tpl *fg_tpl_new(const char *name)
{
    fg_tpl *t = calloc(1, sizeof *t);
    if (!t) {
        fg_set_error(FG_ENOMEM, "template %s: out of memory", name);
        return NULL;
    }
    t->name = name;
    t->cur = &t->root;
    t->text = fg_gen_template(name);
    if (!t->text)
        fail(t, FG_EINVAL, "template %s: no such template (rtl/templates/%.*s.vh)", name, (int)strlen(name));
    else
        parse_head(t);
    return t;
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = 0;
    }
    return d;
}

void fg_tpl_set(fg_tpl *t, const char *name, const char *fmt, ...)
{
    if (!t || t->rc)
        return;
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    tpl_val *v = calloc(1, sizeof *v);
    if (v && n >= 0 && (v->text = malloc((size_t)n + 1))) {
        va_start(ap, fmt);
        vsnprintf(v->text, (size_t)n + 1, fmt, ap);
        va_end(ap);
        v->name = dup_n(name, strlen(name));
    }
    if (!v || !v->text || !v->name) {
        if (v)
            free(v->text);
        free(v);
        fail(t, FG_ENOMEM, "template %s: out of memory (value %.*s)", name, (int)strlen(name));
        return;
    }
    for (tpl_val *o = t->cur->vals; o; o = o->next)
        if (!strcmp(o->name, name))
            fail(t, FG_EINVAL, "template %s: value `%.*s given twice", name, (int)strlen(name));
    if (t->cur->vals_last)
        t->cur->vals_last->next = v;
    else
        t->cur->vals = v;
    t->cur->vals_last = v;
}

void fg_tpl_int(fg_tpl *t, const char *name, long v) { fg_tpl_set(t, name, "%ld", v); }

void fg_tpl_ints(fg_tpl *t, const fg_tpl_iv *v, int n)
{
    for (int i = 0; i < n; i++)
        fg_tpl_int(t, v[i].name, v[i].v);
}

void fg_tpl_begin(fg_tpl *t, const char *section)
{
    if (!t || t->rc)
        return;
    tpl_node *n = calloc(1, sizeof *n);
    if (!n || !(n->section = dup_n(section, strlen(section)))) {
        free(n);
        fail(t, FG_ENOMEM, "template %s: out of memory (section %.*s)", section, (int)strlen(section));
        return;
    }
    n->parent = t->cur;
    if (t->cur->last)
        t->cur->last->next = n;
    else
        t->cur->first = n;
    t->cur->last = n;
    t->cur = n;
}

void fg_tpl_end(fg_tpl *t)
{
    if (t && !t->rc && t->cur->parent)
        t->cur = t->cur->parent;
}

static void put(fg_tpl *t, const char *s, size_t n)
{
    if (t->rc)
        return;
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + n + 1)
            cap *= 2;
        char *o = realloc(t->out, cap);
        if (!o) {
            fail(t, FG_ENOMEM, "template %s: out of memory%.*s", "", 0);
            return;
        }
        t->out = o;
        t->cap = cap;
    }
    memcpy(t->out + t->len, s, n);
    t->len += n;
}

/* The directive at p (after its backtick): 1 `ifdef, 2 `else, 3 `endif, 4 `ifndef, else 0. */
static int directive(const char *p)
{
    static const char *const d[] = {"ifdef", "else", "endif", "ifndef"};
    const int n = id_len(p);
    for (int i = 0; i < 4; i++)
        if (n == (int)strlen(d[i]) && !strncmp(p, d[i], (size_t)n))
            return i + 1;
    return 0;
}

/* Where the directive [p, e) is the only thing on its line: from the line's start (or p) to after its
 * newline; otherwise it swallows one blank after it. *from is where the text before it ends. */
static const char *directive_end(const char *lo, const char *p, const char *e, const char **from)
{
    const char *s = p;
    while (s > lo && (s[-1] == ' ' || s[-1] == '\t'))
        s--;
    const char *a = e;
    while (*a == ' ' || *a == '\t')
        a++;
    if ((s == lo || s[-1] == '\n') && (*a == '\n' || !*a)) {
        *from = s;
        return *a ? a + 1 : a;
    }
    *from = p;
    return *e == ' ' ? e + 1 : e;
}


static void render(fg_tpl *t, const char *p, const char *end, tpl_node *scope);

static int has_section(const tpl_node *scope, const char *n, int nlen)
{
    for (const tpl_node *c = scope->first; c; c = c->next)
        if ((int)strlen(c->section) == nlen && !strncmp(c->section, n, (size_t)nlen))
            return 1;
    return 0;
}

/* A section `ifdef NAME at p (the backtick) up to end: its parts, then each instance of it in scope. */
static const char *section(fg_tpl *t, const char *p, const char *end, tpl_node *scope, const char *n, int nlen)
{
    const char *from, *if_lo = directive_end(t->body, p, n + nlen, &from);
    (void)from;
    const char *if_hi = NULL, *else_lo = NULL, *else_hi = NULL, *after = NULL;
    int depth = 0;
    for (const char *q = if_lo; q < end && !after; q++) {
        if (*q != '`')
            continue;
        const int d = directive(q + 1);
        if (d == 1 || d == 4)
            depth++;
        else if (d == 2 && !depth && !if_hi) {
            const char *f2;
            else_lo = directive_end(t->body, q, q + 5, &f2);
            if_hi = f2;
        } else if (d == 3 && !depth--) {
            const char *f3;
            after = directive_end(t->body, q, q + 6, &f3);
            if (if_hi)
                else_hi = f3;
            else
                if_hi = f3;
        }
    }
    if (!after) {
        fail(t, FG_EINVAL, "template %s: `ifdef %.*s without its `endif", n, nlen);
        return end;
    }
    int any = 0;
    tpl_node *in = scope; /* its instances: those of the innermost scope that has any, as for a value */
    while (in->parent && !has_section(in, n, nlen))
        in = in->parent;
    for (tpl_node *c = in->first; c; c = c->next)
        if ((int)strlen(c->section) == nlen && !strncmp(c->section, n, (size_t)nlen)) {
            c->rendered = any = 1;
            render(t, if_lo, if_hi, c);
        }
    if (!any && else_lo)
        render(t, else_lo, else_hi, scope);
    return after;
}

static void placeholder(fg_tpl *t, const char *n, int nlen, tpl_node *scope)
{
    if (!declared(t, n, nlen)) {
        fail(t, FG_EINVAL, "template %s: unknown placeholder `%.*s (not declared in its head)", n, nlen);
        return;
    }
    for (tpl_node *s = scope; s; s = s->parent)
        for (tpl_val *v = s->vals; v; v = v->next)
            if ((int)strlen(v->name) == nlen && !strncmp(v->name, n, (size_t)nlen)) {
                v->used = 1;
                put(t, v->text, strlen(v->text));
                return;
            }
    fail(t, FG_EINVAL, "template %s: no value for placeholder `%.*s", n, nlen);
}

/* `include "NAME.vh" of a template: its whole text (a fragment: no head of its own) in the same scope. */
static void include(fg_tpl *t, const char *file, int len, tpl_node *scope)
{
    char name[128];
    const char *text = NULL;
    if (len > 3 && len < (int)sizeof name && !strncmp(file + len - 3, ".vh", 3)) {
        snprintf(name, sizeof name, "%.*s", len - 3, file);
        text = fg_gen_template(name);
    }
    if (!text) {
        fail(t, FG_EINVAL, "template %s: `include of %.*s, which is no template of rtl/templates", file, len);
        return;
    }
    const char *body = t->body;
    t->body = text; /* where its lines begin */
    render(t, text, text + strlen(text), scope);
    t->body = body;
}

static void render(fg_tpl *t, const char *p, const char *end, tpl_node *scope)
{
    const char *lit = p;
    while (p < end && !t->rc) {
        if (*p != '`') {
            p++;
            continue;
        }
        const char *n = p + 1;
        const int nlen = id_len(n), d = directive(n);
        if ((d == 1 || d == 4) && n[nlen] == ' ') {
            const char *sn = n + nlen + 1;
            const int slen = id_len(sn);
            if (declared(t, sn, slen)) {
                if (d == 4) {
                    fail(t, FG_EINVAL, "template %s: `ifndef %.*s: a section is `ifdef NAME ... `else", sn, slen);
                    return;
                }
                const char *from;
                directive_end(t->body, p, sn + slen, &from);
                put(t, lit, (size_t)(from - lit));
                p = lit = section(t, p, end, scope, sn, slen);
                continue;
            }
        }
        if (nlen == 7 && !strncmp(n, "include \"", 9)) {
            const char *q = strchr(n + 9, '"'), *from;
            const char *after = q ? directive_end(t->body, p, q + 1, &from) : NULL;
            if (!q || (from != t->body && from[-1] != '\n') || (*after && after[-1] != '\n')) {
                fail(t, FG_EINVAL, "template %s: an `include not alone on its line%.*s", "", 0);
                return;
            }
            put(t, lit, (size_t)(from - lit));
            include(t, n + 9, (int)(q - n - 9), scope);
            p = lit = after;
            continue;
        }
        if (nlen && isupper((unsigned char)*n)) {
            put(t, lit, (size_t)(p - lit));
            placeholder(t, n, nlen, scope);
            p = lit = n + nlen;
            continue;
        }
        p++;
    }
    put(t, lit, (size_t)(end - lit));
}

/* Every value used, every instance rendered; then frees the tree below n. */
static void check_free(fg_tpl *t, tpl_node *n)
{
    for (tpl_val *v = n->vals, *nx; v; v = nx) {
        nx = v->next;
        if (!declared(t, v->name, (int)strlen(v->name)))
            fail(t, FG_EINVAL, "template %s: value for `%.*s, which it does not declare", v->name, (int)strlen(v->name));
        else if (!v->used)
            fail(t, FG_EINVAL, "template %s: value for `%.*s not used", v->name, (int)strlen(v->name));
        free(v->name);
        free(v->text);
        free(v);
    }
    for (tpl_node *c = n->first, *nx; c; c = nx) {
        nx = c->next;
        if (!c->rendered)
            fail(t, FG_EINVAL, "template %s: instance of section %.*s not rendered (no `ifdef of it there)",
                 c->section, (int)strlen(c->section));
        check_free(t, c);
        free(c->section);
        free(c);
    }
}

void fg_tpl_ports(fg_tpl *t, const char *name, const fg_gen_port *ports, int np)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) {
        fail(t, FG_ENOMEM, "template %s: out of memory (ports %.*s)", name, (int)strlen(name));
        return;
    }
    fg_gen_port_list(m, ports, np);
    fclose(m);
    fg_tpl_set(t, name, "%.*s", (int)(n && buf[n - 1] == '\n' ? n - 1 : n), buf);
    free(buf);
}

void fg_tpl_free(fg_tpl *t)
{
    if (!t)
        return;
    if (!t->rc)
        t->rc = FG_EINVAL; /* nothing of it is checked or reported */
    check_free(t, &t->root);
    free(t->out);
    free(t);
}

int fg_tpl_write(fg_tpl *t, FILE *f)
{
    if (!t)
        return FG_ENOMEM;
    if (!t->rc) {
        if (t->cur != &t->root)
            fail(t, FG_EINVAL, "template %s: section %.*s not ended", t->cur->section, (int)strlen(t->cur->section));
        render(t, t->body, t->body + strlen(t->body), &t->root);
    }
    check_free(t, &t->root);
    const int rc = t->rc;
    if (!rc && t->len)
        fwrite(t->out, 1, t->len, f);
    free(t->out);
    free(t);
    return rc;
}

void fg_tpl_flag(fg_tpl *t, const char *section, int on)
{
    if (on) {
        fg_tpl_begin(t, section);
        fg_tpl_end(t);
    }
}
