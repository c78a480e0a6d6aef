/* Golden vectors of an interleaver address generator. fg_vec_make_iag: from reset, preprocessing (idle
 * inputs), one start cycle, C0 input cycles in XMAP lane order, then the latency: every cycle's inputs and
 * outputs, as fg_iag_run_xmap drives it. fg_vec_make_iag_traffic: the traffic of the sets that replaced the
 * IAG's own Verilator harnesses (many block sizes, resets, bubbles, errors), written through the port-level
 * model of the sets (below), so that what the writer expects and what the model says are one code. */
#include "fecforge/error.h"
#include "fecforge/rng.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdlib.h>
#include <string.h>

enum { PREPROCESS_LIMIT = 100000 };

/* ---- the port-level model of a set (fg_vecp_model) ----
 * The IAG at its ports (fg_iag_ports): pin, the inputs of a cycle, in; pout, the outputs, out. The
 * writers below drive it too, so that what they expect and what the model says are one code.
 * Without a model (a k_i the model refuses: the LTE RTL reads degree 0 from its QPP ROM and never gets
 * ready), every valid input is answered with err in the next cycle. Before the first reset of a traffic set
 * there is no model either, and no input. */
typedef struct {
    fg_iag *iag; /* NULL: no model */
    int rc;      /* of the last create */
    fg_std std;
    int P, forward_only, traffic;
    fg_port ports[FG_IAG_PORTS]; /* of the set's streams */
    int np, n_in, n_ex;
    uint8_t pend[FG_IAG_LANES_MAX];
    fg_iag_port_in pin;
    fg_iag_port_out pout;
} iag_model;

static void model_ports(iag_model *m, int traffic)
{
    m->traffic = traffic;
    m->np = fg_iag_ports(m->P, traffic, m->ports);
    m->n_in = fg_ports_count(m->ports, m->np, FG_VEC_IN);
    m->n_ex = fg_ports_count(m->ports, m->np, FG_VEC_OUT);
}

/* A reset with the block size and lane programs of pin (a traffic set's line). */
static int model_restart(iag_model *m)
{
    fg_iag_destroy(m->iag);
    m->iag = NULL;
    memset(m->pend, 0, sizeof m->pend);
    const fg_iag_cfg cfg = {m->std, m->pin.k, m->P, m->pin.prog};
    m->rc = fg_iag_create(&cfg, &m->iag);
    if (!m->rc && m->forward_only && (m->rc = fg_iag_set_forward_only(m->iag, 1))) {
        fg_iag_destroy(m->iag);
        m->iag = NULL;
    }
    return m->rc;
}

/* One clock of the model on pin: pout and the expected line (addresses are don't-care without valid but in
 * the traffic sets, whose RTL drives 0 then: compared). */
static void model_cycle(iag_model *m, int64_t *ex_v, uint8_t *ex_x)
{
    if (m->iag) {
        const fg_iag_in in = {m->pin.start, m->pin.inverse, m->pin.lane};
        fg_iag_out out;
        fg_iag_step(m->iag, &in, &out);
        m->pout.ready = out.ready;
        memcpy(m->pout.lane, out.lane_out, sizeof *out.lane_out * (size_t)m->P);
    } else {
        m->pout.ready = 0;
        for (int l = 0; l < m->P; l++) {
            m->pout.lane[l] = (fg_iag_lane_out){0, m->pend[l], 0};
            m->pend[l] = m->pin.lane[l].valid;
        }
    }
    fg_ports_pack(m->ports, m->np, FG_VEC_OUT, &m->pout, ex_v);
    memset(ex_x, 0, (size_t)m->n_ex);
    for (int l = 0; !m->traffic && l < m->P; l++)
        ex_x[3 + 3 * l] = !m->pout.lane[l].valid; /* lane_addr_o[l]: after ready_o, lane by lane valid, err, addr */
    if (m->traffic && !m->pin.rst_n)
        model_restart(m);
}

