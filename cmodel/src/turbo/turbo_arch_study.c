/* `fecforge arch turbo` (fecforge/arch.h): the cycle-accurate parallel radix-4 XMAP HSPA+/LTE turbo decoder
 * (fecforge/turbo_arch.h, docs/turbo-architecture.md): cycles per half-iteration and per block, throughput
 * next to eq. 4.24, bank conflicts and the DBCF; one K or a table over K; noisy frames checked against the
 * fixed-point decoder; trace. */
#include "fecforge/arch.h"

#include "fecforge/channel.h"
#include "fecforge/dbcf.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/turbo_arch.h"
#include "fecforge/turbo_fixed.h"

#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    fg_channel_point pt;
    fg_frame fr = {.llr = y, .llr_q = q};
    int rc;
    if ((rc = fg_channel_random_bits(K, d->seed, (uint64_t)f, u)) || (rc = fg_turbo_encode(c->std, K, u, cw)) ||
        (rc = fg_channel_point_at(&fg_channel_awgn, NULL, d->ebn0, (double)K / N, &pt)) ||
        (rc = fg_channel_awgn.transmit(&pt, cw, N, N, d->seed, f, c->fmt.w_ch, c->fmt.f_ch, &fr)))
        return rc;
    return 0;
}

/* The design can run c->K: P fits it, or the design (paths shared, fit) picks fewer SISOs (fg_turbo_arch_resolve). */
static int runs(const fg_turbo_arch_cfg *c)
{
    return c->path == FG_TURBO_ARCH_PATH_SHARED || c->path == FG_TURBO_ARCH_PATH_FIT || fg_turbo_arch_p_fits(c->K, c->P);
}

