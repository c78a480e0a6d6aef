// Copied from rtl/lib/fg_turbo_core_map.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_turbo_core_map: the turbo decoder core's bank mapping of its standard, combinational: address
// a (< K) -> logical bank and row; UMTS = 0 the LTE "qpp" mapping (fg_qpp_map), UMTS = 1 the HSPA+
// "xmap-xor" mapping with 2^j_i sub-banks per lane (fg_xmap_map), UMTS = 2 the one of the block's
// standard (umts_i); docs/rtl-turbo.md.
`default_nettype none
module fg_turbo_core_map #(
    parameter integer AW   = 13,
    parameter integer QW   = 4,
    parameter integer RW   = 7,
    parameter integer UMTS = 0,
    parameter integer JMAX = 0,
    parameter integer JW   = 1,
    parameter integer XOR  = 1   // HSPA+: 1 xmap-xor, 0 xmap
) (
    input  wire [AW-1:0] addr_i,
    input  wire [AW-1:0] len_i,  // L
    input  wire [JW-1:0] j_i,    // HSPA+ only
    input  wire          umts_i, // UMTS = 2: the block is HSPA+
    output wire [QW+1:0] bank_o,
    output wire [RW-1:0] row_o
);
  generate
    if (UMTS == 1) begin : g_xmap
      wire unused_umts = umts_i;
      fg_xmap_map #(.AW(AW), .QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW), .XOR(XOR)) u_map (
          .addr_i(addr_i), .len_i(len_i), .j_i(j_i), .bank_o(bank_o), .row_o(row_o));
    end else if (UMTS == 0) begin : g_qpp
      wire [AW-1:0] unused_off;
      wire [JW:0] unused_j = {umts_i, j_i};
      fg_qpp_map #(.AW(AW), .QW(QW), .RW(RW)) u_map (
          .addr_i(addr_i), .len_i(len_i), .bank_o(bank_o), .row_o(row_o), .off_o(unused_off));
    end else begin : g_both
      wire [QW+1:0] xb, qb;
      wire [RW-1:0] xr, qr;
      wire [AW-1:0] unused_off;
      fg_xmap_map #(.AW(AW), .QW(QW), .RW(RW), .JMAX(JMAX), .JW(JW), .XOR(XOR)) u_xmap (
          .addr_i(addr_i), .len_i(len_i), .j_i(j_i), .bank_o(xb), .row_o(xr));
      fg_qpp_map #(.AW(AW), .QW(QW), .RW(RW)) u_qpp (
          .addr_i(addr_i), .len_i(len_i), .bank_o(qb), .row_o(qr), .off_o(unused_off));
      assign bank_o = umts_i ? xb : qb;
      assign row_o = umts_i ? xr : qr;
    end
  endgenerate
endmodule
`default_nettype wire
