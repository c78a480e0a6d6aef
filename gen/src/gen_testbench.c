/* The self-checking Verilog testbench of a generated design (fg_gen_testbench, docs/testbench.md): the
 * design's ports and the layout of its vector sets bound by the rules of the `fecforge verify` harness
 * (testbench/vecsim/tb_ports.cpp), written as declarations and per-port statements around the fixed part
 * rtl/templates/fg_tb_body.vh. */
#include "fecforge_gen/gen.h"
#include "gen_internal.h"
#include "fecforge/error.h"

#include <string.h>

enum {
    TB_PORTS_MAX = 64,
    TB_WORDS = 1 << 20, /* cycle words the default MAX_LINES allows: about 50 MB under Icarus */
    TB_LINES_MIN = 2048,
    TB_CYCLES = 0,      /* stream kinds as the template numbers them */
    TB_TABLE = 1,
    TB_MEMORY = 2
};

typedef struct {
    const fg_vec_stream_def *s;
    int kind;
    int base; /* cycles: first word / MAX_LINES; tables, memories: first word */
    int cap;  /* tables, memories: most lines */
    const fg_gen_port *wp[3]; /* memories: X_we_o, X_row_o, X_data_o */
} tb_stream;

typedef struct {
    const fg_gen_port *ports;
    int np;
    tb_stream st[FG_VEC_LAYOUT_MAX];
    int n, cyc_words, tab_words, mem_words;
    unsigned char read[TB_PORTS_MAX]; /* RTL output the testbench reads */
} tb_plan;

/* A vector port bound to bits [off +: ew] of an RTL port (rtl NULL: a state port the RTL does not show). */
typedef struct {
    const fg_gen_port *rtl;
    int off, ew;
} tb_bound;

static int width_of(const fg_gen_port *p) { return p->width > 0 ? p->width : 1; }

static const fg_gen_port *find(const tb_plan *t, const char *name)
{
    for (int i = 0; i < t->np; i++)
        if (!strcmp(t->ports[i].name, name))
            return &t->ports[i];
    return NULL;
}

static void label(const fg_vec_port *p, char *buf, size_t n)
{
    if (p->index < 0)
        snprintf(buf, n, "%s", p->name);
    else
        snprintf(buf, n, "%s[%d]", p->name, p->index);
}

/* Elements of port `name` in stream s: its largest index + 1 (1 for a scalar). */
static int elements(const fg_vec_stream_def *s, const char *name)
{
    int n = 1;
    for (int k = 0; k < s->n_ports; k++)
        if (!strcmp(s->ports[k].name, name) && s->ports[k].index + 1 > n)
            n = s->ports[k].index + 1;
    return n;
}

/* Port k of cycles stream s bound as the harness binds it (fg_tb_bind). */
static int bind(const tb_plan *t, const fg_vec_stream_def *s, int k, tb_bound *b)
{
    const fg_vec_port *p = &s->ports[k];
    char lb[FG_VEC_NAME_MAX + 16];
    label(p, lb, sizeof lb);
    *b = (tb_bound){find(t, p->name), 0, 0};
    if (!b->rtl)
        return p->dir == FG_VEC_STATE
                   ? 0
                   : fg_set_error(FG_EMISMATCH, "testbench: %s port %s has no RTL port", s->name, lb);
    const int w = width_of(b->rtl), n = elements(s, p->name);
    if (b->rtl->out != (p->dir != FG_VEC_IN))
        return fg_set_error(FG_EMISMATCH, "testbench: %s port %s is an %s, the RTL's an %s", s->name, lb,
                            p->dir == FG_VEC_IN ? "input" : "output", b->rtl->out ? "output" : "input");
    b->ew = w / n;
    b->off = (p->index < 0 ? 0 : p->index) * b->ew;
    if (w % n || b->ew < p->width || b->ew > 64)
        return fg_set_error(FG_EMISMATCH,
                            "testbench: %s port %s (%d bits) does not fit RTL port %s (%d bits, %d elements)", s->name,
                            lb, p->width, b->rtl->name, w, n);
    return 0;
}

