`define TOP fg_subsys_map
`define PORTS \
    input  wire [12:0] addr_i, \
    input  wire [12:0] len_i, \
    output wire [4:0] bank_o, \
    output wire [6:0] row_o \
);
`define XR
`define MP 4
`define SW 2
`define SW1 1
`define DIV
`define QW 1
`define QW1 0
`define P4 2
`define DW1 13
`define STAGE
`define K 0
`define K1 1
`undef SHL
`define PADK 1
`undef SQ
`define LANE1 2
`define SUB
`define WIDE
`define TERM
`define J 2
`define RF1 9
`define RW 7
`define RW1 6
`define HI1 2
`undef ROWPAD
`define ROWPADW 1
`define ROWHI
`default_nettype none
module `TOP (
`PORTS
`ifdef XR
  // xmap-xor (fg_bank_map_locate): the read slot of a (fg_xmap_read_slot) gives lane and read cycle t;
  // bank = lane * `MP + t mod `MP rotated by popcount(t / (M/PLLR)); the lane pair swapped when parity(t >> 1), row = t / `MP (M/PLLR = `MP = 2^`SW).
`else
  // xmap (fg_bank_map_locate): the read slot of a (fg_xmap_read_slot) gives lane and read cycle t;
  // bank = lane * `MP + t mod `MP, row = t / `MP (M/PLLR = `MP = 2^`SW).
`endif
`ifdef DIV
  // SISO p = a / L by restoring division, `QW quotient bits (p < PLLR/4 = `P4 for every a < K);
  // exact for any L >= 1: stage k subtracts L * 2^k when the remainder holds it.
  wire [`DW1:0] r`QW = {{`QW{1'b0}}, addr_i};
`ifdef STAGE
`ifdef SHL
  wire [`DW1:0] d`K = {{`PADK{1'b0}}, len_i, {`K{1'b0}}};
`else
  wire [`DW1:0] d`K = {{`QW{1'b0}}, len_i};
`endif
  wire q`K = r`K1 >= d`K;
  wire [`DW1:0] r`K = q`K ? r`K1 - d`K : r`K1;
`endif
  wire [12:0] off = r0[12:0];  // o = a - p*L
  wire [`QW1:0] unused_rem_hi = r0[`DW1:13];  // zero: the remainder is < L
  wire [`QW1:0] siso = {`ifdef SQ q`K, `endif q0};
`else
  // One SISO: the sub-block is the block, p = 0.
  wire [12:0] off = addr_i;
`endif
  // First half: lane 4p + (o & 1), t = o >> 1; second half: b = L-1-o, lane 4p+2 + (b & 1), t = b >> 1.
  wire [12:0] half = {1'b0, len_i[12:1]};
  wire lo = off < half;
  wire [12:0] back = len_i - off - 13'd1;
  wire [12:0] sel = lo ? off : back;
  wire [11:0] t = sel[12:1];  // read cycle
`ifdef XR
  wire pair = sel[0] ^ (^t[11:1]);  // lane pair swapped when parity(t >> 1) = 1
`else
  wire pair = sel[0];
`endif
`ifdef DIV
  wire [`LANE1:0] lane = {siso, ~lo, pair};
`else
  wire [`LANE1:0] lane = {~lo, pair};
`endif
`ifdef SUB
`ifdef XR
  // sub-bank (t + popcount(t / `MP)) mod `MP: a sum of the bits of t above the sub-bank field
  wire [`SW1:0] sub = t[`SW1:0]
`ifdef WIDE
`ifdef TERM
      + {{`SW1{1'b0}}, t[`J]}
`endif
      + {{`SW1{1'b0}}, t[11]};
`else
`ifdef TERM
      + t[`J]
`endif
      + t[11];
`endif
  assign bank_o = {lane, sub};
`else
  assign bank_o = {lane, t[`SW1:0]};
`endif
`else
  assign bank_o = lane;
`endif
  wire [`RF1:0] row_full = t[11:`SW];
`include "fg_subsys_row.vh"
endmodule
`default_nettype wire
