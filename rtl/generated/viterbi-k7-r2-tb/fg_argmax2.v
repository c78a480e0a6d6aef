// Copied from rtl/lib/fg_argmax2.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_argmax2: compare-select of two W-bit signed values, the Verilog twin of fg_fx_argmax2() in
// fixed.h. idx_o is the index of the larger value, a tie picks 0 (the lower index); max_o is
// the selected value (fg_fx_max2()).
`default_nettype none
module fg_argmax2 #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire                idx_o,
    output wire signed [W-1:0] max_o
);
  assign idx_o = b_i > a_i;
  assign max_o = idx_o ? b_i : a_i;
endmodule
`default_nettype wire
