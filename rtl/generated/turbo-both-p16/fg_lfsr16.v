// Copied from rtl/lib/fg_lfsr16.v by fecforge gen 0.1.0 (git 9cdd35230147). Do not edit.
// fg_lfsr16: 16-bit Galois LFSR, the twin of fg_dbcf_lfsr_next() in cmodel/include/fecforge/dbcf.h:
// next = (s >> 1) ^ (s[0] ? TAPS : 0). TAPS 16'hB400 is x^16 + x^14 + x^13 + x^11 + 1 (period 65535).
// state_o is the registered state; synchronous active-low reset loads SEED (must be non-zero).
`default_nettype none
module fg_lfsr16 #(
    parameter [15:0] SEED = 16'hACE1,
    parameter [15:0] TAPS = 16'hB400
) (
    input  wire        clk_i,
    input  wire        rst_ni,
    output wire [15:0] state_o
);
  reg  [15:0] state_q;
  wire [15:0] state_d = {1'b0, state_q[15:1]} ^ (state_q[0] ? TAPS : 16'h0000);
  always @(posedge clk_i) begin
    if (!rst_ni) state_q <= SEED;
    else state_q <= state_d;
  end
  assign state_o = state_q;
endmodule
`default_nettype wire