static void model_step(void *st, const int64_t *in_v, int64_t *ex_v, uint8_t *ex_x)
{
    iag_model *m = st;
    fg_ports_unpack(m->ports, m->np, FG_VEC_IN, in_v, &m->pin, sizeof m->pin);
    model_cycle(m, ex_v, ex_x);
}

static int model_ready(const iag_model *m)
{
    fg_iag_info info;
    if (!m->iag)
        return 0;
    fg_iag_get_info(m->iag, &info);
    return info.preprocess_cycles >= 0;
}

static int model_create(const fg_vec_set *set, void *st)
{
    iag_model *m = st;
    const fg_vec_stream *stim;
    int K = 0, std = 0;
    const fg_opt std_opt[] = {{"std", 0, FG_OPT_CHOICE, 0, .words = FG_STD_WORDS}, {NULL}};
    const fg_opt opts[] = {{"pllr", 0, FG_OPT_INT, offsetof(iag_model, P), 1, FG_IAG_LANES_MAX, .meta = "P"},
                           {"forward-only", 0, FG_OPT_FLAG, offsetof(iag_model, forward_only), .meta = NULL},
                           {NULL}};
    const fg_opt_group g[] = {{NULL, std_opt, &std}, {NULL, opts, m}};
    int rc = fg_vec_read_options(set, g, 2);
    m->std = (fg_std)std;
    if (!rc)
        rc = fg_vec_find_stream(set, "stimulus", &stim);
    if (rc)
        return rc;
    model_ports(m, 1);
    if (stim->n_ports != m->n_in)
        model_ports(m, 0);
    rc = fg_vecp_check_layout(set, m->n_in, m->n_ex);
    if (rc || m->traffic) /* a traffic set's model comes with its first reset */
        return rc;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    if (!rc)
        rc = fg_vecp_param_int(set, "K", 1, 1 << FG_VECP_POS_BITS, &K);
    if (!rc)
        rc = fg_vecp_read_prog(set, m->P, prog);
    const fg_iag_cfg cfg = {m->std, K, m->P, prog};
    return rc ? rc : fg_iag_create(&cfg, &m->iag);
}

static void model_destroy(void *st) { fg_iag_destroy(((iag_model *)st)->iag); }

const fg_vec_model_def fg_vecp_model_iag = {"iag", sizeof(iag_model), model_create, model_step, model_destroy};

/* ---- the XMAP sets (fg_vec_make_iag): a driver of the model ---- */

typedef struct {
    fg_vec_writer *w;
    int sid, eid;
    iag_model m;
    int64_t in_v[4 + 4 * FG_IAG_LANES_MAX], ex_v[1 + 3 * FG_IAG_LANES_MAX];
    uint8_t ex_x[1 + 3 * FG_IAG_LANES_MAX];
    long lines, addresses;
} iag_ctx;

/* One clock of m.pin: record inputs and outputs. */
static int tick(iag_ctx *c)
{
    model_cycle(&c->m, c->ex_v, c->ex_x);
    fg_ports_pack(c->m.ports, c->m.np, FG_VEC_IN, &c->m.pin, c->in_v);
    for (int l = 0; l < c->m.P; l++)
        c->addresses += c->m.pout.lane[l].valid && !c->m.pout.lane[l].err;
    c->lines++;
    int rc = fg_vec_write(c->w, c->sid, c->in_v, NULL);
    return rc ? rc : fg_vec_write(c->w, c->eid, c->ex_v, c->ex_x);
}

