// Copied from rtl/lib/fg_scale.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_scale: scale by NUM / 2^SHIFT as (NUM*x) >>> SHIFT (arithmetic shift: floor), the Verilog twin
// of fg_fx_scale(x, NUM, SHIFT) in fixed.h. NUM in [1, 2^SHIFT] gives |y| <= |x| for every W-bit x,
// so the result needs no saturation. NUM = 3, SHIFT = 2 is fg_scale075.
`default_nettype none
module fg_scale #(
    parameter integer W     = 6,
    parameter integer NUM   = 3,
    parameter integer SHIFT = 2
) (
    input  wire signed [W-1:0] x_i,
    output wire signed [W-1:0] y_o
);
  localparam integer WP = W + SHIFT + 1;  // |NUM*x| <= 2^SHIFT * 2^(W-1): fits W+SHIFT+1 signed bits
  wire signed [WP-1:0] xe = {{(SHIFT + 1) {x_i[W-1]}}, x_i};
  wire signed [WP-1:0] nume = NUM[WP-1:0];
  wire signed [WP-1:0] p = xe * nume;
  wire signed [WP-1:0] sh = p >>> SHIFT;
  // The bits above W are sign copies (|y| <= |x|); naming them unused_* documents that.
  wire [WP-W-1:0] unused_hi = sh[WP-1:W];
  assign y_o = sh[W-1:0];
endmodule
`default_nettype wire
