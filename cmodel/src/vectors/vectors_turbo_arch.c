/* Golden vectors of the turbo decoder RTL (design "turbo", `fecforge gen turbo`, docs/rtl-turbo.md): one
 * block through the step model fg_turbo_arch (data FIXED, path FIT) seen at the generated top's ports.
 * The port-level model here (fg_vecp_turbo_*) turns each stimulus line into the expected line; the vector
 * writer builds the stimulus (reset, static inputs, the load port, start, then the unload port) and keeps
 * the model's answers, so the writer and the SystemC co-simulation (vectors_model.c) share one model. */
#include "fecforge/channel.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge/turbo.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { AW = FG_VECP_POS_BITS, N_TAIL = 2 * 6 };

static int clog2(long n) /* smallest b with 2^b >= n */
{
    int b = 0;
    while ((1L << b) < n)
        b++;
    return b;
}

void fg_vec_turbo_arch_dims_of(const fg_turbo_arch_cfg *design, int lmax, fg_vec_turbo_arch_dims *d)
{
    const int P = design->P;
    d->both = design->path == FG_TURBO_ARCH_PATH_SHARED;
    d->nl = 4 * P;
    d->aw = AW;
    d->bw = (P > 1 ? clog2(P) : 1) + 2;
    d->qmax = lmax / 4;
    d->rw = d->qmax > 1 ? clog2(d->qmax) : 1;
    d->dbcf = d->both || design->std == FG_STD_UMTS;
    const int liag = d->dbcf ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE;
    /* Through the DBCF a half-iteration lasts until it has written its last word: room for 2 C0 more cycles */
    d->tw = clog2((d->dbcf ? 4L : 2L) * d->qmax + design->siso_latency + liag + 1);
}

/* ---- the port-level model ---- */

struct fg_vecp_turbo {
    fg_turbo_arch_cfg cfg; /* the design; K and half_iters those of the current block */
    int k_max;
    fg_vec_turbo_arch_dims d;
    fg_turbo_arch *a;
    fg_turbo_arch *retired; /* the done block's model, whose ports the last line showed */
    fg_turbo_arch_geometry geo;
    int32_t *q;      /* channel LLRs from the load port and tail_i, natural layout of the largest K */
    int32_t *ext;    /* K extrinsics (the memory image) */
    uint8_t *hard;   /* the K hard decisions, once done */
    int done_seen;   /* hard holds the block's decisions */
    int regs_valid;  /* the static-input registers hold a value (after the first edge) */
    int k_q, hi_q;   /* registered k_i, half_iters_i */
    fg_std std_q;    /* registered umts_i (both), else the design's standard */
    int32_t tail_q[N_TAIL];
    int64_t hard_rd; /* unload read register */
    uint8_t hard_rd_x;
    fg_port ports[FG_TURBO_RTL_PORTS]; /* the top's, in the streams' order */
    int np, n_ex;
    fg_turbo_rtl_in in;
    fg_turbo_rtl_out o, x; /* a cycle's expected values, and which of them are don't-care (1) */
    int64_t xv[7 + 20 * FG_TURBO_RTL_LANES_MAX];
};

/* K is a block size of standard std of the design. */
static int k_ok(const fg_vecp_turbo *t, fg_std std, int K)
{
    if (K > t->k_max || fg_interleaver_check_k(std, K)) {
        fg_clear_error();
        return 0;
    }
    return 1;
}

/* A model of the design for block K of standard std with `halves` half-iterations, in its reset state. */
static int open_block(fg_vecp_turbo *t, fg_std std, int K, int halves)
{
    fg_turbo_arch_destroy(t->a);
    t->a = NULL;
    t->cfg.std = std;
    t->cfg.K = K;
    t->cfg.half_iters = halves;
    int rc = fg_turbo_arch_create(&t->cfg, &t->a);
    if (rc)
        return rc;
    fg_turbo_arch_get_geometry(t->a, &t->geo);
    if (t->geo.L > 4 * t->d.qmax)
        return fg_set_error(FG_EINVAL, "K=%d runs sub-blocks of L=%d, the design's banks hold at most %d", K,
                            t->geo.L, 4 * t->d.qmax);
    t->done_seen = 0;
    return 0;
}

