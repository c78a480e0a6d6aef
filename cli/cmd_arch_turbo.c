/* fecforge arch turbo: the cycle-accurate parallel radix-4 XMAP HSPA+/LTE turbo decoder
 * (fecforge/turbo_arch.h, docs/turbo-architecture.md): cycles per half-iteration and per block,
 * throughput next to eq. 4.24, bank conflicts and the DBCF; one K or a table over K; trace. */
#include "cli.h"
#include "commands.h"
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char *const CMD = "arch turbo";

static void help(void)
{
    printf(
        "usage: fecforge arch turbo --std lte|umts --K N|LIST|all --parallel P --iter I [--fclk HZ] [--latency C]\n"
        "                           [--path auto|direct|dbcf] [--banks M] [--mapping xmap|xmap-xor]\n"
        "                           [--select S|all] [--fifo-depth F] [--buf-depth B]\n"
        "                           [--ebn0 X [--frames F] [--seed S] [--no-nii]] [--trace FILE] [--json]\n\n"
        "Cycle-accurate model of the multi-standard parallel turbo decoder of thesis Fig. 4.15\n"
        "(docs/turbo-architecture.md): P radix-4 XMAP SISOs (alpha and beta units crossing in the middle\n"
        "of each sub-block, then 4 extrinsic LLRs per cycle), natural-order reads (balanced scheduling),\n"
        "on-the-fly interleaver address generators, extrinsic banks written directly (LTE, contention-free\n"
        "qpp mapping) or through the DBCF network (HSPA+, and the LTE sizes the qpp mapping does not\n"
        "serve without conflicts). Cycle counts come from stepping the model.\n\n"
        "  --std S           lte or umts (HSPA+) (default lte)\n"
        "  --K N|LIST|all    block size, a list (40,1008,6144 or 40-512:8) or every size of the standard\n"
        "                    (default 6144); several sizes print one line each (sizes P does not fit skipped)\n"
        "  --parallel P      SISO decoders, [1, 64] (default 16; the thesis: LTE 16, HSPA+ 8); P fits K when\n"
        "                    every non-empty sub-block of L = 4*ceil(K/4P) positions has at least 8\n"
        "  --iter I          iterations, 0.5 to 100 in steps of 0.5 (default 5.5, the thesis)\n"
        "  --fclk HZ         clock for the throughput: 600e6, 600M, 1.2G (default 600M, the thesis)\n"
        "  --latency C       SISO pipeline latency Lmap in cycles, [1, 64] (default 6)\n"
        "  --path X          write path: auto (default: UMTS through the DBCF; LTE direct when the qpp\n"
        "                    mapping is conflict-free for K and P, else the DBCF), direct (LTE only:\n"
        "                    conflicts are counted), dbcf\n"
        "  --banks M         extrinsic banks (default 4P; UMTS: a multiple of 4P)\n"
        "  --mapping X       UMTS bank mapping: xmap-xor (default) or xmap\n"
        "  --select S|all    DBCF words admitted per bank per cycle (default 3)\n"
        "  --fifo-depth F    DBCF lane FIFO depth (default 16)\n"
        "  --buf-depth B     DBCF bank buffer depth (default 24)\n"
        "  --ebn0 X          decode --frames F (default 10) noisy codewords at Eb/N0 X dB (seed --seed,\n"
        "                    default 1) with the fixed-point datapath (default formats) and check the\n"
        "                    extrinsic memory after every half-iteration and the hard decisions against\n"
        "                    the fixed-point decoder (fecforge/turbo_fixed.h): exit 1 on any difference\n"
        "  --no-nii          with --ebn0: no next-iteration initialisation of the sub-block stakes\n"
        "  --trace FILE      per-cycle port trace of one block (one K only; with --ebn0 frame 0); format in\n"
        "                    docs/turbo-architecture.md\n"
        "  --json            one JSON object on stdout\n"
        "  -h, --help        this text\n\n"
        "throughput_mbps = K * fclk / cycles_per_block (information bits; the IAG's preprocessing of a\n"
        "new K is reported apart as preprocess_cycles); eq424_mbps is thesis eq. 4.24 with the same Lmap\n"
        "and IAG latency. Exit 1 when a word was lost or misplaced or the direct path had conflicts.\n\n"
        "examples:\n"
        "  fecforge arch turbo --std lte --K 6144 --parallel 16 --iter 5.5 --fclk 600e6\n"
        "  fecforge arch turbo --std umts --K 5114 --parallel 8 --iter 5.5 --fclk 600e6 --json\n"
        "  fecforge arch turbo --std lte --K all --parallel 16 --iter 5.5\n"
        "  fecforge arch turbo --std lte --K 40 --parallel 2 --iter 1 --trace lte40.trace\n"
        "  fecforge arch turbo --std umts --K 997 --parallel 4 --ebn0 0.8 --frames 20\n");
}

