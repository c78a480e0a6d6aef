/* Shared pieces of the BER commands (cli_ber.h). */
#include "cli_ber.h"
#include "vec_json.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const double fg_cli_fer_targets[FG_CLI_FER_TARGETS] = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};
const char *const fg_cli_fer_target_names[FG_CLI_FER_TARGETS] = {"1e-1", "1e-2", "1e-3", "1e-4", "1e-5", "1e-6"};

int fg_cli_parse_double(const char *text, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(text, &end);
    return end == text || *end || errno || !isfinite(*v) ? -1 : 0;
}

/* --ebn0: comma-separated items, each a value or A:STEP:B; ascending overall. */
int fg_cli_ber_ebn0(const char *cmd, const char *text, double *out, int *n)
{
    *n = 0;
    char buf[1024];
    if (snprintf(buf, sizeof buf, "%s", text) >= (int)sizeof buf)
        return fg_cli_usage_error(cmd, "--ebn0 too long (at most %d characters)", (int)sizeof buf - 1);
    char *save = NULL;
    for (char *item = strtok_r(buf, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
        char *c1 = strchr(item, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        double a, step = 1.0, b;
        if (c1 && !c2)
            return fg_cli_usage_error(cmd, "--ebn0=%s invalid: '%s' is not A:STEP:B", text, item);
        if (c1) {
            *c1 = *c2 = '\0';
            if (fg_cli_parse_double(item, &a) || fg_cli_parse_double(c1 + 1, &step) || fg_cli_parse_double(c2 + 1, &b))
                return fg_cli_usage_error(cmd, "--ebn0=%s invalid: expected numbers in A:STEP:B", text);
            if (step <= 0)
                return fg_cli_usage_error(cmd, "--ebn0=%s invalid: STEP=%g must be > 0", text, step);
            if (a > b)
                return fg_cli_usage_error(cmd, "--ebn0=%s is empty: A=%g > B=%g (need A <= B, STEP > 0)", text, a,
                                          b);
        } else {
            if (fg_cli_parse_double(item, &a))
                return fg_cli_usage_error(cmd, "--ebn0=%s invalid: '%s' is not a number", text, item);
            b = a;
        }
        const double cnt = floor((b - a) / step + 1e-9) + 1.0;
        if (cnt + *n > FG_CLI_EBN0_MAX)
            return fg_cli_usage_error(cmd, "--ebn0=%s has more than %d points", text, FG_CLI_EBN0_MAX);
        for (int i = 0; i < (int)cnt; i++) {
            double v = a + i * step;
            v = round(v * 1e9) / 1e9; /* 1.2 + 3 * 0.1 prints as 1.5 */
            if (v < -50 || v > 100)
                return fg_cli_usage_error(cmd, "--ebn0=%s: %g dB out of range [-50, 100]", text, v);
            if (*n > 0 && !(v > out[*n - 1]))
                return fg_cli_usage_error(cmd, "--ebn0=%s: points must be strictly ascending (%g after %g)", text, v,
                                          out[*n - 1]);
            out[(*n)++] = v;
        }
    }
    if (*n == 0)
        return fg_cli_usage_error(cmd, "--ebn0=%s is empty: expected A:STEP:B (A <= B, STEP > 0) or values", text);
    return 0;
}

int fg_cli_ll(const char *cmd, const char *opt, const char *text, long long lo, long long hi, long long *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (!*text || *end || errno || v < lo || v > hi)
        return fg_cli_usage_error(cmd, "--%s=%s invalid: expected an integer in [%lld, %lld]", opt, text, lo, hi);
    *out = v;
    return 0;
}


void fg_cli_curve_free(fg_cli_curve *c)
{
    free(c->ebn0);
    free(c->fer);
    free(c->ber);
}

int fg_cli_curve_alloc(fg_cli_curve *c, int n)
{
    c->n = n;
    c->ebn0 = calloc((size_t)(n ? n : 1), sizeof(double));
    c->fer = calloc((size_t)(n ? n : 1), sizeof(double));
    c->ber = calloc((size_t)(n ? n : 1), sizeof(double));
    return c->ebn0 && c->fer && c->ber ? 0 : -1;
}

/* A fg_cli_curve from an earlier `ber ldpc --json` output (opt: the option that named it, for messages).
 * Usage error (exit 2) if unreadable. code_name (may be NULL) gets the code's name. */
int fg_cli_read_curve(const char *cmd, const char *opt, const char *path, fg_cli_curve *c, char *code_name, size_t code_name_n)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fg_cli_usage_error(cmd, "%s%s: cannot read: %s", opt, path, strerror(errno));
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (;;) {
        if (len + 4096 + 1 > cap) {
            cap = cap ? 2 * cap : 65536;
            char *t = realloc(text, cap);
            if (!t) {
                free(text);
                fclose(f);
                return fg_cli_fail(cmd, "out of memory reading %s", path);
            }
            text = t;
        }
        size_t got = fread(text + len, 1, 4096, f);
        len += got;
        if (got < 4096)
            break;
    }
    fclose(f);
    text[len] = '\0';
    vj doc;
    char err[128];
    int rc = 0;
    if (vj_parse(text, &doc, err, sizeof err)) {
        free(text);
        return fg_cli_usage_error(cmd, "%s%s: not JSON: %s", opt, path, err);
    }
    free(text);
    const vj *pts = vj_get(&doc, "points"), *label = vj_get(&doc, "label");
    if (!pts || pts->t != VJ_ARR) {
        rc = fg_cli_usage_error(cmd, "%s%s: no \"points\" array (expected the output of ber ldpc or ber turbo --json)",
                                opt, path);
        goto out;
    }
    if (fg_cli_curve_alloc(c, pts->n)) {
        rc = fg_cli_fail(cmd, "out of memory reading %s", path);
        goto out;
    }
    snprintf(c->label, sizeof c->label, "%s", label && label->t == VJ_STR ? label->s : path);
    const vj *code = vj_get(&doc, "code"), *cname = code ? vj_get(code, "name") : NULL;
    if (code_name)
        snprintf(code_name, code_name_n, "%s", cname && cname->t == VJ_STR ? cname->s : "?");
    for (int i = 0; i < pts->n; i++) {
        const vj *e = vj_get(&pts->items[i], "ebn0"), *fe = vj_get(&pts->items[i], "fer"),
                 *be = vj_get(&pts->items[i], "ber");
        if (!e || !fe || !be || e->t != VJ_NUM || fe->t != VJ_NUM || be->t != VJ_NUM) {
            rc = fg_cli_usage_error(cmd, "%s%s: point %d lacks ebn0, fer or ber", opt, path, i);
            goto out;
        }
        c->ebn0[i] = e->d;
        c->fer[i] = fe->d;
        c->ber[i] = be->d;
    }
out:
    vj_free(&doc);
    return rc;
}

/* Inside a single-quoted gnuplot string: quotes doubled; with text = 1 also no enhanced-text markup. */
/* FER (and BER, unless fer_only) against Eb/N0, one line per fg_cli_curve. A curve without a single
 * error has no point on the log scale: it keeps its legend entry, marked "no errors"; when no curve has
 * one, the axis shows 1e-6 .. 1 and a note says so. */
int fg_cli_ber_plot(const char *cmd, fg_out *png, const char *title, const fg_cli_curve *cv, int n, int fer_only)
{
    char *script = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&script, &len);
    if (!f)
        return fg_cli_fail(cmd, "out of memory for the plot script");
    int any = 0;
    for (int c = 0; c < n; c++) {
        fprintf(f, "$c%d << EOD\n", c);
        for (int i = 0; i < cv[c].n; i++) {
            fprintf(f, "%.6g ", cv[c].ebn0[i]);
            if (cv[c].fer[i] > 0)
                fprintf(f, "%.6e ", cv[c].fer[i]);
            else
                fputs("NaN ", f);
            if (cv[c].ber[i] > 0)
                fprintf(f, "%.6e\n", cv[c].ber[i]);
            else
                fputs("NaN\n", f);
            any |= cv[c].fer[i] > 0;
        }
        fputs("EOD\n", f);
    }
    fprintf(f, "set terminal pngcairo size %s font ',11'\n", fer_only ? "800,600" : "1200,540");
    fprintf(f, fer_only ? "set title " : "set multiplot layout 1,2 title ");
    fg_cli_gp_quote(f, title, 1);
    fprintf(f, "\nset logscale y\nset format y '10^{%%L}'\nset grid xtics ytics mytics\n"
               "set xlabel 'E_b/N_0 [dB]'\nset key bottom left box opaque font ',10'\nset datafile missing 'NaN'\n");
    if (!any)
        fputs("set yrange [1e-6:1]\nset label 998 'no errors at any point' at graph 0.5, 0.5 center\n", f);
    for (int m = 0; m < (fer_only ? 1 : 2); m++) {
        fprintf(f, "set ylabel '%s'\nplot ", m ? "BER" : "FER");
        for (int c = 0; c < n; c++) {
            int has = 0;
            for (int i = 0; i < cv[c].n; i++)
                has |= cv[c].fer[i] > 0;
            char label[FG_CLI_LABEL_MAX + 16];
            snprintf(label, sizeof label, "%s%s", cv[c].label, has ? "" : " (no errors)");
            if (has)
                fprintf(f, "%s$c%d using 1:%d with linespoints lw 1.5 pt %d ps 0.8 lc %d title ", c ? ", " : "", c,
                        2 + m, 5 + 2 * (c % 5), c + 1);
            else
                fprintf(f, "%s1/0 with linespoints lw 1.5 pt %d ps 0.8 lc %d title ", c ? ", " : "", 5 + 2 * (c % 5),
                        c + 1);
            fg_cli_gp_quote(f, label, 1);
        }
        fputc('\n', f);
    }
    if (!fer_only)
        fputs("unset multiplot\n", f);
    fclose(f);
    int rc = fg_cli_gnuplot(cmd, script, png);
    free(script);
    return rc;
}


