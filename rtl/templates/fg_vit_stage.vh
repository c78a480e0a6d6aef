`define TOP fg_vit_stage
`define PORTS \
    input  wire [7:0] pm_i, \
    input  wire [1:0] sym_i, \
    input  wire [0:0] era_i, \
    input  wire force_i, \
    input  wire [3:0] sub_i, \
    output wire [3:0] pm_o, \
    output wire [0:0] dec_o);
`define WB 3
`define WB1 2
`define WL1 1
`define WX 1
`define W 4
`define W1 3
`define WXB 1
`define SYM
`define B 0
`define HI 1
`define LO 0
`define BM
`define O 0
`define EXPR l0
`define ACS
`define J 0
`define NORM 0
`define P0 0
`define P1 4
`define BM0 0
`define BM1 0
`define PO 0
`default_nettype none
module `TOP (
`PORTS
  // the symbols, 0 where erased, in `WB bits
`ifdef SYM
  wire signed [`WB1:0] l`B = era_i[`B] ? `WB'sd0 : {{`WX{sym_i[`HI]}}, sym_i[`HI:`LO]};
`endif
  // branch metrics: output pattern o (bit b = output b) correlates -l_b where o_b = 1, +l_b else
`ifdef BM
  wire signed [`WB1:0] bm`O = `EXPR;
  wire [`W1:0] bx`O = {{`WXB{bm`O[`WB1]}}, bm`O};
`endif
`ifdef ACS
  fg_vit_acs #(.W(`W), .NORM(`NORM)) u_acs`J (.pm0_i(pm_i[`P0+:`W]), .pm1_i(pm_i[`P1+:`W]), .bm0_i(bx`BM0), .bm1_i(bx`BM1),
      .sub_i(sub_i), .force_i(force_i), .pm_o(pm_o[`PO+:`W]), .dec_o(dec_o[`J]));
`endif
endmodule
`default_nettype wire
