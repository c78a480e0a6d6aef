// tb_xmap_siso: test top of fg_xmap_siso (testbench/xmap_siso/tb_xmap_siso.cpp). Three variants of
// one SISO in the default format (fg_xmap_fmt_default): 0 modulo, 1 subtract normalisation, both
// with the default LMAP 6; 2 modulo with the minimum LMAP 4 (LMAP only sets the number of output
// registers after the LLR stage, independent of the arithmetic). Every variant takes the same
// inputs; var_i selects whose outputs the ports show. (One SISO per variant: the harness runs the
// step model once per SISO p of a configuration; Verilator's code, and its build time, grow with
// every instance.)
`default_nettype none
module tb_xmap_siso #(
    parameter integer LMAX  = 384,
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer CW    = $clog2(2 * (LMAX / 4) + 2)
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire [1:0]          var_i,
    input  wire                start_i,
    input  wire [CW-1:0]       c0_i,
    input  wire [1:0]          alpha_sel_i,
    input  wire [8*W_SM-1:0]   alpha_stake_i,
    input  wire [1:0]          beta_sel_i,
    input  wire [8*W_SM-1:0]   beta_stake_i,
    input  wire [6*W_CH-1:0]   tail_i,
    input  wire [3:0]          rd_valid_i,
    input  wire [4*W_CH-1:0]   rd_sys_i,
    input  wire [4*W_CH-1:0]   rd_par_i,
    input  wire [4*W_EXT-1:0]  rd_apr_i,
    output wire [3:0]          out_valid_o,
    output wire [4*W_EXT-1:0]  out_ext_o,
    output wire [3:0]          out_hard_o,
    output wire [8*W_SM-1:0]   alpha_o,
    output wire [8*W_SM-1:0]   beta_o
);
  localparam integer OW = 4 + 4 * W_EXT + 4 + 16 * W_SM;  // one SISO's outputs
  wire [OW-1:0] o[0:3];  // variant 3: none (0)
  genvar v;
  generate
    for (v = 0; v < 3; v = v + 1) begin : g_var
      wire [3:0] ov, oh;
      wire [4*W_EXT-1:0] oe;
      wire [8*W_SM-1:0] oa, ob;
      fg_xmap_siso #(
          .W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(v % 2), .LMAX(LMAX),
          .LMAP(v == 2 ? 4 : 6)
      ) u_siso (
          .clk_i        (clk_i),
          .rst_ni       (rst_ni),
          .start_i      (start_i),
          .c0_i         (c0_i),
          .alpha_sel_i  (alpha_sel_i),
          .alpha_stake_i(alpha_stake_i),
          .beta_sel_i   (beta_sel_i),
          .beta_stake_i (beta_stake_i),
          .tail_i       (tail_i),
          .rd_valid_i   (rd_valid_i),
          .rd_sys_i     (rd_sys_i),
          .rd_par_i     (rd_par_i),
          .rd_apr_i     (rd_apr_i),
          .out_valid_o  (ov),
          .out_ext_o    (oe),
          .out_hard_o   (oh),
          .alpha_o      (oa),
          .beta_o       (ob)
      );
      assign o[v] = {ob, oa, oh, oe, ov};
    end
  endgenerate
  assign o[3] = {OW{1'b0}};
  wire [OW-1:0] s = o[var_i];
  assign out_valid_o = s[0+:4];
  assign out_ext_o   = s[4+:4*W_EXT];
  assign out_hard_o  = s[4+4*W_EXT+:4];
  assign alpha_o     = s[8+4*W_EXT+:8*W_SM];
  assign beta_o      = s[8+4*W_EXT+8*W_SM+:8*W_SM];
endmodule
`default_nettype wire
