`define TOP fg_subsys_delay
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire [7:0] llr_i, \
    output wire [7:0] llr_o \
);
`define PW 8
`define P 4
`define W 2
`define L 1
`define ONE
`default_nettype none
module `TOP (
`PORTS
  localparam integer PW = `PW;  // `P lanes x `W bits
  localparam integer L = `L;  // IAG latency (stages)
  reg  [L*PW-1:0] pipe_q;  // stage s at [s*PW +: PW], stage 0 the newest
  wire [L*PW-1:0] pipe_d;
`ifdef ONE
  assign pipe_d = llr_i;
`else
  assign pipe_d = {pipe_q[(L-1)*PW-1:0], llr_i};
`endif
  always @(posedge clk_i) begin
    if (!rst_ni) pipe_q <= {L*PW{1'b0}};
    else pipe_q <= pipe_d;
  end
  assign llr_o = pipe_q[L*PW-1 -: PW];
endmodule
`default_nettype wire
