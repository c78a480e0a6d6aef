// Copied from rtl/lib/fg_mod_argmax2.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_mod_argmax2: modulo compare of two W-bit wrapped values, the Verilog twin of
// fg_fx_mod_argmax2() in fixed.h. idx_o = 1 when b is larger than a by modulo difference,
// i.e. the wrapped difference b - a (fg_mod_sub) is positive: sign bit 0 and not zero. A tie
// picks 0 (the lower index). This is the true compare whenever the true values differ by less
// than 2^(W-1) (docs/arithmetic.md "Modulo arithmetic").
`default_nettype none
module fg_mod_argmax2 #(
    parameter integer W = 10
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire                idx_o
);
  wire signed [W-1:0] d;
  fg_mod_sub #(.W(W)) u_sub (.a_i(b_i), .b_i(a_i), .y_o(d));
  assign idx_o = !d[W-1] && (d != {W{1'b0}});
endmodule
`default_nettype wire
