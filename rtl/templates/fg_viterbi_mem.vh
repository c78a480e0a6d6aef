  // ---- Survivors in a traceback memory (rtl/templates/fg_viterbi_mem.vh; the memory half of the step
  // model's fg_vit_hw_step). ----
  // Traceback memory: the decisions of stage t in row t mod ROWS (two write ports for radix 4).
  // (one vector of ROWS rows of M bits: the engine reads it combinationally, R rows a cycle)
  reg [ROWS*M-1:0] mem_q;
  wire [RW-1:0] row_a = t_a[RW-1:0], row_b = t_a[RW-1:0] + 1'b1;
  always @(posedge clk_i) begin
    if (acc) mem_q[row_a*M+:M] <= dec_a;
    if (acc && two) mem_q[row_b*M+:M] <= dec_b;
  end
  // The engine walks R stages a cycle (R reads of the registered memory in series): the state's
  // top bit is the stage's input, its decision the predecessor's low bit.
  reg tb_act_q, tb_end_q;
  reg [MB-1:0] tb_s_q;
  reg [TW-1:0] tb_ptr_q;
  reg [EW-1:0] tb_n_q, tb_skip_q, tb_cnt_q;
  reg [LD-1:0] tb_bits_q;
  reg [MB-1:0] w_s;
  reg [TW-1:0] w_ptr;
  reg [EW-1:0] w_n, w_skip, w_i;
  reg [LD-1:0] w_bits;
  reg [M-1:0] w_row;
  integer r;
  always @* begin
    w_s = tb_s_q;
    w_ptr = tb_ptr_q;
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
        w_row = mem_q[w_ptr[RW-1:0]*M+:M];
        w_s = {w_s[MB-2:0], w_row[w_s]};
        w_ptr = w_ptr - 1'b1;
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
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      tb_act_q <= 1'b0;
      tb_end_q <= 1'b0;
      tb_s_q <= {MB{1'b0}};
      tb_ptr_q <= {TW{1'b0}};
      tb_n_q <= {EW{1'b0}};
      tb_skip_q <= {EW{1'b0}};
      tb_cnt_q <= {EW{1'b0}};
      tb_bits_q <= {LD{1'b0}};
    end else begin
      tb_bits_q <= w_bits;
      if (req_q) begin  // a block: L + D stages from the boundary's best state, the oldest D decided
        tb_act_q <= 1'b1;
        tb_end_q <= 1'b0;
        tb_s_q <= best;
        tb_ptr_q <= t_q - 1'b1;
        tb_n_q <= E_LD;
        tb_skip_q <= E_L;
        tb_cnt_q <= E_D;
      end else if (go_end) begin  // the frame's undecided stages, from state 0 or the best state
        tb_act_q <= 1'b1;
        tb_end_q <= 1'b1;
        tb_s_q <= st_end;
        tb_ptr_q <= t_q - 1'b1;
        tb_n_q <= u_cnt;
        tb_skip_q <= skip_end;
        tb_cnt_q <= u_cnt - skip_end;
      end else begin
        if (done) tb_act_q <= 1'b0;
        tb_s_q <= w_s;
        tb_ptr_q <= w_ptr;
        tb_n_q <= w_n;
        tb_skip_q <= w_skip;
      end
    end
  end
