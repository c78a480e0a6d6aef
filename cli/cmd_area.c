/* fecforge area: hardware cost of a generated design. The design is generated with fecforge_gen
 * into a temporary directory, Yosys synthesizes it to its internal gate library
 * (synth -top TOP -flatten), and the cell statistics (stat -json) are turned into cells,
 * flip-flop bits and gate equivalents with the GE table below (docs/rtl-area.md).
 *
 * Running Yosys and pricing its cells live here, not in fecforge_gen: the library maps parameters
 * to Verilog and never runs external tools; the GE table is a reporting convention of the command. */
#include "cli.h"
#include "cli_ldpc_design.h"
#include "commands.h"
#include "fecforge/error.h"
#include "fecforge/interleaver.h"
#include "fecforge_gen/gen.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *const CMD = "area";

/* ---- gate equivalents ---------------------------------------------------------------------------
 * One GE = the area of a 2-input NAND. Values are the X1 cell areas of the NanGate 45 nm Open Cell
 * Library divided by NAND2_X1 (0.798 um^2), rounded to 1/100; a Yosys cell without a library twin
 * is priced as the cells a library would use for it (docs/rtl-area.md, "Gate equivalents"). Every
 * flip-flop type is one bit after techmap. */
typedef enum { K_COMB, K_FF, K_LATCH } cell_kind;
typedef struct {
    const char *type; /* Yosys internal cell type */
    double ge;
} comb_entry;

static const comb_entry GE_COMB[] = {
    {"$_BUF_", 1.00},    /* BUF_X1 0.798 */
    {"$_NOT_", 0.67},    /* INV_X1 0.532 */
    {"$_NAND_", 1.00},   /* NAND2_X1 0.798 */
    {"$_NOR_", 1.00},    /* NOR2_X1 0.798 */
    {"$_AND_", 1.33},    /* AND2_X1 1.064 */
    {"$_OR_", 1.33},     /* OR2_X1 1.064 */
    {"$_ANDNOT_", 1.33}, /* A & ~B: AND2 with an inverted input (AND2B in most libraries), priced as AND2 */
    {"$_ORNOT_", 1.33},  /* A | ~B: OR2B, priced as OR2 */
    {"$_XOR_", 2.00},    /* XOR2_X1 1.596 */
    {"$_XNOR_", 2.00},   /* XNOR2_X1 1.596 */
    {"$_MUX_", 2.33},    /* MUX2_X1 1.862 */
    {"$_NMUX_", 2.33},   /* inverting MUX2, priced as MUX2 */
    {"$_AOI3_", 1.33},   /* AOI21_X1 1.064 */
    {"$_OAI3_", 1.33},   /* OAI21_X1 1.064 */
    {"$_AOI4_", 1.67},   /* AOI22_X1 1.330 */
    {"$_OAI4_", 1.67},   /* OAI22_X1 1.330 */
};

/* Storage cells, one bit each: $_<family>_<polarity letters>_, e.g. $_DFFE_PP_, $_SDFF_PN0_. A family
 * with an asynchronous reset variant has two more letters there ($_DFF_PN0_, $_DFFE_PP0P_).
 * DFF_X1 4.522 = 5.67 GE; an enable costs a MUX2 in front (+2.33), a synchronous reset an AND2
 * (+1.33); DFFR_X1 (async reset) 5.320 = 6.67, DFFRS_X1 (set and reset) 6.384 = 8.00;
 * DLH_X1 (latch) 2.394 = 3.00. */
typedef struct {
    const char *family;
    int pol;         /* polarity letters of the plain variant */
    double ge;       /* plain variant */
    double ge_async; /* with async reset/set (pol + 2 letters); 0: no such variant */
    cell_kind kind;
} seq_entry;

static const seq_entry GE_SEQ[] = {
    {"DFF", 1, 5.67, 6.67, K_FF},     /* DFF_X1; DFFR_X1 */
    {"DFFE", 2, 8.00, 9.00, K_FF},    /* DFF + MUX2; DFFR + MUX2 */
    {"SDFF", 3, 7.00, 0, K_FF},       /* DFF + AND2 */
    {"SDFFE", 4, 9.33, 0, K_FF},      /* DFF + MUX2 + AND2 */
    {"SDFFCE", 4, 9.33, 0, K_FF},     /* DFF + MUX2 + AND2 */
    {"DFFSR", 3, 8.00, 0, K_FF},      /* DFFRS_X1 */
    {"DFFSRE", 4, 10.33, 0, K_FF},    /* DFFRS + MUX2 */
    {"ALDFF", 2, 8.00, 0, K_FF},      /* async load, priced as DFFRS */
    {"ALDFFE", 3, 10.33, 0, K_FF},    /* + MUX2 */
    {"DLATCH", 1, 3.00, 4.00, K_LATCH}, /* DLH_X1; + reset gate */
    {"DLATCHSR", 3, 4.00, 0, K_LATCH},
    {"SR", 2, 2.00, 0, K_LATCH},      /* two cross-coupled NOR2 */
};

