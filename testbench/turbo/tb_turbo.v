// tb_turbo: the turbo decoder core (rtl/lib/fg_turbo_core) of the thesis's LTE side, P 16 SISOs with
// sub-blocks up to L 384, and the checked-in LTE IAG of 64 lanes (rtl/generated/iag-lte-p64); the
// harness (tb_turbo.cpp) drives it and compares every port with the step model fg_turbo_arch.
`default_nettype none
module tb_turbo #(
    parameter integer P = 16, LMAX = 384, NL = 4 * P, AW = 13, W_CH = 5, W_EXT = 6,
    parameter integer QMAX = LMAX / 4, RW = $clog2(QMAX), CW = $clog2(QMAX + 1), BW = $clog2(P) + 2,
    parameter integer TW = $clog2(2 * QMAX + 6 + 1 + 1)
) (
    input  wire                clk_i,
    input  wire                rst_ni,
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
  wire iag_rst_n, iag_start, iag_inverse;
  wire [NL*14-1:0] lane_start;
  wire [NL*3-1:0] lane_stride;
  wire [NL-1:0] iag_in_valid;
  wire [NL*AW-1:0] iag_in_x;
  fg_turbo_core #(.P(P), .LMAX(LMAX)) u_core (
      .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_i), .c0_i(c0_i), .half_iters_i(half_iters_i), .tail_i(tail_i),
      .ld_valid_i(ld_valid_i), .ld_pos_i(ld_pos_i), .ld_data_i(ld_data_i), .start_i(start_i),
      .iag_rst_no(iag_rst_n), .iag_lane_start_o(lane_start), .iag_lane_stride_o(lane_stride),
      .iag_start_o(iag_start), .iag_inverse_o(iag_inverse), .iag_valid_o(iag_in_valid), .iag_x_o(iag_in_x),
      .iag_ready_i(iag_ready_o), .iag_valid_i(iag_valid_o), .iag_err_i(iag_err_o), .iag_addr_i(iag_addr_o),
      .hard_rd_pos_i(hard_rd_pos_i), .hard_rd_data_o(hard_rd_data_o),
      .state_o(state_o), .half_o(half_o), .tau_o(tau_o), .half_end_o(half_end_o), .done_o(done_o),
      .rd_valid_o(rd_valid_o), .rd_pos_o(rd_pos_o), .rd_bank_o(rd_bank_o), .rd_row_o(rd_row_o),
      .rd_sys_o(rd_sys_o), .rd_par_o(rd_par_o), .rd_apr_o(rd_apr_o),
      .out_valid_o(out_valid_o), .out_x_o(out_x_o), .out_llr_o(out_llr_o),
      .word_valid_o(word_valid_o), .word_bank_o(word_bank_o), .word_row_o(word_row_o), .word_data_o(word_data_o),
      .wr_valid_o(wr_valid_o), .wr_row_o(wr_row_o), .wr_data_o(wr_data_o));
  fg_iag_lte_p64 u_iag (
      .clk_i(clk_i), .rst_ni(iag_rst_n), .k_i(k_i), .lane_start_i(lane_start), .lane_stride_i(lane_stride),
      .start_i(iag_start), .inverse_i(iag_inverse), .lane_valid_i(iag_in_valid), .lane_x_i(iag_in_x),
      .ready_o(iag_ready_o), .lane_valid_o(iag_valid_o), .lane_err_o(iag_err_o), .lane_addr_o(iag_addr_o));
endmodule
`default_nettype wire
