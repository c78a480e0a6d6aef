/* The streams and ports of the models' vector sets (fg_vec_layout, vectors.h; vectors/FORMAT.md "Sets of
 * the models"), in one place: the vector writers add them, `fecforge gen` writes the Verilog testbench
 * from them. */
#include "fecforge/error.h"
#include "fecforge/ldpc_arch.h"
#include "fecforge/vectors.h"
#include "vectors_ports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fg_vec_layout_free(fg_vec_layout *l)
{
    free(l->port);
    memset(l, 0, sizeof *l);
}

int fg_vec_layout_add(fg_vec_writer *w, const fg_vec_layout *l, int *id_n)
{
    int rc = 0;
    for (int i = 0; i < l->n && !rc; i++)
        rc = fg_vec_stream_add(w, &l->stream[i], &id_n[i]);
    return rc;
}

int fg_vec_layout_begin(fg_vec_layout *l, int n_ports)
{
    memset(l, 0, sizeof *l);
    l->port = malloc(sizeof *l->port * (size_t)n_ports);
    return l->port ? 0 : fg_set_error(FG_ENOMEM, "out of memory for a vector layout of %d ports", n_ports);
}

void fg_vec_layout_stream(fg_vec_layout *l, const char *name, fg_vec_kind kind, const char *doc, int banks, int depth)
{
    const fg_vec_stream_def *prev = l->n ? &l->stream[l->n - 1] : NULL;
    l->stream[l->n++] = (fg_vec_stream_def){name, kind, doc, prev ? prev->ports + prev->n_ports : l->port, 0,
                                            banks, depth};
}

void fg_vec_layout_port(fg_vec_layout *l, const char *name, int index, fg_vec_dir dir, int width, int is_signed)
{
    fg_vec_stream_def *s = &l->stream[l->n - 1];
    l->port[s->ports - l->port + s->n_ports++] = fg_vec_port_make(name, index, dir, width, is_signed);
}

static void layout_element(const fg_port *p, int e, void *l)
{
    fg_vec_layout_port(l, p->name, p->lanes > 1 || p->lanes_vector ? e : -1, (fg_vec_dir)p->dir, p->width, p->is_signed);
}

void fg_vec_layout_ports(fg_vec_layout *l, const fg_port *ports, int n, fg_vec_dir dir)
{
    fg_ports_each(ports, n, dir, layout_element, l);
}

/* The elements of both sides of a port table, and the stimulus and expected streams of a cycle-accurate design
 * from it (docs: their lines' meaning). */
static int cycle_ports(const fg_port *p, int np)
{
    return fg_ports_count(p, np, FG_VEC_IN) + fg_ports_count(p, np, FG_VEC_OUT);
}

static void layout_cycles(fg_vec_layout *l, const fg_port *p, int np, const char *in_doc, const char *ex_doc)
{
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES, in_doc, 0, 0);
    fg_vec_layout_ports(l, p, np, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES, ex_doc, 0, 0);
    fg_vec_layout_ports(l, p, np, FG_VEC_OUT);
}

/* The bank image after a half-iteration (dbcf, subsystem). */
static void banks_image(fg_vec_layout *l, int M, int depth, int W)
{
    fg_vec_layout_stream(l, "banks", FG_VEC_MEMORY,
                         "bank contents after the half-iteration; x = never written", M, depth);
    fg_vec_layout_port(l, "bank_data", -1, FG_VEC_OUT, W, 0);
}

/* random: the random traffic's set (rst_ni in the stimulus, no bank image; FORMAT.md "dbcf"). */
static int layout_dbcf(const fg_dbcf_cfg *cfg, int depth, int data_width, int random, fg_vec_layout *l)
{
    fg_port p[FG_DBCF_PORTS_MAX];
    const int np = fg_dbcf_ports(cfg, depth, data_width, random ? FG_DBCF_PORTS_RESET : 0, p);
    int rc = fg_vec_layout_begin(l, cycle_ports(p, np) + !random);
    if (rc)
        return rc;
    layout_cycles(l, p, np,
                  random ? "lane inputs, bank read rows and the reset of each cycle (random traffic)"
                         : "lane inputs and bank read rows of each cycle (half-iteration, then read-back)",
                  "outputs, register levels, flags and bank read data during each cycle");
    if (!random)
        banks_image(l, cfg->banks, depth, data_width);
    return 0;
}

int fg_vec_layout_dbcf(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *l)
{
    return layout_dbcf(cfg, depth, data_width, 0, l);
}

int fg_vec_layout_dbcf_random(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *l)
{
    return layout_dbcf(cfg, depth, data_width, 1, l);
}

/* The lane programs of the IAG (iag, subsystem): line l is lane l's. */
static void lane_prog(fg_vec_layout *l)
{
    fg_vec_layout_stream(l, "lane_prog", FG_VEC_TABLE, "line l: lane l's first position (-1: unused) and stride", 0, 0);
    fg_vec_layout_port(l, "lane_start", -1, FG_VEC_IN, FG_VECP_POS_BITS + 1, 1);
    fg_vec_layout_port(l, "lane_stride", -1, FG_VEC_IN, 3, 1);
}

/* traffic: the sets of fg_vec_make_iag_traffic, whose stimulus also has the reset and the lane programs. */
static int layout_iag(int P, int traffic, fg_vec_layout *l)
{
    fg_port ports[FG_IAG_PORTS];
    const int np = fg_iag_ports(P, traffic, ports);
    int rc = fg_vec_layout_begin(l, 2 + fg_ports_count(ports, np, FG_VEC_IN) + fg_ports_count(ports, np, FG_VEC_OUT));
    if (rc)
        return rc;
    if (!traffic)
        lane_prog(l);
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES,
                         traffic ? "inputs of each cycle; rst_ni low: a reset that takes k_i and the lane programs"
                                 : "inputs of each cycle from reset",
                         0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES, "output registers of each cycle", 0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_OUT);
    return 0;
}

