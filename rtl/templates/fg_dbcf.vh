`define TOP fg_dbcf
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [3:0] lane_valid_i, \
    input  wire [11:0] lane_bank_i, \
    input  wire [39:0] lane_row_i, \
    input  wire [7:0] lane_data_i, \
    input  wire [79:0] bank_rd_row_i, \
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
`define P 4
`define M 8
`define NS 8
`define BW 3
`define RW 10
`define W 2
`define D 768
`define CW 4
`define SW 3
`define NR 2
`define S 2
`define SEED ACE1
`define TAPS B400
`define FIFO
`define F 2
`define FCW 2
`define FCW1 1
`define FPAD
`define FPADW 2
`define DW 4
`define B 2
`define BCW 2
`define BCW1 1
`define BPAD
`define BPADW 2
`undef XB
`undef HEAD
`default_nettype none
module `TOP (
`PORTS
  localparam integer P = `P;  // lanes
  localparam integer M = `M;  // banks
  localparam integer NS = `NS;  // request slots: 2l = lane l's FIFO head, 2l+1 its new word
  localparam integer BW = `BW, RW = `RW, W = `W;  // bank, row, data bits
`ifdef XB
  localparam integer D = 0;  // rows per bank SRAM (0: outside, written from bank_we_o, bank_row_o, bank_data_o)
`else
  localparam integer D = `D;  // rows per bank SRAM
`endif
  localparam integer CW = `CW;  // level ports
  localparam integer SW = `SW;  // start slot
  localparam integer LW = BW + RW + W;  // lane word {bank, row, data}
  localparam integer QW = RW + W;  // buffered word {row, data}
  localparam integer NR = `NR;  // most words a bank admits per cycle: min(S = `S, B + 1)

  // Priority LFSR (fg_dbcf_lfsr_next) and the start slot (lfsr * NS) >> 16.
  wire [15:0] lfsr;
  fg_lfsr16 #(.SEED(16'h`SEED), .TAPS(16'h`TAPS)) u_lfsr (.clk_i(clk_i), .rst_ni(rst_ni), .state_o(lfsr));
  localparam [16+SW-1:0] NS_MUL = `NS;
  wire [SW-1:0] start;
  wire [15:0] unused_prod_lo;
  assign {start, unused_prod_lo} = {{SW{1'b0}}, lfsr} * NS_MUL;

`ifdef HEAD
  // Candidates: slot 2l = FIFO head (FIFO not empty), slot 2l+1 = new word (valid and the FIFO empty).
`else
  // Candidates: slot 2l = FIFO head (FIFO not empty), slot 2l+1 = new word (valid; offered together with the head).
`endif
  wire [NS-1:0] slot_valid;
  wire [LW*NS-1:0] slot_word;  // {bank, row, data} of slot s at [s*LW +: LW]
  wire [NS-1:0] admitted;  // slot admitted by its bank
  genvar l, b, s;
  generate
    for (l = 0; l < P; l = l + 1) begin : g_lane
      wire [LW-1:0] new_word = {lane_bank_i[l*BW+:BW], lane_row_i[l*RW+:RW], lane_data_i[l*W+:W]};
      wire not_taken = lane_valid_i[l] & ~admitted[2*l+1];
`ifdef FIFO
      localparam [`FCW1:0] F_FULL = `F;
      wire [`FCW1:0] level;
      wire [LW-1:0] head;
      // Pop first, then push if there is room; else the new word is rejected.
      wire room = (level != F_FULL) | admitted[2*l];
      fg_fifo #(.W(LW), .DEPTH(`F), .CW(`FCW)) u_fifo (
          .clk_i(clk_i), .rst_ni(rst_ni), .push_i(not_taken & room), .data_i(new_word),
          .pop_i(admitted[2*l]), .head_o(head), .level_o(level));
      wire head_valid = level != `FCW'd0;
`ifdef HEAD
      wire new_valid = lane_valid_i[l] & ~head_valid;
`else
      wire new_valid = lane_valid_i[l];
`endif
      assign reject_o[l] = not_taken & ~room;
`ifdef FPAD
      assign fifo_level_o[l*CW+:CW] = {`FPADW'd0, level};