/* tf: the --trace stream, or NULL. */
static int measure(const fg_turbo_arch_cfg *c0, const data_opts *d, double fclk, FILE *tf, fg_arch_io *io,
                   measured *m)
{
    fg_turbo_arch_cfg cfg; /* the configuration this K runs (path shared: chosen per K) */
    const fg_turbo_arch_cfg *c = &cfg;
    int rc = fg_turbo_arch_resolve(c0, &cfg);
    if (rc)
        return rc;
    if (d->use) {
        cfg.data = FG_TURBO_ARCH_DATA_FIXED;
        cfg.nii = d->nii;
    }
    memset(m, 0, sizeof *m);
    fg_turbo_arch *a;
    if ((rc = fg_turbo_arch_create(c, &a)))
        return rc;
    const int K = c->K, N = 3 * K + FG_TURBO_TAIL;
    trace_ctx tc = {NULL, 0, 0};
    run_ctx rx = {NULL, NULL, NULL, NULL, NULL, 0};
    ref_rec ref = {K, NULL};
    fg_turbo_fixed *dec = NULL;
    uint8_t *u = NULL, *cw = NULL, *bits = NULL, *bits_ref = NULL;
    double *y = NULL;
    int32_t *q = NULL, *pi = NULL, *inv = NULL;
    if (tf) {
        fg_turbo_arch_geometry g;
        fg_turbo_arch_get_geometry(a, &g);
        trace_header(tf, c, &g);
        tc = (trace_ctx){tf, g.pllr, g.banks};
        rx.tc = &tc;
    }
    if (!d->use) {
        if ((rc = fg_turbo_arch_run(a, run_observe, &rx, &m->r)))
            rc = fg_arch_runtime(rc);
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
            rc = fg_set_error(FG_ENOMEM, "out of memory (K=%d)", K);
        else if ((rc = fg_interleaver_table(c->std, K, pi)) || (rc = fg_turbo_fixed_create(c->std, K, &fc, &dec)))
            rc = fg_arch_runtime(rc);
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
            if ((rc = make_frame(c, d, f, u, cw, y, q)) || (rc = fg_turbo_fixed_decode(dec, q, bits_ref, NULL)) ||
                (rc = fg_turbo_arch_load(a, q)) || (rc = fg_turbo_arch_run(a, run_observe, &rx, &r))) {
                rc = fg_prefix_error(fg_arch_runtime(rc), "frame %d: ", f);
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
            if (d->frames > 20 && io->progress)
                io->progress(io->progress_ctx, "frames", f + 1, d->frames);
        }
    }
    m->qpp_conflicts = -1;
    if (!rc && c->std == FG_STD_LTE && (rc = fg_turbo_arch_lte_conflicts(c->K, c->P, &m->qpp_conflicts)))
        rc = fg_arch_runtime(rc);
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
    fg_json_int(j, "P_run", r->geo.P);
    fg_json_int(j, "L", r->geo.L);
    fg_json_int(j, "C0", r->geo.C0);
    fg_json_int(j, "active_sisos", r->geo.active);
    fg_json_str(j, "path_run", path_name(&r->geo));
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

/* The DBCF network's options of the write path (fg_dbcf_options; PLLR and banks come from P and --banks). */
static fg_opt dbcf_tbl[4];

static void json_cfg(fg_json *j, const fg_turbo_arch_cfg *c, const data_opts *d, double fclk)
{
    if (d->use) {
        fg_json_num(j, "ebn0", d->ebn0);
        fg_json_bool(j, "nii", d->nii);
    }
    fg_json_str(j, "std", fg_std_name(c->std));
    fg_json_int(j, "parallel", c->P);
    fg_json_int(j, "pllr", 4 * c->P);
    fg_json_int(j, "half_iterations", c->half_iters);
    fg_json_num(j, "iter", c->half_iters / 2.0);
    fg_json_num(j, "fclk", fclk);
    fg_json_int(j, "latency", c->siso_latency);
    fg_json_int(j, "iag_latency", c->std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE);
    fg_json_str(j, "path", c->path == FG_TURBO_ARCH_PATH_DIRECT   ? "direct"
                                  : c->path == FG_TURBO_ARCH_PATH_DBCF   ? "dbcf"
                                  : c->path == FG_TURBO_ARCH_PATH_SHARED ? "shared"
                                  : c->path == FG_TURBO_ARCH_PATH_FIT    ? "fit"
                                                                         : "auto");
    if (c->path == FG_TURBO_ARCH_PATH_SHARED)
        fg_json_int(j, "umts_parallel", fg_turbo_arch_umts_P(c));
    fg_json_obj_open(j, "dbcf");
    fg_opts_write_json(&(fg_opts){.groups = &(fg_opt_group){NULL, dbcf_tbl, (void *)&c->dbcf}, .n_groups = 1}, j);
    fg_json_obj_close(j);
}

static void print_one(FILE *o, const fg_turbo_arch_cfg *c, double fclk, const measured *m)
{
    const fg_turbo_arch_result *r = &m->r;
    const fg_turbo_arch_geometry *g = &r->geo;
    fprintf(o, "parallel turbo decoder: %s K=%d, P=%d SISOs (PLLR %d, %d active), L=%d, C0=%d, %d half-iterations "
           "(%.1f iterations), fclk %.1f MHz\n", c->std == FG_STD_LTE ? "LTE" : "HSPA+", c->K, g->P, g->pllr,
           g->active, g->L, g->C0, c->half_iters, c->half_iters / 2.0, fclk / 1e6);
    fprintf(o, "write path %s, mapping %s, %d extrinsic banks x %d rows; SISO latency %d, IAG latency %d",
           path_name(g), g->mapping, g->banks, g->depth, g->siso_latency, g->iag_latency);
    if (g->dbcf_used)
        fprintf(o, "; DBCF S %d, F %d, B %d", c->dbcf.select, c->dbcf.fifo_depth, c->dbcf.buf_depth);
    fprintf(o, "\n");
    fprintf(o, "  cycles_per_halfiter   %.2f (interleave %ld, deinterleave %ld; 2*C0+Lmap+Liag = %d)\n",
           r->cycles_per_halfiter, r->cycles_half[0], r->cycles_half[1], 2 * g->C0 + g->siso_latency + g->iag_latency);
    fprintf(o, "  cycles_per_iter       %.2f\n", r->cycles_per_iter);
    fprintf(o, "  cycles_per_block      %ld\n", r->cycles_decode);
    fprintf(o, "  preprocess_cycles     %ld (IAG, once per new K)\n", r->preprocess_cycles);
    fprintf(o, "  throughput_mbps       %.1f (K*fclk/cycles_per_block)\n", m->mbps);
    fprintf(o, "  eq424_mbps            %.1f (thesis eq. 4.24, Lmap %d, Linterleaver %d)\n", m->eq424_mbps,
           g->siso_latency, g->iag_latency);
    fprintf(o, "  DBCF extra cycles     max %d per half-iteration, %ld per block\n", r->dC_max, r->dC_total);
    if (m->qpp_conflicts >= 0)
        fprintf(o, "  qpp mapping conflicts %ld (bank-cycles with >= 2 writes, both directions)\n", m->qpp_conflicts);
    fprintf(o, "  conflicts: read %ld, direct-path write %ld in %ld cycles; DBCF overflow %ld, max FIFO %d, max buffer "
           "%d\n", r->read_conflicts, r->write_conflicts, r->write_conflict_cycles, r->overflow, r->max_fifo, r->max_buf);
    fprintf(o, "  checks: misplaced %ld, read errors %ld, IAG errors %ld\n", r->misplaced, r->read_errors, r->iag_errs);
    if (m->frames)
        fprintf(o, "  %d frames: %d frame errors, %ld bit errors; extrinsics and decisions %s the fixed-point decoder "
               "(%d frames differ)\n", m->frames, m->frame_errors, m->bit_errors,
               m->mismatched_frames ? "DIFFER from" : "equal to", m->mismatched_frames);
}

typedef struct {
    fg_turbo_arch_cfg cfg;
    fg_opt_ints K;
    fg_opt_reals ebn0;
    char *fclk;
    int frames, nii;
    uint64_t seed;
} turbo_opts;

/* --iter: iterations in steps of 0.5, into half-iterations. */
static int parse_iter(const char *text, void *field)
{
    if (fg_turbo_arch_parse_iter(text, field))
        return fg_set_error(FG_EINVAL, "iterations in [0.5, %d] in steps of 0.5 (5.5 is legal)",
                            FG_TURBO_ARCH_HALF_MAX / 2);
    return 0;
}

static void print_iter(const void *field, char *buf, size_t n) { snprintf(buf, n, "%g", *(const int *)field / 2.0); }

/* a CHOICE stores an int: the enum fields it sets must be ints */
_Static_assert(sizeof(fg_std) == sizeof(int) && sizeof(fg_turbo_arch_path) == sizeof(int) &&
                   sizeof(fg_bank_mapping) == sizeof(int),
               "CHOICE fields of fg_turbo_arch_cfg");

#define O(f) offsetof(turbo_opts, f)
static const fg_opt turbo_opts_tbl[] = {
    {"std", 0, FG_OPT_CHOICE, O(cfg.std), .words = FG_STD_WORDS, .meta = "S", .help = "the standard (umts: HSPA+)"},
    {"K", 0, FG_OPT_INTS, O(K), 1, FG_K_MAX, .words = "all", .def_text = "the largest of the standard: 6144 (lte), 5114 (umts)",
     .meta = "N|LIST|all",
     .help = "block size, a list (40,1008,6144 or 40-512:8) or every size of the standard;\n"
             "several sizes print one line each (sizes P does not fit skipped)"},
    {"parallel", 0, FG_OPT_INT, O(cfg.P), 1, FG_TURBO_ARCH_P_MAX, .meta = "P",
     .help = "SISO decoders (the thesis: LTE 16, HSPA+ 8); P fits K when every non-empty\n"
             "sub-block of L = 4*ceil(K/4P) positions has at least 8"},
    {"iter", 0, FG_OPT_CUSTOM, O(cfg.half_iters), .parse = parse_iter, .print = print_iter, .def_text = "5.5, the thesis", .meta = "I",
     .help = "iterations, 0.5 to 100 in steps of 0.5"},
    {"fclk", 0, FG_OPT_TEXT, O(fclk), .def_text = "600M, the thesis", .meta = "HZ",
     .help = "clock for the throughput: 600e6, 600M, 1.2G, 600MHz; [1e3, 1e12] Hz"},
    {"latency", 0, FG_OPT_INT, O(cfg.siso_latency), 1, FG_TURBO_ARCH_LATENCY_MAX, .meta = "C",
     .help = "SISO pipeline latency Lmap in cycles"},
    {"path", 0, FG_OPT_CHOICE, O(cfg.path), .words = "auto|direct|dbcf|shared|fit", .meta = "X",
     .help = "write path: auto (UMTS through the DBCF; LTE direct when the qpp mapping is\n"
             "conflict-free for K and P, else the DBCF), direct (LTE only: conflicts are\n"
             "counted), dbcf, shared (the multi-standard design: LTE direct on P SISOs, HSPA+\n"
             "on --umts-parallel SISOs through the DBCF; an LTE K whose qpp mapping conflicts\n"
             "at P runs the faster of direct on fewer SISOs and the HSPA+ DBCF), fit (a design\n"
             "of one standard, gen turbo --std lte|umts: LTE direct on the most SISOs <= P\n"
             "with a conflict-free qpp mapping; HSPA+ as shared's with P HSPA+ SISOs)"},
    {"umts-parallel", 0, FG_OPT_INT, O(cfg.umts_P), 1, FG_TURBO_ARCH_P_MAX, .def_text = "P/2", .meta = "P",
     .help = "with --path shared: the design's HSPA+ SISOs (DBCF of 4P lanes), at most --parallel"},
    {"banks", 0, FG_OPT_INT, O(cfg.banks), 1, 4096, .def_text = "4P", .meta = "M",
     .help = "extrinsic banks (LTE: 4P; UMTS: a multiple of 4P)"},
    {"mapping", 0, FG_OPT_CHOICE, O(cfg.umts_mapping), .words = FG_MAPPING_WORDS, .meta = "X",
     .help = "UMTS bank mapping: xmap-xor or xmap (natural-order reads conflict-free)"},
    {"ebn0", 0, FG_OPT_SWEEP, O(ebn0), -10, 30, 1, .meta = "X",
     .help = "decode --frames noisy codewords at Eb/N0 X dB with the fixed-point datapath\n"
             "(default formats) and check the extrinsic memory after every half-iteration\n"
             "and the hard decisions against the fixed-point decoder\n"
             "(fecforge/turbo_fixed.h): exit 1 on any difference"},
    {"frames", 0, FG_OPT_INT, O(frames), 1, 10000000, .meta = "F", .help = "frames decoded with --ebn0"},
    {"seed", 0, FG_OPT_SEED, O(seed), .meta = "S", .help = "seed of the frames of --ebn0"},
    {"nii", 0, FG_OPT_CHOICE, O(nii), .words = "off|on", .meta = "on|off",
     .help = "with --ebn0: next-iteration initialisation of the sub-block stakes"},
    {"no-nii", 0, FG_OPT_FLAG, 0, .alias_of = "nii=off"},
    {NULL}};

static const fg_opt_part parts[] = {{"options", turbo_opts_tbl, 0},
                                    {"DBCF of the write path", dbcf_tbl, O(cfg.dbcf)},
                                    {NULL, NULL, 0}};
#undef O

/* dbcf_tbl: the three entries of fg_dbcf_options the write path takes (once, before any parse) */
static void dbcf_fill(void)
{
    static const char *const names[] = {"select", "fifo-depth", "buf-depth"};
    int k = 0;
    for (const fg_opt *o = fg_dbcf_options; o->name && k < 3; o++)
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
            if (!strcmp(o->name, names[i]))
                dbcf_tbl[k++] = *o;
}

static void cfg_default(void *p)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, dbcf_fill);
    *(turbo_opts *)p = (turbo_opts){.cfg = fg_turbo_arch_cfg_default(), .frames = 10, .nii = 1, .seed = 1};
}

