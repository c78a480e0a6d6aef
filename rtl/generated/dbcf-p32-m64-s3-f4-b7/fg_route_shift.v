// Copied from rtl/lib/fg_route_shift.v by fecforge gen 0.1.0 (git 04807a756efa). Do not edit.
// fg_route_shift: moves valid words by their own shift amounts through SHW stages of 2:1 choices,
// one stage per shift bit, without two words ever meeting (so no arbitration):
//  - RIGHT = 0, compaction: word i moves left by sh_i = the number of invalid words before it; the
//    stages take the shift bits LSB first. The valid words end at 0, 1, 2, ... in their order.
//  - RIGHT = 1, expansion: words at consecutive positions 0, 1, ... with strictly increasing
//    destinations d_i move right by sh_i = d_i - i (non-decreasing in i); the stages take the bits
//    MSB first.
// In both cases two valid words keep their order and their distance never falls below 1 after any
// stage (docs/rtl-dbcf.md "Router"): a position receives at most one valid word per stage, so it
// needs no arbitration, one 2:1 multiplexer per bit (the word moving in, else the word that was
// there). The data of a position that is not valid is left over (don't care); only valid_o says
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

  wire [NP*EW-1:0] e_in;  // the input words
  wire [NP-1:0] r_in;     // return bits at the input positions
  wire [NP*EW-1:0] e_out;
  wire [NP-1:0] r_out;
  genvar s, q;
  generate
    for (q = 0; q < NP; q = q + 1) begin : g_io
      if (q < NI) begin : g_word
        assign e_in[q*EW+:EW] = {valid_i[q], sh_i[q*SHW+:SHW], x_i[q*W+:W]};
        assign ret_o[q] = r_in[q] & valid_i[q];
      end else begin : g_none
        assign e_in[q*EW+:EW] = {EW{1'b0}};
        wire unused_ret = r_in[q];
      end
      if (q < NO) begin : g_out
        assign valid_o[q] = e_out[q*EW+EW-1];
        assign x_o[q*W+:W] = e_out[q*EW+:W];
        assign r_out[q] = ret_i[q];
      end else begin : g_drop
        wire [EW-1:0] unused_beyond = e_out[q*EW+:EW];
        assign r_out[q] = 1'b0;
      end
    end
    // Stage s: e (its input words) -> y (its output words); rb (return bits at its output) -> r
    // (return bits at its input).
    for (s = 0; s < SHW; s = s + 1) begin : g_stage
      localparam integer K = (RIGHT != 0) ? SHW - 1 - s : s;  // shift bit of this stage
      localparam integer D = 1 << K;
      wire [NP*EW-1:0] e, y;
      wire [NP-1:0] r, rb;
      if (s == 0) begin : g_first
        assign e = e_in;
        assign r_in = r;
      end else begin : g_next
        assign e = g_stage[s-1].y;
      end
      if (s == SHW - 1) begin : g_last
        assign e_out = y;
        assign rb = r_out;
      end else begin : g_inner
        assign rb = g_stage[s+1].r;
      end
      for (q = 0; q < NP; q = q + 1) begin : g_pos
        localparam integer SRC = (RIGHT != 0) ? q - D : q + D;  // a word moving into q comes from here
        localparam integer TO = (RIGHT != 0) ? q + D : q - D;   // the word at q, if it moves, goes here
        wire [EW-1:0] here = e[q*EW+:EW];
        wire move = here[EW-1] & here[W+K];
        if (SRC >= 0 && SRC < NP) begin : g_src
          wire [EW-1:0] there = e[SRC*EW+:EW];
          wire arrive = there[EW-1] & there[W+K];  // a word moves into q
          assign y[q*EW+:EW] = {arrive | (here[EW-1] & ~here[W+K]), arrive ? there[EW-2:0] : here[EW-2:0]};
        end else begin : g_nosrc
          assign y[q*EW+:EW] = {here[EW-1] & ~here[W+K], here[EW-2:0]};
        end
        if (TO >= 0 && TO < NP) begin : g_to
          assign r[q] = move ? rb[TO] : rb[q];
        end else begin : g_noto
          assign r[q] = ~move & rb[q];
        end
      end
    end
  endgenerate
endmodule
`default_nettype wire
