/* fecforge ber ldpc: FER/BER of an LDPC code with BPSK over AWGN, decoded by a float reference
 * decoder or the bit-accurate fixed-point model (docs/ldpc.md, "BER/FER studies"). */
#include "cli.h"
#include "cli_ber.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_ber.h"
#include "vec_json.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const CMD = "ber ldpc";
enum { EBN0_MAX = FG_CLI_EBN0_MAX, PLOT_WITH_MAX = FG_CLI_PLOT_WITH_MAX, LABEL_MAX = FG_CLI_LABEL_MAX };

static void help_ber(FILE *f)
{
    fprintf(f, "usage: fecforge ber <code family> [--options]\n\n"
           "Frame and bit error rates over BPSK/AWGN.\n\n"
           "code families:\n"
           "  ldpc    QC-LDPC codes (802.11n, 802.16e, user codes) with the float and fixed-point decoders\n"
           "  turbo   UMTS/HSPA+ and LTE turbo codes with the float and fixed-point decoders\n\n"
           "  plot    draw curves of earlier 'ber ldpc|turbo --json' results in one picture\n\n"
           "'fecforge ber ldpc --help', 'fecforge ber turbo --help' and 'fecforge ber plot --help' describe the\n"
           "options.\n");
}

static void help(void)
{
    fg_ldpc_fixed_cfg f = fg_ldpc_fixed_cfg_default();
    printf(
        "usage: fecforge ber ldpc --code NAME --ebn0 A:STEP:B|LIST\n"
        "                         [--decoder flooding|layered|multilayer:K|hw] [--alg spa|ms|nms:F|oms:B]\n"
        "                         [--iter N] [--no-et] [--fixed [--llr-width W] [--llr-frac F] [--r-width W]\n"
        "                         [--app-width W] [--in-shift N] [--scale-round 0|1] [--r-sat-late 0|1]\n"
        "                         [--app-keep 0|1]] [--min-fe N] [--max-frames N] [--threads T] [--seed S]\n"
        "                         [--label TEXT] [--json] [--plot FILE.png [--plot-with FILE.json]...]\n"
        "                         [--device cpu|gpu [--kernel fused|edge|thesis] [--ns S] [--ncw C] [--nmcw M] [--gpus N]]\n\n"
        "Frame error rate (FER) and bit error rate (BER) of a QC-LDPC code with BPSK over AWGN.\n"
        "Frame f of every Eb/N0 point draws its random information bits and its noise from Philox\n"
        "stream f of the seed (all curves with one seed see the same frames), so every count is the\n"
        "same for any --threads. A point stops at the frame where the frame errors reach --min-fe, or\n"
        "after --max-frames frames; its counts are exactly those of the frames up to there.\n"
        "A frame error: the decoded codeword differs from the sent one; BER counts information bits.\n"
        "Eb/N0 uses the code rate k/n. See docs/ldpc.md.\n\n"
        FG_CLI_LDPC_CODE_HELP
        "  --decoder D       flooding, layered (default), multilayer:K (K consecutive layers per\n"
        "                    macro-layer, K in [1, mb]; multilayer:1 = layered), or hw: the thesis's\n"
        "                    double-layer hardware, the fixed-point model with K = 2, NMS 0.75 and\n"
        "                    the thesis widths (LLR %d bits with %d fractional, R %d, APP %d)\n"
        "  --alg A           spa, ms, nms:F (scaled min-sum, factor F in (0, 1], also as N/2^S,\n"
        "                    default nms:0.75), oms:B (offset min-sum, offset B >= 0)\n"
        "  --iter N          maximum iterations, [1, 1000] (default 15)\n"
        "  --no-et           no early termination (always N iterations)\n"
        "  --fixed           the bit-accurate fixed-point model (layered or multilayer:K, nms with a\n"
        "                    factor num/2^shift, shift <= 8); channel LLRs quantised to --llr-width\n"
        "                    bits with --llr-frac fractional bits\n"
        FG_CLI_LDPC_FIXED_HELP
        "  --ebn0 LIST       Eb/N0 points in dB, ascending, in [-50, 100]: A:STEP:B (STEP > 0), single\n"
        "                    values, or a comma-separated mix (1:0.25:2,2.1,2.2)\n"
        "  --min-fe N        frame errors per point, [1, 2^31-1] (default 100)\n"
        "  --max-frames N    frames per point at most, [1, 2^31-1] (default 1000000)\n"
        "  --threads T       threads, [1, %d] (default 1)\n"
        "  --seed S          Philox seed, [0, 2^63-1] (default 1)\n"
        "  --stop-fer F      skip the remaining points after one with FER < F, F in (0, 1)\n"
        "  --label TEXT      curve name in the JSON and plots (default: decoder and rule)\n"
        "  --json            one JSON object on stdout (parameters, per-point counts, Eb/N0 at FER\n"
        "                    1e-1 .. 1e-6 where bracketed)\n"
        "  --plot FILE.png   FER and BER against Eb/N0 (gnuplot)\n"
        "  --plot-with FILE.json\n"
        "                    add the curve of an earlier --json run to the plot (up to %d times)\n"
        "  --device D        cpu (default) or gpu: the CUDA decoders (docs/gpu-ldpc-cli.md); the same frames,\n"
        "                    stop rule, counts and JSON (plus \"device\" and \"gpu\"); fixed mode gives the\n"
        "                    CPU's counts exactly; --alg spa is CPU only; --threads is ignored\n"
        "  with --device gpu:\n"
        FG_CLI_GPU_HELP
        "  --gpus N            GPUs to split the frames over, [0, 64], 0 = every device (default 0)\n"
        "  -h, --help        this text\n\n"
        "Progress (one line per point, on stderr) when stderr is a terminal or FG_PROGRESS=1.\n\n"
        "examples:\n"
        "  fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --min-fe 50\n"
        "  fecforge ber ldpc --code wifi-1944-1/2 --decoder multilayer:3 --ebn0 1.2:0.2:2.2 --threads 2 --json\n"
        "  fecforge ber ldpc --code wifi-1944-1/2 --decoder hw --ebn0 1.4:0.2:2 --json > hw.json\n"
        "  fecforge ber ldpc --code wifi-1944-1/2 --ebn0 1.4:0.2:2 --plot fer.png --plot-with hw.json\n",
        f.llr_width, f.llr_frac, f.r_width, f.app_width, FG_LDPC_BER_THREADS_MAX, PLOT_WITH_MAX);
}