/* The block sizes of --K (a list, every size of the standard, or def), each checked: FG_EINVAL naming --K. */
static int k_list(int std, const fg_opt_ints *v, int def, int **K_n, int *n)
{
    const int count = v->n == FG_OPT_ALL ? fg_interleaver_num_sizes((fg_std)std) : v->n > 0 ? v->n : 1;
    int *k = malloc(sizeof *k * (size_t)count);
    if (!k)
        return fg_set_error(FG_ENOMEM, "out of memory");
    for (int i = 0; i < count; i++) {
        k[i] = v->n == FG_OPT_ALL ? fg_interleaver_size((fg_std)std, i) : v->n > 0 ? v->v[i] : def;
        if (fg_interleaver_check_k((fg_std)std, k[i])) {
            free(k);
            return fg_prefix_error(FG_EINVAL, "--");
        }
    }
    *K_n = k;
    *n = count;
    return 0;
}

/* Several sizes: one line (JSON object) each and the summary. */
static int run_sizes(fg_turbo_arch_cfg cfg, const data_opts *dat, double fclk, const int *K_n, int n, int skipped,
                     fg_arch_io *io)
{
    fg_json *j = io->json;
    FILE *o = io->text;
    if (j) {
        fg_arch_json_open(io, dat->use ? &dat->seed : NULL);
        json_cfg(j, &cfg, dat, fclk);
        fg_json_arr_open(j, "sizes");
    } else {
        fprintf(o, "parallel turbo decoder: %s, P=%d, %.1f iterations, fclk %.1f MHz, SISO latency %d\n",
                cfg.std == FG_STD_LTE ? "LTE" : "HSPA+", cfg.P, cfg.half_iters / 2.0, fclk / 1e6, cfg.siso_latency);
        fprintf(o, "%6s %3s %5s %4s %6s %9s %8s %4s %9s %9s %9s %8s\n", "K", "P", "L", "C0", "path", "qpp_conf",
                "cyc/half", "dC", "cyc/block", "Mbps", "eq424", "overflow");
    }
    int n_dbcf = 0, worst_dC = 0, worst_K = 0, lost = 0, rc = 0;
    long overflow = 0;
    double min_mbps = 1e300;
    for (int i = 0; i < n && !rc; i++) {
        measured m;
        cfg.K = K_n[i];
        if (!runs(&cfg))
            continue;
        if ((rc = measure(&cfg, dat, fclk, NULL, io, &m)))
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
        if (j) {
            fg_json_obj_open(j, NULL);
            j->pretty = 0;
            json_result(j, &cfg, &m);
            fg_json_obj_close(j);
            j->pretty = 1;
        } else {
            fprintf(o, "%6d %3d %5d %4d %6s %9ld %8.1f %4d %9ld %9.1f %9.1f %8ld\n", cfg.K, r->geo.P, r->geo.L,
                    r->geo.C0, path_name(&r->geo), m.qpp_conflicts, r->cycles_per_halfiter, r->dC_max,
                    r->cycles_decode, m.mbps, m.eq424_mbps, r->overflow);
        }
        if (n > 20 && io->progress)
            io->progress(io->progress_ctx, "block sizes", i + 1, n);
    }
    if (rc)
        return rc;
    io->failed = lost;
    if (j) {
        fg_json_arr_close(j);
        fg_json_int(j, "n_sizes", n - skipped);
        fg_json_int(j, "skipped_sizes", skipped);
        fg_json_int(j, "dbcf_sizes", n_dbcf);
        fg_json_int(j, "worst_dbcf_extra", worst_dC);
        fg_json_int(j, "worst_dbcf_extra_K", worst_K);
        fg_json_int(j, "overflow", overflow);
        fg_json_num(j, "min_throughput_mbps", min_mbps);
        fg_json_bool(j, "lossless", !lost);
        fg_json_obj_close(j);
    } else {
        fprintf(o, "%d sizes (%d that P does not fit skipped): %d through the DBCF (worst extra %d cycles per "
                   "half-iteration at K=%d), %ld words lost, lowest throughput %.1f Mbps\n", n - skipped, skipped,
                n_dbcf, worst_dC, worst_K, overflow, min_mbps);
    }
    return 0;
}

