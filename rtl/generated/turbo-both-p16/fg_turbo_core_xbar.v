// Copied from rtl/lib/fg_turbo_core_xbar.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_turbo_core_xbar: the bank write crossbar of the turbo decoder core, combinational: NL lanes'
// words {bank, row, data} -> per bank b (< NL) the word of the lowest valid lane addressing b
// (row and data 0 when none does). The core uses it where no two lanes address one bank.
`default_nettype none
module fg_turbo_core_xbar #(
    parameter integer NL = 8,  // lanes = banks
    parameter integer BW = 3,  // bank bits
    parameter integer RW = 4,  // row bits
    parameter integer W  = 6   // data bits
) (
    input  wire [NL-1:0]    valid_i,
    input  wire [NL*BW-1:0] bank_i,  // lane l at [l*BW +: BW]
    input  wire [NL*RW-1:0] row_i,
    input  wire [NL*W-1:0]  data_i,
    output reg  [NL-1:0]    valid_o, // bank b
    output reg  [NL*RW-1:0] row_o,   // bank b at [b*RW +: RW]
    output reg  [NL*W-1:0]  data_o
);
  integer b, l;
  always @* begin
    valid_o = {NL{1'b0}};
    row_o = {NL*RW{1'b0}};
    data_o = {NL*W{1'b0}};
    for (b = 0; b < NL; b = b + 1)
      for (l = NL - 1; l >= 0; l = l - 1)
        if (valid_i[l] && bank_i[l*BW+:BW] == b[BW-1:0]) begin
          valid_o[b] = 1'b1;
          row_o[b*RW+:RW] = row_i[l*RW+:RW];
          data_o[b*W+:W] = data_i[l*W+:W];
        end
  end
endmodule
`default_nettype wire
