/* Shared pieces of the BER output (cli_ber.h). */
#include "cli_ber.h"
#include "json_read.h"
#include "fecforge/error.h"
#include "fecforge/input.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fg_cli_ber_table_head(const fg_family *f)
{
    char max[80];
    snprintf(max, sizeof max, "%s_max", fg_family_counter_at(f, 0).name);
    printf("%7s %10s %10s %12s %12s %12s %8s %8s %9s %9s\n", f->channel->axis_label, "frames", "frame_err", "bit_err",
           "FER", "BER", f->work_name, max, "time_s", "frames/s");
    fflush(stdout);
}

void fg_cli_ber_table_row(const fg_family *f, const fg_ber_point *p)
{
    char x[32];
    snprintf(x, sizeof x, f->channel->axis_format, p->x);
    printf("%7s %10lld %10lld %12lld %12.4e %12.4e %8.3f %8.6g %9.2f %9.1f%s\n", x, p->frames, p->frame_errors,
           p->bit_errors, p->fer, p->ber, p->avg_work, (double)p->stat[0].max / fg_family_counter_at(f, 0).div,
           p->seconds, p->seconds > 0 ? (double)p->frames / p->seconds : 0.0,
           p->stop == FG_BER_STOP_INTERRUPTED ? "  (interrupted)" : "");
    fflush(stdout);
}

void fg_cli_ber_progress_show(const fg_cli_ber_progress *s, const fg_ber_point *p, int final)
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
    const fg_channel *ch = s->family->channel;
    char x[32];
    snprintf(x, sizeof x, ch->axis_format, p->x);
    fg_cli_progress_text(final, "fecforge %s: %s %s%s%s: %lld frames, %lld/%lld frame errors, FER %.2e, BER %.2e, "
                                "%.4g frames/s%s%s",
                         s->cmd, ch->axis_label, x, ch->axis_unit[0] ? " " : "", ch->axis_unit, p->frames, p->frame_errors, s->min_fe, p->fer,
                         p->ber, rate, eta, final ? ", done" : "");
}

void fg_cli_curve_free(fg_cli_curve *c)
{
    free(c->x); /* fer and ber are in its block */
    c->x = c->fer = c->ber = NULL;
}

int fg_cli_curve_alloc(fg_cli_curve *c, int n)
{
    const size_t m = (size_t)(n ? n : 1);
    c->n = n;
    c->x = calloc(3 * m, sizeof(double));
    c->fer = c->x ? c->x + m : NULL, c->ber = c->x ? c->x + 2 * m : NULL;
    return c->x ? 0 : -1;
}

void fg_cli_curves_free(fg_cli_curve *cv, int n)
{
    for (int i = 0; cv && i < n; i++)
        fg_cli_curve_free(&cv[i]);
    free(cv);
}

int fg_cli_read_curve(const char *cmd, const char *opt, const char *path, fg_cli_curve *c, char *code_name,
                      size_t code_name_n, char *axis)
{
    char *text;
    if (fg_in_file(path, FG_IN_TEXT, 64u << 20, &text, NULL)) /* "PATH: no such file", "PATH is a FIFO, ..." */
        return fg_cli_usage_error(cmd, "%s%s", opt, fg_last_error());
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
        rc = fg_cli_usage_error(cmd, "%s%s: no \"points\" array (expected the output of ber <family> --json)", opt,
                                path);
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
        const vj *pt = &pts->items[i];
        const vj *x = pt->t == VJ_OBJ && pt->n > 0 ? &pt->items[0] : NULL, *fe = vj_get(pt, "fer"),
                 *be = vj_get(pt, "ber");
        if (!x || !fe || !be || x->t != VJ_NUM || fe->t != VJ_NUM || be->t != VJ_NUM) {
            rc = fg_cli_usage_error(cmd, "%s%s: point %d lacks its axis value, fer or ber", opt, path, i);
            goto out;
        }
        if (axis && i == 0)
            snprintf(axis, 32, "%s", pt->keys[0]);
        c->x[i] = x->d;
        c->fer[i] = fe->d;
        c->ber[i] = be->d;
    }
out:
    vj_free(&doc);
    return rc;
}

/* FER (and BER, unless fer_only) against the axis, one line per fg_cli_curve. A curve without a single
 * error has no point on the log scale: it keeps its legend entry, marked "no errors"; when no curve has
 * one, the axis shows 1e-6 .. 1 and a note says so. */
int fg_cli_ber_plot(const char *cmd, fg_out *png, const char *title, const fg_channel *ch, const char *axis,
                    const fg_cli_curve *cv, int n, int fer_only)
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
            fprintf(f, "%.6g ", cv[c].x[i]);
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
    fprintf(f, "\nset logscale y\nset format y '10^{%%L}'\nset grid xtics ytics mytics\n%sset xlabel ",
            ch && ch->axis_log ? "set logscale x\nset format x '10^{%L}'\n" : "");
    fg_cli_gp_quote(f, ch ? ch->axis_plot : axis, 0);
    fprintf(f, "\nset key bottom left box opaque font ',10'\nset datafile missing 'NaN'\n");
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
