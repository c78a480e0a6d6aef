// Copied from rtl/lib/fg_xmap_add.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_add: sum of two XMAP metrics in W bits, the Verilog twin of sm_add() and of each add of
// branch_metric() in cmodel/src/turbo/xmap_fixed.c. NORM 0 (modulo): the W-bit wrapping adder
// fg_mod_add (W = w_sm); NORM 1 (subtract): the saturating fg_sat_add (W = w_sm + 1 for a
// candidate alpha + gamma, w_sm + 2 for alpha + gamma + beta), which the bounds never saturate.
// The operands (WA, WB bits) must fit in W bits (fg_xmap_fit): true of the metrics the datapath
// produces, branch metrics included (|gamma| <= 2 D1).
`default_nettype none
module fg_xmap_add #(
    parameter integer WA   = 10,
    parameter integer WB   = 9,
    parameter integer W    = 10,
    parameter integer NORM = 0
) (
    input  wire signed [WA-1:0] a_i,
    input  wire signed [WB-1:0] b_i,
    output wire signed [W-1:0]  y_o
);
  wire signed [W-1:0] a, b;
  fg_xmap_fit #(.WI(WA), .WO(W)) u_fa (.x_i(a_i), .y_o(a));
  fg_xmap_fit #(.WI(WB), .WO(W)) u_fb (.x_i(b_i), .y_o(b));
  generate
    if (NORM == 0) begin : g_mod
      fg_mod_add #(.W(W)) u_add (.a_i(a), .b_i(b), .y_o(y_o));
    end else begin : g_sat
      fg_sat_add #(.W(W)) u_add (.a_i(a), .b_i(b), .y_o(y_o));
    end
  endgenerate
endmodule
`default_nettype wire
