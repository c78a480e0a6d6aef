// fg_sort_net and fg_route_shift at the sizes of the PLLR 32 DBCF router (64 slots; 64 -> 192 bank
// ports) and at odd sizes (13 words; 13 -> 40 ports), for tb_route.cpp.
`default_nettype none
module tb_route (
    input  wire [64*20-1:0] s64_x_i,      // sort: 64 x {key 13, payload 7}
    output wire [64*20-1:0] s64_y_o,
    input  wire [     63:0] s64_ret_i,
    output wire [     63:0] s64_ret_o,
    input  wire [13*12-1:0] s13_x_i,      // sort: 13 x {key 8, payload 4}
    output wire [13*12-1:0] s13_y_o,
    input  wire [     12:0] s13_ret_i,
    output wire [     12:0] s13_ret_o,
    input  wire [     63:0] c64_valid_i,  // compaction: 64 positions, 10-bit words, 6 shift bits
    input  wire [ 64*6-1:0] c64_sh_i,
    input  wire [64*10-1:0] c64_x_i,
    output wire [     63:0] c64_valid_o,
    output wire [64*10-1:0] c64_x_o,
    input  wire [     63:0] c64_ret_i,
    output wire [     63:0] c64_ret_o,
    input  wire [     63:0] e64_valid_i,  // expansion: 64 -> 192 positions, 10-bit words, 8 shift bits
    input  wire [ 64*8-1:0] e64_sh_i,
    input  wire [64*10-1:0] e64_x_i,
    output wire [    191:0] e64_valid_o,
    output wire [192*10-1:0] e64_x_o,
    input  wire [    191:0] e64_ret_i,
    output wire [     63:0] e64_ret_o,
    input  wire [     12:0] c13_valid_i,  // compaction: 13 positions, 4 shift bits
    input  wire [ 13*4-1:0] c13_sh_i,
    input  wire [13*10-1:0] c13_x_i,
    output wire [     12:0] c13_valid_o,
    output wire [13*10-1:0] c13_x_o,
    input  wire [     12:0] c13_ret_i,
    output wire [     12:0] c13_ret_o,
    input  wire [     12:0] e13_valid_i,  // expansion: 13 -> 40 positions, 6 shift bits
    input  wire [ 13*6-1:0] e13_sh_i,
    input  wire [13*10-1:0] e13_x_i,
    output wire [     39:0] e13_valid_o,
    output wire [40*10-1:0] e13_x_o,
    input  wire [     39:0] e13_ret_i,
    output wire [     12:0] e13_ret_o
);
  fg_sort_net #(.N(64), .KW(13), .PW(7)) u_s64 (
      .x_i(s64_x_i), .y_o(s64_y_o), .ret_i(s64_ret_i), .ret_o(s64_ret_o));
  fg_sort_net #(.N(13), .KW(8), .PW(4)) u_s13 (
      .x_i(s13_x_i), .y_o(s13_y_o), .ret_i(s13_ret_i), .ret_o(s13_ret_o));
  fg_route_shift #(.NI(64), .NO(64), .W(10), .SHW(6), .RIGHT(0)) u_c64 (
      .valid_i(c64_valid_i), .sh_i(c64_sh_i), .x_i(c64_x_i), .valid_o(c64_valid_o), .x_o(c64_x_o),
      .ret_i(c64_ret_i), .ret_o(c64_ret_o));
  fg_route_shift #(.NI(64), .NO(192), .W(10), .SHW(8), .RIGHT(1)) u_e64 (
      .valid_i(e64_valid_i), .sh_i(e64_sh_i), .x_i(e64_x_i), .valid_o(e64_valid_o), .x_o(e64_x_o),
      .ret_i(e64_ret_i), .ret_o(e64_ret_o));
  fg_route_shift #(.NI(13), .NO(13), .W(10), .SHW(4), .RIGHT(0)) u_c13 (
      .valid_i(c13_valid_i), .sh_i(c13_sh_i), .x_i(c13_x_i), .valid_o(c13_valid_o), .x_o(c13_x_o),
      .ret_i(c13_ret_i), .ret_o(c13_ret_o));
  fg_route_shift #(.NI(13), .NO(40), .W(10), .SHW(6), .RIGHT(1)) u_e13 (
      .valid_i(e13_valid_i), .sh_i(e13_sh_i), .x_i(e13_x_i), .valid_o(e13_valid_o), .x_o(e13_x_o),
      .ret_i(e13_ret_i), .ret_o(e13_ret_o));
endmodule
`default_nettype wire
