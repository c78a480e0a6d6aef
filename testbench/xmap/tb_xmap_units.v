// Test top for the XMAP datapath units of rtl/lib (fg_xmap_*.v): tb_xmap_fmt (every unit) for each
// of NF formats. Every port is format-major: format f's slots of a port with n slots per format
// at [(f*n)*32+:n*32] (tb_xmap_fmt lists them). The harness reads the formats back from fmt_o.
`default_nettype none
module tb_xmap_units #(
    parameter integer NF = 6
) (
    input  wire [NF*2*32-1:0]  sys_i,
    input  wire [NF*2*32-1:0]  par_i,
    input  wire [NF*2*32-1:0]  apr_i,
    input  wire [NF*16*32-1:0] gamma_i,
    input  wire [NF*4*32-1:0]  gamma2_i,
    input  wire [NF*8*32-1:0]  alpha_i,
    input  wire [NF*8*32-1:0]  beta_i,
    input  wire [NF*8*32-1:0]  norm_i,
    input  wire [NF*6*32-1:0]  tail_i,
    output wire [NF*5*32-1:0]  fmt_o,
    output wire [NF*16*32-1:0] g4_o,
    output wire [NF*4*32-1:0]  g2_o,
    output wire [NF*8*32-1:0]  alpha4_o,
    output wire [NF*8*32-1:0]  beta4_o,
    output wire [NF*8*32-1:0]  beta2_o,
    output wire [NF*2*32-1:0]  app4_o,
    output wire [NF*2*32-1:0]  ext4_o,
    output wire [NF*32-1:0]    app2_o,
    output wire [NF*32-1:0]    ext2_o,
    output wire [NF*8*32-1:0]  norm_o,
    output wire [NF*8*32-1:0]  astart_o,
    output wire [NF*8*32-1:0]  btail_o
);
  // Formats in pairs, even f modulo (NORM 0), odd f subtract (NORM 1), each valid for
  // fg_xmap_fmt_check. f = 0, 1: the default 5/6/9/10 bits (w_ch/w_ext/w_bm/w_sm); 2, 3: 6/8/13/12
  // and 6/8/13/11, w_bm > w_sm; 4, 5: 3/4/6/8 and 3/4/6/7, the narrowest w_bm and w_sm allowed.
  genvar f;
  generate
    for (f = 0; f < NF; f = f + 1) begin : g_f
      localparam integer W_CH = f < 2 ? 5 : f < 4 ? 6 : 3;
      localparam integer W_EXT = f < 2 ? 6 : f < 4 ? 8 : 4;
      localparam integer W_BM = f < 2 ? 9 : f < 4 ? 13 : 6;
      localparam integer W_SM = f < 2 ? 10 : f == 2 ? 12 : f == 3 ? 11 : f == 4 ? 8 : 7;
      tb_xmap_fmt #(
          .W_CH (W_CH),
          .W_EXT(W_EXT),
          .W_BM (W_BM),
          .W_SM (W_SM),
          .NORM (f % 2)
      ) u_fmt (
          .sys_i   (sys_i[f*2*32+:2*32]),
          .par_i   (par_i[f*2*32+:2*32]),
          .apr_i   (apr_i[f*2*32+:2*32]),
          .gamma_i (gamma_i[f*16*32+:16*32]),
          .gamma2_i(gamma2_i[f*4*32+:4*32]),
          .alpha_i (alpha_i[f*8*32+:8*32]),
          .beta_i  (beta_i[f*8*32+:8*32]),
          .norm_i  (norm_i[f*8*32+:8*32]),
          .tail_i  (tail_i[f*6*32+:6*32]),
          .fmt_o   (fmt_o[f*5*32+:5*32]),
          .g4_o    (g4_o[f*16*32+:16*32]),
          .g2_o    (g2_o[f*4*32+:4*32]),
          .alpha4_o(alpha4_o[f*8*32+:8*32]),
          .beta4_o (beta4_o[f*8*32+:8*32]),
          .beta2_o (beta2_o[f*8*32+:8*32]),
          .app4_o  (app4_o[f*2*32+:2*32]),
          .ext4_o  (ext4_o[f*2*32+:2*32]),
          .app2_o  (app2_o[f*32+:32]),
          .ext2_o  (ext2_o[f*32+:32]),
          .norm_o  (norm_o[f*8*32+:8*32]),
          .astart_o(astart_o[f*8*32+:8*32]),
          .btail_o (btail_o[f*8*32+:8*32])
      );
    end
  endgenerate
endmodule
`default_nettype wire
