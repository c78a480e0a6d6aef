/* fecforge arch: cycle-accurate architecture models. `arch ldpc`: the multi-layer MB-serial LDPC
 * decoder (fecforge/ldpc_arch.h, docs/ldpc-architecture.md): cycles per iteration and per codeword,
 * throughput, stalls; Table 3.5 of the thesis; base-matrix reordering; per-cycle trace. */
#include "cli.h"
#include "cli_ldpc.h"
#include "commands.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "arch ldpc";

static void help_top(void)
{
    printf("usage: fecforge arch <model> [--options]\n\n"
           "Cycle-accurate architecture models.\n\n"
           "models:\n"
           "  ldpc   multi-layer macroblock-serial QC-LDPC decoder (thesis 3.8): cycles per iteration and\n"
           "         per codeword, throughput, read-after-write stalls, Table 3.5, reordering\n"
           "  turbo  parallel radix-4 XMAP HSPA+/LTE turbo decoder (thesis 4.7, Fig. 4.15): cycles per\n"
           "         half-iteration and per block, throughput next to eq. 4.24, bank conflicts, DBCF\n\n"
           "'fecforge arch <model> --help' describes each one.\n");
}

static void help(void)
{
    printf(
        "usage: fecforge arch ldpc --code NAME|FILE [--z Z] [--layers K] [--mb N1xN2] [--iter N] [--fclk HZ]\n"
        "                          [--reorder] [--reorder-layers] [--seed S] [--restarts R] [--no-et]\n"
        "                          [--s1-depth D] [--s2-depth D] [--et-depth D] [--no-forward] [--mb-order O]\n"
        "                          [--no-overlap]\n"
        "                          [--llr-width W] [--llr-frac F] [--r-width W] [--app-width W] [--in-shift N]\n"
        "                          [--scale-round B] [--r-sat-late B] [--app-keep B]\n"
        "                          [--ebn0 X [--frames F]] [--trace FILE] [--json]\n"
        "       fecforge arch ldpc --table [--reorder] [--json] [pipeline options]\n\n"
        "Cycle-accurate model of the multi-layer MB-serial LDPC decoder (thesis 3.8; docs/ldpc-architecture.md):\n"
        "K layers per macro-layer, macroblocks (MB) of N1 x N2 blocks (N1 = K), one MB per cycle in each\n"
        "of two overlapped stages, all-zero MBs skipped, LLR memory with N2 read and N2 write ports.\n"
        "Without --ebn0 the cycle counts are those of --iter iterations (data independent; with early\n"
        "termination on, the syndrome unit's timing is included but it never fires: the worst case).\n"
        "With --ebn0 the model decodes --frames noisy frames (bit-exact with the fixed-point decoder)\n"
        "and reports mean iterations, cycles and throughput.\n\n"
        FG_CLI_LDPC_CODE_HELP
        "  --layers K        layers per macro-layer, [1, mb] (default 2)\n"
        "  --mb N1xN2        macroblock: N1 must equal K; N2 in [1, min(nb, 16)] (default Kx2)\n"
        "  --iter N          iterations, [1, 1000] (default 15)\n"
        "  --fclk HZ         clock for the throughput: 815e6, 815M, 1.2G (default 815M, the thesis)\n"
        "  --reorder         apply the best column order found (docs/ldpc-table-3-5.md): bit-exact, same\n"
        "                    code, bits mapped back at load/unload\n"
        "  --reorder-layers  also permute layers (changes the macro-layer grouping and so the arithmetic)\n"
        "  --seed S          reordering search seed (default 1); --restarts R its restarts (default 8)\n"
        "  --no-et           no early termination (default: syndrome early termination on)\n"
        "  --s1-depth D      read to min-finder result usable by stage 2, [1, 16] (default 2)\n"
        "  --s2-depth D      stage-2 issue to write, [0, 16] (default 1)\n"
        "  --et-depth D      last write of an iteration to the syndrome verdict, [1, 16] (default 1)\n"
        "  --no-forward      no write-to-read bypass of the LLR memory\n"
        "  --mb-order O      ltr (default): both stages walk the MBs left to right; hazard: static\n"
        "                    schedule per macro-layer, stage 1 reads words shared with the previous\n"
        "                    macro-layer last, stage 2 writes first what the next one reads first\n"
        "  --no-overlap      stage 1 of a macro-layer waits for the previous one's last write (no\n"
        "                    ping-pong overlap, no hazards): the baseline of the overlap's gain\n"
        "the fixed-point arithmetic, as `fecforge ber ldpc --fixed`:\n"
        FG_CLI_LDPC_FIXED_HELP
        "  --ebn0 X          decode noisy frames at Eb/N0 X dB; --frames F (default 100), seed --seed\n"
        "  --trace FILE      per-cycle port trace (frame 0, or the timing run); format in\n"
        "                    docs/ldpc-architecture.md\n"
        "  --table           Table 3.5: the twelve 802.11n codes next to the thesis's throughput\n"
        "  --json            one JSON object on stdout\n"
        "  -h, --help        this text\n\n"
        "throughput_mbps counts information bits: k * fclk / (iter * cycles_per_iter) as Table 3.5 counts\n"
        "it, and k * fclk / cycles_per_codeword with load and unload (throughput_io_mbps).\n\n"
        "examples:\n"
        "  fecforge arch ldpc --code wifi-1944-1/2 --layers 2 --mb 2x2 --iter 15 --fclk 815e6 --no-et\n"
        "  fecforge arch ldpc --code wifi-1944-1/2 --reorder --json\n"
        "  fecforge arch ldpc --table --reorder\n"
        "  fecforge arch ldpc --code wifi-648-1/2 --ebn0 2 --frames 200\n");
}

