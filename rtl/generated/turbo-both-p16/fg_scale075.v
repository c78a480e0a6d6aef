// Copied from rtl/lib/fg_scale075.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_scale075: scale by 0.75 as (3*x) >>> 2 (arithmetic shift: floor), the Verilog twin of
// fg_fx_scale075() in fixed.h. |y| <= |x| for every W-bit x, so the result needs no saturation.
`default_nettype none
module fg_scale075 #(
    parameter integer W = 6
) (
    input  wire signed [W-1:0] x_i,
    output wire signed [W-1:0] y_o
);
  wire signed [W+1:0] xe = $signed({{2{x_i[W-1]}}, x_i});
  wire signed [W+1:0] x3 = (xe <<< 1) + xe;  // exact: |3x| < 2^(W+1)
  // The shift drops the two fraction bits; naming them unused_* documents that (Verilator's
  // default --unused-regexp), no lint waiver involved.
  wire [1:0] unused_frac = x3[1:0];
  assign y_o = x3[W+1:2];
endmodule
`default_nettype wire
