// Copied from rtl/lib/fg_xmap_norm.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_norm: normalisation of a vector of 8 state metrics, the Verilog twin of
// fg_xmap_normalize() in fecforge/turbo_fixed.h. State s at bits [s*W+:W] of each bus.
//   NORM 0 (modulo):   m_o(s) = the low W_SM bits of m_i(s) (fg_wrap; no logic when W_I = W_SM).
//   NORM 1 (subtract): m_o(s) = sat_{W_SM}(m_i(s) - m_i(0)).
// W_I >= W_SM: the input width (W_SM + 1 after an ACS in subtract mode, W_SM otherwise). Any W_I-bit
// values, like the C function.
`default_nettype none
module fg_xmap_norm #(
    parameter integer W_I  = 10,
    parameter integer W_SM = 10,
    parameter integer NORM = 0
) (
    input  wire [8*W_I-1:0]  m_i,
    output wire [8*W_SM-1:0] m_o
);
  genvar s;
  generate
    for (s = 0; s < 8; s = s + 1) begin : g_s
      if (NORM == 0) begin : g_mod
        fg_wrap #(.WI(W_I), .W(W_SM)) u_wrap (.x_i(m_i[s*W_I+:W_I]), .y_o(m_o[s*W_SM+:W_SM]));
      end else begin : g_sub
        // The C subtracts once and saturates to w_sm; sat_{W_SM}(sat_{W_I}(d)) = sat_{W_SM}(d).
        wire signed [W_I-1:0] d;
        fg_sat_sub #(.W(W_I)) u_sub (.a_i(m_i[s*W_I+:W_I]), .b_i(m_i[0+:W_I]), .y_o(d));
        fg_sat #(.WI(W_I), .W(W_SM)) u_sat (.x_i(d), .y_o(m_o[s*W_SM+:W_SM]));
      end
    end
  endgenerate
endmodule
`default_nettype wire
