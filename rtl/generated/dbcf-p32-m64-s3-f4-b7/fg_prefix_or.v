// Copied from rtl/lib/fg_prefix_or.v by fecforge gen 0.1.0 (git 5b5de11c83bd). Do not edit.
// fg_prefix_or: exclusive prefix OR, y_o[i] = |x_i[i-1:0] (y_o[0] = 0): "a request before slot i".
// A Brent-Kung network (about 2N two-input ORs, 2 log2(N) - 1 levels; the carry tree of Yosys's $lcu).
`default_nettype none
module fg_prefix_or #(
    parameter integer N = 8
) (
    input  wire [N-1:0] x_i,
    output wire [N-1:0] y_o
);
  localparam integer L = (N > 1) ? $clog2(N) : 1;  // tree levels

  // The bits that step t (1..2L-1) updates: up the tree (t <= L, span 2^t) bit j = 2^t - 1 (mod 2^t)
  // takes in bit j - 2^(t-1); down the tree (span 2^k, k = 2L - t) bit j = 2^k + 2^(k-1) - 1 (mod 2^k,
  // j >= 2^k) takes in bit j - 2^(k-1).
  function [(2*L-1)*N-1:0] step_masks(input integer levels);
    integer st, sk, sj;
    begin
      step_masks = {(2 * L - 1) * N{1'b0}};
      for (st = 1; st < 2 * levels; st = st + 1)
        for (sj = 0; sj < N; sj = sj + 1)
          if (st <= levels) begin
            step_masks[(st-1)*N+sj] = (sj % (1 << st)) == (1 << st) - 1;
          end else begin
            sk = 2 * levels - st;
            step_masks[(st-1)*N+sj] = sj >= (1 << sk) + (1 << (sk - 1)) - 1 && (sj + 1 - (1 << (sk - 1))) % (1 << sk) == 0;
          end
    end
  endfunction
  localparam [(2*L-1)*N-1:0] MASKS = step_masks(L);

  // One vector step per level (a simulator evaluates each as a few word operations; synthesis
  // keeps only the ORs that MASKS selects): p = p | ((p << distance) & MASK).
  reg [N-1:0] p;
  integer t;
  always @* begin
    p = x_i;
    for (t = 1; t < 2 * L; t = t + 1)
      p = p | ((p << ((t <= L) ? (1 << (t - 1)) : (1 << (2 * L - t - 1)))) & MASKS[(t-1)*N+:N]);
  end
  generate
    if (N > 1) begin : g_out
      assign y_o = {p[N-2:0], 1'b0};
      wire unused_top = p[N-1];
    end else begin : g_one
      assign y_o = 1'b0;
      wire unused_x = p[0];
    end
  endgenerate
endmodule
`default_nettype wire
