// Copied from rtl/lib/fg_xmap_llr.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_llr: the a-posteriori and extrinsic LLR of one bit from the two maxima of its branch
// metrics, the Verilog twin of finish_llr() in cmodel/src/turbo/xmap_fixed.c:
//   app = max0 - max1 in w_sm bits     modulo: fg_mod_sub; subtract: the difference saturated
//   ext = sat_{w_ext}(scale075(app - sat_{w_bm}(sys + apr)))   the difference in w_sm + 1 bits
// max0_i / max1_i: the largest branch metric with the bit 0 / 1, W_SM + 2 NORM bits (fg_xmap_soft).
`default_nettype none
module fg_xmap_llr #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire signed [W_SM+2*NORM-1:0] max0_i,
    input  wire signed [W_SM+2*NORM-1:0] max1_i,
    input  wire signed [W_CH-1:0]        sys_i,
    input  wire signed [W_EXT-1:0]       apr_i,
    output wire signed [W_SM-1:0]        app_o,
    output wire signed [W_EXT-1:0]       ext_o
);
  localparam integer WM = W_SM + 2 * NORM;
  generate
    if (NORM == 0) begin : g_mod
      fg_mod_sub #(.W(W_SM)) u_app (.a_i(max0_i), .b_i(max1_i), .y_o(app_o));
    end else begin : g_sat
      // The C saturates the exact difference once; sat_{W_SM}(sat_{WM}(d)) = sat_{W_SM}(d).
      wire signed [WM-1:0] d;
      fg_sat_sub #(.W(WM)) u_sub (.a_i(max0_i), .b_i(max1_i), .y_o(d));
      fg_sat #(.WI(WM), .W(W_SM)) u_app (.x_i(d), .y_o(app_o));
    end
  endgenerate

  // sys + apr again (the C does not take it from gamma), in w_bm bits (> w_ch, w_ext).
  wire signed [W_BM-1:0] sys_b, apr_b, la;
  fg_sext #(.WI(W_CH), .WO(W_BM)) u_sys (.x_i(sys_i), .y_o(sys_b));
  fg_sext #(.WI(W_EXT), .WO(W_BM)) u_apr (.x_i(apr_i), .y_o(apr_b));
  fg_sat_add #(.W(W_BM)) u_la (.a_i(sys_b), .b_i(apr_b), .y_o(la));

  // |sys + apr| < D1 <= max(w_sm): it fits in w_sm + 1 bits whatever w_bm is.
  wire signed [W_SM:0] app_e, la_e, e, e075;
  fg_sext #(.WI(W_SM), .WO(W_SM + 1)) u_appe (.x_i(app_o), .y_o(app_e));
  fg_xmap_fit #(.WI(W_BM), .WO(W_SM + 1)) u_lae (.x_i(la), .y_o(la_e));
  fg_sat_sub #(.W(W_SM + 1)) u_e (.a_i(app_e), .b_i(la_e), .y_o(e));
  fg_scale075 #(.W(W_SM + 1)) u_scale (.x_i(e), .y_o(e075));
  fg_sat #(.WI(W_SM + 1), .W(W_EXT)) u_ext (.x_i(e075), .y_o(ext_o));
endmodule
`default_nettype wire
