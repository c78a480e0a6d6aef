// Copied from rtl/lib/fg_prio_sel.v by fecforge gen V (git HASH). Do not edit.
// fg_prio_sel: rotating-priority selector with a grant limit (one per bank in the DBCF router).
// The N request slots are visited cyclically from start_i: start_i, ..., N-1, 0, ..., start_i-1.
// The first limit_i requests visited are granted; rank_o[k*CW +: CW] is slot k's place in that order
// (0 = first), count_o the number granted. Instead of rotating the request vector, slots at or after
// start_i ("hi", visited first) and before it ("lo") are counted separately in index order:
// rank = hi ? hi requests before k : all hi requests + lo requests before k.
// Counts saturate at 2^CW - 1, which must exceed every limit. start_i < N.
`default_nettype none
module fg_prio_sel #(
    parameter integer N = 8,
    parameter integer SW = 3,
    parameter integer CW = 3
) (
    input  wire [   N-1:0] req_i,
    input  wire [  SW-1:0] start_i,
    input  wire [  CW-1:0] limit_i,
    output reg  [   N-1:0] grant_o,
    output reg  [N*CW-1:0] rank_o,
    output wire [  CW-1:0] count_o
);
  localparam [CW:0] MAXC = {1'b0, {CW{1'b1}}};

  function [CW-1:0] sat_add(input [CW-1:0] a, input [CW-1:0] b);
    reg [CW:0] s;
    begin
      s = {1'b0, a} + {1'b0, b};
      sat_add = (s > MAXC) ? MAXC[CW-1:0] : s[CW-1:0];
    end
  endfunction

  integer i;
  reg hi;                   // slot i is visited before the wrap (i >= start_i)
  reg [N-1:0] hi_v;
  reg [CW-1:0] hi_n, lo_n;  // hi / lo requests among slots 0..i-1
  reg [CW-1:0] rank;
  always @* begin
    hi = 1'b0;
    hi_n = {CW{1'b0}};
    lo_n = {CW{1'b0}};
    for (i = 0; i < N; i = i + 1) begin
      hi = hi | (start_i == i[SW-1:0]);
      hi_v[i] = hi;
      rank_o[i*CW+:CW] = hi ? hi_n : lo_n;
      if (hi) hi_n = sat_add(hi_n, {{(CW - 1) {1'b0}}, req_i[i]});
      else lo_n = sat_add(lo_n, {{(CW - 1) {1'b0}}, req_i[i]});
    end
    // Slots before start_i come after every hi request.
    for (i = 0; i < N; i = i + 1) begin
      rank = rank_o[i*CW+:CW];
      if (!hi_v[i]) rank = sat_add(hi_n, rank);
      rank_o[i*CW+:CW] = rank;
      grant_o[i] = req_i[i] & (rank < limit_i);
    end
  end
  wire [CW-1:0] total = sat_add(hi_n, lo_n);
  assign count_o = (total < limit_i) ? total : limit_i;
endmodule
`default_nettype wire