typedef struct {
    FILE *f;
    int64_t *val;
    int n;
} trace_ctx;

static void trace_line(void *user, const fg_ldpc_arch *a, const fg_ldpc_arch_ports *p)
{
    trace_ctx *t = user;
    fg_ldpc_arch_trace_values(a, p, t->val);
    fprintf(t->f, "%lx", (unsigned long)p->cycle);
    for (int i = 0; i < t->n; i++)
        fprintf(t->f, " %llx", (unsigned long long)t->val[i]);
    fputc('\n', t->f);
}

static void trace_header(FILE *f, const fg_ldpc_arch *a, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *c)
{
    fprintf(f, "# fecforge %s (git %s) arch ldpc trace: code=%s K=%d mb=%dx%d iter=%d et=%d s1_depth=%d "
               "s2_depth=%d et_depth=%d forward=%d\n# per cycle (hex): cycle",
            fg_version(), fg_git_hash(), code->name, c->fx.layers, c->mb_rows, c->mb_cols, c->fx.max_iter,
            c->fx.early_term, c->s1_depth, c->s2_depth, c->et_depth, c->forward);
    const int n = fg_ldpc_arch_trace_fields(a);
    for (int i = 0; i < n; i++) {
        int idx, bits;
        const char *name = fg_ldpc_arch_trace_field(a, i, &idx, &bits);
        if (idx >= 0)
            fprintf(f, " %s[%d]", name, idx);
        else
            fprintf(f, " %s", name);
    }
    fputc('\n', f);
}

typedef struct {
    double cpi, cycles_total, cycles_decode, iterations;
    long load, unload, stall_hazard, stall_pp, stall_et, forwarded;
    int mbs, n_ml, frames, frame_errors;
} result;

