// fg_min: W-bit signed minimum, the Verilog twin of fg_fx_min() in fixed.h (b < a ? b : a).
`default_nettype none
module fg_min #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  assign y_o = (b_i < a_i) ? b_i : a_i;
endmodule
`default_nettype wire
