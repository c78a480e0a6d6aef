// Copied from rtl/lib/fg_addmod.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_addmod: (a + b) mod c for unsigned a, b < c <= 2^N: an adder and a compare-subtract, the
// Verilog twin of fg_iag_addmod() (cmodel/src/iag/iag_internal.h). Combinational. Operands
// outside a, b < c give an unspecified result.
`default_nettype none
module fg_addmod #(
    parameter integer N = 9
) (
    input  wire [N-1:0] a_i,
    input  wire [N-1:0] b_i,
    input  wire [N:0]   c_i,
    output wire [N-1:0] y_o
);
  wire [N:0] s = {1'b0, a_i} + {1'b0, b_i};  // < 2c <= 2^(N+1): no overflow
  // s - c < c <= 2^N fits N bits, so the low N bits of the difference are exact.
  assign y_o = (s >= c_i) ? s[N-1:0] - c_i[N-1:0] : s[N-1:0];
endmodule
`default_nettype wire
