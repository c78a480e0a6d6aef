// Copied from rtl/lib/fg_xmap_gamma2.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_gamma2: the 4 branch metrics of one trellis step, the Verilog twin of fg_xmap_gamma2() in
// fecforge/turbo_fixed.h: gamma_o[u | z << 1] = [u = 0] (sys + apr) + [z = 0] par in W_BM bits
// (fg_sat_add; valid formats never saturate). sys_i, par_i in W_CH bits, apr_i in W_EXT bits.
`default_nettype none
module fg_xmap_gamma2 #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9
) (
    input  wire signed [W_CH-1:0]  sys_i,
    input  wire signed [W_CH-1:0]  par_i,
    input  wire signed [W_EXT-1:0] apr_i,
    output wire [4*W_BM-1:0]       gamma_o
);
  wire signed [W_BM-1:0] sys_b, par_b, apr_b, a;
  fg_sext #(.WI(W_CH), .WO(W_BM)) u_sys (.x_i(sys_i), .y_o(sys_b));
  fg_sext #(.WI(W_CH), .WO(W_BM)) u_par (.x_i(par_i), .y_o(par_b));
  fg_sext #(.WI(W_EXT), .WO(W_BM)) u_apr (.x_i(apr_i), .y_o(apr_b));
  fg_sat_add #(.W(W_BM)) u_a (.a_i(sys_b), .b_i(apr_b), .y_o(a));
  fg_sat_add #(.W(W_BM)) u_g0 (.a_i(a), .b_i(par_b), .y_o(gamma_o[0+:W_BM]));  // u = 0, z = 0
  assign gamma_o[W_BM+:W_BM]   = par_b;                                       // u = 1, z = 0
  assign gamma_o[2*W_BM+:W_BM] = a;                                           // u = 0, z = 1
  assign gamma_o[3*W_BM+:W_BM] = {W_BM{1'b0}};                                // u = 1, z = 1
endmodule
`default_nettype wire
