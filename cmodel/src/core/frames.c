/* Frame files (fecforge/frames.h). */
#define _GNU_SOURCE /* getline */
#include "fecforge/frames.h"

#include "fecforge/error.h"
#include "fecforge/output.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int check_header(const fg_frames_header *h, const char *where)
{
    if (!h->family[0] || !h->code[0] || strpbrk(h->family, " \t\n") || strpbrk(h->code, " \t\n"))
        return fg_set_error(FG_EINVAL, "%s: family and code must be single words", where);
    if (h->fixed && (h->q_width < 2 || h->q_width > 16 || h->q_frac < 0 || h->q_frac >= h->q_width))
        return fg_set_error(FG_EINVAL, "%s: arith fixed %d %d invalid: width in [2, 16], fraction in [0, width-1]",
                            where, h->q_width, h->q_frac);
    if (h->length < 1 || h->length > FG_FRAMES_LENGTH_MAX)
        return fg_set_error(FG_EINVAL, "%s: length %d out of range [1, %d]", where, h->length, FG_FRAMES_LENGTH_MAX);
    if (h->content == FG_FRAMES_LLR && (h->work || h->app))
        return fg_set_error(FG_EINVAL, "%s: an llr file carries no work or app values", where);
    if (h->app && (h->app_length < 1 || h->app_length > FG_FRAMES_LENGTH_MAX))
        return fg_set_error(FG_EINVAL, "%s: app-length %d out of range [1, %d]", where, h->app_length,
                            FG_FRAMES_LENGTH_MAX);
    if (h->count < 0)
        return fg_set_error(FG_EINVAL, "%s: count %lld negative", where, h->count);
    return 0;
}

/* ---- writing ---- */

struct fg_frames_writer {
    fg_out *o;
    fg_frames_header h;
    long long written;
    uint8_t *rec;
};

