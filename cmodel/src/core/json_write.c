/* The JSON writer (fecforge/json.h). */
#include "fecforge/json.h"

#include "fecforge/error.h"

#include <string.h>

static void json_newline(fg_json *j)
{
    fputc('\n', j->f);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->f);
}

/* A member's separator and key. In the manifest layout a member of the top level, or an object that is an
 * element of an array of the top level, starts a line; everything else stays on its line. */
static void json_key(fg_json *j, const char *key, int object)
{
    if (j->depth > 0) {
        const int first = j->first[j->depth];
        const int line = j->pretty == FG_JSON_PRETTY ||
                         (j->pretty == FG_JSON_MANIFEST && (j->depth == 1 || (j->depth == 2 && object && !key)));
        if (!first)
            fputs(j->pretty == FG_JSON_MANIFEST && !line ? ", " : ",", j->f);
        j->first[j->depth] = 0;
        j->broken[j->depth] |= line;
        if (line)
            json_newline(j);
    }
    if (key)
        fprintf(j->f, j->pretty != FG_JSON_LINE ? "\"%s\": " : "\"%s\":", key);
}

void fg_json_begin(fg_json *j, FILE *f)
{
    memset(j, 0, sizeof *j);
    j->f = f;
    j->pretty = FG_JSON_PRETTY;
}

static void json_open(fg_json *j, const char *key, char c)
{
    json_key(j, key, c == '{');
    fputc(c, j->f);
    j->depth++;
    j->first[j->depth] = 1;
    j->broken[j->depth] = 0;
}

static void json_close(fg_json *j, char c)
{
    const int empty = j->first[j->depth], broken = j->broken[j->depth];
    j->depth--;
    if (j->pretty == FG_JSON_PRETTY ? !empty : j->pretty == FG_JSON_MANIFEST && broken)
        json_newline(j);
    fputc(c, j->f);
}

void fg_json_obj_open(fg_json *j, const char *key) { json_open(j, key, '{'); }
void fg_json_obj_close(fg_json *j) { json_close(j, '}'); }
void fg_json_arr_open(fg_json *j, const char *key) { json_open(j, key, '['); }
void fg_json_arr_close(fg_json *j) { json_close(j, ']'); }

void fg_json_int(fg_json *j, const char *key, long long v)
{
    json_key(j, key, 0);
    fprintf(j->f, "%lld", v);
}

void fg_json_uint(fg_json *j, const char *key, uint64_t v)
{
    json_key(j, key, 0);
    fprintf(j->f, "%llu", (unsigned long long)v);
}

void fg_json_num(fg_json *j, const char *key, double v)
{
    json_key(j, key, 0);
    fprintf(j->f, "%.10g", v);
}

/* The JSON text of the byte at p (fg_json_quote's rule) into unit (at most 6 bytes, not terminated): its
 * length. */
static size_t json_unit(const unsigned char *p, char unit[8])
{
    if (*p == '"' || *p == '\\')
        return (size_t)snprintf(unit, 8, "\\%c", *p);
    if (*p < 0x20 || *p == 0x7f)
        return (size_t)snprintf(unit, 8, "\\u%04x", *p);
    unit[0] = (char)*p;
    return 1;
}

size_t fg_json_quote(char *buf, size_t n, const char *v)
{
    size_t at = 1, written = 0;
    int full = n < 2;
    if (!full)
        buf[written++] = '"';
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        char unit[8];
        const size_t len = json_unit(p, unit);
        full |= written + len + 1 >= n; /* room for the closing quote and the terminator */
        if (!full) {
            memcpy(buf + written, unit, len);
            written += len;
        }
        at += len;
    }
    if (!full)
        buf[written++] = '"';
    if (n)
        buf[written] = 0;
    return at + 1;
}

void fg_json_put_str(FILE *f, const char *v)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
        char unit[8];
        fwrite(unit, 1, json_unit(p, unit), f);
    }
    fputc('"', f);
}

void fg_json_str(fg_json *j, const char *key, const char *v)
{
    json_key(j, key, 0);
    fg_json_put_str(j->f, v);
}

void fg_json_bool(fg_json *j, const char *key, int v)
{
    json_key(j, key, 0);
    fputs(v ? "true" : "false", j->f);
}

void fg_json_end(fg_json *j)
{
    fputc('\n', j->f);
    fflush(j->f);
}

void fg_json_provenance(fg_json *j, const uint64_t *seed)
{
    fg_json_obj_open(j, "tool");
    fg_json_str(j, "name", "fecforge");
    fg_json_str(j, "version", fg_version());
    fg_json_str(j, "git", fg_git_hash());
    if (seed)
        fg_json_uint(j, "seed", *seed);
    fg_json_obj_close(j);
}

