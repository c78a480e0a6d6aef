// Copied from rtl/lib/fg_turbo_core.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_turbo_core: the parallel radix-4 XMAP turbo decoder of docs/rtl-turbo.md, the twin of the step
// model fg_turbo_arch (data FIXED, path fit; cmodel/src/turbo/turbo_arch.c) cycle by cycle: control
// (idle / preprocess / half-iteration / done, the position generators), P SISOs (fg_xmap_siso), the
// channel, extrinsic and hard-decision memories (4P banks each), the LLR delay beside the interleaver
// address generator (IAG) and the write path. The IAG is outside (its generator names it): the core
// drives its reset, programs, start and lanes, and takes its outputs.
//  - UMTS = 0 (LTE): the "qpp" mapping (bank 4(a / L) + a mod 4, row (a mod L) / 4) and direct bank
//    writes through a crossbar (the sizes the design runs are conflict-free).
//  - UMTS = 1 (HSPA+): the "xmap-xor" mapping (MAPXOR = 0: "xmap") with 2^j_i sub-banks per lane
//    (fg_xmap_slot, fg_xmap_map)
//    and the writes through the DBCF, which is outside as well (dbcf_* ports; its generator names it):
//    its words carry {hard decision, LLR}, the core writes the banks it returns, counts the words inside
//    it and ends a half-iteration when the last is written (DBCF held in reset outside half-iterations,
//    as the model steps it only there).
//  - UMTS = 2 (both, thesis Fig. 4.15): the standard of each block is a run-time input (umts_i), and so
//    is its write path (dbcf_i: HSPA+ always, LTE when the block runs on the UP SISOs of the HSPA+ side
//    through the DBCF of 4 UP lanes). The memories have the LTE geometry, 4P banks of QP rows; a block
//    through the DBCF has 4 UP logical banks, logical bank u row r in physical bank 2u + r mod 2, row
//    r / 2. The ports show the logical banks and rows, as the model.
//
// A block: set the static inputs k_i, c0_i, half_iters_i, tail_i (held from the first load to done_o),
// load the channel words of every position through ld_*_i while idle or done, pulse start_i. The
// core resets the IAG while idle or done, steps its preprocessing, then runs half_iters_i
// half-iterations; done_o rises in the cycle after the last one. Hard decisions of the last
// half-iteration are read through hard_rd_pos_i (natural bit order, read latency 1).
//
// Half-iteration, tau = 0, 1, ... (C0 = L/4): read cycles tau < C0, the SISOs' outputs from
// tau = C0 + LMAP, the IAG addresses LIAG cycles later, written into the banks in that cycle; the
// half-iteration ends with its last write (tau = 2 C0 + LMAP + LIAG - 1) and the next one starts in
// the following cycle. Memories are fg_sram_1r1w (registered read): the read of cycle tau is issued
// in cycle tau - 1 (for tau = 0 in the last cycle of the previous half-iteration or of the
// preprocessing), and a per-bank bypass returns a word the same cycle writes (read-during-write gives
// the old word). The extrinsic memory is not reset: half-iteration 0 reads a-priori zero, as the model
// (which clears its memory at reset) does.
`default_nettype none
module fg_turbo_core #(
    parameter integer P     = 16,    // SISOs
    parameter integer LMAX  = 384,   // largest sub-block length L (a multiple of 4, >= 8)
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0,     // 0 modulo, 1 subtractive normalisation
    parameter integer LMAP  = 6,     // SISO latency (>= 4)
    parameter integer LIAG  = 1,     // IAG latency (LTE 1, UMTS 3)
    parameter integer NII   = 1,     // next-iteration initialisation of the sub-block stakes
    parameter integer UMTS  = 0,     // 0: LTE (qpp, direct writes), 1: HSPA+ (xmap-xor, DBCF), 2: both
    parameter integer JMAX  = 0,     // HSPA+: largest j_i (a block on UP / 2^j SISOs)
    parameter integer MAPXOR = 1,    // HSPA+ bank mapping: 1 xmap-xor, 0 xmap
    parameter integer UP    = P,     // the SISOs of the HSPA+ side and of the DBCF (both: a power of 2 < P)
    parameter integer LMAXH = LMAX,  // largest L of the SISOs UP..P-1
    parameter integer QP    = LMAX / 4,  // rows per physical bank
    // derived (not to be overridden; parameters because the port widths use them)
    parameter integer AW    = 13,                                  // positions, addresses, K
    parameter integer NL    = 4 * P,                               // lanes = banks
    parameter integer QMAX  = LMAX / 4,                            // rows per bank
    parameter integer RW    = (QMAX > 1) ? $clog2(QMAX) : 1,       // row bits
    parameter integer CW    = $clog2(QMAX + 1),                    // C0 bits
    parameter integer QW    = (P > 1) ? $clog2(P) : 1,             // SISO index bits
    parameter integer BW    = QW + 2,                              // bank bits
    parameter integer JW    = (JMAX > 0) ? $clog2(JMAX + 1) : 1,   // j bits
    parameter integer TW    = $clog2((UMTS != 0 ? 4 : 2) * QMAX + LMAP + LIAG + 1),  // tau bits (UMTS: DBCF drain)
    parameter integer XW    = W_EXT + 1,                           // a DBCF word's data: {hard, LLR}
    parameter integer ND    = 4 * UP,                              // DBCF lanes and logical banks
    parameter integer BWD   = ((UP > 1) ? $clog2(UP) : 1) + 2,     // DBCF bank bits
    parameter integer RWP   = (QP > 1) ? $clog2(QP) : 1            // physical row bits
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    // block (static from the first load to done_o)
    input  wire [AW-1:0]        k_i,           // K
    input  wire [CW-1:0]        c0_i,          // C0 = L/4, L = the sub-block length of this K
    input  wire [JW-1:0]        j_i,           // HSPA+: 2^j sub-banks per lane (UP / 2^j SISOs run K)
    input  wire                 umts_i,        // UMTS 2: the block is HSPA+ (static as k_i)
    input  wire                 dbcf_i,        // UMTS 2: the block writes through the DBCF (static as k_i)
    input  wire [7:0]           half_iters_i,  // half-iterations, >= 1
    input  wire [12*W_CH-1:0]   tail_i,        // the two encoders' tails x z x z x z ([s*6*W_CH +: 6*W_CH])
    // channel load port (idle or done): the words of position k, {z', x', z, x} (x' = x[pi(k)])
    input  wire                 ld_valid_i,
    input  wire [AW-1:0]        ld_pos_i,
    input  wire [4*W_CH-1:0]    ld_data_i,
    input  wire                 start_i,       // idle or done: begin the block
    // the IAG
    output wire                 iag_rst_no,    // IAG reset: low while idle or done
    output wire [NL*14-1:0]     iag_lane_start_o,   // lane programs (fg_iag_xmap_program)
    output wire [NL*3-1:0]      iag_lane_stride_o,
    output wire                 iag_start_o,   // tau = 0
    output wire                 iag_inverse_o, // first decoder (even half-iteration): pi^-1
    output wire [NL-1:0]        iag_valid_o,   // the SISOs' output positions
    output wire [NL*AW-1:0]     iag_x_o,
    input  wire                 iag_ready_i,
    input  wire [NL-1:0]        iag_valid_i,
    input  wire [NL-1:0]        iag_err_i,
    input  wire [NL*AW-1:0]     iag_addr_i,
    // the DBCF of ND lanes and logical banks (UMTS 1, 2; unused for LTE)
    output wire                 dbcf_rst_no,   // DBCF reset: low outside half-iterations through it
    output wire [ND-1:0]        dbcf_valid_o,
    output wire [ND*BWD-1:0]    dbcf_bank_o,
    output wire [ND*RW-1:0]     dbcf_row_o,
    output wire [ND*XW-1:0]     dbcf_data_o,
    input  wire [ND-1:0]        dbcf_reject_i,
    input  wire [ND-1:0]        dbcf_we_i,
    input  wire [ND*RW-1:0]     dbcf_row_i,
    input  wire [ND*XW-1:0]     dbcf_data_i,
    // unload port: hard decision of natural position hard_rd_pos_i, one cycle later
    input  wire [AW-1:0]        hard_rd_pos_i,
    output wire                 hard_rd_data_o,
    // status and the step model's ports (fg_turbo_arch_ports)
    output wire [1:0]           state_o,       // 0 idle, 1 preprocess, 2 half-iteration, 3 done
    output wire [7:0]           half_o,
    output wire [TW-1:0]        tau_o,
    output wire                 half_end_o,
    output wire                 done_o,
    output wire [NL-1:0]        rd_valid_o,
    output wire [NL*AW-1:0]     rd_pos_o,
    output wire [NL*BW-1:0]     rd_bank_o,
    output wire [NL*RW-1:0]     rd_row_o,
    output wire [NL*W_CH-1:0]   rd_sys_o,
    output wire [NL*W_CH-1:0]   rd_par_o,
    output wire [NL*W_EXT-1:0]  rd_apr_o,
    output wire [NL-1:0]        out_valid_o,
    output wire [NL*AW-1:0]     out_x_o,
    output wire [NL*W_EXT-1:0]  out_llr_o,
    output wire [NL-1:0]        word_valid_o,
    output wire [NL*BW-1:0]     word_bank_o,
    output wire [NL*RW-1:0]     word_row_o,
    output wire [NL*W_EXT-1:0]  word_data_o,
    output wire [NL-1:0]        wr_valid_o,
    output wire [NL*RW-1:0]     wr_row_o,
    output wire [NL*W_EXT-1:0]  wr_data_o
);
  localparam integer PW = AW + QW + 1;  // positions p*L + o before the comparison with K
  localparam integer SW = 8 * W_SM;
  localparam [PW-1:0] ONE = 1, TWO = 2;
  localparam [1:0] S_IDLE = 2'd0, S_PREP = 2'd1, S_HALF = 2'd2, S_DONE = 2'd3;

  // ---- control
  reg [1:0]    state_q, state_d;
  reg [7:0]    half_q, half_d;
  reg [TW-1:0] tau_q, tau_d;
  wire [TW-1:0] c0 = {{(TW-CW){1'b0}}, c0_i};
  // the block's standard; pair: through the DBCF, logical bank u row r in physical bank 2u + r mod 2
  wire u_run = UMTS == 1 || (UMTS == 2 && umts_i);
  wire pair = UMTS == 2 && dbcf_i;
  wire [TW-1:0] liag = UMTS == 2 && !umts_i ? 1 : LIAG[TW-1:0];  // IAG latency: LTE 1, UMTS 3
  wire [TW-1:0] base = (c0 << 1) + LMAP[TW-1:0] + liag;  // cycles of a half-iteration
  wire in_half = state_q == S_HALF;
  wire drained;  // no word left in the write path after this cycle
  wire half_end = in_half && (tau_q + 1'b1 >= base) && drained;
  wire s = half_q[0];  // decoder: 0 first (interleave), 1 second
  always @* begin
    state_d = state_q;
    half_d = half_q;
    tau_d = tau_q;
    case (state_q)
      S_IDLE, S_DONE: if (start_i) state_d = S_PREP;
      S_PREP: if (iag_ready_i) begin
        state_d = S_HALF;
        half_d = 8'd0;
        tau_d = {TW{1'b0}};
      end
      default: if (half_end) begin
        half_d = half_q + 8'd1;
        tau_d = {TW{1'b0}};
        state_d = half_d == half_iters_i ? S_DONE : S_HALF;
      end else tau_d = tau_q + 1'b1;
    endcase
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= S_IDLE;
      half_q <= 8'd0;
      tau_q <= {TW{1'b0}};
    end else begin
      state_q <= state_d;
      half_q <= half_d;
      tau_q <= tau_d;
    end
  end
  assign state_o = state_q;
  assign half_o = half_q;
  assign tau_o = tau_q;
  assign half_end_o = half_end;
  assign done_o = state_q == S_DONE;
  assign iag_rst_no = rst_ni && (state_q == S_PREP || state_q == S_HALF);
  assign iag_start_o = in_half && tau_q == {TW{1'b0}};
  assign iag_inverse_o = !s;

  // ---- geometry: L, p*L, the sub-block offsets of the read and output cycles
  wire [AW-1:0] len = {{(AW-CW-2){1'b0}}, c0_i, 2'b00};
  wire [PW-1:0] k_w = {{(PW-AW){1'b0}}, k_i};
  wire [PW-1:0] len_w = {{(PW-AW){1'b0}}, len};
  wire [PW-1:0] pbase[0:P-1] /*verilator split_var*/;  // p*L
  genvar p, r, b, l;
  generate
    for (p = 0; p < P; p = p + 1) begin : g_base
      if (p == 0) begin : g_zero
        assign pbase[p] = {PW{1'b0}};
      end else begin : g_add
        assign pbase[p] = pbase[p-1] + len_w;
      end
    end
  endgenerate
  // Offsets of lane r in read cycle t: 2t, 2t+1, L-1-2t, L-2-2t; in output step c: L/2+2c,
  // L/2+2c+1, L/2-1-2c, L/2-2-2c (fg_xmap_schedule.h). Modulo 2^PW; used only where t, c < C0.
  function automatic [PW-1:0] rd_off(input [1:0] rr, input [TW-1:0] t, input [AW-1:0] ln);
    reg [PW-1:0] t2, lw;
    begin
      t2 = {{(PW-TW){1'b0}}, t} << 1;
      lw = {{(PW-AW){1'b0}}, ln};
      case (rr)
        2'd0: rd_off = t2;
        2'd1: rd_off = t2 + ONE;
        2'd2: rd_off = lw - t2 - ONE;
        default: rd_off = lw - t2 - TWO;
      endcase
    end
  endfunction
  function automatic [PW-1:0] out_off(input [1:0] rr, input [TW-1:0] c, input [AW-1:0] ln);
    reg [PW-1:0] c2, hw;
    begin
      c2 = {{(PW-TW){1'b0}}, c} << 1;
      hw = {{(PW-AW){1'b0}}, ln} >> 1;
      case (rr)
        2'd0: out_off = hw + c2;
        2'd1: out_off = hw + c2 + ONE;
        2'd2: out_off = hw - c2 - ONE;
        default: out_off = hw - c2 - TWO;
      endcase
    end
  endfunction

  // ---- read side: offsets of this cycle (tau) and of the next (the address issued now)
  wire rd_now = in_half && tau_q < c0;
  wire [TW-1:0] c_out = tau_q - c0 - LMAP[TW-1:0];            // output step at the SISO port
  wire [TW-1:0] c_wr = c_out - liag;                          // output step at the write stage
  wire [PW-1:0] o_rd[0:3], o_out[0:3];
  generate
    for (r = 0; r < 4; r = r + 1) begin : g_off
      localparam [1:0] RR = r;
      assign o_rd[r] = rd_off(RR, tau_q, len);
      assign o_out[r] = out_off(RR, c_out, len);
    end
  endgenerate
  // The row each physical bank's read issued now (for cycle tau + 1) addresses. qpp: bank j of every
  // SISO is read by the lane r whose offset is j mod 4 (the same r in every SISO), at row offset / 4:
  // one row per j, shared by the SISOs. xmap-xor: every bank at row t / 2^j (fg_xmap_slot).
  wire [4*PW-1:0] o_nx;  // packed (read in an always @* block): lane r at [r*PW +: PW]
  generate
    for (r = 0; r < 4; r = r + 1) begin : g_nx
      localparam [1:0] RR = r;
      assign o_nx[r*PW+:PW] = rd_off(RR, tau_d, len);
    end
  endgenerate
  reg [RW-1:0] row_nx[0:3];
  reg [RW-1:0] row_u;
  wire [RW-1:0] t_nx = tau_d[RW-1:0];
  wire [32-JW-1:0] j_hi = {(32-JW){1'b0}};
  integer jj, rr_i, ju;
  always @* begin
    for (jj = 0; jj < 4; jj = jj + 1) begin
      row_nx[jj] = {RW{1'b0}};
      for (rr_i = 0; rr_i < 4; rr_i = rr_i + 1)
        if (o_nx[rr_i*PW+:2] == jj[1:0]) row_nx[jj] = o_nx[rr_i*PW+2+:RW];
    end
    row_u = t_nx;
    for (ju = 1; ju <= JMAX; ju = ju + 1)
      if ({j_hi, j_i} == ju) row_u = t_nx >> ju;
  end
  wire [RWP-1:0] rd_row_nx[0:NL-1];
  generate
    for (b = 0; b < NL; b = b + 1) begin : g_row
      wire [RW-1:0] lrow = UMTS == 1 ? row_u : !pair ? row_nx[b%4] : u_run ? row_u : row_nx[(b/2)%4];
      wire [RW-1:0] prow = pair ? lrow >> 1 : lrow;
      assign rd_row_nx[b] = prow[RWP-1:0];
      if (RW > RWP) begin : g_hi
        wire [RW-RWP-1:0] unused_prow_hi = prow[RW-1:RWP];  // zero: rows < QP
      end
    end
  endgenerate

  // ---- memories, per physical bank: channel words, extrinsic LLRs, hard decisions
  wire [BW-1:0] ld_lbank, un_lbank, ld_bank, un_bank;
  wire [RW-1:0] ld_lrow, un_lrow;
  wire [RWP-1:0] ld_row, un_row;
  fg_turbo_core_map #(.AW(AW), .QW(QW), .RW(RW), .UMTS(UMTS), .JMAX(JMAX), .JW(JW), .XOR(MAPXOR)) u_ld_map (
      .addr_i(ld_pos_i), .len_i(len), .j_i(j_i), .umts_i(umts_i), .bank_o(ld_lbank), .row_o(ld_lrow));
  fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(UMTS == 2 ? 1 : 0)) u_ld_phys (
      .pair_i(pair), .bank_i(ld_lbank), .row_i(ld_lrow), .bank_o(ld_bank), .row_o(ld_row));
  fg_turbo_core_map #(.AW(AW), .QW(QW), .RW(RW), .UMTS(UMTS), .JMAX(JMAX), .JW(JW), .XOR(MAPXOR)) u_un_map (
      .addr_i(hard_rd_pos_i), .len_i(len), .j_i(j_i), .umts_i(umts_i), .bank_o(un_lbank), .row_o(un_lrow));
  fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(UMTS == 2 ? 1 : 0)) u_un_phys (
      .pair_i(pair), .bank_i(un_lbank), .row_i(un_lrow), .bank_o(un_bank), .row_o(un_row));
  reg [BW-1:0] un_bank_q;
  always @(posedge clk_i) un_bank_q <= un_bank;

  wire [4*W_CH-1:0] ch_q[0:NL-1];   // read data of cycle tau
  wire [W_EXT-1:0]  ext_q[0:NL-1];  // the same, with the bypass
  wire [NL-1:0]     hard_q;
  wire [NL-1:0]     wr_we, hd_we;    // physical writes
  wire [RWP-1:0]    wr_row[0:NL-1], hd_row[0:NL-1];
  wire [W_EXT-1:0]  wr_data[0:NL-1];
  wire [NL-1:0]     hd_bit;
  generate
    for (b = 0; b < NL; b = b + 1) begin : g_bank
      localparam [BW-1:0] BI = b;
      wire [RWP-1:0] rrow = rd_row_nx[b];
      fg_sram_1r1w #(.DEPTH(QP), .AW(RWP), .DW(4 * W_CH)) u_ch (
          .clk_i(clk_i), .we_i(ld_valid_i && ld_bank == BI), .waddr_i(ld_row), .wdata_i(ld_data_i),
          .re_i(1'b1), .raddr_i(rrow), .rdata_o(ch_q[b]));
      wire [W_EXT-1:0] ext_rd;
      fg_sram_1r1w #(.DEPTH(QP), .AW(RWP), .DW(W_EXT)) u_ext (
          .clk_i(clk_i), .we_i(wr_we[b]), .waddr_i(wr_row[b]), .wdata_i(wr_data[b]),
          .re_i(1'b1), .raddr_i(rrow), .rdata_o(ext_rd));
      // bypass: the read issued in a cycle that writes the same row returns the new word
      reg byp_q;
      reg [W_EXT-1:0] byp_data_q;
      always @(posedge clk_i) begin
        byp_q <= wr_we[b] && wr_row[b] == rrow;
        byp_data_q <= wr_data[b];
      end
      assign ext_q[b] = byp_q ? byp_data_q : ext_rd;
      fg_sram_1r1w #(.DEPTH(QP), .AW(RWP), .DW(1)) u_hard (
          .clk_i(clk_i), .we_i(hd_we[b]), .waddr_i(hd_row[b]), .wdata_i(hd_bit[b]),
          .re_i(1'b1), .raddr_i(un_row), .rdata_o(hard_q[b]));
    end
  endgenerate
  assign hard_rd_data_o = hard_q[un_bank_q];

  // ---- the SISOs
  reg [SW-1:0] stk_a_q[0:2*P-1], stk_b_q[0:2*P-1];  // stakes [decoder * P + p]
  wire [SW-1:0] alpha[0:P-1], beta[0:P-1];
  wire [NL-1:0] siso_v, siso_hard;
  wire [NL*W_EXT-1:0] siso_ext;
  wire stakes = NII != 0 && half_q >= 8'd2;
  generate
    for (p = 0; p < P; p = p + 1) begin : g_siso
      localparam [QW-1:0] PI = p;
      wire nonempty = pbase[p] < k_w;
      wire last = nonempty && pbase[p] + len_w >= k_w;
      wire [1:0] a_sel = !nonempty ? 2'd0 : p == 0 ? 2'd1 : stakes ? 2'd2 : 2'd0;
      wire [1:0] b_sel = !nonempty ? 2'd0 : last ? 2'd1 : stakes ? 2'd2 : 2'd0;
      wire [SW-1:0] a_stk, b_stk;
      if (p == 0) begin : g_a0
        assign a_stk = {SW{1'b0}};
      end else begin : g_a
        assign a_stk = stk_a_q[(s ? P : 0) + p - 1];
      end
      if (p == P - 1) begin : g_bl
        assign b_stk = {SW{1'b0}};
      end else begin : g_b
        assign b_stk = stk_b_q[(s ? P : 0) + p + 1];
      end
      wire [3:0] v;
      wire [4*W_CH-1:0] sys, par;
      wire [4*W_EXT-1:0] apr;
      for (r = 0; r < 4; r = r + 1) begin : g_lane
        localparam integer LN = 4 * p + r;
        wire [PW-1:0] pos = pbase[p] + o_rd[r];
        assign v[r] = rd_now && pos < k_w;
        // this cycle's read: qpp bank 4p + (offset mod 4), row offset / 4; xmap-xor fg_xmap_slot; both:
        // a block through the DBCF in its physical pair. The lanes past the DBCF's (both) run LTE
        // direct only, and an LTE core's bank index has constant SISO bits: a 4-to-1 choice per lane.
        wire [BW-1:0] rb, qb, pb;
        wire [RW-1:0] rrow, qrow;
        assign qb = {PI, o_rd[r][1:0]};
        assign qrow = o_rd[r][RW+1:2];
        if (UMTS == 0 || LN >= ND) begin : g_qs
          assign rb = qb;
          assign rrow = qrow;
          assign pb = qb;
        end else begin : g_xs
          localparam [BW-1:0] LB = LN[BW-1:0];
          wire [BW-1:0] xb;
          wire [RW-1:0] xrow;
          fg_xmap_slot #(.QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW), .XOR(MAPXOR)) u_slot (
              .lane_i(LB), .t_i(tau_q[RW-1:0]), .j_i(j_i), .bank_o(xb), .row_o(xrow));
          assign rb = u_run ? xb : qb;
          assign rrow = u_run ? xrow : qrow;
          if (UMTS == 2) begin : g_pair
            wire [RWP-1:0] unused_prow;
            fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(1)) u_phys (
                .pair_i(pair), .bank_i(rb), .row_i(rrow), .bank_o(pb), .row_o(unused_prow));
          end else begin : g_id
            assign pb = rb;
          end
        end
        wire [4*W_CH-1:0] ch = ch_q[pb];
        wire [W_EXT-1:0] e = ext_q[pb];
        assign sys[r*W_CH+:W_CH] = !v[r] ? {W_CH{1'b0}} : s ? ch[2*W_CH+:W_CH] : ch[0+:W_CH];
        assign par[r*W_CH+:W_CH] = !v[r] ? {W_CH{1'b0}} : s ? ch[3*W_CH+:W_CH] : ch[W_CH+:W_CH];
        assign apr[r*W_EXT+:W_EXT] = !v[r] || half_q == 8'd0 ? {W_EXT{1'b0}} : e;
        assign rd_valid_o[LN] = v[r];
        assign rd_pos_o[LN*AW+:AW] = pos[AW-1:0];
        assign rd_bank_o[LN*BW+:BW] = rb;
        assign rd_row_o[LN*RW+:RW] = rrow;
      end
      assign rd_sys_o[4*p*W_CH+:4*W_CH] = sys;
      assign rd_par_o[4*p*W_CH+:4*W_CH] = par;
      assign rd_apr_o[4*p*W_EXT+:4*W_EXT] = apr;
      // SISOs UP..P-1 serve sub-blocks up to LMAXH (their C0 port is narrower; c0 exceeds it only
      // while they are idle)
      localparam integer LMS = p < UP ? LMAX : LMAXH;
      localparam integer SCWP = $clog2(2 * (LMS / 4) + 2);
      wire [31:0] c0_32 = {{(32-CW){1'b0}}, c0_i};
      wire [31-SCWP:0] unused_c0_hi = c0_32[31:SCWP];
      fg_xmap_siso #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM), .W_SM(W_SM), .NORM(NORM), .LMAX(LMS),
                     .LMAP(LMAP)) u_siso (
          .clk_i(clk_i), .rst_ni(rst_ni), .start_i(iag_start_o), .c0_i(c0_32[SCWP-1:0]),
          .alpha_sel_i(a_sel), .alpha_stake_i(a_stk), .beta_sel_i(b_sel), .beta_stake_i(b_stk),
          .tail_i(s ? tail_i[6*W_CH+:6*W_CH] : tail_i[0+:6*W_CH]),
          .rd_valid_i(v), .rd_sys_i(sys), .rd_par_i(par), .rd_apr_i(apr),
          .out_valid_o(siso_v[4*p+:4]), .out_ext_o(siso_ext[4*p*W_EXT+:4*W_EXT]), .out_hard_o(siso_hard[4*p+:4]),
          .alpha_o(alpha[p]), .beta_o(beta[p]));
    end
  endgenerate
  integer si;
  always @(posedge clk_i)
    if (half_end)
      for (si = 0; si < P; si = si + 1) begin
        stk_a_q[(s ? P : 0) + si] <= alpha[si];
        stk_b_q[(s ? P : 0) + si] <= beta[si];
      end

  // ---- output port, the IAG's inputs, the LLR and hard decision beside the IAG
  wire [NL*W_EXT-1:0] llr_w;  // at the write stage (LIAG cycles later)
  wire [NL-1:0] v_w, hard_w;
  reg [NL*(W_EXT+2)-1:0] dly_q[0:LIAG-1];  // stage 0 the newest; shifts in half-iterations only
  wire [NL*(W_EXT+2)-1:0] dly_in = {siso_hard, siso_v, siso_ext};
  integer di;
  always @(posedge clk_i) begin
    if (!rst_ni)
      for (di = 0; di < LIAG; di = di + 1) dly_q[di] <= {NL*(W_EXT+2){1'b0}};
    else if (in_half) begin
      dly_q[0] <= dly_in;
      for (di = 1; di < LIAG; di = di + 1) dly_q[di] <= dly_q[di-1];
    end
  end
  assign {hard_w, v_w, llr_w} = UMTS == 2 && !umts_i ? dly_q[0] : dly_q[LIAG-1];  // both: LTE's IAG latency 1
  assign out_valid_o = siso_v;
  assign out_llr_o = siso_ext;
  assign iag_valid_o = siso_v;

  // ---- lanes: output positions, IAG programs, write words
  wire [NL-1:0] w_v;
  wire [NL*BW-1:0] w_bank;  // lane l at [l*BW +: BW]
  wire [NL*RW-1:0] w_row;
  generate
    for (l = 0; l < NL; l = l + 1) begin : g_wlane
      localparam integer LP = l / 4, LRI = l % 4;
      localparam [1:0] LR = LRI[1:0];
      wire [PW-1:0] x = pbase[LP] + o_out[LR];
      wire [PW-AW-1:0] unused_x_hi = x[PW-1:AW];  // zero when valid (x < K)
      assign out_x_o[l*AW+:AW] = siso_v[l] ? x[AW-1:0] : {AW{1'b0}};
      assign iag_x_o[l*AW+:AW] = siso_v[l] ? x[AW-1:0] : {AW{1'b0}};
      // program: the first position < K of the lane's progression, or -1 (fg_iag_xmap_program)
      wire [PW-1:0] first = pbase[LP] + out_off(LR, {TW{1'b0}}, len);
      wire [PW-1:0] k_odd = k_w[0] ? k_w - TWO : k_w - ONE;   // the largest odd position < K
      wire [PW-1:0] k_even = k_w[0] ? k_w - ONE : k_w - TWO;  // the largest even one
      wire [PW-1:0] down = LR == 2'd2 ? k_odd : k_even;
      wire [PW-1:0] st = first < k_w ? first : LR[1] && pbase[LP] < k_w ? down : {PW{1'b1}};
      wire [PW-15:0] unused_st_hi = st[PW-1:14];  // copies of bit 13: st < K or all ones
      assign iag_lane_start_o[l*14+:14] = st[13:0];
      assign iag_lane_stride_o[l*3+:3] = LR[1] ? 3'b110 : 3'b010;  // -2 : +2
      // write word
      assign w_v[l] = in_half && iag_valid_i[l] && !iag_err_i[l];
      fg_turbo_core_map #(.AW(AW), .QW(QW), .RW(RW), .UMTS(UMTS), .JMAX(JMAX), .JW(JW), .XOR(MAPXOR)) u_map (
          .addr_i(iag_addr_i[l*AW+:AW]), .len_i(len), .j_i(j_i), .umts_i(umts_i), .bank_o(w_bank[l*BW+:BW]),
          .row_o(w_row[l*RW+:RW]));
      assign word_valid_o[l] = w_v[l];
      assign word_bank_o[l*BW+:BW] = w_v[l] ? w_bank[l*BW+:BW] : {BW{1'b0}};
      assign word_row_o[l*RW+:RW] = w_v[l] ? w_row[l*RW+:RW] : {RW{1'b0}};
      assign word_data_o[l*W_EXT+:W_EXT] = llr_w[l*W_EXT+:W_EXT];
    end
  endgenerate

  // ---- write path: the extrinsic and hard-decision bank writes (wr_*, hd_*) and the drain
  // The first decoder's hard decisions are written at their natural positions, from the lanes of
  // their own SISO; the second decoder's go with the LLRs, to the LLR's address pi(k).
  generate
    if (UMTS != 0) begin : g_wp_dbcf
      // HSPA+ (and, both standards, the LTE blocks the model sends there) through the DBCF, whose ND
      // lanes are lanes 0..ND-1 and which returns at most one write per logical bank and cycle; both
      // standards: the other blocks direct through the crossbar, as the LTE core.
      wire via = UMTS == 1 || dbcf_i;  // this block writes through the DBCF
      assign dbcf_rst_no = rst_ni && in_half && via;
      for (l = 0; l < ND; l = l + 1) begin : g_dw
        assign dbcf_valid_o[l] = w_v[l] && via;
        assign dbcf_bank_o[l*BWD+:BWD] = w_bank[l*BW+:BWD];
        assign dbcf_row_o[l*RW+:RW] = w_row[l*RW+:RW];
        assign dbcf_data_o[l*XW+:XW] = {hard_w[l], llr_w[l*W_EXT+:W_EXT]};
        if (BWD < BW) begin : g_hi
          wire unused_bank_hi = w_bank[l*BW+BWD];  // zero through the DBCF: banks < ND
        end
      end
      // Words inside the DBCF (FIFOs and buffers) after this cycle: those before, plus the lanes'
      // new words, less the bank writes and the rejected words.
      reg [15:0] pend_q, pend_d;
      integer pi_;
      always @* begin
        pend_d = pend_q;
        for (pi_ = 0; pi_ < ND; pi_ = pi_ + 1)
          pend_d = pend_d + {15'd0, dbcf_valid_o[pi_]} - {15'd0, dbcf_we_i[pi_]} - {15'd0, dbcf_reject_i[pi_]};
      end
      always @(posedge clk_i)
        if (!rst_ni || !in_half) pend_q <= 16'd0;
        else pend_q <= pend_d;
      assign drained = !via || pend_d == 16'd0;
      // direct (both standards)
      wire [NL-1:0] xb_v;
      wire [NL*RW-1:0] xb_row;
      wire [NL*XW-1:0] w_word, xb_word;  // {hard, LLR} per lane / bank
      fg_turbo_core_xbar #(.NL(NL), .BW(BW), .RW(RW), .W(XW)) u_xbar (
          .valid_i(w_v & {NL{!via}}), .bank_i(w_bank), .row_i(w_row), .data_i(w_word),
          .valid_o(xb_v), .row_o(xb_row), .data_o(xb_word));
      // first decoder's hard decisions: the natural position of output lane 4p + r, output step c, is
      // read by lane 4p + 3 - r in read cycle C0 - 1 - c (xmap-xor) or lies at offset o (qpp)
      wire [TW-1:0] t_hd = c0 - 1'b1 - c_wr;
      wire [TW-RW-1:0] unused_t_hd_hi = t_hd[TW-1:RW];
      wire [NL*BW-1:0] e_bank;
      wire [NL*RW-1:0] e_row;
      for (l = 0; l < NL; l = l + 1) begin : g_hl
        localparam integer SL = 4 * (l / 4) + 3 - l % 4, LRI = l % 4;
        localparam [BW-1:0] SLB = SL[BW-1:0];
        localparam integer LPII = l / 4;
        localparam [QW-1:0] LPI = LPII[QW-1:0];
        wire [PW-1:0] o = out_off(LRI[1:0], c_wr, len);
        wire [PW-RW-3:0] unused_o_hi = o[PW-1:RW+2];
        if (l >= ND) begin : g_q  // both: the lanes past the DBCF's run LTE direct only
          wire unused_t = ^{SLB, t_hd[RW-1:0]};
          assign e_bank[l*BW+:BW] = {LPI, o[1:0]};
          assign e_row[l*RW+:RW] = o[RW+1:2];
        end else begin : g_x
          wire [BW-1:0] xb;
          wire [RW-1:0] xr;
          fg_xmap_slot #(.QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW), .XOR(MAPXOR)) u_slot (
              .lane_i(SLB), .t_i(t_hd[RW-1:0]), .j_i(j_i), .bank_o(xb), .row_o(xr));
          wire [BW-1:0] lb = u_run ? xb : {LPI, o[1:0]};
          wire [RW-1:0] lr = u_run ? xr : o[RW+1:2];
          wire [RWP-1:0] pr;
          fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(UMTS == 2 ? 1 : 0)) u_phys (
              .pair_i(pair), .bank_i(lb), .row_i(lr), .bank_o(e_bank[l*BW+:BW]), .row_o(pr));
          assign e_row[l*RW+:RW] = {{(RW-RWP){1'b0}}, pr};
        end
      end
      wire [NL-1:0] e1_v, e1_bit;
      wire [NL*RW-1:0] e1_row;
      fg_turbo_core_xbar #(.NL(NL), .BW(BW), .RW(RW), .W(1)) u_hard_xbar (
          .valid_i(v_w), .bank_i(e_bank), .row_i(e_row), .data_i(hard_w),
          .valid_o(e1_v), .row_o(e1_row), .data_o(e1_bit));
      for (b = 0; b < NL; b = b + 1) begin : g_wr
        localparam integer U = b / 2;
        localparam integer BPI = b % 2;
        assign w_word[b*XW+:XW] = {hard_w[b], llr_w[b*W_EXT+:W_EXT]};  // lane b's word
        // logical write ports: the DBCF's banks 0..ND-1, or the crossbar's
        if (b < ND) begin : g_lp
          assign wr_valid_o[b] = via ? dbcf_we_i[b] : xb_v[b];
          assign wr_row_o[b*RW+:RW] = via ? dbcf_row_i[b*RW+:RW] : xb_row[b*RW+:RW];
          assign wr_data_o[b*W_EXT+:W_EXT] = via ? dbcf_data_i[b*XW+:W_EXT] : xb_word[b*XW+:W_EXT];
        end else begin : g_lx
          assign wr_valid_o[b] = !via && xb_v[b];
          assign wr_row_o[b*RW+:RW] = via ? {RW{1'b0}} : xb_row[b*RW+:RW];
          assign wr_data_o[b*W_EXT+:W_EXT] = via ? {W_EXT{1'b0}} : xb_word[b*XW+:W_EXT];
        end
        // physical: HSPA+ alone, the logical bank b; both, logical bank U's writes of rows with parity
        // b mod 2 through the DBCF
        localparam integer DB = UMTS == 1 ? b : U;
        wire [RW-1:0] drow_l = dbcf_row_i[DB*RW+:RW];
        wire d_we = dbcf_we_i[DB] && (UMTS == 1 || drow_l[0] == BPI[0]);
        wire [RWP-1:0] d_row, x_row;
        wire [BW-1:0] unused_d_bank, unused_x_bank;
        fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(UMTS == 2 ? 1 : 0)) u_dphys (
            .pair_i(1'b1), .bank_i({BW{1'b0}}), .row_i(drow_l), .bank_o(unused_d_bank), .row_o(d_row));
        fg_turbo_core_phys #(.BW(BW), .RW(RW), .RWP(RWP), .PAIR(UMTS == 2 ? 1 : 0)) u_xphys (
            .pair_i(1'b0), .bank_i({BW{1'b0}}), .row_i(xb_row[b*RW+:RW]), .bank_o(unused_x_bank), .row_o(x_row));
        assign wr_we[b] = via ? d_we : xb_v[b];
        assign wr_row[b] = via ? d_row : x_row;
        assign wr_data[b] = via ? dbcf_data_i[DB*XW+:W_EXT] : xb_word[b*XW+:W_EXT];
        assign hd_we[b] = in_half && (s ? wr_we[b] : e1_v[b]);
        assign hd_row[b] = s ? wr_row[b] : e1_row[b*RW+:RWP];
        assign hd_bit[b] = s ? (via ? dbcf_data_i[DB*XW+W_EXT] : xb_word[b*XW+W_EXT]) : e1_bit[b];
      end
      wire unused_e1_row = ^e1_row;
    end else begin : g_wp_lte
      // Direct: bank b takes the lowest lane addressing it (conflict-free for the sizes it runs).
      assign dbcf_rst_no = 1'b0;
      assign dbcf_valid_o = {NL{1'b0}};
      assign dbcf_bank_o = {NL*BW{1'b0}};
      assign dbcf_row_o = {NL*RW{1'b0}};
      assign dbcf_data_o = {NL*XW{1'b0}};
      wire unused_dbcf = ^{dbcf_reject_i, dbcf_we_i, dbcf_row_i, dbcf_data_i};
      assign drained = 1'b1;
      wire [NL-1:0] xb_v;
      wire [NL*RW-1:0] xb_row;
      wire [NL*XW-1:0] w_word, xb_word;  // {hard, LLR} per lane / bank
      fg_turbo_core_xbar #(.NL(NL), .BW(BW), .RW(RW), .W(XW)) u_xbar (
          .valid_i(w_v), .bank_i(w_bank), .row_i(w_row), .data_i(w_word),
          .valid_o(xb_v), .row_o(xb_row), .data_o(xb_word));
      wire [4*PW-1:0] o_wr;  // packed (read in always @* blocks): lane r at [r*PW +: PW]
      for (r = 0; r < 4; r = r + 1) begin : g_owr
        localparam [1:0] RR = r;
        assign o_wr[r*PW+:PW] = out_off(RR, c_wr, len);
      end
      for (b = 0; b < NL; b = b + 1) begin : g_wr
        localparam integer BJI = b % 4;
        localparam [1:0] BJ = BJI[1:0];
        assign w_word[b*XW+:XW] = {hard_w[b], llr_w[b*W_EXT+:W_EXT]};  // lane b's word
        assign wr_we[b] = xb_v[b];
        assign wr_row[b] = xb_row[b*RW+:RW];
        assign wr_data[b] = xb_word[b*XW+:W_EXT];
        // first decoder: bank 4p + (offset mod 4) of its own SISO, the lane of SISO b/4 whose offset is
        // b mod 4
        reg e_v, e_bit;
        reg [RW-1:0] e_row;
        integer er;
        always @* begin
          e_v = 1'b0;
          e_bit = 1'b0;
          e_row = {RW{1'b0}};
          for (er = 0; er < 4; er = er + 1)
            if (v_w[4 * (b / 4) + er] && o_wr[er*PW+:2] == BJ) begin
              e_v = 1'b1;
              e_bit = hard_w[4 * (b / 4) + er];
              e_row = o_wr[er*PW+2+:RW];
            end
        end
        assign hd_we[b] = in_half && (s ? xb_v[b] : e_v);
        assign hd_row[b] = s ? xb_row[b*RW+:RW] : e_row;
        assign hd_bit[b] = s ? xb_word[b*XW+W_EXT] : e_bit;
      end
    end
  endgenerate
  generate
    if (UMTS == 0) begin : g_wports  // logical = physical
      for (b = 0; b < NL; b = b + 1) begin : g_wport
        assign wr_valid_o[b] = wr_we[b];
        assign wr_row_o[b*RW+:RW] = wr_we[b] ? wr_row[b] : {RW{1'b0}};
        assign wr_data_o[b*W_EXT+:W_EXT] = wr_we[b] ? wr_data[b] : {W_EXT{1'b0}};
      end
    end
  endgenerate
endmodule
`default_nettype wire