int fg_vecp_turbo_create(const fg_turbo_arch_cfg *design, int k_max, int lmax, fg_vecp_turbo **out)
{
    *out = NULL;
    fg_vecp_turbo *t = calloc(1, sizeof *t);
    const int N = 3 * FG_LTE_K_MAX + FG_TURBO_TAIL;
    if (!t || !(t->q = calloc((size_t)N, sizeof *t->q)) || !(t->ext = calloc(FG_LTE_K_MAX, sizeof *t->ext)) ||
        !(t->hard = calloc(FG_LTE_K_MAX, 1))) {
        fg_vecp_turbo_destroy(t);
        return fg_set_error(FG_ENOMEM, "out of memory for the turbo port-level model");
    }
    t->cfg = *design;
    t->k_max = k_max;
    fg_vec_turbo_arch_dims_of(design, lmax, &t->d);
    t->np = fg_turbo_arch_rtl_ports(&t->d, &design->fmt, t->ports);
    t->n_ex = fg_ports_count(t->ports, t->np, FG_VEC_OUT);
    t->hard_rd_x = 1;
    t->std_q = design->std;
    /* Idle outputs do not depend on the block: the design's own K until a start names another. */
    const int rc = open_block(t, design->std, design->K, design->half_iters);
    if (rc) {
        fg_vecp_turbo_destroy(t);
        return rc;
    }
    *out = t;
    return 0;
}

void fg_vecp_turbo_destroy(fg_vecp_turbo *t)
{
    if (!t)
        return;
    fg_turbo_arch_destroy(t->a);
    fg_turbo_arch_destroy(t->retired);
    free(t->q);
    free(t->ext);
    free(t->hard);
    free(t);
}

const fg_turbo_arch *fg_vecp_turbo_arch(const fg_vecp_turbo *t) { return t->a; }

/* A new block: the registered K, half-iterations and tails, the words loaded so far, into a model in its
 * reset state (a fresh one unless the idle one already has this K and half-iteration count). */
static int begin(fg_vecp_turbo *t)
{
    int rc = 0;
    if (!t->a || fg_turbo_arch_get_state(t->a) != FG_TURBO_ARCH_IDLE || t->k_q != t->cfg.K ||
        t->hi_q != t->cfg.half_iters || t->std_q != t->cfg.std)
        rc = open_block(t, t->std_q, t->k_q, t->hi_q);
    if (rc)
        return rc;
    const fg_turbo_layout lay = fg_turbo_layout_of(t->k_q);
    for (int j = 0; j < 6; j++) {
        t->q[lay.tail1 + j] = t->tail_q[j];
        t->q[lay.tail2 + j] = t->tail_q[6 + j];
    }
    return fg_turbo_arch_load(t->a, t->q);
}

/* The elements of a stimulus (dir FG_VEC_IN) or expected (FG_VEC_OUT) line of design d. */
static int n_of(const fg_vec_turbo_arch_dims *d, int dir)
{
    fg_port p[FG_TURBO_RTL_PORTS];
    const fg_xmap_fmt f = fg_xmap_fmt_default(); /* the widths do not change the count */
    return fg_ports_count(p, fg_turbo_arch_rtl_ports(d, &f, p), dir);
}

int fg_vecp_turbo_n_in(const fg_vec_turbo_arch_dims *d) { return n_of(d, FG_VEC_IN); }

int fg_vecp_turbo_n_ex(const fg_vec_turbo_arch_dims *d) { return n_of(d, FG_VEC_OUT); }

/* Member m of the expected line: value, or 0 and don't-care. */
#define PUT(m, value, dontcare) (t->x.m = (dontcare) != 0, t->o.m = t->x.m ? 0 : (value))

