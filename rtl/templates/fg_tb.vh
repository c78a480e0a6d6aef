`define TOP fg_tb
`define DUT fg_fifo
`define LINT
`define MWORDS 1
`define LINES_MIN 2048
`define MAX_LINES 2048
`define NSTREAMS 2
`define CYC_WORDS 5
`define TAB_WORDS 1
`define MEM_WORDS 1
`define PORT
`undef OUT
`undef UNUSED
`define MORE
`define ZERO
`define DRIVEN
`define NAME data_i
`define W 8
`define W1 7
`define STREAM
`define S 0
`define FILE stimulus
`define KIND 0
`define NPORTS 3
`define BASE 0
`define CYC
`define CAP 1
`define BANKS 1
`define TABLES
`define TPORT
`define PW 4
`define PW1 3
`define WORD 0
`define SEXT
`define XW 4
`define DRIVE
`define DPORT
`define K 1
`define OFF 0
`define EW 8
`define EW1 7
`define CHECK
`define CPORT
`undef HIDE
`define LABEL data_i
`define SW 0
`define ZX
`define ZW 56
`define MEMS
`define MEM
`define WE head_o
`define ROW level_o
`define RW 3
`define RZ 29
`define DATA head_o
`define DW 8
// Run: iverilog -g2005 -o tb.vvp -c files.f `TOP.v && vvp -n tb.vvp +vectors=SET [+latency=L] [+vcd=FILE]
`default_nettype none
module `TOP;
`ifdef LINT
  // (Text for the lint only: the generator never renders the section LINT, gen/README.md "Templates".)
  // The self-checking testbench of a generated design (docs/testbench.md): its ports (section PORT: the
  // declarations, the instance, the inputs set to 0), the streams it replays (STREAM), the tasks that touch
  // the ports (TPORT: a table's input; DRIVE/DPORT and CHECK/CPORT: a cycles stream's inputs and outputs;
  // MEM: a memory stream's write ports) around fg_tb_body.vh. The lint's design: a testbench of rtl/lib's
  // fg_fifo, its port data_i the instance of PORT, the others here; its delays are for the simulator.
  /* verilator timing_off */
`endif
  // Lines of the longest vector set the arrays hold (by default about `MWORDS M words, at least `LINES_MIN lines);
  // raise it at elaboration (docs/testbench.md): iverilog -P`TOP.MAX_LINES=N
  parameter integer MAX_LINES = `MAX_LINES;
  localparam integer NSTREAMS = `NSTREAMS, CYC_WORDS = `CYC_WORDS, TAB_WORDS = `TAB_WORDS, MEM_WORDS = `MEM_WORDS;

  // The design; the testbench drives every input.
`ifdef LINT
  reg  [0:0] clk_i;
  reg  [0:0] rst_ni;
  reg  [0:0] push_i;
`endif
`ifdef PORT
`ifdef OUT
`ifdef UNUSED
  /* verilator lint_off UNUSEDSIGNAL */ wire [`W1:0] `NAME;  /* verilator lint_on UNUSEDSIGNAL */  // not in the vector sets
`else
  wire [`W1:0] `NAME;
`endif
`else
  reg  [`W1:0] `NAME;
`endif
`endif
`ifdef LINT
  reg  [0:0] pop_i;
  wire [7:0] head_o;
  wire [2:0] level_o;
