/* Frame files (fecforge/frames.h). */
#include "fecforge/frames.h"

#include "fecforge/error.h"
#include "fecforge/input.h"
#include "fecforge/output.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
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
    if (h->content == FG_FRAMES_LLR && (h->work || h->erased || h->app))
        return fg_set_error(FG_EINVAL, "%s: an llr file carries no work, erased or app values", where);
    if (h->content == FG_FRAMES_BITS && h->variable)
        return fg_set_error(FG_EINVAL, "%s: decisions have the header's length (variable is for llr files)", where);
    if (h->hard && h->fixed)
        return fg_set_error(FG_EINVAL, "%s: arith hard or fixed, not both", where);
    if (h->n_point < 0 || h->n_point > FG_FRAMES_POINT_MAX || (h->n_point && !h->channel[0]) ||
        strpbrk(h->channel, " \t\n"))
        return fg_set_error(FG_EINVAL, "%s: the channel is one word with at most %d point values", where,
                            FG_FRAMES_POINT_MAX);
    for (int i = 0; i < h->n_point; i++)
        if (!h->point_key[i][0] || strpbrk(h->point_key[i], " \t\n") || !isfinite(h->point[i]))
            return fg_set_error(FG_EINVAL, "%s: channel point value %d: a key of one word and a finite value", where,
                                i);
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
    if (h->binary && !(w->rec = malloc((size_t)h->length * 8 + (size_t)h->app_length * 8 + 24))) {
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
    if (h->code_digest)
        fprintf(f, "code-digest %016llx\n", (unsigned long long)h->code_digest);
    if (h->channel[0]) {
        fprintf(f, "channel %s", h->channel);
        for (int i = 0; i < h->n_point; i++)
            fprintf(f, " %s %.17g", h->point_key[i], h->point[i]);
        fputc('\n', f);
    }
    if (h->fixed)
        fprintf(f, "arith fixed %d %d\n", h->q_width, h->q_frac);
    else
        fprintf(f, "arith %s\n", h->hard ? "hard" : "float");
    fprintf(f, "content %s%s%s%s\nlength %d%s\n", h->content == FG_FRAMES_LLR ? "llr" : "bits", h->work ? " work" : "",
            h->erased ? " erased" : "", h->app ? " app" : "", h->length, h->variable ? " variable" : "");
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

/* n bits packed 8 per byte at p; returns the end. */
static uint8_t *put_bits(uint8_t *p, const uint8_t *bits, int n)
{
    memset(p, 0, (size_t)(n + 7) / 8);
    for (int i = 0; i < n; i++)
        p[i / 8] |= (uint8_t)((bits[i] & 1) << (i % 8));
    return p + (n + 7) / 8;
}

int fg_frames_write(fg_frames_writer *w, int n, const double *llr, const int32_t *llr_q, const uint8_t *bits,
                    int32_t work, int erased, const double *app, const int32_t *app_q)
{
    const fg_frames_header *h = &w->h;
    FILE *f = fg_out_stream(w->o);
    if (w->written >= h->count)
        return fg_set_error(FG_EINVAL, "frame %lld: the header says %lld frames", w->written, h->count);
    const int is_llr = h->content == FG_FRAMES_LLR;
    if (!is_llr || !h->variable)
        n = h->length;
    else if (n < 0 || n > h->length)
        return fg_set_error(FG_EINVAL, "frame %lld: length %d out of range [0, %d]", w->written, n, h->length);
    const void *in = !is_llr || h->hard ? (const void *)bits : h->fixed ? (const void *)llr_q : (const void *)llr;
    if ((!in && n) || (h->app && !(h->fixed || h->hard ? (const void *)app_q : (const void *)app)))
        return fg_set_error(FG_EINVAL, "frame %lld: a value the header announces is missing", w->written);
    if (h->binary) {
        uint8_t *p = w->rec;
        if (is_llr && h->variable)
            put_le(p, (uint32_t)n, 4), p += 4;
        if (is_llr && !h->hard)
            for (int i = 0; i < n; i++) {
                if (h->fixed)
                    put_le(p, (uint16_t)(int16_t)llr_q[i], 2), p += 2;
                else
                    put_double(p, llr[i]), p += 8;
            }
        else {
            p = put_bits(p, bits, n);
            if (h->work)
                put_le(p, (uint32_t)work, 4), p += 4;
            if (h->erased)
                *p++ = erased != 0;
            for (int i = 0; h->app && i < h->app_length; i++) {
                if (h->fixed || h->hard)
                    put_le(p, (uint32_t)app_q[i], 4), p += 4;
                else
                    put_double(p, app[i]), p += 8;
            }
        }
        fwrite(w->rec, 1, (size_t)(p - w->rec), f);
    } else if (is_llr && !h->hard) {
        if (h->variable)
            fprintf(f, n ? "%d " : "%d", n);
        for (int i = 0; i < n; i++) {
            if (h->fixed)
                fprintf(f, i ? " %d" : "%d", (int)llr_q[i]);
            else
                fprintf(f, i ? " %.17g" : "%.17g", llr[i]);
        }
        fputc('\n', f);
    } else {
        if (h->variable)
            fprintf(f, n ? "%d " : "%d", n);
        for (int i = 0; i < n; i++)
            fputc(bits[i] ? '1' : '0', f);
        if (h->work)
            fprintf(f, " %d", (int)work);
        if (h->erased)
            fprintf(f, " %d", erased != 0);
        for (int i = 0; h->app && i < h->app_length; i++) {
            if (h->fixed || h->hard)
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

enum { HEADER_LINE_MAX = 1024 };

struct fg_frames_reader {
    fg_in in;
    char *path;
    fg_frames_header h;
    long long index;  /* frames read */
    size_t line_max;  /* text: the longest frame line the header allows */
    uint8_t *rec;
    size_t rec_n;    /* binary: a record's bytes (variable: the longest, after its length) */
    int version;
};

const fg_frames_header *fg_frames_header_of(const fg_frames_reader *r) { return &r->h; }
long long fg_frames_index(const fg_frames_reader *r) { return r->index - 1; }

void fg_frames_close(fg_frames_reader *r)
{
    if (!r)
        return;
    fg_in_close(&r->in);
    free(r->path);
    free(r->rec);
    free(r);
}

/* The next line (a '\r' before its end dropped), header comment lines skipped: 1, 0 at the end, < 0. */
static int get_line(fg_frames_reader *r, size_t max, int comments, char **s)
{
    for (;;) {
        size_t n;
        const int rc = fg_in_line(&r->in, max, s, &n);
        if (rc <= 0)
            return rc;
        if (n && (*s)[n - 1] == '\r')
            (*s)[--n] = '\0';
        if (!comments || (*s)[0] != '#')
            return 1;
    }
}

static int line_error(const fg_frames_reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int line_error(const fg_frames_reader *r, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return fg_set_error(FG_EINVAL, "%s line %lld: %s", r->path, r->in.line, what);
}

/* Blanks and characters of a line: words of printable ASCII separated by single spaces, nothing before
 * the first or after the last. 0, or a message in what. */
static int check_blanks(const char *s, char *what, size_t n)
{
    if (!s[0]) {
        snprintf(what, n, "an empty line");
        return -1;
    }
    for (size_t i = 0; s[i]; i++) {
        const unsigned char c = (unsigned char)s[i];
        if (c == ' ' && (i == 0 || s[i + 1] == ' ' || !s[i + 1])) {
            const char *w = i == 0 ? "a blank at the start" : s[i + 1] ? "two blanks" : "a blank at the end";
            snprintf(what, n, "%s at column %zu", w, i + 1);
            return -1;
        }
        if (c != ' ' && (c < 0x21 || c > 0x7e)) {
            snprintf(what, n, "byte 0x%02x at column %zu", c, i + 1);
            return -1;
        }
    }
    return 0;
}

/* A decimal integer word of p up to a space or the end, as fecforge writes it: an optional '-' (when
 * neg), then digits without a leading zero ("0" alone), at most 18. 0 with *v and *end, -1 otherwise. */
static int int_word(const char *p, int neg, long long *v, const char **end)
{
    const char *q = p + (neg && *p == '-');
    size_t d = 0;
    long long x = 0;
    for (; q[d] >= '0' && q[d] <= '9'; d++)
        if (d < 18) /* more digits are refused below; no overflow meanwhile */
            x = x * 10 + (q[d] - '0');
    if (d == 0 || d > 18 || (q[d] && q[d] != ' ') || (q[0] == '0' && d > 1) || (q != p && x == 0))
        return -1;
    *v = q != p ? -x : x;
    *end = q + d;
    return 0;
}

/* A finite decimal real word (strtod's decimal syntax without a '+', "inf", "nan" or hex). */
static int real_word(const char *p, double *v, const char **end)
{
    const size_t n = strcspn(p, " ");
    if (!n || p[0] == '+' || strspn(p, "0123456789.eE+-") < n)
        return -1;
    char *e;
    *v = strtod(p, &e);
    if (e != p + n || !isfinite(*v))
        return -1;
    *end = e;
    return 0;
}

enum { F_MAGIC, F_FAMILY, F_CODE, F_DIGEST, F_CHANNEL, F_ARITH, F_CONTENT, F_LENGTH, F_APP_LENGTH, F_COUNT,
       F_ENCODING, F_END, F_N };
static const char *const KEYS[F_N] = {"fecforge-frames", "family", "code", "code-digest", "channel", "arith",
                                      "content", "length", "app-length", "count", "encoding", "end"};
#define ORDER                                                                                                          \
    "fecforge-frames, family, code, [code-digest], [channel], arith, content, length, [app-length], count, encoding, " \
    "end"
enum { WORDS_MAX = 3 + 2 * FG_FRAMES_POINT_MAX };

/* The channel line: its name, then key value pairs. */
static int channel_field(fg_frames_reader *r, char **w, int n)
{
    fg_frames_header *h = &r->h;
    if (n < 2 || n % 2)
        return line_error(r, "expected \"channel NAME [KEY VALUE]...\"");
    if (strlen(w[1]) >= FG_FRAMES_NAME_MAX)
        return line_error(r, "name too long (a channel of at most %d characters)", FG_FRAMES_NAME_MAX - 1);
    strcpy(h->channel, w[1]);
    h->n_point = (n - 2) / 2;
    for (int i = 0; i < h->n_point; i++) {
        const char *e;
        if (strlen(w[2 + 2 * i]) >= FG_FRAMES_KEY_MAX)
            return line_error(r, "channel: key \"%.40s\" longer than %d characters", w[2 + 2 * i],
                              FG_FRAMES_KEY_MAX - 1);
        strcpy(h->point_key[i], w[2 + 2 * i]);
        if (real_word(w[3 + 2 * i], &h->point[i], &e))
            return line_error(r, "channel: %s \"%.40s\" is not a finite number", h->point_key[i], w[3 + 2 * i]);
    }
    return 0;
}

/* Field k of the header from its words w[1 .. n-1]. */
static int header_field(fg_frames_reader *r, int k, char **w, int n)
{
    fg_frames_header *h = &r->h;
    const char *e;
    long long v = 0;
    if (n != 2 && k != F_ARITH && k != F_CONTENT && k != F_END && k != F_CHANNEL && k != F_LENGTH)
        return line_error(r, "%s: %d words after it, expected one", KEYS[k], n - 1);
    switch (k) {
    case F_MAGIC:
        if (strcmp(w[1], "1") && strcmp(w[1], "2"))
            return line_error(r, "format version \"%.20s\", this reader reads \"fecforge-frames 1\" and 2", w[1]);
        r->version = w[1][0] - '0';
        return 0;
    case F_CHANNEL:
        return channel_field(r, w, n);
    case F_FAMILY:
    case F_CODE: /* the family's or the code's name, whole (a cut one would name another code) */
        if (strlen(w[1]) >= FG_FRAMES_NAME_MAX)
            return line_error(r, "name too long (a %s of at most %d characters)", KEYS[k], FG_FRAMES_NAME_MAX - 1);
        strcpy(k == F_FAMILY ? h->family : h->code, w[1]);
        return 0;
    case F_DIGEST:
        if (strlen(w[1]) != 16 || strspn(w[1], "0123456789abcdef") != 16)
            return line_error(r, "code-digest: expected 16 lower-case hex digits, not \"%.40s\"", w[1]);
        h->code_digest = strtoull(w[1], NULL, 16);
        return h->code_digest ? 0 : line_error(r, "code-digest: 0000000000000000 is no digest");
    case F_ARITH:
        if (n == 2 && !strcmp(w[1], "float"))
            h->fixed = 0;
        else if (n == 2 && !strcmp(w[1], "hard"))
            h->hard = 1;
        else if (n == 4 && !strcmp(w[1], "fixed")) {
            long long q[2];
            for (int i = 0; i < 2; i++)
                if (int_word(w[2 + i], 0, &q[i], &e) || q[i] > 64)
                    return line_error(r, "arith fixed: %s \"%.40s\" is not an integer in [0, 64]", i ? "F" : "W",
                                      w[2 + i]);
            h->fixed = 1;
            h->q_width = (int)q[0];
            h->q_frac = (int)q[1];
        } else
            return line_error(r, "expected \"arith float\", \"arith fixed W F\" or \"arith hard\"");
        return 0;
    case F_CONTENT:
        if (n == 2 && !strcmp(w[1], "llr"))
            h->content = FG_FRAMES_LLR;
        else if (n >= 2 && n <= 5 && !strcmp(w[1], "bits")) {
            h->content = FG_FRAMES_BITS;
            int i = 2;
            h->work = i < n && !strcmp(w[i], "work") ? (i++, 1) : 0;
            h->erased = i < n && !strcmp(w[i], "erased") ? (i++, 1) : 0;
            h->app = i < n && !strcmp(w[i], "app") ? (i++, 1) : 0;
            if (i != n)
                return line_error(r, "content: \"%.40s\" unexpected (expected \"content llr\" or \"content bits "
                                     "[work] [erased] [app]\", in that order)", w[i]);
        } else
            return line_error(r, "expected \"content llr\" or \"content bits [work] [erased] [app]\"");
        return 0;
    case F_LENGTH:
        if (n > 3 || (n == 3 && strcmp(w[2], "variable")))
            return line_error(r, "expected \"length N\" or \"length N variable\"");
        h->variable = n == 3;
        /* fall through */
    case F_APP_LENGTH:
    case F_COUNT:
        if (int_word(w[1], 0, &v, &e))
            return line_error(r, "%s: expected a non-negative integer, not \"%.40s\"", KEYS[k], w[1]);
        if (k != F_COUNT && (v < 1 || v > FG_FRAMES_LENGTH_MAX))
            return line_error(r, "%s %lld out of range [1, %d]", KEYS[k], v, FG_FRAMES_LENGTH_MAX);
        if (k == F_LENGTH)
            h->length = (int)v;
        else if (k == F_APP_LENGTH)
            h->app_length = (int)v;
        else
            h->count = v;
        return 0;
    case F_ENCODING:
        if (strcmp(w[1], "text") && strcmp(w[1], "binary"))
            return line_error(r, "expected \"encoding text\" or \"encoding binary\"");
        h->binary = w[1][0] == 'b';
        return 0;
    default:
        return n == 1 ? 0 : line_error(r, "\"end\" with text after it");
    }
}

static int parse_header(fg_frames_reader *r)
{
    int next = F_MAGIC;
    unsigned seen = 0;
    for (;;) {
        char *s;
        int rc = get_line(r, HEADER_LINE_MAX, r->in.line > 0, &s);
        if (rc == FG_EINVAL && r->in.line == 1) /* a first line too long or with a NUL byte: another file */
            return fg_set_error(FG_EINVAL, "%s: not a fecforge frame file (the first line is not \"fecforge-frames "
                                           "1\")", r->path);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return r->in.line == 0 ? fg_set_error(FG_EINVAL, "%s: empty, not a frame file", r->path)
                                   : fg_set_error(FG_EINVAL, "%s: the header ends without \"end\"", r->path);
        if (r->in.line == 1 && strncmp(s, "fecforge-frames ", 16))
            return fg_set_error(FG_EINVAL, "%s: not a fecforge frame file (the first line is not \"fecforge-frames "
                                           "1\")", r->path);
        char what[160];
        if (check_blanks(s, what, sizeof what))
            return line_error(r, "%s (header lines are words separated by one space)", what);
        char *w[WORDS_MAX];
        int n = 0;
        for (char *t = strtok(s, " "); t; t = strtok(NULL, " "))
            if (n < WORDS_MAX)
                w[n++] = t;
            else
                return line_error(r, "\"%s\": too many words", w[0]);
        int k = 0;
        while (k < F_N && strcmp(w[0], KEYS[k]))
            k++;
        if (k == F_N)
            return line_error(r, "unknown header line \"%.40s\" (the lines are " ORDER ")", w[0]);
        if (k < next)
            return line_error(r, "\"%s\" %s (the lines are " ORDER ")", KEYS[k],
                              seen >> k & 1 ? "given twice" : "out of order");
        if (k == F_APP_LENGTH && !r->h.app)
            return line_error(r, "app-length in a file whose content has no app");
        for (int m = next; m < k; m++)
            if (m != F_DIGEST && m != F_CHANNEL && (m != F_APP_LENGTH || r->h.app))
                return line_error(r, "\"%s\" where \"%s\" was expected (the lines are " ORDER ")", KEYS[k], KEYS[m]);
        if ((rc = header_field(r, k, w, n)))
            return rc;
        next = k + 1;
        seen |= 1u << k;
        if (k == F_END) {
            const fg_frames_header *h = &r->h;
            if (r->version == 1 && (h->channel[0] || h->hard || h->variable || h->erased))
                return fg_set_error(FG_EINVAL, "%s: a version 1 file has no %s (that is \"fecforge-frames 2\")",
                                    r->path, h->channel[0] ? "channel line" : h->hard ? "arith hard"
                                                                     : h->variable ? "variable length" : "erased flag");
            return check_header(&r->h, r->path);
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
    int rc = fg_in_open(&r->in, r->path, FG_IN_STDIN);
    if (!rc)
        rc = parse_header(r);
    const fg_frames_header *h = &r->h;
    const size_t per = h->hard ? 1 : h->fixed ? 12 : 32; /* "-32767 " or "%.17g ", with room */
    const size_t app = h->app ? (size_t)h->app_length * per : 0;
    r->line_max = (h->content == FG_FRAMES_LLR ? (size_t)h->length * per : (size_t)h->length + 14 + app) + 64;
    if (!rc && h->binary) {
        const size_t bits = (size_t)(h->length + 7) / 8;
        r->rec_n = h->content == FG_FRAMES_LLR ? (h->hard ? bits : (size_t)h->length * (h->fixed ? 2 : 8))
                                               : bits + (h->work ? 4 : 0) + (h->erased ? 1 : 0) +
                                                     (h->app ? (size_t)h->app_length * (h->fixed || h->hard ? 4 : 8) : 0);
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
    return fg_set_error(FG_EINVAL, "%s line %lld (frame %lld) value %d: %s", r->path, r->in.line, r->index, i, what);
}

/* The word at p (up to a space) named in the message. */
static int word_error(const fg_frames_reader *r, const char *p, const char *what, int i)
{
    char m[160];
    snprintf(m, sizeof m, "\"%.*s\"%s %s", (int)(strcspn(p, " ") < 24 ? strcspn(p, " ") : 24), p,
             strcspn(p, " ") > 24 ? "..." : "", what);
    return value_error(r, m, i);
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

static int check_work(const fg_frames_reader *r, long long v)
{
    if (v < 0 || v > INT32_MAX) {
        char what[96];
        snprintf(what, sizeof what, "the work count %lld is outside [0, 2^31 - 1]", v);
        return value_error(r, what, r->h.length);
    }
    return 0;
}

/* A variable frame's length word: in [0, length]. */
static int check_length(const fg_frames_reader *r, long long v)
{
    if (v < 0 || v > r->h.length) {
        char what[96];
        snprintf(what, sizeof what, "the frame's length %lld is outside [0, %d] (the header's length)", v,
                 r->h.length);
        return value_error(r, what, 0);
    }
    return 0;
}

static int read_binary(fg_frames_reader *r, int *np, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work,
                       uint8_t *erased, double *app, int32_t *app_q)
{
    const fg_frames_header *h = &r->h;
    const int is_llr = h->content == FG_FRAMES_LLR;
    int n = h->length;
    size_t want = r->rec_n;
    uint8_t len[4];
    size_t got = fread(h->variable ? len : r->rec, 1, h->variable ? 4 : want, r->in.f);
    if (got == 0 && ferror(r->in.f))
        return fg_set_error(FG_EIO, "%s: cannot read: %s", r->path, strerror(errno));
    if (got == 0 && feof(r->in.f)) {
        if (r->index < h->count)
            return fg_set_error(FG_EINVAL, "%s: %lld frames, the header says %lld (truncated file?)", r->path,
                                r->index, h->count);
        return 0;
    }
    if (r->index >= h->count)
        return fg_set_error(FG_EINVAL, "%s: data after the %lld frames of the header", r->path, h->count);
    if (h->variable) { /* the length, then the record of that length */
        if (got < 4)
            return fg_set_error(FG_EINVAL, "%s frame %lld: a short record (%zu of 4 bytes of its length; truncated "
                                           "file?)", r->path, r->index, got);
        const int32_t v = (int32_t)get_le(len, 4);
        int rc = check_length(r, v);
        if (rc)
            return rc;
        n = v;
        want = h->hard ? (size_t)(n + 7) / 8 : (size_t)n * (h->fixed ? 2 : 8);
        got = fread(r->rec, 1, want, r->in.f);
        if (got < want && ferror(r->in.f))
            return fg_set_error(FG_EIO, "%s: cannot read: %s", r->path, strerror(errno));
    }
    if (got < want)
        return fg_set_error(FG_EINVAL, "%s frame %lld: a short record (%zu of %zu bytes; truncated file?)", r->path,
                            r->index, got, want);
    const uint8_t *p = r->rec;
    int rc = 0;
    if (is_llr && !h->hard)
        for (int i = 0; i < n && !rc; i++) {
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
        for (int i = 0; i < n; i++)
            if (bits)
                bits[i] = (uint8_t)(p[i / 8] >> (i % 8) & 1);
        p += (n + 7) / 8;
        if (h->work) {
            const int32_t v = (int32_t)get_le(p, 4);
            p += 4;
            if (!(rc = check_work(r, v)) && work)
                *work = v;
        }
        if (h->erased && !rc) {
            if (*p > 1)
                rc = value_error(r, "the erasure flag is neither 0 nor 1", h->length);
            else if (erased)
                *erased = *p;
            p++;
        }
        for (int i = 0; h->app && i < h->app_length && !rc; i++) {
            if (h->fixed || h->hard) {
                if (app_q)
                    app_q[i] = (int32_t)get_le(p, 4);
                p += 4;
            } else {
                const double v = get_double(p);
                p += 8;
                if (!isfinite(v))
                    rc = value_error(r, "an app value is not a finite number", i);
                else if (app)
                    app[i] = v;
            }
        }
    }
    if (np)
        *np = n;
    r->index++;
    return rc ? rc : 1;
}

/* The separator before value i of a text frame: p at the end of the line is a missing value. */
static int next_value(const fg_frames_reader *r, const char **p, int i, int n, const char *what)
{
    if (!**p) {
        char m[128];
        snprintf(m, sizeof m, "missing: %d %s, the header says %d (one frame per line)", i, what, n);
        return value_error(r, m, i);
    }
    *p += **p == ' ';
    return 0;
}

/* A word of n bits 0/1 at p into bits (may be NULL); p moves past it. */
static int bits_word(const fg_frames_reader *r, const char **p, int n, uint8_t *bits)
{
    const size_t nb = strcspn(*p, " "), ok = strspn(*p, "01");
    if (ok < nb)
        return value_error(r, "a bit other than 0 or 1", (int)ok);
    if (nb != (size_t)n) {
        char m[128];
        snprintf(m, sizeof m, "a word of %zu bits, the %s is %d", nb, r->h.variable ? "frame's length" : "header's length",
                 n);
        return value_error(r, m, 0);
    }
    for (int i = 0; bits && i < n; i++)
        bits[i] = (uint8_t)((*p)[i] - '0');
    *p += nb;
    return 0;
}

int fg_frames_read(fg_frames_reader *r, int *np, double *llr, int32_t *llr_q, uint8_t *bits, int32_t *work,
                   uint8_t *erased, double *app, int32_t *app_q)
{
    const fg_frames_header *h = &r->h;
    if (h->binary)
        return read_binary(r, np, llr, llr_q, bits, work, erased, app, app_q);
    char *s;
    const int got = get_line(r, r->line_max, 0, &s);
    if (got < 0)
        return got;
    if (!got) {
        if (r->index < h->count)
            return fg_set_error(FG_EINVAL, "%s: %lld frames, the header says %lld (truncated file?)", r->path, r->index,
                                h->count);
        return 0;
    }
    if (r->index >= h->count)
        return line_error(r, "%s after the %lld frames of the header", s[0] ? "more text" : "an empty line", h->count);
    if (s[0] == '#')
        return line_error(r, "(frame %lld) a comment line among the frames (comments belong in the header)", r->index);
    char what[160];
    if (check_blanks(s, what, sizeof what))
        return line_error(r, "(frame %lld) %s (a frame is one line of values separated by one space)", r->index,
                          what);
    const char *p = s, *end;
    int rc, n = h->length;
    if (h->variable) { /* the frame's length first */
        long long v;
        if (int_word(p, 0, &v, &end))
            return word_error(r, p, "(the frame's length) is not a non-negative integer", 0);
        if ((rc = check_length(r, v)))
            return rc;
        n = (int)v;
        p = end;
        if (n && (rc = next_value(r, &p, 0, n, "values")))
            return rc;
    }
    if (h->content == FG_FRAMES_LLR && !h->hard) {
        for (int i = 0; i < n; i++, p = end) {
            if (i && (rc = next_value(r, &p, i, n, "values")))
                return rc;
            if (h->fixed) {
                long long v;
                if (int_word(p, 1, &v, &end))
                    return word_error(r, p, "is not an integer", i);
                if ((rc = check_q(r, v, i, h->q_width)))
                    return rc;
                if (llr_q)
                    llr_q[i] = (int32_t)v;
            } else {
                double v;
                if (real_word(p, &v, &end))
                    return word_error(r, p, "is not a finite number", i);
                if (llr)
                    llr[i] = v;
            }
        }
        if (*p)
            return value_error(r, h->variable ? "more values than the frame's length" : "more values than the header's length",
                               n);
    } else {
        if (n && (rc = bits_word(r, &p, n, bits)))
            return rc;
        if (h->work) {
            long long v;
            if ((rc = next_value(r, &p, 0, 1, "work counts")))
                return rc;
            if (int_word(p, 0, &v, &end))
                return word_error(r, p, "(the work count) is not a non-negative integer", h->length);
            if ((rc = check_work(r, v)))
                return rc;
            if (work)
                *work = (int32_t)v;
            p = end;
        }
        if (h->erased) {
            if ((rc = next_value(r, &p, 0, 1, "erasure flags")))
                return rc;
            if ((p[0] != '0' && p[0] != '1') || (p[1] && p[1] != ' '))
                return word_error(r, p, "(the erasure flag) is neither 0 nor 1", h->length);
            if (erased)
                *erased = (uint8_t)(p[0] - '0');
            p++;
        }
        for (int k = 0; h->app && k < h->app_length; k++, p = end) {
            if ((rc = next_value(r, &p, k, h->app_length, "app values")))
                return rc;
            if (h->fixed || h->hard) {
                long long v;
                if (int_word(p, 1, &v, &end) || v < INT32_MIN || v > INT32_MAX)
                    return word_error(r, p, "(an app value) is not a 32-bit integer", k);
                if (app_q)
                    app_q[k] = (int32_t)v;
            } else {
                double v;
                if (real_word(p, &v, &end))
                    return word_error(r, p, "(an app value) is not a finite number", k);
                if (app)
                    app[k] = v;
            }
        }
        if (*p)
            return value_error(r, "more values than the header says", h->length);
    }
    if (np)
        *np = n;
    r->index++;
    return 1;
}