static int path_parse(const char *t, fg_turbo_arch_path *p)
{
    static const char *names[] = {"auto", "direct", "dbcf"};
    for (int i = 0; i < 3; i++)
        if (!strcmp(t, names[i])) {
            *p = (fg_turbo_arch_path)i;
            return 0;
        }
    fg_cli_usage_error(CMD, "--path=%s invalid: auto, direct or dbcf", t);
    return -1;
}

static const char *path_name(const fg_turbo_arch_geometry *g) { return g->dbcf_used ? "dbcf" : "direct"; }

/* ---- trace ---- */

typedef struct {
    FILE *f;
    int pllr, M;
} trace_ctx;

static void hex(FILE *f, long v) { fprintf(f, v < 0 ? " -%lx" : " %lx", v < 0 ? -v : v); }

static void trace_line(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    (void)a;
    trace_ctx *t = user;
    fprintf(t->f, "%lx", (unsigned long)p->cycle);
    hex(t->f, p->state);
    hex(t->f, p->half);
    hex(t->f, p->tau);
    hex(t->f, p->half_end);
    for (int l = 0; l < t->pllr; l++) {
        const int rv = p->rd_valid_L[l], ov = p->out_valid_L[l];
        const int iv = p->iag_L[l].valid && !p->iag_L[l].err;
        hex(t->f, rv);
        hex(t->f, rv ? p->rd_pos_L[l] : 0);
        hex(t->f, rv ? p->rd_bank_L[l] : 0);
        hex(t->f, rv ? p->rd_row_L[l] : 0);
        hex(t->f, ov);
        hex(t->f, ov ? p->out_x_L[l] : 0);
        hex(t->f, ov ? p->out_llr_L[l] : 0);
        hex(t->f, iv);
        hex(t->f, iv ? p->iag_L[l].addr : 0);
    }
    for (int b = 0; b < t->M; b++) {
        const int wv = p->wr_M[b].valid;
        hex(t->f, wv);
        hex(t->f, wv ? p->wr_M[b].row : 0);
        hex(t->f, wv ? p->wr_M[b].data : 0);
    }
    fputc('\n', t->f);
}

static void trace_header(FILE *f, const fg_turbo_arch_cfg *c, const fg_turbo_arch_geometry *g)
{
    fprintf(f, "# fecforge %s (git %s) arch turbo trace: std=%s K=%d P=%d pllr=%d L=%d C0=%d half_iters=%d "
               "siso_latency=%d iag_latency=%d path=%s mapping=%s banks=%d depth=%d\n",
            fg_version(), fg_git_hash(), fg_std_name(c->std), c->K, c->P, g->pllr, g->L, g->C0, c->half_iters,
            g->siso_latency, g->iag_latency, path_name(g), g->mapping, g->banks, g->depth);
    fprintf(f, "# per cycle (hex, negative values with a leading -): cycle state half tau half_end");
    for (int l = 0; l < g->pllr; l++)
        fprintf(f, " rd_valid[%d] rd_pos[%d] rd_bank[%d] rd_row[%d] out_valid[%d] out_x[%d] out_llr[%d] "
                   "wa_valid[%d] wa_addr[%d]", l, l, l, l, l, l, l, l, l);
    for (int b = 0; b < g->banks; b++)
        fprintf(f, " wr_valid[%d] wr_row[%d] wr_data[%d]", b, b, b);
    fputc('\n', f);
}

/* ---- one configuration ---- */

/* --ebn0: decode noisy frames with the fixed-point datapath. */
typedef struct {
    int use;
    double ebn0;
    int frames, nii;
    uint64_t seed;
} data_opts;

