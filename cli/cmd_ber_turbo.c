/* fecforge ber turbo: FER/BER of the UMTS/HSPA+ and LTE turbo codes with BPSK over AWGN, decoded by
 * the float reference decoders or the fixed-point model (docs/turbo.md "BER/FER studies"). */
#include "cli.h"
#include "cli_ber.h"
#include "fecforge/error.h"
#include "fecforge/turbo_ber.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "ber turbo";

static void help(void)
{
    const fg_xmap_fmt f = fg_turbo_fixed_cfg_default().fmt;
    printf(
        "usage: fecforge ber turbo --std lte|umts --K N --ebn0 A:STEP:B|LIST [--alg maxlog|log|linlog]\n"
        "                          [--scale F] [--iter I] [--radix 2|4] [--parallel P] [--nii on|off]\n"
        "                          [--window W [--training T]] [--fixed] [--et none|minllr:T|avgllr:T|crc[:a|b]]\n"
        "                          [--min-fe N] [--max-frames N] [--threads T] [--seed S] [--label TEXT]\n"
        "                          [--json] [--plot FILE.png [--plot-with FILE.json]...]\n\n"
        "Frame error rate (FER) and bit error rate (BER) of a rate-1/3 turbo code (UMTS/HSPA+ TS 25.212,\n"
        "LTE TS 36.212) with BPSK over AWGN. Frame f of every Eb/N0 point draws its K random bits and its\n"
        "noise from Philox stream f of the seed, so every count is the same for any --threads. A point\n"
        "stops at the frame where the frame errors reach --min-fe, or after --max-frames frames.\n"
        "Eb/N0 uses the rate K/(3K+12). See docs/turbo.md.\n\n"
        "  --std S           lte or umts (also hspa)\n"
        "  --K N             block size of the standard (LTE: the 188 sizes 40..6144; UMTS: 40..5114)\n"
        "  --alg A           maxlog (default), log (exact max*), linlog (linear correction term)\n"
        "  --scale F         extrinsic scaling, (0, 1] (default 0.75 for maxlog, 1 for log and linlog)\n"
        "  --iter I          iterations, a multiple of 0.5 in [0.5, 500] (default 5.5 = 11 half-iterations;\n"
        "                    an odd count of half-iterations ends with SISO 1)\n"
        "  --radix R         2 (default) or 4 (two trellis steps per step; needs even sub-blocks)\n"
        "  --parallel P      P parallel sub-blocks of ceil(K/P) steps (the last may be shorter; default 1)\n"
        "  --nii on|off      next-iteration initialisation of the sub-block boundaries (default on)\n"
        "  --window W        sliding window of W >= 1 steps (default: none, whole sub-blocks)\n"
        "  --training T      beta warm-up of T >= 0 steps beyond each window (default W)\n"
        "  --fixed           the bit-accurate fixed-point model (radix-4 XMAP, max-log with 0.75 scaling;\n"
        "                    channel LLRs %d bits with %d fractional, extrinsic %d, branch %d, state %d bits;\n"
        "                    docs/turbo-fixed.md)\n"
        "  --et E            early termination after every half-iteration: none (default), minllr:T\n"
        "                    (min |LLR| >= T), avgllr:T (mean |LLR| >= T; T in LLR units, fixed: LSBs),\n"
        "                    crc (LTE: the block's last 24 bits are its CRC-24A; crc:b for CRC-24B)\n"
        "  --ebn0 LIST       Eb/N0 points in dB, ascending, in [-50, 100]: A:STEP:B, values, or a mix\n"
        "  --min-fe N        frame errors per point, [1, 2^31-1] (default 100)\n"
        "  --max-frames N    frames per point at most, [1, 2^31-1] (default 1000000)\n"
        "  --threads T       threads, [1, %d] (default 1)\n"
        "  --seed S          Philox seed, [0, 2^63-1] (default 1)\n"
        "  --label TEXT      curve name in the JSON and plots (default: from the decoder options)\n"
        "  --json            one JSON object on stdout (the keys of 'ber ldpc --json')\n"
        "  --plot FILE.png   FER and BER against Eb/N0 (gnuplot)\n"
        "  --plot-with FILE.json\n"
        "                    add the curve of an earlier --json run to the plot (up to %d times)\n"
        "  -h, --help        this text\n\n"
        "Progress (one line per point, on stderr) when stderr is a terminal or FG_PROGRESS=1.\n\n"
        "examples:\n"
        "  fecforge ber turbo --std lte --K 6144 --iter 5.5 --ebn0 0:0.2:1 --min-fe 50 --threads 2\n"
        "  fecforge ber turbo --std umts --K 5114 --parallel 8 --radix 4 --ebn0 0.4:0.2:1.2 --json > p8.json\n"
        "  fecforge ber turbo --std lte --K 6144 --fixed --parallel 16 --ebn0 0.4:0.2:1.2 --plot f.png --plot-with p8.json\n",
        f.w_ch, f.f_ch, f.w_ext, f.w_bm, f.w_sm, FG_TURBO_BER_THREADS_MAX, FG_CLI_PLOT_WITH_MAX);
}

