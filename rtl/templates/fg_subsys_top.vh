`define TOP fg_subsys_top
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [12:0] k_i, \
    input  wire [55:0] lane_start_i, \
    input  wire [11:0] lane_stride_i, \
    input  wire start_i, \
    input  wire inverse_i, \
    input  wire [3:0] lane_valid_i, \
    input  wire [51:0] lane_x_i, \
    input  wire [7:0] lane_llr_i, \
    input  wire [79:0] bank_rd_row_i, \
    output wire ready_o, \
    output wire [3:0] lane_err_o, \
    output wire [3:0] accept_new_o, \
    output wire [3:0] accept_head_o, \
    output wire [3:0] reject_o, \
    output wire [15:0] fifo_level_o, \
    output wire [7:0] bank_we_o, \
    output wire [79:0] bank_row_o, \
    output wire [15:0] bank_data_o, \
    output wire [31:0] buf_level_o, \
    output wire [15:0] bank_rd_data_o, \
    output wire overflow_o, \
    output wire done_o \
);
`define IAG fg_iag_lte
`define DELAY fg_subsys_delay
`define MAP fg_subsys_map
`define DBCF fg_dbcf
`define L 1
`define P 4
`define P1 3
`define PA1 51
`define PW1 7
`define LEN
`define LP 2
`define LP1 1
`define LN1 13
`define LNHI
`define HI1 0
`define PADW 1
`define PB1 11
`define PR1 39
`define BW 3
`define RW 10
`undef LNEQ
`undef LNPAD
`default_nettype none
module `TOP (
`PORTS
  // IAG (latency `L): lane l's address comes `L cycle(s) after its position entered.
  wire [`P1:0] iag_valid, iag_err;
  wire [`PA1:0] iag_addr;
  `IAG u_iag (
      .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_i), .lane_start_i(lane_start_i), .lane_stride_i(lane_stride_i),
      .start_i(start_i), .inverse_i(inverse_i), .lane_valid_i(lane_valid_i), .lane_x_i(lane_x_i),
      .ready_o(ready_o), .lane_valid_o(iag_valid), .lane_err_o(iag_err), .lane_addr_o(iag_addr));
  assign lane_err_o = iag_err;

  // The LLR travels beside its position.
  wire [`PW1:0] llr_d;
  `DELAY u_delay (.clk_i(clk_i), .rst_ni(rst_ni), .llr_i(lane_llr_i), .llr_o(llr_d));

`ifdef LEN
  // XMAP sub-block length L = 4*ceil(K/PLLR) (PLLR = 2^`LP), from k_i.
  wire [13:0] k_up = {1'b0, k_i} + 14'd`P1;
  wire [`LP1:0] unused_k_up_lo = k_up[`LP1:0];
  wire [`LN1:0] len_full = {k_up[13:`LP], 2'b00};
  wire [12:0] sub_len;
`ifdef LNHI
  assign sub_len = len_full[12:0];
  wire [`HI1:0] unused_len_hi = len_full[`LN1:13];  // 0: K <= 6144
`endif
`ifdef LNEQ
  assign sub_len = len_full;
`endif
`ifdef LNPAD
  assign sub_len = {{`PADW{1'b0}}, len_full};
`endif
`endif
  // Bank mapper per lane, combinational: the DBCF sees the word in the IAG's output cycle.
  wire [`PB1:0] map_bank;
  wire [`PR1:0] map_row;
  genvar l;
  generate
    for (l = 0; l < `P; l = l + 1) begin : g_lane
`ifdef LEN
      `MAP u_map (.addr_i(iag_addr[l*13+:13]), .len_i(sub_len), .bank_o(map_bank[l*`BW+:`BW]), .row_o(map_row[l*`RW+:`RW]));
`else
      `MAP u_map (.addr_i(iag_addr[l*13+:13]), .bank_o(map_bank[l*`BW+:`BW]), .row_o(map_row[l*`RW+:`RW]));
`endif
    end
  endgenerate

  // DBCF: a lane whose IAG output is err (or idle) sends nothing.
  wire [`P1:0] dbcf_valid = iag_valid & ~iag_err;
  `DBCF u_dbcf (
      .clk_i(clk_i), .rst_ni(rst_ni), .lane_valid_i(dbcf_valid), .lane_bank_i(map_bank),
      .lane_row_i(map_row), .lane_data_i(llr_d), .accept_new_o(accept_new_o), .accept_head_o(accept_head_o),
      .reject_o(reject_o), .fifo_level_o(fifo_level_o), .bank_we_o(bank_we_o), .bank_row_o(bank_row_o),
      .bank_data_o(bank_data_o), .buf_level_o(buf_level_o), .bank_rd_row_i(bank_rd_row_i),
      .bank_rd_data_o(bank_rd_data_o), .overflow_o(overflow_o), .done_o(done_o));
endmodule
`default_nettype wire