/* --alg spa|ms|nms[:F]|oms[:B]; F also N/D. */
static int parse_alg(const char *text, fg_ldpc_dec_cfg *d)
{
    const char *colon = strchr(text, ':');
    const size_t len = colon ? (size_t)(colon - text) : strlen(text);
    const char *arg = colon ? colon + 1 : NULL;
    if (len == 3 && !strncmp(text, "spa", 3) && !arg)
        d->alg = FG_LDPC_ALG_SPA;
    else if (len == 2 && !strncmp(text, "ms", 2) && !arg)
        d->alg = FG_LDPC_ALG_MS;
    else if (len == 3 && !strncmp(text, "nms", 3)) {
        d->alg = FG_LDPC_ALG_NMS;
        if (arg) {
            double f, num, den;
            const char *slash = strchr(arg, '/');
            if (slash) {
                char a[64];
                snprintf(a, sizeof a, "%.*s", (int)(slash - arg), arg);
                if (fg_cli_parse_double(a, &num) || fg_cli_parse_double(slash + 1, &den) || den <= 0)
                    return fg_cli_usage_error(CMD, "--alg=%s invalid: nms:F needs F in (0, 1] or N/D", text);
                f = num / den;
            } else if (fg_cli_parse_double(arg, &f))
                return fg_cli_usage_error(CMD, "--alg=%s invalid: nms:F needs F in (0, 1] or N/D", text);
            if (!(f > 0 && f <= 1))
                return fg_cli_usage_error(CMD, "--alg=%s: factor %g out of range (0, 1]", text, f);
            d->nms_factor = f;
        }
    } else if (len == 3 && !strncmp(text, "oms", 3)) {
        d->alg = FG_LDPC_ALG_OMS;
        if (arg) {
            double b;
            if (fg_cli_parse_double(arg, &b) || b < 0 || b > 1000)
                return fg_cli_usage_error(CMD, "--alg=%s invalid: oms:B needs an offset B in [0, 1000]", text);
            d->oms_offset = b;
        }
    } else
        return fg_cli_usage_error(CMD, "--alg=%s invalid: expected spa, ms, nms:F or oms:B", text);
    return 0;
}

/* factor = num / 2^shift exactly (shift <= 8), smallest shift. */
static int dyadic(double f, int *num, int *shift)
{
    for (int s = 0; s <= 8; s++) {
        const double x = f * (double)(1 << s);
        if (fabs(x - round(x)) < 1e-9 && round(x) >= 1) {
            *num = (int)round(x);
            *shift = s;
            return 0;
        }
    }
    return -1;
}

