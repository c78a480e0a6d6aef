// Copied from rtl/lib/fg_circ_buf.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
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
  localparam [AW:0] DEPA = DEPTHI[AW:0];
  localparam [CW-1:0] ONE = 1;
  localparam [CW-1:0] ZERO = 0;

  reg [W-1:0] mem_q[0:DEPTH-1];
  reg [AW-1:0] rd_q, wr_q;  // storage indices
  reg [CW-1:0] level_q;

  // Index plus a count (< DEPTH + DEPTH), wrapped once.
  function [AW-1:0] wrap_idx(input [AW:0] sum);
    wrap_idx = (sum >= DEPA) ? sum[AW-1:0] - DEPA[AW-1:0] : sum[AW-1:0];
  endfunction

  localparam [AW:0] AONE = 1;
  wire [AW-1:0] rd_d = wrap_idx({1'b0, rd_q} + AONE);
  wire [CW-1:0] level_d = level_q - (pop_i ? ONE : ZERO) + push_n_i;

  // Push k writes word wr_q + k (mod DEPTH) when k < push_n_i; the write pointer moves by push_n_i.
  wire [NPUSH-1:0] wen;
  wire [(NPUSH+1)*AW-1:0] widx;
  genvar k;
  generate
    for (k = 0; k <= NPUSH; k = k + 1) begin : g_push
      localparam [AW:0] KA = k;
      assign widx[k*AW+:AW] = wrap_idx({1'b0, wr_q} + KA);
      if (k < NPUSH) begin : g_en
        localparam [CW:0] KK = k;
        assign wen[k] = KK < {1'b0, push_n_i};
      end
    end
  endgenerate
  reg [AW-1:0] wr_d;
  integer n;
  always @* begin
    wr_d = wr_q;
    for (n = 1; n <= NPUSH; n = n + 1) if (push_n_i == n[CW-1:0]) wr_d = widx[n*AW+:AW];
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rd_q <= {AW{1'b0}};
      wr_q <= {AW{1'b0}};
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

  assign head_o  = mem_q[rd_q];
  assign level_o = level_q;
endmodule
`default_nettype wire
