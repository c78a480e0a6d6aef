/* Base-matrix text files and MacKay alist files: parsers on memory buffers (also the fuzz targets'
 * entry points), file readers and writers (docs/ldpc-codes.md, "File formats"). */
#include "ldpc_internal.h"

#include "fecforge/error.h"
#include "fecforge/input.h"
#include "fecforge/output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void fg_ldpc_base_free(fg_ldpc_base *b)
{
    if (!b)
        return;
    free(b->shift);
    b->shift = NULL;
}

/* ---- lexer: whitespace-separated tokens with line numbers ---- */

typedef struct {
    const char *p, *end;
    int line;
} lexer;

typedef struct {
    const char *s;
    size_t len;
    int line;
} token;

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

/* A token for messages: at most 24 characters, non-printable ones as '?'. */
static const char *show(const token *t)
{
    static _Thread_local char buf[32];
    size_t n = t->len < 24 ? t->len : 24;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)t->s[i];
        buf[i] = ch >= 0x20 && ch < 0x7F ? (char)ch : '?';
    }
    if (t->len > 24) {
        memcpy(buf + n, "...", 4);
    } else {
        buf[n] = '\0';
    }
    return buf;
}

/* Next token of the current line (0 at the end of the line or at a '#' comment when comments are
 * on); does not move past the newline. */
static int next_on_line(lexer *lx, int comments, token *t)
{
    while (lx->p < lx->end && is_space(*lx->p))
        lx->p++;
    if (lx->p == lx->end || *lx->p == '\n' || (comments && *lx->p == '#'))
        return 0;
    t->s = lx->p;
    t->line = lx->line;
    while (lx->p < lx->end && !is_space(*lx->p) && *lx->p != '\n' && !(comments && *lx->p == '#'))
        lx->p++;
    t->len = (size_t)(lx->p - t->s);
    return 1;
}

/* Skip the rest of the line (comment included) and the newline. 0 at the end of the buffer. */
static int next_line(lexer *lx)
{
    while (lx->p < lx->end && *lx->p != '\n')
        lx->p++;
    if (lx->p == lx->end)
        return 0;
    lx->p++;
    lx->line++;
    return 1;
}

/* Next token anywhere (alist: no comments, lines do not matter). 0 at the end of the buffer. */
static int next_token(lexer *lx, token *t)
{
    for (;;) {
        if (next_on_line(lx, 0, t))
            return 1;
        if (!next_line(lx))
            return 0;
    }
}

/* Decimal integer, optional '-', at most 9 digits. */
static int tok_int(const token *t, long *v)
{
    size_t i = 0;
    int neg = 0;
    if (t->len && t->s[0] == '-') {
        neg = 1;
        i = 1;
    }
    if (i == t->len || t->len - i > 9)
        return -1;
    long x = 0;
    for (; i < t->len; i++) {
        if (t->s[i] < '0' || t->s[i] > '9')
            return -1;
        x = 10 * x + (t->s[i] - '0');
    }
    *v = neg ? -x : x;
    return 0;
}

static int tok_equals(const token *t, const char *s) { return t->len == strlen(s) && !memcmp(t->s, s, t->len); }

/* ---- base-matrix text ---- */

enum { KEY_Z, KEY_ROWS, KEY_COLS, KEY_N, KEY_K, KEY_COUNT };