int fg_vecp_turbo_step(fg_vecp_turbo *t, const int64_t *line, int64_t *ex, uint8_t *ex_x)
{
    int rc = 0;
    fg_turbo_rtl_in *in = &t->in;
    fg_ports_unpack(t->ports, t->np, FG_VEC_IN, line, in, sizeof *in);
    const int ok = t->regs_valid && k_ok(t, t->std_q, t->k_q);
    const int start = (in->start & 1) && ok;
    fg_turbo_arch_destroy(t->retired);
    t->retired = NULL;
    fg_turbo_arch_ports p;
    if (!t->a) /* a block the model could not open: idle lines from now on */
        rc = fg_set_error(FG_ESTATE, "turbo port-level model: no block");
    const fg_turbo_arch_state st = t->a ? fg_turbo_arch_get_state(t->a) : FG_TURBO_ARCH_IDLE;
    if (rc)
        memset(&p, 0, sizeof p);
    else if (start && st == FG_TURBO_ARCH_DONE) {
        /* The model stays done; the RTL shows done in this cycle and starts the next block at the edge: the
         * old model gives this cycle's outputs, a fresh one for the new block takes the start. */
        fg_turbo_arch_step(t->a, 0, &p);
        fg_turbo_arch *done = t->a;
        t->a = NULL;
        fg_turbo_arch_ports ignored;
        if (!(rc = begin(t)))
            fg_turbo_arch_step(t->a, 1, &ignored);
        if (rc) {
            fg_turbo_arch_destroy(done);
            memset(&p, 0, sizeof p);
        } else
            t->retired = done; /* p points into it until the next step */
    } else {
        if (start && st == FG_TURBO_ARCH_IDLE)
            rc = begin(t);
        if (!rc)
            fg_turbo_arch_step(t->a, start, &p);
        else
            memset(&p, 0, sizeof p);
    }
    fg_turbo_arch_geometry g = {0};
    if (!rc)
        fg_turbo_arch_get_geometry(t->retired ? t->retired : t->a, &g);
    const int half = p.state == FG_TURBO_ARCH_HALF;
    PUT(k_ok, ok, !t->regs_valid);
    PUT(state, (int)p.state, 0);
    PUT(half, p.half, !half);
    PUT(tau, p.tau, !half);
    PUT(half_end, p.half_end, 0);
    PUT(done, p.state == FG_TURBO_ARCH_DONE, 0);
    for (int l = 0; l < t->d.nl; l++) {
        const int in_run = !rc && l < g.pllr; /* lanes past the run's 4P' are idle */
        const int rv = in_run && p.rd_valid_L[l], ov = in_run && p.out_valid_L[l];
        const fg_iag_lane_out io = in_run ? p.iag_L[l] : (fg_iag_lane_out){0, 0, 0};
        const fg_dbcf_word w = in_run ? p.word_L[l] : (fg_dbcf_word){0, 0, 0, 0};
        PUT(lane[l].rd_valid, rv, 0);
        PUT(lane[l].rd_pos, p.rd_pos_L[l], !rv);
        PUT(lane[l].rd_bank, p.rd_bank_L[l], !rv);
        PUT(lane[l].rd_row, p.rd_row_L[l], !rv);
        PUT(lane[l].rd_sys, p.rd_sys_L[l], !rv);
        PUT(lane[l].rd_par, p.rd_par_L[l], !rv);
        PUT(lane[l].rd_apr, p.rd_apr_L[l], !rv);
        PUT(lane[l].out_valid, ov, 0);
        PUT(lane[l].out_x, p.out_x_L[l], !ov);
        PUT(lane[l].out_llr, in_run ? p.out_llr_L[l] : 0, 0);
        PUT(lane[l].iag_valid, io.valid, 0);
        PUT(lane[l].iag_err, io.err, 0);
        PUT(lane[l].iag_addr, io.addr, !io.valid);
        PUT(lane[l].word_valid, w.valid, 0);
        PUT(lane[l].word_bank, w.bank, !w.valid);
        PUT(lane[l].word_row, w.row, !w.valid);
        PUT(lane[l].word_data, w.data, !w.valid);
    }
    for (int b = 0; b < t->d.nl; b++) {
        const fg_dbcf_word w = !rc && b < g.banks ? p.wr_M[b] : (fg_dbcf_word){0, 0, 0, 0};
        PUT(bank[b].we, w.valid, 0);
        PUT(bank[b].row, w.row, !w.valid);
        PUT(bank[b].data, w.data, !w.valid);
    }
    PUT(hard_rd_data, (int)t->hard_rd, t->hard_rd_x);
    fg_ports_pack(t->ports, t->np, FG_VEC_OUT, &t->o, ex);
    fg_ports_pack(t->ports, t->np, FG_VEC_OUT, &t->x, t->xv);
    for (int i = 0; i < t->n_ex; i++)
        ex_x[i] = (uint8_t)t->xv[i];

    /* The clock edge: the unload read (the decisions are final in done), the load port, the static inputs. */
    if (!rc && !t->retired && p.state == FG_TURBO_ARCH_DONE && !t->done_seen) {
        fg_turbo_arch_hard(t->a, t->hard);
        t->done_seen = 1;
    }
    const int pos = in->hard_rd_pos;
    /* the unload mapping follows the registered K: the decisions are the block's while it is the block's K */
    t->hard_rd_x = !(t->done_seen && p.state == FG_TURBO_ARCH_DONE && !t->retired && t->k_q == t->cfg.K &&
                     t->std_q == t->cfg.std && pos >= 0 && pos < t->cfg.K);
    t->hard_rd = t->hard_rd_x ? 0 : t->hard[pos];
    if ((in->ld_valid & 1) && t->regs_valid && k_ok(t, t->std_q, t->k_q) && in->ld_pos >= 0 && in->ld_pos < t->k_q) {
        /* {z', x', z, x} of position k: x = sys[k], z = par1[k], z' = par2[k] (x' is sys[pi(k)], the model's own) */
        const fg_turbo_layout lay = fg_turbo_layout_of(t->k_q);
        const int k = in->ld_pos;
        t->q[lay.sys + k] = in->ld_data[0];
        t->q[lay.par1 + k] = in->ld_data[1];
        t->q[lay.par2 + k] = in->ld_data[3];
    }
    t->k_q = in->k;
    if (t->d.both)
        t->std_q = (in->umts & 1) ? FG_STD_UMTS : FG_STD_LTE;
    t->hi_q = in->half_iters;
    for (int j = 0; j < N_TAIL; j++)
        t->tail_q[j] = in->tail[j];
    t->regs_valid = 1;
    return rc;
}

