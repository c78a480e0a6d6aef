  // ---- The fixed part of every generated testbench (rtl/templates/fg_tb_body.vh; docs/testbench.md).
  // It reads the set like the harness of `fecforge verify` (testbench/vecsim/tb_vectors.cpp) and gives
  // the same verdict. The generated part declares the design, the streams (stream_info) and the tasks
  // that touch its ports (inputs_zero, apply_tables, drive, check, record). ----

  localparam integer TEXT = 4096;  // characters per $fgets: a longer line takes several

  // The words of the set: the cycles streams line after line (stream s from its base), the table
  // streams, the memory images as expected (mexp) and as the design wrote them (mimg, mwr).
  // (A design without tables or memory streams leaves their arrays unused.)
  reg [63:0] cyc [0:CYC_WORDS*MAX_LINES-1];
  /* verilator lint_off UNUSEDSIGNAL */
  /* verilator lint_off UNDRIVEN */
  reg [63:0] tab [0:TAB_WORDS-1];
  reg [63:0] mexp [0:MEM_WORDS-1];
  reg [63:0] mimg [0:MEM_WORDS-1];
  reg mwr [0:MEM_WORDS-1];
  /* verilator lint_on UNDRIVEN */
  /* verilator lint_on UNUSEDSIGNAL */
  integer slines [0:NSTREAMS-1];  // lines of each stream in this set

  reg [8*512-1:0] dir;             // +vectors=DIR (paths up to 512 characters)
  reg [8*512-1:0] vcd;             // +vcd=FILE
  reg [8*64-1:0] file;             // the stream of the words being compared
  integer lines;                   // lines of the cycles streams
  integer latency;                 // +latency=L: output line n is compared in cycle n + L
  integer cycle, line;             // the cycle (from the first after reset) and the line compared
  integer words, cells, hidden;    // output words and memory cells compared, state words not exposed
  reg failed;

  function [63:0] mask(input integer w);  // the low w bits (w in [1, 64])
    mask = ~(~64'd0 << w);
  endfunction

  function [63:0] sext(input [63:0] v, input integer w);  // v sign-extended from w bits
    sext = v[w-1] ? v | ~mask(w) : v & mask(w);
  endfunction

  // An expected word (x: no value) against the design's element got: sw is the word's width when it
  // is signed (it is sign-extended to the element's ew bits), 0 when unsigned.
  task cmp(input [63:0] word, input [63:0] got, input integer sw, input integer ew, input [8*64-1:0] label);
    reg [63:0] want;
    begin
      if (!failed && ^word !== 1'bx) begin
        want = sw > 0 ? sext(word, sw) & mask(ew) : word;
        words = words + 1;
        if (want !== got) begin
          $display("MISMATCH %0s: cycle %0d (line %0d of %0s), port %0s: expected 0x%0h, actual 0x%0h", dir, cycle,
                   line + 1, file, label, want, got);
          failed = 1'b1;
        end
      end
    end
  endtask

  // A state word the design does not show (vectors/FORMAT.md: compared where the RTL exposes it).
  task hide(input [63:0] word);
    if (!failed && ^word !== 1'bx) hidden = hidden + 1;
  endtask

  // Lines of DIR/name (a line ends with "\n" or the file) and the words of the first.
  task count_lines(input [8*64-1:0] name, output integer n, output integer first_words);
    reg [8*TEXT-1:0] text;
    reg [8*600-1:0] path;
    reg [7:0] ch;
    integer fd, r, i, in_word;
    begin
      n = 0;
      first_words = 0;
      in_word = 0;
      $sformat(path, "%0s/%0s", dir, name);
      fd = $fopen(path, "r");
      if (fd == 0) begin
        $display("ERROR %0s: cannot open it (a vector set of this design: fecforge vectors)", path);
        failed = 1'b1;
      end else begin
        text = 0;
        r = $fgets(text, fd);
        while (r > 0) begin
          // The first line's words, in reading order (the unused characters of text are 0).
          for (i = TEXT - 1; n == 0 && i >= 0; i = i - 1) begin
            ch = text[8*i+:8];
            if (ch == 8'd32 || ch == 8'd10 || ch == 8'd13 || ch == 8'd9) in_word = 0;
            else if (ch != 8'd0 && in_word == 0) begin
              in_word = 1;
              first_words = first_words + 1;
            end
          end
          if (r < TEXT || text[7:0] == 8'd10) n = n + 1;
          text = 0;
          r = $fgets(text, fd);
        end
        $fclose(fd);
      end
    end
  endtask

  // Count, check and load every stream this testbench replays.
  task load;
    reg [8*64-1:0] name;
    reg [8*600-1:0] path;
    integer s, n, w, kind, ports, base, cap, banks, a;
    begin
      lines = -1;
      for (s = 0; !failed && s < NSTREAMS; s = s + 1) begin
        stream_info(s, name, kind, ports, base, cap, banks);
        count_lines(name, n, w);
        slines[s] = n;
        $sformat(path, "%0s/%0s", dir, name);
        if (failed) begin
          // could not open it: reported
        end else if (n == 0 || w != ports) begin
          $display("ERROR %0s: %0d lines, %0d words in the first, expected %0d a line (not a set of this design?)",
                   path, n, w, ports);
          failed = 1'b1;
        end else if (n > cap) begin
          $display("ERROR %0s: %0d lines, more than the %0d this testbench holds%0s", path, n, cap,
                   kind == 0 ? " (raise the parameter MAX_LINES: docs/testbench.md)" : "");
          failed = 1'b1;
        end else if (kind == 0 && lines >= 0 && n != lines) begin
          $display("ERROR %0s: %0d lines, the other cycle streams have %0d", path, n, lines);
          failed = 1'b1;
        end else if (kind == 2 && n % banks != 0) begin
          $display("ERROR %0s: %0d lines, not a multiple of the %0d banks", path, n, banks);
          failed = 1'b1;
        end else if (kind == 0) begin
          lines = n;
          $readmemh(path, cyc, base, base + n * ports - 1);
        end else if (kind == 1) begin
          $readmemh(path, tab, base, base + n * ports - 1);
        end else begin
          $readmemh(path, mexp, base, base + n - 1);
          for (a = base; a < base + n; a = a + 1) mwr[a] = 1'b0;
        end
      end
      if (!failed && lines < 0) begin
        $display("ERROR %0s: no cycles stream", dir);
        failed = 1'b1;
      end
    end
  endtask

  // The memory images against the design's writes: a cell the model never wrote must not be written.
  task check_memories;
    reg [8*64-1:0] name, want_s, got_s;
    reg [63:0] want;
    integer s, kind, base, banks, a;
    /* verilator lint_off UNUSEDSIGNAL */
    integer ports, cap;
    /* verilator lint_on UNUSEDSIGNAL */
    begin
      for (s = 0; s < NSTREAMS; s = s + 1) begin
        stream_info(s, name, kind, ports, base, cap, banks);
        for (a = 0; kind == 2 && !failed && a < slines[s]; a = a + 1) begin
          want = mexp[base+a];
          if (^want === 1'bx ? mwr[base+a] : !mwr[base+a] || mimg[base+a] !== want) begin
            want_s = "never written";
            got_s = "never written";
            if (^want !== 1'bx) $sformat(want_s, "0x%0h", want);
            if (mwr[base+a]) $sformat(got_s, "0x%0h", mimg[base+a]);
            $display("MISMATCH %0s: %0s bank %0d row %0d after the run: expected %0s, actual %0s", dir, name,
                     a / (slines[s] / banks), a % (slines[s] / banks), want_s, got_s);
            failed = 1'b1;
          end
          cells = cells + 1;
        end
      end
    end
  endtask

  // The end of a failed run: $fatal (exit status 1) where the simulator has it (Icarus; define FG_TB_FATAL
  // for another that does), else $finish after the line FAIL.
`ifdef __ICARUS__
`define FG_TB_FATAL
`endif
  task finish_failed;
    begin
      $display("FAIL %0s", dir);
`ifdef FG_TB_FATAL
      $fatal(1, "FAIL (the lines above say why)");
`else
      $finish;
`endif
    end
  endtask

  initial begin
    failed = 1'b0;
    words = 0;
    cells = 0;
    hidden = 0;
    cycle = 0;
    line = 0;
    file = "";
    clk_i = 1'b0;
    rst_ni = 1'b0;
    inputs_zero;
    if (!$value$plusargs("latency=%d", latency)) latency = 0;
    if ($value$plusargs("vcd=%s", vcd)) begin
      $dumpfile(vcd);
      $dumpvars(0, dut);
    end
    if (!$value$plusargs("vectors=%s", dir)) begin
      $display("ERROR no vector set: +vectors=DIR (a set of `fecforge vectors`; docs/testbench.md)");
      failed = 1'b1;
    end else if (latency < 0) begin
      $display("ERROR +latency=%0d: the latency is at least 0", latency);
      failed = 1'b1;
    end else load;
    if (!failed) apply_tables;
    if (!failed) begin
      // rst_ni low for two rising edges; cycle 0 is the first cycle after the reset (FORMAT.md)
      #5 clk_i = 1'b1;
      #5 clk_i = 1'b0;
      #5 clk_i = 1'b1;
      #5 clk_i = 1'b0;
      rst_ni = 1'b1;
      // each cycle: the line's inputs, outputs settle, compare, record the writes, the rising edge
      for (cycle = 0; !failed && cycle < lines + latency; cycle = cycle + 1) begin
        drive(cycle < lines ? cycle : -1);
        #2;
        if (cycle >= latency) check(cycle - latency);
        if (!failed) record;
        #3 clk_i = 1'b1;
        #5 clk_i = 1'b0;
      end
      if (!failed) check_memories;
    end
    if (failed) finish_failed;
    else begin
      $display("PASS %0s: %0d cycles, %0d output words and %0d memory cells match (%0d state words not exposed by the RTL)",
               dir, lines + latency, words, cells, hidden);
      $finish;
    end
  end