static int run(iag_ctx *c, const fg_xmap_schedule *s, const fg_iag_lane_prog *prog, int inverse, int *lane_prog_id)
{
    int rc = 0;
    fg_iag_port_in *pin = &c->m.pin;
    for (int l = 0; rc == 0 && l < c->m.P; l++) {
        const int64_t v[2] = {prog[l].start, prog[l].stride};
        rc = fg_vec_write(c->w, *lane_prog_id, v, NULL);
    }
    fg_iag_info info;
    fg_iag_get_info(c->m.iag, &info);
    for (long n = 0; !rc && info.preprocess_cycles < 0; n++) {
        if (n > PREPROCESS_LIMIT)
            return fg_set_error(FG_ESTATE, "IAG preprocessing did not finish in %d cycles", PREPROCESS_LIMIT);
        rc = tick(c);
        fg_iag_get_info(c->m.iag, &info);
    }
    pin->start = 1;
    pin->inverse = (uint8_t)(inverse ? 1 : 0);
    if (!rc)
        rc = tick(c); /* start */
    pin->start = 0;
    for (int t = 0; !rc && t < s->cycles + info.latency; t++) {
        for (int l = 0; l < c->m.P; l++) {
            const int x = t < s->cycles ? fg_xmap_position(s, t, l) : -1;
            pin->lane[l] = (fg_iag_lane_in){(uint8_t)(x >= 0), x >= 0 ? x : 0};
        }
        rc = tick(c);
    }
    if (!rc && c->addresses != pin->k)
        rc = fg_set_error(FG_EMISMATCH, "IAG K=%d gave %ld addresses, expected %d", (int)pin->k, c->addresses,
                          (int)pin->k);
    return rc;
}

int fg_vec_make_iag(const char *dir, fg_std std, int K, int pllr, int inverse, fg_vec_options options,
                    long *total_cycles)
{
    fg_xmap_schedule s;
    int rc = fg_iag_check_pllr(pllr);
    if (!rc)
        rc = fg_interleaver_check_k(std, K);
    if (!rc)
        rc = fg_xmap_schedule_init(&s, K, pllr);
    if (rc)
        return rc;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_xmap_program(&s, prog);
    const fg_iag_cfg cfg = {std, K, pllr, prog};
    iag_ctx *c = calloc(1, sizeof *c);
    fg_vec_layout lay = {0};
    if (!c)
        return fg_set_error(FG_ENOMEM, "out of memory for the IAG vectors (PLLR=%d)", pllr);
    c->m.P = pllr;
    c->m.std = std;
    c->m.pin.k = K;
    model_ports(&c->m, 0);
    if ((rc = fg_iag_create(&cfg, &c->m.iag)) || (rc = fg_vec_layout_iag(pllr, &lay)) ||
        (rc = fg_vec_writer_open(dir, "iag", &c->w)))
        goto done;
    int ids[3] = {0, 0, 0}; /* lane_prog, stimulus, expected */
    fg_vec_set_options(c->w, options);
    rc = fg_vec_layout_add(c->w, &lay, ids);
    c->sid = ids[1];
    c->eid = ids[2];
    if (!rc)
        rc = run(c, &s, prog, inverse, &ids[0]);
    if (rc)
        goto done;
    fg_iag_info info;
    fg_iag_get_info(c->m.iag, &info);
    if (std == FG_STD_UMTS) {
        fg_vec_derived_int(c->w, "R", info.R);
        fg_vec_derived_int(c->w, "C", info.C);
        fg_vec_derived_int(c->w, "p", info.p);
        fg_vec_derived_int(c->w, "v", info.v);
    } else {
        fg_vec_derived_int(c->w, "f1", info.f1);
        fg_vec_derived_int(c->w, "f2", info.f2);
        fg_vec_derived_int(c->w, "inverse_degree", info.inv.degree);
    }
    fg_vec_count(c->w, "preprocess_cycles", info.preprocess_cycles);
    fg_vec_count(c->w, "start_cycle", info.preprocess_cycles);
    fg_vec_count(c->w, "C0", s.cycles);
    fg_vec_count(c->w, "latency", info.latency);
    fg_vec_count(c->w, "trace_cycles", c->lines);
    rc = fg_vec_writer_commit(c->w);
    c->w = NULL;
    if (!rc && total_cycles)
        *total_cycles = c->lines;
done:
    fg_vec_writer_abort(c->w);
    fg_iag_destroy(c->m.iag);
    fg_vec_layout_free(&lay);
    free(c);
    return rc;
}

