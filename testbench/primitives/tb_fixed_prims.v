// Test top for the fixed-point primitives: each primitive at every width w = 2..8. Operands and
// results of width w sit at bit offset OFF(w) = w*(w-1)/2 - 1 of 35-bit buses (2+3+...+8), so one
// Verilated model covers all widths; the C++ harness uses the same offsets.
`default_nettype none
module tb_fixed_prims (
    input  wire [34:0] a_i,
    input  wire [34:0] b_i,
    output wire [34:0] add_o
);
  genvar w;
  generate
    for (w = 2; w <= 8; w = w + 1) begin : g_w
      localparam integer OFF = w * (w - 1) / 2 - 1;
      fg_sat_add #(.W(w)) u_add (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(add_o[OFF+:w]));
    end
  endgenerate
endmodule
`default_nettype wire
