// Copied from rtl/lib/fg_xmap_beta2.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_beta2: backward radix-2 step (the last position of an odd block), the Verilog twin of
// fg_xmap_beta2() in fecforge/turbo_fixed.h: out(s) = max(beta(next(s, 0)) + gamma[z0 << 1],
// beta(next(s, 1)) + gamma[1 | z1 << 1]) (z_u = parity(s, u)), then normalised (fg_xmap_acs).
// gamma_i: fg_xmap_gamma2's 4 values. NORM 0 modulo, 1 subtract.
`default_nettype none
module fg_xmap_beta2 #(
    parameter integer W_BM = 9,
    parameter integer W_SM = 10,
    parameter integer NORM = 0
) (
    input  wire [8*W_SM-1:0] beta_i,
    input  wire [4*W_BM-1:0] gamma_i,
    output wire [8*W_SM-1:0] beta_o
);
  fg_xmap_acs #(.STEPS(1), .FWD(0), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_acs (
      .m_i(beta_i), .gamma_i(gamma_i), .m_o(beta_o)
  );
endmodule
`default_nettype wire
