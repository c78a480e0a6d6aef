// Copied from rtl/lib/fg_xmap_slot.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_xmap_slot: the "xmap-xor" bank of a read slot, combinational: natural-order read lane l in read
// cycle t -> bank and row of the turbo decoder's HSPA+ memories (fg_bank_map_locate, mapping
// xmap-xor; docs/rtl-turbo.md). With sub = 2^j sub-banks per lane (a block on P/2^j of the P SISOs):
//   lane' = l xor parity(t >> 1), bank = lane' * sub + (t + popcount(t / sub)) mod sub, row = t / sub;
// XOR = 0: the plain "xmap" mapping, lane' = l, bank = lane' * sub + t mod sub. j is a runtime input in
// [0, JMAX].
`default_nettype none
module fg_xmap_slot #(
    parameter integer QW   = 3,  // SISO bits: lanes and banks have QW + 2 bits
    parameter integer RW   = 8,  // read-cycle and row bits
    parameter integer JMAX = 0,  // largest j
    parameter integer JW   = 1,  // j bits
    parameter integer XOR  = 1   // 1 xmap-xor, 0 xmap
) (
    input  wire [QW+1:0] lane_i,
    input  wire [RW-1:0] t_i,
    input  wire [JW-1:0] j_i,
    output reg  [QW+1:0] bank_o,
    output reg  [RW-1:0] row_o
);
  localparam integer BW = QW + 2;
  wire [31:0] t32 = {{(32-RW){1'b0}}, t_i};
  wire [BW-1:0] lane = {lane_i[BW-1:1], lane_i[0] ^ (XOR != 0 && ^t32[31:1])};
  reg [31:0] pc, rot, b32;
  wire unused_b32_hi = ^b32[31:BW];  // zero: the bank fits BW bits
  integer jj, bi;
  always @* begin
    bank_o = lane;
    row_o = t_i;
    pc = 32'd0;
    rot = 32'd0;
    b32 = 32'd0;
    for (jj = 1; jj <= JMAX; jj = jj + 1)
      if ({{(32-JW){1'b0}}, j_i} == jj) begin
        pc = 32'd0;
        if (XOR != 0)
          for (bi = jj; bi < RW; bi = bi + 1) pc = pc + {31'd0, t32[bi]};
        rot = (t32 + pc) & ((32'd1 << jj) - 32'd1);
        b32 = ({{(32-BW){1'b0}}, lane} << jj) | rot;
        bank_o = b32[BW-1:0];
        row_o = t_i >> jj;
      end
  end
endmodule
`default_nettype wire
