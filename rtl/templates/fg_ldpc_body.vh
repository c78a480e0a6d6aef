  // Index arithmetic into the packed storage is in 32-bit integers: a narrow field enters as x*1.
  localparam [2:0] PH_IDLE = 3'd0, PH_LOAD = 3'd1, PH_DEC = 3'd2, PH_UNL = 3'd3, PH_DONE = 3'd4;
  localparam [MW-1:0] RMAX = {MW{1'b1}};  // largest magnitude the min finder keeps
  localparam [CNW-1:0] N2C = N2[CNW-1:0];
  localparam [AW-1:0] N2A = N2[AW-1:0];
  localparam [MLW-1:0] ML1 = 1;
  localparam [SQW-1:0] SQ1 = 1, SQ2 = 2;
  // An R-Regfile entry (one macro-layer) and a ping-pong slot have the same layout; row r of the
  // macro-layer: min0 at O_MIN0 + (r*ZMAX + lane)*MW, min1, position, parity likewise, the sign of
  // the edge at position d of the layer at O_SGN + (r*DC + d)*ZMAX + lane.
  localparam integer O_MIN0 = 0, O_MIN1 = K * ZMAX * MW, O_POS = 2 * K * ZMAX * MW;
  localparam integer O_PAR = O_POS + K * ZMAX * PW, O_SGN = O_PAR + K * ZMAX, E = O_SGN + K * DC * ZMAX;
  localparam integer LBE = N2 * ZMAX * A;  // an L-buffer entry: the N2 words of one MB

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
  // sum of K signed (RW+1)-bit terms in DSW bits (no overflow)
  function [DSW-1:0] f_dsum(input [K*(RW+1)-1:0] v);
    integer t;
    reg [RW:0] x;
    begin
      f_dsum = {DSW{1'b0}};
      for (t = 0; t < K; t = t + 1) begin
        x = v[t*(RW+1)+:RW+1];
        f_dsum = f_dsum + {{(DSW - RW - 1) {x[RW]}}, x};
      end
    end
  endfunction
  // Storage reads through one-hot selects (a multiplexer per entry, not a shifter); entry 0 when
  // no select is set.
  function [E-1:0] f_rf_entry(input [NMLMAX*E-1:0] v, input [NMLMAX-1:0] oh);
    integer t;
    begin
      f_rf_entry = v[0+:E];
      for (t = 1; t < NMLMAX; t = t + 1)
        if (oh[t]) f_rf_entry = v[t*E+:E];
    end
  endfunction
  function [LBE-1:0] f_lb_entry(input [2*MBSMAX*LBE-1:0] v, input [2*MBSMAX-1:0] oh);
    integer t;
    begin
      f_lb_entry = v[0+:LBE];
      for (t = 1; t < 2 * MBSMAX; t = t + 1)
        if (oh[t]) f_lb_entry = v[t*LBE+:LBE];
    end
  endfunction
  function [ZMAX-1:0] f_pick_dc(input [DC*ZMAX-1:0] v, input [DC-1:0] oh);
    integer t;
    begin
      f_pick_dc = {ZMAX{1'b0}};
      for (t = 0; t < DC; t = t + 1) f_pick_dc = f_pick_dc | (oh[t] ? v[t*ZMAX+:ZMAX] : {ZMAX{1'b0}});
    end
  endfunction
  function [ZMAX-1:0] f_pick_n2(input [N2*ZMAX-1:0] v, input [N2-1:0] oh);
    integer t;
    begin
      f_pick_n2 = {ZMAX{1'b0}};
      for (t = 0; t < N2; t = t + 1) f_pick_n2 = f_pick_n2 | (oh[t] ? v[t*ZMAX+:ZMAX] : {ZMAX{1'b0}});
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

  // ---------------- storage ----------------
  reg [ZMAX*A-1:0] mem_q [0:NW-1];        // LLR (APP) memory: one word of Z values per block column
  reg [MBMAX*ZMAX-1:0] syn_q;             // syndrome of the memory's hard decisions, layer l at [l*ZMAX +: ZMAX]
  reg [NW-1:0] pend_v_q;                  // word still to be written by macro-layer pend_q
  reg [SQW-1:0] pend_q [0:NW-1];
  reg [N2*ZMAX*A-1:0] rdata_q;            // read ports' registered data
  reg [2*MBSMAX*LBE-1:0] lbuf_q;          // L buffer: entry slot*MBSMAX + MB (local index)
  reg [2*E-1:0] pp_q;                     // ping-pong check-node registers, slot s at [s*E +: E]
  reg [NMLMAX*E-1:0] rf_q;                // R-Regfile (compressed R), macro-layer m at [m*E +: E]
  reg [NMLMAX-1:0] rf_v_q;                // entry written in this codeword (else R = 0)

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
  wire [MBW-1:0] s1_mb = f_mb(code_q, s1_base + {{(GW - LOCW) {1'b0}}, s1_loc});
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
  wire s2_age_ok = (s2_next_q[0] ? age1_q : age0_q) >= 2'd2;
  wire s2_cand = dec && !s2_act_q && (s2_next_q < s1_next_q) && (s2_next_q < maxseq_q) && s2_age_ok;
  wire s2_gated = et_q && (s2_it_q != {ITW{1'b0}}) && (s2_ml_q == {MLW{1'b0}});
  wire verdict_ok = et_pend_q ? syn_ok : et_okr_q;
  wire s2_pass = !s2_gated || ((et_iter_q >= s2_it_q) && !verdict_ok);
  wire s2_wait = s2_cand && !s2_pass;
  wire s2_act = dec && (s2_act_q || (s2_cand && s2_pass));
  wire [LOCW-1:0] s2_idx = s2_act_q ? s2_idx_q : {LOCW{1'b0}};
  wire s2_slot = s2_next_q[0];
  wire [GW-1:0] s2_base = f_mlbase(code_q, s2_ml_q);
  wire [LOCW-1:0] s2_loc = f_s2loc(code_q, s2_base + {{(GW - LOCW) {1'b0}}, s2_idx});
  wire [MBW-1:0] s2_mb = f_mb(code_q, s2_base + {{(GW - LOCW) {1'b0}}, s2_loc});
  wire [MBCW-1:0] s2_mbc = s2_mb[MBCW-1:0];
  wire [N2-1:0] s2_rd = s2_mb[MBCW+:N2];
  wire s2_lastmb = (s2_idx + 1'b1) == f_mlcnt(code_q, s2_ml_q);

  // ---------------- stage 1 datapath (the cycle after the read) ----------------
  reg s1b_v_q, s1b_first_q, s1b_slot_q;
  reg [MLW-1:0] s1b_ml_q;
  reg [LOCW-1:0] s1b_loc_q;
  reg [MBW-1:0] s1b_mb_q;
  wire [NMLMAX-1:0] s1b_ml_oh, s2_ml_oh;
  wire [2*MBSMAX-1:0] s1b_lb_oh, s2_lb_oh;
  genvar g;
  generate
    for (g = 0; g < NMLMAX; g = g + 1) begin : g_mloh
      localparam [MLW-1:0] G = g;
      assign s1b_ml_oh[g] = (s1b_ml_q == G);
      assign s2_ml_oh[g] = (s2_ml_q == G);
    end
    for (g = 0; g < MBSMAX; g = g + 1) begin : g_lboh
      localparam [LOCW-1:0] G = g;
      assign s1b_lb_oh[g] = !s1b_slot_q && (s1b_loc_q == G);
      assign s1b_lb_oh[MBSMAX+g] = s1b_slot_q && (s1b_loc_q == G);
      assign s2_lb_oh[g] = !s2_slot && (s2_loc == G);
      assign s2_lb_oh[MBSMAX+g] = s2_slot && (s2_loc == G);
    end
  endgenerate
  wire [E-1:0] rfe1 = f_rf_entry(rf_q, s1b_ml_oh);  // R_old of the macro-layer
  wire s1b_rfv = |(rf_v_q & s1b_ml_oh);
  wire [E-1:0] ppe1 = s1b_slot_q ? pp_q[E+:E] : pp_q[0+:E];
  wire [E-1:0] ppn;  // the slot after this MB
  generate
    for (r = 0; r < K; r = r + 1) begin : g_s1r
      wire [N2*ZMAX-1:0] sg_all;        // the blocks' signs
      wire [N2*DC-1:0] doh_all;         // the blocks' positions, one-hot
      wire [N2-1:0] cand_v;
      wire [ZMAX*N2*MW-1:0] cand_m;     // lane i's candidates at [(i*N2 + p)*MW +: MW]
      wire [ZMAX*N2*PW-1:0] cand_d;
      for (p = 0; p < N2; p = p + 1) begin : g_p
        localparam integer B = MBCW + N2 + (r * N2 + p) * BE;
        wire v = s1b_mb_q[B];
        wire [ZW-1:0] s = s1b_mb_q[B+1+:ZW];
        wire [PW-1:0] d = s1b_mb_q[B+1+ZW+:PW];
        assign cand_v[p] = v;
        for (g = 0; g < DC; g = g + 1) begin : g_doh
          localparam [PW-1:0] G = g;
          assign doh_all[p*DC+g] = (d == G);
        end
        wire [ZMAX*A-1:0] lp;
        fg_rot_lanes #(.ZMAX(ZMAX), .W(A), .ZW(ZW)) u_perm (
            .z_i(z), .s_i(s), .x_i(rdata_q[p*ZMAX*A+:ZMAX*A]), .y_o(lp));
        wire [ZMAX-1:0] rsign = f_pick_dc(rfe1[O_SGN+r*DC*ZMAX+:DC*ZMAX], doh_all[p*DC+:DC]);
        for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
          wire [RW-1:0] rold0, rold;
          fg_ldpc_rgen #(.MW(MW), .RW(RW), .NUM(NUM), .SHIFT(SHIFT), .ROUND(ROUND), .SATLATE(SATLATE)) u_rold (
              .min0_i(s1b_rfv ? rfe1[O_MIN0+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .min1_i(s1b_rfv ? rfe1[O_MIN1+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .sel1_i(d == rfe1[O_POS+(r*ZMAX+i)*PW+:PW]),
              .neg_i(s1b_rfv && (rfe1[O_PAR+r*ZMAX+i] ^ rsign[i])), .r_o(rold0));
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
        end
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
      // each block's signs to its position in the layer
      for (g = 0; g < DC; g = g + 1) begin : g_sgn
        wire [N2-1:0] hit;
        for (p = 0; p < N2; p = p + 1) begin : g_hit
          assign hit[p] = cand_v[p] && doh_all[p*DC+g];
        end
        assign ppn[O_SGN+(r*DC+g)*ZMAX+:ZMAX] = (|hit) ? f_pick_n2(sg_all, hit) : ppe1[O_SGN+(r*DC+g)*ZMAX+:ZMAX];
      end
    end
  endgenerate

  // ---------------- stage 2 datapath: L' = sat(L + sum over rows of (R' - R_old)) ----------------
  wire [N2*ZMAX*A-1:0] s2_data;
  wire [E-1:0] rfe2 = f_rf_entry(rf_q, s2_ml_oh);
  wire s2_rfv = |(rf_v_q & s2_ml_oh);
  wire [E-1:0] ppe2 = s2_slot ? pp_q[E+:E] : pp_q[0+:E];
  wire [LBE-1:0] lbe2 = f_lb_entry(lbuf_q, s2_lb_oh);
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_s2p
      wire [ZMAX*A-1:0] lw = lbe2[p*ZMAX*A+:ZMAX*A];
      wire [ZMAX*K*(RW+1)-1:0] terms;  // lane j's K row terms at [(j*K + r)*(RW+1) +: RW+1]
      for (r = 0; r < K; r = r + 1) begin : g_r
        localparam integer B = MBCW + N2 + (r * N2 + p) * BE;
        wire v = s2_mb[B];
        wire [ZW-1:0] s = s2_mb[B+1+:ZW];
        wire [PW-1:0] d = s2_mb[B+1+ZW+:PW];
        wire [DC-1:0] doh;
        for (g = 0; g < DC; g = g + 1) begin : g_doh
          localparam [PW-1:0] G = g;
          assign doh[g] = (d == G);
        end
        wire [ZMAX-1:0] rsign = f_pick_dc(rfe2[O_SGN+r*DC*ZMAX+:DC*ZMAX], doh);
        wire [ZMAX-1:0] nsign = f_pick_dc(ppe2[O_SGN+r*DC*ZMAX+:DC*ZMAX], doh);
        wire [ZMAX*RW-1:0] rold0_all, rold_all;  // R_old per lane, before and after the keep rule
        if (KEEP != 0) begin : g_keep
          wire [ZMAX*A-1:0] lp;  // L in the block's lane order
          fg_rot_lanes #(.ZMAX(ZMAX), .W(A), .ZW(ZW)) u_perm (.z_i(z), .s_i(s), .x_i(lw), .y_o(lp));
          for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
            fg_rold_keep #(.W(A), .WR(RW)) u_keep (
                .l_i(lp[i*A+:A]), .r_i(rold0_all[i*RW+:RW]), .y_o(rold_all[i*RW+:RW]));
          end
        end else begin : g_nokeep
          assign rold_all = rold0_all;
        end
        wire [ZMAX*(RW+1)-1:0] dd;
        for (i = 0; i < ZMAX; i = i + 1) begin : g_lane
          wire [RW-1:0] rold, rnew;
          fg_ldpc_rgen #(.MW(MW), .RW(RW), .NUM(NUM), .SHIFT(SHIFT), .ROUND(ROUND), .SATLATE(SATLATE)) u_rold (
              .min0_i(s2_rfv ? rfe2[O_MIN0+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .min1_i(s2_rfv ? rfe2[O_MIN1+(r*ZMAX+i)*MW+:MW] : {MW{1'b0}}),
              .sel1_i(d == rfe2[O_POS+(r*ZMAX+i)*PW+:PW]),
              .neg_i(s2_rfv && (rfe2[O_PAR+r*ZMAX+i] ^ rsign[i])), .r_o(rold0_all[i*RW+:RW]));
          fg_ldpc_rgen #(.MW(MW), .RW(RW), .NUM(NUM), .SHIFT(SHIFT), .ROUND(ROUND), .SATLATE(SATLATE)) u_rnew (
              .min0_i(ppe2[O_MIN0+(r*ZMAX+i)*MW+:MW]), .min1_i(ppe2[O_MIN1+(r*ZMAX+i)*MW+:MW]),
              .sel1_i(d == ppe2[O_POS+(r*ZMAX+i)*PW+:PW]),
              .neg_i(ppe2[O_PAR+r*ZMAX+i] ^ nsign[i]), .r_o(rnew));
          assign rold = rold_all[i*RW+:RW];
          wire [RW:0] diff = {rnew[RW-1], rnew} - {rold[RW-1], rold};
          assign dd[i*(RW+1)+:RW+1] = v ? diff : {(RW + 1) {1'b0}};
        end
        // back to the memory word's lane order: the inverse rotation
        wire [ZW-1:0] sinv = (s == {ZW{1'b0}}) ? {ZW{1'b0}} : z - s;
        wire [ZMAX*(RW+1)-1:0] ddi;
        fg_rot_lanes #(.ZMAX(ZMAX), .W(RW + 1), .ZW(ZW)) u_inv (.z_i(z), .s_i(sinv), .x_i(dd), .y_o(ddi));
        for (i = 0; i < ZMAX; i = i + 1) begin : g_t
          assign terms[(i*K+r)*(RW+1)+:RW+1] = ddi[i*(RW+1)+:RW+1];
        end
      end
      for (i = 0; i < ZMAX; i = i + 1) begin : g_out
        wire [SUMW-1:0] le, de;
        fg_sext #(.WI(A), .WO(SUMW)) u_l (.x_i(lw[i*A+:A]), .y_o(le));
        fg_sext #(.WI(DSW), .WO(SUMW)) u_d (.x_i(f_dsum(terms[i*K*(RW+1)+:K*(RW+1)])), .y_o(de));
        fg_sat #(.WI(SUMW), .W(A)) u_sat (.x_i(le + de), .y_o(s2_data[(p*ZMAX+i)*A+:A]));
      end
    end
  endgenerate

  // ---------------- writes (load or the stage-2 queue), hard decisions, syndrome ----------------
  wire [N2-1:0] wen = load_act ? ld_en : ((dec && wq_v_q) ? wq_wen_q : {N2{1'b0}});
  wire [N2*AW-1:0] waddr;
  wire [N2*ZMAX*A-1:0] wdata = load_act ? ld_data : wq_data_q;
  wire [N2*ZMAX-1:0] w_hard;
  // each written word flips the checks of its column's blocks: the change of its hard decisions,
  // rotated by the block's shift
  wire [N2*DV*ZMAX-1:0] flip;
  wire [N2*DV*LW-1:0] flip_l;
  wire [N2*DV-1:0] flip_v;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_w
      localparam [AW-1:0] PA = p;
      assign waddr[p*AW+:AW] = load_act ? ld_addr[p*AW+:AW] : wq_mbc_q * N2A + PA;
      for (i = 0; i < ZMAX; i = i + 1) begin : g_h
        assign w_hard[p*ZMAX+i] = wdata[(p*ZMAX+i)*A+A-1];
      end
      wire [CBW-1:0] cb = f_colblk(code, waddr[p*AW+:AW]);
      // a load writes each word once (its old decisions count as 0); decoding replaces a word
      wire [ZMAX*A-1:0] oldw = mem_q[waddr[p*AW+:AW]];
      wire [ZMAX-1:0] old;
      for (i = 0; i < ZMAX; i = i + 1) begin : g_o
        assign old[i] = !load_act && oldw[i*A+A-1];
      end
      wire [ZMAX-1:0] delta = old ^ w_hard[p*ZMAX+:ZMAX];
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
  wire [N2-1:0] ren = unl ? un_en : (s1_read ? s1_rd : {N2{1'b0}});
  wire [N2*AW-1:0] raddr = unl ? un_addr : s1_addr;
  integer x, y;
  always @(posedge clk_i) begin
    // memory, syndrome
    for (x = 0; x < N2; x = x + 1)
      if (wen[x]) mem_q[waddr[x*AW+:AW]] <= wdata[x*ZMAX*A+:ZMAX*A];
    syn_q <= syn_d;
    for (x = 0; x < N2; x = x + 1)
      if (ren[x]) rdata_q[x*ZMAX*A+:ZMAX*A] <= s1_fw[x] ? wq_data_q[x*ZMAX*A+:ZMAX*A] : mem_q[raddr[x*AW+:AW]];
    // pending writes: a write clears its own entry, a stage-1 read sets one
    for (x = 0; x < N2; x = x + 1) begin
      if (dec && wen[x] && pend_q[waddr[x*AW+:AW]] == wq_seq_q) pend_v_q[waddr[x*AW+:AW]] <= 1'b0;
      if (s1_read && s1_rd[x]) begin
        pend_v_q[s1_addr[x*AW+:AW]] <= 1'b1;
        pend_q[s1_addr[x*AW+:AW]] <= s1_seq;
      end
    end
    // stage 1 datapath into the ping-pong slot and the L buffer
    if (s1b_v_q) begin
      if (s1b_slot_q) pp_q[E+:E] <= ppn;
      else pp_q[0+:E] <= ppn;
      for (x = 0; x < 2 * MBSMAX; x = x + 1)
        for (y = 0; y < N2; y = y + 1)
          if (s1b_lb_oh[x] && s1b_mb_q[MBCW+y]) lbuf_q[(x*N2+y)*ZMAX*A+:ZMAX*A] <= rdata_q[y*ZMAX*A+:ZMAX*A];
    end
    // R-Regfile: the ping-pong slot after the macro-layer's last stage-2 MB
    if (s2_act && s2_lastmb) begin
      rf_v_q <= rf_v_q | s2_ml_oh;
      for (x = 0; x < NMLMAX; x = x + 1)
        if (s2_ml_oh[x]) rf_q[x*E+:E] <= ppe2;
    end
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
  assign iterations_o = iterations_q;
  generate
    for (p = 0; p < N2; p = p + 1) begin : g_ports
      assign raddr_o[p*AW+:AW] = ren[p] ? raddr[p*AW+:AW] : {AW{1'b0}};
      assign waddr_o[p*AW+:AW] = wen[p] ? waddr[p*AW+:AW] : {AW{1'b0}};
      assign out_v_o[p] = unl && un_pend_q && un_v_q[p];
      assign out_col_o[p*AW+:AW] = out_v_o[p] ? un_col_q[p*AW+:AW] : {AW{1'b0}};
      for (i = 0; i < ZMAX; i = i + 1) begin : g_bit
        assign out_bits_o[p*ZMAX+i] = rdata_q[(p*ZMAX+i)*A+A-1];
      end
    end
  endgenerate
endmodule
`default_nettype wire