/* A table's input port: the RTL input name_i, or name. */
static const fg_gen_port *table_input(const tb_plan *t, const char *name)
{
    char n[FG_VEC_NAME_MAX + 4];
    snprintf(n, sizeof n, "%s_i", name);
    const fg_gen_port *r = find(t, n);
    return r ? r : find(t, name);
}

static void mark_read(tb_plan *t, const fg_gen_port *r)
{
    if (r)
        t->read[r - t->ports] = 1;
}

/* The streams the testbench replays, where their words go, and every binding checked: cycles streams;
 * tables with inputs (the others hold results); memories named X_data, the image of the write ports
 * X_we_o, X_row_o, X_data_o (the others are reference data, vectors/FORMAT.md). */
static int plan(tb_plan *t, const fg_vec_layout *lay)
{
    int rc = 0;
    for (int i = 0; i < lay->n && !rc; i++) {
        const fg_vec_stream_def *s = &lay->stream[i];
        tb_stream *ts = &t->st[t->n];
        *ts = (tb_stream){.s = s};
        if (s->kind == FG_VEC_CYCLES) {
            for (int k = 0; k < s->n_ports && !rc; k++) {
                tb_bound b;
                if (!(rc = bind(t, s, k, &b)) && s->ports[k].dir != FG_VEC_IN)
                    mark_read(t, b.rtl);
            }
            ts->kind = TB_CYCLES;
            ts->base = t->cyc_words;
            t->cyc_words += s->n_ports;
            t->n++;
        } else if (s->kind == FG_VEC_TABLE) {
            ts->kind = TB_TABLE;
            ts->cap = 0;
            for (int k = 0; k < s->n_ports && !rc; k++) {
                const fg_vec_port *p = &s->ports[k];
                const fg_gen_port *r = p->dir == FG_VEC_IN ? table_input(t, p->name) : NULL;
                if (p->dir == FG_VEC_IN && (!r || r->out))
                    rc = fg_set_error(FG_EMISMATCH, "testbench: table %s port %s has no RTL input %s_i", s->name,
                                      p->name, p->name);
                else if (r && (!ts->cap || width_of(r) / p->width < ts->cap))
                    ts->cap = width_of(r) / p->width; /* an element has at least the port's bits */
            }
            if (ts->cap) {
                ts->base = t->tab_words;
                t->tab_words += ts->cap * s->n_ports;
                t->n++;
            }
        } else {
            static const char *const suffix[3] = {"_we_o", "_row_o", "_data_o"};
            const char *pn = s->ports[0].name;
            const size_t len = strlen(pn);
            if (len <= 5 || strcmp(pn + len - 5, "_data"))
                continue;
            for (int j = 0; j < 3 && !rc; j++) {
                char n[FG_VEC_NAME_MAX + 8];
                snprintf(n, sizeof n, "%.*s%s", (int)(len - 5), pn, suffix[j]);
                if (!(ts->wp[j] = find(t, n)) || !ts->wp[j]->out)
                    rc = fg_set_error(FG_EMISMATCH, "testbench: memory %s needs an RTL output %s", s->name, n);
                mark_read(t, ts->wp[j]);
            }
            const int B = s->banks;
            if (!rc && (width_of(ts->wp[0]) != B || width_of(ts->wp[1]) % B || width_of(ts->wp[2]) % B ||
                        width_of(ts->wp[2]) / B < s->ports[0].width || width_of(ts->wp[2]) / B > 64 ||
                        width_of(ts->wp[1]) / B > 31))
                rc = fg_set_error(FG_EMISMATCH,
                                  "testbench: the write ports of memory %s are not %d elements of %d data bits",
                                  s->name, B, s->ports[0].width);
            ts->kind = TB_MEMORY;
            ts->base = t->mem_words;
            ts->cap = B * s->depth;
            t->mem_words += ts->cap;
            t->n++;
        }
    }
    return rc;
}

/* x (w bits) zero-extended to 64 bits. */
static void ext64(FILE *f, const char *x, int w)
{
    if (w < 64)
        fprintf(f, "{%d'd0, %s}", 64 - w, x);
    else
        fputs(x, f);
}

