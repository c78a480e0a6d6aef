/* fecforge ber <family>: FER/BER of any decoder family over its channel, on any of its implementations
 * (docs/architecture.md "Families"), and `ber plot`: curves of earlier results in one picture. A loop
 * over the family table: a new family adds no line here. */
#include "cli.h"
#include "cli_ber.h"
#include "cli_family.h"
#include "cli_opts.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/family.h"

#include <stdlib.h>
#include <string.h>

static void help_ber(FILE *f)
{
    fprintf(f, "usage: fecforge ber <family> [--options]\n"
               "       fecforge ber plot --plot FILE.png RESULT.json...\n\n"
               "Frame and bit error rates of a decoder family over its channel, on any implementation of its\n"
               "decoder (float, bit-accurate, cycle-accurate, GPU).\n\nfamilies:\n");
    for (int i = 0; i < fg_family_count(); i++)
        fprintf(f, "  %-8s %s\n", fg_family_at(i)->name, fg_family_at(i)->summary);
    fprintf(f, "\n  plot     draw curves of earlier 'ber <family> --json' results in one picture\n\n"
               "'fecforge ber <family> --help' and 'fecforge ber plot --help' describe the options.\n");
}

/* ---- a family's BER run ---- */

typedef struct {
    fg_cli_family c;
    fg_cli_run_opts run;
    fg_cli_report_opts rep;
    char about[2048];
} ber_setup;

/* ---- a run ---- */

typedef struct {
    fg_cli_ber_progress ps;
} run_ctx;

static int on_progress(void *ctx, const fg_ber_point *p)
{
    run_ctx *r = ctx;
    fg_cli_ber_progress_show(&r->ps, p, 0);
    return fg_cli_stopped() != 0;
}

static void json_head(fg_json *j, const ber_setup *b, const fg_family_inst *fi, const fg_family_impl *m,
                      const char *label)
{
    const fg_channel *ch = b->c.f->channel;
    fg_json_provenance(j, &b->run.seed);
    fg_json_str(j, "command", b->c.cmd);
    fg_cli_json_parameters(&b->c.spec, j);
    fg_json_str(j, "label", label);
    b->c.f->describe(fi, m, j);
    fg_json_str(j, "channel", ch->name);
    fg_cli_family_channel_json(&b->c, j);
    fg_json_uint(j, "seed", b->run.seed);
    fg_json_int(j, "min_fe", b->run.min_fe);
    fg_json_int(j, "max_frames", b->run.max_frames);
    if (fg_cli_given(&b->c.spec, &b->run.stop_fer))
        fg_json_num(j, "stop_fer", b->run.stop_fer);
    char key[64];
    snprintf(key, sizeof key, "%s_asked", ch->axis);
    const int pretty = j->pretty;
    fg_json_arr_open(j, key);
    j->pretty = 0;
    for (int i = 0; i < b->run.points.n; i++)
        fg_json_num(j, NULL, b->run.points.v[i]);
    fg_json_arr_close(j);
    j->pretty = pretty;
}

static void json_tail(fg_json *j, const ber_setup *b, const fg_family_inst *fi, const fg_family_impl *m,
                      const fg_ber_point *p_n, int n, double elapsed)
{
    fg_family_ber_json_at_fer(j, b->c.f, p_n, n);
    fg_json_obj_open(j, "run");
    fg_json_int(j, "threads", b->run.threads);
    fg_json_num(j, "elapsed_s", elapsed);
    fg_json_obj_close(j);
    if (m->describe) { /* an implementation with settings of its own (a GPU kernel): name it, then them */
        fg_json_str(j, "impl", m->name);
        m->describe(fi, fg_cli_family_icfg(&b->c, m), b->c.dev.gpus, j);
    }
}

/* One JSON line: {"type": TYPE, ...} with the members the callback writes. */
static void jsonl_line(FILE *f, const char *type, void (*members)(fg_json *, const void *), const void *ctx)
{
    fg_json j;
    fg_json_begin(&j, f);
    j.pretty = 0;
    fg_json_obj_open(&j, NULL);
    fg_json_str(&j, "type", type);
    members(&j, ctx);
    fg_json_obj_close(&j);
    fputc('\n', f);
    fflush(f);
}

typedef struct {
    const ber_setup *b;
    const fg_family_inst *fi;
    const fg_family_impl *m;
    const char *label;
    const fg_ber_point *p_n;
    int n;
    double elapsed;
    int stopped;
} jsonl_ctx;

static void head_members(fg_json *j, const void *c)
{
    const jsonl_ctx *x = c;
    json_head(j, x->b, x->fi, x->m, x->label);
}