static int run(void *p, fg_arch_io *io)
{
    turbo_opts *v = p;
    const fg_opts *g = io->given;
    fg_turbo_arch_cfg cfg = v->cfg;
    const data_opts dat = {v->ebn0.n > 0, v->ebn0.n > 0 ? v->ebn0.v[0] : 0.0, v->frames, v->nii, v->seed};
    double fclk = 600e6;
    int rc;
    if (v->fclk && (rc = fg_arch_parse_fclk(v->fclk, &fclk)))
        return rc;
    if (!dat.use) {
        const void *needs[] = {&v->frames, &v->seed, &v->nii};
        for (int i = 0; i < 3; i++)
            if (fg_opts_given(g, needs[i]))
                return fg_set_error(FG_EINVAL, "%s needs --ebn0", fg_opts_name(g, needs[i]));
    }
    if (cfg.path != FG_TURBO_ARCH_PATH_SHARED && fg_opts_given(g, &v->cfg.umts_P))
        return fg_set_error(FG_EINVAL, "%s needs --path shared", fg_opts_name(g, &v->cfg.umts_P));
    int *K_n = NULL, n = 0;
    if ((rc = k_list(cfg.std, &v->K, cfg.std == FG_STD_LTE ? 6144 : 5114, &K_n, &n)))
        return rc;
    if (io->trace && n != 1) {
        free(K_n);
        return fg_set_error(FG_EINVAL, "--trace needs a single --K (got %d sizes)", n);
    }
    /* Check every size's configuration before running any, so a usage error comes first. In a set of
     * sizes, those P does not fit are skipped (and counted). */
    int skipped = 0;
    for (int i = 0; i < n; i++) {
        cfg.K = K_n[i];
        if (n > 1 && !runs(&cfg)) {
            skipped++;
            continue;
        }
        if (fg_turbo_arch_cfg_check(&cfg)) { /* on a copy of v->cfg: the option of the field it refuses */
            free(K_n);
            const fg_opt_copy copy[] = {FG_OPT_COPY(cfg, v->cfg)};
            return fg_opts_field_error(g, FG_EINVAL, FG_OPT_COPIES(copy), NULL);
        }
    }
    if (n > 1) {
        rc = run_sizes(cfg, &dat, fclk, K_n, n, skipped, io);
        free(K_n);
        return rc;
    }
    measured m;
    cfg.K = K_n[0];
    free(K_n);
    if ((rc = measure(&cfg, &dat, fclk, io->trace ? fg_out_stream(io->trace) : NULL, io, &m)))
        return rc;
    io->failed = m.lost;
    if (io->json) {
        fg_arch_json_open(io, dat.use ? &dat.seed : NULL);
        json_cfg(io->json, &cfg, &dat, fclk);
        json_result(io->json, &cfg, &m);
        fg_json_obj_close(io->json);
    } else {
        print_one(io->text, &cfg, fclk, &m);
    }
    return 0;
}

