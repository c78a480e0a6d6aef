// Copied from rtl/lib/fg_dbcf_bank.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_dbcf_bank: one bank of the DBCF write network (docs/rtl-dbcf.md): the admission of its words,
// its circular buffer with bypass and its SRAM. The router delivers the bank's requests of the cycle
// on NR ports in visit order (port k: the k-th request; the valid ports are a prefix, a port that is
// not valid has a word that is not used). Steps 3 and 4 of "What one cycle does" (docs/dbcf.md):
//  - the bank admits the first min(S, B + 1 - occ) requests: port k is admitted while occ <= B - k
//    (port 0 always: occ <= B), so NR = min(S, B + 1) ports;
//  - the bank writes its oldest buffered word, or, with an empty buffer, word 0 (bypass); the other
//    admitted words are pushed in admission order (NP = min(S, B) push ports).
// D = 0: no SRAM; the owner of the banks takes the writes from we_o, row_o and data_o (rd_data_o is 0).
// acc_o[k] tells the router that port k's word was admitted. Outputs of a cycle are combinational
// in the registered level and this cycle's ports.
`default_nettype none
module fg_dbcf_bank #(
    parameter integer NR = 3,    // ports: most words admitted per cycle, min(S, B + 1)
    parameter integer B  = 7,    // circular-buffer depth (0: bypass only, NR = 1)
    parameter integer RW = 4,    // row bits
    parameter integer W  = 6,    // data bits
    parameter integer D  = 16,   // SRAM rows (0: no SRAM, the banks are outside)
    parameter integer CW = 3     // level bits: 2^CW > B
) (
    input  wire                 clk_i,
    input  wire                 rst_ni,
    input  wire [       NR-1:0] port_valid_i,  // port k holds the bank's k-th request of the cycle
    input  wire [NR*(RW+W)-1:0] port_word_i,   // its {row, data} at [k*(RW+W) +: RW+W]
    output wire [       NR-1:0] acc_o,         // port k's word admitted
    output wire                 we_o,          // the bank writes
    output wire [       RW-1:0] row_o,         // its row and data (0 when no write)
    output wire [        W-1:0] data_o,
    output wire [       CW-1:0] level_o,       // registered buffer level
    input  wire [       RW-1:0] rd_row_i,      // SRAM read port (latency 1)
    output wire [        W-1:0] rd_data_o
);
  localparam integer QW = RW + W;
  localparam integer NP = (NR < B) ? NR : B;  // push ports

  wire [CW-1:0] occ;
  wire [NR-1:0] en;  // port k may be admitted: occ <= B - k
  assign en[0] = 1'b1;
  genvar k;
  generate
    for (k = 1; k < NR; k = k + 1) begin : g_en
      localparam integer ROOMI = B - k;
      localparam [CW-1:0] ROOM = ROOMI[CW-1:0];
      assign en[k] = occ <= ROOM;
    end
  endgenerate
  assign acc_o = port_valid_i & en;
  wire got = port_valid_i[0];
  wire [QW-1:0] word0 = port_word_i[QW-1:0] & {QW{got}};  // row and data are 0 without a write
  wire [QW-1:0] out;
  generate
    if (B > 0) begin : g_buf
      wire bypass = occ == {CW{1'b0}};
      localparam [CW-1:0] ONE = 1;
      // One more port, never valid: with bypass the words pushed are ports 1 .. NP.
      wire [(NR+1)*QW-1:0] pw = {{QW{1'b0}}, port_word_i};
      wire [NR:0] pa = {1'b0, acc_o};
      reg [NP*QW-1:0] push_data;
      reg [CW-1:0] push_n;
      integer q;
      always @* begin
        push_n = {CW{1'b0}};
        for (q = 0; q < NP; q = q + 1) begin
          push_data[q*QW+:QW] = bypass ? pw[(q+1)*QW+:QW] : pw[q*QW+:QW];
          if (bypass ? pa[q+1] : pa[q]) push_n = push_n + ONE;
        end
      end
      wire [QW-1:0] head;
      fg_circ_buf #(.W(QW), .DEPTH(B), .NPUSH(NP), .CW(CW)) u_buf (
          .clk_i(clk_i), .rst_ni(rst_ni), .push_n_i(push_n), .push_data_i(push_data),
          .pop_i(~bypass), .head_o(head), .level_o(occ));
      assign out = bypass ? word0 : head;
      assign we_o = ~bypass | got;
    end else begin : g_nobuf
      assign occ = {CW{1'b0}};
      assign out = word0;
      assign we_o = got;
    end
  endgenerate
  assign row_o = out[W+:RW];
  assign data_o = out[W-1:0];
  assign level_o = occ;

  generate
    if (D > 0) begin : g_sram
      fg_sram_1r1w #(.DEPTH(D), .AW(RW), .DW(W)) u_sram (
          .clk_i(clk_i), .we_i(we_o & rst_ni), .waddr_i(out[W+:RW]), .wdata_i(out[W-1:0]),
          .re_i(1'b1), .raddr_i(rd_row_i), .rdata_o(rd_data_o));
    end else begin : g_nosram
      wire [RW-1:0] unused_rd_row = rd_row_i;
      assign rd_data_o = {W{1'b0}};
    end
  endgenerate
endmodule
`default_nettype wire