/* GE of one cell of a Yosys internal type; returns 0 and sets *kind, or -1 if the table lacks it. */
static int ge_lookup(const char *type, double *ge, cell_kind *kind)
{
    for (size_t i = 0; i < sizeof GE_COMB / sizeof GE_COMB[0]; i++)
        if (!strcmp(type, GE_COMB[i].type)) {
            *ge = GE_COMB[i].ge;
            *kind = K_COMB;
            return 0;
        }
    if (strncmp(type, "$_", 2))
        return -1;
    const char *fam = type + 2, *sep = strchr(fam, '_');
    const size_t tl = strlen(type);
    if (!sep || tl < 2 || type[tl - 1] != '_' || sep >= type + tl - 1)
        return -1;
    const size_t flen = (size_t)(sep - fam), plen = (size_t)(type + tl - 1 - (sep + 1));
    for (size_t i = 0; i < sizeof GE_SEQ / sizeof GE_SEQ[0]; i++) {
        const seq_entry *e = &GE_SEQ[i];
        if (strlen(e->family) != flen || strncmp(fam, e->family, flen))
            continue;
        *kind = e->kind;
        if (plen == (size_t)e->pol) {
            *ge = e->ge;
            return 0;
        }
        if (e->ge_async > 0 && plen == (size_t)e->pol + 2) {
            *ge = e->ge_async;
            return 0;
        }
    }
    return -1;
}

/* ---- Yosys stat -json reader --------------------------------------------------------------------
 * Reads the "design" object of `stat -json`: num_cells, num_memory_bits and num_cells_by_type.
 * The format is Yosys's own (flat objects of integers and one object of "type": count). */
enum { TYPES_MAX = 256, TYPE_LEN = 160 };
typedef struct {
    long cells, mem_bits;
    int ntypes;
    char type[TYPES_MAX][TYPE_LEN];
    long count[TYPES_MAX];
    char creator[128];
} yosys_stat;

static const char *skip_ws(const char *p)
{
    while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')
        p++;
    return p;
}

/* A JSON string at p (after whitespace) into out; returns the position after it or NULL. */
static const char *json_string(const char *p, char *out, size_t n)
{
    p = skip_ws(p);
    if (*p != '"')
        return NULL;
    size_t k = 0;
    for (p++; *p && *p != '"'; p++) {
        char c = *p;
        if (c == '\\') {
            p++;
            if (!*p)
                return NULL;
            c = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p; /* \" \\ \/ and the rest as themselves */
        }
        if (k + 1 < n)
            out[k++] = c;
    }
    if (*p != '"')
        return NULL;
    out[k] = 0;
    return p + 1;
}

/* The integer value of key (e.g. "num_cells") in the object starting at obj, before its end. */
static int json_key_long(const char *obj, const char *end, const char *key, long *v)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(obj, pat);
    if (!p || p >= end)
        return -1;
    char *e;
    *v = strtol(p + strlen(pat), &e, 10);
    return e == p + strlen(pat) ? -1 : 0;
}

/* End of the {...} object that starts at p ('{'), strings skipped. */
static const char *json_object_end(const char *p)
{
    int depth = 0;
    char tmp[8];
    while (*p) {
        if (*p == '"') {
            p = json_string(p, tmp, sizeof tmp);
            if (!p)
                return NULL;
            continue;
        }
        if (*p == '{')
            depth++;
        else if (*p == '}' && --depth == 0)
            return p;
        p++;
    }
    return NULL;
}

