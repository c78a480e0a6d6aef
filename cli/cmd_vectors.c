/* fecforge vectors: golden vector sets (vectors/FORMAT.md) from the cycle-accurate step models,
 * and a reader check of an existing set. */
#include "cli.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/vectors.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "vectors";

int fg_cli_vectors_turbo(int argc, char **argv); /* vectors turbo|xmap (cmd_vectors_turbo.c) */
int fg_cli_vectors_summary(const char *cmd, const char *dir, int json, long long seed, const char *const *keys_n,
                           int n);

static void help(void)
{
    printf(
        "usage: fecforge vectors dbcf [--std umts|lte] [--K N] [--pllr P] [--banks M] [--mapping NAME]\n"
        "                             [--select S|all] [--fifo-depth F] [--buf-depth B] [--offer dual|head]\n"
        "                             [--stall] [--lfsr-seed X] [--direction interleave|deinterleave]\n"
        "                             [--data-width W] [--json] -o DIR\n"
        "       fecforge vectors iag [--std umts|lte] [--K N] [--pllr P] [--mode forward|inverse] [--json] -o DIR\n"
        "       fecforge vectors subsystem [--std umts|lte] [--K N] [--pllr P] [--banks M] [--mapping NAME]\n"
        "                             [--select S|all] [--fifo-depth F] [--buf-depth B] [--offer dual|head]\n"
        "                             [--lfsr-seed X] [--mode forward|inverse] [--data-width W] [--json] -o DIR\n"
        "       fecforge vectors ldpc --code NAME|FILE [--z Z] [--layers K] [--mb N1xN2] [--iter N] [--no-et]\n"
        "                             [--reorder] [--frames F] [--ebn0 X] [--seed S] [fixed-point options]\n"
        "                             [--lanes L] [--code-index I] [--json] -o DIR\n"
        "       fecforge vectors turbo|xmap [--std lte|umts] [--K N] [--parallel P] [--iter I] [--ebn0 X]\n"
        "                             [--seed S] [--frames F] [--json] -o DIR   (vectors turbo --help)\n"
        "       fecforge vectors check DIR\n\n"
        "Golden vectors from the cycle-accurate C step models, for RTL testbenches: DIR/manifest.json\n"
        "(tool, version, git hash, seed, every parameter, expected cycle counts, streams with their\n"
        "ports, directions and widths) and one hex file per stream. Format: vectors/FORMAT.md.\n"
        "DIR is written as DIR.tmp-XXXXXX and renamed at the end: a failed run never leaves a half-\n"
        "written DIR. An existing DIR is replaced only if it is an earlier vector set (or empty).\n\n"
        "dbcf: one half-iteration of the DBCF write network (options as in 'fecforge dbcf'; defaults\n"
        "      std umts, K 5114 / 6144, PLLR 32, M = PLLR, mapping xmap, select 3, FIFO 8, buffer 12,\n"
        "      direction interleave). Streams: stimulus (lane inputs per cycle), expected (outputs\n"
        "      and FIFO/buffer levels, LFSR per cycle), banks (final bank contents).\n"
        "      --data-width W  bits of the data ports, [1, 32]; default: enough for the position tags\n"
        "                      0..K-1 (narrower widths keep the low W bits of each tag)\n"
        "iag:  the interleaver address generator from reset: preprocessing, start, C0 input cycles\n"
        "      in XMAP lane order, latency. Streams: lane_prog, stimulus, expected.\n"
        "      --pllr P a multiple of 4 in [4, 256] (default 32); --mode forward (x -> pi(x),\n"
        "      default) or inverse (x -> pi^-1(x))\n"
        "subsystem: the interleaver write path (IAG + LLR delay + bank mapper + DBCF, docs/rtl-subsystem.md)\n"
        "      from reset: preprocessing, start, C0 input cycles in XMAP lane order with LLR = position\n"
        "      (low W bits), until every word is in its bank. Streams: lane_prog, stimulus, expected,\n"
        "      banks. Defaults as dbcf with mapping xmap-xor, M = 2*PLLR, select 3, FIFO 4, buffer 7,\n"
        "      mode inverse; --data-width in [1, 31]\n"
        "ldpc: the MB-serial LDPC decoder model (fecforge arch ldpc, docs/ldpc-architecture.md):\n"
        "      F noisy frames (default 2, Eb/N0 X dB default 2, seed S default 1) decoded back to back\n"
        "      from reset. Streams: llr, stimulus, expected (port trace), iterations, app and hard\n"
        "      (after every iteration), decoded, frames. Defaults K 2, MB Kx2, 15 iterations, ET on;\n"
        "      the fixed-point arithmetic options of `fecforge ber ldpc --fixed` (--llr-width,\n"
        "      --llr-frac, --r-width, --app-width, --in-shift, --scale-round, --r-sat-late, --app-keep)\n"
        "      For a generated multi-code decoder (fecforge gen ldpc): --lanes L, its largest Z (words\n"
        "      on the ports have L lanes, default Z), --code-index I, the code's index in its set\n"
        "      (the code_sel_i input, default 0)\n"
        "turbo, xmap: the bit-accurate fixed-point turbo decoder and one radix-4 XMAP SISO run\n"
        "      (docs/turbo-fixed.md); options: fecforge vectors turbo --help\n"
        "check: read every stream of DIR against its manifest; exit 2 with file, line and port on\n"
        "      the first error\n\n"
        "  -o, --out DIR    output directory\n"
        "  --json           print a JSON summary (provenance, DIR, cycle counts) on stdout\n"
        "  -h, --help       this text\n\n"
        "exit: 0 ok, 1 runtime failure, 2 bad parameters, unusable DIR or (check) a corrupt set\n\n"
        "examples:\n"
        "  fecforge vectors dbcf --std umts --K 200 --pllr 8 --banks 16 --direction deinterleave -o v/dbcf\n"
        "  fecforge vectors iag --std lte --K 40 --pllr 8 --mode inverse -o v/iag\n"
        "  fecforge vectors check v/dbcf\n");
}

