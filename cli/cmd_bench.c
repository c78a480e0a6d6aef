/* fecforge bench <family>: throughput and latency of an implementation of a family's decoder on full
 * batches (a GPU's kernels apart from its transfers), one configuration or a sweep the implementation
 * offers over its own options (the GPU LDPC decoders: thesis Table 3.3); `bench devices` lists the CUDA
 * devices. A loop over the family table. */
#include "cli.h"
#include "cli_family.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Throughput goals of a sweep, information Mbps with transfers: the thesis's six, then larger ones. */
static const double GOALS[] = {50, 100, 150, 200, 250, 300, 1000, 2500, 5000, 10000, 25000};
enum { N_GOALS = sizeof GOALS / sizeof *GOALS, SWEEP_MAX = 4096 };

typedef struct {
    fg_opt_reals x;
    char *sweep;
    int batches, frames, threads, all, json;
} bench_opts;

#define O(f) offsetof(bench_opts, f)
static fg_opt bench_table[] = {
    {"ebn0", 0, FG_OPT_SWEEP, O(x), -50, 100, 1, .def = "2", .meta = "X", .help = "the channel point of the timed frames"},
    {"batches", 0, FG_OPT_INT, O(batches), 1, 10000, .meta = "B", .def_text = "20, with --sweep 5",
     .help = "timed batches (medians reported)"},
    {"frames", 0, FG_OPT_INT, O(frames), 1, 1 << 20, .meta = "N", .def = "256",
     .help = "frames per batch of a CPU implementation"},
    {"threads", 0, FG_OPT_INT, O(threads), 1, FG_BER_WORKERS_MAX, .def = "1", .meta = "T", .help = "CPU threads"},
    {"sweep", 0, FG_OPT_TEXT, O(sweep), .meta = "NAME",
     .help = "a sweep the implementation offers over its options (GPU LDPC: table3.3, thesis Table 3.3's\n"
             "NS x NCW x NMCW); for each throughput goal the configuration of lowest latency that reaches it"},
    {"all", 0, FG_OPT_FLAG, O(all), .help = "with --sweep --json: also every point measured"},
    {"json", 0, FG_OPT_FLAG, O(json), .help = "one JSON object on stdout"},
    {NULL}};
#undef O

/* The JSON document's head: provenance, the configuration, the implementation, the run. */
static void json_head(fg_json *j, const fg_cli_family *c, const char *sweep, const bench_opts *v)
{
    fg_json_begin(j, stdout);
    fg_json_obj_open(j, NULL);
    fg_json_provenance(j, NULL);
    fg_json_str(j, "command", c->cmd);
    fg_cli_json_parameters(&c->spec, j);
    c->f->describe(&c->fi, c->impl, j);
    fg_json_str(j, "impl", c->impl->name);
    if (sweep)
        fg_json_str(j, "sweep", sweep);
    fg_json_num(j, c->f->channel->axis, v->x.v[0]);
    fg_json_int(j, "batches", v->batches);
}

/* What a CPU implementation's run adds: the fastest batch (best of --batches) and the median CPU time of
 * a batch, all threads together (the speed of unshared cores on a loaded machine); 0 for a GPU's. */
typedef struct {
    double best_ms, cpu_ms;
    fg_ber_point work; /* the timed frames counted: every work counter's statistics, erasures (frames 0: none) */
} cpu_timing;