void fg_cli_ber_json_point(fg_json *j, const fg_cli_ber_pt *p)
{
    fg_json_obj_open(j, NULL);
    fg_json_num(j, "ebn0", p->ebn0_db);
    fg_json_num(j, "sigma", p->sigma);
    fg_json_int(j, "frames", p->frames);
    fg_json_int(j, "frame_errors", p->frame_errors);
    fg_json_int(j, "bit_errors", p->bit_errors);
    fg_json_num(j, "fer", p->fer);
    fg_json_num(j, "ber", p->ber);
    fg_json_num(j, "avg_iter", p->avg_iter);
    fg_json_str(j, "stop", p->stop_min_fe ? "min_fe" : "max_frames");
    fg_json_num(j, "elapsed_s", p->seconds);
    fg_json_num(j, "frames_per_s", p->seconds > 0 ? (double)p->frames / p->seconds : 0.0);
    fg_json_obj_close(j);
}

void fg_cli_ber_table_head(void)
{
    printf("%7s %10s %10s %12s %12s %12s %8s %9s %9s\n", "Eb/N0", "frames", "frame_err", "bit_err", "FER", "BER",
           "avg_iter", "time_s", "frames/s");
    fflush(stdout);
}

void fg_cli_ber_table_row(const fg_cli_ber_pt *p)
{
    printf("%7.3f %10lld %10lld %12lld %12.4e %12.4e %8.3f %9.2f %9.1f\n", p->ebn0_db, p->frames, p->frame_errors,
           p->bit_errors, p->fer, p->ber, p->avg_iter, p->seconds,
           p->seconds > 0 ? (double)p->frames / p->seconds : 0.0);
    fflush(stdout);
}

