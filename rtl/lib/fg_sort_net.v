// fg_sort_net: sorts N words {key, payload} by key, ascending (lowest key at position 0), with
// Batcher's merge exchange (Knuth, TAOCP vol. 3, 5.2.2 Algorithm M): t(t+1)/2 passes of disjoint
// compare-exchanges (fg_sort_ce), t = ceil(log2 N), for any N (N = 64: 21 passes, 543 elements).
// Keys must be unique (the network is not stable). The return path takes one bit per output
// position back to the input position of the word that landed there (the same exchanges, reversed).
`default_nettype none
module fg_sort_net #(
    parameter integer N  = 8,  // words, >= 2
    parameter integer KW = 8,  // key bits (top of each word)
    parameter integer PW = 8   // payload bits
) (
    input  wire [N*(KW+PW)-1:0] x_i,
    output wire [N*(KW+PW)-1:0] y_o,
    input  wire [        N-1:0] ret_i,  // per output position
    output wire [        N-1:0] ret_o   // per input position
);
  localparam integer EW = KW + PW;
  localparam integer T = $clog2(N);
  localparam integer PASSES = T * (T + 1) / 2;

  // Partner of position pos in pass `pass` (pos itself when it is not compared in that pass).
  // Algorithm M: for p = 2^(t-1), ..., 1: one pass with d = p, r = 0, then passes with d = q - p,
  // r = p for q = 2^(t-1), ..., 2p; a pass compares (i, i + d) for every i < n - d with i & p == r.
  function integer partner(input integer n, input integer t, input integer pass, input integer pos);
    integer p, q, d, r, k;
    begin
      partner = pos;
      k = 0;
      for (p = 1 << (t - 1); p > 0; p = p >> 1) begin
        for (q = 1 << t; q > p; q = q >> 1) begin  // q = 2^t: the first pass of the round
          d = (q == (1 << t)) ? p : q - p;
          r = (q == (1 << t)) ? 0 : p;
          if (k == pass) begin
            if (pos + d < n && (pos & p) == r) partner = pos + d;
            else if (pos - d >= 0 && ((pos - d) & p) == r) partner = pos - d;
          end
          k = k + 1;
        end
      end
    end
  endfunction

  genvar s, i;
  generate
    for (s = 0; s < PASSES; s = s + 1) begin : g_pass
      wire [N*EW-1:0] x, y;  // words before and after the pass
      wire [N-1:0] r, rb;    // return bits before and after the pass
      if (s == 0) begin : g_first
        assign x = x_i;
        assign ret_o = r;
      end else begin : g_next
        assign x = g_pass[s-1].y;
      end
      if (s == PASSES - 1) begin : g_last
        assign y_o = y;
        assign rb = ret_i;
      end else begin : g_inner
        assign rb = g_pass[s+1].r;
      end
      for (i = 0; i < N; i = i + 1) begin : g_pos
        localparam integer PT = partner(N, T, s, i);
        if (PT > i) begin : g_ce
          fg_sort_ce #(.KW(KW), .PW(PW)) u_ce (
              .a_i(x[i*EW+:EW]), .b_i(x[PT*EW+:EW]), .lo_o(y[i*EW+:EW]), .hi_o(y[PT*EW+:EW]),
              .rlo_i(rb[i]), .rhi_i(rb[PT]), .ra_o(r[i]), .rb_o(r[PT]));
        end else if (PT == i) begin : g_pass_through
          assign y[i*EW+:EW] = x[i*EW+:EW];
          assign r[i] = rb[i];
        end
      end
    end
  endgenerate
endmodule
`default_nettype wire
