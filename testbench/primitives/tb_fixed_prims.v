// Test top for the combinational arithmetic primitives, one Verilated model for all of them.
// Fixed-point: each primitive at every width w = 2..8. Operands and results of width w sit at bit
// offset OFF(w) = w*(w-1)/2 - 1 of 35-bit buses (2+3+...+8). fg_sat takes WI = w+3 bits from x_i at
// offset OFF(w) + 3*(w-2) of a 56-bit bus (and WI = w from a_i). The C++ harness uses the same offsets.
// fg_scale and fg_scale_rnd with NUM/2^SHIFT = 3/4 and 5/8; fg_rshift_rnd with S = 1 and 2;
// fg_rold_keep with W = WR = w. Modulo (full two's complement range): fg_mod_add, fg_mod_sub,
// fg_mod_argmax2, fg_mod_max2 on a_i/b_i; fg_wrap with WI = w+3 (from x_i, like fg_sat) and WI = w.
// Modular: fg_mulmod N=5 and N=9, fg_addmod N=6 and N=9 (N=9 shares the mm9 operands).
`default_nettype none
module tb_fixed_prims (
    input  wire [34:0] a_i,
    input  wire [34:0] b_i,
    input  wire [55:0] x_i,
    output wire [34:0] add_o,
    output wire [34:0] sub_o,
    output wire [34:0] min_o,
    output wire [34:0] max_o,
    output wire [34:0] amax_o,
    output wire [6:0]  arg_o,
    output wire [34:0] scale_o,
    output wire [34:0] sat_o,
    output wire [34:0] sateq_o,
    output wire [34:0] scl_o,
    output wire [34:0] scr_o,
    output wire [34:0] scl5_o,
    output wire [34:0] scr5_o,
    output wire [34:0] rk_o,
    output wire [34:0] rs1_o,
    output wire [34:0] rs2_o,
    output wire [34:0] madd_o,
    output wire [34:0] msub_o,
    output wire [6:0]  marg_o,
    output wire [34:0] mmax_o,
    output wire [34:0] wrap_o,
    output wire [34:0] wrapeq_o,
    input  wire [4:0]  mm5_a_i,
    input  wire [4:0]  mm5_b_i,
    input  wire [5:0]  mm5_c_i,
    output wire [4:0]  mm5_y_o,
    input  wire [8:0]  mm9_a_i,
    input  wire [8:0]  mm9_b_i,
    input  wire [9:0]  mm9_c_i,
    output wire [8:0]  mm9_y_o,
    output wire [8:0]  am9_y_o,
    input  wire [5:0]  am6_a_i,
    input  wire [5:0]  am6_b_i,
    input  wire [6:0]  am6_c_i,
    output wire [5:0]  am6_y_o
);
  genvar w;
  generate
    for (w = 2; w <= 8; w = w + 1) begin : g_w
      localparam integer OFF = w * (w - 1) / 2 - 1;
      localparam integer OFFX = OFF + 3 * (w - 2);
      fg_sat_add #(.W(w)) u_add (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(add_o[OFF+:w]));
      fg_sat_sub #(.W(w)) u_sub (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(sub_o[OFF+:w]));
      fg_min #(.W(w)) u_min (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(min_o[OFF+:w]));
      fg_max #(.W(w)) u_max (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(max_o[OFF+:w]));
      fg_argmax2 #(.W(w)) u_arg (
          .a_i  (a_i[OFF+:w]),
          .b_i  (b_i[OFF+:w]),
          .idx_o(arg_o[w-2]),
          .max_o(amax_o[OFF+:w])
      );
      fg_scale075 #(.W(w)) u_scale (.x_i(a_i[OFF+:w]), .y_o(scale_o[OFF+:w]));
      fg_sat #(.WI(w + 3), .W(w)) u_sat (.x_i(x_i[OFFX+:w+3]), .y_o(sat_o[OFF+:w]));
      fg_sat #(.WI(w), .W(w)) u_sateq (.x_i(a_i[OFF+:w]), .y_o(sateq_o[OFF+:w]));
      fg_scale #(.W(w), .NUM(3), .SHIFT(2)) u_scl (.x_i(a_i[OFF+:w]), .y_o(scl_o[OFF+:w]));
      fg_scale_rnd #(.W(w), .NUM(3), .SHIFT(2)) u_scr (.x_i(a_i[OFF+:w]), .y_o(scr_o[OFF+:w]));
      fg_scale #(.W(w), .NUM(5), .SHIFT(3)) u_scl5 (.x_i(a_i[OFF+:w]), .y_o(scl5_o[OFF+:w]));
      fg_scale_rnd #(.W(w), .NUM(5), .SHIFT(3)) u_scr5 (.x_i(a_i[OFF+:w]), .y_o(scr5_o[OFF+:w]));
      fg_rshift_rnd #(.W(w), .S(1)) u_rs1 (.x_i(a_i[OFF+:w]), .y_o(rs1_o[OFF+:w]));
      fg_rshift_rnd #(.W(w), .S(2)) u_rs2 (.x_i(a_i[OFF+:w]), .y_o(rs2_o[OFF+:w]));
      fg_rold_keep #(.W(w), .WR(w)) u_rk (.l_i(a_i[OFF+:w]), .r_i(b_i[OFF+:w]), .y_o(rk_o[OFF+:w]));
      fg_mod_add #(.W(w)) u_madd (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(madd_o[OFF+:w]));
      fg_mod_sub #(.W(w)) u_msub (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(msub_o[OFF+:w]));
      fg_mod_argmax2 #(.W(w)) u_marg (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .idx_o(marg_o[w-2]));
      fg_mod_max2 #(.W(w)) u_mmax (.a_i(a_i[OFF+:w]), .b_i(b_i[OFF+:w]), .y_o(mmax_o[OFF+:w]));
      fg_wrap #(.WI(w + 3), .W(w)) u_wrap (.x_i(x_i[OFFX+:w+3]), .y_o(wrap_o[OFF+:w]));
      fg_wrap #(.WI(w), .W(w)) u_wrapeq (.x_i(a_i[OFF+:w]), .y_o(wrapeq_o[OFF+:w]));
    end
  endgenerate
  fg_mulmod #(.N(5)) u_mm5 (.a_i(mm5_a_i), .b_i(mm5_b_i), .c_i(mm5_c_i), .y_o(mm5_y_o));
  fg_mulmod #(.N(9)) u_mm9 (.a_i(mm9_a_i), .b_i(mm9_b_i), .c_i(mm9_c_i), .y_o(mm9_y_o));
  fg_addmod #(.N(9)) u_am9 (.a_i(mm9_a_i), .b_i(mm9_b_i), .c_i(mm9_c_i), .y_o(am9_y_o));
  fg_addmod #(.N(6)) u_am6 (.a_i(am6_a_i), .b_i(am6_b_i), .c_i(am6_c_i), .y_o(am6_y_o));
endmodule
`default_nettype wire
