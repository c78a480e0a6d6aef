  // ---- The decoder after its ACS stages (rtl/templates/fg_viterbi_body.vh): the stage counters, the
  // signals between the survivor storage (fg_viterbi_mem.vh or fg_viterbi_exch.vh, next) and the
  // frame's end and emitter (fg_viterbi_tail.vh, last). The ACS part before it gives pm_a / dec_a
  // (the cycle's first stage), pm_b / dec_b (radix 4: the second) and two (the second is valid). ----
  wire [TW-1:0] nst = two ? T_TWO : T_ONE;
  wire [M*W-1:0] pm_n = two ? pm_b : pm_a;
  wire [TW-1:0] t_n = t_a + nst;
  wire [TW-1:0] nxt_a = (in_start_i ? T_LD : nxt_q) - nst;
  wire em_free = em_cnt_q <= E_S;                   // the emitter's last bits leave this cycle
  wire [EW-1:0] u_cnt = t_q[EW-1:0] - u0_q[EW-1:0];  // undecided stages (at most L + D)
  wire [EW-1:0] skip_end = term_q ? E_K1 : {EW{1'b0}};  // the tail: not output
  wire go_end;                                      // the end traceback (or survivor) starts now
  wire [MB-1:0] st_end = term_q ? {MB{1'b0}} : best;

  // the emitter's load: from the traceback engine (memory) or a survivor (exchange), masked to cnt
  wire ld;
  wire [LD-1:0] ld_val;
  wire [EW-1:0] ld_cnt;
  wire ld_last;
  wire eng_busy;  // memory: the engine is walking
  wire eng_end;   // memory: the engine finishes the end traceback now

  function [LD-1:0] f_mask(input [EW-1:0] cnt);
    integer i;
    begin
      for (i = 0; i < LD; i = i + 1) f_mask[i] = i < cnt;
    end
  endfunction