`else
      assign fifo_level_o[l*CW+:CW] = level;
`endif
`else
      // No FIFO: a new word that is not admitted is rejected.
      wire [LW-1:0] head = {LW{1'b0}};
      wire head_valid = 1'b0;
      wire new_valid = lane_valid_i[l];
      assign reject_o[l] = not_taken;
      assign fifo_level_o[l*CW+:CW] = {CW{1'b0}};
`endif
      assign slot_valid[2*l] = head_valid;
      assign slot_valid[2*l+1] = new_valid;
      assign slot_word[2*l*LW+:LW] = head;
      assign slot_word[(2*l+1)*LW+:LW] = new_word;
      assign accept_head_o[l] = admitted[2*l];
      assign accept_new_o[l] = admitted[2*l+1];
    end
  endgenerate

  // Router (docs/rtl-dbcf.md "Structure"). Sort the slots by {invalid, bank, visit index}: the
  // visit index (slot - start) mod NS makes the keys unique and puts each bank's requests in
  // visit order, invalid slots last.
  localparam integer KW = 1 + BW + SW;  // sort key
  localparam integer EW = KW + QW;      // sorted word {key, row, data}
  localparam integer DW = `DW;  // bank ports M * NR
  wire [NS*EW-1:0] unsorted, sorted;
  wire [NS-1:0] sorted_adm;  // admission of the word at each sorted position
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_key
      localparam integer SN = s;
      localparam [SW:0] SI = SN[SW:0];
      localparam [SW:0] NSI = NS[SW:0];
      wire [SW:0] diff = SI - {1'b0, start};
      wire [SW:0] visit = SI >= {1'b0, start} ? diff : diff + NSI;  // (s - start) mod NS
      wire [LW-1:0] wd = slot_word[s*LW+:LW];
      // An invalid slot's bank is forced to 0: its word may be anything (an empty FIFO's head).
      assign unsorted[s*EW+:EW] = {~slot_valid[s], wd[QW+:BW] & {BW{slot_valid[s]}}, visit[SW-1:0], wd[QW-1:0]};
      wire unused_visit = visit[SW];
    end
  endgenerate
  fg_sort_net #(.N(NS), .KW(KW), .PW(QW)) u_sort (
      .x_i(unsorted), .y_o(sorted), .ret_i(sorted_adm), .ret_o(admitted));

  // Ranks and routes of the sorted words: kept = valid, bank < M, rank < NR; z = the compaction's
  // shift, e = the expansion's (fg_dbcf_dest).
  wire [NS-1:0] s_valid, keep;
  wire [NS*BW-1:0] s_bank;
  wire [NS*SW-1:0] z;
  wire [NS*DW-1:0] e;
  wire [NS*(DW+QW)-1:0] to_compact;  // {e, row, data} per sorted position
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_sorted
      wire [EW-1:0] wd = sorted[s*EW+:EW];
      assign s_valid[s] = ~wd[EW-1];
      assign s_bank[s*BW+:BW] = wd[QW+SW+:BW];
      assign to_compact[s*(DW+QW)+:DW+QW] = {e[s*DW+:DW], wd[QW-1:0]};
      wire [SW-1:0] unused_visit = wd[QW+:SW];
    end
  endgenerate
  fg_dbcf_dest #(.N(NS), .BW(BW), .M(M), .NR(NR), .SW(SW), .DW(DW)) u_dest (
      .valid_i(s_valid), .bank_i(s_bank), .keep_o(keep), .z_o(z), .e_o(e));

  // Compaction (kept words to positions 0, 1, ...), then expansion (each to its bank port
  // bank * NR + rank); the banks' admissions travel back the same way.
  wire [NS-1:0] c_valid, c_ret;
  wire [NS*(DW+QW)-1:0] compacted;
  fg_route_shift #(.NI(NS), .NO(NS), .W(DW + QW), .SHW(SW), .RIGHT(0)) u_compact (
      .valid_i(keep), .sh_i(z), .x_i(to_compact), .valid_o(c_valid), .x_o(compacted), .ret_i(c_ret),
      .ret_o(sorted_adm));
  wire [NS*DW-1:0] c_e;
  wire [NS*QW-1:0] c_word;
  generate
    for (s = 0; s < NS; s = s + 1) begin : g_compacted
      assign {c_e[s*DW+:DW], c_word[s*QW+:QW]} = compacted[s*(DW+QW)+:DW+QW];
    end
  endgenerate
  wire [M*NR-1:0] port_valid, port_acc;
  wire [M*NR*QW-1:0] port_word;
  fg_route_shift #(.NI(NS), .NO(M * NR), .W(QW), .SHW(DW), .RIGHT(1)) u_expand (
      .valid_i(c_valid), .sh_i(c_e), .x_i(c_word), .valid_o(port_valid), .x_o(port_word), .ret_i(port_acc),
      .ret_o(c_ret));

  // Banks: each admits up to min(S, B + 1 - occ) of the words at its NR ports, writes its oldest
  // buffered word or bypasses the first admitted one, and buffers the others (fg_dbcf_bank).
  generate
    for (b = 0; b < M; b = b + 1) begin : g_bank
      wire [`BCW1:0] level;
`ifdef XB
      wire [W-1:0] unused_rd_data;  // 0: no SRAM
`endif
      fg_dbcf_bank #(.NR(NR), .B(`B), .RW(RW), .W(W), .D(D), .CW(`BCW)) u_bank (
          .clk_i(clk_i), .rst_ni(rst_ni), .port_valid_i(port_valid[b*NR+:NR]),
          .port_word_i(port_word[b*NR*QW+:NR*QW]), .acc_o(port_acc[b*NR+:NR]),
          .we_o(bank_we_o[b]), .row_o(bank_row_o[b*RW+:RW]), .data_o(bank_data_o[b*W+:W]), .level_o(level),
`ifdef XB
          .rd_row_i({RW{1'b0}}), .rd_data_o(unused_rd_data));
`else
          .rd_row_i(bank_rd_row_i[b*RW+:RW]), .rd_data_o(bank_rd_data_o[b*W+:W]));
`endif
`ifdef BPAD
      assign buf_level_o[b*CW+:CW] = {`BPADW'd0, level};
`else
      assign buf_level_o[b*CW+:CW] = level;
`endif
    end
  endgenerate

  // Flags: overflow_o a sticky register set by any reject (fg_dbcf_overflow); done_o combinational
  // in the registered levels only (fg_dbcf_empty): no word in any FIFO or buffer.
  reg overflow_q;
  always @(posedge clk_i) begin
    if (!rst_ni) overflow_q <= 1'b0;
    else if (|reject_o) overflow_q <= 1'b1;
  end
  assign overflow_o = overflow_q;
  assign done_o = (fifo_level_o == {P*CW{1'b0}}) && (buf_level_o == {M*CW{1'b0}});
endmodule
`default_nettype wire
