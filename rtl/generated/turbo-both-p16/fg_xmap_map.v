// Copied from rtl/lib/fg_xmap_map.v by fecforge gen 0.1.0 (git 33bcefd5c2d0). Do not edit.
// fg_xmap_map: the "xmap-xor" bank mapping of the turbo decoder's HSPA+ memories, combinational:
// address a (< K <= P*L) -> its read slot (fg_xmap_read_slot: SISO p = a / L, offset o = a - p*L;
// o < L/2: lane 4p + (o mod 2), read cycle o / 2; else with b = L-1-o: lane 4p + 2 + (b mod 2),
// read cycle b / 2) -> bank and row (fg_xmap_slot). L is a runtime input (a multiple of 4), the
// quotient a restoring division of QW stages as in fg_qpp_map; exact whenever a / L < 2^QW.
`default_nettype none
module fg_xmap_map #(
    parameter integer AW   = 13,  // address and L bits
    parameter integer QW   = 3,   // quotient bits (P <= 2^QW SISOs)
    parameter integer RW   = 8,   // row bits (L / 4 <= 2^RW)
    parameter integer JMAX = 0,
    parameter integer JW   = 1
) (
    input  wire [AW-1:0]   addr_i,
    input  wire [AW-1:0]   len_i,   // L
    input  wire [JW-1:0]   j_i,     // 2^j sub-banks per lane
    output wire [QW+1:0]   bank_o,
    output wire [RW-1:0]   row_o
);
  localparam integer DW = AW + QW;
  wire [DW-1:0] rem[0:QW] /*verilator split_var*/;
  wire [QW-1:0] q;
  assign rem[QW] = {{QW{1'b0}}, addr_i};
  genvar k;
  generate
    for (k = QW - 1; k >= 0; k = k - 1) begin : g_stage
      wire [DW-1:0] d = {{QW{1'b0}}, len_i} << k;
      wire take = rem[k+1] >= d;
      assign q[k] = take;
      assign rem[k] = take ? rem[k+1] - d : rem[k+1];
    end
  endgenerate
  wire [AW-1:0] off = rem[0][AW-1:0];
  wire [QW-1:0] unused_rem_hi = rem[0][DW-1:AW];  // zero: the remainder is < L
  wire lo = off < {1'b0, len_i[AW-1:1]};
  wire [AW-1:0] sel = lo ? off : len_i - off - {{(AW-1){1'b0}}, 1'b1};
  wire [AW-2:0] t = sel[AW-1:1];  // read cycle, < L/4 <= 2^RW
  wire [AW-2-RW:0] unused_t_hi = t[AW-2:RW];
  fg_xmap_slot #(.QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW)) u_slot (
      .lane_i({q, ~lo, sel[0]}), .t_i(t[RW-1:0]), .j_i(j_i), .bank_o(bank_o), .row_o(row_o));
endmodule
`default_nettype wire
