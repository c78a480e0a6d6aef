// Copied from rtl/lib/fg_xmap_gamma4.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_gamma4: the 16 branch metrics of a radix-4 step, the Verilog twin of fg_xmap_gamma4() in
// fecforge/turbo_fixed.h: each trellis step j's 4 values t_j (fg_xmap_gamma2, as the C's t[j]),
// then gamma_o[g] = t_0[u0 | z0 << 1] + t_1[u1 | z1 << 1] in W_BM bits (fg_sat_add) for
// g = u0 | u1 << 1 | z0 << 2 | z1 << 3. Step j's sys/par/apr at [j*W+:W].
`default_nettype none
module fg_xmap_gamma4 #(
    parameter integer W_CH  = 5,
    parameter integer W_EXT = 6,
    parameter integer W_BM  = 9
) (
    input  wire [2*W_CH-1:0]  sys_i,
    input  wire [2*W_CH-1:0]  par_i,
    input  wire [2*W_EXT-1:0] apr_i,
    output wire [16*W_BM-1:0] gamma_o
);
  wire [4*W_BM-1:0] t0, t1;
  fg_xmap_gamma2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_t0 (
      .sys_i  (sys_i[0+:W_CH]),
      .par_i  (par_i[0+:W_CH]),
      .apr_i  (apr_i[0+:W_EXT]),
      .gamma_o(t0)
  );
  fg_xmap_gamma2 #(.W_CH(W_CH), .W_EXT(W_EXT), .W_BM(W_BM)) u_t1 (
      .sys_i  (sys_i[W_CH+:W_CH]),
      .par_i  (par_i[W_CH+:W_CH]),
      .apr_i  (apr_i[W_EXT+:W_EXT]),
      .gamma_o(t1)
  );
  genvar g;
  generate
    for (g = 0; g < 16; g = g + 1) begin : g_g
      localparam integer I0 = (g & 1) | ((g >> 1) & 2);         // u0 | z0 << 1
      localparam integer I1 = ((g >> 1) & 1) | ((g >> 2) & 2);  // u1 | z1 << 1
      fg_sat_add #(.W(W_BM)) u_add (.a_i(t0[I0*W_BM+:W_BM]), .b_i(t1[I1*W_BM+:W_BM]), .y_o(gamma_o[g*W_BM+:W_BM]));
    end
  endgenerate
endmodule
`default_nettype wire
