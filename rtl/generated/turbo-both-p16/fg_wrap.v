// Copied from rtl/lib/fg_wrap.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_wrap: x mod 2^W as a signed W-bit value (the low W bits of x, read as two's complement), the
// Verilog twin of fg_fx_wrap() in fixed.h. Any WI-bit input, WI >= W; the result covers the full
// range [-2^(W-1), 2^(W-1)-1] (modulo arithmetic, docs/arithmetic.md): no saturation.
`default_nettype none
module fg_wrap #(
    parameter integer WI = 12,
    parameter integer W  = 10
) (
    input  wire signed [WI-1:0] x_i,
    output wire signed [W-1:0]  y_o
);
  assign y_o = x_i[W-1:0];
  // The dropped high bits are named unused_* (Verilator's default --unused-regexp): no waiver.
  generate
    if (WI > W) begin : g_drop
      wire [WI-W-1:0] unused_hi = x_i[WI-1:W];
    end
  endgenerate
endmodule
`default_nettype wire
