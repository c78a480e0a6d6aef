`define TOP fg_viterbi_top
`define STAGE fg_vit_stage
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [0:0] in_valid_i, \
    input  wire in_start_i, \
    input  wire in_end_i, \
    input  wire in_term_i, \
    input  wire [1:0] in_sym_i, \
    input  wire [0:0] in_era_i, \
    output wire in_ready_o, \
    output wire [0:0] out_valid_o, \
    output wire [0:0] out_bits_o, \
    output wire out_last_o, \
    output wire [1:0] best_o);
`define K 3
`define L 4
`define D 4
`define MB 2
`define M 4
`define S 1
`define N 1
`define WL 2
`define W 4
`define NORM 0
`define MEM 1
`define LD 8
`define TW 21
`define EW 4
`define R 2
`define RB 4
`define BW 1
`define RBW 2
`define IW 3
`define B_LAST 1'd1
`define R_LAST 2'd3
`define E_L 4'd4
`define E_S 4'd1
`define E_D 4'd4
`define E_LD 4'd8
`define E_K1 4'd2
`define T_MB 21'd2
`define T_LD 21'd8
`define T_D 21'd4
`define T_ONE 21'd1
`define T_TWO 21'd2
`define ACS_TEXT one trellis stage per cycle
`define MEMORY
`undef TWO
`define SUB
`default_nettype none
module `TOP (
`PORTS
  // K = `K, traceback depth L = `L, block D = `D
  localparam integer MB = `MB, M = `M, S = `S, N = `N, WL = `WL, W = `W, NORM = `NORM, MEM = `MEM;
  localparam integer LD = `LD, TW = `TW, EW = `EW;
`ifdef MEMORY
  // the engine walks R stages a cycle through R banks of RB rows
  localparam integer R = `R, RB = `RB, BW = `BW, RBW = `RBW, IW = `IW;
  localparam [BW-1:0] B_LAST = `B_LAST;
  localparam [RBW-1:0] R_LAST = `R_LAST;
  localparam [EW-1:0] E_L = `E_L;
`endif
  localparam [EW-1:0] E_S = `E_S, E_D = `E_D, E_LD = `E_LD, E_K1 = `E_K1;
  localparam [TW-1:0] T_MB = `T_MB, T_LD = `T_LD, T_D = `T_D, T_ONE = `T_ONE, T_TWO = `T_TWO;
  wire [S-1:0] in_valid = in_valid_i;
  wire [S-1:0] out_valid;
  assign out_valid_o = out_valid;

`include "fg_viterbi_regs.vh"

  // ---- ACS: `ACS_TEXT ----
  wire [M*W-1:0] pm_a, pm_b;
  wire [M-1:0] dec_a, dec_b;
  `STAGE u_stage0 (
      .pm_i(in_start_i ? {M*W{1'b0}} : pm_q), .sym_i(in_sym_i[N*WL-1:0]), .era_i(in_era_i[N-1:0]),
      .force_i(t_a < T_MB), .sub_i(in_start_i ? {W{1'b0}} : bmax), .pm_o(pm_a), .dec_o(dec_a));
`ifdef TWO
  wire two = in_valid[1];
  wire [TW-1:0] t_b = t_a + T_ONE;
`ifdef SUB
  // subtract: the second stage takes off the maximum of the first's metrics (reachable at t_b)
  wire [M-1:0] reach_b;
  wire [W-1:0] sub_b;
  wire [MB-1:0] unused_best_b;
  wire unused_reach_b;
  genvar gb;
  generate
    for (gb = 0; gb < M; gb = gb + 1) begin : g_reach_b
      localparam [MB-1:0] J = gb;
      assign reach_b[gb] = (J & (ONES >> t_b)) == {MB{1'b0}};
    end
  endgenerate
  fg_vit_tree #(.MB(MB), .W(W), .NORM(NORM)) u_tree_b (
      .pm_i(pm_a), .ok_i(reach_b), .ok_o(unused_reach_b), .idx_o(unused_best_b), .max_o(sub_b));
`else
  wire [W-1:0] sub_b = {W{1'b0}};
`endif
  `STAGE u_stage1 (
      .pm_i(pm_a), .sym_i(in_sym_i[2*N*WL-1:N*WL]), .era_i(in_era_i[2*N-1:N]), .force_i(t_b < T_MB),
      .sub_i(sub_b), .pm_o(pm_b), .dec_o(dec_b));

`else
  wire two = 1'b0;
  assign pm_b = pm_a;
  assign dec_b = dec_a;

`endif
`include "fg_viterbi_body.vh"

`ifdef MEMORY
`include "fg_viterbi_mem.vh"
`else
`include "fg_viterbi_exch.vh"
`endif

`include "fg_viterbi_tail.vh"
endmodule
`default_nettype wire
