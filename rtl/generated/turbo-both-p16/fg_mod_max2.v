// Copied from rtl/lib/fg_mod_max2.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_mod_max2: modulo compare-select of two W-bit wrapped values, the Verilog twin of
// fg_fx_mod_max2() in fixed.h: b when fg_mod_argmax2 picks it (b larger by modulo difference),
// else a (ties included).
`default_nettype none
module fg_mod_max2 #(
    parameter integer W = 10
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  wire idx;
  fg_mod_argmax2 #(.W(W)) u_arg (.a_i(a_i), .b_i(b_i), .idx_o(idx));
  assign y_o = idx ? b_i : a_i;
endmodule
`default_nettype wire
