/* Options declared as data: the driver (fecforge/options.h). */
#include "fecforge/options.h"

#include "fecforge/error.h"
#include "fecforge/json.h"
#include "fecforge/input.h"
#include "core/json_read.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- the option table ---- */

typedef struct {
    const fg_opt *o;
    void *field;
    int index; /* in the flattened table */
} slot;

static int count_opts(const fg_opts *p)
{
    int n = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++)
            n++;
    return n;
}

static slot slot_at(const fg_opts *p, int index)
{
    int i = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++, i++)
            if (i == index)
                return (slot){o, (char *)p->groups[g].base + o->offset, i};
    return (slot){NULL, NULL, -1};
}

static slot find_long(const fg_opts *p, const char *name, size_t len)
{
    int i = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++, i++)
            if (strlen(o->name) == len && !strncmp(o->name, name, len))
                return (slot){o, (char *)p->groups[g].base + o->offset, i};
    return (slot){NULL, NULL, -1};
}

static slot find_short(const fg_opts *p, char c)
{
    int i = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++, i++)
            if (o->short_name && o->short_name == c)
                return (slot){o, (char *)p->groups[g].base + o->offset, i};
    return (slot){NULL, NULL, -1};
}

static int takes_value(const fg_opt *o) { return o->type != FG_OPT_FLAG; }

/* ---- values ---- */

static char *dup_text(const char *s)
{
    char *d = malloc(strlen(s) + 1);
    if (d)
        strcpy(d, s);
    return d;
}

static void num_text(double v, char *buf, size_t n)
{
    if (v == floor(v) && fabs(v) < 1e18)
        snprintf(buf, n, "%.0f", v);
    else
        snprintf(buf, n, "%g", v);
}

/* "[lo, hi]" with the open ends of a REAL option. */
static void range_text(const fg_opt *o, char *buf, size_t n)
{
    char a[40], b[40];
    num_text(o->lo, a, sizeof a);
    num_text(o->hi, b, sizeof b);
    snprintf(buf, n, "%c%s, %s%c", o->flags & FG_OPT_LO_OPEN ? '(' : '[', a, b, o->flags & FG_OPT_HI_OPEN ? ')' : ']');
}