int fg_ldpc_parse_base_text(const char *text, size_t len, fg_ldpc_base *b)
{
    static const char *const keys[KEY_COUNT] = {"Z", "rows", "cols", "N", "K"};
    static const long key_lo[KEY_COUNT] = {1, 1, 2, 1, 1};
    static const long key_hi[KEY_COUNT] = {FG_LDPC_Z_MAX, FG_LDPC_BASE_DIM_MAX, FG_LDPC_BASE_DIM_MAX,
                                           (long)FG_LDPC_Z_MAX * FG_LDPC_BASE_DIM_MAX,
                                           (long)FG_LDPC_Z_MAX * FG_LDPC_BASE_DIM_MAX};
    if (!b)
        return fg_set_error(FG_EINVAL, "base is NULL");
    b->shift = NULL;
    b->z = b->mb = b->nb = 0;
    if (!text && len)
        return fg_set_error(FG_EINVAL, "text is NULL");
    long val[KEY_COUNT] = {0};
    int at[KEY_COUNT] = {0}; /* line of each header value, 0 if absent */
    int rows = 0, last_line = 1, rc = 0;
    int *shift = NULL;
    lexer lx = {text, text + len, 1};
    do {
        token t;
        last_line = lx.line;
        if (!next_on_line(&lx, 1, &t))
            continue;
        int line = t.line;
        if ((t.s[0] >= 'A' && t.s[0] <= 'Z') || (t.s[0] >= 'a' && t.s[0] <= 'z')) {
            int key = -1;
            for (int i = 0; i < KEY_COUNT; i++)
                if (tok_equals(&t, keys[i]))
                    key = i;
            if (tok_equals(&t, "Z0")) /* the 802.16e files: shifts given for Z0, read as the code at Z0 */
                key = KEY_Z;
            if (key < 0) {
                rc = fg_set_error(FG_EINVAL, "line %d: unknown keyword '%s' (header lines are Z, rows, cols, N, K)",
                                  line, show(&t));
                goto fail;
            }
            if (rows) {
                rc = fg_set_error(FG_EINVAL, "line %d: header line '%s' after the matrix rows", line, show(&t));
                goto fail;
            }
            if (at[key]) {
                rc = fg_set_error(FG_EINVAL, "line %d: %s given twice (first on line %d)", line, keys[key], at[key]);
                goto fail;
            }
            token v, extra;
            long x;
            if (!next_on_line(&lx, 1, &v)) {
                rc = fg_set_error(FG_EINVAL, "line %d: %s needs a value", line, keys[key]);
                goto fail;
            }
            if (tok_int(&v, &x) < 0 || x < key_lo[key] || x > key_hi[key]) {
                rc = fg_set_error(FG_EINVAL, "line %d: %s=%s invalid: an integer in [%ld, %ld]", line, keys[key],
                                  show(&v), key_lo[key], key_hi[key]);
                goto fail;
            }
            if (next_on_line(&lx, 1, &extra)) {
                rc = fg_set_error(FG_EINVAL, "line %d: unexpected '%s' after %s %ld", line, show(&extra), keys[key], x);
                goto fail;
            }
            val[key] = x;
            at[key] = line;
            continue;
        }
        /* a matrix row */
        for (int i = 0; i < 3; i++)
            if (!at[i]) {
                rc = fg_set_error(FG_EINVAL, "line %d: matrix row before the header line '%s <value>' (need Z, rows, cols)",
                                  line, keys[i]);
                goto fail;
            }
        const int z = (int)val[KEY_Z], mb = (int)val[KEY_ROWS], nb = (int)val[KEY_COLS];
        if (!shift) {
            if (mb >= nb) {
                rc = fg_set_error(FG_EINVAL, "line %d: rows=%d (line %d) must be less than cols=%d (line %d)", line,
                                  mb, at[KEY_ROWS], nb, at[KEY_COLS]);
                goto fail;
            }
            shift = malloc(sizeof *shift * (size_t)mb * nb);
            if (!shift) {
                rc = fg_set_error(FG_ENOMEM, "out of memory for a %d x %d base matrix", mb, nb);
                goto fail;
            }
        }
        if (rows == mb) {
            rc = fg_set_error(FG_EINVAL, "line %d: more than rows=%d matrix rows", line, mb);
            goto fail;
        }
        int c = 0, nz = 0;
        do {
            long x;
            if (c == nb) {
                rc = fg_set_error(FG_EINVAL, "line %d: matrix row %d has more than cols=%d entries", line, rows, nb);
                goto fail;
            }
            if (tok_int(&t, &x) < 0) {
                rc = fg_set_error(FG_EINVAL, "line %d: '%s' (row %d, column %d) is not an integer", line, show(&t),
                                  rows, c);
                goto fail;
            }
            if (x < -1 || x >= z) {
                rc = fg_set_error(FG_EINVAL, "line %d: shift %ld (row %d, column %d) out of range: -1 or [0, %d) for Z=%d",
                                  line, x, rows, c, z, z);
                goto fail;
            }
            shift[rows * nb + c++] = (int)x;
            nz += x >= 0;
        } while (next_on_line(&lx, 1, &t));
        if (c < nb) {
            rc = fg_set_error(FG_EINVAL, "line %d: matrix row %d has %d entries, cols=%d", line, rows, c, nb);
            goto fail;
        }
        if (!nz) {
            rc = fg_set_error(FG_EINVAL, "line %d: matrix row %d is empty (all -1)", line, rows);
            goto fail;
        }
        rows++;
    } while (next_line(&lx));
    /* the number of lines of the file (a final newline ends the last line) */
    last_line = len && text[len - 1] == '\n' && lx.line > 1 ? lx.line - 1 : lx.line;
    if (!at[KEY_Z] || !at[KEY_ROWS] || !at[KEY_COLS]) {
        rc = fg_set_error(FG_EINVAL, "line %d: end of file without the header lines Z, rows and cols%s", last_line,
                          len ? "" : " (empty file)");
        goto fail;
    }
    if (rows < val[KEY_ROWS]) {
        rc = fg_set_error(FG_EINVAL, "line %d: end of file after %d of rows=%ld matrix rows", last_line, rows,
                          val[KEY_ROWS]);
        goto fail;
    }
    const int z = (int)val[KEY_Z], mb = (int)val[KEY_ROWS], nb = (int)val[KEY_COLS];
    for (int c = 0; c < nb; c++) {
        int nz = 0;
        for (int l = 0; l < mb; l++)
            nz += shift[l * nb + c] >= 0;
        if (!nz) {
            rc = fg_set_error(FG_EINVAL, "line %d: matrix column %d is empty (all -1)", last_line, c);
            goto fail;
        }
    }
    if (at[KEY_N] && val[KEY_N] != (long)nb * z) {
        rc = fg_set_error(FG_EINVAL, "line %d: N=%ld but cols * Z = %d * %d = %d", at[KEY_N], val[KEY_N], nb, z, nb * z);
        goto fail;
    }
    if (at[KEY_K] && val[KEY_K] != (long)(nb - mb) * z) {
        rc = fg_set_error(FG_EINVAL, "line %d: K=%ld but (cols - rows) * Z = %d", at[KEY_K], val[KEY_K], (nb - mb) * z);
        goto fail;
    }
    b->z = z;
    b->mb = mb;
    b->nb = nb;
    b->shift = shift;
    return 0;
fail:
    free(shift);
    return rc;
}

