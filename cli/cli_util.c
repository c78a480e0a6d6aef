#include "cli.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"

#include <pthread.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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

double fg_cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- outputs ---- */

fg_out *fg_cli_out_open(const char *cmd, const char *opt, const char *path)
{
    fg_out *o;
    const int rc = fg_out_open(path, FG_OUT_ATOMIC, &o);
    if (rc) {
        fg_cli_usage_error(cmd, "%s%s: %s", opt[1] ? "--" : "-", opt, fg_last_error());
        return NULL;
    }
    return o;
}

void fg_cli_out_report_partial(const char *cmd, const fg_out *o)
{
    if (o && fg_out_is_through(o) && fg_out_written(o) > 0)
        fprintf(stderr, "fecforge %s: %s received %lld bytes before the failure: they are not a complete output\n",
                cmd, fg_out_path(o), fg_out_written(o));
}

int fg_cli_out_close(const char *cmd, fg_out *o, int ok)
{
    if (!o)
        return FG_EXIT_OK;
    if (!ok) {
        fg_cli_out_report_partial(cmd, o);
        fg_out_abort(o);
        return FG_EXIT_FAIL;
    }
    return fg_out_commit(o) ? fg_cli_fail(cmd, "%s", fg_last_error()) : FG_EXIT_OK;
}

int fg_cli_outdir_error(const char *cmd, const char *opt, int rc)
{
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(cmd, "%s%s: %s", opt[1] ? "--" : "-", opt, fg_last_error());
    return fg_cli_fail(cmd, "%s", fg_last_error());
}

void fg_cli_gp_quote(FILE *f, const char *s, int text)
{
    fputc('\'', f);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("''", f);
        else if (text && strchr("_^{}@&~\\", *s))
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s >= 0x20 && *s != 0x7f)
            fputc(*s, f);
    }
    fputc('\'', f);
}

int fg_cli_copy(FILE *in, FILE *out)
{
    char buf[1 << 15];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, in)) > 0)
        if (fwrite(buf, 1, r, out) != r)
            return -1;
    return ferror(in) || ferror(out) ? -1 : 0;
}

int fg_cli_gnuplot(const char *cmd, const char *script, fg_out *png)
{
    if (!fg_cli_have_program("gnuplot"))
        return fg_cli_fail(cmd, "gnuplot not found on PATH: install the Debian package gnuplot-nox (or drop --plot)");
    fg_tmpdir *td;
    if (fg_tmpdir_create("fecforge-plot", &td))
        return fg_cli_fail(cmd, "%s", fg_last_error());
    const char *dir = fg_tmpdir_path(td);
    char img[4200], log[4200];
    snprintf(img, sizeof img, "%s/plot.png", dir);
    snprintf(log, sizeof log, "%s/gnuplot.log", dir);
    char *text = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&text, &n);
    if (!m) {
        fg_tmpdir_release(td, 0);
        return fg_cli_fail(cmd, "out of memory for the plot script");
    }
    /* Every plot records the tool version and git hash (outputs carry provenance). The output is our
     * own file in our own directory: no user text reaches `set output`. */
    fputs("set output ", m);
    fg_cli_gp_quote(m, img, 0);
    fprintf(m, "\nset label 999 'fecforge %s (git %s)' at screen 0.995, 0.012 right font ',8' tc rgb '#888888'\n",
            fg_version(), fg_git_hash());
    fputs(script, m);
    fputs("\nset output\n", m);
    fclose(m);
    char *argv[] = {"gnuplot", NULL};
    const fg_cli_proc proc = {.input = text, .input_n = n, .stdout_path = log, .stderr_path = log};
    const int st = fg_cli_run(argv, &proc);
    free(text);
    int rc = FG_EXIT_OK;
    FILE *in = st == 0 ? fopen(img, "rb") : NULL;
    if (!in) {
        rc = fg_cli_fail(cmd, "gnuplot failed (exit %d) drawing the plot; its messages:", st);
        FILE *l = fopen(log, "r");
        char line[512];
        for (int k = 0; l && k < 20 && fgets(line, sizeof line, l); k++)
            fputs(line, stderr);
        if (l)
            fclose(l);
    } else {
        fg_cli_copy(in, fg_out_stream(png)); /* a failed write shows at the output's commit */
        fclose(in);
    }
    fg_tmpdir_release(td, 0);
    return rc;
}

/* ---- progress ---- */

int fg_cli_quiet;

static struct {
    int tty;          /* -1: not decided yet */
    int shown;        /* a live line is on the terminal */
    const char *what; /* the counter whose clock runs */
    double t0, last;  /* its start, the last line printed */
} prog = {-1, 0, NULL, 0, -1e9};

