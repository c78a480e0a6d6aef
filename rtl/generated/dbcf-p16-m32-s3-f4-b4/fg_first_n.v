// Copied from rtl/lib/fg_first_n.v by fecforge gen 0.1.0 (git 5b5de11c83bd). Do not edit.
// fg_first_n: up to NR successive find-first passes over N requests in index order. Pass k grants
// (one-hot, grant_o[k*N +: N]) the first request that passes 0..k-1 left; pass 0 always runs, pass
// k >= 1 only if en_i[k] (en_i[0] is ignored; en_i[k] must imply en_i[k-1]). any_o is every granted
// request. So the grants are the first min(NR, enabled passes) requests, pass k the k-th of them: a
// rotating-priority selector once the requests are rotated to put the start slot at index 0. Each
// pass is a prefix OR (fg_prefix_or): the grant is the request with no request before it, and the
// requests with one before them stay for the next pass.
`default_nettype none
module fg_first_n #(
    parameter integer N  = 8,
    parameter integer NR = 3
) (
    input  wire [   N-1:0] req_i,
    input  wire [  NR-1:0] en_i,
    output wire [NR*N-1:0] grant_o,
    output wire [   N-1:0] any_o
);
  genvar k;
  generate
    for (k = 0; k < NR; k = k + 1) begin : g_pass
      wire [N-1:0] r, any_before;  // the requests this pass sees; grants of the passes before
      if (k == 0) begin : g_first
        assign r = req_i;
        assign any_before = {N{1'b0}};
      end else begin : g_next
        assign r = g_pass[k-1].r & g_pass[k-1].prior & {N{en_i[k]}};
        assign any_before = g_pass[k-1].any;
      end
      wire [N-1:0] prior;  // a request before slot i
      fg_prefix_or #(.N(N)) u_pre (.x_i(r), .y_o(prior));
      wire [N-1:0] g = r & ~prior;
      wire [N-1:0] any = any_before | g;
      assign grant_o[k*N+:N] = g;
    end
  endgenerate
  assign any_o = g_pass[NR-1].any;
  wire unused_en0 = en_i[0];
endmodule
`default_nettype wire
