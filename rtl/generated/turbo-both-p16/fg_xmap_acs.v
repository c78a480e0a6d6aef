// Copied from rtl/lib/fg_xmap_acs.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_acs: one step of the alpha or beta recursion of an XMAP (add-compare-select over the
// NB = 2^STEPS branches of each state, then normalisation), the common body of fg_xmap_alpha4
// (STEPS 2, FWD 1), fg_xmap_beta4 (STEPS 2, FWD 0) and fg_xmap_beta2 (STEPS 1, FWD 0); the
// Verilog twin of alpha4_impl(), beta4_impl() and fg_xmap_beta2() in cmodel/src/turbo/xmap_fixed.c.
// Output metric of state s (FWD 0) or t (FWD 1), with the branches in fg_xmap_route's slot order:
//   c_i = m_i(other end of branch i) + gamma(branch i)     fg_xmap_add, w_sm (+1 when subtract)
//   out = max(...max(max(c_0, c_1), c_2)..., c_{NB-1})     fg_xmap_max, a tie keeps the lower i
// then fg_xmap_norm. gamma_i: 4^STEPS branch metrics of W_BM bits (index u | z << STEPS).
`default_nettype none
module fg_xmap_acs #(
    parameter integer STEPS = 2,
    parameter integer FWD   = 0,
    parameter integer W_BM  = 9,
    parameter integer W_SM  = 10,
    parameter integer NORM  = 0
) (
    input  wire [8*W_SM-1:0]              m_i,
    input  wire [(1<<2*STEPS)*W_BM-1:0]   gamma_i,
    output wire [8*W_SM-1:0]              m_o
);
  localparam integer NB = 1 << STEPS;
  localparam integer WC = W_SM + NORM;  // candidates: subtract forms them exactly in w_sm + 1 bits

  wire [8*NB*W_SM-1:0] rm;
  wire [8*NB*W_BM-1:0] rg;
  fg_xmap_route #(.STEPS(STEPS), .FWD(FWD), .W_M(W_SM), .W_G(W_BM)) u_route (
      .m_i    (m_i),
      .gamma_i(gamma_i),
      .m_o    (rm),
      .gamma_o(rg)
  );

  wire [8*NB*WC-1:0] c;  // candidates, slot order
  wire [8*NB*WC-1:0] x;  // x(NB s + i): running maximum of the candidates 0..i of state s
  wire [8*WC-1:0] best;
  genvar e, s;
  generate
    for (e = 0; e < 8 * NB; e = e + 1) begin : g_c
      fg_xmap_add #(.WA(W_SM), .WB(W_BM), .W(WC), .NORM(NORM)) u_add (
          .a_i(rm[e*W_SM+:W_SM]),
          .b_i(rg[e*W_BM+:W_BM]),
          .y_o(c[e*WC+:WC])
      );
      if (e % NB == 0) begin : g_first
        assign x[e*WC+:WC] = c[e*WC+:WC];
      end else begin : g_cs
        fg_xmap_max #(.W(WC), .NORM(NORM)) u_max (.a_i(x[(e-1)*WC+:WC]), .b_i(c[e*WC+:WC]), .y_o(x[e*WC+:WC]));
      end
    end
    for (s = 0; s < 8; s = s + 1) begin : g_best
      assign best[s*WC+:WC] = x[(NB*s+NB-1)*WC+:WC];
    end
  endgenerate
  fg_xmap_norm #(.W_I(WC), .W_SM(W_SM), .NORM(NORM)) u_norm (.m_i(best), .m_o(m_o));
endmodule
`default_nettype wire