typedef struct {
    fg_turbo_arch_result r;
    long qpp_conflicts; /* LTE: of the qpp mapping, from the address tables; -1 for UMTS */
    double mbps, eq424_mbps;
    int lost;           /* words lost or misplaced, or direct-path conflicts */
    int frames, frame_errors, mismatched_frames; /* --ebn0 */
    long bit_errors;
} measured;

/* The fixed-point decoder's extrinsics after every half-iteration (in its SISO order). */
typedef struct {
    int K;
    int32_t *ext; /* half_iters x K */
} ref_rec;

static void ref_observe(void *user, const fg_turbo_fixed_obs *o)
{
    ref_rec *r = user;
    memcpy(r->ext + (size_t)o->half_iter * (size_t)r->K, o->ext_K, sizeof *r->ext * (size_t)r->K);
}

/* Per cycle: the trace line (if tracing) and, at the end of each half-iteration, the comparison
 * of the extrinsic banks with the decoder (SISO 1 wrote bit j at pi^-1(j), SISO 2 position k at pi(k)). */
typedef struct {
    trace_ctx *tc;
    const ref_rec *ref;
    const int32_t *pi, *inv;
    int32_t *mem;
    long diff;
} run_ctx;

static void run_observe(void *user, const fg_turbo_arch *a, const fg_turbo_arch_ports *p)
{
    run_ctx *c = user;
    if (c->tc)
        trace_line(c->tc, a, p);
    if (!c->ref || !p->half_end)
        return;
    const int K = c->ref->K, h = p->half;
    const int32_t *e = c->ref->ext + (size_t)h * (size_t)K;
    fg_turbo_arch_extrinsic(a, c->mem);
    for (int j = 0; j < K; j++)
        c->diff += e[j] != c->mem[(h & 1) ? c->pi[j] : c->inv[j]];
}

/* --ebn0: frame f's quantised channel LLRs and its information bits. */
static int make_frame(const fg_turbo_arch_cfg *c, const data_opts *d, int f, uint8_t *u, uint8_t *cw, double *y,
                      int32_t *q)
{
    const int K = c->K, N = 3 * K + FG_TURBO_TAIL;
    double sigma;
    if (fg_channel_random_bits(K, d->seed, (uint64_t)f, u) || fg_turbo_encode(c->std, K, u, cw) ||
        fg_channel_sigma(d->ebn0, (double)K / N, &sigma) ||
        fg_channel_bpsk_awgn(cw, N, sigma, d->seed, (uint64_t)f, y) || fg_channel_llr(y, N, sigma, y) ||
        fg_llr_quantize(y, N, c->fmt.w_ch, c->fmt.f_ch, q))
        return -1;
    return 0;
}

