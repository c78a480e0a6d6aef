// Copied from rtl/lib/fg_sram_1r1w.v by fecforge gen 0.1.0 (git e342e0fa391d). Do not edit.
// fg_sram_1r1w: behavioural model of a one-read-port, one-write-port bank SRAM macro of DEPTH
// words of DW bits. Write: mem[waddr_i] <= wdata_i at the clock edge when we_i. Read: registered,
// rdata_o = mem[raddr_i] one cycle after a clock edge with re_i; it holds its value while re_i is
// low. Read-during-write of the same address returns the OLD word (the usual macro behaviour);
// the new word is visible to a read one cycle later. Addresses must be < DEPTH (DEPTH <= 2^AW).
// Like a macro it has no reset: contents and rdata_o are undefined until written, unless
// INIT_FILE names a $readmemh file (one hex word per line) that loads the array at time 0.
`default_nettype none
module fg_sram_1r1w #(
    parameter integer DEPTH = 256,
    parameter integer AW = 8,
    parameter integer DW = 8,
    parameter INIT_FILE = ""
) (
    input  wire          clk_i,
    input  wire          we_i,
    input  wire [AW-1:0] waddr_i,
    input  wire [DW-1:0] wdata_i,
    input  wire          re_i,
    input  wire [AW-1:0] raddr_i,
    output wire [DW-1:0] rdata_o
);
  reg [DW-1:0] mem_q[0:DEPTH-1];
  reg [DW-1:0] rdata_q;

  generate
    if (INIT_FILE != "") begin : g_init
      initial $readmemh(INIT_FILE, mem_q);
    end
  endgenerate

  // One block for both ports: the read samples mem_q before the non-blocking write lands.
  always @(posedge clk_i) begin
    if (we_i) mem_q[waddr_i] <= wdata_i;
    if (re_i) rdata_q <= mem_q[raddr_i];
  end
  assign rdata_o = rdata_q;
endmodule
`default_nettype wire
