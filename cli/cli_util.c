#include "cli.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int vreport(const char *cmd, int code, const char *fmt, va_list ap)
{
    fprintf(stderr, "fecforge %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    if (code == FG_EXIT_USAGE)
        fprintf(stderr, "Try 'fecforge %s --help'.\n", cmd);
    return code;
}

int fg_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(cmd, FG_EXIT_USAGE, fmt, ap);
    va_end(ap);
    return rc;
}

int fg_cli_fail(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int rc = vreport(cmd, FG_EXIT_FAIL, fmt, ap);
    va_end(ap);
    return rc;
}

int fg_cli_int(const char *cmd, const char *opt, const char *text, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || !*text || *end || errno) {
        fg_cli_usage_error(cmd, "--%s=%s invalid: expected an integer in [%ld, %ld]", opt, text ? text : "",
                           lo, hi);
        return -1;
    }
    if (v < lo || v > hi) {
        fg_cli_usage_error(cmd, "--%s=%ld out of range [%ld, %ld]", opt, v, lo, hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

int fg_cli_fclk(const char *cmd, const char *text, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (end != text && *end) {
        if (!strcmp(end, "k") || !strcmp(end, "K") || !strcmp(end, "kHz"))
            v *= 1e3;
        else if (!strcmp(end, "M") || !strcmp(end, "MHz"))
            v *= 1e6;
        else if (!strcmp(end, "G") || !strcmp(end, "GHz"))
            v *= 1e9;
        else
            end = (char *)text;
    }
    if (end == text || errno || !(v >= 1e3 && v <= 1e12)) {
        fg_cli_usage_error(cmd, "--fclk=%s invalid: expected a frequency in [1e3, 1e12] Hz (815e6, 815M)", text);
        return -1;
    }
    *out = v;
    return 0;
}

/* ---- JSON ---- */

static void json_indent(fg_json *j)
{
    if (!j->pretty)
        return;
    fputc('\n', j->f);
    for (int i = 0; i < j->depth; i++)
        fputs("  ", j->f);
}

static void json_key(fg_json *j, const char *key)
{
    if (j->depth > 0) {
        if (!j->first[j->depth])
            fputc(',', j->f);
        j->first[j->depth] = 0;
        json_indent(j);
    }
    if (key)
        fprintf(j->f, j->pretty ? "\"%s\": " : "\"%s\":", key);
}

void fg_json_begin(fg_json *j, FILE *f)
{
    memset(j, 0, sizeof *j);
    j->f = f;
    j->pretty = 1;
}

static void json_open(fg_json *j, const char *key, char c)
{
    json_key(j, key);
    fputc(c, j->f);
    j->depth++;
    j->first[j->depth] = 1;
}

static void json_close(fg_json *j, char c)
{
    int empty = j->first[j->depth];
    j->depth--;
    if (!empty)
        json_indent(j);
    fputc(c, j->f);
}

void fg_json_obj_open(fg_json *j, const char *key) { json_open(j, key, '{'); }
void fg_json_obj_close(fg_json *j) { json_close(j, '}'); }
void fg_json_arr_open(fg_json *j, const char *key) { json_open(j, key, '['); }
void fg_json_arr_close(fg_json *j) { json_close(j, ']'); }

void fg_json_int(fg_json *j, const char *key, long long v)
{
    json_key(j, key);
    fprintf(j->f, "%lld", v);
}

void fg_json_num(fg_json *j, const char *key, double v)
{
    json_key(j, key);
    fprintf(j->f, "%.10g", v);
}

void fg_json_str(fg_json *j, const char *key, const char *v)
{
    json_key(j, key);
    fputc('"', j->f);
    for (const char *p = v; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(j->f, "\\%c", *p);
        else if ((unsigned char)*p < 0x20)
            fprintf(j->f, "\\u%04x", *p);
        else
            fputc(*p, j->f);
    }
    fputc('"', j->f);
}

void fg_json_bool(fg_json *j, const char *key, int v)
{
    json_key(j, key);
    fputs(v ? "true" : "false", j->f);
}

void fg_json_end(fg_json *j)
{
    fputc('\n', j->f);
    fflush(j->f);
}

void fg_json_provenance(fg_json *j, long long seed)
{
    fg_json_obj_open(j, "tool");
    fg_json_str(j, "name", "fecforge");
    fg_json_str(j, "version", fg_version());
    fg_json_str(j, "git", fg_git_hash());
    if (seed >= 0)
        fg_json_int(j, "seed", seed);
    fg_json_obj_close(j);
}

/* ---- files ---- */

FILE *fg_cli_open_out(const char *cmd, const char *path)
{
    char tmp[PATH_MAX];
    if (snprintf(tmp, sizeof tmp, "%s.tmp", path) >= (int)sizeof tmp) {
        fg_cli_usage_error(cmd, "output path too long: %s", path);
        return NULL;
    }
    FILE *f = fopen(tmp, "w");
    if (!f)
        fg_cli_usage_error(cmd, "cannot write %s: %s", path, strerror(errno));
    return f;
}

int fg_cli_close_out(const char *cmd, const char *path, FILE *f, int ok)
{
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    if (fclose(f) != 0)
        ok = 0;
    if (!ok) {
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        fg_cli_fail(cmd, "cannot write %s: %s", path, strerror(errno));
        remove(tmp);
        return -1;
    }
    return 0;
}

int fg_cli_gnuplot(const char *cmd, const char *script)
{
    FILE *p = popen("gnuplot 1>&2", "w");
    if (!p) {
        fg_cli_fail(cmd, "cannot run gnuplot: %s", strerror(errno));
        return -1;
    }
    /* Every plot records the tool version and git hash (DESIGN: outputs carry provenance). */
    fprintf(p, "set label 999 'fecforge %s (git %s)' at screen 0.995, 0.012 right font ',8' tc rgb '#888888'\n",
            fg_version(), fg_git_hash());
    fputs(script, p);
    int st = pclose(p);
    if (st == -1 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        fg_cli_fail(cmd, "gnuplot failed (is gnuplot installed? Debian package gnuplot-nox)");
        return -1;
    }
    return 0;
}

static int progress_on = -1;
static int progress_shown;

void fg_cli_progress(const char *what, long done, long total)
{
    if (progress_on < 0) {
        const char *e = getenv("FG_PROGRESS");
        progress_on = e ? atoi(e) != 0 : isatty(2);
    }
    if (!progress_on)
        return;
    fprintf(stderr, "\r%s %ld/%ld", what, done, total);
    progress_shown = 1;
}

void fg_cli_progress_done(void)
{
    if (progress_shown)
        fputs("\r\033[K", stderr);
    progress_shown = 0;
}

int fg_cli_int_list(const char *cmd, const char *opt, const char *text, long lo, long hi, int *out, int max,
                    int *n)
{
    *n = 0;
    const char *p = text;
    while (p && *p) {
        char *end;
        errno = 0;
        long a = strtol(p, &end, 10), b;
        if (end == p || errno)
            goto bad;
        b = a;
        long step = 1;
        if (*end == '-') {
            const char *q = end + 1;
            b = strtol(q, &end, 10);
            if (end == q || errno)
                goto bad;
            if (*end == ':') {
                q = end + 1;
                step = strtol(q, &end, 10);
                if (end == q || errno || step < 1)
                    goto bad;
            }
        }
        if (*end && *end != ',')
            goto bad;
        if (a < lo || b > hi || a > b) {
            fg_cli_usage_error(cmd, "--%s=%s out of range: values must be in [%ld, %ld]", opt, text, lo, hi);
            return -1;
        }
        for (long v = a; v <= b; v += step) {
            if (*n >= max) {
                fg_cli_usage_error(cmd, "--%s=%s has more than %d values", opt, text, max);
                return -1;
            }
            out[(*n)++] = (int)v;
        }
        p = *end ? end + 1 : end;
    }
    if (*n > 0)
        return 0;
bad:
    fg_cli_usage_error(cmd, "--%s=%s invalid: expected N, N,M,..., N-M or N-M:STEP", opt, text ? text : "");
    return -1;
}

int fg_cli_k_set(const char *cmd, int std, const char *text, int **K_n, int *n)
{
    const int total = fg_interleaver_num_sizes((fg_std)std);
    int *k = malloc(sizeof *k * (size_t)(total > FG_K_MAX ? total : FG_K_MAX));
    if (!k) {
        fg_cli_fail(cmd, "out of memory");
        return -1;
    }
    if (text && !strcmp(text, "all")) {
        for (int i = 0; i < total; i++)
            k[i] = fg_interleaver_size((fg_std)std, i);
        *n = total;
    } else if (fg_cli_int_list(cmd, "K", text, 1, FG_K_MAX, k, FG_K_MAX, n)) {
        free(k);
        return -1;
    }
    for (int i = 0; i < *n; i++)
        if (fg_interleaver_check_k((fg_std)std, k[i])) {
            fg_cli_usage_error(cmd, "--%s", fg_last_error());
            free(k);
            return -1;
        }
    *K_n = k;
    return 0;
}