int fg_frames_create(const char *path, const fg_frames_header *h, fg_frames_writer **out)
{
    *out = NULL;
    int rc = check_header(h, path);
    if (rc)
        return rc;
    fg_frames_writer *w = calloc(1, sizeof *w);
    if (!w)
        return fg_set_error(FG_ENOMEM, "out of memory");
    w->h = *h;
    if (h->binary && !(w->rec = malloc((size_t)h->length * 8 + (size_t)h->app_length * 8 + 16))) {
        free(w);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    if ((rc = fg_out_open(path, FG_OUT_ATOMIC, &w->o))) {
        free(w->rec);
        free(w);
        return rc;
    }
    FILE *f = fg_out_stream(w->o);
    fprintf(f, "fecforge-frames %d\nfamily %s\ncode %s\n", FG_FRAMES_VERSION, h->family, h->code);
    if (h->fixed)
        fprintf(f, "arith fixed %d %d\n", h->q_width, h->q_frac);
    else
        fprintf(f, "arith float\n");
    fprintf(f, "content %s%s%s\nlength %d\n", h->content == FG_FRAMES_LLR ? "llr" : "bits", h->work ? " work" : "",
            h->app ? " app" : "", h->length);
    if (h->app)
        fprintf(f, "app-length %d\n", h->app_length);
    fprintf(f, "count %lld\nencoding %s\nend\n", h->count, h->binary ? "binary" : "text");
    *out = w;
    return 0;
}

static void put_le(uint8_t *p, uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void put_double(uint8_t *p, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    put_le(p, u, 8);
}

int fg_frames_write(fg_frames_writer *w, const double *llr, const int32_t *llr_q, const uint8_t *bits, int32_t work,
                    const double *app, const int32_t *app_q)
{
    const fg_frames_header *h = &w->h;
    FILE *f = fg_out_stream(w->o);
    if (w->written >= h->count)
        return fg_set_error(FG_EINVAL, "frame %lld: the header says %lld frames", w->written, h->count);
    const int is_llr = h->content == FG_FRAMES_LLR;
    if ((is_llr && !(h->fixed ? (const void *)llr_q : (const void *)llr)) || (!is_llr && !bits) ||
        (h->app && !(h->fixed ? (const void *)app_q : (const void *)app)))
        return fg_set_error(FG_EINVAL, "frame %lld: a value the header announces is missing", w->written);
    if (h->binary) {
        uint8_t *p = w->rec;
        if (is_llr)
            for (int i = 0; i < h->length; i++) {
                if (h->fixed)
                    put_le(p, (uint16_t)(int16_t)llr_q[i], 2), p += 2;
                else
                    put_double(p, llr[i]), p += 8;
            }
        else {
            memset(p, 0, (size_t)(h->length + 7) / 8);
            for (int i = 0; i < h->length; i++)
                p[i / 8] |= (uint8_t)((bits[i] & 1) << (i % 8));
            p += (h->length + 7) / 8;
            if (h->work)
                put_le(p, (uint32_t)work, 4), p += 4;
            for (int i = 0; h->app && i < h->app_length; i++) {
                if (h->fixed)
                    put_le(p, (uint32_t)app_q[i], 4), p += 4;
                else
                    put_double(p, app[i]), p += 8;
            }
        }
        fwrite(w->rec, 1, (size_t)(p - w->rec), f);
    } else if (is_llr) {
        for (int i = 0; i < h->length; i++) {
            if (h->fixed)
                fprintf(f, i ? " %d" : "%d", (int)llr_q[i]);
            else
                fprintf(f, i ? " %.17g" : "%.17g", llr[i]);
        }
        fputc('\n', f);
    } else {
        for (int i = 0; i < h->length; i++)
            fputc(bits[i] ? '1' : '0', f);
        if (h->work)
            fprintf(f, " %d", (int)work);
        for (int i = 0; h->app && i < h->app_length; i++) {
            if (h->fixed)
                fprintf(f, " %d", (int)app_q[i]);
            else
                fprintf(f, " %.17g", app[i]);
        }
        fputc('\n', f);
    }
    w->written++;
    return ferror(f) ? fg_out_check(w->o) : 0; /* the path and the reason ("No space left on device") */
}

int fg_frames_commit(fg_frames_writer *w)
{
    int rc = 0;
    if (w->written != w->h.count) {
        rc = fg_set_error(FG_EINVAL, "%s: %lld frames written, the header says %lld", fg_out_path(w->o), w->written,
                          w->h.count);
        fg_out_abort(w->o);
    } else
        rc = fg_out_commit(w->o);
    free(w->rec);
    free(w);
    return rc;
}

void fg_frames_abort(fg_frames_writer *w)
{
    if (!w)
        return;
    fg_out_abort(w->o);
    free(w->rec);
    free(w);
}

/* ---- reading ---- */

struct fg_frames_reader {
    FILE *f;
    char *path;
    fg_frames_header h;
    long long line;  /* text: lines read */
    long long index; /* frames read */
    char *buf;
    size_t cap;
    uint8_t *rec;
    size_t rec_n;
};

const fg_frames_header *fg_frames_header_of(const fg_frames_reader *r) { return &r->h; }
long long fg_frames_index(const fg_frames_reader *r) { return r->index - 1; }

void fg_frames_close(fg_frames_reader *r)
{
    if (!r)
        return;
    if (r->f)
        fclose(r->f);
    free(r->path);
    free(r->buf);
    free(r->rec);
    free(r);
}

/* The next line without its newline (and '\r'); NULL at the end. Comment lines are skipped. */
static char *next_line(fg_frames_reader *r, int skip_blank)
{
    for (;;) {
        const ssize_t n = getline(&r->buf, &r->cap, r->f);
        if (n < 0)
            return NULL;
        r->line++;
        if ((size_t)n != strlen(r->buf)) {
            fg_set_error(FG_EINVAL, "%s line %lld: a NUL byte (not a text line)", r->path, r->line);
            return NULL;
        }
        char *s = r->buf;
        s[strcspn(s, "\r\n")] = '\0';
        if (s[0] == '#' || (skip_blank && !s[strspn(s, " \t")]))
            continue;
        return s;
    }
}

static int header_error(const fg_frames_reader *r, const char *what)
{
    return fg_set_error(FG_EINVAL, "%s line %lld: %s", r->path, r->line, what);
}

static int parse_header(fg_frames_reader *r)
{
    fg_frames_header *h = &r->h;
    static const char *const keys[] = {"fecforge-frames", "family", "code", "arith", "content", "length",
                                       "app-length", "count", "encoding", "end"};
    int seen[10] = {0};
    for (;;) {
        fg_clear_error();
        char *s = next_line(r, 1);
        if (!s)
            return fg_last_error()[0] ? FG_EINVAL
                   : r->line == 0   ? fg_set_error(FG_EINVAL, "%s: empty, not a frame file", r->path)
                                    : header_error(r, "the header ends without \"end\"");
        char key[32], a[96] = "", b[32] = "", c[32] = "", d[32] = "";
        const int n = sscanf(s, "%31s %95s %31s %31s %31s", key, a, b, c, d);
        int k = -1;
        for (int i = 0; i < 10; i++)
            if (!strcmp(key, keys[i]))
                k = i;
        if (r->line == 1 && (k != 0 || n < 2))
            return fg_set_error(FG_EINVAL, "%s: not a fecforge frame file (the first line is not \"fecforge-frames 1\")",
                                r->path);
        if (k < 0)
            return header_error(r, "unknown header line");
        if (seen[k]++)
            return header_error(r, "header line given twice");
        char *end;
        switch (k) {
        case 0:
            if (strtol(a, &end, 10) != FG_FRAMES_VERSION || *end)
                return header_error(r, "format version other than 1");
            break;
        case 1:
        case 2: /* the family's or the code's name, whole (a cut one would name another code) */
            if (strlen(a) >= FG_FRAMES_NAME_MAX)
                return header_error(r, "name too long");
            strcpy(k == 1 ? h->family : h->code, a);
            break;
        case 3:
            if (!strcmp(a, "float") && n == 2)
                h->fixed = 0;
            else if (!strcmp(a, "fixed") && n == 4 && sscanf(b, "%d", &h->q_width) == 1 && sscanf(c, "%d", &h->q_frac) == 1)
                h->fixed = 1;
            else
                return header_error(r, "expected \"arith float\" or \"arith fixed W F\"");
            break;
        case 4: {
            const char *words[] = {a, b, c, d};
            if (!strcmp(a, "llr") && n == 2)
                h->content = FG_FRAMES_LLR;
            else if (!strcmp(a, "bits")) {
                h->content = FG_FRAMES_BITS;
                for (int i = 1; i < n - 1; i++) {
                    if (!strcmp(words[i], "work") && !h->work)
                        h->work = 1;
                    else if (!strcmp(words[i], "app") && !h->app)
                        h->app = 1;
                    else
                        return header_error(r, "expected \"content llr\" or \"content bits [work] [app]\"");
                }
            } else
                return header_error(r, "expected \"content llr\" or \"content bits [work] [app]\"");
            break;
        }
        case 5:
        case 6:
        case 7: {
            errno = 0;
            const long long v = strtoll(a, &end, 10);
            if (*end || errno || v < 0 || n != 2)
                return header_error(r, "expected a non-negative integer");
            if (k == 5)
                h->length = v > FG_FRAMES_LENGTH_MAX ? -1 : (int)v;
            else if (k == 6)
                h->app_length = v > FG_FRAMES_LENGTH_MAX ? -1 : (int)v;
            else
                h->count = v;
            break;
        }
        case 8:
            if (!strcmp(a, "text") || !strcmp(a, "binary"))
                h->binary = a[0] == 'b';
            else
                return header_error(r, "expected \"encoding text\" or \"encoding binary\"");
            break;
        default: /* end */
            for (int i = 0; i < 10; i++)
                if (!seen[i] && i != 6)
                    return fg_set_error(FG_EINVAL, "%s: the header lacks \"%s\"", r->path, keys[i]);
            if (h->app && !seen[6])
                return fg_set_error(FG_EINVAL, "%s: the header lacks \"app-length\" (content has app)", r->path);
            return check_header(h, r->path);
        }
    }
}

int fg_frames_open(const char *path, fg_frames_reader **out)
{
    *out = NULL;
    fg_frames_reader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = malloc(strlen(path) + 1))) {
        free(r);
        return fg_set_error(FG_ENOMEM, "out of memory");
    }
    strcpy(r->path, path);
    if (!(r->f = fopen(path, "rb"))) {
        const int rc = errno == ENOENT ? fg_set_error(FG_EINVAL, "%s: no such file", path)
                                       : fg_set_error(FG_EIO, "%s: %s", path, strerror(errno));
        fg_frames_close(r);
        return rc;
    }
    int rc = parse_header(r);
    if (!rc && r->h.binary) {
        const fg_frames_header *h = &r->h;
        r->rec_n = h->content == FG_FRAMES_LLR ? (size_t)h->length * (h->fixed ? 2 : 8)
                                               : (size_t)(h->length + 7) / 8 + (h->work ? 4 : 0) +
                                                     (h->app ? (size_t)h->app_length * (h->fixed ? 4 : 8) : 0);
        if (!(r->rec = malloc(r->rec_n)))
            rc = fg_set_error(FG_ENOMEM, "out of memory");
    }
    if (rc) {
        fg_frames_close(r);
        return rc;
    }
    *out = r;
    return 0;
}

