/* Recursive-descent JSON parser (RFC 8259 subset: \uXXXX escapes are kept only for ASCII). */
#include "core/json_read.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p;
    int line;
    char *err;
    size_t err_n;
    int depth;
} vj_in;

static int fail(vj_in *in, const char *what)
{
    if (!in->err[0])
        snprintf(in->err, in->err_n, "line %d: %s", in->line, what);
    return -1;
}

static void ws(vj_in *in)
{
    for (; *in->p == ' ' || *in->p == '\t' || *in->p == '\n' || *in->p == '\r'; in->p++)
        if (*in->p == '\n')
            in->line++;
}

static int value(vj_in *in, vj *v);

static int string(vj_in *in, char **out)
{
    in->p++; /* opening quote */
    size_t cap = 16, n = 0;
    char *s = malloc(cap);
    if (!s)
        return fail(in, "out of memory");
    for (;;) {
        char c = *in->p++;
        if (c == '"')
            break;
        if (c == '\0' || c == '\n') {
            free(s);
            return fail(in, "unterminated string");
        }
        if (c == '\\') {
            char e = *in->p++;
            switch (e) {
            case '"': case '\\': case '/': c = e; break;
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'u': {
                unsigned u = 0;
                for (int k = 0; k < 4; k++) {
                    const char h = *in->p;
                    const int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                    if (d < 0) { /* also stops at the terminating NUL */
                        free(s);
                        return fail(in, "bad \\u escape");
                    }
                    in->p++;
                    u = u * 16 + (unsigned)d;
                }
                c = u < 0x80 ? (char)u : '?';
                break;
            }
            default: free(s); return fail(in, "bad escape in string");
            }
        }
        if (n + 2 > cap) {
            char *t = realloc(s, cap *= 2);
            if (!t) {
                free(s);
                return fail(in, "out of memory");
            }
            s = t;
        }
        s[n++] = c;
    }
    s[n] = '\0';
    *out = s;
    return 0;
}

static int push(vj_in *in, vj *v, char *key)
{
    if ((v->n & (v->n - 1)) == 0) { /* grow at powers of two */
        const size_t cap = v->n ? 2 * (size_t)v->n : 1;
        vj *items = realloc(v->items, cap * sizeof *items);
        if (items)
            v->items = items;
        if (v->t == VJ_OBJ) {
            char **keys = realloc(v->keys, cap * sizeof *keys);
            if (keys)
                v->keys = keys;
            if (!keys)
                items = NULL;
        }
        if (!items) {
            free(key);
            return fail(in, "out of memory");
        }
    }
    if (v->t == VJ_OBJ)
        v->keys[v->n] = key;
    memset(&v->items[v->n], 0, sizeof(vj));
    v->n++;
    return 0;
}

static int container(vj_in *in, vj *v, char close)
{
    v->t = close == '}' ? VJ_OBJ : VJ_ARR;
    if (++in->depth > 64)
        return fail(in, "nesting too deep");
    in->p++;
    ws(in);
    if (*in->p == close) {
        in->p++;
        in->depth--;
        return 0;
    }
    for (;;) {
        char *key = NULL;
        ws(in);
        if (v->t == VJ_OBJ) {
            if (*in->p != '"')
                return fail(in, "expected a key string");
            if (string(in, &key))
                return -1;
            ws(in);
            if (*in->p != ':') {
                free(key);
                return fail(in, "expected ':'");
            }
            in->p++;
        }
        if (push(in, v, key) || value(in, &v->items[v->n - 1]))
            return -1;
        ws(in);
        if (*in->p == ',') {
            in->p++;
            continue;
        }
        if (*in->p == close) {
            in->p++;
            in->depth--;
            return 0;
        }
        return fail(in, v->t == VJ_OBJ ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int value(vj_in *in, vj *v)
{
    ws(in);
    const char c = *in->p;
    if (c == '{')
        return container(in, v, '}');
    if (c == '[')
        return container(in, v, ']');
    if (c == '"') {
        v->t = VJ_STR;
        return string(in, &v->s);
    }
    static const struct { const char *word; vj_type t; int i; } lit[] = {
        {"true", VJ_BOOL, 1}, {"false", VJ_BOOL, 0}, {"null", VJ_NULL, 0}};
    for (int k = 0; k < 3; k++)
        if (!strncmp(in->p, lit[k].word, strlen(lit[k].word))) {
            v->t = lit[k].t;
            v->i = lit[k].i;
            in->p += strlen(lit[k].word);
            return 0;
        }
    if (c == '-' || (c >= '0' && c <= '9')) {
        /* JSON's grammar -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? decides where the number ends
         * (strtod alone also reads hex numbers, inf, nan and "1."); strtod converts exactly that text,
         * to a finite value. */
        const char *q = in->p + (c == '-');
        if (*q == '0')
            q++;
        else if (*q >= '1' && *q <= '9')
            while (*q >= '0' && *q <= '9')
                q++;
        else
            return fail(in, "bad number");
        if (*q == '.') {
            q++;
            if (!(*q >= '0' && *q <= '9'))
                return fail(in, "bad number");
            while (*q >= '0' && *q <= '9')
                q++;
        }
        if (*q == 'e' || *q == 'E') {
            q += q[1] == '+' || q[1] == '-' ? 2 : 1;
            if (!(*q >= '0' && *q <= '9'))
                return fail(in, "bad number");
            while (*q >= '0' && *q <= '9')
                q++;
        }
        char *end;
        v->t = VJ_NUM;
        v->d = strtod(in->p, &end);
        if (end != q || !isfinite(v->d))
            return fail(in, end != q ? "bad number" : "number out of range");
        errno = 0;
        char *iend;
        v->i = strtoll(in->p, &iend, 10);
        v->is_int = iend == end && errno == 0;
        /* the text too: exact where a double is not (a 64-bit seed above 2^63) */
        if (!(v->s = malloc((size_t)(end - in->p) + 1)))
            return fail(in, "out of memory");
        memcpy(v->s, in->p, (size_t)(end - in->p));
        v->s[end - in->p] = '\0';
        in->p = end;
        return 0;
    }
    return fail(in, "expected a value");
}

int vj_parse(const char *text, vj *out, char *err, size_t err_n)
{
    vj_in in = {text, 1, err, err_n, 0};
    err[0] = '\0';
    memset(out, 0, sizeof *out);
    int rc = value(&in, out);
    if (!rc) {
        ws(&in);
        if (*in.p)
            rc = fail(&in, "text after the JSON value");
    }
    if (rc)
        vj_free(out); /* the part read so far: nothing for the caller to free */
    return rc;
}

void vj_free(vj *v)
{
    if (!v)
        return;
    for (int k = 0; k < v->n; k++) {
        vj_free(&v->items[k]);
        if (v->keys)
            free(v->keys[k]);
    }
    free(v->items);
    free(v->keys);
    free(v->s);
    memset(v, 0, sizeof *v);
}

const vj *vj_get(const vj *v, const char *key)
{
    if (!v || v->t != VJ_OBJ)
        return NULL;
    for (int k = 0; k < v->n; k++)
        if (!strcmp(v->keys[k], key))
            return &v->items[k];
    return NULL;
}