/* ---- traffic sets (fg_vec_make_iag_traffic): a driver of that model ---- */

typedef struct {
    fg_vec_writer *w;
    int sid, eid, P, K;
    iag_model m;
    fg_rng rng;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    fg_iag_lane_in lane[FG_IAG_LANES_MAX]; /* this cycle's lane inputs */
    int64_t in_v[4 + 4 * FG_IAG_LANES_MAX], ex_v[1 + 3 * FG_IAG_LANES_MAX];
    uint8_t ex_x[1 + 3 * FG_IAG_LANES_MAX];
    long lines, addresses, errors, starts, resets;
} drv;

static int latency(fg_std std) { return std == FG_STD_UMTS ? FG_IAG_LATENCY_UMTS : FG_IAG_LATENCY_LTE; }

static uint32_t rnd(drv *d, uint32_t n) { return fg_rng_next_u32(&d->rng) % n; }

static void lanes_idle(drv *d) { memset(d->lane, 0, sizeof d->lane); }

/* One cycle: the lanes' inputs of d->lane (x driven also without valid), the model's answer. */
static int cycle(drv *d, int start, int inverse, int rst)
{
    fg_iag_port_in *pin = &d->m.pin;
    const size_t P = (size_t)d->P;
    pin->k = d->K;
    pin->start = (uint8_t)start;
    pin->inverse = (uint8_t)inverse;
    pin->rst_n = (uint8_t)!rst;
    memcpy(pin->lane, d->lane, sizeof *d->lane * P);
    memcpy(pin->prog, d->prog, sizeof *d->prog * P);
    fg_ports_pack(d->m.ports, d->m.np, FG_VEC_IN, pin, d->in_v);
    model_cycle(&d->m, d->ex_v, d->ex_x);
    for (size_t l = 0; l < P; l++) {
        d->addresses += d->m.pout.lane[l].valid;
        d->errors += d->m.pout.lane[l].err;
    }
    d->starts += start && d->m.pout.ready;
    d->lines++;
    int rc = fg_vec_write(d->w, d->sid, d->in_v, NULL);
    return rc ? rc : fg_vec_write(d->w, d->eid, d->ex_v, d->ex_x);
}

static int idle(drv *d, int n, int inverse)
{
    int rc = 0;
    lanes_idle(d);
    for (int i = 0; i < n && !rc; i++)
        rc = cycle(d, 0, inverse, 0);
    return rc;
}

/* A reset (idle lanes) to block size K with programs prog; model: whether the model must take them. */
static int reset_to(drv *d, int K, const fg_iag_lane_prog *prog, int model)
{
    d->K = K;
    memcpy(d->prog, prog, sizeof *prog * (size_t)d->P);
    lanes_idle(d);
    d->resets++;
    int rc = cycle(d, 0, 0, 1);
    if (!rc && model && !d->m.iag)
        rc = d->m.rc;
    if (!rc && !model && d->m.iag)
        rc = fg_set_error(FG_ESTATE, "IAG traffic: the model takes K=%d", K);
    return rc;
}

/* Idle cycles (or, traffic, random valid inputs and a start in cycle 3, all ignored) until ready. */
static int preprocess(drv *d, int traffic)
{
    int rc = 0;
    lanes_idle(d);
    for (long n = 0; !rc && !model_ready(&d->m); n++) {
        if (n > PREPROCESS_LIMIT)
            return fg_set_error(FG_ESTATE, "IAG preprocessing did not finish in %d cycles", PREPROCESS_LIMIT);
        for (int l = 0; traffic && l < d->P; l++)
            d->lane[l] = (fg_iag_lane_in){(uint8_t)(rnd(d, 8) == 0), (int32_t)rnd(d, (uint32_t)d->K)};
        rc = cycle(d, traffic && n == 3, 1, 0);
    }
    return rc;
}

