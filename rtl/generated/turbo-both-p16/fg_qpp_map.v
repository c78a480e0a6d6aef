// Copied from rtl/lib/fg_qpp_map.v by fecforge gen 0.1.0 (git 33bcefd5c2d0). Do not edit.
// fg_qpp_map: the LTE "qpp" bank mapping of the turbo decoder's memories, combinational: address
// a (< K <= P*L) -> SISO p = a / L, offset o = a - p*L, bank = 4p + (o mod 4), row = o / 4
// (fg_turbo_arch_locate; docs/rtl-turbo.md). L is a runtime input (a multiple of 4): the quotient
// comes from a restoring division of QW stages, stage k subtracting L * 2^k when the remainder
// holds it; exact whenever a / L < 2^QW.
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
  localparam integer DW = AW + QW;
  wire [DW-1:0] rem[0:QW] /*verilator split_var*/;  // rem[QW] = a; rem[k] after the stages k..QW-1
  wire [QW-1:0] q;  // only read after the stages: no split needed
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
  assign bank_o = {q, off[1:0]};
  assign row_o = off[RW+1:2];
  assign off_o = off;
endmodule
`default_nettype wire
