/* The self-checking Verilog testbench of a generated design (fg_gen_testbench, docs/testbench.md): the
 * design's ports and the layout of its vector sets bound by the rules of the `fecforge verify` harness
 * (testbench/vecsim/tb_ports.cpp): the values of the template rtl/templates/fg_tb.vh (ports, streams and
 * the tasks that touch the ports), which includes the fixed part fg_tb_body.vh. */
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
    unsigned char read[TB_PORTS_MAX];   /* RTL output the testbench reads */
    unsigned char driven[TB_PORTS_MAX]; /* RTL input a cycles stream drives */
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
                else if (!rc)
                    t->driven[b.rtl - t->ports] = 1;
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

/* An element of w bits zero-extended to a 64-bit word (section ZX, where it is narrower). */
static void zext(fg_tpl *t, int w)
{
    if (w < 64) {
        fg_tpl_begin(t, "ZX");
        fg_tpl_int(t, "ZW", 64 - w);
        fg_tpl_end(t);
    }
}

/* The design's ports (section PORT): their declarations, the instance, the inputs set to 0. */
static void tpl_ports(fg_tpl *t, const tb_plan *p)
{
    for (int i = 0; i < p->np; i++) {
        const fg_gen_port *r = &p->ports[i];
        const int zero = !r->out && strcmp(r->name, "clk_i") && strcmp(r->name, "rst_ni");
        fg_tpl_begin(t, "PORT");
        fg_tpl_set(t, "NAME", "%s", r->name);
        fg_tpl_int(t, "W1", width_of(r) - 1);
        if (zero || p->driven[i])
            fg_tpl_int(t, "W", width_of(r));
        if (r->out) {
            fg_tpl_begin(t, "OUT");
            fg_tpl_flag(t, "UNUSED", !p->read[i]);
            fg_tpl_end(t);
        }
        fg_tpl_flag(t, "MORE", i + 1 < p->np);
        fg_tpl_flag(t, "ZERO", zero);
        fg_tpl_flag(t, "DRIVEN", p->driven[i]);
        fg_tpl_end(t);
    }
}

/* The input ports of table stream i (section TPORT): element l of input p_i from line l of word p. */
static void tpl_table(fg_tpl *t, const tb_plan *p, int i)
{
    const tb_stream *ts = &p->st[i];
    for (int k = 0; k < ts->s->n_ports; k++) {
        const fg_vec_port *vp = &ts->s->ports[k];
        const fg_gen_port *r = vp->dir == FG_VEC_IN ? table_input(p, vp->name) : NULL;
        if (!r)
            continue;
        fg_tpl_begin(t, "TPORT");
        fg_tpl_set(t, "FILE", "%s", ts->s->name);
        fg_tpl_set(t, "NAME", "%s", r->name);
        fg_tpl_int(t, "S", i);
        fg_tpl_int(t, "W", width_of(r));
        fg_tpl_int(t, "PW", vp->width);
        fg_tpl_int(t, "WORD", ts->base + k);
        fg_tpl_int(t, "NPORTS", ts->s->n_ports);
        fg_tpl_flag(t, "SEXT", vp->is_signed);
        fg_tpl_end(t);
    }
}

/* Cycles stream i: its inputs driven (out 0: section DRIVE, a port DPORT) or its outputs compared (out 1:
 * CHECK, CPORT), each port into the bits of the RTL port it is bound to. */
static void tpl_cycles(fg_tpl *t, const tb_plan *p, int i, int out)
{
    const tb_stream *ts = &p->st[i];
    int any = 0;
    for (int k = 0; k < ts->s->n_ports; k++) {
        const fg_vec_port *vp = &ts->s->ports[k];
        char lb[FG_VEC_NAME_MAX + 16];
        tb_bound b;
        if ((vp->dir != FG_VEC_IN) != out || bind(p, ts->s, k, &b))
            continue;
        if (!any++) {
            fg_tpl_begin(t, out ? "CHECK" : "DRIVE");
            fg_tpl_set(t, "FILE", "%s", ts->s->name);
            fg_tpl_int(t, "BASE", ts->base);
            fg_tpl_int(t, "NPORTS", ts->s->n_ports);
        }
        fg_tpl_begin(t, out ? "CPORT" : "DPORT");
        fg_tpl_int(t, "K", k);
        if (out) {
            label(vp, lb, sizeof lb);
            fg_tpl_set(t, "LABEL", "%s", lb);
        }
        if (!b.rtl) { /* a state port the RTL does not show */
            fg_tpl_flag(t, "HIDE", 1);
            fg_tpl_end(t);
            continue;
        }
        fg_tpl_set(t, "NAME", "%s", b.rtl->name);
        fg_tpl_int(t, "OFF", b.off);
        fg_tpl_int(t, "EW", b.ew);
        if (out) {
            fg_tpl_int(t, "SW", vp->is_signed ? vp->width : 0);
            zext(t, b.ew);
        } else if (vp->is_signed && b.ew > vp->width) { /* sign-extended into the wider element */
            fg_tpl_begin(t, "SEXT");
            fg_tpl_int(t, "XW", b.ew - vp->width);
            fg_tpl_int(t, "PW1", vp->width - 1);
            fg_tpl_end(t);
        } else
            fg_tpl_int(t, "EW1", b.ew - 1);
        fg_tpl_end(t);
    }
    if (any)
        fg_tpl_end(t);
}