/* Library failure: bad parameters or an unusable DIR are usage errors (2), the rest runtime (1). */
static int lib_error(int rc)
{
    if (rc == FG_EINVAL)
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    return fg_cli_fail(CMD, "%s", fg_last_error());
}

/* Summary of a written set, read back through the reader: those of the manifest's counts keys_n that
 * it has, and its streams, on stdout (also used by cmd_vectors_turbo.c). */
int fg_cli_vectors_summary(const char *cmd, const char *dir, int json, long long seed, const char *const *keys_n, int n)
{
    fg_vec_set *s;
    if (fg_vec_open(dir, &s))
        return fg_cli_fail(cmd, "%s", fg_last_error());
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, seed);
        fg_json_str(&j, "dir", dir);
        fg_json_str(&j, "design", fg_vec_design(s));
        fg_json_obj_open(&j, "cycles");
    } else
        printf("%s: %s vectors,", dir, fg_vec_design(s));
    for (int k = 0; k < n; k++) {
        long long v;
        if (fg_vec_get_count(s, keys_n[k], &v))
            continue;
        if (json)
            fg_json_int(&j, keys_n[k], v);
        else
            printf(" %s=%lld", keys_n[k], v);
    }
    if (json) {
        fg_json_obj_close(&j);
        fg_json_arr_open(&j, "streams");
        for (int i = 0; i < fg_vec_num_streams(s); i++)
            fg_json_str(&j, NULL, fg_vec_stream_at(s, i)->file);
        fg_json_arr_close(&j);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else
        printf("\n");
    fg_vec_close(s);
    fg_clear_error();
    return FG_EXIT_OK;
}

static int summary(const char *dir, int json)
{
    static const char *const keys[] = {"C0", "C1", "dC", "overflow", "misplaced", "errs", "preprocess_cycles", "latency",
                                       "trace_cycles", "frames", "iterations_total", "frame_errors"};
    return fg_cli_vectors_summary(CMD, dir, json, -1, keys, (int)(sizeof keys / sizeof *keys));
}