/* Whether the model takes programs prog for K. */
static int accepts(const drv *d, int K, const fg_iag_lane_prog *prog)
{
    fg_iag *g;
    const fg_iag_cfg cfg = {d->m.std, K, d->P, prog};
    if (fg_iag_create(&cfg, &g)) {
        fg_clear_error();
        return 0;
    }
    fg_iag_destroy(g);
    return 1;
}

static int weak(const drv *d, const char *what)
{
    return fg_set_error(FG_EMISMATCH, "IAG traffic K=%d: %s (the traffic tests less than it should)", d->K, what);
}

/* A start, then every lane's positions without bubbles: the XMAP schedule x (xmap) or each lane's whole
 * progression, one position per cycle; every input must be served. */
static int full_half(drv *d, const fg_xmap_schedule *x, int xmap, int inverse)
{
    lanes_idle(d);
    int rc = cycle(d, 1, inverse, 0), pos[FG_IAG_LANES_MAX];
    const long before = d->addresses;
    long inputs = 0;
    for (int l = 0; l < d->P; l++)
        pos[l] = d->prog[l].start;
    for (int c = 0, busy = 1; busy && !rc; c++) {
        busy = 0;
        for (int l = 0; l < d->P; l++) {
            int p = -1;
            if (xmap)
                p = c < x->cycles ? fg_xmap_position(x, c, l) : -1;
            else if (pos[l] >= 0 && pos[l] < d->K) {
                p = pos[l];
                pos[l] += d->prog[l].stride;
            }
            d->lane[l] = (fg_iag_lane_in){(uint8_t)(p >= 0), p >= 0 ? p : 0};
            inputs += p >= 0;
            busy |= p >= 0 || (xmap && c < x->cycles);
        }
        rc = cycle(d, 0, inverse, 0);
    }
    if (!rc)
        rc = idle(d, latency(d->m.std), inverse);
    if (!rc && (d->addresses - before != inputs || (xmap && inputs != d->K)))
        rc = weak(d, "a whole half-iteration without bubbles left inputs unserved");
    return rc;
}

/* A start, then each lane walks its program for `cycles` cycles with bubbles, wrong x and inputs past its end. */
static int walk(drv *d, int inverse, int cycles)
{
    lanes_idle(d);
    int rc = cycle(d, 1, inverse, 0), pos[FG_IAG_LANES_MAX];
    for (int l = 0; l < d->P; l++)
        pos[l] = d->prog[l].start;
    for (int c = 0; c < cycles && !rc; c++) {
        for (int l = 0; l < d->P; l++) {
            const uint32_t r = rnd(d, 100);
            d->lane[l] = (fg_iag_lane_in){0, 0};
            if (r < 75 && pos[l] >= 0 && pos[l] < d->K) {
                d->lane[l] = (fg_iag_lane_in){1, pos[l]};
                pos[l] += d->prog[l].stride;
            } else if (r < 80)
                d->lane[l] = (fg_iag_lane_in){1, (int32_t)rnd(d, 1u << FG_VECP_POS_BITS)};
        }
        rc = cycle(d, 0, inverse, 0);
    }
    return rc;
}