static int stat_parse(const char *text, yosys_stat *s)
{
    memset(s, 0, sizeof *s);
    const char *c = strstr(text, "\"creator\":");
    if (c && !json_string(c + 10, s->creator, sizeof s->creator))
        return -1;
    const char *d = strstr(text, "\"design\":");
    if (!d || !(d = strchr(d, '{')))
        return -1;
    const char *end = json_object_end(d);
    if (!end || json_key_long(d, end, "num_cells", &s->cells) || json_key_long(d, end, "num_memory_bits", &s->mem_bits))
        return -1;
    const char *t = strstr(d, "\"num_cells_by_type\":");
    if (!t || t > end)
        return 0; /* an empty design has no cells */
    const char *p = skip_ws(t + strlen("\"num_cells_by_type\":"));
    if (*p != '{')
        return -1;
    p = skip_ws(p + 1);
    while (*p != '}') {
        if (s->ntypes >= TYPES_MAX)
            return -1;
        p = json_string(p, s->type[s->ntypes], TYPE_LEN);
        if (!p || *(p = skip_ws(p)) != ':')
            return -1;
        char *e;
        s->count[s->ntypes] = strtol(p + 1, &e, 10);
        if (e == p + 1)
            return -1;
        s->ntypes++;
        p = skip_ws(e);
        if (*p == ',')
            p = skip_ws(p + 1);
        else if (*p != '}')
            return -1;
    }
    return 0;
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 14, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n - 1, f);
        if (n + 1 < cap)
            break;
        char *b = realloc(buf, cap *= 2);
        if (!b) {
            free(buf);
            buf = NULL;
        } else {
            buf = b;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

/* ---- running Yosys ------------------------------------------------------------------------------ */

/* The yosys executable: $FG_YOSYS if set, else "yosys" found on PATH. NULL if none. */
static const char *find_yosys(char *buf, size_t n)
{
    const char *env = getenv("FG_YOSYS");
    if (env && *env) {
        snprintf(buf, n, "%s", env);
        return access(buf, X_OK) == 0 ? buf : NULL;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        if (len > 0 && (int)len < (int)n - 7) {
            snprintf(buf, n, "%.*s/yosys", (int)len, path);
            if (access(buf, X_OK) == 0)
                return buf;
        }
        path += len;
        if (*path == ':')
            path++;
    }
    return NULL;
}

/* The pass Yosys is in: the last "Executing X pass" line of its log (for the progress line). */
static void current_pass(const char *log, char *out, size_t n)
{
    out[0] = 0;
    FILE *f = fopen(log, "rb");
    if (!f)
        return;
    char tail[8192];
    long size = (fseek(f, 0, SEEK_END) == 0) ? ftell(f) : 0;
    long from = size > (long)sizeof tail - 1 ? size - (long)sizeof tail + 1 : 0;
    fseek(f, from, SEEK_SET);
    size_t got = fread(tail, 1, sizeof tail - 1, f);
    fclose(f);
    tail[got] = 0;
    const char *p = tail, *last = NULL;
    while ((p = strstr(p, "Executing ")))
        last = p++;
    if (last) {
        last += strlen("Executing ");
        size_t k = strcspn(last, " \n(");
        snprintf(out, n, "%.*s", (int)(k < 40 ? k : 40), last);
    }
}

/* Print the last lines of a file to stderr. */
static void print_tail(const char *path, int lines)
{
    char *t = read_text(path);
    if (!t)
        return;
    size_t n = strlen(t);
    while (n > 0 && t[n - 1] == '\n')
        t[--n] = 0;
    const char *p = t + n;
    int seen = 0;
    while (p > t && seen < lines)
        if (*--p == '\n')
            seen++;
    if (*p == '\n')
        p++;
    fprintf(stderr, "%s\n", p);
    free(t);
}

typedef struct {
    const char *log, *top;
} yosys_tick;

/* Progress while Yosys runs: the seconds and the pass it is in. */
static void on_yosys_tick(void *ctx, double el)
{
    const yosys_tick *t = ctx;
    if (el < 2.0)
        return;
    char pass[48];
    current_pass(t->log, pass, sizeof pass);
    fg_cli_progress_text(0, "fecforge area: yosys synthesizing %s: %.0f s%s%s", t->top, el, pass[0] ? ", " : "", pass);
}

/* Run `yosys -q -l yosys.log -s area.ys` in dir; progress on stderr while it runs. Yosys's stdout is in
 * its log (-l); its ERROR line goes to stderr, kept in yosys.stderr. Returns 0 on success, else prints
 * the failure (with the log's last lines) and returns -1. */
static int run_yosys(const char *yosys, const char *dir, const char *top, double *seconds)
{
    char log[PATH_MAX + 64];
    snprintf(log, sizeof log, "%s/yosys.log", dir);
    const double t0 = fg_cli_now();
    char *argv[] = {(char *)yosys, "-q", "-l", "yosys.log", "-s", "area.ys", NULL};
    yosys_tick tk = {log, top};
    const fg_cli_proc p = {.cwd = dir, .stdout_path = "/dev/null", .stderr_path = "yosys.stderr",
                           .tick = on_yosys_tick, .tick_ctx = &tk};
    const int st = fg_cli_run(argv, &p);
    fg_cli_progress_done();
    *seconds = fg_cli_now() - t0;
    if (st == 0)
        return 0;
    if (st == 127 || st < 0) {
        fg_cli_fail(CMD, "cannot run %s (install the Debian package yosys, or set FG_YOSYS)", yosys);
        return -1;
    }
    if (st > 128)
        fg_cli_fail(CMD, "yosys killed by signal %d on %s; last lines of %s:", st - 128, top, log);
    else
        fg_cli_fail(CMD, "yosys failed (exit %d) on %s; last lines of %s:", st, top, log);
    print_tail(log, 12);
    char err[PATH_MAX + 64];
    snprintf(err, sizeof err, "%s/yosys.stderr", dir);
    print_tail(err, 5);
    return -1;
}

/* ---- one area run -------------------------------------------------------------------------------- */

typedef struct {
    char top[128];
    char yosys_version[128];
    double yosys_s;
    long cells;       /* logic cells (macro instances excluded) */
    long flip_flops;  /* bits */
    long latches;
    long macros;      /* SRAM macro instances (black boxes) */
    long mem_bits;    /* bits of the SRAM macros: not in cells, flip_flops or ge */
    long array_bits;  /* bits of the register arrays (FIFOs, buffers): in flip_flops and ge */
    double ge, ge_comb, ge_seq;
    long unpriced;    /* cells of a type the GE table does not know */
    yosys_stat st;
} area_result;

/* Write area.ys for the design in dir (files.f, top). SRAM models (fg_sram_*) become black boxes. */
static int write_script(const char *dir, const char *top, int *has_macros)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/files.f", dir);
    FILE *in = fopen(path, "r");
    if (!in)
        return fg_cli_fail(CMD, "cannot read %s: %s", path, strerror(errno)), -1;
    snprintf(path, sizeof path, "%s/area.ys", dir);
    FILE *out = fopen(path, "w");
    if (!out) {
        fclose(in);
        return fg_cli_fail(CMD, "cannot write %s: %s", path, strerror(errno)), -1;
    }
    fprintf(out, "# fecforge area %s (git %s): Yosys script\n", fg_version(), fg_git_hash());
    char line[512];
    *has_macros = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        fprintf(out, "read_verilog \"%s\"\n", line);
        if (!strncmp(line, "fg_sram_", 8))
            *has_macros = 1;
    }
    fclose(in);
    /* arrays_all: every memory array; arrays_reg: those left once the SRAM models are black boxes. */
    fprintf(out,
            "hierarchy -check -top %s\n"
            "proc\n"
            "tee -q -o arrays_all.json stat -json -top %s\n",
            top, top);
    if (*has_macros)
        fprintf(out, "blackbox =*fg_sram_*\n");
    fprintf(out,
            "tee -q -o arrays_reg.json stat -json -top %s\n"
            "synth -top %s -flatten\n"
            "tee -q -o stat.json stat -json -top %s\n",
            top, top, top);
    if (fclose(out) != 0)
        return fg_cli_fail(CMD, "cannot write %s", path), -1;
    return 0;
}

