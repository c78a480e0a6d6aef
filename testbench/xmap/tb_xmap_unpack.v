// tb_xmap_unpack: N signed values of W <= 31 bits from N 32-bit slots (slot e at [e*32+:32], the
// value in its low W bits; the harness writes whole sign-extended int32 slots).
`default_nettype none
module tb_xmap_unpack #(
    parameter integer N = 8,
    parameter integer W = 10
) (
    input  wire [32*N-1:0] slots_i,
    output wire [N*W-1:0]  y_o
);
  genvar e;
  generate
    for (e = 0; e < N; e = e + 1) begin : g_e
      assign y_o[e*W+:W] = slots_i[e*32+:W];
      wire [31-W:0] unused_hi = slots_i[e*32+W+:32-W];
    end
  endgenerate
endmodule
`default_nettype wire
