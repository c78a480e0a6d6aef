// Copied from rtl/lib/fg_route_shift.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_route_shift: moves valid words by their own shift amounts through SHW stages of 2:1 choices,
// one stage per shift bit, without two words ever meeting (so no arbitration):
//  - RIGHT = 0, compaction: word i moves left by sh_i = the number of invalid words before it; the
//    stages take the shift bits LSB first. The valid words end at 0, 1, 2, ... in their order.
//  - RIGHT = 1, expansion: words at consecutive positions 0, 1, ... with strictly increasing
//    destinations d_i move right by sh_i = d_i - i (non-decreasing in i); the stages take the bits
//    MSB first.
// In both cases two valid words keep their order and their distance never falls below 1 after any
// stage (docs/rtl-dbcf.md "Structure", Router): a position receives at most one valid word per
// stage, so it needs no arbitration, one 2:1 multiplexer per bit (the word moving in, else the
// word that was there). The data of a position that is not valid is left over (don't care); only valid_o says
// which positions hold a word. The return path carries one bit per output position back to the
// input position whose word landed there (ret_o of an invalid input is 0).
`default_nettype none
module fg_route_shift #(
    parameter integer NI = 8,     // input positions
    parameter integer NO = 8,     // output positions (no valid word may be sent beyond NO - 1)
    parameter integer W = 8,      // data bits per word
    parameter integer SHW = 3,    // shift bits = stages
    parameter integer RIGHT = 0
) (
    input  wire [    NI-1:0] valid_i,
    input  wire [NI*SHW-1:0] sh_i,
    input  wire [  NI*W-1:0] x_i,
    output wire [    NO-1:0] valid_o,
    output wire [  NO*W-1:0] x_o,
    input  wire [    NO-1:0] ret_i,
    output wire [    NI-1:0] ret_o
);
  localparam integer NP = (NI > NO) ? NI : NO;  // positions inside the network
  localparam integer EW = 1 + SHW + W;         // {valid, shift, data}

  // Words and return bits at the stage boundaries: position q of boundary s (0: inputs, SHW:
  // outputs) is element s*NP + q. Arrays of nets rather than one vector per stage: every simulator
  // then updates one word per assignment (Verilator and Icarus rebuild a whole wide vector when
  // one of its slices changes, which made them 5-15x slower here).
  wire [EW-1:0] w [0:(SHW+1)*NP-1] /*verilator split_var*/;
  wire rt [0:(SHW+1)*NP-1] /*verilator split_var*/;
  genvar s, q;
  generate
    for (q = 0; q < NP; q = q + 1) begin : g_io
      localparam integer L = SHW * NP + q;  // q at the last boundary
      if (q < NI) begin : g_word
        assign w[q] = {valid_i[q], sh_i[q*SHW+:SHW], x_i[q*W+:W]};
        assign ret_o[q] = rt[q] & valid_i[q];
      end else begin : g_none
        assign w[q] = {EW{1'b0}};
        wire unused_ret = rt[q];
      end
      if (q < NO) begin : g_out
        assign valid_o[q] = w[L][EW-1];
        assign x_o[q*W+:W] = w[L][W-1:0];
        assign rt[L] = ret_i[q];
      end else begin : g_drop
        wire [EW-1:0] unused_beyond = w[L];
        assign rt[L] = 1'b0;
      end
    end
    for (s = 0; s < SHW; s = s + 1) begin : g_stage
      localparam integer K = (RIGHT != 0) ? SHW - 1 - s : s;  // shift bit of this stage
      localparam integer D = 1 << K;
      for (q = 0; q < NP; q = q + 1) begin : g_pos
        localparam integer SRC = (RIGHT != 0) ? q - D : q + D;  // a word moving into q comes from here
        localparam integer TO = (RIGHT != 0) ? q + D : q - D;   // the word at q, if it moves, goes here
        localparam integer X = s * NP, Y = (s + 1) * NP;        // boundary before / after the stage
        wire [EW-1:0] here = w[X+q];
        wire move = here[EW-1] & here[W+K];
        if (SRC >= 0 && SRC < NP) begin : g_src
          wire [EW-1:0] there = w[X+SRC];
          wire arrive = there[EW-1] & there[W+K];  // a word moves into q
          assign w[Y+q] = {arrive | (here[EW-1] & ~here[W+K]), arrive ? there[EW-2:0] : here[EW-2:0]};
        end else begin : g_nosrc
          assign w[Y+q] = {here[EW-1] & ~here[W+K], here[EW-2:0]};
        end
        if (TO >= 0 && TO < NP) begin : g_to
          assign rt[X+q] = move ? rt[Y+TO] : rt[Y+q];
        end else begin : g_noto
          assign rt[X+q] = ~move & rt[Y+q];
        end
      end
    end
  endgenerate
endmodule
`default_nettype wire
