// Copied from rtl/lib/fg_vit_acs.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_vit_acs: one add-compare-select unit of a Viterbi decoder, the Verilog twin of acs() in
// cmodel/src/viterbi/viterbi_hw.c. The candidates from the predecessors x = 0 and x = 1 are
// c_x = pm_x + bm_x; x = 1 only when c_1 is strictly greater (a tie keeps the lower predecessor),
// and force_i (the first K-1 stages of a frame, started in state 0) keeps x = 0.
//   NORM 0, modulo:   c_x = fg_mod_add, compared by fg_mod_argmax2, pm_o = c_x (fg_fx_mod_add)
//   NORM 1, subtract: c_x = fg_sat_add, compared by fg_argmax2, pm_o = fg_sat_sub(c_x, sub_i)
// bm0_i / bm1_i: the branch metrics sign-extended to W bits.
`default_nettype none
module fg_vit_acs #(
    parameter integer W    = 10,
    parameter integer NORM = 0
) (
    input  wire signed [W-1:0] pm0_i,
    input  wire signed [W-1:0] pm1_i,
    input  wire signed [W-1:0] bm0_i,
    input  wire signed [W-1:0] bm1_i,
    input  wire signed [W-1:0] sub_i,
    input  wire                force_i,
    output wire signed [W-1:0] pm_o,
    output wire                dec_o
);
  wire signed [W-1:0] c0, c1;
  wire gt;
  assign dec_o = gt & ~force_i;
  generate
    if (NORM == 0) begin : g_mod
      fg_mod_add #(.W(W)) u_a0 (.a_i(pm0_i), .b_i(bm0_i), .y_o(c0));
      fg_mod_add #(.W(W)) u_a1 (.a_i(pm1_i), .b_i(bm1_i), .y_o(c1));
      fg_mod_argmax2 #(.W(W)) u_cmp (.a_i(c0), .b_i(c1), .idx_o(gt));
      assign pm_o = dec_o ? c1 : c0;
      wire unused_sub = ^sub_i;
    end else begin : g_sub
      wire signed [W-1:0] unused_max;
      fg_sat_add #(.W(W)) u_a0 (.a_i(pm0_i), .b_i(bm0_i), .y_o(c0));
      fg_sat_add #(.W(W)) u_a1 (.a_i(pm1_i), .b_i(bm1_i), .y_o(c1));
      fg_argmax2 #(.W(W)) u_cmp (.a_i(c0), .b_i(c1), .idx_o(gt), .max_o(unused_max));
      fg_sat_sub #(.W(W)) u_n (.a_i(dec_o ? c1 : c0), .b_i(sub_i), .y_o(pm_o));
    end
  endgenerate
endmodule
`default_nettype wire