/* ---- layout ---- */

int fg_vec_layout_turbo_arch(const fg_vec_turbo_arch_dims *d, const fg_xmap_fmt *f, int blocks, int K_max,
                             fg_vec_layout *l)
{
    fg_port ports[FG_TURBO_RTL_PORTS];
    const int np = fg_turbo_arch_rtl_ports(d, f, ports);
    int rc = fg_vec_layout_begin(l, fg_ports_count(ports, np, FG_VEC_IN) + fg_ports_count(ports, np, FG_VEC_OUT) + 3);
    if (rc)
        return rc;
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES,
                         "inputs of each cycle from reset: static inputs, the load port, start, then the unload port", 0,
                         0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES,
                         "outputs of each cycle: control, per lane the reads, SISO outputs, IAG outputs and write words, "
                         "per bank the extrinsic writes, the unload port", 0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_OUT);
    fg_vec_layout_stream(l, "ext", FG_VEC_MEMORY, "extrinsic banks at the end (the standard's mapping: LTE qpp, UMTS "
                         "xmap-xor; the last block to write a cell); x = never written", d->nl, d->qmax);
    fg_vec_layout_port(l, "ext_data", -1, FG_VEC_OUT, f->w_ext, 1);
    fg_vec_layout_stream(l, "llr", FG_VEC_MEMORY,
                         "per block (bank) its channel LLRs, natural layout (x, z, z', the tails; 0 past 3K + 12)", blocks,
                         3 * K_max + FG_TURBO_TAIL);
    fg_vec_layout_port(l, "llr", -1, FG_VEC_IN, f->w_ch, 1);
    fg_vec_layout_stream(l, "decoded", FG_VEC_MEMORY, "per block (bank) its hard decisions at done, natural order",
                         blocks, K_max);
    fg_vec_layout_port(l, "hard", -1, FG_VEC_OUT, 1, 0);
    return 0;
}

/* ---- the writer ---- */

fg_vec_turbo_arch_params fg_vec_turbo_arch_params_default(void)
{
    fg_vec_turbo_arch_params p;
    memset(&p, 0, sizeof p);
    p.cfg = fg_turbo_arch_cfg_default();
    p.cfg.path = FG_TURBO_ARCH_PATH_FIT;
    p.cfg.data = FG_TURBO_ARCH_DATA_FIXED;
    p.k_max = FG_LTE_K_MAX;
    p.lmax = 384;
    p.ebn0_db = 1.0;
    p.seed = 1;
    p.blocks = 1;
    return p;
}

/* Block b's information bits and quantised channel LLRs: BPSK over AWGN (Philox stream 2b), or saturated
 * with random signs (stream 2b + 1). */
/* Block b's standard. */
static fg_std std_of(const fg_vec_turbo_arch_params *p, int b)
{
    return p->blocks > 1 && p->std_blocks ? p->std_blocks[b] : p->cfg.std;
}

static int frame(const fg_vec_turbo_arch_params *p, int K, int b, uint8_t *info, int32_t *q)
{
    const int N = 3 * K + FG_TURBO_TAIL;
    const int32_t max = (1 << (p->cfg.fmt.w_ch - 1)) - 1;
    uint8_t *cw = malloc((size_t)N);
    double *y = malloc(sizeof *y * (size_t)N);
    const uint64_t stream = 2 * (uint64_t)b;
    int rc = cw && y ? fg_vecp_turbo_frame(std_of(p, b), K, &p->cfg.fmt, p->ebn0_db, p->seed, stream, info, cw, y, q)
                     : fg_set_error(FG_ENOMEM, "out of memory for a turbo frame of K=%d", K);
    if (!rc && p->stress) {
        rc = fg_channel_random_bits(N, p->seed, stream + 1, cw);
        for (int i = 0; i < N && !rc; i++)
            q[i] = cw[i] ? -max : max;
    }
    free(cw);
    free(y);
    return rc;
}

