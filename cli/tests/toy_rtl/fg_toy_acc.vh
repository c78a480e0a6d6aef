`define TOP fg_toy_acc
`define PORTS \
    input  wire clk_i, \
    input  wire rst_ni, \
    input  wire in_valid_i, \
    input  wire in_clear_i, \
    input  wire [3:0] in_data_i, \
    output wire out_valid_o, \
    output wire [4:0] out_acc_o);
`define L 2
`define W 2
`define A 5
`default_nettype none
module `TOP (
`PORTS
  // `L lanes of `W bits (two's complement) summed into the accumulator of `A bits (wrapping); every output a register
  localparam integer L = `L, W = `W, A = `A;
  reg [A-1:0] sum;
  integer i;
  always @* begin
    sum = {A{1'b0}};
    for (i = 0; i < L; i = i + 1)
      sum = sum + {{(A - W){in_data_i[i * W + W - 1]}}, in_data_i[i * W +: W]};
  end
  reg valid_q;
  reg [A-1:0] acc_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      acc_q <= {A{1'b0}};
    end else begin
      valid_q <= in_valid_i;
      if (in_clear_i)
        acc_q <= {A{1'b0}};
      else if (in_valid_i)
        acc_q <= acc_q + sum;
    end
  end
  assign out_valid_o = valid_q;
  assign out_acc_o = acc_q;
endmodule
`default_nettype wire
