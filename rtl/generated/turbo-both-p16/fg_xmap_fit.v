// Copied from rtl/lib/fg_xmap_fit.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_fit: a signed value known to fit in WO bits, moved from a WI-bit bus to WO bits: sign
// extension (fg_sext) when WO >= WI, else its low WO bits (fg_wrap, exact for a value that fits).
// The XMAP units use it where fg_xmap_fmt_check's bounds guarantee the fit whatever the widths of
// a format, e.g. a branch metric (|gamma| <= 2 D1) entering a state-metric adder when w_bm > w_sm.
`default_nettype none
module fg_xmap_fit #(
    parameter integer WI = 9,
    parameter integer WO = 10
) (
    input  wire signed [WI-1:0] x_i,
    output wire signed [WO-1:0] y_o
);
  generate
    if (WO >= WI) begin : g_ext
      fg_sext #(.WI(WI), .WO(WO)) u_ext (.x_i(x_i), .y_o(y_o));
    end else begin : g_cut
      fg_wrap #(.WI(WI), .W(WO)) u_cut (.x_i(x_i), .y_o(y_o));
    end
  endgenerate
endmodule
`default_nettype wire
