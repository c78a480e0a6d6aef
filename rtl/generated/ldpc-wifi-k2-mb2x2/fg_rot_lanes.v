// Copied from rtl/lib/fg_rot_lanes.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_rot_lanes: cyclic rotation of the first z of ZMAX lanes (the QC-LDPC permuter for any shift
// and any Z up to ZMAX): y lane i = x lane (i + s) mod z for i < z, 0 for i >= z. Lanes of x at or
// above z are ignored. z_i in [1, ZMAX], s_i in [0, z_i). Two lane-granular log shifters (one
// 2:1 multiplexer stage per bit of z_i and s_i): the masked vector is doubled at lane z
// (x | x << z lanes), then shifted right by s lanes.
// The inverse permutation (lane i = x lane (i - s) mod z) is a rotation by (z - s) mod z.
`default_nettype none
module fg_rot_lanes #(
    parameter integer ZMAX = 8,
    parameter integer W    = 1,
    parameter integer ZW   = 4   // bits of z_i and s_i: 2^ZW > ZMAX
) (
    input  wire [ZW-1:0]     z_i,
    input  wire [ZW-1:0]     s_i,
    input  wire [ZMAX*W-1:0] x_i,
    output wire [ZMAX*W-1:0] y_o
);
  localparam integer DW = 2 * ZMAX * W;

  // Log shifters by whole lanes: stage k shifts by 2^k lanes when bit k of the amount is set.
  function [DW-1:0] shl_lanes(input [DW-1:0] x, input [ZW-1:0] n);
    integer k;
    begin
      shl_lanes = x;
      for (k = 0; k < ZW; k = k + 1)
        if (n[k]) shl_lanes = shl_lanes << ((1 << k) * W);
    end
  endfunction
  function [DW-1:0] shr_lanes(input [DW-1:0] x, input [ZW-1:0] n);
    integer k;
    begin
      shr_lanes = x;
      for (k = 0; k < ZW; k = k + 1)
        if (n[k]) shr_lanes = shr_lanes >> ((1 << k) * W);
    end
  endfunction

  wire [ZMAX*W-1:0] mask;
  genvar i;
  generate
    for (i = 0; i < ZMAX; i = i + 1) begin : g_mask
      assign mask[i*W+:W] = (i < z_i) ? {W{1'b1}} : {W{1'b0}};
    end
  endgenerate
  wire [DW-1:0] xm = {{(ZMAX * W) {1'b0}}, x_i & mask};
  wire [DW-1:0] r = shr_lanes(xm | shl_lanes(xm, z_i), s_i);
  wire [ZMAX*W-1:0] unused_hi = r[DW-1:ZMAX*W];
  assign y_o = r[ZMAX*W-1:0] & mask;
endmodule
`default_nettype wire
