/* fecforge vectors turbo|xmap: golden vectors of the fixed-point turbo decoder and its radix-4 XMAP
 * SISO (fecforge/turbo_fixed.h, docs/turbo-fixed.md "Vectors"). Called from cmd_vectors.c. */
#include "cli.h"
#include "fecforge/error.h"
#include "fecforge/turbo_fixed.h"
#include "fecforge/vectors.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

int fg_cli_vectors_turbo(int argc, char **argv);

static const char *const CMD = "vectors";

static void help(void)
{
    printf(
        "usage: fecforge vectors turbo [--std lte|umts] [--K N] [--parallel P] [--iter I] [--no-nii]\n"
        "                              [--norm modulo|subtract] [--et none|minllr:T|avgllr:T|crc]\n"
        "                              [--frames F] [--ebn0 X] [--seed S] [--json] -o DIR\n"
        "       fecforge vectors xmap  [same options] [--sub p] [--half-iter h] [--json] -o DIR\n\n"
        "Golden vectors of the bit-accurate fixed-point turbo decoder (docs/turbo-fixed.md): F frames\n"
        "of random bits (Philox stream f of seed S), encoded, BPSK over AWGN at X dB Eb/N0, quantised to\n"
        "the default formats (5-bit channel LLRs with 2 fractional bits, 6-bit extrinsics, 9-bit branch\n"
        "and 10-bit state metrics) and decoded by P radix-4 XMAP SISOs in parallel.\n\n"
        "turbo: whole decodes. Streams: llr (quantised inputs), ext and app (every half-iteration),\n"
        "       stakes (per half-iteration and sub-block), half_iters, decoded, frames.\n"
        "xmap:  one SISO run: sub-block p of half-iteration h of frame 0. Streams: bounds_in, inputs\n"
        "       (per radix-4 step), gamma, alpha, beta, llr_out, bounds_out.\n\n"
        "  --std lte|umts   standard (default lte)\n"
        "  --K N            block size of the standard (default 1024)\n"
        "  --parallel P     SISOs / sub-blocks of L = 4 ceil(K/4P) positions (default 16)\n"
        "  --iter I         iterations, a multiple of 0.5 (default 5.5 = 11 half-iterations)\n"
        "  --no-nii         uniform sub-block boundary metrics every half-iteration (default: NII)\n"
        "  --norm NAME      state-metric normalisation: modulo (default) or subtract\n"
        "  --et KIND        early termination: none (default), minllr:T, avgllr:T (T in APP LSBs), crc (LTE)\n"
        "  --frames F       frames, [1, 1000] (default 1; xmap uses frame 0)\n"
        "  --ebn0 X         Eb/N0 in dB (default 1.0)\n"
        "  --seed S         seed (default 1)\n"
        "  --sub p          xmap: the sub-block recorded (default 0)\n"
        "  --half-iter h    xmap: the half-iteration recorded, from 0 (default: the last)\n"
        "  -o, --out DIR    output directory\n"
        "  --json           print a JSON summary on stdout\n"
        "  -h, --help       this text\n\n"
        "exit: 0 ok, 1 runtime failure, 2 bad parameters or unusable DIR\n\n"
        "examples:\n"
        "  fecforge vectors turbo --std lte --K 1024 --parallel 16 --iter 5.5 --ebn0 1 -o v/turbo\n"
        "  fecforge vectors xmap --std umts --K 41 --parallel 2 --sub 1 --half-iter 2 -o v/xmap\n");
}

static int parse_et(const char *s, fg_turbo_et *et)
{
    char *end;
    if (!strcmp(s, "none"))
        et->kind = FG_TURBO_ET_NONE;
    else if (!strcmp(s, "crc"))
        et->kind = FG_TURBO_ET_CRC;
    else if (!strncmp(s, "minllr:", 7) || !strncmp(s, "avgllr:", 7)) {
        et->kind = s[0] == 'm' ? FG_TURBO_ET_MIN_LLR : FG_TURBO_ET_AVG_LLR;
        et->threshold = strtod(s + 7, &end);
        if (end == s + 7 || *end || !(et->threshold >= 0 && isfinite(et->threshold)))
            return fg_cli_usage_error(CMD, "--et=%s invalid: the threshold T must be a number >= 0", s);
    } else
        return fg_cli_usage_error(CMD, "--et=%s unknown: valid are none, minllr:T, avgllr:T, crc", s);
    return 0;
}

/* cmd_vectors.c */
int fg_cli_vectors_summary(const char *cmd, const char *dir, int json, long long seed, const char *const *keys_n,
                           int n);

static int summary(const char *dir, int json, long long seed)
{
    static const char *const keys[] = {"frames", "half_iters_total", "frame_errors", "bit_errors", "steps",
                                       "positions"};
    return fg_cli_vectors_summary(CMD, dir, json, seed, keys, (int)(sizeof keys / sizeof *keys));
}