int fg_vec_layout_iag(int P, fg_vec_layout *l) { return layout_iag(P, 0, l); }

int fg_vec_layout_iag_traffic(int P, fg_vec_layout *l) { return layout_iag(P, 1, l); }

int fg_vec_layout_subsys(const fg_dbcf_cfg *cfg, int depth, int data_width, fg_vec_layout *l)
{
    fg_port p[FG_SUBSYS_PORTS_MAX];
    const int np = fg_subsys_ports(cfg, depth, data_width, p);
    int rc = fg_vec_layout_begin(l, 2 + cycle_ports(p, np) + 1);
    if (rc)
        return rc;
    lane_prog(l);
    layout_cycles(l, p, np, "inputs of each cycle from reset, then the bank read-back",
                  "outputs, DBCF levels and flags, bank read data during each cycle");
    banks_image(l, cfg->banks, depth, data_width);
    return 0;
}

int fg_ldpc_arch_vec_layout(const fg_ldpc_arch *a, const fg_ldpc_code *code, const fg_ldpc_arch_cfg *cfg, int lanes,
                            int code_index, int frames, int iterations, fg_vec_layout *l)
{
    fg_ldpc_arch_port_dims d;
    fg_port ports[FG_LDPC_ARCH_PORT_COUNT];
    fg_ldpc_arch_port_dims_of(a, lanes, code_index, &d);
    const int np = fg_ldpc_arch_port_table(&d, ports), n = code->n;
    int rc = fg_vec_layout_begin(l, fg_ports_count(ports, np, FG_VEC_IN) + fg_ports_count(ports, np, FG_VEC_OUT) + 1 + 3 + 3 + 4);
    if (rc)
        return rc;
    fg_vec_layout_stream(l, "llr", FG_VEC_MEMORY, "channel LLRs of each frame (code order), frames x n", frames, n);
    fg_vec_layout_port(l, "llr", -1, FG_VEC_IN, cfg->fx.llr_width, 1);
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES,
                         "inputs of each cycle: N2 LLR words while loading; code, iteration limit, ET", 0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES,
                         "port trace of each cycle, write data, the unload port's hard decisions, iterations at done",
                         0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_OUT);
    fg_vec_layout_stream(l, "iterations", FG_VEC_TABLE,
                         "one line per iteration run: frame, iteration, syndrome satisfied", 0, 0);
    fg_vec_layout_port(l, "frame", -1, FG_VEC_OUT, 16, 0);
    fg_vec_layout_port(l, "iteration", -1, FG_VEC_OUT, 11, 0);
    fg_vec_layout_port(l, "syndrome_ok", -1, FG_VEC_OUT, 1, 0);
    fg_vec_layout_stream(l, "app", FG_VEC_MEMORY,
                         "APP values after each iteration of the iterations table (row = its line)",
                         iterations, n);
    fg_vec_layout_port(l, "app", -1, FG_VEC_OUT, cfg->fx.app_width, 1);
    fg_vec_layout_stream(l, "hard", FG_VEC_MEMORY,
                         "hard decisions after each iteration of the iterations table", iterations, n);
    fg_vec_layout_port(l, "hard", -1, FG_VEC_OUT, 1, 0);
    fg_vec_layout_stream(l, "decoded", FG_VEC_MEMORY, "final hard decisions of each frame, frames x n", frames, n);
    fg_vec_layout_port(l, "hard", -1, FG_VEC_OUT, 1, 0);
    fg_vec_layout_stream(l, "frames", FG_VEC_TABLE, "per frame: iterations and cycle counts", 0, 0);
    fg_vec_layout_port(l, "frame", -1, FG_VEC_OUT, 16, 0);
    fg_vec_layout_port(l, "iterations", -1, FG_VEC_OUT, 11, 0);
    fg_vec_layout_port(l, "cycles_total", -1, FG_VEC_OUT, 32, 0);
    fg_vec_layout_port(l, "cycles_decode", -1, FG_VEC_OUT, 32, 0);
    return 0;
}

int fg_vec_layout_viterbi(const fg_vit_hw_dims *d, int frames, int k, fg_vec_layout *l)
{
    fg_port ports[FG_VIT_HW_PORTS];
    const int np = fg_vit_hw_ports(d, ports);
    int rc = fg_vec_layout_begin(l, fg_ports_count(ports, np, FG_VEC_IN) + fg_ports_count(ports, np, FG_VEC_OUT) + 1);
    if (rc)
        return rc;
    fg_vec_layout_stream(l, "stimulus", FG_VEC_CYCLES,
                         "per cycle the stage slots' valid, the frame markers, the soft symbols and "
                         "their erasure flags", 0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_IN);
    fg_vec_layout_stream(l, "expected", FG_VEC_CYCLES,
                         "per cycle ready, the decided bits with their valid, the frame's last bit "
                         "and the best state of the registered metrics", 0, 0);
    fg_vec_layout_ports(l, ports, np, FG_VEC_OUT);
    fg_vec_layout_stream(l, "decoded", FG_VEC_MEMORY, "the decided bits of each frame, frames x k", frames, k);
    fg_vec_layout_port(l, "hard", -1, FG_VEC_OUT, 1, 0);
    return 0;
}
