// Copied from rtl/lib/fg_rotate.v by fecforge gen 0.1.0 (git 5b5de11c83bd). Do not edit.
// fg_rotate: R rows of N bits (row r at x_i[r*N +: N]), each rotated by s_i < N places:
// y row r bit i = x row r bit (i + s_i) mod N, or with BACK = 1 bit (i - s_i) mod N (the inverse).
// A log shifter: stage j rotates by 2^j (< N, so no stage needs a modulo) when s_i[j] is set, one
// 2:1 multiplexer per bit and stage; N need not be a power of 2. Each row is one vector updated in
// place, so a simulator rotates it with word operations.
`default_nettype none
module fg_rotate #(
    parameter integer N    = 8,
    parameter integer R    = 1,
    parameter integer SW   = 3,  // bits of s_i: 2^(SW-1) < N <= 2^SW
    parameter integer BACK = 0
) (
    input  wire [  SW-1:0] s_i,
    input  wire [R*N-1:0] x_i,
    output reg  [R*N-1:0] y_o
);
  // Stage j of a row: v = s_i[j] ? v rotated right by A_j : v (A_j = 2^j, or N - 2^j with BACK).
  reg [N-1:0] v;
  integer r, j;
  always @* begin
    for (r = 0; r < R; r = r + 1) begin
      v = x_i[r*N+:N];
      for (j = 0; j < SW; j = j + 1)
        if (s_i[j])
          v = (v >> ((BACK != 0) ? N - (1 << j) : (1 << j))) | (v << ((BACK != 0) ? (1 << j) : N - (1 << j)));
      y_o[r*N+:N] = v;
    end
  end
endmodule
`default_nettype wire