static const char *alg_name(fg_turbo_alg a)
{
    return a == FG_TURBO_ALG_LOG ? "log" : a == FG_TURBO_ALG_LINLOG ? "linlog" : "maxlog";
}

/* --et none|minllr:T|avgllr:T|crc[:a|b] */
static int parse_et(const char *text, fg_turbo_et *et)
{
    double t;
    if (!strcmp(text, "none"))
        et->kind = FG_TURBO_ET_NONE;
    else if (!strcmp(text, "crc") || !strcmp(text, "crc:a") || !strcmp(text, "crc:b")) {
        et->kind = FG_TURBO_ET_CRC;
        et->crc_poly = !strcmp(text, "crc:b") ? FG_CRC24B : FG_CRC24A;
    } else if ((!strncmp(text, "minllr:", 7) || !strncmp(text, "avgllr:", 7)) &&
               !fg_cli_parse_double(text + 7, &t) && t >= 0) {
        et->kind = text[0] == 'm' ? FG_TURBO_ET_MIN_LLR : FG_TURBO_ET_AVG_LLR;
        et->threshold = t;
    } else
        return fg_cli_usage_error(CMD, "--et=%s invalid: expected none, minllr:T or avgllr:T (T >= 0), crc, crc:a "
                                       "or crc:b", text);
    return 0;
}

static const char *et_text(const fg_turbo_et *e, char *buf, size_t n)
{
    if (e->kind == FG_TURBO_ET_MIN_LLR || e->kind == FG_TURBO_ET_AVG_LLR)
        snprintf(buf, n, "%s:%g", e->kind == FG_TURBO_ET_MIN_LLR ? "minllr" : "avgllr", e->threshold);
    else
        snprintf(buf, n, "%s", e->kind == FG_TURBO_ET_CRC ? (e->crc_poly == FG_CRC24B ? "crc:b" : "crc") : "none");
    return buf;
}

static fg_cli_ber_pt cli_pt(const fg_turbo_ber_point *p)
{
    fg_cli_ber_pt c = {p->ebn0_db, p->sigma, p->fer, p->ber, p->avg_iter, p->seconds, p->frames, p->frame_errors,
                       p->bit_errors, p->stop == FG_TURBO_BER_STOP_MIN_FE};
    return c;
}

static void on_progress(void *ctx, const fg_turbo_ber_point *p)
{
    const fg_cli_ber_pt c = cli_pt(p);
    fg_cli_ber_progress_show(ctx, &c, 0);
}

