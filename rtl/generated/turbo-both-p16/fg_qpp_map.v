// Copied from rtl/lib/fg_qpp_map.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_qpp_map: the LTE "qpp" bank mapping of the turbo decoder's memories, combinational: address
// a (< K <= P*L) -> SISO p = a / L, offset o = a - p*L, bank = 4p + (o mod 4), row = o / 4
// (fg_turbo_arch_locate; docs/rtl-turbo.md). L is a runtime input (a multiple of 4), p and o come from
// fg_subblock_div; exact whenever a / L < 2^QW.
`default_nettype none
module fg_qpp_map #(
    parameter integer AW = 13,  // address and L bits
    parameter integer QW = 4,   // quotient bits (P <= 2^QW SISOs)
    parameter integer RW = 7    // row bits (L / 4 <= 2^RW)
) (
    input  wire [AW-1:0]   addr_i,
    input  wire [AW-1:0]   len_i,   // L
    output wire [QW+1:0]   bank_o,  // {p, o[1:0]}
    output wire [RW-1:0]   row_o,   // o[RW+1:2]
    output wire [AW-1:0]   off_o    // o
);
  wire [QW-1:0] q;
  wire [AW-1:0] off;
  fg_subblock_div #(.AW(AW), .QW(QW)) u_div (.addr_i(addr_i), .len_i(len_i), .q_o(q), .off_o(off));
  assign bank_o = {q, off[1:0]};
  assign row_o = off[RW+1:2];
  assign off_o = off;
endmodule
`default_nettype wire