static void end_members(fg_json *j, const void *c)
{
    const jsonl_ctx *x = c;
    json_tail(j, x->b, x->fi, x->m, x->p_n, x->n, x->elapsed);
    fg_json_bool(j, "complete", !x->stopped && x->n > 0);
}

static int ber_family(const fg_family *f, int argc, char **argv)
{
    ber_setup *b = calloc(1, sizeof *b);
    if (!b)
        return fg_cli_fail("ber", "out of memory");
    int rc = fg_cli_family_begin(&b->c, "ber", f);
    const fg_channel *ch = f->channel;
    snprintf(b->about, sizeof b->about,
             "Frame error rate (FER) and bit error rate (BER) of %s over %s, at the points of --%s. A point\n"
             "stops at the frame where the frame errors reach --min-fe, or after --max-frames frames; its counts are\n"
             "exactly those of the frames up to there.\n%s",
             f->summary, ch->name, ch->axis, f->about ? f->about : "");
    for (int c = 1; c < fg_family_counters(f); c++) { /* the JSON keys of the further work counters */
        const fg_family_counter fc = fg_family_counter_at(f, c);
        snprintf(b->about + strlen(b->about), sizeof b->about - strlen(b->about), "%s  %s (%s_max, _p50, _p99): %s\n",
                 c == 1 ? "Further work counters of a point (docs/ber.md):\n" : "", fc.key, fc.name, fc.help);
    }
    fg_cli_spec *spec = &b->c.spec;
    spec->about = b->about;
    spec->examples = f->examples;
    spec->exits = "0 ok, 1 runtime failure, 2 usage error, 128+N interrupted by signal N (the finished points are "
                  "reported)";
    char axis_help[160];
    snprintf(axis_help, sizeof axis_help, "%s points%s%s: A:STEP:B, values, or a mix (%s)", ch->axis_label,
             ch->axis_unit[0] ? " in " : "", ch->axis_unit, ch->axis_points);
    fg_cli_group(spec, "run", fg_cli_run_group(ch, axis_help), &b->run);
    fg_cli_group(spec, "report", fg_cli_report_group, &b->rep);
    if (!rc && (rc = fg_cli_parse(spec, argc, argv)) != 0) {
        fg_cli_family_end(&b->c);
        free(b);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    fg_ber_point *pts = NULL;
    fg_cli_curve *cv = NULL;
    fg_out *jl_out = NULL;
    const int n_with = b->rep.plot_with.n;
    int workers = 0;
    if (rc || (rc = fg_cli_family_open(&b->c, NULL)))
        goto out;
    const fg_family_impl *m = b->c.impl;
    const fg_family_inst *fi = &b->c.fi;
    if (n_with && !b->rep.plot) {
        rc = fg_cli_usage_error(b->c.cmd, "--plot-with needs --plot FILE.png");
        goto out;
    }
    cv = calloc((size_t)n_with + 1, sizeof *cv);
    pts = calloc((size_t)b->run.points.n, sizeof *pts);
    if (!cv || !pts) {
        rc = fg_cli_fail(b->c.cmd, "out of memory");
        goto out;
    }
    for (int i = 0; i < n_with && !rc; i++)
        rc = fg_cli_read_curve(b->c.cmd, "--plot-with=", b->rep.plot_with.v[i], &cv[i], NULL, 0, NULL);
    if (rc || (rc = fg_cli_family_workers(&b->c, m, b->run.threads, &workers)))
        goto out;
    if (b->rep.jsonl && fg_out_open(b->rep.jsonl, FG_OUT_STREAM, &jl_out)) {
        rc = fg_cli_usage_error(b->c.cmd, "--jsonl: %s", fg_last_error());
        goto out;
    }
    char label[FG_CLI_LABEL_MAX];
    if (b->run.label)
        snprintf(label, sizeof label, "%s", b->run.label);
    else
        f->label(fi, m, label, sizeof label);
    if (!b->rep.json) {
        printf("%s FER/BER: %s (n=%d, k=%d, rate %.4f), %s\n", f->name, fi->code_name, fi->n, fi->k, fi->rate,
               ch->name);
        printf("decoder %s, implementation %s, seed %llu\n", label, m->name, (unsigned long long)b->run.seed);
        printf("per point: stop at %lld frame errors or %lld frames; %d %s%s\n\n", b->run.min_fe, b->run.max_frames,
               workers, m->gpu ? "GPU" : "thread", workers > 1 ? "s" : "");
        fg_cli_ber_table_head(f);
    }
    jsonl_ctx jc = {b, fi, m, label, pts, 0, 0, 0};
    if (jl_out) {
        jsonl_line(fg_out_stream(jl_out), "head", head_members, &jc);
        if (fg_out_check(jl_out)) {
            rc = fg_cli_fail(b->c.cmd, "--jsonl: %s", fg_last_error());
            goto out;
        }
    }
    fg_cli_coop_begin();
    int n_done = 0;
    run_ctx rx = {{b->c.cmd, f, b->run.min_fe, b->run.max_frames, 0.0}};
    const fg_family_run run = {b->run.seed, b->run.min_fe, b->run.max_frames, workers, on_progress, &rx};
    const double t0 = fg_cli_now();
    for (int i = 0; i < b->run.points.n && !rc; i++) {
        rx.ps.start = fg_cli_now();
        if (fg_family_ber_point(fi, m, fg_cli_family_icfg(&b->c, m), &run, b->run.points.v[i], &pts[i])) {
            fg_cli_progress_done();
            rc = fg_cli_fail(b->c.cmd, "%s %g%s%s: %s", ch->axis_label, b->run.points.v[i],
                             ch->axis_unit[0] ? " " : "", ch->axis_unit, fg_last_error());
            break;
        }
        n_done++;
        fg_cli_ber_progress_show(&rx.ps, &pts[i], 1);
        fg_cli_progress_done();
        if (!b->rep.json)
            fg_cli_ber_table_row(f, &pts[i]);
        if (jl_out) { /* the finished point at once: an interrupted or killed run keeps it */
            fg_json j;
            fg_json_begin(&j, fg_out_stream(jl_out));
            j.pretty = 0;
            fg_family_ber_json_point(&j, f, &pts[i], "point");
            fputc('\n', fg_out_stream(jl_out));
            if (fg_out_check(jl_out)) { /* a full disk stops the run: no point is lost silently */
                rc = fg_cli_fail(b->c.cmd, "--jsonl: %s", fg_last_error());
                break;
            }
        }
        if (pts[i].stop == FG_BER_STOP_INTERRUPTED || fg_cli_stopped())
            break;
        if (b->run.stop_fer > 0 && pts[i].fer < b->run.stop_fer)
            break; /* --stop-fer: the curve is below the range of interest */
    }
    const double elapsed = fg_cli_now() - t0;
    const int stopped = fg_cli_stopped();
    if (!rc) {
        jc.n = n_done;
        jc.elapsed = elapsed;
        jc.stopped = stopped;
        if (b->rep.json) {
            fg_json j;
            fg_json_begin(&j, stdout);
            fg_json_obj_open(&j, NULL);
            json_head(&j, b, fi, m, label);
            fg_json_arr_open(&j, "points");
            for (int i = 0; i < n_done; i++)
                fg_family_ber_json_point(&j, f, &pts[i], NULL);
            fg_json_arr_close(&j);
            json_tail(&j, b, fi, m, pts, n_done, elapsed);
            if (stopped)
                fg_json_int(&j, "interrupted_by_signal", stopped);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            int any = 0;
            for (int t = 0; t < FG_BER_FER_TARGETS; t++) {
                double x;
                char v[32];
                if (fg_ber_x_at_fer(pts, n_done, fg_ber_fer_targets[t], ch->fer_rises, &x))
                    continue;
                snprintf(v, sizeof v, ch->axis_format, x);
                if (!any++)
                    printf("\n%s at FER ", ch->axis_label);
                printf("%s%s %s%s%s", any > 1 ? ", " : "", fg_ber_fer_target_names[t], v, ch->axis_unit[0] ? " " : "",
                       ch->axis_unit);
            }
            fg_clear_error();
            printf(any ? "\n" : "");
            printf("total %.1f s%s\n", elapsed, stopped ? " (interrupted)" : "");
        }
        if (jl_out)
            jsonl_line(fg_out_stream(jl_out), "end", end_members, &jc);
        fg_out *png = fg_cli_out(spec, &b->rep.plot);
        if (png && n_done) {
            fg_cli_curve *me = &cv[n_with];
            if (fg_cli_curve_alloc(me, n_done))
                rc = fg_cli_fail(b->c.cmd, "out of memory");
            else {
                snprintf(me->label, sizeof me->label, "%s", label);
                for (int i = 0; i < n_done; i++) {
                    me->x[i] = pts[i].x;
                    me->fer[i] = pts[i].fer;
                    me->ber[i] = pts[i].ber;
                }
                char title[256];
                snprintf(title, sizeof title, "%s %s (n=%d, rate %.3g), %s", f->name, fi->code_name, fi->n, fi->rate,
                         ch->name);
                if (fg_cli_ber_plot(b->c.cmd, png, title, ch, ch->axis, cv, n_with + 1, 0))
                    rc = FG_EXIT_FAIL;
            }
        }
    }
    fg_cli_coop_end();
    if (stopped && !rc)
        rc = 128 + stopped;
out:
    if (jl_out && fg_out_commit(jl_out) && !rc)
        rc = fg_cli_fail(b->c.cmd, "%s", fg_last_error());
    fg_cli_curves_free(cv, n_with + 1);
    free(pts);
    rc = fg_cli_finish(spec, rc);
    fg_cli_family_end(&b->c);
    free(b);
    return rc;
}

/* ---- ber plot ---- */

typedef struct {
    char *plot, *title;
    int fer_only;
} plot_opts;

static const fg_opt plot_table[] = {
    {"plot", 0, FG_OPT_TEXT, offsetof(plot_opts, plot), .meta = "FILE.png", .help = "the picture (gnuplot)",
     .flags = FG_OPT_REQUIRED | FG_CLI_OUTPUT},
    {"title", 0, FG_OPT_TEXT, offsetof(plot_opts, title), .meta = "TEXT", .def_text = "the code of the first file",
     .help = "its title"},
    {"fer-only", 0, FG_OPT_FLAG, offsetof(plot_opts, fer_only), .help = "FER only (default: FER and BER side by side)"},
    {NULL}};

static int ber_plot(int argc, char **argv)
{
    static const char *const PCMD = "ber plot";
    plot_opts v = {0};
    fg_cli_spec spec = {
        .cmd = PCMD,
        .about = "Draws FER (and BER) of earlier 'fecforge ber <family> --json' results, one curve per file (named by\n"
                 "its \"label\"), without simulating anything. At most 16 files.",
        .examples = "fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --max-frames 500 --json > k1.json\n"
                    "fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --max-frames 500 --decoder multilayer:2 --json > k2.json\n"
                    "fecforge ber plot --plot fer.png --fer-only k1.json k2.json",
        .pos_min = 1,
        .pos_max = FG_CLI_PLOT_WITH_MAX,
        .pos_meta = "RESULT.json...",
        .pos_inputs = 1};
    fg_cli_group(&spec, "options", plot_table, &v);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const int n = spec.o.n_pos;
    fg_cli_curve *cv = calloc((size_t)n, sizeof *cv);
    if (!cv)
        return fg_cli_finish(&spec, fg_cli_fail(PCMD, "out of memory"));
    char code_name[FG_FAMILY_NAME_MAX] = "", axis[32] = "ebn0";
    int got = 0;
    for (; got < n && rc == FG_EXIT_OK; got++)
        rc = fg_cli_read_curve(PCMD, "", spec.o.pos[got], &cv[got], got ? NULL : code_name, sizeof code_name,
                               got ? NULL : axis);
    if (rc == FG_EXIT_OK) {
        char title[256];
        snprintf(title, sizeof title, "%s", v.title ? v.title : code_name);
        /* the axis of the files: the first channel whose axis has that key gives its label and scale */
        const fg_channel *ch = NULL;
        for (int i = 0; i < fg_channel_count() && !ch; i++)
            if (!strcmp(fg_channel_at(i)->axis, axis))
                ch = fg_channel_at(i);
        if (ch && !v.title)
            snprintf(title + strlen(title), sizeof title - strlen(title), ", %s", ch->name);
        if (fg_cli_ber_plot(PCMD, fg_cli_out(&spec, &v.plot), title, ch, axis, cv, n, v.fer_only))
            rc = FG_EXIT_FAIL;
    }
    fg_cli_curves_free(cv, got);
    return fg_cli_finish(&spec, rc);
}

int fg_cmd_ber(int argc, char **argv)
{
    if (argc < 2) {
        help_ber(stderr);
        return FG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        help_ber(stdout);
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "plot"))
        return ber_plot(argc - 1, argv + 1);
    const fg_family *f = fg_family_find(argv[1]);
    if (f)
        return ber_family(f, argc - 1, argv + 1);
    fprintf(stderr, "fecforge ber: unknown family '%s'; valid are:", argv[1]);
    for (int i = 0; i < fg_family_count(); i++)
        fprintf(stderr, " %s", fg_family_at(i)->name);
    fprintf(stderr, ", or plot\nTry 'fecforge ber --help'.\n");
    return FG_EXIT_USAGE;
}
