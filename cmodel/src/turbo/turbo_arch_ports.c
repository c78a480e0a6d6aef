/* The ports of the generated turbo decoder's top (fg_turbo_arch_rtl_ports, fecforge/turbo_arch.h), the one
 * declaration of its interface; the port-level model of the turbo vector sets (vectors_turbo_arch.c) fills the
 * structs they bind. */
#include "fecforge/turbo_arch.h"

#include "fecforge/vectors.h"

#include <stddef.h>
#include <string.h>

#define IN FG_VEC_IN, FG_PORT_DATA
#define OUT FG_VEC_OUT, FG_PORT_DATA
#define I(f) FG_PORT_INT, offsetof(fg_turbo_rtl_in, f), 0, 0
#define O(f) FG_PORT_INT, offsetof(fg_turbo_rtl_out, f), 0, 0
/* lane l's (bank b's) member f: one element per row, rows a lane (bank) apart, in lane group g */
#define L(f) FG_PORT_INT, offsetof(fg_turbo_rtl_out, lane[0].f), 1, sizeof(fg_turbo_rtl_lane), .group = 1
#define B(f) FG_PORT_INT, offsetof(fg_turbo_rtl_out, bank[0].f), 1, sizeof(fg_turbo_rtl_bank), .group = 2

/* The ports the streams hold last: the stimulus ends with umts_i, the expected stream with hard_rd_data_o. */
static int streams_last(const fg_port *p) { return !strcmp(p->name, "umts_i") || !strcmp(p->name, "hard_rd_data_o"); }

int fg_turbo_arch_rtl_ports(const fg_vec_turbo_arch_dims *d, const fg_xmap_fmt *f, fg_port *out)
{
    const int NL = d->nl, AW = d->aw, WC = f->w_ch, WX = f->w_ext;
    fg_port all[] = { /* in the module's order */
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock"},
        {"rst_ni", FG_VEC_IN, FG_PORT_RESET, 1, 1, .doc = "synchronous active-low reset"},
        {"k_i", IN, 1, AW, 0, 0, "block size K (registered; static from one cycle before the first load to done_o)",
         I(k), .group = 0},
        {"umts_i", IN, 1, 1, 0, 0, "the block's standard: 1 HSPA+, 0 LTE (registered; static as k_i)", I(umts), .group = 0},
        {"half_iters_i", IN, 1, 8, 0, 0, "half-iterations, >= 1 (registered; static as k_i)", I(half_iters), .group = 0},
        {"tail_i", IN, FG_TURBO_RTL_TAIL, WC, 1, 0,
         "the encoders' tails x z x z x z, encoder s at [s*6*W_CH +: 6*W_CH] (static)", I(tail), .group = 0},
        {"ld_valid_i", IN, 1, 1, 0, 0, "load port, idle or done: the channel words of position ld_pos_i < K",
         I(ld_valid), .group = 0},
        {"ld_pos_i", IN, 1, AW, 0, 0, "natural position k", I(ld_pos), .group = 0},
        {"ld_data_i", IN, 4, WC, 1, 0, "{z'[k], x[pi(k)], z[k], x[k]}, W_CH bits each", I(ld_data), .group = 0},
        {"start_i", IN, 1, 1, 0, 0, "idle or done, K a size of the design: begin the block", I(start), .group = 0},
        {"hard_rd_pos_i", IN, 1, AW, 0, 0, "unload port: natural bit j", I(hard_rd_pos), .group = 0},
        {"k_ok_o", OUT, 1, 1, 0, 0, "the registered K is a size of the design (loads and start are ignored otherwise)",
         O(k_ok), .group = 0},
        {"hard_rd_data_o", OUT, 1, 1, 0, 0, "decision of bit hard_rd_pos_i of the previous cycle (valid in done)",
         O(hard_rd_data), .group = 0},
        {"state_o", OUT, 1, 2, 0, 0, "0 idle, 1 preprocess (IAG), 2 half-iteration, 3 done", O(state), .group = 0},
        {"half_o", OUT, 1, 8, 0, 0, "half-iteration, from 0", O(half), .group = 0},
        {"tau_o", OUT, 1, d->tw, 0, 0, "cycle inside the half-iteration", O(tau), .group = 0},
        {"half_end_o", OUT, 1, 1, 0, 0, "last cycle of a half-iteration", O(half_end), .group = 0},
        {"done_o", OUT, 1, 1, 0, 0, "the block is decoded", O(done), .group = 0},
        {"rd_valid_o", OUT, NL, 1, 0, 0, "lane l reads natural position rd_pos_o[l] (channel and extrinsic memories)",
         L(rd_valid)},
        {"rd_pos_o", OUT, NL, AW, 0, 0, "the position, [l*13 +: 13]", L(rd_pos)},
        {"rd_bank_o", OUT, NL, d->bw, 0, 0, "its extrinsic bank", L(rd_bank)},
        {"rd_row_o", OUT, NL, d->rw, 0, 0, "and row", L(rd_row)},
        {"rd_sys_o", OUT, NL, WC, 1, 0, "the systematic LLR read (this half-iteration's decoder)", L(rd_sys)},
        {"rd_par_o", OUT, NL, WC, 1, 0, "the parity LLR read", L(rd_par)},
        {"rd_apr_o", OUT, NL, WX, 1, 0, "the a-priori (extrinsic) LLR read", L(rd_apr)},
        {"out_valid_o", OUT, NL, 1, 0, 0, "lane l's SISO output: the extrinsic LLR of position out_x_o[l]",
         L(out_valid)},
        {"out_x_o", OUT, NL, AW, 0, 0, "its position in the decoder's order", L(out_x)},
        {"out_llr_o", OUT, NL, WX, 1, 0, "its extrinsic LLR", L(out_llr)},
        {"iag_valid_o", OUT, NL, 1, 0, 0, "the IAG's address of that output (LIAG cycles later)", L(iag_valid)},
        {"iag_err_o", OUT, NL, 1, 0, 0, "the IAG did not serve the lane's input", L(iag_err)},
        {"iag_addr_o", OUT, NL, AW, 0, 0, "the interleaved (first decoder: deinterleaved) address", L(iag_addr)},
        {"word_valid_o", OUT, NL, 1, 0, 0, "lane l's write word", L(word_valid)},
        {"word_bank_o", OUT, NL, d->bw, 0, 0, "its (logical) bank: LTE qpp, HSPA+ xmap-xor mapping", L(word_bank)},
        {"word_row_o", OUT, NL, d->rw, 0, 0, "its row", L(word_row)},
        {"word_data_o", OUT, NL, WX, 1, 0, d->dbcf ? "its LLR (through the DBCF: to it)" : "its LLR", L(word_data)},
        {"ext_we_o", OUT, NL, 1, 0, 0, "extrinsic (logical) bank b writes this cycle", B(we)},
        {"ext_row_o", OUT, NL, d->rw, 0, 0, "its row", B(row)},
        {"ext_data_o", OUT, NL, WX, 1, 0, "its LLR", B(data)},
    };
    _Static_assert(sizeof all / sizeof all[0] == FG_TURBO_RTL_PORTS, "FG_TURBO_RTL_PORTS counts the table");
    int n = 0;
    for (int i = 0; i < FG_TURBO_RTL_PORTS; i++)
        all[i].rtl_order = i;
    for (int last = 0; last < 2; last++) /* the table in the streams' order */
        for (int i = 0; i < FG_TURBO_RTL_PORTS; i++)
            if ((d->both || strcmp(all[i].name, "umts_i")) && /* a design of one standard has no umts_i */
                streams_last(&all[i]) == last)
                out[n++] = all[i];
    return n;
}