typedef struct {
    fg_vec_writer *w;
    fg_vecp_turbo *t;
    int sid, eid;
    int n_in;
    fg_turbo_rtl_in rin; /* the inputs of the next line */
    int64_t *in;
    int64_t *ex;
    uint8_t *ex_x;
    long lines;
} writer_ctx;

static int line(writer_ctx *c)
{
    fg_ports_pack(c->t->ports, c->t->np, FG_VEC_IN, &c->rin, c->in);
    int rc = fg_vecp_turbo_step(c->t, c->in, c->ex, c->ex_x);
    if (!rc)
        rc = fg_vec_write(c->w, c->sid, c->in, NULL);
    if (!rc)
        rc = fg_vec_write(c->w, c->eid, c->ex, c->ex_x);
    c->lines++;
    return rc;
}

/* The set's options and what the writer derives: the blocks' standards (both), the sub-block geometry, the
 * blocks' sizes. */
static int params(fg_vec_writer *w, const fg_vec_turbo_arch_params *p, const fg_turbo_arch_geometry *g)
{
    const int nb = p->blocks > 1 ? p->blocks : 1;
    char stds[8 * FG_VEC_TURBO_BLOCKS_MAX] = "", list[16 * FG_VEC_TURBO_BLOCKS_MAX] = "";
    for (int b = 0; b < nb; b++) {
        size_t at = strlen(stds);
        snprintf(stds + at, sizeof stds - at, "%s%s", b ? "," : "", fg_std_name(std_of(p, b)));
        at = strlen(list);
        snprintf(list + at, sizeof list - at, "%s%d", b ? "," : "", p->blocks > 1 ? p->K_blocks[b] : p->cfg.K);
    }
    fg_vec_set_options(w, p->options);
    int e = 0;
    if (p->cfg.path == FG_TURBO_ARCH_PATH_SHARED)
        e |= fg_vec_derived_str(w, "block_stds", stds);
    e |= fg_vec_derived_int(w, "lmax", p->lmax);
    e |= fg_vec_derived_int(w, "P_run", g->P);
    e |= fg_vec_derived_int(w, "L", g->L);
    e |= fg_vec_derived_int(w, "blocks", nb);
    e |= fg_vec_derived_str(w, "block_sizes", list);
    return e ? FG_EINVAL : 0;
}

/* One block: the static inputs (one cycle), the load port, start, the decode until done, the unload port.
 * Its decisions into hard, the bits that differ from info counted into *errors, its cycle counts into r. */
static int block(writer_ctx *c, const fg_vec_turbo_arch_params *p, fg_std std, int K, const int32_t *q,
                 const int32_t *pi, const uint8_t *info, uint8_t *hard, long *errors, fg_turbo_arch_result *r,
                 long *load_cycles, long *block_cycles)
{
    const fg_turbo_layout tl = fg_turbo_layout_of(K);
    fg_turbo_rtl_in *in = &c->rin;
    memset(in, 0, sizeof *in);
    in->k = K;
    in->umts = std == FG_STD_UMTS; /* a port of the design of both standards only */
    in->half_iters = p->cfg.half_iters;
    for (int j = 0; j < 6; j++) {
        in->tail[j] = q[tl.tail1 + j];
        in->tail[6 + j] = q[tl.tail2 + j];
    }
    const long first = c->lines;
    int rc = line(c); /* the top registers the static inputs */
    for (int k = 0; k < K && !rc; k++) {
        in->ld_valid = 1;
        in->ld_pos = k;
        in->ld_data[0] = q[tl.sys + k];
        in->ld_data[1] = q[tl.par1 + k];
        in->ld_data[2] = q[tl.sys + pi[k]];
        in->ld_data[3] = q[tl.par2 + k];
        rc = line(c);
    }
    in->ld_valid = in->ld_pos = 0;
    memset(in->ld_data, 0, sizeof in->ld_data);
    *load_cycles = c->lines - first;
    in->start = 1;
    if (!rc)
        rc = line(c);
    in->start = 0;
    const long limit = c->lines + 100000000L;
    while (!rc && fg_turbo_arch_get_state(fg_vecp_turbo_arch(c->t)) != FG_TURBO_ARCH_DONE)
        rc = c->lines > limit ? fg_set_error(FG_ESTATE, "turbo RTL vectors: K=%d not done", K) : line(c);
    *block_cycles = c->lines - first - *load_cycles;
    for (int j = 0; j <= K && !rc; j++) { /* natural bit j in cycle j, its decision in the next */
        in->hard_rd_pos = j < K ? j : 0;
        rc = line(c);
    }
    if (rc)
        return rc;
    const fg_turbo_arch *a = fg_vecp_turbo_arch(c->t);
    fg_turbo_arch_hard(a, hard);
    for (int j = 0; j < K; j++)
        *errors += hard[j] != info[j];
    fg_turbo_arch_get_result(a, r);
    return 0;
}

