`define TOP fg_ldpc
`define LINT
`define PORT
`define OUT
`define VEC
`undef MORE
`define NAME iterations_o
`define W1 3
`define WHAT iterations run; valid from done_o until the next codeword
`define CW 1
`define NCODES 2
`define ZMAX 27
`define ZW 5
`define N2 2
`define K 2
`define W 6
`define A 7
`define RW 6
`define MW 6
`define NUM 3
`define SHIFT 2
`define ROUND 1
`define SATLATE 1
`define KEEP 1
`define INSHIFT 1
`define PW 5
`define DCMAX 22
`define DV 12
`define LW 4
`define MBMAX 12
`define NW 24
`define AW 5
`define CNW 5
`define NMLMAX 6
`define MLW 3
`define MBSMAX 12
`define LOCW 4
`define GW 6
`define MBCW 4
`define SQW 7
`define ITW 4
`define BE 11
`define MBW 50
`define CE 10
`define CBW 120
`define DSW 7
`define DDW 8
`define SUMW 9
`define BKW 1
`define TOTMAX 43
`define LBAW 5
`define RFAW 3
`define RSAW 6
`define ZW1 4
`define CNW1 4
`define MLW1 2
`define GW1 5
`define LOCW1 3
`define MBW1 49
`define AW1 4
`define CBW1 119
`define MBCW1 3
`define BBW 2
`define BBW1 1
`define BANKID 2
`define CODE
`undef IDX
`define I 1
`define Z 27
`define NB 24
`define KC 12
`define NML 6
`define MLBASE
`define MLCNT
`define S1LOC
`define S2LOC
`define MB
`define INVCOL
`define COLBLK
`define S2LATE
`define MBBANK
`define AT 0
`define V 0
`default_nettype none
module `TOP (
`ifdef LINT
    // (Text for the lint only: the generator never renders the section LINT, gen/README.md "Templates".)
    // The multi-layer MB-serial QC-LDPC decoder (docs/rtl-ldpc.md): the ports (section PORT), the constants
    // of the code set and the ROM functions of the code index c (code 0 the default branch: an index past
    // the set selects code 0; section CODE, one instance per code, the last first), from the C model's
    // schedule; the architecture is fg_ldpc_body.vh. The lint's design is gen-ldpc's of the golden outputs
    // (cli/tests/golden/gen-ldpc.d), its first code only; here its ports but the last.
    input  wire clk_i,  // clock
    input  wire rst_ni,  // synchronous active-low reset: idle, ready for a codeword
    input  wire [0:0] code_sel_i,  // index of the code in the set (manifest codes[]); sampled with the first LLR word
    input  wire [3:0] max_iter_i,  // iteration limit [1, max_iter]; sampled with the first LLR word
    input  wire et_en_i,  // early termination by syndrome; sampled with the first LLR word
    input  wire llr_valid_i,  // N2 channel-LLR words on llr_i (block columns in order, N2 per cycle)
    input  wire [323:0] llr_i,  // word p lane j at [(p*Zmax + j)*W +: W], signed; lanes >= Z ignored
    output wire llr_ready_o,  // the decoder accepts llr_valid_i (idle, done or loading)
    output wire [2:0] phase_o,  // 0 idle, 1 load, 2 decode, 3 unload, 4 done
    output wire [3:0] iteration_o,  // 1-based iteration of stage 1, 0 when it is idle
    output wire s1_v_o,  // stage 1 holds a macro-layer
    output wire [6:0] s1_ml_o,  // its sequence number (iteration * macro-layers + macro-layer)
    output wire [3:0] s1_mb_o,  // MB column read this cycle
    output wire [1:0] s1_stall_o,  // 1 read-after-write hazard, 2 ping-pong register busy
    output wire s2_v_o,  // stage 2 issues an MB
    output wire [6:0] s2_ml_o,  // its macro-layer sequence number
    output wire [3:0] s2_mb_o,  // its MB column
    output wire s2_wait_et_o,  // stage 2 waits for the syndrome verdict
    output wire [1:0] ren_o,  // read port p reads
    output wire [9:0] raddr_o,  // read address of port p
    output wire [1:0] fwd_o,  // read port p takes the word written this cycle
    output wire [1:0] wen_o,  // write port p writes
    output wire [9:0] waddr_o,  // write address of port p
    output wire [377:0] wdata_o,  // write data of port p lane j at [(p*Zmax + j)*A +: A]
    output wire wml_v_o,  // this cycle's writes belong to macro-layer wml_o
    output wire [6:0] wml_o,  // their sequence number
    output wire iter_done_o,  // this cycle's write was the last of an iteration
    output wire et_valid_o,  // syndrome verdict this cycle
    output wire et_ok_o,  // all checks satisfied (decoding stops)
    output wire out_valid_o,  // hard decisions on out_bits_o
    output wire [1:0] out_v_o,  // word p of out_bits_o is valid
    output wire [9:0] out_col_o,  // its block column (information columns in order)
    output wire done_o,  // the codeword is finished (last unload cycle)
    output wire [53:0] out_bits_o,  // hard decisions, word p lane j at [p*Zmax + j]
