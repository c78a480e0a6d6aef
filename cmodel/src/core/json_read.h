/* A small JSON reader (the --config files of the option driver, vector-set and generator manifests, result
 * files): parses a whole document into a tree. */
#ifndef FG_JSON_READ_H
#define FG_JSON_READ_H

#include <stddef.h>

typedef enum { VJ_NULL, VJ_BOOL, VJ_NUM, VJ_STR, VJ_ARR, VJ_OBJ } vj_type;

typedef struct vj {
    vj_type t;
    int is_int;      /* VJ_NUM: the text was an integer that fits a long long */
    long long i;     /* VJ_BOOL, integral VJ_NUM */
    double d;        /* VJ_NUM */
    char *s;         /* VJ_STR; VJ_NUM: the number as written */
    int n;           /* VJ_ARR, VJ_OBJ: number of members */
    char **keys;     /* VJ_OBJ */
    struct vj *items;
} vj;

/* 0 on success (free *out with vj_free); otherwise -1, err holds "line L: what" and *out is empty. */
int vj_parse(const char *text, vj *out, char *err, size_t err_n);
void vj_free(vj *v);
/* Member of an object (NULL if v is not an object or has no such key). */
const vj *vj_get(const vj *v, const char *key);

#endif
