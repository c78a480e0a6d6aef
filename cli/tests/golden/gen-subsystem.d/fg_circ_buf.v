// Copied from rtl/lib/fg_circ_buf.v by fecforge gen V (git HASH). Do not edit.
// fg_circ_buf: circular buffer of DEPTH words of W bits with up to NPUSH pushes and one pop per
// cycle. push_n_i words are appended in order: word k is push_data_i[k*W +: W]; head_o is the
// oldest word (meaningful while level_o > 0). The caller keeps level - pop + push_n <= DEPTH and
// push_n <= NPUSH <= DEPTH. Levels and counts are CW bits (2^CW > DEPTH).
`default_nettype none
module fg_circ_buf #(
    parameter integer W = 8,
    parameter integer DEPTH = 4,
    parameter integer NPUSH = 2,
    parameter integer CW = 3
) (
    input  wire               clk_i,
    input  wire               rst_ni,
    input  wire [     CW-1:0] push_n_i,
    input  wire [NPUSH*W-1:0] push_data_i,
    input  wire               pop_i,
    output wire [      W-1:0] head_o,
    output wire [     CW-1:0] level_o
);
  localparam integer AW = (DEPTH > 1) ? $clog2(DEPTH) : 1;
  localparam integer DEPTHI = DEPTH;
  localparam [CW:0] DEP = DEPTHI[CW:0];
  localparam [AW:0] DEPA = DEPTHI[AW:0];
  localparam [CW-1:0] ONE = 1;
  localparam [CW-1:0] ZERO = 0;

  reg [W-1:0] mem_q[0:DEPTH-1];
  reg [CW-1:0] rd_q, wr_q, level_q;

  // Pointer plus a count (< DEPTH + DEPTH), wrapped once; wrap_idx: the same as a storage index.
  function [CW-1:0] wrap(input [CW:0] sum);
    wrap = (sum >= DEP) ? sum[CW-1:0] - DEP[CW-1:0] : sum[CW-1:0];
  endfunction
  function [AW-1:0] wrap_idx(input [AW:0] sum);
    wrap_idx = (sum >= DEPA) ? sum[AW-1:0] - DEPA[AW-1:0] : sum[AW-1:0];
  endfunction

  wire [CW-1:0] rd_d = wrap({1'b0, rd_q} + {ZERO, 1'b1});
  wire [CW-1:0] wr_d = wrap({1'b0, wr_q} + {1'b0, push_n_i});
  wire [CW-1:0] level_d = level_q - (pop_i ? ONE : ZERO) + push_n_i;

  // Push k writes slot wr_q + k (mod DEPTH) when k < push_n_i.
  wire [NPUSH-1:0] wen;
  wire [NPUSH*AW-1:0] widx;
  genvar k;
  generate
    for (k = 0; k < NPUSH; k = k + 1) begin : g_push
      localparam [CW:0] KK = k;
      localparam [AW:0] KA = k;
      assign wen[k] = KK < {1'b0, push_n_i};
      assign widx[k*AW+:AW] = wrap_idx({1'b0, wr_q[AW-1:0]} + KA);
    end
  endgenerate

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q <= ZERO;
      wr_q <= ZERO;
      level_q <= ZERO;
    end else begin
      if (pop_i) rd_q <= rd_d;
      wr_q <= wr_d;
      level_q <= level_d;
    end
  end
  // Storage needs no reset: a word is read only after it was written.
  integer i;
  always @(posedge clk_i) begin
    for (i = 0; i < NPUSH; i = i + 1) if (wen[i]) mem_q[widx[i*AW+:AW]] <= push_data_i[i*W+:W];
  end

  assign head_o  = mem_q[rd_q[AW-1:0]];
  assign level_o = level_q;
endmodule
`default_nettype wire
