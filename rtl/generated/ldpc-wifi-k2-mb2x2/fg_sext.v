// Copied from rtl/lib/fg_sext.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_sext: sign extension of a WI-bit two's-complement value to WO >= WI bits.
`default_nettype none
module fg_sext #(
    parameter integer WI = 6,
    parameter integer WO = 8
) (
    input  wire [WI-1:0] x_i,
    output wire [WO-1:0] y_o
);
  generate
    if (WO > WI) begin : g_ext
      assign y_o = {{(WO - WI) {x_i[WI-1]}}, x_i};
    end else begin : g_same
      assign y_o = x_i;
    end
  endgenerate
endmodule
`default_nettype wire
