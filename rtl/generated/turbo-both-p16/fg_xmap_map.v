// Copied from rtl/lib/fg_xmap_map.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_map: the "xmap-xor" bank mapping of the turbo decoder's HSPA+ memories, combinational:
// address a (< K <= P*L) -> its read slot (fg_xmap_read_slot: SISO p = a / L, offset o = a - p*L;
// o < L/2: lane 4p + (o mod 2), read cycle o / 2; else with b = L-1-o: lane 4p + 2 + (b mod 2),
// read cycle b / 2) -> bank and row (fg_xmap_slot). L is a runtime input (a multiple of 4), p and o
// come from fg_subblock_div; exact whenever a / L < 2^QW.
`default_nettype none
module fg_xmap_map #(
    parameter integer AW   = 13,  // address and L bits
    parameter integer QW   = 3,   // quotient bits (P <= 2^QW SISOs)
    parameter integer RW   = 8,   // row bits (L / 4 <= 2^RW)
    parameter integer JMAX = 0,
    parameter integer JW   = 1,
    parameter integer XOR  = 1   // 1 xmap-xor, 0 xmap
) (
    input  wire [AW-1:0]   addr_i,
    input  wire [AW-1:0]   len_i,   // L
    input  wire [JW-1:0]   j_i,     // 2^j sub-banks per lane
    output wire [QW+1:0]   bank_o,
    output wire [RW-1:0]   row_o
);
  wire [QW-1:0] q;
  wire [AW-1:0] off;
  fg_subblock_div #(.AW(AW), .QW(QW)) u_div (.addr_i(addr_i), .len_i(len_i), .q_o(q), .off_o(off));
  wire lo = off < {1'b0, len_i[AW-1:1]};
  wire [AW-1:0] sel = lo ? off : len_i - off - {{(AW-1){1'b0}}, 1'b1};
  wire [AW-2:0] t = sel[AW-1:1];  // read cycle, < L/4 <= 2^RW
  wire [AW-2-RW:0] unused_t_hi = t[AW-2:RW];
  fg_xmap_slot #(.QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW), .XOR(XOR)) u_slot (
      .lane_i({q, ~lo, sel[0]}), .t_i(t[RW-1:0]), .j_i(j_i), .bank_o(bank_o), .row_o(row_o));
endmodule
`default_nettype wire
