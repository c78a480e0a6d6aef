/* The ports of the MB-serial LDPC decoder (fg_ldpc_arch_port_table, fecforge/ldpc_arch.h), the one declaration
 * of its interface: the generated module's port list and manifest, the vector sets' stimulus and expected streams,
 * the testbench and the reference page render it. */
#include "ldpc_arch_internal.h"

#include "fecforge/vectors.h"

#include <string.h>

#define IN FG_VEC_IN, FG_PORT_DATA
#define OUT FG_VEC_OUT, FG_PORT_DATA

int fg_ldpc_arch_port_table(const fg_ldpc_arch_port_dims *d, fg_port *out)
{
    const int N2 = d->N2, NL = d->N2 * d->lanes;
    /* in the streams' order (the configuration inputs after the LLR words, the word outputs after the trace);
     * rtl_order: the module's */
    const fg_port all[FG_LDPC_ARCH_PORT_COUNT] = {
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .rtl_order = 0, .doc = "clock"},
        {"rst_ni", FG_VEC_IN, FG_PORT_RESET, 1, 1, .rtl_order = 1, .doc = "synchronous active-low reset: idle, ready for a codeword"},
        {"llr_valid_i", IN, 1, 1, .rtl_order = 5, .doc = "N2 channel-LLR words on llr_i (block columns in order, N2 per cycle)"},
        {"llr_i", IN, NL, d->llr_width, 1, 1, .bus = 1,
         .rtl_order = 6, .doc = "word p lane j at [(p*Zmax + j)*W +: W], signed; lanes >= Z ignored"},
        {"llr_ready_o", FG_VEC_OUT, FG_PORT_UNSTREAMED, 1, 1, .rtl_order = 7, .doc = "the decoder accepts llr_valid_i (idle, done or loading)"},
        {"phase_o", OUT, 1, 3, .bus = 1, .rtl_order = 8, .doc = "0 idle, 1 load, 2 decode, 3 unload, 4 done"},
        {"iteration_o", OUT, 1, d->iter_w, .bus = 1, .rtl_order = 9, .doc = "1-based iteration of stage 1, 0 when it is idle"},
        {"s1_v_o", OUT, 1, 1, .rtl_order = 10, .doc = "stage 1 holds a macro-layer"},
        {"s1_ml_o", OUT, 1, d->seq_w, .bus = 1,
         .rtl_order = 11, .doc = "its sequence number (iteration * macro-layers + macro-layer)"},
        {"s1_mb_o", OUT, 1, d->mbc_w, .bus = 1, .rtl_order = 12, .doc = "MB column read this cycle"},
        {"s1_stall_o", OUT, 1, 2, .bus = 1, .rtl_order = 13, .doc = "1 read-after-write hazard, 2 ping-pong register busy"},
        {"s2_v_o", OUT, 1, 1, .rtl_order = 14, .doc = "stage 2 issues an MB"},
        {"s2_ml_o", OUT, 1, d->seq_w, .bus = 1, .rtl_order = 15, .doc = "its macro-layer sequence number"},
        {"s2_mb_o", OUT, 1, d->mbc_w, .bus = 1, .rtl_order = 16, .doc = "its MB column"},
        {"s2_wait_et_o", OUT, 1, 1, .rtl_order = 17, .doc = "stage 2 waits for the syndrome verdict"},
        {"ren_o", OUT, N2, 1, 0, 1, .bus = 1, .group = 1, .rtl_order = 18, .doc = "read port p reads"},
        {"raddr_o", OUT, N2, d->addr_w, 0, 1, .bus = 1, .group = 1, .rtl_order = 19, .doc = "read address of port p"},
        {"fwd_o", OUT, N2, 1, 0, 1, .bus = 1, .group = 1, .rtl_order = 20, .doc = "read port p takes the word written this cycle"},
        {"wen_o", OUT, N2, 1, 0, 1, .bus = 1, .group = 2, .rtl_order = 21, .doc = "write port p writes"},
        {"waddr_o", OUT, N2, d->addr_w, 0, 1, .bus = 1, .group = 2, .rtl_order = 22, .doc = "write address of port p"},
        {"wml_v_o", OUT, 1, 1, .rtl_order = 24, .doc = "this cycle's writes belong to macro-layer wml_o"},
        {"wml_o", OUT, 1, d->seq_w, .bus = 1, .rtl_order = 25, .doc = "their sequence number"},
        {"iter_done_o", OUT, 1, 1, .rtl_order = 26, .doc = "this cycle's write was the last of an iteration"},
        {"et_valid_o", OUT, 1, 1, .rtl_order = 27, .doc = "syndrome verdict this cycle"},
        {"et_ok_o", OUT, 1, 1, .rtl_order = 28, .doc = "all checks satisfied (decoding stops)"},
        {"out_valid_o", OUT, 1, 1, .rtl_order = 29, .doc = "hard decisions on out_bits_o"},
        {"out_v_o", OUT, N2, 1, 0, 1, .bus = 1, .group = 3, .rtl_order = 30, .doc = "word p of out_bits_o is valid"},
        {"out_col_o", OUT, N2, d->addr_w, 0, 1, .bus = 1, .group = 3,
         .rtl_order = 31, .doc = "its block column (information columns in order)"},
        {"done_o", OUT, 1, 1, .rtl_order = 32, .doc = "the codeword is finished (last unload cycle)"},
        {"code_sel_i", IN, 1, d->code_w, .bus = 1,
         .rtl_order = 2, .doc = "index of the code in the set (manifest codes[]); sampled with the first LLR word"},
        {"max_iter_i", IN, 1, d->iter_w, .bus = 1,
         .rtl_order = 3, .doc = "iteration limit [1, max_iter]; sampled with the first LLR word"},
        {"et_en_i", IN, 1, 1, .rtl_order = 4, .doc = "early termination by syndrome; sampled with the first LLR word"},
        {"wdata_o", OUT, NL, d->app_width, 1, 1, .bus = 1,
         .rtl_order = 23, .doc = "write data of port p lane j at [(p*Zmax + j)*A +: A]"},
        {"out_bits_o", OUT, NL, 1, 0, 1, .bus = 1, .rtl_order = 33, .doc = "hard decisions, word p lane j at [p*Zmax + j]"},
        {"iterations_o", OUT, 1, d->iter_w, .bus = 1,
         .rtl_order = 34, .doc = "iterations run; valid from done_o until the next codeword"},
    };
    memcpy(out, all, sizeof all);
    return FG_LDPC_ARCH_PORT_COUNT;
}

void fg_ldpc_arch_port_dims_of(const fg_ldpc_arch *a, int lanes, int code_index, fg_ldpc_arch_port_dims *d)
{
    const fg_ldpc_fixed_cfg *x = &a->cfg.fx;
    *d = (fg_ldpc_arch_port_dims){.N2 = a->N2,
                                  .lanes = lanes,
                                  .llr_width = x->llr_width,
                                  .app_width = x->app_width,
                                  .code_w = fg_vec_width_for(code_index + 1),
                                  .iter_w = fg_vec_width_for(x->max_iter + 1),
                                  .seq_w = fg_vec_width_for((long)x->max_iter * a->n_ml),
                                  .mbc_w = fg_vec_width_for(a->n_mbc),
                                  .addr_w = fg_vec_width_for(a->code->nb)};
}
