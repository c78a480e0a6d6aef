// Copied from rtl/lib/fg_scale_rnd.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_scale_rnd: scale by NUM / 2^SHIFT rounded to nearest, halves up:
// (NUM*x + 2^(SHIFT-1)) >>> SHIFT (no rounding constant when SHIFT = 0), the Verilog twin of
// fg_fx_scale_rnd(x, NUM, SHIFT) in fixed.h. NUM in [1, 2^SHIFT]: the result fits W bits for every
// W-bit x (it lies between x and 0, or is 0 for small negative x).
`default_nettype none
module fg_scale_rnd #(
    parameter integer W     = 6,
    parameter integer NUM   = 3,
    parameter integer SHIFT = 2
) (
    input  wire signed [W-1:0] x_i,
    output wire signed [W-1:0] y_o
);
  localparam integer WP = W + SHIFT + 2;  // NUM*x + 2^(SHIFT-1) fits W+SHIFT+2 signed bits
  localparam integer HALF = SHIFT > 0 ? (1 << (SHIFT - 1)) : 0;
  wire signed [WP-1:0] xe = {{(SHIFT + 2) {x_i[W-1]}}, x_i};
  wire signed [WP-1:0] nume = NUM[WP-1:0];
  wire signed [WP-1:0] halfe = HALF[WP-1:0];
  wire signed [WP-1:0] p = xe * nume + halfe;
  wire signed [WP-1:0] sh = p >>> SHIFT;
  // The bits above W are sign copies (the result fits W bits); naming them unused_* documents that.
  wire [WP-W-1:0] unused_hi = sh[WP-1:W];
  assign y_o = sh[W-1:0];
endmodule
`default_nettype wire