static int measure(const fg_turbo_arch_cfg *c0, const data_opts *d, double fclk, const char *trace_path, measured *m)
{
    fg_turbo_arch_cfg cfg = *c0;
    const fg_turbo_arch_cfg *c = &cfg;
    if (d->use) {
        cfg.data = FG_TURBO_ARCH_DATA_FIXED;
        cfg.nii = d->nii;
    }
    memset(m, 0, sizeof *m);
    fg_turbo_arch *a;
    if (fg_turbo_arch_create(c, &a))
        return fg_cli_usage_error(CMD, "%s", fg_last_error());
    const int K = c->K, N = 3 * K + FG_TURBO_TAIL;
    int rc = 0;
    FILE *tf = NULL;
    fg_out *to = NULL;
    trace_ctx tc = {NULL, 0, 0};
    run_ctx rx = {NULL, NULL, NULL, NULL, NULL, 0};
    ref_rec ref = {K, NULL};
    fg_turbo_fixed *dec = NULL;
    uint8_t *u = NULL, *cw = NULL, *bits = NULL, *bits_ref = NULL;
    double *y = NULL;
    int32_t *q = NULL, *pi = NULL, *inv = NULL;
    if (trace_path) {
        fg_turbo_arch_geometry g;
        fg_turbo_arch_get_geometry(a, &g);
        if (!(to = fg_cli_out_open(CMD, "trace", trace_path))) {
            fg_turbo_arch_destroy(a);
            return FG_EXIT_USAGE;
        }
        tf = fg_out_stream(to);
        trace_header(tf, c, &g);
        tc = (trace_ctx){tf, g.pllr, g.banks};
        rx.tc = &tc;
    }
    if (!d->use) {
        if (fg_turbo_arch_run(a, run_observe, &rx, &m->r))
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
    } else {
        fg_turbo_fixed_cfg fc = fg_turbo_fixed_cfg_default();
        fc.fmt = c->fmt;
        fc.P = c->P;
        fc.nii = d->nii;
        fc.half_iters = c->half_iters;
        fc.observer = ref_observe;
        fc.observer_user = &ref;
        u = malloc((size_t)K);
        bits = malloc((size_t)K);
        bits_ref = malloc((size_t)K);
        cw = malloc((size_t)N);
        y = malloc(sizeof *y * (size_t)N);
        q = malloc(sizeof *q * (size_t)N);
        pi = malloc(sizeof *pi * (size_t)K);
        inv = malloc(sizeof *inv * (size_t)K);
        rx.mem = malloc(sizeof *rx.mem * (size_t)K);
        ref.ext = malloc(sizeof *ref.ext * (size_t)K * (size_t)c->half_iters);
        if (!u || !bits || !bits_ref || !cw || !y || !q || !pi || !inv || !rx.mem || !ref.ext)
            rc = fg_cli_fail(CMD, "out of memory (K=%d)", K);
        else if (fg_interleaver_table(c->std, K, pi) || fg_turbo_fixed_create(c->std, K, &fc, &dec))
            rc = fg_cli_fail(CMD, "%s", fg_last_error());
        if (!rc) {
            fg_permutation_invert(K, pi, inv);
            rx.ref = &ref;
            rx.pi = pi;
            rx.inv = inv;
        }
        for (int f = 0; f < d->frames && !rc; f++) {
            rx.diff = 0;
            rx.tc = f == 0 && tf ? &tc : NULL;
            fg_turbo_arch_result r;
            if (make_frame(c, d, f, u, cw, y, q) || fg_turbo_fixed_decode(dec, q, bits_ref, NULL) ||
                fg_turbo_arch_load(a, q) || fg_turbo_arch_run(a, run_observe, &rx, &r)) {
                rc = fg_cli_fail(CMD, "frame %d: %s", f, fg_last_error());
                break;
            }
            if (f == 0)
                m->r = r;
            fg_turbo_arch_hard(a, bits);
            long be = 0;
            for (int k = 0; k < K; k++)
                be += bits[k] != u[k];
            m->bit_errors += be;
            m->frame_errors += be > 0;
            m->mismatched_frames += rx.diff > 0 || memcmp(bits, bits_ref, (size_t)K) != 0;
            m->frames++;
            if (d->frames > 20)
                fg_cli_progress("arch turbo", "frames", f + 1, d->frames);
        }
        fg_cli_progress_done();
    }
    m->qpp_conflicts = -1;
    if (!rc && c->std == FG_STD_LTE && fg_turbo_arch_lte_conflicts(c->K, c->P, &m->qpp_conflicts))
        rc = fg_cli_fail(CMD, "%s", fg_last_error());
    if (fg_cli_out_close(CMD, to, rc == 0) && !rc)
        rc = FG_EXIT_FAIL;
    fg_turbo_fixed_destroy(dec);
    fg_turbo_arch_destroy(a);
    free(u);
    free(cw);
    free(bits);
    free(bits_ref);
    free(y);
    free(q);
    free(pi);
    free(inv);
    free(rx.mem);
    free(ref.ext);
    if (rc)
        return rc;
    const fg_turbo_arch_result *r = &m->r;
    m->mbps = c->K * fclk / (double)r->cycles_decode / 1e6;
    m->eq424_mbps = fg_turbo_arch_eq424(c->K, c->P, c->half_iters, r->geo.siso_latency, r->geo.iag_latency, fclk) / 1e6;
    m->lost = r->overflow || r->misplaced || r->read_errors || r->iag_errs || r->read_conflicts || r->write_conflicts ||
              m->mismatched_frames;
    return 0;
}