/* Memory stream i (section MEM): the writes of its write ports into its image. */
static void tpl_memory(fg_tpl *t, const tb_plan *p, int i)
{
    const tb_stream *ts = &p->st[i];
    const int B = ts->s->banks, rw = width_of(ts->wp[1]) / B, dw = width_of(ts->wp[2]) / B;
    fg_tpl_begin(t, "MEM");
    fg_tpl_set(t, "FILE", "%s", ts->s->name);
    fg_tpl_set(t, "WE", "%s", ts->wp[0]->name);
    fg_tpl_set(t, "ROW", "%s", ts->wp[1]->name);
    fg_tpl_set(t, "DATA", "%s", ts->wp[2]->name);
    const fg_tpl_iv iv[] = {{"S", i},       {"BANKS", B}, {"BASE", ts->base},           {"RW", rw},
                            {"RZ", 32 - rw}, {"DW", dw},   {"PW", ts->s->ports[0].width}};
    fg_tpl_ints(t, iv, (int)(sizeof iv / sizeof iv[0]));
    zext(t, dw);
    fg_tpl_end(t);
}

int fg_gen_testbench(FILE *f, const char *top, const fg_gen_port *ports, int n_ports, const fg_vec_layout *lay,
                     const char *params)
{
    tb_plan p = {.ports = ports, .np = n_ports};
    if (n_ports > TB_PORTS_MAX)
        return fg_set_error(FG_EMISMATCH, "testbench: %d ports, at most %d", n_ports, TB_PORTS_MAX);
    for (int i = 0; i < 2; i++) {
        const char *name = i ? "rst_ni" : "clk_i";
        const fg_gen_port *r = find(&p, name);
        if (!r || r->out || width_of(r) != 1)
            return fg_set_error(FG_EMISMATCH, "testbench: %s has no 1-bit input %s", top, name);
    }
    int rc = plan(&p, lay);
    if (rc)
        return rc;
    char what[256];
    snprintf(what, sizeof what,
             "Self-checking testbench of %s: replays a vector set of `fecforge vectors` (docs/testbench.md)", top);
    fg_gen_header(f, what, params);
    fg_tpl *t = fg_tpl_new("fg_tb");
    fg_tpl_set(t, "TOP", "tb_%s", top);
    fg_tpl_set(t, "DUT", "%s", top);
    int max_lines = TB_WORDS / (p.cyc_words ? p.cyc_words : 1) / 256 * 256, tables = 0, mems = 0;
    if (max_lines < TB_LINES_MIN)
        max_lines = TB_LINES_MIN;
    const fg_tpl_iv iv[] = {{"MWORDS", TB_WORDS >> 20}, {"LINES_MIN", TB_LINES_MIN}, {"MAX_LINES", max_lines},
                            {"NSTREAMS", p.n}, {"CYC_WORDS", p.cyc_words}, {"TAB_WORDS", p.tab_words ? p.tab_words : 1},
                            {"MEM_WORDS", p.mem_words ? p.mem_words : 1}};
    fg_tpl_ints(t, iv, (int)(sizeof iv / sizeof iv[0]));
    tpl_ports(t, &p);
    for (int i = 0; i < p.n; i++) {
        const tb_stream *ts = &p.st[i];
        fg_tpl_begin(t, "STREAM");
        fg_tpl_set(t, "FILE", "%s", ts->s->name);
        fg_tpl_int(t, "S", i);
        fg_tpl_int(t, "KIND", ts->kind);
        fg_tpl_int(t, "NPORTS", ts->s->n_ports);
        fg_tpl_int(t, "BASE", ts->base);
        fg_tpl_int(t, "BANKS", ts->s->banks);
        if (ts->kind == TB_CYCLES)
            fg_tpl_flag(t, "CYC", 1);
        else
            fg_tpl_int(t, "CAP", ts->cap);
        fg_tpl_end(t);
        if (ts->kind == TB_CYCLES) {
            tpl_cycles(t, &p, i, 0);
            tpl_cycles(t, &p, i, 1);
        } else if (ts->kind == TB_TABLE) {
            tables = 1;
            tpl_table(t, &p, i);
        } else {
            mems = 1;
            tpl_memory(t, &p, i);
        }
    }
    fg_tpl_flag(t, "TABLES", tables);
    fg_tpl_flag(t, "MEMS", mems);
    return fg_tpl_write(t, f);
}
