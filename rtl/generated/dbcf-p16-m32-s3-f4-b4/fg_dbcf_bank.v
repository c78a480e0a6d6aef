// Copied from rtl/lib/fg_dbcf_bank.v by fecforge gen 0.1.0 (git 5b5de11c83bd). Do not edit.
// fg_dbcf_bank: one bank of the DBCF write network (docs/rtl-dbcf.md): the selection of its words,
// its circular buffer with bypass and its SRAM. The N request slots arrive rotated so that index
// order is the visit order of the cycle (index 0 = the start slot). Steps 3 and 4 of "What one cycle
// does" (docs/dbcf.md):
//  - the bank admits the first min(S, B + 1 - occ) requests: fg_first_n, NR = min(S, B + 1) find-first
//    passes, pass k enabled while occ <= B - k (pass 0 always: occ <= B);
//  - admitted word k (admission order) is an AND-OR of the slots' {row, data} with pass k's one-hot
//    grant; the slots come as columns (bit t of every slot at col_i[t*N +: N]);
//  - the bank writes its oldest buffered word, or, with an empty buffer, word 0 (bypass); the other
//    admitted words are pushed in admission order (NP = min(S, B) push ports).
// Outputs of a cycle are combinational in the registered level and this cycle's requests.
`default_nettype none
module fg_dbcf_bank #(
    parameter integer N  = 8,    // request slots
    parameter integer NR = 3,    // most words admitted per cycle: min(S, B + 1)
    parameter integer B  = 7,    // circular-buffer depth (0: bypass only, NR = 1)
    parameter integer RW = 4,    // row bits
    parameter integer W  = 6,    // data bits
    parameter integer D  = 16,   // SRAM rows
    parameter integer CW = 3     // level bits: 2^CW > B
) (
    input  wire                clk_i,
    input  wire                rst_ni,
    input  wire [       N-1:0] req_i,      // slot i (visit order) requests this bank
    input  wire [(RW+W)*N-1:0] col_i,      // bit t of every slot's {row, data} at [t*N +: N]
    output wire [       N-1:0] adm_o,      // slot i admitted
    output wire                we_o,       // the bank writes
    output wire [      RW-1:0] row_o,      // its row and data (0 when no write)
    output wire [       W-1:0] data_o,
    output wire [      CW-1:0] level_o,    // registered buffer level
    input  wire [      RW-1:0] rd_row_i,   // SRAM read port (latency 1)
    output wire [       W-1:0] rd_data_o
);
  localparam integer QW = RW + W;
  localparam integer NP = (NR < B) ? NR : B;  // push ports

  wire [CW-1:0] occ;
  // Pass k may grant while the bank has room for it: k < B + 1 - occ (pass 0 always: occ <= B).
  wire [NR-1:0] en;
  assign en[0] = 1'b1;  // ignored by fg_first_n
  genvar k;
  generate
    for (k = 1; k < NR; k = k + 1) begin : g_en
      localparam integer ROOMI = B - k;
      localparam [CW-1:0] ROOM = ROOMI[CW-1:0];
      assign en[k] = occ <= ROOM;
    end
  endgenerate
  wire [NR*N-1:0] grant;
  fg_first_n #(.N(N), .NR(NR)) u_sel (.req_i(req_i), .en_i(en), .grant_o(grant), .any_o(adm_o));

  // Admitted words in admission order: word k is the {row, data} of the slot pass k grants, an AND-OR
  // over the slots per bit (bit t: OR of grant AND column t, a vector AND and an OR-reduction);
  // word NR, never granted, is 0 for the pushes below.
  reg [(NR+1)*QW-1:0] word;
  reg [NR:0] granted;
  integer p, t;
  always @* begin
    word = {(NR + 1) * QW{1'b0}};
    granted = {(NR + 1) {1'b0}};
    for (p = 0; p < NR; p = p + 1) begin
      granted[p] = |grant[p*N+:N];
      for (t = 0; t < QW; t = t + 1) word[p*QW+t] = |(grant[p*N+:N] & col_i[t*N+:N]);
    end
  end
  wire got = granted[0];  // pass 0 grants whenever there is a request
  wire [QW-1:0] out;
  generate
    if (B > 0) begin : g_buf
      wire bypass = occ == {CW{1'b0}};
      // Push port k: admitted word k, or k + 1 when word 0 bypasses into the bank.
      localparam [CW-1:0] ONE = 1;
      reg [NP*QW-1:0] push_data;
      reg [CW-1:0] push_n;
      integer q;
      always @* begin
        push_n = {CW{1'b0}};
        for (q = 0; q < NP; q = q + 1) begin
          push_data[q*QW+:QW] = bypass ? word[(q+1)*QW+:QW] : word[q*QW+:QW];
          if (bypass ? granted[q+1] : granted[q]) push_n = push_n + ONE;
        end
      end
      if (NP < NR) begin : g_nr  // S > B: word NR is never pushed
        wire [QW:0] unused_word = {word[NR*QW+:QW], granted[NR]};
      end
      wire [QW-1:0] head;
      fg_circ_buf #(.W(QW), .DEPTH(B), .NPUSH(NP), .CW(CW)) u_buf (
          .clk_i(clk_i), .rst_ni(rst_ni), .push_n_i(push_n), .push_data_i(push_data),
          .pop_i(~bypass), .head_o(head), .level_o(occ));
      assign out = bypass ? word[QW-1:0] : head;
      assign we_o = ~bypass | got;
    end else begin : g_nobuf
      assign occ = {CW{1'b0}};
      assign out = word[QW-1:0];
      assign we_o = got;
      wire [QW+NR:0] unused_word = {word[QW+:QW], granted};
    end
  endgenerate
  assign row_o = out[W+:RW];
  assign data_o = out[W-1:0];
  assign level_o = occ;

  // Bank memory: written from the write port (not during reset); registered read.
  fg_sram_1r1w #(.DEPTH(D), .AW(RW), .DW(W)) u_sram (
      .clk_i(clk_i), .we_i(we_o & rst_ni), .waddr_i(out[W+:RW]), .wdata_i(out[W-1:0]),
      .re_i(1'b1), .raddr_i(rd_row_i), .rdata_o(rd_data_o));
endmodule
`default_nettype wire