`endif
  `DUT dut (
`ifdef LINT
      .clk_i(clk_i),
      .rst_ni(rst_ni),
      .push_i(push_i),
`endif
`ifdef PORT
      .`NAME(`NAME)`ifdef MORE ,`endif
`endif
`ifdef LINT
      .pop_i(pop_i),
      .head_o(head_o),
      .level_o(level_o)
`endif
  );

  // The streams of a set it replays (the others are reference data, vectors/FORMAT.md): file, kind
  // (0 cycles, 1 table, 2 memory), words per line, first word in its array, most lines, banks.
  task stream_info(input integer s, output [8*64-1:0] name, output integer kind, output integer ports,
                   output integer base, output integer cap, output integer banks);
    begin
      name = "";
      kind = 0;
      ports = 0;
      base = 0;
      cap = 0;
      banks = 0;
      case (s)
`ifdef STREAM
        `S: begin
          name = "`FILE.hex";
          kind = `KIND;
          ports = `NPORTS;
`ifdef CYC
          base = `BASE * MAX_LINES;
          cap = MAX_LINES;
`else
          base = `BASE;
          cap = `CAP;
`endif
          banks = `BANKS;
        end
`endif
        default: ;
      endcase
    end
  endtask

`include "fg_tb_body.vh"

  // Every input 0 but the clock and the reset.
  task inputs_zero;
    begin
`ifdef PORT
`ifdef ZERO
      `NAME = `W'd0;
`endif
`endif
`ifdef LINT
      push_i = 1'd0;
      pop_i = 1'd0;
`endif
    end
  endtask

  // The tables: line l, port p drives element l of the input p_i (or p) from before the reset on; an
  // element is the input's width / the table's lines.
  task apply_tables;
`ifdef TABLES
    integer l, e, k;
    reg [63:0] v;
`endif
    begin
`ifdef TPORT
      e = `W / slines[`S];
      if (`W % slines[`S] != 0 || e < `PW || e > 64) begin
        $display("ERROR %0s/`FILE.hex: %0d lines, `NAME (`W bits) does not split into elements of `PW to 64 bits",
                 dir, slines[`S]);
        failed = 1'b1;
      end else
        for (l = 0; l < slines[`S]; l = l + 1) begin
`ifdef SEXT
          v = sext(tab[`WORD+l*`NPORTS], `PW);
`else
          v = tab[`WORD+l*`NPORTS];
`endif
          for (k = 0; k < e; k = k + 1) `NAME[l*e+k] = v[k];
        end
`endif
    end
  endtask

  // The inputs of line n of the cycle streams; n < 0: 0, after the last line.
  task drive(input integer n);
    integer b;
    begin
      if (n >= 0) begin
`ifdef DRIVE
        b = `BASE * MAX_LINES + n * `NPORTS;  // `FILE.hex
`ifdef DPORT
`ifdef SEXT
        `NAME[`OFF+:`EW] = {{`XW{cyc[b+`K][`PW1]}}, cyc[b+`K][`PW1:0]};
`else
        `NAME[`OFF+:`EW] = cyc[b+`K][`EW1:0];
`endif
`endif
`endif
      end else begin
`ifdef PORT
`ifdef DRIVEN
        `NAME = `W'd0;
`endif
`endif
      end
    end
  endtask

  // Compare the outputs of line n of the cycle streams.
  task check(input integer n);
    integer b;
    begin
      line = n;
`ifdef CHECK
      file = "`FILE.hex";
      b = `BASE * MAX_LINES + n * `NPORTS;
`ifdef CPORT
`ifdef HIDE
      hide(cyc[b+`K]);  // `LABEL: not exposed by the RTL
`else
      cmp(cyc[b+`K], `ifdef ZX {`ZW'd0, `NAME[`OFF+:`EW]}`else `NAME[`OFF+:`EW]`endif, `SW, `EW, "`LABEL");
`endif
`endif
`endif
    end
  endtask

  // The writes of this cycle into the images of the memory streams (at the clock edge).
  task record;
`ifdef MEMS
    integer k, r, depth;
`endif
    begin
`ifdef MEM
      depth = slines[`S] / `BANKS;
      for (k = 0; !failed && k < `BANKS; k = k + 1)
        if (`WE[k]) begin
          r = {`RZ'd0, `ROW[k*`RW+:`RW]};
          if (r >= depth) begin
            $display("MISMATCH %0s: cycle %0d, bank %0d writes row %0d beyond the depth %0d of `FILE.hex",
                     dir, cycle, k, r, depth);
            failed = 1'b1;
          end else begin
            mimg[`BASE+k*depth+r] = `ifdef ZX {`ZW'd0, `DATA[k*`DW+:`DW]}`else `DATA[k*`DW+:`DW]`endif  & mask(`PW);
            mwr[`BASE+k*depth+r] = 1'b1;
          end
        end
`endif
    end
  endtask
endmodule
`default_nettype wire
