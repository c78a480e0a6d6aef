// Copied from rtl/lib/fg_xmap_siso.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_siso: one radix-4 XMAP SISO of the parallel turbo decoder, cycle-exact with the SISO of
// the step model fg_turbo_arch (cmodel/src/turbo/turbo_arch_siso.c; docs/rtl-turbo.md has the
// block diagram and the pipeline). One half-iteration, tau counted from its first cycle:
//   tau = 0          start_i: c0_i (C0 = L/4) and the initial alpha and beta are taken
//   tau < C0         read cycles: lane r's words (sys, par, apr) and read-valid flag come in and are
//                    registered (the read registers); lanes 0, 1 hold offsets 2t, 2t+1 (alpha side),
//                    lanes 3, 2 offsets L-2-2t, L-1-2t (beta side)
//   tau = t+1 <= C0  recursion: alpha step t, beta step L/2-1-t (gamma from the read registers);
//                    the stores take alpha before step t, beta before step L/2-1-t and the four
//                    lanes' words at address t
//   tau = C0+1+c     store read address C0-1-c (the last written is read first)
//   tau = C0+2+c     G: the stores' data; alpha step L/4+c and beta step L/4-1-c (gamma recomputed
//                    from the stored words); the E registers take each step's alpha, gamma, beta
//   tau = C0+3+c     E: the step's LLRs (fg_xmap_ext4, fg_xmap_ext2) into the output register
//   tau = C0+LMAP+c  out_*_o: after LMAP-4 further registers (fg_xmap_siso_llr)
// The model computes output step c in cycle C0+1+c and delays it LMAP-1 cycles; here it is computed
// one cycle later (the stores' read latency) and delayed LMAP-2 cycles: same port cycles, same
// values. Hence LMAP >= 4 (elaboration error otherwise). The recursion registers finish the
// half-iteration in cycle 2C0+1; alpha_o/beta_o are then the stakes.
// A step's kind comes from its lanes' read-valid flags (position < n): both valid radix-4, only
// the lower one the radix-2 step of an odd sub-block (beta2, ext2), none padding (registers hold).
// Hard decisions: the sign of the a-posteriori LLR (fg_fx_hard). Invalid lanes output 0.
// NORM 0 modulo, 1 subtract (as the fg_xmap_* units). LMAX: the largest L (a multiple of 4, >= 8);
// 2 <= c0_i <= LMAX/4.
`default_nettype none
module fg_xmap_siso #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0,
    parameter integer LMAX  = 384,
    parameter integer LMAP  = 6,
    // derived (not to be overridden; parameters because the port widths use them)
    parameter integer QMAX  = LMAX / 4,                             // store depth
    parameter integer AW    = (QMAX > 1) ? $clog2(QMAX) : 1,        // store address bits
    parameter integer CW    = $clog2(2 * QMAX + 2)                  // tau counter bits (0 .. 2 C0 + 1)
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    // half-iteration start (tau = 0)
    input  wire                 start_i,
    input  wire [CW-1:0]        c0_i,
    input  wire [1:0]           alpha_sel_i,    // 0: zero, 1: block start, 2: alpha_stake_i
    input  wire [8*W_SM-1:0]    alpha_stake_i,
    input  wire [1:0]           beta_sel_i,     // 0: zero, 1: tail (fg_xmap_beta_tail of tail_i), 2: beta_stake_i
    input  wire [8*W_SM-1:0]    beta_stake_i,
    input  wire [6*W_CH-1:0]    tail_i,
    // read data, lane r at [r*W+:W] (tau < C0)
    input  wire [3:0]           rd_valid_i,
    input  wire [4*W_CH-1:0]    rd_sys_i,
    input  wire [4*W_CH-1:0]    rd_par_i,
    input  wire [4*W_EXT-1:0]   rd_apr_i,
    // output port (tau = C0 + LMAP + c)
    output wire [3:0]           out_valid_o,
    output wire [4*W_EXT-1:0]   out_ext_o,
    output wire [3:0]           out_hard_o,
    // recursion registers: the stakes after the half-iteration
    output wire [8*W_SM-1:0]    alpha_o,
    output wire [8*W_SM-1:0]    beta_o
);
  localparam integer LMAP_MIN = 4;
  localparam integer LW = 2 * W_CH + W_EXT;  // one lane's words
  localparam integer IW = 4 * LW + 4;        // input store word: four lanes and their valid flags
  localparam integer SW = 8 * W_SM;
  localparam [1:0] SEL_START = 2'd1, SEL_STAKE = 2'd2;
  localparam [CW-1:0] CONE = 1;

  generate
    if (LMAP < LMAP_MIN) begin : g_lmap_check
      // Deliberately missing module: an elaboration error in every tool (Verilog-2005 has no $error).
      fg_xmap_siso_error_LMAP_below_4 u_error ();
    end
  endgenerate

  // ---- control: tau counter (cnt_q = tau from tau = 1 until the last store read, 2 C0)
  reg            run_q;
  reg [CW-1:0]   cnt_q, c0_q;
  reg            g_q;  // G stage active (output steps)
  wire rec  = run_q && (cnt_q <= c0_q);  // recursion, step t = cnt_q - 1
  wire rdo  = run_q && (cnt_q > c0_q);   // store read for output step c = cnt_q - C0 - 1
  // Store addresses modulo 2^AW (the true values lie in [0, QMAX)).
  localparam [AW-1:0] AONE = 1;
  wire [AW-1:0] waddr = cnt_q[AW-1:0] - AONE;                // t
  wire [AW-1:0] raddr = (c0_q[AW-1:0] << 1) - cnt_q[AW-1:0];  // C0 - 1 - c
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q <= 1'b0;
      cnt_q <= {CW{1'b0}};
      c0_q  <= {CW{1'b0}};
      g_q   <= 1'b0;
    end else begin
      g_q <= rdo;
      if (start_i) begin
        run_q <= 1'b1;
        cnt_q <= CONE;
        c0_q  <= c0_i;
      end else if (run_q) begin
        run_q <= cnt_q != (c0_q << 1);
        cnt_q <= cnt_q + CONE;
      end
    end
  end

  // ---- read registers (the model's rd_sys/rd_par/rd_apr)
  reg [3:0]         in_v_q;
  reg [4*W_CH-1:0]  in_sys_q, in_par_q;
  reg [4*W_EXT-1:0] in_apr_q;
  always @(posedge clk_i) begin
    if (!rst_ni) in_v_q <= 4'b0;
    else in_v_q <= rd_valid_i;
  end
  always @(posedge clk_i) begin
    in_sys_q <= rd_sys_i;
    in_par_q <= rd_par_i;
    in_apr_q <= rd_apr_i;
  end

  // ---- stores: alpha before alpha step t, beta before beta step L/2-1-t, the words of read cycle t,
  // all at address t; read back in reverse order after the crossing (LIFO).
  reg  [SW-1:0] alpha_q, beta_q;
  wire [SW-1:0] st_alpha, st_beta;
  wire [IW-1:0] st_in;
  fg_sram_1r1w #(.DEPTH(QMAX), .AW(AW), .DW(SW)) u_alpha_st (
      .clk_i(clk_i), .we_i(rec), .waddr_i(waddr), .wdata_i(alpha_q),
      .re_i(rdo), .raddr_i(raddr), .rdata_o(st_alpha)
  );
  fg_sram_1r1w #(.DEPTH(QMAX), .AW(AW), .DW(SW)) u_beta_st (
      .clk_i(clk_i), .we_i(rec), .waddr_i(waddr), .wdata_i(beta_q),
      .re_i(rdo), .raddr_i(raddr), .rdata_o(st_beta)
  );
  fg_sram_1r1w #(.DEPTH(QMAX), .AW(AW), .DW(IW)) u_in_st (
      .clk_i(clk_i), .we_i(rec), .waddr_i(waddr), .wdata_i({in_v_q, in_apr_q, in_par_q, in_sys_q}),
      .re_i(rdo), .raddr_i(raddr), .rdata_o(st_in)
  );
  wire [3:0]         st_v   = st_in[4*LW+:4];
  wire [4*W_CH-1:0]  st_sys = st_in[0+:4*W_CH];
  wire [4*W_CH-1:0]  st_par = st_in[4*W_CH+:4*W_CH];
  wire [4*W_EXT-1:0] st_apr = st_in[8*W_CH+:4*W_EXT];

  // ---- the two units' step inputs (lo: position 2i, hi: 2i+1). Recursion: from the read registers,
  // alpha lanes 0, 1, beta lanes 3, 2. Output steps (G): from the store, the alpha unit takes the
  // beta side's words (step L/4+c), the beta unit the alpha side's (step L/4-1-c).
  wire [1:0]         a_v   = g_q ? {st_v[2], st_v[3]} : {in_v_q[1], in_v_q[0]};
  wire [2*W_CH-1:0]  a_sys = g_q ? {st_sys[2*W_CH+:W_CH], st_sys[3*W_CH+:W_CH]} : in_sys_q[0+:2*W_CH];
  wire [2*W_CH-1:0]  a_par = g_q ? {st_par[2*W_CH+:W_CH], st_par[3*W_CH+:W_CH]} : in_par_q[0+:2*W_CH];
  wire [2*W_EXT-1:0] a_apr = g_q ? {st_apr[2*W_EXT+:W_EXT], st_apr[3*W_EXT+:W_EXT]} : in_apr_q[0+:2*W_EXT];
  wire [1:0]         b_v   = g_q ? st_v[1:0] : {in_v_q[2], in_v_q[3]};
  wire [2*W_CH-1:0]  b_sys = g_q ? st_sys[0+:2*W_CH] : {in_sys_q[2*W_CH+:W_CH], in_sys_q[3*W_CH+:W_CH]};
  wire [2*W_CH-1:0]  b_par = g_q ? st_par[0+:2*W_CH] : {in_par_q[2*W_CH+:W_CH], in_par_q[3*W_CH+:W_CH]};
  wire [2*W_EXT-1:0] b_apr = g_q ? st_apr[0+:2*W_EXT] : {in_apr_q[2*W_EXT+:W_EXT], in_apr_q[3*W_EXT+:W_EXT]};
  wire step = rec | g_q;

  // ---- branch metrics and the recursion steps
  wire [16*W_BM-1:0] a_g4, b_g4;
  wire [4*W_BM-1:0]  a_g2, b_g2;
  wire [SW-1:0]      alpha_nx, beta4_nx, beta2_nx;
  fg_xmap_gamma4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_a_g4 (
      .sys_i(a_sys), .par_i(a_par), .apr_i(a_apr), .gamma_o(a_g4));
  fg_xmap_gamma2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_a_g2 (
      .sys_i(a_sys[0+:W_CH]), .par_i(a_par[0+:W_CH]), .apr_i(a_apr[0+:W_EXT]), .gamma_o(a_g2));
  fg_xmap_gamma4 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_b_g4 (
      .sys_i(b_sys), .par_i(b_par), .apr_i(b_apr), .gamma_o(b_g4));
  fg_xmap_gamma2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_b_g2 (
      .sys_i(b_sys[0+:W_CH]), .par_i(b_par[0+:W_CH]), .apr_i(b_apr[0+:W_EXT]), .gamma_o(b_g2));
  fg_xmap_alpha4 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_alpha4 (
      .alpha_i(alpha_q), .gamma_i(a_g4), .alpha_o(alpha_nx));
  fg_xmap_beta4 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_beta4 (
      .beta_i(beta_q), .gamma_i(b_g4), .beta_o(beta4_nx));
  fg_xmap_beta2 #(.W_BM(W_BM), .W_SM(W_SM), .NORM(NORM)) u_beta2 (
      .beta_i(beta_q), .gamma_i(b_g2), .beta_o(beta2_nx));

  // ---- initial values
  wire [SW-1:0] alpha_start, beta_tail;
  fg_xmap_alpha_start #(.W_CH(W_CH), .W_EXT(W_EXT), .W_SM(W_SM)) u_alpha_start (.alpha_o(alpha_start));
  fg_xmap_beta_tail #(.W_CH(W_CH), .W_SM(W_SM), .NORM(NORM)) u_beta_tail (.tail_i(tail_i), .beta_o(beta_tail));
  wire [SW-1:0] alpha_init = alpha_sel_i == SEL_START ? alpha_start :
                             alpha_sel_i == SEL_STAKE ? alpha_stake_i : {SW{1'b0}};
  wire [SW-1:0] beta_init  = beta_sel_i == SEL_START ? beta_tail :
                             beta_sel_i == SEL_STAKE ? beta_stake_i : {SW{1'b0}};

  // ---- recursion registers: the alpha unit never takes the radix-2 step (alpha at n-1 is not needed)
  reg [SW-1:0] alpha_d, beta_d;
  always @* begin
    alpha_d = alpha_q;
    beta_d  = beta_q;
    if (start_i) begin
      alpha_d = alpha_init;
      beta_d  = beta_init;
    end else if (step) begin
      if (a_v == 2'b11) alpha_d = alpha_nx;
      if (b_v == 2'b11) beta_d = beta4_nx;
      else if (b_v == 2'b01) beta_d = beta2_nx;
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      alpha_q <= {SW{1'b0}};
      beta_q  <= {SW{1'b0}};
    end else begin
      alpha_q <= alpha_d;
      beta_q  <= beta_d;
    end
  end
  assign alpha_o = alpha_q;
  assign beta_o  = beta_q;

  // ---- E stage and output pipeline. Each unit's step: alpha at 2i, its branch metrics (gamma2 of the
  // lower position in the low bits for the radix-2 step), beta at 2i+2, sys and apr.
  fg_xmap_siso_llr #(
      .W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM), .LMAP(LMAP)
  ) u_llr (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .valid_i   (g_q),
      .a_v_i     (a_v),
      .a_alpha_i (alpha_q),
      .a_gamma_i (a_v == 2'b01 ? {{12*W_BM{1'b0}}, a_g2} : a_g4),
      .a_beta_i  (st_beta),
      .a_sys_i   (a_sys),
      .a_apr_i   (a_apr),
      .b_v_i     (b_v),
      .b_alpha_i (st_alpha),
      .b_gamma_i (b_v == 2'b01 ? {{12*W_BM{1'b0}}, b_g2} : b_g4),
      .b_beta_i  (beta_q),
      .b_sys_i   (b_sys),
      .b_apr_i   (b_apr),
      .out_valid_o(out_valid_o),
      .out_ext_o (out_ext_o),
      .out_hard_o(out_hard_o)
  );
endmodule
`default_nettype wire
