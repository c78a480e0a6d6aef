// fg_bench_dbcf_inreg: bench wrapper of the checked-in thesis DBCF (fg_dbcf_p32_m64_s3_f4_b7) that
// passes every input, reset included, through one register. A harness drives each cycle's inputs
// one cycle ahead, so the DBCF sees the same input sequence at the same edges as without the wrapper,
// but none of its logic depends on a top-level input: Verilator evaluates the network once per
// clock edge instead of in every eval() (bench_rtl_dbcf.cpp, docs/performance.md).
`default_nettype none
module fg_bench_dbcf_inreg (
    input  wire clk_i,
    input  wire rst_ni,           // reset of the next cycle
    input  wire [31:0] lane_valid_i,  // inputs of the next cycle
    input  wire [191:0] lane_bank_i,
    input  wire [223:0] lane_row_i,
    input  wire [191:0] lane_data_i,
    input  wire [447:0] bank_rd_row_i,
    output wire [31:0] accept_new_o,  // outputs of this cycle
    output wire [31:0] accept_head_o,
    output wire [31:0] reject_o,
    output wire [223:0] fifo_level_o,
    output wire [63:0] bank_we_o,
    output wire [447:0] bank_row_o,
    output wire [383:0] bank_data_o,
    output wire [447:0] buf_level_o,
    output wire [383:0] bank_rd_data_o,
    output wire overflow_o,
    output wire done_o
);
  reg rst_nq;
  reg [31:0] lane_valid_q;
  reg [191:0] lane_bank_q;
  reg [223:0] lane_row_q;
  reg [191:0] lane_data_q;
  reg [447:0] bank_rd_row_q;
  always @(posedge clk_i) begin
    rst_nq <= rst_ni;
    lane_valid_q <= lane_valid_i;
    lane_bank_q <= lane_bank_i;
    lane_row_q <= lane_row_i;
    lane_data_q <= lane_data_i;
    bank_rd_row_q <= bank_rd_row_i;
  end
  fg_dbcf_p32_m64_s3_f4_b7 u_dbcf (
      .clk_i(clk_i), .rst_ni(rst_nq), .lane_valid_i(lane_valid_q), .lane_bank_i(lane_bank_q),
      .lane_row_i(lane_row_q), .lane_data_i(lane_data_q), .bank_rd_row_i(bank_rd_row_q),
      .accept_new_o(accept_new_o), .accept_head_o(accept_head_o), .reject_o(reject_o),
      .fifo_level_o(fifo_level_o), .bank_we_o(bank_we_o), .bank_row_o(bank_row_o),
      .bank_data_o(bank_data_o), .buf_level_o(buf_level_o), .bank_rd_data_o(bank_rd_data_o),
      .overflow_o(overflow_o), .done_o(done_o));
endmodule
`default_nettype wire