/* Sweep, the i-th block size K. */
static int sweep_k(drv *d, int K, int i)
{
    fg_xmap_schedule x;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    const int P = d->P, variant = i % 3;
    int rc = fg_xmap_schedule_init(&x, K, P);
    if (rc)
        return rc;
    fg_iag_xmap_program(&x, prog);
    for (int l = 0; variant && l < P; l++)
        if (variant == 1) { /* +-1 from spread starts, the last lane unused */
            const long a = (long)K * l / P, b = (long)K * (l + 1) / P - 1;
            prog[l] = (fg_iag_lane_prog){l == P - 1 ? -1 : (int32_t)(l & 1 ? b : a), l & 1 ? -1 : 1};
        } else
            prog[l] = (fg_iag_lane_prog){(int32_t)rnd(d, (uint32_t)K), rnd(d, 2) ? 2 : -2};
    const int xmap = !variant || !accepts(d, K, prog); /* a stride of 2 needs columns of >= 4 cells */
    if (xmap)
        fg_iag_xmap_program(&x, prog);
    const int inv = !d->m.forward_only;
    if ((rc = reset_to(d, K, prog, 1)) || (rc = preprocess(d, 1)) || (rc = full_half(d, &x, xmap, 0)) ||
        (rc = full_half(d, &x, xmap, inv)) || (rc = walk(d, 0, x.cycles + 8)) || (rc = walk(d, inv, x.cycles + 8)) ||
        (rc = idle(d, latency(d->m.std), 0)) || !d->m.forward_only)
        return rc;
    /* the interleave-only hardware after an inverse start: every valid input err, never an address */
    const long errs = d->errors;
    lanes_idle(d);
    rc = cycle(d, 1, 1, 0);
    for (int c = 0; c < 24 && !rc; c++) {
        for (int l = 0; l < P; l++)
            d->lane[l] = (fg_iag_lane_in){(uint8_t)(c < 16), c ? c : prog[l].start < 0 ? 0 : prog[l].start};
        rc = cycle(d, 0, 0, 0);
    }
    return rc || d->errors - errs == 16L * P ? rc : weak(d, "inputs after an inverse start were not all refused");
}

/* Stress: six XMAP half-iterations back to back (inverse first; the last two with per-lane bubbles). */
static int xmap_halves(drv *d, int K)
{
    fg_xmap_schedule s;
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    int rc = fg_xmap_schedule_init(&s, K, d->P);
    if (rc)
        return rc;
    fg_iag_xmap_program(&s, prog);
    if ((rc = reset_to(d, K, prog, 1)) || (rc = preprocess(d, 0)))
        return rc;
    const long addr0 = d->addresses, err0 = d->errors;
    long inputs = 0;
    for (int h = 0; h < 6 && !rc; h++) {
        const int bubbles = h >= 4, inverse = !(h & 1) && !d->m.forward_only;
        int cur[FG_IAG_LANES_MAX] = {0};
        lanes_idle(d);
        rc = cycle(d, 1, inverse, 0);
        for (int more = 1, any = 1; !rc && (more || any);) {
            more = any = 0;
            for (int l = 0; l < d->P; l++) {
                int *c = &cur[l];
                d->lane[l] = (fg_iag_lane_in){0, 0};
                if (!bubbles) { /* lock step: cycle c of the schedule on every lane */
                    const int x = *c < s.cycles ? fg_xmap_position(&s, (*c)++, l) : -1;
                    d->lane[l] = (fg_iag_lane_in){(uint8_t)(x >= 0), x >= 0 ? x : 0};
                } else { /* a lane idles at random (p = 0.3) */
                    while (*c < s.cycles && fg_xmap_position(&s, *c, l) < 0)
                        (*c)++;
                    if (*c < s.cycles && rnd(d, 10) >= 3)
                        d->lane[l] = (fg_iag_lane_in){1, fg_xmap_position(&s, (*c)++, l)};
                    while (*c < s.cycles && fg_xmap_position(&s, *c, l) < 0)
                        (*c)++;
                }
                more |= *c < s.cycles;
                any |= d->lane[l].valid;
                inputs += d->lane[l].valid;
            }
            if (more || any)
                rc = cycle(d, 0, inverse, 0);
        }
    }
    if (!rc)
        rc = idle(d, latency(d->m.std) + 2, 0);
    if (!rc && (d->addresses - addr0 != 6L * K || inputs != 6L * K || d->errors != err0))
        rc = weak(d, "six XMAP half-iterations did not give 6 K addresses without err");
    return rc;
}

/* Stress: lanes of strides +1, -1, +2, -2 (lane l % 4) from within 300 (every other group of 4: 4)
 * positions of the end they walk to, a position every cycle for 320 cycles, past the end, in both modes. */