`endif
`ifdef PORT
    `ifdef OUT output `else input  `endif wire `ifdef VEC [`W1:0] `endif`NAME`ifdef MORE ,`endif   // `WHAT
`endif
);
  localparam integer CW = `CW;  // code index bits (`NCODES codes)
  localparam integer ZMAX = `ZMAX, ZW = `ZW;  // lanes (largest Z), bits of z and of a shift
  localparam integer N2 = `N2, K = `K;  // MB columns (ports), layers per macro-layer
  localparam integer W = `W, A = `A, RW = `RW, MW = `MW;  // LLR, APP, R, min-finder magnitude bits
  localparam integer NUM = `NUM, SHIFT = `SHIFT, ROUND = `ROUND, SATLATE = `SATLATE, KEEP = `KEEP, INSHIFT = `INSHIFT;
  localparam integer PW = `PW;  // bits of an edge position (largest layer degree `DCMAX)
  localparam integer DV = `DV, LW = `LW, MBMAX = `MBMAX;  // largest column degree, layer bits, layers
  localparam integer NW = `NW, AW = `AW, CNW = `CNW;  // memory words, address bits, column counters
  localparam integer NMLMAX = `NMLMAX, MLW = `MLW, MBSMAX = `MBSMAX, LOCW = `LOCW, GW = `GW, MBCW = `MBCW;
  localparam integer SQW = `SQW, ITW = `ITW;  // macro-layer sequence numbers, iterations
  localparam integer BE = `BE, MBW = `MBW, CE = `CE, CBW = `CBW;  // ROM word layouts
  localparam integer DSW = `DSW, DDW = `DDW, SUMW = `SUMW;  // stage-2 sums, L - sum(R_old)
  localparam integer BKW = `BKW, TOTMAX = `TOTMAX;  // bank bits, MBs per iteration
  localparam integer LBAW = `LBAW, RFAW = `RFAW, RSAW = `RSAW;  // SRAM address bits: L buffer, R-Regfile

  // ---------------- ROMs: the code set (from the C model's schedule) ----------------
  function [`ZW1:0] f_z(input [CW-1:0] c);
    begin
      f_z = `ZW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif f_z = `Z;
`endif
      endcase
    end
  endfunction
  function [`CNW1:0] f_nb(input [CW-1:0] c);
    begin
      f_nb = `CNW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif f_nb = `NB;
`endif
      endcase
    end
  endfunction
  function [`CNW1:0] f_kc(input [CW-1:0] c);
    begin
      f_kc = `CNW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif f_kc = `KC;
`endif
      endcase
    end
  endfunction
  function [`MLW1:0] f_nml(input [CW-1:0] c);
    begin
      f_nml = `MLW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif f_nml = `NML;
`endif
      endcase
    end
  endfunction
  function [`GW1:0] f_mlbase(input [CW-1:0] c, input [`MLW1:0] m);
    begin
      f_mlbase = `GW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (m)
`ifdef MLBASE
            `AT: f_mlbase = `V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`LOCW1:0] f_mlcnt(input [CW-1:0] c, input [`MLW1:0] m);
    begin
      f_mlcnt = `LOCW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (m)
`ifdef MLCNT
            `AT: f_mlcnt = `V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`LOCW1:0] f_s1loc(input [CW-1:0] c, input [`GW1:0] g);
    begin
      f_s1loc = `LOCW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (g)
`ifdef S1LOC
            `AT: f_s1loc = `V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`LOCW1:0] f_s2loc(input [CW-1:0] c, input [`GW1:0] g);
    begin
      f_s2loc = `LOCW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (g)
`ifdef S2LOC
            `AT: f_s2loc = `V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`MBW1:0] f_mb(input [CW-1:0] c, input [`GW1:0] g);
    begin
      f_mb = `MBW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (g)
`ifdef MB
            `AT: f_mb = `MBW'h`V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`AW1:0] f_invcol(input [CW-1:0] c, input [`AW1:0] col);
    begin
      f_invcol = `AW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (col)
`ifdef INVCOL
            `AT: f_invcol = `V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`CBW1:0] f_colblk(input [CW-1:0] c, input [`AW1:0] a);
    begin
      f_colblk = `CBW'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (a)
`ifdef COLBLK
            `AT: f_colblk = `CBW'h`V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [0:0] f_s2late(input [CW-1:0] c, input [`MLW1:0] m);
    begin
      f_s2late = 1'd0;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (m)
`ifdef S2LATE
            `AT: f_s2late = 1'b`V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction
  function [`BBW1:0] f_mbbank(input [CW-1:0] c, input [`MBCW1:0] m);
    begin
      f_mbbank = `BBW'h`BANKID;
      case (c)
`ifdef CODE
        `ifdef IDX `CW'd`I: `else default: `endif
          case (m)
`ifdef MBBANK
            `AT: f_mbbank = `BBW'h`V;
`endif
            default: ;
          endcase
`endif
      endcase
    end
  endfunction

`include "fg_ldpc_body.vh"