static const char *alg_name(fg_ldpc_alg a)
{
    return a == FG_LDPC_ALG_SPA ? "spa" : a == FG_LDPC_ALG_MS ? "ms" : a == FG_LDPC_ALG_NMS ? "nms" : "oms";
}

static const char *sched_name(fg_ldpc_schedule s)
{
    return s == FG_LDPC_SCHED_FLOODING ? "flooding" : s == FG_LDPC_SCHED_LAYERED ? "layered" : "multilayer";
}

static void json_decoder(fg_json *j, const char *decoder, const fg_ldpc_ber_cfg *c)
{
    fg_json_obj_open(j, "decoder");
    fg_json_str(j, "name", decoder);
    if (c->fixed) {
        fg_json_str(j, "schedule", c->fx.layers == 1 ? "layered" : "multilayer");
        fg_json_int(j, "layers", c->fx.layers);
        fg_json_str(j, "alg", "nms");
        fg_json_num(j, "nms_factor", (double)c->fx.scale_num / (double)(1 << c->fx.scale_shift));
        fg_json_int(j, "scale_num", c->fx.scale_num);
        fg_json_int(j, "scale_shift", c->fx.scale_shift);
        fg_json_int(j, "max_iter", c->fx.max_iter);
        fg_json_bool(j, "early_term", c->fx.early_term);
        fg_json_bool(j, "fixed", 1);
        fg_json_int(j, "llr_width", c->fx.llr_width);
        fg_json_int(j, "llr_frac", c->fx.llr_frac);
        fg_json_int(j, "r_width", c->fx.r_width);
        fg_json_int(j, "app_width", c->fx.app_width);
        fg_json_int(j, "in_shift", c->fx.in_shift);
        fg_json_bool(j, "scale_round", c->fx.scale_round);
        fg_json_bool(j, "r_sat_late", c->fx.r_sat_late);
        fg_json_bool(j, "app_keep", c->fx.app_keep);
    } else {
        fg_json_str(j, "schedule", sched_name(c->dec.schedule));
        fg_json_int(j, "layers", c->dec.schedule == FG_LDPC_SCHED_MULTILAYER ? c->dec.layers : 1);
        fg_json_str(j, "alg", alg_name(c->dec.alg));
        if (c->dec.alg == FG_LDPC_ALG_NMS)
            fg_json_num(j, "nms_factor", c->dec.nms_factor);
        if (c->dec.alg == FG_LDPC_ALG_OMS)
            fg_json_num(j, "oms_offset", c->dec.oms_offset);
        fg_json_int(j, "max_iter", c->dec.max_iter);
        fg_json_bool(j, "early_term", c->dec.early_term);
        fg_json_bool(j, "fixed", 0);
    }
    fg_json_obj_close(j);
}

static fg_cli_ber_pt cli_pt(const fg_ldpc_ber_point *p)
{
    fg_cli_ber_pt c = {p->ebn0_db, p->sigma, p->fer, p->ber, p->avg_iter, p->seconds, p->frames, p->frame_errors,
                       p->bit_errors, p->stop == FG_LDPC_BER_STOP_MIN_FE};
    return c;
}

static void on_progress(void *ctx, const fg_ldpc_ber_point *p)
{
    const fg_cli_ber_pt c = cli_pt(p);
    fg_cli_ber_progress_show(ctx, &c, 0);
}