static int read_stat(const char *dir, const char *name, yosys_stat *s)
{
    char path[PATH_MAX + 64];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    char *t = read_text(path);
    if (!t)
        return fg_cli_fail(CMD, "yosys wrote no %s", path), -1;
    int rc = stat_parse(t, s);
    free(t);
    if (rc)
        return fg_cli_fail(CMD, "cannot parse %s (yosys stat -json)", path), -1;
    return 0;
}

static int synthesize(const char *yosys, const char *dir, const char *top, area_result *r)
{
    int macros;
    snprintf(r->top, sizeof r->top, "%s", top);
    if (write_script(dir, top, &macros) || run_yosys(yosys, dir, top, &r->yosys_s))
        return -1;
    yosys_stat *all = calloc(1, sizeof *all);
    if (!all)
        return fg_cli_fail(CMD, "out of memory"), -1;
    int rc = read_stat(dir, "arrays_all.json", all) || read_stat(dir, "arrays_reg.json", &r->st);
    const long bits_all = all->mem_bits, bits_reg = r->st.mem_bits;
    free(all);
    if (rc || read_stat(dir, "stat.json", &r->st))
        return -1;
    r->mem_bits = bits_all - bits_reg;
    r->array_bits = bits_reg;
    snprintf(r->yosys_version, sizeof r->yosys_version, "%s", r->st.creator);
    for (int i = 0; i < r->st.ntypes; i++) {
        const char *t = r->st.type[i];
        const long n = r->st.count[i];
        if (t[0] != '$' || strstr(t, "fg_sram_")) { /* a black-box instance: a macro */
            r->macros += n;
            continue;
        }
        r->cells += n;
        double ge1;
        cell_kind kind;
        if (ge_lookup(t, &ge1, &kind)) {
            r->unpriced += n;
            fprintf(stderr, "fecforge %s: warning: %ld cells of type %s have no GE value (not in the GE table)\n", CMD, n,
                    t);
            continue;
        }
        const double ge = ge1 * (double)n;
        r->ge += ge;
        if (kind == K_COMB) {
            r->ge_comb += ge;
        } else {
            r->ge_seq += ge;
            if (kind == K_FF)
                r->flip_flops += n;
            else
                r->latches += n;
        }
    }
    if (r->latches)
        fprintf(stderr, "fecforge %s: warning: %ld latch cells in %s (the design should have none)\n", CMD, r->latches,
                top);
    return 0;
}

/* ---- output ---------------------------------------------------------------------------------------- */

typedef struct {
    const char *key;
    long value;
    const char *text; /* a string value instead, if not NULL */
} param_t;

