// Copied from rtl/lib/fg_xmap_beta4.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_beta4: backward step of a radix-4 XMAP, the Verilog twin of fg_xmap_beta4() in
// fecforge/turbo_fixed.h: beta at 2i from beta at 2i+2 and the step's 16 branch metrics,
// out(s) = max over the inputs b = u0 | u1 << 1 = 0..3 of gamma + beta(next2(s, u0, u1)), then
// normalised (fg_xmap_acs). NORM 0 modulo, 1 subtract.
`default_nettype none
module fg_xmap_beta4 #(
    parameter integer W_BM = 9,
    parameter integer W_SM = 10,
    parameter integer NORM = 0
) (
    input  wire [8*W_SM-1:0]  beta_i,
    input  wire [16*W_BM-1:0] gamma_i,
    output wire [8*W_SM-1:0]  beta_o
);
  fg_xmap_acs #(.STEPS(2), .FWD(0), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_acs (
      .m_i(beta_i), .gamma_i(gamma_i), .m_o(beta_o)
  );
endmodule
`default_nettype wire