static int check(const char *dir)
{
    fg_vec_set *s;
    int rc = fg_vec_open(dir, &s);
    if (rc) /* an unreadable or malformed input set is a usage error */
        return rc == FG_EINVAL || rc == FG_EIO ? fg_cli_usage_error(CMD, "%s", fg_last_error()) : lib_error(rc);
    long total = 0;
    for (int i = 0; !rc && i < fg_vec_num_streams(s); i++) {
        const fg_vec_stream *st = fg_vec_stream_at(s, i);
        int64_t *v = malloc(sizeof *v * (size_t)st->n_ports);
        fg_vec_cursor *c = NULL;
        rc = v ? fg_vec_cursor_open(s, st, &c) : fg_set_error(FG_ENOMEM, "out of memory");
        int r = 0;
        while (!rc && (r = fg_vec_cursor_next(c, v, NULL)) == 1)
            total++;
        if (!rc && r < 0)
            rc = r;
        fg_vec_cursor_close(c);
        free(v);
    }
    if (!rc)
        printf("%s: %s vectors, %d streams, %ld lines: format %d, every word fits its port\n", dir, fg_vec_design(s),
               fg_vec_num_streams(s), total, FG_VEC_FORMAT);
    fg_vec_close(s);
    if (rc) /* a corrupt or missing stream of the input set */
        return rc == FG_EINVAL || rc == FG_EIO ? fg_cli_usage_error(CMD, "%s", fg_last_error()) : lib_error(rc);
    return FG_EXIT_OK;
}

