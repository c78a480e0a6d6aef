`define TOP fg_turbo_ktab
`define PORTS \
    input  wire [12:0] k_i, \
    output wire ok_o, \
    output wire [3:0] c0_o, \
    output wire j_o, \
    output wire dbcf_o \
);
`define CW1 3
`define JW1 0
`define JW 1
`define UMTS 0
`define ROW
`define KW 13
`define KEY 40
`define CW 4
`define C0 5
`define STD LTE
`define PP 2
`define LL 20
`undef BLK
`undef THRU
`define J
`define JV 1
`define DB
`default_nettype none
module `TOP (
`PORTS
  reg ok, dbcf;
  reg [`CW1:0] c0;
  reg [`JW1:0] j;
  always @* begin
    ok = 1'b1;
    j = `JW'd0;
    dbcf = 1'b`UMTS;
    case (k_i)
`ifdef ROW
`ifdef BLK
`ifdef THRU
      `KW'd`KEY: begin  // `STD P' `PP, L `LL, through the DBCF
`else
      `KW'd`KEY: begin  // `STD P' `PP, L `LL
`endif
        c0 = `CW'd`C0;
`ifdef J
        j = `JW'd`JV;
`endif
`ifdef DB
        dbcf = 1'b1;
`endif
      end
`else
      `KW'd`KEY: c0 = `CW'd`C0;  // `STD P' `PP, L `LL
`endif
`endif
      default: begin
        ok = 1'b0;
        c0 = `CW'd0;
      end
    endcase
  end
  assign ok_o = ok;
  assign c0_o = c0;
  assign j_o = j;
  assign dbcf_o = dbcf;
endmodule
`default_nettype wire
