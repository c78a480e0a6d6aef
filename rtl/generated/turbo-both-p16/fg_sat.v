// Copied from rtl/lib/fg_sat.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_sat: saturate a WI-bit signed value to W bits, the Verilog twin of fg_fx_sat() in fixed.h.
// Any two's complement input (including -2^(WI-1)) maps to [-(2^(W-1)-1), 2^(W-1)-1]. WI >= W.
`default_nettype none
module fg_sat #(
    parameter integer WI = 8,
    parameter integer W  = 6
) (
    input  wire signed [WI-1:0] x_i,
    output wire signed [W-1:0]  y_o
);
  // 2^(W-1)-1 on WI+1 bits (one spare bit keeps it positive when WI == W).
  localparam signed [WI:0] MAX_X = {{(WI - W + 2) {1'b0}}, {(W - 1) {1'b1}}};
  localparam signed [W-1:0] MAX_W = MAX_X[W-1:0];
  localparam signed [W-1:0] MIN_W = -MAX_W;
  wire signed [WI:0] xe = $signed({x_i[WI-1], x_i});
  assign y_o = (xe > MAX_X) ? MAX_W : ((xe < -MAX_X) ? MIN_W : xe[W-1:0]);
endmodule
`default_nettype wire
