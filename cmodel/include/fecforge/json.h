/* A small streaming JSON writer (the JSON of every command, the decoder families' descriptions):
 * commas and indentation handled, strings escaped, numbers as %.10g. */
#ifndef FECFORGE_JSON_H
#define FECFORGE_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The layouts: one member per line, indented (the default); one line (JSON Lines); the manifests' (a member of the
 * top level per line, an object in an array of the top level per line, everything else on its line). */
enum { FG_JSON_LINE = 0, FG_JSON_PRETTY = 1, FG_JSON_MANIFEST = 2 };
typedef struct fg_json {
    FILE *f;
    int depth;
    int first[32];
    int broken[32]; /* the container at a depth has members on lines of their own */
    int pretty;     /* the layout: FG_JSON_PRETTY, FG_JSON_LINE or FG_JSON_MANIFEST */
} fg_json;
void fg_json_begin(fg_json *j, FILE *f);
void fg_json_obj_open(fg_json *j, const char *key); /* key NULL inside arrays / at top level */
void fg_json_obj_close(fg_json *j);
void fg_json_arr_open(fg_json *j, const char *key);
void fg_json_arr_close(fg_json *j);
void fg_json_int(fg_json *j, const char *key, long long v);
void fg_json_uint(fg_json *j, const char *key, uint64_t v);
void fg_json_num(fg_json *j, const char *key, double v);
void fg_json_str(fg_json *j, const char *key, const char *v);
void fg_json_bool(fg_json *j, const char *key, int v);
/* The one escaping rule of every JSON string fecforge writes (fg_json_str and the hand-laid-out
 * manifests alike): v between double quotes, '"' and '\\' escaped with a backslash, control characters
 * (below 0x20, and 0x7f) as \u00XX, every other byte as it is (UTF-8 text stays UTF-8; a name that is not
 * UTF-8 keeps its bytes, so that --config reads back the same value). fg_json_quote writes it into buf
 * (snprintf-like: always terminated, never a part of an escape) and returns the length it needs;
 * fg_json_put_str writes it to f. */
size_t fg_json_quote(char *buf, size_t n, const char *v);
void fg_json_put_str(FILE *f, const char *v);
/* A newline after the document, and a flush. */
void fg_json_end(fg_json *j);
/* The "tool" object every JSON output carries: name, version, git hash (and the seed, when seed is
 * not NULL: any 64-bit value). */
void fg_json_provenance(fg_json *j, const uint64_t *seed);

#ifdef __cplusplus
}
#endif
#endif
