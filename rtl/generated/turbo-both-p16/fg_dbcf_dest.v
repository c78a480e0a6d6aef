// Copied from rtl/lib/fg_dbcf_dest.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_dbcf_dest: the DBCF router's admission ranks and routes, on the slots sorted by {bank, visit
// order} (invalid slots last). Position i's word is the rank_i-th request of its bank in visit
// order (rank_i = how many of the positions just before it hold the same bank). It is kept (routed
// on to its bank) when it is valid, its bank exists (< M) and rank_i < NR; its destination is the
// bank's port rank_i, port d_i = bank * NR + rank_i of the NR ports per bank. For the two shift
// networks (fg_route_shift) it gives z_i, the number of positions before i that are not kept (the
// compaction's left shift: word i lands at c_i = i - z_i), and e_i = d_i - c_i (the expansion's
// right shift). The bank decides the admission of the words at its ports (its buffer's room).
`default_nettype none
module fg_dbcf_dest #(
    parameter integer N  = 8,   // positions (2*PLLR slots)
    parameter integer BW = 3,   // bank bits
    parameter integer M  = 8,   // banks
    parameter integer NR = 3,   // ports per bank
    parameter integer SW = 3,   // position bits: 2^SW >= N
    parameter integer DW = 5    // port bits: 2^DW >= M * NR
) (
    input  wire [   N-1:0] valid_i,
    input  wire [N*BW-1:0] bank_i,
    output wire [   N-1:0] keep_o,
    output wire [N*SW-1:0] z_o,
    output wire [N*DW-1:0] e_o
);
  localparam integer RKW = (NR > 1) ? $clog2(NR) : 1;  // rank bits (ranks < NR)
  localparam integer XW = ((DW > SW) ? DW : SW) + 1;    // d - c before truncation
  localparam [RKW-1:0] RK_ONE = 1;
  localparam [SW-1:0] SW_ONE = 1;

  // same[i]: position i holds the same bank as i - 1 (both valid); sorted, so a bank's requests
  // are consecutive and rank_i >= k exactly when same[i], same[i-1], ..., same[i-k+1] all hold.
  wire [N-1:0] same;
  wire [N-1:0] drop;
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_pos
      wire [BW-1:0] b = bank_i[i*BW+:BW];
      if (i == 0) begin : g_first
        assign same[i] = 1'b0;  // never read: a rank counts positions >= 1
      end else begin : g_next
        assign same[i] = valid_i[i] & valid_i[i-1] & (b == bank_i[(i-1)*BW+:BW]);
      end
      reg [NR:0] ge;  // ge[k]: rank >= k (thermometer)
      reg [RKW-1:0] rank;
      integer j;
      always @* begin
        ge[0] = 1'b1;
        for (j = 1; j <= NR; j = j + 1) ge[j] = (i - j + 1 >= 1) ? ge[j-1] & same[i-j+1] : 1'b0;
        rank = {RKW{1'b0}};
        for (j = 1; j < NR; j = j + 1) if (ge[j]) rank = rank + RK_ONE;
      end
      wire exists;
      if (M < (1 << BW)) begin : g_range
        localparam integer MI = M;
        localparam [BW:0] MB = MI[BW:0];
        assign exists = {1'b0, b} < MB;
      end else begin : g_all
        assign exists = 1'b1;
      end
      assign keep_o[i] = valid_i[i] & exists & ~ge[NR];
      assign drop[i] = ~keep_o[i];
      // d - c, where c = i - z: the expansion's shift (meaningful when kept).
      localparam [XW-1:0] I = i;
      wire [XW-1:0] d = {{(XW - BW) {1'b0}}, b} * NR[XW-1:0] + {{(XW - RKW) {1'b0}}, rank};
      wire [XW-1:0] x = d - I + {{(XW - SW) {1'b0}}, z_o[i*SW+:SW]};
      assign e_o[i*DW+:DW] = x[DW-1:0];
      wire [XW-DW-1:0] unused_x = x[XW-1:DW];
    end
  endgenerate

  // z: exclusive prefix count of the dropped positions (Sklansky: at level l every position with
  // bit l set adds the count of the last position of the block before it, which level l leaves as
  // it is). Position p of level l is element l*N + p (an array of nets: see fg_route_shift).
  localparam integer LV = $clog2(N);
  wire [SW-1:0] cnt [0:(LV+1)*N-1] /*verilator split_var*/;  // inclusive counts (the last may overflow)
  genvar l, p;
  generate
    for (p = 0; p < N; p = p + 1) begin : g_cnt
      assign cnt[p] = drop[p] ? SW_ONE : {SW{1'b0}};
      if (p > 0) begin : g_z
        assign z_o[p*SW+:SW] = cnt[LV*N+p-1];
      end else begin : g_z0
        assign z_o[p*SW+:SW] = {SW{1'b0}};
      end
    end
    for (l = 0; l < LV; l = l + 1) begin : g_level
      for (p = 0; p < N; p = p + 1) begin : g_pos
        localparam integer X = l * N, Y = (l + 1) * N;  // the level's input / output
        if (((p >> l) & 1) != 0) begin : g_add
          assign cnt[Y+p] = cnt[X+p] + cnt[X+((p>>l)<<l)-1];
        end else begin : g_keep
          assign cnt[Y+p] = cnt[X+p];
        end
      end
    end
  endgenerate
  wire [SW:0] unused_last = {cnt[LV*N+N-1], same[0]};
endmodule
`default_nettype wire
