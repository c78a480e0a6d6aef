`define TOP fg_subsys_map_mod
`define PORTS \
    input  wire [12:0] addr_i, \
    output wire [3:0] bank_o, \
    output wire [8:0] row_o \
);
`define M 16
`define BW 4
`define BW1 3
`define RF1 8
`define RW 9
`define RW1 8
`define HI1 0
`undef ROWPAD
`define ROWPADW 1
`undef ROWHI
`default_nettype none
module `TOP (
`PORTS
  // mod: M = `M = 2^`BW, so bank = the low address bits, row = the others.
  assign bank_o = addr_i[`BW1:0];
  wire [`RF1:0] row_full = addr_i[12:`BW];
`include "fg_subsys_row.vh"
endmodule
`default_nettype wire