static void print_json(const char *design, const param_t *par, int npar, const area_result *r, double total_s)
{
    fg_json j;
    fg_json_begin(&j, stdout);
    fg_json_obj_open(&j, NULL);
    fg_json_provenance(&j, -1);
    fg_json_str(&j, "design", design);
    fg_json_obj_open(&j, "parameters");
    for (int i = 0; i < npar; i++) {
        if (par[i].text)
            fg_json_str(&j, par[i].key, par[i].text);
        else
            fg_json_int(&j, par[i].key, par[i].value);
    }
    fg_json_obj_close(&j);
    fg_json_str(&j, "top", r->top);
    fg_json_int(&j, "cells", r->cells);
    fg_json_int(&j, "flip_flops", r->flip_flops);
    fg_json_int(&j, "latches", r->latches);
    fg_json_num(&j, "ge", r->ge);
    fg_json_num(&j, "ge_comb", r->ge_comb);
    fg_json_num(&j, "ge_seq", r->ge_seq);
    fg_json_int(&j, "ge_unpriced_cells", r->unpriced);
    fg_json_int(&j, "array_bits", r->array_bits);
    fg_json_int(&j, "mem_bits", r->mem_bits);
    fg_json_int(&j, "macros", r->macros);
    fg_json_obj_open(&j, "cells_by_type");
    for (int i = 0; i < r->st.ntypes; i++)
        fg_json_int(&j, r->st.type[i], r->st.count[i]);
    fg_json_obj_close(&j);
    fg_json_str(&j, "yosys", r->yosys_version);
    fg_json_str(&j, "yosys_script", "synth -top TOP -flatten; stat (SRAM models fg_sram_* as black boxes)");
    fg_json_num(&j, "yosys_seconds", r->yosys_s);
    fg_json_num(&j, "seconds", total_s);
    fg_json_obj_close(&j);
    fg_json_end(&j);
}

static void print_table(const char *design, const area_result *r, double total_s)
{
    printf("fecforge area %s: %s (%s; synthesis %.1f s, total %.1f s)\n\n", design, r->top, r->yosys_version,
           r->yosys_s, total_s);
    printf("  %-26s %12ld\n", "cells", r->cells);
    printf("  %-26s %12ld  (register arrays: %ld bits)\n", "flip-flops (bits)", r->flip_flops, r->array_bits);
    if (r->latches)
        printf("  %-26s %12ld\n", "latches", r->latches);
    printf("  %-26s %12.1f  (combinational %.1f, sequential %.1f)\n", "gate equivalents (GE)", r->ge, r->ge_comb,
           r->ge_seq);
    printf("  %-26s %12ld  (%ld macro instances; not in cells or GE)\n", "SRAM macro bits", r->mem_bits, r->macros);
    if (r->unpriced)
        printf("  %-26s %12ld\n", "cells without a GE value", r->unpriced);
    printf("\n  %-28s %10s %8s %12s\n", "cell type", "count", "GE/cell", "GE");
    for (int i = 0; i < r->st.ntypes; i++) {
        double ge1;
        cell_kind kind;
        if (!ge_lookup(r->st.type[i], &ge1, &kind))
            printf("  %-28s %10ld %8.2f %12.1f\n", r->st.type[i], r->st.count[i], ge1, ge1 * (double)r->st.count[i]);
        else
            printf("  %-28s %10ld %8s %12s\n", r->st.type[i], r->st.count[i], "-", "-");
    }
}

/* ---- generate, synthesize, report ------------------------------------------------------------------ */

typedef int (*gen_fn)(const void *cfg, const char *dir);

/* Generate the design (gen(cfg, dir)) into --keep DIR or a temporary directory, synthesize it and print
 * the result. The configuration has been checked (usage errors are reported before this). --keep DIR
 * is an RTL output (fecforge/output.h, kind "rtl") with the Yosys files added to its marker. */
static int area_run(const char *design, gen_fn gen, const void *cfg, const char *top, const param_t *par, int npar,
                    const char *keep, int json, double t0)
{
    char yosys[PATH_MAX];
    const char *env = getenv("FG_YOSYS");
    if (!find_yosys(yosys, sizeof yosys))
        return fg_cli_fail(CMD, "yosys not found (%s%s): install the Debian package yosys, or set FG_YOSYS", env && *env ? "FG_YOSYS=" : "searched PATH",
                           env && *env ? env : "");
    if (keep) {
        const int e = fg_outdir_check(keep, "rtl");
        if (e < 0)
            return fg_cli_outdir_error(CMD, "keep", e);
    }
    /* The design goes into --keep DIR, or into a temporary directory removed at the end. */
    fg_tmpdir *td = NULL;
    char dir[PATH_MAX];
    if (keep)
        snprintf(dir, sizeof dir, "%s", keep);
    else if (fg_tmpdir_create("fecforge-area", &td))
        return fg_cli_fail(CMD, "%s", fg_last_error());
    else if (snprintf(dir, sizeof dir, "%s/rtl", fg_tmpdir_path(td)) >= (int)sizeof dir) {
        fg_tmpdir_release(td, 0);
        return fg_cli_fail(CMD, "temporary directory name too long");
    }
    int rc = gen(cfg, dir);
    if (rc) {
        fg_tmpdir_release(td, 0);
        if (rc == FG_EINVAL)
            return fg_cli_usage_error(CMD, "%s: %s", design, fg_last_error());
        return fg_cli_fail(CMD, "%s: %s", design, fg_last_error());
    }
    area_result *r = calloc(1, sizeof *r);
    if (!r) {
        fg_tmpdir_release(td, 0);
        return fg_cli_fail(CMD, "out of memory");
    }
    rc = synthesize(yosys, dir, top, r);
    if (keep && fg_outdir_mark(keep, "rtl"))
        fprintf(stderr, "fecforge %s: warning: %s\n", CMD, fg_last_error());
    fg_tmpdir_release(td, 0);
    if (rc) {
        free(r);
        return fg_cli_stopped() ? 128 + fg_cli_stopped() : FG_EXIT_FAIL;
    }
    const double total = fg_cli_now() - t0;
    if (json)
        print_json(design, par, npar, r, total);
    else
        print_table(design, r, total);
    free(r);
    return FG_EXIT_OK;
}

