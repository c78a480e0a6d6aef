// Copied from rtl/lib/fg_xmap_ext2.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_ext2: the LLRs of a radix-2 step (the last position of an odd block), the Verilog twin
// of fg_xmap_ext2() in fecforge/turbo_fixed.h: app and ext as in fg_xmap_ext4 over the 16 branches
// (s, u), m = alpha(s) + gamma[u | parity(s, u) << 1] + beta(next(s, u)) (fg_xmap_soft).
// gamma_i: fg_xmap_gamma2's 4 values. NORM 0 modulo, 1 subtract.
`default_nettype none
module fg_xmap_ext2 #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire [8*W_SM-1:0]       alpha_i,
    input  wire [4*W_BM-1:0]       gamma_i,
    input  wire [8*W_SM-1:0]       beta_i,
    input  wire signed [W_CH-1:0]  sys_i,
    input  wire signed [W_EXT-1:0] apr_i,
    output wire signed [W_SM-1:0]  app_o,
    output wire signed [W_EXT-1:0] ext_o
);
  fg_xmap_soft #(
      .STEPS(1), .W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)
  ) u_soft (
      .alpha_i(alpha_i), .gamma_i(gamma_i), .beta_i(beta_i), .sys_i(sys_i), .apr_i(apr_i),
      .app_o(app_o), .ext_o(ext_o)
  );
endmodule
`default_nettype wire