/* ---- alist ---- */

/* Next integer in [lo, hi] (what names it in messages). */
static int alist_int(lexer *lx, long lo, long hi, long *v, const char *what, long i1, long i2)
{
    token t;
    char name[96];
    snprintf(name, sizeof name, what, i1, i2);
    if (!next_token(lx, &t))
        return fg_set_error(FG_EINVAL, "line %d: end of file, expected %s", lx->line, name);
    if (tok_int(&t, v) < 0)
        return fg_set_error(FG_EINVAL, "line %d: '%s' is not an integer (%s)", t.line, show(&t), name);
    if (*v < lo || *v > hi)
        return fg_set_error(FG_EINVAL, "line %d: %s = %ld out of range [%ld, %ld]", t.line, name, *v, lo, hi);
    return 0;
}

/* Consume up to max zero tokens (the padding of a column or row list). */
static void alist_skip_padding(lexer *lx, int max)
{
    for (int i = 0; i < max; i++) {
        lexer save = *lx;
        token t;
        long v;
        if (!next_token(lx, &t) || tok_int(&t, &v) < 0 || v != 0 || t.s[0] == '-') {
            *lx = save;
            return;
        }
    }
}

int fg_ldpc_parse_alist_text(const char *text, size_t len, int z, fg_ldpc_base *b)
{
    if (!b)
        return fg_set_error(FG_EINVAL, "base is NULL");
    b->shift = NULL;
    b->z = b->mb = b->nb = 0;
    if (!text && len)
        return fg_set_error(FG_EINVAL, "text is NULL");
    if (z < 1 || z > FG_LDPC_Z_MAX)
        return fg_set_error(FG_EINVAL, "z=%d out of range [1, %d]", z, FG_LDPC_Z_MAX);
    const long dim_max = (long)FG_LDPC_Z_MAX * FG_LDPC_BASE_DIM_MAX;
    lexer lx = {text, text + len, 1};
    long N, M, maxc, maxr;
    int rc;
    int *coldeg = NULL, *rowdeg = NULL, *shift = NULL, *cnt = NULL, *last = NULL;
    if ((rc = alist_int(&lx, 1, dim_max, &N, "N (columns of H)", 0, 0)) < 0 ||
        (rc = alist_int(&lx, 1, dim_max, &M, "M (rows of H)", 0, 0)) < 0)
        return rc;
    if (N % z || M % z)
        return fg_set_error(FG_EINVAL, "line 1: %s=%ld is not a multiple of z=%d", N % z ? "N" : "M", N % z ? N : M, z);
    const long nb = N / z, mb = M / z;
    if (nb > FG_LDPC_BASE_DIM_MAX || mb > FG_LDPC_BASE_DIM_MAX)
        return fg_set_error(FG_EINVAL, "line 1: N/z=%ld, M/z=%ld: a base matrix has at most %d rows and columns", nb, mb,
                            FG_LDPC_BASE_DIM_MAX);
    if (mb >= nb)
        return fg_set_error(FG_EINVAL, "line 1: M=%ld must be less than N=%ld (k = N - M > 0)", M, N);
    if ((rc = alist_int(&lx, 1, M, &maxc, "the largest column degree", 0, 0)) < 0 ||
        (rc = alist_int(&lx, 1, N, &maxr, "the largest row degree", 0, 0)) < 0)
        return rc;
    if (N + M > (long)len / 2 + 1)
        return fg_set_error(FG_EINVAL, "line %d: N + M = %ld degrees cannot fit in a file of %zu bytes (truncated?)",
                            lx.line, N + M, len);
    coldeg = malloc(sizeof *coldeg * (size_t)N);
    rowdeg = malloc(sizeof *rowdeg * (size_t)M);
    shift = malloc(sizeof *shift * (size_t)(mb * nb));
    cnt = calloc((size_t)(mb * nb), sizeof *cnt);
    last = malloc(sizeof *last * (size_t)(mb * nb));
    if (!coldeg || !rowdeg || !shift || !cnt || !last) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for an alist of %ld x %ld", M, N);
        goto done;
    }
    long sumc = 0, sumr = 0, v;
    for (long c = 0; c < N; c++) {
        if ((rc = alist_int(&lx, 1, maxc, &v, "the degree of column %ld (0 = empty column is invalid)", c + 1, 0)) < 0)
            goto done;
        coldeg[c] = (int)v;
        sumc += v;
    }
    for (long r = 0; r < M; r++) {
        if ((rc = alist_int(&lx, 1, maxr, &v, "the degree of row %ld (0 = empty row is invalid)", r + 1, 0)) < 0)
            goto done;
        rowdeg[r] = (int)v;
        sumr += v;
    }
    if (sumc != sumr) {
        rc = fg_set_error(FG_EINVAL, "line %d: the column degrees sum to %ld, the row degrees to %ld", lx.line, sumc, sumr);
        goto done;
    }
    for (long i = 0; i < mb * nb; i++) {
        shift[i] = -1;
        last[i] = -1;
    }
    /* column lists define the blocks */
    for (long c = 0; c < N; c++) {
        for (int e = 0; e < coldeg[c]; e++) {
            if ((rc = alist_int(&lx, 1, M, &v, "a row index (1-based) of column %ld", c + 1, 0)) < 0)
                goto done;
            long r = v - 1, bi = (r / z) * nb + c / z;
            int s = (int)((c % z - r % z + z) % z);
            if (last[bi] == c) {
                rc = fg_set_error(FG_EINVAL,
                                  "line %d: column %ld has two ones in block (%ld, %ld) (row %ld): H is not "
                                  "quasi-cyclic with z=%d or lists a row twice",
                                  lx.line, c + 1, r / z, c / z, r + 1, z);
                goto done;
            }
            if (shift[bi] >= 0 && shift[bi] != s) {
                rc = fg_set_error(FG_EINVAL,
                                  "line %d: H is not quasi-cyclic with z=%d: block (%ld, %ld) has a one at row %ld, "
                                  "column %ld (shift %d) and one of shift %d",
                                  lx.line, z, r / z, c / z, r + 1, c + 1, s, shift[bi]);
                goto done;
            }
            shift[bi] = s;
            last[bi] = (int)c;
            cnt[bi]++;
        }
        alist_skip_padding(&lx, (int)maxc - coldeg[c]);
    }
    /* row lists must describe the same ones */
    for (long i = 0; i < mb * nb; i++)
        last[i] = -1;
    for (long r = 0; r < M; r++) {
        for (int e = 0; e < rowdeg[r]; e++) {
            if ((rc = alist_int(&lx, 1, N, &v, "a column index (1-based) of row %ld", r + 1, 0)) < 0)
                goto done;
            long c = v - 1, bi = (r / z) * nb + c / z;
            int s = (int)((c % z - r % z + z) % z);
            if (shift[bi] != s || last[bi] == r) {
                rc = fg_set_error(FG_EINVAL,
                                  "line %d: row %ld lists column %ld %s",
                                  lx.line, r + 1, c + 1,
                                  shift[bi] != s ? "but the column lists do not have that one"
                                                 : "twice or two ones of one block (not quasi-cyclic)");
                goto done;
            }
            last[bi] = (int)r;
        }
        alist_skip_padding(&lx, (int)maxr - rowdeg[r]);
    }
    token t;
    if (next_token(&lx, &t)) {
        rc = fg_set_error(FG_EINVAL, "line %d: unexpected '%s' after the row lists", t.line, show(&t));
        goto done;
    }
    for (long i = 0; i < mb * nb; i++)
        if (cnt[i] != 0 && cnt[i] != z) {
            long l = i / nb, c = i % nb;
            rc = fg_set_error(FG_EINVAL,
                              "H is not quasi-cyclic with z=%d: block (%ld, %ld) (rows %ld..%ld, columns %ld..%ld) "
                              "has %d ones, a circulant has 0 or %d",
                              z, l, c, l * z + 1, (l + 1) * z, c * z + 1, (c + 1) * z, cnt[i], z);
            goto done;
        }
    b->z = z;
    b->mb = (int)mb;
    b->nb = (int)nb;
    b->shift = shift;
    shift = NULL;
    rc = 0;
