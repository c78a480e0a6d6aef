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

typedef struct {
    char version[128];  /* Yosys's creator line */
    double seconds;
    long mem_bits_all;  /* memory bits of every array, before the SRAM models (fg_sram_*) are black boxes */
    long mem_bits_reg;  /* those left after: register arrays (FIFOs, buffers) */
    fg_cli_yosys_stat st; /* after synth -top TOP -flatten */
} fg_cli_yosys_result;

/* The yosys executable: $FG_YOSYS if set, else yosys on PATH; NULL if none. */
const char *fg_cli_yosys_find(char *buf, size_t n);
/* Write DIR/area.ys for the design in DIR (files.f, TOP; SRAM models as black boxes), run yosys (the
 * executable) there (progress on stderr; its log DIR/yosys.log) and read its statistics. 0, or an
 * exit code after printing the failure (with the log's last lines). */
int fg_cli_yosys(const char *cmd, const char *yosys, const char *dir, const char *top, fg_cli_yosys_result *r);

#endif
