  // ---- The registers and the best-state tree of the streaming Viterbi decoder (rtl/templates/
  // fg_viterbi_regs.vh; docs/rtl-viterbi.md). The registers are those of the step model
  // (cmodel/src/viterbi/viterbi_hw.c) under the same names. The generated part before it declares
  // the ports and the parameters; the ACS stages follow it, then fg_viterbi_body.vh. ----
  reg [M*W-1:0] pm_q;       // path metrics
  reg [TW-1:0] t_q;         // stages of the frame so far
  reg [TW-1:0] nxt_q;       // stages to the next block boundary
  reg [TW-1:0] u0_q;        // the first stage not decided yet
  reg req_q;                // the last commit reached a block boundary
  reg eof_q, term_q;        // the frame has ended (not ready), it is terminated
  reg [1:0] fl_q;           // end: 1 waiting, 3 end traceback walking, 2 its bits leaving
  reg [LD-1:0] em_q;        // the emitter: bit 0 leaves next
  reg [EW-1:0] em_cnt_q;    // its bits still to leave
  reg em_last_q;            // its last bit is the frame's last

  localparam [MB-1:0] ONES = {MB{1'b1}};

  // The best-state tree over the registered metrics; at depth t_q < K-1 (after the forced start in
  // state 0) only the reachable states, those whose low K-1-t_q bits are 0, take part.
  wire [M-1:0] reach;
  wire [MB-1:0] best;
  wire [W-1:0] bmax;
  wire unused_reach_any;
  genvar gj;
  generate
    for (gj = 0; gj < M; gj = gj + 1) begin : g_reach
      localparam [MB-1:0] J = gj;
      assign reach[gj] = (J & (ONES >> t_q)) == {MB{1'b0}};
    end
  endgenerate
  fg_vit_tree #(.MB(MB), .W(W), .NORM(NORM)) u_tree (
      .pm_i(pm_q), .ok_i(reach), .ok_o(unused_reach_any), .idx_o(best), .max_o(bmax));

  wire acc = in_valid[0] & ~eof_q;                  // this cycle's stages are accepted
  wire [TW-1:0] t_a = in_start_i ? {TW{1'b0}} : t_q;  // the depth its first stage extends