static int ber_ldpc(int argc, char **argv)
{
    enum {
        O_CODE = 256, O_Z, O_DEC, O_ALG, O_ITER, O_NOET, O_FIXED, O_LLRW, O_LLRF, O_RW, O_APPW, O_EBN0, O_MINFE,
        O_MAXF, O_THREADS, O_SEED, O_LABEL, O_JSON, O_PLOT, O_PLOTWITH, O_STOPFER, O_INSH, O_SRND, O_RSAT, O_AKEEP,
        O_GPU
    };
    static const struct option opts[] = {
        {"code", required_argument, NULL, O_CODE},        {"z", required_argument, NULL, O_Z},
        {"decoder", required_argument, NULL, O_DEC},      {"alg", required_argument, NULL, O_ALG},
        {"iter", required_argument, NULL, O_ITER},        {"no-et", no_argument, NULL, O_NOET},
        {"fixed", no_argument, NULL, O_FIXED},            {"llr-width", required_argument, NULL, O_LLRW},
        {"llr-frac", required_argument, NULL, O_LLRF},    {"r-width", required_argument, NULL, O_RW},
        {"app-width", required_argument, NULL, O_APPW},   {"ebn0", required_argument, NULL, O_EBN0},
        {"min-fe", required_argument, NULL, O_MINFE},     {"max-frames", required_argument, NULL, O_MAXF},
        {"threads", required_argument, NULL, O_THREADS},  {"seed", required_argument, NULL, O_SEED},
        {"label", required_argument, NULL, O_LABEL},      {"json", no_argument, NULL, O_JSON},
        {"plot", required_argument, NULL, O_PLOT},        {"plot-with", required_argument, NULL, O_PLOTWITH},
        {"stop-fer", required_argument, NULL, O_STOPFER}, {"in-shift", required_argument, NULL, O_INSH},
        {"scale-round", required_argument, NULL, O_SRND}, {"r-sat-late", required_argument, NULL, O_RSAT},
        {"app-keep", required_argument, NULL, O_AKEEP},
        {"kernel", required_argument, NULL, O_GPU},       {"ns", required_argument, NULL, O_GPU},
        {"ncw", required_argument, NULL, O_GPU},          {"nmcw", required_argument, NULL, O_GPU},
        {"gpus", required_argument, NULL, O_GPU},
        {"help", no_argument, NULL, 'h'},                 {NULL, 0, NULL, 0}};
    const char *code_name = NULL, *dec_text = "layered", *alg_text = NULL, *ebn0_text = NULL, *label_text = NULL,
               *plot_path = NULL, *plot_with[PLOT_WITH_MAX];
    int z = 0, iter = 15, no_et = 0, fixed = 0, json = 0, threads = 1, n_with = 0, c;
    long long min_fe = 100, max_frames = 1000000, seed = 1;
    double stop_fer = 0.0;
    fg_ldpc_fixed_cfg fxo = fg_ldpc_fixed_cfg_default(); /* the fixed-point options, applied with --fixed */
    int fx_opts = 0, idx = -1, r;
    /* --device gpu: the GPU decoders (fecforge_gpu/ldpc_gpu.h) with their batch options */
    const int gpu = fg_cli_take_device(CMD, &argc, argv);
    fg_gpu_ldpc_cfg gcfg = fg_gpu_ldpc_cfg_default();
    int gpus = 0, gpu_opts = 0;
    if (gpu < 0)
        return FG_EXIT_USAGE;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        if (idx >= 0 && (r = fg_cli_gpu_option(CMD, opts[idx].name, optarg, &gcfg, &gpus, &gpu_opts)) != 0) {
            if (r < 0)
                return FG_EXIT_USAGE;
            idx = -1;
            continue;
        }
        if (idx >= 0 && (r = fg_cli_ldpc_fixed_option(CMD, opts[idx].name, optarg, &fxo, &fx_opts)) != 0) {
            if (r < 0)
                return FG_EXIT_USAGE;
            idx = -1;
            continue;
        }
        idx = -1;
        switch (c) {
        case O_CODE: code_name = optarg; break;
        case O_Z:
            if (fg_cli_int(CMD, "z", optarg, 1, FG_LDPC_Z_MAX, &z))
                return FG_EXIT_USAGE;
            break;
        case O_DEC: dec_text = optarg; break;
        case O_ALG: alg_text = optarg; break;
        case O_ITER:
            if (fg_cli_int(CMD, "iter", optarg, 1, 1000, &iter))
                return FG_EXIT_USAGE;
            break;
        case O_NOET: no_et = 1; break;
        case O_FIXED: fixed = 1; break;
        case O_EBN0: ebn0_text = optarg; break;
        case O_MINFE:
            if (fg_cli_ll(CMD, "min-fe", optarg, 1, 2147483647LL, &min_fe))
                return FG_EXIT_USAGE;
            break;
        case O_MAXF:
            if (fg_cli_ll(CMD, "max-frames", optarg, 1, 2147483647LL, &max_frames))
                return FG_EXIT_USAGE;
            break;
        case O_THREADS:
            if (fg_cli_int(CMD, "threads", optarg, 1, FG_LDPC_BER_THREADS_MAX, &threads))
                return FG_EXIT_USAGE;
            break;
        case O_SEED:
            if (fg_cli_ll(CMD, "seed", optarg, 0, 9223372036854775807LL, &seed))
                return FG_EXIT_USAGE;
            break;
        case O_LABEL: label_text = optarg; break;
        case O_STOPFER:
            if (fg_cli_parse_double(optarg, &stop_fer) || !(stop_fer > 0 && stop_fer < 1))
                return fg_cli_usage_error(CMD, "--stop-fer=%s invalid: expected a FER in (0, 1)", optarg);
            break;
        case O_JSON: json = 1; break;
        case O_PLOT: plot_path = optarg; break;
        case O_PLOTWITH:
            if (n_with >= PLOT_WITH_MAX)
                return fg_cli_usage_error(CMD, "--plot-with given more than %d times", PLOT_WITH_MAX);
            plot_with[n_with++] = optarg;
            break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!code_name)
        return fg_cli_usage_error(CMD, "--code is required (e.g. --code wifi-1944-1/2)");
    if (!ebn0_text)
        return fg_cli_usage_error(CMD, "--ebn0 is required (e.g. --ebn0 1:0.25:2.5)");
    if (n_with && !plot_path)
        return fg_cli_usage_error(CMD, "--plot-with needs --plot FILE.png");
    if (!gpu && gpu_opts)
        return fg_cli_usage_error(CMD, "--kernel, --ns, --ncw, --nmcw and --gpus need --device gpu");

    /* decoder and rule */
    fg_ldpc_ber_cfg cfg = fg_ldpc_ber_cfg_default();
    fg_ldpc_dec_cfg *d = &cfg.dec;
    int hw = 0, K = 1;
    if (!strcmp(dec_text, "flooding"))
        d->schedule = FG_LDPC_SCHED_FLOODING;
    else if (!strcmp(dec_text, "layered"))
        d->schedule = FG_LDPC_SCHED_LAYERED;
    else if (!strncmp(dec_text, "multilayer:", 11)) {
        d->schedule = FG_LDPC_SCHED_MULTILAYER;
        if (fg_cli_int(CMD, "decoder multilayer:K", dec_text + 11, 1, FG_LDPC_BASE_DIM_MAX, &K))
            return FG_EXIT_USAGE;
        d->layers = K;
    } else if (!strcmp(dec_text, "hw")) {
        hw = 1;
        fixed = 1;
        K = 2;
        d->schedule = FG_LDPC_SCHED_MULTILAYER;
        d->layers = K;
    } else
        return fg_cli_usage_error(CMD, "--decoder=%s invalid: expected flooding, layered, multilayer:K or hw", dec_text);
    d->alg = FG_LDPC_ALG_NMS;
    d->nms_factor = 0.75;
    if (alg_text && parse_alg(alg_text, d))
        return FG_EXIT_USAGE;
    if (gpu && d->alg == FG_LDPC_ALG_SPA)
        return fg_cli_usage_error(CMD, "--alg=%s invalid with --device gpu: the GPU decoders compute ms, nms:F or "
                                       "oms:B (spa is CPU only)", alg_text);
    d->max_iter = iter;
    d->early_term = !no_et;

    if (hw && fx_opts)
        return fg_cli_usage_error(CMD, "--decoder hw is the thesis hardware with the default arithmetic; for other "
                                       "widths or arithmetic use --decoder multilayer:2 --fixed with --llr-width, "
                                       "--llr-frac, --r-width, --app-width, --in-shift, --scale-round, --r-sat-late, "
                                       "--app-keep");
    if (!fixed && fx_opts)
        return fg_cli_usage_error(CMD, "--llr-width, --llr-frac, --r-width, --app-width, --in-shift, --scale-round, "
                                       "--r-sat-late and --app-keep need --fixed");
    if (fixed) {
        fg_ldpc_fixed_cfg *x = &cfg.fx;
        if (d->schedule == FG_LDPC_SCHED_FLOODING)
            return fg_cli_usage_error(CMD, "--fixed needs --decoder layered, multilayer:K or hw: the fixed-point "
                                           "model is the multi-layer decoder, there is no fixed flooding decoder");
        if (d->alg != FG_LDPC_ALG_NMS || dyadic(d->nms_factor, &x->scale_num, &x->scale_shift))
            return fg_cli_usage_error(CMD, "--alg=%s invalid with --fixed: the fixed-point model computes scaled "
                                           "min-sum with a factor num/2^shift (shift <= 8), e.g. nms:0.75 or nms:3/4",
                                      alg_text ? alg_text : "");
        if (hw && (x->scale_num != 3 || x->scale_shift != 2))
            return fg_cli_usage_error(CMD, "--alg=%s invalid with --decoder hw: the thesis hardware scales by 0.75",
                                      alg_text);
        x->layers = d->schedule == FG_LDPC_SCHED_LAYERED ? 1 : K;
        if (fg_cli_ldpc_fixed_finish(CMD, &fxo, x))
            return FG_EXIT_USAGE;
        x->max_iter = iter;
        x->early_term = !no_et;
    }
    cfg.fixed = fixed;
    cfg.seed = (uint64_t)seed;
    cfg.min_fe = min_fe;
    cfg.max_frames = max_frames;
    cfg.threads = threads;

    double *ebn0 = malloc(sizeof *ebn0 * EBN0_MAX);
    if (!ebn0)
        return fg_cli_fail(CMD, "out of memory");
    int n_pts = 0;
    if (fg_cli_ber_ebn0(CMD, ebn0_text, ebn0, &n_pts)) {
        free(ebn0);
        return FG_EXIT_USAGE;
    }

    /* names: decoder text and default label */
    char dec_name[64], label[LABEL_MAX];
    if (hw)
        snprintf(dec_name, sizeof dec_name, "hw");
    else if (d->schedule == FG_LDPC_SCHED_MULTILAYER)
        snprintf(dec_name, sizeof dec_name, "multilayer:%d", K);
    else
        snprintf(dec_name, sizeof dec_name, "%s", sched_name(d->schedule));
    if (label_text)
        snprintf(label, sizeof label, "%s", label_text);
    else {
        char rule[48];
        if (d->alg == FG_LDPC_ALG_NMS)
            snprintf(rule, sizeof rule, "nms:%g", d->nms_factor);
        else if (d->alg == FG_LDPC_ALG_OMS)
            snprintf(rule, sizeof rule, "oms:%g", d->oms_offset);
        else
            snprintf(rule, sizeof rule, "%s", alg_name(d->alg));
        if (hw)
            snprintf(label, sizeof label, "hw (fixed K=2, nms:0.75)");
        else if (fixed)
            snprintf(label, sizeof label, "%s %s fixed %d.%d/%d/%d", dec_name, rule, cfg.fx.llr_width, cfg.fx.llr_frac,
                     cfg.fx.r_width, cfg.fx.app_width);
        else
            snprintf(label, sizeof label, "%s %s", dec_name, rule);
    }

    fg_ldpc_code *code = NULL;
    fg_ldpc_ber_point *pts = calloc((size_t)n_pts, sizeof *pts);
    fg_cli_ber_pt *rows = calloc((size_t)n_pts, sizeof *rows);
    fg_cli_curve *cv = NULL;
    fg_out *fplot = NULL;
    int rc = FG_EXIT_OK;
    if (!pts || !rows) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    if ((rc = fg_cli_ber_plot_with(CMD, plot_with, n_with, &cv)) != 0)
        goto out;
    if (fg_cli_ldpc_code_open(code_name, z, &code)) {
        rc = FG_EXIT_USAGE;
        goto out;
    }
    if (K > code->mb) {
        rc = fg_cli_usage_error(CMD, "--decoder=%s: K=%d out of range [1, %d] for %s (mb = %d layers)", dec_text, K,
                                code->mb, code->name, code->mb);
        goto out;
    }
    /* the decoders check their configurations: a bad one is a usage error */
    {
        fg_ldpc_dec *td = NULL;
        fg_ldpc_fixed *tf = NULL;
        int e = fixed ? fg_ldpc_fixed_create(code, &cfg.fx, &tf) : fg_ldpc_dec_create(code, &cfg.dec, &td);
        fg_ldpc_dec_destroy(td);
        fg_ldpc_fixed_destroy(tf);
        if (e) {
            rc = fg_cli_usage_error(CMD, "decoder: %s", fg_last_error());
            goto out;
        }
    }
    char gpu_desc[256] = "";
    if (gpu) { /* a device, and a configuration the GPU decoder accepts (else a usage error) */
        gcfg.fixed = cfg.fixed;
        gcfg.fx = cfg.fx;
        gcfg.dec = cfg.dec;
        fg_gpu_ldpc *tg = NULL;
        if ((rc = fg_cli_gpu_require(CMD)) != 0)
            goto out;
        if (fg_gpu_device_describe(gcfg.device, gpu_desc, (int)sizeof gpu_desc)) {
            rc = fg_cli_fail(CMD, "GPU %d: %s", gcfg.device, fg_last_error());
            goto out;
        }
        const int e = fg_gpu_ldpc_create(code, &gcfg, &tg);
        fg_gpu_ldpc_destroy(tg);
        if (e) {
            rc = e == FG_EINVAL ? fg_cli_usage_error(CMD, "GPU decoder: %s", fg_last_error())
                                : fg_cli_fail(CMD, "GPU decoder: %s", fg_last_error());
            goto out;
        }
    }
    if (plot_path && !(fplot = fg_cli_out_open(CMD, "plot", plot_path))) {
        rc = FG_EXIT_USAGE;
        goto out;
    }

    const double rate = (double)code->k / (double)code->n;
    if (!json) {
        printf("LDPC FER/BER: %s (n=%d, k=%d, z=%d, rate %.4f), BPSK/AWGN\n", code->name, code->n, code->k, code->z,
               rate);
        printf("decoder %s, %s, %d iterations max, early termination %s, seed %lld\n", label,
               fixed ? "fixed point" : "float", iter, no_et ? "off" : "on", seed);
        if (gpu)
            printf("per point: stop at %lld frame errors or %lld frames; GPU %s, kernel %s, NS %d NCW %d NMCW %d\n\n",
                   min_fe, max_frames, gpu_desc, fg_cli_gpu_kernel_name(gcfg.kernel), gcfg.streams,
                   gcfg.ncw, gcfg.nmcw);
        else
            printf("per point: stop at %lld frame errors or %lld frames; %d thread%s\n\n", min_fe, max_frames,
                   threads, threads > 1 ? "s" : "");
        fg_cli_ber_table_head();
    }
    fg_cli_ber_progress ps = {CMD, min_fe, max_frames, 0.0};
    cfg.progress = on_progress;
    cfg.progress_ctx = &ps;
    const double t0 = fg_cli_now();
    const int n_asked = n_pts;
    for (int i = 0; i < n_pts; i++) {
        ps.start = fg_cli_now();
        if (gpu ? fg_gpu_ldpc_ber_run(code, &cfg, &gcfg, gpus, ebn0[i], &pts[i])
                : fg_ldpc_ber_run(code, &cfg, ebn0[i], &pts[i])) {
            fg_cli_progress_done();
            rc = fg_cli_fail(CMD, "Eb/N0 %g dB: %s", ebn0[i], fg_last_error());
            goto out;
        }
        rows[i] = cli_pt(&pts[i]);
        fg_cli_ber_progress_show(&ps, &rows[i], 1);
        fg_cli_progress_done();
        if (!json)
            fg_cli_ber_table_row(&rows[i]);
        if (stop_fer > 0 && pts[i].fer < stop_fer)
            n_pts = i + 1; /* --stop-fer: the curve is below the range of interest */
    }
    const double elapsed = fg_cli_now() - t0;
    fg_cli_fer_at at;
    for (int t = 0; t < FG_CLI_FER_TARGETS; t++)
        at.have[t] = fg_ldpc_ber_ebn0_at(pts, n_pts, fg_cli_fer_targets[t], &at.ebn0[t]) == 0;
    fg_clear_error();
    if (json) {
        fg_json j;
        fg_cli_ber_json_head(&j, seed, "ber ldpc", label);
        fg_json_obj_open(&j, "code");
        fg_json_str(&j, "name", code->name);
        fg_json_int(&j, "n", code->n);
        fg_json_int(&j, "k", code->k);
        fg_json_int(&j, "z", code->z);
        fg_json_int(&j, "mb", code->mb);
        fg_json_num(&j, "rate", rate);
        fg_json_obj_close(&j);
        json_decoder(&j, dec_name, &cfg);
        fg_cli_ber_json_channel(&j, seed, min_fe, max_frames);
        if (stop_fer > 0)
            fg_json_num(&j, "stop_fer", stop_fer);
        fg_cli_ber_json_results(&j, ebn0, n_asked, rows, n_pts, &at, threads, elapsed);
        if (gpu) {
            fg_json_str(&j, "device", "gpu");
            fg_json_obj_open(&j, "gpu");
            fg_json_str(&j, "description", gpu_desc);
            fg_json_str(&j, "kernel", fg_cli_gpu_kernel_name(gcfg.kernel));
            fg_json_int(&j, "ns", gcfg.streams);
            fg_json_int(&j, "ncw", gcfg.ncw);
            fg_json_int(&j, "nmcw", gcfg.nmcw);
            fg_json_int(&j, "gpus", gpus);
            fg_json_obj_close(&j);
        }
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else
        fg_cli_ber_summary(&at, elapsed);
    if (fplot) {
        char title[256];
        snprintf(title, sizeof title, "%s (n=%d, rate %.3g), BPSK/AWGN, %d iterations max", code->name, code->n, rate,
                 iter);
        rc = fg_cli_ber_plot_run(CMD, fplot, title, label, cv, n_with, rows, n_pts);
        fplot = NULL;
    }
out:
    fg_cli_out_close(CMD, fplot, 0);
    fg_cli_curves_free(cv, n_with);
    free(rows);
    free(pts);
    free(ebn0);
    fg_ldpc_code_destroy(code);
    return rc;
}

static void help_plot(void)
{
    printf("usage: fecforge ber plot --plot FILE.png [--title TEXT] [--fer-only] RESULT.json...\n\n"
           "Draws FER (and BER) against Eb/N0 of earlier 'fecforge ber ldpc|turbo --json' results, one curve per\n"
           "file (named by its \"label\"), without simulating anything. At most %d files.\n\n"
           "  --plot FILE.png   the picture (gnuplot)\n"
           "  --title TEXT      its title (default: the code of the first file, BPSK/AWGN)\n"
           "  --fer-only        FER only (default: FER and BER side by side)\n"
           "  -h, --help        this text\n\n"
           "example:\n"
           "  fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --json > k1.json\n"
           "  fecforge ber ldpc --code wifi-648-1/2 --ebn0 1:0.5:3 --decoder multilayer:2 --json > k2.json\n"
           "  fecforge ber plot --plot fer.png --fer-only k1.json k2.json\n",
           PLOT_WITH_MAX);
}

static int ber_plot(int argc, char **argv)
{
    static const char *const PCMD = "ber plot";
    enum { O_PLOT = 256, O_TITLE, O_FERONLY };
    static const struct option opts[] = {{"plot", required_argument, NULL, O_PLOT},
                                         {"title", required_argument, NULL, O_TITLE},
                                         {"fer-only", no_argument, NULL, O_FERONLY},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const char *path = NULL, *title_text = NULL;
    int fer_only = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_PLOT: path = optarg; break;
        case O_TITLE: title_text = optarg; break;
        case O_FERONLY: fer_only = 1; break;
        case 'h': help_plot(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(PCMD, "unknown option");
        }
    }
    const int n = argc - optind;
    if (!path)
        return fg_cli_usage_error(PCMD, "--plot FILE.png is required");
    if (n < 1 || n > PLOT_WITH_MAX)
        return fg_cli_usage_error(PCMD, "%d result files given: expected 1 to %d (RESULT.json...)", n, PLOT_WITH_MAX);
    fg_cli_curve *cv = calloc((size_t)n, sizeof *cv);
    if (!cv)
        return fg_cli_fail(PCMD, "out of memory");
    char code_name[FG_LDPC_NAME_MAX] = "";
    int rc = FG_EXIT_OK, got = 0;
    for (; got < n && rc == FG_EXIT_OK; got++)
        rc = fg_cli_read_curve(PCMD, "", argv[optind + got], &cv[got], got ? NULL : code_name, sizeof code_name);
    if (rc == FG_EXIT_OK) {
        fg_out *f = fg_cli_out_open(PCMD, "plot", path);
        if (!f)
            rc = FG_EXIT_USAGE;
        else {
            char title[256];
            snprintf(title, sizeof title, "%s", title_text ? title_text : code_name);
            if (!title_text)
                snprintf(title + strlen(title), sizeof title - strlen(title), ", BPSK/AWGN");
            int ok = fg_cli_ber_plot(PCMD, f, title, cv, n, fer_only) == 0;
            if (fg_cli_out_close(PCMD, f, ok) || !ok)
                rc = FG_EXIT_FAIL;
        }
    }
    for (int i = 0; i < got; i++)
        fg_cli_curve_free(&cv[i]);
    free(cv);
    return rc;
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
    if (!strcmp(argv[1], "ldpc"))
        return ber_ldpc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "turbo"))
        return fg_cli_ber_turbo(argc - 1, argv + 1);
    if (!strcmp(argv[1], "plot"))
        return ber_plot(argc - 1, argv + 1);
    fprintf(stderr, "fecforge ber: unknown code family '%s' (valid: ldpc, turbo; or plot)\n", argv[1]);
    return FG_EXIT_USAGE;
}
