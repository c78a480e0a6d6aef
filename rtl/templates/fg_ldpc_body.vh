  // Index arithmetic into the packed storage is in 32-bit integers: a narrow field enters as x*1.
  localparam [2:0] PH_IDLE = 3'd0, PH_LOAD = 3'd1, PH_DEC = 3'd2, PH_UNL = 3'd3, PH_DONE = 3'd4;
  localparam [MW-1:0] RMAX = {MW{1'b1}};  // largest magnitude the min finder keeps
  localparam [CNW-1:0] N2C = N2[CNW-1:0];
  localparam [AW-1:0] N2A = N2[AW-1:0];
  localparam [MLW-1:0] ML1 = 1;
  localparam [SQW-1:0] SQ1 = 1, SQ2 = 2;
  localparam [LBAW-1:0] MBSA = MBSMAX[LBAW-1:0];
  localparam integer NMBC = NW / N2;  // rows of an LLR-memory bank (MB columns)
  // The compressed check-node state of a macro-layer (an R-Regfile word, a ping-pong slot), row r
  // lane i: min0 at O_MIN0 + (r*ZMAX + i)*MW, min1, position, parity likewise.
  localparam integer O_MIN0 = 0, O_MIN1 = K * ZMAX * MW, O_POS = 2 * K * ZMAX * MW;
  localparam integer O_PAR = O_POS + K * ZMAX * PW, E = O_PAR + K * ZMAX;
  // The signs of an MB's edges (an R-Regfile sign word): block (r, p) lane i at (r*N2 + p)*ZMAX + i.
  localparam integer RSW = K * N2 * ZMAX;
  // An L-buffer word (one per port and MB): D = L - sum of the rows' R_old per lane (DDW bits, the
  // word's lane order), L's hard decision per lane, the sign of Q of row r at block lane i.
  localparam integer O_LH = ZMAX * DDW, O_LS = O_LH + ZMAX, LBW = O_LS + K * ZMAX;

  // Min finder over the N2 blocks of a row, in port order (the model's s1_compute): a candidate
  // (m, idx) becomes min0 when it is smaller in (magnitude, position) order, so the result does
  // not depend on the order.
  function [2*MW+PW-1:0] f_minfind(input [MW-1:0] min0, input [MW-1:0] min1, input [PW-1:0] pos,
                                   input [N2-1:0] en, input [N2*MW-1:0] m, input [N2*PW-1:0] idx);
    integer t;
    reg [MW-1:0] a0, a1, mt;
    reg [PW-1:0] ps, it;
    begin
      a0 = min0;
      a1 = min1;
      ps = pos;
      for (t = 0; t < N2; t = t + 1) begin
        mt = m[t*MW+:MW];
        it = idx[t*PW+:PW];
        if (en[t]) begin
          if (mt < a0 || (mt == a0 && it < ps)) begin
            a1 = a0;
            a0 = mt;
            ps = it;
          end else if (mt < a1) a1 = mt;
        end
      end
      f_minfind = {ps, a1, a0};
    end
  endfunction
  function [ZMAX-1:0] f_xor_fold(input [N2*ZMAX-1:0] v);
    integer t;
    begin
      f_xor_fold = {ZMAX{1'b0}};
      for (t = 0; t < N2; t = t + 1) f_xor_fold = f_xor_fold ^ v[t*ZMAX+:ZMAX];
    end
  endfunction
  // sum of K signed RW-bit terms in DSW bits (no overflow)
  function [DSW-1:0] f_dsum(input [K*RW-1:0] v);
    integer t;
    reg [RW-1:0] x;
    begin
      f_dsum = {DSW{1'b0}};
      for (t = 0; t < K; t = t + 1) begin
        x = v[t*RW+:RW];
        f_dsum = f_dsum + {{(DSW - RW) {x[RW-1]}}, x};
      end
    end
  endfunction
  // the word of the port whose bit is set in oh (at most one; 0 if none)
  function [ZMAX*A-1:0] f_pick_port(input [N2*ZMAX*A-1:0] v, input [N2-1:0] oh);
    integer t;
    begin
      f_pick_port = {ZMAX * A{1'b0}};
      for (t = 0; t < N2; t = t + 1) f_pick_port = f_pick_port | (oh[t] ? v[t*ZMAX*A+:ZMAX*A] : {ZMAX * A{1'b0}});
    end
  endfunction
  function [MBCW-1:0] f_pick_row(input [N2*MBCW-1:0] v, input [N2-1:0] oh);
    integer t;
    begin
      f_pick_row = {MBCW{1'b0}};
      for (t = 0; t < N2; t = t + 1) f_pick_row = f_pick_row | (oh[t] ? v[t*MBCW+:MBCW] : {MBCW{1'b0}});
    end
  endfunction
  // row (MB column) and bank of memory word a: position a % N2 of its MB column
  function [MBCW-1:0] f_row(input [AW-1:0] a);
    reg [AW-1:0] q_unused_hi;  // the quotient: its bits from MBCW up are 0
    begin
      q_unused_hi = a / N2A;
      f_row = q_unused_hi[MBCW-1:0];
    end
  endfunction
  function [BKW-1:0] f_bank(input [CW-1:0] c, input [AW-1:0] a);
    reg [N2*BKW-1:0] bk;
    reg [AW-1:0] pos;
    begin
      bk = f_mbbank(c, f_row(a));
      pos = a % N2A;
      f_bank = bk[pos*BKW+:BKW];
    end
  endfunction
  // L-buffer address of the MB at local index loc of ping-pong slot s: s*MBSMAX + loc (LBAW >= LOCW)
  function [LBAW-1:0] f_lba(input s, input [LOCW-1:0] loc);
    reg [LBAW+LOCW-1:0] x_unused_hi;  // loc zero-extended: its bits from LBAW up are 0
    begin
      x_unused_hi = {{LBAW{1'b0}}, loc};
      f_lba = (s ? MBSA : {LBAW{1'b0}}) + x_unused_hi[LBAW-1:0];
    end
  endfunction
  // the checks of layer l flipped by this cycle's writes
  function [ZMAX-1:0] f_synflip(input [N2*DV*ZMAX-1:0] fl, input [N2*DV*LW-1:0] fl_l, input [N2*DV-1:0] fl_v,
                                input [LW-1:0] l);
    integer t;
    begin
      f_synflip = {ZMAX{1'b0}};
      for (t = 0; t < N2 * DV; t = t + 1)
        if (fl_v[t] && fl_l[t*LW+:LW] == l) f_synflip = f_synflip ^ fl[t*ZMAX+:ZMAX];
    end
  endfunction

  // ---------------- configuration of the frame: latched with its first LLR word ----------------
  reg [2:0] phase_q;
  reg [CW-1:0] code_q;
  reg [ITW-1:0] maxit_q;
  reg et_q;
  reg [SQW-1:0] maxseq_q;
  wire idle = (phase_q == PH_IDLE) || (phase_q == PH_DONE);
  wire load_first = llr_valid_i && idle;
  wire load_act = llr_valid_i && (idle || phase_q == PH_LOAD);
  wire dec = (phase_q == PH_DEC);
  wire unl = (phase_q == PH_UNL);
  wire [CW-1:0] code = load_first ? code_sel_i : code_q;
  wire [ZW-1:0] z = f_z(code);
  wire [CNW-1:0] nb = f_nb(code);
  wire [CNW-1:0] kc = f_kc(code);
  wire [MLW-1:0] nml = f_nml(code);
  assign llr_ready_o = idle || (phase_q == PH_LOAD);

  // ---------------- storage (docs/rtl-ldpc.md "Storage") ----------------
  // SRAM macros (fg_sram_1r1w: one read port with a registered read, one write port): the LLR memory
  // (N2 banks), the L buffer (one per port), the R-Regfile (compressed words per macro-layer, sign
  // words per MB). Flip-flops: what is read and written in the same cycle or is small.
  reg [MBMAX*ZMAX-1:0] syn_q;             // syndrome of the memory's hard decisions, layer l at [l*ZMAX +: ZMAX]
  reg [NW-1:0] pend_v_q;                  // word still to be written by macro-layer pend_q
  reg [SQW-1:0] pend_q [0:NW-1];
  reg [2*E-1:0] pp_q;                     // ping-pong check-node registers, slot s at [s*E +: E]
  reg [NMLMAX-1:0] rf_v_q;                // R-Regfile word written in this codeword (else R = 0)
  reg [N2-1:0] fw_q;                      // the read port's word came through the write-to-read bypass
  reg [N2*ZMAX*A-1:0] fw_data_q;          // ... this word (a bank returns the old word)

  // ---------------- load: N2 channel-LLR words per cycle ----------------
  reg [CNW-1:0] loaded_q;
  wire [CNW-1:0] ld_base = load_first ? {CNW{1'b0}} : loaded_q;
  wire ld_last = load_act && (ld_base + N2C >= nb);
  wire [N2-1:0] ld_en;
  wire [N2*AW-1:0] ld_addr;
  wire [N2*ZMAX*A-1:0] ld_data;
  genvar p, r, i, e;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_ld
      localparam [CNW-1:0] PC = p;
      wire [CNW-1:0] col = ld_base + PC;
      assign ld_en[p] = load_act && (col < nb);
      assign ld_addr[p*AW+:AW] = f_invcol(code, col[AW-1:0]);
      for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
        wire [A-1:0] xe, y;
        fg_sext #(.WI(W), .WO(A)) u_x (.x_i(llr_i[(p*ZMAX+i)*W+:W]), .y_o(xe));
        fg_rshift_rnd #(.W(A), .S(INSHIFT)) u_in (.x_i(xe), .y_o(y));
        assign ld_data[(p*ZMAX+i)*A+:A] = (i < z) ? y : {A{1'b0}};
      end
    end
  endgenerate

  // ---------------- stage 1: read one MB, hazard check, forwarding ----------------
  reg s1_busy_q;
  reg [SQW-1:0] s1_seq_q, s1_next_q;
  reg [ITW-1:0] s1_it_q, s1n_it_q;
  reg [MLW-1:0] s1_ml_q, s1n_ml_q;
  reg [LOCW-1:0] s1_idx_q;
  reg [1:0] age0_q, age1_q;  // cycles since the last read of the slot's macro-layer (saturating)
  reg s2_act_q;
  reg [LOCW-1:0] s2_idx_q;
  reg [SQW-1:0] s2_next_q;
  reg [ITW-1:0] s2_it_q;
  reg [MLW-1:0] s2_ml_q;
  reg wq_v_q, wq_last_q;
  reg [SQW-1:0] wq_seq_q;
  reg [ITW-1:0] wq_it_q;
  reg [MLW-1:0] wq_ml_q;
  reg [MBCW-1:0] wq_mbc_q;
  reg [N2-1:0] wq_wen_q;
  reg [N2*ZMAX*A-1:0] wq_data_q;
  reg [N2*ZMAX-1:0] wq_old_q;  // the words' hard decisions before the write (from the L buffer)

  wire [SQW-1:0] s1_need = (nml == ML1) ? SQ1 : SQ2;  // stage 2 of seq - need must be complete
  wire s1_can = dec && !s1_busy_q && (s1_next_q < maxseq_q);
  wire s1_pp_block = s1_can && (s1_next_q >= s1_need) && (s2_next_q + s1_need <= s1_next_q);
  wire s1_start = s1_can && !s1_pp_block;
  wire s1_act = dec && (s1_busy_q || s1_start);
  wire [SQW-1:0] s1_seq = s1_busy_q ? s1_seq_q : s1_next_q;
  wire [ITW-1:0] s1_it = s1_busy_q ? s1_it_q : s1n_it_q;
  wire [MLW-1:0] s1_ml = s1_busy_q ? s1_ml_q : s1n_ml_q;
  wire [LOCW-1:0] s1_idx = s1_busy_q ? s1_idx_q : {LOCW{1'b0}};
  wire [GW-1:0] s1_base = f_mlbase(code_q, s1_ml);
  wire [LOCW-1:0] s1_loc = f_s1loc(code_q, s1_base + {{(GW - LOCW) {1'b0}}, s1_idx});
  wire [GW-1:0] s1_g = s1_base + {{(GW - LOCW) {1'b0}}, s1_loc};  // the MB's index in the code's list
  wire [MBW-1:0] s1_mb = f_mb(code_q, s1_g);
  wire [MBCW-1:0] s1_mbc = s1_mb[MBCW-1:0];
  wire [N2-1:0] s1_rd = s1_mb[MBCW+:N2];
  wire s1_lastmb = (s1_idx + 1'b1) == f_mlcnt(code_q, s1_ml);
  wire [N2-1:0] s1_blk, s1_fw;
  wire [N2*AW-1:0] s1_addr;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_haz
      localparam [AW-1:0] PA = p;
      wire [AW-1:0] a = s1_mbc * N2A + PA;
      assign s1_addr[p*AW+:AW] = a;
      wire haz = s1_rd[p] && pend_v_q[a] && (pend_q[a] != s1_seq);
      wire fwok = wq_v_q && (wq_mbc_q == s1_mbc) && wq_wen_q[p] && (wq_seq_q == pend_q[a]);
      assign s1_blk[p] = haz && !fwok;
      assign s1_fw[p] = haz && fwok;
    end
  endgenerate
  wire s1_read = s1_act && !(|s1_blk);

  // ---------------- stage 2 issue, early-termination gate ----------------
  reg et_pend_q, et_okr_q;
  reg [ITW-1:0] et_iter_q;
  wire syn_ok = ~|syn_q;
  // s1_depth (2) cycles after the macro-layer's last read; one more when stage 2 starts with the MB
  // read last (the L buffer, read a cycle ahead, returns its entry only then)
  wire [1:0] s2_age_min = f_s2late(code_q, s2_ml_q) ? 2'd3 : 2'd2;
  wire s2_age_ok = (s2_next_q[0] ? age1_q : age0_q) >= s2_age_min;
  wire s2_cand = dec && !s2_act_q && (s2_next_q < s1_next_q) && (s2_next_q < maxseq_q) && s2_age_ok;
  wire s2_gated = et_q && (s2_it_q != {ITW{1'b0}}) && (s2_ml_q == {MLW{1'b0}});
  wire verdict_ok = et_pend_q ? syn_ok : et_okr_q;
  wire s2_pass = !s2_gated || ((et_iter_q >= s2_it_q) && !verdict_ok);
  wire s2_wait = s2_cand && !s2_pass;
  wire s2_act = dec && (s2_act_q || (s2_cand && s2_pass));
  wire [LOCW-1:0] s2_idx = s2_act_q ? s2_idx_q : {LOCW{1'b0}};
  wire [GW-1:0] s2_base = f_mlbase(code_q, s2_ml_q);
  wire [LOCW-1:0] s2_loc = f_s2loc(code_q, s2_base + {{(GW - LOCW) {1'b0}}, s2_idx});
  wire [GW-1:0] s2_g = s2_base + {{(GW - LOCW) {1'b0}}, s2_loc};
  wire [MBW-1:0] s2_mb = f_mb(code_q, s2_g);
  wire [MBCW-1:0] s2_mbc = s2_mb[MBCW-1:0];
  wire [N2-1:0] s2_rd = s2_mb[MBCW+:N2];
  wire s2_lastmb = (s2_idx + 1'b1) == f_mlcnt(code_q, s2_ml_q);
  // the MB stage 2 issues next if it issues in the next cycle: its L-buffer entry is read now
  wire s2_adv = s2_act && s2_lastmb;
  wire s2_act_n = s2_act && !s2_lastmb;
  wire [LOCW-1:0] s2_idx_n = s2_act_n ? s2_idx + 1'b1 : {LOCW{1'b0}};
  wire [MLW-1:0] s2_ml_n = !s2_adv ? s2_ml_q : ((s2_ml_q + 1'b1 == nml) ? {MLW{1'b0}} : s2_ml_q + 1'b1);
  wire s2_slot_n = s2_next_q[0] ^ s2_adv;
  wire [GW-1:0] s2_base_n = f_mlbase(code_q, s2_ml_n);
  wire [LOCW-1:0] s2_loc_n = f_s2loc(code_q, s2_base_n + {{(GW - LOCW) {1'b0}}, s2_idx_n});
  wire [LBAW-1:0] lb_raddr = f_lba(s2_slot_n, s2_loc_n);

  // ---------------- LLR memory: N2 banks, word a in bank f_mbbank(a / N2)[a % N2] at row a / N2 ----------------
  // Stage 1 reads and stage 2 writes the N2 words of one MB column, a load or unload cycle those of N2
  // consecutive block columns: one word per bank (the model's bank assignment, fg_ldpc_arch_sched).
  wire [N2-1:0] wen, ren;
  wire [N2*AW-1:0] waddr, raddr;
  wire [N2*ZMAX*A-1:0] wdata;
  wire [N2*BKW-1:0] w_bk, r_bk;  // bank of each port's word
  wire [N2*MBCW-1:0] w_row, r_row;
  wire [N2*ZMAX*A-1:0] bk_rdata;
  reg [N2*BKW-1:0] s1b_bk_q, un_bk_q;  // banks of the words read in the previous cycle
  genvar b;
  generate
    for (b = 0; b < N2; b = b + 1) begin : g_bank
      localparam [BKW-1:0] B = b;
      wire [N2-1:0] wsel, rsel;
      for (p = 0; p < N2; p = p + 1) begin : g_sel
        assign wsel[p] = wen[p] && (w_bk[p*BKW+:BKW] == B);
        assign rsel[p] = ren[p] && (r_bk[p*BKW+:BKW] == B);
      end
      fg_sram_1r1w #(.DEPTH(NMBC), .AW(MBCW), .DW(ZMAX * A)) u_mem (
          .clk_i(clk_i), .we_i(|wsel), .waddr_i(f_pick_row(w_row, wsel)), .wdata_i(f_pick_port(wdata, wsel)),
          .re_i(|rsel), .raddr_i(f_pick_row(r_row, rsel)), .rdata_o(bk_rdata[b*ZMAX*A+:ZMAX*A]));
    end
  endgenerate
  // the words read in the previous cycle, by port: stage 1's (bypassed when written then), the unload's
  wire [N2*ZMAX*A-1:0] s1b_word;
  wire [N2*ZMAX-1:0] un_hard;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_rport
      wire [ZMAX*A-1:0] w1 = bk_rdata[s1b_bk_q[p*BKW+:BKW]*ZMAX*A+:ZMAX*A];
      wire [ZMAX*A-1:0] wu = bk_rdata[un_bk_q[p*BKW+:BKW]*ZMAX*A+:ZMAX*A];
      assign s1b_word[p*ZMAX*A+:ZMAX*A] = fw_q[p] ? fw_data_q[p*ZMAX*A+:ZMAX*A] : w1;
      for (i = 0; i < ZMAX; i = i + 1) begin : g_bit
        assign un_hard[p*ZMAX+i] = wu[i*A+A-1];
      end
    end
  endgenerate

  // ---------------- R-Regfile: compressed words per macro-layer, sign words per MB (SRAM) ----------------
  // Read by stage 1 with the MB (used the next cycle), written by stage 2: the signs of each MB as it
  // issues, the ping-pong slot after the macro-layer's last MB. Stage 2 needs no R_old: stage 1
  // leaves L - sum(R_old) in the L buffer.
  wire [E-1:0] rfc_rdata;
  wire [RSW-1:0] rfs_rdata, s2_sign;
  wire [N2*LBW-1:0] lb_rdata, lb_wdata;
  wire [E-1:0] ppe2 = s2_next_q[0] ? pp_q[E+:E] : pp_q[0+:E];
  fg_sram_1r1w #(.DEPTH(NMLMAX), .AW(RFAW), .DW(E)) u_rf (
      .clk_i(clk_i), .we_i(s2_adv), .waddr_i(s2_ml_q[RFAW-1:0]), .wdata_i(ppe2), .re_i(s1_read),
      .raddr_i(s1_ml[RFAW-1:0]), .rdata_o(rfc_rdata));
  fg_sram_1r1w #(.DEPTH(TOTMAX), .AW(RSAW), .DW(RSW)) u_rfs (
      .clk_i(clk_i), .we_i(s2_act), .waddr_i(s2_g[RSAW-1:0]), .wdata_i(s2_sign), .re_i(s1_read),
      .raddr_i(s1_g[RSAW-1:0]), .rdata_o(rfs_rdata));

  // ---------------- stage 1 datapath (the cycle after the read) ----------------
  reg s1b_v_q, s1b_first_q, s1b_slot_q;
  reg [MLW-1:0] s1b_ml_q;
  reg [LOCW-1:0] s1b_loc_q;
  reg [MBW-1:0] s1b_mb_q;
  wire [NMLMAX-1:0] s1b_ml_oh, s2_ml_oh;
  genvar g;
  generate
    for (g = 0; g < NMLMAX; g = g + 1) begin : g_mloh
      localparam [MLW-1:0] G = g;
      assign s1b_ml_oh[g] = (s1b_ml_q == G);
      assign s2_ml_oh[g] = (s2_ml_q == G);
    end
  endgenerate
  wire s1b_rfv = |(rf_v_q & s1b_ml_oh);
  wire [E-1:0] ppe1 = s1b_slot_q ? pp_q[E+:E] : pp_q[0+:E];
  wire [E-1:0] ppn;  // the slot after this MB
  wire [N2*ZMAX*K*RW-1:0] s1_rold;  // port p lane j's rows: R_old in the word's lane order
  generate
    for (r = 0; r < K; r = r + 1) begin : g_s1r
      wire [N2*ZMAX-1:0] sg_all;        // the blocks' signs
      wire [N2-1:0] cand_v;
      wire [ZMAX*N2*MW-1:0] cand_m;     // lane i's candidates at [(i*N2 + p)*MW +: MW]
      wire [ZMAX*N2*PW-1:0] cand_d;
      for (p = 0; p < N2; p = p + 1) begin : g_p
        localparam integer B = MBCW + N2 + (r * N2 + p) * BE;
        wire v = s1b_mb_q[B];
        wire [ZW-1:0] s = s1b_mb_q[B+1+:ZW];
        wire [PW-1:0] d = s1b_mb_q[B+1+ZW+:PW];
        assign cand_v[p] = v;
        wire [ZMAX*A-1:0] lp;
        fg_rot_lanes #(.ZMAX(ZMAX), .W(A), .ZW(ZW)) u_perm (
            .z_i(z), .s_i(s), .x_i(s1b_word[p*ZMAX*A+:ZMAX*A]), .y_o(lp));
        wire [ZMAX-1:0] rsign = rfs_rdata[(r*N2+p)*ZMAX+:ZMAX];
        wire [ZMAX*RW-1:0] ro;  // R_old of the block's lanes (0 for no block)
        for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
          wire [RW-1:0] rold0, rold;
          fg_ldpc_rgen #(.MW(MW), .RW(RW), .NUM(NUM), .SHIFT(SHIFT), .ROUND(ROUND), .SATLATE(SATLATE)) u_rold (
              .min0_i(s1b_rfv ? rfc_rdata[O_MIN0+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .min1_i(s1b_rfv ? rfc_rdata[O_MIN1+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .sel1_i(d == rfc_rdata[O_POS+(r*ZMAX+i)*PW+:PW]),
              .neg_i(s1b_rfv && (rfc_rdata[O_PAR+r*ZMAX+i] ^ rsign[i])), .r_o(rold0));
          wire [A-1:0] l = lp[i*A+:A];
          if (KEEP != 0) begin : g_keep
            fg_rold_keep #(.W(A), .WR(RW)) u_keep (.l_i(l), .r_i(rold0), .y_o(rold));
          end else begin : g_nokeep
            assign rold = rold0;
          end
          wire [A-1:0] rolde, q;
          fg_sext #(.WI(RW), .WO(A)) u_re (.x_i(rold), .y_o(rolde));
          fg_sat_sub #(.W(A)) u_q (.a_i(l), .b_i(rolde), .y_o(q));
          wire [A-1:0] aq = q[A-1] ? -q : q;
          assign cand_m[(i*N2+p)*MW+:MW] = (aq > {{(A - MW) {1'b0}}, RMAX}) ? RMAX : aq[MW-1:0];
          assign cand_d[(i*N2+p)*PW+:PW] = d;
          assign sg_all[p*ZMAX+i] = q[A-1];
          assign ro[i*RW+:RW] = v ? rold : {RW{1'b0}};
        end
        // back to the memory word's lane order: the inverse rotation
        wire [ZW-1:0] sinv = (s == {ZW{1'b0}}) ? {ZW{1'b0}} : z - s;
        wire [ZMAX*RW-1:0] roi;
        fg_rot_lanes #(.ZMAX(ZMAX), .W(RW), .ZW(ZW)) u_inv (.z_i(z), .s_i(sinv), .x_i(ro), .y_o(roi));
        for (i = 0; i < ZMAX; i = i + 1) begin : g_t
          assign s1_rold[((p*ZMAX+i)*K+r)*RW+:RW] = roi[i*RW+:RW];
        end
        assign lb_wdata[p*LBW+O_LS+r*ZMAX+:ZMAX] = sg_all[p*ZMAX+:ZMAX];
      end
      // min finder per lane, from the slot (or the initial state at the macro-layer's first MB)
      for (i = 0; i < ZMAX; i = i + 1) begin : g_min
        wire [MW-1:0] i0 = s1b_first_q ? RMAX : ppe1[O_MIN0+(r*ZMAX+i)*MW+:MW];
        wire [MW-1:0] i1 = s1b_first_q ? RMAX : ppe1[O_MIN1+(r*ZMAX+i)*MW+:MW];
        wire [PW-1:0] ip = s1b_first_q ? {PW{1'b0}} : ppe1[O_POS+(r*ZMAX+i)*PW+:PW];
        assign {ppn[O_POS+(r*ZMAX+i)*PW+:PW], ppn[O_MIN1+(r*ZMAX+i)*MW+:MW], ppn[O_MIN0+(r*ZMAX+i)*MW+:MW]} =
            f_minfind(i0, i1, ip, cand_v, cand_m[i*N2*MW+:N2*MW], cand_d[i*N2*PW+:N2*PW]);
      end
      wire [N2*ZMAX-1:0] sgm;
      for (p = 0; p < N2; p = p + 1) begin : g_sgm
        assign sgm[p*ZMAX+:ZMAX] = cand_v[p] ? sg_all[p*ZMAX+:ZMAX] : {ZMAX{1'b0}};
      end
      assign ppn[O_PAR+r*ZMAX+:ZMAX] = (s1b_first_q ? {ZMAX{1'b0}} : ppe1[O_PAR+r*ZMAX+:ZMAX]) ^ f_xor_fold(sgm);
    end
    // the L-buffer words: D = L - sum over the rows of R_old, and L's hard decisions
    for (p = 0; p < N2; p = p + 1) begin : g_s1d
      for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
        wire [A-1:0] l = s1b_word[(p*ZMAX+i)*A+:A];
        wire [SUMW-1:0] le, re;
        fg_sext #(.WI(A), .WO(SUMW)) u_l (.x_i(l), .y_o(le));
        fg_sext #(.WI(DSW), .WO(SUMW)) u_r (.x_i(f_dsum(s1_rold[(p*ZMAX+i)*K*RW+:K*RW])), .y_o(re));
        wire [SUMW-1:0] dv = le - re;
        wire [SUMW-DDW-1:0] unused_dv = dv[SUMW-1:DDW];  // sign copies: |D| < 2^(DDW-1)
        assign lb_wdata[p*LBW+i*DDW+:DDW] = dv[DDW-1:0];
        assign lb_wdata[p*LBW+O_LH+i] = l[A-1];
      end
    end
  endgenerate

  // ---------------- L buffer (SRAM per port): written by stage 1, read by stage 2 a cycle ahead ----------------
  wire [LBAW-1:0] lb_waddr = f_lba(s1b_slot_q, s1b_loc_q);
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_lb
      fg_sram_1r1w #(.DEPTH(2 * MBSMAX), .AW(LBAW), .DW(LBW)) u_lb (
          .clk_i(clk_i), .we_i(s1b_v_q && s1b_mb_q[MBCW+p]), .waddr_i(lb_waddr), .wdata_i(lb_wdata[p*LBW+:LBW]),
          .re_i(dec), .raddr_i(lb_raddr), .rdata_o(lb_rdata[p*LBW+:LBW]));
    end
  endgenerate

  // ---------------- stage 2 datapath: L' = sat(D + sum over rows of R') ----------------
  wire [N2*ZMAX*A-1:0] s2_data;
  wire [N2*ZMAX-1:0] s2_old;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_s2p
      wire [LBW-1:0] lw = lb_rdata[p*LBW+:LBW];
      wire [ZMAX*K*RW-1:0] terms;  // lane j's K row terms at [(j*K + r)*RW +: RW]
      for (r = 0; r < K; r = r + 1) begin : g_r
        localparam integer B = MBCW + N2 + (r * N2 + p) * BE;
        wire v = s2_mb[B];
        wire [ZW-1:0] s = s2_mb[B+1+:ZW];
        wire [PW-1:0] d = s2_mb[B+1+ZW+:PW];
        wire [ZMAX-1:0] nsign = lw[O_LS+r*ZMAX+:ZMAX];
        assign s2_sign[(r*N2+p)*ZMAX+:ZMAX] = nsign;
        wire [ZMAX*RW-1:0] dd;
        for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
          wire [RW-1:0] rnew;
          fg_ldpc_rgen #(.MW(MW), .RW(RW), .NUM(NUM), .SHIFT(SHIFT), .ROUND(ROUND), .SATLATE(SATLATE)) u_rnew (
              .min0_i(ppe2[O_MIN0+(r*ZMAX+i)*MW+:MW]), .min1_i(ppe2[O_MIN1+(r*ZMAX+i)*MW+:MW]),
              .sel1_i(d == ppe2[O_POS+(r*ZMAX+i)*PW+:PW]),
              .neg_i(ppe2[O_PAR+r*ZMAX+i] ^ nsign[i]), .r_o(rnew));
          assign dd[i*RW+:RW] = v ? rnew : {RW{1'b0}};
        end
        // back to the memory word's lane order: the inverse rotation
        wire [ZW-1:0] sinv = (s == {ZW{1'b0}}) ? {ZW{1'b0}} : z - s;
        wire [ZMAX*RW-1:0] ddi;
        fg_rot_lanes #(.ZMAX(ZMAX), .W(RW), .ZW(ZW)) u_inv (.z_i(z), .s_i(sinv), .x_i(dd), .y_o(ddi));
        for (i = 0; i < ZMAX; i = i + 1) begin : g_t
          assign terms[(i*K+r)*RW+:RW] = ddi[i*RW+:RW];
        end
      end
      for (i = 0; i < ZMAX; i = i + 1) begin : g_out
        wire [SUMW-1:0] le, de;
        fg_sext #(.WI(DDW), .WO(SUMW)) u_l (.x_i(lw[i*DDW+:DDW]), .y_o(le));
        fg_sext #(.WI(DSW), .WO(SUMW)) u_d (.x_i(f_dsum(terms[i*K*RW+:K*RW])), .y_o(de));
        fg_sat #(.WI(SUMW), .W(A)) u_sat (.x_i(le + de), .y_o(s2_data[(p*ZMAX+i)*A+:A]));
        assign s2_old[p*ZMAX+i] = lw[O_LH+i];
      end
    end
  endgenerate

  // ---------------- writes (load or the stage-2 queue), hard decisions, syndrome ----------------
  assign wen = load_act ? ld_en : ((dec && wq_v_q) ? wq_wen_q : {N2{1'b0}});
  assign wdata = load_act ? ld_data : wq_data_q;
  wire [N2*BKW-1:0] wq_bk = f_mbbank(code_q, wq_mbc_q);
  wire [N2*ZMAX-1:0] w_hard;
  // each written word flips the checks of its column's blocks: the change of its hard decisions,
  // rotated by the block's shift
  wire [N2*DV*ZMAX-1:0] flip;
  wire [N2*DV*LW-1:0] flip_l;
  wire [N2*DV-1:0] flip_v;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_w
      localparam [AW-1:0] PA = p;
      wire [AW-1:0] la = ld_addr[p*AW+:AW];
      assign waddr[p*AW+:AW] = load_act ? la : wq_mbc_q * N2A + PA;
      assign w_bk[p*BKW+:BKW] = load_act ? f_bank(code, la) : wq_bk[p*BKW+:BKW];
      assign w_row[p*MBCW+:MBCW] = load_act ? f_row(la) : wq_mbc_q;
      for (i = 0; i < ZMAX; i = i + 1) begin : g_h
        assign w_hard[p*ZMAX+i] = wdata[(p*ZMAX+i)*A+A-1];
      end
      wire [CBW-1:0] cb = f_colblk(code, waddr[p*AW+:AW]);
      // a load writes each word once (its old decisions count as 0); decoding replaces a word
      wire [ZMAX-1:0] delta = (load_act ? {ZMAX{1'b0}} : wq_old_q[p*ZMAX+:ZMAX]) ^ w_hard[p*ZMAX+:ZMAX];
      for (e = 0; e < DV; e = e + 1) begin : g_e
        assign flip_v[p*DV+e] = wen[p] && cb[e*CE];
        assign flip_l[(p*DV+e)*LW+:LW] = cb[e*CE+1+:LW];
        fg_rot_lanes #(.ZMAX(ZMAX), .W(1), .ZW(ZW)) u_rot (
            .z_i(z), .s_i(cb[e*CE+1+LW+:ZW]), .x_i(delta), .y_o(flip[(p*DV+e)*ZMAX+:ZMAX]));
      end
    end
  endgenerate
  wire [MBMAX*ZMAX-1:0] syn_d;
  generate
    for (r = 0; r < MBMAX; r = r + 1) begin : g_layer
      localparam [LW-1:0] LR = r;
      assign syn_d[r*ZMAX+:ZMAX] = (load_first ? {ZMAX{1'b0}} : syn_q[r*ZMAX+:ZMAX]) ^ f_synflip(flip, flip_l, flip_v, LR);
    end
  endgenerate

  // iteration ends, verdicts, end of decoding
  wire [ITW-1:0] w_iter = wq_it_q + 1'b1;
  wire iter_end = dec && wq_v_q && wq_last_q && (wq_ml_q + 1'b1 == nml);
  wire fin_et = dec && et_pend_q && syn_ok;
  wire fin_max = iter_end && (w_iter == maxit_q);
  wire finish = fin_et || fin_max;

  // ---------------- unload: N2 words of information columns per cycle ----------------
  reg [CNW-1:0] un_pos_q;
  reg un_pend_q;
  reg [N2-1:0] un_v_q;
  reg [N2*AW-1:0] un_col_q;
  reg [ITW-1:0] iterations_q;
  wire [N2-1:0] un_en;
  wire [N2*AW-1:0] un_addr, un_col;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_un
      localparam [CNW-1:0] PC = p;
      wire [CNW-1:0] col = un_pos_q + PC;
      assign un_en[p] = unl && (col < kc);
      assign un_col[p*AW+:AW] = col[AW-1:0];
      assign un_addr[p*AW+:AW] = f_invcol(code_q, col[AW-1:0]);
    end
  endgenerate
  wire un_done = unl && un_pend_q && !(|un_en);

  // ---------------- registers ----------------
  wire [N2*BKW-1:0] s1_bk = f_mbbank(code_q, s1_mbc);
  wire [N2*BKW-1:0] un_bk;
  assign ren = unl ? un_en : (s1_read ? s1_rd : {N2{1'b0}});
  assign raddr = unl ? un_addr : s1_addr;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_r
      wire [AW-1:0] ua = un_addr[p*AW+:AW];
      assign un_bk[p*BKW+:BKW] = f_bank(code_q, ua);
      assign r_bk[p*BKW+:BKW] = unl ? un_bk[p*BKW+:BKW] : s1_bk[p*BKW+:BKW];
      assign r_row[p*MBCW+:MBCW] = unl ? f_row(ua) : s1_mbc;
    end
  endgenerate
  integer x;
  always @(posedge clk_i) begin
    syn_q <= syn_d;
    // pending writes: a write clears its own entry, a stage-1 read sets one
    for (x = 0; x < N2; x = x + 1) begin
      if (dec && wen[x] && pend_q[waddr[x*AW+:AW]] == wq_seq_q) pend_v_q[waddr[x*AW+:AW]] <= 1'b0;
      if (s1_read && s1_rd[x]) begin
        pend_v_q[s1_addr[x*AW+:AW]] <= 1'b1;
        pend_q[s1_addr[x*AW+:AW]] <= s1_seq;
      end
    end
    // the write-to-read bypass: the bank returns the old word, the read port takes the written one
    fw_q <= s1_read ? s1_fw : {N2{1'b0}};
    for (x = 0; x < N2; x = x + 1)
      if (s1_read && s1_fw[x]) fw_data_q[x*ZMAX*A+:ZMAX*A] <= wq_data_q[x*ZMAX*A+:ZMAX*A];
    s1b_bk_q <= s1_bk;
    un_bk_q <= un_bk;
    // stage 1 datapath into the ping-pong slot
    if (s1b_v_q) begin
      if (s1b_slot_q) pp_q[E+:E] <= ppn;
      else pp_q[0+:E] <= ppn;
    end
    // the R-Regfile word (u_rf) is written after the macro-layer's last stage-2 MB
    if (s2_adv) rf_v_q <= rf_v_q | s2_ml_oh;
    // stage-1 datapath pipeline register and the write queue (qualified by their valids)
    s1b_first_q <= (s1_idx == {LOCW{1'b0}});
    s1b_slot_q <= s1_seq[0];
    s1b_ml_q <= s1_ml;
    s1b_loc_q <= s1_loc;
    s1b_mb_q <= s1_mb;
    wq_seq_q <= s2_next_q;
    wq_it_q <= s2_it_q;
    wq_ml_q <= s2_ml_q;
    wq_mbc_q <= s2_mbc;
    wq_wen_q <= s2_rd;
    wq_last_q <= s2_lastmb;
    wq_data_q <= s2_data;
    wq_old_q <= s2_old;

    if (!rst_ni) begin
      phase_q <= PH_IDLE;
      code_q <= {CW{1'b0}};
      maxit_q <= {ITW{1'b0}};
      et_q <= 1'b0;
      maxseq_q <= {SQW{1'b0}};
      loaded_q <= {CNW{1'b0}};
      s1_busy_q <= 1'b0;
      s2_act_q <= 1'b0;
      s1b_v_q <= 1'b0;
      wq_v_q <= 1'b0;
      et_pend_q <= 1'b0;
      un_pend_q <= 1'b0;
      iterations_q <= {ITW{1'b0}};
    end else begin
      s1b_v_q <= s1_read;
      wq_v_q <= s2_act;
      // load
      if (load_first) begin
        code_q <= code_sel_i;
        maxit_q <= max_iter_i;
        et_q <= et_en_i;
        maxseq_q <= {{(SQW - ITW) {1'b0}}, max_iter_i} * {{(SQW - MLW) {1'b0}}, nml};
        phase_q <= PH_LOAD;
        iterations_q <= {ITW{1'b0}};
      end
      if (load_act) loaded_q <= ld_base + N2C;
      if (ld_last) begin  // decode starts with the next cycle: every unit empty
        phase_q <= PH_DEC;
        s1_busy_q <= 1'b0;
        s1_next_q <= {SQW{1'b0}};
        s1n_it_q <= {ITW{1'b0}};
        s1n_ml_q <= {MLW{1'b0}};
        s2_act_q <= 1'b0;
        s2_next_q <= {SQW{1'b0}};
        s2_it_q <= {ITW{1'b0}};
        s2_ml_q <= {MLW{1'b0}};
        s1b_v_q <= 1'b0;
        wq_v_q <= 1'b0;
        rf_v_q <= {NMLMAX{1'b0}};
        pend_v_q <= {NW{1'b0}};
        et_pend_q <= 1'b0;
        et_okr_q <= 1'b0;
        et_iter_q <= {ITW{1'b0}};
        age0_q <= 2'd3;
        age1_q <= 2'd3;
      end
      if (dec) begin
        // stage 1
        if (s1_act) begin
          s1_seq_q <= s1_seq;
          s1_it_q <= s1_it;
          s1_ml_q <= s1_ml;
          s1_busy_q <= 1'b1;
          s1_idx_q <= s1_idx;
          if (s1_read) begin
            s1_idx_q <= s1_idx + 1'b1;
            if (s1_lastmb) begin
              s1_busy_q <= 1'b0;
              s1_next_q <= s1_seq + 1'b1;
              s1n_it_q <= (s1_ml + 1'b1 == nml) ? s1_it + 1'b1 : s1_it;
              s1n_ml_q <= (s1_ml + 1'b1 == nml) ? {MLW{1'b0}} : s1_ml + 1'b1;
            end
          end
        end
        age0_q <= (s1_read && s1_lastmb && !s1_seq[0]) ? 2'd1 : ((age0_q == 2'd3) ? 2'd3 : age0_q + 1'b1);
        age1_q <= (s1_read && s1_lastmb && s1_seq[0]) ? 2'd1 : ((age1_q == 2'd3) ? 2'd3 : age1_q + 1'b1);
        // stage 2
        if (s2_act) begin
          s2_act_q <= !s2_lastmb;
          s2_idx_q <= s2_idx + 1'b1;
          if (s2_lastmb) begin
            s2_next_q <= s2_next_q + 1'b1;
            s2_it_q <= (s2_ml_q + 1'b1 == nml) ? s2_it_q + 1'b1 : s2_it_q;
            s2_ml_q <= (s2_ml_q + 1'b1 == nml) ? {MLW{1'b0}} : s2_ml_q + 1'b1;
          end
        end
        // verdicts
        if (et_pend_q) begin
          et_pend_q <= 1'b0;
          et_okr_q <= syn_ok;
        end
        if (iter_end && et_q && (w_iter < maxit_q)) begin
          et_pend_q <= 1'b1;
          et_iter_q <= w_iter;
        end
        if (finish) begin
          phase_q <= PH_UNL;
          un_pos_q <= {CNW{1'b0}};
          un_pend_q <= 1'b0;
          iterations_q <= fin_et ? et_iter_q : maxit_q;
        end
      end
      if (unl) begin
        un_pos_q <= un_pos_q + N2C;
        un_pend_q <= |un_en;
        if (|un_en) begin
          un_v_q <= un_en;
          un_col_q <= un_col;
        end
        if (un_done) phase_q <= PH_DONE;
      end
    end
  end

  // ---------------- ports: the model's trace (fg_ldpc_arch_ports) ----------------
  assign phase_o = load_first ? PH_LOAD : phase_q;
  assign iteration_o = s1_act ? s1_it + 1'b1 : {ITW{1'b0}};
  assign s1_v_o = s1_act;
  assign s1_ml_o = s1_act ? s1_seq : {SQW{1'b0}};
  assign s1_mb_o = s1_read ? s1_mbc : {MBCW{1'b0}};
  assign s1_stall_o = s1_pp_block ? 2'd2 : ((s1_act && !s1_read) ? 2'd1 : 2'd0);
  assign s2_v_o = s2_act;
  assign s2_ml_o = s2_act ? s2_next_q : {SQW{1'b0}};
  assign s2_mb_o = s2_act ? s2_mbc : {MBCW{1'b0}};
  assign s2_wait_et_o = s2_wait;
  assign ren_o = ren;
  assign fwd_o = s1_read ? s1_fw : {N2{1'b0}};
  assign wen_o = wen;
  assign wdata_o = wdata;
  assign wml_v_o = dec && wq_v_q;
  assign wml_o = (dec && wq_v_q) ? wq_seq_q : {SQW{1'b0}};
  assign iter_done_o = iter_end;
  assign et_valid_o = dec && et_pend_q;
  assign et_ok_o = dec && et_pend_q && syn_ok;
  assign out_valid_o = unl && un_pend_q;
  assign done_o = un_done;
  assign out_bits_o = un_hard;
  assign iterations_o = iterations_q;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_ports
      assign raddr_o[p*AW+:AW] = ren[p] ? raddr[p*AW+:AW] : {AW{1'b0}};
      assign waddr_o[p*AW+:AW] = wen[p] ? waddr[p*AW+:AW] : {AW{1'b0}};
      assign out_v_o[p] = unl && un_pend_q && un_v_q[p];
      assign out_col_o[p*AW+:AW] = out_v_o[p] ? un_col_q[p*AW+:AW] : {AW{1'b0}};
    end
  endgenerate
endmodule
`default_nettype wire