done:
    free(coldeg);
    free(rowdeg);
    free(shift);
    free(cnt);
    free(last);
    return rc;
}

/* ---- files ---- */

/* A code file: a regular file of at most FG_LDPC_FILE_MAX bytes (fecforge/input.h). */
static int read_file(const char *path, char **text, size_t *len)
{
    *text = NULL;
    *len = 0;
    if (!path)
        return fg_set_error(FG_EINVAL, "path is NULL");
    return fg_in_file(path, 0, FG_LDPC_FILE_MAX, text, len);
}

/* Prefix the last message with the path. */
static int with_path(int rc, const char *path)
{
    char msg[512];
    snprintf(msg, sizeof msg, "%s", fg_last_error());
    return fg_set_error(rc, "%s: %s", path, msg);
}

/* The file name without directories and extension, as the code name. */
static void name_from_path(const char *path, char name[FG_LDPC_NAME_MAX])
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    const char *dot = strrchr(base, '.');
    if (dot && dot != base)
        n = (size_t)(dot - base);
    if (n >= FG_LDPC_NAME_MAX)
        n = FG_LDPC_NAME_MAX - 1;
    memcpy(name, base, n);
    name[n] = '\0';
    if (!n)
        snprintf(name, FG_LDPC_NAME_MAX, "user");
}