int fg_vec_make_turbo_arch(const char *dir, const fg_vec_turbo_arch_params *p, fg_vec_turbo_arch_result *res)
{
    const int nb = p->blocks > 1 ? p->blocks : 1;
    if ((p->cfg.path != FG_TURBO_ARCH_PATH_FIT && p->cfg.path != FG_TURBO_ARCH_PATH_SHARED) ||
        p->cfg.data != FG_TURBO_ARCH_DATA_FIXED)
        return fg_set_error(FG_EINVAL, "turbo RTL vectors: the design runs path fit or shared with FIXED data");
    if (nb > 1 && p->std_blocks && p->std_blocks[0] != p->cfg.std)
        return fg_set_error(FG_EINVAL, "std_blocks[0]=%s is not cfg.std=%s", fg_std_name(p->std_blocks[0]),
                            fg_std_name(p->cfg.std));
    if (!(p->ebn0_db >= -50 && p->ebn0_db <= 100))
        return fg_set_error(FG_EINVAL, "ebn0=%g dB out of range [-50, 100]", p->ebn0_db);
    if (nb > FG_VEC_TURBO_BLOCKS_MAX)
        return fg_set_error(FG_EINVAL, "blocks=%d out of range [1, %d]", p->blocks, FG_VEC_TURBO_BLOCKS_MAX);
    int K_max = 0, rc = 0;
    for (int b = 0; b < nb && !rc; b++) {
        const int K = nb > 1 ? p->K_blocks[b] : p->cfg.K;
        if (p->cfg.path != FG_TURBO_ARCH_PATH_SHARED && std_of(p, b) != p->cfg.std)
            return fg_set_error(FG_EINVAL, "block %d: std=%s on a %s decoder", b, fg_std_name(std_of(p, b)),
                                fg_std_name(p->cfg.std));
        if ((rc = fg_interleaver_check_k(std_of(p, b), K)))
            return rc;
        if (K > p->k_max)
            return fg_set_error(FG_EINVAL, "K=%d out of range: the design serves sizes up to k_max=%d", K, p->k_max);
        K_max = K > K_max ? K : K_max;
    }
    if (nb > 1 && p->K_blocks[0] != p->cfg.K)
        return fg_set_error(FG_EINVAL, "K_blocks[0]=%d is not cfg.K=%d", p->K_blocks[0], p->cfg.K);
    writer_ctx c = {0};
    fg_vec_turbo_arch_dims d;
    fg_vec_turbo_arch_dims_of(&p->cfg, p->lmax, &d);
    const int N_max = 3 * K_max + FG_TURBO_TAIL, n_ex = fg_vecp_turbo_n_ex(&d);
    const size_t cells = (size_t)d.nl * (size_t)d.qmax;
    fg_vec_layout lay = {0};
    uint8_t *info = malloc((size_t)K_max), *hard = calloc((size_t)nb * (size_t)K_max, 1);
    int32_t *q = calloc((size_t)nb * (size_t)N_max, sizeof *q), *pi = malloc(sizeof *pi * (size_t)K_max);
    int32_t *ext = malloc(sizeof *ext * (size_t)K_max), *img = calloc(cells, sizeof *img);
    int *Kb = malloc(sizeof *Kb * (size_t)nb);
    uint8_t *img_set = calloc(cells, 1);
    c.n_in = fg_vecp_turbo_n_in(&d);
    c.in = calloc((size_t)c.n_in, sizeof *c.in);
    c.ex = malloc(sizeof *c.ex * (size_t)n_ex);
    c.ex_x = malloc((size_t)n_ex);
    if (!info || !hard || !q || !pi || !ext || !img || !img_set || !Kb || !c.in || !c.ex || !c.ex_x) {
        rc = fg_set_error(FG_ENOMEM, "out of memory for the turbo RTL vectors of K=%d", p->cfg.K);
        goto done;
    }
    if ((rc = fg_vecp_turbo_create(&p->cfg, p->k_max, p->lmax, &c.t)))
        goto done;
    fg_turbo_arch_geometry g;
    fg_turbo_arch_get_geometry(fg_vecp_turbo_arch(c.t), &g);
    if ((rc = fg_vec_layout_turbo_arch(&d, &p->cfg.fmt, nb, K_max, &lay)) ||
        (rc = fg_vec_writer_open(dir, "turbo", &c.w)))
        goto done;
    fg_vec_set_seed(c.w, p->seed);
    int ids[5];
    if ((rc = params(c.w, p, &g)) || (rc = fg_vec_layout_add(c.w, &lay, ids)))
        goto done;
    c.sid = ids[0];
    c.eid = ids[1];
    long errors = 0, load0 = 0, block0 = 0;
    fg_turbo_arch_result r0 = {0};
    for (int b = 0; b < nb && !rc; b++) {
        const int K = Kb[b] = nb > 1 ? p->K_blocks[b] : p->cfg.K;
        int32_t *qb = q + (size_t)b * (size_t)N_max;
        fg_turbo_arch_result r;
        long load, blk;
        if ((rc = frame(p, K, b, info, qb)) || (rc = fg_interleaver_table(std_of(p, b), K, pi)) ||
            (rc = block(&c, p, std_of(p, b), K, qb, pi, info, hard + (size_t)b * (size_t)K_max, &errors, &r, &load,
                        &blk)))
            break;
        /* A lost word leaves its cell as it was: in the RTL a value of an earlier block, in the model (a fresh one
         * per block) zero. The decode is wrong either way; the DBCF must be sized so that nothing is lost. */
        if (r.overflow) {
            rc = fg_set_error(FG_EINVAL, "the DBCF loses %ld words in block %d (%s K=%d): the decode is undefined; "
                              "take a larger fifo_depth or buf_depth (arch turbo --K all shows the sizes that lose)",
                              r.overflow, b, fg_std_name(std_of(p, b)), K);
            break;
        }
        if (b == 0) {
            r0 = r;
            load0 = load;
            block0 = blk;
        }
        /* the block's extrinsic memory over the image (the block's bank mapping) */
        const fg_turbo_arch *a = fg_vecp_turbo_arch(c.t);
        fg_turbo_arch_extrinsic(a, ext);
        for (int x = 0; x < K; x++) {
            int bank, row;
            fg_turbo_arch_bank_of(a, x, &bank, &row);
            const size_t cell = (size_t)bank * (size_t)d.qmax + (size_t)row;
            img[cell] = ext[x];
            img_set[cell] = 1;
        }
    }
    for (size_t cell = 0; cell < cells && !rc; cell++) {
        const int64_t v = img_set[cell] ? img[cell] : 0;
        const uint8_t dc = (uint8_t)!img_set[cell];
        rc = fg_vec_write(c.w, ids[2], &v, &dc);
    }
    for (int b = 0; b < nb && !rc; b++)
        for (int i = 0; i < N_max && !rc; i++) {
            const int64_t v = q[(size_t)b * (size_t)N_max + (size_t)i]; /* 0 past the block's 3K + 12 */
            rc = fg_vec_write(c.w, ids[3], &v, NULL);
        }
    for (int b = 0; b < nb && !rc; b++)
        for (int j = 0; j < K_max && !rc; j++) {
            const int in = j < Kb[b];
            const int64_t v = in ? hard[(size_t)b * (size_t)K_max + (size_t)j] : 0;
            const uint8_t dc = (uint8_t)!in;
            rc = fg_vec_write(c.w, ids[4], &v, &dc);
        }
    if (rc)
        goto done;
    fg_vec_count(c.w, "load_cycles", load0);
    fg_vec_count(c.w, "preprocess_cycles", r0.preprocess_cycles);
    fg_vec_count(c.w, "cycles_decode", r0.cycles_decode);
    fg_vec_count(c.w, "cycles_block", block0);
    fg_vec_count(c.w, "trace_cycles", c.lines);
    fg_vec_count(c.w, "bit_errors", errors);
    if (res) {
        res->arch = r0;
        res->bit_errors = errors;
        res->trace_cycles = c.lines;
    }
    rc = fg_vec_writer_commit(c.w);
    c.w = NULL;
done:
    fg_vec_writer_abort(c.w);
    fg_vecp_turbo_destroy(c.t);
    fg_vec_layout_free(&lay);
    free(info);
    free(hard);
    free(q);
    free(pi);
    free(ext);
    free(img);
    free(img_set);
    free(Kb);
    free(c.in);
    free(c.ex);
    free(c.ex_x);
    return rc;
}