static void json_timing(fg_json *j, const fg_family *f, const fg_impl_timing *t, const cpu_timing *c)
{
    if (c->work.frames > 0) { /* what the timed frames cost and how many the decoder gave up on */
        fg_json_int(j, "frames", c->work.frames);
        fg_json_int(j, "frame_errors", c->work.frame_errors);
        fg_json_int(j, "erasures", c->work.erasures);
        fg_family_json_work(j, f, &c->work);
    } else if (t->frames > 0) { /* an implementation's own timing: its primary counter */
        fg_json_int(j, "frames", t->frames);
        fg_json_num(j, f->work_name, (double)t->work / ((double)t->frames * (f->work_div > 0 ? f->work_div : 1.0)));
        fg_json_int(j, "erasures", t->erasures);
    }
    fg_json_int(j, "batch", t->batch);
    fg_json_num(j, "kernel_ms", t->kernel_ms);
    fg_json_num(j, "total_ms", t->total_ms);
    fg_json_num(j, "latency_ms", t->latency_ms);
    fg_json_num(j, "coded_mbps_kernel", t->coded_mbps_kernel);
    fg_json_num(j, "info_mbps_kernel", t->info_mbps_kernel);
    fg_json_num(j, "coded_mbps_total", t->coded_mbps_total);
    fg_json_num(j, "info_mbps_total", t->info_mbps_total);
    if (c->cpu_ms > 0) {
        fg_json_num(j, "best_ms", c->best_ms);
        fg_json_num(j, "cpu_ms", c->cpu_ms);
        fg_json_num(j, "coded_mbps_cpu", t->coded_mbps_total * t->total_ms / c->cpu_ms);
        fg_json_num(j, "info_mbps_cpu", t->info_mbps_total * t->total_ms / c->cpu_ms);
    }
}

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of a[0..n-1], which it sorts. */
static double median(double *a, int n)
{
    qsort(a, (size_t)n, sizeof *a, cmp_double);
    return n % 2 ? a[n / 2] : 0.5 * (a[n / 2 - 1] + a[n / 2]);
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The frames first .. first+n-1 of seed 1 at the bench's point, into the buffers of the input the
 * implementation takes (the others NULL). */
static int make_batch(const char *cmd, const fg_family_inst *fi, const bench_opts *v, long long first, uint8_t *ref,
                      double *llr, int32_t *llr_q, uint8_t *rx, int *n_rx)
{
    enum { CHUNK = 65536 };
    const int n = v->frames;
    const size_t nr = (size_t)fi->n_rx_max;
    int rc = 0;
    for (int done = 0; done < n && !rc; done += CHUNK) { /* in chunks: progress while a large batch is made */
        const int c = n - done < CHUNK ? n - done : CHUNK;
        rc = fg_family_frames(fi, 1, v->x.v[0], first + done, c, v->threads, ref + (size_t)done * fi->dec_len,
                              llr ? llr + done * nr : NULL, llr_q ? llr_q + done * nr : NULL, rx ? rx + done * nr : NULL,
                              n_rx + done);
        if (n > CHUNK)
            fg_cli_progress(cmd, "frames made", done + c, n);
    }
    return rc;
}

/* A CPU implementation: `batches` batches of distinct frames (a decoder of variable effort is not timed on
 * one repeated batch) decoded by the decoder pool, after a warm-up batch; each batch is made untimed. */
static int time_decoder(const char *cmd, const fg_family_inst *fi, const fg_family_impl *m, const void *icfg,
                        const bench_opts *v, fg_impl_timing *t, cpu_timing *ct)
{
    fg_family_decoder *d = NULL;
    const int n = v->frames, quant = m->input == FG_IMPL_QUANT, hard = m->input == FG_IMPL_BITS;
    const size_t nr = (size_t)fi->n_rx_max;
    const double bytes = (double)n * (2.0 * fi->dec_len + 5 + (hard ? 1.0 : quant ? sizeof(int32_t) : sizeof(double)) *
                                                                  (double)nr);
    uint8_t *ref = malloc((size_t)n * fi->dec_len), *bits = malloc((size_t)n * fi->dec_len), *erased = malloc((size_t)n);
    double *llr = !quant && !hard ? malloc(sizeof *llr * (size_t)n * nr) : NULL;
    double *ms = malloc(sizeof *ms * 2 * (size_t)v->batches), *cpu = ms ? ms + v->batches : NULL;
    int32_t *llr_q = quant ? malloc(sizeof *llr_q * (size_t)n * nr) : NULL, *work = malloc(sizeof *work * (size_t)n);
    uint8_t *rx = hard ? malloc((size_t)n * nr) : NULL;
    int *n_rx = malloc(sizeof *n_rx * (size_t)n);
    const int nx = fg_family_counters(fi->family) - 1;
    int64_t *counters = nx ? malloc(sizeof *counters * (size_t)n * (size_t)nx) : NULL;
    fg_channel_point pt;
    fg_ber_engine count_cfg;
    fg_family_tally_cfg(fi, &count_cfg);
    fg_ber_tally *tally = NULL;
    int rc = !ref || !bits || !erased || !(llr || llr_q || rx) || !ms || !work || !n_rx || (nx && !counters)
                 ? fg_set_error(FG_ENOMEM, "out of memory for the frames: --frames=%d needs %.0f MB (%.0f bytes a frame)",
                                n, bytes / 1e6, bytes / n)
                 : fg_family_point(fi, v->x.v[0], &pt);
    if (!rc)
        rc = fg_ber_tally_create(&count_cfg, &tally);
    if (!rc)
        rc = fg_family_decoder_create(fi, m, icfg, v->threads, &d);
    const fg_decode_io io = {.count = n,
                             .llr = llr,
                             .llr_q = llr_q,
                             .rx = rx,
                             .n_rx = n_rx,
                             .point = &pt,
                             .bits = bits,
                             .work = work,
                             .erased = erased,
                             .counters = counters};
    for (int b = 0; b <= v->batches && !rc; b++) { /* batch 0: the warm-up */
        if ((rc = make_batch(cmd, fi, v, (long long)b * n, ref, llr, llr_q, rx, n_rx)))
            break;
        fg_cli_ticker *tick = b ? fg_cli_ticker_start("fecforge %s: batch %d of %d (%d frames)", cmd, b, v->batches, n)
                                : fg_cli_ticker_start("fecforge %s: warm-up batch of %d frames", cmd, n);
        memset(work, 0, sizeof *work * (size_t)n);
        memset(erased, 0, (size_t)n);
        if (nx)
            memset(counters, 0, sizeof *counters * (size_t)n * (size_t)nx);
        const double t0 = fg_cli_now(), c0 = cpu_now();
        rc = fg_family_decoder_run(d, &io);
        const double t1 = fg_cli_now(), c1 = cpu_now();
        fg_cli_ticker_stop(tick);
        if (b == 0)
            continue;
        ms[b - 1] = 1e3 * (t1 - t0);
        cpu[b - 1] = 1e3 * (c1 - c0);
        rc = fg_family_tally_batch(fi, &io, ref, (long long)b * n, tally);
    }
    fg_cli_progress_done();
    if (!rc) {
        const double med = median(ms, v->batches);
        ct->best_ms = ms[0];
        ct->cpu_ms = median(cpu, v->batches);
        fg_ber_tally_point(tally, &ct->work);
        t->frames = ct->work.frames;
        t->work = ct->work.work;
        t->erasures = ct->work.erasures;
        t->batch = n;
        t->kernel_ms = t->total_ms = t->latency_ms = med;
        t->coded_mbps_kernel = t->coded_mbps_total = (double)n * fi->n / (med * 1e3);
        t->info_mbps_kernel = t->info_mbps_total = (double)n * fi->k / (med * 1e3);
    }
    fg_family_decoder_destroy(d);
    fg_ber_tally_destroy(tally);
    free(counters);
    free(ref);
    free(bits);
    free(erased);
    free(llr);
    free(llr_q);
    free(rx);
    free(work);
    free(n_rx);
    free(ms);
    return rc;
}

static int measure(const char *cmd, const fg_family_inst *fi, const fg_family_impl *m, const void *icfg,
                   const bench_opts *v, fg_impl_timing *t, cpu_timing *ct)
{
    *ct = (cpu_timing){0};
    if (!m->bench)
        return time_decoder(cmd, fi, m, icfg, v, t, ct);
    void *w = NULL;
    int rc = m->create(fi, icfg, 0, &w);
    if (!rc)
        rc = m->bench(w, v->x.v[0], v->batches, t);
    if (w)
        m->destroy(w);
    return rc;
}

typedef struct {
    char *cfg; /* the point's options as text */
    fg_impl_timing t;
    cpu_timing c;
} sweep_pt;

/* The grid of a sweep: every combination of its option lists, as argument texts. */
static int grid(const fg_impl_sweep *sw, char ***out)
{
    fg_opt_ints lists[4] = {{0}};
    int k = 0, total = 1, rc = 0;
    for (; k < 4 && sw->options[k]; k++) {
        if ((rc = fg_opt_parse_ints(sw->options[k], sw->values[k], 1, 1e9, SWEEP_MAX, &lists[k])))
            break;
        total *= lists[k].n;
    }
    char **g = rc ? NULL : calloc((size_t)total, sizeof *g);
    for (int p = 0; g && p < total; p++) {
        char buf[256] = "";
        size_t at = 0;
        for (int i = 0, rest = p; i < k; i++) {
            at += (size_t)snprintf(buf + at, sizeof buf - at, "%s--%s %d", i ? " " : "", sw->options[i],
                                   lists[i].v[rest % lists[i].n]);
            rest /= lists[i].n;
        }
        if (!(g[p] = malloc(strlen(buf) + 1))) {
            total = -1;
            break;
        }
        strcpy(g[p], buf);
    }
    for (int i = 0; i < k; i++)
        free(lists[i].v);
    *out = g;
    return rc ? rc : !g || total < 0 ? fg_set_error(FG_ENOMEM, "out of memory") : total;
}

/* The implementation's options of a sweep point applied to a copy of icfg. */
static int apply_point(const fg_family_impl *m, const char *text, void *icfg)
{
    fg_opt_group g = {NULL, m->opts, icfg};
    fg_opts o = {.groups = &g, .n_groups = 1};
    const int rc = fg_opts_parse_text(&o, text);
    fg_opts_free(&o);
    return rc;
}

static int bench_family(const fg_family *f, int argc, char **argv)
{
    fg_cli_family c;
    bench_opts v = {0};
    int rc = fg_cli_family_begin(&c, "bench", f);
    fg_cli_channel_axis(f->channel, &bench_table[0]);
    char examples[512];
    const char *a = f->example_args ? f->example_args : "";
    const int n_ex = snprintf(examples, sizeof examples, "fecforge bench %s %s --batches 5", f->name, a);
    if (fg_cli_family_has_gpu(f) && n_ex > 0 && (size_t)n_ex < sizeof examples)
        snprintf(examples + n_ex, sizeof examples - (size_t)n_ex, "\nfecforge bench %s %s --device gpu --json", f->name,
                 a);
    c.spec.about = "Throughput and latency of an implementation on full batches of frames made once at the point\n"
                   "given: one warm-up batch, then --batches timed ones, medians reported. A GPU implementation\n"
                   "times its kernels apart from the transfers (kernel_ms, total_ms with transfers, latency_ms from\n"
                   "a batch's first copy-in to its last copy-out); a CPU one times decode calls of --frames frames\n"
                   "on --threads threads, and reports its fastest batch (best_ms) and the median CPU time of a\n"
                   "batch, all threads together (cpu_ms; *_mbps_cpu divide by it: the speed per busy core).\n"
                   "Mbps = frames x n (coded) or x k (information) bits / time.";
    c.spec.examples = examples;
    c.spec.exits = "0 ok, 1 runtime failure (no CUDA device, out of memory), 2 usage error";
    fg_cli_group(&c.spec, "bench", bench_table, &v);
    if (!rc && (rc = fg_cli_parse(&c.spec, argc - 1, argv + 1)) != 0) {
        fg_cli_family_end(&c);
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    }
    sweep_pt *pts = NULL;
    char **g = NULL;
    int n_grid = 0, workers = 0;
    if (rc || (rc = fg_cli_family_open(&c, NULL)))
        goto out;
    const fg_family_impl *m = c.impl;
    const fg_family_inst *fi = &c.fi;
    void *icfg = fg_cli_family_icfg(&c, m);
    if (v.all && !v.sweep) {
        rc = fg_cli_usage_error(c.cmd, "--all needs --sweep");
        goto out;
    }
    if (v.sweep && !m->sweep) {
        rc = fg_cli_usage_error(c.cmd, "--sweep=%s invalid: the implementation %s offers no sweep", v.sweep, m->name);
        goto out;
    }
    if (v.sweep && strcmp(v.sweep, m->sweep->name)) {
        rc = fg_cli_usage_error(c.cmd, "--sweep=%s invalid: the implementation %s offers %s", v.sweep, m->name,
                                m->sweep->name);
        goto out;
    }
    for (int k = 0; v.sweep && k < 4 && m->sweep->options[k]; k++)
        for (const fg_opt *o = m->opts; o && o->name; o++)
            if (!strcmp(o->name, m->sweep->options[k]) && fg_cli_given(&c.spec, (char *)icfg + o->offset)) {
                rc = fg_cli_usage_error(c.cmd, "--%s is a variable of --sweep: not with it", o->name);
                goto out;
            }
    if (!v.batches)
        v.batches = v.sweep ? 5 : 20;
    if ((rc = fg_cli_family_workers(&c, m, v.threads, &workers)))
        goto out;
    char desc[256] = "CPU";
    if (m->gpu)
        fg_gpu_device_describe(0, desc, (int)sizeof desc);
    char label[FG_FAMILY_NAME_MAX * 2];
    f->label(fi, m, label, sizeof label);
    if (!v.sweep) {
        fg_impl_timing t = {0};
        cpu_timing ct;
        if (measure(c.cmd, fi, m, icfg, &v, &t, &ct)) {
            rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
            goto out;
        }
        if (v.json) {
            fg_json j;
            json_head(&j, &c, NULL, &v);
            if (!m->gpu)
                fg_json_int(&j, "threads", v.threads);
            json_timing(&j, f, &t, &ct);
            if (m->describe)
                m->describe(fi, icfg, c.dev.gpus, &j);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            printf("%s %s (n=%d, k=%d), %s, implementation %s on %s\n", f->name, fi->code_name, fi->n, fi->k, label,
                   m->name, desc);
            printf("%d frames per batch, median of %d batches, %s %g%s%s\n", t.batch, v.batches,
                   f->channel->axis_label, v.x.v[0], f->channel->axis_unit[0] ? " " : "", f->channel->axis_unit);
            printf("  kernel   %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps\n", t.kernel_ms, t.coded_mbps_kernel,
                   t.info_mbps_kernel);
            printf("  total    %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps (with transfers)\n", t.total_ms,
                   t.coded_mbps_total, t.info_mbps_total);
            printf("  latency  %10.3f ms\n", t.latency_ms);
            if (ct.cpu_ms > 0) {
                printf("  best     %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps (the fastest batch)\n", ct.best_ms,
                       t.coded_mbps_total * t.total_ms / ct.best_ms, t.info_mbps_total * t.total_ms / ct.best_ms);
                printf("  cpu      %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps (CPU time of all threads)\n",
                       ct.cpu_ms, t.coded_mbps_total * t.total_ms / ct.cpu_ms, t.info_mbps_total * t.total_ms / ct.cpu_ms);
            }
            if (ct.work.frames > 0) {
                printf("  %lld frames timed, %lld frame errors, %lld erasures; work:", ct.work.frames,
                       ct.work.frame_errors, ct.work.erasures);
                for (int k = 0; k < ct.work.counters; k++) {
                    const fg_family_counter fc = fg_family_counter_at(f, k);
                    printf("%s %s %.3f (p99 %g, max %g)", k ? "," : "", fc.name, ct.work.stat[k].avg,
                           (double)ct.work.stat[k].p99 / fc.div, (double)ct.work.stat[k].max / fc.div);
                }
                printf("\n");
            } else if (t.frames > 0)
                printf("  %lld frames timed: %s %.3f, %lld erasures\n", t.frames, f->work_name,
                       (double)t.work / ((double)t.frames * (f->work_div > 0 ? f->work_div : 1.0)), t.erasures);
        }
        goto out;
    }
    /* --sweep: every point of the implementation's grid; shapes it cannot take are skipped */
    if ((n_grid = grid(m->sweep, &g)) < 0) {
        rc = fg_cli_fail(c.cmd, "%s", fg_last_error());
        n_grid = 0;
        goto out;
    }
    pts = calloc((size_t)n_grid, sizeof *pts);
    void *pcfg = malloc(m->cfg_size);
    if (!pts || !pcfg) {
        free(pcfg);
        rc = fg_cli_fail(c.cmd, "out of memory");
        goto out;
    }
    int n_pts = 0, skipped = 0;
    for (int p = 0; p < n_grid && !rc; p++) {
        memcpy(pcfg, icfg, m->cfg_size);
        sweep_pt *q = &pts[n_pts];
        int e = apply_point(m, g[p], pcfg);
        if (!e && m->check)
            e = m->check(fi, pcfg);
        if (!e)
            e = measure(c.cmd, fi, m, pcfg, &v, &q->t, &q->c);
        fg_cli_progress(c.cmd, "sweep points", p + 1, n_grid);
        if (e == FG_EINVAL || e == FG_ENOMEM) { /* a shape this device or decoder cannot take */
            skipped++;
            continue;
        }
        if (e)
            rc = fg_cli_fail(c.cmd, "%s: %s", g[p], fg_last_error());
        q->cfg = g[p];
        n_pts++;
    }
    free(pcfg);
    fg_cli_progress_done();
    if (rc)
        goto out;
    int best[N_GOALS];
    for (int k = 0; k < N_GOALS; k++) {
        best[k] = -1;
        for (int i = 0; i < n_pts; i++)
            if (pts[i].t.info_mbps_total >= GOALS[k] &&
                (best[k] < 0 || pts[i].t.latency_ms < pts[best[k]].t.latency_ms ||
                 (pts[i].t.latency_ms == pts[best[k]].t.latency_ms &&
                  pts[i].t.info_mbps_total > pts[best[k]].t.info_mbps_total)))
                best[k] = i;
    }
    if (v.json) {
        fg_json j;
        json_head(&j, &c, m->sweep->name, &v);
        fg_json_str(&j, "goal_metric", "info_mbps_total");
        fg_json_int(&j, "points_measured", n_pts);
        fg_json_int(&j, "points_skipped", skipped);
        fg_json_str(&j, "device", desc);
        fg_json_arr_open(&j, "goals");
        for (int k = 0; k < N_GOALS; k++) {
            fg_json_obj_open(&j, NULL);
            fg_json_num(&j, "goal_mbps", GOALS[k]);
            fg_json_bool(&j, "reached", best[k] >= 0);
            if (best[k] >= 0) {
                fg_json_str(&j, "options", pts[best[k]].cfg);
                json_timing(&j, f, &pts[best[k]].t, &pts[best[k]].c);
            }
            fg_json_obj_close(&j);
        }
        fg_json_arr_close(&j);
        if (v.all) {
            fg_json_arr_open(&j, "points");
            for (int i = 0; i < n_pts; i++) {
                fg_json_obj_open(&j, NULL);
                fg_json_str(&j, "options", pts[i].cfg);
                json_timing(&j, f, &pts[i].t, &pts[i].c);
                fg_json_obj_close(&j);
            }
            fg_json_arr_close(&j);
        }
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("%s sweep (%s): %s %s on %s, %s; %d points (%d skipped), median of %d batches each\n\n",
               m->sweep->name, m->sweep->summary, f->name, fi->code_name, desc, label, n_pts, skipped, v.batches);
        printf("%10s  %-32s %7s %11s %13s %13s\n", "goal Mbps", "options", "batch", "latency ms", "info Mbps",
               "kernel Mbps");
        for (int k = 0; k < N_GOALS; k++) {
            if (best[k] < 0) {
                printf("%10.0f  not reached\n", GOALS[k]);
                continue;
            }
            const sweep_pt *q = &pts[best[k]];
            printf("%10.0f  %-32s %7d %11.3f %13.1f %13.1f\n", GOALS[k], q->cfg, q->t.batch, q->t.latency_ms,
                   q->t.info_mbps_total, q->t.info_mbps_kernel);
        }
        printf("\ngoal: information bits/s including transfers (info Mbps); the configuration of lowest latency\n");
    }
out:
    for (int i = 0; i < n_grid; i++)
        free(g[i]);
    free(g);
    free(pts);
    rc = fg_cli_finish(&c.spec, rc);
    fg_cli_family_end(&c);
    return rc;
}

/* The CUDA devices this fecforge sees (the tests ask it). */
static int bench_devices(int argc, char **argv)
{
    int json = 0;
    static const fg_opt t[] = {{"json", 0, FG_OPT_FLAG, 0, .help = "one JSON object on stdout"}, {NULL}};
    fg_cli_spec spec = {.cmd = "bench devices",
                        .about = "The CUDA devices this fecforge sees: their count on the first line, then one line "
                                 "each.",
                        .examples = "fecforge bench devices"};
    fg_cli_group(&spec, "options", t, &json);
    int rc = fg_cli_parse(&spec, argc, argv);
    if (rc)
        return rc == FG_CLI_HELP ? FG_EXIT_OK : rc;
    const int n = fg_gpu_device_count();
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, NULL);
        fg_json_int(&j, "count", n);
        fg_json_arr_open(&j, "devices");
    } else
        printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        char d[256];
        if (fg_gpu_device_describe(i, d, (int)sizeof d))
            snprintf(d, sizeof d, "? (%s)", fg_last_error());
        if (json)
            fg_json_str(&j, NULL, d);
        else
            printf("%d: %s\n", i, d);
    }
    if (json) {
        fg_json_arr_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    }
    return fg_cli_finish(&spec, FG_EXIT_OK);
}

int fg_cmd_bench(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        FILE *o = argc < 2 ? stderr : stdout;
        fprintf(o, "usage: fecforge bench <family> [--options]\n       fecforge bench devices\n\n"
                   "Throughput and latency of an implementation of a family's decoder (a GPU's kernels apart from\n"
                   "its transfers), or a sweep over the implementation's options.\n\nfamilies:\n");
        fg_cli_family_list(o);
        fprintf(o, "\n  devices  the CUDA devices this fecforge sees\n\n"
                   "'fecforge bench <family> --help' lists the options.\n");
        return argc < 2 ? FG_EXIT_USAGE : FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "devices"))
        return bench_devices(argc - 1, argv + 1);
    const fg_family *f = fg_cli_family_find("bench", argv[1]);
    return f ? bench_family(f, argc, argv) : FG_EXIT_USAGE;
}