int fg_ldpc_code_read_base(const char *path, fg_ldpc_code **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    char *text;
    size_t len;
    int rc = read_file(path, &text, &len);
    if (rc < 0)
        return rc;
    fg_ldpc_base b;
    rc = fg_ldpc_parse_base_text(text, len, &b);
    free(text);
    if (rc < 0)
        return with_path(rc, path);
    char name[FG_LDPC_NAME_MAX];
    name_from_path(path, name);
    rc = fg_ldpc_code_from_base(name, b.z, b.mb, b.nb, b.shift, out);
    fg_ldpc_base_free(&b);
    return rc < 0 ? with_path(rc, path) : 0;
}

int fg_ldpc_code_read_alist(const char *path, int z, const char *name, fg_ldpc_code **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "out is NULL");
    *out = NULL;
    char *text;
    size_t len;
    int rc = read_file(path, &text, &len);
    if (rc < 0)
        return rc;
    fg_ldpc_base b;
    rc = fg_ldpc_parse_alist_text(text, len, z, &b);
    free(text);
    if (rc < 0)
        return with_path(rc, path);
    char def[FG_LDPC_NAME_MAX];
    if (!name) {
        name_from_path(path, def);
        name = def;
    }
    rc = fg_ldpc_code_from_base(name, b.z, b.mb, b.nb, b.shift, out);
    fg_ldpc_base_free(&b);
    return rc < 0 ? with_path(rc, path) : 0;
}

