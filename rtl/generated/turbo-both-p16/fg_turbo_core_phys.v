// Copied from rtl/lib/fg_turbo_core_phys.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_turbo_core_phys: the turbo decoder core's logical-to-physical bank mapping, combinational. A
// decoder of both standards (fg_turbo_core UMTS = 2) keeps the LTE geometry (4P banks of QP rows);
// a block through the DBCF has 4 UP = 2P logical banks, and its logical bank u, row r lives in
// physical bank 2u + r mod 2, row r / 2 (pair_i). Otherwise (pair_i low, or PAIR = 0) the mapping is
// the identity.
`default_nettype none
module fg_turbo_core_phys #(
    parameter integer BW   = 5,  // physical bank bits (logical banks of a pair block: BW - 1 bits)
    parameter integer RW   = 8,  // logical row bits
    parameter integer RWP  = 8,  // physical row bits
    parameter integer PAIR = 0   // 1: pair_i is used
) (
    input  wire           pair_i,
    input  wire [BW-1:0]  bank_i,
    input  wire [RW-1:0]  row_i,
    output wire [BW-1:0]  bank_o,
    output wire [RWP-1:0] row_o
);
  wire [31:0] r32 = {{(32-RW){1'b0}}, row_i};
  generate
    if (PAIR != 0) begin : g_pair
      wire [31:0] pr = pair_i ? r32 >> 1 : r32;
      assign bank_o = pair_i ? {bank_i[BW-2:0], row_i[0]} : bank_i;
      assign row_o = pr[RWP-1:0];
      wire unused_hi = ^{pr[31:RWP], bank_i[BW-1]};  // zero: rows < QP, a pair block's banks < 2^(BW-1)
    end else begin : g_id
      assign bank_o = bank_i;
      assign row_o = r32[RWP-1:0];
      wire unused_hi = ^{pair_i, r32[31:RWP]};  // RW = RWP
    end
  endgenerate
endmodule
`default_nettype wire
