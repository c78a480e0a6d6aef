`define TOP fg_turbo_top
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [12:0] k_i, \
    input  wire [7:0] half_iters_i, \
    input  wire [59:0] tail_i, \
    input  wire ld_valid_i, \
    input  wire [12:0] ld_pos_i, \
    input  wire [19:0] ld_data_i, \
    input  wire start_i, \
    input  wire [12:0] hard_rd_pos_i, \
    output wire k_ok_o, \
    output wire hard_rd_data_o, \
    output wire [1:0] state_o, \
    output wire [7:0] half_o, \
    output wire [4:0] tau_o, \
    output wire half_end_o, \
    output wire done_o, \
    output wire [7:0] rd_valid_o, \
    output wire [103:0] rd_pos_o, \
    output wire [23:0] rd_bank_o, \
    output wire [23:0] rd_row_o, \
    output wire [39:0] rd_sys_o, \
    output wire [39:0] rd_par_o, \
    output wire [47:0] rd_apr_o, \
    output wire [7:0] out_valid_o, \
    output wire [103:0] out_x_o, \
    output wire [47:0] out_llr_o, \
    output wire [7:0] iag_valid_o, \
    output wire [7:0] iag_err_o, \
    output wire [103:0] iag_addr_o, \
    output wire [7:0] word_valid_o, \
    output wire [23:0] word_bank_o, \
    output wire [23:0] word_row_o, \
    output wire [47:0] word_data_o, \
    output wire [7:0] ext_we_o, \
    output wire [23:0] ext_row_o, \
    output wire [47:0] ext_data_o \
);
`define CH1 59
`define CH 60
`define UMTS 0
`define NSIZES 4
`define KMAX 64
`define LMAX 32
`define CW1 3
`define JW1 0
`define KTAB fg_turbo_ktab
`define NL14 111
`define NL3 23
`define NL1 7
`define NLA1 103
`define NDW1 7
`define NDWB1 23
`define NDWR1 23
`define NDWX1 55
`define P 2
`define W_CH 5
`define W_EXT 6
`define W_BM 9
`define W_SM 10
`define NORM 0
`define LMAP 6
`define LIAG 1
`define NII 1
`define MODE 0
`define JMAX 0
`define MAPXOR 1
`define UP 2
`define LMAXH 32
`define QP 8
`define NL 8
`define NLR 24
`define NLX 56
`define IAG
`define MOD fg_iag_lte
`define INST u_iag
`define RST iag_rst_n
`define ST1 111
`define SR1 23
`define LV1 7
`define LX1 103
`define SFX
`undef BOTH
`undef DBCFI
`define DBCF fg_dbcf
`define ND 4
`define ND1 3
`define NDL1 7
`define NDA1 51
`define PADV 4
`define PADA 52
`default_nettype none
module `TOP (
`PORTS
  // The static inputs pass through registers: the logic that depends on them (the K table, the
  // position generators, lane programs and bank mappers) starts from a register.
  reg [12:0] k_q;
  reg [7:0] hi_q;
  reg [`CH1:0] tail_q;
  reg umts_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      k_q <= 13'd0;
      hi_q <= 8'd0;
      tail_q <= `CH'd0;
      umts_q <= 1'b`UMTS;
    end else begin
      k_q <= k_i;
      hi_q <= half_iters_i;
      tail_q <= tail_i;
`ifdef BOTH
      umts_q <= umts_i;
`else
      umts_q <= 1'b`UMTS;
`endif
    end
  end

  // K table: `NSIZES sizes up to K `KMAX, sub-blocks up to L `LMAX.
  wire k_ok, dbcf;
  wire [`CW1:0] c0;
  wire [`JW1:0] j;
`ifdef BOTH
  `KTAB u_ktab (.k_i({umts_q, k_q}), .ok_o(k_ok), .c0_o(c0), .j_o(j), .dbcf_o(dbcf));
`else
  `KTAB u_ktab (.k_i(k_q), .ok_o(k_ok), .c0_o(c0), .j_o(j), .dbcf_o(dbcf));