static int edges(drv *d, int K)
{
    static const int strides[] = {1, -1, 2, -2};
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    const uint32_t span = (uint32_t)(K < 300 ? K : 300);
    for (int l = 0; l < d->P; l++) {
        const int s = strides[l % 4], off = (int)rnd(d, (l / 4) % 2 ? span : 4u);
        prog[l] = (fg_iag_lane_prog){s > 0 ? K - 1 - off : off, s};
    }
    int rc = reset_to(d, K, prog, 1);
    if (!rc)
        rc = preprocess(d, 0);
    const long addr0 = d->addresses, err0 = d->errors;
    for (int mode = 1; mode >= 0 && !rc; mode--) {
        int pos[FG_IAG_LANES_MAX];
        lanes_idle(d);
        rc = cycle(d, 1, mode, 0);
        for (int l = 0; l < d->P; l++)
            pos[l] = prog[l].start;
        for (int c = 0; c < 320 && !rc; c++) {
            for (int l = 0; l < d->P; l++) {
                d->lane[l] = (fg_iag_lane_in){(uint8_t)(pos[l] >= 0), pos[l] >= 0 ? pos[l] : 0};
                if (pos[l] >= 0 && pos[l] < K)
                    pos[l] += prog[l].stride;
            }
            rc = cycle(d, 0, mode, 0);
        }
    }
    if (!rc && (d->addresses == addr0 || (K < 300 && d->errors == err0)))
        rc = weak(d, "lanes past the block's ends gave no address or no err");
    return rc;
}

/* Stress: random programs (some lanes unused) and traffic: inputs and starts while preprocessing, then
 * starts in random modes, mostly the right x, wrong x, inputs on unused lanes and past the end, for
 * `cycles` cycles after ready; then a reset with work in flight to K2 and the same again. */
static int random_traffic(drv *d, int K1, int K2, long cycles)
{
    static const int strides[] = {-2, -1, 1, 2};
    const long addr0 = d->addresses, err0 = d->errors, starts0 = d->starts;
    int rc = 0;
    for (int part = 0; part < 2 && !rc; part++) {
        const int K = part ? K2 : K1;
        fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
        int pos[FG_IAG_LANES_MAX], running = 0, tries = 0;
        do
            for (int l = 0; l < d->P; l++)
                prog[l] = (fg_iag_lane_prog){rnd(d, 8) ? (int32_t)rnd(d, (uint32_t)K) : -1, strides[rnd(d, 4)]};
        while (!accepts(d, K, prog) && ++tries < 20);
        if ((rc = reset_to(d, K, prog, 1)))
            return rc;
        for (int l = 0; l < d->P; l++)
            pos[l] = -1; /* shadow of the position registers */
        for (long c = 0, after = 0; after < cycles && !rc; c++) {
            const int ready = model_ready(&d->m), start = rnd(d, 40) == 0, inverse = (int)rnd(d, 2);
            const int go = start && ready;
            const uint32_t load = (c / 200) % 3 == 0 ? 95 : 50;
            after += ready;
            for (int l = 0; l < d->P; l++) {
                fg_iag_lane_in *li = &d->lane[l];
                const uint32_t r = rnd(d, 100);
                li->valid = rnd(d, 100) < load;
                li->x = r < 80 && pos[l] >= 0 ? (pos[l] < (1 << FG_VECP_POS_BITS) ? pos[l] : 0) /* the right x */
                        : r < 90             ? (int32_t)rnd(d, (uint32_t)K)               /* wrong, mostly */
                                             : (int32_t)rnd(d, 1u << FG_VECP_POS_BITS);
                if (!li->valid && rnd(d, 2))
                    li->x = 0;
                if (li->valid && !go && running && prog[l].start >= 0 && li->x == pos[l] && pos[l] < K)
                    pos[l] += prog[l].stride;
            }
            if (go) {
                running = 1;
                for (int l = 0; l < d->P; l++)
                    pos[l] = prog[l].start;
            }
            rc = cycle(d, start, inverse, 0);
        }
    }
    if (!rc && (d->starts == starts0 || d->addresses == addr0 || d->errors == err0))
        rc = weak(d, "random traffic gave no start, address or err");
    return rc;
}

