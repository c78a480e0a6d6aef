// Copied from rtl/lib/fg_rold_keep.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_rold_keep: R_old as a layered LDPC decoder subtracts it from a W-bit APP value l: 0 when l is
// saturated (l = +-(2^(W-1)-1)) and r has the same sign as l, r otherwise. The Verilog twin of
// fg_fx_rold_keep(l, r, W) in fixed.h; r is WR bits wide.
`default_nettype none
module fg_rold_keep #(
    parameter integer W  = 7,
    parameter integer WR = 6
) (
    input  wire signed [W-1:0]  l_i,
    input  wire signed [WR-1:0] r_i,
    output wire signed [WR-1:0] y_o
);
  localparam signed [W-1:0] LMAX = {1'b0, {(W - 1) {1'b1}}};
  wire l_pos_sat = (l_i == LMAX);
  wire l_neg_sat = (l_i == -LMAX);
  wire r_pos = !r_i[WR-1] && (r_i != {WR{1'b0}});
  wire r_neg = r_i[WR-1];
  assign y_o = ((l_pos_sat && r_pos) || (l_neg_sat && r_neg)) ? {WR{1'b0}} : r_i;
endmodule
`default_nettype wire
