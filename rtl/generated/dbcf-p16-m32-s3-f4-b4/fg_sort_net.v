// Copied from rtl/lib/fg_sort_net.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
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

  // Words and return bits at the pass boundaries: position i of boundary s (0: inputs, PASSES:
  // outputs) is element s*N + i. Arrays of nets rather than one vector per pass (see fg_route_shift).
  wire [EW-1:0] w [0:(PASSES+1)*N-1] /*verilator split_var*/;
  wire rt [0:(PASSES+1)*N-1] /*verilator split_var*/;
  genvar s, i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_io
      assign w[i] = x_i[i*EW+:EW];
      assign y_o[i*EW+:EW] = w[PASSES*N+i];
      assign ret_o[i] = rt[i];
      assign rt[PASSES*N+i] = ret_i[i];
    end
  endgenerate

  generate
    for (s = 0; s < PASSES; s = s + 1) begin : g_pass
      for (i = 0; i < N; i = i + 1) begin : g_pos
        localparam integer PT = partner(N, T, s, i);
        localparam integer X = s * N, Y = (s + 1) * N;  // word index of the boundary before / after
        if (PT > i) begin : g_ce
          fg_sort_ce #(.KW(KW), .PW(PW)) u_ce (
              .a_i(w[X+i]), .b_i(w[X+PT]), .lo_o(w[Y+i]), .hi_o(w[Y+PT]), .rlo_i(rt[Y+i]),
              .rhi_i(rt[Y+PT]), .ra_o(rt[X+i]), .rb_o(rt[X+PT]));
        end else if (PT == i) begin : g_pass_through
          assign w[Y+i] = w[X+i];
          assign rt[X+i] = rt[Y+i];
        end
      end
    end
  endgenerate
endmodule
`default_nettype wire
