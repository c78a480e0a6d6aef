// Copied from rtl/lib/fg_xmap_route.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_route: the wiring of the 8-state RSC trellis (fecforge/rsc.h) for one XMAP step of STEPS
// trellis steps (2: radix 4, 1: radix 2), the Verilog twin of the tables T of
// cmodel/src/turbo/xmap_fixed.c. No logic. NB = 2^STEPS branches leave each state; branch
// k = NB*s + b leaves state s with inputs b (first input in bit 0) and has branch metric
// gamma_i[g] with g = b | z << STEPS (z: its parity bits, first in bit 0; fg_xmap_branch).
//   FWD 0 (beta, LLRs): slot k is branch k; m_o gets the metric of its next state.
//   FWD 1 (alpha):      slot NB*t + i is the i-th branch into state t, in increasing k;
//                       m_o gets the metric of its start state.
// gamma_o gets each slot's branch metric. Buses: element e at [e*W+:W], in the C index order.
`default_nettype none
module fg_xmap_route #(
    parameter integer STEPS = 2,
    parameter integer FWD   = 0,
    parameter integer W_M   = 10,
    parameter integer W_G   = 9
) (
    input  wire [8*W_M-1:0]              m_i,
    input  wire [(1<<2*STEPS)*W_G-1:0]   gamma_i,
    output wire [8*(1<<STEPS)*W_M-1:0]   m_o,
    output wire [8*(1<<STEPS)*W_G-1:0]   gamma_o
);
  localparam integer NB = 1 << STEPS;

  // rsc.h: in state s = 4 r1 + 2 r2 + r3 input u feeds a = u ^ r2 ^ r3, the next state is
  // 4 a + 2 r1 + r2 and the parity z = a ^ r1 ^ r3. ret 0: the next state after the STEPS inputs
  // of b; ret 1: the branch-metric index g.
  function integer walk(input integer s, input integer b, input integer ret);
    integer j, x, a, z;
    begin
      x = s;
      z = 0;
      for (j = 0; j < STEPS; j = j + 1) begin
        a = ((b >> j) ^ (x >> 1) ^ x) & 1;
        z = z | (((a ^ (x >> 2) ^ x) & 1) << j);
        x = 4 * a + x / 2;
      end
      walk = ret == 0 ? x : b | (z << STEPS);
    end
  endfunction

  // The branch k of the i-th branch into state t (increasing k, the order make_tables fills).
  function integer pred(input integer t, input integer i);
    integer k, n;
    begin
      pred = 0;
      n = 0;
      for (k = 0; k < 8 * NB; k = k + 1)
        if (walk(k / NB, k % NB, 0) == t) begin
          if (n == i) pred = k;
          n = n + 1;
        end
    end
  endfunction

  genvar e;
  generate
    for (e = 0; e < 8 * NB; e = e + 1) begin : g_slot
      localparam integer K = FWD != 0 ? pred(e / NB, e % NB) : e;  // the branch in this slot
      localparam integer M = FWD != 0 ? K / NB : walk(K / NB, K % NB, 0);
      localparam integer G = walk(K / NB, K % NB, 1);
      assign m_o[e*W_M+:W_M] = m_i[M*W_M+:W_M];
      assign gamma_o[e*W_G+:W_G] = gamma_i[G*W_G+:W_G];
    end
  endgenerate
endmodule
`default_nettype wire