static void emit_head(FILE *f, const tb_plan *t, const char *top)
{
    int max_lines = TB_WORDS / (t->cyc_words ? t->cyc_words : 1) / 256 * 256;
    if (max_lines < TB_LINES_MIN)
        max_lines = TB_LINES_MIN;
    fprintf(f,
            "`default_nettype none\nmodule tb_%s;\n"
            "  // Lines of the longest vector set the arrays hold (by default about %d M words, at least %d lines);\n"
            "  // raise it at elaboration (docs/testbench.md): iverilog -Ptb_%s.MAX_LINES=N\n"
            "  parameter integer MAX_LINES = %d;\n"
            "  localparam integer NSTREAMS = %d, CYC_WORDS = %d, TAB_WORDS = %d, MEM_WORDS = %d;\n\n"
            "  // The design; the testbench drives every input.\n",
            top, TB_WORDS >> 20, TB_LINES_MIN, top, max_lines, t->n, t->cyc_words, t->tab_words ? t->tab_words : 1,
            t->mem_words ? t->mem_words : 1);
    for (int i = 0; i < t->np; i++) {
        const fg_gen_port *p = &t->ports[i];
        const int unused = p->out && !t->read[i];
        fprintf(f, "  %s%s [%d:0] %s;%s\n", unused ? "/* verilator lint_off UNUSEDSIGNAL */ " : "",
                p->out ? "wire" : "reg ", width_of(p) - 1, p->name,
                unused ? "  /* verilator lint_on UNUSEDSIGNAL */  // not in the vector sets" : "");
    }
    fprintf(f, "  %s dut (\n", top);
    for (int i = 0; i < t->np; i++)
        fprintf(f, "      .%s(%s)%s\n", t->ports[i].name, t->ports[i].name, i + 1 < t->np ? "," : "");
    fprintf(f, "  );\n");
}

static void emit_stream_info(FILE *f, const tb_plan *t)
{
    fprintf(f, "\n  // The streams of a set it replays (the others are reference data, vectors/FORMAT.md): file, kind\n"
               "  // (0 cycles, 1 table, 2 memory), words per line, first word in its array, most lines, banks.\n"
               "  task stream_info(input integer s, output [8*64-1:0] name, output integer kind, output integer ports,\n"
               "                   output integer base, output integer cap, output integer banks);\n"
               "    begin\n"
               "      name = \"\";\n      kind = 0;\n      ports = 0;\n      base = 0;\n      cap = 0;\n      banks = 0;\n"
               "      case (s)\n");
    for (int i = 0; i < t->n; i++) {
        const tb_stream *ts = &t->st[i];
        fprintf(f, "        %d: begin\n          name = \"%s.hex\";\n          kind = %d;\n          ports = %d;\n", i,
                ts->s->name, ts->kind, ts->s->n_ports);
        if (ts->kind == TB_CYCLES)
            fprintf(f, "          base = %d * MAX_LINES;\n          cap = MAX_LINES;\n", ts->base);
        else
            fprintf(f, "          base = %d;\n          cap = %d;\n", ts->base, ts->cap);
        fprintf(f, "          banks = %d;\n        end\n", ts->s->banks);
    }
    fprintf(f, "        default: ;\n      endcase\n    end\n  endtask\n");
}

static void emit_inputs_zero(FILE *f, const tb_plan *t)
{
    fprintf(f, "\n  // Every input 0 but the clock and the reset.\n  task inputs_zero;\n    begin\n");
    for (int i = 0; i < t->np; i++)
        if (!t->ports[i].out && strcmp(t->ports[i].name, "clk_i") && strcmp(t->ports[i].name, "rst_ni"))
            fprintf(f, "      %s = %d'd0;\n", t->ports[i].name, width_of(&t->ports[i]));
    fprintf(f, "    end\n  endtask\n");
}

