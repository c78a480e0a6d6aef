/* The ports of the DBCF network's RTL twin (fg_dbcf_ports, fecforge/dbcf.h) and of the write path around it
 * (fg_subsys_ports, fecforge/subsystem.h, which takes the network's rows): the one declaration of both
 * interfaces. The tables are in the order of the vector sets' streams (lanes and banks as lane groups); the
 * modules list their ports in rtl_order. The step models have no input and output structs (their outputs are
 * arrays of the model and getters): the tables bind none, the vector writers pack the lines. */
#include "fecforge/dbcf.h"
#include "fecforge/subsystem.h"

#include "fecforge/vectors.h"

#include <string.h>

enum { LANES = 1, LANES_OUT = 2, BANKS = 3, SUB_LANES = 4 }; /* the lane groups */

int fg_dbcf_level_width(const fg_dbcf_cfg *cfg)
{
    const int slots = 2 * cfg->pllr, fb = cfg->fifo_depth > cfg->buf_depth + 1 ? cfg->fifo_depth : cfg->buf_depth + 1;
    return fg_vec_width_for((fb > slots ? fb : slots) + 1);
}

/* A data port of lanes elements (an indexed vector in the streams), in group g, the module's port o. */
#define VEC(name, dir, lanes, width, g, o, doc) {name, dir, FG_PORT_DATA, lanes, width, 0, 1, doc, .group = g, .rtl_order = o}
#define ONE(name, dir, width, o, doc) {name, dir, FG_PORT_DATA, 1, width, 0, 0, doc, .rtl_order = o}

int fg_dbcf_ports(const fg_dbcf_cfg *cfg, int bank_depth, int data_width, int flags, fg_port *out)
{
    const int P = cfg->pllr, M = cfg->banks, W = data_width, BW = fg_vec_width_for(M),
              RW = fg_vec_width_for(bank_depth), CW = fg_dbcf_level_width(cfg);
    const fg_port all[] = {
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock", .rtl_order = 1},
        VEC("lane_valid_i", FG_VEC_IN, P, 1, LANES, 3, "lane l offers a new word (bit l)"),
        VEC("lane_bank_i", FG_VEC_IN, P, BW, LANES, 4, "target bank of lane l's word ([l*BW +: BW])"),
        VEC("lane_row_i", FG_VEC_IN, P, RW, LANES, 5, "row inside the bank"),
        VEC("lane_data_i", FG_VEC_IN, P, W, LANES, 6, "payload (LLR)"),
        VEC("bank_rd_row_i", FG_VEC_IN, M, RW, 0, 7, "read port: row of bank b to read ([b*RW +: RW])"),
        /* a data port of the random traffic's sets: a reset in flight */
        {"rst_ni", FG_VEC_IN, flags & FG_DBCF_PORTS_RESET ? FG_PORT_DATA : FG_PORT_RESET, 1, 1,
         .doc = "synchronous active-low reset", .rtl_order = 2},
        VEC("accept_new_o", FG_VEC_OUT, P, 1, LANES_OUT, 8, "lane's new word admitted by the router"),
        VEC("accept_head_o", FG_VEC_OUT, P, 1, LANES_OUT, 9, "lane's FIFO head admitted (popped)"),
        VEC("reject_o", FG_VEC_OUT, P, 1, LANES_OUT, 10, "lane's new word neither admitted nor queued"),
        VEC("bank_we_o", FG_VEC_OUT, M, 1, BANKS, 12, "bank b writes this cycle"),
        VEC("bank_row_o", FG_VEC_OUT, M, RW, BANKS, 13, "row of bank b's write (0 when no write)"),
        VEC("bank_data_o", FG_VEC_OUT, M, W, BANKS, 14, "data of bank b's write (0 when no write)"),
        /* the FIFOs and buffers count in their own widths, zero-extended onto CW bits */
        {"fifo_level_o", FG_VEC_OUT, FG_PORT_DATA, P, fg_vec_width_for(cfg->fifo_depth + 1), 0, 1,
         "registered FIFO level of lane l ([l*CW +: CW])", .rtl_order = 11, .rtl_width = CW},
        {"buf_level_o", FG_VEC_OUT, FG_PORT_DATA, M, fg_vec_width_for(cfg->buf_depth + 1), 0, 1,
         "registered circular-buffer level of bank b", .rtl_order = 15, .rtl_width = CW},
        ONE("lfsr_o", FG_VEC_STATE, 16, 0, "the priority LFSR (registered)"),
        ONE("empty_o", FG_VEC_STATE, 1, 0, "no word in any FIFO or buffer (registered)"),
        ONE("overflow_o", FG_VEC_OUT, 1, 17, "sticky register: a word was rejected (lost) since the reset"),
        ONE("done_o", FG_VEC_OUT, 1, 18, "no word pending: every FIFO and buffer empty (registered levels)"),
        VEC("bank_rd_data_o", FG_VEC_OUT, M, W, 0, 16,
            "read port: bank b's row bank_rd_row_i of the previous cycle (latency 1)"),
    };
    int n = 0;
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (!((flags & FG_DBCF_PORTS_XB) && !strncmp(all[i].name, "bank_rd_", 8)) &&
            !((flags & FG_DBCF_PORTS_NO_EMPTY) && !strcmp(all[i].name, "empty_o")))
            out[n++] = all[i];
    return n;
}