void fg_cli_ber_progress_show(fg_cli_ber_progress *s, const fg_cli_ber_pt *p, int final)
{
    const double el = fg_cli_now() - s->start, rate = el > 0 ? (double)p->frames / el : 0;
    /* frames still to run: to min_fe at the error rate so far, at most to max_frames */
    double need = (double)s->max_frames;
    if (p->frame_errors > 0) {
        const double at_fe = (double)p->frames * (double)s->min_fe / (double)p->frame_errors;
        need = at_fe < need ? at_fe : need;
    }
    char eta[32] = "";
    if (!final && rate > 0 && need > (double)p->frames)
        snprintf(eta, sizeof eta, ", ETA %.0f s", (need - (double)p->frames) / rate);
    fg_cli_progress_text(final, "fecforge %s: Eb/N0 %.3g dB: %lld frames, %lld/%lld frame errors, FER %.2e, BER %.2e, "
                                "%.4g frames/s%s%s",
                         s->cmd, p->ebn0_db, p->frames, p->frame_errors, s->min_fe, p->fer, p->ber, rate, eta,
                         final ? ", done" : "");
}

void fg_cli_ber_json_head(fg_json *j, long long seed, const char *command, const char *label)
{
    fg_json_begin(j, stdout);
    fg_json_obj_open(j, NULL);
    fg_json_provenance(j, seed);
    fg_json_str(j, "command", command);
    fg_json_str(j, "label", label);
}