/* argv[0] = "turbo" or "xmap". */
int fg_cli_vectors_turbo(int argc, char **argv)
{
    const int is_xmap = !strcmp(argv[0], "xmap");
    enum { O_STD = 256, O_K, O_PAR, O_ITER, O_NONII, O_NORM, O_ET, O_FRAMES, O_EBN0, O_SEED, O_SUB, O_HALF, O_JSON };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},      {"K", required_argument, NULL, O_K},
        {"parallel", required_argument, NULL, O_PAR}, {"iter", required_argument, NULL, O_ITER},
        {"no-nii", no_argument, NULL, O_NONII},       {"norm", required_argument, NULL, O_NORM},
        {"et", required_argument, NULL, O_ET},        {"frames", required_argument, NULL, O_FRAMES},
        {"ebn0", required_argument, NULL, O_EBN0},    {"seed", required_argument, NULL, O_SEED},
        {"sub", required_argument, NULL, O_SUB},      {"half-iter", required_argument, NULL, O_HALF},
        {"json", no_argument, NULL, O_JSON},          {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},             {NULL, 0, NULL, 0}};
    fg_vec_turbo_params p = fg_vec_turbo_params_default();
    const char *out = NULL;
    int json = 0, c;
    char *end;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
        switch (c) {
        case O_STD:
            if (fg_std_parse(optarg, &p.std))
                return fg_cli_usage_error(CMD, "--std=%s unknown: valid are lte, umts", optarg);
            break;
        case O_K:
            if (fg_cli_int(CMD, "K", optarg, 40, 6144, &p.K))
                return FG_EXIT_USAGE;
            break;
        case O_PAR:
            if (fg_cli_int(CMD, "parallel", optarg, 1, 256, &p.cfg.P))
                return FG_EXIT_USAGE;
            break;
        case O_ITER: {
            const double it = strtod(optarg, &end);
            if (end == optarg || *end || !(it >= 0.5 && it <= 500) || floor(2 * it) != 2 * it)
                return fg_cli_usage_error(CMD, "--iter=%s invalid: expected a multiple of 0.5 in [0.5, 500]", optarg);
            p.cfg.half_iters = (int)(2 * it);
            break;
        }
        case O_NONII: p.cfg.nii = 0; break;
        case O_NORM:
            if (!strcmp(optarg, "modulo"))
                p.cfg.fmt.norm = FG_XMAP_NORM_MODULO;
            else if (!strcmp(optarg, "subtract"))
                p.cfg.fmt.norm = FG_XMAP_NORM_SUBTRACT;
            else
                return fg_cli_usage_error(CMD, "--norm=%s unknown: valid are modulo, subtract", optarg);
            break;
        case O_ET:
            if (parse_et(optarg, &p.cfg.et))
                return FG_EXIT_USAGE;
            break;
        case O_FRAMES:
            if (fg_cli_int(CMD, "frames", optarg, 1, 1000, &p.frames))
                return FG_EXIT_USAGE;
            break;
        case O_EBN0:
            p.ebn0_db = strtod(optarg, &end);
            if (end == optarg || *end || !(p.ebn0_db >= -50 && p.ebn0_db <= 100))
                return fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected a number in [-50, 100] dB", optarg);
            break;
        case O_SEED: {
            const unsigned long long s = strtoull(optarg, &end, 0);
            if (end == optarg || *end || optarg[0] == '-')
                return fg_cli_usage_error(CMD, "--seed=%s invalid: expected an integer >= 0", optarg);
            p.seed = s;
            break;
        }
        case O_SUB:
        case O_HALF:
            if (!is_xmap)
                return fg_cli_usage_error(CMD, "option --%s is an option of 'vectors xmap' only",
                                          c == O_SUB ? "sub" : "half-iter");
            if (fg_cli_int(CMD, c == O_SUB ? "sub" : "half-iter", optarg, 0, 1000, c == O_SUB ? &p.sub : &p.half_iter))
                return FG_EXIT_USAGE;
            break;
        case O_JSON: json = 1; break;
        case 'o': out = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default:
            return fg_cli_usage_error(CMD, "unknown option '%s' of 'vectors %s'", argv[optind - 1], argv[0]);
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!out)
        return fg_cli_usage_error(CMD, "-o DIR (the output directory) is required");
    if (is_xmap && p.half_iter >= p.cfg.half_iters)
        return fg_cli_usage_error(CMD, "--half-iter=%d out of range [0, %d] (--iter gives %d half-iterations)",
                                  p.half_iter, p.cfg.half_iters - 1, p.cfg.half_iters);
    const int rc = is_xmap ? fg_vec_make_xmap(out, &p) : fg_vec_make_turbo(out, &p, NULL);
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    if (rc)
        return fg_cli_fail(CMD, "%s", fg_last_error());
    return summary(out, json, (long long)p.seed);
}