static void emit_tables(FILE *f, const tb_plan *t)
{
    int any = 0;
    for (int i = 0; i < t->n; i++)
        any |= t->st[i].kind == TB_TABLE;
    fprintf(f, "\n  // The tables: line l, port p drives element l of the input p_i (or p) from before the reset on; an\n"
               "  // element is the input's width / the table's lines.\n"
               "  task apply_tables;\n%s    begin\n",
            any ? "    integer l, e, k;\n    reg [63:0] v;\n" : "");
    for (int i = 0; i < t->n; i++) {
        const tb_stream *ts = &t->st[i];
        for (int k = 0; ts->kind == TB_TABLE && k < ts->s->n_ports; k++) {
            const fg_vec_port *p = &ts->s->ports[k];
            const fg_gen_port *r = p->dir == FG_VEC_IN ? table_input(t, p->name) : NULL;
            if (!r)
                continue;
            const int w = width_of(r);
            char word[64];
            snprintf(word, sizeof word, "tab[%d+l*%d]", ts->base + k, ts->s->n_ports);
            fprintf(f,
                    "      e = %d / slines[%d];\n"
                    "      if (%d %% slines[%d] != 0 || e < %d || e > 64) begin\n"
                    "        $display(\"ERROR %%0s/%s.hex: %%0d lines, %s (%d bits) does not split into elements of %d to 64 bits\",\n"
                    "                 dir, slines[%d]);\n"
                    "        failed = 1'b1;\n"
                    "      end else\n"
                    "        for (l = 0; l < slines[%d]; l = l + 1) begin\n",
                    w, i, w, i, p->width, ts->s->name, r->name, w, p->width, i, i);
            if (p->is_signed)
                fprintf(f, "          v = sext(%s, %d);\n", word, p->width);
            else
                fprintf(f, "          v = %s;\n", word);
            fprintf(f, "          for (k = 0; k < e; k = k + 1) %s[l*e+k] = v[k];\n        end\n", r->name);
        }
    }
    fprintf(f, "    end\n  endtask\n");
}

static void emit_cycles(FILE *f, const tb_plan *t)
{
    char x[FG_VEC_NAME_MAX + 32], lb[FG_VEC_NAME_MAX + 16];
    unsigned char driven[TB_PORTS_MAX] = {0};
    fprintf(f, "\n  // The inputs of line n of the cycle streams; n < 0: 0, after the last line.\n"
               "  task drive(input integer n);\n    integer b;\n    begin\n      if (n >= 0) begin\n");
    for (int i = 0; i < t->n; i++) {
        const tb_stream *ts = &t->st[i];
        int first = 1;
        for (int k = 0; ts->kind == TB_CYCLES && k < ts->s->n_ports; k++) {
            const fg_vec_port *p = &ts->s->ports[k];
            tb_bound b;
            if (p->dir != FG_VEC_IN || bind(t, ts->s, k, &b))
                continue;
            if (first)
                fprintf(f, "        b = %d * MAX_LINES + n * %d;  // %s.hex\n", ts->base, ts->s->n_ports, ts->s->name);
            first = 0;
            driven[b.rtl - t->ports] = 1;
            if (p->is_signed && b.ew > p->width) /* sign-extended into the wider element */
                fprintf(f, "        %s[%d+:%d] = {{%d{cyc[b+%d][%d]}}, cyc[b+%d][%d:0]};\n", b.rtl->name, b.off, b.ew,
                        b.ew - p->width, k, p->width - 1, k, p->width - 1);
            else
                fprintf(f, "        %s[%d+:%d] = cyc[b+%d][%d:0];\n", b.rtl->name, b.off, b.ew, k, b.ew - 1);
        }
    }
    fprintf(f, "      end else begin\n");
    for (int i = 0; i < t->np; i++)
        if (driven[i])
            fprintf(f, "        %s = %d'd0;\n", t->ports[i].name, width_of(&t->ports[i]));
    fprintf(f, "      end\n    end\n  endtask\n");

    fprintf(f, "\n  // Compare the outputs of line n of the cycle streams.\n"
               "  task check(input integer n);\n    integer b;\n    begin\n      line = n;\n");
    for (int i = 0; i < t->n; i++) {
        const tb_stream *ts = &t->st[i];
        int first = 1;
        for (int k = 0; ts->kind == TB_CYCLES && k < ts->s->n_ports; k++) {
            const fg_vec_port *p = &ts->s->ports[k];
            tb_bound b;
            if (p->dir == FG_VEC_IN || bind(t, ts->s, k, &b))
                continue;
            if (first) {
                fprintf(f, "      file = \"%s.hex\";\n      b = %d * MAX_LINES + n * %d;\n", ts->s->name, ts->base,
                        ts->s->n_ports);
                first = 0;
            }
            label(p, lb, sizeof lb);
            if (!b.rtl) {
                fprintf(f, "      hide(cyc[b+%d]);  // %s: not exposed by the RTL\n", k, lb);
                continue;
            }
            snprintf(x, sizeof x, "%s[%d+:%d]", b.rtl->name, b.off, b.ew);
            fprintf(f, "      cmp(cyc[b+%d], ", k);
            ext64(f, x, b.ew);
            fprintf(f, ", %d, %d, \"%s\");\n", p->is_signed ? p->width : 0, b.ew, lb);
        }
    }
    fprintf(f, "    end\n  endtask\n");
}

