// Test top for fg_sram_1r1w: bank 0 is DEPTH=24 (not a power of two), 13-bit words, loaded from
// tb_sram_init.hex (written by the harness before time 0); bank 1 is DEPTH=16, 32-bit words,
// no init file. Independent ports per bank.
`default_nettype none
module tb_sram_1r1w (
    input  wire        clk_i,
    input  wire        b0_we_i,
    input  wire [4:0]  b0_waddr_i,
    input  wire [12:0] b0_wdata_i,
    input  wire        b0_re_i,
    input  wire [4:0]  b0_raddr_i,
    output wire [12:0] b0_rdata_o,
    input  wire        b1_we_i,
    input  wire [3:0]  b1_waddr_i,
    input  wire [31:0] b1_wdata_i,
    input  wire        b1_re_i,
    input  wire [3:0]  b1_raddr_i,
    output wire [31:0] b1_rdata_o
);
  fg_sram_1r1w #(
      .DEPTH(24),
      .AW(5),
      .DW(13),
      .INIT_FILE("tb_sram_init.hex")
  ) u_b0 (
      .clk_i(clk_i),
      .we_i(b0_we_i),
      .waddr_i(b0_waddr_i),
      .wdata_i(b0_wdata_i),
      .re_i(b0_re_i),
      .raddr_i(b0_raddr_i),
      .rdata_o(b0_rdata_o)
  );
  fg_sram_1r1w #(
      .DEPTH(16),
      .AW(4),
      .DW(32)
  ) u_b1 (
      .clk_i(clk_i),
      .we_i(b1_we_i),
      .waddr_i(b1_waddr_i),
      .wdata_i(b1_wdata_i),
      .re_i(b1_re_i),
      .raddr_i(b1_raddr_i),
      .rdata_o(b1_rdata_o)
  );
endmodule
`default_nettype wire