/* Write a file through fecforge/output.h with print(code, f). */
static int write_file(const fg_ldpc_code *code, const char *path, int (*print)(const fg_ldpc_code *, FILE *))
{
    if (!code || !path)
        return fg_set_error(FG_EINVAL, "code or path is NULL");
    fg_out *o;
    int rc = fg_out_open(path, FG_OUT_ATOMIC, &o);
    if (rc)
        return rc;
    if ((rc = print(code, fg_out_stream(o)))) {
        fg_out_abort(o);
        return rc;
    }
    return fg_out_commit(o);
}

int fg_ldpc_code_print_base(const fg_ldpc_code *code, FILE *f)
{
    fprintf(f, "# QC-LDPC base matrix %s, N=%d, K=%d (written by fecforge %s)\n", code->name, code->n, code->k,
            fg_version());
    fprintf(f, "# -1: Z-by-Z zero block; s>=0: identity cyclically shifted right by s (row r has its 1 in column "
               "(r+s) mod Z)\n");
    fprintf(f, "N %d\nK %d\nZ %d\nrows %d\ncols %d\n", code->n, code->k, code->z, code->mb, code->nb);
    for (int l = 0; l < code->mb; l++) {
        for (int c = 0; c < code->nb; c++)
            fprintf(f, "%4d", code->shift[l * code->nb + c]);
        fputc('\n', f);
    }
    return 0;
}

int fg_ldpc_code_write_base(const fg_ldpc_code *code, const char *path)
{
    return write_file(code, path, fg_ldpc_code_print_base);
}

