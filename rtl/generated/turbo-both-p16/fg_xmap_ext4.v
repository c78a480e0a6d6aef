// Copied from rtl/lib/fg_xmap_ext4.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_ext4: the two LLRs of a radix-4 step, the Verilog twin of fg_xmap_ext4() in
// fecforge/turbo_fixed.h: from alpha at 2i, the step's 16 branch metrics and beta at 2i+2, for bit j
//   app(j) = max_{u_j = 0} m - max_{u_j = 1} m,   m = alpha(s) + gamma + beta(next2)   (w_sm bits)
//   ext(j) = sat_{w_ext}(scale075(app(j) - sys(j) - apr(j)))
// (fg_xmap_soft). Bit j's sys/apr/app/ext at [j*W+:W]. NORM 0 modulo, 1 subtract.
`default_nettype none
module fg_xmap_ext4 #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire [8*W_SM-1:0]  alpha_i,
    input  wire [16*W_BM-1:0] gamma_i,
    input  wire [8*W_SM-1:0]  beta_i,
    input  wire [2*W_CH-1:0]  sys_i,
    input  wire [2*W_EXT-1:0] apr_i,
    output wire [2*W_SM-1:0]  app_o,
    output wire [2*W_EXT-1:0] ext_o
);
  fg_xmap_soft #(
      .STEPS(2), .W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)
  ) u_soft (
      .alpha_i(alpha_i), .gamma_i(gamma_i), .beta_i(beta_i), .sys_i(sys_i), .apr_i(apr_i),
      .app_o(app_o), .ext_o(ext_o)
  );
endmodule
`default_nettype wire