static int gen_dbcf_cb(const void *cfg, const char *dir) { return fg_gen_dbcf((const fg_gen_dbcf_cfg *)cfg, dir); }
static int gen_iag_cb(const void *cfg, const char *dir) { return fg_gen_iag((const fg_gen_iag_cfg *)cfg, dir); }
static int gen_subsys_cb(const void *cfg, const char *dir)
{
    return fg_gen_subsys((const fg_gen_subsys_cfg *)cfg, dir);
}

static int gen_ldpc_cb(const void *cfg, const char *dir) { return fg_gen_ldpc((const fg_gen_ldpc_cfg *)cfg, dir); }

/* ---- area dbcf -------------------------------------------------------------------------------------- */

static void help(void)
{
    printf("usage: fecforge area dbcf --pllr P --banks M --select S|all --fifo-depth F --buf-depth B --width W\n"
           "                          [--bank-depth D] [--offer dual|head] [--lfsr-seed X] [--json] [--keep DIR]\n"
           "       fecforge area iag --std lte|umts --pllr P [--forward-only] [--json] [--keep DIR]\n"
           "       fecforge area subsystem [--std umts|lte] [--pllr P] [--banks M] [--mapping NAME] [the dbcf\n"
           "                          options] [--json] [--keep DIR]\n"
           "       fecforge area ldpc --codes LIST [--layers K] [--mb N1xN2] [the gen ldpc options] [--json]\n"
           "                          [--keep DIR]\n\n"
           "Hardware cost of a generated design: the design is generated as by `fecforge gen` into a\n"
           "temporary directory, Yosys synthesizes it (synth -top TOP -flatten) and its cell statistics are\n"
           "reported: cells, flip-flop bits, gate equivalents (GE, NAND2 = 1; table in docs/rtl-area.md) and\n"
           "cells by type. Register arrays (FIFOs, buffers) are flip-flops and count in the GE; SRAM models\n"
           "(rtl/lib/fg_sram_*) are black boxes whose bits are reported separately as SRAM macro bits.\n\n"
           "designs:\n"
           "  dbcf   the DBCF write network; options and ranges as `fecforge gen dbcf --help`\n"
           "  iag    the interleaver address generator; options as `fecforge gen iag --help`\n"
           "         (--forward-only: the interleave-only variant, for the unified-IAG overhead)\n"
           "  subsystem  the write path IAG + LLR delay + bank mapper + DBCF; options and defaults as\n"
           "         `fecforge gen subsystem --help` (the bank memories are SRAM macros)\n"
           "  ldpc   the multi-layer MB-serial LDPC decoder for a set of codes; options and defaults as\n"
           "         `fecforge gen ldpc --help` (--codes LIST, --layers K, --mb N1xN2, widths, ...)\n\n"
           "options:\n"
           "  --json       one JSON object on stdout (tool, parameters, top, cells, flip_flops, ge, mem_bits,\n"
           "               cells_by_type, yosys version, seconds)\n"
           "  --keep DIR   keep the generated design, the Yosys script, log and statistics in DIR\n"
           "               (replaced if it holds an earlier output)\n\n"
           "environment: FG_YOSYS = the yosys executable (default: yosys on PATH; Debian package yosys);\n"
           "FG_PROGRESS=1 shows progress on stderr when it is not a terminal.\n\n"
           "example:\n"
           "  fecforge area dbcf --pllr 32 --banks 64 --select 3 --fifo-depth 4 --buf-depth 7 --width 6\n"
           "  fecforge area iag --std umts --pllr 32 --json\n"
           "  fecforge area ldpc --codes wifi-648-1/2 --layers 2 --mb 2x2\n");
}

