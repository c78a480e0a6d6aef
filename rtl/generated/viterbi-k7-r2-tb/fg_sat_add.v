// Copied from rtl/lib/fg_sat_add.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_sat_add: W-bit saturating add, the Verilog twin of fg_fx_add() in fixed.h.
// Two's complement operands in [-(2^(W-1)-1), 2^(W-1)-1]; the sum saturates symmetrically.
`default_nettype none
module fg_sat_add #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  localparam signed [W:0] MAX_X = {2'b00, {(W - 1) {1'b1}}};  // 2^(W-1)-1 on W+1 bits
  localparam signed [W-1:0] MAX_W = MAX_X[W-1:0];
  localparam signed [W-1:0] MIN_W = -MAX_W;
  wire signed [W:0] sum = {a_i[W-1], a_i} + {b_i[W-1], b_i};
  assign y_o = (sum > MAX_X) ? MAX_W : ((sum < -MAX_X) ? MIN_W : sum[W-1:0]);
endmodule
`default_nettype wire
