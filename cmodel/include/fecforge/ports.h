/* The ports of a hardware block, declared once (docs/architecture.md "Designs"): a table of fg_port that the
 * block's step model fills for a configuration, rendered by every layer that needs the block's interface:
 * the module's port list, the "ports" of `gen`'s manifest.json, the self-checking testbench, the stimulus
 * and expected streams of its vector sets (fg_vec_layout_ports) and the packing of the model's input and
 * output structs into those streams' lines and back (fg_ports_pack, fg_ports_unpack).
 *
 * A port is `lanes` elements of `width` bits; in the Verilog it is one vector of lanes x width bits,
 * element e at [e*width +: width], and in a vector set `lanes` ports name[0] .. name[lanes-1] (a port of one
 * lane that is not marked `lanes_vector` is the scalar `name`). In the model's struct element e of a port is
 * the `ctype` at offset + (e / row) * row_stride + (e % row) * sizeof(ctype) (row 0: every element in one
 * row), so a port bound to `int valid[2]` or `int32_t sym[2][N_MAX]` packs without code of its own.
 *
 * Streams follow table order, port by port, except in a lane group: consecutive ports with the same non-zero
 * `group` and the same `lanes` stream lane by lane (lane 0 of each port of the group, then lane 1, ...), as a
 * bank's write enable, row and data do. A port of direction FG_VEC_STATE is a register inside the module that
 * the expected stream records (the DBCF's LFSR): it sits in the output side of the streams and of the model's
 * output struct, but not in the module's port list or the manifest's "ports". Where the module orders its
 * ports otherwise than the streams (the DBCF's levels before its bank ports), `rtl_order` gives the module's
 * order and the table stays in stream order. */
#ifndef FECFORGE_PORTS_H
#define FECFORGE_PORTS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a port carries: data of the cycle streams, or the clock and reset (in no stream). FG_PORT_UNSTREAMED: a
 * port of the module that no cycle stream carries: an input loaded from a table stream of the vector sets (the
 * subsystem's lane programs) or an output the step model does not drive (the LDPC decoder's llr_ready_o). */
typedef enum { FG_PORT_DATA = 0, FG_PORT_CLOCK = 1, FG_PORT_RESET = 2, FG_PORT_UNSTREAMED = 3 } fg_port_role;

/* The C type of an element in the model's struct. */
typedef enum { FG_PORT_NONE = 0, FG_PORT_INT, FG_PORT_I32, FG_PORT_U8 } fg_port_ctype;

typedef struct {
    const char *name;     /* the RTL name: "in_sym_i" */
    int dir;              /* FG_VEC_IN (0), FG_VEC_OUT (1) or FG_VEC_STATE (2) of fecforge/vectors.h */
    fg_port_role role;
    int lanes;            /* elements, >= 1 */
    int width;            /* bits per element, [1, 64] */
    int is_signed;        /* two's complement elements */
    int lanes_vector;     /* 1: indexed in the vector sets even with one lane */
    const char *doc;      /* one line: the port list's comment, the reference page */
    /* where the elements live in the model's input (FG_VEC_IN) or output (FG_VEC_OUT) struct */
    fg_port_ctype ctype;  /* FG_PORT_NONE: not in the struct (clock, reset) */
    size_t offset;
    int row;              /* elements per row (0: all) */
    size_t row_stride;    /* bytes from a row to the next */
    int group;            /* 0, or the lane group the port belongs to (streamed lane by lane with its group) */
    int rtl_order;        /* the module lists its ports sorted by this (stable: all 0 = table order) */
    int rtl_width;        /* 0, or the bits of an element in the module when wider than the streams' `width` (a
                             level that the module zero-extends onto a common width) */
    int bus;              /* 1: a Verilog vector [W-1:0] even of one bit (a width the configuration sets) */
} fg_port;

/* The largest table of a block. */
enum { FG_PORTS_MAX = 64 };

/* The bits of an element in the module, and the port's Verilog width: lanes x that. */
static inline int fg_port_rtl_width(const fg_port *p) { return p->rtl_width > p->width ? p->rtl_width : p->width; }
static inline int fg_port_bits(const fg_port *p) { return p->lanes * fg_port_rtl_width(p); }

/* The elements of the data ports of side dir: FG_VEC_IN the inputs, FG_VEC_OUT the outputs and the state
 * ports (the values of one line of the stimulus or the expected stream). */
int fg_ports_count(const fg_port *ports, int n, int dir);

/* The module's ports of a table (its state ports left out) in the module's order: sorted by rtl_order, stable;
 * returns how many (at most n) into out. */
int fg_ports_module_order(const fg_port *ports, int n, fg_port *out);

/* The end of the lane group that starts at port i (i + 1 for a port outside a group): ports i .. end-1
 * stream lane by lane. */
int fg_ports_group_end(const fg_port *ports, int n, int i);

/* The data ports of side dir of the struct at st into v (fg_ports_count values), element by element in
 * stream order; unpack is the inverse (the struct zeroed first, size bytes). */
void fg_ports_pack(const fg_port *ports, int n, int dir, const void *st, int64_t *v);
void fg_ports_unpack(const fg_port *ports, int n, int dir, const int64_t *v, void *st, size_t size);

/* visit(p, lane, arg) for every element of side dir in stream order (what a layout or a harness lists). */
void fg_ports_each(const fg_port *ports, int n, int dir, void (*visit)(const fg_port *p, int lane, void *arg),
                   void *arg);

/* A table's check: names, widths, lanes, groups and struct bindings usable (FG_EINVAL naming the port). A table
 * binds every data port or none (a model without input and output structs, whose writer packs the lines). */
int fg_ports_check(const fg_port *ports, int n);

#ifdef __cplusplus
}
#endif
#endif
