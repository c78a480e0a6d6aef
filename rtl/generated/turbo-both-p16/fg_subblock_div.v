// Copied from rtl/lib/fg_subblock_div.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_subblock_div: the sub-block of an address, combinational: a (< K <= P*L) -> SISO p = a / L and
// offset o = a - p*L, for a runtime sub-block length L, by a restoring division of QW stages (stage k
// subtracts L * 2^k when the remainder holds it); exact whenever a / L < 2^QW. The turbo decoder's bank
// mappings start from it (fg_qpp_map, fg_xmap_map).
`default_nettype none
module fg_subblock_div #(
    parameter integer AW = 13,  // address and L bits
    parameter integer QW = 4    // quotient bits (P <= 2^QW SISOs)
) (
    input  wire [AW-1:0] addr_i,
    input  wire [AW-1:0] len_i,  // L
    output wire [QW-1:0] q_o,    // p
    output wire [AW-1:0] off_o   // o
);
  localparam integer DW = AW + QW;
  wire [DW-1:0] rem[0:QW] /*verilator split_var*/;  // rem[QW] = a; rem[k] after the stages k..QW-1
  assign rem[QW] = {{QW{1'b0}}, addr_i};
  genvar k;
  generate
    for (k = QW - 1; k >= 0; k = k - 1) begin : g_stage
      wire [DW-1:0] d = {{QW{1'b0}}, len_i} << k;
      wire take = rem[k+1] >= d;
      assign q_o[k] = take;
      assign rem[k] = take ? rem[k+1] - d : rem[k+1];
    end
  endgenerate
  assign off_o = rem[0][AW-1:0];
  wire [QW-1:0] unused_rem_hi = rem[0][DW-1:AW];  // zero: the remainder is < L
endmodule
`default_nettype wire
