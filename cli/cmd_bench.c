/* fecforge bench: throughput and latency of the GPU LDPC decoders (fecforge_gpu/ldpc_gpu.h), one
 * configuration or the thesis's Table 3.3 sweep over NS, NCW and NMCW (docs/gpu-ldpc-cli.md). The CPU
 * decoders are timed by bench/bench_ldpc_dec instead. */
#include "cli.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge_gpu/ldpc_gpu.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "bench ldpc";

/* The sweep grid (--sweep table3.3): thesis Table 3.3's NS, NCW and NMCW ranges. */
static const int SW_NS[] = {1, 2, 4, 8, 16, 32};
static const int SW_NCW[] = {1, 2, 3, 4, 5};
static const int SW_NMCW[] = {1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 25, 32, 40, 50, 64, 80, 100, 128, 150};
/* Throughput goals in information Mbps with transfers: the thesis's six, then ours. */
static const double GOALS[] = {50, 100, 150, 200, 250, 300, 1000, 2500, 5000, 10000, 25000};
enum { N_NS = 6, N_NCW = 5, N_NMCW = 19, N_GOALS = 11, SWEEP_BATCHES = 5 };

static void help_bench(FILE *f)
{
    fprintf(f, "usage: fecforge bench <what> [--options]\n\n"
               "Throughput and latency measurements.\n\n"
               "  ldpc      the GPU LDPC decoders (--device gpu): one configuration, or --sweep table3.3\n"
               "  devices   the CUDA devices this fecforge sees (count and description)\n\n"
               "'fecforge bench ldpc --help' describes the options. The CPU decoders: bench/bench_ldpc_dec.\n");
}

static void help(void)
{
    printf("usage: fecforge bench ldpc --device gpu [--code NAME] [--iter N] [--et] [--ns S --ncw C --nmcw M]\n"
           "                           [--kernel fused|edge|thesis] [--float] [--layers K] [--ebn0 X]\n"
           "                           [--batches B] [--json]\n"
           "       fecforge bench ldpc --device gpu --sweep table3.3 [--code NAME] [--iter N] [--kernel K]\n"
           "                           [--float] [--layers K] [--batches B] [--all] [--json]\n\n"
           "Throughput and latency of the GPU LDPC decoders (docs/gpu-ldpc.md) on full batches of\n"
           "NS x NCW x NMCW codewords: channel LLRs at --ebn0 generated once on the host, one warm-up\n"
           "batch, then --batches timed batches (medians reported). kernel_ms: device time of the\n"
           "decoding alone; total_ms: wall time of a batch with its transfers (LLRs in, bits out);\n"
           "latency_ms: from a stream's first copy-in to its last copy-out. Mbps = batch x n (coded) or\n"
           "x k (information) bits / time. Early termination is off unless --et (every codeword runs\n"
           "--iter iterations).\n\n"
           "  --device gpu      required: the CPU decoders are timed by bench/bench_ldpc_dec\n"
           "                    (cmake --build BUILD --target bench_ldpc_dec)\n"
           "  --code NAME       a built-in code or base-matrix file (default wifi-1944-1/2)\n"
           "  --iter N          iterations, [1, 1000] (default 10)\n"
           "  --et              early termination on\n"
           FG_CLI_GPU_HELP
           "  --float           float mode (min-sum scaled by 0.75) instead of the fixed-point model\n"
           "  --layers K        layers per macro-layer, [1, mb]: 1 layered, mb flooding (default %d)\n"
           "  --ebn0 X          Eb/N0 of the timed LLRs in dB, [-50, 100] (default 2)\n"
           "  --batches B       timed batches, [1, 10000] (default 20; with --sweep 5 per point)\n"
           "  --sweep table3.3  every NS in {1,2,4,8,16,32}, NCW in {1..5} (fused: only ncw*z <= 1024),\n"
           "                    NMCW in {1,2,3,4,6,8,10,12,16,20,25,32,40,50,64,80,100,128,150}; for each\n"
           "                    goal (the thesis's 50, 100, 150, 200, 250, 300 Mbps and 1000, 2500, 5000,\n"
           "                    10000, 25000 Mbps; information bits/s including transfers, info_mbps_total)\n"
           "                    the configuration of lowest latency_ms that reaches it\n"
           "  --all             with --sweep --json: also every point measured\n"
           "  --json            one JSON object on stdout\n"
           "  -h, --help        this text\n\n"
           "Exit: 0 ok, 1 GPU failure (no CUDA device, out of memory), 2 usage error.\n\n"
           "examples:\n"
           "  fecforge bench ldpc --device gpu --code wifi-1944-1/2 --iter 10 --ns 4 --ncw 2 --nmcw 64 --json\n"
           "  fecforge bench ldpc --device gpu --code wifi-1944-1/2 --sweep table3.3 --kernel thesis\n",
           fg_ldpc_fixed_cfg_default().layers);
}