/* One configuration: timing run (no ebn0) or noisy frames. */
static int measure(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, int iters, int use_ebn0, double ebn0,
                   int frames, uint64_t seed, const char *trace_path, result *r)
{
    fg_ldpc_arch *a;
    if (fg_ldpc_arch_create(code, cfg, &a))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    memset(r, 0, sizeof *r);
    r->mbs = fg_ldpc_arch_mbs_per_iter(a);
    r->n_ml = fg_ldpc_arch_macro_layers(a);
    FILE *tf = NULL;
    fg_out *to = NULL;
    trace_ctx tc = {NULL, NULL, 0};
    int rc = FG_EXIT_OK;
    if (trace_path) {
        to = fg_cli_out_open(CMD, "trace", trace_path);
        tc.n = fg_ldpc_arch_trace_fields(a);
        tc.val = malloc(sizeof(int64_t) * (size_t)tc.n);
        if (!to || !tc.val) {
            free(tc.val);
            fg_cli_out_close(CMD, to, 0);
            fg_ldpc_arch_destroy(a);
            return to ? fg_cli_fail(CMD, "out of memory") : FG_EXIT_USAGE;
        }
        tf = fg_out_stream(to);
        tc.f = tf;
        trace_header(tf, a, code, cfg);
    }
    fg_ldpc_arch_stats st;
    if (!use_ebn0) {
        if (fg_ldpc_arch_timing(a, iters, &st, tf ? trace_line : NULL, &tc))
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
        if (!rc) {
            r->cpi = st.cycles_per_iter;
            r->cycles_total = (double)st.cycles_total;
            r->cycles_decode = (double)st.cycles_decode;
            r->iterations = st.iterations;
            r->load = st.cycles_load;
            r->unload = st.cycles_unload;
            r->stall_hazard = st.stall_hazard;
            r->stall_pp = st.stall_pingpong;
            r->stall_et = st.stall_et;
            r->forwarded = st.forwarded;
            r->frames = 0;
        }
    } else {
        const int n = code->n, k = code->k;
        uint8_t *u = malloc((size_t)n), *cw = malloc((size_t)n), *bits = malloc((size_t)n);
        double *y = malloc(sizeof(double) * (size_t)n);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)n);
        double sigma;
        if (!u || !cw || !bits || !y || !q)
            rc = fg_cli_fail(CMD, "out of memory");
        else if (fg_channel_sigma(ebn0, (double)k / n, &sigma))
            rc = fg_cli_usage_error(CMD, "--ebn0: %s", fg_last_error());
        double cpi_sum = 0;
        for (int f = 0; f < frames && !rc; f++) {
            int it;
            if (fg_channel_random_bits(k, seed, (uint64_t)f, u) || fg_ldpc_encode(code, u, cw) ||
                fg_channel_bpsk_awgn(cw, n, sigma, seed, (uint64_t)f, y) || fg_channel_llr(y, n, sigma, y) ||
                fg_llr_quantize(y, n, cfg->fx.llr_width, cfg->fx.llr_frac, q) ||
                fg_ldpc_arch_decode(a, q, bits, NULL, &it, &st, f == 0 && tf ? trace_line : NULL, &tc)) {
                rc = fg_cli_fail(CMD, "frame %d: %s", f, fg_last_error());
                break;
            }
            r->frame_errors += memcmp(bits, cw, (size_t)n) != 0;
            r->iterations += it;
            r->cycles_total += (double)st.cycles_total;
            r->cycles_decode += (double)st.cycles_decode;
            cpi_sum += st.cycles_per_iter;
            r->stall_hazard += st.stall_hazard;
            r->stall_pp += st.stall_pingpong;
            r->stall_et += st.stall_et;
            r->forwarded += st.forwarded;
            r->load = st.cycles_load;
            r->unload = st.cycles_unload;
            if (frames > 20)
                fg_cli_progress("arch ldpc", "frames", f + 1, frames);
        }
        fg_cli_progress_done();
        if (!rc) {
            r->frames = frames;
            r->iterations /= frames;
            r->cycles_total /= frames;
            r->cycles_decode /= frames;
            r->cpi = cpi_sum / frames;
        }
        free(u);
        free(cw);
        free(bits);
        free(y);
        free(q);
    }
    if (fg_cli_out_close(CMD, to, rc == 0) && !rc)
        rc = FG_EXIT_FAIL;
    free(tc.val);
    fg_ldpc_arch_destroy(a);
    return rc;
}

