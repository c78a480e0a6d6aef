// Copied from rtl/lib/fg_sat_sub.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_sat_sub: W-bit saturating subtract, the Verilog twin of fg_fx_sub() in fixed.h.
// Two's complement operands in [-(2^(W-1)-1), 2^(W-1)-1]; a - b saturates symmetrically.
`default_nettype none
module fg_sat_sub #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  localparam signed [W:0] MAX_X = {2'b00, {(W - 1) {1'b1}}};  // 2^(W-1)-1 on W+1 bits
  localparam signed [W-1:0] MAX_W = MAX_X[W-1:0];
  localparam signed [W-1:0] MIN_W = -MAX_W;
  // Sign-extend explicitly: a concatenation is unsigned, $signed makes the compare signed.
  wire signed [W:0] diff = $signed({a_i[W-1], a_i}) - $signed({b_i[W-1], b_i});
  assign y_o = (diff > MAX_X) ? MAX_W : ((diff < -MAX_X) ? MIN_W : diff[W-1:0]);
endmodule
`default_nettype wire