static void json_decoder(fg_json *j, const fg_turbo_ber_cfg *c, const char *et)
{
    fg_json_obj_open(j, "decoder");
    if (c->fixed) {
        const fg_turbo_fixed_cfg *x = &c->fx;
        fg_json_str(j, "name", "fixed radix-4 XMAP");
        fg_json_str(j, "alg", "maxlog");
        fg_json_num(j, "ext_scale", 0.75);
        fg_json_int(j, "half_iters", x->half_iters);
        fg_json_num(j, "max_iter", x->half_iters / 2.0);
        fg_json_int(j, "radix", 4);
        fg_json_int(j, "parallel", x->P);
        fg_json_bool(j, "nii", x->nii);
        fg_json_bool(j, "early_term", x->et.kind != FG_TURBO_ET_NONE);
        fg_json_str(j, "et", et);
        fg_json_bool(j, "fixed", 1);
        fg_json_int(j, "w_ch", x->fmt.w_ch);
        fg_json_int(j, "f_ch", x->fmt.f_ch);
        fg_json_int(j, "w_ext", x->fmt.w_ext);
        fg_json_int(j, "w_bm", x->fmt.w_bm);
        fg_json_int(j, "w_sm", x->fmt.w_sm);
    } else {
        const fg_turbo_dec_cfg *d = &c->dec;
        fg_json_str(j, "name", "float");
        fg_json_str(j, "alg", alg_name(d->alg));
        fg_json_num(j, "ext_scale", d->ext_scale);
        fg_json_int(j, "half_iters", d->half_iters);
        fg_json_num(j, "max_iter", d->half_iters / 2.0);
        fg_json_int(j, "radix", d->radix);
        fg_json_int(j, "parallel", d->P);
        fg_json_bool(j, "nii", d->nii);
        fg_json_int(j, "window", d->window);
        fg_json_int(j, "training", d->window ? (d->training < 0 ? d->window : d->training) : 0);
        fg_json_bool(j, "early_term", d->et.kind != FG_TURBO_ET_NONE);
        fg_json_str(j, "et", et);
        fg_json_bool(j, "fixed", 0);
    }
    fg_json_obj_close(j);
}

