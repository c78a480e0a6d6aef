// Copied from rtl/lib/fg_mod_sub.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_mod_sub: W-bit wrapping subtract, the Verilog twin of fg_fx_mod_sub() in fixed.h: (a - b) mod 2^W
// as a signed value, a plain W-bit subtractor whose borrow is dropped. When the true values behind
// a and b differ by less than 2^(W-1), the result is that true difference (docs/arithmetic.md).
`default_nettype none
module fg_mod_sub #(
    parameter integer W = 10
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  assign y_o = a_i - b_i;  // W-bit context: the difference wraps
endmodule
`default_nettype wire