static void emit_record(FILE *f, const tb_plan *t)
{
    int any = 0;
    for (int i = 0; i < t->n; i++)
        any |= t->st[i].kind == TB_MEMORY;
    fprintf(f, "\n  // The writes of this cycle into the images of the memory streams (at the clock edge).\n"
               "  task record;\n%s    begin\n", any ? "    integer k, r, depth;\n" : "");
    for (int i = 0; i < t->n; i++) {
        const tb_stream *ts = &t->st[i];
        if (ts->kind != TB_MEMORY)
            continue;
        const int B = ts->s->banks, rw = width_of(ts->wp[1]) / B, dw = width_of(ts->wp[2]) / B;
        char row[FG_VEC_NAME_MAX + 32], data[FG_VEC_NAME_MAX + 32];
        snprintf(row, sizeof row, "%s[k*%d+:%d]", ts->wp[1]->name, rw, rw);
        snprintf(data, sizeof data, "%s[k*%d+:%d]", ts->wp[2]->name, dw, dw);
        fprintf(f,
                "      depth = slines[%d] / %d;\n"
                "      for (k = 0; !failed && k < %d; k = k + 1)\n"
                "        if (%s[k]) begin\n"
                "          r = {%d'd0, %s};\n"
                "          if (r >= depth) begin\n"
                "            $display(\"MISMATCH %%0s: cycle %%0d, bank %%0d writes row %%0d beyond the depth %%0d of %s.hex\",\n"
                "                     dir, cycle, k, r, depth);\n"
                "            failed = 1'b1;\n"
                "          end else begin\n"
                "            mimg[%d+k*depth+r] = ",
                i, B, B, ts->wp[0]->name, 32 - rw, row, ts->s->name, ts->base);
        ext64(f, data, dw);
        fprintf(f, " & mask(%d);\n            mwr[%d+k*depth+r] = 1'b1;\n          end\n        end\n",
                ts->s->ports[0].width, ts->base);
    }
    fprintf(f, "    end\n  endtask\n");
}

int fg_gen_testbench(FILE *f, const char *top, const fg_gen_port *ports, int n_ports, const fg_vec_layout *lay,
                     const char *params)
{
    tb_plan t = {.ports = ports, .np = n_ports};
    if (n_ports > TB_PORTS_MAX)
        return fg_set_error(FG_EMISMATCH, "testbench: %d ports, at most %d", n_ports, TB_PORTS_MAX);
    for (int i = 0; i < 2; i++) {
        const char *name = i ? "rst_ni" : "clk_i";
        const fg_gen_port *p = find(&t, name);
        if (!p || p->out || width_of(p) != 1)
            return fg_set_error(FG_EMISMATCH, "testbench: %s has no 1-bit input %s", top, name);
    }
    int rc = plan(&t, lay);
    if (rc)
        return rc;
    char what[256];
    snprintf(what, sizeof what,
             "Self-checking testbench of %s: replays a vector set of `fecforge vectors` (docs/testbench.md)", top);
    fg_gen_header(f, what, params);
    fprintf(f,
            "// Run: iverilog -g2005 -o tb.vvp -c files.f tb_%s.v && vvp -n tb.vvp +vectors=SET [+latency=L] "
            "[+vcd=FILE]\n",
            top);
    emit_head(f, &t, top);
    emit_stream_info(f, &t);
    fputs("\n", f);
    fputs(fg_gen_template("fg_tb_body"), f);
    emit_inputs_zero(f, &t);
    emit_tables(f, &t);
    emit_cycles(f, &t);
    emit_record(f, &t);
    fprintf(f, "endmodule\n`default_nettype wire\n");
    return 0;
}
