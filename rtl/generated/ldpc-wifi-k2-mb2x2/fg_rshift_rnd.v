// Copied from rtl/lib/fg_rshift_rnd.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_rshift_rnd: shift right by S rounding to nearest, halves away from zero (symmetric):
// sign(x) * ((|x| + 2^(S-1)) >> S), S = 0 passes x through. The Verilog twin of
// fg_fx_rshift_rnd(x, S) in fixed.h, S in [0, W]. The result fits W bits for every W-bit x.
`default_nettype none
module fg_rshift_rnd #(
    parameter integer W = 6,
    parameter integer S = 1
) (
    input  wire signed [W-1:0] x_i,
    output wire signed [W-1:0] y_o
);
  generate
    if (S == 0) begin : g_pass
      assign y_o = x_i;
    end else begin : g_round
      wire neg = x_i[W-1];
      wire [W:0] xe = {x_i[W-1], x_i};
      wire [W:0] mag = neg ? (~xe + 1'b1) : xe;  // |x| in W+1 bits (|-2^(W-1)| included)
      wire [W:0] half = {{W{1'b0}}, 1'b1} << (S - 1);
      wire [W:0] sum = mag + half;  // < 2^W: no overflow
      wire [W:0] m = sum >> S;
      wire [W:0] y = neg ? (~m + 1'b1) : m;
      // The top bit is a sign copy (|y| <= 2^(W-2) for S >= 1); naming it unused_* documents that.
      wire unused_top = y[W];
      assign y_o = y[W-1:0];
    end
  endgenerate
endmodule
`default_nettype wire