void fg_cli_ber_json_channel(fg_json *j, long long seed, long long min_fe, long long max_frames)
{
    fg_json_str(j, "channel", "bpsk-awgn");
    fg_json_int(j, "seed", seed);
    fg_json_int(j, "min_fe", min_fe);
    fg_json_int(j, "max_frames", max_frames);
}

void fg_cli_ber_json_results(fg_json *j, const double *ebn0_asked, int n_asked, const fg_cli_ber_pt *p_n, int n,
                             const fg_cli_fer_at *at, int threads, double elapsed)
{
    fg_json_arr_open(j, "ebn0_asked");
    j->pretty = 0;
    for (int i = 0; i < n_asked; i++)
        fg_json_num(j, NULL, ebn0_asked[i]);
    fg_json_arr_close(j);
    j->pretty = 1;
    fg_json_arr_open(j, "points");
    for (int i = 0; i < n; i++)
        fg_cli_ber_json_point(j, &p_n[i]);
    fg_json_arr_close(j);
    fg_json_obj_open(j, "ebn0_at_fer");
    for (int t = 0; t < FG_CLI_FER_TARGETS; t++)
        if (at->have[t])
            fg_json_num(j, fg_cli_fer_target_names[t], at->ebn0[t]);
    fg_json_obj_close(j);
    fg_json_obj_open(j, "run");
    fg_json_int(j, "threads", threads);
    fg_json_num(j, "elapsed_s", elapsed);
    fg_json_obj_close(j);
}

void fg_cli_ber_summary(const fg_cli_fer_at *at, double elapsed)
{
    int any = 0;
    for (int t = 0; t < FG_CLI_FER_TARGETS; t++)
        if (at->have[t])
            printf("%s%s %.3f dB", any++ ? ", " : "\nEb/N0 at FER ", fg_cli_fer_target_names[t], at->ebn0[t]);
    printf(any ? "\n" : "");
    printf("total %.1f s\n", elapsed);
}

int fg_cli_ber_plot_with(const char *cmd, const char *const *paths_n, int n, fg_cli_curve **cv)
{
    *cv = calloc((size_t)n + 1, sizeof **cv);
    if (!*cv)
        return fg_cli_fail(cmd, "out of memory");
    for (int i = 0; i < n; i++) {
        const int rc = fg_cli_read_curve(cmd, "--plot-with=", paths_n[i], &(*cv)[i], NULL, 0);
        if (rc) {
            fg_cli_curves_free(*cv, i + 1);
            *cv = NULL;
            return rc;
        }
    }
    return FG_EXIT_OK;
}

void fg_cli_curves_free(fg_cli_curve *cv, int n)
{
    for (int i = 0; cv && i < n; i++)
        fg_cli_curve_free(&cv[i]);
    free(cv);
}

int fg_cli_ber_plot_run(const char *cmd, fg_out *png, const char *title, const char *label, fg_cli_curve *cv,
                        int n_with, const fg_cli_ber_pt *p_n, int n)
{
    fg_cli_curve *me = &cv[n_with];
    if (fg_cli_curve_alloc(me, n)) {
        fg_cli_curve_free(me);
        fg_cli_out_close(cmd, png, 0);
        return fg_cli_fail(cmd, "out of memory");
    }
    snprintf(me->label, sizeof me->label, "%s", label);
    for (int i = 0; i < n; i++) {
        me->ebn0[i] = p_n[i].ebn0_db;
        me->fer[i] = p_n[i].fer;
        me->ber[i] = p_n[i].ber;
    }
    /* the plot lists the earlier curves first, this run last */
    const int ok = fg_cli_ber_plot(cmd, png, title, cv, n_with + 1, 0) == 0;
    const int closed = fg_cli_out_close(cmd, png, ok);
    fg_cli_curve_free(me);
    return ok && !closed ? FG_EXIT_OK : FG_EXIT_FAIL;
}