static uint64_t get_le(const uint8_t *p, int bytes)
{
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static double get_double(const uint8_t *p)
{
    const uint64_t u = get_le(p, 8);
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static int value_error(const fg_frames_reader *r, const char *what, int i)
{
    if (r->h.binary)
        return fg_set_error(FG_EINVAL, "%s frame %lld value %d: %s", r->path, r->index, i, what);
    return fg_set_error(FG_EINVAL, "%s line %lld (frame %lld) value %d: %s", r->path, r->line, r->index, i, what);
}

static int check_q(const fg_frames_reader *r, long long v, int i, int width)
{
    const long long lim = (1LL << (width - 1)) - 1;
    if (v < -lim || v > lim) {
        char what[96];
        snprintf(what, sizeof what, "%lld outside the %d-bit range [%lld, %lld]", v, width, -lim, lim);
        return value_error(r, what, i);
    }
    return 0;
}

static int read_binary(fg_frames_reader *r, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work, double *app,
                       int32_t *app_q)
{
    const fg_frames_header *h = &r->h;
    const size_t got = fread(r->rec, 1, r->rec_n, r->f);
    if (got == 0 && feof(r->f)) {
        if (r->index < h->count)
            return fg_set_error(FG_EINVAL, "%s: %lld frames, the header says %lld", r->path, r->index, h->count);
        return 0;
    }
    if (got < r->rec_n)
        return fg_set_error(FG_EINVAL, "%s frame %lld: a short record (%zu of %zu bytes; truncated file?)", r->path,
                            r->index, got, r->rec_n);
    if (r->index >= h->count)
        return fg_set_error(FG_EINVAL, "%s: more than the %lld frames of the header", r->path, h->count);
    const uint8_t *p = r->rec;
    int rc = 0;
    if (h->content == FG_FRAMES_LLR)
        for (int i = 0; i < h->length && !rc; i++) {
            if (h->fixed) {
                const int32_t v = (int16_t)get_le(p, 2);
                p += 2;
                if (!(rc = check_q(r, v, i, h->q_width)) && llr_q)
                    llr_q[i] = v;
            } else {
                const double v = get_double(p);
                p += 8;
                if (!isfinite(v))
                    rc = value_error(r, "not a finite number", i);
                else if (llr)
                    llr[i] = v;
            }
        }
    else {
        for (int i = 0; i < h->length; i++)
            if (bits)
                bits[i] = (uint8_t)(p[i / 8] >> (i % 8) & 1);
        p += (h->length + 7) / 8;
        if (h->work) {
            if (work)
                *work = (int32_t)get_le(p, 4);
            p += 4;
        }
        for (int i = 0; h->app && i < h->app_length && !rc; i++) {
            if (h->fixed) {
                if (app_q)
                    app_q[i] = (int32_t)get_le(p, 4);
                p += 4;
            } else {
                const double v = get_double(p);
                p += 8;
                if (!isfinite(v))
                    rc = value_error(r, "not a finite number", i);
                else if (app)
                    app[i] = v;
            }
        }
    }
    r->index++;
    return rc ? rc : 1;
}

int fg_frames_read(fg_frames_reader *r, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work, double *app,
                   int32_t *app_q)
{
    const fg_frames_header *h = &r->h;
    if (h->binary)
        return read_binary(r, llr, llr_q, bits, work, app, app_q);
    fg_clear_error();
    char *s = next_line(r, 1);
    if (!s) {
        if (fg_last_error()[0])
            return FG_EINVAL;
        if (r->index < h->count)
            return fg_set_error(FG_EINVAL, "%s: %lld frames, the header says %lld (truncated file?)", r->path, r->index,
                                h->count);
        return 0;
    }
    if (r->index >= h->count)
        return fg_set_error(FG_EINVAL, "%s line %lld: more than the %lld frames of the header", r->path, r->line,
                            h->count);
    char *p = s, *end;
    int i = 0;
    if (h->content == FG_FRAMES_LLR) {
        for (; i < h->length; i++) {
            while (*p == ' ' || *p == '\t')
                p++;
            if (!*p)
                return value_error(r, "missing: fewer values than the length", i);
            errno = 0;
            if (h->fixed) {
                const long long v = strtoll(p, &end, 10);
                if (end == p || errno || (*end && *end != ' ' && *end != '\t'))
                    return value_error(r, "not an integer", i);
                const int rc = check_q(r, v, i, h->q_width);
                if (rc)
                    return rc;
                if (llr_q)
                    llr_q[i] = (int32_t)v;
            } else {
                const double v = strtod(p, &end);
                if (end == p || (*end && *end != ' ' && *end != '\t') || !isfinite(v))
                    return value_error(r, "not a finite number", i);
                if (llr)
                    llr[i] = v;
            }
            p = end;
        }
    } else {
        for (; i < h->length; i++) {
            if (p[i] != '0' && p[i] != '1')
                return value_error(r, p[i] ? "a bit other than 0 or 1" : "missing: fewer bits than the length", i);
            if (bits)
                bits[i] = (uint8_t)(p[i] - '0');
        }
        p += h->length;
        if (*p && *p != ' ' && *p != '\t')
            return value_error(r, "more bits than the length", h->length);
        if (h->work) {
            errno = 0;
            const long v = strtol(p, &end, 10);
            if (end == p || errno || v < 0 || v > INT32_MAX || (*end && *end != ' ' && *end != '\t'))
                return value_error(r, "the work count is not a non-negative integer", h->length);
            if (work)
                *work = (int32_t)v;
            p = end;
        }
        for (int k = 0; h->app && k < h->app_length; k++) {
            errno = 0;
            if (h->fixed) {
                const long long v = strtoll(p, &end, 10);
                if (end == p || errno || v < INT32_MIN || v > INT32_MAX || (*end && *end != ' ' && *end != '\t'))
                    return value_error(r, "an app value is not an integer", k);
                if (app_q)
                    app_q[k] = (int32_t)v;
            } else {
                const double v = strtod(p, &end);
                if (end == p || (*end && *end != ' ' && *end != '\t') || !isfinite(v))
                    return value_error(r, "an app value is not a finite number", k);
                if (app)
                    app[k] = v;
            }
            p = end;
        }
    }
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p)
        return value_error(r, "more values than the header says", h->content == FG_FRAMES_LLR ? h->length : i);
    r->index++;
    return 1;
}
