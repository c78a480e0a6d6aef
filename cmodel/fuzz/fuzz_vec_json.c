/* libFuzzer target: the JSON reader of vector and generator manifests (vj_parse, core/json_read.h).
 * The input, up to its first NUL byte, is the text. Invariants:
 *  - a failure returns -1 with a message "line L: ..." where L is a line of the text;
 *  - a success gives a well-formed tree: known types, strings and keys non-NULL, members allocated,
 *    nesting at most 64, finite numbers with their text, an integral number's double equal to its
 *    integer, vj_get finding the first member of a key; printed back as JSON it parses to an equal tree;
 *  - no crash, leak or undefined behaviour (sanitizers). */
#include "core/json_read.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_CHECK(cond)                                                                                   \
    do {                                                                                                   \
        if (!(cond)) {                                                                                     \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__);            \
            abort();                                                                                       \
        }                                                                                                  \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_tree(const vj *v, int depth)
{
    FUZZ_CHECK(depth <= 64);
    switch (v->t) {
    case VJ_NULL:
        break;
    case VJ_BOOL:
        FUZZ_CHECK(v->i == 0 || v->i == 1);
        break;
    case VJ_NUM:
        FUZZ_CHECK(isfinite(v->d) && v->s && strtod(v->s, NULL) == v->d);
        if (v->is_int)
            FUZZ_CHECK(v->d == (double)v->i);
        break;
    case VJ_STR:
        FUZZ_CHECK(v->s != NULL);
        break;
    case VJ_ARR:
    case VJ_OBJ:
        FUZZ_CHECK(depth < 64 && v->n >= 0 && (v->n == 0 || v->items != NULL));
        FUZZ_CHECK(v->t == VJ_ARR || v->n == 0 || v->keys != NULL);
        for (int k = 0; k < v->n; k++) {
            check_tree(&v->items[k], depth + 1);
            if (v->t == VJ_OBJ) {
                FUZZ_CHECK(v->keys[k] != NULL);
                int first = 0;
                while (strcmp(v->keys[first], v->keys[k]))
                    first++;
                FUZZ_CHECK(vj_get(v, v->keys[k]) == &v->items[first]);
            }
        }
        if (v->t == VJ_ARR)
            FUZZ_CHECK(vj_get(v, "") == NULL);
        break;
    default:
        FUZZ_CHECK(!"unknown type");
    }
}

/* ---- printing a tree back as JSON ---- */

typedef struct {
    char *s;
    size_t n, cap;
} buf;

static void put(buf *b, const char *s, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        while (b->n + n + 1 > b->cap)
            b->cap = b->cap ? 2 * b->cap : 256;
        b->s = realloc(b->s, b->cap);
        FUZZ_CHECK(b->s != NULL);
    }
    memcpy(b->s + b->n, s, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void put_str(buf *b, const char *s)
{
    put(b, "\"", 1);
    for (; *s; s++) {
        char e[8];
        if (*s == '"' || *s == '\\') {
            e[0] = '\\';
            e[1] = *s;
            put(b, e, 2);
        } else if ((unsigned char)*s < 0x20) {
            snprintf(e, sizeof e, "\\u%04x", (unsigned)*s);
            put(b, e, 6);
        } else
            put(b, s, 1);
    }
    put(b, "\"", 1);
}

static void print(buf *b, const vj *v)
{
    char num[40];
    switch (v->t) {
    case VJ_NULL: put(b, "null", 4); break;
    case VJ_BOOL: v->i ? put(b, "true", 4) : put(b, "false", 5); break;
    case VJ_NUM:
        if (v->is_int)
            snprintf(num, sizeof num, "%lld", v->i);
        else
            snprintf(num, sizeof num, "%.17g", v->d);
        put(b, num, strlen(num));
        break;
    case VJ_STR: put_str(b, v->s); break;
    case VJ_ARR:
    case VJ_OBJ:
        put(b, v->t == VJ_ARR ? "[" : "{", 1);
        for (int k = 0; k < v->n; k++) {
            if (k)
                put(b, ",", 1);
            if (v->t == VJ_OBJ) {
                put_str(b, v->keys[k]);
                put(b, ":", 1);
            }
            print(b, &v->items[k]);
        }
        put(b, v->t == VJ_ARR ? "]" : "}", 1);
        break;
    }
}

static void check_equal(const vj *a, const vj *b)
{
    FUZZ_CHECK(a->t == b->t);
    switch (a->t) {
    case VJ_NULL: break;
    case VJ_BOOL: FUZZ_CHECK(a->i == b->i); break;
    case VJ_NUM:
        FUZZ_CHECK(a->d == b->d);
        if (a->is_int)
            FUZZ_CHECK(b->is_int && a->i == b->i);
        break;
    case VJ_STR: FUZZ_CHECK(!strcmp(a->s, b->s)); break;
    case VJ_ARR:
    case VJ_OBJ:
        FUZZ_CHECK(a->n == b->n);
        for (int k = 0; k < a->n; k++) {
            if (a->t == VJ_OBJ)
                FUZZ_CHECK(!strcmp(a->keys[k], b->keys[k]));
            check_equal(&a->items[k], &b->items[k]);
        }
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    FUZZ_CHECK(text != NULL);
    memcpy(text, data, size);
    text[size] = '\0';
    vj root;
    char err[160];
    memset(err, 'z', sizeof err);
    if (vj_parse(text, &root, err, sizeof err)) {
        /* "line L: what", L in [1, lines of the text] */
        FUZZ_CHECK(memchr(err, '\0', sizeof err) != NULL && err[0]);
        int line = 0, used = 0;
        FUZZ_CHECK(sscanf(err, "line %d: %n", &line, &used) == 1 && used > 0 && err[used]);
        int lines = 1;
        for (const char *p = text; *p; p++)
            lines += *p == '\n';
        FUZZ_CHECK(line >= 1 && line <= lines);
        /* nothing left to free (the part read so far was freed) */
        FUZZ_CHECK(root.t == VJ_NULL && root.n == 0 && root.items == NULL && root.keys == NULL && root.s == NULL);
        free(text);
        return 0;
    }
    check_tree(&root, 0);
    if (root.t != VJ_OBJ)
        FUZZ_CHECK(vj_get(&root, "") == NULL && vj_get(&root, "format") == NULL);

    buf b = {0};
    print(&b, &root);
    vj again;
    char err2[160];
    if (vj_parse(b.s, &again, err2, sizeof err2)) {
        fprintf(stderr, "printed tree does not parse (%s): %s\n", err2, b.s);
        FUZZ_CHECK(!"printed tree parses");
    }
    check_equal(&root, &again);
    vj_free(&again);
    vj_free(&root);
    FUZZ_CHECK(root.n == 0 && root.items == NULL && root.keys == NULL && root.s == NULL);
    free(b.s);
    free(text);
    return 0;
}
