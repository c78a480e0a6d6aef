/* The Yosys driver (cli_yosys.c): synthesis of a generated design and its cell statistics. */
#ifndef FG_CLI_YOSYS_H
#define FG_CLI_YOSYS_H

#include <stddef.h>

enum { FG_CLI_YOSYS_TYPES_MAX = 256, FG_CLI_YOSYS_TYPE_LEN = 160 };

/* `stat -json` of Yosys: the design's cells, memory bits and cells by type, and the creator line. */
typedef struct {
    long cells, mem_bits;
    int ntypes;
    char type[FG_CLI_YOSYS_TYPES_MAX][FG_CLI_YOSYS_TYPE_LEN];
    long count[FG_CLI_YOSYS_TYPES_MAX];
    char creator[128];
} fg_cli_yosys_stat;

/* One synthesized module of a hierarchical run: its Yosys name and its own cells (submodule instances
 * among them under the submodule's name), and how many instances the design holds. */
typedef struct {
    char name[FG_CLI_YOSYS_TYPE_LEN];
    long instances;
    fg_cli_yosys_stat st;
} fg_cli_yosys_module;

/* An SRAM model (fg_sram_*) of the design under the name its instances' cell type has, and its bits (before it
 * became a black box). */
typedef struct {
    char name[FG_CLI_YOSYS_TYPE_LEN];
    long bits;
} fg_cli_yosys_sram;

typedef struct {
    char version[128];  /* Yosys's creator line */
    double seconds;
    int flatten;        /* 1: synth -flatten (one netlist); 0: every distinct module synthesized once */
    long mem_bits_all;  /* memory bits of every array, before the SRAM models (fg_sram_*) are black boxes */
    long mem_bits_reg;  /* those left after: register arrays (FIFOs, buffers) */
    fg_cli_yosys_stat st; /* after synth: the whole design (every instance counted) */
    int nmodules;       /* hierarchical runs: the synthesized modules, top first (the top alone when flat) */
    fg_cli_yosys_module *modules;
    int nsram;          /* hierarchical runs: the SRAM models the modules instantiate (cells of these types) */
    fg_cli_yosys_sram *sram;
} fg_cli_yosys_result;

/* The yosys executable: $FG_YOSYS if set, else yosys on PATH; NULL if none. */
const char *fg_cli_yosys_find(char *buf, size_t n);
/* Write DIR/area.ys for the design in DIR (files.f, TOP; SRAM models as black boxes), run yosys (the
 * executable) there (progress on stderr; its log DIR/yosys.log) and read its statistics. flatten: synth
 * -flatten, else hierarchical (synth without -flatten: each distinct module, i.e. each module and
 * parameter set, is synthesized once and the totals count every instance). 0, or an exit code after
 * printing the failure (with the log's last lines). fg_cli_yosys_free releases r->modules. */
int fg_cli_yosys(const char *cmd, const char *yosys, const char *dir, const char *top, int flatten,
                 fg_cli_yosys_result *r);
void fg_cli_yosys_free(fg_cli_yosys_result *r);

#endif
