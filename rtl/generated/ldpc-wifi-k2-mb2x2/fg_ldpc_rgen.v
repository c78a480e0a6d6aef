// Copied from rtl/lib/fg_ldpc_rgen.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_ldpc_rgen: the R generator of the MB-serial LDPC decoder (R-Gen / R'-Gen, thesis 3.8): the
// check-to-variable message of one edge from the compressed check-node state, the twin of r_value
// in cmodel/src/ldpc_arch/ldpc_arch.c: m = sel1 ? min1 : min0 (sel1: the edge is the minimum's
// position), s = fg_scale(m) (ROUND 0) or fg_scale_rnd(m) (ROUND 1) by NUM / 2^SHIFT, then with
// SATLATE saturated to RW bits (fg_sat), and negated when neg_i (sign product of the other edges).
// Magnitudes are MW-bit unsigned: MW = RW - 1 when SATLATE is 0.
`default_nettype none
module fg_ldpc_rgen #(
    parameter integer MW      = 6,
    parameter integer RW      = 6,
    parameter integer NUM     = 3,
    parameter integer SHIFT   = 2,
    parameter integer ROUND   = 1,
    parameter integer SATLATE = 1
) (
    input  wire [MW-1:0]        min0_i,
    input  wire [MW-1:0]        min1_i,
    input  wire                 sel1_i,
    input  wire                 neg_i,
    output wire signed [RW-1:0] r_o
);
  wire [MW-1:0] m = sel1_i ? min1_i : min0_i;
  wire signed [MW:0] ms = {1'b0, m};
  wire signed [MW:0] sc;
  wire signed [RW-1:0] mag;
  generate
    if (ROUND != 0) begin : g_rnd
      fg_scale_rnd #(.W(MW + 1), .NUM(NUM), .SHIFT(SHIFT)) u_scale (.x_i(ms), .y_o(sc));
    end else begin : g_floor
      fg_scale #(.W(MW + 1), .NUM(NUM), .SHIFT(SHIFT)) u_scale (.x_i(ms), .y_o(sc));
    end
    if (SATLATE != 0) begin : g_sat
      fg_sat #(.WI(MW + 1), .W(RW)) u_sat (.x_i(sc), .y_o(mag));
    end else begin : g_nosat
      assign mag = sc;
    end
  endgenerate
  assign r_o = neg_i ? -mag : mag;
endmodule
`default_nettype wire
