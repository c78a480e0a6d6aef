/* The ports of the streaming Viterbi decoder (fg_vit_hw_ports, fecforge/viterbi_hw.h), the one declaration of its
 * interface. */
#include "fecforge/viterbi_hw.h"

#include "fecforge/vectors.h"

#include <stddef.h>
#include <string.h>

#define IN FG_VEC_IN, FG_PORT_DATA
#define OUT FG_VEC_OUT, FG_PORT_DATA
#define I(f) offsetof(fg_vit_hw_in, f)
#define O(f) offsetof(fg_vit_hw_out, f)

int fg_vit_hw_ports(const fg_vit_hw_dims *d, fg_port *out)
{
    const int S = d->S, n = d->cfg.code.n, WL = d->cfg.w_llr;
    const size_t sym_row = sizeof ((fg_vit_hw_in *)0)->sym[0], era_row = sizeof ((fg_vit_hw_in *)0)->era[0];
    const fg_port all[FG_VIT_HW_PORTS] = {
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock"},
        {"rst_ni", FG_VEC_IN, FG_PORT_RESET, 1, 1, .doc = "synchronous active-low reset"},
        {"in_valid_i", IN, S, 1, 0, 1,
         S == 2 ? "stage slot s carries a stage (slot 1 only with slot 0; both but at a frame's last cycle)"
                : "the slot carries a trellis stage",
         FG_PORT_INT, I(valid), 0, 0, 0, 0, 0},
        {"in_start_i", IN, 1, 1, 0, 0, "with in_valid_i: slot 0 is a frame's first stage (state 0)", FG_PORT_INT,
         I(start), 0, 0, 0, 0, 0},
        {"in_end_i", IN, 1, 1, 0, 0, "with in_valid_i: the last valid slot is the frame's last stage", FG_PORT_INT,
         I(end), 0, 0, 0, 0, 0},
        {"in_term_i", IN, 1, 1, 0, 0, "with in_end_i: the frame is terminated (K-1 zero tail stages)", FG_PORT_INT,
         I(term), 0, 0, 0, 0, 0},
        {"in_sym_i", IN, S * n, WL, 1, 1, "soft symbols, two's complement: slot s symbol b at [(s*N+b)*WL +: WL]",
         FG_PORT_I32, I(sym), n, sym_row, 0, 0, 0},
        {"in_era_i", IN, S * n, 1, 0, 1, "erasure flags (punctured: the symbol is ignored), bit s*N+b", FG_PORT_U8,
         I(era), n, era_row, 0, 0, 0},
        {"in_ready_o", OUT, 1, 1, 0, 0, "inputs are accepted (low from a frame's last stage to its last bit)",
         FG_PORT_INT, O(ready), 0, 0, 0, 0, 0},
        {"out_valid_o", OUT, S, 1, 0, 1, "slot s of the output carries a decided bit", FG_PORT_INT, O(valid), 0, 0, 0, 0, 0},
        {"out_bits_o", OUT, S, 1, 0, 1, "the decided bits, in stage order from slot 0", FG_PORT_INT, O(bit), 0, 0, 0, 0, 0},
        {"out_last_o", OUT, 1, 1, 0, 0, "the frame's last bit is on the output", FG_PORT_INT, O(last), 0, 0, 0, 0, 0},
        {"best_o", OUT, 1, d->cfg.code.K - 1, 0, 0, "best state of the registered path metrics (debug)", FG_PORT_INT,
         O(best), 0, 0, 0, 0, 0},
    };
    memcpy(out, all, sizeof all);
    return FG_VIT_HW_PORTS;
}