/* ---- the port-level model of a set (fg_vecp_model): the design of the set's parameters, idle on the set's
 * block ---- */

static int model_create(const fg_vec_set *set, void *st)
{
    fg_turbo_arch_cfg cfg = fg_turbo_arch_cfg_default();
    cfg.path = FG_TURBO_ARCH_PATH_FIT;
    cfg.data = FG_TURBO_ARCH_DATA_FIXED;
    /* the design's options the model needs (gen/src/design_turbo.c), the run's --iter, what the writer derived */
    typedef struct {
        int std, k_max;
        double iter;
    } design_opts;
    design_opts o = {0};
#define D(f) offsetof(design_opts, f)
#define T(f) offsetof(fg_turbo_arch_cfg, f)
    const fg_opt opts[] = {{"std", 0, FG_OPT_CHOICE, D(std), .words = "umts|lte|both"},
                           {"k-max", 0, FG_OPT_INT, D(k_max), 40, 6144, .meta = "K"},
                           {"iter", 0, FG_OPT_REAL, D(iter), 0.5, FG_TURBO_ARCH_HALF_MAX / 2, .meta = "I"},
                           {NULL}};
    const fg_opt arch[] = {{"parallel", 0, FG_OPT_INT, T(P), 1, FG_TURBO_ARCH_P_MAX, .meta = "P"},
                           {"latency", 0, FG_OPT_INT, T(siso_latency), 1, FG_TURBO_ARCH_LATENCY_MAX, .meta = "C"},
                           {"nii", 0, FG_OPT_CHOICE, T(nii), .words = "off|on"},
                           {NULL}};
#undef D
#undef T
    const fg_opt_group g[] = {{NULL, opts, &o}, {NULL, arch, &cfg}, {NULL, fg_xmap_fmt_options, &cfg.fmt}};
    const char *stds, *sizes = "";
    long long lmax = 0;
    int rc = fg_vec_read_options(set, g, 3);
    if (!rc && !(rc = fg_vec_get_derived_int(set, "lmax", &lmax)) && (lmax < 8 || lmax > 8192))
        rc = fg_set_error(FG_EINVAL, "%s/manifest.json: lmax=%lld out of range [8, 8192]", fg_vec_dir_path(set), lmax);
    if (!rc)
        rc = fg_vec_get_derived_str(set, "block_sizes", &sizes);
    cfg.K = atoi(sizes); /* the first block's */
    cfg.half_iters = (int)(2 * o.iter);
    cfg.std = o.std == 1 ? FG_STD_LTE : FG_STD_UMTS;
    if (!rc && o.std == 2) { /* both standards (path shared): the first block's */
        char first[8];
        cfg.path = FG_TURBO_ARCH_PATH_SHARED;
        if (!(rc = fg_vec_get_derived_str(set, "block_stds", &stds))) {
            snprintf(first, sizeof first, "%.*s", (int)strcspn(stds, ","), stds);
            rc = fg_std_parse(first, &cfg.std);
        }
    }
    if (!rc && (cfg.std == FG_STD_UMTS || cfg.path == FG_TURBO_ARCH_PATH_SHARED))
        rc = fg_vecp_read_dbcf(set, &cfg.dbcf, 0, &cfg.umts_mapping); /* a decoder with a DBCF */
    if (rc)
        return rc;
    fg_vec_turbo_arch_dims d;
    fg_vec_turbo_arch_dims_of(&cfg, (int)lmax, &d);
    if ((rc = fg_vecp_check_layout(set, fg_vecp_turbo_n_in(&d), fg_vecp_turbo_n_ex(&d))))
        return rc;
    return fg_vecp_turbo_create(&cfg, o.k_max, (int)lmax, st);
}

/* A block the model cannot run shows an idle design (and differs from the RTL). */
static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    if (fg_vecp_turbo_step(*(fg_vecp_turbo **)st, in_v, ex_v, ex_x))
        fg_clear_error();
}

static void model_destroy(void *st) { fg_vecp_turbo_destroy(*(fg_vecp_turbo **)st); }

const fg_vec_model_def fg_vecp_model_turbo = {"turbo", sizeof(fg_vecp_turbo *), model_create, model_step,
                                              model_destroy};