static int area_dbcf(int argc, char **argv)
{
    enum { O_PLLR = 256, O_BANKS, O_SEL, O_FIFO, O_BUF, O_WIDTH, O_DEPTH, O_OFFER, O_SEED, O_JSON, O_KEEP };
    static const struct option opts[] = {
        {"pllr", required_argument, NULL, O_PLLR},        {"banks", required_argument, NULL, O_BANKS},
        {"select", required_argument, NULL, O_SEL},       {"fifo-depth", required_argument, NULL, O_FIFO},
        {"buf-depth", required_argument, NULL, O_BUF},    {"width", required_argument, NULL, O_WIDTH},
        {"bank-depth", required_argument, NULL, O_DEPTH}, {"offer", required_argument, NULL, O_OFFER},
        {"lfsr-seed", required_argument, NULL, O_SEED},   {"json", no_argument, NULL, O_JSON},
        {"keep", required_argument, NULL, O_KEEP},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const double t0 = fg_cli_now();
    fg_gen_dbcf_cfg g = fg_gen_dbcf_cfg_default();
    fg_dbcf_cfg *cfg = &g.dbcf;
    const char *keep = NULL;
    int json = 0, seen = 0;
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_DBCF, &g, argc, argv, opts, &seen, &json, NULL, &keep, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    if (fg_cli_dbcf_design_required(CMD, "dbcf", seen))
        return FG_EXIT_USAGE;
    if (cfg->pllr >= 1 && cfg->pllr <= FG_PLLR_MAX && cfg->banks >= 1 && !(seen & FG_CLI_OPT_DEPTH))
        g.bank_depth = fg_gen_dbcf_default_bank_depth(cfg->pllr, cfg->banks);
    if (fg_gen_dbcf_check(&g))
        return fg_cli_usage_error(CMD, "dbcf: %s", fg_last_error());

    fg_gen_dbcf_dims d;
    fg_gen_dbcf_dims_of(&g, &d);
    char seed[8];
    snprintf(seed, sizeof seed, "0x%04X", cfg->lfsr_seed);
    const param_t par[] = {
        {"pllr", cfg->pllr, NULL},
        {"banks", cfg->banks, NULL},
        {"select", d.select, NULL},
        {"fifo_depth", cfg->fifo_depth, NULL},
        {"buf_depth", cfg->buf_depth, NULL},
        {"width", g.width, NULL},
        {"bank_depth", g.bank_depth, NULL},
        {"offer", 0, cfg->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual"},
        {"lfsr_seed", 0, seed},
    };
    char top[96];
    fg_gen_dbcf_name(&g, top, sizeof top);
    return area_run("dbcf", gen_dbcf_cb, &g, top, par, (int)(sizeof par / sizeof par[0]), keep, json, t0);
}

/* ---- area iag --------------------------------------------------------------------------------------- */

static int area_iag(int argc, char **argv)
{
    enum { O_STD = 256, O_PLLR, O_FWD, O_JSON, O_KEEP };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},    {"pllr", required_argument, NULL, O_PLLR},
        {"forward-only", no_argument, NULL, O_FWD}, {"json", no_argument, NULL, O_JSON},
        {"keep", required_argument, NULL, O_KEEP},  {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const double t0 = fg_cli_now();
    fg_gen_iag_cfg g = fg_gen_iag_cfg_default();
    const char *keep = NULL;
    int json = 0, seen = 0;
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_IAG, &g, argc, argv, opts, &seen, &json, NULL, &keep, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    if (fg_cli_iag_design_required(CMD, seen))
        return FG_EXIT_USAGE;
    if (fg_gen_iag_check(&g))
        return fg_cli_usage_error(CMD, "iag: %s", fg_last_error());
    const param_t par[] = {
        {"std", 0, fg_std_name(g.std)},
        {"pllr", g.pllr, NULL},
        {"forward_only", g.forward_only, NULL},
    };
    char top[96];
    fg_gen_iag_name(&g, top, sizeof top);
    return area_run("iag", gen_iag_cb, &g, top, par, (int)(sizeof par / sizeof par[0]), keep, json, t0);
}

/* ---- area subsystem ---------------------------------------------------------------------------------- */

static int area_subsys(int argc, char **argv)
{
    enum { O_STD = 256, O_PLLR, O_BANKS, O_MAP, O_SEL, O_FIFO, O_BUF, O_WIDTH, O_DEPTH, O_OFFER, O_SEED, O_JSON, O_KEEP };
    static const struct option opts[] = {
        {"std", required_argument, NULL, O_STD},          {"pllr", required_argument, NULL, O_PLLR},
        {"banks", required_argument, NULL, O_BANKS},      {"mapping", required_argument, NULL, O_MAP},
        {"select", required_argument, NULL, O_SEL},       {"fifo-depth", required_argument, NULL, O_FIFO},
        {"buf-depth", required_argument, NULL, O_BUF},    {"width", required_argument, NULL, O_WIDTH},
        {"bank-depth", required_argument, NULL, O_DEPTH}, {"offer", required_argument, NULL, O_OFFER},
        {"lfsr-seed", required_argument, NULL, O_SEED},   {"json", no_argument, NULL, O_JSON},
        {"keep", required_argument, NULL, O_KEEP},        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    const double t0 = fg_cli_now();
    fg_gen_subsys_cfg g = fg_gen_subsys_cfg_default();
    const char *keep = NULL;
    int json = 0, seen = 0;
    int r = fg_cli_design_parse(CMD, FG_CLI_DESIGN_SUBSYS, &g, argc, argv, opts, &seen, &json, NULL, &keep, help);
    if (r)
        return r == 1 ? FG_EXIT_OK : FG_EXIT_USAGE;
    fg_cli_subsys_design_finish(&g, seen);
    if (fg_gen_subsys_check(&g))
        return fg_cli_usage_error(CMD, "subsystem: %s", fg_last_error());
    const fg_dbcf_cfg *d = &g.dbcf.dbcf;
    char seed[8];
    snprintf(seed, sizeof seed, "0x%04X", d->lfsr_seed);
    const param_t par[] = {
        {"std", 0, fg_std_name(g.std)},
        {"mapping", 0, fg_bank_mapping_name(g.mapping)},
        {"pllr", d->pllr, NULL},
        {"banks", d->banks, NULL},
        {"select", d->select, NULL},
        {"fifo_depth", d->fifo_depth, NULL},
        {"buf_depth", d->buf_depth, NULL},
        {"width", g.dbcf.width, NULL},
        {"bank_depth", g.dbcf.bank_depth, NULL},
        {"offer", 0, d->offer == FG_DBCF_OFFER_HEAD ? "head" : "dual"},
        {"lfsr_seed", 0, seed},
    };
    char top[128];
    fg_gen_subsys_name(&g, top, sizeof top);
    return area_run("subsystem", gen_subsys_cb, &g, top, par, (int)(sizeof par / sizeof par[0]), keep, json, t0);
}

/* ---- area ldpc ---------------------------------------------------------------------------------------- */

static int area_ldpc(int argc, char **argv)
{
    enum { O_JSON = 256, O_KEEP, O_DESIGN };
    static const struct option opts[] = {FG_CLI_LDPC_DESIGN_OPTIONS(O_DESIGN),
                                         {"json", no_argument, NULL, O_JSON},
                                         {"keep", required_argument, NULL, O_KEEP},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    const double t0 = fg_cli_now();
    fg_cli_ldpc_design d;
    fg_cli_ldpc_design_init(&d);
    const char *keep = NULL;
    int json = 0, c, idx = -1, rc = 0;
    optind = 1;
    while (!rc && (c = getopt_long(argc, argv, "h", opts, &idx)) != -1) {
        const char *name = idx >= 0 ? opts[idx].name : "";
        idx = -1;
        if (c == 'h') {
            help();
            fg_cli_ldpc_design_free(&d);
            return FG_EXIT_OK;
        }
        if (c == O_JSON)
            json = 1;
        else if (c == O_KEEP)
            keep = optarg;
        else if (c < O_DESIGN || c >= O_DESIGN + FG_CLI_LDPC_DESIGN_NOPTS ||
                 fg_cli_ldpc_design_option(CMD, name, optarg, &d) <= 0)
            rc = FG_EXIT_USAGE; /* printed by getopt or the parser */
    }
    if (!rc && optind < argc)
        rc = fg_cli_usage_error(CMD, "unexpected argument '%s'", argv[optind]);
    if (!rc)
        rc = fg_cli_ldpc_design_finish(CMD, &d);
    if (!rc) {
        const fg_ldpc_arch_cfg *a = &d.gen.arch;
        const fg_ldpc_fixed_cfg *fx = &a->fx;
        fg_gen_ldpc_dims dims;
        if (fg_gen_ldpc_dims_of(&d.gen, &dims))
            memset(&dims, 0, sizeof dims);
        char mb[32], scale[32];
        snprintf(mb, sizeof mb, "%dx%d", a->mb_rows, a->mb_cols);
        snprintf(scale, sizeof scale, "%d/%d", fx->scale_num, 1 << fx->scale_shift);
        const param_t par[] = {
            {"codes", 0, d.codes_text},
            {"n_codes", d.gen.n_codes, NULL},
            {"zmax", dims.zmax, NULL},
            {"layers", fx->layers, NULL},
            {"macroblock", 0, mb},
            {"mb_order", 0, a->mb_order == FG_LDPC_ARCH_ORDER_HAZARD ? "hazard" : "ltr"},
            {"reordered", d.reorder, NULL},
            {"max_iter", fx->max_iter, NULL},
            {"llr_width", fx->llr_width, NULL},
            {"llr_frac", fx->llr_frac, NULL},
            {"r_width", fx->r_width, NULL},
            {"app_width", fx->app_width, NULL},
            {"in_shift", fx->in_shift, NULL},
            {"scale", 0, scale},
            {"scale_round", fx->scale_round, NULL},
            {"r_sat_late", fx->r_sat_late, NULL},
            {"app_keep", fx->app_keep, NULL},
        };
        char top[128];
        fg_gen_ldpc_name(&d.gen, top, sizeof top);
        rc = area_run("ldpc", gen_ldpc_cb, &d.gen, top, par, (int)(sizeof par / sizeof par[0]), keep, json, t0);
    }
    fg_cli_ldpc_design_free(&d);
    return rc;
}

int fg_cmd_area(int argc, char **argv)
{
    if (argc < 2)
        return fg_cli_usage_error(CMD, "a design is required: dbcf, iag, subsystem, ldpc (see fecforge area --help)");
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        help();
        return FG_EXIT_OK;
    }
    if (!strcmp(argv[1], "dbcf"))
        return area_dbcf(argc - 1, argv + 1);
    if (!strcmp(argv[1], "iag"))
        return area_iag(argc - 1, argv + 1);
    if (!strcmp(argv[1], "subsystem"))
        return area_subsys(argc - 1, argv + 1);
    if (!strcmp(argv[1], "ldpc"))
        return area_ldpc(argc - 1, argv + 1);
    return fg_cli_usage_error(CMD, "design '%s' unknown: valid are dbcf, iag, subsystem, ldpc", argv[1]);
}