static int progress_tty(void)
{
    if (prog.tty < 0)
        prog.tty = isatty(2);
    return prog.tty;
}

static pthread_mutex_t prog_lock = PTHREAD_MUTEX_INITIALIZER; /* the ticker's thread prints too */

static void progress_line(int force, const char *text)
{
    if (fg_cli_quiet)
        return;
    pthread_mutex_lock(&prog_lock);
    const double t = fg_cli_now();
    if (progress_tty()) {
        if (force || t - prog.last >= 0.2) {
            fprintf(stderr, "\r\033[K%s", text);
            prog.shown = 1;
            prog.last = t;
        }
    } else if (force || t - prog.last >= FG_CLI_PROGRESS_PLAIN_S) {
        fprintf(stderr, "%s\n", text);
        prog.last = t;
    }
    pthread_mutex_unlock(&prog_lock);
}

/* ---- the ticker: progress during one long call that reports none ---- */

struct fg_cli_ticker {
    pthread_t th;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int stop;
    char text[256];
    double t0;
};

static void *ticker_main(void *arg)
{
    fg_cli_ticker *k = arg;
    pthread_mutex_lock(&k->lock);
    while (!k->stop) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        ts.tv_sec += 1;
        pthread_cond_timedwait(&k->cond, &k->lock, &ts);
        if (!k->stop)
            fg_cli_progress_text(0, "%s, %.0f s", k->text, fg_cli_now() - k->t0);
    }
    pthread_mutex_unlock(&k->lock);
    return NULL;
}

fg_cli_ticker *fg_cli_ticker_start(const char *fmt, ...)
{
    fg_cli_ticker *k = calloc(1, sizeof *k);
    if (!k)
        return NULL;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(k->text, sizeof k->text, fmt, ap);
    va_end(ap);
    k->t0 = fg_cli_now();
    pthread_mutex_init(&k->lock, NULL);
    pthread_cond_init(&k->cond, NULL);
    if (pthread_create(&k->th, NULL, ticker_main, k)) {
        free(k);
        return NULL; /* no progress: the work goes on without it */
    }
    return k;
}

void fg_cli_ticker_stop(fg_cli_ticker *k)
{
    if (!k)
        return;
    pthread_mutex_lock(&k->lock);
    k->stop = 1;
    pthread_cond_signal(&k->cond);
    pthread_mutex_unlock(&k->lock);
    pthread_join(k->th, NULL);
    pthread_cond_destroy(&k->cond);
    pthread_mutex_destroy(&k->lock);
    free(k);
}

void fg_cli_progress_text(int force, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    progress_line(force, text);
}

void fg_cli_progress(const char *cmd, const char *what, long done, long total)
{
    const double t = fg_cli_now();
    if (done == 0 || what != prog.what) {
        prog.what = what;
        prog.t0 = t;
        if (!progress_tty())
            prog.last = t; /* the first plain line after FG_CLI_PROGRESS_PLAIN_S seconds of work */
    }
    const double el = t - prog.t0, rate = el > 0 ? (double)done / el : 0;
    char eta[32] = "";
    if (rate > 0 && done < total) {
        const double left = (double)(total - done) / rate;
        if (left < 120)
            snprintf(eta, sizeof eta, ", ETA %.0f s", left);
        else
            snprintf(eta, sizeof eta, ", ETA %.0f min", left / 60);
    }
    fg_cli_progress_text(0, "fecforge %s: %s %ld/%ld (%.0f %%), %.3g/s%s", cmd, what, done, total,
                         total > 0 ? 100.0 * (double)done / (double)total : 0.0, rate, eta);
}

void fg_cli_progress_done(void)
{
    if (prog.shown)
        fputs("\r\033[K", stderr);
    prog.shown = 0;
}

int fg_cli_k_list(const char *cmd, int std, const fg_opt_ints *v, int def, int **K_n, int *n)
{
    const int total = fg_interleaver_num_sizes((fg_std)std);
    const int count = v->n == FG_OPT_ALL ? total : v->n > 0 ? v->n : 1;
    int *k = malloc(sizeof *k * (size_t)count);
    if (!k) {
        fg_cli_fail(cmd, "out of memory");
        return -1;
    }
    for (int i = 0; i < count; i++)
        k[i] = v->n == FG_OPT_ALL ? fg_interleaver_size((fg_std)std, i) : v->n > 0 ? v->v[i] : def;
    for (int i = 0; i < count; i++)
        if (fg_interleaver_check_k((fg_std)std, k[i])) {
            fg_cli_usage_error(cmd, "--%s", fg_last_error());
            free(k);
            return -1;
        }
    *K_n = k;
    *n = count;
    return 0;
}
