// tb_xmap_pack: N signed values of W <= 31 bits into N 32-bit slots, sign-extended (slot e at
// [e*32+:32]), so the harness reads each as an int32.
`default_nettype none
module tb_xmap_pack #(
    parameter integer N = 8,
    parameter integer W = 10
) (
    input  wire [N*W-1:0]  x_i,
    output wire [32*N-1:0] slots_o
);
  genvar e;
  generate
    for (e = 0; e < N; e = e + 1) begin : g_e
      assign slots_o[e*32+:32] = {{(32 - W) {x_i[e*W+W-1]}}, x_i[e*W+:W]};
    end
  endgenerate
endmodule
`default_nettype wire