static const struct {
    const char *name;
    double mbps;
} PAPER[12] = {{"wifi-648-1/2", 380},   {"wifi-648-2/3", 520},   {"wifi-648-3/4", 760},   {"wifi-648-5/6", 1000},
               {"wifi-1296-1/2", 750},  {"wifi-1296-2/3", 1100}, {"wifi-1296-3/4", 1300}, {"wifi-1296-5/6", 2000},
               {"wifi-1944-1/2", 1100}, {"wifi-1944-2/3", 1700}, {"wifi-1944-3/4", 2200}, {"wifi-1944-5/6", 3000}};

static void json_cfg(fg_json *j, const fg_ldpc_arch_cfg *c, double fclk)
{
    fg_json_int(j, "layers", c->fx.layers);
    char mb[32];
    snprintf(mb, sizeof mb, "%dx%d", c->mb_rows, c->mb_cols);
    fg_json_str(j, "mb", mb);
    fg_json_num(j, "fclk_hz", fclk);
    fg_json_bool(j, "early_term", c->fx.early_term);
    fg_json_int(j, "s1_depth", c->s1_depth);
    fg_json_int(j, "s2_depth", c->s2_depth);
    fg_json_int(j, "et_depth", c->et_depth);
    fg_json_bool(j, "forward", c->forward);
    fg_json_str(j, "mb_order", c->mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr");
    fg_json_bool(j, "overlap", c->overlap);
}

static int run_table(fg_ldpc_arch_cfg cfg, double fclk, int iters, int reorder, const fg_ldpc_reorder_cfg *rc_,
                     int json)
{
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, reorder ? (long long)rc_->seed : -1);
        json_cfg(&j, &cfg, fclk);
        fg_json_int(&j, "iterations", iters);
        fg_json_bool(&j, "reorder", reorder);
        fg_json_arr_open(&j, "codes");
    } else {
        printf("Table 3.5: 802.11n, K=%d, MB %dx%d, %d iterations, %.0f MHz, information bits, ET %s, MB order %s\n",
               cfg.fx.layers, cfg.mb_rows, cfg.mb_cols, iters, fclk / 1e6, cfg.fx.early_term ? "on" : "off",
               cfg.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr");
        printf("%-15s %5s %9s %9s %9s", "code", "MBs", "cyc/iter", "paper", "ours");
        if (reorder)
            printf(" %5s %9s %9s", "MBs_r", "cyc/it_r", "ours_r");
        printf(" %7s\n", "diff");
    }
    int worst_ok = 1;
    for (int i = 0; i < 12; i++) {
        fg_ldpc_code *code;
        if (fg_ldpc_code_create(PAPER[i].name, &code))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        result r0, r1;
        fg_ldpc_arch_cfg c = cfg;
        int col[24], lay[12];
        int rc = measure(code, &c, iters, 0, 0, 0, 0, NULL, &r0);
        if (!rc && reorder) {
            if (fg_ldpc_arch_reorder(code, &c, rc_, col, lay))
                rc = fg_cli_fail(CMD, "%s", fg_last_error());
            else {
                c.col_order = col;
                c.layer_order = rc_->layers ? lay : NULL;
                rc = measure(code, &c, iters, 0, 0, 0, 0, NULL, &r1);
            }
        }
        if (rc) {
            fg_ldpc_code_destroy(code);
            return rc;
        }
        const double t0 = code->k * fclk / (iters * r0.cpi) / 1e6;
        const double t1 = reorder ? code->k * fclk / (iters * r1.cpi) / 1e6 : t0;
        const double diff = 100.0 * (t1 / PAPER[i].mbps - 1.0);
        worst_ok &= fabs(diff) <= 15.0;
        if (json) {
            fg_json_obj_open(&j, NULL);
            j.pretty = 0;
            fg_json_str(&j, "code", PAPER[i].name);
            fg_json_int(&j, "k", code->k);
            fg_json_num(&j, "paper_mbps", PAPER[i].mbps);
            fg_json_int(&j, "mbs_per_iter", r0.mbs);
            fg_json_num(&j, "cycles_per_iter", r0.cpi);
            fg_json_num(&j, "throughput_mbps", t0);
            fg_json_int(&j, "stall_hazard", r0.stall_hazard);
            if (reorder) {
                fg_json_int(&j, "mbs_per_iter_reordered", r1.mbs);
                fg_json_num(&j, "cycles_per_iter_reordered", r1.cpi);
                fg_json_num(&j, "throughput_mbps_reordered", t1);
                fg_json_int(&j, "stall_hazard_reordered", r1.stall_hazard);
            }
            fg_json_num(&j, "diff_percent", diff);
            fg_json_obj_close(&j);
            j.pretty = 1;
        } else {
            printf("%-15s %5d %9.2f %9.0f %9.1f", PAPER[i].name, r0.mbs, r0.cpi, PAPER[i].mbps, t0);
            if (reorder)
                printf(" %5d %9.2f %9.1f", r1.mbs, r1.cpi, t1);
            printf(" %+6.1f%%\n", diff);
        }
        fg_ldpc_code_destroy(code);
    }
    if (json) {
        fg_json_arr_close(&j);
        fg_json_bool(&j, "within_15_percent", worst_ok);
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("(diff: %s throughput against the thesis; cyc/iter: steady-state cycles per iteration)\n",
               reorder ? "reordered" : "our");
    }
    return FG_EXIT_OK;
}