const fg_family_arch fg_turbo_arch_study = {
    .summary = "parallel radix-4 XMAP HSPA+/LTE turbo decoder (thesis 4.7, Fig. 4.15): cycles per\n"
               "half-iteration and per block, throughput next to eq. 4.24, bank conflicts, DBCF",
    .usage = "--std lte|umts --K N|LIST|all --parallel P --iter I [--fclk HZ] [--latency C]\n"
             "                           [--path auto|direct|dbcf] [--banks M] [--mapping xmap|xmap-xor]\n"
             "                           [--select S|all] [--fifo-depth F] [--buf-depth B]\n"
             "                           [--ebn0 X [--frames F] [--seed S] [--nii on|off]] [--trace FILE] [--json]",
    .about = "Cycle-accurate model of the multi-standard parallel turbo decoder of thesis Fig. 4.15\n"
             "(docs/turbo-architecture.md): P radix-4 XMAP SISOs (alpha and beta units crossing in the middle\n"
             "of each sub-block, then 4 extrinsic LLRs per cycle), natural-order reads (balanced scheduling),\n"
             "on-the-fly interleaver address generators, extrinsic banks written directly (LTE, contention-free\n"
             "qpp mapping) or through the DBCF network (HSPA+, and the LTE sizes the qpp mapping does not\n"
             "serve without conflicts). Cycle counts come from stepping the model.",
    .notes = "throughput_mbps = K * fclk / cycles_per_block (information bits; the IAG's preprocessing of a\n"
             "new K is reported apart as preprocess_cycles); eq424_mbps is thesis eq. 4.24 with the same Lmap\n"
             "and IAG latency. Exit 1 when a word was lost or misplaced or the direct path had conflicts.",
    .examples = "fecforge arch turbo --std lte --K 6144 --parallel 16 --iter 5.5 --fclk 600e6\n"
                "fecforge arch turbo --std umts --K 5114 --parallel 8 --iter 5.5 --fclk 600e6 --json\n"
                "fecforge arch turbo --std lte --K all --parallel 16 --iter 5.5\n"
                "fecforge arch turbo --std lte --K 40 --parallel 2 --iter 1 --trace lte40.trace\n"
                "fecforge arch turbo --std umts --K 997 --parallel 4 --ebn0 0.8 --frames 20",
    .trace_help = "per-cycle port trace of one block (one K only; with --ebn0 frame 0); format in\n"
                  "docs/turbo-architecture.md",
    .parts = parts,
    .cfg_size = sizeof(turbo_opts),
    .cfg_default = cfg_default,
    .run = run,
};