static void json_result(fg_json *j, const fg_turbo_arch_cfg *c, const measured *m)
{
    const fg_turbo_arch_result *r = &m->r;
    fg_json_int(j, "K", c->K);
    fg_json_int(j, "L", r->geo.L);
    fg_json_int(j, "C0", r->geo.C0);
    fg_json_int(j, "active_sisos", r->geo.active);
    fg_json_str(j, "path", path_name(&r->geo));
    fg_json_str(j, "mapping", r->geo.mapping);
    fg_json_int(j, "banks", r->geo.banks);
    fg_json_int(j, "bank_depth", r->geo.depth);
    fg_json_num(j, "cycles_per_halfiter", r->cycles_per_halfiter);
    fg_json_int(j, "cycles_halfiter_interleave", r->cycles_half[0]);
    fg_json_int(j, "cycles_halfiter_deinterleave", r->cycles_half[1]);
    fg_json_num(j, "cycles_per_iter", r->cycles_per_iter);
    fg_json_int(j, "cycles_per_block", r->cycles_decode);
    fg_json_int(j, "preprocess_cycles", r->preprocess_cycles);
    fg_json_int(j, "cycles_total", r->cycles_total);
    fg_json_num(j, "throughput_mbps", m->mbps);
    fg_json_num(j, "eq424_mbps", m->eq424_mbps);
    fg_json_int(j, "dbcf_extra_max", r->dC_max);
    fg_json_int(j, "dbcf_extra_total", r->dC_total);
    if (m->qpp_conflicts >= 0)
        fg_json_int(j, "qpp_conflicts", m->qpp_conflicts);
    fg_json_int(j, "read_conflicts", r->read_conflicts);
    fg_json_int(j, "write_conflicts", r->write_conflicts);
    fg_json_int(j, "write_conflict_cycles", r->write_conflict_cycles);
    fg_json_int(j, "overflow", r->overflow);
    fg_json_int(j, "max_fifo", r->max_fifo);
    fg_json_int(j, "max_buf", r->max_buf);
    fg_json_int(j, "misplaced", r->misplaced);
    fg_json_int(j, "read_errors", r->read_errors);
    fg_json_int(j, "iag_errs", r->iag_errs);
    if (m->frames) {
        fg_json_int(j, "frames", m->frames);
        fg_json_int(j, "frame_errors", m->frame_errors);
        fg_json_int(j, "bit_errors", m->bit_errors);
        fg_json_int(j, "mismatched_frames", m->mismatched_frames);
        fg_json_bool(j, "bit_exact", m->mismatched_frames == 0);
    }
}

