// Copied from rtl/lib/fg_mulmod.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_mulmod: (a * b) mod c for unsigned a, b < c <= 2^N, the Verilog twin of fg_iag_mulmod()
// (cmodel/include/fecforge/iag.h), the kernel of the HSPA+ IAG. Combinational reference: N
// unrolled stages of interleaved modular multiplication, MSB of b first:
//   r = 2r mod c;  r = (r + (b[i] ? a : 0)) mod c
// Each "mod c" is one compare-subtract because both sums stay below 2c. No product or divider
// wider than N+1 bits. Operands outside a, b < c give an unspecified result.
`default_nettype none
module fg_mulmod #(
    parameter integer N = 9
) (
    input  wire [N-1:0] a_i,
    input  wire [N-1:0] b_i,
    input  wire [N:0]   c_i,
    output wire [N-1:0] y_o
);
  genvar k;
  generate
    for (k = 0; k < N; k = k + 1) begin : g_stage
      wire [N-1:0] r;  // partial result after the top k+1 bits of b
      wire [N:0] t;    // 2r of the previous stage, < 2c
      if (k == 0) begin : g_first
        assign t = {(N + 1) {1'b0}};
      end else begin : g_next
        assign t = {g_stage[k-1].r, 1'b0};
      end
      // A value below 2c reduced by one compare-subtract; the result < c <= 2^N fits N bits.
      wire [N-1:0] t_red = (t >= c_i) ? t[N-1:0] - c_i[N-1:0] : t[N-1:0];
      wire [N:0] u = {1'b0, t_red} + {1'b0, b_i[N-1-k] ? a_i : {N{1'b0}}};  // < 2c
      assign r = (u >= c_i) ? u[N-1:0] - c_i[N-1:0] : u[N-1:0];
    end
  endgenerate
  assign y_o = g_stage[N-1].r;
endmodule
`default_nettype wire