typedef struct {
    int ns, ncw, nmcw;
    fg_gpu_ldpc_timing t;
} sweep_pt;

static void json_timing(fg_json *j, const fg_gpu_ldpc_timing *t)
{
    fg_json_int(j, "batch", t->batch);
    fg_json_num(j, "kernel_ms", t->kernel_ms);
    fg_json_num(j, "total_ms", t->total_ms);
    fg_json_num(j, "latency_ms", t->latency_ms);
    fg_json_num(j, "coded_mbps_kernel", t->coded_mbps_kernel);
    fg_json_num(j, "info_mbps_kernel", t->info_mbps_kernel);
    fg_json_num(j, "coded_mbps_total", t->coded_mbps_total);
    fg_json_num(j, "info_mbps_total", t->info_mbps_total);
}

/* Create, time, destroy. 0, or the library's code (message in fg_last_error()). */
/* Opens the JSON object on stdout with what both outputs share: provenance, command, code, decoder. */
static void json_head(fg_json *j, const char *command, const fg_ldpc_code *code, const char *kname, int fl, int layers,
                      int iter, int et, double ebn0)
{
    fg_json_begin(j, stdout);
    fg_json_obj_open(j, NULL);
    fg_json_provenance(j, -1);
    fg_json_str(j, "command", command);
    fg_json_str(j, "code", code->name);
    fg_json_int(j, "n", code->n);
    fg_json_int(j, "k", code->k);
    fg_json_str(j, "kernel", kname);
    fg_json_str(j, "mode", fl ? "float" : "fixed");
    fg_json_int(j, "layers", layers);
    fg_json_int(j, "iter", iter);
    fg_json_bool(j, "early_term", et);
    fg_json_num(j, "ebn0", ebn0);
}

static int measure(const fg_ldpc_code *code, const fg_gpu_ldpc_cfg *g, double ebn0, int batches, fg_gpu_ldpc_timing *t)
{
    fg_gpu_ldpc *d = NULL;
    int e = fg_gpu_ldpc_create(code, g, &d);
    if (!e)
        e = fg_gpu_ldpc_bench(d, ebn0, batches, t);
    fg_gpu_ldpc_destroy(d);
    return e;
}