`endif
  assign k_ok_o = k_ok;

  wire iag_rst_n, iag_start, iag_inverse, iag_ready;
  wire [`NL14:0] lane_start;
  wire [`NL3:0] lane_stride;
  wire [`NL1:0] iag_in_valid, iag_valid, iag_err;
  wire [`NLA1:0] iag_in_x, iag_addr;
  wire dbcf_rst_n;
  wire [`NDW1:0] dbcf_valid, dbcf_reject, dbcf_we;
  wire [`NDWB1:0] dbcf_bank;
  wire [`NDWR1:0] dbcf_row, dbcf_wrow;
  wire [`NDWX1:0] dbcf_data, dbcf_wdata;
  fg_turbo_core #(
      .P(`P), .LMAX(`LMAX), .W_CH(`W_CH), .W_EXT(`W_EXT), .W_BM(`W_BM), .W_SM(`W_SM), .NORM(`NORM), .LMAP(`LMAP), .LIAG(`LIAG),
      .NII(`NII), .UMTS(`MODE), .JMAX(`JMAX), .MAPXOR(`MAPXOR), .UP(`UP), .LMAXH(`LMAXH), .QP(`QP)
  ) u_core (
      .clk_i(clk_i), .rst_ni(rst_ni), .k_i(k_q), .c0_i(c0), .j_i(j), .umts_i(umts_q), .dbcf_i(dbcf),
      .half_iters_i(hi_q), .tail_i(tail_q),
      .ld_valid_i(ld_valid_i & k_ok), .ld_pos_i(ld_pos_i), .ld_data_i(ld_data_i), .start_i(start_i & k_ok),
      .iag_rst_no(iag_rst_n), .iag_lane_start_o(lane_start), .iag_lane_stride_o(lane_stride),
      .iag_start_o(iag_start), .iag_inverse_o(iag_inverse), .iag_valid_o(iag_in_valid), .iag_x_o(iag_in_x),
      .iag_ready_i(iag_ready), .iag_valid_i(iag_valid), .iag_err_i(iag_err), .iag_addr_i(iag_addr),
      .dbcf_rst_no(dbcf_rst_n), .dbcf_valid_o(dbcf_valid), .dbcf_bank_o(dbcf_bank), .dbcf_row_o(dbcf_row),
      .dbcf_data_o(dbcf_data), .dbcf_reject_i(dbcf_reject), .dbcf_we_i(dbcf_we), .dbcf_row_i(dbcf_wrow),
      .dbcf_data_i(dbcf_wdata),
      .hard_rd_pos_i(hard_rd_pos_i), .hard_rd_data_o(hard_rd_data_o),
      .state_o(state_o), .half_o(half_o), .tau_o(tau_o), .half_end_o(half_end_o), .done_o(done_o),
      .rd_valid_o(rd_valid_o), .rd_pos_o(rd_pos_o), .rd_bank_o(rd_bank_o), .rd_row_o(rd_row_o),
      .rd_sys_o(rd_sys_o), .rd_par_o(rd_par_o), .rd_apr_o(rd_apr_o),
      .out_valid_o(out_valid_o), .out_x_o(out_x_o), .out_llr_o(out_llr_o),
      .word_valid_o(word_valid_o), .word_bank_o(word_bank_o), .word_row_o(word_row_o),
      .word_data_o(word_data_o), .wr_valid_o(ext_we_o), .wr_row_o(ext_row_o), .wr_data_o(ext_data_o));

`ifdef DBCFI
  // The DBCF of `ND lanes and banks (held in reset outside half-iterations through it); the banks are
  // the core's.
  wire [`ND1:0] unused_accept_new, unused_accept_head;
  wire unused_overflow, unused_done;
  wire [`NDL1:0] unused_fifo_level;
  wire [`NDL1:0] unused_buf_level;
  `DBCF u_dbcf (
      .clk_i(clk_i), .rst_ni(dbcf_rst_n), .lane_valid_i(dbcf_valid), .lane_bank_i(dbcf_bank),
      .lane_row_i(dbcf_row), .lane_data_i(dbcf_data), .accept_new_o(unused_accept_new),
      .accept_head_o(unused_accept_head), .reject_o(dbcf_reject), .fifo_level_o(unused_fifo_level),
      .bank_we_o(dbcf_we), .bank_row_o(dbcf_wrow), .bank_data_o(dbcf_wdata),
      .buf_level_o(unused_buf_level), .overflow_o(unused_overflow), .done_o(unused_done));
`else
  // LTE writes the banks directly: no DBCF.
  wire unused_dbcf = ^{dbcf_rst_n, dbcf_valid, dbcf_bank, dbcf_row, dbcf_data};
  assign dbcf_reject = `NL'd0;
  assign dbcf_we = `NL'd0;
  assign dbcf_wrow = `NLR'd0;
  assign dbcf_wdata = `NLX'd0;
`endif

`ifdef BOTH
  // The LTE IAG of `NL lanes and the HSPA+ IAG of `ND (lanes 0..`ND1), each held in reset unless the
  // block is of its standard and the core is busy; the block's IAG drives the lanes.
  wire ready_l, ready_u;
  wire [`NL1:0] valid_l, err_l;
  wire [`NLA1:0] addr_l;
  wire [`ND1:0] valid_u, err_u;
  wire [`NDA1:0] addr_u;
  wire rst_l_n = iag_rst_n & ~umts_q, rst_u_n = iag_rst_n & umts_q;
`else
  // The IAG of `NL lanes (held in reset while the core is idle or done).
  wire ready;
  wire [`NL1:0] valid, err;
  wire [`NLA1:0] addr;
`endif
`ifdef IAG
  `MOD `INST (
      .clk_i(clk_i), .rst_ni(`RST), .k_i(k_q), .lane_start_i(lane_start[`ST1:0]),
      .lane_stride_i(lane_stride[`SR1:0]), .start_i(iag_start), .inverse_i(iag_inverse),
      .lane_valid_i(iag_in_valid[`LV1:0]), .lane_x_i(iag_in_x[`LX1:0]), .ready_o(ready`SFX),
      .lane_valid_o(valid`SFX), .lane_err_o(err`SFX), .lane_addr_o(addr`SFX));
`endif
`ifdef BOTH
  assign iag_ready = umts_q ? ready_u : ready_l;
  assign iag_valid = umts_q ? {`PADV'd0, valid_u} : valid_l;
  assign iag_err = umts_q ? {`PADV'd0, err_u} : err_l;
  assign iag_addr = umts_q ? {`PADA'd0, addr_u} : addr_l;
`else
  assign iag_ready = ready;
  assign iag_valid = valid;
  assign iag_err = err;
  assign iag_addr = addr;
`endif
  assign iag_valid_o = iag_valid;
  assign iag_err_o = iag_err;
  assign iag_addr_o = iag_addr;
endmodule
`default_nettype wire