/* vectors ldpc: the MB-serial LDPC decoder model (argv[0] = "ldpc"). */
static int vectors_ldpc(int argc, char **argv)
{
    enum { O_CODE = 256, O_Z, O_LAYERS, O_MB, O_ITER, O_NOET, O_REORDER, O_FRAMES, O_EBN0, O_SEED, O_JSON, O_LW, O_LF,
           O_RW, O_AW, O_INSH, O_SRND, O_RSAT, O_AKEEP, O_LANES, O_CIDX };
    static const struct option opts[] = {
        {"code", required_argument, NULL, O_CODE},     {"z", required_argument, NULL, O_Z},
        {"layers", required_argument, NULL, O_LAYERS}, {"mb", required_argument, NULL, O_MB},
        {"iter", required_argument, NULL, O_ITER},     {"no-et", no_argument, NULL, O_NOET},
        {"reorder", no_argument, NULL, O_REORDER},     {"frames", required_argument, NULL, O_FRAMES},
        {"ebn0", required_argument, NULL, O_EBN0},     {"seed", required_argument, NULL, O_SEED},
        {"json", no_argument, NULL, O_JSON},           {"out", required_argument, NULL, 'o'},
        {"llr-width", required_argument, NULL, O_LW},  {"llr-frac", required_argument, NULL, O_LF},
        {"r-width", required_argument, NULL, O_RW},    {"app-width", required_argument, NULL, O_AW},
        {"in-shift", required_argument, NULL, O_INSH}, {"scale-round", required_argument, NULL, O_SRND},
        {"r-sat-late", required_argument, NULL, O_RSAT}, {"app-keep", required_argument, NULL, O_AKEEP},
        {"lanes", required_argument, NULL, O_LANES},   {"code-index", required_argument, NULL, O_CIDX},
        {"help", no_argument, NULL, 'h'},              {NULL, 0, NULL, 0}};
    const char *code_name = NULL, *mb_text = NULL, *out = NULL;
    fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
    int z = 0, frames = 2, seed = 1, reorder = 0, json = 0, c, idx = -1, got, lanes = 0, code_index = 0;
    double ebn0 = 2.0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "ho:", opts, &idx)) != -1) {
        if (idx >= 0 && (got = fg_cli_ldpc_fixed_option(CMD, opts[idx].name, optarg, &cfg.fx, NULL)) != 0) {
            if (got < 0)
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
        case O_LAYERS:
            if (fg_cli_int(CMD, "layers", optarg, 1, FG_LDPC_BASE_DIM_MAX, &cfg.fx.layers))
                return FG_EXIT_USAGE;
            break;
        case O_MB: mb_text = optarg; break;
        case O_ITER:
            if (fg_cli_int(CMD, "iter", optarg, 1, 1000, &cfg.fx.max_iter))
                return FG_EXIT_USAGE;
            break;
        case O_NOET: cfg.fx.early_term = 0; break;
        case O_REORDER: reorder = 1; break;
        case O_FRAMES:
            if (fg_cli_int(CMD, "frames", optarg, 1, 10000, &frames))
                return FG_EXIT_USAGE;
            break;
        case O_EBN0: {
            char *end;
            ebn0 = strtod(optarg, &end);
            if (end == optarg || *end || !(ebn0 >= -50 && ebn0 <= 100))
                return fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected a number in [-50, 100] dB", optarg);
            break;
        }
        case O_SEED:
            if (fg_cli_int(CMD, "seed", optarg, 0, 2147483647, &seed))
                return FG_EXIT_USAGE;
            break;
        case O_LANES:
            if (fg_cli_int(CMD, "lanes", optarg, 1, FG_LDPC_Z_MAX, &lanes))
                return FG_EXIT_USAGE;
            break;
        case O_CIDX:
            if (fg_cli_int(CMD, "code-index", optarg, 0, 1023, &code_index))
                return FG_EXIT_USAGE;
            break;
        case O_JSON: json = 1; break;
        case 'o': out = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option of 'vectors ldpc'");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!out)
        return fg_cli_usage_error(CMD, "-o DIR (the output directory) is required");
    if (!code_name)
        return fg_cli_usage_error(CMD, "ldpc: --code is required");
    cfg.mb_rows = cfg.fx.layers;
    if (mb_text && fg_cli_ldpc_mb(CMD, mb_text, &cfg.mb_rows, &cfg.mb_cols))
        return FG_EXIT_USAGE;
    fg_ldpc_code *code;
    if (fg_ldpc_code_open(code_name, z, &code))
        return fg_cli_usage_error(CMD, "--code %s", fg_last_error());
    int *col = malloc(sizeof(int) * (size_t)code->nb), *lay = malloc(sizeof(int) * (size_t)code->mb);
    int rc = col && lay ? fg_ldpc_arch_cfg_check(code, &cfg) : fg_set_error(FG_ENOMEM, "out of memory");
    if (!rc && lanes && lanes < code->z)
        rc = fg_set_error(FG_EINVAL, "--lanes=%d out of range [%d, %d] (Z of %s)", lanes, code->z, FG_LDPC_Z_MAX,
                          code->name);
    if (rc) {
        rc = rc == FG_EINVAL ? fg_cli_usage_error(CMD, "%s", fg_last_error()) : fg_cli_fail(CMD, "%s", fg_last_error());
        goto done;
    }
    if (reorder) {
        fg_ldpc_reorder_cfg r = fg_ldpc_reorder_cfg_default();
        if (fg_ldpc_arch_reorder(code, &cfg, &r, col, lay)) {
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
            goto done;
        }
        cfg.col_order = col;
    }
    fg_ldpc_arch_vec_result vr;
    fg_ldpc_vec_params vp = {.frames = frames, .ebn0_db = ebn0, .seed = (uint64_t)seed, .lanes = lanes,
                             .code_index = code_index};
    rc = fg_ldpc_arch_write_vectors(out, code, &cfg, &vp, &vr);
    rc = rc ? lib_error(rc) : summary(out, json);
done:
    free(col);
    free(lay);
    fg_ldpc_code_destroy(code);
    return rc;
}

int fg_cmd_vectors(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "expected a design: dbcf, iag, ldpc, subsystem, turbo, xmap or check");
    const char *what = argv[1];
    if (!strcmp(what, "--help") || !strcmp(what, "-h")) {
        help();
        return FG_EXIT_OK;
    }
    const int is_dbcf = !strcmp(what, "dbcf"), is_iag = !strcmp(what, "iag"), is_sub = !strcmp(what, "subsystem");
    if (!strcmp(what, "check")) {
        if (argc == 3 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) {
            help();
            return FG_EXIT_OK;
        }
        return argc == 3 ? check(argv[2]) : fg_cli_usage_error(CMD, "check takes one directory");
    }
    if (!strcmp(what, "ldpc"))
        return vectors_ldpc(argc - 1, argv + 1);
    if (!strcmp(what, "turbo") || !strcmp(what, "xmap"))
        return fg_cli_vectors_turbo(argc - 1, argv + 1);
    if (!is_dbcf && !is_iag && !is_sub)
        return fg_cli_usage_error(CMD, "design '%s' unknown: valid are dbcf, iag, ldpc, check, subsystem, turbo, xmap",
                                  what);

    enum { O_STD = 256, O_K, O_PLLR, O_BANKS, O_MAP, O_SEL, O_FIFO, O_BUF, O_OFFER, O_STALL, O_SEED, O_DIR,
           O_WIDTH, O_MODE, O_JSON };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},         {"K", required_argument, NULL, O_K},
        {"pllr", required_argument, NULL, O_PLLR},       {"banks", required_argument, NULL, O_BANKS},
        {"mapping", required_argument, NULL, O_MAP},     {"select", required_argument, NULL, O_SEL},
        {"fifo-depth", required_argument, NULL, O_FIFO}, {"buf-depth", required_argument, NULL, O_BUF},
        {"offer", required_argument, NULL, O_OFFER},     {"stall", no_argument, NULL, O_STALL},
        {"lfsr-seed", required_argument, NULL, O_SEED},  {"direction", required_argument, NULL, O_DIR},
        {"data-width", required_argument, NULL, O_WIDTH}, {"mode", required_argument, NULL, O_MODE},
        {"json", no_argument, NULL, O_JSON},             {"out", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},                {NULL, 0, NULL, 0}};
    const char *std_name = "umts", *out = NULL, *map_name = is_sub ? "xmap-xor" : "xmap";
    fg_vec_dbcf_params p = {.cfg = fg_dbcf_cfg_default(), .dir = FG_DIR_INTERLEAVE};
    int K = 0, banks = 0, inverse = is_sub, json = 0, c, sel_set = 0, fifo_set = 0, buf_set = 0;
    optind = 1;
    while ((c = getopt_long(argc - 1, argv + 1, "ho:", opts, NULL)) != -1) {
        /* One option table; O_BANKS .. O_WIDTH are for dbcf only, --mode for iag only. */
        if ((is_iag && c >= O_BANKS && c <= O_WIDTH) || (is_dbcf && c == O_MODE) ||
            (is_sub && (c == O_STALL || c == O_DIR))) {
            const struct option *o = opts;
            while (o->val != c)
                o++;
            return fg_cli_usage_error(CMD, "option --%s is not an option of 'vectors %s'", o->name, what);
        }
        switch (c) {
        case O_STD: std_name = optarg; break;
        case O_K:
            if (fg_cli_int(CMD, "K", optarg, 1, 1 << 20, &K))
                return FG_EXIT_USAGE;
            break;
        case O_PLLR:
            if (fg_cli_int(CMD, "pllr", optarg, 4, is_iag || is_sub ? FG_IAG_LANES_MAX : FG_PLLR_MAX, &p.cfg.pllr))
                return FG_EXIT_USAGE;
            if (p.cfg.pllr % 4)
                return fg_cli_usage_error(CMD, "--pllr=%d invalid: must be a multiple of 4 (4 LLRs per radix-4 XMAP)",
                                          p.cfg.pllr);
            break;
        case O_BANKS:
            if (fg_cli_int(CMD, "banks", optarg, 1, 4096, &banks))
                return FG_EXIT_USAGE;
            break;
        case O_MAP: map_name = optarg; break;
        case O_SEL:
            if (!strcmp(optarg, "all"))
                p.cfg.select = FG_DBCF_SELECT_ALL;
            else if (fg_cli_int(CMD, "select", optarg, 1, 2 * FG_PLLR_MAX, &p.cfg.select))
                return FG_EXIT_USAGE;
            sel_set = 1;
            break;
        case O_FIFO:
            if (fg_cli_int(CMD, "fifo-depth", optarg, 0, FG_DBCF_DEPTH_MAX, &p.cfg.fifo_depth))
                return FG_EXIT_USAGE;
            fifo_set = 1;
            break;
        case O_BUF:
            if (fg_cli_int(CMD, "buf-depth", optarg, 0, FG_DBCF_DEPTH_MAX, &p.cfg.buf_depth))
                return FG_EXIT_USAGE;
            buf_set = 1;
            break;
        case O_OFFER:
            if (!strcmp(optarg, "dual") || !strcmp(optarg, "head"))
                p.cfg.offer = optarg[0] == 'd' ? FG_DBCF_OFFER_DUAL : FG_DBCF_OFFER_HEAD;
            else
                return fg_cli_usage_error(CMD, "--offer=%s unknown: valid are dual, head", optarg);
            break;
        case O_STALL: p.cfg.stall = 1; break;
        case O_SEED: {
            char *end;
            long v = strtol(optarg, &end, 0);
            if (!*optarg || *end || v < 1 || v > 0xFFFF)
                return fg_cli_usage_error(CMD, "--lfsr-seed=%s invalid: expected a value in [1, 0xffff]", optarg);
            p.cfg.lfsr_seed = (uint16_t)v;
            break;
        }
        case O_DIR:
            if (!strcmp(optarg, "interleave"))
                p.dir = FG_DIR_INTERLEAVE;
            else if (!strcmp(optarg, "deinterleave"))
                p.dir = FG_DIR_DEINTERLEAVE;
            else
                return fg_cli_usage_error(CMD, "--direction=%s unknown: valid are interleave, deinterleave", optarg);
            break;
        case O_WIDTH:
            if (fg_cli_int(CMD, "data-width", optarg, 1, 32, &p.data_width))
                return FG_EXIT_USAGE;
            break;
        case O_MODE:
            if (!strcmp(optarg, "forward") || !strcmp(optarg, "inverse"))
                inverse = optarg[0] == 'i';
            else
                return fg_cli_usage_error(CMD, "--mode=%s unknown: valid are forward, inverse", optarg);
            break;
        case O_JSON: json = 1; break;
        case 'o': out = optarg; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option");
        }
    }
    if (optind < argc - 1)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind + 1]);
    if (!out)
        return fg_cli_usage_error(CMD, "-o DIR (the output directory) is required");
    fg_std std;
    if (fg_std_parse(std_name, &p.std))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    std = p.std;
    p.K = K ? K : std == FG_STD_LTE ? 6144 : 5114;
    if (fg_interleaver_check_k(std, p.K))
        return fg_cli_usage_error(CMD, "--%s", fg_last_error());
    int rc;
    if (is_iag) {
        if (fg_iag_check_pllr(p.cfg.pllr))
            return fg_cli_usage_error(CMD, "--%s", fg_last_error());
        long cycles;
        rc = fg_vec_make_iag(out, std, p.K, p.cfg.pllr, inverse, &cycles);
    } else if (is_sub) {
        fg_vec_subsys_params sp = {.cfg = p.cfg, .std = std, .K = p.K, .inverse = inverse,
                                   .data_width = p.data_width};
        if (fg_bank_mapping_parse(map_name, &sp.mapping))
            return fg_cli_usage_error(CMD, "--%s", fg_last_error());
        sp.cfg.banks = banks ? banks : 2 * sp.cfg.pllr;
        if (!sel_set)
            sp.cfg.select = 3;
        if (!fifo_set)
            sp.cfg.fifo_depth = 4;
        if (!buf_set)
            sp.cfg.buf_depth = 7;
        if (fg_iag_check_pllr(sp.cfg.pllr))
            return fg_cli_usage_error(CMD, "--%s", fg_last_error());
        if (sp.cfg.select > 2 * sp.cfg.pllr)
            return fg_cli_usage_error(CMD, "--select=%d out of range [1, %d] (2*PLLR) or all", sp.cfg.select,
                                      2 * sp.cfg.pllr);
        if (fg_dbcf_cfg_check(&sp.cfg))
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        if (sp.data_width > 31)
            return fg_cli_usage_error(CMD, "--data-width=%d out of range [1, 31] for subsystem", sp.data_width);
        rc = fg_vec_make_subsys(out, &sp);
        if (!rc) {
            fg_vec_set *vs;
            long long ov = 0, mis = 0;
            if (!fg_vec_open(out, &vs)) {
                fg_vec_get_count(vs, "overflow", &ov);
                fg_vec_get_count(vs, "misplaced", &mis);
                fg_vec_close(vs);
            }
            if (ov || mis)
                fprintf(stderr, "fecforge vectors: note: this configuration loses words (overflow=%lld, "
                                "misplaced=%lld); the vectors record it\n", ov, mis);
        }
    } else {
        if (fg_bank_mapping_parse(map_name, &p.mapping))
            return fg_cli_usage_error(CMD, "--%s", fg_last_error());
        p.cfg.banks = banks ? banks : p.cfg.pllr;
        if (p.mapping == FG_MAP_XMAP && p.cfg.banks % p.cfg.pllr)
            return fg_cli_usage_error(CMD, "--banks=%d invalid for mapping xmap: must be a multiple of PLLR=%d",
                                      p.cfg.banks, p.cfg.pllr);
        if (p.cfg.select > 2 * p.cfg.pllr)
            return fg_cli_usage_error(CMD, "--select=%d out of range [1, %d] (2*PLLR) or all", p.cfg.select,
                                      2 * p.cfg.pllr);
        if (fg_dbcf_cfg_check(&p.cfg))
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        fg_dbcf_result r;
        rc = fg_vec_make_dbcf(out, &p, &r);
        if (!rc && (r.overflow || r.misplaced))
            fprintf(stderr, "fecforge vectors: note: this configuration loses words (overflow=%ld, misplaced=%ld); "
                            "the vectors record it\n", r.overflow, r.misplaced);
    }
    if (rc)
        return lib_error(rc);
    return summary(out, json);
}
