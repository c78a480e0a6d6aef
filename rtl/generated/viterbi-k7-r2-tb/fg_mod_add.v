// Copied from rtl/lib/fg_mod_add.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_mod_add: W-bit wrapping add, the Verilog twin of fg_fx_mod_add() in fixed.h: (a + b) mod 2^W
// as a signed value, a plain W-bit adder whose carry out is dropped (no overflow detection).
// Operands and result cover the full two's complement range [-2^(W-1), 2^(W-1)-1].
`default_nettype none
module fg_mod_add #(
    parameter integer W = 10
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  assign y_o = a_i + b_i;  // W-bit context: the sum wraps
endmodule
`default_nettype wire