/* The write path's module order and its words for each port (those of the DBCF's rows included). */
static const struct {
    const char *name, *doc;
} subsys_rtl[] = {
    {"clk_i", "clock"},
    {"rst_ni", "synchronous active-low reset (= fg_subsys_reset); IAG preprocessing starts after it"},
    {"k_i", "block size K, held constant from reset on"},
    {"lane_start_i", "lane l's first position, signed ([l*14 +: 14]; -1 = unused), static"},
    {"lane_stride_i", "lane l's stride, signed +-1 or +-2 ([l*3 +: 3]), static"},
    {"start_i", "load the IAG lane seeds of mode inverse_i (ignored before ready_o)"},
    {"inverse_i", "0: forward x -> pi(x), 1: inverse x -> pi^-1(x); sampled with start_i"},
    {"lane_valid_i", "lane l emits an LLR this cycle"},
    {"lane_x_i", "its natural position ([l*13 +: 13])"},
    {"lane_llr_i", "its LLR ([l*W +: W])"},
    {"bank_rd_row_i", "bank read port (decoder side): row of bank b ([b*RW +: RW])"},
    {"ready_o", "IAG preprocessing done"},
    {"lane_err_o", "IAG: the input of latency cycles ago was not served (nothing goes to the DBCF)"},
    {"accept_new_o", "DBCF: lane's new word admitted by the router"},
    {"accept_head_o", "DBCF: lane's FIFO head admitted (popped)"},
    {"reject_o", "DBCF: lane's new word neither admitted nor queued (lost)"},
    {"fifo_level_o", "DBCF: registered FIFO level of lane l ([l*CW +: CW])"},
    {"bank_we_o", "bank b writes this cycle"},
    {"bank_row_o", "row of bank b's write (0 when no write)"},
    {"bank_data_o", "LLR of bank b's write (0 when no write)"},
    {"buf_level_o", "DBCF: registered circular-buffer level of bank b"},
    {"bank_rd_data_o", "bank b's row bank_rd_row_i of the previous cycle (read latency 1)"},
    {"overflow_o", "DBCF: sticky register, a word was rejected (lost) since the reset"},
    {"done_o", "DBCF: no word pending in any FIFO or buffer (registered levels; not the IAG pipeline)"},
};

int fg_subsys_ports(const fg_dbcf_cfg *cfg, int bank_depth, int data_width, fg_port *out)
{
    enum { AW = 13 }; /* positions, k_i: < 2^13 (K <= 6144) */
    const int P = cfg->pllr;
    fg_port d[FG_DBCF_PORTS_MAX];
    const int nd = fg_dbcf_ports(cfg, bank_depth, data_width, FG_DBCF_PORTS_NO_EMPTY, d);
    const fg_port own[] = {
        ONE("k_i", FG_VEC_IN, AW, 0, NULL),
        {"lane_start_i", FG_VEC_IN, FG_PORT_UNSTREAMED, P, AW + 1, 1, 1, .doc = NULL},
        {"lane_stride_i", FG_VEC_IN, FG_PORT_UNSTREAMED, P, 3, 1, 1, .doc = NULL},
        ONE("start_i", FG_VEC_IN, 1, 0, NULL),
        ONE("inverse_i", FG_VEC_IN, 1, 0, NULL),
        VEC("lane_valid_i", FG_VEC_IN, P, 1, SUB_LANES, 0, NULL),
        VEC("lane_x_i", FG_VEC_IN, P, AW, SUB_LANES, 0, NULL),
        VEC("lane_llr_i", FG_VEC_IN, P, data_width, SUB_LANES, 0, NULL),
    };
    const fg_port ready = ONE("ready_o", FG_VEC_OUT, 1, 0, NULL),
                  err = VEC("lane_err_o", FG_VEC_OUT, P, 1, LANES_OUT, 0, NULL); /* with the DBCF's accepts */
    /* the stream order: the clocks, the IAG's inputs, the bank read rows; ready_o, then the DBCF's outputs */
    int n = 0;
    out[n++] = d[0];
    out[n++] = d[6];
    memcpy(&out[n], own, sizeof own);
    n += (int)(sizeof own / sizeof *own);
    out[n++] = d[5];
    out[n++] = ready;
    out[n++] = err;
    memcpy(&out[n], &d[7], sizeof *d * (size_t)(nd - 7));
    n += nd - 7;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < (int)(sizeof subsys_rtl / sizeof *subsys_rtl); k++)
            if (!strcmp(out[i].name, subsys_rtl[k].name)) {
                out[i].rtl_order = k + 1;
                out[i].doc = subsys_rtl[k].doc;
            }
    return n;
}