int fg_ldpc_code_print_alist(const fg_ldpc_code *code, FILE *f)
{
    const int z = code->z, mb = code->mb, nb = code->nb;
    int *cdeg = calloc((size_t)nb, sizeof *cdeg);
    if (!cdeg)
        return fg_set_error(FG_ENOMEM, "out of memory");
    int maxc = 0;
    for (int c = 0; c < nb; c++) {
        for (int l = 0; l < mb; l++)
            cdeg[c] += code->shift[l * nb + c] >= 0;
        if (cdeg[c] > maxc)
            maxc = cdeg[c];
    }
    fprintf(f, "%d %d\n%d %d\n", code->n, mb * z, maxc, code->max_row_deg);
    for (int c = 0; c < nb; c++)
        for (int j = 0; j < z; j++)
            fprintf(f, "%d%c", cdeg[c], c == nb - 1 && j == z - 1 ? '\n' : ' ');
    for (int l = 0; l < mb; l++)
        for (int i = 0; i < z; i++)
            fprintf(f, "%d%c", code->row_start[l + 1] - code->row_start[l], l == mb - 1 && i == z - 1 ? '\n' : ' ');
    /* column c*z + j: rows l*z + i with (i + s) mod z = j, ascending l; padded with zeros */
    for (int c = 0; c < nb; c++)
        for (int j = 0; j < z; j++) {
            int d = 0;
            for (int l = 0; l < mb; l++) {
                int s = code->shift[l * nb + c];
                if (s >= 0)
                    fprintf(f, "%s%d", d++ ? " " : "", l * z + (j - s + z) % z + 1);
            }
            for (; d < maxc; d++)
                fputs(" 0", f);
            fputc('\n', f);
        }
    for (int l = 0; l < mb; l++)
        for (int i = 0; i < z; i++) {
            int d = 0;
            for (int b = code->row_start[l]; b < code->row_start[l + 1]; b++)
                fprintf(f, "%s%d", d++ ? " " : "", code->blk_col[b] * z + (i + code->blk_shift[b]) % z + 1);
            for (; d < code->max_row_deg; d++)
                fputs(" 0", f);
            fputc('\n', f);
        }
    free(cdeg);
    return 0;
}

int fg_ldpc_code_write_alist(const fg_ldpc_code *code, const char *path)
{
    return write_file(code, path, fg_ldpc_code_print_alist);
}

static int ends_with(const char *s, const char *suffix)
{
    const size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

int fg_ldpc_code_open(const char *arg, int alist_z, fg_ldpc_code **out)
{
    if (!out)
        return fg_set_error(FG_EINVAL, "fg_ldpc_code_open: NULL out");
    *out = NULL;
    if (!arg || !*arg)
        return fg_set_error(FG_EINVAL, "no code given");
    const int alist = ends_with(arg, ".alist");
    struct stat st;
    if (stat(arg, &st) != 0) {
        if (alist)
            return fg_set_error(FG_EINVAL, "%s: no such file", arg);
        if (fg_ldpc_code_create(arg, out)) {
            char msg[300];
            snprintf(msg, sizeof msg, "%s", fg_last_error());
            return fg_set_error(FG_EINVAL, "%s: no such file, and %s", arg, msg);
        }
        if (alist_z <= 0)
            return 0;
        fg_ldpc_code_destroy(*out);
        *out = NULL;
        return fg_set_error(FG_EINVAL, "%s: --z=%d applies to FILE.alist only, not to the built-in code", arg,
                            alist_z);
    }
    if (S_ISDIR(st.st_mode))
        return fg_set_error(FG_EINVAL, "%s: is a directory", arg);
    if (alist && alist_z <= 0)
        return fg_set_error(FG_EINVAL, "%s: an alist file needs --z Z (the circulant size of its quasi-cyclic H)",
                            arg);
    if (!alist && alist_z > 0)
        return fg_set_error(FG_EINVAL, "%s: --z=%d applies to FILE.alist only; this file is read as a base matrix",
                            arg, alist_z);
    /* the reading functions' messages start with the path */
    if ((alist ? fg_ldpc_code_read_alist(arg, alist_z, NULL, out) : fg_ldpc_code_read_base(arg, out)) >= 0)
        return 0;
    if (!alist)
        return FG_EINVAL;
    char msg[400];
    snprintf(msg, sizeof msg, "%s", fg_last_error());
    return fg_set_error(FG_EINVAL, "%s (with --z=%d)", msg, alist_z);
}
