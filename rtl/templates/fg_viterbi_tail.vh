  // ---- The frame's end, the registers and the outputs (rtl/templates/fg_viterbi_tail.vh). ----
  assign go_end = fl_q == 2'd1 && !req_q && !eng_busy && em_free;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pm_q <= {M * W{1'b0}};
      t_q <= {TW{1'b0}};
      nxt_q <= {TW{1'b0}};
      u0_q <= {TW{1'b0}};
      req_q <= 1'b0;
      eof_q <= 1'b0;
      term_q <= 1'b0;
      fl_q <= 2'd0;
      em_q <= {LD{1'b0}};
      em_cnt_q <= {EW{1'b0}};
      em_last_q <= 1'b0;
    end else begin
      req_q <= 1'b0;
      if (acc) begin
        pm_q <= pm_n;
        t_q <= t_n;
        nxt_q <= nxt_a;
        if (in_start_i) u0_q <= {TW{1'b0}};
        if (in_end_i) begin
          eof_q <= 1'b1;
          term_q <= in_term_i;
          fl_q <= 2'd1;
        end else if (nxt_a == {TW{1'b0}}) begin
          req_q <= 1'b1;
          nxt_q <= T_D;
        end
      end
      if (req_q) u0_q <= u0_q + T_D;
      if (go_end) fl_q <= (MEM != 0) ? 2'd3 : 2'd2;
      if (eng_end) fl_q <= 2'd2;
      if (fl_q == 2'd2 && em_free && !ld) begin  // the frame's last bit leaves now
        eof_q <= 1'b0;
        fl_q <= 2'd0;
      end
      if (ld) begin
        em_q <= ld_val;
        em_cnt_q <= ld_cnt;
        em_last_q <= ld_last;
      end else begin
        em_q <= em_q >> S;
        em_cnt_q <= em_free ? {EW{1'b0}} : em_cnt_q - E_S;
        em_last_q <= em_free ? 1'b0 : em_last_q;
      end
    end
  end

  assign in_ready_o = ~eof_q;
  assign out_bits_o = em_q[S-1:0];
  assign out_last_o = em_last_q && em_cnt_q != {EW{1'b0}} && em_free;
  assign best_o = best;
  genvar go;
  generate
    for (go = 0; go < S; go = go + 1) begin : g_out
      localparam [EW-1:0] G = go;
      assign out_valid[go] = em_cnt_q > G;
    end
  endgenerate
