// Copied from rtl/lib/fg_max.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_max: W-bit signed maximum, the Verilog twin of fg_fx_max2() in fixed.h (b > a ? b : a).
`default_nettype none
module fg_max #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  assign y_o = (b_i > a_i) ? b_i : a_i;
endmodule
`default_nettype wire
