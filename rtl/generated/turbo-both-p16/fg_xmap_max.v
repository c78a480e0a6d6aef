// Copied from rtl/lib/fg_xmap_max.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_max: compare-select of two XMAP metrics, the Verilog twin of sm_max() in
// cmodel/src/turbo/xmap_fixed.c: NORM 0 (modulo) fg_mod_max2 on W = w_sm bits, NORM 1 (subtract)
// the signed fg_max. A tie keeps a_i (the lower index).
`default_nettype none
module fg_xmap_max #(
    parameter integer W    = 10,
    parameter integer NORM = 0
) (
    input  wire signed [W-1:0] a_i,
    input  wire signed [W-1:0] b_i,
    output wire signed [W-1:0] y_o
);
  generate
    if (NORM == 0) begin : g_mod
      fg_mod_max2 #(.W(W)) u_max (.a_i(a_i), .b_i(b_i), .y_o(y_o));
    end else begin : g_sat
      fg_max #(.W(W)) u_max (.a_i(a_i), .b_i(b_i), .y_o(y_o));
    end
  endgenerate
endmodule
`default_nettype wire
