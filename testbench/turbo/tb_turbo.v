// tb_turbo: the turbo decoder core (rtl/lib/fg_turbo_core) of the thesis's LTE side, P 16 SISOs with
// sub-blocks up to L 384, and the checked-in LTE IAG of 64 lanes (rtl/generated/iag-lte-p64), in two
// variants (modulo normalisation with NII, subtractive without) on the same inputs; var_i selects
// the outputs. The harness (tb_turbo.cpp) drives it and compares every port with the step model.
`default_nettype none
module tb_turbo #(
    parameter integer P = 16, LMAX = 384, NL = 4 * P, AW = 13, W_CH = 5, W_EXT = 6,
    parameter integer QMAX = LMAX / 4, RW = $clog2(QMAX), CW = $clog2(QMAX + 1), BW = $clog2(P) + 2,
    parameter integer TW = $clog2(2 * QMAX + 6 + 1 + 1)
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire                var_i,          // 0: modulo, NII on; 1: subtract, NII off
    input  wire [AW-1:0]       k_i,
    input  wire [CW-1:0]       c0_i,
    input  wire [7:0]          half_iters_i,
    input  wire [12*W_CH-1:0]  tail_i,
    input  wire                ld_valid_i,
    input  wire [AW-1:0]       ld_pos_i,
    input  wire [4*W_CH-1:0]   ld_data_i,
    input  wire                start_i,
    input  wire [AW-1:0]       hard_rd_pos_i,
    output wire                hard_rd_data_o,
    output wire [1:0]          state_o,
    output wire [7:0]          half_o,
    output wire [TW-1:0]       tau_o,
    output wire                half_end_o,
    output wire                done_o,
    output wire                iag_ready_o,
    output wire [NL-1:0]       iag_valid_o,
    output wire [NL-1:0]       iag_err_o,
    output wire [NL*AW-1:0]    iag_addr_o,
    output wire [NL-1:0]       rd_valid_o,
    output wire [NL*AW-1:0]    rd_pos_o,
    output wire [NL*BW-1:0]    rd_bank_o,
    output wire [NL*RW-1:0]    rd_row_o,
    output wire [NL*W_CH-1:0]  rd_sys_o,
    output wire [NL*W_CH-1:0]  rd_par_o,
    output wire [NL*W_EXT-1:0] rd_apr_o,
    output wire [NL-1:0]       out_valid_o,
    output wire [NL*AW-1:0]    out_x_o,
    output wire [NL*W_EXT-1:0] out_llr_o,
    output wire [NL-1:0]       word_valid_o,
    output wire [NL*BW-1:0]    word_bank_o,
    output wire [NL*RW-1:0]    word_row_o,
    output wire [NL*W_EXT-1:0] word_data_o,
    output wire [NL-1:0]       wr_valid_o,
    output wire [NL*RW-1:0]    wr_row_o,
    output wire [NL*W_EXT-1:0] wr_data_o
);
  // The static inputs pass through registers (set them one cycle before the block's first load):
  // the logic that depends on them (positions, lane programs, bank mappers) then runs on clock edges
  // only, not in every eval() of the harness (Verilator 5.006 re-runs input-dependent logic in each).
  reg var_q;
  reg [AW-1:0] k_q;
  reg [CW-1:0] c0_q;
  reg [7:0] hi_q;
  reg [12*W_CH-1:0] tail_q;
  always @(posedge clk_i) begin
    var_q <= var_i;
    k_q <= k_i;
    c0_q <= c0_i;
    hi_q <= half_iters_i;
    tail_q <= tail_i;
  end
  // Variant v: NORM, NII of core v; both run on the same inputs, var_i selects the outputs.
  localparam integer NOUT = 14 + TW + NL * (6 + 3 * AW + 2 * BW + 3 * RW + 2 * W_CH + 4 * W_EXT);  // the outputs
  wire [NOUT-1:0] outs[0:1];
  genvar v;
  generate
    for (v = 0; v < 2; v = v + 1) begin : g_var
      wire iag_rst_n, iag_start, iag_inverse, iag_ready, hard_d, st_he, st_done;
      wire [1:0] st;
      wire [7:0] hf;
      wire [TW-1:0] tau;
      wire [NL*14-1:0] lane_start;
      wire [NL*3-1:0] lane_stride;
      wire [NL-1:0] iag_in_valid, iag_valid, iag_err;
      wire [NL*AW-1:0] iag_in_x, iag_addr;
      wire [NL-1:0] rd_v, out_v, word_v, wr_v;
      wire [NL*AW-1:0] rd_p, out_x;
      wire [NL*BW-1:0] rd_b, word_b;
      wire [NL*RW-1:0] rd_r, word_r, wr_r;
      wire [NL*W_CH-1:0] rd_s, rd_pa;
      wire [NL*W_EXT-1:0] rd_a, out_l, word_d, wr_d;
      fg_turbo_core #(.P(P), .LMAX(LMAX), .NORM(v), .NII(1 - v)) u_core (
          .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_q), .c0_i(c0_q), .half_iters_i(hi_q), .tail_i(tail_q),
          .ld_valid_i(ld_valid_i), .ld_pos_i(ld_pos_i), .ld_data_i(ld_data_i), .start_i(start_i),
          .iag_rst_no(iag_rst_n), .iag_lane_start_o(lane_start), .iag_lane_stride_o(lane_stride),
          .iag_start_o(iag_start), .iag_inverse_o(iag_inverse), .iag_valid_o(iag_in_valid), .iag_x_o(iag_in_x),
          .iag_ready_i(iag_ready), .iag_valid_i(iag_valid), .iag_err_i(iag_err), .iag_addr_i(iag_addr),
          .hard_rd_pos_i(hard_rd_pos_i), .hard_rd_data_o(hard_d),
          .state_o(st), .half_o(hf), .tau_o(tau), .half_end_o(st_he), .done_o(st_done),
          .rd_valid_o(rd_v), .rd_pos_o(rd_p), .rd_bank_o(rd_b), .rd_row_o(rd_r),
          .rd_sys_o(rd_s), .rd_par_o(rd_pa), .rd_apr_o(rd_a),
          .out_valid_o(out_v), .out_x_o(out_x), .out_llr_o(out_l),
          .word_valid_o(word_v), .word_bank_o(word_b), .word_row_o(word_r), .word_data_o(word_d),
          .wr_valid_o(wr_v), .wr_row_o(wr_r), .wr_data_o(wr_d));
      fg_iag_lte_p64 u_iag (
          .clk_i(clk_i), .rst_ni(iag_rst_n), .k_i(k_q), .lane_start_i(lane_start), .lane_stride_i(lane_stride),
          .start_i(iag_start), .inverse_i(iag_inverse), .lane_valid_i(iag_in_valid), .lane_x_i(iag_in_x),
          .ready_o(iag_ready), .lane_valid_o(iag_valid), .lane_err_o(iag_err), .lane_addr_o(iag_addr));
      assign outs[v] = {hard_d, st, hf, tau, st_he, st_done, iag_ready, iag_valid, iag_err, iag_addr, rd_v, rd_p,
                        rd_b, rd_r, rd_s, rd_pa, rd_a, out_v, out_x, out_l, word_v, word_b, word_r, word_d, wr_v,
                        wr_r, wr_d};
    end
  endgenerate
  assign {hard_rd_data_o, state_o, half_o, tau_o, half_end_o, done_o, iag_ready_o, iag_valid_o, iag_err_o,
          iag_addr_o, rd_valid_o, rd_pos_o, rd_bank_o, rd_row_o, rd_sys_o, rd_par_o, rd_apr_o, out_valid_o,
          out_x_o, out_llr_o, word_valid_o, word_bank_o, word_row_o, word_data_o, wr_valid_o, wr_row_o,
          wr_data_o} = outs[var_q];
endmodule
`default_nettype wire