static int bench_ldpc(int argc, char **argv)
{
    enum { O_CODE = 256, O_ITER, O_ET, O_FLOAT, O_LAYERS, O_EBN0, O_BATCHES, O_SWEEP, O_ALL, O_JSON, O_GPU };
    static const struct option opts[] = {
        {"code", required_argument, NULL, O_CODE},   {"iter", required_argument, NULL, O_ITER},
        {"et", no_argument, NULL, O_ET},             {"float", no_argument, NULL, O_FLOAT},
        {"layers", required_argument, NULL, O_LAYERS}, {"ebn0", required_argument, NULL, O_EBN0},
        {"batches", required_argument, NULL, O_BATCHES}, {"sweep", required_argument, NULL, O_SWEEP},
        {"all", no_argument, NULL, O_ALL},           {"json", no_argument, NULL, O_JSON},
        {"kernel", required_argument, NULL, O_GPU},  {"ns", required_argument, NULL, O_GPU},
        {"ncw", required_argument, NULL, O_GPU},     {"nmcw", required_argument, NULL, O_GPU},
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0}};
    const int gpu = fg_cli_take_device(CMD, &argc, argv);
    if (gpu < 0)
        return FG_EXIT_USAGE;
    const char *code_name = "wifi-1944-1/2";
    int iter = 10, et = 0, fl = 0, layers = fg_ldpc_fixed_cfg_default().layers, batches = 0, sweep = 0, all = 0;
    int json = 0, shape_given = 0, c, idx = -1;
    double ebn0 = 2.0;
    fg_gpu_ldpc_cfg g = fg_gpu_ldpc_cfg_default();
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        switch (c) {
        case O_CODE: code_name = optarg; break;
        case O_ITER:
            if (fg_cli_int(CMD, "iter", optarg, 1, 1000, &iter))
                return FG_EXIT_USAGE;
            break;
        case O_ET: et = 1; break;
        case O_FLOAT: fl = 1; break;
        case O_LAYERS:
            if (fg_cli_int(CMD, "layers", optarg, 1, FG_LDPC_BASE_DIM_MAX, &layers))
                return FG_EXIT_USAGE;
            break;
        case O_EBN0: {
            char *end;
            errno = 0;
            ebn0 = strtod(optarg, &end);
            if (end == optarg || *end || errno || !(ebn0 >= -50 && ebn0 <= 100))
                return fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected a number of dB in [-50, 100]", optarg);
            break;
        }
        case O_BATCHES:
            if (fg_cli_int(CMD, "batches", optarg, 1, 10000, &batches))
                return FG_EXIT_USAGE;
            break;
        case O_SWEEP:
            if (strcmp(optarg, "table3.3"))
                return fg_cli_usage_error(CMD, "--sweep=%s invalid: the one sweep is table3.3", optarg);
            sweep = 1;
            break;
        case O_ALL: all = 1; break;
        case O_JSON: json = 1; break;
        case O_GPU: {
            int shape = 0;
            if (fg_cli_gpu_option(CMD, name, optarg, &g, NULL, &shape) < 0)
                return FG_EXIT_USAGE;
            if (strcmp(name, "kernel"))
                shape_given = 1;
            break;
        }
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option (see fecforge bench ldpc --help)");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!gpu)
        return fg_cli_usage_error(CMD, "needs --device gpu: this command times the GPU decoders; the CPU decoders "
                                       "are timed by bench/bench_ldpc_dec (cmake --build BUILD --target bench_ldpc_dec)");
    if (sweep && shape_given)
        return fg_cli_usage_error(CMD, "--ns, --ncw and --nmcw are the sweep's variables: not with --sweep");
    if (all && !sweep)
        return fg_cli_usage_error(CMD, "--all needs --sweep table3.3");
    if (!batches)
        batches = sweep ? SWEEP_BATCHES : 20;

    fg_ldpc_code *code = NULL;
    if (fg_cli_ldpc_code_open(code_name, 0, &code))
        return FG_EXIT_USAGE;
    int rc = FG_EXIT_OK;
    sweep_pt *pts = NULL;
    if (layers > code->mb) {
        rc = fg_cli_usage_error(CMD, "--layers=%d out of range [1, %d] for %s (mb = %d layers)", layers, code->mb,
                                code->name, code->mb);
        goto out;
    }
    g.fixed = !fl;
    g.fx.layers = layers;
    g.fx.max_iter = iter;
    g.fx.early_term = et;
    g.dec.schedule = layers == 1 ? FG_LDPC_SCHED_LAYERED : FG_LDPC_SCHED_MULTILAYER;
    g.dec.layers = layers;
    g.dec.alg = FG_LDPC_ALG_NMS;
    g.dec.nms_factor = 0.75;
    g.dec.max_iter = iter;
    g.dec.early_term = et;
    if ((rc = fg_cli_gpu_require(CMD)) != 0)
        goto out;
    char desc[256];
    if (fg_gpu_device_describe(g.device, desc, (int)sizeof desc)) {
        rc = fg_cli_fail(CMD, "GPU %d: %s", g.device, fg_last_error());
        goto out;
    }
    const char *kname = fg_cli_gpu_kernel_name(g.kernel);
    if (!sweep) {
        fg_gpu_ldpc_timing t;
        int e = measure(code, &g, ebn0, batches, &t);
        if (e) {
            rc = e == FG_EINVAL ? fg_cli_usage_error(CMD, "%s", fg_last_error()) : fg_cli_fail(CMD, "%s", fg_last_error());
            goto out;
        }
        if (json) {
            fg_json j;
            json_head(&j, "bench ldpc --device gpu", code, kname, fl, layers, iter, et, ebn0);
            fg_json_int(&j, "ns", g.streams);
            fg_json_int(&j, "ncw", g.ncw);
            fg_json_int(&j, "nmcw", g.nmcw);
            fg_json_int(&j, "batches", batches);
            json_timing(&j, &t);
            fg_json_obj_open(&j, "device");
            fg_json_int(&j, "index", g.device);
            fg_json_str(&j, "description", desc);
            fg_json_obj_close(&j);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            printf("%s (n=%d, k=%d) on %s\n", code->name, code->n, code->k, desc);
            printf("kernel %s, %s mode, K=%d layers, %d iterations, early termination %s, Eb/N0 %g dB\n", kname,
                   fl ? "float" : "fixed", layers, iter, et ? "on" : "off", ebn0);
            printf("NS %d, NCW %d, NMCW %d: %d codewords per batch, median of %d batches\n", g.streams, g.ncw, g.nmcw,
                   t.batch, batches);
            printf("  kernel   %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps\n", t.kernel_ms, t.coded_mbps_kernel,
                   t.info_mbps_kernel);
            printf("  total    %10.3f ms  %10.1f coded Mbps  %10.1f info Mbps (with transfers)\n", t.total_ms,
                   t.coded_mbps_total, t.info_mbps_total);
            printf("  latency  %10.3f ms\n", t.latency_ms);
        }
        goto out;
    }

    /* --sweep table3.3 */
    pts = calloc((size_t)N_NS * N_NCW * N_NMCW, sizeof *pts);
    if (!pts) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    int n_pts = 0, skipped = 0, total = 0, done = 0;
    for (int a = 0; a < N_NCW; a++)
        if (g.kernel != FG_GPU_LDPC_FUSED || SW_NCW[a] * code->z <= 1024)
            total += N_NS * N_NMCW;
    for (int s = 0; s < N_NS; s++)
        for (int a = 0; a < N_NCW; a++) {
            if (g.kernel == FG_GPU_LDPC_FUSED && SW_NCW[a] * code->z > 1024)
                continue;
            for (int m = 0; m < N_NMCW; m++) {
                fg_gpu_ldpc_cfg p = g;
                p.streams = SW_NS[s];
                p.ncw = SW_NCW[a];
                p.nmcw = SW_NMCW[m];
                sweep_pt *q = &pts[n_pts];
                const int e = measure(code, &p, ebn0, batches, &q->t);
                fg_cli_progress("bench ldpc", "table3.3 sweep points", ++done, total);
                if (e == FG_EINVAL || e == FG_ENOMEM) { /* a shape this device or decoder cannot take */
                    skipped++;
                    continue;
                }
                if (e) {
                    fg_cli_progress_done();
                    rc = fg_cli_fail(CMD, "NS %d NCW %d NMCW %d: %s", p.streams, p.ncw, p.nmcw, fg_last_error());
                    goto out;
                }
                q->ns = p.streams;
                q->ncw = p.ncw;
                q->nmcw = p.nmcw;
                n_pts++;
            }
        }
    fg_cli_progress_done();
    int best[N_GOALS];
    for (int k = 0; k < N_GOALS; k++) {
        best[k] = -1;
        for (int i = 0; i < n_pts; i++) {
            if (pts[i].t.info_mbps_total < GOALS[k])
                continue;
            if (best[k] < 0 || pts[i].t.latency_ms < pts[best[k]].t.latency_ms ||
                (pts[i].t.latency_ms == pts[best[k]].t.latency_ms &&
                 pts[i].t.info_mbps_total > pts[best[k]].t.info_mbps_total))
                best[k] = i;
        }
    }
    if (json) {
        fg_json j;
        json_head(&j, "bench ldpc --device gpu --sweep table3.3", code, kname, fl, layers, iter, et, ebn0);
        fg_json_int(&j, "batches", batches);
        fg_json_str(&j, "goal_metric", "info_mbps_total");
        fg_json_int(&j, "points_measured", n_pts);
        fg_json_int(&j, "points_skipped", skipped);
        fg_json_obj_open(&j, "device");
        fg_json_int(&j, "index", g.device);
        fg_json_str(&j, "description", desc);
        fg_json_obj_close(&j);
        fg_json_arr_open(&j, "goals");
        for (int k = 0; k < N_GOALS; k++) {
            fg_json_obj_open(&j, NULL);
            fg_json_num(&j, "goal_mbps", GOALS[k]);
            fg_json_bool(&j, "reached", best[k] >= 0);
            if (best[k] >= 0) {
                const sweep_pt *q = &pts[best[k]];
                fg_json_int(&j, "ns", q->ns);
                fg_json_int(&j, "ncw", q->ncw);
                fg_json_int(&j, "nmcw", q->nmcw);
                json_timing(&j, &q->t);
            }
            fg_json_obj_close(&j);
        }
        fg_json_arr_close(&j);
        if (all) {
            fg_json_arr_open(&j, "points");
            for (int i = 0; i < n_pts; i++) {
                fg_json_obj_open(&j, NULL);
                fg_json_int(&j, "ns", pts[i].ns);
                fg_json_int(&j, "ncw", pts[i].ncw);
                fg_json_int(&j, "nmcw", pts[i].nmcw);
                json_timing(&j, &pts[i].t);
                fg_json_obj_close(&j);
            }
            fg_json_arr_close(&j);
        }
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("Table 3.3 sweep: %s (n=%d, k=%d) on %s\n", code->name, code->n, code->k, desc);
        printf("kernel %s, %s mode, K=%d layers, %d iterations, early termination %s; %d points (%d skipped), "
               "median of %d batches each\n\n",
               kname, fl ? "float" : "fixed", layers, iter, et ? "on" : "off", n_pts, skipped, batches);
        printf("%10s %4s %4s %5s %7s %11s %13s %13s\n", "goal Mbps", "NS", "NCW", "NMCW", "batch", "latency ms",
               "info Mbps", "kernel Mbps");
        for (int k = 0; k < N_GOALS; k++) {
            if (best[k] < 0) {
                printf("%10.0f %s\n", GOALS[k], "  not reached");
                continue;
            }
            const sweep_pt *q = &pts[best[k]];
            printf("%10.0f %4d %4d %5d %7d %11.3f %13.1f %13.1f\n", GOALS[k], q->ns, q->ncw, q->nmcw, q->t.batch,
                   q->t.latency_ms, q->t.info_mbps_total, q->t.info_mbps_kernel);
        }
        printf("\ngoal: information bits/s including transfers (info Mbps); the configuration of lowest latency\n");
    }
out:
    free(pts);
    fg_ldpc_code_destroy(code);
    return rc;
}

/* Hidden helper of the tests: how many CUDA devices this fecforge sees. */
static int bench_devices(int argc, char **argv)
{
    const int json = argc > 1 && !strcmp(argv[1], "--json");
    if (argc > 1 + json)
        return fg_cli_usage_error("bench devices", "unexpected argument '%s' (only --json)", argv[1 + json]);
    const int n = fg_gpu_device_count();
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, -1);
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
    return FG_EXIT_OK;
}

int fg_cmd_bench(int argc, char **argv)
{
    if (argc < 2) {
        help_bench(stderr);
        return FG_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        help_bench(stdout);
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "ldpc"))
        return bench_ldpc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "devices"))
        return bench_devices(argc - 1, argv + 1);
    fprintf(stderr, "fecforge bench: unknown benchmark '%s' (valid: ldpc, devices)\n", argv[1]);
    return FG_EXIT_USAGE;
}