/* The word w (length n) in a list "a|b|x=a": the index of its canonical word, or -1. */
static int word_index(const char *words, const char *w, size_t n)
{
    int canon = 0;
    for (const char *p = words; p && *p;) {
        const char *bar = strchr(p, '|');
        const size_t len = bar ? (size_t)(bar - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        const size_t wlen = eq ? (size_t)(eq - p) : len;
        if (wlen == n && !strncasecmp(p, w, n)) {
            if (!eq)
                return canon;
            return word_index(words, eq + 1, len - wlen - 1); /* a synonym: its target's index */
        }
        if (!eq)
            canon++;
        p += len + (bar != NULL);
    }
    return -1;
}

/* "a, b or c" from the canonical words (synonyms "x=a" are not listed). */
static void words_text(const char *words, char *buf, size_t n)
{
    buf[0] = '\0';
    int total = 0, k = 0;
    for (int pass = 0; pass < 2; pass++) {
        size_t at = 0;
        for (const char *p = words; p && *p;) {
            const char *bar = strchr(p, '|');
            const size_t len = bar ? (size_t)(bar - p) : strlen(p);
            if (!memchr(p, '=', len)) {
                if (pass == 0)
                    total++;
                else if (at < n) {
                    at += (size_t)snprintf(buf + at, n - at, "%s%.*s", k == 0 ? "" : k + 1 == total ? " or " : ", ",
                                           (int)len, p);
                    k++;
                }
            }
            p += len + (bar != NULL);
        }
    }
}

/* The value of named word w of an INT ("all=0"): 0 and *v, or -1. */
static int named_int(const char *words, const char *w, long *v)
{
    const size_t n = strlen(w);
    for (const char *p = words; p && *p;) {
        const char *bar = strchr(p, '|');
        const size_t len = bar ? (size_t)(bar - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (eq && (size_t)(eq - p) == n && !strncmp(p, w, n)) {
            *v = strtol(eq + 1, NULL, 10);
            return 0;
        }
        p += len + (bar != NULL);
    }
    return -1;
}

static int parse_ll(const char *text, long long *v)
{
    char *end;
    errno = 0;
    *v = strtoll(text, &end, 10);
    /* strtoll also skips leading blanks and takes a '+': neither is in the grammar */
    return !*text || *end || errno || !(text[0] == '-' || (text[0] >= '0' && text[0] <= '9')) ? -1 : 0;
}

static int parse_real(const char *text, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    /* decimal numbers only: no hexadecimal floats, inf, nan */
    if (end == text || *end || errno || !isfinite(*v))
        return -1;
    for (const char *c = text; *c; c++)
        if (!strchr("0123456789+-.eE", *c))
            return -1;
    return 0;
}

static int in_range(const fg_opt *o, double v)
{
    if (o->flags & FG_OPT_LO_OPEN ? !(v > o->lo) : !(v >= o->lo))
        return 0;
    if (o->flags & FG_OPT_HI_OPEN ? !(v < o->hi) : !(v <= o->hi))
        return 0;
    return 1;
}

int fg_opt_parse_seed(const char *what, const char *text, uint64_t *out)
{
    char *end;
    errno = 0;
    const int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
    const unsigned long long v = strtoull(text, &end, hex ? 16 : 10);
    int bad = !*text || *end || errno || text[0] == '-' || text[0] == '+' || (hex && !text[2]);
    for (const char *c = text + (hex ? 2 : 0); *c && !bad; c++)
        bad = hex ? !strchr("0123456789abcdefABCDEF", *c) : !(*c >= '0' && *c <= '9');
    if (bad)
        return fg_set_error(FG_EINVAL, "%s%s%s invalid: expected a 64-bit unsigned integer, decimal or 0x-hexadecimal",
                            what, *what ? "=" : "", text);
    *out = (uint64_t)v;
    return 0;
}

/* Split a comma list: each element non-empty. Calls fn(elem, len, ctx) per element. */
static int each_element(const char *what, const char *text, int (*fn)(const char *, size_t, void *), void *ctx)
{
    if (!*text)
        return fg_set_error(FG_EINVAL, "%s= invalid: empty", what);
    for (const char *p = text;;) {
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (!len)
            return fg_set_error(FG_EINVAL, "%s=%s invalid: empty element in the list", what, text);
        const int rc = fn(p, len, ctx);
        if (rc)
            return rc;
        if (!comma)
            return 0;
        p = comma + 1;
    }
}

typedef struct {
    const char *what, *text;
    double lo, hi;
    int max;
    int n, cap;
    int *iv;
    double *dv;
} list_ctx;

static int list_push_int(list_ctx *c, long v)
{
    if (c->max > 0 && c->n >= c->max)
        return fg_set_error(FG_EINVAL, "%s=%s has more than %d values", c->what, c->text, c->max);
    if (c->n == c->cap) {
        const int cap = c->cap ? 2 * c->cap : 16;
        int *nv = realloc(c->iv, sizeof *nv * (size_t)cap);
        if (!nv)
            return fg_set_error(FG_ENOMEM, "out of memory");
        c->iv = nv;
        c->cap = cap;
    }
    c->iv[c->n++] = (int)v;
    return 0;
}

static int int_element(const char *e, size_t len, void *vc)
{
    list_ctx *c = vc;
    char buf[64];
    if (len >= sizeof buf)
        return fg_set_error(FG_EINVAL, "%s=%s invalid: element too long", c->what, c->text);
    memcpy(buf, e, len);
    buf[len] = '\0';
    long long a, b, step = 1;
    /* N, N-M or N-M:STEP; a leading '-' is a negative N */
    char *dash = strchr(buf + (buf[0] == '-'), '-'), *colon = strchr(buf, ':');
    if (colon && !dash)
        return fg_set_error(FG_EINVAL, "%s=%s invalid: '%s': STEP only after a range N-M:STEP", c->what, c->text, buf);
    if (colon)
        *colon = '\0';
    if (dash)
        *dash = '\0';
    if (parse_ll(buf, &a) || (dash && parse_ll(dash + 1, &b)) || (colon && (parse_ll(colon + 1, &step) || step < 1)))
        return fg_set_error(FG_EINVAL, "%s=%s invalid: expected N, N,M,..., N-M or N-M:STEP (STEP >= 1)", c->what,
                            c->text);
    if (!dash)
        b = a;
    if (a > b)
        return fg_set_error(FG_EINVAL, "%s=%s invalid: range %lld-%lld is empty (N-M needs N <= M)", c->what, c->text,
                            a, b);
    if ((double)a < c->lo || (double)b > c->hi) {
        char r[80];
        fg_opt tmp = {.lo = c->lo, .hi = c->hi};
        range_text(&tmp, r, sizeof r);
        return fg_set_error(FG_EINVAL, "%s=%s out of range: values must be in %s", c->what, c->text, r);
    }
    for (long long v = a; v <= b; v += step) {
        const int rc = list_push_int(c, (long)v);
        if (rc)
            return rc;
    }
    return 0;
}

int fg_opt_parse_ints(const char *what, const char *text, double lo, double hi, int max, fg_opt_ints *out)
{
    list_ctx c = {what, text, lo, hi, max, 0, 0, NULL, NULL};
    const int rc = each_element(what, text, int_element, &c);
    if (rc) {
        free(c.iv);
        return rc;
    }
    free(out->v);
    out->v = c.iv;
    out->n = c.n;
    return 0;
}

static int sweep_element(const char *e, size_t len, void *vc)
{
    list_ctx *c = vc;
    char buf[96];
    if (len >= sizeof buf)
        return fg_set_error(FG_EINVAL, "%s=%s invalid: element too long", c->what, c->text);
    memcpy(buf, e, len);
    buf[len] = '\0';
    char *c1 = strchr(buf, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
    double a, step = 1.0, b;
    if (c1 && (!c2 || strchr(c2 + 1, ':')))
        return fg_set_error(FG_EINVAL, "%s=%s invalid: '%s' is not A:STEP:B", c->what, c->text, buf);
    if (c1) {
        *c1 = *c2 = '\0';
        if (parse_real(buf, &a) || parse_real(c1 + 1, &step) || parse_real(c2 + 1, &b))
            return fg_set_error(FG_EINVAL, "%s=%s invalid: expected numbers in A:STEP:B", c->what, c->text);
        if (step <= 0)
            return fg_set_error(FG_EINVAL, "%s=%s invalid: STEP=%g must be > 0", c->what, c->text, step);
        if (a > b)
            return fg_set_error(FG_EINVAL, "%s=%s is empty: A=%g > B=%g (need A <= B, STEP > 0)", c->what, c->text, a,
                                b);
    } else {
        if (parse_real(buf, &a))
            return fg_set_error(FG_EINVAL, "%s=%s invalid: '%s' is not a number", c->what, c->text, buf);
        b = a;
    }
    const double cnt = floor((b - a) / step + 1e-9) + 1.0;
    if (c->max > 0 && cnt + c->n > c->max)
        return fg_set_error(FG_EINVAL, "%s=%s has more than %d values", c->what, c->text, c->max);
    if (cnt > 1e6)
        return fg_set_error(FG_EINVAL, "%s=%s has more than 1000000 values", c->what, c->text);
    for (int i = 0; i < (int)cnt; i++) {
        double v = a + i * step;
        v = round(v * 1e9) / 1e9; /* 1.2 + 3 * 0.1 is 1.5 */
        if (v < c->lo || v > c->hi) {
            char r[80];
            fg_opt tmp = {.lo = c->lo, .hi = c->hi};
            range_text(&tmp, r, sizeof r);
            return fg_set_error(FG_EINVAL, "%s=%s: %g out of range %s", c->what, c->text, v, r);
        }
        if (c->n > 0 && !(v > c->dv[c->n - 1]))
            return fg_set_error(FG_EINVAL, "%s=%s: values must be strictly ascending (%g after %g)", c->what, c->text,
                                v, c->dv[c->n - 1]);
        if (c->n == c->cap) {
            const int cap = c->cap ? 2 * c->cap : 16;
            double *nv = realloc(c->dv, sizeof *nv * (size_t)cap);
            if (!nv)
                return fg_set_error(FG_ENOMEM, "out of memory");
            c->dv = nv;
            c->cap = cap;
        }
        c->dv[c->n++] = v;
    }
    return 0;
}

int fg_opt_parse_sweep(const char *what, const char *text, double lo, double hi, int max, fg_opt_reals *out)
{
    list_ctx c = {what, text, lo, hi, max, 0, 0, NULL, NULL};
    const int rc = each_element(what, text, sweep_element, &c);
    if (rc) {
        free(c.dv);
        return rc;
    }
    free(out->v);
    out->v = c.dv;
    out->n = c.n;
    return 0;
}

typedef struct {
    fg_opt_texts *t;
    int max;
    const char *what, *text;
} texts_ctx;

static int text_element(const char *e, size_t len, void *vc)
{
    texts_ctx *c = vc;
    if (c->max > 0 && c->t->n >= c->max)
        return fg_set_error(FG_EINVAL, "%s=%s: more than %d values", c->what, c->text, c->max);
    char **nv = realloc(c->t->v, sizeof *nv * (size_t)(c->t->n + 1));
    if (!nv)
        return fg_set_error(FG_ENOMEM, "out of memory");
    c->t->v = nv;
    if (!(nv[c->t->n] = malloc(len + 1)))
        return fg_set_error(FG_ENOMEM, "out of memory");
    memcpy(nv[c->t->n], e, len);
    nv[c->t->n][len] = '\0';
    c->t->n++;
    return 0;
}

static void free_value(const fg_opt *o, void *field)
{
    switch (o->type) {
    case FG_OPT_TEXT: {
        char **t = field;
        free(*t);
        *t = NULL;
        break;
    }
    case FG_OPT_INTS: {
        fg_opt_ints *l = field;
        free(l->v);
        l->v = NULL;
        l->n = 0;
        break;
    }
    case FG_OPT_SWEEP: {
        fg_opt_reals *l = field;
        free(l->v);
        l->v = NULL;
        l->n = 0;
        break;
    }
    case FG_OPT_TEXTS: {
        fg_opt_texts *l = field;
        for (int i = 0; i < l->n; i++)
            free(l->v[i]);
        free(l->v);
        l->v = NULL;
        l->n = 0;
        break;
    }
    default: break;
    }
}

/* Parse text into the field of o; spelled is the option as the user wrote it ("--pllr"). */
static int parse_value(const fg_opt *o, const char *spelled, const char *text, void *field, int append)
{
    char r[96], w[256];
    switch (o->type) {
    case FG_OPT_FLAG: { /* from a --config file: true/false/1/0 */
        if (!strcmp(text, "1") || !strcmp(text, "true"))
            *(int *)field = 1;
        else if (!strcmp(text, "0") || !strcmp(text, "false"))
            *(int *)field = 0;
        else
            return fg_set_error(FG_EINVAL, "%s=%s invalid: a flag is true or false", spelled, text);
        return 0;
    }
    case FG_OPT_INT:
    case FG_OPT_LLONG: {
        long long v;
        long named;
        if (o->words && !named_int(o->words, text, &named))
            v = named;
        else if (parse_ll(text, &v)) {
            range_text(o, r, sizeof r);
            return fg_set_error(FG_EINVAL, "%s=%s invalid: expected an integer in %s%s%s", spelled, text, r,
                                o->words ? " or " : "", o->words ? o->words : "");
        } else if (!in_range(o, (double)v)) {
            range_text(o, r, sizeof r);
            return fg_set_error(FG_EINVAL, "%s=%s out of range %s", spelled, text, r);
        }
        if (o->type == FG_OPT_INT)
            *(int *)field = (int)v;
        else
            *(long long *)field = v;
        return 0;
    }
    case FG_OPT_SEED: return fg_opt_parse_seed(spelled, text, (uint64_t *)field);
    case FG_OPT_REAL: {
        double v;
        range_text(o, r, sizeof r);
        if (parse_real(text, &v))
            return fg_set_error(FG_EINVAL, "%s=%s invalid: expected a number in %s", spelled, text, r);
        if (!in_range(o, v))
            return fg_set_error(FG_EINVAL, "%s=%s out of range %s", spelled, text, r);
        *(double *)field = v;
        return 0;
    }
    case FG_OPT_CHOICE: {
        const int i = word_index(o->words, text, strlen(text));
        if (i < 0) {
            words_text(o->words, w, sizeof w);
            return fg_set_error(FG_EINVAL, "%s=%s invalid: expected %s", spelled, text, w);
        }
        *(int *)field = i;
        return 0;
    }
    case FG_OPT_TEXT: {
        if (!*text)
            return fg_set_error(FG_EINVAL, "%s= invalid: empty", spelled);
        char *d = dup_text(text);
        if (!d)
            return fg_set_error(FG_ENOMEM, "out of memory");
        free(*(char **)field);
        *(char **)field = d;
        return 0;
    }
    case FG_OPT_INTS: {
        fg_opt_ints *l = field;
        if (o->words && !strcmp(text, o->words)) {
            free(l->v);
            l->v = NULL;
            l->n = FG_OPT_ALL;
            return 0;
        }
        return fg_opt_parse_ints(spelled, text, o->lo, o->hi, o->max, l);
    }
    case FG_OPT_SWEEP: return fg_opt_parse_sweep(spelled, text, o->lo, o->hi, o->max, field);
    case FG_OPT_TEXTS: {
        fg_opt_texts *l = field;
        if (!append)
            free_value(o, field);
        texts_ctx c = {l, o->max, spelled, text};
        return each_element(spelled, text, text_element, &c);
    }
    case FG_OPT_CUSTOM: {
        const int rc = o->parse(text, field);
        if (rc) {
            char msg[400];
            snprintf(msg, sizeof msg, "%s", fg_last_error());
            return fg_set_error(rc, "%s=%s invalid: %s", spelled, text, msg);
        }
        return 0;
    }
    }
    return fg_set_error(FG_EINVAL, "%s: unknown option type", spelled);
}

/* ---- the command line ---- */

static int edit_distance(const char *a, const char *b)
{
    const size_t n = strlen(a), m = strlen(b);
    if (n > 40 || m > 40)
        return 99;
    int d[41][41];
    for (size_t i = 0; i <= n; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= m; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= n; i++)
        for (size_t j = 1; j <= m; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[n][m];
}

static int unknown_option(const fg_opts *p, const char *arg)
{
    const char *name = arg;
    while (*name == '-')
        name++;
    char n[64];
    snprintf(n, sizeof n, "%.*s", (int)strcspn(name, "="), name);
    const char *best = NULL;
    int bd = 3;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++) {
            const int d = edit_distance(n, o->name);
            if (d < bd && !(o->flags & (FG_OPT_HIDDEN | FG_OPT_CONFIG))) {
                bd = d;
                best = o->name;
            }
        }
    if (best)
        return fg_set_error(FG_EINVAL, "unknown option %.*s (did you mean --%s?)", (int)strcspn(arg, "="), arg, best);
    return fg_set_error(FG_EINVAL, "unknown option %.*s", (int)strcspn(arg, "="), arg);
}

/* The option an alias stands for, and its implied value ("et=none": "none"; NULL: the alias's own). */
static slot resolve_alias(const fg_opts *p, slot s, const char **implied)
{
    *implied = NULL;
    if (!s.o->alias_of)
        return s;
    const char *eq = strchr(s.o->alias_of, '=');
    const size_t len = eq ? (size_t)(eq - s.o->alias_of) : strlen(s.o->alias_of);
    slot t = find_long(p, s.o->alias_of, len);
    if (eq)
        *implied = eq + 1;
    return t.o ? t : s;
}

static int apply(fg_opts *p, slot s, const char *spelled, const char *value, unsigned char source)
{
    const char *implied;
    slot t = resolve_alias(p, s, &implied);
    if (p->given[t.index] == 1 && source == 1 && !(t.o->flags & FG_OPT_REPEAT))
        return fg_set_error(FG_EINVAL, "%s given more than once", spelled);
    const char *text = implied ? implied : value;
    int rc = 0;
    if (t.o->type == FG_OPT_FLAG && !text)
        *(int *)t.field = 1;
    else if (text)
        rc = parse_value(t.o, spelled, text, t.field, (t.o->flags & FG_OPT_REPEAT) && p->given[t.index] == source);
    else
        rc = fg_set_error(FG_EINVAL, "%s needs a value", spelled);
    if (!rc) {
        p->given[t.index] = source;
        p->spelled[t.index] = s.o->name;
    }
    return rc;
}

enum { CONFIG_MAX = 1 << 20 }; /* bytes of a --config file */

/* The values of one object of a --config file. strict: a key that is no option is an error (else skipped). */
static int config_object(fg_opts *p, const char *path, const vj *obj, int strict)
{
    int rc = 0;
    for (int i = 0; i < obj->n && !rc; i++) {
        const char *key = obj->keys[i];
        char name[64], spelled[128], val[4096];
        snprintf(name, sizeof name, "%s", key);
        for (char *c = name; *c; c++)
            if (*c == '_')
                *c = '-';
        slot s = find_long(p, name, strlen(name));
        int ignored = 0;
        for (const char *const *ig = p->config_ignore; ig && *ig && !ignored; ig++)
            ignored = !strcmp(*ig, key);
        if (ignored || (!strict && (!s.o || s.o->flags & FG_OPT_HIDDEN)))
            continue;
        if (!s.o || s.o->flags & FG_OPT_HIDDEN || !strcmp(name, p->config_opt)) {
            rc = fg_set_error(FG_EINVAL, "--%s=%s: \"%s\" is not a parameter of this command", p->config_opt, path,
                              key);
            break;
        }
        const vj *v = &obj->items[i];
        size_t at = 0;
        val[0] = '\0';
        for (int k = 0; k < (v->t == VJ_ARR ? v->n : 1) && !rc; k++) {
            const vj *e = v->t == VJ_ARR ? &v->items[k] : v;
            if (e->t == VJ_OBJ && vj_get(e, "name") && vj_get(e, "name")->t == VJ_STR)
                e = vj_get(e, "name"); /* a list of objects (a manifest's codes): their names */
            if (at)
                at += (size_t)snprintf(val + at, sizeof val - at, ",");
            if (e->t == VJ_STR)
                at += (size_t)snprintf(val + at, sizeof val - at, "%s", e->s);
            else if (e->t == VJ_BOOL)
                at += (size_t)snprintf(val + at, sizeof val - at, "%s", e->i ? "true" : "false");
            else if (e->t == VJ_NUM) /* as written: exact for every 64-bit seed */
                at += (size_t)snprintf(val + at, sizeof val - at, "%s", e->s);
            else
                rc = fg_set_error(FG_EINVAL, "--%s=%s: \"%s\" has a value of a kind no option takes", p->config_opt,
                                  path, key);
            if (at >= sizeof val)
                rc = fg_set_error(FG_EINVAL, "--%s=%s: \"%s\" is too long", p->config_opt, path, key);
        }
        if (rc)
            break;
        snprintf(spelled, sizeof spelled, "--%s (\"%s\" of %s)", s.o->name, key, path);
        if (s.o->type == FG_OPT_FLAG) {
            int on = 0;
            rc = parse_value(s.o, spelled, val, &on, 0);
            if (!rc && on)
                rc = apply(p, s, spelled, NULL, 2);
        } else
            rc = apply(p, s, spelled, val, 2);
    }
    return rc;
}

/* A --config JSON file (opt: the option's name, for messages) parsed into doc, an object: a result (it names
 * its "command": its "parameters" alone, since its other keys are what the run measured, "frames" of a
 * benchmark among them) or a vector set's manifest (it lists "streams": its "parameters" alone, its "cycles"
 * are counts), a generator manifest (its "parameters", and the top-level keys that name an option, e.g. the
 * codes of an LDPC decoder), or an object of option values. *params: its "parameters"
 * (NULL: none), *top: its top-level keys are values too. 0, or FG_EINVAL with a message (doc freed). */
static int config_load(const char *opt, const char *path, vj *doc, const vj **params, int *top)
{
    char *text;
    if (fg_in_file(path, FG_IN_TEXT, CONFIG_MAX, &text, NULL))
        return fg_prefix_error(FG_EINVAL, "--%s=", opt); /* "--config=PATH: no such file" */
    char err[128];
    const int bad = vj_parse(text, doc, err, sizeof err);
    free(text);
    if (bad)
        return fg_set_error(FG_EINVAL, "--%s=%s: %s", opt, path, err);
    *params = doc->t == VJ_OBJ ? vj_get(doc, "parameters") : NULL;
    *top = !(*params && (vj_get(doc, "command") || vj_get(doc, "streams")));
    int rc = doc->t == VJ_OBJ ? 0 : fg_set_error(FG_EINVAL, "--%s=%s: expected a JSON object", opt, path);
    if (!rc && *params && (*params)->t != VJ_OBJ)
        rc = fg_set_error(FG_EINVAL, "--%s=%s: \"parameters\" is not an object", opt, path);
    if (rc)
        vj_free(doc);
    return rc;
}

static int read_config(fg_opts *p, const char *path)
{
    vj doc;
    const vj *params;
    int top;
    int rc = config_load(p->config_opt, path, &doc, &params, &top);
    if (rc)
        return rc;
    if (params)
        rc = config_object(p, path, params, 1);
    if (!rc && top)
        rc = config_object(p, path, &doc, params == NULL);
    vj_free(&doc);
    return rc;
}

int fg_opts_config_names(const char *path, const char *const *keys)
{
    vj doc;
    const vj *params;
    int top;
    if (config_load("config", path, &doc, &params, &top))
        return 0;
    int has = 0;
    for (const char *const *k = keys; *k && !has; k++)
        has = (params && vj_get(params, *k)) || (top && vj_get(&doc, *k));
    vj_free(&doc);
    return has;
}

int fg_opts_split(char *text, char **argv, int max)
{
    int n = 0;
    char *in = text, *out = text;
    for (;;) {
        while (*in == ' ' || *in == '\t' || *in == '\n')
            in++;
        if (!*in)
            return n;
        if (n == max)
            return fg_set_error(FG_EINVAL, "more than %d words of options", max);
        argv[n++] = out;
        while (*in && *in != ' ' && *in != '\t' && *in != '\n') {
            if (*in == '\'') {
                const char *end = strchr(in + 1, '\'');
                if (!end)
                    return fg_set_error(FG_EINVAL, "options: unterminated quote in %s", argv[n - 1]);
                memmove(out, in + 1, (size_t)(end - in - 1));
                out += end - in - 1;
                in = (char *)end + 1;
            } else {
                if (*in == '\\' && in[1])
                    in++;
                *out++ = *in++;
            }
        }
        const int more = *in != '\0';
        *out++ = '\0'; /* out <= in: the word ends where the blank was, or at the text's end */
        in += more;
    }
}

int fg_opts_parse_text(fg_opts *p, const char *text)
{
    enum { WORDS_MAX = 256 };
    char *argv[WORDS_MAX];
    free(p->words);
    if (!(p->words = malloc(strlen(text ? text : "") + 1)))
        return fg_set_error(FG_ENOMEM, "out of memory");
    strcpy(p->words, text ? text : "");
    const int argc = fg_opts_split(p->words, argv, WORDS_MAX);
    if (argc < 0)
        return argc;
    const int rc = fg_opts_parse(p, argc, argv);
    return rc == FG_OPTS_HELP ? fg_set_error(FG_EINVAL, "--help is no option of a configuration") : rc;
}

const fg_opt *fg_opts_find(const fg_opts *p, const char *word)
{
    if (!p || !word || word[0] != '-' || !word[1] || !strcmp(word, "--"))
        return NULL;
    const slot s = word[1] == '-' ? find_long(p, word + 2, strcspn(word + 2, "=")) : find_short(p, word[1]);
    return s.o && !(s.o->flags & FG_OPT_CONFIG) ? s.o : NULL;
}

int fg_opts_parse(fg_opts *p, int argc, char **argv)
{
    p->n_opts = count_opts(p);
    p->given = calloc((size_t)p->n_opts + 1, 1);
    p->spelled = calloc((size_t)p->n_opts + 1, sizeof *p->spelled);
    p->pos = calloc((size_t)argc + 1, sizeof *p->pos);
    p->n_pos = 0;
    if (!p->given || !p->spelled || !p->pos)
        return fg_set_error(FG_ENOMEM, "out of memory");
    /* --help anywhere wins, before any value is checked */
    for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
            return FG_OPTS_HELP;
    /* defaults, parsed like values */
    for (int i = 0; i < p->n_opts; i++) {
        slot s = slot_at(p, i);
        if (s.o->def && !s.o->alias_of) {
            char spelled[80];
            snprintf(spelled, sizeof spelled, "--%s (default)", s.o->name);
            const int rc = parse_value(s.o, spelled, s.o->def, s.field, 0);
            if (rc)
                return rc;
        }
    }
    /* the --config file, wherever it is on the command line */
    if (p->config_opt) {
        const size_t cl = strlen(p->config_opt);
        for (int i = 0; i < argc && strcmp(argv[i], "--"); i++) {
            const char *a = argv[i];
            if (strncmp(a, "--", 2) || strncmp(a + 2, p->config_opt, cl) || (a[2 + cl] != '\0' && a[2 + cl] != '='))
                continue;
            const char *path = a[2 + cl] == '=' ? a + 3 + cl : i + 1 < argc ? argv[i + 1] : NULL;
            if (!path)
                return fg_set_error(FG_EINVAL, "--%s needs a value (FILE)", p->config_opt);
            const int rc = read_config(p, path);
            if (rc)
                return rc;
            break;
        }
    }
    int only_pos = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (only_pos || a[0] != '-' || !a[1]) { /* "-" alone is a value (standard output) */
            if (p->n_pos >= p->pos_max) {
                if (p->pos_max == 0)
                    return fg_set_error(FG_EINVAL, "unexpected argument '%s'", a);
                return fg_set_error(FG_EINVAL, "unexpected argument '%s' (at most %d %s)", a, p->pos_max,
                                    p->pos_meta ? p->pos_meta : "arguments");
            }
            p->pos[p->n_pos++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            only_pos = 1;
            continue;
        }
        slot s;
        const char *value = NULL;
        char spelled[80];
        if (a[1] == '-') {
            const size_t len = strcspn(a + 2, "=");
            s = find_long(p, a + 2, len);
            if (!s.o || (s.o->flags & FG_OPT_CONFIG))
                return unknown_option(p, a);
            snprintf(spelled, sizeof spelled, "--%s", s.o->name);
            if (a[2 + len] == '=')
                value = a + 3 + len;
        } else {
            s = find_short(p, a[1]);
            if (!s.o)
                return unknown_option(p, a);
            snprintf(spelled, sizeof spelled, "-%c", a[1]);
            if (a[2])
                value = a + 2;
        }
        const char *implied;
        const slot t = resolve_alias(p, s, &implied);
        if (!takes_value(t.o) || implied) {
            if (value)
                return fg_set_error(FG_EINVAL, "%s takes no value (given '%s')", spelled, value);
        } else if (!value) {
            if (i + 1 >= argc)
                return fg_set_error(FG_EINVAL, "%s needs a value (%s)", spelled, t.o->meta ? t.o->meta : "VALUE");
            value = argv[++i];
        }
        if (p->config_opt && !strcmp(t.o->name, p->config_opt)) { /* read above; recorded as given */
            if (p->given[t.index]) /* only the first was read */
                return fg_set_error(FG_EINVAL, "%s given more than once", spelled);
            const int rc = parse_value(t.o, spelled, value, t.field, 0);
            if (rc)
                return rc;
            p->given[t.index] = 1;
            continue;
        }
        const int rc = apply(p, s, spelled, value, 1);
        if (rc)
            return rc;
    }
    for (int i = 0; i < p->n_opts; i++) {
        slot s = slot_at(p, i);
        if ((s.o->flags & FG_OPT_REQUIRED) && !p->given[i])
            return s.o->short_name ? fg_set_error(FG_EINVAL, "-%c %s (--%s) is required", s.o->short_name,
                                                  s.o->meta ? s.o->meta : "VALUE", s.o->name)
                                   : fg_set_error(FG_EINVAL, "--%s is required", s.o->name);
    }
    if (p->n_pos < p->pos_min)
        return fg_set_error(FG_EINVAL, "%s is required", p->pos_meta ? p->pos_meta : "an argument");
    return 0;
}

/* Every group's options, parsed or not (fg_opts_field_error of options written as JSON, not parsed). */
static slot find_field(const fg_opts *p, const void *field)
{
    int i = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++, i++)
            if ((const char *)p->groups[g].base + o->offset == (const char *)field && !o->alias_of)
                return (slot){o, (char *)p->groups[g].base + o->offset, i};
    return (slot){NULL, NULL, -1};
}

int fg_opts_given(const fg_opts *p, const void *field)
{
    const slot s = find_field(p, field);
    return s.o && p->given ? p->given[s.index] != 0 : 0;
}

const char *fg_opts_name(const fg_opts *p, const void *field)
{
    static _Thread_local char buf[80];
    const slot s = find_field(p, field);
    const char *spelled = s.o && p->spelled ? p->spelled[s.index] : NULL;
    snprintf(buf, sizeof buf, "--%s", spelled ? spelled : s.o ? s.o->name : "?");
    return buf;
}

int fg_opts_field_error(const fg_opts *p, int rc, const fg_opt_copy *copies, int n, const char *otherwise)
{
    const void *field = fg_last_error_field();
    for (int i = 0; i < n; i++) {
        const void *f = fg_field_in(field, copies[i].checked, copies[i].option, copies[i].size);
        if (f != field) {
            field = f;
            break;
        }
    }
    if (p && field && find_field(p, field).o) /* named: the field is forgotten (a caller's caller names none) */
        return fg_error_at(fg_prefix_error(rc, "%s: ", fg_opts_name(p, field)), NULL);
    return otherwise ? fg_prefix_error(rc, "%s", otherwise) : rc;
}

void fg_opt_key(const fg_opt *o, char *buf, size_t n)
{
    snprintf(buf, n, "%s", o->name);
    for (char *c = buf; *c; c++)
        if (*c == '-')
            *c = '_';
}

int fg_opt_in_json(const fg_opts *p, const fg_opt *o)
{
    return !o->alias_of && !(o->flags & (FG_OPT_HIDDEN | FG_OPT_CONFIG)) &&
           !(p->config_opt && !strcmp(o->name, p->config_opt));
}

void fg_opts_write_json(const fg_opts *p, struct fg_json *j)
{
    for (int g = 0; g < p->n_groups; g++) {
        const fg_opt_group *gr = &p->groups[g];
        for (const fg_opt *o = gr->opts; o && o->name; o++) {
            if (!fg_opt_in_json(p, o))
                continue;
            const void *field = (const char *)gr->base + o->offset;
            char key[64], v[256];
            fg_opt_key(o, key, sizeof key);
            switch (o->type) {
            case FG_OPT_FLAG: fg_json_bool(j, key, *(const int *)field != 0); break;
            /* a number outside its range is a default computed later ("0.75 for maxlog"): left out */
            case FG_OPT_LLONG:
                if (in_range(o, (double)*(const long long *)field))
                    fg_json_int(j, key, *(const long long *)field);
                break;
            case FG_OPT_SEED: fg_json_uint(j, key, *(const uint64_t *)field); break;
            case FG_OPT_REAL:
                if (in_range(o, *(const double *)field))
                    fg_json_num(j, key, *(const double *)field);
                break;
            case FG_OPT_INT:
                fg_opt_value_text(o, field, v, sizeof v);
                if (v[0] && (v[0] == '-' || (v[0] >= '0' && v[0] <= '9')))
                    fg_json_int(j, key, *(const int *)field);
                else if (v[0])
                    fg_json_str(j, key, v);
                break;
            case FG_OPT_TEXT:
                if (*(char *const *)field)
                    fg_json_str(j, key, *(char *const *)field);
                break;
            case FG_OPT_INTS: {
                const fg_opt_ints *l = field;
                if (l->n == FG_OPT_ALL) {
                    fg_json_str(j, key, o->words ? o->words : "all");
                    break;
                }
                if (!l->n) /* unset (a given list is never empty) */
                    break;
                fg_json_arr_open(j, key);
                for (int i = 0; i < l->n; i++)
                    fg_json_int(j, NULL, l->v[i]);
                fg_json_arr_close(j);
                break;
            }
            case FG_OPT_SWEEP: {
                const fg_opt_reals *l = field;
                if (!l->n)
                    break;
                fg_json_arr_open(j, key);
                for (int i = 0; i < l->n; i++)
                    fg_json_num(j, NULL, l->v[i]);
                fg_json_arr_close(j);
                break;
            }
            case FG_OPT_TEXTS: {
                const fg_opt_texts *l = field;
                if (!l->n)
                    break;
                fg_json_arr_open(j, key);
                for (int i = 0; i < l->n; i++)
                    fg_json_str(j, NULL, l->v[i]);
                fg_json_arr_close(j);
                break;
            }
            default: /* CHOICE, CUSTOM */
                fg_opt_value_text(o, field, v, sizeof v);
                if (v[0])
                    fg_json_str(j, key, v);
                break;
            }
        }
    }
}

/* ---- help ---- */

static int list_text(const fg_opt *o, const void *field, char *buf, size_t n);

void fg_opt_value_text(const fg_opt *o, const void *field, char *buf, size_t n)
{
    buf[0] = '\0';
    switch (o->type) {
    case FG_OPT_INTS:
    case FG_OPT_SWEEP:
    case FG_OPT_TEXTS: /* "1,2,3" as the parser reads it (cut short if it does not fit) */
        list_text(o, field, buf, n);
        break;
    case FG_OPT_CUSTOM:
        if (o->print)
            o->print(field, buf, n);
        break;
    case FG_OPT_INT: {
        const int v = *(const int *)field;
        for (const char *p = o->words; p && *p;) { /* a named value: its name */
            const char *bar = strchr(p, '|');
            const size_t len = bar ? (size_t)(bar - p) : strlen(p);
            const char *eq = memchr(p, '=', len);
            if (eq && strtol(eq + 1, NULL, 10) == v) {
                snprintf(buf, n, "%.*s", (int)(eq - p), p);
                return;
            }
            p += len + (bar != NULL);
        }
        if (in_range(o, v))
            snprintf(buf, n, "%d", v);
        break;
    }
    case FG_OPT_LLONG:
        if (in_range(o, (double)*(const long long *)field))
            snprintf(buf, n, "%lld", *(const long long *)field);
        break;
    case FG_OPT_REAL:
        if (in_range(o, *(const double *)field))
            snprintf(buf, n, "%g", *(const double *)field);
        break;
    case FG_OPT_SEED: snprintf(buf, n, "%llu", (unsigned long long)*(const uint64_t *)field); break;
    case FG_OPT_CHOICE: {
        int canon = 0;
        for (const char *p = o->words; p && *p;) {
            const char *bar = strchr(p, '|');
            const size_t len = bar ? (size_t)(bar - p) : strlen(p);
            if (!memchr(p, '=', len) && canon++ == *(const int *)field) {
                snprintf(buf, n, "%.*s", (int)len, p);
                return;
            }
            p += len + (bar != NULL);
        }
        break;
    }
    default: break;
    }
}

/* ---- the options of the current values ---- */

/* Append "sep text" to buf at *at; 0, or FG_EINVAL when it does not fit. */
static int put(char *buf, size_t n, size_t *at, const char *sep, const char *text)
{
    const int k = snprintf(buf + *at, n - *at, "%s%s", sep, text);
    if (k < 0 || (size_t)k >= n - *at)
        return fg_set_error(FG_EINVAL, "fg_opts_args: more than %zu characters", n - 1);
    *at += (size_t)k;
    return 0;
}

int fg_opts_quote(const char *text, char *buf, size_t n)
{
    size_t at = 0;
    if (!n)
        return fg_set_error(FG_EINVAL, "fg_opts_quote: no room");
    buf[0] = '\0';
    if (text[0] && text[strspn(text, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%^")] == '\0')
        return put(buf, n, &at, "", text);
    int rc = put(buf, n, &at, "", "'");
    for (const char *s = text; *s && !rc; s++) {
        const char c[2] = {*s, '\0'};
        rc = put(buf, n, &at, "", *s == '\'' ? "'\\''" : c);
    }
    return rc ? rc : put(buf, n, &at, "", "'");
}

/* The value of a list field as the parser reads it: "1,2,3". */
static int list_text(const fg_opt *o, const void *field, char *buf, size_t n)
{
    size_t at = 0;
    int rc = 0;
    buf[0] = '\0';
    if (o->type == FG_OPT_INTS) {
        const fg_opt_ints *l = field;
        if (l->n == FG_OPT_ALL)
            return put(buf, n, &at, "", o->words ? o->words : "all");
        for (int i = 0; i < l->n && !rc; i++) {
            char v[32];
            snprintf(v, sizeof v, "%d", l->v[i]);
            rc = put(buf, n, &at, i ? "," : "", v);
        }
    } else if (o->type == FG_OPT_SWEEP) {
        const fg_opt_reals *l = field;
        for (int i = 0; i < l->n && !rc; i++) {
            char v[40];
            snprintf(v, sizeof v, "%.17g", l->v[i]);
            rc = put(buf, n, &at, i ? "," : "", v);
        }
    } else {
        const fg_opt_texts *l = field;
        for (int i = 0; i < l->n && !rc; i++)
            rc = put(buf, n, &at, i ? "," : "", l->v[i]);
    }
    return rc;
}

int fg_opts_args(const fg_opts *p, char *buf, size_t n)
{
    size_t at = 0;
    int rc = n ? 0 : fg_set_error(FG_EINVAL, "fg_opts_args: no room");
    if (n)
        buf[0] = '\0';
    for (int g = 0; g < p->n_groups && !rc; g++) {
        const fg_opt_group *gr = &p->groups[g];
        for (const fg_opt *o = gr->opts; o && o->name && !rc; o++) {
            if (o->alias_of || (o->flags & (FG_OPT_HIDDEN | FG_OPT_CONFIG)) ||
                (p->config_opt && !strcmp(o->name, p->config_opt)))
                continue;
            const void *field = (const char *)gr->base + o->offset;
            char v[4096] = "", name[80];
            const char *text = v;
            snprintf(name, sizeof name, "--%s", o->name);
            switch (o->type) {
            case FG_OPT_FLAG:
                if (*(const int *)field)
                    rc = put(buf, n, &at, at ? " " : "", name);
                continue;
            case FG_OPT_TEXT:
                if (*(char *const *)field)
                    text = *(char *const *)field;
                break;
            case FG_OPT_REAL: /* outside the range: a default computed later, left out (as value_text does) */
                if (in_range(o, *(const double *)field))
                    snprintf(v, sizeof v, "%.17g", *(const double *)field);
                break;
            case FG_OPT_INTS:
            case FG_OPT_SWEEP:
            case FG_OPT_TEXTS: rc = list_text(o, field, v, sizeof v); break;
            default: fg_opt_value_text(o, field, v, sizeof v); break;
            }
            if (!rc && text[0]) {
                rc = put(buf, n, &at, at ? " " : "", name);
                /* a value that starts with '-' joined to its name: read as no option (-h, --config) */
                const size_t wn = 4 * strlen(text) + 3; /* every character a quote: '\'' */
                char *word = rc ? NULL : malloc(wn);
                if (!rc && !word)
                    rc = fg_set_error(FG_ENOMEM, "out of memory");
                if (!rc && !(rc = fg_opts_quote(text, word, wn)))
                    rc = put(buf, n, &at, text[0] == '-' ? "=" : " ", word);
                free(word);
            }
        }
    }
    return rc;
}

static void help_line(FILE *f, const fg_opt *o, const fg_opts *p, const void *field)
{
    char head[96], tail[256] = "";
    if (o->short_name)
        snprintf(head, sizeof head, "-%c, --%s%s%s", o->short_name, o->name, o->meta ? " " : "", o->meta ? o->meta : "");
    else
        snprintf(head, sizeof head, "--%s%s%s", o->name, o->meta ? " " : "", o->meta ? o->meta : "");
    char r[96], w[256];
    switch (o->type) {
    case FG_OPT_INT:
    case FG_OPT_LLONG:
    case FG_OPT_REAL:
        range_text(o, r, sizeof r);
        snprintf(tail, sizeof tail, "%s%s%s", r, o->words ? " or " : "", o->words ? o->words : "");
        /* show only the names of the named values ("all=0" -> "all") */
        for (char *eq; (eq = strchr(tail, '='));) {
            char *end = eq + strcspn(eq, "| ");
            memmove(eq, end, strlen(end) + 1);
        }
        break;
    case FG_OPT_INTS:
    case FG_OPT_SWEEP:
        range_text(o, r, sizeof r);
        snprintf(tail, sizeof tail, "values in %s%s%s", r, o->words ? " or " : "", o->words ? o->words : "");
        break;
    case FG_OPT_CHOICE:
        words_text(o->words, w, sizeof w);
        snprintf(tail, sizeof tail, "%s", w);
        break;
    case FG_OPT_SEED: snprintf(tail, sizeof tail, "any 64-bit unsigned value"); break;
    default: break;
    }
    char shown[64] = "";
    if (o->def)
        snprintf(shown, sizeof shown, "%s", o->def);
    else if (o->def_text)
        snprintf(shown, sizeof shown, "%s", o->def_text);
    else if (field)
        fg_opt_value_text(o, field, shown, sizeof shown);
    if (shown[0]) {
        const size_t at = strlen(tail);
        snprintf(tail + at, sizeof tail - at, "%sdefault %s", at ? ", " : "", shown);
    }
    if (o->flags & FG_OPT_REQUIRED) {
        const size_t at = strlen(tail);
        snprintf(tail + at, sizeof tail - at, "%srequired", at ? ", " : "");
    }
    /* the help text (its lines indented under the first), then "(range, default)" on the last line if
     * it fits in 104 columns, else on a line of its own */
    const int col = 22;
    fprintf(f, "  %-*s", col - 2, head);
    if ((int)strlen(head) > col - 3)
        fprintf(f, "\n%*s", col, "");
    const char *h = o->help ? o->help : "";
    int last = 0;
    for (const char *line = h; *line;) {
        const char *nl = strchr(line, '\n');
        const int len = nl ? (int)(nl - line) : (int)strlen(line);
        fprintf(f, "%.*s", len, line);
        last = len;
        line += len;
        if (*line == '\n' && *++line)
            fprintf(f, "\n%*s", col, "");
    }
    if (tail[0]) {
        if (col + last + (int)strlen(tail) + 3 <= 104)
            fprintf(f, "%s(%s)", h[0] ? " " : "", tail);
        else
            fprintf(f, "\n%*s(%s)", col, "", tail);
    }
    fputc('\n', f);
    (void)p;
}

void fg_opts_help(const fg_opts *p, FILE *f)
{
    for (int g = 0; g < p->n_groups; g++) {
        const fg_opt_group *gr = &p->groups[g];
        int shown = 0;
        for (const fg_opt *o = gr->opts; o && o->name; o++)
            shown += !(o->flags & (FG_OPT_HIDDEN | FG_OPT_CONFIG)) && !o->alias_of;
        if (!shown)
            continue;
        if (gr->title)
            fprintf(f, "%s%s:\n", g ? "\n" : "", gr->title);
        for (const fg_opt *o = gr->opts; o && o->name; o++)
            if (!(o->flags & (FG_OPT_HIDDEN | FG_OPT_CONFIG)) && !o->alias_of)
                help_line(f, o, p, (const char *)gr->base + o->offset);
    }
    /* old spellings, one line */
    int any = 0;
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++)
            if (o->alias_of && !(o->flags & FG_OPT_HIDDEN)) {
                fprintf(f, "%s--%s = --%s", any ? ", " : "\nold spellings, accepted for one release: ", o->name,
                        o->alias_of);
                any = 1;
            }
    if (any)
        fputc('\n', f);
}

void fg_opts_free(fg_opts *p)
{
    for (int g = 0; g < p->n_groups; g++)
        for (const fg_opt *o = p->groups[g].opts; o && o->name; o++)
            if (!o->alias_of)
                free_value(o, (char *)p->groups[g].base + o->offset);
    free(p->given);
    free(p->spelled);
    free(p->pos);
    free(p->words);
    p->given = NULL;
    p->spelled = NULL;
    p->pos = NULL;
    p->words = NULL;
}