static int cmd_ldpc(int argc, char **argv)
{
    enum { O_CODE = 256, O_Z, O_LAYERS, O_MB, O_ITER, O_FCLK, O_REORDER, O_REORDER_L, O_SEED, O_RESTARTS, O_NOET,
           O_S1, O_S2, O_ETD, O_NOFWD, O_ORDER, O_NOOVL, O_LW, O_LF, O_RW, O_AW, O_INSH, O_SRND, O_RSAT, O_AKEEP,
           O_EBN0, O_FRAMES, O_TRACE, O_TABLE, O_JSON };
    static const struct option opts[] = {
        {"code", required_argument, NULL, O_CODE},         {"z", required_argument, NULL, O_Z},
        {"layers", required_argument, NULL, O_LAYERS},     {"mb", required_argument, NULL, O_MB},
        {"iter", required_argument, NULL, O_ITER},         {"fclk", required_argument, NULL, O_FCLK},
        {"reorder", no_argument, NULL, O_REORDER},         {"reorder-layers", no_argument, NULL, O_REORDER_L},
        {"seed", required_argument, NULL, O_SEED},         {"restarts", required_argument, NULL, O_RESTARTS},
        {"no-et", no_argument, NULL, O_NOET},              {"s1-depth", required_argument, NULL, O_S1},
        {"s2-depth", required_argument, NULL, O_S2},       {"et-depth", required_argument, NULL, O_ETD},
        {"no-forward", no_argument, NULL, O_NOFWD},        {"llr-width", required_argument, NULL, O_LW},
        {"llr-frac", required_argument, NULL, O_LF},       {"r-width", required_argument, NULL, O_RW},
        {"app-width", required_argument, NULL, O_AW},      {"ebn0", required_argument, NULL, O_EBN0},
        {"frames", required_argument, NULL, O_FRAMES},     {"trace", required_argument, NULL, O_TRACE},
        {"table", no_argument, NULL, O_TABLE},             {"json", no_argument, NULL, O_JSON},
        {"mb-order", required_argument, NULL, O_ORDER},    {"no-overlap", no_argument, NULL, O_NOOVL},
        {"in-shift", required_argument, NULL, O_INSH},     {"scale-round", required_argument, NULL, O_SRND},
        {"r-sat-late", required_argument, NULL, O_RSAT},   {"app-keep", required_argument, NULL, O_AKEEP},
        {"help", no_argument, NULL, 'h'},                  {NULL, 0, NULL, 0}};
    const char *code_name = NULL, *mb_text = NULL, *trace = NULL;
    fg_ldpc_arch_cfg cfg = fg_ldpc_arch_cfg_default();
    fg_ldpc_reorder_cfg rcfg = fg_ldpc_reorder_cfg_default();
    int z = 0, iters = 15, reorder = 0, json = 0, table = 0, frames = 100, use_ebn0 = 0, seed = 1, c, idx = -1, got;
    double fclk = 815e6, ebn0 = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
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
            if (fg_cli_int(CMD, "iter", optarg, 1, 1000, &iters))
                return FG_EXIT_USAGE;
            break;
        case O_FCLK:
            if (fg_cli_fclk(CMD, optarg, &fclk))
                return FG_EXIT_USAGE;
            break;
        case O_REORDER: reorder = 1; break;
        case O_REORDER_L: reorder = 1; rcfg.layers = 1; break;
        case O_SEED:
            if (fg_cli_int(CMD, "seed", optarg, 0, 2147483647, &seed))
                return FG_EXIT_USAGE;
            rcfg.seed = (uint64_t)seed;
            break;
        case O_RESTARTS:
            if (fg_cli_int(CMD, "restarts", optarg, 0, 1000, &rcfg.restarts))
                return FG_EXIT_USAGE;
            break;
        case O_NOET: cfg.fx.early_term = 0; break;
        case O_S1:
            if (fg_cli_int(CMD, "s1-depth", optarg, 1, 16, &cfg.s1_depth))
                return FG_EXIT_USAGE;
            break;
        case O_S2:
            if (fg_cli_int(CMD, "s2-depth", optarg, 0, 16, &cfg.s2_depth))
                return FG_EXIT_USAGE;
            break;
        case O_ETD:
            if (fg_cli_int(CMD, "et-depth", optarg, 1, 16, &cfg.et_depth))
                return FG_EXIT_USAGE;
            break;
        case O_NOFWD: cfg.forward = 0; break;
        case O_NOOVL: cfg.overlap = 0; break;
        case O_ORDER:
            if (!strcmp(optarg, "ltr"))
                cfg.mb_order = FG_LDPC_ARCH_ORDER_LTR;
            else if (!strcmp(optarg, "hazard"))
                cfg.mb_order = FG_LDPC_ARCH_ORDER_HAZARD;
            else
                return fg_cli_usage_error(CMD, "--mb-order=%s unknown: valid are ltr, hazard", optarg);
            break;
        case O_EBN0: {
            char *end;
            ebn0 = strtod(optarg, &end);
            if (end == optarg || *end || !(ebn0 >= -50 && ebn0 <= 100))
                return fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected a number in [-50, 100] dB", optarg);
            use_ebn0 = 1;
            break;
        }
        case O_FRAMES:
            if (fg_cli_int(CMD, "frames", optarg, 1, 10000000, &frames))
                return FG_EXIT_USAGE;
            break;
        case O_TRACE: trace = optarg; break;
        case O_TABLE: table = 1; break;
        case O_JSON: json = 1; break;
        case 'h': help(); return FG_EXIT_OK;
        default: return fg_cli_usage_error(CMD, "unknown option (see fecforge arch ldpc --help)");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    cfg.mb_rows = cfg.fx.layers;
    if (mb_text && fg_cli_ldpc_mb(CMD, mb_text, &cfg.mb_rows, &cfg.mb_cols))
        return FG_EXIT_USAGE;
    cfg.fx.max_iter = iters;
    if (table) {
        if (code_name || use_ebn0 || trace)
            return fg_cli_usage_error(CMD, "--table runs the twelve 802.11n codes: no --code, --ebn0 or --trace");
        fg_ldpc_code *probe;
        if (fg_ldpc_code_create("wifi-648-1/2", &probe))
            return fg_cli_fail(CMD, "%s", fg_last_error());
        int e = fg_ldpc_arch_cfg_check(probe, &cfg);
        fg_ldpc_code_destroy(probe);
        if (e)
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        return run_table(cfg, fclk, iters, reorder, &rcfg, json);
    }
    if (!code_name)
        return fg_cli_usage_error(CMD, "--code is required (see fecforge arch ldpc --help)");
    fg_ldpc_code *code;
    if (fg_cli_ldpc_code_open(code_name, z, &code))
        return FG_EXIT_USAGE;
    int rc = FG_EXIT_OK;
    int *col = malloc(sizeof(int) * (size_t)code->nb), *lay = malloc(sizeof(int) * (size_t)code->mb);
    result r, r0;
    if (!col || !lay) {
        rc = fg_cli_fail(CMD, "out of memory");
        goto out;
    }
    if (fg_ldpc_arch_cfg_check(code, &cfg)) {
        rc = fg_cli_usage_error(CMD, "%s", fg_last_error());
        goto out;
    }
    /* the standard order first (the baseline of the reordering gain) */
    if ((rc = measure(code, &cfg, iters, 0, 0, 0, 0, NULL, &r0)) != 0)
        goto out;
    if (reorder) {
        if (fg_ldpc_arch_reorder(code, &cfg, &rcfg, col, lay)) {
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
            goto out;
        }
        cfg.col_order = col;
        cfg.layer_order = rcfg.layers ? lay : NULL;
    }
    if ((rc = measure(code, &cfg, iters, use_ebn0, ebn0, frames, (uint64_t)seed, trace, &r)) != 0)
        goto out;
    const double k = code->k;
    /* per iteration count as Table 3.5 counts it; with --ebn0 at the mean iteration count */
    const double thr = k * fclk / ((use_ebn0 ? r.iterations : iters) * r.cpi) / 1e6;
    const double thr_io = k * fclk / r.cycles_total / 1e6;
    if (json) {
        fg_json j;
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, use_ebn0 || reorder ? seed : -1);
        fg_json_str(&j, "code", code->name);
        fg_json_int(&j, "n", code->n);
        fg_json_int(&j, "k", code->k);
        fg_json_int(&j, "z", code->z);
        json_cfg(&j, &cfg, fclk);
        fg_json_int(&j, "iter", iters);
        fg_json_str(&j, "mode", use_ebn0 ? "frames" : "fixed_iterations");
        if (use_ebn0) {
            fg_json_num(&j, "ebn0_db", ebn0);
            fg_json_int(&j, "frames", r.frames);
            fg_json_int(&j, "frame_errors", r.frame_errors);
            fg_json_num(&j, "mean_iterations", r.iterations);
        }
        fg_json_bool(&j, "reorder", reorder);
        fg_json_bool(&j, "reorder_layers", reorder && rcfg.layers);
        if (reorder) {
            fg_json_arr_open(&j, "col_order");
            j.pretty = 0;
            for (int i = 0; i < code->nb; i++)
                fg_json_int(&j, NULL, col[i]);
            fg_json_arr_close(&j);
            j.pretty = 1;
            if (rcfg.layers) {
                fg_json_arr_open(&j, "layer_order");
                j.pretty = 0;
                for (int i = 0; i < code->mb; i++)
                    fg_json_int(&j, NULL, lay[i]);
                fg_json_arr_close(&j);
                j.pretty = 1;
            }
        }
        fg_json_int(&j, "macro_layers", r.n_ml);
        fg_json_int(&j, "mbs_per_iter", r.mbs);
        fg_json_num(&j, "cycles_per_iter", r.cpi);
        fg_json_num(&j, "cycles_decode", r.cycles_decode);
        fg_json_int(&j, "cycles_load", r.load);
        fg_json_int(&j, "cycles_unload", r.unload);
        fg_json_num(&j, "cycles_per_codeword", r.cycles_total);
        fg_json_num(&j, "throughput_mbps", thr);
        fg_json_num(&j, "throughput_io_mbps", thr_io);
        fg_json_num(&j, "stall_hazard", (double)r.stall_hazard / (r.frames ? r.frames : 1));
        fg_json_num(&j, "stall_pingpong", (double)r.stall_pp / (r.frames ? r.frames : 1));
        fg_json_num(&j, "stall_et", (double)r.stall_et / (r.frames ? r.frames : 1));
        fg_json_num(&j, "forwarded", (double)r.forwarded / (r.frames ? r.frames : 1));
        if (reorder) {
            fg_json_int(&j, "mbs_per_iter_standard", r0.mbs);
            fg_json_num(&j, "cycles_per_iter_standard", r0.cpi);
            fg_json_num(&j, "throughput_mbps_standard", k * fclk / (iters * r0.cpi) / 1e6);
        }
        fg_json_obj_close(&j);
        fg_json_end(&j);
    } else {
        printf("MB-serial LDPC decoder: %s (n=%d, k=%d, z=%d), K=%d, MB %dx%d, %d macro-layers, fclk %.1f MHz\n",
               code->name, code->n, code->k, code->z, cfg.fx.layers, cfg.mb_rows, cfg.mb_cols, r.n_ml, fclk / 1e6);
        printf("pipeline: s1_depth %d, s2_depth %d, et_depth %d, forwarding %s, MB order %s; early termination %s; "
               "order %s\n",
               cfg.s1_depth, cfg.s2_depth, cfg.et_depth, cfg.forward ? "on" : "off",
               cfg.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr", cfg.fx.early_term ? "on" : "off",
               reorder ? (rcfg.layers ? "reordered (columns and layers)" : "reordered (columns)") : "standard");
        if (use_ebn0)
            printf("%d frames at Eb/N0 %.2f dB: %d frame errors, mean %.2f iterations (max %d); means per frame:\n",
                   r.frames, ebn0, r.frame_errors, r.iterations, iters);
        else
            printf("%d iterations (cycle counts are data independent at a fixed iteration count%s)\n", iters,
                   cfg.fx.early_term ? "; ET unit timed, never firing" : "");
        printf("  non-empty MBs / iteration  %d\n", r.mbs);
        printf("  cycles_per_iter            %.2f (steady state)\n", r.cpi);
        printf("  cycles decode              %.1f\n", r.cycles_decode);
        printf("  cycles load / unload       %ld / %ld\n", r.load, r.unload);
        printf("  cycles_per_codeword        %.1f\n", r.cycles_total);
        printf("  stalls: hazard %.1f, ping-pong %.1f, ET %.1f; forwarded words %.1f\n",
               (double)r.stall_hazard / (r.frames ? r.frames : 1), (double)r.stall_pp / (r.frames ? r.frames : 1),
               (double)r.stall_et / (r.frames ? r.frames : 1), (double)r.forwarded / (r.frames ? r.frames : 1));
        printf("  throughput_mbps            %.1f (k*fclk/(%s*cycles_per_iter), information bits)\n", thr,
               use_ebn0 ? "mean_iter" : "iter");
        printf("  throughput_io_mbps         %.1f (k*fclk/cycles_per_codeword, with load/unload%s)\n", thr_io,
               use_ebn0 ? ", mean iterations" : "");
        if (reorder) {
            printf("  standard order: %d MBs, %.2f cycles/iter, %.1f Mbps -> gain %+.1f%%\n", r0.mbs, r0.cpi,
                   k * fclk / (iters * r0.cpi) / 1e6, 100.0 * (r0.cpi / r.cpi - 1.0));
            printf("  col_order:");
            for (int i = 0; i < code->nb; i++)
                printf(" %d", col[i]);
            printf("\n");
            if (rcfg.layers) {
                printf("  layer_order:");
                for (int i = 0; i < code->mb; i++)
                    printf(" %d", lay[i]);
                printf("\n");
            }
        }
    }
out:
    free(col);
    free(lay);
    fg_ldpc_code_destroy(code);
    return rc;
}

int fg_cmd_arch(int argc, char **argv)
{
    if (argc < 2) {
        help_top();
        return fg_cli_usage_error("arch", "a model is required: ldpc or turbo");
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        help_top();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "ldpc"))
        return cmd_ldpc(argc - 1, argv + 1);
    if (!strcmp(argv[1], "turbo"))
        return fg_cmd_arch_turbo(argc - 1, argv + 1);
    return fg_cli_usage_error("arch", "unknown model '%s': valid are ldpc, turbo (see fecforge arch --help)", argv[1]);
}
