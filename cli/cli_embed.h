/* Files compiled into the fecforge command (cli/CMakeLists.txt embeds them at build time). */
#ifndef FG_CLI_EMBED_H
#define FG_CLI_EMBED_H

typedef struct {
    const char *name; /* path under testbench/, e.g. "vecsim/tb_vectors.cpp" */
    const char *text;
} fg_cli_embedded;

/* The harness sources `fecforge verify` builds around a design: testbench/vecsim (generic vector
 * harness) and testbench/systemc (SystemC co-simulation); terminated by {0, 0}. */
extern const fg_cli_embedded fg_cli_tb_sources[];

#endif
