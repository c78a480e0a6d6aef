  // ---- Survivors in a traceback memory (rtl/templates/fg_viterbi_mem.vh; the memory half of the step
  // model's fg_vit_hw_step). The decisions of consecutive stages go to consecutive positions of a circle
  // of R*RB: position (bank b, row r) is p = r*R + b, in R SRAM banks (fg_sram_1r1w, RB rows of M bits).
  // The engine reads R consecutive positions a cycle, one row of every bank, addressed a cycle ahead
  // from its next position (read latency 1). ----
  reg [BW-1:0] wb_q;   // the position the next stage's decisions take
  reg [RBW-1:0] wr_q;
  // the next / previous position
  function [BW+RBW-1:0] f_inc(input [BW-1:0] b, input [RBW-1:0] r);
    begin
      if (b == B_LAST) f_inc = {{BW{1'b0}}, (r == R_LAST) ? {RBW{1'b0}} : r + 1'b1};
      else f_inc = {b + 1'b1, r};
    end
  endfunction
  function [BW+RBW-1:0] f_dec(input [BW-1:0] b, input [RBW-1:0] r);
    begin
      if (b == {BW{1'b0}}) f_dec = {B_LAST, (r == {RBW{1'b0}}) ? R_LAST : r - 1'b1};
      else f_dec = {b - 1'b1, r};
    end
  endfunction
  wire [BW+RBW-1:0] pos_b = f_inc(wb_q, wr_q);  // the cycle's second stage (radix 4)
  wire [BW+RBW-1:0] pos_n = f_inc(pos_b[BW+RBW-1:RBW], pos_b[RBW-1:0]);
  wire [BW+RBW-1:0] pos_last = f_dec(wb_q, wr_q);  // the newest stage written
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wb_q <= {BW{1'b0}};
      wr_q <= {RBW{1'b0}};
    end else if (acc) {wb_q, wr_q} <= two ? pos_n : pos_b;
  end

  // The engine walks R stages a cycle through the rows read for it: the state's top bit is the stage's
  // input, its decision the predecessor's low bit.
  reg tb_act_q, tb_end_q;
  reg [MB-1:0] tb_s_q;
  reg [BW-1:0] tb_pb_q;   // the position it reads next
  reg [RBW-1:0] tb_pr_q;
  reg [EW-1:0] tb_n_q, tb_skip_q, tb_cnt_q;
  reg [LD-1:0] tb_bits_q;
  wire [R*M-1:0] rd;      // bank j's row of this cycle
  reg [MB-1:0] w_s;
  reg [BW-1:0] w_b;
  reg [EW-1:0] w_n, w_skip, w_i;
  reg [LD-1:0] w_bits;
  reg [M-1:0] w_row;
  integer r;
  always @* begin
    w_s = tb_s_q;
    w_b = tb_pb_q;
    w_n = tb_n_q;
    w_skip = tb_skip_q;
    w_bits = tb_bits_q;
    w_row = {M{1'b0}};
    w_i = {EW{1'b0}};
    for (r = 0; r < R; r = r + 1)
      if (tb_act_q && w_n != {EW{1'b0}}) begin
        w_i = w_n - 1'b1;
        if (w_skip != {EW{1'b0}}) w_skip = w_skip - 1'b1;
        else w_bits[w_i[IW-1:0]] = w_s[MB-1];
        w_row = rd[w_b*M+:M];
        w_s = {w_s[MB-2:0], w_row[w_s]};
        w_b = (w_b == {BW{1'b0}}) ? B_LAST : w_b - 1'b1;
        w_n = w_i;
      end
  end
  wire done = tb_act_q && w_n == {EW{1'b0}};
  assign eng_busy = tb_act_q;
  assign eng_end = done && tb_end_q;
  assign ld = done;
  assign ld_val = w_bits & f_mask(tb_cnt_q);
  assign ld_cnt = tb_cnt_q;
  assign ld_last = tb_end_q;

  // the engine's next state: a block (L + D stages from the boundary's best state, the oldest D decided),
  // the frame's end (its undecided stages from state 0 or the best state), or the walk (R positions back:
  // the same bank, the row before)
  reg tb_act_d, tb_end_d;
  reg [MB-1:0] tb_s_d;
  reg [BW-1:0] tb_pb_d;
  reg [RBW-1:0] tb_pr_d;
  reg [EW-1:0] tb_n_d, tb_skip_d, tb_cnt_d;
  always @* begin
    tb_act_d = tb_act_q && !done;
    tb_end_d = tb_end_q;
    tb_s_d = w_s;
    tb_pb_d = tb_pb_q;
    tb_pr_d = (tb_pr_q == {RBW{1'b0}}) ? R_LAST : tb_pr_q - 1'b1;
    tb_n_d = w_n;
    tb_skip_d = w_skip;
    tb_cnt_d = tb_cnt_q;
    if (req_q || go_end) begin
      tb_act_d = 1'b1;
      tb_end_d = !req_q;
      tb_s_d = req_q ? best : st_end;
      {tb_pb_d, tb_pr_d} = pos_last;
      tb_n_d = req_q ? E_LD : u_cnt;
      tb_skip_d = req_q ? E_L : skip_end;
      tb_cnt_d = req_q ? E_D : u_cnt - skip_end;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      tb_act_q <= 1'b0;
      tb_end_q <= 1'b0;
      tb_s_q <= {MB{1'b0}};
      tb_pb_q <= {BW{1'b0}};
      tb_pr_q <= {RBW{1'b0}};
      tb_n_q <= {EW{1'b0}};
      tb_skip_q <= {EW{1'b0}};
      tb_cnt_q <= {EW{1'b0}};
      tb_bits_q <= {LD{1'b0}};
    end else begin
      tb_bits_q <= w_bits;
      tb_act_q <= tb_act_d;
      tb_end_q <= tb_end_d;
      tb_s_q <= tb_s_d;
      tb_pb_q <= tb_pb_d;
      tb_pr_q <= tb_pr_d;
      tb_n_q <= tb_n_d;
      tb_skip_q <= tb_skip_d;
      tb_cnt_q <= tb_cnt_d;
    end
  end

  // the banks: the cycle's stages write their positions; bank j reads the row of the next cycle's
  // positions tb_pb_d, tb_pb_d - 1, ... (row tb_pr_d down to bank 0, then row tb_pr_d - 1)
  wire [RBW-1:0] pr_prev = (tb_pr_d == {RBW{1'b0}}) ? R_LAST : tb_pr_d - 1'b1;
  genvar gk;
  generate
    for (gk = 0; gk < R; gk = gk + 1) begin : g_bank
      localparam [BW-1:0] J = gk;
      wire first = wb_q == J, second = two && pos_b[BW+RBW-1:RBW] == J;
      wire [RBW-1:0] raddr;
      if (gk == 0) begin : g_b0
        assign raddr = tb_pr_d;
      end else begin : g_bj
        assign raddr = (tb_pb_d < J) ? pr_prev : tb_pr_d;
      end
      fg_sram_1r1w #(.DEPTH(RB), .AW(RBW), .DW(M)) u_ram (
          .clk_i(clk_i), .we_i(acc && (first || second)), .waddr_i(first ? wr_q : pos_b[RBW-1:0]),
          .wdata_i(first ? dec_a : dec_b), .re_i(tb_act_d), .raddr_i(raddr), .rdata_o(rd[gk*M+:M]));
    end
  endgenerate