int fg_cli_ber_turbo(int argc, char **argv)
{
    enum {
        O_STD = 256, O_K, O_ALG, O_SCALE, O_ITER, O_RADIX, O_PAR, O_NII, O_WIN, O_TRAIN, O_FIXED, O_ET, O_EBN0,
        O_MINFE, O_MAXF, O_THREADS, O_SEED, O_LABEL, O_JSON, O_PLOT, O_PLOTWITH
    };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},         {"K", required_argument, NULL, O_K},
        {"alg", required_argument, NULL, O_ALG},         {"scale", required_argument, NULL, O_SCALE},
        {"iter", required_argument, NULL, O_ITER},       {"radix", required_argument, NULL, O_RADIX},
        {"parallel", required_argument, NULL, O_PAR},    {"nii", required_argument, NULL, O_NII},
        {"window", required_argument, NULL, O_WIN},      {"training", required_argument, NULL, O_TRAIN},
        {"fixed", no_argument, NULL, O_FIXED},           {"et", required_argument, NULL, O_ET},
        {"ebn0", required_argument, NULL, O_EBN0},       {"min-fe", required_argument, NULL, O_MINFE},
        {"max-frames", required_argument, NULL, O_MAXF}, {"threads", required_argument, NULL, O_THREADS},
        {"seed", required_argument, NULL, O_SEED},       {"label", required_argument, NULL, O_LABEL},
        {"json", no_argument, NULL, O_JSON},             {"plot", required_argument, NULL, O_PLOT},
        {"plot-with", required_argument, NULL, O_PLOTWITH}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const char *std_text = NULL, *ebn0_text = NULL, *label_text = NULL, *plot_path = NULL,
               *plot_with[FG_CLI_PLOT_WITH_MAX];
    int K = 0, have_K = 0, radix = 2, P = 1, nii = 1, window = 0, training = -1, fixed = 0, json = 0, threads = 1;
    int n_with = 0, half = 11, have_scale = 0, have_radix = 0, c;
    long long min_fe = 100, max_frames = 1000000, seed = 1;
    double scale = 0.75;
    fg_turbo_alg alg = FG_TURBO_ALG_MAXLOG;
    fg_turbo_et et = fg_turbo_dec_cfg_default().et;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case O_STD: std_text = optarg; break;
        case O_K:
            if (fg_cli_int(CMD, "K", optarg, FG_LTE_K_MIN, FG_K_MAX, &K))
                return FG_EXIT_USAGE;
            have_K = 1;
            break;
        case O_ALG:
            if (!strcmp(optarg, "maxlog"))
                alg = FG_TURBO_ALG_MAXLOG;
            else if (!strcmp(optarg, "log"))
                alg = FG_TURBO_ALG_LOG;
            else if (!strcmp(optarg, "linlog"))
                alg = FG_TURBO_ALG_LINLOG;
            else
                return fg_cli_usage_error(CMD, "--alg=%s invalid: expected maxlog, log or linlog", optarg);
            break;
        case O_SCALE:
            if (fg_cli_parse_double(optarg, &scale) || !(scale > 0 && scale <= 1))
                return fg_cli_usage_error(CMD, "--scale=%s invalid: expected a factor in (0, 1]", optarg);
            have_scale = 1;
            break;
        case O_ITER: {
            double it;
            if (fg_cli_parse_double(optarg, &it) || !(it >= 0.5 && it <= FG_TURBO_HALF_ITERS_MAX / 2) ||
                fabs(2 * it - round(2 * it)) > 1e-9)
                return fg_cli_usage_error(CMD, "--iter=%s invalid: expected a multiple of 0.5 in [0.5, %d]", optarg,
                                          FG_TURBO_HALF_ITERS_MAX / 2);
            half = (int)round(2 * it);
            break;
        }
        case O_RADIX:
            if (fg_cli_int(CMD, "radix", optarg, 2, 4, &radix) || radix == 3)
                return radix == 3 ? fg_cli_usage_error(CMD, "--radix=3 invalid: expected 2 or 4") : FG_EXIT_USAGE;
            have_radix = 1;
            break;
        case O_PAR:
            if (fg_cli_int(CMD, "parallel", optarg, 1, FG_TURBO_P_MAX, &P))
                return FG_EXIT_USAGE;
            break;
        case O_NII:
            if (strcmp(optarg, "on") && strcmp(optarg, "off"))
                return fg_cli_usage_error(CMD, "--nii=%s invalid: expected on or off", optarg);
            nii = !strcmp(optarg, "on");
            break;
        case O_WIN:
            if (fg_cli_int(CMD, "window", optarg, 1, FG_K_MAX, &window))
                return FG_EXIT_USAGE;
            break;
        case O_TRAIN:
            if (fg_cli_int(CMD, "training", optarg, 0, FG_K_MAX, &training))
                return FG_EXIT_USAGE;
            break;
        case O_FIXED: fixed = 1; break;
        case O_ET:
            if (parse_et(optarg, &et))
                return FG_EXIT_USAGE;
            break;
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
            if (fg_cli_int(CMD, "threads", optarg, 1, FG_TURBO_BER_THREADS_MAX, &threads))
                return FG_EXIT_USAGE;
            break;
        case O_SEED:
            if (fg_cli_ll(CMD, "seed", optarg, 0, 9223372036854775807LL, &seed))
                return FG_EXIT_USAGE;
            break;
        case O_LABEL: label_text = optarg; break;
        case O_JSON: json = 1; break;
        case O_PLOT: plot_path = optarg; break;
        case O_PLOTWITH:
            if (n_with >= FG_CLI_PLOT_WITH_MAX)
                return fg_cli_usage_error(CMD, "--plot-with given more than %d times", FG_CLI_PLOT_WITH_MAX);
            plot_with[n_with++] = optarg;
            break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    fg_std std;
    if (!std_text)
        return fg_cli_usage_error(CMD, "--std is required (lte or umts)");
    if (fg_std_parse(std_text, &std))
        return fg_cli_usage_error(CMD, "--std=%s invalid: expected lte or umts", std_text);
    if (!have_K)
        return fg_cli_usage_error(CMD, "--K is required (e.g. --K 6144)");
    if (fg_interleaver_check_k(std, K))
        return fg_cli_usage_error(CMD, "--K: %s", fg_last_error());
    if (!ebn0_text)
        return fg_cli_usage_error(CMD, "--ebn0 is required (e.g. --ebn0 0:0.2:1.2)");
    if (n_with && !plot_path)
        return fg_cli_usage_error(CMD, "--plot-with needs --plot FILE.png");
    if (training >= 0 && !window)
        return fg_cli_usage_error(CMD, "--training needs --window W");
    if (!have_scale && alg != FG_TURBO_ALG_MAXLOG)
        scale = 1.0;

    fg_turbo_ber_cfg cfg = fg_turbo_ber_cfg_default();
    cfg.fixed = fixed;
    if (fixed) {
        if (alg != FG_TURBO_ALG_MAXLOG || (have_scale && scale != 0.75))
            return fg_cli_usage_error(CMD, "--fixed is max-log-MAP with the extrinsic scaled by 0.75: --alg and "
                                           "--scale cannot change it");
        if (radix != 4 && have_radix)
            return fg_cli_usage_error(CMD, "--radix=%d invalid with --fixed: the fixed-point model is the radix-4 "
                                           "XMAP", radix);
        if (window)
            return fg_cli_usage_error(CMD, "--window=%d invalid with --fixed: the fixed-point XMAP decodes whole "
                                           "sub-blocks (use --parallel)", window);
        cfg.fx.P = P;
        cfg.fx.nii = nii;
        cfg.fx.half_iters = half;
        cfg.fx.et = et;
    } else {
        cfg.dec.alg = alg;
        cfg.dec.ext_scale = scale;
        cfg.dec.half_iters = half;
        cfg.dec.radix = radix;
        cfg.dec.P = P;
        cfg.dec.nii = nii;
        cfg.dec.window = window;
        cfg.dec.training = training;
        cfg.dec.et = et;
    }
    cfg.seed = (uint64_t)seed;
    cfg.min_fe = min_fe;
    cfg.max_frames = max_frames;
    cfg.threads = threads;
    { /* the decoders check their configurations: a bad one is a usage error */
        fg_turbo_dec *td = NULL;
        fg_turbo_fixed *tf = NULL;
        const int e = fixed ? fg_turbo_fixed_create(std, K, &cfg.fx, &tf) : fg_turbo_dec_create(std, K, &cfg.dec, &td);
        fg_turbo_dec_destroy(td);
        fg_turbo_fixed_destroy(tf);
        if (e)
            return fg_cli_usage_error(CMD, "decoder: %s", fg_last_error());
    }

    char ets[48], code_name[32], label[FG_CLI_LABEL_MAX];
    et_text(&et, ets, sizeof ets);
    snprintf(code_name, sizeof code_name, "%s-%d", std == FG_STD_LTE ? "lte" : "umts", K);
    if (label_text)
        snprintf(label, sizeof label, "%s", label_text);
    else if (fixed)
        snprintf(label, sizeof label, "fixed P=%d%s %g it", P, nii ? " nii" : "", half / 2.0);
    else {
        char win[24] = "";
        if (window)
            snprintf(win, sizeof win, " W=%d", window);
        snprintf(label, sizeof label, "%s:%g r%d P=%d%s%s %g it", alg_name(alg), scale, radix, P,
                 P > 1 && nii ? " nii" : "", win, half / 2.0);
    }

    double *ebn0 = malloc(sizeof *ebn0 * FG_CLI_EBN0_MAX);
    fg_turbo_ber_point *pts = NULL;
    fg_cli_ber_pt *rows = NULL;
    fg_cli_curve *cv = NULL;
    fg_out *fplot = NULL;
    int rc = FG_EXIT_OK, n_pts = 0;
    if (!ebn0)
        return fg_cli_fail(CMD, "out of memory");
    if (fg_cli_ber_ebn0(CMD, ebn0_text, ebn0, &n_pts)) {
        free(ebn0);
        return FG_EXIT_USAGE;
    }
    pts = calloc((size_t)n_pts, sizeof *pts);
    rows = calloc((size_t)n_pts, sizeof *rows);
    if (!pts || !rows) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    if ((rc = fg_cli_ber_plot_with(CMD, plot_with, n_with, &cv)) != 0)
        goto out;
    if (plot_path && !(fplot = fg_cli_out_open(CMD, "plot", plot_path))) {
        rc = FG_EXIT_USAGE;
        goto out;
    }
    const int N = 3 * K + FG_TURBO_TAIL;
    const double rate = (double)K / N;
    if (!json) {
        printf("turbo FER/BER: %s (K=%d, N=%d, rate %.4f), BPSK/AWGN\n", code_name, K, N, rate);
        printf("decoder %s, %s, %d half-iterations (%g iterations), early termination %s, seed %lld\n", label,
               fixed ? "fixed point" : "float", half, half / 2.0, ets, seed);
        printf("per point: stop at %lld frame errors or %lld frames; %d thread%s\n\n", min_fe, max_frames, threads,
               threads > 1 ? "s" : "");
        fg_cli_ber_table_head();
    }
    fg_cli_ber_progress ps = {CMD, min_fe, max_frames, 0.0};
    cfg.progress = on_progress;
    cfg.progress_ctx = &ps;
    const double t0 = fg_cli_now();
    for (int i = 0; i < n_pts; i++) {
        ps.start = fg_cli_now();
        if (fg_turbo_ber_run(std, K, &cfg, ebn0[i], &pts[i])) {
            fg_cli_progress_done();
            rc = fg_cli_fail(CMD, "Eb/N0 %g dB: %s", ebn0[i], fg_last_error());
            goto out;
        }
        rows[i] = cli_pt(&pts[i]);
        fg_cli_ber_progress_show(&ps, &rows[i], 1);
        fg_cli_progress_done();
        if (!json)
            fg_cli_ber_table_row(&rows[i]);
    }
    const double elapsed = fg_cli_now() - t0;
    fg_cli_fer_at at;
    for (int t = 0; t < FG_CLI_FER_TARGETS; t++)
        at.have[t] = fg_turbo_ber_ebn0_at(pts, n_pts, fg_cli_fer_targets[t], &at.ebn0[t]) == 0;
    fg_clear_error();
    if (json) {
        fg_json j;
        fg_cli_ber_json_head(&j, seed, "ber turbo", label);
        fg_json_obj_open(&j, "code");
        fg_json_str(&j, "name", code_name);
        fg_json_str(&j, "std", std == FG_STD_LTE ? "lte" : "umts");
        fg_json_int(&j, "n", N);
        fg_json_int(&j, "k", K);
        fg_json_num(&j, "rate", rate);
        fg_json_obj_close(&j);
        json_decoder(&j, &cfg, ets);
        fg_cli_ber_json_channel(&j, seed, min_fe, max_frames);
        fg_cli_ber_json_results(&j, ebn0, n_pts, rows, n_pts, &at, threads, elapsed);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else
        fg_cli_ber_summary(&at, elapsed);
    if (fplot) {
        char title[256];
        snprintf(title, sizeof title, "turbo %s (rate 1/3), BPSK/AWGN, %g iterations", code_name, half / 2.0);
        rc = fg_cli_ber_plot_run(CMD, fplot, title, label, cv, n_with, rows, n_pts);
        fplot = NULL;
    }
out:
    fg_cli_out_close(CMD, fplot, 0);
    fg_cli_curves_free(cv, n_with);
    free(rows);
    free(pts);
    free(ebn0);
    return rc;
}