static void json_cfg(fg_json *j, const fg_turbo_arch_cfg *c, const data_opts *d, double fclk)
{
    if (d->use) {
        fg_json_num(j, "ebn0_db", d->ebn0);
        fg_json_bool(j, "nii", d->nii);
    }
    fg_json_str(j, "std", fg_std_name(c->std));
    fg_json_int(j, "P", c->P);
    fg_json_int(j, "pllr", 4 * c->P);
    fg_json_int(j, "half_iters", c->half_iters);
    fg_json_num(j, "iterations", c->half_iters / 2.0);
    fg_json_num(j, "fclk_hz", fclk);
    fg_json_int(j, "siso_latency", c->siso_latency);
    fg_json_int(j, "iag_latency", c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
    fg_json_str(j, "path_option", c->path == FG_TURBO_ARCH_PATH_DIRECT ? "direct"
                                  : c->path == FG_TURBO_ARCH_PATH_DBCF ? "dbcf" : "auto");
    fg_json_obj_open(j, "dbcf");
    fg_json_int(j, "select", c->dbcf.select);
    fg_json_int(j, "fifo_depth", c->dbcf.fifo_depth);
    fg_json_int(j, "buf_depth", c->dbcf.buf_depth);
    fg_json_obj_close(j);
}

static void print_one(const fg_turbo_arch_cfg *c, double fclk, const measured *m)
{
    const fg_turbo_arch_result *r = &m->r;
    const fg_turbo_arch_geometry *g = &r->geo;
    printf("parallel turbo decoder: %s K=%d, P=%d SISOs (PLLR %d, %d active), L=%d, C0=%d, %d half-iterations "
           "(%.1f iterations), fclk %.1f MHz\n", c->std == FG_STD_LTE ? "LTE" : "HSPA+", c->K, c->P, g->pllr,
           g->active, g->L, g->C0, c->half_iters, c->half_iters / 2.0, fclk / 1e6);
    printf("write path %s, mapping %s, %d extrinsic banks x %d rows; SISO latency %d, IAG latency %d",
           path_name(g), g->mapping, g->banks, g->depth, g->siso_latency, g->iag_latency);
    if (g->dbcf_used)
        printf("; DBCF S %d, F %d, B %d", c->dbcf.select, c->dbcf.fifo_depth, c->dbcf.buf_depth);
    printf("\n");
    printf("  cycles_per_halfiter   %.2f (interleave %ld, deinterleave %ld; 2*C0+Lmap+Liag = %d)\n",
           r->cycles_per_halfiter, r->cycles_half[0], r->cycles_half[1], 2 * g->C0 + g->siso_latency + g->iag_latency);
    printf("  cycles_per_iter       %.2f\n", r->cycles_per_iter);
    printf("  cycles_per_block      %ld\n", r->cycles_decode);
    printf("  preprocess_cycles     %ld (IAG, once per new K)\n", r->preprocess_cycles);
    printf("  throughput_mbps       %.1f (K*fclk/cycles_per_block)\n", m->mbps);
    printf("  eq424_mbps            %.1f (thesis eq. 4.24, Lmap %d, Linterleaver %d)\n", m->eq424_mbps,
           g->siso_latency, g->iag_latency);
    printf("  DBCF extra cycles     max %d per half-iteration, %ld per block\n", r->dC_max, r->dC_total);
    if (m->qpp_conflicts >= 0)
        printf("  qpp mapping conflicts %ld (bank-cycles with >= 2 writes, both directions)\n", m->qpp_conflicts);
    printf("  conflicts: read %ld, direct-path write %ld in %ld cycles; DBCF overflow %ld, max FIFO %d, max buffer "
           "%d\n", r->read_conflicts, r->write_conflicts, r->write_conflict_cycles, r->overflow, r->max_fifo, r->max_buf);
    printf("  checks: misplaced %ld, read errors %ld, IAG errors %ld\n", r->misplaced, r->read_errors, r->iag_errs);
    if (m->frames)
        printf("  %d frames: %d frame errors, %ld bit errors; extrinsics and decisions %s the fixed-point decoder "
               "(%d frames differ)\n", m->frames, m->frame_errors, m->bit_errors,
               m->mismatched_frames ? "DIFFER from" : "equal to", m->mismatched_frames);
}

int fg_cmd_arch_turbo(int argc, char **argv)
{
    enum { O_STD = 256, O_K, O_PAR, O_ITER, O_FCLK, O_LAT, O_PATH, O_BANKS, O_MAP, O_SEL, O_FIFO, O_BUF, O_TRACE,
           O_JSON, O_EBN0, O_FRAMES, O_SEED, O_NONII };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},        {"K", required_argument, NULL, O_K},
        {"parallel", required_argument, NULL, O_PAR},   {"iter", required_argument, NULL, O_ITER},
        {"fclk", required_argument, NULL, O_FCLK},      {"latency", required_argument, NULL, O_LAT},
        {"path", required_argument, NULL, O_PATH},      {"banks", required_argument, NULL, O_BANKS},
        {"mapping", required_argument, NULL, O_MAP},    {"select", required_argument, NULL, O_SEL},
        {"fifo-depth", required_argument, NULL, O_FIFO}, {"buf-depth", required_argument, NULL, O_BUF},
        {"trace", required_argument, NULL, O_TRACE},    {"json", no_argument, NULL, O_JSON},
        {"ebn0", required_argument, NULL, O_EBN0},      {"frames", required_argument, NULL, O_FRAMES},
        {"seed", required_argument, NULL, O_SEED},      {"no-nii", no_argument, NULL, O_NONII},
        {"help", no_argument, NULL, 'h'},               {NULL, 0, NULL, 0}};
    fg_turbo_arch_cfg cfg = fg_turbo_arch_cfg_default();
    const char *K_text = "6144", *trace = NULL;
    double fclk = 600e6;
    int json = 0, c, seed = 1, data_only = 0;
    data_opts dat = {0, 0.0, 10, 1, 1};
    optind = 1;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'h': help(); return FG_EXIT_OK;
        case O_STD:
            if (fg_std_parse(optarg, &cfg.std))
                return fg_cli_usage_error(CMD, "--std=%s invalid: lte or umts", optarg);
            break;
        case O_K: K_text = optarg; break;
        case O_PAR:
            if (fg_cli_int(CMD, "parallel", optarg, 1, FG_TURBO_ARCH_P_MAX, &cfg.P))
                return FG_EXIT_USAGE;
            break;
        case O_ITER:
            if (fg_turbo_arch_parse_iter(optarg, &cfg.half_iters))
                return fg_cli_usage_error(CMD, "--%s", fg_last_error());
            break;
        case O_FCLK:
            if (fg_cli_fclk(CMD, optarg, &fclk))
                return FG_EXIT_USAGE;
            break;
        case O_LAT:
            if (fg_cli_int(CMD, "latency", optarg, 1, FG_TURBO_ARCH_LATENCY_MAX, &cfg.siso_latency))
                return FG_EXIT_USAGE;
            break;
        case O_PATH:
            if (path_parse(optarg, &cfg.path))
                return FG_EXIT_USAGE;
            break;
        case O_BANKS:
            if (fg_cli_int(CMD, "banks", optarg, 1, 4096, &cfg.banks))
                return FG_EXIT_USAGE;
            break;
        case O_MAP:
            if (fg_bank_mapping_parse(optarg, &cfg.umts_mapping))
                return fg_cli_usage_error(CMD, "--%s", fg_last_error());
            break;
        case O_SEL:
            if (!strcmp(optarg, "all"))
                cfg.dbcf.select = FG_DBCF_SELECT_ALL;
            else if (fg_cli_int(CMD, "select", optarg, 1, 2 * FG_IAG_LANES_MAX, &cfg.dbcf.select))
                return FG_EXIT_USAGE;
            break;
        case O_FIFO:
            if (fg_cli_int(CMD, "fifo-depth", optarg, 0, FG_DBCF_DEPTH_MAX, &cfg.dbcf.fifo_depth))
                return FG_EXIT_USAGE;
            break;
        case O_BUF:
            if (fg_cli_int(CMD, "buf-depth", optarg, 0, FG_DBCF_DEPTH_MAX, &cfg.dbcf.buf_depth))
                return FG_EXIT_USAGE;
            break;
        case O_TRACE: trace = optarg; break;
        case O_JSON: json = 1; break;
        case O_EBN0: {
            char *end;
            dat.ebn0 = strtod(optarg, &end);
            if (end == optarg || *end || !(dat.ebn0 >= -10 && dat.ebn0 <= 30))
                return fg_cli_usage_error(CMD, "--ebn0=%s invalid: expected a number of dB in [-10, 30]", optarg);
            dat.use = 1;
            break;
        }
        case O_FRAMES:
            if (fg_cli_int(CMD, "frames", optarg, 1, 10000000, &dat.frames))
                return FG_EXIT_USAGE;
            data_only = 1;
            break;
        case O_SEED:
            if (fg_cli_int(CMD, "seed", optarg, 0, 2147483647, &seed))
                return FG_EXIT_USAGE;
            dat.seed = (uint64_t)seed;
            data_only = 1;
            break;
        case O_NONII:
            dat.nii = 0;
            data_only = 1;
            break;
        default: return fg_cli_usage_error(CMD, "unknown option (see fecforge arch turbo --help)");
        }
    }
    if (optind < argc)
        return fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!dat.use && data_only)
        return fg_cli_usage_error(CMD, "--frames, --seed and --no-nii need --ebn0");
    int *K_n = NULL, n = 0;
    if (fg_cli_k_set(CMD, cfg.std, K_text, &K_n, &n))
        return FG_EXIT_USAGE;
    if (trace && n != 1) {
        free(K_n);
        return fg_cli_usage_error(CMD, "--trace needs a single --K (got %d sizes)", n);
    }
    /* Check every size's configuration before running any, so a usage error comes first. In a set of
     * sizes, those P does not fit are skipped (and counted). */
    int skipped = 0;
    for (int i = 0; i < n; i++) {
        cfg.K = K_n[i];
        if (n > 1 && !fg_turbo_arch_p_fits(cfg.K, cfg.P)) {
            skipped++;
            continue;
        }
        if (fg_turbo_arch_cfg_check(&cfg)) {
            free(K_n);
            return fg_cli_usage_error(CMD, "%s", fg_last_error());
        }
    }
    int rc = 0, lost = 0;
    if (n == 1) {
        measured m;
        cfg.K = K_n[0];
        if (!(rc = measure(&cfg, &dat, fclk, trace, &m))) {
            lost = m.lost;
            if (json) {
                fg_json j;
                fg_json_begin(&j, stdout);
                fg_json_obj_open(&j, NULL);
                fg_json_provenance(&j, dat.use ? seed : -1);
                json_cfg(&j, &cfg, &dat, fclk);
                json_result(&j, &cfg, &m);
                fg_json_obj_close(&j);
                fg_json_end(&j);
            } else {
                print_one(&cfg, fclk, &m);
            }
        }
        free(K_n);
        return rc ? rc : lost ? FG_EXIT_FAIL : FG_EXIT_OK;
    }
    fg_json j;
    if (json) {
        fg_json_begin(&j, stdout);
        fg_json_obj_open(&j, NULL);
        fg_json_provenance(&j, dat.use ? seed : -1);
        json_cfg(&j, &cfg, &dat, fclk);
        fg_json_arr_open(&j, "sizes");
    } else {
        printf("parallel turbo decoder: %s, P=%d, %.1f iterations, fclk %.1f MHz, SISO latency %d\n",
               cfg.std == FG_STD_LTE ? "LTE" : "HSPA+", cfg.P, cfg.half_iters / 2.0, fclk / 1e6, cfg.siso_latency);
        printf("%6s %5s %4s %6s %9s %8s %4s %9s %9s %9s %8s\n", "K", "L", "C0", "path", "qpp_conf", "cyc/half",
               "dC", "cyc/block", "Mbps", "eq424", "overflow");
    }
    int n_dbcf = 0, worst_dC = 0, worst_K = 0;
    long overflow = 0;
    double min_mbps = 1e300;
    for (int i = 0; i < n && !rc; i++) {
        measured m;
        cfg.K = K_n[i];
        if (!fg_turbo_arch_p_fits(cfg.K, cfg.P))
            continue;
        if ((rc = measure(&cfg, &dat, fclk, NULL, &m)))
            break;
        const fg_turbo_arch_result *r = &m.r;
        lost |= m.lost;
        n_dbcf += r->geo.dbcf_used;
        overflow += r->overflow;
        if (r->dC_max > worst_dC) {
            worst_dC = r->dC_max;
            worst_K = cfg.K;
        }
        min_mbps = m.mbps < min_mbps ? m.mbps : min_mbps;
        if (json) {
            fg_json_obj_open(&j, NULL);
            j.pretty = 0;
            json_result(&j, &cfg, &m);
            fg_json_obj_close(&j);
            j.pretty = 1;
        } else {
            printf("%6d %5d %4d %6s %9ld %8.1f %4d %9ld %9.1f %9.1f %8ld\n", cfg.K, r->geo.L, r->geo.C0,
                   path_name(&r->geo), m.qpp_conflicts, r->cycles_per_halfiter, r->dC_max, r->cycles_decode, m.mbps,
                   m.eq424_mbps, r->overflow);
        }
        if (n > 20)
            fg_cli_progress("arch turbo", "block sizes", i + 1, n);
    }
    fg_cli_progress_done();
    if (!rc) {
        if (json) {
            fg_json_arr_close(&j);
            fg_json_int(&j, "n_sizes", n - skipped);
            fg_json_int(&j, "skipped_sizes", skipped);
            fg_json_int(&j, "dbcf_sizes", n_dbcf);
            fg_json_int(&j, "worst_dbcf_extra", worst_dC);
            fg_json_int(&j, "worst_dbcf_extra_K", worst_K);
            fg_json_int(&j, "overflow", overflow);
            fg_json_num(&j, "min_throughput_mbps", min_mbps);
            fg_json_bool(&j, "lossless", !lost);
            fg_json_obj_close(&j);
            fg_json_end(&j);
        } else {
            printf("%d sizes (%d that P does not fit skipped): %d through the DBCF (worst extra %d cycles per "
                   "half-iteration at K=%d), %ld words lost, lowest throughput %.1f Mbps\n", n - skipped, skipped,
                   n_dbcf, worst_dC, worst_K, overflow, min_mbps);
        }
    }
    free(K_n);
    return rc ? rc : lost ? FG_EXIT_FAIL : FG_EXIT_OK;
}
