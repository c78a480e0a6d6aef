// tb_xmap_fmt: every XMAP datapath unit of rtl/lib for one format (W_CH, W_EXT, W_BM, W_SM, NORM),
// on 32-bit slots (tb_xmap_unpack / tb_xmap_pack): element e of a port at [e*32+:32], in the C
// index order. Inputs shared by the units: sys/par/apr (2 steps; the radix-2 units use step 0),
// gamma_i (16, radix 4), gamma2_i (4, radix 2), alpha_i, beta_i (8 states, W_SM bits), norm_i
// (8 values of W_SM + 1 bits for fg_xmap_norm), tail_i (6). fmt_o returns the format.
`default_nettype none
module tb_xmap_fmt #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire [2*32-1:0]  sys_i,
    input  wire [2*32-1:0]  par_i,
    input  wire [2*32-1:0]  apr_i,
    input  wire [16*32-1:0] gamma_i,
    input  wire [4*32-1:0]  gamma2_i,
    input  wire [8*32-1:0]  alpha_i,
    input  wire [8*32-1:0]  beta_i,
    input  wire [8*32-1:0]  norm_i,
    input  wire [6*32-1:0]  tail_i,
    output wire [5*32-1:0]  fmt_o,
    output wire [16*32-1:0] g4_o,
    output wire [4*32-1:0]  g2_o,
    output wire [8*32-1:0]  alpha4_o,
    output wire [8*32-1:0]  beta4_o,
    output wire [8*32-1:0]  beta2_o,
    output wire [2*32-1:0]  app4_o,
    output wire [2*32-1:0]  ext4_o,
    output wire [31:0]      app2_o,
    output wire [31:0]      ext2_o,
    output wire [8*32-1:0]  norm_o,
    output wire [8*32-1:0]  astart_o,
    output wire [8*32-1:0]  btail_o
);
  localparam integer W_I = W_SM + 1;  // fg_xmap_norm's input width here
  assign fmt_o = {NORM, W_SM, W_BM, W_EXT, W_CH};

  wire [2*W_CH-1:0] sys, par;
  wire [2*W_EXT-1:0] apr;
  wire [16*W_BM-1:0] gamma;
  wire [4*W_BM-1:0] gamma2;
  wire [8*W_SM-1:0] alpha, beta;
  wire [8*W_I-1:0] norm;
  wire [6*W_CH-1:0] tail;
  tb_xmap_unpack #(.N(2), .W(W_CH)) u_sys (.slots_i(sys_i), .y_o(sys));
  tb_xmap_unpack #(.N(2), .W(W_CH)) u_par (.slots_i(par_i), .y_o(par));
  tb_xmap_unpack #(.N(2), .W(W_EXT)) u_apr (.slots_i(apr_i), .y_o(apr));
  tb_xmap_unpack #(.N(16), .W(W_BM)) u_gamma (.slots_i(gamma_i), .y_o(gamma));
  tb_xmap_unpack #(.N(4), .W(W_BM)) u_gamma2 (.slots_i(gamma2_i), .y_o(gamma2));
  tb_xmap_unpack #(.N(8), .W(W_SM)) u_alpha (.slots_i(alpha_i), .y_o(alpha));
  tb_xmap_unpack #(.N(8), .W(W_SM)) u_beta (.slots_i(beta_i), .y_o(beta));
  tb_xmap_unpack #(.N(8), .W(W_I)) u_norm (.slots_i(norm_i), .y_o(norm));
  tb_xmap_unpack #(.N(6), .W(W_CH)) u_tail (.slots_i(tail_i), .y_o(tail));

  wire [16*W_BM-1:0] g4;
  wire [4*W_BM-1:0] g2;
  wire [8*W_SM-1:0] alpha4, beta4, beta2, normo, astart, btail;
  wire [2*W_SM-1:0] app4;
  wire [2*W_EXT-1:0] ext4;
  wire [W_SM-1:0] app2;
  wire [W_EXT-1:0] ext2;
  fg_xmap_gamma4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_g4 (
      .sys_i(sys), .par_i(par), .apr_i(apr), .gamma_o(g4)
  );
  fg_xmap_gamma2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_g2 (
      .sys_i(sys[0+:W_CH]), .par_i(par[0+:W_CH]), .apr_i(apr[0+:W_EXT]), .gamma_o(g2)
  );
  fg_xmap_alpha4 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_alpha4 (
      .alpha_i(alpha), .gamma_i(gamma), .alpha_o(alpha4)
  );
  fg_xmap_beta4 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_beta4 (
      .beta_i(beta), .gamma_i(gamma), .beta_o(beta4)
  );
  fg_xmap_beta2 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_beta2 (
      .beta_i(beta), .gamma_i(gamma2), .beta_o(beta2)
  );
  fg_xmap_ext4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_ext4 (
      .alpha_i(alpha), .gamma_i(gamma), .beta_i(beta), .sys_i(sys), .apr_i(apr),
      .app_o(app4), .ext_o(ext4)
  );
  fg_xmap_ext2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_ext2 (
      .alpha_i(alpha), .gamma_i(gamma2), .beta_i(beta), .sys_i(sys[0+:W_CH]), .apr_i(apr[0+:W_EXT]),
      .app_o(app2), .ext_o(ext2)
  );
  fg_xmap_norm #(.W_I(W_I), .W_SM(W_SM), .NORM(NORM)) u_norm_unit (.m_i(norm), .m_o(normo));
  fg_xmap_alpha_start #(.W_CH(W_CH), .W_EXT(W_EXT), .W_SM(W_SM)) u_astart (.alpha_o(astart));
  fg_xmap_beta_tail #(.W_CH(W_CH), .W_SM(W_SM), .NORM(NORM)) u_btail (.tail_i(tail), .beta_o(btail));

  tb_xmap_pack #(.N(16), .W(W_BM)) u_og4 (.x_i(g4), .slots_o(g4_o));
  tb_xmap_pack #(.N(4), .W(W_BM)) u_og2 (.x_i(g2), .slots_o(g2_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_oalpha4 (.x_i(alpha4), .slots_o(alpha4_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_obeta4 (.x_i(beta4), .slots_o(beta4_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_obeta2 (.x_i(beta2), .slots_o(beta2_o));
  tb_xmap_pack #(.N(2), .W(W_SM)) u_oapp4 (.x_i(app4), .slots_o(app4_o));
  tb_xmap_pack #(.N(2), .W(W_EXT)) u_oext4 (.x_i(ext4), .slots_o(ext4_o));
  tb_xmap_pack #(.N(1), .W(W_SM)) u_oapp2 (.x_i(app2), .slots_o(app2_o));
  tb_xmap_pack #(.N(1), .W(W_EXT)) u_oext2 (.x_i(ext2), .slots_o(ext2_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_onorm (.x_i(normo), .slots_o(norm_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_oastart (.x_i(astart), .slots_o(astart_o));
  tb_xmap_pack #(.N(8), .W(W_SM)) u_obtail (.x_i(btail), .slots_o(btail_o));
endmodule
`default_nettype wire
