/* The ports of the interleaver address generators' RTL (fg_iag_ports, fecforge/iag.h), the one declaration of
 * their interface for both standards: the module's port list, the manifest, the page, the vector sets. */
#include "fecforge/iag.h"

#include "fecforge/vectors.h"

#include <stddef.h>
#include <string.h>

#define IN FG_VEC_IN, FG_PORT_DATA
#define OUT FG_VEC_OUT, FG_PORT_DATA
#define I(f) offsetof(fg_iag_port_in, f)
#define O(f) offsetof(fg_iag_port_out, f)
#define LANE sizeof(fg_iag_lane_in)
#define PROG sizeof(fg_iag_lane_prog)
#define LOUT sizeof(fg_iag_lane_out)
#define BITS FG_IAG_POS_BITS

int fg_iag_ports(int P, int traffic, fg_port *out)
{
    /* In the streams' order; rtl_order is the module's. Element l of a lane port is lane l's member: one element
     * per row, a row a lane's struct. The XMAP sets do not stream the reset and carry the lane programs as the
     * table stream lane_prog: there those three are the reset and unstreamed, bound to no member. */
    const fg_port_role reset = traffic ? FG_PORT_DATA : FG_PORT_RESET, prog = traffic ? FG_PORT_DATA : FG_PORT_UNSTREAMED;
    const fg_port_ctype u8 = traffic ? FG_PORT_U8 : FG_PORT_NONE, i32 = traffic ? FG_PORT_I32 : FG_PORT_NONE;
    const fg_port all[FG_IAG_PORTS] = {
        {"clk_i", FG_VEC_IN, FG_PORT_CLOCK, 1, 1, .doc = "clock", .rtl_order = 0},
        {"k_i", IN, 1, BITS, 0, 0, "block size K, held constant from reset on", FG_PORT_I32, I(k), 0, 0, .group = 0,
         .rtl_order = 2},
        {"start_i", IN, 1, 1, 0, 0, "load the lane seeds of mode inverse_i (ignored before ready_o)", FG_PORT_U8,
         I(start), 0, 0, .group = 0, .rtl_order = 5},
        {"inverse_i", IN, 1, 1, 0, 0, "0: forward x -> pi(x), 1: inverse x -> pi^-1(x); sampled with start_i",
         FG_PORT_U8, I(inverse), 0, 0, .group = 0, .rtl_order = 6},
        {"lane_valid_i", IN, P, 1, 0, 0, "lane l has a position this cycle", FG_PORT_U8, I(lane[0].valid), 1, LANE,
         .group = 1, .rtl_order = 7},
        {"lane_x_i", IN, P, BITS, 0, 0, "lane l's position ([l*13 +: 13])", FG_PORT_I32, I(lane[0].x), 1, LANE,
         .group = 1, .rtl_order = 8},
        {"rst_ni", FG_VEC_IN, reset, 1, 1, 0, 0, "synchronous active-low reset (= fg_iag_reset); preprocessing starts after it",
         u8, I(rst_n), 0, 0, .group = 0, .rtl_order = 1},
        {"lane_start_i", FG_VEC_IN, prog, P, BITS + 1, 1, 0, "lane l's first position, signed ([l*14 +: 14]; -1 = unused), static",
         i32, I(prog[0].start), 1, PROG, .group = 2, .rtl_order = 3},
        {"lane_stride_i", FG_VEC_IN, prog, P, 3, 1, 0, "lane l's stride, signed +-1 or +-2 ([l*3 +: 3]), static", i32,
         I(prog[0].stride), 1, PROG, .group = 2, .rtl_order = 4},
        {"ready_o", OUT, 1, 1, 0, 0, "preprocessing done", FG_PORT_U8, O(ready), 0, 0, .group = 0, .rtl_order = 9},
        {"lane_valid_o", OUT, P, 1, 0, 0, "lane l's address of the input latency cycles ago", FG_PORT_U8,
         O(lane[0].valid), 1, LOUT, .group = 3, .rtl_order = 10},
        {"lane_err_o", OUT, P, 1, 0, 0, "that input was not served (wrong x, unused lane, not started, past the end)",
         FG_PORT_U8, O(lane[0].err), 1, LOUT, .group = 3, .rtl_order = 11},
        {"lane_addr_o", OUT, P, BITS, 0, 0, "lane l's address ([l*13 +: 13]), 0 when not valid", FG_PORT_I32,
         O(lane[0].addr), 1, LOUT, .group = 3, .rtl_order = 12},
    };
    memcpy(out, all, sizeof all);
    return FG_IAG_PORTS;
}