/* Stress, LTE: a k_i that is no LTE size (41): never ready, err for every valid input a cycle later. */
static int bad_k(drv *d)
{
    fg_iag_lane_prog prog[FG_IAG_LANES_MAX];
    for (int l = 0; l < d->P; l++)
        prog[l] = (fg_iag_lane_prog){l, 1};
    int rc = reset_to(d, 41, prog, 0);
    for (int c = 0; c < 2000 && !rc; c++) {
        for (int l = 0; l < d->P; l++)
            d->lane[l] = (fg_iag_lane_in){(uint8_t)rnd(d, 2), l};
        rc = cycle(d, rnd(d, 4) == 0, 0, 0);
    }
    return rc;
}

int fg_vec_make_iag_traffic(const char *dir, const fg_vec_iag_params *p, long *total_cycles)
{
    int rc = fg_iag_check_pllr(p->pllr);
    if (!rc && (p->traffic != FG_VEC_IAG_SWEEP && p->traffic != FG_VEC_IAG_STRESS))
        rc = fg_set_error(FG_EINVAL, "traffic=%d invalid: sweep (1) or stress (2)", (int)p->traffic);
    if (!rc && (p->n < 1 || !p->K_n))
        rc = fg_set_error(FG_EINVAL, "n=%d block sizes: at least one is needed", p->n);
    if (!rc && p->forward_only && p->std != FG_STD_UMTS)
        rc = fg_set_error(FG_EINVAL, "forward_only=1 exists for std=umts only");
    for (int i = 0; !rc && i < p->n; i++)
        rc = fg_interleaver_check_k(p->std, p->K_n[i]);
    if (rc)
        return rc;
    drv *d = calloc(1, sizeof *d);
    fg_vec_layout lay = {0};
    if (!d)
        return fg_set_error(FG_ENOMEM, "out of memory for the IAG traffic");
    d->P = d->m.P = p->pllr;
    d->m.std = p->std;
    d->m.forward_only = p->forward_only;
    model_ports(&d->m, 1);
    fg_rng_init(&d->rng, p->seed, (uint64_t)p->traffic);
    if ((rc = fg_vec_layout_iag_traffic(d->P, &lay)) || (rc = fg_vec_writer_open(dir, "iag", &d->w)))
        goto done;
    int ids[2] = {0, 0};
    fg_vec_set_options(d->w, p->options);
    fg_vec_derived_int(d->w, "seed", (long long)p->seed);
    if ((rc = fg_vec_layout_add(d->w, &lay, ids)))
        goto done;
    d->sid = ids[0];
    d->eid = ids[1];
    for (int i = 0; !rc && i < p->n; i++) {
        const int K = p->K_n[i];
        if (p->traffic == FG_VEC_IAG_SWEEP)
            rc = sweep_k(d, K, i);
        else if (!(rc = xmap_halves(d, K)) && !(rc = edges(d, K)))
            rc = random_traffic(d, K, p->K_n[(i + 1) % p->n], 2000);
    }
    if (!rc && p->traffic == FG_VEC_IAG_STRESS && p->std == FG_STD_LTE)
        rc = bad_k(d);
    if (rc)
        goto done;
    fg_vec_count(d->w, "sizes", p->n);
    fg_vec_count(d->w, "resets", d->resets);
    fg_vec_count(d->w, "starts", d->starts);
    fg_vec_count(d->w, "addresses", d->addresses);
    fg_vec_count(d->w, "errors", d->errors);
    fg_vec_count(d->w, "latency", latency(p->std));
    fg_vec_count(d->w, "trace_cycles", d->lines);
    rc = fg_vec_writer_commit(d->w);
    d->w = NULL;
    if (!rc && total_cycles)
        *total_cycles = d->lines;
done:
    fg_vec_writer_abort(d->w);
    fg_iag_destroy(d->m.iag);
    fg_vec_layout_free(&lay);
    free(d);
    return rc;
}
