/* `fecforge arch ldpc` (fecforge/arch.h): the multi-layer MB-serial LDPC decoder (fecforge/ldpc_arch.h,
 * docs/ldpc-architecture.md): cycles per iteration and per codeword, throughput, stalls; Table 3.5 of the
 * thesis; base-matrix reordering; noisy frames; per-cycle trace. */
#include "fecforge/arch.h"

#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/ldpc_code.h"
#include "fecforge/ldpc_decoder.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

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
    long load, unload, stall_hazard, stall_pp, stall_et, stall_lbuf, forwarded;
    int mbs, n_ml, frames, frame_errors;
} result;

/* One configuration: timing run (no ebn0) or noisy frames; trace (may be NULL) of frame 0 or the timing run. */
static int measure(const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, int iters, int use_ebn0, double ebn0,
                   int frames, uint64_t seed, FILE *tf, fg_arch_io *io, result *r)
{
    fg_ldpc_arch *a;
    int rc = fg_ldpc_arch_create(code, cfg, &a);
    if (rc)
        return rc;
    memset(r, 0, sizeof *r);
    r->mbs = fg_ldpc_arch_mbs_per_iter(a);
    r->n_ml = fg_ldpc_arch_macro_layers(a);
    trace_ctx tc = {tf, NULL, 0};
    if (tf) {
        tc.n = fg_ldpc_arch_trace_fields(a);
        tc.val = malloc(sizeof(int64_t) * (size_t)tc.n);
        if (!tc.val) {
            fg_ldpc_arch_destroy(a);
            return fg_set_error(FG_ENOMEM, "out of memory");
        }
        trace_header(tf, a, code, cfg);
    }
    fg_ldpc_arch_stats st;
    if (!use_ebn0) {
        if ((rc = fg_ldpc_arch_timing(a, iters, &st, tf ? trace_line : NULL, &tc)) != 0)
            rc = fg_arch_runtime(rc);
        else {
            r->cpi = st.cycles_per_iter;
            r->cycles_total = (double)st.cycles_total;
            r->cycles_decode = (double)st.cycles_decode;
            r->iterations = st.iterations;
            r->load = st.cycles_load;
            r->unload = st.cycles_unload;
            r->stall_hazard = st.stall_hazard;
            r->stall_pp = st.stall_pingpong;
            r->stall_et = st.stall_et;
            r->stall_lbuf = st.stall_lbuf;
            r->forwarded = st.forwarded;
            r->frames = 0;
        }
    } else {
        const int n = code->n, k = code->k;
        uint8_t *u = malloc((size_t)n), *cw = malloc((size_t)n), *bits = malloc((size_t)n);
        double *y = malloc(sizeof(double) * (size_t)n);
        int32_t *q = malloc(sizeof(int32_t) * (size_t)n);
        fg_channel_point pt;
        fg_frame fr = {.llr = y, .llr_q = q};
        if (!u || !cw || !bits || !y || !q)
            rc = fg_set_error(FG_ENOMEM, "out of memory");
        else if ((rc = fg_channel_point_at(&fg_channel_awgn, NULL, ebn0, (double)k / n, &pt)) != 0)
            rc = fg_prefix_error(FG_EINVAL, "--ebn0: ");
        double cpi_sum = 0;
        for (int f = 0; f < frames && !rc; f++) {
            int it;
            if ((rc = fg_channel_random_bits(k, seed, (uint64_t)f, u)) || (rc = fg_ldpc_encode(code, u, cw)) ||
                (rc = fg_channel_awgn.transmit(&pt, cw, n, n, seed, f, cfg->fx.llr_width, cfg->fx.llr_frac, &fr)) ||
                (rc = fg_ldpc_arch_decode(a, q, bits, NULL, &it, &st, f == 0 && tf ? trace_line : NULL, &tc))) {
                rc = fg_prefix_error(fg_arch_runtime(rc), "frame %d: ", f);
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
            r->stall_lbuf += st.stall_lbuf;
            r->forwarded += st.forwarded;
            r->load = st.cycles_load;
            r->unload = st.cycles_unload;
            if (frames > 20 && io->progress)
                io->progress(io->progress_ctx, "frames", f + 1, frames);
        }
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
    fg_json_num(j, "fclk", fclk);
    fg_json_bool(j, "early_term", c->fx.early_term);
    fg_json_int(j, "s1_depth", c->s1_depth);
    fg_json_int(j, "s2_depth", c->s2_depth);
    fg_json_int(j, "et_depth", c->et_depth);
    fg_json_bool(j, "forward", c->forward);
    fg_json_str(j, "mb_order", c->mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr");
    fg_json_bool(j, "overlap", c->overlap);
}

static int run_table(fg_ldpc_arch_cfg cfg, double fclk, int iters, int reorder, const fg_ldpc_reorder_cfg *rc_,
                     fg_arch_io *io)
{
    fg_json *j = io->json;
    FILE *o = io->text;
    if (j) {
        fg_arch_json_open(io, reorder ? &rc_->seed : NULL);
        json_cfg(j, &cfg, fclk);
        fg_json_int(j, "iter", iters);
        fg_json_bool(j, "reorder", reorder);
        fg_json_arr_open(j, "codes");
    } else {
        fprintf(o, "Table 3.5: 802.11n, K=%d, MB %dx%d, %d iterations, %.0f MHz, information bits, ET %s, MB order %s\n",
                cfg.fx.layers, cfg.mb_rows, cfg.mb_cols, iters, fclk / 1e6, cfg.fx.early_term ? "on" : "off",
                cfg.mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr");
        fprintf(o, "%-15s %5s %9s %9s %9s", "code", "MBs", "cyc/iter", "paper", "ours");
        if (reorder)
            fprintf(o, " %5s %9s %9s", "MBs_r", "cyc/it_r", "ours_r");
        fprintf(o, " %7s\n", "diff");
    }
    int worst_ok = 1;
    for (int i = 0; i < 12; i++) {
        fg_ldpc_code *code;
        int rc = fg_ldpc_code_create(PAPER[i].name, &code);
        if (rc)
            return fg_arch_runtime(rc);
        result r0, r1;
        fg_ldpc_arch_cfg c = cfg;
        int col[24], lay[12];
        rc = measure(code, &c, iters, 0, 0, 0, 0, NULL, io, &r0);
        if (!rc && reorder) {
            if ((rc = fg_ldpc_arch_reorder(code, &c, rc_, col, lay)) != 0)
                rc = fg_arch_runtime(rc);
            else {
                c.col_order = col;
                c.layer_order = rc_->layers ? lay : NULL;
                rc = measure(code, &c, iters, 0, 0, 0, 0, NULL, io, &r1);
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
        if (j) {
            fg_json_obj_open(j, NULL);
            j->pretty = 0;
            fg_json_str(j, "code", PAPER[i].name);
            fg_json_int(j, "k", code->k);
            fg_json_num(j, "paper_mbps", PAPER[i].mbps);
            fg_json_int(j, "mbs_per_iter", r0.mbs);
            fg_json_num(j, "cycles_per_iter", r0.cpi);
            fg_json_num(j, "throughput_mbps", t0);
            fg_json_int(j, "stall_hazard", r0.stall_hazard);
            if (reorder) {
                fg_json_int(j, "mbs_per_iter_reordered", r1.mbs);
                fg_json_num(j, "cycles_per_iter_reordered", r1.cpi);
                fg_json_num(j, "throughput_mbps_reordered", t1);
                fg_json_int(j, "stall_hazard_reordered", r1.stall_hazard);
            }
            fg_json_num(j, "diff_percent", diff);
            fg_json_obj_close(j);
            j->pretty = 1;
        } else {
            fprintf(o, "%-15s %5d %9.2f %9.0f %9.1f", PAPER[i].name, r0.mbs, r0.cpi, PAPER[i].mbps, t0);
            if (reorder)
                fprintf(o, " %5d %9.2f %9.1f", r1.mbs, r1.cpi, t1);
            fprintf(o, " %+6.1f%%\n", diff);
        }
        fg_ldpc_code_destroy(code);
    }
    if (j) {
        fg_json_arr_close(j);
        fg_json_bool(j, "within_15_percent", worst_ok);
        fg_json_obj_close(j);
    } else {
        fprintf(o, "(diff: %s throughput against the thesis; cyc/iter: steady-state cycles per iteration)\n",
                reorder ? "reordered" : "our");
    }
    return 0;
}

typedef struct {
    fg_ldpc_code_arg code;
    char *fclk;
    int mb[2], iter, reorder, reorder_layers, et, no_forward, no_overlap, frames, table;
    uint64_t seed;
    fg_opt_reals ebn0;
    fg_ldpc_arch_cfg cfg;
    fg_ldpc_reorder_cfg rcfg;
} ldpc_opts;

#define O(f) offsetof(ldpc_opts, f)
static const fg_opt ldpc_opts_tbl[] = {
    {"layers", 0, FG_OPT_INT, O(cfg.fx.layers), 1, FG_LDPC_BASE_DIM_MAX, .meta = "K",
     .help = "layers per macro-layer, at most the code's mb"},
    {"mb", 0, FG_OPT_CUSTOM, O(mb), .parse = fg_ldpc_arch_parse_mb, .print = fg_ldpc_arch_print_mb, .def_text = "Kx2", .meta = "N1xN2",
     .help = "macroblock: N1 must equal K; N2 in [1, min(nb, 16)]"},
    {"iter", 0, FG_OPT_INT, O(iter), 1, 1000, .meta = "N", .help = "iterations"},
    {"fclk", 0, FG_OPT_TEXT, O(fclk), .def_text = "815M, the thesis", .meta = "HZ",
     .help = "clock for the throughput: 815e6, 815M, 1.2G, 600MHz; [1e3, 1e12] Hz"},
    {"et", 0, FG_OPT_CHOICE, O(et), .words = "syndrome|none", .def = "syndrome", .meta = "KIND",
     .help = "early termination: stop at the first iteration whose decisions satisfy\nevery check"},
    {"no-et", 0, FG_OPT_FLAG, 0, .alias_of = "et=none"},
    {"reorder", 0, FG_OPT_FLAG, O(reorder),
     .help = "apply the best column order found (docs/ldpc-table-3-5.md): bit-exact, same\n"
             "code, bits mapped back at load/unload"},
    {"reorder-layers", 0, FG_OPT_FLAG, O(reorder_layers),
     .help = "--reorder that also permutes layers (changes the macro-layer grouping and so\n"
             "the arithmetic)"},
    {"restarts", 0, FG_OPT_INT, O(rcfg.restarts), 0, 1000, .meta = "R",
     .help = "random restarts of the reordering search"},
    {"ebn0", 0, FG_OPT_SWEEP, O(ebn0), -50, 100, 1, .meta = "X",
     .help = "decode --frames noisy frames at Eb/N0 X dB (bit-exact with the fixed-point\n"
             "decoder)"},
    {"frames", 0, FG_OPT_INT, O(frames), 1, 10000000, .meta = "F", .help = "frames decoded with --ebn0"},
    {"seed", 0, FG_OPT_SEED, O(seed), .meta = "S", .help = "seed of the reordering search and of the frames of --ebn0"},
    {"table", 0, FG_OPT_FLAG, O(table), .help = "Table 3.5: the twelve 802.11n codes next to the thesis's throughput"},
    {NULL}};

static const fg_opt pipeline_opts[] = {
    {"s1-depth", 0, FG_OPT_INT, O(cfg.s1_depth), 1, 16, .meta = "D",
     .help = "cycles from a read to its min-finder result usable by stage 2"},
    {"s2-depth", 0, FG_OPT_INT, O(cfg.s2_depth), 0, 16, .meta = "D",
     .help = "cycles from a stage-2 issue to its write"},
    {"et-depth", 0, FG_OPT_INT, O(cfg.et_depth), 1, 16, .meta = "D",
     .help = "cycles from the last write of an iteration to the syndrome verdict"},
    {"no-forward", 0, FG_OPT_FLAG, O(no_forward), .help = "no write-to-read bypass of the LLR memory"},
    {"mb-order", 0, FG_OPT_CHOICE, O(cfg.mb_order), .words = "ltr|hazard", .meta = "O",
     .help = "ltr: both stages walk the MBs left to right; hazard: static schedule per\n"
             "macro-layer, stage 1 reads words shared with the previous macro-layer last,\n"
             "stage 2 writes first what the next one reads first"},
    {"no-overlap", 0, FG_OPT_FLAG, O(no_overlap),
     .help = "stage 1 of a macro-layer waits for the previous one's last write (no ping-pong\n"
             "overlap, no hazards): the baseline of the overlap's gain"},
    {NULL}};

static const fg_opt_part parts[] = {{"the code", fg_ldpc_code_options, O(code)},
                                    {"options", ldpc_opts_tbl, 0},
                                    {"pipeline", pipeline_opts, 0},
                                    {"fixed-point arithmetic, as `fecforge ber ldpc --fixed`", fg_ldpc_fixed_options,
                                     O(cfg.fx)},
                                    {NULL, NULL, 0}};
#undef O

static void cfg_default(void *p)
{
    ldpc_opts *v = p;
    *v = (ldpc_opts){.iter = 15, .frames = 100, .cfg = fg_ldpc_arch_cfg_default(), .rcfg = fg_ldpc_reorder_cfg_default()};
    v->seed = v->rcfg.seed;
}

/* fg_ldpc_arch_cfg_check failed on cfg, the copy of v->cfg with --mb and --iter in it: the option that sets the
 * field it refuses names the message. */
static int cfg_error(const fg_opts *given, ldpc_opts *v, const fg_ldpc_arch_cfg *cfg)
{
    const fg_opt_copy copies[] = {FG_OPT_COPY(cfg->mb_rows, v->mb[0]), FG_OPT_COPY(cfg->mb_cols, v->mb[0]),
                                  FG_OPT_COPY(cfg->fx.max_iter, v->iter), FG_OPT_COPY(*cfg, v->cfg)};
    return fg_opts_field_error(given, FG_EINVAL, FG_OPT_COPIES(copies), NULL);
}

static void report(fg_arch_io *io, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, const fg_ldpc_reorder_cfg *rcfg,
                   const ldpc_opts *v, double fclk, int reorder, const int *col, const int *lay, const result *r0,
                   const result *r)
{
    const int use_ebn0 = v->ebn0.n > 0, iters = v->iter;
    const double ebn0 = use_ebn0 ? v->ebn0.v[0] : 0, k = code->k;
    /* per iteration count as Table 3.5 counts it; with --ebn0 at the mean iteration count */
    const double thr = k * fclk / ((use_ebn0 ? r->iterations : iters) * r->cpi) / 1e6;
    const double thr_io = k * fclk / r->cycles_total / 1e6;
    const double per = r->frames ? r->frames : 1;
    fg_json *j = io->json;
    FILE *o = io->text;
    if (j) {
        fg_arch_json_open(io, use_ebn0 || reorder ? &v->seed : NULL);
        fg_json_str(j, "code", code->name);
        fg_json_int(j, "n", code->n);
        fg_json_int(j, "k", code->k);
        fg_json_int(j, "z", code->z);
        json_cfg(j, cfg, fclk);
        fg_json_int(j, "iter", iters);
        fg_json_str(j, "mode", use_ebn0 ? "frames" : "fixed_iterations");
        if (use_ebn0) {
            fg_json_num(j, "ebn0", ebn0);
            fg_json_int(j, "frames", r->frames);
            fg_json_int(j, "frame_errors", r->frame_errors);
            fg_json_num(j, "mean_iterations", r->iterations);
        }
        fg_json_bool(j, "reorder", reorder);
        fg_json_bool(j, "reorder_layers", reorder && rcfg->layers);
        if (reorder) {
            fg_json_arr_open(j, "col_order");
            j->pretty = 0;
            for (int i = 0; i < code->nb; i++)
                fg_json_int(j, NULL, col[i]);
            fg_json_arr_close(j);
            j->pretty = 1;
            if (rcfg->layers) {
                fg_json_arr_open(j, "layer_order");
                j->pretty = 0;
                for (int i = 0; i < code->mb; i++)
                    fg_json_int(j, NULL, lay[i]);
                fg_json_arr_close(j);
                j->pretty = 1;
            }
        }
        fg_json_int(j, "macro_layers", r->n_ml);
        fg_json_int(j, "mbs_per_iter", r->mbs);
        fg_json_num(j, "cycles_per_iter", r->cpi);
        fg_json_num(j, "cycles_decode", r->cycles_decode);
        fg_json_int(j, "cycles_load", r->load);
        fg_json_int(j, "cycles_unload", r->unload);
        fg_json_num(j, "cycles_per_codeword", r->cycles_total);
        fg_json_num(j, "throughput_mbps", thr);
        fg_json_num(j, "throughput_io_mbps", thr_io);
        fg_json_num(j, "stall_hazard", (double)r->stall_hazard / per);
        fg_json_num(j, "stall_pingpong", (double)r->stall_pp / per);
        fg_json_num(j, "stall_et", (double)r->stall_et / per);
        fg_json_num(j, "stall_lbuf", (double)r->stall_lbuf / per);
        fg_json_num(j, "forwarded", (double)r->forwarded / per);
        if (reorder) {
            fg_json_int(j, "mbs_per_iter_standard", r0->mbs);
            fg_json_num(j, "cycles_per_iter_standard", r0->cpi);
            fg_json_num(j, "throughput_mbps_standard", k * fclk / (iters * r0->cpi) / 1e6);
        }
        fg_json_obj_close(j);
        return;
    }
    fprintf(o, "MB-serial LDPC decoder: %s (n=%d, k=%d, z=%d), K=%d, MB %dx%d, %d macro-layers, fclk %.1f MHz\n",
            code->name, code->n, code->k, code->z, cfg->fx.layers, cfg->mb_rows, cfg->mb_cols, r->n_ml, fclk / 1e6);
    fprintf(o, "pipeline: s1_depth %d, s2_depth %d, et_depth %d, forwarding %s, MB order %s; early termination %s; "
               "order %s\n",
            cfg->s1_depth, cfg->s2_depth, cfg->et_depth, cfg->forward ? "on" : "off",
            cfg->mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr", cfg->fx.early_term ? "on" : "off",
            reorder ? (rcfg->layers ? "reordered (columns and layers)" : "reordered (columns)") : "standard");
    if (use_ebn0)
        fprintf(o, "%d frames at Eb/N0 %.2f dB: %d frame errors, mean %.2f iterations (max %d); means per frame:\n",
                r->frames, ebn0, r->frame_errors, r->iterations, iters);
    else
        fprintf(o, "%d iterations (cycle counts are data independent at a fixed iteration count%s)\n", iters,
                cfg->fx.early_term ? "; ET unit timed, never firing" : "");
    fprintf(o, "  non-empty MBs / iteration  %d\n", r->mbs);
    fprintf(o, "  cycles_per_iter            %.2f (steady state)\n", r->cpi);
    fprintf(o, "  cycles decode              %.1f\n", r->cycles_decode);
    fprintf(o, "  cycles load / unload       %ld / %ld\n", r->load, r->unload);
    fprintf(o, "  cycles_per_codeword        %.1f\n", r->cycles_total);
    fprintf(o, "  stalls: hazard %.1f, ping-pong %.1f, ET %.1f, L buffer %.1f; forwarded words %.1f\n",
            (double)r->stall_hazard / per, (double)r->stall_pp / per, (double)r->stall_et / per,
            (double)r->stall_lbuf / per, (double)r->forwarded / per);
    fprintf(o, "  throughput_mbps            %.1f (k*fclk/(%s*cycles_per_iter), information bits)\n", thr,
            use_ebn0 ? "mean_iter" : "iter");
    fprintf(o, "  throughput_io_mbps         %.1f (k*fclk/cycles_per_codeword, with load/unload%s)\n", thr_io,
            use_ebn0 ? ", mean iterations" : "");
    if (reorder) {
        fprintf(o, "  standard order: %d MBs, %.2f cycles/iter, %.1f Mbps -> gain %+.1f%%\n", r0->mbs, r0->cpi,
                k * fclk / (iters * r0->cpi) / 1e6, 100.0 * (r0->cpi / r->cpi - 1.0));
        fprintf(o, "  col_order:");
        for (int i = 0; i < code->nb; i++)
            fprintf(o, " %d", col[i]);
        fprintf(o, "\n");
        if (rcfg->layers) {
            fprintf(o, "  layer_order:");
            for (int i = 0; i < code->mb; i++)
                fprintf(o, " %d", lay[i]);
            fprintf(o, "\n");
        }
    }
}

static int run(void *p, fg_arch_io *io)
{
    ldpc_opts *v = p;
    const fg_opts *g = io->given;
    fg_ldpc_arch_cfg cfg = v->cfg;
    fg_ldpc_reorder_cfg rcfg = v->rcfg;
    const int iters = v->iter, use_ebn0 = v->ebn0.n > 0;
    const int reorder = v->reorder || v->reorder_layers;
    double fclk = 815e6;
    int rc;
    if (v->fclk && (rc = fg_arch_parse_fclk(v->fclk, &fclk)))
        return rc;
    rcfg.layers = v->reorder_layers;
    rcfg.seed = v->seed;
    cfg.fx.early_term = v->et == 0;
    cfg.fx.max_iter = iters;
    cfg.forward = !v->no_forward;
    cfg.overlap = !v->no_overlap;
    cfg.mb_rows = fg_opts_given(g, &v->mb) ? v->mb[0] : cfg.fx.layers;
    if (fg_opts_given(g, &v->mb))
        cfg.mb_cols = v->mb[1];
    if (fg_opts_given(g, &v->frames) && !use_ebn0)
        return fg_set_error(FG_EINVAL, "%s needs --ebn0", fg_opts_name(g, &v->frames));
    if (fg_opts_given(g, &v->seed) && !use_ebn0 && !reorder)
        return fg_set_error(FG_EINVAL, "%s needs --reorder or --ebn0", fg_opts_name(g, &v->seed));
    if (fg_opts_given(g, &v->rcfg.restarts) && !reorder)
        return fg_set_error(FG_EINVAL, "%s needs --reorder", fg_opts_name(g, &v->rcfg.restarts));
    if (v->table) {
        if (v->code.code || use_ebn0 || io->trace)
            return fg_set_error(FG_EINVAL, "%s runs the twelve 802.11n codes: no --code, --ebn0 or --trace",
                                fg_opts_name(g, &v->table));
        fg_ldpc_code *probe;
        if ((rc = fg_ldpc_code_create("wifi-648-1/2", &probe)))
            return fg_arch_runtime(rc);
        rc = fg_ldpc_arch_cfg_check(probe, &cfg);
        fg_ldpc_code_destroy(probe);
        return rc ? cfg_error(g, v, &cfg) : run_table(cfg, fclk, iters, reorder, &rcfg, io);
    }
    if (!v->code.code)
        return fg_set_error(FG_EINVAL, "--code is required (or --table; see fecforge arch ldpc --help)");
    fg_ldpc_code *code;
    if (fg_ldpc_code_open(v->code.code, v->code.z, &code))
        return fg_prefix_error(FG_EINVAL, "--code ");
    int *col = malloc(sizeof(int) * (size_t)code->nb), *lay = malloc(sizeof(int) * (size_t)code->mb);
    result r, r0;
    if (!col || !lay)
        rc = fg_set_error(FG_ENOMEM, "out of memory");
    else if (fg_ldpc_arch_cfg_check(code, &cfg))
        rc = cfg_error(g, v, &cfg);
    /* the standard order first (the baseline of the reordering gain) */
    else if (!(rc = measure(code, &cfg, iters, 0, 0, 0, 0, NULL, io, &r0)) && reorder) {
        if ((rc = fg_ldpc_arch_reorder(code, &cfg, &rcfg, col, lay)))
            rc = fg_arch_runtime(rc);
        cfg.col_order = col;
        cfg.layer_order = rcfg.layers ? lay : NULL;
    }
    if (!rc && !(rc = measure(code, &cfg, iters, use_ebn0, use_ebn0 ? v->ebn0.v[0] : 0, v->frames, v->seed,
                              io->trace ? fg_out_stream(io->trace) : NULL, io, &r)))
        report(io, code, &cfg, &rcfg, v, fclk, reorder, col, lay, &r0, &r);
    free(col);
    free(lay);
    fg_ldpc_code_destroy(code);
    return rc;
}

const fg_family_arch fg_ldpc_arch_study = {
    .summary = "multi-layer macroblock-serial QC-LDPC decoder (thesis 3.8): cycles per iteration and\n"
               "per codeword, throughput, read-after-write stalls, Table 3.5, reordering",
    .usage = "--code NAME|FILE [--z Z] [--layers K] [--mb N1xN2] [--iter N] [--fclk HZ]\n"
             "                          [--reorder] [--reorder-layers] [--seed S] [--restarts R]\n"
             "                          [--et syndrome|none] [pipeline options] [fixed-point options]\n"
             "                          [--ebn0 X [--frames F]] [--trace FILE] [--json]\n"
             "       fecforge arch ldpc --table [--reorder] [--json] [pipeline options]",
    .about = "Cycle-accurate model of the multi-layer MB-serial LDPC decoder (thesis 3.8; docs/ldpc-architecture.md):\n"
             "K layers per macro-layer, macroblocks (MB) of N1 x N2 blocks (N1 = K), one MB per cycle in each\n"
             "of two overlapped stages, all-zero MBs skipped, LLR memory with N2 read and N2 write ports.\n"
             "Without --ebn0 the cycle counts are those of --iter iterations (data independent; with early\n"
             "termination on, the syndrome unit's timing is included but it never fires: the worst case).\n"
             "With --ebn0 the model decodes --frames noisy frames (bit-exact with the fixed-point decoder)\n"
             "and reports mean iterations, cycles and throughput.",
    .notes = "throughput_mbps counts information bits: k * fclk / (iter * cycles_per_iter) as Table 3.5 counts\n"
             "it, and k * fclk / cycles_per_codeword with load and unload (throughput_io_mbps).",
    .examples = "fecforge arch ldpc --code wifi-1944-1/2 --layers 2 --mb 2x2 --iter 15 --fclk 815e6 --et none\n"
                "fecforge arch ldpc --code wifi-1944-1/2 --reorder --json\n"
                "fecforge arch ldpc --table --reorder\n"
                "fecforge arch ldpc --code wifi-648-1/2 --ebn0 2 --frames 200",
    .trace_help = "per-cycle port trace (frame 0, or the timing run); format in\ndocs/ldpc-architecture.md",
    .parts = parts,
    .cfg_size = sizeof(ldpc_opts),
    .cfg_default = cfg_default,
    .run = run,
};
