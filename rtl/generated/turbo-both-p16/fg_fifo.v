// Copied from rtl/lib/fg_fifo.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_fifo: first-word-fall-through FIFO of DEPTH words of W bits (one push, one pop per cycle).
// head_o is the oldest word (meaningful while level_o > 0). A pop and a push in the same cycle are
// allowed when full (the pop frees the slot the push fills). The caller never pushes into a full
// FIFO without popping and never pops an empty one. Levels are CW bits (2^CW > DEPTH).
`default_nettype none
module fg_fifo #(
    parameter integer W = 8,
    parameter integer DEPTH = 4,
    parameter integer CW = 3
) (
    input  wire          clk_i,
    input  wire          rst_ni,
    input  wire          push_i,
    input  wire [W-1:0]  data_i,
    input  wire          pop_i,
    output wire [W-1:0]  head_o,
    output wire [CW-1:0] level_o
);
  localparam integer AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam integer LASTI = DEPTH - 1;
  localparam [AW-1:0] LAST = LASTI[AW-1:0];
  localparam [AW-1:0] AONE = 1;
  localparam [CW-1:0] ONE = 1;
  localparam [CW-1:0] ZERO = 0;

  reg [W-1:0] mem_q[0:DEPTH-1];
  reg [AW-1:0] rd_q, wr_q;
  reg [CW-1:0] level_q;
  wire [AW-1:0] rd_d = (rd_q == LAST) ? {AW{1'b0}} : rd_q + AONE;
  wire [AW-1:0] wr_d = (wr_q == LAST) ? {AW{1'b0}} : wr_q + AONE;
  reg [CW-1:0] level_d;

  always @* begin
    case ({push_i, pop_i})
      2'b10:   level_d = level_q + ONE;
      2'b01:   level_d = level_q - ONE;
      default: level_d = level_q;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q <= {AW{1'b0}};
      wr_q <= {AW{1'b0}};
      level_q <= ZERO;
    end else begin
      if (pop_i) rd_q <= rd_d;
      if (push_i) wr_q <= wr_d;
      level_q <= level_d;
    end
  end
  // Storage needs no reset: a word is read only after it was written.
  always @(posedge clk_i) begin
    if (push_i) mem_q[wr_q] <= data_i;
  end

  assign head_o  = mem_q[rd_q];
  assign level_o = level_q;
endmodule
`default_nettype wire
